"""Property: a member survives the store's row codec unchanged (both backends share it)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from grace.matching.adapters.sql_common import (
    COLUMNS,
    TEXT_COLUMNS,
    member_params,
    pending_item,
    row_to_member,
)
from grace.matching.domain.model import (
    BudgetRange,
    Capacities,
    KnowledgeEntry,
    Member,
    Room,
)
from grace.matching.domain.texts import member_text, member_text_hash

# Storable text: every character but NUL and lone surrogates (refused by the domain, tested in
# tests/integration/test_sql_injection.py).
chars = st.characters(exclude_categories=["Cs"], exclude_characters="\x00")
text = st.text(chars, min_size=1, max_size=40).filter(str.strip)
count = st.none() | st.integers(0, 100_000)


@st.composite
def members(draw: st.DrawFn) -> Member:
    lo = draw(count)
    hi = draw(st.none() | st.integers(lo or 0, 200_000))
    located = draw(st.booleans())
    return Member(
        code="#" + draw(st.from_regex(r"[A-Za-z0-9][A-Za-z0-9_-]{0,10}", fullmatch=True)),
        name=draw(text), description=draw(st.text(chars, max_size=80)),
        postal_code=draw(st.from_regex(r"[0-9]{5}", fullmatch=True)), commune=draw(text),
        latitude=draw(st.floats(-90, 90)) if located else None,
        longitude=draw(st.floats(-180, 180)) if located else None,
        tags=tuple(draw(st.lists(text, max_size=3))),
        status=draw(st.sampled_from(["active", "inactive"])),
        capacity=Capacities(draw(count), draw(count), draw(count), draw(count)),
        budget=BudgetRange(lo, hi),
        rooms=tuple(Room(draw(text), draw(st.text(chars, max_size=20)), draw(count))
                    for _ in range(draw(st.integers(0, 2)))),
        knowledge=tuple(KnowledgeEntry(t) for t in draw(st.lists(text, max_size=2))),
        generated=tuple(draw(st.lists(st.sampled_from(["budget", "availability", "all"]),
                                      max_size=2, unique=True))),
        departement=draw(st.none() | st.sampled_from(["01", "03", "2A", "42", "95", "974"])),
    )


@settings(max_examples=200, deadline=None)
@given(members())
def test_row_codec_round_trips(m: Member) -> None:
    params = member_params(m)
    assert row_to_member(params[:-1]) == m
    assert len(params[-1]) == 64  # sha256 of the embedded text


@settings(max_examples=200, deadline=None)
@given(members())
def test_the_outbox_composes_the_member_text_from_its_stored_columns(m: Member) -> None:
    # pending() reads TEXT_COLUMNS, not the whole member (decision 0018, "Bulk writes"): the
    # text it embeds must be member_text of the member, character for character
    stored = dict(zip(COLUMNS, member_params(m), strict=True)) | {"id": 7}
    item = pending_item([stored[c] for c in TEXT_COLUMNS])
    assert (item.member_id, item.text, item.text_hash) == (7, member_text(m),
                                                           member_text_hash(m))
