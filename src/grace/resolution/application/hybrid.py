"""The hybrid relevance step (default, ``GRACE_RELEVANCE_ALGO=hybrid``): channels, then the
domain's :class:`~grace.resolution.domain.hybrid.HybridSelector`.

Per talent, computed once per catalog state and kept in memory:

* a *header* passage (name, summary, triggers) and up to :data:`MAX_CHUNKS` *body chunks* of
  about :data:`CHUNK_WORDS` words of the ``full`` body, embedded as e5 passages (through the
  embedder's persistent cache); headers are centred on the mean header of the active talents,
  chunks on the mean chunk (seed 000's anti-anisotropy), and a talent's dense score is its best
  passage's centred cosine with the task;
* a BM25 document (name twice, summary, triggers, tags, languages, body) and a second BM25
  index over the headers alone;
* its *name terms* (:func:`name_terms`): the words of its name and id that at most
  :data:`MAX_NAME_TERM_SHARE` of the active talents use anywhere (``express`` in
  ``cursor.node-express``, never ``best`` or ``practices``); found in the task, in the words
  of the files' paths or among the frameworks whose conventions the files follow
  (:func:`~grace.resolution.domain.languages.frameworks_of_files`), or the framework whose
  own identifiers the task quotes (:func:`~grace.resolution.domain.languages.frameworks_told`:
  ``ngOnInit`` names angular), they count as triggers, so a task naming a talent's subject
  opens the gate even where e5-small's dense score is weak;
* the cross-cutting concerns its name says (:func:`concern_names`: security, accessibility,
  performance, review), lifted when the task is that concern's work (:func:`task_concerns`:
  nearer to the concern's kinds of requests than to other software requests);
* whether its name makes it a migration's rule
  (:func:`~grace.resolution.domain.languages.migration_of_name`: convert, upgrade, "Oracle to
  Postgres"), which then waits for a task that asks for a migration (:func:`asks_migration`).
"""

from __future__ import annotations

import hashlib
import operator
import re
from collections import Counter
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass, replace
from typing import Final

import numpy as np
import numpy.typing as npt

from grace.embedding.ports import TextEmbedder
from grace.lexical import (
    ACTION_STEMS,
    FRENCH_HOMOGRAPHS,
    STOP_WORDS,
    analyse,
    is_action,
    is_french,
)
from grace.resolution.application.probes import (
    CONCERN_REFERENCE,
    CONCERNS,
    PROBES,
    QUESTIONS,
    SOFTWARE_REQUESTS,
    WORK_TALK,
)
from grace.resolution.application.relevance import EMBED_BATCH, NO_SPECIFIC_TALENT
from grace.resolution.application.resolve_context import RelevanceOutcome, RelevanceRequest
from grace.resolution.domain.activation import files_show, names_files, path_words
from grace.resolution.domain.compiler import render_block
from grace.resolution.domain.hybrid import ROLE_PRIOR, HybridColumns, HybridSelector
from grace.resolution.domain.languages import (
    APP_FRAMEWORKS,
    FRAMEWORK_LANGUAGES,
    INFRASTRUCTURE_LANGUAGES,
    LANGUAGE_NAMES,
    MIGRATION_NAME_WORDS,
    PACKAGING_WORDS,
    back_end_language,
    foreign_frameworks,
    frameworks_of_files,
    frameworks_of_name,
    frameworks_of_talent,
    frameworks_of_talent_name,
    frameworks_told,
    kinds_said,
    language_unused,
    languages_in_text,
    languages_of_rule_name,
    languages_told,
    migration_of_name,
    migration_sources,
    off_kind_of,
    persona_language,
    persona_stack,
    persona_unused,
    proper_names,
    role_stack,
    rule_products,
    rule_subject,
    stack_languages,
    talent_name_words,
    task_frameworks,
    unframed_languages,
    with_aliases,
)
from grace.resolution.domain.ports import LexicalScorer, LexicalScorerFactory, TokenCounter
from grace.resolution.domain.relevance import Explanation, normalise
from grace.resolution.domain.results import AlsoRelevant
from grace.resolution.domain.talent import Depth, Talent
from grace.resolution.domain.text import (
    TriggerIndex,
    asks_new_project,
    code_terms,
    speaks_of_ours,
    starts_project,
)
from grace.text import compounds, fold, words
from grace.vectors.blas import one_blas_thread

CHUNK_WORDS: Final = 120
MAX_CHUNKS: Final = 4
MAX_BODY_CHARS: Final = 20_000
"""Body characters given to BM25 (a huge imported body does not dominate the corpus)."""
ALSO_LINE_CHARS: Final = 120
_ID: Final = operator.attrgetter("id")
_GENERIC_TAGS: Final = frozenset({"imported", "cursor", "copilot", "skill", "always-apply"})
MAX_NAME_TERM_SHARE: Final = 0.08
"""A name word found (as a whole word) in more than this share of the active talents' BM25
documents is not a name term: the importer's body-share bound for triggers (decision 0010)."""
MIN_TALENTS_FOR_NAME_TERMS: Final = 20
"""Below this many active talents a share says nothing: no name terms."""
MIN_NAME_TERM_CHARS: Final = 3

_MIGRATION_TASK_STEMS: Final = frozenset({
    "migrat", "migr", "upgrad", "convert", "convers", "port", "rewrit", "reecrir", "reecr",
    "replac", "remplac", "modern", "modernis"})
"""Snowball stems (folded) of the words that ask for a migration, English and French:
"migrate", "upgrade", "convert", "port", "rewrite … with", "replace", "modernize";
« migrer », « convertir », « porter », « réécrire », « remplacer », « moderniser » (not
"switch": ``switchMap``, a switch statement)."""


def asks_migration(task: str) -> bool:
    """Whether a task asks for a migration (:data:`_MIGRATION_TASK_STEMS` among its English or
    French stems): "Upgrade to Java 21", « Migre le service vers Spring Boot 4 », "Rewrite the
    Enzyme tests with React Testing Library"."""
    return bool((set(analyse(task)) | set(analyse(task, language="english")))
                & _MIGRATION_TASK_STEMS)


EMPTY_TASK_FILES_NOTE: Final = (
    "_Empty task: the talents the files in play activate are served (their globs, languages "
    "and path words)._")
EMPTY_TASK_NO_FILE_MATCH_NOTE: Final = (
    "_Empty task: no glob, language or path word of the files in play activates a talent; "
    "give the task to select by relevance._")
EMPTY_TASK_ROLE_NOTE: Final = (
    "_Empty task: only the talents the role requires or recommends are served; give the task, "
    "or the files in play (`--files`, `--changed`), to select the others by relevance._")


def role_core(cands: Sequence[Talent], role: str) -> RelevanceOutcome:
    """An empty task without files in play: the candidates whose ``agents`` rank for ``role``
    is ``required`` or ``recommended`` (the curator's own choice for the role; an imported
    catalog ranks every rule ``optional``, so none), required first, then by id; the others are
    cut by the gate. Scores are :data:`ROLE_PRIOR` (decision 0010, twelfth follow-up)."""
    ranks = {t.id: t.rank_for(role) if role else None for t in cands}
    scores = {t.id: ROLE_PRIOR.get(ranks[t.id] or "", 0.0) for t in cands}
    order = sorted(cands, key=lambda t: (-scores[t.id], t.id))
    kept = [t.id for t in order if scores[t.id] > 0]
    expl = tuple(
        Explanation(t.id, 0.0, 0.0, (), scores[t.id], "kept" if scores[t.id] > 0 else "cut_gate",
                    f"empty task: {ranks[t.id]} for the role" if scores[t.id] > 0 else
                    "empty task: neither required nor recommended for the role")
        for t in order
    )
    return RelevanceOutcome(kept, scores, EMPTY_TASK_ROLE_NOTE, expl)


def _name_told_languages(
    corpus: _Corpus, told: Sequence[str], position: npt.NDArray[np.int64],
    names: dict[int, tuple[str, ...]],
) -> None:
    """Add each language the task tells (``told``: :func:`languages_told` of the task) to the
    name terms found (``names``: candidate position -> terms) of the candidates named after
    that language alone (``corpus.language_rules``; ``position``: pool row -> candidate
    position, -1 if none)."""
    for lang in told:
        for row in corpus.language_rules.get(lang, ()):
            at = int(position[row])
            if at >= 0:
                held = names.get(at, ())
                names[at] = held if lang in held else (*held, lang)


