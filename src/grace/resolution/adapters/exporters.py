"""Write talents as Cursor rules, Copilot instructions or one ``AGENTS.md``.

Formats (each tool's documented native form):

* ``cursor``: one ``<name>.mdc`` per talent, front matter ``name``, ``description`` (the
  summary), ``globs`` (``activation.paths``, comma-separated) and ``alwaysApply``
  (``activation.always``, or ``always: true`` in ``grace.yaml``), then the body.
* ``copilot``: one ``<name>.instructions.md`` per talent, front matter ``name``,
  ``description`` and ``applyTo`` (``activation.paths``; left out when the talent has none:
  like GRACE, Copilot then picks the file by its description or when it is attached, instead
  of on every file), then the body.

Both also carry a ``grace`` mapping, ``{"id": …, "languages": […]}``, which the tools ignore
and GRACE's importer honours: import -> export -> import keeps the id, the name, the paths,
the languages and the bodies whatever the formats (``copilot.a11y`` exported as a Cursor rule
comes back as ``copilot.a11y``, not ``cursor.copilot-a11y``).
* ``agents-md``: one ``AGENTS.md``, a ``## name (`id`)`` section per talent with the files it
  is about and its body (headings shifted under the section).

``<name>`` is the id without the format's own import prefix (``cursor.python-style`` ->
``python-style.mdc``), else the id with dots as dashes. Front matter is strict YAML
(double-quoted strings), which both tools and GRACE's importer read.

Ownership: ``DEST/.grace-export.json`` lists each file written with the sha256 of its text. A
file in the way that the list does not name, or whose text changed since it was written, is
never replaced without ``force``; checked for every file before anything is written. Files a
previous export wrote for talents no longer exported are deleted (when unchanged).
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Sequence
from pathlib import Path
from typing import Final

from grace.errors import ExportError
from grace.resolution.adapters.importers.rule_parser import GRACE_KEY
from grace.resolution.adapters.importers.talent_writer import write_atomic
from grace.resolution.domain.export import ExportFormat, ExportReport
from grace.resolution.domain.talent import Depth, Talent

OWNERSHIP_FILE: Final = ".grace-export.json"
_PREFIX: Final[dict[ExportFormat, str]] = {"cursor": "cursor.", "copilot": "copilot.",
                                           "agents-md": ""}
_HEADING: Final = re.compile(r"^(#{1,6})(\s)")
_FENCE: Final = re.compile(r"^\s*(```|~~~)")


def _q(text: str) -> str:
    """A YAML double-quoted scalar (JSON strings are valid YAML)."""
    return json.dumps(text, ensure_ascii=False)


def file_stem(fmt: ExportFormat, talent_id: str) -> str:
    """The file name of a talent without extension (rule: module docstring)."""
    prefix = _PREFIX[fmt]
    if prefix and talent_id.startswith(prefix):
        return talent_id[len(prefix):]
    return talent_id.replace(".", "-")


def grace_line(talent: Talent) -> str:
    """The front-matter line only GRACE reads back: ``grace: {"id": …, "languages": […]}``."""
    mapping = {"id": talent.id, "languages": list(talent.languages)}
    return f"{GRACE_KEY}: {json.dumps(mapping, ensure_ascii=False)}"


def render_cursor(talent: Talent, *, always: bool, depth: Depth) -> str:
    """One ``.mdc`` file."""
    lines = ["---", f"name: {_q(talent.name)}", f"description: {_q(talent.summary)}"]
    if talent.paths:
        lines.append(f"globs: {_q(','.join(talent.paths))}")
    lines += [f"alwaysApply: {'true' if always or talent.always else 'false'}",
              grace_line(talent), "---", ""]
    return "\n".join(lines) + talent.bodies[depth].strip() + "\n"


def render_copilot(talent: Talent, *, depth: Depth) -> str:
    """One ``.instructions.md`` file."""
    lines = ["---", f"name: {_q(talent.name)}", f"description: {_q(talent.summary)}"]
    if talent.paths:
        lines.append(f"applyTo: {_q(','.join(talent.paths))}")
    lines += [grace_line(talent), "---", ""]
    return "\n".join(lines) + talent.bodies[depth].strip() + "\n"


def shift_headings(body: str, top: int) -> str:
    """``body`` with its Markdown headings (outside code fences) moved down so the highest is
    level ``top`` (never above 6)."""
    lines = body.split("\n")
    fenced = False
    levels: list[int] = []
    marks: list[bool] = []
    for line in lines:
        if _FENCE.match(line):
            fenced = not fenced
        m = None if fenced else _HEADING.match(line)
        marks.append(m is not None)
        if m:
            levels.append(len(m.group(1)))
    shift = max(0, top - min(levels)) if levels else 0
    out = []
    for line, is_heading in zip(lines, marks, strict=True):
        if is_heading and shift:
            hashes = len(line) - len(line.lstrip("#"))
            line = "#" * min(6, hashes + shift) + line[hashes:]
        out.append(line)
    return "\n".join(out)


def render_agents_md(talents: Sequence[Talent], *, always: frozenset[str], depth: Depth) -> str:
    """The whole ``AGENTS.md``."""
    parts = [
        "<!-- Written by `grace export --format agents-md`: edit the talents in GRACE's "
        "catalog and export again. -->",
        "# Agent instructions",
        "",
    ]
    for t in talents:
        parts.append(f"## {t.name} (`{t.id}`)")
        parts.append("")
        scope = []
        if t.paths:
            scope.append("Applies to files matching " + ", ".join(f"`{p}`" for p in t.paths))
        if t.languages:
            scope.append("languages: " + ", ".join(t.languages))
        if t.id in always or t.always:
            scope.append("always applies")
        if scope:
            parts.append("_" + "; ".join(scope) + "._\n")
        parts.append(shift_headings(t.bodies[depth].strip(), 3))
        parts.append("")
    return "\n".join(parts).rstrip("\n") + "\n"


def _sha(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


class FolderExporter:
    """:class:`~grace.resolution.domain.export.CatalogExporter` writing into one folder.

    Args:
        dest: the folder (created if missing): ``.cursor/rules``, ``.github/instructions``, or
            the repository root for ``AGENTS.md``.
    """

    def __init__(self, dest: Path) -> None:
        self.dest = dest

    def export(
        self, fmt: ExportFormat, talents: Sequence[Talent], *, always: frozenset[str],
        depth: Depth, force: bool,
    ) -> ExportReport:
        """Render and write (rules: module docstring).

        Raises:
            ExportError: files in the way (all named) without ``force``; ``dest`` is not a
                folder or cannot be written.
        """
        files = self._render(fmt, talents, always=always, depth=depth)
        owned = self._owned()
        conflicts = []
        for name, text in files.items():
            path = self.dest / name
            if path.exists() and not self._ours(path, owned) and path.read_bytes() != text.encode():
                conflicts.append(name)
        stale = sorted(set(owned) - set(files))
        conflicts += [n for n in stale if (self.dest / n).exists()
                      and not self._ours(self.dest / n, owned)]
        if conflicts and not force:
            shown = ", ".join(conflicts[:10]) + (f" and {len(conflicts) - 10} more"
                                                 if len(conflicts) > 10 else "")
            raise ExportError(
                f"{self.dest}: {len(conflicts)} file(s) that grace export did not write, or that "
                f"changed since, would be replaced: {shown}. Move them away or pass --force"
            )
        written, unchanged, removed = [], [], []
        try:
            self.dest.mkdir(parents=True, exist_ok=True)
            for name, text in sorted(files.items()):
                path = self.dest / name
                if path.is_file() and path.read_bytes() == text.encode():
                    unchanged.append(name)
                    continue
                write_atomic(path, text)
                written.append(name)
            for name in stale:
                path = self.dest / name
                if path.is_file() and (force or self._ours(path, owned)):
                    path.unlink()
                    removed.append(name)
            manifest = {"written_by": "grace export", "format": fmt,
                        "files": {n: _sha(t) for n, t in sorted(files.items())}}
            write_atomic(self.dest / OWNERSHIP_FILE, json.dumps(manifest, indent=1) + "\n")
        except OSError as exc:
            raise ExportError(f"{self.dest}: cannot write ({exc.strerror or exc})") from exc
        return ExportReport(str(self.dest), tuple(written), tuple(unchanged), tuple(removed))

    def _render(self, fmt: ExportFormat, talents: Sequence[Talent], *,
                always: frozenset[str], depth: Depth) -> dict[str, str]:
        if fmt == "agents-md":
            return {"AGENTS.md": render_agents_md(talents, always=always, depth=depth)}
        files: dict[str, str] = {}
        for t in talents:
            if fmt == "cursor":
                name = file_stem(fmt, t.id) + ".mdc"
                text = render_cursor(t, always=t.id in always, depth=depth)
            else:
                name = file_stem(fmt, t.id) + ".instructions.md"
                text = render_copilot(t, depth=depth)
            if name in files:
                raise ExportError(f"two talents would be written to {name}: rename one")
            files[name] = text
        return files

    def _owned(self) -> dict[str, str]:
        path = self.dest / OWNERSHIP_FILE
        if self.dest.exists() and not self.dest.is_dir():
            raise ExportError(f"{self.dest}: not a folder")
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
            files = data.get("files", {}) if isinstance(data, dict) else {}
            return {str(k): str(v) for k, v in files.items() if "/" not in str(k)}
        except (OSError, ValueError):
            return {}

    @staticmethod
    def _ours(path: Path, owned: dict[str, str]) -> bool:
        try:
            return owned.get(path.name) == _sha(path.read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError):
            return False
