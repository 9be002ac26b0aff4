"""Talents and projects as immutable values (seed 001, "Champs du manifest consommés").

A *talent* is a curated piece of guidance (an architecture rule, a pattern, a convention) with a
manifest and a body at three depths. A *project* enables talents and declares its languages.
These classes are built by adapters (YAML catalog, importers) after validation; the domain only
reads them.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Final, Literal, get_args

from grace.errors import InvalidIdError

Depth = Literal["compact", "standard", "full"]
DEPTHS: Final[tuple[Depth, ...]] = get_args(Depth)
"""Depths from the shallowest to the deepest (seed 001: "altitude")."""

RoleRank = Literal["required", "recommended", "optional"]
ROLE_RANKS: Final[tuple[RoleRank, ...]] = get_args(RoleRank)
"""Role ranks from the strongest to the weakest (seed 001: required > recommended > optional)."""

Status = Literal["stable", "beta", "draft", "deprecated"]
STATUSES: Final[tuple[Status, ...]] = get_args(Status)

ROLES: Final[tuple[str, ...]] = ("architect", "backend", "frontend", "reviewer", "tester")
PROJECT_FILE: Final = "grace.yaml"
"""The project file's name in a repository (docs/catalog-format.md)."""
"""The roles of the bundled example; catalogs may declare others (a role is any id-like word)."""

_ID_RE: Final = re.compile(r"^[a-z0-9](?:[a-z0-9_-]|\.(?!\.))*$")
_SECTION_RE: Final = re.compile(r"^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$")
MAX_ID_LENGTH: Final = 128


def check_talent_id(value: str) -> str:
    """Return ``value`` if it is a well-formed talent id, else raise.

    A talent id is lower-case ASCII letters, digits, ``.``, ``_`` and ``-``, starts with a letter
    or digit, has no ``..`` and at most 128 characters: it can never name a path outside the
    catalog (no ``/``, no ``..``).

    Raises:
        InvalidIdError: the id is empty, too long or has a forbidden character.
    """
    if not isinstance(value, str) or not value:
        raise InvalidIdError("a talent id must be a non-empty string")
    if len(value) > MAX_ID_LENGTH:
        raise InvalidIdError(
            f"talent id is {len(value)} characters long, the maximum is {MAX_ID_LENGTH}"
        )
    if not _ID_RE.match(value):
        raise InvalidIdError(
            f"invalid talent id {value!r}: use lower-case letters, digits, '.', '_' and '-' "
            "(no '/', no '..', no spaces)"
        )
    return value


def check_section_name(value: str) -> str:
    """Return ``value`` if it is a well-formed section name (a slug such as ``sql-example``).

    Raises:
        InvalidIdError: the name is not a lower-case slug.
    """
    if not isinstance(value, str) or not _SECTION_RE.match(value) or len(value) > MAX_ID_LENGTH:
        raise InvalidIdError(
            f"invalid section name {value!r}: a section is a lower-case slug such as 'sql-example'"
        )
    return value


