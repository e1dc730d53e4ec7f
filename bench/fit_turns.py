"""Fit Extreme Mission's ``TurnsModel`` again, and say how well the shipped models predict.

``turns_to_finish`` (``games/extreme_mission/heuristic.py``) is the evaluator ISMCTS judges a
position by: a linear model of how many more turns of its own a seat needs to meet the end
condition (EM-5.1). This tool makes the figures behind it re-measurable.

Seeded games of the heuristic in every seat are played. At the start of every turn, every seat
that has not finished (and only while the end is not triggered, EM-5.2) is labelled with the
turns it still needs when it plays on alone: from ``--samples`` states dealt from its own view
(``sample_state``: what it cannot see, dealt at random), it plays the search's rollout policy
(``rollout_step``) while the others pass, and its own turns up to the end of the turn in which
it meets the end condition are counted (the turn in progress too, if it is its own). The label
is their mean. Each label is a sum of luck (the cards to come) and of what the position is
worth; averaging a few samples keeps the luck from drowning the rest.

Two models are fitted by least squares on the first 80% of each player count's games and scored
on the rest by the root mean square error in turns, beside the shipped ones:

- *own*, the model of the searching seat, which knows its hand (``OWN_TURNS``): on the seats
  whose turn it is not, as the search sees itself at its horizon (the end of its own turn);
- *public*, from what everyone sees (``PUBLIC_TURNS``): on every seat.

``--extra`` adds, to the own model, features the shipped one lacks (the cards each level's best
mission lacks at every level not done, what each face-down collaborator's condition lacks, and
how many of those are ready), to see whether they would predict better.

Run: ``.venv/bin/python bench/fit_turns.py [--players 2,4] [--games 300,100] [--samples 4]
[--seed 12] [--workers 2] [--extra]``
"""

from __future__ import annotations

import argparse
import math
import random
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass

import numpy as np
from rich.console import Console
from rich.progress import Progress
from rich.table import Table

import bodoge
from bodoge.agents import Decision, derive_seed, make_agent
from bodoge.games.extreme_mission.heuristic import (
    OWN_TURNS,
    PUBLIC_TURNS,
    Planner,
    SeatFacts,
    TurnsModel,
    rollout_step,
    turns_to_finish,
)
from bodoge.games.extreme_mission.state import ACTION, EMState

CAP = 80
"""Own turns after which a seat playing alone counts as never finishing (none did so far)."""

SHIPPED = ("base", "level 1", "level 2", "level 3", "level 4", "down", "card", "top gap")
"""The terms of ``TurnsModel``, in its order."""

EXTRA = ("gap 1", "gap 2", "gap 3", "collaborators' gap", "ready collaborators")


@dataclass(frozen=True)
class Row:
    """One seat at one turn start: the game, whether it is the seat's turn, its features (the
    shipped terms, then the extra ones), its label (mean own turns still needed) and the
    unbiased variance of the playouts around it (luck: what no feature can explain)."""

    players: int
    game: int
    moving: bool
    features: tuple[float, ...]
    label: float
    luck: float


def features(state: EMState, seat: int) -> tuple[float, ...]:
    """The terms of ``turns_to_finish`` for ``seat`` (the top gap from the hand, as the own
    model sees it), then the extra ones."""
    g = state.game
    facts = SeatFacts.of_state(state, seat)
    planner = Planner(g, facts, exact=False)
    types = planner.types(facts.hand)
    levels = sorted(g.levels)
    gaps = [
        None if lv in facts.done else min(planner.deficit(c, types) for c in planner.by_level[lv])
        for lv in levels
    ]
    down = [k for k, up in enumerate(facts.up) if not up]
    kind_gaps = [planner.deficit(g.kind_conditions[k], types) for k in down]
    shipped = (
        1.0,
        *(0.0 if gap is None else 1.0 for gap in gaps),
        float(len(down)),
        float(len(facts.hand)),
        float(gaps[-1] or 0),
    )
    extra = (
        *(float(gap or 0) for gap in gaps[:-1]),
        float(sum(kind_gaps)),
        float(sum(1 for gap in kind_gaps if gap == 0)),
    )
    return shipped + extra


def predict(model: TurnsModel, terms: Sequence[float]) -> float:
    """``turns_to_finish`` by ``model`` from the shipped terms (as the engine computes it)."""
    weights = (model.base, *model.per_level, model.per_down, model.per_card, model.per_top_gap)
    return max(float(sum(w * x for w, x in zip(weights, terms, strict=True))), 0.0)


def alone(state: EMState, seat: int, rng: random.Random) -> int | None:
    """Own turns ``seat`` needs playing on alone (the others pass), the turn in progress
    counted if it is the seat's; None if the game ends first (another seat's end, EM-5.2)."""
    turns = 1 if state.turn_player == seat else 0
    while not state.is_over and turns <= CAP:
        mover = state.turn_player
        if mover == seat:
            step = rollout_step(state, rng)
            if isinstance(step, str) and step not in state._legal_map():
                state._apply_steps(step, atomic=False)  # a whole action: the policy's own form
            else:
                state.apply(step)
        else:
            state.apply("pass")
        if state.turn_player != mover:
            if mover == seat and state.meets_end_condition(seat):
                return turns
            if state.turn_player == seat:
                turns += 1
    return None if state.is_over else CAP


