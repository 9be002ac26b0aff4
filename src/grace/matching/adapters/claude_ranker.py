"""Stage 3 ranking with Claude: the :class:`~grace.matching.domain.ports.RankingProposer` adapter.

One Messages API call per :meth:`ClaudeProposer.propose`, with the answer constrained by a JSON
schema (structured outputs: ``output_config={"format": {"type": "json_schema", "schema": …}}``,
anthropic SDK ≥ 2 — ``anthropic.types.OutputConfigParam`` / ``JSONOutputFormatParam``). The SDK's
own retries are off (``max_retries=0``): the use case owns the retry and fallback policy
(:mod:`grace.matching.domain.ranking`). SDK errors are translated here into
:class:`~grace.errors.LlmUnavailableError`; the API key never appears in a message.
"""

from __future__ import annotations

import json
import time
from typing import Any

import anthropic

from grace.errors import LlmUnavailableError
from grace.matching.domain.ports import Proposal

DEFAULT_MODEL = "claude-sonnet-4-6"
"""Seed 003's stage 3 model (``GRACE_LLM_MODEL``)."""
DEFAULT_MAX_TOKENS = 2048
"""Answer length cap in tokens (``GRACE_LLM_MAX_TOKENS``)."""

_API_MESSAGE = 300
"""Characters of the API's own error message kept in ours."""
MAX_BODY_BYTES = 1 << 20
"""Largest answer body read (bytes): a ranking of 50 finalists is a few KB."""


