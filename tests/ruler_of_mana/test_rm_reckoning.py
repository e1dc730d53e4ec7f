"""The companion's count and reckoning of a physical Ruler of Mana game (RM-1.4, RM-2.4, RM-5)."""

from __future__ import annotations

import pytest

from bodoge.core.testing import random_game
from bodoge.games.ruler_of_mana import RMState, RulerOfMana
from bodoge.games.ruler_of_mana.reckoning import (
    BONUS,
    DECK,
    FEWEST_CARDS,
    KO,
    NO_GAME,
    SCORE,
    Count,
    finish_bonus,
    hands_needed,
    reckon,
)


def test_rm_1_4_everyone_starts_at_15() -> None:
    assert Count.start(4, expert=False, start_player=2).life == (15, 15, 15, 15)
    assert Count.start(4, expert=False, start_player=2).player == 2


def test_rm_1_1_turns_pass_to_the_left_and_wrap() -> None:
    count = Count.start(3, expert=False, start_player=1)
    seats = []
    for _ in range(4):
        count = count.next_turn()
        seats.append(count.player)
    assert seats == [2, 0, 1, 2]


@pytest.mark.parametrize("players", [1, 7])
def test_rm_players_outside_2_to_6_are_refused(players: int) -> None:
    with pytest.raises(ValueError, match="2 to 6 players"):
        Count.start(players, expert=False, start_player=0)


def test_rm_5_1_basic_life_has_no_cap() -> None:
    assert Count.start(2, expert=False, start_player=0).heal(0, 9).life == (24, 15)


def test_rm_5_1_expert_cap_of_15_loses_healing_beyond() -> None:
    count = Count.start(2, expert=True, start_player=0).damage(1, 3).heal(1, 10).heal(0, 1)
    assert count.life == (15, 15)
    assert count.damage(0, 1).heal(0, 4).life[0] == 15


def test_rm_5_2_life_stops_at_0() -> None:
    assert Count.start(2, expert=False, start_player=0).damage(1, 99).life == (15, 0)


def test_rm_shield_absorbs_damage_first_and_vanishes_at_its_owners_next_turn() -> None:
    count = Count.start(2, expert=False, start_player=0).shield_up(1, 3).damage(1, 2)
    assert (count.life, count.shield) == ((15, 15), (0, 1))
    count = count.damage(1, 4)
    assert (count.life, count.shield) == ((15, 12), (0, 0))
    count = count.shield_up(1, 2).shield_up(0, 1).next_turn()  # seat 1's turn begins
    assert count.shield == (1, 0)


def test_rm_2_4_expert_penalty_costs_2_not_absorbed_by_a_shield() -> None:
    count = Count.start(2, expert=True, start_player=0).shield_up(0, 5).penalty(0)
    assert count.life == (13, 15)
    assert count.damage(1, 14).penalty(1).life == (13, 0)


def test_rm_2_4_no_penalty_in_the_basic_game() -> None:
    with pytest.raises(ValueError, match="expert"):
        Count.start(2, expert=False, start_player=0).penalty(0)


def test_rm_count_refuses_bad_input_with_one_line() -> None:
    count = Count.start(2, expert=False, start_player=0)
    with pytest.raises(ValueError, match="no seat 2"):
        count.damage(2, 1)
    with pytest.raises(ValueError, match="whole number"):
        count.heal(0, -1)


def test_rm_5_3_a_player_at_0_is_knocked_out() -> None:
    count = Count.start(3, expert=False, start_player=0).damage(0, 15).damage(2, 20)
    assert count.knocked_out == (0, 2)


def test_rm_5_4_finish_bonus_goes_to_the_one_who_dealt_the_blow() -> None:
    outcome = reckon([0, 4, 9], KO, blow_by=1)
    assert outcome.bonus == (False, True, False)
    assert outcome.scores == (0, 7, 9)


def test_rm_5_4_finish_bonus_is_given_once_for_several_knocked_out() -> None:
    assert reckon([0, 0, 2], KO, blow_by=2, hand_sizes={0: 1, 1: 1}).scores == (0, 0, 5)


def test_rm_5_4_no_bonus_for_the_penalty() -> None:
    outcome = reckon([0, 6, 9], KO, blow_by=None)
    assert outcome.bonus == (False, False, False) and outcome.scores == (0, 6, 9)


