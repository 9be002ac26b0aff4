"""Activation by files in play, always-on talents and the language filter (issue 11)."""

from __future__ import annotations

import pytest

from grace.errors import InputTooLargeError, InvalidPathError
from grace.resolution.adapters.glob_matcher import WcmatchPathMatcher
from grace.resolution.application.resolve_context import (
    RelevanceOutcome,
    RelevanceRequest,
    ResolveContext,
    own_package_words,
)
from grace.resolution.domain.activation import (
    MAX_FILES,
    LanguageIndex,
    language_activation,
    language_allows,
    normalise_files,
    repository_vocabulary,
    task_languages,
)
from grace.resolution.domain.languages import (
    back_end_language,
    foreign_frameworks,
    frameworks_of_name,
    frameworks_of_talent,
    kinds_said,
    language_of_file,
    languages_in_text,
    languages_of_files,
    languages_of_name,
    languages_of_rule_name,
    languages_told,
    off_kind_of,
    role_stack,
    rule_subject,
    side_of_rule,
    stack_groups,
    stack_languages,
    stack_words,
    task_frameworks,
    unframed_languages,
)
from grace.resolution.domain.talent import Project
from tests.fakes import InMemoryCatalog, InMemoryWorkTree, WordCounter, make_talent


@pytest.mark.parametrize(
    ("patterns", "files", "expected"),
    [
        (["**/*.py"], ["app/api/items.py"], ("**/*.py", "app/api/items.py")),
        (["*.py"], ["app/api/items.py"], ("*.py", "app/api/items.py")),  # no '/': any depth
        (["src/**/*.{ts,tsx}"], ["src/ui/Cart.tsx"], ("src/**/*.{ts,tsx}", "src/ui/Cart.tsx")),
        (["**/*.ts", "!**/*.test.ts"], ["src/a.test.ts"], None),  # negation excludes
        (["**/*.ts", "!**/*.test.ts"], ["src/a.test.ts", "src/b.ts"], ("**/*.ts", "src/b.ts")),
        (["./app/**"], ["app/x.py"], ("app/**", "app/x.py")),
        (["**/*.go"], ["app/x.py"], None),
        (["Dockerfile"], ["deploy/Dockerfile"], ("Dockerfile", "deploy/Dockerfile")),
        (["[unbalanced"], ["x"], None),  # never raises
        ([], ["x.py"], None),
    ],
)
def test_glob_matcher(patterns, files, expected):
    assert WcmatchPathMatcher().first_match(patterns, files) == expected


def test_normalise_files_and_its_refusals():
    assert normalise_files(["./app//x.py", "app/x.py", "a\\b.ts"]) == ("app/x.py", "a/b.ts")
    for bad in ["/etc/passwd", "../x.py", "app/../../x", "", "C:/x.py", "app/a\nb.py", "a\x7f"]:
        with pytest.raises(InvalidPathError):
            normalise_files([bad])
    # absolute paths under the repository are accepted when its root is known
    assert normalise_files(["/repo/app/x.py", "app/y.py"], root="/repo") == ("app/x.py", "app/y.py")
    for bad in ["/repository/x.py", "/etc/passwd", "/repo/../etc/passwd"]:
        with pytest.raises(InvalidPathError):
            normalise_files([bad], root="/repo")
    with pytest.raises(InputTooLargeError):
        normalise_files([f"f{i}.py" for i in range(MAX_FILES + 1)])
    with pytest.raises(InputTooLargeError):
        normalise_files(["a" * 2000])


def test_languages_of_files_and_task_languages():
    assert language_of_file("app/api/items.py") == "python"
    assert language_of_file("README.md") is None and language_of_file("LICENSE") is None
    assert language_of_file("Cargo.toml") == "rust"
    # a Jinja template is of the kind of the file it renders; alone, of none
    assert language_of_file("src/pkg/templates/invoice.html.j2") == "html"
    assert languages_of_files(["deploy/values.yaml.jinja", "etc/nginx.conf.j2", "base.j2"]) == ()
    assert language_of_file("scripts/build.py.jinja2") == "python"
    assert languages_of_files(["web/Cart.tsx"]) == ("typescript", "javascript")
    assert task_languages(["python"], ["web/Cart.tsx"]) == (("typescript", "javascript"), "files")
    assert task_languages(["python"], ["README.md"]) == (("python",), "project")
    assert task_languages([], []) == ((), "none")
    assert language_allows((), ("python",)) and language_allows(("csharp",), ())
    assert not language_allows(("csharp",), ("python",))


@pytest.mark.parametrize(
    ("text", "languages", "words"),
    [
        ("Add a PATCH endpoint with Pydantic validation", ("python",), ("pydantic",)),
        ("Port the Flask app to Go", ("python", "go"), ("flask", "go")),
        ("Migrate the service to .NET 8 and C# 12", ("csharp",), ("dotnet", "csharp")),
        ("Ajoute un écran SwiftUI", ("swift",), ("swiftui",)),
        ("Upgrade Spring Boot", ("java", "kotlin"), ("springboot",)),
        ("Write Node.js middleware", ("javascript", "typescript"), ("nodejs",)),
        # everyday words and sentence-initial capitals name nothing
        ("Go to the settings page and express the total in cents", (), ()),
        ("Fix SQL injection risk in the items query", (), ()),  # SQL lives in any language
        ("Rust and dust on the spring shelf", (), ()),
        ("Express middleware for the gateway", (), ()),
        ("Compute the convex hull in the unity tests of the apex domain", (), ()),
        # French everyday words: « trop vite » (too fast), « la vue » (the view); a new user's
        # Django task in French lost every Python rule to JavaScript and TypeScript
        ("Le token JWT expire trop vite", (), ()),
        ("Ajoute un filtre par statut à la vue des commandes", (), ()),
        ("Migre ce composant vue en Vue 3", ("javascript", "typescript"), ("vue",)),
        # capitalised, « en Vue » names the framework (a new user's Laravel + Inertia trial)
        ("Créer un formulaire en Vue avec useForm", ("javascript", "typescript"), ("vue",)),
        ("Configure Vite to proxy /api", ("javascript", "typescript"), ("vite",)),
        ("vite build fails on CI", ("javascript", "typescript"), ("vite build",)),
        ("Write Cypress tests for the checkout", ("javascript", "typescript"), ("cypress",)),
        # a language's toolchain and the file names a task quotes tell its language
        ("Make clippy pass with -D warnings", ("rust",), ("clippy",)),
        ("run cargo build --release", ("rust",), ("cargo build",)),
        ("The old cargo manifest of the ship", (), ()),  # an everyday word alone
        ("go vet fails on the worker", ("go",), ("go vet",)),
        ("Bump serde in Cargo.toml", ("rust",), ("cargo.toml", "serde")),
        ("Fix services/api/items.py and Cart.tsx", ("python", "typescript"),
         ("services/api/items.py", "cart.tsx")),
        ("Add a Chart.js graph", (), ()),  # a library's name, not a file
        ("Update src/Chart.js", ("javascript", "typescript"), ("src/chart.js",)),
        ("Add a build script to package.json", ("javascript", "typescript"), ("package.json",)),
        ("See README.md, schema.sql and example.com, e.g. the docs", (), ()),
        ("Turn on strict in tsconfig", ("typescript",), ("tsconfig",)),
        ("router.go(-1) leaves the page", (), ()),  # a call, not a file
        ("Link the docs.rs page from the footer", (), ()),  # a site
        ("Split api.py in two", ("python",), ("api.py",)),  # a file, whatever its stem
        # a command after an everyday word; not after a determiner, nor as plain English
        ("Show the cargo build date on the shipping page", (), ()),
        ("We should go generate the monthly reports", (), ()),
        ("Add a small pip to the badge", (), ()),
        ("run go vet ./... then go mod tidy", ("go",), ("go vet", "go mod tidy")),
        ("pip install -r requirements.txt fails", ("python",),
         ("requirements.txt", "pip install")),
        ("mvn clean install fails; yarn install too", ("javascript", "typescript", "java",
                                                       "kotlin"), ("yarn install", "mvn")),
        ("rails db:migrate fails", ("ruby",), ("rails db:migrate",)),
        # NestJS is "Nest" to its users; the bird's nest and "nest the items" are not
        ("Nest can't resolve the dependencies of NotificationsService", (), ()),
        ("the app Nest cannot resolve NotificationsService", ("javascript", "typescript"),
         ("nest",)),
        ("nest the menu items under their category", (), ()),
    ],
)
def test_languages_named_by_a_task(text, languages, words):
    assert languages_in_text(text) == (languages, words)


