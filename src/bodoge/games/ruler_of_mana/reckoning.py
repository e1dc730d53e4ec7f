"""Ruler of Mana played with the physical cards: the life count and the reckoning at the end.

The companion (``/companion/ruler-of-mana``) keeps no cards, only what is on the table for all to
see: each sorcerer's life and shield and whose turn it is. :class:`Count` carries out the rules
of that count (RM-1.4, RM-2.4, RM-5.1, RM-5.2) and :func:`reckon` the end (RM-5.3 to RM-5.5),
with the engine's own numbers and its ranking (``state.standing``), so the app and the engine
cannot disagree.

>>> count = Count.start(players=3, expert=True, start_player=1)
>>> count = count.heal(0, 4).damage(2, 9).shield_up(1, 2).damage(1, 3)
>>> count.life, count.shield
((15, 14, 6), (0, 0, 0))
>>> count = count.damage(2, 6)
>>> count.knocked_out
(2,)
>>> outcome = reckon(count.life, KO, blow_by=0)
>>> outcome.scores, outcome.winner, outcome.why
((18, 14, 0), 0, 'score')
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any, Final

from bodoge.core.errors import Refusal
from bodoge.core.table import count
from bodoge.core.table import seat as seat_at
from bodoge.games.ruler_of_mana import RulerOfMana
from bodoge.games.ruler_of_mana.rules import (
    EXPERT_LIFE_CAP,
    FINISH_BONUS,
    HAND_LIMIT,
    PENALTY,
    START_LIFE,
)
from bodoge.games.ruler_of_mana.state import standing

__all__ = [
    "BONUS",
    "DECK",
    "ENDINGS",
    "FEWEST_CARDS",
    "KO",
    "NO_GAME",
    "SCORE",
    "Count",
    "Reckoning",
    "check_ending",
    "finish_bonus",
    "hands_needed",
    "reckon",
]

KO: Final = "ko"
"""RM-5.3: the game ended because a player was at 0 life."""
DECK: Final = "deck"
"""RM-5.3: the game ended because the deck ran out."""
ENDINGS: Final = (KO, DECK)

SCORE: Final = "score"
"""RM-5.5: the winner had the highest score alone."""
BONUS: Final = "bonus"
"""RM-5.5 (1): the highest scores tied, the finish bonus decided."""
FEWEST_CARDS: Final = "fewest_cards"
"""RM-5.5 (2): the highest scores tied without a bonus to tell them apart; fewest cards won."""
NO_GAME: Final = "no_game"
"""RM-5.5 (3): tied on everything: nobody wins."""


def _players(players: object) -> int:
    low, high = RulerOfMana.min_players, RulerOfMana.max_players
    if not isinstance(players, int) or not low <= players <= high:
        raise Refusal("companion.error.players", low=low, high=high, players=players)
    return players


@dataclass(frozen=True, slots=True)
class Count:
    """The public count of a table: life and shield per seat (in turn order, turns passing to
    the left: RM-1.1), the rule set, the start player and whose turn it is."""

    life: tuple[int, ...]
    shield: tuple[int, ...]
    expert: bool
    start_player: int
    player: int

    @classmethod
    def start(cls, players: int, expert: bool, start_player: int) -> Count:
        """RM-1.4: everyone at 15 life, the start player's turn.

        >>> Count.start(2, False, 1).life
        (15, 15)
        """
        _players(players)
        seat_at(players, start_player)
        return cls(
            life=(START_LIFE,) * players,
            shield=(0,) * players,
            expert=bool(expert),
            start_player=start_player,
            player=start_player,
        )

    @property
    def players(self) -> int:
        return len(self.life)

    @property
    def life_cap(self) -> int | None:
        """RM-5.1: 15 in the expert game, none in the basic one."""
        return EXPERT_LIFE_CAP if self.expert else None

    @property
    def knocked_out(self) -> tuple[int, ...]:
        """The seats at 0 life: any of them ends the game (RM-5.3)."""
        return tuple(s for s, life in enumerate(self.life) if life == 0)

    def _set(self, seat: int, life: int | None = None, shield: int | None = None) -> Count:
        lives, shields = list(self.life), list(self.shield)
        if life is not None:
            lives[seat] = life
        if shield is not None:
            shields[seat] = shield
        return replace(self, life=tuple(lives), shield=tuple(shields))

    def damage(self, seat: int, amount: int) -> Count:
        """Damage: the shield absorbs it first, and life stops at 0 (RM-5.2).

        >>> Count.start(2, False, 0).shield_up(1, 2).damage(1, 5).life
        (15, 12)
        >>> Count.start(2, False, 0).damage(0, 40).life
        (0, 15)
        """
        seat, amount = seat_at(self.players, seat), count(amount)
        absorbed = min(amount, self.shield[seat])
        life = max(0, self.life[seat] - (amount - absorbed))
        return self._set(seat, life=life, shield=self.shield[seat] - absorbed)

    def heal(self, seat: int, amount: int) -> Count:
        """Healing; in the expert game life is at most 15 and healing beyond is lost (RM-5.1).

        >>> Count.start(2, True, 0).damage(0, 2).heal(0, 5).life
        (15, 15)
        >>> Count.start(2, False, 0).heal(0, 5).life
        (20, 15)
        """
        seat, amount = seat_at(self.players, seat), count(amount)
        life = self.life[seat] + amount
        cap = self.life_cap
        if cap is not None:
            life = min(life, max(cap, self.life[seat]))
        return self._set(seat, life=life)

    def shield_up(self, seat: int, amount: int) -> Count:
        """Shield points, which absorb damage until the start of that player's next turn."""
        seat, amount = seat_at(self.players, seat), count(amount)
        return self._set(seat, shield=self.shield[seat] + amount)

    def penalty(self, seat: int) -> Count:
        """RM-2.4: in the expert game, ending a turn with 10 cards or more costs 2 life (not
        absorbed by a shield; life stops at 0).

        >>> Count.start(2, True, 0).shield_up(0, 3).penalty(0).life
        (13, 15)
        """
        if not self.expert:
            raise Refusal("companion.error.rm.penalty_basic", limit=HAND_LIMIT)
        seat = seat_at(self.players, seat)
        return self._set(seat, life=max(0, self.life[seat] - PENALTY))

    def next_turn(self) -> Count:
        """The turn passes to the left (RM-1.1); the next player's shield vanishes as their turn
        begins.

        >>> count = Count.start(3, False, 2).shield_up(0, 4).next_turn()
        >>> count.player, count.shield
        (0, (0, 0, 0))
        """
        nxt = (self.player + 1) % self.players
        return replace(self._set(nxt, shield=0), player=nxt)


