"""The whole matching pipeline of seed 003: stages 1–2, stage 3 with an LLM or the
deterministic ranker, the seed's edge cases, and the search log (metrics, feedback, reuse).
"""

from __future__ import annotations

import threading
import time
import uuid
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Literal

from grace.errors import (
    InvalidRankingError,
    LlmUnavailableError,
    MemberStoreError,
    MemberValidationError,
    ZoneError,
)
from grace.matching.application.defaults import FINALISTS as FINALISTS
from grace.matching.application.defaults import REUSE_SIMILARITY as REUSE_SIMILARITY
from grace.matching.application.search import (
    FunnelStage,
    SearchMembers,
    ZoneReading,
    ZoneSource,
    reading_fields,
    zone_warnings,
)
from grace.matching.domain.feedback_prior import MIN_SIMILARITY as PRIOR_SIMILARITY
from grace.matching.domain.feedback_prior import member_feedback
from grace.matching.domain.grounding import ground_ranking
from grace.matching.domain.history import (
    MAX_EXPLICIT,
    REASONS,
    VERDICTS,
    CorrectionReason,
    Feedback,
    MatchingStats,
    SearchMode,
    SearchRecord,
    SimilarRequest,
    Suggestion,
    SuggestionSource,
    Verdict,
    code_spellings,
    explicit_codes,
    filter_key,
    summarise,
)
from grace.matching.domain.model import (
    CODE_RE,
    EventRequest,
    Member,
    check_storable,
    request_to_dict,
)
from grace.matching.domain.ports import (
    MemberRepository,
    Proposal,
    RankingProposer,
    SearchLog,
)
from grace.matching.domain.ranking import (
    SYSTEM_PROMPT,
    Finalist,
    PastRequest,
    Ranking,
    RankingBrief,
    deterministic_ranking,
    explain_explicit,
    off_theme,
    parse_ranking,
    ranking_prompt,
    ranking_schema,
)
from grace.matching.domain.reuse import opposition

DETERMINISTIC = "deterministic"
SIMILAR_SHOWN = 3
"""Past requests offered for reuse (and shown to the LLM) at most."""
PRIOR_REQUESTS = 20
"""Past similar requests whose verdicts make the feedback prior, at most (the newest ones on
equal similarity; decision 0022)."""


@dataclass(frozen=True, slots=True)
class LlmPricing:
    """€ per million input / output tokens (decision 0009)."""

    input_eur_per_mtok: float
    output_eur_per_mtok: float

    def cost(self, input_tokens: int, output_tokens: int) -> float:
        """Cost in € of a call."""
        return (input_tokens * self.input_eur_per_mtok
                + output_tokens * self.output_eur_per_mtok) / 1e6


@dataclass(frozen=True, slots=True)
class Suggested:
    """A suggested member with its one-sentence explanation (distance in km from the zone's
    centre; similarity = cosine with the request; ``generated``: made-up fields; latitude and
    longitude in degrees WGS84, for the page's map; ``source``: who wrote the explanation —
    ``llm``, ``replaced`` (the LLM's stated something false: the deterministic sentence
    instead), ``top-up`` (added from the deterministic ranking to a short LLM answer),
    ``deterministic`` or ``explicit``)."""

    code: str
    name: str
    commune: str
    postal_code: str
    explanation: str
    similarity: float | None
    distance_km: float | None
    generated: tuple[str, ...]
    latitude: float | None = None
    longitude: float | None = None
    source: SuggestionSource = "deterministic"


