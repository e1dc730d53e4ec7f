"""Mana costs and exact payment for Ruler of Mana (cards page §2, rules RM-3.2 to RM-3.5).

A **cost** is a multiset of 1–5 symbols ``F W A E *`` (fire, water, wind/air, earth, generic).
A **mana card** is named by its notation code, in canonical order
``F1 F2 W1 W2 A1 A2 E1 E2 RB`` (element symbol and orbs; ``RB`` is rainbow). A set of cards pays a
cost **exactly** when every card supplies at least one unit (a 1-orb card 1 unit of its element,
a 2-orb card 1 or 2 units of its element as the payer chooses (RM-3.4), a rainbow 1 unit of any
element (RM-3.3)), every unit is matched to one symbol of the cost (an element symbol needs a unit
of that element, ``*`` takes any unit, RM-3.2) and every symbol is matched (RM-3.5).

**Payment steps.** The engine builds a payment one card a step. A step says how many units its
card supplies, so that a payment completes by itself the moment its units match the cost:
``F1``, ``W1``, ``A1``, ``E1`` and ``RB`` supply one unit; a 2-orb card is ``F2`` when it supplies
two units and ``F2/1`` when it supplies one (RM-3.4). The steps in canonical order are
``STEPS``: ``F1 F2/1 F2 W1 W2/1 W2 A1 A2/1 A2 E1 E2/1 E2 RB``.

**One path per payment** (a payment is the set of cards paid). The steps go in canonical order
(``next_payment_steps``), a step is offered only while an exact payment stays reachable, and
where the same cards could split their units two ways (``F W *`` with ``F2`` and ``W2``: fire or
water may supply the second unit) only one way is a path: the one whose steps come first in
canonical order, so that the 2-orb cards later in canonical order supply the extra units
(``F2/1 W2``). So every exact payment — ``W W`` paid by one ``W2`` or by two (``W2/1 W2/1``) —
is reachable, by exactly one path.

>>> can_pay("E E F", ["F2", "E1", "E1"])
True
>>> payable("F F", ["F1", "F1", "F1"]), can_pay("F F", ["F1", "F1", "F1"])
(True, False)
>>> next_payment_steps("E E F", (), ["RB", "E1", "F1"])
('F1',)
>>> payments("W W", ["W2", "W2"])
(('W2/1', 'W2/1'), ('W2',))
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import pairwise, product
from typing import Final

from bodoge.core.errors import CardTextError

__all__ = [
    "CODES",
    "ELEMENTS",
    "FULL_STEP",
    "MANA",
    "ONE_STEP",
    "STEPS",
    "STEP_CARD",
    "STEP_UNITS",
    "SYMBOLS",
    "Cost",
    "CostLike",
    "Hand",
    "Mana",
    "StepCounts",
    "can_pay",
    "card_bounds",
    "code_index",
    "is_exact",
    "missing_units",
    "next_payment_steps",
    "next_steps_counts",
    "parse_cost",
    "payable",
    "payable_counts",
    "payable_supply",
    "payable_units",
    "payment_with",
    "payments",
    "shortfall",
    "sort_codes",
    "sort_steps",
    "step_code",
    "step_index",
    "step_units",
    "supply_of",
]

#: Cost symbols in canonical order: the four elements, then generic.
SYMBOLS: Final[tuple[str, ...]] = ("F", "W", "A", "E", "*")
#: Element names in symbol order (``ELEMENTS[i]`` is the element of ``SYMBOLS[i]``).
ELEMENTS: Final[tuple[str, ...]] = ("fire", "water", "wind", "earth")
#: Mana notation codes in canonical order: the order in which a payment's cards are added.
CODES: Final[tuple[str, ...]] = ("F1", "F2", "W1", "W2", "A1", "A2", "E1", "E2", "RB")

MAX_SYMBOLS: Final = 5
_N: Final = len(CODES)
_RB: Final = CODES.index("RB")
_INDEX: Final = {code: i for i, code in enumerate(CODES)}
_ELEMENT_OF: Final[tuple[int | None, ...]] = (*(j // 2 for j in range(_RB)), None)  # symbol index

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
MANA: Final[Mapping[str, Mana]] = {
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
    """Parse a cost written as space-separated symbols ``F W A E *`` (1–5 of them); bad text
    raises a ``ValueError`` worded from the catalogue (:class:`~bodoge.core.errors.CardTextError`).

    >>> str(parse_cost("F F *"))
    'F F *'
    >>> parse_cost("F G")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    bodoge.core.errors.CardTextError: unknown cost symbol 'G' in 'F G': use F W A E * separated...
    """
    text = text.strip()
    tokens = text.split()
    if not tokens:
        raise CardTextError("rm.cards.error.cost.empty")
    counts = [0] * len(SYMBOLS)
    for token in tokens:
        if token not in SYMBOLS:
            raise CardTextError("rm.cards.error.cost.symbol", symbol=token, text=text)
        counts[SYMBOLS.index(token)] += 1
    if len(tokens) > MAX_SYMBOLS:
        raise CardTextError(
            "rm.cards.error.cost.long", text=text, count=len(tokens), high=MAX_SYMBOLS
        )
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


def can_pay(cost: CostLike, cards: Hand) -> bool:
    """Whether exactly these cards, all of them, pay ``cost`` (cards page §2, RM-3.2 to RM-3.5),
    each 2-orb card supplying 1 or 2 units as suits the payment (RM-3.4).

    Every card must supply at least one unit, every unit must match a symbol and every symbol a
    unit, so a card that is not needed makes the payment illegal.

    >>> can_pay("E E F", ["F2", "E1"])
    False
    >>> can_pay("F *", ["F2"]), can_pay("E E F", ["RB", "E1", "F1"])
    (True, True)
    """
    return _exact(_cost(cost).counts, _counts(cards))


def payable(cost: CostLike, hand: Hand) -> bool:
    """Whether some cards of ``hand`` pay ``cost`` exactly: can this option be offered?

    >>> payable("E E F", ["F2", "E1"]), payable("F F", ["F1", "W1", "F1"])
    (False, True)
    """
    return payable_counts(_cost(cost).counts, _counts(hand))


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


def payable_supply(cost: CostCounts, supply: Sequence[int]) -> bool:
    """``payable_counts`` for a hand summed up as ``supply``: the units its cards of each element
    can supply together (``ones + 2 * twos``, cost order ``F W A E``), then its rainbows.

    >>> payable_supply(parse_cost("E E F").counts, (2, 0, 0, 2, 0))
    True
    >>> payable_supply(parse_cost("E E F").counts, (2, 0, 0, 1, 0))
    False
    """
    return payable_units(cost, supply[0], supply[1], supply[2], supply[3], supply[4])


def payable_units(cost: CostCounts, f: int, w: int, a: int, e: int, rainbows: int) -> bool:
    """``payable_supply`` with the supply as five numbers (no sequence to build or index).

    >>> payable_units(parse_cost("E E F").counts, 2, 0, 0, 2, 0)
    True
    """
    short = 0
    if cost[0] > f:
        short += cost[0] - f
    if cost[1] > w:
        short += cost[1] - w
    if cost[2] > a:
        short += cost[2] - a
    if cost[3] > e:
        short += cost[3] - e
    units = f + w + a + e + rainbows
    return short <= rainbows and units >= cost[0] + cost[1] + cost[2] + cost[3] + cost[4]


@lru_cache(maxsize=1 << 14)
def missing_units(cost: CostCounts, supply: tuple[int, ...]) -> int:
    """About how many mana units a hand supplying ``supply`` (``payable_supply``) lacks to pay
    ``cost``: 0 when it can.

    >>> missing_units(parse_cost("E E F").counts, (1, 0, 0, 1, 0))
    1
    """
    rainbows = supply[4]
    short = 0
    spare = 0
    for i in range(4):
        need = cost[i]
        short += max(0, need - supply[i])
        spare += max(0, supply[i] - need)
    covered = min(short, rainbows)
    spare += rainbows - covered
    return short - covered + max(0, cost[4] - spare)


def supply_of(counts: Mapping[str, int]) -> tuple[int, ...]:
    """The units the mana cards ``counts`` (code -> how many) hold of each element (``F W A E``,
    a 2-orb card at 2), then the rainbows: a hand as ``payable_supply`` sums it up.

    >>> supply_of({"A2": 1, "A1": 1, "RB": 1, "F1": 2})
    (2, 0, 3, 0, 1)
    """
    units = [0, 0, 0, 0, counts.get("RB", 0)]
    for code, n in counts.items():
        mana = MANA[code]
        if mana.symbol is not None:
            units[SYMBOLS.index(mana.symbol)] += n * mana.orbs
    return tuple(units)


def shortfall(cost: CostCounts, supply: tuple[int, ...]) -> CostCounts:
    """What a hand supplying ``supply`` (``payable_supply``: each element's cards with a 2-orb
    card at 2, then the rainbows) lacks of ``cost``, as a cost's counts (``F W A E *``): each
    element's symbols beyond its cards and the rainbows (RM-3.3, they cover the elements in cost
    order), then the white ones beyond every unit left. All 0 when the hand can pay it.

    >>> shortfall(parse_cost("A A A").counts, (0, 0, 2, 0, 0))
    (0, 0, 1, 0, 0)
    >>> shortfall(parse_cost("F W * *").counts, (1, 0, 0, 0, 1))
    (0, 0, 0, 0, 2)
    """
    rainbows = supply[4]
    short = [0, 0, 0, 0, 0]
    spare = 0
    for i in range(4):
        lack = max(0, cost[i] - supply[i])
        covered = min(lack, rainbows)
        rainbows -= covered
        short[i] = lack - covered
        spare += max(0, supply[i] - cost[i])
    short[4] = max(0, cost[4] - spare - rainbows)
    return (short[0], short[1], short[2], short[3], short[4])


# -- payment steps (RM-3.4: a 2-orb card says how many units it supplies) ---------------------

#: Payment steps in canonical order: each mana code, a 2-orb card as one unit before two.
STEPS: Final[tuple[str, ...]] = tuple(
    step for code in CODES for step in ((f"{code}/1", code) if MANA[code].orbs == 2 else (code,))
)
_S: Final = len(STEPS)
_STEP_INDEX: Final = {step: i for i, step in enumerate(STEPS)}
#: Per step: the code index of its card, and the units it supplies.
STEP_CARD: Final[tuple[int, ...]] = tuple(_INDEX[step.split("/")[0]] for step in STEPS)
STEP_UNITS: Final[tuple[int, ...]] = tuple(1 if "/" in step else MANA[step].orbs for step in STEPS)
#: Per code index: the step of its card supplying all its orbs, and the one supplying one unit.
FULL_STEP: Final[tuple[int, ...]] = tuple(_STEP_INDEX[code] for code in CODES)
ONE_STEP: Final[tuple[int, ...]] = tuple(
    _STEP_INDEX[f"{code}/1" if MANA[code].orbs == 2 else code] for code in CODES
)
_DOUBLE: Final = tuple(3 * e + 2 for e in range(4))  # the steps of 2-orb cards supplying 2 units

StepCounts = tuple[int, ...]


def step_index(step: str) -> int:
    """The position of a payment step in canonical order (``F1`` is 0, ``F2/1`` 1, ``RB`` 12)."""
    try:
        return _STEP_INDEX[step]
    except KeyError:
        raise ValueError(f"unknown payment step {step!r}: use one of {' '.join(STEPS)}") from None


def step_code(step: str) -> str:
    """The mana code of a payment step's card.

    >>> step_code("W2/1"), step_code("W2"), step_code("RB")
    ('W2', 'W2', 'RB')
    """
    return CODES[STEP_CARD[step_index(step)]]


def step_units(step: str) -> int:
    """How many units a payment step supplies (RM-3.4: ``W2`` two, ``W2/1`` one).

    >>> step_units("W2"), step_units("W2/1"), step_units("RB")
    (2, 1, 1)
    """
    return STEP_UNITS[step_index(step)]


def sort_steps(steps: Iterable[str]) -> tuple[str, ...]:
    """Payment steps in canonical order.

    >>> sort_steps(["RB", "W2", "W2/1", "F1"])
    ('F1', 'W2/1', 'W2', 'RB')
    """
    return tuple(sorted(steps, key=step_index))


def _step_counts(steps: Iterable[str]) -> StepCounts:
    counts = [0] * _S
    for step in steps:
        counts[step_index(step)] += 1
    return tuple(counts)


def _units(steps: StepCounts) -> int:
    total = 0  # a plain loop: compiled, it beats sum() over a generator
    for i in range(_S):
        total += steps[i] * STEP_UNITS[i]
    return total


@lru_cache(maxsize=1 << 16)
def _fixed(cost: CostCounts, steps: StepCounts) -> bool:
    """Whether these steps pay the cost exactly, each card supplying the units its step says:
    the units number the symbols, and the rainbows cover every element symbol its element's
    units leave unmatched (the surplus units of an element take the ``*`` symbols)."""
    units = [steps[3 * e] + steps[3 * e + 1] + 2 * steps[3 * e + 2] for e in range(4)]
    rainbows = steps[_S - 1]
    if sum(units) + rainbows != sum(cost):
        return False
    return sum(max(0, cost[e] - units[e]) for e in range(4)) <= rainbows


@lru_cache(maxsize=1 << 16)
def _path(cost: CostCounts, steps: StepCounts) -> bool:
    """Whether these steps are a payment's path: they pay exactly, and no other split of the
    same cards' units that pays exactly comes first in canonical order (fewer units from the
    2-orb cards of an earlier element, more from a later one's)."""
    if not _fixed(cost, steps):
        return False
    twos = [steps[3 * e + 1] + steps[3 * e + 2] for e in range(4)]
    doubled = tuple(steps[i] for i in _DOUBLE)
    # product() counts in lexicographic order: the splits before this one come first.
    for split in product(*(range(t + 1) for t in twos)):
        if split == doubled:
            break
        if sum(split) == sum(doubled):
            other = list(steps)
            for e, d in enumerate(split):
                other[3 * e + 1], other[3 * e + 2] = twos[e] - d, d
            if _fixed(cost, tuple(other)):
                return False
    return True


@lru_cache(maxsize=1 << 18)
def _completable(cost: CostCounts, base: StepCounts, room: int, avail: Counts, start: int) -> bool:
    """Whether ``base`` plus steps at indices >= ``start`` of the cards ``avail`` make a
    payment's path; ``room``: the units still to supply."""
    if room == 0:
        return _path(cost, base)
    return any(_keeps(cost, base, room, avail, j) for j in range(start, _S))


def _keeps(cost: CostCounts, base: StepCounts, room: int, avail: Counts, j: int) -> bool:
    """Whether step ``j`` may be added to ``base``: its card is in ``avail``, its units fit in
    ``room``, and a payment's path is still reachable after it."""
    k = STEP_CARD[j]
    units = STEP_UNITS[j]
    if not avail[k] or units > room:
        return False
    grown = list(base)
    grown[j] += 1
    left = list(avail)
    left[k] -= 1
    rest = room - units
    return _completable(cost, tuple(grown), rest, _clip(cost, tuple(left), k, rest), j)


def _clip(cost: CostCounts, avail: Counts, start: int, room: int) -> Counts:
    """Normalise ``avail`` for caching: leave out what no exact payment can use.

    Nothing below code index ``start``; at most ``room`` cards of a code; and of an element at
    most as many cards as the cost has symbols of that element and ``*`` (each card supplies
    >= 1 unit).
    """
    out = [0] * _N
    if room <= 0:
        return tuple(out)
    for j in range(start, _N):
        n = avail[j]
        if n:
            e = _ELEMENT_OF[j]
            most = room if e is None else min(room, cost[e] + cost[4])
            out[j] = n if n < most else most
    return tuple(out)


def card_bounds(cost: CostCounts) -> Counts:
    """The most cards of each mana code (canonical order) that one exact payment of ``cost`` can
    use: each card supplies at least one unit (so at most the cost's symbols), and an element's
    cards only its element's symbols and ``*``. A hand's cards beyond these change no payment.

    >>> card_bounds(parse_cost("F F *").counts)
    (3, 3, 1, 1, 1, 1, 1, 1, 3)
    """
    total = sum(cost)
    return tuple(total if e is None else min(total, cost[e] + cost[4]) for e in _ELEMENT_OF)


def next_payment_steps(cost: CostLike, chosen: Sequence[str], hand: Hand) -> tuple[str, ...]:
    """The payment steps that may be added next to a payment in progress, in canonical order.

    ``chosen`` holds the steps added so far, in canonical order; ``hand`` is the payer's whole
    hand, the chosen cards included. A step is offered when it is not before the last chosen
    step and the payment can still be completed to a payment's path (module docstring) with the
    hand's other cards. A complete payment (its units match the cost) is offered nothing more,
    so the engine resolves the play as soon as the units add up.

    >>> next_payment_steps("F F", (), ["F1", "F1", "F1"])
    ('F1',)
    >>> next_payment_steps("F F", ("F1", "F1"), ["F1", "F1", "F1"])
    ()
    >>> next_payment_steps("F F", (), ["F1", "F2", "F2"])
    ('F1', 'F2/1', 'F2')
    """
    c = _cost(cost).counts
    indices = tuple(step_index(step) for step in chosen)
    if any(a > b for a, b in pairwise(indices)):
        raise ValueError(f"chosen steps {' '.join(chosen)!r} are not in canonical order")
    base = _counts(step_code(step) for step in chosen)
    hand_counts = _counts(hand)
    if any(b > h for b, h in zip(base, hand_counts, strict=True)):
        raise ValueError(f"chosen steps {' '.join(chosen)!r} are not all in the hand")
    rest = tuple(h - b for h, b in zip(hand_counts, base, strict=True))
    return next_steps_counts(c, _step_counts(chosen), indices[-1] if indices else 0, rest)


