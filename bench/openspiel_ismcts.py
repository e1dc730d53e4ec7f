"""A strength anchor no one here wrote: our ``normal`` bot against OpenSpiel's own ISMCTS bot
(``open_spiel.python.algorithms.ismcts``, random-rollout evaluator, UCT c = 2) on the OpenSpiel
games of ``bodoge.adapters.openspiel``, two players, at the same time per decision.

Both bots search only decisions with a choice. ``normal`` has its level's budget (up to 1000
iterations, at most ``--seconds`` a decision). OpenSpiel's bot has no clock, only a number of
simulations, and a simulation's cost varies through a game (its random rollouts run to the end):
before each of its decisions its number of simulations is set to what fits in ``--seconds`` at the
rate of its previous decisions in that game (a warm-up game gives the first rate). The seconds
both actually spent a searched decision are printed beside the result. (``normal`` follows its
plan for the items of an action it has begun; OpenSpiel's bot searches those too.) Each deal is
played twice, the bots swapping seats; a shared win (a tie) counts half; the interval is
Wilson's 95%.

Run: ``.venv/bin/python bench/openspiel_ismcts.py [--games ruler-of-mana,extreme-mission]
[--deals 5] [--seconds 1.0] [--seed 0]``
"""

from __future__ import annotations

import argparse
import random
import time
from typing import Any

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

import bodoge.adapters.openspiel
from bodoge.adapters.space import ActionSpace
from bodoge.agents import Budget, Decision, ISMCTSAgent, derive_seed
from bodoge.agents.levels import LEVELS, NORMAL
from bodoge.arena.stats import wilson_interval

GAMES = ("ruler-of-mana", "extreme-mission")


def spiel_bot(game: pyspiel.Game, simulations: int, seed: int) -> ismcts.ISMCTSBot:
    rng = np.random.RandomState(seed % 2**32)
    bot = ismcts.ISMCTSBot(
        game, mcts.RandomRolloutEvaluator(1, rng), 2.0, simulations, random_state=rng
    )
    bot.set_resampler(lambda state, player: state.resample_from_infostate(player, rng.uniform))
    return bot


def calibrate(game: pyspiel.Game, seconds: float, seed: int) -> int:
    """Simulations that fit in ``seconds`` a decision, from a few decisions of 20 simulations."""
    bot = spiel_bot(game, 20, seed)
    state = game.new_initial_state()
    state.apply_action(seed % bodoge.adapters.openspiel.SEEDS)
    spent, searched = 0.0, 0
    while not state.is_terminal() and searched < 6:
        start = time.perf_counter()
        action = bot.step(state)
        if len(state.legal_actions()) > 1:
            spent += time.perf_counter() - start
            searched += 1
        state.apply_action(action)
    return max(2, int(seconds / (spent / max(searched, 1) / 20)))


def play(
    name: str, seed: int, normal_seat: int, simulations: int, seconds: float
) -> dict[str, Any]:
    game = pyspiel.load_game(bodoge.adapters.openspiel.short_name(name), {"players": 2})
    state = game.new_initial_state()
    state.apply_action(seed % bodoge.adapters.openspiel.SEEDS)
    table = state.table
    space = ActionSpace(table.game)
    budget = Budget(iterations=NORMAL.iterations, seconds=seconds)
    rng = random.Random(derive_seed(seed, "normal"))
    ours = ISMCTSAgent(table.game, normal_seat, rng, budget, LEVELS["normal"].settings)
    theirs = spiel_bot(game, simulations, derive_seed(seed, "openspiel"))
    per_simulation = seconds / simulations
    spent = {"normal": [0.0, 0], "openspiel": [0.0, 0]}
    while not state.is_terminal():
        choice = len(state.legal_actions()) > 1
        start = time.perf_counter()
        if state.current_player() == normal_seat:
            who = "normal"
            action = space.id(ours.act(Decision.of(state.table)))
        else:
            who = "openspiel"
            # The bot's only budget is its count of simulations: set it from the last rate.
            theirs._max_simulations = max(2, round(seconds / per_simulation))  # 1 never visits
            action = theirs.step(state)
        elapsed = time.perf_counter() - start
        if choice:
            spent[who][0] += elapsed
            spent[who][1] += 1
            if who == "openspiel":
                per_simulation = 0.5 * per_simulation + 0.5 * elapsed / theirs._max_simulations
        state.apply_action(action)
    returns = state.returns()
    return {"share": (returns[normal_seat] + 1) / 2, "spent": spent}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", default=",".join(GAMES))
    parser.add_argument("--deals", type=int, default=5)
    parser.add_argument("--seconds", type=float, default=NORMAL.seconds)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    for name in args.games.split(","):
        game = pyspiel.load_game(bodoge.adapters.openspiel.short_name(name), {"players": 2})
        simulations = calibrate(game, args.seconds, args.seed)
        wins, n = 0.0, 0
        spent = {"normal": [0.0, 0], "openspiel": [0.0, 0]}
        for deal in range(args.deals):
            seed = derive_seed(args.seed, name, deal)
            for seat in (0, 1):
                out = play(name, seed, seat, simulations, args.seconds)
                wins += out["share"]
                n += 1
                for who, (s, k) in out["spent"].items():
                    spent[who][0] += s
                    spent[who][1] += k
                print(f"  {name} deal {deal} normal at seat {seat}: {out['share']}", flush=True)
        low, high = wilson_interval(wins, n)
        per = {who: s / max(k, 1) for who, (s, k) in spent.items()}
        print(
            f"{name}: normal won {wins:g}/{n} = {wins / n:.1%} (Wilson 95% {low:.1%}–{high:.1%})"
            f" against OpenSpiel ISMCTS (first {simulations} simulations a decision);"
            f" seconds a searched decision: normal {per['normal']:.2f},"
            f" OpenSpiel {per['openspiel']:.2f}",
            flush=True,
        )


if __name__ == "__main__":
    main()
