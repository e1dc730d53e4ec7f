"""Golden games: seeded games played by fixed choosers give exactly the recorded histories, legal
step lists, views and final ``to_json()`` (digests in ``golden_games.json``, recorded on the engine
before its speed work). Any change to the rules' outcome, the notation, the canonical order of
``legal_actions()``, the views or the saved form shows up here.

Three choosers: uniformly random legal steps (``random.Random(seed)``, as ``bench/engine.py``
plays), the rollout policy (``heuristic.rollout_step``: whole actions in notation) and the
heuristic agent (from each seat's view, through ``Decision``).

Regenerate (only for an intended change, and say why in the commit):
``.venv/bin/python tests/extreme_mission/test_em_golden.py``
"""

from __future__ import annotations

import hashlib
import json
import random
from pathlib import Path
from typing import Any

import pytest

import bodoge
from bodoge.agents import Decision
from bodoge.games.extreme_mission.heuristic import HeuristicAgent, rollout_step

FIXTURE = Path(__file__).with_name("golden_games.json")
TURN_CAP = 200
VIEW_EVERY = 25  # steps between two snapshots of every seat's view (views grow with the log)

GAMES: list[tuple[str, int, int]] = [
    *(("random", 2 + k % 4, k) for k in range(20)),
    *(("rollout", 2 + k % 4, 100 + k) for k in range(4)),
    *(("heuristic", 2 + k % 4, 200 + k) for k in range(4)),
]
"""(chooser, players, seed) of every golden game."""


def play(chooser: str, players: int, seed: int) -> dict[str, Any]:
    """Play one golden game; its step count and digests."""
    game = bodoge.make("extreme-mission", players=players, turn_cap=TURN_CAP)
    state = game.new_state(seed)
    rng = random.Random(seed)
    agents = [HeuristicAgent(game, s, random.Random(s)) for s in range(players)]  # type: ignore[arg-type]
    legal_digest = hashlib.sha256()
    view_digest = hashlib.sha256()
    steps = 0
    while not state.is_over:
        legal = state.legal_actions()
        legal_digest.update(" | ".join(a.notation for a in legal).encode())
        legal_digest.update(b"\n")
        if steps % VIEW_EVERY == 0:
            for seat in [*range(players), None]:
                view_digest.update(json.dumps(state.view(seat), sort_keys=True).encode())
        if chooser == "random":
            state.apply(rng.choice(legal))
        elif chooser == "rollout":
            state.apply(rollout_step(state, rng))
        else:
            seat = state.current_player
            assert seat is not None
            state.apply(agents[seat].act(Decision.of(state)))
        steps += 1
    for seat in [*range(players), None]:
        view_digest.update(json.dumps(state.view(seat), sort_keys=True).encode())
    final = state.to_json()
    assert game.load(final).to_json() == final
    return {
        "chooser": chooser,
        "players": players,
        "seed": seed,
        "steps": steps,
        "history": hashlib.sha256("\n".join(state.history).encode()).hexdigest(),
        "legal": legal_digest.hexdigest(),
        "views": view_digest.hexdigest(),
        "final": hashlib.sha256(final.encode()).hexdigest(),
    }


def _recorded() -> dict[tuple[str, int, int], dict[str, Any]]:
    games = json.loads(FIXTURE.read_text(encoding="utf-8"))["games"]
    return {(g["chooser"], g["players"], g["seed"]): g for g in games}


@pytest.mark.parametrize(("chooser", "players", "seed"), GAMES)
def test_golden_game_is_unchanged(chooser: str, players: int, seed: int) -> None:
    assert play(chooser, players, seed) == _recorded()[chooser, players, seed]


if __name__ == "__main__":
    records = [play(*spec) for spec in GAMES]
    FIXTURE.write_text(
        json.dumps({"turn_cap": TURN_CAP, "games": records}, indent=1) + "\n", encoding="utf-8"
    )
    print(f"wrote {len(records)} games to {FIXTURE}")
