"""The hot path of stages 1 and 2: a columnar in-memory copy of the hard-filter attributes and the
vectors, kept in step with the SQL store by its revision counter (decision 0018).

SQL stays the source of truth. Every write transaction of a store takes the next value of the
one-row ``store_rev`` counter (its row lock serialises writers, so revisions commit in order) and
stamps it on each member row it touches (member fields, availability, embedding). Before each
answer the store reads the counter (one indexed row): when it moved, the rows with ``rev`` above
the index's revision are read in one snapshot and applied here. So an answer always reflects
every write committed before it began — in this process or any other on the same database — and
two processes give the same answer; the cost of a write is paid by the next read (measured by
``benchmarks/matching.py``: "refresh after a write").

Filters are vectorised numpy over the columns (boxes, then the exact haversine; capacity, budget,
per-day availability states) with the same semantics as
:func:`grace.matching.domain.filters.passes` (the oracle of the contract tests); stage 2 is an
exact float32 dot product over the survivors' rows, top-k by :func:`grace.vectors.topk.top_k`
(ties by ascending id).
"""

from __future__ import annotations

import math
import threading
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from grace.matching.adapters.sql_common import CAPACITY_COLUMN, clamp_cosine, unit_vectors
from grace.matching.domain.filters import HardFilter, Zone
from grace.matching.domain.geo import EARTH_RADIUS_KM, Circle
from grace.matching.domain.ports import Ranked
from grace.vectors.topk import top_k

INDEX_COLUMNS = (
    "id", "status", "postal_code", "departement", "latitude", "longitude", "cap_seated",
    "cap_standing", "cap_theatre", "cap_meeting", "budget_min", "budget_max", "embedding_model",
    "embedding",
)
"""Member columns the index reads, in this order (``SELECT … FROM member WHERE rev > ?``)."""
_CAPS = ("cap_seated", "cap_standing", "cap_theatre", "cap_meeting")
_FLOATS = ("latitude", "longitude", *_CAPS, "budget_min", "budget_max")
_EDGE_KM = 1e-6
"""Rows whose numpy distance is this close to the radius are re-tested with
:meth:`Circle.contains` (``math`` and numpy may differ by an ulp): the cut is exactly the
oracle's."""
RANK_CHUNK = 4096
"""Stage 2 scores the survivors' vectors this many rows at a time (4096 × 384 float32: 6 MB per
copy): a wide request (100 000 survivors of 1 000 000) no longer page-faults a fresh 150 MB
copy of their rows per search (:func:`_scores`, docs/benchmarks.md)."""


@dataclass(frozen=True, slots=True)
class IndexRow:
    """One member as the index sees it (``vector``: raw bytes or array, ``None`` when absent)."""

    id: int
    values: tuple[Any, ...]


def _nan(v: object) -> float:
    return math.nan if v is None else float(v)  # type: ignore[arg-type]


def _scores(
    mat: npt.NDArray[np.float32], rows: npt.NDArray[np.int64], query: npt.NDArray[np.float32]
) -> npt.NDArray[np.float32]:
    """``(len(rows),) float32`` inner products of ``query`` ``(d,)`` with the ``rows`` of
    ``mat`` ``(capacity, d)``, :data:`RANK_CHUNK` rows at a time. Equal bit for bit to
    ``mat[rows] @ query`` (the same matrix-vector kernel on each row; a unit test holds it),
    without its one large temporary: each chunk's 6 MB copy is reused by the allocator, where
    a 150 MB copy is a fresh memory mapping, page-faulted on every search. Measured (a /tmp
    script, quiet, median of 40): 100 000 rows of 1 000 000 26.5 ms against 47.7 ms for the
    single copy and 43.8 ms through ``np.take(..., out=buffer)``; 8 000 of 70 000 1.41 against
    1.37 ms."""
    if len(rows) <= RANK_CHUNK:
        whole: npt.NDArray[np.float32] = mat[rows] @ query
        return whole
    out = np.empty(len(rows), dtype=np.float32)
    for start in range(0, len(rows), RANK_CHUNK):
        out[start:start + RANK_CHUNK] = mat[rows[start:start + RANK_CHUNK]] @ query
    return out


class _Vocab:
    """Strings ↔ small ints (postal codes, départements, model keys); ``-1`` is ``None``."""

    def __init__(self) -> None:
        self.codes: dict[str, int] = {}

    def code(self, s: str | None) -> int:
        if s is None:
            return -1
        return self.codes.setdefault(s, len(self.codes))

    def codes_of(self, strings: Sequence[str | None]) -> npt.NDArray[np.int32]:
        """:meth:`code` of each of ``strings`` (one dictionary lookup per distinct string)."""
        code = self.code
        return np.fromiter((code(s) for s in strings), dtype=np.int32, count=len(strings))

    def wanted(self, strings: Iterable[str]) -> npt.NDArray[np.int32]:
        return np.array(sorted(self.codes[s] for s in strings if s in self.codes), dtype=np.int32)


