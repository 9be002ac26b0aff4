"""Apps for a long-lived server that serves many repositories (``grace mcp``).

One :class:`~grace.bootstrap.resolution.ResolutionApp` per project file and one
:class:`~grace.bootstrap.learnings.LearningsApp` per learnings file, each built on first use and
kept open until :meth:`ServedProjects.close`; repeated calls are fast and every app shares the
process's one embedding model (:func:`grace.embedding.factory.make_embedder`). Which project a
call is about is decided by the project-file adapter
(:func:`~grace.resolution.adapters.project_file.client_project_file`).
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from contextlib import AbstractContextManager, ExitStack
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

from grace.bootstrap.learnings import LearningsApp, build_learnings
from grace.bootstrap.matching import MatchingApp, build_matching
from grace.bootstrap.resolution import ResolutionApp, build_resolution
from grace.config import Settings
from grace.errors import LearningsFileError, ProjectError
from grace.resolution.adapters.project_file import (
    PROJECT_FILE,
    client_folder,
    client_project_file,
)

if TYPE_CHECKING:
    from grace.bootstrap.platform import PlatformResolution

A = TypeVar("A", bound=AbstractContextManager[Any])


class ServedProjects:
    """The apps of a server, per project, opened on demand (thread-safe: tools run in threads).

    Args:
        settings: the server's settings (one set for every project).
        cwd: the server's working folder, the last place a project is looked for.
        default: ``--project`` / ``--example``'s project file, else ``GRACE_PROJECT``.
    """

    def __init__(self, settings: Settings, *, cwd: Path, default: Path | None = None) -> None:
        self.settings = settings
        self.cwd = cwd.resolve()
        self.default = default or settings.project
        self._apps: dict[Path, ResolutionApp] = {}
        self._learnings: dict[Path, LearningsApp] = {}
        self._matching: MatchingApp | None = None
        self.platform: PlatformResolution | None = None
        self._opened = ExitStack()
        self._lock = threading.Lock()

    def _keep(self, app: A) -> A:
        kept: A = self._opened.enter_context(app)
        return kept

    def use_platform(self, url: str) -> PlatformResolution:
        """Serve every project of the platform database at ``url`` instead (``grace mcp --db``,
        issue 17): a call's ``project`` is then a project's name, and required.

        Raises:
            ConfigError: not a PostgreSQL URL. CatalogStoreError: the database is unreachable.
        """
        from grace.bootstrap.platform import build_platform

        self.platform = self._keep(build_platform(self.settings, url))
        return self.platform

    def project_file(self, project: str | None, roots: Sequence[Path] = ()) -> Path:
        """The project file of a call (see ``client_project_file``).

        Raises:
            ProjectError: none, outside the client's roots, or no ``grace.yaml`` there.
        """
        default = self.default.resolve() if self.default is not None else None
        if default is not None and default.is_dir():
            default = default / PROJECT_FILE
        return client_project_file(project, roots=roots, cwd=self.cwd, configured=default)

    def app(self, project: str | None, roots: Sequence[Path] = ()) -> ResolutionApp:
        """The resolution app of a call's project, built once per project file.

        On a platform server, ``project`` is a project's name in the database and ``roots`` are
        not used.

        Raises:
            ProjectError, CatalogError: no usable project or catalog (platform: an unknown or
                missing name).
        """
        if self.platform is not None:
            if project is None:
                raise ProjectError("this server serves a platform database: name the project "
                                   "(argument `project`)")
            return self.platform.app(project)
        path = self.project_file(project, roots)
        with self._lock:
            if path not in self._apps:
                self._apps[path] = self._keep(build_resolution(self.settings, project=path))
            return self._apps[path]

    def learnings(
        self, file: str | None, project: str | None, roots: Sequence[Path] = ()
    ) -> LearningsApp:
        """The learnings app of ``file`` (a client's path, kept inside the call's folder; default
        ``GRACE_LEARNINGS_FILE``, relative to that folder).

        Raises:
            ProjectError: a bad ``project`` folder.
            LearningsFileError: ``file`` leaves that folder.
        """
        folder = client_folder(project, roots=roots, cwd=self.cwd)
        if file is None:  # the server's setting, trusted (it may name an absolute path)
            path = (folder / self.settings.learnings_file).resolve()
        else:
            path = (folder / file).resolve()
            if not path.is_relative_to(folder):
                raise LearningsFileError(f"learnings path {file!r} is outside {folder}")
        with self._lock:
            if path not in self._learnings:
                self._learnings[path] = self._keep(build_learnings(self.settings, path))
            return self._learnings[path]

    def matching(self) -> MatchingApp:
        """The matching app (one per server: ``GRACE_DATABASE_URL``)."""
        with self._lock:
            if self._matching is None:
                self._matching = self._keep(build_matching(self.settings))
            return self._matching

    def close(self) -> None:
        """Close every app opened (last opened first)."""
        self._opened.close()
