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
completes one costs a few searches more. ``hard`` keeps the plan's items everywhere. A question
asked whatever the seat holds (a reaction window, an exchange's offer) is searched for at most
:data:`OPEN_SEARCH` seconds, so that its answer can come at a time the hand does not change,
:func:`answer_delay` after it was asked: in a server's rooms (:mod:`bodoge.server.bots`) and on a
terminal (:mod:`bodoge.play.terminal`, with :func:`brief_budget`).

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

from bodoge.agents.base import Agent, AgentFactory, derive_seed
from bodoge.agents.heuristic import NoisyAgent, game_heuristic, has_heuristic
from bodoge.agents.ismcts import Budget, ISMCTSAgent, Settings
from bodoge.agents.random_agent import RandomAgent

if TYPE_CHECKING:
    from bodoge.core.game import Game

__all__ = [
    "ANSWER_DELAY",
    "HARD",
    "LEVELS",
    "NORMAL",
    "OPEN_SEARCH",
    "Level",
    "answer_delay",
    "brief_budget",
    "level_factory",
]

NORMAL = Budget(iterations=1000, seconds=1.0)
"""The ``normal`` level's search budget per decision: never over a second. At the rates
``bench/ismcts.py`` measures (``docs/strength.md``) the iterations end most two-player searches,
in about 0.4 s, and a seeded game replays exactly; the second ends the slowest positions and
most four-player Ruler of Mana searches, which then depend on the machine."""

HARD = Budget(iterations=4000, seconds=4.0)
"""The ``hard`` level's search budget per decision: four times ``normal``'s, under 4 s."""


ANSWER_DELAY = (0.4, 0.8)
"""Seconds: when a bot answers a question asked whatever it holds, drawn evenly from this range
(a reaction window of three bots keeps a person waiting 1.8 s on average). The bot answers at
that time whether or not its search has come (then, in a room, with the game's plan:
:mod:`bodoge.server.bots`)."""

OPEN_SEARCH = 0.2
"""Seconds: the longest search for a question asked whatever the seat holds, which leaves the
shortest delay 0.2 s to send the view, build the game (a worker's first decision of it: 0.12 s)
and sample it. In 102 reaction positions of random Ruler of Mana games (``normal`` at two and
three players, ``hard`` at two), such a search took the step of the level's full budget in 89,
the full budget with another seed in 95, the game's plan alone in 73 (2026-12-06, a 2-core
machine at load 1–4). A search not come by the answer's delay is not waited for: on a machine
so loaded that the search comes late, the plan's step is played."""


def answer_delay(seed: int) -> float:
    """When a bot answers a question asked whatever it holds, in seconds after it was asked:
    drawn from :data:`ANSWER_DELAY` by a generator of its own, from the decision's ``seed`` (a
    room's or a terminal game's seed and the step's place in the history), so that drawing it
    changes no step: not the game's generator, nor the bot's.

    >>> ANSWER_DELAY[0] <= answer_delay(5) <= ANSWER_DELAY[1], answer_delay(5) == answer_delay(5)
    (True, True)
    """
    return random.Random(derive_seed(seed, "answer")).uniform(*ANSWER_DELAY)


def brief_budget(budget: Budget) -> Budget:
    """``budget`` cut to :data:`OPEN_SEARCH` seconds for a question asked whatever the seat holds,
    on a terminal: its iterations cut in the same proportion (``normal``, ``hard``: 200), so that
    the search ends by iterations, well inside the answer's delay, and a seeded game replays
    exactly; the seconds stay a ceiling for slow machines, as in every level. (A room searches
    with the level's iterations until its seconds end: its history keeps the step played.)

    >>> brief_budget(NORMAL), brief_budget(HARD) == brief_budget(NORMAL)
    (Budget(iterations=200, seconds=0.2), True)
    """
    seconds = budget.seconds or OPEN_SEARCH
    iterations = budget.iterations
    if iterations is not None:
        iterations = max(1, round(iterations * min(1.0, OPEN_SEARCH / seconds)))
    return Budget(iterations, min(seconds, OPEN_SEARCH))


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
