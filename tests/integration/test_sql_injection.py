"""Hostile text through every field of a request, a feedback and a member lookup, on SQLite and
on a real PostgreSQL: stored and read back verbatim, never executed, nothing else touched.

The request goes through the one request schema (the API's body) into the whole matching
service: stage 1 SQL, the search log, feedback, stats, similar requests, member lookups.
"""

from __future__ import annotations

import pytest

from grace.bootstrap import MatchingApp, build_matching
from grace.config import Settings
from grace.errors import MemberValidationError, UnknownSearchError, ZoneError
from grace.matching.application.request_schema import SearchBody, parse_body
from tests.matching_support.data import random_members
from tests.matching_support.pg import fresh_database

PAYLOADS = [
    "'; DROP TABLE member; --",
    "x' OR '1'='1",
    '" OR ""="',
    "1; DELETE FROM search_log WHERE 1=1; --",
    "%s %(x)s ? $1 :name",
    "') UNION SELECT code, id FROM member --",
    "\\'; SELECT pg_sleep(30); --",
    "a\u2019b « c » \\x00 \\\\",
]
CODES = ["#A1'--", "#1 OR 1=1", "#%s", "#'; DROP TABLE member; --"]


@pytest.fixture(params=["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
def app(request, tmp_path):
    if request.param == "sqlite":
        url = f"sqlite:///{tmp_path / 'm.sqlite'}"
    else:
        url = fresh_database(request.getfixturevalue("pg_server"))
    a = build_matching(Settings(cache_dir=tmp_path, embedder="fake", ranker="deterministic"),
                       database_url=url)
    members, cal = random_members(60, seed=9)
    a.repo.upsert_members(members)
    a.repo.set_availability(cal)
    a.worker()()
    yield a
    a.close()


def _intact(app: MatchingApp, searches: int) -> None:
    assert app.repo.count() == 60
    assert app.repo.get("#100") is not None
    assert app.match.stats().searches == searches


@pytest.mark.parametrize("payload", PAYLOADS, ids=range(len(PAYLOADS)))
def test_hostile_text_in_every_field_is_data(app, payload):
    body = parse_body({"description": f"gala {payload}", "extra": payload, "format": "seated",
                       "headcount": 10, "budget_min_eur": 0, "budget_max_eur": 100_000,
                       "zone": "47.0,2.0", "radius_km": 400, "dates": ["2027-06-01"]},
                      SearchBody)
    res = app.match(body.to_request())
    assert res.mode == "pipeline" and res.recommended
    rec = app.match.search_record(res.search_id)
    assert rec is not None
    assert rec.request["description"] == f"gala {payload}" and rec.request["extra"] == payload
    code = res.recommended[0].code
    fb = app.match.feedback(res.search_id, code, "kept", comment=payload)
    assert fb.comment == payload
    again = app.match(body.to_request())
    assert [p.search_id for p in again.similar_requests] == [res.search_id]
    with pytest.raises(ZoneError):
        app.match(parse_body({"description": "gala", "zone": payload}, SearchBody).to_request())
    with pytest.raises(MemberValidationError):
        app.match.member(payload)
    assert app.repo.get(payload) is None and app.repo.ids_for([payload, "#100"]) == {"#100": 1}
    with pytest.raises(UnknownSearchError):
        app.match.feedback(res.search_id, payload, "kept")
    with pytest.raises(UnknownSearchError):
        app.match.feedback(payload, code, "kept")
    assert app.match.search_record(payload) is None
    _intact(app, searches=2)


def test_hostile_codes_are_refused_or_unknown(app):
    for code in CODES:
        with pytest.raises(MemberValidationError, match="member code"):
            parse_body({"description": "gala", "codes": [code]}, SearchBody).to_request()
    res = app.match(parse_body({"description": "ces deux-là", "codes": ["#100", "#ZZ_1-2"]},
                               SearchBody).to_request())
    assert res.mode == "explicit" and list(res.unknown_codes) == ["#ZZ_1-2"]
    assert app.repo.ids_for(CODES) == {}
    _intact(app, searches=1)



@pytest.mark.parametrize("text", ["gala\x00; DROP TABLE member", "gala \ud800 seul"],
                         ids=["nul", "lone-surrogate"])
def test_text_a_database_cannot_hold_is_data_or_refused_never_a_store_error(app, text):
    """PostgreSQL text cannot hold NUL, and no UTF-8 a lone surrogate: in a request or a
    feedback comment, such text is kept (JSON-escaped) or refused with the field named (a 422
    at the API), never a store error (503) or a traceback (500)."""
    try:
        request = parse_body({"description": text, "extra": text}, SearchBody).to_request()
    except MemberValidationError as exc:
        assert "description" in str(exc)  # noqa: PT017 - refused is fine, named field
        request = parse_body({"description": "gala"}, SearchBody).to_request()
    res = app.match(request)
    assert app.match.search_record(res.search_id) is not None
    try:
        fb = app.match.feedback(res.search_id, res.recommended[0].code, "kept", comment=text)
    except MemberValidationError as exc:
        assert "comment" in str(exc)  # noqa: PT017 - refused is fine, named field
    else:
        assert app.match.stats().kept == 1 and fb.comment == text
    _intact(app, searches=1)
