"""The bundled example (an invoicing application's catalog and project), shipped in the wheel."""

from __future__ import annotations

from importlib import resources
from pathlib import Path


def example_root() -> Path:
    """Folder of the bundled example (``catalog/`` and ``project/grace.yaml``)."""
    return Path(str(resources.files("grace") / "examples"))


def bundled_catalog() -> Path:
    """The bundled example catalog folder."""
    return example_root() / "catalog"


def example_project() -> Path:
    """The bundled example project file."""
    return example_root() / "project" / "grace.yaml"
