"""Ruler of Mana's fitted evaluator (``evaluation.py``): a model for every variant and player
count, chances that sum to 1 and favour what wins games, and nothing read of other seats' hidden
cards."""

from __future__ import annotations

import random

import pytest
from rm_helpers import game, ids

from bodoge.agents.knowledge import knowledge
from bodoge.core.testing import random_game
from bodoge.games.ruler_of_mana import RMState
from bodoge.games.ruler_of_mana.evaluation import (
    MODELS,
    PRIVATE,
    PUBLIC,
    evaluate,
    features,
    model_of,
)


@pytest.mark.parametrize("variant", ["basic", "expert"])
@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_every_variant_and_player_count_has_its_own_fitted_model(
    variant: str, players: int
) -> None:
    assert (variant, players) in MODELS
    g = game(players, variant)
    assert model_of(g) is MODELS[variant, players]
    assert knowledge(g).evaluate is evaluate
    state = g.new_state(1)
    chances = evaluate(state, 0)
    assert len(chances) == players and sum(chances) == pytest.approx(1.0)
    assert len(features(state, 0, 0)) == len(PUBLIC) + len(PRIVATE)
    assert len(features(state, 1, 0)) == len(PUBLIC)


def test_more_life_is_likelier_to_win() -> None:
    g = game(2)
    even = evaluate(g.new_state(3, setup={"start_player": 0}), 0)
    behind = evaluate(g.new_state(3, setup={"start_player": 0, "life": {1: 5}}), 0)
    assert behind[0] > even[0] and behind[1] < even[1]


def test_damage_ready_to_cast_raises_the_observers_chance() -> None:
    """The observer's own hand counts: the same cards, but mana that pays for a spell."""
    g = game(2)
    hand = {1: ids("S03", "E1", "E1", "A1")}
    ready = g.new_state(3, setup={"start_player": 0, "hands": {0: ids("S01", "F1", "F1"), **hand}})
    stuck = g.new_state(3, setup={"start_player": 0, "hands": {0: ids("S01", "W1", "W1"), **hand}})
    assert features(ready, 0, 0)[len(PUBLIC)] > features(stuck, 0, 0)[len(PUBLIC)]
    assert evaluate(ready, 0)[0] > evaluate(stuck, 0)[0]


@pytest.mark.parametrize("players", [2, 4])
def test_other_seats_are_judged_by_what_the_observer_sees(players: int) -> None:
    """Deal every hidden card anew, keeping the observer's view: the evaluation is the same."""
    g = game(players)
    checked = 0

    def check(state: object) -> None:
        nonlocal checked
        assert isinstance(state, RMState)
        seat = state.current_player
        if seat is None or state.turn % 3:
            return
        other = state.determinize(seat, checked)
        assert other.view(seat) == state.view(seat)
        assert evaluate(other, seat) == evaluate(state, seat)
        checked += 1

    random_game(g, 5, on_step=check)
    assert checked > 5


def test_evaluate_on_many_positions_is_a_distribution() -> None:
    for players in (2, 3, 6):
        g = game(players, "expert")
        state = g.new_state(2)
        rng = random.Random(1)
        while state.current_player is not None:
            chances = evaluate(state, state.current_player)
            assert sum(chances) == pytest.approx(1.0) and min(chances) > 0
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