@dataclass(frozen=True, slots=True)
class Notice:
    """Something the organiser should know about a result, machine-readable (the page
    translates ``type``; ``warnings`` carries the same in French for the CLI).

    Types: ``empty-store``, ``codes-not-members``, ``unknown-codes``, ``missing-embeddings``
    (``count`` finalists without a current vector), ``not-logged``, ``llm-fallback``,
    ``explanations-replaced`` (``codes`` whose LLM explanation stated something false),
    ``topped-up`` (``codes`` added to a short LLM answer), ``zone-from-description``
    (``text``: the words read as the zone, « près de Lyon »), ``zone-not-understood``
    (``text``: a place named in the description that is no known zone), ``off-theme``
    (``codes`` shown although off the theme the request names — too few on-theme members in
    the zone —, ``text``: that theme as the store's tags spell it).
    """

    type: str
    count: int = 0
    codes: tuple[str, ...] = ()
    text: str = ""


@dataclass(frozen=True, slots=True)
class Rejected:
    """A finalist the LLM set aside, and why."""

    code: str
    name: str
    reason: str


@dataclass(frozen=True, slots=True)
class StageThree:
    """Who answered stage 3 and at what price.

    Attributes:
        ranker: ``claude:<model>`` or ``deterministic``.
        fallback: why the deterministic ranker answered instead of the LLM, or ``None``.
        attempts: one note per LLM call (``ok``, ``timeout``, ``http_503``, ``invalid: …``).
        cost_eur: LLM cost of every attempt (€).
        checked: LLM explanations checked against the members' records.
        replaced: code → the false statements of its LLM explanation (replaced).
        topped_up: codes added from the deterministic ranking to a short LLM answer.
    """

    ranking: Ranking
    ranker: str
    fallback: str | None
    attempts: tuple[str, ...]
    input_tokens: int
    output_tokens: int
    cost_eur: float
    ms: float
    checked: int = 0
    replaced: dict[str, tuple[str, ...]] = field(default_factory=dict)
    topped_up: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class MatchResult:
    """The answer to a request.

    Attributes:
        search_id: id to send feedback with (32 hex).
        mode: ``pipeline`` or ``explicit`` (named codes served directly; ``unknown_codes``
            lists the codes that are not members).
        narrowed: the broad zone rule's note, when it applied.
        funnel: per step, members kept and ms (``total`` last).
        similar_requests: past requests with the same hard filters offered for reuse.
        warnings: what the organiser should know (finalists without a current embedding, a
            search that could not be logged, named codes that are not members), in French.
        notices: the same, machine-readable (:class:`Notice`), with the LLM's replaced
            explanations and top-up.
        zone_source: where ``zone`` comes from — ``request`` (the zone field) or
            ``description`` (a place named in the description, the field being empty);
            ``None`` without a zone. zone_words: the words read (« près de Lyon »).
    """

    search_id: str
    mode: SearchMode
    zone: str | None
    narrowed: str | None
    funnel: tuple[FunnelStage, ...]
    recommended: tuple[Suggested, ...]
    compatible: tuple[Suggested, ...]
    rejected: tuple[Rejected, ...]
    unknown_codes: tuple[str, ...]
    ranker: str
    fallback: str | None
    attempts: tuple[str, ...]
    input_tokens: int
    output_tokens: int
    cost_eur: float
    similar_requests: tuple[SimilarRequest, ...]
    warnings: tuple[str, ...] = ()
    notices: tuple[Notice, ...] = ()
    zone_source: ZoneSource | None = None
    zone_words: str | None = None


