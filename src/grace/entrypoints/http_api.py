"""The matching HTTP API (seed 003) and the organiser page: thin routes that parse, call one use
case of :class:`~grace.bootstrap.MatchingApp` and format.

Errors are RFC 9457 problem responses (``application/problem+json``: ``type``, ``title``,
``status``, ``detail``); a client never sees a traceback or an exception's text for an
unexpected error. Bodies are capped at :data:`MAX_BODY_BYTES`.
"""

from __future__ import annotations

import asyncio
from http import HTTPStatus
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, Literal

import uvicorn
from fastapi import FastAPI, Query, Request
from fastapi import Path as PathParam
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel, ConfigDict, Field
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from grace.bootstrap import MatchingApp
from grace.errors import (
    ConfigError,
    GraceError,
    MemberStoreError,
    MemberValidationError,
    UnavailableError,
    UnknownProjectError,
    UnknownSearchError,
    UpstreamError,
    ZoneError,
)
from grace.matching.application.match import MatchResult
from grace.matching.application.request_schema import SearchBody, SimilarBody
from grace.matching.domain.history import (
    CorrectionReason,
    Feedback,
    MatchingStats,
    SimilarRequest,
    Verdict,
)
from grace.matching.domain.model import Member

if TYPE_CHECKING:
    from grace.bootstrap.platform import PlatformResolution

MAX_BODY_BYTES = 256 * 1024
"""Largest request body accepted (bytes); more is a 413 problem. A 20 000-character description
and extra information written with JSON ``\\u`` escapes (6 bytes a character) fit."""
BODY_TIMEOUT_S = 30.0
"""Longest time a request body may take to arrive, from the first read (seconds): a body that
trickles in (slowloris) or stalls past it gets a 408 problem and its connection is closed. 256 KiB
in 30 s is under 9 KB/s: any real client is far faster."""
MAX_CONNECTIONS = 100
"""Open connections and requests in progress that ``grace serve`` accepts at once (uvicorn's
``limit_concurrency``); beyond it a request gets a 503 at once and its connection is closed."""
PROBLEM = "application/problem+json"
SEARCH_ID = r"^[0-9a-f]{32}$"
WEB = Path(str(resources.files("grace.entrypoints") / "web"))
"""The organiser page (plain HTML, JS and CSS, no build step)."""
PAGE_CSP = ("default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
            "connect-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'")

class FeedbackBody(BaseModel):
    """The organiser's verdict on one suggestion of a search."""

    model_config = ConfigDict(extra="forbid", json_schema_extra={"examples": [
        {"code": "#FEST_35238_7", "verdict": "kept", "comment": "Parfait pour nous"},
        {"code": "#FEST_35238_7", "verdict": "corrected", "reason": "too_small",
         "comment": "300 places au plus"}]})

    code: str = Field(min_length=2, max_length=41, description="The suggested member's code.")
    verdict: Verdict = Field(description="kept or corrected.")
    reason: CorrectionReason | None = Field(
        None, description="Why it was corrected: wrong_place, wrong_theme, too_small, "
        "too_expensive, other (with a comment). Only with verdict 'corrected'.")
    comment: str = Field("", max_length=2000, description="Why (optional; required with "
                         "reason 'other').")


class DepartementCentre(BaseModel):
    """A département's centre (degrees WGS84), for the page's map."""

    code: str
    name: str
    lat: float
    lon: float


class ResolveBody(BaseModel):
    """``grace_resolve_context``'s arguments (issue 17: a project of the platform database)."""

    model_config = ConfigDict(extra="forbid", json_schema_extra={"examples": [
        {"task": "Ajouter la pagination à GET /invoices", "role": "backend",
         "files": ["app/api/invoices.py"]}]})

    task: str = Field(max_length=50_000, description="The task in free text.")
    role: str = Field(max_length=64, description="Agent role: backend, frontend, architect…")
    depth: Literal["compact", "standard", "full", "auto"] = Field(
        "auto", description="Body depth; auto serves the deepest that fits the budget.")
    token_budget: int | None = Field(None, ge=1, le=1_000_000,
                                     description="Maximum tokens (default GRACE_TOKEN_BUDGET).")
    files: list[Annotated[str, Field(max_length=1024)]] = Field(
        default_factory=list, max_length=1000,
        description="Files in play, relative to the repository root.")


class Problem(BaseModel):
    """An RFC 9457 problem document."""

    type: str
    title: str
    status: int
    detail: str


