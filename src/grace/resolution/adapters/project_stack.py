"""The repository's stack from its dependency manifests (``grace init`` writes it as ``stack:``).

What a project depends on says which rules apply to it better than any word of a task: a
repository whose ``pyproject.toml`` lists ``fastapi`` wants the FastAPI rules on "Add a PATCH
endpoint", not the Django or Blender ones (decision 0023). :func:`detect_dependencies` reads one
folder; :func:`repository_stack` (what ``grace init`` writes) reads the root and the packages of
a monorepo (``backend/go.mod``, ``apps/web/package.json``). Each manifest is bounded in size
and never read through a symbolic link that leads out of its folder:

* ``pyproject.toml`` — ``[project] dependencies`` and ``optional-dependencies``, the
  ``[dependency-groups]`` of PEP 735 and uv's ``[tool.uv] dev-dependencies``, Poetry's
  ``[tool.poetry.dependencies]`` / ``dev-dependencies`` / ``group.*.dependencies``;
* ``requirements*.txt`` and ``requirements/*.txt`` — one PEP 508 requirement per line;
* ``Pipfile`` — ``[packages]``, ``[dev-packages]``;
* ``package.json`` — ``dependencies``, ``devDependencies``, ``peerDependencies``;
* ``Cargo.toml`` — ``[dependencies]``, ``[dev-dependencies]``, a workspace root's
  ``[workspace.dependencies]``;
* ``go.mod`` — ``require`` lines (the module path's last two segments, less a major version's
  ``/vN``: ``github.com/jackc/pgx/v5`` -> ``jackc/pgx``), not those marked
  ``// indirect`` (the dependencies' own);
* ``pom.xml`` — each dependency's, the parent's and each plugin's ``artifactId``;
  ``build.gradle`` / ``build.gradle.kts`` — each dependency's artifact;
* ``Gemfile`` — ``gem "name"``; ``composer.json`` — ``require``, ``require-dev``;
* ``mix.exs`` (Elixir) — each dependency of its ``deps`` function;
* ``Package.swift``, ``Package.resolved``, an Xcode project's packages, ``Podfile`` (Swift);
  Unity's ``Packages/manifest.json``;
* ``pubspec.yaml`` (Dart, Flutter) — ``dependencies``, ``dev_dependencies`` (``flutter:
  {sdk: flutter}`` is the dependency ``flutter``);
* ``*.csproj`` / ``*.fsproj`` / ``*.vbproj``, ``Directory.Packages.props``,
  ``Directory.Build.props`` — each ``PackageReference`` and ``PackageVersion``, and the
  project's SDK (``Microsoft.NET.Sdk.Web`` is ASP.NET Core: :data:`DOTNET_SDKS`).

A package of the repository itself — a ``{ path = … }`` entry, a ``workspace:*`` or ``file:``
specifier — is no dependency (``_keys``).

``stack:`` lists the dependencies by name (``@tanstack/react-query``, ``spring-boot-starter-web``,
``fastapi``); the relevance step reads each one's words, less the words that only say how it is
packaged (:data:`PACKAGING_WORDS`: ``@angular/core`` → ``angular``; ``spring-boot-starter-web``
→ ``spring``, ``boot``, ``web``, ``springboot``), and lifts a rule only when one dependency
names it whole (:func:`~grace.resolution.domain.languages.stack_groups`).
"""

from __future__ import annotations

import json
import os
import re
import tomllib
from collections.abc import Callable, Iterable, Iterator, Mapping
from itertools import zip_longest
from pathlib import Path
from typing import Any, Final

import yaml

from grace.resolution.domain.languages import PACKAGING_WORDS, dependency_words

__all__ = [
    "PACKAGING_WORDS",
    "detect_dependencies",
    "repository_majors",
    "repository_paths",
    "repository_platforms",
    "repository_stack",
    "repository_tools",
    "repository_unread",
]

MAX_MANIFEST_BYTES: Final = 1_000_000
"""A manifest larger than this is skipped (no real one comes close)."""
MAX_DEPENDENCY_CHARS: Final = 200
"""A dependency name longer than this (a ``stack:`` entry's limit) is left out."""
MAX_STACK_DEPENDENCIES: Final = 60
"""At most this many dependencies are kept, in manifest order (direct ones come first)."""

PACKAGE_DEPTH: Final = 2
""":func:`repository_stack` looks for packages this many folder levels below the root
(``backend/``, ``apps/web/``)."""
MAX_PACKAGE_FOLDERS: Final = 400
""":func:`repository_stack` reads at most this many folders (a folder is a handful of
``stat`` calls)."""
SKIPPED_FOLDERS: Final = frozenset({
    "node_modules", "vendor", "venv", "__pycache__", "dist", "build", "target", "out",
    "site-packages", "third_party", "fixtures", "testdata", "examples", "docs"})
"""Folders never looked into for packages (besides hidden ones): installed or generated
dependencies, and sample projects whose manifests are not the repository's stack."""

_PEP508: Final = re.compile(r"^\s*([A-Za-z0-9][A-Za-z0-9._-]*)\s*(?:\[[^\]]*\])?\s*([^;]*)")
"""A PEP 508 requirement's name, then its version specifier (extras and markers left out)."""
_GEM: Final = re.compile(r"""^\s*gem\s+["']([^"']+)["']""", re.MULTILINE)
_GO_REQUIRE: Final = re.compile(
    r"^\s*(?:require\s+)?([a-z0-9.-]+\.[a-z]{2,}/[^\s]+)\s+v[^\s]*(?![^\n]*//\s*indirect)",
    re.MULTILINE)
_GO_MAJOR: Final = re.compile(r"/v[2-9][0-9]*$")
_XML_COMMENT: Final = re.compile(r"<!--.*?-->", re.DOTALL)
_NUGET_PACKAGE: Final = re.compile(
    r"<Package(?:Reference|Version)\s+(?:[^>]*?\s)?Include\s*=\s*\"([A-Za-z0-9._-]+)\"")
