"""``detect_stack``: the words of a repository's dependencies, from its manifests."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from grace.resolution.adapters.project_stack import (
    MAX_MANIFEST_BYTES,
    detect_dependencies,
    repository_stack,
)
from grace.resolution.domain.languages import dependency_words


def detect_stack(root: Path, *, limit: int = 60, max_bytes: int = MAX_MANIFEST_BYTES) -> list[str]:
    """The words of the dependencies declared at ``root`` (what the relevance step reads of
    them), each once, in manifest order, at most ``limit``."""
    words: dict[str, None] = {}
    for name in detect_dependencies(root, limit=limit, max_bytes=max_bytes):
        words.update(dict.fromkeys(dependency_words(name)))
    return list(words)[:limit]


def test_python_node_rust_go_ruby_and_php_manifests(tmp_path: Path) -> None:
    (tmp_path / "pyproject.toml").write_text(
        '[project]\ndependencies = ["fastapi>=0.110", "SQLAlchemy[asyncio]>=2"]\n'
        '[project.optional-dependencies]\ntest = ["pytest>=8"]\n'
        '[tool.poetry.dependencies]\npython = "^3.11"\ndjango = "^5"\n', encoding="utf-8")
    (tmp_path / "requirements-dev.txt").write_text("# tools\n-r base.txt\nruff==0.6\n",
                                                   encoding="utf-8")
    (tmp_path / "package.json").write_text(json.dumps(
        {"dependencies": {"@angular/core": "^17"}, "devDependencies": {"vitest": "1"}}),
        encoding="utf-8")
    (tmp_path / "Cargo.toml").write_text('[dependencies]\ntokio = "1"\n', encoding="utf-8")
    (tmp_path / "go.mod").write_text(
        "module x\n\nrequire (\n\tgithub.com/gin-gonic/gin v1.9.1\n"
        "\tgithub.com/jackc/pgx/v5 v5.6.0\n"
        "\tgithub.com/davecgh/go-spew v1.1.1 // indirect\n)\n", encoding="utf-8")
    (tmp_path / "Gemfile").write_text("gem 'rails', '~> 7.1'\ngem \"pg\", '~> 1.5'\n",
                                      encoding="utf-8")
    (tmp_path / "composer.json").write_text(json.dumps(
        {"require": {"php": ">=8.2", "ext-json": "*", "laravel/framework": "^11"},
         "require-dev": {"phpunit/phpunit": "^10.5"}}), encoding="utf-8")
    stack = detect_stack(tmp_path)
    for word in ("fastapi", "sqlalchemy", "pytest", "django", "ruff", "angular", "vitest",
                 "tokio", "gin", "gonic", "rails", "laravel", "phpunit"):
        assert word in stack, word
    assert "pg" in detect_dependencies(tmp_path)  # a short plain name whole (PostgreSQL's gem)
    assert "jackc/pgx" in detect_dependencies(tmp_path)  # a major version's /v5 is no name
    assert "spew" not in stack  # `// indirect`: a dependency's dependency
    assert "core" not in stack and "framework" not in stack  # how a package is packaged
    assert "python" not in stack and "php" not in stack  # runtimes, not dependencies
    assert "json" not in stack  # a PHP extension is the platform's (ext-json)
    assert stack[:2] == ["fastapi", "sqlalchemy"] and len(stack) == len(set(stack))


def test_pep_735_dependency_groups_and_uv_dev_dependencies(tmp_path: Path) -> None:
    """A uv project's test and lint tools are in ``[dependency-groups]`` (PEP 735), an
    ``{include-group}`` table names no package; older uv projects use ``[tool.uv]``."""
    (tmp_path / "pyproject.toml").write_text(
        '[project]\ndependencies = ["fastapi==0.115"]\n'
        '[dependency-groups]\ndev = ["pytest==8.3", "ruff==0.8", {include-group = "lint"}]\n'
        'lint = ["mypy==1.14"]\n[tool.uv]\ndev-dependencies = ["factory-boy>=3"]\n',
        encoding="utf-8")
    assert detect_dependencies(tmp_path) == ["fastapi", "pytest", "ruff", "mypy", "factory-boy"]


def test_a_dart_pubspec(tmp_path: Path) -> None:
    (tmp_path / "pubspec.yaml").write_text(
        "name: gym\ndependencies:\n  flutter:\n    sdk: flutter\n  flutter_riverpod: ^2.5.1\n"
        "  cloud_firestore: ^5.0.0\ndev_dependencies:\n  mocktail: ^1.0.3\n", encoding="utf-8")
    assert detect_dependencies(tmp_path) == [
        "flutter", "flutter_riverpod", "cloud_firestore", "mocktail"]
    (tmp_path / "pubspec.yaml").write_text("dependencies: [unclosed\n", encoding="utf-8")
    skipped: list[str] = []
    assert detect_dependencies(tmp_path, skipped=skipped) == []
    assert skipped == ["pubspec.yaml: not valid YAML"]
    (tmp_path / "pubspec.yaml").write_text("- a list\n", encoding="utf-8")
    assert detect_dependencies(tmp_path) == []


def test_broken_huge_or_escaping_manifests_give_nothing(tmp_path: Path) -> None:
    repo = tmp_path / "repo"
    repo.mkdir()
    assert detect_stack(repo) == []
    (repo / "pyproject.toml").write_text("[project\ndependencies = [", encoding="utf-8")
    (repo / "package.json").write_text("[1, 2]", encoding="utf-8")
    assert detect_stack(repo) == []
    outside = tmp_path / "outside.json"
    outside.write_text(json.dumps({"dependencies": {"express": "4"}}), encoding="utf-8")
    (repo / "package.json").unlink()
    (repo / "package.json").symlink_to(outside)  # a link out of the repository is not read
    assert detect_stack(repo) == []
    (repo / "package.json").unlink()
    (repo / "package.json").write_text(
        json.dumps({"dependencies": {"express": "4"}, "pad": "x" * MAX_MANIFEST_BYTES}),
        encoding="utf-8")
    assert detect_stack(repo) == []


@pytest.mark.parametrize("pyproject", [
    "[project]\noptional-dependencies = [\"pytest\"]\n",
    "[tool.poetry]\ngroup = [\"a\"]\n",
    "[tool.poetry.group]\ndev = 3\n",
    "[project]\ndependencies = 5\n",
    "project = 1\ntool = [1]\n",
])
def test_a_manifest_of_the_wrong_shape_gives_nothing(tmp_path: Path, pyproject: str) -> None:
    (tmp_path / "pyproject.toml").write_text(pyproject, encoding="utf-8")
    assert detect_stack(tmp_path) == []


def test_requirements_folder_pipfile_and_limits(tmp_path: Path) -> None:
    (tmp_path / "requirements").mkdir()
    (tmp_path / "requirements" / "base.txt").write_text("django>=5\ncelery\n", encoding="utf-8")
    (tmp_path / "Pipfile").write_text('[packages]\nflask = "*"\n[dev-packages]\npytest = "*"\n',
                                      encoding="utf-8")
    assert detect_stack(tmp_path) == ["django", "celery", "flask", "pytest"]
    assert detect_stack(tmp_path, limit=2) == ["django", "celery"]
    assert detect_stack(tmp_path, max_bytes=10) == []  # every manifest over 10 bytes skipped


def _package(folder: Path, *deps: str) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "package.json").write_text(json.dumps({"dependencies": dict.fromkeys(deps, "1")}),
                                         encoding="utf-8")


def test_a_monorepo_s_packages_give_the_stack_each_package_in_turn(tmp_path: Path) -> None:
    repo = tmp_path / "repo"
    _package(repo, "eslint")
    (repo / "backend").mkdir()
    (repo / "backend" / "go.mod").write_text(
        "module shop\n\nrequire (\n\tgithub.com/gin-gonic/gin v1.9.1\n"
        "\tgorm.io/gorm v1.25.0\n)\n", encoding="utf-8")
    _package(repo / "web", "vue", "pinia", "vitest")
    _package(repo / "apps" / "admin", "svelte")  # two levels down: a package
    _package(repo / "apps" / "admin" / "e2e" / "deep", "cypress")  # four: not looked at
    _package(repo / "web" / "node_modules" / "react", "react")  # installed, not the stack
    _package(repo / ".storybook", "storybook")  # hidden
    _package(repo / "examples" / "demo", "express")  # a sample project
    _package(tmp_path / "elsewhere", "angular")
    (repo / "linked").symlink_to(tmp_path / "elsewhere")  # a folder out of the repository
    stack = repository_stack(repo)
    # the root, then one level down, then two (each in name order), one dependency of each
    # in turn, by name
    assert stack == ["eslint", "gin-gonic/gin", "vue", "svelte", "gorm.io/gorm", "pinia",
                     "vitest"]
    assert repository_stack(repo, limit=3) == ["eslint", "gin-gonic/gin", "vue"]
    assert repository_stack(repo / "web") == ["vue", "pinia", "vitest"]
    alone = tmp_path / "alone"
    _package(alone, "next", "react")
    assert repository_stack(alone) == detect_stack(alone) == ["next", "react"]
    assert repository_stack(tmp_path / "missing") == []


def test_packaging_words_are_not_the_stack(tmp_path: Path) -> None:
    """A Go + Vue monorepo's manifests gave ``driver``, ``plugin``, ``test``, ``utils`` and
    ``tsc`` to ``grace init``'s ``stack:`` (decision 0010, twelfth follow-up)."""
    repo = tmp_path / "repo"
    _package(repo / "web", "vue", "@vitejs/plugin-vue", "@vue/test-utils", "vue-tsc")
    (repo / "api").mkdir()
    (repo / "api" / "go.mod").write_text(
        "module shop\n\nrequire (\n\tgorm.io/driver/postgres v1.5.0\n)\n", encoding="utf-8")
    # ``@vue/test-utils`` and ``vue-tsc`` say nothing ``vue`` does not
    assert repository_stack(repo) == ["driver/postgres", "vue", "@vitejs/plugin-vue"]
    assert detect_stack(repo / "web") == ["vue", "vitejs"]


