"""Ruler of Mana's heuristic agent: the plan a good human follows, from the seat's view only.

**The yardstick.** Every choice is scored in life points, as a player of this game counts: my life
against the opponents' (the score is life, RM-5.4), the leader weighing most (a smooth maximum
of the opponents' life, so with two players it is simply the opponent's life), plus a worry for
my life once it is low (:data:`DANGER_LIFE`: one big spell from being finished), plus the cards
in hand (:data:`CARD` each, a draw's worth, less as the deck runs out and cards can no longer be
turned into plays). A play that ends the game (RM-5.3: someone at 0) is worth :data:`WIN` if its
final scores (finish bonus included) make me the winner, and as much against me otherwise. Cards
are read only through the card data: a spell option or a main scroll is its effects, resolved on
a small model of life and shield in the engine's order (cards page §3.3–§3.4), a reaction is its
verbs; no card is named in this file.

**The plan, decision by decision.**

1. *Turn* (RM-2.2). Score every castable option and main scroll with its best target, and draw,
   cycle and exchange; take the best.

   - A play is worth what it changes on the yardstick (damage, healing, shield for the round to
     come, cards drawn, stolen or taken, discards and skips forced on others), less the risk
     that a targeted opponent answers it (the chance that their hand holds a window reaction
     still in play that stops or reflects damage: every card not in sight is equally likely to be
     in their non-mana cards), less what it costs: each card spent is worth a card (a mana card a
     little more when another spell in hand needs its element, a spell more when one of its
     bigger options is a mana away). So a finishing blow that wins is taken at once, with the
     cheapest card that does it; healing and shields rise in value as life falls; a spell is
     cast when its damage per card beats a draw — 5 damage for 3 cards does, 2 for 2 does not.
   - Draw is worth a card; cycle is worth its two weakest cards traded for two new ones; an
     exchange its weakest card traded for the best of the offers (the declarer picks first).
   - Drawing the last card ends the game at the end of the turn (RM-5.3): worth :data:`WIN` when
     the scores then make me the winner, else avoided.
   - Expert (RM-2.4): an option that ends the turn with ``HAND_LIMIT`` or more cards loses
     ``PENALTY`` life (``rules.py``).
2. *Payment.* Of the exact payments (RM-3.4: a 2-orb card paying 1 or 2), the one whose cards
   are worth least to keep; in expert, counting what the hand left costs at the end of the turn,
   so two cards are paid instead of one where that keeps the hand under ``HAND_LIMIT``.
3. *Reactions* (cards §3.5). Against the play as declared: each reaction in hand is scored by
   how much better the play's outcome is with it (cancel, untarget, halve, reflect, retaliate
   after losing life, siphon the mana) less what holding it is worth for later; the best
   positive one is used, else ``pass``. Facing a lethal moment, the prevention is always used.
4. *Choices of cards.* Draft (RM-1.3): keep the card of best value for what I already hold
   (mana of the elements my spells need, spells my mana can fund or nearly). Discard, cycle,
   the expert ``bottom`` and an offer give my weakest cards; a take, a recovery and a pick take
   my best; a scry puts my best card on top when a draw of mine follows it, else my worst.

The card value behind 4: a mana card is worth :data:`MANA` (a 2-orb or rainbow card a bit more),
more when a spell in hand needs its element; a spell its best option's effects less its mana, by
how near my mana is to paying it; a main scroll its effects; a reaction what its verbs can save.

**Strength** and speed: ``docs/strength.md``, with the commands that measure them.

The same plan chooses the steps of ISMCTS rollouts (``rollout_step``, from a sampled state with
no view to build); where a rollout stops, ``evaluation.py`` judges the position.

>>> import bodoge, random
>>> from bodoge.agents import Decision
>>> game = bodoge.make("ruler-of-mana", players=2)
>>> state = game.new_state(seed=1, setup={"start_player": 0, "life": {1: 5},
...     "hands": {0: ["S01", "MF1-01", "MF1-02", "S13", "MW1-01"]}, "deck": ["ME1-01"]})
>>> agent = HeuristicAgent(game, 0, random.Random(1))
>>> str(agent.act(Decision.of(state)))  # 5 damage finishes seat 1 (at 5): the win
'cast S01/2'
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import TYPE_CHECKING, Any, Final

from bodoge.core.action import Action
from bodoge.games.ruler_of_mana.effects import Effect
from bodoge.games.ruler_of_mana.payment import (
    CODES,
    MANA,
    SYMBOLS,
    Cost,
    Mana,
    card_bounds,
    missing_units,
    payments,
    step_code,
    supply_of,
)
from bodoge.games.ruler_of_mana.records import NO_SEAT
from bodoge.games.ruler_of_mana.rules import CYCLE_CARDS, FINISH_BONUS, HAND_LIMIT, PENALTY
from bodoge.games.ruler_of_mana.views import pending as pending_of

if TYPE_CHECKING:
    from bodoge.agents.base import Decision
    from bodoge.core.state import State
    from bodoge.games.ruler_of_mana import RulerOfMana
    from bodoge.games.ruler_of_mana.state import RMState

__all__ = [
    "CARD",
    "DANGER_LIFE",
    "WIN",
    "HeuristicAgent",
    "Planner",
    "SeatFacts",
    "rollout_step",
]

CARD: Final = 1.0
"""What a card in hand is worth (a draw), in life points, while there are turns to use it."""

WIN: Final = 100.0
"""What ending the game as its winner is worth (and losing it costs)."""

DANGER_LIFE: Final = 9
"""Below this much life (shield counted in part) every point weighs :data:`DANGER` more: one big
spell (the fire ones deal 8–12) could finish me."""

DANGER: Final = 0.6
"""Extra weight of a life point below :data:`DANGER_LIFE`."""

MANA_CARD: Final = 0.8
"""What a 1-orb mana card is worth to keep (2-orb and rainbow cards: :data:`MANA_FLEX`)."""

MANA_FLEX: Final = 1.0
"""What a 2-orb or rainbow mana card is worth to keep: it pays more costs."""

MANA_NEED: Final = 0.4
"""Extra worth of a mana card whose element another spell in hand needs."""

SHIELD_WORTH: Final = 0.5
"""What a point of my own shield is worth: it lasts until my next turn and may go unused."""

DENY: Final = 0.4
"""What an opponent's lost card is worth to me."""

