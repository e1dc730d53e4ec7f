"""One or more tests per rule of docs/rules/ruler-of-mana.md (RM-1 to RM-5), named after the rule
id, and the engine's rulings (docs/rulings/ruler-of-mana.md)."""

from __future__ import annotations

import random
from itertools import combinations
from pathlib import Path

import pytest
from rm_helpers import game, ids, legal, pass_all, scenario

import bodoge
from bodoge.agents import Decision
from bodoge.games.ruler_of_mana import RMState
from bodoge.games.ruler_of_mana.heuristic import HeuristicAgent
from bodoge.games.ruler_of_mana.payment import can_pay, sort_codes


def new(players: int = 3, variant: str = "basic", seed: int = 5) -> RMState:
    state = game(players, variant).new_state(seed)
    assert isinstance(state, RMState)
    return state


# ---------------------------------------------------------------- RM-1 setup
def test_rm_1_1_one_shuffled_deck_of_all_120_cards() -> None:
    state = new(4)
    assert len(state.card_census()) == 120
    assert sorted(state.card_census()) == sorted(state.game.ids)
    decks = {tuple(new(4, seed=s).deck[:20]) for s in range(5)}
    assert len(decks) == 5, "every seed shuffles differently"


def test_rm_1_1_random_start_player_from_the_seed_and_turns_in_seat_order() -> None:
    starts = {new(4, seed=s).start_player for s in range(40)}
    assert starts == {0, 1, 2, 3}
    state = new(4, seed=3)
    assert state.current_player == state.start_player
    assert new(4, seed=3).start_player == state.start_player, "the same seed, the same start"
    first = state.start_player
    state.apply("draw")
    pass_all(state)
    assert state.current_player == (first + 1) % 4, "the next seat in turn order plays next"


def test_rm_1_2_basic_deals_seven_cards_each() -> None:
    for players in range(2, 7):
        state = new(players)
        view = state.view(None)
        start = state.start_player
        sizes = [7] * players
        sizes[start] += 1  # the start player has drawn for their first turn
        assert view["hand_sizes"] == sizes
        assert view["deck_size"] == 120 - 7 * players - 1


def test_rm_1_3_expert_draft_packs_of_seven() -> None:
    state = new(3, "expert", seed=2)
    view = state.view(state.current_player)
    assert view["pending"]["kind"] == "draft"
    assert len(view["pending"]["pack"]) == 7
    assert view["hand_sizes"] == [0, 0, 0]
    assert view["deck_size"] == 120 - 21
    assert all(step.startswith("keep ") for step in legal(state))


def test_rm_1_3_draft_picks_are_secret_until_the_round_is_in() -> None:
    state = new(3, "expert", seed=2)
    first = state.current_player
    assert first is not None
    step = legal(state)[0]
    state.apply(step)
    second = state.current_player
    assert second == (first + 1) % 3, "picks are asked in turn order"
    other = state.view(second)
    assert other["hand_sizes"] == [0, 0, 0], "a pick joins the hand only when the round is in"
    assert other["mana_in_hand"] == [0, 0, 0]
    assert other["pending"]["kept"] is None
    mine = state.view(first)
    assert mine["pending"]["kept"] is not None, "the picker sees their own pick"
    assert mine["pending"]["kept"] not in str(other)
    state.apply(legal(state)[0])
    state.apply(legal(state)[0])
    assert state.view(None)["hand_sizes"] == [1, 1, 1]


def test_rm_1_3_packs_pass_to_the_next_player_until_each_has_seven() -> None:
    state = new(3, "expert", seed=4)
    before = {s: list(state.packs[s]) for s in range(3)}  # type: ignore[index]
    for _ in range(3):
        state.apply(legal(state)[-1])
    assert state.packs is not None
    for seat in range(3):
        received = sorted(state.packs[seat])
        giver = (seat - 1) % 3
        (kept,) = state.hands[giver]
        assert received == sorted(c for c in before[giver] if c != kept)
    while state.packs is not None:
        state.apply(legal(state)[0])
    sizes = state.view(None)["hand_sizes"]
    assert sorted(sizes) == [7, 7, 8], "7 each, and the start player has drawn"
    assert sizes[state.start_player] == 8
    assert state.ask.kind == "main"