@pytest.mark.parametrize(
    ("slug", "languages"),
    [
        ("react19-concurrent-patterns", ("javascript", "typescript")),  # version suffix
        ("vue3-composition-api", ("javascript", "typescript")),
        ("py-fast-api", ("python",)),  # py as the first word
        ("go-servemux", ("go",)),
        ("go-to-market", ()),
        ("htmx-go-fiber", ("go",)),  # go anywhere but before "to"
        ("lets-go-to-the-beach", ()),
        ("cypress-api-testing", ("javascript", "typescript")),  # a JS-only test runner
        ("unity-cursor-ai-c", ("csharp",)),
        ("coldfusion-cfc", ("coldfusion",)),
        ("r-best-practices", ("r",)),  # r as a name's first word only
        ("vector-r-tree", ()),
        ("containerize-aspnetcore", ("csharp",)),
        ("release-v5-notes", ()),  # a bare version names nothing
        ("spy-py", ()),  # py only as the first word
        ("ef-core", ("csharp",)),  # two words the table knows joined: EF Core
        ("dot-net-upgrade", ("csharp",)),
        ("spring-boot-testing", ("java",)),  # spring binds alone: no pair needed
        ("core-web-vitals", ()),
    ],
)
def test_languages_of_a_rule_name(slug, languages):
    assert languages_of_name(slug.split("-")) == languages


@pytest.mark.parametrize(
    ("slug", "text", "languages"),
    [
        # an ambiguous name binds its language unless the text names other languages, and
        # never its own (Arize's Phoenix skills)
        ("phoenix-evals", "Evaluators in Python (pip install) or TypeScript; python -m x", ()),
        ("phoenix-cli", "Debug LLM applications using the Phoenix CLI", ("elixir",)),
        ("phoenix-liveview", "Phoenix LiveView in Elixir, not Python, Python or Python",
         ("elixir",)),
        ("unity-game-loop", "MonoBehaviour lifecycle in C# scripts", ("csharp",)),
        ("rails", "Use Hotwire. The JavaScript of the views goes in importmaps", ("ruby",)),
        ("salesforce-apex-quality", "Apex classes, Java-like: Java, Java", ("apex",)),
        # a word that is no ambiguous name binds whatever the text says
        ("django-rest", "serializers, like Java's Java Java", ("python",)),
    ],
)
def test_languages_of_a_rule_with_an_ambiguous_name(slug, text, languages):
    from grace.resolution.domain.languages import languages_of_rule

    assert languages_of_rule(slug.split("-"), text) == languages


def test_task_languages_from_the_text_narrow_within_the_project():
    polyglot = ["python", "csharp", "typescript"]
    pydantic = "Add a PATCH endpoint with Pydantic validation"
    assert task_languages(polyglot, [], pydantic) == (("python",), "task")
    # the files stay the first evidence; the text adds what it names
    assert task_languages(polyglot, ["web/Cart.tsx"], "call it from Django") == (
        ("typescript", "javascript", "python"), "files")
    # a language the project does not declare narrows nothing
    assert task_languages(["python"], [], "do it like the React app") == (("python",), "project")
    # a project without languages takes the text's
    assert task_languages([], [], pydantic) == (("python",), "task")
    assert task_languages(polyglot, [], "Rename a variable") == (
        ("python", "csharp", "typescript", "javascript"), "project")


def test_a_task_in_a_language_that_holds_sql_keeps_the_projects_sql():
    """SQL lives in Go, Python, TypeScript code: a review of a query built in ``repository.go``
    keeps the SQL rules of a project that has SQL (decision 0010, fifteenth follow-up); a
    front-end component's file does not, nor a project without SQL."""
    go_vue = ["go", "typescript", "sql", "vue", "javascript"]
    assert task_languages(go_vue, ["internal/orders/repository.go"]) == (("go", "sql"), "files")
    assert task_languages(go_vue, [], "tune the pgxpool config") == (("go", "sql"), "task")
    assert task_languages(go_vue, ["web/src/App.vue"]) == (
        ("vue", "typescript", "javascript"), "files")
    assert task_languages(["go"], ["main.go"]) == (("go",), "files")


@pytest.mark.parametrize(("text", "told"), [
    ("Add structured request logging with slog", ("slog",)),
    ("tune the pgxpool config", ("pgxpool",)),
    ("Write table-driven tests with testify", ("testify",)),
    ("tests d'intégration avec testcontainers-go.", ("testcontainers-go",)),
    ("upgrade aws-sdk-go to v2", ("aws-sdk-go",)),
])
def test_a_go_library_tells_go(text, told):
    assert languages_in_text(text) == (("go",), told)


@pytest.mark.parametrize("text", [
    "a go-to solution", "ready-to-go", "work on-the-go", "let-go of the lock",
    "edit testcontainers-go.mod"])
def test_an_idiom_with_go_tells_nothing(text):
    assert languages_in_text(text) == ((), ())


def _catalog():
    return InMemoryCatalog([
        make_talent("py.fastapi", languages=("python",), paths=("**/*.py",)),
        make_talent("ts.react", languages=("typescript",), paths=("**/*.tsx",)),
        make_talent("cs.mvvm", languages=("csharp",), paths=("**/*.cs",)),
        make_talent("any.git", always=True),
        make_talent("any.docs"),
    ])


