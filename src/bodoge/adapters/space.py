"""The fixed action space: every step spelling of a game, card set and player count.

A game makes every step it can ever offer up front, as shared immutable :class:`Action` values
kept on the game object (its own notation generator: ``RulerOfMana._make_steps``,
``ExtremeMission.__init__``). The action space is their spellings, each once (``F1`` is both a
payment item and a card to cycle: one step, one id), sorted with numbers by value — not in the
order the game made them, which for steps kept in a set changes with Python's hash seed. A step's
id is its index, the same in every adapter and every run. Nothing here depends on the variant:
both variants of a game share one space.

>>> import bodoge
>>> space = ActionSpace(bodoge.make("ruler-of-mana", players=2))
>>> space.steps[:4]
('@0', '@1', 'A1', 'A2')
>>> state = space.game.new_state(seed=1)
>>> [space.steps[i] for i in space.legal_ids(state)][-3:]
['draw', 'cycle', 'exchange']
"""

from __future__ import annotations

import inspect
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from bodoge.core.action import Action
from bodoge.core.errors import IllegalAction, SetupError
from bodoge.core.game import Game
from bodoge.core.registry import make
from bodoge.core.state import State

__all__ = ["ActionSpace", "actions", "game_of"]


def game_of(
    game: str | Game, players: int | None = None, cards: str | Path | None = None, **options: Any
) -> Game:
    """``game`` itself, or the game of that name made with the options of ``bodoge.make`` (one
    it does not take is refused in one line, not as ``make``'s TypeError: the caller named an
    environment's ``env``, not ``make``).

    >>> try:
    ...     game_of("ruler-of-mana", players=2, turncap=20)
    ... except SetupError as exc:
    ...     print(exc)
    no option 'turncap': a game is made with players, variant, cards, turn_cap
    """
    taken = [name for name in inspect.signature(make).parameters if name != "name"]
    for name in options:
        if name not in taken:
            raise SetupError("setup.unknown_option", name=name, options=", ".join(taken))
    if isinstance(game, Game):
        return game
    return make(game, players=players, cards=cards, **options)


def _held_steps(value: object) -> Iterator[Action]:
    """Every Action in ``value``: an Action, or a dict, list or tuple holding some (nested)."""
    if isinstance(value, Action):
        yield value
    elif isinstance(value, dict):
        for item in value.values():
            yield from _held_steps(item)
    elif isinstance(value, list | tuple):
        for item in value:
            yield from _held_steps(item)


def actions(
    game: str | Game, players: int | None = None, cards: str | Path | None = None
) -> tuple[str, ...]:
    """Every step spelling of ``game`` (a name or a made game) for that card set and player
    count: the fixed action space, a step's id being its index (DESIGN.md, "Research adapters").

    >>> space = actions("extreme-mission", players=3)
    >>> space[-3:], "take 3" in space
    (('take 0', 'take 1', 'take 2'), False)
    """
    made = game_of(game, players, cards)
    steps = {a.notation for value in vars(made).values() for a in _held_steps(value)}
    return tuple(sorted(steps, key=_natural))


def _natural(spelling: str) -> tuple[tuple[int, str, int], ...]:
    """A sort key reading runs of digits as numbers: ``take 2`` before ``take 10``."""
    return tuple(
        (1, "", int(part)) if part.isdigit() else (0, part, 0)
        for part in re.split(r"(\d+)", spelling)
    )


class ActionSpace:
    """The action space of one made game: spellings, ids, and masks of the legal steps."""

    __slots__ = ("game", "index", "steps")

    def __init__(self, game: Game) -> None:
        self.game = game
        self.steps: tuple[str, ...] = actions(game)
        self.index: dict[str, int] = {s: i for i, s in enumerate(self.steps)}

    def __len__(self) -> int:
        return len(self.steps)

    def id(self, step: Action | str) -> int:
        """The id of a step (KeyError naming it if the game's space lacks it)."""
        spelling = str(step)
        found = self.index.get(spelling)
        if found is None:
            raise KeyError(f"{spelling!r} is not in the action space of {self.game.name}")
        return found

    def legal_ids(self, state: State) -> list[int]:
        """The ids of ``state.legal_actions()``, in their canonical order."""
        return [self.id(a) for a in state.legal_actions()]

    def legal_step(self, state: State, action: int | np.integer[Any]) -> Action | None:
        """The legal step of id ``action`` in ``state``, or None where the mask forbids it."""
        i = int(action)
        if not 0 <= i < len(self.steps):
            return None
        try:
            return state.parse(self.steps[i])
        except IllegalAction:
            return None

    def mask(self, state: State) -> npt.NDArray[np.int8]:
        """1 for each legal step's id, 0 elsewhere (int8: what PettingZoo's ``sample`` takes)."""
        out = np.zeros(len(self.steps), dtype=np.int8)
        out[self.legal_ids(state)] = 1
        return out
