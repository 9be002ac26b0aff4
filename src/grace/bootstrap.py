"""Composition root: the only place real adapters are built (from :class:`Settings`)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path

from grace.config import Settings
from grace.embedding.factory import make_embedder
from grace.embedding.ports import TextEmbedder
from grace.errors import LabelError, ProjectError
from grace.learnings.adapters.bm25 import Bm25Index
from grace.learnings.adapters.index_files import IndexFiles
from grace.learnings.adapters.jsonl_file import JsonlLearningsFile
from grace.learnings.application.add import AddLearning
from grace.learnings.application.maintain import IndexMaintainer
from grace.learnings.application.search import SearchLearnings
from grace.matching.adapters.generator import generate_members, venue_extras
from grace.matching.adapters.geo_table import FrenchGeoTable
from grace.matching.adapters.venues_csv import read_venues
from grace.matching.application.embed_worker import EmbedMembers
from grace.matching.application.importing import ImportMembers, ImportReport
from grace.matching.application.match import LlmPricing, MatchMembers, RankFinalists
from grace.matching.application.search import SearchMembers
from grace.matching.domain.model import Availability
from grace.matching.domain.ports import (
    EmbeddingStatus,
    MemberRepository,
    RankingProposer,
    SearchLog,
)
from grace.resolution.adapters.filesystem_catalog import FilesystemCatalog
from grace.resolution.adapters.git_changes import changed_files
from grace.resolution.adapters.glob_matcher import WcmatchPathMatcher
from grace.resolution.adapters.importers.rules import import_rules
from grace.resolution.adapters.lexical import bm25_scorer
from grace.resolution.adapters.project_file import (
    ProjectFile,
    find_project_file,
    load_project_file,
)
from grace.resolution.adapters.token_counters import (
    BpeTokenCounter,
    HeuristicTokenCounter,
    MemoTokenCounter,
)
from grace.resolution.application.catalog_queries import ListTalents
from grace.resolution.application.doctor import Doctor
from grace.resolution.application.evaluation import LabelledTask
from grace.resolution.application.get_talent import GetTalent
from grace.resolution.application.hybrid import HybridRelevance
from grace.resolution.application.relevance import EmbeddingRelevance
from grace.resolution.application.resolve_context import ResolveContext
from grace.resolution.domain.hybrid import HybridParams, HybridSelector
from grace.resolution.domain.ports import TokenCounter
from grace.resolution.domain.relevance import (
    BUDGET,
    FLOOR,
    MARGIN,
    RelevanceParams,
    RelevanceSelector,
)
from grace.resolution.domain.results import ResolvedContext


def example_root() -> Path:
    """Folder of the bundled example (``catalog/`` and ``project/grace.yaml``)."""
    return Path(str(resources.files("grace") / "examples"))


def bundled_catalog() -> Path:
    """The bundled example catalog folder."""
    return example_root() / "catalog"


def example_project() -> Path:
    """The bundled example project file."""
    return example_root() / "project" / "grace.yaml"


def token_counter(settings: Settings) -> TokenCounter:
    """The counter named by ``GRACE_TOKEN_ENCODING``."""
    if settings.token_encoding == "heuristic":  # noqa: S105 - an encoding name, no secret
        return HeuristicTokenCounter()
    return MemoTokenCounter(BpeTokenCounter(settings.token_encoding))


def hybrid_params(s: Settings) -> HybridParams:
    """The hybrid selector's parameters: each ``GRACE_RELEVANCE_*`` set, else its default."""
    d = HybridParams()
    return HybridParams(
        w_lex=d.w_lex if s.relevance_lexical_weight is None else s.relevance_lexical_weight,
        w_glob=d.w_glob if s.relevance_glob_weight is None else s.relevance_glob_weight,
        w_role=d.w_role if s.relevance_role_weight is None else s.relevance_role_weight,
        hub_weight=d.hub_weight if s.relevance_hub_weight is None else s.relevance_hub_weight,
        floor=d.floor if s.relevance_floor is None else s.relevance_floor,
        margin=d.margin if s.relevance_margin is None else s.relevance_margin,
        ratio=d.ratio if s.relevance_ratio is None else s.relevance_ratio,
        max_kept=d.max_kept if s.relevance_max_kept is None else s.relevance_max_kept,
        budget=d.budget if s.relevance_budget is None else s.relevance_budget,
        fusion=s.relevance_fusion,
    )


