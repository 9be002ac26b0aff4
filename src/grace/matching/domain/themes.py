"""What a request asks for, as the members' own tags, and how well each member fits it (issue 16:
a classical request got pop festivals explained by « thème « Musique » »; a comics request got
music festivals explained by nothing but « description proche »).

Pure domain, over tags reduced to their stems (a tag's *key*: the set of its stem ids, so
« Musique classique » and « Musiques classiques » are one tag). Two facts come from the whole
store's tags (:class:`TagStats`), not from one zone:

- **how many members carry each tag** (its idf, Robertson & Spärck Jones 1976);
- **which tag is broader than which** — tag *p* subsumes tag *t* when at least
  :data:`SUBSUMES` of the members carrying *t* also carry *p*, and *p* is the more frequent
  (Sanderson & Croft, « Deriving concept hierarchies from text », SIGIR 1999): « Musique »
  subsumes « Musique classique » and « Musiques actuelles »; « Livre, littérature » subsumes
  « Bande dessinée ».

From the request's stems (:func:`request_theme`):

- **broad stems**: the stems of a tag the request names whole (every stem) that subsumes
  another tag the request names with more of its words, and whose stems it contains
  (« Musique » inside « Musique classique »): the request names the discipline *and* a genre
  of it;
- **wanted tags**: the tags that carry a stem of the request that is not broad (nor weak, a
  word of a discipline's name: :meth:`TagStats.weak`, when some tag carries one that is not),
  at least
  :data:`COVERED` of their stems named (« Musique classique », « Musiques classiques et
  savantes »; not « Fiction (roman, théâtre, etc.) » for a theatre request); when the request
  names only a discipline (« festival de musique »), the tags it names whole;
  when the request names a discipline (a tag with narrower tags and no broader one, half its
  stems named: « Livre, littérature » in « salon du livre »), only the wanted tags under it
  (subsumed by it, or a rare tag with a word of its name),
  else the discipline itself — the discipline alone when the request names nothing else
  (« festival de cinéma »);
- **disciplines**: the tags that subsume a wanted tag, and the broad tags named (« Musique »,
  « Livre, littérature »).

A member then fits (:func:`member_fit`):

- ``theme``: it carries a wanted tag;
- ``related``: it carries a discipline and a genre of it that goes with the wanted tags on
  the members (:meth:`TagStats.related`: « Musique classique » for « musique baroque »);
- ``discipline``: it carries a discipline and no tag of that discipline's other genres (the
  genre is not stated: the FIBD is « Livre, littérature » and nothing else);
- ``other``: it carries a discipline and another of its genres (« Musiques actuelles » for a
  classical request) — the discipline, not the theme;
- ``none``: nothing of the theme (or the request names no tag: no theme to fit).
"""

from __future__ import annotations

import math
from collections import Counter, defaultdict
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Final, Literal

Key = frozenset[int]
"""A tag as the set of its stem ids."""
Fit = Literal["theme", "related", "discipline", "other", "none"]

SUBSUMES: Final = 0.8
"""Share of a tag's members that must carry the broader tag (Sanderson & Croft's 0.8)."""
MIN_SUPPORT: Final = 3
"""Members that must carry both tags for one to subsume the other: a tag seen on one or two
festivals (« Jazz et classique ») says nothing of a hierarchy."""
COVERED: Final = 0.5
"""Share of a tag's stems the request must name for the tag to be wanted (« Fiction (roman,
théâtre, etc.) » is not wanted by « théâtre »; « Musique classique » and « Musiques classiques
et savantes » are wanted by « musique classique »)."""
RELATED: Final = 0.2
"""Share of a wanted tag's members that must carry another genre for it to be a related genre
(:meth:`TagStats.related`)."""
FIT_SCORES: Final[Mapping[Fit, float]] = {"theme": 1.0, "related": 0.55, "discipline": 0.5,
                                          "other": 0.2, "none": 0.0}
"""A member's fit as a stage 2 score: a festival of the genre asked, then one of a genre that
goes with it, then one of its discipline whose genre is not stated, then one of its discipline
with another genre, then the rest."""


