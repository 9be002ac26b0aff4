"""Pydantic schema of ``talent.yaml`` and ``grace.yaml`` (format: docs/catalog-format.md).

The schema validates what a YAML parser produced and converts it to the domain's frozen values.
Validation errors become :class:`~grace.errors.ManifestError` naming the file, the field (dotted
path) and the reason.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Annotated, Any, Literal

from pydantic import (
    AfterValidator,
    BaseModel,
    ConfigDict,
    Field,
    StrictBool,
    ValidationError,
    field_validator,
)

from grace.errors import InvalidIdError, ManifestError, ProjectError
from grace.resolution.domain.talent import (
    Depth,
    Project,
    RoleRank,
    SectionRef,
    Status,
    Structure,
    Talent,
    check_section_name,
    check_talent_id,
)

TalentType = Literal[
    "architecture", "pattern", "convention", "practice", "workflow", "tooling", "reference"
]
KNOWN_TYPES: tuple[str, ...] = TalentType.__args__  # type: ignore[attr-defined]

_Word = Annotated[str, Field(min_length=1, max_length=200)]


def _id(value: str) -> str:
    try:
        return check_talent_id(value)
    except InvalidIdError as exc:
        raise ValueError(str(exc)) from exc


_TalentId = Annotated[str, AfterValidator(_id)]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, str_strip_whitespace=True)


class PrioritySchema(_Strict):
    default: int = Field(50, ge=0, le=100)


_Glob = Annotated[str, Field(min_length=1, max_length=500)]


class ActivationSchema(_Strict):
    triggers: list[_Word] = []
    task_types: list[_Word] = []
    paths: list[_Glob] = Field(default_factory=list, max_length=200)
    always: StrictBool = False


class TokenBudgetSchema(_Strict):
    compact: int | None = Field(None, gt=0)
    standard: int | None = Field(None, gt=0)
    full: int | None = Field(None, gt=0)


class StructureSchema(_Strict):
    enforceable: bool = False
    diagram: str = ""
    constraints: list[str] = []


class SectionSchema(_Strict):
    name: str
    when: str = Field(min_length=1, max_length=300)
    roles: list[str] = []
    languages: list[str] = []

    @field_validator("name")
    @classmethod
    def _name(cls, value: str) -> str:
        try:
            return check_section_name(value)
        except InvalidIdError as exc:
            raise ValueError(str(exc)) from exc


class ManifestSchema(BaseModel):
    """``talent.yaml``: every field of the seed 001 table, plus ``sections``.

    Unknown top-level fields are allowed (kept and reported by ``doctor``), unknown nested
    fields are errors.
    """

    model_config = ConfigDict(extra="allow", frozen=True, str_strip_whitespace=True)

    id: str
    name: str = Field(min_length=1, max_length=200)
    version: str = Field(min_length=1, max_length=50)
    type: TalentType
    summary: str = Field(min_length=1, max_length=2000)
    tags: list[_Word] = []
    requires: list[_TalentId] = []
    includes: list[_TalentId] = []
    conflicts: list[_TalentId] = []
    recommends: list[_TalentId] = []
    agents: dict[str, RoleRank] = {}
    priority: PrioritySchema = PrioritySchema()
    activation: ActivationSchema = ActivationSchema()
    token_budget: TokenBudgetSchema = TokenBudgetSchema()
    status: Status = "stable"
    structure: StructureSchema = StructureSchema()
    languages: list[_Word] = []
    conventions: dict[Literal["naming", "folders"], dict[str, str]] = {}
    outputs: list[str] = []
    sections: list[SectionSchema] = []

    @field_validator("id")
    @classmethod
    def _check_id(cls, value: str) -> str:
        return _id(value)

    @field_validator("version", mode="before")
    @classmethod
    def _version_as_text(cls, value: Any) -> Any:
        # YAML reads `version: 1.0` as a float; a version is text.
        return str(value) if isinstance(value, int | float) else value

    @field_validator("languages")
    @classmethod
    def _lower(cls, values: list[str]) -> list[str]:
        return [v.lower() for v in values]

    def to_talent(self, bodies: Mapping[Depth, str], source: str) -> Talent:
        """Convert to the domain value, with the bodies read by the adapter."""
        tb = self.token_budget
        declared: dict[Depth, int | None] = {
            "compact": tb.compact, "standard": tb.standard, "full": tb.full
        }
        budget = {d: v for d, v in declared.items() if v is not None}
        return Talent(
            id=self.id,
            name=self.name,
            version=self.version,
            type=self.type,
            summary=self.summary,
            bodies=dict(bodies),
            tags=tuple(self.tags),
            requires=tuple(self.requires),
            includes=tuple(self.includes),
            conflicts=tuple(self.conflicts),
            recommends=tuple(self.recommends),
            agents=dict(self.agents),
            priority=self.priority.default,
            triggers=tuple(self.activation.triggers),
            task_types=tuple(self.activation.task_types),
            paths=tuple(self.activation.paths),
            always=self.activation.always,
            token_budget=budget,
            status=self.status,
            structure=Structure(
                enforceable=self.structure.enforceable,
                diagram=self.structure.diagram,
                constraints=tuple(self.structure.constraints),
            ),
            languages=tuple(self.languages),
            conventions={k: dict(v) for k, v in self.conventions.items()},
            outputs=tuple(self.outputs),
            sections=tuple(
                SectionRef(s.name, s.when, tuple(s.roles), tuple(v.lower() for v in s.languages))
                for s in self.sections
            ),
            extra_fields=tuple(sorted(self.model_extra or {})),
            source=source,
        )


_UNION_TAGS = frozenset({"bool", "_TalentSwitch"})
"""Names pydantic puts in an error's location for the branch of a union it tried."""


