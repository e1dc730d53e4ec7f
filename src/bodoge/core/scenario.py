"""What every game's scenario setup reads the same way: seat numbers and per-seat entries.

A scenario (DESIGN.md, "Scenarios") names seats by number, as ints or as the strings JSON and TOML
keys are; a bad one is a :class:`~bodoge.core.errors.SetupError` of one line.

>>> seat_number(3, "2", "hands")
2
>>> per_seat(2, {"hands": {"1": ["I-R7a"]}}, "hands", lists=True)
{1: ['I-R7a']}
>>> seat_number(2, 5, "current_player")
Traceback (most recent call last):
...
bodoge.core.errors.SetupError: current_player: there is no seat 5 in a 2-player game
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bodoge.core.errors import SetupError

__all__ = ["per_seat", "seat_number"]


def seat_number(players: int, key: Any, what: str) -> int:
    """``key`` as a seat of a ``players``-player game (``what`` names the setup key)."""
    try:
        seat = int(key)
    except (TypeError, ValueError):
        raise SetupError(f"{what}: {key!r} is not a seat number") from None
    if not 0 <= seat < players:
        raise SetupError(f"{what}: there is no seat {seat} in a {players}-player game")
    return seat


def per_seat(
    players: int, setup: Mapping[str, Any], key: str, lists: bool = False
) -> dict[int, Any]:
    """``setup[key]``, a mapping from seats to values, by seat number (empty when absent);
    with ``lists``, every value must be a list (and comes back as one)."""
    raw = setup.get(key, {})
    if not isinstance(raw, Mapping):
        kind = "lists" if lists else "values"
        raise SetupError(f"{key} must map seats to {kind}, e.g. {{0: ...}}")
    out: dict[int, Any] = {}
    for k, v in raw.items():
        if lists and not isinstance(v, list | tuple):
            raise SetupError(f"{key}[{k}] must be a list")
        out[seat_number(players, k, key)] = list(v) if lists else v
    return out
