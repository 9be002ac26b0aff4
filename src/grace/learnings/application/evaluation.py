"""Evaluation of learnings search on a labelled query set: MRR@5, recall@5, nDCG@10.

Labels (``eval/learnings/README.md``): one JSON object per line, ``id``, ``query``,
``relevant`` (entry id → grade, 2 = the lesson the query is about, 1 = also useful), optional
``kind`` (``paraphrase``, ``cross-lingual``, ``workflow``) and ``lang``.

Metrics, per query then averaged (every system sees the same queries in the same run):

* MRR@5: 1 / rank of the first entry of any grade in the top 5, else 0 (Voorhees, TREC-8
  QA report, 1999);
* recall@5: share of the grade-2 entries in the top 5, out of ``min(5, |grade 2|)`` (so a
  query with six must-have lessons can still score 1);
* nDCG@10 with the grades as gains and a log2 discount (Järvelin & Kekäläinen, TOIS 2002);
* hit@5: share of queries with a relevant entry in the top 5.
"""

from __future__ import annotations

import json
import math
import random
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Final

import numpy as np

from grace.embedding.ports import TextEmbedder
from grace.errors import GraceError
from grace.learnings.domain.entry import Learning
from grace.learnings.domain.ports import LexicalIndexBuilder
from grace.learnings.domain.ranking import fallback_rank, top_rows
from grace.text import label_lines

DEPTH: Final = 10
"""Entries each system returns per query (nDCG@10 needs ten)."""

MAX_LABEL_LINES: Final = 100_000

Ranker = Callable[[str], Sequence[str]]
"""``ranker(query)`` → entry ids, best first (at least :data:`DEPTH` when there are as many)."""


class LearningsLabelError(GraceError):
    """A learnings label file line is not a valid labelled query."""


@dataclass(frozen=True, slots=True)
class LabelledQuery:
    """One line of a learnings label file."""

    id: str
    query: str
    relevant: Mapping[str, int]
    kind: str = ""
    lang: str = ""


def read_query_labels(path: Path) -> list[LabelledQuery]:
    """Parse a JSONL label file (blank lines and ``#`` lines ignored).

    Raises:
        LearningsLabelError: unreadable file, a line that is not a labelled query (with its
            line number), a repeated id, or no query at all.
    """
    out: list[LabelledQuery] = []
    seen: set[str] = set()
    for number, line in label_lines(path, max_lines=MAX_LABEL_LINES, error=LearningsLabelError):
        try:
            raw = json.loads(line)
            relevant = {str(k): int(v) for k, v in dict(raw["relevant"]).items() if int(v) > 0}
            query = LabelledQuery(str(raw["id"]), str(raw["query"]), relevant,
                                  str(raw.get("kind", "")), str(raw.get("lang", "")))
        except (ValueError, KeyError, TypeError, AttributeError) as exc:
            raise LearningsLabelError(f"{path}:{number}: invalid label line ({exc})") from exc
        if not query.query.strip() or not relevant:
            raise LearningsLabelError(f"{path}:{number}: a query and a relevant entry are needed")
        if query.id in seen:
            raise LearningsLabelError(f"{path}:{number}: id {query.id!r} repeated")
        seen.add(query.id)
        out.append(query)
    if not out:
        raise LearningsLabelError(f"{path}: no labelled query in the file")
    return out


def mrr_at(ranked: Sequence[str], relevant: Mapping[str, int], k: int = 5) -> float:
    """Reciprocal rank of the first relevant id in the top ``k`` (0 when none)."""
    return next((1 / r for r, i in enumerate(ranked[:k], start=1) if i in relevant), 0.0)


def recall_at(ranked: Sequence[str], relevant: Mapping[str, int], k: int = 5) -> float:
    """Grade-2 ids found in the top ``k`` / ``min(k, |grade 2|)`` (grade 1 when none is 2)."""
    top = max(relevant.values(), default=0)
    must = {i for i, g in relevant.items() if g == top}
    if not must:
        return 0.0
    return len(must & set(ranked[:k])) / min(k, len(must))


def ndcg_at(ranked: Sequence[str], relevant: Mapping[str, int], k: int = 10) -> float:
    """nDCG@k with the grades as gains (log2 discount); 0 when nothing is relevant."""
    dcg = sum(relevant.get(i, 0) / math.log2(r + 2) for r, i in enumerate(ranked[:k]))
    ideal = sorted(relevant.values(), reverse=True)[:k]
    idcg = sum(g / math.log2(r + 2) for r, g in enumerate(ideal))
    return dcg / idcg if idcg > 0 else 0.0


@dataclass(frozen=True, slots=True)
class QueryOutcome:
    """One query under one system: the ids returned (top 10), its metrics, its time (ms)."""

    id: str
    kind: str
    lang: str
    ranked: tuple[str, ...]
    mrr5: float
    recall5: float
    ndcg10: float
    ms: float


@dataclass(frozen=True, slots=True)
class SystemReport:
    """Means over the queries; ``by_kind`` maps a kind to its ``{queries, mrr5, recall5}``."""

    system: str
    queries: int
    mrr5: float
    recall5: float
    ndcg10: float
    hit5: float
    p50_ms: float
    p95_ms: float
    by_kind: dict[str, dict[str, float]]
    outcomes: tuple[QueryOutcome, ...] = field(repr=False)


def _mean(values: Sequence[float]) -> float:
    return sum(values) / len(values) if values else float("nan")


def _pct(values: Sequence[float], q: float) -> float:
    s = sorted(values)
    return s[min(len(s) - 1, int(q * len(s)))] if s else float("nan")