class ClaudeProposer:
    """Asks Claude (Messages API) for seed 003's stage 3 ranking, once per call.

    Builds one ``anthropic.Anthropic`` client (connection pool reused across calls, no SDK
    retries). Thread-safe as the SDK client is. Call :meth:`close` when done.

    Args:
        api_key: the Anthropic API key (``ANTHROPIC_API_KEY``; anthropic 2.14 sends it as
            ``Authorization: Bearer``).
        model: Claude model id (default ``claude-sonnet-4-6``; ``claude-sonnet-4-5`` reaches
            its end of life on 2026-11-30).
        base_url: another Messages API endpoint (a proxy, the tests' loopback stand-in);
            ``None``: the SDK's default (``ANTHROPIC_BASE_URL`` or api.anthropic.com).
        max_tokens: answer length cap in tokens (an answer cut there ends with
            ``stop_reason='max_tokens'``).

    Raises:
        ValueError: an empty ``api_key`` or ``model``, or ``max_tokens`` < 1.
    """

    def __init__(self, *, api_key: str, model: str = DEFAULT_MODEL, base_url: str | None = None,
                 max_tokens: int = DEFAULT_MAX_TOKENS) -> None:
        if not api_key:
            raise ValueError("api_key is empty: set ANTHROPIC_API_KEY")
        if not model:
            raise ValueError("model is empty: set GRACE_LLM_MODEL")
        if max_tokens < 1:
            raise ValueError(f"max_tokens={max_tokens}: needs at least 1 token")
        self._model = model
        self._max_tokens = max_tokens
        self._secret = api_key
        self._client = anthropic.Anthropic(api_key=api_key, base_url=base_url, max_retries=0)
        # Named in error messages, without any ``user:password@`` of a proxy URL.
        self._endpoint = str(self._client.base_url.copy_with(userinfo=b"")).rstrip("/")

    @property
    def name(self) -> str:
        """``claude:<model>``, recorded with each search."""
        return f"claude:{self._model}"

    def propose(self, *, system: str, prompt: str, schema: dict[str, Any],
                timeout_s: float) -> Proposal:
        """Ask once: ``system`` prompt, ``prompt`` as the single user message, the answer
        constrained to the JSON ``schema`` (structured output).

        Args:
            system: the system prompt.
            prompt: the user message.
            schema: JSON schema of the answer (``ranking_schema(codes)``).
            timeout_s: seconds (> 0) for the whole call: the SDK's ``timeout`` bounds each
                phase (connect, send, each read), and the body is read chunk by chunk against
                the total, so a server that trickles bytes is cut off (its connection closed)
                instead of holding a thread. Only a server trickling its *headers* escapes the
                total (each read still bounded by ``timeout_s``).

        Returns:
            The answer's text blocks concatenated, its stop reason (``""`` when the API gave
            none) and the input / output tokens billed. Not validated: see
            :func:`grace.matching.domain.ranking.parse_ranking`.

        Raises:
            LlmUnavailableError: ``kind='timeout'`` (no answer within ``timeout_s``),
                ``http_<status>`` (the API answered 4xx / 5xx), ``connection`` (refused, reset,
                DNS…) or ``invalid_response`` (a 2xx whose body is not a Messages API message).
        """
        deadline = time.monotonic() + timeout_s
        try:
            with self._client.messages.with_streaming_response.create(
                model=self._model,
                max_tokens=self._max_tokens,
                system=system,
                messages=[{"role": "user", "content": prompt}],
                output_config={"format": {"type": "json_schema", "schema": schema}},
                timeout=timeout_s,
            ) as raw:
                body = bytearray()
                for chunk in raw.iter_bytes():
                    body += chunk
                    if time.monotonic() > deadline:
                        raise self._timeout(timeout_s)  # leaving `with` closes the connection
                    if len(body) > MAX_BODY_BYTES:
                        raise self._invalid(f"a body over {MAX_BODY_BYTES} bytes")
        except anthropic.APITimeoutError as exc:
            raise self._timeout(timeout_s) from exc
        except anthropic.APIStatusError as exc:
            raise LlmUnavailableError(f"http_{exc.status_code}", self._status_message(exc)) from exc
        except anthropic.APIConnectionError as exc:
            raise LlmUnavailableError(
                "connection", f"cannot reach the Claude API at {self._endpoint} "
                f"({self._redact(exc.message)}): check ANTHROPIC_BASE_URL and the network"
            ) from exc
        try:
            message = json.loads(bytes(body))
        except (ValueError, RecursionError) as exc:
            raise self._invalid(f"an undecodable body ({type(exc).__name__})") from None
        return self._proposal(message)

    def close(self) -> None:
        """Close the HTTP connection pool (idempotent)."""
        self._client.close()

    def _proposal(self, message: object) -> Proposal:
        """The Messages API JSON body → :class:`Proposal` (a proxy's odd JSON may lack any
        field: each one is checked)."""
        if not isinstance(message, dict):
            raise self._invalid(f"a JSON {type(message).__name__} instead of a message")
        usage = message.get("usage")
        usage = usage if isinstance(usage, dict) else {}
        tokens_in, tokens_out = usage.get("input_tokens"), usage.get("output_tokens")
        content = message.get("content")
        if not isinstance(tokens_in, int) or not isinstance(tokens_out, int) \
                or not isinstance(content, list):
            raise self._invalid("no content or usage")
        text = "".join(b["text"] for b in content if isinstance(b, dict)
                       and b.get("type") == "text" and isinstance(b.get("text"), str))
        stop = message.get("stop_reason")
        return Proposal(text=text, stop_reason=stop if isinstance(stop, str) else "",
                        input_tokens=tokens_in, output_tokens=tokens_out)

    def _timeout(self, timeout_s: float) -> LlmUnavailableError:
        return LlmUnavailableError(
            "timeout", f"Claude ({self._model}) did not answer within {timeout_s:g} s at "
            f"{self._endpoint}: raise GRACE_LLM_TIMEOUT_S or check the network")

    def _invalid(self, what: str) -> LlmUnavailableError:
        return LlmUnavailableError(
            "invalid_response", f"the endpoint {self._endpoint} answered Claude's call with "
            f"{what}, not a Messages API message: check ANTHROPIC_BASE_URL")

    def _status_message(self, exc: anthropic.APIStatusError) -> str:
        status = exc.status_code
        detail = exc.api_message if isinstance(exc.api_message, str) else ""
        detail = self._redact(" ".join(detail.split()))[:_API_MESSAGE]
        hint = ("check ANTHROPIC_API_KEY" if status in (401, 403)
                else f"check GRACE_LLM_MODEL ({self._model})" if status == 404
                else "retry later" if status == 429 or status >= 500
                else "the request was refused")
        request_id = f", request id {exc.request_id}" if exc.request_id else ""
        return (f"the Claude API at {self._endpoint} answered HTTP {status}"
                f"{f' ({detail})' if detail else ''}{request_id}: {hint}")

    def _redact(self, text: str) -> str:
        return text.replace(self._secret, "[redacted]")
