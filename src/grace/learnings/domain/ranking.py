"""Filters, score fusion (and reciprocal rank fusion), tag/domain matches, the grep-on-tags
fallback and the search result values."""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final, Literal

import numpy as np
import numpy.typing as npt

from grace.learnings.domain.entry import Learning, normalise_tag
from grace.learnings.domain.source import LineProblem
from grace.text import fold
from grace.vectors.topk import top_k

RRF_K: Final = 60
"""Reciprocal rank fusion constant (Cormack, Clarke & Büttcher, SIGIR 2009: k = 60); the
``rrf`` ranking (the previous default) only — decision 0014 measured it below bare e5."""

W_LEXICAL: Final = 0.3
"""Weight of the BM25 channel, multiplied by the query's best BM25 match (decision 0014)."""

W_TAGS: Final = 0.2
"""Weight of the share of query words that are a tag or the domain of the entry (0014)."""

Ranking = Literal["fused", "rrf"]

_WORD = re.compile(r"[a-z0-9][a-z0-9_+.#-]*[a-z0-9+#]|[a-z0-9]")
_STOP_TEXT: Final = (
    "a an and are as at be by for from has have in is it of on or that the this to was were "
    "will with au aux avec ce ces dans de des du elle en est et il ils la le les leur mais ne "
    "nous on ou par pas pour qu que qui sa se ses son sur un une vous"
)
STOPWORDS: Final = frozenset(_STOP_TEXT.split(" "))
"""Small English and French stop-word list (tokens that never count as a matched term)."""

Path = Literal["hybrid", "fallback"]


def tokenize(text: str) -> list[str]:
    """Folded word tokens (``#`` stripped), stop words removed, order kept, repeats kept."""
    words = (w.lstrip("#") for w in _WORD.findall(fold(text)))
    return [w for w in words if w and w not in STOPWORDS]


@dataclass(frozen=True, slots=True)
class Filters:
    """Hard filters, applied before any scoring.

    Attributes:
        tags: every one must be on the entry (compared with :func:`normalise_tag`).
        domain: exact domain, case-insensitive.
        since: entries dated on or after this day (undated entries are excluded).
    """

    tags: tuple[str, ...] = ()
    domain: str | None = None
    since: dt.date | None = None

    def accepts(self, entry: Learning) -> bool:
        """Whether ``entry`` passes every filter."""
        if self.tags and not {normalise_tag(t) for t in self.tags} <= entry.tag_keys:
            return False
        if self.domain is not None and (entry.domain or "").casefold() != self.domain.casefold():
            return False
        return self.since is None or (entry.date is not None and entry.date >= self.since)


def reciprocal_rank_fusion(
    rankings: Sequence[Sequence[int]], *, k: int = RRF_K
) -> list[tuple[int, float]]:
    """Fuse rankings of item ids: ``score(i) = Σ_r 1 / (k + rank_r(i))``, ranks from 1.

    Returns ``(item, score)`` sorted by score descending, then item ascending (deterministic).
    An item absent from a ranking gets nothing from it.
    """
    scores: dict[int, float] = {}
    for ranking in rankings:
        for rank, item in enumerate(ranking, start=1):
            scores[item] = scores.get(item, 0.0) + 1.0 / (k + rank)
    return sorted(scores.items(), key=lambda p: (-p[1], p[0]))


def fuse(
    dense: npt.NDArray[np.floating], lexical: npt.NDArray[np.floating],
    tags: npt.NDArray[np.floating], *, w_lexical: float = W_LEXICAL, w_tags: float = W_TAGS,
) -> npt.NDArray[np.float64]:
    """Score-calibrated fusion of three ``(n,)`` channels (decision 0014).

    ``dense + w_lexical · max(lexical) · lexical + w_tags · tags``, where ``dense`` is the
    centred cosine (:class:`~grace.learnings.domain.dense.DenseSpace`), ``lexical`` BM25 divided
    by the query's ceiling (in [0, 1]) and ``tags`` the share of query words that are a tag or
    the domain of the entry (in [0, 1]). The lexical weight falls with the query's best lexical
    match: a query whose words are absent from every entry (another language, other words)
    leaves the order to the dense channel.
    """
    lex = np.asarray(lexical, dtype=np.float64)
    best = float(lex.max()) if lex.size else 0.0
    out: npt.NDArray[np.float64] = (
        np.asarray(dense, dtype=np.float64) + w_lexical * best * lex
        + w_tags * np.asarray(tags, dtype=np.float64)
    )
    return out


