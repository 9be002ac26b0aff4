"""import_rules on small synthetic rule files written to tmp_path, one test per behaviour."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
import yaml

from grace.errors import ImportRulesError
from grace.resolution.adapters.filesystem_catalog import FilesystemCatalog, load_talent
from grace.resolution.adapters.importers.rule_files import detect_rule_format
from grace.resolution.adapters.importers.rules import import_rules
from grace.resolution.domain.talent import ROLES

SKILL = """---
name: Mermaid Diagrams!
description: >
  Draw flowcharts and sequence diagrams with Mermaid when documenting
  architecture. Use this skill whenever diagrams are requested.
license: MIT
---

# Mermaid diagrams

Intro paragraph.

## When to use

- The user asks for a flowchart
- A sequence diagram explains a protocol

## Syntax

```mermaid
flowchart LR
## not a heading
a --> b
```

## Pitfalls

Keep labels short.
"""

CURSOR = """---
description: Cursor rules for React development with TypeScript and Zustand integration.
globs: **/*.ts, **/*.tsx
alwaysApply: true
---

# React + Zustand rules

- Use functional components with hooks
- Keep stores small
"""

COPILOT = """\ufeff---\r
description: 'Python coding conventions: typing, pytest and packaging'\r
applyTo: '**/*.py, pyproject.toml'\r
---\r
\r
# Python\r
\r
## Typing\r
\r
Annotate every public function.\r
"""


def _write(path: Path, text: str | bytes) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    if isinstance(text, bytes):
        path.write_bytes(text)
    else:
        path.write_bytes(text.encode("utf-8"))
    return path


def _manifest(folder: Path) -> dict[str, object]:
    data = yaml.safe_load((folder / "talent.yaml").read_text(encoding="utf-8"))
    assert isinstance(data, dict)
    return data


def test_agent_skill(tmp_path: Path) -> None:
    src = tmp_path / "skills"
    _write(src / "community" / "mermaid" / "SKILL.md", SKILL)
    report = import_rules("agent-skills", src, tmp_path / "catalog")
    assert report.failed == () and report.found == 1
    (rule,) = report.imported
    assert rule.id == "skill.mermaid-diagrams"
    talent = load_talent(rule.folder)
    assert talent.name == "Mermaid Diagrams!"
    assert talent.type == "practice" and talent.version == "imported"
    assert talent.summary.startswith("Draw flowcharts and sequence diagrams with Mermaid")
    assert "\n" not in talent.summary
    assert {"imported", "skill", "community"} <= set(talent.tags)
    assert "mermaid diagrams" in talent.triggers and "flowcharts" in talent.triggers
    assert "code" not in talent.triggers and "skill" not in talent.triggers
    assert dict(talent.agents) == dict.fromkeys(ROLES, "optional")
    assert talent.priority == 50 and dict(talent.token_budget) == {}
    assert [(s.name, s.when) for s in talent.sections] == [
        ("when-to-use", "When to use"),
        ("syntax", "Syntax"),
        ("pitfalls", "Pitfalls"),
    ]
    assert talent.bodies["full"].startswith("# Mermaid diagrams")
    assert talent.bodies["compact"].endswith(
        "- The user asks for a flowchart\n- A sequence diagram explains a protocol"
    )
    assert "license" not in _manifest(rule.folder)


def test_cursor_rule_with_unquoted_globs(tmp_path: Path) -> None:
    src = tmp_path / ".cursor" / "rules"
    _write(src / "react-zustand-cursorrules-prompt-file.mdc", CURSOR)
    report = import_rules("cursor", src, tmp_path / "catalog")
    (rule,) = report.imported
    assert rule.id == "cursor.react-zustand"
    talent = load_talent(rule.folder)
    assert talent.name == "React Zustand"  # the file name in words, never the body's heading
    assert talent.languages == ("typescript",)
    assert talent.paths == ("**/*.ts", "**/*.tsx") and talent.always is True
    assert {"typescript", "always-apply", "cursor"} <= set(talent.tags)
    assert talent.triggers[:4] == ("typescript", "ts", "tsx", "react zustand")
    assert "zustand" in talent.triggers and "react" in talent.triggers
    assert talent.sections == ()


def test_copilot_instructions_with_bom_and_crlf(tmp_path: Path) -> None:
    path = _write(tmp_path / "python.instructions.md", COPILOT)
    report = import_rules("copilot", path, tmp_path / "catalog")
    (rule,) = report.imported
    assert rule.id == "copilot.python" and rule.path == path
    talent = load_talent(rule.folder)
    assert talent.type == "convention"
    assert talent.name == "Python"
    assert talent.summary == "Python coding conventions: typing, pytest and packaging"
    assert talent.languages == ("python",)
    assert talent.paths == ("**/*.py", "pyproject.toml") and talent.always is False
    assert {"python", "py", "typing", "pytest", "packaging"} <= set(talent.triggers)
    assert [s.name for s in talent.sections] == ["typing"]
    assert "\r" not in (rule.folder / "full.md").read_text(encoding="utf-8")
    header = (rule.folder / "talent.yaml").read_text(encoding="utf-8").splitlines()[0]
    assert header == "# Imported by grace (copilot) from tmp0/python.instructions.md".replace(
        "tmp0", tmp_path.name
    )


def test_same_names_get_suffixes_in_path_order(tmp_path: Path) -> None:
    src = tmp_path / "skills"
    for collection in ("b", "a", "c"):
        _write(src / collection / "pdf" / "SKILL.md", "---\nname: pdf\ndescription: PDF\n---\nBody")
    first = import_rules("agent-skills", src, tmp_path / "one")
    second = import_rules("agent-skills", src, tmp_path / "two")
    pairs = [(r.path.relative_to(src).as_posix(), r.id) for r in first.imported]
    assert pairs == [
        ("a/pdf/SKILL.md", "skill.pdf"),
        ("b/pdf/SKILL.md", "skill.pdf-2"),
        ("c/pdf/SKILL.md", "skill.pdf-3"),
    ]
    assert [r.id for r in second.imported] == [r.id for r in first.imported]


def test_existing_talent_of_another_source_is_not_overwritten_unless_asked(
    tmp_path: Path,
) -> None:
    rule = "---\ndescription: Go rules\nglobs: **/*.go\n---\nUse gofmt."
    src = _write(tmp_path / "rules" / "go.mdc", rule)
    dest = tmp_path / "catalog"
    import_rules("cursor", src, dest)
    other = _write(tmp_path / "other" / "go.mdc", rule)  # another rule file, the same id
    stray = dest / "cursor.go" / "notes.txt"
    stray.write_text("kept?", encoding="utf-8")
    refused = import_rules("cursor", other, dest)
    assert refused.imported == ()
    (failure,) = refused.failed
    assert failure.path == other and "already exists" in failure.reason
    assert stray.exists()
    _write(other, "---\ndescription: Go rules v2\nglobs: **/*.go\n---\nUse gofmt and vet.")
    replaced = import_rules("cursor", other, dest, overwrite=True)
    assert [(r.id, r.change) for r in replaced.imported] == [("cursor.go", "added")]
    assert not stray.exists()
    assert load_talent(dest / "cursor.go").summary == "Go rules v2"
    assert [p.name for p in dest.iterdir()] == ["cursor.go"]


def test_reimporting_the_same_source_updates_in_place_and_reports_changes(
    tmp_path: Path,
) -> None:
    src = tmp_path / "rules"
    _write(src / "go.mdc", "---\ndescription: Go rules\nglobs: **/*.go\n---\nUse gofmt.")
    _write(src / "py.mdc", "---\ndescription: Python rules\nglobs: **/*.py\n---\nUse ruff.")
    dest = tmp_path / "catalog"
    first = import_rules("cursor", src, dest)
    assert {r.id: r.change for r in first.imported} == {"cursor.go": "added", "cursor.py": "added"}
    before = (dest / "cursor.py" / "talent.yaml").stat().st_mtime_ns
    same = import_rules("cursor", src, dest)
    assert {r.change for r in same.imported} == {"unchanged"} and same.failed == ()
    assert (dest / "cursor.py" / "talent.yaml").stat().st_mtime_ns == before  # not rewritten
    _write(src / "go.mdc", "---\ndescription: Go rules v2\nglobs: **/*.go\n---\nUse vet.")
    (src / "py.mdc").unlink()
    _write(src / "rs.mdc", "---\ndescription: Rust rules\nglobs: **/*.rs\n---\nUse clippy.")
    again = import_rules("cursor", src, dest)
    assert {r.id: r.change for r in again.imported} == {
        "cursor.go": "updated", "cursor.rs": "added"
    }
    assert [(r.id, r.source) for r in again.removed_from_source] == [("cursor.py", "py.mdc")]
    assert load_talent(dest / "cursor.go").summary == "Go rules v2"
    assert (dest / "cursor.py").is_dir()  # removed from the source, left for the user
    counts = again.to_dict()
    assert (counts["added"], counts["updated"], counts["unchanged"]) == (1, 1, 0)
    assert counts["removed_from_source_count"] == 1


def test_bad_files_are_listed_and_the_rest_lands(tmp_path: Path) -> None:
    src = tmp_path / "rules"
    _write(src / "good.mdc", CURSOR)
    _write(src / "latin1.mdc", "---\ndescription: caf\xe9\n---\nbody".encode("latin-1"))
    _write(src / "empty-body.mdc", "---\ndescription: nothing\nglobs: **/*\n---\n\n")
    _write(src / "empty.mdc", "")
    _write(src / "huge.mdc", "x" * 2_000_001)
    _write(src / "notes.md", "not a rule")
    progress: list[tuple[int, int]] = []
    report = import_rules(
        "cursor", src, tmp_path / "catalog", on_progress=lambda d, t: progress.append((d, t))
    )
    assert [r.id for r in report.imported] == ["cursor.good"]
    reasons = {f.path.name: f.reason for f in report.failed}
    assert set(reasons) == {"latin1.mdc", "empty-body.mdc", "empty.mdc", "huge.mdc"}
    assert reasons["latin1.mdc"].startswith("not UTF-8")
    assert reasons["empty-body.mdc"].startswith("empty body")
    assert reasons["empty.mdc"] == "empty file"
    assert reasons["huge.mdc"].startswith("too large")
    assert (report.found, report.imported_count, report.failed_count) == (5, 1, 4)
    assert progress == [(i, 5) for i in range(1, 6)]
    catalog = FilesystemCatalog(tmp_path / "catalog")
    assert [t.id for t in catalog.talents()] == ["cursor.good"] and catalog.problems() == []


@pytest.mark.skipif(not hasattr(os, "symlink"), reason="no symbolic links on this platform")
def test_symbolic_links_are_not_followed(tmp_path: Path) -> None:
    outside = tmp_path / "outside"
    _write(outside / "secret.instructions.md", "---\napplyTo: '**'\n---\nsecret")
    src = tmp_path / "src"
    _write(src / "real.instructions.md", "---\ndescription: real\n---\nbody")
    (src / "linked-folder").symlink_to(outside, target_is_directory=True)
    (src / "linked.instructions.md").symlink_to(outside / "secret.instructions.md")
    report = import_rules("copilot", src, tmp_path / "catalog")
    assert [r.id for r in report.imported] == ["copilot.real"] and report.failed == ()


def test_missing_or_empty_sources_are_errors(tmp_path: Path) -> None:
    with pytest.raises(ImportRulesError, match="no such file"):
        import_rules("cursor", tmp_path / "nope", tmp_path / "catalog")
    (tmp_path / "empty").mkdir()
    with pytest.raises(ImportRulesError, match=r"no \*\.mdc file"):
        import_rules("cursor", tmp_path / "empty", tmp_path / "catalog")
    wrong = _write(tmp_path / "readme.md", "# not a rule")
    with pytest.raises(ImportRulesError, match=r"SKILL\.md"):
        import_rules("agent-skills", wrong, tmp_path / "catalog")
    with pytest.raises(ImportRulesError, match="unknown rule format"):
        import_rules("windsurf", tmp_path, tmp_path / "catalog")  # type: ignore[arg-type]
    assert not (tmp_path / "catalog").exists()


def test_long_body_depths(tmp_path: Path) -> None:
    sections = "\n\n".join(
        f"## Topic {i}\n\n" + "Sentence about the topic. " * 40 + "\n\n```py\nx = 1\n```"
        for i in range(100)
    )
    text = f"---\nname: big\ndescription: {'Long description. ' * 40}\n---\n\n{sections}"
    _write(tmp_path / "src" / "big" / "SKILL.md", text)
    (rule,) = import_rules("agent-skills", tmp_path / "src", tmp_path / "catalog").imported
    talent = load_talent(rule.folder)
    assert len(talent.summary) <= 300
    assert len(talent.bodies["compact"]) <= 400
    assert 1_000 < len(talent.bodies["standard"]) < 1_900
    assert talent.bodies["full"].endswith("[truncated]")
    assert len(talent.bodies["full"]) <= 60_100
    assert len(talent.sections) == 6


CLAUDE_RULE = """---
paths:
  - "src/api/**/*.ts"
  - "!src/api/**/*.test.ts"