SKIP_WORTH: Final = 2.5
"""What a skipped turn is worth (to the one who skips: as much against)."""

SCRY_WORTH: Final = 0.4
"""What looking at and ordering the top of the deck is worth."""

REACT_USE: Final = 0.6
"""Chance that an opponent who holds a stopping reaction uses it on my play."""

HOLD: Final[dict[str, float]] = {
    "cancel": 4.0,
    "untarget": 3.5,
    "reflect": 4.0,
    "halve": 2.5,
    "retaliate": 2.5,
    "siphon": 2.0,
    "prevent": 4.0,
}
"""What holding a reaction for later is worth, by its verbs (the best of them counts)."""

OVER_LIMIT: Final = 1.0
"""Expert: what each card above 9 at the end of a turn costs beyond this turn's penalty (it
costs again next turn, unless a play spends it)."""

HAND_EASY: Final = 7
HAND_PRESSURE: Final = 0.3
"""Expert: what each card above ``HAND_EASY`` at the end of a turn costs (below the limit): the
penalty comes closer."""

SMOOTH: Final = 2.0
"""Softness of the opponents' smooth maximum of life (in life points)."""

RIDE_SHARE: Final = 0.4
"""Share of the value lost when a spell is spent on an option smaller than one a mana away."""

REACH: Final = (1.0, 0.75, 0.5, 0.35)
"""How much of a spell option's worth counts when the hand's mana lacks 0, 1, 2, 3+ units."""

HAND_ROOM: Final = 1.25
HAND_FADE: Final = 0.075
"""A card's worth shrinks with the hand: times ``HAND_ROOM - HAND_FADE * cards``, between 0.2
and 1 (1 up to 3 cards, 0.5 at 10): one play a turn cannot use a big hand."""


# ---------------------------------------------------------------------- what the seat sees
class SeatFacts:
    """What the plan looks at, as the seat knows it: from its view, or (for rollouts) from a
    state, through the same ``views.pending``. Cards are notation codes (``F1``, ``S19``,
    ``R03``); ``pending`` is the view's ``pending``. Read-only. A plain class, not a dataclass:
    a search makes one for every step of every rollout, and a dataclass's ``__init__`` is
    Python even when this module is compiled."""

    __slots__ = (
        "deck_size",
        "discard",
        "expert",
        "hand",
        "hand_sizes",
        "life",
        "mana_in_hand",
        "pending",
        "players",
        "seat",
        "shield",
        "table",
    )

    def __init__(
        self,
        *,
        seat: int,
        players: int,
        expert: bool,
        life: tuple[int, ...],
        shield: tuple[int, ...],
        hand: tuple[str, ...],
        hand_sizes: tuple[int, ...],
        mana_in_hand: tuple[int, ...],
        deck_size: int,
        discard: tuple[str, ...],
        table: tuple[tuple[int, str], ...],
        pending: Mapping[str, Any] | None,
    ) -> None:
        self.seat: Final = seat
        self.players: Final = players
        self.expert: Final = expert
        self.life: Final = life
        self.shield: Final = shield
        self.hand: Final = hand
        self.hand_sizes: Final = hand_sizes
        self.mana_in_hand: Final = mana_in_hand
        self.deck_size: Final = deck_size
        self.discard: Final = discard
        self.table: Final = table
        self.pending: Final = pending

    @classmethod
    def of_view(cls, game: RulerOfMana, view: Mapping[str, Any]) -> SeatFacts:
        code = game.cards.code_of
        return SeatFacts(
            seat=view["you"],
            players=game.players,
            expert=game.expert,
            life=tuple(view["life"]),
            shield=tuple(view["shield"]),
            hand=tuple(code(c) for c in view["hand"]),
            hand_sizes=tuple(view["hand_sizes"]),
            mana_in_hand=tuple(view["mana_in_hand"]),
            deck_size=view["deck_size"],
            discard=tuple(code(c) for c in view["discard"]),
            table=tuple((int(s), code(c)) for s, c in view["exchange"].items()),
            pending=view["pending"],
        )

    @classmethod
    def of_state(cls, state: RMState, seat: int) -> SeatFacts:
        """The facts of ``seat`` without building its whole view (no log): for rollouts."""
        g = state.facts  # compiled: its fields are read without dictionary lookups
        codes = g.code
        looking = len(state.ask.cards) if state.ask.kind == "top" else 0
        return SeatFacts(
            seat=seat,
            players=g.players,
            expert=g.expert,
            life=tuple(state.life),
            shield=tuple(state.shield),
            # Comprehensions, not ``map``: compiled, they index the lists directly.
            hand=tuple([codes[c] for c in state.hands[seat]]),
            hand_sizes=tuple([len(h) for h in state.hands]),
            mana_in_hand=tuple([state.mana_count(s) for s in range(g.players)]),
            deck_size=len(state.deck) + looking,
            discard=tuple([codes[c] for c in state.discard]),
            table=tuple((s, codes[c]) for s, c in state.table.items()),
            pending=pending_of(state, seat),
        )


class _Outcome:
    """A play's result on the small model: life, shield, hand size changes, skips, who brought
    whom to 0, life lost, and worth that is no life (a scry). A plain class, like
    :class:`SeatFacts`: a rollout step makes dozens."""

    __slots__ = ("cards", "extra", "ko_by", "life", "lost", "shield", "skips")

    def __init__(
        self,
        life: list[int],
        shield: list[int],
        cards: list[int],
        skips: list[int],
        ko_by: list[int],
        lost: list[int],
    ) -> None:
        self.life = life
        self.shield = shield
        self.cards = cards
        self.skips = skips
        self.ko_by = ko_by
        self.lost = lost
        self.extra = 0.0


def _payments(cost: Cost, hand: tuple[int, ...]) -> tuple[tuple[str, ...], ...]:
    """``payment.payments`` of a hand given as its mana counts (canonical order), beyond what a
    payment of ``cost`` could use left out (``payment.card_bounds``): the same payments. Kept
    by the cost's counts, since hashing a ``Cost`` runs its dataclass ``__hash__`` in Python."""
    key = (cost.counts, hand)
    found = _PAYMENTS.get(key)
    if found is None:
        if len(_PAYMENTS) >= _PAYMENTS_KEPT:
            _PAYMENTS.clear()
        found = _PAYMENTS[key] = payments(
            cost, {code: n for code, n in zip(CODES, hand, strict=True) if n}
        )
    return found


