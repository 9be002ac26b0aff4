import json

import pytest

from grace.errors import LabelError
from grace.resolution.application.evaluation import evaluate, read_labels
from grace.resolution.application.resolve_context import RelevanceOutcome, ResolveContext
from grace.resolution.domain.results import AlsoRelevant
from grace.resolution.domain.talent import Project
from tests.fakes import InMemoryCatalog, WordCounter, make_talent


class KeepOnly:
    """A relevance step that keeps the talents whose id appears in the task."""

    name = "keep-only"

    def select(self, request):
        kept = [t.id for t in request.candidates if t.id in request.task.split()]
        # the first talent cut is offered as a pointer ("also relevant, fetch on demand")
        also = [t.id for t in request.candidates if t.id not in kept][:1]
        return RelevanceOutcome(kept, {t: 1.0 for t in kept},
                                also_relevant=tuple(AlsoRelevant(a, a, 0.5) for a in also))


def test_metrics_against_hand_computed_values(tmp_path):
    talents = [make_talent(x) for x in ("a", "b", "c", "d")]
    project = Project("p", ("a", "b", "c", "d"))
    cat, counter = InMemoryCatalog(talents), WordCounter()
    on = ResolveContext(cat, counter, relevance=KeepOnly())
    off = ResolveContext(cat, counter)
    labels = tmp_path / "l.jsonl"
    rows = [
        {"id": "1", "task": "a b", "role": "backend", "expected": ["a", "c"]},  # R .5 P .5
        {"id": "2", "task": "d", "role": "backend", "expected": ["d"]},  # R 1 P 1
        {"id": "3", "task": "weather", "role": "backend", "expected": [], "out_of_domain": True},
        {"id": "4", "task": "b", "role": "backend", "expected": [], "out_of_domain": True},
    ]
    labels.write_text("# comment\n\n" + "\n".join(json.dumps(r) for r in rows))
    tasks = read_labels(labels)

    def run(ctx):
        return lambda t: ctx(project, role=t.role, task=t.task, token_budget=10_000)

    report = evaluate("t", tasks, resolve_on=run(on), resolve_off=run(off), settings={})
    assert (report.tasks, report.in_domain, report.out_of_domain) == (4, 2, 2)
    assert report.recall == pytest.approx(0.75)
    # task 1 cuts c and d, offers c: a and c are shown; task 2 offers a, not d's label
    assert [o.also for o in report.outcomes[:2]] == [("c",), ("a",)]
    assert report.recall_also == pytest.approx(1.0)
    assert report.precision == pytest.approx(0.75)
    assert report.precision_off == pytest.approx((2 / 4 + 1 / 4) / 2)
    assert report.hit_rate == 1.0
    assert report.ood_rejection == 0.5  # task 3 rejected, task 4 served "b"
    assert report.false_rejection == 0.0
    assert 0 < report.token_savings < 1


def test_bad_label_line_names_its_line(tmp_path):
    p = tmp_path / "l.jsonl"
    p.write_text('{"id": "1", "task": "x", "role": "r"}\n{"id": "2"}\n')
    with pytest.raises(LabelError, match=r"l.jsonl:2"):
        read_labels(p)
