"""``random.Random.shuffle``, compiled: the same permutation from the same generator, faster.

The standard library's shuffle is written in Python and asks ``_randbelow`` (Python too) for
every card; a search shuffles the unseen cards at every iteration. This is the same algorithm
(Fisher-Yates from the end, each index drawn by rejection from ``getrandbits``, as CPython 3.11
does it), so a seeded game deals exactly as before — ``tests/test_core.py`` checks it against
``random.Random.shuffle`` itself.

>>> import random
>>> cards = list(range(10))
>>> shuffle(cards, random.Random(7))
>>> same = list(range(10))
>>> random.Random(7).shuffle(same)
>>> cards == same
True
"""

from __future__ import annotations

import random
from typing import TypeVar

__all__ = ["shuffle"]

T = TypeVar("T")


def shuffle(items: list[T], rng: random.Random, last: int = -1) -> None:
    """Shuffle ``items`` in place with ``rng``: exactly ``rng.shuffle(items)``.

    With ``last``, only the last ``last`` places are drawn (the first steps of the same
    algorithm): they hold a uniform random sample of ``items`` in random order, for the price
    of ``last`` draws, when only that many cards are dealt from the end.

    >>> cards = list(range(10))
    >>> shuffle(cards, random.Random(7), last=3)
    >>> same = list(range(10))
    >>> random.Random(7).shuffle(same)
    >>> cards[-3:] == same[-3:]
    True
    """
    getrandbits = rng.getrandbits
    stop = 0 if last < 0 else max(0, len(items) - 1 - last)
    for i in range(len(items) - 1, stop, -1):
        n = i + 1
        k = n.bit_length()
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        items[i], items[j] = items[j], items[i]
