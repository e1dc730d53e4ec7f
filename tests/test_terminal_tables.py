"""``bodoge play``'s tables on a real terminal, 60 to 100 columns wide, with five or six players:
every header whole, every code, rule id and number whole on one line, lists broken only between
their items. A reviewer's 80-column terminal showed ``手札のマ…``, ``飛ばすタ …``,
``Collaborat…``, ``M1-04、M2-0`` / ``6``, ``Infiltrator`` / ``, FG Forger`` and, in the result,
``（E`` / ``M-5.3）``.

Each screen is printed twice, on a terminal and on one wide enough that nothing wraps (every
table as wide as its rows, every line one line), and the two are compared."""

from __future__ import annotations

import io
import random
import re
from collections import Counter
from functools import cache
from typing import Any

import pytest
from rich.cells import cell_len
from rich.console import Console

import bodoge
from bodoge.core.i18n import catalogue, text
from bodoge.core.state import State
from bodoge.play import Decision, make_agent
from bodoge.play.terminal import GameWords, TerminalPlay

GAMES = [("extreme-mission", 5, None), ("ruler-of-mana", 5, None), ("ruler-of-mana", 6, "expert")]
_ASCII_RUN = re.compile(r"[!-~]+")  # a code (M2-06, HK), a rule id (EM-5.3), a number, a word
_LIST_SEP = re.compile(r"、|, | / ")
_UNWRAPPED = 2000  # columns: no table or line of a screen wraps


@cache
def _positions(
    name: str, players: int, variant: str | None, decisions: int = 4
) -> tuple[bodoge.Game, list[State]]:
    """A game of heuristic bots (random ones take thousands of turns in Extreme Mission):
    ``decisions`` of seat 0's decisions and its last, and the game over."""
    game = bodoge.make(name, players=players, **({"variant": variant} if variant else {}))
    agents = [make_agent("heuristic", game, s, random.Random(s)) for s in range(players)]
    state = game.new_state(2)
    seat_0: list[State] = []
    while state.current_player is not None:
        decision = Decision.of(state)
        if decision.seat == 0:
            seat_0.append(state.clone())
        state.apply(agents[decision.seat].act(decision))
    picked = [seat_0[len(seat_0) * i // decisions] for i in range(decisions)] + [seat_0[-1]]
    return game, [*picked, state]


def _screens(
    name: str, players: int, variant: str | None, lang: str, terminal: bool, width: int
) -> tuple[bodoge.Game, list[tuple[str, dict[str, Any]]]]:
    """What seat 0 sees at each position (its view, steps and, at the end, the result), printed
    as ``bodoge play`` prints them, each with the view it shows."""
    game, states = _positions(name, players, variant)
    seats = ["human"] + ["heuristic"] * (players - 1)
    screens: list[tuple[str, dict[str, Any]]] = []
    for state in states:
        out = io.StringIO()
        console = Console(file=out, width=width, force_terminal=terminal, color_system=None)
        play = TerminalPlay(game, seats, seed=2, lang=lang, console=console)
        if state.current_player is None:
            play.show_end(state)
            view = state.view(0)
        else:
            decision = Decision.of(state)
            play.show(decision, brief=False, state=state)
            view = decision.view
        screens.append((out.getvalue(), view))
    return game, screens


def _items(whole: str, words: GameWords) -> set[str]:
    """The list items on a screen printed unwrapped (one line each: a table row, the hand, the
    facts): each card of the hand, each cell's items (``HK ハッカー``, ``M2-06``), each fact but
    what is in progress (a sentence, which may break between words)."""
    seat_column = text("play.seat_column", words.lang)
    hand = words.label("hand")
    pending = f"{words.label('pending')}: "
    items: set[str] = set()
    in_seat_table = False
    for line in whole.splitlines():
        if "┃" in line:
            in_seat_table = line.split("┃")[0].strip() == seat_column
        elif "│" in line and in_seat_table:
            for cell in line.split("│")[1:]:
                items.update(_LIST_SEP.split(cell.strip()))
        elif line.startswith(hand):
            items.update(_LIST_SEP.split(line.partition(": ")[2]))
        elif "  ·  " in line:
            for fact in line.split("  ·  "):
                if not fact.startswith(pending):
                    items.update(_LIST_SEP.split(fact.strip()))
    return {item.strip() for item in items if item.strip()}


@pytest.mark.parametrize("width", [80, 60, 100])
@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize(("name", "players", "variant"), GAMES)
def test_on_a_terminal_every_table_of_play_reads_whole(
    name: str, players: int, variant: str | None, lang: str, width: int
) -> None:
    """No header cut (``手札のマ…``, ``Collaborat…``), no code, rule id, number or English word
    broken across lines (``M2-0`` / ``6``, ``（E`` / ``M-5.3）``, ``Infiltrator`` / ``,``), no
    list item broken inside (``HK`` / ``ハッカー``), no line wider than the terminal."""
    game, on_terminal = _screens(name, players, variant, lang, terminal=True, width=width)
    _, unwrapped = _screens(name, players, variant, lang, terminal=False, width=_UNWRAPPED)
    words = GameWords(game, lang)
    for (screen, view), (whole, _) in zip(on_terminal, unwrapped, strict=True):
        where = f"{name} {players} {lang} {width}:\n{screen}"
        lines = screen.splitlines()
        assert max(cell_len(line) for line in lines) <= width, where
        assert screen.count("…") == whole.count("…"), where
        # every run of Latin letters, digits and signs as whole as where nothing wraps: each
        # as often (more: a table split in two shows its seats twice), and no piece of one
        runs, whole_runs = _ASCII_RUN.findall(screen), _ASCII_RUN.findall(whole)
        assert not Counter(whole_runs) - Counter(runs), where
        assert not set(runs) - set(whole_runs), where
        headers = [words.label(k) for k in view if f"play.view.{k}" in catalogue()]
        headers += [text(f"play.{k}", lang) for k in ("rank", "score", "decided_by")]
        for header in headers:  # a Japanese header has no space to break at
            if lang == "ja" and header in whole:
                assert any(header in line for line in lines), (header, where)
        for item in _items(whole, words):
            if cell_len(item) < width // 2:
                assert any(item in line for line in lines), (item, where)
