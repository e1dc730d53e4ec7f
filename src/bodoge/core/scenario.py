"""What every game checks the same way: seeds, setups, seats and per-seat entries.

A scenario (DESIGN.md, "Scenarios") names seats by number, as ints or as the strings JSON and TOML
keys are; a view names its seat by int only. A bad seed, setup or seat is a
:class:`~bodoge.core.errors.SetupError` of one line.

>>> seat_number(3, "2", "hands")
2
>>> per_seat(2, {"hands": {"1": ["I-R7a"]}}, "hands", lists=True)
{1: ['I-R7a']}
>>> seat_number(2, 5, "current_player")
Traceback (most recent call last):
...
bodoge.core.errors.SetupError: current_player: there is no seat 5 in a 2-player game
>>> check_seed(True)
Traceback (most recent call last):
...
bodoge.core.errors.SetupError: seed must be a whole number, not True
>>> check_setup(["hands"], frozenset({"hands"}))
Traceback (most recent call last):
...
bodoge.core.errors.SetupError: setup must be a mapping of keys (hands), not a list
>>> check_viewer(2, "0")
Traceback (most recent call last):
...
bodoge.core.errors.SetupError: no seat '0' in a 2-player game: view seat 0–1 or None
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bodoge.core.errors import SetupError
from bodoge.core.i18n import Message

__all__ = [
    "check_seed",
    "check_setup",
    "check_viewer",
    "is_whole",
    "listed",
    "per_seat",
    "seat_number",
]


def is_whole(value: Any) -> bool:
    """True for an int that is not a bool (``True`` is an int to Python, never a number here)."""
    return isinstance(value, int) and not isinstance(value, bool)


def check_seed(seed: Any) -> int:
    """``seed`` if it is a whole number (a bool is not)."""
    if not is_whole(seed):
        raise SetupError("setup.seed", seed=seed)
    return int(seed)


def check_setup(setup: Any, keys: frozenset[str]) -> Mapping[str, Any]:
    """``setup`` (None: no scenario) if it is a mapping of the game's setup ``keys`` only."""
    if setup is None:
        return {}
    allowed = ", ".join(sorted(keys)) or "none"
    if not isinstance(setup, Mapping):
        raise SetupError("setup.not_mapping", allowed=allowed, kind=type(setup).__name__)
    unknown = sorted(map(str, set(setup) - keys))
    if unknown:
        raise SetupError(
            "setup.unknown_keys", n=len(unknown), unknown=", ".join(unknown), allowed=allowed
        )
    return setup


def check_viewer(players: int, player: Any) -> int | None:
    """``player`` if it names a seat of a ``players``-player game, or None (a spectator)."""
    if player is None or (is_whole(player) and 0 <= player < players):
        return player  # type: ignore[no-any-return]
    raise SetupError("setup.view_seat", player=player, players=players, last=players - 1)


def seat_number(players: int, key: Any, what: str) -> int:
    """``key`` as a seat of a ``players``-player game (``what`` names the setup key)."""
    if isinstance(key, bool):
        raise SetupError("setup.not_seat", what=what, seat=key)
    try:
        seat = int(key)
    except (TypeError, ValueError):
        raise SetupError("setup.not_seat", what=what, seat=key) from None
    if not 0 <= seat < players:
        raise SetupError("setup.no_seat", what=what, seat=seat, players=players)
    return seat


def listed(value: Any, where: str, of: str = "setup.of.card_ids") -> list[Any]:
    """``value`` as a list, if it is a list or tuple (of what the catalogue key ``of`` names;
    ``where`` names the entry)."""
    if not isinstance(value, list | tuple):
        raise SetupError("setup.not_list", where=where, of=Message(of), value=value)
    return list(value)


def per_seat(
    players: int,
    setup: Mapping[str, Any],
    key: str,
    lists: bool = False,
    of: str = "setup.of.card_ids",
) -> dict[int, Any]:
    """``setup[key]``, a mapping from seats to values, by seat number (empty when absent);
    with ``lists``, every value must be a list of ``of`` (and comes back as one)."""
    raw = setup.get(key, {})
    if not isinstance(raw, Mapping):
        raise SetupError("setup.seat_lists" if lists else "setup.seat_values", entry=key)
    out: dict[int, Any] = {}
    for k, v in raw.items():
        seat = seat_number(players, k, key)
        out[seat] = listed(v, f"{key}[{k}]", of) if lists else v
    return out
