"""MCP server: one server for every repository (``grace mcp``), its tools in groups
(:mod:`grace.entrypoints.mcp_tools`): ``grace_resolve_context``, ``grace_get``, ``grace_doctor``
(resolution); ``grace_learnings_search`` (learnings); ``grace_find_members`` and
``grace_find_similar_requests`` (matching).

Thin: each tool validates its arguments (pydantic, through the SDK), calls one use case and
formats: Markdown or lines in the text content, ids and figures in the structured content
(validated against the tool's ``outputSchema``). The project of a call is its ``project``
argument, else the client's MCP roots, else the server's folder
(:class:`~grace.bootstrap.projects.ServedProjects`). A :class:`~grace.errors.GraceError`
becomes a tool error (``isError: true``) with the message; the server keeps serving. Logs go to
stderr; over stdio, stdout belongs to the protocol.
"""

from __future__ import annotations

import functools
import ipaddress
import logging
import sys
import time
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from itertools import islice
from pathlib import Path
from typing import Annotated, Any, Final, Literal, ParamSpec, TypeVar
from urllib.parse import unquote, urlparse

from mcp.server.mcpserver import Context, MCPServer
from mcp.server.mcpserver.exceptions import ToolError
from mcp.server.mcpserver.resolve import ListRoots, Resolve
from mcp_types import CallToolResult, ListRootsResult, TextContent, Tool, ToolAnnotations
from pydantic import BaseModel, Field

from grace import __version__
from grace.bootstrap.projects import ServedProjects
from grace.config import Settings
from grace.entrypoints.cli.common import to_jsonable
from grace.entrypoints.mcp_tools import DEFAULT_GROUPS, TOOL_GROUPS
from grace.errors import ConfigError, GraceError
from grace.learnings.application.search import MAX_K, MAX_QUERY_CHARS
from grace.learnings.domain.entry import parse_date
from grace.learnings.domain.ranking import Filters
from grace.matching.application.match import MatchResult
from grace.matching.application.request_schema import (
    Codes,
    Dates,
    Description,
    Extra,
    Format,
    Headcount,
    MaxEuros,
    MinEuros,
    Radius,
    SearchBody,
    SimilarBody,
    ZoneText,
    parse_body,
)
from grace.resolution.application.resolve_context import MAX_TASK_CHARS, MAX_TOKEN_BUDGET
from grace.resolution.domain.results import DepthMode
from grace.resolution.domain.talent import ROLES, Depth

log = logging.getLogger("grace.mcp")
P = ParamSpec("P")
R = TypeVar("R")

MAX_REQUEST_BYTES: Final = 256 * 1024
"""Largest HTTP request body accepted (bytes); a task is at most 50 000 characters."""

INSTRUCTIONS: Final = (
    "GRACE serves the project's curated engineering guidance (talents). Before coding, call "
    "grace_resolve_context with your role and the task; follow its 'when to dig deeper' "
    "pointers with grace_get. grace_doctor explains what is misconfigured in the project. "
    "The project is the client's workspace root unless a call names one (project)."
)

READ_ONLY: Final = ToolAnnotations(
    read_only_hint=True, destructive_hint=False, idempotent_hint=True, open_world_hint=False
)
"""Reads the project's files (a resolve or get appends a line to the local usage log)."""
RECORDS_A_SEARCH: Final = ToolAnnotations(
    read_only_hint=False, destructive_hint=False, idempotent_hint=False, open_world_hint=False
)
"""``grace_find_members`` logs each search (a new id for feedback): additive, not idempotent."""

RoleName = Literal[ROLES]  # type: ignore[valid-type]  # the domain's roles, one enum
"""The roles of :data:`grace.resolution.domain.talent.ROLES` (an enum in the input schema)."""

Task = Annotated[str, Field(max_length=MAX_TASK_CHARS, description="The task, as given to you.")]
Role = Annotated[RoleName, Field(description="Your role.")]
ProjectArg = Annotated[
    str | None,
    Field(
        default=None,
        max_length=4096,
        description="Repository folder (platform server: project name); default: your "
        "workspace root.",
    ),
]
DepthArg = Annotated[DepthMode, Field(description="Body depth; auto: the deepest that fits.")]
BudgetArg = Annotated[
    int | None,
    Field(default=None, ge=1, le=MAX_TOKEN_BUDGET,
          description=f"Max tokens (default {Settings.model_fields['token_budget'].default})."),
]


