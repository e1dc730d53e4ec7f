"""A game's optional modules and functions, found by name, so that shared code names no game.

A game package may hold modules that other parts of bodoge look for by convention (``events``
for the front ends, ``heuristic`` for the bots, ``balance`` for balance reports). Their names are
relative to the package of the game's class. The front ends (the terminal, the server) also look
for optional functions by name (``describe_event``, ``card_code``...): :func:`game_hook`.

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
from typing import Any

from bodoge.core.game import Game

__all__ = ["game_hook", "game_module"]


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


def game_hook(game: Game, name: str) -> Any:
    """The game's optional function ``name``, or None: looked up in the module of the game's
    class, its package, and the package's ``events`` and ``words`` modules, in that order."""
    module = import_module(type(game).__module__)
    package = import_module(module.__package__ or module.__name__)
    for candidate in (module, package, game_module(game, "events"), game_module(game, "words")):
        if candidate is not None and callable(getattr(candidate, name, None)):
            return getattr(candidate, name)
    return None
