"""The hybrid relevance selector (domain maths), the BM25 channel and nDCG@5."""

from __future__ import annotations

import math
from dataclasses import replace

import numpy as np
import pytest

from grace.glossary import english_equivalents
from grace.lexical import Bm25Scorer, analyse, analyse_query, is_french
from grace.resolution.application.evaluation import ndcg_at
from grace.resolution.domain.hybrid import (
    HybridCandidate,
    HybridColumns,
    HybridParams,
    HybridSelector,
)


def cand(tid, dense, lexical=0.0, tokens=100, glob=None, chunk=-1.0, **kw):
    return HybridCandidate(tid, dense, dense, lexical, tokens, glob=glob,
                           file="app/x.py" if glob else None, chunk=chunk, **kw)


PLAIN = HybridParams(chunk_weight=0.0, hub_weight=0.0, w_lex=0.5, w_head=0.0, w_trigger=0.0,
                     w_glob=0.2)


def test_calibrated_sum_and_explanations():
    cands = [cand("a", 0.3, 0.4), cand("b", 0.35), cand("c", 0.1, glob="**/*.py")]
    sel = HybridSelector(PLAIN).select(cands)
    assert sel.selection.scores == {"a": 0.5, "b": 0.35, "c": 0.3}
    expl = {e.id: e for e in sel.selection.explanations}
    assert expl["c"].glob == "**/*.py" and "glob `**/*.py` matched app/x.py" in expl["c"].detail
    assert expl["a"].lexical == 0.4


def test_role_rank_is_evidence_of_the_curator():
    p = HybridParams(chunk_weight=0.0, hub_weight=0.0, w_lex=0.0, w_head=0.0, w_trigger=0.0,
                     w_glob=0.0, w_role=0.5)
    cands = [cand("a.optional", 0.3, role_rank="optional"),
             cand("b.recommended", 0.3, role_rank="recommended"),
             cand("c.required", 0.3, role_rank="required"), cand("d.unknown", 0.3)]
    sel = HybridSelector(p).select(cands)
    assert sel.selection.scores == {"c.required": 0.8, "b.recommended": 0.55,
                                    "a.optional": 0.3, "d.unknown": 0.3}
    detail = {e.id: e.detail for e in sel.selection.explanations}
    assert "required for the role" in detail["c.required"]
    assert "for the role" not in detail["a.optional"]
    # weight 0: the rank is ignored (an imported catalog ranks everything optional anyway)
    flat = HybridSelector(replace(p, w_role=0.0)).select(cands)
    assert set(flat.selection.scores.values()) == {0.3}


def test_the_project_stack_weighs_but_never_opens_the_gate():
    p = replace(PLAIN, w_stack=0.3)
    cands = [cand("py.fastapi", 0.2, stack=("fastapi",)), cand("py.django", 0.3)]
    sel = HybridSelector(p).select(cands)
    assert sel.selection.scores == {"py.fastapi": 0.5, "py.django": 0.3}
    detail = {e.id: e.detail for e in sel.selection.explanations}
    assert "the project depends on fastapi" in detail["py.fastapi"]
    assert cands[0].evidence == ()  # not a trigger: the gate's floor is not lowered by it
    assert HybridSelector(p).gate_floor(cands, 0.25) == HybridSelector(p).gate_floor(
        [cand("py.fastapi", 0.2), cands[1]], 0.25)
    assert HybridSelector(replace(p, w_stack=0.0)).fuse(cands).tolist() == [0.2, 0.3]


def test_every_channel_weighs_as_documented():
    p = HybridParams(chunk_weight=0.5, hub_weight=1.0, w_lex=2.0, w_head=1.0, w_trigger=0.3,
                     w_glob=0.8)
    c = cand("a", 0.2, 0.1, chunk=0.4, lexical_head=0.2, hub=0.05, triggers=("x", "y", "z", "w"),
             glob="*.py", glob_strength=0.5)
    # dense 0.2 + 0.5 × 0.2 − 0.05 = 0.25; + 2 × 0.1 + 0.2 + 0.3 × 1 + 0.8 × 0.5 = 1.35
    assert HybridSelector(p).fuse([c])[0] == pytest.approx(1.35)
    assert np.allclose(HybridSelector(p).dense([c]), [0.25])


def test_gate_is_calibrated_by_the_probes_and_opened_by_a_glob():
    p = HybridParams(floor=0.05, probe_margin=0.04, trigger_slack=0.09, hub_weight=0.0,
                     chunk_weight=0.0, probe_percentile=90)
    level = HybridSelector(p).probe_level([0.1] * 9 + [0.2, 0.9])  # one outlier probe
    assert level == pytest.approx(0.2)
    weak = [cand("a", 0.15, 0.9), cand("b", 0.1)]  # a strong lexical score does not open it
    closed = HybridSelector(p).select(weak, probe_level=0.2)  # floor 0.16
    assert closed.selection.gate_closed and closed.selection.kept == () and closed.also == ()
    assert closed.floor == pytest.approx(0.16)
    assert {e.decision for e in closed.selection.explanations} == {"cut_gate"}
    assert not HybridSelector(p).select(weak, probe_level=0.18).selection.gate_closed
    assert not HybridSelector(p).select([*weak, cand("g", 0.0, glob="*.py")],
                                        probe_level=0.2).selection.gate_closed
    a_trigger = [cand("a", 0.08, triggers=("repository",)), cand("b", 0.1)]  # floor 0.07
    assert not HybridSelector(p).select(a_trigger, probe_level=0.2).selection.gate_closed
    assert HybridSelector(p).select(weak).floor == 0.05  # no calibration: the parameter


def test_a_weak_top_does_not_balloon():
    # seed 000's margin alone would keep all twenty (every score within 0.15 of a 0.25 top)
    cands = [cand(f"t{i:02d}", 0.25 - i * 0.005) for i in range(20)]
    p = HybridParams(floor=0.0, margin=0.15, ratio=0.91, max_kept=10, hub_weight=0.0)
    kept = HybridSelector(p).select(cands).selection.kept
    assert kept == tuple(f"t{i:02d}" for i in range(5))  # bar 0.91 × 0.25 = 0.2275
    capped = HybridSelector(HybridParams(floor=0.0, ratio=0.0, margin=1, max_kept=3))
    assert len(HybridSelector(HybridParams(floor=0.0, ratio=0.0, margin=1, max_kept=30,
                                           max_kept_text=30))
               .select(cands).selection.kept) == 20
    assert len(capped.select(cands).selection.kept) == 3


def test_a_task_of_words_alone_keeps_fewer_talents():
    """No file in play: at most ``max_kept_text`` (5), the tail of a weak, flat ranking being
    mostly look-alikes (decision 0010, thirteenth follow-up); a file's glob or language lets
    ``max_kept`` (8) through."""
    p = HybridParams(floor=0.0, ratio=0.0, margin=1, hub_weight=0.0)
    words = [cand(f"t{i:02d}", 0.25 - i * 0.005) for i in range(12)]
    selection = HybridSelector(p).select(words).selection
    assert selection.kept == tuple(f"t{i:02d}" for i in range(5))
    assert "5 talents already kept (MAX_KEPT)" in selection.explanations[5].detail
    files = [cand(f"t{i:02d}", 0.25 - i * 0.005, glob="**/*.py" if i == 11 else None)
             for i in range(12)]
    assert len(HybridSelector(p).select(files).selection.kept) == 8


def test_the_talent_nearest_in_meaning_is_not_lost_to_the_cap():
    """Five talents lifted by shared words fill ``max_kept_text``; a sixth, far nearer the task
    in meaning (dense 0.30 against 0.10), takes the last place, never the top's, and both
    explanations say so (decision 0010, fifteenth follow-up)."""
    p = replace(PLAIN, floor=0.0, hub_weight=0.0)
    lifted = [cand(f"lifted{i}", 0.10, lexical=0.5 - i * 0.01) for i in range(5)]
    cands = [*lifted, cand("meaning", 0.30), cand("other", 0.25)]
    selection = HybridSelector(p).select(cands).selection
    assert selection.kept == ("lifted0", "lifted1", "lifted2", "lifted3", "meaning")
    expl = {e.id: e for e in selection.explanations}
    assert expl["meaning"].detail.startswith(
        "nearest in meaning (dense 0.300 ≥ 0.100 of every kept talent + DENSE_LEAD 0.05): "
        "takes the place of lifted4")
    assert expl["lifted4"].decision == "cut_margin"
    assert expl["lifted4"].detail.startswith("its place went to meaning")
    assert expl["other"].detail.startswith("5 talents already kept (MAX_KEPT)")
    # a lead under DENSE_LEAD, or none allowed, changes nothing
    near = [*lifted, cand("meaning", 0.14)]
    assert "meaning" not in HybridSelector(p).select(near).selection.kept
    off = replace(p, dense_lead=float("inf"))
    assert HybridSelector(off).select(cands).selection.kept == tuple(f"lifted{i}" for i in range(5))
    # the budget still holds: a lead too long to fit stays out
    heavy = [*lifted, cand("meaning", 0.30, tokens=3000)]
    assert "meaning" not in HybridSelector(p).select(heavy).selection.kept


