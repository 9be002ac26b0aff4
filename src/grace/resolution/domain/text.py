"""Text helpers of the resolution domain: slugs, Markdown sections, triggers (accent folding is
the shared kernel's :func:`grace.text.fold`)."""

from __future__ import annotations

import functools
import re
from collections.abc import Mapping
from typing import Final

from grace.text import fold, words

_NON_SLUG: Final = re.compile(r"[^a-z0-9]+")
_H2: Final = re.compile(r"^##\s+(.+?)\s*#*\s*$")
_FENCE: Final = re.compile(r"^\s*(```|~~~)")


def slugify(text: str) -> str:
    """Slug of ``text``: folded, runs of non-alphanumerics replaced by ``-``, trimmed."""
    return _NON_SLUG.sub("-", fold(text)).strip("-")


def split_sections(body: str) -> dict[str, str]:
    """Split a Markdown body into its ``## `` sections, keyed by slug, in body order.

    Headings inside fenced code blocks are ignored. Each value starts with its heading line and
    runs until the next ``## `` heading (or the end). Text before the first heading is not a
    section. When two headings have the same slug, the second gets a ``-2`` suffix.
    """
    sections: dict[str, str] = {}
    current: str | None = None
    lines: list[str] = []
    in_fence = False
    for line in body.splitlines():
        if _FENCE.match(line):
            in_fence = not in_fence
        match = None if in_fence else _H2.match(line)
        if match:
            if current is not None:
                sections[current] = "\n".join(lines).strip()
            slug = slugify(match.group(1)) or "section"
            base, n = slug, 2
            while slug in sections:
                slug, n = f"{base}-{n}", n + 1
            current, lines = slug, [line]
        elif current is not None:
            lines.append(line)
    if current is not None:
        sections[current] = "\n".join(lines).strip()
    return sections


@functools.lru_cache(maxsize=65_536)
def _trigger_words(trigger: str) -> tuple[str, ...]:
    return tuple(fold(trigger).split())


@functools.lru_cache(maxsize=65_536)
def _trigger_pattern(trigger: str) -> re.Pattern[str]:
    words = [re.escape(w) for w in _trigger_words(trigger)]
    return re.compile(r"(?<![a-z0-9])" + r"[\s_-]*".join(words) + r"(?![a-z0-9])")


def _in_folded(folded: str, trigger: str) -> bool:
    words = _trigger_words(trigger)
    # The pattern holds each word literally: without its first word the task cannot match, and
    # no pattern is compiled (a catalog has hundreds of triggers, a task a few words).
    if words and words[0] not in folded:
        return False
    return _trigger_pattern(trigger).search(folded) is not None


def triggers_found(task: str, triggers: tuple[str, ...]) -> tuple[str, ...]:
    """The triggers present in ``task``, compared folded and on word boundaries.

    A multi-word trigger (``"use case"``) also matches ``use-case``, ``use_case`` and ``usecase``.
    Seed 001, step 4: "activation.triggers présents dans la tâche".
    """
    return triggers_in_folded(fold(task), triggers)


def triggers_in_folded(folded: str, triggers: tuple[str, ...]) -> tuple[str, ...]:
    """:func:`triggers_found` for a task already :func:`~grace.text.fold`-ed (fold it once
    for a whole catalog)."""
    return tuple(t for t in triggers if t.strip() and _in_folded(folded, t))


_NOT_ALNUM: Final = re.compile(r"[^a-z0-9]")
"""One character after which a trigger may start (its pattern's ``(?<![a-z0-9])``)."""

