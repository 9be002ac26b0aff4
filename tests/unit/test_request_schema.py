"""One request schema for the HTTP API, MCP and the CLI (matching/application/request_schema)."""

from __future__ import annotations

from datetime import date

import pytest

from grace.errors import MemberValidationError
from grace.matching.application.request_schema import (
    EXAMPLE,
    SearchBody,
    SimilarBody,
    parse_body,
    parse_budget,
    request_from_document,
)
from grace.matching.domain.model import BudgetRange


def test_the_api_example_is_a_valid_document():
    r = request_from_document(EXAMPLE)
    assert r.budget == BudgetRange(2000, 8000) and r.dates == (date(2027, 6, 12),)
    assert r.zone == "Bretagne" and r.format == "standing" and r.headcount == 300
    assert r == SearchBody.model_validate(EXAMPLE).to_request()


@pytest.mark.parametrize(("budget", "bounds"), [
    ("5000", (None, 5000)), ("2000-5000", (2000, 5000)), ("2000-", (2000, None)),
    (" 2 000 € - 5 000 € ", (2000, 5000)), (5000, (None, 5000)),
    ({"min_eur": 30000, "max_eur": None}, (30000, None)), (None, (None, None)),
])
def test_a_document_may_give_budget_as_the_cli_shorthand_or_the_logged_layout(budget, bounds):
    r = request_from_document({"description": "gala", "budget": budget})
    assert (r.budget.min_eur, r.budget.max_eur) == bounds


@pytest.mark.parametrize(("doc", "needle"), [
    ([], "JSON object"),
    ({"description": "gala", "budget": "2000-", "budget_max_eur": 10}, "not both"),
    ({"description": "gala", "budget": {"min_eur": 1, "currency": "€"}}, "currency"),
    ({"description": "gala", "budget": [1, 2]}, "budget"),
    ({"description": "gala", "budget": "beaucoup"}, "MIN-MAX"),
    ({"description": "gala", "budjet": 5}, "unknown field(s) budjet (allowed: "),
    ({"description": "gala", "zone": 35}, "zone"),
    ({"description": "gala", "dates": ["12/06/2027"]}, "dates.0: a date is text like"),
    ({"description": "gala", "headcount": "300"}, "headcount"),
    ({"description": "gala", "budget_min_eur": 9, "budget_max_eur": 1}, "min_eur"),
    ({"description": "gala", "radius_km": 10}, "radius_km"),
    ({"extra": "x"}, "description"),
])
def test_a_bad_document_names_the_field(doc, needle):
    with pytest.raises(MemberValidationError, match=r"^f\.json: ") as err:
        request_from_document(doc, where="f.json")
    assert needle in str(err.value)


def test_parse_body_validates_the_model_it_is_given():
    assert parse_body({**EXAMPLE, "k": 3}, SimilarBody).k == 3
    with pytest.raises(MemberValidationError, match="k: "):
        parse_body({**EXAMPLE, "k": 21}, SimilarBody)
    with pytest.raises(MemberValidationError, match="unknown field"):
        parse_body({**EXAMPLE, "k": 3}, SearchBody)


def test_dates_from_python_are_taken_timestamps_are_not():
    body = parse_body({"description": "x", "dates": [date(2027, 6, 12), "2027-06-13"]},
                      SearchBody)
    assert body.to_request().dates == (date(2027, 6, 12), date(2027, 6, 13))
    with pytest.raises(MemberValidationError, match="dates"):
        parse_body({"description": "x", "dates": ["2027-06-12T00:00:00"]}, SearchBody)


def test_budget_shorthand_refuses_what_it_cannot_read():
    assert parse_budget("0-0") == BudgetRange(0, 0)
    for text in ("-", "", "a-b", "5000-1000"):
        with pytest.raises(MemberValidationError):
            parse_budget(text)
