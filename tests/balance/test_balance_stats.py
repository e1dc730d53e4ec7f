"""Balance figures: the chi-square test, seats by turn position, endings and the card table,
on small hand-made records."""

from __future__ import annotations

import math

import pytest

from bodoge.arena.stats import wilson_interval
from bodoge.arena.tournament import MatchRecord
from bodoge.balance.hooks import Use
from bodoge.balance.records import BalanceRecord
from bodoge.balance.stats import (
    card_figures,
    chi_square_sf,
    count_figures,
    ending_figures,
    even_test,
    length_figures,
    seat_figures,
)
from bodoge.core.testing import outputs_under_hash_seeds


def record(
    winners: tuple[int, ...],
    uses: tuple[Use, ...] = (),
    players: int = 2,
    start: int = 0,
    turns: int = 10,
    ending: str = "end",
    offered: tuple[tuple[str, str], ...] | None = None,
) -> BalanceRecord:
    match = MatchRecord(
        0,
        0,
        0,
        ("bot",) * players,
        0,
        winners,
        (1,) * players,
        (0.0,) * players,
        turns,
        turns,
        ending == "truncated",
        0.0,
    )
    return BalanceRecord(match, start, ending, uses, offered)


# Values of SciPy's chi2.sf (also checked against a numerical integral of the density).
@pytest.mark.parametrize(
    ("x", "df", "p"),
    [
        (3.841458820694124, 1, 0.05),
        (5.991464547107979, 2, 0.05),
        (7.814727903251179, 3, 0.05),
        (9.487729036781154, 4, 0.05),
        (11.070497693516351, 5, 0.05),
        (6.6348966010212145, 1, 0.01),
        (15.08627246938899, 5, 0.01),
        (1.0, 1, 0.31731050786291415),
        (2.0, 3, 0.5724067044708798),
        (10.0, 6, 0.12465201948308113),
        (40.0, 5, 1.4933679e-07),
    ],
)
def test_chi_square_survival_function(x: float, df: int, p: float) -> None:
    assert chi_square_sf(x, df) == pytest.approx(p, rel=1e-6)


def test_chi_square_edges() -> None:
    assert chi_square_sf(0.0, 1) == 1.0
    assert chi_square_sf(1e4, 4) == 0.0
    with pytest.raises(ValueError):
        chi_square_sf(1.0, 0)


def test_even_test() -> None:
    test = even_test([30, 30, 30])
    assert (test.chi_square, test.df, test.p_value) == (0.0, 2, 1.0)
    test = even_test([50, 25, 25])  # expected 33.3 each
    assert test.chi_square == pytest.approx(12.5)
    assert test.p_value == pytest.approx(math.exp(-12.5 / 2))  # df 2: Q = e^(-x/2)
    assert even_test([]).p_value == 1.0


def test_seats_are_turn_positions_and_count_decided_games_only() -> None:
    records = [
        record((1,), start=1),  # the start player (seat 1) wins: position 0
        record((0,), start=0),  # position 0 again
        record((0, 1), start=0),  # shared: half each
        record((), ending="truncated"),  # no winner: left out
    ]
    seats, test = seat_figures(records, 2)
    assert [(s.position, s.wins, s.games) for s in seats] == [(0, 2.5, 3), (1, 0.5, 3)]
    assert seats[0].share == pytest.approx(2.5 / 3)
    assert (seats[0].low, seats[0].high) == wilson_interval(2.5, 3)
    assert test.chi_square == pytest.approx((2.5 - 1.5) ** 2 / 1.5 * 2)


def test_a_seat_out_of_line_is_flagged() -> None:
    records = [record((0,)) for _ in range(40)] + [record((1,)) for _ in range(10)]
    seats, test = seat_figures(records, 2)
    assert [s.flag for s in seats] == [1, -1]
    assert test.p_value < 0.001


def test_card_table_win_shares_of_users() -> None:
    records = [
        record((0,), uses=((0, "spell", "A"), (1, "spell", "B"), (0, "spell", "A"))),
        record((0, 1), uses=((0, "spell", "A"), (1, "spell", "A"))),
        record((), uses=((1, "spell", "B"),), ending="truncated"),
    ]
    cards = {c.key: c for c in card_figures(records, 2)}
    a, b = cards["A"], cards["B"]
    assert (a.games, a.uses, a.users, a.wins, a.share, a.offered) == (2, 4, 3, 2.0, 2 / 3, 3)
    assert (b.games, b.uses, b.users, b.wins, b.share) == (2, 2, 1, 0.0, 0.0)
    assert [c.key for c in card_figures(records, 2)] == ["A", "B"]  # by win share
    assert (a.low, a.high) == wilson_interval(2, 3)


