"""What a game may teach the bots, found by convention so that ``bodoge.agents`` names no game.

A game package may have a module ``heuristic`` (``bodoge/games/<game>/heuristic.py``) with any of:

- ``HeuristicAgent``: an :data:`~bodoge.agents.base.AgentFactory`, the game's ``heuristic`` agent
  (a documented plan a good human would follow, deciding from the :class:`Decision` only);
- ``rollout_step(state, rng) -> Action | str``: a cheap default policy for search rollouts (a step
  or a whole action in notation). It is given
  a *sampled* state (``game.sample_state``), the bot's own imagination, never the real one;
- ``evaluate(state, observer) -> Sequence[float]``: each seat's chance of winning, estimated from
  an unfinished (sampled) state, summing to 1; used where the search stops looking ahead.
  ``observer`` is the seat whose search it is: the evaluator may judge the other seats by what
  the observer can see of them only, since the rest of a sample is noise to that seat. A game
  may keep it in a module of its own, ``evaluation`` (one fitted to games' outcomes:
  :mod:`bodoge.agents.logit`), which is looked in first;
- ``SEARCH_HORIZON``: how many of its own turns ISMCTS looks ahead before ``evaluate`` judges;
- ``SEARCH_DEEP_HORIZON``: the same for a search with ``Settings.deep`` (the ``hard`` level,
  whose budget may buy a longer look than ``normal``'s);
- ``SEARCH_SHARED_HINTS``: whether ISMCTS keeps a node's first plan step for every later visit
  (``Settings.shared_hints``; on where a game says nothing);
- ``SEARCH_ITEMS_BY_POLICY``: whether ISMCTS adds the items of a compound action its seat has
  begun as the plan does, unsearched (``Settings.items_by_policy``; yes where a game says
  nothing), or searches each.

Where a game has no such module, ``heuristic`` is unavailable for it, rollouts are uniformly
random, and a rollout cut short counts as a draw.

>>> import bodoge
>>> know = knowledge(bodoge.make("extreme-mission", players=2))
>>> know.agent is not None, know.rollout is not None, know.evaluate is not None
(True, True, True)
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING

from bodoge.agents.base import AgentFactory
from bodoge.core.action import Action
from bodoge.core.hooks import game_module
from bodoge.core.state import State

if TYPE_CHECKING:
    from bodoge.core.game import Game

__all__ = ["Evaluator", "GameKnowledge", "RolloutPolicy", "knowledge"]

RolloutPolicy = Callable[["State", random.Random], "Action | str"]
"""``policy(state, rng)``: for whoever is to move in ``state`` (not over), a legal step, or a whole
legal action as one notation string (``state.apply`` takes both)."""

Evaluator = Callable[["State", int], Sequence[float]]
"""``evaluate(state, observer)``: per-seat win chances of an unfinished state, summing to 1."""


@dataclass(frozen=True, slots=True)
class GameKnowledge:
    """A game's optional bot hooks (None where the game gives none)."""

    agent: AgentFactory | None = None
    rollout: RolloutPolicy | None = None
    evaluate: Evaluator | None = None
    horizon: int | None = None
    deep_horizon: int | None = None
    shared_hints: bool | None = None
    items_by_policy: bool | None = None


def knowledge(game: Game) -> GameKnowledge:
    """The hooks of ``game``'s ``heuristic`` module, looked up once per game class."""
    return _knowledge_of(type(game))


@cache
def _knowledge_of(cls: type[Game]) -> GameKnowledge:
    found = game_module(cls, "heuristic")
    if found is None:
        return GameKnowledge()
    evaluation = game_module(cls, "evaluation")
    return GameKnowledge(
        agent=getattr(found, "HeuristicAgent", None),
        rollout=getattr(found, "rollout_step", None),
        evaluate=getattr(evaluation or found, "evaluate", None),
        horizon=getattr(found, "SEARCH_HORIZON", None),
        deep_horizon=getattr(found, "SEARCH_DEEP_HORIZON", None),
        shared_hints=getattr(found, "SEARCH_SHARED_HINTS", None),
        items_by_policy=getattr(found, "SEARCH_ITEMS_BY_POLICY", None),
    )
