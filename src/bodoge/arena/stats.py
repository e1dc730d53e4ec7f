"""Tournament statistics: win rates with intervals, seats, head-to-head, Elo, game length.

Counting rules:

- A **play** is one seat taken by an entrant in one game; an entrant seated twice in a game
  (``k < n`` bots) has two plays in it. A win is shared: a game won by ``w`` seats gives each of
  them ``1/w`` win. So equally strong bots at ``n`` seats each win ``1/n`` of their plays.
- **Head-to-head** ``A`` vs ``B``: over the games both sat in, the share of games ``A`` ranked
  better than ``B``, a tie counting half (with several seats each, a game's share is the mean
  over their pairs of seats, so each game counts once).
- **Elo**: a Bradley–Terry model fitted to the head-to-head outcomes, each game one comparison
  between each pair of entrants in it (see :func:`bradley_terry`), on the Elo scale (400 points
  = 10:1 odds), anchored so that ``random`` entrants average 1000, or without any, all average
  1500.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from bodoge.arena.tournament import MatchRecord

__all__ = [
    "Z95",
    "ArenaStats",
    "BotStats",
    "HeadToHead",
    "LengthStats",
    "SeatStats",
    "bradley_terry",
    "elo_ratings",
    "game_length",
    "head_to_head",
    "paired_difference",
    "summarize",
    "wilson_interval",
    "win_share",
]

Z95 = 1.959963984540054
"""The two-sided 95% quantile of the normal distribution."""

RANDOM_ELO = 1000.0
MEAN_ELO = 1500.0

Matrix = npt.NDArray[np.float64]


def wilson_interval(wins: float, n: float, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a share ``wins / n`` (95% by default); ``(0, 1)`` for
    ``n == 0``. ``wins`` may be fractional (shared wins).

    >>> lo, hi = wilson_interval(5, 10)
    >>> round(lo, 4), round(hi, 4)
    (0.2366, 0.7634)
    >>> [round(x, 4) for x in wilson_interval(0, 10)]
    [0.0, 0.2775]
    """
    if n <= 0:
        return 0.0, 1.0
    p = wins / n
    z2 = z * z
    denominator = 1 + z2 / n
    centre = (p + z2 / (2 * n)) / denominator
    half = z / denominator * math.sqrt(max(p * (1 - p) / n + z2 / (4 * n * n), 0.0))
    return max(0.0, centre - half), min(1.0, centre + half)


def paired_difference(ours: Sequence[float], theirs: Sequence[float]) -> tuple[float, float, int]:
    """Two runs on the same deals compared deal by deal: the mean of ``ours - theirs``, its
    standard error (0 for fewer than two deals: no spread to measure), and how many deals
    differ. Paired, the luck both runs shared cancels, so this tells them apart in fewer games
    than their two intervals would.

    >>> mean, error, differ = paired_difference([1.0, 0.0, 1.0], [0.0, 0.0, 1.0])
    >>> round(mean, 4), round(error, 4), differ
    (0.3333, 0.3333, 1)
    """
    n = len(ours)
    if n != len(theirs):
        raise ValueError(f"paired runs differ in length: {n} and {len(theirs)}")
    differences = [a - b for a, b in zip(ours, theirs, strict=True)]
    mean = statistics.fmean(differences) if n else 0.0
    error = statistics.stdev(differences, mean) / math.sqrt(n) if n > 1 else 0.0
    return mean, error, sum(1 for d in differences if d)