class MemberIndex:
    """Columns of every member (row order = ascending id) and one ``(n, d) float32`` matrix of
    unit vectors per embedding model.

    Memory: about 80 bytes per member for the columns, ``4 d`` bytes per vector (1.5 KB at
    d = 384: 1.5 GB at 1 000 000 members), one byte per member per calendar day present.
    Thread-safe: :meth:`apply` and the queries hold one lock.
    """

    def __init__(self) -> None:
        self.revision = 0
        self.lock = threading.RLock()
        self._n = 0
        self._ids = np.zeros(0, dtype=np.int64)
        self._active = np.zeros(0, dtype=bool)
        self._postal = np.zeros(0, dtype=np.int32)
        self._dep = np.zeros(0, dtype=np.int32)
        self._model = np.zeros(0, dtype=np.int32)
        self._rev = np.zeros(0, dtype=np.int64)  # store revision each row was last applied at
        self._f: dict[str, npt.NDArray[np.float64]] = {c: np.zeros(0) for c in _FLOATS}
        self._days: dict[str, npt.NDArray[np.int8]] = {}  # ISO day → 1 free, −1 booked, 0 unknown
        self._vectors: dict[int, npt.NDArray[np.float32]] = {}  # model code → (capacity, d)
        self._postals, self._deps, self._models = _Vocab(), _Vocab(), _Vocab()

    def __len__(self) -> int:
        return self._n

    # ---- writes --------------------------------------------------------------------------

    def _capacity(self) -> int:
        return len(self._ids)

    def _grow(self, need: int) -> None:
        cap = self._capacity()
        if need <= cap:
            return
        new = max(need, 2 * cap, 1024) if cap else need

        def grown(a: npt.NDArray[Any], fill: object) -> npt.NDArray[Any]:
            out = np.full((new, *a.shape[1:]), fill, dtype=a.dtype)
            out[: len(a)] = a
            return out

        self._ids = grown(self._ids, np.iinfo(np.int64).max)
        self._active = grown(self._active, False)
        self._postal = grown(self._postal, -1)
        self._dep = grown(self._dep, -1)
        self._model = grown(self._model, -1)
        self._rev = grown(self._rev, 0)
        self._f = {c: grown(a, math.nan) for c, a in self._f.items()}
        self._days = {d: grown(a, 0) for d, a in self._days.items()}
        self._vectors = {m: grown(a, 0.0) for m, a in self._vectors.items()}

    def reserve(self, n: int) -> None:
        """Room for ``n`` members before a cold build (no doubling of the columns and the
        vector matrix while 1 000 000 rows arrive in chunks: peak memory is the final size)."""
        with self.lock:
            self._grow(n)

    def _rows_for(self, ids: npt.NDArray[np.int64]) -> npt.NDArray[np.int64]:
        """Rows of ``ids`` (``-1`` for an id not in the index)."""
        if self._n == 0:
            return np.full(len(ids), -1, dtype=np.int64)
        ids_view = self._ids[: self._n]
        pos = np.minimum(np.searchsorted(ids_view, ids), self._n - 1)
        return np.where(ids_view[pos] == ids, pos, -1).astype(np.int64)

    def apply(self, rows: Sequence[Sequence[Any]],
              availability: Iterable[tuple[str, bool, str]], revision: int, *,
              final: bool = True) -> None:
        """Insert or replace members and replace their whole availability.

        A refresh may come in chunks (the cold build of 1 000 000 members never holds every
        row twice): each chunk with ``final=False`` and no availability, then one last call
        with the availability of every member of the refresh; the index's revision moves only
        then, so a refresh that fails half-way is redone whole by the next one.

        Args:
            rows: tuples of :data:`INDEX_COLUMNS` (``embedding``: float32 bytes, a numpy array,
                or ``None``), in any order, each id once.
            availability: for each (ISO day, available) of the availability rows of those
                members (or of the earlier chunks' members), their ids as one comma-separated
                string (SQL ``group_concat``/``string_agg``: millions of rows cross the driver
                as a few strings, parsed in C).
            revision: the store revision these rows are complete up to.
            final: whether the refresh is complete with this call.
        """
        with self.lock:
            if rows:
                self._apply_rows(rows, revision)
            for day, available, members in availability:
                arr = self._days.get(day)
                if arr is None:
                    arr = self._days[day] = np.zeros(self._capacity(), dtype=np.int8)
                r = self._rows_for(np.array(members.split(","), dtype=np.int64))
                arr[r[r >= 0]] = 1 if available else -1
            if final:
                self.revision = max(self.revision, revision)

    def _apply_rows(self, rows: Sequence[Sequence[Any]], revision: int) -> None:
        """Insert or replace ``rows``; their availability is reset to unknown."""
        ids = np.fromiter((int(r[0]) for r in rows), dtype=np.int64, count=len(rows))
        if len(ids) > 1 and not np.all(np.diff(ids) > 0):
            # any order in (no ORDER BY: SQLite would scan the table by id instead of
            # using the rev index)
            order = np.argsort(ids, kind="stable")
            ids, rows = ids[order], [rows[i] for i in order]
        at = self._rows_for(ids)
        new = at < 0
        if new.any():
            fresh = ids[new]
            start = self._n
            self._grow(start + len(fresh))
            self._ids[start:start + len(fresh)] = fresh
            self._n = start + len(fresh)
            monotonic = start == 0 or fresh.min() > self._ids[start - 1]
            if not monotonic or not np.all(np.diff(fresh) > 0):
                self._resort()
            at = self._rows_for(ids)
        self._fill(rows, at)
        self._rev[at] = revision
        for a in self._days.values():
            a[at] = 0

    def _resort(self) -> None:
        order = np.argsort(self._ids[: self._n], kind="stable")

        def perm(a: npt.NDArray[Any]) -> None:
            a[: self._n] = a[: self._n][order]

        for a in (self._ids, self._active, self._postal, self._dep, self._model, self._rev,
                  *self._f.values(), *self._days.values(), *self._vectors.values()):
            perm(a)

    def _fill(self, rows: Sequence[Sequence[Any]], at: npt.NDArray[np.int64]) -> None:
        """Write ``rows`` at index rows ``at``, column by column (numpy conversions: the cold
        build of 1 000 000 members is one call per column, not one per cell)."""
        cols = list(zip(*rows, strict=True))
        self._active[at] = np.asarray(cols[1], dtype=object) == "active"
        self._postal[at] = self._postals.codes_of(cols[2])
        self._dep[at] = self._deps.codes_of(cols[3])
        for j, col in enumerate(_FLOATS, start=4):
            self._f[col][at] = np.array(cols[j], dtype=np.float64)  # None → NaN
        models = self._models.codes_of([m if v is not None else None
                                        for m, v in zip(cols[12], cols[13], strict=True)])
        self._model[at] = models
        for code in np.unique(models[models >= 0]).tolist():
            sel = np.flatnonzero(models == code)
            blobs = [cols[13][i] for i in sel]
            if isinstance(blobs[0], (bytes, bytearray, memoryview)):
                mat = np.frombuffer(b"".join(blobs), dtype=np.float32).reshape(len(sel), -1)
            else:
                mat = np.asarray(np.stack([np.asarray(b, dtype=np.float32) for b in blobs]),
                                 dtype=np.float32)
            norms = np.einsum("ij,ij->i", mat, mat)
            if not np.allclose(norms, 1.0, atol=1e-3):
                mat = unit_vectors(mat)  # rows written before vectors were normalised on write
            store = self._vectors.get(code)
            if store is None or store.shape[1] != mat.shape[1]:
                store = self._vectors[code] = np.zeros((self._capacity(), mat.shape[1]),
                                                      dtype=np.float32)
            store[at[sel]] = mat

    # ---- reads ---------------------------------------------------------------------------

    def stage1(self, f: HardFilter) -> list[int]:
        """Ids passing ``f``, ascending (same semantics as ``filters.passes``)."""
        with self.lock:
            n = self._n
            rows = np.flatnonzero(self._active[:n])
            if f.zone is not None:
                rows = self._zone(rows, f.zone)
            keep = f.unknown == "keep"
            if f.format is not None and f.headcount is not None:
                cap = self._f[CAPACITY_COLUMN[f.format]][rows]
                ok = cap >= f.headcount
                rows = rows[(ok | np.isnan(cap)) if keep else ok]
            if f.budget.known:
                bmin, bmax = self._f["budget_min"][rows], self._f["budget_max"][rows]
                lo = f.budget.min_eur or 0
                ok = np.isnan(bmax) | (bmax >= lo)
                if f.budget.max_eur is not None:
                    ok &= np.nan_to_num(bmin, nan=0.0) <= f.budget.max_eur
                if not keep:
                    ok &= ~(np.isnan(bmin) & np.isnan(bmax))
                rows = rows[ok]
            for day in sorted({d.isoformat() for d in f.dates}):
                states = self._days.get(day)
                if states is None:
                    if not keep:
                        rows = rows[:0]
                    continue
                st = states[rows]
                rows = rows[(st >= 0) if keep else (st == 1)]
            ids: list[int] = self._ids[rows].tolist()
            return ids

    def _zone(self, rows: npt.NDArray[np.int64], zone: Zone) -> npt.NDArray[np.int64]:
        if zone.parts:  # several zones: the union of each part's survivors (ascending rows)
            kept = [self._zone(rows, p) for p in zone.parts]
            return np.unique(np.concatenate(kept)) if kept else rows[:0]
        if zone.circle is None:
            wanted = self._postals.wanted(zone.postal_codes)
            rows = rows[np.isin(self._postal[rows], wanted)]
            if zone.departements:
                dep = self._dep[rows]
                rows = rows[(dep < 0) | np.isin(dep, self._deps.wanted(zone.departements))]
            return rows
        return self._circle(rows, zone.circle)

    def _circle(self, rows: npt.NDArray[np.int64], c: Circle) -> npt.NDArray[np.int64]:
        lat_all, lon_all = self._f["latitude"], self._f["longitude"]
        lat, lon = lat_all[rows], lon_all[rows]
        inbox = np.zeros(len(rows), dtype=bool)
        for b in c.boxes():  # a superset of the circle (NaN coordinates fail every comparison)
            inbox |= ((lat >= b.min_lat) & (lat <= b.max_lat) & (lon >= b.min_lon)
                      & (lon <= b.max_lon))
        rows, lat, lon = rows[inbox], lat[inbox], lon[inbox]
        p1, p2 = math.radians(c.lat), np.radians(lat)
        a = (np.sin((p2 - p1) / 2) ** 2
             + math.cos(p1) * np.cos(p2) * np.sin(np.radians(lon - c.lon) / 2) ** 2)
        dist = 2 * EARTH_RADIUS_KM * np.arcsin(np.minimum(1.0, np.sqrt(a)))
        ok = dist <= c.radius_km
        edge = np.flatnonzero(np.abs(dist - c.radius_km) <= _EDGE_KM)
        for i in edge:  # the oracle's own arithmetic decides at the boundary
            ok[i] = c.contains(float(lat[i]), float(lon[i]))
        kept: npt.NDArray[np.int64] = rows[ok]
        return kept

    def rank(self, query: npt.NDArray[np.float32], ids: Sequence[int], *, k: int,
             model_key: str) -> list[Ranked]:
        """Exact cosine top ``k`` of ``ids``, ties by id; unembedded members (for this model)
        last by id; always ``min(k, len(set(ids)))`` rows for ids in the index."""
        with self.lock:
            want = np.unique(np.asarray(ids, dtype=np.int64))
            rows = self._rows_for(want)
            want, rows = want[rows >= 0], rows[rows >= 0]
            code = self._models.codes.get(model_key, -2)
            has = self._model[rows] == code
            ranked: list[Ranked] = []
            if has.any():
                mat = self._vectors[code]
                q = np.asarray(query, dtype=np.float32).reshape(-1)
                if mat.shape[1] != q.shape[0]:
                    raise ValueError(f"query has {q.shape[0]} dimensions, the vectors of "
                                     f"{model_key} {mat.shape[1]}")
                scores = _scores(mat, rows[has], q)
                ranked = [Ranked(h.key, clamp_cosine(h.score))
                          for h in top_k(scores, k, keys=want[has])]
            if len(ranked) < k:
                ranked += [Ranked(int(i), None) for i in want[~has][: k - len(ranked)]]
            return ranked

    def revisions(self, ids: Sequence[int]) -> dict[int, int]:
        """For each of ``ids`` in the index, the store revision its row was last applied at: a
        member whose revision has not moved has not been written since (its text included),
        so a cache keyed by (id, revision) is exact (the lexical channel's, decision 0021)."""
        with self.lock:
            want = np.unique(np.asarray(list(ids), dtype=np.int64))
            rows = self._rows_for(want)
            ok = rows >= 0
            return {int(i): int(r) for i, r in zip(want[ok], self._rev[rows[ok]], strict=True)}

    def positions(self, ids: Sequence[int]) -> dict[int, tuple[float, float]]:
        """(lat, lon) of the located members among ``ids``."""
        with self.lock:
            want = np.unique(np.asarray(list(ids), dtype=np.int64))
            rows = self._rows_for(want)
            want, rows = want[rows >= 0], rows[rows >= 0]
            lat, lon = self._f["latitude"][rows], self._f["longitude"][rows]
            ok = ~(np.isnan(lat) | np.isnan(lon))
            return {int(i): (float(a), float(b))
                    for i, a, b in zip(want[ok], lat[ok], lon[ok], strict=True)}
