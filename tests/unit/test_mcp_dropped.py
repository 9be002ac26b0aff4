"""What ``grace_resolve_context``'s structured result names of the dropped talents."""

from grace.entrypoints.mcp_server import MAX_DROPPED_LISTED, dropped_for_agent


def test_ids_left_off_or_cut_by_relevance_are_counted_not_named():
    reasons = {"a.lang": "language", "b.off": "not_enabled", "c.cut": "relevance",
               "d.role": "role", "e.draft": "draft"}
    assert dropped_for_agent(reasons) == {"a.lang": "language", "d.role": "role",
                                          "e.draft": "draft"}


def test_at_most_max_dropped_listed_ids_are_named_in_order():
    reasons = {f"t.{i:03d}": "budget" for i in range(MAX_DROPPED_LISTED + 7)}
    listed = dropped_for_agent(reasons)
    assert list(listed) == [f"t.{i:03d}" for i in range(MAX_DROPPED_LISTED)]
