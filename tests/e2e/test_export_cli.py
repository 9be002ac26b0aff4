"""End-to-end: `grace export` to Cursor, Copilot and AGENTS.md; import -> export -> import."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from grace.resolution.adapters.filesystem_catalog import FilesystemCatalog
from grace.resolution.adapters.importers.frontmatter import read_front_matter
from tests.e2e.test_cli import grace

RULES = {
    "python-style": ("Python style for the API layer", "**/*.py", False,
                     "# Python style\n\nUse ruff.\n\n## Imports\n\n- absolute imports\n\n"
                     "## Typing\n\n```python\n# not a heading\nx: int = 1\n```\n"),
    "react-components": ('Components: "small", typed', "src/**/*.{ts,tsx}, !**/*.test.tsx",
                         False, "Write function components.\n\n## Props\n\nType them.\n"),
    "team-rules": ("How the team works", "", True, "Small commits.\n\nReview everything.\n"),
}


def _sources(folder: Path, fmt: str) -> None:
    folder.mkdir(parents=True)
    for stem, (desc, globs, always, body) in RULES.items():
        if fmt == "cursor":
            front = f"description: {json.dumps(desc)}\nglobs: {globs}\nalwaysApply: {always}\n"
            (folder / f"{stem}.mdc").write_text(f"---\n{front}---\n{body}", encoding="utf-8")
        else:
            front = f"description: {json.dumps(desc)}\n" + (
                f"applyTo: {json.dumps(globs)}\n" if globs else "")
            (folder / f"{stem}.instructions.md").write_text(f"---\n{front}---\n{body}",
                                                           encoding="utf-8")


def _project(tmp_path: Path, catalog: str) -> None:
    (tmp_path / "grace.yaml").write_text(
        f"name: demo\ncatalog: {catalog}\nlanguages: [python, typescript]\ntalents: {{}}\n",
        encoding="utf-8",
    )


@pytest.mark.parametrize(("fmt", "dest"), [("cursor", ".cursor/rules"),
                                           ("copilot", ".github/instructions")])
def test_import_export_import_keeps_ids_paths_languages_and_bodies(
    tmp_path: Path, fmt: str, dest: str
) -> None:
    _sources(tmp_path / "rules", fmt)
    _project(tmp_path, "cat")
    r = grace("catalog", "import", "-f", fmt, "rules", "cat", "--enable", cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    r = grace("export", "--format", fmt, dest, "--json", cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    assert len(json.loads(r.stdout)["written"]) == 3
    r = grace("catalog", "import", "-f", fmt, dest, "again", cwd=tmp_path)
    assert r.returncode == 0 and "3 added" in r.stdout, r.stderr
    first = {t.id: t for t in FilesystemCatalog(tmp_path / "cat").talents()}
    second = {t.id: t for t in FilesystemCatalog(tmp_path / "again").talents()}
    assert set(first) == set(second) == {f"{fmt}.{s}" for s in RULES}
    for tid, t in first.items():
        u = second[tid]
        assert (u.paths, u.languages, u.summary) == (t.paths, t.languages, t.summary), tid
        assert dict(u.bodies) == dict(t.bodies), tid
        if fmt == "cursor":
            assert u.always == t.always
    assert first[f"{fmt}.react-components"].paths == ("src/**/*.{ts,tsx}", "!**/*.test.tsx")


def test_cursor_front_matter_is_native_and_strict_yaml(tmp_path: Path) -> None:
    _sources(tmp_path / "rules", "cursor")
    _project(tmp_path, "cat")
    grace("catalog", "import", "-f", "cursor", "rules", "cat", "--enable", cwd=tmp_path)
    assert grace("export", "-f", "cursor", "out", cwd=tmp_path).returncode == 0
    front = read_front_matter((tmp_path / "out" / "react-components.mdc").read_text())
    assert not front.lenient  # valid YAML
    assert front.fields == {"name": "React Components",
                            "description": 'Components: "small", typed',
                            "globs": ["src/**/*.{ts,tsx}", "!**/*.test.tsx"],
                            "alwaysApply": False,
                            "grace": {"id": "cursor.react-components",
                                      "languages": ["typescript"]}}
    team = read_front_matter((tmp_path / "out" / "team-rules.mdc").read_text())
    assert team.fields["alwaysApply"] is True and "globs" not in team.fields


def test_export_refuses_files_it_did_not_write_unless_forced(tmp_path: Path) -> None:
    _sources(tmp_path / "rules", "cursor")
    _project(tmp_path, "cat")
    grace("catalog", "import", "-f", "cursor", "rules", "cat", "--enable", cwd=tmp_path)
    out = tmp_path / "out"
    out.mkdir()
    (out / "python-style.mdc").write_text("mine\n")
    (out / "unrelated.mdc").write_text("also mine\n")
    r = grace("export", "-f", "cursor", "out", cwd=tmp_path)
    assert r.returncode == 2 and "python-style.mdc" in r.stderr and "--force" in r.stderr
    assert (out / "python-style.mdc").read_text() == "mine\n"
    assert not (out / "team-rules.mdc").exists()  # all or nothing
    assert grace("export", "-f", "cursor", "out", "--force", cwd=tmp_path).returncode == 0
    again = json.loads(grace("export", "-f", "cursor", "out", "--json", cwd=tmp_path).stdout)
    assert len(again["unchanged"]) == 3 and again["written"] == []
    (out / "team-rules.mdc").write_text("edited by hand\n")  # ours, but changed since
    assert grace("export", "-f", "cursor", "out", cwd=tmp_path).returncode == 2
    assert grace("disable", "cursor.python-style", cwd=tmp_path).returncode == 0
    r = json.loads(grace("export", "-f", "cursor", "out", "--force", "--json",
                         cwd=tmp_path).stdout)
    assert r["removed"] == ["python-style.mdc"] and r["written"] == ["team-rules.mdc"]
    assert (out / "unrelated.mdc").read_text() == "also mine\n"  # never ours: left alone


def test_agents_md_has_one_section_per_enabled_talent(tmp_path: Path) -> None:
    _sources(tmp_path / "rules", "cursor")
    _project(tmp_path, "cat")
    grace("catalog", "import", "-f", "cursor", "rules", "cat", "--enable", cwd=tmp_path)
    grace("disable", "cursor.team-rules", cwd=tmp_path)
    assert grace("export", "-f", "agents-md", ".", cwd=tmp_path).returncode == 0
    text = (tmp_path / "AGENTS.md").read_text(encoding="utf-8")
    assert text.count("\n## ") == 2 and "(`cursor.python-style`)" in text
    assert "team-rules" not in text
    assert "Applies to files matching `**/*.py`" in text
    assert "\n#### Imports\n" in text and "\n# not a heading\n" in text  # fences untouched
