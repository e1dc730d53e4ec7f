"""A result says why (issue 9, part 10): for each seat, the RM-5.5 key that decided its place,
with the figures compared, as data and in both languages."""

from __future__ import annotations

from rm_helpers import ids, scenario

from bodoge.core.result import Reason
from bodoge.core.testing import is_japanese


def _why(reason: Reason) -> tuple[str, object, object, bool | None]:
    return reason.key, reason.mine, reason.theirs, reason.ahead


def test_rm_5_5_the_higher_score_decides() -> None:
    state = scenario(hands={0: ids("R11")}, life={0: 9, 1: 5, 2: 10})
    state.apply("scroll R11 @1")  # seat 1 out; seat 0 scores 9 + 3 = 12, seat 2 scores 10
    first, last, second = state.result().decided_by
    assert _why(first) == ("rm.result.score", 12, 10, True) and first.against == 2
    assert _why(second) == ("rm.result.score", 10, 12, False) and second.against == 0
    assert _why(last) == ("rm.result.score", 0, 10, False) and last.against == 2
    assert first.rule == "RM-5.5"
    assert first.text("en") == "a higher score than seat 2 (12 against 10, RM-5.5)"
    assert first.text("ja") == "得点が席2より高い（12対10、RM-5.5）"


def test_rm_5_5_1_the_finish_bonus_decides_a_tied_score() -> None:
    state = scenario(hands={0: ids("R11", "F1", "F1", "F1")}, life={0: 9, 1: 5, 2: 12})
    state.apply("scroll R11 @1")
    result = state.result()
    assert result.winners == (0,)
    assert _why(result.decided_by[0]) == ("rm.result.bonus", True, False, True)
    assert _why(result.decided_by[2]) == ("rm.result.bonus", False, True, False)
    assert "finish bonus" in result.decided_by[0].text("en")


def test_rm_5_5_2_the_fewest_cards_decide_then_3_no_game() -> None:
    setup = {"players": 2, "life": {0: 9, 1: 9}, "deck": ids("S35"), "only_deck": True}
    fewer = scenario(hands={0: ids("F1", "W1"), 1: ids("E1")}, **setup)
    fewer.apply("cycle F1 W1")  # seat 0 ends with 3 cards, seat 1 holds 1
    behind, ahead = fewer.result().decided_by
    assert _why(ahead) == ("rm.result.cards", 1, 3, True)
    assert _why(behind) == ("rm.result.cards", 3, 1, False)
    tie = scenario(hands={0: ids("F1", "W1"), 1: ids("E1", "E1", "E1")}, **setup)
    tie.apply("cycle F1 W1")
    result = tie.result()
    assert result.winners == ()
    assert [(r.key, r.against, r.ahead) for r in result.decided_by] == [
        ("rm.result.no_game", 1, None),
        ("rm.result.no_game", 0, None),
    ]
    assert "no game" in result.decided_by[0].text("en")
    assert is_japanese(result.decided_by[0].text("ja"))


def test_rm_5_5_the_view_carries_the_reasons_in_both_languages() -> None:
    state = scenario(hands={0: ids("R11")}, life={0: 9, 1: 5, 2: 10})
    state.apply("scroll R11 @1")
    for seat in (None, 0, 1):
        reasons = state.view(seat)["result"]["decided_by"]
        assert [r["key"] for r in reasons] == ["rm.result.score"] * 3
        assert reasons[0]["mine"] == 12 and reasons[0]["theirs"] == 10
        assert set(reasons[0]["text"]) == {"en", "ja"}