def test_maven_and_gradle_manifests(tmp_path: Path) -> None:
    """A Spring Boot repository's ``pom.xml`` gave no stack at all (a new user's trial)."""
    maven = tmp_path / "maven"
    maven.mkdir()
    (maven / "pom.xml").write_text(
        "<project><parent><groupId>org.springframework.boot</groupId>"
        "<artifactId>spring-boot-starter-parent</artifactId></parent>\n<dependencies>\n"
        "<dependency><groupId>org.springframework.boot</groupId>\n"
        "  <artifactId>spring-boot-starter-data-jpa</artifactId></dependency>\n"
        "<!-- <dependency><artifactId>quarkus-core</artifactId></dependency> -->\n"
        "<dependency><groupId>org.postgresql</groupId><artifactId>postgresql</artifactId>"
        "<scope>runtime</scope></dependency>\n"
        "<dependency><groupId>org.junit.jupiter</groupId><artifactId>junit-jupiter"
        "</artifactId></dependency></dependencies>\n"
        "<artifactId>my-own-app</artifactId></project>\n", encoding="utf-8")
    assert detect_stack(maven) == ["spring", "boot", "springboot", "data", "jpa", "postgresql",
                                   "junit", "jupiter"]  # no comment, no own artifactId
    gradle = tmp_path / "gradle"
    gradle.mkdir()
    (gradle / "build.gradle.kts").write_text(
        'plugins {\n    id("org.springframework.boot") version "3.3.0"\n    kotlin("jvm")\n}\n'
        "dependencies {\n"
        '    implementation("org.springframework.boot:spring-boot-starter-web")\n'
        '    runtimeOnly("org.postgresql:postgresql:42.7.3")\n'
        "    testImplementation 'io.mockk:mockk:1.13.10'\n}\n", encoding="utf-8")
    # the Spring Boot plugin first (GRADLE_PLUGINS), then the dependencies
    assert detect_stack(gradle) == ["spring", "boot", "springboot", "web", "postgresql",
                                    "mockk"]