@dataclass
class ResolutionApp:
    """The resolution use cases wired for one project.

    With ``settings.relevance == "embeddings"`` the embedder is built on first use (never when
    relevance is off: no model is loaded) and kept for the life of the app.
    """

    project_file: ProjectFile
    catalog: FilesystemCatalog
    counter: TokenCounter
    settings: Settings
    _relevance: EmbeddingRelevance | HybridRelevance | None = field(
        default=None, init=False, repr=False
    )
    _resolve: ResolveContext | None = field(default=None, init=False, repr=False)

    @property
    def relevance(self) -> EmbeddingRelevance | HybridRelevance | None:
        """The relevance step, or ``None`` when ``GRACE_RELEVANCE`` is off."""
        if self.settings.relevance != "embeddings":
            return None
        if self._relevance is None:
            s = self.settings
            embedder = make_embedder(s.embedder, cache_dir=s.cache_dir)
            if s.relevance_algo == "seed":
                params = RelevanceParams(
                    floor=FLOOR if s.relevance_floor is None else s.relevance_floor,
                    beta=s.relevance_beta,
                    margin=MARGIN if s.relevance_margin is None else s.relevance_margin,
                    budget=BUDGET if s.relevance_budget is None else s.relevance_budget,
                    centring=s.relevance_centring,
                )
                self._relevance = EmbeddingRelevance(
                    embedder, self.counter, RelevanceSelector(params), text_mode=s.relevance_text
                )
            else:
                self._relevance = HybridRelevance(
                    embedder, self.counter, bm25_scorer, HybridSelector(hybrid_params(s)),
                    chunks=s.relevance_chunks,
                )
        return self._relevance

    def warm_up(self, progress: Callable[[int, int], None] | None = None) -> None:
        """Load the model and embed the project's active talents (no-op when relevance is off)."""
        step = self.relevance
        if step is not None:
            enabled = set(self.project_file.project.enabled)
            step.warm_up(
                [t for t in self.catalog.talents() if t.id in enabled and t.status != "draft"],
                progress,
            )

    @property
    def resolve(self) -> ResolveContext:
        """The use case, built once per app (it keeps rendered blocks and token counts)."""
        if self._resolve is None:
            self._resolve = ResolveContext(
                self.catalog, self.counter, relevance=self.relevance, matcher=WcmatchPathMatcher()
            )
        return self._resolve

    @property
    def get(self) -> GetTalent:
        return GetTalent(self.catalog)

    @property
    def doctor(self) -> Doctor:
        return Doctor(self.catalog, self.counter, token_budget=self.settings.token_budget)

    @property
    def list_talents(self) -> ListTalents:
        return ListTalents(self.catalog)


def locate_project(settings: Settings, project: Path | None, *, example: bool = False) -> Path:
    """The project file to use: ``--example``, then ``--project``, ``GRACE_PROJECT``, then the
    nearest ``grace.yaml`` upwards from the current folder.

    Raises:
        ProjectError: none found (the message says how to get one).
    """
    if example:
        return example_project()
    chosen = project or settings.project
    if chosen is not None:
        return chosen
    found = find_project_file(Path.cwd())
    if found is None:
        raise ProjectError(
            "no grace.yaml here or in a parent folder: run `grace init`, pass --project PATH, "
            "or try the bundled example with --example"
        )
    return found