def client_roots(ctx: Context[Any, Any]) -> ListRoots | None:
    """Ask the client for its roots when it declared the capability (resolver of ``roots``)."""
    caps = ctx.client_capabilities
    return ListRoots() if caps is not None and caps.roots is not None else None


Roots = Annotated[ListRootsResult | None, Resolve(client_roots)]
"""The client's roots, filled by the SDK (``roots/list``), never by the model."""


def root_paths(roots: ListRootsResult | None) -> list[Path]:
    """The folders of the client's ``file://`` roots, in its order (other schemes ignored)."""
    if roots is None:
        return []
    uris = (urlparse(str(r.uri)) for r in roots.roots)
    return [Path(unquote(u.path)) for u in uris if u.scheme == "file" and u.path]


class PointerOut(BaseModel):
    id: str
    section: str | None
    depth: str | None


# The structured part of grace_resolve_context (the Markdown is the text content). Output
# models carry no docstring and plain types: their schema is in the agent's tool list.
class ResolveOut(BaseModel):
    project: str
    tokens: int
    token_budget: int
    served_ids: list[str]
    depths: dict[str, str]
    dropped: dict[str, str]
    dropped_counts: dict[str, int]
    pointers: list[PointerOut]
    languages: list[str]
    language_source: str
    relevance: str
    warnings: list[str]


class GetOut(BaseModel):
    id: str
    version: str
    depth: str
    section: str | None
    sections: list[str]


class FindingOut(BaseModel):
    severity: str
    code: str
    subject: str


class DoctorOut(BaseModel):
    errors: int
    warnings: int
    findings: list[FindingOut]


class HitOut(BaseModel):
    id: str
    score: float
    tags: list[str]


class ProblemOut(BaseModel):
    line: int
    message: str


class LearningsOut(BaseModel):
    path: str
    reason: str
    hits: list[HitOut]
    skipped_lines: list[ProblemOut] = []


class MembersOut(BaseModel):
    search_id: str
    mode: str
    zone: str | None
    zone_source: str | None = None
    zone_words: str | None = None
    ranker: str
    recommended: list[dict[str, Any]]
    compatible: list[dict[str, Any]]
    unknown_codes: list[str]
    similar_requests: list[dict[str, Any]]
    warnings: list[str]


class SimilarOut(BaseModel):
    similar_requests: list[dict[str, Any]]


def tool_errors(tool: Callable[P, R]) -> Callable[P, R]:
    """Turn a :class:`GraceError` raised by ``tool`` into a tool error (``isError: true``, the
    class name and the message); anything else stays an internal error of the SDK."""

    @functools.wraps(tool)
    def wrapper(*args: P.args, **kwargs: P.kwargs) -> R:
        try:
            return tool(*args, **kwargs)
        except GraceError as exc:
            raise ToolError(f"{type(exc).__name__}: {exc}") from exc

    return wrapper


def _result(text: str, data: BaseModel | dict[str, Any]) -> CallToolResult:
    """Text for the agent, ``data`` as the structured content (the SDK checks it against the
    tool's output model)."""
    structured = data.model_dump(mode="json") if isinstance(data, BaseModel) else data
    return CallToolResult(content=[TextContent(type="text", text=text)],
                          structured_content=structured)


MAX_DROPPED_LISTED: Final = 50
"""At most this many dropped ids in ``grace_resolve_context``'s structured result."""

UNLISTED_REASONS: Final = frozenset({"not_enabled", "relevance"})
"""Drop reasons whose ids the structured result only counts: on an imported catalog they are
every talent the project leaves off and every one relevance cut, hundreds of ids (874 on the
FastAPI judged set: 9 033 o200k tokens, eight times the Markdown's 1 094; decision 0025) that an
agent reading its tool result pays for and never fetches; the ones worth fetching are in the
Markdown ("Also relevant, fetch on demand")."""