def test_a_gradle_version_catalog_its_plugins_and_the_included_modules(tmp_path: Path) -> None:
    """An Android application declares its dependencies in ``gradle/libs.versions.toml`` and
    its modules' build files; the root build file only applies plugins (a new user's Android
    app got ``stack: [github-actions]``)."""
    (tmp_path / "build.gradle.kts").write_text(
        "plugins {\n    alias(libs.plugins.android.application) apply false\n}\n",
        encoding="utf-8")
    (tmp_path / "settings.gradle.kts").write_text(
        'rootProject.name = "habits"\ninclude(":app")\ninclude(":core:data", ":../escape")\n',
        encoding="utf-8")
    (tmp_path / "gradle").mkdir()
    (tmp_path / "gradle" / "libs.versions.toml").write_text(
        '[versions]\nhilt = "2.52"\n\n[libraries]\n'
        'hilt-android = { module = "com.google.dagger:hilt-android", version.ref = "hilt" }\n'
        'room-runtime = { group = "androidx.room", name = "room-runtime", version = "2.6.1" }\n'
        'retrofit = "com.squareup.retrofit2:retrofit:2.11.0"\n\n[plugins]\n'
        'android-application = { id = "com.android.application", version = "8.7.0" }\n'
        'ksp = { id = "com.google.devtools.ksp", version = "2.0.21-1.0.25" }\n',
        encoding="utf-8")
    app = tmp_path / "app"
    app.mkdir()
    (app / "build.gradle.kts").write_text(
        'plugins {\n    id("org.jetbrains.kotlin.plugin.compose")\n}\ndependencies {\n'
        "    implementation(libs.hilt.android)\n"
        '    implementation(platform("androidx.compose:compose-bom:2024.09.00"))\n'
        '    androidTestImplementation("androidx.test.espresso:espresso-core:3.6.1")\n}\n',
        encoding="utf-8")
    data = tmp_path / "core" / "data"
    data.mkdir(parents=True)
    (data / "build.gradle").write_text(
        "dependencies {\n    testImplementation 'io.mockk:mockk:1.13.12'\n}\n", encoding="utf-8")
    (tmp_path.parent / "escape").mkdir(exist_ok=True)
    (tmp_path.parent / "escape" / "build.gradle").write_text(
        "dependencies {\n    implementation 'x:outside:1'\n}\n", encoding="utf-8")
    assert detect_dependencies(tmp_path) == [
        "jetpack-compose", "android", "hilt-android", "room-runtime", "retrofit", "compose-bom",
        "espresso-core", "mockk"]  # not ksp (a build tool), not the folder's outside
    # a Kotlin build script's shorthand: kotlin("android") is org.jetbrains.kotlin.android
    older = tmp_path / "older"
    older.mkdir()
    (older / "build.gradle.kts").write_text(
        'plugins {\n    kotlin("android")\n    kotlin("kapt")\n}\n', encoding="utf-8")
    assert detect_dependencies(older) == ["android"]


