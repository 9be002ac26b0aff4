"""Usage recording and tally, with fakes: what a resolve and a get leave in the log."""

from __future__ import annotations

import hashlib

import pytest

from grace.errors import UnknownTalentError
from grace.resolution.application.doctor import Doctor
from grace.resolution.application.get_talent import GetTalent
from grace.resolution.application.resolve_context import ResolveContext
from grace.resolution.application.usage import RecordedGet, RecordedResolve, UsageReport
from grace.resolution.domain.talent import Project
from grace.resolution.domain.usage import MIN_RESOLVES_FOR_NEVER_SERVED, UsageEvent, tally
from tests.fakes import InMemoryCatalog, InMemoryUsageLog, WordCounter, make_talent

NOW = "2026-12-01T00:00:00Z"


def _catalog() -> InMemoryCatalog:
    return InMemoryCatalog([make_talent("a.one"), make_talent("a.two"),
                            make_talent("b.front", agents={"frontend": "required"})])


def test_a_resolve_records_role_task_hash_served_ids_and_tokens_not_the_text() -> None:
    log = InMemoryUsageLog()
    resolve = RecordedResolve(ResolveContext(_catalog(), WordCounter()), log, now=lambda: NOW)
    project = Project("demo", enabled=("a.one", "a.two", "b.front"))
    result = resolve(project, role="backend", task="secret task", token_budget=5000)
    (event,) = log.recorded
    assert event.kind == "resolve" and event.role == "backend" and event.project == "demo"
    assert event.served == result.served_ids == ("a.one", "a.two")
    assert event.tokens == result.tokens and event.task is None
    assert event.task_sha256 == "sha256:" + hashlib.sha256(b"secret task").hexdigest()
    with_text = RecordedResolve(ResolveContext(_catalog(), WordCounter()), log, now=lambda: NOW,
                                with_text=True)
    with_text(project, role="backend", task="secret task", token_budget=5000)
    assert log.recorded[-1].task == "secret task"


def test_a_get_records_the_fetched_id_and_a_failed_call_records_nothing() -> None:
    log = InMemoryUsageLog()
    get = RecordedGet(GetTalent(_catalog()), log, WordCounter(), project="demo", now=lambda: NOW)
    text = get("a.two", depth="compact")
    (event,) = log.recorded
    assert (event.kind, event.fetched, event.tokens) == ("get", "a.two", len(text.text.split()))
    with pytest.raises(UnknownTalentError):
        get("a.nope")
    assert len(log.recorded) == 1


def test_tally_counts_served_fetched_and_never_served_per_talent() -> None:
    events = [
        UsageEvent(NOW, "resolve", "demo", served=("a.one", "a.two")),
        UsageEvent(NOW, "resolve", "demo", served=("a.one",)),
        UsageEvent(NOW, "get", "demo", fetched="a.two"),
        UsageEvent(NOW, "get", "demo", fetched="gone.talent"),
    ]
    stats = tally(events, catalog=["a.one", "a.two", "b.front"], enabled=["a.one", "b.front"])
    rows = {t.id: (t.enabled, t.served, t.fetched, t.never_served) for t in stats.talents}
    assert rows == {
        "a.one": (True, 2, 0, False),
        "a.two": (False, 1, 1, False),
        "b.front": (True, 0, 0, True),
        "gone.talent": (False, 0, 1, False),
    }
    assert (stats.resolves, stats.gets) == (2, 2)
    assert stats.talents[0].id == "a.one"  # most served first


def test_doctor_flags_never_served_only_after_enough_resolves() -> None:
    log = InMemoryUsageLog()
    project = Project("demo", enabled=("a.one", "a.two", "b.front"))
    doctor = Doctor(_catalog(), WordCounter(), token_budget=5000, usage=log)
    for _ in range(MIN_RESOLVES_FOR_NEVER_SERVED - 1):
        log.record(UsageEvent(NOW, "resolve", "demo", served=("a.one",)))
    assert not [f for f in doctor(project).findings if f.code == "never_served"]
    log.record(UsageEvent(NOW, "get", "demo", fetched="a.two"))
    log.record(UsageEvent(NOW, "resolve", "demo", served=("a.one",)))
    (finding,) = [f for f in doctor(project).findings if f.code == "never_served"]
    assert finding.subject == "1 talents" and "b.front" in finding.message
    assert "a.two" not in finding.message  # fetched on demand counts as used
    stats = UsageReport(_catalog(), log)(project)
    assert stats.resolves == MIN_RESOLVES_FOR_NEVER_SERVED