def bradley_terry(
    wins: Matrix, games: Matrix, prior: float = 1.0, tol: float = 1e-12, max_iter: int = 100_000
) -> Matrix:
    """Log-strengths ``θ`` of a Bradley–Terry model, ``P(i beats j) = 1 / (1 + e^(θj - θi))``,
    fitted by maximum likelihood with Hunter's MM iteration (*MM algorithms for generalized
    Bradley–Terry models*, 2004). ``wins[i, j]`` is the (possibly fractional) wins of ``i`` over
    ``j`` in ``games[i, j] == games[j, i]`` comparisons.

    ``prior`` adds that many drawn games between every pair: it keeps the fit finite when an
    entrant wins (or loses) everything or two entrants never met, and its pull fades as games
    add up. The result has mean 0.

    >>> w = np.array([[0.0, 75.0], [25.0, 0.0]]); n = np.array([[0.0, 100.0], [100.0, 0.0]])
    >>> theta = bradley_terry(w, n, prior=0.0)
    >>> round(float(np.exp(theta[0] - theta[1])), 6)  # 75:25 odds
    3.0
    """
    k = wins.shape[0]
    if k == 1:
        return np.zeros(1, dtype=np.float64)
    off = 1.0 - np.eye(k)
    w = (wins + prior / 2.0) * off
    n = (games + prior) * off
    total_wins = w.sum(axis=1)
    gamma = np.ones(k)
    for _ in range(max_iter):
        denominators = (n / (gamma[:, None] + gamma[None, :])).sum(axis=1)
        met = denominators > 0  # an entrant that met nobody keeps its strength
        new = np.where(met, total_wins / np.where(met, denominators, 1.0), gamma)
        new = np.maximum(new, 1e-300)
        new /= math.exp(float(np.log(new).mean()))
        change = float(np.max(np.abs(np.log(new) - np.log(gamma))))
        gamma = new
        if change < tol:
            break
    theta: Matrix = np.log(gamma)
    centred: Matrix = theta - float(theta.mean())
    return centred


def elo_ratings(
    wins: Matrix, games: Matrix, anchors: Sequence[bool] | None = None, prior: float = 1.0
) -> list[float]:
    """Elo-scale ratings from pairwise outcomes (see :func:`bradley_terry`): 400 points are
    10:1 odds. The entrants marked in ``anchors`` average 1000 when any is; else all average 1500.

    >>> w = np.array([[0.0, 75.0], [25.0, 0.0]]); n = np.array([[0.0, 100.0], [100.0, 0.0]])
    >>> [round(r, 1) for r in elo_ratings(w, n, anchors=[False, True], prior=0.0)]
    [1190.8, 1000.0]
    """
    theta = bradley_terry(wins, games, prior=prior)
    scale = 400.0 / math.log(10.0)
    ratings = theta * scale
    marked = [i for i, a in enumerate(anchors or []) if a]
    if marked:
        ratings = ratings + RANDOM_ELO - float(ratings[marked].mean())
    else:
        ratings = ratings + MEAN_ELO - float(ratings.mean())
    return [float(r) for r in ratings]


@dataclass(frozen=True)
class HeadToHead:
    """``rate[a][b]``: share of the games that ``a`` and ``b`` both sat in that ``a`` ranked better
    (ties half); ``None`` on the diagonal and where they never met. ``games[a][b]``: how many."""

    labels: tuple[str, ...]
    wins: list[list[float]]
    games: list[list[int]]

    @property
    def rate(self) -> list[list[float | None]]:
        return [
            [
                None if a == b or self.games[a][b] == 0 else self.wins[a][b] / self.games[a][b]
                for b in range(len(self.labels))
            ]
            for a in range(len(self.labels))
        ]

    def to_dict(self) -> dict[str, Any]:
        return {"labels": list(self.labels), "win_rate": self.rate, "games": self.games}


def _outcome(rank_a: int, rank_b: int) -> float:
    return 1.0 if rank_a < rank_b else 0.5 if rank_a == rank_b else 0.0