def test_dependencies_are_kept_by_name_each_saying_something_new(tmp_path: Path) -> None:
    """``stack:`` lists dependencies, not loose words: ``tanstack`` of ``@tanstack/react-query``
    lifted every TanStack Router rule in a React Query project (decision 0010, thirteenth
    follow-up)."""
    _package(tmp_path, "@tanstack/react-query", "@types/react", "React", "react-dom",
             "react-router-dom", "@testing-library/jest-dom")
    assert detect_dependencies(tmp_path) == [
        "@tanstack/react-query", "react", "react-router-dom", "@testing-library/jest-dom"]
    assert detect_dependencies(tmp_path, limit=2) == ["@tanstack/react-query", "react"]
    assert detect_stack(tmp_path) == ["tanstack", "react", "query", "router", "jest"]


def test_dotnet_project_files_and_their_sdk(tmp_path: Path) -> None:
    """A .NET repository's ``stack:`` was empty: ``*.csproj`` and ``Directory.Packages.props``
    were not read, and a Web API references no ASP.NET Core package — its SDK is one."""
    api = tmp_path / "src" / "Clinic.Api"
    api.mkdir(parents=True)
    (api / "Clinic.Api.csproj").write_text(
        '<Project Sdk="Microsoft.NET.Sdk.Web">\n  <ItemGroup>\n'
        '    <PackageReference Include="Microsoft.EntityFrameworkCore.Design" Version="8.0.11">\n'
        "      <PrivateAssets>all</PrivateAssets>\n    </PackageReference>\n"
        '    <!-- <PackageReference Include="Dapper" Version="2.1.0" /> -->\n'
        '    <PackageReference Include="Npgsql.EntityFrameworkCore.PostgreSQL" Version="8.0" />\n'
        '    <ProjectReference Include="..\\Clinic.Domain\\Clinic.Domain.csproj" />\n'
        "  </ItemGroup>\n</Project>\n", encoding="utf-8")
    (tmp_path / "Directory.Packages.props").write_text(
        '<Project><ItemGroup><PackageVersion Include="xunit" Version="2.9.0" />'
        "</ItemGroup></Project>", encoding="utf-8")
    assert detect_dependencies(api) == [
        "microsoft.aspnetcore", "microsoft.entityframeworkcore.design",
        "npgsql.entityframeworkcore.postgresql"]  # no comment, no project reference
    assert repository_stack(tmp_path) == [
        "xunit", "microsoft.aspnetcore", "microsoft.entityframeworkcore.design",
        "npgsql.entityframeworkcore.postgresql"]
    assert detect_stack(api) == ["aspnetcore", "entityframeworkcore", "design", "npgsql",
                                 "postgresql"]  # ``microsoft``: a vendor, not a technology


