"""The lenient front-matter reader on the messy cases real rule files carry."""

from __future__ import annotations

import yaml
from hypothesis import given
from hypothesis import strategies as st

from grace.resolution.adapters.importers.frontmatter import (
    read_front_matter,
    split_front_matter,
    split_patterns,
)


def test_valid_yaml_is_read_strictly() -> None:
    front = read_front_matter("---\nname: pdf\ndescription: Read PDF files.\n---\n# PDF\n")
    assert front.present and not front.lenient
    assert front.fields == {"name": "pdf", "description": "Read PDF files."}
    assert front.body == "# PDF\n"


def test_unquoted_glob_that_yaml_rejects_as_an_alias() -> None:
    text = '---\ndescription: "React rules"\nglobs: **/*.ts\nalwaysApply: false\n---\nBody\n'
    front = read_front_matter(text)
    assert front.lenient
    assert front.fields == {
        "description": "React rules",
        "globs": ["**/*.ts"],
        "alwaysApply": False,
    }
    assert front.body == "Body\n"


def test_unquoted_comma_separated_globs_become_a_list() -> None:
    front = read_front_matter("---\nglobs: *.tsx, *.ts\n---\nx")
    assert front.lenient
    assert front.fields["globs"] == ["*.tsx", "*.ts"]


def test_commas_inside_braces_do_not_split_a_glob() -> None:
    front = read_front_matter("---\nglobs: **/*.{ts,tsx},src/**/*.js\n---\nx")
    assert front.fields["globs"] == ["**/*.{ts,tsx}", "src/**/*.js"]


def test_quoted_list_of_globs_is_read_by_yaml() -> None:
    front = read_front_matter('---\nglobs: ["**/*.ts", "**/*.tsx"]\n---\nx')
    assert not front.lenient
    assert front.fields["globs"] == ["**/*.ts", "**/*.tsx"]


def test_unquoted_flow_list_falls_back_and_still_gives_a_list() -> None:
    front = read_front_matter("---\nglobs: [**/*.ts, **/*.tsx]\n---\nx")
    assert front.lenient
    assert front.fields["globs"] == ["**/*.ts", "**/*.tsx"]


def test_copilot_apply_to_string_is_split_even_when_yaml_is_valid() -> None:
    front = read_front_matter('---\napplyTo: "**/*.cs, **/*.csproj"\n---\nx')
    assert not front.lenient
    assert front.fields["applyTo"] == ["**/*.cs", "**/*.csproj"]


def test_always_apply_true_is_a_bool_in_both_readers() -> None:
    strict = read_front_matter("---\nalwaysApply: true\n---\nx")
    lenient = read_front_matter("---\nglobs: **/*\nalwaysApply: true\n---\nx")
    assert strict.fields["alwaysApply"] is True and not strict.lenient
    assert lenient.fields["alwaysApply"] is True and lenient.lenient


def test_crlf_newlines() -> None:
    text = "---\r\ndescription: Go rules\r\nglobs: **/*.go\r\n---\r\nLine 1\r\nLine 2\r\n"
    front = read_front_matter(text)
    assert front.fields == {"description": "Go rules", "globs": ["**/*.go"]}
    assert front.body == "Line 1\nLine 2\n"


def test_bom_before_the_front_matter() -> None:
    front = read_front_matter("\ufeff---\nname: x\n---\nbody")
    assert front.present
    assert front.fields == {"name": "x"}
    assert front.body == "body"


def test_no_front_matter_gives_the_whole_text_as_body() -> None:
    front = read_front_matter("# Title\n\nSome text.\n")
    assert not front.present and front.fields == {}
    assert front.body == "# Title\n\nSome text.\n"


def test_unterminated_front_matter_is_body() -> None:
    text = "---\nname: x\nno closing line\n"
    assert split_front_matter(text) == (None, text)
    assert read_front_matter(text).fields == {}


def test_empty_file_and_empty_front_matter() -> None:
    assert read_front_matter("").body == ""
    assert read_front_matter("").fields == {}
    front = read_front_matter("---\n---\nbody")
    assert front.present and front.fields == {} and front.body == "body"


def test_lenient_reader_keeps_colons_in_values_and_strips_quotes() -> None:
    text = "---\ndescription: 'Rules: React + TS'\nglobs: *.ts\nnote: see https://x.dev/a\n---\n"
    front = read_front_matter(text)
    assert front.lenient
    assert front.fields["description"] == "Rules: React + TS"
    assert front.fields["note"] == "see https://x.dev/a"


def test_lenient_reader_reads_block_lists_and_continuations() -> None:
    text = "---\nglobs:\n  - **/*.py\n  - *.pyi\ndescription: first\n  second\n---\n"
    front = read_front_matter(text)
    assert front.lenient
    assert front.fields["globs"] == ["**/*.py", "*.pyi"]
    assert front.fields["description"] == "first second"


def test_yaml_that_is_not_a_mapping_falls_back_to_lines() -> None:
    front = read_front_matter("---\n- a\n- b\n---\nbody")
    assert front.lenient and front.fields == {}
    assert front.body == "body"


def test_empty_and_null_globs_are_empty_lists() -> None:
    assert read_front_matter('---\nglobs: ""\n---\nx').fields["globs"] == []
    assert read_front_matter("---\nglobs:\n---\nx").fields["globs"] == []


def test_split_patterns() -> None:
    assert split_patterns("") == []
    assert split_patterns(' "*.tsx" , *.ts ,, ') == ["*.tsx", "*.ts"]
    assert split_patterns("[a/*.{c,h}, b]") == ["a/*.{c,h}", "b"]


_KEYS = st.sampled_from(["name", "description", "globs", "applyTo", "alwaysApply", "title"])
_VALUES = st.one_of(
    st.text(max_size=30),
    st.booleans(),
    st.lists(st.text(alphabet="abc*./{},", max_size=8), max_size=3),
)


@given(st.text(max_size=300))
def test_any_text_is_read_without_error(text: str) -> None:
    front = read_front_matter(text)
    for key in ("globs", "applyTo"):
        if key in front.fields:
            assert isinstance(front.fields[key], list)


@given(st.dictionaries(_KEYS, _VALUES, max_size=5), st.text(max_size=50))
def test_valid_yaml_front_matter_round_trips(fields: dict[str, object], body: str) -> None:
    block = yaml.safe_dump(fields, allow_unicode=True) if fields else ""
    front = read_front_matter(f"---\n{block}---\n{body}")
    assert front.present and not front.lenient
    assert set(front.fields) == set(fields)
    # The oracle is what YAML itself reads back: PyYAML does not round-trip every character
    # (a lone '\x85' comes back as a space), and the reader must agree with YAML, not beat it.
    expected = yaml.safe_load(block) if block else {}
    for key, value in expected.items():
        if key not in ("globs", "applyTo"):
            assert front.fields[key] == value
