"""Cross-cutting concerns: which a task is the work of, which rules a concern names
(:func:`~grace.resolution.application.hybrid.task_concerns`,
:func:`~grace.resolution.application.hybrid.concern_names`; decision 0010, eighteenth
follow-up)."""

from __future__ import annotations

import numpy as np

from grace.resolution.application.hybrid import (
    CONCERN_MARGIN,
    CONCERN_SAID_MARGIN,
    concern_names,
    task_concerns,
)
from grace.resolution.application.probes import CONCERN_REFERENCE, CONCERNS, SOFTWARE_REQUESTS


def cosines(**best: float) -> np.ndarray:
    """Raw cosines with CONCERN_REFERENCE: 0.5 everywhere, ``best[label]`` on the first
    request of each label named (``generic`` for the generic requests)."""
    out = np.full(len(CONCERN_REFERENCE), 0.5)
    for label, value in best.items():
        key = "" if label == "generic" else label
        out[next(i for i, (c, _) in enumerate(CONCERN_REFERENCE) if c == key)] = value
    return out


def test_the_reference_holds_every_concern_s_requests_then_the_other_software_requests():
    labels = [c for c, _ in CONCERN_REFERENCE]
    assert set(labels) == {"", *CONCERNS}
    assert labels.index("") == sum(len(c.requests) for c in CONCERNS.values())
    generic = [r for c, r in CONCERN_REFERENCE if not c]
    assert set(generic) < set(SOFTWARE_REQUESTS)
    assert "Fix the security hole in the login code" not in generic  # security's


def test_a_task_is_a_concern_s_work_by_its_nearest_request_or_by_saying_it():
    lead = cosines(security=0.9, generic=0.9 - CONCERN_MARGIN)
    found = task_concerns(lead, set())
    assert list(found) == ["security"]
    assert found["security"].startswith("nearest kind of request: «")
    assert task_concerns(cosines(security=0.9, generic=0.9 - CONCERN_MARGIN / 2), set()) == {}
    # said, and near enough: « Sécuriser l'accès … » says it in French
    said = cosines(security=0.9, generic=0.9 - CONCERN_SAID_MARGIN / 2)  # -0.005
    assert task_concerns(said, {"securiser", "acces"}) == {
        "security": "the task says securiser"}
    assert task_concerns(cosines(security=0.8, generic=0.9), {"security"}) == {}
    # a class of vulnerability says security too (« Corrige la faille XSS »)
    assert task_concerns(said, {"corrige", "la", "xss"}) == {"security": "the task says xss"}
    assert task_concerns(said, {"review", "the", "authorization"}) == {
        "security": "the task says authorization"}
    # « Relire le code … » asks for a review in French (a new user's Expo review was missed)
    reviewed = cosines(review=0.9, generic=0.9 - CONCERN_SAID_MARGIN / 2)
    assert task_concerns(reviewed, {"relire", "le", "code"}) == {
        "review": "the task says relire"}
    # two concerns at once
    both = cosines(security=0.9, review=0.9, generic=0.8)
    assert set(task_concerns(both, set())) == {"security", "review"}


def test_a_rule_says_the_concerns_its_name_holds_and_its_other_subject():
    names = [("security", "and", "owasp"), ("mcp", "security", "audit"),
             ("security", "devsecops", "ssdls", "appsec"), ("code", "review", "generic"),
             ("nextjs",), ("security", "review")]
    found = concern_names(names)
    assert found[0] == (frozenset({"security"}), 2, ())
    held, marks, rest = found[1]
    assert held == {"security"} and marks == 1 and len(rest) == 2  # mcp, audit
    assert found[2][:2] == (frozenset({"security"}), 3) and len(found[2][2]) == 1
    assert found[3] == (frozenset({"review"}), 1, ())
    assert 4 not in found
    assert found[5][0] == {"security", "review"}


def test_a_mark_with_digits_is_found_among_the_name_s_own_words():
    """Copilot's "A11y" is the accessibility rule: ``a11y`` is no word of letters, so the name
    words the stack channel reads leave it out; the marks are looked for among every word of
    the name and id (a new user's « Rendre le formulaire … accessible » missed it)."""
    names = [(), ("markdown", "accessibility")]
    marked = [("a11y", "a11y"), ("markdown", "accessibility")]
    assert concern_names(names) == {1: (frozenset({"accessibility"}), 1, (
        frozenset({"markdown"}),))}
    found = concern_names(names, marked)
    assert found[0] == (frozenset({"accessibility"}), 1, ())
    assert found[1][:2] == (frozenset({"accessibility"}), 1)


def test_a_subject_is_named_by_its_rare_words_else_by_what_is_no_kind_of_program():
    """``subject_words``: "HTTP server" does not name "Go MCP Server" where ``mcp`` is no
    name term (many skills speak of MCP; decision 0010, eighteenth follow-up)."""
    from grace.resolution.application.hybrid import subject_words

    assert subject_words(("mcp", "server"), ("mcp",)) == ("mcp",)
    assert subject_words(("mcp", "server"), ()) == ("mcp",)
    assert subject_words(("server",), ()) == ("server",)
    assert subject_words(("zustand",), ()) == ("zustand",)
