"""What the files in play import: the packages of their import lines, per language."""

from __future__ import annotations

from pathlib import Path

import pytest

from grace.resolution.adapters.file_imports import (
    MAX_IMPORT_BYTES,
    imported_packages,
    reads_imports,
)
from grace.resolution.adapters.work_tree import MAX_IMPORT_FILES, LocalWorkTree
from grace.resolution.domain.languages import imported_words


@pytest.mark.parametrize(("path", "text", "packages"), [
    ("app/api.py", "from fastapi import APIRouter, Depends\nimport os, httpx\n"
     "from .schemas import Item\nfrom sqlalchemy.orm import Session\n    import celery.app\n",
     ["fastapi", "os", "httpx", "sqlalchemy", "celery"]),
    ("src/app/page.tsx", "import Link from 'next/link'\nimport { db } from '@/lib/db'\n"
     "import type { Q } from \"@tanstack/react-query/build\"\nimport './globals.css'\n"
     "export { b } from '@prisma/client';\nconst z = require('zod')\n"
     "const s = await import('stripe')\nimport fs from 'node:fs'\n",
     ["next", "@tanstack/react-query", "@prisma/client", "zod", "stripe"]),
    ("cmd/main.go", 'package main\nimport (\n\t"fmt"\n\tgin "github.com/gin-gonic/gin"\n)\n'
     'import "github.com/jackc/pgx/v5/pgxpool"\n',
     ["jackc/pgx/v5/pgxpool", "gin-gonic/gin"]),
    ("src/main.rs", "use std::io;\nuse tokio::sync::Mutex;\npub use serde::Deserialize;\n"
     "use crate::db;\nextern crate axum;\n", ["tokio", "serde", "axum"]),
    ("App.swift", "import SwiftUI\n@testable import Habits\nimport struct Foo.Bar\n",
     ["SwiftUI", "Habits", "Foo"]),
    ("lib/main.dart", "import 'package:flutter_riverpod/flutter_riverpod.dart';\n"
     "import 'dart:async';\n", ["flutter_riverpod"]),
    # languages whose import lines do not name packages are not read
    ("lib/app_web/live/page.ex", "use AppWeb, :live_view\nimport Ecto.Query\n", []),
    ("Main.java", "import org.springframework.boot.SpringApplication;\n", []),
    ("README.md", "import fastapi\n", []),
])
def test_import_lines_name_packages_as_manifests_do(path: str, text: str,
                                                    packages: list[str]) -> None:
    assert imported_packages(path, text) == packages
    assert reads_imports(path) is (path.rsplit(".", 1)[-1] in {"py", "tsx", "go", "rs", "swift",
                                                               "dart"})


def test_the_files_in_play_are_read_inside_the_repository_only(tmp_path: Path) -> None:
    repo = tmp_path / "repo"
    (repo / "app" / "models").mkdir(parents=True)
    (repo / "app" / "models" / "shipment.py").write_text(
        "from sqlalchemy.orm import Mapped\nimport enum\n", encoding="utf-8")
    (repo / "app" / "api.py").write_text("from fastapi import APIRouter\n", encoding="utf-8")
    (repo / "app" / "empty.py").write_text("X = 1\n", encoding="utf-8")
    (tmp_path / "secret.py").write_text("import django\n", encoding="utf-8")
    (repo / "app" / "link.py").symlink_to(tmp_path / "secret.py")
    tree, root = LocalWorkTree(), str(repo)
    got = tree.imports(root, ["app/models/shipment.py", "app/link.py", "app/new.py",
                              "Dockerfile", "../secret.py"])
    assert got.packages == ("sqlalchemy", "enum") and got.read == 1
    # a file with no import line is read: it imports nothing of the stack
    assert tree.imports(root, ["app/empty.py"]).read == 1
    assert tree.imports(root, ["app/api.py", "app/models/shipment.py"]).packages == (
        "fastapi", "sqlalchemy", "enum")
    assert tree.imports(root, ["Dockerfile", "app/new.py"]).read == 0
    assert tree.imports(str(tmp_path / "missing"), ["app/api.py"]).read == 0


def test_what_is_read_is_bounded(tmp_path: Path) -> None:
    (tmp_path / "big.py").write_text("x = 1\n" * (MAX_IMPORT_BYTES // 6 + 10)
                                     + "import late\n", encoding="utf-8")
    for i in range(MAX_IMPORT_FILES + 2):
        (tmp_path / f"m{i}.py").write_text(f"import pkg{i}\n", encoding="utf-8")
    tree = LocalWorkTree()
    assert tree.imports(str(tmp_path), ["big.py"]).packages == ()  # past the bytes read
    many = tree.imports(str(tmp_path), [f"m{i}.py" for i in range(MAX_IMPORT_FILES + 2)])
    assert many.read == MAX_IMPORT_FILES and len(many.packages) == MAX_IMPORT_FILES


def test_an_import_names_the_dependency_it_is_a_module_of_and_its_framework() -> None:
    """``rest_framework`` is ``djangorestframework``'s module, ``environ`` is
    ``django-environ``'s: both are Django's (a DRF serializer imports no ``django``); a
    short module name (``core``, ``utils``) names no dependency (decision 0024)."""
    deps = ["django", "djangorestframework", "django-environ", "factory-boy", "pydantic-core"]
    drf = imported_words(["rest_framework", "os"], deps)
    assert {"django", "djangorestframework"} <= drf
    assert "django" in imported_words(["environ"], deps)
    assert "factory" in imported_words(["factory"], deps)
    assert imported_words(["core", "utils"], deps).isdisjoint({"pydantic", "django"})
    assert imported_words(["fastapi"], ["fastapi", "sqlalchemy"]) == {"fastapi"}
    assert imported_words([], deps) == frozenset()
