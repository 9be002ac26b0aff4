"""The hybrid relevance step as it was before the columnar scoring (issue 13, item 2): one
:class:`~grace.resolution.domain.hybrid.HybridCandidate`, one ``Explanation`` and one formatted
detail per candidate, scored and cut one candidate at a time. Frozen here, verbatim in its
logic, as the oracle the columnar path must reproduce exactly (tests/integration/
test_hybrid_oracle.py): same kept ids in the same order, same scores, same explanations, same
"also relevant" ids. Not used by the product.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from grace.lexical import ACTION_STEMS, FRENCH_HOMOGRAPHS, STOP_WORDS, analyse, is_french
from grace.resolution.application.hybrid import (
    AGENT_SKILL_TAGS,
    CONCERN_REST_GENERIC,
    EMPTY_TASK_FILES_NOTE,
    EMPTY_TASK_NO_FILE_MATCH_NOTE,
    STACK_WORDS,
    HybridRelevance,
    asks_migration,
    family_stranger,
    is_own,
    name_words,
    names_own,
    one_line,
    own_words,
    persona_heard,
    role_core,
    stack_lift,
    stack_named,
    subject_stems,
    subject_words,
    task_concerns,
)
from grace.resolution.application.probes import CONCERNS
from grace.resolution.application.relevance import NO_SPECIFIC_TALENT
from grace.resolution.application.resolve_context import RelevanceOutcome, RelevanceRequest
from grace.resolution.domain.activation import files_show, names_files, path_words
from grace.resolution.domain.hybrid import (
    ROLE_PRIOR,
    RRF_K,
    HybridCandidate,
    HybridSelection,
    HybridSelector,
    _ranks,
    below,
    sibling_of,
)
from grace.resolution.domain.languages import (
    APP_FRAMEWORKS,
    BROWSER_LANGUAGES,
    FRAMEWORK_LANGUAGES,
    INFRASTRUCTURE_LANGUAGES,
    LANGUAGE_NAMES,
    MIGRATION_NAME_WORDS,
    SERVER_LANGUAGES,
    foreign_frameworks,
    frameworks_of_files,
    frameworks_of_name,
    frameworks_of_talent_name,
    frameworks_told,
    kinds_said,
    language_unused,
    languages_in_text,
    languages_of_rule_name,
    languages_told,
    migration_of_name,
    migration_sources,
    off_kind_of,
    persona_language,
    persona_stack,
    persona_unused,
    proper_names,
    role_stack,
    rule_products,
    rule_subject,
    stack_languages,
    talent_name_words,
    task_frameworks,
    unframed_languages,
    with_aliases,
)
from grace.resolution.domain.relevance import Decision, Explanation, Selection, normalise
from grace.resolution.domain.results import AlsoRelevant
from grace.resolution.domain.talent import Depth, Talent
from grace.resolution.domain.text import (
    asks_new_project,
    code_terms,
    speaks_of_ours,
    starts_project,
)
from grace.text import compounds, fold, words


def fuse(sel: HybridSelector, cands: Sequence[HybridCandidate], dense: np.ndarray) -> np.ndarray:
    p = sel.params
    lex = np.array([c.lexical for c in cands], dtype=np.float64)
    head = np.array([c.lexical_head for c in cands], dtype=np.float64)
    path = np.array([c.lexical_path for c in cands], dtype=np.float64)
    where = np.array([(p.unnamed_glob if c.unnamed else 1.0) if c.where else 0.0
                      for c in cands], dtype=np.float64)
    stack = np.array([(p.unsaid_stack if c.unsaid or c.unimported else 1.0) if c.stack else 0.0
                      for c in cands], dtype=np.float64)
    concern = np.array([1.0 if c.concern else 0.0 for c in cands], dtype=np.float64)
    foreign = np.array([(p.w_foreign if c.names else p.w_foreign_unnamed)
                        if c.foreign or c.stranger or c.product else 0.0 for c in cands],
                       dtype=np.float64)
    migration = np.array([1.0 if c.migration else 0.0 for c in cands], dtype=np.float64)
    starter = np.array([1.0 if c.starter else 0.0 for c in cands], dtype=np.float64)
    trig = np.array([min(len(c.evidence), 3) / 3 for c in cands], dtype=np.float64)
    glob = np.array(
        [0.0 if (c.glob is None and not c.language) or c.foreign or c.stranger or c.product
         or c.migration or c.starter
         else c.glob_strength * p.unnamed_glob if c.unnamed or c.off_kind else c.glob_strength
         for c in cands],
        dtype=np.float64,
    )
    if p.fusion == "rrf":
        ids = [c.id for c in cands]
        score = np.zeros(len(cands))
        for channel in (dense, lex, head, path, trig, where, glob, stack, concern):
            score += 1.0 / (RRF_K + _ranks(channel, ids))
        return np.round(score * RRF_K, 6)
    role = np.array([ROLE_PRIOR.get(c.role_rank or "", 0.0) for c in cands], np.float64)
    fused = (
        dense + p.w_lex * lex + p.w_head * head + p.w_path * path + p.w_trigger * trig
        + p.w_where * where + p.w_glob * glob + p.w_role * role + p.w_stack * stack
        + p.w_concern * concern - foreign - p.w_migration * migration
        - p.w_starter * starter
    )
    return np.round(fused, 6)


def far_names(cands: Sequence[HybridCandidate], dense: np.ndarray, rows: list[int],
              base: float) -> str:
    """The everyday gate's words on name terms whose talents are far in meaning."""
    if not rows:
        return ""
    best = max(rows, key=lambda i: (float(dense[i]), cands[i].id))
    terms = ", ".join(dict.fromkeys(w for i in rows for w in cands[i].names))
    return (f"; {terms}: name terms, but of talents far from it in meaning ({cands[best].id}: "
            f"dense {below(float(dense[best]), base)})")


