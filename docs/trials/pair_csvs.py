"""Two two-player runs of ``bench/horizon.py``, each over several seeds' CSVs, paired game by
game: the searching seat's share in each, and the mean difference with its standard error
(``arena.stats.paired_difference``). Kept so that the both-seeds figures of
``docs/strength.md`` (sessions 20 and 23) can be measured again:

    .venv/bin/python docs/trials/pair_csvs.py items-n-s1.csv,items-n-s2.csv \\
        normal-s1.csv,normal-s2.csv

The CSVs of each run must be given in the same order of seeds. Not linted or tested with the
project.
"""

from __future__ import annotations

import csv
import sys

from bodoge.arena.stats import paired_difference, win_share

AGENT = "horizon-trial"  # bench/horizon.py's name for the searching seat


def shares(paths: str) -> list[float]:
    found = []
    for path in paths.split(","):
        with open(path, encoding="utf-8", newline="") as file:
            for row in csv.DictReader(file):
                seats = [row[f"seat{s}_bot"] for s in range(2)]
                winners = [int(w) for w in row["winners"].split(";") if w]
                found.append(win_share(winners, seats.index(AGENT)))
    return found


if __name__ == "__main__":
    ours, theirs = shares(sys.argv[1]), shares(sys.argv[2])
    mean, error, differ = paired_difference(ours, theirs)
    print(
        f"{sum(ours):g}/{len(ours)} against {sum(theirs):g}/{len(theirs)}: "
        f"{100 * mean:+.1f} ± {100 * error:.1f} points, {differ} of {len(ours)} ended differently"
    )
