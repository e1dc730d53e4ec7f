"""What the command-line tests share: a fixture that fails any game played, for the checks that
must come before the first game."""

from __future__ import annotations

from typing import Any

import pytest


@pytest.fixture
def no_games(monkeypatch: pytest.MonkeyPatch) -> None:
    """Playing any game fails the test: the checks of the arguments must come first."""

    def played(*_args: Any, **_kwargs: Any) -> Any:
        raise AssertionError("a game was played before the arguments were checked")

    monkeypatch.setattr("bodoge.cli.simulate", played)
    monkeypatch.setattr("bodoge.arena.command.run_jobs", played)
    monkeypatch.setattr("bodoge.balance.command.run_balance", played)
    monkeypatch.setattr("bodoge.play.terminal.TerminalPlay.run", played)
