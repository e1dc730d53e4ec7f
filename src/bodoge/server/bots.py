"""Bots in rooms: a bot's seat is played from that seat's view and legal steps, off the event loop.

The server sends a worker only what the seat may know — the game's options, the seat, its view
and the spelling of its legal steps — and gets back the spelling of one step. The worker rebuilds
the steps as the game's own :class:`~bodoge.core.action.Action` values from a state sampled from
the view (``game.sample_state``), which shows the bot nothing the view does not. Workers are
processes by default, so a long search uses another core and never stalls other rooms; a bot is
made anew for every decision, so after a restart it simply carries on.

>>> import bodoge
>>> state = bodoge.make("extreme-mission", players=2).new_state(seed=3)
>>> spec = GameSpec("extreme-mission", 2, "basic", None)
>>> step = decide(spec, "random", 0, state.view(0), [str(a) for a in state.legal_actions()], 9)
>>> step in [str(a) for a in state.legal_actions()]
True
"""

from __future__ import annotations

import asyncio
import multiprocessing
import os
import threading
import time
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from functools import cache
from typing import Any, NamedTuple

from bodoge.agents import LEVELS, Decision, agent_names, make_agent
from bodoge.core.game import Game
from bodoge.core.registry import make

__all__ = ["BOT_LEVELS", "BotPool", "GameSpec", "decide"]

BOT_LEVELS: tuple[str, ...] = ("random", *LEVELS)
"""The bots a room offers, weakest first (``random``, then the levels for people)."""


class GameSpec(NamedTuple):
    """What a worker needs to make the game: its options (``cards``: a card file's path)."""

    game: str
    players: int
    variant: str
    cards: str | None


@cache
def _game(spec: GameSpec) -> Game:
    return make(spec.game, players=spec.players, variant=spec.variant, cards=spec.cards)


def decide(
    spec: GameSpec, level: str, seat: int, view: dict[str, Any], legal: list[str], seed: int
) -> str:
    """The step the bot ``level`` takes for ``seat``, from the seat's ``view`` and ``legal`` steps
    (their spellings) alone; ``seed`` seeds the bot."""
    import random

    game = _game(spec)
    if len(legal) == 1:
        return legal[0]
    sampled = {str(a): a for a in game.sample_state(view, seed).legal_actions()}
    actions = [sampled[step] for step in legal]
    agent = make_agent(level, game, seat, random.Random(seed))
    return str(agent.act(Decision(game, seat, actions, view)))


class BotPool:
    """Where bots think: worker processes (``kind="process"``), or threads (``"thread"``: for
    tests, where starting processes costs more than the bots' thinking)."""

    def __init__(self, kind: str = "process", workers: int = 1) -> None:
        if kind not in ("process", "thread"):
            raise ValueError(f"bot workers are 'process' or 'thread', not {kind!r}")
        self.kind = kind
        self.workers = workers
        self._executor: Executor | None = None

    def _pool(self) -> Executor:
        if self._executor is None:
            if self.kind == "process":
                # spawn: the workers inherit none of the server's threads and sockets.
                context = multiprocessing.get_context("spawn")
                self._executor = ProcessPoolExecutor(
                    self.workers,
                    mp_context=context,
                    initializer=_end_with,
                    initargs=(os.getpid(),),
                )
            else:
                self._executor = ThreadPoolExecutor(self.workers, thread_name_prefix="bot")
        return self._executor

    async def choose(
        self,
        spec: GameSpec,
        level: str,
        seat: int,
        view: dict[str, Any],
        legal: list[str],
        seed: int,
    ) -> str:
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(
            self._pool(), decide, spec, level, seat, view, legal, seed
        )

    def close(self) -> None:
        """Stop the workers, a bot thinking among them too (its room carries on from the same
        step at the next start), and wait for them: a pool left to end with the interpreter
        leaves its queues' semaphores behind (the resource tracker's "leaked semaphore")."""
        if self._executor is not None:
            # concurrent.futures keeps its processes here (3.14 has terminate_workers())
            for process in list((getattr(self._executor, "_processes", None) or {}).values()):
                process.terminate()
            self._executor.shutdown(wait=True, cancel_futures=True)
            self._executor = None


def _end_with(server: int) -> None:
    """In a worker: end when the server process is gone (killed, it cannot tell its workers)."""

    def watch() -> None:
        while True:
            time.sleep(1.0)
            try:
                os.kill(server, 0)
            except ProcessLookupError:
                os._exit(0)

    threading.Thread(target=watch, name="end-with-server", daemon=True).start()


def known_level(level: object) -> bool:
    """Whether ``level`` names a bot a room can seat."""
    return isinstance(level, str) and level in BOT_LEVELS and level in agent_names()
