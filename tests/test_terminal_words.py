"""``bodoge play``'s words, as a reviewer read them: the hand shows the codes a person types, long
lines wrap between words, and a refusal meant for the seat reading it says "you"."""

from __future__ import annotations

import io
import re

import pytest
from rich.console import Console
from terminal_helpers import scripted

import bodoge
from bodoge.core.i18n import text
from bodoge.play.terminal import GameWords, TerminalPlay, render_view


def _plain(renderable: object, width: int = 120) -> str:
    console = Console(file=io.StringIO(), width=width, color_system=None)
    with console.capture() as capture:
        console.print(renderable)
    return capture.get()


def _codes(game: bodoge.Game, hand: list[str]) -> list[str]:
    """The code a person types for each card of ``hand`` (the notation's, per game)."""
    cards = game.cards  # type: ignore[attr-defined]
    if game.name == "ruler-of-mana":
        return [cards.code_of(c) for c in hand]
    return [cards.type_code(cards.info_card(c).type) for c in hand]


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("name", ["ruler-of-mana", "extreme-mission"])
def test_the_hand_shows_the_code_to_type_beside_each_card(name: str, lang: str) -> None:
    """The reviewer's hand (seed 3) read "Water mana, Rainbow mana, …" / "赤の3、赤の4、…", while
    the prompt wants ``W1``, ``RB``, ``R3``: each card is shown with its code."""
    game = bodoge.make(name, players=2)
    view = game.new_state(3).view(0)
    words = GameWords(game, lang)
    out = _plain(render_view(words, view), width=400)
    line = next(line for line in out.splitlines() if words.label("hand") in line)
    for card, code in zip(view["hand"], _codes(game, view["hand"]), strict=True):
        named = words.card(card)
        assert named is not None
        assert re.search(rf"(?<![\w/]){re.escape(code)}(?![\w/])", line), (code, line)
        assert named in line
    # the code sits beside its own card's words, not just somewhere on the line
    first, code = view["hand"][0], _codes(game, view["hand"])[0]
    assert text("play.card_code", lang, code=code, words=words.card(first)) in line or (
        code in (words.card(first) or "")
    )


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_collaborators_are_named_beside_their_codes(lang: str) -> None:
    """In Japanese the collaborators read "表: HK DR SN IN FG", codes and no names."""
    game = bodoge.make("extreme-mission", players=2)
    view = game.new_state(3).view(0)
    words = GameWords(game, lang)
    out = _plain(render_view(words, view), width=400)
    for code in view["collaborators"][0]:
        named = words.card(code)
        assert named is not None and named != code
        assert text("play.card_code", lang, code=code, words=named) in out, out


def _session(name: str, lang: str, answers: list[str], terminal: bool) -> tuple[str, TerminalPlay]:
    """Seat 0 of game seed 3 answers ``answers`` (then end of input) on a console 120 wide that
    is (or is not) a terminal."""
    game = bodoge.make(name, players=2)
    buffer = io.StringIO()
    read = scripted(answers, buffer)

    console = Console(file=buffer, width=120, force_terminal=terminal, color_system=None)
    play = TerminalPlay(
        game, ["human", "random"], seed=3, lang=lang, console=console, read_line=read
    )
    play.run()
    return buffer.getvalue(), play


def _flowed(out: str) -> str:
    """The output with every line break and run of spaces as one space: a text wrapped between
    words reads the same as on one line, one broken inside a word does not."""
    return " ".join(out.split())


@pytest.mark.parametrize("name", ["ruler-of-mana", "extreme-mission"])
def test_help_wraps_between_words_on_a_terminal(name: str) -> None:
    """``help`` at 120 columns read "you see wha / t is chosen", "ok (or Enter) doe / s it"."""
    out, play = _session(name, "en", ["help"], terminal=True)
    assert _flowed(play.words.help()) in _flowed(out)
    assert all(len(line) <= 120 for line in out.splitlines())


def test_a_long_refusal_wraps_between_words_on_a_terminal_and_is_one_line_in_a_pipe() -> None:
    """A refusal read "…(top <card>); lega / l: top F1…": cut by the terminal inside a word."""
    game = bodoge.make("ruler-of-mana", players=2)
    try:
        game.new_state(3).apply("top W1")
    except bodoge.IllegalAction as err:
        reason = GameWords(game, "en").for_reader(err.message, 0).text("en")
        refusal = text("play.bad_input", "en", error=reason)
    assert len(refusal) > 120
    out, _ = _session("ruler-of-mana", "en", ["top W1"], terminal=True)
    assert _flowed(refusal) in _flowed(out)
    assert all(len(line) <= 120 for line in out.splitlines())
    out, _ = _session("ruler-of-mana", "en", ["top W1"], terminal=False)
    assert any(line.endswith(refusal) for line in out.splitlines())  # a pipe: one line