def test_rm_1_3_a_setup_with_hands_skips_the_draft() -> None:
    state = scenario(variant="expert", hands={0: ids("F1", "F1")})
    assert state.packs is None
    assert state.ask.kind == "main"
    assert state.view(None)["hand_sizes"][0] == 3


def test_rm_1_4_every_life_starts_at_15() -> None:
    assert new(5).view(None)["life"] == [15] * 5
    assert new(2, "expert").view(None)["life"] == [15, 15]


# ---------------------------------------------------------------- RM-2 a turn
def test_rm_2_1_basic_turn_starts_with_one_card_drawn() -> None:
    state = scenario(hands={0: ids("F1")}, deck=ids("S01"))
    assert state.view(0)["hand"] == ["MF1-01", "S01"]
    assert state.view(0)["log"][-1] == {
        "event": "draw",
        "seat": 0,
        "count": 1,
        "reason": "turn",
        "mana": 0,
        "cards": ["S01"],
    }


def test_rm_2_1_expert_nine_cards_draw_one() -> None:
    hand = ids("F1", "F1", "F1", "W1", "W1", "W1", "E1", "E1", "E1")
    state = scenario(variant="expert", hands={0: hand})
    assert state.ask.kind == "main"
    assert len(state.hands[0]) == 10


def test_rm_2_1_expert_ten_cards_put_two_under_then_draw_two() -> None:
    hand = ids("F1", "F1", "F1", "W1", "W1", "W1", "E1", "E1", "E1", "A1")
    state = scenario(variant="expert", hands={0: hand}, deck=ids("S01", "S02"))
    assert state.ask.kind == "bottom" and state.current_player == 0
    assert legal(state) == ["bottom F1", "bottom W1", "bottom A1", "bottom E1"]
    state.apply("bottom A1")
    state.apply("bottom F1")
    view = state.view(0)
    assert "S01" in view["hand"] and "S02" in view["hand"]
    assert len(view["hand"]) == 10
    assert state.deck[:2] == [state.game.index["MF1-01"], state.game.index["MA1-01"]]
    assert state.ask.kind == "main"


def test_rm_2_2_a_a_spell_is_the_turns_one_action() -> None:
    state = scenario(hands={0: ids("S19", "E1")})
    assert "cast S19/1" in legal(state)
    state.apply("cast S19/1 @1 E1")
    assert state.life[1] == 13
    assert state.current_player == 1, "the turn ended"


def test_rm_2_2_a_a_scroll_is_the_turns_one_action() -> None:
    state = scenario(hands={0: ids("R09")}, life={0: 5})
    assert "scroll R09" in legal(state)
    state.apply("scroll R09")
    assert state.life[0] == 11
    assert state.current_player == 1


def test_rm_2_2_b_draw_one_more_card() -> None:
    state = scenario(hands={0: ids("F1")}, deck=ids("W1", "S05"))
    state.apply("draw")
    assert state.view(0)["hand"] == ["MF1-01", "MW1-01", "S05"]
    assert state.current_player == 1


def test_rm_2_2_c_cycle_two_cards_under_then_draw_two() -> None:
    state = scenario(hands={0: ids("F1", "S07")}, deck=ids("W1", "A1", "E1"))
    state.apply("cycle")
    assert legal(state) == ["F1", "W1", "S07"]
    state.apply("W1")
    state.apply("S07")
    view = state.view(0)
    assert view["hand"] == ["MF1-01", "MA1-01", "ME1-01"]
    assert state.deck[0] == state.game.index["S07"], "the second card went under the first"
    assert state.deck[1] == state.game.index["MW1-01"]
    assert state.current_player == 1


def test_rm_2_2_c_cycle_needs_two_cards_in_hand() -> None:
    state = scenario(hands={0: []}, deck=ids("W1", "A1"))
    assert "cycle" not in legal(state)
    with pytest.raises(bodoge.IllegalAction, match="2 cards"):
        state.apply("cycle")


