"""End-to-end: the matching HTTP API served by uvicorn on a loopback port, driven by httpx, over
300 real venues (fake embedder, deterministic ranker)."""

from __future__ import annotations

import contextlib
import json
import os
import select
import socket
import subprocess
import sys
import threading
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx
import pytest
import uvicorn

from grace.bootstrap import MatchingApp, build_matching
from grace.config import Settings
from grace.entrypoints.http_api import MAX_CONNECTIONS, create_app, server_config
from grace.errors import ConfigError, MemberStoreError
from grace.matching.adapters.database import Database

MUSIC = {"description": "Festival de musique en plein air", "zone": "Bretagne"}
PROBLEM_KEYS = {"type", "title", "status", "detail"}


@contextmanager
def serving(matching: MatchingApp, **app_options: Any) -> Iterator[str]:
    """``create_app(matching)`` under uvicorn in a thread, with ``grace serve``'s settings;
    yields the base URL."""
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    port = sock.getsockname()[1]
    config = server_config(create_app(matching, **app_options), port=port, log_level="warning",
                           lifespan="off")
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    try:
        for _ in range(500):
            if server.started or not thread.is_alive():
                break
            threading.Event().wait(0.01)
        assert server.started, "uvicorn did not start"
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(timeout=10)
        sock.close()


def venues_app(tmp: Path, shared_data: Path, **settings: Any) -> MatchingApp:
    matching = build_matching(
        Settings(cache_dir=tmp, embedder="fake", ranker="deterministic", **settings),
        database_url=f"sqlite:///{tmp / 'members.sqlite'}")
    report = matching.import_venues(shared_data / "venues" / "festivals_france.csv", seed=0,
                                    limit=300)
    assert report.members == 300
    assert matching.worker()().status.stale == 0
    return matching


@pytest.fixture
def api(tmp_path: Path, shared_data: Path) -> Iterator[httpx.Client]:
    """A fresh store of 300 real venues (an empty search log) behind a served app."""
    matching = venues_app(tmp_path, shared_data)
    with serving(matching) as url, httpx.Client(base_url=url, timeout=30) as client:
        yield client
    matching.close()


@pytest.fixture(scope="module")
def shared_api(tmp_path_factory: pytest.TempPathFactory,
               shared_data: Path) -> Iterator[httpx.Client]:
    """One served store for the tests that only send bad inputs (nothing is logged)."""
    matching = venues_app(tmp_path_factory.mktemp("bad-inputs"), shared_data)
    with serving(matching) as url, httpx.Client(base_url=url, timeout=30) as client:
        yield client
    matching.close()


def search(api: httpx.Client, body: dict[str, Any]) -> dict[str, Any]:
    r = api.post("/api/searches", json=body)
    assert r.status_code == 201, r.text
    assert r.headers["content-type"] == "application/json"
    data: dict[str, Any] = r.json()
    return data


def assert_problem(r: httpx.Response, status: int, *needles: str) -> dict[str, Any]:
    assert r.status_code == status, r.text
    assert r.headers["content-type"] == "application/problem+json"
    body: dict[str, Any] = r.json()
    assert set(body) >= PROBLEM_KEYS and body["status"] == status
    assert body["type"].startswith("urn:grace:problem:")
    for needle in needles:
        assert needle in body["detail"], (needle, body["detail"])
    assert "Traceback" not in r.text and 'File "' not in r.text
    return body


def test_search_gives_four_plus_four_explained_members(api):
    res = search(api, MUSIC)
    assert res["mode"] == "pipeline" and res["zone"] == "Bretagne"
    assert len(res["search_id"]) == 32
    assert res["ranker"] == "deterministic" and res["fallback"] is None
    assert res["unknown_codes"] == [] and res["rejected"] == []
    rec, comp = res["recommended"], res["compatible"]
    assert len(rec) == 4 and len(comp) == 4
    codes = [s["code"] for s in rec + comp]
    assert len(set(codes)) == 8
    for s in rec + comp:
        assert s["explanation"].strip() and "Bretagne" in s["explanation"]
        assert s["distance_km"] is not None and s["postal_code"][:2] in {"22", "29", "35", "56"}
        assert s["generated"] == ["budget", "availability"]
    funnel = {st["stage"]: st["kept"] for st in res["funnel"]}
    assert funnel["members"] == 300 and 8 <= funnel["stage 1: hard filters"] < 300
    assert funnel["stage 3: deterministic"] == 8 == funnel["total"]
    past = api.get(f"/api/searches/{res['search_id']}")
    assert past.status_code == 200, past.text
    assert past.json()["request"]["zone"] == "Bretagne"
    assert [s["code"] for s in past.json()["suggestions"]] == codes


