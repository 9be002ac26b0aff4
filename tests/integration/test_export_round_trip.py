"""Import -> export -> import keeps ids, names, paths, languages and bodies (issue 12, item 6),
on a sample of the real rule catalogs of ``../shared/data/rule-catalogs``, across formats: a
Copilot instruction exported as a Cursor rule comes back as ``copilot.X``, not
``cursor.copilot-X``.

Missing data is a failure, not a skip (see ``test_import_real_catalogs``).
"""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Literal

import pytest

from grace.resolution.adapters.exporters import FolderExporter
from grace.resolution.adapters.filesystem_catalog import FilesystemCatalog
from grace.resolution.adapters.importers.rule_parser import RuleFormat
from grace.resolution.adapters.importers.rules import import_rules
from grace.resolution.application.export_catalog import ExportCatalog
from grace.resolution.domain.talent import Project, Talent

CATALOGS = Path(__file__).resolve().parents[2].parent / "shared" / "data" / "rule-catalogs"
SAMPLE: dict[RuleFormat, tuple[str, ...]] = {
    "cursor": (  # medusa-cursorrules.mdc is renamed: it becomes cursor.medusa-2
        "cursor/rules/medusa.mdc", "cursor/rules/medusa-cursorrules.mdc",
        "cursor/rules/fastapi.mdc",
        "cursor/rules/python-312-fastapi-best-practices-cursorrules-prom.mdc",
    ),
    "copilot": (
        "copilot/instructions/a11y.instructions.md",
        "copilot/instructions/copilot-sdk-python.instructions.md",
        "copilot/instructions/csharp-razorpages.instructions.md",
    ),
    "agent-skills": (
        "agent-skills/anthropic-skills/mcp-builder/SKILL.md",
        "agent-skills/copilot-skills/acquire-codebase-knowledge/SKILL.md",
    ),
}


def _facts(t: Talent) -> tuple[object, ...]:
    return (t.name, t.paths, t.languages, t.summary, dict(t.bodies), t.sections)


@pytest.fixture(scope="module")
def imported(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The catalog folder the sample was imported into."""
    assert CATALOGS.is_dir(), f"shared rule catalogs not found at {CATALOGS}"
    root = tmp_path_factory.mktemp("round-trip")
    for fmt, paths in SAMPLE.items():
        src = root / "src" / fmt
        for path in paths:  # a skill is its folder
            origin = CATALOGS / path
            target = src / Path(path).relative_to(Path(path).parts[0])
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(origin, target)
        report = import_rules(fmt, src, root / "catalog")
        assert not report.failed and report.imported_count == len(paths)
    return root / "catalog"


@pytest.mark.parametrize("fmt", ["cursor", "copilot"])
def test_import_export_import_keeps_ids_names_paths_languages_and_bodies(
    imported: Path, tmp_path: Path, fmt: Literal["cursor", "copilot"]
) -> None:
    catalog = FilesystemCatalog(imported)
    first = {t.id: t for t in catalog.talents()}
    assert {"cursor.medusa", "cursor.medusa-2", "copilot.a11y",
            "skill.mcp-builder"} <= set(first)
    out = tmp_path / "out"
    report = ExportCatalog(catalog, FolderExporter(out))(Project("p", tuple(first)), fmt)
    assert len(report.written) == len(first)
    import_rules(fmt, out, tmp_path / "again")
    second = {t.id: t for t in FilesystemCatalog(tmp_path / "again").talents()}
    assert set(second) == set(first)
    for tid, t in first.items():
        assert _facts(second[tid]) == _facts(t), tid
    assert first["copilot.a11y"].paths == ("**",)
    assert first["copilot.copilot-sdk-python"].languages == ("python",)
