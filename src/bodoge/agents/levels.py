"""Levels for people: ``easy``, ``normal`` and ``hard``, each an agent with a budget.

- ``easy``: the game's heuristic with noise — a random legal step a third of the time — or the
  random agent for a game with no heuristic;
- ``normal``: ISMCTS with :data:`NORMAL` (under a second a decision);
- ``hard``: ISMCTS with a budget four times larger, :data:`HARD`, looking as far ahead as the
  game's ``SEARCH_DEEP_HORIZON`` where it names one (``Settings.deep``): in both games four
  times the iterations at ``normal``'s horizon made the search no stronger, and one turn more
  of look-ahead with them did (``docs/strength.md``).

Only decisions with a choice are searched. The items of a compound action the bot has begun
follow the game's plan at once, so a turn costs a person a couple of searches' wait — except at
``normal`` in a game that asks for its items searched (``SEARCH_ITEMS_BY_POLICY``, Extreme
Mission): there each card and wild paying for a mission is a search of its own, and a turn that
completes one costs a few searches more. ``hard`` keeps the plan's items everywhere. In a
server's rooms a question asked whatever the seat holds (a reaction window) is searched for at
most 0.2 s, so that its answer can come at a time the hand does not change
(:mod:`bodoge.server.bots`).

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

NORMAL = Budget(iterations=1000, seconds=1.0)
"""The ``normal`` level's search budget per decision: never over a second. At the rates
``bench/ismcts.py`` measures (``docs/strength.md``) the iterations end most two-player searches,
in about 0.4 s, and a seeded game replays exactly; the second ends the slowest positions and
most four-player Ruler of Mana searches, which then depend on the machine."""

HARD = Budget(iterations=4000, seconds=4.0)
"""The ``hard`` level's search budget per decision: four times ``normal``'s, under 4 s."""


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
    # hard adds a begun action's items as the plan does, in every game: in Extreme Mission,
    # whose normal searches them, hard searching them won no more at two players or four
    # (docs/strength.md, sessions 23 and 24), and each would cost a person another search of
    # hard's budget.
    "hard": Level("hard", budget=HARD, settings=Settings(deep=True, items_by_policy=True)),
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
