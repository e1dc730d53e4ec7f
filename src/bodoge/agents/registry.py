"""Seat specs: the names that ``--seats`` and ``make_agent`` accept.

A name resolves *per game*: ``register_agent(name, factory, game="extreme-mission")`` binds a
name for one game only and wins over a name registered for every game. Some names are generic
factories that look into the game themselves — ``heuristic`` builds the game's own
``HeuristicAgent`` (see :mod:`bodoge.agents.knowledge`) and fails with a one-line SetupError
for a game that has none. ``human`` is never in the registry: front ends provide it.

>>> import bodoge, random
>>> game = bodoge.make("extreme-mission", players=2)
>>> agent = make_agent("heuristic", game, seat=0, rng=random.Random(1))
>>> type(agent).__name__
'HeuristicAgent'
>>> parse_seats("human,normal")
['human', 'normal']
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING

from bodoge.agents.base import HUMAN, Agent, AgentFactory
from bodoge.core.errors import SetupError

if TYPE_CHECKING:
    from bodoge.core.game import Game

__all__ = ["agent_names", "make_agent", "parse_seats", "register_agent"]

_AGENTS: dict[str, AgentFactory] = {}
_GAME_AGENTS: dict[tuple[str, str], AgentFactory] = {}


def register_agent(name: str, factory: AgentFactory, game: str | None = None) -> None:
    """Make ``name`` usable as a seat spec (``--seats human,name``), for every game or, with
    ``game``, for that game only."""
    if name == HUMAN or not name or "," in name or name != name.strip():
        raise ValueError(f"{name!r} cannot name an agent")
    if game is None:
        _AGENTS[name] = factory
    else:
        _GAME_AGENTS[(name, game)] = factory


def agent_names(game: str | None = None) -> tuple[str, ...]:
    """The registered seat specs: those of every game, plus ``game``'s own (or every game's own
    when ``game`` is None), in registration order."""
    own = [n for n, g in _GAME_AGENTS if game is None or g == game]
    return tuple(dict.fromkeys([*_AGENTS, *own]))


def make_agent(name: str, game: Game, seat: int, rng: random.Random) -> Agent:
    """The agent called ``name`` for ``seat`` of ``game`` (SetupError for an unknown name)."""
    factory = _GAME_AGENTS.get((name, game.name)) or _AGENTS.get(name)
    if factory is None:  # only agents are named: a front end seats a human, make_agent never does
        known = ", ".join(agent_names(game.name))
        raise SetupError("setup.unknown_agent", name=name, game=game.name, known=known)
    return factory(game, seat, rng)


def parse_seats(spec: str | Sequence[str], allow_human: bool = True) -> list[str]:
    """``"human,random"`` -> ``["human", "random"]``, every name checked (SetupError if unknown).

    Names are checked against every game's; whether a game-specific name suits the game chosen
    is for ``make_agent`` to say."""
    names = spec.split(",") if isinstance(spec, str) else list(spec)
    names = [n.strip() for n in names]
    known = ([HUMAN] if allow_human else []) + list(agent_names())
    for name in names:
        if name not in known:
            raise SetupError("setup.unknown_seat", name=name, known=", ".join(known))
    return names
