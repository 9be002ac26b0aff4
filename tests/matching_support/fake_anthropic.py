"""A loopback HTTP server that plays the Anthropic Messages API (``POST /v1/messages``).

Scripted per test with a queue of behaviours, each answering one request in order::

    with serve_fake_anthropic() as api:
        api.script(valid({"recommended": [], "compatible": [], "rejected": []}),
                   slow(3.0, then=status(529)))
        proposer = ClaudeProposer(api_key="sk-test", base_url=api.base_url)
        ...
        assert api.requests[0].body["model"] == "claude-sonnet-4-5"

Behaviours: :func:`valid` (a proper message whose text is a JSON answer), :func:`text` (any
text and stop reason: invalid JSON, unknown codes, truncation), :func:`from_schema` (a valid
answer built from the codes enum of the request's schema, for benchmarks), :func:`slow`
(sleep, then another behaviour), :func:`status` (an API error body with a 4xx / 5xx),
:func:`raw` (any body and content type), :func:`hang_up` (close without answering),
:func:`computed` (an answer built from the request by a function). With the
queue empty, the ``default`` behaviour answers (an HTTP 500 naming the problem unless set).
``delay_s`` sleeps before every answer (a realistic latency for benchmarks).

Every request is recorded (path, lower-cased headers, parsed JSON body). Stdlib only
(``http.server.ThreadingHTTPServer`` on 127.0.0.1, port 0, one thread per connection, every
response with ``Connection: close``); leaving the context manager wakes sleeping handlers,
stops the server and joins every thread it started.
"""

from __future__ import annotations

import itertools
import json
import sys
import threading
from collections import deque
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any, Literal

ERROR_TYPES = {400: "invalid_request_error", 401: "authentication_error",
               403: "permission_error", 404: "not_found_error", 413: "request_too_large",
               429: "rate_limit_error", 500: "api_error", 503: "api_error",
               529: "overloaded_error"}
"""The API's ``error.type`` per status (docs.anthropic.com/en/api/errors)."""


@dataclass(frozen=True, slots=True)
class Behaviour:
    """How the fake answers one request (build with the functions below)."""

    kind: Literal["message", "from_schema", "slow", "status", "raw", "hang_up", "trickle",
                  "computed"]
    text: str = ""
    stop_reason: str | None = "end_turn"
    input_tokens: int = 0
    output_tokens: int = 0
    seconds: float = 0.0
    then: Behaviour | None = None
    code: int = 200
    body: bytes = b""
    content_type: str = "application/json"
    compute: Callable[[Any], dict[str, Any]] | None = None


def computed(compute: Callable[[Any], dict[str, Any]], *, input_tokens: int = 1500,
             output_tokens: int = 400) -> Behaviour:
    """A valid message whose JSON answer is ``compute(request_body)``: an answer that depends
    on the finalists sent (the schema's codes enum, the prompt's candidate facts)."""
    return Behaviour("computed", compute=compute, input_tokens=input_tokens,
                     output_tokens=output_tokens)


def valid(answer: dict[str, Any], *, input_tokens: int = 1500,
          output_tokens: int = 400) -> Behaviour:
    """A 200 message whose single text block is ``json.dumps(answer)``, ``end_turn``."""
    return Behaviour("message", text=json.dumps(answer, ensure_ascii=False),
                     input_tokens=input_tokens, output_tokens=output_tokens)


def text(raw_text: str, stop_reason: str | None = "end_turn", *, input_tokens: int = 1500,
         output_tokens: int = 400) -> Behaviour:
    """A 200 message whose single text block is ``raw_text`` (``max_tokens``: truncation)."""
    return Behaviour("message", text=raw_text, stop_reason=stop_reason,
                     input_tokens=input_tokens, output_tokens=output_tokens)


def from_schema(*, input_tokens: int = 1500, output_tokens: int = 400) -> Behaviour:
    """A valid answer built from the request's ``output_config.format.schema`` codes enum: the
    first 4 codes recommended, the next 4 compatible, nothing rejected."""
    return Behaviour("from_schema", input_tokens=input_tokens, output_tokens=output_tokens)


def slow(seconds: float, *, then: Behaviour) -> Behaviour:
    """Sleep ``seconds`` before answering with ``then`` (woken early when the server stops)."""
    return Behaviour("slow", seconds=seconds, then=then)


