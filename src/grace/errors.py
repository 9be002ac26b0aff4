"""Public exception hierarchy: every error GRACE raises on purpose derives from ``GraceError``.

Two branches say whose fault it is. Most classes are the caller's (bad input, unknown id: an
HTTP 4xx). :class:`UnavailableError` is a dependency's — a store, a cache or a remote service
down or failing, not the request — and :class:`UpstreamError` the part of it where a remote
service answered badly or not at all: the HTTP API maps them to 503 and 502, never to a 4xx.

Adapters translate driver errors at their boundary with :func:`map_exceptions` (the shape of
httpx's ``map_exceptions``); entry points translate these into a CLI message (exit code 2), an
MCP tool error or an HTTP problem response; a user never sees a traceback for bad input.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from contextlib import contextmanager


class GraceError(Exception):
    """Base class of every error GRACE raises on purpose."""


class UnavailableError(GraceError):
    """A dependency (database, cache file, remote service) is down or failing: retry later."""


class UpstreamError(UnavailableError):
    """A remote service GRACE calls failed, timed out or answered something unusable."""


@contextmanager
def map_exceptions(mapping: Mapping[type[Exception], type[GraceError]],
                   context: str) -> Iterator[None]:
    """Re-raise a driver exception as the :class:`GraceError` it maps to (first match in
    ``mapping`` order), its message prefixed with ``context``; the driver's exception is kept
    as ``__cause__``. A :class:`GraceError` and an unmapped exception pass through unchanged.

    Used as ``with map_exceptions({sqlite3.Error: MemberStoreError}, "member store x"):`` around
    every call into a driver, the way httpx maps httpcore's exceptions.
    """
    try:
        yield
    except GraceError:
        raise
    except Exception as exc:
        for source, target in mapping.items():
            if isinstance(exc, source):
                raise target(f"{context}: {exc}") from exc
        raise


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


class CatalogStoreError(CatalogError, UnavailableError):
    """The platform catalog database cannot be reached, migrated or queried."""


class CatalogLinkError(CatalogError):
    """A symbolic link in a catalog leads outside its root, or to a talent folder (not followed).

    ``path`` is the link itself (what ``doctor`` names)."""

    def __init__(self, path: str, message: str) -> None:
        self.path = path
        super().__init__(f"{path}: {message}")


class ProjectError(GraceError):
    """A project file is missing or invalid."""


class UnknownProjectError(ProjectError):
    """No project of that name in the platform database."""


class UnknownTalentError(GraceError):
    """A talent id is not in the catalog."""


class InvalidIdError(GraceError):
    """An id or section name from outside is malformed (for example it tries to leave its root)."""


class InvalidPathError(InvalidIdError):
    """A file path from outside is empty, absolute, or climbs out of its repository."""


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


class InvalidTextError(GraceError):
    """A text input is not valid Unicode: a lone surrogate (bytes that were not UTF-8, kept by
    Python's ``surrogateescape``, or a JSON ``\\ud800``) has no UTF-8 encoding to embed, hash
    or print."""


class LabelError(GraceError):
    """A label file line (relevance evaluation) is not a valid labelled task."""


class EmbeddingServiceError(UpstreamError):
    """The remote embedding service failed or answered something unusable."""


class VectorCacheError(UnavailableError):
    """The vector cache file cannot be opened, read or written."""


class LearningsError(GraceError):
    """Base class of the learnings errors (seed 002)."""


class InvalidLearningError(LearningsError):
    """A learning does not validate (missing story, bad date…); the message names the field."""


class DuplicateLearningError(LearningsError):
    """A learning is an exact duplicate of an active one (the message names its id)."""


class UnknownLearningError(LearningsError):
    """A learning id is not in the file, or is already superseded."""


class LearningsFileError(LearningsError):
    """The learnings file cannot be read or written (missing, not UTF-8, permission…)."""


class LearningsIndexError(LearningsError):
    """The derived index files are unreadable or do not match their meta (never used then)."""


class MatchingError(GraceError):
    """A matching input or store is unusable (base of the matching errors)."""


class MemberValidationError(MatchingError):
    """A member, a request or an availability row does not validate (field and reason named)."""


class ZoneError(MatchingError):
    """A search zone cannot be resolved (unknown or ambiguous commune, postal code, département)."""


class MemberStoreError(MatchingError, UnavailableError):
    """The member store or its search log cannot be opened, migrated or queried (driver error
    translated)."""


class LlmUnavailableError(MatchingError, UpstreamError):
    """The LLM ranker did not answer in time, or answered with an HTTP or connection error.

    Attributes:
        kind: ``timeout``, ``http_<status>``, ``connection`` or ``invalid_response`` (a 200
            whose body is not a Messages API message).
    """

    def __init__(self, kind: str, message: str) -> None:
        self.kind = kind
        super().__init__(message)


class InvalidRankingError(MatchingError):
    """An LLM's ranking fails validation (bad JSON, unknown or repeated codes, truncated…)."""


class UnknownSearchError(MatchingError):
    """A search id is not in the search log, or a feedback names a code it did not suggest."""


class ExportError(GraceError):
    """An export would overwrite a file GRACE did not write, or cannot write its folder."""
