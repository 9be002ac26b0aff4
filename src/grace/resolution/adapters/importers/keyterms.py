"""A small key-term extractor for the descriptions of imported rules (-> ``activation.triggers``).

Terms are the words of the text, folded (lower case, accents removed, see
:func:`grace.resolution.domain.text.fold`), of at least :data:`MIN_LETTERS` characters, starting
with a letter and keeping inner ``.``, ``+`` and ``#`` (``next.js``); hyphenated words are split.
One exception to the length: acronyms written in capitals in the text (``MCP``, ``API``,
``SQL``, ``LLMs`` -> ``llm``) are kept, as they usually name the topic. Stop-words (English and
French, including short words written in capitals such as ``AND``, ``AI``) and words too generic
to say what a rule is about (``code``, ``file``, ``using``, ``best``, ``practices``,
``guidelines``, ``instructions`` ...) are dropped, and so are the verbs of everyday work
(:func:`grace.lexical.is_action`: ``editing``, ``generating``), which every task says.

"Most distinctive first" is TF-IDF over the batch being imported, with the rule's body as a
topicality hint: a term scores ``w * (1 + ln((1 + n) / (1 + df)))`` where
``w = tf + ln(1 + tf_body)``, ``tf`` its count in the text, ``tf_body`` its count in the body,
``df`` the number of texts of the batch that contain it and ``n`` the batch size. A word that
every rule of a collection repeats ("cursor", "development") ranks after the words that set this
rule apart, and among the rare words those the body keeps using come first. Ties keep the order
of first appearance. Without batch statistics the idf factor is 1.
"""

from __future__ import annotations

import math
import re
import unicodedata
from collections import Counter
from collections.abc import Iterable, Mapping
from typing import Final

from grace.lexical import is_action
from grace.text import fold

MIN_LETTERS: Final = 4
MAX_TERM_CHARS: Final = 40
"""Longer "words" (hashes, URLs without separators) are never terms."""
MAX_TERMS: Final = 8

_TOKEN: Final = re.compile(r"[A-Za-z][A-Za-z0-9]*(?:[.+#][A-Za-z0-9]+)*[+#]*")
_ACRONYM: Final = re.compile(r"([A-Z]{2,3})s?")


def _words(text: str) -> tuple[str, ...]:
    return tuple(text.split())


_ENGLISH: Final = _words("""
about above across actually after again against ahead along already also although always among
another anyone anything around away back based because become been before being below beside
best better between beyond both bring came cannot come comes could does doing done down during
each either else enough even ever every everything example examples first from further gets
give given gives goes going good have having help helps here hers herself himself into itself
just keep keeps know last least less like likely made make makes making many might more most
much must myself need needed needs never next none nothing often once only onto other others
ought ours ourselves over own part per perhaps please put rather really same seem seems several
shall should show shows since some something such sure take takes than that thats their theirs
them themselves then there therefore these they thing things this those though through thus
together toward towards under unless until upon used useful user users uses very want wants
well were what whatever when whenever where whether which while whom whose will with within
without would yeah year years your yours yourself yourselves
""")

_FRENCH: Final = _words("""
afin ainsi alors après aucun aucune auprès aussi autre autres aux avant avec avoir avons ayant
beaucoup bien car ceci cela celle celles celui cependant certain certains ces cet cette ceux
chaque chez comme comment dans depuis des donc dont duquel elle elles encore entre est étaient
était être eux fait faire faut leur leurs lors lorsque mais même mêmes moins mon nos notre nous
où par parce parmi pas pendant peu peut peuvent plus plusieurs pour pourquoi pourra quand que
quel quelle quelles quels qui quoi sans selon sera seront ses sinon soit sont sous souvent
sur tandis tant tel telle telles tels tous tout toute toutes très trop une vers voici voilà
vos votre vous utiliser utilisez utilisation fichier fichiers règle règles bonnes pratiques
""")

_GENERIC: Final = _words("""
code codes coding file files use used uses using best practice practices guideline guidelines
instruction instructions rule rules cursor copilot github skill skills agent agents prompt
prompts development develop developer developers developing write writing written apply
applies applying applied ensure ensures following follow follows project projects task tasks
work works working create creates creating build builds building include includes including
provide provides providing support supports general specific standard standards convention
conventions comprehensive guide guides guidance integration integrations implementation
implement implementing application applications expert modern proper properly approach
approaches tips tool tools helper helpers various different multiple common content
documentation asks asked request requests mentions mention triggers trigger whenever etc
enable enables enabling allow allows designed handle handles handling perform manage
managing anti multi semi self performing operations operation error errors structure
structures safe safety const quality clean maintainable readable efficient efficiently
robust simple better good great high level levels based focus focused focusing feature
features system systems change changes update updates make makes making need needs
""")

_SHORT: Final = _words("""
ai ok us uk id ids le la les de du des un et en ne pas par sur est qui que une aux ces ses son
sa ou au il and the for not you use all any are but can has how its new now one our out own
see set two was way who why yes get let may add do no or if is to in on of by at as be we it
an up so my me he she his her etc via per
""")

STOP_WORDS: Final[frozenset[str]] = frozenset(
    fold(w) for w in (*_ENGLISH, *_FRENCH, *_GENERIC, *_SHORT)
)
"""Folded English and French stop-words plus generic words of rule descriptions."""


def _ascii(text: str) -> str:
    """``text`` with accents removed and other non-ASCII characters dropped (tokens are ASCII)."""
    if text.isascii():
        return text
    return unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode("ascii")


def candidate_terms(text: str) -> list[str]:
    """The candidate terms of ``text`` in order of appearance, repeated as often as they occur."""
    terms: list[str] = []
    for token in _TOKEN.findall(_ascii(text).replace("-", " ")):
        acronym = _ACRONYM.fullmatch(token)
        term = acronym.group(1).lower() if acronym else token.lower()
        long_enough = acronym or MIN_LETTERS <= len(term) <= MAX_TERM_CHARS
        if long_enough and term not in STOP_WORDS and (
                acronym or not term.isalpha() or not is_action(term)):
            terms.append(term)
    return terms


def document_frequency(texts: Iterable[str]) -> Counter[str]:
    """For each candidate term, the number of ``texts`` it occurs in (for :func:`key_terms`)."""
    counts: Counter[str] = Counter()
    for text in texts:
        counts.update(set(candidate_terms(text)))
    return counts


def key_terms(
    text: str,
    *,
    body: str = "",
    frequency: Mapping[str, int] | None = None,
    documents: int = 0,
    limit: int = MAX_TERMS,
) -> tuple[str, ...]:
    """The at most ``limit`` most distinctive terms of ``text``, best first.

    Args:
        text: a description (any language; folded before reading).
        body: the rule's body; its term counts only reorder the terms of ``text``.
        frequency: term -> number of documents of the batch containing it
            (:func:`document_frequency`); ``None`` means no idf factor.
        documents: the number of documents ``frequency`` was computed over.
        limit: maximum number of terms returned.
    """
    terms = candidate_terms(text)
    counts = Counter(terms)
    in_body = Counter(t for t in candidate_terms(body) if t in counts) if body else Counter()
    first = {t: i for i, t in reversed(list(enumerate(terms)))}

    def score(term: str) -> float:
        weight = counts[term] + math.log1p(in_body[term])
        if not frequency or documents <= 0:
            return weight
        return weight * (1 + math.log((1 + documents) / (1 + frequency.get(term, 0))))

    ranked = sorted(counts, key=lambda t: (-score(t), first[t]))
    return tuple(ranked[:limit])
