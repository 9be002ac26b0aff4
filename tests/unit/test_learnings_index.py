"""Staleness, incremental updates and rebuilds of the learnings index (fakes only)."""

from __future__ import annotations

import json

import pytest

from grace.embedding.fake import FakeEmbedder
from grace.learnings.application.maintain import IndexMaintainer
from grace.learnings.domain.source import parse_source
from tests.fakes import InMemoryIndexStore, InMemoryLearningsSource


def line(story: str, tags: list[str], learning: str, **extra: str) -> bytes:
    data = {"story": story, "tags": tags, "learning": learning, **extra}
    return (json.dumps(data) + "\n").encode()


BASE = (
    line("Credit notes broke the export", ["billing"], "Check the sign of amounts")
    + line("Token refresh raced with logout", ["auth"], "Lock refresh per session")
    + line("Slow invoice list", ["perf", "sql"], "Add an index on (customer_id, date)")
)


def fresh(data: bytes = BASE, dims: int = 32):
    source = InMemoryLearningsSource(data)
    embedder = FakeEmbedder(dims)
    m = IndexMaintainer(source, InMemoryIndexStore(), embedder)
    m.ensure()
    embedder.calls.clear()
    return m, source, embedder


def test_missing_then_fresh_and_nothing_to_do_when_unchanged():
    source = InMemoryLearningsSource(BASE)
    m = IndexMaintainer(source, InMemoryIndexStore(), FakeEmbedder(32))
    assert m.status().state == "missing"
    assert m.ensure().action == "rebuild"
    assert m.status().state == "fresh"
    again = m.ensure()
    assert (again.action, again.embedded) == ("nothing", 0)


def test_append_embeds_only_the_new_lines():
    m, source, embedder = fresh()
    source.data += line("PDF fonts missing", ["pdf"], "Embed the fonts")
    st = m.status()
    assert (st.state, st.action) == ("appended", "append")
    report = m.ensure()
    assert (report.action, report.embedded, report.count) == ("append", 1, 4)
    assert embedder.calls == [("passage", 1), ("passage", 1)]  # its text, then its story
    assert m.status().state == "fresh"


def test_edited_line_is_detected_with_its_number_and_rebuilds():
    m, source, _ = fresh()
    source.data = source.data.replace(b"Lock refresh", b"Serialise refresh")
    st = m.status()
    assert st.state == "edited" and st.changed_lines == (2,)
    report = m.ensure()
    assert report.action == "rebuild" and report.embedded == 1 and report.reused == 2
    assert m.status().state == "fresh"


def test_delete_plus_append_keeps_the_line_count_but_is_caught():
    m, source, _ = fresh()
    lines = source.data.splitlines(keepends=True)
    source.data = b"".join(lines[1:]) + line("New", ["x"], "Other lesson")
    assert len(source.data.splitlines()) == 3  # the seed's `wc -l` check would say fresh
    st = m.status()
    assert st.state == "edited" and 1 in st.changed_lines


def test_truncated_file_is_edited():
    m, source, _ = fresh()
    source.data = source.data[: len(source.data) // 2]
    assert m.status().state == "edited"


def test_model_change_rebuilds_and_never_mixes_vectors():
    m, source, _ = fresh(dims=32)
    other = IndexMaintainer(source, m.store, FakeEmbedder(48))
    st = other.status()
    assert st.state == "model_changed" and st.action == "rebuild"
    report = other.ensure()
    assert report.action == "rebuild" and report.embedded == 3 and report.reused == 0
    assert m.store.vectors.shape == (3, 48)
    assert m.status().state == "model_changed"  # the first model now sees a foreign index


def test_files_that_do_not_match_the_meta_are_unusable():
    m, _, _ = fresh()
    m.store.problem = "learnings-text.f32 differs"
    st = m.status()
    assert st.state == "unusable" and "differs" in st.reason
    m.store.problem = None
    assert m.status().state == "fresh"


def test_unterminated_last_line_extended_is_an_edit_but_a_newline_then_a_line_is_an_append():
    m, source, _ = fresh(BASE.rstrip(b"\n"))
    source.data += b' '
    assert m.status().state == "edited"
    m2, source2, _ = fresh(BASE.rstrip(b"\n"))
    source2.append([line("PDF", ["pdf"], "fonts").decode().strip()])
    assert m2.status().state == "appended"
    assert m2.ensure().embedded == 1


def test_corrupt_lines_are_reported_and_cost_nothing_else():
    data = BASE + b"{not json\n" + b'{"story": "s", "tags": [], "learning": ""}\n' + b"\xff\n"
    snap = parse_source(data + line("Last", ["x"], "Still read"))
    assert [(p.line, p.message.split(" ")[0]) for p in snap.problems] == [
        (4, "invalid"), (5, "field"), (6, "not")
    ]
    assert len(snap.entries) == 4 and snap.entries[-1].line == 7
    m, _, _ = fresh(data)
    assert m.status().indexed == 3 and len(m.status().problems) == 3


def test_lone_surrogates_are_reported_with_their_line_and_cost_nothing_else():
    """Issue 14, fault 1: a JSON escape decoding to a lone surrogate crashed derive_id."""
    bad = [
        b'{"story": "Export \\ud800", "tags": ["x"], "learning": "y"}\n',
        b'{"story": "s", "tags": ["\\udcff"], "learning": "y"}\n',
        b'{"id": "L-1", "story": "s", "tags": [], "learning": "\\udfff z"}\n',
        b'{"story": "s", "tags": [], "learning": "y", "domain": "\\ud83d"}\n',
        b'{"story": "s", "tags": [], "learning": "y", "note": ["\\ud800"]}\n',
    ]
    data = BASE + b"".join(bad) + line("Last", ["x"], "Still read")
    snap = parse_source(data)
    assert [p.line for p in snap.problems] == [4, 5, 6, 7, 8]
    assert all("surrogate" in p.message for p in snap.problems)
    assert [e.line for e in snap.entries] == [1, 2, 3, 9]
    for p in snap.problems:
        p.message.encode("utf-8")  # the report itself can be printed
    m, _, _ = fresh(data)
    st = m.status()
    assert st.state == "fresh" and st.indexed == 4 and len(st.problems) == 5


def test_duplicate_explicit_ids_keep_the_first():
    data = line("A", ["x"], "a", id="L-1") + line("B", ["y"], "b", id="L-1")
    snap = parse_source(data)
    assert [e.story for e in snap.entries] == ["A"]
    assert "first at line 1" in snap.problems[0].message


@pytest.mark.parametrize("bad", [b"", b"\n\n"])
def test_empty_file_builds_an_empty_index(bad: bytes):
    m, _, _ = fresh(bad)
    assert m.status().state == "fresh" and m.status().indexed == 0
