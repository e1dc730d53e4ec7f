"""No agent can reach the full state: a Decision holds the seat's view, its legal steps, its seat
and the Game, nothing else; and what a seat cannot see changes no agent's choice."""

from __future__ import annotations

import random

import pytest
from agents_helpers import heuristic_positions, positions, states_reachable

import bodoge
from bodoge.agents import Budget, Decision, ISMCTSAgent, agent_names, make_agent, needs_view
from bodoge.core.state import State

GAME = "extreme-mission"


def test_decision_holds_view_legal_seat_and_game_only() -> None:
    game = bodoge.make(GAME, players=3)
    state = game.new_state(5)
    state.apply("draw")
    decision = Decision.of(state)
    assert set(Decision.__slots__) == {"game", "legal", "seat", "_view"}
    assert not hasattr(decision, "__dict__")
    assert decision.view == state.view(0) and decision.seat == 0
    assert decision.legal == state.legal_actions() and decision.game is game


@pytest.mark.parametrize("name", bodoge.games())
@pytest.mark.parametrize("players", [2, 4])
def test_no_state_is_reachable_from_a_decision(name: str, players: int) -> None:
    game = bodoge.make(name, players=players, turn_cap=40)
    checked = 0
    for state in positions(game, range(2), every=23):
        if state.is_over:
            continue
        found = states_reachable(Decision.of(state))
        assert found == [], f"a Decision reaches {found[:1]} ({name}, history={state.history})"
        checked += 1
    assert checked > 3


def test_the_walk_finds_a_state_behind_a_closure_or_a_method() -> None:
    """The walk has teeth: the old lazy view (a closure over the state) would be caught."""
    state = bodoge.make(GAME, players=2).new_state(1)
    assert states_reachable(lambda: state.view(0)) == [state]
    assert states_reachable({"view": state.legal_actions}) == [state]
    assert states_reachable([(1, {"deep": [state]})]) == [state]


def test_no_state_is_reachable_from_an_agent_after_it_acted() -> None:
    """What an agent keeps between decisions (ISMCTS keeps its tree) holds no real state."""
    game = bodoge.make(GAME, players=2)
    state = game.new_state(8)
    agent = ISMCTSAgent(game, 0, random.Random(1), Budget(iterations=10))
    agent.act(Decision.of(state))
    assert all(s is not state for s in states_reachable(agent))


def _agents(game: bodoge.Game, seat: int, seed: int) -> list[tuple[str, object]]:
    names = [n for n in agent_names(game.name) if n not in ("ismcts", "normal", "hard")]
    made: list[tuple[str, object]] = [
        (n, make_agent(n, game, seat, random.Random(seed))) for n in names
    ]
    made.append(("ismcts", ISMCTSAgent(game, seat, random.Random(seed), Budget(iterations=12))))
    return made


def test_hidden_information_changes_no_choice() -> None:
    """Two states that differ only in what the mover cannot see (``determinize``) get the same
    choice from every agent with the same seed."""
    game = bodoge.make(GAME, players=3)
    differed = compared = 0
    for state in heuristic_positions(game, seed=4)[::9]:
        seat = state.current_player
        assert seat is not None
        twin = state.determinize(seat, seed=compared)
        assert twin.view(seat) == state.view(seat)
        differed += any(twin.view(s) != state.view(s) for s in range(3) if s != seat)
        for (name, one), (_, two) in zip(
            _agents(game, seat, 11), _agents(game, seat, 11), strict=True
        ):
            a = one.act(Decision.of(state))  # type: ignore[attr-defined]
            b = two.act(Decision.of(twin))  # type: ignore[attr-defined]
            assert a == b, f"{name} chose {a} and {b} (history={state.history})"
        compared += 1
    assert compared >= 5 and differed > 0


def test_agents_never_touch_the_state_they_are_shown() -> None:
    game = bodoge.make(GAME, players=2)
    state = game.new_state(2)
    before = state.to_json()
    for _, agent in _agents(game, 0, 3):
        agent.act(Decision.of(state))  # type: ignore[attr-defined]
    assert state.to_json() == before
    assert isinstance(state, State)


def test_a_decision_without_the_view_is_for_agents_that_need_none() -> None:
    game = bodoge.make(GAME, players=2)
    state = game.new_state(3)
    bare = Decision.of(state, with_view=False)
    with pytest.raises(LookupError, match="without the view"):
        _ = bare.view
    random_agent = make_agent("random", game, 0, random.Random(1))
    assert not needs_view(random_agent) and random_agent.act(bare) in state.legal_actions()
    assert needs_view(make_agent("heuristic", game, 0, random.Random(1)))