def test_every_field_of_a_request_is_used(api):
    full = {**MUSIC, "extra": "scène couverte si pluie", "format": "standing", "headcount": 50,
            "budget_min_eur": 100, "budget_max_eur": 50_000, "zone": "Rennes", "radius_km": 150,
            "dates": ["2027-06-12", "2027-06-13"], "codes": []}
    res = search(api, full)
    assert res["mode"] == "pipeline" and res["recommended"]
    assert all(s["distance_km"] <= 150 for s in res["recommended"] + res["compatible"])
    logged = api.get(f"/api/searches/{res['search_id']}").json()["request"]
    assert logged["dates"] == ["2027-06-12", "2027-06-13"] and logged["radius_km"] == 150
    assert logged["budget"] == {"min_eur": 100, "max_eur": 50_000}
    assert (logged["format"], logged["headcount"], logged["extra"]) == (
        "standing", 50, "scène couverte si pluie")


def test_feedback_shows_in_stats(api):
    empty = api.get("/api/stats").json()
    assert empty["searches"] == 0 and empty["acceptance_rate"] is None
    res = search(api, MUSIC)
    sid = res["search_id"]
    kept = api.post(f"/api/searches/{sid}/feedback",
                    json={"code": res["recommended"][0]["code"], "verdict": "kept"})
    assert kept.status_code == 201, kept.text
    assert kept.json()["verdict"] == "kept" and kept.json()["search_id"] == sid
    fixed = api.post(f"/api/searches/{sid}/feedback",
                     json={"code": res["compatible"][1]["code"], "verdict": "corrected",
                           "comment": "trop loin"})
    assert fixed.status_code == 201, fixed.text
    stats = api.get("/api/stats").json()
    assert stats["searches"] == 1 and stats["rankers"] == {"deterministic": 1}
    assert (stats["kept"], stats["corrected"], stats["acceptance_rate"]) == (1, 1, 0.5)
    assert stats["acceptance_by_ranker"] == {
        "deterministic": {"kept": 1, "corrected": 1, "rate": 0.5}}
    assert stats["latency_ms"]["total"]["count"] == 1
    assert api.get("/api/stats", params={"last": 1}).json()["kept"] == 1


def test_a_correction_carries_its_reason_and_the_map_has_its_base(api):
    res = search(api, MUSIC)
    sid = res["search_id"]
    assert all(s["source"] == "deterministic" and s["latitude"] is not None
               for s in res["recommended"] + res["compatible"])
    assert res["notices"] == []
    code = res["compatible"][0]["code"]
    fixed = api.post(f"/api/searches/{sid}/feedback",
                     json={"code": code, "verdict": "corrected", "reason": "too_expensive"})
    assert fixed.status_code == 201, fixed.text
    assert fixed.json()["reason"] == "too_expensive"
    assert api.get("/api/stats").json()["corrected_by_reason"] == {"too_expensive": 1}
    for body, needle in (({"verdict": "corrected", "reason": "ugly"}, "reason"),
                         ({"verdict": "kept", "reason": "too_small"}, "'corrected' only"),
                         ({"verdict": "corrected", "reason": "other"}, "needs a comment")):
        problem = assert_problem(api.post(f"/api/searches/{sid}/feedback",
                                          json={"code": code, **body}), 422, needle)
        assert problem["type"] == "urn:grace:problem:validation"
    deps = api.get("/api/map/departements").json()
    assert len(deps) == 101 and {"code", "name", "lat", "lon"} == set(deps[0])
    finistere = next(d for d in deps if d["code"] == "29")
    assert finistere["name"] == "Finistère" and finistere["lon"] < -3.5


