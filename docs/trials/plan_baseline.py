"""A trial of issue 12 (session 22, on the code of 259b9c4), kept so that its figure can be
measured again.

ISMCTS whose every reward is less the reward of the plan's step played on from the same sample
(a control variate: the luck of the draws that both meet cancels). The search is the shipped
``bodoge/agents/ismcts.py``, read as text and changed in the three places below, then run as
pure Python (the compiled engines are still used): each iteration clones its sample before the
tree walks it, and after the rollout plays the plan's root step on the clone to the same
horizon. Everything else is ``bench/horizon.py``'s. Run from the checkout:

    .venv/bin/python docs/trials/plan_baseline.py --game extreme-mission --games 150 \\
        --iterations 1000 --seconds 2 --seed 1 --workers 2 --csv baseline-s1.csv

(``normal``'s 1000 iterations; two seconds, since the pure-Python tree and the second rollout
cost more than the compiled search's one). The result is in ``docs/strength.md`` (session 22).
Type-checked with the project, and ``tests/test_trials.py`` plays two short games of it; it
fails loudly if ``ismcts.py`` no longer has the text it changes.
"""

from __future__ import annotations

import random
import sys
import types
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
from bench import horizon  # noqa: E402
from bodoge.agents import register_agent  # noqa: E402
from bodoge.agents.base import Agent  # noqa: E402
from bodoge.core.game import Game  # noqa: E402

CHANGES = [
    (
        "                self._descend(sample(rng), root, rng)\n",
        "                state = sample(rng)\n"
        "                base = state.clone() if plan is not None else None\n"
        "                self._descend(state, root, rng, base, plan)\n",
    ),
    (
        "    def _descend(self, state: State, root: Node, rng: random.Random) -> None:\n",
        "    def _descend(self, state, root, rng, base=None, plan=None) -> None:\n",
    ),
    (
        "        reward = rewards(state, self.evaluate, self.seat)\n",
        "        reward = rewards(state, self.evaluate, self.seat)\n"
        "        if base is not None:\n"
        "            other = _Walk(base, self, rng)\n"
        "            other.move(plan)\n"
        "            other.roll_out()\n"
        "            luck = rewards(base, self.evaluate, self.seat)\n"
        "            reward = [r - x for r, x in zip(reward, luck)]\n",
    ),
]


def _changed_search() -> types.ModuleType:
    text = (ROOT / "src" / "bodoge" / "agents" / "ismcts.py").read_text(encoding="utf-8")
    for old, new in CHANGES:
        if text.count(old) != 1:
            raise SystemExit(f"ismcts.py has changed; not found once: {old.strip()}")
        text = text.replace(old, new)
    module = types.ModuleType("ismcts_plan_baseline")
    sys.modules[module.__name__] = module  # dataclasses look their module up
    exec(compile(text, module.__name__, "exec"), module.__dict__)
    return module


@dataclass(frozen=True)
class BaselineTrial(horizon.Trial):
    def register(self) -> None:
        search = _changed_search()
        budget = search.Budget(iterations=self.iterations, seconds=self.seconds)
        settings = search.Settings(horizon=self.horizon, trust=self.trust)

        def make(game: Game, seat: int, rng: random.Random) -> Agent:
            agent: Agent = search.ISMCTSAgent(game, seat, rng, budget, settings)
            return agent

        register_agent(horizon.AGENT, make)


if __name__ == "__main__":
    raise SystemExit(horizon.main(kind=BaselineTrial))
