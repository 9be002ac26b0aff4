"""The MCP tool registry: which tools each ``grace mcp --tools`` group serves.

Kept apart from :mod:`grace.entrypoints.mcp_server` (and free of the MCP SDK) so that
``grace --help`` and ``grace mcp --help`` can state the true groups and counts without importing
the server. The server registers exactly these tools, group by group (a test checks both ways).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from grace.errors import ConfigError

TOOL_GROUPS: Final[Mapping[str, tuple[str, ...]]] = {
    "resolution": ("grace_resolve_context", "grace_get", "grace_doctor"),
    "learnings": ("grace_learnings_search",),
    "matching": ("grace_find_members", "grace_find_similar_requests"),
}
"""Tool names per group, in the order the server lists them."""

DEFAULT_GROUPS: Final[tuple[str, ...]] = ("resolution", "learnings")
"""What ``grace mcp`` serves without ``--tools``: a coding agent's tools, not event matching."""


def parse_groups(text: str) -> tuple[str, ...]:
    """The groups named in ``text`` (comma-separated, spaces ignored), in registry order.

    Raises:
        ConfigError: an empty list or an unknown group (the message lists the valid ones).
    """
    names = [part.strip() for part in text.split(",") if part.strip()]
    unknown = [n for n in names if n not in TOOL_GROUPS]
    if unknown or not names:
        what = f"unknown tool group {', '.join(map(repr, unknown))}" if unknown else "no group"
        raise ConfigError(f"--tools: {what}; choose among {', '.join(TOOL_GROUPS)} "
                          f"(comma-separated, default {','.join(DEFAULT_GROUPS)})")
    return tuple(g for g in TOOL_GROUPS if g in names)


def tool_names(groups: tuple[str, ...]) -> tuple[str, ...]:
    """The tools the given groups serve, in registry order."""
    return tuple(t for g in TOOL_GROUPS if g in groups for t in TOOL_GROUPS[g])


def describe_groups() -> str:
    """One line per group for help texts: ``resolution (3): grace_resolve_context, …``."""
    return "\n\n".join(
        f"  {g} ({len(tools)}{', default' if g in DEFAULT_GROUPS else ''}): {', '.join(tools)}"
        for g, tools in TOOL_GROUPS.items()
    )


def server_summary() -> str:
    """One line for ``grace mcp``'s help and the root's command list: the tool counts by
    default and with every group (computed from :data:`TOOL_GROUPS`, never written by hand)."""
    every = len(tool_names(tuple(TOOL_GROUPS)))
    return (f"Serve GRACE's tools to coding agents over MCP: {len(tool_names(DEFAULT_GROUPS))} "
            f"tools by default ({' + '.join(DEFAULT_GROUPS)}), {every} with every group.")
