"""Use case ``doctor``: what is wrong with a project and its catalog, and how to fix it."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final, Literal

from grace.resolution.application.init_project import RELEVANCE_FROM
from grace.resolution.domain.compiler import render_block
from grace.resolution.domain.graph import DependencyGraph
from grace.resolution.domain.ports import CatalogReader, TokenCounter
from grace.resolution.domain.talent import DEPTHS, Project, Talent
from grace.resolution.domain.text import (
    hollow_headings,
    override_claims,
    split_sections,
    unfinished_ending,
)
from grace.resolution.domain.usage import (
    MIN_RESOLVES_FOR_NEVER_SERVED,
    UsageLog,
    UsageStats,
    tally,
)

Severity = Literal["error", "warning", "info"]


@dataclass(frozen=True, slots=True)
class Finding:
    """One problem. ``code`` is stable (for scripts), ``message`` and ``fix`` are for people."""

    severity: Severity
    code: str
    subject: str
    message: str
    fix: str


@dataclass(frozen=True, slots=True)
class DoctorReport:
    """All findings, errors first, then by code and subject."""

    project: str
    catalog_size: int
    enabled: int
    findings: tuple[Finding, ...]

    @property
    def errors(self) -> int:
        return sum(f.severity == "error" for f in self.findings)

    @property
    def warnings(self) -> int:
        return sum(f.severity == "warning" for f in self.findings)


class Doctor:
    """Check a project against its catalog.

    Args:
        catalog: the project's catalog.
        counter: token counter (for the body-size checks).
        token_budget: the default resolve budget (tokens): a talent whose compact block alone
            exceeds it can never be served.
        relevance: the project's relevance (``off`` / ``embeddings``, after ``--relevance``,
            ``GRACE_RELEVANCE`` and ``grace.yaml``): off with
            :data:`~grace.resolution.application.init_project.RELEVANCE_FROM` active talents
            or more is a warning (``relevance_off``, decision 0023).
        usage: the project's usage log: once it holds
            :data:`~grace.resolution.domain.usage.MIN_RESOLVES_FOR_NEVER_SERVED` resolves,
            enabled talents never served nor fetched are reported (``never_served``).
    """

    def __init__(self, catalog: CatalogReader, counter: TokenCounter, *, token_budget: int,
                 usage: UsageLog | None = None, relevance: str | None = None) -> None:
        self._relevance = relevance
        self._catalog = catalog
        self._counter = counter
        self._budget = token_budget
        self._usage = usage

    def __call__(self, project: Project) -> DoctorReport:
        """Run every check (never raises for a problem it can report)."""
        out: list[Finding] = []
        catalog = {t.id: t for t in self._catalog.talents()}
        graph = DependencyGraph(catalog)
        where = project.source or "grace.yaml"

        for path, message in self._catalog.problems():
            out.append(Finding("error", "invalid_manifest", path, message, "fix the manifest"))
        enabled = [t for t in project.enabled if t in catalog]
        invalid = ""
        if self._catalog.problems():
            invalid = " (or its manifest is invalid: see invalid_manifest)"
        for tid in project.enabled:
            if tid not in catalog:
                out.append(
                    Finding(
                        "error", "unknown_id", tid,
                        f"{where} enables {tid}, which is not in the catalog{invalid}",
                        f"remove {tid} from {where} or add it to the catalog",
                    )
                )
        active = {t for t in enabled if catalog[t].status != "draft"}
        for tid in sorted(set(enabled) - active):
            out.append(
                Finding(
                    "warning", "enabled_draft", tid,
                    f"{tid} is enabled but its status is draft: it is never served",
                    f"finish it and set status: stable, or disable {tid}",
                )
            )
        for m in graph.missing_prerequisites(active):
            draft = m.missing in enabled
            out.append(
                Finding(
                    "error", "missing_prerequisite", m.talent,
                    f"{m.talent} {m.edge} {m.missing}, which "
                    + ("is a draft" if draft else "the project does not enable")
                    + f": {m.missing} is never served",
                    f"finish {m.missing} (status: stable)" if draft
                    else f"enable {m.missing} in {where}",
                )
            )
        for u in graph.unknown_references(catalog):
            dangling = u.field == "recommends"
            out.append(
                Finding(
                    "warning" if dangling else "error",
                    "dangling_recommends" if dangling else "unknown_reference",
                    u.talent,
                    f"{u.talent} {u.field} {u.unknown}, which is not in the catalog",
                    f"remove {u.unknown} from {u.field} of {u.talent}, or add it to the catalog",
                )
            )
        for cycle in graph.cycles(catalog):
            out.append(
                Finding(
                    "error", "cycle", cycle[0],
                    "dependency cycle over requires/includes: " + " → ".join(cycle),
                    "break the cycle: one of these must not require the other",
                )
            )
        for c in graph.conflicts(active):
            out.append(
                Finding(
                    "error", "conflict", c.first,
                    f"{c.first} and {c.second} are both enabled but conflict: only the "
                    "higher-ranked one is served",
                    f"disable {c.first} or {c.second} in {where}",
                )
            )
        for t in catalog.values():
            headings = split_sections(t.bodies["full"])
            for s in t.sections:
                if s.name not in headings:
                    out.append(
                        Finding(
                            "error", "unknown_section", t.id,
                            f"{t.id} declares section {s.name!r}, which is no '## ' heading "
                            f"of its full body: its grace_get pointer would fail",
                            f"rename it to one of: {', '.join(headings) or '(no heading)'}",
                        )
                    )
            hollow = hollow_headings(t.bodies["full"]) if t.id in active else ()
            if hollow:
                out.append(
                    Finding(
                        "warning", "hollow_body", t.id,
                        f"{t.id}: its body is {len(hollow)} titles with nothing under them "
                        f"({', '.join(hollow[:3])} …): it tells an agent nothing",
                        f"write the guidance under each title, or disable {t.id} in {where}",
                    )
                )
            unfinished = (unfinished_ending(t.bodies["full"])
                          if t.id in active and not hollow else "")
            if unfinished:
                out.append(
                    Finding(
                        "warning", "hollow_body", t.id,
                        f"{t.id}: its body stops on {unfinished!r}, announcing what never "
                        f"comes: it tells an agent little",
                        f"write what it announces, or disable {t.id} in {where}",
                    )
                )
            claims = override_claims(t.bodies["full"]) if t.id in active else ()
            if claims:
                out.append(
                    Finding(
                        "warning", "override_prompt", t.id,
                        f"{t.id} claims precedence over the agent's other instructions ("
                        + ", ".join(f"“{c}”" for c in claims[:3]) + "): an override prompt "
                        "steers the agent's own conduct on every task it is served with, "
                        "whatever the task",
                        f"disable {t.id} in {where} unless every agent of the project should "
                        "obey it (then `always: true` says so)",
                    )
                )
            if t.extra_fields:
                out.append(
                    Finding(
                        "warning", "unknown_field", t.id,
                        f"{t.id} has unknown manifest field(s): {', '.join(t.extra_fields)}",
                        "remove them or check their spelling (docs/catalog-format.md)",
                    )
                )
            compact = self._counter.count(render_block(t, "compact"))
            if t.id in active and compact > self._budget:
                out.append(
                    Finding(
                        "error", "compact_over_budget", t.id,
                        f"{t.id}: its compact block alone is {compact} tokens, more than the "
                        f"{self._budget}-token budget: it can never be served",
                        "shorten compact.md or raise GRACE_TOKEN_BUDGET",
                    )
                )
            for depth in DEPTHS:
                limit = t.token_budget.get(depth)
                size = self._counter.count(t.bodies[depth])
                if limit is not None and size > limit:
                    out.append(
                        Finding(
                            "warning", "body_over_declared_budget", t.id,
                            f"{t.id}: {depth}.md is {size} tokens, over its declared "
                            f"token_budget.{depth} of {limit}",
                            f"shorten {depth}.md or raise token_budget.{depth}",
                        )
                    )
        always = set(project.always)
        asking = [tid for tid in enabled if catalog[tid].always and tid not in always]
        if asking:
            shown = ", ".join(asking[:10]) + (f" and {len(asking) - 10} more" if len(asking) > 10
                                             else "")
            out.append(
                Finding(
                    "info", "always_apply_not_always", f"{len(asking)} talents",
                    f"{len(asking)} enabled talents ask to be always applied (imported "
                    f"alwaysApply): {shown}. GRACE serves them when the task or the files in "
                    "play call for them, not on every task",
                    f"to serve one on every task: `ID: {{enabled: true, always: true}}` in "
                    f"{where}",
                )
            )
        for tid in sorted(always - set(enabled)):
            out.append(
                Finding(
                    "warning", "always_not_enabled", tid,
                    f"{tid} is marked always but not enabled or not in the catalog",
                    f"set `enabled: true` for it in {where}, or remove it",
                )
            )
        if self._relevance == "off" and len(active) >= RELEVANCE_FROM:
            out.append(
                Finding(
                    "warning", "relevance_off", f"{len(active)} talents",
                    f"relevance is off: every one of the {len(active)} active talents competes "
                    "for the token budget in role order, whatever the task",
                    f"add `relevance: embeddings` to {where} (or GRACE_RELEVANCE=embeddings)",
                )
            )
        out += _not_enabled(catalog, project, where)
        out += _language_mismatch([catalog[t] for t in sorted(active)], project, where)
        if self._usage is not None:
            out += _never_served(tally(self._usage.events(), catalog=list(catalog),
                                       enabled=sorted(active)), where)
        rank = {"error": 0, "warning": 1, "info": 2}
        out.sort(key=lambda f: (rank[f.severity], f.code, f.subject, f.message))
        return DoctorReport(project.name, len(catalog), len(project.enabled), tuple(out))


MAX_GROUPS: Final = 10
"""``not_enabled`` reports at most this many id-prefix groups; the rest is one more finding."""
SHOWN_IDS: Final = 5
"""Ids named in a grouped finding's message; the rest is counted."""


