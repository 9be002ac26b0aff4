"""Error of the token counters against the real o200k_base tokenizer (decision 0002).

Run:  .venv/bin/python benchmarks/token_counting.py [FOLDER ...]
Default folders: the bundled example catalog and ../shared/data/rule-catalogs.
Prints, per corpus, the mean and 95th-percentile relative error of each counter against
o200k_base, and the cl100k_base/o200k_base ratio.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

import numpy as np

from grace.bootstrap import bundled_catalog
from grace.resolution.adapters.token_counters import BpeTokenCounter, HeuristicTokenCounter

ROOT = Path(__file__).resolve().parents[1]


def texts(folder: Path) -> list[str]:
    out = []
    for path in sorted(folder.rglob("*.md")) + sorted(folder.rglob("*.mdc")):
        text = path.read_text(encoding="utf-8", errors="replace")
        if text.strip():
            out.append(text)
    return out


def main() -> None:
    folders = [Path(a) for a in sys.argv[1:]] or [
        bundled_catalog(), ROOT.parent / "shared" / "data" / "rule-catalogs"
    ]
    ref, cl100k, heur = BpeTokenCounter("o200k_base"), BpeTokenCounter("cl100k_base"), \
        HeuristicTokenCounter()
    for folder in folders:
        docs = texts(folder)
        t0 = time.perf_counter()
        truth = np.array([ref.count(t) for t in docs], dtype=float)
        ms = (time.perf_counter() - t0) * 1000
        for counter in (heur, cl100k):
            est = np.array([counter.count(t) for t in docs], dtype=float)
            rel = (est - truth) / np.maximum(truth, 1)
            print(
                f"{folder.name:>15}: {len(docs):4d} docs, {int(truth.sum()):>9,} o200k tokens | "
                f"{counter.name:<20} mean error {rel.mean():+6.1%}, "
                f"mean |error| {np.abs(rel).mean():5.1%}, p95 |error| "
                f"{np.percentile(np.abs(rel), 95):5.1%}"
            )
        print(f"{'':>15}  o200k_base counted {len(docs)} docs in {ms:.0f} ms")
    print("reproduce: .venv/bin/python benchmarks/token_counting.py")


if __name__ == "__main__":
    main()
