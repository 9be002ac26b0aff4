"""Token counters (port :class:`~grace.resolution.domain.ports.TokenCounter`).

Decision 0002 (docs/decisions/0002-token-counting.md) records the method and its measured error.
"""

from __future__ import annotations

import hashlib
import importlib.machinery
import importlib.util
import math
import sys
import threading
from collections import OrderedDict
from pathlib import Path
from typing import Any, Final, Literal

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
        backend = _rust_tokenizer(encoding)
        if backend is None:  # another layout of the package: its public API
            import bpe_openai

            try:
                backend = bpe_openai.get_encoding(encoding)._backend
            except Exception as exc:  # the library's own error types vary by version
                raise ConfigError(f"unknown token encoding {encoding!r}: {exc}") from exc
        self._backend = backend
        self._name = encoding

    @property
    def name(self) -> str:
        return self._name

    def count(self, text: str) -> int:
        """Tokens of ``text`` (ordinary encoding: what ``Encoding.encode_ordinary`` returns,
        lone surrogates replaced as the library does)."""
        if not text:
            return 0
        try:
            return int(self._backend.count(text))
        except UnicodeEncodeError:
            return int(self._backend.count(
                text.encode("utf-16", "surrogatepass").decode("utf-16", "replace")))


_BINDINGS: Final = "bpe_openai._bindings"


def _rust_tokenizer(encoding: str) -> Any | None:
    """bpe-openai's Rust tokenizer for ``encoding``, without running the package's
    ``__init__``: that one decodes the base64 tables of three encodings in Python to list
    their special tokens (≈ 1 to 2 s, decision 0019), while the Rust extension holds the tables
    and builds one tokenizer in ≈ 0.1 s. The extension is loaded from the installed package's
    folder and registered under its own name, so a later ``import bpe_openai`` reuses it.

    Returns:
        ``None`` when the package is not laid out as expected (the caller falls back to the
        public API); the Rust object otherwise (``count(text) -> int``).

    Raises:
        ConfigError: the extension does not know ``encoding``.
    """
    module = sys.modules.get(_BINDINGS)
    if module is None:
        spec = importlib.util.find_spec("bpe_openai")
        folders = list(spec.submodule_search_locations or []) if spec else []
        found = [
            path for folder in folders for suffix in importlib.machinery.EXTENSION_SUFFIXES
            if (path := Path(folder) / f"_bindings{suffix}").is_file()
        ]
        if not found:
            return None
        loader = importlib.machinery.ExtensionFileLoader(_BINDINGS, str(found[0]))
        ext = importlib.util.spec_from_file_location(_BINDINGS, found[0], loader=loader)
        if ext is None:
            return None
        module = importlib.util.module_from_spec(ext)
        loader.exec_module(module)
        sys.modules[_BINDINGS] = module
    make = getattr(module, "tokenizer_for_encoding", None)
    if make is None:
        return None
    try:
        return make(encoding)
    except Exception as exc:  # the extension's error type is not part of its API
        raise ConfigError(f"unknown token encoding {encoding!r}: {exc}") from exc


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