def top_rows(
    scores: npt.NDArray[np.floating], rows: npt.NDArray[np.int64], k: int
) -> list[int]:
    """The ``k`` best of ``rows`` by ``scores[row]``, best first, ties by ascending row (exact).

    ``scores`` is ``(n,)`` float, ``rows`` ``(m,)`` int64 positions into it. The shared kernel's
    :func:`grace.vectors.topk.top_k` over ``scores[rows]`` keyed by the rows (one top-k for the
    whole product).
    """
    return [hit.key for hit in top_k(np.asarray(scores)[rows], k, keys=rows)]


_KEY_SPLIT = re.compile(r"[\s,;]+")


def query_keys(query: str) -> frozenset[str]:
    """Words of ``query`` as tag keys (:func:`normalise_tag`): the seed's workflow query
    ``{domain} {probable tags}`` is matched against tags and domain with these."""
    words = (w.strip(".:!?()[]{}\"'«»") for w in _KEY_SPLIT.split(query))
    return frozenset(k for k in (normalise_tag(w) for w in words if w) if k)


def entry_keys(entry: Learning) -> frozenset[str]:
    """Tag keys of the entry plus its domain's key."""
    domain = normalise_tag(entry.domain) if entry.domain else ""
    return entry.tag_keys | ({domain} if domain else frozenset())


class KeyIndex:
    """Inverted index ``tag or domain key → rows``: the structured channel of the fusion."""

    def __init__(self, entries: Sequence[Learning]) -> None:
        self._n = len(entries)
        rows: dict[str, list[int]] = {}
        for row, entry in enumerate(entries):
            for key in entry_keys(entry):
                rows.setdefault(key, []).append(row)
        self._rows = {k: np.asarray(v, dtype=np.int64) for k, v in rows.items()}

    def shares(self, query: str) -> npt.NDArray[np.float64]:
        """``(n,)`` share of the query's keys that each row carries (tag or domain), in [0, 1]."""
        keys = query_keys(query)
        out = np.zeros(self._n, dtype=np.float64)
        for key in keys:
            rows = self._rows.get(key)
            if rows is not None:
                out[rows] += 1.0
        return out / len(keys) if keys else out


@dataclass(frozen=True, slots=True)
class Hit:
    """One answer with why it matched.

    Attributes:
        score: fused score (hybrid, :func:`fuse`; RRF score with the ``rrf`` ranking) or
            fallback score (matched tags × 2 + matched terms).
        similarity: cosine with the query (hybrid), ``None`` for the fallback.
        dense_rank / lexical_rank: 1-based ranks in each list, ``None`` when absent.
        matched_tags: query tokens equal to a tag of the entry (normalised).
        matched_terms: query tokens found in the entry's text.
    """

    learning: Learning
    score: float
    similarity: float | None
    dense_rank: int | None
    lexical_rank: int | None
    matched_tags: tuple[str, ...]
    matched_terms: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class SearchResult:
    """Hits plus which path answered and why (``reason``), what was searched, and the lines of
    the file that were skipped (unreadable, invalid, duplicate ids), on every path."""

    query: str
    path: Path
    reason: str
    hits: tuple[Hit, ...]
    searched: int
    index_state: str
    problems: tuple[LineProblem, ...] = ()


def explain(
    entry: Learning, query_tokens: Sequence[str]
) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """``(matched_tags, matched_terms)`` of an entry for query tokens (unique, query order)."""
    tags = entry.tag_keys
    words = set(tokenize(entry.text))
    seen: list[str] = []
    for t in query_tokens:
        if t not in seen:
            seen.append(t)
    return tuple(t for t in seen if t in tags), tuple(t for t in seen if t in words)


def fallback_rank(
    entries: Sequence[Learning], query: str, *, k: int
) -> list[Hit]:
    """Seed 002's grep on tags, made deterministic.

    An entry matches when a query token equals one of its tags; entries are ranked by matched
    tags, then by matched words of the text (a tie-break, not a match on its own), then newest
    line first. With no tag match anywhere, entries whose text contains query words answer
    (ranked the same way) rather than nothing.
    """
    tokens = tokenize(query)
    scored: list[tuple[int, int, Learning, tuple[str, ...], tuple[str, ...]]] = []
    for entry in entries:
        tags, terms = explain(entry, tokens)
        scored.append((len(tags), len(terms), entry, tags, terms))
    if any(s[0] for s in scored):
        scored = [s for s in scored if s[0]]
    else:
        scored = [s for s in scored if s[1]]
    scored.sort(key=lambda s: (-s[0], -s[1], -s[2].line))
    return [
        Hit(entry, float(2 * nt + nw), None, None, None, tags, terms)
        for nt, nw, entry, tags, terms in scored[:k]
    ]
