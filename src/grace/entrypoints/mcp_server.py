"""MCP server: ``grace_resolve_context``, ``grace_get``, ``grace_doctor`` for coding agents;
``grace_learnings_search``; ``grace_find_members`` and ``grace_find_similar_requests`` (matching).

Thin: each tool validates its arguments (pydantic, through the SDK), calls one use case and
formats. A :class:`~grace.errors.GraceError` becomes a tool error (``isError: true``) with the
message; the server keeps serving. Logs go to stderr; over stdio, stdout belongs to the protocol.
"""

from __future__ import annotations

import functools
import ipaddress
import logging
import sys
from collections.abc import Callable
from contextlib import AbstractContextManager, ExitStack
from dataclasses import asdict
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, Final, Literal, ParamSpec, TypeVar

from mcp.server.mcpserver import MCPServer
from mcp.server.mcpserver.exceptions import ToolError
from mcp_types import CallToolResult, TextContent
from pydantic import Field

from grace import __version__
from grace.bootstrap import (
    LearningsApp,
    MatchingApp,
    ResolutionApp,
    build_learnings,
    build_matching,
    build_resolution,
    locate_project,
)
from grace.config import Settings
from grace.entrypoints.cli.common import to_jsonable
from grace.errors import (
    ConfigError,
    GraceError,
    LearningsFileError,
    ProjectError,
)
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

if TYPE_CHECKING:
    from grace.bootstrap.platform import PlatformResolution

log = logging.getLogger("grace.mcp")
P = ParamSpec("P")
R = TypeVar("R")

MAX_REQUEST_BYTES: Final = 256 * 1024
"""Largest HTTP request body accepted (bytes); a task is at most 50 000 characters."""

INSTRUCTIONS: Final = (
    "GRACE serves the project's curated engineering guidance (talents). Before coding, call "
    "grace_resolve_context with your role and the task; follow its 'when to dig deeper' "
    "pointers with grace_get. grace_doctor explains what is misconfigured in the project."
)

Task = Annotated[
    str,
    Field(max_length=MAX_TASK_CHARS, description="The task in free text, as given to the agent."),
]
Role = Annotated[
    str,
    Field(max_length=64, description="Agent role: architect, backend, frontend, reviewer, tester."),
]
ProjectArg = Annotated[
    str | None,
    Field(
        default=None,
        max_length=4096,
        description="Path of a grace.yaml (or its folder) under the server's root; default: the "
        "project found from the server's working directory. On a platform server (--db), the "
        "project's name in the platform database (required).",
    ),
]
DepthArg = Annotated[
    Literal["compact", "standard", "full", "auto"],
    Field(description="Body depth; auto serves the deepest that fits the budget."),
]
BudgetArg = Annotated[
    int | None,
    Field(
        default=None,
        ge=1,
        le=MAX_TOKEN_BUDGET,
        description="Maximum tokens of the context (default GRACE_TOKEN_BUDGET, 8000).",
    ),
]


A = TypeVar("A", bound=AbstractContextManager[Any])


class Projects:
    """Resolution apps per project, with paths from clients kept inside ``root``."""

    def __init__(self, settings: Settings, *, root: Path, default: Path | None,
                 platform: PlatformResolution | None = None) -> None:
        self.settings = settings
        self.root = root.resolve()
        self.default = default
        self.platform = platform
        self._apps: dict[Path, ResolutionApp] = {}
        self._opened = ExitStack()

    def keep(self, app: A) -> A:
        """Keep ``app`` open for the life of the server; :meth:`close` closes it."""
        kept: A = self._opened.enter_context(app)
        return kept

    def close(self) -> None:
        """Close every app opened for the server (last opened first)."""
        self._opened.close()

    def path_for(self, project: str | None) -> Path:
        """The project file for a client's ``project`` argument.

        Raises:
            ProjectError: the path leaves the root, or no project is found.
        """
        if project is None:
            return locate_project(self.settings, self.default)
        candidate = (self.root / project).resolve()
        if not candidate.is_relative_to(self.root):
            raise ProjectError(f"project path {project!r} is outside the server's root")
        return candidate

    def app(self, project: str | None) -> ResolutionApp:
        if self.platform is not None:  # platform mode (issue 17): a project of the database
            if project is None:
                raise ProjectError("this server serves a platform database: name the project "
                                   "(argument `project`)")
            return self.platform.app(project)
        path = self.path_for(project)
        key = path.resolve()
        if key not in self._apps:
            self._apps[key] = self.keep(build_resolution(self.settings, project=path))
        return self._apps[key]


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


