"""Every scroll kind of the shipped card set (cards page §5): the nine main scrolls against the
effect model, the seven reactions in scenarios of the play protocol (§3.5), and the resolution
test vectors."""

from __future__ import annotations

import pytest
from rm_helpers import (
    CARDS,
    armed_play,
    expected_after,
    finish_turn,
    ids,
    legal,
    observed,
    scenario,
)

MAIN = [s.id for s in CARDS.scrolls if s.timing == "main"]
REACTIONS = [s.id for s in CARDS.scrolls if s.timing != "main"]


def test_the_shipped_set_has_16_scroll_kinds_in_21_cards() -> None:
    assert len(MAIN) == 9 and len(REACTIONS) == 7
    assert CARDS.scroll_count == 21


@pytest.mark.parametrize("code", MAIN)
def test_every_main_scroll_does_what_its_card_says(code: str) -> None:
    state, steps = armed_play(code, 0)
    assert steps[0] in legal(state)
    before = state.clone()
    for step in steps:
        state.apply(step)
    finish_turn(state)
    assert state.is_over and state.truncated
    assert observed(state) == expected_after(before, code, 0)
    assert f"{code}-a" in state.view(None)["discard"], "the scroll went to the discard pile"


def test_r08_scry_then_draw() -> None:
    state = scenario(hands={0: ids("R08")}, deck=ids("S35", "F1", "W1", "E1", "A1", "RB", "S01"))
    state.apply("scroll R08")
    assert state.ask.kind == "top"
    state.apply("top RB")
    state.apply("top E1")
    state.apply("top F1")
    state.apply("top W1")  # A1 goes last by itself
    assert state.view(0)["hand"] == ["ME1-01", "MR-01", "S35"], "RB and E1 were drawn"
    assert "MF1-01" in state.view(1)["hand"], "F1 came next: seat 1 drew it"


# ---------------------------------------------------------------- the seven reactions
def test_r01_cancels_the_play_and_its_cards_stay_discarded() -> None:
    hands = {0: ids("S06", "F1", "F1"), 1: ids("R01", "W1")}
    state = scenario(hands=hands, deck=ids("S35"))
    state.apply("cast S06/1 @1 F1 F1")  # 6 to seat 1, 2 to the caster
    assert legal(state) == ["react R01", "pass"]
    state.apply("react R01")
    assert state.life == [15, 15, 15], "nothing happens, on the caster neither"
    assert state.view(None)["discard"] == ["S06", "MF1-01", "MF1-02", "R01-a"]
    assert state.current_player == 1, "the window closed and the turn ended"


def test_r01_closes_the_window_and_siphon_still_takes_the_mana() -> None:
    hands = {0: ids("S11", "W1", "W1"), 1: ids("R07", "F1"), 2: ids("R01", "E1")}
    state = scenario(hands=hands, deck=ids("S35"))
    state.apply("cast S11/1 W1 W1")
    state.apply("react R07")
    state.apply("react R01")
    assert state.life == [15, 15, 15]
    assert "MW1-01" in state.view(1)["hand"] and "MW1-02" in state.view(1)["hand"]
    assert state.view(None)["discard"] == ["S11", "R07-a", "R01-a"]


def test_r01_needs_the_reactor_to_be_targeted() -> None:
    hands = {0: ids("S04", "F1"), 2: ids("R01", "E1")}
    state = scenario(hands=hands, deck=ids("S35"))
    state.apply("cast S04/1 F1")  # left: seat 1 only
    assert state.current_player == 2 and legal(state) == ["pass"]


def test_r02_removes_only_the_reactor_from_the_targets() -> None:
    hands = {0: ids("S15", "W1", "W1", "E1"), 1: ids("R02", "F1")}
    state = scenario(hands=hands, life={0: 10}, deck=ids("S35"))
    state.apply("cast S15/1 W1 W1 E1")  # 2 to every opponent + heal self 2
    state.apply("react R02")
    assert state.life == [12, 15, 13]


def test_r03_halves_each_damage_event_vector_s07() -> None:
    hands = {0: ids("S07", "F1", "F1", "A1", "A1"), 1: ids("R03", "W1")}
    state = scenario(hands=hands, deck=ids("S35"))
    state.apply("cast S07/2 @1 F1 F1 A1 A1")
    state.apply("react R03")
    assert state.life == [15, 13, 13], "2 and 3 halve to 1 + 1: seat 1 loses 2"


def test_r03_halves_before_shield_and_keeps_non_damage_effects() -> None:
    hands = {0: ids("S08", "F1", "A1"), 1: ids("R03", "W1", "E1")}
    state = scenario(hands=hands, shield={1: 1}, deck=ids("S35"))
    state.apply("cast S08/1 @1 F1 A1")  # 3 damage + discard_random 1
    state.apply("react R03")
    assert state.life[1] == 15, "3 halves to 1, the shield takes it"
    assert state.shield[1] == 0
    assert len(state.hands[1]) == 2, "two cards left after the random discard, then a draw"


def test_r04_reflects_damage_to_the_caster_vector_s06() -> None:
    hands = {0: ids("S06", "F1", "F1", "F1", "W1"), 1: ids("R04", "E1")}
    state = scenario(hands=hands, deck=ids("S35"))
    state.apply("cast S06/2 @1 F1 F1 F1 W1")
    state.apply("react R04")
    assert state.life == [2, 15, 15], "the caster takes 10 redirected plus 3 recoil"


