"""Building an action item by item, in any order (DESIGN.md, "People pick items in any order").

``legal_actions()`` offers one path of steps per action, items in canonical order: what search
needs. A person picks the items in the order they think of them. :func:`explore` walks every path
of legal steps that a first step begins, on copies of the state, and keeps each whole action it
reaches; :class:`Exploration` then answers for any items chosen so far. So the answers are exact
by construction (an item is offered iff some whole action the legal steps allow holds it) and
follow the game's notation wherever it goes. The walk sees only the deciding seat's legal steps,
which depend only on what that seat may know.

A begun action starts either with a first step (``complete M1-07``, ``cast S19/3``, ``cycle``) or,
for a chore the game sets (cards to drop down to the hand limit, an effect's choice of cards), with
the chore's verb (``drop``, ``discard``): its items are then spelled without the verb (``P9``).
Where the order of the items means something (a cycle, cards put back on top) the items chosen are
a sequence, else a multiset. Core names no game: the examples, with real games, are in
``tests/test_choices_examples.py``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import TYPE_CHECKING

from bodoge.core.action import Action, Choices
from bodoge.core.errors import IllegalAction

if TYPE_CHECKING:
    from bodoge.core.state import State

__all__ = [
    "Exploration",
    "Whole",
    "begin",
    "choices",
    "explore",
    "item_step",
    "split",
    "steps",
]


class Whole:
    """One whole action a begun action can become: its items and the legal steps that make it."""

    __slots__ = ("counts", "items", "steps")

    def __init__(self, items: tuple[str, ...], steps: tuple[Action, ...]) -> None:
        self.items = items
        self.steps = steps
        self.counts = Counter(items)

    def holds(self, chosen: Counter[str]) -> bool:
        """Whether the items ``chosen`` (a multiset) are all among this action's."""
        counts = self.counts
        return all(counts[item] >= n for item, n in chosen.items())


class Exploration:
    """Every whole action that a first step ``what`` begins in one position.

    ``wholes`` holds them in the order the legal steps reach them (so items are offered in
    canonical order); ``ordered`` says whether items are a sequence rather than a multiset;
    ``verb`` is the chore's verb when ``what`` names a chore (no step of its own), else None.
    """

    __slots__ = ("ordered", "verb", "what", "wholes")

    def __init__(self, what: str, verb: str | None, ordered: bool, wholes: Sequence[Whole]) -> None:
        self.what = what
        self.verb = verb
        self.ordered = ordered
        self.wholes = tuple(wholes)

    @property
    def by_itself(self) -> bool:
        """True when ``what`` is a whole action by itself (``draw``, ``pass``)."""
        return self.verb is None and len(self.wholes) == 1 and not self.wholes[0].items

    def matching(self, chosen: Sequence[str]) -> list[Whole]:
        """The whole actions that hold every item of ``chosen`` (in its order, if ordered)."""
        if self.ordered:
            k = len(chosen)
            picked = tuple(chosen)
            return [w for w in self.wholes if w.items[:k] == picked]
        counts = Counter(chosen)
        return [w for w in self.wholes if w.holds(counts)]

    def choices(self, chosen: Sequence[str] = ()) -> Choices:
        """The items that can still be added to ``chosen``, and whether it is a whole action."""
        if self.by_itself:
            return Choices((), True)
        found = self.matching(chosen)
        addable: dict[str, None] = {}
        complete = False
        if self.ordered:
            k = len(chosen)
            for whole in found:
                if len(whole.items) > k:
                    addable[whole.items[k]] = None
                else:
                    complete = True
        else:
            counts = Counter(chosen)
            for whole in found:
                if whole.counts == counts:
                    complete = True
                for item in whole.items:
                    if whole.counts[item] > counts[item]:
                        addable[item] = None
        return Choices(tuple(addable), complete)


def begin(state: State, what: str, chosen: Sequence[str] = ()) -> tuple[str, list[str]]:
    """``what`` and the items chosen, reading a chore's step as its verb and first item
    (``drop P9`` is ``drop`` with ``P9``)."""
    what = " ".join(what.split())
    items = list(chosen)
    chore = state._chore() if state.current_player is not None else None
    if chore is not None and what.startswith(f"{chore} "):
        what, first = what.split(" ", 1)
        items.insert(0, first)
    return what, items