def test_rm_2_2_d_exchange_offers_are_secret_then_picked_in_turn_order() -> None:
    hands = {0: ids("F1", "S01"), 1: ids("W1", "S10"), 2: ids("E1", "R09")}
    state = scenario(hands=hands, deck=ids("A1"))
    state.apply("exchange")
    assert state.current_player == 0
    state.apply("offer S01")
    assert state.current_player == 1
    seen_by_1 = state.view(1)
    assert seen_by_1["exchange"] == {} and "S01" not in str(seen_by_1["pending"])
    assert seen_by_1["hand_sizes"] == [3, 2, 2], "the offer stays in the hand until all are in"
    assert state.view(0)["pending"]["your_offer"] == "S01"
    state.apply("offer W1")
    state.apply("offer R09")
    assert state.view(2)["exchange"] == {0: "S01", 1: "MW1-01", 2: "R09-a"}
    assert state.current_player == 0, "the declarer picks first"
    assert legal(state) == ["pick 0", "pick 1", "pick 2"]
    state.apply("pick 2")
    assert state.current_player == 1
    state.apply("pick 0")
    view = state.view(None)
    assert view["exchange"] == {}
    assert view["hand_sizes"] == [3, 3, 2], "3, 2, 2 after the exchange; then seat 1 drew"
    assert "R09-a" in state.view(0)["hand"]
    assert "S01" in state.view(1)["hand"]
    assert "MW1-01" in state.view(2)["hand"], "the last picker takes the last card"
    assert state.current_player == 1, "the exchange ended the declarer's turn"


def test_rm_2_2_d_exchange_a_player_without_cards_takes_no_part() -> None:
    hands = {0: ids("F1"), 1: [], 2: ids("E1", "R09")}
    state = scenario(hands=hands, deck=ids("A1"))
    state.apply("exchange")
    state.apply("offer A1")
    assert state.current_player == 2
    state.apply("offer E1")
    assert state.view(None)["exchange"] == {0: "MA1-01", 2: "ME1-01"}
    state.apply("pick 0")
    assert state.view(None)["hand_sizes"] == [2, 1, 2], "seat 1 took no part, then drew"


def test_rm_2_2_d_a_single_card_is_offered_without_a_question() -> None:
    hands = {0: ids("F1"), 1: ids("W1"), 2: ids("E1")}
    state = scenario(hands=hands, deck=ids("A1"))
    state.apply("exchange")
    state.apply("offer F1")
    assert state.ask.kind == "pick", "seats 1 and 2 hold one card each: nothing to choose"
    assert state.view(1)["exchange"] == {0: "MF1-01", 1: "MW1-01", 2: "ME1-01"}


def test_rm_2_2_only_the_four_options() -> None:
    state = scenario(hands={0: ids("F1", "S01", "R09", "R03")})
    assert legal(state) == ["cast S01/1", "scroll R09", "draw", "cycle", "exchange"]


def test_rm_2_3_cards_to_the_bottom_in_the_players_order() -> None:
    a = scenario(hands={0: ids("F1", "S07")}, deck=ids("W1", "A1", "E1"))
    a.apply("cycle S07 F1")
    b = scenario(hands={0: ids("F1", "S07")}, deck=ids("W1", "A1", "E1"))
    b.apply("cycle F1 S07")
    index = a.game.index
    assert a.deck[:2] == [index["MF1-01"], index["S07"]]
    assert b.deck[:2] == [index["S07"], index["MF1-01"]]


def test_rm_2_4_expert_ten_cards_at_the_end_of_the_turn_cost_two_life() -> None:
    hand = ids("F1", "F1", "F1", "W1", "W1", "W1", "E1", "E1", "E1")
    state = scenario(variant="expert", hands={0: hand})
    state.apply("draw")
    assert state.life[0] == 13
    assert state.view(None)["log"][-3]["event"] == "penalty"
    calm = scenario(variant="expert", hands={0: hand[:7]})
    calm.apply("draw")
    assert calm.life[0] == 15
    basic = scenario(hands={0: hand})
    basic.apply("draw")
    assert basic.life[0] == 15, "no hand penalty in the basic rules"


def test_rm_2_4_the_penalty_can_end_the_game_without_a_finish_bonus() -> None:
    hand = ids("F1", "F1", "F1", "W1", "W1", "W1", "E1", "E1", "E1")
    state = scenario(variant="expert", hands={0: hand}, life={0: 2})
    state.apply("draw")
    assert state.is_over
    assert state.life[0] == 0
    assert state.bonus == [False, False, False]
    assert state.view(None)["end"] == "penalty"


