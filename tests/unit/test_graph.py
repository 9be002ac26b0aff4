from grace.resolution.domain.graph import DependencyGraph
from tests.fakes import make_talent


def graph(*talents):
    return DependencyGraph({t.id: t for t in talents})


def test_closure_follows_requires_and_includes_within_the_active_set():
    g = graph(
        make_talent("a", requires=("b",), includes=("c",)),
        make_talent("b", requires=("d",)),
        make_talent("c"),
        make_talent("d"),
        make_talent("e"),
    )
    assert g.closure(["a"], within={"a", "b", "c", "d", "e"}) == ["a", "b", "c", "d"]
    assert g.closure(["a"], within={"a", "b", "c"}) == ["a", "b", "c"]
    assert g.closure(["x"], within={"a"}) == []


def test_closure_terminates_on_cycles():
    g = graph(make_talent("a", requires=("b",)), make_talent("b", requires=("a",)))
    assert g.closure(["a"], within={"a", "b"}) == ["a", "b"]


def test_missing_prerequisites_name_the_requirer_and_the_edge():
    g = graph(
        make_talent("a", requires=("b",), includes=("c",)), make_talent("b"), make_talent("c")
    )
    found = g.missing_prerequisites({"a"})
    assert [(m.talent, m.missing, m.edge) for m in found] == [
        ("a", "b", "requires"),
        ("a", "c", "includes"),
    ]


def test_unknown_references_cover_every_link_field():
    g = graph(
        make_talent(
            "a", requires=("x1",), includes=("x2",), conflicts=("x3",), recommends=("x4",)
        )
    )
    assert {(u.field, u.unknown) for u in g.unknown_references(["a"])} == {
        ("requires", "x1"),
        ("includes", "x2"),
        ("conflicts", "x3"),
        ("recommends", "x4"),
    }


def test_cycles_are_found_once_each_and_self_loops_count():
    g = graph(
        make_talent("a", requires=("b",)),
        make_talent("b", requires=("c",)),
        make_talent("c", requires=("a",)),
        make_talent("d", requires=("d",)),
        make_talent("e", requires=("a",)),
    )
    assert g.cycles({"a", "b", "c", "d", "e"}) == [["a", "b", "c"], ["d"]]


def test_cycles_on_a_long_chain_do_not_hit_the_recursion_limit():
    n = 5000
    talents = [make_talent(f"t{i}", requires=(f"t{i + 1}",)) for i in range(n)]
    talents.append(make_talent(f"t{n}", requires=("t0",)))
    g = graph(*talents)
    cycles = g.cycles({t.id for t in talents})
    assert len(cycles) == 1 and len(cycles[0]) == n + 1


def test_conflicts_are_symmetric_and_reported_once():
    g = graph(make_talent("a", conflicts=("b",)), make_talent("b", conflicts=("a",)))
    assert [(c.first, c.second) for c in g.conflicts({"a", "b"})] == [("a", "b")]
    assert g.conflicts({"a"}) == []


def test_init_default_selection_skips_the_lower_priority_side_of_a_conflict():
    from grace.resolution.application.catalog_queries import default_selection

    talents = [
        make_talent("orm", priority=40, conflicts=("repo",)),
        make_talent("repo", priority=70),
        make_talent("wip", status="draft"),
        make_talent("other"),
    ]
    assert default_selection(talents) == ["other", "repo"]
