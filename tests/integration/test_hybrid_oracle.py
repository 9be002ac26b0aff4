"""Oracle of the columnar hybrid scoring (issue 13, item 2): on the bundled example and on the
polyglot evaluation catalog (876 real imported rules), every relevance request a resolve makes
gets exactly what the per-candidate path gave before (tests/resolution_support/
hybrid_reference.py): the same kept ids in the same order, the same scores, the same
explanations (ids, order, decisions, details, figures), the same "also relevant" pointers; and
the whole resolve result (Markdown, served, every dropped talent and its reason, every
explanation) is the one the reference step gives.

The fake embedder is deterministic: the scoring, the gate and the cut are what is compared,
not the model.
"""

from __future__ import annotations

import shutil
from dataclasses import dataclass, field, replace
from pathlib import Path

import pytest

from grace.bootstrap import build_resolution
from grace.config import Settings
from grace.resolution.adapters.glob_matcher import WcmatchPathMatcher
from grace.resolution.adapters.importers.rules import import_rules
from grace.resolution.application.evaluation import read_labels
from grace.resolution.application.hybrid import HybridRelevance
from grace.resolution.application.resolve_context import (
    RelevanceOutcome,
    RelevanceRequest,
    ResolveContext,
)
from grace.resolution.domain.hybrid import HybridParams, HybridSelector
from tests.fakes import InMemoryWorkTree
from tests.resolution_support.hybrid_reference import reference_outcome

ROOT = Path(__file__).resolve().parents[2]
RULES = ROOT.parent / "shared" / "data" / "rule-catalogs"
FILES = [(), ("app/api/items.py",), ("web/src/components/InvoiceList.tsx", "web/package.json"),
         ("services/billing/main.go",), ("tests/e2e/payment.spec.ts",)]
EXTRA = ["", "   ", "Add pagination to GET /invoices", "Quelle assurance habitation choisir ?",
         "Rendre le formulaire de facture accessible au clavier", "🙂", "use case repository",
         "Fix getUserById in users_service.py",
         "Unsubscribe in ngOnDestroy, and drop the useEffect",
         "Make clippy pass and fix the pytest fixtures in app/api/items.py",
         "Explain how public-key cryptography works for secrets",
         "How should we handle secrets? Explain how public-key cryptography works"]


def same(new: RelevanceOutcome, old: RelevanceOutcome) -> None:
    assert list(new.kept) == list(old.kept)
    assert list(new.scores.items()) == list(old.scores.items())
    assert new.note == old.note
    assert tuple(new.explanations) == tuple(old.explanations)
    assert new.also_relevant == old.also_relevant


@dataclass
class Oracle:
    """The step under test; each request is also answered by the reference and compared."""

    step: HybridRelevance
    name: str = "hybrid"
    checked: int = 0
    kept: list[int] = field(default_factory=list)
    seen: set[str] = field(default_factory=set)  # decisions, and the channels explained

    def select(self, request: RelevanceRequest) -> RelevanceOutcome:
        new = self.step.select(request)
        same(new, reference_outcome(self.step, request))
        self.checked += 1
        self.kept.append(len(new.kept))
        for e in new.explanations:
            self.seen.add(e.decision)
            self.seen.update(w for w in ("MAX_KEPT", "triggers", "name terms", "files in play",
                                         "glob", "path words", "for the role", "depends on",
                                         "not the project's framework",
                                         "not the task's framework", "counts less",
                                         "not the package's framework", "file)",
                                         "its package depends on", "its language",
                                         "SIBLING_RATIO", "names whole", "which nothing names",
                                         "asks for no migration", "dependencies name",
                                         "a general question")
                             if w in e.detail)
        return new


@dataclass
class Reference:
    step: HybridRelevance
    name: str = "hybrid"

    def select(self, request: RelevanceRequest) -> RelevanceOutcome:
        return reference_outcome(self.step, request)


def check(project_file: Path, tasks: list[tuple[str, str, tuple[str, ...]]],
          params: HybridParams | None = None, tree: InMemoryWorkTree | None = None) -> Oracle:
    app = build_resolution(Settings(relevance="embeddings", embedder="fake", usage="off",
                                    cache_dir=project_file.parent / ".vectors"),
                           project=project_file)
    step = app.relevance
    assert isinstance(step, HybridRelevance)
    if params is not None:
        step = HybridRelevance(step._embedder, app.counter, step._lexical, HybridSelector(params))
    oracle = Oracle(step)
    new = ResolveContext(app.catalog, app.counter, relevance=oracle,
                         matcher=WcmatchPathMatcher(), tree=tree)
    ref = ResolveContext(app.catalog, app.counter, relevance=Reference(step),
                         matcher=WcmatchPathMatcher(), tree=tree)
    root = None if tree is None else "/repo"
    project = app.project_file.project
    for task, role, files in tasks:
        for depth in ("auto", "compact"):
            got = new(project, role=role, task=task, files=files, depth=depth,
                      token_budget=8000, root=root)
            want = ref(project, role=role, task=task, files=files, depth=depth,
                       token_budget=8000, root=root)
            reasons = got.dropped_reasons()  # before the records are built
            assert got.to_dict() == want.to_dict(), (task, role, files)
            assert repr(got) == repr(want)
            assert reasons == {d.id: d.reason for d in want.dropped}
    assert oracle.checked == 2 * len(tasks)
    return oracle


