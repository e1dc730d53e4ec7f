"""Bots' turns in a server of many rooms: a question asked whatever a seat holds (Ruler of Mana's
reaction window) is answered at a time its bot's hand does not change; searches take the rooms
in turn; bots that do not search never wait behind a search (``bodoge.server.bots``)."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from concurrent.futures import Executor, Future
from pathlib import Path
from typing import Any

import pytest
from server_helpers import client, started_room

import bodoge
from bodoge.games.ruler_of_mana.cards import load_cards
from bodoge.server import bots
from bodoge.server.bots import ANSWER_DELAY, OPEN_SEARCH, BotPool, GameSpec

RM = load_cards()


def rm_ids(*codes: str) -> list[str]:
    """Card ids for codes, the next copy where a code repeats."""
    out: list[str] = []
    for code in codes:
        out.append(next(c for c in RM.ids_of(code) if c not in out))
    return out


class Clock:
    """A clock that moves only when told: by a bot's sleep, or by a search said to take time."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now

    async def sleep(self, seconds: float) -> None:
        self.now += seconds
        await asyncio.sleep(0)


def wait_for(done: Callable[[], bool], what: str) -> None:
    deadline = time.monotonic() + 20
    while not done():
        assert time.monotonic() < deadline, what
        time.sleep(0.01)


def answered_after(
    url: str,
    cards: Path,
    monkeypatch: pytest.MonkeyPatch,
    hand: list[str],
    moves: tuple[str, ...] = ("cast S19/2 @1 E1 E1",),
) -> tuple[list[str], float, list[Any]]:
    """Seat 0 makes ``moves`` (a spell cast at seat 1), seat 1 a ``normal`` bot holding ``hand``:
    the legal steps of its question (a reaction window), when (on the pool's clock) its answer
    was played, after being asked, and how long its searches were allowed."""
    clock = Clock()
    allowed: list[Any] = []

    def search(*args: Any) -> str:
        legal: list[str] = args[4]
        if len(legal) > 1:
            allowed.append(args[6] if len(args) > 6 else None)
        return legal[-1]  # in the window: pass; an offer: its last card

    monkeypatch.setattr(bots, "decide", search)
    with client(url, cards) as c:
        room, _ = started_room(c, "ruler-of-mana", 2, bots={1: "normal"})
        rooms = c.app.state.rooms  # type: ignore[attr-defined]
        held = rooms.rooms[room]
        rooms.bots.clock, rooms.bots.sleep = clock, clock.sleep
        setup = {"start_player": 0, "hands": {0: rm_ids("S19", "E1", "E1"), 1: hand}}
        held.seed, held.setup = 11, {**setup, "deck": rm_ids("S35")}
        held.state = held.game.new_state(held.seed, held.setup)
        played: list[float] = []
        act = rooms.act

        async def timed(room: Any, seat: int | None, *rest: Any, **named: Any) -> None:
            if seat == 1:
                played.append(clock.now)
            await act(room, seat, *rest, **named)

        rooms.act = timed

        async def cast() -> list[str]:
            for move in moves:
                await rooms.act(held, 0, move, len(held.state.history))
            assert held.state.current_player == 1 and held.state.asked_whatever_held()
            return [str(a) for a in held.state.legal_actions()]  # before the bot answers

        legal = c.portal.call(cast)  # type: ignore[union-attr]
        wait_for(lambda: bool(played), "the bot did not answer")
    return legal, played[0], allowed


