"""The condition language of missions and collaborators (cards page §2), and its exact solver.

A *card type* is a small int: ``colour_index * 9 + (number - 1)``, colours in the card set's order
(red 0, blue 1, green 2, yellow 3, purple 4 in the shipped set), numbers 1..9. Int order is
therefore the canonical order of info cards: by colour, then by number. The two copies of a pair
share one type.

A condition is a few *groups* joined by `` + `` (``set(2) + exact(9)``). Revealed items are real
cards and *wilds* (a face-up collaborator turned face down, declared any colour and any number).
The items meet the condition when they can be split into one part per group, every item used
(§2.4). :func:`satisfies` checks a proposal; :func:`min_wilds` is the engine's stepwise solver.

>>> c = parse_condition("set(2)  +exact(9)")
>>> str(c), c.card_count
('set(2) + exact(9)', 3)
>>> R9, B9, Y9 = card_type(0, 9), card_type(1, 9), card_type(3, 9)
>>> satisfies(c, [R9, B9, Y9], wilds=0)
True
>>> min_wilds(c, (), (R9,))
2

How the solver works (exact, not a heuristic). Every group is *downward closed*: if some items can
be completed to the group by wilds, so can any part of them (a wild can stand for any removed
card; for sums, a removed card is replaced by a wild worth 9 or 1). So the question "which real
cards can this group take, the rest being wilds" has a simple per-kind answer, and for a single
group the best choice is greedy (:func:`_best_last`). With several groups, the first groups try
each *maximal* set of cards they can take (taking fewer never helps: whatever the later groups
gain from a card left over is at most that card), and the last group is greedy. When the groups
still to fill look only at numbers (``set``, ``run``, ``exact``, sums, ``any``) or only at colours
(``flush``, ``rainbow``, ``any``), cards are replaced by one representative per number (colour),
so equal leftovers are solved once. Results are memoized (bounded LRU tables, about 30 MB at
most; :func:`clear_caches` empties them).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from itertools import combinations, product
from typing import Any, Final

from bodoge.core.errors import CardTextError
from bodoge.core.i18n import Message

COLOUR_IDS: Final[tuple[str, ...]] = ("red", "blue", "green", "yellow", "purple")
"""Colour ids of the shipped card set, in type order; the default for :func:`parse_condition`."""

COLOUR_COUNT: Final = 5
"""Number of info colours. The solver assumes it; ``cards.py`` checks a card file keeps it."""

HIGHEST_NUMBER: Final = 9
"""Info card numbers are 1..HIGHEST_NUMBER. The solver assumes it; ``cards.py`` checks it."""

COUNT_BITS: Final = 6
"""Bits per number (or colour) in the solver's packed counts: up to 63 cards of one number."""

COUNT_MASK: Final = (1 << COUNT_BITS) - 1

_EVERY_NUMBER: Final = (1 << HIGHEST_NUMBER) - 1
"""The mask of every number (bit v: number v + 1)."""

GROUP_KINDS: Final[tuple[str, ...]] = (
    "set",
    "run",
    "colour_run",
    "flush",
    "rainbow",
    "rainbow_set",
    "sum_at_least",
    "sum_at_most",
    "exact",
    "any",
)
"""Every group of the grammar (§2.2)."""

# Each kind's code (``Group.code``), its index in GROUP_KINDS: the solver compares ints, not
# strings, at every step.
KIND_SET: Final = 0
KIND_RUN: Final = 1
KIND_COLOUR_RUN: Final = 2
KIND_FLUSH: Final = 3
KIND_RAINBOW: Final = 4
KIND_RAINBOW_SET: Final = 5
KIND_SUM_AT_LEAST: Final = 6
KIND_SUM_AT_MOST: Final = 7
KIND_EXACT: Final = 8
KIND_ANY: Final = 9


def card_type(colour_index: int, number: int) -> int:
    """The card type of a colour (index in the card set's order) and a number 1..9.

    >>> card_type(0, 1), card_type(0, 9), card_type(4, 9)
    (0, 8, 44)
    """
    if not 0 <= colour_index < COLOUR_COUNT or not 1 <= number <= HIGHEST_NUMBER:
        raise ValueError(f"no card type for colour index {colour_index}, number {number}")
    return colour_index * HIGHEST_NUMBER + number - 1


def colour_of(t: int) -> int:
    """The colour index of card type ``t``.

    >>> colour_of(card_type(3, 7))
    3
    """
    return t // HIGHEST_NUMBER


def number_of(t: int) -> int:
    """The number (1..9) of card type ``t``.

    >>> number_of(card_type(3, 7))
    7
    """
    return t % HIGHEST_NUMBER + 1


# --------------------------------------------------------------------------------------------
# Values


@dataclass(frozen=True)
class Group:
    """One group of a condition: ``kind`` (one of :data:`GROUP_KINDS`) and its size ``n``.

    ``value`` is the threshold ``k`` of ``sum_at_least``/``sum_at_most`` or the number ``x`` of
    ``exact`` (whose ``n`` is 1); ``colour``/``colour_index`` name the colour of ``flush(n, c)``.
    ``str()`` is the canonical text; ``code`` is the kind's index in :data:`GROUP_KINDS`.

    >>> Group("colour_run", 2).code == KIND_COLOUR_RUN == GROUP_KINDS.index("colour_run")
    True
    """

    kind: str
    n: int
    value: int | None = None
    colour: str | None = None
    colour_index: int | None = None
    _hash: int = field(init=False, repr=False, compare=False)
    code: int = field(init=False, repr=False, compare=False)  # -1 for a kind not in GROUP_KINDS

    def __post_init__(self) -> None:
        key = (self.kind, self.n, self.value, self.colour, self.colour_index)
        object.__setattr__(self, "_hash", hash(key))
        code = GROUP_KINDS.index(self.kind) if self.kind in GROUP_KINDS else -1
        object.__setattr__(self, "code", code)

    def __hash__(self) -> int:
        return self._hash

    def __str__(self) -> str:
        if self.kind == "exact":
            return f"exact({self.value})"
        if self.kind in ("sum_at_least", "sum_at_most"):
            return f"{self.kind}({self.n}, {self.value})"
        if self.colour is not None:
            return f"{self.kind}({self.n}, {self.colour})"
        return f"{self.kind}({self.n})"


