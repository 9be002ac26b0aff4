"""Label set (b): real changelog tasks against rules imported from real catalogs.

Builds, in a work folder: the imported catalog (the three folders of ``rule-catalogs/``), one
project file per language of the tasks (``grace-typescript.yaml``…) enabling the rules of every
labelled stack and declaring that language, as ``grace init`` declares the languages it finds
in a repository (each changelog row names its repository's language: a change to
angular/angular is made in a TypeScript project), and labelled tasks whose ``expected`` ids are
the imported rules of the task's stack (weak labels from ``stack_to_rule_paths.weak.json``:
keyword matches, not human judgement).

Each project file also declares the task's stack as ``stack:`` (decision 0023), as ``grace init``
reads it from a repository's manifests — except a stack named after its language (``rust``),
which no manifest lists: run with ``GRACE_RELEVANCE_STACK_WEIGHT=0`` for the figures without it.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Final

from grace.errors import GraceError
from grace.resolution.adapters.importers.rules import import_rules
from grace.resolution.adapters.project_file import write_project_file
from grace.resolution.application.evaluation import LabelledTask
from grace.resolution.domain.languages import frameworks_of_name, side_of_rule

FOLDERS: Final = (
    ("agent-skills", "agent-skills"),
    ("cursor", "cursor/rules"),
    ("copilot", "copilot/instructions"),
)


def build_changelog_set(
    data: Path, work: Path, *, per_stack: int = 10, seed: int = 0
) -> tuple[Path, list[LabelledTask]]:
    """Import the rules, write the project, sample ``per_stack`` tasks per stack.

    Args:
        data: the ``shared/data`` folder.
        work: a folder to write ``catalog/`` and ``grace.yaml`` into (re-used when present).
        per_stack: tasks sampled per stack (seeded, so the same set every run).

    Returns:
        (the project file of the first language, the labelled tasks; each task names its
        own project file).

    Raises:
        GraceError: the data folder is missing its files.
    """
    rules_root = data / "rule-catalogs"
    weak = data / "tasks" / "stack_to_rule_paths.weak.json"
    changelog = data / "tasks" / "changelog_tasks.jsonl"
    for needed in (rules_root, weak, changelog):
        if not needed.exists():
            raise GraceError(f"missing {needed}: the changelog set needs ../shared/data")
    catalog = work / "catalog"
    id_of: dict[str, str] = {}
    for fmt, sub in FOLDERS:
        report = import_rules(fmt, rules_root / sub, catalog, overwrite=True)  # type: ignore[arg-type]
        for rule in report.imported:
            id_of[str(Path(rule.path).resolve().relative_to(rules_root.resolve()))] = rule.id
    stacks: dict[str, list[str]] = json.loads(weak.read_text(encoding="utf-8"))["stacks"]
    expected = {s: sorted({id_of[p] for p in paths if p in id_of}) for s, paths in stacks.items()}
    enabled = sorted({i for ids in expected.values() for i in ids})
    projects: dict[tuple[str, str], Path] = {}

    def project_of(language: str, stack: str = "") -> Path:
        if (language, stack) not in projects:
            slug = "".join(c for c in language.lower() if c.isalnum()) or "any"
            name = f"{slug}-{stack}" if stack else slug
            projects[language, stack] = write_project_file(
                work / f"grace-{name}.yaml",
                name=f"changelog-{name}",
                languages=[language] if slug != "any" else [],
                talents={i: True for i in enabled},
                catalog="catalog",
                overwrite=True,
                stack=[stack] if stack and stack != slug else [],
            )
        return projects[language, stack]

    by_stack: dict[str, list[dict[str, str]]] = {}
    for line in changelog.read_text(encoding="utf-8").splitlines():
        if line.strip():
            row = json.loads(line)
            by_stack.setdefault(row["stack"], []).append(row)
    rng = random.Random(seed)
    tasks: list[LabelledTask] = []
    for stack in sorted(by_stack):
        if not expected.get(stack):
            continue
        rows = sorted(by_stack[stack], key=lambda r: r["id"])
        for row in rng.sample(rows, min(per_stack, len(rows))):
            tasks.append(
                LabelledTask(
                    id=row["id"],
                    task=row["text"],
                    role=_role_of(stack),
                    project=str(project_of(row.get("language") or "", stack)),
                    expected=tuple(expected[stack]),
                    lang="en",
                    area=stack,
                )
            )
    first = next(iter(projects.values()), None) or project_of("")
    return first, tasks


def _role_of(stack: str) -> str:
    """The role of the developer a changelog entry of ``stack`` comes from: ``frontend`` for
    a browser framework or library (``react``, ``vue``, ``tailwindcss``:
    :func:`~grace.resolution.domain.languages.side_of_rule`), else ``backend``. Until the
    importer said which side a rule is for, every task was ``backend`` and the role decided
    nothing (decision 0010, thirteenth follow-up)."""
    side = side_of_rule(frameworks_of_name([stack]), [stack], ())
    return "frontend" if side == "client" else "backend"