---

# API rules

- Validate every request body with zod
"""


def test_claude_code_rule_keeps_its_paths(tmp_path: Path) -> None:
    _write(tmp_path / ".claude" / "rules" / "api-validation.md", CLAUDE_RULE)
    _write(tmp_path / ".claude" / "rules" / "README.md", "# not a rule\n\nx\n")
    report = import_rules("claude", tmp_path / ".claude" / "rules", tmp_path / "catalog")
    (rule,) = report.imported
    talent = load_talent(rule.folder)
    assert rule.id == "claude.api-validation" and talent.name == "Api Validation"
    assert talent.paths == ("src/api/**/*.ts", "!src/api/**/*.test.ts")
    assert talent.languages == ("typescript",) and talent.type == "convention"


def test_generic_summary_words_are_not_triggers(tmp_path: Path) -> None:
    src = tmp_path / "rules"
    for i in range(30):  # every summary says "validation"; each names its own library
        _write(src / f"lib{i}.mdc", f"---\ndescription: Validation rules for library{i:02d}x\n"
               f"---\n\nUse library{i:02d}x validation.\n")
    report = import_rules("cursor", src, tmp_path / "catalog")
    talent = load_talent(report.imported[0].folder)
    assert "validation" not in talent.triggers
    assert any(t.startswith("library") for t in talent.triggers)


def test_catch_all_globs_take_the_languages_of_the_name(tmp_path: Path) -> None:
    src = tmp_path / "rules"
    _write(src / "angular-typescript.mdc",
           "---\nglobs: **/*\nalwaysApply: true\n---\n\nUse signals.\n")
    _write(src / "go-to-market.mdc", "---\nglobs: **/*\n---\n\nLaunch plan.\n")
    report = import_rules("cursor", src, tmp_path / "catalog")
    langs = {r.id: load_talent(r.folder).languages for r in report.imported}
    assert langs == {"cursor.angular-typescript": ("typescript",), "cursor.go-to-market": ()}


def test_an_agent_skill_named_after_a_framework_in_two_words_takes_its_language(
        tmp_path: Path) -> None:
    """``ef-core`` (Entity Framework Core, with no language of its own in its front matter) is
    a C# skill: it was offered to a FastAPI project's SQL task as "also relevant"."""
    src = tmp_path / "skills"
    _write(src / "ef-core" / "SKILL.md", "---\nname: ef-core\ndescription: Get best practices "
           "for Entity Framework Core\n---\n\nUse DbContext pooling.\n")
    (rule,) = import_rules("agent-skills", src, tmp_path / "catalog").imported
    assert load_talent(rule.folder).languages == ("csharp",)


