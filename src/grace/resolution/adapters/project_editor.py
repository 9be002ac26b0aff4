"""Switch talents on and off in ``grace.yaml`` without losing its comments or its order.

The file is read and written with ruamel.yaml's round-trip mode (decision 0013): comments, key
order, blank lines and flow style survive an edit; only the switched entries change. What an
edit writes, per talent:

* listed as ``ID: true|false`` -> the boolean flips in place;
* listed as ``ID: {enabled: …, always: …}`` -> only ``enabled`` changes (``always`` kept);
* not listed -> ``ID: true|false`` is appended at the end of ``talents:`` (created if missing).

The edited text is validated exactly as :func:`~.project_file.load_project_file` reads it
before it replaces the file (temporary file + rename), so an edit never leaves a file GRACE
cannot read.
"""

from __future__ import annotations

import io
import os
import re
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Final

import yaml
from ruamel.yaml import YAML
from ruamel.yaml.comments import CommentedMap
from ruamel.yaml.error import YAMLError as RuamelError

from grace.errors import ProjectError
from grace.resolution.adapters.manifest_schema import parse_project


@dataclass(frozen=True, slots=True)
class SwitchReport:
    """What :func:`set_enabled` changed, each tuple in the order the ids were given.

    Attributes:
        path: the project file edited.
        changed: ids whose switch was flipped or added.
        unchanged: ids already in the requested state (the file is not rewritten for them).
    """

    path: Path
    changed: tuple[str, ...]
    unchanged: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class YamlProjectSwitches:
    """:class:`~grace.resolution.domain.ports.ProjectSwitches` over one ``grace.yaml``."""

    path: Path

    def set_enabled(
        self, ids: Sequence[str], *, enabled: bool
    ) -> tuple[tuple[str, ...], tuple[str, ...]]:
        """See :func:`set_enabled`."""
        report = set_enabled(self.path, ids, enabled=enabled)
        return report.changed, report.unchanged


_NESTED_KEY: Final = re.compile(r"^( +)[^\s#-]", re.MULTILINE)
_DASH: Final = re.compile(r"^( *)- ", re.MULTILINE)


def _round_trip(text: str = "") -> YAML:
    """ruamel's round-trip mode, indenting as ``text`` does: its nested keys by the spaces of
    the first one, its lists' dashes as its first one (what ``grace init`` writes, ``- python``
    under ``languages:``, or a hand-written ``  - python``) — an edit re-indented every list of
    a new user's file. Two spaces and dashes under their key where ``text`` shows neither."""
    rt = YAML(typ="rt")
    rt.preserve_quotes = True
    rt.width = 4096  # never re-wrap a long line the user wrote
    key, dash = _NESTED_KEY.search(text), _DASH.search(text)
    mapping = len(key.group(1)) if key else 2
    offset = len(dash.group(1)) if dash else 0
    rt.indent(mapping=mapping, sequence=offset + 2, offset=offset)
    return rt


def set_enabled(path: Path, ids: Sequence[str], *, enabled: bool) -> SwitchReport:
    """Set ``enabled`` for each of ``ids`` in the project file ``path`` (rules: module docstring).

    Args:
        path: the ``grace.yaml`` to edit (it must exist and be valid).
        ids: talent ids, already checked by the caller against the catalog.
        enabled: the state to write.

    Returns:
        The ids changed and those already in that state; the file is rewritten only when at
        least one changed.

    Raises:
        ProjectError: the file is missing, is not valid YAML, is not a mapping, its ``talents``
            is not a mapping, or the edit would not validate (naming the field).
    """
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise ProjectError(f"{path}: cannot read the project file ({exc.strerror or exc})") from exc
    rt = _round_trip(text)
    try:
        data = rt.load(text)
    except RuamelError as exc:
        raise ProjectError(f"{path}: not valid YAML ({exc})") from exc
    if data is None:
        data = CommentedMap()
    if not isinstance(data, CommentedMap):
        raise ProjectError(f"{path}: the project file must be a YAML mapping")
    talents = data.get("talents")
    if talents is None:
        talents = CommentedMap()
        data["talents"] = talents
    if not isinstance(talents, CommentedMap):
        raise ProjectError(f"{path}: field 'talents' must be a mapping of id: true|false")
    changed: list[str] = []
    unchanged: list[str] = []
    for tid in dict.fromkeys(ids):
        current = talents.get(tid)
        if isinstance(current, CommentedMap):
            if bool(current.get("enabled", True)) == enabled:
                unchanged.append(tid)
                continue
            current["enabled"] = enabled
        elif current is not None and bool(current) == enabled:
            unchanged.append(tid)
            continue
        else:
            talents[tid] = enabled
        changed.append(tid)
    if changed:
        out = io.StringIO()
        rt.dump(data, out)
        new_text = out.getvalue().rstrip("\n") + "\n"
        try:
            parse_project(yaml.safe_load(new_text), path=str(path))
        except yaml.YAMLError as exc:  # pragma: no cover - ruamel wrote YAML PyYAML rejects
            raise ProjectError(f"{path}: the edit would not be readable ({exc})") from exc
        _replace(path, new_text)
    return SwitchReport(path, tuple(changed), tuple(unchanged))


def _replace(path: Path, text: str) -> None:
    fd, name = tempfile.mkstemp(dir=path.parent, prefix=".grace-", suffix=".yaml")
    tmp = Path(name)
    try:
        tmp.chmod(path.stat().st_mode & 0o777)  # keep the file's permissions
        with os.fdopen(fd, "w", encoding="utf-8", newline="") as fh:
            fh.write(text)
        tmp.replace(path)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise
