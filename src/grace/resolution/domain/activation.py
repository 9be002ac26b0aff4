"""Activation by the files in play, the project's always-on talents, and languages.

Every rule tool coding agents use (Cursor ``globs``, Copilot ``applyTo``, Claude Code rule
``paths:``) activates a rule by the files being edited. GRACE keeps those patterns as
``activation.paths`` and treats a match as *evidence* the relevance step weighs, never as a
bypass: ``**/*.py`` matches every Python rule of a repository
(docs/decisions/0010-resolution-on-real-catalogs.md has the measurements).

``languages`` is a hard filter (DESIGN.md §2.2): a talent whose languages do not meet the task's
languages is dropped with the reason ``language``. The task's languages are those of the files
in play when some file has a known language, else the project's languages the task's text names
(a Pydantic task in a polyglot repository is a Python task), else the project's; each with the
languages it implies (:data:`~grace.resolution.domain.languages.IMPLIED`: TypeScript code
follows JavaScript rules). A talent without languages applies everywhere.
"""

from __future__ import annotations

import math
import posixpath
import re
from collections.abc import Collection, Container, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Final, Literal, Protocol

from grace.errors import InputTooLargeError, InvalidPathError
from grace.resolution.domain.languages import (
    APP_FRAMEWORKS,
    FILE_NAMES,
    FILE_STEMS,
    FRAMEWORK_FILE_NAMES,
    FRAMEWORK_LANGUAGES,
    IMPLIED,
    LANGUAGE_NAMES,
    PACKAGING_WORDS,
    frameworks_of_files,
    kind_of_name,
    language_of_file,
    languages_in_text,
    languages_of_files,
)

MAX_FILES: Final = 1_000
"""Most files in play accepted by one request."""
MAX_FILE_CHARS: Final = 1_024
"""Longest file path accepted (characters)."""

LanguageSource = Literal["files", "task", "project", "none"]


class PathMatcher(Protocol):
    """Glob matching of files in play against a talent's ``activation.paths`` (port)."""

    def first_match(
        self, patterns: Sequence[str], files: Sequence[str]
    ) -> tuple[str, str] | None:
        """The first ``(pattern, file)`` such that ``file`` matches the patterns as a whole
        (negated patterns ``!…`` excluded) and ``pattern`` is a positive pattern it matches;
        ``None`` when no file matches."""
        ...


@dataclass(frozen=True, slots=True)
class Activation:
    """What activates one talent beyond its text.

    Attributes:
        glob: the pattern of ``activation.paths`` that matched a file in play, or ``None``.
        file: the file in play it matched (repository-relative, ``/``-separated).
        always: the project serves this talent on every task (``grace.yaml``).
        strength: :func:`glob_strength` of the talent's globs (1.0 for a single kind of file);
            for a ``language`` match, :func:`language_activation`'s specificity.
        language: the language of ``file`` when the talent has no specific glob and declares
            that language (:func:`language_activation`); ``None`` otherwise.
    """

    glob: str | None = None
    file: str | None = None
    always: bool = False
    strength: float = 1.0
    language: str | None = None

    @property
    def matched(self) -> bool:
        """A file in play matched one of the talent's globs."""
        return self.glob is not None

    def describe(self) -> str:
        """One phrase for explanations: ``glob `**/*.py` matched app/api/items.py``."""
        parts = []
        if self.glob is not None:
            parts.append(f"glob `{self.glob}` matched {self.file}")
        elif self.language is not None:
            parts.append(f"its language {self.language} is that of {self.file}")
        if self.always:
            parts.append("always served by the project (grace.yaml)")
        return "; ".join(parts)


CATCH_ALL: Final = frozenset({"*", "**", "**/*", "**/**", "*.*", "**/*.*", "/**", "/**/*"})
"""Patterns that match every file: a match says nothing about the talent (community packs set
``globs: **/*`` on ordinary rules), so they are never evidence."""