def finish_bonus(life: Sequence[int], blow_by: int | None) -> tuple[bool, ...]:
    """RM-5.4: the +3 goes to ``blow_by``, the player whose card brought someone to 0 — once,
    and only if that someone is another player. ``None``: nobody's card did it (the expert hand
    penalty), so there is no bonus.

    >>> finish_bonus([0, 7, 0], 1), finish_bonus([0, 7], 0), finish_bonus([0, 7], None)
    ((False, True, False), (False, False), (False, False))
    """
    if blow_by is None:
        return (False,) * len(life)
    blow_by = seat_at(len(life), blow_by)
    earned = any(left == 0 for s, left in enumerate(life) if s != blow_by)
    return tuple(earned and s == blow_by for s in range(len(life)))


def _scores(life: Sequence[int], bonus: Sequence[bool]) -> tuple[int, ...]:
    return tuple(left + (FINISH_BONUS if b else 0) for left, b in zip(life, bonus, strict=True))


def hands_needed(life: Sequence[int], blow_by: int | None = None) -> tuple[int, ...]:
    """The seats whose hand sizes the ranking needs: those sharing a score and the bonus with
    another player (RM-5.5 (2); everyone is ranked by the same keys).

    >>> hands_needed([9, 9, 4, 12]), hands_needed([0, 9, 12], blow_by=1)
    ((0, 1), ())
    """
    bonus = finish_bonus(life, blow_by)
    keys = list(zip(_scores(life, bonus), bonus, strict=True))
    return tuple(s for s, key in enumerate(keys) if keys.count(key) > 1)


