"""Two runs of the same tournament paired game by game: how much more one bot won than another
on the same deals.

A run is the CSV of ``bodoge arena --csv`` or ``bench/horizon.py --csv``, or several joined by
commas (one per seed). In each game the seat counted is the one whose bot is not ``--against``
(the heuristic by default; ``heuristic#2`` too, as the arena numbers a bot in several seats):
one searching seat against the same opponents. The games of the
two runs are matched by their deal and seating, so files may come in any order; a game in one
run and not the other is refused before anything is printed.

It prints each run's share of the wins with its Wilson 95% interval, then the mean difference
of the counted seat's share, game by game, with its standard error
(``arena.stats.paired_difference``). The luck both runs share cancels, so a difference shows in
far fewer games than the two intervals would need.

Run: ``.venv/bin/python bench/paired.py OURS.csv[,MORE.csv] THEIRS.csv[,MORE.csv]
[--against heuristic]``
"""

from __future__ import annotations

import argparse
import csv
from collections.abc import Sequence
from pathlib import Path

from bodoge.arena.stats import paired_difference, wilson_interval, win_share

Game = tuple[int, int]
"""A game of a run: its deal's seed and its seating."""


def read_run(paths: Sequence[Path], against: str = "heuristic") -> dict[Game, float]:
    """The counted seat's share of each game's win, by deal and seating, over ``paths``.
    ValueError, in one line, for a file that is not a CSV of games, a game with other than one
    seat not held by ``against``, or a game twice."""
    found: dict[Game, float] = {}
    for path in paths:
        try:
            with path.open(encoding="utf-8", newline="") as file:
                for row in csv.DictReader(file):
                    game = (int(row["seed"]), int(row["seating"]))
                    bots = [
                        row[key] for key in row if key.startswith("seat") and key.endswith("_bot")
                    ]
                    ours = [seat for seat, bot in enumerate(bots) if not _is(bot, against)]
                    if len(ours) != 1:
                        raise ValueError(
                            f"{path}: game {row['index']} has {len(ours)} seats not held by "
                            f"{against!r}; pair runs of one bot against {against!r}"
                        )
                    if game in found:
                        raise ValueError(
                            f"{path}: the game of seed {game[0]}, seating {game[1]} twice"
                        )
                    winners = [int(w) for w in row["winners"].split(";") if w]
                    found[game] = win_share(winners, ours[0])
        except (OSError, KeyError, TypeError) as error:
            raise ValueError(f"{path} is not a CSV of games ({error!r})") from None
    return found


def _is(label: str, bot: str) -> bool:
    """Whether an arena's label is ``bot``'s: itself, or numbered where it plays several seats
    (``heuristic#2``)."""
    return label == bot or label.startswith(f"{bot}#")


def paths(run: str) -> list[Path]:
    """The files of a run given as ``a.csv,b.csv``."""
    return [Path(part) for part in run.split(",") if part]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("ours", help="a run's CSV, or several joined by commas")
    parser.add_argument("theirs", help="the other run's, on the same deals")
    parser.add_argument("--against", default="heuristic", help="the bot of the other seats")
    args = parser.parse_args(argv)
    try:
        ours = read_run(paths(args.ours), args.against)
        theirs = read_run(paths(args.theirs), args.against)
    except ValueError as refused:
        parser.error(str(refused))
    if ours.keys() != theirs.keys():
        odd = sorted(ours.keys() ^ theirs.keys())[0]
        parser.error(
            f"the runs were not played on the same deals (seed {odd[0]}, seating {odd[1]} is in "
            f"one only); pair runs of the same game, players, seeds and games"
        )
    games = sorted(ours)
    if not games:
        parser.error("the runs hold no games")
    mine, other = [ours[g] for g in games], [theirs[g] for g in games]
    for name, shares in ((args.ours, mine), (args.theirs, other)):
        low, high = wilson_interval(sum(shares), len(shares))
        print(
            f"{name}: won {sum(shares):g}/{len(shares)} = {sum(shares) / len(shares):.1%} "
            f"(Wilson 95%: {low:.1%}-{high:.1%})"
        )
    mean, error, differ = paired_difference(mine, other)
    print(
        f"paired: {100 * mean:+.1f} ± {100 * error:.1f} points, "
        f"{differ} of {len(games)} games ended differently"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
