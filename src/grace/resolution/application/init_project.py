"""``InitProject``: write a ``grace.yaml`` for a repository (``grace init``)."""

from __future__ import annotations

import os
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Final, Protocol

from grace.errors import ProjectError
from grace.lexical import analyse
from grace.resolution.application.catalog_queries import default_selection
from grace.resolution.application.hybrid import persona_heard
from grace.resolution.domain.activation import language_allows
from grace.resolution.domain.languages import (
    SQL_STACK_WORDS,
    foreign_frameworks,
    frameworks_of_talent,
    language_unused,
    older_version,
    page_app_foreign,
    persona_language,
    persona_stack,
    persona_unused,
    rule_subject,
    stack_languages,
    stack_words,
    talent_name_words,
    written_in,
)
from grace.resolution.domain.ports import CatalogReader
from grace.resolution.domain.talent import PROJECT_FILE, Talent, check_talent_id
from grace.resolution.domain.text import hollow_headings, override_claims, unfinished_ending
from grace.text import words


class ProjectWriter(Protocol):
    """Writes a project file atomically and returns its path (the ``grace.yaml`` adapter).

    Raises:
        ProjectError: the file exists and ``overwrite`` is false, or the folder is missing.
    """

    def __call__(self, path: Path, *, name: str, languages: Sequence[str],
                 talents: Mapping[str, bool], catalog: str | None = None,
                 overwrite: bool = False, relevance: str | None = None,
                 stack: Sequence[str] = (), vocabulary: Sequence[str] = ()) -> Path: ...


RELEVANCE_FROM: Final = 40
"""Enabled talents from which ``grace init`` writes ``relevance: embeddings`` (decision 0023):
with relevance off every enabled talent competes for the token budget in role order, which
serves a 29-talent catalog of one project well (seed 001, the bundled example) and imported
rule packs badly (precision 4 % on the polyglot set's 179 rules, decision 0010)."""


@dataclass(frozen=True, slots=True)
class InitReport:
    """What ``grace init`` wrote: the file, the talents enabled, the languages declared, and the
    talents of the default selection left disabled (written ``false``) because their
    ``languages`` do not meet the project's."""

    path: Path
    talents: tuple[str, ...]
    languages: tuple[str, ...]
    left_disabled: tuple[str, ...] = ()
    relevance: str | None = None
    stack: tuple[str, ...] = ()
    foreign: tuple[str, ...] = ()
    """Talents of the default selection left disabled because they are written for another
    application framework of the project's language than the one its stack names."""
    vocabulary: tuple[str, ...] = ()
    """The repository's own words, written ``vocabulary:``."""
    other_script: tuple[str, ...] = ()
    """Talents of the default selection left disabled because they are written in another
    script than the Latin one (:func:`~grace.resolution.domain.languages.written_in`: the C#
    instructions in Japanese and in Korean, beside the English ones)."""
    other_stack: tuple[str, ...] = ()
    """Talents of the default selection left disabled because they are written as a persona
    whose expertise list is mostly what the stack does not name
    (:func:`~grace.resolution.domain.languages.persona_unused`: Solidity, Viem and Wagmi beside
    Next.js)."""
    hollow: tuple[str, ...] = ()
    """Talents of the default selection left disabled because their body is titles with
    nothing under them (:func:`~grace.resolution.domain.text.hollow_headings`) or a few lines
    that end announcing what never comes (:func:`~grace.resolution.domain.text.
    unfinished_ending`)."""
    override: tuple[str, ...] = ()
    """Talents of the default selection left disabled because they are override prompts: they
    claim precedence over the agent's other instructions and steer its own conduct on every task
    (:func:`~grace.resolution.domain.text.override_claims`: TaskSync forbids it to end the
    session); serving one is the project's decision."""
    unread: tuple[str, ...] = ()
    """Dependency manifests that exist but could not be read (``"apps/web/package.json: not
    valid JSON"``): the stack written is short of what they declare."""
    older: tuple[str, ...] = ()
    """Talents of the default selection left disabled because they are written for a
    dependency's code before a major version the project is past
    (:func:`~grace.resolution.domain.languages.older_version`: a Svelte 4 rule in a Svelte 5
    project)."""
    asking_always: tuple[str, ...] = ()
    """Enabled talents that ask to be always applied (an imported ``alwaysApply: true``): served
    when a task calls for them, never on every task unless ``grace.yaml`` says so."""


MAX_VOCABULARY_SHARE: Final = 0.05
"""A repository word said by more than this share of the catalog's talents is no
``vocabulary:`` word (:func:`rare_in_catalog`)."""


def _text(talent: Talent) -> str:
    """A talent's name, summary and longest body: what :func:`written_in` reads."""
    return " ".join([talent.name, talent.summary,
                     max(talent.bodies.values(), key=len, default="")])


