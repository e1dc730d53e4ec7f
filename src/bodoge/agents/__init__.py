"""Bots that play well without peeking.

An agent is given a :class:`Decision` — its seat, its view, its legal steps and the
:class:`~bodoge.core.game.Game` (rules, no position) — and its own ``random.Random``; it never
holds the state. Seat specs (``--seats human,normal,hard``):

- ``random``: a uniformly random legal step;
- ``heuristic``: the game's own documented plan (Extreme Mission: ``games/extreme_mission/
  heuristic.py``), for games that have one;
- ``ismcts``: information-set Monte Carlo tree search over states sampled from the seat's view
  (:mod:`bodoge.agents.ismcts`), with a default budget;
- levels for people, ``easy``, ``normal``, ``hard`` (:mod:`bodoge.agents.levels`).

>>> import bodoge, random
>>> game = bodoge.make("extreme-mission", players=2)
>>> state = game.new_state(seed=1)
>>> agent = make_agent("random", game, seat=0, rng=random.Random(derive_seed(1, "seat", 0)))
>>> agent.act(Decision.of(state)) in state.legal_actions()
True
>>> {"random", "heuristic", "ismcts", "easy", "normal", "hard"} <= set(agent_names())
True
"""

from __future__ import annotations

from bodoge.agents.base import HUMAN, Agent, AgentFactory, Decision, derive_seed, needs_view
from bodoge.agents.heuristic import NoisyAgent, game_heuristic
from bodoge.agents.ismcts import Budget, ISMCTSAgent, ismcts_factory
from bodoge.agents.levels import LEVELS, Level, level_factory
from bodoge.agents.random_agent import RandomAgent
from bodoge.agents.registry import agent_names, make_agent, parse_seats, register_agent

__all__ = [
    "HUMAN",
    "LEVELS",
    "Agent",
    "AgentFactory",
    "Budget",
    "Decision",
    "ISMCTSAgent",
    "Level",
    "NoisyAgent",
    "RandomAgent",
    "agent_names",
    "derive_seed",
    "make_agent",
    "needs_view",
    "parse_seats",
    "register_agent",
]

register_agent("random", RandomAgent)
register_agent("heuristic", game_heuristic)
register_agent("ismcts", ismcts_factory(Budget(iterations=200)))
for _level in LEVELS.values():
    register_agent(_level.name, level_factory(_level))
