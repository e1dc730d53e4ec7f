"""Extreme Mission's plan in other styles, against the shipped one: how the heuristic was tuned.

The heuristic agent's knobs (``Style`` in ``games/extreme_mission/heuristic.py``: the wilds it
spends at each level, which completions with wilds come first, how eagerly it takes a discard,
how it weighs the levels and their other missions) were chosen by playing styles against each
other. This tool makes that re-measurable. Each ``--style`` is the shipped style with some
fields changed (``"wilds=(0,0,0,2)"``, ``"take_gain=1.5, alternatives=0.2"``; values are Python
literals, ``wilds_first`` a set such as ``{3,4}`` or ``()`` for none). It plays one seat of the
arena's tournament (every seating, on the arena's seeded deals) against the shipped style in
every other seat, and prints its share of the wins with the Wilson 95% interval. The plans are
deterministic, so the same deals always give the same figures.

Run: ``.venv/bin/python bench/styles.py --style "wilds=(0,0,0,2)" [--style ...] [--players 2]
[--games 4000] [--seed 7] [--workers 2]``
"""

from __future__ import annotations

import argparse
import ast
import dataclasses
import random
import sys
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from rich.console import Console
from rich.progress import Progress
from rich.table import Table

import bodoge
from bodoge.arena.stats import wilson_interval, win_share
from bodoge.arena.tournament import GameJob, plan, play_out
from bodoge.games.extreme_mission import ExtremeMission
from bodoge.games.extreme_mission.heuristic import STYLE, HeuristicAgent, Style

GAME = "extreme-mission"


def parse_style(text: str) -> Style:
    """The shipped style with the fields ``text`` names changed (``"wilds=(0,0,0,2)"``).
    ValueError, in one line, for anything else.

    >>> parse_style("take_gain=1.5, wilds_first={3, 4}").wilds_first
    frozenset({3, 4})
    >>> parse_style("") == STYLE
    True
    """
    wrong = ValueError(f"not a style: {text!r} (write field=value, ...)")
    try:
        call = ast.parse(f"f({text})", mode="eval").body
        if not isinstance(call, ast.Call) or call.args:
            raise wrong
        changes: dict[str, Any] = {}
        for kw in call.keywords:
            if kw.arg is None:  # **mapping
                raise wrong
            changes[kw.arg] = ast.literal_eval(kw.value)
    except (SyntaxError, ValueError):
        raise wrong from None
    fields = {f.name: getattr(STYLE, f.name) for f in dataclasses.fields(Style)}
    for name, value in changes.items():
        if name not in fields:
            raise ValueError(f"Style has no field {name!r}: it has {', '.join(fields)}")
        default = fields[name]
        try:
            if name == "wilds_first":
                changes[name] = frozenset(int(level) for level in value)
            elif isinstance(default, tuple):
                changes[name] = tuple(type(default[0])(x) for x in value)
            else:
                changes[name] = type(default)(value)
        except (TypeError, ValueError):
            raise ValueError(f"{name}={value!r} is not like {name}={default!r}") from None
    return dataclasses.replace(STYLE, **changes)


def play(job: GameJob, style: Style) -> float:
    """The share of the win of the seat of entrant 1 (playing ``style``) in one game (a game cut
    short by the turn cap has no winner)."""
    game = bodoge.make(job.game, players=job.players, turn_cap=job.turn_cap)
    assert isinstance(game, ExtremeMission)
    state = game.new_state(job.seed)
    seat = job.seats.index(f"{job.agents[0]}#1")
    agents = [
        HeuristicAgent(game, s, random.Random(0), style if s == seat else STYLE)
        for s in range(job.players)
    ]
    play_out(state, agents)
    return win_share(state.result().winners, seat)


def _play(task: tuple[GameJob, str]) -> float:
    # The style goes to the worker as its text: a frozen dataclass with slots does not unpickle
    # where the heuristic module is compiled.
    job, text = task
    return play(job, parse_style(text))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--style", action="append", required=True, help="field=value, ...")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--games", type=int, default=4000)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args(argv)
    styles: list[str] = args.style
    try:
        for text in styles:
            parse_style(text)
    except ValueError as error:
        parser.error(str(error))
    bots = ["heuristic"] * args.players
    jobs = plan(GAME, bots, players=args.players, games=args.games, seed=args.seed).jobs()
    table = Table(title=f"Styles against the shipped one, {args.players} players, seed {args.seed}")
    for column in ("style", "won", "share", "Wilson 95%"):
        table.add_column(column, justify="left" if column == "style" else "right")
    with ProcessPoolExecutor(max(1, args.workers)) as pool, Progress(transient=True) as bar:
        for text in styles:
            task = bar.add_task(text or "(shipped)", total=len(jobs))
            won = 0.0
            for share in pool.map(_play, [(job, text) for job in jobs], chunksize=16):
                won += share
                bar.advance(task)
            low, high = wilson_interval(won, len(jobs))
            table.add_row(
                text or "(shipped)",
                f"{won:g}/{len(jobs)}",
                f"{won / len(jobs):.1%}",
                f"{low:.1%}-{high:.1%}",
            )
    Console(file=sys.stdout).print(table)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
