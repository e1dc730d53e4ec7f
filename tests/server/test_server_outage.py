"""The server while its database fails (gone, restarting, full): a move the server makes itself
(a bot's, a quiet seat's pass) is tried again until it is stored, the room told meanwhile; a
person's move is refused in one line and may be sent again; the log says once that the database
is unavailable and once that it is back, with no traceback and no step (a stored step may be
secret: an exchange offer, a draft pick)."""

from __future__ import annotations

import json
import logging
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa
from server_helpers import act, bearer, client, new_room, receive, started_room

from bodoge.server import app as app_module
from bodoge.server import quiet
from bodoge.server import rooms as rooms_module
from bodoge.server.storage import Moves, RoomRecord, Storage, engine_url

RETRYING = "the server cannot save right now; retrying"
FAILED = "the server cannot save right now; nothing changed, try again"


class Failing(Storage):
    """A storage whose next ``fail`` commits of moves (``fail_saves`` of rooms) fail as a
    database that went away does."""

    fail = 0  # on the class: the app makes its own storage
    fail_saves = 0

    def add_moves_many(self, batch: Sequence[Moves]) -> None:
        if Failing.fail > 0:
            Failing.fail -= 1
            raise gone()
        super().add_moves_many(batch)

    def save_room(self, record: RoomRecord) -> None:
        if Failing.fail_saves > 0:
            Failing.fail_saves -= 1
            raise gone()
        super().save_room(record)


def gone() -> sa.exc.OperationalError:
    lost = ConnectionError("server closed the connection unexpectedly\nmore words")
    return sa.exc.OperationalError("INSERT …", None, lost)


@pytest.fixture
def failing(monkeypatch: pytest.MonkeyPatch) -> type[Failing]:
    monkeypatch.setattr(app_module, "Storage", Failing)
    monkeypatch.setattr(rooms_module, "RETRY_FIRST", 0.05)  # 0.05, 0.1, 0.2… seconds
    # no lease renewal meanwhile: it would find this database, whose moves alone fail, back
    monkeypatch.setattr(app_module, "RENEW_SECONDS", 3600.0)
    Failing.fail = Failing.fail_saves = 0
    return Failing


def until(done: Callable[[], bool], what: str, seconds: float = 20) -> None:
    deadline = time.monotonic() + seconds
    while not done():
        assert time.monotonic() < deadline, what
        time.sleep(0.01)


def errors_until(ws: Any, seq: int) -> tuple[list[str], dict[str, Any]]:
    """The error frames' lines before the first state frame at ``seq`` or later, and that frame
    (the frames of the start may come twice: once to the connection as it arrives)."""
    said = []
    while True:
        frame = json.loads(ws.receive_text())
        if frame["type"] == "error":
            said.append(frame["message"])
        elif frame["type"] == "state" and frame["seq"] >= seq:
            return said, frame


def outage_lines(caplog: pytest.LogCaptureFixture) -> list[str]:
    return [
        r.getMessage()
        for r in caplog.records
        if r.name == "bodoge.server" and r.levelno >= logging.INFO and "database" in r.getMessage()
    ]


def test_a_bot_move_the_database_fails_is_tried_again_until_stored(
    sqlite_url: str, tmp_path: Path, failing: type[Failing], caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO, "bodoge.server")
    with client(sqlite_url, tmp_path / "cards") as c:
        made = new_room(c, "ruler-of-mana", 2)
        room, ann = made["room"], made["token"]
        r = c.post(f"/api/rooms/{room}/seats/1/bot", json={"level": "random"}, headers=bearer(ann))
        assert r.status_code == 200, r.text
        held = c.app.state.rooms.rooms[room]  # type: ignore[attr-defined]
        stored = c.app.state.rooms.storage.history  # type: ignore[attr-defined]
        with c.websocket_connect(f"/ws/rooms/{room}?token={ann}") as ws:
            receive(ws, "room")
            failing.fail = 3  # the bot's first move fails three times
            r = c.post(f"/api/rooms/{room}/start", json={"start_player": 1}, headers=bearer(ann))
            assert r.status_code == 200, r.text
            until(lambda: len(stored(room, 1)) > 0, "the bot's move was never stored")
            said, state = errors_until(ws, 1)
            assert said == [RETRYING] * 3 and state["seq"] == 1
            # the game goes on: the bot ends its play, and Ann is asked
            until(lambda: held.state.current_player == 0, "Ann was never asked")
            while not state["legal"]:
                state = receive(ws, "state")
            failing.fail = 1  # Ann's own move fails once: she sends it again
            act(ws, state["legal"][0], state["seq"])
            frame = json.loads(ws.receive_text())
            assert (frame["type"], frame["message"]) == ("error", FAILED)
            act(ws, state["legal"][0], state["seq"])
            assert receive(ws, "state")["seq"] == state["seq"] + 1
    gone = "the database is unavailable: ConnectionError: server closed the connection unexpectedly"
    lines = outage_lines(caplog)  # one outage for the bot's three tries, one for Ann's move
    assert lines == [gone, "the database is available again"] * 2, lines
    assert not [r for r in caplog.records if r.exc_info and r.levelno >= logging.INFO]


