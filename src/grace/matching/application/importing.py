"""Load members and their availability into the store, in committed batches."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass

from grace.matching.domain.model import Availability, Member
from grace.matching.domain.ports import MemberRepository


@dataclass(frozen=True, slots=True)
class ImportReport:
    """Members written, members queued for embedding, availability rows, rows skipped; for a
    venues file, rows whose postal-code field held a CEDEX or INSEE code: ``recoded`` to a
    postal code of their commune, ``unresolved`` (kept as written)."""

    members: int
    queued: int
    availability: int
    skipped: int = 0
    recoded: int = 0
    unresolved: int = 0


class ImportMembers:
    """Upsert members (by code) and their availability, ``batch_size`` members per commit.

    Each batch is one transaction (:meth:`MemberRepository.write_batch`): a run interrupted at
    any point (even ``kill -9``) leaves whole batches only, and rerunning the same import
    completes it.
    """

    def __init__(self, repo: MemberRepository, *, batch_size: int = 500) -> None:
        self._repo, self._batch = repo, batch_size

    def __call__(self, items: Iterable[tuple[Member, list[Availability]]], *, skipped: int = 0,
                 on_progress: Callable[[int], None] | None = None, recoded: int = 0,
                 unresolved: int = 0) -> ImportReport:
        """``on_progress(members_done)`` after each batch; ``skipped``, ``recoded`` and
        ``unresolved`` are the reader's counts, passed through to the report."""
        self._repo.migrate()
        done = queued = avail = 0
        batch: list[tuple[Member, list[Availability]]] = []

        def flush() -> None:
            nonlocal done, queued, avail
            rows = [a for _, cal in batch for a in cal]
            # One transaction per batch: a killed import never leaves members without their
            # availability, and rerunning it completes the same data (upserts by code).
            queued += self._repo.write_batch([m for m, _ in batch], rows)
            done += len(batch)
            avail += len(rows)
            batch.clear()
            if on_progress is not None:
                on_progress(done)

        for item in items:
            batch.append(item)
            if len(batch) >= self._batch:
                flush()
        if batch:
            flush()
        return ImportReport(done, queued, avail, skipped, recoded, unresolved)
