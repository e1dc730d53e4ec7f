"""``bodoge --help`` and every command's help, and Click's complaints about a command line, in the
language the command line chose (``--lang`` anywhere on it, else the locale), from the catalogue;
English as it was."""

from __future__ import annotations

import re
from typing import Any

import pytest
from cli_helpers import no_serving, one_line_error  # noqa: F401 (a fixture)
from rich.cells import cell_len
from typer.testing import CliRunner

from bodoge.cli import app
from bodoge.core.i18n import catalogue, text

runner = CliRunner()
COMMANDS = [[], ["simulate"], ["play"], ["rules"], ["replay"], ["serve"], ["native"]]
COMMANDS += [["arena"], ["balance"]]
WIDE = "1000"  # every help on one line: its words can be looked for whole
JAPANESE = {"LANG": "ja_JP.UTF-8"}


def _help(args: list[str], env: dict[str, str], columns: str = WIDE) -> str:
    result = runner.invoke(app, args, env={"COLUMNS": columns, **env})
    assert result.exit_code == 0, result.output
    return result.stdout


def _flat(said: str) -> str:
    return " ".join(said.split())


def _english_sentences() -> list[str]:
    """What the English help says in words: every help text and Typer word of the catalogue, cut
    at its fields and paragraphs, the pieces with two English words or more."""
    found = []
    for key, entry in catalogue().items():
        if key.startswith(("cli.help.", "cli.typer.")) and key != "cli.help.sep":
            for piece in re.split(r"\{[^}]*\}|\n\n", entry["en"]):
                if len(re.findall(r"\b[A-Za-z]{2,}\b", piece)) >= 2 and not re.search(
                    r"[\u3000-\u9fff]", piece
                ):
                    found.append(_flat(piece))
    return found


# How each command's help is asked for in Japanese: by the locale, by --lang after the command,
# by bodoge's --lang before it.
ASKED_IN_JAPANESE = [
    pytest.param(command, before, after, env, id=f"{' '.join(command) or 'bodoge'}-{how}")
    for command in COMMANDS
    for how, before, after, env in [
        ("locale", [], [], JAPANESE),
        ("--lang after", [], ["--lang", "ja"], {}),
        ("--lang first", ["--lang", "ja"], [], {}),
    ]
]


@pytest.mark.parametrize(("command", "before", "after", "env"), ASKED_IN_JAPANESE)
def test_the_help_in_japanese_says_no_english_sentence(
    command: list[str], before: list[str], after: list[str], env: dict[str, str]
) -> None:
    """Every help text, Typer's panel titles, ``Usage:`` and ``[default: …]`` in Japanese; and an
    English help written after it is the English help written before it."""
    english = _help([*command, "--help"], {})
    japanese = _flat(_help([*before, *command, "--help", *after], env))
    said = [s for s in _english_sentences() if s in japanese]
    assert not said, said
    assert japanese.startswith(text("cli.typer.usage", "ja").strip())
    assert f"─ {text('cli.typer.options', 'ja')} ─" in japanese
    assert ("─ コマンド ─" in japanese) == (command == [])  # the commands' panel
    for english_word in ("Usage:", "Options", "Arguments", "Commands", "[default:", "[required]"):
        assert english_word not in japanese
    assert _help([*command, "--help"], {}) == english  # Typer's words are English again
    assert "Usage:" in english and "Show this message and exit." in english


@pytest.mark.parametrize("command", COMMANDS, ids=lambda c: " ".join(c) or "bodoge")
def test_the_japanese_help_fits_80_columns_and_cuts_no_word(command: list[str]) -> None:
    """Japanese has no spaces to wrap at: a help is folded in its column, never cut short (…)."""
    shown = _help([*command, "--help"], JAPANESE, columns="80")
    assert text("cli.typer.help", "ja")[:8] in shown
    assert "…" not in shown
    for line in shown.splitlines():
        assert cell_len(line) <= 80, line


@pytest.mark.parametrize("command", COMMANDS, ids=lambda c: " ".join(c) or "bodoge")
def test_the_english_help_has_no_japanese_line(command: list[str]) -> None:
    """``play --help`` and ``rules --help`` in English ended on a line in Japanese (how to read
    the rules in Japanese), written before a help could be asked in Japanese."""
    shown = _help([*command, "--help"], {"LC_ALL": "C.UTF-8"}, columns="100")
    assert not re.search(r"[\u3000-\u9fff\uff00-\uffef]", shown), shown


