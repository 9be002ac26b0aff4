"""Composition root: the only place real adapters are built (from :class:`Settings`)."""

from __future__ import annotations

from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path

from grace.config import Settings
from grace.embedding.factory import make_embedder
from grace.errors import ProjectError
from grace.resolution.adapters.filesystem_catalog import FilesystemCatalog
from grace.resolution.adapters.importers.rules import import_rules
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
from grace.resolution.application.evaluation import LabelError, LabelledTask
from grace.resolution.application.get_talent import GetTalent
from grace.resolution.application.relevance import EmbeddingRelevance
from grace.resolution.application.resolve_context import ResolveContext
from grace.resolution.domain.ports import TokenCounter
from grace.resolution.domain.relevance import RelevanceParams, RelevanceSelector
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
    if settings.token_encoding == "heuristic":
        return HeuristicTokenCounter()
    return MemoTokenCounter(BpeTokenCounter(settings.token_encoding))


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
    _relevance: EmbeddingRelevance | None = field(default=None, init=False, repr=False)

    @property
    def relevance(self) -> EmbeddingRelevance | None:
        """The relevance step, or ``None`` when ``GRACE_RELEVANCE`` is off."""
        if self.settings.relevance != "embeddings":
            return None
        if self._relevance is None:
            s = self.settings
            embedder = make_embedder(s.embedder, cache_dir=s.cache_dir)
            params = RelevanceParams(
                floor=s.relevance_floor,
                beta=s.relevance_beta,
                margin=s.relevance_margin,
                budget=s.relevance_budget,
                centring=s.relevance_centring,
            )
            self._relevance = EmbeddingRelevance(
                embedder, self.counter, RelevanceSelector(params), text_mode=s.relevance_text
            )
        return self._relevance

    def warm_up(self) -> None:
        """Load the model and embed the project's active talents (no-op when relevance is off)."""
        step = self.relevance
        if step is not None:
            enabled = set(self.project_file.project.enabled)
            step.warm_up([t for t in self.catalog.talents() if t.id in enabled])

    @property
    def resolve(self) -> ResolveContext:
        return ResolveContext(self.catalog, self.counter, relevance=self.relevance)

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


__all__ = [
    "ProjectError",
    "ResolutionApp",
    "build_catalog",
    "build_reader",
    "build_resolution",
    "import_rules",
]


class EvaluationResolvers:
    """Resolvers for the evaluation harness: relevance on and off, one app per project.

    ``project`` of a label is ``example`` or a path (relative to ``base``). Both resolvers use
    ``token_budget`` (large, so that savings are not budget cuts).
    """

    def __init__(self, settings: Settings, *, base: Path, token_budget: int = 100_000) -> None:
        self._on_settings = settings.model_copy(update={"relevance": "embeddings"})
        self._off_settings = settings.model_copy(update={"relevance": "off"})
        self._base = base
        self._budget = token_budget
        self._apps: dict[tuple[str, bool], ResolutionApp] = {}

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
        return app.resolve(app.project_file.project, role=task.role, task=task.task,
                           token_budget=self._budget)

    def off(self, task: LabelledTask) -> ResolvedContext:
        app = self._app(task.project, False)
        return app.resolve(app.project_file.project, role=task.role, task=task.task,
                           token_budget=self._budget)