_BACKTICK: Final = re.compile(r"`([^`\n]{1,80})`")
_CODE_TOKENS: Final = (
    # camelCase / PascalCase with an inner capital: getUserById, UserService, useEffect
    re.compile(r"\b[a-z]+[A-Z][A-Za-z0-9]*\b|\b[A-Z][a-z0-9]+[A-Z][A-Za-z0-9]*\b"),
    # a call: fetch_items(, parseInt( — of a name of two characters or more: a one-letter
    # "call" in prose is notation, O(n log n), f(x), not the project's code
    re.compile(r"\b[A-Za-z_][A-Za-z0-9_.]+\("),
    # snake_case or SCREAMING_CASE: update_project, MAX_RETRIES
    re.compile(r"\b[A-Za-z0-9]+_[A-Za-z0-9_]+\b"),
    # a route (/api/items, /users/{id}) or a path of three segments or more (src/app/main):
    # "and/or", "input/output" are prose
    re.compile(r"(?<![\w/])/[A-Za-z0-9_.{}:-]+(?:/[A-Za-z0-9_.{}:-]+)*"),
    re.compile(r"\b[\w.-]+/[\w.-]+/[\w./-]+"),
    # a file name with an extension: items.py, app.component.ts
    re.compile(r"\b[A-Za-z0-9_-]+\.[a-z]{1,5}\b(?!\.)"),
    # a dotfile or a member written alone: .env, .gitignore, .Result
    re.compile(r"(?<![\w.])\.[A-Za-z_][A-Za-z0-9_]*\b(?!\.)"),
    # a static member or a path of modules (Queue::fake, std::fs) and a PHP or shell variable
    # ($request): « … avec Queue::fake » was refused as everyday talk (a new user's trial)
    re.compile(r"\b[A-Za-z_][A-Za-z0-9_]*::[A-Za-z_][A-Za-z0-9_]*"),
    re.compile(r"(?<![\w$])\$[A-Za-z_][A-Za-z0-9_]*"),
)
_NOT_FILE: Final = frozenset({"e.g", "i.e", "etc", "vs"})


def code_terms(task: str) -> tuple[str, ...]:
    """Identifiers, calls, routes, paths and file names written in ``task``, in order of
    appearance, without repeats (at most 16).

    A task that names code (``getUserById``, ``update_project``, ``/api/items``, ``items.py``,
    a backticked span) is a software task whatever its wording, even when its words are not
    those of any talent: the out-of-domain gate uses it (decision 0010, fourth follow-up).
    Plain prose gives ``()``: "Add pagination to the list" has no code term.

    Raises:
        Nothing: any string is accepted.
    """
    found: list[str] = [m.group(1).strip() for m in _BACKTICK.finditer(task)]
    for pattern in _CODE_TOKENS:
        found.extend(m.group(0).rstrip("(") for m in pattern.finditer(task))
    out = [t for t in dict.fromkeys(found) if t and t.lower() not in _NOT_FILE
           and not t.replace(".", "").isdigit()]
    return tuple(out[:16])


_WORD: Final = re.compile(r"[^\W\d_]+")
OURS: Final = frozenset({"we", "us", "our", "ours", "ourselves", "nous", "notre", "nos"})
"""Words by which a task speaks of its team's own project (English and French first person
plural): "How should we fix this?", "our spacing scale", « nos tests »."""
_THIS_PROJECT: Final = re.compile(
    r"\b(?:this|these|the)\s+(?:app|apps|application|project|repo|repository|codebase|code|"
    r"service|services|api|site|website|dashboard|backend|back end|frontend|front end)\b"
    r"|\b(?:cette|cet|ce|ces|l')\s*(?:application|appli|app|projet|dépôt|depot|code|service|"
    r"api|site|tableau de bord)\b|\bhere\b|\bici\b",
    re.IGNORECASE)
"""A task pointing at its own project: "in this app", "the API", "here", « cette application »."""


def speaks_of_ours(task: str) -> bool:
    """Whether ``task`` speaks of its team's own work: it holds a word of :data:`OURS` ("US",
    the country, in capitals, is not "us"), or points at the project ("this app", "the API",
    "here", « cette application »).

    A general question of computing asks about the world ("What is a deadlock?"); a question
    about the project says whose it is ("our service deadlocks under load, what do we do?").
    The hybrid gate's general-question criterion applies to the first only (decision 0027).

    Raises:
        Nothing: any string is accepted.
    """
    return (any(w.lower() in OURS and w != "US" for w in _WORD.findall(task))
            or bool(_THIS_PROJECT.search(task)))