@pytest.mark.parametrize(
    ("lang", "entry", "for_you", "not_for_you"),
    [
        ("en", "top W1", "you must choose the turn's option", "seat 0 must"),
        ("ja", "top W1", "今はあなたが", "席0"),
        ("en", "cast S01/1", "you do not hold S01", "seat 0 does not hold"),
        ("ja", "cast S01/1", "あなたはS01を持っていません", "席0は"),
    ],
)
def test_a_refusal_for_the_seat_reading_it_says_you(
    lang: str, entry: str, for_you: str, not_for_you: str
) -> None:
    """Ruler of Mana told its only person "seat 0 must put a card back" ("席0の番です", now
    "今は席0が…番です")."""
    out, _ = _session("ruler-of-mana", lang, [entry], terminal=False)
    refusal = next(
        line for line in out.splitlines() if text("play.bad_input", lang, error="") in line
    )
    assert for_you in refusal and not_for_you not in refusal, refusal


def test_a_refusal_about_another_seat_still_names_it() -> None:
    """Only the reader's own seat becomes "you": a message about seat 1 keeps "seat 1"."""
    from bodoge.core.i18n import Message

    words = GameWords(bodoge.make("ruler-of-mana", players=2), "en")
    other = Message("rm.illegal.not_held", {"seat": 1, "code": "S01"})
    assert words.for_reader(other, 0).text("en") == other.text("en")
    assert words.for_reader(other, 1).text("en") == "you do not hold S01"


def test_the_expert_draft_header_says_draft_not_turn_0() -> None:
    """The draft comes before turn 1; its header read "turn 0"."""
    game = bodoge.make("ruler-of-mana", players=2, variant="expert")
    for lang in ("en", "ja"):
        buffer = io.StringIO()
        console = Console(file=buffer, width=120, color_system=None)
        play = TerminalPlay(
            game, ["human", "random"], 3, lang=lang, console=console, read_line=lambda _: "quit"
        )
        play.run()
        header = next(line for line in buffer.getvalue().splitlines() if "─" in line)
        assert text("play.value.pending.draft", lang) in header, header
        assert "turn 0" not in header and "第0手番" not in header, header


@pytest.mark.parametrize(
    ("name", "turn_word"), [("ruler-of-mana", "ターン1"), ("extreme-mission", "第1手番")]
)
def test_the_header_says_a_turn_in_the_games_own_word(name: str, turn_word: str) -> None:
    """Ruler of Mana's rules say ターン for a turn, Extreme Mission's 手番; the header said
    手番目 for both, beside Ruler of Mana's ターン in the log (and 1手番目 read as a shogi move)."""
    for lang, said in (("ja", turn_word), ("en", "turn 1")):
        buffer = io.StringIO()
        console = Console(file=buffer, width=120, color_system=None)
        play = TerminalPlay(
            bodoge.make(name, players=2),
            ["human", "random"],
            3,
            lang=lang,
            console=console,
            read_line=lambda _: "quit",
        )
        play.run()
        header = next(line for line in buffer.getvalue().splitlines() if "─" in line)
        assert said in header, header


def test_ctrl_c_says_the_game_is_abandoned_before_it_stops() -> None:
    """Ctrl-C during ``play`` stopped it with nothing said."""
    game = bodoge.make("ruler-of-mana", players=2)

    def interrupted(prompt: str) -> str:
        raise KeyboardInterrupt

    buffer = io.StringIO()
    console = Console(file=buffer, width=120, color_system=None)
    play = TerminalPlay(game, ["human", "random"], 3, console=console, read_line=interrupted)
    with pytest.raises(KeyboardInterrupt):
        play.run()
    assert buffer.getvalue().splitlines()[-1] == text("play.quit", "en")


def test_ctrl_c_in_bodoge_play_says_so_and_exits_130(monkeypatch: pytest.MonkeyPatch) -> None:
    from typer.testing import CliRunner

    from bodoge.cli import app

    def interrupted(*_: object) -> str:
        raise KeyboardInterrupt

    monkeypatch.setattr("builtins.input", interrupted)  # what Rich's console.input reads with
    args = ["play", "extreme-mission", "--seats", "human,random", "--seed", "3"]
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 130
    assert result.stdout.splitlines()[-1] == text("play.quit", "en")
    assert "Traceback" not in result.output


@pytest.mark.parametrize("command", ["simulate", "arena"])
def test_a_long_command_line_error_wraps_between_words_on_a_terminal(command: str) -> None:
    """On a terminal the one-line error was left to the terminal, which cut words in two; into a
    pipe it stays one line (tests/test_cli_errors.py)."""
    from typer.testing import CliRunner

    from bodoge.cli import app

    bad = "robot" + "x" * 30
    option = "--seats" if command == "simulate" else "--bots"
    terminal = {"FORCE_COLOR": "1", "COLUMNS": "60"}  # Rich takes stderr for a terminal 60 wide
    result = CliRunner().invoke(
        app, [command, "extreme-mission", option, f"random,{bad}"], env=terminal
    )
    assert result.exit_code == 2
    lines = result.stderr.splitlines()
    assert len(lines) > 1 and all(len(line.rstrip()) <= 60 for line in lines), lines
    assert f"'{bad}'" in result.stderr and "heuristic, ismcts" in _flowed(result.stderr)