class RankFinalists:
    """Stage 3: the LLM (if any) with validation, one retry and a deadline; else, or on
    failure, the deterministic ranker (seed 003; DESIGN §4).

    Args:
        proposer: the LLM, or ``None`` for the deterministic ranker only.
        timeout_s: deadline of stage 3, retry included (seconds).
        pricing: to turn tokens into €.
    """

    def __init__(self, proposer: RankingProposer | None, *, timeout_s: float,
                 pricing: LlmPricing, clock: Callable[[], float] = time.perf_counter) -> None:
        self._proposer, self._timeout, self._pricing, self._clock = (proposer, timeout_s,
                                                                     pricing, clock)

    def _ask(self, system: str, prompt: str, schema: dict[str, object],
             remaining: float) -> Proposal:
        # The HTTP client's timeout bounds each read, not the whole call (a server trickling
        # bytes could exceed it): the call runs in a daemon thread and the deadline is enforced
        # here. A call still running after the deadline is abandoned; being a daemon, it never
        # keeps the process from exiting.
        proposer = self._proposer
        assert proposer is not None
        answers: list[Proposal] = []
        errors: list[BaseException] = []

        def call() -> None:
            try:
                answers.append(proposer.propose(system=system, prompt=prompt, schema=schema,
                                                timeout_s=remaining))
            except BaseException as exc:  # noqa: BLE001 - any error is handed to the caller's thread
                errors.append(exc)

        worker = threading.Thread(target=call, name="grace-llm", daemon=True)
        worker.start()
        worker.join(remaining)
        if worker.is_alive():
            raise LlmUnavailableError("timeout", f"no answer within {remaining:.2f} s")
        if errors:
            raise errors[0]
        return answers[0]

    @property
    def name(self) -> str:
        return self._proposer.name if self._proposer is not None else DETERMINISTIC

    def __call__(self, brief: RankingBrief) -> StageThree:
        """Rank ``brief``'s finalists; never raises for LLM trouble (falls back instead)."""
        t0 = self._clock()
        if self._proposer is None or not brief.finalists:
            return StageThree(deterministic_ranking(brief), DETERMINISTIC, None, (), 0, 0, 0.0,
                              (self._clock() - t0) * 1000)
        deadline = t0 + self._timeout
        codes = brief.codes
        system, prompt, schema = SYSTEM_PROMPT, ranking_prompt(brief), ranking_schema(codes)
        attempts: list[str] = []
        last_error = ""
        tin = tout = 0
        for _ in range(2):  # the first try and one retry
            remaining = deadline - self._clock()
            if remaining <= 0.05:
                attempts.append("timeout")
                break
            try:
                answer = self._ask(system, prompt, schema, remaining)
            except LlmUnavailableError as exc:
                attempts.append(exc.kind)
                last_error = str(exc)
                if exc.kind == "timeout":
                    break
                continue
            tin += answer.input_tokens
            tout += answer.output_tokens
            try:
                ranking = parse_ranking(answer.text, codes, stop_reason=answer.stop_reason)
            except InvalidRankingError as exc:
                attempts.append(f"invalid: {exc}")
                continue
            attempts.append("ok")
            grounded = ground_ranking(ranking, brief)
            return StageThree(grounded.ranking, self._proposer.name, None, tuple(attempts), tin,
                              tout, self._pricing.cost(tin, tout), (self._clock() - t0) * 1000,
                              grounded.checked, dict(grounded.replaced), grounded.topped_up)
        reason = f"{self._proposer.name}: " + "; then ".join(attempts)
        if last_error and not attempts[-1].startswith("invalid"):
            reason += f" (last error: {last_error[:200]})"
        return StageThree(deterministic_ranking(brief), DETERMINISTIC, reason, tuple(attempts),
                          tin, tout, self._pricing.cost(tin, tout), (self._clock() - t0) * 1000)


