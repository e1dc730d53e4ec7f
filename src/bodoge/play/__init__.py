"""Who plays a seat, for the front ends: the agent protocol, the seat registry and the seeds agents
draw from, which live in :mod:`bodoge.agents` and are re-exported here so that front ends (and
older code) import them from one place.

An agent decides from a :class:`Decision` — its seat, ``state.view(seat)``, the legal steps and
the game — and its own seeded ``random.Random``; it never sees the state itself. A seat spec is a
registry name (``random``, ``heuristic``, ``ismcts``, ``easy``, ``normal``, ``hard``);
``register_agent`` adds more. ``human`` is not in the registry: the front end that owns the
person (``bodoge.play.terminal``) provides it.

>>> import bodoge, random
>>> game = bodoge.make("extreme-mission", players=2)
>>> state = game.new_state(seed=1)
>>> agent = make_agent("random", game, seat=0, rng=random.Random(derive_seed(1, "seat", 0)))
>>> agent.act(Decision.of(state)) in state.legal_actions()
True
"""

from __future__ import annotations

from bodoge.agents import (
    HUMAN,
    LEVELS,
    Agent,
    AgentFactory,
    Decision,
    RandomAgent,
    agent_names,
    derive_seed,
    make_agent,
    needs_view,
    parse_seats,
    register_agent,
)

__all__ = [
    "HUMAN",
    "LEVELS",
    "Agent",
    "AgentFactory",
    "Decision",
    "RandomAgent",
    "agent_names",
    "derive_seed",
    "make_agent",
    "needs_view",
    "parse_seats",
    "register_agent",
]