# ---------------------------------------------------------------- RM-3 spells and mana
def test_rm_3_1_the_spell_and_its_mana_go_to_the_shared_discard_pile() -> None:
    state = scenario(hands={0: ids("S19", "E1", "E1", "F1", "W1")}, discard=ids("S30"))
    state.apply("cast S19/3 @1 F1 E1 E1")
    assert state.view(2)["discard"] == ["S30", "S19", "MF1-01", "ME1-01", "ME1-02"]
    assert state.view(0)["hand"] == ["MW1-01", "MW1-12"]


def test_rm_3_2_a_white_symbol_takes_any_mana() -> None:
    state = scenario(hands={0: ids("S01", "F1", "F1", "E1")}, deck=ids("S35"))
    assert "cast S01/3" in legal(state)
    state.apply("cast S01/3 @1 F1 F1 E1")
    assert state.life[1] == 9


def test_rm_3_2_a_coloured_symbol_needs_its_element() -> None:
    state = scenario(hands={0: ids("S02", "F1", "W1", "W1")}, deck=ids("S35"))
    assert "cast S02/1" in legal(state)
    assert "cast S02/2" not in legal(state)


def test_rm_3_3_a_rainbow_is_one_mana_of_any_element() -> None:
    state = scenario(hands={0: ids("S19", "RB", "E1", "F1")}, deck=ids("S35"))
    assert "cast S19/3" in legal(state)
    state.apply("cast S19/3 @2 F1 E1 RB")
    assert state.life[2] == 8


def test_rm_3_4_a_two_orb_card_pays_one_or_two() -> None:
    two = scenario(hands={0: ids("S01", "F2")}, deck=ids("S35"))
    assert "cast S01/2" in legal(two)  # F F from one card: 2 units
    two.apply("cast S01/2 @1 F2")
    assert two.life[1] == 10
    one = scenario(hands={0: ids("S19", "F2", "E1", "E1")}, deck=ids("S35"))
    one.apply("cast S19/3 @1 F2/1 E1 E1")  # F2 pays the single F: 1 unit
    assert one.life[1] == 8


def test_rm_3_4_two_orb_card_pays_one_unit() -> None:
    """``W W`` with two ``W2`` in hand: one ``W2`` (2 units) or both (``W2/1``, 1 unit each)."""
    state = scenario(hands={0: ids("S11", "W2", "W2")}, deck=ids("S35"))
    state.apply("cast S11/1")
    assert legal(state) == ["W2/1", "W2"]
    both = state.clone()
    state.apply("W2")
    assert state.view(0)["hand"] == ["MW2-02", "S35"], "one W2 pays W W: the cast resolved"
    both.apply("W2/1")
    assert both.ask.kind == "cast" and legal(both) == ["W2/1"]
    assert both.view(0)["pending"]["payment"] == ["W2/1"]
    for copy in (both.game.load(both.to_json()), both.game.sample_state(both.view(0), 3)):
        assert legal(copy) == ["W2/1"], "a stored or sampled payment keeps its W2/1"
        assert copy.view(0)["pending"] == both.view(0)["pending"]
    both.apply("W2/1")
    assert both.view(0)["hand"] == ["S35"]
    cast = next(e for e, *_ in both.log.to_list() if e["event"] == "cast")
    assert cast["paid"] == ["MW2-01", "MW2-02"]
    whole = scenario(hands={0: ids("S11", "W2", "W2")}, deck=ids("S35"))
    whole.apply("cast S11/1 W2/1 W2/1")
    assert whole.view(0)["hand"] == ["S35"] and whole.life[1] == 13


