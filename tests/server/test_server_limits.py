"""What one server holds for how long, on a public address: rooms of the same options share one
game, one address makes a few rooms a minute and holds a few not started, a room nobody joined
closes after a day, the lobby lists the newest rooms only, companion rooms nobody changed for a
week go, and ``GET /health`` says what the server holds and whether its database answers."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa
from server_helpers import bearer, client, new_room, refused, started_room
from starlette.testclient import TestClient

from bodoge.core.i18n import text
from bodoge.server.app import ROOMS_LISTED
from bodoge.server.limits import MADE_PER_MINUTE, UNSTARTED_ROOMS, address_of
from bodoge.server.rooms import UNJOINED_HOURS, UNTOUCHED_DAYS

DAY = 86400.0


def in_rooms(c: TestClient) -> Any:
    return c.app.state.rooms  # type: ignore[attr-defined]


def test_rooms_of_the_same_options_share_one_game(sqlite_url: str, tmp_path: Path) -> None:
    """A game's card tables are made once for every room of the same game, players, variant and
    card file (a restart too), and the rooms still play apart."""
    cards = (Path(__file__).parents[2] / "src/bodoge/games/ruler_of_mana/cards.toml").read_text()
    with client(sqlite_url, tmp_path / "cards") as c:
        rooms = in_rooms(c)
        a = new_room(c, "ruler-of-mana", 3)["room"]
        b = new_room(c, "ruler-of-mana", 3)["room"]
        four = new_room(c, "ruler-of-mana", 4)["room"]
        expert = new_room(c, "ruler-of-mana", 3, variant="expert")["room"]
        own = new_room(c, "ruler-of-mana", 3, cards=cards, cards_name="mine.toml")["room"]
        again = new_room(c, "ruler-of-mana", 3, cards=cards, cards_name="mine.toml")["room"]
        game = rooms.rooms[a].game
        assert rooms.rooms[b].game is game
        others = [rooms.rooms[r].game for r in (four, expert, own)]
        assert len({id(g) for g in [game, *others]}) == 4
        assert rooms.rooms[again].game is rooms.rooms[own].game
        first, _ = started_room(c, "ruler-of-mana", 2, bots={1: "random"})
        second, _ = started_room(c, "ruler-of-mana", 2, bots={1: "random"})
        assert rooms.rooms[first].state is not rooms.rooms[second].state
    with client(sqlite_url, tmp_path / "cards") as c:
        rooms = in_rooms(c)
        assert rooms.rooms[a].game is rooms.rooms[b].game
        assert rooms.rooms[own].game is rooms.rooms[again].game


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_one_address_makes_a_few_rooms_a_minute(sqlite_url: str, tmp_path: Path, lang: str) -> None:
    """The next room past the limit is refused, 429 with one line in the person's language and
    when to try again; game rooms and companion rooms are counted apart, other addresses and
    the next minute are free."""
    with client(sqlite_url, tmp_path / "cards") as c:
        rooms = in_rooms(c)
        now = time.time()
        rooms.clock = lambda: now
        for _ in range(MADE_PER_MINUTE):
            new_room(c)
        body = {"game": "extreme-mission", "players": 2, "name": "Ann"}
        r = c.post(f"/api/rooms?lang={lang}", json=body)
        message = refused(r, 429)
        assert message == text("server.limit.made", lang, count=MADE_PER_MINUTE, seconds=60)
        assert r.headers["retry-after"] == "60"
        companion = {"game": "ruler-of-mana", "players": 2}
        for _ in range(MADE_PER_MINUTE):
            assert c.post("/api/companion", json=companion).status_code == 201
        refused(c.post("/api/companion", json=companion), 429)
        elsewhere = c.portal.call(  # type: ignore[union-attr]
            lambda: rooms.create("extreme-mission", 2, address=address_of("2001:db8::1"))
        )
        assert elsewhere[0].made_by == "2001:db8::/64"
        rooms.clock = lambda: now + 45
        assert refused(c.post("/api/rooms", json=body), 429).endswith("try again in 15 s")
        rooms.clock = lambda: now + 61
        assert c.post("/api/rooms", json=body).status_code == 201


def test_one_address_holds_a_few_rooms_not_started(sqlite_url: str, tmp_path: Path) -> None:
    """Past its rooms not started, an address is refused a new one until it starts (or leaves)
    one of them."""
    held = UNSTARTED_ROOMS * MADE_PER_MINUTE
    with client(sqlite_url, tmp_path / "cards") as c:
        rooms = in_rooms(c)
        now = time.time()
        made = []
        for n in range(held):
            rooms.clock = lambda n=n: now + 61 * (n // MADE_PER_MINUTE)
            made.append(new_room(c))
        rooms.clock = lambda: now + 61 * (held // MADE_PER_MINUTE)
        body = {"game": "extreme-mission", "players": 2, "name": "Ann"}
        message = refused(c.post("/api/rooms", json=body), 429)
        assert message == text("server.limit.unstarted", "en", count=held)
        first = made[0]
        seated = c.post(
            f"/api/rooms/{first['room']}/seats/1/bot",
            json={"level": "random"},
            headers=bearer(first["token"]),
        )
        assert seated.status_code == 200
        started = c.post(f"/api/rooms/{first['room']}/start", headers=bearer(first["token"]))
        assert started.status_code == 200
        assert c.post("/api/rooms", json=body).status_code == 201
        refused(c.post("/api/rooms", json=body), 429)
        c.post(f"/api/rooms/{made[1]['room']}/leave", headers=bearer(made[1]["token"]))
        assert c.post("/api/rooms", json=body).status_code == 201


def test_a_room_nobody_joined_closes_after_a_day(sqlite_url: str, tmp_path: Path) -> None:
    """Made and left: closed once nobody joined, touched or had it open for UNJOINED_HOURS;
    a room someone joined, one with bots only, or one whose page is open, is not; a restart
    does not bring it back."""
    with client(sqlite_url, tmp_path / "cards") as c:
        rooms = in_rooms(c)
        alone = new_room(c)["room"]
        bots = new_room(c)
        c.post(
            f"/api/rooms/{bots['room']}/seats/1/bot",
            json={"level": "easy"},
            headers=bearer(bots["token"]),
        )
        joined = new_room(c)["room"]
        c.post(f"/api/rooms/{joined}/seats/1", json={"name": "Bo"})
        watched = new_room(c)["room"]
        running, _ = started_room(c)
        now = time.time()
        rooms.clock = lambda: now + (UNJOINED_HOURS - 1) * 3600
        assert c.portal.call(rooms.close_unjoined) == []  # type: ignore[union-attr]
        rooms.clock = lambda: now + (UNJOINED_HOURS + 1) * 3600
        with c.websocket_connect(f"/ws/rooms/{watched}") as ws:
            ws.receive_json()  # the room frame: the connection is the room's
            closed = c.portal.call(rooms.close_unjoined)  # type: ignore[union-attr]
        assert sorted(closed) == sorted([alone, bots["room"]])
        assert c.get(f"/api/rooms/{alone}").json()["status"] == "closed"
        listed = {r["room"] for r in c.get("/api/rooms").json()["rooms"]}
        assert listed == {joined, watched, running}
    with client(sqlite_url, tmp_path / "cards") as c:
        listed = {r["room"] for r in c.get("/api/rooms").json()["rooms"]}
        assert listed == {joined, watched, running}


def test_the_lobby_lists_the_newest_rooms_only(sqlite_url: str, tmp_path: Path) -> None:
    with client(sqlite_url, tmp_path / "cards") as c:
        rooms = in_rooms(c)
        now = time.time()
        made = []
        for n in range(ROOMS_LISTED + 5):
            rooms.clock = lambda n=n: now + n
            room, _ = c.portal.call(lambda: rooms.create("extreme-mission", 2))  # type: ignore[union-attr]
            made.append(room.id)
        listed = [r["room"] for r in c.get("/api/rooms").json()["rooms"]]
        assert listed == made[::-1][:ROOMS_LISTED]


def test_companion_rooms_nobody_changed_for_a_week_are_deleted(
    sqlite_url: str, tmp_path: Path
) -> None:
    """Deleted with their log, on the sweep and at a start; one changed since is kept."""
    body = {"game": "ruler-of-mana", "players": 2}
    with client(sqlite_url, tmp_path / "cards") as c:
        companions = c.app.state.companions  # type: ignore[attr-defined]
        old = c.post("/api/companion", json=body).json()["room"]
        kept = c.post("/api/companion", json=body).json()["room"]
        stale = c.post("/api/companion", json=body).json()["room"]
        now = time.time()
        companions.clock = lambda: now + (UNTOUCHED_DAYS - 1) * DAY
        with c.websocket_connect(f"/ws/companion/{kept}") as ws:
            ws.receive_json()
            change = {"do": "damage", "seat": 0, "amount": 2}
            ws.send_json({"type": "change", "id": "k-1", "change": change})
            ws.receive_json()
        assert c.portal.call(companions.forget_untouched) == []  # type: ignore[union-attr]
        companions.clock = lambda: now + (UNTOUCHED_DAYS + 1) * DAY
        assert sorted(c.portal.call(companions.forget_untouched)) == sorted([old, stale])  # type: ignore[union-attr]
        assert c.get(f"/api/companion/{old}").status_code == 404
        assert c.get(f"/api/companion/{kept}").status_code == 200
    engine = sa.create_engine(sqlite_url)
    with engine.connect() as conn:
        rows = conn.execute(sa.text("SELECT DISTINCT room FROM companion_changes")).scalars()
        assert list(rows) == [kept]
    engine.dispose()


def test_companion_rooms_untouched_for_a_week_go_at_start(sqlite_url: str, tmp_path: Path) -> None:
    with client(sqlite_url, tmp_path / "cards") as c:
        old = c.post("/api/companion", json={"game": "ruler-of-mana", "players": 2}).json()["room"]
    engine = sa.create_engine(sqlite_url)
    with engine.begin() as conn:
        conn.execute(sa.text("UPDATE companions SET touched = touched - 8 * 86400"))
    engine.dispose()
    with client(sqlite_url, tmp_path / "cards") as c:
        assert c.get(f"/api/companion/{old}").status_code == 404


def test_health_counts_rooms_and_connections_and_nothing_else(
    sqlite_url: str, tmp_path: Path
) -> None:
    with client(sqlite_url, tmp_path / "cards") as c:
        made = new_room(c)
        room, tokens = started_room(c, bots={1: "random"})
        c.post("/api/companion", json={"game": "ruler-of-mana", "players": 2})
        with c.websocket_connect(f"/ws/rooms/{room}?token={tokens[0]}"):
            r = c.get("/health")
            assert r.status_code == 200
            assert r.json() == {
                "status": "ok",
                "database": "ok",
                "rooms": {"open": 1, "running": 1, "over": 0},
                "companions": 1,
                "connections": 1,
            }
        said = r.text
        assert made["room"] not in said and room not in said and made["token"] not in said


def test_health_is_503_when_the_database_does_not_answer(sqlite_url: str, tmp_path: Path) -> None:
    with client(sqlite_url, tmp_path / "cards") as c:
        storage = in_rooms(c).storage
        working = storage.engine
        storage.engine = sa.create_engine(f"sqlite:///{tmp_path / 'gone' / 'no.db'}")
        try:
            r = c.get("/health")
        finally:
            storage.engine.dispose()
            storage.engine = working
        assert r.status_code == 503
        assert (r.json()["status"], r.json()["database"]) == ("failing", "unreachable")
        assert c.get("/health").status_code == 200
