"""Fakes of the ports: real implementations, in memory, that record what happened."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from grace.resolution.domain.talent import Talent


class InMemoryCatalog:
    """CatalogReader over a list of talents; records the ids looked up."""

    def __init__(self, talents: Iterable[Talent], problems: Sequence[tuple[str, str]] = ()) -> None:
        self._talents = {t.id: t for t in talents}
        self._problems = list(problems)
        self.lookups: list[str] = []

    def talents(self) -> Sequence[Talent]:
        return [self._talents[k] for k in sorted(self._talents)]

    def get(self, talent_id: str) -> Talent | None:
        self.lookups.append(talent_id)
        return self._talents.get(talent_id)

    def problems(self) -> Sequence[tuple[str, str]]:
        return list(self._problems)


class WordCounter:
    """TokenCounter that counts whitespace-separated words (deterministic, additive-ish)."""

    name = "words"

    def __init__(self) -> None:
        self.calls = 0

    def count(self, text: str) -> int:
        self.calls += 1
        return len(text.split())


def make_talent(tid: str, **fields: Any) -> Talent:
    """A talent with sensible defaults; bodies grow with depth."""
    size = fields.pop("size", 10)
    bodies = fields.pop(
        "bodies",
        {
            "compact": " ".join([f"{tid}-c"] * size),
            "standard": " ".join([f"{tid}-s"] * size * 3),
            "full": " ".join([f"{tid}-f"] * size * 8),
        },
    )
    defaults: dict[str, Any] = {
        "name": tid.replace(".", " ").title(),
        "version": "1.0.0",
        "type": "pattern",
        "summary": f"Summary of {tid}.",
        "agents": {"backend": "required"},
    }
    defaults.update(fields)
    return Talent(id=tid, bodies=bodies, **defaults)
