"""ISMCTS speed: search iterations per second on both games, 2 and 4 players, as a ratio to a
baseline run in the same process on the same positions: the game's heuristic agent deciding.

Positions are those of seeded heuristic games where the mover has a decision that the search
takes (more than one legal step, and not the next item of a compound action already begun). At
each, an ``ISMCTSAgent`` with the default settings (those of the ``normal`` and ``hard`` levels)
runs a fixed number of iterations from a fresh tree; the time of ``agent.act`` is summed with
``time.perf_counter`` (the determinization from the view, tree policy, macro moves, rollout and
evaluation are all in it). The baseline is the heuristic agent's ``act`` on the same decisions,
so "heuristic decisions per iteration" says what one iteration costs in the game's own currency,
whatever the machine. It is timed before the searches, after a first pass over the positions: a
decision timed right after a search would measure what the search left behind (the memos it
filled, the memory it touched), not the machine. Each decision counts at its fastest of
:data:`BASELINE_PASSES` passes: the whole baseline takes well under a millisecond, and a single
pass of it moved the cost column by a third between runs. The
table also says what the rate means for the levels: the seconds a ``normal`` or ``hard``
decision takes on average (each level's ceiling of seconds applied). Where a game's ``hard``
looks further than ``normal`` (its ``SEARCH_DEEP_HORIZON``), the same searches are timed again
at that horizon for the ``hard`` column; the rate columns are always ``normal``'s horizon.

The rate is all the iterations over all their time, so the slow positions weigh most: a
position's own rate runs from under 1,000 to over 10,000 iterations a second in two-player
Extreme Mission (slowest with big hands and levels 3 and 4 still open, fastest in the endgame).
Twenty positions are too few to pin it: with the default seed they happen to be fast ones (about
5,000 against 2,300 for 40 or 80). The median and the slowest tenth of the positions' own rates
are printed beside it.

Run: ``.venv/bin/python bench/ismcts.py [--games extreme-mission,ruler-of-mana] [--players 2,4]
[--positions 40] [--iterations 100] [--seed 0] [--json FILE]``
"""

from __future__ import annotations

import argparse
import gc
import json
import math
import random
import sys
import time
from dataclasses import asdict, dataclass
from pathlib import Path

from rich import box
from rich.console import Console
from rich.table import Table

import bodoge
from bodoge import native
from bodoge.agents import Budget, Decision, ISMCTSAgent, derive_seed, make_agent
from bodoge.agents.ismcts import Settings
from bodoge.agents.knowledge import knowledge
from bodoge.agents.levels import HARD, NORMAL
from bodoge.core.state import State

GAMES = ("extreme-mission", "ruler-of-mana")

BASELINE_PASSES = 5
"""Timed passes of the heuristic over the positions; each decision counts at its fastest."""


@dataclass(frozen=True)
class Row:
    """One game and player count's figures."""

    game: str
    players: int
    positions: int
    iterations: int
    seconds: float
    heuristic_decisions: int
    heuristic_seconds: float
    rates: tuple[float, ...] = ()  # each position's iterations a second, slowest first
    deep_iterations: int = 0  # the same searches with ``Settings(deep=True)``, if it differs
    deep_seconds: float = 0.0

    @property
    def per_second(self) -> float:
        return self.iterations / self.seconds if self.seconds else 0.0

    @property
    def heuristic_per_second(self) -> float:
        return self.heuristic_decisions / self.heuristic_seconds if self.heuristic_seconds else 0.0

    def rate_at(self, fraction: float) -> float:
        """The positions' rate at ``fraction`` of the way from the slowest (0.5: the median)."""
        if not self.rates:
            return 0.0
        return self.rates[min(int(fraction * len(self.rates)), len(self.rates) - 1)]

    @property
    def cost(self) -> float:
        """One iteration's time in heuristic decisions (the baseline)."""
        return self.heuristic_per_second / self.per_second if self.per_second else 0.0

    def level_seconds(self, budget: Budget, deep: bool = False) -> float:
        """Mean seconds of one decision with ``budget``, at this rate (its ceiling applied);
        ``deep``: at the deep search's rate where the game has one (the ``hard`` level's)."""
        assert budget.iterations is not None
        rate = self.per_second
        if deep and self.deep_seconds:
            rate = self.deep_iterations / self.deep_seconds
        seconds = budget.iterations / rate if rate else 0.0
        return min(seconds, budget.seconds) if budget.seconds is not None else seconds

    def to_dict(self) -> dict[str, object]:
        return {
            **asdict(self),
            "iterations_per_second": self.per_second,
            "heuristic_decisions_per_second": self.heuristic_per_second,
            "heuristic_decisions_per_iteration": self.cost,
            "median_position_iterations_per_second": self.rate_at(0.5),
            "slowest_tenth_iterations_per_second": self.rate_at(0.1),
            "normal_seconds": self.level_seconds(NORMAL),
            "hard_seconds": self.level_seconds(HARD, deep=True),
        }


