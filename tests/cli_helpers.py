"""What the command-line tests share: fixtures that fail any game played, or the server started,
for the checks that must come before."""

from __future__ import annotations

import sys
from types import SimpleNamespace
from typing import Any

import pytest
from typer.testing import CliRunner

from bodoge.cli import app


@pytest.fixture
def no_games(monkeypatch: pytest.MonkeyPatch) -> None:
    """Playing any game fails the test: the checks of the arguments must come first."""

    def played(*_args: Any, **_kwargs: Any) -> Any:
        raise AssertionError("a game was played before the arguments were checked")

    monkeypatch.setattr("bodoge.cli.simulate", played)
    monkeypatch.setattr("bodoge.arena.command.run_jobs", played)
    monkeypatch.setattr("bodoge.balance.command.run_balance", played)
    monkeypatch.setattr("bodoge.play.terminal.TerminalPlay.run", played)


@pytest.fixture
def no_serving(monkeypatch: pytest.MonkeyPatch) -> None:
    """The server is never started (nor imported): the checks come first."""

    def served(*_args: Any, **_kwargs: Any) -> None:
        raise AssertionError("serve() was called")

    monkeypatch.setitem(sys.modules, "bodoge.server.serve", SimpleNamespace(serve=served))


def one_line_error(args: list[str], fragment: str = "") -> str:
    """Run ``bodoge args``: one line on stderr, exit 2, nothing on stdout, no traceback."""
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output
    assert result.stdout == ""
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, lines
    assert fragment in lines[0], lines[0]
    return lines[0]
