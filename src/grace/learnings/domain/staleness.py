"""What the index was built from (:class:`IndexMeta`) and whether it still matches (:func:`assess`).

Seed 002 rebuilds when ``wc -l learnings.jsonl != meta.count``: that misses an edited line, a
delete-plus-append and a model change. Here the index is fresh only when **all** hold:

* the meta and the files it names exist and their SHA-256 match the meta (else ``unusable``);
* the model identity and the text template are those of the embedder in use (else
  ``model_changed``);
* the file starts with exactly the indexed bytes: same length prefix, same SHA-256 (else
  ``edited``, with the changed line numbers);
* the file has no byte after that prefix (else ``appended``: only the new lines are embedded).
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from dataclasses import asdict, dataclass
from typing import Any, Final, Literal

from grace import resumable_sha256
from grace.embedding.ports import ModelIdentity
from grace.learnings.domain.dense import VIEWS_VERSION
from grace.learnings.domain.entry import TEXT_TEMPLATE
from grace.learnings.domain.source import line_hash, split_lines

META_FORMAT: Final = 2
"""2: the per-line data (hashes, ids) left the meta for an append-only file (decision 0020);
a format-1 meta is unreadable here, so its index is rebuilt once."""
State = Literal["fresh", "missing", "appended", "edited", "model_changed", "unusable"]
Action = Literal["nothing", "append", "rebuild"]


def model_fingerprint(identity: ModelIdentity) -> dict[str, Any]:
    """Everything that makes two indexes comparable: identity fields, its key, the template and
    the derived views (decision 0014)."""
    return {**asdict(identity), "key": identity.key, "text_template": TEXT_TEMPLATE,
            "views": VIEWS_VERSION}


@dataclass(frozen=True, slots=True)
class IndexRows:
    """Per physical line of the indexed prefix: its :func:`~grace.learnings.domain.source.
    line_hash` and the id of its entry (``None`` for a blank, corrupt or duplicate line).

    Row ``i`` of the matrix is the ``i``-th line that has an id (file order): :attr:`ids` and
    :attr:`lines` (1-based) list them.
    """

    line_hashes: tuple[str, ...]
    line_ids: tuple[str | None, ...]

    def __post_init__(self) -> None:
        if len(self.line_hashes) != len(self.line_ids):
            raise ValueError(f"{len(self.line_hashes)} line hashes for {len(self.line_ids)} ids")

    @property
    def ids(self) -> tuple[str, ...]:
        """Entry id of each row."""
        return tuple(i for i in self.line_ids if i is not None)

    @property
    def lines(self) -> tuple[int, ...]:
        """1-based line of each row."""
        return tuple(n for n, i in enumerate(self.line_ids, start=1) if i is not None)


@dataclass(frozen=True, slots=True)
class IndexMeta:
    """Content of ``embeddings-meta.json``: a few hundred bytes whatever the file's size.

    The seed's fields (``model, dimensions, count, last_rebuilt, source_hash``) plus what makes
    staleness exact. ``source_hash`` is ``"sha256:<hex>"`` of the first ``source_bytes`` bytes
    of the file, which hold ``line_count`` physical lines and ``count`` indexed entries (their
    hashes and ids: :class:`IndexRows`, kept by the store in an append-only file).
    ``files`` is the store's own record of its files (names, sizes, hashes).

    ``source_stat`` is the file's stat signature (device, inode, size, mtime and ctime in ns)
    taken under the lock when an update had verified those ``source_bytes`` (``None``: not
    recorded); ``source_state`` the hex of the SHA-256 running state after those bytes
    (:mod:`grace.resumable_sha256`, ``None`` where unavailable): an append made by this
    product under the lock extends the hash from it in O(new bytes) (decision 0020).
    """

    model: str
    dimensions: int
    count: int
    last_rebuilt: str
    source_hash: str
    model_identity: dict[str, Any]
    source_bytes: int
    source_ends_with_newline: bool
    line_count: int
    files: dict[str, dict[str, Any]]
    last_updated: str
    format: int = META_FORMAT
    source_stat: list[int] | None = None
    source_state: str | None = None

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready mapping."""
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> IndexMeta:
        """Inverse of :meth:`to_dict`.

        Raises:
            KeyError, TypeError, ValueError: a field is missing or has the wrong type, or the
                meta is of another format (format 1 kept every line's hash in the meta).
        """
        fmt = int(data.get("format", 0))
        if fmt != META_FORMAT:
            raise ValueError(f"meta format {fmt}, this version reads {META_FORMAT}")
        meta = cls(
            model=str(data["model"]),
            dimensions=int(data["dimensions"]),
            count=int(data["count"]),
            last_rebuilt=str(data["last_rebuilt"]),
            source_hash=str(data["source_hash"]),
            model_identity=dict(data["model_identity"]),
            source_bytes=int(data["source_bytes"]),
            source_ends_with_newline=bool(data["source_ends_with_newline"]),
            line_count=int(data["line_count"]),
            files={str(k): dict(v) for k, v in dict(data["files"]).items()},
            last_updated=str(data["last_updated"]),
            format=fmt,
            source_stat=[int(x) for x in data["source_stat"]] if data.get("source_stat") else None,
            source_state=str(data["source_state"]) if data.get("source_state") else None,
        )
        if not 0 <= meta.count <= meta.line_count:
            raise ValueError(f"count {meta.count} for {meta.line_count} lines is inconsistent")
        return meta


