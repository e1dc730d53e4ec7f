"""Observations: one seat's view as a flat float32 array of a fixed shape, with named slices.

The shape is fixed per game, player count and card set; the array is built from ``view(seat)``
alone, so it can hold nothing the seat may not know. Each game says how in its own module
``games/<game>/observation.py``, found by name (``core.hooks``) so that this module names no game:

- ``fields(game)``: the named pieces, ``(name, shape)`` in order;
- ``encode(game, view, planes)``: fill ``planes`` (name -> a zeroed writable array of that
  shape, each a view into the one flat array) from ``view``;
- ``bounds(game)``: the largest value of each piece that can read above 1 (a number, or a list
  of one a column), proven by how the piece is scaled or clipped by ``encode``. Every other piece
  reads 0 to 1 and no piece reads below 0: ``Observer.high`` is the flat array of these bounds,
  the adapters' observation space ``Box(0, high)``.

Seat-indexed pieces are rotated so that row 0 is the viewing seat, row 1 the next seat in turn
order, and so on: one policy serves every seat. This is OpenSpiel's observer style: ``tensor``
is the flat array and ``dict`` its named, reshaped views.

>>> import bodoge
>>> game = bodoge.make("ruler-of-mana", players=2)
>>> observer = Observer(game)
>>> state = game.new_state(seed=1)
>>> array = observer.encode(state.view(0))
>>> array.dtype.name, array.shape == (observer.size,), observer.dict["life"].tolist()
('float32', True, [1.0, 1.0])
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from math import prod
from typing import Any, Protocol, cast

import numpy as np
import numpy.typing as npt

from bodoge.core.errors import SetupError
from bodoge.core.game import Game
from bodoge.core.hooks import game_module
from bodoge.core.state import JSON

__all__ = ["Observer", "information_state_string", "observation_string", "rotate"]

Array = npt.NDArray[np.float32]
Field = tuple[str, tuple[int, ...]]


class _Encoding(Protocol):
    def fields(self, game: Game) -> Sequence[Field]: ...

    def encode(self, game: Game, view: JSON, planes: dict[str, Array]) -> None: ...

    def bounds(self, game: Game) -> dict[str, float | list[float]]: ...


def _encoding(game: Game) -> _Encoding:
    module = game_module(game, "observation")
    if module is None:
        raise SetupError("setup.no_observation", game=game.name)
    return cast(_Encoding, module)


class Observer:
    """The observation encoding of one made game: ``encode(view)`` gives the flat array.

    ``tensor`` and ``dict`` hold the last encoding (``dict`` maps each field to its reshaped
    view of ``tensor``); ``encode`` returns a fresh copy, safe to keep. ``high`` is the largest
    value each element can take (the smallest is 0)."""

    __slots__ = ("_encoding", "dict", "fields", "game", "high", "size", "slices", "tensor")

    def __init__(self, game: Game) -> None:
        self.game = game
        self._encoding = _encoding(game)
        self.fields: tuple[Field, ...] = tuple(
            (name, tuple(shape)) for name, shape in self._encoding.fields(game)
        )
        self.slices: dict[str, slice] = {}
        start = 0
        for name, shape in self.fields:
            if name in self.slices:
                raise SetupError("setup.field_twice", game=game.name, name=name)
            self.slices[name] = slice(start, start + prod(shape))
            start += prod(shape)
        self.size = start
        self.tensor: Array = np.zeros(self.size, dtype=np.float32)
        self.dict: dict[str, Array] = {
            name: self.tensor[self.slices[name]].reshape(shape) for name, shape in self.fields
        }
        self.high: Array = np.ones(self.size, dtype=np.float32)
        for name, bound in self._encoding.bounds(game).items():
            # a list bounds the last axis, column by column (seat rows share their bounds)
            self.high[self.slices[name]] = np.broadcast_to(
                np.asarray(bound, dtype=np.float32), dict(self.fields)[name]
            ).ravel()

    def set_from(self, view: JSON) -> None:
        """Encode ``view`` into ``tensor`` (and so ``dict``)."""
        self.tensor.fill(0.0)
        self._encoding.encode(self.game, view, self.dict)

    def encode(self, view: JSON) -> Array:
        """The observation of ``view``: a new float32 array of shape ``(size,)``."""
        self.set_from(view)
        return self.tensor.copy()


def rotate(values: Sequence[Any], you: int | None) -> list[Any]:
    """Seat-indexed ``values`` with the viewing seat first, then the others in turn order.

    >>> rotate(["a", "b", "c"], 1)
    ['b', 'c', 'a']
    """
    first = you or 0
    return [*values[first:], *values[:first]]


def information_state_string(view: JSON) -> str:
    """All the seat knows, as one string: its view with the log of every event it has seen
    (perfect recall), keys sorted so that equal knowledge gives an equal string."""
    return json.dumps(view, ensure_ascii=False, sort_keys=True, separators=(",", ":"))


def observation_string(view: JSON) -> str:
    """What the seat sees now: its view without the log."""
    return information_state_string({k: v for k, v in view.items() if k != "log"})