@dataclass(frozen=True, slots=True)
class TagStats:
    """The tags of every member: how many carry each, which subsumes which."""

    members: int
    df: Mapping[Key, int]
    parents: Mapping[Key, frozenset[Key]]
    by_stem: Mapping[int, frozenset[Key]]
    names: Mapping[Key, str]
    """Each tag as the members spell it most often (« Bande dessinée »)."""
    stem_df: Mapping[int, int]
    """Members carrying a tag with each stem."""
    children: Mapping[Key, frozenset[Key]]
    """The tags each tag subsumes (the inverse of ``parents``)."""
    together: Mapping[Key, Mapping[Key, int]]
    """Members carrying both tags, by tag then other tag."""

    def related(self, genre: Key, wanted: frozenset[Key]) -> bool:
        """Whether ``genre`` goes with the ``wanted`` tags on members: carried with them at
        least :data:`RELATED` times as often as they are carried (and :data:`MIN_SUPPORT`
        times): « Musique classique » goes with « Musique baroque »; « Musiques actuelles »
        does not."""
        c = sum(self.together.get(w, {}).get(genre, 0) for w in wanted)
        return c >= max(MIN_SUPPORT, RELATED * sum(self.df.get(w, 0) for w in wanted))

    @classmethod
    def build(cls, members: Iterable[Iterable[tuple[Key, str]]]) -> TagStats:
        """From each member's tags, as (key, spelling) pairs (empty keys ignored)."""
        df: Counter[Key] = Counter()
        co: dict[Key, Counter[Key]] = defaultdict(Counter)
        spellings: dict[Key, Counter[str]] = defaultdict(Counter)
        stem_df: Counter[int] = Counter()
        n = 0
        for tags in members:
            n += 1
            keys = set()
            for k, name in tags:
                if k:
                    keys.add(k)
                    spellings[k][name] += 1
            df.update(keys)
            stem_df.update({s for k in keys for s in k})
            for t in keys:
                co[t].update(keys - {t})
        parents = {t: frozenset(p for p, c in co[t].items()
                                if c >= max(MIN_SUPPORT, SUBSUMES * df[t]) and df[p] > df[t])
                   for t in df}
        by_stem: dict[int, set[Key]] = defaultdict(set)
        for t in df:
            for s in t:
                by_stem[s].add(t)
        names = {k: min(c.items(), key=lambda x: (-x[1], x[0]))[0] for k, c in spellings.items()}
        children: dict[Key, set[Key]] = defaultdict(set)
        for t, ps in parents.items():
            for p in ps:
                children[p].add(t)
        return cls(n, dict(df), parents, {s: frozenset(ts) for s, ts in by_stem.items()}, names,
                   dict(stem_df), {p: frozenset(cs) for p, cs in children.items()},
                   {t: dict(c) for t, c in co.items()})

    def idf(self, key: Key) -> float:
        """Smoothed idf of a tag over the members (BM25's, always positive)."""
        f = self.df.get(key, 0)
        return math.log(1 + (self.members - f + 0.5) / (f + 0.5))

    def stem_idf(self, stem: int) -> float:
        """idf of a stem over the members' tags (members carrying a tag with that stem)."""
        f = self.stem_df.get(stem, 0)
        return math.log(1 + (self.members - f + 0.5) / (f + 0.5))

    def root(self, key: Key) -> bool:
        """A discipline: a tag that subsumes others and that none subsumes (« Musique »,
        « Livre, littérature », « Arts visuels, arts numériques »)."""
        return bool(self.children.get(key)) and not self.parents.get(key)

    def weak(self, stem: int) -> bool:
        """A stem of a discipline's name (« art », « spectacle », « livre »): it names a
        family of tags, not one."""
        return any(self.root(t) for t in self.by_stem.get(stem, ()))