def _sample(ids: list[str]) -> str:
    shown = ", ".join(ids[:SHOWN_IDS])
    return shown + (f" and {len(ids) - SHOWN_IDS} more" if len(ids) > SHOWN_IDS else "")


def _not_enabled(catalog: dict[str, Talent], project: Project, where: str) -> list[Finding]:
    """Non-draft talents of the catalog that ``grace.yaml`` neither enables nor disables, one
    finding per id prefix (``cursor.*``), the largest groups first."""
    listed = {*project.enabled, *project.disabled}
    groups: dict[str, list[str]] = {}
    for tid in sorted(catalog):
        if tid not in listed and catalog[tid].status != "draft":
            groups.setdefault(tid.split(".", 1)[0], []).append(tid)
    ordered = sorted(groups.items(), key=lambda kv: (-len(kv[1]), kv[0]))
    if len(ordered) > MAX_GROUPS:
        rest = [tid for _, ids in ordered[MAX_GROUPS - 1:] for tid in ids]
        ordered = [*ordered[: MAX_GROUPS - 1], ("*", sorted(rest))]
    out = []
    for prefix, ids in ordered:
        pattern = "*" if prefix == "*" else f"{prefix}.*"
        if len(ids) <= SHOWN_IDS:
            named = " ".join(ids)
            fix = (f"`grace enable {named}`, or `grace disable {named}` to say "
                   f"{'it is' if len(ids) == 1 else 'they are'} left out on purpose")
        else:
            fix = (f"`grace enable '{pattern}'` (enabled ones stay enabled), or `grace disable "
                   "ID…` for those left out on purpose")
        out.append(
            Finding(
                "warning", "not_enabled", f"{pattern} ({len(ids)})",
                f"{len(ids)} talent(s) of the catalog neither enabled nor disabled in "
                f"{where}, so never served: {_sample(ids)}",
                fix,
            )
        )
    return out


