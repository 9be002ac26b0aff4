"""Fakes of the ports: real implementations, in memory, that record what happened."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

from grace.resolution.domain.ports import FileImports, PackageStack
from grace.resolution.domain.talent import Talent
from grace.resolution.domain.usage import UsageEvent


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


class InMemoryWorkTree:
    """WorkTree over a dict ``path -> state`` (unknown paths are missing); records each lookup
    as ``(root, path)``."""

    def __init__(self, states: dict[str, str],
                 packages: dict[str, tuple[str, ...]] | None = None,
                 skipped: tuple[str, ...] = (),
                 imports: dict[str, tuple[str, ...]] | None = None) -> None:
        self._states = states
        self._packages = packages or {}
        self._imports = imports or {}
        self._skipped = skipped
        self.located: list[tuple[str, str]] = []

    def locate(self, root: str, path: str) -> Any:
        self.located.append((root, path))
        return self._states.get(path, "missing")

    def near(self, root: str, path: str) -> tuple[str, ...]:
        """The present files of the same folder whose names are close to ``path``'s."""
        import difflib

        folder = path.rpartition("/")[0]
        names = sorted(p.rpartition("/")[2] for p, state in self._states.items()
                       if state == "present" and p.rpartition("/")[0] == folder)
        close = difflib.get_close_matches(path.rpartition("/")[2], names, n=3, cutoff=0.8)
        return tuple(f"{folder}/{c}" if folder else c for c in close)

    def files_in(self, root: str, folder: str, limit: int) -> tuple[str, ...]:
        """The present paths under ``folder``, sorted, at most ``limit``."""
        return tuple(sorted(p for p, state in self._states.items()
                            if state == "present" and p.startswith(folder + "/")))[:limit]

    def imports(self, root: str, paths: Sequence[str]) -> FileImports:
        """The packages given for each path in ``imports`` (a path given is a file read)."""
        read = [p for p in paths if p in self._imports]
        return FileImports(tuple(dict.fromkeys(x for p in read for x in self._imports[p])),
                           len(read))

    def package_stack(self, root: str, paths: Sequence[str]) -> PackageStack:
        """The dependencies given for the longest folder prefix of each path (``packages``)."""
        found: dict[str, None] = {}
        for path in paths:
            folders = [f for f in self._packages if path.startswith(f + "/")]
            if folders:
                found.update(dict.fromkeys(self._packages[max(folders, key=len)]))
        return PackageStack(tuple(found), self._skipped)


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


# --- learnings (seed 002) -----------------------------------------------------------------


class InMemoryLearningsSource:
    """LearningsSource over a bytes buffer; a re-entrant no-op lock that counts acquisitions."""

    def __init__(self, data: bytes = b"") -> None:
        from pathlib import Path

        self.data = data
        self.locks = 0
        self._path = Path("memory/learnings.jsonl")

    @property
    def path(self) -> Any:
        return self._path

    def read_bytes(self) -> bytes:
        return self.data

    def exists(self) -> bool:
        return True

    def read_line(self, offset: int) -> bytes:
        return self.data[offset:].split(b"\n", 1)[0]

    def signature(self) -> list[int] | None:
        return None  # no stat: every update reads and hashes the buffer

    def append(self, lines: Sequence[str]) -> Any:
        from grace.learnings.domain.ports import AppendReceipt

        payload = b"\n" if self.data and not self.data.endswith(b"\n") else b""
        payload += "".join(line + "\n" for line in lines).encode()
        self.data += payload
        return AppendReceipt(None, None, payload)

    def lock(self) -> Any:
        from contextlib import nullcontext

        self.locks += 1
        return nullcontext()