def _first_error(exc: ValidationError) -> tuple[str, str]:
    """The most specific error (deepest location; a `{enabled, always}` mapping's field rather
    than the `true/false` shorthand), its location without union branch names."""
    errors = exc.errors()
    err = max(errors, key=lambda e: (len(e["loc"]), -errors.index(e)))
    where = ".".join(str(p) for p in err["loc"] if p not in _UNION_TAGS) or "(root)"
    return where, err["msg"]


def parse_manifest(data: object, *, path: str) -> ManifestSchema:
    """Validate a parsed ``talent.yaml``.

    Raises:
        ManifestError: naming ``path``, the first invalid field and the reason.
    """
    if not isinstance(data, dict):
        raise ManifestError(path, "(root)", "the manifest must be a YAML mapping")
    try:
        return ManifestSchema.model_validate(data)
    except ValidationError as exc:
        where, msg = _first_error(exc)
        raise ManifestError(path, where, msg) from exc


class _TalentSwitch(_Strict):
    enabled: bool = True
    always: StrictBool = False


class ProjectSchema(_Strict):
    """``grace.yaml``: project name, catalog folder, languages, relevance, enabled talents.

    ``relevance`` is the project's choice of selection (``GRACE_RELEVANCE`` or ``--relevance``
    override it; absent: ``off``, seed 001): ``grace init`` writes ``embeddings`` for a catalog
    too large to serve whole (decision 0023)."""

    name: str = Field("project", min_length=1, max_length=200)
    catalog: str | None = None
    languages: list[_Word] = []
    relevance: Literal["off", "embeddings"] | None = None
    stack: list[_Word] = Field([], max_length=200)
    vocabulary: list[_Word] = Field([], max_length=200)
    talents: dict[str, bool | _TalentSwitch] = {}

    @field_validator("relevance", mode="before")
    @classmethod
    def _yaml_off(cls, value: object) -> object:
        """YAML 1.1 reads an unquoted ``off`` as false (and ``on`` as true): ``relevance: off``
        is what the user wrote, so it means ``off``."""
        if value is False:
            return "off"
        return "embeddings" if value is True else value

    @field_validator("languages", "stack", "vocabulary", mode="before")
    @classmethod
    def _empty_list(cls, value: object) -> object:
        """``stack:`` with nothing under it is YAML's null: an empty list, as written."""
        return [] if value is None else value

    @field_validator("talents")
    @classmethod
    def _talent_ids(
        cls, values: dict[str, bool | _TalentSwitch]
    ) -> dict[str, bool | _TalentSwitch]:
        for key in values:
            _id(key)
        return values

    def to_project(self, source: str) -> Project:
        """Convert to the domain value."""
        switches = {
            k: (v if isinstance(v, bool) else v.enabled) for k, v in self.talents.items()
        }
        always = tuple(
            k for k, v in self.talents.items()
            if isinstance(v, _TalentSwitch) and v.enabled and v.always
        )
        return Project(
            name=self.name,
            enabled=tuple(k for k, on in switches.items() if on),
            disabled=tuple(k for k, on in switches.items() if not on),
            languages=tuple(v.lower() for v in self.languages),
            always=always,
            source=source,
            stack=tuple(dict.fromkeys(v.lower() for v in self.stack)),
            vocabulary=tuple(dict.fromkeys(v.lower() for v in self.vocabulary)),
        )


def parse_project(data: object, *, path: str) -> ProjectSchema:
    """Validate a parsed ``grace.yaml``.

    Raises:
        ProjectError: naming ``path``, the first invalid field and the reason.
    """
    if data is None:
        data = {}
    if not isinstance(data, dict):
        raise ProjectError(f"{path}: the project file must be a YAML mapping")
    try:
        return ProjectSchema.model_validate(data)
    except ValidationError as exc:
        where, msg = _first_error(exc)
        raise ProjectError(f"{path}: field '{where}': {msg}") from exc
