"""Use case ``export``: the project's enabled talents, in another tool's native format."""

from __future__ import annotations

from grace.resolution.domain.export import CatalogExporter, ExportFormat, ExportReport
from grace.resolution.domain.ports import CatalogReader
from grace.resolution.domain.talent import Depth, Project


class ExportCatalog:
    """Export what a project enables (drafts and ids missing from the catalog left out), sorted
    by id, so the same catalog always gives the same files."""

    def __init__(self, catalog: CatalogReader, exporter: CatalogExporter) -> None:
        self._catalog = catalog
        self._exporter = exporter

    def __call__(self, project: Project, fmt: ExportFormat, *, depth: Depth = "full",
                 force: bool = False) -> ExportReport:
        """Write the files; see :meth:`CatalogExporter.export` for the errors raised."""
        enabled = set(project.enabled)
        talents = sorted(
            (t for t in self._catalog.talents() if t.id in enabled and t.status != "draft"),
            key=lambda t: t.id,
        )
        return self._exporter.export(fmt, talents, always=frozenset(project.always),
                                     depth=depth, force=force)
