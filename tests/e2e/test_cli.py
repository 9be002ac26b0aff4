"""End-to-end: the installed ``grace`` command, in a subprocess, as a user runs it."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.fakes import project_with_a_leaking_talent

TASK = "Ajouter le use case UpdateProject et son repository SQL"


def grace(*args: str, cwd: Path | None = None, stdin: str | None = None,
          env: dict[str, str] | None = None, timeout: int = 120,
          ) -> subprocess.CompletedProcess[str]:
    full_env = {k: v for k, v in os.environ.items() if not k.startswith("GRACE_")}
    full_env.update(env or {})
    full_env["COLUMNS"] = (env or {}).get("COLUMNS", "200")
    # This checkout's sources, even when a test runs in another folder (PYTHONPATH=src is
    # relative: from tmp_path it would silently run whatever grace the venv has installed).
    src = str(Path(__file__).resolve().parents[2] / "src")
    full_env["PYTHONPATH"] = os.pathsep.join(
        [src, *(p for p in full_env.get("PYTHONPATH", "").split(os.pathsep) if p)]
    )
    return subprocess.run(
        [sys.executable, "-m", "grace", *args], capture_output=True, text=True, cwd=cwd,
        input=stdin, env=full_env, timeout=timeout,
    )


def test_resolve_example_markdown_and_json():
    md = grace("resolve", "--example", "-r", "backend", TASK)
    assert md.returncode == 0, md.stderr
    assert md.stdout.startswith("# GRACE context · facturation · role: backend")
    assert "`pattern.use-case`" in md.stdout and "## When to dig deeper" in md.stdout
    assert "talents served" in md.stderr
    js = grace("resolve", "--example", "-r", "backend", "-b", "1200", "--json", TASK)
    data = json.loads(js.stdout)
    assert data["tokens"] <= 1200 and data["token_budget"] == 1200
    assert data["served_ids"][0] in ("pattern.use-case", "backend.repository")
    reasons = {d["id"]: d["reason"] for d in data["dropped"]}
    assert reasons["observability.metrics"] == "draft"
    assert reasons["frontend.state"] == "role"
    assert reasons["security.input-validation"] == "not_enabled"
    assert "budget" in reasons.values()


def test_resolve_reads_the_task_from_stdin_and_fixed_depth():
    r = grace("resolve", "--example", "-r", "frontend", "-d", "compact", "--json", "-",
              stdin="Améliorer l'accessibilité du formulaire de facture au clavier")
    data = json.loads(r.stdout)
    assert {s["depth"] for s in data["served"]} == {"compact"}
    assert data["served_ids"][0] == "frontend.accessibility"


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["resolve", "--example", "-r", "designer", "x"], "unknown role 'designer'"),
        (["resolve", "--example", "-r", "Backnd", "x"],
         "unknown role 'Backnd'; did you mean 'backend'?"),
        (["resolve", "--example", "-r", "backend", "-b", "5", "x"], "token budget 5"),
        (["resolve", "--example", "-r", "backend", "-d", "deep", "x"], "Invalid value"),
        (["get", "--example", "../../etc/passwd"], "invalid talent id"),
        (["get", "--example", "backend.repositry"], "did you mean backend.repository"),
        (["get", "--example", "backend.repository", "--section", "../x"], "invalid section"),
        (["get", "--example", "backend.repository", "--section", "nope"], "no section 'nope'"),
        (["resolve", "-p", "/nonexistent", "-r", "backend", "x"], "no such folder: /nonexistent"),
        (["get", "--example", "[/]"], "invalid talent id '[/]'"),  # brackets are not markup
        (["resolve", "--example", "-r", "[red]x", "y"], "invalid role '[red]x'"),
        (["catalog", "list", "--example", "--role", "nobody"], "unknown role 'nobody'"),
        (["eval", "relevance"], "give a label file"),
    ],
)
def test_bad_input_is_a_clear_error_without_traceback(args, message):
    r = grace(*args)
    assert r.returncode == 2
    assert message in " ".join((r.stderr + r.stdout).split())
    assert "Traceback" not in r.stderr


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["resolve", "--example", "--json", "--bogus", "x"], "No such option: --bogus"),
        (["resolve", "--example", "--json", "-d", "huge", "-r", "backend", "x"],
         "'huge' is not one of 'compact', 'standard', 'full', 'auto'"),
        (["resolve", "--example", "--json", "x"], "Missing option '--role'"),
        (["doctor", "--json", "--nope"], "No such option: --nope"),
        # several files after one --files: the second file is an extra argument
        (["resolve", "--example", "--json", "-r", "backend", "--files", "app/a.py", "web/b.ts",
          "Fix the build"], "--files takes one path: repeat it for each file"),
    ],
)
def test_a_refused_command_line_with_json_prints_the_json_error_document(args, message):
    r = grace(*args)
    assert r.returncode == 2 and "Traceback" not in r.stderr
    assert "Value error" not in r.stderr + r.stdout  # pydantic's prefix, not the user's words
    document = json.loads(r.stdout)
    assert document["exit_code"] == 2 and document["error"]["type"] == "usage"
    assert message in document["error"]["message"]
    assert message.split(":")[0] in " ".join(r.stderr.split())  # the usual message, on stderr
    plain = grace(*[a for a in args if a != "--json"])
    assert plain.returncode == 2 and plain.stdout == ""


def test_a_task_that_is_not_utf8_is_refused_not_a_traceback():
    task = b"Corrige la requ\xeate lente".decode("utf-8", "surrogateescape")
    r = subprocess.run([sys.executable, "-m", "grace", "resolve", "--example", "-r", "backend",
                        "--json", task], capture_output=True, env={**os.environ, "PYTHONPATH":
                        str(Path(__file__).resolve().parents[2] / "src"), "GRACE_USAGE": "on"})
    assert r.returncode == 2 and b"Traceback" not in r.stderr
    assert json.loads(r.stdout)["error"]["type"] == "invalid-text"
    assert b"byte 0xEA at character 15" in r.stderr


def test_a_too_long_task_fails_before_the_model_is_loaded(tmp_path):
    # The openai embedder without a key fails when the talents are embedded: the task's length
    # must be refused first (with e5 that embedding took minutes on a real catalog).
    r = grace("resolve", "--example", "-r", "backend", "--relevance", "embeddings", "x" * 50_001,
              env={"GRACE_EMBEDDER": "openai", "OPENAI_API_KEY": "",
                   "GRACE_CACHE_DIR": str(tmp_path)})
    assert r.returncode == 2
    assert "task is 50001 characters long; the maximum is 50000" in r.stderr
    assert "Traceback" not in r.stderr

@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["-r", "designer"], "unknown role 'designer'"),
        (["-r", "backend", "-b", "2000000"], "token budget must be between 1 and 1000000"),
        (["-r", "backend", "--files", "app/a\x01.py"], "has a control character"),
    ],
)
def test_a_bad_role_budget_or_file_fails_before_the_model_is_loaded(tmp_path, args, message):
    # A model that cannot load: the warm-up would fail with its own error (with e5, after
    # embedding the catalog for minutes); the request's error must come first.
    r = grace("resolve", "--example", "--relevance", "embeddings", *args, "x",
              env={"GRACE_EMBEDDER": f"st:{tmp_path / 'no-model'}",
                   "GRACE_CACHE_DIR": str(tmp_path / "cache"), "GRACE_USAGE": "off"})
    assert r.returncode == 2
    assert message in r.stderr
    assert "sentence-transformers" not in r.stderr
    assert "Traceback" not in r.stderr



def test_a_long_error_message_stays_on_one_line(tmp_path):
    r = grace("init", str(tmp_path))  # no catalog: the message is over 200 characters
    assert r.returncode == 2
    (line,) = r.stderr.strip().splitlines()
    assert line.startswith("error: no talent catalog in") and len(line) > 200
    assert line.endswith("to try GRACE")


def test_get_depths_and_sections():
    full = json.loads(grace("get", "--example", "architecture.hexagonal", "--json").stdout)
    assert full["depth"] == "full" and full["sections"]
    section = full["sections"][0]
    one = grace("get", "--example", "architecture.hexagonal", "--section", section)
    assert one.returncode == 0 and one.stdout.startswith("## ")
    compact = grace("get", "--example", "architecture.hexagonal", "-d", "compact")
    assert len(compact.stdout) < len(full["text"])


def test_doctor_exits_non_zero_on_the_example():
    r = grace("doctor", "--example", "--json")
    assert r.returncode == 1
    data = json.loads(r.stdout)
    assert any(f["code"] == "missing_prerequisite" for f in data["findings"])
    assert data["errors"] >= 1


def test_init_then_resolve_and_doctor_in_a_new_repository(tmp_path):
    (tmp_path / "app.py").write_text("print('hi')\n")
    (tmp_path / "web").mkdir()
    (tmp_path / "web" / "main.ts").write_text("export {}\n")
    r = grace("init", ".", "--example", "-t", "architecture.hexagonal", "-t", "pattern.use-case",
              "-t", "pattern.port-adapter", "-t", "pattern.value-object",
              "-t", "architecture.dependency-rule", cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    text = (tmp_path / "grace.yaml").read_text()
    assert "python" in text and "typescript" in text
    again = grace("init", ".", "--example", cwd=tmp_path)
    assert again.returncode == 2 and "--force" in again.stderr
    res = grace("resolve", "-r", "architect", "--json", "Nouveau use case", cwd=tmp_path)
    assert set(json.loads(res.stdout)["served_ids"]) == {
        "architecture.hexagonal", "pattern.use-case", "pattern.port-adapter",
        "pattern.value-object", "architecture.dependency-rule",
    }
    assert grace("doctor", cwd=tmp_path).returncode == 0
    bad = grace("init", ".", "--example", "--force", "-t", "nope.nope", cwd=tmp_path)
    assert bad.returncode == 2 and "unknown talent" in bad.stderr


def test_catalog_list_filters():
    rows = json.loads(grace("catalog", "list", "--example", "--role", "frontend",
                            "--json").stdout)
    assert rows and all("frontend" in r["roles"] for r in rows)
    types = json.loads(grace("catalog", "list", "--example", "--type", "architecture",
                             "--json").stdout)
    assert {r["type"] for r in types} == {"architecture"}
    table = grace("catalog", "list", "--example", "--tag", "sql")
    assert table.returncode == 0


def test_invalid_manifest_is_reported_by_doctor_with_file_and_field(tmp_path):
    talent = tmp_path / "catalog" / "bad"
    talent.mkdir(parents=True)
    (talent / "talent.yaml").write_text(
        "id: bad\nname: Bad\nversion: 1\ntype: recipe\nsummary: s\nagents: {backend: required}\n"
    )
    (talent / "compact.md").write_text("x")
    (tmp_path / "grace.yaml").write_text("name: t\ncatalog: catalog\ntalents: {bad: true}\n")
    r = grace("doctor", "--json", cwd=tmp_path)
    data = json.loads(r.stdout)
    invalid = [f for f in data["findings"] if f["code"] == "invalid_manifest"]
    assert r.returncode == 1 and invalid
    assert "bad/talent.yaml" in invalid[0]["subject"] and "'type'" in invalid[0]["message"]


def test_a_body_linked_outside_the_catalog_is_never_printed(tmp_path):
    """Issue 14, fault 2: ``grace get`` and ``resolve`` printed a file outside the catalog."""
    project = project_with_a_leaking_talent(tmp_path)
    talent = project / "catalog" / "leak"
    (talent.parent / "linked").symlink_to(talent)
    got = grace("get", "leak", cwd=project)
    assert got.returncode == 2 and "SECRET" not in got.stdout + got.stderr
    assert "outside the catalog" in got.stderr and "Traceback" not in got.stderr
    res = grace("resolve", "-r", "backend", "x", cwd=project)
    assert "SECRET" not in res.stdout + res.stderr
    doc = grace("doctor", "--json", cwd=project)
    assert doc.returncode == 1
    subjects = {Path(f["subject"]).name: f["message"] for f in json.loads(doc.stdout)["findings"]
                if f["code"] == "invalid_manifest"}
    assert "outside the catalog" in subjects["compact.md"]
    assert "symbolic link" in subjects["linked"]


@pytest.mark.model
def test_resolve_with_relevance_and_explain_uses_the_real_model(tmp_path):
    r = grace("resolve", "--example", "-r", "architect", "--relevance", "embeddings",
              "--explain", "Implémenter le use case UpdateProject selon l'architecture hexagonale",
              env={"GRACE_CACHE_DIR": str(tmp_path)},
              timeout=900)  # a first embedding of the catalog: a safety net, not a target
    assert r.returncode == 0, r.stderr
    assert "closure" in r.stderr and "architecture.hexagonal" in r.stderr  # the table
    assert r.stdout.startswith("# GRACE context")
    assert (tmp_path / "vectors.sqlite").is_file()


def test_import_exit_codes_and_eval_label_errors(tmp_path):
    rule = tmp_path / "rules" / "x.mdc"
    rule.parent.mkdir()
    rule.write_text("---\ndescription: Python style\nglobs: **/*.py\n---\n# Style\n- be nice\n")
    first = grace("catalog", "import", "-f", "cursor", str(rule.parent), str(tmp_path / "cat"))
    assert first.returncode == 0 and "imported 1" in first.stdout
    again = grace("catalog", "import", "-f", "cursor", str(rule.parent), str(tmp_path / "cat"))
    assert again.returncode == 0 and "1 unchanged" in again.stdout  # the same source: in place
    # no --format: read from the files' names, and said
    told = grace("catalog", "import", str(rule.parent), str(tmp_path / "cat"))
    assert told.returncode == 0 and "1 unchanged" in told.stdout
    assert "format: cursor (1 rule file found;" in told.stderr
    # a file that cannot be imported is skipped, said with why, and the others land (exit 0)
    (tmp_path / "rules" / "blank.mdc").write_text("---\ndescription: nothing\n---\n")
    some = grace("catalog", "import", str(rule.parent), str(tmp_path / "cat"))
    assert some.returncode == 0
    assert "1 unchanged, 0 removed from source; 1 skipped (each below, with why)" in some.stdout
    assert f"skipped {rule.parent / 'blank.mdc'}: empty body" in some.stderr
    (tmp_path / "rules" / "blank.mdc").unlink()
    (tmp_path / "rules" / "y.instructions.md").write_text("Use tabs.\n")
    mixed = grace("catalog", "import", str(rule.parent), str(tmp_path / "cat"))
    assert mixed.returncode == 2 and "several formats" in " ".join(mixed.stderr.split())
    empty = tmp_path / "empty.jsonl"
    empty.write_text("# nothing\n")
    r = grace("eval", "relevance", str(empty))
    assert r.returncode == 2 and "no labelled task" in r.stderr
    unknown = tmp_path / "unknown.jsonl"
    unknown.write_text(
        '{"id": "u1", "task": "x", "role": "backend", "expected": ["no.such.talent"]}\n'
    )
    r = grace("eval", "relevance", str(unknown), env={"GRACE_EMBEDDER": "fake",
                                                      "GRACE_CACHE_DIR": str(tmp_path)})
    assert r.returncode == 2 and "no.such.talent" in r.stderr


def test_init_without_talents_leaves_no_conflict_for_doctor(tmp_path):
    assert grace("init", ".", "--example", cwd=tmp_path).returncode == 0
    doctor = json.loads(grace("doctor", "--json", cwd=tmp_path).stdout)
    assert not [f for f in doctor["findings"] if f["code"] == "conflict"]


def _files_project(tmp_path: Path) -> Path:
    """A repository whose catalog has a Python rule, a C# rule and a language-free one."""
    catalog = tmp_path / "catalog"
    specs = {
        "py.fastapi": ("FastAPI endpoints", "[python]", '["**/*.py"]'),
        "cs.mvvm": ("C# MVVM", "[csharp]", '["**/*.cs"]'),
        "any.commits": ("Commit messages", "[]", "[]"),
    }
    for tid, (name, langs, paths) in specs.items():
        folder = catalog / tid
        folder.mkdir(parents=True)
        (folder / "talent.yaml").write_text(
            f"id: {tid}\nname: {name}\nversion: '1'\ntype: convention\nsummary: {name}.\n"
            f"agents: {{backend: required}}\nlanguages: {langs}\n"
            f"activation: {{paths: {paths}}}\n", encoding="utf-8")
        for depth in ("compact", "standard", "full"):
            (folder / f"{depth}.md").write_text(f"{name} at {depth}.\n", encoding="utf-8")
    (tmp_path / "grace.yaml").write_text(
        "name: shop\ncatalog: catalog\nlanguages: [python, csharp]\n"
        "talents: {py.fastapi: true, cs.mvvm: true, any.commits: true}\n", encoding="utf-8")
    (tmp_path / "app" / "api").mkdir(parents=True)
    (tmp_path / "app" / "api" / "items.py").write_text("x = 1\n", encoding="utf-8")
    return tmp_path


