"""End-to-end: ``grace members …`` in a subprocess, on the real venues (fake embedder)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest


def members(*args: str, tmp: Path) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("GRACE_")}
    env.update(GRACE_CACHE_DIR=str(tmp), GRACE_EMBEDDER="fake", COLUMNS="200")
    return subprocess.run([sys.executable, "-m", "grace", "members", *args], capture_output=True,
                          text=True, env=env, timeout=300)


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory, shared_data: Path) -> Path:
    tmp = tmp_path_factory.mktemp("members")
    out = members("import", str(shared_data / "venues" / "festivals_france.csv"), "--json",
                  tmp=tmp)
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    assert data["members"] == 7265 and data["skipped"] == 17  # 2 rows have only an INSEE code
    # CEDEX / INSEE codes in the postal-code column, recoded to their commune's (issue 16)
    assert data["postal_codes_recoded"] > 0 and data["postal_codes_unresolved"] >= 0
    assert data["embedding"]["stale"] == 0
    return tmp


def test_jazz_within_30_km_of_rennes(store):
    out = members("search", "festival de jazz", "--zone", "Rennes", "--radius", "30", "--json",
                  tmp=store)
    assert out.returncode == 0, out.stderr
    res = json.loads(out.stdout)
    funnel = {s["stage"]: s["kept"] for s in res["funnel"]}
    assert funnel["members"] == 7265
    assert 0 < funnel["stage 1: hard filters"] < 7265 * 0.05
    cands = res["candidates"]
    assert len(cands) == min(50, funnel["stage 1: hard filters"])
    assert all(c["distance_km"] <= 30 for c in cands)
    scores = [c["score"] for c in cands]  # stage 2 order: e5 + BM25 + themes (decision 0021)
    assert scores == sorted(scores, reverse=True) and all(s is not None for s in scores)
    assert "jazz" in cands[0]["name"].lower()
    assert cands[0]["generated"] == ["budget", "availability"]


def test_table_output_and_status(store):
    out = members("search", "festival de jazz", "--zone", "35", "--limit", "5", tmp=store)
    assert out.returncode == 0, out.stderr
    assert "stage 1: hard filters" in out.stdout and "similarity" in out.stdout
    st = json.loads(members("status", "--json", tmp=store).stdout)
    assert st == {"members": 7265, "embedded": 7265, "stale": 0}


def test_search_on_an_empty_store_says_so(tmp_path, store):
    empty = members("search", "festival de jazz", "--zone", "Rennes", tmp=tmp_path)
    assert empty.returncode == 0, empty.stderr
    assert "the member store holds no member" in " ".join(empty.stderr.split())
    full = members("search", "festival de jazz", "--zone", "Rennes", tmp=store)
    assert full.returncode == 0 and "holds no member" not in full.stderr


def test_request_file(store, tmp_path):
    req = tmp_path / "demande.json"
    req.write_text(json.dumps({"description": "concert de musique classique", "zone": "2A",
                               "budget": "1000-20000", "dates": ["2027-06-12"]}))
    out = members("search", "--request", str(req), "--json", tmp=store)
    assert out.returncode == 0, out.stderr
    assert all(c["postal_code"].startswith("20") for c in json.loads(out.stdout)["candidates"])


@pytest.mark.parametrize("args", [
    ("search", "x", "--zone", "Atlantide"), ("search", "x", "--zone", "Saint-Denis"),
    ("search", "x", "--budget", "beaucoup"), ("search", "x", "--date", "12/06/2027"),
    ("search", "x", "--radius", "10"), ("search",), ("import", "/nope.csv"),
    ("status", "--db", "mysql://x"),
])
def test_bad_input_is_error_exit_2(store, args):
    out = members(*args, tmp=store)
    assert out.returncode == 2, (out.stdout, out.stderr)
    assert out.stderr.startswith("error:") and "Traceback" not in out.stderr


def test_generate_then_worker(tmp_path):
    db = f"sqlite:///{tmp_path / 'gen.sqlite'}"
    out = members("generate", "--count", "200", "--seed", "3", "--calendar-days", "5",
                  "--db", db, "--json", tmp=tmp_path)
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout)["availability_rows"] == 1000
    assert json.loads(members("status", "--db", db, "--json", tmp=tmp_path).stdout)["stale"] == 200
    w = json.loads(members("worker", "--db", db, "--json", tmp=tmp_path).stdout)
    assert w["embedded"] == 200 and w["stale"] == 0
    res = json.loads(members("search", "séminaire au château", "--zone", "Lyon", "--radius",
                             "40", "--db", db, "--json", tmp=tmp_path).stdout)
    assert res["candidates"] and all(c["generated"] == ["all"] for c in res["candidates"])
    assert all(c["distance_km"] <= 40 for c in res["candidates"])


def test_match_feedback_similar_stats_show(store):
    args = ("Festival de musique en plein air", "--zone", "Occitanie", "--date", "2027-06-12")
    out = members("match", *args, "--json", tmp=store)
    assert out.returncode == 0, out.stderr
    res = json.loads(out.stdout)
    assert res["mode"] == "pipeline" and res["ranker"] == "deterministic"
    assert len(res["recommended"]) == 4 and len(res["compatible"]) == 4
    assert all(s["explanation"] for s in res["recommended"] + res["compatible"])
    # Occitanie keeps more than 500 festivals: the 500 closest to its centre go on
    stages = {s["stage"]: s["kept"] for s in res["funnel"]}
    assert stages["stage 1: hard filters"] > 500
    assert stages["broad zone: closest to the centre"] == 500 and res["narrowed"]
    sid = res["search_id"]
    first, second = res["recommended"][0]["code"], res["compatible"][0]["code"]
    assert members("feedback", sid, first, "--kept", tmp=store).returncode == 0
    assert members("feedback", sid, second, "--corrected", "--comment", "trop loin",
                   "--reason", "wrong_place", tmp=store).returncode == 0
    other = members("feedback", sid, second, "--corrected", "--reason", "other", tmp=store)
    assert other.returncode == 2 and "needs a comment" in other.stderr
    bad = members("feedback", sid, "#NOT1", "--kept", tmp=store)
    assert bad.returncode == 2 and "did not suggest" in bad.stderr
    st = json.loads(members("stats", "--json", tmp=store).stdout)
    assert st["kept"] >= 1 and st["corrected"] >= 1 and st["acceptance_rate"] is not None
    assert {"stage1", "stage2", "stage3", "total"} <= set(st["latency_ms"])
    table = members("stats", tmp=store)
    assert table.returncode == 0 and "acceptance rate" in table.stdout
    assert st["corrected_by_reason"].get("wrong_place", 0) >= 1
    assert "corrected: wrong_place" in table.stdout
    assert "LLM explanations replaced" in table.stdout
    by_ranker = st["acceptance_by_ranker"]["deterministic"]
    assert by_ranker["kept"] >= 1 and by_ranker["corrected"] >= 1
    assert "acceptance: deterministic" in table.stdout
    sim = json.loads(members("similar", *args, "--json", tmp=store).stdout)
    assert sid in [s["search_id"] for s in sim]
    shown = json.loads(members("show", first, "--json", tmp=store).stdout)
    assert shown["code"] == first
    text = members("match", *args, tmp=store)
    assert text.returncode == 0 and "Recommandés (4)" in text.stdout
    assert "similar past request" in text.stderr


def test_match_serves_explicit_codes(store):
    code = json.loads(members("search", "festival de jazz", "--zone", "Rennes", "--json",
                              tmp=store).stdout)["candidates"][0]["code"]
    res = json.loads(members("match", f"Je veux {code} et #404", "--json", tmp=store).stdout)
    assert res["mode"] == "explicit" and res["unknown_codes"] == ["#404"]
    assert [s["code"] for s in res["recommended"]] == [code]


@pytest.mark.parametrize("args", [
    ("match", "x", "--zone", "Atlantide"), ("match",), ("show", "pas-un-code"),
    ("show", "#NOBODY"), ("feedback", "f" * 32, "#1", "--kept"),
    ("match", "gala", "--request", "demande.json"), ("match", "gala", "--budget", "-"),
])
def test_bad_match_input_is_error_exit_2(store, args):
    out = members(*args, tmp=store)
    assert out.returncode == 2, (out.stdout, out.stderr)
    assert out.stderr.startswith("error:") and "Traceback" not in out.stderr


def test_budget_bounds_mean_what_they_say(store):
    def kept(budget: str) -> int:
        out = members("search", "gala", "--budget", budget, "--json", tmp=store)
        assert out.returncode == 0, out.stderr
        funnel = {s["stage"]: s["kept"] for s in json.loads(out.stdout)["funnel"]}
        return int(funnel["stage 1: hard filters"])

    at_least, at_most = kept("30000-"), kept("30000")  # "MIN-" is a minimum, "MAX" a maximum
    assert at_least < at_most and at_least + at_most > 7265  # overlapping ranges count twice
    assert kept("1000-2000") <= at_most


@pytest.mark.parametrize("args", [
    ("match", "x", "--budget", "99999999999999999999999"),
    ("match", "x", "--format", "seated", "--headcount", "99999999999999999999"),
    ("similar", "x", "--min-similarity", "5"),
])
def test_out_of_range_numbers_are_clean_errors(store, args):
    out = members(*args, tmp=store)
    assert out.returncode == 2 and "Traceback" not in out.stderr, out.stderr


def test_request_file_with_wrong_types_is_a_clean_error(store, tmp_path):
    for body in ({"description": "gala", "zone": 35}, {"description": "gala", "radius_km": "x",
                                                         "zone": "Rennes"},
                 {"description": "gala", "budget": {"min_eur": 1, "currency": "€"}}):
        req = tmp_path / "bad.json"
        req.write_text(json.dumps(body))
        out = members("match", "--request", str(req), tmp=store)
        assert out.returncode == 2 and out.stderr.startswith("error:"), out.stderr
    deep = tmp_path / "deep.json"
    deep.write_text('{"description": "x", "extra": ' + "[" * 5000 + "]" * 5000 + "}")
    out = members("match", "--request", str(deep), tmp=store)
    assert out.returncode == 2 and "nested too deeply" in out.stderr, out.stderr


def test_request_file_takes_the_logged_budget_layout_and_a_bom(store, tmp_path):
    req = tmp_path / "demande.json"
    req.write_text("\ufeff" + json.dumps({"description": "gala",
                                          "budget": {"min_eur": 30000, "max_eur": None}}),
                   encoding="utf-8")
    out = members("search", "--request", str(req), "--json", tmp=store)
    assert out.returncode == 0, out.stderr
    kept = {s["stage"]: s["kept"] for s in json.loads(out.stdout)["funnel"]}
    assert kept["stage 1: hard filters"] < 7265


def test_serve_refuses_a_port_in_use(tmp_path):
    import socket

    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        env = {k: v for k, v in os.environ.items() if not k.startswith("GRACE_")}
        env.update(GRACE_CACHE_DIR=str(tmp_path), GRACE_EMBEDDER="fake")
        out = subprocess.run([sys.executable, "-m", "grace", "serve", "--port", str(port)],
                             capture_output=True, text=True, env=env, timeout=120)
    assert out.returncode == 2 and "cannot listen" in out.stderr, out.stderr
    assert "serving on" not in out.stdout