def concern_of(t, concerns: dict[str, str], said: set[str]) -> tuple[str, str] | tuple[()]:
    """The first of the task's ``concerns`` that ``t``'s name says, with why, when every
    concern its name says is the task's and its other name words are said (or fewer)."""
    marks = {w: c for c, concern in CONCERNS.items() for w in concern.marks}
    name = name_words([t])[0]
    # marks among every word of the name and id, digits included (Copilot's "A11y")
    held = list(dict.fromkeys(w for w in talent_name_words(t.name, t.id) if w in marks))
    if not held or not {marks[w] for w in held} <= concerns.keys():
        return ()
    rest = [w for w in name if w not in marks and w not in CONCERN_REST_GENERIC
            and w not in STOP_WORDS]
    if len(rest) >= len(held) and any(
            not set(analyse(w, language="english")) & said for w in rest):
        return ()
    label = next(c for c in concerns if c in {marks[w] for w in held})
    return (label, concerns[label])


def reference_select(  # noqa: C901 - the oracle is one function on purpose
    sel: HybridSelector,
    cands: Sequence[HybridCandidate],
    *,
    probe_level: float | None = None,
    domain: tuple[float, float] | None = None,
    code: bool = False,
    software: tuple[float, float] | None = None,
    stack_named: bool = False,
    framed_by: str = "project",
    frame: tuple[str, ...] = (),
    known: tuple[str, ...] = (),
    packaged: frozenset[str] = frozenset(),
    files_only: bool = False,
    question: tuple[float, float] | None = None,
) -> HybridSelection:
    """``HybridSelector.select`` before issue 13 item 2, one candidate at a time (with the
    software-request criterion of decision 0010's sixth follow-up, the task's frameworks of
    its seventh, the empty task's ``files_only`` of its twelfth and decision 0027's general
    question, added to both paths)."""
    p = sel.params
    if not cands:
        return HybridSelection(Selection((), {}, ()), (), p.floor)
    dense = sel.dense_of(
        np.array([c.dense for c in cands], dtype=np.float64),
        np.array([c.chunk for c in cands], dtype=np.float64),
        np.array([c.hub for c in cands], dtype=np.float64),
    )
    score = fuse(sel, cands, dense)
    out = [files_only and not (c.glob is not None or c.where or c.language) for c in cands]
    order = sorted(range(len(cands)), key=lambda i: (out[i], -score[i], cands[i].id))
    top = float(score[order[0]])
    best_dense = float(dense.max())
    floor = p.floor if probe_level is None else max(p.floor, probe_level - p.probe_margin)
    is_software = (software is not None and software[0] >= software[1]) or stack_named
    if code or is_software or any(c.evidence for c in cands):
        floor -= p.trigger_slack
    located = any(c.glob is not None or c.where or c.language for c in cands)
    named = any(c.names for c in cands)
    far = domain is not None and domain[0] < domain[1] and not named and not is_software
    # a name term counts against "everyday" only when its talent is near in meaning too
    base = p.floor if probe_level is None else max(p.floor, probe_level - p.probe_margin)
    named_rows = [i for i, c in enumerate(cands) if c.names]
    meant = any(float(dense[i]) >= base for i in named_rows)
    everyday = (software is not None and software[0] < p.everyday_level
                and not (code or meant or stack_named))
    general = (question is not None and question[0] >= question[1]
               and not (code or meant or any(c.concern for c in cands) or stack_named))
    gate = (best_dense < floor or far or everyday or general) and not located
    if files_only:
        gate = all(out)
    decisions: dict[int, tuple[Decision, str]] = {}
    also: list[str] = []
    if gate and files_only:
        for i in order:
            decisions[i] = ("cut_gate", "empty task: no glob, language or path word of the "
                            "files in play activates any talent")
    elif gate:
        why = (
            "out of domain: best dense "
                + below(best_dense, floor).replace(" < ", " < FLOOR ") + " (what "
            "out-of-domain probes reach on this catalog)" if best_dense < floor else
            "out of domain: nearest talent − nearest generic request "
            f"{below(*domain)} (what the probe requests score on this catalog)"
            if far and domain is not None else
            "out of domain: an everyday request, nearer to an everyday probe than to any "
            f"software request ({below(software[0], p.everyday_level)}, EVERYDAY_LEVEL)"
            + far_names(cands, dense, named_rows, base)
            if best_dense >= floor and not far and everyday and software is not None else
            "out of domain: a general question, nearer to a general question of computing "
            f"than to any software request ({question[0]:.3f} ≥ {question[1]:.3f}, what the "
            "reference requests score), naming no code, no dependency of the project"
            + far_names(cands, dense, named_rows, base)
            if best_dense >= floor and not far and not everyday and general
            and question is not None
            else "out of domain"
        )
        said_other = best_dense >= floor and not far and (everyday or general)
        for i in order:
            decisions[i] = ("cut_gate", why + ", no glob matched, no name term in the files" + (
                f", not a software request ({below(*software)})"
                if software is not None and not said_other else ""))
    else:
        spent, kept_n = 0, 0
        # no file in play (no candidate located by a glob, a file or a file's language): fewer
        located = any(c.glob is not None or c.file is not None or c.language for c in cands)
        limit = p.max_kept if located else min(p.max_kept, p.max_kept_text)
        # the bar is measured on the best score less its concern lift
        ref = top
        if p.fusion == "sum" and not files_only and any(c.concern for c in cands):
            ref = max(float(score[i]) - (p.w_concern if cands[i].concern else 0.0)
                      for i in order if not out[i])
        ratio_of = (f"top {top:.3f}" if ref == top
                    else f"{ref:.3f}, the best score less its concern lift")
        bar = max(ref - p.margin, p.ratio * ref) if ref > 0 else ref - p.margin
        if files_only:
            bar = p.ratio * p.w_glob
        first = cands[order[0]]
        top_names = {w for w in (first.names if top > 0 and not files_only else ())
                     if sum(w in c.names for c in cands) <= p.sibling_max}
        top_families = {f for f in (first.families if top > 0 and not files_only else ())
                        if sum(f in c.families for c in cands) <= p.family_max}
        sib_bar = min(bar, p.sibling_ratio * ref)
        siblings = 0
        lifted_n = 0
        for rank, i in enumerate(order):
            if out[i]:
                decisions[i] = ("cut_gate", "empty task: no glob, language or path word of the "
                                "files in play activates it")
                continue
            s, cost = float(score[i]), cands[i].tokens
            if files_only and s < bar:
                decisions[i] = ("cut_margin", f"score {s:.3f} below the bar {bar:.3f} of an "
                                f"empty task (RATIO {p.ratio} × W_GLOB {p.w_glob})")
                continue
            sibling = sibling_of(cands[i].names, cands[i].families, top_names,
                                 top_families) if rank > 0 and sib_bar <= s < bar else ""
            if sibling and siblings >= p.sibling_k:
                sibling = ""
            siblings += bool(sibling)
            # the stack's part of the score (fusion "sum"): a row under the bar without it is
            # kept on the project's dependencies alone, STACK_K such rows at most
            lift = (p.w_stack * (p.unsaid_stack if cands[i].unsaid or cands[i].unimported
                                 else 1.0)
                    if cands[i].stack and p.fusion == "sum" and not files_only else 0.0)
            alone = bool(lift) and s - lift < bar
            c = cands[i]
            meaning_only = not (c.names or c.glob is not None or c.file is not None
                                or c.language or c.stack or c.concern)
            if rank > 0 and s < bar and not sibling:
                decisions[i] = ("cut_margin", f"score {s:.3f} below the bar {bar:.3f} "
                                f"(RATIO {p.ratio} × {ratio_of})")
            elif (not files_only and s < p.keep_floor and not sibling
                    and ((frame and framed_by != "task") or known)
                    and meaning_only and not set(c.families) & set(frame)):
                decisions[i] = ("cut_margin", f"score {s:.3f} below KEEP_FLOOR {p.keep_floor} "
                                + (f"on meaning alone, in a {framed_by} its dependencies frame "
                                   f"({', '.join(frame)})" if frame and framed_by != "task"
                                   else "on meaning alone, in a project that declares its "
                                   f"{', '.join(known)} dependencies"))
            elif rank > 0 and p.skill_said and c.unasked and not set(c.families) & set(
                    frame) and (meaning_only or (
                        c.language and not c.language_named and c.glob is None
                        and not (c.names or c.stack or c.concern))):
                decisions[i] = ("cut_margin", f"a procedure for {' '.join(c.unasked)}, which "
                                "neither the task nor its files say, kept on meaning alone"
                                + ("" if meaning_only else
                                   f" and a {c.language} file (no name of the language)")
                                + " (SKILL_SAID)")
            elif rank > 0 and kept_n >= limit:
                decisions[i] = ("cut_margin", f"{limit} talents already kept (MAX_KEPT)")
            elif rank > 0 and alone and lifted_n >= p.stack_k:
                decisions[i] = ("cut_margin", f"{p.stack_k} talents already kept on the "
                                "project's dependencies alone (STACK_K; "
                                f"{s - lift:.3f} without them)")
            elif rank > 0 and spent + cost > p.budget:
                decisions[i] = ("cut_budget", f"{cost} tokens over relevance's cap of "
                                f"{p.budget} tokens (GRACE_RELEVANCE_BUDGET; {spent} already kept)")
            else:
                if alone:
                    lifted_n += 1
                spent, kept_n = spent + cost, kept_n + 1
                decisions[i] = ("kept", "top score" if rank == 0 else
                                f"score {s:.3f} ≥ bar {bar:.3f}" if not sibling else
                                f"score {s:.3f} ≥ bar {sib_bar:.3f} (SIBLING_RATIO "
                                f"{p.sibling_ratio} × top: {sibling} the top talent "
                                f"{first.id})")
        # the nearest in meaning of the rows the cap alone cut takes the last kept place
        kept_rows = [i for i in order if decisions[i][0] == "kept"]
        capped = [i for i in order if decisions[i] == ("cut_margin", f"{limit} talents already "
                                                      "kept (MAX_KEPT)")]
        if not files_only and len(kept_rows) >= 2 and capped:
            lead = capped[0]
            for i in capped[1:]:
                if float(dense[i]) > float(dense[lead]):
                    lead = i
            nearest = max(float(dense[i]) for i in kept_rows)
            last = kept_rows[-1]
            if (float(dense[lead]) >= nearest + p.dense_lead and spent - cands[last].tokens
                    + cands[lead].tokens <= p.budget):
                decisions[lead] = ("kept", f"nearest in meaning (dense {float(dense[lead]):.3f} "
                                   f"≥ {nearest:.3f} of every kept talent + DENSE_LEAD "
                                   f"{p.dense_lead}): takes the place of {cands[last].id}")
                decisions[last] = ("cut_margin", f"its place went to {cands[lead].id}, nearer "
                                   "in meaning (DENSE_LEAD; MAX_KEPT)")
        low = p.also_ratio * top

        def inapplicable(c) -> bool:
            """Another framework's, family member's or product's rule, or a procedure for a
            job nothing says on meaning alone: no pointer."""
            return bool(c.foreign or c.stranger or c.product or (
                p.skill_said and c.unasked and not set(c.families) & set(frame) and not (
                    c.names or c.glob is not None or c.file is not None or c.language
                    or c.stack or c.concern)))

        also = [
            cands[i].id for i in order
            if decisions[i][0] != "kept" and not out[i] and float(score[i]) >= low
            and float(score[i]) > 0 and not inapplicable(cands[i])
        ][: p.also_k]
    kept = tuple(cands[i].id for i in order if decisions[i][0] == "kept")
    explanations = tuple(
        Explanation(
            id=cands[i].id,
            emb=round(float(dense[i]), 6),
            cosine=round(cands[i].cosine, 6),
            shared_stems=cands[i].evidence,
            score=float(score[i]),
            decision=decisions[i][0],
            detail=decisions[i][1] + _channels(cands[i], float(dense[i]), framed_by, frame,
                                              packaged, known),
            lexical=round(cands[i].lexical, 6),
            glob=cands[i].glob,
            file=cands[i].file,
        )
        for i in order
    )
    return HybridSelection(
        Selection(
            kept=kept,
            scores={cands[i].id: float(score[i]) for i in order},
            explanations=explanations,
            gate_closed=gate,
            top=top,
        ),
        tuple(also),
        floor,
    )


