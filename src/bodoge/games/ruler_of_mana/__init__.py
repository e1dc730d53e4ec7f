"""Ruler of Mana (マナを統べし者): cast spells with mana from your hand and use scrolls, and be the
one with the most life when a player falls to 0 or the deck runs out.

The rules are ``rules/ruler-of-mana.md`` (RM-1 to RM-5), the card set and the effect language
``rules/ruler-of-mana-cards.md``; rulings the engine adds are in ``docs/rulings/ruler-of-mana.md``.
The cards are data (``cards.toml``, or a file of your own with ``cards=PATH``): no spell or scroll
is named in the engine, which reads their effects and reactions.

>>> import bodoge
>>> game = bodoge.make("ruler-of-mana", players=3)
>>> state = game.new_state(seed=1, setup={
...     "start_player": 0, "hands": {0: ["S19", "ME1-01", "ME1-02", "MF1-01"]},
...     "deck": ["MW1-01"], "life": {2: 10}, "shield": {2: 3}})
>>> [str(a) for a in state.legal_actions()][:4]
['cast S19/1', 'cast S19/2', 'cast S19/3', 'draw']
>>> state.apply("cast S19/3 @2 E1 E1 F1")      # the whole action; its steps work too
>>> state.current_player                         # the reaction window: seat 1, then seat 2
1
>>> state.apply("pass"); state.apply("pass")
>>> state.view(None)["life"], state.view(None)["shield"]
([15, 15, 6], [0, 0, 0])
>>> state.current_player                         # seat 1's turn, after its draw
1
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from pathlib import Path
from typing import Any, ClassVar

from bodoge.core.action import Action
from bodoge.core.game import Game
from bodoge.core.state import JSON
from bodoge.games.ruler_of_mana.cards import CardSet, ManaKind, Scroll, Spell, load_cards
from bodoge.games.ruler_of_mana.effects import Effect, Effects, Reaction
from bodoge.games.ruler_of_mana.payment import CODES, MANA, STEPS, step_code, step_units
from bodoge.games.ruler_of_mana.sample import sample_state
from bodoge.games.ruler_of_mana.setup import build_state
from bodoge.games.ruler_of_mana.state import RMState
from bodoge.games.ruler_of_mana.words import describe_step

__all__ = ["RMState", "RulerOfMana"]

PlayShape = tuple[tuple[Effect, ...], tuple[tuple[int, ...], ...], frozenset[int], frozenset[int]]

START_LIFE = 15  # RM-1.4
EXPERT_LIFE_CAP = 15  # RM-5.1


class RulerOfMana(Game):
    """Ruler of Mana for 2–6 players, ``basic`` or ``expert`` (rules: ``rules/ruler-of-mana.md``).

    The game object holds what every state shares: the card set, each card's facts as tuples
    indexed by card number, and every step as a ready-made ``Action``.

    >>> game = RulerOfMana(players=2, variant="expert")
    >>> state = game.new_state(seed=3)
    >>> state.legal_actions()[0].kind, len(state.view(state.current_player)["pending"]["pack"])
    ('keep', 7)
    """

    name: ClassVar[str] = "ruler-of-mana"
    title: ClassVar[dict[str, str]] = {"en": "Ruler of Mana", "ja": "マナを統べし者"}
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 6
    default_players: ClassVar[int] = 4
    variants: ClassVar[tuple[str, ...]] = ("basic", "expert")

    def __init__(
        self,
        players: int | None = None,
        variant: str = "basic",
        cards: str | Path | None = None,
        turn_cap: int | None = None,
    ) -> None:
        super().__init__(players=players, variant=variant, cards=cards, turn_cap=turn_cap)
        cs: CardSet = load_cards(cards)
        self.cards = cs
        self.expert = variant == "expert"
        self.life_cap: int | None = EXPERT_LIFE_CAP if self.expert else None
        self.start_life = START_LIFE
        # Card facts by card number (the index in the card set's canonical order).
        self.ids: tuple[str, ...] = tuple(c.id for c in cs.cards)
        self.index: dict[str, int] = {cid: i for i, cid in enumerate(self.ids)}
        self.code: tuple[str, ...] = tuple(c.code for c in cs.cards)
        self.is_mana: tuple[bool, ...] = tuple(c.kind == "mana" for c in cs.cards)
        self.is_scroll: tuple[bool, ...] = tuple(c.kind == "scroll" for c in cs.cards)
        self.mana_slot: tuple[int, ...] = tuple(
            CODES.index(c.code) if c.kind == "mana" else -1 for c in cs.cards
        )
        self.orbs: tuple[int, ...] = tuple(
            MANA[c.code].orbs if c.kind == "mana" else 0 for c in cs.cards
        )
        self.copies: dict[str, tuple[int, ...]] = {}
        for i, c in enumerate(cs.cards):
            self.copies[c.code] = (*self.copies.get(c.code, ()), i)
        self.code_order: dict[str, int] = {code: k for k, code in enumerate(self.copies)}
        self.spells: dict[str, Spell] = {s.id: s for s in cs.spells}
        self.scrolls: dict[str, Scroll] = {s.id: s for s in cs.scrolls}
        self.mana_kinds: dict[str, ManaKind] = {k.code: k for k in cs.mana_kinds}
        self.main_scrolls = frozenset(s.id for s in cs.scrolls if s.timing == "main")
        self.reactions: dict[str, Reaction] = {
            s.id: s.reaction for s in cs.scrolls if s.reaction is not None
        }
        self.window_kinds = tuple(s.id for s in cs.scrolls if s.timing == "window")
        self.lethal_kinds = tuple(s.id for s in cs.scrolls if s.timing == "lethal")
        self._shapes: dict[tuple[str, int, int, int], PlayShape] = {}
        self._make_steps()

    def option_of(self, code: str, option: int) -> Effects:
        """What a play does: spell ``code``'s option ``option`` (from 1), or scroll ``code`` (0)."""
        if option == 0:
            return self.scrolls[code]
        return self.spells[code].options[option - 1]

    def play_shape(self, code: str, option: int, caster: int, target: int) -> PlayShape:
        """A play's effects, each effect's target seats in resolution order, the seats it
        targets and those in the target set of a damage effect (cards page §3.1, §3.4); made
        once per play and seats (``target`` -1: no ``one_opponent``), then shared."""
        key = (code, option, caster, target)
        shape = self._shapes.get(key)
        if shape is None:
            what = self.option_of(code, option)
            chosen = None if target < 0 else target
            shape = self._shapes[key] = (
                what.effects,
                what.target_sets(caster, self.players, chosen),
                what.targeted_players(caster, self.players, chosen),
                what.damage_targeted_players(caster, self.players, chosen),
            )
        return shape

    def _make_steps(self) -> None:
        """Every step, made once: legal_actions hands out these shared immutable values."""
        d = self._describer
        codes = [*self.mana_kinds, *self.spells, *self.scrolls]
        self.step_draw = Action("draw", "draw", (), d)
        self.step_cycle = Action("cycle", "cycle", (), d)
        self.step_exchange = Action("exchange", "exchange", (), d)
        self.step_pass = Action("pass", "pass", (), d)
        self.step_cast = {
            (s.id, k): Action(f"cast {s.id}/{k}", "cast", (s.id, k), d)
            for s in self.cards.spells
            for k in range(1, len(s.options) + 1)
        }
        self.step_scroll = {c: Action(f"scroll {c}", "scroll", (c,), d) for c in self.main_scrolls}
        self.step_target = [Action(f"@{s}", "target", (s,), d) for s in range(self.players)]
        # RM-3.4: a 2-orb card pays as `W2` (2 units) or `W2/1` (1 unit); STEPS in canonical order.
        pay = [step for step in STEPS if step_code(step) in self.mana_kinds]
        self.step_pay = {step: Action(step, "pay", (step,), d) for step in pay}
        self.pay_code = {step: step_code(step) for step in pay}
        self.pay_units = {step: step_units(step) for step in pay}
        self.step_cycle_card = {c: Action(c, "cycle_card", (c,), d) for c in codes}
        self.step_pick = [Action(f"pick {s}", "pick", (s,), d) for s in range(self.players)]
        self.step_react = {c: Action(f"react {c}", "react", (c,), d) for c in self.reactions}
        self.step_card: dict[str, dict[str, Action]] = {
            verb: {c: Action(f"{verb} {c}", verb, (c,), d) for c in codes}
            for verb in ("bottom", "keep", "offer", "discard", "take", "top", "recover")
        }

    def _describer(self, action: Action, lang: str) -> str:
        return describe_step(self.cards, action, lang)

    def new_state(self, seed: int, setup: Mapping[str, Any] | None = None) -> RMState:
        """A new game from ``seed``: RM-1 setup, or the scenario ``setup`` (DESIGN.md)."""
        return build_state(self, seed, setup)

    def _state_from_dict(self, data: JSON, rng: random.Random) -> RMState:
        return RMState.from_dict(self, data, rng)

    def sample_state(self, view: JSON, seed: int) -> RMState:
        """A full state consistent with a seat's ``view``, from the view alone: what the seat
        cannot see is dealt at random from ``seed`` (``sample.py``)."""
        return sample_state(self, view, seed)
