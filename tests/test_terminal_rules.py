"""Where a terminal player reads the rules: ``bodoge rules GAME`` prints the game's rules page
(docs/rules) in the terminal's language, ``play --help`` and the start of a game say so, and
``rules`` (``ルール``) at the prompt sums up the turn and how to win (the learner's finding 11:
``rules`` was refused as a step, and nothing said where the rules were)."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest
from rich.cells import cell_len
from rich.console import Console
from terminal_helpers import scripted
from typer.testing import CliRunner

import bodoge
from bodoge.cli import app
from bodoge.core.hooks import game_hook
from bodoge.core.i18n import text
from bodoge.play import rules
from bodoge.play.rules import CARD_MARKER, TerminalPager, rules_command, rules_file, show_rules
from bodoge.play.terminal import TerminalPlay

runner = CliRunner()
GAMES = ["extreme-mission", "ruler-of-mana"]


def _page(name: str, lang: str) -> str:
    result = runner.invoke(app, ["rules", name, "--lang", lang])
    assert result.exit_code == 0, result.output
    return result.stdout


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("name", GAMES)
def test_rules_prints_the_games_rules_page_in_the_language(name: str, lang: str) -> None:
    out = _page(name, lang)
    source = rules_file(name, lang).read_text(encoding="utf-8")
    title = source.splitlines()[0].lstrip("# ").strip()
    assert title in out
    flat = "".join(out.split())  # a paragraph's lines joined again
    headings = re.findall(r"^## (.+)$", source, re.M)
    assert headings and all("".join(h.split()) in flat for h in headings)
    win = "**How to win.**" if lang == "en" else "**勝ち方。**"
    assert win.strip("*") in out
    assert "<!--" not in out and "**" not in out


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("name", GAMES)
def test_the_example_cards_are_said_in_words(name: str, lang: str) -> None:
    """The browser draws a page's example cards (``<!-- cards: S19 R11 -->``): the terminal
    lists them as the table says them, with what they do."""
    game = bodoge.make(name)
    describe = game_hook(game, "describe_card")
    flat = "".join(_page(name, lang).split())
    source = rules_file(name, lang).read_text(encoding="utf-8")
    items = [i.partition(":")[0] for m in CARD_MARKER.finditer(source) for i in m[2].split()]
    assert items
    for item in items:
        said = describe(game.cards, item, lang, detail=True)
        assert said and "".join(said.split()) in flat, item


@pytest.mark.parametrize("name", GAMES)
def test_a_japanese_page_breaks_where_a_reader_breaks_it(name: str) -> None:
    """Rich broke a Japanese paragraph only at spaces: a bold lead on a line of its own, the
    rest folded anywhere, a line starting with 、."""
    buffer = io.StringIO()
    console = Console(file=buffer, width=60, color_system=None)
    show_rules(bodoge.make(name), "ja", console)
    lines = buffer.getvalue().splitlines()
    assert all(cell_len(line) <= 60 for line in lines)
    assert not [line for line in lines if line.strip()[:1] in tuple("、。）」")]
    assert "勝ち方。 ゲームが終わったとき" in buffer.getvalue() or name == "extreme-mission"
    win = next(line for line in lines if line.startswith("勝ち方。"))
    assert cell_len(win) > 40, win  # the paragraph goes on after its bold lead


def test_an_unknown_game_or_a_missing_page_is_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    result = runner.invoke(app, ["rules", "nope"])
    assert result.exit_code == 2 and result.stderr.count("\n") == 1
    assert "unknown game 'nope'" in result.stderr
    monkeypatch.setattr(rules, "RULES", tmp_path)  # bodoge installed without its docs
    result = runner.invoke(app, ["rules", "ruler-of-mana", "--lang", "ja"])
    assert result.exit_code == 2 and result.stderr.count("\n") == 1, result.output
    assert "docs/rules" in result.stderr and "マナを統べし者" in result.stderr


def test_the_page_goes_through_the_pager_styles_and_all(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """On a terminal the page is paged (``$PAGER``, else ``less`` with ``LESS=FRX``)."""
    paged = tmp_path / "paged.txt"
    monkeypatch.setenv("PAGER", f"cat > {paged}; echo $LESS >> {paged}")
    monkeypatch.delenv("LESS", raising=False)
    console = Console(file=io.StringIO(), width=80, force_terminal=True, color_system="standard")
    show_rules(bodoge.make("ruler-of-mana"), "en", console, TerminalPager())
    said = paged.read_text(encoding="utf-8")
    assert "Ruler of Mana" in said and "\x1b[" in said  # styled, as less -R shows it
    assert said.rstrip().endswith("FRX")
    assert console.file.getvalue() == ""  # type: ignore[attr-defined]


def test_play_help_says_where_the_rules_are() -> None:
    shown = runner.invoke(app, ["play", "--help"], env={"COLUMNS": "300"}).stdout
    assert "bodoge rules GAME" in shown and "rules" in shown and "--lang ja" in shown
    shown = runner.invoke(app, ["play", "--help", "--lang", "ja"], env={"COLUMNS": "300"}).stdout
    assert "bodoge rules GAME" in shown and "ルール" in shown


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("name", GAMES)
def test_the_start_and_rules_at_the_prompt_say_how_to_play(name: str, lang: str) -> None:
    game = bodoge.make(name, players=2)
    buffer = io.StringIO()
    word = text("play.command.rules", "ja")
    read = scripted(["rules", word, "draw"], buffer, then="quit")
    console = Console(file=buffer, width=100, color_system=None)
    TerminalPlay(game, ["human", "random"], 3, lang=lang, console=console, read_line=read).run()
    out = buffer.getvalue()
    command = rules_command(name, lang)
    assert text("play.rules_start", lang, command=command) in out
    summary = game_hook(game, "describe_rules")(lang)
    assert out.count(summary) == 2
    assert out.count(text("play.rules_more", lang, command=command)) == 2
    assert text("play.bad_input", lang, error="")[:5] not in out  # neither refused
    before, after = out.split(summary, 1)[0], out.rsplit(summary, 1)[1]
    assert text("play.prompt", lang) in before and text("play.since", lang) in after  # drawn


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_command_given_prints_the_page(lang: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LANG", "ja_JP.UTF-8")
    command = rules_command("ruler-of-mana", lang)
    assert command.startswith("bodoge rules ruler-of-mana")
    assert ("--lang" in command) == (lang == "en")  # the locale would choose Japanese
    result = runner.invoke(app, command.split()[1:])
    assert rules_file("ruler-of-mana", lang).read_text().splitlines()[0][2:] in result.stdout
