"""Several processes appending at once; a rebuild killed half-way (SIGKILL)."""

from __future__ import annotations

import json
import multiprocessing as mp
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from grace.bootstrap import build_learnings
from grace.config import Settings

WRITERS, EACH = 4, 6
REPO = Path(__file__).resolve().parents[2]


def settings(tmp: Path) -> Settings:
    return Settings(embedder="fake", cache_dir=tmp / "cache")


def writer(path: str, worker: int) -> None:
    app = build_learnings(settings(Path(path).parent), Path(path))
    for i in range(EACH):
        app.add(story=f"worker {worker} story {i}", tags=[f"w{worker}"],
                learning=f"lesson {i} from worker {worker}")


def test_concurrent_writers_lose_nothing_and_duplicate_nothing(tmp_path):
    src = tmp_path / "learnings.jsonl"
    ctx = mp.get_context("spawn")
    procs = [ctx.Process(target=writer, args=(str(src), w)) for w in range(WRITERS)]
    for p in procs:
        p.start()
    for p in procs:
        p.join(timeout=300)
        assert p.exitcode == 0
    lines = src.read_text().splitlines()
    stories = [json.loads(x)["story"] for x in lines]
    assert len(lines) == WRITERS * EACH and len(set(stories)) == WRITERS * EACH
    assert len({json.loads(x)["id"] for x in lines}) == WRITERS * EACH
    st = build_learnings(settings(tmp_path), src).maintainer.status()
    assert (st.state, st.indexed, st.problems) == ("fresh", WRITERS * EACH, ())


def env(tmp: Path, **extra: str) -> dict[str, str]:
    base = {k: v for k, v in os.environ.items() if not k.startswith("GRACE_")}
    return {**base, "GRACE_EMBEDDER": "fake", "GRACE_CACHE_DIR": str(tmp / "cache"), **extra}


def grace(tmp: Path, *args: str, **extra: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "grace", "learnings", *args], cwd=tmp,
                          env=env(tmp, **extra), capture_output=True, text=True, timeout=120)


def kill_ensure_index_after(tmp: Path, src: Path, pause_after: str) -> None:
    """Run ``ensure-index`` with a fault injected by the tests (tests/learnings_crash.py, not the
    product), wait until it has written ``pause_after``, then SIGKILL it."""
    proc = subprocess.Popen(
        [sys.executable, "-m", "tests.learnings_crash", str(src), pause_after], cwd=REPO,
        env=env(tmp), stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
    )
    assert proc.stderr is not None
    assert proc.stderr.readline().strip() == f"paused after writing {pause_after}"
    proc.send_signal(signal.SIGKILL)
    proc.wait(timeout=30)
    proc.stderr.close()


@pytest.mark.parametrize("pause_after", ["text", "story", "keys", "lines"])
def test_a_rebuild_killed_half_way_leaves_a_detectably_stale_index(tmp_path, pause_after):
    src = tmp_path / "learnings.jsonl"
    src.write_text("".join(json.dumps({"story": f"s{i}", "tags": ["t"], "learning": f"l{i}"})
                           + "\n" for i in range(30)))
    assert grace(tmp_path, "ensure-index").returncode == 0
    src.write_text(src.read_text().replace('"s3"', '"s3 edited"'))  # forces a rebuild
    # ensure-index with a fault injected by the tests (tests/learnings_crash.py), not the product
    kill_ensure_index_after(tmp_path, src, pause_after)

    status = json.loads(grace(tmp_path, "status", "--json").stdout)
    assert status["state"] == "unusable" and "differs" in status["reason"]
    res = grace(tmp_path, "search", "s3", "--threshold", "0", "--no-update", "--json")
    data = json.loads(res.stdout)
    assert data["path"] == "fallback" and "index not used (unusable" in data["reason"]
    # The lock died with the process: the next ensure-index neither waits nor fails.
    fixed = json.loads(grace(tmp_path, "ensure-index", "--json").stdout)
    assert fixed["action"] == "rebuild"
    assert json.loads(grace(tmp_path, "status", "--json").stdout)["state"] == "fresh"
    hit = json.loads(grace(tmp_path, "search", "s3 edited", "--threshold", "0", "--json").stdout)
    assert hit["path"] == "hybrid" and hit["hits"][0]["learning"]["story"] == "s3 edited"


@pytest.mark.parametrize("pause_after", ["text-append", "keys-append", "lines-append"])
def test_an_append_killed_half_way_is_detected_then_cut_off_and_redone(tmp_path, pause_after):
    """Decision 0020: an append writes rows at the end of the files, the meta last; bytes a
    killed append left past the recorded end are reported, then cut off by the next update."""
    src = tmp_path / "learnings.jsonl"
    src.write_text("".join(json.dumps({"story": f"s{i}", "tags": ["t"], "learning": f"l{i}"})
                           + "\n" for i in range(30)))
    assert grace(tmp_path, "ensure-index").returncode == 0
    sizes = {p.name: p.stat().st_size for p in tmp_path.glob("learnings-*")}
    with src.open("a") as f:
        f.write(json.dumps({"story": "late arrival", "tags": ["t"], "learning": "l30"}) + "\n")
    kill_ensure_index_after(tmp_path, src, pause_after)
    grown = [p.name for p in tmp_path.glob("learnings-*") if p.stat().st_size > sizes[p.name]]
    assert grown  # the kill left rows past the end the meta records

    status = json.loads(grace(tmp_path, "status", "--json").stdout)
    assert status["state"] == "unusable" and "past the end" in status["reason"]
    res = grace(tmp_path, "search", "late", "--threshold", "0", "--no-update", "--json")
    assert json.loads(res.stdout)["path"] == "fallback"
    fixed = json.loads(grace(tmp_path, "ensure-index", "--json").stdout)
    assert (fixed["action"], fixed["embedded"]) == ("append", 1)
    assert {p.name: p.stat().st_size for p in tmp_path.glob("learnings-*")} != sizes
    status = json.loads(grace(tmp_path, "status", "--json").stdout)
    assert (status["state"], status["indexed"]) == ("fresh", 31)
    hit = json.loads(grace(tmp_path, "search", "late arrival", "--threshold", "0",
                           "--json").stdout)
    assert hit["hits"][0]["learning"]["story"] == "late arrival"
