"""ISMCTS: legal steps from the seat's view, its budget kept, deterministic with a seed, any number
of players, and a game without a heuristic searched with random rollouts."""

from __future__ import annotations

import gc
import itertools
import random

import pytest
from agents_helpers import heuristic_positions

import bodoge
from bodoge.agents import Budget, Decision, ISMCTSAgent, derive_seed, make_agent
from bodoge.agents.ismcts import (
    HORIZON,
    TO_THE_END,
    Node,
    PausedCollector,
    Settings,
    _Walk,
    rewards,
)
from bodoge.agents.knowledge import GameKnowledge, knowledge
from bodoge.agents.levels import LEVELS, level_factory
from bodoge.core.action import Action
from bodoge.core.errors import SetupError
from bodoge.games.extreme_mission import ExtremeMission
from bodoge.games.extreme_mission.state import EMState

GAME = "extreme-mission"


def _play(game: bodoge.Game, seats: list[object], seed: int) -> bodoge.State:
    state = game.new_state(seed)
    while (seat := state.current_player) is not None:
        legal = state.legal_actions()
        step = seats[seat].act(Decision.of(state))  # type: ignore[attr-defined]
        assert step in legal
        state.apply(step)
    return state


@pytest.mark.parametrize("players", [2, 3, 5])
def test_ismcts_plays_legal_steps_for_any_number_of_players(players: int) -> None:
    game = bodoge.make(GAME, players=players, turn_cap=2 * players)
    seats: list[object] = [
        ISMCTSAgent(game, s, random.Random(s), Budget(iterations=8))
        if s % 2 == 0
        else make_agent("heuristic", game, s, random.Random(s))
        for s in range(players)
    ]
    assert _play(game, seats, seed=players).is_over


def test_ismcts_keeps_its_iteration_budget() -> None:
    game = bodoge.make(GAME, players=2)
    settings = Settings(reuse=False, items_by_policy=False)
    agent = ISMCTSAgent(game, 0, random.Random(1), Budget(iterations=17), settings)
    for state in heuristic_positions(game, seed=3)[:12]:
        agent.seat = state.current_player or 0
        decision = Decision.of(state)
        agent.act(decision)
        assert agent.last_iterations == 17 and agent.last_root is not None
        assert agent.last_root.visits == 17
        assert sum(c.visits for c in agent.last_root.children.values()) == 17
    state = game.new_state(1)
    only = Decision(game, 0, state.legal_actions()[:1], state.view(0))
    assert agent.act(only) == only.legal[0]
    assert agent.last_iterations == 0  # one legal step: no search


def _begun_completion() -> EMState:
    """Seat 0 has begun ``complete M2-03`` with a hand that pays for it in several ways."""
    game = bodoge.make(GAME, players=2)
    laid = [f"M{level}-0{i}" for level in (1, 2, 3, 4) for i in (1, 2, 3)]
    hand = ["I-R4a", "I-B5a", "I-G6a", "I-Y7a", "I-P8a", "I-R1a", "I-R2a", "I-R3a"]
    state = game.new_state(3, setup={"missions": laid, "hands": {0: hand}})
    state.apply("complete M2-03")
    assert isinstance(state, EMState)
    return state


def test_items_of_a_begun_action_can_follow_the_plan_unsearched() -> None:
    state = _begun_completion()
    settings = Settings(items_by_policy=True)
    agent = ISMCTSAgent(state.game, 0, random.Random(2), Budget(iterations=30), settings)
    plan = make_agent("heuristic", state.game, 0, random.Random(2))
    while state.pending is not None:
        decision = Decision.of(state)
        step = agent.act(decision)
        assert agent.last_iterations == 0 and step == plan.act(decision)
        state.apply(step)


def test_a_game_may_ask_for_the_items_of_a_begun_action_searched() -> None:
    """Extreme Mission does (``SEARCH_ITEMS_BY_POLICY``: which cards pay for a mission, searched,
    won ``normal`` more games, most of all with more players); a game that says nothing, Ruler
    of Mana, does not."""
    assert knowledge(bodoge.make("ruler-of-mana", players=2)).items_by_policy is None
    state = _begun_completion()
    agent = ISMCTSAgent(state.game, 0, random.Random(2), Budget(iterations=30))
    searched = 0
    while state.pending is not None:
        decision = Decision.of(state)
        step = agent.act(decision)
        assert step in decision.legal
        if len(decision.legal) > 1:
            assert agent.last_iterations == 30 and agent.last_root is not None
            assert {c.action for c in agent.last_root.children.values()} == set(decision.legal)
            searched += 1
        state.apply(step)
    assert searched >= 2 and "M2-03" in state.completed[0]