_ERRORS: dict[int | str, dict[str, Any]] = {
    code: {"model": Problem, "content": {PROBLEM: {}}, "description": why}
    for code, why in ((404, "Unknown search or member"), (413, "Body larger than 256 KiB"),
                      (422, "Invalid request"), (500, "Internal error"),
                      (502, "A remote service (embeddings, LLM) failed"),
                      (503, "Member store, cache or another dependency unavailable"))}

# GraceError subclass → (status, problem type suffix, title); first match wins. A dependency's
# failure (UnavailableError) is never the client's: 502 when a remote service failed, else 503.
_MAPPING: tuple[tuple[type[GraceError], int, str, str], ...] = (
    (ZoneError, 422, "zone", "Zone not understood"),
    (MemberValidationError, 422, "validation", "Invalid request"),
    (UnknownSearchError, 404, "not-found", "Not found"),
    (UnknownProjectError, 404, "not-found", "Not found"),
    (MemberStoreError, 503, "store-unavailable", "Member store unavailable"),
    (UpstreamError, 502, "upstream", "Upstream service failed"),
    (UnavailableError, 503, "unavailable", "Service unavailable"),
    (ConfigError, 500, "config", "Configuration error"),
)


def problem(status_code: int, kind: str, title: str, detail: str,
            **extra: Any) -> JSONResponse:
    """A problem response (``type`` is ``urn:grace:problem:<kind>``)."""
    body = {"type": f"urn:grace:problem:{kind}", "title": title, "status": status_code,
            "detail": detail, **extra}
    return JSONResponse(body, status_code=status_code, media_type=PROBLEM)


async def _grace_error(_: Request, exc: Exception) -> JSONResponse:
    for cls, code, kind, title in _MAPPING:
        if isinstance(exc, cls):
            return problem(code, kind, title, str(exc))
    return problem(422, "error", "Request refused", str(exc))


async def _validation_error(_: Request, exc: Exception) -> JSONResponse:
    assert isinstance(exc, RequestValidationError)
    errors = [{"field": ".".join(str(p) for p in e.get("loc", ())), "message": str(e["msg"])}
              for e in exc.errors()]
    detail = "; ".join(f"{e['field']}: {e['message']}" for e in errors) or "invalid request"
    return problem(422, "validation", "Invalid request", detail, errors=errors)


async def _http_error(_: Request, exc: Exception) -> JSONResponse:
    assert isinstance(exc, StarletteHTTPException)
    detail = exc.detail if isinstance(exc.detail, str) else "request refused"
    return problem(exc.status_code, "http", _reason(exc.status_code), detail)


async def _internal_error(_: Request, exc: Exception) -> JSONResponse:
    # Starlette re-raises ``exc`` after this response: the server logs the traceback.
    return problem(500, "internal", "Internal error",
                   "internal error: the server could not answer; it has been logged")


def _reason(code: int) -> str:
    try:
        return HTTPStatus(code).phrase
    except ValueError:
        return "Error"


class BodyLimit:
    """ASGI middleware: refuse a body larger than ``limit`` bytes with a 413 problem, from its
    ``Content-Length`` or, for a streamed body, once the bytes read exceed it (the body is
    buffered, at most ``limit`` bytes, then replayed to the app); refuse a body that has not
    arrived within ``timeout_s`` seconds with a 408 problem (uvicorn has no read timeout: a
    trickling client would hold its connection forever).

    Before refusing, up to ``drain`` more bytes of the body are read and dropped, so that the
    client, still sending, gets the 413 rather than a reset connection. Both refusals close the
    connection.
    """

    def __init__(self, app: ASGIApp, *, limit: int = MAX_BODY_BYTES,
                 drain: int = 16 * MAX_BODY_BYTES, timeout_s: float = BODY_TIMEOUT_S) -> None:
        self.app, self.limit, self.drain, self.timeout_s = app, limit, drain, timeout_s

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        try:
            async with asyncio.timeout(self.timeout_s):
                body = await self._read(scope, receive)
        except TimeoutError:
            response = problem(408, "timeout", "Request timeout",
                               f"the body did not arrive within {self.timeout_s:g} s")
            response.headers["Connection"] = "close"
            await response(scope, receive, send)
            return
        if body is None:
            await self._refuse(scope, receive, send)
            return
        replayed = False

        async def replay() -> Message:
            nonlocal replayed
            if not replayed:
                replayed = True
                return {"type": "http.request", "body": body, "more_body": False}
            return await receive()

        await self.app(scope, replay, send)

    async def _read(self, scope: Scope, receive: Receive) -> bytes | None:
        """The whole body, or ``None`` when it is too large (what was sent of it is drained)."""
        length = dict(scope["headers"]).get(b"content-length")
        try:
            declared = int(length) if length is not None else None
        except ValueError:
            declared = None
        if declared is not None and declared > self.limit:
            if declared <= self.drain:
                await self._drain(receive, 0)
            return None
        chunks: list[bytes] = []
        size, more = 0, True
        while more:
            message = await receive()
            if message["type"] != "http.request":
                break  # disconnected: let the app see it
            chunks.append(message.get("body", b""))
            size += len(chunks[-1])
            more = message.get("more_body", False)
            if size > self.limit:
                if more:
                    await self._drain(receive, size)
                return None
        return b"".join(chunks)

    async def _drain(self, receive: Receive, size: int) -> None:
        while size <= self.drain:
            message = await receive()
            if message["type"] != "http.request":
                return
            size += len(message.get("body", b""))
            if not message.get("more_body", False):
                return

    async def _refuse(self, scope: Scope, receive: Receive, send: Send) -> None:
        response = problem(413, "too-large", "Request body too large",
                           f"the body is larger than {self.limit // 1024} KiB")
        response.headers["Connection"] = "close"
        await response(scope, receive, send)


