"""What an agent is given and what it gives back: the :class:`Decision`, the :class:`Agent`
protocol, and the stable seeds agents draw from.

A :class:`Decision` holds exactly what the deciding seat may know — its seat, its view and its
legal steps — plus the :class:`~bodoge.core.game.Game` (rules and card set, never a position).
It holds no reference to the :class:`~bodoge.core.state.State` it was made from: the view is
computed once, up front, rather than lazily through a closure that would keep the state
reachable (``tests/agents/test_agents_no_peek.py`` proves no path leads back to it).

>>> import bodoge
>>> state = bodoge.make("extreme-mission", players=2).new_state(seed=1)
>>> decision = Decision.of(state)
>>> decision.seat, decision.view["you"], decision.legal == state.legal_actions()
(0, 0, True)
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol

from bodoge.core.action import Action

if TYPE_CHECKING:
    from bodoge.core.game import Game
    from bodoge.core.state import State

__all__ = ["HUMAN", "Agent", "AgentFactory", "Decision", "derive_seed", "needs_view"]

HUMAN = "human"
"""The seat spec of a person; front ends resolve it, the agent registry never does."""


def derive_seed(*parts: int | str) -> int:
    """A 63-bit seed made from ``parts`` (stable across runs, platforms and Python versions).

    >>> derive_seed(1, "game", 0) == derive_seed(1, "game", 0) != derive_seed(1, "game", 1)
    True
    """
    text = "/".join(str(p) for p in parts).encode()
    return int.from_bytes(hashlib.blake2b(text, digest_size=8).digest(), "big") >> 1


class Decision:
    """One decision as the deciding seat sees it, and nothing more.

      - ``seat``: the seat that decides;
      - ``view``: ``state.view(seat)``, a JSON-ready dict (the seat's own copy; left out only for an
    agent that declares it needs none);
      - ``legal``: the legal steps, in the game's deterministic order (a fresh list);
      - ``game``: the :class:`~bodoge.core.game.Game` — its rules, cards and options, which hold no
        position — so that a bot can rebuild possible states with ``game.sample_state(view, seed)``.
    """

    __slots__ = ("_view", "game", "legal", "seat")

    game: Game
    seat: int
    legal: list[Action]

    def __init__(
        self, game: Game, seat: int, legal: list[Action], view: dict[str, Any] | None
    ) -> None:
        self.game = game
        self.seat = seat
        self.legal = legal
        self._view = view

    @property
    def view(self) -> dict[str, Any]:
        """``state.view(seat)`` (LookupError for a decision made without it, see ``of``)."""
        if self._view is None:
            raise LookupError("this decision was made without the view: its agent needs none")
        return self._view

    @classmethod
    def of(cls, state: State, with_view: bool = True) -> Decision:
        """The decision ``state`` waits on (ValueError once the game is over).

        The view is computed here, once — it is most of the cost of a random bot's step, and a
        lazy view would have to keep the state reachable. A runner may leave it out for an agent
        that declares ``needs_view = False`` (the random agent): ``with_view=False``."""
        seat = state.current_player
        if seat is None:
            raise ValueError("the game is over: nobody decides")
        view = state.view(seat) if with_view else None
        return cls(state.game, seat, state.legal_actions(), view)

    def __repr__(self) -> str:
        return f"<Decision {self.game.name} seat={self.seat} legal={len(self.legal)}>"


class Agent(Protocol):
    """Chooses one of ``decision.legal``, from the decision alone and its own generator.

    An agent that never reads ``decision.view`` may say so with a class attribute
    ``needs_view = False``; runners then skip computing the view (``Decision.of``)."""

    def act(self, decision: Decision) -> Action: ...


def needs_view(agent: object) -> bool:
    """Whether ``agent`` reads the view (True unless it declares ``needs_view = False``)."""
    return bool(getattr(agent, "needs_view", True))


AgentFactory = Callable[["Game", int, random.Random], Agent]
"""Builds the agent of one seat: ``factory(game, seat, rng)``; ``rng`` is the agent's only source
of chance, so a seeded agent plays the same way every time (unless it has a time budget)."""