def test_normal_searches_extreme_missions_items_and_hard_follows_the_plan() -> None:
    """``hard`` searching them won no more than its plan's items (``docs/strength.md``)."""
    for name, by_plan in [("extreme-mission", False), ("ruler-of-mana", True)]:
        game = bodoge.make(name, players=2)
        normal = level_factory(LEVELS["normal"])(game, 0, random.Random(1))
        hard = level_factory(LEVELS["hard"])(game, 0, random.Random(1))
        assert isinstance(normal, ISMCTSAgent) and isinstance(hard, ISMCTSAgent)
        assert (normal.items_by_policy, hard.items_by_policy) == (by_plan, True)


def test_a_time_budget_ends_the_search() -> None:
    game = bodoge.make(GAME, players=2)
    agent = ISMCTSAgent(game, 0, random.Random(1), Budget(seconds=0.02))
    state = game.new_state(2)
    assert agent.act(Decision.of(state)) in state.legal_actions()
    assert agent.last_iterations >= 1


def test_what_a_search_leaves_is_old_when_the_collector_resumes() -> None:
    """The memos a search fills outlive it: left young, the next collection would walk them all
    (a sixth of a ``hard`` game). A process that froze objects of its own keeps them frozen."""
    game = bodoge.make(GAME, players=2)
    state = heuristic_positions(game, seed=3)[0]
    decision = Decision.of(state)

    def search() -> int:
        """How many objects are young right after a search (its tree still held); the collector
        stays off meanwhile."""
        agent = ISMCTSAgent(game, decision.seat, random.Random(1), Budget(iterations=200))
        root = Node(None, None)
        agent.search(decision, root)
        gc.disable()
        try:
            return len(gc.get_objects(0)) + len(gc.get_objects(1))
        finally:
            gc.enable()

    gc.collect()
    assert search() < 50 and gc.isenabled() and gc.get_freeze_count() == 0
    gc.freeze()
    try:
        frozen = gc.get_freeze_count()
        assert search() > 200 and gc.get_freeze_count() == frozen  # the tree's nodes
    finally:
        gc.unfreeze()


def test_a_paused_collector_stays_off_where_it_was_off() -> None:
    """A search run by code that turned the collector off itself leaves it off, even when the
    search fails."""
    gc.disable()
    try:
        with pytest.raises(KeyError), PausedCollector():
            raise KeyError("the search failed")
        assert not gc.isenabled()
    finally:
        gc.enable()
    with pytest.raises(KeyError), PausedCollector():
        raise KeyError("the search failed")
    assert gc.isenabled()


def test_ismcts_is_deterministic_given_its_seed() -> None:
    game = bodoge.make(GAME, players=3, turn_cap=6)

    def seats() -> list[object]:
        return [
            ISMCTSAgent(game, s, random.Random(derive_seed("det", s)), Budget(iterations=6))
            for s in range(3)
        ]

    assert _play(game, seats(), seed=5).history == _play(game, seats(), seed=5).history


def test_a_seeded_search_finds_what_it_found_when_recorded() -> None:
    """One position, seed and budget, and the root's visits as recorded. The plan, the sampler
    and the tree are made faster without changing what the search does; a change meant to
    change play records them again (and is measured in ``docs/strength.md``)."""
    game = bodoge.make(GAME, players=2)
    positions = heuristic_positions(game, 11)
    state = next(s for s in positions if len(s.history) >= 14 and not s._in_action())
    decision = Decision.of(state)
    agent = ISMCTSAgent(game, decision.seat, random.Random(5), Budget(iterations=150))
    assert str(agent.act(decision)) == "take 0"
    assert agent.last_root is not None
    visits = {notation: child.visits for notation, child in agent.last_root.children.items()}
    assert visits == {
        "complete M1-01": 2,
        "complete M1-02": 4,
        "complete M1-03": 3,
        "complete M2-01": 2,
        "complete M2-06": 2,
        "complete M2-08": 2,
        "draw": 91,
        "pass": 14,
        "take 0": 30,
    }


