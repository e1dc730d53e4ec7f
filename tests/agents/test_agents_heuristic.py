"""Extreme Mission's heuristic agent: legal, faithful to its documented plan, and strong enough to
beat random play (a small smoke test; the measurement proper is ``bodoge arena``)."""

from __future__ import annotations

import random
from itertools import combinations

import pytest

import bodoge
from bodoge.agents import Decision, derive_seed, make_agent
from bodoge.core.game import Game
from bodoge.games.extreme_mission import EMState
from bodoge.games.extreme_mission.conditions import (
    COLOUR_COUNT,
    HIGHEST_NUMBER,
    HandSummary,
    fewest_wilds,
    min_wilds,
    satisfies,
)
from bodoge.games.extreme_mission.heuristic import (
    MEMOS_KEPT,
    HeuristicAgent,
    Planner,
    SeatFacts,
    _Memo,
    _quick_gap,
    evaluate,
    rollout_step,
)

GAME = "extreme-mission"
LAID = [f"M{level}-0{i}" for level in (1, 2, 3, 4) for i in (1, 2, 3)]


def _choice(state: EMState, seat: int = 0) -> str:
    agent = HeuristicAgent(state.game, seat, random.Random(1))
    return str(agent.act(Decision.of(state)))


def _scenario(game: Game | None = None, **setup: object) -> EMState:
    game = game or bodoge.make(GAME, players=2)
    state = game.new_state(1, setup={"missions": LAID, **setup})
    assert isinstance(state, EMState)
    return state


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_heuristic_plays_legal_steps_to_the_end(players: int) -> None:
    game = bodoge.make(GAME, players=players, turn_cap=120)
    for index in range(6):
        state = game.new_state(derive_seed("legal", players, index))
        agents = [make_agent("heuristic", game, s, random.Random(s)) for s in range(players)]
        while (seat := state.current_player) is not None:
            legal = state.legal_actions()
            step = agents[seat].act(Decision.of(state))
            assert step in legal
            if step.kind == "pass":  # rule 4: pass only when no card can be had
                assert not any(a.kind in ("draw", "take") for a in legal), state.history
            state.apply(step)
        assert not state.result().truncated, f"stalled: players={players} game {index}"


@pytest.mark.parametrize("players", [2, 4])
def test_plan_and_rollout_policy_stay_legal_after_anyone_elses_steps(players: int) -> None:
    """Half the steps random (a compound action begun or paid another way, any drop): the plan,
    as an agent and as the rollout policy (whole actions), goes on legally from there."""
    game = bodoge.make(GAME, players=players, turn_cap=40)
    for index in range(4):
        state = game.new_state(derive_seed("mixed", players, index))
        rng = random.Random(index)
        agents = [make_agent("heuristic", game, s, random.Random(s)) for s in range(players)]
        while (seat := state.current_player) is not None:
            trial = state.clone()
            trial.apply(rollout_step(trial, rng))  # raises if the policy's answer is illegal
            legal = state.legal_actions()
            if rng.random() < 0.5:
                state.apply(legal[rng.randrange(len(legal))])
            else:
                step = agents[seat].act(Decision.of(state))
                assert step in legal
                state.apply(step)


def test_rule_1_completes_the_highest_level_it_can_and_keeps_useful_cards() -> None:
    hand = ["I-R4a", "I-R5a", "I-R6a", "I-R7a", "I-B5a", "I-G6a", "I-P9a"]
    state = _scenario(hands={0: hand})
    assert _choice(state) == "complete M2-01"  # run(4) of level 2 beats run(3) of level 1
    game = state.game
    planner = Planner(game, SeatFacts.of_state(state, 0))
    types = planner.types(state.hands[0])
    done = frozenset({2})
    # Of every way of paying run(4), the plan keeps the hand that lacks least for the rest.
    ways = {
        tuple(sorted(cut))
        for cut in combinations(types, 4)
        if satisfies(game.condition_of["M2-01"], list(cut), wilds=0)
    }
    best = min(planner.shortfall(_without(types, way), done, []) for way in ways)
    state.apply("complete M2-01")
    while state.pending is not None:
        state.apply(_choice(state))
    left = planner.types(state.hands[0])
    assert len(ways) > 1 and planner.shortfall(left, done, []) == best


