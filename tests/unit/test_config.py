"""``Settings`` defaults are the contexts' constants, not copies of them."""

from __future__ import annotations

from grace.config import Settings
from grace.learnings.application.add import NEAR_DUPLICATE
from grace.learnings.application.search import THRESHOLD
from grace.matching.adapters.claude_ranker import DEFAULT_MAX_TOKENS
from grace.matching.application.match import FINALISTS, REUSE_SIMILARITY
from grace.matching.application.search import BROAD_LIMIT, TOP_K
from grace.resolution.domain.relevance import BETA


def test_defaults_are_the_domain_constants(monkeypatch):
    for name in ("GRACE_RELEVANCE_BETA", "GRACE_LEARNINGS_THRESHOLD",
                 "GRACE_LEARNINGS_NEAR_DUPLICATE", "GRACE_MATCHING_TOP_K",
                 "GRACE_MATCHING_BROAD_LIMIT", "GRACE_MATCHING_REUSE_SIMILARITY",
                 "GRACE_LLM_FINALISTS", "GRACE_LLM_MAX_TOKENS"):
        monkeypatch.delenv(name, raising=False)
    s = Settings()
    assert (s.relevance_beta, s.learnings_threshold, s.learnings_near_duplicate) == (
        BETA, THRESHOLD, NEAR_DUPLICATE)
    assert (s.matching_top_k, s.matching_broad_limit, s.matching_reuse_similarity) == (
        TOP_K, BROAD_LIMIT, REUSE_SIMILARITY)
    assert (s.llm_finalists, s.llm_max_tokens) == (FINALISTS, DEFAULT_MAX_TOKENS)
