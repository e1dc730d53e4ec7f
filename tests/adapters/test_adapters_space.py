"""The fixed action space and the observations (DESIGN.md, "Research adapters"): every legal step
has an id, the ids do not depend on the variant or the run, and an observation is a function of
the seat's view alone."""

from __future__ import annotations

import os
import subprocess
import sys

import numpy as np

import bodoge
from bodoge.adapters import ActionSpace, Observer, actions
from bodoge.core.testing import random_game

TURN_CAP = 30


def test_every_legal_step_of_random_play_is_in_the_action_space(
    table: tuple[str, int, str],
) -> None:
    name, players, variant = table
    game = bodoge.make(name, players=players, variant=variant, turn_cap=TURN_CAP)
    space, observer = ActionSpace(game), Observer(game)
    steps = set(actions(name, players=players))

    def check(state: bodoge.State) -> None:
        if state.is_over:
            return
        legal = [str(a) for a in state.legal_actions()]
        assert set(legal) <= steps, f"not in the space: {set(legal) - steps}"
        assert [space.steps[i] for i in space.mask(state).nonzero()[0]] == sorted(
            legal, key=space.index.__getitem__
        )
        array = observer.encode(state.view(state.current_player))
        assert array.shape == (observer.size,) and np.isfinite(array).all()
        assert array.min() >= 0.0

    for seed in range(3):
        random_game(game, seed, on_step=check)


def test_the_action_space_is_the_same_for_both_variants_and_every_run() -> None:
    assert ActionSpace(bodoge.make("ruler-of-mana", players=3, variant="expert")).steps == actions(
        "ruler-of-mana", players=3
    )
    script = "import bodoge.adapters as a; print(a.actions('ruler-of-mana', players=4))"
    spaces = {
        subprocess.run(
            [sys.executable, "-c", script],
            env={**os.environ, "PYTHONHASHSEED": seed},
            capture_output=True,
            text=True,
            check=True,
        ).stdout
        for seed in ("1", "2", "3")
    }
    assert len(spaces) == 1, "the step ids change with Python's hash seed"


def test_an_unknown_step_names_itself() -> None:
    space = ActionSpace(bodoge.make("extreme-mission", players=2))
    try:
        space.id("take 7")
    except KeyError as err:
        assert "take 7" in str(err)
    else:
        raise AssertionError("take 7 has an id in a 2-player game")


def test_observation_is_the_same_for_every_world_the_seat_cannot_tell_apart() -> None:
    for name in bodoge.games():
        game = bodoge.make(name, players=3, turn_cap=TURN_CAP)
        observer = Observer(game)
        differed = 0
        states: list[bodoge.State] = []
        random_game(game, 4, on_step=lambda s, kept=states: kept.append(s.clone()))
        for state in states[:: max(1, len(states) // 8)]:
            for seat in range(3):
                world = state.determinize(seat, seed=seat + 17)
                seen = observer.encode(state.view(seat))
                assert (observer.encode(world.view(seat)) == seen).all(), f"{name} seat {seat}"
                other = (seat + 1) % 3
                differed += world.view(other)["hand"] != state.view(other)["hand"]
        assert differed, "determinize never dealt another seat a different hand"


def test_observation_fields_are_named_slices_of_one_array() -> None:
    game = bodoge.make("extreme-mission", players=4)
    observer = Observer(game)
    state = game.new_state(seed=1)
    array = observer.encode(state.view(2))
    hand = array[observer.slices["hand"]]
    assert hand.sum() * game.copies == len(state.view(2)["hand"])
    assert observer.dict["to_move"].tolist() == [0.0, 0.0, 1.0, 0.0]  # seat 0, seen from seat 2


def test_importing_bodoge_and_its_shared_adapter_code_needs_no_research_library() -> None:
    script = (
        "import sys, bodoge, bodoge.adapters, bodoge.agents\n"
        "heavy = {'pettingzoo', 'gymnasium', 'pyspiel', 'open_spiel', 'torch', 'sb3_contrib'}\n"
        "print(sorted(heavy & {m.split('.')[0] for m in sys.modules}))"
    )
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"
