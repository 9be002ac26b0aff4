"""End-to-end: ``python -m grace learnings …`` from a fresh folder, as a user runs it."""

from __future__ import annotations

import asyncio
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from mcp import Client
from mcp.client.stdio import StdioServerParameters


def env(tmp: Path, **extra: str) -> dict[str, str]:
    base = {k: v for k, v in os.environ.items() if not k.startswith("GRACE_")}
    return {**base, "GRACE_CACHE_DIR": str(tmp / "cache"), "COLUMNS": "200", **extra}


def grace(tmp: Path, *args: str, **extra: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "grace", "learnings", *args], cwd=tmp,
                          env=env(tmp, **extra), capture_output=True, text=True, timeout=300)


def ok(r: subprocess.CompletedProcess[str]) -> dict[str, Any]:
    assert r.returncode == 0, r.stderr
    data: dict[str, Any] = json.loads(r.stdout)
    return data


@pytest.mark.model
def test_add_search_edit_change_model_each_step_fresh(tmp_path):
    fresh = lambda **kw: ok(grace(tmp_path, "status", "--json", **kw))["state"]  # noqa: E731
    a = ok(grace(tmp_path, "add", "-s", "Les avoirs négatifs cassaient l'export comptable",
                 "-t", "facturation", "-t", "export", "-l", "Valider le signe des montants",
                 "--json"))
    ok(grace(tmp_path, "add", "-s", "Token refresh raced with logout", "-t", "auth",
             "-l", "Serialise refresh and revoke per session", "--json"))
    ok(grace(tmp_path, "add", "-s", "CORS preflight failed on the invoice API", "-t",
             "security", "-l", "Answer OPTIONS before the auth middleware", "--json"))
    assert fresh() == "fresh"
    found = ok(grace(tmp_path, "search", "export des avoirs", "--threshold", "0", "--json"))
    assert found["path"] == "hybrid"
    assert found["hits"][0]["learning"]["id"] == a["learning"]["id"]

    edited = ok(grace(tmp_path, "edit", a["learning"]["id"], "-l",
                      "Valider le signe et la devise des montants", "--json"))
    assert edited["learning"]["supersedes"] == a["learning"]["id"] and fresh() == "fresh"
    after = ok(grace(tmp_path, "search", "export des avoirs", "--threshold", "0", "--json"))
    ids = [h["learning"]["id"] for h in after["hits"]]
    assert edited["learning"]["id"] in ids and a["learning"]["id"] not in ids

    assert fresh(GRACE_EMBEDDER="fake") == "model_changed"
    switched = ok(grace(tmp_path, "search", "export des avoirs", "--threshold", "0", "--json",
                        GRACE_EMBEDDER="fake"))
    assert switched["path"] == "hybrid" and fresh(GRACE_EMBEDDER="fake") == "fresh"
    assert fresh() == "model_changed"  # back to e5: the fake vectors are never used