_PAYMENTS: Final[dict[tuple[tuple[int, ...], tuple[int, ...]], tuple[tuple[str, ...], ...]]] = {}
_PAYMENTS_KEPT: Final = 1 << 14


def _missing(cost: Cost, counts: Mapping[str, int]) -> int:
    """About how many mana units the cards ``counts`` lack to pay ``cost``."""
    return missing_units(cost.counts, supply_of(counts))


def _effects_worth(effects: tuple[Effect, ...], opps: int) -> float:
    """What effects are worth in a neutral position with ``opps`` opponents (for card values,
    not for plays; once a game, in ``_Tables``)."""
    total = 0.0
    for e in effects:
        n = e.n or 0
        seats = {
            "self": 0.0,
            "one_opponent": 1.0,
            "left": 1.0,
            "right": 1.0,
            "all_opponents": 0.7 * opps,
            "all_players": 0.7 * opps - 1.0,
        }
        reach = seats.get(e.target or "self", 1.0)
        if e.verb == "damage":
            total += n * (reach if e.target != "self" else -1.0)
        elif e.verb == "heal":
            total += 0.8 * n
        elif e.verb == "shield":
            total += SHIELD_WORTH * n
        elif e.verb in ("draw", "recover"):
            total += CARD * n
        elif e.verb in ("steal", "take"):
            total += (CARD + DENY) * n * max(reach, 1.0) * (1.2 if e.verb == "take" else 1.0)
        elif e.verb in ("discard", "discard_random"):
            total += DENY * n * max(reach, 1.0)
        elif e.verb == "skip":
            total += SKIP_WORTH * max(reach, 1.0)
        elif e.verb == "scry":
            total += SCRY_WORTH
        elif e.verb == "swap_hands":
            total += CARD
    return total


@lru_cache(maxsize=1 << 12)
def _smooth_max(opp: tuple[int, ...]) -> tuple[float, tuple[float, ...]]:
    """The smooth maximum of the opponents' life ``opp``, and each one's share of it."""
    top = max(opp)
    exps = [math.exp((x - top) / SMOOTH) for x in opp]
    total = sum(exps)
    level = top + SMOOTH * math.log(total / len(opp))
    return level, tuple([x / total for x in exps])