def _resolve(uc, project, **kw):
    return uc(project, role="backend", task=kw.pop("task", "do it"), token_budget=100_000, **kw)


def test_language_filter_relevance_off_project_then_files():
    uc = ResolveContext(_catalog(), WordCounter(), matcher=WcmatchPathMatcher())
    ids = ("py.fastapi", "ts.react", "cs.mvvm", "any.git", "any.docs")
    project = Project("p", ids, languages=("python", "typescript"))
    r = _resolve(uc, project)
    assert set(r.served_ids) == {"py.fastapi", "ts.react", "any.git", "any.docs"}
    (cs,) = [d for d in r.dropped if d.id == "cs.mvvm"]
    assert cs.reason == "language" and "from the project" in cs.detail
    assert r.language_source == "project"
    assert "\nLanguages: python, typescript\n" in r.markdown

    r = _resolve(uc, project, files=["app/api/items.py"])
    assert set(r.served_ids) == {"py.fastapi", "any.git", "any.docs"}
    assert r.served_ids[0] == "py.fastapi"  # the glob-matched talent leads with relevance off
    first = r.served[0]
    assert (first.glob, first.file) == ("**/*.py", "app/api/items.py")
    assert {d.id: d.reason for d in r.dropped}["ts.react"] == "language"
    assert r.languages == ("python",) and r.language_source == "files"
    assert "Files: app/api/items.py" in r.markdown
    # the header names the languages the filter used, not the project's (typescript was dropped)
    assert "\nLanguages: python (from the files in play)\n" in r.markdown


def test_the_header_says_which_languages_are_implied():
    """The files in play give Python; the project's SQL is held in its code: the header says
    it is implied rather than listing it as if a file were SQL."""
    uc = ResolveContext(_catalog(), WordCounter(), matcher=WcmatchPathMatcher())
    project = Project("p", ("py.fastapi", "any.git"), languages=("python", "sql"))
    r = _resolve(uc, project, files=["app/api/items.py"])
    assert r.languages == ("python", "sql")
    assert "\nLanguages: python (from the files in play; implied: sql)\n" in r.markdown
    r = _resolve(uc, project, files=["app/api/items.py", "db/schema.sql"])
    assert "\nLanguages: python, sql (from the files in play)\n" in r.markdown


def test_language_named_in_the_task_drops_other_stacks_explained():
    uc = ResolveContext(_catalog(), WordCounter(), matcher=WcmatchPathMatcher())
    ids = ("py.fastapi", "ts.react", "cs.mvvm", "any.git", "any.docs")
    project = Project("p", ids, languages=("python", "typescript", "csharp"))
    r = _resolve(uc, project, task="Add a PATCH endpoint with Pydantic validation")
    assert set(r.served_ids) == {"py.fastapi", "any.git", "any.docs"}
    assert r.language_source == "task" and r.languages == ("python",)
    (cs,) = [d for d in r.dropped if d.id == "cs.mvvm"]
    assert cs.reason == "language" and "named in the task: pydantic" in cs.detail
    assert "\nLanguages: python (told by the task)\n" in r.markdown  # by "Pydantic"


def test_catalog_without_activation_keeps_seed_001_order():
    talents = [make_talent(t) for t in ("b", "a", "c")]
    uc = ResolveContext(InMemoryCatalog(talents), WordCounter(), matcher=WcmatchPathMatcher())
    project = Project("p", ("a", "b", "c"), languages=("python",))
    plain = _resolve(uc, project)
    with_files = _resolve(uc, project, files=["x/y.py"])
    assert plain.served_ids == with_files.served_ids == ("a", "b", "c")


class KeepNothing:
    """A relevance step that cuts every candidate (to see what the project forces back)."""

    name = "nothing"

    def __init__(self) -> None:
        self.seen: RelevanceRequest | None = None

    def select(self, request: RelevanceRequest) -> RelevanceOutcome:
        self.seen = request
        return RelevanceOutcome([], {t.id: 0.0 for t in request.candidates})


class KeepAll(KeepNothing):
    """A relevance step that keeps every candidate."""

    name = "all"

    def select(self, request: RelevanceRequest) -> RelevanceOutcome:
        self.seen = request
        return RelevanceOutcome([t.id for t in request.candidates],
                                {t.id: 1.0 for t in request.candidates})


def test_always_is_the_projects_decision_and_relevance_sees_globs():
    step = KeepNothing()
    uc = ResolveContext(_catalog(), WordCounter(), relevance=step, matcher=WcmatchPathMatcher())
    ids = ("py.fastapi", "ts.react", "cs.mvvm", "any.git", "any.docs")
    # any.git asks for always (alwaysApply) but the project does not: it is cut like the rest
    r = _resolve(uc, Project("p", ids), files=["app/main.py"])
    assert r.served_ids == ()
    assert step.seen is not None and step.seen.activation["py.fastapi"].glob == "**/*.py"
    assert "ts.react" not in step.seen.activation
    # the project says always: served whatever relevance says, explained
    r = _resolve(uc, Project("p", ids, always=("any.docs",)), files=["app/main.py"])
    assert r.served_ids == ("any.docs",) and r.served[0].always
    assert {e.id: e.decision for e in r.explanations}["any.docs"] == "always"


def test_a_file_s_language_activates_the_talents_without_specific_globs_by_specificity():
    import math

    spoken = {"swift.ui": ("swift",), "ts.a": ("typescript",), "ts.b": ("TypeScript",),
              "js.c": ("javascript",), "py.globbed": ("python",), "py.two": ("python", "sql")}
    ids = [*spoken, "any.docs"]  # N = 7 candidates, one without languages
    index = LanguageIndex.of(spoken)
    got = language_activation(index, ids, ["README.md", "ios/CheckoutView.swift"],
                              globbed={"py.globbed"})
    assert set(got) == {"swift.ui"}
    swift = got["swift.ui"]
    assert (swift.language, swift.file, swift.glob) == ("swift", "ios/CheckoutView.swift", None)
    assert not swift.matched  # relevance evidence only: seed 001's order knows globs
    assert swift.strength == pytest.approx(1.0)  # ln(7/1) / ln(7): the only Swift talent
    assert swift.describe() == "its language swift is that of ios/CheckoutView.swift"
    # a TypeScript file follows JavaScript rules too (IMPLIED), rarer languages weigh more
    got = language_activation(index, ids, ["web/src/cart.ts"])
    assert set(got) == {"ts.a", "ts.b", "js.c"}
    assert got["ts.a"].strength == pytest.approx(math.log(7 / 2) / math.log(7))
    assert got["js.c"].language == "javascript"
    assert got["js.c"].strength == pytest.approx(1.0)
    # …not the reverse; a talent of two languages counts 1 / sqrt(2); a globbed one never
    assert set(language_activation(index, ids, ["gateway/users.js"])) == {"js.c"}
    got = language_activation(index, ids, ["app/main.py"], globbed={"py.globbed"})
    assert set(got) == {"py.two"}
    assert got["py.two"].strength == pytest.approx(math.log(7 / 2) / math.log(7) / math.sqrt(2))
    # one candidate: specificity 1; no file of a known language: nothing
    one = LanguageIndex.of({"go.x": ("go",)})
    assert language_activation(one, ["go.x"], ["main.go"])["go.x"].strength == 1.0
    # the candidates count, not the catalog: fewer Python candidates, a stronger match
    assert language_activation(index, ["py.two", "any.docs"], ["a.py"])["py.two"].strength == (
        pytest.approx(math.log(2 / 1) / math.log(2) / math.sqrt(2)))
    assert language_activation(index, ids, ["docs/guide.md", "Makefile"]) == {}
    assert language_activation(index, ids, []) == {}


