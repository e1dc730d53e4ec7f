"""Ruler of Mana costs and exact payment (cards page §2, RM-3.2 to RM-3.5), and the payment
steps (RM-3.4: ``W2`` supplies 2 units, ``W2/1`` 1): every exact payment is one path."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator
from itertools import combinations, combinations_with_replacement, product

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import bodoge
from bodoge.core.testing import run_doctests
from bodoge.games.ruler_of_mana import RulerOfMana, payment
from bodoge.games.ruler_of_mana.payment import (
    CODES,
    MANA,
    STEPS,
    SYMBOLS,
    Cost,
    can_pay,
    code_index,
    is_exact,
    next_payment_steps,
    parse_cost,
    payable,
    payment_with,
    payments,
    sort_codes,
    sort_steps,
    step_code,
    step_index,
    step_units,
)

# -- the payment test vectors of the cards page, §2 -----------------------------------------------

# Card ids of the page (MF2, ME1, MR ...) -> notation codes.
PAGE_CODE = {"MF1": "F1", "MF2": "F2", "ME1": "E1", "MR": "RB"}


def codes(*page_ids: str) -> list[str]:
    return [PAGE_CODE[card] for card in page_ids]


@pytest.mark.parametrize(
    ("hand", "cost", "ok"),
    [
        (codes("MF2", "ME1", "ME1"), "E E F", True),  # MF2 supplies 1 unit
        (codes("MF2", "ME1"), "E E F", False),  # fire cannot pay E
        (codes("MR", "ME1", "MF1"), "E E F", True),  # MR is named E
        (codes("MF2"), "F F", True),
        (codes("MF2"), "F *", True),
    ],
)
def test_rm_3_5_payment_vectors(hand: list[str], cost: str, ok: bool) -> None:
    assert can_pay(cost, hand) is ok
    assert payable(cost, hand) is ok
    assert (tuple(sort_codes(hand)) in paid_cards(payments(cost, hand))) is ok


def paid_cards(paths: Iterable[tuple[str, ...]]) -> list[tuple[str, ...]]:
    """The cards each payment path pays with, in canonical order."""
    return [tuple(step_code(step) for step in path) for path in paths]


def test_rm_3_5_payment_vector_third_card_cannot_be_added() -> None:
    hand = codes("MF1", "MF1", "MF1")
    assert payable("F F", hand)
    assert can_pay("F F", ["F1", "F1"])
    assert not can_pay("F F", hand)  # the third card would be wasted
    assert next_payment_steps("F F", ("F1", "F1"), hand) == ()
    assert payments("F F", hand) == (("F1", "F1"),)


def test_rm_3_4_two_orb_card_pays_one_or_two() -> None:
    assert can_pay("F", ["F2"])
    assert can_pay("F F", ["F2"])
    assert not can_pay("F F F", ["F2"])
    assert can_pay("F F F", ["F2", "F1"])
    assert can_pay("F F", ["F2", "F1"])  # the 2-orb card supplies 1 unit
    assert can_pay("F F", ["F2", "F2"])  # both supply 1 unit


def test_rm_3_3_rainbow_pays_any_one_element() -> None:
    for symbol in "FWAE*":
        assert can_pay(symbol, ["RB"])
    assert not can_pay("F F", ["RB"])
    assert can_pay("W A", ["RB", "RB"])


def test_rm_3_2_element_symbol_needs_its_element_and_star_takes_any() -> None:
    assert not can_pay("W", ["F1"])
    assert can_pay("*", ["E2"])
    assert can_pay("* *", ["E2"])
    assert can_pay("E *", ["E1", "A1"])
    assert not can_pay("E *", ["A1", "A1"])


def test_rm_3_5_no_card_is_wasted() -> None:
    assert not can_pay("F", ["F1", "W1"])
    assert not can_pay("F", [])
    assert not payable("F", [])
    assert can_pay("F *", ["F2", "W1"])  # F2 supplies 1 unit, W1 pays *
    assert not can_pay("F *", ["F2", "W1", "A1"])


def test_stepwise_payment_in_canonical_order() -> None:
    hand = ["RB", "E1", "F1", "E1", "W1"]
    assert next_payment_steps("E E F", (), hand) == ("F1", "E1")
    assert next_payment_steps("E E F", ("F1",), hand) == ("E1",)
    assert next_payment_steps("E E F", ("F1", "E1"), hand) == ("E1", "RB")
    assert is_exact("E E F", ("F1", "E1", "E1"))
    assert payments("E E F", hand) == (
        ("F1", "E1", "E1"),
        ("F1", "E1", "RB"),
        ("E1", "E1", "RB"),  # RB named F
    )
    # the DESIGN example `cast S19/3 @2 E1 E1 F1` pays F1 first, in canonical order
    assert next_payment_steps("E E F", (), ["E1", "E1", "F1"]) == ("F1",)


def test_rm_3_4_two_orb_card_pays_one_unit() -> None:
    """``W W`` with two ``W2``: one ``W2`` (2 units) or both as ``W2/1`` (1 unit each)."""
    hand = ["W2", "W2"]
    assert next_payment_steps("W W", (), hand) == ("W2/1", "W2")
    assert next_payment_steps("W W", ("W2/1",), hand) == ("W2/1",)
    assert next_payment_steps("W W", ("W2",), hand) == ()  # complete: 2 units
    assert payments("W W", hand) == (("W2/1", "W2/1"), ("W2",))
    assert is_exact("W W", ("W2",)) and is_exact("W W", ("W2/1", "W2/1"))
    assert not is_exact("W W", ("W2", "W2/1")) and not is_exact("W W", ("W2/1",))


def test_rm_3_4_steps_and_their_units() -> None:
    assert " ".join(STEPS) == "F1 F2/1 F2 W1 W2/1 W2 A1 A2/1 A2 E1 E2/1 E2 RB"
    assert [step_units(s) for s in ("F1", "F2/1", "F2", "RB")] == [1, 1, 2, 1]
    assert [step_code(s) for s in ("F2/1", "F2", "RB")] == ["F2", "F2", "RB"]
    assert sort_steps(["RB", "E2", "E2/1", "F1"]) == ("F1", "E2/1", "E2", "RB")
    assert step_index("F2/1") == 1
    for bad in ("F1/1", "RB/1", "F3", "W2/2"):
        with pytest.raises(ValueError, match="unknown payment step"):
            step_index(bad)


def test_rm_3_4_the_same_cards_split_two_ways_are_one_path() -> None:
    """``F F E E`` with ``F2 E2 RB``: fire or earth may supply the extra unit. The path is the
    split whose steps come first in canonical order; ``payment_with`` finds it."""
    assert is_exact("F F E E", ("F2", "E2/1", "RB")) and is_exact("F F E E", ("F2/1", "E2", "RB"))
    assert payments("F F E E", ["F2", "E2", "RB"]) == (("F2/1", "E2", "RB"), ("F2", "E2"))
    assert next_payment_steps("F F E E", ("F2",), ["F2", "E2", "RB"]) == ("E2",)
    assert payment_with("F F E E", ["RB", "E2", "F2"]) == ("F2/1", "E2", "RB")
    assert payment_with("F F E E", ["F2"]) is None


def test_hand_may_be_a_mapping() -> None:
    assert payable("E E F", {"F2": 1, "E1": 2})
    assert next_payment_steps("E E F", ("F2/1",), Counter({"F2": 1, "E1": 2})) == ("E1",)


def test_next_payment_steps_rejects_bad_input() -> None:
    with pytest.raises(ValueError, match="canonical order"):
        next_payment_steps("E E F", ("E1", "F1"), ["E1", "F1"])
    with pytest.raises(ValueError, match="not all in the hand"):
        next_payment_steps("E E F", ("F1", "F1"), ["E1", "F1"])
    with pytest.raises(ValueError, match="not all in the hand"):
        next_payment_steps("W W", ("W2/1", "W2/1"), ["W2"])
    with pytest.raises(ValueError, match="unknown mana code 'F3'"):
        next_payment_steps("E E F", (), ["F3"])


# -- costs -----------------------------------------------------------------------------------------


def test_parse_cost_and_canonical_spelling() -> None:
    cost = parse_cost("E E F")
    assert cost == Cost((1, 0, 0, 2, 0))
    assert str(cost) == "F E E"
    assert cost.mana_value == 3
    assert cost.symbols == ("F", "E", "E")
    assert parse_cost("* A W F E") == parse_cost("F W A E *")
    assert str(parse_cost("  *   F ")) == "F *"
    assert parse_cost(str(cost)) == cost


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "empty cost"),
        ("   ", "empty cost"),
        ("F F F F F F", "at most 5"),
        ("F G", "unknown cost symbol 'G'"),
        ("f", "unknown cost symbol 'f'"),
        ("EEF", "unknown cost symbol 'EEF'"),
        ("F,E", "unknown cost symbol 'F,E'"),
    ],
)
def test_parse_cost_errors(text: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        parse_cost(text)


def test_cost_validates_counts() -> None:
    with pytest.raises(ValueError):
        Cost((0, 0, 0, 0, 0))
    with pytest.raises(ValueError):
        Cost((6, 0, 0, 0, 0))
    with pytest.raises(ValueError):
        Cost((1, -1, 0, 0, 1))
    with pytest.raises(ValueError, match="unknown cost symbol"):
        parse_cost("F").count("X")


def test_mana_kinds_and_codes() -> None:
    assert CODES == ("F1", "F2", "W1", "W2", "A1", "A2", "E1", "E2", "RB")
    assert [MANA[c].orbs for c in CODES] == [1, 2, 1, 2, 1, 2, 1, 2, 1]
    assert MANA["A2"].element == "wind" and MANA["RB"].element == "rainbow"
    assert sort_codes(["RB", "A1", "F2", "F1"]) == ("F1", "F2", "A1", "RB")
    assert code_index("RB") == 8
    with pytest.raises(ValueError, match="unknown mana code"):
        code_index("X1")


def test_doctests() -> None:
    result = run_doctests(payment)
    assert result.failed == 0 and result.attempted > 0


# -- brute-force reference ------------------------------------------------------------------------

# The units each card may supply: one tuple per choice.
UNIT_CHOICES: dict[str, list[tuple[str, ...]]] = {
    code: (
        [(s,) for s in "FWAE"]
        if MANA[code].rainbow
        else [(code[0],) * k for k in range(1, MANA[code].orbs + 1)]
    )
    for code in CODES
}


def ref_exact(cost: str, cards: tuple[str, ...]) -> bool:
    """Every card supplies units; some assignment matches units and symbols one to one."""
    symbols = Counter(cost.split())
    if not cards:
        return False
    for choice in product(*(UNIT_CHOICES[c] for c in cards)):
        units = Counter(u for supplied in choice for u in supplied)
        # one-to-one: same number of units as symbols, each element symbol gets its element's
        # unit and the surplus units (of any element) take the `*` symbols.
        if sum(units.values()) == sum(symbols.values()) and all(
            units[e] >= symbols[e] for e in "FWAE"
        ):
            return True
    return False


def sub_multisets(hand: list[str], most: int) -> set[tuple[str, ...]]:
    ordered = sort_codes(hand)
    found: set[tuple[str, ...]] = set()
    for size in range(1, min(most, len(ordered)) + 1):
        found.update(combinations(ordered, size))  # combinations keep canonical order
    return found


def ref_payments(cost: str, hand: list[str]) -> set[tuple[str, ...]]:
    """Every exact payment from the hand, in canonical order (each card supplies >= 1 unit)."""
    n = len(cost.split())
    return {s for s in sub_multisets(hand, n) if ref_exact(cost, s)}


def walk(cost: str, hand: list[str]) -> Iterator[tuple[str, ...]]:
    """Every node the stepwise solver reaches from the empty payment."""
    stack: list[tuple[str, ...]] = [()]
    while stack:
        chosen = stack.pop()
        yield chosen
        for step in next_payment_steps(cost, chosen, hand):
            stack.append((*chosen, step))


def check_one_path_per_payment(cost: str, hand: list[str]) -> None:
    """Every exact payment of ``cost`` from ``hand`` (a set of its cards) is reached by exactly
    one path of steps, every path ends in an exact payment, and no step leads nowhere."""
    exact = ref_payments(cost, hand)
    nodes = list(walk(cost, hand))
    assert len(nodes) == len(set(nodes))
    ends = []
    for chosen in nodes:
        offered = next_payment_steps(cost, chosen, hand)
        assert list(offered) == sorted(set(offered), key=step_index)
        if chosen and not offered:
            assert is_exact(cost, chosen), (cost, hand, chosen)  # no dead end
            ends.append(chosen)
        elif chosen:
            assert not is_exact(cost, chosen)  # a complete payment is offered nothing more
    paid = paid_cards(ends)
    assert sorted(Counter(paid).values(), reverse=True)[:1] in ([], [1]), "one path each"
    assert set(paid) == exact
    assert set(payments(cost, hand)) == set(ends)


def all_costs(most: int = 5) -> Iterator[str]:
    for size in range(1, most + 1):
        for symbols in combinations_with_replacement(SYMBOLS, size):
            yield " ".join(symbols)


@pytest.mark.parametrize(
    "hand",
    [
        ["W2", "W2", "W1"],
        ["F1", "F2", "F2", "E2", "RB"],
        ["F2", "W2", "A2", "E2", "RB", "RB"],
        ["E1", "E2", "E2", "A2", "A1", "RB"],
    ],
)
def test_rm_3_4_every_exact_payment_is_reachable_by_exactly_one_path(hand: list[str]) -> None:
    """For every cost (1–5 symbols) and each small hand: the multisets of the hand's cards that
    pay exactly are the payments reached, each by one path of legal steps."""
    for cost in all_costs():
        check_one_path_per_payment(cost, hand)


hands = st.lists(st.sampled_from(CODES), max_size=8)
costs = st.lists(st.sampled_from(SYMBOLS), min_size=1, max_size=5).map(" ".join)


@settings(max_examples=300, deadline=None)
@given(cost=costs, cards=st.lists(st.sampled_from(CODES), max_size=6))
def test_can_pay_matches_brute_force(cost: str, cards: list[str]) -> None:
    assert can_pay(cost, cards) == ref_exact(cost, tuple(cards))


@settings(max_examples=200, deadline=None)
@given(cost=costs, hand=hands)
def test_payable_matches_brute_force(cost: str, hand: list[str]) -> None:
    assert payable(cost, hand) == bool(ref_payments(cost, hand))


@settings(max_examples=300, deadline=None)
@given(cost=costs, hand=hands)
def test_rm_3_4_stepwise_payment_reaches_every_exact_payment_once(
    cost: str, hand: list[str]
) -> None:
    check_one_path_per_payment(cost, hand)


@settings(max_examples=300, deadline=None)
@given(cost=costs, hand=hands)
def test_rm_3_4_cards_beyond_the_bounds_change_no_step(cost: str, hand: list[str]) -> None:
    """The engine looks payment steps up by the hand's mana counts clipped to what one payment
    of the cost can use (``card_bounds``): along every path, the steps offered are those of the
    whole hand, and the payments found are the same."""
    counts = parse_cost(cost).counts
    bounds = payment.card_bounds(counts)
    whole = [hand.count(code) for code in CODES]
    clipped = [min(n, b) for n, b in zip(whole, bounds, strict=True)]

    def walk(chosen: tuple[str, ...]) -> None:
        steps = [0] * len(STEPS)
        used = [0] * len(CODES)
        for step in chosen:
            steps[STEPS.index(step)] += 1
            used[CODES.index(step_code(step))] += 1
        last = STEPS.index(chosen[-1]) if chosen else 0
        offered = payment.next_steps_counts(
            counts, tuple(steps), last, tuple(n - u for n, u in zip(whole, used, strict=True))
        )
        rest = tuple(n - u for n, u in zip(clipped, used, strict=True))
        assert min(rest) >= 0
        assert payment.next_steps_counts(counts, tuple(steps), last, rest) == offered
        for step in offered:
            walk((*chosen, step))

    walk(())
    short = [code for code, n in zip(CODES, clipped, strict=True) for _ in range(n)]
    assert payments(cost, short) == payments(cost, hand)


def test_rm_3_4_the_engine_offers_both_ways_to_pay_w_w() -> None:
    """``RulerOfMana.pay_steps``: ``W W`` from two ``W2`` is one ``W2`` or both for one unit."""
    game = bodoge.make("ruler-of-mana", players=2)
    assert isinstance(game, RulerOfMana)
    hand = [game.index[c] for c in ("MW2-01", "MW2-02", "S11")]
    assert [str(a) for a in game.pay_steps("S11", 1, (), hand)] == ["W2/1", "W2"]
    one = payment.step_index("W2/1")
    assert [str(a) for a in game.pay_steps("S11", 1, (one,), hand)] == ["W2/1"]
