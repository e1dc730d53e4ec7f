"""Every spell option of the shipped card set (cards page §4), played in a scenario, against an
independent model of its effects built from the card data; and the resolution test vectors and
rules of cards page §3 that spells show."""

from __future__ import annotations

import random

import pytest
from rm_helpers import (
    CARDS,
    armed_play,
    expected_after,
    finish_turn,
    ids,
    legal,
    observed,
    pass_all,
    scenario,
)

from bodoge.games.ruler_of_mana import payment

OPTIONS = [(spell.id, k) for spell in CARDS.spells for k in range(1, len(spell.options) + 1)]


def test_the_shipped_set_has_77_options() -> None:
    assert len(OPTIONS) == 77


@pytest.mark.parametrize(("code", "option"), OPTIONS, ids=[f"{c}/{k}" for c, k in OPTIONS])
def test_every_spell_option_does_what_its_card_says(code: str, option: int) -> None:
    state, steps = armed_play(code, option)
    assert steps[0] in legal(state), "the option is offered when the hand pays it"
    before = state.clone()
    top = sorted(state.deck[-5:])
    for step in steps:
        state.apply(step)
    finish_turn(state)
    assert state.is_over and state.truncated, "the turn cap ends the game after this turn"
    assert observed(state) == expected_after(before, code, option)
    event = next(e for e in state.view(None)["log"] if e["event"] == "cast")
    assert event["card"] == code and event["option"] == option
    effects = CARDS.spell(code).option(option).effects
    if any(e.verb == "scry" for e in effects) and not any(e.verb == "draw" for e in effects):
        assert sorted(state.deck[-5:]) == top, "scry puts the same cards back on top"


# ---------------------------------------------------------------- cards page §2 and §3
def test_cards_2_payment_test_vectors_in_play() -> None:
    for hand, ok in [(("F2", "E1", "E1"), True), (("F2", "E1"), False), (("RB", "E1", "F1"), True)]:
        state = scenario(hands={0: ids("S19", *hand)}, deck=ids("S35"))
        assert ("cast S19/3" in legal(state)) is ok, hand


def test_cards_2_payable_counts_agrees_with_the_exact_solver() -> None:
    rng = random.Random(7)
    costs = [o.cost for _, o in CARDS.options]
    for _ in range(3000):
        cost = rng.choice(costs)
        hand = [rng.choice(payment.CODES) for _ in range(rng.randrange(0, 9))]
        counts = tuple(hand.count(c) for c in payment.CODES)
        assert payment.payable_counts(cost.counts, counts) == payment.payable(cost, hand)


def test_cards_3_3_vector_s19_option_3_against_three_shield() -> None:
    state = scenario(hands={0: ids("S19", "E1", "E1", "F1")}, shield={2: 3}, deck=ids("S35"))
    state.apply("cast S19/3 @2 F1 E1 E1")
    assert state.life[2] == 11, "7 damage: 3 absorbed, 4 lost"
    assert state.shield[2] == 0


def test_cards_3_3_each_effect_target_pair_is_its_own_event() -> None:
    state = scenario(hands={0: ids("S07", "F1", "F1", "A1", "A1")}, deck=ids("S35"))
    state.apply("cast S07/2 @1 F1 F1 A1 A1")
    damage = [e for e in state.view(None)["log"] if e["event"] == "damage"]
    assert [(e["target"], e["amount"]) for e in damage] == [(1, 2), (2, 2), (1, 3)]
    assert state.life == [15, 10, 13]


def test_cards_3_4_targets_resolve_from_the_casters_left_and_the_caster_last() -> None:
    state = scenario(players=4, hands={2: ids("S18", "W1", "F1")}, start_player=2, deck=ids("S35"))
    state.apply("cast S18/1 W1 F1")
    damage = [e["target"] for e in state.view(None)["log"] if e["event"] == "damage"]
    assert damage == [3, 0, 1, 2]


def test_cards_3_4_left_and_right_in_turn_order_and_both_the_opponent_with_two() -> None:
    state = scenario(players=4, hands={0: ids("S04", "F1", "A1")}, deck=ids("S35"))
    state.apply("cast S04/2 F1 A1")  # right: the previous seat
    assert state.life == [15, 15, 15, 12]
    left = scenario(players=4, hands={0: ids("S27", "E1", "E1")}, deck=ids("S35"))
    left.apply("cast S27/2 E1 E1")  # left: the next seat
    assert left.life == [15, 10, 15, 15]
    two = scenario(players=2, hands={0: ids("S04", "F1")}, deck=ids("S35"))
    two.apply("cast S04/1 F1")
    assert two.life == [15, 12]


def test_cards_3_4_a_player_at_zero_stays_a_target_until_the_ko_check() -> None:
    state = scenario(hands={0: ids("S09", "F1", "W1")}, life={1: 3}, deck=["MW1-05"])
    state.apply("cast S09/1 @1 F1 W1")  # 3 to seat 1, then 1 to every opponent
    targets = [e["target"] for e in state.view(None)["log"] if e["event"] == "damage"]
    assert targets == [1, 1, 2]
    assert state.is_over and state.bonus == [True, False, False]