def test_relevance_sees_a_file_s_language_for_talents_without_globs_never_relevance_off():
    catalog = InMemoryCatalog([
        make_talent("py.fastapi", languages=("python",), paths=("**/*.py",)),
        make_talent("swift.ui", languages=("swift",), paths=("**/*",)),
        make_talent("any.docs"),
    ])
    step = KeepNothing()
    uc = ResolveContext(catalog, WordCounter(), relevance=step, matcher=WcmatchPathMatcher())
    project = Project("p", ("py.fastapi", "swift.ui", "any.docs"))
    _resolve(uc, project, files=["ios/CheckoutView.swift"])
    assert step.seen is not None
    assert step.seen.activation["swift.ui"].language == "swift"  # `**/*` is no evidence
    assert "py.fastapi" not in step.seen.activation  # its glob did not match
    off = ResolveContext(catalog, WordCounter(), matcher=WcmatchPathMatcher())
    r = _resolve(off, project, files=["ios/CheckoutView.swift"])
    assert all(s.glob is None and s.file is None and s.language is None for s in r.served)
    # relevance on: the served record says which file's language activated it
    keep = KeepAll()
    on = ResolveContext(catalog, WordCounter(), relevance=keep, matcher=WcmatchPathMatcher())
    r = _resolve(on, project, files=["ios/CheckoutView.swift"])
    (swift,) = [s for s in r.served if s.id == "swift.ui"]
    assert (swift.glob, swift.file, swift.language) == (None, "ios/CheckoutView.swift", "swift")
    assert r.to_dict()["served"][[s.id for s in r.served].index("swift.ui")]["language"] == (
        "swift")


def test_relevance_sees_the_dependencies_of_the_files_own_packages():
    step = KeepNothing()
    tree = InMemoryWorkTree({}, packages={"apps/web": ("react", "tailwindcss"),
                                          "apps/admin": ("nuxt", "vue")})
    uc = ResolveContext(_catalog(), WordCounter(), relevance=step, tree=tree)
    project = Project("p", ("ts.react",), stack=("turbo",))
    _resolve(uc, project, files=["apps/web/src/Cart.tsx"], root="/repo")
    assert step.seen is not None
    assert step.seen.stack == ("turbo",)  # the root's, from grace.yaml
    assert step.seen.package_stack == ("react", "tailwindcss", "tailwind")  # rules' words too
    _resolve(uc, project, files=["apps/web/src/Cart.tsx"])  # no root: nothing is read
    assert len(step.seen.package_stack) == 0
    # a package that holds the whole project's stack is the project's one package: nothing
    # more (a repository with one manifest at its root)
    whole = Project("p", ("ts.react",), stack=("react", "tailwindcss"))
    _resolve(uc, whole, files=["apps/web/src/Cart.tsx"], root="/repo")
    assert step.seen.package_stack == ()
    assert own_package_words(["@angular/core", "rxjs"], ["angular", "express", "rxjs"]) == (
        "angular", "rxjs")
    assert own_package_words(["@angular/core"], []) == ("angular",)  # no stack: nothing to compare
    broken = InMemoryWorkTree({"apps/web/src/Cart.tsx": "present"},
                              skipped=("apps/web/package.json: not valid JSON",))
    uc = ResolveContext(_catalog(), WordCounter(), relevance=step, tree=broken)
    r = _resolve(uc, project, files=["apps/web/src/Cart.tsx"], root="/repo")
    assert r.warnings == ("package manifest apps/web/package.json: not valid JSON (its "
                          "dependencies are not used)",)


def test_relevance_sees_what_the_files_in_play_import():
    """The packages the files in play import reach the relevance step as stack words
    (``next`` -> ``next``, ``nextjs``); ``None`` when no file could be read for them (no root,
    no file of a language whose imports are read), so that nothing is known rather than
    "imports nothing" (decision 0024)."""
    step = KeepNothing()
    tree = InMemoryWorkTree({}, imports={"src/app/page.tsx": ("next", "@prisma/client"),
                                         "src/lib/format.ts": ()})
    uc = ResolveContext(_catalog(), WordCounter(), relevance=step, tree=tree)
    project = Project("p", ("ts.react",), stack=("next", "prisma"))
    _resolve(uc, project, files=["src/app/page.tsx"], root="/repo")
    assert step.seen is not None and step.seen.imported is not None
    assert {"next", "nextjs", "prisma"} <= step.seen.imported
    _resolve(uc, project, files=["src/lib/format.ts"], root="/repo")
    assert step.seen.imported == frozenset()  # read: it imports none of them
    _resolve(uc, project, files=["Dockerfile"], root="/repo")
    assert step.seen.imported is None
    _resolve(uc, project, files=["src/app/page.tsx"])  # no root: nothing is read
    assert step.seen.imported is None


def test_doctor_reports_always_apply_once_and_always_not_enabled():
    from grace.resolution.application.doctor import Doctor

    catalog = InMemoryCatalog([make_talent(f"r{i}", always=True) for i in range(12)])
    project = Project("p", tuple(f"r{i}" for i in range(12)), always=("r0", "ghost"))
    report = Doctor(catalog, WordCounter(), token_budget=8000)(project)
    (info,) = [f for f in report.findings if f.code == "always_apply_not_always"]
    assert info.severity == "info" and info.subject == "11 talents"
    assert "r1, r2, r3" in info.message and "r10 and 1 more" in info.message
    assert "always: true" in info.fix
    assert [f.subject for f in report.findings if f.code == "always_not_enabled"] == ["ghost"]
    assert report.errors == 0


@pytest.mark.parametrize(
    ("switch", "where"),
    [({"enabled": True, "always": "yes"}, "talents.a.b.always"),
     ({"enabled": True, "always": 1}, "talents.a.b.always"),
     ({"enabled": True, "alway": True}, "talents.a.b.alway")],
)
def test_project_always_is_a_strict_boolean_named_in_errors(switch, where):
    from grace.errors import ProjectError
    from grace.resolution.adapters.manifest_schema import parse_project

    with pytest.raises(ProjectError, match=f"field '{where}'"):
        parse_project({"talents": {"a.b": switch}}, path="grace.yaml")
    ok = parse_project({"talents": {"a.b": {"enabled": True, "always": True}}}, path="g")
    assert ok.to_project("g").always == ("a.b",)


