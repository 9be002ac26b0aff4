"""Export of a project's talents to other tools' native rule formats: values and port."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal, Protocol

from grace.resolution.domain.talent import Depth, Talent

ExportFormat = Literal["cursor", "copilot", "agents-md"]


@dataclass(frozen=True, slots=True)
class ExportReport:
    """What an export wrote in ``dest``, each tuple sorted by file name.

    Attributes:
        dest: the folder written to.
        written: files created or changed.
        unchanged: files already holding the same text (not rewritten).
        removed: files a previous export wrote for talents no longer exported (deleted).
    """

    dest: str
    written: tuple[str, ...]
    unchanged: tuple[str, ...]
    removed: tuple[str, ...]


class CatalogExporter(Protocol):
    """Writes talents as one tool's rule files into a folder it owns file by file."""

    def export(
        self, fmt: ExportFormat, talents: Sequence[Talent], *, always: frozenset[str],
        depth: Depth, force: bool,
    ) -> ExportReport:
        """Write ``talents`` (``always``: ids the project serves on every task) at ``depth``.

        Raises ``ExportError`` when a file it did not write is in the way and ``force`` is
        false (nothing is written then).
        """
        ...