def test_resolve_with_files_filters_languages_and_names_the_glob(tmp_path):
    repo = _files_project(tmp_path)
    r = grace("resolve", "-r", "backend", "--files", "app/api/items.py", "--explain",
              "Rename a variable", cwd=repo)
    assert r.returncode == 0, r.stderr
    assert "`py.fastapi`" in r.stdout and "`cs.mvvm`" not in r.stdout
    assert "glob `**/*.py` matched app/api/items.py" in r.stderr
    js = json.loads(grace("resolve", "-r", "backend", "--files", "app/api/items.py", "--json",
                          "Rename a variable", cwd=repo / "app").stdout)  # cwd-relative path
    assert js["files"] == ["app/app/api/items.py"]  # relative to the folder it is typed in
    both = grace("resolve", "-r", "backend", "--files", "api/items.py", "--json", "--explain",
                 "Rename a variable", cwd=repo / "app")  # the table on stderr, with --json too
    assert "glob `**/*.py` matched app/api/items.py" in both.stderr
    js = json.loads(both.stdout)
    assert js["served_ids"][0] == "py.fastapi" and js["files"] == ["app/api/items.py"]
    assert {d["id"]: d["reason"] for d in js["dropped"]}["cs.mvvm"] == "language"
    out = grace("resolve", "-r", "backend", "--files", "../outside.py", "x", cwd=repo)
    assert out.returncode == 2 and "outside the repository" in out.stderr
    empty = grace("resolve", "-r", "backend", "--files", " ", "x", cwd=repo)
    assert empty.returncode == 2 and "an empty path" in empty.stderr


