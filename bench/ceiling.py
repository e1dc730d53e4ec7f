"""How much the search could win if it saw what it may not: a ceiling for its goals, never a bot.

The search (``normal``'s iterations, no time limit, so a game replays exactly) plays the
heuristic on the arena's seeded deals and seatings, as ``bench/horizon.py`` does, but each of its
samples is dealt from the real state instead of from its view:

- ``--sees view``: from its view, as the shipped bot (the yardstick the others are read against);
- ``--sees hands`` (Extreme Mission): the other seats' real hands; the deck and the discard piles
  below their tops dealt anew, and a generator of the sample's own;
- ``--sees all``: the real state, the deck's order and the generator of its future shuffles too.

If even the search that sees everything wins only so often, the luck of the draw caps what any
honest search can win against this opponent; if it wins no more seeing the hands, inferring them
better would gain nothing. Only this file ever gives a search the real state: it reads
``state`` where a bot reads a ``Decision``, which is why it lives in ``bench/`` and registers
no agent.

``--json FILE`` keeps each game's share; ``--paired FILE`` compares this run with such a file of
another run on the same deals: the mean difference of the search's share, with its standard
error, which tells two runs apart in fewer games than their two intervals.

Run: ``.venv/bin/python bench/ceiling.py [--game extreme-mission] [--players 2] [--games 300]
[--sees all] [--iterations 1000] [--seed 1] [--workers 2] [--json FILE] [--paired FILE]``
"""

from __future__ import annotations

import argparse
import copy
import json
import random
import sys
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

import bodoge
from bodoge.agents import Budget, Decision, ISMCTSAgent, make_agent
from bodoge.agents.levels import NORMAL
from bodoge.arena.stats import paired_difference, wilson_interval, win_share
from bodoge.arena.tournament import GameJob, plan
from bodoge.core.shuffle import shuffle
from bodoge.core.state import State
from bodoge.games.extreme_mission.state import EMState

SEES = ("view", "hands", "all")
SEARCH = "normal"  # the entrant whose seat searches; the others are the heuristic


def hands_known(truth: State, rng: random.Random) -> State:
    """``truth`` with what nobody holds dealt anew: the deck and every discard pile below its top
    (Extreme Mission), and a generator of its own, so its shuffles are not the real ones."""
    assert isinstance(truth, EMState)
    new = truth.copy_with(random.Random(rng.getrandbits(63)))
    unseen = list(new.deck)
    for pile in new.discards:
        unseen.extend(pile[:-1])
    shuffle(unseen, rng)
    for seat, pile in enumerate(new.discards):
        below = len(pile) - 1
        if below > 0:
            new.discards[seat] = [*unseen[:below], pile[-1]]
            del unseen[:below]
    new.deck = unseen
    return new


def dealer(truth: State, sees: str) -> Callable[[random.Random], State]:
    """What each of the search's samples is dealt from, seeing ``sees`` of ``truth``."""
    if sees == "all":
        return lambda rng: truth.clone()
    return lambda rng: hands_known(truth, rng)


class Seer:
    """The search, on a private copy of the game whose sampler deals from the real state."""

    def __init__(self, agent: ISMCTSAgent, sees: str) -> None:
        self.agent = agent
        self.sees = sees

    def act(self, decision: Decision, truth: State) -> Any:
        if self.sees == "view":
            return self.agent.act(decision)
        game: Any = self.agent.game
        game.sampler = lambda view: dealer(truth, self.sees)
        try:
            return self.agent.act(decision)
        finally:
            del game.sampler


def play(job: GameJob, sees: str, iterations: int) -> float:
    """One game of the tournament; the searching seat's share of the win."""
    game = bodoge.make(job.game, players=job.players, variant=job.variant, turn_cap=job.turn_cap)
    state = game.new_state(job.seed)
    agents: list[Any] = []
    for seat, (name, agent_seed) in enumerate(zip(job.agents, job.agent_seeds, strict=True)):
        rng = random.Random(agent_seed)
        if name == SEARCH:
            budget = Budget(iterations=iterations)
            agents.append(Seer(ISMCTSAgent(copy.copy(game), seat, rng, budget), sees))
        else:
            agents.append(make_agent(name, game, seat, rng))
    while (mover := state.current_player) is not None:
        decision = Decision.of(state)
        agent = agents[mover]
        state.apply(agent.act(decision, state) if isinstance(agent, Seer) else agent.act(decision))
    return win_share(state.result().winners, job.agents.index(SEARCH))


def _play(args: tuple[GameJob, str, int]) -> float:
    return play(*args)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="extreme-mission")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--sees", choices=SEES, default="all")
    parser.add_argument("--iterations", type=int, default=NORMAL.iterations)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--json", type=Path, default=None, help="write each game's share here")
    parser.add_argument("--paired", type=Path, default=None, help="another run's --json file")
    args = parser.parse_args(argv)
    if args.sees == "hands" and args.game != "extreme-mission":
        parser.error("--sees hands knows Extreme Mission's deck and piles only")
    deals = {"game": args.game, "players": args.players, "seed": args.seed, "games": args.games}
    other = None
    if args.paired is not None:
        other = json.loads(args.paired.read_text(encoding="utf-8"))
        if {k: other.get(k) for k in deals} != deals:
            parser.error(
                f"{args.paired} was not played on these deals: {other.get('game')}, "
                f"{other.get('players')} players, seed {other.get('seed')}, "
                f"{other.get('games')} games"
            )
    bots = [SEARCH] + ["heuristic"] * (args.players - 1)
    jobs = plan(args.game, bots, players=args.players, games=args.games, seed=args.seed).jobs()
    tasks = [(job, args.sees, args.iterations) for job in jobs]
    shares: list[float] = []
    with ProcessPoolExecutor(max(1, args.workers)) as pool:
        for share in pool.map(_play, tasks):
            shares.append(share)
            tally = f"{len(shares)}/{len(tasks)} games, the search won {sum(shares):g}"
            print(tally, file=sys.stderr)
    won = sum(shares)
    low, high = wilson_interval(won, len(shares))
    print(
        f"{args.game}, {args.players} players, the search seeing {args.sees}, "
        f"{args.iterations} iterations: won {won:g}/{len(shares)} = {won / len(shares):.1%} "
        f"(Wilson 95%: {low:.1%}-{high:.1%})"
    )
    if other is not None:
        mean, error, differ = paired_difference(shares, other["shares"])
        print(
            f"paired with the search seeing {other['sees']}, {other['iterations']} iterations "
            f"({other['won']:g} won) on the same deals: {100 * mean:+.1f} ± {100 * error:.1f} "
            f"points, {differ} of {len(shares)} games ended differently"
        )
    if args.json is not None:
        run = {**deals, "sees": args.sees, "iterations": args.iterations, "won": won}
        args.json.write_text(json.dumps({**run, "shares": shares}))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
