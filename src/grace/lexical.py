"""Shared kernel: the one lexical analyser and BM25 scorer (``bm25s``) with Snowball stemming
(``PyStemmer``), French and English — resolution ranks talents with it, learnings its entries.

Analysis of a text: folded (lower case, no accents, :func:`grace.text.fold`), split into words
(``next.js``, ``c#`` and ``c++`` stay whole; a snake_case identifier such as
``select_related`` counts whole and as its parts), English and French stop words removed, then
stemmed with the Snowball stemmer of the text's language — French when French stop words
outnumber English ones, else English (technical vocabulary is English in both). Snowball:
M. Porter, "Snowball: A language for stemming algorithms", 2001.

Scores are BM25 (Lucene variant, k1 = 1.5, b = 0.75; Robertson & Zaragoza, "The Probabilistic
Relevance Framework: BM25 and Beyond", 2009) divided by the query's ceiling
``Σ idf(t) · (k1 + 1)`` over the query terms in the vocabulary, so that 1.0 means "every query
term, saturated" whatever the query's length: a value comparable across queries.
"""

from __future__ import annotations

import functools
import logging
import math
import re
from collections import Counter
from collections.abc import Sequence
from typing import Final

import bm25s  # type: ignore[import-untyped]
import numpy as np
import numpy.typing as npt
import Stemmer  # type: ignore[import-not-found]

from grace.glossary import translate
from grace.text import fold

# bm25s sets its own logger to DEBUG on import: every index built said "Building index from
# tokens" on `grace mcp`'s stderr; its warnings still show
logging.getLogger("bm25s").setLevel(logging.WARNING)

K1: Final = 1.5
B: Final = 0.75
_WORD: Final = re.compile(r"[a-z][a-z0-9]*(?:[.+#][a-z0-9]+)*[+#]*")
_IDENTIFIER: Final = re.compile(r"[a-z][a-z0-9]*(?:[._+#][a-z0-9]+)*[+#]*")


def _tokens(text: str) -> list[str]:
    """The words of ``text``, folded; a snake_case identifier gives itself whole, then its
    parts: ``"use select_related"`` -> ``["use", "select_related", "select", "related"]``. The
    whole identifier is rare in a corpus, so a task quoting one meets the rule that does; its
    parts still meet prose about the same thing. (camelCase parts were measured and not kept:
    decision 0010, seventh follow-up.)"""
    out: list[str] = []
    for word in _IDENTIFIER.findall(fold(text)):
        out.append(word)
        if "_" in word:
            out.extend(_WORD.findall(word.replace("_", " ")))
    return out


def _words(text: str) -> tuple[str, ...]:
    return tuple(text.split())


_EN: Final = frozenset(_words("""
a about above after again against all also am an and any are as at be because been before being
below between both but by can could did do does doing down during each few for from further had
has have having he her here hers him his how i if in into is it its itself just me more most my
no nor not now of off on once only or other our out over own same she should so some such than
that the their them then there these they this those through to too under until up very was we
were what when where which while who whom why will with would you your yours please make sure
via etc e.g i.e
"""))
_FR: Final = frozenset(fold(w) for w in _words("""
a au aux avec ce ces cette dans de des du elle en et est il ils je la le les leur leurs lui ma
mais me mes moi mon ne nos notre nous on ou où par pas pour qu que qui sa se ses son sur ta te
tes toi ton tu un une vos votre vous y été être avoir fait faire faut plus très sans sous entre
afin ainsi alors aussi comme chaque dont lors quand car donc si ça cela ceci tout tous toute
toutes même doit doivent peut peuvent
"""))
STOP_WORDS: Final = _EN | _FR
"""English and French stop words (folded)."""
FRENCH_HOMOGRAPHS: Final = frozenset({"comment"})
"""French function words spelt as an English content word (« comment » : how): stop words of a
French text only — « Comment ajouter un filtre ? » is not about code comments."""

_STEMMERS: dict[str, Stemmer.Stemmer] = {}

ACTION_WORDS: Final = frozenset(_words("""
add edit create generate update remove delete modify change rename move replace write make
build implement fix improve handle support keep ensure allow enable provide follow apply include
look ask answer propose require interact compare carry fill preserve produce desire tie align
orient adopt contradict define describe explain set
"""))
"""The verbs of a coding agent's everyday work, which say what to do, not what about: "Add a
LiveView form for editing a profile" is about forms and profiles. As an imported rule's trigger,
*editing* made a draw.io skill ("for creating, editing or generating diagrams") the top talent
of that task (a new user's trial; decision 0010, twenty-fourth follow-up). Words that name a
kind of work (refactor, test, debug, review, migrate, deploy, document) are not here. The
importer's triggers and the hybrid step's rule names and subjects leave them out; a task's
BM25 query keeps them (leaving them out there cost the label sets 1.3 to 2.6 points of
recall: "write the SQLAlchemy implementation of …" then says only two words)."""

