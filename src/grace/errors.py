"""Public exception hierarchy: every error GRACE raises on purpose derives from ``GraceError``.

Entry points translate these into a CLI message (exit code 2), an MCP tool error or an HTTP
problem response; a user never sees a traceback for bad input.
"""

from __future__ import annotations


class GraceError(Exception):
    """Base class of every error GRACE raises on purpose."""


class ConfigError(GraceError):
    """A setting (``GRACE_*`` variable or option) has an invalid value."""


class CatalogError(GraceError):
    """A catalog cannot be read: missing folder, invalid manifest, duplicate id."""


class ManifestError(CatalogError):
    """A talent manifest does not validate; the message names the file, the field, the reason."""

    def __init__(self, path: str, field: str, reason: str) -> None:
        self.path = path
        self.field = field
        self.reason = reason
        where = field if field.startswith("line ") else f"field '{field}'"
        super().__init__(f"{path}: {where}: {reason}")


class DuplicateTalentError(CatalogError):
    """Two talent folders declare the same id."""


class ProjectError(GraceError):
    """A project file is missing or invalid."""


class UnknownTalentError(GraceError):
    """A talent id is not in the catalog."""


class InvalidIdError(GraceError):
    """An id or section name from outside is malformed (for example it tries to leave its root)."""


class UnknownSectionError(GraceError):
    """A talent has no section with that name."""


class BudgetError(GraceError):
    """A token budget is too small to hold even the fixed part of the output."""


class ImportRulesError(GraceError):
    """A rule file or folder cannot be imported as a talent."""


class UnknownRoleError(GraceError):
    """No talent of the catalog declares this role in its ``agents``."""


class InputTooLargeError(GraceError):
    """An input (task, query, file) is larger than the bounded size GRACE accepts."""
