"""The two small records a Ruler of Mana state keeps while it waits: the decision it waits on
(``Ask``) and the play being resolved (``Play``, cards page §3.5).

Both hold only ints, strings and lists, so that ``clone`` copies them cheaply and the JSON form
is a plain dict. Cards are ints: a card's index in the card set's canonical order (mana by code,
then spells, then scrolls), so a sorted hand lists identical copies next to each other, the lower
id first.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Final

if TYPE_CHECKING:
    from bodoge.games.ruler_of_mana.effects import Effect
    from bodoge.games.ruler_of_mana.state import Facts

# What a state can wait on (``Ask.kind``).
KEEP: Final = "keep"  # RM-1.3: a draft pick
BOTTOM: Final = "bottom"  # RM-2.1 expert: two hand cards to the bottom before drawing 2
MAIN: Final = "main"  # RM-2.2: the one option of the turn
CAST: Final = "cast"  # a spell being declared: target, then payment card by card
SCROLL: Final = "scroll"  # a main scroll being declared: its target
CYCLE: Final = "cycle"  # RM-2.2 (C): two hand cards to the bottom, in the player's order
OFFER: Final = "offer"  # RM-2.2 (D): a secret offer
PICK: Final = "pick"  # RM-2.2 (D): a pick from the face-up offers
REACT: Final = "react"  # a reaction window question (§3.5 step 2)
LETHAL: Final = "lethal"  # a lethal moment (§3.5 step 3)
DISCARD: Final = "discard"  # discard(T, n): the target chooses
TAKE: Final = "take"  # take(T, n): the caster chooses from the looked-at hand
TOP: Final = "top"  # scry(n): the caster puts the cards back, first on top
RECOVER: Final = "recover"  # recover(n): the caster takes cards from the discard pile

#: Compound actions a seat builds alone; others see nothing of them until they are complete.
BUILDING: Final = frozenset({CAST, SCROLL, CYCLE})
#: Choices of several cards; the chosen cards move together when the choice is complete.
CHOOSING: Final = frozenset({BOTTOM, DISCARD, TAKE, TOP, RECOVER})

NO_SEAT: Final = -1


class Ask:
    """The decision a state waits on: ``kind``, by ``seat``.

    ``n`` is a count (cards still to choose in total, or the option number of a cast), ``other`` a
    seat (a cast's target, the hand a take looks at), ``code`` the spell or scroll being declared,
    ``cards`` cards the decision is about (the spell or scroll card, the cards a scry looks at;
    for a cast, after the spell card, the 2-orb cards of the payment that supply one unit,
    RM-3.4) and ``chosen`` the cards chosen so far.
    """

    __slots__ = ("cards", "chosen", "code", "kind", "n", "other", "seat")

    def __init__(
        self,
        kind: str,
        seat: int,
        n: int = 0,
        other: int = NO_SEAT,
        code: str = "",
        cards: list[int] | None = None,
    ) -> None:
        self.kind = kind
        self.seat = seat
        self.n = n
        self.other = other
        self.code = code
        self.cards: list[int] = cards if cards is not None else []
        self.chosen: list[int] = []

    def copy(self) -> Ask:
        new = Ask(self.kind, self.seat, self.n, self.other, self.code, list(self.cards))
        new.chosen = list(self.chosen)
        return new

    def to_dict(self, ids: tuple[str, ...]) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "seat": self.seat,
            "n": self.n,
            "other": self.other,
            "code": self.code,
            "cards": [ids[c] for c in self.cards],
            "chosen": [ids[c] for c in self.chosen],
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any], index: Mapping[str, int]) -> Ask:
        new = cls(
            data["kind"],
            data["seat"],
            data["n"],
            data["other"],
            data["code"],
            [index[c] for c in data["cards"]],
        )
        new.chosen = [index[c] for c in data["chosen"]]
        return new


class Play:
    """A spell or main scroll between its declaration and its KO check (cards page §3.5).

    ``option`` is the spell option number (0 for a scroll) and ``target`` the ``one_opponent``
    seat (or ``NO_SEAT``). ``reactions`` maps each seat that reacted to the scroll card it used, in
    the order used; ``mode`` says how the play treats a reactor (``cancel untarget halve
    reflect``); ``after`` lists the after-resolution verbs (``retaliate``, ``siphon``) in the
    order used; ``lost`` is the life each seat lost to the play's own damage; ``asked`` counts the
    window seats already considered. The effects and target sets follow from the card data
    (``derive``; made without ``facts``, as ``copy`` and ``from_dict`` do, a play has them set
    afterwards: a compiled class has no bare ``__new__``).
    """

    __slots__ = (
        "after",
        "asked",
        "cancelled",
        "card",
        "caster",
        "code",
        "damage_targeted",
        "effects",
        "is_spell",
        "lost",
        "mode",
        "option",
        "paid",
        "reactions",
        "sets",
        "target",
        "targeted",
    )

    def __init__(
        self,
        facts: Facts | None,
        caster: int,
        card: int,
        option: int,
        target: int,
        paid: list[int],
    ) -> None:
        self.caster = caster
        self.card = card
        self.option = option
        self.target = target
        self.paid = paid
        self.reactions: dict[int, int] = {}
        self.mode: dict[int, str] = {}
        self.after: list[tuple[str, int, int]] = []
        self.cancelled = False
        self.lost: list[int] = [] if facts is None else [0] * facts.players
        self.asked = 0
        if facts is not None:
            self.derive(facts)

    def derive(self, facts: Facts) -> None:
        """The play's effects and target sets, from the card data."""
        self.code = facts.code[self.card]
        self.is_spell = self.option > 0
        shape = facts.play_shape(self.code, self.option, self.caster, self.target)
        self.effects: tuple[Effect, ...] = shape[0]
        self.sets: tuple[tuple[int, ...], ...] = shape[1]
        self.targeted: frozenset[int] = shape[2]
        self.damage_targeted: frozenset[int] = shape[3]

    def copy(self) -> Play:
        new = Play(None, self.caster, self.card, self.option, self.target, list(self.paid))
        new.code = self.code
        new.reactions = dict(self.reactions)
        new.mode = dict(self.mode)
        new.after = list(self.after)
        new.cancelled = self.cancelled
        new.lost = list(self.lost)
        new.asked = self.asked
        new.is_spell = self.is_spell
        new.effects = self.effects
        new.sets = self.sets
        new.targeted = self.targeted
        new.damage_targeted = self.damage_targeted
        return new

    def to_dict(self, ids: tuple[str, ...]) -> dict[str, Any]:
        return {
            "caster": self.caster,
            "card": ids[self.card],
            "option": self.option,
            "target": self.target,
            "paid": [ids[c] for c in self.paid],
            "reactions": [[seat, ids[c]] for seat, c in self.reactions.items()],
            "mode": [[seat, verb] for seat, verb in self.mode.items()],
            "after": [list(a) for a in self.after],
            "cancelled": self.cancelled,
            "lost": self.lost,
            "asked": self.asked,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any], index: Mapping[str, int]) -> Play:
        """A play read back from ``to_dict``; ``derive`` then joins its card data to it."""
        new = cls(
            None,
            data["caster"],
            index[data["card"]],
            data["option"],
            data["target"],
            [index[c] for c in data["paid"]],
        )
        new.reactions = {seat: index[c] for seat, c in data["reactions"]}
        new.mode = {seat: verb for seat, verb in data["mode"]}
        new.after = [(verb, seat, n) for verb, seat, n in data["after"]]
        new.cancelled = data["cancelled"]
        new.lost = list(data["lost"])
        new.asked = data["asked"]
        return new
