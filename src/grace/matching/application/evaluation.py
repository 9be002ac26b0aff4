"""Evaluation of matching on a labelled request set (issue 16 item 1): relevant@8, nDCG@8 and
hard-filter exactness of the product, with bare-e5 and BM25 baselines in the same run.

Labels (``eval/matching/README.md``): one JSON object per line, ``id``, ``kind``, ``request``
(the fields of a ``--request`` file), ``relevant`` (member codes, grade 2) and ``possible``
(grade 1), derived from the festivals CSV by a fixed rule (``eval/matching/build_labels.py``).

Systems, each shown the same stage 1 survivors (hard filters, then the broad zone rule):

* ``product``: the whole pipeline (:class:`~grace.matching.application.match.MatchMembers`,
  stages 1–3): its 4 recommended then 4 compatible;
* ``e5``: bare cosine between the e5 query vector of the organiser's words (description and
  extra, nothing added) and the members' stored passage vectors, top 8;
* ``bm25``: BM25 (French Snowball stems, :mod:`grace.lexical`) of the same words over the
  survivors' embedded texts (:func:`~grace.matching.domain.texts.member_text`), top 8;
* ``perfect``: the labels' best order over the survivors (the ceiling).

Metrics, per request then averaged over the *themed* requests (every kind but ``explicit`` and
``out-of-theme``):

* relevant@8: grade-2 members among the 8 shown, divided by 8 (the issue's measure);
* nDCG@8: grades as gains (2, 1), log2 discount (Järvelin & Kekäläinen, TOIS 2002), ideal
  order from the survivors; requests with no labelled survivor are left out of the mean;
* latency: each system's wall time per request (the product's whole pipeline, the e5 query
  embedding included), and its ranking alone (product: stages 1–2 without the embedding);
* hard-filter exactness (product, every request): stage 1 returns exactly the members that
  :func:`~grace.matching.domain.filters.passes` keeps among all members, every suggestion is
  one of them, and an ``explicit`` request is served exactly its named members that exist.
"""

from __future__ import annotations

import json
import math
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Final

import numpy as np

from grace.embedding.ports import TextEmbedder
from grace.errors import GraceError, MemberValidationError
from grace.lexical import Bm25Scorer
from grace.matching.application.match import MatchMembers
from grace.matching.application.request_schema import request_from_document
from grace.matching.application.search import SearchMembers
from grace.matching.domain.filters import HardFilter, passes
from grace.matching.domain.history import explicit_codes
from grace.matching.domain.model import EventRequest, Member
from grace.matching.domain.ports import MemberRepository
from grace.matching.domain.texts import member_text
from grace.text import label_lines

SHOWN: Final = 8
"""Members a request's answer shows: seed 003's 4 recommended + 4 compatible."""
SYSTEMS: Final = ("product", "e5", "bm25", "perfect")
UNRANKED_KINDS: Final = frozenset({"explicit", "out-of-theme"})
"""Kinds checked for exactness only (no labelled member to rank)."""
MAX_LABEL_LINES: Final = 10_000


class MatchingLabelError(GraceError):
    """A matching label file line is not a valid labelled request."""


@dataclass(frozen=True, slots=True)
class LabelledRequest:
    """One line of a matching label file (grade 2: ``relevant``; grade 1: ``possible``)."""

    id: str
    kind: str
    request: EventRequest
    relevant: frozenset[str]
    possible: frozenset[str] = frozenset()

    def grade(self, code: str) -> int:
        return 2 if code in self.relevant else 1 if code in self.possible else 0

    @property
    def ranked(self) -> bool:
        """Whether the request counts in relevant@8 / nDCG@8."""
        return self.kind not in UNRANKED_KINDS


def read_request_labels(path: Path) -> list[LabelledRequest]:
    """Parse a JSONL label file (blank lines and ``#`` lines ignored).

    Raises:
        MatchingLabelError: unreadable file, a line that is not a labelled request (line
            number named), a repeated id, or no request at all.
    """
    out: list[LabelledRequest] = []
    seen: set[str] = set()
    for number, line in label_lines(path, max_lines=MAX_LABEL_LINES, error=MatchingLabelError):
        where = f"{path}:{number}"
        try:
            raw = json.loads(line)
            if not isinstance(raw, dict):
                raise TypeError("not a JSON object")
            rid, kind = str(raw["id"]), str(raw.get("kind", ""))
            request = request_from_document(raw["request"], where=f"{where}: request")
            relevant = frozenset(str(c) for c in raw.get("relevant", []))
            possible = frozenset(str(c) for c in raw.get("possible", []))
        except MemberValidationError as exc:
            raise MatchingLabelError(str(exc)) from None
        except (ValueError, TypeError, KeyError) as exc:
            raise MatchingLabelError(f"{where}: not a labelled request ({exc!r})") from None
        if rid in seen:
            raise MatchingLabelError(f"{where}: id {rid!r} appears twice")
        seen.add(rid)
        out.append(LabelledRequest(rid, kind, request, relevant, possible))
    if not out:
        raise MatchingLabelError(f"{path}: no labelled request")
    return out