def _lift_told_languages(
    corpus: _Corpus, request: RelevanceRequest, told_by_task: Sequence[str],
    position: npt.NDArray[np.int64], stack: dict[int, tuple[str, ...]],
    near: npt.NDArray[np.bool_] | None = None,
) -> None:
    """Add to the stack channel (``stack``: candidate position -> its words) the candidates named
    after a language alone (``corpus.language_rules``) that the task tells (``told_by_task``:
    its toolchain; or a framework it names that no candidate is named after) — or, for a back
    end's task of words alone, the project's back-end language
    (:func:`~grace.resolution.domain.languages.back_end_language`: its one
    :data:`SERVER_LANGUAGES` language, after none but a browser's) when the task names none (a
    polyglot repository's back end is in none in particular), or the project's first language
    (they come most files first) when it is one of :data:`INFRASTRUCTURE_LANGUAGES`: an
    infrastructure repository's; not when the task names one of the project's
    language-agnostic kinds (:func:`~grace.resolution.domain.languages.kinds_said`: « une
    requête SQL ») — and that no
    framework of the project frames with rules of its own among the candidates
    (:func:`~grace.resolution.domain.languages.unframed_languages`: a rule named after the
    framework and nothing else, ``copilot.springboot``, not ``copilot.aspnet-rest-apis``); a
    candidate the stack lifts already keeps its words. The back-end language's rules are
    lifted only where ``near`` (per candidate position: its dense score is above 0, nearer the
    task than the average talent): "What is the difference between git rebase and git merge?"
    or "Explain what a mutex is" from a back end is in no language (two new users' Go and
    ASP.NET Core trials: ``cursor.go``, ``copilot.go``, ``copilot.csharp`` served at dense
    −0.15 to 0 on such questions)."""
    # a framework frames its language only through a general rule of its own: ASP.NET Core,
    # whose rules are all on a subject (REST APIs, ABP, minimal APIs), lifts none whole, so
    # C#'s own rules are the stack's (decision 0010, seventeenth follow-up)
    named = {fw for row, fws in corpus.families.items()
             if position[row] >= 0 and row not in corpus.subject_full for fw in fws}
    # … and the language of a framework the task names that no candidate is named after
    # ("a custom axum extractor": Rust's rules, there being no axum rule)
    told = [*told_by_task, *(
        lang for fw in task_frameworks(request.task, ()) if fw not in named
        for lang in FRAMEWORK_LANGUAGES.get(fw, ()))]
    server = back_end_language(request.languages)
    implied = None  # the back end's language, when the task's own words tell none
    if (request.role == "backend" and not request.files
            and not languages_in_text(request.task)[0]):
        if request.languages[:1] and request.languages[0] in INFRASTRUCTURE_LANGUAGES:
            told.append(request.languages[0])  # an infrastructure repository's: its IaC
        elif server and not kinds_said(request.task, request.languages):
            implied = None if server in told else server
            told.append(server)  # a back end's task of words alone, in its back-end language
    if not told:
        return
    for lang in unframed_languages(told, {*request.stack, *request.package_stack}, named):
        for row in corpus.language_rules.get(lang, ()):
            at = int(position[row])
            if at >= 0 and at not in stack and (
                    lang != implied or near is None or bool(near[at])):
                stack[at] = (lang,)


def name_words(talents: Sequence[Talent]) -> list[tuple[str, ...]]:
    """Per talent, the folded words of its name and id (the part after the prefix) of at least
    :data:`MIN_NAME_TERM_CHARS` letters, not stop words, first-seen: where a dependency of the
    project is looked for (the stack channel), however common the word is in the catalog."""
    return [
        tuple(dict.fromkeys(
            w for w in talent_name_words(t.name, t.id)
            if len(w) >= MIN_NAME_TERM_CHARS and w.isalpha() and w not in STOP_WORDS
        ))
        for t in talents
    ]


_LANGUAGES_AND_RUNTIMES: Final = (LANGUAGE_NAMES - frozenset(APP_FRAMEWORKS)) | {
    "golang", "node", "nodejs", "deno"}
"""Programming languages and runtimes (``typescript``, ``python``, ``node``), not the
frameworks that have their own file kind (``vue``, ``svelte``, ``astro``)."""

_TOOLCHAIN: Final = frozenset({
    "ruff", "mypy", "pyright", "flake8", "pylint", "black", "pytest", "jest", "vitest", "mocha",
    "jasmine", "karma", "cypress", "playwright", "eslint", "prettier", "webpack", "vite", "tsc",
    "clippy", "rustfmt", "gofmt", "golangci", "rubocop", "rspec", "phpunit", "phpstan",
    "swiftlint", "ktlint", "detekt"})
"""The words of a language's toolchain (its linters, type checkers, test runners, bundlers:
``ruff``, ``mypy``, ``pytest``, ``jest``, ``vitest``, ``eslint``): what every task of the project
runs, never what it is about: ``skill.ruff-recursive-fix`` was lifted on 9 of 16 back-end tasks
of a Django repository that lints with Ruff."""

STACK_WORDS: Final = (
    frozenset(FRAMEWORK_LANGUAGES) | frozenset(APP_FRAMEWORKS)
) - _LANGUAGES_AND_RUNTIMES - _TOOLCHAIN
"""Dependency words the stack channel looks for in talents' names, however common: an
application framework or a language's library (``fastapi``, ``vue``, ``pydantic``,
``vitest``). Never a language or a runtime — the ``typescript`` compiler and ``@types/node``
are devDependencies of nearly every front end, and would lift every rule named after
TypeScript or Node (a VS Code extension's, an MCP server's); the project's languages already
filter the catalog — nor any other word of a dependency: ``plugin`` of ``@vitejs/plugin-vue``,
``postgres`` of ``gorm.io/driver/postgres``, even ``tailwind`` or ``pinia``, which lifted
Minecraft plugins and Oracle-to-Postgres migrations onto every task of a Go + Vue monorepo:
a library's rules apply to the tasks that name it (the name-term channel), an application
framework's to every task of its project (decision 0010, eleventh follow-up). Nor a tool of
the language's toolchain (:data:`_TOOLCHAIN`: ``ruff``, ``pytest``, ``jest``, ``vitest``): its
rules serve the tasks that name it (twelfth follow-up)."""


def stack_terms(name_words: Sequence[str], stack: Collection[str]) -> tuple[str, ...]:
    """The words of a talent's name (``name_words``) that name one of the project's
    dependencies (``stack``) and are :data:`STACK_WORDS` (decision 0023, amended in decision
    0010's ninth and eleventh follow-ups)."""
    return tuple(w for w in name_words if w in stack and w in STACK_WORDS)


def own_words(vocabulary: Sequence[str]) -> frozenset[str]:
    """The repository's own words (``Project.vocabulary``), folded, with their plural and
    English stems: what :func:`is_own` looks for."""
    out: set[str] = set()
    for word in vocabulary:
        folded = fold(word)
        out.update((folded, folded + "s", *analyse(folded, language="english")))
    return frozenset(out)


def is_own(text: str, own: frozenset[str]) -> bool:
    """Whether every word of ``text`` (a word, a trigger's phrase) is one of the repository's
    own (``own``: :func:`own_words`): in a helpdesk "tickets" names the product's tickets, never
    ``cursor.engineering-ticket-template``'s subject, as a name term, a trigger or a path word
    (decision 0010, thirteenth follow-up)."""
    if not own:
        return False
    found = words(text)
    return bool(found) and all(_own_word(w, own) for w in found)


def _own_word(word: str, own: frozenset[str]) -> bool:
    """Whether the folded ``word`` or one of its English stems is in ``own``."""
    return word in own or bool(own.intersection(analyse(word, language="english")))


def _leave_one_out(
    below: npt.NDArray[np.float64], above: npt.NDArray[np.float64],
) -> tuple[list[float], list[float]]:
    """The leave-one-out scores of two normalised reference sets (``(m, d)`` and ``(k, d)``
    float64) that a level between them is the midpoint of: each row of ``below``'s nearest
    row of ``above`` minus its nearest *other* row of ``below``, and each row of ``above``'s
    nearest other row of ``above`` minus its nearest row of ``below`` (raw cosines;
    :meth:`~grace.resolution.domain.hybrid.HybridSelector.software_level`)."""
    own_below, own_above = below @ below.T, above @ above.T
    np.fill_diagonal(own_below, -np.inf)
    np.fill_diagonal(own_above, -np.inf)
    return (((below @ above.T).max(axis=1) - own_below.max(axis=1)).tolist(),
            (own_above.max(axis=1) - (above @ below.T).max(axis=1)).tolist())


def names_own(text: str, own: frozenset[str]) -> bool:
    """Whether some word of ``text`` is one of the repository's own (``own``:
    :func:`own_words`): "the checkout" in a marketplace whose ``vocabulary`` holds it."""
    return bool(own) and any(_own_word(w, own) for w in words(text))


def without_own(text: str, own: frozenset[str]) -> str:
    """``text`` less its whitespace-separated tokens that are the repository's own words
    (:func:`is_own`): what BM25 reads of a task ("Add a priority column to tickets" -> "Add a
    priority column to" in a helpdesk)."""
    return " ".join(t for t in text.split() if not is_own(t, own)) if own else text


def foreign_path_words(files: Sequence[str], own: frozenset[str]) -> str:
    """:func:`~grace.resolution.domain.activation.path_words` of ``files`` less the
    repository's own words (``own``: :func:`own_words`): ``TicketCard.svelte`` in a helpdesk
    says "Card"."""
    where = path_words(files)
    return " ".join(w for w in where.split() if not is_own(w, own)) if own else where


def stack_lift(name_words: Sequence[str], subject: Sequence[str], stack: Collection[str],
               groups: Sequence[frozenset[str]], said: Collection[str],
               whole: Collection[str] = ()) -> tuple[str, ...]:
    """The :func:`stack_terms` a talent is lifted by, else ``()``: when a word of its
    ``subject`` (:func:`~grace.resolution.domain.languages.rule_subject`) that the task and
    its files do not say (``said``: their words and English stems) belongs to a dependency of
    several words (``groups``: :func:`~grace.resolution.domain.languages.stack_groups`),
    one such dependency must name every such word of the subject.

    ``cursor.tanstack-router`` (subject ``tanstack``, ``router``) in a project depending on
    ``@tanstack/react-query`` (and ``react-router-dom``): ``()`` — no dependency names a
    TanStack router; ``cursor.react-query`` (subject ``query``): lifted by ``react``;
    ``cursor.react-zustand`` (subject ``zustand``, no dependency's word) by ``react``, as
    before (decision 0010, thirteenth follow-up). A word a one-word dependency names
    (``whole``: :func:`~grace.resolution.domain.languages.stack_whole`) is the project's:
    ``cursor.react-native-expo`` (subject ``native``, ``expo``) beside ``expo``,
    ``expo-router`` and ``react-native``: lifted.
    """
    depends = stack_terms(name_words, stack)
    if not depends or not groups:
        return depends
    heard = {*said, *whole}
    left = [w for w in subject
            if w not in heard and not heard.intersection(analyse(w, language="english"))]
    if not any(w in group for group in groups for w in left):
        return depends
    return depends if any(all(w in group for w in left) for group in groups) else ()


