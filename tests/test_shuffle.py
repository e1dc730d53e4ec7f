"""``bodoge.core.shuffle.shuffle`` deals exactly as ``random.Random.shuffle``: seeded games and
searches stay what they were when the engines switched to it."""

from __future__ import annotations

import random

from hypothesis import given
from hypothesis import strategies as st

from bodoge.core.shuffle import shuffle


@given(st.integers(min_value=0, max_value=2**64), st.lists(st.integers(), max_size=120))
def test_the_same_permutation_and_generator_state_as_the_standard_library(
    seed: int, items: list[int]
) -> None:
    ours, theirs = list(items), list(items)
    ours_rng, theirs_rng = random.Random(seed), random.Random(seed)
    shuffle(ours, ours_rng)
    theirs_rng.shuffle(theirs)
    assert ours == theirs
    assert ours_rng.getstate() == theirs_rng.getstate()


def test_a_shuffle_moves_cards() -> None:
    cards = list(range(52))
    shuffle(cards, random.Random(1))
    assert sorted(cards) == list(range(52)) and cards != list(range(52))
