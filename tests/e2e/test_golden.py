"""Golden output: seed 001's Markdown for the bundled example, byte for byte.

``make demo`` with relevance off (seed 001's behaviour, no model): the Makefile's ``TASK`` and
``ROLE`` through the real CLI, compared with ``tests/golden/seed001_example_backend.md``. Any
change to what an agent is served (order, depths, budget, pointers, wording) shows up here as a
diff to review. After an intended change, regenerate it and review the diff:

    GRACE_RELEVANCE=off make -s demo > tests/golden/seed001_example_backend.md
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
GOLDEN = REPO / "tests" / "golden" / "seed001_example_backend.md"


def makefile_default(name: str) -> str:
    """The ``NAME ?= value`` default of the Makefile (the README's demo task and role)."""
    text = (REPO / "Makefile").read_text(encoding="utf-8")
    found = re.search(rf"^{name} \?= (.*)$", text, flags=re.MULTILINE)
    assert found, f"Makefile: no {name} ?= default"
    return found.group(1)


def test_demo_markdown_is_byte_for_byte_the_golden_file(tmp_path):
    env = {k: v for k, v in os.environ.items() if not k.startswith("GRACE_")}
    env |= {"GRACE_RELEVANCE": "off", "GRACE_CACHE_DIR": str(tmp_path), "COLUMNS": "80"}
    task, role = makefile_default("TASK"), makefile_default("ROLE")
    assert role == "backend", "the golden file is the backend demo: regenerate it"
    out = subprocess.run(
        [sys.executable, "-m", "grace", "resolve", "--example", "--role", role, task],
        capture_output=True, env=env, cwd=tmp_path, timeout=120,
    )
    assert out.returncode == 0, out.stderr.decode()
    expected = GOLDEN.read_bytes()
    assert out.stdout == expected, (
        f"seed 001 output changed: diff <(GRACE_RELEVANCE=off make -s demo) {GOLDEN}"
    )
    assert b"Traceback" not in out.stderr
