"""Engine speed: random-play steps per second and games per second, for every bodoge game and,
in the same process, for RLCard's UNO (``bench/uno_baseline.py``) as the named baseline.

The bodoge loop has the same shape as the UNO one: for each game ``state = game.new_state(seed)``,
then ``while not state.is_over: legal = state.legal_actions(); state.apply(rng.choice(legal))``,
with one ``random.Random(seed)`` choosing for all games. One step is one ``apply`` (a decision,
as one ``env.step`` is for UNO). Timed with ``time.perf_counter`` around the whole loop, new
states included (UNO's timing includes ``env.reset``). Each engine runs ``--rounds`` times,
interleaved with the others, and keeps its fastest round (as ``timeit`` does), so that a load from
elsewhere on the machine during one engine's turn does not skew the ratios. Games are made with
``turn_cap=200``: random players stall (a random Extreme Mission game runs about 100,000 turns
uncapped), so the cap bounds every game; the "truncated" column says how many games it ended.

Every player count of ``--players`` is measured for each game that allows it (its own player
range): by default 2, 4, 5 and 6. ``--json`` writes every row's figures with its ratio to UNO
(``steps_per_second_vs_uno``). ``--profile`` then plays each bodoge engine's games once more under
``cProfile`` (not timed) and prints its 15 costliest functions by cumulative and by own time.

Run: ``.venv/bin/python bench/engine.py [--games 200] [--players 2,4,5,6] [--seed 0]
[--rounds 3] [--json FILE] [--profile]``
"""

from __future__ import annotations

import argparse
import cProfile
import io
import json
import pstats
import random
import sys
import time
from dataclasses import asdict, dataclass
from pathlib import Path

from rich import box
from rich.console import Console
from rich.table import Table

import bodoge
from bodoge import native
from bodoge.core.registry import game_class

try:
    from bench.uno_baseline import uno_random_play
except ModuleNotFoundError:  # run as a script: bench/ itself is on sys.path, not the project
    from uno_baseline import uno_random_play  # type: ignore[no-redef,import-not-found]

TURN_CAP = 200
PLAYERS = "2,4,5,6"
PROFILE_LINES = 15


@dataclass(frozen=True)
class Row:
    """One engine's figures."""

    game: str
    players: int
    games: int
    steps: int
    seconds: float
    truncated: int | None  # None: the engine has no turn cap (UNO)

    @property
    def steps_per_second(self) -> float:
        return self.steps / self.seconds if self.seconds else 0.0

    @property
    def games_per_second(self) -> float:
        return self.games / self.seconds if self.seconds else 0.0

    def to_dict(self, uno: Row) -> dict[str, object]:
        return {
            **asdict(self),
            "steps_per_second": self.steps_per_second,
            "games_per_second": self.games_per_second,
            "steps_per_second_vs_uno": self.steps_per_second / uno.steps_per_second,
        }


def bodoge_random_play(
    name: str, players: int, games: int, seed: int, variant: str = "basic"
) -> Row:
    """Play ``games`` random games of ``name``, timed as the module docstring says."""
    game = bodoge.make(name, players=players, variant=variant, turn_cap=TURN_CAP)
    rng = random.Random(seed)
    choice = rng.choice
    steps = 0
    truncated = 0
    start = time.perf_counter()
    for index in range(games):
        state = game.new_state(seed + index)
        while not state.is_over:
            legal = state.legal_actions()
            state.apply(choice(legal))
            steps += 1
        truncated += state.result().truncated
    seconds = time.perf_counter() - start
    label = name if variant == "basic" else f"{name} ({variant})"
    return Row(label, players, games, steps, seconds, truncated)


def profile(name: str, players: int, games: int, seed: int, variant: str) -> str:
    """The same random play under ``cProfile``: the top functions by cumulative, then own time."""
    profiler = cProfile.Profile()
    profiler.runcall(bodoge_random_play, name, players, games, seed, variant)
    out = io.StringIO()
    stats = pstats.Stats(profiler, stream=out).strip_dirs()
    for order in ("cumulative", "tottime"):
        out.write(f"--- by {order} time\n")
        stats.sort_stats(order).print_stats(PROFILE_LINES)
    return out.getvalue()