def dropped_for_agent(reasons: Mapping[str, str]) -> dict[str, str]:
    """The dropped ids an agent is shown, id -> reason: those dropped for a reason it can act on
    (``language``, ``role``, ``budget``, ``conflict``, ``draft``…, not
    :data:`UNLISTED_REASONS`), at most :data:`MAX_DROPPED_LISTED`, in ``reasons``' order (by
    id); ``dropped_counts`` counts every reason."""
    listed = ((tid, why) for tid, why in reasons.items() if why not in UNLISTED_REASONS)
    return dict(islice(listed, MAX_DROPPED_LISTED))


_UNPUBLISHED: Final = frozenset({"title", "maxLength", "maxItems", "minimum", "maximum"})
"""Schema keywords left out of the published tool list: pydantic's generated titles, and size
limits the server enforces on every call anyway (with a clear error)."""


def _compact(schema: Any, *, inputs: bool, defs: dict[str, Any] | None = None) -> Any:
    """``schema`` as published: ``$ref`` to ``$defs`` inlined, no generated titles; in an input
    schema, no size limits and an optional ``X | None = None`` argument published as ``X``
    (omitting it is how a client says none)."""
    if isinstance(schema, list):
        return [_compact(v, inputs=inputs, defs=defs) for v in schema]
    if not isinstance(schema, dict):
        return schema
    if defs is None:
        defs = schema.get("$defs", {})
    ref = schema.get("$ref")
    if isinstance(ref, str) and ref.startswith("#/$defs/"):
        return _compact(defs[ref.removeprefix("#/$defs/")], inputs=inputs, defs=defs)
    dropped = _UNPUBLISHED if inputs else {"title"}
    out = {k: _compact(v, inputs=inputs, defs=defs) for k, v in schema.items()
           if k != "$defs" and not (k in dropped and not isinstance(v, dict))}
    arms = out.get("anyOf")
    if not isinstance(arms, list) or {"type": "null"} not in arms:
        return out
    kept = [a for a in arms if a != {"type": "null"}]
    if inputs and "default" in out and out["default"] is None and len(kept) == 1:
        del out["anyOf"], out["default"]
        out = {**kept[0], **out}
    elif not inputs and len(kept) == 1 and set(kept[0]) == {"type"}:  # {"type": [X, "null"]}
        del out["anyOf"]
        out = {"type": [kept[0]["type"], "null"], **out}
    return out


class GraceServer(MCPServer):
    """:class:`MCPServer` whose tool list is compact: every tool definition is context the agent
    pays for on each turn (``benchmarks/mcp_tools.py`` prints the figure per group)."""

    async def list_tools(self) -> list[Tool]:
        return [
            t.model_copy(update={
                "input_schema": _compact(t.input_schema, inputs=True),
                "output_schema": _compact(t.output_schema, inputs=False),
            })
            for t in await super().list_tools()
        ]


@dataclass(frozen=True, slots=True)
class _Registrar:
    server: GraceServer
    groups: tuple[str, ...]

    def tool(self, group: str, name: str, description: str,
             annotations: ToolAnnotations = READ_ONLY) -> Callable[[Callable[P, R]], None]:
        """Register ``name`` (which must be in ``group`` of the registry) if ``group`` is served."""
        if name not in TOOL_GROUPS[group]:
            raise ValueError(f"{name} is not in the tool group {group!r}")

        def register(fn: Callable[P, R]) -> None:
            if group in self.groups:
                self.server.add_tool(tool_errors(fn), name=name, description=description,
                                     annotations=annotations)

        return register


