"""The platform catalog on PostgreSQL (seed 001): catalog versions, talents (manifests and
bodies), projects and their enabled talents; decision 0015-platform-catalog.

Every statement is parameterised; talent ids and project names are validated before they reach
a query. A catalog version is written in one transaction (:meth:`PlatformStore.publish`), so a
reader sees the previous version until the new one commits, never half of it.
"""

from __future__ import annotations

import contextlib
import difflib
import hashlib
import json
import re
import threading
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final

import psycopg

from grace.errors import (
    CatalogError,
    CatalogStoreError,
    InvalidIdError,
    UnknownProjectError,
    UnknownTalentError,
    map_exceptions,
)
from grace.resolution.adapters.talent_codec import manifest_json, talent_from_json
from grace.resolution.domain.ports import PublishedVersion
from grace.resolution.domain.talent import DEPTHS, Depth, Project, Talent, check_talent_id

SCHEMA_VERSION: Final = 1
_LOCK_KEY: Final = 60_017
"""``pg_advisory_xact_lock`` key of the catalog migrations (the member store uses 60031)."""
_MIGRATIONS: Final[dict[int, list[str]]] = {
    1: [
        """CREATE TABLE catalog_versions (
            id BIGSERIAL PRIMARY KEY,
            catalog TEXT NOT NULL,
            content_hash TEXT NOT NULL,
            talents INTEGER NOT NULL,
            published_at TIMESTAMPTZ NOT NULL DEFAULT now())""",
        "CREATE INDEX catalog_versions_latest ON catalog_versions (catalog, id DESC)",
        """CREATE TABLE catalog_talents (
            version_id BIGINT NOT NULL REFERENCES catalog_versions (id) ON DELETE CASCADE,
            talent_id TEXT NOT NULL,
            name TEXT NOT NULL, talent_version TEXT NOT NULL, type TEXT NOT NULL,
            status TEXT NOT NULL,
            manifest TEXT NOT NULL,
            PRIMARY KEY (version_id, talent_id))""",
        """CREATE TABLE catalog_talent_bodies (
            version_id BIGINT NOT NULL,
            talent_id TEXT NOT NULL,
            body_compact TEXT NOT NULL, body_standard TEXT NOT NULL, body_full TEXT NOT NULL,
            PRIMARY KEY (version_id, talent_id),
            FOREIGN KEY (version_id, talent_id)
                REFERENCES catalog_talents (version_id, talent_id) ON DELETE CASCADE)""",
        """CREATE TABLE projects (
            name TEXT PRIMARY KEY,
            catalog TEXT NOT NULL,
            languages TEXT NOT NULL,
            created_at TIMESTAMPTZ NOT NULL DEFAULT now())""",
        """CREATE TABLE project_talents (
            project TEXT NOT NULL REFERENCES projects (name) ON DELETE CASCADE,
            talent_id TEXT NOT NULL,
            enabled BOOLEAN NOT NULL,
            always BOOLEAN NOT NULL DEFAULT false,
            position BIGSERIAL,
            PRIMARY KEY (project, talent_id))""",
    ],
}
_DRIVER_ERRORS: Final[dict[type[Exception], type[CatalogStoreError]]] = {
    psycopg.Error: CatalogStoreError
}
_NAME_RE: Final = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$")
DEFAULT_CATALOG: Final = "default"
"""The catalog name ``grace catalog publish`` and ``grace project create`` use by default."""


def check_name(value: str, what: str = "project") -> str:
    """Return ``value`` if it is a well-formed project or catalog name (letters, digits, ``.``,
    ``_``, ``-``; at most 128 characters; starts with a letter or digit).

    Raises:
        InvalidIdError: any other value.
    """
    if not isinstance(value, str) or not _NAME_RE.match(value):
        raise InvalidIdError(
            f"invalid {what} name {value!r}: use letters, digits, '.', '_' and '-' "
            "(at most 128 characters)"
        )
    return value


def check_url(url: str) -> str:
    """Return ``url`` if it names a PostgreSQL database (``postgresql://`` or ``postgres://``).

    Raises:
        ConfigError: any other URL (the message shows the expected form).
    """
    from grace.errors import ConfigError

    if not isinstance(url, str) or not url.startswith(("postgresql://", "postgres://")):
        shown = url if len(url) < 80 else url[:77] + "..."
        raise ConfigError(
            f"platform catalog URL {shown!r}: use postgresql://USER@HOST:PORT/DATABASE "
            "(the password in PGPASSWORD or ~/.pgpass, not in a versioned file)"
        )
    return url


