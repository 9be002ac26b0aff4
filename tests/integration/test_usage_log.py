"""JsonlUsageLog on disk: append, rotation at the cap, torn lines, failures that only warn."""

from __future__ import annotations

import json
from pathlib import Path

from grace.resolution.adapters.usage_log import JsonlUsageLog
from grace.resolution.domain.usage import UsageEvent

NOW = "2026-12-01T00:00:00Z"


def _event(i: int) -> UsageEvent:
    return UsageEvent(NOW, "resolve", "demo", role="backend", task_sha256=f"sha256:{i:064x}",
                      served=("a.one",), tokens=i)


def test_events_round_trip_in_order_and_torn_lines_are_skipped(tmp_path: Path) -> None:
    log = JsonlUsageLog(tmp_path / ".grace" / "usage.jsonl", warn=lambda m: None)
    log.record(_event(1))
    log.record(UsageEvent(NOW, "get", "demo", fetched="a.two", tokens=7))
    with log.path.open("a", encoding="utf-8") as fh:
        fh.write('{"kind": "resolve", "ts": \n')  # a torn write
    log.record(_event(3))
    assert [e.tokens for e in log.events()] == [1, 7, 3]
    assert log.events()[1].fetched == "a.two" and log.events()[0] == _event(1)
    first = json.loads(log.path.read_text(encoding="utf-8").splitlines()[0])
    assert "task" not in first and first["served"] == ["a.one"]


def test_the_log_rotates_at_max_bytes_and_keeps_one_previous_file(tmp_path: Path) -> None:
    log = JsonlUsageLog(tmp_path / "usage.jsonl", max_bytes=1_000, warn=lambda m: None)
    for i in range(60):
        log.record(_event(i))
    rotated = tmp_path / "usage.jsonl.1"
    assert rotated.is_file() and sorted(p.name for p in tmp_path.iterdir()) == [
        "usage.jsonl", "usage.jsonl.1"  # not a .grace folder: no .gitignore written
    ]
    line = len(log.path.read_text().splitlines()[0]) + 1
    assert log.path.stat().st_size < 1_000 + line and rotated.stat().st_size < 1_000 + line
    tokens = [e.tokens for e in log.events()]
    assert tokens == list(range(60 - len(tokens), 60))  # the newest, in order


def test_a_write_failure_warns_once_and_never_raises(tmp_path: Path) -> None:
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("x")
    warnings: list[str] = []
    log = JsonlUsageLog(blocker / ".grace" / "usage.jsonl", warn=warnings.append)
    log.record(_event(1))
    log.record(_event(2))
    assert len(warnings) == 1 and "GRACE_USAGE=off" in warnings[0]
    assert log.events() == []


def test_a_new_log_is_ignored_by_git_and_an_existing_gitignore_is_left_alone(
        tmp_path: Path) -> None:
    """The log is local: ``git add .`` must not commit it, the catalog beside it stays tracked
    (a new user found ``.grace/usage.jsonl`` among the files to commit)."""
    import shutil
    import subprocess

    git = shutil.which("git")
    assert git is not None, "git is needed (the repository's tools use it)"
    repo = tmp_path / "repo"
    (repo / ".grace" / "catalog").mkdir(parents=True)
    (repo / ".grace" / "catalog" / "a.yaml").write_text("id: a\n", encoding="utf-8")
    subprocess.run([git, "init", "-q", str(repo)], check=True)
    log = JsonlUsageLog(repo / ".grace" / "usage.jsonl", warn=lambda m: None)
    log.record(_event(1))
    log.record(_event(2))
    ignore = repo / ".grace" / ".gitignore"
    assert ignore.read_text(encoding="utf-8").splitlines()[1:] == ["usage.jsonl",
                                                                   "usage.jsonl.1"]

    def ignored(path: str) -> bool:
        return subprocess.run([git, "-C", str(repo), "check-ignore", "-q", path],
                              check=False).returncode == 0

    assert ignored(".grace/usage.jsonl") and ignored(".grace/usage.jsonl.1")
    assert not ignored(".grace/catalog/a.yaml")
    # a folder whose .gitignore is the user's: never rewritten
    other = tmp_path / "other" / ".grace"
    other.mkdir(parents=True)
    (other / ".gitignore").write_text("custom\n", encoding="utf-8")
    JsonlUsageLog(other / "usage.jsonl", warn=lambda m: None).record(_event(1))
    assert (other / ".gitignore").read_text(encoding="utf-8") == "custom\n"