def test_a_sibling_of_the_top_talent_has_the_lower_bar():
    """A talent named as the top one, or written for the framework the top one's name names,
    is kept down to ``sibling_ratio`` of the top; not when too many candidates share the
    term (decision 0010, ninth follow-up)."""
    p = HybridParams(floor=0.0, ratio=0.7, sibling_ratio=0.5, sibling_max=3, family_max=2,
                     hub_weight=0.0, chunk_weight=0.0, w_trigger=0.0)
    cands = [cand("rust.general", 0.4, names=("rust",)), cand("rust.lint", 0.24, names=("rust",)),
             cand("other", 0.25), cand("far.rust", 0.15, names=("rust",)),
             cand("fastapi.main", 0.22, families=("fastapi",))]
    sel = HybridSelector(p).select(cands)
    assert sel.selection.kept == ("rust.general", "rust.lint")  # 0.24 ≥ 0.5 × 0.4, not 0.7
    detail = {e.id: (e.decision, e.detail) for e in sel.selection.explanations}
    assert ("SIBLING_RATIO 0.5 × top: shares the name term rust with the top talent "
            "rust.general") in detail["rust.lint"][1]
    assert detail["other"][0] == "cut_margin"  # above rust.lint, but not a sibling
    assert detail["far.rust"][0] == "cut_margin"  # a sibling below the sibling bar
    # a framework the names share: cursor.fastapi beside cursor.python-fastapi-best-practices
    family = [cand("fastapi.best", 0.4, families=("fastapi",)), cand("other", 0.25),
              cand("fastapi.main", 0.22, families=("fastapi",))]
    sel = HybridSelector(p).select(family)
    assert sel.selection.kept == ("fastapi.best", "fastapi.main")
    assert "written for fastapi, like the top talent fastapi.best" in {
        e.id: e.detail for e in sel.selection.explanations}["fastapi.main"]
    # four candidates carry the term: more than sibling_max, the ratio alone decides
    crowd = [*cands, cand("rust.more", 0.1, names=("rust",))]
    assert HybridSelector(p).select(crowd).selection.kept == ("rust.general",)
    # sibling_ratio = ratio: no sibling bar
    same = HybridSelector(replace(p, sibling_ratio=0.7)).select(cands)
    assert same.selection.kept == ("rust.general",)
    # at most sibling_k kept by the sibling bar: a family is not served whole
    vue = [cand("vue.pinia", 0.4, families=("vue",)),
           *(cand(f"vue.{i}", 0.26 - i / 100, families=("vue",)) for i in range(4))]
    kept = HybridSelector(replace(p, family_max=9, sibling_k=2)).select(vue).selection.kept
    assert kept == ("vue.pinia", "vue.0", "vue.1")


def test_budget_charges_the_served_depth_and_also_relevant_follows_the_cut():
    cands = [cand("a", 0.5, tokens=900), cand("b", 0.49, tokens=900), cand("c", 0.48, tokens=10),
             cand("d", 0.3), cand("e", 0.01)]
    p = HybridParams(budget=1000, ratio=0.9, margin=0.15, also_ratio=0.4, also_k=5, floor=0.0)
    sel = HybridSelector(p).select(cands)
    assert sel.selection.kept == ("a", "c")  # b does not fit; c still does
    decisions = {e.id: e.decision for e in sel.selection.explanations}
    assert decisions["b"] == "cut_budget" and decisions["d"] == "cut_margin"
    assert sel.also == ("b", "d")  # e is below 0.4 × top


def test_no_pointer_to_another_stack_s_rule_or_an_unasked_procedure():
    """The "also relevant" pointers skip a rule written for another framework, family member
    or product, and an Agent Skill for a job nothing says on meaning alone; the next rows take
    their places (decision 0010, twenty-first follow-up)."""
    cands = [cand("a", 0.5), cand("b.django", 0.45, foreign=("django",)),
             cand("c.arize", 0.44, product=("arize",)),
             cand("d.router", 0.43, stranger=("tanstack", "router")),
             cand("e.scraper", 0.42, unasked=("twitter", "scraper")),
             cand("f.named", 0.41, unasked=("twitter",), names=("twitter",)),
             cand("g", 0.4), cand("h", 0.39)]
    p = HybridParams(ratio=0.95, margin=0.01, also_ratio=0.4, also_k=3, floor=0.0,
                     w_foreign=0.0, w_foreign_unnamed=0.0, w_trigger=0.0, w_lex=0.0,
                     w_head=0.0, chunk_weight=0.0, hub_weight=0.0)
    sel = HybridSelector(p).select(cands)
    assert sel.selection.kept == ("a",)
    assert sel.also == ("f.named", "g", "h")  # named by the task: a pointer
    loose = HybridSelector(replace(p, skill_said=False)).select(cands)
    assert loose.also == ("e.scraper", "f.named", "g")


def test_rrf_fusion_ranks_by_channels():
    p = HybridParams(fusion="rrf", floor=-1)  # dense, lexical, header, triggers, glob
    sel = HybridSelector(p).select([cand("a", 0.5, 0.0), cand("b", 0.4, 0.9), cand("c", 0.1)])
    s = sel.selection.scores
    assert s["b"] > s["a"] > s["c"]
    assert s["a"] == pytest.approx(round(60 / 61, 6))


def test_empty_and_deterministic():
    assert HybridSelector().select([]).selection.kept == ()
    cands = [cand(x, 0.3) for x in "cab"]
    assert HybridSelector().select(cands).selection.kept[0] == "a"  # ties by id


def test_analyse_stems_french_and_english_and_keeps_dotted_names():
    assert analyse("Validation of queries") == ["valid", "queri"]
    assert analyse("Les requêtes SQL paramétrées")[:2] == ["requet", "sql"]
    assert analyse("Next.js with C# and C++") == ["next.js", "c#", "c++"]
    # a snake_case identifier counts whole (rare: it finds the rule quoting it) and as its parts
    assert analyse("use select_related") == ["use", "select_related", "select", "relat"]


def test_comment_asks_how_in_french_and_is_a_word_in_english():
    """« Comment … ? » is a question, not a request about code comments: a stop word of a
    French text only (stemmed, translated or not)."""
    assert is_french("Comment ajouter un filtre par date ?")
    assert not is_french("Add a comment above the function")
    assert "comment" not in analyse("Comment ajouter un filtre par date ?")
    assert "comment" not in analyse_query("Comment ajouter un filtre par date ?")
    assert "comment" in analyse("Add a comment above the function")
    docs = ["Write clear code comments", "Filter lists by date"]
    assert Bm25Scorer(docs).scores("Comment ajouter un filtre par date ?")[0] == 0


def test_a_task_quoting_an_identifier_finds_the_document_that_quotes_it():
    docs = ["Django ORM: use select_related and prefetch_related for related objects",
            "SQL: select only the columns you need; index related columns",
            "React: keep related state together"]
    scores = Bm25Scorer(docs).scores("The list fires one query per row; use select_related")
    assert scores.argmax() == 0 and scores[0] > 2 * scores[1]


def test_bm25_scores_are_normalised_and_generic_words_weigh_little():
    docs = ["FastAPI endpoints: Pydantic validation of request bodies",
            "React hooks and components, form validation",
            "SQL injection: parameterised queries",
            "Kubernetes manifests validation"]
    s = Bm25Scorer(docs)
    scores = s.scores("Add a PATCH endpoint with Pydantic validation")
    assert scores.shape == (4,) and scores.argmax() == 0
    assert (scores >= 0).all() and (scores <= 1).all()
    assert scores[0] > 3 * max(scores[1], scores[3])  # 'validation' alone is in three documents
    assert not s.scores("poème d'anniversaire").any()
    assert not Bm25Scorer([]).scores("x").any()


def test_ndcg_at_5():
    assert ndcg_at(["m", "a"], {"m"}, {"a"}) == pytest.approx(1.0)
    swapped = (1 / math.log2(2) + 2 / math.log2(3)) / (2 + 1 / math.log2(3))
    assert ndcg_at(["a", "m"], {"m"}, {"a"}) == pytest.approx(swapped)
    assert ndcg_at(["x"], {"m"}, set()) == 0.0
    assert ndcg_at([], set(), set()) == 1.0


def test_french_queries_meet_english_documents_through_the_glossary():
    docs = ["SQL injection: parameterised queries and prepared statements",
            "React forms: field validation and error messages",
            "Database migrations: add a column with a default value"]
    plain, translated = Bm25Scorer(docs), Bm25Scorer(docs, translate=True)
    task = "Ajoute un champ et la migration qui va avec"
    assert plain.scores("Corrige les requêtes").max() == 0.0  # French stems meet no English one
    assert translated.scores("Corrige les requêtes").argmax() == 0
    assert translated.scores(task).argmax() == 2
    # English queries are untouched; words outside the glossary add nothing
    assert (translated.scores("prepared statements") == plain.scores("prepared statements")).all()
    assert english_equivalents("poème d'anniversaire") == []
    # a document written in French keeps the score of the query as written
    french = ["Les requêtes SQL lentes : ajoute un index", "Composants React et formulaires"]
    fr_plain, fr_translated = Bm25Scorer(french), Bm25Scorer(french, translate=True)
    q = "Corrige les requêtes lentes"
    assert fr_translated.scores(q)[0] == fr_plain.scores(q)[0] > 0


def test_a_french_query_meets_the_english_stems_of_its_technical_words():
    # French-stemmed, "pydantic" stays "pydantic"; an English document has "pydant"
    docs = ["FastAPI endpoints with Pydantic models", "Express endpoints and request validation",
            "Kubernetes manifests"]
    scores = Bm25Scorer(docs, translate=True).scores("Ajouter un endpoint avec Pydantic")
    assert "pydant" in analyse_query("Ajouter un endpoint avec Pydantic")
    assert scores[0] > scores[1] > scores[2] == 0.0
    assert len(analyse_query("valider la validation")) == len(set(analyse_query(
        "valider la validation")))  # each token once


