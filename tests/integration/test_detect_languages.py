"""``detect_languages`` (``grace init``'s languages) on a real file tree, links included."""

from __future__ import annotations

from pathlib import Path

from grace.resolution.adapters.project_file import detect_languages


def _touch(path: Path) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("x\n")
    return path


def test_languages_by_file_count_with_the_usual_folders_skipped(tmp_path: Path) -> None:
    for name in ("app/main.py", "app/api/items.py", "app/db.py", "web/index.ts"):
        _touch(tmp_path / name)
    for name in ("node_modules/x/index.js", ".venv/lib/site.py", "web/node_modules/a.js"):
        _touch(tmp_path / name)
    assert detect_languages(tmp_path) == ["python", "typescript"]


def test_links_outside_the_repository_are_not_its_files(tmp_path: Path) -> None:
    repo, elsewhere = tmp_path / "repo", tmp_path / "elsewhere"
    _touch(repo / "app" / "main.py")
    for i in range(5):
        target = _touch(elsewhere / f"lib{i}.go")
        (repo / f"lib{i}.go").symlink_to(target)  # five Go files, all outside
    (repo / "dangling.rs").symlink_to(tmp_path / "nowhere.rs")
    (repo / "alias.py").symlink_to(repo / "app" / "main.py")  # inside: counted
    (repo / "a.ts").symlink_to(repo / "b.ts")  # a loop of links is no file (it was an error)
    (repo / "b.ts").symlink_to(repo / "a.ts")
    assert detect_languages(repo) == ["python"]
