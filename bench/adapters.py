"""Adapter speed: decisions per second through each research adapter, beside the raw engine in
the same run, on the same seeded random games.

One decision is one step applied to the engine, whoever takes it. Each loop plays ``--games``
games with ``turn_cap`` (random players stall without one) and picks uniformly among the legal
steps, the way a learner's rollout does, with what each interface gives a learner:

- ``engine``: ``state.legal_actions()`` and ``state.apply`` — no observation at all;
- ``engine + view``: the same plus ``state.view(seat)`` for the seat to act (what a bot reads);
- ``pettingzoo``: ``agent_iter``, ``last()`` (the observation array and mask of the seat to act),
  ``action_space.sample(mask)``, ``step``;
- ``gymnasium``: seat 0 learns, the others are the ``random`` bot inside ``step``; each ``step``
  returns seat 0's observation and its mask goes to ``info`` (its decisions and the bots' count);
- ``openspiel``: ``legal_actions()``, ``observation_tensor()`` of the seat to act,
  ``apply_action``, after the seed's chance node.

Each loop runs ``--rounds`` times, interleaved with the others, and keeps its fastest round, so a
load from elsewhere on the machine during one loop's turn does not skew the ratios. The
"overhead" column is the time a decision takes beyond the engine's, as a multiple of it.

Run: ``.venv/bin/python bench/adapters.py [--games 20] [--players 2,4] [--turn-cap 60]
[--rounds 3] [--seed 0]``
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable

import numpy as np
import pyspiel
from rich import box
from rich.console import Console
from rich.table import Table

import bodoge
import bodoge.adapters.openspiel
from bodoge.adapters.gymnasium import env as gymnasium_env
from bodoge.adapters.pettingzoo import env as pettingzoo_env

Loop = Callable[[str, int, int, int, int], int]  # (game, players, games, cap, seed) -> decisions


def engine(name: str, players: int, games: int, cap: int, seed: int, view: bool = False) -> int:
    game = bodoge.make(name, players=players, turn_cap=cap)
    rng = random.Random(seed)
    steps = 0
    for k in range(games):
        state = game.new_state(seed=seed + k)
        while not state.is_over:
            if view:
                state.view(state.current_player)
            state.apply(rng.choice(state.legal_actions()))
            steps += 1
    return steps


def engine_view(name: str, players: int, games: int, cap: int, seed: int) -> int:
    return engine(name, players, games, cap, seed, view=True)


def pettingzoo(name: str, players: int, games: int, cap: int, seed: int) -> int:
    aec = pettingzoo_env(name, players=players, turn_cap=cap)
    steps = 0
    for k in range(games):
        aec.reset(seed=seed + k)
        for agent in aec.possible_agents:
            aec.action_space(agent).seed(seed + k)
        for agent in aec.agent_iter():
            observation, _, terminated, truncated, _ = aec.last()
            if terminated or truncated:
                aec.step(None)
                continue
            aec.step(aec.action_space(agent).sample(observation["action_mask"]))
            steps += 1
    return steps


def gymnasium(name: str, players: int, games: int, cap: int, seed: int) -> int:
    table = gymnasium_env(name, players=players, opponents="random", turn_cap=cap)
    rng = np.random.default_rng(seed)
    steps = 0
    for k in range(games):
        _, info = table.reset(seed=seed + k)
        done = False
        while not done:
            action = int(rng.choice(info["action_mask"].nonzero()[0]))
            _, _, terminated, truncated, info = table.step(action)
            done = terminated or truncated
        steps += len(table.state.history)
    return steps


def openspiel(name: str, players: int, games: int, cap: int, seed: int) -> int:
    short = bodoge.adapters.openspiel.short_name(name)
    game = pyspiel.load_game(short, {"players": players, "turn_cap": cap})
    rng = random.Random(seed)
    steps = 0
    for k in range(games):
        state = game.new_initial_state()
        state.apply_action(seed + k)
        while not state.is_terminal():
            state.observation_tensor(state.current_player())
            state.apply_action(rng.choice(state.legal_actions()))
            steps += 1
    return steps


LOOPS: dict[str, Loop] = {
    "engine": engine,
    "engine + view": engine_view,
    "pettingzoo": pettingzoo,
    "gymnasium": gymnasium,
    "openspiel": openspiel,
}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="decisions per second through each adapter")
    parser.add_argument("--games", type=int, default=20, help="games per loop (default 20)")
    parser.add_argument("--players", default="2,4", help="player counts (default 2,4)")
    parser.add_argument("--turn-cap", type=int, default=60, help="turn cap (default 60)")
    parser.add_argument("--rounds", type=int, default=3, help="rounds; each keeps its best")
    parser.add_argument("--seed", type=int, default=0, help="seed, >= 0 (default 0)")
    args = parser.parse_args(argv)
    counts = [int(p) for p in str(args.players).split(",")]
    best: dict[tuple[str, int, str], tuple[int, float]] = {}
    for _ in range(max(1, args.rounds)):
        for name in bodoge.games():
            for players in counts:
                for label, loop in LOOPS.items():
                    start = time.perf_counter()
                    steps = loop(name, players, args.games, args.turn_cap, args.seed)
                    seconds = time.perf_counter() - start
                    key = (name, players, label)
                    if key not in best or seconds < best[key][1]:
                        best[key] = (steps, seconds)
    console = Console(highlight=False)
    if not console.is_terminal:
        console.width = max(console.width, 100)
    out = Table(box=box.SIMPLE, title=f"decisions per second, {args.games} games, random play")
    for column in ("game", "players", "interface", "decisions", "decisions/s", "overhead"):
        out.add_column(column, justify="left" if column in ("game", "interface") else "right")
    for name in bodoge.games():
        for players in counts:
            steps0, seconds0 = best[(name, players, "engine")]
            per0 = seconds0 / steps0
            for label in LOOPS:
                steps, seconds = best[(name, players, label)]
                overhead = (seconds / steps - per0) / per0
                out.add_row(
                    name,
                    str(players),
                    label,
                    str(steps),
                    f"{steps / seconds:,.0f}",
                    "—" if label == "engine" else f"{overhead:+.1f}×",
                )
    console.print(out)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
