"""One or more tests per rule of docs/rules/extreme-mission.md, named after the rule id."""

from __future__ import annotations

import pytest
from em_helpers import MISSIONS, cards, legal, ranked_by_every_key, scenario, two_finishers

import bodoge


def new(players: int = 3, seed: int = 5) -> bodoge.State:
    return bodoge.make("extreme-mission", players=players).new_state(seed)


# ---------------------------------------------------------------- EM-1 setup
def test_em_1_1_three_missions_of_each_level_stay_for_the_game() -> None:
    state = new()
    view = state.view(0)
    levels = [int(m[1]) for m in view["missions"]]
    assert sorted(levels) == [1, 1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 4]
    assert levels == sorted(levels), "rows are laid level 1 first"
    s = scenario(hands={0: cards("R1", "R2", "R3")})
    s.apply("complete M1-01 R1 R2 R3")
    assert list(s.view(1)["missions"]) == MISSIONS, "a completed mission is never removed"
    assert s.view(1)["missions"]["M1-01"] == [0]


def test_em_1_1_missions_are_shuffled_per_level() -> None:
    laid = {tuple(new(seed=seed).view(None)["missions"]) for seed in range(20)}
    assert len(laid) > 10


def test_em_1_2_each_player_draws_eight_from_one_deck() -> None:
    for players in range(2, 6):
        view = new(players).view(0)
        assert view["hand_sizes"] == [8] * players
        assert view["deck_size"] == 90 - 8 * players
        assert len(view["hand"]) == 8


def test_em_1_3_five_collaborators_face_up() -> None:
    view = new(4).view(2)
    assert view["collaborators"] == [{k: "up" for k in ("HK", "DR", "SN", "IN", "FG")}] * 4


def test_em_1_4_discard_piles_and_spent_areas_start_empty() -> None:
    view = new(4).view(None)
    assert view["discard_sizes"] == [0, 0, 0, 0]
    assert view["discard_tops"] == [None] * 4
    assert view["spent_sizes"] == [0, 0, 0, 0]


def test_em_1_5_four_cubes_at_most_four_completions() -> None:
    s = scenario(
        completed={0: ["M1-01", "M2-01", "M3-01", "M4-01"]},
        hands={0: cards("R1", "R2", "R3", "B1", "B2", "B3")},
    )
    assert not [a for a in legal(s) if a.startswith("complete")]


def test_em_1_6_start_player_is_seat_0_and_turns_go_clockwise() -> None:
    state = new(3)
    assert state.current_player == 0
    seats = []
    for _ in range(4):
        seats.append(state.current_player)
        state.apply("pass")
    assert seats == [0, 1, 2, 0]
    other = scenario(start_player=2)
    assert other.current_player == 2


# ---------------------------------------------------------------- EM-2 a turn
def test_em_2_1_action_phase_then_preparation_phase() -> None:
    s = scenario(hands={0: cards(*["R1", "R2", "R3", "R4", "R5", "R6", "R7", "R8", "R9", "B1"])})
    s.apply("draw")
    assert s.view(0)["phase"] == "action"
    s.apply("draw")
    assert s.view(0)["phase"] == "drop", "preparation: the hand limit comes after the actions"
    assert s.current_player == 0


def test_em_2_2_two_actions_the_same_twice_allowed() -> None:
    s = scenario(deck=cards("G1", "G2", "G3"))
    assert s.view(0)["actions_left"] == 2
    s.apply("draw")
    assert s.view(0)["actions_left"] == 1
    s.apply("draw")
    assert s.current_player == 1


def test_em_2_2_pass_ends_the_action_phase_early() -> None:
    s = scenario()
    assert "pass" in legal(s)
    s.apply("draw")
    s.apply("pass")
    assert s.current_player == 1
    assert s.view(1)["actions_left"] == 2


# ---------------------------------------------------------------- EM-3 actions
def test_em_3_1_draw_takes_the_top_card_of_the_deck() -> None:
    s = scenario(deck=cards("G7", "Y2"))
    size = s.view(0)["deck_size"]
    s.apply("draw")
    assert "I-G7a" in s.view(0)["hand"]
    assert s.view(0)["deck_size"] == size - 1
    s.apply("draw")
    assert "I-Y2a" in s.view(0)["hand"]