def test_human_output_fallback_and_errors(tmp_path):
    fake = {"GRACE_EMBEDDER": "fake"}
    r = grace(tmp_path, "add", "-s", "Slow [bold]list[/]", "-t", "perf", "-l", "Index it", **fake)
    assert r.returncode == 0 and r.stdout.startswith("added L-")
    dup = grace(tmp_path, "add", "-s", "Slow [bold]list[/]", "-t", "perf", "-l", "Index it",
                **fake)
    assert dup.returncode == 2 and "error: exact duplicate" in dup.stderr
    with (tmp_path / "learnings.jsonl").open("a") as f:
        f.write("{oops\n")
    st = grace(tmp_path, "status", "--check", **fake)
    assert st.returncode == 1 and "appended" in st.stdout and "line 2" in st.stderr
    s = grace(tmp_path, "search", "perf list", "--threshold", "200", **fake)
    assert s.returncode == 0 and "fallback: 1 active entries ≤ threshold 200" in s.stderr
    assert "[bold]list[/]" in s.stdout  # user text is never rich markup
    seed = grace(tmp_path, "search", "perf list", GRACE_LEARNINGS_THRESHOLD="200", **fake)
    assert "fallback: 1 active entries ≤ threshold 200" in seed.stderr
    default = grace(tmp_path, "search", "perf list", **fake)  # decision 0014: the index answers
    assert default.returncode == 0 and "hybrid: index fresh" in default.stderr
    # the unreadable line is reported by search too, on either path, not only by status
    assert "line 2 skipped" in default.stderr and "line 2 skipped" in s.stderr
    as_json = ok(grace(tmp_path, "search", "perf list", "--json", **fake))
    assert as_json["problems"][0]["line"] == 2
    assert grace(tmp_path, "ensure-index", **fake).returncode == 0
    assert grace(tmp_path, "status", "--check", **fake).returncode == 0
    for args, message in [
        (("search", "x", "--since", "yesterday"), "--since 'yesterday'"),
        (("search", "x", "-k", "0"), "between 1 and 100"),
        (("search", " "), "query is empty"),
        (("edit", "L-nope", "-l", "x"), "no active learning"),
        (("add", "-s", "x", "-l", "y", "--date", "2026-13-01"), "--date"),
    ]:
        bad = grace(tmp_path, *args, **fake)
        assert bad.returncode == 2 and message in bad.stderr, (args, bad.stderr)
    help_ = grace(tmp_path, "search", "--help")
    assert "Examples" in help_.stdout


def test_a_missing_file_is_said_and_nothing_is_created(tmp_path):
    """Before: status said only 'missing — no index yet', and search created the lock file,
    an empty index and its meta next to a file that does not exist."""
    fake = {"GRACE_EMBEDDER": "fake"}
    st = grace(tmp_path, "status", "-f", "nope.jsonl", **fake)
    assert st.returncode == 0 and "no learnings file at" in st.stdout
    assert "grace learnings add creates it" in st.stdout
    found = ok(grace(tmp_path, "search", "export", "-f", "nope.jsonl", "--json", **fake))
    assert found["hits"] == [] and "no learnings file at" in found["reason"]
    assert found["index_state"] == "missing"
    human = grace(tmp_path, "search", "export", "-f", "nope.jsonl", **fake)
    assert human.returncode == 0 and "no learnings file at" in human.stderr
    assert not [p.name for p in tmp_path.iterdir() if p.name != "cache"]


def test_lone_surrogates_are_reported_not_a_traceback(tmp_path):
    """Issue 14, fault 1: a ``\\ud800`` line and ``add -s $'Export \\xff'`` raised
    UnicodeEncodeError in derive_id; now the line is reported and the option refused."""
    fake = {"GRACE_EMBEDDER": "fake"}
    (tmp_path / "learnings.jsonl").write_text(
        '{"story": "Export ok", "tags": ["x"], "learning": "fine"}\n'
        '{"story": "Export \\ud800", "tags": ["x"], "learning": "broken"}\n'
        '{"story": "Import ok", "tags": ["y"], "learning": "fine too"}\n'
    )
    st = grace(tmp_path, "status", "--check", **fake)
    assert "Traceback" not in st.stderr and "line 2" in st.stderr and "surrogate" in st.stderr
    assert grace(tmp_path, "ensure-index", **fake).returncode == 0
    found = ok(grace(tmp_path, "search", "export", "--json", **fake))
    # the index answers at every size (decision 0014) and ranks each valid entry: the matching
    # one first, the broken line never
    stories = [h["learning"]["story"] for h in found["hits"]]
    assert stories[0] == "Export ok" and set(stories) <= {"Export ok", "Import ok"}
    # argv bytes that are not UTF-8: Python hands them over as lone surrogates (PEP 383)
    bad = grace(tmp_path, "add", "-s", os.fsdecode(b"Export \xff"), "-l", "y", **fake)
    assert bad.returncode == 2 and "Traceback" not in bad.stderr
    assert "error:" in bad.stderr and "story" in bad.stderr and "surrogate" in bad.stderr
    assert ok(grace(tmp_path, "status", "--json", **fake))["indexed"] == 2


