"""Learning from feedback through the whole service (issue 16 item 4, decision 0022): verdicts
recorded in the search log move members on the next request with the same hard filters, reach
the LLM's prompt, and count in the acceptance of their ranker. The last test uses the real e5
model on real festivals (a paraphrase, not the same words)."""

from __future__ import annotations

import re

import pytest

from grace.bootstrap import build_matching
from grace.config import Settings
from grace.matching.application.match import MatchResult
from grace.matching.domain.model import EventRequest
from tests.matching_support.apps import breton_festivals, store_url
from tests.matching_support.apps import seeded_app as _app
from tests.matching_support.fake_anthropic import FakeAnthropic, from_schema, serve_fake_anthropic

# No format, headcount, budget nor dates: no finalist has an unknown requested fact, so the
# shortlist is the ranking order itself (recommended = its first 4).
REQUEST = EventRequest("concert de jazz dans un château", zone="47.0,2.0", radius_km=300)
OTHER_FILTERS = EventRequest("concert de jazz dans un château", zone="47.0,2.0", radius_km=250)
VERDICT = re.compile(r"retenu pour une demande semblable le \d\d/\d\d/\d{4}")


@pytest.fixture(params=["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
def app(request, tmp_path):
    a = _app(store_url(request, tmp_path), tmp_path, ranker="deterministic")
    yield a
    a.close()


def _shortlist(res: MatchResult) -> list[str]:
    return [s.code for s in (*res.recommended, *res.compatible)]


def test_a_kept_member_rises_and_a_corrected_one_falls_on_the_next_similar_request(app):
    first = app.match(REQUEST)
    other_before = _shortlist(app.match(OTHER_FILTERS))
    before = _shortlist(first)
    kept, corrected = before[7], before[0]  # the last compatible, the first recommended
    app.match.feedback(first.search_id, kept, "kept")
    app.match.feedback(first.search_id, corrected, "corrected", reason="wrong_theme")

    again = app.match(REQUEST)
    after = _shortlist(again)
    assert after.index(kept) < 4 <= before.index(kept)  # compatible → recommended
    assert corrected not in after  # first → out of the 4 + 4
    why = {s.code: s.explanation for s in (*again.recommended, *again.compatible)}
    assert VERDICT.search(why[kept]), why[kept]
    assert first.search_id in [s.search_id for s in again.similar_requests]
    past = next(s for s in again.similar_requests if s.search_id == first.search_id)
    assert (past.kept, past.corrected) == ((kept,), (corrected,))
    assert [v.reason for v in past.verdicts] == [None, "wrong_theme"]
    # Other hard filters (a 250 km radius): other requests, the verdicts do not apply.
    assert _shortlist(app.match(OTHER_FILTERS)) == other_before

    # The organiser changes their mind: the latest verdict counts.
    app.match.feedback(first.search_id, kept, "corrected", reason="too_small")
    third = app.match(REQUEST)
    assert kept not in _shortlist(third)[:7]
    past = next(s for s in third.similar_requests if s.search_id == first.search_id)
    assert (past.kept, past.corrected) == ((), (corrected, kept))
    by = app.match.stats().acceptance_by_ranker
    assert {k: (a.kept, a.corrected) for k, a in by.items()} == {"deterministic": (0, 2)}


@pytest.fixture
def api():
    with serve_fake_anthropic() as fake:
        yield fake


def test_the_llm_is_shown_the_verdicts_and_acceptance_counts_per_ranker(tmp_path,
                                                                       api: FakeAnthropic):
    app = _app(f"sqlite:///{tmp_path / 'llm.sqlite'}", tmp_path, ranker="claude",
               anthropic_api_key="sk-test-key", anthropic_base_url=api.base_url,
               llm_timeout_s=2.0, llm_model="claude-sonnet-4-6")
    api.script(from_schema(), from_schema())
    first = app.match(REQUEST)
    assert first.ranker == "claude:claude-sonnet-4-6"
    assert "Avis de l'organisateur" not in api.requests[0].body["messages"][0]["content"]
    kept, corrected = first.recommended[1], first.compatible[0]
    app.match.feedback(first.search_id, kept.code, "kept")
    app.match.feedback(first.search_id, corrected.code, "corrected", reason="too_expensive")
    app.match(REQUEST)
    prompt = api.requests[1].body["messages"][0]["content"]
    section = prompt.split("Avis de l'organisateur")[1].split("Tâche :")[0]
    lines = sorted(x for x in section.splitlines() if x.startswith("- "))
    record = app.match.search_record(first.search_id)
    assert record is not None
    when = record.at.strftime("%d/%m/%Y")
    assert lines == sorted([
        f"- {kept.code} ({kept.name}) : retenu le {when} pour « {REQUEST.description} » "
        "(similarité 1.00)",
        f"- {corrected.code} ({corrected.name}) : écarté (trop cher) le {when} pour "
        f"« {REQUEST.description} » (similarité 1.00)"])
    by = app.match.stats().acceptance_by_ranker
    assert {k: (a.kept, a.corrected, a.rate) for k, a in by.items()} == {
        "claude:claude-sonnet-4-6": (1, 1, 0.5)}
    app.close()


@pytest.mark.model
def test_with_e5_a_paraphrase_learns_from_the_verdicts_on_real_festivals(tmp_path, shared_data):
    subset, _ = breton_festivals(shared_data, tmp_path)
    app = build_matching(Settings(cache_dir=tmp_path, embedder="e5"),
                         database_url=f"sqlite:///{tmp_path / 'm.sqlite'}")
    app.import_venues(subset, seed=0)
    assert app.worker()().status.stale == 0
    first = app.match(EventRequest("Festival de jazz en plein air", zone="Rennes",
                                   radius_km=30))
    paraphrase = EventRequest("Un festival jazz en extérieur", zone="Rennes", radius_km=30)
    before = _shortlist(app.match(paraphrase))  # logged, without verdicts: no prior
    shown = _shortlist(first)
    kept = next(c for c in shown[4:] if c in before[4:])  # compatible both times
    corrected = next(c for c in before[:4] if c in shown)  # recommended both times
    app.match.feedback(first.search_id, kept, "kept")
    app.match.feedback(first.search_id, corrected, "corrected", reason="wrong_theme")

    res = app.match(paraphrase)
    after = _shortlist(res)
    sims = {s.search_id: s.similarity for s in res.similar_requests}
    assert sims[first.search_id] >= 0.98
    assert after.index(kept) < before.index(kept)
    assert corrected not in after or after.index(corrected) > before.index(corrected)
    assert VERDICT.search(next(s.explanation for s in (*res.recommended, *res.compatible)
                               if s.code == kept))
    app.close()