def test_resolve_without_a_task_serves_what_the_files_activate(tmp_path):
    """No task: with relevance, the files in play select the talents (their globs), else the
    role's required and recommended ones; never the whole catalog (decision 0010, twelfth
    follow-up)."""
    repo = _files_project(tmp_path)
    (repo / "grace.yaml").write_text(
        (repo / "grace.yaml").read_text(encoding="utf-8").replace(
            "any.commits: true", "any.commits: true, x.optional: true"), encoding="utf-8")
    folder = repo / "catalog" / "x.optional"
    folder.mkdir()
    (folder / "talent.yaml").write_text(
        "id: x.optional\nname: Optional\nversion: '1'\ntype: convention\n"
        "summary: An optional talent.\nagents: {backend: optional}\n", encoding="utf-8")
    (folder / "compact.md").write_text("Optional.\n", encoding="utf-8")
    env = {"GRACE_EMBEDDER": "fake", "GRACE_CACHE_DIR": str(tmp_path / ".cache"),
           "GRACE_USAGE": "off"}
    r = grace("resolve", "-r", "backend", "--relevance", "embeddings", "--files",
              "app/api/items.py", "--json", cwd=repo, env=env)
    assert r.returncode == 0, r.stderr
    js = json.loads(r.stdout)
    assert js["served_ids"] == ["py.fastapi"]
    assert "empty task: the talents the files in play activate are served" in r.stderr
    why = {e["id"]: e for e in js["explanations"]}
    assert "glob `**/*.py` matched app/api/items.py" in why["py.fastapi"]["detail"]
    assert why["any.commits"]["decision"] == "cut_gate"
    r = grace("resolve", "-r", "backend", "--relevance", "embeddings", "--json", cwd=repo,
              env=env)
    assert r.returncode == 0, r.stderr
    assert sorted(json.loads(r.stdout)["served_ids"]) == ["any.commits", "cs.mvvm", "py.fastapi"]
    assert "only the talents the role requires or recommends" in r.stderr
    off = json.loads(grace("resolve", "-r", "backend", "--json", cwd=repo, env=env).stdout)
    assert "x.optional" in off["served_ids"]  # relevance off: seed 001, every talent by role


