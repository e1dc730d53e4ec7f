"""The figures of a balance report, for one player count: seats, game length, endings, cards.

Counting rules:

- **Win shares** count only *decided* games, those with a winner (a game cut by the turn cap with
  no winner, or a tie nobody wins, tells nothing about who wins); a shared win counts
  ``1/(winners)`` for each winner, so the shares of the ``n`` seats add up to 1 and equal seats
  would each have ``1/n``.
- **Seats** are turn positions (position 0 starts, see :mod:`bodoge.balance.records`). The
  chi-square goodness-of-fit test compares the wins of the positions with equal shares (``n - 1``
  degrees of freedom).
- **Cards**: a *user* is one seat in one decided game that played the card at least once; the
  win share of the users is compared with ``1/n``, and with the *kind's share*: the win share of
  the users of all cards of its kind together (which can differ from ``1/n`` for the kind as a
  whole, e.g. where every winner must play some card of that kind). ``games`` counts every game
  the card was played in, ``offered`` every game it could have been.
- An interval is **out of line** (``flag`` +1 or -1) when the Wilson 95% interval lies wholly
  above or below ``1/n``.
"""

from __future__ import annotations

import math
import statistics
from collections import Counter, defaultdict
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from typing import Any

from bodoge.arena.stats import game_length, wilson_interval
from bodoge.balance.records import BalanceRecord

Card = tuple[str, str]
"""``(kind, key)``: one card of a balance report."""

__all__ = [
    "CardFigures",
    "CountFigures",
    "EndingFigures",
    "LengthFigures",
    "SeatFigures",
    "SeatTest",
    "card_figures",
    "chi_square_sf",
    "count_figures",
    "ending_figures",
    "even_test",
    "length_figures",
    "out_of_line",
    "seat_figures",
]


