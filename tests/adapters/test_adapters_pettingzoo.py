"""PettingZoo's own checkers on every table, and the rewards at the end (DESIGN.md)."""

from __future__ import annotations

from pettingzoo.test import api_test, seed_test

from bodoge.adapters.pettingzoo import BodogeAEC, env
from bodoge.adapters.rewards import rank_rewards

TURN_CAP = 30  # random play rarely ends Extreme Mission: the cap bounds each game


def test_pettingzoo_api_test(table: tuple[str, int, str]) -> None:
    name, players, variant = table
    api_test(env(name, players=players, variant=variant, turn_cap=TURN_CAP), num_cycles=200)


def test_pettingzoo_seed_test(table: tuple[str, int, str]) -> None:
    name, players, variant = table
    seed_test(lambda: env(name, players=players, variant=variant, turn_cap=TURN_CAP), 100)


def play_out(aec: BodogeAEC, seed: int) -> dict[str, tuple[bool, bool]]:
    """Random play to the end; each agent's (terminated, truncated) as it leaves."""
    aec.reset(seed=seed)
    ends: dict[str, tuple[bool, bool]] = {}
    for agent in aec.agent_iter():
        observation, _, terminated, truncated, _ = aec.last()
        if terminated or truncated:
            ends[agent] = (terminated, truncated)
            aec.step(None)
        else:
            aec.step(aec.action_space(agent).sample(observation["action_mask"]))
    return ends


def test_pettingzoo_a_finished_game_terminates_with_rewards_from_the_ranks() -> None:
    aec = env("ruler-of-mana", players=3)
    ends = play_out(aec, seed=3)
    result = aec.state.result()
    assert not result.truncated and set(ends.values()) == {(True, False)}
    assert tuple(aec.final_rewards.values()) == rank_rewards(result.ranks)


def test_pettingzoo_the_turn_cap_truncates() -> None:
    aec = env("extreme-mission", players=2, turn_cap=4)
    ends = play_out(aec, seed=1)
    assert aec.state.result().truncated and set(ends.values()) == {(False, True)}
    assert sum(aec.final_rewards.values()) == 0.0


def test_pettingzoo_a_forbidden_step_ends_the_game_for_everyone() -> None:
    aec = env("ruler-of-mana", players=3)
    aec.reset(seed=2)
    agent = aec.agent_selection
    mask = aec.observe(agent)["action_mask"]
    aec.step(int((mask == 0).nonzero()[0][0]))
    assert aec.infos[agent]["illegal_action"] and aec.final_rewards[agent] == -1.0
    assert all(aec.terminations.values()) and sum(aec.final_rewards.values()) == 0.0