def test_a_control_character_in_the_task_is_shown_escaped():
    """A terminal escape typed or pasted into the task is echoed escaped in the Markdown, never
    raw (found by a new user's trial)."""
    r = grace("resolve", "--example", "-r", "backend", "fix\x1b[31m red items")
    assert r.returncode == 0, r.stderr
    assert "Task: fix\\x1b[31m red items" in r.stdout and "\x1b" not in r.stdout


def test_resolve_changed_reads_git(tmp_path):
    repo = _files_project(tmp_path)
    git = ["git", "-C", str(repo), "-c", "user.email=t@t", "-c", "user.name=t"]
    subprocess.run([*git, "init", "-q"], check=True)
    subprocess.run([*git, "add", "grace.yaml"], check=True)
    subprocess.run([*git, "commit", "-qm", "init"], check=True)
    js = json.loads(grace("resolve", "-r", "backend", "--changed", "--json", "x", cwd=repo).stdout)
    assert js["files"] == ["app/api/items.py"]  # untracked; the untracked catalog is not in play
    assert js["served_ids"][0] == "py.fastapi" and js["served"][0]["glob"] == "**/*.py"
    assert (repo / ".grace" / "usage.jsonl").is_file()  # written by that resolve, untracked
    again = json.loads(grace("resolve", "-r", "backend", "--changed", "--json", "x",
                             cwd=repo).stdout)
    assert again["files"] == ["app/api/items.py"]  # GRACE's own usage log is not in play
    outside = grace("resolve", "-r", "backend", "--changed", "x", cwd=repo,
                    env={"GIT_DIR": str(tmp_path / "nope")})
    assert outside.returncode == 2 and "git" in outside.stderr