ACTION_STEMS: Final[frozenset[str]] = frozenset(
    Stemmer.Stemmer("english").stemWords(sorted(ACTION_WORDS)))
"""English Snowball stems of :data:`ACTION_WORDS`, every inflection at once: ``edit`` is
*edits*, *editing*, *edited*."""


def is_action(word: str) -> bool:
    """Whether ``word`` (any case, accents allowed) is an inflection of one of
    :data:`ACTION_WORDS` by its English Snowball stem: ``is_action("Editing")`` is ``True``,
    ``is_action("editor")`` is ``False``."""
    return _stemmer("english").stemWord(fold(word)) in ACTION_STEMS


def _stemmer(language: str) -> Stemmer.Stemmer:
    if language not in _STEMMERS:
        _STEMMERS[language] = Stemmer.Stemmer(language)
    return _STEMMERS[language]


def _language(words: Sequence[str]) -> str:
    french = sum(w in _FR and w not in _EN for w in words)
    english = sum(w in _EN and w not in _FR for w in words)
    return "french" if french > english else "english"


def is_french(text: str) -> bool:
    """Whether ``text`` reads as French: more of its words are French-only stop words than
    English-only ones (the language :func:`analyse` stems it in)."""
    return _language(_tokens(text)) == "french"


def _analyse_words(words: Sequence[str], language: str) -> list[str]:
    stem = _stemmer(language).stemWord
    stop = STOP_WORDS | FRENCH_HOMOGRAPHS if language == "french" else STOP_WORDS
    return [
        w if not w.isalnum() else stem(w)  # next.js, c#, c++ stay whole
        for w in words
        if w not in stop and len(w) > 1
    ]


def analyse(text: str, *, language: str | None = None) -> list[str]:
    """Stemmed, stop-word-free tokens of ``text`` (see the module docstring).

    ``analyse("Les requêtes SQL")`` -> ``["requet", "sql"]``; ``analyse("Next.js pages")``
    -> ``["next.js", "page"]``. ``language`` (a Snowball name: ``"french"``) forces the
    stemmer, so that a three-word request and a long record are stemmed alike.
    """
    words = _tokens(text)
    return _analyse_words(words, language or _language(words))


def analyse_query(text: str) -> list[str]:
    """The query a French text puts to English documents: the English stems of its glossary
    words (:func:`grace.glossary.translate`), and its other words stemmed both as French and as
    English, each token once (any other text: :func:`analyse`).

    A word the glossary translates keeps no French or English stem of its own: « composant »
    stems to ``compos`` and would meet ``compose`` and ``composer``; its translation
    ``component`` is what an English document says. The technical words of a French request
    are English ones ("endpoint", "Pydantic"), which the glossary does not know: stemmed as
    French only, "pydantic" never meets an English document's "pydant".

    ``analyse_query("Corrige les requêtes lentes")`` -> ``["fix", "correct", "queri", "request",
    "slow"]`` (« corrige », « requêtes », « lentes » are all in the glossary), deduplicated, in
    first-seen order.
    """
    words = _tokens(text)
    language = _language(words)
    tokens = _analyse_words(words, language)
    if language == "french":
        translated, covered = translate(text)
        english = [fold(w) for w in translated]
        untranslated = [w for w in words if w not in covered and w not in FRENCH_HOMOGRAPHS]
        tokens = (_analyse_words(untranslated, "french")
                  + _analyse_words(untranslated, "english") + _analyse_words(english, "english"))
    return list(dict.fromkeys(tokens))


@functools.lru_cache(maxsize=2)
def _analysed(query: str) -> tuple[str, ...]:
    """:func:`analyse` of a query, kept for the next two: a resolve scores its task against two
    indexes (whole talents, headers), and the files' path words against one. Two only: this
    saves work within a request, it is not a cache of tasks across requests."""
    return tuple(analyse(query))


@functools.lru_cache(maxsize=2)
def _analysed_query(query: str) -> tuple[str, ...]:
    """:func:`analyse_query` of a query, kept like :func:`_analysed`."""
    return tuple(analyse_query(query))