# ---------------------------------------------------------------------- the plan
class Planner:
    """The plan of the module docstring for one decision of one seat."""

    def __init__(self, game: RulerOfMana, facts: SeatFacts) -> None:
        self.game = game
        self.facts = facts
        self.me = facts.seat
        n = facts.players
        self.opponents = [s for s in range(n) if s != facts.seat]
        self.mana_counts: dict[str, int] = {}
        for code in facts.hand:
            if code in game.mana_kinds:
                self.mana_counts[code] = self.mana_counts.get(code, 0) + 1
        # Cards are worth less as the deck runs out: about one turn of mine per `n` cards drawn.
        turns_left = facts.deck_size / (n * 1.5)
        self.late = min(1.0, max(0.15, turns_left / 4.0))
        # One play a turn, of about three or four cards: a big hand holds more cards than the
        # turns can use, so each more card is worth less.
        room = HAND_ROOM - HAND_FADE * len(facts.hand)
        self.scale = self.late * min(1.0, max(0.2, room))
        self.card = CARD * self.scale
        self._tables = _tables(game)
        self.engine = game.facts  # the engine's compiled tables: no dictionary lookups
        self._needed = self._needed_elements()
        self._unseen: tuple[int, dict[str, int]] | None = None  # _unseen_reactions, once asked
        self._supply = supply_of(self.mana_counts)
        self._worth: dict[str, float] = {}  # card_worth, by code: the hand does not change
        self._recoverable = -1  # the discard pile's cards that are no scroll, once asked
        self._base: float | None = None  # _now, once asked
        self._ranked: list[str] | None = None  # the hand, weakest first (_weakest)

    # -------------------------------------------------------------- card values
    def _needed_elements(self) -> dict[str, int]:
        """The most of each element symbol that an option of a spell in hand asks for: the
        mana worth keeping."""
        need: dict[str, int] = {}
        needs = self._tables.needs
        for code in self.facts.hand:
            for symbol, n in needs.get(code, ()):
                if n > need.get(symbol, 0):
                    need[symbol] = n
        return need

    def mana_worth(self, code: str, spare: Mapping[str, int] | None = None) -> float:
        """What a mana card is worth to keep; more when a spell in hand needs its element
        (beyond what the other mana in hand, ``spare``, already covers)."""
        counts = spare if spare is not None else self.mana_counts
        mana = MANA[code]
        symbol = mana.symbol
        have = 0
        if symbol is not None and symbol in self._needed:
            have = sum(n * MANA[o].orbs for o, n in counts.items() if MANA[o].symbol == symbol)
        return self._worth_of_mana(mana, have)

    def _mana_worth_left(self, mana: Mana, left: Sequence[int]) -> float:
        """``mana_worth`` with the other mana in hand given as its units (``_supply``)."""
        symbol = mana.symbol
        have = left[SYMBOLS.index(symbol)] if symbol is not None and symbol in self._needed else 0
        return self._worth_of_mana(mana, have)

    def _worth_of_mana(self, mana: Mana, have: int) -> float:
        """A mana card's worth, ``have`` the units of its element the rest of the hand holds
        (read only when a spell in hand needs that element)."""
        base = MANA_FLEX if mana.rainbow or mana.orbs > 1 else MANA_CARD
        if mana.symbol is None:
            return base + (MANA_NEED if self._needed else 0.0)
        wanted = self._needed.get(mana.symbol, 0)
        if not wanted:
            return base
        return base + (MANA_NEED if have <= wanted else MANA_NEED / 2)

    def option_worth(self, code: str, option: int) -> float:
        """What spell ``code``'s option ``option`` (a scroll: 0) is worth in a neutral position
        (``_effects_worth``), from the game's tables."""
        return self._tables.option_worths[code, option]

    def card_worth(self, code: str) -> float:
        """What a card is worth to keep, given the hand (module docstring)."""
        worth = self._worth.get(code)
        if worth is None:
            worth = self._worth[code] = self._card_worth(code)
        return worth

    def _card_worth(self, code: str) -> float:
        if code in self.game.mana_kinds:
            return self.mana_worth(code) * self.scale
        tables = self._tables
        options = tables.spell_options.get(code)
        if options is not None:
            best = 0.3
            for counts, net in options:
                missing = missing_units(counts, self._supply)
                best = max(best, net * REACH[min(missing, len(REACH) - 1)])
            return best * self.scale
        return tables.scroll_worths[code] * self.scale

    def _unseen_reactions(self) -> tuple[int, dict[str, int]]:
        """Non-mana cards the seat cannot see, and the copies of each reaction kind among
        them (the others are in its hand, the discard pile or on the table)."""
        tables = self._tables
        # Counted by hand, not with ``Counter``, whose ``update`` is Python even when this is
        # compiled: a planner is built for every step of a rollout. Only what is no mana counts.
        live = dict(tables.reaction_copies)
        mana = self.game.mana_kinds
        hidden_seen = 0
        f = self.facts
        for cards in (f.hand, f.discard, [code for _, code in f.table]):
            for code in cards:
                if code not in mana:
                    hidden_seen += 1
                    if code in live:
                        live[code] -= 1
        return tables.hidden_total - hidden_seen, live

    def _unseen_cards(self) -> tuple[int, dict[str, int]]:
        """``_unseen_reactions``, worked out the first time a decision asks (a choice of cards
        to keep or discard never does)."""
        unseen = self._unseen
        if unseen is None:
            unseen = self._unseen = self._unseen_reactions()
        return unseen

    def holds_chance(self, seat: int, kinds: Sequence[str]) -> float:
        """Chance that ``seat``'s non-mana cards hold at least one of ``kinds`` (each unseen
        non-mana card equally likely to be anywhere unseen)."""
        total, live = self._unseen_cards()
        copies = sum(live.get(k, 0) for k in kinds)
        if copies <= 0:
            return 0.0
        k = self.facts.hand_sizes[seat] - self.facts.mana_in_hand[seat]
        if k <= 0 or total <= 0:
            return 0.0
        miss = 1.0
        for i in range(min(k, total)):
            miss *= max(0.0, (total - copies - i) / (total - i))
        return 1.0 - miss

    # -------------------------------------------------------------- the small model
    def resolve(
        self,
        effects: Sequence[PlainEffect],
        sets: Sequence[tuple[int, ...]],
        caster: int,
        modes: Mapping[int, str],
        after: Sequence[tuple[str, int, int]] = (),
        spent: int = 0,
    ) -> _Outcome:
        """The play's ``effects`` (``_Tables.effects``) on life, shield and hand sizes (cards
        page §3.3–§3.4), with the reactors' ``modes`` (cancel untarget halve reflect) and
        ``after`` effects; ``spent``:
        cards the caster's hand still counts that the play takes out of it (its own cards)."""
        f = self.facts
        n = f.players
        out = _Outcome(list(f.life), list(f.shield), [0] * n, [0] * n, [NO_SEAT] * n, [0] * n)
        sizes = list(f.hand_sizes)
        sizes[caster] -= spent
        if "cancel" in modes.values():
            return out
        life, shield, cards = out.life, out.shield, out.cards
        cap = self.engine.life_cap
        for (verb, amount, targets), seats in zip(effects, sets, strict=True):
            if not targets:
                if verb == "draw":
                    cards[caster] += min(amount, f.deck_size)
                elif verb == "recover":
                    recoverable = self._recoverable_cards()
                    cards[caster] += min(amount, recoverable)
                    out.extra += 0.2 * min(amount, recoverable) if caster == self.me else 0.0
                elif verb == "scry" and caster == self.me:
                    out.extra += SCRY_WORTH
                continue
            for seat in seats:
                how = modes.get(seat) if seat != caster else None
                if how == "untarget":
                    continue
                if verb == "damage":
                    dest, source, hit = seat, caster, amount
                    if how == "reflect":
                        dest, source = caster, seat
                    elif how == "halve":
                        hit //= 2
                    self._hit(out, source, dest, hit)
                elif verb == "heal":
                    before = life[seat]
                    life[seat] = (
                        before + amount if cap is None else min(before + amount, max(cap, before))
                    )
                elif verb == "shield":
                    shield[seat] += amount
                elif verb in ("steal", "take"):
                    k = min(amount, max(0, sizes[seat] + cards[seat]))
                    cards[seat] -= k
                    cards[caster] += k
                    if verb == "take" and caster == self.me:
                        out.extra += 0.3 * k  # chosen, not random
                elif verb in ("discard", "discard_random"):
                    cards[seat] -= min(amount, max(0, sizes[seat] + cards[seat]))
                elif verb == "skip":
                    out.skips[seat] += 1
                elif verb == "swap_hands":
                    mine = sizes[caster] + cards[caster]
                    theirs = sizes[seat] + cards[seat]
                    cards[caster] += theirs - mine
                    cards[seat] += mine - theirs
        for later, seat, amount in after:
            if later == "retaliate" and out.lost[seat] >= 1:
                self._hit(out, seat, caster, amount, counted=False)
        return out

    def _recoverable_cards(self) -> int:
        """The cards of the discard pile a recovery can take (no scrolls), counted the first
        time a play asks: the pile grows all game, and most planners never need it."""
        if self._recoverable < 0:
            scrolls = self.game.scrolls
            self._recoverable = sum(1 for c in self.facts.discard if c not in scrolls)
        return self._recoverable

    @staticmethod
    def _hit(out: _Outcome, source: int, dest: int, amount: int, counted: bool = True) -> None:
        absorbed = min(out.shield[dest], amount)
        out.shield[dest] -= absorbed
        before = out.life[dest]
        out.life[dest] = max(0, before - (amount - absorbed))
        if counted:
            out.lost[dest] += before - out.life[dest]
        if before > 0 and out.life[dest] == 0:
            out.ko_by[dest] = source

    # -------------------------------------------------------------- the yardstick
    def _weights(self, life: Sequence[int]) -> tuple[float, tuple[float, ...]]:
        """The opponents' smooth maximum of life, and each opponent's share of it."""
        return _smooth_max(tuple([life[o] for o in self.opponents]))

    def position(
        self, life: Sequence[int], shield: Sequence[int], level: float | None = None
    ) -> float:
        """The yardstick without cards: my life against the opponents', with the danger term
        (``level``: the opponents' smooth maximum of ``life``, if known)."""
        me = self.me
        own = life[me] + SHIELD_WORTH * min(shield[me], 6)
        if level is None:
            level, _ = self._weights(life)
        return own - level - DANGER * max(0.0, DANGER_LIFE - own)

    def final(self, life: Sequence[int], ko_by: Sequence[int], cards: Sequence[int] = ()) -> float:
        """:data:`WIN` if the game ending now makes me the winner (RM-5.5), else -WIN (0 for a
        game nobody wins)."""
        n = self.facts.players
        bonus = [False] * n
        for s in range(n):
            if life[s] == 0 and ko_by[s] not in (NO_SEAT, s):
                bonus[ko_by[s]] = True
        sizes = [self.facts.hand_sizes[s] + (cards[s] if cards else 0) for s in range(n)]
        keys = [
            (life[s] + (FINISH_BONUS if bonus[s] else 0), bonus[s], -sizes[s]) for s in range(n)
        ]
        best = max(keys)
        top = [s for s in range(n) if keys[s] == best]
        if len(top) != 1:
            return 0.0
        return WIN if top[0] == self.me else -WIN

    def worth(self, out: _Outcome) -> float:
        """The yardstick of an outcome (the game over if anyone is at 0: RM-5.3)."""
        if min(out.life) == 0:
            return self.final(out.life, out.ko_by, out.cards)
        me = self.me
        level, weights = self._weights(out.life)
        value = self.position(out.life, out.shield, level) + out.extra
        value += self.card * out.cards[me] - SKIP_WORTH * self.late * out.skips[me]
        for w, o in zip(weights, self.opponents, strict=True):
            value -= DENY * self.late * w * out.cards[o]
            value += SKIP_WORTH * self.late * w * out.skips[o]
        return value

    def _now(self) -> float:
        f = self.facts
        n = f.players
        return self.worth(
            _Outcome(list(f.life), list(f.shield), [0] * n, [0] * n, [NO_SEAT] * n, [0] * n)
        )

    # -------------------------------------------------------------- my plays
    def effects_of(self, code: str, option: int) -> tuple[PlainEffect, ...]:
        """What a play (spell ``code`` option ``option``, or a scroll: 0) does, as the plan
        weighs it: each effect's verb, amount, and whether it targets anyone."""
        return self._tables.effects[code, option]

    def play_worth(self, code: str, option: int, target: int) -> tuple[float, int]:
        """What my play (spell ``code`` option ``option``, or a scroll: 0) is worth against
        ``target``, the chance of an answer by each targeted opponent counted in; and how many
        cards it brings into my hand (draws, steals, a swap)."""
        me = self.me
        what = self._tables.effects[code, option]
        _, sets, targeted, damaged = self.engine.play_shape(code, option, me, target)
        spent = 1 + (self.engine.mana_value[code, option] if option else 0)
        full = self.resolve(what, sets, me, {}, spent=spent)
        value = self.worth(full)
        if value >= WIN:
            value = self._lethal_risk(full, value)
        base = self._base
        if base is None:
            base = self._base = self._now()
        stoppers = self._tables.stoppers[option > 0]
        for o in sorted(targeted):
            kinds = [
                k
                for k, verb, trigger in stoppers
                if trigger == "targeted" or (trigger == "damage_targeted" and o in damaged)
            ]
            chance = self.holds_chance(o, kinds) * REACT_USE
            if chance <= 0.0:
                continue
            reflects = self._tables.reflects
            reflect = [k for k in kinds if k in reflects]
            live = self._unseen_cards()[1]
            share = sum(live.get(k, 0) for k in reflect) / max(
                1, sum(live.get(k, 0) for k in kinds)
            )
            dodged = self.worth(self.resolve(what, sets, me, {o: "untarget"}, spent=spent))
            bounced = (
                self.worth(self.resolve(what, sets, me, {o: "reflect"}, spent=spent))
                if share
                else 0.0
            )
            answered = (1 - share) * dodged + share * bounced
            value += chance * (answered - value)
        return value - base, full.cards[me]

    def _lethal_risk(self, out: _Outcome, value: float) -> float:
        """A winning finish may meet a lethal reaction (prevent): then the game goes on."""
        lethal = list(self.game.lethal_kinds)
        chance = 0.0
        for s, life in enumerate(out.life):
            if life == 0 and s != self.me:
                chance = max(chance, self.holds_chance(s, lethal))
        if chance <= 0.0:
            return value
        saved = _Outcome(
            list(out.life),
            list(out.shield),
            list(out.cards),
            list(out.skips),
            [NO_SEAT] * len(out.life),
            lost=list(out.lost),
        )
        saved.life = [3 if x == 0 else x for x in saved.life]  # prevented, then healed a bit
        return (1 - chance) * value + chance * self.worth(saved)

    def _verbs(self, code: str) -> tuple[str, ...]:
        reaction = self.game.reactions[code]
        return tuple(v.verb for v in reaction.verbs)

    def best_target(self, code: str, option: int) -> tuple[float, int, int]:
        """The best ``one_opponent`` for a play (or NO_SEAT when it has none), its worth and
        the cards it brings me (``play_worth``)."""
        if not self.engine.needs_target[code, option]:
            value, cards = self.play_worth(code, option, NO_SEAT)
            return value, NO_SEAT, cards
        best: tuple[float, int, int] | None = None
        for o in self.opponents:
            value, cards = self.play_worth(code, option, o)
            if best is None or value > best[0]:
                best = (value, o, cards)
        assert best is not None
        return best

    def best_payment(
        self, cost: Cost, chosen: Sequence[str] = (), gained: int = 0
    ) -> tuple[tuple[str, ...], float]:
        """The exact payment (its steps in canonical order, starting with ``chosen``) that costs
        least, and that cost: its cards' worth to keep, and in expert what the hand left at the
        end of the turn costs (RM-2.4; ``gained``: the cards the play brings me). Every payment
        is weighed (RM-3.4: ``W W`` by one ``W2`` or by two ``W2/1``), so one that spends more
        cards is chosen where it keeps the hand under the penalty."""
        counts = self.mana_counts
        bounds = card_bounds(cost.counts)
        hand = tuple(min(counts.get(code, 0), b) for code, b in zip(CODES, bounds, strict=True))
        best: tuple[tuple[str, ...], float] | None = None
        prefix = tuple(chosen)
        supply = self._supply
        after: dict[int, float] = {}  # _hand_after by the payment's size
        for pay in _payments(cost, hand):
            if pay[: len(prefix)] != prefix:
                continue
            cards = [MANA[step_code(step)] for step in pay]
            left = list(supply)  # what the rest of the hand holds (``mana_worth``'s ``spare``)
            for mana in cards:
                if mana.symbol is not None:
                    left[SYMBOLS.index(mana.symbol)] -= mana.orbs
            worth = 0.0
            for mana in cards:
                worth += self._mana_worth_left(mana, left)
            worth *= self.scale
            size = len(pay)
            later = after.get(size)
            if later is None:
                later = after[size] = self._hand_after(gained - 1 - size)
            worth -= later
            if best is None or worth < best[1]:
                best = (pay, worth)
        if best is None:
            return (), 0.0
        return best

    def _spell_cost(self, code: str, option: int) -> float:
        """The spell card spent: a card, plus a share of a bigger option a mana away."""
        spell = self.game.spells[code]
        this = self.option_worth(code, option)
        ride = 0.0
        for i, other in enumerate(spell.options):
            if missing_units(other.cost.counts, self._supply) == 1:
                ride = max(ride, self.option_worth(code, i + 1) - this)
        return self.card + RIDE_SHARE * ride * self.scale

    def _hand_after(self, change: int) -> float:
        """RM-2.4 (expert): what ending the turn with ``change`` more cards costs. At 10 or
        more the turn costs 2 life (all of it, and the game, at 2 or less), and every card kept
        above 9 keeps costing until a play spends it (:data:`OVER_LIMIT` a card)."""
        if not self.facts.expert:
            return 0.0
        size = len(self.facts.hand) + change
        if size < HAND_LIMIT:
            # Room to spare: a hand near the limit must be spent soon or draw the penalty.
            return -HAND_PRESSURE * max(0, size - HAND_EASY)
        f = self.facts
        life = list(f.life)
        if life[self.me] <= PENALTY:
            return -WIN
        before = self.position(life, f.shield)
        life[self.me] -= PENALTY
        return self.position(life, f.shield) - before - OVER_LIMIT * (size - HAND_LIMIT + 1)

    def _draw_worth(self) -> float:
        f = self.facts
        if f.deck_size == 1:  # RM-5.3: the last card ends the game with this turn
            ending = self.final(
                list(f.life),
                [NO_SEAT] * f.players,
                [1 if s == self.me else 0 for s in range(f.players)],
            )
            return ending if ending < WIN else WIN / 2
        return self.card + self._hand_after(1)

    def _weakest(self, count: int) -> list[str]:
        """My ``count`` cards worth least to keep (the hand sorted once a planner: a turn's
        option weighs both a cycle and an exchange)."""
        ranked = self._ranked
        if ranked is None:
            ranked = self._ranked = sorted(self.facts.hand, key=self.card_worth)
        return ranked[:count]

    def _cycle_worth(self) -> float:
        if len(self.facts.hand) < CYCLE_CARDS:
            return -WIN
        low = sum(self.card_worth(c) for c in self._weakest(CYCLE_CARDS))
        return CYCLE_CARDS * self.card - low + self._hand_after(0) - 0.1

    def _exchange_worth(self) -> float:
        offers = len([s for s in range(self.facts.players) if self.facts.hand_sizes[s]])
        low = self.card_worth(self._weakest(1)[0])
        gain = self.card * (0.6 + 0.15 * (offers - 1))
        return gain - low + self._hand_after(0) - 0.2

    def _main(self, legal: Sequence[Action]) -> Action:
        """RM-2.2: the best-scoring option of the turn (module docstring, 1)."""
        best: tuple[float, int] | None = None
        # The options that cost no cards first, as a bar: in the basic rules a payment costs
        # at least nothing (its cards are worth keeping; no hand penalty to spare), so a cast
        # that cannot beat the bar before paying is not weighed further. The choice is the
        # same: the best value, the first in legal order among equals.
        plain: dict[str, float] = {}
        for action in legal:
            kind = action.kind
            if kind in ("cast", "scroll") or kind in plain:
                continue
            if kind == "draw":
                plain[kind] = self._draw_worth()
            elif kind == "cycle":
                plain[kind] = self._cycle_worth()
            else:
                plain[kind] = self._exchange_worth()
        bar = max(plain.values()) if plain and not self.facts.expert else -math.inf
        for i, action in enumerate(legal):
            kind = action.kind
            if kind == "cast":
                code, option = action.args
                # A winning blow scores about WIN whatever it costs: the costs still pick the
                # cheapest of several.
                raw, _, gained = self.best_target(code, option)
                spell = self._spell_cost(code, option)
                unpaid = raw - spell
                if not self.facts.expert and (
                    unpaid < bar or (best is not None and unpaid <= best[0])
                ):
                    continue  # whatever its payment, it cannot be the best
                cost = self.game.spells[code].options[option - 1].cost
                _, spent = self.best_payment(cost, gained=gained)
                value = raw - (spent + spell)
            elif kind == "scroll":
                code = action.args[0]
                value, _, gained = self.best_target(code, 0)
                value += self._hand_after(gained - 1) - self.card
            else:
                value = plain[kind]
            if best is None or value > best[0]:
                best = (value, i)
        assert best is not None
        return legal[best[1]]

    # -------------------------------------------------------------- reactions
    def _react(self, legal: Sequence[Action]) -> Action:
        """A window or lethal answer (module docstring, 3)."""
        f = self.facts
        assert f.pending is not None
        decision = f.pending["decision"]
        reacts = [a for a in legal if a.kind == "react"]
        if not reacts:
            return legal[-1]
        if decision["kind"] == "lethal":
            return reacts[0]  # prevent the blow that would finish me
        g = self.game
        caster: int = f.pending["seat"]
        code = g.cards.code_of(f.pending["card"])
        option = f.pending["option"] or 0
        target = f.pending["target"]
        what = self._tables.effects[code, option]
        _, sets, _, _ = self.engine.play_shape(
            code, option, caster, NO_SEAT if target is None else target
        )
        modes: dict[int, str] = {}
        after: list[tuple[str, int, int]] = []
        for seat_key, card in f.pending["reactions"].items():
            self._add_reaction(g.cards.code_of(card), int(seat_key), modes, after)
        base = self.worth(self.resolve(what, sets, caster, modes, after))
        best: tuple[float, Action] | None = None
        for action in reacts:
            mine = dict(modes)
            later = list(after)
            kind = action.args[0]
            self._add_reaction(kind, self.me, mine, later)
            value = self.worth(self.resolve(what, sets, caster, mine, later))
            if ("siphon", self.me, 0) in later:  # the paid mana comes to my hand
                value += self.card * len(f.pending["paid"])
            hold = max(HOLD.get(v, 2.0) for v in self._verbs(kind)) * self.late
            gain = value - base - hold
            if gain > 0 and (best is None or gain > best[0]):
                best = (gain, action)
        return best[1] if best is not None else legal[-1]

    def _add_reaction(
        self, code: str, seat: int, modes: dict[int, str], after: list[tuple[str, int, int]]
    ) -> None:
        reaction = self.game.reactions[code]
        if reaction.timing != "window":
            return
        for v in reaction.verbs:
            if v.verb in ("cancel", "untarget", "halve", "reflect"):
                modes[seat] = v.verb
            elif v.verb in ("retaliate", "siphon"):
                after.append((v.verb, seat, v.n or 0))

    # -------------------------------------------------------------- choices of cards
    def _pick_codes(self, legal: Sequence[Action], order: Sequence[str]) -> Action:
        """The first legal step whose card comes first in ``order`` (best first)."""
        by_code = {a.args[0]: a for a in legal if a.args}
        for code in order:
            if code in by_code:
                return by_code[code]
        return legal[0]

    def _worst_first(self, legal: Sequence[Action]) -> Action:
        codes = [a.args[0] for a in legal if a.args]
        return self._pick_codes(legal, sorted(codes, key=self.card_worth))

    def _best_first(self, legal: Sequence[Action], deny: float = 0.0) -> Action:
        codes = [a.args[0] for a in legal if a.args]

        def key(code: str) -> float:
            extra = deny if code not in self.game.mana_kinds else 0.0
            return -(self.card_worth(code) + extra)

        return self._pick_codes(legal, sorted(codes, key=key))

    def _unordered(self, legal: Sequence[Action], count: int, best: bool) -> Action:
        """An unordered choice of ``count`` cards made in canonical order (resolve.legal_choice):
        the first legal card of the wanted set (best or worst of the source)."""
        f = self.facts
        assert f.pending is not None
        decision = f.pending.get("decision", f.pending)
        kind = decision["kind"]
        chosen = [self.game.cards.code_of(c) for c in decision.get("chosen", [])]
        if kind == "take":
            source = [self.game.cards.code_of(c) for c in decision["hand"]]
        elif kind == "recover":
            source = [c for c in f.discard if c not in self.game.scrolls]
        else:
            source = list(f.hand)
        for code in chosen:
            if code in source:
                source.remove(code)
        ranked = sorted(source, key=self.card_worth, reverse=best)
        wanted = ranked[: max(count - len(chosen), 1)]
        allowed = {a.args[0]: a for a in legal if a.args}
        for code in sorted(wanted, key=lambda c: self.game.code_order[c]):
            if code in allowed:
                return allowed[code]
        return self._best_first(legal) if best else self._worst_first(legal)

    def _scry(self, legal: Sequence[Action]) -> Action:
        """My best card on top when a draw of mine follows in this play, else my worst."""
        f = self.facts
        assert f.pending is not None
        code = self.game.cards.code_of(f.pending["card"])
        effects = self.game.option_of(code, f.pending["option"] or 0).effects
        verbs = [e.verb for e in effects]
        draws_after = "scry" in verbs and "draw" in verbs[verbs.index("scry") :]
        return self._best_first(legal) if draws_after else self._worst_first(legal)

    def _recover(self, legal: Sequence[Action]) -> Action:
        cards = [a for a in legal if a.kind == "recover"]
        if not cards:
            return legal[-1]
        assert self.facts.pending is not None
        best = self._unordered(legal, self.facts.pending["decision"]["count"], best=True)
        worth = self.card_worth(best.args[0])
        if worth < 0.2 or worth + self._hand_after(1) < 0:
            return legal[-1]  # pass: "up to n", and nothing left worth the hand space
        return best

    def _declaration(self, legal: Sequence[Action]) -> Action:
        """The next step of my declaration: its target, or its payment (the best one)."""
        f = self.facts
        assert f.pending is not None
        kind = legal[0].kind
        if kind == "target":
            code = f.pending.get("spell") or f.pending["scroll"]
            option = f.pending.get("option", 0) if "spell" in f.pending else 0
            _, target, _ = self.best_target(code, option)
            for action in legal:
                if action.args[0] == target:
                    return action
            return legal[0]
        code = f.pending["spell"]
        option = f.pending["option"]
        cost = self.game.spells[code].options[option - 1].cost
        chosen = f.pending["payment"]
        _, gained = self.play_worth(code, option, f.pending.get("target", NO_SEAT))
        pay, _ = self.best_payment(cost, chosen, gained)
        if len(pay) > len(chosen):
            for action in legal:
                if action.args[0] == pay[len(chosen)]:
                    return action
        return legal[0]

    def choose(self, legal: Sequence[Action]) -> Action:
        """The plan's step among ``legal``."""
        if len(legal) == 1:
            return legal[0]
        kinds = {a.kind for a in legal}
        f = self.facts
        if kinds & {"draw", "cycle", "exchange", "cast", "scroll"}:
            return self._main(legal)
        if "react" in kinds or kinds == {"pass"}:
            return self._react(legal)
        if kinds & {"target", "pay"}:
            return self._declaration(legal)
        if "keep" in kinds:
            return self._best_first(legal)
        if "pick" in kinds:
            offers = dict(f.table)
            return max(legal, key=lambda a: self.card_worth(offers[a.args[0]]))
        if kinds & {"offer", "cycle_card", "bottom"}:
            return self._worst_first(legal)
        if "discard" in kinds:
            assert f.pending is not None
            return self._unordered(legal, f.pending["decision"]["count"], best=False)
        if "take" in kinds:
            assert f.pending is not None
            return self._unordered(legal, f.pending["decision"]["count"], best=True)
        if "top" in kinds:
            return self._scry(legal)
        if "recover" in kinds:
            return self._recover(legal)
        return legal[0]


