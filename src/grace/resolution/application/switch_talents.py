"""Use case ``enable`` / ``disable``: switch talents of a project on or off by id or pattern."""

from __future__ import annotations

import difflib
import fnmatch
from collections.abc import Sequence
from dataclasses import dataclass

from grace.errors import UnknownTalentError
from grace.resolution.domain.ports import CatalogReader, ProjectSwitches
from grace.resolution.domain.talent import Project, check_talent_id

_PATTERN_CHARS = frozenset("*?[")


@dataclass(frozen=True, slots=True)
class SwitchResult:
    """What ``enable``/``disable`` did.

    Attributes:
        enabled: the state written.
        changed: ids whose state changed (or that were added to ``grace.yaml``).
        unchanged: ids that were already in that state.
    """

    enabled: bool
    changed: tuple[str, ...]
    unchanged: tuple[str, ...]


class SwitchTalents:
    """Enable or disable talents in a project file.

    An argument is a talent id (``backend.repository``) or a shell-style pattern over the
    catalog's ids (``cursor.*``, ``copilot.py-?``: :mod:`fnmatch`). Every argument is checked
    before anything is written, so a typo never leaves half an edit.

    Args:
        catalog: the project's catalog (ids to enable must be in it).
        project: the project as read (ids it lists may be disabled even when the catalog no
            longer has them: that is how ``doctor``'s ``unknown_id`` is fixed).
        switches: the writer of the project file.
    """

    def __init__(
        self, catalog: CatalogReader, project: Project, switches: ProjectSwitches
    ) -> None:
        self._catalog = catalog
        self._project = project
        self._switches = switches

    def __call__(self, ids: Sequence[str], *, enabled: bool) -> SwitchResult:
        """Switch ``ids`` (ids or patterns, at least one) to ``enabled``.

        Raises:
            InvalidIdError: an argument is neither a well-formed id nor a pattern.
            UnknownTalentError: ids or patterns that name nothing, all listed, each with up to
                three close catalog ids (:func:`difflib.get_close_matches`).
            ProjectError: the project file cannot be edited.
        """
        catalog_ids = [t.id for t in self._catalog.talents()]
        known = set(catalog_ids)
        if not enabled:
            known |= {*self._project.enabled, *self._project.disabled}
        chosen: list[str] = []
        missing: list[str] = []
        for arg in ids:
            if _PATTERN_CHARS & set(arg):
                hits = sorted(fnmatch.filter(sorted(known), arg))
                chosen += hits
                if not hits:
                    missing.append(f"pattern {arg!r} matches no talent")
                continue
            check_talent_id(arg)
            if arg in known:
                chosen.append(arg)
                continue
            close = difflib.get_close_matches(arg, sorted(known), n=3)
            hint = f" (did you mean {', '.join(close)}?)" if close else ""
            missing.append(f"{arg!r}{hint}")
        if missing:
            raise UnknownTalentError(
                "not in the catalog: " + "; ".join(missing)
                + ". See `grace catalog list`"
            )
        changed, unchanged = self._switches.set_enabled(
            list(dict.fromkeys(chosen)), enabled=enabled
        )
        return SwitchResult(enabled, changed, unchanged)