def next_steps_counts(
    cost: CostCounts, chosen: StepCounts, start: int, rest: Counts
) -> tuple[str, ...]:
    """``next_payment_steps`` on counts: ``chosen`` the steps added so far (13 counts, canonical
    order), ``start`` the index of the last one added (0 when none), ``rest`` the hand's mana
    cards not chosen yet (9 counts).

    >>> next_steps_counts(parse_cost("E E F").counts, (0,) * 13, 0, (1, 0, 0, 0, 0, 0, 0, 0, 1))
    ()
    """
    return _next_counts(cost, chosen, start, rest)


def usable(cost: CostCounts, chosen: StepCounts, start: int, rest: Counts) -> Counts:
    """Of ``rest`` (``next_steps_counts``), the cards that may still take part in the payment:
    the next steps depend on these alone.

    >>> usable(parse_cost("F F").counts, (0,) * 13, 0, (3, 0, 2, 0, 0, 0, 0, 0, 4))
    (2, 0, 0, 0, 0, 0, 0, 0, 2)
    """
    room = sum(cost) - _units(chosen)
    return _clip(cost, rest, STEP_CARD[start], room)


@lru_cache(maxsize=1 << 16)
def _next_counts(cost: CostCounts, chosen: StepCounts, start: int, rest: Counts) -> tuple[str, ...]:
    room = sum(cost) - _units(chosen)
    return _next(cost, chosen, room, _clip(cost, rest, STEP_CARD[start], room), start)


