import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from grace.errors import (
    BudgetError,
    InputTooLargeError,
    InvalidIdError,
    InvalidPathError,
    InvalidTextError,
    UnknownRoleError,
)
from grace.resolution.application.resolve_context import ResolveContext
from grace.resolution.domain.graph import DependencyGraph
from grace.resolution.domain.talent import Project
from tests.fakes import InMemoryCatalog, InMemoryWorkTree, WordCounter, make_talent


def resolve(talents, enabled, *, role="backend", task="", depth="auto", budget=100_000,
            languages=(), files=()):
    uc = ResolveContext(InMemoryCatalog(talents), WordCounter())
    return uc(Project("p", tuple(enabled), languages=tuple(languages)), role=role, task=task,
              depth=depth, token_budget=budget, files=files)


def reasons(result):
    return {d.id: d.reason for d in result.dropped}


def test_steps_active_role_filter_and_drop_reasons():
    talents = [
        make_talent("a"),
        make_talent("draft", status="draft"),
        make_talent("front", agents={"frontend": "required"}),
        make_talent("off"),
    ]
    r = resolve(talents, ["a", "draft", "front", "ghost"])
    assert r.served_ids == ("a",)
    assert reasons(r) == {
        "draft": "draft", "front": "role", "off": "not_enabled", "ghost": "unknown",
    }


def test_order_triggers_then_rank_then_priority_then_name():
    talents = [
        make_talent("opt", agents={"backend": "optional"}, priority=99),
        make_talent("req-low", agents={"backend": "required"}, priority=10, name="Zed"),
        make_talent("req-high", agents={"backend": "required"}, priority=90),
        make_talent("req-low2", agents={"backend": "required"}, priority=10, name="Alpha"),
        make_talent("trig", agents={"backend": "optional"}, triggers=("repository",)),
        make_talent("trig2", agents={"backend": "optional"}, triggers=("repository", "sql")),
    ]
    r = resolve(talents, [t.id for t in talents], task="Write the SQL repository")
    assert r.served_ids == ("trig2", "trig", "req-high", "req-low2", "req-low", "opt")
    assert r.served[0].triggers == ("repository", "sql")


def test_closure_readds_required_talents_of_other_roles_and_reports_missing():
    talents = [
        make_talent("hexa", requires=("uc", "vo", "missing")),
        make_talent("uc", agents={"architect": "required"}),
        make_talent("vo", agents={"architect": "required"}),
        make_talent("missing"),
    ]
    r = resolve(talents, ["hexa", "uc", "vo"])
    assert set(r.served_ids) == {"hexa", "uc", "vo"}
    by_id = {s.id: s for s in r.served}
    assert by_id["uc"].via == "closure" and by_id["uc"].required_by == ("hexa",)
    assert by_id["uc"].rank is None
    assert r.graph.missing_prerequisites == (("hexa", "missing"),)
    assert reasons(r)["missing"] == "not_enabled"
    assert "required by hexa" in next(d.detail for d in r.dropped if d.id == "missing")


def test_conflict_keeps_the_higher_ranked_side_deterministically():
    talents = [
        make_talent("redux", priority=40, conflicts=("signals",)),
        make_talent("signals", priority=60),
        make_talent("uses-redux", priority=50, requires=("redux",)),
    ]
    r = resolve(talents, ["redux", "signals", "uses-redux"])
    assert r.served_ids == ("signals",)
    assert reasons(r) == {"redux": "conflict", "uses-redux": "conflict"}
    assert ("signals", "uses-redux") in r.graph.conflicts


def test_cycles_are_reported_not_fatal():
    talents = [make_talent("a", requires=("b",)), make_talent("b", requires=("a",))]
    r = resolve(talents, ["a", "b"])
    assert set(r.served_ids) == {"a", "b"}
    assert r.graph.cycles == (("a", "b"),)


def test_auto_depth_serves_the_deepest_that_fits_higher_ranked_first():
    talents = [
        make_talent("first", priority=90, size=10),
        make_talent("second", priority=50, size=10),
    ]
    roomy = resolve(talents, ["first", "second"], budget=100_000)
    assert [s.depth for s in roomy.served] == ["full", "full"]
    tight = resolve(talents, ["first", "second"], budget=roomy.tokens - 10)
    assert [s.depth for s in tight.served] == ["full", "standard"]
    assert tight.tokens <= roomy.tokens - 10