def relevant_at(shown: Sequence[str], label: LabelledRequest, k: int = SHOWN) -> float:
    """Grade-2 members among the first ``k`` shown, divided by ``k``."""
    return sum(1 for c in shown[:k] if c in label.relevant) / k


def ndcg_at(shown: Sequence[str], label: LabelledRequest, pool: Sequence[str],
            k: int = SHOWN) -> float | None:
    """nDCG@k with grades as gains; the ideal order is the best ``k`` grades of ``pool`` (the
    survivors). ``None`` when no member of ``pool`` is labelled."""
    ideal = sorted((label.grade(c) for c in pool), reverse=True)[:k]
    idcg = sum(g / math.log2(i + 2) for i, g in enumerate(ideal))
    if idcg == 0:
        return None
    dcg = sum(label.grade(c) / math.log2(i + 2) for i, c in enumerate(shown[:k]))
    return dcg / idcg


@dataclass(frozen=True, slots=True)
class Outcome:
    """One system on one request: the codes shown, the metrics (``None``: not measured) and
    the wall time (ms) of producing the answer."""

    id: str
    kind: str
    shown: tuple[str, ...]
    relevant8: float | None
    ndcg8: float | None
    exact: bool | None
    ms: float
    note: str = ""
    ranking_ms: float | None = None
    """Product: stages 1–2 without the request's embedding (from the funnel); baselines: their
    ranking without the embedding."""


@dataclass(frozen=True, slots=True)
class SystemReport:
    """A system over the whole set: means over the themed requests (``ranked``), exactness
    over every request it was checked on, latency percentiles (ms)."""

    system: str
    ranked: int
    relevant8: float
    ndcg8: float
    exactness: float | None
    p50_ms: float
    p95_ms: float
    outcomes: tuple[Outcome, ...] = field(default=())
    ranking_p50_ms: float = math.nan
    ranking_p95_ms: float = math.nan


@dataclass(frozen=True, slots=True)
class MatchingEvalReport:
    """Every system on the same requests in the same run."""

    labels: str
    requests: int
    ranked: int
    members: int
    systems: tuple[SystemReport, ...]


@dataclass(frozen=True, slots=True)
class _Pool:
    """Stage 1 of one request: the criteria, the survivors (after the broad zone rule) and
    whether stage 1 matched the oracle."""

    criteria: HardFilter | None
    ids: list[int]
    exact: bool


