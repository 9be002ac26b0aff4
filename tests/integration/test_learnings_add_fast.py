"""``grace learnings add`` without parsing or hashing the whole file (decision 0020, issue 13
item 3): the keys file, the source's stat signature and the resumable SHA-256."""

from __future__ import annotations

import json
import os
from pathlib import Path

import numpy as np
import pytest

from grace import resumable_sha256
from grace.embedding.fake import FakeEmbedder
from grace.errors import DuplicateLearningError, UnknownLearningError
from grace.learnings.adapters.index_files import IndexFiles
from grace.learnings.adapters.jsonl_file import JsonlLearningsFile
from grace.learnings.application import maintain
from grace.learnings.application.add import AddLearning
from grace.learnings.application.maintain import IndexMaintainer
from grace.learnings.domain.entry import key_row
from grace.learnings.domain.source import parse_source


def write(path: Path, n: int) -> None:
    with path.open("a") as f:
        for i in range(n):
            f.write(json.dumps({"story": f"story {i}", "tags": [f"t{i % 3}"],
                                "learning": f"lesson number {i}"}) + "\n")


def maintainer(src: Path) -> IndexMaintainer:
    return IndexMaintainer(JsonlLearningsFile(src), IndexFiles(src), FakeEmbedder(16))


class CountingFile(JsonlLearningsFile):
    """The real file, counting whole-file reads."""

    reads = 0

    def read_bytes(self) -> bytes:
        CountingFile.reads += 1
        return super().read_bytes()


@pytest.mark.skipif(not resumable_sha256.available(), reason="no OpenSSL SHA256_Init here")
def test_add_neither_reads_nor_parses_the_whole_file(tmp_path, monkeypatch):
    """Before: every add parsed the whole file (duplicate and supersedes checks) and hashed it
    twice (once per index update), O(file size)."""
    src = tmp_path / "learnings.jsonl"
    write(src, 50)
    m = IndexMaintainer(CountingFile(src), IndexFiles(src), FakeEmbedder(16))
    add = AddLearning(m, near_threshold=0.999)
    add(story="warm-up story", tags=["w"], learning="records the file's signature")

    def no_parse(data: bytes) -> object:
        raise AssertionError("the whole file was parsed")

    monkeypatch.setattr(maintain, "parse_source", no_parse)
    CountingFile.reads = 0
    result = add(story="a new story", tags=["n"], learning="a new lesson")
    assert CountingFile.reads == 0
    assert (result.index.action, result.index.embedded, result.index.count) == ("append", 1, 52)
    assert result.learning.line == 52
    first = parse_source(src.read_bytes()).entries[0].id
    again = add(story="story 0 fixed", tags=["t0"], learning="lesson", supersedes=first)
    assert again.learning.supersedes == first and CountingFile.reads == 0
    monkeypatch.undo()
    st = maintainer(src).status()  # a fresh process's full check agrees
    assert (st.state, st.indexed, st.superseded) == ("fresh", 53, 1)


def test_duplicates_and_supersedes_are_still_refused_through_the_keys(tmp_path):
    src = tmp_path / "learnings.jsonl"
    write(src, 5)
    add = AddLearning(maintainer(src))
    first = parse_source(src.read_bytes()).entries[0]
    with pytest.raises(DuplicateLearningError, match=f"exact duplicate of {first.id}"):
        add(story="story 0", tags=["T0"], learning="lesson  number 0")  # folded, spaces
    with pytest.raises(UnknownLearningError, match="not in the file"):
        add(story="s", tags=[], learning="l", supersedes="L-0000000000")
    new = add(story="story 0 v2", tags=["t0"], learning="lesson 0 v2", supersedes=first.id)
    with pytest.raises(UnknownLearningError, match="already superseded"):
        add(story="story 0 v3", tags=["t0"], learning="lesson 0 v3", supersedes=first.id)
    # the superseded entry is no longer active: its exact copy is accepted again
    back = add(story="story 0", tags=["t0"], learning="lesson number 0")
    assert back.learning.id != first.id  # its id is taken: salted
    with pytest.raises(DuplicateLearningError, match="it is unchanged"):
        add(story="story 0 v2", tags=["t0"], learning="lesson 0 v2",
            supersedes=new.learning.id)


