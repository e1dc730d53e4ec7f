"""The examples of ``bodoge.core.choices``, with a real game (core itself names none)."""

import bodoge
from bodoge.core.action import Choices
from bodoge.core.choices import begin, split, steps


def _state() -> bodoge.State:
    return bodoge.make("extreme-mission", players=2).new_state(
        1, setup={"hands": {0: ["I-R4a", "I-B5a", "I-G6a"]}}
    )


def test_choices_in_any_order_change_nothing() -> None:
    state = _state()
    before = state.to_json()
    assert state.choices("complete M1-02", ["G6"]) == Choices(
        ("R4", "B5", "HK", "DR", "SN", "IN", "FG"), False
    )
    assert state.choices("complete M1-02", ["G6", "R4", "B5"]).complete
    assert steps(state, "complete M1-02", ["G6", "R4", "B5"]) == [
        "complete M1-02",
        "R4",
        "B5",
        "G6",
    ]
    assert state.to_json() == before


def test_begin_split_and_steps() -> None:
    assert begin(bodoge.make("extreme-mission", players=2).new_state(1), " draw ") == ("draw", [])
    state = _state()
    assert split(state, "complete M1-02 G6 R4") == ("complete M1-02", ["G6", "R4"])
    assert split(state, "fly") is None
    assert steps(state, "complete M1-02", ["G6", "HK", "B5"]) == [
        "complete M1-02",
        "B5",
        "G6",
        "HK",
    ]
