"""Extreme Mission (エクストリームミッション): race to clear four missions of rising level with the
colours and numbers of your info cards, helped by collaborators that stand in for any card.

>>> import bodoge
>>> game = bodoge.make("extreme-mission", players=2)
>>> state = game.new_state(seed=1, setup={"hands": {0: ["I-R4a", "I-B5a", "I-G6a"]},
...                                        "missions": ["M1-01", "M1-02", "M1-03",
...                                                     "M2-01", "M2-02", "M2-03",
...                                                     "M3-01", "M3-02", "M3-03",
...                                                     "M4-01", "M4-02", "M4-03"]})
>>> "complete M1-02" in [str(a) for a in state.legal_actions()]
True
>>> state.apply("complete M1-02 G6 B5 R4")
>>> state.view(0)["completed"][0]
['M1-02']
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any, ClassVar

from bodoge.core.action import Action
from bodoge.core.game import Game
from bodoge.core.registry import register
from bodoge.core.state import JSON
from bodoge.games.extreme_mission.cards import CardSet, load_cards
from bodoge.games.extreme_mission.conditions import Condition
from bodoge.games.extreme_mission.rules import MAX_PLAYERS, MIN_PLAYERS
from bodoge.games.extreme_mission.sample import Sampler, sample_state
from bodoge.games.extreme_mission.setup import SETUP_KEYS, build_state
from bodoge.games.extreme_mission.state import EMState, Facts
from bodoge.games.extreme_mission.words import describe_step

__all__ = ["EMState", "ExtremeMission"]


@register
class ExtremeMission(Game):
    """Extreme Mission for 2–5 players (rules: ``docs/rules/extreme-mission.md``)."""

    name: ClassVar[str] = "extreme-mission"
    title: ClassVar[dict[str, str]] = {"en": "Extreme Mission", "ja": "エクストリームミッション"}
    min_players: ClassVar[int] = MIN_PLAYERS
    max_players: ClassVar[int] = MAX_PLAYERS
    default_players: ClassVar[int] = 4

    setup_keys: ClassVar[frozenset[str]] = SETUP_KEYS

    def _configure(self) -> None:
        """The card set and what every state shares: each card's facts by card number, and every
        step as a ready-made ``Action``."""
        self.cards: CardSet = load_cards(self.cards_path)
        cs = self.cards
        info = sorted(cs.info_cards, key=lambda c: (c.type, c.id))
        self.copies: int = cs.copies
        self.card_ids: tuple[str, ...] = tuple(c.id for c in info)
        self.card_index: dict[str, int] = {cid: i for i, cid in enumerate(self.card_ids)}
        self.card_types: tuple[int, ...] = tuple(c.type for c in info)
        self.level_of: dict[str, int] = {m.id: m.level for m in cs.missions}
        self.condition_of: dict[str, Condition] = {m.id: m.condition for m in cs.missions}
        self.levels: frozenset[int] = frozenset(self.level_of.values())
        self.kinds: tuple[str, ...] = tuple(k.code for k in cs.collaborator_kinds)
        self.kind_conditions: tuple[Condition, ...] = tuple(
            k.condition for k in cs.collaborator_kinds
        )
        # Every step, made once: legal_actions hands out these shared immutable values.
        d = self._describer
        types = sorted(set(self.card_types))
        self.step_draw = Action("draw", "draw", (), d)
        self.step_pass = Action("pass", "pass", (), d)
        self.step_take = [Action(f"take {s}", "take", (s,), d) for s in range(self.players)]
        self.step_complete = {
            m.id: Action(f"complete {m.id}", "complete", (m.id,), d) for m in cs.missions
        }
        self.step_activate = [
            Action(f"activate {code}", "activate", (k,), d) for k, code in enumerate(self.kinds)
        ]
        self.condition_of_step: dict[str, Condition] = {
            **{a.notation: self.condition_of[m] for m, a in self.step_complete.items()},
            **{a.notation: self.kind_conditions[k] for k, a in enumerate(self.step_activate)},
        }
        self.step_card = {t: Action(cs.type_code(t), "card", (t,), d) for t in types}
        self.step_drop = {t: Action(f"drop {cs.type_code(t)}", "drop", (t,), d) for t in types}
        self.step_wild = [Action(code, "wild", (k,), d) for k, code in enumerate(self.kinds)]
        # What every state reads at each step, in one compiled object (``state.Facts``).
        self.facts = Facts(self)

    def _describer(self, action: Action, lang: str) -> str:
        return describe_step(self.cards, action, lang)

    def _new_state(self, seed: int, setup: Mapping[str, Any]) -> EMState:
        """A new game from ``seed``: EM-1 setup, or the scenario ``setup`` (DESIGN.md)."""
        return build_state(self, seed, setup)

    def _state_from_dict(self, data: JSON, rng: random.Random) -> EMState:
        return EMState.from_dict(self, data, rng)

    def sample_state(self, view: JSON, seed: int) -> EMState:
        """A full state consistent with a seat's ``view``, from the view alone: what the seat
        cannot see is dealt at random from ``seed`` (``sample.py``)."""
        return sample_state(self, view, seed)

    def sampler(self, view: JSON) -> Sampler:
        """``sample_state`` for many seeds of one ``view``, read once (``sample.py``)."""
        return Sampler(self, view)