@dataclass(frozen=True)
class Condition:
    """A parsed condition: its groups in the written order, and its card count.

    Immutable and hashable (it is a key of the solver's caches). ``str()`` gives the canonical
    text back.

    >>> c = parse_condition("flush(2,yellow)+any(1)")
    >>> str(c), c.card_count, [g.kind for g in c.groups]
    ('flush(2, yellow) + any(1)', 3, ['flush', 'any'])
    """

    groups: tuple[Group, ...]
    card_count: int = field(init=False)
    _hash: int = field(init=False, repr=False, compare=False)
    # The solver's plan (``_plan``), kept here once made: the solver asks for it at every step,
    # and an attribute is cheaper than a memo keyed by the condition.
    _solver_plan: tuple[Group, ...] | None = field(
        default=None, init=False, repr=False, compare=False
    )
    # Which solver the plan takes (``_shape``): a count-vector one when it has one.
    _solver_shape: int = field(default=0, init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if not self.groups:
            raise ValueError("a condition needs at least one group")
        object.__setattr__(self, "card_count", sum(g.n for g in self.groups))
        object.__setattr__(self, "_hash", hash(self.groups))
        # Set here, not by the field's default: a compiled (mypyc) dataclass skips it.
        object.__setattr__(self, "_solver_plan", None)
        plan = _plan(self)
        object.__setattr__(self, "_solver_shape", _shape(plan))

    def __hash__(self) -> int:
        return self._hash

    def __str__(self) -> str:
        return " + ".join(str(g) for g in self.groups)


# --------------------------------------------------------------------------------------------
# Parsing

_GROUP_RE = re.compile(r"\s*([A-Za-z_]\w*)\s*\(([^()]*)\)\s*")
_INT_RE = re.compile(r"[0-9]+")

# kind -> the names of its parameters
_PARAMETERS: dict[str, tuple[str, ...]] = {
    "set": ("n",),
    "run": ("n",),
    "colour_run": ("n",),
    "flush": ("n",),  # or ("n", "colour")
    "rainbow": ("n",),
    "rainbow_set": ("n",),
    "sum_at_least": ("n", "k"),
    "sum_at_most": ("n", "k"),
    "exact": ("x",),
    "any": ("n",),
}


def _bad(key: str, **fields: Any) -> CardTextError:
    """A parse error worded from the catalogue (``em.cards.error.condition.<key>``)."""
    return CardTextError(f"em.cards.error.condition.{key}", **fields)


def parse_condition(text: str, colours: Sequence[str] = COLOUR_IDS) -> Condition:
    """Parse a condition in the grammar of §2.2; extra spaces are tolerated.

    ``colours`` are the colour ids of the card set, in type order (for ``flush(n, colour)``).
    Bad text raises ``ValueError`` with a short one-line message naming the problem (a
    :class:`~bodoge.core.errors.CardTextError`, worded in either language by ``text(lang)``).

    >>> str(parse_condition("  colour_run( 3 )+run(3) "))
    'colour_run(3) + run(3)'
    >>> parse_condition("flush(2, purple)").groups[0].colour_index
    4
    >>> parse_condition("run(10)")
    Traceback (most recent call last):
    ...
    bodoge.core.errors.CardTextError: run(10): n must be 1..9
    """
    if not isinstance(text, str):
        raise _bad("not_text", kind=type(text).__name__)
    if not text.strip():
        raise _bad("empty")
    parts = text.split("+")
    groups = tuple(_parse_group(part, i + 1, len(parts), colours) for i, part in enumerate(parts))
    return Condition(groups)


def _parse_group(part: str, index: int, total: int, colours: Sequence[str]) -> Group:
    where = (
        Message("em.cards.error.condition.group_n", {"index": index})
        if total > 1
        else Message("em.cards.error.condition.group")
    )
    if not part.strip():
        raise _bad("group_empty", where=where)
    m = _GROUP_RE.fullmatch(part)
    shown = " ".join(part.split())
    if m is None:
        raise _bad("form", where=where, shown=shown)
    kind, inner = m.group(1), m.group(2)
    if kind not in _PARAMETERS:
        raise _bad("unknown", kind=kind, kinds=", ".join(GROUP_KINDS))
    args = [a.strip() for a in inner.split(",")]
    expected = _PARAMETERS[kind]
    if kind == "flush" and len(args) == 2:
        expected = ("n", "colour")
    if len(args) != len(expected) or any(not a for a in args):
        raise _bad("arguments", kind=kind, expected=", ".join(expected), given=", ".join(args))
    canonical = f"{kind}({', '.join(args)})"

    def integer(name: str, text: str) -> int:
        if not _INT_RE.fullmatch(text):
            raise _bad("integer", group=canonical, name=name, value=text)
        return int(text)

    if kind == "exact":
        x = integer("x", args[0])
        if not 1 <= x <= HIGHEST_NUMBER:
            raise _bad("exact", group=canonical, high=HIGHEST_NUMBER)
        return Group("exact", 1, value=x)
    n = integer("n", args[0])
    if n < 1:
        raise _bad("at_least_one", group=canonical)
    if kind in ("rainbow", "rainbow_set") and n > COLOUR_COUNT:
        raise _bad("rainbow", group=canonical, high=COLOUR_COUNT)
    if kind in ("run", "colour_run") and n > HIGHEST_NUMBER:
        raise _bad("run", group=canonical, high=HIGHEST_NUMBER)
    if kind in ("sum_at_least", "sum_at_most"):
        k = integer("k", args[1])
        if kind == "sum_at_least" and k > HIGHEST_NUMBER * n:
            raise _bad("never_high", group=canonical, n=n, total=HIGHEST_NUMBER * n)
        if kind == "sum_at_most" and k < n:
            raise _bad("never_low", group=canonical, n=n)
        return Group(kind, n, value=k)
    if len(args) == 2:
        if args[1] not in colours:
            raise _bad("colour", group=canonical, colour=args[1], colours=", ".join(colours))
        return Group(kind, n, colour=args[1], colour_index=list(colours).index(args[1]))
    return Group(kind, n)


# --------------------------------------------------------------------------------------------
# Checking and solving


def satisfies(condition: Condition, cards: Sequence[int], wilds: int) -> bool:
    """Whether revealed real ``cards`` (types) plus ``wilds`` wild items meet ``condition`` (§2.4).

    Every item must belong to a group: ``len(cards) + wilds`` must equal the card count.

    >>> R, B, G = 0, 1, 2
    >>> run3 = parse_condition("run(3)")
    >>> satisfies(run3, [card_type(R, 8), card_type(B, 9), card_type(G, 1)], 0)
    False
    >>> satisfies(parse_condition("flush(3)"), [card_type(R, 1), card_type(R, 2)], 1)
    True
    """
    if wilds < 0:
        raise ValueError(f"wilds must be at least 0, got {wilds}")
    if len(cards) + wilds != condition.card_count:
        return False
    return min_wilds(condition, tuple(sorted(cards)), ()) is not None


def min_wilds_unmemoized(
    condition: Condition, fixed: tuple[int, ...], pool: tuple[int, ...]
) -> int | None:
    """The fewest wilds that, with all of ``fixed`` and some of ``pool``, meet ``condition``.

    ``fixed`` cards must all be used; any sub-multiset of ``pool`` may be added; wilds fill the
    rest up to the card count. Returns None when no choice works (the fixed cards cannot all
    belong to one valid split). Pass ``fixed`` and ``pool`` as sorted tuples of card types so that
    equal questions share ``min_wilds``'s memo (the answer does not depend on the order).

    >>> R4, B5, G6, R8, G1 = card_type(0, 4), card_type(1, 5), card_type(2, 6), 7, 18
    >>> run3 = parse_condition("run(3)")
    >>> min_wilds(run3, (), (R4, B5, G6)), min_wilds(run3, (R4,), ()), min_wilds(run3, (R8, G1), ())
    (0, 2, None)
    """
    count = condition.card_count
    if len(fixed) > count:
        return None
    plan = _plan(condition)
    if len(plan) == 1:
        used = _best_last(plan[0], fixed, pool)
    elif condition._solver_shape == SETS:
        used = _sets_best(plan, fixed, pool)
    elif condition._solver_shape == TWO_RUNS:
        used = _two_runs_best(plan[0].n, plan[1].n, fixed, pool)
    else:
        view = _tail_view(plan)
        if view is None:
            used = _best_used(plan, fixed, pool)
        else:  # only numbers (or colours) matter: many hands share one projection
            used = _best_used_cached(plan, _project(view, fixed), _project(view, pool))
    return None if used is None else count - used


min_wilds = lru_cache(maxsize=1 << 16)(min_wilds_unmemoized)
"""``min_wilds_unmemoized`` with a memo: for questions asked again and again (a person's
choices, the heuristic). The engine's own steps ask each question about once, behind memos of
their own, and call ``min_wilds_unmemoized``: a memo's lookup costs more than the answer there."""


def solo(condition: Condition) -> Group | None:
    """The one group the solver sees in ``condition`` (its ``any`` groups merged), or None when
    it has several: then ``min_wilds(condition, fixed, pool)`` is ``fewest_wilds(group, fixed,
    pool)``, without the memo (a fresh hand is seldom asked twice).

    >>> str(solo(parse_condition("any(1) + any(2)"))), solo(parse_condition("set(2) + any(1)"))
    ('any(3)', None)
    """
    plan = _plan(condition)
    return plan[0] if len(plan) == 1 else None


def fewest_wilds(group: Group, fixed: tuple[int, ...], pool: tuple[int, ...]) -> int | None:
    """``min_wilds`` of a condition of one group: the fewest wilds that, with all of ``fixed``
    and some of ``pool`` (sorted card types), meet ``group``; None if ``fixed`` cannot be part.

    >>> fewest_wilds(parse_condition("run(3)").groups[0], (card_type(0, 4),), (card_type(1, 6),))
    1
    """
    used = _best_last(group, fixed, pool)
    return None if used is None else group.n - used


def completable(condition: Condition, hand: tuple[int, ...], wilds_available: int) -> bool:
    """Whether some cards of ``hand`` plus at most ``wilds_available`` wilds meet ``condition``.

    >>> completable(parse_condition("run(3)"), (card_type(0, 4), card_type(1, 5)), 1)
    True
    >>> completable(parse_condition("run(3)"), (card_type(0, 4), card_type(1, 5)), 0)
    False
    """
    # Cheap answers first: this is asked for every laid mission at every decision.
    count = condition.card_count
    if count <= wilds_available:
        return True  # wilds alone meet any condition of that many items
    if count > len(hand) + wilds_available:
        return False
    needed = count - wilds_available  # real cards the hand must supply
    plan = _plan(condition)
    if len(plan) == 1:
        used = _reach_alone(plan[0], hand)
        return used is not None and used >= needed
    bound = 0  # no split uses more cards than each group alone would take
    for group in plan:
        used = _reach_alone(group, hand)
        if used is None:
            return False
        bound += used
    return bound >= needed and _reaches_shaped(condition, plan, hand, needed)


class HandSummary:
    """What the groups look at in a hand, counted once, so that a whole menu of conditions is
    checked against one hand cheaply (``completable_all``).

    Counts are packed in ints, :data:`COUNT_BITS` bits per number or colour, and the types
    held are bits: a compiled list of ints boxes every count it stores.

    >>> summary = HandSummary((card_type(0, 4), card_type(0, 4), card_type(1, 5), card_type(2, 6)))
    >>> [summary.reach(parse_condition(c).groups[0]) for c in ("set(3)", "run(4)", "flush(3)")]
    [2, 3, 2]
    """

    __slots__ = ("colour_counts", "hand", "number_counts", "number_mask", "types")

    def __init__(self, hand: tuple[int, ...]) -> None:
        self.hand = hand
        numbers = colours = types = 0
        for t in hand:
            colour = t // HIGHEST_NUMBER  # not divmod: that builds a tuple per card
            numbers += 1 << COUNT_BITS * (t - colour * HIGHEST_NUMBER)
            colours += 1 << COUNT_BITS * colour
            types |= 1 << t
        self.number_counts = numbers
        self.colour_counts = colours
        self.types = types  # bit t: the hand holds a card of type t
        mask = 0
        for colour in range(COLOUR_COUNT):
            mask |= types >> colour * HIGHEST_NUMBER
        self.number_mask = mask & _EVERY_NUMBER

    def reach(self, group: Group) -> int | None:
        """Most cards of the hand ``group`` alone can take; None if it can never be met.
        The same answer as the solver's single-group case with nothing fixed."""
        code = group.code
        n = group.n
        if code == KIND_ANY:
            took = len(self.hand)
        elif code == KIND_SET:
            took = _most_counted(self.number_counts, HIGHEST_NUMBER)
        elif code == KIND_EXACT:
            n = 1
            took = self.number_counts >> COUNT_BITS * ((group.value or 1) - 1) & COUNT_MASK
        elif code == KIND_FLUSH:
            if group.colour_index is not None:
                took = self.colour_counts >> COUNT_BITS * group.colour_index & COUNT_MASK
            else:
                took = _most_counted(self.colour_counts, COLOUR_COUNT)
        elif code == KIND_RAINBOW:
            took = 0
            for colour in range(COLOUR_COUNT):
                if self.colour_counts >> COUNT_BITS * colour & COUNT_MASK:
                    took += 1
        elif code == KIND_RAINBOW_SET:  # distinct colours holding one number
            took = 0
            for v in range(HIGHEST_NUMBER):
                held = _colours_holding(self.types, v)
                if held > took:
                    took = held
        elif code == KIND_RUN:
            return _RUNS[n << HIGHEST_NUMBER | self.number_mask]
        elif code == KIND_COLOUR_RUN:
            took = 0
            for colour in range(COLOUR_COUNT):
                mask = self.types >> colour * HIGHEST_NUMBER & _EVERY_NUMBER
                run = _RUNS[n << HIGHEST_NUMBER | mask]
                if run > took:
                    took = run
        elif code == KIND_SUM_AT_LEAST:
            return self._sum_at_least(n, group.value or 0)
        elif code == KIND_SUM_AT_MOST:
            return self._sum_at_most(n, group.value or 0)
        else:  # pragma: no cover - every kind is above
            return _best_last(group, (), self.hand)
        return took if took < n else n

    def _sum_at_least(self, n: int, k: int) -> int | None:
        """Take the highest numbers while the total with wilds worth 9 still reaches ``k``."""
        total = HIGHEST_NUMBER * n
        if total < k:
            return None
        taken = 0
        counts = self.number_counts
        for number in range(HIGHEST_NUMBER, 0, -1):
            for _ in range(counts >> COUNT_BITS * (number - 1) & COUNT_MASK):
                if taken == n or total - (HIGHEST_NUMBER - number) < k:
                    return taken
                total -= HIGHEST_NUMBER - number
                taken += 1
        return taken

    def _sum_at_most(self, n: int, k: int) -> int | None:
        """Take the lowest numbers while the total with wilds worth 1 stays within ``k``."""
        total = n
        if total > k:
            return None
        taken = 0
        counts = self.number_counts
        for number in range(1, HIGHEST_NUMBER + 1):
            for _ in range(counts >> COUNT_BITS * (number - 1) & COUNT_MASK):
                if taken == n or total + (number - 1) > k:
                    return taken
                total += number - 1
                taken += 1
        return taken


def _most_counted(counts: int, size: int) -> int:
    """The largest of the ``size`` counts packed in ``counts`` (:data:`COUNT_BITS` bits each)."""
    most = 0
    for i in range(size):
        c = counts >> COUNT_BITS * i & COUNT_MASK
        if c > most:
            most = c
    return most


def completable_all(
    conditions: Sequence[Condition], hand: tuple[int, ...], wilds_available: int
) -> list[bool]:
    """``completable`` for each condition against one hand: the hand is summarised once.

    >>> run3, flush7 = parse_condition("run(3)"), parse_condition("flush(7)")
    >>> completable_all([run3, flush7], (card_type(0, 4), card_type(1, 5)), 1)
    [True, False]
    """
    summary: HandSummary | None = None
    out = []
    size = len(hand)
    for condition in conditions:
        count = condition.card_count
        if count <= wilds_available:
            out.append(True)
            continue
        if count > size + wilds_available:
            out.append(False)
            continue
        if summary is None:
            summary = HandSummary(hand)
        needed = count - wilds_available
        plan = _plan(condition)
        bound = 0
        for group in plan:
            used = summary.reach(group)
            if used is None:
                bound = -1
                break
            bound += used
        if bound < needed:
            out.append(False)
        elif len(plan) == 1:
            out.append(True)
        elif len(plan) == 2 and plan[1].kind == "any":
            # One group and taxes: the group takes the most it can, ``any`` what is left (the
            # group's cards are downward closed, so taking fewer never helps).
            took = summary.reach(plan[0]) or 0
            out.append(took + min(plan[1].n, size - took) >= needed)
        else:
            out.append(_reaches_shaped(condition, plan, hand, needed))
    return out


def clear_caches() -> None:
    """Empty the solver's memo tables (for benchmarks, or to free memory after a long run)."""
    min_wilds.cache_clear()
    _best_used_cached.cache_clear()
    _reach_alone.cache_clear()


# Order in which the solver takes groups: narrow groups first (few ways to take cards), wide
# ones last; the very last group is solved greedily, without trying alternatives.
_ORDER: Final = {
    "exact": 0,
    "rainbow_set": 1,
    "colour_run": 2,
    "set": 3,
    "run": 4,
    "flush": 5,
    "rainbow": 6,
    "sum_at_least": 7,
    "sum_at_most": 7,
    "any": 8,
}


def _plan(condition: Condition) -> tuple[Group, ...]:
    """The groups in solving order, every ``any`` merged into one (any(a) + any(b) = any(a+b))."""
    plan = condition._solver_plan
    if plan is None:
        plan = _make_plan(condition)
        object.__setattr__(condition, "_solver_plan", plan)
    return plan


def _make_plan(condition: Condition) -> tuple[Group, ...]:
    others = [g for g in condition.groups if g.kind != "any"]
    others.sort(key=lambda g: (_ORDER[g.kind], g.colour_index is None, -g.n))
    taxes = sum(g.n for g in condition.groups if g.kind == "any")
    if taxes:
        others.append(Group("any", taxes))
    return tuple(others)


def _best_used(
    plan: tuple[Group, ...], fixed: tuple[int, ...], pool: tuple[int, ...]
) -> int | None:
    """Most real cards the groups of ``plan`` can take: all of ``fixed`` and some of ``pool``."""
    capacity = sum(g.n for g in plan)
    if len(fixed) > capacity:
        return None
    head, tail = plan[0], plan[1:]
    if len(tail) == 1 and tail[0].kind == "any":
        return _best_with_taxes(head, tail[0].n, fixed, pool)
    tail_capacity = capacity - head.n
    # No split can use more cards than every group alone would take from all of them.
    everything = fixed + pool
    bound = 0
    for g in plan:
        alone = _best_last(g, (), everything)
        if alone is None:
            return None
        bound += alone
    if bound < len(fixed):
        return None
    bound = min(bound, len(everything))
    # When the later groups only look at numbers (or only at colours), cards of one number (one
    # colour) are interchangeable for them: project the leftover, and try each one only once.
    view = _tail_view(tail)
    tried: set[tuple[tuple[int, ...], tuple[int, ...]]] = set()
    best: int | None = None
    for part in _candidates(head, fixed, pool):
        if best is not None and len(part) + tail_capacity <= best:
            break  # parts come largest first: no later one can do better
        rest_fixed, rest_pool = _take(part, fixed, pool)
        if len(rest_fixed) > tail_capacity:
            continue
        if view is not None:
            rest_fixed, rest_pool = _project(view, rest_fixed), _project(view, rest_pool)
            if (rest_fixed, rest_pool) in tried:
                continue
            tried.add((rest_fixed, rest_pool))
        if len(tail) == 1:
            used = _best_last(tail[0], rest_fixed, rest_pool)
        else:
            used = _best_used_cached(tail, rest_fixed, rest_pool)
        if used is not None and (best is None or len(part) + used > best):
            best = len(part) + used
            if best == bound:
                break
    return best


_best_used_cached = lru_cache(maxsize=1 << 15)(_best_used)


def _best_with_taxes(
    group: Group, taxes: int, fixed: tuple[int, ...], pool: tuple[int, ...]
) -> int | None:
    """``_best_used`` of ``group + any(taxes)``, without trying the group's every part.

    ``any`` takes whatever is left, so the pair uses ``min(s + taxes, all cards)`` when the
    group takes ``s`` cards, and it may leave at most ``taxes`` fixed cards to ``any``. So the
    group keeps all fixed cards but ``taxes`` of them (which: each choice is tried; the others
    join the pool), and takes the most it can (``_best_last``: taking fewer never helps).

    >>> flush3 = parse_condition("flush(3)").groups[0]
    >>> _best_with_taxes(flush3, 1, (card_type(0, 1), card_type(1, 2)), (card_type(0, 5),))
    3
    >>> print(_best_with_taxes(flush3, 1, (card_type(0, 1), card_type(1, 2), card_type(2, 3)), ()))
    None
    """
    total = len(fixed) + len(pool)
    keep = len(fixed) - taxes
    if keep <= 0:
        took = _best_last(group, (), (*fixed, *pool))
        return None if took is None else min(took + taxes, total)
    best: int | None = None
    for kept in set(combinations(fixed, keep)):
        rest = list(fixed)
        for t in kept:
            rest.remove(t)
        took = _best_last(group, kept, (*rest, *pool))
        if took is not None and (best is None or took > best):
            best = took
    return None if best is None else min(best + taxes, total)


def _reaches_shaped(
    condition: Condition, plan: tuple[Group, ...], pool: tuple[int, ...], needed: int
) -> bool:
    """``_reaches`` of the condition's plan, by its count-vector solver when it has one."""
    shape = condition._solver_shape
    if shape == SETS:
        used = _sets_best(plan, (), pool)
    elif shape == TWO_RUNS:
        used = _two_runs_best(plan[0].n, plan[1].n, (), pool)
    else:
        return _reaches(plan, pool, needed)
    return used is not None and used >= needed


# The solvers of a plan (``Condition._solver_shape``): the general search, or a count-vector
# solver for the plans that look only at how many cards of each number there are.
SEARCH: Final = 0
SETS: Final = 1  # two or more sets of one size
TWO_RUNS: Final = 2  # run + run


def _shape(plan: tuple[Group, ...]) -> int:
    """Which solver ``plan`` takes.

    >>> [_shape(_plan(parse_condition(c))) for c in ("set(3) + set(3)", "run(3) + run(3)",
    ...     "set(2) + exact(9)", "set(3)", "set(3) + any(1)", "colour_run(3) + run(3)")]
    [1, 2, 0, 0, 0, 0]
    """
    if len(plan) < 2:
        return SEARCH
    sets = runs = 0
    for g in plan:
        if g.kind == "set" and g.n == plan[0].n:
            sets += 1
        elif g.kind == "run":
            runs += 1
    if sets == len(plan):
        return SETS
    return TWO_RUNS if runs == 2 == len(plan) else SEARCH


def _sets_best(
    plan: tuple[Group, ...], fixed: tuple[int, ...], pool: tuple[int, ...]
) -> int | None:
    """``_best_used`` of a plan of sets of one size ``a``, from the cards' counts by number.

    Each set is given a number (several may share one); the sets given a number take its cards,
    ``a`` each. A number's cards taken grow by ``a`` per set given to it until they run out, so
    the next set goes where the most cards are left (greedy is exact for such gains), after
    the sets that the fixed cards of each number need.

    >>> sets = _plan(parse_condition("set(3) + set(3) + set(3)"))
    >>> _sets_best(sets, (), (0, 9, 18, 27, 36, 1, 10))  # five 1s and two 2s
    7
    >>> print(_sets_best(sets, (0, 1, 2, 3), ()))  # four numbers fixed: three sets
    None
    """
    a = plan[0].n
    left = len(plan)
    # Counts by number, packed: COUNT_BITS bits per number (no list: this runs per hand).
    fixed_counts = 0
    for t in fixed:
        fixed_counts += 1 << COUNT_BITS * (t % HIGHEST_NUMBER)
    counts = fixed_counts
    for t in pool:
        counts += 1 << COUNT_BITS * (t % HIGHEST_NUMBER)
    used = 0
    rest = counts  # the cards no set has taken yet, by number
    if fixed_counts:
        for v in range(HIGHEST_NUMBER):
            shift = COUNT_BITS * v
            f = fixed_counts >> shift & COUNT_MASK
            if f:
                given = (f + a - 1) // a  # the fewest sets holding the fixed cards
                left -= given
                if left < 0:
                    return None
                held = counts >> shift & COUNT_MASK
                took = given * a if given * a < held else held
                used += took
                rest -= took << shift
    for _ in range(left):
        most = 0
        at = 0
        for v in range(HIGHEST_NUMBER):
            held = rest >> COUNT_BITS * v & COUNT_MASK
            if held > most:
                most = held
                at = v
        if not most:
            break
        took = a if a < most else most
        used += took
        rest -= took << COUNT_BITS * at
    return used


def _two_runs_best(a: int, b: int, fixed: tuple[int, ...], pool: tuple[int, ...]) -> int | None:
    """``_best_used`` of ``run(a) + run(b)``, from the numbers held once and twice or more (a run
    takes one card of each number of its window): each pair of windows is tried.

    >>> _two_runs_best(3, 3, (), (0, 1, 2, 10, 11, 12))  # 1 2 3 twice
    6
    >>> print(_two_runs_best(3, 3, (0, 9, 18), ()))  # three 1s
    None
    """
    fixed_once = fixed_twice = 0
    for t in fixed:
        bit = 1 << t % HIGHEST_NUMBER
        if fixed_twice & bit:
            return None  # a number three times: two runs hold it twice at most
        if fixed_once & bit:
            fixed_twice |= bit
        fixed_once |= bit
    once = fixed_once
    twice = fixed_twice
    for t in pool:
        bit = 1 << t % HIGHEST_NUMBER
        if once & bit:
            twice |= bit
        once |= bit
    best = -1
    first = (1 << a) - 1
    second = (1 << b) - 1
    for s in range(HIGHEST_NUMBER - a + 1):
        w1 = first << s
        for r in range(HIGHEST_NUMBER - b + 1):
            w2 = second << r
            both = w1 & w2
            either = w1 | w2
            if fixed_once & ~either or fixed_twice & ~both:
                continue
            took = _BITS[once & either] + _BITS[twice & both]
            if took > best:
                best = took
    return None if best < 0 else best


def _reaches(plan: tuple[Group, ...], pool: tuple[int, ...], needed: int) -> bool:
    """Whether the groups of ``plan`` (each of which can be met) can take at least ``needed``
    cards of ``pool``: ``_best_used(plan, (), pool) >= needed``, but it stops at the first split
    that does, and gives up on the parts too small to, so a menu's yes or no is cheaper than
    the fewest wilds."""
    if needed <= 0:
        return True
    head, tail = plan[0], plan[1:]
    if not tail:
        used = _best_last(head, (), pool)
        return used is not None and used >= needed
    tail_capacity = sum(g.n for g in tail)
    view = _tail_view(tail)
    tried: set[tuple[int, ...]] = set()
    for part in _candidates(head, (), pool):
        if len(part) + tail_capacity < needed:
            break  # parts come largest first: no later one takes enough
        rest = _take(part, (), pool)[1]
        if view is not None:
            rest = _project(view, rest)
            if rest in tried:
                continue
            tried.add(rest)
        if _reaches(tail, rest, needed - len(part)):
            return True
    return False


@lru_cache(maxsize=1 << 14)
def _reach_alone(group: Group, hand: tuple[int, ...]) -> int | None:
    """Most cards of ``hand`` that ``group`` alone can take (None if it cannot be met at all)."""
    return _best_last(group, (), hand)


_NUMBER_ONLY: Final = frozenset({"set", "run", "exact", "sum_at_least", "sum_at_most", "any"})
_COLOUR_ONLY: Final = frozenset({"flush", "rainbow", "any"})


def _project(view: str, cards: tuple[int, ...]) -> tuple[int, ...]:
    """Every card replaced by the first-colour card of its number (view ``number``), or by the
    number-1 card of its colour (view ``colour``): equivalent for groups with that view."""
    # Lists, not generators: a compiled generator is an object per call.
    if view == "number":
        projected = [x % HIGHEST_NUMBER for x in cards]
    else:
        projected = [x - x % HIGHEST_NUMBER for x in cards]
    projected.sort()
    return tuple(projected)


def _tail_view(tail: tuple[Group, ...]) -> str | None:
    """What the groups of ``tail`` look at: only ``number``s, only ``colour``s, or both (None)."""
    numbers = colours = True
    for g in tail:
        numbers = numbers and g.kind in _NUMBER_ONLY
        colours = colours and g.kind in _COLOUR_ONLY
    if numbers:
        return "number"
    return "colour" if colours else None


def _take(
    part: tuple[int, ...], fixed: tuple[int, ...], pool: tuple[int, ...]
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Remove ``part`` from the cards, fixed copies first (a copy left in the pool is freer)."""
    f = list(fixed)
    p = list(pool)
    for t in part:
        if t in f:
            f.remove(t)
        else:
            p.remove(t)
    return tuple(f), tuple(p)


def _best_last(group: Group, fixed: tuple[int, ...], pool: tuple[int, ...]) -> int | None:
    """Most real cards ``group`` can take: all of ``fixed``, some of ``pool``; None if impossible.

    The group's other items are wilds, declared as needed.
    """
    code = group.code
    n = group.n
    nf = len(fixed)
    if nf > n:
        return None
    if code == KIND_ANY:
        return min(n, nf + len(pool))

    if code in (KIND_SET, KIND_EXACT):
        if code == KIND_EXACT:
            want = group.value - 1 if group.value is not None else -1
        elif fixed:
            want = fixed[0] % HIGHEST_NUMBER
        else:
            want = -1
        if want >= 0:
            for t in fixed:
                if t % HIGHEST_NUMBER != want:
                    return None
            if nf == n:
                return n
            took = nf
            for t in pool:
                if t % HIGHEST_NUMBER == want:
                    took += 1
            return took if took < n else n
        counts = [0] * HIGHEST_NUMBER
        for t in pool:
            counts[t % HIGHEST_NUMBER] += 1
        return min(n, max(counts))

    if code == KIND_FLUSH:
        if group.colour_index is not None:
            want = group.colour_index
        elif fixed:
            want = fixed[0] // HIGHEST_NUMBER
        else:
            want = -1
        if want >= 0:
            for t in fixed:
                if t // HIGHEST_NUMBER != want:
                    return None
            if nf == n:
                return n
            took = nf
            for t in pool:
                if t // HIGHEST_NUMBER == want:
                    took += 1
            return took if took < n else n
        counts = [0] * COLOUR_COUNT
        for t in pool:
            counts[t // HIGHEST_NUMBER] += 1
        return min(n, max(counts))

    if code == KIND_RAINBOW:
        if n > COLOUR_COUNT:
            return None
        # Colours as bits (no sets: this runs at every step of a rainbow's items).
        fixed_colours = 0
        for t in fixed:
            bit = 1 << t // HIGHEST_NUMBER
            if fixed_colours & bit:
                return None  # a colour twice
            fixed_colours |= bit
        if nf == n:
            return n
        more = 0
        for t in pool:
            more |= 1 << t // HIGHEST_NUMBER
        took = nf + _BITS[more & ~fixed_colours]
        return took if took < n else n

    if code == KIND_RAINBOW_SET:
        # Same number and different colours = different types of one number: types as bits.
        if n > COLOUR_COUNT:
            return None
        held = 0
        for t in fixed:
            bit = 1 << t
            if held & bit:
                return None  # a type twice
            held |= bit
        more = 0
        for t in pool:
            more |= 1 << t
        if fixed:
            want = fixed[0] % HIGHEST_NUMBER
            for t in fixed:
                if t % HIGHEST_NUMBER != want:
                    return None
            if nf == n:
                return n
            took = nf + _colours_holding(more & ~held, want)
        else:
            took = 0
            for v in range(HIGHEST_NUMBER):
                colours = _colours_holding(more, v)
                if colours > took:
                    took = colours
        return took if took < n else n

    if code in (KIND_RUN, KIND_COLOUR_RUN):
        if n > HIGHEST_NUMBER:
            return None
        fixed_mask = 0
        colour = -1
        for t in fixed:
            bit = 1 << (t % HIGHEST_NUMBER)
            if fixed_mask & bit:
                return None  # a number twice
            fixed_mask |= bit
            if code == KIND_COLOUR_RUN:
                if colour >= 0 and t // HIGHEST_NUMBER != colour:
                    return None
                colour = t // HIGHEST_NUMBER
        if code == KIND_COLOUR_RUN and colour < 0:
            masks = [0] * COLOUR_COUNT
            for t in pool:
                masks[t // HIGHEST_NUMBER] |= 1 << (t % HIGHEST_NUMBER)
            best = 0
            for mask in masks:
                run = _RUNS[n << HIGHEST_NUMBER | mask]
                if run > best:
                    best = run
            return best
        mask = 0
        for t in pool:
            if colour < 0 or t // HIGHEST_NUMBER == colour:
                mask |= 1 << (t % HIGHEST_NUMBER)
        extra = _run_best(mask, n, fixed_mask)
        return None if extra is None else nf + extra

    if code == KIND_SUM_AT_LEAST:
        k = group.value if group.value is not None else 0
        total = HIGHEST_NUMBER * (n - nf)
        for t in fixed:
            total += t % HIGHEST_NUMBER + 1
        if total < k:
            return None
        # Take the highest pool cards while the total still reaches k (each costs 9 - number).
        taken = 0
        values = [t % HIGHEST_NUMBER + 1 for t in pool]
        values.sort(reverse=True)
        for v in values:
            if taken == n - nf or total - (HIGHEST_NUMBER - v) < k:
                break
            total -= HIGHEST_NUMBER - v
            taken += 1
        return nf + taken

    if code == KIND_SUM_AT_MOST:
        k = group.value if group.value is not None else 0
        total = n - nf
        for t in fixed:
            total += t % HIGHEST_NUMBER + 1
        if total > k:
            return None
        taken = 0
        values = [t % HIGHEST_NUMBER + 1 for t in pool]
        values.sort()
        for v in values:
            if taken == n - nf or total + (v - 1) > k:
                break
            total += v - 1
            taken += 1
        return nf + taken

    raise ValueError(f"unknown group kind {group.kind!r}")


_BITS: Final = bytes([bin(mask).count("1") for mask in range(1 << HIGHEST_NUMBER)])
"""The number of bits set in a mask of numbers (or colours), by mask: ``int.bit_count`` is a
method call in compiled code."""


def _colours_holding(types: int, v: int) -> int:
    """How many colours hold number ``v + 1`` in ``types`` (a mask of card types).

    >>> _colours_holding(1 << card_type(0, 3) | 1 << card_type(4, 3) | 1 << card_type(1, 2), 2)
    2
    """
    numbers = types >> v
    held = 0
    for colour in range(COLOUR_COUNT):
        held += numbers >> colour * HIGHEST_NUMBER & 1
    return held


_SAME_NUMBER: Final = sum(1 << colour * HIGHEST_NUMBER for colour in range(COLOUR_COUNT))
"""The bits of the number-1 types of every colour (``<< v``: those of number ``v + 1``)."""


def _run_best(mask: int, n: int, fixed_mask: int) -> int | None:
    """Most numbers of ``mask`` (bit v = number v + 1) outside ``fixed_mask`` that fit in one
    window of ``n`` consecutive numbers holding all of ``fixed_mask``; None if no window holds it.
    """
    if not fixed_mask:
        return _RUNS[n << HIGHEST_NUMBER | mask]  # every window holds nothing fixed
    window = (1 << n) - 1
    best = -1
    free = mask & ~fixed_mask
    for s in range(HIGHEST_NUMBER - n + 1):
        w = window << s
        if fixed_mask & ~w:
            continue
        count = _BITS[free & w]
        if count > best:
            best = count
    return None if best < 0 else best


def _runs() -> bytes:
    """``_run_best(mask, n, 0)`` for every ``n`` (1..9) and mask of numbers, at ``n << 9 | mask``:
    the menu asks it of every hand for every run, more often than anything else."""
    table = bytearray((HIGHEST_NUMBER + 1) << HIGHEST_NUMBER)
    for n in range(1, HIGHEST_NUMBER + 1):
        window = (1 << n) - 1
        for mask in range(1 << HIGHEST_NUMBER):
            best = 0
            for s in range(HIGHEST_NUMBER - n + 1):
                best = max(best, (mask & window << s).bit_count())
            table[n << HIGHEST_NUMBER | mask] = best
    return bytes(table)


_RUNS: Final = _runs()


def _run_parts(mask: int, n: int) -> tuple[int, ...]:
    """The inclusion-maximal non-empty parts ``mask & window`` over windows of ``n`` numbers.

    >>> _run_parts(0b1101011, 3)  # numbers 1 2 4 6 7: windows 1-3, 2-4, 4-6, 5-7 hold the most
    (3, 10, 40, 96)
    """
    at = n << HIGHEST_NUMBER | mask
    found = _RUN_PARTS[at]
    if found is None:
        window = (1 << n) - 1
        parts = {mask & (window << s) for s in range(HIGHEST_NUMBER - n + 1)} - {0}
        found = tuple(sorted(p for p in parts if not any(p != q and p & q == p for q in parts)))
        _RUN_PARTS[at] = found
    return found


# ``_run_parts`` by ``n << 9 | mask``, each found when first asked (a list, not a memo: the
# search asks it for every run in every split it tries).
_RUN_PARTS: Final[list[tuple[int, ...] | None]] = [None] * ((HIGHEST_NUMBER + 1) << HIGHEST_NUMBER)

_NUMBERS_IN: Final = tuple(
    tuple(v for v in range(HIGHEST_NUMBER) if mask >> v & 1) for mask in range(1 << HIGHEST_NUMBER)
)
"""The numbers (0-based, ascending) whose bits are set in a mask, by mask."""


def _fits(group: Group, cards: tuple[int, ...]) -> bool:
    """Whether ``cards`` (all of them) can be completed to ``group`` with wilds."""
    return _best_last(group, cards, ()) is not None


def _by_number(cards: list[int]) -> list[list[int]]:
    """The card types of ``cards`` grouped by number, numbers ascending, types ascending.

    >>> _by_number([card_type(1, 4), card_type(0, 9), card_type(0, 4)])
    [[3, 12], [8]]
    """
    # Sorted by number, then type, in one sort of plain ints (no dict of lists per call).
    keyed = sorted([(t % HIGHEST_NUMBER) << 6 | t for t in cards])
    out: list[list[int]] = []
    last = -1
    for code in keyed:
        if code >> 6 != last:
            last = code >> 6
            out.append([])
        out[-1].append(code & 63)
    return out


def _by_colour(cards: list[int]) -> list[list[int]]:
    """The card types of ``cards`` grouped by colour, colours ascending, types ascending.

    >>> _by_colour([card_type(1, 4), card_type(0, 9), card_type(0, 4)])
    [[3, 8], [12]]
    """
    out: list[list[int]] = []
    last = -1
    for t in sorted(cards):  # type order is colour order first
        if t // HIGHEST_NUMBER != last:
            last = t // HIGHEST_NUMBER
            out.append([])
        out[-1].append(t)
    return out


def _candidates(
    group: Group, fixed: tuple[int, ...], pool: tuple[int, ...]
) -> list[tuple[int, ...]]:
    """Every inclusion-maximal multiset of the cards that ``group`` can take, largest first.

    May also hold some non-maximal ones (harmless); holds ``()`` alone when the group can take
    no card (it may still be met by wilds alone).

    >>> _candidates(parse_condition("set(2)").groups[0], (0,), (9, 18, 1))
    [(0, 9), (0, 18), (9, 18), (1,)]
    """
    kind = group.kind
    n = group.n
    cards = [*fixed, *pool]
    out: list[tuple[int, ...]] = []

    if kind == "set" or kind == "exact" or kind == "flush":
        # Cards sharing a number (set, exact) or a colour (flush).
        if kind == "flush":
            only = -1 if group.colour_index is None else group.colour_index
            groups = _by_colour(cards)
        else:
            only = -1 if group.value is None else group.value - 1
            groups = _by_number(cards)
        for same in groups:
            key = same[0] // HIGHEST_NUMBER if kind == "flush" else same[0] % HIGHEST_NUMBER
            if only >= 0 and key != only:
                continue
            if len(same) <= n:
                out.append(tuple(same))
            else:
                out.extend(sorted(set(combinations(same, n))))

    elif kind == "rainbow_set":
        for types in _by_number(list(set(cards))):
            out.extend(combinations(types, min(n, len(types))))

    elif kind == "rainbow":
        choices = _by_colour(list(set(cards)))
        for colours_chosen in combinations(choices, min(n, len(choices))):
            out.extend(product(*colours_chosen))

    elif kind == "colour_run":
        # One type per colour and number: a part is the types of one colour in one window.
        masks = [0] * COLOUR_COUNT
        for t in cards:
            masks[t // HIGHEST_NUMBER] |= 1 << (t % HIGHEST_NUMBER)
        for colour in range(COLOUR_COUNT):
            mask = masks[colour]
            if mask:
                first = colour * HIGHEST_NUMBER
                for part_mask in _run_parts(mask, n):
                    out.append(tuple([first + v for v in _NUMBERS_IN[part_mask]]))

    elif kind == "run":
        by_number: list[list[int]] = [[] for _ in range(HIGHEST_NUMBER)]
        mask = 0
        for types in _by_number(list(set(cards))):
            v = types[0] % HIGHEST_NUMBER
            by_number[v] = types
            mask |= 1 << v
        for part_mask in _run_parts(mask, n):
            out.extend(product(*[by_number[v] for v in _NUMBERS_IN[part_mask]]))

    else:  # sum_at_least, sum_at_most, any: try every multiset, keep the maximal ones
        counts: dict[int, int] = {}
        for t in cards:
            counts[t] = counts.get(t, 0) + 1
        out = _maximal_parts(group, sorted(counts.items()))
        if not out and _fits(group, ()):
            out = [()]
        out.sort(key=len, reverse=True)
        return out

    if not out:
        return [()]
    out.sort(key=len, reverse=True)
    return out


def _maximal_parts(group: Group, items: list[tuple[int, int]]) -> list[tuple[int, ...]]:
    """Every inclusion-maximal multiset of ``items`` that ``group`` can take (generic search)."""
    out: list[tuple[int, ...]] = []
    chosen: list[int] = []

    def maximal() -> bool:
        if len(chosen) == group.n:
            return True
        for t, c in items:
            if chosen.count(t) < c and _fits(group, tuple(sorted([*chosen, t]))):
                return False
        return True

    def walk(i: int) -> None:
        if i == len(items):
            if maximal():
                out.append(tuple(chosen))
            return
        walk(i + 1)
        t, c = items[i]
        size = len(chosen)
        for _ in range(c):
            chosen.append(t)
            if len(chosen) > group.n or not _fits(group, tuple(chosen)):
                break
            walk(i + 1)
        del chosen[size:]

    if _fits(group, ()):
        walk(0)
    return out