def build_resolution(
    settings: Settings,
    *,
    project: Path | None = None,
    catalog: Path | None = None,
    example: bool = False,
) -> ResolutionApp:
    """Wire the resolution use cases for a project.

    Raises:
        ProjectError, CatalogError: no usable project file or catalog folder.
    """
    pf = load_project_file(locate_project(settings, project, example=example))
    root = catalog or settings.catalog or pf.catalog or bundled_catalog()
    return ResolutionApp(pf, FilesystemCatalog(root), token_counter(settings), settings)


def build_catalog(settings: Settings, catalog: Path | None) -> FilesystemCatalog:
    """A catalog alone (``--catalog``, ``GRACE_CATALOG``, else the bundled example)."""
    if catalog is None and settings.catalog is None:
        return FilesystemCatalog(bundled_catalog())
    root = catalog or settings.catalog
    assert root is not None
    return FilesystemCatalog(root)


def build_reader(
    settings: Settings,
    *,
    project: Path | None = None,
    catalog: Path | None = None,
    example: bool = False,
) -> FilesystemCatalog:
    """The catalog for read-only commands: ``--catalog`` (or ``GRACE_CATALOG``) if given, else
    the located project's catalog.

    Raises:
        ProjectError, CatalogError: nothing to read.
    """
    if catalog is not None or (settings.catalog is not None and not example):
        return build_catalog(settings, catalog)
    return build_resolution(settings, project=project, example=example).catalog


@dataclass(frozen=True)
class LearningsApp:
    """The learnings use cases wired for one file (seed 002)."""

    maintainer: IndexMaintainer
    add: AddLearning
    search: SearchLearnings


def _pause(role: str) -> None:  # pragma: no cover - runs in the killed subprocess
    import sys
    import time

    sys.stderr.write(f"paused after writing {role}\n")
    sys.stderr.flush()
    time.sleep(3600)


def build_learnings(
    settings: Settings, path: Path | None = None, *, threshold: int | None = None,
    update: bool = True,
) -> LearningsApp:
    """Wire the learnings use cases for ``path`` (default ``GRACE_LEARNINGS_FILE``).

    The embedder is ``GRACE_EMBEDDER`` (e5 by default) behind the vector cache; building it
    loads no weights (they load on the first embedding).

    Raises:
        ConfigError: unknown embedder.
    """
    source_path = path or settings.learnings_file
    pause = settings.learnings_pause_after
    hook = (lambda role: _pause(role) if role == pause else None) if pause else None
    embedder = make_embedder(settings.embedder, cache_dir=settings.cache_dir)
    maintainer = IndexMaintainer(
        JsonlLearningsFile(source_path), IndexFiles(source_path, on_written=hook), embedder
    )
    return LearningsApp(
        maintainer=maintainer,
        add=AddLearning(maintainer, near_threshold=settings.learnings_near_duplicate),
        search=SearchLearnings(
            maintainer, Bm25Index,
            threshold=settings.learnings_threshold if threshold is None else threshold,
            update=update,
        ),
    )