def specific_paths(patterns: Sequence[str]) -> tuple[str, ...]:
    """``patterns`` without the catch-alls (:data:`CATCH_ALL`); negations are kept."""
    return tuple(p for p in patterns if p.strip().removeprefix("./") not in CATCH_ALL)


_GLOB_NAME: Final = re.compile(r"\{[^}]*\}|\[[^]]*\]|[*?]")


def names_files(glob: str) -> bool:
    """Whether a glob names the files it matches beyond their kind: its last segment holds
    a word besides the extension (``**/*Test.java``, ``**/*.spec.ts``, ``**/Dockerfile``,
    ``**/*_test.go``), not only wildcards and an extension (``**/*.java``,
    ``**/*.{ts,tsx}``). Such a glob says what the file is for (a test, a spec), so a match is
    evidence of the rule's subject as well (decision 0010, twelfth follow-up). A language's
    manifest (``**/package.json``, ``pyproject.toml``: a :data:`FILE_NAMES` entry of a
    language) says no more than its kind: every project of the language has one (an MCP
    server guide on a TypeScript library's ``package.json``; decision 0030)."""
    last = glob.replace("\\", "/").rstrip("/").rsplit("/", 1)[-1]
    if FILE_NAMES.get(last.lower()) in LANGUAGE_NAMES:
        return False
    stem = _GLOB_NAME.sub(" ", last)
    stem = stem.rsplit(".", 1)[0] if "." in stem else stem
    return sum(c.isalpha() for c in stem) >= 2


def glob_strength(patterns: Sequence[str]) -> float:
    """How specific a talent's globs are: ``1 / sqrt(k)`` for the ``k`` kinds of file (languages,
    formats, well-known names) its positive patterns name; 1.0 when they name none (a folder
    such as ``src/api/**``). ``**/*.tsx`` -> 1.0; ``**/*.{ts,js}`` -> 0.71; a rule attached to
    nine languages -> 0.33: matching it says little about the file."""
    kinds: set[str] = set()
    for pattern in specific_paths(patterns):
        if pattern.startswith("!"):
            continue
        for one in expand_braces(pattern):
            name = one.rstrip("/").rsplit("/", 1)[-1]
            kind = kind_of_name(name)
            if kind is not None:
                kinds.add(kind)
    return 1.0 / math.sqrt(len(kinds)) if kinds else 1.0


def expand_braces(pattern: str, *, limit: int = 64) -> list[str]:
    """Expand ``{a,b}`` alternatives (``*.{ts,tsx}`` -> ``*.ts``, ``*.tsx``), at most ``limit``;
    an unclosed ``{`` is kept literally."""
    done: list[str] = []
    todo = [pattern]
    while todo and len(done) < limit:
        current = todo.pop(0)
        start = current.find("{")
        end = current.find("}", start)
        if start < 0 or end < 0:
            done.append(current)
            continue
        for choice in current[start + 1 : end].split(","):
            todo.append(current[:start] + choice + current[end + 1 :])
    return done[:limit]


def normalise_files(files: Iterable[str], *, root: str | None = None) -> tuple[str, ...]:
    """Files in play as repository-relative POSIX paths, deduplicated, in given order.

    ``./app//x.py`` becomes ``app/x.py``; a backslash is a separator. With ``root`` (the
    repository's absolute path), an absolute path under it is made relative (agents often send
    absolute paths). The paths are only matched against globs, never opened.

    Raises:
        InvalidPathError: an empty path, a control character, an absolute path outside ``root``
            (or any absolute path without one), or a path that climbs out (``../x``).
        InputTooLargeError: more than :data:`MAX_FILES` files or a path over
            :data:`MAX_FILE_CHARS` characters.
    """
    base = posixpath.normpath(root.replace("\\", "/")) if root else None
    out: dict[str, None] = {}
    for raw in files:
        if len(out) >= MAX_FILES:
            raise InputTooLargeError(f"more than {MAX_FILES} files in play")
        if len(raw) > MAX_FILE_CHARS:
            raise InputTooLargeError(f"file path over {MAX_FILE_CHARS} characters")
        path = raw.replace("\\", "/").strip()
        if not path:
            raise InvalidPathError("a file in play is an empty path")
        if any(ord(ch) < 32 or ord(ch) == 127 for ch in path):
            raise InvalidPathError(f"file in play {raw!r} has a control character")
        if base and (path == base or path.startswith(base.rstrip("/") + "/")):
            path = path[len(base.rstrip("/")) + 1 :] or "."
        if path.startswith("/") or (len(path) > 1 and path[1] == ":"):
            raise InvalidPathError(
                f"file in play {raw!r} is absolute and not under the repository: give it "
                "relative to the repository root"
            )
        norm = posixpath.normpath(path)
        if norm == ".." or norm.startswith("../"):
            raise InvalidPathError(f"file in play {raw!r} is outside the repository")
        if norm != ".":
            out[norm] = None
    return tuple(out)


