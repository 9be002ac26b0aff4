from pathlib import Path

import pytest

from grace.errors import CatalogError, DuplicateTalentError, ManifestError
from grace.resolution.adapters.filesystem_catalog import FilesystemCatalog
from grace.resolution.adapters.project_file import load_project_file, write_project_file

MANIFEST = """\
id: {id}
name: Talent {id}
version: 1.0
type: pattern
summary: A talent.
agents: {{backend: required}}
"""


def write(root: Path, folder: str, manifest: str, *, compact: str | None = "Compact body.",
          full: str | None = None) -> Path:
    d = root / folder
    d.mkdir(parents=True)
    (d / "talent.yaml").write_text(manifest, encoding="utf-8")
    if compact is not None:
        (d / "compact.md").write_text(compact, encoding="utf-8")
    if full is not None:
        (d / "full.md").write_text(full, encoding="utf-8")
    return d


def test_loads_talents_fills_missing_depths_and_keeps_unknown_fields(tmp_path):
    write(tmp_path, "group/a", MANIFEST.format(id="a") + "future_field: 3\n",
          full="## Exemple Python\nx")
    cat = FilesystemCatalog(tmp_path, strict=True)
    (a,) = cat.talents()
    assert a.version == "1.0"  # YAML float read as text
    assert a.bodies["standard"] == "Compact body."
    assert a.bodies["full"].startswith("## Exemple Python")
    assert a.extra_fields == ("future_field",)


@pytest.mark.parametrize(
    ("manifest", "field", "reason"),
    [
        (MANIFEST.format(id="a").replace("type: pattern", "type: recipe"), "type", "Input should"),
        (MANIFEST.format(id="a") + "priority: {default: 500}\n", "priority.default", "less than"),
        (MANIFEST.format(id="a") + "requires: ['../etc']\n", "requires.0", "invalid talent id"),
        (MANIFEST.format(id="a") + "agents: {backend: sometimes}\n", "agents.backend", "Input"),
        (MANIFEST.format(id="a") + "activation: {trigers: [x]}\n", "activation.trigers", "Extra"),
        ("id: a\nname: [unclosed\n", "line 3", "invalid YAML"),
        ("- just\n- a list\n", "(root)", "mapping"),
    ],
)
def test_invalid_manifest_names_file_field_and_reason(tmp_path, manifest, field, reason):
    write(tmp_path, "a", manifest)
    with pytest.raises(ManifestError) as info:
        FilesystemCatalog(tmp_path, strict=True)
    assert info.value.path.endswith("a/talent.yaml")
    assert info.value.field == field
    assert reason in info.value.reason
    # non-strict: the bad one is a problem, the good ones still load
    write(tmp_path, "b", MANIFEST.format(id="b"))
    cat = FilesystemCatalog(tmp_path)
    assert [t.id for t in cat.talents()] == ["b"]
    assert len(cat.problems()) == 1 and field in cat.problems()[0][1]


def test_missing_compact_body_is_an_error(tmp_path):
    write(tmp_path, "a", MANIFEST.format(id="a"), compact=None)
    with pytest.raises(ManifestError, match="compact"):
        FilesystemCatalog(tmp_path, strict=True)


def test_duplicate_id_is_an_error_naming_both_folders(tmp_path):
    write(tmp_path, "one/a", MANIFEST.format(id="a"))
    write(tmp_path, "two/a", MANIFEST.format(id="a"))
    with pytest.raises(DuplicateTalentError, match=r"one/a.*two/a"):
        FilesystemCatalog(tmp_path, strict=True)
    assert "duplicate" in FilesystemCatalog(tmp_path).problems()[0][1]


def test_symlinks_out_of_the_catalog_are_not_followed(tmp_path):
    outside = tmp_path / "outside"
    write(outside, "x", MANIFEST.format(id="x"))
    root = tmp_path / "catalog"
    root.mkdir()
    (root / "link").symlink_to(outside)
    assert FilesystemCatalog(root).talents() == []


def test_missing_folder(tmp_path):
    with pytest.raises(CatalogError, match="not found"):
        FilesystemCatalog(tmp_path / "nope")


def test_project_file_round_trip(tmp_path):
    path = write_project_file(tmp_path / "grace.yaml", name="demo", languages=["python"],
                              talents={"a": True, "b": False}, catalog="cat")
    pf = load_project_file(tmp_path)
    assert pf.project.enabled == ("a",) and pf.project.disabled == ("b",)
    assert pf.catalog == (tmp_path / "cat").resolve()
    assert pf.path == path.resolve()


def test_empty_compact_body_is_an_error(tmp_path):
    write(tmp_path, "a", MANIFEST.format(id="a"), compact="  \n")
    with pytest.raises(ManifestError, match=r"compact\.md is empty"):
        FilesystemCatalog(tmp_path, strict=True)


def test_doctor_reports_a_declared_section_with_no_heading(tmp_path):
    from grace.resolution.adapters.token_counters import BpeTokenCounter
    from grace.resolution.application.doctor import Doctor
    from grace.resolution.domain.talent import Project

    write(tmp_path, "a", MANIFEST.format(id="a")
          + "sections:\n  - {name: nope, when: never}\n  - {name: real, when: now}\n",
          full="## Real\ntext")
    report = Doctor(FilesystemCatalog(tmp_path), BpeTokenCounter(), token_budget=8000)(
        Project("p", ("a",)))
    found = [f for f in report.findings if f.code == "unknown_section"]
    assert len(found) == 1 and "'nope'" in found[0].message and "real" in found[0].fix
