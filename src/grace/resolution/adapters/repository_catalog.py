"""Which catalog a repository uses (issue 12 item 3): the one its ``grace.yaml`` names, else its
own ``.grace/catalog``; never the bundled example unless asked for it (``grace init --example``,
``catalog: grace:example``)."""

from __future__ import annotations

from pathlib import Path
from typing import Final

from grace.errors import ProjectError

REPOSITORY_CATALOG: Final = Path(".grace") / "catalog"
"""Where a repository keeps its own talents (``grace catalog import … .grace/catalog``); what a
``grace.yaml`` without ``catalog:`` reads."""

EXAMPLE_CATALOG: Final = "grace:example"
"""``catalog: grace:example`` in a ``grace.yaml`` names the bundled example catalog."""

RULE_FOLDERS: Final = (
    ("cursor", Path(".cursor") / "rules"),
    ("copilot", Path(".github") / "instructions"),
    ("claude", Path(".claude") / "rules"),
    ("agent-skills", Path(".claude") / "skills"),
)
"""Rule folders other tools read, each with the ``--format`` that imports it."""


def locate_init_catalog(
    folder: Path, *, catalog: Path | None, configured: Path | None, example: bool
) -> tuple[Path | None, Path | str | None]:
    """The catalog ``grace init`` enables talents from, and the one it names in ``grace.yaml``.

    In order: ``--catalog`` (named in the file), ``GRACE_CATALOG`` (not named: the variable
    stays in charge), ``--example`` (the bundled example, named ``grace:example``), then the
    repository's own ``FOLDER/.grace/catalog`` (named). Without any of them the bundled
    example is never enabled in its place.

    Returns:
        ``(catalog to read, catalog to name)``; a ``None`` to read stands for the bundled
        example, a string to name is written as is (:data:`EXAMPLE_CATALOG`).

    Raises:
        ProjectError: none of them; the message says how to import the repository's rules
            (the rule folders found in ``folder`` first) or how to try the example.
    """
    if catalog is not None:
        return catalog, catalog
    if configured is not None:
        return configured, None
    if example:
        return None, EXAMPLE_CATALOG
    own = folder / REPOSITORY_CATALOG
    if own.is_dir():
        return own, own
    raise ProjectError(
        f"no talent catalog in {folder} ({REPOSITORY_CATALOG.as_posix()} is missing): import "
        f"your rules first ({import_steps(folder)}), then run `grace init` again; or name a "
        "catalog with --catalog (or GRACE_CATALOG); `grace init --example` enables the "
        "bundled example catalog to try GRACE"
    )


def import_steps(folder: Path) -> str:
    """The ``grace catalog import`` command(s) that fill ``folder/.grace/catalog``: one per rule
    folder found in ``folder`` (Cursor, Copilot, Claude), else the generic one; ``; ``-joined."""
    found = [(fmt, rel) for fmt, rel in RULE_FOLDERS if (folder / rel).is_dir()]
    steps = [f"grace catalog import -f {fmt} {rel.as_posix()} {REPOSITORY_CATALOG.as_posix()}"
             for fmt, rel in found] or [
        f"grace catalog import -f cursor|copilot|claude|agent-skills RULES "
        f"{REPOSITORY_CATALOG.as_posix()}"]
    return "; ".join(steps)


def missing_catalog(project_file: Path) -> ProjectError:
    """The error of a ``grace.yaml`` without ``catalog:`` beside which ``.grace/catalog`` is
    missing: one line, saying how to import one or how to name the bundled example."""
    folder = project_file.parent
    return ProjectError(
        f"{project_file} names no catalog and {REPOSITORY_CATALOG.as_posix()} is missing beside "
        f"it: import your rules in {folder} ({import_steps(folder)}), or set `catalog: FOLDER` "
        f"in it (`catalog: {EXAMPLE_CATALOG}` for the bundled example catalog)"
    )