def test_path_words_split_folders_file_stems_and_camel_case():
    from grace.resolution.domain.activation import MAX_PATH_WORD_FILES, path_words

    assert path_words(["apps/backoffice/accounts/migrations/0004_add_phone.py"]) == (
        "backoffice accounts migrations add phone")
    assert path_words(["src/OrderTable.tsx", ".github/workflows/ci.yml"]) == (
        "Order Table github workflows ci")
    assert path_words(["app/api/items.py", "src/Utils/init.py"]) == "items"  # generic folders
    assert path_words(["spec/models/order_spec.rb"]) == "models order"  # where tests live
    # another language's folder is a layout (Android keeps Kotlin under java/); the file's own
    # language and a framework-language folder (vue/ of .ts files) are kept
    # … and a mobile app's "Screen" is its page, no screen recording
    assert path_words(["android/src/main/java/shop/CartScreen.kt"]) == "android shop Cart"
    assert path_words(["orders/src/main/java/OrderService.java"]) == "orders java Order Service"
    assert path_words(["web/vue/Cart.ts", "python/README.md"]) == "web vue Cart python README"
    # a well-known file says its framework and its name whole, not its name's words
    assert path_words(["app/src/main/AndroidManifest.xml", "Dockerfile"]) == (
        "android androidmanifest docker dockerfile")
    assert path_words([]) == ""
    many = [f"d{i}/f.py" for i in range(MAX_PATH_WORD_FILES + 5)]
    assert path_words(many).split().count("f") == MAX_PATH_WORD_FILES


def test_a_framework_s_own_identifiers_in_a_task_tell_it():
    from grace.resolution.domain.languages import frameworks_told

    assert frameworks_told("Memory leak: it subscribes in ngOnInit and never unsubscribes") == (
        "angular",)
    assert frameworks_told("fix it with select_related/prefetch_related") == ("django",)
    assert frameworks_told("@Transactional service method, then @GetMapping") == ("spring",)
    assert frameworks_told("useEffect then useState, and defineProps") == ("react", "vue")
    # English words and shared names tell nothing; identifiers are case-sensitive
    assert frameworks_told("Send transactional emails; an eloquent Artisan page") == ()
    assert frameworks_told("Use HttpClient and setState; raise HTTPException") == ()
    assert frameworks_told("NGONINIT useeffect") == ()
    # a view library's identifiers name it but never frame the task (Next.js writes hooks)
    assert task_frameworks("make the useEffect stop refetching", []) == ()
    assert task_frameworks("unsubscribe in ngOnDestroy", []) == ("angular",)
    assert task_frameworks("Nuxt: call useAsyncData in the page", []) == ("nuxt",)


def test_frameworks_of_files_read_names_suffixes_and_folders():
    from grace.resolution.domain.languages import frameworks_of_files

    assert frameworks_of_files(["portal/src/app/cart/cart-list.component.ts"]) == ("angular",)
    assert frameworks_of_files(["shop/app/controllers/orders_controller.rb"]) == ("rails",)
    assert frameworks_of_files(["site/src/routes/+layout.svelte"]) == ("sveltekit", "svelte")
    assert frameworks_of_files([".github/workflows/ci.yml", "Dockerfile"]) == (
        "github actions", "docker")
    assert frameworks_of_files(["lib/utils.ts", "README.md", ".tsx"]) == ()


@pytest.mark.parametrize(
    ("talent", "stack", "context", "foreign"),
    [
        (("django",), ["fastapi", "pydantic"], ["add", "endpoint"], ("django",)),
        (("react",), ["angular", "core", "rxjs"], [], ("react",)),
        (("nextjs",), ["next", "react"], [], ()),  # the package is "next"
        (("react", "mobx"), ["react", "vite"], [], ()),  # one of its frameworks is the project's
        # … unless another is built on it and the project lacks it (BUILT_ON)
        (("nextjs", "react"), ["react", "vite"], [], ("nextjs",)),
        (("vue", "nuxt"), ["vue", "pinia", "vue-router"], ["add", "a", "store"], ("nuxt",)),
        (("vue", "nuxt"), ["vue", "nuxt"], [], ()),
        (("vue", "nuxt"), ["vue"], ["move", "to", "nuxt"], ()),  # the task names it
        (("vue", "nuxt"), ["vue"], ["fix", "the", "vue", "component"], ("nuxt",)),  # the base
        (("react",), ["fastapi"], [], ()),  # another language: the language filter's business
        (("django",), ["pydantic", "pytest"], [], ()),  # no framework declared: nothing foreign
        (("django",), ["fastapi"], ["port", "the", "view", "to", "django"], ()),  # task names it
        (("svelte",), ["sveltejs", "kit"], [], ()),  # @sveltejs/kit
        ((), ["fastapi"], [], ()),
        # Spring Boot applications are Java or Kotlin (JVM_FRAMEWORKS): Ktor is another's
        (("ktor",), ["spring", "boot", "springboot", "kotlin"], [], ("ktor",)),
        (("spring",), ["ktor", "kotlin"], [], ("spring",)),
        (("ktor",), ["spring"], ["port", "it", "to", "ktor"], ()),
        # an Android application (Java or Kotlin) and an Airflow pipeline are built on one
        (("ktor",), ["android", "hilt", "room"], [], ("ktor",)),
        (("spring",), ["jetpack", "compose"], [], ("spring",)),
        (("android",), ["android"], [], ()),
        (("fastapi",), ["apache", "airflow", "pandas"], ["convert", "the", "dag"], ("fastapi",)),
        (("flask",), ["dagster"], [], ("flask",)),
        (("fastapi",), ["airflow", "fastapi"], [], ()),  # both: nothing known to be foreign
    ],
)
def test_a_rule_for_another_framework_of_the_project_s_language_is_foreign(
        talent, stack, context, foreign):
    assert foreign_frameworks(talent, stack, context) == foreign


def test_a_framework_of_a_language_whose_dependencies_the_project_declares_is_foreign():
    """Decision 0030: a command-line tool on Typer, httpx and pydantic declares its Python
    dependencies and no Python framework, so FastAPI's and Flask's rules are another
    framework's; a language none of whose dependencies is declared knows nothing."""
    known = stack_languages(["typer", "httpx", "pydantic", "pytest", "ruff"])
    assert known == {"python"}
    assert stack_languages(["github-actions", "docker"]) == frozenset()
    assert stack_languages(["jest", "eslint"]) == {"javascript", "typescript"}
    assert foreign_frameworks(("fastapi",), ["typer", "httpx"], ["add", "retry"],
                              known=known) == ("fastapi",)
    assert foreign_frameworks(("flask",), [], [], ("python",), known=known) == ("flask",)
    # named by the task or its files: the task's; another language: the language filter's
    assert foreign_frameworks(("fastapi",), ["typer"], ["serve", "it", "with", "fastapi"],
                              known=known) == ()
    assert foreign_frameworks(("react",), ["typer"], [], known=known) == ()
    assert foreign_frameworks(("fastapi",), ["typer"], []) == ()  # nothing known