def family_stranger(subject: Sequence[str], groups: Sequence[frozenset[str]],
                    said: Collection[str], products: Collection[str] = (),
                    whole: Collection[str] = ()) -> tuple[str, ...]:
    """The words of a rule's ``subject`` that the project's dependencies of several words
    (``groups``: :func:`~grace.resolution.domain.languages.stack_groups`) hold, when no one of
    them holds them all and the task and its files (``said``: their words and English stems)
    do not say them all: the rule is written for another product of a family the project
    uses. ``()`` otherwise.

    ``cursor.tanstack-router`` (subject ``tanstack``, ``router``) in a project depending on
    ``@tanstack/react-query`` and ``react-router-dom`` -> ``("tanstack", "router")``: the
    project's TanStack is Query, its router React Router (decision 0010, fourteenth
    follow-up); ``cursor.tanstack-query-v5`` -> ``()``; the task "Move routing to TanStack
    Router" -> ``()``.

    A rule for a product of a vendor's family (``products``: the catalog's product words,
    :func:`~grace.resolution.domain.languages.rule_products`) whose other subject words
    neither a dependency, the task nor its files say is another product of that family,
    whole: ``copilot.azure-functions-csharp`` (``azure``, ``functions``) in a project
    depending on ``Azure.Storage.Blobs`` and ``Azure.Identity`` -> ``("azure",
    "functions")`` (decision 0010, seventeenth follow-up); ``cursor.htmx-basic`` beside
    ``django-htmx`` -> ``()`` (HTMX is no product word: written in capitals).

    A word a one-word dependency names (``whole``:
    :func:`~grace.resolution.domain.languages.stack_whole`) is the project's product, named
    whole: ``cursor.react-native-expo`` (``native``, ``expo``) beside ``expo``, ``expo-router``
    and ``react-native`` -> ``()`` (decision 0010, twenty-second follow-up).
    """
    if not groups:
        return ()
    family = frozenset().union(*groups)
    known = tuple(w for w in subject if w in family and w not in whole)
    heard = {*said, *whole}
    other = [w for w in subject if w not in family]
    if known and other and all(w in products for w in known) and not any(
            w in heard or heard.intersection(analyse(w, language="english")) for w in other):
        return tuple(subject)
    if not known or all(w in heard or heard.intersection(analyse(w, language="english"))
                        for w in known):
        return ()
    return () if any(all(w in group for w in known) for group in groups) else known


def name_terms(
    talents: Sequence[Talent], document_frequency: Callable[[str], int],
    per: Sequence[tuple[str, ...]] | None = None,
) -> list[tuple[str, ...]]:
    """Per talent, the folded words of its name and id (the part after the prefix) of at least
    :data:`MIN_NAME_TERM_CHARS` letters, not stop words, found in at most
    :data:`MAX_NAME_TERM_SHARE` of ``talents`` according to ``document_frequency`` (word ->
    number of talents whose BM25 document holds it); empty lists below
    :data:`MIN_TALENTS_FOR_NAME_TERMS` talents. ``per``: their :func:`name_words`, when
    already computed. A verb of everyday work (:func:`~grace.lexical.is_action`) is no name
    term: "Generate a migration" names no ``generate-custom-instructions-from-codebase``.
    """
    if len(talents) < MIN_TALENTS_FOR_NAME_TERMS:
        return [() for _ in talents]
    per = name_words(talents) if per is None else per
    limit = MAX_NAME_TERM_SHARE * len(talents)
    keep = {w for w in sorted({w for ws in per for w in ws})
            if document_frequency(w) <= limit and not is_action(w)}
    return [tuple(w for w in ws if w in keep) for ws in per]


def stack_named(request: RelevanceRequest, evidence: set[str]) -> bool:
    """The task names one of the project's dependencies (``stack``): as a proper name
    (:func:`dependency_named`), or as a word that is also ``evidence`` (a trigger or name term
    of some talent found in it): a task about the project's own Tailwind or Django is a
    software task whatever the rest of its words."""
    stack = {*request.stack, *request.package_stack}
    if not stack:
        return False
    if dependency_named(request.task, stack):
        return True
    if not evidence:
        return False
    named = set(words(" ".join(evidence))) & set(words(request.task))
    return bool(named & stack)


_PROPER: Final = re.compile(r"[A-Za-z][A-Za-z0-9]*")
_PACKAGE_WORDS: Final = PACKAGING_WORDS | frozenset(words("""
boot data type client server model models debug money node spring web time date auth http json
dev"""))
"""Words of package names that say how it is packaged (:data:`~grace.resolution.domain.
languages.PACKAGING_WORDS`) or also name everyday things (``spring-boot-starter-web``,
``money-rails``): « Spring » or « Money » in a task names no dependency for
:func:`dependency_named`."""


def dependency_named(task: str, stack: Collection[str]) -> tuple[str, ...]:
    """The words of the project's dependencies (``stack``: package names) that ``task`` writes
    as proper names — capitalised, not its first word, four letters or more (« avec
    Testcontainers » where the project depends on ``spring-boot-testcontainers``, "a Stimulus
    controller" with ``stimulus-rails``): a task naming the project's own tools is a software
    task, whether or not a talent is named after them. Lower-case words never count (« quelle
    devise » is no Devise)."""
    parts = {w for dep in stack for w in re.split(r"[^a-z0-9]+", dep.lower())
             if len(w) >= 4 and w not in _PACKAGE_WORDS}
    tokens = _PROPER.findall(task)
    return tuple(dict.fromkeys(
        t.lower() for i, t in enumerate(tokens)
        if i and t[0].isupper() and len(t) >= 4 and t.lower() in parts))


def task_frame(request: RelevanceRequest) -> tuple[tuple[str, ...], str]:
    """The application frameworks that frame the task, and whose they are: the files' own
    package's (``package_stack``, a monorepo), else the project's (``stack``), else those the
    task names or its files show (:func:`~grace.resolution.domain.languages.task_frameworks`);
    a talent written for another one of their languages is foreign."""
    if frame := frameworks_of_name(request.package_stack):
        return frame, "package"
    if frame := frameworks_of_name(request.stack):
        return frame, "project"
    return task_frameworks(request.task, request.files), "task"


SUBJECT_KIND_WORDS: Final = frozenset(words("""server servers client clients app apps
application applications api apis service services web data code project projects"""))
"""Words of a rule's subject that name a kind of program, not what the rule is about: "the
HTTP server starts" does not name "Go MCP Server" (a new user's Go service was served
``copilot.go-mcp-server`` first for running migrations at startup, its glob counted whole
because ``server`` was said; decision 0010, eighteenth follow-up)."""


def subject_words(subject: Sequence[str], names: Sequence[str]) -> tuple[str, ...]:
    """The words that name a rule's ``subject``: its rare words (its name terms, ``names``:
    ``mcp`` in "Python MCP server", never ``server``, which "server-side" says), else those
    that are not a kind of program (:data:`SUBJECT_KIND_WORDS`: ``mcp`` again where MCP is
    no name term, so many skills speak of it), else all its words."""
    return (tuple(w for w in subject if w in names)
            or tuple(w for w in subject if w not in SUBJECT_KIND_WORDS) or tuple(subject))


def subject_stems(subject: Sequence[str], names: Sequence[str]) -> frozenset[str]:
    """The English stems of :func:`subject_words`: a task, file or stack naming one of them
    names the subject. A verb of everyday work (:data:`~grace.lexical.ACTION_STEMS`) names
    none: "Generate …" says what to do."""
    return frozenset(analyse(" ".join(subject_words(subject, names)), language="english")
                     ) - ACTION_STEMS


def _unnamed(corpus: _Corpus, globbed: Sequence[tuple[int, int]],
             said: set[str]) -> dict[int, tuple[str, ...]]:
    """Candidate -> its subject, for the candidates (``(position, pool row)``) whose glob
    matched and whose subject no stem of ``said`` (:func:`_said_stems`: the task, what the
    files say, the stacks) names: a glob says what the file is (React, TypeScript), not what
    the rule is about beyond it."""
    return {at: corpus.subjects[row][0] for at, row in globbed
            if row in corpus.subjects and not corpus.subjects[row][1] & said}


def _said_stems(request: RelevanceRequest, files_say: str) -> set[str]:
    """The French and English stems of what the task, the files (``files_say``: their path
    words and the frameworks they show) and the stacks say: where a rule's subject must be
    named for its glob to count whole (:func:`_unnamed`) or for the stack to lift it."""
    said = " ".join([request.task, files_say, *request.stack, *request.package_stack])
    return set(analyse(said)) | set(analyse(said, language="english"))


def _subject_said(corpus: _Corpus, rows: set[int], said: set[str]) -> set[int]:
    """The ``rows`` without a subject, or whose subject (:func:`subject_stems`) a stem of
    ``said`` (:func:`_said_stems`: the task, the files, the stacks) names: a rule named after a
    dependency and a library the project lacks ("React MobX" in a React project without MobX)
    is another stack's, not lifted by the dependency (decision 0010, sixteenth follow-up)."""
    return {row for row in rows if row not in corpus.subjects or corpus.subjects[row][1] & said}


