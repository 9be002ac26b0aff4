"""``Settings``: defaults are the contexts' constants, not copies of them; values come from the
``GRACE_*`` variables (read by the model itself, without pydantic-settings)."""

from __future__ import annotations

import pytest

from grace.config import Settings, environment_values, load_settings
from grace.errors import ConfigError
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


def test_the_environment_is_read_case_insensitively_and_given_values_win(monkeypatch):
    monkeypatch.setenv("grace_relevance", "embeddings")
    monkeypatch.setenv("GRACE_TOKEN_BUDGET", "1234")
    monkeypatch.setenv("GRACE_USAGE_TEXT", "yes")
    s = Settings(token_budget=99)
    assert (s.relevance, s.token_budget, s.usage_text) == ("embeddings", 99, True)
    assert load_settings().token_budget == 1234


def test_the_api_key_is_read_from_its_alias_choices_in_order(monkeypatch):
    monkeypatch.delenv("GRACE_ANTHROPIC_API_KEY", raising=False)
    monkeypatch.setenv("ANTHROPIC_API_KEY", "plain")
    assert environment_values({"ANTHROPIC_API_KEY": "plain"}) == {"anthropic_api_key": "plain"}
    key = load_settings().anthropic_api_key
    assert key is not None and key.get_secret_value() == "plain"
    monkeypatch.setenv("GRACE_ANTHROPIC_API_KEY", "prefixed")
    key = load_settings().anthropic_api_key
    assert key is not None and key.get_secret_value() == "prefixed"


@pytest.mark.parametrize(
    ("name", "value", "message"),
    [
        ("GRACE_RELEVANCE", "maybe", "GRACE_RELEVANCE: Input should be 'off' or 'embeddings'"),
        ("GRACE_TOKEN_BUDGET", "0", "GRACE_TOKEN_BUDGET: Input should be greater than"),
        ("GRACE_EMBEDDER", "", "GRACE_EMBEDDER: String should have at least 1 character"),
    ],
)
def test_a_bad_variable_is_a_config_error_naming_it(monkeypatch, name, value, message):
    monkeypatch.setenv(name, value)
    with pytest.raises(ConfigError, match=message):
        load_settings()