@dataclass(frozen=True, slots=True)
class LanguageIndex:
    """The talents' declared languages, indexed once per catalog state for
    :func:`language_activation`.

    Attributes:
        speakers: language (lower case) -> the ids of the talents that declare it.
        declared: id -> how many languages it declares, for the talents that declare some.
    """

    speakers: Mapping[str, frozenset[str]]
    declared: Mapping[str, int]

    @classmethod
    def of(cls, spoken: Mapping[str, Sequence[str]]) -> LanguageIndex:
        """The index of ``spoken`` (talent id -> its declared languages)."""
        speakers: dict[str, set[str]] = {}
        declared: dict[str, int] = {}
        for tid, langs in spoken.items():
            own = {lang.lower() for lang in langs}
            if own:
                declared[tid] = len(own)
                for lang in own:
                    speakers.setdefault(lang, set()).add(tid)
        return cls({lang: frozenset(ids) for lang, ids in speakers.items()}, declared)


def language_activation(
    index: LanguageIndex,
    candidates: Collection[str],
    files: Sequence[str],
    globbed: Container[str] = (),
) -> dict[str, Activation]:
    """Talents activated by the language of a file in play, for those without specific globs.

    A rule declared for Swift with ``globs: **/*`` (or none) would have matched
    ``CheckoutView.swift`` had its author written ``**/*.swift``: its language is the glob it
    did not write. How much that says depends on how many candidates speak the language — one
    of the 3 Swift rules of a catalog, not one of its 55 TypeScript rules. The strength is the
    language's specificity among the candidates, ``ln(N / n) / ln(N)`` (``N`` candidates, ``n``
    of them declaring the language: an IDF over its maximum, as for the path words), divided
    by ``sqrt(k)`` for a talent of ``k`` languages (as :func:`glob_strength`); 1.0 when there
    is a single candidate (decision 0010, eighth follow-up). Cost: the speakers of the files'
    languages, not the catalog.

    Args:
        index: the catalog's declared languages (:meth:`LanguageIndex.of`).
        candidates: the ids the relevance step will score (``N``).
        files: the files in play, in the order given; a file's language counts with the ones
            it implies (:func:`expand_languages`: a TypeScript file activates a JavaScript
            rule, not the reverse); the first file and language that meet the talent's are
            named.
        globbed: ids that have specific globs, matched or not (their globs, not their
            languages, say which files they are for).

    Returns:
        id -> an :class:`Activation` with ``file``, ``language`` and ``strength`` set and no
        ``glob``, for each candidate not in ``globbed`` one of whose languages is a file's;
        in the order of the files, then of the ids.
    """
    # each file's language, then the ones it implies (a ``.ts`` file follows JavaScript rules)
    kinds: dict[str, str] = {}  # language -> the first file of it
    for f in files:
        if (own := language_of_file(f)) is not None:
            for lang in expand_languages([own]):
                kinds.setdefault(lang, f)
    if not kinds:
        return {}
    pool = candidates if isinstance(candidates, (set, frozenset)) else frozenset(candidates)
    total = len(pool)
    out: dict[str, Activation] = {}
    for lang, file in kinds.items():
        present = index.speakers.get(lang, frozenset()) & pool
        if not present:
            continue
        specific = math.log(total / len(present)) / math.log(total) if total > 1 else 1.0
        for tid in sorted(present):
            if tid not in out and tid not in globbed:
                out[tid] = Activation(file=file, language=lang,
                                      strength=specific / math.sqrt(index.declared[tid]))
    return out