def test_resolve_changed_leaves_grace_own_files_out(tmp_path):
    """An untracked grace.yaml, anything under .grace/ and an export's ownership list are
    GRACE's files, not the agent's: a `**/*.yaml` rule must not be served because of them."""
    repo = _files_project(tmp_path)
    (repo / "catalog" / "any.commits" / "talent.yaml").write_text(
        "id: any.commits\nname: YAML\nversion: '1'\ntype: convention\nsummary: YAML.\n"
        "agents: {backend: required}\nlanguages: []\nactivation: {paths: ['**/*.yaml']}\n",
        encoding="utf-8")
    (repo / ".grace" / "notes").mkdir(parents=True)
    (repo / ".grace" / "notes" / "x.yaml").write_text("a: 1\n", encoding="utf-8")
    (repo / ".cursor" / "rules").mkdir(parents=True)
    (repo / ".cursor" / "rules" / ".grace-export.json").write_text("{}\n", encoding="utf-8")
    git = ["git", "-C", str(repo)]
    subprocess.run([*git, "init", "-q"], check=True)  # nothing committed
    js = json.loads(grace("resolve", "-r", "backend", "--changed", "--json", "x", cwd=repo).stdout)
    assert js["files"] == ["app/api/items.py"]
    assert all(s["glob"] != "**/*.yaml" for s in js["served"])
    (repo / "deploy.yaml").write_text("a: 1\n", encoding="utf-8")  # the agent's own YAML counts
    js = json.loads(grace("resolve", "-r", "backend", "--changed", "--json", "x", cwd=repo).stdout)
    assert js["files"] == ["app/api/items.py", "deploy.yaml"]
    (repo / "passwd_link").symlink_to("/etc/passwd")  # untracked, leads out of the repository
    r = grace("resolve", "-r", "backend", "--changed", "--json", "x", cwd=repo)
    assert r.returncode == 0, r.stderr  # left out of the files in play, not a failed resolve
    assert json.loads(r.stdout)["files"] == ["app/api/items.py", "deploy.yaml"]