class Bm25Scorer:
    """BM25 over ``documents`` (bm25s): resolution's
    :class:`~grace.resolution.domain.ports.LexicalScorer` and the scorer behind learnings'
    :class:`~grace.learnings.adapters.bm25.Bm25Index`.

    Building costs one pass over the documents; a query costs one sparse product.

    Args:
        documents: the corpus, one string per document (row order = score order).
        translate: a French query is scored as written (:func:`analyse`) against the
            documents written in French, and as :func:`analyse_query` reads it against the
            others (English): the English words reach English documents and never dilute the
            score of a French one, and a French stem never meets an English word by accident
            (« composant » / ``compose``). ``False``: as written against all.
    """

    def __init__(self, documents: Sequence[str], *, translate: bool = False) -> None:
        self._translate = translate
        corpus: list[list[str]] = []
        french: list[bool] = []
        for document in documents:  # what analyse() does, keeping the language it found
            found = _tokens(document)
            language = _language(found)
            corpus.append(_analyse_words(found, language) or ["\x00"])
            french.append(translate and language == "french")
        self._french = np.asarray(french, dtype=bool)
        self._n = len(corpus)
        df: Counter[str] = Counter()
        for doc in corpus:
            df.update(set(doc))
        self._idf = {
            t: math.log(1 + (self._n - f + 0.5) / (f + 0.5)) for t, f in df.items()
        }
        self._max_idf = max(self._idf.values(), default=0.0)
        self._bm25 = bm25s.BM25(k1=K1, b=B)
        if self._n:
            self._bm25.index(corpus, show_progress=False)

    def scores(self, query: str) -> npt.NDArray[np.float64]:
        """See the port; ``(n_docs,) float64`` in [0, 1]."""
        as_written = _analysed(query)
        plain = self._scores(as_written)
        if not self._translate:
            return plain
        translated = _analysed_query(query)
        if translated == tuple(dict.fromkeys(as_written)):
            return plain
        return np.where(self._french, plain, self._scores(translated))

    def specificity(self, query: str) -> float:
        """How rare the query's words are in this corpus: the mean, over the analysed query
        terms (as written) found in the corpus, of ``idf(t) / max idf``, in [0, 1]; 0.0 when
        none is found. :meth:`scores` times this is the score normalised by the corpus'
        ceiling (every query term saturated *and* as rare as the rarest word) instead of the
        query's, so a common word ("items") weighs little where :meth:`scores` alone would
        saturate on it."""
        terms = [t for t in dict.fromkeys(_analysed(query)) if t in self._idf]
        if not terms or self._max_idf <= 0:
            return 0.0
        return float(sum(self._idf[t] for t in terms) / (len(terms) * self._max_idf))

    def _scores(self, tokens: Sequence[str]) -> npt.NDArray[np.float64]:
        terms = [t for t in dict.fromkeys(tokens) if t in self._idf]
        if not self._n or not terms:
            return np.zeros(self._n, dtype=np.float64)
        raw = np.asarray(self._bm25.get_scores(terms), dtype=np.float64)
        ceiling = sum(self._idf[t] for t in terms) * (K1 + 1)
        return np.clip(raw / ceiling, 0.0, 1.0) if ceiling > 0 else np.zeros_like(raw)


def pool_bm25(documents: Sequence[npt.NDArray[np.int32]],
              query: Sequence[int]) -> npt.NDArray[np.float64]:
    """BM25 of ``query`` over a small pool of already analysed ``documents`` (each an array of
    term ids, repeats kept), normalised like :meth:`Bm25Scorer.scores`.

    The same figures as :class:`Bm25Scorer` (bm25s's Lucene variant: idf
    ``log(1 + (N - df + 0.5) / (df + 0.5))`` times ``tf / (tf + k1 (1 - b + b |d| / avgdl))``,
    k1 = 1.5, b = 0.75, divided by the query's
    ceiling ``Σ idf(t) · (k1 + 1)`` over the query terms present in the pool), computed for the
    query terms only: no index is built, so scoring a few hundred documents costs one pass over
    their term ids (matching ranks each request's in-zone survivors this way; a unit test checks
    it against bm25s).

    Returns:
        ``(len(documents),) float64`` in [0, 1]; zeros when no query term is in the pool.
    """
    n = len(documents)
    terms = np.unique(np.asarray(list(query), dtype=np.int64))
    if n == 0 or len(terms) == 0:
        return np.zeros(n, dtype=np.float64)
    lengths = np.fromiter((len(d) for d in documents), dtype=np.float64, count=n)
    flat = np.concatenate([np.asarray(d, dtype=np.int64) for d in documents])
    owner = np.repeat(np.arange(n), lengths.astype(np.int64))
    hit = np.isin(flat, terms)
    col = np.searchsorted(terms, flat[hit])
    tf = np.zeros((n, len(terms)), dtype=np.float64)
    np.add.at(tf, (owner[hit], col), 1.0)
    df = (tf > 0).sum(axis=0)
    present = df > 0
    if not present.any():
        return np.zeros(n, dtype=np.float64)
    idf = np.log(1 + (n - df + 0.5) / (df + 0.5))
    avg = float(lengths.mean()) or 1.0
    norm = K1 * (1 - B + B * lengths / avg)
    raw = (tf / (tf + norm[:, None]) * idf[None, :])[:, present].sum(axis=1)  # bm25s "lucene"
    ceiling = float(idf[present].sum() * (K1 + 1))
    out: npt.NDArray[np.float64] = np.clip(raw / ceiling, 0.0, 1.0)
    return out