_DOTNET_SDK: Final = re.compile(r"<Project\s+(?:[^>]*?\s)?Sdk\s*=\s*\"([A-Za-z0-9._/-]+)\"")
DOTNET_SDKS: Final[dict[str, str]] = {
    "microsoft.net.sdk.web": "Microsoft.AspNetCore",
    "microsoft.net.sdk.razor": "Microsoft.AspNetCore.Components",
    "microsoft.net.sdk.blazorwebassembly": "Microsoft.AspNetCore.Components.WebAssembly",
}
"""A .NET project's SDK -> the framework it builds on, as the package that names it: a Web API
or Blazor Server project references no ASP.NET Core package, its SDK is ASP.NET Core (a new
user's .NET repository got an empty ``stack:``; decision 0010, fourteenth follow-up)."""
DOTNET_PROJECT_SUFFIXES: Final = (".csproj", ".fsproj", ".vbproj")
MAX_DOTNET_PROJECTS: Final = 20
"""Project files read per folder (a folder holds one, a solution folder a few)."""
_POM_ARTIFACT: Final = re.compile(
    r"<(?:dependency|parent|plugin)>(?:(?!</(?:dependency|parent|plugin)>).)*?"
    r"<artifactId>\s*([A-Za-z0-9._-]+)\s*</artifactId>", re.DOTALL)
_GRADLE_DEPENDENCY: Final = re.compile(
    r"^\s*(?:implementation|api|compileOnly|runtimeOnly|annotationProcessor|developmentOnly"
    r"|kapt\w*|ksp\w*|[a-z]\w*(?:Implementation|Api|CompileOnly|RuntimeOnly))\b\s*\(?\s*"
    r"(?:(?:enforced)?[pP]latform\s*\(\s*)?[\"']([A-Za-z0-9._-]+):([A-Za-z0-9._-]+)",
    re.MULTILINE)
_GRADLE_PLUGIN_ID: Final = re.compile(
    r"""^\s*(?:id\s*\(?\s*["']([A-Za-z0-9._-]+)["']|apply\s+plugin\s*:\s*["']([A-Za-z0-9._-]+)["']"""
    r"""|kotlin\s*\(\s*"([A-Za-z0-9._-]+)"\s*\))""",
    re.MULTILINE)
_KOTLIN_PLUGIN: Final = "org.jetbrains.kotlin."
"""``kotlin("android")`` in a Kotlin build script is the plugin ``org.jetbrains.kotlin.android``."""
_GRADLE_INCLUDE: Final = re.compile(r"^\s*include\b([^\n]*)", re.MULTILINE)
_GRADLE_MODULE: Final = re.compile(r"""["']:?([A-Za-z0-9_-]+(?::[A-Za-z0-9_-]+)*)["']""")
GRADLE_PLUGINS: Final[dict[str, str]] = {
    "com.android.application": "android", "com.android.library": "android",
    "com.android.dynamic-feature": "android", "com.android.test": "android",
    "org.jetbrains.kotlin.android": "android",
    "org.jetbrains.kotlin.plugin.compose": "jetpack-compose",
    "org.jetbrains.compose": "compose-multiplatform",
    "com.google.dagger.hilt.android": "hilt-android",
    "org.jetbrains.kotlin.plugin.serialization": "kotlinx-serialization",
    "org.springframework.boot": "spring-boot", "io.ktor.plugin": "ktor",
    "io.quarkus": "quarkus", "io.micronaut.application": "micronaut",
}
"""A Gradle plugin id -> the framework it builds with, as a dependency name: an Android
application applies ``com.android.application`` and may declare no dependency that says
Android (``core-ktx``, ``material3``). Other plugin ids say how the build runs, not what the
code is written with (``com.google.devtools.ksp``), and are not read."""
GRADLE_VERSION_CATALOG: Final = "gradle/libs.versions.toml"
"""Gradle's version catalog (Android Studio's template since 2023): the build files then say
``implementation(libs.hilt.android)`` and the coordinates are here."""
MAX_GRADLE_MODULES: Final = 32
"""Module build files read per Gradle build (``settings.gradle(.kts)``'s ``include``s)."""


class _Manifests:
    """The manifests of one folder, read within it and ``max_bytes``; what exists but cannot
    be used is noted in ``skipped`` (``"package.json: not valid JSON"``)."""

    def __init__(self, root: Path, max_bytes: int) -> None:
        self.root, self.max_bytes = root, max_bytes
        self.skipped: list[str] = []
        self._names: list[str] | None = None
        self._parsed: dict[str, dict[str, Any]] = {}  # each manifest parsed once per folder
        try:
            self._real: Path | None = root.resolve()
        except (OSError, RuntimeError):
            self._real = None

    def text(self, name: str) -> str | None:
        path = self.root / name
        try:
            real = path.resolve()
            if (self._real is None or not path.is_file()
                    or not real.is_relative_to(self._real)):
                return None
            if real.stat().st_size > self.max_bytes:
                self.skipped.append(f"{name}: over {self.max_bytes} bytes")
                return None
            # utf-8-sig: a byte-order mark (npm accepts it; Windows editors write it) is no text
            return real.read_text(encoding="utf-8-sig", errors="replace")
        except OSError:
            return None

    def named(self, suffixes: tuple[str, ...], limit: int) -> list[str]:
        """The names of the folder's entries ending with one of ``suffixes``, in name order, at
        most ``limit`` (the folder is listed once, whatever the readers that ask)."""
        if self._names is None:
            try:
                with os.scandir(self.root) as entries:
                    self._names = sorted(e.name for e in entries)
            except OSError:
                self._names = []
        return [n for n in self._names if n.endswith(suffixes)][:limit]

    def toml(self, name: str) -> dict[str, Any]:
        return self._mapping(name, tomllib.loads, tomllib.TOMLDecodeError, "TOML", "table")

    def yaml(self, name: str) -> dict[str, Any]:
        return self._mapping(name, yaml.safe_load, yaml.YAMLError, "YAML", "mapping")

    def json(self, name: str) -> dict[str, Any]:
        return self._mapping(name, json.loads, ValueError, "JSON", "object")

    def _mapping(self, name: str, load: Callable[[str], Any],
                 error: type[Exception] | tuple[type[Exception], ...], syntax: str,
                 shape: str) -> dict[str, Any]:
        """The manifest ``name`` parsed by ``load`` when it is a mapping, else ``{}``, with a
        line in :attr:`skipped` when it exists but is not (``"package.json: not valid
        JSON"``, ``"pubspec.yaml: not a YAML mapping"``); parsed once, however many readers
        ask."""
        if name not in self._parsed:
            self._parsed[name] = self._parse(name, load, error, syntax, shape)
        return self._parsed[name]

    def _parse(self, name: str, load: Callable[[str], Any],
               error: type[Exception] | tuple[type[Exception], ...], syntax: str,
               shape: str) -> dict[str, Any]:
        text = self.text(name)
        if text is None:
            return {}
        try:
            data = load(text)
        except error:
            self.skipped.append(f"{name}: not valid {syntax}")
            return {}
        except RecursionError:  # "[[[[…" nested thousands deep
            self.skipped.append(f"{name}: nested too deep")
            return {}
        if not isinstance(data, dict):
            self.skipped.append(f"{name}: not a {syntax} {shape}")
            return {}
        return data