def test_resolve_warns_about_a_file_in_play_that_does_not_exist(tmp_path):
    """Kept (an agent names the file it is about to create: its name still selects by glob and
    language), but said: on stderr and in the JSON ``warnings``."""
    repo = _files_project(tmp_path)
    r = grace("resolve", "-r", "backend", "--files", "does/not/exist.py", "--json", "x", cwd=repo)
    assert r.returncode == 0, r.stderr
    js = json.loads(r.stdout)
    assert js["files"] == ["does/not/exist.py"] and js["served_ids"][0] == "py.fastapi"
    assert js["warnings"] == [
        "file in play does/not/exist.py does not exist (kept: its name still selects talents "
        "by glob and language)"]
    assert "does/not/exist.py does not exist" in r.stderr
    js = json.loads(grace("resolve", "-r", "backend", "--files", "app/api/items.py", "--json",
                          "x", cwd=repo).stdout)
    assert js["warnings"] == []
    # a folder stands for its files (a new user's `--files k8s/`)
    js = json.loads(grace("resolve", "-r", "backend", "--files", "app/api", "--json", "x",
                          cwd=repo).stdout)
    assert js["warnings"] == ["file in play app/api is a folder: its one file is in play "
                              "instead (app/api/items.py)"]
    assert js["files"] == ["app/api/items.py"] and js["served_ids"][0] == "py.fastapi"
    (repo / "empty").mkdir()
    js = json.loads(grace("resolve", "-r", "backend", "--files", "empty", "--json", "x",
                          cwd=repo).stdout)
    assert js["warnings"] == ["file in play empty is a folder with no file to read: give the "
                              "files in it (kept: its name is matched like a file's)"]


def test_resolve_refuses_a_file_in_play_linked_outside_the_repository(tmp_path):
    repo = _files_project(tmp_path / "repo")
    outside = tmp_path / "secret.py"
    outside.write_text("x = 1\n", encoding="utf-8")
    (repo / "app" / "link.py").symlink_to(outside)
    (repo / "linked").symlink_to(tmp_path, target_is_directory=True)
    (repo / "app" / "inner.py").symlink_to(repo / "app" / "api" / "items.py")
    for path in ("app/link.py", "linked/secret.py", "linked/new.py"):
        r = grace("resolve", "-r", "backend", "--files", path, "x", cwd=repo)
        assert r.returncode == 2, (path, r.stdout)
        assert "outside the repository" in r.stderr and path in r.stderr, r.stderr
    r = grace("resolve", "-r", "backend", "--files", "app/inner.py", "--json", "x", cwd=repo)
    assert r.returncode == 0 and json.loads(r.stdout)["warnings"] == []  # a link inside: fine


def test_a_grace_yaml_without_catalog_reads_dot_grace_catalog_or_says_how_to_import(tmp_path):
    repo = _files_project(tmp_path)
    (repo / "grace.yaml").write_text(
        "name: shop\nlanguages: [python]\ntalents: {py.fastapi: true, any.commits: true}\n",
        encoding="utf-8")
    (repo / ".cursor" / "rules").mkdir(parents=True)
    r = grace("resolve", "-r", "backend", "--json", "Add an endpoint", cwd=repo)
    assert r.returncode == 2  # never the bundled example in its place
    (line,) = r.stderr.strip().splitlines()
    assert "names no catalog and .grace/catalog is missing" in line
    assert "grace catalog import -f cursor .cursor/rules .grace/catalog" in line
    assert "catalog: grace:example" in line
    (repo / ".grace").mkdir()
    (repo / "catalog").rename(repo / ".grace" / "catalog")
    r = grace("resolve", "-r", "backend", "--json", "Add an endpoint", cwd=repo)
    assert r.returncode == 0, r.stderr
    assert set(json.loads(r.stdout)["served_ids"]) == {"py.fastapi", "any.commits"}