def split(state: State, entry: str) -> tuple[str, list[str]] | None:
    """What a person typed, read as a first step and items (``complete M1-07 P8 R1``, ``drop P9
    R1``, ``bottom F1 bottom A1``); None when it does not start with a legal first step."""
    tokens = entry.split()
    if state.current_player is None or not tokens:
        return None
    legal = state._legal_map()
    chore = state._chore()
    for width in (2, 1):
        head = " ".join(tokens[:width])
        if len(tokens) >= width and (head in legal or head == chore):
            what, items = begin(state, head, tokens[width:])
            return what, [item for item in items if what != chore or item != chore]
    return None


def choices(state: State, what: str, chosen: Sequence[str] = ()) -> Choices:
    """``state.choices``: the game's faster answer where it has one, else the exploration."""
    what, items = begin(state, what, chosen)
    fast = state._fast_choices(what, items)
    if fast is not None:
        return fast
    memo = state._explored
    if memo is not None and what in memo:
        return memo[what].choices(items)
    start = _Start(state, what)
    if start.whole:
        return Choices((), True)
    if start.base._items_ordered():
        return _next_in_order(start, items)
    return explore(state, what).choices(items)


def _next_in_order(start: _Start, items: Sequence[str]) -> Choices:
    """Where the items are a sequence, only what follows ``items`` matters: follow them, then
    offer each next step from which some way to the end exists (one is enough to know). Walking
    every sequence instead would make a cycle from a full hand slow."""
    st = start.base
    for k, item in enumerate(items):
        action = next((a for a in st._legal_map().values() if start.item(a) == item), None)
        if action is None:
            return Choices((), False)
        before, st = st, _after(st, action)
        if not start.going_on(st):  # the items left must be those the game puts in itself
            rest = tuple(items[k + 1 :])
            return Choices((), not rest or before._implied_items(action) == rest)
    addable: dict[str, None] = {}
    complete = False
    for action in st._legal_map().values():
        added = start.item(action)
        after = _after(st, action)
        going = start.going_on(after)
        if added is None:
            complete = complete or not going
        elif not going or _completable(start, after):
            addable[added] = None
    return Choices(tuple(addable), complete)


def _after(state: State, action: Action) -> State:
    after = state.clone()
    after._step(action)
    return after


def _completable(start: _Start, state: State) -> bool:
    """Whether some path of legal steps from ``state`` finishes the begun action."""
    for action in state._legal_map().values():
        after = _after(state, action)
        if not start.going_on(after) or _completable(start, after):
            return True
    return False


def explore(state: State, what: str) -> Exploration:
    """Every whole action that ``what`` begins for ``state.current_player`` (memoized on the
    state until its next step). IllegalAction when ``what`` is neither a legal step nor the verb
    of the chore the seat is doing."""
    what = " ".join(what.split())
    memo = state._explored
    if memo is None:
        memo = state._explored = {}
    found = memo.get(what)
    if found is None:
        found = memo[what] = _walk(state, what)
    return found


class _Start:
    """Where a begun action stands after its first step (or at once, for a chore)."""

    __slots__ = ("base", "first", "prefix", "seat", "verb", "whole")

    def __init__(self, state: State, what: str) -> None:
        self.seat = state.current_player
        chore = state._chore() if self.seat is not None else None
        self.verb = what if chore is not None and what == chore else None
        self.prefix = f"{self.verb} " if self.verb is not None else ""
        self.base = state.clone()
        self.first: tuple[Action, ...] = ()
        self.whole = False  # ``what`` is a whole action by itself
        if self.verb is None:
            step = state.parse(what)  # IllegalAction, with the reason, unless a legal step
            self.base._step(step)
            self.first = (step,)
            self.whole = not self.going_on(self.base)

    def going_on(self, state: State) -> bool:
        """Whether the begun action is still being built in ``state``."""
        if state.current_player != self.seat:
            return False
        return state._chore_going() if self.verb is not None else state._in_action()

    def item(self, action: Action) -> str | None:
        """The item a step adds: its notation, without the chore's verb; None for a step that
        closes a chore without a card (``pass`` to recover no more)."""
        notation = action.notation
        if not self.prefix:
            return notation
        return notation[len(self.prefix) :] if notation.startswith(self.prefix) else None