class EvaluateMatching:
    """``grace eval matching``: run the product and the baselines on a labelled set.

    Args:
        match: the pipeline to judge (its search log should be a throwaway one).
        search: stages 1–2 (criteria, broad zone rule) of that pipeline.
        repo: the member store the pipeline reads.
        embedder: the e5 embedder of the members' stored vectors (baseline ``e5``).
        clock: monotonic seconds.
    """

    def __init__(self, match: MatchMembers, search: SearchMembers, repo: MemberRepository,
                 embedder: TextEmbedder, *,
                 clock: Callable[[], float] = time.perf_counter) -> None:
        self._match, self._search, self._repo = match, search, repo
        self._embedder, self._clock = embedder, clock
        self._universe: dict[int, Member] | None = None
        self._texts: dict[int, str] = {}

    def _all(self) -> dict[int, Member]:
        """Every active member (the oracle's universe), read once."""
        if self._universe is None:
            self._universe = self._repo.summaries(self._repo.stage1(HardFilter()))
        return self._universe

    def _pool(self, request: EventRequest) -> _Pool:
        """Stage 1 through the store, checked against :func:`passes` over every member."""
        criteria = self._search.criteria(request)
        ids = self._repo.stage1(criteria)
        members = self._all()
        days = self._repo.availability(list(members), criteria.dates) if criteria.dates else {}
        oracle = sorted(i for i, m in members.items()
                        if passes(m, days.get(i, {}), criteria))
        exact = ids == oracle
        if criteria.zone is not None:
            ids, _ = self._search.narrow(ids, criteria.zone)
        return _Pool(criteria, ids, exact)

    def __call__(self, labels: Sequence[LabelledRequest], *, name: str = "labels",
                 on_progress: Callable[[int, int], None] | None = None
                 ) -> MatchingEvalReport:
        """Run every system on every request (same survivors), then average.

        Raises:
            ZoneError: a request's zone is not understood. MemberStoreError: the store fails.
        """
        results: dict[str, list[Outcome]] = {s: [] for s in SYSTEMS}
        for n, label in enumerate(labels, 1):
            for system, outcome in self._one(label).items():
                results[system].append(outcome)
            if on_progress is not None:
                on_progress(n, len(labels))
        reports = tuple(_summary(s, results[s]) for s in SYSTEMS)
        return MatchingEvalReport(name, len(labels), sum(1 for x in labels if x.ranked),
                                  len(self._all()), reports)

    def _one(self, label: LabelledRequest) -> dict[str, Outcome]:
        t0 = self._clock()
        result = self._match(label.request)
        product_ms = (self._clock() - t0) * 1000
        shown = tuple(s.code for s in (*result.recommended, *result.compatible))
        out: dict[str, Outcome] = {}
        if result.mode == "explicit":
            req = label.request
            named = list(dict.fromkeys((*req.codes,
                                        *explicit_codes(f"{req.description} {req.extra}"))))
            known = self._repo.ids_for(named)
            exact = list(shown) == [c for c in named if c in known]
            for system in SYSTEMS:
                out[system] = Outcome(label.id, label.kind, shown if system == "product" else (),
                                      None, None, exact if system == "product" else None,
                                      product_ms if system == "product" else 0.0, "explicit")
            return out
        pool = self._pool(label.request)
        survivors = self._repo.summaries(pool.ids)
        codes = {i: survivors[i].code for i in pool.ids}
        allowed = set(codes.values())
        exact = pool.exact and all(c in allowed for c in shown)
        pool_codes = [codes[i] for i in pool.ids]
        ranking = sum(f.ms for f in result.funnel if f.stage.startswith(("stage 1", "stage 2",
                                                                           "broad zone")))
        out["product"] = self._outcome(label, shown, pool_codes, exact, product_ms, ranking)
        words = " ".join(x for x in (label.request.description, label.request.extra) if x)
        t1 = self._clock()
        query = np.asarray(self._embedder.embed([words], kind="query")[0], dtype=np.float32)
        t_rank = self._clock()
        ranked = self._repo.rank(query, pool.ids, k=SHOWN, model_key=self._embedder.identity.key)
        e5 = tuple(codes[r.member_id] for r in ranked)
        done = self._clock()
        out["e5"] = self._outcome(label, e5, pool_codes, None, (done - t1) * 1000,
                                  (done - t_rank) * 1000)
        t2 = self._clock()
        docs = [self._text(i, survivors[i]) for i in pool.ids]
        scores = Bm25Scorer(docs).scores(words)
        order = sorted(range(len(pool.ids)), key=lambda j: (-scores[j], pool.ids[j]))
        bm25 = tuple(codes[pool.ids[j]] for j in order[:SHOWN])
        bm25_ms = (self._clock() - t2) * 1000
        out["bm25"] = self._outcome(label, bm25, pool_codes, None, bm25_ms, bm25_ms)
        best = sorted(pool.ids, key=lambda i: (-label.grade(codes[i]), i))[:SHOWN]
        out["perfect"] = self._outcome(label, tuple(codes[i] for i in best), pool_codes, None,
                                       0.0)
        return out

    def _text(self, member_id: int, member: Member) -> str:
        if member_id not in self._texts:
            self._texts[member_id] = member_text(member)
        return self._texts[member_id]

    @staticmethod
    def _outcome(label: LabelledRequest, shown: tuple[str, ...], pool: Sequence[str],
                 exact: bool | None, ms: float, ranking_ms: float | None = None) -> Outcome:
        if not label.ranked:
            return Outcome(label.id, label.kind, shown, None, None, exact, ms, "", ranking_ms)
        return Outcome(label.id, label.kind, shown, relevant_at(shown, label),
                       ndcg_at(shown, label, pool), exact, ms, "", ranking_ms)


def _mean(xs: Sequence[float]) -> float:
    return float(np.mean(xs)) if xs else math.nan


def _summary(system: str, outcomes: list[Outcome]) -> SystemReport:
    rel = [o.relevant8 for o in outcomes if o.relevant8 is not None]
    nd = [o.ndcg8 for o in outcomes if o.ndcg8 is not None]
    checked = [o.exact for o in outcomes if o.exact is not None]
    ms = [o.ms for o in outcomes if o.note != "explicit"] or [0.0]
    rk = [o.ranking_ms for o in outcomes if o.ranking_ms is not None]
    return SystemReport(
        system, len(rel), _mean(rel), _mean(nd),
        (sum(checked) / len(checked)) if checked else None,
        float(np.percentile(ms, 50)), float(np.percentile(ms, 95)), tuple(outcomes),
        float(np.percentile(rk, 50)) if rk else math.nan,
        float(np.percentile(rk, 95)) if rk else math.nan)


__all__ = ["SHOWN", "SYSTEMS", "EvaluateMatching", "LabelledRequest", "MatchingEvalReport",
           "MatchingLabelError", "Outcome", "SystemReport", "ndcg_at",
           "read_request_labels", "relevant_at"]
