"""Which project an MCP call is about (``client_project_file``) and the ``--tools`` groups."""

from __future__ import annotations

from pathlib import Path

import pytest

from grace.entrypoints.mcp_tools import DEFAULT_GROUPS, TOOL_GROUPS, parse_groups, tool_names
from grace.errors import ConfigError, ProjectError
from grace.resolution.adapters.project_file import client_folder, client_project_file


def repo(path: Path, *, project: bool = True) -> Path:
    path.mkdir(parents=True)
    if project:
        (path / "grace.yaml").write_text("name: x\ncatalog: grace:example\ntalents: {}\n")
    return path


def test_the_argument_names_a_folder_or_its_grace_yaml(tmp_path):
    a = repo(tmp_path / "a")
    cwd = repo(tmp_path / "cwd", project=False)
    assert client_project_file(str(a), roots=[], cwd=cwd) == a / "grace.yaml"
    assert client_project_file(str(a / "grace.yaml"), roots=[], cwd=cwd) == a / "grace.yaml"
    assert client_project_file("../a", roots=[], cwd=cwd) == a / "grace.yaml"  # from cwd
    with pytest.raises(ProjectError, match=r"no grace\.yaml in .*cwd; pass `project`"):
        client_project_file(str(cwd), roots=[], cwd=cwd)
    with pytest.raises(ProjectError, match="is not a folder"):
        client_project_file(str(tmp_path / "nope"), roots=[], cwd=cwd)
    with pytest.raises(ProjectError, match="is not a folder"):
        client_project_file(str(a / "other.yaml"), roots=[], cwd=cwd)


def test_roots_come_before_the_server_folder_and_bound_the_argument(tmp_path):
    a, b = repo(tmp_path / "a"), repo(tmp_path / "b")
    empty = repo(tmp_path / "empty", project=False)
    server = repo(tmp_path / "server")
    assert client_project_file(None, roots=[empty, b, a], cwd=server) == b / "grace.yaml"
    assert client_project_file(None, roots=[empty], cwd=server) == server / "grace.yaml"
    assert client_project_file(None, roots=[empty], cwd=server,
                               configured=a / "grace.yaml") == a / "grace.yaml"
    with pytest.raises(ProjectError, match="outside the client's roots"):
        client_project_file(str(a), roots=[b], cwd=server)
    with pytest.raises(ProjectError, match="outside the client's roots"):
        client_project_file("../a", roots=[b], cwd=server)  # relative to the first root
    (b / "link").symlink_to(a, target_is_directory=True)  # a link out of the root
    with pytest.raises(ProjectError, match="outside the client's roots"):
        client_project_file("link", roots=[b], cwd=server)


def test_no_project_anywhere_says_how_to_name_one(tmp_path):
    empty = repo(tmp_path / "empty", project=False)
    with pytest.raises(ProjectError) as err:
        client_project_file(None, roots=[empty], cwd=empty)
    message = str(err.value)
    assert "no GRACE project for this call" in message and str(empty) in message
    assert "pass `project`" in message and "grace init" in message


def test_client_folder_defaults_to_the_first_root_then_the_server_folder(tmp_path):
    a = repo(tmp_path / "a", project=False)
    cwd = repo(tmp_path / "cwd", project=False)
    assert client_folder(None, roots=[a], cwd=cwd) == a
    assert client_folder(None, roots=[], cwd=cwd) == cwd
    assert client_folder(str(a / "sub" / ".."), roots=[a], cwd=cwd) == a


def test_tool_groups_parse_in_registry_order_and_unknown_ones_are_named():
    assert parse_groups(" matching ,resolution") == ("resolution", "matching")
    assert tool_names(DEFAULT_GROUPS) == (*TOOL_GROUPS["resolution"], *TOOL_GROUPS["learnings"])
    with pytest.raises(ConfigError, match="unknown tool group 'ui'; choose among resolution, "
                                          "learnings, matching"):
        parse_groups("resolution,ui")
    with pytest.raises(ConfigError, match="no group"):
        parse_groups(" , ")


def test_one_app_per_project_is_kept(tmp_path):
    from grace.bootstrap.projects import ServedProjects
    from grace.config import Settings

    a, b = repo(tmp_path / "a"), repo(tmp_path / "b")
    projects = ServedProjects(Settings(usage="off"), cwd=a)
    try:
        first = projects.app(None)
        assert projects.app(str(a)) is first and projects.app(str(a / "grace.yaml")) is first
        assert projects.app(None, [b]) is projects.app(str(b)) is not first
        assert projects.app(str(b)).project_file.path == b / "grace.yaml"
    finally:
        projects.close()
