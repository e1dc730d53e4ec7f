"""PettingZoo's own checkers on every table, and the rewards at the end (DESIGN.md)."""

from __future__ import annotations

import pytest
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


def test_pettingzoo_renders_the_view_of_the_agent_to_act_and_nothing_more(
    capsys: pytest.CaptureFixture[str],
) -> None:
    aec = env("ruler-of-mana", players=3, render_mode="ansi")
    aec.reset(seed=2)
    for _ in range(6):  # a few steps in: another agent may be to act
        aec.step(
            aec.action_space(aec.agent_selection).sample(
                aec.observe(aec.agent_selection)["action_mask"]
            )
        )
    seat = aec.possible_agents.index(aec.agent_selection)
    text = aec.render()
    assert isinstance(text, str) and f"you are seat {seat}" in text
    assert f"Your hand ({len(aec.state.view(seat)['hand'])})" in text
    world = aec.state.determinize(seat, seed=9)  # the other hands dealt anew: the same text
    others = [s for s in range(3) if s != seat]
    assert any(world.view(s)["hand"] != aec.state.view(s)["hand"] for s in others)
    aec.state = world
    assert aec.render() == text
    human = env("extreme-mission", players=2, render_mode="human")
    human.reset(seed=1)
    human.step(int(human.observe("player_0")["action_mask"].nonzero()[0][0]))
    assert "Extreme Mission · you are seat" in capsys.readouterr().out