def _channels(c: HybridCandidate, dense: float, framed_by: str,  # noqa: C901 - the oracle
              frame: tuple[str, ...], packaged: frozenset[str],
              known: tuple[str, ...] = ()) -> str:
    parts = [f"dense {dense:.3f}", f"lexical {c.lexical:.3f}", f"header {c.lexical_head:.3f}"]
    if c.lexical_path > 0:
        parts.append(f"path words {c.lexical_path:.3f}")
    if c.triggers:
        parts.append("triggers " + ", ".join(c.triggers))
    if c.names:
        parts.append("name terms " + ", ".join(c.names))
    if c.where:
        parts.append("the files in play are " + ", ".join(c.where) + (
            f" (counts less: {', '.join(c.unnamed)} named nowhere)" if c.unnamed else ""))
    if c.stack:
        told = [w for w in c.stack if w in LANGUAGE_NAMES and w not in APP_FRAMEWORKS]
        own = [w for w in c.stack if w in packaged and w not in told]
        rest = [w for w in c.stack if w not in packaged and w not in told]
        if own:
            parts.append("its package depends on " + ", ".join(own))
        if rest:
            parts.append("the project depends on " + ", ".join(rest))
        if told:
            parts.append("the task is in " + ", ".join(told)
                         + ", which no framework of the project frames")
        if c.unsaid:
            parts[-1] += (" (counts less: neither the task nor its files say "
                          f"{', '.join(c.unsaid)})")
        elif c.unimported:
            parts[-1] += (" (counts less: the files in play import no "
                          f"{', '.join(c.unimported)})")
    if c.concern:
        parts.append(f"the task is {c.concern[0]} work ({c.concern[1]}), which its name says")
    if c.foreign:
        parts.append("written for " + ", ".join(c.foreign) + (
            ", a framework the project does not depend on" if known and not frame
            else f", not the {framed_by}'s framework"
            + (f" ({', '.join(frame)})" if frame else "")))
    if c.stranger:
        parts.append(f"written for {' '.join(c.stranger)}, which no dependency of the project "
                     "names whole")
    if c.product:
        parts.append(f"written for {', '.join(c.product)}, which neither the task, its files "
                     "nor the project's dependencies name")
    if c.migration:
        parts.append(f"a migration's rule ({'; '.join(c.migration)}), "
                     + ("which the task does not name" if c.migration[0].startswith("of ")
                        else "which nothing names" if c.migration[0].startswith("from ")
                        else "and the task asks for no migration"))
    if c.starter:
        parts.append(f"a rule for starting a new project (“{c.starter}”), and the task starts "
                     "none")
    if c.glob is not None:
        less = [f"{', '.join(c.unnamed)} named nowhere"] if c.unnamed else []
        if c.off_kind:
            less.append(f"a {c.off_kind} file")
        parts.append(f"glob `{c.glob}` matched {c.file}"
                     + (f" (counts less: {'; '.join(less)})" if less else ""))
    elif c.language:
        less = [f"{', '.join(c.unnamed)} named nowhere"] if c.unnamed else []
        parts.append(f"its language {c.language} is that of {c.file} (strength "
                     f"{c.glob_strength:.2f}" + (f"; counts less: {'; '.join(less)}" if less
                                                  else "") + ")")
    if c.role_rank in ("required", "recommended"):
        parts.append(f"{c.role_rank} for the role")
    return " [" + "; ".join(parts) + "]"


