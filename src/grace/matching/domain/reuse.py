"""May a past request's shortlist be offered for a new one? Not across a negation (issue 14).

Requests are compared for reuse only with the same hard filters and a cosine ≥ 0.98 (decision
0009), but e5 puts « Soirée de gala avec alcool » and « … sans alcool » above that: an embedding
barely moves for one word that flips the meaning. :func:`opposition` compares the two texts and
names what flips, in French and English:

- **negated concepts** — a negation cue (``sans``, ``pas``, ``non``, ``aucun``, ``ni``, ``no``,
  ``not``, ``without``, ``X-free``…) negates the run of content words after it (up to
  :data:`SCOPE` words, to the next comma or conjunction); a post-posed cue (``interdit``,
  ``exclu``, ``forbidden``, ``banned``…) negates the words just before it (« alcool interdit »);
  a negative prefix (``inaccessible``, ``non-fumeur``, ``unheated``) negates the rest of the word
  when the other request names it;
- **opposite constraints** — a pair of antonyms (:data:`ANTONYMS`: autorisé/interdit,
  intérieur/extérieur, public/privé, indoor/outdoor, formal/casual…) of which each request
  asserts a different side.

Two requests are opposed when a concept is negated in one and asserted in the other, when one
excludes something and the other excludes nothing of it (« gala » against « gala sans
alcool »: the past shortlist ignored a constraint), or when they take opposite sides of a pair.
Concepts are compared by stems: folded, accents removed, first :data:`STEM_CHARS` characters
(seed 000's stems). Measured on ``eval/reuse_pairs.jsonl`` (``benchmarks/matching_reuse.py``).
"""

from __future__ import annotations

import re
from typing import Final

from grace.text import fold

STEM_CHARS: Final = 5
"""Characters kept of a word (seed 000: « 5 premiers caractères »): alcool = alcoolisé."""
SCOPE: Final = 3
"""Content words a negation reaches (« sans boissons alcoolisées fortes »)."""
SHARED_CHARS: Final = 4
"""Two exclusions are the same when their first 4 characters agree (« non-fumeur » = « interdit
de fumer »): looser than :data:`STEM_CHARS`, it only ever lets a pair through."""

NEGATION_BEFORE: Final = frozenset({
    "sans", "pas", "non", "aucun", "aucune", "aucuns", "ni", "jamais", "sauf", "hors", "zero",
    "no", "not", "without", "never", "none", "nor", "except", "excluding", "nothing",
})
"""Cues that negate the words after them (folded)."""
NEGATION_AFTER: Final = frozenset({
    "interdit", "interdite", "interdits", "interdites", "exclu", "exclue", "exclus", "exclues",
    "proscrit", "proscrite", "proscrits", "proscrites", "refuse", "refusee", "refuses",
    "refusees", "prohibe", "prohibee", "prohibes", "prohibees",
    "forbidden", "prohibited", "banned", "excluded", "disallowed",
})
"""Cues that negate the words before them (« alcool interdit »), or after them when nothing
precedes (« interdit de fumer »)."""
_BOUNDARY: Final = frozenset({
    "et", "ou", "mais", "avec", "pour", "car", "donc", "puis", "and", "or", "but", "with", "for",
    "so", "then", "while",
})
_SKIP: Final = frozenset({
    "de", "d", "du", "des", "la", "le", "les", "l", "un", "une", "au", "aux", "a", "en", "y",
    "il", "elle", "on", "ce", "c", "cela", "est", "sont", "etre", "sera", "tout", "surtout",
    "svp", "the", "an", "any", "of", "to", "at", "is", "are", "be", "will", "it", "this",
    "please", "all", "besoin", "need", "needed", "s", "qu", "que", "n", "ne",
    "very", "tres", "trop", "too",
})
"""Words a negation scope skips over without ending (articles, copulas, « surtout »)."""
_PREFIXES: Final = ("non", "dis", "in", "im", "il", "ir", "un")
"""Negative prefixes (inaccessible, impossible, illimité, unheated), tried longest first."""

ANTONYMS: Final[tuple[tuple[str, str], ...]] = (
    # French
    ("autorise", "interdit"), ("permis", "interdit"), ("accepte", "interdit"),
    ("bienvenu", "interdit"), ("interieur", "exterieur"), ("dedans", "dehors"),
    ("public", "prive"), ("inclus", "exclu"), ("obligatoire", "facultatif"),
    ("obligatoire", "optionnel"), ("jour", "nuit"), ("journee", "soiree"), ("diurne", "nocturne"),
    ("matin", "soir"), ("calme", "bruyant"), ("calme", "anime"), ("silencieux", "bruyant"),
    ("petit", "grand"), ("urbain", "rural"), ("ville", "campagne"), ("payant", "gratuit"),
    ("formel", "decontracte"), ("avant", "apres"), ("chaud", "froid"), ("moderne", "ancien"),
    ("climatise", "chauffe"),
    # English
    ("allowed", "forbidden"), ("allowed", "prohibited"), ("allowed", "banned"),
    ("permitted", "prohibited"), ("welcome", "forbidden"), ("indoor", "outdoor"),
    ("indoors", "outdoors"), ("inside", "outside"), ("public", "private"),
    ("included", "excluded"), ("mandatory", "optional"), ("required", "optional"),
    ("day", "night"), ("daytime", "evening"), ("morning", "evening"), ("quiet", "noisy"),
    ("quiet", "loud"), ("quiet", "lively"), ("small", "large"), ("small", "big"),
    ("urban", "rural"), ("city", "countryside"), ("paid", "free"), ("formal", "casual"),
    ("before", "after"), ("hot", "cold"), ("modern", "historic"),
)
"""Opposite constraints an organiser states (folded; plural and feminine endings are dropped
before comparing: « autorisées » = « autorisé »). General vocabulary of event requests, not the
evaluation pairs."""