@dataclass(frozen=True, slots=True)
class Freshness:
    """The verdict of :func:`assess`.

    Attributes:
        state: see the module docstring; ``missing`` means no meta at all.
        reason: one sentence for people.
        new_lines: ``appended``: physical lines after the indexed prefix.
        changed_lines: ``edited``: 1-based lines whose content differs or disappeared.
    """

    state: State
    reason: str
    new_lines: int = 0
    changed_lines: tuple[int, ...] = ()

    @property
    def action(self) -> Action:
        """What ``ensure-index`` does: nothing, embed only the new lines, or rebuild."""
        if self.state == "fresh":
            return "nothing"
        return "append" if self.state == "appended" else "rebuild"


def changed_lines(old: tuple[str, ...], data: bytes) -> tuple[int, ...]:
    """1-based lines of ``old`` (line hashes) that differ in ``data`` or are gone."""
    new = [line_hash(r) for r in split_lines(data)]
    return tuple(i + 1 for i, h in enumerate(old) if i >= len(new) or new[i] != h)


def prefix_and_whole_sha256(data: bytes, prefix: int) -> tuple[str, str, str | None]:
    """``(SHA-256 of data[:prefix], SHA-256 of data, running state after data)``, hex, in one
    pass over ``data``; the state is ``None`` where :mod:`grace.resumable_sha256` is not
    available."""
    if not resumable_sha256.available():
        h = hashlib.sha256(memoryview(data)[:prefix])
        head = h.hexdigest()
        h.update(memoryview(data)[prefix:])
        return head, h.hexdigest(), None
    r = resumable_sha256.ResumableSha256()
    r.update(data, 0, prefix)
    head = r.hexdigest()
    if prefix < len(data):
        r.update(data, prefix)
    return head, r.hexdigest(), r.state().hex()


def extend_sha256(meta: IndexMeta, tail: bytes) -> tuple[str, str] | None:
    """``(SHA-256 hex, state hex)`` of the indexed prefix followed by ``tail``, from the state
    the meta records, in O(len(tail)); ``None`` when it records none (or one that does not
    give its ``source_hash``: then the caller hashes the whole file)."""
    if meta.source_state is None or not resumable_sha256.available():
        return None
    try:
        h = resumable_sha256.ResumableSha256.resume(bytes.fromhex(meta.source_state))
    except ValueError:
        return None
    if "sha256:" + h.hexdigest() != meta.source_hash:
        return None
    h.update(tail)
    return h.hexdigest(), h.state().hex()


def assess(
    meta: IndexMeta | None,
    data: bytes,
    identity: ModelIdentity,
    *,
    files_problem: str | None,
    line_hashes: Callable[[], tuple[str, ...]] = tuple,
    prefix_sha256: str | None = None,
) -> Freshness:
    """Compare the file content ``data`` with the ``meta`` of the index.

    Args:
        meta: the stored meta, ``None`` when there is none.
        data: the whole current content of ``learnings.jsonl``.
        identity: the embedder that would answer queries.
        files_problem: why the index files do not match the meta (from the adapter), or ``None``.
        line_hashes: the indexed lines' hashes (read only to name the lines of an edit).
        prefix_sha256: SHA-256 hex of ``data[:meta.source_bytes]`` when the caller has it
            (:func:`prefix_and_whole_sha256`), else computed here.
    """
    if meta is None:
        return Freshness("missing", "no index yet")
    if files_problem is not None:
        return Freshness("unusable", f"index files do not match their meta: {files_problem}")
    want = model_fingerprint(identity)
    if meta.model_identity != want:
        old = meta.model_identity.get("name", "?"), meta.model_identity.get("revision", "?")
        same_model = {k: v for k, v in meta.model_identity.items()
                      if k not in ("text_template", "views")} == {
            k: v for k, v in want.items() if k not in ("text_template", "views")}
        if same_model:
            return Freshness(
                "model_changed",
                f"index built with text {meta.model_identity.get('text_template', '?')!r}, views "
                f"{meta.model_identity.get('views', 'text only')}; search uses "
                f"{want['text_template']!r}, views {want['views']}",
            )
        return Freshness(
            "model_changed",
            f"index built with {old[0]} ({old[1]}), the embedder is {identity.name} "
            f"({identity.revision})",
        )
    if prefix_sha256 is None and len(data) >= meta.source_bytes:
        prefix_sha256 = hashlib.sha256(memoryview(data)[: meta.source_bytes]).hexdigest()
    if len(data) < meta.source_bytes or "sha256:" + str(prefix_sha256) != meta.source_hash:
        lines = changed_lines(line_hashes(), data)
        where = ", ".join(map(str, lines[:10])) + (" …" if len(lines) > 10 else "")
        return Freshness(
            "edited", f"indexed lines changed or removed: {where or 'bytes differ'}",
            changed_lines=lines,
        )
    if len(data) == meta.source_bytes:
        return Freshness("fresh", f"{meta.count} entries indexed, file unchanged")
    tail = data[meta.source_bytes:]
    if not meta.source_ends_with_newline and not tail.startswith(b"\n"):
        return Freshness(
            "edited", f"line {meta.line_count} was extended", changed_lines=(meta.line_count,)
        )
    new = len([r for r in split_lines(tail.removeprefix(b"\n") if not
               meta.source_ends_with_newline else tail)])
    return Freshness("appended", f"{new} line(s) appended since the index", new_lines=new)
