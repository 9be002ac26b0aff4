"""The bundled example: a real catalog, with the deliberate faults doctor must find."""

from grace.bootstrap import build_resolution
from grace.config import Settings
from grace.resolution.adapters.filesystem_catalog import FilesystemCatalog
from grace.resolution.domain.graph import DependencyGraph
from grace.resolution.domain.text import split_sections


def test_example_catalog_is_valid_and_rich(example_catalog_dir):
    cat = FilesystemCatalog(example_catalog_dir, strict=True)
    talents = {t.id: t for t in cat.talents()}
    assert len(talents) >= 25
    roles = {r for t in talents.values() for r in t.agents}
    assert {"architect", "backend", "frontend", "reviewer", "tester"} <= roles
    hexa = talents["architecture.hexagonal"]
    assert set(hexa.requires) == {
        "architecture.dependency-rule", "pattern.use-case", "pattern.port-adapter",
        "pattern.value-object",
    }
    assert any(t.status == "draft" for t in talents.values())
    assert any(t.includes for t in talents.values())
    assert any(t.conflicts for t in talents.values())
    graph = DependencyGraph(talents)
    assert graph.cycles(talents) == []
    assert graph.unknown_references(talents) == []
    for t in talents.values():  # every declared section exists in the full body
        assert {s.name for s in t.sections} <= set(split_sections(t.bodies["full"])), t.id


def test_doctor_reports_the_deliberate_faults(example_project_file):
    app = build_resolution(Settings(), project=example_project_file)
    report = app.doctor(app.project_file.project)
    codes = {(f.code, f.subject) for f in report.findings}
    assert ("missing_prerequisite", "backend.rest-api") in codes
    missing = next(f for f in report.findings if f.code == "missing_prerequisite")
    assert missing.fix.startswith("enable security.input-validation")
    assert ("enabled_draft", "observability.metrics") in codes
    assert report.errors >= 1


def test_resolve_on_the_example_stays_within_budget_at_every_budget(example_project_file):
    app = build_resolution(Settings(), project=example_project_file)
    project = app.project_file.project
    task = "Ajouter la pagination à GET /invoices et tester le repository"
    previous = None
    for budget in (300, 800, 1500, 3000, 8000, 20000):
        r = app.resolve(project, role="backend", task=task, token_budget=budget)
        assert r.tokens <= budget
        assert app.counter.count(r.markdown) == r.tokens
        if previous is not None:
            assert len(r.served) >= len(previous.served)
        previous = r
    assert previous is not None and previous.served[0].triggers  # task triggers lead the order