def reference_candidates(step: HybridRelevance, request: RelevanceRequest) -> list[HybridCandidate]:
    """The candidates ``HybridRelevance.select`` built before issue 13 item 2 (the step's corpus
    is built first, as the step does)."""
    cands = request.candidates
    pool = step._pool_of(request.active, cands)
    corpus = step._build(pool)
    index = corpus.index
    # a rule's products: its subject's proper names (the pool's summaries) that a family holds
    pool_products = dict(zip((t.id for t in pool), rule_products(
        [rule_subject(t.name, t.id) for t in pool], proper_names(t.summary for t in pool)),
        strict=True))
    heard = set(analyse(" ".join(request.vocabulary), language="english"))
    product_words = {w for found in pool_products.values() for w in found}
    row_list = [index[t.id] for t in cands]
    rows = np.array(row_list, dtype=np.int64)
    hubs = corpus.hub[rows]
    if request.task.strip():
        query = np.asarray(step._embedder.embed([request.task], kind="query")[0], np.float64)
        dense, chunk = step._channels(corpus, query, rows)
        raw = corpus.headers_unit[rows] @ normalise(query)
    else:  # an empty task: no dense channel
        dense, raw, hubs = np.zeros(len(rows)), np.zeros(len(rows)), np.zeros(len(rows))
        chunk = np.full(len(rows), -1.0)
    mine = own_words(request.vocabulary)
    aliased = with_aliases(request.task)  # "Postgres" says postgresql to the word channels
    asked = " ".join(t for t in aliased.split() if not is_own(t, mine))
    lexical = corpus.lexical.scores(asked)[rows]
    lexical_head = corpus.lexical_head.scores(asked)[rows]
    where = " ".join(w for w in path_words(request.files).split() if not is_own(w, mine)) \
        if mine else path_words(request.files)
    lexical_path = (
        corpus.lexical.scores(where)[rows] * corpus.lexical.specificity(where)
        if where else np.zeros(len(rows), np.float64)
    )
    depth: Depth = "standard" if request.depth == "auto" else request.depth
    found = corpus.triggers.found(fold(aliased))
    homographs = FRENCH_HOMOGRAPHS if is_french(request.task) else frozenset()
    found = {tid: kept for tid, hit in found.items()
             if (kept := tuple(h for h in hit if h not in homographs and not is_own(h, mine)))}
    task_words = ({w for w in words(aliased) if w not in homographs and not is_own(w, mine)}
                  | set(frameworks_told(request.task)) | set(languages_told(request.task))
                  | {w for w in compounds(aliased) if not is_own(w, mine)})
    file_words = set(words(" ".join([where, *frameworks_of_files(request.files)])))
    context_words = task_words | file_words
    # what the files show (a framework's conventions, a well-known file): an Agent Skill's
    # name term is looked for there and in the task, never in a source file's own words
    shown = set(words(files_show(request.files)))
    stack_words = set(role_stack({*request.stack, *request.package_stack}, request.role)
                      ) - context_words
    named = {r for w in context_words | stack_words for r in corpus.name_rows.get(w, ())}
    frame = (frameworks_of_name(request.package_stack) or frameworks_of_name(request.stack)
             or task_frameworks(request.task, request.files))
    known = stack_languages({*request.stack, *request.package_stack})
    said = " ".join([request.task, where, *frameworks_of_files(request.files), *request.stack,
                     *request.package_stack])
    said_stems = set(analyse(said)) | set(analyse(said, language="english"))
    # an Agent Skill's job: said by the task, what its files show (never a source file's own
    # words), or a dependency that is a product or a framework, never by any dependency word
    # (``builder``)
    proper = proper_names(t.summary for t in pool)
    job = " ".join([request.task, *sorted(shown),
                    *(w for w in {*request.stack, *request.package_stack}
                      if w in STACK_WORDS or w in proper)])
    job_said = set(analyse(job)) | set(analyse(job, language="english"))
    lift_said = set(analyse(" ".join([request.task, where, *frameworks_of_files(request.files)]),
                            language="english")) | context_words
    channels = zip(dense.tolist(), chunk.tolist(), raw.tolist(), lexical.tolist(),
                   lexical_head.tolist(), lexical_path.tolist(),
                   hubs.tolist(), strict=True)
    activation, role = request.activation, request.role
    # the languages whose own rules the stack lifts: told by the task, or the one back-end
    # language of a back end's task of words alone; framed only by a framework some candidate
    # is named after
    named_frameworks = {fw for c in cands if not rule_subject(c.name, c.id)
                        for fw in frameworks_of_talent_name(c.name, c.id)}
    told = list(languages_told(request.task)) + [
        lang for fw in task_frameworks(request.task, ()) if fw not in named_frameworks
        for lang in FRAMEWORK_LANGUAGES.get(fw, ())]
    back = [lang for lang in request.languages if lang in SERVER_LANGUAGES]
    front = BROWSER_LANGUAGES | {"sql", "shell", "powershell", "terraform", "html", "css"}
    implied = ""  # the back end's language the task's words do not tell: near rules only
    if role == "backend" and not request.files and not languages_in_text(request.task)[0]:
        if request.languages and request.languages[0] in INFRASTRUCTURE_LANGUAGES:
            told.append(request.languages[0])
        elif len(back) == 1 and not kinds_said(request.task, request.languages) and all(
                lang in front for lang in
                request.languages[:list(request.languages).index(back[0])]):
            implied = "" if back[0] in told else back[0]
            told += back
    hybrid = []
    asks = asks_migration(request.task)
    new_project = asks_new_project(request.task)
    # the concerns whose work the task is; what the task and its files say (English stems)
    concerns = (task_concerns(corpus.concern_unit @ normalise(query), set(words(request.task)))
                if request.task.strip() and len(corpus.concern_unit) else {})
    concern_said = set(analyse(" ".join([request.task, where,
                                         *frameworks_of_files(request.files)]),
                               language="english"))
    for t, row, (d, c, r, lex, head, path, hub) in zip(cands, row_list, channels, strict=True):
        terms = corpus.names[row] if row in named else ()
        own = [lang for lang in languages_told(request.task)
               if lang in languages_of_rule_name(t.name, t.id)]
        act = activation.get(t.id)
        foreign = foreign_frameworks(corpus.frameworks.get(row, ()), frame, context_words,
                                     t.languages, repository=request.stack,
                                     known=known) if frame or known else ()
        stranger = family_stranger(rule_subject(t.name, t.id), request.stack_groups, lift_said,
                                   product_words, request.stack_whole)
        product = pool_products[t.id] if (
            (request.stack or request.package_stack) and not foreign and not stranger
            and not set(analyse(" ".join(pool_products[t.id]), language="english"))
            & (said_stems | heard)) else ()
        if (request.stack or request.package_stack) and not foreign and not stranger \
                and not product:  # a persona for another stack: its first language, or
            # its unused expertise
            first = persona_language(t.bodies["full"])
            product = (first,) if first and language_unused(first, request.languages) else \
                persona_unused(persona_stack(t.bodies["full"]), persona_heard(
                set(words(" ".join([*request.stack, *request.package_stack, request.task,
                                    *request.vocabulary]))), said_stems | heard),
                rule_subject(t.name, t.id))
        subject = rule_subject(t.name, t.id)
        lifted = (stack_lift(name_words([t])[0], subject, stack_words, request.stack_groups,
                             lift_said, request.stack_whole)
                  if not (subject and not subject_stems(subject, corpus.names[row]) & said_stems)
                  else ())
        unsaid = subject if lifted and subject and not (set(
            analyse(" ".join(subject), language="english")) - ACTION_STEMS) & lift_said else ()
        skill = set(t.tags) >= AGENT_SKILL_TAGS
        hybrid.append(HybridCandidate(
            id=t.id, dense=d, chunk=c, cosine=r, lexical=lex, lexical_head=head,
            lexical_path=path, tokens=step._cost(t, depth), hub=hub,
            triggers=found.get(t.id, ()),
            names=tuple(dict.fromkeys([*(w for w in terms if w in (
                task_words | shown if skill else context_words)), *own])),
            where=tuple(w for w in terms if w in file_words and w not in task_words
                        and (not skill or w in shown)),
            stack=lifted or tuple(
                lang for lang in unframed_languages(told, {*request.stack, *request.package_stack},
                                                    named_frameworks)
                if lang in languages_of_rule_name(t.name, t.id) and (
                    lang != implied or float(step._selector.dense_of(
                        np.array([d]), np.array([c]), np.array([hub]))[0]) > 0.0))[:1],
            foreign=foreign,
            unnamed=subject_words(subject, corpus.names[row])
            if act is not None and ((act.glob and not names_files(act.glob))
                                    or (not act.glob and act.language)) and (
                subject := rule_subject(t.name, t.id)) and not subject_stems(
                subject, corpus.names[row]) & said_stems else (),
            off_kind=off_kind_of(act.file, t.languages)
            if act is not None and act.glob is not None and act.file is not None else "",
            glob_strength=act.strength if act is not None else 1.0,
            glob=act.glob if act is not None else None,
            file=act.file if act is not None else None,
            language=act.language or "" if act is not None else "",
            language_named=bool(act is not None and act.language
                                and act.language in talent_name_words(t.name, t.id)),
            role_rank=t.rank_for(role) if role else None,
            families=frameworks_of_talent_name(t.name, t.id),
            migration=migration_of_name(t.name, t.id) if not asks else tuple(
                f"from {s}" for s in sources) if (sources := migration_sources(t.name, t.id))
            and not set(sources) & (context_words | set(request.stack)
                                    | set(request.package_stack)
                                    | set(analyse(request.task, language="english")))
            else () if sources else _unnamed_move(t, request, context_words),
            starter="" if new_project else starts_project(t.summary, t.bodies["full"]),
            stranger=stranger,
            product=product,
            unsaid=unsaid,
            # the files in play were read and import none of the words that lift it
            unimported=lifted if lifted and request.imported is not None and not (
                set(lifted) & request.imported) else (),
            concern=concern_of(t, concerns, concern_said) if not (
                foreign or stranger or product) else (),
            # a skill's job is named when at least half its subject's stems are said
            unasked=subject if set(t.tags) >= AGENT_SKILL_TAGS and (
                subject := rule_subject(t.name, t.id)) and 2 * len((job_stems := set(
                    analyse(" ".join(subject), language="english")) - ACTION_STEMS) & job_said
                ) < len(job_stems) else (),
        ))
    return hybrid


