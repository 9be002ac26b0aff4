"""Stage 2's lexical and structured channels (issue 16 item 2, decision 0021).

For each candidate of a request (the in-zone survivors, at most :data:`POOL` of them):

* **lexical**: BM25 of the request's topic words over the member's embedded text
  (:func:`~grace.matching.domain.texts.member_text`), French Snowball stems
  (:func:`grace.lexical.analyse`), computed over the candidates only
  (:func:`grace.lexical.pool_bm25`: same figures as bm25s, no index built per request);
* **themes**: the member's tags matched as facts: a tag whose stems the request names (stems in
  more than half of the candidates' texts, such as « festival », do not count), weighted
  by how specific it is among the candidates (a tag's score is the idf mass of its stems that
  the request names times the share of its idf mass they cover: « Musique classique » beats
  « Musique » for « festival de musique classique »; « Musiques actuelles » gets little).

Analysed texts are cached per member, keyed by the store revision of its last write
(:meth:`~grace.matching.domain.ports.MemberRepository.revisions`, decision 0018's counter): a
request reads the records of the members it has not seen since their last write, and only
those. The cache holds at most ``max_members`` members (the oldest half is dropped beyond).
"""

from __future__ import annotations

import math
import re
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Final

import numpy as np
import numpy.typing as npt

from grace.lexical import analyse, pool_bm25
from grace.matching.domain.filters import HardFilter
from grace.matching.domain.model import Member
from grace.matching.domain.ports import MemberRepository
from grace.matching.domain.ranking import Evidence
from grace.matching.domain.texts import member_text
from grace.matching.domain.themes import (
    FIT_SCORES,
    Fit,
    TagStats,
    Theme,
    member_fit,
    request_theme,
)

LANGUAGE: Final = "french"
"""Snowball stemmer of both sides: members and requests are French (seed 003)."""
GENERIC_SHARE: Final = 0.5
"""A request word found in more than half of the candidates' records (« festival ») is not
named as evidence: it does not tell this member apart."""
THEME_SHARE: Final = 0.5
"""A tag is named when its score reaches half the member's best tag's."""
MAX_WORDS: Final = 3
PREFIX_MIN: Final = 5
"""A request stem this long names the tag stems it begins (:meth:`MemberLexicon._widened`)."""
TAG_STATS_TTL_S: Final = 600.0
"""The store-wide tag statistics (:class:`~grace.matching.domain.themes.TagStats`) are
rebuilt when the member count changes or after 10 minutes: a tag hierarchy moves slowly, and a
rebuild reads every member written since."""
FILLER: Final = frozenset(analyse(
    "près proche proches loin autour alentours environs côté vers proximité cherche cherchons "
    "recherche recherchons souhaite souhaitons voudrais voudrions veux voulons aimerions "
    "organiser organisons idéal idéalement besoin", language="french"))
"""Stems of the words of a request that say where or how it is asked, not what (« près »,
« cherche », « idéalement »): neither BM25 terms nor evidence of a theme."""
_WORD = re.compile(r"[^\W\d_]+(?:-[^\W\d_]+)*")
"""A request word as written: letters, hyphenated words kept whole (« science-fiction »); an
apostrophe ends a word (« l'imaginaire » → « l », « imaginaire »)."""


@dataclass(frozen=True, slots=True)
class _Doc:
    rev: int
    text: npt.NDArray[np.int32]
    """Term ids of the member's text, repeats kept."""
    stems: frozenset[int]
    tags: tuple[tuple[str, tuple[int, ...]], ...]
    """Each tag and its distinct term ids."""


@dataclass(frozen=True, slots=True)
class Channels:
    """The lexical and theme scores of the candidates, in their order, both in [0, 1] (divided
    by the best candidate's), and the evidence of each candidate by id."""

    lexical: npt.NDArray[np.float64]
    themes: npt.NDArray[np.float64]
    evidence: dict[int, Evidence]
    fit: npt.NDArray[np.float64] | None = None
    """Each candidate's fit to the theme the request names (:data:`FIT_SCORES`), ``None``
    when it names no tag of the store."""