def play(job: tuple[int, int, int, int]) -> list[Row]:
    """One seeded heuristic game's rows."""
    players, index, samples, seed = job
    game = bodoge.make("extreme-mission", players=players)
    state = game.new_state(derive_seed(seed, "fit-turns", players, index))
    assert isinstance(state, EMState)
    agents = [make_agent("heuristic", game, s, random.Random(s)) for s in range(players)]
    rng = random.Random(derive_seed(seed, "alone", players, index))
    rows: list[Row] = []
    started = None
    while (mover := state.current_player) is not None:
        turn = (state.turns_done, state.turn_player)
        if turn != started and state.phase == ACTION and not state.end_triggered:
            started = turn
            for seat in range(players):
                if state.meets_end_condition(seat):
                    continue
                counts = []
                for _ in range(samples):
                    sample = game.sample_state(state.view(seat), rng.getrandbits(63))
                    assert isinstance(sample, EMState)
                    counts.append(alone(sample, seat, rng))
                if None in counts:
                    continue
                turns = [float(c) for c in counts if c is not None]
                label = sum(turns) / samples
                luck = sum((t - label) ** 2 for t in turns) / (samples - 1) if samples > 1 else 0.0
                terms = features(state, seat)
                for model in (OWN_TURNS, PUBLIC_TURNS):  # the terms are the engine's
                    engine = turns_to_finish(state, seat, model)
                    ours = predict(model, terms[: len(SHIPPED)])
                    if not math.isclose(ours, engine, abs_tol=1e-9):
                        raise SystemExit(f"turns_to_finish has changed: {engine} at {turn}")
                moving = state.turn_player == seat
                rows.append(Row(players, index, moving, terms, label, luck))
        state.apply(agents[mover].act(Decision.of(state)))
    return rows


def held_out(row: Row, games: dict[int, int]) -> bool:
    """Whether ``row`` is of the last fifth of its player count's games (the test games)."""
    played = games[row.players]
    return played >= 2 and row.game >= int(0.8 * played)


def rmse(predicted: np.ndarray, actual: np.ndarray) -> float:
    return math.sqrt(float(np.mean((predicted - actual) ** 2)))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", default="2,4", help="player counts, comma-separated")
    parser.add_argument("--games", default="300,100", help="games per player count")
    parser.add_argument("--samples", type=int, default=4, help="solo playouts a label")
    parser.add_argument("--seed", type=int, default=12)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--extra", action="store_true", help="fit the extra own features too")
    args = parser.parse_args(argv)
    counts = [int(p) for p in args.players.split(",")]
    games = [int(g) for g in args.games.split(",")]
    if args.samples < 1:
        parser.error("--samples must be 1 or more")
    if len(games) != len(counts):
        parser.error("--games needs one number per player count")
    jobs = [
        (p, i, args.samples, args.seed)
        for p, n in zip(counts, games, strict=True)
        for i in range(n)
    ]
    rows: list[Row] = []
    with Progress(transient=True) as progress, ProcessPoolExecutor(args.workers) as pool:
        task = progress.add_task("heuristic games, each seat played on alone…", total=len(jobs))
        for found in pool.map(play, jobs):
            rows.extend(found)
            progress.advance(task)
    table = Table(title=f"TurnsModel: held-out error in own turns ({len(rows):,} seat positions)")
    for column in ("model", "positions", "label spread", "shipped", "its mean offset", "refit"):
        table.add_column(column, justify="left" if column == "model" else "right")
    per_count = dict(zip(counts, games, strict=True))
    if not any(held_out(r, per_count) for r in rows):
        parser.error("too few games to hold any out: play 2 or more of a player count")
    waiting = [r for r in rows if not r.moving]
    models = [
        ("own", OWN_TURNS, waiting, SHIPPED),
        ("public", PUBLIC_TURNS, rows, SHIPPED[:-1]),  # no hand: no top gap
    ]
    if args.extra:
        models.append(("own + extra", OWN_TURNS, waiting, SHIPPED + EXTRA))
    fits: list[tuple[str, Sequence[str], np.ndarray]] = []
    for name, model, chosen, names in models:
        x = np.array([r.features[: len(names)] for r in chosen])
        y = np.array([r.label for r in chosen])
        test = np.array([held_out(r, per_count) for r in chosen])
        old = np.array([predict(model, r.features[: len(SHIPPED)]) for r in chosen])
        weights, *_ = np.linalg.lstsq(x[~test], y[~test], rcond=None)
        table.add_row(
            name,
            f"{len(chosen):,}",
            f"{float(np.std(y[test])):.2f}",
            f"{rmse(old[test], y[test]):.3f}",
            f"{float(np.mean(old[test] - y[test])):+.2f}",
            f"{rmse(x[test] @ weights, y[test]):.3f}",
        )
        fits.append((name, names, weights))
    console = Console()
    console.print(table)
    if args.samples > 1:
        luck = math.sqrt(sum(r.luck for r in rows) / len(rows))
        console.print(
            f"luck: one playout lies {luck:.2f} turns from its position's mean (root mean square);"
            f" a label, the mean of {args.samples}, {luck / math.sqrt(args.samples):.2f}",
            soft_wrap=True,
        )
    for name, fitted, weights in fits:
        terms = zip(fitted, weights, strict=True)
        console.print(f"{name}: " + ", ".join(f"{n} {w:+.2f}" for n, w in terms), soft_wrap=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