def test_a_framework_built_on_the_package_s_is_the_repository_s_when_it_holds_it():
    """A monorepo's shared React package (``packages/ui``) beside its Next.js application: a
    Next.js rule is not another framework's for the package's files."""
    assert foreign_frameworks(("nextjs", "react"), ["react", "clsx"], ["button"]) == ("nextjs",)
    assert foreign_frameworks(("nextjs", "react"), ["react", "clsx"], ["button"],
                              repository=["next", "react", "nestjs"]) == ()


def test_the_frameworks_a_task_names_or_its_files_show_frame_it():
    assert task_frameworks("Nuxt: move the dashboard calls to useAsyncData", []) == ("nuxt",)
    assert task_frameworks("Add a Spring Boot endpoint", []) == ("spring",)
    assert task_frameworks("the provider is not found when the Nest app starts", []) == ("nestjs",)
    assert task_frameworks("Go to the next page", []) == ()  # "next" is a word, not Next.js
    assert task_frameworks("Corrige le bug", ["src/app/list/list.component.ts"]) == ("angular",)
    assert task_frameworks("fix it", ["web/src/Cart.tsx"]) == ()  # every React framework's
    assert task_frameworks("Port the Django view", ["src/App.vue"]) == ("django", "vue")


@pytest.mark.parametrize(
    ("name", "talent_id", "subject"),
    [
        ("React Zustand", "cursor.react-zustand", ("zustand",)),
        ("React Router V7", "cursor.react-router-v7", ("router",)),
        ("Python FastAPI best practices", "cursor.python-fastapi-best-practices", ()),
        ("Py Fast Api", "cursor.py-fast-api", ()),  # a framework in two words
        ("Node Express", "cursor.node-express", ()),  # a runtime and a framework
        ("Makefile", "copilot.makefile", ()),  # a kind of file
        ("Postgresql", "cursor.postgresql", ()),  # the database SQL files run on
        ("Java Junit5 Assertions", "copilot.java-junit5-assertions", ("junit5", "assertions")),
        ("Microsoft Foundry", "copilot.microsoft-foundry", ("microsoft", "foundry")),
    ],
)
def test_a_rule_s_subject_is_what_its_name_says_beyond_language_and_framework(
        name, talent_id, subject):
    assert rule_subject(name, talent_id) == subject


def test_a_file_of_none_of_a_talent_s_languages_is_off_kind():
    assert off_kind_of("turbo.json", ["typescript", "javascript"]) == "json"
    assert off_kind_of("deploy/Dockerfile", ["python"]) == "docker"
    assert off_kind_of("src/a.ts", ["javascript"]) == ""  # TypeScript implies JavaScript
    assert off_kind_of("src/App.vue", ["typescript"]) == ""  # a .vue file is TypeScript too
    assert off_kind_of("turbo.json", []) == ""  # no languages: it applies everywhere
    assert off_kind_of("LICENSE", ["python"]) == ""  # unknown kind


def test_a_talent_s_own_languages_count_with_its_frameworks():
    # copilot.wordpress: globs on PHP and JavaScript files, in a Next.js project
    assert foreign_frameworks(("wordpress",), ["next", "react"], [], ("php", "javascript")) == (
        "wordpress",)
    assert foreign_frameworks(("wordpress",), ["next", "react"], []) == ()  # PHP only
    assert stack_words(["next", "react", "tailwindcss", "torch"]) == (
        "next", "nextjs", "react", "tailwindcss", "tailwind", "torch", "pytorch")
    assert stack_words(["@tanstack/react-query", "spring-boot-starter-web"]) == (
        "tanstack", "react", "query", "spring", "boot", "web", "springboot")
    # ``kit`` is a packaging word, yet ``@sveltejs/kit`` is SvelteKit
    assert stack_words(["@sveltejs/kit"]) == ("sveltejs", "svelte", "sveltekit")


def test_the_stack_s_groups_are_its_dependencies_of_several_words():
    """``@tanstack/react-query`` names one product of a family; ``react`` a framework."""
    assert stack_groups(["react", "zustand", "@tanstack/react-query", "react-router-dom",
                         "@types/react", "next", "@tanstack/react-query"]) == (
        frozenset({"tanstack", "react", "query"}), frozenset({"react", "router"}))
    assert stack_groups(["spring-boot-starter-data-jpa"]) == (
        frozenset({"spring", "boot", "data", "jpa", "springboot"}),)
    assert stack_groups(["react", "django"]) == stack_groups([]) == ()


def test_the_stack_s_whole_products_are_its_dependencies_of_one_word():
    """``expo`` names Expo whole, beside ``expo-router`` (decision 0010, twenty-second
    follow-up); a name of several parts is no such dependency."""
    from grace.resolution.domain.languages import stack_whole

    assert stack_whole(["expo", "expo-router", "react-native", "@types/react"]) == {"expo"}
    assert stack_whole(["next", "@tanstack/react-query"]) == {"next", "nextjs"}
    # one word left after the packaging words is no product named whole
    assert stack_whole(["Microsoft.Extensions.Azure", "azure-bicep", "xunit"]) == {"xunit"}
    assert stack_whole([]) == frozenset()


def test_a_framework_s_adapter_package_names_no_other_framework():
    """``@nestjs/platform-express`` made a NestJS API an Express project: the Express rules
    were lifted and ``grace init`` kept them enabled (a new user's trial)."""
    assert stack_words(["@nestjs/platform-express", "@nestjs/common"]) == ("nestjs", "platform")
    assert foreign_frameworks(("express",), stack_words(["@nestjs/platform-express"]), []) == (
        "express",)
    # a library's scope is no framework: its parts still say the project's framework
    assert stack_words(["@vitejs/plugin-react"]) == ("vitejs", "react")
    assert stack_words(["express"]) == ("express",)
    # the types of the platform NestJS runs on name no Express project; with Express itself
    # a dependency they say nothing more; other type packages keep their words
    nest = ["@nestjs/common", "@nestjs/platform-express", "@types/express", "@types/node"]
    assert "express" not in stack_words(nest)
    assert foreign_frameworks(("express",), stack_words(nest), []) == ("express",)
    assert "express" in stack_words(["express", "@types/express"])
    assert "node" in stack_words(nest)


