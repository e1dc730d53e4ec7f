"""Bots in rooms: a bot's seat is played from that seat's view and legal steps, off the event loop.

The server sends a worker only what the seat may know — the game's options, the seat, its view
and the spelling of its legal steps — and gets back the spelling of one step. The worker rebuilds
the steps as the game's own :class:`~bodoge.core.action.Action` values from a state sampled from
the view (``game.sample_state``), which shows the bot nothing the view does not. Workers are
processes by default, so a long search uses another core and never stalls other rooms; a bot is
made anew for every decision, so after a restart it simply carries on.

**Taking turns.** Only the bots that search (``normal``, ``hard``) think in the workers, and a
room has at most one decision there or waiting for one; the rooms waiting are taken in turn
(round-robin), so a room's bots wait for at most one decision of each other room before theirs.
A bot that does not search (``random``, ``easy``: milliseconds) and a decision with one legal
step are made at once, on a thread of the server of their own, never behind a search.

**Questions asked whatever a seat holds** (``State.asked_whatever_held``: Ruler of Mana's reaction
windows and lethal moments, an exchange's offers, a draft's picks). Being asked tells nobody
anything; how long a bot takes to answer must not either. So a bot answers such a question, whether
it has one step or several, when a delay drawn from :data:`ANSWER_DELAY` has passed since it was
asked: never sooner, and not later for having had a choice, even on a loaded machine. With a
choice, the game's plan (its heuristic: milliseconds, on the server's own bot thread; a bot that
does not search: its own step) and, where a worker is free at once, a search of at most
:data:`OPEN_SEARCH` seconds both start when it is asked (once the question's frames are written:
:data:`FRAMES_OUT`); at the delay the bot plays the search's step if it has come, else the plan's,
and a search that has not come is left to end in its worker unheard. Only when even the plan has
not come (milliseconds of work taking 0.4 s) is the answer late, by as long as the plan takes then.
The delay's generator is seeded from the question's own seed (``answer_delay``), not the game's nor
the bot's, so it changes no step; which step a searching bot plays, the search's or the plan's,
does depend on how busy the machine and the other rooms' bots are. A replay is exact all the same:
the history keeps the step played. The delay and the search's length are
:mod:`bodoge.agents.levels`' rule, which a terminal game keeps too.

>>> import bodoge
>>> state = bodoge.make("extreme-mission", players=2).new_state(seed=3)
>>> spec = GameSpec("extreme-mission", 2, "basic", None)
>>> step = decide(spec, "random", 0, state.view(0), [str(a) for a in state.legal_actions()], 9)
>>> step in [str(a) for a in state.legal_actions()]
True
>>> ANSWER_DELAY[0] <= answer_delay(5) <= ANSWER_DELAY[1], answer_delay(5) == answer_delay(5)
(True, True)
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
import os
import random
import threading
import time
from collections import Counter
from collections.abc import Awaitable, Callable, Hashable
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from functools import lru_cache, partial
from typing import Any, NamedTuple

from bodoge.agents import (
    LEVELS,
    Agent,
    Budget,
    Decision,
    ISMCTSAgent,
    RandomAgent,
    agent_names,
    make_agent,
)
from bodoge.agents.heuristic import game_heuristic, has_heuristic
from bodoge.agents.levels import ANSWER_DELAY, OPEN_SEARCH, answer_delay
from bodoge.core.game import Game
from bodoge.core.registry import make

__all__ = [
    "ANSWER_DELAY",
    "BOT_LEVELS",
    "OPEN_SEARCH",
    "BotPool",
    "GameSpec",
    "answer_delay",
    "decide",
]

log = logging.getLogger(__name__)

BOT_LEVELS: tuple[str, ...] = ("random", *LEVELS)
"""The bots a room offers, weakest first (``random``, then the levels for people)."""

FRAMES_OUT = 0.01
"""Seconds a bot with a choice to a question asked whatever it holds lets pass before it starts
thinking, so that the question's frames are written first: handing a search to a worker at once
(its pickling, on the server's threads) held them back, and a client saw an answer with a choice
come sooner after its question than a pass-only one. How long past its delay an answer reached a
client, in Ruler of Mana rooms of two ``normal`` bots at load 8–11 on 2 cores (medians): with a
choice 2 ms, pass-only 8 ms (109 and 146 answers); after this pause 6 ms and 6 ms (39 and 51),
the same quartiles."""


class GameSpec(NamedTuple):
    """What a worker needs to make the game: its options (``cards``: a card file's path)."""

    game: str
    players: int
    variant: str
    cards: str | None


@lru_cache(maxsize=32)  # the quick thread keeps games in the server: not one per card file ever
def _game(spec: GameSpec) -> Game:
    return make(spec.game, players=spec.players, variant=spec.variant, cards=spec.cards)


def searches(level: str) -> bool:
    """Whether the bot ``level`` searches (for up to seconds) rather than answers at once."""
    known = LEVELS.get(level)
    return known is not None and known.budget is not None


def decide(
    spec: GameSpec,
    level: str,
    seat: int,
    view: dict[str, Any],
    legal: list[str],
    seed: int,
    within: float | None = None,
) -> str:
    """The step the bot ``level`` takes for ``seat``, from the seat's ``view`` and ``legal`` steps
    (their spellings) alone; ``seed`` seeds the bot. ``within``: the most seconds a searching bot
    may search (0: none, the game's plan answers); None: its level's budget."""
    game = _game(spec)
    if len(legal) == 1:
        return legal[0]
    sampled = {str(a): a for a in game.sample_state(view, seed).legal_actions()}
    actions = [sampled[step] for step in legal]
    agent = _agent(level, game, seat, random.Random(seed), within)
    return str(agent.act(Decision(game, seat, actions, view)))


def _agent(level: str, game: Game, seat: int, rng: random.Random, within: float | None) -> Agent:
    known = LEVELS.get(level)
    if within is None or known is None or known.budget is None:
        return make_agent(level, game, seat, rng)
    if within <= 0:
        return (
            game_heuristic(game, seat, rng) if has_heuristic(game) else RandomAgent(game, seat, rng)
        )
    seconds = min(within, known.budget.seconds or within)
    return ISMCTSAgent(game, seat, rng, Budget(known.budget.iterations, seconds), known.settings)


class Job(NamedTuple):
    """A search a room waits for: its turn (start-time fair queueing), its place in the queue,
    ``decide``'s arguments and the future of its step."""

    turn: int
    order: int
    room: Hashable
    args: tuple[Any, ...]
    done: asyncio.Future[str]


class BotPool:
    """Where bots think: worker processes (``kind="process"``), or threads (``"thread"``: for
    tests, where starting processes costs more than the bots' thinking), ``workers`` of them,
    shared fairly by the rooms (module docstring); and one thread for the bots that do not
    search. ``clock`` and ``sleep`` time the answers to questions asked whatever a seat holds
    (tests put a clock of their own there)."""

    def __init__(self, kind: str = "process", workers: int = 1) -> None:
        if kind not in ("process", "thread"):
            raise ValueError(f"bot workers are 'process' or 'thread', not {kind!r}")
        self.kind = kind
        self.workers = workers
        self.clock: Callable[[], float] = time.monotonic
        self.sleep: Callable[[float], Awaitable[None]] = asyncio.sleep
        self._executor: Executor | None = None
        self._quick: Executor | None = None
        self._waiting: list[Job] = []
        self._thinking: Counter[Hashable] = Counter()  # rooms with a decision in a worker
        # Each room's next turn: one past its last search's. A search waiting takes the later
        # of that and the turn of the last search started, so a room asking again goes after
        # every room that asked meanwhile, and a room that waited keeps its place.
        self._turns: dict[Hashable, int] = {}
        self._turn = 0
        self._asked = 0
        self._busy = 0  # decisions in the workers

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
                # A process takes a second to start and import the engines, which no answer
                # timed by ``answer_delay`` may wait for: every worker is started now, busy
                # with a no-op until it is ready.
                loop = asyncio.get_running_loop()
                for _ in range(self.workers):
                    self._start(_STARTING, (), loop.create_future(), _ready)
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
        room: Hashable = None,
        asked_whatever_held: bool = False,
    ) -> str:
        """The step of the bot ``level`` for ``seat`` of ``room`` (``decide``; None: every
        caller that names none is one room); a question ``asked_whatever_held`` is answered
        when its delay (``answer_delay``) has passed, by the search's step or the plan's."""
        args = (spec, level, seat, view, legal, seed)
        if not asked_whatever_held:
            if len(legal) == 1:
                return legal[0]
            if not searches(level):
                return await self._at_once(args)
            return await self._in_turn(room, args)
        answer_at = self.clock() + answer_delay(seed)
        if len(legal) == 1:
            await self._until(answer_at)
            return legal[0]
        return await self._answer_by(answer_at, room, args, searches(level))

    async def _until(self, at: float) -> None:
        wait = at - self.clock()
        if wait > 0:
            await self.sleep(wait)

    async def _answer_by(
        self, answer_at: float, room: Hashable, args: tuple[Any, ...], search: bool
    ) -> str:
        """The answer, at ``answer_at``, to a question asked whatever the seat holds, of a seat
        with more than one legal step: the game's plan (or the bot's own step, a bot that does
        not search) and, if ``search`` and a worker is free at once, a short search, both
        started now; at ``answer_at`` the search's step if it has come, else the plan's. Only if
        neither has come is the answer late (then the first of the two). A search that comes
        too late is dropped, its worker counted busy until it ends (``_finished``)."""
        await asyncio.sleep(FRAMES_OUT)  # the question's frames written first
        plan = self._at_once((*args, 0.0))
        searched: asyncio.Future[str] | None = None
        if search and self._free():
            searched = asyncio.get_running_loop().create_future()
            self._start(room, (*args, OPEN_SEARCH), searched)
        under_way = [work for work in (plan, searched) if work is not None]
        try:
            await self._until(answer_at)
            if not any(work.done() for work in under_way):
                await asyncio.wait(under_way, return_when=asyncio.FIRST_COMPLETED)
                log.debug("a bot's answer came %.3f s after its delay", self.clock() - answer_at)
            if searched is not None and searched.done() and not searched.cancelled():
                failed = searched.exception()
                if failed is None:
                    return searched.result()
                log.error("a bot's search failed: the game's plan answers", exc_info=failed)
            elif searched is not None:
                log.debug("a bot's search came after its answer's delay: the plan's step")
            return await plan
        finally:
            for work in under_way:
                if not work.done():
                    work.cancel()  # a worker's search runs on: ``_finished`` frees the worker
                elif not work.cancelled():
                    work.exception()  # seen: a step not taken is no "exception never retrieved"

    def _at_once(self, args: tuple[Any, ...]) -> asyncio.Future[str]:
        """``decide`` on the server's own bot thread (bots that do not search, the game's plan)."""
        if self._quick is None:
            self._quick = ThreadPoolExecutor(1, thread_name_prefix="bot-quick")
        return asyncio.get_running_loop().run_in_executor(self._quick, decide, *args)

    async def _in_turn(self, room: Hashable, args: tuple[Any, ...]) -> str:
        """A search of ``room``'s, once the rooms waiting before it have had theirs."""
        done: asyncio.Future[str] = asyncio.get_running_loop().create_future()
        turn = max(self._turn, self._turns.get(room, 0))
        self._turns[room] = turn + 1
        self._asked += 1
        self._waiting.append(Job(turn, self._asked, room, args, done))
        self._next()
        return await done  # cancelled while waiting: ``_next`` passes it by

    def _free(self) -> bool:
        """Whether a worker is free to search at once (and started: see ``_pool``)."""
        self._pool()
        return self._busy < self.workers

    def _start(
        self,
        room: Hashable,
        args: tuple[Any, ...],
        done: asyncio.Future[Any],
        work_on: Callable[..., Any] | None = None,
    ) -> None:
        """``decide`` (or ``work_on``) in a worker (one is free), its outcome to ``done``."""
        try:
            pool = self._pool()
            work = asyncio.get_running_loop().run_in_executor(pool, work_on or decide, *args)
        except Exception as exc:  # a broken pool: the room's bot says so, the others go on
            done.set_exception(exc)
            return
        self._busy += 1
        self._thinking[room] += 1
        work.add_done_callback(partial(self._finished, room, done))

    def _finished(
        self, room: Hashable, done: asyncio.Future[Any], work: asyncio.Future[Any]
    ) -> None:
        self._busy -= 1
        self._thinking[room] -= 1
        if self._thinking[room] <= 0:
            del self._thinking[room]
        failed = None if work.cancelled() else work.exception()
        if done.done():  # its room stopped waiting (its bot task cancelled)
            pass
        elif work.cancelled():
            done.cancel()
        elif failed is not None:
            done.set_exception(failed)
        else:
            done.set_result(work.result())
        self._next()

    def _next(self) -> None:
        """Start the searches waiting, the earliest turn first, while workers are free."""
        self._waiting = [job for job in self._waiting if not job.done.done()]  # rooms gone
        while self._waiting and self._free():
            ready = [job for job in self._waiting if job.room not in self._thinking]
            if not ready:
                return
            job = min(ready)
            self._waiting.remove(job)
            self._turn = job.turn
            if len(self._turns) > 4 * len(self._waiting) + 64:  # rooms long without a search
                self._turns = {r: t for r, t in self._turns.items() if t > self._turn}
            self._start(job.room, job.args, job.done)

    def close(self) -> None:
        """Stop the workers, a bot thinking among them too (its room carries on from the same
        step at the next start), and wait for them: a pool left to end with the interpreter
        leaves its queues' semaphores behind (the resource tracker's "leaked semaphore")."""
        for job in self._waiting:
            job.done.cancel()
        self._waiting.clear()
        if self._quick is not None:
            self._quick.shutdown(wait=True, cancel_futures=True)
            self._quick = None
        if self._executor is not None:
            # concurrent.futures keeps its processes here (3.14 has terminate_workers())
            for process in list((getattr(self._executor, "_processes", None) or {}).values()):
                process.terminate()
            self._executor.shutdown(wait=True, cancel_futures=True)
            self._executor = None


_STARTING = object()  # the room of the workers' first no-op (``BotPool._pool``)


def _ready() -> None:
    """A worker's first job: nothing, once the worker has started."""


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
