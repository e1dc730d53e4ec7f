"""The state of an Extreme Mission game, and the rules EM-2 to EM-5 that move it.

Cards are small ints inside the engine: an info card is its index in the card set's sorted list
(type, then copy), so ``index // copies`` is its type and a sorted hand keeps the lower id of two
copies first. Piles are lists with the top at the end. Collaborators are a list of booleans per
seat in the card set's kind order (True = face up, available).
"""

from __future__ import annotations

import random
from bisect import insort
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any, Final

from bodoge.core.action import Action, Choices, number
from bodoge.core.fields import (
    CARD_ROWS,
    CARDS,
    LIST,
    LISTS_BY_KEY,
    ROWS,
    SHARED,
    TUPLE_OR_NONE,
    VALUE,
    Kind,
    dump_fields,
    load_fields,
)
from bodoge.core.i18n import Message
from bodoge.core.result import Result, Rung, competition_ranks, decided_by
from bodoge.core.shuffle import shuffle
from bodoge.core.state import JSON, State
from bodoge.games.extreme_mission.conditions import (
    Condition,
    completable_all,
    fewest_wilds,
    min_wilds,
    min_wilds_unmemoized,
    solo,
)
from bodoge.games.extreme_mission.rules import ACTIONS_PER_TURN, HAND_LIMIT, KEEP_ON_REBUILD

if TYPE_CHECKING:
    from bodoge.games.extreme_mission import ExtremeMission
    from bodoge.games.extreme_mission.cards import CardSet


ACTION: Final = "action"  # EM-2.2, EM-3: the actions of a turn
DROP: Final = "drop"  # EM-4.1: cards dropped down to the hand limit


FIELDS: dict[str, Kind] = {
    "missions": SHARED,  # the 12 laid mission ids, level 1 row first
    "completed_by": LISTS_BY_KEY,  # mission id -> seats, in completion order
    "completed": ROWS,  # seat -> mission ids
    "collaborators": ROWS,  # seat -> kind -> face up
    "hands": CARD_ROWS,
    "deck": CARDS,  # top = last
    "discards": CARD_ROWS,  # top = last
    "spent": CARD_ROWS,
    "start_player": VALUE,
    "player": VALUE,  # whose turn it is
    "actions_left": VALUE,
    "phase": VALUE,
    "pending": TUPLE_OR_NONE,  # ("complete", mission id) or ("activate", kind index)
    "pending_cards": CARDS,
    "pending_wilds": LIST,
    "turns_done": VALUE,
    "end_triggered": VALUE,
    "over": VALUE,
    "truncated": VALUE,
}
"""Every field of an ``EMState`` (beside the shared ones of ``State``): ``clone``, ``to_json`` and
``load`` all follow this table."""


MEMO_SIZE: Final = 1 << 16
"""Most entries of each memo of legal steps (emptied when full: a long run's memory stays bounded;
the memos hold short bytes)."""

RankKey = tuple[int, tuple[int, ...], int, int]

RANK_KEYS: Final = ("missions", "levels", "collaborators", "hand")
"""The names of the four EM-5.4 keys, in the order they are compared (the fields of a
:data:`RankKey`)."""


def rank_key(levels: Iterable[int], faceup: int, hand_size: int) -> RankKey:
    """EM-5.4: a player's ranking key, bigger is better: (1) missions completed, (2) their
    levels from the highest down, (3) face-up collaborators, (4) cards in hand.

    >>> rank_key([1, 3], 4, 7) > rank_key([2, 1], 5, 9)
    True
    """
    done = tuple(sorted(levels, reverse=True))
    return (len(done), done, faceup, hand_size)


def finishers_winning(finished: Sequence[bool], hand_sizes: Sequence[int]) -> tuple[int, ...]:
    """EM-5.3: of the players who meet the end condition, those holding the most cards (one
    alone, or several sharing the win); nobody if nobody finished.

    >>> finishers_winning([True, False, True], [4, 9, 6])
    (2,)
    """
    seats = [s for s, done in enumerate(finished) if done]
    if not seats:
        return ()
    most = max(hand_sizes[s] for s in seats)
    return tuple(s for s in seats if hand_sizes[s] == most)


def _after(hand: list[int], card: int) -> int:
    """Where the cards after ``card`` begin in the sorted ``hand`` (``bisect_right``, as a
    plain loop: a hand is short, and a call to ``bisect`` costs more compiled).

    >>> _after([3, 5, 5, 8], 5), _after([3, 5], 9), _after([], 1)
    (3, 2, 0)
    """
    at = 0
    while at < len(hand) and hand[at] <= card:
        at += 1
    return at


