"""Every field a view shows a player has a label in both languages (the terminal's words)."""

from __future__ import annotations

from typing import Any

import pytest

import bodoge
from bodoge.core.i18n import catalogue
from bodoge.core.testing import random_game

# Fields the front ends do not show as fields (the game, the seat, the log, the result) and ids.
NOT_LABELLED = {"game", "players", "you", "is_over", "log", "result"}


def _keys(value: Any, out: set[str]) -> None:
    if isinstance(value, dict):
        for key, inner in value.items():
            out.add(str(key))
            _keys(inner, out)
    elif isinstance(value, list):
        for inner in value:
            _keys(inner, out)


@pytest.mark.parametrize(
    ("name", "variant"),
    [("extreme-mission", "basic"), ("ruler-of-mana", "basic"), ("ruler-of-mana", "expert")],
)
def test_every_view_field_has_words(name: str, variant: str) -> None:
    game = bodoge.make(name, players=3, variant=variant, turn_cap=40)
    keys: set[str] = set()

    def collect(state: bodoge.State) -> None:
        view = state.view(state.current_player if state.current_player is not None else 0)
        for field in NOT_LABELLED:
            view.pop(field, None)
        _keys(view, keys)

    for seed in range(4):
        random_game(game, seed, on_step=collect)
    entries = catalogue()
    cards = __import__(f"bodoge.games.{name.replace('-', '_')}.events", fromlist=["describe_card"])
    unlabelled = sorted(
        k
        for k in keys
        if f"play.view.{k}" not in entries
        and k not in NOT_LABELLED
        and not k.isdigit()  # seats
        and cards.describe_card(game.cards, k, "en") is None  # type: ignore[attr-defined]
    )
    assert unlabelled == [], f"view fields without words: {unlabelled}"
