"""What resolution derives from a catalog once per catalog state, not once per request.

A catalog holds each talent as one immutable object for its lifetime (a reload or an edit
makes new objects): :meth:`PreparedCatalog.holds` recognises the same state by identity, in
O(1) when the reader returns the same sequence object and O(n) ``is`` checks otherwise, and
:class:`~grace.resolution.application.resolve_context.ResolveContext` rebuilds the prepared
catalog only when the state changes (issue 13: warm resolution at 1 000 talents).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from grace.resolution.domain.activation import LanguageIndex, glob_strength, specific_paths
from grace.resolution.domain.graph import DependencyGraph
from grace.resolution.domain.talent import Talent
from grace.resolution.domain.text import TriggerIndex


@dataclass(frozen=True, slots=True)
class PreparedCatalog:
    """A catalog state's talents with the facts every request needs.

    Attributes:
        talents: the reader's talents, sorted by id (the objects themselves).
        by_id: id -> talent.
        graph: the dependency graph over :attr:`by_id`.
        triggers: the catalog's ``activation.triggers``, indexed
            (:class:`~grace.resolution.domain.text.TriggerIndex`).
        paths: id -> :func:`~grace.resolution.domain.activation.specific_paths` of its
            ``activation.paths`` (catch-alls removed), for the talents that have some.
        strength: id -> :func:`~grace.resolution.domain.activation.glob_strength` of its
            ``activation.paths``.
        conflicts: id -> the ids it conflicts with, either side declaring (symmetric), for the
            talents that have a conflict.
        languages: the talents' declared languages, indexed
            (:class:`~grace.resolution.domain.activation.LanguageIndex`).
    """

    talents: tuple[Talent, ...]
    by_id: Mapping[str, Talent]
    graph: DependencyGraph
    triggers: TriggerIndex
    paths: Mapping[str, tuple[str, ...]]
    strength: Mapping[str, float]
    conflicts: Mapping[str, frozenset[str]]
    languages: LanguageIndex

    @classmethod
    def of(cls, talents: Sequence[Talent]) -> PreparedCatalog:
        """Prepare ``talents`` (a reader's :meth:`talents`): one pass, O(talents + edges)."""
        by_id = {t.id: t for t in talents}
        against: dict[str, set[str]] = {}
        for t in talents:
            for other in t.conflicts:
                against.setdefault(t.id, set()).add(other)
                against.setdefault(other, set()).add(t.id)
        paths = {t.id: specific_paths(t.paths) for t in talents if t.paths}
        return cls(
            talents=tuple(talents),
            by_id=by_id,
            graph=DependencyGraph(by_id),
            triggers=TriggerIndex({t.id: t.triggers for t in talents if t.triggers}),
            paths={tid: p for tid, p in paths.items() if p},
            strength={t.id: glob_strength(t.paths) for t in talents},
            conflicts={tid: frozenset(ids) for tid, ids in against.items()},
            languages=LanguageIndex.of({t.id: t.languages for t in talents if t.languages}),
        )

    def holds(self, talents: Sequence[Talent]) -> bool:
        """``talents`` is the state this was prepared from (the same objects, same order)."""
        held = self.talents
        return talents is held or (
            len(talents) == len(held) and all(a is b for a, b in zip(talents, held, strict=True))
        )