def test_cards_3_2_discard_is_chosen_by_the_target_in_resolution_order() -> None:
    hands = {0: ids("S16", "W1", "W1", "A1"), 1: ids("F1", "E1"), 2: ids("F2", "E2")}
    state = scenario(hands=hands, deck=ids("S35"))
    state.apply("cast S16/1 W1 W1 A1")
    assert state.ask.kind == "discard" and state.current_player == 1
    assert legal(state) == ["discard F1", "discard E1"]
    state.apply("discard E1")
    assert state.current_player == 2
    state.apply("discard F2")
    assert state.view(0)["discard"][-2:] == ["ME1-01", "MF2-01"]
    assert state.life == [15, 14, 14]


def test_cards_3_2_take_shows_the_hand_to_the_caster_only() -> None:
    hands = {0: ids("S30", "A1", "A1", "W1"), 1: ids("S04", "F1", "E1")}
    state = scenario(hands=hands, deck=ids("S35"))
    state.apply("cast S30/3 @1 W1 A1 A1")  # A A * -> take(one_opponent, 2)
    pass_all(state)
    assert state.ask.kind == "take"
    pending = state.view(0)["pending"]["decision"]
    assert pending["hand"] == ["MF1-01", "ME1-01", "S04"]
    assert "hand" not in state.view(2)["pending"]["decision"]
    assert "S04" not in str(state.view(2))
    assert legal(state) == ["take F1", "take E1"], "S04 alone cannot be followed by a second"
    state.apply("take E1")
    assert legal(state) == ["take S04"]
    state.apply("take S04")
    assert state.view(0)["hand"] == ["ME1-01", "S04", "S35"]
    assert state.view(1)["hand"][0] == "MF1-01"


def test_cards_3_2_scry_puts_back_in_the_casters_order() -> None:
    state = scenario(hands={0: ids("S33", "A1")}, deck=ids("S35", "F1", "W1", "E1", "S34"))
    state.apply("cast S33/1 A1")  # scry(3) + draw(2): looks at F1 W1 E1
    assert state.ask.kind == "top"
    assert state.view(0)["pending"]["decision"]["cards"] == ["MF1-01", "MW1-01", "ME1-01"]
    assert state.view(1)["deck_top_is_mana"] is None
    state.apply("top E1")
    state.apply("top F1")
    hand = state.view(0)["hand"]
    assert "ME1-01" in hand and "MF1-01" in hand, "E1 then F1 were on top and were drawn"
    assert "MW1-01" in state.view(1)["hand"], "W1 went third: seat 1 drew it next"


def test_cards_3_2_steal_is_random_from_the_seed() -> None:
    hands = {0: ids("S30", "A1"), 1: ids("F1", "W1", "E1", "S04")}
    got = set()
    for seed in range(12):
        state = scenario(seed=seed, hands=hands, deck=ids("S35"))
        state.apply("cast S30/1 @1 A1")
        pass_all(state)
        got.add(tuple(state.view(0)["hand"]))
        assert len(state.hands[1]) == 4  # 3 left, then seat 1 drew
    assert len(got) > 1


def test_cards_3_2_recover_takes_non_scroll_cards_and_may_stop_early() -> None:
    state = scenario(hands={0: ids("R16")}, discard=ids("S01", "R10", "F1", "S02"))
    state.apply("scroll R16")
    assert legal(state) == ["recover F1", "recover S01", "recover S02", "pass"]
    state.apply("recover S01")
    assert legal(state) == ["recover S02", "pass"]
    state.apply("pass")
    assert "S01" in state.view(0)["hand"]
    assert state.view(1)["discard"] == ["R10-a", "MF1-01", "S02", "R16-a"]


def test_cards_3_2_skip_and_swap_hands() -> None:
    swap = scenario(hands={0: ids("R15", "F1"), 1: ids("S01", "S02", "S03")}, deck=ids("S35"))
    swap.apply("scroll R15 @1")
    pass_all(swap)
    assert swap.view(0)["hand"] == ["S01", "S02", "S03"]
    assert {"MF1-01", "S35"} <= set(swap.view(1)["hand"]), "seat 1 got seat 0's hand (and drew)"
    skip = scenario(hands={0: ids("R13")})
    skip.apply("scroll R13 @2")
    skip.apply("draw")
    assert skip.current_player == 0, "seat 2's turn was skipped"


def test_cards_3_2_heal_past_the_cap_is_lost_in_expert_only() -> None:
    basic = scenario(hands={0: ids("S22", "E1", "E1", "W1")}, life={0: 12}, deck=ids("S35"))
    basic.apply("cast S22/3 W1 E1 E1")
    assert basic.life[0] == 19
    expert = scenario(
        variant="expert", hands={0: ids("S22", "E1", "E1", "W1")}, life={0: 12}, deck=ids("S35")
    )
    expert.apply("cast S22/3 W1 E1 E1")
    assert expert.life[0] == 15


def test_cards_3_5_every_other_player_is_asked_and_pass_is_always_legal() -> None:
    hands = {0: ids("S13", "W1"), 1: ids("S01"), 2: ids("R07", "F1")}
    state = scenario(hands=hands, deck=ids("S35"))
    state.apply("cast S13/1 W1")  # heals only the caster: a spell, so R07 may answer it
    assert state.current_player == 1 and legal(state) == ["pass"]
    state.apply("pass")
    assert state.current_player == 2 and legal(state) == ["react R07", "pass"]
    pass_all(state)
    assert state.life[0] == 18
