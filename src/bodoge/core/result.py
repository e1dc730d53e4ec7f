"""The outcome of a finished game, and what decided each seat's place in it."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from bodoge.core.i18n import LANGUAGES, text

Figure = int | bool | tuple[int, ...] | None


@dataclass(frozen=True, slots=True)
class Rung:
    """One key of a game's ladder of comparisons, for one seat: the catalogue key that names it,
    the rule that sets it, the figure shown (``figure``) and the value compared (``order``,
    bigger is better: fewest cards is ``-cards``)."""

    key: str
    rule: str
    figure: Figure
    order: Any


@dataclass(frozen=True, slots=True)
class Reason:
    """What decided a seat's place: the first key of the ladder on which it differs from the seat
    it is compared with (``against``: for a first place the best seat behind it, else the seat
    just ahead), the two figures compared, and whether it came out ahead. ``ahead`` is None when
    the two are equal on every key (they share the place, or nobody wins).

    >>> r = Reason("result.tied", "EM-5.4", against=1, mine=None, theirs=None, ahead=None)
    >>> r.text("en"), r.text("ja")
    ('equal with seat 1 on every key (EM-5.4)', '席1とすべての点で同じ（EM-5.4）')
    """

    key: str
    rule: str
    against: int
    mine: Figure
    theirs: Figure
    ahead: bool | None

    def text(self, lang: str = "en") -> str:
        """The reason in words, from the catalogue (``<key>.ahead``/``.behind``, or ``<key>``)."""
        key = (
            self.key if self.ahead is None else f"{self.key}.{'ahead' if self.ahead else 'behind'}"
        )
        return text(
            key,
            lang,
            seat=self.against,
            mine=_shown(self.mine),
            theirs=_shown(self.theirs),
            rule=self.rule,
        )

    def to_dict(self) -> dict[str, Any]:
        figures = [list(f) if isinstance(f, tuple) else f for f in (self.mine, self.theirs)]
        return {
            "key": self.key,
            "rule": self.rule,
            "against": self.against,
            "mine": figures[0],
            "theirs": figures[1],
            "ahead": self.ahead,
            "text": {lang: self.text(lang) for lang in LANGUAGES},
        }


def _shown(figure: Figure) -> str:
    if isinstance(figure, tuple):
        return "-".join(str(x) for x in figure) or "0"
    return "" if figure is None else str(figure)


@dataclass(frozen=True, slots=True)
class Result:
    """Scores, ranks (1 = first; equal players share a rank), winners, whether the game was
    cut short by a turn cap, and for each seat what decided its place (``decided_by``).

    >>> Result(scores=(3.0, 1.0), ranks=(1, 2), winners=(0,), truncated=False).winners
    (0,)
    """

    scores: tuple[float, ...]
    ranks: tuple[int, ...]
    winners: tuple[int, ...]
    truncated: bool
    decided_by: tuple[Reason, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        return {
            "scores": list(self.scores),
            "ranks": list(self.ranks),
            "winners": list(self.winners),
            "truncated": self.truncated,
            "decided_by": [reason.to_dict() for reason in self.decided_by],
        }


def decided_by(
    ladders: Sequence[Sequence[Rung]],
    ranks: Sequence[int],
    top_tie: tuple[str, str] = ("result.tied", ""),
) -> tuple[Reason, ...]:
    """For each seat, the :class:`Reason` of its place, from each seat's ladder (the keys in the
    order the rules compare them) and the ranks they give. A first place shared with another seat
    is explained by ``top_tie`` (key and rule: a shared win, or no game); any other seat equal on
    every key with the one it is compared with by ``result.tied`` and the last key's rule.

    >>> ladder = lambda score, cards: [Rung("rm.result.score", "RM-5.5", score, score),
    ...                                Rung("rm.result.cards", "RM-5.5", cards, -cards)]
    >>> first, second = decided_by([ladder(5, 2), ladder(5, 4)], (1, 2))
    >>> first.text("en")
    'the same score as seat 1, and fewer cards in hand (2 against 4, RM-5.5)'
    >>> second.key, second.mine, second.theirs, second.ahead
    ('rm.result.cards', 4, 2, False)
    """
    seats = range(len(ranks))
    out = []
    for seat in seats:
        mine = ranks[seat]
        if mine == 1:
            shared = [s for s in seats if s != seat and ranks[s] == 1]
            behind = [s for s in seats if ranks[s] > 1]
            rival = (shared or sorted(behind, key=lambda s: (ranks[s], s)) or [seat])[0]
        else:
            ahead = [s for s in seats if ranks[s] < mine]
            rival = max(ahead, key=lambda s: (ranks[s], -s))
        out.append(_compare(ladders[seat], ladders[rival], rival))
        if out[-1].ahead is None and mine == 1:
            out[-1] = Reason(top_tie[0], top_tie[1], rival, None, None, None)
    return tuple(out)


def _compare(mine: Sequence[Rung], theirs: Sequence[Rung], rival: int) -> Reason:
    for a, b in zip(mine, theirs, strict=True):
        if a.order != b.order:
            return Reason(a.key, a.rule, rival, a.figure, b.figure, a.order > b.order)
    return Reason("result.tied", mine[-1].rule if mine else "", rival, None, None, None)


def competition_ranks(
    keys: Sequence[Any], better: Callable[[Any, Any], bool] | None = None
) -> tuple[int, ...]:
    """Standard competition ranks ("1224"): a player's rank is 1 + the number of players strictly
    ahead. ``keys`` are compared with ``>`` (bigger is better) unless ``better`` is given.

    >>> competition_ranks([(2, 5), (3, 1), (2, 5), (0, 9)])
    (2, 1, 2, 4)
    """
    ahead = better or (lambda a, b: a > b)
    return tuple(1 + sum(1 for other in keys if ahead(other, mine)) for mine in keys)
