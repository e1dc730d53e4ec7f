"""Ruler of Mana's heuristic agent (``heuristic.py``): always a legal step, deterministic, the
documented plan in small scenarios, and (a smoke test that can fail) stronger than random."""

from __future__ import annotations

import random
from typing import Any

import pytest
from rm_helpers import game, ids

import bodoge
from bodoge.agents import Decision, derive_seed, make_agent
from bodoge.agents.knowledge import knowledge
from bodoge.core.testing import random_game
from bodoge.games.ruler_of_mana import RMState
from bodoge.games.ruler_of_mana.evaluation import evaluate
from bodoge.games.ruler_of_mana.heuristic import HeuristicAgent, rollout_step


def heuristic_step(state: RMState) -> str:
    seat = state.current_player
    assert seat is not None
    return str(HeuristicAgent(state.game, seat, random.Random(0)).act(Decision.of(state)))


def play(state: RMState, steps: int) -> list[str]:
    """The heuristic plays every seat for ``steps`` steps (or to the end)."""
    done = []
    for _ in range(steps):
        if state.current_player is None:
            break
        step = heuristic_step(state)
        state.apply(step)
        done.append(step)
    return done


@pytest.mark.parametrize("variant", ["basic", "expert"])
@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_heuristic_always_takes_a_legal_step(variant: str, players: int) -> None:
    g = game(players, variant)
    agents = [HeuristicAgent(g, s, random.Random(s)) for s in range(players)]
    for seed in range(3):

        def step(state: Any, seed: int = seed) -> None:
            assert isinstance(state, RMState)
            seat = state.current_player
            if seat is None:
                return
            decision = Decision.of(state)
            where = f"{variant} {players}p seed {seed} history {state.history[-6:]}"
            assert agents[seat].act(decision) in decision.legal, where
            assert rollout_step(state, random.Random(0)) in decision.legal, where

        random_game(g, seed, on_step=step)


@pytest.mark.parametrize("variant", ["basic", "expert"])
def test_heuristic_games_play_to_the_end_and_repeat_exactly(variant: str) -> None:
    def one_game(seed: int) -> list[str]:
        g = game(3, variant)
        state = g.new_state(seed)
        seats = ["heuristic", "random", "heuristic"]
        agents = [
            make_agent(name, g, s, random.Random(derive_seed(seed, "agent", s)))
            for s, name in enumerate(seats)
        ]
        while (seat := state.current_player) is not None:
            state.apply(agents[seat].act(Decision.of(state)))
        assert state.result().ranks
        return state.history

    assert one_game(11) == one_game(11)
    assert one_game(11) != one_game(12)


@pytest.mark.parametrize("variant", ["basic", "expert"])
def test_heuristic_beats_random(variant: str) -> None:
    """A small smoke test of strength: at least 70% of 40 two-player games against random
    (measured over 1000: about 98%, see the module docstring of ``heuristic``)."""
    g = game(2, variant)
    wins = 0
    games = 40
    for i in range(games):
        hero = i % 2
        state = g.new_state(derive_seed(2024, "game", i))
        agents = [
            make_agent(
                "heuristic" if s == hero else "random",
                g,
                s,
                random.Random(derive_seed(2024, "agent", i, s)),
            )
            for s in range(2)
        ]
        while (seat := state.current_player) is not None:
            state.apply(agents[seat].act(Decision.of(state)))
        wins += hero in state.result().winners
    assert wins >= 0.7 * games, f"the heuristic won only {wins} of {games} against random"


def test_heuristic_is_the_games_heuristic_seat() -> None:
    g = game(2)
    assert isinstance(make_agent("heuristic", g, 0, random.Random(1)), HeuristicAgent)
    know = knowledge(g)
    assert know.agent is HeuristicAgent and know.rollout is rollout_step
    assert know.evaluate is evaluate  # the fitted one: test_rm_evaluation.py


# ---------------------------------------------------------------------- the plan, in scenarios
def test_plan_finishes_with_the_cheapest_card_that_wins() -> None:
    state = game(2).new_state(
        1,
        setup={
            "start_player": 0,
            "life": {1: 2},
            "deck": ids("A1"),
            "hands": {0: ids("S01", "F1", "F1", "S02", "RB")},
        },
    )
    assert play(state, 3) == ["cast S01/1", "@1", "F1"]


