"""Results of the resolution use cases: frozen values, JSON-ready through ``to_dict``."""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import asdict, dataclass, field, replace
from functools import partial
from typing import Any, Literal

from grace.resolution.domain.deferred import Deferred, materialise
from grace.resolution.domain.explanation import Explanation
from grace.resolution.domain.talent import Depth, RoleRank

DepthMode = Literal["compact", "standard", "full", "auto"]

DropReason = Literal[
    "not_enabled",  # in the catalog, not enabled by the project
    "draft",  # enabled but status: draft (seed 001: "Les talents status: draft sont ignorés")
    "unknown",  # enabled by the project but absent from the catalog
    "role",  # no `agents` entry for the role (seed 001, step 3)
    "conflict",  # conflicts with a higher-ranked served talent
    "requires_dropped",  # one of its prerequisites was dropped, so it cannot be served whole
    "budget",  # even at the requested depth it does not fit in the token budget
    "relevance",  # cut by relevance selection (seed 000)
    "language",  # its `languages` do not meet the task's (files in play, else project)
]


@dataclass(frozen=True, slots=True)
class Dropped:
    """A talent that is not served, and why (``detail`` is one human sentence)."""

    id: str
    reason: DropReason
    detail: str


class DroppedRecords(Deferred[Dropped]):
    """Every dropped talent of a resolve, sorted by id, built on first read: ``dropped`` as
    given, and each talent ``cut`` by relevance with the detail of its explanation (``cut``
    and ``dropped`` have no id in common). :meth:`reasons` answers without building the
    records (the MCP result lists reasons only)."""

    __slots__ = ("_cut", "_eager")

    def __init__(self, dropped: Mapping[str, Dropped], cut: Collection[str],
                 explanations: Sequence[Explanation]) -> None:
        super().__init__(partial(_all_dropped, dropped, cut, explanations),
                         len(dropped) + len(cut))
        self._eager, self._cut = dropped, cut

    def reasons(self) -> dict[str, DropReason]:
        """Id -> reason of every dropped talent, sorted by id."""
        eager, cut = self._eager, self._cut
        return {
            tid: "relevance" if tid in cut else eager[tid].reason
            for tid in sorted(eager.keys() | cut)
        }


def _all_dropped(
    dropped: Mapping[str, Dropped], cut: Collection[str], explanations: Sequence[Explanation]
) -> tuple[Dropped, ...]:
    if not cut:
        return tuple(dropped[k] for k in sorted(dropped))
    details = {e.id: e.detail for e in explanations}
    every = dict(dropped)
    for tid in cut:
        every[tid] = Dropped(tid, "relevance", details.get(tid, "cut by relevance"))
    return tuple(every[k] for k in sorted(every))


@dataclass(frozen=True, slots=True)
class Served:
    """A served talent, in served order.

    Attributes:
        depth: the depth its body is served at.
        tokens: tokens of its rendered block (heading, body, conventions), by the run's counter.
        rank: its rank for the role, ``None`` when it has no entry and was added by closure.
        triggers: the activation triggers found in the task.
        via: ``"enabled"``, or ``"closure"`` when only a prerequisite of another served talent.
        required_by: the served talents that require or include it (sorted).
        glob: the ``activation.paths`` pattern a file in play matched, or ``None``.
        file: that file in play (or the one whose ``language`` activated it).
        always: served on every task by the project's choice (``grace.yaml``).
        language: with relevance on, the language of ``file`` that activated a talent without
            specific globs (:func:`~grace.resolution.domain.activation.language_activation`),
            else ``None``.
    """

    id: str
    name: str
    depth: Depth
    tokens: int
    rank: RoleRank | None
    priority: int
    triggers: tuple[str, ...]
    via: Literal["enabled", "closure"]
    required_by: tuple[str, ...] = ()
    glob: str | None = None
    file: str | None = None
    always: bool = False
    language: str | None = None


@dataclass(frozen=True, slots=True)
class AlsoRelevant:
    """A candidate cut by relevance that came next: offered as one line, fetched on demand.

    Attributes:
        line: its summary's first sentence, at most 120 characters.
        score: its relevance score (same scale as the kept talents').
    """

    id: str
    line: str
    score: float


@dataclass(frozen=True, slots=True)
class Pointer:
    """A row of the "when to dig deeper" table: a ``grace_get`` call and when to make it.

    ``id`` is the talent's id (the key ``served`` and ``also_relevant`` use in the JSON too).
    """

    id: str
    when: str
    section: str | None = None
    depth: Depth | None = None


@dataclass(frozen=True, slots=True)
class Recommendation:
    """A talent recommended by a served one that the project does not enable."""

    id: str
    name: str
    summary: str
    recommended_by: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class GraphReport:
    """What the graph step found (seed 001, step 2): reported, never fatal."""

    missing_prerequisites: tuple[tuple[str, str], ...] = ()  # (talent, missing id)
    unknown_references: tuple[tuple[str, str, str], ...] = ()  # (talent, field, unknown id)
    cycles: tuple[tuple[str, ...], ...] = ()
    conflicts: tuple[tuple[str, str], ...] = ()  # (kept, dropped)


@dataclass(frozen=True, slots=True)
class ResolvedContext:
    """The result of ``resolve_context``: Markdown for the agent and the structured facts.

    Attributes:
        markdown: the context, at most ``token_budget`` tokens by ``token_counter``.
        tokens: tokens of ``markdown``.
        token_budget: the budget it was fitted to (tokens).
        served: served talents in order.
        dropped: every talent not served, with its reason, sorted by id.
        explanations: per-candidate relevance explanations (empty when relevance is off).

    ``dropped`` and ``explanations`` may be
    :class:`~grace.resolution.domain.deferred.Deferred`: the same records, built on the first
    read (a resolve at 1 000 talents does not format 1 000 details nobody reads).
        relevance_algo: ``seed`` or ``hybrid`` when relevance is on, else "".
        files: the files in play, repository-relative (empty when none were given).
        languages: the task's languages, used by the language filter.
        language_source: ``files``, ``task``, ``project`` or ``none`` (where ``languages`` come
            from).
        also_relevant: the next candidates relevance cut, offered as ``grace_get`` pointers.
        warnings: what the caller should know but did not stop the resolve (a file in play
            that does not exist), one sentence each.
    """

    project: str
    role: str
    task: str
    depth_mode: DepthMode
    token_budget: int
    token_counter: str
    markdown: str
    tokens: int
    served: tuple[Served, ...]
    dropped: Sequence[Dropped]
    pointers: tuple[Pointer, ...]
    recommended: tuple[Recommendation, ...]
    graph: GraphReport
    relevance: str = "off"
    relevance_algo: str = ""
    explanations: Sequence[Explanation] = field(default=())
    files: tuple[str, ...] = ()
    languages: tuple[str, ...] = ()
    language_source: str = "none"
    also_relevant: tuple[AlsoRelevant, ...] = ()
    warnings: tuple[str, ...] = ()

    @property
    def served_ids(self) -> tuple[str, ...]:
        """Ids of the served talents, in served order."""
        return tuple(s.id for s in self.served)

    def dropped_reasons(self) -> dict[str, DropReason]:
        """Id -> reason of every dropped talent, sorted by id (without building the dropped
        records when they are still deferred)."""
        if isinstance(self.dropped, DroppedRecords):
            return self.dropped.reasons()
        return {d.id: d.reason for d in self.dropped}

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict (the CLI's ``--json`` and the MCP structured result)."""
        data = asdict(replace(self, dropped=materialise(self.dropped),
                              explanations=materialise(self.explanations)))
        data["served_ids"] = list(self.served_ids)
        return data