def test_rm_3_4_a_two_orb_step_says_its_units() -> None:
    state = scenario(hands={0: ids("S19", "F2", "E1", "E1")}, deck=ids("S35"))
    with pytest.raises(bodoge.IllegalAction, match=r"F2 pays 2 mana.*F2/1 pays 1"):
        state.apply("cast S19/3 @1 F2 E1 E1")  # F2 is 2 units: one too many for F E E
    assert state.ask.kind == "main", "nothing applied"
    state.apply("cast S19/3")
    state.apply("@1")
    assert legal(state) == ["F2/1"]  # F2 for 2 would leave E E one unit to pay
    pay = state.legal_actions()[0]
    assert pay.describe("en") == "Pay 1 mana with Fire mana (2 orbs)"
    assert pay.describe("ja") == "火のマナ（2玉）を1マナとして支払う"
    state.apply("F2/1")
    assert [a.describe("en") for a in state.legal_actions()] == ["Pay with Earth mana"]


def test_rm_3_4_the_same_cards_split_either_way_are_one_payment() -> None:
    """``F F E E`` by ``F2 E2 RB``: fire or earth may supply the extra unit (the rainbow the
    other element). One path (``F2/1 E2 RB``); a whole action may split it the other way."""
    hand = ids("S23", "F2", "E2", "RB")
    state = scenario(hands={0: hand}, deck=ids("S35"))
    state.apply("cast S23/1")
    state.apply("@1")
    assert legal(state) == ["F2/1", "F2"]
    state.apply("F2/1")
    assert legal(state) == ["E2"]
    other = scenario(hands={0: hand}, deck=ids("S35"))
    other.apply("cast S23/1 @1 F2 E2/1 RB")
    assert other.view(0)["hand"] == ["S35"] and other.life[1] == 6


@pytest.mark.parametrize("variant", ["basic", "expert"])
def test_rm_3_4_every_exact_payment_is_one_path_of_legal_steps(variant: str) -> None:
    """Each option of a spell, every set of the hand's mana cards that pays it exactly (all
    the sub-multisets of the hand, tried with ``can_pay``) is paid by exactly one path of the
    engine's legal steps, and no path stops short."""
    mana = ["F2", "F2", "F1", "E2", "E1", "RB", "W2"]
    start = scenario(variant=variant, hands={0: ids("S23", *mana)}, deck=ids("S35"))
    codes = sort_codes(mana)
    for option, what in enumerate(start.game.spells["S23"].options, 1):
        exact = {
            combo
            for size in range(1, len(codes) + 1)
            for combo in combinations(codes, size)
            if can_pay(what.cost, combo)
        }
        paid: list[tuple[str, ...]] = []
        stack = [start.clone()]
        stack[0].apply(f"cast S23/{option}")
        stack[0].apply("@1")
        while stack:
            state = stack.pop()
            if state.ask.kind != "cast":
                cast = next(e for e, *_ in reversed(state.log.to_list()) if e["event"] == "cast")
                paid.append(sort_codes(state.game.cards.code_of(c) for c in cast["paid"]))
                continue
            steps = legal(state)
            assert steps, "a begun payment can always be finished"
            for step in steps:
                after = state.clone()
                after.apply(step)
                stack.append(after)
        assert sorted(paid) == sorted(exact), f"option {option}: one path per exact payment"


def test_rm_3_4_expert_two_cards_paid_instead_of_one_avoid_the_penalty() -> None:
    """RM-2.4: with 12 cards at the turn start (two put under, two drawn) a cast of ``W W``
    paid by one ``W2`` ends the turn with 10 cards and loses 2 life; paid by both ``W2/1`` it
    ends with 9 and loses nothing. The heuristic pays with both."""
    filler = ids(*["A1"] * 9)
    hand = ids("S11", "W2", "W2") + filler
    deck = ids("S35", "S34", "E1")
    one = scenario(variant="expert", hands={0: hand}, deck=deck)
    assert one.ask.kind == "bottom"
    one.apply("bottom A1 A1")
    assert len(one.hands[0]) == 12 and legal(one)[:2] == ["cast S11/1", "cast S11/2"]
    both = one.clone()
    one.apply("cast S11/1 W2")
    assert one.life[0] == 13, "10 cards at the end of the turn: the penalty"
    planner = both.clone()
    both.apply("cast S11/1 W2/1 W2/1")
    assert both.life[0] == 15, "9 cards: no penalty"
    assert len(both.hands[0]) == 9
    planner.apply("cast S11/1")
    agent = HeuristicAgent(planner.game, 0, random.Random(0))
    assert str(agent.act(Decision.of(planner))) == "W2/1"
    basic = scenario(hands={0: ids("S11", "W2", "W2", "A1")}, deck=ids("S35"))
    basic.apply("cast S11/1")
    agent = HeuristicAgent(basic.game, 0, random.Random(0))
    assert str(agent.act(Decision.of(basic))) == "W2", "no penalty to avoid: keep a card"