def expand_languages(languages: Iterable[str]) -> tuple[str, ...]:
    """``languages`` (lower case) with the ones they imply, first-seen order."""
    out: dict[str, None] = {}
    for lang in languages:
        out[lang.lower()] = None
        out.update(dict.fromkeys(IMPLIED.get(lang.lower(), ())))
    return tuple(out)


SQL_HOSTS: Final = frozenset({
    "python", "go", "java", "kotlin", "scala", "csharp", "fsharp", "ruby", "php", "rust",
    "typescript", "javascript", "elixir", "c", "cpp", "swift", "dart"})
"""Languages whose code holds SQL (queries built in a ``.go`` repository, a ``.py`` DAO): a
task in one of them, in a project that has SQL, is a SQL task too — a new user's review of
"ORDER BY built with fmt.Sprintf" in ``repository.go`` lost ``cursor.postgresql`` to the
language filter (decision 0010, fifteenth follow-up)."""


def _with_sql(languages: tuple[str, ...], project: Sequence[str]) -> tuple[str, ...]:
    """``languages`` with ``sql`` when the project has SQL and one of them is a
    :data:`SQL_HOSTS` language — not one a component's kind implies (the TypeScript of a
    ``.vue`` file)."""
    implied = {lang for kind in languages if kind not in SQL_HOSTS
               for lang in IMPLIED.get(kind, ())}
    if "sql" in project and "sql" not in languages and SQL_HOSTS.intersection(
            set(languages) - implied):
        return (*languages, "sql")
    return languages


def task_languages(
    project_languages: Sequence[str], files: Sequence[str], task: str = ""
) -> tuple[tuple[str, ...], LanguageSource]:
    """The languages a task is in, and where they come from.

    In order of evidence: the languages of the files in play (with those the task's text
    names, :func:`~grace.resolution.domain.languages.languages_in_text`: "port this to Go");
    else the project's languages the task's text names ("Add a PATCH endpoint with Pydantic
    validation" in a polyglot repository is a Python task); else the project's; else none
    (then nothing is filtered by language). A text naming only languages the project does not
    declare narrows nothing: a Python repository's "do it like the React app" stays Python.
    Files or a text in a :data:`SQL_HOSTS` language bring ``sql`` when the project has it
    (SQL lives in their code).

    Returns:
        (languages with their implied ones, ``"files"`` | ``"task"`` | ``"project"`` |
        ``"none"``).
    """
    named, _ = languages_in_text(task) if task else ((), ())
    from_files = languages_of_files(files)
    project = expand_languages(project_languages)
    if from_files:
        return _with_sql(expand_languages([*from_files, *named]), project), "files"
    if named and project:
        narrowed = [lang for lang in expand_languages(named) if lang in project]
        if narrowed:
            return _with_sql(expand_languages(narrowed), project), "task"
    elif named:
        return expand_languages(named), "task"
    if project:
        return project, "project"
    return (), "none"


def implied_languages(
    languages: Sequence[str], files: Sequence[str], task: str = ""
) -> tuple[str, ...]:
    """The ``languages`` (:func:`task_languages`' first item) that neither a file of ``files``
    nor ``task``'s text gives (:func:`~grace.resolution.domain.languages.languages_of_files`,
    :func:`~grace.resolution.domain.languages.languages_in_text`): implied by another
    (:data:`IMPLIED`: a ``.tsx`` file's JavaScript) or SQL held in their code
    (:data:`SQL_HOSTS`). ``(typescript, javascript, sql)`` for ``src/app.component.ts`` ->
    ``(javascript, sql)``."""
    given = set(languages_of_files(files))
    if task:
        given.update(languages_in_text(task)[0])
    return tuple(lang for lang in languages if lang not in given)


