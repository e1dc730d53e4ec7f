"""``state.choices`` speed: what a person waits for after each item, as a ratio to one
``legal_actions()`` on the same position (the engine's own currency, whatever the machine), with
the times in milliseconds beside it.

Positions: Extreme Mission with a random 10-card hand and all five collaborators face up, every
mission and activation begun, items added at random up to four (the worst case the issue names);
Ruler of Mana positions of seeded random games, every cast, scroll, cycle and chore begun. The
time of the first ``choices`` call of each begun action is taken (``time.perf_counter``), on a
fresh state so no memo helps, then the items after it.

Run: ``.venv/bin/python bench/choices.py [--deals 40] [--seeds 6] [--json FILE]``
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
from pathlib import Path

import bodoge
from bodoge.core.state import State
from bodoge.core.testing import random_game
from bodoge.games.extreme_mission import ExtremeMission


def timed(state: State, what: str, chosen: list[str]) -> tuple[float, float]:
    """Seconds for ``choices`` and for ``legal_actions`` on a fresh copy of ``state``."""
    fresh = state.clone()
    fresh._legal = None  # a copy shares the original's legal steps: compute them anew
    start = time.perf_counter()
    fresh.choices(what, chosen)
    spent = time.perf_counter() - start
    fresh = state.clone()
    fresh._legal = None
    start = time.perf_counter()
    fresh.legal_actions()
    return spent, time.perf_counter() - start


def extreme_mission(deals: int) -> list[tuple[float, float]]:
    game = bodoge.make("extreme-mission", players=2)
    assert isinstance(game, ExtremeMission)
    ids = sorted(game.card_ids)
    rng = random.Random(1)
    out = []
    for deal in range(deals):
        state = game.new_state(deal, setup={"hands": {0: rng.sample(ids, 10)}})
        for action in state.legal_actions():
            if action.kind not in ("complete", "activate"):
                continue
            chosen: list[str] = []
            for _ in range(4):
                out.append(timed(state, action.notation, chosen))
                addable = state.choices(action.notation, chosen).addable
                if not addable:
                    break
                chosen.append(rng.choice(addable))
    return out


def ruler_of_mana(seeds: int, variant: str) -> list[tuple[float, float]]:
    game = bodoge.make("ruler-of-mana", players=3, variant=variant)
    out = []
    for seed in range(seeds):
        states: list[State] = []

        def keep(state: State, kept: list[State] = states) -> None:
            kept.append(state.clone())

        random_game(game, seed, on_step=keep)
        for state in states[::3]:
            chore = state._chore()
            begun = [a.notation for a in state.legal_actions() if a.kind in ("cast", "scroll")]
            begun += [a.notation for a in state.legal_actions() if a.kind == "cycle"]
            for what in ([chore] if chore else []) + begun:
                out.append(timed(state, what, []))
    return out


def summary(name: str, times: list[tuple[float, float]]) -> dict[str, float | str | int]:
    ratios = sorted(c / max(legal, 1e-9) for c, legal in times)
    spent = sorted(c for c, _ in times)
    return {
        "positions": name,
        "calls": len(times),
        "median_ms": statistics.median(spent) * 1e3,
        "max_ms": spent[-1] * 1e3,
        "median_vs_legal_actions": statistics.median(ratios),
        "max_vs_legal_actions": ratios[-1],
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=40)
    parser.add_argument("--seeds", type=int, default=6)
    parser.add_argument("--json", type=Path)
    args = parser.parse_args()
    rows = [
        summary("extreme-mission, 10 cards, 5 collaborators", extreme_mission(args.deals)),
        summary("ruler-of-mana basic", ruler_of_mana(args.seeds, "basic")),
        summary("ruler-of-mana expert", ruler_of_mana(args.seeds, "expert")),
    ]
    for row in rows:
        print(
            f"{row['positions']}: {row['calls']} calls, median {row['median_ms']:.2f} ms "
            f"({row['median_vs_legal_actions']:.1f}× legal_actions), max {row['max_ms']:.1f} ms "
            f"({row['max_vs_legal_actions']:.0f}×)"
        )
    if args.json is not None:
        args.json.write_text(json.dumps(rows, indent=2), encoding="utf-8")


if __name__ == "__main__":
    main()
