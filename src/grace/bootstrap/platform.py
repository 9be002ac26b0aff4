"""Wiring of platform mode (seed 001, issue 17): one PostgreSQL database holds the published
catalog versions and every project's enabled talents (decision 0015-platform-catalog)."""

from __future__ import annotations

import threading
from dataclasses import replace
from pathlib import Path

from grace.bootstrap.lifecycle import Closing, close_embedder
from grace.bootstrap.resolution import ResolutionApp, build_catalog, token_counter
from grace.config import Settings
from grace.embedding.factory import make_embedder
from grace.embedding.ports import TextEmbedder
from grace.resolution.adapters.filesystem_catalog import FilesystemTalentContent
from grace.resolution.adapters.postgres_catalog import (
    PlatformStore,
    PostgresCatalogReader,
    PostgresProjectSwitches,
)
from grace.resolution.adapters.project_file import ProjectFile, load_project_file
from grace.resolution.application.publish_catalog import PublishCatalog
from grace.resolution.application.switch_talents import SwitchTalents
from grace.resolution.domain.talent import Project


class PlatformResolution(Closing):
    """The resolution apps of every project of one platform database.

    Each call to :meth:`app` reads the project (one query) and its catalog's latest version
    number (one query): a ``grace project enable`` or a ``grace catalog publish`` is seen by the
    next request, in every server process. A catalog version is loaded once and shared by all
    its projects; one embedder (one model, one vector cache) serves them all, so a talent's
    vectors are computed once per catalog version whichever projects enable it.

    Raises:
        ConfigError: not a PostgreSQL URL. CatalogStoreError: the database is unreachable.
    """

    def __init__(self, settings: Settings, url: str) -> None:
        self.store = PlatformStore(url)
        self.settings = settings.model_copy(update={"usage": "off"})
        self.counter = token_counter(settings)
        self._catalogs: dict[str, PostgresCatalogReader] = {}
        self._apps: dict[str, ResolutionApp] = {}
        self._embedder: TextEmbedder | None = None
        self._lock = threading.RLock()

    @property
    def embedder(self) -> TextEmbedder | None:
        """The embedder shared by every project (``None`` while relevance is off)."""
        if self.settings.relevance != "embeddings":
            return None
        with self._lock:
            if self._embedder is None:
                s = self.settings
                self._embedder = make_embedder(s.embedder, cache_dir=s.cache_dir)
            return self._embedder

    def warm_up(self) -> None:
        """Load the model now (relevance on), so the first request is not the slow one; the
        talents' vectors come from the vector cache, or are computed on a project's first
        request."""
        embedder = self.embedder
        if embedder is not None:
            embedder.embed(["warm up"], kind="query")

    def catalog(self, name: str, version: int | None = None) -> PostgresCatalogReader:
        """Catalog ``name`` at ``version`` (default: the latest), loaded once per version.

        Raises:
            CatalogError: never published.
        """
        if version is None:
            version = self.store.latest_version(name)
        with self._lock:
            held = self._catalogs.get(name)
            if held is None or held.version != version:
                held = PostgresCatalogReader(self.store, name, version)
                self._catalogs[name] = held
            return held

    def app(self, name: str, *, path: Path | None = None) -> ResolutionApp:
        """The resolution app of project ``name`` as the database holds it now.

        Args:
            path: the ``grace.yaml`` that named the project, if any (the repository root of
                files in play); default: a path naming the project, for messages only.

        Raises:
            InvalidIdError, UnknownProjectError: a bad or unknown name (close names suggested).
            CatalogError: its catalog was never published.
        """
        found, version = self.store.project_and_version(name)
        catalog = self.catalog(found.catalog, version)
        with self._lock:
            app = self._apps.get(name)
            if app is None or app.catalog is not catalog:
                pf = ProjectFile(found.project, None,
                                 path or Path(f"platform/{name}/grace.yaml"),
                                 platform=self.store.url)
                app = ResolutionApp(pf, catalog, self.counter, self.settings,
                                    shared_embedder=self.embedder,
                                    switches=PostgresProjectSwitches(self.store, name))
                self._apps[name] = app
            elif app.project_file.project != found.project:
                app.project_file = replace(app.project_file, project=found.project)
            return app

    def switch(self, name: str) -> SwitchTalents:
        """``grace project enable/disable``: checked against the project's latest catalog."""
        return self.app(name).switch

    def publisher(self, folder: Path | None) -> PublishCatalog:
        """``grace catalog publish``: the folder (strict: a duplicate id refuses) checked and
        written as a new version.

        Raises:
            CatalogError: the folder is missing.
        """
        source = build_catalog(self.settings, folder)
        return PublishCatalog(source, FilesystemTalentContent(source), self.counter,
                              self.store, token_budget=self.settings.token_budget)

    def projects(self) -> list[tuple[str, str]]:
        """``grace project list``: ``(name, catalog)`` of every project, by name."""
        return [(p, self.store.project(p).catalog) for p in self.store.project_names()]

    def import_project(self, name: str, grace_yaml: Path | None, *, catalog: str,
                       languages: tuple[str, ...]) -> Project:
        """``grace project create``: a new project, its talents and languages taken from a
        ``grace.yaml`` when one is given (``languages`` added).

        Raises:
            ProjectError: the project exists, or the file is invalid.
        """
        talents: dict[str, tuple[bool, bool]] = {}
        langs = list(languages)
        if grace_yaml is not None:
            src = load_project_file(grace_yaml).project
            talents = {t: (True, t in src.always) for t in src.enabled}
            talents |= {t: (False, False) for t in src.disabled}
            langs = list(dict.fromkeys([*src.languages, *languages]))
        return self.store.create_project(name, catalog=catalog, languages=langs,
                                         talents=talents).project

    def close(self) -> None:
        """Close the shared embedder and the database connection."""
        with self._lock:
            embedder, self._embedder = self._embedder, None
            self._apps.clear()
        close_embedder(embedder)
        self.store.close()


def build_platform(settings: Settings, url: str | None) -> PlatformResolution:
    """Platform mode over ``--db URL`` (else ``GRACE_CATALOG_DB``).

    Raises:
        ConfigError: no URL, or not a PostgreSQL one. CatalogStoreError: unreachable.
    """
    from grace.errors import ConfigError

    chosen = url or settings.catalog_db
    if not chosen:
        raise ConfigError("no platform database: pass --db postgresql://USER@HOST:PORT/DB "
                          "or set GRACE_CATALOG_DB")
    return PlatformResolution(settings, chosen)


def platform_project_app(settings: Settings, pf: ProjectFile) -> ResolutionApp:
    """The app of a ``grace.yaml`` whose ``catalog:`` is a platform URL: the project of its
    ``name`` in that database (the platform closes with the app)."""
    assert pf.platform is not None
    platform = PlatformResolution(settings, pf.platform)
    try:
        app = platform.app(pf.project.name, path=pf.path)
    except BaseException:
        platform.close()
        raise
    app.on_close = (*app.on_close, platform.close)
    return app


__all__ = ["PlatformResolution", "build_platform", "platform_project_app"]
