"""Gymnasium's own checker on every table, and the episode's end (DESIGN.md)."""

from __future__ import annotations

import pytest
from gymnasium.utils.env_checker import check_env

from bodoge.adapters.gymnasium import env


def test_gymnasium_check_env(table: tuple[str, int, str]) -> None:
    name, players, variant = table
    check_env(env(name, players=players, variant=variant, opponents="random", turn_cap=30))


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