def test_lowest_ranked_are_dropped_for_budget_when_compact_does_not_fit():
    talents = [make_talent(f"t{i}", priority=90 - i, size=30) for i in range(5)]
    r = resolve(talents, [t.id for t in talents], budget=150)
    assert r.tokens <= 150
    kept = r.served_ids
    assert kept == tuple(f"t{i}" for i in range(len(kept)))
    assert all(reasons(r)[f"t{i}"] == "budget" for i in range(len(kept), 5))


def test_fixed_depth_is_respected():
    talents = [make_talent("a"), make_talent("b")]
    r = resolve(talents, ["a", "b"], depth="compact")
    assert {s.depth for s in r.served} == {"compact"}
    assert any(p.depth == "full" for p in r.pointers)


def test_pointers_are_filtered_by_role_and_language():
    from grace.resolution.domain.talent import SectionRef

    t = make_talent(
        "a",
        sections=(
            SectionRef("ts", "TS example", languages=("typescript",)),
            SectionRef("py", "Python example", languages=("python",)),
            SectionRef("rev", "Review checklist", roles=("reviewer",)),
            SectionRef("all", "Always"),
        ),
    )
    r = resolve([t], ["a"], depth="standard", languages=["python"])
    assert [p.section for p in r.pointers] == ["py", "all", None]
    assert 'grace_get("a", section="py")' in r.markdown


def test_recommended_not_enabled_section():
    talents = [make_talent("a", recommends=("adr", "b", "ghost")), make_talent("adr"),
               make_talent("b")]
    r = resolve(talents, ["a", "b"])
    assert [x.id for x in r.recommended] == ["adr"]
    assert "## Recommended, not enabled" in r.markdown


def test_an_unreadable_manifest_is_said_not_taken_for_a_missing_talent():
    """A broken talent.yaml was dropped as "enabled in the project but not in the catalog",
    without a warning (a new user's trial); ``grace doctor`` said why, ``resolve`` did not."""
    catalog = InMemoryCatalog([make_talent("a")], problems=[
        ("/repo/.grace/catalog/b/talent.yaml", "line 2: invalid YAML:\n  did not find ']'")])
    r = ResolveContext(catalog, WordCounter())(Project("p", ("a", "b", "c")), role="backend",
                                               task="", token_budget=100_000)
    why = {d.id: d.detail for d in r.dropped}
    assert why["b"] == ("its manifest could not be read (line 2: invalid YAML: did not find "
                        "']'): `grace doctor` lists it")
    assert why["c"] == "enabled in the project but not in the catalog"
    assert r.warnings == ("1 enabled talent(s) not served, their manifest could not be read: b "
                          "(`grace doctor` says why)",)


def test_bad_inputs_are_clear_errors():
    talents = [make_talent("a")]
    with pytest.raises(UnknownRoleError, match="backend"):
        resolve(talents, ["a"], role="designer")
    with pytest.raises(InvalidIdError):
        resolve(talents, ["a"], role="../x")
    with pytest.raises(InputTooLargeError):
        resolve(talents, ["a"], task="x" * 50_001)
    with pytest.raises(BudgetError, match="header"):
        resolve(talents, ["a"], budget=3)
    # bytes that were not UTF-8 (argv decoded with surrogateescape), a JSON "\ud800"
    with pytest.raises(InvalidTextError, match="byte 0xEA at character 15"):
        resolve(talents, ["a"], task=b"Corrige la requ\xeate".decode("utf-8", "surrogateescape"))
    with pytest.raises(InvalidTextError, match="lone surrogate"):
        resolve(talents, ["a"], task="x\ud800")
    # a file name that is not UTF-8 is named (escaped), and called a path, not text
    with pytest.raises(InvalidTextError, match=r"path of a file in play, app/\\xff\.py, is "
                       "not valid UTF-8 \\(byte 0xFF"):
        resolve(talents, ["a"], files=[b"app/\xff.py".decode("utf-8", "surrogateescape")])


# --- properties ---------------------------------------------------------------------------

ids = [f"t{i}" for i in range(8)]


