"""Ask me only when I can answer (bodoge.server.quiet): the server passes for a quiet seat whose
only step is ``pass``, whatever else the room's seats are doing."""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from server_helpers import bearer, client, held, receive, started_room
from starlette.testclient import TestClient

from bodoge.server import quiet


def test_quiet_seat_is_passed_for_when_it_can_only_pass(c: TestClient) -> None:
    """A seat that asked to be spared pass-only questions never has to answer one: the server
    passes for it after a short delay."""
    room, tokens = started_room(c, "ruler-of-mana", bots={1: "random"})
    spared = 0
    with c.websocket_connect(f"/ws/rooms/{room}?token={tokens[0]}") as ws:
        ws.send_text(json.dumps({"type": "quiet", "on": True}))
        while True:
            frame = receive(ws, "state")
            if frame["view"]["is_over"] or spared >= 2:
                break
            if frame["legal"] == ["pass"]:
                spared += 1  # not answered: the server must pass, and the game go on
            elif frame["legal"]:
                step = "draw" if "draw" in frame["legal"] else frame["legal"][0]
                time.sleep(0.06)
                ws.send_text(json.dumps({"type": "act", "action": step, "seq": frame["seq"]}))
        ws.send_text(json.dumps({"type": "quiet", "on": "yes"}))
        error = receive(ws, "error")
        assert "on" in error["message"]
    assert spared >= 1


def test_quiet_delay_is_short_and_repeatable() -> None:
    delays = [quiet.quiet_delay(1, 1, seq) for seq in range(50)]
    assert all(0.4 <= d <= 1.6 for d in delays) and len(set(delays)) > 40
    assert delays == [quiet.quiet_delay(1, 1, seq) for seq in range(50)]


def test_a_quiet_seat_asked_again_by_its_own_pass_is_passed_for_again(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A quiet pass can bring the same seat a second pass-only question (Ruler of Mana: no
    reaction to a spell, then nothing to survive its damage with). The second must be passed
    for too, though it is raised while the first pass's task is still ending."""
    monkeypatch.setattr(quiet, "DELAY", (0.0, 0.01))
    questions = [["pass"], ["pass"], ["draw", "pass"]]  # what seat 1 may do, question by question
    passed: list[int] = []
    state = SimpleNamespace(current_player=1, legal_actions=lambda: questions[len(passed)])
    room = SimpleNamespace(
        id="r",
        state=state,
        status="running",
        quiet={1},
        quiet_task=None,
        seq=0,
        game_no=1,
        seed=3,
        seats=[SimpleNamespace(bot=None)] * 2,  # people's seats: a bot's is the bot's to answer
    )

    class Rooms:
        async def act(self, room: Any, seat: int, action: str, seq: int, game_no: int) -> None:
            passed.append(seat)
            room.seq += 1
            quiet.kick(self, room)  # as ``Rooms.act`` does once the move is played

        async def until_stored(self, room: Any, move: Callable[[], Awaitable[None]]) -> None:
            await move()  # stored at once

    async def play() -> None:
        quiet.kick(Rooms(), room)
        for _ in range(100):
            await asyncio.sleep(0.01)

    asyncio.run(play())
    assert passed == [1, 1]  # both pass-only questions, and not the one with a choice


def test_a_quiet_seat_is_passed_for_after_a_quiet_seat_s_leaver_bot_answered_first(
    sqlite_url: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Ann and Ben both asked to be spared pass-only questions; Ben left, a bot plays his seat.
    His wish went with him: the bot answers his questions, and no pass the server meant for his
    seat (stale once the bot had answered) keeps the server from passing for Ann. Before, such a
    pass held the room's one quiet task while Ann was asked, and she waited for ever."""
    # The server's passes wait longer than the bot's answers (0.4 to 0.8 s), all of them: the
    # race a page met now and then, made to happen at each question
    monkeypatch.setattr(quiet, "DELAY", (2.5, 2.5))
    with client(sqlite_url, tmp_path / "cards") as c:
        rooms = c.app.state.rooms  # type: ignore[attr-defined]
        room, tokens = started_room(c, "ruler-of-mana", players=2)
        table = held(c, room)
        for seat in (0, 1):
            c.portal.call(quiet.set_quiet, rooms, table, seat, True)  # type: ignore[union-attr]
        r = c.post(f"/api/rooms/{room}/leave", headers=bearer(tokens[1] or ""))
        assert r.status_code == 200, r.text
        assert table.seats[1].bot is not None and 1 not in table.quiet
        passed, deadline = 0, time.monotonic() + 120
        asked: tuple[int, float] | None = None  # the step Ann was asked to pass alone at, when
        while table.status == "running" and passed < 4:
            assert time.monotonic() < deadline, f"{passed} quiet passes in 120 s"
            state = table.state
            at = len(state.history)
            if asked is not None and at != asked[0]:
                passed, asked = passed + 1, None
            legal = [str(a) for a in state.legal_actions()] if state.current_player == 0 else []
            if legal == ["pass"]:
                asked = asked or (at, time.monotonic())
                # the server's pass comes after 2.5 s
                assert time.monotonic() - asked[1] < 10, "the server never passed for Ann"
            elif legal:
                # Ann casts what she can at once (the first step is a cast where there is one)
                c.portal.call(rooms.act, table, 0, legal[0], at)  # type: ignore[union-attr]
            time.sleep(0.005)
        assert passed >= 4 or table.status == "over"