_OWN_SPEC: Final = ("workspace:", "file:", "link:", "portal:")
"""npm, pnpm, Yarn and Bun's specifiers of a package of the repository itself."""


def _keys(table: Any) -> list[str]:
    """The dependency names of a manifest's table, less the repository's own packages: a
    ``{ path = "../domain" }`` entry (Cargo, Poetry, pub) or a ``workspace:*`` / ``file:`` /
    ``link:`` specifier (npm, pnpm, Yarn) is a package of its own workspace, not a library it
    uses (a new user's Cargo workspace had its domain crate, ``invoicing-domain``, written in
    ``stack:``)."""
    if not isinstance(table, Mapping):
        return []
    return [str(k) for k, v in table.items()
            if not (isinstance(v, Mapping) and "path" in v)
            and not (isinstance(v, str) and v.strip().startswith(_OWN_SPEC))]


def _table(data: Any, key: str) -> dict[str, Any]:
    value = data.get(key) if isinstance(data, Mapping) else None
    return value if isinstance(value, dict) else {}


def _pep508(lines: Any) -> list[str]:
    if not isinstance(lines, list):
        return []
    names = []
    for line in lines:
        if isinstance(line, str) and not line.lstrip().startswith(("#", "-")):
            m = _PEP508.match(line)
            if m:
                names.append(m.group(1))
    return names


def _python(found: _Manifests) -> list[str]:
    root = found.root
    data = found.toml("pyproject.toml")
    project = _table(data, "project")
    names = _pep508(project.get("dependencies"))
    for extra in _table(project, "optional-dependencies").values():
        names += _pep508(extra)
    for group in _table(data, "dependency-groups").values():  # PEP 735 (uv's dev group)
        names += _pep508(group)  # an {include-group = "…"} table is no requirement
    names += _pep508(_table(_table(data, "tool"), "uv").get("dev-dependencies"))
    poetry = _table(_table(data, "tool"), "poetry")
    names += [n for n in _keys(poetry.get("dependencies")) if n != "python"]
    names += _keys(poetry.get("dev-dependencies"))
    for group in _table(poetry, "group").values():
        names += _keys(_table(group, "dependencies"))
    listed = [*sorted(root.glob("requirements*.txt"))[:5],
              *sorted(root.glob("requirements/*.txt"))[:5]]
    for path in listed:
        text = found.text(path.relative_to(root).as_posix())
        if text is not None:
            names += _pep508(text.splitlines())
    pipfile = found.toml("Pipfile")
    names += _keys(pipfile.get("packages")) + _keys(pipfile.get("dev-packages"))
    return names


def _node(found: _Manifests) -> list[str]:
    data = found.json("package.json")
    return [n for key in ("dependencies", "devDependencies", "peerDependencies")
            for n in _keys(data.get(key))]


def _others(found: _Manifests) -> list[str]:
    cargo = found.toml("Cargo.toml")
    names = _keys(cargo.get("dependencies")) + _keys(cargo.get("dev-dependencies"))
    # a workspace's root declares the versions its crates inherit (``axum = { workspace = true }``)
    names += _keys(_table(_table(cargo, "workspace"), "dependencies"))
    go = found.text("go.mod") or ""
    # a major version's suffix is no part of the name: github.com/go-chi/chi/v5 is go-chi/chi
    names += ["/".join(_GO_MAJOR.sub("", m).split("/")[-2:]) for m in _GO_REQUIRE.findall(go)]
    names += _GEM.findall(found.text("Gemfile") or "")
    composer = found.json("composer.json")
    # platform requirements (php, ext-json, lib-icu, composer-plugin-api) have no vendor;
    # phpunit/phpunit is a package (a new user's stack had lost it)
    names += [n for key in ("require", "require-dev") for n in _keys(composer.get(key))
              if "/" in n]
    pubspec = found.yaml("pubspec.yaml")
    names += [n for key in ("dependencies", "dev_dependencies") for n in _keys(pubspec.get(key))]
    return names


def _dotnet(found: _Manifests) -> list[str]:
    """NuGet's ``PackageReference`` / ``PackageVersion`` of the folder's project files and
    ``Directory.*.props``, after the framework its projects' SDK names (:data:`DOTNET_SDKS`),
    as text (no XML parser is fed a repository's file)."""
    names: list[str] = []
    sdks: list[str] = []
    for name in [*found.named(DOTNET_PROJECT_SUFFIXES, MAX_DOTNET_PROJECTS),
                 "Directory.Packages.props", "Directory.Build.props"]:
        text = _XML_COMMENT.sub("", found.text(name) or "")
        sdks += [DOTNET_SDKS[sdk.lower()] for sdk in _DOTNET_SDK.findall(text)
                 if sdk.lower() in DOTNET_SDKS]
        names += _NUGET_PACKAGE.findall(text)
    return [*sdks, *names]