def test_rm_3_5_payment_is_exact_no_card_is_wasted() -> None:
    state = scenario(hands={0: ids("S01", "F1", "F1", "F1")}, deck=ids("S35"))
    for step in ["cast S01/2", "@1", "F1"]:
        state.apply(step)
    assert legal(state) == ["F1"]
    state.apply("F1")
    assert state.view(0)["hand"] == ["MF1-03", "S35"], "the third card cannot be added"
    with pytest.raises(bodoge.IllegalAction):
        scenario(hands={0: ids("S01", "F1", "F1", "F1")}, deck=ids("S35")).apply(
            "cast S01/2 @1 F1 F1 F1"
        )


def test_rm_3_5_ruling_a_payment_ends_when_its_units_match_the_cost() -> None:
    """Each step says its units (RM-3.4), so a payment is complete, and the cast resolves, the
    moment its units number the cost's symbols: one ``F2`` pays ``F F`` and nothing follows."""
    state = scenario(hands={0: ids("S01", "F2", "F2")}, deck=ids("S35"))
    state.apply("cast S01/2")
    state.apply("@1")
    assert legal(state) == ["F2/1", "F2"]
    state.apply("F2")
    assert state.ask.kind != "cast", "one F2 pays F F exactly: the cast resolved"
    assert state.view(0)["hand"] == ["MF2-02", "S35"]


def test_rm_3_6_only_payable_options_are_offered_and_the_caster_picks_the_target() -> None:
    state = scenario(hands={0: ids("S19", "E1", "E1")}, deck=ids("S35"))
    steps = legal(state)
    assert "cast S19/1" in steps and "cast S19/2" in steps and "cast S19/3" not in steps
    state.apply("cast S19/2")
    assert legal(state) == ["@1", "@2"]
    state.apply("@2")
    assert legal(state) == ["E1"]
    with pytest.raises(bodoge.IllegalAction, match="not legal"):
        state.apply("cast S19/3")


# ---------------------------------------------------------------- RM-4 scrolls
def test_rm_4_1_a_scroll_is_used_alone_and_discarded() -> None:
    state = scenario(hands={0: ids("R11", "F1")}, deck=ids("S35"))
    state.apply("scroll R11 @2")
    assert state.life[2] == 9
    assert state.view(1)["discard"] == ["R11-a"]
    assert state.view(0)["hand"] == ["MF1-01", "S35"], "no mana paid"


def test_rm_4_2_a_reaction_is_not_an_action_of_the_turn() -> None:
    state = scenario(hands={0: ids("R01", "R03", "R06", "F1")}, deck=ids("S35"))
    assert not [s for s in legal(state) if s.startswith("scroll")]
    with pytest.raises(bodoge.IllegalAction, match="reaction"):
        state.apply("scroll R01")


def test_rm_4_2_a_reaction_resolves_before_the_play_and_cannot_be_answered() -> None:
    hands = {0: ids("S19", "E1", "E1", "R01"), 1: ids("R03", "F1"), 2: ["R01-b", "MW1-01"]}
    state = scenario(hands=hands, deck=ids("S35"))
    state.apply("cast S19/2 @1 E1 E1")
    assert state.current_player == 1
    state.apply("react R03")
    assert state.current_player == 2, "the caster is never asked about a reaction"
    assert legal(state) == ["pass"], "seat 2 is not targeted: R01 does not apply"
    state.apply("pass")
    assert state.life[1] == 13, "halved before the damage: 4 -> 2"


# ---------------------------------------------------------------- RM-5 life, end, winner
def test_rm_5_1_basic_life_has_no_cap() -> None:
    state = scenario(hands={0: ids("R09")})
    state.apply("scroll R09")
    assert state.life[0] == 21


def test_rm_5_1_expert_life_cap_15() -> None:
    state = scenario(variant="expert", hands={0: ids("R09")}, life={0: 12})
    state.apply("scroll R09")
    assert state.life[0] == 15