def _lift(corpus: _Corpus, request: RelevanceRequest, position: npt.NDArray[np.int64],
          lifting: set[int], stack_words: set[str], said: set[str],
          stack: dict[int, tuple[str, ...]]) -> dict[int, tuple[str, ...]]:
    """Fills ``stack`` (candidate -> the dependency words that lift it, :func:`stack_lift`)
    for the ``lifting`` rows, and returns candidate -> its subject for those lifted whose
    subject no word or English stem of the task and its files (``said``) says: a library's
    rule (React Router, xUnit) off its library's tasks, lifted ``unsaid_stack`` of the whole
    (decision 0010, seventeenth follow-up)."""
    unsaid: dict[int, tuple[str, ...]] = {}
    for row in lifting:
        at = int(position[row])
        if at >= 0 and (depends := stack_lift(
                corpus.name_words[row], corpus.subject_full.get(row, ()), stack_words,
                request.stack_groups, said, request.stack_whole)):
            stack[at] = depends
            if row in corpus.subject_said and not corpus.subject_said[row] & said:
                unsaid[at] = corpus.subject_full[row]
    return unsaid


AGENT_SKILL_TAGS: Final = frozenset({"imported", "skill"})
"""The tags ``grace import`` gives a talent read from an Agent Skill (``SKILL.md``): a procedure
for one job — scrape X with Xquik, onboard ContextMatic, analyse an ad campaign —, where a Cursor
or Copilot rule is the conventions of a stack."""


def _job_said(corpus: _Corpus, request: RelevanceRequest, files_say: str) -> set[str]:
    """The French and English stems of what the task and its files show (``files_say``: the
    frameworks their conventions follow, a well-known file's name — never a source file's own
    words: ``pricing.py`` asks for no pricing strategy; decision 0024), and of the project's
    dependency words that name a product or a framework (:data:`STACK_WORDS`, the catalog's
    proper names: ``supabase``, ``stripe``): where an Agent Skill's job must be named
    (:func:`_unasked`). Not every dependency word: ``builder`` of ``@angular-eslint/builder``
    does not name « MCP Builder »."""
    named = [w for w in {*request.stack, *request.package_stack}
             if w in STACK_WORDS or w in corpus.proper]
    said = " ".join([request.task, files_say, *named])
    return set(analyse(said)) | set(analyse(said, language="english"))


def _unasked(corpus: _Corpus, position: npt.NDArray[np.int64],
             said: set[str]) -> dict[int, tuple[str, ...]]:
    """Candidate -> its subject, for the imported Agent Skills (:data:`AGENT_SKILL_TAGS`) whose
    subject (:func:`~grace.resolution.domain.languages.rule_subject`, every word) the stems of
    ``said`` (:func:`_job_said`: the task, the files, the products of the stacks) name less
    than half of: a procedure for a job the task does not name is served on other evidence
    than meaning alone (decision 0010, nineteenth follow-up: ``skill.x-twitter-scraper`` met
    five new users' REST, token and webhook tasks through their shared words). One everyday
    word of three names no job: "scheduled daily" is no ``daily-focus-board``, "creates a
    user" no ``entra-agent-user``; one of two does ("Fais le commit" names ``git-commit``;
    decision 0024)."""
    out: dict[int, tuple[str, ...]] = {}
    for row in corpus.skills:
        at = int(position[row])
        subject = corpus.subject_said.get(row)
        if at >= 0 and subject is not None and 2 * len(subject & said) < len(subject):
            out[at] = corpus.subject_full[row]
    return out


CONCERN_MARGIN: Final = 0.03
"""A task is a concern's work (:data:`~grace.resolution.application.probes.CONCERNS`) when its
raw cosine with the nearest of that concern's requests exceeds its raw cosine with the nearest
other software request by at least this. Measured on the nine new users' trials and the
polyglot set: at 0.02 a third of the detections were wrong; at 0.03 the rate-limiting,
ownership and hardening tasks are kept and one wrong detection is left ("Prevent double
bookings under concurrent requests", security at 0.034; decision 0010, eighteenth
follow-up)."""
CONCERN_SAID_MARGIN: Final = -0.01
"""… or when the task says the concern (``security``, « sécuriser », ``accessible``) and its
margin is at least this: "Review the loans API viewset for permission and security issues" is
at −0.002."""
_CONCERN_OF_MARK: Final = {w: c for c, concern in CONCERNS.items() for w in concern.marks}
CONCERN_REST_GENERIC: Final = frozenset(words("""generic general best practices guide
guidelines rules standards checklist code optimization optimisation pr"""))
"""Words of a concern rule's name that say nothing of a subject beside the concern
(``copilot.code-review-generic``, ``copilot.performance-optimization``, ``cursor.pr-review``)."""


def concern_names(name_words: Sequence[tuple[str, ...]],
                  marked: Sequence[Sequence[str]] | None = None,
                  ) -> dict[int, tuple[frozenset[str], int, tuple[frozenset[str], ...]]]:
    """Per row whose name says a concern (:data:`~grace.resolution.application.probes.
    CONCERNS`' marks, looked for among ``marked``, its name and id words whatever their
    characters — ``a11y`` of Copilot's "A11y", which :func:`name_words` leaves out as no
    word of letters; ``name_words`` when ``None``): the concerns it says, how many of its name
    words are marks, and the English stems of each of its other name words that are neither
    generic (:data:`CONCERN_REST_GENERIC`) nor stop words: ``("security", "devsecops",
    "ssdls", "appsec")`` -> ``({"security"}, 3, ({"ssdl"},))``."""
    found: dict[int, tuple[frozenset[str], int, tuple[frozenset[str], ...]]] = {}
    for row, name in enumerate(name_words):
        held = list(dict.fromkeys(w for w in (name if marked is None else marked[row])
                                  if w in _CONCERN_OF_MARK))
        if held:
            rest = tuple(frozenset(analyse(w, language="english")) for w in name
                         if w not in _CONCERN_OF_MARK and w not in CONCERN_REST_GENERIC
                         and w not in STOP_WORDS)
            found[row] = (frozenset(_CONCERN_OF_MARK[w] for w in held), len(held), rest)
    return found


def task_concerns(cosines: npt.NDArray[np.float64], told: Collection[str]) -> dict[str, str]:
    """The concerns whose work a task is, each with why: ``cosines`` ``(c,) float64`` are the
    task's raw cosines with the requests of :data:`~grace.resolution.application.probes.
    CONCERN_REFERENCE` (their concern, ``""`` for a generic software request), ``told`` the
    task's folded words. A concern is the task's when its
    nearest request leads the nearest generic one by :data:`CONCERN_MARGIN`, or by
    :data:`CONCERN_SAID_MARGIN` when the task says the concern. A nearest-neighbour decision
    between reference sets, as the gate's software-request criterion (decision 0010, eighteenth
    follow-up)."""
    best: dict[str, tuple[float, int]] = {}
    for at, ((label, _), cosine) in enumerate(zip(CONCERN_REFERENCE, cosines.tolist(),
                                                  strict=True)):
        if label not in best or cosine > best[label][0]:
            best[label] = (cosine, at)
    generic = best.pop("", (-1.0, -1))[0]
    found: dict[str, str] = {}
    for label, (cosine, at) in best.items():
        says = sorted(set(told) & CONCERNS[label].said)
        if cosine - generic >= CONCERN_MARGIN:
            found[label] = f"nearest kind of request: «{CONCERN_REFERENCE[at][1]}»"
        elif says and cosine - generic >= CONCERN_SAID_MARGIN:
            found[label] = f"the task says {says[0]}"
    return found


def persona_heard(plain: Collection[str], stems: Collection[str],
                  stems_of: Callable[[str], Collection[str]] | None = None,
                  ) -> Callable[[str], bool]:
    """Whether a word of a persona's expertise list
    (:func:`~grace.resolution.domain.languages.persona_stack`) is the project's: one of the
    ``plain`` words of its dependencies, task or own vocabulary, or one of them less a
    ``js``, ``ts`` or ``css`` ending (``tailwind`` of ``tailwindcss``, never ``vite`` of
    ``vitest``), or of their English ``stems`` through ``stems_of`` (word -> its English
    stems; :func:`~grace.lexical.analyse` when ``None``)."""
    bare = {w[: -len(end)] for w in plain for end in ("js", "ts", "css") if w.endswith(end)}

    def used(word: str) -> bool:
        found = stems_of(word) if stems_of is not None else analyse(word, language="english")
        return word in plain or word in bare or word in stems or bool(set(found) & set(stems))
    return used


def header_text(talent: Talent) -> str:
    """The header passage: name, summary, triggers (one line each)."""
    parts = [talent.name, talent.summary, ", ".join(talent.triggers)]
    return "\n".join(p for p in parts if p.strip())


def body_chunks(talent: Talent) -> list[str]:
    """Up to :data:`MAX_CHUNKS` chunks of about :data:`CHUNK_WORDS` words of the ``full``
    body, each prefixed with the talent's name (so a chunk is never anonymous)."""
    words = talent.bodies["full"].split()
    return [
        f"{talent.name}: " + " ".join(words[i : i + CHUNK_WORDS])
        for i in range(0, min(len(words), CHUNK_WORDS * MAX_CHUNKS), CHUNK_WORDS)
    ]


def lexical_document(talent: Talent) -> str:
    """The BM25 document of a talent."""
    tags = [t for t in talent.tags if t not in _GENERIC_TAGS]
    return "\n".join([
        talent.name, talent.name, talent.summary, " ".join(talent.triggers), " ".join(tags),
        " ".join(talent.languages), talent.bodies["full"][:MAX_BODY_CHARS],
    ])


def one_line(talent: Talent) -> str:
    """The summary's first sentence, at most :data:`ALSO_LINE_CHARS` characters."""
    text = " ".join(talent.summary.split())
    for end in (". ", "! ", "? "):
        cut = text.find(end)
        if 0 < cut < ALSO_LINE_CHARS:
            return text[: cut + 1]
    return text if len(text) <= ALSO_LINE_CHARS else text[: ALSO_LINE_CHARS - 1] + "…"


