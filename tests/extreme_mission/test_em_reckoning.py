"""The companion's table and reckoning of a physical Extreme Mission game (EM-1.1, EM-3.4, EM-3.5,
EM-5)."""

from __future__ import annotations

from pathlib import Path

import pytest

from bodoge.core.errors import Refusal
from bodoge.core.testing import random_game
from bodoge.games.extreme_mission import EMState, ExtremeMission
from bodoge.games.extreme_mission.reckoning import (
    ALONE,
    HAND,
    SHARED,
    Table,
    hands_needed,
    load_cards,
    reckon,
)

CARDS = load_cards()


def table(players: int = 3, start: int = 0, seed: int = 5) -> Table:
    return Table.deal(CARDS, players, start_player=start, seed=seed)


def by_level(t: Table, level: int, k: int = 0) -> str:
    return [m for m in t.missions if t.level(m) == level][k]


def finish(t: Table, seat: int, levels: tuple[int, ...] = (1, 2, 3, 4)) -> Table:
    for level in levels:
        t = t.complete(seat, by_level(t, level))
    return t


def test_em_1_1_twelve_missions_three_per_level_from_the_card_set() -> None:
    t = table()
    assert len(t.missions) == 12 and len(set(t.missions)) == 12
    assert t.levels == (1, 1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 4)
    assert all(CARDS.mission(m).level == t.level(m) for m in t.missions)


def test_em_1_1_the_deal_follows_the_seed_and_the_engine() -> None:
    assert table(seed=3).missions == table(seed=3).missions
    assert table(seed=3).missions != table(seed=4).missions


def test_em_1_1_an_uploaded_card_set_is_dealt_from(tmp_path: Path) -> None:
    text = (Path(__file__).parents[2] / "src/bodoge/games/extreme_mission/cards.toml").read_text()
    own = tmp_path / "cards.toml"
    own.write_text(text.replace('id = "M1-01"', 'id = "M1-X1"'), encoding="utf-8")
    mine = load_cards(own)
    dealt = {m for seed in range(30) for m in Table.deal(mine, 2, 0, seed).missions}
    assert "M1-X1" in dealt and "M1-01" not in dealt


def test_em_1_1_a_tables_own_deal_is_laid_until_the_first_cube() -> None:
    own = [m.id for level in (3, 1, 4, 2) for m in CARDS.missions_of_level(level)[:3]]
    t = table().lay(CARDS, own)
    assert t.levels == (1, 1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 4) and set(t.missions) == set(own)
    assert t.complete(0, own[0]).completed[0] == (own[0],)
    with pytest.raises(Refusal, match=r"EM-1\.1"):
        t.complete(0, own[0]).lay(CARDS, own)
    wrong = {
        "not a mission": [*own[:11], "M9-99"],
        "chosen twice": [*own[:11], own[0]],
        "Level 1: 4 missions": [CARDS.missions_of_level(1)[5].id, *own[1:]],  # a level-3 out
    }
    for said, missions in wrong.items():
        with pytest.raises(Refusal, match=said):
            t.lay(CARDS, missions)


def test_em_1_3_collaborators_start_face_up() -> None:
    t = table()
    assert [t.faceup(s) for s in range(3)] == [5, 5, 5]


def test_em_3_4_a_mission_others_completed_can_be_completed_again() -> None:
    t = table()
    m = by_level(t, 2)
    t = t.complete(0, m).complete(1, m)
    assert t.completed[:2] == ((m,), (m,))


def test_em_3_4_only_laid_missions() -> None:
    t = table()
    gone = next(m.id for m in CARDS.missions if m.id not in t.missions)
    with pytest.raises(ValueError, match="not laid"):
        t.complete(0, gone)


def test_em_3_5_one_mission_per_level_per_player() -> None:
    t = table().complete(0, by_level(table(), 3, 0))
    with pytest.raises(ValueError, match="level-3"):
        t.complete(0, by_level(t, 3, 1))
    assert t.complete(1, by_level(t, 3, 1)).completed[1] == (by_level(t, 3, 1),)


def test_em_3_6_collaborators_turn_down_and_up_again() -> None:
    t = table().turn_collaborator(1, "HK", up=False)
    assert t.faceup(1) == 4
    with pytest.raises(ValueError, match="already lies face down"):
        t.turn_collaborator(1, "HK", up=False)
    assert t.turn_collaborator(1, "HK", up=True).faceup(1) == 5
    with pytest.raises(ValueError, match="No collaborator"):
        t.turn_collaborator(1, "XX", up=False)


def test_em_5_1_end_condition_needs_every_level_and_every_collaborator_up() -> None:
    t = finish(table(), 2, (1, 2, 3))
    assert not t.meets_end_condition(2)
    t = finish(t, 2, (4,)).turn_collaborator(2, "SN", up=False)
    assert not t.meets_end_condition(2)
    assert t.turn_collaborator(2, "SN", up=True).meets_end_condition(2)


