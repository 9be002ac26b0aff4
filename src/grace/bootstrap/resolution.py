"""Wiring of the resolution context (seeds 000 and 001) from :class:`Settings`."""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Final

from grace.bootstrap.lifecycle import Closing, close_embedder
from grace.config import Settings
from grace.resolution.adapters.examples import bundled_catalog, example_project
from grace.resolution.adapters.filesystem_catalog import FilesystemCatalog
from grace.resolution.adapters.glob_matcher import WcmatchPathMatcher
from grace.resolution.adapters.project_file import (
    ProjectFile,
    detect_languages,
    load_project_file,
    locate_project_file,
    write_project_file,
)
from grace.resolution.adapters.repository_catalog import missing_catalog
from grace.resolution.adapters.token_counters import (
    BpeTokenCounter,
    HeuristicTokenCounter,
    MemoTokenCounter,
)
from grace.resolution.adapters.usage_log import USAGE_FILE, JsonlUsageLog
from grace.resolution.adapters.work_tree import LocalWorkTree
from grace.resolution.application.catalog_queries import ListTalents
from grace.resolution.application.get_talent import GetTalent
from grace.resolution.application.resolve_context import ResolveContext, check_request
from grace.resolution.application.usage import RecordedGet, RecordedResolve, UsageReport
from grace.resolution.domain.ports import CatalogReader, ProjectSwitches, TokenCounter
from grace.resolution.domain.seed_params import BUDGET, FLOOR, MARGIN
from grace.resolution.domain.talent import Project

if TYPE_CHECKING:
    from grace.embedding.ports import TextEmbedder
    from grace.resolution.application.doctor import Doctor
    from grace.resolution.application.evaluation import EvaluationResolvers
    from grace.resolution.application.export_catalog import ExportCatalog
    from grace.resolution.application.hybrid import HybridRelevance
    from grace.resolution.application.init_project import InitProject
    from grace.resolution.application.relevance import EmbeddingRelevance
    from grace.resolution.application.switch_talents import SwitchTalents
    from grace.resolution.domain.hybrid import HybridParams


GRACE_FOLDER: Final = ".grace"
"""GRACE's folder beside ``grace.yaml`` (the usage log, a repository catalog, caches)."""

# The relevance step (numpy, BM25, the embedder), the doctor, the exporters and the evaluation
# harness are imported where they are built: a resolve with relevance off loads none of them
# (decision 0019).


def token_counter(settings: Settings) -> TokenCounter:
    """The counter named by ``GRACE_TOKEN_ENCODING``."""
    if settings.token_encoding == "heuristic":  # noqa: S105 - an encoding name, no secret
        return HeuristicTokenCounter()
    return MemoTokenCounter(BpeTokenCounter(settings.token_encoding))


def hybrid_params(s: Settings) -> HybridParams:
    """The hybrid selector's parameters: each ``GRACE_RELEVANCE_*`` set, else its default."""
    from grace.resolution.domain.hybrid import HybridParams

    d = HybridParams()
    return HybridParams(
        w_lex=d.w_lex if s.relevance_lexical_weight is None else s.relevance_lexical_weight,
        w_glob=d.w_glob if s.relevance_glob_weight is None else s.relevance_glob_weight,
        w_role=d.w_role if s.relevance_role_weight is None else s.relevance_role_weight,
        w_stack=d.w_stack if s.relevance_stack_weight is None else s.relevance_stack_weight,
        w_foreign=(d.w_foreign if s.relevance_foreign_weight is None
                   else s.relevance_foreign_weight),
        w_migration=(d.w_migration if s.relevance_migration_weight is None
                     else s.relevance_migration_weight),
        w_path=d.w_path if s.relevance_path_weight is None else s.relevance_path_weight,
        hub_weight=d.hub_weight if s.relevance_hub_weight is None else s.relevance_hub_weight,
        floor=d.floor if s.relevance_floor is None else s.relevance_floor,
        margin=d.margin if s.relevance_margin is None else s.relevance_margin,
        ratio=d.ratio if s.relevance_ratio is None else s.relevance_ratio,
        max_kept=d.max_kept if s.relevance_max_kept is None else s.relevance_max_kept,
        max_kept_text=(d.max_kept_text if s.relevance_max_kept_text is None
                       else s.relevance_max_kept_text),
        budget=d.budget if s.relevance_budget is None else s.relevance_budget,
        fusion=s.relevance_fusion,
    )


