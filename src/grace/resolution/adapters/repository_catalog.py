"""Which catalog ``grace init`` reads in a repository (issue 12 item 3): never the bundled
example unless asked for it."""

from __future__ import annotations

from pathlib import Path
from typing import Final

from grace.errors import ProjectError

REPOSITORY_CATALOG: Final = Path(".grace") / "catalog"
"""Where a repository keeps its own talents (``grace catalog import … .grace/catalog``)."""

RULE_FOLDERS: Final = (
    ("cursor", Path(".cursor") / "rules"),
    ("copilot", Path(".github") / "instructions"),
    ("claude", Path(".claude") / "rules"),
    ("agent-skills", Path(".claude") / "skills"),
)
"""Rule folders other tools read, each with the ``--format`` that imports it."""


def locate_init_catalog(
    folder: Path, *, catalog: Path | None, configured: Path | None, example: bool
) -> tuple[Path | None, Path | None]:
    """The catalog ``grace init`` enables talents from, and the one it names in ``grace.yaml``.

    In order: ``--catalog`` (named in the file), ``GRACE_CATALOG`` (not named: the variable
    stays in charge), ``--example`` (the bundled example, not named), then the repository's
    own ``FOLDER/.grace/catalog`` (named). Without any of them the bundled example is never
    enabled in its place.

    Returns:
        ``(catalog to read, catalog to name)``; ``(None, None)`` stands for the bundled example.

    Raises:
        ProjectError: none of them; the message says how to import the repository's rules
            (the rule folders found in ``folder`` first) or how to try the example.
    """
    if catalog is not None:
        return catalog, catalog
    if configured is not None:
        return configured, None
    if example:
        return None, None
    own = folder / REPOSITORY_CATALOG
    if own.is_dir():
        return own, own
    found = [(fmt, rel) for fmt, rel in RULE_FOLDERS if (folder / rel).is_dir()]
    steps = [f"grace catalog import -f {fmt} {rel.as_posix()} {REPOSITORY_CATALOG.as_posix()}"
             for fmt, rel in found] or [
        f"grace catalog import -f cursor|copilot|claude|agent-skills RULES "
        f"{REPOSITORY_CATALOG.as_posix()}"]
    raise ProjectError(
        f"no talent catalog in {folder} ({REPOSITORY_CATALOG.as_posix()} is missing): import "
        f"your rules first ({'; '.join(steps)}), then run `grace init` again; or name a "
        "catalog with --catalog (or GRACE_CATALOG); `grace init --example` enables the "
        "bundled example catalog to try GRACE"
    )