_SWIFT_PACKAGE_URL: Final = re.compile(
    r'\.package\s*\(\s*(?:name\s*:\s*"[^"]*"\s*,\s*)?url\s*:\s*"[^"]*/([A-Za-z0-9._-]+?)'
    r'(?:\.git)?/?"')
_PBXPROJ_PACKAGE: Final = re.compile(
    r'repositoryURL\s*=\s*"?[^";]*/([A-Za-z0-9._-]+?)(?:\.git)?/?"?\s*;')
_POD: Final = re.compile(r"""^\s*pod\s+["']([A-Za-z0-9._-]+)""", re.MULTILINE)
MAX_XCODE_PROJECTS: Final = 5
"""Xcode projects read per folder (``App.xcodeproj``, ``AppTests.xcodeproj``…)."""


def _swift(found: _Manifests) -> list[str]:
    """Swift's packages: ``Package.swift`` (each ``.package(url: ".../Alamofire.git")``: the
    repository's name; a local ``.package(path:)`` is the repository's own code),
    ``Package.resolved`` (each pin's ``identity``; version 1's ``package``), an Xcode project's
    remote packages (``App.xcodeproj/project.pbxproj``: each ``repositoryURL``, and its
    workspace's ``Package.resolved``) and CocoaPods' ``Podfile`` (``pod 'Alamofire'``), as text
    (no plist or Swift parser is fed a repository's file). A new user's SwiftUI app got a
    ``stack:`` of its Express back end's packages only (decision 0010, twenty-third
    follow-up)."""
    names = _SWIFT_PACKAGE_URL.findall(found.text("Package.swift") or "")
    resolved = ["Package.resolved"]
    for project in found.named((".xcodeproj",), MAX_XCODE_PROJECTS):
        names += _PBXPROJ_PACKAGE.findall(found.text(f"{project}/project.pbxproj") or "")
        resolved.append(f"{project}/project.xcworkspace/xcshareddata/swiftpm/Package.resolved")
    for name in resolved:
        data = found.json(name)
        pins = data.get("pins") or _table(data, "object").get("pins")
        for pin in pins if isinstance(pins, list) else ():
            if isinstance(pin, dict) and isinstance(
                    named := pin.get("identity", pin.get("package")), str):
                names.append(named)
    names += _POD.findall(found.text("Podfile") or "")
    return names


UNITY_PREFIX: Final = "com.unity."
UNITY_BUILT_IN: Final = ("modules.", "ide.", "feature.", "collab-proxy")
"""Unity's own packages that say nothing of a game's stack: the engine's built-in modules
(``com.unity.modules.physics``), the IDE integrations, feature sets and version control."""
UNITY_BUNDLES: Final[dict[str, str]] = {"test-framework": "nunit"}
"""A Unity package -> the library it is built on, as rules name it: the Unity Test Framework
runs NUnit 3 (a new user's edit-mode tests were cut from ``skill.csharp-nunit`` as "nunit
named nowhere")."""


def _unity(found: _Manifests) -> list[str]:
    """A Unity project's ``Packages/manifest.json``: ``unity`` (the engine, an application
    framework of C#) when it holds a ``com.unity.*`` package or ``ProjectSettings/
    ProjectVersion.txt`` exists, then each package, Unity's without its ``com.unity.`` prefix
    (``inputsystem``, ``cinemachine``, ``test-framework`` and the ``nunit`` it runs:
    :data:`UNITY_BUNDLES`), none of :data:`UNITY_BUILT_IN`. A new user's Unity game got
    ``stack: [github-actions]`` and the MAUI and WPF rules on every C# file (decision 0010,
    twenty-third follow-up)."""
    packages = _keys(found.json("Packages/manifest.json").get("dependencies"))
    names: list[str] = []
    for package in packages:
        own = package.lower().removeprefix(UNITY_PREFIX)
        if own == package.lower():
            names.append(package)
        elif not own.startswith(UNITY_BUILT_IN):
            names += [own, *([UNITY_BUNDLES[own]] if own in UNITY_BUNDLES else [])]
    engine = (any(p.lower().startswith(UNITY_PREFIX) for p in packages)
              or found.text("ProjectSettings/ProjectVersion.txt") is not None)
    return ["unity", *names] if engine else names


_MIX_DEP: Final = re.compile(r"\{\s*:([a-z][a-z0-9_]*)\s*,")
_MIX_DEPS: Final = re.compile(r"defp?\s+deps\b[^\n]*\n(.*?)^\s*end\b", re.DOTALL | re.MULTILINE)


def _elixir(found: _Manifests) -> list[str]:
    """Elixir's ``mix.exs``: each ``{:phoenix, "~> 1.7"}`` of its ``deps`` function, as text
    (no Elixir is run)."""
    text = found.text("mix.exs") or ""
    return [name for block in _MIX_DEPS.findall(text) for name in _MIX_DEP.findall(block)]


def _jvm(found: _Manifests) -> list[str]:
    """Maven's ``pom.xml`` (the ``artifactId`` of each dependency, the parent and the
    plugins) and Gradle's: the plugins its build files apply that name a framework
    (:data:`GRADLE_PLUGINS`: ``com.android.application`` -> ``android``), the version catalog's
    plugins and libraries (:data:`GRADLE_VERSION_CATALOG`), then each dependency's artifact
    in ``build.gradle`` / ``build.gradle.kts`` and in the build files of the modules
    ``settings.gradle(.kts)`` includes (``include(":app", ":core:data")``, at most
    :data:`MAX_GRADLE_MODULES`; ``implementation("org.postgresql:postgresql:42.7")`` ->
    ``postgresql``). Read as text (no XML parser is fed a repository's file); a module path
    that leaves the folder is not read."""
    pom = _XML_COMMENT.sub("", found.text("pom.xml") or "")
    names = _POM_ARTIFACT.findall(pom)
    builds = [found.text(build) or "" for build in _gradle_builds(found)]
    plugins = [GRADLE_PLUGINS[i] for text in builds
               for plugin_id, applied, kotlin in _GRADLE_PLUGIN_ID.findall(text)
               for i in (plugin_id, applied, kotlin and _KOTLIN_PLUGIN + kotlin)
               if i in GRADLE_PLUGINS]
    catalog = found.toml(GRADLE_VERSION_CATALOG)
    names += plugins + _catalog_plugins(catalog) + _catalog_libraries(catalog)
    for text in builds:
        names += [artifact for _, artifact in _GRADLE_DEPENDENCY.findall(text)]
    return names