def test_plan_does_not_end_a_game_it_would_lose() -> None:
    """Three players: bringing seat 1 to 0 ends the game; with 10 life (13 with the bonus)
    against seat 2's 15 that loses, so the blow goes to the leader; with 14 it wins."""
    for life, first in ((10, ["cast S01/3", "@2"]), (14, ["cast S01/1", "@1"])):
        state = game(3).new_state(
            1,
            setup={
                "start_player": 0,
                "life": {0: life, 1: 2, 2: 15},
                "deck": ["MA1-12"],
                "hands": {0: ids("S01", "F1", "F1", "W1"), 1: ["MA1-10"], 2: ["MA1-11"]},
            },
        )
        assert play(state, 2) == first


def test_plan_answers_a_finishing_blow_and_lets_a_small_one_through() -> None:
    hands = {0: ids("S02", "F1", "F1", "F1", "S01"), 1: ids("R01", "W1")}
    state = game(2).new_state(
        1, setup={"start_player": 0, "hands": hands, "life": {1: 5}, "deck": ids("E1")}
    )
    state.apply("cast S02/2 @1 F1 F1 F1")  # 8 damage against 5 life
    assert heuristic_step(state) == "react R01"
    state = game(2).new_state(1, setup={"start_player": 0, "hands": hands, "deck": ids("E1")})
    state.apply("cast S01/1 @1 F1")  # 2 damage against 15: keep the seal for later
    assert heuristic_step(state) == "pass"


def test_plan_uses_the_last_stand_at_a_lethal_moment() -> None:
    hands = {0: ids("S02", "F1", "F1", "F1"), 1: ids("R06", "W1")}
    state = game(2).new_state(
        1, setup={"start_player": 0, "hands": hands, "life": {1: 3}, "deck": ids("E1")}
    )
    state.apply("cast S02/2 @1 F1 F1 F1")
    assert heuristic_step(state) == "pass"  # R06 is no window reaction
    assert state.ask.kind == "react"
    state.apply("pass")
    assert state.ask.kind == "lethal"
    assert heuristic_step(state) == "react R06"


def test_plan_heals_when_low_and_not_at_the_cap() -> None:
    hand = ids("S13", "W1", "W1", "S19", "E1")
    low = game(2, "expert").new_state(
        1, setup={"start_player": 0, "life": {0: 3}, "hands": {0: hand}, "deck": ids("A1")}
    )
    assert heuristic_step(low).startswith("cast S13/")
    full = game(2, "expert").new_state(
        1, setup={"start_player": 0, "hands": {0: hand}, "deck": ids("A1")}
    )
    assert not heuristic_step(full).startswith("cast S13/")  # healing past 15 is lost


def test_plan_pays_with_the_cards_least_worth_keeping() -> None:
    state = game(2).new_state(
        1,
        setup={
            "start_player": 0,
            "life": {1: 15},
            "deck": ids("A1"),
            "hands": {0: ids("S01", "F1", "F1", "RB", "W1")},
        },
    )
    steps = play(state, 5)
    assert steps[0] == "cast S01/3" and "RB" not in steps  # F F * paid with F1 F1 W1
    assert "MR-01" in state.view(0)["hand"]


def test_plan_keeps_an_expert_hand_under_ten() -> None:
    """Eight cards and the turn's draw make nine: a draw would end the turn with ten (RM-2.4)."""
    hand = ids("S03", "S23", "S12", "R01", "R02", "R03", "W1", "A1")
    state = game(2, "expert").new_state(
        1, setup={"start_player": 0, "hands": {0: hand}, "deck": ["MA1-11", "MA1-12"]}
    )
    assert len(state.hands[0]) == 9
    assert heuristic_step(state) != "draw"


def test_plan_in_the_draft_keeps_what_fits_the_hand() -> None:
    state = game(2, "expert").new_state(5)
    steps = play(state, 14)  # the draft's picks and more: each one legal, the plan's own
    assert steps[0].startswith("keep ")


def test_rollout_step_and_evaluate_on_a_sampled_state() -> None:
    g = game(3)
    state = g.new_state(4)
    for _ in range(20):
        state.apply(state.legal_actions()[0])
    seat = state.current_player
    assert seat is not None
    sample = g.sample_state(state.view(seat), 7)
    while sample.current_player is not None:
        sample.apply(rollout_step(sample, random.Random(1)))
    assert sample.is_over
    assert sum(evaluate(g.new_state(2), 0)) == pytest.approx(1.0)


def test_make_agent_for_every_player_count() -> None:
    for players in range(2, 7):
        g = bodoge.make("ruler-of-mana", players=players)
        state = g.new_state(players)
        decision = Decision.of(state)
        agent = make_agent("heuristic", g, decision.seat, random.Random(0))
        assert agent.act(decision) in decision.legal