def test_a_translated_french_word_meets_no_english_word_by_its_stem():
    # « composant » stems to "compos", which "compose" and "composer" also stem to
    docs = ["Docker compose files and PHP composer scripts", "Angular component lifecycle",
            "Le composant panier et ses fuites mémoire"]
    scores = Bm25Scorer(docs, translate=True).scores("Corrige la fuite mémoire du composant")
    assert scores[0] == 0.0 and scores[1] > 0.0  # the translation (component) meets its doc
    assert scores[2] == Bm25Scorer(docs).scores("Corrige la fuite mémoire du composant")[2] > 0
    assert "compos" not in analyse_query("Corrige la fuite mémoire du composant")


def test_glossary_prefers_the_longest_entry_and_stems_french_forms():
    assert english_equivalents("la base de données")[:1] == ["database"]
    assert "data" not in english_equivalents("la base de données")
    assert english_equivalents("ajoutez") == english_equivalents("ajouter")
    assert analyse_query("Corrige les requêtes lentes")[-4:] == ["correct", "queri", "request",
                                                                "slow"]


def test_name_terms_keep_the_words_few_talents_use():
    from grace.resolution.application.hybrid import MIN_TALENTS_FOR_NAME_TERMS, name_terms
    from tests.fakes import make_talent

    talents = [make_talent("cursor.node-express", name="Node Express best practices")]
    talents += [make_talent(f"cursor.rule-{i}", name=f"Rule {i} best practices")
                for i in range(MIN_TALENTS_FOR_NAME_TERMS)]
    frequency = {"node": 1, "express": 1, "best": 21, "practices": 21, "rule": 20}
    terms = name_terms(talents, lambda w: frequency.get(w, 1))
    assert terms[0] == ("node", "express")  # 'best', 'practices' are in every talent
    assert terms[1] == ()  # 'rule' is everywhere; '0' is not a word
    assert name_terms(talents[:5], lambda w: 1) == [()] * 5  # too few talents to tell


def test_a_verb_of_everyday_work_is_no_name_term():
    from grace.resolution.application.hybrid import MIN_TALENTS_FOR_NAME_TERMS, name_terms
    from tests.fakes import make_talent

    talents = [make_talent("skill.generate-custom-instructions-from-codebase",
                           name="generate-custom-instructions-from-codebase")]
    talents += [make_talent(f"cursor.rule-{i}", name=f"Rule {i}")
                for i in range(MIN_TALENTS_FOR_NAME_TERMS)]
    terms = name_terms(talents, lambda w: 1)
    # "Generate a migration" names no such skill; its subject words still do
    assert "generate" not in terms[0]
    assert {"custom", "codebase"} <= set(terms[0])


def test_a_name_term_counts_as_a_trigger_and_lowers_the_gate():
    named = cand("cursor.node-express", 0.11, names=("express",))
    other = cand("skill.devops", 0.12)
    # without the name term both are under the calibrated floor: the gate closes
    assert HybridSelector().select([cand("a", 0.11), other], probe_level=0.15).selection.gate_closed
    sel = HybridSelector().select([named, other], probe_level=0.15).selection
    assert not sel.gate_closed and sel.kept[0] == "cursor.node-express"
    assert "name terms express" in next(e.detail for e in sel.explanations if e.id == named.id)


def test_a_name_term_found_in_the_files_only_opens_the_gate_and_weighs_like_a_glob():
    angular = cand("cursor.angular", -0.14, names=("angular",), where=("angular",))
    react = cand("cursor.react", 0.02)
    sel = HybridSelector().select([angular, react], probe_level=0.15).selection
    assert not sel.gate_closed and sel.kept == ("cursor.angular",)
    detail = next(e.detail for e in sel.explanations if e.id == "cursor.angular")
    assert "the files in play are angular" in detail
    no_file = HybridSelector().select([cand("cursor.angular", -0.14), react], probe_level=0.15)
    assert no_file.selection.gate_closed


def test_the_domain_criterion_closes_the_gate_unless_a_stack_is_named_or_located():
    strong = [cand("a", 0.4), cand("b", 0.3)]  # the dense floor alone lets them through
    assert HybridSelector().select(strong, probe_level=0.15).selection.kept == ("a", "b")
    far = HybridSelector().select(strong, probe_level=0.15, domain=(-0.06, -0.04)).selection
    assert far.gate_closed and far.kept == ()
    assert "nearest generic request -0.060 < -0.040" in far.explanations[0].detail
    near = HybridSelector().select(strong, probe_level=0.15, domain=(-0.02, -0.04)).selection
    assert near.kept == ("a", "b")
    named = [cand("a", 0.4, names=("django",)), cand("b", 0.3)]
    assert HybridSelector().select(named, probe_level=0.15, domain=(-0.06, -0.04)).selection.kept
    located = [cand("a", 0.4, glob="**/*.py"), cand("b", 0.3)]
    assert HybridSelector().select(located, probe_level=0.15, domain=(-0.06, -0.04)).selection.kept


def test_domain_level_is_a_percentile_of_the_probes_leave_one_out_scores():
    sel = HybridSelector(HybridParams(domain_percentile=50.0))
    assert sel.domain_level([-0.06, -0.04, -0.02]) == pytest.approx(-0.04)
    assert sel.domain_level([]) is None


def test_a_task_that_names_code_lowers_the_floor_but_not_the_domain_criterion():
    weak = [cand("a", 0.11), cand("b", 0.1)]  # default floor at probe level 0.15: 0.145
    plain = HybridSelector().select(weak, probe_level=0.15)
    assert plain.selection.gate_closed and plain.floor == pytest.approx(0.145)
    code = HybridSelector().select(weak, probe_level=0.15, code=True)
    assert not code.selection.gate_closed and code.selection.kept[0] == "a"
    assert code.floor == pytest.approx(0.145 - HybridParams().trigger_slack)
    # evidence and code do not add up: one slack
    both = HybridSelector().select([cand("a", 0.11, triggers=("repo",))], probe_level=0.15,
                                   code=True)
    assert both.floor == pytest.approx(code.floor)
    far = HybridSelector().select(weak, probe_level=0.15, domain=(-0.06, -0.04), code=True)
    assert far.selection.gate_closed


def test_a_software_request_lowers_the_floor_and_meets_the_domain_criterion():
    weak = [cand("a", 0.11), cand("b", 0.1)]  # under the floor 0.145, and far from the talents
    closed = HybridSelector().select(weak, probe_level=0.15, domain=(-0.06, -0.04),
                                     software=(0.01, 0.027))
    assert closed.selection.gate_closed
    assert "not a software request (0.010 < 0.027)" in closed.selection.explanations[0].detail
    opened = HybridSelector().select(weak, probe_level=0.15, domain=(-0.06, -0.04),
                                     software=(0.03, 0.027))
    assert opened.selection.kept[0] == "a"
    assert opened.floor == pytest.approx(0.145 - HybridParams().trigger_slack)
    # no reference sets, no criterion: the gate is what it was
    assert HybridSelector().select(weak, probe_level=0.15).selection.gate_closed


def test_an_everyday_request_closes_the_gate_whatever_words_it_shares():
    # "est-ce que je dois facturer la TVA ?": a trigger of the billing glossary and a dense
    # score over the floor, but nearer to an everyday probe than to any software request
    strong = [cand("a", 0.3, triggers=("tva",)), cand("b", 0.2)]
    everyday = HybridSelector().select(strong, probe_level=0.15, software=(-0.003, 0.03))
    assert everyday.selection.gate_closed and not everyday.selection.kept
    detail = everyday.selection.explanations[0].detail
    assert "an everyday request" in detail and "(-0.003 < 0.000, EVERYDAY_LEVEL)" in detail
    # just on the software side of the boundary: the gate is the dense floor's
    near = HybridSelector().select(strong, probe_level=0.15, software=(0.002, 0.03))
    assert near.selection.kept[0] == "a"
    # code, a name term, a dependency named or a glob matched: a software task after all
    assert HybridSelector().select(strong, probe_level=0.15, software=(-0.003, 0.03),
                                   code=True).selection.kept
    named = [cand("a", 0.3, names=("rust",)), cand("b", 0.2)]
    assert HybridSelector().select(named, probe_level=0.15,
                                   software=(-0.003, 0.03)).selection.kept
    assert HybridSelector().select(strong, probe_level=0.15, software=(-0.003, 0.03),
                                   stack_named=True).selection.kept
    located = [cand("a", 0.3, glob="**/*.py"), cand("b", 0.2)]
    assert HybridSelector().select(located, probe_level=0.15,
                                   software=(-0.003, 0.03)).selection.kept
    # a lower level turns the criterion off for this task; no reference sets, no criterion
    low = HybridSelector(HybridParams(everyday_level=-0.01))
    assert low.select(strong, probe_level=0.15, software=(-0.003, 0.03)).selection.kept
    assert HybridSelector().select(strong, probe_level=0.15).selection.kept