def _gradle_builds(found: _Manifests) -> list[str]:
    """The build files of the folder's Gradle build: its own, then those of the modules its
    settings file includes (``:core:data`` -> ``core/data/build.gradle.kts``)."""
    builds = ["build.gradle", "build.gradle.kts"]
    settings = (found.text("settings.gradle.kts") or "") + "\n" + (
        found.text("settings.gradle") or "")
    modules = [m.replace(":", "/") for line in _GRADLE_INCLUDE.findall(settings)
               for m in _GRADLE_MODULE.findall(line)]
    for module in list(dict.fromkeys(modules))[:MAX_GRADLE_MODULES]:
        builds += [f"{module}/build.gradle", f"{module}/build.gradle.kts"]
    return builds


def _catalog_plugins(catalog: dict[str, Any]) -> list[str]:
    """The framework of each plugin of a version catalog's ``[plugins]`` table that names one
    (:data:`GRADLE_PLUGINS`); an entry is ``{ id = "…" }`` or ``"id:version"``."""
    table = catalog.get("plugins")
    out: list[str] = []
    for entry in table.values() if isinstance(table, dict) else ():
        plugin = entry.get("id") if isinstance(entry, dict) else entry
        if isinstance(plugin, str) and (name := GRADLE_PLUGINS.get(plugin.split(":")[0])):
            out.append(name)
    return out


def _catalog_libraries(catalog: dict[str, Any]) -> list[str]:
    """The artifact of each library of a version catalog's ``[libraries]`` table: ``"g:a:v"``,
    ``{ module = "g:a" }`` or ``{ group = "g", name = "a" }`` -> ``a``."""
    table = catalog.get("libraries")
    out: list[str] = []
    for entry in table.values() if isinstance(table, dict) else ():
        if isinstance(entry, str):
            coordinates = entry
        elif isinstance(entry, dict) and isinstance(entry.get("module"), str):
            coordinates = entry["module"]
        elif isinstance(entry, dict) and isinstance(entry.get("name"), str):
            out.append(entry["name"])
            continue
        else:
            continue
        parts = coordinates.split(":")
        if len(parts) >= 2 and parts[1]:
            out.append(parts[1])
    return out


def detect_dependencies(root: Path, *, limit: int = MAX_STACK_DEPENDENCIES,
                        max_bytes: int = MAX_MANIFEST_BYTES,
                        skipped: list[str] | None = None) -> list[str]:
    """The dependencies declared at the root of the repository ``root``, by name, folded to
    lower case, in manifest order, at most ``limit``; a dependency whose words
    (:func:`~grace.resolution.domain.languages.dependency_words`) are those of an earlier one
    is left out (``react-dom`` and ``@types/react`` after ``react``: ``dom`` and ``types`` are
    packaging words), and so is one with no word left (``@vue/test-utils``); a manifest over
    ``max_bytes`` is skipped.

    ``pyproject.toml`` with ``dependencies = ["fastapi>=0.110", "SQLAlchemy>=2"]`` gives
    ``["fastapi", "sqlalchemy"]``; ``package.json`` depending on ``react``, ``react-dom`` and
    ``@tanstack/react-query`` gives ``["react", "@tanstack/react-query"]``. A missing,
    unreadable or malformed manifest gives nothing (never an error: the stack is a hint, not
    a requirement); ``skipped``, when given, receives one line per manifest that exists but
    was not used (``"package.json: not valid JSON"``, ``"pyproject.toml: over 1000000
    bytes"``).
    """
    found = _Manifests(root, max_bytes)
    names = _dependencies(found, limit)
    if skipped is not None:
        skipped.extend(found.skipped)
    return names


def _dependencies(found: _Manifests, limit: int) -> list[str]:
    """:func:`detect_dependencies` of the folder ``found`` reads."""
    names = [*_python(found), *_node(found), *_others(found), *_jvm(found), *_dotnet(found),
             *_swift(found), *_unity(found), *_elixir(found)]
    # a name longer than ``stack:`` holds (npm allows 214 characters) is no framework's
    return _distinct((name.lower() for name in names if len(name) <= MAX_DEPENDENCY_CHARS),
                     limit)


def _distinct(names: Iterable[str], limit: int) -> list[str]:
    """``names`` in order, at most ``limit``, each saying something the earlier ones do not
    (its words differ); of two with the same words the plainer name is kept in the first
    one's place (``react`` for ``@types/react``). A short plain name with no word of three
    letters (``pg``) is kept whole."""
    by_words: dict[frozenset[str], str] = {}
    for name in names:
        # a short plain name (the ``pg`` gem, PostgreSQL's driver) is kept as itself
        own = frozenset(dependency_words(name)) or (
            frozenset({name}) if _plain(name) and len(name) > 1 else frozenset())
        if not own:
            continue
        if own in by_words:
            if _plain(name) and not _plain(by_words[own]):
                by_words[own] = name
            continue
        if len(by_words) >= limit:
            continue  # a later duplicate may still make an earlier name plainer
        by_words[own] = name
    return list(by_words.values())


def _plain(name: str) -> bool:
    """A dependency named by its one word alone (``react``, not ``@types/react``)."""
    return name.isalnum()


