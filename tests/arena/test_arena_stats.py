"""Tournament statistics against known values: Wilson intervals, head-to-head, Elo, seats."""

from __future__ import annotations

import math

import numpy as np
import pytest

from bodoge.arena.stats import (
    bradley_terry,
    elo_ratings,
    game_length,
    head_to_head,
    paired_difference,
    summarize,
    wilson_interval,
)
from bodoge.arena.tournament import MatchRecord


def record(
    index: int,
    seats: tuple[str, ...],
    ranks: tuple[int, ...],
    turns: int = 10,
    truncated: bool = False,
) -> MatchRecord:
    winners = tuple(s for s, r in enumerate(ranks) if r == 1)
    return MatchRecord(
        index,
        0,
        0,
        seats,
        1,
        winners,
        ranks,
        tuple(float(len(ranks) - r) for r in ranks),
        turns,
        2 * turns,
        truncated,
        0.0,
    )


@pytest.mark.parametrize(
    ("wins", "n", "low", "high"),
    [
        (0, 10, 0.0, 0.2775),
        (1, 10, 0.0179, 0.4042),
        (5, 10, 0.2366, 0.7634),
        (10, 10, 0.7225, 1.0),
        (81, 263, 0.2553, 0.3662),
        (50, 100, 0.4038, 0.5962),
    ],
)
def test_wilson_interval_matches_known_values(
    wins: float, n: float, low: float, high: float
) -> None:
    lo, hi = wilson_interval(wins, n)
    assert lo == pytest.approx(low, abs=5e-5) and hi == pytest.approx(high, abs=5e-5)


def test_wilson_interval_edges() -> None:
    assert wilson_interval(0, 0) == (0.0, 1.0)
    lo, hi = wilson_interval(2.5, 10)  # a shared win is a fraction
    assert 0 < lo < 0.25 < hi < 1
    narrow = wilson_interval(250, 1000)
    assert narrow[1] - narrow[0] < hi - lo


def expected_outcomes(ratings: list[float], games: int) -> tuple[np.ndarray, np.ndarray]:
    k = len(ratings)
    wins = np.zeros((k, k))
    played = np.zeros((k, k))
    for i in range(k):
        for j in range(k):
            if i != j:
                p = 1.0 / (1.0 + 10 ** ((ratings[j] - ratings[i]) / 400.0))
                wins[i, j] = p * games
                played[i, j] = games
    return wins, played


def test_paired_difference_of_two_runs_on_the_same_deals() -> None:
    # differences 1, 0: their sd 0.71, over sqrt(2) deals
    assert paired_difference([1.0, 0.0], [0.0, 0.0]) == (0.5, 0.5, 1)
    assert paired_difference([0.5, 1.0, 0.0], [0.5, 1.0, 0.0]) == (0.0, 0.0, 0)
    assert paired_difference([1.0], [0.0]) == (1.0, 0.0, 1)
    with pytest.raises(ValueError, match="paired runs differ in length: 2 and 1"):
        paired_difference([1.0, 0.0], [1.0])


def test_elo_fit_recovers_known_ratings_and_their_order() -> None:
    truth = [1000.0, 1350.0, 1200.0, 1100.0]
    wins, played = expected_outcomes(truth, games=1000)
    exact = elo_ratings(wins, played, anchors=[True, False, False, False], prior=0.0)
    assert exact == pytest.approx(truth, abs=1e-6)
    fitted = elo_ratings(wins, played, anchors=[True, False, False, False])
    assert fitted == pytest.approx(truth, abs=2.0)  # the prior's pull is small
    assert sorted(range(4), key=lambda i: fitted[i]) == [0, 3, 2, 1]


def test_elo_anchor_is_the_mean_without_random() -> None:
    wins, played = expected_outcomes([0.0, 200.0], games=1000)
    ratings = elo_ratings(wins, played)
    assert sum(ratings) / 2 == pytest.approx(1500.0)
    assert ratings[1] - ratings[0] == pytest.approx(200.0, abs=2.0)


def test_elo_stays_finite_when_one_bot_wins_everything() -> None:
    wins = np.array([[0.0, 50.0], [0.0, 0.0]])
    played = np.array([[0.0, 50.0], [50.0, 0.0]])
    ratings = elo_ratings(wins, played, anchors=[False, True])
    assert all(math.isfinite(r) for r in ratings) and ratings[0] > 1500
    theta = bradley_terry(wins, played)  # prior 1: odds 50.5 : 0.5
    assert math.exp(theta[0] - theta[1]) == pytest.approx(101.0, rel=1e-6)


def test_single_entrant_gets_the_anchor() -> None:
    assert elo_ratings(np.zeros((1, 1)), np.zeros((1, 1)), anchors=[True]) == [1000.0]


def test_head_to_head_counts_ties_half_and_each_game_once() -> None:
    records = [
        record(0, ("a", "b", "c"), (1, 2, 2)),
        record(1, ("b", "a", "c"), (1, 1, 3)),
        record(2, ("a", "b", "a"), (2, 1, 3)),  # a twice, both below b: 0
        record(3, ("a", "a", "b"), (1, 3, 2)),  # a twice: one win, one loss -> half
    ]
    h = head_to_head(records, ["a", "b", "c"])
    assert h.games == [[0, 4, 2], [4, 0, 2], [2, 2, 0]]
    assert h.wins[0][1] == pytest.approx(1 + 0.5 + 0 + 0.5)
    assert h.wins[1][0] == pytest.approx(4 - h.wins[0][1])
    assert h.rate[1][2] == 0.75 and h.rate[2][1] == 0.25 and h.rate[0][0] is None


def test_summary_splits_shared_wins_and_counts_seats() -> None:
    records = [
        record(0, ("x", "y"), (1, 1)),  # shared: half each
        record(1, ("y", "x"), (1, 2)),
        record(2, ("x", "y"), (2, 1)),
        record(3, ("y", "x"), (2, 1)),
    ]
    st = summarize(records, ["x", "y"], ["heuristic", "random"])
    x, y = st.bots
    assert (x.plays, x.wins, y.wins) == (4, 1.5, 2.5)
    assert x.win_rate == pytest.approx(0.375)
    assert (x.ci_low, x.ci_high) == pytest.approx(wilson_interval(1.5, 4))
    assert x.mean_rank == pytest.approx(1.5) and y.mean_rank == pytest.approx(1.25)
    assert y.elo == pytest.approx(1000.0) and x.elo < y.elo
    assert [s.games for s in st.seats] == [4, 4]
    assert st.seats[0].wins == pytest.approx(1.5) and st.seats[1].wins == pytest.approx(2.5)
    assert st.seats[0].by_bot == {"x": 0.25, "y": 0.5}
    assert sum(b.wins for b in st.bots) == pytest.approx(len(records))
    assert st.to_dict()["elo"]["anchor"] == "random = 1000"


def test_game_length_figures() -> None:
    records = [
        record(i, ("a", "b"), (1, 2), turns=t, truncated=t == 50)
        for i, t in enumerate([10, 20, 50, 50])
    ]
    g = game_length(records)
    assert (g.games, g.turns_mean, g.turns_median, g.steps_median) == (4, 32.5, 35.0, 70.0)
    assert (g.truncated, g.truncated_share, g.no_winner) == (2, 0.5, 0)
    assert game_length([]).games == 0