def test_a_name_term_says_software_on_an_everyday_request_only_near_in_meaning():
    # "what to pack" for a hiking trip holds the name term of `cursor.pack-v2`, whose dense
    # score stays under the floor before its slack (0.145): the word alone is everyday talk
    far = [cand("pack-v2", 0.07, names=("pack",)), cand("b", 0.2)]
    closed = HybridSelector().select(far, probe_level=0.15, software=(-0.08, 0.03))
    assert closed.selection.gate_closed and not closed.selection.kept
    detail = closed.selection.explanations[0].detail
    assert "an everyday request" in detail
    assert "pack: name terms, but of talents far from it in meaning" in detail
    assert "(pack-v2: dense 0.070 < 0.145)" in detail
    # the named talent at the floor: the name term is the task's subject
    near = [cand("pack-v2", 0.145, names=("pack",)), cand("b", 0.2)]
    assert HybridSelector().select(near, probe_level=0.15,
                                   software=(-0.08, 0.03)).selection.kept[0] == "pack-v2"
    # on the software side the name term needs no meaning: the dense floor decides
    assert HybridSelector().select(far, probe_level=0.15,
                                   software=(0.04, 0.03)).selection.kept


def test_a_general_question_closes_the_gate_unless_it_names_the_project():
    # "What is the difference between TCP and UDP?" in a Rails project: a security skill near
    # in meaning, the framework's rules on the stack's lift, but knowledge, not project work
    strong = [cand("a", 0.3), cand("b", 0.2, stack=("rails",))]
    asked = HybridSelector().select(strong, probe_level=0.15, software=(0.02, 0.01),
                                    question=(0.043, 0.003))
    assert asked.selection.gate_closed and not asked.selection.kept
    detail = asked.selection.explanations[0].detail
    assert "a general question" in detail and "(0.043 ≥ 0.003, what the reference" in detail
    assert "not a software request" not in detail  # a software request too: not said so
    # just under the level: the dense floor decides
    under = HybridSelector().select(strong, probe_level=0.15, software=(0.02, 0.01),
                                    question=(0.002, 0.003)).selection
    assert not under.gate_closed and under.kept
    # code, a name term near in meaning, a dependency named or a glob matched: project work
    for kw in ({"code": True}, {"stack_named": True}):
        assert HybridSelector().select(strong, probe_level=0.15, question=(0.043, 0.003),
                                       **kw).selection.kept  # type: ignore[arg-type]
    named = [cand("a", 0.3, names=("mutex",)), cand("b", 0.2)]
    assert HybridSelector().select(named, probe_level=0.15,
                                   question=(0.043, 0.003)).selection.kept
    far = [cand("a", 0.3), cand("git", 0.05, names=("git",))]
    assert "git: name terms, but of talents far from it" in HybridSelector().select(
        far, probe_level=0.15, question=(0.043, 0.003)).selection.explanations[0].detail
    located = [cand("a", 0.3, glob="**/*.rb"), cand("b", 0.2)]
    assert HybridSelector().select(located, probe_level=0.15,
                                   question=(0.043, 0.003)).selection.kept
    # a concern's work ("How are user passwords stored?" is security work): the project's
    concern = [cand("a", 0.3), cand("owasp", 0.2, concern=("security", "the task says"))]
    assert HybridSelector().select(concern, probe_level=0.15,
                                   question=(0.043, 0.003)).selection.kept
    # no reference set, no criterion
    assert HybridSelector().select(strong, probe_level=0.15).selection.kept


def test_question_level_is_the_midpoint_of_its_two_reference_sets():
    level = HybridSelector.question_level([-0.04, -0.021, -0.03], [0.01, 0.028, 0.05])
    assert level == pytest.approx((-0.021 + 0.028) / 2)
    assert HybridSelector.question_level([], [0.05]) is None


def test_software_level_is_the_midpoint_of_the_two_reference_sets():
    # the probes at their most software-like reach 0.01; a typical software request 0.05
    level = HybridSelector.software_level([-0.05, -0.02, 0.01], [0.02, 0.05, 0.09])
    assert level == pytest.approx(0.03)
    assert HybridSelector.software_level([], [0.05]) is None
    assert HybridSelector.software_level([0.01], []) is None


def test_path_words_weigh_by_their_specificity_in_the_catalog():
    docs = ["items items list of items", "items and models", "django migrations folder",
            "items everywhere", "react components"]
    scorer = Bm25Scorer(docs)
    common, rare = scorer.specificity("items"), scorer.specificity("migrations")
    assert rare == pytest.approx(1.0) and 0.0 < common < rare
    assert scorer.specificity("nothing here matches") == 0.0
    assert scorer.specificity("items migrations") == pytest.approx((common + rare) / 2)


def test_a_talent_for_another_framework_scores_w_foreign_lower_and_says_why():
    p = replace(PLAIN, w_lex=0.0, w_glob=0.0)
    cands = [cand("cursor.django", 0.4, foreign=("django",)), cand("cursor.fastapi", 0.3)]
    sel = HybridSelector(p).select(cands)
    # no name term of it in the task or its files: kept on meaning alone, another stack's
    assert sel.selection.scores == {"cursor.fastapi": 0.3,
                                    "cursor.django": pytest.approx(0.4 - p.w_foreign_unnamed)}
    named = [replace(cands[0], names=("django",)), cands[1]]  # the task names it: w_foreign
    assert HybridSelector(p).select(named).selection.scores["cursor.django"] == (
        pytest.approx(0.4 + p.w_trigger / 3 - p.w_foreign))
    detail = {e.id: e.detail for e in sel.selection.explanations}
    assert "written for django, not the project's framework" in detail["cursor.django"]
    assert "written for" not in detail["cursor.fastapi"]
    framed = HybridSelector(p).select_columns(
        replace(HybridColumns.of(cands), framed_by="task"))
    assert "written for django, not the task's framework" in framed.selection.explanations[1].detail
    packaged = HybridSelector(p).select_columns(
        replace(HybridColumns.of(cands), framed_by="package", frame=("fastapi",)))
    assert ("written for django, not the package's framework (fastapi)"
            in packaged.selection.explanations[1].detail)
    both = HybridSelector(p).select_columns(replace(
        HybridColumns.of(cands), stack={1: ("zustand", "fastapi")},
        packaged=frozenset({"zustand"})))
    assert ("its package depends on zustand; the project depends on fastapi"
            in both.selection.explanations[0].detail)
    off = HybridSelector(replace(p, w_foreign_unnamed=0.0)).select(cands)
    assert off.selection.kept[0] == "cursor.django"
    # its glob presumes the other framework's project: not counted (still shown)
    globbed = [cand("cursor.django", 0.4, glob="**/*.py", foreign=("django",)),
               cand("cursor.python", 0.3, glob="**/*.py")]
    sel = HybridSelector(replace(p, w_glob=0.8)).select(globbed)
    assert sel.selection.scores == {"cursor.python": pytest.approx(1.1),
                                    "cursor.django": pytest.approx(0.4 - p.w_foreign_unnamed)}
    assert "glob `**/*.py` matched" in sel.selection.explanations[1].detail


def test_a_path_word_counts_less_for_a_rule_whose_subject_nobody_names():
    """The ``kotlin`` folder of ``src/main/kotlin`` names the language of "Kotlin MCP server",
    not its subject (decision 0010, sixteenth follow-up)."""
    p = replace(PLAIN, w_lex=0.0, w_glob=0.0, w_where=0.8)
    cands = [cand("copilot.kotlin-mcp-server", 0.1, glob="**/*.kt", where=("kotlin",),
                  unnamed=("mcp",)),
             cand("cursor.kotlin", 0.0, glob="**/*.kt", where=("kotlin",))]
    sel = HybridSelector(p).select(cands)
    assert sel.selection.scores == {"cursor.kotlin": pytest.approx(0.8),
                                    "copilot.kotlin-mcp-server": pytest.approx(0.1 + 0.8 * 0.25)}
    detail = {e.id: e.detail for e in sel.selection.explanations}
    assert ("the files in play are kotlin (counts less: mcp named nowhere)"
            in detail["copilot.kotlin-mcp-server"])
    assert "counts less" not in detail["cursor.kotlin"]


def test_a_glob_counts_less_for_a_rule_whose_subject_nobody_names():
    p = replace(PLAIN, w_lex=0.0, w_glob=0.8)
    cands = [cand("cursor.react-zustand", 0.1, glob="**/*.tsx", unnamed=("zustand",)),
             cand("cursor.react", 0.0, glob="**/*.tsx")]
    sel = HybridSelector(p).select(cands)
    assert sel.selection.scores == {"cursor.react": pytest.approx(0.8),
                                    "cursor.react-zustand": pytest.approx(0.1 + 0.8 * 0.25)}
    detail = {e.id: e.detail for e in sel.selection.explanations}
    assert "(counts less: zustand named nowhere)" in detail["cursor.react-zustand"]
    assert "counts less" not in detail["cursor.react"]
    whole = HybridSelector(replace(p, unnamed_glob=1.0)).select(cands)
    assert whole.selection.kept[0] == "cursor.react-zustand"
    # a file of none of the talent's languages: the same quarter, said once with both reasons
    both = [cand("copilot.nestjs", 0.0, glob="**/*.json", off_kind="json", unnamed=("x",)),
            cand("copilot.vue", 0.0, glob="**/*.json", off_kind="json")]
    sel = HybridSelector(p).select(both)
    assert list(sel.selection.scores.values()) == [pytest.approx(0.8 * 0.25)] * 2
    detail = {e.id: e.detail for e in sel.selection.explanations}
    assert "(counts less: x named nowhere; a json file)" in detail["copilot.nestjs"]
    assert "(counts less: a json file)" in detail["copilot.vue"]


