"""Seat specs: names resolved per game, the levels, and their wiring into the command line."""

from __future__ import annotations

import random

import pytest
from typer.testing import CliRunner

import bodoge
from bodoge import play
from bodoge.agents import (
    LEVELS,
    Budget,
    Decision,
    ISMCTSAgent,
    NoisyAgent,
    RandomAgent,
    agent_names,
    make_agent,
    parse_seats,
    register_agent,
)
from bodoge.agents.levels import HARD, NORMAL
from bodoge.cli import app
from bodoge.core.errors import SetupError
from bodoge.games.extreme_mission.heuristic import HeuristicAgent

GAME = "extreme-mission"


def test_play_reexports_the_agents_package() -> None:
    assert play.Decision is Decision and play.make_agent is make_agent
    assert play.RandomAgent is RandomAgent and play.agent_names is agent_names


def test_heuristic_resolves_per_game() -> None:
    em = bodoge.make(GAME, players=2)
    assert isinstance(make_agent("heuristic", em, 0, random.Random(1)), HeuristicAgent)


def test_a_name_registered_for_one_game_wins_there_only() -> None:
    class Fixed(RandomAgent):
        pass

    register_agent("fixed-test", Fixed, game=GAME)
    em = bodoge.make(GAME, players=2)
    assert isinstance(make_agent("fixed-test", em, 0, random.Random(1)), Fixed)
    assert "fixed-test" in agent_names(GAME) and "fixed-test" not in agent_names("ruler-of-mana")
    with pytest.raises(SetupError, match="unknown agent"):
        make_agent("fixed-test", bodoge.make("ruler-of-mana", players=2), 0, random.Random(1))
    with pytest.raises(ValueError, match="cannot name"):
        register_agent("human", Fixed)


def test_levels_map_to_agents_and_budgets() -> None:
    em = bodoge.make(GAME, players=2)
    easy = make_agent("easy", em, 0, random.Random(1))
    assert isinstance(easy, NoisyAgent) and isinstance(easy.base, HeuristicAgent)
    normal = make_agent("normal", em, 0, random.Random(1))
    hard = make_agent("hard", em, 0, random.Random(1))
    assert isinstance(normal, ISMCTSAgent) and normal.budget == NORMAL
    assert isinstance(hard, ISMCTSAgent) and hard.budget == HARD
    assert NORMAL.seconds is not None and NORMAL.seconds <= 1.0
    assert HARD.iterations and NORMAL.iterations and HARD.iterations > NORMAL.iterations
    assert list(LEVELS) == ["easy", "normal", "hard"]
    assert parse_seats("human,easy,normal,hard") == ["human", "easy", "normal", "hard"]


def test_an_ismcts_level_plays_a_short_game() -> None:
    game = bodoge.make(GAME, players=2, turn_cap=2)
    state = game.new_state(4)
    agents = [
        ISMCTSAgent(game, 0, random.Random(1), Budget(iterations=5)),
        make_agent("easy", game, 1, random.Random(1)),
    ]
    while (seat := state.current_player) is not None:
        state.apply(agents[seat].act(Decision.of(state)))
    assert state.result().truncated or state.result().winners


def test_play_help_lists_bots_and_levels() -> None:
    out = CliRunner().invoke(app, ["play", "--help"]).output
    for name in ("human", "random", "heuristic", "ismcts", "easy", "normal", "hard"):
        assert name in out


def test_simulate_takes_bots_and_levels() -> None:
    result = CliRunner().invoke(
        app, ["simulate", GAME, "--seats", "heuristic,easy", "--games", "3", "--turn-cap", "60"]
    )
    assert result.exit_code == 0, result.output
    assert "heuristic" in result.output and "easy" in result.output


def test_play_with_a_bot_level_through_a_pipe() -> None:
    result = CliRunner().invoke(
        app,
        ["play", GAME, "--seats", "human,easy", "--seed", "2", "--turn-cap", "2"],
        input="1\n" * 40,
    )
    assert result.exit_code == 0, result.output
