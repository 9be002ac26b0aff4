"""Evaluation harness of relevance selection: recall, precision, nDCG@5, token savings,
out-of-domain rejection.

Each labelled task is resolved with relevance on and with relevance off, with the same project,
role, files and (large) token budget, so that savings measure what relevance removes, not what
the budget cuts. Labels (eval/README.md): ``must`` (or ``expected``) talents a good context
contains, ``acceptable`` ones it may contain; anything else served counts against precision.
nDCG@5 grades served order with gain 2 for ``must`` and 1 for ``acceptable`` (Järvelin &
Kekäläinen, "Cumulated gain-based evaluation of IR techniques", TOIS 2002; log2 discount).
"""

from __future__ import annotations

import json
import math
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Final, Protocol

from grace.errors import LabelError
from grace.resolution.application.resolve_context import ResolveContext
from grace.resolution.application.usage import RecordedResolve
from grace.resolution.domain.ports import CatalogReader
from grace.resolution.domain.results import ResolvedContext
from grace.resolution.domain.talent import Project
from grace.text import label_lines

MAX_LABEL_LINES: Final = 100_000


@dataclass(frozen=True, slots=True)
class LabelledTask:
    """One line of a label file (eval/README.md)."""

    id: str
    task: str
    role: str
    project: str
    expected: tuple[str, ...]
    out_of_domain: bool = False
    lang: str = ""
    area: str = ""
    acceptable: tuple[str, ...] = ()
    files: tuple[str, ...] = ()
    kind: str = ""


NDCG_K: Final = 5


def ndcg_at(served: Sequence[str], must: set[str], acceptable: set[str], k: int = NDCG_K) -> float:
    """nDCG@k of ``served`` with gain 2 for ``must``, 1 for ``acceptable`` (log2 discount);
    1.0 when nothing is expected and nothing is served, 0.0 when nothing relevant exists."""
    def gain(i: str) -> int:
        return 2 if i in must else 1 if i in acceptable else 0

    dcg = sum(gain(i) / math.log2(r + 2) for r, i in enumerate(served[:k]))
    ideal = sorted((gain(i) for i in must | acceptable), reverse=True)[:k]
    idcg = sum(g / math.log2(r + 2) for r, g in enumerate(ideal))
    if idcg == 0:
        return 1.0 if not served else 0.0
    return dcg / idcg


@dataclass(frozen=True, slots=True)
class TaskOutcome:
    """What relevance did on one task.

    Attributes:
        kept: ids kept by the relevance cut (before closure); served: ids served.
        recall: |served ∩ must| / |must| (``None`` when nothing is expected).
        recall_also: the same over the served talents and the "also relevant, fetch on
            demand" pointers (``also``): the must talents an agent is shown, whole or as one
            line it can fetch with ``grace_get``.
        precision: |served ∩ (must ∪ acceptable)| / |served| (``None`` when nothing is served
            or nothing is expected).
        ndcg5: nDCG@5 of the served order (``None`` for out-of-domain tasks).
        precision_off: the same for the relevance-off context (the baseline).
        tokens_on / tokens_off: size of the context with relevance on / off (tokens).
        rejected: nothing was served (the out-of-domain gate closed, or nothing kept).
        ms: wall time of the relevance-on resolve (ms).
    """

    id: str
    lang: str
    area: str
    out_of_domain: bool
    expected: tuple[str, ...]
    kept: tuple[str, ...]
    served: tuple[str, ...]
    recall: float | None
    precision: float | None
    ndcg5: float | None
    precision_off: float | None
    hit: bool
    tokens_on: int
    tokens_off: int
    rejected: bool
    ms: float
    also: tuple[str, ...] = ()
    recall_also: float | None = None


@dataclass(frozen=True, slots=True)
class EvalReport:
    """Aggregates over a label set (means over the tasks where the metric is defined)."""

    label_set: str
    tasks: int
    in_domain: int
    out_of_domain: int
    recall: float
    precision: float
    ndcg5: float
    precision_off: float
    hit_rate: float
    token_savings: float
    ood_rejection: float
    false_rejection: float
    p50_ms: float
    outcomes: tuple[TaskOutcome, ...]
    settings: dict[str, object]
    recall_also: float = float("nan")
    """Mean :attr:`TaskOutcome.recall_also` over the in-domain tasks."""


def read_labels(path: Path) -> list[LabelledTask]:
    """Parse a JSONL label file.

    Raises:
        LabelError: a line is not JSON or misses a field (with its line number).
    """
    tasks: list[LabelledTask] = []
    rows = label_lines(path, max_lines=MAX_LABEL_LINES, error=LabelError)
    if not rows:
        raise LabelError(f"{path}: no labelled task in the file")
    for number, line in rows:
        try:
            raw = json.loads(line)
            tasks.append(
                LabelledTask(
                    id=str(raw["id"]),
                    task=str(raw["task"]),
                    role=str(raw["role"]),
                    project=str(raw.get("project", "example")),
                    expected=tuple(str(x) for x in raw.get("must", raw.get("expected", []))),
                    out_of_domain=bool(raw.get("out_of_domain", False)),
                    lang=str(raw.get("lang", "")),
                    area=str(raw.get("area", "")),
                    acceptable=tuple(str(x) for x in raw.get("acceptable", [])),
                    files=tuple(str(x) for x in raw.get("files", [])),
                    kind=str(raw.get("kind", "")),
                )
            )
        except (ValueError, KeyError, TypeError) as exc:
            raise LabelError(f"{path}:{number}: invalid label line ({exc})") from exc
    return tasks


def _mean(values: Iterable[float | None]) -> float:
    kept = [v for v in values if v is not None]
    return sum(kept) / len(kept) if kept else float("nan")


Resolver = Callable[[LabelledTask], ResolvedContext]