def build_server(
    projects: ServedProjects, groups: Sequence[str] = DEFAULT_GROUPS
) -> GraceServer:
    """The MCP server with the tools of ``groups`` (nothing is loaded until a tool is called).

    Raises:
        ConfigError: an unknown group.
    """
    unknown = set(groups) - set(TOOL_GROUPS)
    if unknown:
        raise ConfigError(f"unknown tool groups {sorted(unknown)}; "
                          f"choose among {list(TOOL_GROUPS)}")
    server = GraceServer(
        name="grace", version=__version__, instructions=INSTRUCTIONS, log_level="WARNING"
    )
    reg = _Registrar(server, tuple(groups))

    @reg.tool("resolution", "grace_resolve_context",
              "Call before coding: the project's guidance (talents) for your role and task, as "
              "Markdown within a token budget. Follow its 'when to dig deeper' rows with "
              "grace_get.")
    def grace_resolve_context(
        task: Task,
        role: Role,
        project: ProjectArg = None,
        depth: DepthArg = "auto",
        token_budget: BudgetArg = None,
        files: Annotated[
            list[Annotated[str, Field(max_length=1024)]] | None,
            Field(default=None, max_length=1000,
                  description="Files you are editing (repository-relative or absolute): their "
                  "languages, globs and own package manifests select talents."),
        ] = None,
        roots: Roots = None,
    ) -> Annotated[CallToolResult, ResolveOut]:
        app = projects.app(project, root_paths(roots))
        r = app.resolve(
            app.project_file.project,
            role=role,
            task=task,
            depth=depth,
            token_budget=token_budget or app.settings.token_budget,
            files=files or (),
            root=None if app.work_root is None else str(app.work_root),
        )
        data = ResolveOut(
            project=r.project, tokens=r.tokens, token_budget=r.token_budget,
            served_ids=list(r.served_ids), depths={x.id: x.depth for x in r.served},
            dropped=dropped_for_agent(reasons := r.dropped_reasons()),
            dropped_counts=dict(sorted(Counter(reasons.values()).items())),
            pointers=[PointerOut(id=p.id, section=p.section, depth=p.depth)
                      for p in r.pointers],
            languages=list(r.languages), language_source=r.language_source,
            relevance=r.relevance, warnings=list(r.warnings),
        )
        result = _result(r.markdown, data)
        if r.warnings:  # a second text block: the Markdown stays within its budget
            result.content.append(TextContent(
                type="text", text="\n".join(f"warning: {w}" for w in r.warnings)))
        return result

    @reg.tool("resolution", "grace_get",
              "One talent at a depth, or one section of it (the rows of 'when to dig deeper').")
    def grace_get(
        id: Annotated[str, Field(max_length=128, description="Talent id.")],
        depth: Annotated[Depth, Field(description="Body depth.")] = "full",
        section: Annotated[
            str | None, Field(default=None, max_length=128, description="Section slug.")
        ] = None,
        project: ProjectArg = None,
        roots: Roots = None,
    ) -> Annotated[CallToolResult, GetOut]:
        t = projects.app(project, root_paths(roots)).get(id, depth=depth, section=section)
        data = GetOut(id=t.id, version=t.version, depth=t.depth, section=t.section,
                      sections=list(t.sections))
        return _result(t.text, data)

    @reg.tool("resolution", "grace_doctor",
              "Check the project and its catalog: each problem with its fix.")
    def grace_doctor(project: ProjectArg = None, roots: Roots = None
                     ) -> Annotated[CallToolResult, DoctorOut]:
        app = projects.app(project, root_paths(roots))
        report = app.doctor(app.project_file.project)
        lines = [
            f"{report.project}: {report.catalog_size} talents, {report.enabled} enabled: "
            f"{report.errors} error(s), {report.warnings} warning(s)"
        ]
        lines += [f"- [{f.severity}] {f.code} {f.subject}: {f.message} → {f.fix}"
                  for f in report.findings]
        data = DoctorOut(
            errors=report.errors, warnings=report.warnings,
            findings=[FindingOut(severity=f.severity, code=f.code, subject=f.subject)
                      for f in report.findings],
        )
        return _result("\n".join(lines), data)

    @reg.tool("learnings", "grace_learnings_search",
              "Past lessons (learnings.jsonl) relevant to the work you are about to start, "
              "from a description or '{domain} {probable tags}', in French or English. Each hit "
              "says why it matched; the result says whether the index or grep answered.")
    def grace_learnings_search(
        query: Annotated[str, Field(max_length=MAX_QUERY_CHARS,
                                    description="What you are about to work on.")],
        k: Annotated[int, Field(ge=1, le=MAX_K, description="Number of results.")] = 5,
        tags: Annotated[
            list[str] | None,
            Field(default=None, max_length=20, description="Only entries with all these tags."),
        ] = None,
        domain: Annotated[
            str | None, Field(default=None, max_length=128, description="Only this domain.")
        ] = None,
        since: Annotated[
            str | None,
            Field(default=None, max_length=32, description="Only entries on or after this day "
                  "(YYYY-MM-DD)."),
        ] = None,
        file: Annotated[
            str | None,
            Field(default=None, max_length=4096, description="Learnings file in the project "
                  "folder (default GRACE_LEARNINGS_FILE, learnings.jsonl)."),
        ] = None,
        project: Annotated[
            str | None,
            Field(default=None, max_length=4096,
                  description="Project folder; default: your workspace root."),
        ] = None,
        roots: Roots = None,
    ) -> Annotated[CallToolResult, LearningsOut]:
        filters = Filters(tags=tuple(tags or ()), domain=domain, since=parse_date(since))
        app = projects.learnings(file, project, root_paths(roots))
        result = app.search(query, k=k, filters=filters)
        lines = [f"{result.path}: {result.reason}"]
        for h in result.hits:
            e = h.learning
            why = ", ".join(h.matched_tags + h.matched_terms) or "semantic similarity"
            lines.append(f"- {e.id} [{', '.join(e.tags)}] {e.story} → {e.learning} (why: {why})")
        lines += [f"line {p.line} skipped: {p.message}" for p in result.problems]
        data = LearningsOut(
            path=str(result.path), reason=result.reason,
            hits=[HitOut(id=h.learning.id, score=h.score, tags=list(h.learning.tags))
                  for h in result.hits],
            skipped_lines=[ProblemOut(line=p.line, message=p.message) for p in result.problems],
        )
        return _result("\n".join(lines), data)

    @reg.tool("matching", "grace_find_members",
              "Shortlist members (venues, providers) for an event request: hard filters "
              "(zone, capacity, budget, dates), vector ranking, then 4 recommended + 4 "
              "compatible, each with a one-sentence French explanation. Member codes in the "
              "description (#102) are served directly. Returns the search id (for feedback) "
              "and similar past requests that could be reused.",
              annotations=RECORDS_A_SEARCH)
    def grace_find_members(
        description: Description,
        extra: Extra = "",
        format: Format = None,
        headcount: Headcount = None,
        budget_min_eur: MinEuros = None,
        budget_max_eur: MaxEuros = None,
        zone: ZoneText = None,
        radius_km: Radius = None,
        dates: Dates = None,
        codes: Codes = None,
    ) -> Annotated[CallToolResult, MembersOut]:
        body = parse_body({
            "description": description, "extra": extra, "format": format,
            "headcount": headcount, "budget_min_eur": budget_min_eur,
            "budget_max_eur": budget_max_eur, "zone": zone, "radius_km": radius_km,
            "dates": dates, "codes": codes}, SearchBody, where="arguments")
        result = projects.matching().match(body.to_request())
        return _result(_match_text(result), to_jsonable(result))

    @reg.tool("matching", "grace_find_similar_requests",
              "Past requests with the same hard filters (zone, dates, capacity, budget) "
              "that say the same thing, with the shortlist they got: offer the organiser to reuse "
              "one instead of a new search.")
    def grace_find_similar_requests(
        description: Description,
        extra: Extra = "",
        format: Format = None,
        headcount: Headcount = None,
        budget_min_eur: MinEuros = None,
        budget_max_eur: MaxEuros = None,
        zone: ZoneText = None,
        radius_km: Radius = None,
        dates: Dates = None,
        k: Annotated[int, Field(ge=1, le=20, description="At most k past requests.")] = 5,
    ) -> Annotated[CallToolResult, SimilarOut]:
        body = parse_body({
            "description": description, "extra": extra, "format": format,
            "headcount": headcount, "budget_min_eur": budget_min_eur,
            "budget_max_eur": budget_max_eur, "zone": zone, "radius_km": radius_km,
            "dates": dates, "k": k}, SimilarBody, where="arguments")
        found = projects.matching().match.similar_requests(body.to_request(), k=body.k)
        lines = [f"{len(found)} similar past request(s)"]
        lines += [f"- {p.search_id} ({p.similarity:.2f}, {p.at:%Y-%m-%d}): {p.description[:120]}"
                  f" → {', '.join(s.code for s in p.suggestions)}" for p in found]
        return _result("\n".join(lines), {"similar_requests": to_jsonable(found)})

    return server


