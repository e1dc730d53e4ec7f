"""A guard for changes of representation: seeded games, played at random and by the heuristic,
must go exactly as they went when the fixture was recorded (``rm_golden.json``): the same legal
steps in the same canonical order at every step, the same views, the same history and the same
full saved state at the end, through ``clone`` and ``load`` too.

Regenerate the fixture only for a change of the rules or of the saved format, never to make a
speed-up pass: ``.venv/bin/python tests/ruler_of_mana/test_rm_golden.py``.
"""

from __future__ import annotations

import hashlib
import json
import random
import sys
from pathlib import Path

import pytest

import bodoge
from bodoge.agents import Decision, make_agent

FIXTURE = Path(__file__).with_name("rm_golden.json")
GAMES = 20
VARIANTS = ("basic", "expert")
PLAYERS = (2, 3, 4, 5, 6)
TURN_CAP = 60


def _cases() -> list[tuple[str, tuple[str, str, int, int]]]:
    out = []
    for mover in ("random", "heuristic"):
        for variant in VARIANTS:
            for players in PLAYERS:
                for seed in range(GAMES if mover == "random" else 2):
                    key = f"{mover}/{variant}/{players}/{seed}"
                    out.append((key, (mover, variant, players, seed)))
    return out


CASES = _cases()


def digest_game(mover: str, variant: str, players: int, seed: int) -> dict[str, str]:
    """Play one seeded game; digests of the steps offered, the views, the history and the final
    full state (also as cloned and as loaded back)."""
    game = bodoge.make("ruler-of-mana", players=players, variant=variant, turn_cap=TURN_CAP)
    state = game.new_state(seed)
    rng = random.Random(seed)
    agents = [make_agent("heuristic", game, s, random.Random(s)) for s in range(players)]
    legal = hashlib.sha256()
    views = hashlib.sha256()
    steps = 0
    while (mover_seat := state.current_player) is not None:
        actions = state.legal_actions()
        legal.update(" ".join(a.notation for a in actions).encode() + b"|")
        if steps % 7 == 0:
            for seat in (mover_seat, None):
                views.update(json.dumps(state.view(seat), sort_keys=True).encode())
        if steps % 23 == 0:
            copy = state.clone()
            assert copy.to_json() == state.to_json()
            again = game.load(state.to_json())
            assert again.to_json() == state.to_json()
        if mover == "random":
            state.apply(rng.choice(actions))
        else:
            state.apply(agents[mover_seat].act(Decision.of(state)))
        steps += 1
    final = state.to_json()
    assert state.clone().to_json() == final
    assert game.load(final).to_json() == final
    return {
        "legal": legal.hexdigest()[:16],
        "views": views.hexdigest()[:16],
        "history": hashlib.sha256(" ".join(state.history).encode()).hexdigest()[:16],
        "final": hashlib.sha256(final.encode()).hexdigest()[:16],
        "steps": str(steps),
    }


def _golden() -> dict[str, dict[str, str]]:
    data: dict[str, dict[str, str]] = json.loads(FIXTURE.read_text(encoding="utf-8"))
    return data


@pytest.mark.parametrize(("key", "args"), CASES, ids=[key for key, _ in CASES])
def test_rm_games_go_as_recorded(key: str, args: tuple[str, str, int, int]) -> None:
    assert digest_game(*args) == _golden()[key]


if __name__ == "__main__":
    recorded = {key: digest_game(*args) for key, args in CASES}
    FIXTURE.write_text(json.dumps(recorded, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    sys.exit(0)
