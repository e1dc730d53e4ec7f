"""Shared helpers for the agent tests: positions met in play, and a walk of what an object can
reach."""

from __future__ import annotations

import gc
import random
from collections.abc import Iterator
from types import FunctionType, ModuleType
from typing import Any

import bodoge
from bodoge.agents import Decision, make_agent
from bodoge.core.state import State
from bodoge.core.testing import random_game


def positions(game: bodoge.Game, seeds: range, every: int = 7) -> Iterator[State]:
    """Copies of states met in seeded random games, every ``every``-th step."""
    for seed in seeds:
        seen: list[State] = []
        random_game(game, seed, on_step=lambda state, seen=seen: seen.append(state.clone()))
        yield from seen[::every]


def heuristic_positions(game: bodoge.Game, seed: int) -> list[State]:
    """Copies of the states of one heuristic game where the mover has a choice."""
    state = game.new_state(seed)
    agents = [make_agent("heuristic", game, s, random.Random(s)) for s in range(game.players)]
    out = []
    while (seat := state.current_player) is not None:
        if len(state.legal_actions()) > 1:
            out.append(state.clone())
        state.apply(agents[seat].act(Decision.of(state)))
    return out


def reachable(root: object, limit: int = 3_000_000) -> list[Any]:
    """Every object reachable from ``root`` through data: attributes, containers, closures and
    bound methods (``gc.get_referents``), not through classes, modules or a function's globals —
    those lead to code and to everything loaded, not to what an agent was handed. The limit is
    high because a game's shared tables of steps found (Ruler of Mana's, by card set) grow with
    every position the process has met: a few hundred thousand objects after thousands of games."""
    seen: set[int] = set()
    stack: list[object] = [root]
    out: list[Any] = []
    while stack:
        obj = stack.pop()
        if id(obj) in seen:
            continue
        seen.add(id(obj))
        assert len(seen) <= limit, "the walk is too large: bound it or look for a cycle into code"
        out.append(obj)
        if isinstance(obj, type | ModuleType):
            continue
        if isinstance(obj, FunctionType):
            stack.extend(obj.__closure__ or ())
            stack.extend(obj.__defaults__ or ())
            stack.extend((obj.__kwdefaults__ or {}).values())
            continue
        stack.extend(gc.get_referents(obj))
    return out


def states_reachable(root: object) -> list[State]:
    return [obj for obj in reachable(root) if isinstance(obj, State)]