@dataclass(frozen=True, slots=True)
class SectionRef:
    """A named section of a talent that ``grace get ID --section NAME`` returns alone.

    Attributes:
        name: slug of the section (its ``## `` heading in the body, slugified).
        when: one line saying when an agent should read it ("when to dig deeper" table).
        roles: roles it is for; empty means every role.
        languages: languages it is for; empty means every language.
    """

    name: str
    when: str
    roles: tuple[str, ...] = ()
    languages: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Structure:
    """``structure.{enforceable,diagram,constraints}`` of seed 001."""

    enforceable: bool = False
    diagram: str = ""
    constraints: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Talent:
    """One talent: its manifest fields (seed 001 table) and its bodies at three depths.

    Attributes:
        id: unique id (see :func:`check_talent_id`).
        priority: ``priority.default``; higher is served first among equals (0-100 by convention).
        agents: role -> rank; a role absent from the mapping does not receive the talent.
        token_budget: depth -> declared maximum tokens of that body (the author's limit;
            ``doctor`` reports bodies over it).
        bodies: depth -> Markdown body. Every depth is present (an adapter fills a missing
            depth from the next shallower one).
        paths: ``activation.paths``: glob patterns (``**/*.py``, ``src/**/*.{ts,tsx}``,
            ``!**/*.test.ts``) of the files the talent is about (Cursor ``globs``, Copilot
            ``applyTo``, Claude Code ``paths:``); a file in play that matches one is strong
            evidence for the talent (docs/decisions/0010-resolution-on-real-catalogs.md).
        always: ``activation.always`` (Cursor ``alwaysApply``): the author's wish to be always
            served. Metadata only: what is always served is the project's decision
            (:attr:`Project.always`).
        extra_fields: manifest fields this version does not know; kept, reported by ``doctor``.
        source: where the talent was read from (a folder path), for messages.
    """

    id: str
    name: str
    version: str
    type: str
    summary: str
    bodies: Mapping[Depth, str]
    tags: tuple[str, ...] = ()
    requires: tuple[str, ...] = ()
    includes: tuple[str, ...] = ()
    conflicts: tuple[str, ...] = ()
    recommends: tuple[str, ...] = ()
    agents: Mapping[str, RoleRank] = field(default_factory=dict)
    priority: int = 50
    triggers: tuple[str, ...] = ()
    task_types: tuple[str, ...] = ()
    paths: tuple[str, ...] = ()
    always: bool = False
    token_budget: Mapping[Depth, int] = field(default_factory=dict)
    status: Status = "stable"
    structure: Structure = field(default_factory=Structure)
    languages: tuple[str, ...] = ()
    conventions: Mapping[str, Mapping[str, str]] = field(default_factory=dict)
    outputs: tuple[str, ...] = ()
    sections: tuple[SectionRef, ...] = ()
    extra_fields: tuple[str, ...] = ()
    source: str = ""

    def __post_init__(self) -> None:
        check_talent_id(self.id)
        missing = [d for d in DEPTHS if d not in self.bodies]
        if missing:
            raise ValueError(f"talent {self.id}: missing body for depth(s) {missing}")

    @property
    def edges(self) -> tuple[str, ...]:
        """Hard dependencies: ``requires`` then ``includes`` (both closed over, seed 000)."""
        return self.requires + self.includes

    def rank_for(self, role: str) -> RoleRank | None:
        """The rank of this talent for ``role``, or ``None`` if the role has no entry."""
        return self.agents.get(role)


@dataclass(frozen=True, slots=True)
class Project:
    """A project: which talents it enables and which languages it uses.

    Attributes:
        name: display name.
        enabled: ids with ``enabled: true``, in file order.
        disabled: ids listed with ``enabled: false`` (kept so ``doctor`` can tell them apart from
            ids never mentioned).
        languages: lower-case language names (``python``, ``typescript`` ...).
        always: enabled ids the project serves on every task (``always: true`` in
            ``grace.yaml``): exempt from relevance, still subject to role and language.
        source: the project file path, for messages.
        stack: the project's dependencies, lower case, by name or word (``fastapi``,
            ``@tanstack/react-query``; ``grace init`` reads them from the manifests): weak
            evidence for the talents named after them, never a reason to serve on its own
            (decision 0023; read with :func:`~grace.resolution.domain.languages.stack_words`).
        vocabulary: the repository's own words (``ticket`` in a helpdesk; ``grace init``
            reads them from its file names: :func:`~grace.resolution.domain.activation.
            repository_vocabulary`): with relevance on, never a name term, a trigger or a path
            word of a talent (decision 0010, thirteenth follow-up).
    """

    name: str
    enabled: tuple[str, ...]
    disabled: tuple[str, ...] = ()
    languages: tuple[str, ...] = ()
    always: tuple[str, ...] = ()
    source: str = ""
    stack: tuple[str, ...] = ()
    vocabulary: tuple[str, ...] = ()