def test_every_seeded_agent_is_deterministic() -> None:
    game = bodoge.make(GAME, players=2, turn_cap=8)
    for name in ("random", "heuristic", "easy"):
        runs = [
            _play(game, [make_agent(name, game, s, random.Random(s)) for s in range(2)], 7)
            for _ in range(2)
        ]
        assert runs[0].history == runs[1].history, name


def test_the_subtree_of_a_chosen_item_is_kept_for_the_next_item() -> None:
    """Without macro moves the items of a compound action are tree levels: the next decision,
    the same seat's with the log unchanged, goes on from the child of the item chosen."""
    game = bodoge.make(GAME, players=2)
    laid = [f"M{level}-0{i}" for level in (1, 2, 3, 4) for i in (1, 2, 3)]
    hand = ["I-R4a", "I-B5a", "I-G6a", "I-Y7a", "I-P8a", "I-R1a", "I-R2a", "I-R3a"]
    state = game.new_state(3, setup={"missions": laid, "hands": {0: hand}})
    state.apply("complete M2-03")  # rainbow(5): five items to add, one decision each
    agent = ISMCTSAgent(game, 0, random.Random(2), Budget(iterations=30), Settings(macro=False))
    roots: list[Node] = []
    while state.current_player == 0 and state.pending is not None:
        step = agent.act(Decision.of(state))
        assert agent.last_root is not None
        roots.append(agent.last_root)
        state.apply(step)
    assert len(roots) >= 2
    for parent, child in itertools.pairwise(roots):
        assert any(node is child for node in parent.children.values())
        assert child.visits > 30  # what it had learnt, plus this decision's budget


def test_macro_moves_do_not_keep_a_subtree() -> None:
    game = bodoge.make(GAME, players=2)
    state = game.new_state(3)
    agent = ISMCTSAgent(game, 0, random.Random(2), Budget(iterations=10))
    agent.act(Decision.of(state))
    assert agent.settings.macro and agent.last_root is not None
    state.apply(agent.act(Decision.of(state)))
    assert agent.last_root.visits == 10


def test_rewards_share_a_win_and_sum_to_one() -> None:
    game = bodoge.make(GAME, players=3, turn_cap=3)
    state = _play(game, [make_agent("random", game, s, random.Random(s)) for s in range(3)], 1)
    r = state.result()
    got = rewards(state, None, 0)
    assert abs(sum(got) - 1) < 1e-9
    best = r.winners or tuple(s for s in range(3) if r.ranks[s] == 1)
    assert all((got[s] > 0) == (s in best) for s in range(3))
    unfinished = game.new_state(1)
    assert rewards(unfinished, None, 0) == [1 / 3] * 3


def test_budget_and_game_checks() -> None:
    with pytest.raises(ValueError, match="iterations, seconds"):
        Budget()
    with pytest.raises(ValueError, match="iterations"):
        Budget(iterations=0)
    rm = bodoge.make("ruler-of-mana", players=2)
    if type(rm).sample_state is bodoge.Game.sample_state:
        with pytest.raises(SetupError, match="cannot rebuild"):
            ISMCTSAgent(rm, 0, random.Random(1), Budget(iterations=1))


@pytest.mark.parametrize("players", [2, 3])
def test_ismcts_is_game_agnostic(players: int) -> None:
    """The same search plays Ruler of Mana through its own sample_state and hooks."""
    game = bodoge.make("ruler-of-mana", players=players, turn_cap=6)
    seats: list[object] = [
        ISMCTSAgent(game, s, random.Random(s), Budget(iterations=6)) for s in range(players)
    ]
    assert _play(game, seats, seed=players).is_over


def _child(root: Node, action: Action, rewards_seen: list[float]) -> Node:
    child = Node(action, 0)
    for value in rewards_seen:
        child.visits += 1
        child.total += value
        child.squares += value * value
    root.children[action.notation] = child
    return child