def rare_in_catalog(found: Sequence[str], talents: Sequence[Talent]) -> list[str]:
    """The words of ``found`` (the repository's own, :func:`~grace.resolution.domain.
    activation.repository_vocabulary`) that at most :data:`MAX_VOCABULARY_SHARE` of the
    catalog's ``talents`` say (name, summary, triggers or ``full`` body; the word or its plural):
    the ones that would match a handful of rules about something else — ``ticket`` in a
    helpdesk meets 23 of 876 imported rules, among them a Jira-ticket template; ``order``
    meets 182 (SQL's ORDER BY, "in order to") and matches nothing in particular, while the
    SQL rules' own BM25 reads it (decision 0010, thirteenth follow-up)."""
    if not found or not talents:
        return list(found)
    wanted = {w: (w, w + "s") for w in found}
    said: Counter[str] = Counter()
    for t in talents:
        text = set(words(" ".join([t.name, t.summary, " ".join(t.triggers),
                                   t.bodies.get("full", "")])))
        said.update(w for w, forms in wanted.items() if not text.isdisjoint(forms))
    return [w for w in found if said[w] <= MAX_VOCABULARY_SHARE * len(talents)]


def _other_stack(talent: Talent, stack: Sequence[str], vocabulary: Sequence[str],
                 languages: Sequence[str] = ()) -> bool:
    """Whether ``talent`` is a persona written for another stack than the project's
    dependencies (``stack``) and own words (``vocabulary``) say
    (:func:`~grace.resolution.domain.languages.persona_unused`; the words and their English
    stems, as the hybrid step's ``product`` channel reads them), or one whose expertise starts
    with a language the project's ``languages`` do not hold (:func:`~grace.resolution.domain.
    languages.language_unused`: "an expert in Solidity, TypeScript, Next.js…")."""
    first = persona_language(talent.bodies["full"])
    if first is not None and language_unused(first, languages):
        return True
    items = persona_stack(talent.bodies["full"])
    if not items:
        return False
    said = " ".join([*stack, *vocabulary])
    heard = set(analyse(said, language="english")) | set(analyse(said))
    return bool(persona_unused(items, persona_heard(set(words(said)), heard),
                               rule_subject(talent.name, talent.id)))


