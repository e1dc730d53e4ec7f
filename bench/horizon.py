"""What ISMCTS's horizon is worth: ``normal``'s budget at another horizon against the heuristic.

A short horizon makes an iteration several times cheaper (``docs/strength.md``: horizon 1 runs
at about three times the iterations a second of the shipped horizons), so it is the obvious way
to the rates issue 12 asks for; this tool measures what it costs in strength. It plays the
arena's tournament (every seating of one searching seat and the heuristic in the others, on the
arena's seeded deals) with the search at ``--horizon`` own turns (the game's own
``SEARCH_HORIZON`` when omitted), ``--trust`` standard errors to leave the plan's step
(``Settings``'s own when omitted) and ``--iterations``/``--seconds`` a decision (``normal``'s
budget by default), and prints the search's share of the wins with its Wilson 95% interval.

``--endgame T`` tries a horizon that grows at the end of the game: ``--endgame-horizon`` own turns
(instead of the usual one) for a decision where some seat is within ``T`` of its own turns of
finishing, by the game's ``turns_to_finish(state, seat, model)`` and its ``OWN_TURNS`` and
``PUBLIC_TURNS`` models (its heuristic module; Extreme Mission has them), judged on one sample
of the deciding seat's view: the seat itself by its hand, the others by what it sees of them.

The agent is registered in each worker process (the arena's spawned workers know only the
agents registered on import), so the games are split over ``--workers`` processes here.

``--root common`` replaces the search's tree by the rollout algorithm on common samples (Tesauro
and Galperin's on-line policy improvement; Bertsekas's rollout): each sample of the deciding
seat's view is played on from *every* legal step to the horizon, by the same rollouts as the
search's (macro moves, the game's rollout policy, its evaluator), each from a copy of the same
sample, so all the steps meet the same draws until their play parts. The plan's step is left
for the step of highest mean only where their paired difference beats zero by ``--trust``
standard errors. ``--iterations`` is then the number of rollouts, shared equally by the steps.

``--items plan`` adds the items of an action the searching seat has begun (the cards paying for
a mission) as the game's plan does, unsearched; ``--items search`` searches each as a decision
of its own; by default each game's way (``SEARCH_ITEMS_BY_POLICY``: Extreme Mission searches
them since session 23, so ``--items plan`` plays its searches as they were before). The
``hard`` level keeps the plan's items in every game: with ``hard``'s budget and horizon,
``--items plan`` is ``hard`` exactly.

``--csv FILE`` writes one row per game, as ``bodoge arena --csv`` does. ``--paired FILE`` compares
the run game by game with another on the same deals (this tool's ``--csv``, or the arena's for a
shipped level, ``bodoge arena GAME --bots normal,heuristic --csv FILE`` with the same seed and
games): the mean difference of the searching seat's share and its standard error
(``arena.stats.paired_difference``). The luck both runs share cancels, so a difference shows in
far fewer games than the two intervals would need.

Run: ``.venv/bin/python bench/horizon.py [--game ruler-of-mana] [--players 2] [--games 150]
[--horizon 1] [--trust 1.5] [--iterations 1000] [--seconds 1.0] [--seed 1] [--workers 2]
[--endgame 4 --endgame-horizon 3] [--root common] [--items plan] [--csv FILE] [--paired FILE]``
"""

from __future__ import annotations

import argparse
import math
import multiprocessing
import random
import statistics
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import Any

import bodoge
from bodoge.agents import Decision, register_agent
from bodoge.agents.ismcts import (
    Budget,
    ISMCTSAgent,
    PausedCollector,
    Settings,
    _Walk,
    ismcts_factory,
    rewards,
)
from bodoge.agents.levels import NORMAL
from bodoge.arena.command import ArenaReport, write_csv
from bodoge.arena.stats import paired_difference, summarize, win_share
from bodoge.arena.tournament import GameJob, MatchRecord, Tournament, plan, play_job
from bodoge.core.action import Action
from bodoge.core.game import Game
from bodoge.core.hooks import game_module

try:
    from bench.paired import read_run