def content_hash(talents: Sequence[Talent]) -> str:
    """SHA-256 (hex) of the manifests and bodies of ``talents`` (in id order)."""
    h = hashlib.sha256()
    for t in sorted(talents, key=lambda t: t.id):
        h.update(json.dumps([t.id, manifest_json(t), [t.bodies[d] for d in DEPTHS]],
                            ensure_ascii=False).encode())
    return h.hexdigest()


@dataclass(frozen=True, slots=True)
class PlatformProject:
    """A project of the platform: the project and the name of the catalog it uses."""

    project: Project
    catalog: str


class PlatformStore:
    """The platform tables on one PostgreSQL database (one connection, migrated on open).

    Thread-safe: a lock serialises the connection's use (the MCP server may call it from
    worker threads).

    Raises:
        ConfigError: not a PostgreSQL URL.
        CatalogStoreError: the database cannot be reached or migrated, or is newer than this
            GRACE.
    """

    def __init__(self, url: str) -> None:
        check_url(url)
        self.url = url
        self._lock = threading.RLock()
        with map_exceptions(_DRIVER_ERRORS, "cannot connect to the platform catalog database"):
            self._db = psycopg.connect(url, autocommit=True)
        try:
            self.migrate()
        except BaseException:
            self._db.close()
            raise

    def close(self) -> None:
        """Close the connection."""
        with self._lock:
            self._db.close()

    def __enter__(self) -> PlatformStore:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    @contextlib.contextmanager
    def _mapped(self, what: str = "platform catalog query failed") -> Iterator[None]:
        with self._lock, map_exceptions(_DRIVER_ERRORS, what):
            yield

    def _rows(self, sql: str, params: Sequence[Any] = ()) -> list[tuple[Any, ...]]:
        with self._mapped():
            cur = self._db.execute(sql, params)
            return cur.fetchall() if cur.description else []

    def migrate(self) -> None:
        """Create or upgrade the tables (numbered steps under an advisory lock, as the member
        store does).

        Raises:
            CatalogStoreError: the database is newer than this GRACE, or a step failed.
        """
        with self._mapped("platform catalog migration failed"), self._db.transaction():
            self._db.execute("SELECT pg_advisory_xact_lock(%s)", (_LOCK_KEY,))
            self._db.execute("CREATE TABLE IF NOT EXISTS catalog_schema_version (version INT)")
            row = self._db.execute("SELECT max(version) FROM catalog_schema_version").fetchone()
            current = (row[0] if row else None) or 0
            if current > SCHEMA_VERSION:
                raise CatalogStoreError(
                    f"platform catalog schema {current} is newer than this GRACE "
                    f"({SCHEMA_VERSION}): upgrade GRACE")
            for v in range(current + 1, SCHEMA_VERSION + 1):
                for stmt in _MIGRATIONS[v]:
                    self._db.execute(stmt)
                self._db.execute("INSERT INTO catalog_schema_version VALUES (%s)", (v,))

    # -- catalog versions -------------------------------------------------------------------

    def latest_version(self, catalog: str) -> int | None:
        """The newest committed version of ``catalog``, or ``None`` when it was never published."""
        rows = self._rows("SELECT max(id) FROM catalog_versions WHERE catalog = %s",
                          (check_name(catalog, "catalog"),))
        return int(rows[0][0]) if rows and rows[0][0] is not None else None

    def publish(self, catalog: str, talents: Sequence[Talent]) -> PublishedVersion:
        """:class:`~grace.resolution.domain.ports.CatalogPublisher`: one transaction; a content
        equal to the latest version's writes nothing (``created=False``)."""
        check_name(catalog, "catalog")
        digest = content_hash(talents)
        with self._mapped("publishing the catalog failed (nothing was written)"), \
                self._db.transaction():
            row = self._db.execute(
                "SELECT id, content_hash, talents FROM catalog_versions WHERE catalog = %s "
                "ORDER BY id DESC LIMIT 1", (catalog,)).fetchone()
            if row is not None and row[1] == digest:
                return PublishedVersion(catalog, int(row[0]), int(row[2]), digest, False)
            row = self._db.execute(
                "INSERT INTO catalog_versions (catalog, content_hash, talents) "
                "VALUES (%s, %s, %s) RETURNING id", (catalog, digest, len(talents))).fetchone()
            assert row is not None
            version = int(row[0])
            with self._db.cursor() as cur:
                for t in talents:
                    cur.execute(
                        "INSERT INTO catalog_talents (version_id, talent_id, name, "
                        "talent_version, type, status, manifest) "
                        "VALUES (%s, %s, %s, %s, %s, %s, %s)",
                        (version, t.id, t.name, t.version, t.type, t.status, manifest_json(t)))
                    cur.execute(
                        "INSERT INTO catalog_talent_bodies (version_id, talent_id, "
                        "body_compact, body_standard, body_full) VALUES (%s, %s, %s, %s, %s)",
                        (version, t.id, *(t.bodies[d] for d in DEPTHS)))
        return PublishedVersion(catalog, version, len(talents), digest, True)

    def manifests(self, version: int) -> list[tuple[str, str]]:
        """``(talent id, manifest JSON)`` of a version, by id."""
        return [(str(i), str(m)) for i, m in self._rows(
            "SELECT talent_id, manifest FROM catalog_talents WHERE version_id = %s "
            "ORDER BY talent_id", (version,))]

    def bodies(self, version: int, talent_id: str | None = None
               ) -> dict[str, dict[Depth, str]]:
        """Talent id -> depth -> body, of one talent or of the whole version."""
        sql = ("SELECT talent_id, body_compact, body_standard, body_full "
               "FROM catalog_talent_bodies WHERE version_id = %s")
        params: tuple[Any, ...] = (version,)
        if talent_id is not None:
            sql += " AND talent_id = %s"
            params += (talent_id,)
        return {str(r[0]): dict(zip(DEPTHS, (str(x) for x in r[1:]), strict=True))
                for r in self._rows(sql, params)}

    # -- projects ---------------------------------------------------------------------------

    def project_names(self) -> list[str]:
        """Every project's name, sorted."""
        return [str(r[0]) for r in self._rows("SELECT name FROM projects ORDER BY name")]

    def project(self, name: str) -> PlatformProject:
        """A project with its enabled (in the order they were enabled) and disabled talents.

        Raises:
            InvalidIdError: a malformed name.
            UnknownProjectError: no such project (the message suggests close names).
        """
        return self.project_and_version(name)[0]

    def project_and_version(self, name: str) -> tuple[PlatformProject, int | None]:
        """:meth:`project` and the latest version of its catalog (``None``: never published),
        in one round trip (what a server reads on each request).

        Raises:
            InvalidIdError, UnknownProjectError: as :meth:`project`.
        """
        check_name(name)
        rows = self._rows(
            "SELECT p.catalog, p.languages, "
            "(SELECT max(v.id) FROM catalog_versions v WHERE v.catalog = p.catalog), "
            "t.talent_id, t.enabled, t.always "
            "FROM projects p LEFT JOIN project_talents t ON t.project = p.name "
            "WHERE p.name = %s ORDER BY t.position", (name,))
        if not rows:
            close = difflib.get_close_matches(name, self.project_names(), n=3)
            hint = f"; did you mean {', '.join(close)}?" if close else ""
            raise UnknownProjectError(
                f"no project {name!r} in the platform database{hint} "
                "(create it with `grace project create NAME --db URL`)")
        talents = [r[3:] for r in rows if r[3] is not None]
        project = Project(
            name=name,
            enabled=tuple(str(t[0]) for t in talents if t[1]),
            disabled=tuple(str(t[0]) for t in talents if not t[1]),
            languages=tuple(json.loads(rows[0][1])),
            always=tuple(str(t[0]) for t in talents if t[1] and t[2]),
            source=f"platform project {name}",
        )
        version = rows[0][2]
        return PlatformProject(project, str(rows[0][0])), (None if version is None
                                                          else int(version))

    def create_project(self, name: str, *, catalog: str = DEFAULT_CATALOG,
                       languages: Sequence[str] = (),
                       talents: Mapping[str, tuple[bool, bool]] | None = None) -> PlatformProject:
        """Create a project (``talents``: id -> ``(enabled, always)``, in order), in one
        transaction.

        Raises:
            InvalidIdError: a malformed name or talent id.
            ProjectError: a project of that name exists.
        """
        from grace.errors import ProjectError

        check_name(name)
        check_name(catalog, "catalog")
        items = list((talents or {}).items())
        for tid, _ in items:
            check_talent_id(tid)
        with self._mapped("creating the project failed"), self._db.transaction():
            exists = self._db.execute("SELECT 1 FROM projects WHERE name = %s",
                                      (name,)).fetchone()
            if exists:
                raise ProjectError(f"project {name!r} already exists in the platform database")
            self._db.execute("INSERT INTO projects (name, catalog, languages) VALUES (%s, %s, %s)",
                             (name, catalog, json.dumps([x.lower() for x in languages])))
            with self._db.cursor() as cur:
                for tid, (enabled, always) in items:
                    cur.execute("INSERT INTO project_talents (project, talent_id, enabled, always) "
                                "VALUES (%s, %s, %s, %s)", (name, tid, enabled, always))
        return self.project(name)

    def set_enabled(self, name: str, ids: Sequence[str], *, enabled: bool
                    ) -> tuple[tuple[str, ...], tuple[str, ...]]:
        """Switch ``ids`` of project ``name`` on or off, in one transaction.

        Returns:
            ``(changed, unchanged)`` in the order given.

        Raises:
            InvalidIdError: a malformed id. UnknownProjectError: no such project.
        """
        check_name(name)
        for tid in ids:
            check_talent_id(tid)
        changed: list[str] = []
        unchanged: list[str] = []
        with self._mapped("switching talents failed"), self._db.transaction():
            if self._db.execute("SELECT 1 FROM projects WHERE name = %s FOR UPDATE",
                                (name,)).fetchone() is None:
                raise UnknownProjectError(f"no project {name!r} in the platform database")
            for tid in ids:
                row = self._db.execute(
                    "SELECT enabled FROM project_talents WHERE project = %s AND talent_id = %s",
                    (name, tid)).fetchone()
                if row is not None and bool(row[0]) == enabled:
                    unchanged.append(tid)
                    continue
                if row is None:
                    self._db.execute("INSERT INTO project_talents (project, talent_id, enabled) "
                                     "VALUES (%s, %s, %s)", (name, tid, enabled))
                else:
                    self._db.execute("UPDATE project_talents SET enabled = %s "
                                     "WHERE project = %s AND talent_id = %s", (enabled, name, tid))
                changed.append(tid)
        return tuple(changed), tuple(unchanged)