def _without(types: tuple[int, ...], cut: tuple[int, ...]) -> tuple[int, ...]:
    rest = list(types)
    for t in cut:
        rest.remove(t)
    return tuple(rest)


def test_rule_2_reactivates_a_collaborator_before_drawing() -> None:
    state = _scenario(hands={0: ["I-R1a", "I-Y2a"]}, collaborators_down={0: ["IN"]})
    assert _choice(state) == "activate IN"  # sum_at_most(2, 5) with R1 Y2


def test_rule_3_spends_a_wild_on_level_4_only() -> None:
    run8 = [f"I-{c}{n}a" for c, n in zip("RBGYPRBG", range(1, 9), strict=True)]
    state = _scenario(hands={0: run8}, completed={0: ["M1-01", "M2-01", "M3-01"]})
    assert _choice(state) == "complete M4-03"  # run(9): eight cards and one wild
    state = _scenario(hands={0: ["I-R1a", "I-R2a"]})
    assert _choice(state) == "draw"  # flush(3) with a wild: not worth a collaborator


def test_rule_4_takes_a_helpful_discard_top_else_draws() -> None:
    hand = ["I-R4a", "I-B5a", "I-P1a", "I-P9b"]
    state = _scenario(
        hands={0: hand},
        discards={1: ["I-Y1a", "I-G6a"]},
        completed={0: ["M2-01", "M3-01", "M4-01"]},
    )
    assert _choice(state) == "take 1"  # G6 makes run(3) of level 1
    state = _scenario(
        hands={0: hand}, discards={1: ["I-Y1a"]}, completed={0: ["M2-01", "M3-01", "M4-01"]}
    )
    assert _choice(state) == "draw"


def test_the_hand_limit_drops_the_least_useful_card() -> None:
    hand = [
        "I-R1a",
        "I-R2a",
        "I-R3a",
        "I-R4a",
        "I-R5a",
        "I-R6a",
        "I-R7a",
        "I-R8a",
        "I-B9a",
        "I-Y9a",
    ]
    state = _scenario(
        hands={0: hand}, deck=["I-G9a", "I-P5a"], completed={0: ["M1-01", "M2-01", "M3-01"]}
    )
    state.apply("draw")
    state.apply("draw")
    assert state.phase == "drop"
    assert _choice(state).startswith("drop ") and _choice(state) != "drop R5"


def test_rollout_policy_and_evaluator_fit_the_protocol() -> None:
    state = bodoge.make(GAME, players=3).new_state(4)
    rng = random.Random(1)
    for _ in range(40):
        step = rollout_step(state, rng)
        state.apply(step)  # a step, or a whole action as one string: legal either way
    chances = evaluate(state, 0)
    assert len(chances) == 3 and abs(sum(chances) - 1) < 1e-9 and min(chances) > 0


def test_heuristic_beats_random_in_seeded_two_player_games() -> None:
    """A smoke test that can fail: 40 seeded games, seats alternating, heuristic wins ≥ 70%."""
    game = bodoge.make(GAME, players=2, turn_cap=200)
    wins = 0.0
    for index in range(40):
        names = ["heuristic", "random"] if index % 2 == 0 else ["random", "heuristic"]
        state = game.new_state(derive_seed("smoke", index))
        agents = [
            make_agent(n, game, s, random.Random(derive_seed("smoke", index, s)))
            for s, n in enumerate(names)
        ]
        while (seat := state.current_player) is not None:
            state.apply(agents[seat].act(Decision.of(state)))
        winners = state.result().winners
        wins += sum(1 / len(winners) for s in winners if names[s] == "heuristic")
    assert wins / 40 >= 0.7