def test_the_same_request_twice_offers_the_first_one(api):
    first = search(api, MUSIC)
    assert first["similar_requests"] == []
    second = search(api, MUSIC)
    assert [s["search_id"] for s in second["similar_requests"]] == [first["search_id"]]
    offered = second["similar_requests"][0]
    assert offered["description"] == MUSIC["description"] and offered["similarity"] > 0.95
    assert len(offered["suggestions"]) == 8
    listed = api.post("/api/similar-requests", json={**MUSIC, "k": 5})
    assert listed.status_code == 200, listed.text
    assert {s["search_id"] for s in listed.json()} == {first["search_id"], second["search_id"]}
    elsewhere = {**MUSIC, "zone": "Occitanie"}
    third = search(api, elsewhere)
    assert third["similar_requests"] == []  # same words, other hard filters: not offered
    listed = api.post("/api/similar-requests", json=elsewhere)
    assert [s["search_id"] for s in listed.json()] == [third["search_id"]]
    assert_problem(api.post("/api/similar-requests", json={**MUSIC, "k": 21}), 422, "k")


def test_member_lookup(api):
    code = search(api, MUSIC)["recommended"][0]["code"]
    r = api.get("/api/members/%23" + code[1:])
    assert r.status_code == 200, r.text
    member = r.json()
    assert member["code"] == code and member["name"] and member["postal_code"]
    assert member["budget"]["max_eur"] is not None and member["generated"]
    assert_problem(api.get("/api/members/%23NOPE999"), 404, "#NOPE999")
    assert_problem(api.get("/api/members/%23bad%20code"), 422, "member code")


def test_explicit_codes_are_served_directly_with_unknown_ones_reported(api):
    code = search(api, MUSIC)["recommended"][1]["code"]
    res = search(api, {"description": f"Nous voulons {code} et #999999"})
    assert res["mode"] == "explicit" and res["ranker"] == "explicit"
    assert [s["code"] for s in res["recommended"]] == [code] and res["compatible"] == []
    assert res["unknown_codes"] == ["#999999"]
    assert res["recommended"][0]["explanation"].startswith("Demandé explicitement")
    listed = search(api, {"description": "ces deux-là", "codes": [code, "#unknown"],
                          "zone": "Rennes"})
    assert listed["mode"] == "explicit" and listed["unknown_codes"] == ["#unknown"]
    assert listed["recommended"][0]["distance_km"] is not None


BAD_SEARCHES = [
    ({**MUSIC, "zone": "Atlantide"}, "Atlantide"),
    ({**MUSIC, "dates": ["2027-02-30"]}, "dates"),
    ({**MUSIC, "dates": ["12/06/2027"]}, "dates"),
    ({**MUSIC, "dates": [1781222400]}, "dates"),
    ({**MUSIC, "dates": ["2027-06-12T00:00:00"]}, "dates"),
    ({**MUSIC, "headcount": -1}, "headcount"),
    ({**MUSIC, "headcount": "beaucoup"}, "headcount"),
    ({**MUSIC, "format": "banquet"}, "format"),
    ({**MUSIC, "budget_min_eur": 5000, "budget_max_eur": 1000}, "min_eur"),
    ({"description": "x", "radius_km": 10}, "radius_km"),
    ({**MUSIC, "radius_km": 0}, "radius_km"),
    ({**MUSIC, "description": "   "}, "description"),
    ({"zone": "Rennes"}, "description"),
    ({**MUSIC, "description": "x" * 20_001}, "description"),
    ({**MUSIC, "dates": ["2027-06-12"] * 367}, "dates"),
    ({**MUSIC, "codes": ["#1"] * 51}, "codes"),
    ({**MUSIC, "codes": ["102"]}, "codes"),
    ({**MUSIC, "budget": "5000"}, "budget"),
]


