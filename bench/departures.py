"""Where ISMCTS departs from the game's plan, and what each departure is worth.

The ``normal`` search keeps the plan's step (the heuristic agent's) unless it finds a better one
(``Settings.trust``), so its strength against the heuristic is the sum of what its departures
gain. A tournament measures that sum through win rates, whose noise needs hundreds of games to
settle; this tool measures each departure directly, which tells a change to the search that
helps from one that does not in a few dozen games, and shows *which* departures pay.

It plays seeded two-player games of ISMCTS (an iteration budget, so the games replay exactly)
against the heuristic, seats swapped on each deal. At each decision where the search's step is
not the plan's, both steps are valued by ``--playouts`` paired playouts: the same
determinization from the searching seat's view (``State.determinize``: what the seat cannot see
dealt anew), the step, then the heuristic in every seat to the end of the game. The *gain* is the
mean difference of the searching seat's result (a win 1, a shared win its share), with its
standard error. Departures are grouped by the two steps' kinds and by the half of the game.

A playout values a step as if both seats played the plan afterwards, with unseen cards dealt
uniformly (a real opponent's hand is better than a random one): a yardstick of the search's
choices, not a substitute for ``bodoge arena``.

Run: ``.venv/bin/python bench/departures.py [--game extreme-mission] [--deals 10]
[--iterations 600] [--playouts 150] [--seed 100] [--workers 2] [--json FILE]``
"""

from __future__ import annotations

import argparse
import json
import random
from collections import defaultdict
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import asdict, dataclass
from pathlib import Path

from rich import box
from rich.console import Console
from rich.table import Table

import bodoge
from bodoge.agents import Budget, Decision, ISMCTSAgent, derive_seed, make_agent
from bodoge.agents.ismcts import rewards
from bodoge.arena.simulate import count_turns
from bodoge.arena.stats import paired_difference
from bodoge.arena.tournament import play_out
from bodoge.core.action import Action
from bodoge.core.state import State


@dataclass(frozen=True)
class Departure:
    """One decision where the search left the plan, valued by paired playouts."""

    deal: int
    seat: int
    turn: int  # the game's turn when the decision was taken
    turns: int  # the game's length in turns
    plan: str
    chosen: str
    plan_value: float
    gain: float
    error: float

    @property
    def kinds(self) -> str:
        return f"{self.plan.split()[0]} → {self.chosen.split()[0]}"

    @property
    def stage(self) -> str:
        return "first half" if 2 * self.turn < self.turns else "second half"


@dataclass(frozen=True)
class GameOutcome:
    deal: int
    seat: int
    score: float
    turns: int
    departures: tuple[Departure, ...]


def share(state: State, seat: int) -> float:
    """The seat's result of a finished game, as the search scores it: its share of the win."""
    return rewards(state, None, seat)[seat]


def playout_values(state: State, seat: int, step: Action, seeds: Sequence[int]) -> list[float]:
    """The seat's result after ``step`` in each determinization, the plan playing every seat."""
    game = state.game
    values = []
    for seed in seeds:
        sample = state.determinize(seat, seed)
        sample.apply(step)
        agents = [make_agent("heuristic", game, s, random.Random(s)) for s in range(game.players)]
        play_out(sample, agents)
        values.append(share(sample, seat))
    return values


def play(job: tuple[str, int, int, int, int, int]) -> GameOutcome:
    """One game of ISMCTS in ``seat`` against the heuristic, and its departures valued."""
    name, deal, seat, iterations, playouts, seed = job
    game = bodoge.make(name, players=2, turn_cap=200)
    state = game.new_state(derive_seed(seed, "deal", deal))
    search = ISMCTSAgent(
        game,
        seat,
        random.Random(derive_seed(seed, "search", deal, seat)),
        Budget(iterations=iterations),
    )
    plan = make_agent("heuristic", game, seat, random.Random(seat))
    other = make_agent("heuristic", game, 1 - seat, random.Random(1 - seat))
    found: list[tuple[State, int, Action, Action]] = []
    while (mover := state.current_player) is not None:
        decision = Decision.of(state)
        if mover != seat:
            state.apply(other.act(decision))
            continue
        step = search.act(decision)
        if search.last_iterations:  # a searched decision (not one step, not an item)
            planned = plan.act(decision)
            if planned != step:
                turn = count_turns(state, len(state.history))
                found.append((state.clone(), turn, planned, step))
        state.apply(step)
    turns = count_turns(state, len(state.history))
    departures = []
    for k, (before, turn, planned, step) in enumerate(found):
        seeds = [derive_seed(seed, "playout", deal, seat, k, i) for i in range(playouts)]
        base = playout_values(before, seat, planned, seeds)
        mine = playout_values(before, seat, step, seeds)
        gain, error, _ = paired_difference(mine, base)
        departures.append(
            Departure(
                deal,
                seat,
                turn,
                turns,
                planned.notation,
                step.notation,
                sum(base) / len(base),
                gain,
                error,
            )
        )
    return GameOutcome(deal, seat, share(state, seat), turns, tuple(departures))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="extreme-mission")
    parser.add_argument("--deals", type=int, default=10, help="deals, each played twice")
    parser.add_argument("--iterations", type=int, default=600, help="search iterations a decision")
    parser.add_argument("--playouts", type=int, default=150, help="playouts a step")
    parser.add_argument("--seed", type=int, default=100)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--json", type=Path, default=None, help="write every departure here")
    args = parser.parse_args(argv)
    jobs = [
        (args.game, deal, seat, args.iterations, args.playouts, args.seed)
        for deal in range(args.deals)
        for seat in (0, 1)
    ]
    console = Console()
    with console.status(f"{len(jobs)} games…"):
        if args.workers > 1:
            with ProcessPoolExecutor(args.workers) as pool:
                games = list(pool.map(play, jobs))
        else:
            games = [play(job) for job in jobs]
    departures = [d for g in games for d in g.departures]
    groups: dict[tuple[str, str], list[Departure]] = defaultdict(list)
    for d in departures:
        groups[(d.kinds, d.stage)].append(d)
    table = Table(
        title=f"ISMCTS departures from the plan: {args.game}, {len(games)} games",
        box=box.SIMPLE,
        caption="gain: the searching seat's win share after the "
        "search's step less after the plan's, by paired heuristic playouts; "
        "stage: the half of its game",
    )
    for column in ("plan → search", "stage", "departures", "gain, mean", "gain, sum"):
        table.add_column(column, justify="left" if column == "plan → search" else "right")
    for (kinds, stage), items in sorted(groups.items(), key=lambda kv: -len(kv[1])):
        gains = [d.gain for d in items]
        table.add_row(
            kinds, stage, str(len(items)), f"{sum(gains) / len(gains):+.3f}", f"{sum(gains):+.2f}"
        )
    console.print(table)
    total = sum(d.gain for d in departures)
    won = sum(g.score for g in games)
    console.print(
        f"search won {won:g}/{len(games)} games; {len(departures)} departures "
        f"({len(departures) / len(games):.1f} a game), gain {total / len(games):+.3f} a game"
    )
    if args.json is not None:
        data = {
            "settings": vars(args) | {"json": str(args.json)},
            "games": [asdict(g) for g in games],
        }
        args.json.write_text(json.dumps(data, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