def test_the_tools_a_repository_s_files_show(tmp_path: Path) -> None:
    """CI, containers and infrastructure are used without a manifest dependency: their files
    say so (``.github/workflows``, a ``Dockerfile`` in a package), so that their rules are the
    project's, not another product's (decision 0010, seventeenth follow-up)."""
    from grace.resolution.adapters.project_stack import repository_tools

    repo = tmp_path / "repo"
    (repo / ".github" / "workflows").mkdir(parents=True)
    (repo / ".github" / "workflows" / "ci.yml").write_text("on: push\n", encoding="utf-8")
    (repo / "services" / "api").mkdir(parents=True)
    (repo / "services" / "api" / "Dockerfile").write_text("FROM python:3.12\n", encoding="utf-8")
    (repo / "deploy" / "k8s").mkdir(parents=True)  # two levels down: looked at
    (repo / "a" / "b" / "c").mkdir(parents=True)
    (repo / "a" / "b" / "c" / "main.tf").write_text("", encoding="utf-8")  # three: not
    (repo / "node_modules" / "x").mkdir(parents=True)
    (repo / "node_modules" / "x" / "Jenkinsfile").write_text("", encoding="utf-8")  # installed
    (tmp_path / "elsewhere").mkdir()
    (tmp_path / "elsewhere" / "Chart.yaml").write_text("", encoding="utf-8")
    (repo / "linked").symlink_to(tmp_path / "elsewhere")  # out of the repository
    (repo / "compose.yaml").symlink_to(tmp_path / "elsewhere" / "Chart.yaml")
    assert repository_tools(repo) == ["github-actions", "docker", "kubernetes"]
    (repo / "infra").mkdir()
    (repo / "infra" / "main.bicep").write_text("param location string\n", encoding="utf-8")
    (repo / "firebase.json").write_text("{}", encoding="utf-8")
    assert repository_tools(repo) == ["github-actions", "docker", "kubernetes", "azure-bicep",
                                      "firebase"]
    assert repository_tools(repo / "services") == ["docker"]
    assert repository_tools(tmp_path / "missing") == []
    # a firmware's CMake build, STM32CubeMX project and FreeRTOS configuration
    firmware = tmp_path / "firmware"
    (firmware / "Core" / "Inc").mkdir(parents=True)
    (firmware / "CMakeLists.txt").write_text("project(node C)\n", encoding="utf-8")
    (firmware / "sensor_node.ioc").write_text("Mcu.Family=STM32F4\n", encoding="utf-8")
    (firmware / "Core" / "Inc" / "FreeRTOSConfig.h").write_text("", encoding="utf-8")
    assert repository_tools(firmware) == ["cmake", "stm32", "freertos"]


