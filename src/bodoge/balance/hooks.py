"""What a game tells a balance report, found in the game's optional ``balance`` module.

A game package's ``balance.py`` (``bodoge/games/<game>/balance.py``) has these plain functions,
each reading the spectator view of a **finished** game (``state.view(None)``, with its ``log``)
and its :class:`~bodoge.core.result.Result`:

- ``ENDINGS``: every ending code, in the order a report lists them;
- ``uses(game, view, result)``: the cards each seat played, as ``(seat, kind, key)``, where a
  *kind* is the game's word for a sort of card and a *key* one card (or one sort of copies);
- ``ending(game, view, result)``: how the game ended, one of ``ENDINGS``;
- ``describe_ending(code, lang)``, ``describe_kind(kind, lang)`` and
  ``describe_key(game, kind, key, lang)``: those in words, from the message catalogue and the
  card data;
- optionally ``offered(game, view)``: the ``(kind, key)`` that could be played in this game, where
  not every card is (without it, every key counts as offered in every game).

>>> import bodoge
>>> [balance_hooks(bodoge.make(name)).endings[-1] for name in bodoge.games()]
['truncated', 'truncated']
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from bodoge.core.errors import SetupError
from bodoge.core.game import Game
from bodoge.core.hooks import game_module
from bodoge.core.result import Result

__all__ = ["BalanceHooks", "Use", "balance_hooks"]

Use = tuple[int, str, str]
"""``(seat, kind, key)``: one card played by one seat."""

View = Mapping[str, Any]


@dataclass(frozen=True)
class BalanceHooks:
    """A game's balance hooks (see the module's docstring)."""

    endings: tuple[str, ...]
    uses: Callable[[Game, View, Result], Iterable[Use]]
    ending: Callable[[Game, View, Result], str]
    describe_ending: Callable[[str, str], str]
    describe_kind: Callable[[str, str], str]
    describe_key: Callable[[Game, str, str, str], str]
    offered: Callable[[Game, View], Iterable[tuple[str, str]]] | None = None


def balance_hooks(game: Game) -> BalanceHooks:
    """The hooks of ``game``'s ``balance`` module; ``SetupError`` when it has none."""
    module = game_module(game, "balance")
    if module is None:
        raise SetupError("setup.no_balance", game=game.name)
    return BalanceHooks(
        endings=tuple(module.ENDINGS),
        uses=module.uses,
        ending=module.ending,
        describe_ending=module.describe_ending,
        describe_kind=module.describe_kind,
        describe_key=module.describe_key,
        offered=getattr(module, "offered", None),
    )
