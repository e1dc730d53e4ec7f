"""Rewards of the research adapters: only at the end, from the result's ranks (DESIGN.md).

A seat's reward is (seats ranked below it - seats ranked above it) / (players - 1): zero-sum,
within [-1, 1], winners of a tie sharing it. A step the mask forbids ends the episode: -1 for the
seat that took it, the others sharing +1 so that the sum stays zero.

>>> rank_rewards((1, 2, 2))
(1.0, -0.5, -0.5)
>>> illegal_rewards(3, 1)
(0.5, -1.0, 0.5)
"""

from __future__ import annotations

from collections.abc import Sequence

__all__ = ["illegal_rewards", "rank_rewards"]


def rank_rewards(ranks: Sequence[int]) -> tuple[float, ...]:
    """The end rewards of a finished game with these ranks (1 = first, ties share a rank)."""
    n = len(ranks)
    return tuple(
        (sum(1 for r in ranks if r > mine) - sum(1 for r in ranks if r < mine)) / (n - 1)
        for mine in ranks
    )


def illegal_rewards(players: int, offender: int) -> tuple[float, ...]:
    """The rewards when ``offender`` takes a step its mask forbids."""
    share = 1.0 / (players - 1)
    return tuple(-1.0 if seat == offender else share for seat in range(players))
