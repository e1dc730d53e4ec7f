"""Shared scenario helpers for the Extreme Mission tests."""

from __future__ import annotations

from typing import Any

import bodoge
from bodoge.games.extreme_mission import EMState

MISSIONS = [
    "M1-01",
    "M1-02",
    "M1-03",
    "M2-01",
    "M2-02",
    "M2-03",
    "M3-01",
    "M3-02",
    "M3-03",
    "M4-01",
    "M4-02",
    "M4-03",
]


def scenario(players: int = 3, seed: int = 1, **setup: Any) -> EMState:
    """A game from a described position; the first three missions of each level are laid."""
    setup.setdefault("missions", MISSIONS)
    state = bodoge.make("extreme-mission", players=players).new_state(seed, setup=setup)
    assert isinstance(state, EMState)
    return state


def legal(state: bodoge.State) -> list[str]:
    return [str(a) for a in state.legal_actions()]


def cards(*types: str) -> list[str]:
    """Card ids for types, the a copy unless a type repeats: cards("R4", "R4") -> a and b."""
    out: list[str] = []
    for t in types:
        copy = "b" if f"I-{t}a" in out else "a"
        out.append(f"I-{t}{copy}")
    return out
