"""The usage log: ``<repository>/.grace/usage.jsonl``, one JSON object per line, append only.

Size: when the file has reached ``max_bytes`` (``GRACE_USAGE_MAX_BYTES``, default 1 MB, about
5 000 resolves) it is renamed ``usage.jsonl.1`` (replacing the previous one) before the next
line is written, so the log never holds more than about twice ``max_bytes`` and the history
read back is the last one to two files. Each line is written with one ``write`` in append mode
(``O_APPEND``): concurrent writers (the CLI and an MCP server) interleave whole lines.

A failure to write (read-only repository, full disk) never breaks the call it records: it is
reported once per log through ``warn`` and the event is dropped.

The log is local, not the team's: when it creates the file in a ``.grace`` folder without a
``.gitignore``, it writes one there naming the log's two files (:data:`IGNORED`), so that
``git add .`` does not commit it (a new user's note); an existing ``.gitignore`` is never
touched, and the catalog beside the log (``.grace/catalog``) stays tracked.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from dataclasses import asdict
from pathlib import Path
from typing import Final

from grace.resolution.domain.usage import UsageEvent

USAGE_FILE: Final = Path(".grace") / "usage.jsonl"
DEFAULT_MAX_BYTES: Final = 1_000_000
IGNORED: Final = (
    "# GRACE's local usage log (grace stats): not part of the repository\n"
    "usage.jsonl\nusage.jsonl.1\n")
"""The ``.gitignore`` written beside a new log (module docstring)."""


class JsonlUsageLog:
    """:class:`~grace.resolution.domain.usage.UsageLog` over a JSON Lines file.

    Args:
        path: the log file (its folder is created on the first write).
        max_bytes: rotation threshold in bytes (rules: module docstring).
        warn: called once, with a sentence, on the first failed write.
    """

    def __init__(self, path: Path, *, max_bytes: int = DEFAULT_MAX_BYTES,
                 warn: Callable[[str], None]) -> None:
        self.path = path
        self._max = max_bytes
        self._warn = warn
        self._warned = False

    def record(self, event: UsageEvent) -> None:
        """Append ``event`` (rotating first when the file is full); never raises."""
        data = {k: v for k, v in asdict(event).items() if v not in (None, "", ())}
        line = json.dumps(data, ensure_ascii=False, separators=(",", ":")) + "\n"
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            try:
                if self.path.stat().st_size >= self._max:
                    self.path.replace(self.path.with_name(self.path.name + ".1"))
            except FileNotFoundError:
                pass
            if self.path.parent.name == USAGE_FILE.parent.name and not self.path.exists():
                self._ignore()
            fd = os.open(self.path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)
            try:
                os.write(fd, line.encode("utf-8"))
            finally:
                os.close(fd)
        except OSError as exc:
            if not self._warned:
                self._warned = True
                self._warn(f"usage log {self.path} not written ({exc.strerror or exc}); "
                           "set GRACE_USAGE=off to stop recording")

    def _ignore(self) -> None:
        """Write :data:`IGNORED` as the log folder's ``.gitignore`` unless one exists (never
        following a symbolic link; ``O_EXCL``: a concurrent writer's wins)."""
        ignore = self.path.parent / ".gitignore"
        try:
            fd = os.open(ignore, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644)
        except OSError:  # it exists (or is a link): the user's, left alone
            return
        try:
            os.write(fd, IGNORED.encode("utf-8"))
        finally:
            os.close(fd)

    def events(self) -> list[UsageEvent]:
        """Events of ``usage.jsonl.1`` then ``usage.jsonl``, oldest first; lines that are not a
        valid event (a torn write, a hand edit) are skipped."""
        out: list[UsageEvent] = []
        for path in (self.path.with_name(self.path.name + ".1"), self.path):
            try:
                lines = path.read_text(encoding="utf-8", errors="replace").splitlines()
            except OSError:
                continue
            for line in lines:
                event = _parse(line)
                if event is not None:
                    out.append(event)
        return out


def _parse(line: str) -> UsageEvent | None:
    try:
        d = json.loads(line)
        if not isinstance(d, dict) or d.get("kind") not in ("resolve", "get"):
            return None
        return UsageEvent(
            ts=str(d["ts"]), kind=d["kind"], project=str(d.get("project", "")),
            role=str(d.get("role", "")), task_sha256=str(d.get("task_sha256", "")),
            served=tuple(str(x) for x in d.get("served", [])),
            fetched=str(d.get("fetched", "")), tokens=int(d.get("tokens", 0)),
            task=d.get("task") if isinstance(d.get("task"), str) else None,
        )
    except (ValueError, KeyError, TypeError):
        return None
