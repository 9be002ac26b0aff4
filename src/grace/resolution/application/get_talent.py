"""Use case ``get_talent``: one talent's body at a depth, or one named section of it."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import PurePath

from grace.errors import UnknownSectionError, UnknownTalentError
from grace.resolution.domain.ports import CatalogReader
from grace.resolution.domain.talent import Depth, check_section_name, check_talent_id
from grace.resolution.domain.text import split_sections


@dataclass(frozen=True, slots=True)
class TalentText:
    """What ``grace get`` returns."""

    id: str
    name: str
    version: str
    depth: Depth
    section: str | None
    text: str
    sections: tuple[str, ...]


class GetTalent:
    """Return a talent's text; ids and section names from outside are validated first."""

    def __init__(self, catalog: CatalogReader) -> None:
        self._catalog = catalog

    def __call__(
        self, talent_id: str, *, depth: Depth = "full", section: str | None = None
    ) -> TalentText:
        """Look a talent up.

        Args:
            talent_id: a talent id (validated: no path separators, no ``..``).
            depth: the body to read (default ``full``).
            section: a section slug; when given, only that ``## `` section is returned.

        Raises:
            InvalidIdError: malformed id or section name (never reaches the filesystem).
            UnknownTalentError: no talent with that id (the message suggests close ids).
            UnknownSectionError: the body has no such section (the message lists them).
        """
        check_talent_id(talent_id)
        talent = self._catalog.get(talent_id)
        if talent is None:
            import difflib

            ids = [t.id for t in self._catalog.talents()]
            close = difflib.get_close_matches(talent_id, ids, n=3)
            hint = f"; did you mean {', '.join(close)}?" if close else ""
            problems = self._catalog.problems()
            refused = [m for path, m in problems if talent_id in PurePath(path).parts]
            if refused:  # its folder is there but could not be loaded: say why
                hint = f"; its folder was not loaded: {refused[0]} (see grace doctor)"
            raise UnknownTalentError(f"no talent {talent_id!r} in the catalog{hint}")
        body = talent.bodies[depth]
        sections = split_sections(body)
        text = body
        if section is not None:
            check_section_name(section)
            if section not in sections:
                listed = ", ".join(sections) or "(none)"
                raise UnknownSectionError(
                    f"talent {talent_id} has no section {section!r} at depth {depth}; "
                    f"sections: {listed}"
                )
            text = sections[section]
        return TalentText(
            id=talent.id,
            name=talent.name,
            version=talent.version,
            depth=depth,
            section=section,
            text=text,
            sections=tuple(sections),
        )
