"""Import existing rule ecosystems (Agent Skills, Cursor rules, Copilot instructions) as talents.

Each rule file becomes a talent folder ``DEST/<id>/`` (docs/catalog-format.md). What the importer
decides, since a rule file does not say it:

* **id**: the ``grace.id`` of the front matter when there is one (a file ``grace export``
  wrote: the talent keeps its id through any format); else ``<prefix>.<slug>`` with the prefix
  of the format (``skill.``, ``cursor.``, ``copilot.``, ``claude.``) and the slug of the
  front-matter ``name`` (else the skill folder or the file stem, with Cursor's
  ``-cursorrules-prompt-file`` noise removed). Files are processed sorted by path; a repeated
  id gets ``-2``, ``-3`` ... (explicit ids first, then a file named exactly so keeps the plain
  id, see :func:`allocate_ids`): the same source always gives the same ids.
* **type**: ``practice`` for skills and Cursor rules; ``convention`` for Copilot instructions,
  which are coding conventions scoped to files by ``applyTo``.
* **agents**: every role of :data:`~grace.resolution.domain.talent.ROLES` as ``optional``
  (after the talents a catalog marks ``required`` or ``recommended``), less ``backend`` for a
  rule written for browser frameworks or style sheets only, less ``frontend`` for one written
  for API frameworks only (:func:`roles_of_rule`).
* **priority** 50, **version** ``imported``, no ``token_budget`` (no author limit).
* **tags**: ``imported``, the format, the folders between the import root and the file, the
  languages and formats of the globs (:mod:`.globs`), ``always-apply`` for such Cursor rules.
* **languages**: the front matter's ``grace.languages`` when given; else the programming
  languages of the globs — only the one a rule named after a language alone names, when the
  globs match it (``cursor.cpp`` globs ``**/*.c`` too: it is C++'s); when they name none
  (``**/*``, no globs), the languages the rule's name binds it to
  (:data:`~grace.resolution.domain.languages.FRAMEWORK_LANGUAGES`: ``django-rest`` ->
  python, ``angular-typescript`` -> typescript); else empty (= any).
* **triggers**: the languages of the globs (else their formats: ``markdown``, ``docker`` ...)
  and their known extensions (``tsx``, ``py``), the id's words as a phrase (``react zustand``,
  up to four words), then up to eight key terms (:mod:`.keyterms`) of the summary that
  discriminate within the batch (in at most 10 % of its summaries and 8 % of its bodies, for
  batches of 20 or more: never general vocabulary such as "validation" or "context").
* **activation.paths**: the globs as written (Cursor ``globs``, Copilot ``applyTo``, Claude
  Code ``paths``); **activation.always**: Cursor ``alwaysApply`` (metadata: the project decides
  what is always served).
* **summary**: the description (else the body's first paragraph), whitespace collapsed, cut
  to 300 characters at a sentence or a word.
* **bodies and sections**: see :mod:`.depths`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Final, Literal

from grace.errors import GraceError, ImportRulesError
from grace.resolution.adapters.filesystem_catalog import MANIFEST
from grace.resolution.adapters.importers.depths import (
    compact_depth,
    full_depth,
    section_entries,
    standard_depth,
)
from grace.resolution.adapters.importers.globs import kind_of_extension, pattern_facts
from grace.resolution.adapters.importers.keyterms import document_frequency, key_terms
from grace.resolution.adapters.importers.rule_files import find_rule_files, read_rule, shown_path
from grace.resolution.adapters.importers.rule_parser import (
    ParsedRule,
    RuleFormat,
    first_paragraph,
    summarize,
)
from grace.resolution.adapters.importers.talent_writer import render_talent, write_talent_folder
from grace.resolution.domain.languages import (
    frameworks_of_talent,
    languages_of_rule,
    languages_of_rule_name,
    says_full_stack,
    side_of_rule,
    talent_name_words,
)
from grace.resolution.domain.talent import MAX_ID_LENGTH, ROLES, Depth

PREFIXES: Final[dict[RuleFormat, str]] = {
    "agent-skills": "skill",
    "cursor": "cursor",
    "copilot": "copilot",
    "claude": "claude",
}
TALENT_TYPES: Final[dict[RuleFormat, str]] = {
    "agent-skills": "practice",
    "cursor": "practice",
    "copilot": "convention",
    "claude": "convention",
}
MAX_TERM_SHARE: Final = 0.1
"""A key term found in more than this share of the batch's summaries is not a trigger: it does
not tell rules apart (IDF below ln 10)."""
MAX_BODY_SHARE: Final = 0.08
"""Nor one found in more than this share of the batch's *bodies*: general vocabulary. Measured on
the 876 real rules: "validation" is in 29–51 % of the bodies of each collection, "context" 27–48 %,
"review" 8–37 %, "plan" 11–18 %; "fastapi", "pydantic", "django", "kubernetes" 0–4 %."""
MIN_BATCH_FOR_SHARE: Final = 20
"""Below this many rules in one import the share says nothing (every term is in 1 of 1)."""
MAX_PATHS: Final = 200
_SUFFIX_ROOM: Final = 4


Change = Literal["added", "updated", "unchanged"]
HEADER: Final = "# Imported by grace ({fmt}) from {path}"
"""First line of an imported ``talent.yaml``: it names the format and the rule file (relative to
the import root), so a later import of the same source recognises its own talents."""


@dataclass(frozen=True, slots=True)
class ImportedRule:
    """The rule file ``path`` written as the talent folder ``folder`` with id ``id``.

    ``change``: ``added`` (new folder), ``updated`` (the same rule file imported before, its
    talent rewritten in place) or ``unchanged`` (the same files as before: nothing written).
    """

    path: Path
    id: str
    folder: Path
    change: Change = "added"


@dataclass(frozen=True, slots=True)
class RemovedRule:
    """A talent of DEST imported earlier in the same format whose rule file this import did not
    find (``source``: the path its header names). Left in place: the user decides."""

    id: str
    source: str


@dataclass(frozen=True, slots=True)
class FailedRule:
    """The rule file ``path`` was not imported, and why (``too large``, ``not UTF-8`` ...)."""

    path: Path
    reason: str


@dataclass(frozen=True, slots=True)
class ImportReport:
    """What :func:`import_rules` did; both tuples are sorted by the rule file's path.

    Attributes:
        imported: the talents written.
        failed: the files not imported, each with a reason.
    """

    imported: tuple[ImportedRule, ...]
    failed: tuple[FailedRule, ...]
    removed_from_source: tuple[RemovedRule, ...] = ()

    def count(self, change: Change) -> int:
        """Number of imported talents with this ``change``."""
        return sum(r.change == change for r in self.imported)

    @property
    def found(self) -> int:
        """Number of matching files found (imported + failed)."""
        return len(self.imported) + len(self.failed)

    @property
    def imported_count(self) -> int:
        """Number of talents written."""
        return len(self.imported)

    @property
    def failed_count(self) -> int:
        """Number of files not imported."""
        return len(self.failed)

    def to_dict(self) -> dict[str, object]:
        """The report with its counts, for JSON output (paths and dataclasses left as they are)."""
        return {
            "found": self.found,
            "imported_count": self.imported_count,
            "failed_count": self.failed_count,
            "added": self.count("added"),
            "updated": self.count("updated"),
            "unchanged": self.count("unchanged"),
            "removed_from_source_count": len(self.removed_from_source),
            "imported": list(self.imported),
            "failed": list(self.failed),
            "removed_from_source": list(self.removed_from_source),
        }


def allocate_ids(fmt: RuleFormat, rules: list[ParsedRule]) -> list[str]:
    """Unique talent ids for ``rules`` (returned in their order): ``<prefix>.<slug>``.

    Rules that carry their id (:attr:`ParsedRule.grace_id`, an export of GRACE's) claim it
    first, then rules named as they are (not :attr:`ParsedRule.renamed`), then the others, each
    group in order; a taken id gets ``-2``, ``-3`` ... So ``medusa.mdc`` is ``cursor.medusa``
    and ``medusa-cursorrules.mdc`` ``cursor.medusa-2``, whatever their order.
    """
    prefix = PREFIXES[fmt]
    room = MAX_ID_LENGTH - len(prefix) - 1 - _SUFFIX_ROOM
    taken: set[str] = set()
    ids = [""] * len(rules)

    def claim_order(i: int) -> tuple[bool, bool, int]:
        return rules[i].grace_id is None, rules[i].renamed, i

    for index in sorted(range(len(rules)), key=claim_order):
        given = rules[index].grace_id
        base = given or f"{prefix}.{rules[index].slug[:room].rstrip('-')}"
        candidate, n = base, 2
        if candidate in taken and len(base) > MAX_ID_LENGTH - _SUFFIX_ROOM:  # a long given id
            base = base[: MAX_ID_LENGTH - _SUFFIX_ROOM].rstrip("-.")
        while candidate in taken:
            candidate, n = f"{base}-{n}", n + 1
        taken.add(candidate)
        ids[index] = candidate
    return ids


def build_manifest(
    fmt: RuleFormat,
    rule: ParsedRule,
    talent_id: str,
    summary: str,
    terms: tuple[str, ...],
    full: str,
) -> dict[str, object]:
    """The ``talent.yaml`` mapping of an imported rule (field choices: module docstring).

    Args:
        terms: key terms of the summary, best first (:func:`.keyterms.key_terms`).
        full: the ``full`` body, whose ``## `` headings become ``sections``.
    """
    facts = pattern_facts(rule.patterns)
    # a rule named after one language alone is that language's, whatever else its globs match
    # (`cursor.cpp`'s `**/*.c`: a C++ rule of exceptions and smart pointers on C firmware)
    own = languages_of_rule_name(rule.name, talent_id)
    globbed = (own if len(own) == 1 and own[0] in facts.languages else facts.languages)
    languages = (rule.grace_languages if rule.grace_languages is not None
                 else globbed or languages_of_rule(rule.slug.split("-"), f"{summary}\n{full}"))
    tags = ["imported", PREFIXES[fmt], *rule.collection, *facts.kinds]
    if rule.always_apply:
        tags.append("always-apply")
    words = rule.slug.split("-")
    phrase = [" ".join(words)] if len(words) <= 4 and len(rule.slug) <= 60 else []
    kinds = globbed or facts.kinds
    extensions = [
        e for e in facts.extensions
        if len(e) >= 2 and e not in kinds and kind_of_extension(e) in kinds
    ]
    triggers = [*kinds, *extensions[:6], *phrase, *terms]
    activation: dict[str, object] = {"triggers": list(dict.fromkeys(t for t in triggers if t))}
    paths = [p.strip()[:500] for p in rule.patterns if p.strip()][:MAX_PATHS]
    if paths:
        activation["paths"] = paths
    if rule.always_apply:
        activation["always"] = True
    manifest: dict[str, object] = {
        "id": talent_id,
        "name": rule.name,
        "version": "imported",
        "type": TALENT_TYPES[fmt],
        "summary": summary,
        "tags": list(dict.fromkeys(t[:200] for t in tags if t)),
        "agents": dict.fromkeys(roles_of_rule(rule.name, talent_id, summary, facts.kinds),
                                "optional"),
        "priority": {"default": 50},
        "activation": activation,
        "languages": list(languages),
    }
    sections = section_entries(full)
    if sections:
        manifest["sections"] = sections
    return manifest


CLIENT_ONLY_ROLES: Final = tuple(r for r in ROLES if r != "backend")
"""The roles of a rule written for the browser only (:func:`roles_of_rule`)."""
SERVER_ONLY_ROLES: Final = tuple(r for r in ROLES if r != "frontend")
"""The roles of a rule written for the server only."""


def roles_of_rule(
    name: str, talent_id: str, summary: str, kinds: tuple[str, ...]
) -> tuple[str, ...]:
    """The roles an imported rule is for, each ``optional`` in ``agents``: every role of
    :data:`~grace.resolution.domain.talent.ROLES`, less ``backend`` for a rule written for
    browser frameworks only or for style sheets and pages (``cursor.react-zustand``,
    ``cursor.tanstack-router``: "… for React apps", ``copilot.tailwind`` on ``**/*.css``),
    less ``frontend`` for one written for API frameworks only (``cursor.python-fastapi``) —
    :func:`~grace.resolution.domain.languages.side_of_rule` of the frameworks its name (else
    its summary) names, of the libraries its name names and of its globs' ``kinds``. A
    back-end agent of a monorepo was served the TanStack Query rules, a front-end one the
    Spring Boot testing rules: an imported rule said nothing of who it is for (decision 0010,
    thirteenth follow-up). A rule that says it is written for a full-stack application
    (:func:`~grace.resolution.domain.languages.says_full_stack`: "full-stack", SvelteKit) is
    for every role.
    """
    if says_full_stack(name, summary):
        return ROLES
    side = side_of_rule(frameworks_of_talent(name, talent_id, summary),
                        talent_name_words(name, talent_id), kinds)
    return (CLIENT_ONLY_ROLES if side == "client" else SERVER_ONLY_ROLES if side == "server"
            else ROLES)


def import_rules(
    fmt: RuleFormat,
    src: Path,
    dest: Path,
    *,
    overwrite: bool = False,
    on_progress: Callable[[int, int], None] | None = None,
) -> ImportReport:
    """Import every rule file of ``src`` as a talent folder of the catalog ``dest``.

    One bad file never stops the others: it is listed in ``failed`` with its reason. Each
    manifest is validated before it is written, so every folder written loads with
    :func:`~grace.resolution.adapters.filesystem_catalog.load_talent`. Memory holds the parsed
    files of one import at once (about their total size).

    Args:
        fmt: ``agent-skills`` (``SKILL.md``), ``cursor`` (``*.mdc``) or ``copilot``
            (``*.instructions.md``).
        src: one rule file, or a folder searched recursively.
        dest: the catalog folder to write to; created if missing.
        overwrite: replace a talent folder that already exists and was not imported from this
            rule file (else that file fails). A folder imported from the same rule file (same
            format, same path under ``src``: its first line, :data:`HEADER`) is updated in
            place, or left alone when its files are the same.
        on_progress: called as ``(done, total)`` once per file, when its fate is known.

    Raises:
        ImportRulesError: unknown format, ``src`` missing or holding no rule file, ``dest``
            not creatable.
    """
    files = find_rule_files(fmt, src)
    try:
        dest.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise ImportRulesError(f"{dest}: cannot create the catalog folder ({exc})") from exc
    if not dest.is_dir():
        raise ImportRulesError(f"{dest}: not a folder")
    total, done = len(files), 0
    failed: list[FailedRule] = []
    parsed: list[ParsedRule] = []

    def tick() -> None:
        nonlocal done
        done += 1
        if on_progress is not None:
            on_progress(done, total)

    for path in files:
        try:
            parsed.append(read_rule(fmt, src, path))
        except ImportRulesError as exc:
            failed.append(FailedRule(path, str(exc)))
            tick()
    summaries = [
        summarize(r.description or first_paragraph(r.body) or r.name) for r in parsed
    ]
    frequency = document_frequency(summaries)
    in_bodies = document_frequency(r.body for r in parsed)
    imported: list[ImportedRule] = []
    for rule, talent_id, summary in zip(
        parsed, allocate_ids(fmt, parsed), summaries, strict=True
    ):
        try:
            terms = tuple(
                t for t in key_terms(
                    summary, body=rule.body, frequency=frequency, documents=len(summaries)
                )
                if len(summaries) < MIN_BATCH_FOR_SHARE
                or (frequency.get(t, 0) <= MAX_TERM_SHARE * len(summaries)
                    and in_bodies.get(t, 0) <= MAX_BODY_SHARE * len(summaries))
            )
            full = full_depth(rule.body)
            bodies: dict[Depth, str] = {
                "compact": compact_depth(summary, rule.body),
                "standard": standard_depth(full),
                "full": full,
            }
            manifest = build_manifest(fmt, rule, talent_id, summary, terms, full)
            header = HEADER.format(fmt=fmt, path=shown_path(src, rule.source))
            files_text = render_talent(manifest, bodies, header=header + "\n")
            previous = _previous_files(dest / talent_id, files_text)
            if previous is None:
                change: Change = "added"
            elif previous.get(MANIFEST, "").split("\n", 1)[0] != header:
                change = "added"  # another talent of the same id: --overwrite decides
            else:
                change = "unchanged" if previous == files_text else "updated"
            folder = dest / talent_id
            if change != "unchanged":
                folder = write_talent_folder(
                    dest, talent_id, files_text, overwrite=overwrite or change == "updated"
                )
            imported.append(ImportedRule(rule.source, talent_id, folder, change))
        except (GraceError, OSError) as exc:
            failed.append(FailedRule(rule.source, str(exc)))
        tick()
    return ImportReport(
        imported=tuple(imported),
        failed=tuple(sorted(failed, key=lambda f: f.path)),
        removed_from_source=_removed(fmt, dest, {shown_path(src, p) for p in files}),
    )


def _previous_files(folder: Path, files: dict[str, str]) -> dict[str, str] | None:
    """The texts of ``files``' names in an existing talent ``folder`` (``None``: no such
    folder; a name missing from it maps to nothing)."""
    if folder.is_symlink() or not folder.is_dir():
        return None
    out: dict[str, str] = {}
    for name in files:
        try:
            out[name] = (folder / name).read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError):
            continue
    return out


def _removed(fmt: RuleFormat, dest: Path, found: set[str]) -> tuple[RemovedRule, ...]:
    """Talents of ``dest`` imported in ``fmt`` from a path not in ``found`` (sorted by id).

    Only the first line of each ``talent.yaml`` is read. A catalog that holds two sources of
    the same format lists the other source's talents here too (the header names a path
    relative to its import root, not the root).
    """
    prefix = HEADER.format(fmt=fmt, path="")
    out: list[RemovedRule] = []
    for folder in sorted(p for p in dest.iterdir() if p.is_dir() and not p.name.startswith(".")):
        try:
            with (folder / MANIFEST).open(encoding="utf-8") as fh:
                first = fh.readline().rstrip("\n")
        except (OSError, UnicodeDecodeError):
            continue
        if first.startswith(prefix) and first[len(prefix):] not in found:
            out.append(RemovedRule(folder.name, first[len(prefix):]))
    return tuple(out)

