"""A command's ``--lang`` left out follows the locale (``LANG=ja_JP.UTF-8``: Japanese), as the
lobby follows the browser's language; ``--help`` says so."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import typer.main
from typer.testing import CliRunner

from bodoge.cli import app
from bodoge.core.i18n import locale_lang

runner = CliRunner()

# A line each command says in its language before it does anything (a bad option), and its
# start in English and Japanese.
SAID = {
    "simulate": (["extreme-mission", "--games", "0"], "--games must be", "--games は"),
    "play": (["extreme-mission", "--turn-cap", "-1"], "--turn-cap must be", "--turn-cap は"),
    "rules": (["nope"], "unknown game 'nope'", "'nope'というゲームはありません"),
    "replay": (["/no/such/record.json"], "cannot read", "を読めません"),
    "serve": (["--port", "0"], "--port must be", "--port は"),
    "arena": (["extreme-mission", "--bots", "random", "--games", "0"], "--games must be", "は"),
    "balance": (["extreme-mission", "--games", "0"], "--games must be", "--games は"),
    # where there is no source checkout (CHECKOUT set aside below): nothing is compiled
    "native": (["--build"], "needs a source checkout", "チェックアウトが必要"),
}


def _with_lang() -> dict[str, Any]:
    """The commands that take ``--lang`` (Typer's own click: ``typer._click``)."""
    commands: dict[str, Any] = getattr(typer.main.get_command(app), "commands", {})
    return {
        name: command
        for name, command in commands.items()
        if any(p.name == "lang" for p in command.params)
    }


@pytest.mark.parametrize(
    ("env", "lang"),
    [
        ({"LANG": "ja_JP.UTF-8"}, "ja"),
        ({"LANG": "ja"}, "ja"),
        ({"LANG": "en_US.UTF-8"}, "en"),
        ({"LANG": "C.UTF-8"}, "en"),
        ({"LC_ALL": "ja_JP.UTF-8", "LANG": "C"}, "ja"),
        ({"LC_MESSAGES": "ja_JP.UTF-8", "LANG": "en_GB.UTF-8"}, "ja"),
        ({"LC_ALL": "C", "LC_MESSAGES": "ja_JP.UTF-8", "LANG": "ja_JP.UTF-8"}, "en"),
        ({"LC_ALL": "", "LANG": "ja_JP.UTF-8"}, "ja"),  # set but empty: not set
        ({}, "en"),
    ],
)
def test_the_locale_chooses_the_language(env: dict[str, str], lang: str) -> None:
    assert locale_lang(env) == lang


def test_every_command_with_a_language_is_checked_here() -> None:
    assert set(_with_lang()) == set(SAID)


@pytest.mark.parametrize("name", sorted(SAID))
def test_lang_left_out_speaks_the_locales_language(
    name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``LANG=ja_JP.UTF-8 bodoge play …`` played in English (the learner's finding 11)."""
    args, english, japanese = SAID[name]
    monkeypatch.setattr("bodoge.native.CHECKOUT", Path("/no/such/checkout"))
    for env, expected, other in (
        ({"LANG": "ja_JP.UTF-8"}, japanese, english),
        ({"LANG": "en_US.UTF-8"}, english, japanese),
        ({"LC_ALL": "C", "LANG": "ja_JP.UTF-8"}, english, japanese),
    ):
        for variable in ("LC_ALL", "LC_MESSAGES", "LANG"):
            monkeypatch.delenv(variable, raising=False)
        for variable, value in env.items():
            monkeypatch.setenv(variable, value)
        result = runner.invoke(app, [name, *args])
        assert result.exit_code == 2, result.output
        assert expected in result.stderr and other not in result.stderr, (env, result.stderr)
    # --lang given wins over the locale
    result = runner.invoke(app, [name, *args, "--lang", "en"])
    assert english in result.stderr, result.stderr


@pytest.mark.parametrize("name", sorted(SAID))
def test_the_help_says_the_language_follows_the_locale(name: str) -> None:
    option = next(p for p in _with_lang()[name].params if p.name == "lang")
    assert option.default is None
    help_text = getattr(option, "help", "") or ""
    for words in ("en or ja", "locale", "LC_ALL", "LC_MESSAGES", "LANG", "ja"):
        assert words in help_text, (name, help_text)
    shown = runner.invoke(app, [name, "--help"], env={"COLUMNS": "300"}).stdout
    assert "the locale's" in shown
