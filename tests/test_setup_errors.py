"""Bad setups, seeds, options and seats: one line of SetupError, the same way in every game
(core/scenario.py, core/game.py)."""

from __future__ import annotations

import re
from typing import Any

import pytest

import bodoge
from bodoge.core.scenario import check_setup


@pytest.fixture(params=bodoge.games())
def game(request: pytest.FixtureRequest) -> bodoge.Game:
    return bodoge.make(request.param, players=3)


def _refused(call: Any, fragment: str) -> None:
    """``call`` raises one line of SetupError matching ``fragment``, worded in Japanese too."""
    with pytest.raises(bodoge.SetupError, match=fragment) as caught:
        call()
    err = caught.value
    assert "\n" not in str(err) and err.text("en") == str(err)
    ja = err.text("ja")
    assert ja != str(err) and "\n" not in ja and re.search(r"[\u3040-\u30ff\u4e00-\u9fff]", ja)


@pytest.mark.parametrize(
    ("setup", "fragment"),
    [
        ([], "setup must be a mapping"),
        (["hands"], "setup must be a mapping"),
        ("hands", "setup must be a mapping"),
        (7, "setup must be a mapping"),
        ({"no_such_key": 1}, "1 unknown setup key: no_such_key; use "),
        ({"no_such_key": 1, "colour": 2}, "2 unknown setup keys: colour, no_such_key; use "),
        ({"hands": {0: []}, "colour": "red"}, "unknown setup key"),
        ({"start_player": True}, "True is not a seat number"),
        ({"start_player": 3}, "no seat 3"),
        ({"current_player": "x"}, "'x' is not a seat number"),
        ({"hands": [1, 2]}, "hands must map seats"),
        ({"hands": {0: "S01"}}, r"hands\[0\] must be a list of card ids"),
        ({"hands": {0: [[1]]}}, r"hands\[0\]: unknown"),
        ({"hands": {9: []}}, "no seat 9"),
        ({"deck": 5}, "deck must be a list of card ids"),
        ({"deck": [None]}, "deck: unknown"),
    ],
)
def test_a_bad_setup_is_one_setup_error(game: bodoge.Game, setup: Any, fragment: str) -> None:
    _refused(lambda: game.new_state(seed=1, setup=setup), fragment)


@pytest.mark.parametrize("seed", [True, False, "1", 1.0, None, [1]])
def test_a_seed_is_a_whole_number_and_not_a_bool(game: bodoge.Game, seed: Any) -> None:
    _refused(lambda: game.new_state(seed=seed), "seed must be a whole number")


@pytest.mark.parametrize("seat", [True, False, 7, 3, -1, "0", 1.0, [0]])
def test_a_view_is_for_a_seat_or_a_spectator(game: bodoge.Game, seat: Any) -> None:
    state = game.new_state(seed=1)
    _refused(lambda: state.view(seat), "no seat .* in a 3-player game")


@pytest.mark.parametrize(
    ("options", "fragment"),
    [
        ({"players": True}, "players, not True"),
        ({"players": 1}, "players, not 1"),
        ({"players": "3"}, "players, not 3"),
        ({"variant": "hard"}, "no variant 'hard'"),
        ({"turn_cap": 0}, "turn_cap must be a positive"),
        ({"turn_cap": True}, "turn_cap must be a positive"),
    ],
)
def test_bad_options_are_one_setup_error(
    game: bodoge.Game, options: dict[str, Any], fragment: str
) -> None:
    _refused(lambda: bodoge.make(game.name, **options), fragment)


def test_every_game_names_its_setup_keys_and_accepts_no_setup(game: bodoge.Game) -> None:
    assert game.setup_keys >= {"start_player", "current_player", "hands", "deck"}
    assert game.new_state(seed=2, setup=None).to_json() == game.new_state(seed=2).to_json()
    assert game.new_state(seed=2, setup={}).to_json() == game.new_state(seed=2).to_json()


def test_the_shared_view_keys_come_from_core(game: bodoge.Game) -> None:
    """DESIGN.md, "Views": the keys every game's view holds, and the result once over."""
    state = game.new_state(seed=3)
    for seat in (None, 0, 2):
        view = state.view(seat)
        assert view["game"] == game.name and view["players"] == 3 and view["you"] == seat
        assert view["current_player"] == state.current_player and view["is_over"] is False
        assert len(view["hand_sizes"]) == 3 and isinstance(view["deck_size"], int)
        assert view["hand"] == ([] if seat is None else view["hand"])
        assert "result" not in view and isinstance(view["log"], list)
    state = bodoge.make(game.name, players=3, turn_cap=4).new_state(seed=3)
    while not state.is_over:
        state.apply(state.legal_actions()[-1])
    assert state.view(1)["result"] == state.result().to_dict()


def test_check_setup_names_the_keys() -> None:
    assert check_setup(None, frozenset({"a"})) == {}
    with pytest.raises(bodoge.SetupError, match=r"use a, b$"):
        check_setup({"c": 1}, frozenset({"a", "b"}))
