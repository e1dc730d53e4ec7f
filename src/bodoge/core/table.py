"""What the companions of the physical games check alike: a seat at the table, and a count.

>>> seat(4, 3), count(0)
(3, 0)
>>> seat(4, 4)
Traceback (most recent call last):
bodoge.core.errors.Refusal: There is no seat 4 (a table of 4)
"""

from __future__ import annotations

from bodoge.core.errors import Refusal

__all__ = ["count", "seat"]


def seat(players: int, value: object) -> int:
    """``value`` if it is a seat of a table of ``players``, else a :class:`Refusal`."""
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value < players:
        raise Refusal("companion.error.no_seat", seat=value, players=players)
    return value


def count(value: object) -> int:
    """``value`` if it is a whole number 0 or more (life, a hand size), else a :class:`Refusal`."""
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise Refusal("companion.error.count", value=value)
    return value
