"""Ruler of Mana (マナを統べし者): cast spells with mana from your hand and use scrolls, and be the
one with the most life when a player falls to 0 or the deck runs out.

The rules are ``docs/rules/ruler-of-mana.md`` (RM-1 to RM-5; the effects on the cards:
``docs/rules/ruler-of-mana.md#effects-on-the-cards``); rulings the engine adds are in
``docs/rulings/ruler-of-mana.md``.
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
from collections.abc import Callable, Mapping
from functools import partial
from typing import Any, ClassVar
from weakref import WeakKeyDictionary

from bodoge.core.action import Action
from bodoge.core.game import Game
from bodoge.core.registry import register
from bodoge.core.state import JSON
from bodoge.games.ruler_of_mana.cards import CardSet, ManaKind, Scroll, Spell, load_cards
from bodoge.games.ruler_of_mana.effects import Effects, Reaction
from bodoge.games.ruler_of_mana.explain import upgrade_history
from bodoge.games.ruler_of_mana.payment import (
    CODES,
    MANA,
    STEPS,
    SYMBOLS,
    card_bounds,
    step_code,
    step_units,
)
from bodoge.games.ruler_of_mana.rules import EXPERT_LIFE_CAP, MAX_PLAYERS, MIN_PLAYERS, START_LIFE
from bodoge.games.ruler_of_mana.sample import deal_sample, sample_state
from bodoge.games.ruler_of_mana.setup import SETUP_KEYS, build_state
from bodoge.games.ruler_of_mana.state import Facts, PlayShape, RMState
from bodoge.games.ruler_of_mana.words import describe_pending, describe_step

__all__ = ["RMState", "RulerOfMana", "describe_pending", "upgrade_history"]

Steps = tuple[Action, ...]

# The memos of payment steps (``Facts``) by card set, and its play shapes by player count.
Shapes = dict[tuple[str, int, int, int], PlayShape]
_FOUND: WeakKeyDictionary[
    CardSet, tuple[dict[bytes, bytes], dict[bytes, bytes], dict[int, Shapes]]
] = WeakKeyDictionary()


@register
class RulerOfMana(Game):
    """Ruler of Mana for 2–6 players, ``basic`` or ``expert`` (``docs/rules/ruler-of-mana.md``).

    The game object holds what every state shares: the card set, each card's facts as tuples
    indexed by card number, and every step as a ready-made ``Action``.

    >>> game = RulerOfMana(players=2, variant="expert")
    >>> state = game.new_state(seed=3)
    >>> state.legal_actions()[0].kind, len(state.view(state.current_player)["pending"]["pack"])
    ('keep', 7)
    """

    name: ClassVar[str] = "ruler-of-mana"
    title: ClassVar[dict[str, str]] = {"en": "Ruler of Mana", "ja": "マナを統べし者"}
    min_players: ClassVar[int] = MIN_PLAYERS
    max_players: ClassVar[int] = MAX_PLAYERS
    default_players: ClassVar[int] = 4
    variants: ClassVar[tuple[str, ...]] = ("basic", "expert")

    setup_keys: ClassVar[frozenset[str]] = SETUP_KEYS

    def _configure(self) -> None:
        cs: CardSet = load_cards(self.cards_path)
        self.cards = cs
        self.expert = self.variant == "expert"
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
        # The supply slot of a mana card (0-3 its element in cost order F W A E, 4 rainbow), -1
        # for a spell or scroll: what ``main_steps`` sums a hand's mana cards into.
        self.element_of: tuple[int, ...] = tuple(
            (SYMBOLS.index(s) if (s := MANA[c.code].symbol) is not None else 4)
            if c.kind == "mana"
            else -1
            for c in cs.cards
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
        # Each window reaction kind with its number of copies and its trigger (RM-4.2).
        self.window_triggers = tuple(
            (code, len(self.copies[code]), self.reactions[code].trigger)
            for code in self.window_kinds
        )
        self.mana_total = sum(self.is_mana)  # mana cards are the first card numbers
        self.lethal_kinds = tuple(s.id for s in cs.scrolls if s.timing == "lethal")
        options = [(s.id, k, o) for s in cs.spells for k, o in enumerate(s.options, 1)]
        self.pay_bounds = {(code, k): card_bounds(o.cost.counts) for code, k, o in options}
        self.mana_value = {(code, k): o.cost.mana_value for code, k, o in options}
        self.needs_target: dict[tuple[str, int], bool] = {
            **{(code, k): o.needs_target for code, k, o in options},
            **{(s.id, 0): s.needs_target for s in cs.scrolls},
        }
        self._make_steps()
        # What pay_steps finds depends on the card set alone, a play's shape on the card set and
        # the player count: games of the same cards share them (their steps are equal values,
        # and describe themselves alike).
        shared = _FOUND.get(cs)
        if shared is None:
            shared = _FOUND[cs] = ({}, {}, {})
        pay, alike, shapes = shared
        self.facts = Facts(self, pay, alike, shapes.setdefault(self.players, {}))

    def option_of(self, code: str, option: int) -> Effects:
        """What a play does: spell ``code``'s option ``option`` (from 1), or scroll ``code`` (0)
        (``Facts.option_of``)."""
        return self.facts.option_of(code, option)

    def play_shape(self, code: str, option: int, caster: int, target: int) -> PlayShape:
        """A play's effects, each effect's target seats in resolution order, the seats it
        targets and those in the target set of a damage effect (``Facts.play_shape``)."""
        return self.facts.play_shape(code, option, caster, target)

    def main_steps(self, supply: tuple[int, ...], code: str) -> Steps:
        """RM-2.2 (A), RM-3.6: the steps that play spell or scroll ``code`` as the turn's option
        from a hand whose mana cards supply ``supply`` (the units of each element, in cost order
        ``F W A E``, and the rainbows; ``payment.payable_supply``): the options it can pay for,
        or the main scroll (``Facts.main_steps``).

        >>> game = RulerOfMana(players=2)
        >>> [str(a) for a in game.main_steps((0, 0, 0, 3, 0), "S19")]
        ['cast S19/1', 'cast S19/2']
        """
        out: list[Action] = []
        self.facts.main_steps(list(supply), code, out)
        return tuple(out)

    def pay_steps(self, code: str, option: int, paid: tuple[int, ...], hand: list[int]) -> Steps:
        """RM-3.4: the payment steps that may follow the steps ``paid`` (indices in
        ``payment.STEPS``, canonical order) of spell ``code``'s option ``option`` from the sorted
        ``hand`` (the chosen cards still in it): ``payment.next_steps_counts``, made once per
        payment so far and hand (its mana cards beyond what a payment of this cost could use left
        out: ``payment.card_bounds``), then shared (``Facts.pay_steps``).

        >>> game = RulerOfMana(players=2)
        >>> hand = [game.index[c] for c in ("MW2-01", "MW2-02", "S11")]
        >>> [str(a) for a in game.pay_steps("S11", 1, (), hand)]  # W W: one W2, or both for 1 each
        ['W2/1', 'W2']
        """
        return tuple(self.facts.pay_steps(code, option, list(paid), hand))

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

    def _new_state(self, seed: int, setup: Mapping[str, Any]) -> RMState:
        """A new game from ``seed``: RM-1 setup, or the scenario ``setup`` (DESIGN.md)."""
        return build_state(self, seed, setup)

    def _state_from_dict(self, data: JSON, rng: random.Random) -> RMState:
        return RMState.from_dict(self, data, rng)

    def sample_state(self, view: JSON, seed: int) -> RMState:
        """A full state consistent with a seat's ``view``, from the view alone: what the seat
        cannot see is dealt at random from ``seed`` (``sample.py``)."""
        return sample_state(self, view, seed)

    def sampler(self, view: JSON) -> Callable[[random.Random], RMState]:
        """``sample_state`` for many deals of one ``view``, each from the generator given
        (``sample.py``: the view is read once)."""
        return partial(deal_sample, self, view)