class Facts:
    """What the states of one game read at every step, made once by the game
    (``ExtremeMission.facts``): the card tables, the ready-made steps, each condition's slot,
    and the memos of legal steps that every state of the game shares. A compiled class, so
    reading one is a field access (the game's own class is not compiled: its attributes are
    dictionary lookups)."""

    def __init__(self, game: ExtremeMission) -> None:
        self.players: int = game.players
        self.turn_cap: int | None = game.turn_cap
        self.copies: int = game.copies
        self.card_ids: tuple[str, ...] = game.card_ids
        self.card_types: tuple[int, ...] = game.card_types
        self.kinds: tuple[str, ...] = game.kinds
        self.level_of: dict[str, int] = game.level_of
        self.levels: frozenset[int] = game.levels
        self.every_level: int = 0  # the levels as bits, as ``_menu`` counts the ones done
        for level in self.levels:
            self.every_level |= 1 << level
        self.condition_of: dict[str, Condition] = game.condition_of
        self.kind_conditions: tuple[Condition, ...] = game.kind_conditions
        self.step_draw: Action = game.step_draw
        self.step_pass: Action = game.step_pass
        self.step_take: list[Action] = game.step_take
        self.step_drop: dict[int, Action] = game.step_drop
        self.step_complete: dict[str, Action] = game.step_complete
        self.step_activate: list[Action] = game.step_activate
        # The items of a compound action by index: card types, then wilds. The types are 0 to
        # 44 without a gap (a card file has every colour and number, cards.py).
        assert list(game.step_card) == list(range(len(game.step_card)))
        self.step_item: tuple[Action, ...] = (*game.step_card.values(), *game.step_wild)
        self.wild_item: int = len(game.step_card)  # the index of the first kind as a wild
        self.item_of: dict[str, int] = {a.notation: i for i, a in enumerate(self.step_item)}
        # Every condition's slot in ``menu_memo``: the missions, then the kinds.
        missions = game.cards.missions
        self.condition_slot: dict[str, int] = {m.id: i for i, m in enumerate(missions)}
        self.kind_slot: int = len(missions)
        self.condition_count: int = len(missions) + len(self.kinds)
        # The memos (``EMState._menu`` and ``EMState._legal_items``), and the rows of laid
        # missions met so far.
        self.menu_memo: dict[bytes, int] = {}
        self.menu_can: dict[bytes, int] = {}
        self.item_memo: dict[bytes, bytes] = {}
        self.rows: dict[tuple[str, ...], Menus] = {}

    def menus(self, missions: list[str]) -> Menus:
        """The steps that begin a mission or an activation with the laid ``missions``, with
        their conditions (``Menus``)."""
        key = tuple(missions)
        found = self.rows.get(key)
        if found is None:
            if len(self.rows) >= 256:  # a long run of many games: keep memory bounded
                self.rows.clear()
            found = self.rows[key] = Menus(self, missions)
        return found


class Menus:
    """For one row of laid missions (EM-1.1): every mission and activation a seat may begin, in
    the order of the legal steps (the laid missions, then the kinds), with its condition, its
    level (0 for an activation) and its slot in the memo of completable conditions
    (``Facts.menu_memo``)."""

    __slots__ = ("conditions", "laid", "levels", "open_by", "slots", "steps")

    def __init__(self, facts: Facts, missions: Sequence[str]) -> None:
        kinds = range(len(facts.kinds))
        self.laid: int = len(missions)
        self.steps: tuple[Action, ...] = (
            *(facts.step_complete[m] for m in missions),
            *facts.step_activate,
        )
        self.conditions: tuple[Condition, ...] = (
            *(facts.condition_of[m] for m in missions),
            *facts.kind_conditions,
        )
        self.levels: tuple[int, ...] = (*(facts.level_of[m] for m in missions), *(0 for _ in kinds))
        self.slots: tuple[int, ...] = (
            *(facts.condition_slot[m] for m in missions),
            *(facts.kind_slot + k for k in kinds),
        )
        # ``opened``'s answers by the levels done and the face-down kinds (bits).
        self.open_by: dict[int, Opened] = {}

    def opened(self, done: int, down: int) -> Opened:
        """The missions of the levels not in ``done`` and the kinds in ``down`` (bits): what a
        seat may begin (EM-3.4, EM-3.5, EM-3.6), found once for each such pair."""
        key = done << 16 | down
        found = self.open_by.get(key)
        if found is None:
            laid = self.laid
            at = [i for i in range(laid) if not done >> self.levels[i] & 1]
            at += [i for i in range(laid, len(self.slots)) if down >> (i - laid) & 1]
            found = self.open_by[key] = Opened(self, at)
        return found


class Opened:
    """The steps a seat may begin with one row of laid missions, levels done and face-down
    kinds (``Menus.opened``): their slots in the memo of completable conditions, their
    conditions and their steps, in the order of the legal steps."""

    __slots__ = ("conditions", "slots", "steps")

    def __init__(self, menus: Menus, at: list[int]) -> None:
        self.slots: tuple[int, ...] = tuple([menus.slots[i] for i in at])
        self.conditions: tuple[Condition, ...] = tuple([menus.conditions[i] for i in at])
        self.steps: tuple[Action, ...] = tuple([menus.steps[i] for i in at])


