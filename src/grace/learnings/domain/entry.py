"""A learning: one line of ``learnings.jsonl`` (seed 002), validated on construction.

Line format (JSON object, one per line)::

    {"id": "L-3f2a9c0d1e", "story": "...", "tags": ["#backend", "auth"],
     "learning": "...", "date": "2026-02-10", "domain": "billing", "supersedes": "L-..."}

``story``, ``tags`` and ``learning`` are required (seed 002); ``id``, ``date``, ``domain`` and
``supersedes`` are optional. Unknown fields are kept in :attr:`Learning.extra`.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import json
import re
from dataclasses import dataclass, field
from typing import Any, Final

from grace.errors import InvalidLearningError
from grace.text import fold

TEXT_TEMPLATE: Final = "{story} {tags} {learning}"
"""The embedded text (seed 002: ``f"{story} {' '.join(tags)} {learning}"``); in the meta."""

MAX_FIELD_CHARS: Final = 20_000
"""Longest story or learning accepted (characters); e5 reads 512 tokens anyway."""

MAX_TAGS: Final = 50
_ID = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._:-]{0,63}$")
_KNOWN = ("id", "story", "tags", "learning", "date", "domain", "supersedes")


def check_unicode(name: str, value: object) -> None:
    """Refuse a string (or one nested in a list or dict) holding a lone surrogate.

    ``json.loads`` decodes ``"\\ud800"`` and Python decodes argv bytes that are not UTF-8
    (PEP 383) into lone surrogates: valid ``str`` values that cannot be written as UTF-8.

    Raises:
        InvalidLearningError: names the field, the character (escaped) and its position.
    """
    if isinstance(value, str):
        try:
            value.encode("utf-8")
        except UnicodeEncodeError as exc:
            raise InvalidLearningError(
                f"field '{name}': lone surrogate {value[exc.start]!a} at character "
                f"{exc.start + 1} is not Unicode text (a bad \\u escape, or bytes that are "
                "not UTF-8)"
            ) from None
    elif isinstance(value, list | tuple):
        for item in value:
            check_unicode(name, item)
    elif isinstance(value, dict):
        for key, item in value.items():
            check_unicode(name, key)
            check_unicode(name, item)


def normalise_tag(tag: str) -> str:
    """Tag key used for matching: folded, without a leading ``#``, trimmed."""
    return fold(tag.strip()).lstrip("#").strip()