class MatchMembers:
    """Seed 003 end to end: explicit codes → served directly; else stages 1–2 (broad zones
    narrowed), stage 3, and a :class:`SearchRecord` in the log; past requests with the same hard
    filters are offered for reuse, and the organiser's verdicts on the near-identical ones
    (cosine ≥ 0.98) go to stage 3 as a prior (decision 0022).

    Args:
        search: stages 1–2. rank: stage 3. repo: the member store. log: the search log.
        finalists: how many stage 2 members go to stage 3 (seed: 20–50; 30 in its prompt).
        reuse_similarity: cosine from which a past request is offered for reuse.

    Thread-safe: store and log calls are serialised by one lock (a SQLite connection is not
    shared concurrently); stage 3 (the LLM call, seconds) runs outside it, so concurrent
    searches wait for each other only during the milliseconds of stages 1–2.
    """

    def __init__(self, search: SearchMembers, rank: RankFinalists, repo: MemberRepository,
                 log: SearchLog, *, finalists: int = FINALISTS,
                 reuse_similarity: float = REUSE_SIMILARITY,
                 clock: Callable[[], float] = time.perf_counter,
                 now: Callable[[], datetime] = lambda: datetime.now(UTC)) -> None:
        self._search, self._rank, self._repo, self._log = search, rank, repo, log
        self._finalists, self._reuse = finalists, reuse_similarity
        self._clock, self._now = clock, now
        self._lock = threading.RLock()

    # --- the search -------------------------------------------------------------------------

    def __call__(self, request: EventRequest) -> MatchResult:
        """Answer ``request``. Raises ZoneError, MemberStoreError (stage 3 never raises)."""
        t0 = self._clock()
        text_codes = explicit_codes(f"{request.description} {request.extra}")
        written = tuple(dict.fromkeys((*request.codes, *text_codes)))[:MAX_EXPLICIT]
        unknown: tuple[str, ...] = ()
        if written:
            written, known = self._stored_codes(written)
            if known or request.codes:
                return self._explicit(request, written, known, t0)
            # Codes written in the text, none of them a member ("#1 priorité"): a typo or a
            # hashtag, not a request for those members. Search, and say so.
            unknown = written
        original = request
        with self._lock:
            st = self._search.stages(request)
            request = st.request or request  # its zone read from the description, if any
            fkey = filter_key(st.criteria)
            # One read serves the reuse offer (cosine ≥ the reuse threshold, 3 shown) and the
            # feedback prior (cosine ≥ 0.98, up to 20 requests): opposed requests left out of
            # both (« gala sans alcool » says nothing of « gala avec alcool »).
            nearby = self._not_opposed(request, self._log.similar(
                fkey, st.query, model_key=self._search.model_key,
                k=max(SIMILAR_SHOWN, PRIOR_REQUESTS),
                min_similarity=min(self._reuse, PRIOR_SIMILARITY)))
            ids = [r.member_id for r in st.ranked[: self._finalists]]
            days = self._repo.availability(ids, request.dates)
        similar = tuple(s for s in nearby if s.similarity >= self._reuse)[:SIMILAR_SHOWN]
        verdicts = member_feedback(nearby[:PRIOR_REQUESTS], self._now())
        sims = {r.member_id: r.similarity for r in st.ranked}
        finalists = tuple(Finalist(st.members[i], sims[i], st.distances.get(i), days.get(i, {}),
                                   st.evidence.get(i), verdicts.get(st.members[i].code))
                          for i in ids)
        label = st.criteria.zone.label if st.criteria.zone is not None else None
        past = tuple(PastRequest(s.search_id, s.description, s.similarity,
                                 s.kept or tuple(x.code for x in s.suggestions)) for s in similar)
        three = self._rank(RankingBrief(request, label, finalists, past))
        total_ms = (self._clock() - t0) * 1000
        by_code = {f.code: f for f in finalists}
        llm = three.ranker != DETERMINISTIC

        def source(code: str) -> SuggestionSource:
            if not llm:
                return "deterministic"
            return ("replaced" if code in three.replaced else
                    "top-up" if code in three.topped_up else "llm")

        rec, comp = (tuple(self._suggested(by_code[p.code], p.explanation, source(p.code))
                           for p in group)
                     for group in (three.ranking.recommended, three.ranking.compatible))
        rejected = tuple(Rejected(r.code, by_code[r.code].member.name, r.reason)
                         for r in three.ranking.rejected)
        picked = len(rec) + len(comp)
        funnel = [*st.funnel(), FunnelStage(f"stage 3: {three.ranker}", picked, three.ms),
                  FunnelStage("total", picked, total_ms)]
        warnings, notices = _zone_and_theme_notes(st.reading, label, rec + comp, by_code)
        if st.total == 0:
            warnings.append("aucun membre dans la base : importer d'abord (grace members "
                            "import CSV)")
            notices.append(Notice("empty-store"))
        if unknown:
            shown = ", ".join(unknown[:10]) + (" …" if len(unknown) > 10 else "")
            warnings.append(f"{shown} : aucun membre avec ce code ; recherche normale à la "
                            "place")
            notices.append(Notice("codes-not-members", len(unknown), unknown))
        missing = sum(1 for f in finalists if f.similarity is None)
        if missing:
            warnings.append(f"{missing} finaliste(s) sans vecteur du modèle courant : classement "
                            "sémantique incomplet (lancer `grace members worker`)")
            notices.append(Notice("missing-embeddings", missing))
        if three.fallback:
            notices.append(Notice("llm-fallback"))
        if three.replaced:
            codes = tuple(three.replaced)
            warnings.append(f"{len(codes)} explication(s) du LLM contredite(s) par la fiche du "
                            f"membre, remplacée(s) par l'explication déterministe : "
                            + "; ".join(f"{c} ({', '.join(p)})"
                                        for c, p in three.replaced.items()))
            notices.append(Notice("explanations-replaced", len(codes), codes))
        if three.topped_up:
            warnings.append(f"réponse du LLM incomplète : {len(three.topped_up)} suggestion(s) "
                            "ajoutée(s) depuis le classement déterministe ("
                            + ", ".join(three.topped_up) + ")")
            notices.append(Notice("topped-up", len(three.topped_up), three.topped_up))
        record = SearchRecord(
            search_id=uuid.uuid4().hex, at=self._now(), mode="pipeline",
            request=request_to_dict(original), filter_key=fkey, embedding=st.query,
            model_key=self._search.model_key,
            stage_ms={"stage1": st.ms["stage1"] + st.ms["narrowing"],
                      "embedding": st.ms["embedding"], "stage2": st.ms["stage2"],
                      "stage3": three.ms, "total": total_ms},
            funnel={"members": st.total, "stage1": st.stage1, "narrowed": len(st.ids),
                    "stage2": len(st.ranked), "stage3": picked},
            ranker=three.ranker, fallback=three.fallback, input_tokens=three.input_tokens,
            output_tokens=three.output_tokens, cost_eur=three.cost_eur,
            suggestions=_suggestions(rec, comp))
        logged = self._record(record)
        warnings += logged
        if logged:
            notices.append(Notice("not-logged"))
        return MatchResult(
            record.search_id, "pipeline", label, st.narrowed, tuple(funnel), rec, comp, rejected,
            unknown, three.ranker, three.fallback, three.attempts, three.input_tokens,
            three.output_tokens, three.cost_eur, similar, tuple(warnings), tuple(notices),
            *reading_fields(st.reading))

    def _record(self, record: SearchRecord) -> list[str]:
        """Log a search; a log that cannot be written costs the log, not the answer."""
        try:
            with self._lock:
                self._log.record(record)
        except MemberStoreError as exc:
            return [f"recherche non enregistrée (ni statistiques ni avis possibles) : {exc}"]
        return []

    def _suggested(self, f: Finalist, explanation: str,
                   source: SuggestionSource) -> Suggested:
        m = f.member
        return Suggested(m.code, m.name, m.commune, m.postal_code, explanation, f.similarity,
                         f.distance_km, m.generated, m.latitude, m.longitude, source)

    def _stored_codes(self, written: tuple[str, ...]) -> tuple[tuple[str, ...], dict[str, int]]:
        """Each written code as the store spells it (case ignored: ``#fest_7`` → ``#FEST_7``;
        unknown ones as written), without repeats, and the ids of the known ones."""
        with self._lock:
            ids = self._repo.ids_for([s for c in written for s in code_spellings(c)])
        stored = (next((s for s in code_spellings(c) if s in ids), c) for c in written)
        return tuple(dict.fromkeys(stored)), ids

    def _explicit(self, request: EventRequest, codes: tuple[str, ...], ids: dict[str, int],
                  t0: float) -> MatchResult:
        unknown = tuple(c for c in codes if c not in ids)
        found = [c for c in codes if c in ids][:MAX_EXPLICIT]
        zone = None
        if request.zone:
            try:
                zone = self._search.criteria(request).zone
            except ZoneError:
                zone = None  # a named member is served even when the zone is not understood
        with self._lock:
            members = self._repo.summaries([ids[c] for c in found])
            days = self._repo.availability([ids[c] for c in found], request.dates)
            total = self._repo.count()
        label = zone.label if zone is not None else None
        picks = []
        for c in found:
            m = members[ids[c]]
            dist = None
            if zone is not None and m.latitude is not None and m.longitude is not None:
                dist = zone.distance_km(m.latitude, m.longitude)
            f = Finalist(m, None, dist, days.get(ids[c], {}))
            picks.append(self._suggested(f, explain_explicit(f, request, label), "explicit"))
        total_ms = (self._clock() - t0) * 1000
        funnel = (FunnelStage("explicit codes", len(codes), 0.0),
                  FunnelStage("found", len(found), total_ms),
                  FunnelStage("total", len(found), total_ms))
        record = SearchRecord(
            search_id=uuid.uuid4().hex, at=self._now(), mode="explicit",
            request=request_to_dict(request), filter_key="", embedding=None,
            model_key=self._search.model_key, stage_ms={"total": total_ms},
            funnel={"members": total, "stage3": len(found)}, ranker="explicit",
            fallback=None, input_tokens=0, output_tokens=0, cost_eur=0.0,
            suggestions=_suggestions(tuple(picks), ()))
        warnings = self._record(record)
        notices = [Notice("not-logged")] if warnings else []
        if unknown:
            shown = ", ".join(unknown[:10]) + (" …" if len(unknown) > 10 else "")
            warnings.insert(0, f"codes inconnus : {shown}")
            notices.insert(0, Notice("unknown-codes", len(unknown), unknown))
        return MatchResult(record.search_id, "explicit", label, None, funnel, tuple(picks), (),
                           (), unknown, "explicit", None, (), 0, 0, 0.0, (), tuple(warnings),
                           tuple(notices))

    # --- the rest of the service ------------------------------------------------------------

    def similar_requests(self, request: EventRequest, *, k: int = 5,
                         min_similarity: float | None = None) -> list[SimilarRequest]:
        """``find_similar_requests``: past searches with the same hard filters as ``request``
        and a request vector with cosine ≥ ``min_similarity`` (default: the reuse threshold).

        Raises:
            ZoneError: the zone is not understood.
        """
        criteria = self._search.criteria(request)
        threshold = self._reuse if min_similarity is None else min_similarity
        with self._lock:
            query = self._search.embed(request, criteria)
            found = self._log.similar(filter_key(criteria), query,
                                      model_key=self._search.model_key, k=k,
                                      min_similarity=threshold)
        return list(self._not_opposed(request, found))

    @staticmethod
    def _not_opposed(request: EventRequest,
                     similar: Sequence[SimilarRequest]) -> tuple[SimilarRequest, ...]:
        """The past requests whose text no negation or opposite constraint separates from
        ``request``'s (« gala avec alcool » is close to « gala sans alcool » for e5: issue 14,
        :func:`~grace.matching.domain.reuse.opposition`)."""
        text = f"{request.description} {request.extra}"
        return tuple(s for s in similar
                     if opposition(f"{s.description} {s.extra}", text) is None)

    def feedback(self, search_id: str, code: str, verdict: Verdict, *,
                 comment: str = "", reason: CorrectionReason | None = None) -> Feedback:
        """Record that the organiser kept or corrected suggestion ``code`` of ``search_id``;
        a correction may say why (``reason``: wrong_place, wrong_theme, too_small,
        too_expensive, other — ``other`` with a comment saying what).

        Raises:
            MemberValidationError: a bad verdict or reason, a reason on a kept suggestion,
                ``other`` without a comment, a comment no store can keep (NUL, lone
                surrogate). UnknownSearchError: unknown search, or a code it did not suggest.
        """
        if verdict not in VERDICTS:
            raise MemberValidationError(f"verdict {verdict!r}: use one of {', '.join(VERDICTS)}")
        if reason is not None:
            if reason not in REASONS:
                raise MemberValidationError(f"reason {reason!r}: use one of "
                                            f"{', '.join(REASONS)}")
            if verdict != "corrected":
                raise MemberValidationError("a reason goes with verdict 'corrected' only")
            if reason == "other" and not comment.strip():
                raise MemberValidationError("reason 'other' needs a comment saying what was "
                                            "wrong")
        check_storable("feedback", "comment", comment)
        fb = Feedback(search_id, code, verdict, self._now(), comment, reason)
        with self._lock:
            self._log.add_feedback(fb)
        return fb

    def stats(self, *, last: int | None = None) -> MatchingStats:
        """Seed 003's metrics over the last ``last`` searches (all by default)."""
        with self._lock:
            records = self._log.records(limit=last)
            feedback = self._log.feedback()
        ids = {r.search_id for r in records}
        return summarise(records, [f for f in feedback if f.search_id in ids])

    def member(self, code: str) -> Member | None:
        """Member lookup by code. Raises MemberValidationError: not a code like ``#102``."""
        if not CODE_RE.match(code):
            raise MemberValidationError(f"{code!r} is not a member code like '#102'")
        with self._lock:
            for spelling in code_spellings(code):
                found = self._repo.get(spelling)
                if found is not None:
                    return found
        return None

    def search_record(self, search_id: str) -> SearchRecord | None:
        """A past search (to reuse its suggestions)."""
        with self._lock:
            return self._log.get(search_id)