def language_allows(talent_languages: Sequence[str], languages: Sequence[str]) -> bool:
    """A talent applies when it declares no language, when nothing is known of the task's
    languages, or when the two meet."""
    if not talent_languages or not languages:
        return True
    return not set(talent_languages).isdisjoint(languages)


MAX_PATH_WORD_FILES: Final = 20
"""Files in play whose path words are read (the first ones given)."""
GENERIC_PATH_WORDS: Final = frozenset({
    "app", "apps", "src", "source", "sources", "lib", "libs", "api", "core", "common", "shared",
    "util", "utils", "helper", "helpers", "internal", "pkg", "cmd", "main", "index", "init",
    "mod", "module", "modules", "package", "packages", "base", "misc", "tmp",
    # where tests live (RSpec's spec/, Jest's __tests__): a folder, not a subject — "spec"
    # named copilot.spec-driven-workflow-v1 for spec/models/order_spec.rb
    "spec", "specs",
    # a monorepo's halves: frontend/src/app/… named skill.frontend-design and
    # skill.premium-frontend-ui on every Angular file (decision 0010, twelfth follow-up)
    "frontend", "backend", "front", "back", "webapp", "client", "server",
    # a code-organisation folder: web/src/hooks/useOrders.ts named copilot.hooks (GitHub
    # Copilot's agent hooks) on every React hook
    "hooks",
    # a mobile app's page: every Compose, SwiftUI or React Native screen is `…Screen` —
    # HabitListScreen.kt named skill.screen-recording (decision 0010, twenty-fourth follow-up)
    "screen", "screens",
})
"""Folder and file names found in repositories of every stack (``app/api/items.py``): they say
nothing about which rules apply, and as BM25 terms they matched whichever rule happened to say
"app" or "API" most (decision 0010, fifth follow-up). Compared case-insensitively."""
_CAMEL: Final = re.compile(r"(?<=[a-z0-9])(?=[A-Z])")
_PATH_SPLIT: Final = re.compile(r"[/\\._\-\s]+")
_NOT_WORD: Final = re.compile(r"[^a-z0-9]+")


def path_words(files: Sequence[str]) -> str:
    """The words of the files' paths, for lexical matching: folders and file stems split on
    ``/ . _ -`` and camelCase, the extension dropped (the file's language is already a filter),
    digits-only parts and :data:`GENERIC_PATH_WORDS` dropped, and the name of another language
    than the file's own (Android keeps Kotlin under ``src/main/java/``: a layout, not a Java
    file); at most the first :data:`MAX_PATH_WORD_FILES` files.

    ``path_words(["apps/backoffice/accounts/migrations/0004_add_phone.py"])`` →
    ``"backoffice accounts migrations add phone"``; ``path_words(["src/OrderTable.tsx"])``
    → ``"Order Table"``. A well-known file of a framework or tool
    (:data:`~grace.resolution.domain.languages.FRAMEWORK_FILE_NAMES`) gives that framework's
    name and its own name whole: ``path_words(["app/src/main/AndroidManifest.xml"])`` →
    ``"android androidmanifest"``.
    """
    out: list[str] = []
    for path in files[:MAX_PATH_WORD_FILES]:
        folder, name = posixpath.split(path)
        if (framework := FRAMEWORK_FILE_NAMES.get(name.lower())) is not None:
            # a well-known file says its framework and its own name whole, not its name's
            # words: AndroidManifest.xml is Android's, no PCF manifest's (decision 0010,
            # twenty-fourth follow-up); a Dockerfile still says "dockerfile"
            whole = _NOT_WORD.sub("", posixpath.splitext(name)[0].lower())
            path = posixpath.join(folder, f"{framework} {whole}.x")
        stem, _ext = posixpath.splitext(path)
        own = language_of_file(path)
        for part in _PATH_SPLIT.split(stem):
            out += [w for w in _CAMEL.split(part)
                    if w and not w.isdigit() and (low := w.lower()) not in GENERIC_PATH_WORDS
                    and (own is None or low == own or low not in LANGUAGE_NAMES
                         or own in IMPLIED.get(low, ()))]  # a vue/ folder of .ts files
    return " ".join(out)