def evaluate_system(
    system: str, queries: Sequence[LabelledQuery], ranker: Ranker,
    *, on_progress: Callable[[int, int], None] | None = None,
) -> SystemReport:
    """Run every query through ``ranker`` and aggregate the metrics."""
    outcomes = []
    for n, q in enumerate(queries, start=1):
        t0 = time.perf_counter()
        ranked = tuple(ranker(q.query))[:DEPTH]
        ms = (time.perf_counter() - t0) * 1000
        outcomes.append(QueryOutcome(q.id, q.kind, q.lang, ranked, mrr_at(ranked, q.relevant),
                                     recall_at(ranked, q.relevant),
                                     ndcg_at(ranked, q.relevant), ms))
        if on_progress:
            on_progress(n, len(queries))
    by_kind = {
        kind: {"queries": float(len(xs)), "mrr5": _mean([o.mrr5 for o in xs]),
               "recall5": _mean([o.recall5 for o in xs])}
        for kind in sorted({o.kind for o in outcomes})
        for xs in [[o for o in outcomes if o.kind == kind]]
    }
    times = [o.ms for o in outcomes]
    return SystemReport(
        system, len(outcomes), _mean([o.mrr5 for o in outcomes]),
        _mean([o.recall5 for o in outcomes]), _mean([o.ndcg10 for o in outcomes]),
        _mean([float(o.mrr5 > 0) for o in outcomes]), _pct(times, 0.5), _pct(times, 0.95),
        by_kind, tuple(outcomes),
    )


class BareCosineRanker:
    """The baseline the issue names: one embedding per entry (``story + tags + learning``, the
    seed's text), raw cosine with the query embedding, no other signal."""

    def __init__(self, entries: Sequence[Learning], embedder: TextEmbedder) -> None:
        self._ids = [e.id for e in entries]
        self._embedder = embedder
        self._vectors = embedder.embed([e.text for e in entries], kind="passage")

    def __call__(self, query: str) -> list[str]:
        q = self._embedder.embed([query], kind="query")[0]
        sims = (self._vectors @ q).astype(np.float64)
        return [self._ids[r] for r in top_rows(sims, np.arange(len(self._ids)), DEPTH)]


class LexicalRanker:
    """BM25 alone (the product's lexical channel: stemmed, stop words removed)."""

    def __init__(self, entries: Sequence[Learning], lexical: LexicalIndexBuilder) -> None:
        self._ids = [e.id for e in entries]
        self._index = lexical([e.text for e in entries])

    def __call__(self, query: str) -> list[str]:
        scores = self._index.scores(query)
        rows = np.flatnonzero(scores > 0).astype(np.int64)
        return [self._ids[r] for r in top_rows(scores, rows, DEPTH)]


class GrepRanker:
    """Seed 002's grep on tags (:func:`~grace.learnings.domain.ranking.fallback_rank`)."""

    def __init__(self, entries: Sequence[Learning]) -> None:
        self._entries = list(entries)

    def __call__(self, query: str) -> list[str]:
        return [h.learning.id for h in fallback_rank(self._entries, query, k=DEPTH)]


def subsample(
    entries: Sequence[Learning], queries: Sequence[LabelledQuery], size: int, seed: int
) -> tuple[list[Learning], list[LabelledQuery]]:
    """``size`` entries drawn at random (seeded), labelled and unlabelled entries in the
    proportion of the full set, in file order; the queries keep the relevant entries drawn
    and are dropped when none was drawn.

    Raises:
        ValueError: ``size`` is not in 1..len(entries).
    """
    if not 1 <= size <= len(entries):
        raise ValueError(f"size {size} is not in 1..{len(entries)}")
    labelled = {i for q in queries for i in q.relevant}
    inside = [e for e in entries if e.id in labelled]
    outside = [e for e in entries if e.id not in labelled]
    rng = random.Random(seed)  # noqa: S311 - a seeded subset for the evaluation, not a secret
    n_in = min(len(inside), max(1, round(size * len(inside) / len(entries))))
    n_out = min(len(outside), size - n_in)
    n_in = size - n_out
    picked = {e.id for e in rng.sample(inside, n_in) + rng.sample(outside, n_out)}
    kept = [e for e in entries if e.id in picked]
    out = []
    for q in queries:
        rel = {i: g for i, g in q.relevant.items() if i in picked}
        if rel:
            out.append(LabelledQuery(q.id, q.query, rel, q.kind, q.lang))
    return kept, out


@dataclass(frozen=True, slots=True)
class SizeRow:
    """One system at one file size, averaged over ``samples`` seeded subsamples."""

    size: int
    system: str
    samples: int
    queries: float
    mrr5: float
    recall5: float
    ndcg10: float


RankerFactory = Callable[[Sequence[Learning]], Mapping[str, Ranker]]
"""Builds the systems to compare over a subset of entries (wired by the composition root)."""


def compare_at_sizes(
    entries: Sequence[Learning], queries: Sequence[LabelledQuery], sizes: Sequence[int],
    make_rankers: RankerFactory, *, samples: int = 5,
) -> list[SizeRow]:
    """For each size, ``samples`` seeded :func:`subsample` runs of every system; the means.

    Sizes larger than the set are skipped.
    """
    rows: list[SizeRow] = []
    for size in sizes:
        if size > len(entries):
            continue
        acc: dict[str, list[SystemReport]] = {}
        for seed in range(samples):
            kept, qs = subsample(entries, queries, size, seed)
            if not qs:
                continue
            for name, ranker in make_rankers(kept).items():
                acc.setdefault(name, []).append(evaluate_system(name, qs, ranker))
        for name, reports in acc.items():
            rows.append(SizeRow(
                size, name, len(reports), _mean([float(r.queries) for r in reports]),
                _mean([r.mrr5 for r in reports]), _mean([r.recall5 for r in reports]),
                _mean([r.ndcg10 for r in reports]),
            ))
    return rows