class TriggerIndex:
    """The ``activation.triggers`` of a whole catalog, indexed once for many tasks.

    :func:`triggers_in_folded` over every talent costs one check per (talent, trigger) on each
    request; the index groups the catalog's distinct triggers by their first folded word, so a
    task costs a dictionary look-up per place a trigger could start and first-word length
    (:meth:`_firsts`), a pattern search only for the triggers whose first word is there, and
    nothing for the talents none of whose triggers matched. :meth:`found` returns, for every
    talent, what :func:`triggers_in_folded` returns (same triggers, same order, repeats kept).

    Args:
        triggers: talent id -> its ``activation.triggers``.
    """

    def __init__(self, triggers: Mapping[str, tuple[str, ...]]) -> None:
        self._triggers = dict(triggers)
        self._by_first: dict[str, list[str]] = {}
        self._wordless: list[str] = []  # not blank, yet no word once folded: checked each time
        self._owners: dict[str, list[str]] = {}
        for tid, listed in self._triggers.items():
            for trigger in dict.fromkeys(t for t in listed if t.strip()):
                owners = self._owners.setdefault(trigger, [])
                if not owners:
                    words = _trigger_words(trigger)
                    if words:
                        self._by_first.setdefault(words[0], []).append(trigger)
                    else:
                        self._wordless.append(trigger)
                owners.append(tid)
        self._first_lengths = sorted({len(first) for first in self._by_first})

    def _firsts(self, folded: str) -> list[str]:
        """The indexed first words that occur in ``folded`` where a trigger can start (after a
        character other than ``[a-z0-9]``, or at the start: the triggers' patterns require it),
        a superset of those whose triggers match. Each such start is tried with each length of
        an indexed first word (a few hundred dictionary look-ups for a task of a few words);
        a task so long that this costs more than a substring test per first word gets those."""
        starts = [0, *(m.end() for m in _NOT_ALNUM.finditer(folded))]
        if len(starts) * len(self._first_lengths) > 4 * len(self._by_first):
            return [first for first in self._by_first if first in folded]
        by_first, lengths = self._by_first, self._first_lengths
        return list({
            piece for at in starts for size in lengths
            if (piece := folded[at : at + size]) in by_first
        })

    def found(self, folded: str) -> dict[str, tuple[str, ...]]:
        """Talent id -> its triggers present in ``folded`` (a :func:`~grace.text.fold`-ed task),
        for the talents with at least one; any other talent has none."""
        hits = {
            trigger
            for first in self._firsts(folded)
            for trigger in self._by_first[first]
            if _trigger_pattern(trigger).search(folded) is not None
        }
        hits.update(t for t in self._wordless if _in_folded(folded, t))
        owners = {tid for trigger in hits for tid in self._owners[trigger]}
        return {
            tid: tuple(t for t in self._triggers[tid] if t in hits) for tid in sorted(owners)
        }


_LIST_ITEM: Final = re.compile(r"^\s*([-*+]|\d+[.)])\s")
MIN_HOLLOW_RUN: Final = 6
"""A body is hollow (:func:`hollow_headings`) when at least this many title lines follow one
another with nothing under them …"""
HOLLOW_SHARE: Final = 0.5
"""… and they make at least this share of its prose lines (code left out): an imported rule
whose source lost its bullets, such as ``cursor.sveltekit-typescript-guide`` ("Key Principles",
"Code Style and Structure", "Naming Conventions" … ten titles and one code sample), served on 12
of a new user's 26 SvelteKit tasks (decision 0010, eighteenth follow-up)."""


def _title_line(line: str) -> bool:
    """A plain line that reads as a title: capitalised, at most six words, no list marker, no
    closing punctuation, not a Markdown heading (those may head sub-headings)."""
    text = line.strip()
    return (bool(text) and not text.startswith("#") and not _LIST_ITEM.match(line)
            and text[0].isupper() and text[-1] not in ".:;!?,)" and len(text.split()) <= 6)