def _unnamed_move(t: Talent, request: RelevanceRequest, context_words: set[str]
                  ) -> tuple[str, ...]:
    """A migration's rule on a task that asks for a migration: ``("of spring",)`` when its name
    names frameworks the task does not, ``("of issue fields",)`` when the rest of its subject
    is said nowhere in the task or its files, else ``()``."""
    if not migration_of_name(t.name, t.id):
        return ()
    families = frameworks_of_talent_name(t.name, t.id)
    if families:
        return () if set(task_frameworks(request.task, request.files)) & set(families) else (
            f"of {', '.join(families)}",)
    rest = [w for w in rule_subject(t.name, t.id)
            if w not in MIGRATION_NAME_WORDS and not w.isdigit()]
    said = context_words | set(analyse(request.task, language="english"))
    if rest and not said & (set(analyse(" ".join(rest), language="english")) | set(rest)):
        return (f"of {' '.join(rest)}",)
    return ()


def reference_outcome(step: HybridRelevance, request: RelevanceRequest) -> RelevanceOutcome:
    """``HybridRelevance.select`` before issue 13 item 2."""
    cands = request.candidates
    if not cands:
        return RelevanceOutcome([], {})
    framing = {
        "framed_by": ("package" if frameworks_of_name(request.package_stack) else
                      "project" if frameworks_of_name(request.stack) else "task"),
        "frame": tuple(frameworks_of_name(request.package_stack)
                       or frameworks_of_name(request.stack)
                       or task_frameworks(request.task, request.files)),
        "known": tuple(sorted(stack_languages({*request.stack, *request.package_stack}))),
        "packaged": frozenset(request.package_stack),
    }
    if not request.task.strip():
        if not request.files:
            return role_core(cands, request.role)  # no channel at all: nothing columnar
        sel = reference_select(step._selector, reference_candidates(step, request),
                               files_only=True, **framing).selection  # type: ignore[arg-type]
        return RelevanceOutcome(
            list(sel.kept), sel.scores,
            EMPTY_TASK_FILES_NOTE if sel.kept else EMPTY_TASK_NO_FILE_MATCH_NOTE,
            sel.explanations)
    hybrid = reference_candidates(step, request)
    corpus = step._corpus
    assert corpus is not None
    query = np.asarray(step._embedder.embed([request.task], kind="query")[0], np.float64)
    rows = np.array([corpus.index[t.id] for t in cands], dtype=np.int64)
    unit = normalise(query)
    domain = None
    if corpus.domain_level is not None:
        nearest_talent = float((corpus.headers_unit @ unit).max())
        nearest_probe = float((corpus.probes_unit @ unit).max())
        domain = (nearest_talent - nearest_probe, corpus.domain_level)
    software = None
    if corpus.software_level is not None:
        software = (float((corpus.software_unit @ unit).max())
                    - float((corpus.everyday_unit @ unit).max()), corpus.software_level)
    question = None
    if (corpus.question_level is not None and not speaks_of_ours(request.task)
            and not names_own(request.task, own_words(request.vocabulary))):
        question = (float((corpus.questions_unit @ unit).max())
                    - float((corpus.software_unit @ unit).max()), corpus.question_level)
    code = bool(request.files) or bool(code_terms(request.task))
    result = reference_select(
        step._selector, hybrid, probe_level=step._probe_level(corpus, rows), domain=domain,
        code=code, software=software, question=question,
        stack_named=stack_named(request, {w for c in hybrid for w in c.evidence}),
        **framing,  # type: ignore[arg-type]
    )
    sel = result.selection
    by_id = {t.id: t for t in cands}
    also = tuple(AlsoRelevant(i, one_line(by_id[i]), sel.scores[i]) for i in result.also)
    return RelevanceOutcome(
        kept=list(sel.kept),
        scores=sel.scores,
        note=NO_SPECIFIC_TALENT if sel.gate_closed or (cands and not sel.kept) else "",
        explanations=sel.explanations,
        also_relevant=also,
    )