@dataclass
class ResolutionApp(Closing):
    """The resolution use cases wired for one project.

    With ``settings.relevance == "embeddings"`` the embedder is built on first use (never when
    relevance is off: no model is loaded) and kept for the life of the app; :meth:`close`
    closes its vector cache.
    """

    project_file: ProjectFile
    catalog: CatalogReader
    counter: TokenCounter
    settings: Settings
    shared_embedder: TextEmbedder | None = field(default=None, repr=False)
    """An embedder owned by someone else (the platform's, shared by its projects): used instead
    of building one, never closed by this app."""
    switches: ProjectSwitches | None = field(default=None, repr=False)
    """Where ``enable``/``disable`` write (default: the ``grace.yaml``)."""
    on_close: tuple[Callable[[], None], ...] = field(default=(), repr=False)
    """What else :meth:`close` releases (the platform store a ``grace.yaml`` opened)."""
    _relevance: EmbeddingRelevance | HybridRelevance | None = field(
        default=None, init=False, repr=False
    )
    _resolve: ResolveContext | None = field(default=None, init=False, repr=False)
    _embedder: TextEmbedder | None = field(default=None, init=False, repr=False)
    _usage: JsonlUsageLog | None = field(default=None, init=False, repr=False)

    @property
    def project(self) -> Project:
        """The project of :attr:`project_file`."""
        return self.project_file.project

    @property
    def relevance(self) -> EmbeddingRelevance | HybridRelevance | None:
        """The relevance step, or ``None`` when ``GRACE_RELEVANCE`` is off."""
        if self.settings.relevance != "embeddings":
            return None
        if self._relevance is None:
            from grace.embedding.factory import make_embedder
            from grace.lexical import bm25_scorer
            from grace.resolution.application.hybrid import HybridRelevance
            from grace.resolution.application.relevance import EmbeddingRelevance
            from grace.resolution.domain.hybrid import HybridSelector
            from grace.resolution.domain.relevance import RelevanceParams, RelevanceSelector

            s = self.settings
            embedder = self.shared_embedder
            if embedder is None:
                embedder = make_embedder(s.embedder, cache_dir=s.cache_dir)
                self._embedder = embedder
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
                from grace.embedding.cache import CachedEmbedder

                # the gate's fixed reference requests are embedded once per machine, not per
                # process; a user's task is never cached (queries are one-off)
                reference: TextEmbedder = embedder
                if isinstance(embedder, CachedEmbedder):
                    reference = embedder.caching(("passage", "query"))
                    self.on_close += (reference.close,)
                self._relevance = HybridRelevance(
                    embedder, self.counter, bm25_scorer, HybridSelector(hybrid_params(s)),
                    chunks=s.relevance_chunks, reference=reference,
                )
        return self._relevance

    def check_request(self, *, role: str, task: str, token_budget: int,
                      files: Sequence[str] = (), root: str | None = None) -> None:
        """Refuse a bad role, task, budget or file in play now, before :meth:`warm_up` loads a
        model and embeds the catalog (the resolve would refuse them only after).

        Raises:
            GraceError: as :func:`~grace.resolution.application.resolve_context.check_request`.
        """
        check_request(self.catalog.talents(), role=role, task=task, token_budget=token_budget,
                      files=files, root=root)

    def warm_up(self, progress: Callable[[int, int], None] | None = None) -> None:
        """Load the model and embed the project's active talents (no-op when relevance is off)."""
        step = self.relevance
        if step is not None:
            enabled = set(self.project.enabled)
            step.warm_up(
                [t for t in self.catalog.talents() if t.id in enabled and t.status != "draft"],
                progress,
            )

    @property
    def resolve(self) -> ResolveContext | RecordedResolve:
        """The use case, built once per app (it keeps rendered blocks and token counts),
        recording each call in the usage log unless ``GRACE_USAGE=off``."""
        if self._resolve is None:
            self._resolve = ResolveContext(
                self.catalog, self.counter, relevance=self.relevance, matcher=WcmatchPathMatcher(),
                tree=LocalWorkTree(),
            )
        log = self.usage_log
        if log is None:
            return self._resolve
        return RecordedResolve(self._resolve, log, now=_utc_now,
                               with_text=self.settings.usage_text)

    @property
    def get(self) -> GetTalent | RecordedGet:
        """``get_talent``, recorded in the usage log unless ``GRACE_USAGE=off``."""
        log = self.usage_log
        if log is None:
            return GetTalent(self.catalog)
        return RecordedGet(GetTalent(self.catalog), log, self.counter,
                           project=self.project.name, now=_utc_now)

    @property
    def doctor(self) -> Doctor:
        from grace.resolution.application.doctor import Doctor

        return Doctor(self.catalog, self.counter, token_budget=self.settings.token_budget,
                      usage=self.usage_log, relevance=self.settings.relevance)

    def exporter(self, dest: Path) -> ExportCatalog:
        """``export``: this project's enabled talents written into the folder ``dest``."""
        from grace.resolution.adapters.exporters import FolderExporter
        from grace.resolution.application.export_catalog import ExportCatalog

        return ExportCatalog(self.catalog, FolderExporter(dest))

    @property
    def work_root(self) -> Path | None:
        """The repository folder the files in play are relative to: the folder of
        ``grace.yaml``; ``None`` for a platform project served without one (its path only names
        it, and its files in play are names, located nowhere)."""
        folder = self.project_file.path.parent
        return folder if folder.is_absolute() else None

    @property
    def own_paths(self) -> tuple[Path, ...]:
        """GRACE's own files and folders in the repository, never files in play (issue 12's
        new-user pass: an untracked ``grace.yaml`` matched ``**/*.yaml`` rules): the project
        file, the ``.grace/`` folder beside it, the catalog folder (a platform catalog has
        none) and the usage log (it may be configured elsewhere)."""
        folder = getattr(self.catalog, "root", None)
        log = self.usage_log
        paths = [self.project_file.path, self.project_file.path.parent / GRACE_FOLDER, folder,
                 log.path if log is not None else None]
        return tuple(p for p in paths if isinstance(p, Path))

    @property
    def usage_log(self) -> JsonlUsageLog | None:
        """The project's usage log (``None`` with ``GRACE_USAGE=off``): ``.grace/usage.jsonl``
        beside ``grace.yaml``; for the bundled example, ``<GRACE_CACHE_DIR>/usage/example.jsonl``
        (never inside the installed package)."""
        if self.settings.usage == "off":
            return None
        if self._usage is None:
            path = self.project_file.path.parent / USAGE_FILE
            if self.project_file.path == example_project().resolve():
                path = self.settings.cache_dir / "usage" / "example.jsonl"
            self._usage = JsonlUsageLog(path, max_bytes=self.settings.usage_max_bytes,
                                        warn=_warn_stderr)
        return self._usage

    @property
    def usage_report(self) -> UsageReport:
        """``grace stats`` (an empty history with ``GRACE_USAGE=off``)."""
        log = self.usage_log or JsonlUsageLog(
            self.project_file.path.parent / USAGE_FILE, warn=_warn_stderr)
        return UsageReport(self.catalog, log)

    @property
    def list_talents(self) -> ListTalents:
        return ListTalents(self.catalog)

    @property
    def switch(self) -> SwitchTalents:
        """``enable``/``disable``: edits this project's ``grace.yaml`` in place."""
        from grace.resolution.adapters.project_editor import YamlProjectSwitches
        from grace.resolution.application.switch_talents import SwitchTalents

        return SwitchTalents(
            self.catalog, self.project_file.project,
            self.switches or YamlProjectSwitches(self.project_file.path),
        )

    def close(self) -> None:
        """Close the vector cache of the relevance step's embedder, if one was built."""
        embedder, self._embedder = self._embedder, None
        close_embedder(embedder)
        closers, self.on_close = self.on_close, ()
        for close in closers:
            close()


