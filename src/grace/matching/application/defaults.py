"""Default parameters of the matching use cases, in a module of their own that imports nothing,
so that :mod:`grace.config` reads them without loading the use cases (numpy, the stores:
decision 0019). :mod:`~grace.matching.application.search` and
:mod:`~grace.matching.application.match` use them under the same names."""

from __future__ import annotations

from typing import Final

TOP_K: Final = 50
"""Stage 2 keeps the 50 closest members by cosine (seed 003: ``LIMIT 50``)."""
BROAD_LIMIT: Final = 500
"""A zone whose stage 1 keeps more members than this is too broad: keep the 500 closest to the
zone's centre (seed 003, « Demande très large »)."""
FINALISTS: Final = 30
"""Stage 2 members sent to stage 3 (seed 003's prompt: 30; 20–50)."""
REUSE_SIMILARITY: Final = 0.98
"""Cosine from which a past request with the same hard filters is offered for reuse (measured
by ``benchmarks/matching_reuse.py``, decision 0009)."""