def test_a_file_s_language_counts_as_a_glob_of_its_specificity_and_opens_the_gate():
    p = replace(PLAIN, w_lex=0.0, w_glob=0.8)
    swift = HybridCandidate("cursor.swiftui", -0.1, -0.1, 0.0, 100, file="ios/View.swift",
                            language="swift", glob_strength=0.75)
    named = replace(swift, id="cursor.swift-uikit", unnamed=("uikit",))
    sel = HybridSelector(p).select([swift, named, cand("skill.docs", 0.2)],
                                   probe_level=0.5)  # the dense scores alone: gate closed
    assert not sel.selection.gate_closed
    unlocated = [replace(swift, language="", file=None), cand("skill.docs", 0.2)]
    assert HybridSelector(p).select(unlocated, probe_level=0.5).selection.gate_closed
    assert sel.selection.scores == {"cursor.swiftui": pytest.approx(-0.1 + 0.8 * 0.75),
                                    "skill.docs": pytest.approx(0.2),
                                    "cursor.swift-uikit": pytest.approx(-0.1 + 0.8 * 0.75 / 4)}
    detail = {e.id: e.detail for e in sel.selection.explanations}
    assert ("its language swift is that of ios/View.swift (strength 0.75)"
            in detail["cursor.swiftui"])
    assert ("its language swift is that of ios/View.swift (strength 0.75; counts less: "
            "uikit named nowhere)" in detail["cursor.swift-uikit"])
    assert "glob" not in detail["cursor.swiftui"]
    foreign = replace(swift, foreign=("swiftui",))  # another framework's: not counted
    assert HybridSelector(p).select([foreign]).selection.scores["cursor.swiftui"] == (
        pytest.approx(-0.1 - p.w_foreign_unnamed))


def test_a_task_naming_a_dependency_of_the_project_is_a_software_task():
    weak = [cand("cursor.tailwind", 0.11, triggers=("tailwind",)), cand("b", 0.1)]
    far = HybridSelector().select(weak, probe_level=0.15, domain=(-0.0404, -0.0401))
    assert far.selection.gate_closed
    assert "-0.0404 < -0.0401" in far.selection.explanations[0].detail  # 3 decimals print equal
    named = HybridSelector().select(weak, probe_level=0.15, domain=(-0.0404, -0.0401),
                                    stack_named=True)
    assert named.selection.kept[0] == "cursor.tailwind"


def test_stack_named_needs_a_dependency_that_is_evidence_or_a_proper_name_in_the_task():
    from grace.resolution.application.hybrid import stack_named
    from grace.resolution.application.resolve_context import RelevanceRequest

    def request(task, stack):
        return RelevanceRequest(candidates=[], task=task, active=[], stack=stack)

    task = "Ajoute un bouton avec un style tailwind"
    assert stack_named(request(task, ("next", "tailwind")), {"tailwind"})
    assert not stack_named(request(task, ("next",)), {"tailwind"})  # not a dependency
    assert not stack_named(request(task, ("tailwind",)), set())  # no talent's evidence
    assert not stack_named(request("Plan a trip", ("tailwind",)), {"tailwind"})
    # a dependency written as a proper name needs no talent named after it (a new user's
    # « tests d'intégration avec Testcontainers » was refused as an everyday request)
    assert stack_named(request("Ajoute un bouton avec un style Tailwind", ("tailwind",)), set())
    french = "Écrire des tests d'intégration avec Testcontainers pour le contrôleur"
    assert stack_named(request(french, ("spring-boot-testcontainers",)), set())


@pytest.mark.parametrize(("task", "stack", "named"), [
    ("Créer un contrôleur Stimulus qui recalcule le total", ("stimulus-rails",), ("stimulus",)),
    ("Write a Testcontainers test", ("org.testcontainers:postgresql",), ("testcontainers",)),
    ("Stimulus: add a controller", ("stimulus-rails",), ()),  # the first word: any sentence's
    ("quelle devise choisir pour Lisbonne", ("devise",), ()),  # lower case: a currency
    ("Plan a trip for the Spring break", ("spring-boot-starter-web",), ()),  # everyday part
    ("Save the Money column", ("money-rails",), ()),
    ("Use the Pg driver", ("pg",), ()),  # under four letters
])
def test_a_dependency_is_named_as_a_proper_name(task, stack, named):
    from grace.resolution.application.hybrid import dependency_named

    assert dependency_named(task, stack) == named


def test_a_dependency_is_found_in_any_name_when_it_is_a_framework_or_library():
    """The stack channel (decision 0023, amended in 0010's ninth and eleventh follow-ups): a
    framework or library word counts anywhere in a name, however common; never a language
    or runtime (the ``typescript`` compiler, ``@types/node``) nor any other word of a
    dependency (``testing`` of ``@testing-library/react``, ``plugin`` of
    ``@vitejs/plugin-vue``, ``tailwind``), nor a tool of the toolchain (``vitest``, ``ruff``:
    twelfth follow-up); a framework with its own file kind (``vue``) is a framework, not a
    language."""
    from grace.resolution.application.hybrid import stack_terms

    stack = {"fastapi", "testing", "sqlalchemy", "typescript", "node", "plugin", "vitest",
             "tailwind", "vue", "postgres"}
    assert stack_terms(("python", "fastapi", "best"), stack) == ("fastapi",)
    assert stack_terms(("sqlalchemy", "models"), stack) == ("sqlalchemy",)
    assert stack_terms(("django",), stack) == ()
    assert stack_terms(("vitest", "unit", "testing"), stack) == ()  # named in a task, served
    assert stack_terms(("ruff", "recursive", "fix"), {"ruff"}) == ()
    assert stack_terms(("vue", "pinia"), stack) == ("vue",)
    assert stack_terms(("playwright", "testing"), stack) == ()
    assert stack_terms(("minecraft", "plugin"), stack) == ()
    assert stack_terms(("oracle", "postgres", "migration"), stack) == ()
    assert stack_terms(("tailwind", "v4"), stack) == ()
    assert stack_terms(("typescript", "mcp", "server"), stack) == ()
    assert stack_terms(("node", "express"), stack) == ()


def test_an_empty_task_with_files_serves_what_the_files_activate():
    # decision 0010, twelfth follow-up: no dense, no lexical channel; only the activated rows
    # are candidates, measured against RATIO × W_GLOB (0.7 × 0.8 = 0.56), not against the top
    p = HybridParams(chunk_weight=0.0, hub_weight=0.0)
    cands = [
        cand("go.backend", 0.0, glob="**/*.go", where=("backend",)),  # 0.8 + 0.8 = 1.6
        cand("go.lang", 0.0, glob="**/*.go"),  # 0.8: under 0.7 × the top, over the bar
        cand("go.kube", 0.0, glob="**/*.go", unnamed=("kube",)),  # 0.8 × 0.25: under it
        cand("py.stack", 0.0, stack=("fastapi",)),  # 0.6, not activated by the files
        cand("any.a11y", 0.0, role_rank="required"),  # 0.5, not activated either
    ]
    sel = HybridSelector(p).select(cands, files_only=True).selection
    assert sel.kept == ("go.backend", "go.lang") and not sel.gate_closed
    decision = {e.id: (e.decision, e.detail) for e in sel.explanations}
    assert decision["go.kube"][0] == "cut_margin" and "of an empty task" in decision["go.kube"][1]
    for tid in ("py.stack", "any.a11y"):  # scored higher than go.kube, yet never candidates
        assert decision[tid][0] == "cut_gate"
        assert decision[tid][1].startswith("empty task: no glob, language or path word")
    assert [e.id for e in sel.explanations][-2:] == ["py.stack", "any.a11y"]
    # the same rows with a task: the ratio of the top decides, and go.lang is cut
    assert HybridSelector(p).select(cands).selection.kept == ("go.backend",)
    none = HybridSelector(p).select(cands[3:], files_only=True).selection
    assert none.gate_closed and none.kept == ()
    assert {e.decision for e in none.explanations} == {"cut_gate"}


def test_a_migration_s_rule_waits_for_a_task_that_asks_for_one():
    # decision 0010, twelfth follow-up: JPA-to-Cosmos on "Add pagination" in a Spring project
    from grace.resolution.application.hybrid import asks_migration
    from grace.resolution.domain.languages import migration_of_name

    assert migration_of_name("Convert Jpa To Spring Data Cosmos",
                             "copilot.convert-jpa-to-spring-data-cosmos") == (
        "convert", "jpa to spring")
    assert migration_of_name("Java 17 to 21", "copilot.java-17-to-java-21-upgrade") == (
        "upgrade", "17 to 21", "17 to java")
    for name, tid in (("End-to-end testing", "testing.e2e"), ("How-to guides", "cursor.how-to"),
                      ("RTL", "cursor.rtl-right-to-left-i18n"), ("Ports", "pattern.port-adapter")):
        assert migration_of_name(name, tid) == (), tid
    assert asks_migration("Upgrade the service to Java 21")
    assert asks_migration("Migre le service orders vers Spring Boot 4")
    assert asks_migration("Rewrite the Enzyme tests with React Testing Library")
    assert not asks_migration("Add pagination to the orders endpoint")
    assert not asks_migration("Refactor the search to switchMap")
    p = HybridParams(chunk_weight=0.0, hub_weight=0.0)
    cands = [cand("spring.core", 0.3), cand("jpa.cosmos", 0.4, glob="**/*.java",
                                              migration=("convert", "jpa to spring"))]
    sel = HybridSelector(p).select(cands).selection
    # 0.4 − W_MIGRATION 1.0, its glob counting nothing: under the 0.3 of the project's rule
    assert sel.scores == {"spring.core": 0.3, "jpa.cosmos": -0.6} and sel.kept == ("spring.core",)
    detail = {e.id: e.detail for e in sel.explanations}["jpa.cosmos"]
    assert "a migration's rule (convert; jpa to spring), and the task asks for no migration" in (
        detail)