def test_em_5_2_the_last_round_counts_down_to_the_seat_right_of_the_start_player() -> None:
    t = table(players=4, start=2).next_turn()  # seat 2 played; seat 3's turn
    t = finish(t, 0).next_turn()  # checked at the end of seat 3's turn
    assert t.last_round and t.player == 0
    assert t.last_seat == 1 and t.turns_left == 2
    t = t.next_turn()
    assert (t.player, t.turns_left, t.over) == (1, 1, False)
    assert t.next_turn().over


def test_em_5_2_met_during_the_last_seats_turn_ends_the_game_with_it() -> None:
    t = table(players=3, start=0).next_turn().next_turn()  # seat 2, the last seat, plays
    assert finish(t, 2).next_turn().over


def test_em_5_3_one_finisher_wins_alone_whatever_the_hands() -> None:
    t = finish(table(players=2), 1)
    outcome = reckon(t)
    assert (outcome.winners, outcome.won_by) == ((1,), ALONE)
    assert hands_needed(t) == ()


def test_em_5_3_several_finishers_the_most_cards_wins() -> None:
    t = finish(finish(table(), 0), 2)
    assert hands_needed(t) == (0, 2)
    outcome = reckon(t, {0: 3, 2: 6})
    assert (outcome.winners, outcome.won_by) == ((2,), HAND)
    assert outcome.order[:2] == (2, 0) and outcome.decided[0] == "hand"


def test_em_5_3_finishers_with_as_many_cards_share_the_win() -> None:
    outcome = reckon(finish(finish(table(), 0), 2), {0: 4, 2: 4})
    assert (outcome.winners, outcome.won_by) == ((0, 2), SHARED)
    assert outcome.ranks[0] == outcome.ranks[2] == 1 and outcome.decided[0] is None


def test_em_5_4_key_1_more_missions() -> None:
    t = finish(table(), 0, (1, 2))
    t = finish(t, 1, (4,))
    outcome = reckon(t)
    assert outcome.order == (0, 1, 2) and outcome.decided == ("missions", "missions")


def test_em_5_4_key_2_higher_missions_from_the_highest_down() -> None:
    t = finish(table(), 0, (1, 4))  # 4, 1
    t = finish(t, 1, (2, 3))  # 3, 2
    outcome = reckon(t, {})
    assert outcome.order[:2] == (0, 1) and outcome.decided[0] == "levels"
    t = finish(table(), 0, (1, 3))  # 3, 1
    t = finish(t, 1, (2, 3))  # 3, 2: the second level decides
    assert reckon(t).order[:2] == (1, 0)


def test_em_5_4_key_3_more_face_up_collaborators() -> None:
    t = finish(table(), 0, (2,)).turn_collaborator(0, "DR", up=False)
    t = finish(t, 1, (2,))
    outcome = reckon(t)
    assert outcome.order[:2] == (1, 0) and outcome.decided[0] == "collaborators"


def test_em_5_4_key_4_more_cards_in_hand() -> None:
    t = finish(finish(table(), 0, (3,)), 1, (3,))
    assert hands_needed(t) == (0, 1)
    with pytest.raises(ValueError, match=r"hand sizes of seats 1$"):
        reckon(t, {0: 2})
    outcome = reckon(t, {0: 2, 1: 7})
    assert outcome.order[:2] == (1, 0) and outcome.decided[0] == "hand"


def test_em_5_4_equal_on_all_four_keys_share_a_place() -> None:
    t = finish(finish(table(), 0, (3,)), 1, (3,))
    outcome = reckon(t, {0: 5, 1: 5})
    assert outcome.ranks[:2] == (1, 1) and outcome.decided[0] is None
    assert outcome.winners == ()


def test_em_5_4_the_reckoning_agrees_with_the_engine_result() -> None:
    """Finished engine games ranked again by the companion from the open table."""
    game = ExtremeMission(players=3, turn_cap=150)
    checked = 0
    for seed in range(3):
        state = random_game(game, seed)
        assert isinstance(state, EMState)
        t = table(players=3)
        t = Table(
            missions=tuple(state.missions),
            levels=tuple(game.level_of[m] for m in state.missions),
            kinds=game.kinds,
            completed=tuple(tuple(c) for c in state.completed),
            down=tuple(
                frozenset(k for k, up in zip(game.kinds, row, strict=True) if not up)
                for row in state.collaborators
            ),
            start_player=t.start_player,
            player=0,
        )
        outcome = reckon(t, {s: len(state.hands[s]) for s in range(3)})
        result = state.result()
        assert outcome.ranks == result.ranks and outcome.winners == result.winners
        checked += 1
    assert checked == 3
