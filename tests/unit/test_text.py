import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from grace.resolution.domain.text import (
    code_terms,
    slugify,
    speaks_of_ours,
    split_sections,
    triggers_found,
)
from grace.text import compounds, fold, words


def test_fold_removes_accents_and_case():
    assert fold("Déploiement ÉTÉ") == "deploiement ete"
    assert fold("plain ASCII") == "plain ascii"  # the fast path
    assert fold("ﬁchier Ｔｅｓｔ ² naïve 🙂") == "fichier test 2 naive 🙂"


@given(st.text())
@example("a\u0308\u0301b İstanbul ß ǅ")
def test_fold_is_nfkd_without_combining_marks(text: str) -> None:
    """The fast paths (ASCII; one lookup per distinct character) give the definition's text."""
    import unicodedata

    decomposed = unicodedata.normalize("NFKD", text.lower())
    assert fold(text) == "".join(c for c in decomposed if not unicodedata.combining(c))


def test_slugify():
    assert slugify("## Exemple TypeScript !") == "exemple-typescript"


def test_split_sections_ignores_headings_in_code_fences_and_dedupes():
    body = "intro\n## Un\ntext\n```\n## not a heading\n```\n## Un\nmore\n"
    sections = split_sections(body)
    assert list(sections) == ["un", "un-2"]
    assert "## not a heading" in sections["un"]
    assert sections["un-2"].endswith("more")


def test_triggers_match_words_not_substrings_and_fold_accents():
    triggers = ("use case", "dépôt", "port", "API")
    assert triggers_found("Ajouter le use-case UpdateProject au depot", triggers) == (
        "use case",
        "dépôt",
    )
    assert triggers_found("Support the report export", triggers) == ()
    assert triggers_found("expose an api endpoint", triggers) == ("API",)


def test_words_are_folded_alphanumeric_runs():
    assert words("Dépôt SQL, v2 ! l'API_REST") == ["depot", "sql", "v2", "l", "api", "rest"]
    assert words("") == [] and words("— …") == []


@given(
    st.lists(st.text(alphabet="abé -_Xy1", min_size=0, max_size=8), min_size=1, max_size=6),
    st.text(alphabet="abé -_Xy1.", max_size=30),
)
def test_trigger_prefilter_never_changes_the_answer(triggers, task):
    """The first-word check that skips compiling a trigger's pattern only skips non-matches."""
    from grace.resolution.domain.text import _trigger_pattern, triggers_in_folded

    folded = fold(task)
    by_pattern = tuple(t for t in triggers if t.strip() and _trigger_pattern(t).search(folded))
    assert triggers_in_folded(folded, tuple(triggers)) == by_pattern


def test_label_lines_skip_blanks_and_comments_and_bound_the_file(tmp_path):
    from grace.text import label_lines

    path = tmp_path / "labels.jsonl"
    path.write_text('# a comment\n\n{"id": 1}\n  # indented comment\n{"id": 2}\n', "utf-8")
    assert label_lines(path, max_lines=10, error=ValueError) == [(3, '{"id": 1}'),
                                                                  (5, '{"id": 2}')]
    with pytest.raises(ValueError, match="more than 4 lines"):
        label_lines(path, max_lines=4, error=ValueError)
    with pytest.raises(KeyError, match="cannot read"):
        label_lines(tmp_path / "missing.jsonl", max_lines=10, error=KeyError)
    path.write_bytes(b"\xff\xfe{")
    with pytest.raises(ValueError, match="cannot read"):
        label_lines(path, max_lines=10, error=ValueError)


@pytest.mark.parametrize(
    ("task", "terms"),
    [
        ("Fix getUserById in items.py", ("getUserById", "items.py")),
        ("Rename update_project, then call fetch_items()", ("fetch_items", "update_project")),
        ("Add GET /api/items/{id} with a 404", ("/api/items/{id}",)),
        ("Corrige le bug dans src/app/main", ("src/app/main",)),
        ("Use `useEffect` cleanup", ("useEffect",)),
        ("Add pagination to the list", ()),
        ("Ajoute la pagination à la liste des items", ()),
        ("input and/or output, e.g. a list, Python 3.11", ()),
        ("Vérifie que le job est dispatché avec Queue::fake", ("Queue::fake",)),
        ("Read it with std::fs and log $request", ("std::fs", "$request")),
        ("It costs $5 a month", ()),
        ("Someone pushed the .env; tasks call .Result and deadlock", (".env", ".Result")),
        ("End of the sentence. Next one, version 2.0.1", ()),
        # a one-letter "call" is notation, not code; a call of two letters is code
        ("What does O(n log n) mean? And f(x) = 2x?", ()),
        ("Why does go(ctx) block?", ("go",)),
    ],
)
def test_code_terms_are_identifiers_calls_routes_paths_and_file_names(task, terms):
    assert code_terms(task) == terms