def test_a_bots_reaction_answer_comes_when_it_would_whatever_it_holds(
    sqlite_url: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    holds = rm_ids("R03", "F1")
    can, can_at, allowed = answered_after(sqlite_url, tmp_path / "a", monkeypatch, holds)
    cannot, cannot_at, _ = answered_after(
        sqlite_url.replace("bodoge.db", "b.db"), tmp_path / "b", monkeypatch, rm_ids("S05", "F1")
    )
    assert can == ["react R03", "pass"] and cannot == ["pass"]
    assert can_at == cannot_at, "the answer's time tells whether the bot could react"
    assert ANSWER_DELAY[0] <= can_at <= ANSWER_DELAY[1]
    assert sorted(allowed[:2]) == [0.0, OPEN_SEARCH], "the game's plan, and a short search"


EXCHANGE = ("exchange", "offer S19")  # seat 0 declares, and offers first


def test_a_bots_exchange_offer_comes_when_it_would_whatever_its_cards(
    sqlite_url: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """RM-2.2: seat 0 declares an exchange and the bot offers a card, secretly. Two water mana
    are one step, a water and a fire mana two: it had answered the one at once and the other
    after its search, so the wait told that its hand held one kind of card."""
    one, one_at, _ = answered_after(
        sqlite_url, tmp_path / "a", monkeypatch, rm_ids("W1", "W1"), EXCHANGE
    )
    two, two_at, allowed = answered_after(
        sqlite_url.replace("bodoge.db", "b.db"),
        tmp_path / "b",
        monkeypatch,
        rm_ids("W1", "F1"),
        EXCHANGE,
    )
    assert one == ["offer W1"] and two == ["offer F1", "offer W1"]
    assert one_at == two_at, "the answer's time tells whether the bot held one kind of card"
    assert ANSWER_DELAY[0] <= one_at <= ANSWER_DELAY[1]
    assert sorted(allowed[:2]) == [0.0, OPEN_SEARCH], "the game's plan, and a short search"


class Held(Executor):
    """Workers that end a decision only when the test says (``end``), each named by its seed."""

    def __init__(self) -> None:
        self.started: dict[int, Future[str]] = {}

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[str]:
        work: Future[str] = Future()
        self.started[args[5]] = work
        return work

    def end(self, seed: int) -> None:
        self.started[seed].set_result("pass")


async def ticks() -> None:
    for _ in range(5):
        await asyncio.sleep(0)


def searching(seed: int, room: str, pool: BotPool) -> asyncio.Task[str]:
    state = bodoge.make("extreme-mission", players=2).new_state(seed=3)
    legal = [str(a) for a in state.legal_actions()]
    spec = GameSpec("extreme-mission", 2, "basic", None)
    return asyncio.create_task(pool.choose(spec, "hard", 0, state.view(0), legal, seed, room))


def test_searching_bots_take_the_rooms_in_turn() -> None:
    async def run() -> list[int]:
        pool = BotPool("thread", 1)
        held = pool._executor = Held()
        asked = [searching(1, "A", pool), searching(2, "A", pool)]  # room A asks twice
        asked += [searching(3, "B", pool), searching(4, "C", pool)]
        order = []
        for _ in asked:
            await ticks()
            running = [s for s, f in held.started.items() if not f.done()]
            assert len(running) == 1, "one worker: one decision at a time"
            order.append(running[0])
            held.end(running[0])
        await asyncio.gather(*asked)
        return order

    assert asyncio.run(run()) == [1, 3, 4, 2], "room A's second decision after B's and C's"


def test_bots_that_do_not_search_never_wait_behind_a_search(
    sqlite_url: str, tmp_path: Path
) -> None:
    with client(sqlite_url, tmp_path / "cards") as c:
        rooms = c.app.state.rooms  # type: ignore[attr-defined]
        held = rooms.bots._executor = Held()  # every search stays under way
        busy, _ = started_room(c, bots={1: "hard"})
        quick, _ = started_room(c, bots={1: "random"})
        for room in (busy, quick):
            state = rooms.rooms[room].state
            c.portal.call(rooms.act, rooms.rooms[room], 0, "pass", len(state.history))  # type: ignore[union-attr]
        wait_for(lambda: held.started, "the hard bot's search did not start")
        state = rooms.rooms[quick].state
        wait_for(lambda: state.current_player == 0, "the random bot waited behind a search")
        assert rooms.rooms[busy].state.current_player == 1


def reaction_window() -> tuple[GameSpec, bodoge.State, list[str]]:
    """Seat 1's reaction window, holding a reaction (``react R03``) to seat 0's spell."""
    game = bodoge.make("ruler-of-mana", players=2)
    setup = {"start_player": 0, "hands": {0: rm_ids("S19", "E1", "E1"), 1: rm_ids("R03", "F1")}}
    state = game.new_state(11, {**setup, "deck": rm_ids("S35")})
    state.apply("cast S19/2 @1 E1 E1")
    legal = [str(a) for a in state.legal_actions()]
    return GameSpec("ruler-of-mana", 2, "basic", None), state, legal


def test_with_every_worker_busy_a_reaction_is_answered_by_the_plan_at_its_time() -> None:
    spec, state, legal = reaction_window()

    async def run() -> tuple[str, float, bool]:
        pool = BotPool("thread", 1)
        held = pool._executor = Held()
        clock = Clock()
        pool.clock, pool.sleep = clock, clock.sleep
        busy = searching(1, "A", pool)
        await ticks()
        step = await pool.choose(spec, "hard", 1, state.view(1), legal, 5, "B", True)
        still = not busy.done() and list(held.started) == [1]
        held.end(1)
        await busy
        pool.close()
        return step, clock.now, still

    step, at, waited_for_nobody = asyncio.run(run())
    assert step in legal and waited_for_nobody
    assert at == bots.answer_delay(5)


class Instant(Executor):
    """The server's bot thread, deciding at once."""

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[str]:
        work: Future[str] = Future()
        work.set_result(fn(*args, **kwargs))
        return work


@pytest.mark.parametrize("search_ends", [False, True], ids=["search-late", "search-in-time"])
def test_a_reaction_with_options_is_answered_at_its_delay_by_the_search_if_it_came_else_the_plan(
    monkeypatch: pytest.MonkeyPatch, search_ends: bool
) -> None:
    spec, state, legal = reaction_window()
    monkeypatch.setattr(bots, "decide", lambda *args: "react R03")  # the plan; the search: pass

    async def run() -> tuple[str, float, list[int]]:
        pool = BotPool("thread", 1)
        held = pool._executor = Held()
        pool._quick = Instant()
        clock = Clock()

        async def sleep(seconds: float) -> None:
            if search_ends:
                held.end(5)  # the search comes while the answer waits for its delay
            await ticks()
            await clock.sleep(seconds)

        pool.clock, pool.sleep = clock, sleep
        asked = pool.choose(spec, "hard", 1, state.view(1), legal, 5, "B", True)
        step = await asyncio.wait_for(asked, 5)  # not waiting for the search
        busy = [pool._busy]
        if not search_ends:
            held.end(5)  # the search comes after the answer: dropped, its worker free again
            await ticks()
        busy.append(pool._busy)
        pool.close()
        return step, clock.now, busy

    step, at, busy = asyncio.run(run())
    assert legal == ["react R03", "pass"]
    assert at == bots.answer_delay(5), "released at the delay, neither sooner nor later"
    assert step == ("pass" if search_ends else "react R03"), "the search's step if it came"
    assert busy == ([0, 0] if search_ends else [1, 0]), "the worker busy until its search ends"


def test_a_bot_with_a_choice_starts_thinking_once_the_question_has_been_sent(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Thinking (the plan's thread, the pickling for a worker) holds the server's GIL: started
    before the question's frames were written, it held them back when the bot had a choice, so
    that its answer came sooner after them (``bots.FRAMES_OUT``)."""
    spec, state, legal = reaction_window()
    order: list[str] = []
    monkeypatch.setattr(bots, "decide", lambda *args: order.append("thinking") or "pass")

    async def run() -> list[str]:
        pool = BotPool("thread", 1)
        held = pool._executor = Held()
        pool._quick = Instant()
        clock = Clock()
        pool.clock, pool.sleep = clock, clock.sleep

        async def write() -> None:  # a connection's writer, the question queued for it
            await ticks()
            order.append(f"sent, {len(held.started)} searching")

        writer = asyncio.create_task(write())
        await pool.choose(spec, "hard", 1, state.view(1), legal, 5, "B", True)
        await writer
        pool.close()
        return order

    assert asyncio.run(run()) == ["sent, 0 searching", "thinking"]
