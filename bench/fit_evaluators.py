"""Fit a game's evaluator (its ``evaluation`` module) to the winners of heuristic games, and say
how well it predicts them.

Seeded games of the heuristic in every seat are played; at the end of every turn the features of
every seat are taken as the seat whose turn it was sees them (the moment ISMCTS evaluates at: the
end of the searching seat's turn, ``bodoge.agents.ismcts``), and each is labelled with the
game's outcome (the winner 1; k seats sharing a win 1/k each; a capped game's first-ranked
share). The model of greatest likelihood is fitted (``bodoge.agents.logit.fit``) on the first 80%
of the games and scored on the rest by log loss (lower is better; ``ln(players)`` is a coin) and
by how often its likeliest seat won; then fitted again on every game. ``--write`` puts the
models into the game's ``evaluation.toml`` (the models of variants and player counts not fitted
this run are kept).

Run: ``.venv/bin/python bench/fit_evaluators.py [--game ruler-of-mana] [--variant basic]
[--players 2,3,4,5,6] [--games 3000] [--seed 77] [--workers 2] [--write]``
"""

from __future__ import annotations

import argparse
import math
import random
import tomllib
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from types import ModuleType
from typing import Any

from rich.console import Console
from rich.progress import Progress
from rich.table import Table

import bodoge
from bodoge.agents import Decision, derive_seed, make_agent
from bodoge.agents.logit import Model, Sample, fit, models_toml
from bodoge.core.hooks import game_module

WEIGHTS = ("variant", "players", "own", "other")
"""The keys of a model in ``evaluation.toml`` that are not notes."""


@dataclass(frozen=True)
class Job:
    game: str
    variant: str
    players: int
    index: int
    seed: int


def _evaluation(name: str, variant: str, players: int) -> tuple[Any, ModuleType]:
    game = bodoge.make(name, players=players, turn_cap=200, variant=variant)
    module = game_module(game, "evaluation")
    if module is None:
        raise SystemExit(f"{name} has no evaluation module to fit")
    return game, module


def play(job: Job) -> list[Sample]:
    """One heuristic game's samples: every turn's end, as the seat whose turn ended sees it."""
    game, module = _evaluation(job.game, job.variant, job.players)
    state = game.new_state(derive_seed(job.seed, "fit", job.variant, job.players, job.index))
    agents = [
        make_agent("heuristic", game, s, random.Random(derive_seed(job.seed, job.index, s)))
        for s in range(job.players)
    ]
    seen: list[tuple[list[list[float]], int]] = []
    last = state.turn_player
    while (mover := state.current_player) is not None:
        state.apply(agents[mover].act(Decision.of(state)))
        now = state.turn_player
        if now != last and now is not None and last is not None:
            seen.append(([module.features(state, s, last) for s in range(job.players)], last))
        last = now
    result = state.result()
    best = result.winners or tuple(s for s in range(job.players) if result.ranks[s] == 1)
    shares = [1 / len(best) if s in best else 0.0 for s in range(job.players)]
    return [(features, observer, shares) for features, observer in seen]


def scores(model: Model, samples: Sequence[Sample]) -> tuple[float, float]:
    """Mean log loss of the outcomes, and how often the likeliest seat won (a share counts)."""
    loss = 0.0
    right = 0.0
    for features, observer, shares in samples:
        chances = model.chances(features, observer)
        loss -= sum(s * math.log(max(p, 1e-12)) for s, p in zip(shares, chances, strict=True))
        right += shares[max(range(len(chances)), key=chances.__getitem__)] > 0
    return loss / len(samples), right / len(samples)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="ruler-of-mana")
    parser.add_argument("--variant", default="basic")
    parser.add_argument("--players", default="2,3,4,5,6", help="player counts, comma-separated")
    parser.add_argument("--games", type=int, default=3000, help="games per player count")
    parser.add_argument("--seed", type=int, default=77)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--write", action="store_true", help="write the game's evaluation.toml")
    args = parser.parse_args(argv)
    console = Console()
    _, module = _evaluation(args.game, args.variant, int(args.players.split(",")[0]))
    public, private = module.PUBLIC, module.PRIVATE
    package = module.__name__.rsplit(".", 1)[0]
    path = Path(str(resources.files(package).joinpath("evaluation.toml")))
    table = Table(title=f"{args.game} ({args.variant}): the fitted evaluator on held-out games")
    for column in ("players", "positions", "coin", "shipped", "fitted", "likeliest won"):
        table.add_column(column, justify="right")
    fitted: dict[tuple[str, int], tuple[Model, dict[str, Any]]] = {}
    with ProcessPoolExecutor(args.workers) as pool, Progress(console=console) as progress:
        for players in (int(p) for p in args.players.split(",")):
            jobs = [Job(args.game, args.variant, players, i, args.seed) for i in range(args.games)]
            task = progress.add_task(f"{players} players", total=len(jobs))
            games: list[list[Sample]] = []
            for found in pool.map(play, jobs, chunksize=20):
                games.append(found)
                progress.advance(task)
            cut = len(games) * 4 // 5
            train = [s for g in games[:cut] for s in g]
            test = [s for g in games[cut:] for s in g]
            model = fit(train, public, private)
            loss, right = scores(model, test)
            shipped = module.MODELS.get((args.variant, players))
            before = f"{scores(shipped, test)[0]:.4f}" if shipped is not None else "-"
            table.add_row(
                str(players),
                f"{len(train)} + {len(test)}",
                f"{math.log(players):.4f}",
                before,
                f"{loss:.4f}",
                f"{right:.1%}",
            )
            every = fit(train + test, public, private)
            notes: dict[str, float] = {"games": len(games), "positions": len(train) + len(test)}
            notes["held_out_log_loss"] = round(loss, 4)
            fitted[args.variant, players] = (every, notes)
    console.print(table)
    if args.write:
        kept: dict[tuple[str, int], tuple[Model, dict[str, Any]]] = {}
        for entry in tomllib.loads(path.read_text(encoding="utf-8")).get("model", []):
            key = (entry["variant"], entry["players"])
            notes = {k: v for k, v in entry.items() if k not in WEIGHTS}
            kept[key] = (module.MODELS[key], notes)
        kept.update(fitted)
        header = (
            f"The fitted models of {args.game}'s evaluator (evaluation.py), one per variant and\n"
            "player count: written by bench/fit_evaluators.py (heuristic games, seed "
            f"{args.seed}).\nFit them again after a change to the features or to the heuristic."
        )
        rows = [(v, p, m, n) for (v, p), (m, n) in sorted(kept.items())]
        path.write_text(models_toml(public, private, rows, header), encoding="utf-8")
        console.print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
