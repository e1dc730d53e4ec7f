"""Balance plots as PNG files (matplotlib's Agg canvas, no pyplot): shares with their intervals.

:func:`plot_intervals` draws one horizontal bar per row, its Wilson interval as a whisker and the
even share ``1/n`` as a dashed line, and a share to compare each bar with (a card's kind's) as a
diamond; bars out of line with ``1/n`` are coloured (green above, red below). The
game-length histogram is the arena's (:func:`bodoge.arena.plots.plot_game_length`).
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import NamedTuple

__all__ = ["IntervalRow", "plot_intervals"]

_COLOURS = {1: "#3a9d5d", -1: "#c8483f", 0: "#8fa8bf"}


class IntervalRow(NamedTuple):
    """One bar: its label, share, interval and flag (+1 above, -1 below, 0 in line), and a share
    to compare it with, drawn as a diamond (None: none)."""

    label: str
    share: float
    low: float
    high: float
    flag: int
    peer: float | None = None


def plot_intervals(
    rows: Sequence[IntervalRow], expected: float, path: Path, title: str, xlabel: str
) -> None:
    """The rows as horizontal bars, first row on top, with whiskers, a dashed line at
    ``expected`` and a diamond at each row's ``peer`` share (which ``xlabel`` should name)."""
    from matplotlib.figure import Figure

    fig = Figure(figsize=(8.0, max(2.4, 0.9 + 0.22 * len(rows))), dpi=80, layout="constrained")
    ax = fig.add_subplot()
    ys = list(range(len(rows)))
    shares = [r.share for r in rows]
    ax.barh(
        ys,
        shares,
        height=0.7,
        color=[_COLOURS[r.flag] for r in rows],
        xerr=[
            [max(0.0, r.share - r.low) for r in rows],
            [max(0.0, r.high - r.share) for r in rows],
        ],
        error_kw={"ecolor": "#333333", "capsize": 2, "elinewidth": 1},
    )
    ax.axvline(expected, color="black", linestyle="--", linewidth=1)
    peers = [(r.peer, y) for r, y in zip(rows, ys, strict=True) if r.peer is not None]
    if peers:
        ax.scatter(
            [x for x, _ in peers], [y for _, y in peers], marker="D", s=14, color="black", zorder=3
        )
    ax.set_yticks(ys, labels=[r.label for r in rows], fontsize=8)
    ax.set_ylim(max(len(rows), 1) - 0.5, -0.5)  # the first row on top
    ax.set_xlim(0.0, min(1.0, max([expected, *(r.high for r in rows)]) + 0.05))
    ax.xaxis.set_major_formatter(lambda value, _pos: f"{value:.0%}")
    ax.set_xlabel(xlabel)
    ax.set_title(title)
    fig.savefig(path, format="png")