def test_a_back_end_task_of_an_api_and_a_full_stack_web_app_is_the_api_s():
    """A NestJS + Next.js monorepo's back-end tasks were served the Next.js rules the stack
    lifted: with an API framework in the stack, the back end is the API."""
    both = stack_words(["@nestjs/core", "next", "react", "prisma"])
    assert role_stack(both, "backend") == {"nestjs", "prisma"}
    assert role_stack(both, "frontend") == {"next", "nextjs", "react", "prisma"}
    assert role_stack(both, None) == role_stack(both, "architect") == set(both)
    alone = stack_words(["next", "react"])  # route handlers are its back end
    assert role_stack(alone, "backend") == {"next", "nextjs"}


def test_the_side_of_a_web_application_a_rule_is_for():
    assert side_of_rule(("react",), ["react", "zustand"], ["typescript"]) == "client"
    assert side_of_rule(("fastapi",), ["python", "fastapi"], ["python"]) == "server"
    assert side_of_rule(("express", "react"), [], []) == ""  # both sides
    assert side_of_rule(("django",), ["django"], []) == ""  # its templates are pages
    assert side_of_rule(("nextjs",), [], []) == ""  # full stack
    assert side_of_rule(("fiber",), ["htmx", "go", "fiber"], []) == ""  # pages across both
    assert side_of_rule((), ["tanstack", "query"], []) == "client"
    assert side_of_rule((), ["sqlalchemy", "models"], ["python"]) == "server"
    assert side_of_rule((), ["prisma", "tailwind"], []) == ""  # both named
    assert side_of_rule((), ["styles"], ["css"]) == "client"
    assert side_of_rule((), ["markup"], ["css", "typescript"]) == ""
    assert side_of_rule((), [], []) == ""


def test_frameworks_of_a_rule_name():
    assert frameworks_of_name(["react18", "batching", "patterns"]) == ("react",)
    assert frameworks_of_name(["next.js", "vue.js", "pytest"]) == ("nextjs", "vue")
    assert frameworks_of_name(["python", "best", "practices"]) == ()
    assert frameworks_of_name(["py", "fast", "api"]) == ("fastapi",)  # two words read as one
    assert frameworks_of_name(["spring", "boot", "next", "js"]) == ("spring", "nextjs")


def test_a_talent_s_frameworks_come_from_its_name_else_its_summary():
    def frameworks_of(talent):
        return frameworks_of_talent(talent.name, talent.id, talent.summary)

    router = make_talent("cursor.tanstack-router", name="TanStack Router",
                         summary="Type-safe routing for React apps, loaders and guards")
    assert frameworks_of(router) == ("react",)
    named = make_talent("cursor.vue-pinia", name="Vue Pinia", summary="Stores, like React's")
    assert frameworks_of(named) == ("vue",)  # the name wins
    assert frameworks_of(make_talent("cursor.clean-code", summary="Readable code")) == ()
    python = make_talent("cursor.python", name="Python",
                         summary="Python best practices for modern software with Flask")
    # named after a language, written for Flask: three new users judged it noise on Django
    # and FastAPI files (decision 0010, thirteenth follow-up)
    assert frameworks_of(python) == ("flask",)
    # an everyday word names a framework only capitalised, not as the first word
    desk = make_talent("skill.desk-open", name="desk-open", summary=(
        "Create a new desk so the next session that sits down finds the trail"))
    assert frameworks_of(desk) == ()
    nextjs = make_talent("cursor.app-router", name="App Router",
                         summary="Conventions for Next.js apps with Express behind")
    assert frameworks_of(nextjs) == ("nextjs", "express")
    # a summary listing the stacks of three language families is technology-agnostic
    agnostic = make_talent("skill.folder-structure-blueprint-generator", name="Blueprint",
                           summary="Auto-detects project types (.NET, Java, React, Angular, "
                           "Python, Node.js, Flutter)")
    assert frameworks_of(agnostic) == ()
    two = make_talent("cursor.fullstack", name="Fullstack",
                      summary="Next.js front end with a Django API")
    assert frameworks_of(two) == ("nextjs", "django")
    # named after Rust, written for Solana's Anchor: another framework than axum's
    anchor = make_talent("cursor.rust", name="Rust", summary=(
        "Rust best practices for Solana smart contract development using Anchor framework"))
    assert frameworks_of(anchor) == ("anchor",)
    assert foreign_frameworks(frameworks_of(anchor), ["axum", "tokio"], ["add"],
                              ["rust"]) == ("anchor",)
    assert frameworks_of(make_talent("cursor.links", summary="an anchor for each link")) == ()


def test_a_told_language_no_framework_frames_lifts_its_own_rules():
    """A Go API on chi: Go's own rules are the stack's when the task tells Go; a Django
    repository's Python tasks are Django's; a framework that is a language (Vue) is the stack
    channel's business already (decision 0010, fifteenth follow-up)."""
    assert unframed_languages(["go"], ["chi", "vue", "pinia"]) == ("go",)
    assert unframed_languages(["python"], ["django", "react"]) == ()
    assert unframed_languages(["python", "go"], ["fastapi"]) == ("go",)
    assert unframed_languages(["vue"], ["pinia"]) == ()
    assert unframed_languages([], ["chi"]) == ()
    # a framework no rule of the catalog is named after frames nothing: a Rust API on axum
    assert unframed_languages(["rust"], ["axum", "tokio"], named={"react"}) == ("rust",)
    assert unframed_languages(["rust"], ["axum", "tokio"], named={"axum"}) == ()


def test_languages_told_only_by_tells():
    """The toolchain and quoted file names, not the languages or frameworks a text names (those
    are name terms already)."""
    assert languages_told("Make clippy pass and fix items.py") == ("python", "rust")
    assert languages_told("Add a Pydantic model in Rust") == ()
    assert languages_told("Fix the pytest fixtures") == ("python",)


def test_languages_of_rule_name_only_for_a_languages_own_rules():
    assert languages_of_rule_name("Python", "cursor.python") == ("python",)
    assert languages_of_rule_name("Rust General", "cursor.rust-general") == ("rust",)
    assert languages_of_rule_name("Go", "copilot.go") == ("go",)
    assert languages_of_rule_name("Javascript Typescript Code Quality",
                                  "cursor.javascript-typescript-code-quality") == (
        "javascript", "typescript")
    assert languages_of_rule_name("Python FastAPI", "cursor.python-fastapi") == ()  # FastAPI's
    assert languages_of_rule_name("Python Testing", "cursor.python-testing") == ()  # a subject
    assert languages_of_rule_name("Clean Code", "cursor.clean-code") == ()


def test_a_framework_s_template_is_in_its_framework_s_language() -> None:
    """An Angular component's template in play dropped every Angular and TypeScript rule (its
    language was HTML alone; a new user's trial)."""
    assert languages_of_files(["web/app/cart.component.html"]) == (
        "html", "typescript", "javascript")
    assert languages_of_files(["app/views/orders/show.html.erb"]) == ("ruby",)
    assert languages_of_files(["Views/Home/Index.cshtml"]) == ("csharp",)
    assert languages_of_files(["src/Button.jsx"]) == ("javascript",)  # never the other way
    assert languages_of_files(["web/index.html"]) == ("html",)