def test_a_quiet_pass_the_database_fails_is_tried_again_until_stored(
    sqlite_url: str, tmp_path: Path, failing: type[Failing]
) -> None:
    with client(sqlite_url, tmp_path / "cards") as c:
        rooms = c.app.state.rooms  # type: ignore[attr-defined]
        room, _ = started_room(c, "ruler-of-mana", players=2, bots={1: "random"})
        held = rooms.rooms[room]
        c.portal.call(quiet.set_quiet, rooms, held, 0, True)  # type: ignore[union-attr]
        deadline = time.monotonic() + 60
        while True:  # Ann plays until she is asked a question she can only pass
            assert time.monotonic() < deadline, "Ann was never asked to pass alone"
            state = held.state
            legal = [str(a) for a in state.legal_actions()] if state.current_player == 0 else []
            if legal == ["pass"]:
                break  # the server passes for her in 0.4 to 1.6 s
            if legal:
                c.portal.call(rooms.act, held, 0, legal[-1], len(state.history))  # type: ignore[union-attr]
            time.sleep(0.005)
        seq, failing.fail = len(state.history), 2
        stored = rooms.storage.history
        until(lambda: len(stored(room, 1)) > seq, "the quiet pass was never stored")
        assert stored(room, 1)[seq] == "pass" and failing.fail == 0


def test_a_change_the_database_fails_is_undone(
    sqlite_url: str, tmp_path: Path, failing: type[Failing]
) -> None:
    """A seat taken, a start: refused in one line when the room cannot be stored, and nothing
    changed, as the line says; sent again, they are done."""
    with client(sqlite_url, tmp_path / "cards") as c:
        made = new_room(c, "ruler-of-mana", 2)
        room, ann = made["room"], made["token"]
        for path, body, headers, undone in (
            ("seats/1", {"name": "Bo"}, {}, lambda s: not s["seats"][1]["taken"]),
            ("start", {}, bearer(ann), lambda s: s["status"] == "open" and s["game_no"] == 0),
        ):
            failing.fail_saves = 1
            r = c.post(f"/api/rooms/{room}/{path}", json=body, headers=headers)
            assert (r.status_code, r.json()) == (503, {"error": FAILED})
            assert undone(c.get(f"/api/rooms/{room}").json())
            r = c.post(f"/api/rooms/{room}/{path}", json=body, headers=headers)
            assert r.status_code == 200, r.text
        assert c.get(f"/api/rooms/{room}").json()["status"] == "running"


def test_a_refused_write_is_one_line_without_the_secret_step(
    db_url: str, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """Ann's exchange offer is refused by the database (a row stored at its seq by another
    writer): her page says so in one line, and the log says so in one line, with neither the
    offer (a secret until it is revealed) nor a traceback, at debug level too."""
    with client(db_url, tmp_path / "cards") as c:
        room, tokens = started_room(c, "ruler-of-mana", players=2)
        with c.websocket_connect(f"/ws/rooms/{room}?token={tokens[0]}") as ws:
            state = receive(ws, "state")
            act(ws, "exchange", state["seq"])
            state = receive(ws, "state")
            offer = state["legal"][-1]
            assert offer.startswith("offer ")
            engine = sa.create_engine(engine_url(db_url))
            with engine.begin() as conn:
                conn.execute(
                    sa.text("INSERT INTO moves VALUES (:room, 1, :seq, 'draw')"),
                    {"room": room, "seq": state["seq"]},
                )
            engine.dispose()
            caplog.set_level(logging.DEBUG)
            act(ws, offer, state["seq"])
            assert receive(ws, "error")["message"] == FAILED
    assert offer not in caplog.text and offer.split()[1] not in caplog.text
    lines = outage_lines(caplog)
    assert len(lines) == 1 and lines[0].startswith("the database refused a change: "), lines
    assert not [r for r in caplog.records if r.exc_info and r.levelno >= logging.INFO]
