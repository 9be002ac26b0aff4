"""Ports of the resolution context (``typing.Protocol``; adapters implement them)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal, Protocol

from grace.resolution.domain.talent import Depth, Talent

if TYPE_CHECKING:  # a resolve with relevance off loads no numpy (decision 0019)
    import numpy as np
    import numpy.typing as npt


class TokenCounter(Protocol):
    """Counts tokens the way the consuming LLM would (approximately; see decision 0002)."""

    @property
    def name(self) -> str:
        """Identity of the counting method, e.g. ``"o200k_base"`` or ``"heuristic-chars/4"``."""
        ...

    def count(self, text: str) -> int:
        """Number of tokens in ``text`` (``0`` for the empty string)."""
        ...


class CatalogReader(Protocol):
    """Read access to a catalog of talents, keyed by id (seed 001: the manifests, which the
    platform reads from ``catalog_talents``).

    Each talent comes with its bodies, taken from the catalog's :class:`TalentContentSource`
    (the folder, or the bodies a platform version stores): resolution never reads a body
    through another path.
    """

    def talents(self) -> Sequence[Talent]:
        """Every valid talent, sorted by id. Invalid ones are in :meth:`problems`."""
        ...

    def get(self, talent_id: str) -> Talent | None:
        """The talent with this (already validated) id, or ``None``."""
        ...

    def problems(self) -> Sequence[tuple[str, str]]:
        """``(path, message)`` of every manifest that could not be loaded."""
        ...


class TalentContentSource(Protocol):
    """The bodies of a catalog's talents (seed 001: the content, apart from the manifests)."""

    def bodies(self, talent_id: str) -> Mapping[Depth, str]:
        """The Markdown body at each depth (every depth present: a missing deeper body is the
        next shallower one); sections are the ``## `` headings of a body
        (:func:`~grace.resolution.domain.text.split_sections`).

        Raises:
            InvalidIdError: a malformed id (it never reaches a path or a query).
            UnknownTalentError: no talent with that id in the source.
        """
        ...


@dataclass(frozen=True, slots=True)
class PublishedVersion:
    """A catalog version written to the platform.

    Attributes:
        catalog: the catalog's name on the platform.
        version: the version number (increasing per database, never reused).
        talents: how many talents it holds.
        content_hash: SHA-256 (hex) of the published manifests and bodies.
        created: false when the content equals the latest version's (nothing written).
    """

    catalog: str
    version: int
    talents: int
    content_hash: str
    created: bool


class CatalogPublisher(Protocol):
    """Writes a whole catalog as one new version (platform mode, seed 001)."""

    def publish(self, catalog: str, talents: Sequence[Talent]) -> PublishedVersion:
        """Write ``talents`` (manifests and bodies) as a new version of ``catalog``, in one
        transaction: a reader sees the previous version until it commits, never part of it.

        Raises:
            UnavailableError: the database failed (nothing was written).
        """
        ...


class LexicalScorer(Protocol):
    """Lexical relevance (BM25) of every document of a fixed corpus to a query."""

    def scores(self, query: str) -> npt.NDArray[np.float64]:
        """``(n_docs,) float64`` scores normalised to [0, 1]: a document's BM25 score divided
        by the most a document can score for this query (every query term at saturation);
        0 for a document sharing no term with the query."""
        ...

    def specificity(self, query: str) -> float:
        """How rare the query's words are in the corpus, in [0, 1]: the mean of ``idf / max
        idf`` over its words found in the corpus (0.0: none found)."""
        ...


class LexicalScorerFactory(Protocol):
    """Builds a :class:`LexicalScorer` over documents (one text per document)."""

    def __call__(self, documents: Sequence[str]) -> LexicalScorer: ...


class ProjectSwitches(Protocol):
    """Writes which talents a project enables (its ``grace.yaml``), keeping everything else.

    Returns ``(changed, unchanged)``: the ids whose state was written, and those already in the
    requested state, each in the order given.
    """

    def set_enabled(
        self, ids: Sequence[str], *, enabled: bool
    ) -> tuple[tuple[str, ...], tuple[str, ...]]:
        """Set the state of ``ids``; raises ``ProjectError`` when the file cannot be edited."""
        ...


FileState = Literal["present", "missing", "outside", "folder"]
"""Where a file in play is on disk: there, not (yet) there, reached through a symbolic link
that resolves outside the repository, or a folder rather than a file."""


@dataclass(frozen=True, slots=True)
class PackageStack:
    """What the files' own packages declare (:meth:`WorkTree.package_stack`).

    Attributes:
        dependencies: their dependencies by name (``vue``, ``@tanstack/react-query``), each
            once, first-seen.
        skipped: one line per manifest that exists but was not used, with its folder
            (``"apps/web/package.json: not valid JSON"``).
    """

    dependencies: tuple[str, ...] = ()
    skipped: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class FileImports:
    """What the files in play import (:meth:`WorkTree.imports`).

    Attributes:
        packages: the packages their import lines name, as manifests write them
            (``fastapi``, ``@tanstack/react-query``), each once, first-seen; relative imports
            left out.
        read: how many files in play were read for them (existing files of a language whose
            import lines are read); ``0``: nothing is known of what the files use.
    """

    packages: tuple[str, ...] = ()
    read: int = 0


class WorkTree(Protocol):
    """The repository's files on disk, as far as the files in play need them (never read)."""

    def locate(self, root: str, path: str) -> FileState:
        """Where ``path`` (normalised, relative to ``root``, the repository's absolute path) is,
        symbolic links followed."""
        ...

    def near(self, root: str, path: str) -> tuple[str, ...]:
        """For a ``path`` that does not exist (normalised, relative to ``root``): the existing
        files whose paths are close to it (a typo: ``invoice.service.ts`` for
        ``invoices.service.ts``, ``Controlers/`` for ``Controllers/``), as paths relative to
        ``root``, closest first; ``()`` when none is, or nothing can be read inside ``root``."""
        ...

    def files_in(self, root: str, folder: str, limit: int) -> tuple[str, ...]:
        """The files under ``folder`` (normalised, relative to ``root``), at any depth, as
        paths relative to ``root`` in sorted order, at most ``limit``: hidden, dependency and
        build folders skipped, nothing that resolves outside ``root``; ``()`` when none can be
        read."""
        ...

    def imports(self, root: str, paths: Sequence[str]) -> FileImports:
        """What the files ``paths`` (normalised, relative to ``root``) import: the packages
        named by the import lines of those that exist inside ``root`` and are of a language
        whose import lines name packages; never an error (an unreadable file is not read)."""
        ...

    def package_stack(self, root: str, paths: Sequence[str]) -> PackageStack:
        """What the files' own packages declare: for each of ``paths`` (normalised, relative
        to ``root``), the nearest folder from the file's up to ``root`` (included: an Angular
        application at the root of a repository whose ``bff/`` is an Express server) whose
        manifests declare dependencies; their names, each once, first-seen, and the manifests
        met on the way that could not be used. Empty when no file is in such a package."""
        ...