def uno_row(games: int, seed: int) -> Row:
    played, steps, seconds = uno_random_play(games, seed)
    return Row("uno (rlcard)", 2, played, steps, seconds, None)


def table(rows: list[Row], uno: Row) -> Table:
    out = Table(title=f"Random play (bodoge games capped at {TURN_CAP} turns)", box=box.SIMPLE_HEAD)
    out.add_column("game", no_wrap=True)
    for column in ("players", "games", "steps", "truncated", "steps/s", "games/s", "vs UNO"):
        out.add_column(column, justify="right", no_wrap=True)
    for row in [*rows, uno]:
        out.add_row(
            row.game,
            str(row.players),
            str(row.games),
            f"{row.steps:,}",
            "—" if row.truncated is None else str(row.truncated),
            f"{row.steps_per_second:,.0f}",
            f"{row.games_per_second:,.1f}",
            f"{row.steps_per_second / uno.steps_per_second:.2f}×",
        )
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="bodoge engine speed against RLCard UNO")
    parser.add_argument("--games", type=int, default=200, help="games per engine (default 200)")
    parser.add_argument(
        "--players",
        default=PLAYERS,
        help=f"player counts, comma-separated; each game is measured at those it allows "
        f"(default {PLAYERS}; UNO has 2)",
    )
    parser.add_argument("--seed", type=int, default=0, help="seed, >= 0 (default 0)")
    parser.add_argument(
        "--rounds", type=int, default=3, help="rounds; each engine keeps its best (default 3)"
    )
    parser.add_argument("--json", type=Path, default=None, help="also write the figures here")
    parser.add_argument(
        "--profile",
        action="store_true",
        help=f"then profile each bodoge engine (cProfile, top {PROFILE_LINES} functions)",
    )
    args = parser.parse_args(argv)
    if args.games < 1 or args.seed < 0:
        parser.error("--games must be >= 1 and --seed >= 0")
    try:
        counts = [int(p) for p in str(args.players).split(",")]
    except ValueError:
        parser.error(f"--players must be numbers separated by commas, not {args.players!r}")
    console = Console(highlight=False)
    if not console.is_terminal:  # piped: wide enough for the table, not the default 80
        console.width = max(console.width, 100)
    # Every round runs every engine in turn and each keeps its fastest round, so that a load
    # from elsewhere on the machine during one engine's turn does not skew the ratios.
    best: dict[tuple[str, int], Row] = {}
    engines = [
        (name, variant, players)
        for name in bodoge.games()
        for variant in game_class(name).variants
        for players in counts
        if game_class(name).min_players <= players <= game_class(name).max_players
    ]
    for _ in range(max(1, args.rounds)):
        for name, variant, players in engines:
            try:
                row = bodoge_random_play(name, players, args.games, args.seed, variant)
            except (bodoge.SetupError, ImportError) as exc:  # not playable so
                console.print(f"skipped {name} ({players} players): {exc}", markup=False)
                continue
            key = (row.game, players)
            if key not in best or row.seconds < best[key].seconds:
                best[key] = row
        row = uno_row(args.games, args.seed)
        if ("uno", 2) not in best or row.seconds < best["uno", 2].seconds:
            best["uno", 2] = row
    uno = best.pop(("uno", 2))
    rows = list(best.values())
    console.print(table(rows, uno))
    console.print(f"bodoge engines: {native.status()}", markup=False)
    if args.json is not None:
        figures = {
            "engines_code": native.status(),
            "turn_cap": TURN_CAP,
            "seed": args.seed,
            "engines": [r.to_dict(uno) for r in [*rows, uno]],
        }
        args.json.write_text(json.dumps(figures, indent=2) + "\n", encoding="utf-8")
    if args.profile:
        for name, variant, players in engines:
            label = name if variant == "basic" else f"{name} ({variant})"
            console.rule(f"profile: {label}, {players} players, {args.games} games")
            console.print(profile(name, players, args.games, args.seed, variant), markup=False)
    return 0


if __name__ == "__main__":
    sys.exit(main())
