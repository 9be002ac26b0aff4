"""FAISS, bm25s, the index files on disk, and the real e5 model."""

from __future__ import annotations

import json
import os
from pathlib import Path

import numpy as np
import pytest

from grace.bootstrap import build_learnings
from grace.config import Settings
from grace.embedding.e5 import E5Embedder
from grace.embedding.fake import FakeEmbedder
from grace.embedding.ports import normalise_rows
from grace.learnings.adapters.bm25 import Bm25Index
from grace.learnings.adapters.index_files import IndexFiles
from grace.learnings.adapters.jsonl_file import JsonlLearningsFile
from grace.learnings.application.maintain import IndexMaintainer
from grace.learnings.application.search import SearchLearnings
from grace.vectors.faiss_index import FaissIndex
from grace.vectors.numpy_flat import NumpyFlatIndex


def test_faiss_flat_matches_the_numpy_oracle_with_and_without_filters():
    rng = np.random.default_rng(3)
    vectors = normalise_rows(rng.standard_normal((500, 24)))
    faiss_index, oracle = FaissIndex.build(vectors), NumpyFlatIndex(vectors)
    for _ in range(20):
        q = normalise_rows(rng.standard_normal(24))
        allowed = sorted(rng.choice(500, size=60, replace=False).tolist())
        for kw in ({}, {"allowed": allowed}):
            got = faiss_index.search(q, 10, **kw)
            want = oracle.search(q, 10, **kw)
            assert [r for r, _ in got] == [r for r, _ in want]
            assert [s for _, s in got] == pytest.approx([s for _, s in want], abs=1e-5)
    assert FaissIndex.build(vectors[:0]).search(q, 5) == []


def test_bm25_stems_french_and_english_and_scores_in_unit_range():
    bm25 = Bm25Index(["Exporter les avoirs", "export PDF", "CORS api", "exports"])
    cors = bm25.scores("cors")
    assert cors.argmax() == 2 and cors[[0, 1, 3]].tolist() == [0, 0, 0]
    fr = bm25.scores("les exportations d'avoirs")  # stems: export, avoir
    assert fr.argmax() == 0 and 0 < fr[0] <= 1
    assert bm25.scores("exporting")[[1, 3]].min() > 0  # English stem meets "exports"
    assert bm25.scores("unknown words").tolist() == [0, 0, 0, 0]
    assert Bm25Index([]).scores("x").shape == (0,)


def write(path: Path, n: int) -> None:
    with path.open("a") as f:
        for i in range(n):
            f.write(json.dumps({"story": f"story {i}", "tags": [f"t{i % 3}"],
                                "learning": f"lesson number {i}"}) + "\n")


def test_files_are_written_with_hashes_and_tampering_is_detected(tmp_path):
    src = tmp_path / "learnings.jsonl"
    write(src, 5)
    store = IndexFiles(src)
    m = IndexMaintainer(JsonlLearningsFile(src), store, FakeEmbedder(16))
    m.ensure()
    assert {p.name for p in tmp_path.iterdir()} >= {
        "learnings-text.f32", "learnings-story.f32", "learnings-lines.txt", "embeddings-meta.json"}
    meta = json.loads((tmp_path / "embeddings-meta.json").read_text())
    for key in ("model", "dimensions", "count", "last_rebuilt", "source_hash"):
        assert key in meta
    assert meta["model_identity"]["text_template"] == "{story} {tags} {learning}"
    assert m.status().state == "fresh"
    vectors = tmp_path / "learnings-story.f32"
    vectors.write_bytes(bytes(vectors.stat().st_size))  # same size, other content
    assert m.status().state == "unusable"
    assert m.ensure().action == "rebuild" and m.status().state == "fresh"
    lines = tmp_path / "learnings-lines.txt"
    data = lines.read_bytes()
    lines.write_bytes(data[:-2] + bytes([data[-2] ^ 1]) + data[-1:])
    assert m.status().state == "unusable" and "lines" in m.status().reason
    (tmp_path / "embeddings-meta.json").write_text("{broken")
    st = m.status()
    assert st.state == "unusable" and "unreadable meta" in st.reason
    assert m.ensure().action == "rebuild" and m.status().state == "fresh"


def test_index_files_get_the_umask_mode_not_mkstemp_0600(tmp_path):
    old = os.umask(0o022)
    try:
        src = tmp_path / "learnings.jsonl"
        write(src, 3)
        IndexMaintainer(JsonlLearningsFile(src), IndexFiles(src), FakeEmbedder(16)).ensure()
    finally:
        os.umask(old)
    for name in ("learnings-text.f32", "learnings-story.f32", "learnings-lines.txt",
                 "embeddings-meta.json"):
        assert (tmp_path / name).stat().st_mode & 0o777 == 0o644, name
    assert not list(tmp_path.glob(".*.tmp"))


@pytest.mark.model
def test_real_model_end_to_end_with_faiss_and_bm25(tmp_path):
    src = tmp_path / "learnings.jsonl"
    rows = [
        ("Les avoirs négatifs cassaient l'export comptable", ["facturation", "export"],
         "Valider le signe des montants avant l'export"),
        ("Token refresh raced with logout", ["auth"], "Serialise refresh and revoke per session"),
        ("The invoice PDF had missing fonts", ["pdf"], "Embed the fonts in the PDF template"),
        ("CORS preflight failed on the API", ["security"], "Answer OPTIONS before auth"),
    ]
    src.write_text("".join(json.dumps({"story": s, "tags": t, "learning": lrn}) + "\n"
                           for s, t, lrn in rows))
    m = IndexMaintainer(JsonlLearningsFile(src), IndexFiles(src), E5Embedder())
    search = SearchLearnings(m, Bm25Index, threshold=0)
    result = search("security headers for the HTTP API", k=2)
    assert result.path == "hybrid" and result.hits[0].learning.story.startswith("CORS")
    fr = search("exporter les avoirs en comptabilité", k=1)
    assert fr.hits[0].learning.tags == ("facturation", "export")
    assert m.status().state == "fresh"