def evaluate(
    label_set: str,
    tasks: Sequence[LabelledTask],
    *,
    resolve_on: Resolver,
    resolve_off: Resolver,
    settings: dict[str, object],
    on_progress: Callable[[int, int], None] | None = None,
) -> EvalReport:
    """Run every task with relevance on and off and aggregate the metrics."""
    outcomes: list[TaskOutcome] = []
    for i, task in enumerate(tasks):
        t0 = time.perf_counter()
        on = resolve_on(task)
        ms = (time.perf_counter() - t0) * 1000
        off = resolve_off(task)
        served = on.served_ids
        kept = tuple(e.id for e in on.explanations if e.decision in ("kept", "fallback"))
        expected = set(task.expected)
        fine = expected | set(task.acceptable)
        good = len(expected & set(served))
        also = tuple(a.id for a in on.also_relevant if a.id not in set(served))
        outcomes.append(
            TaskOutcome(
                id=task.id,
                lang=task.lang,
                area=task.area,
                out_of_domain=task.out_of_domain,
                expected=task.expected,
                kept=kept,
                served=served,
                recall=good / len(expected) if expected else None,
                precision=len(fine & set(served)) / len(served) if served and expected else None,
                ndcg5=(
                    None if task.out_of_domain
                    else ndcg_at(served, expected, set(task.acceptable))
                ),
                precision_off=(
                    len(fine & set(off.served_ids)) / len(off.served_ids)
                    if off.served_ids and expected
                    else None
                ),
                hit=good > 0,
                tokens_on=on.tokens,
                tokens_off=off.tokens,
                rejected=not served,
                ms=ms,
                also=also,
                recall_also=(len(expected & {*served, *also}) / len(expected)
                             if expected else None),
            )
        )
        if on_progress:
            on_progress(i + 1, len(tasks))
    inside = [o for o in outcomes if not o.out_of_domain]
    outside = [o for o in outcomes if o.out_of_domain]
    ms_sorted = sorted(o.ms for o in outcomes)
    return EvalReport(
        label_set=label_set,
        tasks=len(outcomes),
        in_domain=len(inside),
        out_of_domain=len(outside),
        recall=_mean(o.recall for o in inside),
        precision=_mean(o.precision for o in inside),
        ndcg5=_mean(o.ndcg5 for o in inside),
        precision_off=_mean(o.precision_off for o in inside),
        hit_rate=_mean(float(o.hit) for o in inside if o.expected),
        token_savings=_mean(
            1 - o.tokens_on / o.tokens_off for o in outcomes if o.tokens_off > 0
        ),
        ood_rejection=_mean(float(o.rejected) for o in outside),
        false_rejection=_mean(float(o.rejected) for o in inside),
        p50_ms=ms_sorted[len(ms_sorted) // 2] if ms_sorted else float("nan"),
        outcomes=tuple(outcomes),
        settings=settings,
        recall_also=_mean(o.recall_also for o in inside),
    )


class ProjectUnderEvaluation(Protocol):
    """One project wired for the harness (a :class:`grace.bootstrap.ResolutionApp`)."""

    @property
    def catalog(self) -> CatalogReader: ...

    @property
    def project(self) -> Project: ...

    @property
    def resolve(self) -> ResolveContext | RecordedResolve: ...

    @property
    def work_root(self) -> Path | None: ...


OpenProject = Callable[[str, bool], ProjectUnderEvaluation]
"""``(label project, relevance on?) → the wired project`` (``example`` or a path relative to the
label file's folder); built by the composition root."""


def _root(app: ProjectUnderEvaluation) -> str | None:
    """The folder the label's files in play are located in (their packages' manifests are
    read there, as a resolve from the repository reads them)."""
    return None if app.work_root is None else str(app.work_root)


class EvaluationResolvers:
    """Resolvers for the evaluation harness: relevance on and off, one project opened per label
    project and mode.

    Both resolvers use ``token_budget`` (large, so that savings are not budget cuts).
    """

    def __init__(self, open_project: OpenProject, *, token_budget: int = 100_000) -> None:
        self._open = open_project
        self._budget = token_budget
        self._apps: dict[tuple[str, bool], ProjectUnderEvaluation] = {}
        self._off_cache: dict[tuple[str, str, str, tuple[str, ...]], ResolvedContext] = {}

    def app(self, project: str, on: bool) -> ProjectUnderEvaluation:
        """The wired project for a label's ``project``, relevance on or off (opened once)."""
        key = (project, on)
        if key not in self._apps:
            self._apps[key] = self._open(project, on)
        return self._apps[key]

    def on(self, task: LabelledTask) -> ResolvedContext:
        """Resolve with relevance on.

        Raises:
            LabelError: an expected id is not in the project's catalog.
        """
        app = self.app(task.project, True)
        unknown = [x for x in task.expected if app.catalog.get(x) is None]
        if unknown:
            raise LabelError(f"task {task.id}: expected {', '.join(unknown)} not in the catalog")
        unknown = [x for x in task.acceptable if app.catalog.get(x) is None]
        if unknown:
            raise LabelError(f"task {task.id}: acceptable {', '.join(unknown)} not in the catalog")
        return app.resolve(app.project, role=task.role, task=task.task,
                           token_budget=self._budget, files=task.files, root=_root(app))

    def off(self, task: LabelledTask) -> ResolvedContext:
        """Resolve with relevance off (cached: the same for every algorithm compared)."""
        key = (task.project, task.role, task.task, task.files)
        if key not in self._off_cache:
            app = self.app(task.project, False)
            self._off_cache[key] = app.resolve(
                app.project, role=task.role, task=task.task,
                token_budget=self._budget, files=task.files, root=_root(app),
            )
        return self._off_cache[key]
