"""The whole matching service on both stores, and stage 3 through the real anthropic SDK against
a loopback stand-in of the API: every fault ends in an answer, with the fallback recorded."""

from __future__ import annotations

import dataclasses
import json
from datetime import UTC, datetime, timedelta

import numpy as np
import pytest

from grace.bootstrap import MatchingApp, build_matching
from grace.config import Settings
from grace.errors import UnknownSearchError
from grace.matching.domain.history import Feedback, SearchRecord, Suggestion
from grace.matching.domain.model import BudgetRange, EventRequest
from tests.matching_support.apps import seeded_app as _app
from tests.matching_support.apps import store_url
from tests.matching_support.data import DAY0
from tests.matching_support.fake_anthropic import (
    FakeAnthropic,
    from_schema,
    hang_up,
    serve_fake_anthropic,
    slow,
    status,
    text,
)
from tests.matching_support.pg import fresh_database

REQUEST = EventRequest("concert de jazz dans un château", format="standing", headcount=50,
                       zone="47.0,2.0", radius_km=300, dates=(DAY0,))


@pytest.fixture(params=["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
def app(request, tmp_path):
    a = _app(store_url(request, tmp_path), tmp_path, ranker="deterministic")
    yield a
    a.close()


def test_pipeline_answers_4_plus_4_explained_and_logs_the_search(app):
    res = app.match(REQUEST)
    assert res.mode == "pipeline" and res.ranker == "deterministic" and res.fallback is None
    assert len(res.recommended) == 4 and len(res.compatible) == 4
    assert all(s.explanation.endswith(".") for s in res.recommended + res.compatible)
    assert [f.stage for f in res.funnel][-2:] == ["stage 3: deterministic", "total"]
    rec = app.match.search_record(res.search_id)
    assert rec is not None
    assert rec is not None and rec.ranker == "deterministic" and rec.embedding is not None
    assert [s.code for s in rec.suggestions] == [s.code for s in res.recommended + res.compatible]
    assert rec.funnel["stage3"] == 8 and rec.funnel["members"] == 300
    assert set(rec.stage_ms) == {"stage1", "embedding", "stage2", "stage3", "total"}


def test_feedback_drives_the_acceptance_rate(app):
    res = app.match(REQUEST)
    a, b = res.recommended[0].code, res.compatible[0].code
    app.match.feedback(res.search_id, a, "kept")
    app.match.feedback(res.search_id, b, "corrected", comment="trop loin")
    stats = app.match.stats()
    assert (stats.kept, stats.corrected, stats.acceptance_rate) == (1, 1, 0.5)
    with pytest.raises(UnknownSearchError, match="did not suggest"):
        app.match.feedback(res.search_id, "#99999", "kept")
    with pytest.raises(UnknownSearchError, match="no search"):
        app.match.feedback("0" * 32, a, "kept")


def test_a_repeated_request_is_offered_for_reuse_only_with_the_same_hard_filters(app):
    first = app.match(REQUEST)
    assert first.similar_requests == ()
    again = app.match(REQUEST)
    assert [s.search_id for s in again.similar_requests] == [first.search_id]
    assert again.similar_requests[0].similarity == pytest.approx(1.0, abs=1e-5)
    other = EventRequest(REQUEST.description, format="standing", headcount=51,
                         zone="47.0,2.0", radius_km=300, dates=(DAY0,))
    assert app.match(other).similar_requests == ()
    found = app.match.similar_requests(REQUEST)
    assert {s.search_id for s in found} == {first.search_id, again.search_id}


def test_reuse_is_never_offered_across_a_negation(tmp_path):
    """Issue 14, fault 3: « … sans alcool » was offered the shortlist of « … avec alcool » (e5
    puts them above 0.98; the fake embedder needs a lower threshold to show the same)."""
    app = _app(f"sqlite:///{tmp_path / 'r.sqlite'}", tmp_path, ranker="deterministic",
               matching_reuse_similarity=0.3)
    base = EventRequest("Soirée de gala avec alcool", format="standing", headcount=50,
                        zone="47.0,2.0", radius_km=300, dates=(DAY0,))

    def ask(description: str, extra: str = "") -> EventRequest:
        return dataclasses.replace(base, description=description, extra=extra)

    with_alcohol = app.match(base)
    same = ask("Soirée de gala, avec alcool")
    assert [s.search_id for s in app.match(same).similar_requests] == [with_alcohol.search_id]
    without = ask("Soirée de gala", extra="sans alcool")
    assert app.match(without).similar_requests == ()
    found = app.match.similar_requests(ask("Gala, pas d'alcool"), min_similarity=0.0)
    assert [s.extra for s in found] == ["sans alcool"]  # the past request without, not with
    app.close()


def test_explicit_codes_skip_the_pipeline_and_report_unknown_ones(app):
    res = app.match(EventRequest("Je voudrais #102 et #157, et aussi #99999"))
    assert res.mode == "explicit" and res.unknown_codes == ("#99999",)
    assert [s.code for s in res.recommended] == ["#102", "#157"]
    assert all(s.explanation.startswith("Demandé explicitement") for s in res.recommended)
    assert app.match.search_record(res.search_id).ranker == "explicit"


def test_explicit_codes_in_the_spellings_organisers_type(app):
    """Issue 14, fault 4: ``# 102``, ``＃102``, lower case and ``#102#157`` were ignored."""
    app.repo.upsert_members([dataclasses.replace(app.repo.get("#102"), code="#FEST_7")])
    res = app.match(EventRequest("Je voudrais # 103, \uff03157, #fest_7 et #120#121 ; #99999"))
    assert res.mode == "explicit"
    assert [s.code for s in res.recommended] == ["#103", "#157", "#FEST_7", "#120", "#121"]
    assert res.unknown_codes == ("#99999",) and "codes inconnus : #99999" in res.warnings
    both = app.match(EventRequest("et aussi #121", codes=("#fest_7",)))
    assert [s.code for s in both.recommended] == ["#FEST_7", "#121"]
    assert app.match.member("#fest_7") == app.repo.get("#FEST_7")


def test_a_broad_zone_keeps_the_closest_to_its_centre(tmp_path):
    app = _app(f"sqlite:///{tmp_path / 'b.sqlite'}", tmp_path, ranker="deterministic",
               matching_broad_limit=40)
    res = app.match(EventRequest("gala", zone="47.0,2.0", radius_km=2000))
    stages = {f.stage: f.kept for f in res.funnel}
    assert stages["stage 1: hard filters"] > 40
    assert stages["broad zone: closest to the centre"] == 40 and res.narrowed
    # the kept 40 are the 40 closest of stage 1's survivors
    st = app.search.stages(EventRequest("gala", zone="47.0,2.0", radius_km=2000))
    pos = app.repo.positions(app.repo.stage1(st.criteria))
    dist = sorted(np.hypot(lat - 47.0, (lon - 2.0) * np.cos(np.radians(47))) for lat, lon
                  in pos.values())
    kept = app.repo.positions(st.ids)
    far = max(np.hypot(lat - 47.0, (lon - 2.0) * np.cos(np.radians(47))) for lat, lon
              in kept.values())
    assert far <= dist[39] + 1e-3
    app.close()


def test_search_log_round_trip_and_ordering(app):
    log = app.log
    t = datetime(2026, 11, 30, 12, tzinfo=UTC)
    for i in range(3):
        log.record(SearchRecord(
            search_id=f"{i:032x}", at=t + timedelta(minutes=i), mode="pipeline",
            request={"description": f"r{i}"}, filter_key="k", model_key="m",
            embedding=np.array([1, 0, 0], np.float32) if i else np.array([0, 1, 0], np.float32),
            stage_ms={"total": 1.0}, funnel={"stage3": 1}, ranker="deterministic",
            fallback=None, input_tokens=0, output_tokens=0, cost_eur=0.0,
            suggestions=(Suggestion("#102", "recommended", "Parce que."),)))
    got = log.get(f"{1:032x}")
    assert got is not None and got.request == {"description": "r1"}
    assert np.array_equal(got.embedding, np.array([1, 0, 0], np.float32))
    assert [r.search_id for r in log.records(limit=2)] == [f"{1:032x}", f"{2:032x}"]
    q = np.array([1, 0, 0], np.float32)
    sim = log.similar("k", q, model_key="m", k=5, min_similarity=0.9, exclude=f"{2:032x}")
    assert [s.search_id for s in sim] == [f"{1:032x}"]
    assert log.similar("other", q, model_key="m", k=5, min_similarity=0.0) == []
    assert log.similar("k", q, model_key="other-model", k=5, min_similarity=0.0) == []
    log.add_feedback(Feedback(f"{1:032x}", "#102", "kept", t))
    best = log.similar("k", q, model_key="m", k=1, min_similarity=0.9, exclude=f"{2:032x}")
    assert best[0].kept == ("#102",)


# --- stage 3 through the real SDK and a loopback stand-in -------------------------------------


@pytest.fixture
def api():
    with serve_fake_anthropic() as fake:
        yield fake


def _llm_app(tmp_path, api: FakeAnthropic, timeout: float = 2.0) -> MatchingApp:
    return _app(f"sqlite:///{tmp_path / 'llm.sqlite'}", tmp_path, ranker="claude",
                anthropic_api_key="sk-test-key", anthropic_base_url=api.base_url,
                llm_timeout_s=timeout, llm_model="claude-sonnet-4-6")


def test_a_valid_llm_answer_ranks_with_tokens_and_cost_recorded(tmp_path, api):
    app = _llm_app(tmp_path, api)
    api.script(from_schema(input_tokens=3000, output_tokens=500))
    res = app.match(REQUEST)
    assert res.ranker == "claude:claude-sonnet-4-6" and res.fallback is None
    assert len(res.recommended) == 4 and len(res.compatible) == 4
    body = api.requests[0].body
    enum = body["output_config"]["format"]["schema"]["properties"]["recommended"]["items"][
        "properties"]["memberCode"]["enum"]
    assert len(enum) == 30 and "Personnes : 50" in body["messages"][0]["content"]
    rec = app.match.search_record(res.search_id)
    assert rec is not None
    assert (rec.input_tokens, rec.output_tokens) == (3000, 500)
    assert rec.cost_eur == pytest.approx((3000 * 2.58 + 500 * 12.90) / 1e6)
    assert app.match.stats().cost_eur_per_search == pytest.approx(rec.cost_eur)
    app.close()


FAULTS = {
    "invalid JSON twice": ([text("{pas du json"), text("toujours pas")], "invalid: not JSON"),
    "unknown codes twice": ([text(json.dumps({"recommended": [
        {"memberCode": "#99999", "explanation": "x"}], "compatible": [], "rejected": []}))] * 2,
        "unknown member code"),
    "truncated twice": ([text('{"recommended": [', stop_reason="max_tokens")] * 2,
                        "did not end normally"),
    "slow": ([slow(5.0, then=from_schema())], "timeout"),
    "5xx twice": ([status(529), status(500)], "http_529; then http_500"),
    "hang-up twice": ([hang_up(), hang_up()], "connection"),
    "not a message": ([text("x"), status(503)], "http_503"),
}


@pytest.mark.parametrize("fault", list(FAULTS))
def test_every_fault_of_the_llm_ends_in_an_answer_with_the_fallback_recorded(tmp_path, api,
                                                                             fault):
    behaviours, why = FAULTS[fault]
    app = _llm_app(tmp_path, api, timeout=1.0)
    api.script(*behaviours)
    res = app.match(REQUEST)
    assert res.ranker == "deterministic" and len(res.recommended) == 4
    assert len(res.compatible) == 4
    assert res.fallback is not None and why in res.fallback, res.fallback
    assert res.fallback.startswith("claude:claude-sonnet-4-6: ")
    rec = app.match.search_record(res.search_id)
    assert rec is not None
    assert rec.fallback == res.fallback and rec.ranker == "deterministic"
    stats = app.match.stats()
    assert stats.fallbacks == 1
    app.close()


def test_an_invalid_answer_then_a_valid_one_uses_the_retry(tmp_path, api):
    app = _llm_app(tmp_path, api)
    api.script(text("{oops"), from_schema())
    res = app.match(REQUEST)
    assert res.ranker.startswith("claude:") and res.attempts[0].startswith("invalid")
    assert res.attempts[1] == "ok" and len(api.requests) == 2
    app.close()


def test_the_budget_filter_survives_into_the_prompt(tmp_path, api):
    app = _llm_app(tmp_path, api)
    api.script(from_schema())
    app.match(EventRequest("séminaire", budget=BudgetRange(1000, 3000)))
    assert "Budget : 1000–3000 €" in api.requests[0].body["messages"][0]["content"]
    app.close()


def test_stage3_runs_outside_the_store_lock(tmp_path):
    """Two searches whose LLM calls wait for each other (a barrier): possible only if the
    slow stage 3 of one does not hold the lock the other needs for stages 1–2."""
    import threading
    from concurrent.futures import ThreadPoolExecutor

    from grace.matching.application.match import LlmPricing, MatchMembers, RankFinalists
    from grace.matching.domain.ports import Proposal

    barrier = threading.Barrier(2, timeout=20)

    class Meeting:
        name = "claude:meeting"

        def propose(self, *, system, prompt, schema, timeout_s):
            barrier.wait()
            codes = schema["properties"]["recommended"]["items"]["properties"]["memberCode"][
                "enum"]
            return Proposal(json.dumps({"recommended": [
                {"memberCode": c, "explanation": "Oui."} for c in codes[:4]],
                "compatible": [], "rejected": []}), "end_turn", 10, 10)

    app = _app(f"sqlite:///{tmp_path / 'lock.sqlite'}", tmp_path, ranker="deterministic")
    match = MatchMembers(app.search, RankFinalists(Meeting(), timeout_s=30,
                                                   pricing=LlmPricing(0, 0)), app.repo, app.log)
    with ThreadPoolExecutor(2) as pool:
        results = list(pool.map(match, [REQUEST, REQUEST]))
    assert [r.ranker for r in results] == ["claude:meeting"] * 2
    assert all(r.fallback is None for r in results)
    app.close()


def test_codes_written_in_the_text_that_are_not_members_do_not_replace_the_search(app):
    res = app.match(EventRequest("concert #1 priorité, château", zone="47.0,2.0",
                                 radius_km=300))
    assert res.mode == "pipeline" and res.unknown_codes == ("#1",)
    assert len(res.recommended) == 4 and "aucun membre avec ce code" in res.warnings[0]
    named = app.match(EventRequest("x", codes=("#102", "#102", "#404")))
    assert named.mode == "explicit" and [s.code for s in named.recommended] == ["#102"]
    assert named.unknown_codes == ("#404",)


def test_a_log_that_cannot_be_written_costs_the_log_not_the_answer(app, monkeypatch):
    from grace.errors import MemberStoreError

    def refuse(record):
        raise MemberStoreError("attempt to write a readonly database")

    monkeypatch.setattr(app.log, "record", refuse)
    res = app.match(REQUEST)
    assert len(res.recommended) == 4
    assert any("non enregistrée" in w and "readonly" in w for w in res.warnings)


def test_montpellier_venues_without_postal_codes_import_with_their_capacities(tmp_path,
                                                                             shared_data):
    app = build_matching(Settings(cache_dir=tmp_path, embedder="fake", ranker="deterministic"),
                         database_url=f"sqlite:///{tmp_path / 'mtp.sqlite'}")
    report = app.import_venues(shared_data / "venues" / "montpellier_erp_venues.csv", seed=0)
    assert (report.members, report.skipped) == (66, 0)
    app.worker()()
    res = app.match(EventRequest("salle de conférence pour un séminaire", zone="Montpellier",
                                 format="meeting", headcount=200))
    assert len(res.recommended) == 4
    assert all("places en réunion pour 200 invités" in s.explanation for s in res.recommended)
    member = app.repo.get(res.recommended[0].code)
    assert member is not None and member.postal_code.startswith("340")
    assert member.latitude is None  # no made-up coordinates
    app.close()


@pytest.mark.parametrize("store", ["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
def test_a_postal_code_shared_by_two_departements_follows_the_insee_one(request, tmp_path, store):
    """Issue 14, fault 6: Saint-Pierre-Laval (INSEE 03250, postal code 42620, Allier) was
    returned for zone 42 (Loire), and Saint-Martin-d'Estréaux (42257, 42620) for Allier."""
    header = ("venue_id,name,postal_code,commune,insee_code,latitude,longitude,text,"
              "category,subcategory,capacity_max")
    rows = ["spl,Salle des fêtes,42620,Saint-Pierre-Laval,03250,,,salle,Salle,,",
            "sme,Château,42620,Saint-Martin-d'Estréaux,42257,,,salle,Salle,,",
            "noinsee,Grange,42620,Saint-Pierre-Laval,,,,salle,Salle,,"]
    path = tmp_path / "venues.csv"
    path.write_text("\n".join([header, *rows]) + "\n", encoding="utf-8")
    url = (f"sqlite:///{tmp_path / 'dep.sqlite'}" if store == "sqlite"
           else fresh_database(request.getfixturevalue("pg_server")))
    app = build_matching(Settings(cache_dir=tmp_path, embedder="fake", ranker="deterministic"),
                         database_url=url)
    app.import_venues(path, seed=0)
    code = {i: c for c, i in app.repo.ids_for(["#spl", "#sme", "#noinsee"]).items()}
    assert app.repo.get("#spl").departement == "03"  # type: ignore[union-attr]
    assert app.repo.get("#noinsee").departement == "03"  # type: ignore[union-attr]

    def served(zone: str) -> set[str]:
        return {code[i] for i in app.repo.stage1(app.search.criteria(EventRequest("x",
                                                                                    zone=zone)))}

    assert served("42") == {"#sme"}
    assert served("Loire") == {"#sme"}
    assert served("03") == served("Allier") == {"#spl", "#noinsee"}
    assert served("Saint-Pierre-Laval") == {"#spl", "#noinsee"}
    assert served("42620") == served("Auvergne-Rhône-Alpes") == {"#spl", "#sme", "#noinsee"}
    app.close()


def test_an_empty_store_answers_with_a_warning(tmp_path):
    app = build_matching(Settings(cache_dir=tmp_path, embedder="fake", ranker="deterministic"),
                         database_url=f"sqlite:///{tmp_path / 'empty.sqlite'}")
    res = app.match(EventRequest("gala"))
    assert res.recommended == () and "aucun membre dans la base" in res.warnings[0]
    app.close()


def test_a_place_named_in_the_description_is_the_zone_and_is_said(app):
    """Issue 16: « … près de Bourges » without a zone searched all of France, silently."""
    read = app.match(EventRequest("concert de jazz près de Bourges"))
    given = app.match(EventRequest("concert de jazz près de Bourges", zone="Bourges",
                                   radius_km=30))
    assert read.zone == given.zone == "Bourges (18)"
    assert (read.zone_source, read.zone_words) == ("description", "près de Bourges")
    assert (given.zone_source, given.zone_words) == ("request", "Bourges")
    assert [s.code for s in read.recommended + read.compatible] == [
        s.code for s in given.recommended + given.compatible]
    assert read.warnings[0].startswith("zone lue dans la description : « près de Bourges » → "
                                       "Bourges (18) dans un rayon de 30 km")
    assert ("zone-from-description", "près de Bourges") in {(n.type, n.text)
                                                            for n in read.notices}
    assert not [w for w in given.warnings if w.startswith("zone lue")]
    assert not [n for n in given.notices if n.type.startswith("zone")]
    found = app.search(EventRequest("concert de jazz près de Bourges"))
    assert (found.zone, found.zone_source, found.zone_words) == (
        "Bourges (18)", "description", "près de Bourges")
    unknown = app.match(EventRequest("concert de jazz en Provence"))
    assert unknown.zone is None and unknown.zone_source is None
    assert [n.type for n in unknown.notices][:1] == ["zone-not-understood"]
