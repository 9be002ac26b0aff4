"""The ``grace`` command line: thin commands that parse, call one use case and format.

Commands are registered lazily (decision 0019): the root lists each one by name and one-line
help from :data:`COMMANDS`, and imports a command's module only when that command runs or
prints its own help. ``grace --help`` so loads typer and rich, none of the contexts (no numpy,
scipy, bm25s, faiss, tokenizer or matching module); ``grace resolve`` loads the resolution
wiring only. ``tests/e2e/test_startup_imports.py`` holds both, and that each line here is the
command's own help.
"""

from __future__ import annotations

import importlib
import json
import sys
from dataclasses import dataclass
from typing import Any, Final

import typer
from typer.core import TyperCommand, TyperGroup
from typer.exceptions import TyperException

from grace import __version__
from grace.entrypoints.mcp_tools import server_summary


@dataclass(frozen=True)
class LazyCommand:
    """Where a command lives: ``module``'s ``attr`` is a command function or a sub-``Typer``;
    ``help`` is what the root's command list shows (the command's first help line)."""

    module: str
    attr: str
    help: str


_CLI: Final = "grace.entrypoints.cli."
COMMANDS: Final[dict[str, LazyCommand]] = {
    "resolve": LazyCommand(
        _CLI + "resolution_cmds",
        "resolve",
        "Compile the context a coding agent gets for ROLE and TASK.",
    ),
    "get": LazyCommand(
        _CLI + "resolution_cmds", "get", "Print one talent at a depth, or one named section of it."
    ),
    "doctor": LazyCommand(
        _CLI + "resolution_cmds",
        "doctor",
        "Check the project and its catalog; exit 1 when an error is found.",
    ),
    "init": LazyCommand(_CLI + "resolution_cmds", "init", "Write a grace.yaml for a repository."),
    "enable": LazyCommand(
        _CLI + "switch_cmds",
        "enable",
        "Enable talents in the project's grace.yaml (its comments and order are kept).",
    ),
    "disable": LazyCommand(
        _CLI + "switch_cmds",
        "disable",
        "Disable talents in the project's grace.yaml (written as `ID: false`, kept in the file).",
    ),
    "mcp": LazyCommand(_CLI + "mcp_cmd", "mcp", server_summary()),
    "serve": LazyCommand(
        _CLI + "serve_cmd",
        "serve",
        "Serve the organiser page and the matching API (JSON, OpenAPI schema at /openapi.json).",
    ),
    "stats": LazyCommand(
        _CLI + "stats_cmd",
        "stats",
        "Per talent: how often resolves served "
        "it and agents fetched it, and which were never served, from the "
        "project's usage log (.grace/usage.jsonl; GRACE_USAGE=off stops it).",
    ),
    "export": LazyCommand(
        _CLI + "export_cmd",
        "export",
        "Write the project's enabled talents "
        "in another tool's native rule format, so a team curates once in "
        "GRACE and every agent gets it, MCP or not.",
    ),
    "catalog": LazyCommand(_CLI + "catalog_cmds", "app", "Browse and import talent catalogs."),
    "project": LazyCommand(
        _CLI + "platform_cmds", "app", "Projects of the platform database (their enabled talents)."
    ),
    "eval": LazyCommand(
        _CLI + "eval_cmds", "app", "Evaluate GRACE's selection against labelled tasks."
    ),
    "members": LazyCommand(
        _CLI + "members_cmds",
        "app",
        "Members and event requests (matching: filters, vectors, explained shortlist).",
    ),
    "learnings": LazyCommand(
        _CLI + "learnings_cmds",
        "app",
        "Past lessons (learnings.jsonl): add, search, keep the index fresh.",
    ),
}


def load_command(
    name: str, spec: LazyCommand, *, markup: Any = "rich"
) -> TyperCommand | TyperGroup:
    """Import ``spec``'s module and build its click command named ``name``.

    Raises:
        ImportError, AttributeError: ``spec`` names no module or attribute (a wrong table).
    """
    target = getattr(importlib.import_module(spec.module), spec.attr)
    command: TyperCommand | TyperGroup
    if isinstance(target, typer.Typer):
        command = typer.main.get_group(target)  # as add_typer did: no completion options
    else:
        built = typer.main.get_command_from_info(
            typer.models.CommandInfo(name=name, callback=target),
            pretty_exceptions_short=True,
            rich_markup_mode=markup,
        )
        assert isinstance(built, TyperCommand)  # typer's default command class
        command = built
    command.name = name
    _bare_flags(command)
    return command


def _bare_flags(command: Any, ctx: Any = None) -> None:
    """Show flags without a value type: typer 0.29's rich help wrote ``--example <bool>``, as
    if the flag took a value (a new user tried ``--overwrite true``). An empty metavar is what
    the rich help prints for them; click's plain help never prints a flag's metavar. ``ctx``:
    the command's context when help is being printed, else a bare one (default help names,
    which GRACE does not change); ``get_params`` includes the ``--help`` flag it caches."""
    for param in command.get_params(ctx or command.context_class(command)):
        if getattr(param, "is_flag", False) and param.metavar is None:
            param.metavar = ""
    for sub in getattr(command, "commands", {}).values():
        _bare_flags(sub)