def test_the_repository_s_own_words_come_from_its_file_names():
    """Words of three file names or more, not how code is organised, not a technology; a
    plural counted with its singular; folders, hidden folders and catalogs do not count."""
    paths = ["api/app/routers/tickets.py", "api/tests/test_tickets.py",
             "web/src/lib/components/TicketCard.svelte", "web/tests/tickets.spec.ts",
             "api/app/models.py", "api/tests/test_models.py", "web/src/routes/models.ts",
             "com/acme/shop/A.java", "com/acme/shop/B.java", "com/acme/shop/C.java",
             ".grace/catalog/cursor.invoice/talent.yaml", "catalog/invoice-a/talent.yaml",
             "catalog/invoice-a/invoice.md", "catalog/invoice-b/invoice.md",
             "web/invoice.ts", "web/django.ts", "web/django_app.py", "web/DjangoView.ts"]
    assert repository_vocabulary(paths) == ["ticket"]
    assert repository_vocabulary(paths, min_files=1)[:1] == ["ticket"]
    assert "invoice" in repository_vocabulary(paths, min_files=1)  # web/invoice.ts alone
    assert repository_vocabulary(paths, min_files=1, limit=1) == ["ticket"]
    assert repository_vocabulary([]) == []
    # hidden files are tooling; Salesforce's "-meta.xml" is how metadata files are named
    tooling = ["a/.gitkeep", "b/.gitkeep", "c/.gitkeep", "x/A.cls-meta.xml", "x/B.cls-meta.xml",
               "y/C.object-meta.xml"]
    assert repository_vocabulary(tooling) == []
    # names a tool or a framework gives: each crate's Cargo.toml, SvelteKit's route files
    named = ["crates/api/Cargo.toml", "crates/cli/Cargo.toml", "Cargo.toml",
             "src/routes/+page.server.ts", "src/routes/rooms/+page.server.ts",
             "src/routes/admin/+page.server.ts", "src/routes/+layout.server.ts"]
    assert repository_vocabulary(named) == []


def test_a_text_mostly_in_another_script_is_written_in_it():
    from grace.resolution.domain.languages import written_in

    assert written_in("C# のコーディング規約: `var` を使う。" * 5) == "Japanese"
    assert written_in("C# 코딩 규칙을 따르세요. `var` 사용." * 5) == "Korean"
    assert written_in("Écris le message de commit, ça ira plus vite") is None
    assert written_in("Use `var` — see 日本語 docs") is None  # a few words: still English
    assert written_in("") is None


def test_a_task_s_alias_says_the_rule_word():
    """"Postgres" is PostgreSQL to the word channels (a new user's Expo + Supabase tasks
    saying Postgres got no PostgreSQL rule); the task itself is left as written."""
    from grace.resolution.domain.languages import with_aliases

    assert with_aliases("Speed up the Postgres query") == (
        "Speed up the Postgres query postgresql")
    assert with_aliases("Deploy to k8s, then to K8S again") == (
        "Deploy to k8s, then to K8S again kubernetes")
    assert with_aliases("Tune PostgreSQL and postgres") == "Tune PostgreSQL and postgres"
    assert with_aliases("Add a column") == "Add a column"
    # a dependency's name as tasks write it (torch is PyTorch); "next" stays an everyday word
    assert with_aliases("Seed torch and sklearn") == "Seed torch and sklearn pytorch scikit"
    assert with_aliases("Load the next page") == "Load the next page"



@pytest.mark.parametrize(("text", "languages", "said"), [
    ("Écrire une requête SQL qui détecte les doublons", ("python", "sql"), ("sql",)),
    ("Write a SQL query", ("python",), ()),  # the project writes no SQL
    ("Run the bash script less often", ("python", "shell", "css"), ("shell",)),  # not LESS
    ("Add a PATCH endpoint", ("python", "sql"), ()),
])
def test_the_language_agnostic_kinds_a_task_names(text, languages, said):
    assert kinds_said(text, languages) == said


@pytest.mark.parametrize(("languages", "back"), [
    (("typescript", "python", "css"), "python"),  # a React + Django application
    (("python", "sql"), "python"),
    (("sql", "python"), "python"),  # a data platform of more dbt models than Python files
    (("c", "python"), None),  # a firmware repository's Python is its scripts'
    (("go", "python"), None),  # two back-end languages: none in particular
    (("typescript",), None),
    ((), None),
])
def test_the_back_end_language_comes_after_none_but_a_browser_s(languages, back):
    assert back_end_language(languages) == back


@pytest.mark.parametrize(
    ("name_words", "text", "majors", "older"),
    [
        (["sveltekit", "tailwind"], "SvelteKit 2.x (which uses Svelte 4.x)",
         {"svelte": 5, "@sveltejs/kit": 2}, "svelte 4"),
        (["svelte"], "Svelte 4 and Svelte 5", {"svelte": 5}, ""),  # names the project's
        (["svelte"], "Svelte 4 stores", {"svelte": 4}, ""),  # the project is before the break
        (["vue"], "Vue 3.4+ and Vue 2", {"vue": 3}, ""),
        (["vue"], "Vue 2 options API", {"vue": 3}, "vue 2"),
        (["nextjs"], "Next.js 12 getServerSideProps", {"next": 14}, "next 12"),
        (["nextjs"], "Next.js 14 App Router", {"next": 15}, ""),  # both after the break
        (["angular"], "Angular 15 modules", {"@angular/core": 17}, ""),  # no break listed
        (["tailwind"], "Svelte 4 examples", {"svelte": 5}, ""),  # not named for Svelte
        (["svelte"], "Svelte 4.x/5.x components", {"svelte": 5}, ""),  # 5 among them
        (["nextjs"], "Next.js 12 and later", {"next": 14}, ""),  # a lower bound
        (["nextjs"], "Since Next.js 12, middleware runs on the edge", {"next": 15}, ""),
        (["vue"], "Composition API. Never use Vue 2 patterns.", {"vue": 3}, ""),  # away from
        (["svelte"], "Migrate from Svelte 4 to runes", {"svelte": 5}, ""),
        (["svelte4", "stores"], "Use stores.", {"svelte": 5}, "svelte 4"),  # glued to a name
    ],
)
def test_a_rule_is_older_when_it_names_only_older_major_versions(name_words, text, majors,
                                                                 older):
    from grace.resolution.domain.languages import older_version

    assert older_version(name_words, text, majors) == older


def test_a_rule_that_says_full_stack_is_both_sides():
    from grace.resolution.domain.languages import says_full_stack

    assert says_full_stack("Svelte", "Svelte 5 and SvelteKit 2 development standards")
    assert says_full_stack("TanStack Start", "A full-stack React framework")
    assert not says_full_stack("React", "React components and hooks")