@given(st.text(max_size=300))
def test_code_terms_never_fail_and_are_bounded(task):
    assert len(code_terms(task)) <= 16


@pytest.mark.parametrize(
    ("task", "ours"),
    [
        ("How should we fix this properly?", True),
        ("we've had 0.2 vs 20 mix-ups", True),
        ("Use our spacing scale", True),
        ("Ajoute un test à nos fixtures", True),
        ("What is the difference between TCP and UDP?", False),
        ("Explain what a mutex is and when I would use one", False),
        ("Deploy to the US East region", False),
        ("Trust the user input", False),
        ("How does authentication work in this app?", True),
        ("Which status should the API return for a duplicate email?", True),
        ("How does login work here?", True),
        ("Comment fonctionne l'authentification dans cette application ?", True),
        ("What is the difference between a stack and a queue?", False),
    ],
)
def test_a_task_speaks_of_ours_by_a_first_person_plural_or_pointing_at_it(task, ours):
    assert speaks_of_ours(task) is ours


@given(
    st.dictionaries(
        st.sampled_from(["a.one", "a.two", "b.three", "c.four"]),
        st.lists(st.text(alphabet="abé -_Xy1\u0301", min_size=0, max_size=8), max_size=5)
        .map(tuple),
        max_size=4,
    ),
    st.text(alphabet="abé -_Xy1.", max_size=30),
)
@example({"a.one": ("\u0301", "a", "a")}, "a ")  # a trigger with no word once folded; repeats
def test_trigger_index_finds_what_each_talent_would(triggers, task):
    """The catalog-wide index gives every talent exactly ``triggers_in_folded`` (order, repeats,
    blank and wordless triggers included); talents with none are left out."""
    from grace.resolution.domain.text import TriggerIndex, triggers_in_folded

    folded = fold(task)
    expected = {tid: triggers_in_folded(folded, ts) for tid, ts in triggers.items()}
    found = TriggerIndex(triggers).found(folded)
    assert found == {tid: ts for tid, ts in expected.items() if ts}


FILLER = {f"z.filler{i}": (f"zq{i} x", f"qz{i}") for i in range(100)}


@given(
    st.dictionaries(
        st.sampled_from(["a.one", "a.two", "b.three", "c.four"]),
        st.lists(st.text(alphabet="abé -_Xy1\u0301.+#", min_size=0, max_size=8), max_size=5)
        .map(tuple),
        max_size=4,
    ),
    st.text(alphabet="abé -_Xy1.+#", max_size=40),
)
@example({"a.one": ("use case", ".net", "c#")}, "a use-case in .net and c# ")
def test_trigger_index_looks_up_where_triggers_can_start(triggers, task):
    """With a catalog of many first words the index looks up the places a trigger can start
    instead of testing each first word: the same triggers for every talent."""
    from grace.resolution.domain.text import TriggerIndex, triggers_in_folded

    triggers = {**FILLER, **triggers}
    folded = fold(task)
    index = TriggerIndex(triggers)
    assert len(index._by_first) >= 200  # the look-up path, not the substring scan
    expected = {tid: triggers_in_folded(folded, ts) for tid, ts in triggers.items()}
    assert index.found(folded) == {tid: ts for tid, ts in expected.items() if ts}


def test_compounds_join_hyphenated_words_as_names_spell_them():
    assert compounds("Write the blameless post-mortem, then the E-mail") == [
        "postmortem", "email"]
    assert compounds("Run pre-commit on server-side-rendered pages") == [
        "precommit", "serversiderendered"]
    assert compounds("utf-8, a - b, -flag, word-") == []  # digits and loose hyphens: none


@given(st.text(max_size=60))
def test_compounds_are_words_of_letters(text: str) -> None:
    for word in compounds(text):
        assert word.isalpha() and word.isascii() and word == fold(word)