def files_show(files: Sequence[str]) -> str:
    """What the files in play *show*, not what their own names say: the frameworks whose
    conventions they follow (:func:`~grace.resolution.domain.languages.frameworks_of_files`)
    and the :func:`path_words` of the well-known ones (``Dockerfile``, ``docker-compose.yml``,
    ``next.config.ts``). An Agent Skill's job is looked for there, never in a source file's
    own words (``pricing.py`` asks for no pricing strategy; decision 0024).

    ``files_show(["Dockerfile", "app/services/pricing.py"])`` -> ``"docker docker dockerfile"``
    (nothing of ``pricing``)."""
    def well_known(path: str) -> bool:
        name = posixpath.basename(path).lower()
        return (name in FRAMEWORK_FILE_NAMES or name in FILE_NAMES
                or name.split(".", 1)[0] in FILE_STEMS)

    return " ".join([*frameworks_of_files(files), *(path_words([f]) for f in files
                                                     if well_known(f))])


CODE_PATH_WORDS: Final = frozenset({
    "test", "tests", "testing", "spec", "specs", "unit", "integration", "fixture", "fixtures",
    "factory", "factories", "mock", "mocks", "model", "models", "view", "views", "schema",
    "schemas", "route", "routes", "router", "routers", "component", "components", "page",
    "pages", "layout", "layouts", "controller", "controllers", "service", "services",
    "repository", "repositories", "migration", "migrations", "version", "versions", "config",
    "configs", "settings", "types", "style", "styles", "asset", "assets", "public", "static",
    "template", "templates", "docs", "readme", "license", "dockerfile", "makefile", "workflow",
    "workflows", "handler", "handlers", "middleware", "store", "stores", "serializer",
    "serializers", "admin", "form", "forms", "script", "scripts", "tool", "tools", "build",
    "dist", "vendor", "data", "database", "client", "interface", "interfaces", "entity",
    "entities", "domain", "dto", "dtos", "resource", "resources", "java", "kotlin", "python",
    "setup", "requirements", "package", "lock", "yarn", "tsconfig", "vite", "eslint",
    "prettier", "jest", "vitest", "pytest", "conftest", "alembic", "gradle", "maven", "node",
    "application", "properties", "environment", "env", "logging", "error", "errors",
    "exception", "exceptions", "event", "events", "task", "tasks", "job", "jobs", "worker",
    "workers", "command", "commands", "query", "queries", "hook", "context", "provider",
    "providers", "module", "modules", "plugin", "plugins", "auth", "security", "user", "users",
    "account", "accounts", "login", "session", "sessions", "cache", "http", "rest", "graphql",
    "socket", "websocket", "media", "image", "images", "icon", "icons", "font",
    "fonts", "theme", "themes", "global", "globals", "local", "locale", "locales", "i18n",
    "translation", "translations", "util", "common", "shared", "example", "examples", "demo",
    "sample", "samples", "benchmark", "benchmarks", "e2e", "api", "app", "validator",
    "validators", "validation", "appsettings", "razor", "program", "startup", "endpoint",
    "endpoints", "dbcontext", "csproj",
    # Salesforce DX's metadata files: Invoice__c.object-meta.xml, InvoiceService.cls-meta.xml
    "meta",
    # a user interface's generic parts
    "list", "lists", "detail", "details", "card", "cards", "table", "tables", "button",
    "buttons", "modal", "dialog", "header", "footer", "navbar", "sidebar", "menu", "item",
    "items", "edit", "create", "update", "delete", "new", "base", "widget", "widgets",
    # files every package of a monorepo holds (changesets' CHANGELOG.md) and Next.js's route
    # files (loading.tsx, default.tsx, opengraph-image.tsx)
    "changelog", "contributing", "loading", "default", "opengraph"})