# ---------------------------------------------------------------------- the agent and hooks
class HeuristicAgent:
    """Ruler of Mana's ``heuristic`` seat: the plan of this module, from the decision alone."""

    def __init__(self, game: RulerOfMana, seat: int, rng: random.Random) -> None:
        self.game = game
        self.seat = seat
        self.rng = rng  # the plan is deterministic; kept for the agent protocol

    def act(self, decision: Decision) -> Action:
        legal = decision.legal
        if len(legal) == 1:
            return legal[0]
        facts = SeatFacts.of_view(self.game, decision.view)
        return Planner(self.game, facts).choose(legal)


def rollout_step(state: State, rng: random.Random) -> Action:
    """The plan for whoever is to move in a (sampled) state: ISMCTS rollouts. Step by step: a
    cast returned whole (its target and payment with it) plays the same, but the search asks
    this policy more often for its first step alone (``ismcts._hint``), which would then plan
    the payment for nothing."""
    from bodoge.games.ruler_of_mana.state import RMState

    assert isinstance(state, RMState)
    legal = state.legal_actions()
    seat = state.current_player
    if len(legal) == 1 or seat is None:
        return legal[0]
    # Not kept by the facts: a search meets the same facts at a turn's option in about 2% of
    # its rollout steps (bench/ismcts.py's positions), and hashing them costs more.
    return Planner(state.game, SeatFacts.of_state(state, seat)).choose(legal)