def test_the_plans_step_stands_unless_the_search_shows_better() -> None:
    """``trust``: the most visited child replaces the plan's step only when its mean is better
    by more than ``trust`` standard errors of the difference."""
    game = bodoge.make(GAME, players=2)
    state = game.new_state(4)
    legal = state.legal_actions()
    draw, other = state.parse("draw"), next(a for a in legal if a.notation != "draw")
    agent = ISMCTSAgent(game, 0, random.Random(1), Budget(iterations=1), Settings(trust=2.0))
    root = Node(None, None)
    _child(root, other, [1.0, 0.0] * 30)  # mean 0.5, most visited
    _child(root, draw, [0.9, 0.0] * 20)  # mean 0.45: a difference well inside the noise
    assert agent._best(root, legal, plan=draw) == draw
    assert agent._best(root, legal, plan=None) == other
    root = Node(None, None)
    _child(root, other, [0.9, 0.8] * 30)  # mean 0.85: clearly better
    _child(root, draw, [0.5, 0.4] * 20)
    assert agent._best(root, legal, plan=draw) == other
    trusting = ISMCTSAgent(game, 0, random.Random(1), Budget(iterations=1), Settings(trust=0))
    root = Node(None, None)
    _child(root, other, [1.0, 0.0] * 30)
    _child(root, draw, [0.9, 0.0] * 20)
    assert trusting._best(root, legal, plan=draw) == other


def test_variance_of_the_mean() -> None:
    node = Node(None, 0)
    assert node.variance_of_mean() == float("inf")
    for value in (1.0, 0.0, 1.0, 0.0):
        node.visits += 1
        node.total += value
        node.squares += value * value
    # sample variance 1/3 over 4 visits
    assert node.variance_of_mean() == pytest.approx(1 / 12)


def test_the_horizon_counts_the_turns_of_the_seat_whose_turn_it_is() -> None:
    """A reaction asked of another seat does not end the turn: the horizon counts turns by
    ``State.turn_player``, not by who decides."""
    game = bodoge.make("ruler-of-mana", players=2)
    state = game.new_state(
        1,
        setup={
            "start_player": 0,
            "hands": {0: ["S01", "MF1-01", "MF1-02", "MW1-01"], 1: ["R01-a", "MA1-01", "S02"]},
        },
    )
    state.apply("cast S01/1 @1 F1")
    assert state.current_player == 1 and state.turn_player == 0  # asked to react
    agent = ISMCTSAgent(game, 0, random.Random(1), Budget(iterations=1), Settings(horizon=1))
    walk = _Walk(state, agent, random.Random(1))
    walk._apply("pass")
    if state.turn_player == 0:
        assert walk.ended == 0 and not walk.at_horizon()


def test_the_horizon_is_the_games_unless_the_settings_name_one() -> None:
    from bodoge.games.extreme_mission import heuristic as em_heuristic
    from bodoge.games.ruler_of_mana import heuristic as rm_heuristic

    em, rm = bodoge.make(GAME, players=2), bodoge.make("ruler-of-mana", players=2)
    rng = random.Random(1)
    assert ISMCTSAgent(em, 0, rng, Budget(iterations=1)).horizon == em_heuristic.SEARCH_HORIZON
    assert ISMCTSAgent(rm, 0, rng, Budget(iterations=1)).horizon == rm_heuristic.SEARCH_HORIZON
    assert ISMCTSAgent(rm, 0, rng, Budget(iterations=1), Settings(horizon=1)).horizon == 1


@pytest.mark.parametrize("name", [GAME, "ruler-of-mana"])
def test_a_deep_search_looks_as_far_as_the_game_says(name: str) -> None:
    """``Settings.deep`` (the ``hard`` level) takes the game's ``SEARCH_DEEP_HORIZON``, which
    both games name one turn beyond their usual horizon; a horizon given in the settings still
    wins."""
    game = bodoge.make(name, players=2)
    know = knowledge(game)
    rng, one, deep = random.Random(1), Budget(iterations=1), Settings(deep=True)
    assert know.deep_horizon is not None and know.horizon is not None
    assert know.deep_horizon == know.horizon + 1
    assert ISMCTSAgent(game, 0, rng, one, deep).horizon == know.deep_horizon
    assert ISMCTSAgent(game, 0, rng, one, Settings(horizon=1, deep=True)).horizon == 1
    for level, horizon in (("hard", know.deep_horizon), ("normal", know.horizon)):
        agent = level_factory(LEVELS[level])(game, 0, rng)
        assert isinstance(agent, ISMCTSAgent) and agent.horizon == horizon


class _Unadvised(ExtremeMission):
    """Extreme Mission's rules with nothing beside them: no heuristic module, so no plan, no
    rollout policy, no evaluator and no horizons (a new game before its bots are written)."""


