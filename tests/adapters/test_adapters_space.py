"""The fixed action space and the observations (DESIGN.md, "Research adapters"): every legal step
has an id, the ids do not depend on the variant or the run, and an observation is a function of
the seat's view alone."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

import bodoge
from bodoge.adapters import ActionSpace, Observer, actions, gymnasium, pettingzoo
from bodoge.core.errors import SetupError
from bodoge.core.testing import outputs_under_hash_seeds, random_game

TURN_CAP = 30
ROOT = Path(__file__).resolve().parents[2]


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
        above = {n for n, at in observer.slices.items() if (array[at] > observer.high[at]).any()}
        assert not above, f"above the observation space's bounds: {above}"

    for seed in range(3):
        random_game(game, seed, on_step=check)


def test_the_action_space_is_the_same_for_both_variants_and_every_run() -> None:
    assert ActionSpace(bodoge.make("ruler-of-mana", players=3, variant="expert")).steps == actions(
        "ruler-of-mana", players=3
    )
    script = "import bodoge.adapters as a; print(a.actions('ruler-of-mana', players=4))"
    spaces = outputs_under_hash_seeds(script)
    assert len(spaces) == 1, "the step ids change with Python's hash seed"


def test_the_sizes_docs_adapters_md_gives_are_the_spaces_sizes() -> None:
    """The page lists each game's space size from 2 players to the most, by the game's title."""
    doc = " ".join((ROOT / "docs" / "adapters.md").read_text(encoding="utf-8").split())
    for name in bodoge.games():
        game = bodoge.make(name)
        found = re.search(rf"{game.title['en']} (\d+(?:, \d+)*)", doc)
        assert found, f"docs/adapters.md gives no sizes for {game.title['en']}"
        sizes = [len(actions(name, players=n)) for n in range(2, game.max_players + 1)]
        assert [int(n) for n in found.group(1).split(", ")] == sizes, name


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


def test_the_observation_bounds_are_finite_and_clip_what_the_rules_leave_unbounded() -> None:
    game = bodoge.make("ruler-of-mana", players=3)  # basic: life has no cap (RM-5.1)
    observer = Observer(game)
    assert np.isfinite(observer.high).all() and (observer.high >= 1.0).all()
    state = game.new_state(seed=1, setup={"life": {0: 1000}, "shield": {1: 1000}})
    array = observer.encode(state.view(0))
    assert (array <= observer.high).all()
    assert observer.dict["life"][0] == observer.high[observer.slices["life"]][0] > 1.0
    assert observer.dict["shield"][1] == observer.high[observer.slices["shield"]][1] > 1.0
    assert observer.dict["life"][1] == 1.0  # 15 life, unclipped


def test_random_play_with_no_turn_cap_stays_within_the_bounds() -> None:
    """Whole games, every seat's view: life passes its start (basic: no cap), hands pass 10."""
    game = bodoge.make("ruler-of-mana", players=2)
    observer = Observer(game)
    top = np.zeros(observer.size, dtype=np.float32)

    def check(state: bodoge.State) -> None:
        for seat in range(game.players):
            np.maximum(top, observer.encode(state.view(seat)), out=top)

    for seed in range(6):
        random_game(game, seed, on_step=check)
    assert (top <= observer.high).all()
    assert (
        top[observer.slices["life"]].max() > 1.0 and top[observer.slices["hand_sizes"]].max() > 1.0
    )


def test_importing_bodoge_and_its_shared_adapter_code_needs_no_research_library() -> None:
    script = (
        "import sys, bodoge, bodoge.adapters, bodoge.agents\n"
        "heavy = {'pettingzoo', 'gymnasium', 'pyspiel', 'open_spiel', 'torch', 'sb3_contrib'}\n"
        "print(sorted(heavy & {m.split('.')[0] for m in sys.modules}))"
    )
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_an_environments_unknown_option_is_one_line_naming_the_options() -> None:
    """A typo in an option of ``env`` (passed on to ``bodoge.make``) said "make() got an
    unexpected keyword argument", naming a function the researcher never called."""
    for make_env in (gymnasium.env, pettingzoo.env):
        with pytest.raises(SetupError) as caught:
            make_env("ruler-of-mana", players=2, turncap=20)
        said = str(caught.value)
        assert said == "no option 'turncap': a game is made with players, variant, cards, turn_cap"
        assert caught.value.text("ja").startswith("オプション'turncap'はありません")
