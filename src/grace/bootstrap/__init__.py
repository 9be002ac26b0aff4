"""Composition root: the only place real adapters are built (from :class:`Settings`).

It only wires, one module per context — :mod:`~grace.bootstrap.resolution`,
:mod:`~grace.bootstrap.learnings`, :mod:`~grace.bootstrap.matching` — and every app object it
returns closes (``with build_matching(settings) as app: …``). Logic lives in the use cases:
project discovery in the project-file adapter, ``grace init`` in
:class:`~grace.resolution.application.init_project.InitProject`, the evaluation harness in
:mod:`grace.resolution.application.evaluation`, venue assembly in the matching generator.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from grace.bootstrap.learnings import (
        LEARNINGS_SYSTEMS,
        LearningsApp,
        build_learnings,
        build_learnings_rankers,
        evaluation_embedder,
    )
    from grace.bootstrap.matching import (
        MatchingApp,
        build_matching,
        make_proposer,
        open_member_store,
    )
    from grace.bootstrap.resolution import (
        ResolutionApp,
        build_catalog,
        build_evaluation,
        build_init,
        build_reader,
        build_resolution,
        hybrid_params,
        locate_project,
        token_counter,
    )
    from grace.errors import ProjectError
    from grace.resolution.adapters.examples import bundled_catalog, example_project, example_root
    from grace.resolution.adapters.git_changes import changed_files
    from grace.resolution.adapters.importers.rule_files import detect_rule_format
    from grace.resolution.adapters.importers.rules import import_rules
    from grace.resolution.adapters.repository_catalog import locate_init_catalog

__all__ = [
    "LEARNINGS_SYSTEMS",
    "LearningsApp",
    "MatchingApp",
    "ProjectError",
    "ResolutionApp",
    "build_catalog",
    "build_evaluation",
    "build_init",
    "build_learnings",
    "build_learnings_rankers",
    "build_matching",
    "build_reader",
    "build_resolution",
    "bundled_catalog",
    "changed_files",
    "detect_rule_format",
    "evaluation_embedder",
    "example_project",
    "example_root",
    "hybrid_params",
    "import_rules",
    "locate_init_catalog",
    "locate_project",
    "make_proposer",
    "open_member_store",
    "token_counter",
]

# Where each name lives: ``from grace.bootstrap import build_resolution`` imports the resolution
# wiring only, so that ``grace --help`` and a resolve never load the matching and learnings
# contexts (numpy, scipy, bm25s, faiss; issue 12 item 4, decision 0019).
_LAZY = {
    **dict.fromkeys(
        [
            "LEARNINGS_SYSTEMS",
            "LearningsApp",
            "build_learnings",
            "build_learnings_rankers",
            "evaluation_embedder",
        ],
        "grace.bootstrap.learnings",
    ),
    **dict.fromkeys(
        ["MatchingApp", "build_matching", "make_proposer", "open_member_store"],
        "grace.bootstrap.matching",
    ),
    **dict.fromkeys(
        [
            "ResolutionApp",
            "build_catalog",
            "build_evaluation",
            "build_init",
            "build_reader",
            "build_resolution",
            "hybrid_params",
            "locate_project",
            "token_counter",
        ],
        "grace.bootstrap.resolution",
    ),
    "ProjectError": "grace.errors",
    **dict.fromkeys(
        ["bundled_catalog", "example_project", "example_root"], "grace.resolution.adapters.examples"
    ),
    "changed_files": "grace.resolution.adapters.git_changes",
    "import_rules": "grace.resolution.adapters.importers.rules",
    "detect_rule_format": "grace.resolution.adapters.importers.rule_files",
    "locate_init_catalog": "grace.resolution.adapters.repository_catalog",
}


def __getattr__(name: str) -> Any:
    """Import the module that defines ``name`` on first use (PEP 562).

    Raises:
        AttributeError: ``name`` is not one of :data:`__all__`.
    """
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value
