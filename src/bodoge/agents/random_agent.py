"""The simplest agent: a uniformly random legal step."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from bodoge.agents.base import Decision
from bodoge.core.action import Action

if TYPE_CHECKING:
    from bodoge.core.game import Game

__all__ = ["RandomAgent"]


class RandomAgent:
    """Picks a legal step uniformly at random with its own generator.

    >>> import bodoge
    >>> game = bodoge.make("extreme-mission", players=2)
    >>> state = game.new_state(seed=1)
    >>> RandomAgent(game, 0, random.Random(5)).act(Decision.of(state)) in state.legal_actions()
    True
    """

    needs_view = False  # it looks at the legal steps only: runners may skip the view

    def __init__(self, game: Game, seat: int, rng: random.Random) -> None:
        self.seat = seat
        self.rng = rng

    def act(self, decision: Decision) -> Action:
        legal = decision.legal
        return legal[self.rng.randrange(len(legal))]
