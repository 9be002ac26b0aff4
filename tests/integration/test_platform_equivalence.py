"""Issue 17, step 4: the bundled example resolved from its folder and from the platform
database (pgserver) gives byte-identical Markdown and JSON, relevance off and on."""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from grace.bootstrap import build_resolution
from grace.bootstrap.platform import PlatformResolution
from grace.config import Settings
from grace.entrypoints.cli.common import to_jsonable
from tests.matching_support.pg import fresh_database

REQUESTS: list[dict[str, Any]] = [
    {"role": "backend", "task": "Ajouter le use case UpdateProject et son repository SQL"},
    {"role": "frontend", "task": "Un formulaire accessible de création de facture",
     "depth": "standard", "token_budget": 3000},
    {"role": "architect", "task": "", "depth": "full", "token_budget": 100_000},
    {"role": "tester", "task": "tests du repository", "files": ["app/tests/test_repo.py"]},
    {"role": "reviewer", "task": "revue d'une PR React", "depth": "compact", "token_budget": 400,
     "files": ["web/src/InvoiceForm.tsx"]},
]


def _settings(tmp: Path, relevance: str) -> Settings:
    return Settings(usage="off", relevance=relevance, embedder="fake", cache_dir=tmp)


@pytest.fixture(scope="module")
def platform_url(pg_server: str, example_project_file: Path,
                 tmp_path_factory: pytest.TempPathFactory) -> str:
    url = fresh_database(pg_server)
    with PlatformResolution(_settings(tmp_path_factory.mktemp("c"), "off"), url) as p:
        assert p.publisher(None)("default").published.created
        p.import_project("facturation", example_project_file, catalog="default", languages=())
    return url


@pytest.fixture(params=["off", "embeddings"])
def apps(request: pytest.FixtureRequest, platform_url: str, tmp_path: Path
         ) -> Iterator[tuple[Any, Any]]:
    s = _settings(tmp_path, request.param)
    with build_resolution(s, example=True) as folder, PlatformResolution(s, platform_url) as p:
        yield folder, p.app("facturation", path=folder.project_file.path)


@pytest.mark.parametrize("req", REQUESTS, ids=[r["role"] for r in REQUESTS])
def test_folder_and_database_give_identical_markdown_and_json(
        apps: tuple[Any, Any], req: dict[str, Any]) -> None:
    folder, platform = apps
    # the same enabled talents, in the same order (only the source, for messages, differs)
    assert replace(platform.project, source="") == replace(folder.project, source="")
    results = []
    for app in (folder, platform):
        r = app.resolve(app.project, root=str(app.project_file.path.parent),
                        **{"token_budget": 8000, **req})
        results.append((r.markdown.encode(), json.dumps(to_jsonable(r), ensure_ascii=False)))
    assert results[0][0] == results[1][0]
    assert results[0][1] == results[1][1]
    assert len(results[0][0]) > 100


def test_projects_share_one_catalog_version_and_its_vectors(platform_url: str,
                                                            tmp_path: Path) -> None:
    with PlatformResolution(_settings(tmp_path, "embeddings"), platform_url) as p:
        p.store.create_project("backend-only", languages=["python"],
                               talents={"backend.repository": (True, False),
                                        "pattern.use-case": (True, False)})
        a, b = p.app("facturation"), p.app("backend-only")
        assert a.catalog is b.catalog  # one load per version, whatever the project
        task = "Ajouter le use case UpdateProject et son repository SQL"
        a.resolve(a.project, role="backend", task=task, token_budget=8000)
        embedder = p.embedder
        misses, hits = embedder.misses, embedder.hits  # type: ignore[union-attr]
        assert misses > 0
        r = b.resolve(b.project, role="backend", task=task, token_budget=8000)
        assert {s.id for s in r.served} <= {"backend.repository", "pattern.use-case"}
        # b went through the same embedder (hits) and embedded nothing again (misses)
        assert embedder.hits > hits  # type: ignore[union-attr]
        assert embedder.misses == misses  # type: ignore[union-attr]
        assert p.app("backend-only") is b  # the app (and its caches) lives on
