"""Platform mode from the command line (issue 17): publish, projects, a grace.yaml pointing to
the platform database, and the clear errors (pgserver)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from tests.e2e.test_cli import grace
from tests.matching_support.pg import fresh_database


@pytest.fixture
def db(pg_server: str) -> str:
    return fresh_database(pg_server)


def test_publish_then_projects_then_a_platform_grace_yaml(
        db: str, example_catalog_dir: Path, example_project_file: Path, tmp_path: Path) -> None:
    first = grace("catalog", "publish", str(example_catalog_dir), "--db", db, "--json")
    assert first.returncode == 0, first.stderr
    v1 = json.loads(first.stdout)["published"]
    assert v1["created"] and v1["talents"] >= 20
    again = grace("catalog", "publish", str(example_catalog_dir), "--db", db)
    assert again.returncode == 0 and f"unchanged: still version {v1['version']}" in again.stdout

    made = grace("project", "create", "shop", "--db", db, "-l", "python")
    assert made.returncode == 0, made.stderr
    on = grace("project", "enable", "shop", "backend.*", "pattern.use-case", "--db", db, "--json")
    assert on.returncode == 0, on.stderr
    assert "backend.repository" in json.loads(on.stdout)["changed"]
    off = grace("project", "disable", "shop", "backend.orm-active-record", "--db", db)
    assert off.returncode == 0 and "disabled 1 talents in project shop" in off.stdout

    (tmp_path / "grace.yaml").write_text(f"name: shop\ncatalog: {json.dumps(db)}\n")
    md = grace("resolve", "-r", "backend", "ajouter un repository SQL", cwd=tmp_path)
    assert md.returncode == 0, md.stderr
    assert md.stdout.startswith("# GRACE context · shop · role: backend")
    assert "`backend.repository`" in md.stdout and "`frontend." not in md.stdout
    local = grace("enable", "backend.orm-active-record", cwd=tmp_path)  # writes to the platform
    assert local.returncode == 0 and "platform project shop" in local.stdout, local.stderr
    assert (tmp_path / "grace.yaml").read_text().count("\n") == 2  # the file is untouched
    listed = grace("project", "list", "--db", db, "--json")
    assert json.loads(listed.stdout) == [{"project": "shop", "catalog": "default"}]
    shown = grace("project", "show", "shop", "--db", db, "--json")
    assert "backend.orm-active-record" in json.loads(shown.stdout)["enabled"]


def test_clear_errors(db: str, example_catalog_dir: Path, tmp_path: Path) -> None:
    bad = grace("project", "create", "x", "--db", "mysql://h/db")
    assert bad.returncode == 2 and "postgresql://" in bad.stderr
    assert grace("catalog", "publish", str(example_catalog_dir), "--db", db).returncode == 0
    assert grace("project", "create", "shop-api", "--db", db).returncode == 0
    unknown = grace("project", "enable", "shop-apl", "backend.repository", "--db", db)
    assert unknown.returncode == 2 and "did you mean shop-api" in unknown.stderr
    typo = grace("project", "enable", "shop-api", "backend.repositry", "--db", db)
    assert typo.returncode == 2 and "did you mean backend.repository" in typo.stderr
    escape = grace("project", "enable", "shop-api", "../../etc", "--db", db)
    assert escape.returncode == 2 and "invalid talent id" in escape.stderr


def test_an_invalid_catalog_is_refused_and_nothing_is_written(
        db: str, example_catalog_dir: Path, tmp_path: Path) -> None:
    assert grace("catalog", "publish", str(example_catalog_dir), "--db", db).returncode == 0
    broken = tmp_path / "catalog"
    shutil.copytree(example_catalog_dir, broken)
    manifest = next(broken.rglob("backend.repository/talent.yaml"))
    text = manifest.read_text()
    assert "requires: [pattern.port-adapter]" in text
    manifest.write_text(text.replace("requires: [pattern.port-adapter]",
                                     "requires: [pattern.port-adapter, backend.no-such-thing]"))
    refused = grace("catalog", "publish", str(broken), "--db", db)
    assert refused.returncode == 2, refused.stdout
    assert "not published" in refused.stderr and "backend.no-such-thing" in refused.stderr
    again = grace("catalog", "publish", str(example_catalog_dir), "--db", db)
    assert "unchanged: still version" in again.stdout  # the refused one was never written


def test_a_platform_grace_yaml_may_not_list_talents(tmp_path: Path) -> None:
    (tmp_path / "grace.yaml").write_text(
        "name: shop\ncatalog: postgresql://grace@db/grace\ntalents:\n  backend.repository: true\n")
    r = grace("resolve", "-r", "backend", "x", cwd=tmp_path)
    assert r.returncode == 2 and "live there" in r.stderr