def test_catalog_grace_example_names_the_bundled_catalog(tmp_path):
    (tmp_path / "grace.yaml").write_text(
        "name: demo\ncatalog: grace:example\ntalents: {pattern.use-case: true}\n",
        encoding="utf-8")
    r = grace("resolve", "-r", "backend", "--json", TASK, cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    assert json.loads(r.stdout)["served_ids"] == ["pattern.use-case"]


def test_init_enables_the_talents_of_the_project_s_languages_only(tmp_path):
    repo = _files_project(tmp_path)  # py.fastapi (python), cs.mvvm (csharp), any.commits
    (repo / "grace.yaml").unlink()
    (repo / ".grace").mkdir()
    (repo / "catalog").rename(repo / ".grace" / "catalog")
    r = grace("init", ".", "--json", cwd=repo)  # the files: app/api/items.py, python only
    assert r.returncode == 0, r.stderr
    data = json.loads(r.stdout)
    assert data["languages"] == ["python"] and data["left_disabled"] == 1
    assert data["override"] == [] and data["hollow"] == []
    assert data["talents"] == ["any.commits", "py.fastapi"] and data["disabled"] == ["cs.mvvm"]
    assert "cs.mvvm: false" in (repo / "grace.yaml").read_text(encoding="utf-8")
    text = grace("init", ".", "--force", cwd=repo)
    assert "2 talents enabled, languages: python; 1 left disabled\n" in text.stdout
    # one line per reason, then how to serve one
    assert "\n  1 whose languages are not the project's\n  `grace enable ID` serves one\n" in (
        text.stdout)
    doctor = json.loads(grace("doctor", "--json", cwd=repo).stdout)
    assert not [f for f in doctor["findings"]
                if f["code"] in ("not_enabled", "language_mismatch")]


def test_grace_yaml_relevance_is_the_default_under_the_variable_and_the_flag(tmp_path):
    repo = _files_project(tmp_path)
    project = repo / "grace.yaml"
    project.write_text(project.read_text(encoding="utf-8") + "relevance: embeddings\n",
                       encoding="utf-8")
    fake = {"GRACE_EMBEDDER": "fake", "GRACE_CACHE_DIR": str(tmp_path / "cache")}

    def relevance(*args: str, env: dict[str, str] | None = None) -> str:
        r = grace("resolve", "-r", "backend", "--json", *args, "Add a PATCH endpoint",
                  cwd=repo, env={**fake, **(env or {})})
        assert r.returncode == 0, r.stderr
        return str(json.loads(r.stdout)["relevance"])

    assert relevance() == "embeddings"  # the project's choice
    assert relevance("--relevance", "off") == "off"
    assert relevance(env={"GRACE_RELEVANCE": "off"}) == "off"
    doctor = json.loads(grace("doctor", "--json", cwd=repo).stdout)
    assert not [f for f in doctor["findings"] if f["code"] == "relevance_off"]  # 3 talents
    project.write_text(project.read_text(encoding="utf-8").replace("relevance: embeddings\n",
                                                                   "relevance: sometimes\n"),
                       encoding="utf-8")
    bad = grace("resolve", "-r", "backend", "Add a PATCH endpoint", cwd=repo, env=fake)
    assert bad.returncode != 0 and "relevance" in bad.stderr


def test_init_writes_the_stack_of_the_dependency_manifests(tmp_path):
    repo = _files_project(tmp_path)
    (repo / "pyproject.toml").write_text(
        '[project]\nname = "shop"\ndependencies = ["fastapi>=0.110", "pydantic>=2"]\n',
        encoding="utf-8")
    r = grace("init", ".", "--force", "--catalog", "catalog", "--json", cwd=repo)
    assert r.returncode == 0, r.stderr
    assert json.loads(r.stdout)["stack"] == ["fastapi", "pydantic"]
    assert "stack:\n- fastapi\n- pydantic\n" in (repo / "grace.yaml").read_text(encoding="utf-8")
    resolved = grace("resolve", "-r", "backend", "--json", "Rename a variable", cwd=repo)
    assert resolved.returncode == 0, resolved.stderr  # the file it wrote reads back
    assert json.loads(r.stdout)["languages"] == ["python"]
    # a database driver in the stack: the project writes SQL, and its SQL rules are enabled
    (repo / "pyproject.toml").write_text(
        '[project]\nname = "shop"\ndependencies = ["fastapi", "psycopg[binary]>=3"]\n',
        encoding="utf-8")
    r = grace("init", ".", "--force", "--catalog", "catalog", "--json", cwd=repo)
    assert json.loads(r.stdout)["languages"] == ["python", "sql"]
    # the tools its files show come after the dependencies
    (repo / "Dockerfile").write_text("FROM python:3.12\n", encoding="utf-8")
    r = grace("init", ".", "--force", "--catalog", "catalog", "--json", cwd=repo)
    assert json.loads(r.stdout)["stack"] == ["fastapi", "psycopg", "docker"]
    # … then the platforms its code shows: a Terraform provider, an Apple framework
    (repo / "infra").mkdir()
    (repo / "infra" / "main.tf").write_text('provider "aws" {\n  region = "eu-west-3"\n}\n',
                                            encoding="utf-8")
    r = grace("init", ".", "--force", "--catalog", "catalog", cwd=repo)
    assert r.returncode == 0, r.stderr
    assert ("stack (from the dependency manifests, tool files, Terraform providers and Swift "
            "imports): fastapi, psycopg, docker, terraform, aws") in " ".join(r.stdout.split())
    assert "not read" not in r.stderr
    # a manifest that cannot be read is said, on stderr and in the JSON
    (repo / "web").mkdir()
    (repo / "web" / "package.json").write_text('{"dependencies": {', encoding="utf-8")
    r = grace("init", ".", "--force", "--catalog", "catalog", cwd=repo)
    assert r.returncode == 0, r.stderr
    assert ("warning: manifests not read (the stack is short of what they declare): "
            "web/package.json: not valid JSON") in " ".join(r.stderr.split())
    r = grace("init", ".", "--force", "--catalog", "catalog", "--json", cwd=repo)
    assert json.loads(r.stdout)["unread_manifests"] == ["web/package.json: not valid JSON"]


def test_init_writes_the_repository_s_own_words(tmp_path):
    """``vocabulary:``: the words of three file names or more (not a folder's, not git-ignored,
    not how code is organised): ``ticket`` in a helpdesk (decision 0010, thirteenth
    follow-up)."""
    repo = _files_project(tmp_path)
    for path in ("api/routers/tickets.py", "api/tests/test_tickets.py",
                 "web/src/TicketCard.svelte"):
        (repo / path).parent.mkdir(parents=True, exist_ok=True)
        (repo / path).write_text("x = 1\n", encoding="utf-8")
    (repo / ".gitignore").write_text("generated/\n", encoding="utf-8")
    for name in ("report_a.py", "report_b.py", "report_c.py"):  # ignored by git: not the repo's
        (repo / "generated").mkdir(exist_ok=True)
        (repo / "generated" / name).write_text("x = 1\n", encoding="utf-8")
    subprocess.run(["git", "init", "-q", str(repo)], check=True)  # noqa: S607 - git on PATH, as --changed
    r = grace("init", ".", "--force", "--catalog", "catalog", "--json", cwd=repo)
    assert r.returncode == 0, r.stderr
    assert json.loads(r.stdout)["vocabulary"] == ["ticket"]
    assert "vocabulary:\n- ticket\n" in (repo / "grace.yaml").read_text(encoding="utf-8")
    text = grace("init", ".", "--force", "--catalog", "catalog", cwd=repo)
    assert "vocabulary (the repository's own words, never a rule's subject): ticket" in text.stdout


def test_the_summary_names_the_enabled_ids_the_catalog_lacks(tmp_path):
    """A typo in grace.yaml's talents is named in the summary line, not only counted."""
    repo = _files_project(tmp_path)
    text = (repo / "grace.yaml").read_text(encoding="utf-8")
    (repo / "grace.yaml").write_text(
        text.replace("any.commits: true}", "any.commits: true, py.fastpai: true}"),
        encoding="utf-8")
    r = grace("resolve", "-r", "backend", "Rename a variable", cwd=repo)
    assert r.returncode == 0, r.stderr
    assert "1 unknown (py.fastpai)" in r.stderr


def test_resolve_help_names_the_roles_imported_rules_are_for():
    """A new user found the five roles only in an error message."""
    from grace.resolution.domain.talent import ROLES

    r = grace("resolve", "--help")
    assert r.returncode == 0, r.stderr
    assert all(role in " ".join(r.stdout.split()) for role in ROLES)


@pytest.mark.parametrize("args", [(), ("resolve",), ("catalog", "import")])
def test_help_shows_flags_without_a_value_type(args):
    """typer's rich help wrote ``--overwrite <bool>``: a new user passed ``--overwrite true``.
    A flag's row has no type; an option that takes a value keeps its own."""
    r = grace(*args, "--help", env={"COLUMNS": "120"})
    assert r.returncode == 0, r.stderr
    assert "<bool>" not in r.stdout and "--help" in r.stdout
    if args == ("resolve",):
        assert "<off|embeddings>" in r.stdout


def test_explain_in_a_narrow_terminal_prints_one_block_per_talent():
    """At 80 columns the table's detail column held one word per line (a new user's
    terminal): below EXPLAIN_LIST_BELOW columns each talent is a line and its detail under it."""
    r = grace("resolve", "--example", "-r", "backend", "--relevance", "embeddings",
              "--explain", "Ajouter un endpoint de remboursement partiel", env={
                  "COLUMNS": "80", "GRACE_EMBEDDER": "fake"})
    assert r.returncode == 0, r.stderr
    lines = r.stderr.splitlines()
    assert "┃" not in r.stderr and any(" · kept · " in line for line in lines)
    assert all(len(line) <= 80 for line in lines)
    detail = lines[lines.index(next(x for x in lines if " · kept · " in x)) + 1]
    assert detail.startswith("  ") and "score" in detail
    # the decisions and the score's parts are said once, under the rows
    assert "how to read · kept: at or over the bar" in " ".join(lines)