"""Words of how code is organised, whatever it is about (``models``, ``routes``,
``migrations``, ``components``, ``auth``): they name the subjects of rules (Django migrations,
React components), never a repository's own domain."""
MIN_VOCABULARY_FILES: Final = 3
"""A word of at least this many of the repository's file paths is one of its own words."""
MAX_VOCABULARY: Final = 30
"""At most this many words, the most frequent first."""


def repository_vocabulary(paths: Iterable[str], *, min_files: int = MIN_VOCABULARY_FILES,
                          limit: int = MAX_VOCABULARY) -> list[str]:
    """The repository's own words: those of its files' names (:func:`path_words` of the
    name: split on separators and camelCase, extension dropped) found in at least
    ``min_files`` files, of four letters or more, that are no language, framework, packaging
    word or word of how code is organised (:data:`CODE_PATH_WORDS`), a plural counted with its
    singular; most frequent first (ties in alphabetical order), at most ``limit``, each in its
    shortest form. Folder names do not count (``com/acme/shop/`` is a layout; an entity has
    files of its own in several layers: ``tickets.py``, ``TicketCard.svelte``,
    ``test_tickets.py``); nor do the files of a folder holding a ``talent.yaml`` (a catalog's
    talents, not the repository's code) or of a hidden folder (``.grace/``, ``.github/``), nor
    files named by a tool or a framework (each crate's ``Cargo.toml`` gave ``cargo``,
    SvelteKit's ``+page.server.ts`` ``pageserver``: :data:`FILE_NAMES`,
    :data:`FRAMEWORK_FILE_NAMES`, a ``+`` route file).

    What a repository is about (``ticket`` in a helpdesk, ``invoice`` in a billing service)
    names its own things, not a rule's subject: in a helpdesk,
    ``cursor.engineering-ticket-template`` (writing Jira tickets) was served on 9 of 30 tasks
    by the word "ticket" (decision 0010, thirteenth follow-up).

    ``["api/routers/tickets.py", "api/tests/test_tickets.py", "web/TicketCard.svelte",
    "api/models.py"]`` -> ``["ticket"]``.
    """
    listed = [p for p in paths if not any(part.startswith(".") for part in p.split("/")[:-1])]
    catalogs = {posixpath.dirname(p) for p in listed if posixpath.basename(p) == "talent.yaml"}
    seen: dict[str, set[int]] = {}
    forms: dict[str, str] = {}
    for number, path in enumerate(listed):
        base = posixpath.basename(path)
        if posixpath.dirname(path) in catalogs or base.startswith("."):
            continue  # a hidden file (.gitkeep, .eslintrc) is tooling, not the domain
        if base.lower() in FILE_NAMES or base.lower() in FRAMEWORK_FILE_NAMES or base[:1] == "+":
            # a name a tool or a framework gives (each crate's Cargo.toml, SvelteKit's
            # +page.server.ts): how the code is built and routed, not what it is about
            continue
        for word in {w.lower() for w in path_words([posixpath.basename(path)]).split()}:
            if (len(word) < 4 or not word.isalpha() or word in CODE_PATH_WORDS
                    or word in LANGUAGE_NAMES or word in APP_FRAMEWORKS
                    or word in FRAMEWORK_LANGUAGES or word in PACKAGING_WORDS):
                continue
            key = word[:-1] if word.endswith("s") and len(word) > 4 else word
            if key in CODE_PATH_WORDS:
                continue
            seen.setdefault(key, set()).add(number)
            if key not in forms or len(word) < len(forms[key]):
                forms[key] = word
    ranked = sorted((k for k, files in seen.items() if len(files) >= min_files),
                    key=lambda k: (-len(seen[k]), k))
    return [forms[k] for k in ranked[:limit]]