def test_a_glob_that_names_its_files_says_the_rule_s_subject():
    # `**/*Test.java` of copilot.java-junit5-assertions matched OrderServiceTest.java and
    # counted a quarter ("assertions named nowhere"): it names test files, not just Java ones
    from grace.resolution.domain.activation import names_files

    for glob in ("**/*Test.java", "**/*.spec.ts", "**/Dockerfile", "**/*_test.go",
                 "**/*.component.ts", "**/*.test.{ts,tsx}"):
        assert names_files(glob), glob
    for glob in ("**/*.java", "**/*.{ts,tsx}", "*.py", "src/**/*.tsx", "**/*.[jt]s", "**/*",
                 # a language's manifest: every project of the language has one (decision 0030)
                 "**/package.json", "pyproject.toml", "**/Cargo.toml", "**/go.mod"):
        assert not names_files(glob), glob


def test_a_rule_is_lifted_only_by_a_dependency_that_names_it_whole():
    """``tanstack`` of ``@tanstack/react-query`` and ``router`` of ``react-router-dom`` lifted
    every TanStack Router rule of a React Query project (a new user's Django + React trial):
    a rule whose subject a dependency of several words names in part is lifted only when one
    such dependency names its subject whole, unless the task or its files say the rest
    (decision 0010, thirteenth follow-up)."""
    from grace.resolution.application.hybrid import stack_lift
    from grace.resolution.domain.languages import stack_groups, stack_words

    deps = ["react", "@tanstack/react-query", "react-router-dom"]
    stack, groups = set(stack_words(deps)), stack_groups(deps)
    router = ("tanstack", "router", "react")
    assert stack_lift(router, ("tanstack", "router"), stack, groups, set()) == ()
    only_query = stack_groups(["react", "@tanstack/react-query"])
    assert stack_lift(router, ("tanstack", "router"), stack, only_query, set()) == ()
    assert stack_lift(("react", "query"), ("query",), stack, groups, set()) == ("react",)
    assert stack_lift(("tanstack", "query"), ("tanstack", "query"), stack, groups, set()) == (
        "tanstack",)
    assert stack_lift(("react", "router", "v7"), ("router",), stack, groups, set()) == ("react",)
    # a subject no dependency names: lifted by the framework, as before
    assert stack_lift(("react", "zustand"), ("zustand",), stack, groups, set()) == ("react",)
    # the task says the rest of the subject
    assert stack_lift(router, ("tanstack", "router"), stack, groups, {"tanstack"}) == (
        "tanstack", "react")
    assert stack_lift(("react",), (), stack, groups, set()) == ("react",)
    # no dependency of several words: every stack term lifts, as before
    assert stack_lift(router, ("tanstack", "router"), stack, (), set()) == ("tanstack", "react")
    assert stack_lift(("django",), (), stack, groups, set()) == ()
    # a word a one-word dependency names is the project's (``expo`` beside ``expo-router``)
    expo = stack_groups(["expo", "expo-router", "react-native"])
    rn = ("react", "native", "expo")
    assert stack_lift(rn, ("native", "expo"), stack | {"expo", "native"}, expo, set()) == ()
    assert stack_lift(rn, ("native", "expo"), stack | {"expo", "native"}, expo, set(),
                      {"expo"}) == ("react",)


def test_a_rule_for_another_product_of_the_project_s_family_weighs_as_foreign():
    """TanStack Router rules served for a React Query project's tasks (the Django + React
    trial's "Prefetch the next page of orders with React Query"): the project's TanStack is
    Query and its router React Router, so a rule whose subject joins words of two of its
    dependencies is written for another product (decision 0010, fourteenth follow-up)."""
    from grace.resolution.application.hybrid import family_stranger
    from grace.resolution.domain.languages import stack_groups, stack_whole

    groups = stack_groups(["react", "@tanstack/react-query", "react-router-dom"])
    assert family_stranger(("tanstack", "router"), groups, set()) == ("tanstack", "router")
    assert family_stranger(("tanstack", "router", "query"), groups, {"query"}) == (
        "tanstack", "router", "query")
    # the task says it whole (a move to TanStack Router): not foreign
    assert family_stranger(("tanstack", "router"), groups, {"tanstack", "router"}) == ()
    # one dependency names the subject, or no dependency knows it
    for subject in (("tanstack", "query"), ("query",), ("router",), ("zustand",), ()):
        assert family_stranger(subject, groups, set()) == (), subject
    assert family_stranger(("tanstack", "router"), (), set()) == ()
    # a vendor's product family: Azure Functions where the project uses Azure Storage
    azure = stack_groups(["Azure.Storage.Blobs", "Azure.Identity", "Azure.Security.KeyVault"])
    products = {"azure", "qdrant"}
    assert family_stranger(("azure", "functions"), azure, set(), products) == (
        "azure", "functions")
    assert family_stranger(("azure", "functions"), azure, {"functions"}, products) == ()
    assert family_stranger(("azure", "functions"), azure, set()) == ()  # not a product word
    assert family_stranger(("azure", "storage"), azure, set(), products) == ()  # its own
    # a word of a dependency that is no product ("security" of Azure.Security.KeyVault)
    assert family_stranger(("security", "devsecops"), azure, set(), products) == ()
    # a one-word dependency names its product whole (an Expo app's ``expo`` beside
    # ``expo-router`` and ``react-native``): its rules are the project's
    deps = ["expo", "expo-router", "react-native", "react"]
    expo, whole = stack_groups(deps), stack_whole(deps)
    assert whole == {"expo", "react"}
    assert family_stranger(("native", "expo"), expo, set()) == ("native", "expo")
    assert family_stranger(("native", "expo"), expo, set(), whole=whole) == ()
    # the whole product does not cover another of its family's
    assert family_stranger(("native", "router"), expo, set(), whole=whole) == (
        "native", "router")
    p = replace(PLAIN, w_lex=0.0, w_glob=0.8)
    cands = [cand("cursor.tanstack-router", 0.4, glob="**/*.tsx",
                  stranger=("tanstack", "router")),
             cand("cursor.react-query", 0.3, glob="**/*.tsx")]
    sel = HybridSelector(p).select(cands).selection
    # − w_foreign_unnamed (nothing names it), and its glob presumes a TanStack Router
    # project: not counted
    assert sel.scores == {"cursor.react-query": pytest.approx(0.3 + p.w_glob),
                          "cursor.tanstack-router": pytest.approx(0.4 - p.w_foreign_unnamed)}
    detail = {e.id: e.detail for e in sel.explanations}
    assert "written for tanstack router, which no dependency of the project names whole" in (
        detail["cursor.tanstack-router"])


def test_a_migration_task_is_served_only_the_moves_away_from_what_something_names():
    """« Ajoute une migration Flyway … dans PostgreSQL » asks for a migration and was served
    four Oracle-to-PostgreSQL rules in a project that has no Oracle: a rule that moves away
    from something is served such a task only when the task, its files or the stack name
    it (decision 0010, fourteenth follow-up)."""
    from grace.resolution.domain.languages import migration_sources

    assert migration_sources("Reviewing Oracle to Postgres migration",
                             "skill.reviewing-oracle-to-postgres-migration") == ("oracle",)
    assert migration_sources("Convert Jpa To Spring Data Cosmos",
                             "copilot.convert-jpa-to-spring-data-cosmos") == ("jpa",)
    assert migration_sources("Java 17 to 21", "copilot.java-17-to-java-21-upgrade") == ()
    assert migration_sources("WinUI 3 migration guide", "skill.winui3-migration-guide") == ()
    p = HybridParams(chunk_weight=0.0, hub_weight=0.0)
    cands = [cand("skill.postgresql", 0.3),
             cand("skill.oracle-to-postgres", 0.4, migration=("from oracle",))]
    sel = HybridSelector(p).select_columns(
        replace(HybridColumns.of(cands), migration_asked=True)).selection
    assert sel.kept == ("skill.postgresql",)
    detail = {e.id: e.detail for e in sel.explanations}["skill.oracle-to-postgres"]
    assert "a migration's rule (from oracle), which nothing names" in detail
    moved = [cand("cursor.postgresql", 0.3),
             cand("copilot.springboot-4-migration", 0.4, migration=("of spring",))]
    sel = HybridSelector(p).select_columns(
        replace(HybridColumns.of(moved), migration_asked=True)).selection
    assert sel.kept == ("cursor.postgresql",)
    detail = {e.id: e.detail for e in sel.explanations}["copilot.springboot-4-migration"]
    assert "a migration's rule (of spring), which the task does not name" in detail


