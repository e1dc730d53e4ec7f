"""The games bodoge knows, by name. A game registers itself; this module names none.

A game's package calls :func:`register` with its :class:`~bodoge.core.game.Game` class when it is
imported (as OpenSpiel's games do). The games are found by importing every package under
``bodoge.games``, in name order, then every entry point of the group ``bodoge.games``, so that a
package of its own adds a game without an edit here::

    # pyproject.toml of an outside package
    [project.entry-points."bodoge.games"]
    high-card = "high_card"        # a module that registers its game when imported

>>> class Coin(Game):
...     name = "coin"
>>> register(Coin) is Coin and game_class("coin") is Coin
True
>>> unregister("coin")
>>> game_class("coin")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
bodoge.core.errors.UnknownGame: unknown game 'coin': bodoge has ...
"""

from __future__ import annotations

import pkgutil
from importlib import import_module, metadata
from pathlib import Path
from typing import TypeVar

# The package the bundled games live in, imported here (not on first use) so that the attribute
# ``bodoge.games`` stays the function :func:`games` once ``bodoge`` has bound it.
import bodoge.games as bundled
from bodoge.core.errors import UnknownGame
from bodoge.core.game import Game

__all__ = ["ENTRY_POINTS", "discover", "game_class", "games", "make", "register", "unregister"]

ENTRY_POINTS = "bodoge.games"
"""The entry-point group through which an installed package adds a game."""

_GAMES: dict[str, type[Game]] = {}
_BUNDLED: list[str] = []  # the bundled game packages, in name order
_found = False
_names: tuple[str, ...] | None = None  # games() as last worked out; None after a change


G = TypeVar("G", bound=type[Game])


def register(cls: G) -> G:
    """Make the game ``cls`` known by its ``name`` (a game's package calls this when imported).
    Registering the same class again changes nothing; another class under a taken name is an
    error."""
    known = _GAMES.get(cls.name)
    if known is not None and known is not cls:
        raise ValueError(f"two games are called {cls.name!r}: {known.__module__}, {cls.__module__}")
    global _names
    _GAMES[cls.name] = cls
    _names = None
    return cls


def unregister(name: str) -> None:
    """Forget the game ``name`` (for tests that register one of their own)."""
    global _names
    _GAMES.pop(name, None)
    _names = None


def discover() -> None:
    """Import every bundled game package and every ``bodoge.games`` entry point, so that each
    registers its game. Safe to call again: it picks up entry points installed since."""
    global _found
    if not _found:
        for module in sorted(pkgutil.iter_modules(bundled.__path__), key=lambda m: m.name):
            if module.ispkg:
                _BUNDLED.append(f"{bundled.__name__}.{module.name}")
                import_module(_BUNDLED[-1])
        _found = True
    for entry in metadata.entry_points(group=ENTRY_POINTS):
        loaded = entry.load()
        if isinstance(loaded, type) and issubclass(loaded, Game):
            register(loaded)


def games() -> tuple[str, ...]:
    """The names of the games bodoge can play: the bundled ones in package order, then those
    added by entry points.

    >>> all(game_class(name).name == name for name in games())
    True
    """
    global _names
    if not _found:
        discover()
    if _names is not None:
        return _names
    registered = list(_GAMES)  # in the order of registration, which imports may reorder

    def place(name: str) -> tuple[int, int]:
        module = _GAMES[name].__module__
        for k, package in enumerate(_BUNDLED):
            if module == package or module.startswith(package + "."):
                return (0, k)
        return (1, registered.index(name))

    _names = tuple(sorted(registered, key=place))
    return _names


def game_class(name: str) -> type[Game]:
    """The class of the game called ``name`` (UnknownGame if there is none)."""
    found = _GAMES.get(name)
    if found is None:
        discover()  # a game installed or put on the path since the last look
        found = _GAMES.get(name)
    if found is None:
        raise UnknownGame("setup.unknown_game", name=name, known=", ".join(games()))
    return found


def make(
    name: str,
    players: int | None = None,
    variant: str = "basic",
    cards: str | Path | None = None,
    turn_cap: int | None = None,
) -> Game:
    """A game with its options: ``bodoge.make(bodoge.games()[0], players=3)``."""
    return game_class(name)(players=players, variant=variant, cards=cards, turn_cap=turn_cap)