except ModuleNotFoundError:  # run as a script: bench/ itself is on sys.path, not the project
    from paired import read_run  # type: ignore[no-redef,import-not-found]

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
    endgame: float | None = None
    endgame_horizon: float = 3
    root: str = "tree"
    items: str = "game"

    def register(self) -> None:
        budget = Budget(iterations=self.iterations, seconds=self.seconds)
        by_plan = {"game": None, "plan": True, "search": False}[self.items]
        settings = Settings(horizon=self.horizon, trust=self.trust, items_by_policy=by_plan)
        if self.root == "common":

            def common(game: Game, seat: int, rng: random.Random) -> CommonSamples:
                return CommonSamples(ISMCTSAgent(game, seat, rng, budget, settings))

            register_agent(AGENT, common)
            return
        if self.endgame is None:
            register_agent(AGENT, ismcts_factory(budget, settings))
            return
        within, deeper = self.endgame, self.endgame_horizon

        def make(game: Game, seat: int, rng: random.Random) -> Endgame:
            return Endgame(ISMCTSAgent(game, seat, rng, budget, settings), within, deeper)

        register_agent(AGENT, make)

    def tournament(self) -> Tournament:
        bots = [AGENT] + ["heuristic"] * (self.players - 1)
        return plan(self.game, bots, players=self.players, games=self.games, seed=self.seed)


class Endgame:
    """The search at its horizon, or at ``deeper`` own turns for a decision where some seat is
    within ``within`` own turns of finishing (``--endgame``)."""

    def __init__(self, search: ISMCTSAgent, within: float, deeper: float) -> None:
        self.search = search
        self.within = within
        self.deeper = deeper
        self.usual = search.horizon
        self.plan = _turns_module(search.game)

    def act(self, decision: Decision) -> Action:
        search, plan = self.search, self.plan
        sample = search.game.sample_state(decision.view, search.rng.getrandbits(63))
        need = min(
            plan.turns_to_finish(
                sample, s, plan.OWN_TURNS if s == search.seat else plan.PUBLIC_TURNS
            )
            for s in range(sample.players)
        )
        search.horizon = self.deeper if need <= self.within else self.usual
        return search.act(decision)