def repository_stack(root: Path, *, limit: int = MAX_STACK_DEPENDENCIES,
                     max_bytes: int = MAX_MANIFEST_BYTES) -> list[str]:
    """The dependencies of the repository ``root`` and of its packages, by name (what ``grace
    init`` writes as ``stack:``): :func:`detect_dependencies` of the root and of every folder
    down to :data:`PACKAGE_DEPTH` levels below it that declares dependencies (a monorepo's
    ``backend/go.mod`` and ``web/package.json``), hidden folders and :data:`SKIPPED_FOLDERS`
    left out, at most :data:`MAX_PACKAGE_FOLDERS` folders read, no symbolic link followed out
    of ``root``.

    The packages' dependencies are taken in turn (the first of each package, then the
    second…; the root, then the folders one level down, then two, each level in name order),
    each once, one whose words are an earlier one's left out, at most ``limit``: a
    package with 80 dependencies does not crowd out another's framework. A repository with
    manifests at its root alone gives what :func:`detect_dependencies` gives.

    ``backend/go.mod`` requiring ``github.com/gin-gonic/gin`` and ``web/package.json``
    depending on ``vue`` and ``pinia`` -> ``["gin-gonic/gin", "vue", "pinia"]``. A package of
    the repository itself, named by one of the manifests read (:func:`_own_names`), is no
    dependency.
    """
    try:
        base = root.resolve()
    except (OSError, RuntimeError):
        return []
    read = [_Manifests(folder, max_bytes)
            for folder in _package_folders(base, MAX_PACKAGE_FOLDERS)]
    own = {name for found in read for name in _own_names(found)}
    packages = [[n for n in names if n not in own] for found in read
                if (names := _dependencies(found, limit))]
    return _distinct((name for batch in zip_longest(*packages) for name in batch
                      if name is not None), limit)


def repository_unread(root: Path, *, max_bytes: int = MAX_MANIFEST_BYTES) -> list[str]:
    """The manifests of ``root`` and of its packages (the folders :func:`repository_stack`
    reads) that exist but could not be used, one line each with its path from ``root``
    (``"apps/web/package.json: not valid JSON"``, ``"pyproject.toml: over 1000000 bytes"``):
    what ``grace init`` read of the stack is short of them, and says so."""
    try:
        base = root.resolve()
    except (OSError, RuntimeError):
        return []
    lines: list[str] = []
    for folder in _package_folders(base, MAX_PACKAGE_FOLDERS):
        skipped: list[str] = []
        detect_dependencies(folder, max_bytes=max_bytes, skipped=skipped)
        where = folder.relative_to(base).as_posix()
        lines += [line if where == "." else f"{where}/{line}" for line in skipped]
    return lines


def _own_names(found: _Manifests) -> list[str]:
    """The names the folder's manifests give the package they describe (``package.json``'s
    ``name``, Cargo's ``[package] name``, ``pyproject.toml``'s ``[project]`` or Poetry's
    ``name``, ``composer.json``'s, ``pubspec.yaml``'s), folded to lower case: a package of the
    repository, which its other packages depend on by name (``"@acme/ui": "*"`` in an npm
    workspace, ``freight-domain.workspace = true`` in a Cargo one), not a library it uses."""
    pyproject = found.toml("pyproject.toml")
    tables = [found.json("package.json"), _table(found.toml("Cargo.toml"), "package"),
              _table(pyproject, "project"), _table(_table(pyproject, "tool"), "poetry"),
              found.json("composer.json"), found.yaml("pubspec.yaml")]
    return [name.strip().lower() for table in tables
            if isinstance(name := table.get("name"), str) and name.strip()]


_MAJOR: Final = re.compile(r"^\s*(?:[~^=>v]|~>|>=|==|~=|\s)*(\d+)")
"""The major version a specifier's lower bound names: ``^5.1.0``, ``~> 7.1``, ``>=5.0,<6``,
``==4.2.7``, ``5.x`` -> its first number; ``<6``, ``*``, ``latest`` name none."""
_GEM_VERSION: Final = re.compile(
    r"""^\s*gem\s+["']([^"']+)["']\s*,\s*["']([^"']+)["']""", re.MULTILINE)


def _major(spec: Any) -> int | None:
    if isinstance(spec, Mapping):  # Poetry's {version = "^5.0", extras = […]}
        spec = spec.get("version")
    m = _MAJOR.match(spec) if isinstance(spec, str) else None
    return int(m.group(1)) if m else None


def _folder_majors(found: _Manifests) -> list[tuple[str, int | None]]:
    pairs: list[tuple[str, int | None]] = []
    package = found.json("package.json")
    for key in ("dependencies", "devDependencies", "peerDependencies"):
        table = package.get(key)
        if isinstance(table, Mapping):
            pairs += [(str(n), _major(v)) for n, v in table.items()]
    data = found.toml("pyproject.toml")
    project = _table(data, "project")
    listed = project.get("dependencies")
    lines = [*(listed if isinstance(listed, list) else []),
             *(x for extra in _table(project, "optional-dependencies").values()
               if isinstance(extra, list) for x in extra)]
    for path in sorted(found.root.glob("requirements*.txt"))[:5]:
        lines += (found.text(path.name) or "").splitlines()
    for line in lines:
        m = _PEP508.match(line) if isinstance(line, str) else None
        if m and not line.lstrip().startswith(("#", "-")):
            pairs.append((m.group(1), _major(m.group(2))))
    poetry = _table(_table(data, "tool"), "poetry")
    pairs += [(str(n), _major(v)) for n, v in _table(poetry, "dependencies").items()]
    pairs += [(n, _major(v)) for n, v in _GEM_VERSION.findall(found.text("Gemfile") or "")]
    composer = found.json("composer.json")
    for key in ("require", "require-dev"):
        table = composer.get(key)
        if isinstance(table, Mapping):
            pairs += [(str(n), _major(v)) for n, v in table.items()]
    return pairs