def _rows(matrix: npt.NDArray[np.float64], rows: npt.NDArray[np.int64]) -> npt.NDArray[np.float64]:
    """``matrix[rows]``, without the copy when ``rows`` are all of its rows in order (the usual
    request: every talent is a candidate). A product with the matrix itself is the product
    with that copy, bit for bit (same shape, same BLAS path); a product with a subset of the
    rows may differ in the last bit, so a subset is still copied: scores stay those of
    before."""
    return matrix if _whole(rows, len(matrix)) else matrix[rows]


def _whole(rows: npt.NDArray[np.int64], n: int) -> bool:
    """``rows`` is ``0, 1, …, n − 1``."""
    return len(rows) == n and (n == 0 or (rows[0] == 0 and rows[-1] == n - 1
                                          and bool(np.all(np.diff(rows) == 1))))


@dataclass(frozen=True, slots=True)
class _Corpus:
    """Everything per talent that does not depend on the task."""

    index: dict[str, int]
    headers: npt.NDArray[np.float64]  # (n, d) raw header vectors
    header_mean: npt.NDArray[np.float64]  # (d,)
    headers_centred: npt.NDArray[np.float64]  # (n, d) normalise(headers - header_mean)
    chunks_centred: npt.NDArray[np.float64]  # (m, d) normalise(chunks - chunk_mean)
    chunk_mean: npt.NDArray[np.float64]  # (d,)
    chunk_starts: npt.NDArray[np.int64]  # (k,) first chunk row of each talent that has chunks
    chunk_talents: npt.NDArray[np.int64]  # (k,) the talent row of each such segment
    lexical: LexicalScorer
    lexical_head: LexicalScorer
    hub: npt.NDArray[np.float64]  # (n,) mean dense channel over the probes, per talent
    names: list[tuple[str, ...]]  # (n,) name terms per talent
    frameworks: dict[int, tuple[str, ...]]  # row -> the application frameworks it is written for
    families: dict[int, tuple[str, ...]]  # row -> the frameworks its name names
    migrations: dict[int, tuple[str, ...]]  # row -> why its name makes it a migration's rule
    sources: dict[int, tuple[str, ...]]  # row -> what that migration moves away from
    starters: dict[int, str]  # row -> what says it is for starting a new project
    subjects: dict[int, tuple[tuple[str, ...], frozenset[str]]]  # row -> its subject, its stems
    subject_full: dict[int, tuple[str, ...]]  # row -> every word of its subject (rule_subject)
    subject_said: dict[int, frozenset[str]]  # row -> the English stems of all its subject
    products: dict[int, tuple[tuple[str, ...], frozenset[str]]]  # row -> its products, stems
    product_words: frozenset[str]  # every product word of the catalog (rule_products)
    proper: frozenset[str]  # the catalog's proper names (proper_names of the summaries)
    personas: dict[int, tuple[tuple[str, ...], ...]]  # row -> its persona_stack
    persona_languages: dict[int, str]  # row -> its persona's first item, a language
    skills: frozenset[int]  # the rows of imported Agent Skills (AGENT_SKILL_TAGS)
    persona_stems: dict[str, frozenset[str]]  # a word of those lists -> its English stems
    name_rows: dict[str, list[int]]  # name term -> the rows whose name terms hold it
    word_rows: dict[str, list[int]]  # name word, however common -> the rows whose name holds it
    language_rules: dict[str, list[int]]  # language -> the rows named after it alone
    name_words: list[tuple[str, ...]]  # (n,) every name word per talent (the stack channel's)
    triggers: TriggerIndex  # the talents' activation.triggers
    headers_unit: npt.NDArray[np.float64]  # (n, d) normalise(headers): raw cosines
    probes_unit: npt.NDArray[np.float64]  # (p, d) normalised probe query vectors
    everyday_unit: npt.NDArray[np.float64]  # (p + w, d) the probes and WORK_TALK, normalised
    concern_unit: npt.NDArray[np.float64]  # (c, d) CONCERN_REFERENCE's requests, normalised
    # row -> (the concerns its name says, how many of its name words say one, the English
    # stems of each of its other name words)
    concern_names: dict[int, tuple[frozenset[str], int, tuple[frozenset[str], ...]]]
    software_unit: npt.NDArray[np.float64]  # (s, d) normalised generic software requests
    software_level: float | None  # the software-request criterion's level (reference sets)
    questions_unit: npt.NDArray[np.float64]  # (g, d) normalised general questions of computing
    question_level: float | None  # the general-question criterion's level (reference sets)
    domain_level: float | None  # the domain criterion's level (probes, leave-one-out)
    probe_dense: float  # gate calibration: percentile of the probes' best (hub-corrected) scores
    probe_scores: npt.NDArray[np.float64]  # (p, n) hub-corrected dense score of each probe


