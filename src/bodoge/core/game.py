"""A game: its facts and options, and the factory of its states."""

from __future__ import annotations

import json
import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Mapping
from pathlib import Path
from typing import Any, ClassVar

from bodoge.core.errors import BodogeError, SetupError
from bodoge.core.scenario import check_seed, check_setup, is_whole
from bodoge.core.state import JSON, Log, State


class Game(ABC):
    """A game with its options fixed: number of players, variant, card set and turn cap.

    Subclasses declare the game's facts once, up front (``name``, player range, variants, the
    keys a scenario may set), load their cards in ``_configure`` and build states in
    ``_new_state``; the options, the seed and the setup are checked here, the same way for every
    game.
    """

    name: ClassVar[str]
    title: ClassVar[dict[str, str]]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    default_players: ClassVar[int]
    variants: ClassVar[tuple[str, ...]] = ("basic",)
    setup_keys: ClassVar[frozenset[str]] = frozenset()

    def __init__(
        self,
        players: int | None = None,
        variant: str = "basic",
        cards: str | Path | None = None,
        turn_cap: int | None = None,
    ) -> None:
        players = self.default_players if players is None else players
        if not is_whole(players) or not self.min_players <= players <= self.max_players:
            raise SetupError(
                "setup.players",
                game=self.name,
                low=self.min_players,
                high=self.max_players,
                players=players,
            )
        if variant not in self.variants:
            raise SetupError(
                "setup.variant", game=self.name, variant=variant, known=", ".join(self.variants)
            )
        if turn_cap is not None and (not is_whole(turn_cap) or turn_cap < 1):
            raise SetupError("setup.turn_cap", turn_cap=turn_cap)
        self.players = players
        self.variant = variant
        self.turn_cap = turn_cap
        self.cards_path = None if cards is None else str(cards)
        self.derived: dict[object, Any] = {}
        """What other modules work out from this game once and keep with it, each under a key
        of its own (a bot's tables, an evaluator's model): looked up at every step of a search,
        a plain dictionary here costs less than a ``WeakKeyDictionary`` of games there."""
        self._configure()

    @abstractmethod
    def _configure(self) -> None:
        """Load the card set (``cards_path``; None: the game's own) and make what every state of
        this game shares. Called once, at the end of the constructor."""

    def config(self) -> JSON:
        """The options this game was made with (stored with every saved state)."""
        return {
            "players": self.players,
            "variant": self.variant,
            "turn_cap": self.turn_cap,
            "cards": self.cards_path,
        }

    def new_state(self, seed: int, setup: Mapping[str, Any] | None = None) -> State:
        """A new game from ``seed`` (everything random comes from it), or the scenario ``setup``
        (DESIGN.md, "Scenarios"). A bad seed or setup is a one-line ``SetupError``."""
        return self._new_state(check_seed(seed), check_setup(setup, self.setup_keys))

    @abstractmethod
    def _new_state(self, seed: int, setup: Mapping[str, Any]) -> State:
        """A new game from a checked ``seed`` and ``setup`` (only ``setup_keys``; {}: none)."""

    @abstractmethod
    def _state_from_dict(self, data: JSON, rng: random.Random) -> State:
        """Rebuild a state from the dict its ``_state_dict`` made."""

    def load(self, text: str) -> State:
        """The state saved by ``state.to_json()``, exactly."""
        try:
            data = json.loads(text)
            if not isinstance(data, dict):
                raise SetupError("setup.saved.not_object", game=self.name)
            if data.get("game") != self.name:
                raise SetupError("setup.saved.other_game", saved=data.get("game"), game=self.name)
            saved = data["config"]
            if saved["players"] != self.players or saved["variant"] != self.variant:
                raise SetupError(
                    "setup.saved.other_table",
                    saved_players=saved["players"],
                    saved_variant=saved["variant"],
                    players=self.players,
                    variant=self.variant,
                )
            rng = random.Random()
            version, internal, gauss = data["rng"]
            rng.setstate((version, tuple(internal), gauss))
            state = self._state_from_dict(data["state"], rng)
            state._history = list(data["history"])
            state.log = Log.from_list(data["log"])
            return state
        except BodogeError:
            raise
        except (ValueError, KeyError, TypeError, IndexError, AttributeError) as exc:
            raise SetupError("setup.saved.broken", game=self.name, problem=str(exc)) from None

    def sample_state(self, view: JSON, seed: int) -> State:
        """A full state consistent with a seat's ``view`` (``view["you"]`` is that seat), built from
        the view alone: what the seat cannot see is dealt at random from ``seed``. This is how a
        bot searches without ever holding the real state (``state.determinize`` does the same from
        the state, for tests). ``sample_state(view, s).view(seat) == view`` for the seat's view."""
        raise NotImplementedError(f"{self.name} cannot yet rebuild a state from a view")

    def sampler(self, view: JSON) -> Callable[[random.Random], State]:
        """``sample_state`` for one view and many deals: ``sampler(view)(rng)`` deals what the
        seat cannot see from the generator ``rng``, which the sample then keeps as its own (its
        future shuffles draw from it too). A search samples one view hundreds of times a
        decision, each time from its own generator: seeding a new one per sample would cost
        more than some deals. A game that can read the view once, then deal many times, says
        so here."""
        return lambda rng: self.sample_state(view, rng.getrandbits(63))

    def replay(
        self, seed: int, history: Iterable[str], setup: Mapping[str, Any] | None = None
    ) -> State:
        """The state reached from ``new_state(seed, setup)`` by the steps of ``history``."""
        state = self.new_state(seed, setup)
        for step in history:
            state.apply(step)
        return state

    def __repr__(self) -> str:
        return f"<{type(self).__name__} players={self.players} variant={self.variant}>"
