"""Default parameters of the learnings use cases, in a module of their own that imports nothing,
so that :mod:`grace.config` reads them without loading the use cases (numpy, BM25: decision
0019). :mod:`~grace.learnings.application.add` and :mod:`~grace.learnings.application.search`
use them under the same names."""

from __future__ import annotations

from typing import Final

NEAR_DUPLICATE: Final = 0.95
"""Default cosine above which an existing entry is reported as a near duplicate (e5: decision
0007 — paraphrases score ≥ 0.95, unrelated learnings of one project 0.80–0.90)."""

THRESHOLD: Final = 0
"""Active entries at or below which grep on tags answers. Seed 002 says 200 (semantic search
did not exist yet); decision 0014 measured the index above grep at 30, 100 and 200 entries, so
the index answers whenever it is usable. ``GRACE_LEARNINGS_THRESHOLD=200`` restores the seed."""
