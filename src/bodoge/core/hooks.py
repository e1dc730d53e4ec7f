"""A game's optional modules, found by name, so that shared code names no game.

A game package may hold modules that other parts of bodoge look for by convention (``events``
for the front ends, ``heuristic`` for the bots, ``balance`` for balance reports). Their names are
relative to the package of the game's class.

>>> import bodoge
>>> game = bodoge.make(bodoge.games()[0], players=2)
>>> game_module(game, "events").__name__ == type(game).__module__ + ".events"
True
>>> game_module(game, "no_such_module") is None
True
"""

from __future__ import annotations

from importlib import import_module
from types import ModuleType

from bodoge.core.game import Game

__all__ = ["game_module"]


def game_module(game: Game | type[Game], name: str) -> ModuleType | None:
    """The module ``name`` of the package of ``game``'s class (or of the class ``game``), or None
    where it has none. A module that exists but fails to import (something it imports is
    missing) raises."""
    cls = game if isinstance(game, type) else type(game)
    module = import_module(cls.__module__)
    package = module.__package__ or cls.__module__
    full = f"{package}.{name}"
    try:
        return import_module(full)
    except ModuleNotFoundError as err:
        if err.name != full:
            raise
        return None
