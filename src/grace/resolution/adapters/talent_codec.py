"""A talent's manifest as JSON text and back (the platform stores manifests this way).

The JSON is the :class:`~grace.resolution.domain.talent.Talent` value itself, less its bodies
and its ``source``: reading it back gives an equal value, so a resolve from the database is the
same computation as one from the folder (decision 0015-platform-catalog).
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Mapping
from typing import Any, Final

from grace.errors import CatalogError
from grace.resolution.domain.talent import Depth, SectionRef, Structure, Talent

_SKIPPED: Final = frozenset({"bodies", "source"})
_FIELDS: Final = tuple(f.name for f in dataclasses.fields(Talent) if f.name not in _SKIPPED)


def manifest_json(talent: Talent) -> str:
    """The manifest fields of ``talent`` as compact JSON text (field order and mapping order
    kept: ``agents`` and ``conventions`` are ordered as the author wrote them)."""
    data: dict[str, Any] = {}
    for name in _FIELDS:
        value = getattr(talent, name)
        if name == "structure":
            value = dataclasses.asdict(value)
        elif name == "sections":
            value = [dataclasses.asdict(s) for s in value]
        elif name == "conventions":
            value = {k: dict(v) for k, v in value.items()}
        elif isinstance(value, Mapping):
            value = dict(value)
        data[name] = value
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"))


def talent_from_json(text: str, bodies: Mapping[Depth, str], *, source: str) -> Talent:
    """The talent whose manifest :func:`manifest_json` wrote, with ``bodies``.

    Raises:
        CatalogError: the text is not a manifest this version wrote (``source`` named).
    """
    try:
        data = json.loads(text)
        fields: dict[str, Any] = {}
        for name in _FIELDS:
            value = data[name]
            if name == "structure":
                value = Structure(value["enforceable"], value["diagram"],
                                  tuple(value["constraints"]))
            elif name == "sections":
                value = tuple(SectionRef(s["name"], s["when"], tuple(s["roles"]),
                                         tuple(s["languages"])) for s in value)
            elif isinstance(value, list):
                value = tuple(value)
            fields[name] = value
        return Talent(**fields, bodies=dict(bodies), source=source)
    except (ValueError, KeyError, TypeError) as exc:
        raise CatalogError(f"{source}: stored manifest unreadable ({exc})") from exc