def test_swift_packages_xcode_projects_and_pods(tmp_path: Path) -> None:
    """A SwiftUI app's ``stack:`` held its Express back end's packages only: ``Package.swift``,
    ``Package.resolved``, an Xcode project's remote packages and a ``Podfile`` were not read
    (decision 0010, twenty-third follow-up)."""
    app = tmp_path / "app"
    pins = app / "App.xcodeproj" / "project.xcworkspace" / "xcshareddata" / "swiftpm"
    pins.mkdir(parents=True)
    (app / "App.xcodeproj" / "project.pbxproj").write_text(
        '/* XCRemoteSwiftPackageReference "Alamofire" */ = {\n'
        "  isa = XCRemoteSwiftPackageReference;\n"
        '  repositoryURL = "https://github.com/Alamofire/Alamofire.git";\n};\n', encoding="utf-8")
    (pins / "Package.resolved").write_text(json.dumps({"pins": [
        {"identity": "alamofire", "kind": "remoteSourceControl"},
        {"identity": "swift-collections"}], "version": 2}), encoding="utf-8")
    (app / "Podfile").write_text("platform :ios, '17.0'\n  pod 'SnapKit', '~> 5.7'\n",
                                 encoding="utf-8")
    core = app / "Packages" / "Core"
    core.mkdir(parents=True)
    (core / "Package.swift").write_text(
        "let package = Package(\n  dependencies: [\n"
        '    .package(url: "https://github.com/apple/swift-algorithms.git", from: "1.2.0"),\n'
        '    .package(name: "Kingfisher", url: "https://github.com/onevcat/Kingfisher", '
        'from: "7.0.0"),\n    .package(path: "../Shared"),\n  ]\n)\n', encoding="utf-8")
    (core / "Package.resolved").write_text(json.dumps({"object": {"pins": [
        {"package": "swift-algorithms"}, {"package": 3}]}, "version": 1}), encoding="utf-8")
    assert detect_dependencies(app) == ["alamofire", "swift-collections", "snapkit"]
    assert detect_dependencies(core) == ["swift-algorithms", "kingfisher"]  # not a local path
    assert repository_stack(app) == ["alamofire", "swift-algorithms", "swift-collections",
                                     "kingfisher", "snapkit"]
    (pins / "Package.resolved").write_text("{not json", encoding="utf-8")
    skipped: list[str] = []
    assert detect_dependencies(app, skipped=skipped) == ["alamofire", "snapkit"]
    assert skipped == ["App.xcodeproj/project.xcworkspace/xcshareddata/swiftpm/Package.resolved:"
                       " not valid JSON"]


def test_the_platforms_a_repository_s_code_shows(tmp_path: Path) -> None:
    """Terraform's providers and the Apple frameworks Swift files import are declared by no
    manifest: a Terraform repository got ``stack: [terraform]`` and no AWS, a SwiftUI app the
    UIKit rules (decision 0010, twenty-third follow-up)."""
    from grace.resolution.adapters.project_stack import repository_platforms

    repo = tmp_path / "repo"
    env = repo / "terraform" / "envs" / "prod"  # three levels down: read all the same
    env.mkdir(parents=True)
    (env / "versions.tf").write_text(
        'terraform {\n  required_providers {\n    aws = {\n      source = "hashicorp/aws"\n'
        '      version = "~> 5.74"\n    }\n    random = { source = "hashicorp/random" }\n'
        '  }\n}\nprovider "aws" {\n  default_tags {\n    tags = { Team = "x" }\n  }\n}\n',
        encoding="utf-8")
    (repo / "terraform" / "azure.tf").write_text('provider "azurerm" {\n  features {}\n}\n',
                                                 encoding="utf-8")
    views = repo / "App" / "Views"
    views.mkdir(parents=True)
    for i in range(3):
        (views / f"V{i}.swift").write_text("import SwiftUI\nimport SwiftData\n", encoding="utf-8")
    (repo / "App" / "AppDelegate.swift").write_text(
        "@preconcurrency import UIKit\nimport UserNotifications\n", encoding="utf-8")
    (repo / "App" / "Widget.swift").write_text("import WidgetKit\nimport SwiftUI\n",
                                               encoding="utf-8")
    (tmp_path / "elsewhere").mkdir()
    (tmp_path / "elsewhere" / "main.tf").write_text('provider "google" {}\n', encoding="utf-8")
    (repo / "linked.tf").symlink_to(tmp_path / "elsewhere" / "main.tf")  # out of the repository
    (repo / ".terraform").mkdir()
    (repo / ".terraform" / "x.tf").write_text('provider "oci" {}\n', encoding="utf-8")  # hidden
    # most files first, then breadth first; the UI framework the most files import is the
    # app's: UIKit in its delegate is a bridge
    assert repository_platforms(repo) == ["azurerm", "aws", "random", "swiftui", "swiftdata",
                                          "widgetkit"]
    assert repository_platforms(repo, max_files=1, max_bytes=10) == []  # bounded
    assert repository_platforms(repo, max_files=1) == ["azurerm", "uikit"]  # the first file
    assert repository_platforms(tmp_path / "missing") == []