def test_a_rule_for_starting_a_new_project_is_no_guidance_for_work_in_an_existing_one():
    """``cursor.laravel-php-83`` ("a Laravel package developer tasked with creating a new
    package") was the top talent of fifteen tasks of a new user's Laravel application, judged
    relevant on none; ``skill.create-spring-boot-java-project`` served "Add an endpoint":
    such a rule scores ``w_starter`` lower and its glob counts nothing when the task starts no
    project (decision 0010, twentieth follow-up)."""
    from grace.resolution.domain.text import asks_new_project, starts_project

    assert starts_project("Cursor rules for Laravel development with PHP 8.3 integration.",
                          "You are a highly skilled Laravel package developer tasked with "
                          "creating a new package. Your goal is …") == "creating a new package"
    assert starts_project("Create Spring Boot Java Project Skeleton", "# Create\n- Java 21"
                          ) == "Create Spring Boot Java Project Skeleton"
    assert starts_project("", "# Kotlin MCP Server Project Generator\n\nGenerate a complete, "
                          "production-ready MCP server project in Kotlin.") == (
        "Generate a complete, production-ready MCP server")
    # building, creating a component, or a project's name in a later paragraph: no start
    assert starts_project("Best practices for building Laravel applications",
                          "Create a new component per feature.\n\nUse Eloquent.") == ""
    assert starts_project("Laravel", "One.\n\nTwo.\n\nThree.\n\nCreate a new project.") == ""
    assert asks_new_project("Scaffold a new Spring Boot service project")
    assert asks_new_project("Crée un nouveau projet Django")
    assert asks_new_project("Extract our slug helper into a reusable Laravel package")
    assert not asks_new_project("Add an endpoint to create and retire cars")
    assert not asks_new_project("Add a new column to the car table")
    assert not asks_new_project("Extract the helper into the app's utils")

    p = HybridParams(chunk_weight=0.0, hub_weight=0.0)
    cands = [cand("cursor.laravel", 0.3, glob="**/*.php"),
             cand("cursor.laravel-php-83", 0.4, glob="**/*", starter="creating a new package")]
    sel = HybridSelector(p).select(cands).selection
    assert sel.kept == ("cursor.laravel",)
    assert sel.scores["cursor.laravel-php-83"] == pytest.approx(0.4 - p.w_starter)
    detail = {e.id: e.detail for e in sel.explanations}["cursor.laravel-php-83"]
    assert "a rule for starting a new project (“creating a new package”), and the task " \
        "starts none" in detail


def test_in_a_project_its_dependencies_frame_a_weak_match_of_meaning_alone_is_not_kept():
    """KEEP_FLOOR: a talent kept on its meaning and words alone needs a score of
    ``keep_floor`` when the project's (or the files' package's) dependencies name the
    framework that frames the task — the top too: an Expo app's "Write a Postgres migration"
    got an ad-campaign skill as its top score — and stays a pointer. Without such a
    framework, or with other evidence (a name term, a glob), the ratio's bar alone decides
    (decision 0010, twentieth and twenty-second follow-ups)."""
    p = HybridParams(chunk_weight=0.0, hub_weight=0.0, ratio=0.5)
    cands = [cand("skill.bigquery-pipeline-audit", 0.45),
             cand("skill.github-actions-hardening", 0.38),
             cand("cursor.laravel-queues", 0.30, names=("queue",))]
    cols = HybridColumns.of(cands)
    out = HybridSelector(p).select_columns(
        replace(cols, framed_by="project", frame=("laravel",)))
    framed = out.selection
    assert framed.kept == ("cursor.laravel-queues",)
    assert out.also == ("skill.bigquery-pipeline-audit", "skill.github-actions-hardening")
    details = {e.id: e.detail for e in framed.explanations}
    assert details["skill.github-actions-hardening"].startswith(
        "score 0.380 below KEEP_FLOOR 0.5 on meaning alone, in a project its dependencies "
        "frame (laravel)")
    assert details["skill.bigquery-pipeline-audit"].startswith("score 0.450 below KEEP_FLOOR")
    # nothing kept at all: no talent, each a pointer
    alone = HybridSelector(p).select_columns(replace(
        HybridColumns.of(cands[:2]), framed_by="project", frame=("laravel",)))
    assert alone.selection.kept == () and not alone.selection.gate_closed
    assert alone.also == ("skill.bigquery-pipeline-audit", "skill.github-actions-hardening")
    for unframed in (replace(cols, framed_by="task", frame=("laravel",)), cols):
        assert HybridSelector(p).select_columns(unframed).selection.kept == (
            "skill.bigquery-pipeline-audit", "cursor.laravel-queues",
            "skill.github-actions-hardening")
    # no framework, but the project declares its Python dependencies (a command-line tool on
    # Typer and httpx): the same floor (decision 0030)
    tool = HybridSelector(p).select_columns(replace(cols, framed_by="task", known=("python",)))
    assert tool.selection.kept == ("cursor.laravel-queues",)
    assert {e.id: e.detail for e in tool.selection.explanations}[
        "skill.github-actions-hardening"].startswith(
        "score 0.380 below KEEP_FLOOR 0.5 on meaning alone, in a project that declares its "
        "python dependencies")


def test_a_product_is_a_proper_name_of_the_summaries_that_a_family_of_rules_holds():
    """:func:`proper_names`: capitalised mid-sentence in most of its uses, at least twice,
    never all in capitals (API, CLI) nor a sentence's first word; :func:`rule_products`: such
    a word of a rule's subject that several rules' subjects hold (decision 0010, seventeenth
    follow-up). A product rule weighs as ``foreign`` and its glob counts nothing."""
    from grace.resolution.domain.languages import proper_names, rule_products

    proper = proper_names([
        "Fetches Azure retail prices. Create an estimate.",
        "Pick an Azure role; use the CLI and the API of the CLI.",
        "Daily prep: create the agenda, review the Qdrant notes",
        "Tune Qdrant. Qdrant is fast: its Qdrant client, the qdrant package.",
    ])
    assert proper == frozenset({"azure"})  # qdrant: 2 of 4 uses in lower case; cli: capitals
    assert rule_products([("azure", "pricing"), ("azure", "role"), ("daily", "prep"),
                          ("power", "bi")], {"azure", "power"}) == [
        ("azure",), ("azure",), (), ()]  # power: one rule only
    # a coding agent a rule is written for is no product of the stack
    assert rule_products([("vue", "claude", "stack"), ("wordpress", "claude", "stack")],
                         {"claude"}) == [(), ()]
    p = replace(PLAIN, w_lex=0.0, w_glob=0.8)
    cands = [cand("skill.azure-pricing", 0.4, glob="**/*", product=("azure",)),
             cand("cursor.rails", 0.3, glob="**/*")]
    sel = HybridSelector(p).select(cands).selection
    assert sel.scores == {"cursor.rails": pytest.approx(0.3 + p.w_glob),
                          "skill.azure-pricing": pytest.approx(0.4 - p.w_foreign_unnamed)}
    detail = {e.id: e.detail for e in sel.explanations}
    assert "written for azure, which neither the task, its files nor the project's " \
        "dependencies name" in detail["skill.azure-pricing"]


@pytest.mark.parametrize(("less", "word", "whole", "other", "field", "why"), [
    # ``unsaid``: a library beside the framework (``xunit``, ``router``) the task and its files
    # do not say (decision 0010, seventeenth follow-up)
    ("skill.csharp-xunit", "xunit", "copilot.aspnet", "aspnet", "unsaid",
     "neither the task nor its files say"),
    # ``unimported``: the files in play were read and import none of the dependencies that
    # lift it (a FastAPI rule on a SQLAlchemy model's file; decision 0024)
    ("cursor.fastapi", "fastapi", "cursor.sqlalchemy", "sqlalchemy", "unimported",
     "the files in play import no"),
])
def test_a_rule_is_lifted_less_off_its_dependency_s_tasks(less, word, whole, other, field,
                                                          why):
    """The stack lifts such a rule by ``unsaid_stack`` of ``w_stack`` (in the score and in
    what ``stack_k`` counts) and says why; the framework's own rules are lifted whole."""
    p = replace(PLAIN, w_lex=0.0)
    cands = [cand(less, 0.1, stack=(word,), **{field: (word,)}),
             cand(whole, 0.1, stack=(other,))]
    sel = HybridSelector(p).select(cands).selection
    assert sel.scores == {whole: pytest.approx(0.1 + p.w_stack),
                          less: pytest.approx(0.1 + p.unsaid_stack * p.w_stack)}
    detail = {e.id: e.detail for e in sel.explanations}
    assert f"the project depends on {word} (counts less: {why} {word})" in detail[less]
    assert "counts less" not in detail[whole]


def test_at_most_stack_k_talents_are_kept_on_the_stack_s_lift_alone():
    """``stack_k``: a row whose score without its ``w_stack`` part is below the bar is kept
    on the project's dependencies alone; at most ``stack_k`` such rows (the top included),
    whatever ``max_kept`` allows (decision 0010, eighteenth follow-up: 30 Next.js rules)."""
    p = replace(PLAIN, w_lex=0.0, stack_k=2)
    cands = [cand(f"cursor.nextjs-{i}", 0.1 - i / 100, stack=("next",)) for i in range(4)]
    cands.append(cand("cursor.database", 0.55))  # above the bar 0.49 on its own meaning
    sel = HybridSelector(p).select(cands).selection
    assert sel.kept == ("cursor.nextjs-0", "cursor.nextjs-1", "cursor.database")
    detail = {e.id: e.detail for e in sel.explanations}
    assert ("2 talents already kept on the project's dependencies alone (STACK_K; 0.080 "
            "without them)") in detail["cursor.nextjs-2"]
    # a lifted row the bar keeps without the lift is not counted (0.47 ≥ 0.7 × 0.6)
    strong = [cand(f"cursor.nextjs-{i}", 0.5 - i / 100, stack=("next",)) for i in range(4)]
    assert len(HybridSelector(replace(p, w_stack=0.1)).select(strong).selection.kept) == 4
    # reciprocal rank fusion has no score's part to take away: no such cap
    rrf = replace(p, fusion="rrf")
    assert len(HybridSelector(rrf).select(cands).selection.kept) >= 3