class InMemoryIndexStore:
    """IndexStore in memory; ``problem`` simulates files that do not match the meta."""

    def __init__(self) -> None:
        self.meta: Any = None
        self.vectors: Any = None
        self.views: Any = None
        self.rows: Any = None
        self.key_rows: Any = None
        self.problem: str | None = None
        self.saves = 0
        self.appends = 0

    def load_meta(self) -> Any:
        return self.meta

    def check(self, meta: Any) -> str | None:
        return self.problem

    def repair(self, meta: Any) -> bool:
        return False

    def load(self, meta: Any) -> Any:
        from grace.errors import LearningsIndexError
        from grace.learnings.domain.ports import StoredIndex
        from grace.vectors.numpy_flat import NumpyFlatIndex

        if self.problem:
            raise LearningsIndexError(self.problem)
        return StoredIndex(self.vectors, NumpyFlatIndex(self.vectors), self.views, self.rows)

    def existing_ids(self, meta: Any, ids: Sequence[str]) -> frozenset[str]:
        return frozenset(ids) & frozenset(self.rows.ids)

    def text_rows(self, meta: Any) -> Any:
        return self.load(meta).vectors

    def keys(self, meta: Any) -> Any:
        return self.key_rows

    def write_meta(self, meta: Any) -> None:
        self.meta = meta

    def save(self, vectors: Any, meta: Any, *, views: Any, rows: Any, keys: Any) -> Any:
        from dataclasses import replace

        self.saves += 1
        self.key_rows = keys.copy()
        self.vectors = vectors.copy()
        self.views = {k: v.copy() for k, v in views.items()}
        self.rows = rows
        self.meta = replace(meta, files={"embeddings": {"sha256": "mem"}})
        return self.meta

    def append(self, old: Any, vectors: Any, meta: Any, *, views: Any, rows: Any,
               keys: Any) -> Any:
        from dataclasses import replace

        import numpy as np

        from grace.learnings.domain.staleness import IndexRows

        self.appends += 1
        self.key_rows = np.vstack([self.key_rows, keys])
        self.vectors = np.vstack([self.vectors, vectors])
        self.views = {**self.views, "story": np.vstack([self.views["story"], views["story"]])}
        self.rows = IndexRows(self.rows.line_hashes + rows.line_hashes,
                              self.rows.line_ids + rows.line_ids)
        self.meta = replace(meta, files={"embeddings": {"sha256": "mem"}})
        return self.meta


class OverlapLexicalIndex:
    """LexicalIndex: the share of the query's distinct tokens (domain tokenizer) a row holds."""

    def __init__(self, texts: Sequence[str]) -> None:
        from grace.learnings.domain.ranking import tokenize

        self._tokenize = tokenize
        self.docs = [set(tokenize(t)) for t in texts]
        self.queries: list[str] = []
        self.extended: list[str] = []

    def extend(self, texts: Sequence[str]) -> None:
        self.extended += texts
        self.docs += [set(self._tokenize(t)) for t in texts]

    def scores(self, query: str) -> Any:
        import numpy as np

        self.queries.append(query)
        q = set(self._tokenize(query))
        return np.asarray([len(q & d) / len(q) if q else 0.0 for d in self.docs],
                          dtype=np.float64)


class InMemoryUsageLog:
    """A real :class:`~grace.resolution.domain.usage.UsageLog` held in a list."""

    def __init__(self) -> None:
        self.recorded: list[UsageEvent] = []

    def record(self, event: UsageEvent) -> None:
        self.recorded.append(event)

    def events(self) -> list[UsageEvent]:
        return list(self.recorded)


def project_with_a_leaking_talent(tmp_path: Path) -> Path:
    """A project whose one talent, ``leak``, has a ``compact.md`` linked to ``secret.md``
    outside the catalog (issue 14, fault 2). Returns the project folder."""
    (tmp_path / "secret.md").write_text("TOP SECRET outside the catalog")
    talent = tmp_path / "project" / "catalog" / "leak"
    talent.mkdir(parents=True)
    (talent / "talent.yaml").write_text(
        "id: leak\nname: Leak\nversion: 1\ntype: pattern\nsummary: s\n"
        "agents: {backend: required}\n"
    )
    (talent / "compact.md").symlink_to(tmp_path / "secret.md")
    project = talent.parent.parent
    (project / "grace.yaml").write_text("name: t\ncatalog: catalog\ntalents: {leak: true}\n")
    return project
