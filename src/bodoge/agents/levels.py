"""Levels for people: ``easy``, ``normal`` and ``hard``, each an agent with a budget.

- ``easy``: the game's heuristic with noise — a random legal step a third of the time — or the
  random agent for a game with no heuristic;
- ``normal``: ISMCTS with at most :data:`NORMAL` (a fraction of a second a step here, never more
  than one second);
- ``hard``: ISMCTS with a budget several times larger, :data:`HARD`.

Budgets in iterations keep a seeded game reproducible; the seconds are a ceiling for slow
machines (a move that hits it may differ from run to run).

>>> import bodoge, random
>>> agent = level_factory(LEVELS["easy"])(bodoge.make("extreme-mission", players=2), 0,
...                                       random.Random(1))
>>> type(agent).__name__, agent.noise
('NoisyAgent', 0.35)
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import TYPE_CHECKING

from bodoge.agents.base import Agent, AgentFactory
from bodoge.agents.heuristic import NoisyAgent, game_heuristic, has_heuristic
from bodoge.agents.ismcts import Budget, ISMCTSAgent, Settings
from bodoge.agents.random_agent import RandomAgent

if TYPE_CHECKING:
    from bodoge.core.game import Game

__all__ = ["HARD", "LEVELS", "NORMAL", "Level", "level_factory"]

NORMAL = Budget(iterations=150, seconds=1.0)
"""The ``normal`` level's search budget per step."""

HARD = Budget(iterations=600, seconds=4.0)
"""The ``hard`` level's search budget per step."""


@dataclass(frozen=True, slots=True)
class Level:
    """A level: ``noise`` (easy: a noisy heuristic) or a search ``budget`` (normal, hard)."""

    name: str
    noise: float | None = None
    budget: Budget | None = None
    settings: Settings | None = None


LEVELS: dict[str, Level] = {
    "easy": Level("easy", noise=0.35),
    "normal": Level("normal", budget=NORMAL),
    "hard": Level("hard", budget=HARD),
}
"""The levels by name, easiest first."""


def level_factory(level: Level) -> AgentFactory:
    """An agent factory for ``register_agent``: the agent of ``level``."""

    def make(game: Game, seat: int, rng: random.Random) -> Agent:
        if level.budget is not None:
            return ISMCTSAgent(game, seat, rng, level.budget, level.settings)
        base: Agent = (
            game_heuristic(game, seat, rng) if has_heuristic(game) else RandomAgent(game, seat, rng)
        )
        return NoisyAgent(base, level.noise or 0.0, rng)

    return make