def test_mcp_learnings_search_with_the_sdk_client(tmp_path):
    lines = [{"story": f"story {i}", "tags": ["billing" if i % 2 else "auth"],
              "learning": f"lesson {i} about invoices"} for i in range(6)]
    (tmp_path / "learnings.jsonl").write_text("".join(json.dumps(x) + "\n" for x in lines)
                                              + "{not json\n")
    params = StdioServerParameters(
        command=sys.executable, args=["-m", "grace", "mcp", "--example"], cwd=str(tmp_path),
        env=env(tmp_path, GRACE_EMBEDDER="fake", GRACE_LEARNINGS_THRESHOLD="0"),
    )

    async def main() -> None:
        async with Client(params, read_timeout_seconds=120) as client:
            tools = {t.name: t for t in (await client.list_tools()).tools}
            tool = tools["grace_learnings_search"]
            assert all(s.get("description") for s in tool.input_schema["properties"].values())
            r = await client.call_tool("grace_learnings_search",
                                       {"query": "invoices billing", "k": 2, "tags": ["billing"]})
            assert not r.is_error and r.content[0].text.startswith("hybrid:")
            hits = r.structured_content["hits"]
            assert len(hits) == 2 and all(h["tags"] == ["billing"] for h in hits)
            assert all(h["id"] in r.content[0].text for h in hits)  # the lesson is in the text
            assert "line 7 skipped: invalid JSON" in r.content[0].text
            assert r.structured_content["skipped_lines"][0]["line"] == 7
            none = await client.call_tool("grace_learnings_search",
                                          {"query": "x", "file": "none.jsonl"})
            assert not none.is_error and "no learnings file at" in none.content[0].text
            bad = await client.call_tool("grace_learnings_search",
                                         {"query": "x", "file": "../../etc/passwd"})
            assert bad.is_error and f"is outside {tmp_path.resolve()}" in bad.content[0].text
            bad_date = await client.call_tool("grace_learnings_search",
                                              {"query": "x", "since": "soon"})
            assert bad_date.is_error and "ISO date" in bad_date.content[0].text

    asyncio.run(main())
    assert (tmp_path / "embeddings-meta.json").is_file()
    assert not list(tmp_path.glob("none*"))  # nothing created for the missing file


def test_eval_learnings_prints_three_systems_side_by_side(tmp_path):
    rows = [("Logout kept the token valid", ["auth"], "Revoke tokens on logout", "auth"),
            ("Les exports CSV cassaient les accents", ["export"], "UTF-8 avec BOM", "export"),
            ("Slow invoice list", ["perf"], "Index the customer column", "billing")]
    (tmp_path / "learnings.jsonl").write_text("".join(
        json.dumps({"id": f"e{i}", "story": s, "tags": t, "learning": lrn, "domain": d}) + "\n"
        for i, (s, t, lrn, d) in enumerate(rows)))
    (tmp_path / "q.jsonl").write_text(
        json.dumps({"id": "q1", "query": "auth token", "relevant": {"e0": 2},
                    "kind": "workflow"}) + "\n")
    run = lambda *a: subprocess.run(  # noqa: E731
        [sys.executable, "-m", "grace", "eval", "learnings", *a], cwd=tmp_path,
        env=env(tmp_path, GRACE_EMBEDDER="fake"), capture_output=True, text=True, timeout=300)
    data = ok(run("q.jsonl", "--json", "--size", "2"))
    assert [s["system"] for s in data["systems"]] == ["product", "e5", "bm25"]
    assert data["entries"] == 3 and data["systems"][0]["mrr5"] == 1.0
    assert {r["system"] for r in data["sizes"]} == {"product", "grep"}
    assert sorted(p.name for p in tmp_path.iterdir()) == ["cache", "learnings.jsonl", "q.jsonl"]
    human = run("q.jsonl", "--system", "grep")
    assert human.returncode == 0 and "MRR@5" in human.stdout and "grep" in human.stdout
    bad = run("q.jsonl", "--system", "nope")
    assert bad.returncode == 2 and "unknown system nope" in bad.stderr
