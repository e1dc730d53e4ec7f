"""The state of a Ruler of Mana game and the turn that moves it (RM-2, RM-5).

Cards are ints (see ``records``); hands are sorted lists, the deck is a list with its top at the
end, the discard pile a list in the order cards arrived. A state always waits on one decision,
``ask`` (``records.Ask``); what follows a decision without another one — draws, the end of a turn,
the next turn's start — happens at once. A play (a spell or a main scroll) is resolved by the
agenda in ``play``; effect choices by ``resolve``; the draft and the exchange, whose secret
simultaneous choices are one step per seat, by ``draft`` and ``exchange``.

Knowledge: ``seen[v][h]`` lists cards that seat ``v`` knows to be in seat ``h``'s hand (looked at
with a take, picked face up from an exchange, recovered from the discard pile...), so that
``determinize`` keeps what a seat has seen. Moving cards through ``lose`` and ``gain`` keeps it
true: a card that leaves a hand unseen (face down, at random) makes the others forget that hand.
"""

from __future__ import annotations

import random
from bisect import bisect_left, insort
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, Final

from bodoge.core.action import Action
from bodoge.core.i18n import Message
from bodoge.core.result import Result, Rung, competition_ranks, decided_by
from bodoge.core.state import JSON, State
from bodoge.games.ruler_of_mana import draft, exchange, explain, hidden, play, resolve, storage
from bodoge.games.ruler_of_mana.payment import (
    CODES,
    FULL_STEP,
    ONE_STEP,
    STEP_CARD,
    STEPS,
    CostCounts,
    next_steps_counts,
    payable_units,
    step_index,
    usable,
)
from bodoge.games.ruler_of_mana.records import (
    BOTTOM,
    BUILDING,
    CAST,
    CHOOSING,
    CYCLE,
    DISCARD,
    KEEP,
    LETHAL,
    MAIN,
    NO_SEAT,
    OFFER,
    PICK,
    REACT,
    RECOVER,
    SCROLL,
    TAKE,
    TOP,
    Ask,
    Play,
)
from bodoge.games.ruler_of_mana.rules import (
    CYCLE_CARDS,
    FINISH_BONUS,
    HAND_LIMIT,
    PENALTY,
    TURN_BOTTOM,
)
from bodoge.games.ruler_of_mana.views import view

if TYPE_CHECKING:
    from bodoge.games.ruler_of_mana import RulerOfMana
    from bodoge.games.ruler_of_mana.cards import Scroll, Spell
    from bodoge.games.ruler_of_mana.effects import Effect, Effects, Reaction

PlayShape = tuple[tuple["Effect", ...], tuple[tuple[int, ...], ...], frozenset[int], frozenset[int]]


