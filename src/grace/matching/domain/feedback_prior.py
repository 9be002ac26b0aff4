"""Learning from feedback (seed 003 stage 3 step 4, issue 16 item 4; decision 0022).

What the organiser kept or corrected on past requests with the same hard filters and a
near-identical request (cosine of the request vectors ≥ :data:`MIN_SIMILARITY`) is a prior on
the next one: stage 3 shows it to the LLM, and the deterministic ranker moves a kept member up
at most :data:`MAX_UP` places and a corrected one down at most :data:`MAX_DOWN` places among
the finalists of stage 2 — never in nor out of them. Each verdict weighs
``0.5 ** (age_days / HALF_LIFE_DAYS)`` (its request's age), ``+`` when kept and ``−`` when
corrected; a member's weights are summed (only the latest verdict per past search counts), and
a net weight ``w`` moves it ``round(cap × min(1, |w|))`` places. Without feedback the order is
unchanged (:func:`reorder` is then the identity).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Final, TypeVar

from grace.matching.domain.history import (
    CorrectionReason,
    SimilarRequest,
    Verdict,
)

MIN_SIMILARITY: Final = 0.98
"""Cosine of the request vectors from which a past request's verdicts count: the reuse
threshold (decision 0009, ``benchmarks/matching_reuse.py``: with the same hard filters, e5 gives
paraphrases 0.969–0.997 and different requests 0.936–0.980), i.e. near-identical requests; a
verdict on another request says nothing of this one. Opposed requests (« sans alcool ») are
left out before (:func:`~grace.matching.domain.reuse.opposition`)."""
HALF_LIFE_DAYS: Final = 180.0
"""A verdict's weight halves every 180 days (a season of festivals: venues change hands,
prices and programmes; a year-old keep is worth a quarter of a fresh one)."""
MAX_UP: Final = 4
"""A kept member moves up at most 4 places: one group of seed 003's answer (4 recommended, 4
compatible), so a compatible pick kept last time can become recommended, and a finalist just
behind the shortlist can enter it — never from the bottom of the 30 to the top."""
MAX_DOWN: Final = 8
"""A corrected member moves down at most 8 places: the whole shortlist (4 + 4), so the
first recommended member corrected last time leaves the shortlist. A correction is the stronger
signal (the organiser acted on it; a keep may only mean « good enough among the eight shown »)."""

REASON_LABELS_FR: Final[dict[CorrectionReason, str]] = {
    "wrong_place": "mauvais endroit", "wrong_theme": "mauvais thème",
    "too_small": "trop petit", "too_expensive": "trop cher", "other": "autre raison",
}
"""The organiser page's labels of :data:`~grace.matching.domain.history.REASONS`."""

T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class PastVerdict:
    """The organiser's latest verdict on one member for one past similar request.

    Attributes:
        search_id: the past search (32 hex).
        verdict: ``kept`` or ``corrected``.
        at: when the past request was made (UTC): its age decays the weight.
        description: the past request's description (shown to the LLM).
        similarity: cosine of the two request vectors (≥ :data:`MIN_SIMILARITY`).
        weight: ``0.5 ** (age_days / HALF_LIFE_DAYS)``, in (0, 1].
        reason: why it was corrected (``None``: kept, or not said).
    """

    search_id: str
    verdict: Verdict
    at: datetime
    description: str
    similarity: float
    weight: float
    reason: CorrectionReason | None = None


@dataclass(frozen=True, slots=True)
class MemberFeedback:
    """What past similar requests say of one member: its verdicts, newest first."""

    verdicts: tuple[PastVerdict, ...]

    @property
    def latest(self) -> PastVerdict:
        return self.verdicts[0]

    @property
    def weight(self) -> float:
        """Net weight: kept verdicts' weights minus corrected ones'."""
        return sum(v.weight if v.verdict == "kept" else -v.weight for v in self.verdicts)

    @property
    def shift(self) -> int:
        """Places to move: positive up (≤ :data:`MAX_UP`), negative down (≤ :data:`MAX_DOWN`)."""
        w = self.weight
        if w > 0:
            return round(MAX_UP * min(1.0, w))
        return -round(MAX_DOWN * min(1.0, -w))


