"""The ``heuristic`` seat spec, and the noisy agent behind the ``easy`` level.

``heuristic`` is one name for every game: it builds the game's own ``HeuristicAgent`` (from the
game's ``heuristic`` module, :mod:`bodoge.agents.knowledge`), so that each game documents its own
plan and ``--seats heuristic`` means the right thing everywhere.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from bodoge.agents.base import Agent, Decision
from bodoge.agents.knowledge import knowledge
from bodoge.core.action import Action
from bodoge.core.errors import SetupError

if TYPE_CHECKING:
    from bodoge.core.game import Game

__all__ = ["NoisyAgent", "game_heuristic", "has_heuristic"]


def has_heuristic(game: Game) -> bool:
    """Whether ``game`` has a heuristic agent."""
    return knowledge(game).agent is not None


def game_heuristic(game: Game, seat: int, rng: random.Random) -> Agent:
    """``game``'s heuristic agent for ``seat`` (SetupError when the game has none)."""
    factory = knowledge(game).agent
    if factory is None:
        raise SetupError("setup.no_heuristic", game=game.name)
    return factory(game, seat, rng)


class NoisyAgent:
    """Follows ``base``, except that with probability ``noise`` it takes a uniformly random legal
    step instead: a weaker, less predictable player (the ``easy`` level).

    >>> import bodoge
    >>> from bodoge.agents.random_agent import RandomAgent
    >>> game = bodoge.make("extreme-mission", players=2)
    >>> state = game.new_state(seed=1)
    >>> agent = NoisyAgent(RandomAgent(game, 0, random.Random(1)), 0.5, random.Random(2))
    >>> agent.act(Decision.of(state)) in state.legal_actions()
    True
    """

    def __init__(self, base: Agent, noise: float, rng: random.Random) -> None:
        if not 0.0 <= noise <= 1.0:
            raise ValueError(f"noise must be between 0 and 1, not {noise}")
        self.base = base
        self.noise = noise
        self.rng = rng

    def act(self, decision: Decision) -> Action:
        legal = decision.legal
        if len(legal) > 1 and self.rng.random() < self.noise:
            return legal[self.rng.randrange(len(legal))]
        return self.base.act(decision)
