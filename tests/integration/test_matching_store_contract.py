"""One contract, two stores: SQLite and a real PostgreSQL + pgvector (started by pgserver)."""

from __future__ import annotations

import dataclasses
from collections import defaultdict
from datetime import date, timedelta

import numpy as np
import pytest

from grace.bootstrap import open_member_store
from grace.embedding.fake import FakeEmbedder
from grace.errors import MemberStoreError, MemberValidationError
from grace.matching.application.embed_worker import EmbedMembers
from grace.matching.domain.filters import HardFilter, Zone, passes
from grace.matching.domain.geo import Circle
from grace.matching.domain.model import Availability, BudgetRange, Member
from grace.matching.domain.ports import MemberRepository, PendingEmbedding
from grace.matching.domain.texts import member_text, member_text_hash
from tests.matching_support.data import DAY0, random_members
from tests.matching_support.pg import fresh_database

KEY = "test-model"


@pytest.fixture(params=["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
def repo(request, tmp_path):
    if request.param == "sqlite":
        store = open_member_store(f"sqlite:///{tmp_path / 'members.sqlite'}")
    else:
        store = open_member_store(fresh_database(request.getfixturevalue("pg_server")))
    yield store
    store.close()


@pytest.fixture(scope="module")
def seeded():
    return random_members(300, seed=11)


def _load(repo: MemberRepository, members, cal) -> dict[str, int]:
    repo.upsert_members(members)
    repo.set_availability(cal)
    return repo.ids_for([m.code for m in members])


def _oracle(members, cal, f: HardFilter, ids: dict[str, int]) -> list[int]:
    days: dict[str, dict[date, bool]] = defaultdict(dict)
    for a in cal:
        days[a.code][a.day] = a.available
    return sorted(ids[m.code] for m in members if passes(m, days[m.code], f))


FILTERS = [
    HardFilter(),
    HardFilter(format="seated", headcount=200),
    HardFilter(format="meeting", headcount=100, unknown="drop"),
    HardFilter(budget=BudgetRange(1000, 3000)),
    HardFilter(budget=BudgetRange(None, 500), unknown="drop"),
    HardFilter(budget=BudgetRange(6000, None)),
    HardFilter(dates=(DAY0, DAY0 + timedelta(3))),
    HardFilter(dates=(DAY0 + timedelta(1),), unknown="drop"),
    HardFilter(zone=Zone("point", "p", frozenset(), (47.0, 2.0), Circle(47.0, 2.0, 150.0)),
               format="standing", headcount=50, budget=BudgetRange(500, 4000),
               dates=(DAY0 + timedelta(2),)),
]


@pytest.mark.parametrize("f", FILTERS, ids=range(len(FILTERS)))
def test_stage1_equals_the_naive_reference(repo, seeded, f):
    members, cal = seeded
    ids = _load(repo, members, cal)
    assert repo.stage1(f) == _oracle(members, cal, f, ids)


def test_postal_code_zone_keeps_leading_zero_and_corsica(repo):
    base = random_members(3, seed=1)[0]
    ms = [dataclasses.replace(base[0], code="#1", postal_code="01220", status="active"),
          dataclasses.replace(base[1], code="#2", postal_code="20000", status="active"),
          dataclasses.replace(base[2], code="#3", postal_code="97400", status="active")]
    ids = _load(repo, ms, [])
    for code, want in (("01220", "#1"), ("20000", "#2"), ("97400", "#3")):
        z = Zone("postal_code", code, frozenset({code}), (0.0, 0.0))
        assert repo.stage1(HardFilter(zone=z)) == [ids[want]]
    assert repo.get("#1").postal_code == "01220"


def test_the_insee_departement_wins_over_a_shared_postal_code(repo):
    """Issue 14, fault 6: 42620 is Saint-Pierre-Laval (03) and Saint-Martin-d'Estréaux (42)."""
    base = random_members(3, seed=1)[0]
    ms = [dataclasses.replace(b, code=f"#{i}", postal_code="42620", status="active",
                              departement=dep)
          for i, (b, dep) in enumerate(zip(base, ["03", "42", None], strict=True))]
    ids = _load(repo, ms, [])
    assert repo.get("#0").departement == "03" and repo.get("#2").departement is None
    for deps, want in ((frozenset({"42"}), ["#1", "#2"]), (frozenset({"03"}), ["#0", "#2"]),
                       (frozenset({"03", "42"}), ["#0", "#1", "#2"]),
                       (frozenset(), ["#0", "#1", "#2"])):
        f = HardFilter(zone=Zone("departement", "d", frozenset({"42620"}), (0.0, 0.0),
                                 departements=deps))
        assert repo.stage1(f) == sorted(ids[c] for c in want) == _oracle(ms, [], f, ids)


@pytest.mark.parametrize("centre", [(10.0, 179.9), (10.0, -179.9), (89.95, 0.0), (-89.9, 45.0)])
def test_radius_near_antimeridian_and_poles_loses_nobody(repo, centre):
    members, _ = random_members(200, seed=5, around=centre, spread=0.6)
    members = [dataclasses.replace(m, status="active") for m in members]
    ids = _load(repo, members, [])
    circle = Circle(centre[0], centre[1], 60.0)
    f = HardFilter(zone=Zone("point", "p", frozenset(), centre, circle))
    got = repo.stage1(f)
    assert got == _oracle(members, [], f, ids)
    assert len(got) > 5


def test_rank_is_exact_and_never_short(repo, seeded):
    members, cal = seeded
    ids = _load(repo, members, cal)
    rng = np.random.default_rng(3)
    vecs = rng.standard_normal((len(members), 16)).astype(np.float32)
    vecs /= np.linalg.norm(vecs, axis=1, keepdims=True)
    pending = repo.pending(1000)
    order = {p.member_id: i for i, p in enumerate(pending)}
    assert len(pending) == len(members)
    repo.store_embeddings(pending, vecs[[order[ids[m.code]] for m in members]], model_key=KEY)
    q = vecs[0] * 0.5 + vecs[1] * 0.5
    q /= np.linalg.norm(q)
    survivors = repo.stage1(HardFilter(format="seated", headcount=100))
    ranked = repo.rank(q, survivors, k=50, model_key=KEY)
    assert len(ranked) == min(50, len(survivors))
    row = {ids[m.code]: vecs[i] for i, m in enumerate(members)}
    expected = sorted(survivors, key=lambda i: (-float(row[i] @ q), i))[:50]
    assert [r.member_id for r in ranked] == expected
    for r in ranked:
        assert r.similarity == pytest.approx(float(row[r.member_id] @ q), abs=1e-5)
    few = survivors[:7]
    assert len(repo.rank(q, few, k=50, model_key=KEY)) == 7


def test_vectors_that_are_not_unit_length_still_rank_by_cosine_within_one(repo, seeded):
    """Issue 14, fault 5: a stored vector of norm 3 ranked with « similarité 3,00 »."""
    members, _ = seeded
    ids = _load(repo, members[:40], [])
    rng = np.random.default_rng(5)
    q = rng.standard_normal(16).astype(np.float32)
    q /= np.linalg.norm(q)
    vecs = rng.standard_normal((40, 16)).astype(np.float32)
    vecs[0] = 3 * q  # the embedder's raw output, not normalised
    vecs[1] = -0.25 * q
    vecs *= rng.uniform(0.01, 10, size=(40, 1)).astype(np.float32)
    pending = repo.pending(1000)
    order = {p.member_id: i for i, p in enumerate(pending)}
    repo.store_embeddings(pending, vecs[[order[ids[m.code]] for m in members[:40]]],
                          model_key=KEY)
    unit = vecs / np.linalg.norm(vecs, axis=1, keepdims=True)
    cosine = {ids[m.code]: float(unit[i] @ q) for i, m in enumerate(members[:40])}
    ranked = repo.rank(q, list(ids.values()), k=40, model_key=KEY)
    assert [r.member_id for r in ranked] == sorted(cosine, key=lambda i: (-cosine[i], i))
    assert all(r.similarity is not None and -1.0 <= r.similarity <= 1.0 for r in ranked)
    for r in ranked:
        assert r.similarity == pytest.approx(cosine[r.member_id], abs=1e-5)
    assert ranked[0].member_id == ids[members[0].code]
    assert ranked[0].similarity == pytest.approx(1.0, abs=1e-6)
    assert ranked[-1].member_id == ids[members[1].code]
    assert ranked[-1].similarity == pytest.approx(-1.0, abs=1e-6)


def test_a_vector_with_nan_is_refused_at_the_store_boundary(repo, seeded):
    members, _ = seeded
    _load(repo, members[:2], [])
    vecs = np.ones((2, 8), dtype=np.float32)
    vecs[1, 3] = np.nan
    with pytest.raises(MemberStoreError, match="NaN"):
        repo.store_embeddings(repo.pending(10), vecs, model_key=KEY)


def test_sqlite_rows_written_before_normalisation_rank_by_cosine(tmp_path, seeded):
    """A row stored unnormalised by an older version is normalised when read."""
    import sqlite3

    members, _ = seeded
    repo = open_member_store(f"sqlite:///{tmp_path / 'members.sqlite'}")
    ids = _load(repo, members[:3], [])
    q = np.full(4, 0.5, dtype=np.float32)
    rows = np.array([[1, 0, 0, 0], [0, 1, 0, 0], [0, 0, 1, 1]], dtype=np.float32)
    repo.store_embeddings(repo.pending(10), rows, model_key=KEY)
    db = sqlite3.connect(tmp_path / "members.sqlite")
    with db:
        db.execute("UPDATE member SET embedding = ? WHERE code = ?",
                   ((3 * q).tobytes(), members[0].code))
    db.close()
    ranked = repo.rank(q, list(ids.values()), k=3, model_key=KEY)
    repo.close()
    assert ranked[0].member_id == ids[members[0].code]
    top = ranked[0].similarity
    assert top is not None and top == pytest.approx(1.0, abs=1e-6) and top <= 1.0
    assert [round(r.similarity or 0, 4) for r in ranked[1:]] == [0.7071, 0.5]


def test_unembedded_members_come_last_and_count(repo, seeded):
    members, _ = seeded
    ids = _load(repo, members[:20], [])
    q = np.ones(8, dtype=np.float32) / np.sqrt(8)
    ranked = repo.rank(q, list(ids.values()), k=50, model_key=KEY)
    assert len(ranked) == 20 and all(r.similarity is None for r in ranked)


def test_outbox_worker_and_staleness(repo, seeded):
    members, _ = seeded
    repo.upsert_members(members[:30])
    emb = FakeEmbedder(16)
    worker = EmbedMembers(repo, emb, batch_size=8)
    assert worker.status().stale == 30
    assert worker(limit=10).embedded == 10  # interrupted run…
    assert worker.status().stale == 20
    assert worker().embedded == 20  # …resumes
    assert worker.status().stale == 0
    assert repo.upsert_members(members[:30]) == 0  # unchanged: nothing queued
    changed = dataclasses.replace(members[0], description="tout autre chose")
    assert repo.upsert_members([changed, dataclasses.replace(members[1], name="Autre nom")]) == 1
    assert worker.status().stale == 1
    worker()
    vec = emb.embed([member_text(changed)], kind="passage")[0]
    top = repo.rank(vec, list(repo.ids_for([m.code for m in members[:30]]).values()), k=1,
                    model_key=emb.identity.key)
    assert top[0].member_id == repo.ids_for([changed.code])[changed.code]
    assert top[0].similarity == pytest.approx(1.0, abs=1e-5)
    assert EmbedMembers(repo, FakeEmbedder(32)).status().stale == 30  # another model


def test_round_trip_and_validation(repo, seeded):
    members, _ = seeded
    repo.upsert_members(members[:5])
    for m in members[:5]:
        assert repo.get(m.code) == m
    assert repo.get("#nope") is None
    assert repo.count() == 5
    with pytest.raises(MemberValidationError, match="#999"):
        repo.set_availability([Availability("#999", DAY0, True)])
    repo.migrate()  # idempotent
    assert repo.count() == 5


def test_member_roundtrip_keeps_generated_label(repo):
    m = Member("#G1", "Salle", "Membre généré.", "35000", "Rennes", 48.1, -1.7,
               generated=("all",))
    repo.upsert_members([m])
    assert repo.get("#G1") == m


def test_availability_and_positions_match_what_was_written(repo, seeded):
    members, cal = seeded
    ids = _load(repo, members, cal)
    days = [DAY0, DAY0 + timedelta(4), date(2030, 1, 1)]
    want: dict[int, dict[date, bool]] = defaultdict(dict)
    for a in cal:
        if a.day in days:
            want[ids[a.code]][a.day] = a.available
    some = sorted(ids.values())[:120]
    got = repo.availability(some, days)
    assert got == {i: want[i] for i in some if want[i]}
    assert repo.availability(some, []) == {} and repo.availability([], days) == {}
    pos = repo.positions(some)
    by_id = {ids[m.code]: m for m in members}
    assert pos == {i: (by_id[i].latitude, by_id[i].longitude) for i in some
                   if by_id[i].latitude is not None}


def test_write_batch_writes_members_and_availability_together(repo, seeded):
    members, cal = seeded
    first = {m.code for m in members[:50]}
    rows = [a for a in cal if a.code in first]
    assert rows
    assert repo.write_batch(members[:50], rows) == 50  # new members: all queued
    ids = repo.ids_for(sorted(first))
    assert len(ids) == 50
    days = sorted({a.day for a in rows})
    want: dict[int, dict[date, bool]] = defaultdict(dict)
    for a in rows:
        want[ids[a.code]][a.day] = a.available
    assert repo.availability(sorted(ids.values()), days) == dict(want)
    assert repo.write_batch(members[:50], rows) == 0  # same texts: nothing queued again
    assert repo.count() == 50


def test_write_batch_is_one_transaction(repo, seeded):
    """An availability row the batch cannot place rolls the whole batch back, members too."""
    members, cal = seeded
    rows = [a for a in cal if a.code == members[0].code]
    with pytest.raises(MemberValidationError, match="#nope"):
        repo.write_batch(members[:10], [*rows, Availability("#nope", DAY0, True)])
    assert repo.count() == 0
    assert repo.ids_for([m.code for m in members[:10]]) == {}
    assert repo.write_batch(members[:10], rows) == 10  # the store is still usable
    assert repo.count() == 10


@pytest.fixture(params=["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
def two_stores(request, tmp_path):
    """Two store instances on ONE database: two connections, two in-memory indexes (what two
    GRACE processes serving one database have)."""
    if request.param == "sqlite":
        url = f"sqlite:///{tmp_path / 'members.sqlite'}"
    else:
        url = fresh_database(request.getfixturevalue("pg_server"))
    a, b = open_member_store(url), open_member_store(url)
    yield a, b
    a.close()
    b.close()


def _answers(repo: MemberRepository, f: HardFilter,
             q: np.ndarray) -> tuple[list[int], list[tuple[int, float | None]]]:
    ids = repo.stage1(f)
    return ids, [(r.member_id, None if r.similarity is None else round(r.similarity, 5))
                 for r in repo.rank(q, ids, k=50, model_key=KEY)]


def test_two_stores_on_one_database_see_each_others_writes_in_their_answers(two_stores, seeded):
    """Decision 0017: an in-memory index is brought up to the store's committed revision before
    every answer, so a write through one instance is in the other's very next answer, and both
    give the oracle's answer."""
    a, b = two_stores
    members, cal = seeded
    ids = _load(a, members, cal)
    rng = np.random.default_rng(8)
    vecs = rng.standard_normal((len(members), 16)).astype(np.float32)
    row = {ids[m.code]: i for i, m in enumerate(members)}
    pending = a.pending(1000)
    a.store_embeddings(pending, vecs[[row[p.member_id] for p in pending]], model_key=KEY)
    f = FILTERS[-1]
    q = vecs[3] / np.linalg.norm(vecs[3])
    first = _answers(b, f, q)  # b builds its index now
    assert first == _answers(a, f, q)
    assert first[0] == _oracle(members, cal, f, ids) and len(first[0]) > 5
    # a writes: one survivor goes inactive, another gets booked on the filter's date, a new
    # member appears inside the zone, and a survivor's vector becomes the query itself
    gone, booked, boosted = first[0][0], first[0][1], first[0][-1]
    by_id = {i: c for c, i in ids.items()}
    code_of = {m.code: m for m in members}
    new = dataclasses.replace(code_of[by_id[boosted]], code="#NEW", name="Nouveau")
    changed = [dataclasses.replace(code_of[by_id[gone]], status="inactive"), new]
    extra = [Availability(by_id[booked], f.dates[0], False)]
    a.write_batch(changed, extra)
    boosted_m = code_of[by_id[boosted]]
    a.store_embeddings([PendingEmbedding(boosted, member_text(boosted_m),
                                         member_text_hash(boosted_m))],
                       q.reshape(1, -1), model_key=KEY)
    members2 = [m for m in members if m.code != by_id[gone]] + changed
    cal2 = [*cal, *extra]
    ids2 = a.ids_for([m.code for m in members2])
    after_b, after_a = _answers(b, f, q), _answers(a, f, q)
    assert after_b == after_a
    assert after_b[0] == _oracle(members2, cal2, f, ids2)
    assert gone not in after_b[0] and booked not in after_b[0] and ids2["#NEW"] in after_b[0]
    assert after_b[1][0] == (boosted, 1.0)  # the new vector, seen through the other instance
    assert b.count() == a.count() == len(members) + 1
    assert b.positions([ids2["#NEW"]]) == {ids2["#NEW"]: (new.latitude, new.longitude)}


def test_several_zones_are_the_union_of_their_parts(repo, seeded):
    """Issue 16: « 59, 62 », « Lyon ou Grenoble » (each part with its circle): stage 1 keeps a
    member admitted by one part, in both stores as in the naive reference."""
    members, cal = seeded
    members = [dataclasses.replace(m, departement=("35" if i % 2 else "44") if i % 3 else None)
               for i, m in enumerate(members)]
    ids = _load(repo, members, cal)
    codes = frozenset(m.postal_code for m in members[:40])
    parts = (Zone("point", "a", frozenset(), (46.0, 1.0), Circle(46.0, 1.0, 120.0)),
             Zone("point", "b", frozenset(), (48.5, 3.5), Circle(48.5, 3.5, 90.0)),
             Zone("departement", "c", codes, (0.0, 0.0), departements=frozenset({"35"})))
    several = Zone("several", "a ou b ou c", codes, (47.0, 2.0), None, frozenset({"35"}), parts)
    got = repo.stage1(HardFilter(zone=several))
    union = sorted(set().union(*(repo.stage1(HardFilter(zone=p)) for p in parts)))
    assert got == union == _oracle(members, cal, HardFilter(zone=several), ids)
    assert all(repo.stage1(HardFilter(zone=p)) for p in parts)  # each part keeps someone
    assert len(got) > max(len(repo.stage1(HardFilter(zone=p))) for p in parts)


def test_a_members_revision_moves_with_its_writes_seen_from_another_instance(two_stores,
                                                                             seeded):
    """Decision 0021: the lexical channel caches each member's analysed text by (id, revision);
    a write through one instance must move the revision that the other instance reports, for
    exactly the members written."""
    a, b = two_stores
    members, cal = seeded
    codes = {m.code for m in members[:20]}
    ids = _load(a, members[:20], [c for c in cal if c.code in codes])
    some = sorted(ids.values())[:5]
    before = b.revisions(some)
    assert set(before) == set(some)
    first = next(m for m in members[:20] if ids[m.code] in some)
    changed = dataclasses.replace(first, description="Nouvelle description")
    a.upsert_members([changed])
    after = b.revisions(some)
    moved = {i for i in some if after[i] != before[i]}
    assert moved == {ids[changed.code]} and after[ids[changed.code]] > before[ids[changed.code]]
    assert b.revisions([10**9]) == {}
