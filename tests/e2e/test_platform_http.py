"""``grace serve --catalog-db``: ``POST /api/projects/{project}/resolve`` answers
``grace_resolve_context`` for any project of the platform database (issue 17); two servers on
one database answer identically (pgserver)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from grace.bootstrap import build_matching
from grace.bootstrap.platform import PlatformResolution
from grace.config import Settings
from tests.e2e.test_http_api import assert_problem, serving
from tests.matching_support.pg import fresh_database

BODY = {"task": "Ajouter le use case UpdateProject et son repository SQL", "role": "backend",
        "token_budget": 6000}


@pytest.fixture
def two_servers(pg_server: str, example_project_file: Path, tmp_path: Path
                ) -> Iterator[list[httpx.Client]]:
    url = fresh_database(pg_server)
    settings = Settings(cache_dir=tmp_path, embedder="fake", ranker="deterministic")
    with PlatformResolution(settings, url) as p:
        p.publisher(None)("default")
        p.import_project("facturation", example_project_file, catalog="default", languages=())
        p.store.create_project("backend-only", languages=["python"],
                               talents={"backend.repository": (True, False)})
    with build_matching(settings, database_url=f"sqlite:///{tmp_path / 'm.sqlite'}") as m, \
            PlatformResolution(settings, url) as p1, PlatformResolution(settings, url) as p2, \
            serving(m, platform=p1) as u1, serving(m, platform=p2) as u2, \
            httpx.Client(base_url=u1, timeout=60) as c1, \
            httpx.Client(base_url=u2, timeout=60) as c2:
        yield [c1, c2]


def test_resolve_any_project_identically_on_two_servers(two_servers: list[httpx.Client]) -> None:
    answers = {}
    for i, client in enumerate(two_servers):
        for project in ("facturation", "backend-only"):
            r = client.post(f"/api/projects/{project}/resolve", json=BODY)
            assert r.status_code == 200, r.text
            answers[(i, project)] = r.json()
    full, small = answers[(0, "facturation")], answers[(0, "backend-only")]
    assert full["markdown"].startswith("# GRACE context · facturation · role: backend")
    assert [s["id"] for s in small["served"]] == ["backend.repository"]
    assert len(full["served"]) > 1
    for project in ("facturation", "backend-only"):
        assert answers[(0, project)] == answers[(1, project)]


def test_unknown_project_and_bad_input_are_problems(two_servers: list[httpx.Client]) -> None:
    api = two_servers[0]
    assert_problem(api.post("/api/projects/facturatoin/resolve", json=BODY), 404,
                   "did you mean facturation")
    assert_problem(api.post("/api/projects/a%20b/resolve", json=BODY), 422, "invalid project")
    assert_problem(api.post("/api/projects/facturation/resolve",
                            json={**BODY, "role": "designer"}), 422, "unknown role")
