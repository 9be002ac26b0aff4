"""Pure pieces of the rule importer: depths, key terms, glob facts, names and ids (no I/O)."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from grace.errors import ImportRulesError
from grace.resolution.adapters.importers.depths import (
    ABRIDGED_NOTE,
    COMPACT_MAX_CHARS,
    FULL_MAX_CHARS,
    STANDARD_MAX_CHARS,
    TRUNCATED_NOTE,
    _fence_states,
    compact_depth,
    cut_body,
    full_depth,
    section_entries,
    standard_depth,
)
from grace.resolution.adapters.importers.globs import pattern_facts
from grace.resolution.adapters.importers.keyterms import document_frequency, key_terms
from grace.resolution.adapters.importers.rule_parser import (
    ParsedRule,
    file_stem,
    first_paragraph,
    parse_rule,
    summarize,
)
from grace.resolution.adapters.importers.rules import allocate_ids
from grace.resolution.adapters.importers.talent_writer import render_talent
from grace.resolution.domain.talent import Depth, check_section_name, check_talent_id
from grace.resolution.domain.text import split_sections


def _ends_outside_fence(text: str) -> bool:
    states = _fence_states(text.split("\n"))
    return not states or states[-1] is None


# --- depths ---------------------------------------------------------------------------------


def test_short_body_is_kept_whole_at_every_depth() -> None:
    body = "Intro.\n\n## Usage\n\n- one\n- two"
    full = full_depth(body)
    assert full == body
    assert standard_depth(full) == body


def test_standard_cuts_at_a_paragraph_boundary() -> None:
    paragraphs = [f"Paragraph {i} " + "word " * 60 for i in range(20)]
    full = full_depth("\n\n".join(p.strip() for p in paragraphs))
    standard = standard_depth(full)
    assert standard.endswith(ABRIDGED_NOTE)
    kept = standard.removesuffix(ABRIDGED_NOTE).rstrip()
    assert len(kept) <= STANDARD_MAX_CHARS
    assert kept.endswith("word")  # a whole paragraph, not a cut word
    assert full.startswith(kept)


def test_a_short_introduction_before_a_long_list_is_not_the_whole_standard_depth() -> None:
    """The Copilot CI/CD rule: a 70-word "Your Mission" paragraph, then a heading over a list
    longer than the limit; the standard depth was that paragraph and a dangling heading. The cut
    now falls at the last whole list line that fits, and never ends on a heading."""
    items = "\n".join(f"- **Item {i}:** use `setting_{i}` when the job needs it."
                      for i in range(300))
    body = f"# CI\n\n## Your Mission\n\nHelp build pipelines.\n\n## Core Concepts\n{items}"
    standard = standard_depth(full_depth(body))
    kept = standard.removesuffix(ABRIDGED_NOTE).rstrip()
    assert len(kept) > STANDARD_MAX_CHARS // 2
    assert kept.endswith("when the job needs it.")
    assert "## Core Concepts\n- **Item 0:**" in kept
    # a cut at a block boundary that holds enough is still preferred, without its heading
    paragraphs = "\n\n".join(f"Paragraph {i} " + "word " * 50 for i in range(8))
    cut = cut_body(f"{paragraphs}\n\n## Next\n{items}", 1_400)
    assert cut.text.endswith("word") and not cut.text.endswith("## Next")


def test_standard_never_ends_inside_a_code_block() -> None:
    code = "\n".join(f"    line_{i} = compute({i})" for i in range(200))
    body = f"Intro paragraph.\n\n```python\n{code}\n```\n\nAfter."
    standard = standard_depth(full_depth(body))
    assert _ends_outside_fence(standard)
    assert standard.startswith("Intro paragraph.")


def test_a_long_first_code_block_is_cut_by_line_and_closed() -> None:
    code = "\n".join(f"x_{i} = {i}" for i in range(400))
    cut = cut_body(f"```py\n{code}\n```", 500)
    assert cut.cut and cut.text.endswith("\n```")
    assert _ends_outside_fence(cut.text)
    assert len(cut.text) <= 500 + 4


def test_full_is_capped_and_says_so() -> None:
    body = "\n\n".join("para " * 100 for _ in range(200))
    full = full_depth(body)
    assert full.endswith(TRUNCATED_NOTE)
    assert len(full) <= FULL_MAX_CHARS + len(TRUNCATED_NOTE) + 2


def test_an_open_fence_of_the_source_is_closed() -> None:
    assert full_depth("Text\n\n```js\nlet a = 1") == "Text\n\n```js\nlet a = 1\n```"


def test_compact_is_summary_plus_first_bullets_within_400() -> None:
    body = "Intro\n\n" + "\n".join(f"- **Rule {i}**: do the thing number {i}" for i in range(30))
    compact = compact_depth("Short summary.", body)
    assert compact.startswith("Short summary.\n\n- Rule 0: do the thing number 0")
    assert len(compact) <= COMPACT_MAX_CHARS


def test_compact_lists_headings_when_there_are_no_bullets() -> None:
    body = "Intro\n\n## 🚀 Setup\n\ntext\n\n## Testing\n\n```\n- not a bullet\n```"
    assert compact_depth("S.", body) == "S.\n\n- Setup\n- Testing"


def test_sections_are_at_most_six_valid_names_found_by_split_sections() -> None:
    body = "\n\n".join(f"## Part {i}\n\ntext {i}" for i in range(9)) + "\n\n## " + "x" * 200
    entries = section_entries(body)
    assert len(entries) == 6
    names = split_sections(body)
    for entry in entries:
        assert check_section_name(entry["name"]) in names
        assert entry["when"] == f"Part {entry['name'].split('-')[1]}"


_LINES = st.sampled_from(
    ["", "text", "## Heading", "```", "```py", "~~~", "- bullet", "    indented", "x" * 150]
)


@given(st.lists(_LINES, max_size=120), st.integers(min_value=20, max_value=2_000))
def test_cut_body_is_a_bounded_prefix_outside_fences(lines: list[str], limit: int) -> None:
    body = "\n".join(lines).strip()
    cut = cut_body(body, limit)
    if not cut.cut:
        assert cut.text == body
    else:
        assert _ends_outside_fence(cut.text)
        opened = _fence_states(cut.text.split("\n"))
        closing = 4 if len(opened) > 1 and opened[-2] is not None else 0
        assert len(cut.text) <= limit + closing
        assert body.startswith(cut.text[: len(cut.text) - closing].rstrip())


# --- summary, names, ids ---------------------------------------------------------------------


def test_summarize_keeps_whole_sentences_under_300() -> None:
    text = "First sentence is here. " * 30
    summary = summarize(text)
    assert len(summary) <= 300 and summary.endswith(".")
    words = summarize("word " * 200)
    assert len(words) <= 300 and words.endswith("…")
    assert summarize("  a\n\n b  ") == "a b"


def test_first_paragraph_skips_headings_code_and_tables() -> None:
    body = "# Title\n\n| a | b |\n\n```\ncode\n```\n\nThe **real** first\nparagraph.\n\nNext."
    assert first_paragraph(body) == "The real first paragraph."


def test_cursor_file_names_lose_their_cursorrules_noise() -> None:
    rules = Path("rules")
    assert file_stem("cursor", rules / "react-mobx-cursorrules-prompt-file.mdc") == "react-mobx"
    assert file_stem("cursor", rules / "deno-integration-cursorrules-prompt-fil.mdc") == (
        "deno-integration"
    )
    assert file_stem("cursor", rules / "python-cursorrules-prompt-file-best-practices.mdc") == (
        "python-best-practices"
    )
    assert file_stem("cursor", rules / "cursorrules.mdc") == "cursorrules"
    assert file_stem("copilot", Path("python.instructions.md")) == "python"
    assert file_stem("agent-skills", Path("skills/pdf/SKILL.md")) == "pdf"


def _rule(slug: str, *, renamed: bool = False) -> ParsedRule:
    return ParsedRule(Path(slug), (), slug, slug, "", "body", renamed=renamed)


def test_ids_are_prefixed_unique_and_exact_names_win() -> None:
    rules = [_rule("medusa", renamed=True), _rule("medusa"), _rule("medusa"), _rule("go")]
    assert allocate_ids("cursor", rules) == [
        "cursor.medusa-3",
        "cursor.medusa",
        "cursor.medusa-2",
        "cursor.go",
    ]


def test_long_names_give_valid_ids_even_with_a_suffix() -> None:
    rules = [_rule("a" * 300), _rule("a" * 300)]
    for talent_id in allocate_ids("agent-skills", rules):
        assert check_talent_id(talent_id).startswith("skill.aaa")


def test_parse_rule_reasons() -> None:
    with pytest.raises(ImportRulesError, match="empty file"):
        parse_rule("cursor", Path("a.mdc"), " \n", ())
    with pytest.raises(ImportRulesError, match="empty body"):
        parse_rule("cursor", Path("a.mdc"), "---\ndescription: x\n---\n\n", ())
    with pytest.raises(ImportRulesError, match="no usable name"):
        parse_rule("agent-skills", Path("技能/SKILL.md"), "---\nname: 技能\n---\nbody", ())


# --- key terms and globs ---------------------------------------------------------------------


def test_key_terms_drop_stop_and_generic_words() -> None:
    text = "Guidelines and best practices for using code files with Kubernetes Helm charts."
    assert key_terms(text) == ("kubernetes", "helm", "charts")


def test_key_terms_drop_the_verbs_of_everyday_work_in_every_inflection() -> None:
    text = "Use when creating, editing, or generating draw.io diagram files (.drawio, .drawio.svg)."
    assert key_terms(text) == ("draw.io", "diagram", "drawio", "drawio.svg")
    # a kind of work is a subject, and an editor is a thing, not the verb
    assert key_terms("Refactoring and debugging with the Monaco editor") == (
        "refactoring", "debugging", "monaco", "editor")


def test_key_terms_drop_french_stop_words_and_fold_accents() -> None:
    terms = key_terms("Règles pour le déploiement des conteneurs avec Docker")
    assert terms == ("deploiement", "conteneurs", "docker")


def test_key_terms_keep_acronyms_and_rank_rare_words_first() -> None:
    texts = ["Build MCP servers in Python", "Python testing", "Python typing"]
    frequency = document_frequency(texts)
    terms = key_terms(texts[0], frequency=frequency, documents=len(texts))
    assert terms[:2] == ("mcp", "servers")
    assert terms[-1] == "python"


def test_key_terms_are_at_most_eight() -> None:
    text = " ".join(f"term{chr(97 + i)}alpha" for i in range(20))
    assert len(key_terms(text)) == 8


@pytest.mark.parametrize(
    ("patterns", "languages", "kinds"),
    [
        (["**/*.ts"], ("typescript",), ("typescript",)),
        (["*.py"], ("python",), ("python",)),
        (["src/**/*.rs", "Cargo.toml"], ("rust",), ("rust",)),
        (["**/*.{ts,tsx,js}"], ("typescript", "javascript"), ("typescript", "javascript")),
        (["**/*.md"], (), ("markdown",)),
        (["Dockerfile", "docker-compose*.yml"], (), ("docker",)),
        (["**/*", "**", "*"], (), ()),
    ],
)
def test_pattern_facts(
    patterns: list[str], languages: tuple[str, ...], kinds: tuple[str, ...]
) -> None:
    facts = pattern_facts(patterns)
    assert facts.languages == languages
    assert facts.kinds == kinds


def test_render_talent_reports_an_invalid_manifest() -> None:
    bodies: dict[Depth, str] = {"compact": "c", "standard": "s", "full": "f"}
    manifest = {"id": "x.y", "name": "n", "version": "imported", "type": "nonsense", "summary": "s"}
    with pytest.raises(ImportRulesError, match="type"):
        render_talent(manifest, bodies)
    manifest["type"] = "practice"
    files = render_talent(manifest, bodies, header="# from test\n")
    assert files["talent.yaml"].startswith("# from test\nid: x.y\n")
    assert files["full.md"] == "f\n"