def _walk(state: State, what: str) -> Exploration:
    start = _Start(state, what)
    if start.whole:
        return Exploration(what, None, False, [Whole((), start.first)])
    wholes: list[Whole] = []

    def walk(st: State, items: tuple[str, ...], steps: tuple[Action, ...]) -> None:
        for action in st._legal_map().values():
            after = _after(st, action)
            item = start.item(action)
            more = items if item is None else (*items, item)
            if start.going_on(after):
                walk(after, more, (*steps, action))
            else:
                wholes.append(Whole(more, (*steps, action)))

    walk(start.base, (), start.first)
    return Exploration(what, start.verb, start.base._items_ordered(), wholes)


def _same_items(implied: tuple[str, ...], rest: tuple[str, ...], ordered: bool) -> bool:
    if ordered:
        return implied == rest
    return Counter(implied) == Counter(rest)


def item_step(state: State, what: str, item: str) -> Action | None:
    """The step that adds ``item`` to the begun action ``what``, taken from a position where it
    is legal: ``legal_actions`` offers an item only where its canonical path has it (``take
    R09``, the last card, only after another), yet a person may pick it first and a list of
    what can be picked names it with its step. None when ``item`` cannot be added at all.
    Follows, one item at a time, steps after which ``item`` can still be added (``choices``)."""
    what, chosen = begin(state, what)
    start = _Start(state, what)
    if start.whole:
        return None
    st = start.base
    while True:
        legal = list(st._legal_map().values())
        found = next((a for a in legal if start.item(a) == item), None)
        if found is not None:
            return found
        onward = None
        for action in legal:
            added = start.item(action)
            if added is not None and item in choices(state, what, [*chosen, added]).addable:
                onward = action
                chosen.append(added)
                break
        if onward is None:
            return None
        st = _after(st, onward)
        if not start.going_on(st):
            return None


def steps(state: State, what: str, chosen: Sequence[str]) -> list[str]:
    """The legal steps, in order, that make the whole action ``what`` with the items ``chosen``
    (in any order, unless their order means something); IllegalAction when they do not make one.
    Searches only the paths made of the chosen items, so it is quick even where a whole
    exploration is not."""
    what, items = begin(state, what, chosen)
    start = _Start(state, what)
    if start.whole:
        if items:
            raise IllegalAction("illegal.nothing_to_add", what=what)
        return [a.notation for a in start.first]
    ordered = start.base._items_ordered()

    def walk(st: State, left: tuple[str, ...], path: tuple[Action, ...]) -> list[str] | None:
        for action in st._legal_map().values():
            item = start.item(action)
            rest = left
            if item is not None:
                if item not in left or (ordered and left[0] != item):
                    continue
                at = left.index(item)
                rest = left[:at] + left[at + 1 :]
            after = _after(st, action)
            if start.going_on(after):
                found = walk(after, rest, (*path, action))
                if found is not None:
                    return found
            elif not rest or _same_items(st._implied_items(action), rest, ordered):
                return [a.notation for a in (*path, action)]
        return None

    found = walk(start.base, tuple(items), start.first)
    if found is None:
        raise IllegalAction("illegal.not_whole", what=what, items=" ".join(items) or "—")
    return found


def apply_whole(state: State, action: str) -> None:
    """``state.apply(action)``; where the engine refuses it and it is the cards of a chore as a
    page builds them (``drop P9 R3``: the verb once, the cards in any order), the chore's steps
    one by one, as the terminal applies them: an engine may take each card of a chore as an
    action of its own (Extreme Mission's ``drop P9``, EM-4.1) and refuse ``R3`` as left over.
    IllegalAction (the engine's) when that makes no whole chore either; nothing changed then."""
    try:
        state.apply(action)
    except IllegalAction as refused:
        chore = state._chore() if state.current_player is not None else None
        found = split(state, action) if chore is not None else None
        if found is None or found[0] != chore:
            raise
        try:
            path = steps(state, *found)
        except IllegalAction:
            raise refused from None
        for step in path:  # a path of legal steps, found on copies: each applies
            state.apply(step)