def _exhausted(players: int = 2) -> bodoge.State:
    """Every card placed: hands, and five-card discard piles; the deck is empty."""
    all_ids = [f"I-{c}{n}{x}" for c in "RBGYP" for n in range(1, 10) for x in "ab"]
    hands = {0: all_ids[0:8], 1: all_ids[8:16]}
    discards = {0: all_ids[16:21], 1: all_ids[21:26]}
    rest = all_ids[26:]
    # the remaining cards sit deep in seat 1's pile so the deck starts empty
    discards[1] = rest + discards[1]
    return scenario(players=players, hands=hands, discards=discards)


def test_em_3_2_rebuild_keeps_top_three() -> None:
    s = _exhausted()
    assert s.view(0)["deck_size"] == 0
    before = s.view(0)
    tops = [s.discards[p][-3:] for p in range(2)]
    s.apply("draw")
    after = s.view(0)
    assert after["discard_sizes"] == [3, 3]
    assert [s.discards[p] for p in range(2)] == tops, "the top three stay, order kept"
    gathered = before["discard_sizes"][0] + before["discard_sizes"][1] - 6
    assert after["deck_size"] == gathered - 1
    assert len(after["hand"]) == 9
    assert any(e["event"] == "rebuild" for e in after["log"])


def test_em_3_2_no_draw_when_the_rebuilt_deck_would_be_empty() -> None:
    all_ids = [f"I-{c}{n}{x}" for c in "RBGYP" for n in range(1, 10) for x in "ab"]
    hands = {0: all_ids[0:42], 1: all_ids[42:84]}
    discards = {0: all_ids[84:87], 1: all_ids[87:90]}
    s = scenario(players=2, hands=hands, discards=discards)
    assert "draw" not in legal(s)
    with pytest.raises(bodoge.IllegalAction):
        s.apply("draw")


def test_em_3_3_take_the_top_card_of_another_players_discard_pile() -> None:
    s = scenario(discards={1: cards("R1", "B2"), 0: cards("G5")})
    assert "take 1" in legal(s)
    assert "take 0" not in legal(s), "not your own pile"
    assert "take 2" not in legal(s), "not an empty pile"
    s.apply("take 1")
    assert "I-B2a" in s.view(0)["hand"]
    assert s.view(0)["discard_tops"][1] == "I-R1a"


def test_em_3_4_complete_a_mission_with_cards_and_wilds() -> None:
    s = scenario(hands={0: cards("R4", "B5", "G6", "P9")})
    s.apply("complete M2-01 R4 B5 G6 HK")  # run(4): HK stands in for a 7 or a 3
    v = s.view(0)
    assert v["completed"][0] == ["M2-01"]
    assert v["missions"]["M2-01"] == [0]
    assert v["collaborators"][0]["HK"] == "down"
    assert v["hand"] == ["I-P9a"]
    assert v["spent_sizes"][0] == 3


def test_em_3_4_a_mission_others_completed_is_allowed_not_a_level_done() -> None:
    s = scenario(
        completed={1: ["M1-02"], 0: ["M2-02"]},
        hands={0: cards("R4", "B5", "G6", "R7", "R8", "R9", "B1")},
    )
    options = legal(s)
    assert "complete M1-02" in options
    assert not [a for a in options if a.startswith("complete M2-")]


def test_em_3_4_steps_offer_only_completable_items() -> None:
    every_kind = ["HK", "DR", "SN", "IN", "FG"]
    s = scenario(hands={0: cards("R4", "B5", "G6", "P9")}, collaborators_down={0: every_kind})
    s.apply("complete M1-02")  # run(3), no wilds left
    assert legal(s) == ["R4"], "cards in canonical order, only while completable"
    s.apply("R4")
    assert legal(s) == ["B5"]
    with_wilds = scenario(hands={0: cards("R4", "B5", "G6", "P9")})
    with_wilds.apply("complete M1-02")
    assert legal(with_wilds) == ["R4", "B5", "G6", "P9", "HK", "DR", "SN"], "3 wilds at most"
    with_wilds.apply("P9")  # 7 and 8 from two wilds
    assert legal(with_wilds) == ["HK", "DR", "SN", "IN"], "FG cannot be followed by a second wild"


def test_em_3_5_no_extra_cards() -> None:
    s = scenario(hands={0: cards("R1", "R2", "R3", "B4")})
    with pytest.raises(bodoge.IllegalAction):
        s.apply("complete M1-01 R1 R2 R3 B4")
    assert s.view(0)["completed"][0] == []
    s.apply("complete M1-01 R1 R2 R3")
    assert s.view(0)["completed"][0] == ["M1-01"]