def test_bootstrap_wires_the_configured_file(tmp_path):
    src = tmp_path / "l.jsonl"
    write(src, 3)
    app = build_learnings(Settings(embedder="fake", cache_dir=tmp_path / "c"), src, threshold=0)
    assert app.search("lesson", k=2).path == "hybrid"
    assert (tmp_path / "l-embeddings-meta.json").is_file()


def test_an_in_place_edit_that_puts_the_mtime_back_is_still_detected(tmp_path):
    """The store re-hashes a file only when its stat signature changed (decision 0014): the
    ctime, which no user call can set back, keeps that shortcut safe."""
    import os

    src = tmp_path / "learnings.jsonl"
    write(src, 4)
    m = IndexMaintainer(JsonlLearningsFile(src), IndexFiles(src), FakeEmbedder(16))
    m.ensure()
    assert m.status().state == "fresh"
    views = tmp_path / "learnings-text.f32"
    before = views.stat()
    data = views.read_bytes()
    with views.open("r+b") as f:
        f.seek(len(data) - 1)
        f.write(bytes([data[-1] ^ 1]))
    os.utime(views, ns=(before.st_atime_ns, before.st_mtime_ns))
    assert views.stat().st_size == before.st_size
    assert m.status().state == "unusable"


def test_appends_give_the_files_a_rebuild_gives_and_a_copy_still_verifies(tmp_path):
    """Decision 0020: the append path (new rows at the end, lines parsed alone) must index
    exactly what a full rebuild of the same file indexes, corrupt and duplicate lines included."""
    import shutil

    src = tmp_path / "a" / "learnings.jsonl"
    src.parent.mkdir()
    write(src, 6)
    m = IndexMaintainer(JsonlLearningsFile(src), IndexFiles(src), FakeEmbedder(16))
    m.ensure()
    dup = json.dumps({"id": "L-dup", "story": "first", "tags": [], "learning": "x"})
    with src.open("a") as f:
        f.write(dup + "\n\n{broken\n" + dup.replace("first", "again") + "\n")
    write(src, 2)  # same content as lines 1-2: same derived ids, duplicates
    with src.open("a") as f:
        f.write(json.dumps({"story": "new", "tags": [], "learning": "z"}))  # no newline
    report = m.ensure()
    assert (report.action, report.embedded, report.count) == ("append", 2, 8)
    with src.open("a") as f:
        f.write("\n" + json.dumps({"id": "L-dup", "story": "s", "tags": [], "learning": "y"}))
    again_dup = m.ensure()  # an id already indexed: a duplicate line, not indexed
    assert (again_dup.action, again_dup.embedded, again_dup.count) == ("append", 0, 8)
    appended = m.load_fresh()
    other = tmp_path / "b" / "learnings.jsonl"
    other.parent.mkdir()
    shutil.copyfile(src, other)
    rebuilt = IndexMaintainer(JsonlLearningsFile(other), IndexFiles(other), FakeEmbedder(16))
    assert rebuilt.ensure().action == "rebuild"
    fresh = rebuilt.load_fresh()
    assert not isinstance(appended, type(m.status())) and not isinstance(fresh, type(m.status()))
    assert appended.rows == fresh.rows  # type: ignore[union-attr]
    assert np.array_equal(appended.vectors, fresh.vectors)  # type: ignore[union-attr]
    assert np.array_equal(appended.views["story"], fresh.views["story"])  # type: ignore[union-attr]
    assert appended.rows.ids == tuple(e.id for e in fresh.snapshot.entries)  # type: ignore[union-attr]
    # A copied folder: every stat signature differs, the chains still match.
    copy = tmp_path / "c"
    shutil.copytree(src.parent, copy)
    again = IndexMaintainer(JsonlLearningsFile(copy / "learnings.jsonl"),
                            IndexFiles(copy / "learnings.jsonl"), FakeEmbedder(16))
    assert again.status().state == "fresh"


def test_growing_bm25_gives_bm25s_figures_and_grows_by_a_row():
    """Decision 0020: the learnings BM25 adds appended rows instead of a rebuild; its scores
    are bm25s's (float32 there) whether built at once or grown."""
    import random

    from grace.lexical import Bm25Scorer, GrowingBm25

    rng = random.Random(1)
    words = ["export", "avoirs", "invoice", "credit", "notes", "négatifs", "sql", "query",
             "slow", "token", "refresh", "logout", "les", "des", "the", "next.js", "c++",
             "billing", "auth", "perf"]
    docs = [" ".join(rng.choice(words) for _ in range(rng.randint(0, 12))) for _ in range(300)]
    whole = Bm25Scorer(docs)
    grown = GrowingBm25(docs[:100])
    grown.extend(docs[100:250])
    for doc in docs[250:]:
        grown.extend([doc])
    assert len(grown) == 300
    for q in ["export avoirs", "sql slow query", "token", "les", "zzz", "next.js billing c++"]:
        assert grown.scores(q) == pytest.approx(whole.scores(q), abs=1e-6)
    assert GrowingBm25().scores("export").shape == (0,)
