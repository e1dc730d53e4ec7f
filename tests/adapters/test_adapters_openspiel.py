"""OpenSpiel's own checker on every table, and OpenSpiel's ISMCTS bot playing both games to the
end (DESIGN.md, "Research adapters")."""

from __future__ import annotations

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

import bodoge
from bodoge.adapters.openspiel import short_name

TURN_CAP = 12  # random play rarely ends Extreme Mission: the cap bounds each game


def load(name: str, players: int, variant: str = "basic", turn_cap: int = TURN_CAP) -> pyspiel.Game:
    params = {"players": players, "variant": variant, "turn_cap": turn_cap}
    return pyspiel.load_game(short_name(name), params)


def test_openspiel_random_sim_test(table: tuple[str, int, str]) -> None:
    name, players, variant = table
    pyspiel.random_sim_test(load(name, players, variant), num_sims=2, serialize=True, verbose=False)


def test_openspiel_game_facts() -> None:
    game = load("ruler-of-mana", 3, "expert")
    facts = game.get_type()
    assert facts.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert facts.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert game.num_distinct_actions() == len(bodoge.adapters.actions("ruler-of-mana", players=3))
    assert (game.min_utility(), game.max_utility(), game.utility_sum()) == (-1.0, 1.0, 0.0)
    state = game.new_initial_state()
    assert state.is_chance_node() and len(state.chance_outcomes()) == game.max_chance_outcomes()


def test_openspiel_resample_keeps_what_the_seat_knows() -> None:
    game = load("ruler-of-mana", 3)
    state = game.new_initial_state()
    state.apply_action(11)
    rng = np.random.RandomState(3)
    for _ in range(12):
        state.apply_action(rng.choice(state.legal_actions()))
    for seat in range(3):
        world = state.resample_from_infostate(seat, rng.uniform)
        assert world.information_state_string(seat) == state.information_state_string(seat)
        assert world.observation_tensor(seat) == state.observation_tensor(seat)
    hands = {
        str(state.resample_from_infostate(0, rng.uniform).table.view(1)["hand"]) for _ in range(5)
    }
    assert len(hands) > 1  # what seat 0 cannot see is dealt anew


def test_openspiel_serialize_round_trip() -> None:
    game = load("extreme-mission", 2)
    state = game.new_initial_state()
    state.apply_action(4)
    for _ in range(9):
        state.apply_action(state.legal_actions()[-1])
    text = pyspiel.serialize_game_and_state(game, state)
    _, back = pyspiel.deserialize_game_and_state(text)
    assert str(back) == str(state) and back.history() == state.history()


def play_with_ismcts(name: str, seed: int) -> pyspiel.State:
    game = load(name, 2, turn_cap=8)
    rng = np.random.RandomState(seed)
    bot = ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(1, rng), 2.0, 8, random_state=rng)
    bot.set_resampler(lambda state, player: state.resample_from_infostate(player, rng.uniform))
    state = game.new_initial_state()
    state.apply_action(seed)
    while not state.is_terminal():
        state.apply_action(bot.step(state))
    return state


def test_openspiel_ismcts_plays_ruler_of_mana_to_the_end() -> None:
    state = play_with_ismcts("ruler-of-mana", 1)
    assert state.is_terminal() and sum(state.returns()) == 0.0
    assert state.table is not None and state.table.is_over


def test_openspiel_ismcts_plays_extreme_mission_to_the_end() -> None:
    state = play_with_ismcts("extreme-mission", 2)
    assert state.is_terminal() and sum(state.returns()) == 0.0
