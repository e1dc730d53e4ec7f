"""The outcome of a finished game."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True, slots=True)
class Result:
    """Scores, ranks (1 = first; equal players share a rank), winners, and whether the game was
    cut short by a turn cap.

    >>> Result(scores=(3.0, 1.0), ranks=(1, 2), winners=(0,), truncated=False).winners
    (0,)
    """

    scores: tuple[float, ...]
    ranks: tuple[int, ...]
    winners: tuple[int, ...]
    truncated: bool

    def to_dict(self) -> dict[str, Any]:
        return {
            "scores": list(self.scores),
            "ranks": list(self.ranks),
            "winners": list(self.winners),
            "truncated": self.truncated,
        }


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