def test_cards_offered_but_never_played_are_listed() -> None:
    offered = (("mission", "X"), ("mission", "Y"))
    records = [
        record((0,), uses=((0, "mission", "X"),), offered=offered),
        record((1,), uses=((1, "mission", "X"),), offered=offered[:1]),
    ]
    cards = {c.key: c for c in card_figures(records, 2)}
    assert (cards["X"].offered, cards["X"].games, cards["X"].share) == (2, 2, 1.0)
    assert (cards["Y"].offered, cards["Y"].games, cards["Y"].users) == (1, 0, 0)


def test_cards_out_of_line_are_flagged_both_ways() -> None:
    records = [record((0,), uses=((0, "k", "win"), (1, "k", "lose"))) for _ in range(30)]
    cards = {c.key: c for c in card_figures(records, 2)}
    assert (cards["win"].flag, cards["lose"].flag) == (1, -1)


def test_endings_in_the_hooks_order_then_any_other() -> None:
    records = [record((0,), ending="b"), record((0,), ending="b"), record((0,), ending="zzz")]
    assert [(e.code, e.games) for e in ending_figures(records, ["a", "b"])] == [
        ("a", 0),
        ("b", 2),
        ("zzz", 1),
    ]


def test_length_percentiles() -> None:
    figures = length_figures([record((0,), turns=t) for t in [5, 1, 3, 2, 4]])
    assert (figures.mean, figures.median, figures.p10, figures.p90) == (3.0, 3.0, 1.4, 4.6)
    one = length_figures([record((0,), turns=7)])
    assert (one.p10, one.p90) == (7.0, 7.0)


def test_count_figures_put_it_together() -> None:
    records = [record((0,), uses=((0, "k", "c"),)), record((), ending="truncated", turns=200)]
    figures = count_figures(records, 2, ["end", "truncated"])
    assert (figures.games, figures.decided, figures.length.truncated) == (2, 1, 1)
    assert figures.to_dict()["cards"][0]["key"] == "c"


def test_cards_are_also_compared_with_their_kind() -> None:
    # every winner plays a card of kind "must": its cards are all above 1/n, none above the kind
    records = [
        record((0,), uses=((0, "must", "X" if i % 2 else "Y"), (1, "k", "Z"))) for i in range(40)
    ]
    cards = {c.key: c for c in card_figures(records, 2)}
    assert (cards["X"].flag, cards["X"].kind_flag, cards["X"].kind_share) == (1, 0, 1.0)
    assert (cards["Z"].flag, cards["Z"].kind_flag, cards["Z"].kind_share) == (-1, 0, 0.0)
    mixed = card_figures([record((0,), uses=((0, "k", "A"), (1, "k", "B")))] * 30, 2)
    assert {c.key: (c.kind_share, c.kind_flag) for c in mixed} == {"A": (0.5, 1), "B": (0.5, -1)}


_SUMS_SCRIPT = """
from bodoge.arena.tournament import MatchRecord
from bodoge.balance.records import BalanceRecord
from bodoge.balance.stats import card_figures

records = []
for i in range(60):
    winners = (0, 1, 2) if i % 3 else (i % 4,)
    match = MatchRecord(0, 0, 0, ("bot",) * 4, 0, winners, (1,) * 4, (0.0,) * 4, 9, 9, False, 0.0)
    uses = tuple((seat, "mission", f"M{(i * 7 + seat * 5 + k) % 23:02}") for seat in range(4)
                 for k in range(3))
    records.append(BalanceRecord(match, 0, "end", uses, None))
print([(c.key, c.kind_share, c.wins) for c in card_figures(records, 4)])
"""


def test_card_figures_are_the_same_whatever_pythons_hash_seed() -> None:
    # A report is made again by its command in another process: its figures must not depend on
    # the order a set of strings iterates in, which follows the process's hash seed.
    outputs = outputs_under_hash_seeds(_SUMS_SCRIPT, seeds=("1", "2", "3", "4"))
    assert len(outputs) == 1, "the card figures change with Python's hash seed"
