"""Use cases over the catalog itself: list talents with filters."""

from __future__ import annotations

from dataclasses import dataclass

from grace.resolution.domain.ports import CatalogReader
from grace.resolution.domain.talent import Project, RoleRank


@dataclass(frozen=True, slots=True)
class TalentRow:
    """One line of ``grace catalog list``."""

    id: str
    name: str
    type: str
    status: str
    summary: str
    tags: tuple[str, ...]
    roles: dict[str, RoleRank]
    enabled: bool | None


class ListTalents:
    """List a catalog's talents, filtered by role, type and tag (optional, combined with AND)."""

    def __init__(self, catalog: CatalogReader) -> None:
        self._catalog = catalog

    def __call__(
        self,
        *,
        role: str | None = None,
        type_: str | None = None,
        tag: str | None = None,
        project: Project | None = None,
    ) -> list[TalentRow]:
        """Rows sorted by id; ``enabled`` is ``None`` when no project is given."""
        rows: list[TalentRow] = []
        enabled = set(project.enabled) if project else set()
        for t in self._catalog.talents():
            if role is not None and role not in t.agents:
                continue
            if type_ is not None and t.type != type_:
                continue
            if tag is not None and tag.lower() not in {x.lower() for x in t.tags}:
                continue
            rows.append(
                TalentRow(
                    id=t.id,
                    name=t.name,
                    type=t.type,
                    status=t.status,
                    summary=t.summary,
                    tags=t.tags,
                    roles=dict(t.agents),
                    enabled=(t.id in enabled) if project else None,
                )
            )
        return rows