@lru_cache(maxsize=1 << 16)
def _next(
    cost: CostCounts, chosen: StepCounts, room: int, rest: Counts, start: int
) -> tuple[str, ...]:
    return tuple(STEPS[j] for j in range(start, _S) if _keeps(cost, chosen, room, rest, j))


def is_exact(cost: CostLike, steps: Iterable[str]) -> bool:
    """Whether the payment steps pay ``cost`` exactly, each card supplying the units its step
    says (``W2`` two, ``W2/1`` one).

    >>> is_exact("W W", ["W2"]), is_exact("W W", ["W2/1", "W2/1"]), is_exact("W W", ["W2/1"])
    (True, True, False)
    """
    return _fixed(_cost(cost).counts, _step_counts(steps))


def payments(cost: CostLike, hand: Hand) -> tuple[tuple[str, ...], ...]:
    """Every payment the stepwise solver can reach, as its steps in canonical order, sorted:
    one for each set of the hand's cards that pays ``cost`` exactly.

    >>> payments("F F", ["F1", "F2", "F2"])
    (('F1', 'F2/1'), ('F2/1', 'F2/1'), ('F2',))
    >>> payments("F W *", ["F2", "W2"])  # the later card supplies the extra unit
    (('F2/1', 'W2'),)
    """
    return _payments_counts(_cost(cost).counts, _counts(hand))


@lru_cache(maxsize=1 << 14)
def _payments_counts(cost: CostCounts, hand: Counts) -> tuple[tuple[str, ...], ...]:
    """``payments`` of a hand given as its mana counts: a walk along ``next_steps_counts``."""
    found: list[tuple[int, ...]] = []
    _walk_payments(cost, (), [0] * _S, list(hand), found)
    return tuple(tuple(STEPS[j] for j in pay) for pay in sorted(found))


def _walk_payments(
    cost: CostCounts,
    chosen: tuple[int, ...],
    steps: list[int],
    rest: list[int],
    found: list[tuple[int, ...]],
) -> None:
    """Add to ``found`` every payment that begins with ``chosen``. A function of its own, not a
    closure: a recursive closure is a reference cycle, left for the garbage collector."""
    offered = _next_counts(cost, tuple(steps), chosen[-1] if chosen else 0, tuple(rest))
    if chosen and not offered and _fixed(cost, tuple(steps)):
        found.append(chosen)
    for step in offered:
        j = _STEP_INDEX[step]
        steps[j] += 1
        rest[STEP_CARD[j]] -= 1
        _walk_payments(cost, (*chosen, j), steps, rest, found)
        steps[j] -= 1
        rest[STEP_CARD[j]] += 1


def payment_with(cost: CostLike, cards: Iterable[str]) -> tuple[str, ...] | None:
    """The path that pays ``cost`` with exactly these cards (mana codes), or None: how a whole
    action that splits the same cards' units another way is read.

    >>> payment_with("F W *", ["W2", "F2"]), payment_with("F F", ["F1"])
    (('F2/1', 'W2'), None)
    """
    wanted = sort_codes(cards)
    for pay in payments(cost, wanted):
        if sort_codes(step_code(step) for step in pay) == wanted:
            return pay
    return None
