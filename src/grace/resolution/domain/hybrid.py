"""Hybrid relevance selection: dense, lexical, trigger and file evidence, a calibrated
out-of-domain gate, a bounded cut.

The seed 000 selector (:mod:`.relevance`) scores a talent by its centred cosine plus a bonus per
shared 5-character stem. On real imported catalogs that breaks (issue 11): prefixes match
unrelated words, one shared stem outweighs most cosine differences, a fixed FLOOR does not
transfer between catalogs, and the margin cut balloons when the top score is weak. Every choice
below was measured on two labelled sets (docs/decisions/0010-resolution-on-real-catalogs.md).

Channels per candidate:

* ``dense``: centred cosine of the task with the talent's header (name, summary, triggers),
  raised towards its best body chunk's, minus its *hubness*:
  ``header + chunk_weight · max(0, chunk − header) − hub_weight · hub``, where ``hub`` is the
  talent's mean dense score over out-of-domain probe requests. Talents close to every request
  ("hubs", Radovanović, Nanopoulos & Ivanović, JMLR 2010) otherwise top unrelated tasks; the
  correction is the idea of CSLS (Conneau et al., ICLR 2018) with probes as the reference set;
* ``lexical``: normalised BM25 in [0, 1] (Snowball stems, stop words out) over the whole talent,
  and ``lexical_head`` over its header only;
* ``triggers``: ``activation.triggers`` found in the task as whole words or phrases (seed 001's
  matching, never 5-character prefixes), and the talent's *name terms* found in the task or
  its files (words of its name or id that few talents of the catalog use anywhere, such as
  ``express``, ``livewire``, ``django``: the caller decides which; a framework whose own
  identifiers the task quotes counts as named, ``ngOnInit`` → angular,
  :func:`~grace.resolution.domain.languages.frameworks_told`), ``min(count, 3) / 3``;
* ``path``: normalised BM25 over the whole talent of the words of the files in play's paths
  (:func:`~grace.resolution.domain.activation.path_words`: ``accounts/migrations/…`` names a
  Django migration even when the task does not), times their specificity (the mean ``idf /
  max idf`` of those words in the catalog): a path's common words (``items``, ``models``)
  saturate BM25 on any talent that uses them and say little, its rare ones say much;
* ``where``: 1 when one of the talent's name terms is found only in the files in play (their
  path words, or a framework whose conventions they follow: ``*.component.ts`` → angular),
  else 0 — the file says which stack the task is about even when the task does not
  ("Corrige le bug de pagination" on ``contract-list.component.ts``); like a glob match, it
  opens the gate; ``unnamed_glob`` of that for a talent whose subject is named nowhere (the
  ``kotlin`` folder of ``src/main/kotlin`` says nothing of a Kotlin MCP server);
* ``glob``: the specificity (:func:`~grace.resolution.domain.activation.glob_strength`) of the
  talent's globs when a file in play matched one, else 0; ``unnamed_glob`` of that when the
  talent's subject (``zustand`` in "React Zustand") is named neither by the task, its files
  nor the stack (``**/*.tsx`` says the file is React, not that it uses Zustand), or when the
  matched file is of none of the talent's languages (``turbo.json`` and a NestJS rule's
  ``**/*.json``). A talent without specific globs is matched by its ``languages`` instead,
  with the language's specificity among the candidates as the strength
  (:func:`~grace.resolution.domain.activation.language_activation`: one of three Swift rules
  counts more than one of 55 TypeScript rules).

* ``role``: the talent's ``agents`` rank for the request's role (:data:`ROLE_PRIOR`: required
  1, recommended 0.5, optional 0) — the curator's own statement of what a role needs.
* ``foreign``: 1 when the talent is written for another application framework than the one
  the project depends on (when the project declares none: the one the task names or its files
  show, :func:`~grace.resolution.domain.languages.task_frameworks`), in a language of that
  framework, and neither the task nor its files name it
  (:func:`~grace.resolution.domain.languages.foreign_frameworks`: a Django rule in a FastAPI
  repository, a React rule in an Angular one), else 0; a penalty. Such a
  talent's glob match is not counted either: ``**/*.py`` of a FastAPI rule presumes a FastAPI
  project. A talent written for another product of a family the project uses (``stranger``:
  TanStack Router where the project's TanStack is Query) counts as foreign, and so does a rule
  for a product (``product``: Azure, Power Platform, Qdrant — a proper name of the catalog's
  summaries that names a family of rules) that neither the project's known dependencies, the
  task nor its files name.

``stack`` (1 when the talent is named after a dependency of the project, computed by the
caller) counts ``unsaid_stack`` of itself when the talent's subject — a library beside the
framework, React Router's ``router`` — is said by a dependency but not by the task or its files.

``concern`` (1 when the task is the work of a cross-cutting concern — security,
accessibility, performance, code review — that the talent's name says, computed by the caller)
lifts such rules as the stack lifts the framework's own.

Fusion ``sum`` (default), a calibrated sum (each channel has an absolute meaning):
``dense + w_lex · lexical + w_head · lexical_head + w_path · path + w_trigger · triggers
+ w_where · where + w_glob · glob + w_role · role + w_stack · stack + w_concern · concern
− w_foreign · foreign`` (``w_foreign_unnamed`` for another stack's talent no name term of which
the task or its files hold).
``rrf``: reciprocal rank fusion, ``Σ 1 / (k + rank)`` over the channels where the candidate has
a positive signal (``foreign`` is not one; Cormack, Clarke & Büttcher, SIGIR 2009, k = 60),
scaled by k.

Gate (out of domain): nothing is kept when no glob (or language) matched, no name term was found
in the files in play (``where``) and the best ``dense`` is below the
floor. The floor is calibrated per catalog by the caller: the 90th percentile of the best dense
scores out-of-domain probe requests reach on the same catalog (a percentile, not the maximum: on
broad catalogs one probe lands on some everyday-topic rule), minus ``probe_margin``, never below
``floor``; it is
``trigger_slack`` lower when some talent has one of its triggers in the task, or when the task
names code (an identifier, a call, a route, a file name) or files are in play. Lexical scores
never open the gate (measured: they separate in-domain from out-of-domain tasks no better than
chance).

Second gate criterion, *domain*: the task's raw cosine with its nearest talent header minus its
raw cosine with its nearest probe request. A software task is nearer to some talent than to
any generic everyday request; "Quelle assurance habitation choisir ?" is not. The level is
calibrated on the probes themselves, leave-one-out (each probe's nearest talent minus its
nearest *other* probe), at :attr:`HybridParams.domain_percentile`: a task below what a
typical probe scores is out of domain, unless a glob matched or a name term of some talent is
in the task or its files (a named stack is evidence enough). Nearest-centroid / nearest-
neighbour novelty detection against a reference set of known negatives; AUC between in-domain
and out-of-domain tasks 0.93 (example) and 0.96 (polyglot) against 0.75 and 0.92 for the best
hub-corrected dense score (decision 0010).

Third criterion, *software request*: the task's raw cosine with its nearest generic software
request (a fixed reference set of kinds of coding work, no stack named) minus its raw cosine with
its nearest probe. Above its level the task is a software task whatever its words ("Add a PATCH
endpoint" names no talent and no code, and e5-small's dense score for it stays under the floor):
the floor is ``trigger_slack`` lower, as for a task that names code, and the domain criterion is
met. The level is the midpoint between the highest leave-one-out score of a probe (an everyday
request at its most software-like) and the median leave-one-out score of a software request: a
two-class nearest-neighbour decision whose boundary comes from the two reference sets alone,
never from a label set (decision 0010, sixth follow-up).

Its other side, *everyday request*: a task whose software-request score is below
``everyday_level`` (0: nearer to some everyday probe than to every software request, the plain
nearest-neighbour decision between the two reference sets) is everyday talk, and the gate stays
closed whatever catalog words it shares ("est-ce que je dois facturer la TVA ?" against a
billing catalog, "the rust on my bike chain" for a tester) — unless it names code, a glob or a
language matched, a name term is in the task or its files, or it names one of the project's
dependencies that some talent is named after or triggered by (``stack_named``: "with Celery" in
a Celery project whose catalog has no Celery rule is no such evidence; decision 0010, tenth
follow-up).

Fourth criterion, *general question*: the task's raw cosine with its nearest general question of
computing (a third reference set: textbook questions, no stack named) minus its raw cosine with
its nearest software request. At or above its level (:meth:`HybridSelector.question_level`, the
same midpoint rule between those two sets) the task asks for knowledge, not for work on the
project, and the gate stays closed ("What is the difference between TCP and UDP?" in a Rails
project) — unless it names code, a glob or a language matched, a talent's name term near it in
meaning, one of the project's dependencies, is a concern's work, or speaks of the team's own
work ("how should we …", "in this app", the repository's own words: the caller then gives no
score; decision 0027).

Cut: the top candidate, then every candidate with ``score ≥ ratio · top`` and
``score ≥ top − margin`` — or ``score ≥ sibling_ratio · top`` for a sibling of the top candidate:
one with a name term it has too that at most ``sibling_max`` candidates have (both Rust rules
for "make clippy pass"), or whose name names a framework its name names, at most ``family_max``
candidates' names naming it, ``sibling_k`` of them at most (decision 0010 ninth follow-up) —,
at most ``max_kept`` (``max_kept_text`` when no file is in play: a task of words alone, on a
weak, flat score, kept its whole tail of look-alikes — decision 0010, thirteenth follow-up),
``stack_k`` of them at most on the stack's lift alone (a score below the bar without its
``w_stack`` part: the framework's rules that only share the project's framework with the task),
charged against ``budget`` tokens at the depth that will be served. The next ``also_k``
candidates above ``also_ratio · top`` are offered as "also relevant" pointers, none written for
another framework or product, nor a procedure for a job nothing says
(:meth:`HybridColumns.inapplicable`).
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Final, Literal

import numpy as np
import numpy.typing as npt

from grace.resolution.domain.deferred import Deferred
from grace.resolution.domain.languages import APP_FRAMEWORKS, LANGUAGE_NAMES
from grace.resolution.domain.relevance import Decision, Explanation, Selection

Fusion = Literal["sum", "rrf"]
RRF_K: Final = 60
"""Cormack et al. 2009: k = 60."""
ROLE_PRIOR: Final[dict[str, float]] = {"required": 1.0, "recommended": 0.5, "optional": 0.0}
"""The curator's ``agents`` rank for the role as evidence (seed 001 orders by it); an imported
catalog ranks every talent ``optional`` for every role, so there it weighs nothing."""


@dataclass(frozen=True, slots=True)
class HybridParams:
    """Parameters of :class:`HybridSelector`; defaults measured in decision 0010.

    Attributes:
        floor: absolute lower bound of the gate's floor (centred cosine).
        probe_percentile: which percentile of the probes' best dense scores calibrates the floor.
        domain_percentile: which percentile of the probes' leave-one-out domain scores is the
            domain criterion's level (:meth:`HybridSelector.domain_level`).
        probe_margin: the calibrated floor is that percentile minus this.
        trigger_slack: how much lower the floor is when a talent has a trigger in the task.
        margin: keep scores within this distance of the top (1.0: the ratio alone decides).
        ratio: keep scores of at least this fraction of the top.
        sibling_ratio: the same fraction for a talent with a name term the top talent has
            too (it is named after what the task names, as the top is; decision 0010, ninth
            follow-up) ...
        sibling_max: ... when at most this many candidates carry that name term ...
        family_max: ... or for a talent whose name names a framework the top talent's name
            names, when at most this many candidates' names name it (``cursor.fastapi`` and
            ``cursor.python-fastapi-best-practices``; 7 FastAPI rules of 447).
        sibling_k: at most this many talents are kept by the sibling bar (seven Vue rules
            for "Add a Vue component" would be the whole family).
        everyday_level: a task whose software-request score (raw cosine with its nearest
            software request minus raw cosine with its nearest probe) is below this, and that
            names no code, no talent's name term and no dependency, is an everyday request:
            the gate stays closed (0: the nearest-neighbour boundary between the two reference
            sets; decision 0010, tenth follow-up).
        max_kept: at most this many talents kept (before closure).
        max_kept_text: at most this many when no file is in play (no glob matched, no file's
            language spoke): two new users' judged precision on text-only tasks rose from
            0.27–0.28 to 0.32 at 5, for one label of 57 on the example set (decision 0010,
            thirteenth follow-up).
        dense_lead: a talent cut only by ``max_kept`` whose dense score is at least this much
            above every kept talent's takes the place of the last kept one (the lowest score
            but the top's): the talent nearest the task in meaning is not lost to rules the
            stack and shared words lifted (``skill.next-intl-add-language``, dense 0.22
            against 0.05–0.16, was sixth behind five Next.js rules for « Internationaliser
            l'application web »; decision 0010, fifteenth follow-up). ``inf``: never.
        budget: token cap of the kept set (tokens, at the depth requested; the standard
            depth for ``auto``, which the compiler may then deepen within the token budget); the
            top talent is kept whatever its cost.
        w_stack: weight of a name term found among the project's dependencies only (decision
            0023: under a file in play's ``w_where``; never gate evidence). 0.6 since decision
            0010's sixteenth follow-up (0.3 before): two new users' text-only back-end tasks
            (Kotlin on Spring Boot, Rails) lost the framework's own rules to skills sharing one
            word with the task (``skill.technical-job-search`` for a Sidekiq job).
        w_foreign: how much lower a talent written for another application framework than
            the project's scores (:func:`~grace.resolution.domain.languages.foreign_frameworks`;
            decision 0010, sixth follow-up).
        w_foreign_unnamed: how much lower such a talent — or one for another product of a
            family the project uses, or for a product nothing names — scores when no name term
            of it is in the task or its files either: kept on its meaning and words alone, it is
            another stack's (decision 0026: ``skill.typespec-api-operations``, a Microsoft 365
            TypeSpec skill, was the top of "Add a PATCH endpoint" in a FastAPI project on the
            trigger ``patch``; Dataverse's Python SDK rules on a French retry task); one named
            (``cursor.snowflake-snowpark-dbt`` by ``dbt`` in a dbt project) weighs
            ``w_foreign``.
        w_migration: how much lower a migration's rule scores when the task asks for no
            migration (:func:`~grace.resolution.domain.languages.migration_of_name`:
            ``copilot.convert-jpa-to-spring-data-cosmos`` on "Add pagination"; its glob counts
            nothing either; decision 0010, twelfth follow-up).
        w_starter: how much lower a rule for starting a new project scores when the task asks
            for no new one (:func:`~grace.resolution.domain.text.starts_project`: a Laravel
            package developer's persona "tasked with creating a new package", the MCP server
            generators, ``skill.create-spring-boot-java-project``; its glob counts nothing
            either; decision 0010, twentieth follow-up).
        unnamed_glob: what a glob match counts (times ``w_glob`` and its strength), and a
            file's path word (times ``w_where``; decision 0010, sixteenth follow-up), for a
            talent whose subject (:func:`~grace.resolution.domain.languages.rule_subject`:
            ``zustand`` in "React Zustand") neither the task, its files nor the stack names
            (decision 0010, seventh follow-up).
        unsaid_stack: what the stack's lift counts (times ``w_stack``) for a talent whose
            subject — a library beside the framework: ``router`` of "React Router",
            ``riverpod``, ``xunit``, ``htmx`` of "HTMX Django" — the task and its files do not
            say, though a dependency does: a library's rule is the stack's on the tasks about
            that library; the framework's own rules (no subject) are lifted whole (decision
            0010, seventeenth follow-up: ``skill.csharp-xunit`` served on 19 of a .NET
            trial's 26 tasks, ``cursor.htmx-django`` on 19 of a Django one's).
        stack_k: at most this many talents kept on the stack's lift alone (fusion ``sum``: a
            row whose score less its ``w_stack`` part is below the bar), the top included: a
            framework with 30 rules named after it (Next.js) filled every place of a task
            about something else with rules that only share the project's framework; the
            seven new users' trials 259 / 503 → 258 / 481 judged relevant (2: 237 / 437;
            decision 0010, eighteenth follow-up). 2 since the files in play's imports say
            which dependency a task's file uses (decision 0024): on the twelve judged sets
            precision +17.6 points summed (Next.js +8.9), recall −2.5 on FastAPI's alone;
            1 lost 40 points of recall.
        w_concern: weight of a cross-cutting concern's rule on that concern's work (``concern``:
            the security rules on a rate-limiting task, the accessibility ones on an accessible
            form); such rules have no language and no glob, so only this lifts them beside the
            framework's rules: ``w_stack``'s weight, measured against 0.4 and 0.5 on nine new
            users' trials (decision 0010, eighteenth follow-up).
        skill_said: a procedure for one job (an imported Agent Skill, :attr:`HybridCandidate.
            unasked`) whose subject neither the task, its files nor the stacks name is kept only
            as the top talent or on other evidence than its meaning and words (a name term, a
            glob, a file's language, a dependency, a concern; :meth:`HybridColumns.
            meaning_only`), or when its name names a framework that frames the task (React 18's
            patterns in a React project: the stack's job): ten new users' trials 397 / 743 → 396
            / 709 judged relevant, the polyglot set's precision 79.9 → 81.9 % at the same recall
            (decision 0010, nineteenth follow-up).
        keep_floor: the least score at which a talent is kept on its meaning and words alone
            (:meth:`HybridColumns.meaning_only`) when the project's or the files' package's
            dependencies name the framework that frames the task (``framed_by`` not
            ``"task"``), or that declares dependencies of a language and no framework of
            it (:attr:`HybridColumns.known`: a command-line tool on Typer and httpx, decision
            0030): there the framework's rules come with the stack's lift and a weak match
            of meaning alone is filler — twelve new users' judges found 1 of 18 such rows
            relevant below 0.5, and the cut rows stay pointers ("also relevant"); the trials
            474 / 859 → 473 / 835 judged relevant (0.4: 474 / 851; 0.6: 469 / 819). The top
            too (twenty-second follow-up: an Expo app's "Write a Postgres migration" got an
            ad-campaign skill as its top; fifteen trials 551 / 1 088 → 551 / 1 086). Without
            a framework the dependencies name (the label sets), meaning alone is how a stack's
            rules are found (« Réduis les clone() inutiles » → the Rust rules; decision 0010,
            twentieth follow-up).
    """

    chunk_weight: float = 0.5
    hub_weight: float = 1.0
    w_lex: float = 3.0
    w_head: float = 1.0
    w_path: float = 1.0
    w_where: float = 0.8
    w_trigger: float = 0.4
    w_glob: float = 0.8
    w_role: float = 0.5
    w_stack: float = 0.6
    w_foreign: float = 0.3
    w_foreign_unnamed: float = 1.0
    w_migration: float = 1.0
    w_starter: float = 1.0
    unnamed_glob: float = 0.25
    unsaid_stack: float = 0.25
    stack_k: int = 2
    w_concern: float = 0.6
    skill_said: bool = True
    floor: float = 0.05
    probe_percentile: float = 90.0
    probe_margin: float = 0.005
    domain_percentile: float = 75.0
    trigger_slack: float = 0.12
    margin: float = 1.0
    ratio: float = 0.7
    sibling_ratio: float = 0.5
    sibling_max: int = 5
    family_max: int = 12
    sibling_k: int = 2
    everyday_level: float = 0.0
    max_kept: int = 8
    max_kept_text: int = 5
    dense_lead: float = 0.05
    budget: int = 3000
    also_k: int = 5
    also_ratio: float = 0.4
    keep_floor: float = 0.5
    fusion: Fusion = "sum"


@dataclass(frozen=True, slots=True)
class HybridCandidate:
    """One candidate's channels.

    Attributes:
        dense: centred cosine of the header with the task, in [-1, 1].
        cosine: raw cosine, for reference.
        lexical: normalised BM25 in [0, 1] over the whole talent.
        tokens: cost against ``budget`` at the depth to be served (tokens).
        chunk: best centred cosine of a body chunk with the task (``-1`` without chunks).
        lexical_head: normalised BM25 in [0, 1] over its header.
        glob_strength: how specific the matched globs are (1.0: one kind of file).
        hub: the talent's mean dense score over the out-of-domain probes.
        triggers: its ``activation.triggers`` found in the task.
        glob / file: the matched pattern and file in play, or ``None``.
        role_rank: its ``agents`` rank for the request's role (``required``,
            ``recommended``, ``optional``), or ``None`` when unknown.
        lexical_path: normalised BM25 in [0, 1] of the files' path words over the whole
            talent times their specificity (0 without files in play).
        names: its name terms found in the task or its files (they count as triggers).
        where: those of ``names`` found in the files in play only (the ``where`` channel).
        stack: its name terms found among the project's dependencies only (the ``stack``
            channel; never gate evidence: a dependency says what the project is built with,
            not what the task is about).
        foreign: the application frameworks it is written for when they are another one than
            the project's (the ``foreign`` channel, a penalty).
        unnamed: its subject when a glob matched and neither the task, its files nor the
            stack names it (the glob then counts ``unnamed_glob`` of itself).
        off_kind: the kind of the matched file when it is none of the talent's languages (a
            ``json`` file matched by a TypeScript rule's ``**/*.json``; the glob then counts
            ``unnamed_glob`` of itself too).
        language: the language of ``file`` when the talent, without specific globs, was
            activated by it (:func:`~grace.resolution.domain.activation.language_activation`;
            it then counts as a glob match of strength ``glob_strength``); ``""`` otherwise.
        families: the application frameworks its name names (its family, for the sibling
            bar of the cut: :func:`sibling_of`).
        migration: why its name makes it a migration's rule, when the task asks for no
            migration, or what it moves away from (``from oracle``) when the task asks for one
            and nothing names that, or what it moves (``of spring``, ``of issue fields``) when
            the task asks for one and does not name that (the ``migration`` channel, a
            penalty); ``()`` otherwise.
        starter: what says it is for starting a new project, package or application
            (:func:`~grace.resolution.domain.text.starts_project`: "creating a new package")
            when the task asks for no new one (the ``starter`` channel, a penalty); ``""``
            otherwise.
        stranger: the words of its subject the project's dependencies hold when no one of them
            names it whole: another product of a family the project uses
            (:func:`~grace.resolution.application.hybrid.family_stranger`; it weighs as
            ``foreign``); ``()`` otherwise.
        product: the products its subject names (:func:`~grace.resolution.domain.languages.
            rule_products`: ``azure`` of ``skill.azure-pricing``) when the project's
            dependencies are known and neither they, the task nor its files name one of them:
            a rule for a product the project does not use (it weighs as ``foreign``); ``()``
            otherwise.
        unsaid: its subject when ``stack`` lifts it and neither the task nor its files say a
            word of it (the lift then counts ``unsaid_stack`` of itself); ``()`` otherwise.
        unimported: the dependency words that lift it (``stack``) when the files in play were
            read for their imports and import none of them (computed by the caller: a FastAPI
            rule on a SQLAlchemy model's file; the lift then counts ``unsaid_stack`` of
            itself); ``()`` otherwise.
        concern: ``(concern, why)`` when the task is work of a cross-cutting concern its name
            says (``("security", "the task says security")`` for
            ``copilot.security-and-owasp``; computed by the caller), else ``()``.
        unasked: its subject when it is a procedure for one job (an imported Agent Skill)
            that neither the task, its files nor the stacks name (computed by the caller;
            ``("twitter", "scraper")`` for ``skill.x-twitter-scraper`` on a REST endpoint's
            task): unless it is the top talent, it is kept only on other evidence than its
            meaning and words (:attr:`HybridParams.skill_said`), else ``()``.
        language_named: its name names its ``language`` itself (``csharp-docs`` activated by a
            ``.cs`` file, not ``ruff-recursive-fix`` by a ``.py`` one): that activation is
            evidence of its subject (:meth:`HybridColumns.by_language_alone`).
    """

    id: str
    dense: float
    cosine: float
    lexical: float
    tokens: int
    chunk: float = -1.0
    lexical_head: float = 0.0
    glob_strength: float = 1.0
    hub: float = 0.0
    triggers: tuple[str, ...] = ()
    glob: str | None = None
    file: str | None = None
    role_rank: str | None = None
    lexical_path: float = 0.0
    names: tuple[str, ...] = ()
    where: tuple[str, ...] = ()
    stack: tuple[str, ...] = ()
    foreign: tuple[str, ...] = ()
    unnamed: tuple[str, ...] = ()
    off_kind: str = ""
    language: str = ""
    families: tuple[str, ...] = ()
    migration: tuple[str, ...] = ()
    starter: str = ""
    stranger: tuple[str, ...] = ()
    product: tuple[str, ...] = ()
    unsaid: tuple[str, ...] = ()
    unimported: tuple[str, ...] = ()
    concern: tuple[str, str] | tuple[()] = ()
    unasked: tuple[str, ...] = ()
    language_named: bool = False

    @property
    def evidence(self) -> tuple[str, ...]:
        """Triggers and name terms found in the task, without repeats."""
        return tuple(dict.fromkeys((*self.triggers, *self.names)))


def _depends(words: Sequence[str], packaged: frozenset[str]) -> list[str]:
    """The stack channel's explanation: the words from the files' own package, then the
    project's."""
    told = [w for w in words if w in LANGUAGE_NAMES and w not in APP_FRAMEWORKS]
    own = [w for w in words if w in packaged and w not in told]
    rest = [w for w in words if w not in packaged and w not in told]
    return ([f"its package depends on {', '.join(own)}"] if own else []) + (
        [f"the project depends on {', '.join(rest)}"] if rest else []) + (
        [f"the task is in {', '.join(told)}, which no framework of the project frames"]
        if told else [])


@dataclass(frozen=True, slots=True)
class HybridColumns:
    """Candidates as columns, one row each: what :meth:`HybridSelector.select_columns`
    scores without one Python object per candidate (issue 13: 1 000 talents per request).

    Row ``i`` stands for the :class:`HybridCandidate` whose fields are the ``i``-th entries
    below; the facts few candidates have are sparse (row -> value, absent: empty or ``None``),
    and those needed only to cut or to explain a few rows are read through a callable.

    Attributes:
        ids: the candidates' ids.
        dense, cosine, lexical, chunk, lexical_head, lexical_path, hub: ``(n,) float64``,
            the :class:`HybridCandidate` fields of the same names.
        role: ``(n,) float64``, :data:`ROLE_PRIOR` of each row's ``role_rank``.
        role_rank: row -> its ``role_rank``.
        tokens: row -> its ``tokens`` (called only for the rows the cut charges).
        triggers, names, where, stack, foreign, unnamed, off_kind: row -> its non-empty
            ``triggers``, ``names``, ``where``, ``stack``, ``foreign``, ``unnamed``,
            ``off_kind``.
        framed_by: whose frameworks make ``foreign`` ones foreign, for the explanation:
            ``"package"`` (the files' own package's manifest, in a monorepo), ``"project"``
            (its ``stack``) or ``"task"`` (named in it or shown by its files).
        frame: those frameworks (``("vue",)``), named in the explanation.
        known: the languages the project's dependencies are libraries or tools of
            (:func:`~grace.resolution.domain.languages.stack_languages`, sorted): with no
            ``frame``, a candidate on meaning alone is still held to ``keep_floor``.
        packaged: the ``stack`` words that come from the files' own package (explained "its
            package depends on …" rather than "the project depends on …").
        spoken: row -> its ``language``, for the rows a file in play's language activated.
        language_named: the rows whose name names a language of the files in play
            (``csharp-docs`` on a ``.cs`` file): for them, that language's activation is
            evidence of their subject too (:meth:`by_language_alone`).
        families: row -> its non-empty ``families``.
        migration: row -> its non-empty ``migration``.
        migration_asked: whether the task asks for a migration (``migration`` then says what a
            rule moves away from, for the explanation).
        starter: row -> its non-empty ``starter``.
        stranger: row -> its non-empty ``stranger``.
        product: row -> its non-empty ``product``.
        unsaid: row -> its non-empty ``unsaid``.
        unimported: row -> its non-empty ``unimported``.
        concern: row -> its non-empty ``concern``.
        unasked: row -> its non-empty ``unasked``.
        places: row -> its ``(glob, file)``, for the rows where either is set.
        glob_strength: ``(n,) float64``, its ``glob_strength`` (read where ``glob`` is set).
        id_key: ``(n,)`` integers in the same order as ``ids`` (score ties are broken by id);
            ``None``: computed by sorting ``ids``.
    """

    ids: Sequence[str]
    dense: npt.NDArray[np.float64]
    cosine: npt.NDArray[np.float64]
    lexical: npt.NDArray[np.float64]
    chunk: npt.NDArray[np.float64]
    lexical_head: npt.NDArray[np.float64]
    lexical_path: npt.NDArray[np.float64]
    hub: npt.NDArray[np.float64]
    role: npt.NDArray[np.float64]
    role_rank: Callable[[int], str | None]
    tokens: Callable[[int], int]
    glob_strength: npt.NDArray[np.float64]
    triggers: Mapping[int, tuple[str, ...]] = field(default_factory=dict)
    names: Mapping[int, tuple[str, ...]] = field(default_factory=dict)
    where: Mapping[int, tuple[str, ...]] = field(default_factory=dict)
    stack: Mapping[int, tuple[str, ...]] = field(default_factory=dict)
    foreign: Mapping[int, tuple[str, ...]] = field(default_factory=dict)
    framed_by: str = "project"
    frame: tuple[str, ...] = ()
    known: tuple[str, ...] = ()
    packaged: frozenset[str] = frozenset()
    unnamed: Mapping[int, tuple[str, ...]] = field(default_factory=dict)
    off_kind: Mapping[int, str] = field(default_factory=dict)
    spoken: Mapping[int, str] = field(default_factory=dict)
    language_named: frozenset[int] = frozenset()
    places: Mapping[int, tuple[str | None, str | None]] = field(default_factory=dict)
    id_key: npt.NDArray[np.int64] | None = None
    families: Mapping[int, tuple[str, ...]] = field(default_factory=dict)
    migration: Mapping[int, tuple[str, ...]] = field(default_factory=dict)
    migration_asked: bool = False
    starter: Mapping[int, str] = field(default_factory=dict)
    stranger: Mapping[int, tuple[str, ...]] = field(default_factory=dict)
    product: Mapping[int, tuple[str, ...]] = field(default_factory=dict)
    unsaid: Mapping[int, tuple[str, ...]] = field(default_factory=dict)
    unimported: Mapping[int, tuple[str, ...]] = field(default_factory=dict)
    concern: Mapping[int, tuple[str, str]] = field(default_factory=dict)
    unasked: Mapping[int, tuple[str, ...]] = field(default_factory=dict)

    @classmethod
    def of(cls, cands: Sequence[HybridCandidate]) -> HybridColumns:
        """The columns of ``cands`` (row ``i`` is ``cands[i]``)."""

        def column(name: str) -> npt.NDArray[np.float64]:
            return np.array([getattr(c, name) for c in cands], dtype=np.float64)

        ranks = [c.role_rank for c in cands]
        return cls(
            ids=[c.id for c in cands],
            dense=column("dense"), cosine=column("cosine"), lexical=column("lexical"),
            chunk=column("chunk"), lexical_head=column("lexical_head"),
            lexical_path=column("lexical_path"), hub=column("hub"),
            role=np.array([ROLE_PRIOR.get(r or "", 0.0) for r in ranks], np.float64),
            role_rank=ranks.__getitem__,
            tokens=[c.tokens for c in cands].__getitem__,
            glob_strength=column("glob_strength"),
            triggers={i: c.triggers for i, c in enumerate(cands) if c.triggers},
            names={i: c.names for i, c in enumerate(cands) if c.names},
            where={i: c.where for i, c in enumerate(cands) if c.where},
            stack={i: c.stack for i, c in enumerate(cands) if c.stack},
            foreign={i: c.foreign for i, c in enumerate(cands) if c.foreign},
            unnamed={i: c.unnamed for i, c in enumerate(cands) if c.unnamed},
            off_kind={i: c.off_kind for i, c in enumerate(cands) if c.off_kind},
            spoken={i: c.language for i, c in enumerate(cands) if c.language},
            language_named=frozenset(i for i, c in enumerate(cands) if c.language_named),
            places={i: (c.glob, c.file) for i, c in enumerate(cands)
                    if c.glob is not None or c.file is not None},
            families={i: c.families for i, c in enumerate(cands) if c.families},
            migration={i: c.migration for i, c in enumerate(cands) if c.migration},
            starter={i: c.starter for i, c in enumerate(cands) if c.starter},
            stranger={i: c.stranger for i, c in enumerate(cands) if c.stranger},
            product={i: c.product for i, c in enumerate(cands) if c.product},
            unsaid={i: c.unsaid for i, c in enumerate(cands) if c.unsaid},
            unimported={i: c.unimported for i, c in enumerate(cands) if c.unimported},
            concern={i: c.concern for i, c in enumerate(cands) if c.concern},
            unasked={i: c.unasked for i, c in enumerate(cands) if c.unasked},
        )

    def __len__(self) -> int:
        return len(self.ids)

    def evidence(self, row: int) -> tuple[str, ...]:
        """:attr:`HybridCandidate.evidence` of ``row``."""
        found, names = self.triggers.get(row, ()), self.names.get(row, ())
        if not names:
            return tuple(dict.fromkeys(found)) if found else ()
        return tuple(dict.fromkeys((*found, *names)))

    def meaning_only(self, row: int) -> bool:
        """``row`` has no evidence but its meaning and words: no name term in the task or its
        files, no glob, file language or dependency, no concern. A trigger is one of its
        words, which the lexical channel weighs already: ``pdf`` or ``partner`` said by the
        task does not make it a PDF tool's or a partnership's."""
        return not (row in self.names or row in self.places or row in self.spoken
                    or row in self.stack or row in self.concern)

    def by_language_alone(self, row: int) -> bool:
        """``row`` has no evidence but its meaning, its words and the language of a file in
        play that its name does not name (``spoken``, not ``language_named``): no glob, name
        term, dependency or concern. For a procedure for one job (an imported Agent Skill), a
        Python file says nothing of fixing Ruff's findings recursively: a new user's Python
        command-line tool got ``skill.ruff-recursive-fix`` on six tasks that named no Ruff
        (decision 0030)."""
        return (row in self.spoken and row not in self.language_named
                and self.glob(row) is None
                and not (row in self.names or row in self.stack or row in self.concern))

    def inapplicable(self, row: int, skill_said: bool = True) -> bool:
        """``row`` is written for another framework, another product of a family the project
        uses or a product nothing names (``foreign``, ``stranger``, ``product``), or — with
        ``skill_said`` — is an Agent Skill for a job neither the task nor its files say, on
        meaning alone (``unasked``, :meth:`meaning_only`, not :meth:`of_frame`): never offered
        as an "also relevant" pointer. Over fourteen new users' trials a fifth of the pointers
        were such rows (1 219 → 957), one of them judged relevant; on the label sets their
        places went to rules the labels name (recall with the pointers 90.5 → 91.5 %;
        decision 0010, twenty-first follow-up)."""
        return (row in self.foreign or row in self.stranger or row in self.product
                or (skill_said and row in self.unasked and self.meaning_only(row)
                    and not self.of_frame(row)))

    def of_frame(self, row: int) -> bool:
        """``row``'s name names a framework that frames the task (React 18's patterns in a
        React project): the stack's job, whatever else says it."""
        return not set(self.families.get(row, ())).isdisjoint(self.frame)

    def located(self) -> set[int]:
        """The rows the files in play activate: a glob matched one (``places``), its language
        is a file's (``spoken``) or its name term is a word of their paths (``where``)."""
        return ({row for row, (g, _) in self.places.items() if g is not None}
                | set(self.spoken) | set(self.where))

    def glob(self, row: int) -> str | None:
        place = self.places.get(row)
        return None if place is None else place[0]

    def file(self, row: int) -> str | None:
        place = self.places.get(row)
        return None if place is None else place[1]

    def _penalties(self, row: int) -> list[str]:
        """The explanation's parts for ``row``'s penalties: another framework's, another
        product's of a family, a product the project does not use, a migration's, a new
        project's."""
        parts = []
        if row in self.foreign:
            parts.append("written for " + ", ".join(self.foreign[row]) + (
                ", a framework the project does not depend on" if self.known and not self.frame
                else f", not the {self.framed_by}'s framework"
                + (f" ({', '.join(self.frame)})" if self.frame else "")))
        if row in self.stranger:
            parts.append(f"written for {' '.join(self.stranger[row])}, which no dependency of "
                         "the project names whole")
        if row in self.product:
            parts.append(f"written for {', '.join(self.product[row])}, which neither the task, "
                         "its files nor the project's dependencies name")
        if row in self.migration:
            why = self.migration[row]
            parts.append(f"a migration's rule ({'; '.join(why)}), "
                         + ("and the task asks for no migration" if not self.migration_asked
                            else "which the task does not name" if why[0].startswith("of ")
                            else "which nothing names"))
        if row in self.starter:
            parts.append(f"a rule for starting a new project (“{self.starter[row]}”), and the "
                         "task starts none")
        return parts

    def channels(self, row: int, dense: float) -> str:
        """The bracketed channel summary of ``row``'s explanation detail."""
        lexical, head = float(self.lexical[row]), float(self.lexical_head[row])
        parts = [f"dense {dense:.3f}", f"lexical {lexical:.3f}", f"header {head:.3f}"]
        path = float(self.lexical_path[row])
        if path > 0:
            parts.append(f"path words {path:.3f}")
        if row in self.triggers:
            parts.append("triggers " + ", ".join(self.triggers[row]))
        if row in self.names:
            parts.append("name terms " + ", ".join(self.names[row]))
        if row in self.where:
            parts.append("the files in play are " + ", ".join(self.where[row]) + (
                f" (counts less: {', '.join(self.unnamed[row])} named nowhere)"
                if row in self.unnamed else ""))
        if row in self.stack:
            parts.extend(_depends(self.stack[row], self.packaged))
            if row in self.unsaid:
                parts[-1] += (" (counts less: neither the task nor its files say "
                              f"{', '.join(self.unsaid[row])})")
            elif row in self.unimported:
                parts[-1] += (" (counts less: the files in play import no "
                              f"{', '.join(self.unimported[row])})")
        if row in self.concern:
            label, why = self.concern[row]
            parts.append(f"the task is {label} work ({why}), which its name says")
        parts.extend(self._penalties(row))
        glob = self.glob(row)
        if glob is not None or row in self.spoken:
            less = [f"{', '.join(self.unnamed[row])} named nowhere"] if row in self.unnamed else []
            if row in self.off_kind:
                less.append(f"a {self.off_kind[row]} file")
            if glob is not None:
                parts.append(f"glob `{glob}` matched {self.file(row)}"
                             + (f" (counts less: {'; '.join(less)})" if less else ""))
            else:
                parts.append(f"its language {self.spoken[row]} is that of {self.file(row)} ("
                             + "; ".join([f"strength {float(self.glob_strength[row]):.2f}",
                                          *(["counts less: " + "; ".join(less)] if less else [])])
                             + ")")
        rank = self.role_rank(row)
        if rank in ("required", "recommended"):
            parts.append(f"{rank} for the role")
        return " [" + "; ".join(parts) + "]"


@dataclass(frozen=True, slots=True)
class HybridSelection:
    """:class:`~grace.resolution.domain.relevance.Selection` plus the "also relevant" ids."""

    selection: Selection
    also: tuple[str, ...]
    floor: float


def below(value: float, level: float) -> str:
    """``"value < level"`` at 3 decimals, or 4 where 3 would print them equal."""
    digits = 3 if f"{value:.3f}" != f"{level:.3f}" else 4
    return f"{value:.{digits}f} < {level:.{digits}f}"


def _ranks(values: npt.NDArray[np.float64], ids: Sequence[str]) -> npt.NDArray[np.float64]:
    """1-based ranks by decreasing value (ties by id); ``inf`` where the value is ≤ 0."""
    order = sorted(range(len(ids)), key=lambda i: (-values[i], ids[i]))
    ranks = np.full(len(ids), np.inf)
    for r, i in enumerate(order, start=1):
        if values[i] > 0:
            ranks[i] = r
    return ranks


def _id_key(ids: Sequence[str]) -> npt.NDArray[np.int64]:
    """Each id's rank among ``ids`` (an integer key in id order)."""
    key = np.empty(len(ids), dtype=np.int64)
    key[sorted(range(len(ids)), key=ids.__getitem__)] = np.arange(len(ids))
    return key


def _sibling_marks(
    cols: HybridColumns, top: int, p: HybridParams
) -> tuple[set[str], set[str]]:
    """What makes a sibling of the top row: its name terms found in the task that at most
    ``sibling_max`` candidates carry, and the frameworks its name names that at most
    ``family_max`` candidates' names name (decision 0010, ninth follow-up)."""
    terms = {w for w in cols.names.get(top, ())
             if sum(w in t for t in cols.names.values()) <= p.sibling_max}
    families = {f for f in cols.families.get(top, ())
                if sum(f in t for t in cols.families.values()) <= p.family_max}
    return terms, families


def sibling_of(
    names: Sequence[str], families: Sequence[str], top_terms: Collection[str],
    top_families: Collection[str],
) -> str:
    """Why a talent is a sibling of the top talent, for its explanation (``""``: it is not):
    ``"shares the name term rust with"`` (a name term found in the task that the top talent has
    too) or ``"written for fastapi, like"`` (a framework both their names name:
    ``cursor.fastapi`` and ``cursor.python-fastapi-best-practices``), followed by the top
    talent's id in the explanation."""
    shared = [w for w in names if w in top_terms]
    if shared:
        return f"shares the name term {', '.join(shared)} with"
    family = [f for f in families if f in top_families]
    return f"written for {', '.join(family)}, like" if family else ""


class HybridSelector:
    """Stateless hybrid selector (see the module docstring)."""

    def __init__(self, params: HybridParams | None = None) -> None:
        self.params = params or HybridParams()

    def dense_of(
        self,
        header: npt.NDArray[np.float64],
        chunk: npt.NDArray[np.float64],
        hub: npt.NDArray[np.float64],
    ) -> npt.NDArray[np.float64]:
        """Dense channel from ``(n,)`` header cosines, best-chunk cosines and hubness:
        ``header + chunk_weight · max(0, chunk − header) − hub_weight · hub``."""
        p = self.params
        return header + p.chunk_weight * np.maximum(0.0, chunk - header) - p.hub_weight * hub

    def dense(
        self, cands: Sequence[HybridCandidate] | HybridColumns
    ) -> npt.NDArray[np.float64]:
        """``(n,) float64`` dense channel of ``cands`` (:meth:`dense_of`)."""
        cols = cands if isinstance(cands, HybridColumns) else HybridColumns.of(cands)
        return self.dense_of(cols.dense, cols.chunk, cols.hub)

    def fuse(
        self,
        cands: Sequence[HybridCandidate] | HybridColumns,
        dense: npt.NDArray[np.float64] | None = None,
    ) -> npt.NDArray[np.float64]:
        """``(n,) float64`` fused scores, rounded to 6 decimals (stable across BLAS orders).

        Args:
            dense: :meth:`dense` of ``cands`` when the caller already has it.
        """
        p = self.params
        cols = cands if isinstance(cands, HybridColumns) else HybridColumns.of(cands)
        dense = self.dense(cols) if dense is None else dense
        n = len(cols)
        where = np.zeros(n, dtype=np.float64)
        where[list(cols.where)] = 1.0
        stack = np.zeros(n, dtype=np.float64)
        stack[list(cols.stack)] = 1.0
        # React Router's rule is the stack's on the tasks about routing
        stack[[row for row in {*cols.unsaid, *cols.unimported} if row in cols.stack]] *= (
            p.unsaid_stack)
        concern = np.zeros(n, dtype=np.float64)
        concern[list(cols.concern)] = 1.0
        foreign = np.zeros(n, dtype=np.float64)
        other = {*cols.foreign, *cols.stranger, *cols.product}
        foreign[list(other)] = p.w_foreign
        # kept on its meaning and words alone, another stack's rule is no candidate
        foreign[[row for row in other if row not in cols.names]] = p.w_foreign_unnamed
        migration = np.zeros(n, dtype=np.float64)
        migration[list(cols.migration)] = 1.0
        starter = np.zeros(n, dtype=np.float64)
        starter[list(cols.starter)] = 1.0
        trig = np.zeros(n, dtype=np.float64)
        for row in {*cols.triggers, *cols.names}:
            trig[row] = min(len(cols.evidence(row)), 3) / 3
        glob = np.zeros(n, dtype=np.float64)
        located = [row for row, (g, _) in cols.places.items()
                   if g is not None or row in cols.spoken]
        glob[located] = cols.glob_strength[located]
        weak = list({*cols.unnamed, *cols.off_kind})  # `**/*.tsx` says nothing of Zustand
        glob[weak] *= p.unnamed_glob
        # "the files in play are kotlin" says as little of a Kotlin MCP server's subject
        where[list(cols.unnamed)] *= p.unnamed_glob
        # `**/*.py` of a FastAPI rule presumes a FastAPI project
        glob[[*cols.foreign, *cols.stranger, *cols.product]] = 0.0
        glob[list(cols.migration)] = 0.0  # `**/*.java` of a JPA-to-Cosmos rule: what it leaves
        glob[list(cols.starter)] = 0.0  # `**/*` of a new Laravel package's persona
        lex, head, path = cols.lexical, cols.lexical_head, cols.lexical_path
        if p.fusion == "rrf":
            score = np.zeros(n)
            for channel in (dense, lex, head, path, trig, where, glob, stack, concern):
                score += 1.0 / (RRF_K + _ranks(channel, cols.ids))
            return np.round(score * RRF_K, 6)  # 1.0 = first in one channel
        fused = (
            dense + p.w_lex * lex + p.w_head * head + p.w_path * path + p.w_trigger * trig
            + p.w_where * where + p.w_glob * glob + p.w_role * cols.role + p.w_stack * stack
            + p.w_concern * concern - foreign - p.w_migration * migration
            - p.w_starter * starter
        )
        return np.round(fused, 6)

    def probe_level(self, probe_best: Sequence[float]) -> float | None:
        """The calibration level of the gate: :attr:`HybridParams.probe_percentile` of the best
        dense score of each probe (``None`` without probes)."""
        if not len(probe_best):
            return None
        scores = np.asarray(probe_best, np.float64)
        return float(np.percentile(scores, self.params.probe_percentile))

    def domain_level(self, probe_domain: Sequence[float]) -> float | None:
        """The domain criterion's level: :attr:`HybridParams.domain_percentile` of the probes'
        leave-one-out domain scores (nearest talent − nearest other probe, raw cosines);
        ``None`` without probes."""
        if not len(probe_domain):
            return None
        return float(np.percentile(np.asarray(probe_domain, np.float64),
                                   self.params.domain_percentile))

    @staticmethod
    def software_level(probe_loo: Sequence[float], software_loo: Sequence[float]) -> float | None:
        """The software-request criterion's level (module docstring): the midpoint between the
        highest of the probes' leave-one-out scores (each probe's nearest software request minus
        its nearest *other* probe) and the median of the software requests' (each one's nearest
        *other* software request minus its nearest probe); ``None`` when either set is empty."""
        if not len(probe_loo) or not len(software_loo):
            return None
        return float((np.max(np.asarray(probe_loo, np.float64))
                      + np.median(np.asarray(software_loo, np.float64))) / 2)

    def everyday(
        self, software: tuple[float, float] | None, *, code: bool, named: bool,
        stack_named: bool,
    ) -> bool:
        """Whether the task is an everyday request (module docstring): its software-request
        score ``software[0]`` is below :attr:`HybridParams.everyday_level` and it names no
        code (``code``: or files are in play), no talent's name term whose talent is near it in
        meaning (``named``: :meth:`named_meant`) and no dependency of the project that a
        talent is named after or triggered by (``stack_named``). ``False`` without the
        criterion (``software`` is ``None``)."""
        return (software is not None and software[0] < self.params.everyday_level
                and not (code or named or stack_named))

    @staticmethod
    def question_level(
        software_loo: Sequence[float], question_loo: Sequence[float],
    ) -> float | None:
        """The general-question criterion's level, as :meth:`software_level`'s between its
        own two reference sets: the midpoint between the highest of the software requests'
        leave-one-out scores (each one's nearest general question minus its nearest *other*
        software request) and the median of the general questions' (each one's nearest *other*
        question minus its nearest software request); ``None`` when either set is empty."""
        return HybridSelector.software_level(software_loo, question_loo)

    def general(
        self, question: tuple[float, float] | None, *, code: bool, named: bool,
        stack_named: bool,
    ) -> bool:
        """Whether the task is a general question of computing ("What is the difference
        between TCP and UDP?" in a Rails project): its general-question score ``question[0]``
        (its raw cosine with its nearest
        :data:`~grace.resolution.application.probes.QUESTIONS` entry minus with its nearest
        software request) reaches its level ``question[1]`` (:meth:`question_level`), and it
        names no code (``code``: or files are in play), no talent's name term whose talent is
        near it in meaning and is no concern's work (``named``) and no dependency of the
        project some talent is named after or triggered by (``stack_named``). Knowledge a
        model has, not work on the project: the project's rules have nothing to add (decision
        0027). ``False`` without the criterion."""
        return (question is not None and question[0] >= question[1]
                and not (code or named or stack_named))

    def base_floor(self, probe_level: float | None) -> float:
        """The gate's floor before any slack: ``probe_level − probe_margin``, never below
        :attr:`HybridParams.floor` (that alone without probes)."""
        p = self.params
        return p.floor if probe_level is None else max(p.floor, probe_level - p.probe_margin)

    def named_meant(
        self, cols: HybridColumns, dense: npt.NDArray[np.float64], probe_level: float | None,
    ) -> bool:
        """Whether some talent with a name term in the task or its files (``cols.names``) is
        also near the task in meaning: its ``dense`` score (``(n,) float64``) reaches
        :meth:`base_floor`. A name term can be an everyday word too (« what to pack » for a
        hiking trip and ``cursor.pack-v2``, dense 0.07 where the floor is 0.15): on an
        everyday request the word alone says no software task (decision 0010, eighteenth
        follow-up)."""
        if not cols.names:
            return False
        return float(dense[list(cols.names)].max()) >= self.base_floor(probe_level)

    def _far_names(
        self, cols: HybridColumns, dense: npt.NDArray[np.float64], probe_level: float | None,
    ) -> str:
        """What an everyday request's gate says of the name terms it holds (none: ``""``)."""
        if not cols.names:
            return ""
        row = max(cols.names, key=lambda r: (dense[r], cols.ids[r]))
        terms = ", ".join(dict.fromkeys(w for r in sorted(cols.names) for w in cols.names[r]))
        level = self.base_floor(probe_level)
        return (f"; {terms}: name terms, but of talents far from it in meaning "
                f"({cols.ids[row]}: dense {below(float(dense[row]), level)})")

    def gate_floor(
        self,
        cands: Sequence[HybridCandidate] | HybridColumns,
        probe_level: float | None,
        *,
        code: bool = False,
    ) -> float:
        """The gate's floor for these candidates (see the module docstring): ``trigger_slack``
        lower when some talent has a trigger or name term in the task, or when ``code`` (the
        task names code, or files are in play: it is a software task)."""
        p = self.params
        floor = self.base_floor(probe_level)
        if isinstance(cands, HybridColumns):
            evidence = any(cands.evidence(row) for row in {*cands.triggers, *cands.names})
        else:
            evidence = any(c.evidence for c in cands)
        if code or evidence:
            floor -= p.trigger_slack
        return floor

    def _cut(
        self, cols: HybridColumns, order: Sequence[int], ranked: Sequence[float], top: float,
        files_only: bool = False,
    ) -> tuple[list[tuple[Decision, str]], float, str]:
        """The decisions of the first rows in score order (every later row is below the bar),
        the ratio's bar and what it is the ratio of (the top score, less its ``concern`` lift
        when it has one: a concern's lift places its rules beside the framework's, it does not
        raise the bar over them): the top, then each row above the bar — or above the sibling bar
        when it is named as the top row or written for the framework the top row's name names
        (:func:`sibling_of`) — and, on meaning alone in a project its dependencies frame, at least
        ``keep_floor`` (the top too), within ``max_kept``, ``stack_k`` and ``budget``.
        ``files_only`` (an empty task): the bar is ``ratio × w_glob`` for every row, the top
        included."""
        p = self.params
        head: list[tuple[Decision, str]] = []
        spent, kept_n = 0, 0
        limit = p.max_kept if cols.places or cols.spoken else min(p.max_kept, p.max_kept_text)
        # a concern's lift places its rules beside the framework's; it does not raise the bar
        # over them: the bar is measured on the best score less its concern lift
        ref = top if files_only or p.fusion != "sum" or not cols.concern else max(
            s - (p.w_concern if order[r] in cols.concern else 0.0) for r, s in enumerate(ranked))
        ratio_of = (f"top {top:.3f}" if ref == top
                    else f"{ref:.3f}, the best score less its concern lift")
        bar = max(ref - p.margin, p.ratio * ref) if ref > 0 else ref - p.margin
        terms, families = _sibling_marks(cols, order[0], p) if top > 0 else (set(), set())
        if files_only:  # structural scores only: measured against a glob match's own weight
            bar, terms, families = p.ratio * p.w_glob, set(), set()
        sib_bar = min(bar, p.sibling_ratio * ref) if terms or families else bar
        siblings = 0
        # what the stack lifts each row by (fusion "sum": a score's part), and how many rows
        # the cut kept on that lift alone
        lifts = {} if files_only or p.fusion != "sum" else {
            row: p.w_stack * (p.unsaid_stack if row in cols.unsaid or row in cols.unimported
                              else 1.0)
            for row in cols.stack}
        lifted_n = 0
        first = 0 if files_only else 1  # the first row the bar applies to
        for rank, s in enumerate(ranked):
            if rank >= first and s < sib_bar:
                if files_only:
                    head.extend(("cut_margin", f"score {t:.3f} below the bar {bar:.3f} of an "
                                 f"empty task (RATIO {p.ratio} × W_GLOB {p.w_glob})")
                                for t in ranked[rank:])
                break  # scores only go down from here
            why = ""
            if rank > 0 and s < bar:
                why = sibling_of(cols.names.get(order[rank], ()),
                                 cols.families.get(order[rank], ()), terms, families)
                if why and siblings >= p.sibling_k:
                    why = ""  # SIBLING_K already kept: a family is not served whole
                siblings += bool(why)
                if not why:
                    head.append(("cut_margin", f"score {s:.3f} below the bar {bar:.3f} "
                                 f"(RATIO {p.ratio} × {ratio_of})"))
                    continue
            row = order[rank]
            by_meaning = cols.meaning_only(row) and not cols.of_frame(row)
            framed = bool(cols.frame) and cols.framed_by != "task"
            if (not files_only and s < p.keep_floor and not why and by_meaning
                    and (framed or cols.known)):
                head.append(("cut_margin", f"score {s:.3f} below KEEP_FLOOR {p.keep_floor} on "
                             + (f"meaning alone, in a {cols.framed_by} its dependencies frame "
                                f"({', '.join(cols.frame)})" if framed else
                                "meaning alone, in a project that declares its "
                                f"{', '.join(cols.known)} dependencies")))
                continue
            if rank > 0 and p.skill_said and row in cols.unasked and (by_meaning or (
                    cols.by_language_alone(row) and not cols.of_frame(row))):
                head.append(("cut_margin", "a procedure for "
                             f"{' '.join(cols.unasked[row])}, which neither the task nor its "
                             "files say, kept on meaning alone"
                             + ("" if by_meaning else
                                f" and a {cols.spoken[row]} file (no name of the language)")
                             + " (SKILL_SAID)"))
                continue
            if rank > 0 and kept_n >= limit:
                head.append(("cut_margin", f"{limit} talents already kept (MAX_KEPT)"))
                continue
            lift = lifts.get(row, 0.0)
            alone = bool(lift) and s - lift < bar
            if rank > 0 and alone and lifted_n >= p.stack_k:
                head.append(("cut_margin", f"{p.stack_k} talents already kept on the project's "
                             f"dependencies alone (STACK_K; {s - lift:.3f} without them)"))
                continue
            cost = cols.tokens(order[rank])
            if rank > 0 and spent + cost > p.budget:
                head.append(("cut_budget", f"{cost} tokens over relevance's cap of "
                             f"{p.budget} tokens (GRACE_RELEVANCE_BUDGET; {spent} already "
                             "kept)"))
            else:
                spent, kept_n, lifted_n = spent + cost, kept_n + 1, lifted_n + alone
                head.append(("kept", "top score" if rank == 0 else
                             f"score {s:.3f} ≥ bar {bar:.3f}" if not why else
                             f"score {s:.3f} ≥ bar {sib_bar:.3f} (SIBLING_RATIO "
                             f"{p.sibling_ratio} × top: {why} the top talent "
                             f"{cols.ids[order[0]]})"))
        return head, bar, ratio_of

    def _lead(self, cols: HybridColumns, order: Sequence[int], dense: np.ndarray,
              head: list[tuple[Decision, str]], files_only: bool) -> list[tuple[Decision, str]]:
        """``head`` (the decisions of the first rows in score ``order``) with the place of the
        last kept row, never the top's, given to the row cut only by ``max_kept`` that is
        nearest the task in meaning, when its ``dense`` score leads every kept row's by
        :attr:`HybridParams.dense_lead` and the budget still holds (parameters' docstring);
        never for an empty task (``files_only``: no meaning to lead by)."""
        p = self.params
        if files_only:
            return head
        kept = [at for at, (decision, _) in enumerate(head) if decision == "kept"]
        capped = [at for at, (decision, why) in enumerate(head)
                  if decision == "cut_margin" and why.endswith("(MAX_KEPT)")]
        if len(kept) < 2 or not capped:
            return head
        lead = max(capped, key=lambda at: (float(dense[order[at]]), -at))
        nearest = max(float(dense[order[at]]) for at in kept)
        last = kept[-1]
        spent = sum(cols.tokens(order[at]) for at in kept)
        if (float(dense[order[lead]]) < nearest + p.dense_lead
                or spent - cols.tokens(order[last]) + cols.tokens(order[lead]) > p.budget):
            return head
        out = list(head)
        out[lead] = ("kept", f"nearest in meaning (dense {float(dense[order[lead]]):.3f} ≥ "
                     f"{nearest:.3f} of every kept talent + DENSE_LEAD {p.dense_lead}): takes "
                     f"the place of {cols.ids[order[last]]}")
        out[last] = ("cut_margin", f"its place went to {cols.ids[order[lead]]}, nearer in "
                     "meaning (DENSE_LEAD; MAX_KEPT)")
        return out

    def select(
        self,
        cands: Sequence[HybridCandidate],
        *,
        probe_level: float | None = None,
        domain: tuple[float, float] | None = None,
        code: bool = False,
        software: tuple[float, float] | None = None,
        stack_named: bool = False,
        files_only: bool = False,
        question: tuple[float, float] | None = None,
    ) -> HybridSelection:
        """Score, gate and cut ``cands``: :meth:`select_columns` of their columns."""
        return self.select_columns(HybridColumns.of(cands), probe_level=probe_level,
                                   domain=domain, code=code, software=software,
                                   stack_named=stack_named, files_only=files_only,
                                   question=question)

    def select_columns(
        self,
        cols: HybridColumns,
        *,
        probe_level: float | None = None,
        domain: tuple[float, float] | None = None,
        code: bool = False,
        software: tuple[float, float] | None = None,
        stack_named: bool = False,
        files_only: bool = False,
        question: tuple[float, float] | None = None,
    ) -> HybridSelection:
        """Score, gate and cut the candidates ``cols``.

        Args:
            probe_level: :meth:`probe_level` of this catalog's probes (the gate's
                calibration); ``None``: the ``floor`` parameter alone.
            domain: ``(the task's domain score, its level from`` :meth:`domain_level` ``)``;
                ``None``: no domain criterion.
            code: the task names code (:func:`~grace.resolution.domain.text.code_terms`) or
                files are in play: the floor is ``trigger_slack`` lower (the domain criterion
                still applies).
            software: ``(the task's software-request score, its level from``
                :meth:`software_level` ``)``; at or above the level the floor is
                ``trigger_slack`` lower and the domain criterion is met. ``None``: no such
                criterion.
            stack_named: the task names one of the project's dependencies that is a trigger
                or name term of some talent ("… avec un style Tailwind" where the stack holds
                tailwind): like the software criterion, the floor is lower and the domain
                criterion met.
            files_only: the task is empty and files are in play: only the talents the files
                activate (:meth:`HybridColumns.located`: a glob, a file's language, a name term
                in their paths) are candidates, kept when their score reaches ``ratio ×
                w_glob`` (the top too; no sibling bar), within ``max_kept`` and ``budget``;
                the others are cut by the gate ("empty task: …"); none activated closes the
                gate (decision 0010, twelfth follow-up).
            question: ``(the task's general-question score, its level from``
                :meth:`question_level` ``)``; at or above the level, unless it names code,
                files are in play, a talent's name term near it in meaning or a dependency, or
                it is a concern's work, the gate stays closed (:meth:`general`). ``None``: no
                such criterion (nor, from the caller, for a task that speaks of the team's own
                work: "how should we …", "in this app", the repository's own words).

        Returns:
            The selection (kept ids by decreasing score, explanations for all), the "also
            relevant" ids and the floor used. No candidates give an empty selection.

        The scores are arrays; the cut walks the candidates in score order only as far as the
        bar (every later one is below it); the explanations are a
        :class:`~grace.resolution.domain.deferred.Deferred`, built when first read.
        """
        p = self.params
        n = len(cols)
        if not n:
            return HybridSelection(Selection((), {}, ()), (), p.floor)
        dense = self.dense(cols)
        score = self.fuse(cols, dense)
        key = _id_key(cols.ids) if cols.id_key is None else cols.id_key
        # rows the cut may keep: every row, or with ``files_only`` those the files activate
        # (ordered first, so the cut walks them alone)
        eligible = n
        if files_only:
            activated = np.zeros(n, dtype=bool)
            activated[list(cols.located())] = True
            eligible = int(activated.sum())
            order: list[int] = np.lexsort((key, -score, ~activated)).tolist()
        else:
            order = np.lexsort((key, -score)).tolist()  # score down, then id
        ranked: list[float] = score[order].tolist()
        top = ranked[0]
        best_dense = float(dense.max())
        is_software = (software is not None and software[0] >= software[1]) or stack_named
        floor = self.gate_floor(cols, probe_level, code=code or is_software)
        located = bool(cols.located())
        named = bool(cols.names)
        far = domain is not None and domain[0] < domain[1] and not named and not is_software
        meant = self.named_meant(cols, dense, probe_level)
        everyday = self.everyday(software, code=code, named=meant, stack_named=stack_named)
        general = self.general(question, code=code, named=meant or bool(cols.concern),
                               stack_named=stack_named)
        gate = (best_dense < floor or far or everyday or general) and not located
        if files_only:
            gate = not eligible
        # decisions of the first ``len(head)`` rows in score order; every later one is below
        # the bar (``rest``: its detail is formatted when the explanations are read)
        head: list[tuple[Decision, str]] = []
        also: list[str] = []
        bar = 0.0
        ratio_of = f"top {top:.3f}"
        rest: Decision = "cut_gate"
        if gate and files_only:
            gate_detail = (
                "empty task: no glob, language or path word of the files in play activates "
                "any talent")
        elif gate:
            # the first criterion that closed the gate is the one explained
            said_everyday = not best_dense < floor and not far and everyday
            said_general = not (best_dense < floor or far or everyday) and general
            why = (
                "out of domain: best dense "
                + below(best_dense, floor).replace(" < ", " < FLOOR ") + " (what "
                "out-of-domain probes reach on this catalog)" if best_dense < floor else
                "out of domain: nearest talent − nearest generic request "
                f"{below(*domain)} (what the probe requests score on this catalog)"
                if far and domain is not None else
                "out of domain: an everyday request, nearer to an everyday probe than to any "
                f"software request ({below(software[0], p.everyday_level)}, EVERYDAY_LEVEL)"
                + self._far_names(cols, dense, probe_level)
                if said_everyday and software is not None else
                "out of domain: a general question, nearer to a general question of computing "
                f"than to any software request ({question[0]:.3f} ≥ {question[1]:.3f}, what "
                "the reference requests score), naming no code, no dependency of the project"
                + self._far_names(cols, dense, probe_level)
                if said_general and question is not None else "out of domain"
            )
            gate_detail = why + ", no glob matched, no name term in the files" + (
                f", not a software request ({below(*software)})"  # the same score: said once
                if software is not None and not (said_everyday or said_general) else "")
        else:
            rest, gate_detail = "cut_margin", ""
            head, bar, ratio_of = self._cut(cols, order[:eligible], ranked[:eligible], top,
                                            files_only)
            head = self._lead(cols, order, dense, head, files_only)
            low = p.also_ratio * top
            for rank, s in enumerate(ranked[:eligible]):
                if len(also) == p.also_k or not (s >= low and s > 0):
                    break
                if (rank >= len(head) or head[rank][0] != "kept") and not cols.inapplicable(
                        order[rank], p.skill_said):
                    also.append(cols.ids[order[rank]])
        ids = cols.ids
        kept = tuple(ids[order[r]] for r, (d, _) in enumerate(head) if d == "kept")

        def explain() -> Iterator[Explanation]:
            emb = dense.tolist()
            for rank, (i, s) in enumerate(zip(order, ranked, strict=True)):
                if rank < len(head):
                    decision, detail = head[rank]
                elif gate:
                    decision, detail = rest, gate_detail
                elif rank >= eligible:
                    decision, detail = "cut_gate", (
                        "empty task: no glob, language or path word of the files in play "
                        "activates it")
                else:
                    decision, detail = rest, (f"score {s:.3f} below the bar {bar:.3f} "
                                              f"(RATIO {p.ratio} × {ratio_of})")
                yield Explanation(
                    id=ids[i],
                    emb=round(emb[i], 6),
                    cosine=round(float(cols.cosine[i]), 6),
                    shared_stems=cols.evidence(i),
                    score=s,
                    decision=decision,
                    detail=detail + cols.channels(i, emb[i]),
                    lexical=round(float(cols.lexical[i]), 6),
                    glob=cols.glob(i),
                    file=cols.file(i),
                )

        return HybridSelection(
            Selection(
                kept=kept,
                scores=dict(zip([ids[i] for i in order], ranked, strict=True)),
                explanations=Deferred(explain, n),
                gate_closed=gate,
                top=top,
            ),
            tuple(also),
            floor,
        )