def chi_square_sf(x: float, df: int) -> float:
    """``P(X >= x)`` for ``X`` chi-square distributed with ``df`` (1 or more) degrees of freedom:
    the regularized upper incomplete gamma ``Q(df/2, x/2)``, in closed form for whole ``df``.

    >>> [round(chi_square_sf(x, k), 6) for x, k in [(3.841458820694124, 1), (5.991464547107979, 2),
    ...                                             (11.070497693516351, 5)]]
    [0.05, 0.05, 0.05]
    >>> chi_square_sf(0.0, 3)
    1.0
    """
    if df < 1:
        raise ValueError(f"degrees of freedom must be 1 or more, not {df}")
    if x <= 0:
        return 1.0
    h = x / 2.0
    if df % 2 == 0:  # Q(m, h) = e^-h * sum_{i<m} h^i / i!
        term = total = 1.0
        for i in range(1, df // 2):
            term *= h / i
            total += term
        return min(1.0, math.exp(-h) * total)
    # Q(m + 1/2, h) = erfc(sqrt h) + e^-h * sum_{i<m} h^(i+1/2) / Gamma(i + 3/2)
    term = math.sqrt(h) / math.gamma(1.5)
    total = 0.0
    for i in range(df // 2):
        if i:
            term *= h / (i + 0.5)
        total += term
    return min(1.0, math.erfc(math.sqrt(h)) + math.exp(-h) * total)


@dataclass(frozen=True)
class SeatTest:
    """A chi-square goodness-of-fit test of the seats' wins against equal shares."""

    chi_square: float
    df: int
    p_value: float


def even_test(observed: Sequence[float]) -> SeatTest:
    """Test ``observed`` counts (fractional allowed) against equal expected counts.

    >>> t = even_test([60, 40])
    >>> t.chi_square, t.df, round(t.p_value, 4)
    (4.0, 1, 0.0455)
    """
    k = len(observed)
    total = sum(observed)
    if k < 2 or total <= 0:
        return SeatTest(0.0, max(k - 1, 1), 1.0)
    expected = total / k
    statistic = sum((o - expected) ** 2 / expected for o in observed)
    return SeatTest(statistic, k - 1, chi_square_sf(statistic, k - 1))


def out_of_line(low: float, high: float, expected: float) -> int:
    """+1 when the interval lies wholly above ``expected``, -1 wholly below, else 0.

    >>> out_of_line(0.3, 0.4, 0.25), out_of_line(0.1, 0.3, 0.25), out_of_line(0.1, 0.2, 0.25)
    (1, 0, -1)
    """
    return 1 if low > expected else -1 if high < expected else 0


@dataclass(frozen=True)
class SeatFigures:
    """One turn position: its wins over the decided games, their share and interval."""

    position: int
    wins: float
    games: int
    share: float
    low: float
    high: float
    flag: int


def _decided(records: Sequence[BalanceRecord]) -> list[BalanceRecord]:
    return [r for r in records if r.match.winners]


def seat_figures(
    records: Sequence[BalanceRecord], players: int
) -> tuple[list[SeatFigures], SeatTest]:
    """Each turn position's win share, and the test of them all against equal shares."""
    decided = _decided(records)
    wins = [0.0] * players
    for record in decided:
        for seat in record.match.winners:
            wins[record.position(seat)] += record.win_share(seat)
    seats = []
    for position, won in enumerate(wins):
        low, high = wilson_interval(won, len(decided))
        seats.append(
            SeatFigures(
                position,
                won,
                len(decided),
                won / len(decided) if decided else 0.0,
                low,
                high,
                out_of_line(low, high, 1 / players) if decided else 0,
            )
        )
    return seats, even_test(wins)


@dataclass(frozen=True)
class LengthFigures:
    """Turns per game (one turn = one player's turn)."""

    games: int
    mean: float
    median: float
    p10: float
    p90: float
    truncated: int
    truncated_share: float


def length_figures(records: Sequence[BalanceRecord]) -> LengthFigures:
    """Mean, median, 10th and 90th percentiles of turns, and the games cut by the turn cap.

    >>> from bodoge.balance.records import BalanceRecord
    >>> from bodoge.arena.tournament import MatchRecord
    >>> rs = [BalanceRecord(MatchRecord(i, i, 0, ("b", "b"), 0, (0,), (1, 2), (1.0, 0.0), t, t,
    ...                                 False, 0.0), 0, "end", (), None) for i, t in
    ...       enumerate(range(10, 110, 10))]
    >>> f = length_figures(rs)
    >>> f.mean, f.median, f.p10, f.p90
    (55.0, 55.0, 19.0, 91.0)
    """
    base = game_length([r.match for r in records])
    turns = [r.match.turns for r in records]
    if len(turns) >= 2:
        deciles = statistics.quantiles(turns, n=10, method="inclusive")
        p10, p90 = deciles[0], deciles[-1]
    else:
        p10 = p90 = float(turns[0]) if turns else 0.0
    return LengthFigures(
        base.games,
        base.turns_mean,
        base.turns_median,
        float(p10),
        float(p90),
        base.truncated,
        base.truncated_share,
    )


@dataclass(frozen=True)
class EndingFigures:
    code: str
    games: int
    share: float


def ending_figures(records: Sequence[BalanceRecord], order: Sequence[str]) -> list[EndingFigures]:
    """How many games ended each way: every code of ``order``, then any other seen."""
    counts = Counter(r.ending for r in records)
    codes = list(order) + sorted(set(counts) - set(order))
    total = len(records)
    return [EndingFigures(c, counts[c], counts[c] / total if total else 0.0) for c in codes]


@dataclass(frozen=True)
class CardFigures:
    """One card (kind, key): how often it was played and how its users fared."""

    kind: str
    key: str
    offered: int
    games: int
    uses: int
    users: int
    wins: float
    share: float
    low: float
    high: float
    flag: int
    kind_share: float
    kind_flag: int


def card_figures(records: Sequence[BalanceRecord], players: int) -> list[CardFigures]:
    """Every card played, or offered, at least once, by the win share of its users, highest
    first."""
    offered: Counter[Card] = Counter()
    games: Counter[Card] = Counter()
    uses: Counter[Card] = Counter()
    users: Counter[Card] = Counter()
    wins: defaultdict[Card, float] = defaultdict(float)
    for record in records:
        played = Counter((kind, key) for _, kind, key in record.uses)
        uses.update(played)
        games.update(played.keys())
        offered.update(set(record.offered or ()))
        if record.match.winners:
            # Each user once, in the log's order: a set's order follows the string hashes,
            # which differ between processes, and the float sums would differ in the last bits.
            for seat, kind, key in dict.fromkeys(record.uses):
                users[kind, key] += 1
                wins[kind, key] += record.win_share(seat)
    every_game = all(r.offered is None for r in records)
    kind_wins: defaultdict[str, float] = defaultdict(float)
    kind_users: Counter[str] = Counter()
    for (kind, _), won in wins.items():
        kind_wins[kind] += won
    for (kind, _), count in users.items():
        kind_users[kind] += count
    out = []
    for card in set(games) | set(offered):
        low, high = wilson_interval(wins[card], users[card])
        kind = card[0]
        kind_share = kind_wins[kind] / kind_users[kind] if kind_users[kind] else 0.0
        out.append(
            CardFigures(
                kind=kind,
                key=card[1],
                offered=len(records) if every_game else offered[card],
                games=games[card],
                uses=uses[card],
                users=users[card],
                wins=wins[card],
                share=wins[card] / users[card] if users[card] else 0.0,
                low=low,
                high=high,
                flag=out_of_line(low, high, 1 / players) if users[card] else 0,
                kind_share=kind_share,
                kind_flag=out_of_line(low, high, kind_share) if users[card] else 0,
            )
        )
    out.sort(key=lambda c: (-c.share, -c.users, c.kind, c.key))
    return out


@dataclass(frozen=True)
class CountFigures:
    """Every figure of one player count."""

    players: int
    games: int
    decided: int
    seats: list[SeatFigures]
    test: SeatTest
    length: LengthFigures
    endings: list[EndingFigures]
    cards: list[CardFigures]

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


def count_figures(
    records: Sequence[BalanceRecord], players: int, endings: Sequence[str]
) -> CountFigures:
    """All the figures of the games of one player count."""
    seats, test = seat_figures(records, players)
    return CountFigures(
        players=players,
        games=len(records),
        decided=len(_decided(records)),
        seats=seats,
        test=test,
        length=length_figures(records),
        endings=ending_figures(records, endings),
        cards=card_figures(records, players),
    )