def status(code: int, message: str = "fake API error") -> Behaviour:
    """An HTTP ``code`` with the API's error body ``{"type": "error", "error": {…}}``."""
    body = {"type": "error", "error": {"type": ERROR_TYPES.get(code, "api_error"),
                                       "message": message}}
    return Behaviour("status", code=code, body=json.dumps(body).encode())


def raw(body: bytes, *, code: int = 200, content_type: str = "application/json") -> Behaviour:
    """Any body (a broken proxy's answer)."""
    return Behaviour("raw", code=code, body=body, content_type=content_type)


def trickle(seconds_per_byte: float, *, answer: dict[str, Any]) -> Behaviour:
    """A valid message whose body is sent one byte every ``seconds_per_byte`` (headers at
    once): each read is quick, the whole is slow. ``fake.trickle_cut`` counts the bodies the
    client cut off (connection closed before the end)."""
    return Behaviour("trickle", text=json.dumps(answer), seconds=seconds_per_byte)


def hang_up() -> Behaviour:
    """Read the request, then close the connection without a response."""
    return Behaviour("hang_up")


@dataclass(frozen=True, slots=True)
class RecordedRequest:
    """A request the fake received: ``headers`` lower-cased, ``body`` the parsed JSON (``None``
    when it was not JSON)."""

    method: str
    path: str
    headers: dict[str, str]
    body: Any


def _codes(body: Any) -> list[str]:
    try:
        props = body["output_config"]["format"]["schema"]["properties"]
        return list(props["recommended"]["items"]["properties"]["memberCode"]["enum"])
    except (KeyError, TypeError):
        return []


@dataclass
class FakeAnthropic:
    """The running fake: ``base_url`` to hand to the SDK, :meth:`script`, ``requests``.

    Attributes:
        delay_s: seconds slept before every answer (0 by default), on top of :func:`slow`.
        default: the behaviour used once the scripted queue is empty.
        errors: exceptions raised by handlers (a test may assert there are none).
        trickle_cut: trickled bodies the client cut off before their end.
        delayed: answers that slept ``delay_s`` first.
    """

    base_url: str = ""
    delay_s: float = 0.0
    default: Behaviour = field(default_factory=lambda: status(500, "fake: nothing scripted"))
    requests: list[RecordedRequest] = field(default_factory=list)
    errors: list[BaseException] = field(default_factory=list)
    trickle_cut: int = 0
    delayed: int = 0
    _queue: deque[Behaviour] = field(default_factory=deque)
    _lock: threading.Lock = field(default_factory=threading.Lock)
    _stopping: threading.Event = field(default_factory=threading.Event)
    _ids: Iterator[int] = field(default_factory=lambda: itertools.count(1))

    def script(self, *behaviours: Behaviour) -> None:
        """Queue behaviours, answered in order, one per request."""
        with self._lock:
            self._queue.extend(behaviours)

    @property
    def pending(self) -> int:
        """Scripted behaviours not used yet."""
        with self._lock:
            return len(self._queue)

    def _take(self, request: RecordedRequest) -> tuple[Behaviour, int]:
        with self._lock:
            self.requests.append(request)
            return (self._queue.popleft() if self._queue else self.default), next(self._ids)

    def _sleep(self, seconds: float) -> bool:
        """Sleep; ``False`` when the server is stopping (the handler then drops the answer)."""
        return seconds <= 0 or not self._stopping.wait(seconds)


def _answer(codes: list[str]) -> str:
    return json.dumps({
        "recommended": [{"memberCode": c, "explanation": f"Recommandé : {c}."} for c in codes[:4]],
        "compatible": [{"memberCode": c, "explanation": f"Compatible : {c}."} for c in codes[4:8]],
        "rejected": []}, ensure_ascii=False)


def _message(fake_id: int, model: str, b: Behaviour, answer_text: str) -> dict[str, Any]:
    return {"id": f"msg_fake{fake_id:06d}", "type": "message", "role": "assistant",
            "model": model, "content": [{"type": "text", "text": answer_text}],
            "stop_reason": b.stop_reason, "stop_sequence": None,
            "usage": {"input_tokens": b.input_tokens, "output_tokens": b.output_tokens}}


