"""What a step of another seat showed a viewer, for a replay seen from one seat's view.

A finished game's record names every step, a draft pick or a card put back on the deck as much
as a mission completed. A replay from a seat's view (the terminal's ``bodoge replay --seat``,
the room page's) says another seat's step only where the viewer saw it: the events it made
happen show the viewer what they show the seat that made it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bodoge.core.state import State

__all__ = ["shown_alone"]


def shown_alone(state: State, before: int, actor: int, viewer: int | None) -> set[str] | None:
    """The strings (card ids among them) that the events of the step ``actor`` just made in
    ``state`` (its log had ``before`` entries) show ``actor`` and not ``viewer`` (None: a
    spectator); None when they show ``viewer`` nothing at all (a step of a move not yet whole)."""
    seen = state.view(viewer)["log"][before:]
    if not seen:
        return None
    theirs = state.view(actor)["log"][before:]
    alone: set[str] = set()
    for mine, event in zip(seen, theirs, strict=True):
        for field, value in event.items():
            if mine.get(field) != value:
                alone.update(_strings(value))
    return alone


def _strings(value: Any) -> list[str]:
    """Every string in an event's value (the card ids it holds)."""
    if isinstance(value, str):
        return [value]
    if isinstance(value, Mapping):
        return [s for k, v in value.items() for s in (*_strings(k), *_strings(v))]
    if isinstance(value, list | tuple):
        return [s for item in value for s in _strings(item)]
    return []