def test_a_unity_project_s_packages(tmp_path: Path) -> None:
    """A Unity game got ``stack: [github-actions]``: ``Packages/manifest.json`` was not read,
    and Unity is the C# application framework that makes MAUI's and WPF's rules another
    framework's (decision 0010, twenty-third follow-up)."""
    game = tmp_path / "game"
    (game / "Packages").mkdir(parents=True)
    (game / "Packages" / "manifest.json").write_text(json.dumps({"dependencies": {
        "com.unity.inputsystem": "1.7.0", "com.unity.test-framework": "1.1.33",
        "com.unity.modules.physics": "1.0.0", "com.unity.ide.rider": "3.0.28",
        "com.cysharp.unitask": "2.5.0"}}), encoding="utf-8")
    assert detect_dependencies(game) == ["unity", "inputsystem", "nunit", "com.cysharp.unitask"]
    (game / "Packages" / "manifest.json").write_text('{"dependencies": {}}', encoding="utf-8")
    assert detect_dependencies(game) == []  # nothing says Unity
    (game / "ProjectSettings").mkdir()
    (game / "ProjectSettings" / "ProjectVersion.txt").write_text(
        "m_EditorVersion: 2022.3.21f1\n", encoding="utf-8")
    assert detect_dependencies(game) == ["unity"]
    from grace.resolution.domain.languages import foreign_frameworks, frameworks_of_name
    assert frameworks_of_name(["unity"]) == ("unity",)
    assert foreign_frameworks(("maui",), ["unity", "inputsystem"], ["jump"]) == ("maui",)


def test_an_elixir_mix_file(tmp_path: Path) -> None:
    """``mix.exs``: the dependencies of its ``deps`` function, not the project's own atoms."""
    (tmp_path / "mix.exs").write_text(
        "defmodule App.MixProject do\n  use Mix.Project\n\n  def project do\n"
        '    [app: :app, version: "0.1.0", deps: deps(), aliases: [{:setup, ["deps.get"]}]]\n'
        "  end\n\n  defp deps do\n    [\n"
        '      {:phoenix, "~> 1.7.14"},\n      {:phoenix_live_view, "~> 1.0"},\n'
        '      {:floki, ">= 0.30.0", only: :test}\n    ]\n  end\nend\n', encoding="utf-8")
    assert detect_dependencies(tmp_path) == ["phoenix", "phoenix_live_view", "floki"]
    assert detect_stack(tmp_path)[:2] == ["phoenix", "live"]


def test_the_repository_s_own_packages_are_no_dependency(tmp_path: Path) -> None:
    """A Cargo workspace's path crate, an npm workspace package and a Poetry path dependency
    are the repository's own code; a workspace root's ``[workspace.dependencies]`` are its
    crates' libraries."""
    (tmp_path / "Cargo.toml").write_text(
        '[workspace]\nmembers = ["crates/*"]\n[workspace.dependencies]\naxum = "0.7"\n'
        '[dependencies]\ninvoicing-domain = { path = "crates/domain" }\n'
        'tokio = { workspace = true }\n', encoding="utf-8")
    (tmp_path / "package.json").write_text(json.dumps(
        {"dependencies": {"@acme/ui": "workspace:*", "shared": "file:../shared",
                          "svelte": "^5.1.0"}}), encoding="utf-8")
    (tmp_path / "pyproject.toml").write_text(
        '[tool.poetry.dependencies]\nacme-core = { path = "../core", develop = true }\n'
        'httpx = { version = "^0.27", extras = ["http2"] }\n', encoding="utf-8")
    found = detect_dependencies(tmp_path)
    assert {"axum", "tokio", "svelte", "httpx"} <= set(found)
    assert not {"invoicing-domain", "@acme/ui", "shared", "acme-core"} & set(found)


def test_the_major_versions_the_manifests_pin_from_below(tmp_path: Path) -> None:
    """npm, PEP 508, Poetry, Gemfile and composer specifiers: the lower bound's first number;
    no lower bound, no version."""
    from grace.resolution.adapters.project_stack import repository_majors

    (tmp_path / "package.json").write_text(json.dumps(
        {"dependencies": {"svelte": "^5.1.0", "@sveltejs/kit": "~2.7", "ui": "workspace:*"},
         "devDependencies": {"vite": "5.x", "any": "*", "capped": "<6"}}), encoding="utf-8")
    (tmp_path / "pyproject.toml").write_text(
        '[project]\ndependencies = ["Django>=5.0,<6", "pydantic[email]==2.7.1"]\n'
        '[tool.poetry.dependencies]\nhttpx = { version = "^0.27" }\n', encoding="utf-8")
    (tmp_path / "Gemfile").write_text("gem 'rails', '~> 7.1'\ngem 'pg'\n", encoding="utf-8")
    (tmp_path / "composer.json").write_text(json.dumps(
        {"require": {"laravel/framework": "^11.0"}}), encoding="utf-8")
    majors = repository_majors(tmp_path)
    assert majors == {"svelte": 5, "@sveltejs/kit": 2, "vite": 5, "django": 5, "pydantic": 2,
                      "httpx": 0, "rails": 7, "laravel/framework": 11}
    assert repository_majors(tmp_path / "missing") == {}


