"""Use cases over the catalog itself: list talents with filters."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from grace.resolution.domain.ports import CatalogReader
from grace.resolution.domain.talent import Project, RoleRank, Talent


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


def default_selection(talents: Sequence[Talent]) -> list[str]:
    """Ids ``grace init`` enables by default: every non-draft talent, by decreasing priority,
    skipping one that conflicts with a talent already chosen (so ``doctor`` finds no conflict).
    Returned sorted by id."""
    chosen: set[str] = set()
    by_id = {t.id: t for t in talents}
    for t in sorted(talents, key=lambda t: (-t.priority, t.id)):
        if t.status == "draft":
            continue
        if any(c in chosen for c in t.conflicts) or any(
            t.id in by_id[c].conflicts for c in chosen
        ):
            continue
        chosen.add(t.id)
    return sorted(chosen)


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
