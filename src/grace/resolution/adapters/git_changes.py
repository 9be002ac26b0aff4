"""The files a repository has in play according to git: modified, staged and untracked.

Runs ``git status --porcelain=v1 -z --untracked-files=all`` (no shell, a fixed argument list,
a 10 s timeout) in the repository and returns the paths relative to its root. Renames give the
new path; deleted files are left out (nothing to edit there).
"""

from __future__ import annotations

import subprocess
from collections.abc import Collection, Sequence
from pathlib import Path
from typing import Final

from grace.errors import GraceError

TIMEOUT_S: Final = 10.0
MAX_CHANGED: Final = 1_000


def changed_files(
    root: Path, *, exclude: Sequence[Path] = (), exclude_names: Collection[str] = ()
) -> list[str]:
    """Modified, staged and untracked files of the git work tree holding ``root``, relative to
    ``root``, sorted. Left out: files outside ``root`` (symbolic links leading out of it
included: ``resolve --files`` refuses them, and one stray link must not fail ``--changed``),
the files and folders of ``exclude``
    (GRACE's own: ``grace.yaml``, ``.grace/``, the talent catalog, the usage log: not what the
    agent edits), and files whose name is in ``exclude_names`` wherever they are (an export's
    ``.grace-export.json``).

    Raises:
        GraceError: git is missing, ``root`` is not inside a work tree, git failed, or more than
            :data:`MAX_CHANGED` files are left (never cut silently).
    """
    try:
        top = subprocess.run(
            ["git", "-C", str(root), "rev-parse", "--show-toplevel"],
            capture_output=True, text=True, timeout=TIMEOUT_S, check=False,
        )
        if top.returncode != 0:
            raise GraceError(f"--changed: {root} is not inside a git repository")
        status = subprocess.run(
            ["git", "-C", top.stdout.strip(), "status", "--porcelain=v1", "-z",
             "--untracked-files=all"],
            capture_output=True, timeout=TIMEOUT_S, check=False,
        )
    except FileNotFoundError as exc:
        raise GraceError("--changed needs git on the PATH") from exc
    except subprocess.TimeoutExpired as exc:
        raise GraceError(f"--changed: git status took more than {TIMEOUT_S:.0f} s") from exc
    if status.returncode != 0:
        raise GraceError(f"--changed: git status failed: {status.stderr.decode(errors='replace')}")
    toplevel = Path(top.stdout.strip()).resolve()
    base = root.resolve()
    skipped = [e.resolve() for e in exclude]
    entries = status.stdout.decode("utf-8", errors="replace").split("\0")
    out: set[str] = set()
    i = 0
    while i < len(entries):
        entry = entries[i]
        i += 1
        if len(entry) < 4:
            continue
        code, path = entry[:2], entry[3:]
        if "R" in code or "C" in code:
            i += 1  # the original path of a rename or copy follows
        if "D" in code:
            continue
        absolute = toplevel / path
        if absolute.name in exclude_names or any(absolute.is_relative_to(e) for e in skipped):
            continue
        try:
            relative = absolute.relative_to(base).as_posix()
        except ValueError:
            continue  # changed, but outside the project's folder
        if not absolute.resolve().is_relative_to(base):
            continue  # a link leading out of the project: not a file the agent edits in it
        out.add(relative)
    if len(out) > MAX_CHANGED:
        raise GraceError(
            f"--changed: {len(out)} changed files, more than {MAX_CHANGED}: commit or ignore "
            "some (.gitignore), or name the files in play with --files"
        )
    return sorted(out)


def listed_files(root: Path, *, limit: int = 5_000) -> list[str] | None:
    """The files git lists under ``root`` — tracked, and untracked but not ignored
    (``git ls-files --cached --others --exclude-standard``: no build output, no
    ``node_modules``, no generated catalog) — relative to ``root``, in git's order, at most
    ``limit``; ``None`` when git is missing, ``root`` is in no work tree, or git fails or
    times out (the caller walks the folder instead). Never raises."""
    try:
        listed = subprocess.run(
            ["git", "-C", str(root), "ls-files", "-z", "--cached", "--others",
             "--exclude-standard"],
            capture_output=True, timeout=TIMEOUT_S, check=False,
        )
    except (OSError, subprocess.TimeoutExpired):
        return None
    if listed.returncode != 0:
        return None
    names = listed.stdout.decode("utf-8", errors="replace").split("\0")
    return list(dict.fromkeys(n for n in names if n))[:limit]