def test_a_rule_named_after_one_language_is_that_language_s(tmp_path: Path) -> None:
    """``cursor.cpp`` (modern C++: RAII, exceptions, smart pointers) globs ``**/*.c`` too: it is
    C++'s rule, not a C firmware's (served on nine of a new user's STM32 tasks; decision 0010,
    twenty-fourth follow-up); a rule named after no language keeps its globs' languages."""
    src = tmp_path / "rules"
    _write(src / "cpp.mdc", '---\nglobs: "**/*.c, **/*.cpp, **/*.h"\n---\n\nUse RAII.\n')
    _write(src / "embedded-hal.mdc", '---\nglobs: "**/*.c, **/*.cpp"\n---\n\nNo malloc.\n')
    report = import_rules("cursor", src, tmp_path / "catalog")
    talents = {r.id: load_talent(r.folder) for r in report.imported}
    assert talents["cursor.cpp"].languages == ("cpp",)
    assert "c" not in talents["cursor.cpp"].triggers
    assert talents["cursor.embedded-hal"].languages == ("c", "cpp")


def test_the_grace_mapping_of_an_export_gives_the_id_and_languages(tmp_path: Path) -> None:
    """``grace export`` writes ``grace: {"id": …, "languages": […]}``: honoured first (before
    names derived from files), duplicates suffixed, malformed ones fail that file only; a
    lenient front matter (``globs: **/*.ts`` is not YAML) still gives the mapping."""
    src = tmp_path / "rules"
    mapping = 'grace: {"id": "copilot.a11y", "languages": []}'
    _write(src / "a11y.mdc", f"---\nname: A11y\n{mapping}\n---\nBe accessible.")
    _write(src / "z-copy.mdc", f"---\n{mapping}\n---\nSame id again.")
    _write(src / "copilot-a11y.mdc", "---\nglobs: **/*.ts\n"
           'grace: {"id": "team.style", "languages": ["Python"]}\n---\nStyle.')
    long_id = "team." + "x" * 123  # 128 characters: kept whole, cut only to add a suffix
    _write(src / "long-1.mdc", f'---\ngrace: {{"id": "{long_id}"}}\n---\nBody.')
    _write(src / "long-2.mdc", f'---\ngrace: {{"id": "{long_id}"}}\n---\nBody.')
    _write(src / "bad-id.mdc", '---\ngrace: {"id": "../x"}\n---\nBody.')
    _write(src / "bad-langs.mdc", '---\ngrace: {"languages": "python"}\n---\nBody.')
    report = import_rules("cursor", src, tmp_path / "catalog")
    ids = {r.path.name: r.id for r in report.imported}
    assert ids == {"a11y.mdc": "copilot.a11y", "z-copy.mdc": "copilot.a11y-2",
                   "copilot-a11y.mdc": "team.style", "long-1.mdc": long_id,
                   "long-2.mdc": long_id[:124] + "-2"}
    reasons = {f.path.name: f.reason for f in report.failed}
    assert "grace.id" in reasons["bad-id.mdc"] and "languages" in reasons["bad-langs.mdc"]
    talents = {t.id: t for t in FilesystemCatalog(tmp_path / "catalog").talents()}
    assert talents["copilot.a11y"].languages == () and talents["copilot.a11y"].name == "A11y"
    assert talents["team.style"].languages == ("python",)  # not typescript, from the glob
    assert talents["team.style"].paths == ("**/*.ts",)