def test_rm_5_2_life_never_below_zero() -> None:
    state = scenario(hands={0: ids("R11")}, life={1: 2})
    state.apply("scroll R11 @1")
    assert state.life[1] == 0
    assert state.is_over


def test_rm_5_3_ko_ends_the_game_after_the_play_has_fully_resolved() -> None:
    hands = {0: ids("S05", "F1", "E1")}
    state = scenario(hands=hands, life={0: 0 + 1, 1: 3}, deck=ids("S35"))
    state.apply("cast S05/1 @1 F1 E1")  # 3 damage to seat 1, then heal self 2
    assert state.is_over
    assert state.life == [3, 0, 15], "the rest of the play resolved before the KO check"


def test_rm_5_3_healing_before_the_ko_check_saves() -> None:
    state = scenario(hands={0: ids("S18", "W1", "F1", "S22", "E1")}, life={0: 3}, deck=ids("A1"))
    state.apply("cast S18/1 W1 F1")  # 3 to every player, the caster last: a lethal moment
    assert state.ask.kind == "lethal" and state.current_player == 0
    state.apply("pass")
    assert state.is_over and state.life[0] == 0
    mine = scenario(hands={0: ids("S06", "F1", "F1")}, life={0: 2, 1: 15})
    mine.apply("cast S06/1 @1 F1 F1")
    assert mine.is_over and mine.life[0] == 0 and mine.bonus == [False, False, False]
    # the save itself: S05's 3 damage reflected onto its caster (R04) takes them to 0, and the
    # spell's own heal, later in the same play, brings them back before the KO check
    saved = scenario(hands={0: ids("S05", "F1", "E1"), 1: ids("R04", "W1")}, life={0: 3})
    saved.apply("cast S05/1 @1 F1 E1")
    saved.apply("react R04")
    pass_all(saved)
    hits = [(e["target"], e["life"]) for e in saved.view(None)["log"] if e["event"] == "damage"]
    assert hits == [(0, 0)], "the reflected damage took the caster to 0"
    assert not saved.is_over and saved.life[0] == 2 and saved.bonus == [False, False, False]


def test_rm_5_3_the_game_ends_when_the_player_who_drew_the_last_card_ends_the_turn() -> None:
    state = scenario(hands={0: ids("F1", "W1")}, deck=ids("S35"), only_deck=True)
    assert state.view(None)["deck_size"] == 0 and state.deck_out
    assert "draw" not in legal(state), "(B) is not legal with an empty deck"
    with pytest.raises(bodoge.IllegalAction, match="deck is empty"):
        state.apply("draw")
    state.apply("cycle F1 W1")  # draws the two cards back: the deck empties again
    assert state.is_over
    assert state.view(None)["end"] == "deck"


def test_rm_5_3_ruling_a_draw_from_an_empty_deck_gets_nothing() -> None:
    state = scenario(hands={0: ids("S29", "A1")}, deck=ids("W1", "S35"), only_deck=True)
    state.apply("cast S29/1 A1")  # draw 3 with one card left
    assert state.is_over
    assert state.view(0)["hand"] == ["MW1-01", "S35"]
    assert any(e["event"] == "draw_empty" for e in state.view(None)["log"])


def test_rm_5_3_ruling_a_deck_emptied_in_another_players_action_ends_the_turn(
    tmp_path: Path,
) -> None:
    # A card set of our own where R03 also draws 2 for its user: the reactor empties the deck.
    shipped = Path(bodoge.__file__).parent / "games" / "ruler_of_mana" / "cards.toml"
    text = shipped.read_text("utf-8").replace('effect = "halve"', 'effect = "halve + draw(2)"')
    path = tmp_path / "cards.toml"
    path.write_text(text, "utf-8")
    made = bodoge.make("ruler-of-mana", players=3, cards=path)
    hands = {0: ids("S19", "E1"), 1: ids("R03", "F1"), 2: []}
    deck = ids("S35", "W1", "W2")
    placed = {c for h in hands.values() for c in h} | set(deck)
    setup = {
        "start_player": 0,
        "hands": hands,
        "deck": deck,
        "discard": [c for c in made.ids if c not in placed],
    }
    state = made.new_state(1, setup=setup)
    state.apply("cast S19/1 @1 E1")
    state.apply("react R03")
    assert state.is_over, "seat 1 drew the last card in seat 0's turn: the game ends with it"
    assert state.life[1] == 14
    assert "MW1-01" in state.view(1)["hand"]