def create_app(matching: MatchingApp, *, body_timeout_s: float = BODY_TIMEOUT_S,
               platform: PlatformResolution | None = None) -> FastAPI:
    """The HTTP API and the organiser page over ``matching``; with ``platform`` (issue 17),
    ``POST /api/projects/{project}/resolve`` too: ``grace_resolve_context`` for any project of
    the platform database.

    FastAPI runs these sync routes in a thread pool; :class:`MatchMembers` serialises its store
    calls itself and runs stage 3 (the LLM, seconds) outside its lock, so one slow LLM answer
    does not hold the other organisers back.

    Raises:
        ConfigError: the matching settings are unusable (``GRACE_RANKER=claude`` without a
            key): refused at start, not on every search.
    """
    service = matching.match  # built now: a configuration error stops the start
    # docs_url / redoc_url off: FastAPI's pages load their scripts from a CDN, which the
    # machines this runs on cannot reach; the schema itself is served at /openapi.json.
    app = FastAPI(title="GRACE matching", version="1", docs_url=None, redoc_url=None,
                  summary="Match event requests with member venues (seed 003).",
                  description="Search members for an organiser's request (hard filters, vector "
                  "ranking, explained shortlist), send feedback, reuse past requests. Errors are "
                  "RFC 9457 problems (application/problem+json).")
    app.add_exception_handler(GraceError, _grace_error)
    app.add_exception_handler(RequestValidationError, _validation_error)
    app.add_exception_handler(StarletteHTTPException, _http_error)
    app.add_exception_handler(Exception, _internal_error)
    app.add_middleware(BodyLimit, timeout_s=body_timeout_s)

    @app.middleware("http")
    async def _page_headers(request: Request, call_next: Any) -> Any:
        response = await call_next(request)
        response.headers["X-Content-Type-Options"] = "nosniff"
        if request.url.path == "/" or request.url.path.startswith("/static/"):
            response.headers["Content-Security-Policy"] = PAGE_CSP
        return response

    @app.post("/api/searches", status_code=201, response_model=MatchResult, responses=_ERRORS,
              summary="Search members for a request", tags=["searches"])
    def search(body: SearchBody) -> MatchResult:
        """Stages 1–3 of seed 003 (or the named codes, served directly): recommended and
        compatible members with one explanation each, the funnel, the ranker, and past
        requests with the same hard filters offered for reuse. Keep ``search_id`` for
        feedback."""
        request = body.to_request()
        return service(request)

    @app.get("/api/searches/{search_id}", response_model=dict[str, Any], responses=_ERRORS,
             summary="A past search", tags=["searches"])
    def get_search(search_id: Annotated[str, PathParam(pattern=SEARCH_ID)]) -> Any:
        """A past search as the log keeps it (request, suggestions, ranker, timings), to reuse
        its suggestions."""
        rec = service.search_record(search_id)
        if rec is None:
            return problem(404, "not-found", "Not found", f"no search {search_id!r} in the "
                           "search log")
        return {"search_id": rec.search_id, "at": rec.at.isoformat(), "mode": rec.mode,
                "request": rec.request, "ranker": rec.ranker, "fallback": rec.fallback,
                "stage_ms": rec.stage_ms, "funnel": rec.funnel, "cost_eur": rec.cost_eur,
                "suggestions": [{"code": s.code, "group": s.group,
                                 "explanation": s.explanation} for s in rec.suggestions]}

    @app.post("/api/searches/{search_id}/feedback", status_code=201, response_model=Feedback,
              responses=_ERRORS, summary="Keep or correct a suggestion", tags=["searches"])
    def feedback(search_id: Annotated[str, PathParam(pattern=SEARCH_ID)],
                 body: FeedbackBody) -> Feedback:
        """Record the organiser's verdict on a member the search suggested (404 when the
        search is unknown or did not suggest that code)."""
        return service.feedback(search_id, body.code, body.verdict, comment=body.comment,
                                reason=body.reason)

    @app.get("/api/map/departements", response_model=list[DepartementCentre],
             summary="Département centres (the map's base)", tags=["map"])
    def departements() -> list[DepartementCentre]:
        """Every département's centre, from the package's geo data: the page draws France
        from these points and the shortlist on top (no tile server needed)."""
        return [DepartementCentre(code=c, name=n, lat=la, lon=lo)
                for c, n, la, lo in matching.geo.departement_centres()]

    @app.post("/api/similar-requests", response_model=list[SimilarRequest], responses=_ERRORS,
              summary="Past requests like this one", tags=["searches"])
    def similar(body: SimilarBody) -> list[SimilarRequest]:
        """Past searches with the same hard filters and a close request (cosine ≥ the reuse
        threshold), closest first."""
        request = body.to_request()
        return service.similar_requests(request, k=body.k)

    @app.get("/api/members/{code}", response_model=Member, responses=_ERRORS,
             summary="A member by code", tags=["members"])
    def member(code: Annotated[str, PathParam(max_length=41, examples=["#102"],
                                              description="URL-encoded: %23102")]) -> Any:
        """The member with this code (``#`` written ``%23`` in the URL)."""
        found = service.member(code)
        if found is None:
            return problem(404, "not-found", "Not found", f"no member {code!r} in the store")
        return found

    @app.get("/api/stats", response_model=MatchingStats, responses=_ERRORS,
             summary="Matching metrics", tags=["stats"])
    def stats(last: Annotated[int | None, Query(ge=1, le=1_000_000)] = None) -> MatchingStats:
        """Latency percentiles per stage (ms), funnel means, rankers, fallbacks, cost per
        search (€) and the acceptance rate of the feedback, over the last ``last`` searches."""
        return service.stats(last=last)

    _add_resolve_route(app, platform)

    @app.get("/healthz", summary="Liveness", tags=["ops"])
    async def healthz() -> dict[str, str]:  # on the event loop: never queued behind searches
        return {"status": "ok"}

    @app.get("/", include_in_schema=False)
    def page() -> FileResponse:
        return FileResponse(WEB / "index.html", media_type="text/html; charset=utf-8")

    app.mount("/static", StaticFiles(directory=WEB), name="static")
    return app


