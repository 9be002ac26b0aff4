"""Use case ``catalog publish``: validate a catalog, then write it as a new platform version."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from grace.errors import CatalogError
from grace.resolution.application.doctor import Doctor, Finding
from grace.resolution.domain.ports import (
    CatalogPublisher,
    CatalogReader,
    PublishedVersion,
    TalentContentSource,
    TokenCounter,
)
from grace.resolution.domain.talent import Project, Talent

PROJECT_CHOICES: Final = frozenset({"conflict", "unknown_id", "enabled_draft"})
"""Doctor findings about a project's choice, not a catalog's fault: two talents that conflict
may both be published (a project enables one of them), and so may a draft."""


@dataclass(frozen=True, slots=True)
class PublishReport:
    """What ``publish`` did: the version, and the doctor's warnings (errors refuse)."""

    published: PublishedVersion
    warnings: tuple[Finding, ...]


class PublishCatalog:
    """Check a catalog as ``grace doctor`` does, with every talent enabled, then publish it.

    Args:
        catalog: the manifests to publish (a folder).
        content: their bodies.
        counter: the token counter of the body-size checks.
        publisher: the platform database.
        token_budget: the default resolve budget (``compact_over_budget``).
    """

    def __init__(self, catalog: CatalogReader, content: TalentContentSource,
                 counter: TokenCounter, publisher: CatalogPublisher, *,
                 token_budget: int) -> None:
        self._catalog = catalog
        self._content = content
        self._counter = counter
        self._publisher = publisher
        self._budget = token_budget

    def __call__(self, name: str) -> PublishReport:
        """Publish the catalog as a new version of ``name``.

        Raises:
            CatalogError: the catalog is empty or has errors (all listed; nothing written).
            UnavailableError: the database failed (nothing written).
        """
        talents = self._catalog.talents()
        if not talents:
            raise CatalogError("the catalog has no talent: nothing to publish")
        whole = Project(name=f"catalog {name}", enabled=tuple(t.id for t in talents),
                        source="the catalog")
        report = Doctor(self._catalog, self._counter, token_budget=self._budget)(whole)
        errors = [f for f in report.findings
                  if f.severity == "error" and f.code not in PROJECT_CHOICES]
        if errors:
            listed = "\n".join(f"  [{f.code}] {f.subject}: {f.message}" for f in errors)
            raise CatalogError(
                f"not published: {len(errors)} error(s) (see `grace doctor --catalog`):\n{listed}")
        full = [_with_bodies(t, self._content) for t in talents]
        warnings = tuple(f for f in report.findings
                         if f.severity == "warning" and f.code not in PROJECT_CHOICES)
        return PublishReport(self._publisher.publish(name, full), warnings)


def _with_bodies(talent: Talent, content: TalentContentSource) -> Talent:
    """``talent`` with the bodies of the content source (the ones published)."""
    from dataclasses import replace

    return replace(talent, bodies=dict(content.bodies(talent.id)))
