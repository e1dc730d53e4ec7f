"""Running text on a terminal 60 to 79 columns wide, in both languages: the log's lines, the
steps offered, a move's builder, the end's lines and ``bodoge replay``'s lines break between
words (a Japanese line between characters), never inside a card's name (``捨て身の業火（S06）``,
``Water mana``, ``green 4``), a code, a rule id or a number. At 60 columns what was being
resolved read ``…席2が捨`` / ``て身の業火（S06）の選択肢2…`` and ``…選択済み：火`` / ``のマナ``, and
English lines ``…Curse`` / ``of Retaliation (R05)`` and ``…Water`` / ``mana, …``.

Each screen is printed on a terminal of each width and on a console wide enough that nothing
wraps, and every name, and every run of Latin letters, digits and signs, is counted whole on
both."""

from __future__ import annotations

import io
import json
import re
from collections import Counter
from collections.abc import Callable
from pathlib import Path

import pytest
from rich.cells import cell_len
from rich.console import Console
from terminal_helpers import scripted
from test_cli_replay import finished_record
from test_terminal_tables import _positions as positions

import bodoge
from bodoge.core.action import Choices
from bodoge.core.choices import split
from bodoge.core.state import State
from bodoge.play import Decision
from bodoge.play.replay import TerminalReplay, load_record
from bodoge.play.terminal import GameWords, TerminalPlay

WIDTHS = range(60, 80)
GAMES = [("extreme-mission", 4), ("ruler-of-mana", 3)]
_ASCII_RUN = re.compile(r"[!-~]+")  # a code (M2-06, S31), a rule id (EM-5.3), a number, a word


def _positions(name: str, players: int) -> tuple[bodoge.Game, list[State]]:
    """A game of heuristic bots: twelve of seat 0's decisions, its last, and the game over."""
    return positions(name, players, None, 12)


def on_widths(print_on: Callable[[Console], None]) -> dict[int, str]:
    """What ``print_on`` prints on a terminal of each width, and (as width 0) where nothing
    wraps."""
    printed = {}
    for width in [0, *WIDTHS]:
        out = io.StringIO()
        console = Console(
            file=out, width=width or 2000, force_terminal=width > 0, color_system=None
        )
        print_on(console)
        printed[width] = out.getvalue()
    return printed


def assert_whole(printed: dict[int, str], words: GameWords) -> None:
    """Every name and every run of Latin letters, digits and signs as often whole on each
    terminal as where nothing wraps; no line wider than its terminal."""
    assert len(words.names) > 40  # every card's name (and with its code)
    whole = printed[0].splitlines()
    runs = Counter(_ASCII_RUN.findall(printed[0]))
    cut = {}
    for width, screen in printed.items():
        lines = screen.splitlines()
        wide = [line for line in lines if cell_len(line) > width]
        names = [n for n in words.names if _count(n, lines) < _count(n, whole)]
        cut[width] = wide + names + list(runs - Counter(_ASCII_RUN.findall(screen)))
    del cut[0]
    assert not any(cut.values()), {width: c for width, c in cut.items() if c}


def _count(name: str, lines: list[str]) -> int:
    return sum(line.count(name) for line in lines)


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize(("name", "players"), GAMES)
def test_the_log_and_the_steps_offered_break_inside_no_name(
    name: str, players: int, lang: str
) -> None:
    """Twelve of seat 0's decisions and the end of a game of heuristic bots, as ``bodoge play``
    shows them: what happened since (the log's lines), the view, the steps offered, the result
    and how to play the deal again."""
    game, states = _positions(name, players)
    seats = ["human"] + ["heuristic"] * (players - 1)

    def screens(console: Console) -> None:
        for state in states:
            play = TerminalPlay(game, seats, seed=2, lang=lang, console=console)
            if state.current_player is None:
                play.show_end(state)
            else:
                play.show(Decision.of(state), brief=False, state=state)

    assert_whole(on_widths(screens), GameWords(game, lang))


def begun(state: State) -> tuple[str, list[str]] | None:
    """The first of seat 0's steps that opens the builder (a mission to complete, a spell to
    cast, a cycle), with items that can go in it one after another, or None."""
    for action in Decision.of(state).legal:
        opened = split(state, action.notation)
        if opened is None or state.choices(opened[0]) == Choices((), True):
            continue
        items: list[str] = []
        while len(items) < 6 and (now := state.choices(opened[0], items)).addable:
            items.append(now.addable[-1])
        if len(items) > 1:
            return action.notation, items
    return None


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize(("name", "players"), GAMES)
def test_a_move_being_built_breaks_inside_no_name(name: str, players: int, lang: str) -> None:
    """A move begun, its items added one by one, then cancelled: what it is, what is chosen,
    what can be added, what it still needs, and that it was abandoned."""
    game, states = _positions(name, players)
    state = next(s for s in states[:-1] if begun(s))
    step, items = begun(state) or ("", [])
    seats = ["human"] + ["heuristic"] * (players - 1)

    def session(console: Console) -> None:
        read = scripted([step, *items, "cancel"], io.StringIO(), then="quit")
        TerminalPlay(game, seats, seed=2, lang=lang, console=console, read_line=read).ask(state, 0)

    printed = on_widths(session)
    words = GameWords(game, lang)
    what = (split(state, step) or (step, []))[0]
    action = next((a for a in Decision.of(state).legal if a.notation == what), None)
    said = action.describe(lang) if action else words.t(f"play.value.pending.{what}")
    assert words.t("play.build.cancelled", what=said) in printed[0]  # in words, as it began
    assert_whole(printed, words)


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_replays_lines_break_inside_no_name(tmp_path: Path, lang: str) -> None:
    """``bodoge replay`` of a three-player Ruler of Mana game: every step's line, what it made
    happen (its cards named), the table at the end and the result."""
    path = tmp_path / "record.json"
    path.write_text(json.dumps(finished_record(), ensure_ascii=False), encoding="utf-8")
    record = load_record(path)

    def replay(console: Console) -> None:
        TerminalReplay(record, 0, lang, console).print_all()

    assert_whole(on_widths(replay), GameWords(record.game, lang))
