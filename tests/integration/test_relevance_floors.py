"""Quality floors of relevance on the two hand-labelled sets, with the real e5 model.

The model and the selection are deterministic, so these figures are too; the floors sit a
little under the values measured when the defaults were chosen (decision 0010), so that a change
that makes selection worse fails here. ``grace eval relevance`` prints the same figures.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from grace.bootstrap import build_evaluation
from grace.config import Settings
from grace.resolution.adapters.importers.rules import import_rules
from grace.resolution.application.evaluation import EvalReport, evaluate, read_labels

ROOT = Path(__file__).resolve().parents[2]
RULES = ROOT.parent / "shared" / "data" / "rule-catalogs"

pytestmark = [pytest.mark.model, pytest.mark.slow]


def run(labels: Path, algo: str, cache: Path) -> EvalReport:
    settings = Settings(cache_dir=cache)
    tasks = read_labels(labels)
    on = build_evaluation(settings, base=labels.parent, algo=algo)
    off = build_evaluation(settings, base=labels.parent)
    return evaluate(labels.name, tasks, resolve_on=on.on, resolve_off=off.off, settings={})


@pytest.fixture(scope="module")
def cache(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("vectors")


def test_example_set_floors(cache: Path) -> None:
    labels = ROOT / "eval" / "example_tasks.jsonl"
    seed = run(labels, "seed", cache)
    hybrid = run(labels, "hybrid", cache)
    # seed 000 exactly: the figures of decision 0006
    assert seed.recall >= 0.68 and seed.precision >= 0.44 and seed.ood_rejection >= 0.69
    # decision 0010, sixth follow-up (a software request gets through the gate, a French
    # query meets English documents translated only): recall 0.784, precision 0.521, nDCG@5
    # 0.725, out of domain rejected 0.692, in-domain rejected 0.000 (0.070 before), savings 0.840
    # seventh follow-up: recall 0.792, precision 0.524, nDCG@5 0.730, savings 0.839
    # tenth follow-up (an everyday request stays out): out of domain rejected 1.000
    # thirteenth (at most 5 talents without a file in play): recall 0.784, precision 0.529,
    # nDCG@5 0.730, savings 0.854
    assert hybrid.recall >= 0.78 and hybrid.precision >= 0.52 and hybrid.ndcg5 >= 0.72
    assert hybrid.ood_rejection >= 0.95 and hybrid.false_rejection <= 0.02
    assert hybrid.token_savings >= 0.83
    # the hybrid default beats seed 000 on recall, precision and savings in the same run
    assert hybrid.recall > seed.recall and hybrid.precision > seed.precision
    assert hybrid.token_savings > seed.token_savings


@pytest.fixture(scope="module")
def imported(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A copy of ``eval/`` whose polyglot catalog holds the three real collections (what
    ``make eval-catalog`` imports); the judged sets' projects point at it."""
    root = tmp_path_factory.mktemp("eval")
    shutil.copytree(ROOT / "eval" / "polyglot", root / "polyglot",
                    ignore=shutil.ignore_patterns("catalog"))
    shutil.copytree(ROOT / "eval" / "judged", root / "judged")
    for fmt, sub in (("agent-skills", "agent-skills"), ("cursor", "cursor/rules"),
                     ("copilot", "copilot/instructions")):
        import_rules(fmt, RULES / sub, root / "polyglot" / "catalog")  # type: ignore[arg-type]
    return root


def test_polyglot_set_floors(cache: Path, imported: Path) -> None:
    hybrid = run(imported / "polyglot" / "tasks.jsonl", "hybrid", cache)
    # decision 0010, sixth follow-up: recall 0.786, precision 0.736, nDCG@5 0.564, out of
    # domain rejected 0.962, in-domain rejected 0.021 (0.048 before), savings 0.959
    # seventh follow-up (identifiers, the task's frameworks, a rule's subject): recall 0.788,
    # precision 0.764, nDCG@5 0.574; eighth (language matches, framework tells): recall 0.815,
    # precision 0.773, nDCG@5 0.588, in-domain rejected 0.016; ninth (toolchain tells, the
    # sibling bar): recall 0.828, precision 0.774, nDCG@5 0.603; with the framework family:
    # recall 0.839, precision 0.774, nDCG@5 0.621, savings 0.960; tenth (a told language names
    # the language's own rules): precision 0.780, nDCG@5 0.626; thirteenth (an imported rule
    # for one side of a web application is not for the other side's role; at most 5 talents
    # without a file in play): recall 0.839, precision 0.794, nDCG@5 0.627, savings 0.965
    assert hybrid.recall >= 0.83 and hybrid.precision >= 0.785 and hybrid.ndcg5 >= 0.62
    assert hybrid.ood_rejection >= 0.95 and hybrid.false_rejection <= 0.02
    assert hybrid.token_savings >= 0.95


