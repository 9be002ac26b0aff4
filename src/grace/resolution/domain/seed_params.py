"""Seed 000's relevance parameters, in a module of their own that imports nothing, so that
:mod:`grace.config` reads them without loading the selector's numpy (decision 0019).
:mod:`~grace.resolution.domain.relevance` uses them under the same names."""

from __future__ import annotations

from typing import Final

FLOOR: Final = 0.18
"""Seed 000: out-of-domain gate on the best centred cosine."""
BETA: Final = 0.12
"""Seed 000: weight of each shared stem."""
MARGIN: Final = 0.15
"""Seed 000: keep scores within this distance of the top score."""
BUDGET: Final = 2000
"""Seed 000: token cap of the kept set (tokens)."""
