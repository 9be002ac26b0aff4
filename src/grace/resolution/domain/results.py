"""Results of the resolution use cases: frozen values, JSON-ready through ``to_dict``."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any, Literal

from grace.resolution.domain.relevance import Explanation
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
]


@dataclass(frozen=True, slots=True)
class Dropped:
    """A talent that is not served, and why (``detail`` is one human sentence)."""

    id: str
    reason: DropReason
    detail: str


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


@dataclass(frozen=True, slots=True)
class Pointer:
    """A row of the "when to dig deeper" table: a ``grace_get`` call and when to make it."""

    talent: str
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
    dropped: tuple[Dropped, ...]
    pointers: tuple[Pointer, ...]
    recommended: tuple[Recommendation, ...]
    graph: GraphReport
    relevance: str = "off"
    explanations: tuple[Explanation, ...] = field(default=())

    @property
    def served_ids(self) -> tuple[str, ...]:
        """Ids of the served talents, in served order."""
        return tuple(s.id for s in self.served)

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict (the CLI's ``--json`` and the MCP structured result)."""
        data = asdict(self)
        data["served_ids"] = list(self.served_ids)
        return data