class InitProject:
    """Write ``<folder>/grace.yaml`` enabling ``talents`` of ``catalog``.

    Without talents, every non-draft talent is enabled except the lower-priority side of each
    conflict (:func:`~grace.resolution.application.catalog_queries.default_selection`) and
    those whose ``languages`` do not meet the project's (a talent without languages always
    does; a project without languages meets every talent, as in ``resolve``'s language
    filter): those are written ``false``, so ``grace enable`` serves one and ``doctor`` does not
    call them forgotten. Without languages, they are detected from the folder's files
    (``detect_languages``), and ``sql`` is one of them when the stack names a database, its
    driver, an ORM or a migration tool (:data:`~grace.resolution.domain.languages.
    SQL_STACK_WORDS`). With :data:`RELEVANCE_FROM` enabled talents or more, the file says
    ``relevance: embeddings``. ``detect_stack`` reads the folder's dependencies (written
    ``stack:``); when their words name an application framework, the talents written for
    another framework of the same language (a Django rule in a FastAPI repository:
    :func:`~grace.resolution.domain.languages.foreign_frameworks`) are written ``false`` too.
    ``detect_vocabulary`` reads the repository's own words from its file names (written
    ``vocabulary:``: :func:`~grace.resolution.domain.activation.repository_vocabulary`).
    ``detect_unread`` lists the manifests it could not read (reported, never an error).
    ``detect_majors`` reads the major versions its manifests pin (``{"svelte": 5}``): a talent
    written for a dependency's code before a break the project is past
    (:func:`~grace.resolution.domain.languages.older_version`: Svelte 4 beside Svelte 5) is
    written ``false``.
    Talents written in another script, with a hollow body or making override claims
    (:func:`~grace.resolution.domain.text.override_claims`) are written ``false`` as well.
    """

    def __init__(self, catalog: CatalogReader, write: ProjectWriter,
                 detect_languages: Callable[[Path], list[str]],
                 detect_stack: Callable[[Path], list[str]] | None = None,
                 detect_vocabulary: Callable[[Path], list[str]] | None = None,
                 detect_majors: Callable[[Path], Mapping[str, int]] | None = None,
                 detect_unread: Callable[[Path], list[str]] | None = None) -> None:
        self._catalog, self._write, self._detect = catalog, write, detect_languages
        self._detect_stack = detect_stack
        self._detect_vocabulary = detect_vocabulary
        self._detect_majors = detect_majors
        self._detect_unread = detect_unread

    def __call__(self, folder: Path, *, talents: Sequence[str] | None = None,
                 languages: Sequence[str] | None = None, name: str | None = None,
                 catalog: Path | str | None = None, overwrite: bool = False) -> InitReport:
        """Write the file.

        Args:
            catalog: the catalog folder to name in the file (relative to ``folder`` so that the
                file is portable), or a name written as is (``grace:example``); ``None``: the
                configured catalog (``GRACE_CATALOG``), not written.

        Raises:
            ProjectError: missing folder, unknown talent, existing file without ``overwrite``.
            InvalidIdError: a malformed talent id.
        """
        if not folder.is_dir():
            raise ProjectError(f"folder not found: {folder}")
        catalog_talents = {t.id: t for t in self._catalog.talents()}
        chosen = list(talents) if talents else default_selection(list(catalog_talents.values()))
        for tid in chosen:
            check_talent_id(tid)
            if tid not in catalog_talents:
                raise ProjectError(f"unknown talent {tid!r}: see `grace catalog list`")
        langs = [x.lower() for x in languages] if languages else self._detect(folder)
        stack = self._detect_stack(folder) if self._detect_stack is not None else []
        said = stack_words(stack)  # the dependencies' words (``@angular/core`` -> angular)
        # a dependency's word (``firestore`` of ``cloud_firestore``) is the stack's, not the
        # repository's own: it may name a rule's subject
        vocabulary = ([w for w in rare_in_catalog(self._detect_vocabulary(folder),
                                                  list(catalog_talents.values()))
                       if w not in said]
                      if self._detect_vocabulary is not None else [])
        # a database in the stack: its schema and queries are SQL (the ``pg`` gem whole: its
        # name is too short to be one of the stack's words)
        if not languages and langs and "sql" not in langs and SQL_STACK_WORDS & (
                set(said) | {dep.lower() for dep in stack}):
            langs.append("sql")
        left: list[str] = []
        foreign: list[str] = []
        other_stack: list[str] = []
        other_script: list[str] = []
        hollow: list[str] = []
        override: list[str] = []
        older: list[str] = []
        if not talents:  # the default selection; talents named with --talent are the user's
            left = [t for t in chosen if not language_allows(catalog_talents[t].languages, langs)]
            chosen = [t for t in chosen if t not in set(left)]
            if stack:
                known = stack_languages(said)  # a Typer CLI is built on no FastAPI
                foreign = [t for t in chosen if (frameworks := frameworks_of_talent(
                    catalog_talents[t].name, t, catalog_talents[t].summary)) and (
                        foreign_frameworks(frameworks, said, (), catalog_talents[t].languages,
                                           known=known)
                        or page_app_foreign(frameworks, said))]
                chosen = [t for t in chosen if t not in set(foreign)]
                left += foreign
                other_stack = [t for t in chosen if _other_stack(catalog_talents[t], stack,
                                                                 vocabulary, langs)]
                chosen = [t for t in chosen if t not in set(other_stack)]
                left += other_stack
            majors = self._detect_majors(folder) if self._detect_majors is not None else {}
            if majors:
                older = [t for t in chosen if older_version(
                    talent_name_words(catalog_talents[t].name, t), _text(catalog_talents[t]),
                    majors)]
                chosen = [t for t in chosen if t not in set(older)]
                left += older
            other_script = [t for t in chosen if written_in(_text(catalog_talents[t]))]
            chosen = [t for t in chosen if t not in set(other_script)]
            left += other_script
            hollow = [t for t in chosen if hollow_headings(body := catalog_talents[t].bodies[
                "full"]) or unfinished_ending(body)]
            chosen = [t for t in chosen if t not in set(hollow)]
            left += hollow
            override = [t for t in chosen if override_claims(catalog_talents[t].bodies["full"])]
            chosen = [t for t in chosen if t not in set(override)]
            left += override
        catalog_ref = catalog if isinstance(catalog, str) else None
        if isinstance(catalog, Path):
            catalog_ref = os.path.relpath(catalog.resolve(), folder.resolve())
        switches = dict.fromkeys(chosen, True) | dict.fromkeys(left, False)
        relevance = "embeddings" if len(chosen) >= RELEVANCE_FROM else None
        path = self._write(folder / PROJECT_FILE, name=name or folder.resolve().name,
                           languages=langs,
                           talents=dict(sorted(switches.items())) if left else switches,
                           catalog=catalog_ref, overwrite=overwrite, relevance=relevance,
                           stack=stack, vocabulary=vocabulary)
        unread = self._detect_unread(folder) if self._detect_unread is not None else []
        return InitReport(path, tuple(chosen), tuple(langs), tuple(left), relevance,
                          tuple(stack), tuple(foreign), tuple(vocabulary), tuple(other_script),
                          tuple(other_stack), tuple(hollow), tuple(override), tuple(unread),
                          tuple(older),
                          tuple(t for t in chosen if catalog_talents[t].always))
