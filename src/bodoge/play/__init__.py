"""Who plays a seat: the agent protocol, the seat registry and the seeds agents draw from.

An agent decides from what its seat may know — ``state.view(seat)`` and ``state.legal_actions()`` —
and its own seeded ``random.Random``; it never sees the state itself. A seat spec is a registry
name (``random``); ``register_agent`` adds more (``heuristic``, ``ismcts``, ...). ``human`` is not
in the registry: the front end that owns the person (``bodoge.play.terminal``) provides it.

>>> import bodoge
>>> game = bodoge.make("extreme-mission", players=2)
>>> state = game.new_state(seed=1)
>>> agent = make_agent("random", game, seat=0, rng=random.Random(derive_seed(1, "seat", 0)))
>>> agent.act(Decision.of(state)) in state.legal_actions()
True
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Callable, Sequence
from functools import cached_property
from typing import TYPE_CHECKING, Any, Protocol

from bodoge.core.action import Action
from bodoge.core.errors import SetupError

if TYPE_CHECKING:
    from bodoge.core.game import Game
    from bodoge.core.state import State

__all__ = [
    "HUMAN",
    "Agent",
    "AgentFactory",
    "Decision",
    "RandomAgent",
    "agent_names",
    "derive_seed",
    "make_agent",
    "parse_seats",
    "register_agent",
]

HUMAN = "human"
"""The seat spec of a person; front ends resolve it, the registry never does."""


def derive_seed(*parts: int | str) -> int:
    """A 63-bit seed made from ``parts`` (stable across runs, platforms and Python versions).

    >>> derive_seed(1, "game", 0) == derive_seed(1, "game", 0) != derive_seed(1, "game", 1)
    True
    """
    text = "/".join(str(p) for p in parts).encode()
    return int.from_bytes(hashlib.blake2b(text, digest_size=8).digest(), "big") >> 1


class Decision:
    """One decision as the deciding seat sees it: its seat, the legal steps and (on demand) its
    view. Agents get this, never the state."""

    def __init__(self, seat: int, legal: list[Action], view: Callable[[], dict[str, Any]]) -> None:
        self.seat = seat
        self.legal = legal
        self._view = view

    @classmethod
    def of(cls, state: State) -> Decision:
        """The decision ``state`` waits on (the game must not be over)."""
        seat = state.current_player
        if seat is None:
            raise ValueError("the game is over: nobody decides")
        return cls(seat, state.legal_actions(), lambda: state.view(seat))

    @cached_property
    def view(self) -> dict[str, Any]:
        """``state.view(seat)``, computed the first time it is read."""
        return self._view()


class Agent(Protocol):
    """Chooses one of ``decision.legal``."""

    def act(self, decision: Decision) -> Action: ...


AgentFactory = Callable[["Game", int, random.Random], Agent]
"""Builds the agent of one seat: ``factory(game, seat, rng)``."""


class RandomAgent:
    """Picks a legal step uniformly at random with its own generator."""

    def __init__(self, game: Game, seat: int, rng: random.Random) -> None:
        self.seat = seat
        self.rng = rng

    def act(self, decision: Decision) -> Action:
        legal = decision.legal
        return legal[self.rng.randrange(len(legal))]


_AGENTS: dict[str, AgentFactory] = {"random": RandomAgent}


def register_agent(name: str, factory: AgentFactory) -> None:
    """Make ``name`` usable as a seat spec (``--seats human,name``)."""
    if name == HUMAN or not name or "," in name:
        raise ValueError(f"{name!r} cannot name an agent")
    _AGENTS[name] = factory


def agent_names() -> tuple[str, ...]:
    """The seat specs of the registered agents."""
    return tuple(_AGENTS)


def make_agent(name: str, game: Game, seat: int, rng: random.Random) -> Agent:
    """The agent called ``name`` for ``seat`` (SetupError for an unknown name)."""
    factory = _AGENTS.get(name)
    if factory is None:
        raise SetupError(f"unknown agent {name!r}: use one of {', '.join([HUMAN, *_AGENTS])}")
    return factory(game, seat, rng)


def parse_seats(spec: str | Sequence[str], allow_human: bool = True) -> list[str]:
    """``"human,random"`` -> ``["human", "random"]``, every name checked (SetupError if unknown)."""
    names = spec.split(",") if isinstance(spec, str) else list(spec)
    names = [n.strip() for n in names]
    known = ([HUMAN] if allow_human else []) + list(_AGENTS)
    for name in names:
        if name not in known:
            raise SetupError(f"unknown seat {name!r}: use one of {', '.join(known)}")
    return names