def _add_resolve_route(app: FastAPI, platform: PlatformResolution | None) -> None:
    """``POST /api/projects/{project}/resolve`` over ``platform`` (nothing without one)."""
    if platform is None:
        return
    from grace.entrypoints.cli.common import to_jsonable

    @app.post("/api/projects/{project}/resolve", response_model=dict[str, Any],
              responses=_ERRORS, summary="Resolve a platform project's context",
              tags=["resolution"])
    def resolve(project: Annotated[str, PathParam(max_length=128, examples=["facturation"])],
                body: ResolveBody) -> Any:
        """``grace_resolve_context`` for a project of the platform database: the Markdown
        (``markdown``), the served ids and depths, the tokens and every dropped id with its
        reason (404 for an unknown project)."""
        wired = platform.app(project)
        result = wired.resolve(wired.project, role=body.role, task=body.task,
                               depth=body.depth, files=body.files,
                               token_budget=body.token_budget or wired.settings.token_budget)
        return to_jsonable(result)


def server_config(app: ASGIApp, *, host: str = "127.0.0.1", port: int = 8000,
                  **overrides: Any) -> uvicorn.Config:
    """uvicorn's settings for ``grace serve`` (the tests serve with them too): at most
    :data:`MAX_CONNECTIONS` at once, idle keep-alive connections closed after 5 s, no
    ``Server`` header, no proxy headers trusted, no websockets. ``overrides``: other
    ``uvicorn.Config`` arguments (``log_level``, ``lifespan``…)."""
    options: dict[str, Any] = {
        "host": host, "port": port, "log_level": "info", "ws": "none", "server_header": False,
        "proxy_headers": False, "timeout_keep_alive": 5, "limit_concurrency": MAX_CONNECTIONS,
        **overrides}
    return uvicorn.Config(app, **options)


__all__ = ["BODY_TIMEOUT_S", "MAX_BODY_BYTES", "MAX_CONNECTIONS", "create_app", "problem",
           "server_config"]
