"""``LocalWorkTree``: where the files in play are, and what their own packages depend on."""

from __future__ import annotations

import json
from pathlib import Path

from grace.resolution.adapters.work_tree import MAX_PACKAGE_FILES, LocalWorkTree


def _package(folder: Path, *deps: str) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "package.json").write_text(json.dumps({"dependencies": dict.fromkeys(deps, "*")}),
                                         encoding="utf-8")


def test_each_file_s_nearest_package_declares_its_stack(tmp_path: Path) -> None:
    _package(tmp_path, "turbo")  # the root: the project's own `stack:`, never read here
    _package(tmp_path / "apps" / "admin", "vue", "pinia")
    _package(tmp_path / "apps" / "web", "react", "zustand")
    (tmp_path / "services" / "api").mkdir(parents=True)
    (tmp_path / "services" / "api" / "pyproject.toml").write_text(
        '[project]\ndependencies = ["fastapi"]\n', encoding="utf-8")
    tree, root = LocalWorkTree(), str(tmp_path)
    assert tree.package_stack(root, ["apps/admin/composables/useFilters.ts"]) == ("vue", "pinia")
    assert tree.package_stack(root, ["services/api/app/routers/items.py",
                                     "apps/web/src/Cart.tsx"]) == ("fastapi", "react", "zustand")
    # a file of the root package, or one that does not exist yet in a folder that does not
    assert tree.package_stack(root, ["README.md", "libs/new/x.ts"]) == ()
    assert tree.package_stack(root, []) == ()


def test_a_folder_linked_out_of_the_repository_is_never_read(tmp_path: Path) -> None:
    outside = tmp_path / "outside"
    _package(outside, "django")
    repo = tmp_path / "repo"
    repo.mkdir()
    (repo / "vendor").symlink_to(outside, target_is_directory=True)
    assert LocalWorkTree().package_stack(str(repo), ["vendor/app/views.py"]) == ()
    assert LocalWorkTree().package_stack(str(tmp_path / "missing"), ["a/b.py"]) == ()


def test_only_the_first_files_are_looked_up(tmp_path: Path) -> None:
    _package(tmp_path / "late", "svelte")
    files = [f"early/f{i}.ts" for i in range(MAX_PACKAGE_FILES)] + ["late/x.ts"]
    assert LocalWorkTree().package_stack(str(tmp_path), files) == ()
    assert LocalWorkTree().package_stack(str(tmp_path), files[-1:]) == ("svelte",)