def repository_majors(root: Path, *, max_bytes: int = MAX_MANIFEST_BYTES) -> dict[str, int]:
    """The major version of each dependency the manifests of ``root`` and of its packages
    (the folders :func:`repository_stack` reads) pin from below, by name folded to lower case:
    npm's ``package.json`` (``"svelte": "^5.1.0"`` -> 5), ``pyproject.toml``'s PEP 508 lines
    and Poetry table, ``requirements*.txt``, the ``Gemfile`` (``gem 'rails', '~> 7.1'``) and
    ``composer.json``; the lowest of a monorepo's packages (a Svelte 4 app beside a Svelte 5
    one: 4 — a rule for either is the repository's). A specifier with no
    lower bound (``*``, ``<6``, ``workspace:*``) gives none. ``grace init`` compares them with
    the versions a rule is written for
    (:func:`~grace.resolution.domain.languages.older_version`)."""
    try:
        base = root.resolve()
    except (OSError, RuntimeError):
        return {}
    majors: dict[str, int] = {}
    for folder in _package_folders(base, MAX_PACKAGE_FOLDERS):
        for name, major in _folder_majors(_Manifests(folder, max_bytes)):
            if major is not None:
                key = name.lower()
                majors[key] = min(major, majors.get(key, major))
    return majors


def _package_folders(base: Path, max_folders: int) -> Iterator[Path]:
    """``base`` (resolved), then its folders down to :data:`PACKAGE_DEPTH` levels below it,
    breadth first, each level in name order (:func:`_subfolders`), at most ``max_folders``."""
    level, read = [base], 0
    for depth in range(PACKAGE_DEPTH + 1):
        below: list[Path] = []
        for folder in level:
            if read >= max_folders:
                return
            read += 1
            yield folder
            if depth < PACKAGE_DEPTH:
                below += _subfolders(folder, base)
        level = below


def _subfolders(folder: Path, base: Path) -> list[Path]:
    """The folders directly in ``folder`` that may hold a package, in name order (hidden,
    :data:`SKIPPED_FOLDERS` and those resolving outside ``base`` left out)."""
    try:
        with os.scandir(folder) as entries:
            names = sorted(e.name for e in entries
                           if not e.name.startswith(".") and e.name not in SKIPPED_FOLDERS
                           and e.is_dir())
    except OSError:
        return []
    out = []
    for name in names:
        try:
            real = (folder / name).resolve()
        except (OSError, RuntimeError):
            continue
        if real.is_relative_to(base) and real != base:
            out.append(folder / name)
    return out


MAX_REPOSITORY_PATHS: Final = 5_000
""":func:`repository_paths` lists at most this many files (the vocabulary needs a sample)."""


def repository_paths(root: Path, *, limit: int = MAX_REPOSITORY_PATHS) -> list[str]:
    """The repository's files, relative to ``root`` with ``/`` separators, breadth first in
    name order, hidden folders and files and :data:`SKIPPED_FOLDERS` left out, no symbolic
    link followed, at most ``limit``; what cannot be read is skipped (never an error). What
    ``grace init`` reads the project's own words from
    (:func:`~grace.resolution.domain.activation.repository_vocabulary`).
    """
    out: list[str] = []
    level = [root]
    while level and len(out) < limit:
        below: list[Path] = []
        for folder in level:
            try:
                with os.scandir(folder) as entries:
                    found = sorted((e.name, e.is_dir(follow_symlinks=False),
                                    e.is_file(follow_symlinks=False)) for e in entries
                                   if not e.name.startswith("."))
            except OSError:
                continue
            for name, is_dir, is_file in found:
                if is_dir and name not in SKIPPED_FOLDERS:
                    below.append(folder / name)
                elif is_file and len(out) < limit:
                    out.append((folder / name).relative_to(root).as_posix())
        level = below
    return out


TOOL_FILES: Final[tuple[tuple[str, str], ...]] = (
    (".github/workflows", "github-actions"),
    (".gitlab-ci.yml", "gitlab-ci"),
    ("Jenkinsfile", "jenkins"),
    ("Dockerfile", "docker"),
    ("docker-compose.yml", "docker"),
    ("docker-compose.yaml", "docker"),
    ("compose.yaml", "docker"),
    ("compose.yml", "docker"),
    ("Chart.yaml", "helm"),
    ("k8s", "kubernetes"),
    ("kubernetes", "kubernetes"),
    ("main.tf", "terraform"),
    ("terraform", "terraform"),
    ("*.bicep", "azure-bicep"),
    ("firebase.json", "firebase"),
    ("vercel.json", "vercel"),
    ("netlify.toml", "netlify"),
    ("wrangler.toml", "cloudflare-workers"),
    ("CMakeLists.txt", "cmake"),
    ("*.ioc", "stm32"),
    ("FreeRTOSConfig.h", "freertos"),
)
"""A file or folder that shows a tool or platform the repository uses without depending on it
in a manifest (its CI, its containers, its infrastructure, where it is deployed), and its name
as ``stack:`` writes it: rules for GitHub Actions, Docker or Azure's Bicep modules are then the
stack's, not another product's (decision 0010, seventeenth follow-up); a CMake build, an
STM32CubeMX project file (``*.ioc``) and FreeRTOS's configuration header show a firmware's
platform, which no manifest names (twenty-fourth follow-up). A name starting with ``*`` is a
file name's ending (``infra/main.bicep``)."""


def repository_tools(root: Path, *, max_folders: int = MAX_PACKAGE_FOLDERS) -> list[str]:
    """The tools (:data:`TOOL_FILES`) whose file or folder the repository ``root`` or one of
    its folders down to :data:`PACKAGE_DEPTH` levels holds (``services/api/Dockerfile``), each
    once, in :data:`TOOL_FILES` order; hidden folders other than ``.github`` and
    :data:`SKIPPED_FOLDERS` are not looked into, no symbolic link is followed out of ``root``,
    at most ``max_folders`` folders are read. A repository with ``.github/workflows/ci.yml``
    and a root ``Dockerfile`` -> ``["github-actions", "docker"]``.
    """
    try:
        base = root.resolve()
    except (OSError, RuntimeError):
        return []
    found: set[str] = set()
    for folder in _package_folders(base, max_folders):
        for name, tool in TOOL_FILES:
            try:
                path = next(folder.glob(name), None) if name.startswith("*") else folder / name
                if path is not None and path.exists() and path.resolve().is_relative_to(base):
                    found.add(tool)
            except (OSError, RuntimeError):
                continue
    return list(dict.fromkeys(tool for _, tool in TOOL_FILES if tool in found))