@pytest.mark.parametrize(("body", "needle"), BAD_SEARCHES,
                         ids=[f"bad-{i}" for i in range(len(BAD_SEARCHES))])
def test_bad_search_is_a_422_problem(shared_api, body, needle):
    assert_problem(shared_api.post("/api/searches", json=body), 422, needle)
    assert shared_api.get("/api/stats").json()["searches"] == 0


def test_malformed_and_oversized_bodies(api):
    assert_problem(api.post("/api/searches", content=b"{not json",
                            headers={"content-type": "application/json"}), 422)
    big = json.dumps({**MUSIC, "extra": "x" * (300 * 1024)}).encode()
    assert_problem(api.post("/api/searches", content=big,
                            headers={"content-type": "application/json"}), 413, "256 KiB")
    # the longest valid texts, every character escaped, still fit under the limit
    escaped = json.dumps({**MUSIC, "description": "é" * 20_000, "extra": "à" * 20_000})
    assert len(escaped.encode()) > 200_000
    ok = api.post("/api/searches", content=escaped.encode(),
                  headers={"content-type": "application/json"})
    assert ok.status_code == 201, ok.text

    def chunks() -> Iterator[bytes]:  # no Content-Length: the streamed bytes are counted
        for i in range(0, len(big), 8192):
            yield big[i:i + 8192]

    streamed = api.post("/api/searches", content=chunks(),
                        headers={"content-type": "application/json"})
    assert_problem(streamed, 413, "256 KiB")
    assert search(api, MUSIC)["recommended"]  # still serving


def test_search_ids_and_feedback_errors(api):
    res = search(api, MUSIC)
    sid, code = res["search_id"], res["recommended"][0]["code"]
    unknown = "0" * 32
    assert_problem(api.get(f"/api/searches/{unknown}"), 404, unknown)
    assert_problem(api.get("/api/searches/not-an-id"), 422, "search_id")
    assert_problem(api.post(f"/api/searches/{unknown}/feedback",
                            json={"code": code, "verdict": "kept"}), 404, unknown)
    assert_problem(api.post(f"/api/searches/{sid}/feedback",
                            json={"code": code, "verdict": "maybe"}), 422, "verdict")
    assert_problem(api.post(f"/api/searches/{sid}/feedback",
                            json={"code": "#999999", "verdict": "kept"}), 404, "#999999")
    assert_problem(api.get("/api/nothing-here"), 404)
    assert_problem(api.delete("/api/stats"), 405)
    assert api.get("/api/stats").json()["kept"] == 0


def test_concurrent_searches_are_serialised(api):
    with ThreadPoolExecutor(max_workers=12) as pool:
        results = list(pool.map(lambda i: api.post("/api/searches", json={
            **MUSIC, "description": f"{MUSIC['description']} n°{i}"}), range(24)))
    assert [r.status_code for r in results] == [201] * 24
    assert all(len(r.json()["recommended"]) == 4 for r in results)
    assert api.get("/api/stats").json()["searches"] == 24


def test_openapi_docs_health_and_page(api):
    spec = api.get("/openapi.json").json()
    assert {"/api/searches", "/api/searches/{search_id}", "/api/searches/{search_id}/feedback",
            "/api/similar-requests", "/api/members/{code}", "/api/stats",
            "/healthz"} <= set(spec["paths"])
    post = spec["paths"]["/api/searches"]["post"]
    assert post["summary"] and post["description"]
    body = spec["components"]["schemas"]["SearchBody"]
    assert body["examples"][0]["zone"] == "Bretagne"
    assert body["properties"]["description"]["maxLength"] == 20_000
    assert "application/problem+json" in post["responses"]["422"]["content"]
    assert api.get("/docs").status_code == 404  # the CDN-backed pages are off (offline)
    assert api.get("/healthz").json() == {"status": "ok"}
    page = api.get("/")
    assert page.status_code == 200 and page.headers["content-type"].startswith("text/html")
    assert "Recommandés" in page.text and "default-src 'self'" in page.headers[
        "content-security-policy"]
    for asset in ("/static/app.js", "/static/style.css"):
        assert api.get(asset).status_code == 200, asset


