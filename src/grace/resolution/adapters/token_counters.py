"""Token counters (port :class:`~grace.resolution.domain.ports.TokenCounter`).

Decision 0002 (docs/decisions/0002-token-counting.md) records the method and its measured error.
"""

from __future__ import annotations

import hashlib
import math
import threading
from collections import OrderedDict
from typing import Final, Literal

from grace.errors import ConfigError
from grace.resolution.domain.ports import TokenCounter

EncodingName = Literal["o200k_base", "cl100k_base"]


class BpeTokenCounter:
    """Exact BPE token counts with the ``bpe-openai`` tokenizer tables shipped in its wheel.

    ``o200k_base`` (GPT-4o family) by default; nothing is downloaded. Special-token strings in
    the text (``<|endoftext|>``) are counted as ordinary text, never refused.

    Raises:
        ConfigError: unknown encoding name.
    """

    def __init__(self, encoding: EncodingName = "o200k_base") -> None:
        import bpe_openai

        try:
            self._encoding = bpe_openai.get_encoding(encoding)
        except Exception as exc:  # the library's own error types vary by version
            raise ConfigError(f"unknown token encoding {encoding!r}: {exc}") from exc
        self._name = encoding

    @property
    def name(self) -> str:
        return self._name

    def count(self, text: str) -> int:
        """Tokens of ``text`` (ordinary encoding)."""
        return len(self._encoding.encode_ordinary(text)) if text else 0


class HeuristicTokenCounter:
    """Dependency-free estimate: ``ceil(characters / CHARS_PER_TOKEN)``.

    Measured against ``o200k_base`` on the example catalog and the imported rules (decision
    0002); use it only where the tokenizer cannot be installed.
    """

    CHARS_PER_TOKEN: Final = 3.6

    @property
    def name(self) -> str:
        return "heuristic-chars/3.6"

    def count(self, text: str) -> int:
        return math.ceil(len(text) / self.CHARS_PER_TOKEN)


class MemoTokenCounter:
    """Remembers the counts of the texts it has seen (LRU, ``max_entries`` texts).

    Talent bodies and blocks are stable between requests, so a long-lived process (the MCP
    server, the evaluation harness) counts each of them once. Keyed by the SHA-1 of the text,
    so the cache does not keep the texts alive.
    """

    def __init__(self, inner: TokenCounter, *, max_entries: int = 50_000) -> None:
        self._inner = inner
        self._max = max_entries
        self._counts: OrderedDict[bytes, int] = OrderedDict()
        self._lock = threading.Lock()

    @property
    def name(self) -> str:
        return self._inner.name

    def count(self, text: str) -> int:
        if len(text) < 64:  # hashing would cost as much as counting
            return self._inner.count(text)
        key = hashlib.sha1(text.encode("utf-8", "surrogatepass"), usedforsecurity=False).digest()
        with self._lock:
            hit = self._counts.get(key)
            if hit is not None:
                self._counts.move_to_end(key)
                return hit
        value = self._inner.count(text)
        with self._lock:
            self._counts[key] = value
            if len(self._counts) > self._max:
                self._counts.popitem(last=False)
        return value