@st.composite
def catalogs(draw):
    talents = []
    for i, tid in enumerate(ids):
        later = ids[i + 1:]
        requires = tuple(draw(st.lists(st.sampled_from(later), max_size=2, unique=True))) \
            if later else ()
        includes = tuple(draw(st.lists(st.sampled_from(ids), max_size=1, unique=True)))
        conflicts = tuple(draw(st.lists(st.sampled_from(ids), max_size=1, unique=True)))
        role = draw(st.sampled_from(["required", "recommended", "optional", None]))
        talents.append(make_talent(
            tid,
            requires=requires,
            includes=tuple(x for x in includes if x != tid),
            conflicts=tuple(x for x in conflicts if x != tid),
            agents={"backend": role, "tester": "optional"} if role else {"tester": "optional"},
            priority=draw(st.integers(0, 100)),
            size=draw(st.integers(1, 40)),
            triggers=tuple(draw(st.lists(st.sampled_from(["sql", "api", "form"]), max_size=2))),
            status=draw(st.sampled_from(["stable", "stable", "draft"])),
        ))
    enabled = draw(st.lists(st.sampled_from(ids), unique=True))
    return talents, enabled


@settings(max_examples=150, deadline=None)
@given(catalogs(), st.integers(30, 2000), st.sampled_from(["auto", "compact", "standard", "full"]),
       st.sampled_from(["", "fix the sql api", "a form"]))
def test_never_over_budget_closed_and_deterministic(cat, budget, depth, task):
    talents, enabled = cat
    r = resolve(talents, enabled, budget=budget, depth=depth, task=task)
    assert r.tokens <= budget
    assert WordCounter().count(r.markdown) == r.tokens
    served = set(r.served_ids)
    by_id = {t.id: t for t in talents}
    active = {t for t in enabled if by_id[t].status != "draft"}
    graph = DependencyGraph(by_id)
    assert set(graph.closure(served, within=active)) == served
    assert served <= active
    again = resolve(talents, list(reversed(enabled)), budget=budget, depth=depth, task=task)
    assert again.markdown == r.markdown and again.dropped == r.dropped
    # every talent of the catalog is either served or dropped with a reason, never both
    assert served.isdisjoint({d.id for d in r.dropped})
    assert served | {d.id for d in r.dropped} == set(ids) | set(enabled)


def test_files_in_play_are_located_under_the_root_when_one_is_given():
    tree = InMemoryWorkTree({"app/x.py": "present", "app/link.py": "outside"})
    uc = ResolveContext(InMemoryCatalog([make_talent("a.b")]), WordCounter(), tree=tree)
    project = Project("p", ("a.b",))
    r = uc(project, role="backend", task="", token_budget=1000, root="/repo",
           files=["/repo/app/x.py", "app/new.py"])
    assert r.files == ("app/x.py", "app/new.py") and r.served_ids == ("a.b",)
    assert r.warnings == ("file in play app/new.py does not exist (kept: its name still selects "
                          "talents by glob and language)",)
    assert tree.located == [("/repo", "app/x.py"), ("/repo", "app/new.py")]
    with pytest.raises(InvalidPathError, match=r"'app/link\.py' is outside the repository /repo"):
        uc(project, role="backend", task="", token_budget=1000, root="/repo",
           files=["app/link.py"])
    tree.located.clear()
    r = uc(project, role="backend", task="", token_budget=1000, files=["app/new.py"])
    assert r.warnings == () and tree.located == []  # no root (a platform project): names only
    # a missing "file" that reads as a sentence is the task in the wrong place (a new user's
    # trial: it selected talents by its words); a name with spaces and an extension is a file
    with pytest.raises(InvalidPathError, match="reads as a sentence, not a path"):
        uc(project, role="backend", task="", token_budget=1000, root="/repo",
           files=["Comment faire une bonne pâte à crêpes ?"])
    r = uc(project, role="backend", task="", token_budget=1000, root="/repo",
           files=["Design notes for q3.md"])
    assert "does not exist (kept" in r.warnings[0]
    # a typo of a file that exists is suggested (a new user's trial: it passed silently)
    r = uc(project, role="backend", task="", token_budget=1000, root="/repo",
           files=["app/xx.py", "app/y.py"])
    assert r.warnings[0].endswith("glob and language); did you mean app/x.py?")
    assert "did you mean" not in r.warnings[1]