def test_the_help_of_an_option_says_its_own_words_in_japanese() -> None:
    shown = _flat(_help(["serve", "--help"], JAPANESE))
    for key in ("cli.help.serve.port", "cli.help.serve.bot_workers", "cli.typer.help"):
        assert text(key, "ja") in shown
    assert "（既定：8000）" in shown


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.usefixtures("no_serving")
def test_serve_refuses_minutes_below_0_in_one_line(lang: str) -> None:
    """Checked by serve, not by Typer's min=0: the help would write its type in a wide column."""
    line = one_line_error(["serve", "--away-minutes", "-1.5", "--lang", lang])
    assert line == text("cli.error", lang, message=text("cli.serve.bad_away", lang, minutes=-1.5))


# ------------------------------------------------------------------------------ Click's complaints
BOTS = object()  # stands for the help of --bots (with its fields) where the message quotes it


@pytest.mark.parametrize(
    ("args", "key", "fields"),
    [
        (["play", "extreme-mission", "--seat", "x"], "cli.click.no_option_close",
         {"option": "--seat", "close": "--seats, --seed"}),
        (["arena", "extreme-mission"], "cli.click.missing", {"name": "--bots", "help": BOTS}),
        (["serve", "--port"], "cli.click.needs_value", {"option": "--port"}),
        (["serve", "--access-log=yes"], "cli.click.takes_no_value", {"option": "--access-log"}),
        (["rules", "extreme-mission", "more"], "cli.click.extra", {"args": "more", "n": 1}),
        (["plya"], "cli.click.no_command_close", {"name": "plya", "close": "play, replay"}),
        (["serve", "--port", "x"], "cli.click.not_int", {"option": "--port", "value": "x"}),
        (["serve", "--away-minutes", "z"], "cli.click.not_number",
         {"option": "--away-minutes", "value": "z"}),
    ],
)  # fmt: skip
@pytest.mark.parametrize("lang", ["en", "ja"])
def test_click_complains_in_one_line_in_the_language_chosen(
    args: list[str], key: str, fields: dict[str, Any], lang: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("LANG", "ja_JP.UTF-8" if lang == "ja" else "C.UTF-8")
    filled = {k: text("cli.help.arena.bots", lang) if v is BOTS else v for k, v in fields.items()}
    message = text(key, lang, **filled)
    assert one_line_error(args) == text("cli.error", lang, message=message)


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_click_names_what_it_does_not_know_in_the_language_chosen(lang: str) -> None:
    """An unknown option names the help to read; an unknown command, the commands; a missing
    argument, what it is; no command, the commands."""
    commands = ", ".join(["simulate", "play", "rules", "replay", "serve", "native", "arena"])
    commands += ", balance"
    game = text("cli.help.game", lang, games="extreme-mission, ruler-of-mana")
    said = {
        "no_option": one_line_error(["play", "--lang", lang, "extreme-mission", "--zzz"]),
        "no_command": one_line_error(["--lang", lang, "zzz"]),
        "missing": one_line_error(["play", "--lang", lang]),
        "missing_command": one_line_error(["--lang", lang]),
    }
    head = text("cli.error", lang, message="")
    assert all(line.startswith(head) for line in said.values()), said
    assert said["no_option"].endswith(
        text("cli.click.no_option", lang, option="--zzz", command="root play")
    )
    assert said["no_command"].endswith(
        text("cli.click.no_command", lang, name="zzz", commands=commands)
    )
    assert said["missing"].endswith(text("cli.click.missing", lang, name="GAME", help=game))
    assert said["missing_command"].endswith(
        text("cli.click.missing_command", lang, commands=commands)
    )


def test_the_lang_of_bodoge_itself_is_every_commands() -> None:
    """``bodoge --lang ja simulate …`` speaks Japanese as ``bodoge simulate … --lang ja`` does."""
    line = one_line_error(["--lang", "ja", "simulate", "extreme-mission", "--games", "0"])
    assert line == text("cli.error", "ja", message=text("arena.bad_games", "ja", games=0))
