"""Shared scenario helpers for the Extreme Mission tests."""

from __future__ import annotations

from typing import Any

import bodoge
from bodoge.games.extreme_mission import EMState

MISSIONS = [f"M{level}-0{i}" for level in (1, 2, 3, 4) for i in (1, 2, 3)]  # three of each level


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


def ranked_by_every_key() -> bodoge.State:
    """Five seats, a turn cap of one, over after one pass, whose EM-5.4 ranks are (2, 1, 3, 5, 4):
    seat 0: 2 missions (2, 1); seat 1: 2 missions (3, 1), ahead of seat 0; seats 2-4: one level-3
    mission each; seat 3 has a collaborator down; seat 4 holds one card (the rest 8)."""
    s = bodoge.make("extreme-mission", players=5, turn_cap=1).new_state(
        3,
        setup={
            "missions": MISSIONS,
            "completed": {
                0: ["M1-01", "M2-01"],
                1: ["M1-02", "M3-01"],
                2: ["M3-02"],
                3: ["M3-03"],
                4: ["M3-01"],
            },
            "collaborators_down": {3: ["HK"]},
            "hands": {4: cards("R1")},
        },
    )
    s.apply("pass")
    assert s.is_over
    return s


def two_finishers(hand_extra: list[str]) -> bodoge.State:
    """Both seats meet the end condition: seat 0 ends with one card, seat 1 with ``hand_extra``."""
    s = scenario(
        players=2,
        completed={0: ["M1-01", "M2-01", "M3-01"], 1: ["M1-02", "M2-02", "M3-02"]},
        hands={
            0: cards("R1", "B1", "G1", "Y1", "R2", "B2", "G2", "Y2", "P5"),
            1: cards("R3", "B3", "G3", "Y3", "R4", "B4", "G4", "Y4") + hand_extra,
        },
    )
    s.apply("complete M4-02 R1 B1 G1 Y1 R2 B2 G2 Y2")
    s.apply("pass")
    s.apply("complete M4-02 R3 B3 G3 Y3 R4 B4 G4 Y4")
    s.apply("pass")
    assert s.is_over
    return s