class _Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    server: _Server

    def log_message(self, format: str, *args: Any) -> None:  # quiet
        pass

    def do_POST(self) -> None:
        fake = self.server.fake
        length = int(self.headers.get("content-length") or 0)
        data = self.rfile.read(length)
        try:
            body: Any = json.loads(data)
        except ValueError:
            body = None
        behaviour, fake_id = fake._take(RecordedRequest(
            "POST", self.path, {k.lower(): v for k, v in self.headers.items()}, body))
        if fake.delay_s > 0:
            if not fake._sleep(fake.delay_s):
                return
            with fake._lock:
                fake.delayed += 1
        while behaviour.kind == "slow":
            if not fake._sleep(behaviour.seconds):
                return
            assert behaviour.then is not None
            behaviour = behaviour.then
        if self.path != "/v1/messages":
            behaviour = status(404, f"fake: no route {self.path}")
        model = body.get("model", "") if isinstance(body, dict) else ""
        if behaviour.kind == "hang_up":
            self.close_connection = True
            return
        if behaviour.kind == "trickle":
            self._trickle(json.dumps(_message(fake_id, model, behaviour, behaviour.text))
                          .encode(), behaviour.seconds)
            return
        if behaviour.kind in ("message", "from_schema", "computed"):
            if behaviour.kind == "computed":
                assert behaviour.compute is not None
                answer = json.dumps(behaviour.compute(body), ensure_ascii=False)
            else:
                answer = behaviour.text if behaviour.kind == "message" else _answer(_codes(body))
            self._send(200, json.dumps(_message(fake_id, model, behaviour, answer)).encode())
        else:
            self._send(behaviour.code, behaviour.body, behaviour.content_type,
                       request_id=f"req_fake{fake_id:06d}")

    def _trickle(self, payload: bytes, seconds: float) -> None:
        fake = self.server.fake
        self.send_response(200)
        self.send_header("content-type", "application/json")
        self.send_header("content-length", str(len(payload)))
        self.send_header("connection", "close")
        self.end_headers()
        self.close_connection = True
        try:
            for i in range(len(payload)):
                self.wfile.write(payload[i:i + 1])
                self.wfile.flush()
                if not fake._sleep(seconds):
                    return
        except (BrokenPipeError, ConnectionResetError):
            with fake._lock:
                fake.trickle_cut += 1

    def _send(self, code: int, payload: bytes, content_type: str = "application/json", *,
              request_id: str | None = None) -> None:
        self.send_response(code)
        self.send_header("content-type", content_type)
        self.send_header("content-length", str(len(payload)))
        if request_id:
            self.send_header("request-id", request_id)
        self.send_header("connection", "close")
        self.end_headers()
        self.wfile.write(payload)
        self.close_connection = True


class _Server(ThreadingHTTPServer):
    daemon_threads = False  # server_close() joins every handler thread
    block_on_close = True

    def __init__(self, fake: FakeAnthropic) -> None:
        self.fake = fake
        super().__init__(("127.0.0.1", 0), _Handler)

    def handle_error(self, request: Any, client_address: Any) -> None:
        exc = sys.exc_info()[1]
        if isinstance(exc, (BrokenPipeError, ConnectionResetError)):
            return  # the client gave up (timeout) before the answer
        if exc is not None:
            self.fake.errors.append(exc)


@contextmanager
def serve_fake_anthropic(*, delay_s: float = 0.0,
                         default: Behaviour | None = None) -> Iterator[FakeAnthropic]:
    """Run the fake on ``http://127.0.0.1:<free port>`` for the ``with`` block.

    Args:
        delay_s: seconds slept before every answer (a realistic latency for benchmarks).
        default: the behaviour once the script is exhausted (default: an HTTP 500).
    """
    fake = FakeAnthropic(delay_s=delay_s)
    if default is not None:
        fake.default = default
    server = _Server(fake)
    host, port = server.server_address[:2]
    fake.base_url = f"http://{host!s}:{port}"
    thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.05},
                              name="fake-anthropic", daemon=True)
    thread.start()
    try:
        yield fake
    finally:
        fake._stopping.set()
        server.shutdown()
        server.server_close()
        thread.join(timeout=10)
