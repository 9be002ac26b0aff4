"""Import the real rule catalogs of shared/data/rule-catalogs and load the result back.

The data sits beside the repository: ``<repo>/../shared/data/rule-catalogs`` (CI clones the
repository next to a copy of ``shared/``). Missing data is a failure, not a skip.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import pytest

from grace.resolution.adapters.filesystem_catalog import FilesystemCatalog
from grace.resolution.adapters.importers.rule_parser import RuleFormat
from grace.resolution.adapters.importers.rules import ImportReport, import_rules
from grace.resolution.domain.talent import check_talent_id
from grace.resolution.domain.text import split_sections

REPO_ROOT = Path(__file__).resolve().parents[2]
CATALOGS = REPO_ROOT.parent / "shared" / "data" / "rule-catalogs"

SOURCES: dict[RuleFormat, tuple[str, str]] = {
    "agent-skills": ("agent-skills", "SKILL.md"),
    "cursor": ("cursor/rules", "*.mdc"),
    "copilot": ("copilot/instructions", "*.instructions.md"),
}
MAX_FAILED_SHARE = 0.02
"""At most 2 % of the files of a catalog may fail (the data has one empty-bodied Cursor rule)."""


@dataclass(frozen=True)
class Imported:
    fmt: RuleFormat
    src: Path
    dest: Path
    on_disk: tuple[Path, ...]
    report: ImportReport


def _on_disk(src: Path, pattern: str) -> tuple[Path, ...]:
    return tuple(sorted(p for p in src.rglob(pattern) if p.is_file() and not p.is_symlink()))


@pytest.fixture(scope="module")
def imported(tmp_path_factory: pytest.TempPathFactory) -> dict[RuleFormat, Imported]:
    assert CATALOGS.is_dir(), f"shared rule catalogs not found at {CATALOGS}"
    root = tmp_path_factory.mktemp("imported-catalogs")
    results: dict[RuleFormat, Imported] = {}
    for fmt, (folder, pattern) in SOURCES.items():
        src = CATALOGS / folder
        report = import_rules(fmt, src, root / fmt)
        results[fmt] = Imported(fmt, src, root / fmt, _on_disk(src, pattern), report)
    return results


@pytest.mark.slow
@pytest.mark.parametrize("fmt", list(SOURCES))
def test_every_matching_file_is_imported_or_listed(
    imported: dict[RuleFormat, Imported], fmt: RuleFormat
) -> None:
    result = imported[fmt]
    report = result.report
    assert result.on_disk, f"no {SOURCES[fmt][1]} under {result.src}"
    assert report.imported_count + report.failed_count == len(result.on_disk) == report.found
    seen = sorted([r.path for r in report.imported] + [f.path for f in report.failed])
    assert seen == list(result.on_disk)
    assert report.failed_count <= max(1, int(MAX_FAILED_SHARE * len(result.on_disk)))
    for failure in report.failed:
        assert failure.reason.strip(), failure


@pytest.mark.slow
@pytest.mark.parametrize("fmt", list(SOURCES))
def test_every_imported_folder_loads_without_problems(
    imported: dict[RuleFormat, Imported], fmt: RuleFormat
) -> None:
    result = imported[fmt]
    catalog = FilesystemCatalog(result.dest)
    assert list(catalog.problems()) == []
    ids = [r.id for r in result.report.imported]
    assert len(set(ids)) == len(ids)
    assert sorted(t.id for t in catalog.talents()) == sorted(ids)
    prefix = {"agent-skills": "skill.", "cursor": "cursor.", "copilot": "copilot."}[fmt]
    for rule in result.report.imported:
        assert check_talent_id(rule.id).startswith(prefix)
        assert rule.folder == result.dest / rule.id
        talent = catalog.get(rule.id)
        assert talent is not None
        assert 0 < len(talent.summary) <= 300
        assert all(talent.bodies[d] for d in ("compact", "standard", "full"))
        assert len(talent.bodies["standard"]) <= 2_000
        assert len(talent.sections) <= 6
        names = split_sections(talent.bodies["full"])
        assert all(s.name in names for s in talent.sections)