def hollow_headings(body: str) -> tuple[str, ...]:
    """The longest run of title lines with nothing under them in ``body`` (code blocks left
    out), when it makes the body hollow — at least :data:`MIN_HOLLOW_RUN` of them and
    :data:`HOLLOW_SHARE` of its prose lines —, else ``()``.

    ``"You are an expert in Svelte.\\n\\nKey Principles\\n\\nCode Style\\nNaming\\n…"`` (six
    titles or more, little else) -> ``("Key Principles", "Code Style", "Naming", …)``."""
    run: list[str] = []
    best: list[str] = []
    prose = 0
    fence = False
    for line in body.splitlines():
        if _FENCE.match(line):
            fence = not fence
            run = []
            continue
        if fence or not line.strip():
            continue
        prose += 1
        if _title_line(line):
            run.append(line.strip())
            best = run if len(run) > len(best) else best
        else:
            run = []
    hollow = len(best) >= MIN_HOLLOW_RUN and len(best) >= HOLLOW_SHARE * prose
    return tuple(best) if hollow else ()


MAX_UNFINISHED_LINES: Final = 12
"""A body of at most this many prose lines whose last one announces what follows
(:func:`unfinished_ending`) is all announcement."""


def unfinished_ending(body: str) -> str:
    """The last prose line of ``body`` (code blocks left out) when the body is at most
    :data:`MAX_UNFINISHED_LINES` prose lines and that line ends with a colon — it announces a
    list that never comes —, else ``""``.

    ``"You are an elite Python developer.\n\nThis project utilizes the following
    technologies:"`` -> ``"This project utilizes the following technologies:"``: the source
    rule stops there (``cursor.python-developer``, served twice to a new user's data platform;
    six of the 876 public rules end so; decision 0010, twenty-fourth follow-up)."""
    prose: list[str] = []
    fence = False
    for line in body.splitlines():
        if _FENCE.match(line):
            fence = not fence
            continue
        if not fence and line.strip():
            prose.append(line.strip())
    if prose and len(prose) <= MAX_UNFINISHED_LINES and prose[-1].endswith(":"):
        return prose[-1]
    return ""


_OVERRIDE_CLAIMS: Final = (
    re.compile(r"\btakes? precedence over\b", re.I),
    re.compile(r"\boverrid(?:e|es|ing) (?:any|all|every)\b[^.\n]{0,24}?"
               r"\b(?:behaviou?rs?|instructions?|rules?)\b", re.I),
    re.compile(r"\bhighest priority\b", re.I),
    re.compile(r"\bmust (?:not|never) be violated\b", re.I),
    re.compile(r"\babsolute compliance\b", re.I),
    re.compile(r"\bappl(?:y|ies) to all agents\b", re.I),
    re.compile(r"\bignore (?:all |any )?(?:previous|prior|other) instructions\b", re.I),
    re.compile(r"\bnever (?:end|stop|close) (?:the |this )?(?:session|conversation|chat)\b",
               re.I),
    re.compile(r"\bprimary directive #\s?\d", re.I),
)
MIN_OVERRIDE_CLAIMS: Final = 2
"""A body is an override prompt (:func:`override_claims`) when it makes at least this many
distinct claims of precedence over the agent's other instructions. Over the 876 imported rules
of ``../shared/data/rule-catalogs`` one claim is ordinary prose (a local config that "takes
precedence over" a shared one, "highest priority" in a review checklist: ten rules); two or
more are made by exactly three, all of them prompts about the agent's own conduct rather than
the code: TaskSync ("never end the session", "primary directive #1"), no-heredoc ("applies to
ALL agents", "takes precedence over any other learned behavior") and taming-copilot ("highest
priority and must not be violated"), decision 0010, twentieth follow-up."""


def override_claims(body: str) -> tuple[str, ...]:
    """The claims of precedence over the agent's other instructions that ``body`` makes, as
    written (first occurrence of each kind, in :data:`_OVERRIDE_CLAIMS` order), when they are
    at least :data:`MIN_OVERRIDE_CLAIMS` — an override prompt, which steers the agent's own
    conduct on every task (never end the session, never write a file from the terminal)
    rather than telling it something about a task's code —, else ``()``.

    ``"This instruction applies to ALL agents … It takes precedence over any other learned
    behavior."`` -> ``("takes precedence over", "applies to ALL agents")``."""
    found = tuple(m.group(0) for m in (p.search(body) for p in _OVERRIDE_CLAIMS)
                  if m is not None)
    return found if len(found) >= MIN_OVERRIDE_CLAIMS else ()