def _match_text(r: MatchResult) -> str:
    zone = r.zone or "anywhere"
    if r.zone_source == "description":
        zone += f" (read in the description: « {r.zone_words} »)"
    lines = [f"search {r.search_id} — zone: {zone} — ranker: {r.ranker}"]
    lines += [f"attention : {w}" for w in r.warnings]
    if r.fallback:
        lines.append(f"fallback: {r.fallback}")
    if r.narrowed:
        lines.append(r.narrowed)
    lines.append(" → ".join(f"{f.stage}: {f.kept}" for f in r.funnel))
    for title, group in (("Recommandés", r.recommended), ("Compatibles", r.compatible)):
        lines.append(f"{title} :")
        lines += [f"- {s.code} {s.name} ({s.commune}) — {s.explanation}" for s in group]
    lines += [f"écarté {x.code} {x.name} : {x.reason}" for x in r.rejected]
    lines += [f"demande passée similaire {p.search_id} ({p.similarity:.2f}) : "
              f"{p.description[:100]}" for p in r.similar_requests]
    return "\n".join(lines)


def check_loopback(host: str) -> str:
    """Return ``host`` if it is a loopback address (or ``localhost``).

    Raises:
        ConfigError: any other address (the server has no authentication).
    """
    if host == "localhost":
        return host
    try:
        if ipaddress.ip_address(host).is_loopback:
            return host
    except ValueError:
        pass
    raise ConfigError(f"--host {host!r}: the MCP server only listens on a loopback address")