def test_rm_5_4_no_bonus_for_bringing_yourself_to_0() -> None:
    assert finish_bonus([0, 6], 0) == (False, False)
    assert reckon([0, 6], KO, blow_by=0).scores == (0, 6)


def test_rm_5_4_a_blow_that_also_fells_its_dealer_still_earns_the_bonus() -> None:
    assert finish_bonus([0, 0, 3], 0) == (True, False, False)


def test_rm_5_3_deck_ran_out_ending_has_no_bonus_and_nobody_at_0() -> None:
    outcome = reckon([3, 11, 7], DECK)
    assert outcome.bonus == (False, False, False)
    assert (outcome.winner, outcome.why, outcome.ranks) == (1, SCORE, (3, 1, 2))
    with pytest.raises(ValueError, match="knock-out"):
        reckon([0, 11], DECK)
    with pytest.raises(ValueError, match="finishing blow"):
        reckon([3, 11], DECK, blow_by=0)


def test_rm_5_3_a_knock_out_needs_someone_at_0() -> None:
    with pytest.raises(ValueError, match="at 0 life"):
        reckon([3, 11], KO, blow_by=0)


def test_rm_5_5_the_highest_score_wins_alone() -> None:
    outcome = reckon([0, 12, 14], KO, blow_by=1)  # 12 + 3 = 15 beats 14
    assert (outcome.winner, outcome.why) == (1, SCORE)
    assert hands_needed([0, 12, 14], blow_by=1) == ()


def test_rm_5_5_tie_1_the_finish_bonus_wins() -> None:
    outcome = reckon([0, 9, 12], KO, blow_by=1)  # 9 + 3 = 12 ties 12: the bonus decides
    assert (outcome.winner, outcome.why, outcome.ranks) == (1, BONUS, (3, 1, 2))
    assert hands_needed([0, 9, 12], blow_by=1) == ()  # no hand sizes asked


def test_rm_5_5_tie_2_the_fewest_cards_win() -> None:
    assert hands_needed([0, 8, 8], blow_by=None) == (1, 2)
    outcome = reckon([0, 8, 8], KO, hand_sizes={1: 6, 2: 4})
    assert (outcome.winner, outcome.why, outcome.ranks) == (2, FEWEST_CARDS, (3, 2, 1))


def test_rm_5_5_tie_3_tied_on_everything_is_a_no_game() -> None:
    outcome = reckon([5, 5], DECK, hand_sizes={0: 3, 1: 3})
    assert (outcome.winner, outcome.why, outcome.ranks) == (None, NO_GAME, (1, 1))


def test_rm_5_5_hand_sizes_are_asked_where_the_tie_break_needs_them() -> None:
    with pytest.raises(ValueError, match="seats 0, 1"):
        reckon([5, 5, 9, 2], DECK, hand_sizes={3: 1})
    assert hands_needed([5, 5, 9, 2]) == (0, 1)


def test_rm_5_5_lower_ties_share_a_place_when_equal_on_all_three_keys() -> None:
    outcome = reckon([0, 4, 4, 10], KO, blow_by=3, hand_sizes={1: 2, 2: 2})
    assert outcome.ranks == (4, 2, 2, 1)
    assert outcome.winner == 3


def test_rm_5_5_the_reckoning_agrees_with_the_engine_result() -> None:
    """The engine's finished games ranked again by the companion: the same places and winner."""
    game = RulerOfMana(players=3, variant="expert", turn_cap=400)
    checked = 0
    for seed in range(6):
        state = random_game(game, seed)
        assert isinstance(state, RMState)
        result = state.result()
        if state.truncated:
            continue
        knocked = [s for s in range(3) if state.life[s] == 0]
        blow = next((s for s in range(3) if state.bonus[s]), None)
        ending = KO if knocked else DECK
        sizes = {s: len(state.hands[s]) for s in range(3)}
        outcome = reckon(state.life, ending, blow_by=blow, hand_sizes=sizes)
        assert outcome.ranks == result.ranks
        assert outcome.scores == tuple(int(x) for x in result.scores)
        assert result.winners == (() if outcome.winner is None else (outcome.winner,))
        checked += 1
    assert checked
