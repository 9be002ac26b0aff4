"""Use cases around the usage log: record each resolve and get, and tally them (``grace stats``).

``RecordedResolve`` and ``RecordedGet`` wrap the use cases with the same call signature, so the
CLI and the MCP server record by calling what they called before.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from grace.resolution.application.get_talent import GetTalent, TalentText
from grace.resolution.application.resolve_context import ResolveContext
from grace.resolution.domain.ports import CatalogReader, TokenCounter
from grace.resolution.domain.results import ResolvedContext
from grace.resolution.domain.talent import Project
from grace.resolution.domain.usage import UsageEvent, UsageLog, UsageStats, tally, task_hash


class RecordedResolve:
    """:class:`ResolveContext` that appends one ``resolve`` event per successful call.

    Args:
        inner: the resolve use case.
        log: where events go (its ``record`` never raises).
        now: UTC time as ISO 8601 text.
        with_text: keep the task's text in the event (``GRACE_USAGE_TEXT=1``).
    """

    def __init__(self, inner: ResolveContext, log: UsageLog, *, now: Callable[[], str],
                 with_text: bool = False) -> None:
        self._inner = inner
        self._log = log
        self._now = now
        self._with_text = with_text

    def __call__(self, project: Project, **kwargs: Any) -> ResolvedContext:
        """Resolve (arguments: :meth:`ResolveContext.__call__`), then record what was served."""
        result = self._inner(project, **kwargs)
        task = str(kwargs.get("task", ""))
        self._log.record(UsageEvent(
            ts=self._now(), kind="resolve", project=project.name, role=str(kwargs["role"]),
            task_sha256=task_hash(task), served=tuple(result.served_ids), tokens=result.tokens,
            task=task if self._with_text else None,
        ))
        return result


class RecordedGet:
    """:class:`GetTalent` that appends one ``get`` event per successful call (tokens of the
    text returned, by ``counter``)."""

    def __init__(self, inner: GetTalent, log: UsageLog, counter: TokenCounter, *,
                 project: str, now: Callable[[], str]) -> None:
        self._inner = inner
        self._log = log
        self._counter = counter
        self._project = project
        self._now = now

    def __call__(self, talent_id: str, **kwargs: Any) -> TalentText:
        """Fetch (arguments: :meth:`GetTalent.__call__`), then record the id fetched."""
        text = self._inner(talent_id, **kwargs)
        self._log.record(UsageEvent(
            ts=self._now(), kind="get", project=self._project, fetched=text.id,
            tokens=self._counter.count(text.text),
        ))
        return text


class UsageReport:
    """``grace stats``: per talent of the catalog, how often it was served and fetched."""

    def __init__(self, catalog: CatalogReader, log: UsageLog) -> None:
        self._catalog = catalog
        self._log = log

    def __call__(self, project: Project) -> UsageStats:
        """Tally the project's recorded history (the whole log: it lives in the project)."""
        events = self._log.events()
        ids: Sequence[str] = [t.id for t in self._catalog.talents()]
        return tally(events, catalog=ids, enabled=project.enabled)
