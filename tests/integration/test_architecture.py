"""The architecture contracts of ``pyproject.toml`` ([tool.importlinter]) hold.

The same check as ``make lint`` (``lint-imports``), run here so that CI, which runs the test
suite, enforces it too: domains import no adapter, use cases no entry point, and the three
contexts meet only through the shared kernel (``grace.text``, ``grace.lexical``,
``grace.glossary``, ``grace.embedding``, ``grace.vectors``, ``grace.errors``).
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]


def test_import_contracts_are_kept():
    lint_imports = Path(sys.executable).parent / "lint-imports"
    assert lint_imports.exists(), f"{lint_imports}: import-linter is a dev dependency"
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(
        [str(REPO / "src"), *filter(None, [os.environ.get("PYTHONPATH")])])}
    out = subprocess.run(
        [str(lint_imports), "--config", str(REPO / "pyproject.toml"), "--no-cache",
         "--no-logo"],
        capture_output=True, text=True, cwd=REPO, env=env, timeout=300,
    )
    assert out.returncode == 0, out.stdout + out.stderr
    assert "0 broken" in out.stdout, out.stdout