class MemberLexicon:
    """Analysed member texts and tags, cached by (member id, store revision).

    Thread-safe (one lock around the cache). Memory: about 30 term ids per festival-sized
    record (≈ 250 bytes with the tags), so 200 000 members ≈ 50 MB.
    """

    def __init__(self, *, max_members: int = 200_000,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self._vocab: dict[str, int] = {}
        self._strings: list[str] = []
        self._docs: dict[int, _Doc] = {}
        self._max = max_members
        self._lock = threading.Lock()
        self._clock = clock
        self._stats: tuple[int, float, TagStats] | None = None
        self._tags: dict[int, tuple[int, tuple[tuple[str, tuple[int, ...]], ...]]] = {}
        """Tags only, of the members not analysed whole (the store-wide statistics)."""

    def _ids(self, tokens: Sequence[str]) -> list[int]:
        out = []
        for t in tokens:
            i = self._vocab.get(t)
            if i is None:
                i = self._vocab[t] = len(self._strings)
                self._strings.append(t)
            out.append(i)
        return out

    def _widened(self, terms: set[int], stats: TagStats) -> set[int]:
        """``terms`` and the tag stems that one of them of :data:`PREFIX_MIN` letters or more
        begins (« electro » → « electron »: « électro » names « Musiques électroniques »;
        Snowball leaves the two apart)."""
        with self._lock:
            heads = [self._strings[t] for t in terms if len(self._strings[t]) >= PREFIX_MIN]
            if not heads:
                return terms
            return terms | {s for s in stats.stem_df
                            if any(self._strings[s].startswith(h) for h in heads)}

    def _tag_ids(self, m: Member) -> tuple[tuple[str, tuple[int, ...]], ...]:
        return tuple((t, tuple(dict.fromkeys(self._ids(analyse(t, language=LANGUAGE)))))
                     for t in m.tags)

    def _doc(self, rev: int, m: Member) -> _Doc:
        text = np.asarray(self._ids(analyse(member_text(m), language=LANGUAGE)), dtype=np.int32)
        return _Doc(rev, text, frozenset(int(x) for x in text), self._tag_ids(m))

    def docs(self, repo: MemberRepository, ids: Sequence[int]) -> list[_Doc | None]:
        """The analysed record of each of ``ids`` (``None``: not in the store), reading from
        ``repo`` only the members written since they were cached."""
        revs = repo.revisions(ids)
        with self._lock:
            stale = [i for i in ids if i in revs and (
                (d := self._docs.get(i)) is None or d.rev != revs[i])]
        fresh = repo.summaries(stale) if stale else {}
        with self._lock:
            for i, m in fresh.items():
                self._docs[i] = self._doc(revs[i], m)
            if len(self._docs) > self._max:
                for old in list(self._docs)[: len(self._docs) // 2]:
                    del self._docs[old]
            return [self._docs.get(i) for i in ids]

    def tag_stats(self, repo: MemberRepository) -> TagStats:
        """The tags of every active member (:class:`~grace.matching.domain.themes.TagStats`),
        rebuilt when the member count changed or after :data:`TAG_STATS_TTL_S`."""
        count = repo.count()
        now = self._clock()
        with self._lock:
            cached = self._stats
        if cached is not None and cached[0] == count and now - cached[1] < TAG_STATS_TTL_S:
            return cached[2]
        ids = repo.stage1(HardFilter())
        revs = repo.revisions(ids)
        with self._lock:
            stale = [i for i in ids if i in revs and (
                (d := self._docs.get(i)) is None or d.rev != revs[i]) and (
                (t := self._tags.get(i)) is None or t[0] != revs[i])]
        fresh = repo.summaries(stale) if stale else {}
        with self._lock:
            for i, m in fresh.items():
                self._tags[i] = (revs[i], self._tag_ids(m))
            rows = [d.tags if (d := self._docs.get(i)) is not None and d.rev == revs.get(i)
                    else self._tags[i][1] for i in ids if i in revs]
            if len(self._tags) > self._max:
                for old in list(self._tags)[: len(self._tags) // 2]:
                    del self._tags[old]
        stats = TagStats.build([(frozenset(stems), tag) for tag, stems in tags] for tags in rows)
        with self._lock:
            self._stats = (count, now, stats)
        return stats

    def channels(self, repo: MemberRepository, ids: Sequence[int], topic: str) -> Channels:
        """Score ``ids`` (the candidates) against the request's ``topic`` text."""
        docs = self.docs(repo, ids)  # first: the tag statistics reuse the candidates' records
        stats = self.tag_stats(repo)
        words = _request_words(topic)
        with self._lock:
            query = {w: {t for s in stems if (t := self._vocab.get(s)) is not None}
                     for w, stems in words.items()}
        terms = sorted({t for ts in query.values() for t in ts})
        n = len(ids)
        empty = np.zeros(0, dtype=np.int32)
        texts = [d.text if d is not None else empty for d in docs]
        lexical = _unit(pool_bm25(texts, terms)) if terms else np.zeros(n)
        share = {t: sum(1 for d in docs if d is not None and t in d.stems) / max(n, 1)
                 for t in terms}
        specific = {t for t in terms if share[t] <= GENERIC_SHARE}
        themes, named = _themes(docs, specific)
        theme = request_theme(stats, self._widened(specific, stats))
        asked = stats.names.get(theme.asked) if theme.asked is not None else None
        fit = np.zeros(n) if theme else None
        evidence: dict[int, Evidence] = {}
        for j, (i, d) in enumerate(zip(ids, docs, strict=True)):
            if d is None:
                continue
            covered = {s for tag in named[j] for s in dict(d.tags)[tag]}
            found = [(min(share[t] for t in ts), w) for w, ts in query.items()
                     if ts and ts <= specific and ts <= d.stems and not ts <= covered]
            said = tuple(dict.fromkeys(w for _, w in sorted(found)))[:MAX_WORDS]
            evidence[i] = Evidence(named[j], said, *_fit(theme, stats, d), asked)
            if fit is not None:
                fit[j] = FIT_SCORES[evidence[i].fit or "none"]
        return Channels(lexical, themes, evidence, fit)


def _fit(theme: Theme, stats: TagStats, d: _Doc) -> tuple[Fit | None, tuple[str, ...]]:
    """The member's fit to ``theme`` and its tags behind it, as it spells them."""
    if not theme:
        return None, ()
    spelled = {frozenset(stems): tag for tag, stems in d.tags}
    fit, keys = member_fit(theme, stats, spelled, d.stems)
    return fit, tuple(spelled.get(k) or stats.names.get(k, "") for k in keys)


def _request_words(topic: str) -> dict[str, list[str]]:
    """The request's words (lower case, as written) → their French stems (stop words and
    :data:`FILLER` out)."""
    out: dict[str, list[str]] = {}
    for w in _WORD.findall(topic):
        stems = [s for s in analyse(w, language=LANGUAGE) if s not in FILLER]
        if stems:
            out.setdefault(w.lower(), stems)
    return out


def _unit(x: npt.NDArray[np.float64]) -> npt.NDArray[np.float64]:
    top = float(x.max()) if len(x) else 0.0
    return x / top if top > 0 else np.zeros_like(x)


def _themes(docs: Sequence[_Doc | None], wanted: set[int]
            ) -> tuple[npt.NDArray[np.float64], list[tuple[str, ...]]]:
    """Each candidate's theme score (best tag: matched idf mass × covered share; idf over the
    candidates' tag stems) divided by the best candidate's, and its named tags."""
    n = len(docs)
    named: list[tuple[str, ...]] = [() for _ in docs]
    scores = np.zeros(n, dtype=np.float64)
    if not wanted or n == 0:
        return scores, named
    df: dict[int, int] = {}
    for d in docs:
        if d is not None:
            for s in {s for _, stems in d.tags for s in stems}:
                df[s] = df.get(s, 0) + 1

    def idf(s: int) -> float:
        f = df.get(s, 0)
        return math.log(1 + (n - f + 0.5) / (f + 0.5))

    for j, d in enumerate(docs):
        if d is None:
            continue
        per_tag = []
        for tag, stems in d.tags:
            hit = [s for s in stems if s in wanted]
            if not hit:
                continue
            mass = sum(idf(s) for s in hit)
            total = sum(idf(s) for s in stems)
            per_tag.append((mass * mass / total if total > 0 else 0.0, tag))
        if per_tag:
            per_tag.sort(key=lambda x: -x[0])
            best = per_tag[0][0]
            scores[j] = best
            named[j] = tuple(t for sc, t in per_tag if sc >= THEME_SHARE * best and sc > 0)
    return _unit(scores), named