@dataclass(frozen=True, slots=True)
class Theme:
    """What a request asks for, as tags (module docstring). Empty: the request names no tag.

    Attributes:
        asked: the wanted tag the request names best (the largest share of its stems named,
            then the most stems named, then the most frequent), for sentences (« Bande
            dessinée »); ``None`` when empty.
    """

    wanted: frozenset[Key] = frozenset()
    disciplines: frozenset[Key] = frozenset()
    asked: Key | None = None
    related: frozenset[Key] = frozenset()
    """Genres of the disciplines that go with the wanted tags (:meth:`TagStats.related`)."""

    def __bool__(self) -> bool:
        return bool(self.wanted)


def _covered(key: Key, stems: frozenset[int]) -> float:
    """Share of a tag's stems the request names (« Musiques classiques et savantes »: 2 of 3
    for « musique classique »)."""
    return len(key & stems) / len(key) if key else 0.0


def request_theme(stats: TagStats, stems: Iterable[int]) -> Theme:
    """The tags a request with these (specific) stems asks for, and their disciplines."""
    q = frozenset(stems)
    named = {t for s in q for t in stats.by_stem.get(s, ())}
    whole = {t for t in named if t <= q}
    broad = {p for p in whole
             if any(p < c and c & (q - p) and p in stats.parents.get(c, ()) for c in named)}
    broad_stems = frozenset(s for p in broad for s in p)
    strong = frozenset(s for s in q - broad_stems if not stats.weak(s))
    covered = {t for t in named - broad if t & (q - broad_stems) and _covered(t, q) >= COVERED}
    wanted = {t for t in covered if t & strong} or covered
    roots = {t for t in named if stats.root(t) and _covered(t, q) >= COVERED}
    if roots and strong <= frozenset(s for r in roots for s in r):
        wanted = roots - broad or wanted  # « festival de cinéma »: the discipline is the theme
    elif roots:  # the request names a discipline: its theme is inside it (« salon du livre »
        # is a book fair, not any festival tagged « rencontres »)
        root_stems = frozenset(s for r in roots for s in r)
        wanted = ({t for t in wanted if stats.parents.get(t, frozenset()) & roots
                   or t & root_stems} or (roots - broad) or wanted)
    if not wanted:
        wanted = whole - broad or set(broad)
        broad = set()
    disciplines = ({p for t in wanted for p in stats.parents.get(t, ())} | broad) - wanted
    asked = max(wanted, key=lambda t: (round(_covered(t, q), 6), len(t & q),
                                       stats.df.get(t, 0), sorted(t)), default=None)
    genres = {g for d in disciplines for g in stats.children.get(d, ())} - wanted
    fw = frozenset(wanted)
    related = frozenset(g for g in genres if stats.related(g, fw))
    return Theme(fw, frozenset(disciplines), asked, related)


def member_fit(theme: Theme, stats: TagStats, tags: Iterable[Key],
               text: frozenset[int] = frozenset()) -> tuple[Fit, tuple[Key, ...]]:
    """How a member with these tag keys fits ``theme``, and the tags that say so (the wanted
    ones; else the discipline; for ``other``, the discipline then the other genres).

    ``text``: the stems of the member's record. A member of the discipline whose tags state no
    genre but whose record names another genre of it whole (« Blues à Jarnioux »: the tag
    « Blues », carried by :data:`MIN_SUPPORT` members or more, under « Musique ») is
    ``other``, that tag standing for its genre."""
    keys = [k for k in tags if k]
    if not theme:
        return "none", ()
    hit = tuple(k for k in keys if k in theme.wanted)
    if hit:
        return "theme", hit
    for d in (k for k in keys if k in theme.disciplines):
        genres = tuple(k for k in keys if k != d and d in stats.parents.get(k, ()))
        if not genres and text:
            genres = tuple(sorted(
                (k for k in stats.children.get(d, ()) if k <= text and k - d
                 and stats.df.get(k, 0) >= MIN_SUPPORT and not all(stats.weak(s) for s in k)),
                key=lambda k: (-len(k), -stats.df.get(k, 0), sorted(k))))[:1]
        if genres:
            close = tuple(g for g in genres if g in theme.related)
            if close:
                return "related", (d, *close)
            return "other", (d, *genres)
        return "discipline", (d,)
    return "none", ()
