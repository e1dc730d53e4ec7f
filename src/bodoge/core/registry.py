"""The games bodoge knows, by name."""

from __future__ import annotations

from importlib import import_module
from pathlib import Path

from bodoge.core.errors import UnknownGame
from bodoge.core.game import Game

# name -> "module:Class"; imported on first use so that one game's import cost is not every game's.
_GAMES: dict[str, str] = {
    "extreme-mission": "bodoge.games.extreme_mission:ExtremeMission",
    "ruler-of-mana": "bodoge.games.ruler_of_mana:RulerOfMana",
}


def games() -> tuple[str, ...]:
    """The names of the games bodoge can play.

    >>> "extreme-mission" in games()
    True
    """
    return tuple(_GAMES)


def game_class(name: str) -> type[Game]:
    """The class of the game called ``name`` (UnknownGame if there is none)."""
    target = _GAMES.get(name)
    if target is None:
        raise UnknownGame(f"unknown game {name!r}: bodoge has {', '.join(_GAMES)}")
    module, _, cls = target.partition(":")
    found: type[Game] = getattr(import_module(module), cls)
    return found


def make(
    name: str,
    players: int | None = None,
    variant: str = "basic",
    cards: str | Path | None = None,
    turn_cap: int | None = None,
) -> Game:
    """A game with its options: ``bodoge.make("extreme-mission", players=3)``."""
    return game_class(name)(players=players, variant=variant, cards=cards, turn_cap=turn_cap)