def test_rm_5_4_score_is_life_plus_the_finish_bonus() -> None:
    state = scenario(hands={0: ids("R11")}, life={0: 9, 1: 5, 2: 12})
    state.apply("scroll R11 @1")
    result = state.result()
    assert state.bonus == [True, False, False]
    assert result.scores == (12.0, 0.0, 12.0)


def test_rm_5_4_reflected_damage_gives_the_bonus_to_the_reflector() -> None:
    hands = {0: ids("S19", "E1", "E1"), 1: ids("R04", "F1")}
    state = scenario(hands=hands, life={0: 3}, deck=ids("S35"))
    state.apply("cast S19/2 @1 E1 E1")
    state.apply("react R04")
    assert state.is_over and state.life[0] == 0 and state.life[1] == 15
    assert state.bonus == [False, True, False]


def test_rm_5_5_the_finish_bonus_breaks_a_tie() -> None:
    state = scenario(hands={0: ids("R11", "F1", "F1", "F1")}, life={0: 9, 1: 5, 2: 12})
    state.apply("scroll R11 @1")
    result = state.result()
    assert result.scores[0] == result.scores[2] == 12
    assert len(state.hands[0]) > len(state.hands[2])
    assert result.winners == (0,)
    assert result.ranks == (1, 3, 2)


def test_rm_5_5_then_the_fewest_cards_then_no_game() -> None:
    fewer = scenario(
        players=2,
        hands={0: ids("F1", "W1"), 1: ids("E1")},
        life={0: 9, 1: 9},
        deck=ids("S35"),
        only_deck=True,
    )
    fewer.apply("cycle F1 W1")
    assert fewer.is_over
    result = fewer.result()
    assert result.winners == (1,) and result.ranks == (2, 1)
    tie = scenario(
        players=2,
        hands={0: ids("F1", "W1"), 1: ids("E1", "E1", "E1")},
        life={0: 9, 1: 9},
        deck=ids("S35"),
        only_deck=True,
    )
    tie.apply("cycle F1 W1")
    result = tie.result()
    assert result.winners == (), "no game"
    assert result.ranks == (1, 1)


# ---------------------------------------------------------------- rulings of the card set (§0)
def test_rm_ruling_shield_disappears_at_the_start_of_its_owners_turn() -> None:
    state = scenario(hands={0: ids("S20", "E1")}, shield={1: 2})
    state.apply("cast S20/1 E1")
    assert state.shield == [3, 0, 0], "seat 1's turn began: its shield is gone"
    state.apply("draw")
    state.apply("draw")
    assert state.shield == [0, 0, 0]


def test_rm_ruling_skips_stack_and_a_skipped_turn_drops_the_shield() -> None:
    state = scenario(hands={0: ids("R13", "R09")}, shield={1: 4})
    state.skips[1] = 1
    state.apply("scroll R13 @1")
    assert state.skips[1] == 1, "one of two skips used at once: seat 1's turn was skipped"
    assert state.shield[1] == 0
    assert state.current_player == 2
    state.apply("draw")
    state.apply("draw")  # seat 0
    assert state.current_player == 2, "seat 1 skipped again"
    assert state.skips[1] == 0


def test_rm_ruling_setup_errors_name_the_problem() -> None:
    for setup, fragment in [
        ({"hands": {0: ["S01", "S01"]}}, "twice"),
        ({"life": {0: 0}}, "life"),
        ({"deck": ["X99"]}, "unknown card"),
        ({"hands": {5: []}}, "no seat 5"),
        ({"shuffle": True}, "unknown setup key"),
    ]:
        with pytest.raises(bodoge.SetupError, match=fragment):
            game(3).new_state(1, setup=setup)
    with pytest.raises(bodoge.SetupError, match="1–15"):
        game(3, "expert").new_state(1, setup={"life": {0: 16}})
