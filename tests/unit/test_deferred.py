"""Deferred records (issue 13, item 2): built once, on the first read, and indistinguishable
from the tuple they stand for."""

from __future__ import annotations

import pickle

from grace.resolution.domain.deferred import Deferred, materialise
from grace.resolution.domain.explanation import Explanation
from grace.resolution.domain.results import Dropped, DroppedRecords


def test_built_once_on_first_read_and_reads_as_its_tuple():
    calls = []

    def build():
        calls.append(1)
        return iter([3, 1, 2])

    lazy = Deferred(build, 3)
    assert len(lazy) == 3 and calls == []  # the length is known before
    assert lazy[0] == 3 and lazy[1:] == (1, 2) and list(lazy) == [3, 1, 2] and 2 in lazy
    assert calls == [1]
    reflected = (3, 1, 2).__eq__(lazy) is NotImplemented  # so Python asks the Deferred
    assert lazy == (3, 1, 2) and reflected and lazy == Deferred(lambda: (3, 1, 2))
    assert lazy != (3, 1) and lazy != [3, 1, 2]  # as a tuple: never equal to a list
    assert hash(lazy) == hash((3, 1, 2)) and repr(lazy) == "(3, 1, 2)"
    assert lazy + (4,) == (3, 1, 2, 4) and (0,) + lazy == (0, 3, 1, 2)  # noqa: RUF005
    assert pickle.loads(pickle.dumps(lazy)) == (3, 1, 2)  # noqa: S301 - our own bytes
    assert materialise(lazy) == (3, 1, 2) and materialise([1]) == (1,)
    assert calls == [1]


def test_dropped_records_reasons_without_the_details():
    expl = Deferred(lambda: [Explanation("b.cut", 0.1, 0.1, (), 0.2, "cut_margin", "low")], 1)
    eager = {"a.role": Dropped("a.role", "role", "no agents entry"),
             "c.off": Dropped("c.off", "not_enabled", "not enabled in the project")}
    records = DroppedRecords(eager, {"b.cut", "d.cut"}, expl)
    assert len(records) == 4
    assert records.reasons() == {"a.role": "role", "b.cut": "relevance", "c.off": "not_enabled",
                                 "d.cut": "relevance"}
    assert expl._items is None  # the explanations were not built for the reasons
    assert list(records) == [eager["a.role"], Dropped("b.cut", "relevance", "low"),
                             eager["c.off"], Dropped("d.cut", "relevance", "cut by relevance")]