def test_rollouts_gaps_are_the_solvers_for_one_group_and_a_bound_for_several() -> None:
    """The rollouts' shortfall reads every condition off one summary of the hand: for a lone
    group that is the exact solver's answer, for several the card count less what each group
    alone could take (each group asked of the solver here)."""
    game = bodoge.make(GAME, players=2)
    conditions = [*game.condition_of.values(), *game.kind_conditions]
    rng = random.Random(12)
    for _ in range(300):
        hand = tuple(
            sorted(rng.randrange(COLOUR_COUNT * HIGHEST_NUMBER) for _ in range(rng.randrange(13)))
        )
        summary = HandSummary(hand)
        for cond in conditions:
            if len(cond.groups) == 1:
                expected = min_wilds(cond, (), hand) or 0
            else:
                each = [fewest_wilds(g, (), hand) for g in cond.groups]
                took = sum(g.n - w for g, w in zip(cond.groups, each, strict=True) if w is not None)
                expected = cond.card_count - min(took, len(hand), cond.card_count)
            assert _quick_gap(summary, cond) == expected, (str(cond), hand)


def test_rollouts_pay_with_the_first_set_that_fits_the_agent_with_the_best() -> None:
    """A rollout's plan pays for a mission with the first set of cards its search meets (cheap
    cards first), the agent's with the best. Both meet the condition with the fewest wilds; the
    first set leaves a rest that lacks no less than the best set's, and on some hands more."""
    game = bodoge.make(GAME, players=2)
    rng = random.Random(3)
    tried = worse = 0
    for _ in range(300):
        dealt = rng.sample(game.card_ids, rng.randrange(5, 12))
        facts = SeatFacts.of_state(_scenario(game, hands={0: dealt}), 0)
        hand = facts.hand
        rollout = Planner(game, facts, exact=False)
        best = Planner(game, facts, exact=False, first=False)
        mission = rng.choice(LAID)
        quick, chosen = rollout.plan("complete", mission), best.plan("complete", mission)
        assert (quick is None) == (chosen is None)
        if quick is None or chosen is None:
            continue
        tried += 1
        cond = game.condition_of[mission]
        assert len(quick[1]) == len(chosen[1])  # the same, fewest, wilds
        types = best.types(quick[0])
        assert satisfies(cond, list(types), wilds=len(quick[1])), (mission, hand)
        done = frozenset({game.level_of[mission]})
        lacks = [
            best.shortfall(_without(best.types(hand), best.types(cards)), done, [])
            for cards in (quick[0], chosen[0])
        ]
        assert lacks[0] >= lacks[1], (mission, hand)
        worse += lacks[0] > lacks[1]
    assert tried > 100 and worse > 0


def test_a_game_keeps_the_plans_memos_of_its_last_rows_of_missions_only() -> None:
    """One game object serves game after game (a bot worker, an arena): the memos of rows of
    laid missions long gone are dropped, the oldest first, and the current row's are kept."""
    game = bodoge.make(GAME, players=2)
    by_level = [
        [m for m in sorted(game.condition_of) if game.level_of[m] == lv] for lv in game.levels
    ]
    rows = [
        tuple(m for missions in by_level for m in random.Random(k).sample(missions, 3))
        for k in range(20)
    ]
    for row in rows:
        facts = SeatFacts.of_state(_scenario(game, missions=list(row)), 0)
        planner = Planner(game, facts, exact=False)
        planner.shortfall(planner.types(facts.hand), frozenset(), [])
        memos = game.derived[_Memo]
        assert len(memos) <= MEMOS_KEPT
        assert any(key[0] == row for key in memos)
    kept = [key[0] for key in game.derived[_Memo]]
    assert kept == list(rows[-MEMOS_KEPT:])
