import os
from pathlib import Path

import pytest

from grace.errors import CatalogError, DuplicateTalentError, ManifestError, ProjectError
from grace.resolution.adapters.examples import bundled_catalog
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


def test_symlinked_folders_are_not_followed_and_are_reported(tmp_path):
    """Issue 14, fault 2: a symlinked talent folder was skipped without a word."""
    outside = tmp_path / "outside"
    write(outside, "x", MANIFEST.format(id="x"))
    root = tmp_path / "catalog"
    write(root, "a", MANIFEST.format(id="a"))
    (root / "link").symlink_to(outside)
    (root / "group").mkdir()
    (root / "group" / "x").symlink_to(outside / "x")
    cat = FilesystemCatalog(root)
    assert [t.id for t in cat.talents()] == ["a"]
    reported = {Path(path).name: message for path, message in cat.problems()}
    assert set(reported) == {"link", "x"}
    assert all("symbolic link" in m and "not followed" in m for m in reported.values())
    with pytest.raises(CatalogError, match="symbolic link"):
        FilesystemCatalog(root, strict=True)


@pytest.mark.parametrize("name", ["talent.yaml", "compact.md", "standard.md", "full.md"])
def test_a_talent_file_resolving_outside_the_catalog_is_refused(tmp_path, name):
    """Issue 14, fault 2: ``compact.md -> /outside/secret`` was served by get and resolve."""
    secret = tmp_path / "outside" / name
    secret.parent.mkdir()
    secret.write_text(MANIFEST.format(id="a") if name == "talent.yaml" else "SECRET")
    root = tmp_path / "catalog"
    folder = write(root, "a", MANIFEST.format(id="a"))
    write(root, "b", MANIFEST.format(id="b"))
    (folder / name).unlink(missing_ok=True)
    (folder / name).symlink_to(secret)
    cat = FilesystemCatalog(root)
    assert [t.id for t in cat.talents()] == ["b"]
    ((path, message),) = cat.problems()
    assert path == str(folder / name) and "outside the catalog" in message
    assert str(secret) in message
    with pytest.raises(CatalogError, match="outside the catalog"):
        FilesystemCatalog(root, strict=True)


def test_a_symlink_inside_the_catalog_is_followed(tmp_path):
    root = tmp_path / "catalog"
    shared = root / "_shared" / "body.md"
    shared.parent.mkdir(parents=True)
    shared.write_text("Shared compact body.")
    folder = write(root, "a", MANIFEST.format(id="a"), compact=None)
    (folder / "compact.md").symlink_to(Path("..") / "_shared" / "body.md")
    cat = FilesystemCatalog(root, strict=True)
    assert cat.talents()[0].bodies["compact"] == "Shared compact body."


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


def test_an_empty_stack_or_languages_key_is_an_empty_list(tmp_path):
    (tmp_path / "grace.yaml").write_text("name: demo\nlanguages:\nstack:\ntalents: {a: true}\n",
                                         encoding="utf-8")
    project = load_project_file(tmp_path).project
    assert project.stack == () and project.languages == ()
    (tmp_path / "grace.yaml").write_text("name: demo\nstack: 5\n", encoding="utf-8")
    with pytest.raises(ProjectError, match="stack"):
        load_project_file(tmp_path)


def test_a_project_file_without_catalog_reads_the_repository_s_own(tmp_path):
    (tmp_path / "grace.yaml").write_text("name: demo\ntalents: {a: true}\n", encoding="utf-8")
    assert load_project_file(tmp_path).catalog is None  # nothing beside it: the caller refuses
    (tmp_path / ".grace" / "catalog").mkdir(parents=True)
    assert load_project_file(tmp_path).catalog == (tmp_path / ".grace" / "catalog").resolve()


def test_grace_example_names_the_bundled_catalog_and_no_other_name_is_bundled(tmp_path):
    (tmp_path / "grace.yaml").write_text("name: demo\ncatalog: grace:example\n", encoding="utf-8")
    assert load_project_file(tmp_path).catalog == bundled_catalog()
    (tmp_path / "grace.yaml").write_text("name: demo\ncatalog: grace:exemple\n", encoding="utf-8")
    with pytest.raises(ProjectError, match="unknown bundled catalog 'grace:exemple'"):
        load_project_file(tmp_path)


def test_project_file_gets_the_umask_mode_not_mkstemp_0600(tmp_path):
    old = os.umask(0o022)
    try:
        path = write_project_file(tmp_path / "grace.yaml", name="demo", languages=[],
                                  talents={"a": True})
    finally:
        os.umask(old)
    assert path.stat().st_mode & 0o777 == 0o644
    assert [p.name for p in tmp_path.iterdir()] == ["grace.yaml"]  # no temporary left


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