def example_tasks(roles: list[str]) -> list[tuple[str, str, tuple[str, ...]]]:
    labels = read_labels(ROOT / "eval" / "example_tasks.jsonl")
    tasks = [(t.task, t.role, FILES[i % len(FILES)] if i % 3 == 0 else ())
             for i, t in enumerate(labels)]
    tasks += [(t, role, files) for t in EXTRA for role in roles for files in FILES[:2]]
    # of words alone: a general question of computing, a message to colleagues (WORK_TALK)
    tasks += [("Why do floating point numbers lose precision?", "backend", ()),
              ("Write a quick message to the team saying the sprint review moves to Thursday",
               "backend", ())]
    return tasks


@pytest.fixture
def example(tmp_path: Path) -> Path:
    shutil.copytree(ROOT / "src" / "grace" / "examples", tmp_path / "examples")
    project = tmp_path / "examples" / "project" / "grace.yaml"
    text = project.read_text(encoding="utf-8").replace("catalog: grace:example",
                                                       "catalog: ../catalog")
    # one talent served always: relevance's explanation is relabelled, never left out
    text = text.replace("  security.secrets: true",
                        "  security.secrets: {enabled: true, always: true}")
    # a stack: talents named after a dependency get the stack channel
    text = text.replace("languages: [python, typescript]",
                        "languages: [python, typescript]\nstack: [fastapi, react, sqlalchemy]")
    project.write_text(text, encoding="utf-8")
    return project


@pytest.mark.parametrize("fusion", ["sum", "rrf"])
def test_example_catalog_same_as_the_reference(example: Path, fusion: str) -> None:
    params = None if fusion == "sum" else HybridParams(fusion="rrf")
    oracle = check(example, example_tasks(["backend", "frontend", "architect"]), params)
    assert 0 in oracle.kept and max(oracle.kept) > 1  # gate closed and open both met
    assert {"kept", "cut_margin", "triggers", "for the role", "a general question"} <= oracle.seen


@pytest.mark.slow
def test_polyglot_catalog_same_as_the_reference(tmp_path: Path) -> None:
    project = tmp_path / "polyglot"
    shutil.copytree(ROOT / "eval" / "polyglot", project, ignore=shutil.ignore_patterns("catalog"))
    text = (project / "grace.yaml").read_text(encoding="utf-8")
    (project / "grace.yaml").write_text(  # a stack: the stack channel is taken too
        text.replace("\ntalents:", "\nstack: [fastapi, pydantic, django, react, express, "
                     "'@tanstack/react-query', react-router-dom, next]\ntalents:\n"
                     "  cursor.tanstack-router: true\n"  # another product of a family it uses
                     "  skill.reviewing-oracle-to-postgres-migration: true", 1),
        encoding="utf-8")
    for fmt, sub in (("agent-skills", "agent-skills"), ("cursor", "cursor/rules"),
                     ("copilot", "copilot/instructions")):
        import_rules(fmt, RULES / sub, project / "catalog")  # type: ignore[arg-type]
    labels = read_labels(project / "tasks.jsonl")
    tasks = [(t.task, t.role, t.files) for t in labels]
    tasks += [(t, "backend", files) for t in EXTRA for files in FILES]
    tasks += [("Add a route for the order detail page with the router", "frontend", ()),
              ("Ajoute une migration PostgreSQL pour la table des commandes", "backend", ()),
              ("Review the Oracle to PostgreSQL migration of the reports", "backend", ()),
              ("Review the PostgreSQL queries of the reports", "backend", ()),
              ("Write end-to-end tests for the checkout flow", "tester", ())]
    oracle = check(project / "grace.yaml", tasks)
    assert 0 in oracle.kept and max(oracle.kept) > 1
    assert {"depends on", "not the project's framework", "file)", "its language",
            "SIBLING_RATIO", "names whole", "which nothing names", "asks for no migration",
            "dependencies name"} <= oracle.seen
    assert {"kept", "cut_margin", "cut_gate", "triggers", "name terms", "files in play",
            "glob", "path words", "depends on"} <= oracle.seen
    # a tighter budget and cut: the budget and MAX_KEPT branches are taken too
    tight = check(project / "grace.yaml", tasks[::5],
                  replace(HybridParams(), budget=400, max_kept=2, ratio=0.3))
    assert {"cut_budget", "MAX_KEPT"} <= tight.seen
    # no stack (a monorepo): the frameworks the task names or its files show frame it
    (project / "grace.yaml").write_text(text, encoding="utf-8")
    framed = check(project / "grace.yaml", [
        *tasks[::4],
        ("Nuxt: move the dashboard API calls to useAsyncData", "frontend", ()),
        ("Corrige le bug de pagination", "frontend", ("src/app/list/list.component.ts",))])
    assert {"not the task's framework", "counts less"} <= framed.seen
    # a monorepo: the files' own packages declare their frameworks and dependencies
    packages = InMemoryWorkTree({}, packages={
        "apps/web": ("react", "zustand"), "apps/admin": ("nuxt", "vue", "pinia"),
        "services/api": ("fastapi", "pydantic")})
    monorepo: list[tuple[str, str, tuple[str, ...]]] = [
        (task, "frontend", (f"apps/{app}/src/{name}",))
        for task in ("Rename this variable", "Le watch se déclenche en boucle")
        for app, name in (("web", "Cart.tsx"), ("admin", "useFilters.ts"))
    ]
    monorepo.append(("add error handling here", "backend", ("services/api/app/main.py",)))
    packaged = check(project / "grace.yaml", monorepo, tree=packages)
    assert {"not the package's framework", "its package depends on"} <= packaged.seen