def _zone_and_theme_notes(reading: ZoneReading | None, label: str | None,
                          shown: Sequence[Suggested], by_code: dict[str, Finalist]
                          ) -> tuple[list[str], list[Notice]]:
    """Warnings and notices on the zone (read from the description, or a place not
    understood) and on the theme (members shown although off the theme the request names)."""
    warnings = zone_warnings(reading, label)
    notices: list[Notice] = []
    zone_source, words = reading_fields(reading)
    if zone_source == "description" and words:
        notices.append(Notice("zone-from-description", text=words))
    elif reading is not None and not reading.understood:
        notices.append(Notice("zone-not-understood", text=reading.words))
    off = tuple(s.code for s in shown if off_theme(by_code[s.code]))
    if off:
        asked = next((f.evidence.asked for f in by_code.values()
                      if f.evidence is not None and f.evidence.asked), None)
        theme = f"« {asked} »" if asked else "demandé"
        where = "dans la zone" if label else "parmi les membres"
        warnings.append(f"{len(shown) - len(off)} lieu(x) sur {len(shown)} correspondent au "
                        f"thème {theme} {where} ; les {len(off)} autres, hors thème, sont "
                        "proposés faute de mieux"
                        + (" (élargir la zone pour en trouver d'autres)" if label else ""))
        notices.append(Notice("off-theme", len(off), off, asked or ""))
    return warnings, notices


def _suggestions(recommended: tuple[Suggested, ...],
                 compatible: tuple[Suggested, ...]) -> tuple[Suggestion, ...]:
    group: Literal["recommended", "compatible"]
    out = []
    for group, items in (("recommended", recommended), ("compatible", compatible)):
        out += [Suggestion(s.code, group, s.explanation, s.source) for s in items]
    return tuple(out)
