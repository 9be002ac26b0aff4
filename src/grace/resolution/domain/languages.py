"""Programming languages of files, by extension or well-known file name (pure data).

One table for the whole resolution context: the importers read the languages of a rule's globs
from it, ``grace init`` detects a repository's languages with it, and ``resolve_context`` gives
the files in play their languages. A *language* restricts where a talent is served
(``languages`` of the manifest); a *format* (``markdown``, ``yaml``, ``docker`` ...) never does,
since a project does not list data formats among its languages.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Collection, Iterable, Iterator, Mapping, Sequence
from itertools import pairwise
from typing import Final

from grace.text import words

LANGUAGE_EXTENSIONS: Final[dict[str, tuple[str, ...]]] = {
    "python": ("py", "pyi", "pyx", "ipynb"),
    "typescript": ("ts", "tsx", "mts", "cts"),
    "javascript": ("js", "jsx", "mjs", "cjs"),
    "rust": ("rs",),
    "go": ("go",),
    "java": ("java",),
    "kotlin": ("kt", "kts"),
    "swift": ("swift",),
    "objective-c": ("m", "mm"),
    "ruby": ("rb", "erb", "rake"),
    "php": ("php", "inc"),
    "csharp": ("cs", "csx", "razor", "cshtml", "xaml"),
    "fsharp": ("fs", "fsx"),
    "c": ("c", "h"),
    "cpp": ("cpp", "cc", "cxx", "hpp", "hh", "hxx", "ino"),
    "scala": ("scala", "sc", "sbt"),
    "dart": ("dart",),
    "elixir": ("ex", "exs", "heex"),
    "erlang": ("erl", "hrl"),
    "haskell": ("hs",),
    "clojure": ("clj", "cljs", "cljc", "edn"),
    "ocaml": ("ml", "mli"),
    "lua": ("lua",),
    "r": ("r", "rmd"),
    "julia": ("jl",),
    "perl": ("pl", "pm"),
    "zig": ("zig",),
    "nim": ("nim",),
    "fortran": ("f", "f90", "f95", "f03", "f08", "for", "ftn"),
    "solidity": ("sol",),
    "sql": ("sql", "psql"),
    "shell": ("sh", "bash", "zsh", "fish"),
    "powershell": ("ps1", "psm1", "psd1"),
    "terraform": ("tf", "tfvars", "hcl"),
    "vue": ("vue",),
    "svelte": ("svelte",),
    "astro": ("astro",),
    "html": ("html", "htm"),
    "css": ("css", "scss", "sass", "less"),
    "liquid": ("liquid",),
    "apex": ("cls", "trigger", "apex"),
    "coldfusion": ("cfc", "cfm", "cfml"),
    "gml": ("gml",),
    "arkts": ("ets",),
    "groovy": ("groovy", "gradle"),
    "bicep": ("bicep",),
}
"""Language -> lower-case extensions without the dot."""

FORMAT_EXTENSIONS: Final[dict[str, tuple[str, ...]]] = {
    "markdown": ("md", "mdx", "mdc"),
    "yaml": ("yml", "yaml"),
    "json": ("json", "json5", "jsonc"),
    "toml": ("toml",),
    "xml": ("xml",),
    "docker": ("dockerfile",),
    "make": ("mk",),
    "cmake": ("cmake",),
    "graphql": ("graphql", "gql"),
    "prisma": ("prisma",),
    "protobuf": ("proto",),
}
"""File formats, schema languages and tools -> extensions: they describe a file, never restrict
a talent (a Prisma or GraphQL schema lives in projects of any language)."""

FILE_NAMES: Final[dict[str, str]] = {
    "dockerfile": "docker",
    "docker-compose": "docker",
    "compose": "docker",
    "makefile": "make",
    "gnumakefile": "make",
    "cmakelists.txt": "cmake",
    "cargo.toml": "rust",
    "cargo.lock": "rust",
    "go.mod": "go",
    "go.sum": "go",
    "pyproject.toml": "python",
    "requirements.txt": "python",
    "package.json": "javascript",
    "tsconfig.json": "typescript",
    "gemfile": "ruby",
    "composer.json": "php",
    "pom.xml": "java",
    "build.gradle": "java",
}
"""Well-known file names (lower case) -> language or format."""

FILE_STEMS: Final[dict[str, str]] = {
    "dockerfile": "docker",
    "docker-compose": "docker",
    "compose": "docker",
    "makefile": "make",
    "requirements": "python",
}
"""Well-known file stems (``Dockerfile.dev``, ``requirements-dev.txt``) -> kind."""

KIND_OF_EXTENSION: Final[dict[str, str]] = {
    ext: kind
    for table in (LANGUAGE_EXTENSIONS, FORMAT_EXTENSIONS)
    for kind, exts in table.items()
    for ext in exts
}
LANGUAGE_NAMES: Final[frozenset[str]] = frozenset(LANGUAGE_EXTENSIONS)
"""Kinds that count as languages; the others are file formats and tools."""

IMPLIED: Final[dict[str, tuple[str, ...]]] = {
    "typescript": ("javascript",),
    "vue": ("typescript", "javascript"),
    "svelte": ("typescript", "javascript"),
    "astro": ("typescript", "javascript"),
    "cpp": ("c",),
    "kotlin": ("java",),
}
"""A file of the key language also counts for these (TypeScript code follows JavaScript rules;
a ``.vue`` component is TypeScript or JavaScript)."""


TEMPLATE_SUFFIXES: Final = frozenset({"j2", "jinja", "jinja2"})
"""Extensions a template engine adds to the name of the file it renders (Jinja:
``invoice.html.j2``, ``values.yaml.jinja``): the file is of the kind its inner extension
says."""


def kind_of_name(name: str) -> str | None:
    """Kind of a file name (no folder): well-known name, then stem, then extension; a
    template's (:data:`TEMPLATE_SUFFIXES`) that of the file it renders.

    ``"Cargo.toml"`` -> ``"rust"``; ``"items.py"`` -> ``"python"``; ``"README.md"`` ->
    ``"markdown"``; ``"invoice.html.j2"`` -> ``"html"``; ``"LICENSE"`` -> ``None``.
    """
    lower = name.lower()
    base, _, suffix = lower.rpartition(".")
    if suffix in TEMPLATE_SUFFIXES and "." in base:
        return kind_of_name(base)
    if lower in FILE_NAMES:
        return FILE_NAMES[lower]
    stem_kind = FILE_STEMS.get(lower.split(".", 1)[0].rstrip("*"))
    if stem_kind:
        return stem_kind
    if "." not in lower:
        return None
    return KIND_OF_EXTENSION.get(lower.rsplit(".", 1)[1])


def language_of_file(path: str) -> str | None:
    """The programming language of a file path (``/`` or ``\\`` separated), ``None`` when it is
    a format (``.md``) or unknown."""
    name = path.replace("\\", "/").rstrip("/").rsplit("/", 1)[-1]
    kind = kind_of_name(name)
    return kind if kind in LANGUAGE_NAMES else None


def languages_of_files(paths: Iterable[str]) -> tuple[str, ...]:
    """Languages of ``paths`` with the ones they imply (:data:`IMPLIED`), first-seen order.

    A framework's template is also in its framework's language (:data:`FRAMEWORK_FILE_SUFFIXES`
    and :data:`FRAMEWORK_LANGUAGES`): ``cart.component.html`` is HTML and TypeScript (an
    Angular component's template: the Angular rules apply to it), ``show.html.erb`` Ruby,
    ``Index.cshtml`` C# — never the other way round (a ``.jsx`` file stays JavaScript)."""
    out: dict[str, None] = {}
    for path in paths:
        lang = language_of_file(path)
        if lang:
            out[lang] = None
            out.update(dict.fromkeys(IMPLIED.get(lang, ())))
        name = path.replace("\\", "/").rstrip("/").rsplit("/", 1)[-1].lower()
        for suffix, framework in FRAMEWORK_FILE_SUFFIXES.items():
            written = FRAMEWORK_LANGUAGES.get(framework, ())
            if name.endswith(suffix) and name != suffix and lang not in written:
                for spoken in written:
                    out[spoken] = None
                    out.update(dict.fromkeys(IMPLIED.get(spoken, ())))
    return tuple(out)


FRAMEWORK_LANGUAGES: Final[dict[str, tuple[str, ...]]] = {
    **{w: ("python",) for w in (
        "python", "django", "flask", "fastapi", "pydantic", "pytest", "pandas", "sqlalchemy",
        "jupyter", "pyspark", "streamlit", "ruff", "mypy", "pyqt", "pytorch", "scikit",
        "airflow", "dagster", "prefect")},
    **{w: ("typescript",) for w in ("typescript", "angular", "nestjs", "deno", "qwik", "convex")},
    **{w: ("javascript", "typescript") for w in (
        "javascript", "react", "nextjs", "vue", "vuejs", "nuxt", "svelte", "sveltekit", "node",
        "nodejs", "express", "jest", "vitest", "astro", "solidjs", "remix", "jquery",
        "tanstack", "cypress", "nativescript", "medusa", "shadcn")},
    **{w: ("go",) for w in ("golang", "gin", "fiber")},
    **{w: ("rust",) for w in ("rust", "actix", "axum")},
    **{w: ("java",) for w in ("java", "spring", "springboot", "quarkus", "junit", "maven")},
    **{w: ("kotlin",) for w in ("kotlin", "ktor", "android", "jetpack")},
    **{w: ("swift",) for w in ("swift", "swiftui", "ios", "uikit")},
    **{w: ("dart",) for w in ("dart", "flutter")},
    **{w: ("ruby",) for w in ("ruby", "rails", "dragonruby")},
    **{w: ("php",) for w in ("php", "laravel", "symfony", "wordpress", "drupal", "typo3cms")},
    **{w: ("csharp",) for w in (
        "csharp", "dotnet", "aspnet", "aspnetcore", "efcore", "blazor", "maui", "xunit", "wpf",
        "nunit", "mstest", "unity")},
    **{w: ("cpp",) for w in ("cpp",)},
    **{w: ("elixir",) for w in ("elixir", "phoenix")},
    **{w: ("scala",) for w in ("scala",)},
    "apex": ("apex",),
    "lwc": ("javascript",),
    "solidity": ("solidity",),
    "hardhat": ("solidity", "javascript", "typescript"),
    "coldfusion": ("coldfusion",),
}
"""Words of a rule's name that bind it to languages (a Django rule is a Python rule). The
importer uses them only when the rule's globs name no language (``globs: **/*``); ``go`` counts
anywhere in a name but before ``to`` (``htmx-go-basic``; never ``go-to-market``)."""


def languages_of_name(words: Iterable[str]) -> tuple[str, ...]:
    """Languages the words of a rule's name (slug words, lower case) bind it to, first-seen.

    A version suffix is ignored (``react19``, ``vue3``, ``angular17`` name React, Vue,
    Angular); ``py`` counts only as a name's first word (``py-fast-api``), ``go`` anywhere
    but before ``to`` (``go-servemux``, ``htmx-go-fiber``; never ``go-to-market``). A
    language the name names itself narrows its frameworks' languages to it: ``kotlin-springboot``
    is Kotlin's alone (``springboot`` is Java's: before, the pair gave both, and the Kotlin
    rules reached Java projects), ``typescript-react`` TypeScript's (decision 0010, twelfth
    follow-up). Two words written apart that the table knows joined count as that one word
    (``ef-core`` names EF Core, a C# rule; ``dot-net``, ``next-js``) when neither binds a
    language alone.
    """
    out: dict[str, None] = {}
    own: dict[str, None] = {}  # the languages named by their own word
    words = _joined(list(words))
    for i, word in enumerate(words):
        if (i == 0 and word == "py") or (word == "go" and words[i + 1 : i + 2] != ["to"]):
            own["python" if word == "py" else "go"] = None
        if i == 0 and word == "r" and len(words) > 1:  # r-best-practices
            own["r"] = None
        found = FRAMEWORK_LANGUAGES.get(word)
        if found is None and word[-1:].isdigit():
            found = FRAMEWORK_LANGUAGES.get(word.rstrip("0123456789"))
        if found and word.rstrip("0123456789") in LANGUAGE_NAMES and word != "go":
            own.update(dict.fromkeys(found))
        out.update(dict.fromkeys(found or ()))
    return tuple(own) if own else tuple(out)


def _joined(words: list[str]) -> list[str]:
    """``words`` with each pair of neighbours that :data:`FRAMEWORK_LANGUAGES` knows joined
    and neither of which it knows alone as one word: ``["ef", "core"]`` -> ``["efcore"]``."""
    out: list[str] = []
    i = 0
    while i < len(words):
        pair = "".join(words[i : i + 2])
        if (i + 1 < len(words) and pair in FRAMEWORK_LANGUAGES
                and not {words[i], words[i + 1]} & FRAMEWORK_LANGUAGES.keys()):
            out.append(pair)
            i += 2
        else:
            out.append(words[i])
            i += 1
    return out


AMBIGUOUS_NAMES: Final = frozenset({
    # everyday or ambiguous words: only their capitalised form counts (TEXT_PROPER_NAMES)
    "express", "spring", "rails", "flask", "phoenix", "remix", "astro", "gin", "maui", "jest",
    "deno", "pandas", "jupyter",
    # platforms and tools, not a language: an Android or iOS app may be Flutter or Kotlin,
    # Maven builds Kotlin too
    "android", "ios", "jetpack", "maven", "pyspark",
    # everyday words first ("a convex hull", "unity tests", "the apex domain")
    "fiber", "convex", "unity", "apex", "medusa", "hardhat", "lwc",
})
"""Words of :data:`FRAMEWORK_LANGUAGES` that name other things too: never a task's language
in lower case (:data:`TEXT_WORDS`), nor a rule's language through its name when its text names
other languages only (:func:`languages_of_rule`: Arize's Phoenix skills are no Elixir rules)."""

LANGUAGE_SPELLINGS: Final[dict[str, tuple[str, ...]]] = {
    "python": ("python",), "typescript": ("typescript",), "javascript": ("javascript",),
    "java": ("java",), "ruby": ("ruby",), "go": ("golang",), "rust": ("rust",), "php": ("php",),
    "kotlin": ("kotlin",), "swift": ("swift",), "csharp": ("c#", "csharp"),
    "elixir": ("elixir",), "dart": ("dart",), "cpp": ("c++",), "apex": ("apex",)}
"""How a rule's text writes a programming language, for :func:`languages_of_rule` (never
``go``, an everyday word, nor ``js``, ``ts``: abbreviations of paths and identifiers)."""
MIN_OTHER_LANGUAGE_USES: Final = 3
"""A rule's text names other programming languages at least this often, and its name's
language never, before that language is no longer the rule's (:func:`languages_of_rule`)."""


def languages_of_rule(words: Sequence[str], text: str) -> tuple[str, ...]:
    """:func:`languages_of_name` of a rule's name ``words``, unless every word that binds a
    language is one of :data:`AMBIGUOUS_NAMES` and the rule's ``text`` (its summary and body)
    never names those languages but names others at least :data:`MIN_OTHER_LANGUAGE_USES`
    times (:data:`LANGUAGE_SPELLINGS`): then ``()``, any language. Two of Arize's Phoenix
    skills (LLM tracing and evaluators, in Python and TypeScript) were imported as Elixir rules
    and served on a Phoenix application's tasks (decision 0010, twenty-third follow-up); a
    Rails rule that never says Ruby stays Ruby's.

    ``(["phoenix", "evals"], "Evaluators in Python … Python … TypeScript")`` -> ``()``;
    ``(["phoenix", "liveview"], "Elixir's Phoenix LiveView")`` -> ``("elixir",)``.
    """
    named = languages_of_name(words)
    binding = [w for w in words if languages_of_name([w])]
    if not named or not binding or not all(w in AMBIGUOUS_NAMES for w in binding):
        return named
    low = text.lower()

    def uses(lang: str) -> int:
        return sum(len(re.findall(r"(?<![a-z0-9])" + re.escape(spelling) + r"(?![a-z0-9+#])",
                                  low)) for spelling in LANGUAGE_SPELLINGS.get(lang, (lang,)))

    if any(uses(lang) for lang in named):
        return named
    others = sum(uses(lang) for lang in LANGUAGE_SPELLINGS if lang not in named)
    return () if others >= MIN_OTHER_LANGUAGE_USES else named


TEXT_WORDS: Final[dict[str, tuple[str, ...]]] = {
    w: langs
    for w, langs in FRAMEWORK_LANGUAGES.items()
    if w not in AMBIGUOUS_NAMES
    and w not in {"go", "golang", "node", "swift", "ruby", "rust", "dart"}  # everyday words too
} | {
    "golang": ("go",),
    "nodejs": ("javascript", "typescript"),
    "expressjs": ("javascript", "typescript"),
    "springboot": ("java", "kotlin"),
    "csharp": ("csharp",),
    "dotnet": ("csharp",),
    "aspnet": ("csharp",),
    "fsharp": ("fsharp",),
    "cpp": ("cpp", "c"),
    "swiftui": ("swift",),
    "jetpackcompose": ("kotlin",),
}
"""Words of a task that name its languages (lower case). Language-agnostic kinds (SQL, shell,
HTML, YAML, Terraform) never name a task's language: SQL lives inside Python or Java code."""

TEXT_PROPER_NAMES: Final[dict[str, tuple[str, ...]]] = {
    "Go": ("go",), "Node": ("javascript", "typescript"),
    "Express": ("javascript", "typescript"), "Spring": ("java", "kotlin"),
    "Rails": ("ruby",), "Swift": ("swift",), "Ruby": ("ruby",), "Rust": ("rust",),
    "Dart": ("dart",), "Flask": ("python",), "Phoenix": ("elixir",), "Jest": ("javascript",
    "typescript"), "Deno": ("typescript",), "Pandas": ("python",),
    "Nest": ("javascript", "typescript"),
}
"""Ambiguous words that name a language only written capitalised, and not as a task's first
word (``express the total`` / ``Go to the page`` name nothing)."""

FRENCH_NOUNS: Final = frozenset({"vue"})
"""Framework names that are French nouns (« vue »: a view): written in lower case after a
French determiner (« la vue des commandes », « cette vue ») they name no framework (« en Vue »,
capitalised, does) — a Django task in French lost
every Python rule to the JavaScript and TypeScript languages it was given (a new user's
trial; decision 0010, fourteenth follow-up)."""
_FRENCH_DETERMINERS: Final = frozenset({
    "la", "une", "cette", "sa", "ma", "ta", "notre", "votre", "leur", "chaque", "les", "des",
    "ces", "mes", "tes", "ses", "nos", "vos", "leurs", "de", "en", "point"})

_COMPOUNDS: Final = (
    (r"(?i)\bnode\.?js\b", "nodejs"), (r"(?i)\bnext\.?js\b", "nextjs"),
    (r"(?i)\bvue\.?js\b", "vuejs"), (r"(?i)\bnuxt\.?js\b", "nuxt"),
    (r"(?i)\bexpress\.?js\b", "expressjs"), (r"(?i)\bnest\.?js\b", "nestjs"),
    (r"(?i)\basp\.net\b", "aspnet"), (r"(?i)(?<![\w.])\.net\b", "dotnet"),
    (r"(?i)\bc#", "csharp"), (r"(?i)\bf#", "fsharp"), (r"(?i)\bc\+\+", "cpp"),
    (r"(?i)\bspring[ -]boot\b", "springboot"), (r"(?i)\bruby on rails\b", "rails"),
    (r"(?i)\bjetpack compose\b", "jetpackcompose"),
)


def _tokens(text: str) -> list[str]:
    """The words of ``text`` as written (case kept), a name in two parts read as one
    (:data:`_COMPOUNDS`: ``Next.js`` -> ``nextjs``, ``.NET`` -> ``dotnet``)."""
    for pattern, word in _COMPOUNDS:
        text = re.sub(pattern, f" {word} ", text)
    return re.findall(r"[A-Za-z][A-Za-z0-9]*", text)


_JS_TS: Final = ("javascript", "typescript")
_JVM: Final = ("java", "kotlin")

LANGUAGE_TELLS: Final[dict[str, tuple[str, ...]]] = {
    **dict.fromkeys(("clippy", "rustc", "rustfmt", "rustup", "thiserror", "tokio", "serde"),
                    ("rust",)),
    **dict.fromkeys(("gofmt", "goimports", "golangci", "goroutine", "goroutines", "errgroup",
                     "pgx", "pgxpool", "slog", "gorm", "sqlc", "testify", "gomock"), ("go",)),
    **dict.fromkeys(("pytest", "mypy", "pyright", "ruff", "flake8", "pylint", "pipenv",
                     "virtualenv", "venv", "asyncio", "numpy", "pyproject"), ("python",)),
    **dict.fromkeys(("npm", "pnpm", "eslint", "webpack", "vitest"), _JS_TS),
    **dict.fromkeys(("tsconfig", "tsc"), ("typescript",)),
    **dict.fromkeys(("gradle", "jvm", "mvn"), _JVM),
    "lombok": ("java",),
    **dict.fromkeys(("ktlint", "detekt"), ("kotlin",)),
    **dict.fromkeys(("nuget", "msbuild", "roslyn", "linq", "csproj"), ("csharp",)),
    **dict.fromkeys(("rubocop", "rspec", "gemfile", "sidekiq"), ("ruby",)),
    **dict.fromkeys(("phpunit", "phpstan"), ("php",)),
    **dict.fromkeys(("xcode", "xcodebuild", "swiftlint", "cocoapods"), ("swift",)),
    "pubspec": ("dart",),
    **dict.fromkeys(("genserver", "ecto", "exunit"), ("elixir",)),
    "sbt": ("scala",),
}
"""A language's own toolchain in a task's words (lower case): its compiler, package manager,
linters, test runner, manifest and the few libraries every program of it uses (``thiserror``,
``asyncio``). "Make clippy pass" is a Rust task, "the pytest fixtures" a Python one.
Everyday words are left out (Rust's ``cargo`` and ``anyhow``, Python's ``pip`` and ``poetry``,
JavaScript's ``prettier`` and ``yarn``, PHP's ``composer``, Elixir's ``mix``): they count only
before one of their commands (:data:`_TOOL_COMMANDS`)."""

PROPER_TELLS: Final[dict[str, tuple[str, ...]]] = {"Vite": _JS_TS}
"""Toolchain words that are everyday words too, told only written capitalised and not as the
text's first word: « le token expire trop vite » (too quickly) names no bundler, "Configure
Vite to proxy /api" does (a new user's .NET repository got JavaScript and TypeScript rules
for the first; decision 0010, fourteenth follow-up). ``vite.config.ts`` and ``vite build``
are told by the file name and the command."""

_TOOL_COMMANDS: Final[tuple[tuple[str, tuple[str, ...]], ...]] = (
    (r"(?i)\bcargo (?:build|test|run|check|clippy|fmt|add|update|publish|bench|doc|install)\b",
     ("rust",)),
    (r"(?i)\bgo (?:(?:vet|generate|test|build|run)(?= (?:\./|fail|complain|report|pass|error"
     r"|warn))|mod (?:tidy|download|vendor|init|why|graph|edit|verify)\b|get(?= \S+/))",
     ("go",)),
    (r"(?i)\bpip3? (?:install|uninstall|freeze|download)\b", ("python",)),
    (r"(?i)\bpoetry (?:install|lock|add|update|run|build|publish)\b", ("python",)),
    (r"(?i)\buv (?:sync|lock|add|run|pip|venv|tool)\b", ("python",)),
    (r"(?i)\byarn (?:install|add|build|test|dev|lint|workspace|upgrade)\b", _JS_TS),
    (r"(?i)\bvite (?:build|dev|preview|optimize)\b", _JS_TS),
    (r"(?i)\bcomposer (?:install|require|update|dump-autoload)\b", ("php",)),
    (r"(?i)\bswift (?:build|test|package|run)\b", ("swift",)),
    (r"(?i)\brails (?:db:\w+|generate|console|server|routes|credentials:\w+)\b", ("ruby",)),
    (r"(?i)\bmix (?:test|compile|deps\.get|phx\.\w+|ecto\.\w+|format)\b", ("elixir",)),
)
"""A tool whose name is an everyday word, told by the command after it (``cargo build``,
``pip install``, ``go mod tidy``, ``go test ./...``); never after a determiner ("the cargo
build date", :data:`_DETERMINERS`) — "we should go generate the reports" names nothing."""

_DETERMINERS: Final = frozenset((
    "the", "a", "an", "our", "your", "their", "this", "that", "these", "those", "its", "my",
    "le", "la", "les", "un", "une", "du", "des", "ce", "cette", "notre", "votre", "leur"))

TEXT_FILE_EXTENSIONS: Final[dict[str, str]] = {
    ext: lang
    for lang in ("python", "typescript", "javascript", "rust", "go", "java", "kotlin", "swift",
                 "ruby", "php", "csharp", "dart", "scala", "elixir")
    for ext in LANGUAGE_EXTENSIONS[lang]
    if len(ext) >= 2 and ext not in {"sc", "inc", "erb", "rake", "razor", "cshtml", "xaml"}
}
"""Extensions by which a file name quoted in a task's text names its language
(``items.py``, ``Cart.tsx``): those of the main languages, at least two letters, never a
template's or a one-letter one (``.m``, ``.r``, ``.h`` read as abbreviations)."""

_FILE_NAME: Final = re.compile(r"(?<![\w/.-])([\w/-]+)((?:\.[\w-]+)+)(?![\w(-])")
"""A file name or path quoted in a text: ``(stem with its folders, suffixes)``; never a call
(``router.go(-1)``, ``task.Result()``)."""


def _file_language(stem: str, suffix: str) -> str | None:
    """The language a file name quoted in a text names: a well-known name (``Cargo.toml``,
    ``go.mod``) or a main language's extension (``items.py``). A capitalised ``X.js`` is a
    library's name (``Chart.js``, ``Alpine.js``), not a file of the task's code."""
    path, stem = "/" in stem, stem.rsplit("/", 1)[-1]
    if stem.lower() in _SITE_NAMES and not path:
        return None  # docs.rs, crates.io: a site, not a file
    name = (stem + suffix).lower()
    kind = FILE_NAMES.get(name)
    if kind is not None:
        return kind if kind in LANGUAGE_NAMES and kind not in _LANGUAGE_AGNOSTIC else None
    ext = suffix.rsplit(".", 1)[1].lower()
    if ext == "js" and stem[:1].isupper() and suffix.count(".") == 1 and not path:
        return None
    return TEXT_FILE_EXTENSIONS.get(ext)


_LANGUAGE_AGNOSTIC: Final = frozenset({"sql", "shell", "powershell", "terraform", "html", "css"})
_SITE_NAMES: Final = frozenset({"docs", "www"})
"""A quoted name of these stems is a web site (``docs.rs``: ``.rs`` is also Serbia's domain)."""


def languages_in_text(text: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """Languages a task's text names, through the languages and frameworks it mentions, its
    language's toolchain (:data:`LANGUAGE_TELLS`, ``cargo build``) and the file names it quotes
    (``items.py``, ``Cargo.toml``).

    ``"Add a PATCH endpoint with Pydantic validation"`` -> ``(("python",), ("pydantic",))``;
    ``"Make clippy pass with -D warnings"`` -> ``(("rust",), ("clippy",))``;
    ``"Go to the settings page"`` -> ``((), ())``.

    Returns:
        (languages, first-seen order; the words that named them, lower case).
    """
    langs: dict[str, None] = {}
    named: dict[str, None] = {}
    for word, told in _tool_tells(text):
        named[word] = None
        langs.update(dict.fromkeys(told))
    tokens = _tokens(text)
    for i, token in enumerate(tokens):
        found = TEXT_WORDS.get(token.lower())
        if found is None and i > 0:
            found = TEXT_PROPER_NAMES.get(token)
        if found and token.lower() in FRENCH_NOUNS and token.islower() and i and (
                tokens[i - 1].lower() in _FRENCH_DETERMINERS):
            continue  # « la vue des commandes » is a view, not Vue; « en Vue » is Vue
        if found:
            named[token.lower()] = None
            langs.update(dict.fromkeys(found))
    return tuple(langs), tuple(named)


_GO_MODULE: Final = re.compile(
    r"(?i)(?<![\w-])(?:[a-z0-9]+-)*(?!(?:the|let|and)-)[a-z][a-z0-9]{2,}-go(?![\w-]|\.\w)")
"""A library named the Go way, its name and ``-go`` (``testcontainers-go``, ``aws-sdk-go``):
a Go task (a new user's « tests d'intégration … avec testcontainers-go » got no Go rule).
Not an idiom (``ready-to-go``, ``on-the-go``, ``let-go``: two letters or a little word
before ``-go``)."""


def _tool_tells(text: str) -> Iterable[tuple[str, tuple[str, ...]]]:
    """``(the words, their languages)`` for each file name, tool command and toolchain word
    (:data:`LANGUAGE_TELLS`) of ``text``, in that order."""
    for stem, suffix in _FILE_NAME.findall(text):
        lang = _file_language(stem, suffix)
        if lang is not None:  # JavaScript files live in TypeScript projects too
            yield (stem + suffix).lower(), _JS_TS if lang == "javascript" else (lang,)
    for pattern, langs in _TOOL_COMMANDS:
        for m in re.finditer(pattern, text):
            before = text[: m.start()].split()
            if not before or before[-1].lower() not in _DETERMINERS:
                yield m.group(0).strip().lower(), langs
    for i, token in enumerate(re.findall(r"[A-Za-z][A-Za-z0-9]*", text)):
        found = LANGUAGE_TELLS.get(token.lower()) or (PROPER_TELLS.get(token) if i else None)
        if found:
            yield token.lower(), found
    for m in _GO_MODULE.finditer(text):
        yield m.group(0).lower(), ("go",)


def languages_told(text: str) -> tuple[str, ...]:
    """Languages a text shows without naming them (first-seen): by the file names it quotes
    and its language's toolchain (:func:`languages_in_text`'s tells).
    ``"Make clippy pass"`` -> ``("rust",)``; ``"Add a Pydantic model"`` -> ``()``."""
    return tuple(dict.fromkeys(lang for _, found in _tool_tells(text) for lang in found))


FRAMEWORK_FILE_SUFFIXES: Final[dict[str, str]] = {
    ".component.ts": "angular",
    ".component.html": "angular",
    ".directive.ts": "angular",
    ".pipe.ts": "angular",
    ".controller.ts": "nestjs",
    ".svelte": "svelte",
    ".vue": "vue",
    ".tsx": "react",
    ".jsx": "react",
    ".blade.php": "laravel",
    ".html.erb": "rails",
    ".razor": "blazor",
    ".cshtml": "aspnet",
    ".tf": "terraform",
    ".ipynb": "jupyter",
}
"""File-name endings (lower case) a framework's conventions give its files (Angular's
``*.component.ts``, NestJS's ``*.controller.ts``, Laravel's Blade views)."""

FRAMEWORK_FILE_NAMES: Final[dict[str, str]] = {
    "manage.py": "django",
    "urls.py": "django",
    "admin.py": "django",
    "apps.py": "django",
    "angular.json": "angular",
    "nest-cli.json": "nestjs",
    "next.config.js": "nextjs",
    "next.config.mjs": "nextjs",
    "next.config.ts": "nextjs",
    "nuxt.config.ts": "nuxt",
    "nuxt.config.js": "nuxt",
    "svelte.config.js": "sveltekit",
    "+page.svelte": "sveltekit",
    "+layout.svelte": "sveltekit",
    "+page.server.ts": "sveltekit",
    "+page.ts": "sveltekit",
    "+server.ts": "sveltekit",
    # the same route files in a JavaScript project
    "+page.server.js": "sveltekit",
    "+page.js": "sveltekit",
    "+server.js": "sveltekit",
    "artisan": "laravel",
    "routes.rb": "rails",
    "pubspec.yaml": "flutter",
    "androidmanifest.xml": "android",
    "podfile": "ios",
    "info.plist": "ios",
    "chart.yaml": "helm",
    "tailwind.config.js": "tailwind",
    "tailwind.config.ts": "tailwind",
    "vite.config.ts": "vite",
    "vite.config.js": "vite",
    "vitest.config.ts": "vitest",
    "jest.config.js": "jest",
    "jest.config.ts": "jest",
    "playwright.config.ts": "playwright",
    "cypress.config.ts": "cypress",
    "docker-compose.yml": "docker",
    "docker-compose.yaml": "docker",
    "dockerfile": "docker",
}
"""Well-known file names (lower case) of a framework or tool."""

FRAMEWORK_FOLDERS: Final[dict[tuple[str, ...], str]] = {
    ("app", "controllers"): "rails",
    ("app", "models"): "rails",
    ("db", "migrate"): "rails",
    (".github", "workflows"): "github actions",
    ("templatetags",): "django",
    ("src", "main", "java"): "java",
    ("src", "main", "kotlin"): "kotlin",
}
"""Consecutive folder names a framework's layout gives (Rails' ``app/controllers``)."""


def off_kind_of(path: str, languages: Sequence[str]) -> str:
    """The kind of the file ``path`` (:func:`kind_of_name`) when a talent written for
    ``languages`` matched it by glob although it is of none of them, nor of a language they
    imply or that implies one of them: ``("turbo.json", ["typescript", "javascript"])`` ->
    ``"json"`` (a NestJS rule's ``**/*.json``); ``""`` when the talent has no languages (it
    applies everywhere), the kind is unknown or related (``("a.ts", ["javascript"])``)."""
    if not languages:
        return ""
    kind = kind_of_name(path.replace("\\", "/").rsplit("/", 1)[-1])
    if kind is None:
        return ""
    own = set(languages)
    related = own | {i for lang in own for i in IMPLIED.get(lang, ())} | {
        k for k, implied in IMPLIED.items() if own & set(implied)}
    return "" if kind in related else kind


def frameworks_of_files(paths: Iterable[str]) -> tuple[str, ...]:
    """Frameworks and tools the files' names and folders follow the conventions of, first-seen
    (:data:`FRAMEWORK_FILE_SUFFIXES`, :data:`FRAMEWORK_FILE_NAMES`,
    :data:`FRAMEWORK_FOLDERS`): ``["src/app/cart/cart.component.ts"]`` → ``("angular",)``,
    ``["app/controllers/orders_controller.rb"]`` → ``("rails",)``. Paths are ``/``-separated;
    they are read, never opened.
    """
    found: dict[str, None] = {}
    for path in paths:
        parts = path.lower().split("/")
        name = parts[-1]
        if name in FRAMEWORK_FILE_NAMES:
            found[FRAMEWORK_FILE_NAMES[name]] = None
        for suffix, framework in FRAMEWORK_FILE_SUFFIXES.items():
            if name.endswith(suffix) and name != suffix:
                found[framework] = None
        folders = parts[:-1]
        for run, framework in FRAMEWORK_FOLDERS.items():
            n = len(run)
            if any(tuple(folders[i : i + n]) == run for i in range(len(folders) - n + 1)):
                found[framework] = None
    return tuple(found)


APP_FRAMEWORKS: Final[dict[str, str]] = {
    **{w: w for w in (
        "django", "flask", "fastapi", "streamlit", "react", "nuxt", "angular", "astro",
        "solidjs", "remix", "qwik", "nestjs", "gin", "fiber", "actix", "axum", "quarkus", "ktor",
        "rails", "laravel", "symfony", "wordpress", "drupal", "typo3cms", "blazor", "maui",
        "wpf", "flutter", "phoenix", "swiftui", "uikit", "anchor", "unity", "android",
        "airflow", "dagster", "prefect")},
    "jetpack": "android",
    "next": "nextjs", "nextjs": "nextjs", "vue": "vue", "vuejs": "vue",
    "svelte": "svelte", "sveltekit": "svelte", "sveltejs": "svelte",
    "express": "express", "expressjs": "express", "spring": "spring", "springboot": "spring",
    "nest": "nestjs",
    "aspnet": "aspnet", "aspnetcore": "aspnet",
}
"""Application frameworks, word -> canonical name: a project is built on one (or a few) of each
language's, and a rule written for another one of the same language is probably not for it
(:func:`foreign_frameworks`). Libraries and tools that live beside any framework (pytest,
pydantic, tailwind, jest) are not in it; neither are runtimes (node, deno). An Android
application and a pipeline of Airflow, Dagster or Prefect tasks are built on one as a web
application is: Ktor's and Spring Boot's rules are another framework's in the first (a new
user's Android app was served Ktor's on ten tasks), FastAPI's and Flask's in the second (a
data platform's DAG files, on six; decision 0010, twenty-fourth follow-up)."""


JVM_FRAMEWORKS: Final[dict[str, tuple[str, ...]]] = {
    "spring": ("java", "kotlin"), "quarkus": ("java", "kotlin"), "android": ("java", "kotlin")}
"""Frameworks whose applications are written in Java or Kotlin alike: a rule for another
Kotlin framework (Ktor) is another framework's in a Spring Boot project, whichever of the two
it is written in (:func:`foreign_frameworks`; a new user's Kotlin + Spring Boot API was
served ``cursor.kotlin-ktor-development`` on seven tasks, and ``grace init`` kept it enabled).
Their rules' names still tell Java (:data:`FRAMEWORK_LANGUAGES`): "Spring Boot best
practices" is written for Java."""


BUILT_ON: Final[dict[str, str]] = {"nuxt": "vue", "nextjs": "react", "remix": "react"}
"""A full-stack framework -> the framework it is built on. A rule written for it is another
framework's where the project has the base and not it, though it names the base too:
``cursor.vue-3-nuxt-3-typescript`` tells a Vue + vue-router application to route by files in
``pages/`` (a new user's Go + Vue trial served it on five Vue tasks; decision 0010, fifteenth
follow-up) (:func:`foreign_frameworks`)."""

FRAMEWORK_PARTS: Final[dict[str, str]] = {"blazor": "aspnet"}
"""A framework that is part of another (Blazor is ASP.NET Core's component model): neither is
foreign where the other frames the project (:func:`foreign_frameworks`)."""


STACK_ALIASES: Final[dict[str, str]] = {
    "next": "nextjs", "tailwindcss": "tailwind", "sveltejs": "svelte", "vuejs": "vue",
    "expressjs": "express", "springframework": "spring", "nuxtjs": "nuxt", "reactjs": "react",
    "angularjs": "angular", "golang": "go", "torch": "pytorch", "aspnetcore": "aspnet",
    "entityframeworkcore": "efcore", "entityframework": "efcore", "azurerm": "azure",
}
"""A dependency's word -> the word rules use for it (the npm package ``next`` is Next.js,
``tailwindcss`` Tailwind, Terraform's ``azurerm`` provider Azure)."""


TASK_ALIASES: Final[dict[str, str]] = {
    **{word: rule for word, rule in STACK_ALIASES.items() if word != "next"},
    "postgres": "postgresql", "k8s": "kubernetes", "sklearn": "scikit",
}
"""A word tasks write for what rule names and triggers call otherwise: "the Postgres query" is
about ``cursor.postgresql`` (a new user's Expo + Supabase tasks saying Postgres got no
PostgreSQL rule, the same tasks saying PostgreSQL got three; decision 0010, twenty-first
follow-up); "torch" is PyTorch, as in a dependency's name (:data:`STACK_ALIASES`, less
``next``, an everyday word: a new user's « rendre l'entraînement torch reproductible » got no
PyTorch rule, saying PyTorch got ``cursor.pytorch-scikit-learn``; twenty-second follow-up)."""


def with_aliases(text: str) -> str:
    """``text`` followed by the rule word of each :data:`TASK_ALIASES` word it writes, each
    once: ``"Speed up the Postgres query"`` -> ``"Speed up the Postgres query postgresql"``;
    ``text`` itself when it writes none. What the lexical, trigger and name-term channels read
    of a task (never its meaning: the embedding reads the task as written)."""
    said = set(words(text))
    extra = [rule for alias, rule in TASK_ALIASES.items() if alias in said and rule not in said]
    return f"{text} {' '.join(extra)}" if extra else text


PACKAGING_WORDS: Final = frozenset({
    "core", "common", "commons", "util", "utils", "types", "test", "tests", "testing", "plugin",
    "plugins", "driver", "drivers", "cli", "lib", "libs", "library", "tools", "kit", "loader",
    "preset", "presets", "config", "starter", "framework", "runtime", "tsc", "parent", "bom",
    "dom", "microsoft", "extensions", "abstractions"})
"""Words of package names that say how a dependency is packaged, not what it is
(``@angular/core``, ``gorm.io/driver/postgres``, ``@vitejs/plugin-vue``,
``@vue/test-utils``, ``laravel/framework``, NuGet's ``Microsoft.Extensions.Logging``): never
stack words. ``grace init`` wrote them into
``stack:``, where a user reads them as the project's technologies and the relevance step's
"the task names a dependency" evidence read them too (decision 0010, twelfth follow-up)."""

_DEPENDENCY_WORD: Final = re.compile(r"[a-z][a-z0-9]{2,}")


def dependency_words(name: str) -> tuple[str, ...]:
    """The words of one dependency's name (or of one ``stack:`` word), folded to lower case,
    each once, in order: its parts of at least three characters, a framework named in two
    parts also as the one word rules use, less :data:`PACKAGING_WORDS`.

    ``"@tanstack/react-query"`` -> ``("tanstack", "react", "query")``;
    ``"spring-boot-starter-data-jpa"`` -> ``("spring", "boot", "data", "jpa", "springboot")``;
    ``"@types/node"`` -> ``("node",)``; ``"fastapi"`` -> ``("fastapi",)``;
    ``"@sveltejs/kit"`` -> ``("sveltejs", "sveltekit")``;
    ``"@nestjs/platform-express"`` -> ``("nestjs", "platform")``: a framework's package that
    names another framework is its adapter (a new user's NestJS API was served the Express
    rules, and ``grace init`` kept them enabled; decision 0010, fourteenth follow-up).
    """
    parts: list[str] = _DEPENDENCY_WORD.findall(name.lower())
    if name.startswith("@") and parts and parts[0] in APP_FRAMEWORKS:
        # a framework's own package names another framework it adapts to, not the project's:
        # ``@nestjs/platform-express`` is NestJS on Express, no Express application
        parts = [parts[0], *(p for p in parts[1:] if p not in APP_FRAMEWORKS)]
    # a framework named in two parts, a scope's ``js`` aside: ``@sveltejs/kit`` is SvelteKit
    joined = [j for a, b in pairwise(parts)
              for j in dict.fromkeys((a + b, a.removesuffix("js") + b)) if j in APP_FRAMEWORKS]
    return tuple(dict.fromkeys(w for w in [*parts, *joined] if w not in PACKAGING_WORDS))


def stack_words(stack: Sequence[str]) -> tuple[str, ...]:
    """The words of the project's ``stack`` entries (:func:`dependency_words` of each: a
    dependency's name or a word) plus the word rules use for each (:data:`STACK_ALIASES`):
    ``["next", "react", "tailwindcss"]`` -> ``("next", "nextjs", "react", "tailwindcss",
    "tailwind")``; ``["@tanstack/react-query"]`` -> ``("tanstack", "react", "query")``.

    A type declaration package (``@types/express``) names an application framework only when
    the framework's own package is a dependency too: every NestJS project declares
    ``@types/express`` for the platform it runs on, and a new user's NestJS API was served
    ``cursor.node-express`` on 19 of 30 tasks, judged relevant on none (decision 0010,
    eighteenth follow-up)."""
    own = {w for entry in stack if not entry.startswith("@types/")
           for w in dependency_words(entry)}
    out: dict[str, None] = {}
    for entry in stack:
        for word in dependency_words(entry):
            if entry.startswith("@types/") and word in APP_FRAMEWORKS and word not in own:
                continue
            out[word] = None
            if word in STACK_ALIASES:
                out[STACK_ALIASES[word]] = None
    return tuple(out)


MIN_IMPORT_MATCH: Final = 5
"""Letters an imported module's name must have to name a dependency it is a part of
(:func:`imported_words`: ``environ`` of ``django-environ``; never ``core`` or ``utils``)."""


def _squeezed(name: str) -> str:
    return re.sub(r"[^a-z0-9]", "", name.lower())


def imported_words(imported: Sequence[str], dependencies: Sequence[str]) -> frozenset[str]:
    """The :func:`stack_words` of what the files in play import (``imported``: packages as
    their import lines name them) and of the ``dependencies`` those are modules of: an
    import whose squeezed name (letters and digits) of at least :data:`MIN_IMPORT_MATCH`
    letters starts or ends a dependency's (``rest_framework`` of ``djangorestframework``,
    ``environ`` of ``django-environ``, ``factory`` of ``factory-boy``); plus each word of the
    dependencies that starts the squeezed name of one of those (``django`` of
    ``djangorestframework``): a Django REST Framework serializer uses Django whether it
    imports ``django`` or not (decision 0024).

    ``(["rest_framework", "os"], ["django", "djangorestframework"])`` ->
    ``{"rest", "djangorestframework", "django"}``."""
    names = list(imported)
    for package in imported:
        module = _squeezed(package)
        if len(module) < MIN_IMPORT_MATCH:
            continue
        names += [dep for dep in dependencies
                  if (squeezed := _squeezed(dep)).startswith(module)
                  or squeezed.endswith(module)]
    found = set(stack_words(names))
    squeezed_names = [_squeezed(n) for n in names]
    found.update(w for w in stack_words(dependencies) if len(w) >= MIN_IMPORT_MATCH - 1
                 and any(n.startswith(w) for n in squeezed_names))
    return frozenset(found)


def stack_groups(stack: Sequence[str]) -> tuple[frozenset[str], ...]:
    """The project's dependencies whose names have several words (``@tanstack/react-query``,
    ``react-router-dom``, ``spring-boot-starter-data-jpa``), each as the group of its words
    (with the word rules use for each: :data:`STACK_ALIASES`), each group once, first-seen.
    Such a dependency names one product of a family (TanStack's Query, not its Router;
    Spring Boot's JPA starter): a rule whose subject it names in part is lifted by the stack
    only when one of them names the subject whole (decision 0010, thirteenth follow-up). A
    one-word dependency (``react``, ``django``, ``zustand``) is a group of nothing.

    ``["react", "@tanstack/react-query", "react-router-dom", "@types/react"]`` ->
    ``({"tanstack", "react", "query"}, {"react", "router"})``.
    """
    groups: dict[frozenset[str], None] = {}
    for entry in stack:
        if len(dependency_words(entry)) > 1:
            groups.setdefault(frozenset(stack_words([entry])))
    return tuple(groups)


def stack_whole(stack: Sequence[str]) -> frozenset[str]:
    """The project's dependencies whose names are one word, no separator in them (``expo``;
    not ``react-native``, nor ``Microsoft.Extensions.Azure``, whose one word left after the
    packaging words, ``azure``, names no product), with the word rules use for each
    (:data:`STACK_ALIASES`): such a dependency names its product whole, even where a dependency
    of several words holds the word too (``expo-router`` beside ``expo``). A rule's subject
    word among them is the project's, whatever :func:`stack_groups` hold:
    ``cursor.react-native-expo`` in an Expo app depending on ``expo``, ``expo-router`` and
    ``react-native`` is no rule for another product of a family (a new user's Expo app ranked
    it 533rd; decision 0010, twenty-second follow-up).

    ``["expo", "expo-router", "react-native", "@types/react"]`` -> ``{"expo"}``;
    ``["next"]`` -> ``{"next", "nextjs"}``.
    """
    out: set[str] = set()
    for entry in stack:
        if entry.isalnum() and len(found := dependency_words(entry)) == 1:
            out.add(found[0])
            if found[0] in STACK_ALIASES:
                out.add(STACK_ALIASES[found[0]])
    return frozenset(out)


def frameworks_of_name(words: Iterable[str]) -> tuple[str, ...]:
    """Canonical :data:`APP_FRAMEWORKS` named by the words of a rule's name or id (lower case),
    a version suffix ignored (``react18`` -> react), two words read as one where that names
    one (``py-fast-api`` -> fastapi, ``next-js`` -> nextjs), first-seen."""
    out: dict[str, None] = {}
    words = [w.replace(".", "") for w in words]  # next.js, vue.js
    for i, word in enumerate(words):
        found = APP_FRAMEWORKS.get(word) or APP_FRAMEWORKS.get(word.rstrip("0123456789"))
        if not found and i + 1 < len(words):  # a name in two words: fast-api, next-js
            found = APP_FRAMEWORKS.get(word + words[i + 1])
        if found:
            out[found] = None
    return tuple(out)


FRAMEWORK_TELLS: Final[dict[str, str]] = {
    **dict.fromkeys((
        "ngOnInit", "ngOnDestroy", "ngOnChanges", "ngAfterViewInit", "ngModel", "ngFor", "ngIf",
        "NgModule", "ChangeDetectionStrategy", "provideRouter", "provideHttpClient",
        "HttpClientTestingModule", "TestBed"), "angular"),
    **dict.fromkeys((
        "useEffect", "useState", "useMemo", "useCallback", "useReducer", "useContext",
        "useLayoutEffect", "useTransition", "useDeferredValue", "useSyncExternalStore"),
        "react"),
    **dict.fromkeys((
        "defineComponent", "defineProps", "defineEmits", "defineModel", "watchEffect",
        "onMounted", "onUnmounted"), "vue"),
    **dict.fromkeys((
        "useAsyncData", "useNuxtApp", "defineNuxtConfig", "useRuntimeConfig", "useLazyFetch",
        "definePageMeta"), "nuxt"),
    **dict.fromkeys((
        "getServerSideProps", "getStaticProps", "getStaticPaths", "generateMetadata",
        "generateStaticParams", "NextResponse", "NextRequest", "revalidatePath",
        "revalidateTag"), "nextjs"),
    **dict.fromkeys(("APIRouter", "BackgroundTasks"), "fastapi"),
    **dict.fromkeys((
        "select_related", "prefetch_related", "QuerySet", "ModelForm", "makemigrations",
        "get_object_or_404", "ModelAdmin", "BaseCommand"), "django"),
    **dict.fromkeys((
        "@Transactional", "@RestController", "@Autowired", "@SpringBootApplication",
        "@GetMapping", "@PostMapping", "@RequestMapping", "JpaRepository"), "spring"),
    **dict.fromkeys((
        "ActiveRecord", "has_many", "belongs_to", "before_action", "ActiveJob", "ActionCable",
        "ActiveStorage"), "rails"),
    **dict.fromkeys(("Livewire",), "laravel"),
    **dict.fromkeys((
        "StatelessWidget", "StatefulWidget", "BuildContext", "MaterialApp"), "flutter"),
    **dict.fromkeys(("NestFactory",), "nestjs"),
    **dict.fromkeys(("LiveView", "Ecto"), "phoenix"),
}
"""Identifiers only one application framework's code uses (its lifecycle hooks, decorators,
ORM and test APIs), case-sensitive: a task quoting ``ngOnInit`` or ``select_related`` is about
Angular or Django although it does not name it (:func:`frameworks_told`). Left out: names
other frameworks share (``HttpClient``: Angular and .NET; ``setState``: React and Flutter;
``Injectable``: Angular and NestJS; ``HTTPException``: FastAPI and Werkzeug), a library's
rather than a framework's (``LazyInitializationException``: Hibernate), and English words
(``Eloquent``, ``Artisan``; Spring's annotations count with their ``@`` only:
"transactional emails" is not Spring)."""

VIEW_LIBRARIES: Final = frozenset({"react", "vue"})
"""Frameworks whose code is also the code of the meta-frameworks built on them (Next.js and
Remix write React hooks, Nuxt writes Vue's ``defineProps``): their identifiers name them but do
not frame a task (:func:`task_frameworks`), as a ``.tsx`` file does not."""

_IDENTIFIER: Final = re.compile(r"@?[A-Za-z_$][A-Za-z0-9_$]*")


def frameworks_told(text: str) -> tuple[str, ...]:
    """Canonical frameworks whose own identifiers (:data:`FRAMEWORK_TELLS`) the text quotes,
    first-seen: ``"subscribes in ngOnInit and never unsubscribes"`` -> ``("angular",)``."""
    return tuple(dict.fromkeys(
        f for token in _IDENTIFIER.findall(text) if (f := FRAMEWORK_TELLS.get(token))))


def task_frameworks(task: str, files: Iterable[str]) -> tuple[str, ...]:
    """The application frameworks (canonical :data:`APP_FRAMEWORKS` names) a task names
    (:func:`languages_in_text`: "Express", "Spring Boot", never "next page") or its files'
    conventions show (:func:`frameworks_of_files`), first-seen: what frames a task when the
    project declares no framework (a monorepo). A ``.tsx`` or ``.jsx`` file shows none: every
    React framework (Next.js, Remix) writes them.

    ``("Nuxt: move the calls to useAsyncData", [])`` -> ``("nuxt",)``;
    ``("fix it", ["src/app/cart/cart.component.ts"])`` -> ``("angular",)``;
    ``("fix it", ["src/Cart.tsx"])`` -> ``()``.
    """
    shown = frameworks_of_files(p for p in files if not p.lower().endswith((".tsx", ".jsx")))
    named = frameworks_of_name(languages_in_text(task)[1])
    told = [f for f in frameworks_told(task) if f not in VIEW_LIBRARIES]
    return tuple(dict.fromkeys([*named, *told, *frameworks_of_name(shown)]))


RULE_NAME_WORDS: Final[frozenset[str]] = frozenset(words("""
best practices practice guidelines guideline general development developer developers
conventions convention standards standard rules rule patterns pattern guide guides projects
project instructions expert coding style code quality modern app apps application
applications web api apis language tips good core principles production setup expert specialist
"""))
"""Words rule names use for any rule ("Python best practices", "Go development guidelines"):
never a rule's subject (:func:`rule_subject`)."""

SQL_STACK_WORDS: Final[frozenset[str]] = frozenset({
    "postgres", "postgresql", "pg", "psycopg", "psycopg2", "asyncpg", "mysql", "mysqlclient",
    "pymysql", "mariadb", "sqlite", "sqlite3", "mssql", "sqlserver", "oracledb", "sqlalchemy",
    "flyway", "liquibase", "alembic", "prisma", "knex", "sequelize", "typeorm", "drizzle",
    "gorm", "sqlx", "diesel", "jdbc", "jooq", "mybatis", "doctrine", "postgrex", "ecto",
    "myxql", "pgx", "npgsql", "kysely", "rusqlite"})
"""Dependency words of a relational database, its driver, an ORM or a migration tool: a project
that depends on one writes SQL (its schema, its migrations, its queries), so ``grace init``
counts ``sql`` among the languages it detects (decision 0010, twelfth follow-up; Elixir's
Ecto and Postgrex, Go's pgx, .NET's Npgsql: twenty-third)."""

PLATFORM_WORDS: Final[frozenset[str]] = frozenset({
    "node", "nodejs", "deno", "bun", "dotnet", "aspnet", "jvm", "py", "ts", "js",
    "postgresql", "postgres", "mysql", "sqlite", "mssql", "mariadb"})
"""Runtimes, platforms and SQL databases, and the short names of languages, in rule names: what
a language's files run on, never a rule's subject (:func:`rule_subject`)."""

_KIND_WORDS: Final[frozenset[str]] = frozenset(
    {*LANGUAGE_EXTENSIONS, *FORMAT_EXTENSIONS, *FILE_STEMS, *FILE_STEMS.values(),
     *FILE_NAMES.values()})


def rule_subject(name: str, talent_id: str) -> tuple[str, ...]:
    """What a rule is about beyond its language, framework and kind: the words of its name and
    id (the part after the prefix), of at least three letters, that are not a language or file
    kind, an application framework (:data:`APP_FRAMEWORKS`), a platform
    (:data:`PLATFORM_WORDS`), a version or a word every rule name uses
    (:data:`RULE_NAME_WORDS`), first-seen.

    ``("React Zustand", "cursor.react-zustand")`` -> ``("zustand",)``;
    ``("React Router V7", "cursor.react-router-v7")`` -> ``("router",)``;
    ``("Python FastAPI best practices", "cursor.python-fastapi-best-practices")`` -> ``()``.
    A glob such as ``**/*.tsx`` says the file is React and TypeScript; it says nothing of
    Zustand, so the hybrid step counts it less for such a rule when neither the task, its files
    nor the stack names the subject (decision 0010, seventh follow-up).
    """
    out: dict[str, None] = {}
    found = talent_name_words(name, talent_id)
    for i, word in enumerate(found):
        pairs = (found[i - 1 : i + 1] if i else [], found[i : i + 2])  # "fast api", "next js"
        joined = ["".join(p) for p in pairs if len(p) == 2]
        if (len(word) < 3 or not word.isalnum() or word.isdigit() or word in RULE_NAME_WORDS
                or word in PLATFORM_WORDS or word in _KIND_WORDS or frameworks_of_name([word])
                or (word[0] == "v" and word[1:].isdigit())
                or any(w in APP_FRAMEWORKS for w in joined)):
            continue
        out[word] = None
    return tuple(out)


MIN_PROPER_USES: Final = 2
"""A word is a proper name (:func:`proper_names`) only when the summaries write it capitalised
mid-sentence at least this many times: one capitalised use says nothing."""
PROPER_SHARE: Final = 0.8
"""…and capitalised in at least this share of their mid-sentence uses ("Fetches Azure retail
prices": 53 of Azure's 56 uses in 876 real summaries; "create": none of 28)."""
MIN_PRODUCT_RULES: Final = 2
"""A proper name is a product (:func:`rule_products`) only when the subjects of at least this
many rules of the catalog hold it: the Azure, Power Platform, Qdrant or Arize skills come in
families; one rule's odd capitalised word is not known to be a product."""

_SENTENCES: Final = re.compile(r"(?<=[.!?:;])\s+|\n")
_CASED_WORD: Final = re.compile(r"[A-Za-z][A-Za-z0-9]*")


def proper_names(summaries: Iterable[str]) -> frozenset[str]:
    """The folded words that ``summaries`` (a catalog's talent summaries: prose, unlike bodies,
    whose code and URLs write ``azure`` and ``github`` in lower case) write as proper names:
    capitalised, not all in capitals (``API``, ``CLI``, ``MCP`` name kinds of things as often
    as products), not a sentence's first word, at least :data:`MIN_PROPER_USES` times and in
    at least :data:`PROPER_SHARE` of their uses there.

    ``["Fetches Azure retail prices.", "Estimate Azure costs before you create resources."]``
    -> ``frozenset({"azure"})``. Decision 0010, seventeenth follow-up.
    """
    capital: dict[str, int] = {}
    lower: dict[str, int] = {}
    for summary in summaries:
        for sentence in _SENTENCES.split(summary):
            for token in _CASED_WORD.findall(sentence)[1:]:
                if token.isupper() and len(token) > 1:
                    continue
                counts = capital if token[0].isupper() else lower
                key = token.lower()
                counts[key] = counts.get(key, 0) + 1
    return frozenset(w for w, n in capital.items()
                     if n >= MIN_PROPER_USES and n >= PROPER_SHARE * (n + lower.get(w, 0)))


CODING_AGENTS: Final[frozenset[str]] = frozenset({"claude", "windsurf", "cline"})
"""Coding agents a rule's name may name as the reader it is written for
(``cursor.vue-claude-stack``: Vue, Nuxt and Pinia conventions "for Claude"), never as a product
of the project's stack: no word of :func:`rule_products`. A new user's Nuxt app had the one
rule that covers ``useFetch``, ``definePageMeta`` and ``server/api`` scored as another stack's
on every request (decision 0010, twenty-second follow-up)."""


def rule_products(subjects: Sequence[Sequence[str]], proper: Collection[str]
                  ) -> list[tuple[str, ...]]:
    """Per rule, the words of its ``subject`` (:func:`rule_subject`) that name a product: a
    proper name of the catalog (``proper``: :func:`proper_names`) that the subjects of at
    least :data:`MIN_PRODUCT_RULES` rules hold (``skill.azure-pricing`` -> ``("azure",)``,
    ``copilot.power-platform-connector`` -> ``("power", "platform")``,
    ``skill.daily-prep`` -> ``()``; no :data:`CODING_AGENTS`). In a project whose
    dependencies are known, a rule for a product that neither they, the task nor its files name
    is another stack's (the hybrid step's ``product`` channel; decision 0010, seventeenth
    follow-up)."""
    family: dict[str, int] = {}
    for subject in subjects:
        for word in set(subject):
            family[word] = family.get(word, 0) + 1
    return [tuple(w for w in subject if w in proper and family[w] >= MIN_PRODUCT_RULES
                  and w not in CODING_AGENTS) for subject in subjects]


MIGRATION_NAME_WORDS: Final[frozenset[str]] = frozenset({
    "convert", "converting", "conversion", "migrate", "migrating", "migration", "upgrade",
    "upgrading", "upgrades"})
"""Words that make a rule's name a migration's (``copilot.java-17-to-java-21-upgrade``,
``skill.reviewing-oracle-to-postgres-migration``, ``copilot.convert-jpa-to-spring-data-cosmos``):
:func:`migration_of_name`. Not "migrations": a rule on a framework's database migrations
(Django's, Alembic's) is no move away from anything."""


def migration_of_name(name: str, talent_id: str) -> tuple[str, ...]:
    """Why a rule's name makes it a migration's — its migration words (``upgrade``), or
    ``X to Y`` where ``X`` or ``Y`` is a version or a known language, framework or platform
    (``java 17 to java 21``, ``oracle to postgres``) — or ``()``: such a rule is written for a
    project that moves away from what it uses, and serves a task that asks to migrate, upgrade,
    convert, port or rewrite (the hybrid step's ``asks_migration``); "end to end", "how to"
    and "right to left" are no migration (decision 0010, twelfth follow-up)."""
    found = talent_name_words(name, talent_id)
    named = [w for w in found if w in MIGRATION_NAME_WORDS]
    named.extend(f"{source} to {target}" for source, target in _moves(found))
    return tuple(dict.fromkeys(named))


def _moves(found: Sequence[str]) -> Iterator[tuple[str, str]]:
    """The ``(X, Y)`` of each "X to Y" in a name's words where ``X`` or ``Y`` is a version or a
    known language, framework or platform."""
    for i in range(1, len(found) - 1):
        if found[i] != "to":
            continue
        around = (found[i - 1], found[i + 1])
        if any(w.isdigit() or w in LANGUAGE_NAMES or w in APP_FRAMEWORKS or w in PLATFORM_WORDS
               or w in FRAMEWORK_LANGUAGES for w in around):
            yield around


def migration_sources(name: str, talent_id: str) -> tuple[str, ...]:
    """What a migration's rule moves away from: the ``X`` of each "X to Y" of its name
    (:func:`migration_of_name`) that is no version — ``("oracle",)`` for
    ``skill.reviewing-oracle-to-postgres-migration``, ``()`` for
    ``copilot.java-17-to-java-21-upgrade`` and ``copilot.winui3-migration-guide``. A task that
    asks for a migration is served such a rule only when the task, its files or the stack
    name one of them: a Flyway migration in a PostgreSQL project is no move away from Oracle
    (decision 0010, fourteenth follow-up)."""
    found = talent_name_words(name, talent_id)
    return tuple(dict.fromkeys(source for source, _ in _moves(found) if not source.isdigit()))


def talent_name_words(name: str, talent_id: str) -> list[str]:
    """The folded words of a talent's name and of its id after the prefix (``cursor.``):
    what the name-based readings (subject, frameworks, name terms) start from."""
    return words(f"{name} {talent_id.rsplit('.', 1)[-1]}")


def frameworks_of_talent_name(name: str, talent_id: str) -> tuple[str, ...]:
    """The application frameworks a talent's name or id names (:func:`frameworks_of_name`):
    its family, for the sibling bar (``cursor.python-fastapi-best-practices`` -> fastapi)."""
    return frameworks_of_name(talent_name_words(name, talent_id))


def languages_of_rule_name(name: str, talent_id: str) -> tuple[str, ...]:
    """The languages a rule is named after *alone* — no framework (:func:`frameworks_of_name`)
    and no subject (:func:`rule_subject`) beside them in its name or id: the language's own
    rules, first-seen.

    ``("Python", "cursor.python")`` -> ``("python",)``; ``("Rust General",
    "cursor.rust-general")`` -> ``("rust",)``; ``("Python FastAPI", "cursor.python-fastapi")``
    -> ``()`` (FastAPI's); ``("Python Testing", "cursor.python-testing")`` -> ``()``.
    """
    if frameworks_of_talent_name(name, talent_id) or rule_subject(name, talent_id):
        return ()
    return tuple(dict.fromkeys(
        w for w in talent_name_words(name, talent_id) if w in LANGUAGE_NAMES))


CLIENT_FRAMEWORKS: Final = frozenset({"react", "vue", "angular", "svelte", "solidjs", "qwik",
                                      "blazor"})
"""Canonical :data:`APP_FRAMEWORKS` of the user interface only, which run in the browser (or,
Blazor's components, stream it from the server): a rule written for them alone is front-end
work."""
SERVER_FRAMEWORKS: Final = frozenset({
    "fastapi", "spring", "express", "nestjs", "gin", "fiber", "actix", "axum", "ktor",
    "quarkus"})
"""Canonical :data:`APP_FRAMEWORKS` that serve APIs: a rule written for them alone is
back-end work. Those that render the pages too (Django, Rails, Laravel, Symfony, Flask,
Phoenix, ASP.NET Core: their templates and Razor views are front-end work) and the full-stack
ones (Next.js, Nuxt, SvelteKit, Remix, Astro, WordPress) are neither."""
FULL_STACK_FRAMEWORKS: Final = frozenset({"nextjs", "nuxt", "remix", "astro"})
"""Canonical :data:`APP_FRAMEWORKS` that render pages and serve requests both: in a repository
that also has an API framework (:data:`SERVER_FRAMEWORKS`), they are its web application."""


def role_stack(stack: Iterable[str], role: str | None) -> frozenset[str]:
    """The words of the project's ``stack`` (:func:`stack_words`) that say what ``role`` works
    with: for the role ``backend``, less the browser frameworks' (:data:`CLIENT_FRAMEWORKS`) and,
    in a repository whose stack has an API framework (:data:`SERVER_FRAMEWORKS`), the
    full-stack frameworks' (:data:`FULL_STACK_FRAMEWORKS`) — its back end is the API, the
    full-stack framework its web application; for the role ``frontend``, less the API
    frameworks'; all of them for any other role. A NestJS + Next.js monorepo's back-end tasks
    were served the Next.js and React rules the stack lifted (decision 0010, fourteenth
    follow-up).

    ``(["nestjs", "next", "nextjs", "react"], "backend")`` -> ``{"nestjs"}``;
    ``(["next", "nextjs", "react"], "backend")`` -> ``{"next", "nextjs"}`` (no API framework:
    its route handlers are its back end).
    """
    found = frozenset(stack)
    side = {w: set(frameworks_of_name([w])) for w in found}
    if role == "frontend":
        return frozenset(w for w in found if not side[w] & SERVER_FRAMEWORKS)
    if role != "backend":
        return found
    away = set(CLIENT_FRAMEWORKS)
    if any(fw & SERVER_FRAMEWORKS for fw in side.values()):
        away |= FULL_STACK_FRAMEWORKS
    return frozenset(w for w in found if not side[w] & away)


INFRASTRUCTURE_LANGUAGES: Final = frozenset({"terraform", "bicep"})
"""Languages of infrastructure as code: a repository that holds more of their files than of any
other language's is an infrastructure repository, whose back end's task of words alone ("Add a
CloudFront response headers policy") is its infrastructure's, not its Lambdas' Python (a new
user's Terraform + AWS repository got Python rules on six such tasks; decision 0010,
twenty-third follow-up)."""

SERVER_LANGUAGES: Final = frozenset({
    "go", "rust", "python", "java", "kotlin", "scala", "csharp", "fsharp", "ruby", "php",
    "elixir"})
"""Languages a back end is written in and a browser never runs (JavaScript and TypeScript run
on both sides): a back-end task of words alone in a project of one of them is in it."""


BROWSER_LANGUAGES: Final = frozenset({"javascript", "typescript", "vue", "svelte", "astro",
                                      "html", "css"})
"""Languages of a browser's side (JavaScript and TypeScript run on both)."""


def back_end_language(languages: Sequence[str]) -> str | None:
    """The back end's language of a project whose ``languages`` come most files first: its one
    :data:`SERVER_LANGUAGES` language, when no other language than a browser's
    (:data:`BROWSER_LANGUAGES`) or a language-agnostic kind comes before it, else ``None``.

    ``["typescript", "python", "css"]`` -> ``"python"`` (a React + Django application);
    ``["c", "python"]`` -> ``None``: a firmware repository's Python is its scripts', and its
    tasks of words alone are not Python's (a new user's STM32 firmware got Python rules on an
    I²C recovery task; decision 0010, twenty-fourth follow-up); ``["go", "python"]`` ->
    ``None`` (two back-end languages)."""
    server = [lang for lang in languages if lang in SERVER_LANGUAGES]
    if len(server) != 1:
        return None
    before = languages[:list(languages).index(server[0])]
    if any(lang not in BROWSER_LANGUAGES and lang not in _LANGUAGE_AGNOSTIC for lang in before):
        return None
    return server[0]


_KIND_NAMES: Final[dict[str, str]] = {
    word: lang for lang in sorted(_LANGUAGE_AGNOSTIC)
    for word in (lang, *LANGUAGE_EXTENSIONS.get(lang, ())) if word != "less"}
"""Words that name a language-agnostic kind (:data:`_LANGUAGE_AGNOSTIC`): ``sql``, ``psql``,
``bash``, ``css``… (``less`` is an everyday word first)."""


def kinds_said(text: str, languages: Iterable[str]) -> tuple[str, ...]:
    """The language-agnostic kinds of ``languages`` (a project's: SQL, shell, HTML, CSS,
    Terraform, PowerShell) that ``text`` names by word, first-seen: « Écrire une requête SQL
    … » in a Python + SQL project is SQL's task, not Python's, though SQL never names a task's
    language (it lives inside Python code): a back end's task of words alone is in its one
    back-end language only when it names none of them (a French data team's SQL requests were
    served three Python rules; decision 0010, twenty-fourth follow-up).

    ``("Write a SQL query", ["python", "sql"])`` -> ``("sql",)``;
    ``("Write a SQL query", ["python"])`` -> ``()``."""
    own = set(languages)
    return tuple(dict.fromkeys(
        lang for w in _tokens(text) if (lang := _KIND_NAMES.get(w.lower())) in own))


def unframed_languages(told: Iterable[str], stack: Iterable[str],
                       named: Collection[str] | None = None) -> tuple[str, ...]:
    """The languages of ``told`` (those a task's toolchain or quoted files tell:
    :func:`languages_told`) for which no application framework of the project's ``stack``
    words is written: their own rules (``cursor.go``, ``copilot.go``) are then the stack's, as
    a framework's are where there is one. A Go API on chi (no framework of
    :data:`APP_FRAMEWORKS`): "Add structured request logging with slog" was served five
    look-alikes and ``copilot.go`` eighth (decision 0010, fifteenth follow-up); a Django
    repository's Python tasks are Django's.

    ``named``: the frameworks some rule of the catalog is named after; a framework of the
    stack that none is named after frames nothing (a Rust API on axum, and no axum rule: the
    Rust rules are its stack's). ``None``: every framework frames.

    ``(["go"], ["chi", "vue"])`` -> ``("go",)``; ``(["python"], ["django"])`` -> ``()``;
    ``(["rust"], ["axum"], named={"react"})`` -> ``("rust",)``.
    """
    framed = {lang for fw in frameworks_of_name(stack) if named is None or fw in named
              for lang in FRAMEWORK_LANGUAGES.get(fw, ())}
    return tuple(dict.fromkeys(lang for lang in told
                               if lang not in framed and lang not in APP_FRAMEWORKS))


CLIENT_LIBRARIES: Final = frozenset({
    "tailwind", "tailwindcss", "shadcn", "chakra", "mui", "zustand", "redux", "mobx", "jotai",
    "recoil", "pinia", "vuex", "ngrx", "tanstack", "jquery", "threejs", "storybook"})
"""Words of a rule's name that name a library running in the browser only (state stores,
styling kits, TanStack's Query and Router): a rule named after one and no framework is
front-end work (``cursor.tanstack-query-v5``: "TanStack Query v5 with query options…")."""
SERVER_LIBRARIES: Final = frozenset({
    "sqlalchemy", "celery", "prisma", "drizzle", "mongoose", "hibernate", "jpa", "gorm",
    "sequelize", "typeorm", "alembic", "flyway", "liquibase"})
"""Words of a rule's name that name a library running on a server only (ORMs, task queues,
schema migrations)."""
PAGE_LIBRARIES: Final = frozenset({"htmx", "livewire", "inertia", "hotwire", "liveview"})
"""Words of a rule's name that name a way of building pages across both sides (the server
renders what the browser swaps in): such a rule is for both, whatever its framework."""
CLIENT_KINDS: Final = frozenset({"css", "html"})
"""File kinds written for the browser only (a rule whose globs match only them styles
pages; ``css`` covers ``scss``, ``sass`` and ``less``)."""


def side_of_rule(frameworks: Iterable[str], name_words: Iterable[str],
                 kinds: Iterable[str]) -> str:
    """Which side of a web application a rule is written for: ``"client"`` (the browser),
    ``"server"`` or ``""`` (both, or nothing said). Its ``frameworks`` decide when it names
    any (:data:`CLIENT_FRAMEWORKS`, :data:`SERVER_FRAMEWORKS`; a full-stack one, a mix or a
    :data:`PAGE_LIBRARIES` word says both); else the libraries among its ``name_words``
    (:data:`CLIENT_LIBRARIES`, :data:`SERVER_LIBRARIES`); else its globs' ``kinds`` when
    they are all style sheets or pages (:data:`CLIENT_KINDS`).

    ``(("react",), …)`` -> ``"client"``; ``(("express", "react"), …)`` -> ``""``;
    ``(("fastapi",), …)`` -> ``"server"``; ``(("django",), …)`` and ``(("nextjs",), …)`` ->
    ``""``;
    ``((), ("tanstack", "query"), ())`` -> ``"client"``; ``((), (), ("css",))`` ->
    ``"client"``; ``((), ("python",), ("python",))`` -> ``""``.
    """
    named, said = set(frameworks), set(name_words)
    if said & PAGE_LIBRARIES:
        return ""
    if named:
        if named <= CLIENT_FRAMEWORKS:
            return "client"
        return "server" if named <= SERVER_FRAMEWORKS else ""
    client, server = bool(said & CLIENT_LIBRARIES), bool(said & SERVER_LIBRARIES)
    if client != server:
        return "client" if client else "server"
    if client:
        return ""
    found = set(kinds)
    return "client" if found and found <= CLIENT_KINDS else ""


_FULL_STACK_SAID: Final = re.compile(r"\bfull[\s-]?stack\b|\bsveltekit\b", re.IGNORECASE)
"""What a rule's name or summary says to be written for both sides of a web application: "full
stack" ("TanStack Start full-stack React framework using server functions, API routes") or
SvelteKit, whose load functions, form actions and ``+server.ts`` routes are its back end
(:data:`APP_FRAMEWORKS` reads ``sveltekit`` as Svelte, a browser framework)."""


def says_full_stack(name: str, summary: str) -> bool:
    """Whether a rule's ``name`` or ``summary`` says it is written for a full-stack application
    (:data:`_FULL_STACK_SAID`): its roles are then both sides' whatever frameworks it names. A
    new user's SvelteKit back-end tasks (a ``+server.ts`` endpoint, form actions) were served
    no SvelteKit rule: ``copilot.svelte``, "Svelte 5 and SvelteKit 2 … full-stack
    applications", was imported for the front end only (decision 0028).

    ``("Svelte", "Svelte 5 and SvelteKit 2 development standards")`` -> ``True``;
    ``("React", "React components and hooks")`` -> ``False``.
    """
    return bool(_FULL_STACK_SAID.search(name) or _FULL_STACK_SAID.search(summary))


def frameworks_of_talent(name: str, talent_id: str, summary: str) -> tuple[str, ...]:
    """The application frameworks a talent is written for: those its name or id (the part
    after the prefix) names (:func:`frameworks_of_name`), else those its summary names
    (``cursor.tanstack-router``: "… for React apps" -> ``("react",)``; ``cursor.python``:
    "Python best practices … with Flask and SQLite" -> ``("flask",)``: three new users judged
    it noise on the Django and FastAPI files it was served on — decision 0010, thirteenth
    follow-up)."""
    named = frameworks_of_name(talent_name_words(name, talent_id))
    return named or frameworks_of_summary(summary)


SUMMARY_PROPER: Final = frozenset({
    "next", "express", "spring", "rails", "flask", "phoenix", "remix", "astro", "gin", "fiber",
    "anchor"})
"""Framework names that are everyday English words: in a summary's prose they name a framework
only written capitalised, and not as its first word ("so the next session finds the trail"
named Next.js, and ``grace init`` left a journal skill disabled in a Go + Vue repository;
decision 0010, fifteenth follow-up). ``Next.js`` is read whole."""


def frameworks_of_summary(summary: str) -> tuple[str, ...]:
    """The application frameworks a talent's summary names (:func:`frameworks_of_name` of its
    words, :data:`SUMMARY_PROPER` only capitalised), or ``()`` when it names the languages or
    frameworks of three language families or more: a technology-agnostic rule ("Auto-detects
    project types (.NET, Java, React, Angular, Python, Node.js, Flutter)") is written for no
    one framework.

    ``"Best practices for Next.js apps"`` -> ``("nextjs",)``; ``"… so the next session finds
    the trail"`` -> ``()``.
    """
    tokens = _tokens(summary)
    kept = [t.lower() for i, t in enumerate(tokens)
            if t.lower() not in SUMMARY_PROPER or (i > 0 and t[0].isupper())]
    found = frameworks_of_name(kept)
    families = {_FAMILIES.get(lang, lang) for w in (*found, *kept)
                for lang in (FRAMEWORK_LANGUAGES.get(w, (w,) if w in LANGUAGE_NAMES else ()))
                if lang not in _NOT_A_FAMILY}
    return () if len(families) >= 3 else found


_FAMILIES: Final = {
    "typescript": "javascript", "vue": "javascript", "svelte": "javascript",
    "astro": "javascript", "kotlin": "java", "scala": "java", "groovy": "java",
    "fsharp": "csharp"}
"""A language's family for :func:`frameworks_of_summary` (TypeScript is JavaScript's, Kotlin
the JVM's, F# .NET's)."""
_NOT_A_FAMILY: Final = frozenset({
    "css", "html", "sql", "shell", "powershell", "terraform", "bicep", "liquid"})
"""Languages beside every stack (a React skill's "Tailwind CSS" and "HTML artifacts" are one
stack's): never counted as one of a summary's families."""


PAGE_LIBRARY_STACK: Final = frozenset({"hotwire", "stimulus", "htmx", "livewire", "unpoly"})
"""Dependency words of a library that makes a server-rendered application's pages interactive
(``stimulus-rails``, ``django-htmx``, ``livewire/livewire``): its JavaScript is that
library's, not a JavaScript application framework's."""


def page_app_foreign(talent: Sequence[str], stack: Iterable[str]) -> tuple[str, ...]:
    """The JavaScript application frameworks a talent is written for (``talent``:
    :func:`frameworks_of_name`) when the project's pages are server-rendered with a page
    library (:data:`PAGE_LIBRARY_STACK` among its ``stack`` words) and its stack names no
    JavaScript application framework: a Rails + Hotwire application detects JavaScript from its
    Stimulus controllers, and React's, Next.js's or Astro's rules are another stack's there.
    ``()`` otherwise, and for a talent that also names another language's framework (the
    language filter and :func:`foreign_frameworks` decide those).

    ``(("react",), ["rails", "stimulus", "turbo"])`` -> ``("react",)``;
    ``(("react",), ["rails", "stimulus", "react"])`` -> ``()``;
    ``(("django",), ["django", "htmx"])`` -> ``()`` (not a JavaScript framework).
    """
    said = set(stack)
    if not talent or not said & PAGE_LIBRARY_STACK:
        return ()
    scripted = {"javascript", "typescript"}

    def in_script(framework: str) -> bool:
        return bool(set(FRAMEWORK_LANGUAGES.get(framework, ())) & scripted)

    if any(in_script(f) for f in frameworks_of_name(said)):
        return ()
    return tuple(talent) if all(in_script(f) for f in talent) else ()


VERSION_BREAKS: Final[dict[str, tuple[frozenset[str], str, int]]] = {
    "svelte": (frozenset({"svelte", "sveltekit"}), r"svelte(?![\s-]?kit)", 5),
    "next": (frozenset({"next", "nextjs"}), r"next\.?js", 13),
    "vue": (frozenset({"vue", "vuejs"}), r"vue(?:\.?js)?", 3),
    "nuxt": (frozenset({"nuxt", "nuxtjs"}), r"nuxt(?:\.?js)?", 3),
}
"""Dependencies whose code changed shape at a major version -> the words of a rule's name that
name it, how prose writes it, and that major version: Svelte 5's runes replaced stores and
``$:``, Next.js 13's App Router the pages router's data functions, Vue 3's Composition API and
Nuxt 3 (on Vue 3) the Options API and Vuex of the versions before (:func:`older_version`). Other
major versions keep how code is written (a "Next.js 14" rule serves a Next.js 15 project, an
"Angular 18" one an Angular 19 project): they are not listed. ``svelte`` is not SvelteKit,
whose versions are another line (SvelteKit 2 runs Svelte 4 or 5)."""

_VERSION: Final = r"v?\d{1,2}(?:\.(?:\d+|x))*"
_VERSION_AFTER: Final = (
    r"\s?(" + _VERSION + r"(?:\s*(?:/|,|-|–|\bor\b|\band\b|\bto\b)\s*" + _VERSION + r")*)"
    r"(\+|\s+(?:or|and)\s+(?:later|newer|higher|above|up)|\s+onwards?)?(?![\w])")
"""After a dependency's name in prose: its versions ("4.x", "4.x/5.x", "3 to 5") and whether
they are a lower bound ("4+", "12 and later")."""
_NOT_WRITTEN_FOR: Final = re.compile(
    r"\b(?:not|never|avoid|instead\s+of|rather\s+than|unlike|from|migrat\w*|upgrad\w*|"
    r"legacy|deprecated|no\s+longer|replac\w*|old(?:er)?)\b[^.\n]{0,40}$", re.IGNORECASE)
"""Words before a version that say the rule is not written for it ("never use Vue 2", "migrate
from Svelte 4"): such a mention names the version the rule moves away from."""
_SINCE: Final = re.compile(r"\b(?:since|as\s+of|starting\s+(?:with|from|in)|introduced\s+in)"
                           r"\s*$", re.IGNORECASE)
"""Words before a version that make it a lower bound ("since Next.js 12, middleware …")."""
_GLUED: Final = re.compile(r"([a-z]+?)(\d{1,2})")


def older_version(name_words: Iterable[str], text: str, majors: Mapping[str, int]) -> str:
    """The dependency and version a rule is written for when it is written for the code's
    shape before a break the project is past: the rule's name names the dependency
    (:data:`VERSION_BREAKS`), the project's major version ``majors[dependency]`` is at or after
    the break, and every version of it the rule's ``text`` (name, summary and body) writes is
    before the break, without a "+" or "or later" — a rule for Svelte 4 ("SvelteKit 2.x
    (which uses Svelte 4.x)": ``writable()`` stores, ``$:``) in a Svelte 5 project teaches what
    runes replaced (a new user judged it wrong on 7 of 7 tasks; decision 0028). A version
    glued to a name word counts ("svelte4-stores"); one after words that say the rule moves
    away from it does not ("never use Vue 2", "migrate from Svelte 4": :data:`_NOT_WRITTEN_FOR`).
    ``""`` otherwise: a rule that names a version from the break on ("Svelte 4.x/5.x", "12 and
    later"), or none, is not older.

    ``(["sveltekit", "tailwind"], "Svelte 4.x …", {"svelte": 5})`` -> ``"svelte 4"``;
    ``(["svelte"], "Svelte 4 and Svelte 5 …", {"svelte": 5})`` -> ``""``;
    ``(["nextjs"], "Next.js 14 …", {"next": 15})`` -> ``""`` (after the break, both).
    """
    said = set(name_words)
    glued = {m.group(1): int(m.group(2)) for w in said if (m := _GLUED.fullmatch(w))}
    said |= set(glued)  # "svelte4-stores", "nextjs12-pages": the name's own version
    for dependency, (names, prose, breaks) in VERSION_BREAKS.items():
        if majors.get(dependency, 0) < breaks or not names & said:
            continue
        found: list[tuple[int, bool]] = [(v, False) for w, v in glued.items() if w in names]
        for m in re.finditer(r"(?<![\w.])" + prose + _VERSION_AFTER, text, re.IGNORECASE):
            if _NOT_WRITTEN_FOR.search(text, max(0, m.start() - 60), m.start()):
                continue
            later = bool(m.group(2)) or bool(_SINCE.search(text, max(0, m.start() - 30),
                                                             m.start()))
            found += [(int(v), later)
                      for v in re.findall(r"(?<![\d.])v?(\d{1,2})", m.group(1))]
        if found and all(v < breaks and not later for v, later in found):
            return f"{dependency} {max(v for v, _ in found)}"
    return ""


def stack_languages(stack: Iterable[str]) -> frozenset[str]:
    """The languages the project's dependencies (``stack`` words) are libraries or tools of
    (:data:`FRAMEWORK_LANGUAGES`, :data:`LANGUAGE_TELLS`): the languages whose dependencies
    the project declares, so that a framework of theirs it does not list is one it does not
    use. ``["typer", "pydantic", "pytest"]`` -> ``{"python"}``; ``["github-actions"]`` ->
    ``{}`` (nothing of a language read)."""
    return frozenset(lang for w in stack
                     for lang in (*FRAMEWORK_LANGUAGES.get(w, ()), *LANGUAGE_TELLS.get(w, ())))


def foreign_frameworks(
    talent: Sequence[str], stack: Iterable[str], context: Iterable[str],
    languages: Sequence[str] = (), *, repository: Iterable[str] = (),
    known: Collection[str] = (),
) -> tuple[str, ...]:
    """The frameworks a talent is written for (``talent``: :func:`frameworks_of_name`) when
    they are *another* framework than the project's: the project's ``stack`` words name at
    least one application framework of a language the talent's frameworks are written in, and
    none of the talent's; nor does the task or its files (``context`` words) name one of them.
    Where the stack names no framework of the talent's languages, the talent is foreign when
    the project's dependencies in one of them are ``known`` (:func:`stack_languages`): a
    FastAPI rule in a Typer command-line tool (decision 0030). ``()`` otherwise (no framework
    and no dependency of its languages in the stack: nothing is known to be foreign). The talent's
    own ``languages`` count with its frameworks' (``copilot.wordpress``, globs on PHP and
    JavaScript files, is another framework than a Next.js project's).

    A rule for a framework built on the project's (:data:`BUILT_ON`) is another framework's
    too, whatever else it names, unless the task or its files name it or the whole
    ``repository``'s stack words hold it (a monorepo's shared React package beside its Next.js
    application): ``(("vue", "nuxt"), ["vue", "pinia"], …)`` -> ``("nuxt",)``.

    ``(("django",), ["fastapi", "pydantic"], ["add", "endpoint"])`` -> ``("django",)``;
    ``(("react",), ["next", "react"], …)`` -> ``()``; ``(("react",), ["fastapi"], …)`` -> ``()``
    (another language: the language filter's business); ``(("fastapi",), ["typer"], …,
    known={"python"})`` -> ``("fastapi",)``.
    """
    if not talent:
        return ()
    project = set(frameworks_of_name(stack))
    project |= ({part for part, whole in FRAMEWORK_PARTS.items() if whole in project}
                | {FRAMEWORK_PARTS[f] for f in project if f in FRAMEWORK_PARTS})
    named = set(frameworks_of_name(context))
    above = tuple(f for f in talent if BUILT_ON.get(f) in project and f not in project)
    if above and not (named | set(frameworks_of_name(repository))) & set(above):
        return above  # a Nuxt rule in a Vue application without Nuxt, whatever the task says
    if project & set(talent) or named & set(talent):
        return ()
    spoken = {lang for f in project
              for lang in JVM_FRAMEWORKS.get(f, FRAMEWORK_LANGUAGES.get(f, ()))}
    written = {lang for f in talent
               for lang in JVM_FRAMEWORKS.get(f, FRAMEWORK_LANGUAGES.get(f, ()))} | set(languages)
    if written & spoken:
        return tuple(talent)
    # no framework of the talent's languages in the stack, whose dependencies in one of them
    # are known: a library or a command-line tool (Typer, httpx, pydantic) is built on none
    return tuple(talent) if written & set(known) else ()


SCRIPT_LANGUAGES: Final[dict[str, str]] = {
    "HIRAGANA": "Japanese", "KATAKANA": "Japanese", "HANGUL": "Korean", "CJK": "Chinese",
    "CYRILLIC": "Cyrillic script", "ARABIC": "Arabic", "HEBREW": "Hebrew", "GREEK": "Greek",
    "THAI": "Thai", "DEVANAGARI": "Devanagari script"}
"""The first word of a letter's Unicode name -> what a text mostly in it is written in (kana
say Japanese even beside kanji)."""
MIN_OTHER_SCRIPT_SHARE: Final = 0.5
"""A text more than half of whose letters are of the scripts of :data:`SCRIPT_LANGUAGES` is
written in the commonest of them (its code and identifiers are Latin: over half the letters of
``copilot.csharp-ja`` are kana and kanji)."""


def written_in(text: str) -> str | None:
    """What ``text`` is written in when most of its letters are not Latin: ``"Japanese"``,
    ``"Korean"``… (:data:`SCRIPT_LANGUAGES`), else ``None``. ``copilot.csharp-ja`` and
    ``copilot.csharp-ko``, the C# instructions in Japanese and Korean, were served on every C#
    edit of a new user's .NET repository beside ``copilot.csharp`` (decision 0010, fourteenth
    follow-up)."""
    letters = 0
    other: dict[str, int] = {}
    for ch in text:
        if ch.isalpha():
            letters += 1
            if ord(ch) > 0x24F:  # beyond Latin Extended-B
                script = unicodedata.name(ch, "").split(" ", 1)[0]
                if script in SCRIPT_LANGUAGES:
                    name = SCRIPT_LANGUAGES[script]
                    other[name] = other.get(name, 0) + 1
    if not letters or sum(other.values()) <= MIN_OTHER_SCRIPT_SHARE * letters:
        return None
    if "Japanese" in other:  # kanji are CJK ideographs: kana make them Japanese
        return "Japanese"
    return max(other, key=lambda k: other[k])


_PERSONA: Final = re.compile(
    r"^\W*you\s+are\s+an?\s+(?:[\w-]+\s+){0,3}?(?:expert|specialist|developer|engineer)s?"
    r"(?:\s+(?:developer|engineer))?\s+(?:in|on|with|at|specializing\s+in|specialising\s+in)"
    r"\s+(?P<items>.+)", re.IGNORECASE)
_PERSONA_END: Final = re.compile(r"\.(?:\s|$)|;|\n")
_PERSONA_ITEMS: Final = re.compile(r",|\band\b|&|/")
_GERUND: Final = re.compile(r"\s*[a-z]+ing\b")
_PERSONA_GENERIC: Final = frozenset(words("""
app apps application applications api apis web development developer framework frameworks
stack router native ui ux sdk cli library libraries tools tooling cloud server serverless
best practices modern scalable design system systems data based driven engineering"""))
PERSONA_LINES: Final = 3
"""A persona's expertise list is read from the first this many non-empty lines of a body."""
MIN_PERSONA_UNUSED: Final = 3
"""A persona is another stack's (:func:`persona_unused`) when at least this many items of its
expertise list are unused, and more of them than are used: ``cursor.nextjs-react-typescript``
("You are an expert in Solidity, TypeScript, Node.js, Next.js 14 App Router, React, Vite,
Viem v2, Wagmi v2, Shadcn UI, Radix UI, and Tailwind Aria") is a web3 rule in a Next.js
booking application that uses none of Vite, Viem, Wagmi, Shadcn or Radix."""


def persona_stack(body: str) -> tuple[tuple[str, ...], ...]:
    """The expertise list of a rule written as a persona ("You are an expert in X, Y and Z"),
    one tuple of folded words per item: the words the body writes capitalised (not all in
    capitals: ``UI``, ``API``), of three letters or more, neither a language
    (:data:`LANGUAGE_NAMES`) nor a generic word (``app``, ``router``, ``development``).

    ``"You are an expert in Solidity, Next.js 14 App Router, Viem v2 and Shadcn UI."`` ->
    ``(("next",), ("viem",), ("shadcn",))`` (Solidity is a language). ``()`` when the first
    :data:`PERSONA_LINES` non-empty lines hold no such sentence, or when it says what the
    persona does rather than what it knows ("an expert in building applications that support
    RTL languages including Hebrew"). Decision 0010, eighteenth follow-up."""
    clause = _persona_clause(body)
    if clause is None:
        return ()
    items = []
    for part in _PERSONA_ITEMS.split(clause):
        kept = tuple(dict.fromkeys(
            t.lower() for t in _CASED_WORD.findall(part)
            if t[0].isupper() and not t.isupper() and len(t) >= 3
            and t.lower() not in LANGUAGE_NAMES and t.lower() not in _PERSONA_GENERIC))
        if kept:
            items.append(kept)
    return tuple(items)


def _persona_clause(body: str) -> str | None:
    """The expertise list of the first "You are an expert in …" sentence of the first
    :data:`PERSONA_LINES` non-empty lines of ``body`` (after a colon when it has one), or
    ``None`` (none, or one that says what the persona does: "an expert in building …")."""
    lines = [line for line in body.splitlines() if line.strip()][:PERSONA_LINES]
    for line in lines:
        found = _PERSONA.match(line.replace("**", "").replace("`", ""))
        if found is None:
            continue
        clause = _PERSONA_END.split(found.group("items"), maxsplit=1)[0]
        clause = clause.split(":", 1)[1] if ":" in clause else clause
        # "an expert in building applications that support RTL languages including Hebrew,
        # Arabic": no stack
        return None if _GERUND.match(clause) else clause
    return None


def persona_language(body: str) -> str | None:
    """The programming language (:data:`LANGUAGE_NAMES`) a persona's expertise list names as
    its first item ("You are an expert in Solidity, TypeScript, …" -> ``"solidity"``), or
    ``None``."""
    clause = _persona_clause(body)
    if clause is None:
        return None
    first = _CASED_WORD.findall(_PERSONA_ITEMS.split(clause, maxsplit=1)[0])
    language = first[0].lower() if first else ""
    return language if language in LANGUAGE_NAMES else None


def language_unused(language: str, languages: Collection[str]) -> bool:
    """Whether a persona's first ``language`` (:func:`persona_language`) is another stack's:
    the project's (or the task's) ``languages`` are known and neither hold it nor imply it
    (:data:`IMPLIED`: a TypeScript project writes JavaScript too). "You are an expert in
    Solidity, TypeScript, Node.js, Next.js 14 App Router, React, … Viem v2, Wagmi v2" is a
    smart-contract developer's persona, whatever share of its list a Next.js application
    uses: two such rules were served on 13 of a new user's 30 Next.js tasks, judged wrong each
    time (decision 0024)."""
    return bool(languages) and language not in languages and not any(
        language in IMPLIED.get(lang, ()) for lang in languages)


def persona_unused(items: Sequence[Sequence[str]], heard: Callable[[str], bool],
                   subject: Collection[str] = ()) -> tuple[str, ...]:
    """The unused items of a persona's expertise list (:func:`persona_stack`), by their first
    word, when they make it another stack's: at least :data:`MIN_PERSONA_UNUSED` and more
    than the used ones; else ``()``. An item is used when ``heard`` (the project's
    dependencies, the task, its files, the repository's own words) holds one of its words.

    A persona whose first item is used and is what the rule is named after (a word of its
    ``subject``, :func:`rule_subject`) is its subject's, whatever UI libraries it lists after:
    "an expert in Chrome Extension Development, …, Shadcn UI, Radix UI, Tailwind" in a
    Chrome extension (``@types/chrome``) is the project's one Chrome extension rule, which
    ``grace init`` had left disabled (decision 0010, twenty-fourth follow-up)."""
    if items and subject and set(items[0]) & set(subject) and any(heard(w) for w in items[0]):
        return ()
    unused = [item[0] for item in items if not any(heard(w) for w in item)]
    if len(unused) >= MIN_PERSONA_UNUSED and len(unused) > len(items) - len(unused):
        return tuple(dict.fromkeys(unused))
    return ()
