"""Token counters (port :class:`~grace.resolution.domain.ports.TokenCounter`).

Decision 0002 (docs/decisions/0002-token-counting.md) records the method and its measured error.
"""

from __future__ import annotations

import math
from typing import Final, Literal

from grace.errors import ConfigError

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