class HybridRelevance:
    """:class:`~grace.resolution.application.resolve_context.RelevanceStep`, hybrid algorithm.

    Args:
        embedder: the text embedder (wrap it in a ``CachedEmbedder`` so vectors persist).
        counter: token counter for each talent's cost against ``BUDGET``.
        lexical: builds the BM25 scorer over the active talents.
        selector: the domain selector with its parameters.
        chunks: embed body chunks (``False``: headers only, for the harness' comparisons).
        reference: the embedder of the fixed reference requests the gate is calibrated on
            (:data:`~grace.resolution.application.probes.PROBES`, ``SOFTWARE_REQUESTS``,
            ``CONCERN_REFERENCE``, ``QUESTIONS``): the same model, whose cache may keep their
            query vectors — about a hundred and fifty queries a one-shot ``grace resolve``
            would otherwise embed every time. Default:
            ``embedder``.
    """

    name = "hybrid"

    def __init__(
        self,
        embedder: TextEmbedder,
        counter: TokenCounter,
        lexical: LexicalScorerFactory,
        selector: HybridSelector,
        *,
        chunks: bool = True,
        reference: TextEmbedder | None = None,
    ) -> None:
        self._embedder = embedder
        self._reference = embedder if reference is None else reference
        self._counter = counter
        self._lexical = lexical
        self._selector = selector
        self._chunks = chunks
        self._corpus_key: str | None = None
        self._corpus: _Corpus | None = None
        self._pool: tuple[Talent, ...] = ()
        self._tokens: dict[tuple[str, str, Depth], int] = {}
        self._roles_of: tuple[Talent, ...] | None = None  # the pool of _role_ranks
        # an ``active`` tuple found to be the pool, and that pool
        self._active_seen: tuple[Sequence[Talent], tuple[Talent, ...]] | None = None
        self._role_ranks: dict[str, tuple[list[str | None], npt.NDArray[np.float64]]] = {}

    def _embed(
        self, texts: list[str], progress: Callable[[int, int], None] | None, done: int, total: int
    ) -> npt.NDArray[np.float64]:
        """Passage vectors of ``texts`` in batches of :data:`EMBED_BATCH`, reporting progress."""
        parts = []
        for start in range(0, len(texts), EMBED_BATCH):
            batch = texts[start : start + EMBED_BATCH]
            parts.append(np.asarray(self._embedder.embed(batch, kind="passage"), np.float64))
            if progress is not None:
                progress(done + start + len(batch), total)
        return np.vstack(parts) if parts else np.zeros((0, 0))

    def _build(
        self, talents: Sequence[Talent], progress: Callable[[int, int], None] | None = None
    ) -> _Corpus:
        # The catalog holds each talent as one immutable object: the same objects in the same
        # order are the same corpus (no hashing of every body on each request).
        if self._corpus is not None and (talents is self._pool or (
            len(talents) == len(self._pool) and all(map(operator.is_, talents, self._pool))
        )):
            return self._corpus
        digest = hashlib.sha256()
        for t in talents:
            digest.update(f"{t.id}\x00{t.version}\x00{header_text(t)}\x00".encode())
            digest.update(hashlib.sha256(t.bodies["full"].encode()).digest())
        key = digest.hexdigest()
        if self._corpus is not None and self._corpus_key == key:
            self._pool = tuple(talents)
            return self._corpus
        texts: list[str] = []
        owner: list[int] = []
        if self._chunks:
            for row, t in enumerate(talents):
                for chunk in body_chunks(t):
                    texts.append(chunk)
                    owner.append(row)
        total = len(talents) + len(texts)
        # the body chunks (longer, most of the work) first: the time left the progress bar
        # infers from the first batches is then not the headers' (a new user's 2 630 passages
        # were said "about 108 s left", then took 19 minutes)
        chunked = self._embed(texts, progress, 0, total) if texts else None
        headers = self._embed([header_text(t) for t in talents], progress, len(texts), total)
        chunks = chunked if chunked is not None else np.zeros((0, headers.shape[1]))
        header_mean = headers.mean(axis=0)
        chunk_mean = chunks.mean(axis=0) if len(chunks) else np.zeros(headers.shape[1])
        owners = np.asarray(owner, dtype=np.int64)  # chunks are grouped by talent, in order
        starts = np.flatnonzero(np.r_[True, owners[1:] != owners[:-1]]) if len(owners) else (
            np.zeros(0, np.int64))
        documents = [lexical_document(t) for t in talents]
        lexical = self._lexical(documents)
        # whole-word document frequencies: a stem would count "expression" as "express"
        word_df: Counter[str] = Counter()
        for document in documents:
            word_df.update(set(words(document)))
        every_name_word = name_words(talents)
        names = name_terms(talents, word_df.__getitem__, every_name_word)
        name_rows: dict[str, list[int]] = {}
        for row, terms in enumerate(names):
            for term in terms:
                name_rows.setdefault(term, []).append(row)
        subject_full = {row: found for row, t in enumerate(talents)
                        if (found := rule_subject(t.name, t.id))}
        proper = proper_names(t.summary for t in talents)
        products = rule_products([subject_full.get(row, ()) for row in range(len(talents))],
                                 proper)
        word_rows: dict[str, list[int]] = {}
        for row, terms in enumerate(every_name_word):
            for term in terms:
                word_rows.setdefault(term, []).append(row)
        language_rules: dict[str, list[int]] = {}
        for row, t in enumerate(talents):
            for lang in languages_of_rule_name(t.name, t.id):
                language_rules.setdefault(lang, []).append(row)
        personas = {row: items for row, t in enumerate(talents)
                    if (items := persona_stack(t.bodies["full"]))}
        corpus = _Corpus(
            index={t.id: i for i, t in enumerate(talents)},
            headers=headers,
            header_mean=header_mean,
            headers_centred=normalise(headers - header_mean),
            chunks_centred=normalise(chunks - chunk_mean) if len(chunks) else chunks,
            chunk_mean=chunk_mean,
            chunk_starts=starts.astype(np.int64),
            chunk_talents=owners[starts] if len(owners) else np.zeros(0, np.int64),
            lexical=lexical,
            lexical_head=self._lexical([header_text(t) for t in talents]),
            hub=np.zeros(len(talents)),
            names=names,
            frameworks={
                row: found for row, t in enumerate(talents)
                if (found := frameworks_of_talent(t.name, t.id, t.summary))
            },
            families={
                row: found for row, t in enumerate(talents)
                if (found := frameworks_of_talent_name(t.name, t.id))
            },
            sources={
                row: found for row, t in enumerate(talents)
                if (found := migration_sources(t.name, t.id))
            },
            migrations={
                row: found for row, t in enumerate(talents)
                if (found := migration_of_name(t.name, t.id))
            },
            starters={
                row: starter for row, t in enumerate(talents)
                if (starter := starts_project(t.summary, t.bodies["full"]))
            },
            subjects={  # the words said "named nowhere" are the ones looked for
                row: (subject_words(found, names[row]), subject_stems(found, names[row]))
                for row, found in subject_full.items()
            },
            subject_full=subject_full,
            # "Generate a migration" does not name `generate-custom-instructions-from-codebase`
            subject_said={row: frozenset(analyse(" ".join(found), language="english"))
                          - ACTION_STEMS for row, found in subject_full.items()},
            products={row: (found, frozenset(analyse(" ".join(found), language="english")))
                      for row, found in enumerate(products) if found},
            product_words=frozenset(w for found in products for w in found),
            proper=proper,
            personas=personas,
            persona_languages={row: first for row, t in enumerate(talents)
                               if (first := persona_language(t.bodies["full"]))},
            skills=frozenset(row for row, t in enumerate(talents)
                             if set(t.tags) >= AGENT_SKILL_TAGS),
            persona_stems={w: frozenset(analyse(w, language="english"))
                           for items in personas.values() for item in items for w in item},
            name_rows=name_rows,
            word_rows=word_rows,
            language_rules=language_rules,
            name_words=every_name_word,
            triggers=TriggerIndex({t.id: t.triggers for t in talents if t.triggers}),
            headers_unit=normalise(headers),
            probes_unit=np.zeros((0, headers.shape[1])),
            everyday_unit=np.zeros((0, headers.shape[1])),
            concern_unit=np.zeros((0, headers.shape[1])),
            concern_names=concern_names(every_name_word, [
                talent_name_words(t.name, t.id) for t in talents]),
            software_unit=np.zeros((0, headers.shape[1])),
            software_level=None,
            questions_unit=np.zeros((0, headers.shape[1])),
            question_level=None,
            domain_level=None,
            probe_dense=-1.0,
            probe_scores=np.zeros((0, len(talents))),
        )
        rows = np.arange(len(talents), dtype=np.int64)
        probes = np.asarray(self._reference.embed(list(PROBES), kind="query"), np.float64)
        raw = np.vstack([self._dense(corpus, q, rows) for q in probes])  # (probes, n), no hub
        hub = raw.mean(axis=0)
        scores = raw - self._selector.params.hub_weight * hub  # (probes, n)
        level = self._selector.probe_level(scores.max(axis=1).tolist())
        probes_unit = normalise(probes)
        between = probes_unit @ probes_unit.T
        np.fill_diagonal(between, -np.inf)
        loo = (probes_unit @ corpus.headers_unit.T).max(axis=1) - between.max(axis=1)
        software_unit = normalise(np.asarray(
            self._reference.embed(list(SOFTWARE_REQUESTS), kind="query"), np.float64))
        software_level = self._selector.software_level(
            *_leave_one_out(probes_unit, software_unit)
        ) if len(probes) > 1 and len(software_unit) > 1 else None
        concern_unit = normalise(np.asarray(self._reference.embed(
            [r for _, r in CONCERN_REFERENCE], kind="query"), np.float64))
        questions_unit = normalise(np.asarray(
            self._reference.embed(list(QUESTIONS), kind="query"), np.float64))
        question_level = self._selector.question_level(
            *_leave_one_out(software_unit, questions_unit)
        ) if len(questions_unit) > 1 and len(software_unit) > 1 else None
        self._corpus = replace(
            corpus,
            concern_unit=concern_unit,
            hub=hub,
            probe_dense=-1.0 if level is None else level,
            probe_scores=scores,
            probes_unit=probes_unit,
            everyday_unit=np.vstack([probes_unit, normalise(np.asarray(
                self._reference.embed(list(WORK_TALK), kind="query"), np.float64))]),
            software_unit=software_unit,
            software_level=software_level,
            questions_unit=questions_unit,
            question_level=question_level,
            domain_level=self._selector.domain_level(loo.tolist()) if len(probes) > 1 else None,
        )
        self._corpus_key = key
        self._pool = tuple(talents)
        return self._corpus

    @staticmethod
    def _channels(
        corpus: _Corpus, query: npt.NDArray[np.float64], rows: npt.NDArray[np.int64]
    ) -> tuple[npt.NDArray[np.float64], npt.NDArray[np.float64]]:
        """(header centred cosines, best chunk centred cosines) of ``rows`` for ``query``."""
        header = _rows(corpus.headers_centred, rows) @ normalise(query - corpus.header_mean)
        if not len(corpus.chunks_centred):
            return header, np.full(len(rows), -1.0)
        chunk_cos = corpus.chunks_centred @ normalise(query - corpus.chunk_mean)
        best = np.full(len(corpus.headers), -1.0)
        best[corpus.chunk_talents] = np.maximum.reduceat(chunk_cos, corpus.chunk_starts)
        return header, best[rows]

    def _probe_level(self, corpus: _Corpus, rows: npt.NDArray[np.int64]) -> float | None:
        """The gate's calibration for these candidates: what the out-of-domain probes reach on
        the talents that could be served (``rows``), not on the whole pool. A language filter
        or the files in play leave fewer candidates; the task's best score is taken over them,
        so the probes' must be too, or the floor is systematically too high (decision 0010,
        fourth follow-up)."""
        if corpus.probe_dense == -1.0:  # no probes: the floor parameter alone
            return None
        if len(rows) == corpus.probe_scores.shape[1]:  # every talent of the pool
            return corpus.probe_dense
        return self._selector.probe_level(corpus.probe_scores[:, rows].max(axis=1).tolist())

    def _dense(
        self, corpus: _Corpus, query: npt.NDArray[np.float64], rows: npt.NDArray[np.int64]
    ) -> npt.NDArray[np.float64]:
        """The dense channel of ``rows`` for ``query``, before the hub correction."""
        header, chunk = self._channels(corpus, query, rows)
        return self._selector.dense_of(header, chunk, np.zeros_like(header))

    def warm_up(
        self, talents: Sequence[Talent], progress: Callable[[int, int], None] | None = None
    ) -> None:
        """Embed and index ``talents`` now, so the first request is not the slow one.

        Args:
            progress: called as ``(passages done, passages in all)`` after each batch (the
                first run embeds every header and body chunk; later runs read the cache).
        """
        if talents:
            self._build(sorted(talents, key=lambda t: t.id), progress)
        self._embedder.embed(["warm up"], kind="query")

    def _pool_of(self, active: Sequence[Talent], cands: Sequence[Talent]) -> Sequence[Talent]:
        """The talents to index: ``active`` and ``cands`` by id. O(candidates) when the request
        is over the pool already indexed (same objects: the usual case), else a sort."""
        held, corpus, seen = self._pool, self._corpus, self._active_seen
        if corpus is not None and (
            (seen is not None and seen[0] is active and seen[1] is held)
            or (len(active) == len(held) and all(map(operator.is_, active, held)))
        ):
            # a tuple cannot change: the same one is the same pool on the next request
            self._active_seen = (active, held) if isinstance(active, tuple) else None
            index = corpus.index
            if index.keys() >= set(map(_ID, cands)) and all(
                map(operator.is_, map(held.__getitem__, map(index.__getitem__, map(_ID, cands))),
                    cands)
            ):
                return held
        return sorted({t.id: t for t in [*active, *cands]}.values(), key=lambda t: t.id)

    def _cost(self, talent: Talent, depth: Depth) -> int:
        key = (talent.id, talent.version, depth)
        if key not in self._tokens:
            self._tokens[key] = self._counter.count(render_block(talent, depth))
        return self._tokens[key]

    def _roles(self, role: str) -> tuple[list[str | None], npt.NDArray[np.float64]]:
        """Per row of the pool, its rank for ``role`` and that rank's prior (computed once per
        pool and role: a new pool, even over the same corpus, starts afresh)."""
        if self._roles_of is not self._pool:
            self._roles_of, self._role_ranks = self._pool, {}
        if role not in self._role_ranks:
            ranks: list[str | None] = [t.rank_for(role) if role else None for t in self._pool]
            prior = np.array([ROLE_PRIOR.get(r or "", 0.0) for r in ranks], np.float64)
            self._role_ranks[role] = (ranks, prior)
        return self._role_ranks[role]

    def _meaning(
        self, corpus: _Corpus, query: npt.NDArray[np.float64] | None, rows: npt.NDArray[np.int64]
    ) -> tuple[npt.NDArray[np.float64], ...]:
        """``(n,)`` header centred cosines, best chunk centred cosines, raw header cosines and
        hubness of ``rows`` for ``query``; without a query (an empty task) 0, -1, 0 and 0."""
        if query is None:
            zero = np.zeros(len(rows))
            return zero, np.full(len(rows), -1.0), zero, zero
        with one_blas_thread():  # one query's products: one thread is faster (grace.vectors.blas)
            dense, chunk = self._channels(corpus, query, rows)
            raw = _rows(corpus.headers_unit, rows) @ normalise(query)  # normalise(headers[rows]) @…
        return dense, chunk, raw, corpus.hub[rows]

    def _columns(
        self, corpus: _Corpus, request: RelevanceRequest, query: npt.NDArray[np.float64] | None
    ) -> tuple[HybridColumns, npt.NDArray[np.int64]]:
        """The candidates' channels as columns (no object per candidate): arrays for the
        scores, sparse maps for the triggers, name terms and globs the task or files hit;
        and the candidates' rows in the corpus. ``query`` ``None`` (an empty task): no dense
        channel (every dense, chunk and hub score 0)."""
        cands = request.candidates
        index = corpus.index
        ids = list(map(_ID, cands))
        row_list = list(map(index.__getitem__, ids))
        rows = np.array(row_list, dtype=np.int64)
        # candidate position of each pool row (-1: not a candidate)
        position = np.full(len(index), -1, dtype=np.int64)
        position[rows] = np.arange(len(rows))
        dense, chunk, raw, hub = self._meaning(corpus, query, rows)
        own = own_words(request.vocabulary)
        said_task = with_aliases(request.task)  # "Postgres" says postgresql
        asked = without_own(said_task, own)  # BM25 never matches the repository's own words
        lexical = corpus.lexical.scores(asked)[rows]
        lexical_head = corpus.lexical_head.scores(asked)[rows]
        where = foreign_path_words(request.files, own)
        lexical_path = (
            corpus.lexical.scores(where)[rows] * corpus.lexical.specificity(where)
            if where else np.zeros(len(rows), np.float64)
        )
        found = corpus.triggers.found(fold(said_task))
        # « Comment … ? » asks how: in a French task the word is no trigger and no name term
        homographs = FRENCH_HOMOGRAPHS if is_french(request.task) else frozenset()
        triggers = {
            int(position[index[tid]]): kept for tid, hit in found.items()
            if position[index[tid]] >= 0 and (kept := tuple(
                h for h in hit if h not in homographs and not is_own(h, own)))
        }
        told = languages_told(request.task)
        task_words = {w for w in set(words(said_task)) - homographs if not is_own(w, own)} | (
            set(frameworks_told(request.task)) | set(told)) | {
            w for w in compounds(said_task) if not is_own(w, own)}
        # name terms are looked for in the task, the files' path words and the frameworks
        # whose conventions the files follow (``*.component.ts`` → angular)
        files_say = " ".join([where, *frameworks_of_files(request.files)])
        file_words = set(words(files_say))
        context_words = task_words | file_words
        # the role's part of the stack: a NestJS + Next.js monorepo's back end is NestJS
        stack_words = set(role_stack({*request.stack, *request.package_stack}, request.role)
                          ) - context_words
        names: dict[int, tuple[str, ...]] = {}
        within: dict[int, tuple[str, ...]] = {}
        stack: dict[int, tuple[str, ...]] = {}
        # an Agent Skill's job is not named by a source file's own words (pricing.py, a
        # (dashboard) route group): only by the task, or by what the files show (a framework's
        # conventions, a well-known file: Dockerfile)
        shown = set(words(files_show(request.files)))
        for row in {r for w in context_words for r in corpus.name_rows.get(w, ())}:
            at = int(position[row])
            if at < 0:
                continue
            terms = corpus.names[row]
            seen = (task_words | shown) if row in corpus.skills else context_words
            hit = tuple(w for w in terms if w in seen)
            if hit:
                names[at] = hit
            only = tuple(w for w in terms if w in file_words and w not in task_words
                         and (row not in corpus.skills or w in shown))
            if only:
                within[at] = only
        # a language the task's toolchain or quoted files tell ("fix the mypy errors" ->
        # python) is a name term of the rules named after that language alone (cursor.python,
        # copilot.go: no framework, no subject in the name), however common the word is in the
        # catalog — the language's own rules, not its frameworks' (decision 0010, tenth
        # follow-up). A language the task merely names ("my python snake") is not: the word
        # may be an everyday one, and the rules' own triggers already hold it
        _name_told_languages(corpus, told, position, names)
        # a dependency that is a framework or a language's library is looked for among every
        # word of the names, however common: in a FastAPI repository whose imported rules all
        # cite FastAPI, "fastapi" is no name term (it discriminates nothing in the task), yet
        # the rules named after it are the stack's; no other dependency word (``plugin``,
        # ``typescript``, ``tailwind``: :data:`STACK_WORDS`)
        # … and only when one dependency names the rule whole (its subject: ``tanstack`` of
        # ``@tanstack/react-query`` does not lift TanStack Router's rules)
        said_stems = _said_stems(request, files_say)  # where a rule's subject must be named
        lifting = _subject_said(corpus, {
            r for w in stack_words & STACK_WORDS for r in corpus.word_rows.get(w, ())},
            said_stems)
        # what the task and its files say (their words and English stems), for the stack's
        # lift and the family's strangers
        said = (set(analyse(" ".join([request.task, files_say]), language="english"))
                | context_words) if lifting or request.stack_groups else set()
        unsaid = _lift(corpus, request, position, lifting, stack_words, said, stack)
        # the files in play say which of the dependencies the task uses: a FastAPI
        # repository's models/shipment.py imports SQLAlchemy, not FastAPI (decision 0024)
        unimported = {at: depends for at, depends in stack.items()
                      if request.imported is not None and request.imported.isdisjoint(depends)}
        # a language the task tells that no framework of the project frames: its own rules
        # are the stack's (a Go API on chi: cursor.go, copilot.go)
        _lift_told_languages(corpus, request, told, position, stack,
                             near=self._selector.dense_of(dense, chunk, hub) > 0.0)
        # the frameworks that frame the task (the files' package's, the project's, else those
        # the task or its files show); a talent for another one of their languages is foreign
        foreign: dict[int, tuple[str, ...]] = {}
        frame, framed_by = task_frame(request)
        # the languages whose dependencies the project declares: a framework of theirs it
        # does not list is foreign too (a FastAPI rule in a Typer command-line tool)
        known = stack_languages({*request.stack, *request.package_stack})
        if frame or known:
            for row, frameworks in corpus.frameworks.items():
                at = int(position[row])
                if at >= 0 and (other := foreign_frameworks(
                        frameworks, frame, context_words, cands[at].languages,
                        repository=request.stack, known=known)):
                    foreign[at] = other
        strength = np.ones(len(rows), dtype=np.float64)
        places: dict[int, tuple[str | None, str | None]] = {}
        spoken: dict[int, str] = {}  # row -> the file's language that activated it
        for tid, act in request.activation.items():
            held = index.get(tid)
            at = -1 if held is None else int(position[held])
            if at < 0:
                continue
            strength[at] = act.strength
            if act.glob is not None or act.file is not None:
                places[at] = (act.glob, act.file)
            if act.language is not None:
                spoken[at] = act.language
        unnamed = _unnamed(corpus, [
            (at, row_list[at]) for at, (glob, _) in places.items()
            if (glob is not None and not names_files(glob)) or (glob is None and at in spoken)],
            said_stems)
        off_kind = {at: kind for at, (glob, file) in places.items()
                    if glob is not None and file is not None
                    and (kind := off_kind_of(file, cands[at].languages))}
        asks = asks_migration(request.task)
        depth: Depth = "standard" if request.depth == "auto" else request.depth
        pool_ranks, prior = self._roles(request.role)
        return HybridColumns(
            ids=ids,
            dense=dense,
            cosine=raw,
            lexical=lexical,
            chunk=chunk,
            lexical_head=lexical_head,
            lexical_path=lexical_path,
            hub=hub,
            role=prior[rows],
            role_rank=lambda at: pool_ranks[row_list[at]],
            tokens=lambda at: self._cost(cands[at], depth),
            glob_strength=strength,
            triggers=triggers,
            names=names,
            where=within,
            stack=stack,
            foreign=foreign,
            framed_by=framed_by,
            frame=tuple(frame),
            known=tuple(sorted(known)),
            packaged=frozenset(request.package_stack),
            unnamed=unnamed,
            off_kind=off_kind,
            spoken=spoken,
            # a skill named with the language itself (csharp-docs), not through a tool of it
            # (ruff, pytest): the file's language is evidence of its subject
            language_named=frozenset(
                at for at, lang in spoken.items()
                if lang in talent_name_words(cands[at].name, cands[at].id)),
            places=places,
            id_key=rows,  # the pool is sorted by id: its rows are in id order
            families={int(position[row]): fw for row, fw in corpus.families.items()
                      if position[row] >= 0},
            migration=self._migrations(corpus, request, position, context_words, asks),
            migration_asked=asks,
            starter={} if asks_new_project(request.task) else {
                int(position[row]): why for row, why in corpus.starters.items()
                if position[row] >= 0},
            stranger=(strangers := self._strangers(corpus, request, position, said)),
            product=(products := self._products(corpus, request, position, said_stems,
                                                {*foreign, *strangers})),
            unsaid=unsaid,
            unimported=unimported,
            # the task's stems again only where the catalog has Agent Skills
            unasked=(_unasked(corpus, position, _job_said(corpus, request, " ".join(sorted(shown))))
                     if corpus.skills else {}),
            concern=self._concern(corpus, query, request.task, position, files_say,
                                  {*foreign, *strangers, *products}),
        ), rows

    @staticmethod
    def _concern(corpus: _Corpus, query: npt.NDArray[np.float64] | None, task: str,
                 position: npt.NDArray[np.int64], files_say: str, other: set[int]
                 ) -> dict[int, tuple[str, str]]:
        """Candidate -> ``(concern, why)`` for the rules of the concerns whose work the task
        is (:func:`task_concerns`) that the concern's words name (:func:`concern_names`): all
        the concerns their name says are the task's ("Security Review" waits for a review of
        security), and their other name words are said by the task or its files
        (``files_say``: their path words and frameworks; English stems), or fewer than the
        concern's words (``mcp`` of "MCP Security Audit" is another subject; ``ssdls`` beside
        security, DevSecOps and AppSec is not). ``other``: the candidates already another
        framework's, product's or stranger's."""
        if query is None or not len(corpus.concern_unit):
            return {}
        concerns = task_concerns(corpus.concern_unit @ normalise(query), set(words(task)))
        if not concerns:
            return {}
        said = set(analyse(f"{task} {files_say}", language="english"))
        found: dict[int, tuple[str, str]] = {}
        for row, (held, marks, rest) in corpus.concern_names.items():
            at = int(position[row])
            if at < 0 or at in other or not held <= concerns.keys():
                continue
            if len(rest) >= marks and any(not stems & said for stems in rest):
                continue
            label = next(c for c in concerns if c in held)  # the task's concerns' order
            found[at] = (label, concerns[label])
        return found

    @staticmethod
    def _products(corpus: _Corpus, request: RelevanceRequest, position: npt.NDArray[np.int64],
                  said: set[str], other: set[int]) -> dict[int, tuple[str, ...]]:
        """Candidate -> its products (:func:`~grace.resolution.domain.languages.rule_products`)
        when the project's dependencies are known (``stack`` or ``package_stack``) and no stem
        of ``said`` (:func:`_said_stems`: the task, its files, the stacks) or of the
        repository's own words names one of them: ``skill.azure-pricing`` on « Corriger la
        fuite de données » in a Rails project; and a persona written for another stack
        (:func:`~grace.resolution.domain.languages.persona_unused`: Solidity, Viem and Wagmi
        in a Next.js booking application) -> the unused items of its expertise list. Without
        known dependencies nothing is known to be unused. ``other``: the candidates already
        foreign or strangers (one penalty)."""
        if not (corpus.products or corpus.personas or corpus.persona_languages) or not (
                request.stack or request.package_stack):
            return {}
        heard = said | set(analyse(" ".join(request.vocabulary), language="english")) \
            if request.vocabulary else said
        found: dict[int, tuple[str, ...]] = {}
        for row, (words_, stems) in corpus.products.items():
            at = int(position[row])
            if at >= 0 and at not in other and not stems & heard:
                found[at] = words_
        stems_of = corpus.persona_stems
        plain = set(words(" ".join([*request.stack, *request.package_stack, request.task,
                                    *request.vocabulary])))
        used = persona_heard(plain, heard, stems_of.__getitem__)
        for row, lang in corpus.persona_languages.items():
            at = int(position[row])
            if at >= 0 and at not in other and at not in found and language_unused(
                    lang, request.languages):
                found[at] = (lang,)
        for row, items in corpus.personas.items():
            at = int(position[row])
            if at >= 0 and at not in other and at not in found and (
                    unused := persona_unused(items, used, corpus.subject_full.get(row, ()))):
                found[at] = unused
        return found

    @staticmethod
    def _strangers(corpus: _Corpus, request: RelevanceRequest, position: npt.NDArray[np.int64],
                   said: set[str]) -> dict[int, tuple[str, ...]]:
        """Candidate -> its :func:`family_stranger` words (``said``: the words and English
        stems of the task and its files): a rule for another product of a family the project
        uses (TanStack Router beside TanStack Query) weighs as one for another framework."""
        if not request.stack_groups:
            return {}
        family = frozenset().union(*request.stack_groups)
        found: dict[int, tuple[str, ...]] = {}
        for row in {r for w in family for r in corpus.word_rows.get(w, ())}:
            at = int(position[row])
            if at >= 0 and (known := family_stranger(
                    corpus.subject_full.get(row, ()), request.stack_groups, said,
                    corpus.product_words, request.stack_whole)):
                found[at] = known
        return found

    @staticmethod
    def _migrations(corpus: _Corpus, request: RelevanceRequest, position: npt.NDArray[np.int64],
                    context_words: set[str], asks: bool) -> dict[int, tuple[str, ...]]:
        """Candidate -> why it is a migration's rule the task does not ask for: every
        migration's rule when the task asks for no migration; when it asks for one, those that
        move away from something (:func:`~grace.resolution.domain.languages.migration_sources`)
        that neither the task, its files nor the stack names (``asks``: :func:`asks_migration`
        of the task), and those that move a framework their name names which the task and its
        files do not (:func:`~grace.resolution.domain.languages.task_frameworks`: a Flyway
        migration in a Spring Boot project is no move to Spring Boot 4) or, named after no
        framework, whose subject's other words they do not say (a Django migration is no move of
        "issue fields"; decision 0010, twentieth follow-up)."""
        if not asks:
            return {int(position[row]): why for row, why in corpus.migrations.items()
                    if position[row] >= 0}
        said = context_words | set(analyse(request.task, language="english"))
        named = said | {*request.stack, *request.package_stack}
        out = {int(position[row]): tuple(f"from {source}" for source in sources)
               for row, sources in corpus.sources.items()
               if position[row] >= 0 and not named.intersection(sources)}
        # a move of a framework or a tool the task does not name: a Flyway migration in a
        # Spring Boot project is no move to Spring Boot 4, a Django one no issue-fields move
        framed = set(task_frameworks(request.task, request.files))
        for row in corpus.migrations:
            at = int(position[row])
            if at < 0 or row in corpus.sources:  # a move away from what the task names
                continue
            families = corpus.families.get(row, ())
            rest = [w for w in corpus.subject_full.get(row, ())
                    if w not in MIGRATION_NAME_WORDS and not w.isdigit()]
            if families and not framed.intersection(families):
                out[at] = (f"of {', '.join(families)}",)
            elif not families and rest and not said.intersection(
                    analyse(" ".join(rest), language="english")) and not said.intersection(rest):
                out[at] = (f"of {' '.join(rest)}",)
        return out

    def select(self, request: RelevanceRequest) -> RelevanceOutcome:
        """Hybrid selection over ``request.candidates`` (see the module docstring).

        An empty or whitespace task (decision 0010, twelfth follow-up): with files in play,
        the talents the files activate are candidates (a glob, a file's language, a name term
        in their paths), scored by those channels alone and kept from ``ratio × w_glob`` up
        (:data:`EMPTY_TASK_FILES_NOTE`); without files, the talents the role requires or
        recommends are served, no other (:data:`EMPTY_TASK_ROLE_NOTE`).
        """
        cands = request.candidates
        if not cands:
            return RelevanceOutcome([], {})
        if not request.task.strip():
            if not request.files:
                return role_core(cands, request.role)
            corpus = self._build(self._pool_of(request.active, cands))
            cols, _ = self._columns(corpus, request, None)
            sel = self._selector.select_columns(cols, files_only=True).selection
            return RelevanceOutcome(
                kept=list(sel.kept), scores=sel.scores,
                note=EMPTY_TASK_FILES_NOTE if sel.kept else EMPTY_TASK_NO_FILE_MATCH_NOTE,
                explanations=sel.explanations,
            )
        corpus = self._build(self._pool_of(request.active, cands))
        query = np.asarray(self._embedder.embed([request.task], kind="query")[0], np.float64)
        cols, rows = self._columns(corpus, request, query)
        unit = normalise(query)
        domain = software = question = None
        with one_blas_thread():
            if corpus.domain_level is not None:
                # every talent a candidate: the product is the raw cosines already computed
                raw = (cols.cosine if _whole(rows, len(corpus.headers_unit))
                       else corpus.headers_unit @ unit)
                nearest_talent = float(raw.max())
                nearest_probe = float((corpus.probes_unit @ unit).max())
                domain = (nearest_talent - nearest_probe, corpus.domain_level)
            if corpus.software_level is not None:
                software = (
                    float((corpus.software_unit @ unit).max())
                    - float((corpus.everyday_unit @ unit).max()),
                    corpus.software_level,
                )
            if (corpus.question_level is not None and not speaks_of_ours(request.task)
                    and not names_own(request.task, own_words(request.vocabulary))):
                question = (float((corpus.questions_unit @ unit).max())
                            - float((corpus.software_unit @ unit).max()),
                            corpus.question_level)
        code = bool(request.files) or bool(code_terms(request.task))
        evidence = ({w for row in {*cols.triggers, *cols.names} for w in cols.evidence(row)}
                    if request.stack or request.package_stack else set())
        result = self._selector.select_columns(
            cols, probe_level=self._probe_level(corpus, rows), domain=domain, code=code,
            software=software, stack_named=stack_named(request, evidence), question=question,
        )
        sel = result.selection
        by_id = {t.id: t for t in cands} if result.also else {}
        also = tuple(AlsoRelevant(i, one_line(by_id[i]), sel.scores[i]) for i in result.also)
        return RelevanceOutcome(
            kept=list(sel.kept),
            scores=sel.scores,
            # the gate closed, or every candidate cut (a top of meaning alone under KEEP_FLOOR)
            note=NO_SPECIFIC_TALENT if sel.gate_closed or (cands and not sel.kept) else "",
            explanations=sel.explanations,
            also_relevant=also,
        )
