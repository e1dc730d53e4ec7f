"""A PettingZoo AEC environment for any bodoge game (DESIGN.md, "Research adapters").

Each seat is an agent ``player_<seat>``; the one to act is whoever decides the next step
(reactions and secret picks included). An observation is ``{"observation": float32 array,
"action_mask": int8 array}`` built from that seat's view alone; the mask is all zeros for a seat
that is not to act. Rewards come at the end only (``bodoge.adapters.rewards``); a game ended by
``turn_cap`` is truncated, any other end terminated. ``render()`` shows the view of the agent to
act (``agent_selection``) as the terminal shows it to that seat — what that agent may see and
nothing more (``ansi``: returned as text; ``human``: printed after ``reset`` and each step).

>>> from bodoge.adapters.pettingzoo import env
>>> aec = env("ruler-of-mana", players=3, turn_cap=30)
>>> aec.reset(seed=1)
>>> for agent in aec.agent_iter():
...     observation, reward, terminated, truncated, info = aec.last()
...     mask = observation["action_mask"]
...     aec.step(None if terminated or truncated else aec.action_space(agent).sample(mask))
>>> aec.agents, sum(aec.final_rewards.values())
([], 0.0)
"""

from __future__ import annotations

import random
from typing import Any, ClassVar

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from bodoge.adapters.observation import Observer
from bodoge.adapters.render import seat_text
from bodoge.adapters.rewards import illegal_rewards, rank_rewards
from bodoge.adapters.space import ActionSpace, game_of
from bodoge.core.game import Game
from bodoge.core.state import State

__all__ = ["BodogeAEC", "env"]


def env(
    game: str | Game,
    players: int | None = None,
    render_mode: str | None = None,
    **options: Any,
) -> BodogeAEC:
    """The AEC environment of ``game`` (a name, with the options of ``bodoge.make``)."""
    return BodogeAEC(game_of(game, players, **options), render_mode=render_mode)


class BodogeAEC(AECEnv[str, dict[str, np.ndarray], int | None]):
    """One table of a made game as an AEC environment."""

    metadata: ClassVar[dict[str, Any]] = {
        "render_modes": ["ansi", "human"],
        "render_fps": 1,  # a frame comes with each step, never timed
        "name": "bodoge",
        "is_parallelizable": False,
    }

    def __init__(self, game: Game, render_mode: str | None = None) -> None:
        super().__init__()
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be one of ansi, human, not {render_mode!r}")
        self.game = game
        self.render_mode = render_mode
        self.space = ActionSpace(game)
        self.observer = Observer(game)
        self.possible_agents = [f"player_{seat}" for seat in range(game.players)]
        self.agents = list(self.possible_agents)
        self._seat = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        observation = spaces.Dict(
            {
                "observation": spaces.Box(0.0, self.observer.high, dtype=np.float32),
                "action_mask": spaces.Box(0, 1, (len(self.space),), np.int8),
            }
        )
        self.observation_spaces = {a: observation for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(len(self.space)) for a in self.possible_agents}
        self._seeds = random.Random()
        self.state: State = game.new_state(seed=self._seeds.getrandbits(63))
        self.final_rewards: dict[str, float] = {}
        self._begin()

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new game: from ``seed``, or the next seed of the last seeded reset."""
        if seed is not None:
            self._seeds = random.Random(seed)
        self.state = self.game.new_state(seed=self._seeds.getrandbits(63))
        self._begin()
        if self.render_mode == "human":
            self.render()

    def _begin(self) -> None:
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self.final_rewards = {}
        self._select()

    def _select(self) -> None:
        seat = self.state.current_player
        self.agent_selection = self.possible_agents[seat if seat is not None else 0]

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        seat = self._seat[agent]
        mask = (
            self.space.mask(self.state)
            if self.state.current_player == seat
            else np.zeros(len(self.space), dtype=np.int8)
        )
        return {"observation": self.observer.encode(self.state.view(seat)), "action_mask": mask}

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise ValueError(f"{agent} is to act: step(None) is only for a finished agent")
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        seat = self._seat[agent]
        legal = self.space.legal_step(self.state, action)
        if legal is None:
            self.infos[agent]["illegal_action"] = True
            self._finish(illegal_rewards(self.game.players, seat), truncated=False)
        else:
            self.state.apply(legal)
            if self.state.is_over:
                result = self.state.result()
                self._finish(rank_rewards(result.ranks), truncated=result.truncated)
            else:
                self._select()
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def _finish(self, rewards: tuple[float, ...], truncated: bool) -> None:
        for agent, reward in zip(self.possible_agents, rewards, strict=True):
            self.rewards[agent] = reward
            self.final_rewards[agent] = reward
            self.terminations[agent] = not truncated
            self.truncations[agent] = truncated
        self._deads_step_first()

    def render(self) -> str | None:
        """The table as the agent to act sees it, in words (``ansi``: returned; ``human``:
        printed): that seat's own view, as its observation is, never another seat's hand."""
        if self.render_mode is None:
            return None
        text = seat_text(self.state, self._seat[self.agent_selection], self.possible_agents)
        if self.render_mode == "human":
            print(text, end="")
            return None
        return text

    def close(self) -> None:
        """Nothing to release: the table lives in memory."""