def test_a_game_with_no_evaluator_is_searched_to_its_end_at_every_level() -> None:
    """Where the game names no horizon, deep or not, the search's own: two turns for a game that
    can evaluate a position; for one that cannot, the end of the game, since a rollout stopped
    short would score every seat the same."""
    game = _Unadvised(players=2, turn_cap=40)  # random play rarely ends it sooner
    assert knowledge(game) == GameKnowledge()
    rng, one = random.Random(1), Budget(iterations=1)
    for settings in (None, Settings(deep=True)):
        assert ISMCTSAgent(game, 0, rng, one, settings).horizon == TO_THE_END
        judged = ISMCTSAgent(game, 0, rng, one, settings, evaluate=lambda s, o: [0.5, 0.5])
        assert judged.horizon == HORIZON
    assert ISMCTSAgent(game, 0, rng, one, Settings(horizon=1, deep=True)).horizon == 1
    hard = level_factory(LEVELS["hard"])(game, 0, rng)
    assert isinstance(hard, ISMCTSAgent) and hard.horizon == TO_THE_END
    walk = _Walk(game.new_state(5), hard, random.Random(2))
    walk.roll_out()
    assert walk.state.is_over and walk.ended > HORIZON
    state = game.new_state(5)
    agent = ISMCTSAgent(game, 0, random.Random(3), Budget(iterations=30))
    assert agent.act(Decision.of(state)) in state.legal_actions()
    assert agent.last_root is not None  # stopped two turns in, every step would score 1/2
    assert any(child.mean() != 0.5 for child in agent.last_root.children.values())


@pytest.mark.parametrize("players", [2, 3])
def test_a_half_turn_horizon_stops_as_the_seats_next_turn_begins(players: int) -> None:
    """Horizon 1.5: the rest of the seat's turn, then every other seat's whole turn, and the
    evaluation as the seat's own next turn begins (before it plays); 2: after that turn."""
    game = bodoge.make(GAME, players=players)
    for horizon, turns in ((1.5, 1), (2, 2)):
        state = game.new_state(3)
        agent = ISMCTSAgent(
            game, 0, random.Random(1), Budget(iterations=1), Settings(horizon=horizon)
        )
        walk = _Walk(state, agent, random.Random(1))
        seen = [state.turn_player]
        while not walk.at_horizon():
            walk._apply(state.legal_actions()[0])
            if state.turn_player != seen[-1]:
                seen.append(state.turn_player)
        assert walk.ended == turns
        if horizon == 1.5:
            assert seen == [*range(players), 0] and state.turn_player == 0
        else:
            assert seen == [*range(players), 0, 1 % players]


def test_shared_hints_ask_the_policy_once_a_node() -> None:
    """With ``shared_hints`` a node keeps the policy's step of the first determinization that
    asked there; without, the policy is asked at every visit that could use it."""
    game = bodoge.make(GAME, players=2)
    state = game.new_state(5)
    asked = {False: 0, True: 0}
    know_rollout = make_agent("ismcts", game, 0, random.Random(0)).rollout_policy  # type: ignore[attr-defined]
    for shared in (False, True):

        def counting(sample: bodoge.State, rng: random.Random, shared: bool = shared) -> object:
            asked[shared] += 1
            return know_rollout(sample, rng)

        agent = ISMCTSAgent(
            game,
            0,
            random.Random(2),
            Budget(iterations=300),
            Settings(shared_hints=shared),
            rollout=counting,  # type: ignore[arg-type]
        )
        agent.act(Decision.of(state))
        assert agent.last_iterations == 300
    assert asked[True] < 0.8 * asked[False]


@pytest.mark.parametrize(("name", "shared"), [("extreme-mission", False), ("ruler-of-mana", True)])
def test_shared_hints_follow_the_game_unless_set(name: str, shared: bool) -> None:
    """``shared_hints`` left unset takes the game's ``SEARCH_SHARED_HINTS`` (Extreme Mission's
    plan depends on the hidden cards: off); set, it overrides the game."""
    game = bodoge.make(name, players=2)
    budget = Budget(iterations=1)
    assert ISMCTSAgent(game, 0, random.Random(0), budget).shared_hints is shared
    for flag in (False, True):
        agent = ISMCTSAgent(game, 0, random.Random(0), budget, Settings(shared_hints=flag))
        assert agent.shared_hints is flag