def test_em_3_5_one_mission_per_level() -> None:
    s = scenario(hands={0: cards("R1", "R2", "R3", "B1", "B2", "B3")})
    s.apply("complete M1-01 R1 R2 R3")
    assert not [a for a in legal(s) if a.startswith("complete M1-")]


def test_em_3_6_activate_a_face_down_collaborator() -> None:
    s = scenario(collaborators_down={0: ["DR", "HK"]}, hands={0: cards("Y3", "Y4", "P8")})
    assert "activate DR" in legal(s)
    assert "activate SN" not in legal(s), "a face-up collaborator is not activated"
    s.apply("activate DR Y3 Y4")
    assert s.view(0)["collaborators"][0]["DR"] == "up"
    s.apply("activate HK")  # run(3): P8 and two wilds
    assert s.current_player == 0
    items = legal(s)
    assert "HK" not in items, "a collaborator is never a wild for its own activation"
    s.apply("P8 DR SN")
    v = s.view(0)
    assert v["collaborators"][0] == {"HK": "up", "DR": "down", "SN": "down", "IN": "up", "FG": "up"}


# ---------------------------------------------------------------- EM-4 preparation
def test_em_4_1_hand_limit_drop_to_ten() -> None:
    s = scenario(
        hands={0: cards(*["R1", "R2", "R3", "R4", "R5", "R6", "R7", "R8", "R9", "B1"])},
        deck=cards("G1", "G2"),
    )
    s.apply("draw")
    s.apply("draw")
    assert s.view(0)["phase"] == "drop"
    assert legal(s)[0] == "drop R1"
    s.apply("drop G2")
    assert s.view(0)["phase"] == "drop"
    s.apply("drop R9")
    assert s.current_player == 1
    v = s.view(0)
    assert v["hand_sizes"][0] == 10
    assert v["discard_sizes"][0] == 2


def test_em_4_2_spent_cards_shuffled_onto_the_discard_pile() -> None:
    tops = set()
    for seed in range(30):
        s = scenario(seed=seed, hands={0: cards("R1", "R2", "R3")}, discards={0: cards("P9")})
        s.apply("complete M1-01 R1 R2 R3")
        s.apply("pass")
        v = s.view(1)
        assert v["discard_sizes"][0] == 4
        assert s.discards[0][0] == s.game.card_index["I-P9a"], "the old pile stays below"
        tops.add(v["discard_tops"][0])
    assert tops == {"I-R1a", "I-R2a", "I-R3a"}, "the top is a random one of the spent cards"


def test_em_4_2_no_spent_cards_nothing_happens() -> None:
    s = scenario(discards={0: cards("P9")})
    s.apply("pass")
    assert s.view(1)["discard_sizes"][0] == 1


# ---------------------------------------------------------------- EM-5 the end
FINISHER = {
    "completed": {0: ["M1-01", "M2-01", "M3-01"]},
    "hands": {0: cards("R1", "B1", "G1", "Y1", "R2", "B2", "G2", "Y2", "P5")},
}


def test_em_5_1_end_condition_needs_four_levels_and_five_face_up() -> None:
    s = scenario(**FINISHER)
    s.apply("complete M4-02 R1 B1 G1 Y1 R2 B2 G2 Y2")
    assert s.meets_end_condition(0)
    t = scenario(collaborators_down={0: ["FG"]}, **FINISHER)
    t.apply("complete M4-02 R1 B1 G1 Y1 R2 B2 G2 Y2")
    assert not t.meets_end_condition(0)


def test_em_5_2_the_round_finishes_after_the_end_condition() -> None:
    s = scenario(
        players=3,
        start_player=0,
        current_player=1,
        completed={1: ["M1-01", "M2-01", "M3-01"]},
        hands={1: cards("R1", "B1", "G1", "Y1", "R2", "B2", "G2", "Y2")},
    )
    s.apply("complete M4-02 R1 B1 G1 Y1 R2 B2 G2 Y2")
    s.apply("pass")
    assert s.view(None)["end_triggered"]
    # the log says who met it (public: the missions and collaborators are open), then the
    # next turn begins
    assert s.view(2)["log"][-2:] == [
        {"event": "end_triggered", "seats": [1]},
        {"event": "turn", "seat": 2, "turn": 2},
    ]
    assert s.current_player == 2, "the seat before the start player still plays"
    s.apply("pass")
    assert s.is_over
    assert s.result().winners == (1,)