def test_a_package_of_the_repository_named_by_its_manifest_is_no_dependency(
    tmp_path: Path,
) -> None:
    """npm workspaces depend on their packages by name (``"*"``), Cargo crates by
    ``x.workspace = true``: the names the repository's own manifests give are left out."""
    (tmp_path / "package.json").write_text(json.dumps(
        {"private": True, "workspaces": ["packages/*"]}), encoding="utf-8")
    web = tmp_path / "packages" / "web"
    web.mkdir(parents=True)
    (web / "package.json").write_text(json.dumps(
        {"name": "@acme/web", "dependencies": {"next": "^14", "@acme/billing-core": "*"}}),
        encoding="utf-8")
    core = tmp_path / "packages" / "billing-core"
    core.mkdir()
    (core / "package.json").write_text(json.dumps(
        {"name": "@acme/billing-core", "dependencies": {"zod": "^3"}}), encoding="utf-8")
    crate = tmp_path / "crates" / "api"
    crate.mkdir(parents=True)
    (crate / "Cargo.toml").write_text(
        '[package]\nname = "freight-api"\n[dependencies]\nfreight-domain.workspace = true\n'
        'axum.workspace = true\n', encoding="utf-8")
    domain = tmp_path / "crates" / "domain"
    domain.mkdir()
    (domain / "Cargo.toml").write_text('[package]\nname = "freight-domain"\n', encoding="utf-8")
    stack = repository_stack(tmp_path)
    assert {"next", "zod", "axum"} <= set(stack)
    assert not {"@acme/billing-core", "freight-domain"} & set(stack)


def test_odd_manifests_give_what_they_can_and_never_fail(tmp_path: Path) -> None:
    """A byte-order mark is no text; a name longer than ``stack:`` holds is left out; a
    manifest nested thousands deep, or ``dependencies = 5``, gives nothing; a monorepo's two
    majors of one dependency give the lower."""
    from grace.resolution.adapters.project_stack import repository_majors

    (tmp_path / "package.json").write_bytes(
        b"\xef\xbb\xbf" + json.dumps({"dependencies": {"svelte": "^5.1.0", "a" * 201: "1"}})
        .encode())
    assert detect_dependencies(tmp_path) == ["svelte"]
    legacy = tmp_path / "apps" / "legacy"
    legacy.mkdir(parents=True)
    (legacy / "package.json").write_text(json.dumps({"dependencies": {"svelte": "^4.2.0"}}),
                                         encoding="utf-8")
    assert repository_majors(tmp_path)["svelte"] == 4
    deep = tmp_path / "deep"
    deep.mkdir()
    (deep / "package.json").write_text("[" * 5000 + "]" * 5000, encoding="utf-8")
    (deep / "pyproject.toml").write_text('[project]\nname = "x"\ndependencies = 5\n',
                                         encoding="utf-8")
    skipped: list[str] = []
    assert detect_dependencies(deep, skipped=skipped) == []
    assert repository_majors(deep) == {}
    assert skipped == ["package.json: nested too deep"]


def test_the_manifests_that_could_not_be_read_are_listed_with_their_paths(tmp_path: Path) -> None:
    """``grace init`` says which manifests its stack is short of, instead of a silently
    weaker stack (a fresh-eyes helper's finding, decision 0028)."""
    from grace.resolution.adapters.project_stack import repository_unread

    (tmp_path / "pyproject.toml").write_text('[project]\nname = "x"\ndependencies = ["fastapi"]\n',
                                             encoding="utf-8")
    web = tmp_path / "apps" / "web"
    web.mkdir(parents=True)
    (web / "package.json").write_text('{"dependencies": {"svelte": "^5"', encoding="utf-8")
    assert repository_unread(tmp_path) == ["apps/web/package.json: not valid JSON"]
    (web / "package.json").write_text('{"dependencies": {}}', encoding="utf-8")
    assert repository_unread(tmp_path) == []