def test_a_procedure_for_an_unnamed_job_is_not_kept_on_meaning_alone():
    """``skill_said``: an imported Agent Skill whose subject the task does not name
    (``unasked``) is kept only as the top talent or on other evidence than its meaning and
    words: a name term, a glob, a dependency, a concern — not a trigger, one of its words
    (decision 0010, nineteenth follow-up)."""
    p = replace(PLAIN, w_lex=1.0, max_kept_text=8)
    cands = [cand("cursor.rails", 0.4, 0.1),
             cand("skill.x-twitter-scraper", 0.2, 0.2, unasked=("twitter", "scraper")),
             cand("skill.pdf-tool", 0.2, 0.2, unasked=("pdf",), triggers=("pdf",)),
             cand("skill.ci-audit", 0.2, 0.2, unasked=("audit",), names=("github",)),
             cand("skill.ci-hardening", 0.2, 0.2, unasked=("hardening",),
                  concern=("security", "the task says security")),
             cand("copilot.security", 0.2, 0.2)]
    sel = HybridSelector(p).select(cands).selection
    assert not {"skill.x-twitter-scraper", "skill.pdf-tool"} & set(sel.kept)
    assert {"cursor.rails", "skill.ci-audit", "skill.ci-hardening", "copilot.security"} <= set(
        sel.kept)
    detail = {e.id: e.detail for e in sel.explanations}
    assert detail["skill.x-twitter-scraper"].startswith(
        "a procedure for twitter scraper, which neither the task nor its files say, kept on "
        "meaning alone (SKILL_SAID)")
    # the top talent is kept whatever its evidence; the parameter off keeps it too
    assert HybridSelector(p).select(cands[1:2]).selection.kept == ("skill.x-twitter-scraper",)
    off = HybridSelector(replace(p, skill_said=False)).select(cands).selection
    assert "skill.x-twitter-scraper" in off.kept
    # a skill for the framework that frames the task is the stack's job (React 18's patterns
    # in a React project)
    react = [cands[0], cand("skill.react18-string-refs", 0.2, 0.2, unasked=("string", "refs"),
                            families=("react",))]
    cols = HybridColumns.of(react)
    assert "skill.react18-string-refs" not in HybridSelector(p).select_columns(cols).selection.kept
    framed = HybridSelector(p).select_columns(replace(cols, frame=("react",))).selection
    assert "skill.react18-string-refs" in framed.kept
    # a file in play's language is no evidence of a procedure's job unless the skill's name
    # names that language itself: Ruff's recursive fixes on any Python file, no; C# docs on a
    # .cs file, yes (decision 0030)
    spoken = [cands[0],
              cand("skill.ruff-recursive-fix", 0.2, 0.2, unasked=("ruff", "recursive"),
                   language="python"),
              cand("skill.csharp-docs", 0.2, 0.2, unasked=("docs",), language="csharp",
                   language_named=True)]
    out = HybridSelector(p).select(spoken).selection
    assert "skill.ruff-recursive-fix" not in out.kept and "skill.csharp-docs" in out.kept
    assert {e.id: e.detail for e in out.explanations}["skill.ruff-recursive-fix"].startswith(
        "a procedure for ruff recursive, which neither the task nor its files say, kept on "
        "meaning alone and a python file (no name of the language) (SKILL_SAID)")
    # … unless it is written for the framework that frames the task: the stack's job
    react18 = [cands[0], cand("skill.react18-string-refs", 0.2, 0.2, unasked=("string", "refs"),
                              families=("react",), language="typescript")]
    rcols = HybridColumns.of(react18)
    assert "skill.react18-string-refs" not in HybridSelector(p).select_columns(
        rcols).selection.kept
    assert "skill.react18-string-refs" in HybridSelector(p).select_columns(
        replace(rcols, frame=("react",))).selection.kept


def test_a_persona_s_first_language_and_whether_the_project_uses_it():
    """:func:`persona_language` is the first item of the expertise list when it is a language;
    :func:`language_unused` says it is another stack's when the known languages neither hold
    nor imply it (a TypeScript project writes JavaScript; decision 0024)."""
    from grace.resolution.domain.languages import language_unused, persona_language

    assert persona_language("You are an expert in Solidity, TypeScript, Next.js.") == "solidity"
    assert persona_language("\n\nYou are an **expert** in TypeScript and React.") == "typescript"
    assert persona_language("You are an expert in Next.js, TypeScript.") is None
    assert persona_language("Use TypeScript.") is None
    assert language_unused("solidity", ["typescript", "javascript"])
    assert not language_unused("javascript", ["typescript"])  # implied
    assert language_unused("typescript", ["javascript"])
    assert not language_unused("solidity", [])  # nothing known


def test_a_persona_for_another_stack_names_the_items_the_project_does_not_use():
    """:func:`persona_stack` reads "You are an expert in …" (capitalised words, no language,
    no generic word); :func:`persona_unused` calls it another stack's when at least
    ``MIN_PERSONA_UNUSED`` items are unused and more than are used."""
    from grace.resolution.domain.languages import persona_stack, persona_unused

    web3 = ("\n\nYou are an expert in Solidity, TypeScript, Node.js, Next.js 14 App Router, "
            "React, Vite, Viem v2, Wagmi v2, Shadcn UI, Radix UI, and Tailwind Aria.\n\nKey "
            "Principles: You are an expert in Rust.")
    items = persona_stack(web3)
    assert items == (("node",), ("next",), ("react",), ("vite",), ("viem",), ("wagmi",),
                     ("shadcn",), ("radix",), ("tailwind", "aria"))
    project = {"next", "react", "node", "tailwind", "prisma"}
    assert persona_unused(items, project.__contains__) == (
        "vite", "viem", "wagmi", "shadcn", "radix")
    # its name (subject `web3`) does not name its first item: still another stack's
    assert persona_unused(items, project.__contains__, ("web3",)) == (
        "vite", "viem", "wagmi", "shadcn", "radix")
    # a persona whose first item is its rule's subject, which the project names, is its own
    chrome = persona_stack("You are an expert in Chrome Extension Development, JavaScript, "
                           "TypeScript, HTML, CSS, Shadcn UI, Radix UI, Tailwind and Web APIs.")
    extension = {"chrome", "react", "vite"}
    assert persona_unused(chrome, extension.__contains__) != ()
    assert persona_unused(chrome, extension.__contains__, ("chrome", "extension")) == ()
    assert persona_unused(chrome, {"react"}.__contains__, ("chrome", "extension")) != ()
    # two unused of six: the project's stack with two UI kits more
    ui = persona_stack("You are an expert in TypeScript, Node.js, Next.js App Router, React, "
                       "Shadcn UI, Radix UI and Tailwind.")
    assert persona_unused(ui, project.__contains__) == ()
    # the list after a colon, bold marks away; no persona in the first lines: nothing
    assert persona_stack("You are an **expert** in the TALL stack: Laravel, Livewire, "
                         "Alpine.js") == (("laravel",), ("livewire",), ("alpine",))
    assert persona_stack("# Rules\n\nUse hooks.\n\nKeep it small.\n\nYou are an expert in "
                         "Vue.") == ()


def test_a_concern_s_rule_on_that_concern_s_work_is_lifted_and_says_why():
    """``concern``: ``w_concern`` more for a rule the task's concern names (decision 0010,
    eighteenth follow-up), in the sum and as one more channel of RRF."""
    p = replace(PLAIN, w_lex=0.0)
    cands = [cand("copilot.security-and-owasp", 0.1,
                  concern=("security", "nearest kind of request: «Add rate limiting»")),
             cand("cursor.nextjs", 0.1, stack=("next",))]
    sel = HybridSelector(p).select(cands).selection
    assert sel.scores["copilot.security-and-owasp"] == pytest.approx(0.1 + p.w_concern)
    detail = {e.id: e.detail for e in sel.explanations}
    assert ("the task is security work (nearest kind of request: «Add rate limiting»), which "
            "its name says") in detail["copilot.security-and-owasp"]
    rrf = HybridSelector(replace(p, fusion="rrf")).select(cands).selection
    # first in dense (ties by id) and in concern: twice 60 / 61
    assert rrf.scores["copilot.security-and-owasp"] == pytest.approx(2 * 60 / 61, abs=1e-6)


def test_a_concern_s_lift_does_not_raise_the_bar_over_the_framework_s_rules():
    """The bar is measured on the best score less its concern lift: the security rule on "Fix
    SQL injection risk in the items query" no longer cuts the FastAPI rules the stack lifts
    (decision 0010, eighteenth follow-up)."""
    p = replace(PLAIN, w_lex=0.0)
    cands = [cand("copilot.security-and-owasp", 0.5, concern=("security", "why")),
             cand("cursor.fastapi", 0.1, stack=("fastapi",)),
             cand("cursor.topic", 0.3)]
    sel = HybridSelector(p).select(cands).selection
    assert sel.kept == ("copilot.security-and-owasp", "cursor.fastapi")
    detail = {e.id: e.detail for e in sel.explanations}
    assert ("score 0.300 below the bar 0.490 (RATIO 0.7 × 0.700, the best score less its "
            "concern lift)") in detail["cursor.topic"]
    # without a concern the top is the reference, as before
    plain = HybridSelector(p).select([cand("a", 0.5), cand("b", 0.3)]).selection
    assert "(RATIO 0.7 × top 0.500)" in {e.id: e.detail for e in plain.explanations}["b"]


def test_bm25s_says_nothing_below_a_warning(caplog):
    """bm25s sets its logger to DEBUG on import: `grace mcp` printed "Building index from
    tokens" on stderr for every index built."""
    import logging

    with caplog.at_level(logging.DEBUG):
        Bm25Scorer(["alpha beta", "gamma delta"]).scores("alpha")
    assert not [r for r in caplog.records if r.name == "bm25s"]
