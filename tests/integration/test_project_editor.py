"""set_enabled edits a real grace.yaml on disk: comments, order and the rest kept."""

from __future__ import annotations

from pathlib import Path

import pytest

from grace.errors import ProjectError
from grace.resolution.adapters.project_editor import set_enabled
from grace.resolution.adapters.project_file import load_project_file

ORIGINAL = """\
# top comment
name: demo   # the name
languages: [python]

talents:
  # Architecture
  a.one: true
  a.two: false      # conflicts with a.one
  a.three: {enabled: true, always: true}
"""


def test_flips_in_place_appends_new_ids_and_keeps_comments(tmp_path: Path) -> None:
    path = tmp_path / "grace.yaml"
    path.write_text(ORIGINAL, encoding="utf-8")
    report = set_enabled(path, ["a.two", "new.x", "a.one"], enabled=True)
    assert report.changed == ("a.two", "new.x") and report.unchanged == ("a.one",)
    assert path.read_text(encoding="utf-8") == ORIGINAL.replace(
        "a.two: false      #", "a.two: true       #"
    ) + "  new.x: true\n"
    set_enabled(path, ["a.three"], enabled=False)
    project = load_project_file(path).project
    assert "a.three: {enabled: false, always: true}" in path.read_text(encoding="utf-8")
    assert project.enabled == ("a.one", "a.two", "new.x") and "a.three" in project.disabled


@pytest.mark.parametrize("lists", [
    "languages:\n- python\n- sql\nstack:\n- fastapi\n",  # as grace init writes them
    "languages:\n  - python\n  - sql\nstack:\n  - fastapi\n",  # indented by hand
])
@pytest.mark.parametrize("keys", ["  ", "    "])
def test_an_edit_keeps_the_file_s_indentation(tmp_path: Path, lists: str, keys: str) -> None:
    """A new user's ``grace enable`` re-indented every list of the file ``grace init`` wrote
    (``- elixir`` became ``  - elixir``): only the line that changes may change."""
    text = f"name: demo\n{lists}talents:\n{keys}a.one: false\n{keys}a.two: true\n"
    path = tmp_path / "grace.yaml"
    path.write_text(text, encoding="utf-8")
    set_enabled(path, ["a.one"], enabled=True)
    assert path.read_text(encoding="utf-8") == text.replace("a.one: false", "a.one: true")


def test_nothing_to_change_leaves_the_file_untouched(tmp_path: Path) -> None:
    path = tmp_path / "grace.yaml"
    path.write_text(ORIGINAL, encoding="utf-8")
    before = path.stat().st_mtime_ns
    report = set_enabled(path, ["a.one"], enabled=True)
    assert report.changed == () and path.stat().st_mtime_ns == before


def test_a_file_without_talents_gets_the_key(tmp_path: Path) -> None:
    path = tmp_path / "grace.yaml"
    path.write_text("name: bare  # kept\n", encoding="utf-8")
    set_enabled(path, ["x.y"], enabled=False)
    assert path.read_text(encoding="utf-8") == "name: bare  # kept\ntalents:\n  x.y: false\n"
    assert load_project_file(path).project.disabled == ("x.y",)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("name: [unclosed\n", "not valid YAML"),
        ("- a\n- b\n", "must be a YAML mapping"),
        ("talents: [a.b]\n", "'talents' must be a mapping"),
        ("name: x\nlanguages: 3\n", "languages"),
    ],
)
def test_bad_files_are_clear_errors_and_stay_as_they_were(
    tmp_path: Path, text: str, message: str
) -> None:
    path = tmp_path / "grace.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(ProjectError, match=message):
        set_enabled(path, ["a.b"], enabled=True)
    assert path.read_text(encoding="utf-8") == text