class EMState(State):
    """A position of Extreme Mission. Build it with ``ExtremeMission.new_state``."""

    game: ExtremeMission
    # The missions and activations of this state's laid missions (``Facts.menus``), found on
    # first use and shared by copies: the laid missions never change once dealt (EM-1.1).
    _menus: Menus | None = None

    def __init__(self, game: ExtremeMission, rng: random.Random) -> None:
        """The pieces before the deal: collaborators face up (EM-1.3), empty discard piles and
        spent areas (EM-1.4), no mission completed yet (the four cubes of EM-1.5 are the places
        in ``completed``: one per level), seat 0 to start (EM-1.6)."""
        super().__init__(game, rng)
        n = game.players
        self.cards: CardSet = game.cards
        self.facts: Facts = game.facts
        self.missions: list[str] = []  # the 12 laid mission ids, level 1 row first
        self.completed_by: dict[str, list[int]] = {}  # mission id -> seats, in completion order
        self.completed: list[list[str]] = [[] for _ in range(n)]
        self.collaborators: list[list[bool]] = [[True] * len(game.kinds) for _ in range(n)]
        self.hands: list[list[int]] = [[] for _ in range(n)]
        self.deck: list[int] = []  # top = last
        self.discards: list[list[int]] = [[] for _ in range(n)]  # top = last
        self.spent: list[list[int]] = [[] for _ in range(n)]
        self.start_player = 0
        self.player = 0  # whose turn it is
        self.actions_left = ACTIONS_PER_TURN
        self.phase = ACTION
        # A compound action in progress: ("complete", mission id) or ("activate", kind index),
        # with the card indices and wild kind indices added so far.
        self.pending: tuple[str, Any] | None = None
        self.pending_cards: list[int] = []
        self.pending_wilds: list[int] = []
        self.turns_done = 0  # turns finished
        self.end_triggered = False
        self.over = False
        self.truncated = False

    # ------------------------------------------------------------------ protocol basics
    @property
    def current_player(self) -> int | None:
        return None if self.over else self.player

    def card_census(self) -> list[str]:
        ids = self.game.card_ids
        every = list(self.deck)
        for zone in (self.hands, self.discards, self.spent):
            for pile in zone:
                every.extend(pile)
        return sorted(ids[i] for i in every)

    def _why_illegal(self, notation: str) -> Message:
        """The reason a step is refused, in the game's words where it can tell."""
        g = self.game
        p = self.player
        word, _, arg = notation.partition(" ")
        reason = None
        if self.pending is not None and word in ("draw", "take", "complete", "activate", "pass"):
            reason = Message("em.illegal.pending")
        elif self.phase == DROP and word != "drop":
            reason = Message("em.illegal.drop", {"held": len(self.hands[p]), "limit": HAND_LIMIT})
        elif word == "draw" and not self._can_draw():
            reason = Message("em.illegal.deck_empty")
        elif word == "take" and (seat := number(arg, 3)) is not None:
            if seat == p:
                reason = Message("em.illegal.own_discard")
            elif not 0 <= seat < g.players:
                reason = Message("em.illegal.no_seat", {"seat": seat})
            elif not self.discards[seat]:
                reason = Message("em.illegal.discard_empty", {"seat": seat})
        elif word == "complete" and arg in g.level_of:
            level = g.level_of[arg]
            if arg not in self.missions:
                reason = Message("em.illegal.not_laid", {"mission": arg})
            elif any(g.level_of[m] == level for m in self.completed[p]):
                reason = Message("em.illegal.level_done", {"level": level})
            else:
                reason = Message("em.illegal.mission_unmet", {"mission": arg})
        elif word == "activate" and arg in g.kinds:
            if self.collaborators[p][g.kinds.index(arg)]:
                reason = Message("em.illegal.face_up", {"kind": arg})
            else:
                reason = Message("em.illegal.activate_unmet", {"kind": arg})
        if reason is None:
            return super()._why_illegal(notation)
        return Message("illegal.because", {"notation": notation, "reason": reason})

    def _items_unordered(self) -> bool:
        return self.pending is not None

    def _in_action(self) -> bool:
        return self.pending is not None

    def _chore_going(self) -> bool:
        """EM-4.1: the drops go on until the hand holds 10."""
        return self.phase == DROP

    def _chore(self) -> str | None:
        """EM-4.1: dropping cards down to the hand limit is one chore, ``drop``."""
        return "drop" if self.phase == DROP else None

    def _fast_choices(self, what: str, chosen: list[str]) -> Choices | None:
        """EM-3.4 and EM-3.6 items in any order, answered by ``min_wilds``: a full hand with five
        face-up collaborators can be paid in thousands of ways, too many to walk for a person.
        An item is addable iff the cards and wilds with it can still make the condition."""
        begun = self._begun_with(what, chosen)
        if begun is None:
            return None
        g = self.game
        cond, cards, wilds = begun
        rest = self._rest(cards)
        if rest is None or self._wilds_to_come(cond, cards, wilds) is None:
            return Choices((), False)
        addable: list[str] = []
        for t in sorted(set(rest)):
            if self._wilds_to_come(cond, (*cards, t), wilds) is not None:
                addable.append(g.step_card[t].notation)
        for k, up in enumerate(self.collaborators[self.player]):
            if up and k not in wilds and self._wilds_to_come(cond, cards, (*wilds, k)) is not None:
                addable.append(g.kinds[k])
        whole = len(cards) + len(wilds) == cond.card_count
        return Choices(tuple(addable), whole and min_wilds(cond, cards, ()) is not None)

    def drops_to_come(self, what: str, chosen: list[str]) -> int | None:
        """How many more cards a drop begun as ``what`` (``drop B8``, or the chore ``drop`` whose
        cards are all ``chosen``) with ``chosen`` must still take to bring the hand down to the
        limit (EM-4.1); None when no drop is being made.

        >>> import bodoge
        >>> state = bodoge.make("extreme-mission", players=2).new_state(1, setup={
        ...     "start_player": 0, "hands": {0: bodoge.make("extreme-mission").card_ids[::3][:12]}})
        >>> state.apply(next(a for a in state.legal_actions() if str(a) == "pass"))
        >>> first = next(str(a) for a in state.legal_actions() if str(a).startswith("drop "))
        >>> state.drops_to_come(first, []), state.drops_to_come("pass", [])
        (1, None)
        """
        if self.phase != DROP or not (what == "drop" or what.startswith("drop ")):
            return None
        begun = 0 if what == "drop" else 1  # the chore itself (``drop``), or its first card
        return len(self.hands[self.player]) - HAND_LIMIT - begun - len(chosen)

    def wilds_needed(self, what: str, chosen: list[str]) -> int | None:
        """How many more face-up collaborators any completion of the mission or activation
        ``what`` with the items ``chosen`` must spend as wilds (EM-3.4, EM-3.6); None when ``what``
        is no such action that can begin now, or ``chosen`` cannot be completed.

        >>> import bodoge
        >>> state = bodoge.make("extreme-mission", players=2).new_state(1, setup={
        ...     "hands": {0: ["I-R4a", "I-B5a"]}})
        >>> state.wilds_needed("complete M1-02", []), state.wilds_needed("complete M1-02", ["HK"])
        (1, 0)
        """
        begun = self._begun_with(what, chosen)
        if begun is None:
            return None
        return self._wilds_to_come(*begun)

    def _begun_with(
        self, what: str, chosen: list[str]
    ) -> tuple[Any, tuple[int, ...], tuple[int, ...]] | None:
        """The condition of the mission or activation ``what`` (a legal first step now), and the
        card types (sorted) and wild kinds that ``chosen`` names; an item that is neither stands
        for a card type no hand holds."""
        step = self._legal_map().get(what) if self.pending is None else None
        if step is None or step.kind not in ("complete", "activate"):
            return None
        g = self.game
        types = {a.notation: t for t, a in g.step_card.items()}
        cards: list[int] = []
        wilds: list[int] = []
        for item in chosen:
            if item in g.kinds:
                wilds.append(g.kinds.index(item))
            else:
                cards.append(types.get(item, -1))
        return g.condition_of_step[what], tuple(sorted(cards)), tuple(wilds)

    def _rest(self, cards: tuple[int, ...]) -> list[int] | None:
        """The hand's card types without ``cards`` (None if the hand does not hold them all)."""
        rest = list(self._hand_types(self.player))
        for t in cards:
            if t not in rest:
                return None
            rest.remove(t)
        return rest

    def _wilds_to_come(
        self, cond: Any, cards: tuple[int, ...], wilds: tuple[int, ...]
    ) -> int | None:
        """The fewest more wilds that complete ``cond`` with all of ``cards`` and ``wilds``, more
        hand cards and distinct face-up collaborators; None when nothing completes it. A card of
        a completion can always give way to a wild, so every count of wilds from that fewest up
        to the free places works: that is what makes this the same as the legal steps."""
        up = self.collaborators[self.player]
        if len(set(wilds)) < len(wilds) or not all(up[k] for k in wilds):
            return None
        cards = tuple(sorted(cards))
        rest = self._rest(cards)
        if rest is None:
            return None
        need = min_wilds(cond, cards, tuple(rest))
        free = cond.card_count - len(cards)
        if need is None or len(wilds) > free or max(need, len(wilds)) > sum(up):
            return None
        return max(need - len(wilds), 0)

    # ------------------------------------------------------------------ facts of a seat
    def faceup(self, seat: int) -> int:
        """How many of the seat's collaborators are face up."""
        return sum(self.collaborators[seat])

    def meets_end_condition(self, seat: int) -> bool:
        """EM-5.1: one mission of each level done and every collaborator face up."""
        for up in self.collaborators[seat]:  # a loop, not all(): asked for every seat every turn
            if not up:
                return False
        f = self.facts
        level_of = f.level_of
        done = 0
        for m in self.completed[seat]:
            done |= 1 << level_of[m]
        return done & f.every_level == f.every_level

    def _hand_types(self, seat: int) -> tuple[int, ...]:
        types = self.facts.card_types
        return tuple([types[c] for c in self.hands[seat]])

    def _can_draw(self) -> bool:
        return bool(self.deck) or any(len(pile) > KEEP_ON_REBUILD for pile in self.discards)

    # ------------------------------------------------------------------ legal steps
    def _legal_steps(self) -> list[Action]:
        """EM-2.2: while actions are left, draw (EM-3.1, EM-3.2), take a discard (EM-3.3),
        begin a mission at a level not yet done (EM-3.4, EM-3.5) or an activation (EM-3.6), or
        ``pass``; then the hand limit's drops (EM-4.1)."""
        if self.over:
            return []
        g = self.facts
        p = self.player
        if self.phase == DROP:
            seen: list[Action] = []
            last = -1
            for t in self._hand_types(p):
                if t != last:
                    seen.append(g.step_drop[t])
                    last = t
            return seen
        if self.pending is not None:
            return self._legal_items()
        out: list[Action] = []
        if self.actions_left > 0:
            if self.deck or self._can_draw():
                out.append(g.step_draw)
            discards = self.discards
            for s, step in enumerate(g.step_take):
                if s != p and discards[s]:
                    out.append(step)
            out.extend(self._menu(p))
        out.append(g.step_pass)
        return out

    def _menu(self, p: int) -> list[Action]:
        """The missions of a level not yet done (EM-3.4, EM-3.5) and the face-down collaborators
        (EM-3.6) that the hand and the face-up collaborators as wilds can complete, in the order
        of the laid missions, then of the kinds.

        Whether a condition can be completed depends on the hand's card types and the number of
        wilds only, so the game memoizes it by those for every condition of the card set, each
        found when first asked: a bytes key, and two ints of bits by condition's slot, the
        slots known (``Facts.menu_memo``) and those that can be completed (``Facts.menu_can``).
        Bytes and ints hold no object for the garbage collector to walk, and bits are read
        without the conversions a bytes value costs (a list to bytes and back at every miss)."""
        f = self.facts
        up = self.collaborators[p]
        wilds = down = 0  # face-up kinds (the wilds), and the face-down ones as bits
        for k in range(len(up)):
            if up[k]:
                wilds += 1
            else:
                down |= 1 << k
        types = f.card_types
        codes = [types[c] for c in self.hands[p]]
        hand = tuple(codes)
        codes.append(wilds)
        key = bytes(codes)
        menus = self._menus
        if menus is None:
            menus = self._menus = f.menus(self.missions)
        level_of = f.level_of
        done = 0  # the levels done, as bits
        for m in self.completed[p]:
            done |= 1 << level_of[m]
        # Missions of the levels not done, then the face-down collaborators.
        opened = menus.opened(done, down)
        slots = opened.slots
        memo = f.menu_memo
        known = memo.get(key, 0)
        can = f.menu_can.get(key, 0) if known else 0
        missing = [at for at in range(len(slots)) if not known >> slots[at] & 1]
        if missing:
            conditions = opened.conditions
            ok = completable_all([conditions[at] for at in missing], hand, wilds)
            for i in range(len(missing)):
                bit = 1 << slots[missing[i]]
                known |= bit
                if ok[i]:
                    can |= bit
            if len(memo) >= MEMO_SIZE:
                memo.clear()
                f.menu_can.clear()
            memo[key] = known
            f.menu_can[key] = can
        steps = opened.steps
        return [steps[at] for at in range(len(slots)) if can >> slots[at] & 1]

    def _apply_steps(self, text: str, atomic: bool = True) -> None:
        # A search's own sample (not atomic) takes a whole completion or activation checked at
        # once (``_apply_whole``); anything else, and every person's input, step by step.
        if atomic or not self._apply_whole(text):
            super()._apply_steps(text, atomic)

    def _apply_whole(self, text: str) -> bool:
        """``text`` as a whole completion or activation (EM-3.4, EM-3.6), begun or not, that a
        rollout policy plans (``complete M2-01 R4 B5 G6 HK``): done if its cards and wilds are
        exactly the items the steps one by one would take, checked by one question to the
        solver instead of the legal items at every step (True); else nothing is changed (False).

        The items go in canonical order: the cards by type from the hand after those chosen,
        then the wilds by kind. Each card is then legal (``_items_for``): the cards after it
        with the wilds meet the condition, so the fewest wilds with it and the rest of the hand
        are no more than the face-up kinds. Each wild is legal while the cards lack it, a face-up
        kind after the last one, with enough face-up kinds after it for the wilds to come."""
        tokens = text.split()
        f = self.facts
        p = self.player
        first: Action | None = None
        if self.pending is None:
            if len(tokens) < 3 or self.current_player is None:
                return False
            first = self._legal_map().get(f"{tokens[0]} {tokens[1]}")
            if first is None or first.kind not in ("complete", "activate"):
                return False
            what: str = first.kind
            target: Any = first.args[0]
            tokens = tokens[2:]
        else:
            what, target = self.pending
        cond = f.condition_of[target] if what == "complete" else f.kind_conditions[target]
        chosen = self.pending_cards
        begun_wilds = self.pending_wilds
        cards: list[int] = []
        wilds: list[int] = []
        for token in tokens:
            item = f.item_of.get(token, -1)
            if item < 0:
                return False
            if item < f.wild_item:
                cards.append(item)
            else:
                wilds.append(item - f.wild_item)
        items = len(chosen) + len(cards) + len(begun_wilds) + len(wilds)
        if (cards and begun_wilds) or items != cond.card_count:
            return False
        cards.sort()
        wilds.sort()
        # The cards, from the hand after the last chosen card, in order (the hand is sorted).
        hand = self.hands[p]
        types = f.card_types
        at = _after(hand, chosen[-1]) if chosen else 0
        for t in cards:
            while at < len(hand) and types[hand[at]] != t:
                at += 1
            if at == len(hand):
                return False
            at += 1
        # The wilds: distinct face-up kinds, after any already added.
        up = self.collaborators[p]
        last = begun_wilds[-1] if begun_wilds else -1
        for k in wilds:
            if k <= last or not up[k]:
                return False
            last = k
        used = tuple(sorted([types[c] for c in chosen] + cards))
        need = min_wilds(cond, used, ())
        if need is None or need != len(begun_wilds) + len(wilds):
            return False
        if first is not None:
            self._step(first)
        step_item = f.step_item
        for t in cards:
            self._step(step_item[t])
        for k in wilds:
            self._step(step_item[f.wild_item + k])
        return True

    def _pending_condition(self) -> Condition:
        assert self.pending is not None
        what, target = self.pending
        f = self.facts
        return f.condition_of[target] if what == "complete" else f.kind_conditions[target]

    def _legal_items(self) -> list[Action]:
        """The next card or wild of the compound action: only those that keep it completable,
        cards in canonical order, then wilds in kind order (DESIGN.md, "Notation and steps").
        So the items are exactly one way of meeting the condition, none extra (EM-3.5)."""
        g = self.facts
        p = self.player
        assert self.pending is not None
        what, target = self.pending
        cond = g.condition_of[target] if what == "complete" else g.kind_conditions[target]
        chosen = self.pending_cards
        wild_kinds = tuple(self.pending_wilds)
        up = tuple(self.collaborators[p])
        types = g.card_types
        fixed = tuple([types[c] for c in chosen])
        if wild_kinds:
            free_types: tuple[int, ...] = ()  # cards come first: only wilds are left to add
        else:
            # Cards still free in the hand: those after the last chosen card in canonical order
            # (the hand is sorted, and the cards are chosen in that order).
            hand = self.hands[p]
            free = hand[_after(hand, chosen[-1]) :] if chosen else hand
            free_types = tuple([types[c] for c in free])
        # A bytes key and a bytes value (the item indices): nothing for the garbage collector.
        slot = g.condition_slot[target] if what == "complete" else g.kind_slot + target
        up_mask = wild_mask = 0
        for k in range(len(up)):
            if up[k]:
                up_mask |= 1 << k
        for k in wild_kinds:
            wild_mask |= 1 << k
        codes = [slot >> 8, slot & 255, up_mask, wild_mask, len(fixed)]
        codes.extend(fixed)
        codes.extend(free_types)
        key = bytes(codes)
        memo = g.item_memo
        found = memo.get(key)
        if found is None:
            if len(memo) >= MEMO_SIZE:
                memo.clear()
            found = memo[key] = bytes(self._items_for(cond, fixed, free_types, up, wild_kinds))
        step_item = g.step_item
        return [step_item[i] for i in found]

    def _items_for(
        self,
        cond: Condition,
        fixed: tuple[int, ...],
        free_types: tuple[int, ...],
        up: tuple[bool, ...],
        wild_kinds: tuple[int, ...],
    ) -> tuple[int, ...]:
        """``_legal_items`` from the types of the cards chosen (``fixed``) and still free after
        them, the face-up kinds and the wilds chosen: nothing else counts. Items as indices into
        ``Facts.step_item``: card types, then the kinds as wilds."""
        out: list[int] = []
        group = solo(cond)
        if not wild_kinds:
            wilds = 0
            for k_up in up:  # a loop, not sum(): a builtin looked up and called
                wilds += k_up
            prev = -1
            for pos, t in enumerate(free_types):
                if t == prev:
                    continue
                prev = t
                more = (*fixed, t)
                rest = free_types[pos + 1 :]
                if group is None:
                    need = min_wilds_unmemoized(cond, more, rest)
                else:
                    need = fewest_wilds(group, more, rest)
                if need is not None and need <= wilds:
                    out.append(t)
        if group is None:
            need = min_wilds_unmemoized(cond, fixed, ())
        else:
            need = fewest_wilds(group, fixed, ())
        wild = self.facts.wild_item
        if need is not None and need > len(wild_kinds):
            missing = need - len(wild_kinds)
            last_kind = wild_kinds[-1] if wild_kinds else -1
            later = [k for k in range(len(up)) if up[k] and k > last_kind]
            for pos, k in enumerate(later):
                if len(later) - pos >= missing:
                    out.append(wild + k)
        return tuple(out)

    # ------------------------------------------------------------------ doing a step
    def _do(self, action: Action) -> None:
        """One step: an item of EM-3.4 or EM-3.6, a draw (EM-3.1), a take from the top of another
        seat's discard pile (EM-3.3), the first step of a mission or activation, ``pass``
        (EM-2.2) or a drop (EM-4.1)."""
        kind = action.kind
        p = self.player
        if kind == "card":
            t: int = action.args[0]
            chosen = self.pending_cards
            hand = self.hands[p]
            types = self.facts.card_types
            # The lowest free copy of the type: the first card of the type after the last chosen.
            at = _after(hand, chosen[-1]) if chosen else 0
            while types[hand[at]] != t:
                at += 1
            chosen.append(hand[at])
            self._finish_if_complete()
        elif kind == "wild":
            self.pending_wilds.append(action.args[0])
            self._finish_if_complete()
        elif kind == "draw":
            self._draw(p)
            self._action_done()
        elif kind == "take":
            s: int = action.args[0]
            card = self.discards[s].pop()
            self._insert(p, card)
            self.log.add({"event": "take", "seat": p, "from": s, "card": self.facts.card_ids[card]})
            self._action_done()
        elif kind in ("complete", "activate"):
            self.pending = (kind, action.args[0])
            self.pending_cards = []
            self.pending_wilds = []
        elif kind == "pass":
            self.log.add({"event": "pass", "seat": p})
            self.actions_left = 0
            self._end_action_phase()
        elif kind == "drop":
            t = action.args[0]
            copies = self.facts.copies
            card = next(i for i in self.hands[p] if i // copies == t)
            self.hands[p].remove(card)
            self.spent[p].append(card)
            self.log.add({"event": "drop", "seat": p}, p, {"card": self.facts.card_ids[card]})
            if len(self.hands[p]) <= HAND_LIMIT:
                self._end_turn()
        else:  # pragma: no cover - every step kind is handled above
            raise AssertionError(kind)

    def _insert(self, seat: int, card: int) -> None:
        insort(self.hands[seat], card)

    def _draw(self, seat: int) -> None:
        """EM-3.1 with EM-3.2: rebuild the deck when it is empty, then draw."""
        if not self.deck:
            self._rebuild()
        card = self.deck.pop()
        self._insert(seat, card)
        self.log.add({"event": "draw", "seat": seat}, seat, {"card": self.facts.card_ids[card]})

    def _rebuild(self) -> None:
        """EM-3.2: every discard pile keeps its top ``KEEP_ON_REBUILD`` cards; the rest is
        shuffled as the new deck."""
        gathered: list[int] = []
        for pile in self.discards:
            if len(pile) > KEEP_ON_REBUILD:
                gathered.extend(pile[:-KEEP_ON_REBUILD])
                del pile[:-KEEP_ON_REBUILD]
        shuffle(gathered, self.rng)
        self.deck = gathered
        self.log.add({"event": "rebuild", "deck_size": len(gathered)})

    def _finish_if_complete(self) -> None:
        """Once the last item is in: the cards go to the spent area, the wilds turn face down,
        and the seat completes the mission (EM-3.4) or turns the collaborator face up (EM-3.6)."""
        cond = self._pending_condition()
        if len(self.pending_cards) + len(self.pending_wilds) < cond.card_count:
            return
        assert self.pending is not None
        g = self.facts
        p = self.player
        what, target = self.pending
        hand = self.hands[p]
        for card in self.pending_cards:
            hand.remove(card)
        self.spent[p].extend(self.pending_cards)
        for k in self.pending_wilds:
            self.collaborators[p][k] = False
        event: JSON = {
            "event": what,
            "seat": p,
            "cards": [g.card_ids[c] for c in self.pending_cards],
            "wilds": [g.kinds[k] for k in self.pending_wilds],
        }
        if what == "complete":
            self.completed[p].append(target)
            self.completed_by[target].append(p)
            event["mission"] = target
        else:
            self.collaborators[p][target] = True
            event["kind"] = g.kinds[target]
        self.log.add(event)
        self.pending = None
        self.pending_cards = []
        self.pending_wilds = []
        self._action_done()

    def _action_done(self) -> None:
        self.actions_left -= 1
        if self.actions_left == 0:
            self._end_action_phase()

    def _end_action_phase(self) -> None:
        """EM-2.1: the action phase is over, the preparation phase (EM-4) begins: the hand limit
        (a decision per card, EM-4.1), then the discard (EM-4.2)."""
        if len(self.hands[self.player]) > HAND_LIMIT:
            self.phase = DROP
        else:
            self._end_turn()

    def _end_turn(self) -> None:
        """EM-4.2, then EM-5.2 (end of the game) and the turn cap, then the next seat in turn
        order (EM-1.6)."""
        p = self.player
        spent = self.spent[p]
        if spent:
            shuffle(spent, self.rng)
            self.discards[p].extend(spent)
            self.spent[p] = []
            self.log.add(
                {
                    "event": "discard",
                    "seat": p,
                    "top": self.facts.card_ids[spent[-1]],
                    "count": len(spent),
                }
            )
        self.turns_done += 1
        n = self.facts.players
        # Every seat that meets the end condition is named once (public: missions, collaborators):
        # the first opens the last round; one meeting it in that round (the last seat by a
        # reactivation) had no line, and the log went from its turn to the game's end.
        named = self._named_finishers() if self.end_triggered else set()
        met = [s for s in range(n) if s not in named and self.meets_end_condition(s)]
        if met:
            self.log.add(
                {"event": "end_met" if self.end_triggered else "end_triggered", "seats": met}
            )
            self.end_triggered = True
        last_seat = (self.start_player - 1) % n
        if self.end_triggered and p == last_seat:
            self._game_over(truncated=False)
            return
        cap = self.facts.turn_cap
        # The cap ends a stalled game (EM-5.5); a final round under way (EM-5.2) is not a stall
        # and is played out, so a truncated game is always one nobody finished.
        if cap is not None and self.turns_done >= cap and not self.end_triggered:
            self._game_over(truncated=True)
            return
        self.player = (p + 1) % n
        self.actions_left = ACTIONS_PER_TURN
        self.phase = ACTION
        self.log_turn()

    def _named_finishers(self) -> set[int]:
        """The seats the log has already said met the end condition (EM-5.1)."""
        named: set[int] = set()
        for event, _, _ in self.log.entries:
            if event["event"] in ("end_triggered", "end_met"):
                named.update(event.get("seats", ()))
        return named

    def log_turn(self) -> None:
        """The log's header of the turn that begins (as Ruler of Mana's): the seat whose turn
        it is and the turn's number, as the views count them."""
        self.log.add({"event": "turn", "seat": self.player, "turn": self.turns_done + 1})

    def _game_over(self, truncated: bool) -> None:
        self.over = True
        self.truncated = truncated
        self.log.add({"event": "game_over", "truncated": truncated})

    # ------------------------------------------------------------------ the end
    def _rank_key(self, seat: int) -> RankKey:
        levels = [self.game.level_of[m] for m in self.completed[seat]]
        return rank_key(levels, self.faceup(seat), len(self.hands[seat]))

    def result(self) -> Result:
        """EM-5.3 winners and the EM-5.4 ranking. Score = missions completed.

        Winners are the players meeting the end condition with the most cards in hand; a
        truncated game has no winner (nobody met the condition in time) but is still ranked.
        """
        if not self.over:
            raise ValueError("the game is not over")
        n = self.game.players
        ranks = competition_ranks([self._rank_key(s) for s in range(n)])
        finished = [self.meets_end_condition(s) for s in range(n)]
        winners = finishers_winning(finished, [len(h) for h in self.hands])
        scores = tuple(float(len(self.completed[s])) for s in range(n))
        top_tie = (
            ("em.result.shared_win", "EM-5.3") if len(winners) > 1 else ("result.tied", "EM-5.4")
        )
        reasons = decided_by([self._ladder(s) for s in range(n)], ranks, top_tie)
        return Result(scores, ranks, winners, self.truncated, reasons)

    def _ladder(self, seat: int) -> list[Rung]:
        """What places a seat, in the order the rules look: the end condition and, between two
        who met it, cards in hand (EM-5.3); then EM-5.4's keys. It orders the seats as
        ``_rank_key`` does: whoever meets the condition leads on EM-5.4's first three keys."""
        met = self.meets_end_condition(seat)
        missions, levels, faceup, hand = self._rank_key(seat)
        return [
            Rung("em.result.end_condition", "EM-5.3", met, met),
            Rung("em.result.finish_hand", "EM-5.3", hand, hand if met else -1),
            Rung("em.result.missions", "EM-5.4", missions, missions),
            Rung("em.result.levels", "EM-5.4", levels, levels),
            Rung("em.result.collaborators", "EM-5.4", faceup, faceup),
            Rung("em.result.hand", "EM-5.4", hand, hand),
        ]

    # ------------------------------------------------------------------ views
    def _hand(self, seat: int) -> list[str]:
        ids = self.game.card_ids
        return [ids[c] for c in self.hands[seat]]

    def _hand_sizes(self) -> list[int]:
        return [len(h) for h in self.hands]

    def _deck_size(self) -> int:
        return len(self.deck)

    def _view(self, player: int | None) -> JSON:
        """What ``player`` may know beyond the shared keys (DESIGN.md, "Views")."""
        g = self.game
        ids = g.card_ids
        over = self.over
        pending: JSON | None = None
        if self.pending is not None and player == self.player:
            what, target = self.pending
            pending = {
                "action": what,
                "target": target if what == "complete" else g.kinds[target],
                "cards": [ids[c] for c in self.pending_cards],
                "wilds": [g.kinds[k] for k in self.pending_wilds],
            }
        return {
            "missions": {m: list(self.completed_by[m]) for m in self.missions},
            "collaborators": [
                {g.kinds[k]: ("up" if up else "down") for k, up in enumerate(row)}
                for row in self.collaborators
            ],
            "completed": [list(c) for c in self.completed],
            "discard_tops": [ids[pile[-1]] if pile else None for pile in self.discards],
            "discard_sizes": [len(pile) for pile in self.discards],
            "spent_sizes": [len(s) for s in self.spent],
            "actions_left": self.actions_left if not over else 0,
            "phase": "over" if over else self.phase,
            "start_player": self.start_player,
            "turn": self.turns_done + (0 if over else 1),
            "end_triggered": self.end_triggered,
            "pending": pending,
        }

    # ------------------------------------------------------------------ copies
    def clone(self) -> EMState:
        # The generator's copy, made without first seeding a new one from the system.
        rng = random.Random.__new__(random.Random)
        rng.setstate(self.rng.getstate())
        return self.copy_with(rng)

    def copy_with(self, rng: random.Random) -> EMState:
        """A copy of this state (``clone``) that draws from ``rng``: a sample gets a generator
        of its own, and copying this one's first would be a third of the sample's cost."""
        # Made by the constructor, not ``__new__``: a compiled (mypyc) class has no bare new.
        new = EMState(self.game, rng)  # game and cards set; the rest copied below
        if self._menus is not None:
            new._menus = self._menus
        new.log = self.log.copy()
        new._history = list(self._history)
        new._legal = self._legal
        # The fields of FIELDS one by one, as ``copy_fields`` copies them: by name through the
        # table, each is a dictionary lookup and two calls, and a search copies a state for
        # every sample (tests/extreme_mission: ``unlike_copy`` against the table's copy).
        new.missions = self.missions
        new.completed_by = {m: list(seats) for m, seats in self.completed_by.items()}
        new.completed = [list(row) for row in self.completed]
        new.collaborators = [list(row) for row in self.collaborators]
        new.hands = [list(row) for row in self.hands]
        new.deck = list(self.deck)
        new.discards = [list(row) for row in self.discards]
        new.spent = [list(row) for row in self.spent]
        new.start_player = self.start_player
        new.player = self.player
        new.actions_left = self.actions_left
        new.phase = self.phase
        new.pending = self.pending
        new.pending_cards = list(self.pending_cards)
        new.pending_wilds = list(self.pending_wilds)
        new.turns_done = self.turns_done
        new.end_triggered = self.end_triggered
        new.over = self.over
        new.truncated = self.truncated
        return new

    def determinize(self, player: int, seed: int) -> EMState:
        """Deal what ``player`` cannot see anew: other hands, the deck, and every discard pile
        below its top card (nobody sees those). Sizes and everything public stay; the copy gets a
        generator of its own, so its future shuffles are not the real ones. Another seat's
        compound action in progress is invisible to ``player``, so it is undone (not its effects:
        nothing has happened yet)."""
        new = self.clone()
        rng = random.Random(seed)
        new.rng = random.Random(rng.randrange(2**63))
        new._legal = None
        if new.pending is not None and new.player != player:
            new.pending = None
            new.pending_cards = []
            new.pending_wilds = []
        hidden: list[int] = list(new.deck)
        for s in range(new.game.players):
            if s != player:
                hidden.extend(new.hands[s])
            pile = new.discards[s]
            hidden.extend(pile[:-1])
        shuffle(hidden, rng)
        pos = 0
        for s in range(new.game.players):
            if s != player:
                size = len(new.hands[s])
                new.hands[s] = sorted(hidden[pos : pos + size])
                pos += size
            pile = new.discards[s]
            if len(pile) > 1:
                below = len(pile) - 1
                new.discards[s] = [*hidden[pos : pos + below], pile[-1]]
                pos += below
        new.deck = hidden[pos:]
        return new

    # ------------------------------------------------------------------ storage
    def _state_dict(self) -> JSON:
        return dump_fields(FIELDS, self, self.game.card_ids)

    @classmethod
    def from_dict(cls, game: ExtremeMission, data: JSON, rng: random.Random) -> EMState:
        state = cls(game, rng)
        load_fields(FIELDS, state, data, game.card_index)
        return state
