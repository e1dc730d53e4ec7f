"""Mana costs and exact payment for Ruler of Mana (cards page §2, rules RM-3.2 to RM-3.5).

A **cost** is a multiset of 1–5 symbols ``F W A E *`` (fire, water, wind/air, earth, generic).
A **mana card** is named by its notation code, in canonical order
``F1 F2 W1 W2 A1 A2 E1 E2 RB`` (element symbol and orbs; ``RB`` is rainbow). A set of cards pays a
cost **exactly** when every card supplies at least one unit (a 1-orb card 1 unit of its element,
a 2-orb card 1 or 2 units of its element as the payer chooses, a rainbow 1 unit of any element),
every unit is matched to one symbol of the cost (an element symbol needs a unit of that element,
``*`` takes any unit) and every symbol is matched.

The engine builds a payment step by step, one card a step, in canonical order
(``next_payment_codes``); a card is offered only while an exact payment stays reachable, and the
payment is complete as soon as the chosen cards pay exactly (``is_exact``): no card is added to a
complete payment (§2: "it is illegal to add a card that is not needed").

>>> can_pay("E E F", ["F2", "E1", "E1"])
True
>>> payable("F F", ["F1", "F1", "F1"]), can_pay("F F", ["F1", "F1", "F1"])
(True, False)
>>> next_payment_codes("E E F", (), ["RB", "E1", "F1"])
('F1',)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import pairwise

__all__ = [
    "CODES",
    "ELEMENTS",
    "MANA",
    "SYMBOLS",
    "Cost",
    "CostLike",
    "Hand",
    "Mana",
    "can_pay",
    "code_index",
    "exact_counts",
    "is_exact",
    "next_codes_counts",
    "next_payment_codes",
    "parse_cost",
    "payable",
    "payable_counts",
    "payments",
    "sort_codes",
]

#: Cost symbols in canonical order: the four elements, then generic.
SYMBOLS: tuple[str, ...] = ("F", "W", "A", "E", "*")
#: Element names in symbol order (``ELEMENTS[i]`` is the element of ``SYMBOLS[i]``).
ELEMENTS: tuple[str, ...] = ("fire", "water", "wind", "earth")
#: Mana notation codes in canonical order: the order in which a payment's cards are added.
CODES: tuple[str, ...] = ("F1", "F2", "W1", "W2", "A1", "A2", "E1", "E2", "RB")

MAX_SYMBOLS = 5
_N = len(CODES)
_RB = CODES.index("RB")
_INDEX = {code: i for i, code in enumerate(CODES)}
_ELEMENT_OF: tuple[int | None, ...] = (*(j // 2 for j in range(_RB)), None)  # symbol index

CostCounts = tuple[int, int, int, int, int]
Counts = tuple[int, ...]


@dataclass(frozen=True)
class Mana:
    """One kind of mana card, as payment sees it.

    ``symbol`` is ``F W A E`` or ``None`` for rainbow; a card supplies between 1 and ``orbs``
    units of its element (a rainbow 1 unit of any element).

    >>> MANA["F2"].units, MANA["RB"].rainbow
    (range(1, 3), True)
    """

    code: str
    symbol: str | None
    orbs: int

    @property
    def rainbow(self) -> bool:
        """True for a rainbow card (one unit of any element, RM-3.3)."""
        return self.symbol is None

    @property
    def element(self) -> str:
        """``fire``, ``water``, ``wind``, ``earth`` or ``rainbow``."""
        return "rainbow" if self.symbol is None else ELEMENTS[SYMBOLS.index(self.symbol)]

    @property
    def units(self) -> range:
        """The numbers of units this card may supply (a two-orb card 1 or 2, RM-3.4)."""
        return range(1, self.orbs + 1)

    def __str__(self) -> str:
        return self.code


#: Every mana kind by notation code, in canonical order.
MANA: Mapping[str, Mana] = {
    code: Mana(code, None if code == "RB" else code[0], 1 if code == "RB" else int(code[1]))
    for code in CODES
}


@dataclass(frozen=True, order=True)
class Cost:
    """A cost: how many of each symbol ``F W A E *`` it shows (``counts``, in that order).

    ``str`` gives the canonical spelling (symbols in the order ``F W A E *``).

    >>> cost = parse_cost("E E F")
    >>> str(cost), cost.mana_value, cost.count("E")
    ('F E E', 3, 2)
    """

    counts: CostCounts

    def __post_init__(self) -> None:
        if len(self.counts) != len(SYMBOLS) or any(c < 0 for c in self.counts):
            raise ValueError(f"bad cost counts {self.counts!r}: need 5 counts >= 0 (F W A E *)")
        if not 1 <= sum(self.counts) <= MAX_SYMBOLS:
            raise ValueError(
                f"a cost has 1-{MAX_SYMBOLS} symbols, not {sum(self.counts)}: {self.counts!r}"
            )

    @property
    def mana_value(self) -> int:
        """The number of symbols."""
        return sum(self.counts)

    @property
    def symbols(self) -> tuple[str, ...]:
        """The symbols in canonical order, one entry per symbol."""
        return tuple(s for s, c in zip(SYMBOLS, self.counts, strict=True) for _ in range(c))

    def count(self, symbol: str) -> int:
        """How many times ``symbol`` (``F W A E *``) appears."""
        if symbol not in SYMBOLS:
            raise ValueError(f"unknown cost symbol {symbol!r}: use one of {' '.join(SYMBOLS)}")
        return self.counts[SYMBOLS.index(symbol)]

    def __str__(self) -> str:
        return " ".join(self.symbols)


CostLike = Cost | str
#: A hand or a set of cards: notation codes (repeats allowed) or a code -> count mapping.
Hand = Iterable[str] | Mapping[str, int]


def parse_cost(text: str) -> Cost:
    """Parse a cost written as space-separated symbols ``F W A E *`` (1–5 of them).

    >>> str(parse_cost("F F *"))
    'F F *'
    >>> parse_cost("F G")
    Traceback (most recent call last):
    ...
    ValueError: unknown cost symbol 'G' in 'F G': use F W A E * separated by spaces
    """
    text = text.strip()
    tokens = text.split()
    if not tokens:
        raise ValueError("empty cost: write 1-5 symbols F W A E * separated by spaces")
    counts = [0] * len(SYMBOLS)
    for token in tokens:
        if token not in SYMBOLS:
            raise ValueError(
                f"unknown cost symbol {token!r} in {text!r}: use F W A E * separated by spaces"
            )
        counts[SYMBOLS.index(token)] += 1
    if len(tokens) > MAX_SYMBOLS:
        raise ValueError(f"cost {text!r} has {len(tokens)} symbols: at most {MAX_SYMBOLS}")
    return Cost((counts[0], counts[1], counts[2], counts[3], counts[4]))


def code_index(code: str) -> int:
    """The position of a mana code in canonical order (``F1`` is 0, ``RB`` is 8)."""
    try:
        return _INDEX[code]
    except KeyError:
        raise ValueError(f"unknown mana code {code!r}: use one of {' '.join(CODES)}") from None


def sort_codes(codes: Iterable[str]) -> tuple[str, ...]:
    """Mana codes in canonical order.

    >>> sort_codes(["RB", "E1", "F2", "E1"])
    ('F2', 'E1', 'E1', 'RB')
    """
    return tuple(sorted(codes, key=code_index))


def _cost(cost: CostLike) -> Cost:
    return parse_cost(cost) if isinstance(cost, str) else cost


def _counts(cards: Hand) -> Counts:
    counts = [0] * _N
    if isinstance(cards, Mapping):
        for code, n in cards.items():
            if n < 0:
                raise ValueError(f"negative count {n} for mana code {code!r}")
            counts[code_index(code)] += n
    else:
        for code in cards:
            counts[code_index(code)] += 1
    return tuple(counts)


@lru_cache(maxsize=1 << 16)
def _exact(cost: CostCounts, cards: Counts) -> bool:
    """Whether exactly these cards pay the cost (closed form, see ``can_pay``): RM-3.2 (element
    and white symbols), RM-3.3 (rainbows), RM-3.4 (two-orb cards), RM-3.5 (nothing wasted)."""
    total = sum(cost)
    n_cards = sum(cards)
    if n_cards == 0 or n_cards > total:
        return False
    rainbows = cards[_RB]
    element_units = total - rainbows  # units the element cards must supply together
    lo = [cards[2 * e] + cards[2 * e + 1] for e in range(4)]
    hi = [cards[2 * e] + 2 * cards[2 * e + 1] for e in range(4)]
    if not sum(lo) <= element_units <= sum(hi):
        return False
    # Choose each element's units in [lo, hi] summing to element_units, spending the extra units
    # first where the element symbols are short; rainbows must cover what is still short. Units
    # beyond an element's symbols go to `*`: the totals make their number exactly the `*` count.
    extra = element_units - sum(lo)
    short = sum(max(0, cost[e] - lo[e]) for e in range(4))
    fillable = sum(max(0, min(hi[e], cost[e]) - lo[e]) for e in range(4))
    return short - min(extra, fillable) <= rainbows


@lru_cache(maxsize=1 << 18)
def _extendable(cost: CostCounts, base: Counts, avail: Counts, i: int) -> bool:
    """Whether ``base`` plus some of ``avail`` at code indices >= i pays the cost exactly."""
    if _exact(cost, base):
        return True
    room = sum(cost) - sum(base)  # every card supplies >= 1 unit
    if room <= 0:
        return False
    for j in range(i, _N):
        if avail[j]:
            grown = (*base[:j], base[j] + 1, *base[j + 1 :])
            rest = (*avail[:j], avail[j] - 1, *avail[j + 1 :])
            if _extendable(cost, grown, _clip(cost, rest, j, room - 1), j):
                return True
    return False


def _clip(cost: CostCounts, avail: Counts, start: int, room: int) -> Counts:
    """Normalise ``avail`` for caching: leave out what no exact payment can use.

    Nothing below ``start``; at most ``room`` cards of a code; and of an element at most as many
    cards as the cost has symbols of that element and ``*`` (each card supplies >= 1 unit).
    """
    return tuple(
        0 if j < start or room <= 0 else min(n, room, room if e is None else cost[e] + cost[4])
        for j, (n, e) in enumerate(zip(avail, _ELEMENT_OF, strict=True))
    )


def can_pay(cost: CostLike, cards: Hand) -> bool:
    """Whether exactly these cards, all of them, pay ``cost`` (cards page §2).

    Every card must supply at least one unit, every unit must match a symbol and every symbol a
    unit, so a card that is not needed makes the payment illegal.

    >>> can_pay("E E F", ["F2", "E1"])
    False
    >>> can_pay("F *", ["F2"]), can_pay("E E F", ["RB", "E1", "F1"])
    (True, True)
    """
    return _exact(_cost(cost).counts, _counts(cards))


def is_exact(cost: CostLike, chosen: Hand) -> bool:
    """Whether the chosen cards are a complete payment of ``cost`` (the same test as ``can_pay``).

    >>> is_exact("F F", ("F1",)), is_exact("F F", ("F1", "F1"))
    (False, True)
    """
    return can_pay(cost, chosen)


def payable(cost: CostLike, hand: Hand) -> bool:
    """Whether some cards of ``hand`` pay ``cost`` exactly: can this option be offered?

    >>> payable("E E F", ["F2", "E1"]), payable("F F", ["F1", "W1", "F1"])
    (False, True)
    """
    c = _cost(cost).counts
    return _extendable(c, (0,) * _N, _clip(c, _counts(hand), 0, sum(c)), 0)


def next_payment_codes(
    cost: CostLike, chosen: Sequence[str], hand: Hand, *, extend_exact: bool = False
) -> tuple[str, ...]:
    """The mana codes that may be added next to a payment in progress, in canonical order.

    ``chosen`` holds the codes added so far, in canonical order; ``hand`` is the payer's whole
    hand, the chosen cards included. A code ``c`` is offered when it is not before the last chosen
    code and ``chosen + [c]`` can still be completed to an exact payment with the hand's other
    cards of codes ``>= c``. A complete payment (``is_exact``) is offered nothing more, so the
    engine resolves the play as soon as ``is_exact`` holds.

    With ``extend_exact=True`` cards are offered past a complete payment too, as long as a larger
    exact payment remains (a 2-orb card that paid 2 units may drop to 1): then every exact payment
    is reachable, and an engine needs a separate step to finish the payment.

    >>> next_payment_codes("F F", (), ["F1", "F1", "F1"])
    ('F1',)
    >>> next_payment_codes("F F", ("F1", "F1"), ["F1", "F1", "F1"])
    ()
    >>> next_payment_codes("F F", (), ["F1", "F2"])
    ('F1', 'F2')
    """
    c = _cost(cost).counts
    indices = tuple(code_index(code) for code in chosen)
    if any(a > b for a, b in pairwise(indices)):
        raise ValueError(f"chosen mana {' '.join(chosen)!r} is not in canonical order")
    base = _counts(chosen)
    hand_counts = _counts(hand)
    if any(b > h for b, h in zip(base, hand_counts, strict=True)):
        raise ValueError(f"chosen mana {' '.join(chosen)!r} is not all in the hand")
    rest = tuple(h - b for h, b in zip(hand_counts, base, strict=True))
    start = indices[-1] if indices else 0
    return _next(c, base, _clip(c, rest, start, sum(c) - sum(base)), start, extend_exact)


@lru_cache(maxsize=1 << 16)
def _next(
    cost: CostCounts, base: Counts, rest: Counts, start: int, extend_exact: bool
) -> tuple[str, ...]:
    if not extend_exact and _exact(cost, base):
        return ()
    room = sum(cost) - sum(base)
    offered: list[str] = []
    if room <= 0:
        return ()
    for j in range(start, _N):
        if rest[j]:
            grown = (*base[:j], base[j] + 1, *base[j + 1 :])
            left = (*rest[:j], rest[j] - 1, *rest[j + 1 :])
            if _extendable(cost, grown, _clip(cost, left, j, room - 1), j):
                offered.append(CODES[j])
    return tuple(offered)


# -- fast paths for the engine: hands as counts per code, in canonical order ------------------


def payable_counts(cost: CostCounts, hand: Counts) -> bool:
    """``payable`` for a cost's counts and a hand's mana counts (9 numbers, canonical order).

    Closed form: a hand's element-``e`` cards can supply any number of units from 0 to
    ``ones + 2 * twos`` (a chosen card always supplying 1 or 2), so some subset pays exactly when
    the rainbows cover what each element is short of and all units together reach the cost.

    >>> payable_counts(parse_cost("E E F").counts, (0, 1, 0, 0, 0, 0, 2, 0, 0))
    True
    >>> payable_counts(parse_cost("E E F").counts, (0, 1, 0, 0, 0, 0, 1, 0, 0))
    False
    """
    rainbows = hand[_RB]
    short = 0
    units = rainbows
    for e in range(4):
        supply = hand[2 * e] + 2 * hand[2 * e + 1]
        units += supply
        if cost[e] > supply:
            short += cost[e] - supply
    return short <= rainbows and units >= cost[0] + cost[1] + cost[2] + cost[3] + cost[4]


def exact_counts(cost: CostCounts, chosen: Counts) -> bool:
    """``is_exact`` for a cost's counts and the chosen cards' counts."""
    return _exact(cost, chosen)


def next_codes_counts(
    cost: CostCounts, chosen: Counts, start: int, rest: Counts
) -> tuple[str, ...]:
    """``next_payment_codes`` on counts: ``chosen`` the cards added so far, ``start`` the code
    index of the last one added (0 when none), ``rest`` the hand's cards not chosen yet.

    >>> next_codes_counts(parse_cost("E E F").counts, (0,) * 9, 0, (1, 0, 0, 0, 0, 0, 0, 0, 1))
    ()
    """
    return _next_counts(cost, chosen, start, rest)


@lru_cache(maxsize=1 << 16)
def _next_counts(cost: CostCounts, chosen: Counts, start: int, rest: Counts) -> tuple[str, ...]:
    return _next(cost, chosen, _clip(cost, rest, start, sum(cost) - sum(chosen)), start, False)


def payments(
    cost: CostLike, hand: Hand, *, extend_exact: bool = False
) -> tuple[tuple[str, ...], ...]:
    """Every payment the stepwise solver can reach, each in canonical order, sorted.

    >>> payments("F F", ["F1", "F2", "F2"])
    (('F1', 'F2'), ('F2',))
    >>> payments("F F", ["F1", "F2", "F2"], extend_exact=True)
    (('F1', 'F2'), ('F2',), ('F2', 'F2'))
    """
    c = _cost(cost)
    found: list[tuple[str, ...]] = []

    def walk(chosen: tuple[str, ...]) -> None:
        if chosen and is_exact(c, chosen):
            found.append(chosen)
        for code in next_payment_codes(c, chosen, hand, extend_exact=extend_exact):
            walk((*chosen, code))

    walk(())
    return tuple(sorted(found, key=lambda p: tuple(code_index(x) for x in p)))