def verdict_weight(at: datetime, now: datetime) -> float:
    """``0.5 ** (age_days / HALF_LIFE_DAYS)`` of a request made at ``at`` (both aware UTC); a
    date in the future (clock skew) counts as now (weight 1)."""
    age_days = max(0.0, (now - at).total_seconds() / 86400.0)
    return float(0.5 ** (age_days / HALF_LIFE_DAYS))


def member_feedback(similar: Sequence[SimilarRequest], now: datetime
                    ) -> dict[str, MemberFeedback]:
    """The verdicts of the past requests in ``similar`` (same hard filters, already cleared of
    opposed ones) with cosine ≥ :data:`MIN_SIMILARITY`, grouped by member code; each request's
    latest verdict per member only (``SimilarRequest.verdicts``)."""
    by_code: dict[str, list[PastVerdict]] = {}
    for s in similar:
        if s.similarity < MIN_SIMILARITY:
            continue
        weight = verdict_weight(s.at, now)
        for fb in s.verdicts:
            by_code.setdefault(fb.code, []).append(PastVerdict(
                s.search_id, fb.verdict, s.at, s.description, s.similarity, weight,
                fb.reason if fb.verdict == "corrected" else None))
    return {code: MemberFeedback(tuple(sorted(vs, key=lambda v: (v.at, v.search_id),
                                              reverse=True)))
            for code, vs in by_code.items()}


def reorder(items: Sequence[T], shifts: Sequence[int]) -> list[T]:
    """``items`` (best first) with item ``i`` moved ``shifts[i]`` places (positive: up).

    Each item is sorted by ``i - shifts[i]``; on a tie a member moving up goes before the
    unmoved one already there and a member moving down after it, so that a lone mover moves by
    exactly its shift (clamped at the ends). Unmoved items keep their relative order; a mover
    passes at most ``|shift|`` unmoved items.

    Raises:
        ValueError: ``shifts`` is not as long as ``items``.
    """
    if len(shifts) != len(items):
        raise ValueError(f"{len(shifts)} shifts for {len(items)} items")
    order = sorted(range(len(items)), key=lambda i: (i - shifts[i], -1 if shifts[i] > 0 else
                                                     1 if shifts[i] < 0 else 0, i))
    return [items[i] for i in order]


def _fr_date(d: datetime) -> str:
    return d.strftime("%d/%m/%Y")


def verdict_fact(fb: MemberFeedback) -> str:
    """The latest verdict as a fact of the deterministic explanation: « retenu pour une demande
    semblable le 12/03/2026 », « écarté pour une demande semblable le 02/02/2026 (trop
    petit) »."""
    v = fb.latest
    if v.verdict == "kept":
        return f"retenu pour une demande semblable le {_fr_date(v.at)}"
    why = f" ({REASON_LABELS_FR[v.reason]})" if v.reason is not None else ""
    return f"écarté pour une demande semblable le {_fr_date(v.at)}{why}"


def verdict_line(code: str, name: str, fb: MemberFeedback) -> str:
    """One line of the LLM prompt's feedback section: every verdict of the member, newest
    first (« #102 (Jazz à Vannes) : retenu le 12/03/2026 pour « festival de jazz… »
    (similarité 0.99) »)."""
    said = []
    for v in fb.verdicts:
        what = "retenu" if v.verdict == "kept" else "écarté"
        if v.reason is not None:
            what += f" ({REASON_LABELS_FR[v.reason]})"
        said.append(f"{what} le {_fr_date(v.at)} pour « {v.description[:160]} » "
                    f"(similarité {v.similarity:.2f})")
    return f"- {code} ({name}) : " + " ; ".join(said)