class BrokenStore:
    """A member store whose database is down (``get``) or that fails unexpectedly
    (``ids_for``): a real implementation of the port's failures."""

    def migrate(self) -> None:
        pass

    def get(self, code: str) -> None:
        raise MemberStoreError("member store sqlite:///down.sqlite: database is locked")

    def ids_for(self, codes: list[str]) -> dict[str, int]:
        raise RuntimeError("secret internals at /srv/grace/members.sqlite")

    def close(self) -> None:
        pass


def test_store_trouble_and_unexpected_errors_are_problems(tmp_path):
    settings = Settings(cache_dir=tmp_path, embedder="fake", ranker="deterministic")
    broken = MatchingApp(settings, BrokenStore(),  # type: ignore[arg-type]
                         Database(f"sqlite:///{tmp_path / 'log.sqlite'}"))
    with serving(broken) as url, httpx.Client(base_url=url, timeout=30) as api:
        assert_problem(api.get("/api/members/%23102"), 503, "database is locked")
        r = api.post("/api/searches", json={"description": "#102 et #103"})
        body = assert_problem(r, 500, "internal error")
        assert "secret" not in r.text and "RuntimeError" not in r.text
        assert body["title"] == "Internal error"
        assert api.get("/healthz").status_code == 200  # still serving
    broken.close()


def test_a_config_error_stops_the_start(tmp_path, shared_data, monkeypatch):
    monkeypatch.delenv("ANTHROPIC_API_KEY", raising=False)
    monkeypatch.delenv("GRACE_ANTHROPIC_API_KEY", raising=False)
    matching = venues_app(tmp_path, shared_data)
    claude = MatchingApp(matching.settings.model_copy(update={"ranker": "claude"}),
                         matching.repo, matching.database)
    with pytest.raises(ConfigError, match="ANTHROPIC_API_KEY"):  # refused at start
        create_app(claude)
    claude.close()


def test_the_openapi_example_body_works_with_the_cli(api, tmp_path):
    """The API's documented example, taken from the live OpenAPI document, is a valid
    ``grace members match --request`` file, and both entry points read it the same way."""
    example = api.get("/openapi.json").json()["components"]["schemas"]["SearchBody"][
        "examples"][0]
    body = tmp_path / "body.json"
    body.write_text(json.dumps(example), encoding="utf-8")
    env = {k: v for k, v in os.environ.items() if not k.startswith("GRACE_")}
    env.update(GRACE_CACHE_DIR=str(tmp_path), GRACE_EMBEDDER="fake",
               GRACE_RANKER="deterministic")
    cli = subprocess.run(
        [sys.executable, "-m", "grace", "members", "match", "--request", str(body), "--db",
         f"sqlite:///{tmp_path / 'members.sqlite'}", "--json"],
        capture_output=True, text=True, env=env, timeout=300)
    assert cli.returncode == 0, cli.stderr
    by_cli = json.loads(cli.stdout)
    by_api = search(api, example)
    assert by_cli["mode"] == by_api["mode"] == "pipeline"
    assert by_api["recommended"]
    assert [s["code"] for s in by_cli["recommended"]] == [s["code"] for s in by_api["recommended"]]
    kept = [[(f["stage"], f["kept"]) for f in r["funnel"]] for r in (by_cli, by_api)]
    assert kept[0] == kept[1]  # the same hard filters, the same survivors at every stage
    logged = api.get(f"/api/searches/{by_cli['search_id']}").json()["request"]
    assert logged["budget"] == {"min_eur": example["budget_min_eur"],
                                "max_eur": example["budget_max_eur"]}
    assert logged["dates"] == example["dates"] and logged["headcount"] == example["headcount"]


