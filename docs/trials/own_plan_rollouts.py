"""A trial of issue 12 (session 22, on the code of 259b9c4), kept so that its figure can be
measured again.

Extreme Mission's ``hard`` search, whose rollouts play the *searching* seat by the heuristic's
exact planner (``Planner(exact=True)``, the plan the real seat follows) and the other seats by
the shipped cheap one (``rollout_step``). Everything else is ``bench/horizon.py``'s: the
arena's deals, ``--csv``, ``--paired``. Run from the checkout, as ``bench/horizon.py`` is run:

    .venv/bin/python docs/trials/own_plan_rollouts.py --game extreme-mission --games 150 \\
        --horizon 3 --iterations 4000 --seconds 4 --seed 1 --workers 2 --csv own-plan-s1.csv

The result is in ``docs/strength.md`` (session 22). Type-checked with the project, and
``tests/test_trials.py`` plays two short games of it.
"""

from __future__ import annotations

import random
import sys
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
from bench import horizon
from bodoge.agents import register_agent
from bodoge.agents.ismcts import Budget, ISMCTSAgent, Settings
from bodoge.agents.knowledge import RolloutPolicy
from bodoge.core.action import Action
from bodoge.core.game import Game
from bodoge.core.state import State
from bodoge.games.extreme_mission import EMState
from bodoge.games.extreme_mission.heuristic import Planner, SeatFacts, _items, rollout_step


def own_plan(seat: int) -> RolloutPolicy:
    """``rollout_step``, with the exact planner for ``seat``."""

    def step(state: State, rng: random.Random) -> Action | str:
        assert isinstance(state, EMState)
        if state.player != seat:
            return rollout_step(state, rng)
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        planner = Planner(state.game, SeatFacts.of_state(state, seat), exact=True)
        if state.pending is not None:
            what, target = state.pending
            planned = planner.plan(what, target)
            return planner.choose(legal) if planned is None else _items(state, *planned[:2])
        chosen = planner.choose(legal)
        if chosen.kind not in ("complete", "activate"):
            return chosen
        planned = planner.plan(chosen.kind, chosen.args[0])
        if planned is None:
            return chosen
        return f"{chosen.notation} {_items(state, *planned[:2])}"

    return step


@dataclass(frozen=True)
class OwnPlanTrial(horizon.Trial):
    def register(self) -> None:
        budget = Budget(iterations=self.iterations, seconds=self.seconds)
        settings = Settings(horizon=self.horizon, trust=self.trust)

        def make(game: Game, seat: int, rng: random.Random) -> ISMCTSAgent:
            return ISMCTSAgent(game, seat, rng, budget, settings, rollout=own_plan(seat))

        register_agent(horizon.AGENT, make)


if __name__ == "__main__":
    raise SystemExit(horizon.main(kind=OwnPlanTrial))