PlainEffect = tuple[str, int, bool]
"""An effect as ``Planner.resolve`` reads it: its verb, its amount, and whether it targets."""


class _Tables:
    """What the planners of one game (its cards and number of players) look up again and
    again, kept once: read from the cards' own objects, every lookup would be a Python
    attribute or ``__hash__`` (the card classes are not compiled)."""

    __slots__ = (
        "effects",
        "hidden_total",
        "needs",
        "option_worths",
        "reaction_copies",
        "reflects",
        "scroll_worths",
        "spell_options",
        "stoppers",
    )

    def __init__(self, game: RulerOfMana) -> None:
        # Each spell's most units of each element over its options (``_needed_elements``).
        self.needs: dict[str, tuple[tuple[str, int], ...]] = {}
        for code, spell in game.spells.items():
            most = [max(o.cost.counts[i] for o in spell.options) for i in range(4)]
            self.needs[code] = tuple([(SYMBOLS[i], n) for i, n in enumerate(most) if n])
        # Each play's effects as (verb, amount, targets anyone), for ``Planner.resolve``.
        self.effects: dict[tuple[str, int], tuple[PlainEffect, ...]] = {}
        for code, spell in game.spells.items():
            for k, option in enumerate(spell.options, start=1):
                self.effects[code, k] = _plain(option.effects)
        for code, scroll in game.scrolls.items():
            self.effects[code, 0] = _plain(scroll.effects)
        # Each play's worth in a neutral position (``Planner.option_worth``; a scroll: option 0).
        opps = game.players - 1
        worths = self.option_worths = {
            key: _effects_worth(tuple(game.option_of(*key).effects), opps) for key in self.effects
        }
        # ``Planner._card_worth`` less the hand: each spell option's cost counts and its worth
        # net of the mana it spends; each scroll's worth.
        self.spell_options: dict[str, tuple[tuple[tuple[int, ...], float], ...]] = {
            code: tuple(
                [
                    (o.cost.counts, worths[code, k] - MANA_CARD * o.cost.mana_value)
                    for k, o in enumerate(spell.options, start=1)
                ]
            )
            for code, spell in game.spells.items()
        }
        self.scroll_worths: dict[str, float] = {}
        for code, scroll in game.scrolls.items():
            if scroll.reaction is not None:
                self.scroll_worths[code] = max(HOLD.get(v.verb, 2.0) for v in scroll.reaction.verbs)
            else:
                self.scroll_worths[code] = max(0.5, worths[code, 0])
        # ``Planner._unseen_reactions``: the cards that are no mana, and each reaction's copies.
        self.hidden_total: int = len(game.ids) - game.mana_total
        self.reaction_copies: dict[str, int] = {
            code: len(game.copies[code]) for code in game.reactions
        }
        # Window reaction kinds that stop or turn a play's damage, (kind, verb, trigger), for a
        # spell (True) and a scroll (False); and the kinds that reflect.
        self.stoppers: dict[bool, list[tuple[str, str, str]]] = {
            is_spell: _stoppers(game, is_spell) for is_spell in (True, False)
        }
        self.reflects: frozenset[str] = frozenset(
            code
            for code, reaction in game.reactions.items()
            if any(v.verb == "reflect" for v in reaction.verbs)
        )


