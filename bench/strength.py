"""Bot strength: win rates of one agent against another on Extreme Mission, with Wilson 95%
intervals. A measurement, not a test: run it with enough games to say something.

Each match plays ``--games`` seeded games; game ``i`` is dealt from ``derive_seed(seed, "deal",
i)`` and the two agents swap seats every game (the first agent sits at seat ``i % players``, the
others are the second agent), so neither profits from the seat order. A win shared by several
winners counts 1/len(winners) to each. Games run with a turn cap (``--turn-cap``, default 200
turns in all); a game that reaches it has no winner and counts as a loss for both sides — the
table says how many did. Games are spread over ``--workers`` processes.

Run: ``.venv/bin/python bench/strength.py [--match heuristic:random] [--match normal:heuristic]
[--games 400] [--players 2] [--workers 2] [--turn-cap 200] [--seed 0] [--json FILE]``
"""

from __future__ import annotations

import argparse
import json
import math
import random
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import asdict, dataclass
from pathlib import Path

from rich import box
from rich.console import Console
from rich.progress import Progress
from rich.table import Table

import bodoge
from bodoge.agents import Decision, derive_seed, make_agent

GAME = "extreme-mission"
DEFAULT_MATCHES = ("heuristic:random", "normal:heuristic")


def wilson(wins: float, games: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a win rate (95% for z = 1.96).

    >>> [round(x, 3) for x in wilson(60, 100)]
    [0.502, 0.691]
    """
    if games == 0:
        return (0.0, 1.0)
    p = wins / games
    denominator = 1 + z * z / games
    centre = (p + z * z / (2 * games)) / denominator
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / denominator
    return (max(0.0, centre - half), min(1.0, centre + half))


@dataclass(frozen=True)
class Outcome:
    """One game: the first agent's share of the win, whether the cap ended it, its turns."""

    share: float
    truncated: bool
    turns: int


def play_one(first: str, second: str, players: int, cap: int, seed: int, index: int) -> Outcome:
    game = bodoge.make(GAME, players=players, turn_cap=cap)
    state = game.new_state(derive_seed(seed, "deal", index))
    mine = index % players
    names = [first if s == mine else second for s in range(players)]
    agents = [
        make_agent(name, game, s, random.Random(derive_seed(seed, "agent", index, s)))
        for s, name in enumerate(names)
    ]
    while (seat := state.current_player) is not None:
        state.apply(agents[seat].act(Decision.of(state)))
    result = state.result()
    share = 1 / len(result.winners) if mine in result.winners else 0.0
    turns = state.view(None)["turn"]
    return Outcome(share=share, truncated=result.truncated, turns=int(turns))


@dataclass(frozen=True)
class Match:
    """A match's figures."""

    first: str
    second: str
    players: int
    games: int
    wins: float
    truncated: int
    mean_turns: float
    seconds: float

    @property
    def rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    def to_dict(self) -> dict[str, object]:
        low, high = wilson(self.wins, self.games)
        return {**asdict(self), "win_rate": self.rate, "wilson95": [low, high]}


def run_match(
    spec: str, games: int, players: int, cap: int, seed: int, workers: int, progress: Progress
) -> Match:
    first, _, second = spec.partition(":")
    task = progress.add_task(f"{first} vs {second}", total=games)
    start = time.perf_counter()
    outcomes: list[Outcome] = []
    with ProcessPoolExecutor(max_workers=workers) as pool:
        futures = [
            pool.submit(play_one, first, second, players, cap, seed, i) for i in range(games)
        ]
        for future in futures:
            outcomes.append(future.result())
            progress.advance(task)
    return Match(
        first=first,
        second=second,
        players=players,
        games=games,
        wins=sum(o.share for o in outcomes),
        truncated=sum(o.truncated for o in outcomes),
        mean_turns=sum(o.turns for o in outcomes) / games if games else 0.0,
        seconds=time.perf_counter() - start,
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--match", action="append", default=None,
                        help="first:second agent names (repeatable)")
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--turn-cap", type=int, default=200)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--json", type=Path, default=None, help="write the figures here")
    args = parser.parse_args(argv)
    console = Console()
    matches = []
    with Progress(console=console, transient=True) as progress:
        for spec in args.match or DEFAULT_MATCHES:
            matches.append(run_match(spec, args.games, args.players, args.turn_cap, args.seed,
                                     args.workers, progress))
    table = Table(
        title=f"{GAME}, {args.players} players, turn cap {args.turn_cap}, seed {args.seed}",
        box=box.SIMPLE,
    )
    for name in ("agent", "against", "games", "win rate", "Wilson 95%", "capped", "turns",
                 "seconds"):
        table.add_column(name, justify="left" if name in ("agent", "against") else "right")
    for m in matches:
        low, high = wilson(m.wins, m.games)
        table.add_row(m.first, m.second, str(m.games), f"{m.rate:.1%}",
                      f"{low:.1%} – {high:.1%}", str(m.truncated), f"{m.mean_turns:.1f}",
                      f"{m.seconds:.0f}")
    console.print(table)
    console.print("A shared win counts 1/len(winners); the agent sits at seat i % players in "
                  "game i; a capped game is nobody's win.")
    if args.json is not None:
        args.json.write_text(json.dumps([m.to_dict() for m in matches], indent=2) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