def test_em_5_2_met_in_the_last_seats_turn_ends_after_that_turn() -> None:
    s = scenario(
        players=3,
        start_player=1,
        current_player=0,
        completed={0: ["M1-01", "M2-01", "M3-01"]},
        hands={0: cards("R1", "B1", "G1", "Y1", "R2", "B2", "G2", "Y2")},
    )
    s.apply("complete M4-02 R1 B1 G1 Y1 R2 B2 G2 Y2")
    assert not s.is_over, "the end is checked at the end of the turn"
    s.apply("pass")
    assert s.is_over


def test_em_5_3_one_finisher_wins() -> None:
    s = scenario(players=2, **FINISHER)
    s.apply("complete M4-02 R1 B1 G1 Y1 R2 B2 G2 Y2")
    s.apply("pass")
    s.apply("pass")
    assert s.is_over
    r = s.result()
    assert r.winners == (0,)
    assert r.ranks == (1, 2)
    assert not r.truncated


def test_em_5_3_several_finishers_most_cards_in_hand_wins() -> None:
    s = two_finishers(cards("P6", "P7"))
    assert s.result().winners == (1,)
    assert s.result().ranks == (2, 1)


def test_em_5_3_shared_win_on_equal_hands() -> None:
    s = two_finishers(cards("P6"))
    assert s.result().winners == (0, 1)
    assert s.result().ranks == (1, 1)


def test_em_5_4_full_ranking_by_missions_levels_collaborators_hand() -> None:
    s = ranked_by_every_key()
    r = s.result()
    assert r.truncated
    assert r.ranks == (2, 1, 3, 5, 4)
    assert r.winners == ()


def test_em_5_4_equal_on_all_four_keys_share_a_rank() -> None:
    s = bodoge.make("extreme-mission", players=3, turn_cap=1).new_state(
        3,
        setup={
            "missions": MISSIONS,
            "completed": {0: ["M1-01"], 1: ["M1-02"]},
        },
    )
    s.apply("pass")
    assert s.result().ranks == (1, 1, 3)


def test_em_5_5_turn_cap_truncates_and_flags() -> None:
    game = bodoge.make("extreme-mission", players=2, turn_cap=3)
    s = game.new_state(1)
    for _ in range(3):
        s.apply("pass")
    assert s.is_over
    assert s.result().truncated
    assert s.view(0)["result"]["truncated"] is True
    uncapped = bodoge.make("extreme-mission", players=2).new_state(1)
    for _ in range(50):
        uncapped.apply("pass")
    assert not uncapped.is_over, "no cap by default: a stalled game goes on"


def test_em_5_5_the_cap_does_not_cut_a_final_round() -> None:
    """Ruling: once the end condition is met (EM-5.2), the round is played out past the cap."""
    game = bodoge.make("extreme-mission", players=3, turn_cap=1)
    s = game.new_state(
        3,
        setup={
            "missions": MISSIONS,
            "completed": {0: ["M1-01", "M2-01", "M3-01", "M4-01"]},
        },
    )
    assert s.meets_end_condition(0)
    s.apply("pass")  # turn 1 ends: the end is triggered, the cap reached, seats 1 and 2 still play
    assert not s.is_over and s.current_player == 1
    s.apply("pass")
    s.apply("pass")
    r = s.result()
    assert not r.truncated and r.winners == (0,)


def test_em_5_1_a_later_seat_meeting_the_end_condition_is_logged_too() -> None:
    """Each seat that meets the end condition (EM-5.1) has its line in the log: the last seat
    met it by reactivating a collaborator after another seat had met it, and the log went
    from that turn straight to the game's end."""
    s = scenario(
        players=3,
        start_player=0,
        current_player=1,
        completed={1: ["M1-01", "M2-01", "M3-01"], 2: ["M1-02", "M2-02", "M3-02", "M4-01"]},
        collaborators_down={2: ["DR"]},
        hands={
            1: cards("R1", "B1", "G1", "Y1", "R2", "B2", "G2", "Y2"),
            2: cards("Y5", "Y6"),
        },
    )
    s.apply("complete M4-02 R1 B1 G1 Y1 R2 B2 G2 Y2")
    s.apply("pass")
    s.apply("activate DR Y5 Y6")
    s.apply("pass")
    assert s.is_over
    log = s.view(0)["log"]
    assert {"event": "end_triggered", "seats": [1]} in log
    assert log[-2:] == [
        {"event": "end_met", "seats": [2]},
        {"event": "game_over", "truncated": False},
    ]