_STARTER_VERB: Final = (r"(?:generat\w*|creat\w*|scaffold\w*|bootstrap\w*|set(?:ting)? up|"
                        r"initiali[sz]\w*)")
_STARTER_QUALIFIERS: Final = (r"(?:(?:a|an|the|your)\s+)?(?:(?:new|brand[- ]new|fresh|complete|"
                              r"full|working|production[- ]ready|minimal|basic|starter),?\s+)+")
_STARTER_NOUN: Final = (r"(?:project|application|app|package|library|server|plugin|extension|"
                        r"skeleton|boilerplate|repo|repository|workspace)s?")
_STARTS_PROJECT: Final = re.compile(
    rf"\b{_STARTER_VERB}\s+{_STARTER_QUALIFIERS}(?:[\w.+#/-]+\s+){{0,4}}?{_STARTER_NOUN}\b"
    rf"|\b{_STARTER_VERB}\s+(?:[\w.+#/-]+\s+){{0,3}}?project\s+skeleton\b", re.I)
STARTER_LINES: Final = 3
"""How many prose lines of a body (headings left out) :func:`starts_project` reads after the
summary: where a rule says what it is for."""


def starts_project(summary: str, body: str) -> str:
    """What says that a rule is for starting a new project, package or application from scratch
    — its summary or the first :data:`STARTER_LINES` prose lines of its ``body`` say to
    generate, create or scaffold a new, complete or production-ready one ("Generate a complete
    Kotlin MCP server project", "You are a Laravel package developer tasked with creating a new
    package", "Create Spring Boot Java Project Skeleton") —, else ``""``. Such a rule is no
    guidance for a task in an existing project: the hybrid step serves it when the task asks for
    a new one (:func:`asks_new_project`). Over the 876 imported rules of
    ``../shared/data/rule-catalogs``: 20, among them the ten MCP server generators and
    ``skill.openapi-to-application-code`` (decision 0010, twentieth follow-up)."""
    lines = [line for line in body.splitlines()
             if line.strip() and not line.lstrip().startswith(("#", "---"))][:STARTER_LINES]
    found = _STARTS_PROJECT.search("\n".join([summary, *lines]))
    return " ".join(found.group(0).split()) if found else ""


_NEW_WORDS: Final = frozenset({
    "new", "scaffold", "bootstrap", "skeleton", "boilerplate", "starter", "greenfield",
    "nouveau", "nouvel", "nouvelle", "nouveaux", "nouvelles", "squelette"})
_PROJECT_WORDS: Final = frozenset({
    "project", "projet", "application", "app", "package", "paquet", "library", "bibliotheque",
    "server", "serveur", "microservice", "plugin", "extension", "repository", "repo", "depot",
    "sdk", "workspace", "monorepo"})
_SPLIT_WORDS: Final = frozenset({
    "extract", "extracting", "reusable", "standalone", "publish", "publishing", "extraire",
    "extrais", "extrait", "reutilisable", "autonome", "publier", "publie"})
_PACKAGE_WORDS: Final = frozenset({
    "package", "paquet", "library", "bibliotheque", "plugin", "extension", "sdk", "gem",
    "crate"})


def asks_new_project(task: str) -> bool:
    """Whether ``task`` asks to start a new project: a word of :data:`_NEW_WORDS` (« nouveau »,
    "scaffold") and one of :data:`_PROJECT_WORDS` (a project, package, application, server,
    library, plugin…), or a word of :data:`_SPLIT_WORDS` ("extract", "reusable") and one of
    :data:`_PACKAGE_WORDS` (code moved out into a package of its own); singular or plural,
    accents folded. "Scaffold a new Spring Boot service project", « Crée un nouveau projet »
    and "Extract our slug helper into a reusable Laravel package" ask for one; "Add an
    endpoint to create cars" and "Add a new column" do not."""
    nouns = _PROJECT_WORDS | _PACKAGE_WORDS
    said = {w[:-1] if w.endswith("s") and w[:-1] in nouns else w for w in words(task)}
    return bool((said & _NEW_WORDS and said & _PROJECT_WORDS)
                or (said & _SPLIT_WORDS and said & _PACKAGE_WORDS))
