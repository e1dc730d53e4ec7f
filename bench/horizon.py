"""What ISMCTS's horizon is worth: ``normal``'s budget at another horizon against the heuristic.

A short horizon makes an iteration several times cheaper (``docs/strength.md``: horizon 1 runs
at about three times the iterations a second of the shipped horizons), so it is the obvious way
to the rates issue 12 asks for; this tool measures what it costs in strength. It plays the
arena's tournament (every seating of one searching seat and the heuristic in the others, on the
arena's seeded deals) with the search at ``--horizon`` own turns (the game's own
``SEARCH_HORIZON`` when omitted), ``--trust`` standard errors to leave the plan's step
(``Settings``'s own when omitted) and ``--iterations``/``--seconds`` a decision (``normal``'s
budget by default), and prints the search's share of the wins with its Wilson 95% interval.

The agent is registered in each worker process (the arena's spawned workers know only the
agents registered on import), so the games are split over ``--workers`` processes here.

Run: ``.venv/bin/python bench/horizon.py [--game ruler-of-mana] [--players 2] [--games 150]
[--horizon 1] [--trust 1.5] [--iterations 1000] [--seconds 1.0] [--seed 1] [--workers 2]``
"""

from __future__ import annotations

import argparse
import multiprocessing
import sys
from dataclasses import dataclass
from typing import Any

from bodoge.agents import register_agent
from bodoge.agents.ismcts import Budget, Settings, ismcts_factory
from bodoge.agents.levels import NORMAL
from bodoge.arena.stats import summarize
from bodoge.arena.tournament import MatchRecord, Tournament, plan, play_job

AGENT = "horizon-trial"


@dataclass(frozen=True)
class Trial:
    """One trial's settings: the tournament and the searching agent's budget and horizon."""

    game: str
    players: int
    games: int
    seed: int
    horizon: float | None
    iterations: int | None
    seconds: float | None
    trust: float = Settings().trust

    def register(self) -> None:
        budget = Budget(iterations=self.iterations, seconds=self.seconds)
        settings = Settings(horizon=self.horizon, trust=self.trust)
        register_agent(AGENT, ismcts_factory(budget, settings))

    def tournament(self) -> Tournament:
        bots = [AGENT] + ["heuristic"] * (self.players - 1)
        return plan(self.game, bots, players=self.players, games=self.games, seed=self.seed)


def _play_share(job: tuple[Trial, int, int]) -> list[dict[str, Any]]:
    """The games ``part``, ``part + parts``, … of the trial's tournament, as record dicts (the
    running tally on stderr: a trial takes the better part of an hour)."""
    trial, part, parts = job
    trial.register()
    jobs = trial.tournament().jobs()[part::parts]
    found: list[dict[str, Any]] = []
    won = 0.0
    for job_ in jobs:
        record = play_job(job_)
        found.append(record.to_dict())
        won += sum(1 / len(record.winners) for s in record.winners if record.seats[s] == AGENT)
        print(
            f"part {part}: {len(found)}/{len(jobs)} games, the search won {won:g}", file=sys.stderr
        )
    return found


def run(trial: Trial, workers: int) -> list[MatchRecord]:
    """Every game of the trial, in the tournament's order."""
    shares = [(trial, part, workers) for part in range(workers)]
    if workers == 1:
        found = [_play_share(shares[0])]
    else:
        with multiprocessing.get_context("spawn").Pool(workers) as pool:
            found = pool.map(_play_share, shares)
    records = [MatchRecord.from_dict(d) for share in found for d in share]
    return sorted(records, key=lambda r: r.index)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="ruler-of-mana")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--games", type=int, default=150)
    parser.add_argument(
        "--horizon", type=float, default=None, help="own turns; 1.5: to the next one's start"
    )
    parser.add_argument("--iterations", type=int, default=NORMAL.iterations)
    parser.add_argument("--seconds", type=float, default=NORMAL.seconds)
    parser.add_argument(
        "--trust", type=float, default=Settings().trust, help="standard errors to leave the plan"
    )
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args(argv)
    trial = Trial(
        args.game,
        args.players,
        args.games,
        args.seed,
        args.horizon,
        args.iterations,
        args.seconds,
        args.trust,
    )
    trial.register()
    tournament = trial.tournament()
    records = run(trial, max(1, args.workers))
    stats = summarize(records, tournament.labels, tournament.bots)
    horizon = "the game's" if trial.horizon is None else f"{trial.horizon:g}"
    for bot in stats.bots:
        print(
            f"{trial.game}, {trial.players} players, horizon {horizon}, trust {trial.trust:g}: "
            f"{bot.label} won "
            f"{bot.wins:g}/{bot.plays} = {bot.win_rate:.1%} "
            f"(Wilson 95%: {bot.ci_low:.1%}-{bot.ci_high:.1%}), mean rank {bot.mean_rank:.2f}"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