OOD_FLOORS = {"android": 0.36, "aspnet": 1.0, "chrome": 0.6, "data": 0.33, "django": 0.75,
              "fastapi": 0.42, "firmware": 0.6, "go": 0.75, "infra": 0.8, "ios": 0.37,
              "laravel": 0.8, "nestjs": 1.0, "nextjs": 0.42, "phoenix": 1.0, "rails": 1.0,
              "sfdx": 0.83, "spring": 0.42, "unity": 0.3, "wordpress": 0.4, "angular": 0.37,
              "flutter": 0.75, "svelte": 0.66, "rust": 1.0, "cli": 0.46,
              "tslib": 0.25}
"""Out-of-domain rejection floors of the judged sets (decision 0026: "Explain what a mutex
is" from a back end is in no language; decision 0027: a general question of computing that
names nothing of the project gets no rule; decision 0029: nor does a message to colleagues)."""


@pytest.mark.parametrize(("name", "recall", "precision", "ndcg5", "rejected"), [
    # decision 0010, twenty-third follow-up: recall 0.780, precision 0.609, nDCG@5 0.654;
    # decision 0024: precision 0.643, nDCG@5 0.681
    ("infra", 0.77, 0.63, 0.67, 0.0),
    # recall 0.795, precision 0.848, nDCG@5 0.804 (0.818 / 0.605 / 0.735 before the Swift
    # packages and imports were read into ``stack:``)
    # decision 0024: recall 0.841, nDCG@5 0.839 (the files' imports)
    ("ios", 0.83, 0.84, 0.83, 0.0),
    # recall 0.650, precision 0.400, nDCG@5 0.506 (0.250 / 0.190 / 0.249 before Unity's
    # packages were read and Unity framed C#)
    ("unity", 0.64, 0.39, 0.50, 0.0),
    # recall 0.397, precision 0.371, nDCG@5 0.394, in-domain rejected 0.115 (0.394 / 0.297 /
    # 0.385 before ``mix.exs`` was read and Arize's Phoenix skills were Elixir's); twenty-fourth
    # follow-up: 0.385 / 0.433 / 0.404 (the hollow elixir-engineer-guidelines left disabled)
    # decision 0024: 0.615 / 0.873 / 0.677, in-domain rejected 0.038 (`setup` is no subject:
    # the one Elixir rule, "Elixir Phoenix Docker Setup", is the stack's)
    ("phoenix", 0.60, 0.86, 0.66, 0.04),
    # twenty-fourth follow-up: recall 0.781, precision 0.816, nDCG@5 0.755 (0.719 / 0.488 /
    # 0.677 before Gradle's version catalog and plugins were read and Android framed Kotlin)
    ("android", 0.77, 0.80, 0.74, 0.0),
    # recall 0.657, precision 0.512, nDCG@5 0.635 (0.602 / 0.461 / 0.508 before Airflow framed
    # Python and a task naming SQL stopped being Python's)
    # decision 0024: 0.713 / 0.532 / 0.659 (a source file's words name no Agent Skill's job)
    # decision 0030: precision 0.583, nDCG@5 0.670 (nor does a Python file's language)
    ("data", 0.70, 0.58, 0.66, 0.0),
    # recall 0.847, precision 0.858, nDCG@5 0.866 (0.847 / 0.865 / 0.866 before)
    # decision 0030: recall 0.816, precision 0.899, nDCG@5 0.846, in-domain rejected 0.042 (63
    # rules of JavaScript frameworks left disabled; a match of meaning alone under KEEP_FLOOR)
    ("sfdx", 0.81, 0.89, 0.84, 0.05),
    # recall 0.880, precision 0.539, nDCG@5 0.752 (0.840 / 0.468 / 0.651 before a firmware's
    # Python scripts stopped making Python its back-end language and C++'s rule its C files')
    # decision 0024: precision 0.568, nDCG@5 0.757
    ("firmware", 0.87, 0.55, 0.74, 0.0),
    # recall 0.835, precision 0.604, nDCG@5 0.755 (0.642 / 0.555 / 0.614 while its one Chrome
    # extension rule was a persona of another stack to ``grace init``)
    # decision 0024: precision 0.641, nDCG@5 0.806
    ("chrome", 0.82, 0.63, 0.79, 0.0),
    # recall 0.873, precision 0.863, nDCG@5 0.876, as at 681c372
    # decision 0024: precision 0.903, nDCG@5 0.890
    ("wordpress", 0.86, 0.89, 0.87, 0.0),
    # decision 0024: recall 0.750, precision 0.464, nDCG@5 0.623 (0.663 / 0.336 / 0.586 before
    # the files in play's imports, STACK_K 2 and a source file's words naming no skill's job)
    ("nextjs", 0.74, 0.45, 0.61, 0.0),
    # recall 0.493, precision 0.433, nDCG@5 0.499 (0.475 / 0.402 / 0.491 before)
    ("fastapi", 0.48, 0.42, 0.48, 0.0),
    # recall 0.933, precision 0.827, nDCG@5 0.946 (0.913 / 0.776 / 0.884 before Django REST
    # Framework's imports were Django's and a file's words named no skill's job)
    ("django", 0.92, 0.81, 0.93, 0.0),
    # recall 0.906, precision 0.822, nDCG@5 0.883 (0.906 / 0.814 / 0.882 before)
    ("spring", 0.89, 0.81, 0.87, 0.0),
    # recall 0.808, precision 0.781, nDCG@5 0.777 (0.808 / 0.778 / 0.777 at 7997dc2)
    ("nestjs", 0.79, 0.76, 0.76, 0.0),
    # recall 0.687, precision 0.561, nDCG@5 0.636, in-domain rejected 0.040 (the same at
    # 7997dc2): the catalogs hold one Laravel rule, written for Livewire
    ("laravel", 0.67, 0.54, 0.62, 0.04),
    # decision 0026: recall 0.784, precision 0.796, nDCG@5 0.787 (0.797 / 0.793 / 0.801 before a
    # back end's question far from Go's rules in meaning stopped being in Go)
    # decision 0030: recall 0.771, precision 0.820, nDCG@5 0.779, in-domain rejected 0.038
    # (chi is no framework of APP_FRAMEWORKS, but pgx and testify declare Go's dependencies:
    # a match of meaning alone under KEEP_FLOOR)
    ("go", 0.77, 0.81, 0.77, 0.04),
    # decision 0026: recall 0.612, precision 0.728, nDCG@5 0.613, in-domain rejected 0.077
    # (0.612 / 0.749 / 0.622, out-of-domain rejection 0.50 before the same change); its one
    # framework rule, ASP.NET REST APIs, is cut under copilot.csharp's glob on seven tasks
    ("aspnet", 0.60, 0.71, 0.60, 0.08),
    # decision 0026: recall 0.848, precision 0.678, nDCG@5 0.831; 0.681 after decision 0027
    ("rails", 0.83, 0.67, 0.82, 0.0),
    # decision 0027: recall 0.924, precision 0.742, nDCG@5 0.874 (an Angular 17 back office)
    ("angular", 0.91, 0.73, 0.86, 0.0),
    # decision 0027: recall 0.779, precision 0.758, nDCG@5 0.754, in-domain rejected 0.038 (a
    # Flutter app; « Ajouter un écran de profil … » is read as no software request)
    ("flutter", 0.77, 0.75, 0.75, 0.04),
    # decision 0028: recall 0.635, precision 0.465, nDCG@5 0.588 (a
    # SvelteKit 2 + Svelte 5 app; a SvelteKit rule written for another project's machine is
    # served to its back end now that SvelteKit's rules are both sides')
    ("svelte", 0.63, 0.46, 0.58, 0.0),
    # decision 0028: recall 0.705, precision 0.794, nDCG@5 0.733, in-domain rejected
    # 0.077 (an axum + sqlx Cargo workspace; « Ajouter l'envoi de la facture par e-mail … »
    # and a zero-downtime migration question get nothing)
    ("rust", 0.70, 0.79, 0.73, 0.08),
    # decision 0030: recall 0.578, precision 0.560, nDCG@5 0.574, in-domain rejected 0.067 (a
    # Python command-line tool and library on Typer, httpx and pydantic; 0.511 / 0.456 / 0.485
    # when FastAPI's and Flask's rules counted as its stack's)
    ("cli", 0.57, 0.55, 0.57, 0.07),
    # decision 0030: recall 0.742, precision 0.706, nDCG@5 0.712, in-domain rejected 0.045 (a
    # TypeScript library on npm, no framework: 0.788 / 0.708 / 0.757 before a match of meaning
    # alone was held to KEEP_FLOOR — "Make sure bundlers can tree-shake the library" lost the
    # performance rule)
    ("tslib", 0.74, 0.70, 0.71, 0.05),
])
def test_judged_set_floors(cache: Path, imported: Path, name: str, recall: float,
                           precision: float, ndcg5: float, rejected: float) -> None:
    """The new users' judged sets (``eval/judged``): each above the figures measured when it
    was added (``rejected``: at most this share of its in-domain tasks served nothing), and
    above relevance off in the same run."""
    labels = imported / "judged" / name / f"{name}.jsonl"
    hybrid = run(labels, "hybrid", cache)
    assert hybrid.recall >= recall and hybrid.precision >= precision and hybrid.ndcg5 >= ndcg5
    assert hybrid.precision > hybrid.precision_off
    assert hybrid.token_savings > 0.9 and hybrid.false_rejection <= rejected
    assert hybrid.ood_rejection >= OOD_FLOORS.get(name, 0.0)