def head_to_head(records: Sequence[MatchRecord], labels: Sequence[str]) -> HeadToHead:
    """The head-to-head outcomes of every pair of entrants.

    >>> r = MatchRecord(0, 0, 0, ("a", "b", "c"), 1, (1,), (2, 1, 2), (0.0, 3.0, 0.0), 9, 9,
    ...                 False, 0.1)
    >>> h = head_to_head([r], ["a", "b", "c"])
    >>> h.rate
    [[None, 0.0, 0.5], [1.0, None, 1.0], [0.5, 0.0, None]]
    """
    index = {label: i for i, label in enumerate(labels)}
    k = len(labels)
    wins = [[0.0] * k for _ in range(k)]
    games = [[0] * k for _ in range(k)]
    for record in records:
        seats_of: dict[int, list[int]] = {}
        for seat, label in enumerate(record.seats):
            seats_of.setdefault(index[label], []).append(seat)
        for a, seats_a in seats_of.items():
            for b, seats_b in seats_of.items():
                if a == b:
                    continue
                pairs = [(sa, sb) for sa in seats_a for sb in seats_b]
                share = sum(_outcome(record.ranks[sa], record.ranks[sb]) for sa, sb in pairs)
                wins[a][b] += share / len(pairs)
                games[a][b] += 1
    return HeadToHead(tuple(labels), wins, games)


@dataclass(frozen=True)
class BotStats:
    """One entrant's figures over its plays (see the module's docstring)."""

    label: str
    agent: str
    plays: int
    wins: float
    win_rate: float
    ci_low: float
    ci_high: float
    mean_score: float
    mean_rank: float
    elo: float


@dataclass(frozen=True)
class SeatStats:
    """One seat: the share of games it won (shared wins split) and each entrant's win rate
    there (``None`` where it never sat there)."""

    seat: int
    games: int
    wins: float
    win_rate: float
    by_bot: dict[str, float | None]


@dataclass(frozen=True)
class LengthStats:
    """How long the games were."""

    games: int
    turns_mean: float
    turns_median: float
    steps_mean: float
    steps_median: float
    truncated: int
    truncated_share: float
    no_winner: int


def game_length(records: Sequence[MatchRecord]) -> LengthStats:
    """Turns and steps, mean and median, and the share of games cut by the turn cap.

    >>> r = [MatchRecord(i, 0, 0, ("a", "b"), 1, (0,), (1, 2), (1.0, 0.0), t, 2 * t, t == 30, 0.0)
    ...      for i, t in enumerate([10, 20, 30])]
    >>> s = game_length(r)
    >>> s.turns_mean, s.turns_median, s.steps_median, round(s.truncated_share, 3)
    (20.0, 20.0, 40.0, 0.333)
    """
    if not records:
        return LengthStats(0, 0.0, 0.0, 0.0, 0.0, 0, 0.0, 0)
    turns = [r.turns for r in records]
    steps = [r.steps for r in records]
    truncated = sum(r.truncated for r in records)
    return LengthStats(
        games=len(records),
        turns_mean=statistics.fmean(turns),
        turns_median=float(statistics.median(turns)),
        steps_mean=statistics.fmean(steps),
        steps_median=float(statistics.median(steps)),
        truncated=truncated,
        truncated_share=truncated / len(records),
        no_winner=sum(not r.winners for r in records),
    )


def win_share(winners: Sequence[int], seat: int) -> float:
    """``seat``'s share of a game's win, as the arena counts it: a shared win counts its share,
    and a game without a winner (a turn cap) gives none.

    >>> win_share((0, 2), 2), win_share((1,), 0), win_share((), 0)
    (0.5, 0.0, 0.0)
    """
    return 1.0 / len(winners) if seat in winners else 0.0


@dataclass(frozen=True)
class ArenaStats:
    """Every figure of a tournament."""

    bots: list[BotStats]
    seats: list[SeatStats]
    head_to_head: HeadToHead
    length: LengthStats

    def to_dict(self) -> dict[str, Any]:
        return {
            "bots": [asdict(b) for b in self.bots],
            "seats": [asdict(s) for s in self.seats],
            "head_to_head": self.head_to_head.to_dict(),
            "length": asdict(self.length),
            "elo": {
                "method": "Bradley-Terry (MM), 1 drawn prior game per pair, Elo scale",
                "anchor": "random = 1000"
                if any(b.agent == "random" for b in self.bots)
                else "mean = 1500",
            },
        }


