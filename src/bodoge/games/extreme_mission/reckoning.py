"""Extreme Mission played with the physical cards: the missions laid, the table kept, and the
ranking at the end.

The companion (``/companion/extreme-mission``) keeps no info cards, only what lies open on the
table: the twelve missions (EM-1.1: dealt by :meth:`Table.deal`, or the table's own deal entered
with :meth:`Table.lay`), each player's cubes on them and which collaborators lie face up, and
whose turn it is. :class:`Table` carries out the rules of that table (EM-3.4, EM-3.5,
EM-5.1, EM-5.2) and :func:`reckon` the end (EM-5.3, EM-5.4), with the engine's own ranking key
(``state.rank_key``) and winners (``state.finishers_winning``).

>>> table = Table.deal(load_cards(), players=2, start_player=0, seed=7)
>>> [table.level(m) for m in table.missions]
[1, 1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 4]
>>> table = table.complete(1, table.missions[0]).complete(1, table.missions[3])
>>> table.completed[1] == (table.missions[0], table.missions[3])
True
>>> table.complete(1, table.missions[4])
Traceback (most recent call last):
bodoge.core.errors.Refusal: Seat 1 already completed a level-2 mission (EM-3.5: one per level)
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from itertools import pairwise
from typing import Any, Final

from bodoge.core.errors import Refusal
from bodoge.core.result import competition_ranks
from bodoge.core.table import count
from bodoge.core.table import seat as seat_at
from bodoge.games.extreme_mission import ExtremeMission
from bodoge.games.extreme_mission.cards import CardSet, load_cards
from bodoge.games.extreme_mission.rules import LEVELS, MISSIONS_PER_LEVEL
from bodoge.games.extreme_mission.setup import lay_missions
from bodoge.games.extreme_mission.state import RANK_KEYS, finishers_winning, rank_key

__all__ = [
    "ALONE",
    "HAND",
    "SHARED",
    "Reckoning",
    "Table",
    "hands_needed",
    "load_cards",
    "reckon",
]

ALONE: Final = "alone"
"""EM-5.3: one player met the end condition and wins."""
HAND: Final = "hand"
"""EM-5.3: several met it; the one holding the most cards wins."""
SHARED: Final = "shared"
"""EM-5.3: several met it holding as many cards: they share the win."""


@dataclass(frozen=True, slots=True)
class Table:
    """The open table: the laid ``missions`` (level 1 row first) with their ``levels``, the
    collaborator ``kinds``, per seat (in turn order, EM-1.6) the missions completed and the kinds
    lying face down, the start player, whose turn it is, and whether the last round (EM-5.2) has
    begun or the game is over."""

    missions: tuple[str, ...]
    levels: tuple[int, ...]
    kinds: tuple[str, ...]
    completed: tuple[tuple[str, ...], ...]
    down: tuple[frozenset[str], ...]
    start_player: int
    player: int
    last_round: bool = False
    over: bool = False

    @classmethod
    def deal(cls, cards: CardSet, players: int, start_player: int, seed: int) -> Table:
        """EM-1.1 from the card set ``cards`` (the shipped one or a user's): three missions of
        each level, drawn with ``seed``; every collaborator face up (EM-1.3)."""
        low, high = ExtremeMission.min_players, ExtremeMission.max_players
        if not isinstance(players, int) or not low <= players <= high:
            raise Refusal("companion.error.players", low=low, high=high, players=players)
        seat_at(players, start_player)
        level_of = {m.id: m.level for m in cards.missions}
        laid = tuple(lay_missions(level_of, random.Random(seed)))
        return cls(
            missions=laid,
            levels=tuple(level_of[m] for m in laid),
            kinds=tuple(k.code for k in cards.collaborator_kinds),
            completed=((),) * players,
            down=(frozenset(),) * players,
            start_player=start_player,
            player=start_player,
        )

    def lay(self, cards: CardSet, missions: Sequence[str]) -> Table:
        """EM-1.1 dealt by the table itself: its own ``missions`` (``MISSIONS_PER_LEVEL`` of each
        level of ``cards``, each once) laid instead of these, level 1 row first, each row in the
        order given; only before any cube is on a mission (the laid missions stay all game).

        >>> cards = load_cards()
        >>> own = [m.id for lv in (4, 3, 2, 1) for m in cards.missions_of_level(lv)[-3:]]
        >>> table = Table.deal(cards, 2, start_player=0, seed=7).lay(cards, own)
        >>> table.missions[:3] == tuple(own[-3:]), table.levels
        (True, (1, 1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 4))
        >>> table.lay(cards, own[:11] + own[:1])
        Traceback (most recent call last):
        bodoge.core.errors.Refusal: M4-06 is chosen twice
        >>> try:
        ...     table.complete(0, own[0]).lay(cards, own)
        ... except Refusal as refused:  # once a cube is on a mission
        ...     print(refused.key)
        companion.error.em.lay_late
        """
        if any(self.completed):
            raise Refusal("companion.error.em.lay_late")
        level_of = {m.id: m.level for m in cards.missions}
        for i, m in enumerate(missions):
            if m not in level_of:
                raise Refusal("companion.error.em.no_mission", mission=m)
            if m in missions[:i]:
                raise Refusal("companion.error.em.laid_twice", mission=m)
        for level in LEVELS:
            chosen = sum(1 for m in missions if level_of[m] == level)
            if chosen != MISSIONS_PER_LEVEL:
                raise Refusal(
                    "companion.error.em.level_count",
                    level=level,
                    count=chosen,
                    wanted=MISSIONS_PER_LEVEL,
                )
        laid = tuple(sorted(missions, key=lambda m: level_of[m]))  # stable: each row as given
        return replace(self, missions=laid, levels=tuple(level_of[m] for m in laid))

    @property
    def players(self) -> int:
        return len(self.completed)

    @property
    def last_seat(self) -> int:
        """The last player in turn order, just before the start player (EM-5.2)."""
        return (self.start_player - 1) % self.players

    def level(self, mission: str) -> int:
        if mission not in self.missions:
            raise Refusal("companion.error.em.not_laid", mission=mission)
        return self.levels[self.missions.index(mission)]

    def complete(self, seat: int, mission: str) -> Table:
        """EM-3.4: a cube of ``seat`` on a laid mission (others' cubes there are fine), at most
        one mission per level (EM-3.5)."""
        seat = seat_at(self.players, seat)
        level = self.level(mission)
        if any(self.level(m) == level for m in self.completed[seat]):
            raise Refusal("companion.error.em.one_per_level", seat=seat, level=level)
        done = list(self.completed)
        done[seat] = (*done[seat], mission)
        return replace(self, completed=tuple(done))

    def turn_collaborator(self, seat: int, kind: str, up: bool) -> Table:
        """A collaborator of ``seat`` turned face down (used as a wild, EM-3.4) or face up again
        (activated, EM-3.6)."""
        seat = seat_at(self.players, seat)
        if kind not in self.kinds:
            raise Refusal("companion.error.em.no_kind", kind=kind, kinds=", ".join(self.kinds))
        if (kind not in self.down[seat]) == up:
            side = "up" if up else "down"
            raise Refusal(f"companion.error.em.already_{side}", seat=seat, kind=kind)
        down = list(self.down)
        down[seat] = down[seat] - {kind} if up else down[seat] | {kind}
        return replace(self, down=tuple(down))

    def faceup(self, seat: int) -> int:
        return len(self.kinds) - len(self.down[seat])

    def meets_end_condition(self, seat: int) -> bool:
        """EM-5.1: a mission of each level completed and every collaborator face up."""
        levels = {self.level(m) for m in self.completed[seat]}
        return levels >= set(self.levels) and not self.down[seat]

    def next_turn(self) -> Table:
        """The end of a turn: the end condition is checked (EM-5.2 ruling); once it is met, the
        game is over at the end of the last seat's turn; else the next player's turn.

        >>> table = Table.deal(load_cards(), 3, start_player=1, seed=2).next_turn()
        >>> table.player, table.turns_left  # seat 1's turn ended: nobody has finished
        (2, None)
        >>> for m in table.missions[::3]:
        ...     table = table.complete(2, m)
        >>> table = table.next_turn()  # seat 2's ends, meeting the condition: seat 0 plays last
        >>> table.last_round, table.player, table.turns_left
        (True, 0, 1)
        >>> table.next_turn().over
        True
        """
        if self.over:
            raise Refusal("companion.error.em.over")
        last_round = self.last_round or any(
            self.meets_end_condition(s) for s in range(self.players)
        )
        if last_round and self.player == self.last_seat:
            return replace(self, last_round=True, over=True)
        return replace(self, last_round=last_round, player=(self.player + 1) % self.players)

    @property
    def turns_left(self) -> int | None:
        """In the last round, the turns still to play, this one included (the countdown to the
        last seat's turn, EM-5.2); None before it."""
        if not self.last_round or self.over:
            return None
        return (self.last_seat - self.player) % self.players + 1

    def key(self, seat: int, hand_size: int) -> tuple[int, tuple[int, ...], int, int]:
        """The EM-5.4 ranking key of ``seat`` holding ``hand_size`` cards."""
        return rank_key((self.level(m) for m in self.completed[seat]), self.faceup(seat), hand_size)


def hands_needed(table: Table) -> tuple[int, ...]:
    """The seats whose hand sizes the result needs: every finisher when several finished
    (EM-5.3), and those equal with another on the first three keys of EM-5.4."""
    n = table.players
    finishers = [s for s in range(n) if table.meets_end_condition(s)]
    firsts = [table.key(s, 0)[:3] for s in range(n)]
    tied = {s for s in range(n) if firsts.count(firsts[s]) > 1}
    return tuple(sorted(tied | (set(finishers) if len(finishers) > 1 else set())))


@dataclass(frozen=True, slots=True)
class Reckoning:
    """The end: the ``winners`` (EM-5.3) and how they won (:data:`ALONE`, :data:`HAND`,
    :data:`SHARED`, or None when nobody met the end condition); every seat's place (EM-5.4);
    the ``order`` of seats from first to last; and ``decided[i]``, the key that put
    ``order[i]`` ahead of ``order[i + 1]`` (one of ``RANK_KEYS``; None: they share a place)."""

    winners: tuple[int, ...]
    won_by: str | None
    ranks: tuple[int, ...]
    order: tuple[int, ...]
    decided: tuple[str | None, ...]
    missions: tuple[int, ...]

    def to_dict(self) -> dict[str, Any]:
        return {
            "winners": list(self.winners),
            "won_by": self.won_by,
            "ranks": list(self.ranks),
            "order": list(self.order),
            "decided": list(self.decided),
            "missions": list(self.missions),
        }


def _deciding_key(a: Sequence[Any], b: Sequence[Any]) -> str | None:
    for name, x, y in zip(RANK_KEYS, a, b, strict=True):
        if x != y:
            return name
    return None


def reckon(table: Table, hand_sizes: Mapping[int, int] | None = None) -> Reckoning:
    """EM-5.3 and EM-5.4 for ``table``; ``hand_sizes`` gives the cards in hand of the seats
    :func:`hands_needed` names (others may be left out: they never decide).

    >>> table = Table.deal(load_cards(), 2, start_player=0, seed=1)
    >>> table = table.complete(0, table.missions[0]).complete(1, table.missions[11])
    >>> outcome = reckon(table)
    >>> outcome.order, outcome.decided, outcome.winners
    ((1, 0), ('levels',), ())
    """
    n = table.players
    given = dict(hand_sizes or {})
    for seat, size in given.items():
        seat_at(n, seat)
        count(size)
    missing = [s for s in hands_needed(table) if s not in given]
    if missing:
        seats = ", ".join(str(s) for s in missing)
        raise Refusal("companion.error.em.hands_needed", seats=seats)
    sizes = [given.get(s, 0) for s in range(n)]
    keys = [table.key(s, sizes[s]) for s in range(n)]
    ranks = competition_ranks(keys)
    order = tuple(sorted(range(n), key=lambda s: (ranks[s], s)))
    decided = tuple(_deciding_key(keys[a], keys[b]) for a, b in pairwise(order))
    finished = [table.meets_end_condition(s) for s in range(n)]
    winners = finishers_winning(finished, sizes)
    if not winners:
        won_by = None
    elif sum(finished) == 1:
        won_by = ALONE
    else:
        won_by = HAND if len(winners) == 1 else SHARED
    return Reckoning(
        winners=winners,
        won_by=won_by,
        ranks=ranks,
        order=order,
        decided=decided,
        missions=tuple(len(c) for c in table.completed),
    )