def _utc_now() -> str:
    """Now, in UTC, as ``YYYY-MM-DDTHH:MM:SSZ`` (the usage log's ``ts``)."""
    return datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def _warn_stderr(message: str) -> None:
    """The usage log's one warning on a failed write, on stderr."""
    sys.stderr.write(f"warning: {message}\n")


def locate_project(settings: Settings, project: Path | None, *, example: bool = False) -> Path:
    """The project file to use: ``--example``, then ``--project``, ``GRACE_PROJECT``, then the
    nearest ``grace.yaml`` upwards from the current folder.

    Raises:
        ProjectError: none found (the message says how to get one).
    """
    if example:
        return example_project()
    return locate_project_file(project or settings.project, cwd=Path.cwd())


def build_resolution(
    settings: Settings,
    *,
    project: Path | None = None,
    catalog: Path | None = None,
    example: bool = False,
) -> ResolutionApp:
    """Wire the resolution use cases for a project.

    The catalog: ``catalog`` (``--catalog``), ``GRACE_CATALOG``, else the project file's
    (:func:`~grace.resolution.adapters.project_file.project_catalog`). Relevance:
    ``settings.relevance`` when it was set (``--relevance``, ``GRACE_RELEVANCE``), else the
    project file's ``relevance:``, else ``off``.

    Raises:
        ProjectError, CatalogError: no usable project file or catalog folder (a ``grace.yaml``
            naming none, without ``.grace/catalog`` beside it: the message says how to import
            one).
    """
    pf = load_project_file(locate_project(settings, project, example=example))
    if pf.relevance is not None and "relevance" not in settings.model_fields_set:
        # the project's choice, under GRACE_RELEVANCE and --relevance (decision 0023)
        settings = settings.model_copy(update={"relevance": pf.relevance})
    if pf.platform is not None and catalog is None and settings.catalog is None:
        from grace.bootstrap.platform import platform_project_app

        return platform_project_app(settings, pf)
    root = catalog or settings.catalog or pf.catalog
    if root is None:  # no `catalog:` and no .grace/catalog: never the bundled example unasked
        raise missing_catalog(pf.path)
    return ResolutionApp(pf, FilesystemCatalog(root), token_counter(settings), settings)