def test_r04_redirected_damage_goes_through_the_casters_shield() -> None:
    hands = {0: ids("S19", "E1", "E1"), 1: ids("R04", "F1")}
    state = scenario(hands=hands, deck=ids("S35"))
    state.shield[0] = 3
    state.apply("cast S19/2 @1 E1 E1")
    state.apply("react R04")
    assert state.life[0] == 14 and state.shield[0] == 0


def test_r04_redirected_damage_cannot_trigger_a_lethal_reaction() -> None:
    hands = {0: ids("S19", "E1", "E1", "R06"), 1: ids("R04", "F1")}
    state = scenario(hands=hands, life={0: 4}, deck=ids("S35"))
    state.apply("cast S19/2 @1 E1 E1")
    state.apply("react R04")
    assert state.is_over and state.life[0] == 0, "no lethal moment for reflected damage"


def test_r05_retaliates_after_resolution_even_at_zero() -> None:
    hands = {0: ids("S19", "E1", "E1"), 1: ids("R05", "F1")}
    state = scenario(hands=hands, life={1: 4}, deck=ids("S35"))
    state.apply("cast S19/2 @1 E1 E1")
    state.apply("react R05")
    assert state.is_over
    assert state.life == [11, 0, 15]
    assert state.bonus == [True, False, False]


def test_r05_does_nothing_without_life_lost() -> None:
    hands = {0: ids("S19", "E1", "E1"), 1: ids("R05", "F1")}
    state = scenario(hands=hands, shield={1: 5}, deck=ids("S35"))
    state.apply("cast S19/2 @1 E1 E1")
    state.apply("react R05")
    assert state.life == [15, 15, 15]


def test_r06_prevents_the_lethal_event_then_heals() -> None:
    hands = {0: ids("S09", "F1", "W1"), 1: ids("R06", "E1")}
    state = scenario(hands=hands, life={1: 3}, deck=ids("S35"))
    state.apply("cast S09/1 @1 F1 W1")  # 3 to seat 1, then 1 to every opponent
    assert state.current_player == 1 and state.ask.kind == "react"
    state.apply("pass")  # the window (seat 2 holds only mana: not asked)
    assert state.ask.kind == "lethal" and state.current_player == 1
    assert legal(state) == ["react R06", "pass"]
    state.apply("react R06")
    assert state.life == [15, 5, 14], "prevented, healed 3, then the later 1 still hits"
    assert not state.is_over


def test_r06_also_on_your_own_play_but_not_against_the_penalty() -> None:
    state = scenario(hands={0: ids("S06", "F1", "F1", "R06")}, life={0: 2}, deck=ids("S35"))
    state.apply("cast S06/1 @1 F1 F1")
    assert state.ask.kind == "lethal" and state.current_player == 0
    state.apply("react R06")
    assert state.life[0] == 5
    hand = ids("F1", "F1", "F1", "W1", "W1", "W1", "E1", "E1", "R06")
    expert = scenario(variant="expert", hands={0: hand}, life={0: 2})
    expert.apply("draw")
    assert expert.is_over and expert.life[0] == 0


def test_r06_lethal_moment_is_offered_whatever_the_hand_holds() -> None:
    hands = {0: ids("S19", "E1", "E1"), 1: ids("S01", "F1")}
    state = scenario(hands=hands, life={1: 4}, deck=ids("S35"))
    state.apply("cast S19/2 @1 E1 E1")
    state.apply("pass")
    assert state.ask.kind == "lethal" and legal(state) == ["pass"]
    state.apply("pass")
    assert state.is_over


def test_r07_siphons_the_paid_mana_without_being_targeted() -> None:
    hands = {0: ids("S04", "F1"), 2: ids("R07", "E1")}
    state = scenario(hands=hands, deck=ids("S35"))
    state.apply("cast S04/1 F1")
    state.apply("react R07")
    assert state.life[1] == 12
    assert "MF1-01" in state.view(2)["hand"]
    assert state.view(None)["discard"] == ["S04", "R07-a"]


def test_r07_answers_spells_only() -> None:
    hands = {0: ids("R11"), 1: ids("R07", "E1")}
    state = scenario(hands=hands, deck=ids("S35"))
    state.apply("scroll R11 @1")
    assert state.current_player == 1 and legal(state) == ["pass"]


def test_one_reaction_per_play_blocks_a_later_lethal_reaction() -> None:
    hands = {0: ids("S07", "F1", "F1", "A1", "A1"), 1: ids("R03", "R06", "W1")}
    state = scenario(hands=hands, life={1: 2}, deck=ids("S35"))
    state.apply("cast S07/2 @1 F1 F1 A1 A1")
    state.apply("react R03")
    assert state.is_over and state.life[1] == 0, "1 + 1 after halving; no R06 after R03"


def test_reactions_are_never_asked_of_the_caster_and_cannot_be_answered() -> None:
    hands = {
        0: ids("S12", "W1", "W1", "W1", "W1", "R01"),
        1: ids("R05", "F1"),
        2: ["R01-b", "ME1-01"],
    }
    state = scenario(hands=hands, deck=ids("S35"))
    state.apply("cast S12/1 W1 W1 W1 W1")  # 3 to every opponent
    assert state.current_player == 1
    state.apply("react R05")
    assert state.current_player == 2, "nobody answers the reaction, the caster is not asked"
    state.apply("pass")
    assert state.life == [11, 12, 12], "resolved, then R05 hit back for 4"
