"""``opened`` + ``handle_errors``: what a command opens is closed when it ends, however it
ends (typer 0.29 vendors its own click, so the closing cannot rely on click's context)."""

from __future__ import annotations

import pytest
import typer

from grace.bootstrap.lifecycle import Closing
from grace.entrypoints.cli.common import handle_errors, opened
from grace.errors import ProjectError


class App(Closing):
    def __init__(self) -> None:
        self.closed = 0

    def close(self) -> None:
        self.closed += 1


def test_what_a_command_opens_is_closed_when_it_returns_or_fails():
    apps: list[App] = []

    @handle_errors
    def command(fail: bool) -> App:
        app = opened(App())
        apps.append(app)
        assert app.closed == 0  # open while the command runs
        if fail:
            raise ProjectError("no grace.yaml here")
        return app

    assert command(False).closed == 1
    with pytest.raises(typer.Exit) as exit_:
        command(True)
    assert exit_.value.exit_code == 2 and apps[-1].closed == 1


def test_outside_a_command_the_caller_closes():
    app = opened(App())
    assert app.closed == 0


def test_a_refused_json_command_prints_one_error_document_on_stdout(capsys):
    import json

    import typer

    from grace.entrypoints.cli.common import error_document, handle_errors
    from grace.errors import UnknownRoleError

    @handle_errors
    def command(*, as_json: bool = False) -> None:
        raise UnknownRoleError("unknown role 'x'")

    for as_json in (True, False):
        with pytest.raises(typer.Exit) as exit_:
            command(as_json=as_json)
        assert exit_.value.exit_code == 2
        out = capsys.readouterr()
        assert "error: unknown role 'x'" in out.err
        if as_json:
            assert json.loads(out.out) == {"error": {"type": "unknown-role",
                                                     "message": "unknown role 'x'"},
                                           "exit_code": 2}
        else:
            assert out.out == ""
    assert error_document(UnknownRoleError("m"))["error"] == {"type": "unknown-role",
                                                              "message": "m"}


def test_a_long_step_without_a_terminal_says_where_it_is_in_plain_lines(monkeypatch):
    import io

    from rich.console import Console

    from grace.entrypoints.cli import common

    buffer = io.StringIO()
    monkeypatch.setattr(common, "err_console", Console(file=buffer, width=200))
    # start, then one per report; the first comes 20 s in (the model loads and warms up)
    clock = iter([100.0, 120.0, 122.0, 130.0, 160.0, 161.0])
    monkeypatch.setattr("grace.entrypoints.cli.common.time.monotonic", lambda: next(clock))
    with common.progress_bar("embedding talents", "passages") as report:
        for done in (64, 128, 192, 256, 320):
            report(done, 1000)
    lines = buffer.getvalue().splitlines()  # no blank line either (rich's live display)
    # a line (no rate yet at the first report), then none until 30 s after it; the rate is
    # counted from the first report, not from the start (which read "about 292 s left" at 64)
    assert lines == ["embedding talents: 64/1000 passages in 20 s",
                     "embedding talents: 256/1000 passages in 60 s, about 155 s left"]
    quiet = io.StringIO()
    monkeypatch.setattr(common, "err_console", Console(file=quiet, width=200))
    quick = iter([0.0, 0.1, 0.2])  # a step served from the cache prints nothing at all
    monkeypatch.setattr("grace.entrypoints.cli.common.time.monotonic", lambda: next(quick))
    with common.progress_bar("embedding talents", "passages") as report:
        report(500, 1000)
        report(1000, 1000)
    assert quiet.getvalue() == ""
