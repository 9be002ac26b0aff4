"""End-to-end: the usage log written by the CLI and the MCP server, `grace stats`, doctor."""

from __future__ import annotations

import asyncio
import json
import os
import sys
from pathlib import Path

from mcp import Client
from mcp.client.stdio import StdioServerParameters

from grace.bootstrap import example_project
from grace.resolution.domain.usage import MIN_RESOLVES_FOR_NEVER_SERVED
from tests.e2e.test_cli import grace

SRC = str(Path(__file__).resolve().parents[2] / "src")


def _project(tmp_path: Path) -> Path:
    (tmp_path / "grace.yaml").write_text(example_project().read_text(encoding="utf-8"),
                                         encoding="utf-8")
    return tmp_path / ".grace" / "usage.jsonl"


def _lines(path: Path) -> list[dict[str, object]]:
    return [json.loads(x) for x in path.read_text(encoding="utf-8").splitlines()]


def test_resolve_and_get_are_logged_and_stats_counts_them(tmp_path: Path) -> None:
    log = _project(tmp_path)
    r = grace("resolve", "-r", "backend", "--json", "Ajouter un repository SQL", cwd=tmp_path)
    served = json.loads(r.stdout)["served_ids"]
    assert grace("get", "backend.persistence", "-d", "compact", cwd=tmp_path).returncode == 0
    assert grace("get", "backend.nope", cwd=tmp_path).returncode == 2  # failed: not logged
    resolve, get = _lines(log)
    assert resolve["kind"] == "resolve" and resolve["role"] == "backend"
    assert resolve["served"] == served and resolve["project"] == "facturation"
    assert str(resolve["task_sha256"]).startswith("sha256:") and "task" not in resolve
    assert "Ajouter" not in log.read_text(encoding="utf-8")
    assert get["fetched"] == "backend.persistence" and int(str(get["tokens"])) > 0
    stats = json.loads(grace("stats", "--json", cwd=tmp_path).stdout)
    assert (stats["resolves"], stats["gets"]) == (1, 1)
    rows = {t["id"]: t for t in stats["talents"]}
    assert rows["backend.persistence"]["fetched"] == 1
    assert all(rows[tid]["served"] == 1 for tid in served)
    assert "observability.metrics" in stats["never_served"]  # enabled, a draft: never served
    table = grace("stats", cwd=tmp_path)
    assert "1 resolves, 1 gets recorded" in table.stdout and "never served:" in table.stdout


def test_usage_off_writes_nothing_and_usage_text_keeps_the_task(tmp_path: Path) -> None:
    log = _project(tmp_path)
    grace("resolve", "-r", "backend", "x", cwd=tmp_path, env={"GRACE_USAGE": "off"})
    assert not log.exists()
    grace("resolve", "-r", "backend", "Paginer", cwd=tmp_path, env={"GRACE_USAGE_TEXT": "1"})
    assert _lines(log)[0]["task"] == "Paginer"


def test_a_log_that_cannot_be_written_warns_and_the_resolve_still_works(tmp_path: Path) -> None:
    _project(tmp_path)
    (tmp_path / ".grace").write_text("a file where the folder should be")
    r = grace("resolve", "-r", "backend", "x", cwd=tmp_path)
    assert r.returncode == 0 and r.stdout.startswith("# GRACE context")
    assert r.stderr.count("usage log") == 1 and "GRACE_USAGE=off" in r.stderr


def test_doctor_flags_enabled_talents_never_served_over_the_history(tmp_path: Path) -> None:
    log = _project(tmp_path)
    log.parent.mkdir()
    line = {"ts": "2026-12-01T00:00:00Z", "kind": "resolve", "project": "facturation",
            "role": "backend", "served": ["backend.repository"], "tokens": 10}
    few = [json.dumps(line)] * (MIN_RESOLVES_FOR_NEVER_SERVED - 1)
    log.write_text("\n".join(few) + "\n", encoding="utf-8")
    doctor = json.loads(grace("doctor", "--json", cwd=tmp_path).stdout)
    assert not [f for f in doctor["findings"] if f["code"] == "never_served"]
    with log.open("a", encoding="utf-8") as fh:
        fh.write(json.dumps(line) + "\n")
    doctor = json.loads(grace("doctor", "--json", cwd=tmp_path).stdout)
    (finding,) = [f for f in doctor["findings"] if f["code"] == "never_served"]
    # 27 enabled, 1 of them a draft (never served anyway, reported as enabled_draft), 1 served
    assert finding["subject"] == "25 talents" and "architecture.dependency-rule" in finding[
        "message"] and "and 20 more" in finding["message"]
    assert "backend.repository" not in finding["message"]


def test_grace_get_over_mcp_is_logged(tmp_path: Path) -> None:
    log = _project(tmp_path)
    env = {k: v for k, v in os.environ.items() if not k.startswith("GRACE_")}
    env["PYTHONPATH"] = SRC
    params = StdioServerParameters(command=sys.executable, args=["-m", "grace", "mcp"],
                                   env=env, cwd=str(tmp_path))

    async def main() -> None:
        async with Client(params, read_timeout_seconds=120) as client:
            r = await client.call_tool("grace_resolve_context",
                                       {"task": "Paginer les factures", "role": "backend"})
            assert not r.is_error
            r = await client.call_tool("grace_get", {"id": "backend.repository"})
            assert not r.is_error

    asyncio.run(main())
    kinds = [(e["kind"], e.get("fetched")) for e in _lines(log)]
    assert kinds == [("resolve", None), ("get", "backend.repository")]
