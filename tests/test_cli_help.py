"""``bodoge --help`` and every command's help, and Click's complaints about a command line, in the
language the command line chose (``--lang`` anywhere on it, else the locale), from the catalogue;
English as it was."""

from __future__ import annotations

import io
import itertools
import re
from typing import Any

import pytest
from cli_helpers import no_serving, one_line_error  # noqa: F401 (a fixture)
from rich.cells import cell_len
from rich.console import Console, Group
from typer.testing import CliRunner

from bodoge.cli import app
from bodoge.cli_lang import _folded_text
from bodoge.core.i18n import catalogue, text
from bodoge.screen import words

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


def _rendered(said: Any, width: int) -> list[str]:
    """``said`` as a help shows it, in a group (a Text printed alone is joined into a new one)."""
    out = io.StringIO()
    Console(file=out, width=width, color_system=None).print(Group(said))
    return [line.rstrip() for line in out.getvalue().rstrip("\n").split("\n")]


@pytest.mark.parametrize("width", [24, 37, 50, 63, 80])
def test_a_japanese_help_text_breaks_only_where_it_must(width: int) -> None:
    """Rich broke a help text only at spaces: a Latin word before a Japanese sentence (which has
    none) was left alone on its line, the sentence folded on the next ("Ray" / "のタスクとして
    …", "Enter か" / "n：次の手…"). Every line of a Japanese help now ends only where the next
    line's first piece (a reader's break: screen.words) would not fit after it."""
    wasted = []
    for key, entry in catalogue().items():
        if not key.startswith("cli.help.") or key == "cli.help.sep":
            continue
        said = re.sub(r"\{[^}]*\}", "X", entry["ja"])
        for paragraph in said.split("\n"):
            lines = _rendered(_folded_text(text=paragraph, markup_mode="rich"), width)
            for line, after in itertools.pairwise(lines):
                first = words(after)[0].rstrip() if after else ""
                if first and cell_len(line) + 1 + cell_len(first) <= width:
                    wasted.append(f"{key}: {line!r} / {after!r}")
    assert not wasted, wasted[:5]


def test_the_audits_stranded_words_have_their_sentence_with_them() -> None:
    """At 80 columns: "Enter か" (replay), "Ray" and "PNG" (arena), "WebSocket" (serve) stood
    alone on a line of a Japanese help."""

    def alone(command: str, word: str) -> bool:
        shown = _help([command, "--help", "--lang", "ja"], {}, columns="80")
        return any(
            re.fullmatch(rf"[│\s]*(?:--\S+\s+<\w+>\s+)?{word}[│\s]*", line)
            for line in shown.splitlines()
        )

    for command, word in [("replay", "Enter か"), ("arena", "Ray"), ("arena", "PNG")]:
        assert not alone(command, word), (command, word)
    assert not alone("serve", "(?:\\S+ )*WebSocket")


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