class PostgresTalentContent:
    """:class:`~grace.resolution.domain.ports.TalentContentSource`: the bodies one catalog
    version stores (decision 0015-platform-catalog: bodies live in the database)."""

    def __init__(self, store: PlatformStore, version: int) -> None:
        self._store = store
        self.version = version

    def bodies(self, talent_id: str) -> Mapping[Depth, str]:
        check_talent_id(talent_id)
        found = self._store.bodies(self.version, talent_id)
        if talent_id not in found:
            raise UnknownTalentError(f"no talent {talent_id!r} in catalog version "
                                     f"{self.version}")
        return found[talent_id]

    def all_bodies(self) -> dict[str, dict[Depth, str]]:
        """Every talent's bodies in one query (what a reader loads at once)."""
        return self._store.bodies(self.version)


class PostgresCatalogReader:
    """:class:`~grace.resolution.domain.ports.CatalogReader` over one published version of a
    platform catalog: the manifests of ``catalog_talents``, the bodies of its content source.

    A version never changes once committed, so it is read once, at construction (two queries).

    Raises:
        CatalogError: the catalog was never published, or a stored manifest is unreadable.
        CatalogStoreError: the database failed.
    """

    def __init__(self, store: PlatformStore, catalog: str, version: int | None = None) -> None:
        self.catalog = check_name(catalog, "catalog")
        found = store.latest_version(catalog) if version is None else version
        if found is None:
            raise CatalogError(
                f"catalog {catalog!r} was never published: run `grace catalog publish FOLDER "
                f"--db URL --name {catalog}`")
        self.version = found
        content = PostgresTalentContent(store, found)
        bodies = content.all_bodies()
        self._talents: dict[str, Talent] = {}
        self._sorted: tuple[Talent, ...] | None = None
        for tid, text in store.manifests(found):
            if tid not in bodies:
                raise CatalogError(f"catalog {catalog} version {found}: {tid} has no bodies")
            self._talents[tid] = talent_from_json(
                text, bodies[tid], source=f"{catalog}@{found}/{tid}")

    def talents(self) -> Sequence[Talent]:
        # one tuple for the catalog's life (read once, never changed): a resolve recognises the
        # same catalog state by identity (PreparedCatalog.holds)
        if self._sorted is None:
            self._sorted = tuple(self._talents[k] for k in sorted(self._talents))
        return self._sorted

    def get(self, talent_id: str) -> Talent | None:
        return self._talents.get(talent_id)

    def problems(self) -> Sequence[tuple[str, str]]:
        return []  # a version is validated before it is published


@dataclass(frozen=True, slots=True)
class PostgresProjectSwitches:
    """:class:`~grace.resolution.domain.ports.ProjectSwitches` of one platform project."""

    store: PlatformStore
    project: str

    def set_enabled(self, ids: Sequence[str], *, enabled: bool
                    ) -> tuple[tuple[str, ...], tuple[str, ...]]:
        return self.store.set_enabled(self.project, ids, enabled=enabled)