def test_a_rule_for_one_side_of_a_web_application_is_not_for_the_other_s_role(
    tmp_path: Path,
) -> None:
    """A back-end agent of a Django + React monorepo was served the TanStack Query rules, a
    front-end one the Spring Boot testing rules: the importer now drops the other side's
    role from ``agents`` (decision 0010, thirteenth follow-up)."""
    src = tmp_path / "rules"
    rules = {
        "react-zustand.mdc": "React Zustand", "tanstack-query-v5.mdc": "TanStack Query v5",
        "python-fastapi.mdc": "Python FastAPI", "htmx-django.mdc": "HTMX Django",
        "nextjs-react.mdc": "Next.js React", "python.mdc": "Python",
        "svelte.mdc": "Svelte", "sveltekit-guide.mdc": "SvelteKit guide",
    }
    for name, title in rules.items():
        _write(src / name, f"---\ndescription: {title} rules.\nglobs: '**/*'\n---\n\n"
                           f"# {title}\n\nWrite good code.\n")
    (_write(src / "styles.mdc", "---\ndescription: Stylesheet rules.\nglobs: '**/*.scss'\n---"
            "\n\nUse variables.\n"))
    report = import_rules("cursor", src, tmp_path / "catalog")
    roles = {r.id: set(load_talent(r.folder).agents) for r in report.imported}
    everyone = set(ROLES)
    assert roles["cursor.react-zustand"] == everyone - {"backend"}
    assert roles["cursor.tanstack-query-v5"] == everyone - {"backend"}  # a browser library
    assert roles["cursor.styles"] == everyone - {"backend"}  # style sheets only
    assert roles["cursor.python-fastapi"] == everyone - {"frontend"}
    assert roles["cursor.htmx-django"] == everyone  # pages rendered by the server
    assert roles["cursor.nextjs-react"] == everyone  # a full-stack framework
    assert roles["cursor.python"] == everyone
    # Svelte is the browser's; SvelteKit, or a rule that says "full-stack", is both sides'
    assert roles["cursor.svelte"] == everyone - {"backend"}
    assert roles["cursor.sveltekit-guide"] == everyone
    _write(src / "svelte.mdc", "---\ndescription: Svelte 5 and SvelteKit 2 standards for "
                               "full-stack applications.\nglobs: '**/*.svelte'\n---\n\n"
                               "Use runes.\n")
    report = import_rules("cursor", src, tmp_path / "catalog", overwrite=True)
    roles = {r.id: set(load_talent(r.folder).agents) for r in report.imported}
    assert roles["cursor.svelte"] == everyone