def positions(name: str, players: int, count: int, seed: int) -> list[State]:
    """``count`` positions with a choice, spread over seeded heuristic games (each a different
    one: repeating a decision would time the agents' caches)."""
    game = bodoge.make(name, players=players, turn_cap=200)
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


def measure(name: str, players: int, count: int, iterations: int, seed: int) -> Row:
    states = positions(name, players, count, seed)
    game = states[0].game
    decisions = [Decision.of(state) for state in states]
    fastest = [math.inf] * len(decisions)
    for timed in (False, *(True,) * BASELINE_PASSES):
        for k, decision in enumerate(decisions):
            baseline = make_agent("heuristic", game, decision.seat, random.Random(k))
            start = time.perf_counter()
            baseline.act(decision)
            if timed:
                fastest[k] = min(fastest[k], time.perf_counter() - start)
    heuristic_seconds = sum(fastest)
    total, seconds, rates = search(decisions, iterations, seed)
    know = knowledge(game)
    deep_iterations, deep_seconds = 0, 0.0  # only where ``hard``'s deep search looks further
    if know.deep_horizon not in (None, know.horizon):
        deep_iterations, deep_seconds, _ = search(decisions, iterations, seed, Settings(deep=True))
    return Row(
        game=name,
        players=players,
        positions=count,
        iterations=total,
        seconds=seconds,
        heuristic_decisions=count,
        heuristic_seconds=heuristic_seconds,
        rates=tuple(sorted(rates)),
        deep_iterations=deep_iterations,
        deep_seconds=deep_seconds,
    )


def search(
    decisions: list[Decision], iterations: int, seed: int, settings: Settings | None = None
) -> tuple[int, float, list[float]]:
    """Each decision searched from a fresh tree: the iterations, their seconds, and each
    position's own rate."""
    total = 0
    seconds = 0.0
    rates = []
    for k, decision in enumerate(decisions):
        agent = ISMCTSAgent(
            decision.game,
            decision.seat,
            random.Random(derive_seed(seed, "agent", k)),
            Budget(iterations=iterations),
            settings,
        )
        start = time.perf_counter()
        agent.act(decision)
        took = time.perf_counter() - start
        seconds += took
        total += agent.last_iterations
        rates.append(agent.last_iterations / took)
        # The search pauses the collector: what it left is collected here, between searches.
        del agent
        gc.collect()
    return total, seconds, rates


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", default=",".join(GAMES), help="games, comma-separated")
    parser.add_argument("--players", default="2,4", help="player counts, comma-separated")
    parser.add_argument("--positions", type=int, default=40, help="positions per player count")
    parser.add_argument("--iterations", type=int, default=100, help="iterations per position")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--json", type=Path, default=None, help="write the figures here")
    args = parser.parse_args(argv)
    console = Console()
    if not console.is_terminal:
        console.width = 120
    rows = []
    for name in args.games.split(","):
        for players in (int(p) for p in args.players.split(",")):
            with console.status(f"{name}, {players} players…"):
                rows.append(measure(name, players, args.positions, args.iterations, args.seed))
    table = Table(
        title=f"ISMCTS iterations (Python {sys.version.split()[0]})",
        box=box.SIMPLE,
        caption="it/s: all iterations over all their time; median, slow 10%: the positions' "
        "own rates; baseline: the heuristic agent's decisions on the same positions; cost: one "
        "iteration in heuristic decisions; normal, hard: mean seconds of a decision at this "
        f"rate ({NORMAL.iterations} and {HARD.iterations} iterations, ceilings applied; hard at "
        "the rate of its deeper search where the game looks further there)",
    )
    columns = ("game", "players", "decisions", "it/s", "median", "slow 10%", "baseline/s", "cost")
    for column in (*columns, "normal", "hard"):
        table.add_column(column, justify="left" if column == "game" else "right", no_wrap=True)
    for row in rows:
        table.add_row(
            row.game,
            str(row.players),
            str(row.positions),
            f"{row.per_second:,.0f}",
            f"{row.rate_at(0.5):,.0f}",
            f"{row.rate_at(0.1):,.0f}",
            f"{row.heuristic_per_second:,.0f}",
            f"{row.cost:.1f}",
            f"{row.level_seconds(NORMAL):.2f}",
            f"{row.level_seconds(HARD, deep=True):.2f}",
        )
    console.print(table)
    console.print(f"bodoge engines: {native.status()}", markup=False)
    if args.json is not None:
        args.json.write_text(json.dumps([r.to_dict() for r in rows], indent=2) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
