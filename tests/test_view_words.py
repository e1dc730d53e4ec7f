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


@pytest.mark.parametrize(
    ("name", "variant"),
    [("extreme-mission", "basic"), ("ruler-of-mana", "basic"), ("ruler-of-mana", "expert")],
)
def test_japanese_views_and_events_leave_no_english_word(name: str, variant: str) -> None:
    """Values (the variant, a pending decision's kind, how the game ended) and events read in
    Japanese: no lower-case English word is left in what the terminal shows (issue 9)."""
    import re

    from rich.console import Console

    from bodoge.play.terminal import GameWords, render_view

    game = bodoge.make(name, players=3, variant=variant, turn_cap=60)
    words = GameWords(game, "ja")
    english = re.compile(r"(?<![A-Za-z0-9@/-])[a-z_]{3,}(?![A-Za-z0-9])")
    left: dict[str, str] = {}
    shown = 0

    def check(state: bodoge.State) -> None:
        nonlocal shown
        if len(state.history) % 7 and not state.is_over:
            return
        view = state.view(state.current_player if state.current_player is not None else 0)
        console = Console(width=200, record=True, file=open("/dev/null", "w"))  # noqa: SIM115
        console.print(render_view(words, view))
        out = console.export_text() + "\n".join(words.event(e) for e in view["log"][-6:])
        shown += 1
        for word in english.findall(out):
            left.setdefault(word, out)

    for seed in range(2):
        random_game(game, seed, on_step=check)
    assert shown > 20 and left == {}, sorted(left)


@pytest.mark.parametrize(
    ("name", "variant"),
    [("extreme-mission", "basic"), ("ruler-of-mana", "basic"), ("ruler-of-mana", "expert")],
)
def test_the_log_names_every_seat_by_its_players_name_where_given(name: str, variant: str) -> None:
    """Every event of whole games, in both languages: with the players' names (as the browser's
    table shows them) no seat number is left in the line; without them, each seat is
    ``Seat 2`` / ``席2``."""
    import re

    from bodoge.play.terminal import game_hooks

    game = bodoge.make(name, players=4, variant=variant, turn_cap=60)
    describe, _ = game_hooks(game)
    assert describe is not None
    names = ["Aki", "Ben", "Chie", "Dai"]
    numbered = re.compile(r"[Ss]eat\(?s?\)? ?\d|席\d")
    kinds: set[str] = set()
    for seed in range(3):
        for event in random_game(game, seed).view(None)["log"]:
            kinds.add(event["event"])
            for lang in ("en", "ja"):
                named = describe(game.cards, event, lang, names)
                assert not numbered.search(named), (event, named)
                plain = describe(game.cards, event, lang, None)
                if "seat" in event:
                    assert names[event["seat"]] in named, (event, named)
                    label = f"Seat {event['seat']}" if lang == "en" else f"席{event['seat']}"
                    assert label in plain, (event, plain)
    assert len(kinds) > 8, kinds
