"""A tuple built on first use: the per-candidate records of a resolve (issue 13, item 2).

A resolve at 1 000 talents explains every candidate and every dropped talent, yet most callers
read only the served talents and the Markdown. Building 1 000 frozen records with formatted
details costs more than the rest of the request, so the result holds them as :class:`Deferred`:
the same records, in the same order, built on the first read (``len`` is known before). It
reads, compares, hashes and prints as the tuple it stands for, and pickles as that tuple.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Any, TypeVar, overload

T = TypeVar("T")


class Deferred(Sequence[T]):
    """The tuple ``tuple(build())``, computed once, on the first access to an item.

    Args:
        build: returns the items; called at most once (the result is kept).
        length: the number of items, when known without building them.
    """

    __slots__ = ("_build", "_items", "_length")

    def __init__(self, build: Callable[[], Iterable[T]], length: int | None = None) -> None:
        self._build: Callable[[], Iterable[T]] | None = build
        self._items: tuple[T, ...] | None = None
        self._length = length

    def items(self) -> tuple[T, ...]:
        """The items as a tuple (built now if not yet)."""
        items = self._items
        if items is None:
            build = self._build
            assert build is not None
            items = tuple(build())
            self._items, self._build = items, None
        return items

    def __len__(self) -> int:
        if self._items is None and self._length is not None:
            return self._length
        return len(self.items())

    @overload
    def __getitem__(self, index: int) -> T: ...

    @overload
    def __getitem__(self, index: slice) -> tuple[T, ...]: ...

    def __getitem__(self, index: int | slice) -> T | tuple[T, ...]:
        return self.items()[index]

    def __iter__(self) -> Iterator[T]:
        return iter(self.items())

    def __contains__(self, value: object) -> bool:
        return value in self.items()

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Deferred):
            return self.items() == other.items()
        if isinstance(other, tuple):
            return self.items() == other
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self.items())

    def __repr__(self) -> str:
        return repr(self.items())

    def __add__(self, other: Sequence[T]) -> tuple[T, ...]:
        return self.items() + tuple(other)

    def __radd__(self, other: Sequence[T]) -> tuple[T, ...]:
        return tuple(other) + self.items()

    def __reduce__(self) -> tuple[Any, ...]:
        return (tuple, (self.items(),))


def materialise(items: Sequence[T]) -> tuple[T, ...]:
    """``items`` as a tuple (a :class:`Deferred` is built if not yet)."""
    if isinstance(items, Deferred):
        return items.items()
    return tuple(items)
