"""``LocalWorkTree``: where the files in play are, and what their own packages depend on."""

from __future__ import annotations

import json
from pathlib import Path

from grace.resolution.adapters.work_tree import MAX_PACKAGE_FOLDERS, LocalWorkTree


def _package(folder: Path, *deps: str) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "package.json").write_text(json.dumps({"dependencies": dict.fromkeys(deps, "*")}),
                                         encoding="utf-8")


def test_each_file_s_nearest_package_declares_its_stack(tmp_path: Path) -> None:
    _package(tmp_path, "turbo")  # the root: the package of the files no deeper one holds
    _package(tmp_path / "apps" / "admin", "vue", "pinia")
    _package(tmp_path / "apps" / "web", "react", "zustand")
    (tmp_path / "services" / "api").mkdir(parents=True)
    (tmp_path / "services" / "api" / "pyproject.toml").write_text(
        '[project]\ndependencies = ["fastapi"]\n', encoding="utf-8")
    tree, root = LocalWorkTree(), str(tmp_path)
    assert tree.package_stack(root, ["apps/admin/composables/useFilters.ts"]).dependencies == (
        "vue", "pinia")
    both = tree.package_stack(root, ["services/api/app/routers/items.py", "apps/web/src/Cart.tsx"])
    assert both.dependencies == ("fastapi", "react", "zustand") and both.skipped == ()
    # a file of the root package, or one that does not exist yet in a folder that does not
    assert tree.package_stack(root, ["README.md", "libs/new/x.ts"]).dependencies == ("turbo",)
    assert tree.package_stack(root, []).dependencies == ()
    # a repository with no manifest at its root: a root file is in no package
    (tmp_path / "package.json").unlink()
    assert tree.package_stack(root, ["README.md"]).dependencies == ()


def test_a_folder_linked_out_of_the_repository_is_never_read(tmp_path: Path) -> None:
    outside = tmp_path / "outside"
    _package(outside, "django")
    repo = tmp_path / "repo"
    repo.mkdir()
    (repo / "vendor").symlink_to(outside, target_is_directory=True)
    assert LocalWorkTree().package_stack(str(repo), ["vendor/app/views.py"]).dependencies == ()
    assert LocalWorkTree().package_stack(str(tmp_path / "missing"), ["a/b.py"]).dependencies == ()


def test_every_area_is_looked_at_before_the_folder_budget_runs_out(tmp_path: Path) -> None:
    _package(tmp_path / "apps" / "admin", "vue")
    (tmp_path / "services" / "shop").mkdir(parents=True)
    (tmp_path / "services" / "shop" / "Pipfile").write_text(
        '[packages]\ndjango = "*"\n', encoding="utf-8")
    generated = [f"apps/admin/generated/g{i}/x.ts" for i in range(3 * MAX_PACKAGE_FOLDERS)]
    files = [*generated, "services/shop/accounts/forms.py"]
    assert LocalWorkTree().package_stack(str(tmp_path), files).dependencies == ("vue", "django")


def test_a_package_keeps_all_its_dependencies(tmp_path: Path) -> None:
    many = [f"lib-{i}" for i in range(80)]
    _package(tmp_path / "web", *many, "zustand")
    found = LocalWorkTree().package_stack(str(tmp_path), ["web/src/cart.ts"])
    assert "zustand" in found.dependencies


def test_a_manifest_that_cannot_be_used_is_said(tmp_path: Path) -> None:
    (tmp_path / "web").mkdir()
    (tmp_path / "web" / "package.json").write_text("{not json", encoding="utf-8")
    (tmp_path / "web" / "requirements.txt").write_text("flask\n", encoding="utf-8")
    (tmp_path / "api").mkdir()
    (tmp_path / "api" / "pyproject.toml").write_text("x" * 300_000, encoding="utf-8")
    found = LocalWorkTree().package_stack(str(tmp_path), ["web/src/a.ts", "api/app/b.py"])
    assert found.dependencies == ("flask",)
    assert found.skipped == ("web/package.json: not valid JSON",
                             "api/pyproject.toml: over 256000 bytes")


def test_a_missing_file_s_close_names_in_its_folder_are_suggested(tmp_path: Path) -> None:
    (tmp_path / "apps" / "api").mkdir(parents=True)
    for name in ("invoices.service.ts", "invoices.controller.ts", "main.ts"):
        (tmp_path / "apps" / "api" / name).write_text("x", encoding="utf-8")
    (tmp_path / "apps" / "api" / "invoice.dto").mkdir()  # a folder is no file to suggest
    tree, root = LocalWorkTree(), str(tmp_path)
    assert tree.near(root, "apps/api/invoice.service.ts") == ("apps/api/invoices.service.ts",)
    # a new file beside its siblings, a folder that does not exist, a folder outside the root
    assert tree.near(root, "apps/api/customers.controller.ts") == ()
    assert tree.near(root, "apps/web/invoices.service.ts") == ()
    assert tree.near(root, "../invoices.service.ts") == ()
    assert tree.near(root, "invoice.dta") == ()
    (tmp_path / "README.md").write_text("x", encoding="utf-8")
    assert tree.near(root, "READNE.md") == ("README.md",)
    # a typo in a folder: the path is corrected part by part (a new user's trial)
    assert tree.near(root, "aps/api/invoices.service.ts") == ("apps/api/invoices.service.ts",)
    assert tree.near(root, "apps/apii/invoice.service.ts") == (
        "apps/api/invoices.service.ts",)
    assert tree.near(root, "apps/zzz/invoices.service.ts") == ()


def test_a_folder_s_files_are_listed_breadth_first_inside_the_repository(tmp_path: Path) -> None:
    """``files_in``: a folder's own files (sorted) before its sub-folders', hidden and
    dependency folders skipped, a link out of the repository never followed, at most
    ``limit``."""
    repo = tmp_path / "repo"
    for rel in ("k8s/service.yaml", "k8s/deployment.yaml", "k8s/overlays/prod/patch.yaml",
                "k8s/.cache/x.yaml", "k8s/node_modules/y.js", "k8s/.hidden.yaml"):
        (repo / rel).parent.mkdir(parents=True, exist_ok=True)
        (repo / rel).write_text("x\n", encoding="utf-8")
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "secret.yaml").write_text("x\n", encoding="utf-8")
    (repo / "k8s" / "linked").symlink_to(outside, target_is_directory=True)
    tree = LocalWorkTree()
    assert tree.files_in(str(repo), "k8s", 10) == (
        "k8s/deployment.yaml", "k8s/service.yaml", "k8s/overlays/prod/patch.yaml")
    assert tree.files_in(str(repo), "k8s", 1) == ("k8s/deployment.yaml",)
    assert tree.files_in(str(repo), "k8s/linked", 10) == ()
    assert tree.files_in(str(repo), "nothing", 10) == ()