def test_the_keys_file_after_appends_equals_a_rebuild(tmp_path):
    src = tmp_path / "a" / "learnings.jsonl"
    src.parent.mkdir()
    write(src, 4)
    add = AddLearning(maintainer(src))
    old = parse_source(src.read_bytes()).entries[1].id
    add(story="x", tags=["y"], learning="z", supersedes=old)
    with src.open("a") as f:  # a line added by hand, then a blank and a corrupt one
        f.write(json.dumps({"story": "by hand", "tags": [], "learning": "w"}) + "\n\n{bad\n")
    add(story="after", tags=[], learning="the hand-written lines")
    store = IndexFiles(src)
    meta = store.load_meta()
    assert meta is not None and store.check(meta) is None
    other = tmp_path / "b" / "learnings.jsonl"
    other.parent.mkdir()
    other.write_bytes(src.read_bytes())
    assert maintainer(other).ensure().action == "rebuild"
    rebuilt = IndexFiles(other)
    data = src.read_bytes()
    starts = [0] + [i + 1 for i, b in enumerate(data) if b == ord("\n")]
    want = np.asarray([(*key_row(e), starts[e.line - 1]) for e in parse_source(data).entries],
                      dtype=np.uint64)
    got, again = store.keys(meta), rebuilt.keys(rebuilt.load_meta())  # type: ignore[arg-type]
    assert got is not None and again is not None
    assert np.array_equal(got, want) and np.array_equal(again, want)


def test_an_index_without_keys_file_is_rebuilt_once_reusing_every_vector(tmp_path):
    src = tmp_path / "learnings.jsonl"
    write(src, 6)
    m = maintainer(src)
    m.ensure()
    meta_path = tmp_path / "embeddings-meta.json"
    meta = json.loads(meta_path.read_text())
    del meta["files"]["keys"]
    meta_path.write_text(json.dumps(meta))
    (tmp_path / "learnings-keys.u64").unlink()
    assert m.status().state == "fresh"  # readable as before
    report = maintainer(src).ensure()
    assert (report.action, report.embedded, report.reused) == ("rebuild", 0, 6)
    assert (tmp_path / "learnings-keys.u64").stat().st_size == 6 * 24


def test_an_edit_after_an_add_that_keeps_size_and_mtime_is_still_an_edit(tmp_path):
    """The signature recorded by an add includes the ctime, which no user call can set back:
    an in-place edit of the indexed prefix is caught by the next update."""
    src = tmp_path / "learnings.jsonl"
    write(src, 5)
    m = maintainer(src)
    AddLearning(m)(story="new", tags=[], learning="entry")
    before = src.stat()
    data = bytearray(src.read_bytes())
    data[data.index(b"story 1") + 6] = ord("9")  # "story 1" -> "story 9", same size
    with src.open("r+b") as f:
        f.write(bytes(data))
    os.utime(src, ns=(before.st_atime_ns, before.st_mtime_ns))
    assert src.stat().st_size == before.st_size
    assert m.status().changed_lines == (2,)
    report = maintainer(src).ensure()
    assert (report.before, report.action) == ("edited", "rebuild")


def test_a_file_grown_by_another_writer_is_hashed_whole(tmp_path):
    """Another process's append (not this source's receipt) is read and hashed as before."""
    src = tmp_path / "learnings.jsonl"
    write(src, 3)
    m = maintainer(src)
    m.ensure()
    with src.open("a") as f:
        f.write(json.dumps({"story": "theirs", "tags": [], "learning": "by hand"}) + "\n")
    add = AddLearning(m)
    result = add(story="mine", tags=[], learning="after theirs")
    assert (result.index.count, result.learning.line) == (5, 5)
    assert maintainer(src).status().state == "fresh"


def test_without_a_resumable_sha256_add_hashes_the_whole_file_and_stays_exact(tmp_path,
                                                                              monkeypatch):
    monkeypatch.setattr(resumable_sha256, "available", lambda: False)
    src = tmp_path / "learnings.jsonl"
    write(src, 4)
    add = AddLearning(maintainer(src))
    for i in range(2):
        result = add(story=f"no state {i}", tags=[], learning="whole-file hash")
        assert (result.index.action, result.index.count) == ("append", 5 + i)
    meta = IndexFiles(src).load_meta()
    assert meta is not None and meta.source_state is None
    assert maintainer(src).status().state == "fresh"