_TOKEN = re.compile(r"[a-z0-9]+|[.,;:!?()/\n]")
_FREE = re.compile(r"\b([a-z0-9]+)[- ]free\b")
"""``alcohol-free``: ``no alcohol``, the scope closed after the word."""
_NON = re.compile(r"\b(non|no|sans|zero)-([a-z0-9]+)")
"""``non-fumeur``, ``no-smoking``: the prefix negates that one word."""
_NT = re.compile(r"n['’]t\b")


def _lemma(word: str) -> str:
    """Word without its plural and feminine endings (``interdites`` → ``interdit``,
    ``privée`` → ``priv``, ``privé`` → ``priv``)."""
    changed = True
    while changed:
        changed = False
        for end in ("s", "x", "e"):
            if len(word) > 3 + len(end) and word.endswith(end):
                word, changed = word[: -len(end)], True
    return word


_SIDES: Final = tuple((_lemma(x), _lemma(y)) for x, y in ANTONYMS)


def stem(word: str) -> str:
    """Folded word cut to :data:`STEM_CHARS` characters (seed 000)."""
    return word[:STEM_CHARS]


def _tokens(text: str) -> list[str]:
    folded = _NT.sub(" not", fold(text))
    folded = _NON.sub(r"\1 \2 ;", _FREE.sub(r"no \1 ;", folded))
    return _TOKEN.findall(folded.replace("-", " "))


class _Reading:
    """One request read: the stems it asserts and negates, the antonym sides it takes."""

    def __init__(self, text: str) -> None:
        tokens = _tokens(text)
        negated_at: set[int] = set()
        for i, tok in enumerate(tokens):
            if tok in NEGATION_BEFORE:
                negated_at |= self._scope(tokens, i, +1)
            elif tok in NEGATION_AFTER:
                back = self._scope(tokens, i, -1)
                negated_at |= back or self._scope(tokens, i, +1)
        content = [(i, t) for i, t in enumerate(tokens) if self._content(t)]
        self.words = {t for _, t in content}
        self.word_of = {stem(t): t for _, t in reversed(content)}
        self.negated = {stem(t) for i, t in content if i in negated_at}
        self.asserted = {stem(t) for i, t in content if i not in negated_at}
        self.sides = {_lemma(t) for i, t in content if i not in negated_at}
        self.sides |= {_lemma(t) for t in tokens if t in NEGATION_AFTER}

    @staticmethod
    def _content(tok: str) -> bool:
        return tok[0].isalnum() and tok not in _SKIP and tok not in _BOUNDARY and (
            tok not in NEGATION_BEFORE and tok not in NEGATION_AFTER)

    @staticmethod
    def _scope(tokens: list[str], at: int, step: int) -> set[int]:
        """Indices of the content words a cue at ``at`` negates, walking by ``step``."""
        out: set[int] = set()
        i = at + step
        while 0 <= i < len(tokens) and len(out) < SCOPE:
            tok = tokens[i]
            if not tok[0].isalnum() or tok in _BOUNDARY or tok in NEGATION_BEFORE or (
                    tok in NEGATION_AFTER):
                break
            if tok not in _SKIP:
                out.add(i)
            i += step
        return out

    def prefix_negations(self, other: _Reading) -> set[str]:
        """Stems this request negates by a prefix, of words the other request asserts."""
        out = set()
        for word in self.words:
            for prefix in _PREFIXES:
                rest = word[len(prefix):]
                if word.startswith(prefix) and len(rest) >= 4 and stem(rest) in other.asserted \
                        and stem(rest) not in self.asserted:
                    out.add(stem(rest))
                    break
        return out


def opposition(a: str, b: str) -> str | None:
    """Why requests ``a`` and ``b`` must not share a shortlist, or ``None`` when they may.

    Returns:
        A short French reason naming the concept or the pair (« alcool : exclu par une seule des
        deux demandes »), or ``None``.
    """
    ra, rb = _Reading(a), _Reading(b)
    neg_a = ra.negated | ra.prefix_negations(rb)
    neg_b = rb.negated | rb.prefix_negations(ra)
    word_of = {**rb.word_of, **ra.word_of}
    for neg, other, other_neg in ((neg_a, rb, neg_b), (neg_b, ra, neg_a)):
        flipped = sorted(s for s in neg if s in other.asserted and s not in other_neg)
        if flipped:
            return f"« {word_of.get(flipped[0], flipped[0])} » : exclu par une demande, " \
                "demandé par l'autre"
        if neg and not {s[:SHARED_CHARS] for s in neg} & {s[:SHARED_CHARS] for s in other_neg}:
            first = sorted(neg)[0]
            return f"« {word_of.get(first, first)} » : exclu par une seule des deux demandes"
    for (x, y), words in zip(_SIDES, ANTONYMS, strict=True):
        if (x in ra.sides) != (y in ra.sides) and (x in ra.sides) == (y in rb.sides) and (
                (x in rb.sides) != (y in rb.sides)):
            return f"« {words[0]} » / « {words[1]} » : contraintes opposées"
    return None