def serve(
    settings: Settings,
    *,
    project: Path | None,
    groups: Sequence[str] = DEFAULT_GROUPS,
    http: bool,
    host: str = "127.0.0.1",
    port: int = 8765,
    platform_db: str | None = None,
) -> None:
    """Serve until stopped. The project of the server's folder (or ``project``), if any, is
    opened and warmed up first (model and talent vectors when relevance is on); without one the
    server starts all the same and each call names its project (argument or client roots).

    With ``platform_db`` (``grace mcp --db URL``), every project of that platform database is
    served, named by the tools' ``project`` argument (issue 17); only the model is warmed up.

    Raises:
        GraceError: a bad host, an explicit ``project`` that cannot be opened, or an unreachable
            platform database.
    """
    logging.basicConfig(
        stream=sys.stderr, level=logging.INFO, format="%(asctime)s %(name)s %(message)s"
    )
    if http:
        check_loopback(host)
    projects = ServedProjects(settings, cwd=Path.cwd(), default=project)
    server = build_server(projects, groups)
    try:
        if platform_db is not None:
            projects.use_platform(platform_db).warm_up()
            log.info("serving the projects of the platform database (relevance %s)",
                     settings.relevance)
        elif "resolution" in groups:
            _warm_up(projects, explicit=project is not None)
        if http:
            server.run(
                "streamable-http", host=host, port=port, max_request_body_size=MAX_REQUEST_BYTES
            )
        else:
            server.run("stdio")
    finally:
        projects.close()


def _progress_log(every_s: float = 5.0) -> Callable[[int, int], None]:
    """A warm-up progress callback for the server's log (stderr): the first embedding of a large
    catalog takes minutes, so one line every ``every_s`` seconds and one at the end, each with
    the rate and the time left at that rate; nothing when the vectors come from the cache in
    less time."""
    start = last = time.monotonic()

    def report(done: int, total: int) -> None:
        nonlocal last
        now = time.monotonic()
        if now - last < every_s and (done < total or now - start < every_s):
            return
        last = now
        rate = done / max(now - start, 1e-9)
        left = (total - done) / rate if rate > 0 else float("inf")
        log.info("embedding the catalog: %d/%d passages, %.1f/s, about %.0f s left",
                 done, total, rate, left)

    return report


def _warm_up(projects: ServedProjects, *, explicit: bool) -> None:
    try:
        app = projects.app(None)
        app.warm_up(_progress_log())
    except GraceError as exc:  # a broken project here must not stop the server for the others
        if explicit:
            raise
        log.warning("no usable project in the server's folder (%s): each call names one", exc)
        return
    log.info("serving %s (relevance %s) and any project a call names",
             app.project_file.path, app.settings.relevance)