def _language_mismatch(active: list[Talent], project: Project, where: str) -> list[Finding]:
    """Enabled talents whose ``languages`` never meet the project's, one finding per language
    set (nothing when the project declares no language: then every talent applies)."""
    if not project.languages:
        return []
    groups: dict[tuple[str, ...], list[str]] = {}
    for t in active:
        if t.languages and set(t.languages).isdisjoint(project.languages):
            groups.setdefault(tuple(sorted(t.languages)), []).append(t.id)
    out = []
    for langs, ids in sorted(groups.items(), key=lambda kv: (-len(kv[1]), kv[0])):
        out.append(
            Finding(
                "warning", "language_mismatch", f"{', '.join(langs)} ({len(ids)})",
                f"{len(ids)} enabled talents apply only to {' or '.join(langs)}, not a language "
                f"of the project ({', '.join(project.languages)}): they are served only when a "
                f"file in play is in that language: {_sample(ids)}",
                f"`grace disable` them, or add {langs[0]} to `languages` in {where}",
            )
        )
    return out


def _never_served(stats: UsageStats, where: str) -> list[Finding]:
    """One finding for the enabled talents neither served nor fetched over the history, once it
    holds :data:`MIN_RESOLVES_FOR_NEVER_SERVED` resolves."""
    if stats.resolves < MIN_RESOLVES_FOR_NEVER_SERVED:
        return []
    ids = [t.id for t in stats.talents if t.enabled and t.never_served]
    if not ids:
        return []
    return [
        Finding(
            "warning", "never_served", f"{len(ids)} talents",
            f"{len(ids)} enabled talent(s) were never served nor fetched over the last "
            f"{stats.resolves} resolves ({stats.first} to {stats.last}): {_sample(ids)}",
            f"check their triggers, roles and languages (`grace stats`), or `grace disable` "
            f"them in {where}",
        )
    ]