class EvaluationResolvers:
    """Resolvers for the evaluation harness: relevance on and off, one app per project.

    ``project`` of a label is ``example`` or a path (relative to ``base``). Both resolvers use
    ``token_budget`` (large, so that savings are not budget cuts).
    """

    def __init__(
        self,
        settings: Settings,
        *,
        base: Path,
        token_budget: int = 100_000,
        algo: str | None = None,
    ) -> None:
        update: dict[str, object] = {"relevance": "embeddings"}
        if algo == "seed":  # seed 000 exactly: centred on the candidates, no body
            update |= {"relevance_algo": "seed", "relevance_centring": "candidates",
                       "relevance_text": "seed"}
        elif algo is not None:
            update["relevance_algo"] = algo
        self._on_settings = settings.model_copy(update=update)
        self._off_settings = settings.model_copy(update={"relevance": "off"})
        self._base = base
        self._budget = token_budget
        self._apps: dict[tuple[str, bool], ResolutionApp] = {}
        self._off_cache: dict[tuple[str, str, str, tuple[str, ...]], ResolvedContext] = {}

    def _app(self, project: str, on: bool) -> ResolutionApp:
        key = (project, on)
        if key not in self._apps:
            s = self._on_settings if on else self._off_settings
            if project == "example":
                app = build_resolution(s, example=True)
            else:
                app = build_resolution(s, project=(self._base / project))
            self._apps[key] = app
        return self._apps[key]

    def on(self, task: LabelledTask) -> ResolvedContext:
        """Resolve with relevance on.

        Raises:
            LabelError: an expected id is not in the project's catalog.
        """
        app = self._app(task.project, True)
        unknown = [x for x in task.expected if app.catalog.get(x) is None]
        if unknown:
            raise LabelError(f"task {task.id}: expected {', '.join(unknown)} not in the catalog")
        unknown = [x for x in task.acceptable if app.catalog.get(x) is None]
        if unknown:
            raise LabelError(f"task {task.id}: acceptable {', '.join(unknown)} not in the catalog")
        return app.resolve(app.project_file.project, role=task.role, task=task.task,
                           token_budget=self._budget, files=task.files)

    def off(self, task: LabelledTask) -> ResolvedContext:
        """Resolve with relevance off (cached: the same for every algorithm compared)."""
        key = (task.project, task.role, task.task, task.files)
        if key not in self._off_cache:
            app = self._app(task.project, False)
            self._off_cache[key] = app.resolve(
                app.project_file.project, role=task.role, task=task.task,
                token_budget=self._budget, files=task.files,
            )
        return self._off_cache[key]


# --- Matching (seed 003, issue 6) -------------------------------------------------------------


def open_member_store(url: str) -> MemberRepository:
    """The member store named by ``url`` (``sqlite:///PATH``, ``sqlite:///:memory:`` or
    ``postgresql://…``), migrated.

    Raises:
        ConfigError: an unknown scheme. MemberStoreError: the store cannot be opened.
    """
    from grace.errors import ConfigError
    from grace.matching.adapters.sqlite_store import SqliteMemberRepository

    repo: MemberRepository
    if url.startswith("sqlite:///"):
        repo = SqliteMemberRepository(url.removeprefix("sqlite:///"))
    elif url.startswith(("postgresql://", "postgres://")):
        from grace.matching.adapters.postgres_store import PostgresMemberRepository

        repo = PostgresMemberRepository(url)
    else:
        raise ConfigError(f"GRACE_DATABASE_URL={url!r}: use sqlite:///PATH or postgresql://…")
    repo.migrate()
    return repo


def make_proposer(settings: Settings) -> RankingProposer | None:
    """Stage 3's LLM from ``GRACE_RANKER``: ``auto`` → Claude when ``ANTHROPIC_API_KEY`` is
    set, else ``None`` (the deterministic ranker); ``claude`` without a key → ConfigError.

    Raises:
        ConfigError: ``GRACE_RANKER=claude`` without an API key.
    """
    from grace.errors import ConfigError

    if settings.ranker == "deterministic":
        return None
    key = settings.anthropic_api_key.get_secret_value() if settings.anthropic_api_key else ""
    if not key:
        if settings.ranker == "claude":
            raise ConfigError("GRACE_RANKER=claude needs ANTHROPIC_API_KEY")
        return None
    from grace.matching.adapters.claude_ranker import ClaudeProposer

    return ClaudeProposer(api_key=key, model=settings.llm_model,
                          base_url=settings.anthropic_base_url,
                          max_tokens=settings.llm_max_tokens)


