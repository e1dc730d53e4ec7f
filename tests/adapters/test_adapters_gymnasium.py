"""Gymnasium's own checker on every table, and the episode's end (DESIGN.md)."""

from __future__ import annotations

import warnings

import gymnasium
import pytest
from gymnasium.utils.env_checker import check_env

from bodoge.adapters.gymnasium import env, env_id
from bodoge.adapters.render import seat_text
from bodoge.core.errors import SetupError


def test_gymnasium_check_env(
    table: tuple[str, int, str], capsys: pytest.CaptureFixture[str]
) -> None:
    """Made by its registered id, so check_env also renders every mode; any warning fails."""
    name, players, variant = table
    made = gymnasium.make(
        env_id(name), players=players, variant=variant, opponents="random", turn_cap=30
    )
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        check_env(made.unwrapped)
    assert "you are seat 0" in capsys.readouterr().out  # the human mode printed the view


def test_gymnasium_make_by_module_and_id_passes_the_options_on() -> None:
    made = gymnasium.make(
        "bodoge.adapters.gymnasium:bodoge/extreme-mission-v0", players=3, seat=2, turn_cap=9
    )
    table = made.unwrapped
    assert (table.game.name, table.game.players, table.seat) == ("extreme-mission", 3, 2)
    observation, _ = made.reset(seed=1)
    assert made.observation_space.contains(observation)


def test_gymnasium_ansi_render_is_the_seats_view_in_words_and_only_that() -> None:
    table = env("ruler-of-mana", players=3, seat=1, opponents="random", render_mode="ansi")
    table.reset(seed=4)
    text = table.render()
    assert isinstance(text, str) and text == seat_text(table.state, 1, ["random", "", "random"])
    hand = table.state.view(1)["hand"]
    assert "you are seat 1" in text and f"Your hand ({len(hand)})" in text
    assert len(text.splitlines()) > 5 and not text.lstrip().startswith("{")
    world = table.state.determinize(1, seed=3)  # other hands dealt anew: the text is the same
    assert any(world.view(s)["hand"] != table.state.view(s)["hand"] for s in (0, 2))
    table.state = world
    assert table.render() == text


def test_gymnasium_human_render_prints_after_each_step(capsys: pytest.CaptureFixture[str]) -> None:
    table = env("extreme-mission", players=2, opponents="random", render_mode="human")
    table.reset(seed=1)
    assert table.render() is None
    table.step(int(table.action_masks().nonzero()[0][0]))
    printed = capsys.readouterr().out
    assert printed.count("Extreme Mission · you are seat 0") == 3  # reset, render, step


@pytest.mark.parametrize(
    ("options", "said"),
    [
        ({"seat": 5}, "no seat 5 in a 2-player game: choose seat 0–1"),
        ({"seat": None}, "no seat None in a 2-player game: choose seat 0–1"),
        (
            {"opponents": ["random", "random"]},
            "a list with one name per other seat (1 here), not ['random', 'random']",
        ),
    ],
)
def test_gymnasium_a_bad_seat_or_opponents_is_one_line(
    options: dict[str, object], said: str
) -> None:
    with pytest.raises(SetupError) as caught:
        env("ruler-of-mana", players=2, **options)  # type: ignore[arg-type]
    assert said in str(caught.value) and "\n" not in str(caught.value)
    assert "None" not in str(caught.value).replace("seat None", "")


@pytest.mark.parametrize("name", ["nobot", "human"])
def test_gymnasium_an_unknown_opponent_names_the_bots_only(name: str) -> None:
    with pytest.raises(SetupError) as caught:
        env("ruler-of-mana", players=2, opponents=name)
    said = str(caught.value)
    assert f"unknown agent {name!r}" in said and "random, heuristic" in said
    assert "human," not in said and "\n" not in said


def test_gymnasium_illegal_step_ends_the_episode_with_minus_one() -> None:
    table = env("ruler-of-mana", players=2, opponents="random")
    _, info = table.reset(seed=1)
    forbidden = int((info["action_mask"] == 0).nonzero()[0][0])
    _, reward, terminated, truncated, info = table.step(forbidden)
    assert (reward, terminated, truncated, info["illegal_action"]) == (-1.0, True, False, True)
    assert not table.action_masks().any()
    with pytest.raises(RuntimeError, match="reset"):
        table.step(forbidden)


def test_gymnasium_turn_cap_truncates_and_rewards_the_ranks() -> None:
    table = env("extreme-mission", players=3, seat=1, opponents=["random", "heuristic"], turn_cap=6)
    table.reset(seed=2)
    done = truncated = False
    reward = 0.0
    while not done:
        legal = table.action_masks().nonzero()[0]
        _, reward, terminated, truncated, _ = table.step(int(legal[-1]))
        done = terminated or truncated
    result = table.state.result()
    assert truncated and result.truncated
    ranks = result.ranks
    assert reward == (sum(r > ranks[1] for r in ranks) - sum(r < ranks[1] for r in ranks)) / 2


def test_gymnasium_same_seed_same_game() -> None:
    def play(seed: int) -> list[str]:
        table = env("ruler-of-mana", players=3, opponents="heuristic", turn_cap=10)
        table.reset(seed=seed)
        done = False
        while not done:
            legal = table.action_masks().nonzero()[0]
            *_, terminated, truncated, _ = table.step(int(legal[0]))
            done = terminated or truncated
        return table.state.history

    assert play(5) == play(5) != play(6)