def check_ending(life: Sequence[int], ending: object, blow_by: object) -> Sequence[int]:
    """``life`` if a game can end that way (RM-5.3), else a :class:`Refusal`: :data:`KO` needs
    someone at 0 and ``blow_by`` a seat or None; :data:`DECK` nobody at 0 and no blow.

    >>> check_ending([0, 4], KO, 1)
    [0, 4]
    >>> check_ending([0, 4], DECK, None)
    Traceback (most recent call last):
    bodoge.core.errors.Refusal: Seat 0 is at 0 life: the game ended by a knock-out
    """
    n = _players(len(life))
    for left in life:
        count(left)
    out = [s for s in range(n) if life[s] == 0]
    if ending == KO:
        if not out:
            raise Refusal("companion.error.rm.ko_needs_zero")
        if blow_by is not None:
            seat_at(n, blow_by)
    elif ending == DECK:
        if out:
            raise Refusal("companion.error.rm.deck_with_zero", seat=out[0])
        if blow_by is not None:
            raise Refusal("companion.error.rm.deck_no_blow")
    else:
        raise Refusal("companion.error.rm.ending", ending=ending)
    return life


@dataclass(frozen=True, slots=True)
class Reckoning:
    """The end of a game: how it ended, each seat's score (RM-5.4) and place, the winner (None:
    a no game) and why they won (:data:`SCORE`, :data:`BONUS`, :data:`FEWEST_CARDS`, or
    :data:`NO_GAME`)."""

    ending: str
    scores: tuple[int, ...]
    bonus: tuple[bool, ...]
    ranks: tuple[int, ...]
    winner: int | None
    why: str

    def to_dict(self) -> dict[str, Any]:
        return {
            "ending": self.ending,
            "scores": list(self.scores),
            "bonus": list(self.bonus),
            "ranks": list(self.ranks),
            "winner": self.winner,
            "why": self.why,
        }


def reckon(
    life: Sequence[int],
    ending: str,
    blow_by: int | None = None,
    hand_sizes: Mapping[int, int] | None = None,
) -> Reckoning:
    """RM-5.3 to RM-5.5: the scores, places and winner of a game that ended with ``life``.

    ``ending`` is :data:`KO` (someone is at 0; ``blow_by`` is whose card did it, None for the
    hand penalty) or :data:`DECK` (the deck ran out: nobody is at 0, nobody has a bonus).
    ``hand_sizes`` gives the cards in hand of the seats :func:`hands_needed` names (others are
    not needed and may be left out).

    >>> outcome = reckon([6, 6, 2], DECK, hand_sizes={0: 4, 1: 3})
    >>> outcome.ranks, outcome.winner, outcome.why
    ((2, 1, 3), 1, 'fewest_cards')
    """
    n = len(check_ending(life, ending, blow_by))
    bonus = finish_bonus(life, blow_by)
    scores = _scores(life, bonus)
    given = dict(hand_sizes or {})
    for seat, size in given.items():
        seat_at(n, seat)
        count(size)
    missing = [s for s in hands_needed(life, blow_by) if s not in given]
    if missing:
        seats = ", ".join(str(s) for s in missing)
        raise Refusal("companion.error.rm.hands_needed", seats=seats)
    # Unneeded hand sizes never decide (the seat shares neither score nor bonus), so 0 stands in.
    sizes = [given.get(s, 0) for s in range(n)]
    ranks, winners = standing(scores, bonus, sizes)
    best = max(scores)
    top = [s for s in range(n) if scores[s] == best]
    if not winners:
        why = NO_GAME
    elif len(top) == 1:
        why = SCORE
    elif sum(bonus[s] for s in top) == 1:
        why = BONUS
    else:
        why = FEWEST_CARDS
    return Reckoning(
        ending=ending,
        scores=scores,
        bonus=bonus,
        ranks=ranks,
        winner=winners[0] if winners else None,
        why=why,
    )
