"""A result says why (issue 9, part 10): for each seat, what decided its place — the end
condition, cards in hand between finishers (EM-5.3), then EM-5.4's keys in order — as data and in
both languages."""

from __future__ import annotations

from em_helpers import MISSIONS, cards, ranked_by_every_key, scenario, two_finishers

import bodoge
from bodoge.core.result import Reason
from bodoge.core.testing import is_japanese, random_game


def _why(reason: Reason) -> tuple[str, object, object, bool | None]:
    return reason.key, reason.mine, reason.theirs, reason.ahead


def test_em_5_3_the_end_condition_decides() -> None:
    s = scenario(
        players=2,
        completed={0: ["M1-01", "M2-01", "M3-01"], 1: ["M1-02", "M2-02", "M3-02"]},
        hands={0: cards("R1", "B1", "G1", "Y1", "R2", "B2", "G2", "Y2", "P5")},
    )
    s.apply("complete M4-02 R1 B1 G1 Y1 R2 B2 G2 Y2")
    s.apply("pass")
    s.apply("pass")
    winner, other = s.result().decided_by
    assert _why(winner) == ("em.result.end_condition", True, False, True)
    assert _why(other) == ("em.result.end_condition", False, True, False)
    assert winner.rule == "EM-5.3"
    assert winner.text("en") == "met the end condition, which seat 1 did not (EM-5.3)"


def test_em_5_3_between_finishers_cards_in_hand_decide() -> None:
    result = two_finishers(cards("P6", "P7")).result()
    behind, ahead = result.decided_by
    assert result.winners == (1,)
    assert _why(ahead) == ("em.result.finish_hand", 2, 1, True)
    assert _why(behind) == ("em.result.finish_hand", 1, 2, False)


def test_em_5_3_equal_finishers_share_the_win() -> None:
    result = two_finishers(cards("P6")).result()
    assert [(r.key, r.against, r.ahead) for r in result.decided_by] == [
        ("em.result.shared_win", 1, None),
        ("em.result.shared_win", 0, None),
    ]
    assert "share the win" in result.decided_by[0].text("en")


def test_em_5_4_each_key_in_order_decides() -> None:
    s = ranked_by_every_key()
    r = s.result()
    assert r.ranks == (2, 1, 3, 5, 4)
    why = r.decided_by
    assert _why(why[1]) == ("em.result.levels", (3, 1), (2, 1), True)  # EM-5.4 (2)
    assert _why(why[0]) == ("em.result.levels", (2, 1), (3, 1), False)
    assert _why(why[2]) == ("em.result.missions", 1, 2, False)  # EM-5.4 (1)
    assert _why(why[4]) == ("em.result.hand", 1, 8, False)  # EM-5.4 (4)
    assert _why(why[3]) == ("em.result.collaborators", 4, 5, False)  # EM-5.4 (3)
    assert [why[s].against for s in range(5)] == [1, 0, 0, 4, 2]
    assert why[1].text("en") == (
        "as many missions as seat 0, of higher levels (levels 3-1 against 2-1, EM-5.4)"
    )
    assert (
        why[1].text("ja") == "ミッションの数は席0と同じで、レベルが高い（レベル3-1対2-1、EM-5.4）"
    )


def test_em_5_4_equal_on_every_key_says_so() -> None:
    s = bodoge.make("extreme-mission", players=3, turn_cap=1).new_state(
        3, setup={"missions": MISSIONS, "completed": {0: ["M1-01"], 1: ["M1-02"]}}
    )
    s.apply("pass")
    r = s.result()
    assert r.ranks == (1, 1, 3)
    assert (r.decided_by[0].key, r.decided_by[0].rule) == ("result.tied", "EM-5.4")
    assert r.decided_by[0].text("en") == "equal with seat 1 on every key (EM-5.4)"
    assert _why(r.decided_by[2]) == ("em.result.missions", 0, 1, False)


def test_em_5_reasons_agree_with_the_ranks_in_random_play() -> None:
    for players in (2, 4):
        game = bodoge.make("extreme-mission", players=players, turn_cap=40)
        for seed in range(6):
            r = random_game(game, seed).result()
            for seat, reason in enumerate(r.decided_by):
                if reason.ahead is not None:
                    assert reason.ahead == (r.ranks[seat] < r.ranks[reason.against]), (seed, r)
                else:
                    assert r.ranks[seat] == r.ranks[reason.against]
                assert is_japanese(reason.text("ja"))