def _stoppers(game: RulerOfMana, is_spell: bool) -> list[tuple[str, str, str]]:
    """Window reaction kinds that stop or turn the damage of a spell (or a scroll)."""
    out: list[tuple[str, str, str]] = []
    for code in game.window_kinds:
        reaction = game.reactions[code]
        if reaction.trigger == "spell_cast" and not is_spell:
            continue
        out.extend(
            (code, v.verb, reaction.trigger)
            for v in reaction.verbs
            if v.verb in ("cancel", "untarget", "halve", "reflect")
        )
    return out


def _plain(effects: Sequence[Effect]) -> tuple[PlainEffect, ...]:
    return tuple([(e.verb, e.n or 0, e.target is not None) for e in effects])


def _tables(game: RulerOfMana) -> _Tables:
    """The planners' :class:`_Tables` of ``game`` (kept in ``game.derived``)."""
    tables: _Tables | None = game.derived.get(_Tables)
    if tables is None:
        tables = game.derived[_Tables] = _Tables(game)
    return tables


SEARCH_HORIZON: Final = 2
"""ISMCTS looks this many of its own turns ahead before the fitted evaluator judges
(``evaluation.py``): it won as often as 4 turns did with the evaluator of life and cards it
replaced, at about twice the iterations a second (``docs/strength.md``)."""

SEARCH_DEEP_HORIZON: Final = 3
"""The horizon of a deep search (``Settings.deep``: the ``hard`` level). With ``hard``'s four
times ``normal``'s iterations, looking one turn further beat the heuristic in 79.8% of 600
games, against 73.2% at :data:`SEARCH_HORIZON` on the same deals (``docs/strength.md``), at
about 1.7 times the time a game."""