def summarize(
    records: Sequence[MatchRecord], labels: Sequence[str], agents: Sequence[str]
) -> ArenaStats:
    """All the figures of a tournament's ``records``; ``labels[i]`` is entrant ``i``'s label and
    ``agents[i]`` its agent name (``random`` entrants anchor the Elo scale).

    >>> def game(i, seats, winner):  # a 2-player game won by seat ``winner``
    ...     ranks = (1, 2) if winner == 0 else (2, 1)
    ...     return MatchRecord(i, i // 2, i % 2, seats, 1, (winner,), ranks,
    ...                        tuple(2.0 - r for r in ranks), 10, 20, False, 0.0)
    >>> recs = [game(0, ("x", "y"), 0), game(1, ("y", "x"), 1),
    ...         game(2, ("x", "y"), 1), game(3, ("y", "x"), 1)]
    >>> st = summarize(recs, ["x", "y"], ["heuristic", "random"])
    >>> [(b.label, b.plays, b.wins, b.win_rate, round(b.elo)) for b in st.bots]
    [('x', 4, 3.0, 0.75, 1147), ('y', 4, 1.0, 0.25, 1000)]
    >>> [(s.seat, s.win_rate, s.by_bot) for s in st.seats]
    [(0, 0.25, {'x': 0.5, 'y': 0.0}), (1, 0.75, {'x': 1.0, 'y': 0.5})]
    """
    index = {label: i for i, label in enumerate(labels)}
    k = len(labels)
    plays = [0] * k
    wins = [0.0] * k
    scores: list[list[float]] = [[] for _ in range(k)]
    ranks: list[list[int]] = [[] for _ in range(k)]
    players = max((r.players for r in records), default=0)
    seat_wins = [0.0] * players
    seat_games = [0] * players
    seat_bot_plays = [[0] * k for _ in range(players)]
    seat_bot_wins = [[0.0] * k for _ in range(players)]
    for record in records:
        for seat, label in enumerate(record.seats):
            e = index[label]
            share = win_share(record.winners, seat)
            plays[e] += 1
            wins[e] += share
            scores[e].append(record.scores[seat])
            ranks[e].append(record.ranks[seat])
            seat_games[seat] += 1
            seat_wins[seat] += share
            seat_bot_plays[seat][e] += 1
            seat_bot_wins[seat][e] += share
    h2h = head_to_head(records, labels)
    elo = elo_ratings(
        np.array(h2h.wins, dtype=float),
        np.array(h2h.games, dtype=float),
        anchors=[name == "random" for name in agents],
    )
    bots = []
    for e in range(k):
        low, high = wilson_interval(wins[e], plays[e])
        bots.append(
            BotStats(
                label=labels[e],
                agent=agents[e],
                plays=plays[e],
                wins=wins[e],
                win_rate=wins[e] / plays[e] if plays[e] else 0.0,
                ci_low=low,
                ci_high=high,
                mean_score=statistics.fmean(scores[e]) if scores[e] else 0.0,
                mean_rank=statistics.fmean(ranks[e]) if ranks[e] else 0.0,
                elo=elo[e],
            )
        )
    seats = [
        SeatStats(
            seat=seat,
            games=seat_games[seat],
            wins=seat_wins[seat],
            win_rate=seat_wins[seat] / seat_games[seat] if seat_games[seat] else 0.0,
            by_bot={
                labels[e]: (
                    seat_bot_wins[seat][e] / seat_bot_plays[seat][e]
                    if seat_bot_plays[seat][e]
                    else None
                )
                for e in range(k)
            },
        )
        for seat in range(players)
    ]
    return ArenaStats(bots=bots, seats=seats, head_to_head=h2h, length=game_length(records))
