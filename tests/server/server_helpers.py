"""Helpers of the server tests: an app on a fresh database, rooms made through the API."""

from __future__ import annotations

import contextlib
import json
import random
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import sqlalchemy as sa
from starlette.testclient import TestClient

from bodoge.server.app import create_app
from bodoge.server.rooms import Room, RoomError
from bodoge.server.storage import engine_url


@contextmanager
def client(db_url: str, cards_dir: Path) -> Iterator[TestClient]:
    """A test client of the app on ``db_url``; bots think in a thread."""
    app = create_app(db_url, cards_dir=cards_dir, bot_workers="thread")
    with TestClient(app) as c:
        yield c


def rewritten(db_url: str, *statements: str) -> None:
    """Run ``statements`` on the database at ``db_url`` in one transaction, as an older (or a
    newer) bodoge would have left it: a column or table taken away, its schema version set."""
    engine = sa.create_engine(engine_url(db_url))
    with engine.begin() as conn:
        for statement in statements:
            conn.execute(sa.text(statement))
    engine.dispose()


def held(c: TestClient, room: str) -> Room:
    """The server's own room (its seats, state, connections)."""
    return c.app.state.rooms.rooms[room]  # type: ignore[attr-defined,no-any-return]


def refused(r: Any, status: int) -> str:
    """The one-line error of an answer that must be ``status``."""
    assert r.status_code == status, r.text
    message: str = r.json()["error"]
    assert message and "\n" not in message
    return message


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def new_room(c: TestClient, game: str = "extreme-mission", players: int = 2, **extra: Any) -> Any:
    r = c.post("/api/rooms", json={"game": game, "players": players, "name": "Ann", **extra})
    assert r.status_code == 201, r.text
    return r.json()


def started_room(
    c: TestClient,
    game: str = "extreme-mission",
    players: int = 2,
    bots: dict[int, str] | None = None,
) -> tuple[str, list[str | None]]:
    """A room whose seats are filled (people, or ``bots`` by seat) and whose game has started
    with seat 0 first; the room and each seat's token (None for a bot)."""
    made = new_room(c, game, players)
    room, tokens = made["room"], [made["token"]]
    for seat in range(1, players):
        if bots and seat in bots:
            r = c.post(
                f"/api/rooms/{room}/seats/{seat}/bot",
                json={"level": bots[seat]},
                headers=bearer(made["token"]),
            )
            assert r.status_code == 200, r.text
            tokens.append(None)
        else:
            r = c.post(f"/api/rooms/{room}/seats/{seat}", json={"name": f"P{seat}"})
            assert r.status_code == 200, r.text
            tokens.append(r.json()["token"])
    r = c.post(f"/api/rooms/{room}/start", json={"start_player": 0}, headers=bearer(made["token"]))
    assert r.status_code == 200, r.text
    return room, tokens


def play_to_the_end(c: TestClient, room: str, seed: int = 0) -> None:
    """Play a started room's game to its end with random legal steps for its people (its bots
    play themselves), through the rooms' own move path (checked, stored, told) but not over a
    websocket, so no frame limit slows it: Ruler of Mana ends in a second or two."""
    rooms = c.app.state.rooms  # type: ignore[attr-defined]
    held = rooms.rooms[room]
    rng = random.Random(seed)
    deadline = time.monotonic() + 120
    while held.status != "over":
        assert time.monotonic() < deadline, "the game did not end"
        state = held.state
        seat = state.current_player
        if seat is None or held.seats[seat].bot is not None:
            time.sleep(0.005)  # a bot's turn: it plays in the server's loop
            continue
        step = rng.choice([str(a) for a in state.legal_actions()])
        with contextlib.suppress(RoomError):  # a bot moved meanwhile (stale): look again
            c.portal.call(rooms.act, held, seat, step, len(state.history))  # type: ignore[union-attr]


def receive(ws: Any, kind: str) -> dict[str, Any]:
    """The next frame of type ``kind`` (frames of other types before it are skipped)."""
    for _ in range(100):
        frame: dict[str, Any] = json.loads(ws.receive_text())
        if frame["type"] == kind:
            return frame
    raise AssertionError(f"no {kind} frame")


def whole(frame: dict[str, Any], before: dict[str, Any] | None) -> dict[str, Any]:
    """A state frame with its whole log, as its connection knows it: the entries before its
    ``log_from`` are those of ``before``, the connection's previous frame made whole."""
    start = frame["log_from"]
    kept = before["view"]["log"][:start] if before is not None and start else []
    assert len(kept) == start, "a frame's log must follow on from the connection's last one"
    return {**frame, "log_from": 0, "view": {**frame["view"], "log": kept + frame["view"]["log"]}}


def act(ws: Any, action: str, seq: int) -> None:
    ws.send_text(json.dumps({"type": "act", "action": action, "seq": seq}))


def random_step(frame: dict[str, Any], rng: random.Random) -> str:
    legal: list[str] = frame["legal"]
    return legal[rng.randrange(len(legal))]


class Pacer:
    """Keeps a client under the server's 20 frames a second (automated clients pace themselves)."""

    def __init__(self, per_second: int = 18) -> None:
        self.per_second = per_second
        self.sent: list[float] = []

    def wait(self) -> None:
        now = time.monotonic()
        self.sent = [t for t in self.sent if t > now - 1.0]
        if len(self.sent) >= self.per_second:
            time.sleep(self.sent[0] + 1.0 - now)
        self.sent.append(time.monotonic())
