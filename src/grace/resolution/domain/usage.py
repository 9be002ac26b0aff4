"""Usage of a project's talents: what each resolve served and each ``grace_get`` fetched.

Pure values and the per-talent tally; the log itself is an adapter (:class:`UsageLog` port).
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Final, Literal, Protocol

UsageKind = Literal["resolve", "get"]
MIN_RESOLVES_FOR_NEVER_SERVED: Final = 50
"""``doctor`` reports enabled talents never served only once the log holds at least this many
resolves: with fewer, "never served" says more about the sample than about the talent (a
project's 29 talents over 20 tasks leave many unserved by chance)."""


def task_hash(task: str) -> str:
    """``sha256:<hex>`` of the task's UTF-8 text (the log never holds the text by default)."""
    return "sha256:" + hashlib.sha256(task.encode("utf-8")).hexdigest()


@dataclass(frozen=True, slots=True)
class UsageEvent:
    """One recorded call.

    Attributes:
        ts: UTC time, ISO 8601 with seconds (``2026-12-01T05:12:00Z``).
        kind: ``resolve`` (``served`` set) or ``get`` (``fetched`` set).
        project: the project's name.
        role: the role asked for (``""`` for a get).
        task_sha256: :func:`task_hash` of the task (``""`` for a get).
        served: ids served by a resolve, in order.
        fetched: the id a get returned.
        tokens: tokens of the resolved context or of the fetched text.
        task: the task's text, only with ``GRACE_USAGE_TEXT=1``.
    """

    ts: str
    kind: UsageKind
    project: str
    role: str = ""
    task_sha256: str = ""
    served: tuple[str, ...] = ()
    fetched: str = ""
    tokens: int = 0
    task: str | None = None


class UsageLog(Protocol):
    """An append-only record of :class:`UsageEvent` (bounded in size by the adapter)."""

    def record(self, event: UsageEvent) -> None:
        """Append ``event``; never raises (a failure is reported, not propagated)."""
        ...

    def events(self) -> Sequence[UsageEvent]:
        """Every event still held, oldest first (unreadable lines skipped)."""
        ...


@dataclass(frozen=True, slots=True)
class TalentUsage:
    """One talent's tally over the recorded history.

    Attributes:
        id: talent id.
        enabled: enabled by the project now.
        served: resolves that served it.
        fetched: gets that fetched it (on demand, after a pointer).
    """

    id: str
    enabled: bool
    served: int
    fetched: int

    @property
    def never_served(self) -> bool:
        """Neither served nor fetched over the history."""
        return self.served == 0 and self.fetched == 0


@dataclass(frozen=True, slots=True)
class UsageStats:
    """Per-talent tallies (most served first, then id) and the history's size."""

    resolves: int
    gets: int
    first: str | None
    last: str | None
    talents: tuple[TalentUsage, ...]


def tally(events: Iterable[UsageEvent], *, catalog: Sequence[str],
          enabled: Sequence[str]) -> UsageStats:
    """Count served and fetched per talent; every catalog id appears, with 0 when unused, and
    so does an id of the log that the catalog no longer holds."""
    served: dict[str, int] = dict.fromkeys(catalog, 0)
    fetched: dict[str, int] = dict.fromkeys(catalog, 0)
    resolves = gets = 0
    first = last = None
    for e in events:
        first = first or e.ts
        last = e.ts
        if e.kind == "resolve":
            resolves += 1
            for tid in e.served:
                served[tid] = served.get(tid, 0) + 1
                fetched.setdefault(tid, 0)
        elif e.fetched:
            gets += 1
            fetched[e.fetched] = fetched.get(e.fetched, 0) + 1
            served.setdefault(e.fetched, 0)
    on = set(enabled)
    rows = sorted(
        (TalentUsage(tid, tid in on, served[tid], fetched[tid]) for tid in served),
        key=lambda r: (-r.served, -r.fetched, r.id),
    )
    return UsageStats(resolves, gets, first, last, tuple(rows))
