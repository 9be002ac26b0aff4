"""``BpeTokenCounter`` reads bpe-openai's Rust tokenizer directly (decision 0019): its counts
are the package's own ``Encoding.encode_ordinary`` lengths, text for text."""

from __future__ import annotations

import pytest

from grace.errors import ConfigError
from grace.resolution.adapters.examples import bundled_catalog
from grace.resolution.adapters.filesystem_catalog import FilesystemCatalog
from grace.resolution.adapters.token_counters import BpeTokenCounter

EDGES = ["", "a", " ", "<|endoftext|> stays text", "é\ud800z (a lone surrogate)",
         "x" * 5000, "日本語のテキストと emoji 🎉", "def f(x):\n    return x**2\n"]


@pytest.mark.parametrize("encoding", ["o200k_base", "cl100k_base"])
def test_counts_are_the_packages_own(encoding):
    import bpe_openai  # the package's public API, loaded after the counter: it reuses the same

    counter = BpeTokenCounter(encoding)
    reference = bpe_openai.get_encoding(encoding)
    talents = FilesystemCatalog(bundled_catalog()).talents()
    texts = [*EDGES, *(t.bodies[d] for t in talents for d in ("compact", "standard", "full"))]
    assert [counter.count(t) for t in texts] == [
        len(reference.encode_ordinary(t)) for t in texts]
    assert counter.count("one two three") > 0 and counter.name == encoding


def test_an_unknown_encoding_is_a_config_error():
    with pytest.raises(ConfigError, match="unknown token encoding"):
        BpeTokenCounter("no_such_base")  # type: ignore[arg-type]
