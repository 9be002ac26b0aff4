"""The files a repository has in play according to git: modified, staged and untracked.

Runs ``git status --porcelain=v1 -z --untracked-files=all`` (no shell, a fixed argument list,
a 10 s timeout) in the repository and returns the paths relative to its root. Renames give the
new path; deleted files are left out (nothing to edit there).
"""

from __future__ import annotations

import subprocess
from pathlib import Path
from typing import Final

from grace.errors import GraceError

TIMEOUT_S: Final = 10.0
MAX_CHANGED: Final = 1_000


def changed_files(root: Path) -> list[str]:
    """Modified, staged and untracked files of the git work tree holding ``root``, relative to
    ``root`` (files outside it are left out), sorted, at most :data:`MAX_CHANGED`.

    Raises:
        GraceError: git is missing, ``root`` is not inside a work tree, or git failed.
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
        try:
            out.add(absolute.relative_to(base).as_posix())
        except ValueError:
            continue  # changed, but outside the project's folder
    return sorted(out)[:MAX_CHANGED]