MAX_SOURCE_FILES: Final = 200
""":func:`repository_platforms` reads at most this many files of each kind (``*.tf``,
``*.swift``), in :func:`repository_paths` order."""
MAX_SOURCE_BYTES: Final = 65_536
"""…and at most this many bytes of each (a file's providers and imports come first)."""
_TF_REQUIRED: Final = re.compile(r"required_providers\s*\{")
_TF_PROVIDER_KEY: Final = re.compile(r"^\s*([a-z][a-z0-9_-]*)\s*=\s*\{", re.MULTILINE)
_TF_PROVIDER_BLOCK: Final = re.compile(r'^\s*provider\s+"([a-z][a-z0-9_-]*)"\s*\{', re.MULTILINE)
_SWIFT_IMPORT: Final = re.compile(
    r"^\s*(?:@\w+\s+)*import\s+(?:(?:struct|class|enum|protocol|func|var|let|typealias)\s+)?"
    r"([A-Za-z_][A-Za-z0-9_]*)", re.MULTILINE)
APPLE_FRAMEWORKS: Final[dict[str, str]] = {
    "SwiftUI": "swiftui", "UIKit": "uikit", "AppKit": "appkit", "SwiftData": "swiftdata",
    "CoreData": "coredata", "WidgetKit": "widgetkit", "Combine": "combine",
    "CloudKit": "cloudkit", "StoreKit": "storekit", "MapKit": "mapkit", "ARKit": "arkit",
    "RealityKit": "realitykit", "HealthKit": "healthkit", "AppIntents": "appintents",
    "ActivityKit": "activitykit", "WatchKit": "watchkit", "SpriteKit": "spritekit"}
"""Apple's frameworks a Swift file imports, as ``stack:`` writes them: an iOS app's stack is
its system frameworks (SwiftUI or UIKit, SwiftData or Core Data), which no manifest
declares."""
APPLE_UI_FRAMEWORKS: Final = ("swiftui", "uikit", "appkit")
"""Of these, only the one the most files import is the app's (a SwiftUI app imports UIKit in
its app delegate: a bridge, not its UI framework)."""


def repository_platforms(root: Path, *, max_files: int = MAX_SOURCE_FILES,
                         max_bytes: int = MAX_SOURCE_BYTES) -> list[str]:
    """What the repository's code shows of its platforms where no manifest declares them: the
    Terraform providers of its ``*.tf`` files (the keys of ``required_providers`` and each
    ``provider "aws"`` block: ``aws``, ``azurerm``, ``google``) and the Apple frameworks its
    ``*.swift`` files import (:data:`APPLE_FRAMEWORKS`; of the UI frameworks only the most
    imported, :data:`APPLE_UI_FRAMEWORKS`), the providers first, each once, most files first
    (the UI framework before the others). Files are those of :func:`repository_paths` (no
    hidden folder, no symbolic link), at most ``max_files`` of each kind, the first
    ``max_bytes`` of each; what cannot be read is skipped (never an error). A new user's
    Terraform repository got ``stack: [terraform]`` with no AWS, and a SwiftUI app the UIKit
    rules (decision 0010, twenty-third follow-up).

    A repository whose ``versions.tf`` requires ``aws`` and whose views ``import SwiftUI``
    -> ``["aws", "swiftui"]``.
    """
    try:
        base = root.resolve()
    except (OSError, RuntimeError):
        return []
    paths = repository_paths(base)
    providers: dict[str, int] = {}
    for rel in [p for p in paths if p.endswith(".tf")][:max_files]:
        for name in dict.fromkeys(_tf_providers(_head(base / rel, max_bytes))):
            providers[name] = providers.get(name, 0) + 1
    imported: dict[str, int] = {}
    for rel in [p for p in paths if p.endswith(".swift")][:max_files]:
        for module in dict.fromkeys(_SWIFT_IMPORT.findall(_head(base / rel, max_bytes))):
            if (framework := APPLE_FRAMEWORKS.get(module)) is not None:
                imported[framework] = imported.get(framework, 0) + 1
    ui = sorted((n for n in APPLE_UI_FRAMEWORKS if n in imported), key=lambda n: -imported[n])
    others = sorted((n for n in imported if n not in APPLE_UI_FRAMEWORKS),
                    key=lambda n: -imported[n])
    return [*sorted(providers, key=lambda n: -providers[n]), *ui[:1], *others]


def _head(path: Path, max_bytes: int) -> str:
    """The first ``max_bytes`` of the file ``path`` as text, ``""`` when it cannot be read."""
    try:
        with path.open("rb") as handle:
            return handle.read(max_bytes).decode("utf-8", errors="replace")
    except OSError:
        return ""


def _tf_providers(text: str) -> list[str]:
    """The providers a Terraform file names: each key of a ``required_providers`` block (its
    braces matched) and each ``provider "name"`` block."""
    names = _TF_PROVIDER_BLOCK.findall(text)
    for start in _TF_REQUIRED.finditer(text):
        depth, at = 1, start.end()
        while at < len(text) and depth:
            depth += {"{": 1, "}": -1}.get(text[at], 0)
            at += 1
        block = text[start.end():at]
        names += [m.group(1) for m in _TF_PROVIDER_KEY.finditer(block)
                  if _depth(block, m.start()) == 0]
    return names


def _depth(text: str, at: int) -> int:
    """How many braces are open in ``text`` before ``at``."""
    return text.count("{", 0, at) - text.count("}", 0, at)