@dataclass(frozen=True, slots=True)
class Learning:
    """One validated learning.

    Attributes:
        id: stable id (explicit in the line, else derived from its content: :func:`derive_id`).
        story / learning: non-empty text (at most :data:`MAX_FIELD_CHARS` characters).
        tags: as written (``#backend`` or ``backend``); match them with :func:`normalise_tag`.
        date: ISO date (``YYYY-MM-DD``) or ``None``.
        line: 1-based line number in the file (0 for an entry not yet written).

    Raises:
        InvalidLearningError: a field is missing, empty, too long or of the wrong type.
    """

    id: str
    story: str
    tags: tuple[str, ...]
    learning: str
    date: dt.date | None = None
    domain: str | None = None
    supersedes: str | None = None
    line: int = 0
    extra: dict[str, Any] = field(default_factory=dict, compare=False, hash=False)

    def __post_init__(self) -> None:
        for name in ("story", "learning", "tags", "domain", "extra"):
            check_unicode(name, getattr(self, name))
        for name in ("story", "learning"):
            value = getattr(self, name)
            if not isinstance(value, str) or not value.strip():
                raise InvalidLearningError(f"field '{name}': required, a non-empty string")
            if len(value) > MAX_FIELD_CHARS:
                raise InvalidLearningError(
                    f"field '{name}': at most {MAX_FIELD_CHARS} characters, got {len(value)}"
                )
        if len(self.tags) > MAX_TAGS or not all(
            isinstance(t, str) and normalise_tag(t) for t in self.tags
        ):
            raise InvalidLearningError(
                f"field 'tags': a list of at most {MAX_TAGS} non-empty strings"
            )
        for name in ("id", "supersedes"):
            value = getattr(self, name)
            if value is not None and (not isinstance(value, str) or not _ID.match(value)):
                raise InvalidLearningError(
                    f"field '{name}': {value!r} is not an id (letters, digits, . _ : -; ≤ 64)"
                )
        if self.domain is not None and (not isinstance(self.domain, str) or not self.domain):
            raise InvalidLearningError("field 'domain': a non-empty string")

    @property
    def tag_keys(self) -> frozenset[str]:
        """Normalised tags (see :func:`normalise_tag`)."""
        return frozenset(normalise_tag(t) for t in self.tags)

    @property
    def text(self) -> str:
        """The embedded text, :data:`TEXT_TEMPLATE` (seed 002)."""
        return TEXT_TEMPLATE.format(
            story=self.story, tags=" ".join(self.tags), learning=self.learning
        )

    def content_key(self) -> str:
        """What an *exact* duplicate shares: folded, whitespace-collapsed story, tags, learning."""
        parts = [self.story, " ".join(sorted(self.tag_keys)), self.learning]
        return "\x1f".join(" ".join(fold(p).split()) for p in parts)

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready mapping (the line's fields plus ``line``)."""
        return {**json.loads(self.to_json()), "line": self.line}

    def to_json(self) -> str:
        """One JSONL line (no newline), fields in a stable order, UTF-8 kept as is."""
        data: dict[str, Any] = {"id": self.id, "story": self.story, "tags": list(self.tags),
                                "learning": self.learning}
        if self.date is not None:
            data["date"] = self.date.isoformat()
        if self.domain is not None:
            data["domain"] = self.domain
        if self.supersedes is not None:
            data["supersedes"] = self.supersedes
        data.update({k: v for k, v in self.extra.items() if k not in data})
        return json.dumps(data, ensure_ascii=False, separators=(", ", ": "))


def derive_id(story: str, tags: tuple[str, ...], learning: str, salt: str = "") -> str:
    """``L-`` + 10 hex digits of SHA-256 over the content (and ``salt`` to break a collision).

    A lone surrogate hashes (``surrogatepass``) instead of raising: :class:`Learning` refuses it
    with a message naming the field.
    """
    text = json.dumps([story, list(tags), learning, salt], ensure_ascii=False)
    return "L-" + hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()[:10]


def key_hash(text: str) -> int:
    """64-bit hash of ``text`` (the first 8 bytes of its UTF-8 SHA-256, little-endian), never 0:
    what the keys file holds for a content key or a superseded id (decision 0020). Equal texts,
    equal hashes; a shared hash is confirmed on the parsed entries before anything is refused.
    """
    digest = hashlib.sha256(text.encode("utf-8", "surrogatepass")).digest()
    return int.from_bytes(digest[:8], "little") or 1


def key_row(entry: Learning) -> tuple[int, int]:
    """``(key_hash(content key), key_hash(superseded id) or 0)``: the entry's keys-file row."""
    return key_hash(entry.content_key()), key_hash(entry.supersedes) if entry.supersedes else 0


def parse_date(value: object) -> dt.date | None:
    """``None``, ``YYYY-MM-DD`` or an ISO datetime (its date part).

    Raises:
        InvalidLearningError: anything else.
    """
    if value is None:
        return None
    if isinstance(value, str):
        try:
            return dt.date.fromisoformat(value[:10])
        except ValueError:
            pass
    raise InvalidLearningError(f"field 'date': {value!r} is not an ISO date (YYYY-MM-DD)")


def from_mapping(data: object, *, line: int = 0) -> Learning:
    """Validate a decoded JSON object into a :class:`Learning` (id derived when absent).

    Raises:
        InvalidLearningError: not an object, a missing or invalid field.
    """
    if not isinstance(data, dict):
        raise InvalidLearningError("not a JSON object")
    for name in ("story", "tags", "learning"):
        if name not in data:
            raise InvalidLearningError(f"field '{name}': required")
    tags = data["tags"]
    if isinstance(tags, str):
        tags = [t for t in re.split(r"[,\s]+", tags) if t]
    if not isinstance(tags, list):
        raise InvalidLearningError("field 'tags': a list of strings")
    story, learning = data["story"], data["learning"]
    if not isinstance(story, str) or not isinstance(learning, str):
        raise InvalidLearningError("fields 'story' and 'learning': strings")
    tag_tuple = tuple(tags)
    raw_id = data.get("id")
    return Learning(
        id=raw_id if raw_id is not None else derive_id(story, tag_tuple, learning),
        story=story,
        tags=tag_tuple,
        learning=learning,
        date=parse_date(data.get("date")),
        domain=data.get("domain"),
        supersedes=data.get("supersedes"),
        line=line,
        extra={k: v for k, v in data.items() if k not in _KNOWN},
    )
