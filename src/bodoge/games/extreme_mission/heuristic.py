"""Extreme Mission's heuristic agent: the plan a good human follows, from the seat's view only.

**The plan.** Every action of a turn is chosen by the first rule that applies:

1. *Complete the highest level you can* (EM-3.4) with the hand alone — or, at level 4, with the
   hand and at most one wild (``Style.wilds``). Of that level's laid missions, the one whose cards
   leave the best hand behind.
2. *Re-activate a collaborator with the hand alone* (EM-3.6): all five must be face up to finish
   (EM-5.1). Never a wild to activate another collaborator: that only swaps which one is down.
3. *Spend more wilds* only where the style allows it (by default nowhere else).
4. *Get a card*: take another seat's discard top (EM-3.3) when it brings a laid mission or a
   face-down collaborator closer (by ``Style.take_gain`` cards at least); else draw; pass only
   when nothing else is legal.

Why so sparing with wilds: a wild spent is a collaborator to bring back, an action and two to
four cards later (``OWN_TURNS`` prices a face-down collaborator) while a card more in hand is
worth much less. The cards page's greedy bot (§5.3: wilds on level 4 as needed and on level 3)
finishes a level at a time and re-activates all game long; a bot that keeps its collaborators
face up, fills its hand to the limit with the cards the laid missions want and finishes level 4
when the hand lacks one card at most beats it. The limits were chosen by playing styles against
each other; the games and the figures are in ``docs/strength.md`` ("How the heuristics were
tuned"), where they can be measured again.

Which cards, which mission, which collaborators: the bot keeps the cards that matter for what is
left to do. Its yardstick is the hand's *shortfall*: for each level not done, the fewest cards the
best laid mission of that level still lacks (with a small weight on the other missions of the
level, to keep alternatives alive), plus what each face-down collaborator's condition lacks. So
it uses, for a mission, the exact set of cards (and the fewest wilds) after which the shortfall of
the rest is smallest; turns face down the collaborators easiest to bring back with the hand left;
and at the hand limit (EM-4.1) drops the card whose loss raises the shortfall least. Once all
four levels are done only re-activations are left, so it finishes with every collaborator face up
(rule 2), drawing for the cards they need.

The same plan, with cheaper bounds in place of the exact solver and the first set of cards that
fits in place of the best, is ``rollout_step``, the default policy of ISMCTS rollouts on sampled
states; ``evaluate`` turns ``turns_to_finish``, a model of how many turns each seat still needs,
into chances of winning, where the search stops looking.

>>> import bodoge, random
>>> from bodoge.agents import Decision
>>> game = bodoge.make("extreme-mission", players=2)
>>> laid = [f"M{level}-0{i}" for level in (1, 2, 3, 4) for i in (1, 2, 3)]
>>> state = game.new_state(seed=1, setup={"missions": laid,
...                                       "hands": {0: ["I-R4a", "I-B5a", "I-G6a", "I-P9a"]}})
>>> agent = HeuristicAgent(game, 0, random.Random(1))
>>> str(agent.act(Decision.of(state)))  # rule 1: run(3) with R4 B5 G6, keeping P9
'complete M1-02'
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING, Any, Final

from bodoge.core.action import Action
from bodoge.games.extreme_mission.conditions import (
    Condition,
    HandSummary,
    completable,
    completable_all,
    min_wilds,
)
from bodoge.games.extreme_mission.state import DROP, EMState

if TYPE_CHECKING:
    from bodoge.agents.base import Decision
    from bodoge.core.state import State
    from bodoge.games.extreme_mission import ExtremeMission

__all__ = ["STYLE", "HeuristicAgent", "Planner", "SeatFacts", "Style", "evaluate", "rollout_step"]


@dataclass(frozen=True, slots=True)
class Style:
    """The plan's knobs. ``wilds``: the most wilds spent on a mission of level 1, 2, 3, 4;
    ``wilds_first``: levels whose completions with wilds come before re-activations (rule 1);
    ``take_gain``: how much a discard top must cut the shortfall to be taken rather than a draw;
    ``alternatives``: the weight of a level's other missions in the shortfall (the best counts
    fully); ``weights``: the weight of each level's shortfall.
    """

    wilds: tuple[int, ...] = (0, 0, 0, 1)
    wilds_first: frozenset[int] = frozenset({4})
    take_gain: float = 1.0
    alternatives: float = 0.1
    weights: tuple[float, ...] = (1.0, 1.0, 1.0, 1.0)


STYLE = Style()
"""The style of the ``heuristic`` agent (chosen by playing styles against each other)."""

SEARCH_LIMIT: Final = 400
"""Most partial card sets the set search looks at for one condition (it is exact below it: no
search of the bench's positions reaches it)."""


class SeatFacts:
    """What the plan looks at, as the seat knows it (from its view, or a sampled state).

    ``hand`` holds card indices (sorted: the engine's canonical order); ``pending`` is the compound
    action in progress as (``complete`` | ``activate``, mission id | kind index, chosen card
    indices, chosen wild kinds). Read-only. A plain class, not a dataclass: a search makes one
    for every step of every rollout, and a dataclass's ``__init__`` is Python even when this
    module is compiled.
    """

    __slots__ = ("done", "hand", "missions", "pending", "phase", "seat", "tops", "up")

    def __init__(
        self,
        *,
        seat: int,
        hand: tuple[int, ...],
        up: tuple[bool, ...],
        done: frozenset[int],
        missions: tuple[str, ...],
        tops: tuple[int | None, ...],
        phase: str,
        pending: tuple[str, Any, tuple[int, ...], tuple[int, ...]] | None,
    ) -> None:
        self.seat: Final = seat
        self.hand: Final = hand
        self.up: Final = up
        self.done: Final = done
        self.missions: Final = missions
        self.tops: Final = tops
        self.phase: Final = phase
        self.pending: Final = pending

    @classmethod
    def of_view(cls, game: ExtremeMission, view: Mapping[str, Any]) -> SeatFacts:
        index = game.card_index
        seat: int = view["you"]
        pending = view["pending"]
        pend: tuple[str, Any, tuple[int, ...], tuple[int, ...]] | None = None
        if pending is not None:
            what = pending["action"]
            target = pending["target"]
            if what == "activate":
                target = game.kinds.index(target)
            pend = (
                what,
                target,
                tuple(index[c] for c in pending["cards"]),
                tuple(game.kinds.index(k) for k in pending["wilds"]),
            )
        return SeatFacts(
            seat=seat,
            hand=tuple(sorted(index[c] for c in view["hand"])),
            up=tuple(view["collaborators"][seat][code] == "up" for code in game.kinds),
            done=frozenset(game.level_of[m] for m in view["completed"][seat]),
            missions=tuple(view["missions"]),
            tops=tuple(None if t is None else index[t] for t in view["discard_tops"]),
            phase=view["phase"],
            pending=pend,
        )

    @classmethod
    def of_state(cls, state: EMState, seat: int) -> SeatFacts:
        """The same facts read straight from a state: for rollouts on the bot's own samples."""
        level_of = state.game.level_of
        pend = None
        if state.pending is not None and state.player == seat:
            what, target = state.pending
            pend = (what, target, tuple(state.pending_cards), tuple(state.pending_wilds))
        return SeatFacts(
            seat=seat,
            hand=tuple(state.hands[seat]),
            up=tuple(state.collaborators[seat]),
            done=frozenset(level_of[m] for m in state.completed[seat]),
            missions=tuple(state.missions),
            tops=tuple(pile[-1] if pile else None for pile in state.discards),
            phase=state.phase,
            pending=pend,
        )


def _quick_gap(summary: HandSummary, cond: Condition) -> int:
    """The cards ``cond`` lacks from the hand ``summary`` counts, quickly: exact for one group
    (a lone group's reach is the solver's answer), else a lower bound, the card count less what
    each group alone could take. Rollouts ask this hundreds of thousands of times a second, and
    seldom of the same hand twice: one summary serves every condition a shortfall weighs."""
    groups = cond.groups
    count = cond.card_count
    if len(groups) == 1:
        took = summary.reach(groups[0])
        return 0 if took is None else count - took
    reach = 0
    for group in groups:
        reach += summary.reach(group) or 0
    return count - min(reach, len(summary.hand), count)


@lru_cache(maxsize=1 << 16)
def _bound_deficit(cond: Condition, hand: tuple[int, ...]) -> int:
    """``_quick_gap`` of one condition, with a memo."""
    return _quick_gap(HandSummary(hand), cond)


Plan = tuple[tuple[int, ...], tuple[int, ...], float]
"""``Planner.plan``'s answer: the cards (indices) to use, the wild kinds, the shortfall left."""

MEMO_SIZE: Final = 1 << 16
"""Most shortfalls (and, apart, plans) a memo keeps before it starts again."""

MEMOS_KEPT: Final = 8
"""Most memos a game keeps: a game's own planners and its rollouts' for each of the last few
rows of laid missions. A bot worker or an arena keeps one game object for game after game, and
each row of missions is new; kept for ever, their memos grew by about 20 MB a game."""


class _Memo:
    """What every planner of one seat's facts with the same laid missions shares: the missions
    by level, and the shortfalls and plans found so far. A search builds a planner for every
    step of every rollout, and meets the same hands again and again (its own, at the root of
    every determinization)."""

    __slots__ = ("by_level", "levels", "plans", "shortfalls", "style")

    def __init__(self, game: ExtremeMission, missions: tuple[str, ...], style: Style) -> None:
        self.style = style  # kept alive while the memo is: its id is in the memo's key
        self.levels = sorted(game.levels)
        by_level: dict[int, list[Condition]] = {lv: [] for lv in self.levels}
        for m in missions:
            by_level[game.level_of[m]].append(game.condition_of[m])
        self.by_level = by_level
        self.shortfalls: dict[tuple[tuple[int, ...], frozenset[int], tuple[int, ...]], float] = {}
        self.plans: dict[tuple[Any, ...], Plan | None] = {}


def _memo(
    game: ExtremeMission, missions: tuple[str, ...], exact: bool, first: bool, style: Style
) -> _Memo:
    """The memo of ``game``'s planners with these missions, solver, set search and style (kept
    in ``game.derived``)."""
    memos: dict[tuple[Any, ...], _Memo] | None = game.derived.get(_Memo)
    if memos is None:
        memos = game.derived[_Memo] = {}
    # The style by identity: a dataclass's hash is Python code, and a search makes a planner,
    # and looks its memo up, at every step of every rollout.
    key = (missions, exact, first, id(style))
    memo = memos.get(key)
    if memo is None:
        if len(memos) >= MEMOS_KEPT:
            del memos[next(iter(memos))]  # the oldest
        memo = memos[key] = _Memo(game, missions, style)
    return memo


class Planner:
    """The plan of the module docstring for one seat at one moment.

    ``exact`` uses the engine's exact solver for every shortfall; without it, single-group
    conditions stay exact and the others use the per-group bound (faster, for rollouts).
    ``first``: a completion or activation uses the first set of cards the set search meets that
    fits, the cheapest cards first, not the best of them (None: when not ``exact``). In rollouts
    the best set cost a fifth of a search and played no better (``docs/strength.md``).
    """

    def __init__(
        self,
        game: ExtremeMission,
        facts: SeatFacts,
        exact: bool = True,
        style: Style = STYLE,
        first: bool | None = None,
    ) -> None:
        self.game = game
        self.facts = facts
        self.exact = exact
        self.style = style
        self.first = not exact if first is None else first
        self.copies = game.copies
        memo = _memo(game, facts.missions, exact, self.first, style)
        self.levels = memo.levels
        self.by_level = memo.by_level
        self._shortfalls = memo.shortfalls
        self._plans = memo.plans

    # ------------------------------------------------------------------ yardsticks
    def types(self, cards: Sequence[int]) -> tuple[int, ...]:
        """The card types of ``cards``, sorted indices (a hand, the items of a compound action
        and the cards it still takes are all in the engine's canonical order): a card's index is
        its type, then its copy, so their types come out sorted too."""
        copies = self.copies
        return tuple([c // copies for c in cards])

    def deficit(self, cond: Condition, hand: tuple[int, ...]) -> int:
        """Cards (as wilds) that ``cond`` still lacks from the card types ``hand``."""
        if self.exact:
            return min_wilds(cond, (), hand) or 0
        return _bound_deficit(cond, hand)

    def wilds_within(self, cond: Condition, hand: tuple[int, ...], cap: int) -> int | None:
        """The fewest wilds (at most ``cap``) with which the card types ``hand`` meet ``cond``;
        None if more are needed. The style allows a wild or none, so this asks the yes-or-no
        ``completable`` once or twice, cheaper than the exact fewest (``min_wilds``)."""
        if cap > 1:
            need = min_wilds(cond, (), hand)
            return need if need is not None and need <= cap else None
        for wilds in range(cap + 1):
            if completable(cond, hand, wilds):
                return wilds
        return None

    def shortfall(self, hand: tuple[int, ...], done: frozenset[int], down: Iterable[int]) -> float:
        """The cards the plan still lacks with ``hand`` (types), levels ``done``, kinds ``down``."""
        key = (hand, done, tuple(down))
        shortfalls = self._shortfalls
        found = shortfalls.get(key)
        if found is None:
            if len(shortfalls) >= MEMO_SIZE:
                shortfalls.clear()
            found = shortfalls[key] = self._shortfall(hand, done, key[2])
        return found

    def _shortfall(
        self, hand: tuple[int, ...], done: frozenset[int], down: tuple[int, ...]
    ) -> float:
        summary = None if self.exact else HandSummary(hand)
        total = 0.0
        for level in self.levels:
            if level in done:
                continue
            gaps = [self._gap(c, hand, summary) for c in self.by_level[level]]
            weight = self.style.weights[level - 1] if level <= len(self.style.weights) else 1.0
            total += weight * (min(gaps) + self.style.alternatives * sum(gaps))
        conditions = self.game.kind_conditions
        for k in down:
            total += self._gap(conditions[k], hand, summary)
        return total

    def _gap(self, cond: Condition, hand: tuple[int, ...], summary: HandSummary | None) -> int:
        """``deficit``, read off ``summary`` (the hand's, made once a shortfall) when there is
        one: the same answer without the exact solver, and without a memo lookup per condition."""
        return self.deficit(cond, hand) if summary is None else _quick_gap(summary, cond)

    def down(self, up: Sequence[bool]) -> list[int]:
        return [k for k, u in enumerate(up) if not u]

    # ------------------------------------------------------------------ card sets
    def best_set(
        self,
        cond: Condition,
        fixed: tuple[int, ...],
        pool: tuple[int, ...],
        done: frozenset[int],
        down: Sequence[int],
    ) -> tuple[int, ...] | None:
        """The cards of ``pool`` (indices) that, with all of ``fixed`` and the fewest wilds, meet
        ``cond`` and leave the smallest shortfall (levels ``done``, kinds ``down``) in the rest
        of the hand — or, with ``first``, the first such cards met, cheap ones first; None if
        none does."""
        ftypes = self.types(fixed)
        ptypes = self.types(pool)
        need = min_wilds(cond, ftypes, ptypes)
        if need is None:
            return None
        hand_types = self.types(self.facts.hand)
        kinds_down = tuple(down)
        # Cheap cards first: the search then meets good sets early (the first is taken with
        # ``first``) and stops at its limit.
        loss: dict[int, float] = {}
        for t in set(ptypes):
            rest = list(hand_types)
            rest.remove(t)
            loss[t] = self.shortfall(tuple(rest), done, kinds_down)
        counts: dict[int, int] = {}
        for t in ptypes:
            counts[t] = counts.get(t, 0) + 1
        order = sorted(counts, key=lambda t: (loss[t], t))
        size = cond.card_count - need - len(fixed)  # cards still to take from the pool
        chosen = _SetSearch(
            self, cond, ftypes, need, hand_types, done, kinds_down, order, counts, size
        ).run()
        if chosen is None:
            return None
        # Types back to card indices, the lower copy first (the engine's canonical choice).
        picked: list[int] = []
        free = list(pool)
        for t in sorted(chosen):
            card = next(c for c in free if c // self.copies == t)
            free.remove(card)
            picked.append(card)
        return tuple(sorted(picked))

    def easiest_kinds(
        self, hand: tuple[int, ...], count: int, exclude: int | None, after: int = -1
    ) -> list[int]:
        """The ``count`` face-up kinds easiest to bring back with card types ``hand``, of those
        after kind ``after`` (wilds are added in kind order)."""
        up = [k for k, u in enumerate(self.facts.up) if u and k != exclude and k > after]
        conds = self.game.kind_conditions
        up.sort(key=lambda k: (self.deficit(conds[k], hand), k))
        return sorted(up[:count])

    def plan(self, what: str, target: Any) -> Plan | None:
        """How to do ``complete target`` / ``activate target`` from the current hand and pending
        items: (cards, wild kinds, shortfall left), or None when it cannot be done."""
        f = self.facts
        # Keyed by the items already added, not the pending action itself: a plan made before
        # ``complete M2-01`` is the same as the one made just after it, with nothing added yet.
        pend = f.pending
        added = ((), ()) if pend is None else (pend[2], pend[3])
        key = (what, target, f.hand, f.up, f.done, added)
        plans = self._plans
        if key in plans:
            return plans[key]
        if len(plans) >= MEMO_SIZE:
            plans.clear()
        found = plans[key] = self._plan(what, target)
        return found

    def _plan(self, what: str, target: Any) -> Plan | None:
        f = self.facts
        pend = f.pending
        fixed: tuple[int, ...] = ()
        fixed_wilds: tuple[int, ...] = ()
        if pend is not None:
            fixed, fixed_wilds = pend[2], pend[3]
        last = fixed[-1] if fixed else -1
        pool = tuple(c for c in f.hand if c > last and c not in fixed)
        if fixed_wilds:  # cards are all in; only wilds are left to add
            pool = ()
        if what == "complete":
            cond = self.game.condition_of[target]
            done = f.done | {self.game.level_of[target]}
            kinds_down = self.down(f.up)
            exclude = None
        else:
            cond = self.game.kind_conditions[target]
            done = f.done
            kinds_down = [k for k in self.down(f.up) if k != target]
            exclude = target

        cards = self.best_set(cond, fixed, pool, done, kinds_down)
        if cards is None:
            return None
        used = fixed + cards
        wilds_needed = cond.card_count - len(used) - len(fixed_wilds)
        rest_types = list(self.types(f.hand))
        for t in self.types(used):
            rest_types.remove(t)
        rest = tuple(rest_types)
        last_wild = fixed_wilds[-1] if fixed_wilds else -1
        wilds = (
            self.easiest_kinds(rest, wilds_needed, exclude, last_wild) if wilds_needed > 0 else []
        )
        if len(wilds) < wilds_needed:
            return None
        return cards, tuple(wilds), self.shortfall(rest, done, [*kinds_down, *fixed_wilds, *wilds])

    # ------------------------------------------------------------------ choosing
    def choose(self, legal: Sequence[Action]) -> Action:
        if len(legal) == 1:
            return legal[0]
        f = self.facts
        if f.pending is not None:
            return self._next_item(legal)
        if f.phase == DROP:
            return self._drop(legal)
        return self._action(legal)

    def _next_item(self, legal: Sequence[Action]) -> Action:
        f = self.facts
        assert f.pending is not None
        what, target = f.pending[0], f.pending[1]
        planned = self.plan(what, target)
        if planned is not None:
            cards, wilds, _ = planned
            by_notation = {a.notation: a for a in legal}
            cs = self.game.cards
            if cards:
                step = by_notation.get(cs.type_code(cards[0] // self.copies))
            else:
                step = by_notation.get(self.game.kinds[wilds[0]]) if wilds else None
            if step is not None:
                return step
        return legal[0]  # cannot happen with the engine's legal items; stay legal regardless

    def _drop(self, legal: Sequence[Action]) -> Action:
        f = self.facts
        hand = self.types(f.hand)
        down = self.down(f.up)

        def loss(action: Action) -> tuple[float, int]:
            rest = list(hand)
            rest.remove(action.args[0])
            return self.shortfall(tuple(rest), f.done, down), -action.args[0]

        return min(legal, key=loss)

    def _action(self, legal: Sequence[Action]) -> Action:
        f = self.facts
        g = self.game
        style = self.style
        hand = self.types(f.hand)
        faceup = sum(f.up)
        # Completions the style allows, with the wilds each needs at the fewest.
        allowed: list[tuple[int, int, Action]] = []
        for a in legal:
            if a.kind != "complete":
                continue
            level = g.level_of[a.args[0]]
            cap = min(faceup, style.wilds[level - 1] if level <= len(style.wilds) else faceup)
            need = self.wilds_within(g.condition_of[a.args[0]], hand, cap)
            if need is not None:
                allowed.append((level, need, a))
        # Rule 1: the highest level without wilds, or with them where wilds come first.
        first = [x for x in allowed if x[1] == 0 or x[0] in style.wilds_first]
        if first:
            return self._highest(first)
        # Rule 2: a collaborator back face up with the hand alone.
        activates = [a for a in legal if a.kind == "activate"]
        kind_conds = [g.kind_conditions[a.args[0]] for a in activates]
        ready = completable_all(kind_conds, hand, 0)
        options = [a for a, ok in zip(activates, ready, strict=True) if ok]
        if options:
            return self._best_of(options)
        # Rule 3: the other completions with wilds.
        if allowed:
            return self._highest(allowed)
        # Rule 4: a card: a discard top that helps, else the deck.
        return self._get_card(legal, hand)

    def _highest(self, options: Sequence[tuple[int, int, Action]]) -> Action:
        """The highest level, then the fewest wilds, then the best hand left."""
        top = max(x[0] for x in options)
        fewest = min(x[1] for x in options if x[0] == top)
        return self._best_of([x[2] for x in options if x[:2] == (top, fewest)])

    def _best_of(self, options: Sequence[Action]) -> Action:
        """Of equally ranked actions, the one leaving the smallest shortfall."""
        if len(options) == 1:
            return options[0]
        scored: list[tuple[float, int, Action]] = []
        for a in options:
            planned = self.plan(a.kind, a.args[0])
            scored.append((math.inf if planned is None else planned[2], len(scored), a))
        return min(scored)[2]

    def _get_card(self, legal: Sequence[Action], hand: tuple[int, ...]) -> Action:
        f = self.facts
        down = self.down(f.up)
        now = self.shortfall(hand, f.done, down)
        best: tuple[float, Action] | None = None
        for a in legal:
            if a.kind != "take":
                continue
            top = f.tops[a.args[0]]
            if top is None:
                continue
            gain = now - self.shortfall(tuple(sorted((*hand, top // self.copies))), f.done, down)
            if best is None or gain > best[0]:
                best = (gain, a)
        draw = next((a for a in legal if a.kind == "draw"), None)
        if best is not None and (best[0] >= self.style.take_gain or draw is None):
            return best[1]
        if draw is not None:
            return draw
        return next((a for a in legal if a.kind == "pass"), legal[0])


class _SetSearch:
    """``Planner.best_set``'s search over the multisets of card types to take, cheap types
    first, at most :data:`SEARCH_LIMIT` partial sets, or up to the first that fits (``first``).
    A class and not a recursive closure: compiled, a closure and its frame refer to each other,
    and every plan would leave a cycle for the garbage collector."""

    __slots__ = (
        "best",
        "budget",
        "cond",
        "counts",
        "done",
        "down",
        "ftypes",
        "hand_types",
        "lefts",
        "need",
        "order",
        "planner",
        "size",
    )

    def __init__(
        self,
        planner: Planner,
        cond: Condition,
        ftypes: tuple[int, ...],
        need: int,
        hand_types: tuple[int, ...],
        done: frozenset[int],
        down: tuple[int, ...],
        order: list[int],
        counts: dict[int, int],
        size: int,
    ) -> None:
        self.planner = planner
        self.cond = cond
        self.ftypes = ftypes
        self.need = need
        self.hand_types = hand_types
        self.done = done
        self.down = down
        self.order = order  # the pool's types, cheapest first
        self.counts = counts  # the pool's copies of each type
        self.size = size  # how many cards to take from it
        self.best: tuple[float, tuple[int, ...]] | None = None
        self.budget = SEARCH_LIMIT
        # The pool's cards from ``order[i]`` on, sorted, made once for each ``i`` the walk meets.
        self.lefts: list[tuple[int, ...] | None] = [None] * (len(order) + 1)

    def run(self) -> tuple[int, ...] | None:
        """The best multiset of ``size`` types from the pool, or None."""
        self._walk(0, ())
        return None if self.best is None else self.best[1]

    def _walk(self, i: int, chosen: tuple[int, ...]) -> None:
        if self.budget <= 0:
            return
        self.budget -= 1
        cond, size, order, counts = self.cond, self.size, self.order, self.counts
        if len(chosen) == size:
            used = tuple(sorted(self.ftypes + chosen))
            if min_wilds(cond, used, ()) is None:
                return
            if self.planner.first:  # no score needed: the walk ends here
                self.best = (0.0, chosen)
                self.budget = 0
                return
            rest = list(self.hand_types)
            for t in used:
                rest.remove(t)
            score = self.planner.shortfall(tuple(rest), self.done, self.down)
            if self.best is None or (score, chosen) < self.best:
                self.best = (score, chosen)
            return
        if i == len(order):
            return
        left = self.lefts[i]
        if left is None:
            left = self.lefts[i] = tuple(sorted(t for t in order[i:] for _ in range(counts[t])))
        if len(left) < size - len(chosen):
            return
        mw = min_wilds(cond, tuple(sorted(self.ftypes + chosen)), left)
        if mw is None or mw > self.need:
            return
        t = order[i]
        for k in range(min(counts[t], size - len(chosen)), -1, -1):
            self._walk(i + 1, chosen + (t,) * k)


class HeuristicAgent:
    """The plan of this module as an agent: decides from the :class:`Decision` alone, and the
    same way every time (its generator is not needed)."""

    def __init__(
        self, game: ExtremeMission, seat: int, rng: random.Random, style: Style = STYLE
    ) -> None:
        self.game = game
        self.seat = seat
        self.rng = rng
        self.style = style

    def act(self, decision: Decision) -> Action:
        facts = SeatFacts.of_view(self.game, decision.view)
        return Planner(self.game, facts, exact=True, style=self.style).choose(decision.legal)


def rollout_step(state: State, rng: random.Random) -> Action | str:
    """The plan with cheap bounds, for the player to move in a (sampled) state: ISMCTS rollouts.
    A completion or activation comes whole (``complete M2-01 R4 B5 G6 HK``), planned once."""
    assert isinstance(state, EMState)
    seat = state.player
    legal = state.legal_actions()
    if len(legal) == 1:
        return legal[0]
    planner = Planner(state.game, SeatFacts.of_state(state, seat), exact=False)
    if state.pending is not None:  # the items still to add, all at once
        what, target = state.pending
        planned = planner.plan(what, target)
        return planner.choose(legal) if planned is None else _items(state, *planned[:2])
    step = planner.choose(legal)
    if step.kind not in ("complete", "activate"):
        return step
    planned = planner.plan(step.kind, step.args[0])
    if planned is None:  # pragma: no cover - a legal step can always be planned
        return step
    return f"{step.notation} {_items(state, *planned[:2])}"


def _items(state: EMState, cards: Sequence[int], wilds: Sequence[int]) -> str:
    g = state.game
    return " ".join([g.cards.type_code(c // g.copies) for c in cards] + [g.kinds[k] for k in wilds])


@dataclass(frozen=True, slots=True)
class TurnsModel:
    """How many more turns of its own a seat needs to meet the end condition: a linear model.

    The coefficients were fitted by least squares on turn starts of heuristic games, each seat's
    count found by playing it on alone with the heuristic (the others passing); the fit and its
    error are in ``docs/strength.md``. The levels not done dominate; a face-down collaborator
    costs over two turns; a card in hand saves a third to a half of one; each card the best
    level-4 mission lacks (a fact of the hidden hand) adds a quarter.
    """

    base: float
    per_level: tuple[float, ...]  # levels 1, 2, 3, 4 not done
    per_down: float
    per_card: float
    per_top_gap: float  # per card the best mission of the top level lacks, while it is not done


OWN_TURNS = TurnsModel(0.44, (2.09, 2.74, 4.05, 6.02), 2.42, -0.35, 0.27)
"""The model for the seat that searches, which knows its hand."""

PUBLIC_TURNS = TurnsModel(1.08, (2.13, 2.76, 4.07, 7.12), 2.24, -0.49, 0.0)
"""The model from public facts only, for the other seats (whose hands in a sample are only a
guess, which would add noise and nothing else)."""


SEARCH_HORIZON: Final = 2
"""ISMCTS looks this many of its own turns ahead before ``evaluate`` judges: two turns show a
completion and the cards or collaborators it costs coming back; ``turns_to_finish`` judges the
rest."""

SEARCH_DEEP_HORIZON: Final = 3
"""The horizon of a deep search (``Settings.deep``: the ``hard`` level). Four times
``normal``'s iterations at :data:`SEARCH_HORIZON` won no more than ``normal`` (about 62%
against the heuristic), and a third turn at ``normal``'s iterations about 64%. The two together
won 71.8% of 300 games, against 62.8% at :data:`SEARCH_HORIZON` on the same deals (+9.0 ± 3.7
points, paired; ``docs/strength.md``): a longer rollout carries more of the draws' luck, and
takes more samples to average out. A game takes about 1.8 times as long."""

SEARCH_SHARED_HINTS: Final = False
"""ISMCTS asks the plan for its step at every visit of a node, not once a node: a completion is
a set of the mover's cards, so a step planned for the cards of the first sample misleads the
visits whose samples deal other cards (``normal`` won 60.7% of 300 games against the heuristic
without shared hints, 54.8% with them; ``docs/strength.md``)."""

SEARCH_ITEMS_BY_POLICY: Final = False
"""ISMCTS searches each card and wild that pays for a mission or a collaborator the seat has
begun, as a decision of its own, instead of adding them as the plan does. Which collaborator
goes face down and which cards are spent decide what the next missions and re-activations
cost. Paired with the plan's items on the same deals against the heuristic (``docs/strength.md``,
sessions 23 and 24), ``normal`` searching them won +2.6 ± 2.8 points over 450 two-player deals
(65.8% against 63.2%), +15.8 ± 7.8 at three players and +26.7 ± 8.5 at four; a game takes about
1.9 times as long. The ``hard`` level keeps the plan's items: searching them won it no more at
two players or four."""

EVAL_TEMPERATURE: Final = 1.5
"""Spread of the win chances: a lead of this many turns makes a seat e times likelier to win.
Chosen to match the spread of the difference of two seats' ``turns_to_finish`` errors
(``docs/strength.md``)."""


def turns_to_finish(state: EMState, seat: int, model: TurnsModel = OWN_TURNS) -> float:
    """Roughly how many more turns of its own ``seat`` needs to meet the end condition (0 once
    it does), by ``model``."""
    if state.meets_end_condition(seat):
        return 0.0
    g = state.game
    hand = state.hands[seat]
    done = {g.level_of[m] for m in state.completed[seat]}
    up = state.collaborators[seat]
    total = model.base + model.per_card * len(hand) + model.per_down * (len(up) - sum(up))
    levels = sorted(g.levels)
    for k, level in enumerate(levels):
        if level not in done:
            total += model.per_level[min(k, len(model.per_level) - 1)]
    top = levels[-1]
    if model.per_top_gap and top not in done:
        facts = SeatFacts.of_state(state, seat)
        planner = Planner(g, facts, exact=False)
        types = planner.types(facts.hand)
        total += model.per_top_gap * min(planner.deficit(c, types) for c in planner.by_level[top])
    return max(total, 0.0)


def evaluate(state: State, observer: int) -> list[float]:
    """Each seat's chance to win an unfinished game: a softmax of minus ``turns_to_finish``,
    judging ``observer`` by its hand and the others by what ``observer`` can see of them."""
    assert isinstance(state, EMState)
    need = [
        turns_to_finish(state, s, OWN_TURNS if s == observer else PUBLIC_TURNS)
        for s in range(state.game.players)
    ]
    low = min(need)
    weights = [math.exp(-(x - low) / EVAL_TEMPERATURE) for x in need]
    total = sum(weights)
    return [w / total for w in weights]
