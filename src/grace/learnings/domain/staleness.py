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
from dataclasses import asdict, dataclass
from typing import Any, Final, Literal

from grace.embedding.ports import ModelIdentity
from grace.learnings.domain.dense import VIEWS_VERSION
from grace.learnings.domain.entry import TEXT_TEMPLATE
from grace.learnings.domain.source import line_hash, split_lines

META_FORMAT: Final = 1
State = Literal["fresh", "missing", "appended", "edited", "model_changed", "unusable"]
Action = Literal["nothing", "append", "rebuild"]


def model_fingerprint(identity: ModelIdentity) -> dict[str, Any]:
    """Everything that makes two indexes comparable: identity fields, its key, the template and
    the derived views (decision 0014)."""
    return {**asdict(identity), "key": identity.key, "text_template": TEXT_TEMPLATE,
            "views": VIEWS_VERSION}


@dataclass(frozen=True, slots=True)
class IndexMeta:
    """Content of ``embeddings-meta.json``.

    The seed's fields (``model, dimensions, count, last_rebuilt, source_hash``) plus what makes
    staleness exact. ``source_hash`` is ``"sha256:<hex>"`` of the first ``source_bytes`` bytes
    of the file. Row ``i`` of the matrix is the entry ``ids[i]`` from line ``lines[i]``.
    ``files`` maps a role (``embeddings``, ``index``) to ``{"name", "sha256", "bytes"}``.
    """

    model: str
    dimensions: int
    count: int
    last_rebuilt: str
    source_hash: str
    model_identity: dict[str, Any]
    source_bytes: int
    source_ends_with_newline: bool
    line_hashes: tuple[str, ...]
    ids: tuple[str, ...]
    lines: tuple[int, ...]
    files: dict[str, dict[str, Any]]
    last_updated: str
    format: int = META_FORMAT

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready mapping (tuples as lists)."""
        data = asdict(self)
        for key in ("line_hashes", "ids", "lines"):
            data[key] = list(data[key])
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> IndexMeta:
        """Inverse of :meth:`to_dict`.

        Raises:
            KeyError, TypeError, ValueError: a field is missing or has the wrong type.
        """
        meta = cls(
            model=str(data["model"]),
            dimensions=int(data["dimensions"]),
            count=int(data["count"]),
            last_rebuilt=str(data["last_rebuilt"]),
            source_hash=str(data["source_hash"]),
            model_identity=dict(data["model_identity"]),
            source_bytes=int(data["source_bytes"]),
            source_ends_with_newline=bool(data["source_ends_with_newline"]),
            line_hashes=tuple(str(h) for h in data["line_hashes"]),
            ids=tuple(str(i) for i in data["ids"]),
            lines=tuple(int(n) for n in data["lines"]),
            files={str(k): dict(v) for k, v in dict(data["files"]).items()},
            last_updated=str(data["last_updated"]),
            format=int(data.get("format", 0)),
        )
        if meta.format != META_FORMAT or not (meta.count == len(meta.ids) == len(meta.lines)):
            raise ValueError(f"meta format {meta.format} or count {meta.count} is inconsistent")
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


def assess(
    meta: IndexMeta | None, data: bytes, identity: ModelIdentity, *, files_problem: str | None
) -> Freshness:
    """Compare the file content ``data`` with the ``meta`` of the index.

    Args:
        meta: the stored meta, ``None`` when there is none.
        data: the whole current content of ``learnings.jsonl``.
        identity: the embedder that would answer queries.
        files_problem: why the index files do not match the meta (from the adapter), or ``None``.
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
    prefix = data[: meta.source_bytes]
    if len(data) < meta.source_bytes or (
        "sha256:" + hashlib.sha256(prefix).hexdigest() != meta.source_hash
    ):
        lines = changed_lines(meta.line_hashes, data)
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
            "edited", f"line {len(meta.line_hashes)} was extended", changed_lines=(
                len(meta.line_hashes),)
        )
    new = len([r for r in split_lines(tail.removeprefix(b"\n") if not
               meta.source_ends_with_newline else tail)])
    return Freshness("appended", f"{new} line(s) appended since the index", new_lines=new)