def build_server(projects: Projects) -> MCPServer:
    """The MCP server with GRACE's tools (nothing is loaded until a tool is called or warmed)."""
    server: MCPServer = MCPServer(
        name="grace", version=__version__, instructions=INSTRUCTIONS, log_level="WARNING"
    )

    @server.tool(
        name="grace_resolve_context",
        description="Compile the guidance (talents) a coding agent should read for its role and "
        "task, within a token budget. Returns Markdown, plus the served ids, depths, tokens and "
        "every dropped id with its reason.",
    )
    @tool_errors
    def grace_resolve_context(
        task: Task,
        role: Role,
        project: ProjectArg = None,
        depth: DepthArg = "auto",
        token_budget: BudgetArg = None,
        files: Annotated[
            list[Annotated[str, Field(max_length=1024)]] | None,
            Field(
                default=None, max_length=1000,
                description="Files the agent is editing, relative to the repository root "
                "(e.g. app/api/items.py) or absolute under it: their languages and the "
                "talents' globs decide.",
            ),
        ] = None,
    ) -> CallToolResult:
        app = projects.app(project)
        result = app.resolve(
            app.project_file.project,
            role=role,
            task=task,
            depth=depth,
            token_budget=token_budget or app.settings.token_budget,
            files=files or (),
            root=str(app.project_file.path.parent),
        )
        return CallToolResult(
            content=[TextContent(type="text", text=result.markdown)],
            structured_content=to_jsonable(result),
        )

    @server.tool(
        name="grace_get",
        description="Read one talent at a depth, or one named section of it (the calls listed "
        "in the 'when to dig deeper' table).",
    )
    @tool_errors
    def grace_get(
        id: Annotated[
            str, Field(max_length=128, description="Talent id, e.g. backend.repository.")
        ],
        depth: Annotated[
            Literal["compact", "standard", "full"], Field(description="Body depth.")
        ] = "full",
        section: Annotated[
            str | None,
            Field(default=None, max_length=128, description="Section name (a slug)."),
        ] = None,
        project: ProjectArg = None,
    ) -> CallToolResult:
        text = projects.app(project).get(id, depth=depth, section=section)
        return CallToolResult(
            content=[TextContent(type="text", text=text.text)], structured_content=asdict(text)
        )

    @server.tool(
        name="grace_doctor",
        description="Check the project and its catalog: missing prerequisites (with the fix), "
        "unknown ids, cycles, conflicts, drafts, invalid manifests, oversized bodies.",
    )
    @tool_errors
    def grace_doctor(project: ProjectArg = None) -> CallToolResult:
        app = projects.app(project)
        report = app.doctor(app.project_file.project)
        lines = [
            f"{report.catalog_size} talents, {report.enabled} enabled: {report.errors} error(s), "
            f"{report.warnings} warning(s)"
        ]
        lines += [f"- [{f.severity}] {f.code} {f.subject}: {f.message} → {f.fix}"
                  for f in report.findings]
        data: dict[str, Any] = to_jsonable(report)
        data.update(errors=report.errors, warnings=report.warnings)
        return CallToolResult(
            content=[TextContent(type="text", text="\n".join(lines))], structured_content=data
        )

    learnings: dict[Path, LearningsApp] = {}

    def learnings_app(file: str | None) -> LearningsApp:
        name = file if file is not None else str(projects.settings.learnings_file)
        path = (projects.root / name).resolve()
        if not path.is_relative_to(projects.root):
            raise LearningsFileError(f"learnings path {name!r} is outside the server's root")
        if path not in learnings:
            learnings[path] = projects.keep(build_learnings(projects.settings, path))
        return learnings[path]

    @server.tool(
        name="grace_learnings_search",
        description="Before starting a piece of work, find the relevant past lessons "
        "(learnings.jsonl), in French or English, from a description or the workflow form "
        "'{domain} {probable tags}'. Semantic + BM25 + tag/domain search over the index (grep "
        "on tags at or below GRACE_LEARNINGS_THRESHOLD, default 0); each hit says why it "
        "matched and the result says which path answered.",
    )
    @tool_errors
    def grace_learnings_search(
        query: Annotated[str, Field(max_length=MAX_QUERY_CHARS, description="What you are "
                                    "about to work on, e.g. '{domain} {probable tags}'.")],
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
            Field(default=None, max_length=32, description="Only entries dated on or after "
                  "this day (YYYY-MM-DD)."),
        ] = None,
        file: Annotated[
            str | None,
            Field(default=None, max_length=4096, description="Learnings file under the "
                  "server's root (default GRACE_LEARNINGS_FILE, ./learnings.jsonl)."),
        ] = None,
    ) -> CallToolResult:
        filters = Filters(tags=tuple(tags or ()), domain=domain, since=parse_date(since))
        result = learnings_app(file).search(query, k=k, filters=filters)
        lines = [f"{result.path}: {result.reason}"]
        for h in result.hits:
            e = h.learning
            why = ", ".join(h.matched_tags + h.matched_terms) or "semantic similarity"
            lines.append(f"- {e.id} [{', '.join(e.tags)}] {e.story} → {e.learning} (why: {why})")
        return CallToolResult(
            content=[TextContent(type="text", text="\n".join(lines))],
            structured_content=to_jsonable(result),
        )

    matching: list[MatchingApp] = []

    def matching_app() -> MatchingApp:
        if not matching:
            matching.append(projects.keep(build_matching(projects.settings)))
        return matching[0]

    @server.tool(
        name="grace_find_members",
        description="Shortlist members (venues, providers) for an event request: hard filters "
        "(zone, capacity, budget, dates), vector ranking, then 4 recommended + 4 compatible, "
        "each with a one-sentence French explanation. Member codes in the description (#102) "
        "are served directly. Returns the search id (for feedback) and similar past requests "
        "that could be reused.",
    )
    @tool_errors
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
    ) -> CallToolResult:
        body = parse_body({
            "description": description, "extra": extra, "format": format,
            "headcount": headcount, "budget_min_eur": budget_min_eur,
            "budget_max_eur": budget_max_eur, "zone": zone, "radius_km": radius_km,
            "dates": dates, "codes": codes}, SearchBody, where="arguments")
        result = matching_app().match(body.to_request())
        return CallToolResult(
            content=[TextContent(type="text", text=_match_text(result))],
            structured_content=to_jsonable(result),
        )

    @server.tool(
        name="grace_find_similar_requests",
        description="Past requests with the same hard filters (zone, dates, capacity, budget) "
        "that say the same thing, with the shortlist they got: offer the organiser to reuse "
        "one instead of a new search.",
    )
    @tool_errors
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
    ) -> CallToolResult:
        body = parse_body({
            "description": description, "extra": extra, "format": format,
            "headcount": headcount, "budget_min_eur": budget_min_eur,
            "budget_max_eur": budget_max_eur, "zone": zone, "radius_km": radius_km,
            "dates": dates, "k": k}, SimilarBody, where="arguments")
        found = matching_app().match.similar_requests(body.to_request(), k=body.k)
        lines = [f"{len(found)} similar past request(s)"]
        lines += [f"- {p.search_id} ({p.similarity:.2f}, {p.at:%Y-%m-%d}): {p.description[:120]}"
                  f" → {', '.join(s.code for s in p.suggestions)}" for p in found]
        return CallToolResult(
            content=[TextContent(type="text", text="\n".join(lines))],
            structured_content={"similar_requests": to_jsonable(found)},
        )

    return server


