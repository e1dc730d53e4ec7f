"""``bodoge play`` on a terminal: a bot's answer to a question asked whatever it holds (a
reaction window) looks and takes the same whatever it holds."""

from __future__ import annotations

import io
import random

import pytest
from rich.console import Console

import bodoge
from bodoge.agents import derive_seed
from bodoge.agents.levels import ANSWER_DELAY, answer_delay
from bodoge.core.i18n import text
from bodoge.play.terminal import TerminalPlay


def _window(game: bodoge.Game, seed: int, steps: int) -> bodoge.State:
    """The position after ``steps`` random steps of game ``seed``: seat 1 asked whatever it
    holds."""
    state = game.new_state(seed)
    rng = random.Random(seed)
    for _ in range(steps):
        state.apply(rng.choice(state.legal_actions()))
    assert state.current_player == 1 and state.asked_whatever_held()
    return state


def test_a_bots_reaction_window_shows_the_same_wait_whether_it_can_react_or_only_pass() -> None:
    """The audit: a bot that could only pass answered at once, with no spinner; one holding a
    reaction showed "Seat 1 is thinking…" for its search (0.8 s): the wait told the person what
    the bot held. Both now show the spinner until the server's delay for such a question."""
    game = bodoge.make("ruler-of-mana", players=2)
    pass_only = _window(game, 0, 7)
    can_react = _window(game, 0, 33)
    assert len(pass_only.legal_actions()) == 1 and len(can_react.legal_actions()) > 1
    seed = 5
    waits: dict[str, list[float]] = {}
    for kind, state in (("pass only", pass_only), ("can react", can_react)):
        screen = io.StringIO()
        console = Console(file=screen, width=80, force_terminal=True, color_system=None)
        play = TerminalPlay(game, ["human", "normal"], seed=seed, console=console)
        slept: list[float] = []
        play.clock = lambda: 100.0  # no time passes but the waits the play sleeps
        play.sleep = slept.append
        step = play.bot_step(1, state)
        assert step in state.legal_actions()
        assert text("play.agent.thinking", "en", seat=1) in screen.getvalue(), kind
        waits[kind] = slept
        drawn = answer_delay(derive_seed(seed, "bot", len(state.history)))
        assert slept == [pytest.approx(drawn)], kind
        assert ANSWER_DELAY[0] <= drawn <= ANSWER_DELAY[1]
    assert len(waits["pass only"]) == len(waits["can react"]) == 1


def test_a_pipe_waits_for_no_delay_and_the_bots_step_is_the_same() -> None:
    """Through a pipe (scripts, tests) nobody watches a spinner: no wait; the step a bot takes
    does not depend on it (a game replays from its seed on a terminal or not)."""
    game = bodoge.make("ruler-of-mana", players=2)
    state = _window(game, 0, 33)
    steps = []
    for terminal in (True, False):
        console = Console(file=io.StringIO(), width=80, force_terminal=terminal)
        play = TerminalPlay(game, ["human", "normal"], seed=3, console=console)
        slept: list[float] = []
        play.clock = lambda: 0.0
        play.sleep = slept.append
        steps.append(play.bot_step(1, state.clone()))
        assert bool(slept) == terminal
    assert steps[0] == steps[1]