def test_an_embedding_outage_is_a_502_problem_not_a_422(tmp_path, shared_data, monkeypatch):
    """The real OpenAI SDK, pointed at a closed loopback port: the request is fine, the
    embedding service is not — a 502 ``upstream`` problem; the server keeps serving."""
    with socket.socket() as closed:
        closed.bind(("127.0.0.1", 0))
        port = closed.getsockname()[1]
    monkeypatch.setenv("OPENAI_API_KEY", "sk-test-never-sent")
    monkeypatch.setenv("OPENAI_BASE_URL", f"http://127.0.0.1:{port}/v1")
    matching = build_matching(
        Settings(cache_dir=tmp_path, embedder="openai", ranker="deterministic"),
        database_url=f"sqlite:///{tmp_path / 'members.sqlite'}")
    matching.import_venues(shared_data / "venues" / "festivals_france.csv", seed=0, limit=50)
    with serving(matching) as url, httpx.Client(base_url=url, timeout=60) as api:
        for path, body in (("/api/searches", MUSIC), ("/api/similar-requests", MUSIC)):
            problem = assert_problem(api.post(path, json=body), 502, "OpenAI embeddings failed")
            assert problem["type"] == "urn:grace:problem:upstream"
            assert problem["title"] == "Upstream service failed"
        assert api.get("/api/stats").json()["searches"] == 0
        assert api.get("/healthz").status_code == 200
        spec = api.get("/openapi.json").json()["paths"]["/api/searches"]["post"]["responses"]
        assert {"502", "503"} <= set(spec)
    matching.close()



def trickle(port: int, n: int) -> list[bytes]:
    """Open ``n`` connections that send their headers, then their body one byte at a time
    until the server answers; return each answer, read until the server closed the connection
    (``[]`` entries missing: connections still open after 600 rounds)."""
    head = (b"POST /api/searches HTTP/1.1\r\nHost: grace\r\nContent-Type: application/json\r\n"
            b"Content-Length: 100000\r\n\r\n{")
    clients = [socket.create_connection(("127.0.0.1", port), timeout=30) for _ in range(n)]
    answers: dict[int, bytes] = {}
    try:
        for c in clients:
            c.sendall(head)
        for _ in range(600):
            open_ = [i for i in range(n) if i not in answers]
            if not open_:
                break
            for i in open_:
                with contextlib.suppress(OSError):  # the server may have closed it already
                    clients[i].sendall(b" ")
            readable, _, _ = select.select([clients[i] for i in open_], [], [], 0.05)
            for c in readable:
                data = b""
                with contextlib.suppress(OSError):
                    while chunk := c.recv(65536):  # to the end: the server closes it
                        data += chunk
                answers[clients.index(c)] = data
    finally:
        for c in clients:
            c.close()
    return list(answers.values())


def status_of(answer: bytes) -> bytes:
    return answer.split(b" ", 2)[1] if answer.startswith(b"HTTP/1.1 ") else answer[:20]


def test_trickling_bodies_are_cut_off_and_connections_capped(tmp_path):
    """Slowloris: clients that send their body a byte at a time get a 408 problem once the body
    deadline passes and their connection is closed; 300 of them at once are all answered (408,
    or 503 beyond ``grace serve``'s connection cap) and closed; a normal client is still served."""
    matching = build_matching(Settings(cache_dir=tmp_path, embedder="fake",
                                       ranker="deterministic"),
                              database_url=f"sqlite:///{tmp_path / 'members.sqlite'}")
    with serving(matching, body_timeout_s=1.0) as url:
        port = int(url.rsplit(":", 1)[1])
        few = trickle(port, MAX_CONNECTIONS // 2)
        assert len(few) == MAX_CONNECTIONS // 2, "trickling connections left open"
        assert {status_of(a) for a in few} == {b"408"}
        assert all(b"urn:grace:problem:timeout" in a for a in few)
        many = trickle(port, 300)
        assert len(many) == 300, f"{300 - len(many)} trickling connections left open"
        assert {status_of(a) for a in many} <= {b"408", b"503"}
        with httpx.Client(base_url=url, timeout=30) as api:
            assert api.get("/healthz").json() == {"status": "ok"}
            served = api.post("/api/searches", json={"description": "gala"})
            assert served.status_code == 201 and served.json()["warnings"]  # an empty store
    matching.close()