def test_the_format_is_read_from_the_files_names(tmp_path: Path) -> None:
    """``grace catalog import`` without ``--format``: a source of one kind of rule file says
    its format; one of several kinds, or of none, is refused with what it holds."""
    _write(tmp_path / "cursor" / "a.mdc", "---\ndescription: A\n---\nBody.")
    _write(tmp_path / "cursor" / "nested" / "b.mdc", "---\ndescription: B\n---\nBody.")
    _write(tmp_path / "cursor" / "README.md", "# not a rule")
    assert detect_rule_format(tmp_path / "cursor") == ("cursor", 2)
    assert detect_rule_format(tmp_path / "cursor" / "a.mdc") == ("cursor", 1)
    _write(tmp_path / "skills" / "pdf" / "SKILL.md", "---\nname: pdf\n---\nBody.")
    assert detect_rule_format(tmp_path / "skills") == ("agent-skills", 1)
    _write(tmp_path / "cursor" / "x.instructions.md", "Body.")
    with pytest.raises(ImportRulesError, match=r"several formats: 2 \*\.mdc \(cursor\), "
                       r"1 \*\.instructions\.md \(copilot\)"):
        detect_rule_format(tmp_path / "cursor")
    _write(tmp_path / "claude" / "style.md", "Use tabs.")
    with pytest.raises(ImportRulesError, match="give --format claude"):
        detect_rule_format(tmp_path / "claude")
    with pytest.raises(ImportRulesError, match="no such file or folder"):
        detect_rule_format(tmp_path / "missing")