class LazyGroup(TyperGroup):
    """The root group: commands of :data:`COMMANDS` are built on first use; while the root's
    own help is printed, each is a stand-in that carries its name and one-line help only."""

    _listing = False

    def list_commands(self, ctx: Any) -> list[str]:
        # The table's order, loaded or not, then any command added the eager way.
        return [*COMMANDS, *(n for n in super().list_commands(ctx) if n not in COMMANDS)]

    def get_command(self, ctx: Any, cmd_name: str) -> Any:
        found = self.commands.get(cmd_name)
        spec = COMMANDS.get(cmd_name)
        if spec is None or (found is not None and not isinstance(found, _Unloaded)):
            return found
        if self._listing:
            return TyperCommand(cmd_name, short_help=spec.help, help=spec.help)
        command = load_command(cmd_name, spec, markup=self.rich_markup_mode)
        self.add_command(command, cmd_name)
        return command

    def resolve_command(self, ctx: Any, args: list[str]) -> Any:
        # A typo is suggested among every command, loaded or not ("Did you mean 'resolve'?").
        for name in COMMANDS:
            self.commands.setdefault(name, _Unloaded(name))
        try:
            return super().resolve_command(ctx, args)
        except TyperException as exc:  # Click's UsageError: "No such command 'import'."
            name = args[0] if args else ""
            found = nested_in(name) if name and name not in COMMANDS else ()
            if found and isinstance(getattr(exc, "message", None), str):
                exc.message = (f"No such command {name!r}. Did you mean "
                               + " or ".join(f"'grace {group} {name}'" for group in found) + "?")
            raise
        finally:
            for name in [n for n, c in self.commands.items() if isinstance(c, _Unloaded)]:
                del self.commands[name]

    def format_help(self, ctx: Any, formatter: Any) -> None:
        _bare_flags(self, ctx)
        self._listing = True
        try:
            super().format_help(ctx, formatter)
        finally:
            self._listing = False


def nested_in(name: str) -> tuple[str, ...]:
    """The command groups of :data:`COMMANDS` that hold a sub-command ``name``, in the table's
    order: ``"import"`` -> ``("catalog", "members")``, so ``grace import`` is answered "Did you
    mean 'grace catalog import' or 'grace members import'?" rather than a near spelling of a
    top-level command. Loads every group's module: for a command line already refused."""
    found = []
    for group, spec in COMMANDS.items():
        if spec.attr != "app":
            continue
        command = load_command(group, spec)
        if isinstance(command, TyperGroup) and name in command.commands:
            found.append(group)
    return tuple(found)


class _Unloaded(TyperCommand):
    """A name in the command table while a command line is resolved (never run)."""


app = typer.Typer(
    name="grace",
    cls=LazyGroup,
    help="GRACE decides what an LLM gets to see.\n\n"
    'Try: grace resolve --example --role backend "Ajouter le use case UpdateProject"',
    no_args_is_help=True,
    rich_markup_mode="rich",
    pretty_exceptions_enable=False,
)


def _version(value: bool) -> None:
    if value:
        typer.echo(f"grace {__version__}")
        raise typer.Exit()


@app.callback()
def _root(
    version: bool = typer.Option(
        False, "--version", callback=_version, is_eager=True, help="Print the version and exit."
    ),
) -> None:
    """GRACE decides what an LLM gets to see."""


FILES_HINT: Final = (
    " — --files takes one path: repeat it for each file, the task last "
    '(grace resolve --files a.py --files b.ts "TASK")')


_VALIDATOR_PREFIX: Final = "Value error, "
"""What pydantic puts before a validator's message; Typer validates a choice option
(``--depth``) through pydantic and shows it ("Value error, 'huge' is not one of …")."""


def _hint(exc: Exception, argv: list[str]) -> None:
    """Add :data:`FILES_HINT` to an "unexpected extra argument" usage error of a command line
    that gives ``--files`` (``--files a.py b.ts "task"``: the second file and the task are
    extra arguments); drop pydantic's :data:`_VALIDATOR_PREFIX` from a bad value's message."""
    message = getattr(exc, "message", None)
    if isinstance(message, str) and message.startswith(_VALIDATOR_PREFIX):
        message = exc.message = message[len(_VALIDATOR_PREFIX):]  # type: ignore[attr-defined]
    if (isinstance(message, str) and "unexpected extra argument" in message
            and {"--files", "--file"} & set(argv)):
        exc.message = message + FILES_HINT  # type: ignore[attr-defined]


def main() -> None:
    """Console-script entry point.

    A command line Typer refuses before any command runs (an unknown option, a bad value, a
    missing argument) exits 2 with its message on stderr, as usual; with ``--json`` on the
    line, stdout also gets the JSON error document every refused ``--json`` command prints
    (``{"error": {"type": "usage", "message"}, "exit_code": 2}``), so a script reads one JSON
    document whatever went wrong.
    """
    from typer import rich_utils
    from typer.exceptions import TyperException  # the base of Typer's Click errors

    try:
        code = app(standalone_mode=False)
    except TyperException as exc:
        exit_code = int(getattr(exc, "exit_code", 1))
        _hint(exc, sys.argv[1:])
        rich_utils.rich_format_error(exc)  # type: ignore[arg-type]
        if exit_code == 2 and "--json" in sys.argv[1:]:  # a usage error
            message = exc.format_message() if hasattr(exc, "format_message") else str(exc)
            typer.echo(json.dumps({"error": {"type": "usage", "message": message},
                                   "exit_code": 2}))
        sys.exit(exit_code)
    except typer.Abort:
        typer.echo("Aborted!", err=True)
        sys.exit(1)
    sys.exit(code if isinstance(code, int) else 0)