def build_catalog(settings: Settings, catalog: Path | None) -> FilesystemCatalog:
    """A catalog alone (``--catalog``, ``GRACE_CATALOG``, else the bundled example)."""
    return FilesystemCatalog(catalog or settings.catalog or bundled_catalog())


def build_reader(
    settings: Settings,
    *,
    project: Path | None = None,
    catalog: Path | None = None,
    example: bool = False,
) -> CatalogReader:
    """The catalog for read-only commands: ``--catalog`` (or ``GRACE_CATALOG``) if given, else
    the located project's catalog.

    Raises:
        ProjectError, CatalogError: nothing to read.
    """
    if catalog is not None or (settings.catalog is not None and not example):
        return build_catalog(settings, catalog)
    return build_resolution(settings, project=project, example=example).catalog


def build_init(settings: Settings, catalog: Path | None = None) -> InitProject:
    """``grace init``'s use case over ``--catalog`` (else ``GRACE_CATALOG``, else bundled)."""
    from grace.resolution.adapters.git_changes import listed_files
    from grace.resolution.adapters.project_stack import (
        repository_majors,
        repository_paths,
        repository_platforms,
        repository_stack,
        repository_tools,
        repository_unread,
    )
    from grace.resolution.application.init_project import InitProject
    from grace.resolution.domain.activation import repository_vocabulary

    def vocabulary(folder: Path) -> list[str]:  # git's list (no ignored file), else a walk
        listed = listed_files(folder)
        return repository_vocabulary(listed if listed else repository_paths(folder))

    def stack(folder: Path) -> list[str]:  # the manifests' dependencies, the tools shown,
        dependencies = repository_stack(folder)  # the platforms the code shows
        shown = [*repository_tools(folder), *repository_platforms(folder)]
        return dependencies + [t for t in dict.fromkeys(shown) if t not in dependencies]

    return InitProject(build_catalog(settings, catalog), write_project_file, detect_languages,
                       stack, vocabulary, repository_majors, repository_unread)


def build_evaluation(
    settings: Settings,
    *,
    base: Path,
    token_budget: int = 100_000,
    algo: str | None = None,
) -> EvaluationResolvers:
    """Resolvers for ``grace eval relevance``: relevance on with ``algo`` and off, one app per
    label project (``example`` or a path relative to ``base``).

    ``algo="seed"`` is seed 000 exactly (centred on the candidates, no body); another ``algo``
    sets ``GRACE_RELEVANCE_ALGO``; ``None`` keeps the settings' algorithm. Evaluation resolves
    are not recorded in the usage log (``GRACE_USAGE=off``): they are not served to anyone.
    """
    from grace.resolution.application.evaluation import EvaluationResolvers

    update: dict[str, object] = {"relevance": "embeddings", "usage": "off"}
    if algo == "seed":
        update |= {"relevance_algo": "seed", "relevance_centring": "candidates",
                   "relevance_text": "seed"}
    elif algo is not None:
        update["relevance_algo"] = algo
    on_settings = settings.model_copy(update=update)
    off_settings = settings.model_copy(update={"relevance": "off", "usage": "off"})

    def open_project(project: str, on: bool) -> ResolutionApp:
        s = on_settings if on else off_settings
        if project == "example":
            return build_resolution(s, example=True)
        return build_resolution(s, project=base / project)

    return EvaluationResolvers(open_project, token_budget=token_budget)