def _match_text(r: MatchResult) -> str:
    lines = [f"search {r.search_id} — zone: {r.zone or 'anywhere'} — ranker: {r.ranker}"]
    if r.fallback:
        lines.append(f"fallback: {r.fallback}")
    if r.narrowed:
        lines.append(r.narrowed)
    lines.append(" → ".join(f"{f.stage}: {f.kept}" for f in r.funnel))
    for title, group in (("Recommandés", r.recommended), ("Compatibles", r.compatible)):
        lines.append(f"{title} :")
        lines += [f"- {s.code} {s.name} ({s.commune}) — {s.explanation}" for s in group]
    if r.unknown_codes:
        lines.append(f"codes inconnus : {', '.join(r.unknown_codes)}")
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
    http: bool,
    host: str = "127.0.0.1",
    port: int = 8765,
    platform_db: str | None = None,
) -> None:
    """Warm up (model and talent vectors when relevance is on), then serve until stopped.

    With ``platform_db`` (``grace mcp --db URL``), every project of that platform database is
    served, named by the tools' ``project`` argument (issue 17); nothing is warmed up.

    Raises:
        GraceError: no project to serve, or a bad host.
    """
    logging.basicConfig(
        stream=sys.stderr, level=logging.INFO, format="%(asctime)s %(name)s %(message)s"
    )
    if http:
        check_loopback(host)
    projects = Projects(settings, root=Path.cwd(), default=project)
    if platform_db is not None:
        from grace.bootstrap.platform import build_platform

        projects.platform = projects.keep(build_platform(settings, platform_db))
        projects.platform.warm_up()
        log.info("serving the projects of the platform database (relevance %s)",
                 settings.relevance)
    else:
        app = projects.app(None)
        app.warm_up()
        log.info("serving %s (relevance %s)", app.project_file.path, settings.relevance)
    server = build_server(projects)
    try:
        if http:
            server.run(
                "streamable-http", host=host, port=port, max_request_body_size=MAX_REQUEST_BYTES
            )
        else:
            server.run("stdio")
    finally:
        projects.close()