class GrowingBm25:
    """BM25 over documents that can be added after the build in O(new documents): the
    figures of :class:`Bm25Scorer` (``translate=False``), computed at query time for the query
    terms only, from postings kept per term (document, term frequency) and the documents'
    lengths — the formula of :func:`pool_bm25` (bm25s's "lucene" variant). bm25s itself has no
    way to add a document: its index holds every (term, document) score, and each one depends
    on the number of documents and their mean length (decision 0020).

    A query costs one pass over the postings of its terms (a term present in every document of
    100 000: one vector operation over 100 000 entries).

    Args:
        documents: the first documents (row order = score order).
    """

    def __init__(self, documents: Sequence[str] = ()) -> None:
        self._vocab: dict[str, int] = {}
        self._docs: list[list[int]] = []
        self._tfs: list[list[int]] = []
        self._lengths: list[int] = []
        self._arrays: dict[int, tuple[npt.NDArray[np.int64], npt.NDArray[np.float64]]] = {}
        self._length_array: npt.NDArray[np.float64] | None = None
        self.extend(documents)

    def __len__(self) -> int:
        return len(self._lengths)

    def extend(self, documents: Sequence[str]) -> None:
        """Add ``documents`` after the others (their rows follow, in order)."""
        for text in documents:
            tokens = analyse(text) or ["\x00"]  # as Bm25Scorer: an empty document has length 1
            row = len(self._lengths)
            self._lengths.append(len(tokens))
            for term, count in Counter(tokens).items():
                tid = self._vocab.setdefault(term, len(self._vocab))
                if tid == len(self._docs):
                    self._docs.append([])
                    self._tfs.append([])
                self._docs[tid].append(row)
                self._tfs[tid].append(count)
                self._arrays.pop(tid, None)
        if documents:
            self._length_array = None

    def _postings(self, tid: int) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.float64]]:
        if tid not in self._arrays:
            self._arrays[tid] = (np.asarray(self._docs[tid], dtype=np.int64),
                                 np.asarray(self._tfs[tid], dtype=np.float64))
        return self._arrays[tid]

    def scores(self, query: str) -> npt.NDArray[np.float64]:
        """``(n_docs,) float64`` in [0, 1], as :meth:`Bm25Scorer.scores`."""
        n = len(self._lengths)
        terms = [self._vocab[t] for t in dict.fromkeys(analyse(query)) if t in self._vocab]
        out = np.zeros(n, dtype=np.float64)
        if not n or not terms:
            return out
        if self._length_array is None:
            self._length_array = np.asarray(self._lengths, dtype=np.float64)
        lengths = self._length_array
        norm = K1 * (1 - B + B * lengths / float(lengths.mean()))
        ceiling = 0.0
        for tid in terms:
            docs, tf = self._postings(tid)
            df = len(docs)
            idf = math.log(1 + (n - df + 0.5) / (df + 0.5))
            out[docs] += idf * tf / (tf + norm[docs])
            ceiling += idf
        ceiling *= K1 + 1
        return np.clip(out / ceiling, 0.0, 1.0) if ceiling > 0 else np.zeros(n)


def bm25_scorer(documents: Sequence[str]) -> Bm25Scorer:
    """:class:`~grace.resolution.domain.ports.LexicalScorerFactory` building a
    :class:`Bm25Scorer` whose French queries also carry their English glossary words
    (talents are mostly written in English)."""
    return Bm25Scorer(documents, translate=True)
