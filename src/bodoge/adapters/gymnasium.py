"""A Gymnasium environment for one seat of any bodoge game, the others played by bots.

``env(game, seat=0, opponents="heuristic", **options)``: ``opponents`` is one bot name (any of
``bodoge.agents``: ``random``, ``heuristic``, ``easy``, ``normal``, ...) for every other seat, or a
list, one per other seat in seat order; each bot draws from a generator seeded by ``reset(seed)``.
The observation is the seat's view as a float32 array (``bodoge.adapters.observation``); the legal
steps are ``info["action_mask"]`` (int8) and ``action_masks()`` (bool, what sb3-contrib's
MaskablePPO reads). Rewards come at the end only (``bodoge.adapters.rewards``); a step the mask
forbids ends the episode with -1 and ``info["illegal_action"] = True``. ``render()`` shows the
seat's view as the terminal does (``ansi``: returned as text; ``human``: printed after ``reset``
and each step).

Importing this module registers every game with Gymnasium as ``bodoge/<game>-v0``, the options
passed on: ``gymnasium.make("bodoge.adapters.gymnasium:bodoge/ruler-of-mana-v0", players=2)``
imports it on the way.

>>> from bodoge.adapters.gymnasium import env
>>> table = env("ruler-of-mana", players=2, opponents="random", turn_cap=40)
>>> observation, info = table.reset(seed=3)
>>> done = False
>>> while not done:
...     legal = table.action_masks().nonzero()[0]
...     observation, reward, terminated, truncated, info = table.step(int(legal[0]))
...     done = terminated or truncated
>>> -1.0 <= reward <= 1.0, "illegal_action" in info
(True, False)
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, SupportsFloat

import gymnasium
import numpy as np
import numpy.typing as npt
from gymnasium import spaces

from bodoge.adapters.observation import Observer
from bodoge.adapters.render import seat_text
from bodoge.adapters.rewards import rank_rewards
from bodoge.adapters.space import ActionSpace, game_of
from bodoge.agents import Agent, Decision, derive_seed, make_agent, needs_view
from bodoge.core.errors import SetupError
from bodoge.core.game import Game
from bodoge.core.registry import games
from bodoge.core.state import State

__all__ = ["BodogeEnv", "env", "env_id"]

Array = npt.NDArray[np.float32]


def env(
    game: str | Game,
    seat: int = 0,
    opponents: str | Sequence[str] = "heuristic",
    players: int | None = None,
    render_mode: str | None = None,
    **options: Any,
) -> BodogeEnv:
    """The environment of ``seat`` of ``game`` (a name, with the options of ``bodoge.make``)."""
    return BodogeEnv(game_of(game, players, **options), seat, opponents, render_mode)


class BodogeEnv(gymnasium.Env[Array, np.int64]):
    """One seat of a made game; the other seats' steps happen inside ``step``."""

    # render_fps only because Gymnasium asks for one: a frame comes with each step, never timed
    metadata = {"render_modes": ["ansi", "human"], "render_fps": 1}  # noqa: RUF012 (as Env has it)

    def __init__(
        self,
        game: Game,
        seat: int = 0,
        opponents: str | Sequence[str] = "heuristic",
        render_mode: str | None = None,
    ) -> None:
        if not isinstance(seat, int) or not 0 <= seat < game.players:
            raise SetupError(
                "setup.env_seat", seat=seat, players=game.players, last=game.players - 1
            )
        others = [s for s in range(game.players) if s != seat]
        names = [opponents] * len(others) if isinstance(opponents, str) else list(opponents)
        if len(names) != len(others):
            raise SetupError("setup.other_bots", seats=len(others), names=names)
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be one of ansi, human, not {render_mode!r}")
        self.game = game
        self.seat = seat
        self.opponents = dict(zip(others, names, strict=True))
        self.render_mode = render_mode
        self.space = ActionSpace(game)
        self.observer = Observer(game)
        self.observation_space = spaces.Box(0.0, self.observer.high, dtype=np.float32)
        self.action_space = spaces.Discrete(len(self.space))
        self._seeds = random.Random()
        self._bots: dict[int, Agent] = {}
        self.state: State = game.new_state(seed=0)
        self._begin(self._seeds.getrandbits(63))

    def _begin(self, seed: int) -> None:
        self._ended = False
        self.state = self.game.new_state(seed=seed)
        self._bots = {
            s: make_agent(name, self.game, s, random.Random(derive_seed(seed, "seat", s)))
            for s, name in self.opponents.items()
        }
        self._play_others()

    def _play_others(self) -> None:
        state = self.state
        while state.current_player is not None and state.current_player != self.seat:
            bot = self._bots[state.current_player]
            state.apply(bot.act(Decision.of(state, with_view=needs_view(bot))))

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Array, dict[str, Any]]:
        """A new game (from ``seed``, or the next seed of the last seeded reset), played by the
        bots up to this seat's first decision."""
        super().reset(seed=seed)
        if seed is not None:
            self._seeds = random.Random(seed)
        self._begin(self._seeds.getrandbits(63))
        if self.render_mode == "human":
            self.render()
        return self._observation(), self._info()

    def step(self, action: Any) -> tuple[Array, SupportsFloat, bool, bool, dict[str, Any]]:
        if self._ended:
            raise RuntimeError("the episode is over: call reset()")
        legal = self.space.legal_step(self.state, action)
        if legal is None:
            self._ended = True
            return self._observation(), -1.0, True, False, {**self._info(), "illegal_action": True}
        self.state.apply(legal)
        self._play_others()
        reward, terminated, truncated = 0.0, False, False
        if self.state.is_over:
            self._ended = True
            result = self.state.result()
            reward = rank_rewards(result.ranks)[self.seat]
            terminated, truncated = not result.truncated, result.truncated
        if self.render_mode == "human":
            self.render()
        return self._observation(), reward, terminated, truncated, self._info()

    def _observation(self) -> Array:
        return self.observer.encode(self.state.view(self.seat))

    def _info(self) -> dict[str, Any]:
        return {"action_mask": self._mask()}

    def _mask(self) -> npt.NDArray[np.int8]:
        if self._ended or self.state.current_player != self.seat:
            return np.zeros(len(self.space), dtype=np.int8)
        return self.space.mask(self.state)

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """The legal steps now, as bool (sb3-contrib's MaskablePPO calls this)."""
        return self._mask().astype(bool)

    def render(self) -> str | None:
        """The table as this seat sees it, in words (``ansi``: returned; ``human``: printed)."""
        if self.render_mode is None:
            return None
        agents = [self.opponents.get(s, "") for s in range(self.game.players)]
        text = seat_text(self.state, self.seat, agents)
        if self.render_mode == "human":
            print(text, end="")
            return None
        return text


def env_id(game: str) -> str:
    """The Gymnasium id of ``game``: ``bodoge/ruler-of-mana-v0``."""
    return f"bodoge/{game}-v0"


for _name in games():
    gymnasium.register(env_id(_name), entry_point=f"{__name__}:env", kwargs={"game": _name})