@dataclass
class MatchingApp:
    """The matching use cases wired from settings; the embedder and the search log are built
    on first use."""

    settings: Settings
    repo: MemberRepository
    url: str = ""
    _embedder: TextEmbedder | None = field(default=None, init=False, repr=False)
    _geo: FrenchGeoTable | None = field(default=None, init=False, repr=False)
    _log: SearchLog | None = field(default=None, init=False, repr=False)
    _match: MatchMembers | None = field(default=None, init=False, repr=False)

    @property
    def embedder(self) -> TextEmbedder:
        if self._embedder is None:
            # Member vectors live in the store: no second copy in the vector cache.
            self._embedder = make_embedder(self.settings.embedder, cache_dir=None)
        return self._embedder

    @property
    def geo(self) -> FrenchGeoTable:
        if self._geo is None:
            self._geo = FrenchGeoTable()
        return self._geo

    @property
    def search(self) -> SearchMembers:
        s = self.settings
        return SearchMembers(self.repo, self.embedder, self.geo, unknown=s.matching_unknown,
                             top_k=s.matching_top_k, broad_limit=s.matching_broad_limit)

    @property
    def log(self) -> SearchLog:
        """The search log, in the member store's database."""
        if self._log is None:
            from grace.matching.adapters.search_log import open_search_log

            self._log = open_search_log(self.url)
        return self._log

    @property
    def match(self) -> MatchMembers:
        """The whole pipeline (stages 1–3, edge cases, search log). Raises ConfigError."""
        if self._match is None:
            s = self.settings
            rank = RankFinalists(make_proposer(s), timeout_s=s.llm_timeout_s,
                                 pricing=LlmPricing(s.llm_price_input_eur,
                                                    s.llm_price_output_eur))
            self._match = MatchMembers(self.search, rank, self.repo, self.log,
                                       finalists=s.llm_finalists,
                                       reuse_similarity=s.matching_reuse_similarity)
        return self._match

    def worker(self, *, batch_size: int = 64) -> EmbedMembers:
        return EmbedMembers(self.repo, self.embedder, batch_size=batch_size)

    def status(self) -> EmbeddingStatus:
        """Embedding freshness for the configured model (does not load the model weights)."""
        return self.repo.status(self.embedder.identity.key)

    def import_venues(self, path: Path, *, seed: int, limit: int | None = None,
                      on_progress: Callable[[int], None] | None = None) -> ImportReport:
        """Import a real venues CSV with generated budgets and calendars (labelled)."""
        rows, skipped = read_venues(path, limit=limit, locate=self.geo.locate)
        members, calendar = venue_extras([r.member for r in rows], seed=seed)
        by_code: dict[str, list[Availability]] = {}
        for a in calendar:
            by_code.setdefault(a.code, []).append(a)
        items = ((m, by_code.get(m.code, [])) for m in members)
        return ImportMembers(self.repo)(items, skipped=skipped, on_progress=on_progress)

    def generate(self, count: int, *, seed: int, calendar_days: int = 0, first: int = 1,
                 on_progress: Callable[[int], None] | None = None) -> ImportReport:
        """Generate ``count`` labelled members (codes ``#G<first>``…) into the store."""
        items = generate_members(count, seed=seed, geo=self.geo, days=calendar_days,
                                 first=first)
        return ImportMembers(self.repo)(items, on_progress=on_progress)

    def close(self) -> None:
        if self._log is not None:
            self._log.close()
        self.repo.close()


def build_matching(settings: Settings, *, database_url: str | None = None) -> MatchingApp:
    """Wire the matching use cases: ``database_url`` (else ``GRACE_DATABASE_URL``, else SQLite
    ``<GRACE_CACHE_DIR>/members.sqlite``).

    Raises:
        ConfigError, MemberStoreError: the store cannot be opened.
    """
    url = database_url or settings.database_url or f"sqlite:///{settings.cache_dir}/members.sqlite"
    return MatchingApp(settings, open_member_store(url), url)


__all__ = [
    "EvaluationResolvers",
    "LearningsApp",
    "MatchingApp",
    "ProjectError",
    "ResolutionApp",
    "build_catalog",
    "build_learnings",
    "build_matching",
    "build_reader",
    "build_resolution",
    "bundled_catalog",
    "changed_files",
    "example_project",
    "import_rules",
    "make_proposer",
    "open_member_store",
]
