"""ISMCTS speed: search iterations per second on Extreme Mission, 2 and 4 players.

Positions are those of seeded heuristic games where the mover has a decision that the search
takes (more than one legal step, and not the next item of a compound action already begun). At
each, an ``ISMCTSAgent`` with the default settings (those of the ``normal`` and ``hard`` levels)
runs a fixed number of iterations from a fresh tree; the time of ``agent.act`` is summed with
``time.perf_counter`` (the determinization from the view, tree policy, macro moves, rollout and
evaluation are all in it). The table also says what that rate means for the levels: the seconds
a ``normal`` or ``hard`` decision takes on average.

Run: ``.venv/bin/python bench/ismcts.py [--players 2,4] [--positions 40] [--iterations 100]
[--seed 0] [--json FILE]``
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from dataclasses import asdict, dataclass
from pathlib import Path

from rich import box
from rich.console import Console
from rich.table import Table

import bodoge
from bodoge.agents import Budget, Decision, ISMCTSAgent, derive_seed, make_agent
from bodoge.agents.levels import HARD, NORMAL
from bodoge.core.state import State

GAME = "extreme-mission"


@dataclass(frozen=True)
class Row:
    """One player count's figures."""

    players: int
    positions: int
    iterations: int
    seconds: float

    @property
    def per_second(self) -> float:
        return self.iterations / self.seconds if self.seconds else 0.0

    def level_seconds(self, budget: Budget) -> float:
        """Mean seconds of one decision with ``budget``, at this rate (its ceiling applied)."""
        assert budget.iterations is not None
        seconds = budget.iterations / self.per_second if self.per_second else 0.0
        return min(seconds, budget.seconds) if budget.seconds is not None else seconds

    def to_dict(self) -> dict[str, object]:
        return {
            **asdict(self),
            "iterations_per_second": self.per_second,
            "normal_seconds": self.level_seconds(NORMAL),
            "hard_seconds": self.level_seconds(HARD),
        }


def positions(players: int, count: int, seed: int) -> list[State]:
    """``count`` positions with a choice, spread over seeded heuristic games."""
    game = bodoge.make(GAME, players=players, turn_cap=200)
    found: list[State] = []
    index = 0
    while len(found) < 4 * count:
        state = game.new_state(derive_seed(seed, "bench", players, index))
        agents = [make_agent("heuristic", game, s, random.Random(s)) for s in range(players)]
        while (mover := state.current_player) is not None:
            # Searched decisions only: one legal step, or the next item of a compound action
            # begun, are not searched (ismcts.py).
            if len(state.legal_actions()) > 1 and not state._in_action():
                found.append(state.clone())
            state.apply(agents[mover].act(Decision.of(state)))
        index += 1
    return random.Random(seed).sample(found, count)


def measure(players: int, count: int, iterations: int, seed: int) -> Row:
    states = positions(players, count, seed)
    game = states[0].game
    total = 0
    seconds = 0.0
    for k, state in enumerate(states):
        seat = state.current_player
        assert seat is not None
        agent = ISMCTSAgent(game, seat, random.Random(derive_seed(seed, "agent", k)),
                            Budget(iterations=iterations))
        decision = Decision.of(state)
        start = time.perf_counter()
        agent.act(decision)
        seconds += time.perf_counter() - start
        total += agent.last_iterations
    return Row(players=players, positions=count, iterations=total, seconds=seconds)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", default="2,4", help="player counts, comma-separated")
    parser.add_argument("--positions", type=int, default=40, help="positions per player count")
    parser.add_argument("--iterations", type=int, default=100, help="iterations per position")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--json", type=Path, default=None, help="write the figures here")
    args = parser.parse_args(argv)
    console = Console()
    rows = []
    for players in (int(p) for p in args.players.split(",")):
        with console.status(f"{GAME}, {players} players…"):
            rows.append(measure(players, args.positions, args.iterations, args.seed))
    table = Table(
        title=f"ISMCTS on {GAME} (Python {sys.version.split()[0]})",
        box=box.SIMPLE,
        caption=f"normal, hard: mean seconds of a decision at this rate ({NORMAL.iterations} "
        f"and {HARD.iterations} iterations)",
    )
    for name in ("players", "decisions", "iterations", "seconds", "it/s", "normal", "hard"):
        table.add_column(name, justify="right", no_wrap=True)
    for row in rows:
        table.add_row(
            str(row.players), str(row.positions), str(row.iterations), f"{row.seconds:.2f}",
            f"{row.per_second:,.0f}", f"{row.level_seconds(NORMAL):.2f}",
            f"{row.level_seconds(HARD):.2f}",
        )
    console.print(table)
    if args.json is not None:
        args.json.write_text(json.dumps([r.to_dict() for r in rows], indent=2) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
