"""Property test of the catalog loader (issue 14, fault 7): thousands of generated ``talent.yaml``
files never raise out of the loader, and every refusal names the file and, for a schema error,
the field.

The manifests are mutations of a valid one (a field replaced by a value of another type, removed,
added, nested wrongly) and raw YAML text (unbalanced brackets, tabs, anchors, control characters,
huge numbers). Each goes through ``FilesystemCatalog`` (the path ``grace resolve`` and
``doctor`` use), which keeps a refused talent in ``problems()``.
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from grace.errors import GraceError
from grace.resolution.adapters.filesystem_catalog import FilesystemCatalog

VALID: dict[str, Any] = {
    "id": "pattern.sample",
    "name": "Sample",
    "version": "1.0.0",
    "type": "pattern",
    "summary": "A sample talent.",
    "tags": ["sample"],
    "requires": [],
    "includes": [],
    "conflicts": [],
    "recommends": [],
    "agents": {"backend": "required", "frontend": "optional"},
    "priority": {"default": 50},
    "activation": {"triggers": ["sample"], "task_types": ["feature"], "paths": ["**/*.py"]},
    "token_budget": {"compact": 100, "standard": 400, "full": 1200},
    "status": "stable",
    "languages": ["python"],
    "conventions": {"naming": {"class": "PascalCase"}},
    "sections": [{"name": "example", "when": "You write one", "roles": ["backend"]}],
}

scalars = st.one_of(
    st.none(), st.booleans(), st.integers(min_value=-(10**30), max_value=10**30),
    st.floats(allow_nan=True, allow_infinity=True), st.text(max_size=40),
    st.sampled_from(["", " ", "../../etc/passwd", "a" * 300, "required", "draft", "**/*",
                     "\x00", "\u202e", "pattern.sample", "UPPER.Case"]),
)
values = st.recursive(
    scalars,
    lambda inner: st.one_of(
        st.lists(inner, max_size=4),
        st.dictionaries(st.one_of(st.text(max_size=12), st.integers()), inner, max_size=4),
    ),
    max_leaves=12,
)
fields = st.sampled_from(sorted(VALID))
nested = st.sampled_from(["agents", "priority", "activation", "token_budget", "conventions"])


@st.composite
def manifests(draw: st.DrawFn) -> str:
    """YAML text: a mutated valid manifest, or raw text."""
    if draw(st.integers(0, 9)) == 0:
        return draw(st.one_of(
            st.text(max_size=200),
            st.sampled_from(["id: [unclosed", "\tid: tab", "a: &x [*x]", "- just\n- a list",
                             "id: pattern.sample\nid: pattern.sample", "!!python/object:os.system"
                             " {}", "? [complex, key]\n: v", "1e999999"]),
        ))
    data: dict[Any, Any] = dict(VALID)
    for _ in range(draw(st.integers(1, 4))):
        action = draw(st.integers(0, 3))
        if action == 0:
            data[draw(fields)] = draw(values)
        elif action == 1:
            data.pop(draw(fields), None)
        elif action == 2:
            data[draw(st.text(max_size=12))] = draw(values)
        else:
            key = draw(nested)
            inner = dict(data[key]) if isinstance(data.get(key), dict) else {}
            inner[draw(st.text(max_size=12))] = draw(values)
            data[key] = inner
    return yaml.safe_dump(data, allow_unicode=True)


@settings(max_examples=1500, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(text=manifests())
def test_generated_manifests_never_escape_the_loader(tmp_path: Path, text: str) -> None:
    root = tmp_path / "catalog"
    shutil.rmtree(root, ignore_errors=True)
    folder = root / "pattern.sample"
    folder.mkdir(parents=True)
    manifest = folder / "talent.yaml"
    manifest.write_text(text, encoding="utf-8", errors="surrogatepass")
    (folder / "compact.md").write_text("Body.\n", encoding="utf-8")
    catalog = FilesystemCatalog(root)  # must not raise: a bad talent is a problem, not a crash
    problems = catalog.problems()
    if catalog.get("pattern.sample") is None:
        assert problems, "a refused talent is reported"
    for path, reason in problems:
        assert path == str(manifest), (path, reason)
        assert reason.startswith(str(manifest)), reason
        # a schema error names its field, a syntax error its line
        assert "field '" in reason or ": line " in reason or "UTF-8" in reason, reason
        assert "Traceback" not in reason


@pytest.mark.parametrize(
    "text", ["id: [unclosed", "- a\n- list", "id: 3", "agents: {backend: always}"]
)
def test_strict_loader_raises_grace_errors_naming_the_file(tmp_path: Path, text: str) -> None:
    folder = tmp_path / "catalog" / "pattern.sample"
    folder.mkdir(parents=True)
    (folder / "compact.md").write_text("Body.\n", encoding="utf-8")
    (folder / "talent.yaml").write_text(text, encoding="utf-8")
    with pytest.raises(GraceError, match=re.escape(str(folder / "talent.yaml"))):
        FilesystemCatalog(tmp_path / "catalog", strict=True)