class CommonSamples:
    """The rollout algorithm on common samples in place of the search's tree (``--root common``):
    the ``search`` agent's budget, horizon, rollouts, evaluator, plan and ``trust``."""

    def __init__(self, search: ISMCTSAgent) -> None:
        self.search = search

    def act(self, decision: Decision) -> Action:
        search = self.search
        legal = decision.legal
        if len(legal) == 1:
            return legal[0]
        if (item := search._policy_item(decision)) is not None:
            return item
        plan = search._plan_step(decision)
        means, spreads = self.rollouts(decision, legal.index(plan) if plan in legal else None)
        best = max(range(len(legal)), key=lambda i: (means[i], -i))
        if plan is None or legal[best] == plan:
            return legal[best]
        return legal[best] if spreads[best] > search.settings.trust else plan

    def rollouts(self, decision: Decision, plan: int | None) -> tuple[list[float], list[float]]:
        """Each step's mean reward, and its paired difference from the plan's step in standard
        errors (0 for the plan's own step, or where there is no plan)."""
        search = self.search
        budget, rng, seat = search.budget, search.rng, search.seat
        deadline = None if budget.seconds is None else time.perf_counter() + budget.seconds
        steps = len(decision.legal)
        samples = max(2, (budget.iterations or 10**9) // steps)
        sample = search.game.sampler(decision.view)
        found: list[list[float]] = [[] for _ in range(steps)]  # each step's reward, by sample
        with PausedCollector():
            while len(found[0]) < samples:
                if deadline is not None and len(found[0]) >= 2 and time.perf_counter() >= deadline:
                    break
                dealt = sample(rng)
                seed = rng.getrandbits(63)
                for i, step in enumerate(decision.legal):
                    walk = _Walk(dealt.clone(), search, random.Random(seed))
                    walk.move(step)
                    walk.roll_out()
                    found[i].append(rewards(walk.state, search.evaluate, seat)[seat])
        search.last_iterations = len(found[0]) * steps
        spreads = [0.0] * steps
        if plan is not None:
            for i, values in enumerate(found):
                mean, error, _ = paired_difference(values, found[plan])
                spreads[i] = mean / error if error else (math.inf if mean > 0 else 0.0)
        return [statistics.fmean(values) for values in found], spreads


def _turns_module(game: Game) -> ModuleType:
    """The game's heuristic module, if it estimates the turns each seat needs (``--endgame``)."""
    found = game_module(game, "heuristic")
    if found is None or not hasattr(found, "turns_to_finish"):
        raise SystemExit(f"{game.name} has no turns_to_finish for --endgame")
    return found


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
        won += win_share(record.winners, record.seats.index(AGENT))
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


def shares(records: Sequence[MatchRecord]) -> list[float]:
    """The searching seat's share of each game's win."""
    return [win_share(record.winners, record.seats.index(AGENT)) for record in records]


def paired_shares(path: Path, games: Sequence[GameJob | MatchRecord]) -> list[float]:
    """The share of the searching seat in each game of another run's CSV (``--csv`` here, or
    ``bodoge arena --csv``), on the deals and seatings of ``games`` (the trial's jobs, or its
    records). Read before the trial plays, so that a wrong file costs nothing. ValueError, in
    one line, when the file's games are not these."""
    run = read_run([path])
    found = []
    for game in games:
        share = run.get((game.seed, game.seating))
        if share is None:
            raise ValueError(
                f"{path} was not played on these deals (game {game.index}: seed {game.seed}, "
                f"seating {game.seating}); play it with the same game, players, seed and games"
            )
        found.append(share)
    return found


def main(argv: list[str] | None = None, kind: type[Trial] = Trial) -> int:
    """The trial the arguments ask for, as ``kind`` (a subclass that registers another search:
    ``docs/trials``) plays it."""
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
    parser.add_argument(
        "--endgame", type=float, default=None, help="own turns: a seat this near the end…"
    )
    parser.add_argument(
        "--endgame-horizon", type=float, default=3, help="…makes the search look this far"
    )
    parser.add_argument(
        "--root", choices=("tree", "common"), default="tree", help="common: rollouts, no tree"
    )
    parser.add_argument(
        "--items",
        choices=("game", "plan", "search"),
        default="game",
        help="a begun action's items: the game's way, the plan's, or searched",
    )
    parser.add_argument("--csv", type=Path, default=None, help="write one row per game here")
    parser.add_argument("--paired", type=Path, default=None, help="another run's CSV, same deals")
    args = parser.parse_args(argv)
    if args.endgame is not None:
        _turns_module(bodoge.make(args.game, players=args.players))
    trial = kind(
        args.game,
        args.players,
        args.games,
        args.seed,
        args.horizon,
        args.iterations,
        args.seconds,
        args.trust,
        args.endgame,
        args.endgame_horizon,
        args.root,
        args.items,
    )
    trial.register()
    tournament = trial.tournament()
    theirs = None
    if args.paired is not None:
        try:
            theirs = paired_shares(args.paired, tournament.jobs())
        except ValueError as error:
            parser.error(str(error))
    records = run(trial, max(1, args.workers))
    stats = summarize(records, tournament.labels, tournament.bots)
    horizon = "the game's" if trial.horizon is None else f"{trial.horizon:g}"
    if trial.endgame is not None:
        horizon += f", {trial.endgame_horizon:g} within {trial.endgame:g} turns of the end"
    for bot in stats.bots:
        print(
            f"{trial.game}, {trial.players} players, horizon {horizon}, trust {trial.trust:g}: "
            f"{bot.label} won "
            f"{bot.wins:g}/{bot.plays} = {bot.win_rate:.1%} "
            f"(Wilson 95%: {bot.ci_low:.1%}-{bot.ci_high:.1%}), mean rank {bot.mean_rank:.2f}"
        )
    if args.csv is not None:
        write_csv(ArenaReport(tournament, records, stats), args.csv)
    if theirs is not None:
        mean, spread, differ = paired_difference(shares(records), theirs)
        print(
            f"paired with {args.paired}: {100 * mean:+.1f} ± {100 * spread:.1f} points, "
            f"{differ} of {len(records)} games ended differently"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
