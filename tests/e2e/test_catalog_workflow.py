"""End-to-end: enable / disable, import --enable and re-import, doctor's catalog warnings."""

from __future__ import annotations

import json
from pathlib import Path

from grace.bootstrap import example_project
from tests.e2e.test_cli import grace


def _rule(folder: Path, name: str, desc: str, globs: str, body: str = "Be nice.") -> None:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / f"{name}.mdc").write_text(
        f"---\ndescription: {desc}\nglobs: {globs}\n---\n# {desc}\n- {body}\n", encoding="utf-8"
    )


def test_enable_and_disable_edit_grace_yaml_keeping_comments_and_order(tmp_path: Path) -> None:
    original = example_project().read_text(encoding="utf-8")
    (tmp_path / "grace.yaml").write_text(original, encoding="utf-8")
    r = grace("enable", "pattern.domain-events", "backend.repository", cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    assert "enabled 1 talents" in r.stdout and "1 already enabled" in r.stdout
    r = grace("disable", "backend.rest-api", "--json", cwd=tmp_path)
    assert json.loads(r.stdout)["changed"] == ["backend.rest-api"]
    edited = (tmp_path / "grace.yaml").read_text(encoding="utf-8")
    assert edited == original.replace(
        "  backend.rest-api: true\n", "  backend.rest-api: false\n"
    ) + "  pattern.domain-events: true\n"
    served = json.loads(grace("resolve", "-r", "backend", "--json", "Publier un événement "
                              "de domaine", cwd=tmp_path).stdout)
    reasons = {d["id"]: d["reason"] for d in served["dropped"]}
    assert reasons["backend.rest-api"] == "not_enabled"
    assert "pattern.domain-events" not in reasons


def test_unknown_ids_are_a_clear_error_with_suggestions_and_nothing_is_written(
    tmp_path: Path,
) -> None:
    original = example_project().read_text(encoding="utf-8")
    (tmp_path / "grace.yaml").write_text(original, encoding="utf-8")
    r = grace("enable", "pattern.domain-events", "backend.repositry", "nothing.*", cwd=tmp_path)
    assert r.returncode == 2
    assert "did you mean backend.repository" in r.stderr
    assert "pattern 'nothing.*' matches no talent" in r.stderr
    assert (tmp_path / "grace.yaml").read_text(encoding="utf-8") == original
    assert grace("enable", "../etc", cwd=tmp_path).returncode == 2
    assert grace("enable", cwd=tmp_path).returncode == 2  # at least one id


def test_import_enable_then_reimport_reports_what_changed(tmp_path: Path) -> None:
    rules = tmp_path / "rules"
    _rule(rules, "python-style", "Python style", "**/*.py")
    _rule(rules, "go-style", "Go style", "**/*.go")
    (tmp_path / "grace.yaml").write_text(
        "# my project\nname: demo\ncatalog: cat\nlanguages: [python]\ntalents: {}\n",
        encoding="utf-8",
    )
    r = grace("catalog", "import", "-f", "cursor", "rules", "cat", "--enable", cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    assert "2 added, 0 updated, 0 unchanged" in r.stdout and "enabled 2" in r.stdout
    text = (tmp_path / "grace.yaml").read_text(encoding="utf-8")
    assert text.startswith("# my project\n")
    assert "cursor.python-style: true" in text and "cursor.go-style: true" in text
    doctor = json.loads(grace("doctor", "--json", cwd=tmp_path).stdout)
    (mismatch,) = [f for f in doctor["findings"] if f["code"] == "language_mismatch"]
    assert mismatch["subject"] == "go (1)" and "cursor.go-style" in mismatch["message"]
    assert not [f for f in doctor["findings"] if f["code"] == "not_enabled"]

    same = grace("catalog", "import", "-f", "cursor", "rules", "cat", "--json", cwd=tmp_path)
    data = json.loads(same.stdout)
    assert (data["added"], data["updated"], data["unchanged"]) == (0, 0, 2)

    _rule(rules, "python-style", "Python style", "**/*.py", body="Use ruff.")
    (rules / "go-style.mdc").unlink()
    _rule(rules, "rust-style", "Rust style", "**/*.rs")
    again = grace("catalog", "import", "-f", "cursor", "rules", "cat", cwd=tmp_path)
    assert again.returncode == 0, again.stderr
    assert ("1 added, 1 updated, 0 unchanged, 1 removed from source" in again.stdout)
    assert "removed from source: cursor.go-style" in again.stderr
    doctor = json.loads(grace("doctor", "--json", cwd=tmp_path).stdout)
    (not_enabled,) = [f for f in doctor["findings"] if f["code"] == "not_enabled"]
    assert not_enabled["subject"] == "cursor.* (1)" and "cursor.rust-style" in not_enabled["fix"]


def test_doctor_groups_hundreds_of_talents_not_enabled(tmp_path: Path) -> None:
    rules = tmp_path / "rules"
    for i in range(120):
        _rule(rules, f"rule-{i:03d}", f"Rule number {i}", "**/*.py")
    assert grace("catalog", "import", "-f", "cursor", "rules", "cat", cwd=tmp_path).returncode == 0
    (tmp_path / "grace.yaml").write_text("name: demo\ncatalog: cat\ntalents:\n  "
                                         "cursor.rule-000: true\n  cursor.rule-001: false\n")
    doctor = json.loads(grace("doctor", "--json", cwd=tmp_path).stdout)
    (group,) = [f for f in doctor["findings"] if f["code"] == "not_enabled"]
    assert group["subject"] == "cursor.* (118)"  # one enabled, one disabled on purpose
    assert "and 113 more" in group["message"] and "grace enable 'cursor.*'" in group["fix"]
    table = grace("doctor", cwd=tmp_path)
    assert table.stdout.count("not_enabled") == 1
    r = grace("enable", "cursor.*", cwd=tmp_path)
    assert "enabled 119 talents" in r.stdout and "… and 99 more" in r.stdout  # 001 too
    doctor = json.loads(grace("doctor", "--json", cwd=tmp_path).stdout)
    assert not [f for f in doctor["findings"] if f["code"] == "not_enabled"]


def test_init_uses_the_repository_catalog_never_the_bundled_example(tmp_path: Path) -> None:
    _rule(tmp_path / ".cursor" / "rules", "python-style", "Python style", "**/*.py")
    (tmp_path / "app.py").write_text("print('hi')\n", encoding="utf-8")
    refused = grace("init", ".", cwd=tmp_path)
    assert refused.returncode == 2 and not (tmp_path / "grace.yaml").exists()
    # The message names the import that fits this repository, and the example as an opt-in.
    assert "grace catalog import -f cursor .cursor/rules .grace/catalog" in refused.stderr
    assert "--example" in refused.stderr

    imported = grace("catalog", "import", "-f", "cursor", ".cursor/rules", ".grace/catalog",
                     cwd=tmp_path)
    assert imported.returncode == 0, imported.stderr
    r = grace("init", ".", "--json", cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    ids = json.loads(r.stdout)["talents"]
    assert ids == ["cursor.python-style"]  # the repository's talent, none of the example's 29
    assert "catalog: .grace/catalog" in (tmp_path / "grace.yaml").read_text(encoding="utf-8")
    served = json.loads(grace("resolve", "-r", "backend", "--json", "Style", cwd=tmp_path).stdout)
    assert served["served_ids"] == ["cursor.python-style"]


def test_init_example_is_an_explicit_opt_in(tmp_path: Path) -> None:
    r = grace("init", ".", "--example", "--json", cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    assert "architecture.hexagonal" in json.loads(r.stdout)["talents"]


def test_import_enable_without_a_project_says_the_import_landed(tmp_path: Path) -> None:
    """No grace.yaml yet: the talents are imported, the enabling fails, and the error says both
    (it said only "no grace.yaml here", as if nothing had been done)."""
    _rule(tmp_path / "rules", "fastapi", "FastAPI routers", "**/*.py")
    repo = tmp_path / "repo"
    repo.mkdir()
    r = grace("catalog", "import", "-f", "cursor", str(tmp_path / "rules"), ".grace/catalog",
              "--enable", cwd=repo)
    assert r.returncode == 2
    assert "imported 1 talents into .grace/catalog, none enabled" in r.stderr
    assert (repo / ".grace" / "catalog" / "cursor.fastapi" / "talent.yaml").is_file()