def standing(
    scores: Sequence[int], bonus: Sequence[bool], hand_sizes: Sequence[int]
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """RM-5.5: the ranks and the winner (a one-seat tuple, or empty for a no game) of final
    ``scores`` (RM-5.4, the bonus included). Among the highest, the finish ``bonus`` wins, then
    the fewest cards in hand; players equal on all three share a place (ruling).

    >>> standing([12, 15, 15], [False, False, True], [3, 1, 5])
    ((3, 2, 1), (2,))
    >>> standing([9, 9], [False, False], [4, 4])
    ((1, 1), ())
    """
    keys = [(score, b, -size) for score, b, size in zip(scores, bonus, hand_sizes, strict=True)]
    best = max(keys)
    top = [s for s, key in enumerate(keys) if key == best]
    return competition_ranks(keys), tuple(top) if len(top) == 1 else ()


MEMO_SIZE: Final = 1 << 16
"""Most entries of each memo of payment steps (emptied when full: a long run's memory stays
bounded)."""


class Facts:
    """What the states of one game read at every step, made once by the game
    (``RulerOfMana.facts``): each card's facts by card number, the ready-made steps, and the memos
    of legal steps. A compiled class, so reading one is a field access (the game's own class is
    not compiled: its attributes are dictionary lookups).

    The memos of payment steps depend on the card set alone and are shared by the games of one
    card set (``pay_memo`` by hand, ``pay_alike`` by the cards that may still pay): their keys
    and values are bytes, which the garbage collector never walks however many there are. The
    play shapes are shared by those of one player count."""

    def __init__(
        self,
        game: RulerOfMana,
        pay_memo: dict[bytes, bytes],
        pay_alike: dict[bytes, bytes],
        shapes: dict[tuple[str, int, int, int], PlayShape],
    ) -> None:
        cs = game.cards
        self.players: int = game.players
        self.turn_cap: int | None = game.turn_cap
        self.expert: bool = game.expert
        self.life_cap: int | None = game.life_cap
        self.start_life: int = game.start_life
        self.ids: tuple[str, ...] = game.ids
        self.code: tuple[str, ...] = game.code
        self.is_mana: tuple[bool, ...] = game.is_mana
        self.is_scroll: tuple[bool, ...] = game.is_scroll
        self.mana_slot: tuple[int, ...] = game.mana_slot
        self.orbs: tuple[int, ...] = game.orbs
        self.element_of: tuple[int, ...] = game.element_of
        self.copies: dict[str, tuple[int, ...]] = game.copies
        self.code_order: dict[str, int] = game.code_order
        self.mana_total: int = game.mana_total
        self.spells: dict[str, Spell] = game.spells
        self.scrolls: dict[str, Scroll] = game.scrolls
        self.reactions: dict[str, Reaction] = game.reactions
        self.window_triggers: tuple[tuple[str, int, str], ...] = game.window_triggers
        self.lethal_kinds: tuple[str, ...] = game.lethal_kinds
        self.needs_target: dict[tuple[str, int], bool] = game.needs_target
        self.mana_value: dict[tuple[str, int], int] = game.mana_value
        self.step_draw: Action = game.step_draw
        self.step_cycle: Action = game.step_cycle
        self.step_exchange: Action = game.step_exchange
        self.step_pass: Action = game.step_pass
        self.step_target: list[Action] = game.step_target
        self.step_pick: list[Action] = game.step_pick
        self.step_react: dict[str, Action] = game.step_react
        self.step_card: dict[str, dict[str, Action]] = game.step_card
        self.step_cycle_card: dict[str, Action] = game.step_cycle_card
        self.pay_code: dict[str, str] = game.pay_code
        self.pay_units: dict[str, int] = game.pay_units
        # Each payment step by its index in ``payment.STEPS`` (None: no mana card of its code).
        self.step_pay: list[Action | None] = [game.step_pay.get(step) for step in STEPS]
        # The main steps (RM-2.2 (A)): each spell or scroll code has a slot, which holds the
        # steps of its options (a main scroll: one step, a reaction: none) and their costs.
        slots: dict[str, int] = {}
        self.main_slot: tuple[int, ...] = tuple(
            -1 if kind == "mana" else slots.setdefault(code, len(slots))
            for kind, code in ((c.kind, c.code) for c in cs.cards)
        )
        self.main_choices: list[tuple[Action, ...]] = []
        self.main_costs: list[tuple[CostCounts, ...]] = []
        for code in slots:
            spell = self.spells.get(code)
            if spell is not None:
                self.main_choices.append(
                    tuple(game.step_cast[code, k] for k in range(1, len(spell.options) + 1))
                )
                self.main_costs.append(tuple(o.cost.counts for o in spell.options))
            elif code in game.main_scrolls:
                self.main_choices.append((game.step_scroll[code],))
                self.main_costs.append(((0, 0, 0, 0, 0),))  # a main scroll costs nothing
            else:
                self.main_choices.append(())
                self.main_costs.append(())
        # The payment steps (RM-3.4): each spell option has a number (from 0), with its cost and
        # the most cards of each mana code a payment of it can use (``payment.card_bounds``).
        self.option_base: dict[str, int] = {}
        self.pay_costs: list[CostCounts] = []
        self.pay_bounds: list[tuple[int, ...]] = []
        for spell in cs.spells:
            self.option_base[spell.id] = len(self.pay_costs)
            for k in range(1, len(spell.options) + 1):
                self.pay_costs.append(spell.options[k - 1].cost.counts)
                self.pay_bounds.append(game.pay_bounds[spell.id, k])
        self.pay_memo: dict[bytes, bytes] = pay_memo
        self.pay_alike: dict[bytes, bytes] = pay_alike
        # A play's effects and target sets by play and seats (``play_shape``).
        self.shapes: dict[tuple[str, int, int, int], PlayShape] = shapes

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
        shape = self.shapes.get(key)
        if shape is None:
            what = self.option_of(code, option)
            chosen = None if target < 0 else target
            shape = self.shapes[key] = (
                what.effects,
                what.target_sets(caster, self.players, chosen),
                what.targeted_players(caster, self.players, chosen),
                what.damage_targeted_players(caster, self.players, chosen),
            )
        return shape

    def main_options(self, slot: int, f: int, w: int, a: int, e: int, rainbows: int) -> int:
        """Which of slot ``slot``'s main steps a hand supplying ``f w a e`` units and ``rainbows``
        can pay for, as bits (RM-3.6: the options the caster can pay for; a main scroll always).
        Worked out each time: cheaper, compiled, than a memo of every hand's supply."""
        found = 0
        bit = 1
        for cost in self.main_costs[slot]:
            if payable_units(cost, f, w, a, e, rainbows):
                found |= bit
            bit <<= 1
        return found

    def main_steps(self, supply: list[int], code: str, out: list[Action]) -> None:
        """RM-2.2 (A), RM-3.6: add to ``out`` the steps that play spell or scroll ``code`` as the
        turn's option from a hand whose mana cards supply ``supply`` (the units of each
        element, in cost order ``F W A E``, and the rainbows; ``payment.payable_supply``)."""
        slot = self.main_slot[self.copies[code][0]]
        found = self.main_options(slot, supply[0], supply[1], supply[2], supply[3], supply[4])
        steps = self.main_choices[slot]
        for k in range(len(steps)):
            if found >> k & 1:
                out.append(steps[k])

    def pay_steps(self, code: str, option: int, paid: list[int], hand: list[int]) -> list[Action]:
        """RM-3.4: the payment steps that may follow the steps ``paid`` (indices in
        ``payment.STEPS``, canonical order) of spell ``code``'s option ``option`` from the sorted
        ``hand`` (the chosen cards still in it): ``payment.next_steps_counts``, made once per
        payment so far and hand (its mana cards beyond what a payment of this cost could use left
        out: ``payment.card_bounds``), then shared."""
        number = self.option_base[code] + option - 1
        bound = self.pay_bounds[number]
        counts = [0] * len(CODES)
        slot = self.mana_slot
        for c in hand:
            k = slot[c]
            if k < 0:
                break  # mana cards come first in a sorted hand
            if counts[k] < bound[k]:
                counts[k] += 1
        # The option's number in two bytes, the 9 counts, then the steps paid: all below 256.
        key = bytes([number >> 8, number & 255, *counts, *paid])
        found = self.pay_memo.get(key)
        if found is None:
            chosen = [0] * len(STEPS)
            for i in paid:
                chosen[i] += 1
                counts[STEP_CARD[i]] -= 1
            cost = self.pay_costs[number]
            start = paid[-1] if paid else 0
            steps = tuple(chosen)
            rest = tuple(counts)
            # Many hands pay alike: what they share is the cards that may still pay
            # (``payment.usable``), the one thing the next steps depend on.
            alike = bytes([number >> 8, number & 255, *usable(cost, steps, start, rest), *paid])
            found = self.pay_alike.get(alike)
            if found is None:
                following = next_steps_counts(cost, steps, start, rest)
                if len(self.pay_alike) >= MEMO_SIZE:
                    self.pay_alike.clear()
                found = self.pay_alike[alike] = bytes([step_index(s) for s in following])
            if len(self.pay_memo) >= MEMO_SIZE:
                self.pay_memo.clear()
            self.pay_memo[key] = found
        at = self.step_pay
        out: list[Action] = []
        for i in found:
            step = at[i]
            assert step is not None  # the hand holds a card of its code
            out.append(step)
        return out


class RMState(State):
    """A position of Ruler of Mana. Build it with ``RulerOfMana.new_state``."""

    game: RulerOfMana

    def __init__(self, game: RulerOfMana, rng: random.Random) -> None:
        super().__init__(game, rng)
        self.facts: Facts = game.facts
        n = game.players
        self.hands: list[list[int]] = [[] for _ in range(n)]
        self.deck: list[int] = []  # top = last
        self.discard: list[int] = []  # the shared face-up pile, in the order cards arrived
        self.gone: dict[str, int] = {}  # scroll code -> copies in the discard pile (never leave)
        self.life = [game.start_life] * n
        self.shield = [0] * n
        self.skips = [0] * n
        self.bonus = [False] * n  # RM-5.4 finish bonus
        self.ko_by = [NO_SEAT] * n  # who brought each seat to 0 during the current play
        self.seen: list[list[list[int]]] = [[[] for _ in range(n)] for _ in range(n)]
        self.start_player = 0
        self.player = 0  # whose turn it is
        self.turn = 0  # turns begun (skipped ones too)
        self.turns_done = 0
        self.deck_out = False  # RM-5.3: the last card was drawn this turn
        self.over = False
        self.truncated = False
        self.end_reason = ""  # ko | penalty | deck | cap
        self.ask = Ask(MAIN, 0)
        self.agenda: list[tuple[Any, ...]] = []  # play tasks, the next one last
        self.play: Play | None = None
        # RM-1.3: the draft (packs held now, this round's hidden picks); None when not drafting.
        self.packs: list[list[int]] | None = None
        self.picks: list[int] = []
        self.draft_round = 0
        # RM-2.2 (D): offers stay in the hand, secret, until all are in; then lie on the table.
        self.exchangers: list[int] = []  # seats taking part, in order from the declarer
        self.offers: dict[int, int] = {}
        self.table: dict[int, int] = {}  # revealed offers not picked yet: seat -> card

    # ------------------------------------------------------------------ protocol basics
    @property
    def current_player(self) -> int | None:
        return None if self.over else self.ask.seat

    @property
    def turn_player(self) -> int | None:
        return None if self.over else self.player

    @property
    def is_over(self) -> bool:
        return self.over  # nobody decides once the game is over (``current_player``)

    def asked_whatever_held(self) -> bool:
        """§3.5: a reaction window or lethal moment asks a seat on public facts alone (``play``),
        whether it holds an answer or can only pass. So do an exchange's offer (RM-2.2, every
        seat holding more than one card) and a draft's keep (RM-1.3, every pack of more than
        one card), whether those cards are of one kind (one step) or several."""
        return not self.over and self.ask.kind in (REACT, LETHAL, OFFER, KEEP)

    def card_census(self) -> list[str]:
        every = list(self.deck) + self.discard + list(self.table.values())
        for hand in self.hands:
            every += hand
        if self.packs is not None:
            for pack in self.packs:
                every += pack
            every += [c for c in self.picks if c >= 0]
        if self.ask.kind == TOP:  # a scry's cards, off the deck while they are looked at
            every += self.ask.cards
        ids = self.facts.ids
        return sorted(ids[c] for c in every)

    def _items_unordered(self) -> bool:
        """True while a payment is being added (its cards in canonical order)."""
        ask = self.ask
        if ask.kind != CAST:
            return False
        return ask.other != NO_SEAT or not self.facts.option_of(ask.code, ask.n).needs_target

    def _in_action(self) -> bool:
        ask = self.ask
        if ask.kind in BUILDING:
            return True
        return ask.kind in CHOOSING and bool(ask.chosen)

    def _chore(self) -> str | None:
        """A choice of cards (RM-2.1 expert ``bottom``; ``discard``, ``take``, ``top``,
        ``recover``, cards §3.2) is a chore named by its verb."""
        kind = self.ask.kind
        return kind if kind in CHOOSING else None

    def _items_ordered(self) -> bool:
        """RM-2.2 (C) and RM-2.1: the first card chosen goes to the bottom first; a scry's cards
        go back in the order chosen, the first on top."""
        return self.ask.kind in (CYCLE, BOTTOM, TOP)

    def _implied_items(self, action: Action) -> tuple[str, ...]:
        """The cards the game puts back by itself once ``action`` is taken: a scry (cards
        §3.2 ``scry(n)``) ends when one card is left, which has one place, under the rest
        (``resolve.choose``). A person who names that card too means the same action."""
        ask = self.ask
        if ask.kind != TOP or action.kind != TOP:
            return ()
        chosen = [*ask.chosen, self.first_copy(sorted(ask.cards), action.args[0], ask.chosen)]
        left = [c for c in ask.cards if c not in chosen]
        return (self.facts.code[left[0]],) if len(left) == 1 else ()

    def _why_illegal(self, notation: str) -> Message:
        return explain.why_illegal(self, notation)

    def apply(self, action: Action | str) -> None:
        """As ``State.apply``; a whole action may also write a verb once for its cards:
        ``bottom F1 A1`` is ``bottom F1 bottom A1`` (also discard, take, top, recover), list
        the cards of a discard, take or recover in any order, and split a cast's units among
        its 2-orb cards either way (``explain.read_payment``)."""
        if isinstance(action, str):
            action = explain.read_payment(self, explain.expand(action, self.facts.code_order))
        super().apply(action)  # a step just handed out by legal_actions is taken as it is

    def run(self) -> None:
        """Go on with the play after a decision (``play.run``)."""
        play.run(self)

    # ------------------------------------------------------------------ facts of a seat
    def mana_count(self, seat: int) -> int:
        """How many mana cards the seat holds (public: mana cards have a back of their own)."""
        return bisect_left(self.hands[seat], self.facts.mana_total)  # mana cards sort first

    def mana_counts(self, cards: list[int]) -> tuple[int, ...]:
        """The mana cards among ``cards`` as counts per code, in canonical order."""
        counts = [0] * 9
        slot = self.facts.mana_slot
        for c in cards:
            k = slot[c]
            if k >= 0:
                counts[k] += 1
        return tuple(counts)

    def mana_in(self, cards: list[int]) -> int:
        """How many of ``cards`` are mana cards (what a face-down move shows of them)."""
        is_mana = self.facts.is_mana
        count = 0
        for c in cards:
            if is_mana[c]:
                count += 1
        return count

    def paid_steps(self, ask: Ask) -> list[int]:
        """A cast's payment steps so far, one per chosen card, as indices in ``payment.STEPS``.
        After the spell card, ``ask.cards`` holds the 2-orb cards that supply one unit
        (``W2/1``, RM-3.4); the other chosen cards supply all their orbs."""
        slot = self.facts.mana_slot
        single = ask.cards[1:]
        return [ONE_STEP[slot[c]] if c in single else FULL_STEP[slot[c]] for c in ask.chosen]

    def payment_steps(self, ask: Ask) -> tuple[tuple[int, ...], int]:
        """A cast's payment so far as counts per payment step, and the index of the last step
        added (0 when none)."""
        counts = [0] * len(STEPS)
        steps = self.paid_steps(ask)
        for i in steps:
            counts[i] += 1
        return tuple(counts), steps[-1] if steps else 0

    def paid_units(self, ask: Ask) -> int:
        """The units a cast's payment supplies so far (RM-3.4: a 2-orb card 1 or 2)."""
        orbs = self.facts.orbs
        units = 1 - len(ask.cards)
        for c in ask.chosen:
            units += orbs[c]
        return units

    def first_copy(self, cards: list[int], code: str, skip: list[int] | None = None) -> int:
        """The lowest card of ``code`` among ``cards`` (sorted) that is not in ``skip``."""
        copies = self.facts.copies[code]  # consecutive card numbers
        last = copies[-1]
        for i in range(bisect_left(cards, copies[0]), len(cards)):
            c = cards[i]
            if c > last:
                break
            if skip is None or c not in skip:
                return c
        raise ValueError(f"no {code} left")  # pragma: no cover - legal steps never ask this

    # ------------------------------------------------------------------ moving cards
    def lose(self, seat: int, cards: list[int], public: bool, observer: int = NO_SEAT) -> None:
        """Take ``cards`` out of the seat's hand. ``public``: everyone sees which cards (they are
        played or discarded face up); else only ``observer`` does, and the others forget what
        they knew of that hand."""
        hand = self.hands[seat]
        for c in cards:
            hand.remove(c)
        for v, row in enumerate(self.seen):
            known = row[seat]
            if not known or v == seat:
                continue
            if public or v == observer:
                for c in cards:
                    if c in known:
                        known.remove(c)
            else:
                known.clear()

    def gain(self, seat: int, cards: list[int], public: bool, observer: int = NO_SEAT) -> None:
        """Put ``cards`` into the seat's hand; ``public``: everyone saw which cards they are (else
        ``observer`` did, if any)."""
        hand = self.hands[seat]
        for c in cards:
            insort(hand, c)
        if public:
            for v, row in enumerate(self.seen):
                if v != seat:
                    row[seat].extend(cards)
        elif observer != NO_SEAT:
            self.seen[observer][seat].extend(cards)

    def to_discard(self, cards: list[int]) -> None:
        """Put cards on the discard pile (RM-3.1), counting scrolls that are now out of play."""
        self.discard.extend(cards)
        is_scroll = self.facts.is_scroll
        for c in cards:
            if is_scroll[c]:
                code = self.facts.code[c]
                self.gone[code] = self.gone.get(code, 0) + 1

    def draw(self, seat: int, count: int, reason: str) -> None:
        """Draw ``count`` cards; a draw from an empty deck gets nothing (RM-5.3 ruling). Drawing
        the last card ends the game at the end of this turn."""
        deck = self.deck
        got = deck[: -count - 1 : -1]  # the top ``count`` cards, top first
        if got:
            del deck[-len(got) :]
            self.gain(seat, got, public=False)
            self.log.add(
                {
                    "event": "draw",
                    "seat": seat,
                    "count": len(got),
                    "reason": reason,
                    "mana": self.mana_in(got),
                },
                seat,
                {"cards": [self.facts.ids[c] for c in got]},
            )
        if len(got) < count:
            self.log.add({"event": "draw_empty", "seat": seat, "missing": count - len(got)})
        if got and not deck and not self.deck_out:
            self.deck_out = True
            self.log.add({"event": "deck_out", "seat": seat})

    def put_bottom(self, seat: int, cards: list[int]) -> None:
        """RM-2.3: hand cards to the bottom of the deck, face down, the first chosen first."""
        self.lose(seat, cards, public=False)
        for c in cards:
            self.deck.insert(0, c)
        self.log.add(
            {
                "event": "bottom",
                "seat": seat,
                "count": len(cards),
                "mana": self.mana_in(cards),
            },
            seat,
            {"cards": [self.facts.ids[c] for c in cards]},
        )

    # ------------------------------------------------------------------ the turn (RM-2)
    def begin_turn(self, seat: int) -> None:
        """Start ``seat``'s turn: its shield disappears, a skip is used up (the whole turn), else
        the turn-start draw (RM-2.1) and the choice of an option."""
        n = self.facts.players
        while True:
            self.player = seat
            self.turn += 1
            self.log.add({"event": "turn", "seat": seat, "turn": self.turn})
            if self.shield[seat]:
                self.log.add({"event": "shield_ends", "seat": seat, "amount": self.shield[seat]})
                self.shield[seat] = 0
            if self.skips[seat] == 0:
                break
            self.skips[seat] -= 1
            self.log.add({"event": "skip", "seat": seat})
            if self._turn_over(skipped=True):
                return
            seat = (seat + 1) % n
        if self.facts.expert and len(self.hands[seat]) >= HAND_LIMIT:
            self.ask = Ask(BOTTOM, seat, n=TURN_BOTTOM)
            return
        self.draw(seat, 1, "turn")
        self.ask = Ask(MAIN, seat)

    def end_turn(self) -> None:
        """The turn ends: the expert hand check, the end of the game, or the next turn."""
        if not self._turn_over(skipped=False):
            self.begin_turn((self.player + 1) % self.facts.players)

    def _turn_over(self, skipped: bool) -> bool:
        """RM-2.4, RM-5.3 and the turn cap at the end of a turn; True when the game ended."""
        p = self.player
        if not skipped and self.facts.expert and len(self.hands[p]) >= HAND_LIMIT:
            lost = min(PENALTY, self.life[p])
            self.life[p] -= lost
            self.log.add({"event": "penalty", "seat": p, "lost": lost, "life": self.life[p]})
            if self.life[p] == 0:  # the KO check after a penalty: no finish bonus (RM-5.4)
                self.game_over("penalty")
                return True
        self.turns_done += 1
        if self.deck_out:
            self.game_over("deck")
            return True
        cap = self.facts.turn_cap
        if cap is not None and self.turns_done >= cap:
            self.game_over("cap", truncated=True)
            return True
        return False

    def ko_check(self) -> bool:
        """RM-5.3 after a play: the game ends if anyone is at 0; the finish bonus (§0) goes to
        whoever's damage brought another player to 0. True when the game ended."""
        if 0 not in self.life:
            return False
        out = [s for s, life in enumerate(self.life) if life == 0]
        for s in out:
            by = self.ko_by[s]
            if by != NO_SEAT and by != s:
                self.bonus[by] = True
        self.log.add(
            {"event": "ko", "seats": out, "bonus": [s for s, b in enumerate(self.bonus) if b]}
        )
        self.game_over("ko")
        return True

    def game_over(self, reason: str, truncated: bool = False) -> None:
        self.over = True
        self.truncated = truncated
        self.end_reason = reason
        self.agenda = []
        self.ask = Ask(MAIN, self.player)  # nothing is awaited any more
        self.log.add({"event": "game_over", "reason": reason, "truncated": truncated})

    # ------------------------------------------------------------------ legal steps
    def _legal_steps(self) -> list[Action]:
        if self.over:
            return []
        return _LEGAL[self.ask.kind](self)

    def _legal_cards(self) -> list[Action]:
        """RM-2.2 (C) and RM-2.1 expert: the next card to the bottom of the deck."""
        kind = self.ask.kind
        verb = self.facts.step_cycle_card if kind == CYCLE else self.facts.step_card["bottom"]
        return [verb[code] for code in self.free_codes(self.hands[self.ask.seat])]

    def free_codes(self, cards: list[int], after: int = -1) -> list[str]:
        """The distinct codes among sorted ``cards`` not chosen yet, in canonical order; with
        ``after``, only cards above it (canonical order for unordered choices)."""
        chosen = self.ask.chosen
        codes = self.facts.code
        out: list[str] = []
        last = ""
        for c in cards:
            if c <= after or c in chosen:
                continue
            code = codes[c]
            if code != last:
                out.append(code)
                last = code
        return out

    def _legal_main(self) -> list[Action]:
        """RM-2.2: (A) a spell option payable from the hand (RM-3.6: the caster picks an option
        they can pay for) or a main scroll (RM-4.1), (B) draw with a deck, (C) cycle with 2 cards,
        (D) exchange with a card.

        The mana cards come first in a sorted hand; what they can pay is summed up as the units
        each element can supply and the rainbows (``Facts.main_steps``)."""
        f = self.facts
        hand = self.hands[self.ask.seat]
        supply = [0, 0, 0, 0, 0]
        element = f.element_of
        orbs = f.orbs
        slots = f.main_slot
        choices = f.main_choices
        out: list[Action] = []
        last = -1
        for c in hand:
            e = element[c]
            if e >= 0:
                supply[e] += orbs[c]
                continue
            slot = slots[c]
            if slot != last:  # the copies of a code are next to each other
                last = slot
                found = f.main_options(slot, supply[0], supply[1], supply[2], supply[3], supply[4])
                if found:
                    steps = choices[slot]
                    for k in range(len(steps)):
                        if found >> k & 1:
                            out.append(steps[k])
        if self.deck:
            out.append(f.step_draw)
        if len(hand) >= CYCLE_CARDS:
            out.append(f.step_cycle)
        if hand:
            out.append(f.step_exchange)
        return out

    # ------------------------------------------------------------------ doing a step
    def _do(self, action: Action) -> None:
        kind = action.kind
        handler = _DO.get(kind)
        # resolve.choose called by name, not looked up as a value: compiled, that is a direct call
        if handler is None or (kind == "pass" and self.ask.kind == RECOVER):
            resolve.choose(self, action)
        else:
            handler(self, action)

    def _draw_option(self, action: Action) -> None:
        """RM-2.2 (B): draw a card; the turn ends."""
        self.draw(self.ask.seat, 1, "option")
        self.end_turn()

    def _cycle(self, action: Action) -> None:
        """RM-2.2 (C): two cards to the bottom, in the player's order, then draw two."""
        self.ask = Ask(CYCLE, self.ask.seat, n=CYCLE_CARDS)

    def _to_bottom(self, action: Action) -> None:
        """One card of a cycle (RM-2.2 (C)) or of the expert turn start (RM-2.1)."""
        ask = self.ask
        kind = action.kind
        ask.chosen.append(self.first_copy(self.hands[ask.seat], action.args[0], ask.chosen))
        if len(ask.chosen) == ask.n:
            self.put_bottom(ask.seat, ask.chosen)
            self.draw(ask.seat, ask.n, kind if kind == "bottom" else "cycle")
            if kind == "bottom":
                self.ask = Ask(MAIN, ask.seat)
            else:
                self.end_turn()

    def _keep(self, action: Action) -> None:
        draft.keep(self, action.args[0])

    # ------------------------------------------------------------------ the end (RM-5)
    def scores(self) -> list[int]:
        """RM-5.4: remaining life, plus the finish bonus."""
        return [
            life + (FINISH_BONUS if b else 0) for life, b in zip(self.life, self.bonus, strict=True)
        ]

    def result(self) -> Result:
        """RM-5.4 scores and the RM-5.5 winner: the highest score; among tied, the one with the
        finish bonus, else the fewest cards in hand, else nobody (no game). Ranks follow the same
        order. A truncated game is scored the same way."""
        if not self.over:
            raise ValueError("the game is not over")
        scores = self.scores()
        n = self.facts.players
        ranks, winners = standing(scores, self.bonus, [len(h) for h in self.hands])
        ladders = [
            [
                Rung("rm.result.score", "RM-5.5", scores[s], scores[s]),
                Rung("rm.result.bonus", "RM-5.5", self.bonus[s], self.bonus[s]),
                Rung("rm.result.cards", "RM-5.5", len(self.hands[s]), -len(self.hands[s])),
            ]
            for s in range(n)
        ]
        return Result(
            scores=tuple(float(x) for x in scores),
            ranks=ranks,
            winners=winners,
            truncated=self.truncated,
            decided_by=decided_by(ladders, ranks, top_tie=("rm.result.no_game", "RM-5.5")),
        )

    # ------------------------------------------------------------------ views and copies
    def looking(self) -> bool:
        """True while a scry's cards are off the deck, being looked at (they still count in it)."""
        return self.ask.kind == TOP and not self.over

    def _hand(self, seat: int) -> list[str]:
        ids = self.facts.ids
        return [ids[c] for c in self.hands[seat]]

    def _hand_sizes(self) -> list[int]:
        return [len(h) for h in self.hands]

    def _deck_size(self) -> int:
        return len(self.deck) + (len(self.ask.cards) if self.looking() else 0)

    def _view(self, player: int | None) -> JSON:
        """What ``player`` may know beyond the shared keys (``views.view``; DESIGN.md, "Views")."""
        return view(self, player)

    def clone(self) -> RMState:
        # The generator's copy, made without first seeding a new one from the system (as
        # ``State._copy_common`` does): a search clones at every iteration.
        rng = random.Random.__new__(random.Random)
        rng.setstate(self.rng.getstate())
        return self.copy_with(rng)

    def copy_with(self, rng: random.Random) -> RMState:
        """A copy of this state (``clone``) that draws from ``rng``."""
        # Made by the constructor, not ``__new__``: a compiled (mypyc) class has no bare new.
        new = RMState(self.game, rng)
        new.log = self.log.copy()
        new._history = list(self._history)
        new._legal = self._legal
        # The fields of ``storage.FIELDS`` one by one, as ``copy_fields`` copies them: through
        # the table, each is a dictionary lookup and a call of a lambda the compiler cannot
        # see into, and a search copies a state for every sample (tests: ``unlike_copy``
        # against the table's copy, all game long).
        new.hands = [list(row) for row in self.hands]
        new.deck = list(self.deck)
        new.discard = list(self.discard)
        new.life = list(self.life)
        new.shield = list(self.shield)
        new.skips = list(self.skips)
        new.bonus = list(self.bonus)
        new.ko_by = list(self.ko_by)
        new.seen = [[list(cell) for cell in row] for row in self.seen]
        new.start_player = self.start_player
        new.player = self.player
        new.turn = self.turn
        new.turns_done = self.turns_done
        new.deck_out = self.deck_out
        new.over = self.over
        new.truncated = self.truncated
        new.end_reason = self.end_reason
        new.ask = self.ask.copy()
        new.agenda = list(self.agenda)
        new.play = None if self.play is None else self.play.copy()
        new.packs = None if self.packs is None else [list(row) for row in self.packs]
        new.picks = list(self.picks)
        new.draft_round = self.draft_round
        new.exchangers = list(self.exchangers)
        new.offers = dict(self.offers)
        new.table = dict(self.table)
        new.gone = dict(self.gone)  # derived from the discard pile, kept beside the fields
        return new

    def determinize(self, player: int, seed: int) -> RMState:
        """Deal anew what ``player`` cannot see (``hidden.determinize``): the same view for that
        seat, and a generator of its own."""
        return hidden.determinize(self, player, seed)

    def _state_dict(self) -> JSON:
        return storage.to_dict(self)

    @classmethod
    def from_dict(cls, game: RulerOfMana, data: JSON, rng: random.Random) -> RMState:
        state = cls(game, rng)
        storage.load_into(state, data)
        return state


# What a state waiting on each kind of decision offers, and what each kind of step does.
_LEGAL: Final[dict[str, Callable[[RMState], list[Action]]]] = {
    MAIN: RMState._legal_main,
    REACT: play.legal_react,
    LETHAL: play.legal_react,
    CAST: play.legal_declare,
    SCROLL: play.legal_declare,
    CYCLE: RMState._legal_cards,
    BOTTOM: RMState._legal_cards,
    KEEP: draft.legal,
    OFFER: exchange.legal,
    PICK: exchange.legal,
    DISCARD: resolve.legal_choice,
    TAKE: resolve.legal_choice,
    TOP: resolve.legal_choice,
    RECOVER: resolve.legal_choice,
}
_DO: Final[dict[str, Callable[[RMState, Action], None]]] = {
    "react": play.answer,
    "pass": play.answer,
    "cast": play.declare_step,
    "scroll": play.declare_step,
    "target": play.declare_step,
    "pay": play.declare_step,
    "draw": RMState._draw_option,
    "cycle": RMState._cycle,
    "cycle_card": RMState._to_bottom,
    "bottom": RMState._to_bottom,
    "keep": RMState._keep,
    "exchange": exchange.step,
    "offer": exchange.step,
    "pick": exchange.step,
}
