"""Storage, the same tests on SQLite and on a real PostgreSQL (BODOGE_TEST_POSTGRES): the schema
and its migration path, rooms and moves kept exactly, a restart of the app restoring every room
and game (seq, views, legal steps), and bots carrying on after it."""

from __future__ import annotations

import hashlib
import json
import random
from pathlib import Path

import pytest
import sqlalchemy as sa
from server_helpers import (
    Pacer,
    act,
    bearer,
    client,
    play_to_the_end,
    random_step,
    receive,
    rewritten,
    started_room,
    whole,
)

from bodoge.server.rooms import hash_token
from bodoge.server.storage import (
    SCHEMA_VERSION,
    ChatRecord,
    RoomRecord,
    SeatRecord,
    Storage,
    StorageError,
    engine_url,
)


def test_a_new_database_gets_the_current_schema(db_url: str) -> None:
    db = Storage(db_url)
    assert db.version() == SCHEMA_VERSION
    names = set(sa.inspect(db.engine).get_table_names())
    assert {"schema_version", "rooms", "seats", "moves", "chat"} <= names
    db.close()
    assert Storage(db_url).version() == SCHEMA_VERSION  # opening again migrates nothing


def test_a_database_of_a_newer_schema_is_refused(db_url: str) -> None:
    Storage(db_url).close()
    rewritten(db_url, "UPDATE schema_version SET version = 99")
    with pytest.raises(StorageError, match="schema version 99"):
        Storage(db_url)


def test_an_unreachable_database_is_one_line() -> None:
    with pytest.raises(StorageError) as err:
        Storage("postgresql://nobody@127.0.0.1:1/none")
    assert "\n" not in str(err.value)


def test_a_database_password_is_never_in_an_error() -> None:
    for url in (
        "postgresql://bodoge:hunter2@127.0.0.1:1/bodoge",  # unreachable
        "postgresql://bodoge:hunter2@127.0.0.1:port/bodoge",  # not a URL
    ):
        with pytest.raises(StorageError) as err:
            Storage(url)
        assert "hunter2" not in str(err.value) and "bodoge:***@127.0.0.1" in str(err.value)


def test_rooms_moves_and_chat_round_trip(db_url: str) -> None:
    db = Storage(db_url)
    seats = [SeatRecord(0, "アン", None, "h" * 64), SeatRecord(1, None, "hard", None)]
    record = RoomRecord(
        "r1", "ruler-of-mana", 2, "expert", "[[spell]]", "mine.toml", 0, "running", 1,
        2**61 + 5, {"start_player": 1}, 1.5, 2.5, seats,
    )  # fmt: skip
    db.save_room(record)
    db.add_moves("r1", 1, 0, ["draw", "keep S12"], touched=3.0)
    db.add_moves("r1", 1, 2, ["pass"], touched=4.0, status="over")
    with pytest.raises(sa.exc.IntegrityError):
        db.add_moves("r1", 1, 2, ["draw"], touched=5.0)  # seq 2 is taken: one writer wins
    db.add_chat("r1", ChatRecord(0, "アン", "<b>やあ</b>", 4.5))
    (loaded,) = db.load_rooms()
    assert loaded.history == ["draw", "keep S12", "pass"]
    assert (loaded.status, loaded.touched, loaded.seed, loaded.setup) == (
        "over", 4.5, 2**61 + 5, {"start_player": 1},
    )  # fmt: skip
    assert loaded.seats == seats and loaded.cards == "[[spell]]"
    assert db.recent_chat("r1", 10) == [ChatRecord(0, "アン", "<b>やあ</b>", 4.5)]
    # A rematch's moves are a new game's; the old ones stay for its replay.
    record.game_no, record.status = 2, "running"
    db.save_room(record)
    db.add_moves("r1", 2, 0, ["draw"], touched=6.0)
    assert db.load_rooms()[0].history == ["draw"]
    assert db.history("r1", 1) == ["draw", "keep S12", "pass"]
    assert db.close_untouched(before=7.0) == ["r1"] and db.load_rooms() == []


def test_closed_rooms_are_kept_until_forgotten_then_deleted_whole(db_url: str) -> None:
    """A closed room is found (seats, kept games) until ``forget_closed`` deletes it, once it
    was last touched before the time given, with every row of it; an open room never is."""
    db = Storage(db_url)
    for room, status, touched, cards in (
        ("old", "closed", 5.0, "[[a]]"),
        ("new", "closed", 50.0, "[[b]]"),
        ("live", "open", 1.0, None),
    ):
        seats = [SeatRecord(0, "Ann", None, "h" * 64), SeatRecord(1, None, "easy")]
        db.save_room(RoomRecord(room, "ruler-of-mana", 2, "basic", cards, "mine.toml", 0, "running",
                                1, 7, {"start_player": 0}, 1.0, touched, seats))  # fmt: skip
        db.add_moves(room, 1, 0, ["draw"], touched=touched)
        db.add_chat(room, ChatRecord(0, "Ann", "gg", touched))
        db.save_room(RoomRecord(room, "ruler-of-mana", 2, "basic", cards, "mine.toml", 0, status,
                                1, 7, {"start_player": 0}, 1.0, touched, seats))  # fmt: skip
    assert db.closed_room("live") is None and db.closed_room("nowhere") is None
    kept = db.closed_room("old")
    assert kept is not None and (kept.status, kept.games, kept.history) == ("closed", [1], [])
    assert [(s.name, s.bot) for s in kept.seats] == [("Ann", None), (None, "easy")]
    digest = {text: hashlib.sha256(text.encode()).hexdigest() for text in ("[[a]]", "[[b]]")}
    assert db.card_files() == set(digest.values())
    assert db.forget_closed(before=10.0) == ["old"]
    assert db.closed_room("old") is None and db.game("old", 1) is None
    assert db.history("old", 1) == [] and db.recent_chat("old", 10) == []
    with db.engine.connect() as conn:
        left = conn.execute(sa.text("SELECT COUNT(*) FROM seats WHERE room = 'old'")).scalar()
    assert left == 0
    assert db.card_files() == {digest["[[b]]"]}
    assert db.closed_room("new") is not None and db.game("new", 1) is not None
    assert [r.room for r in db.load_rooms()] == ["live"]
    assert db.forget_closed(before=1000.0) == ["new"] and db.forget_closed(before=1000.0) == []
    db.close()


def test_a_restart_restores_every_room_and_game_exactly(db_url: str, tmp_path: Path) -> None:
    rng = random.Random(2)
    with client(db_url, tmp_path / "cards") as c:
        room, tokens = started_room(c, "ruler-of-mana", players=2)
        pacer = Pacer()
        with (
            c.websocket_connect(f"/ws/rooms/{room}?token={tokens[0]}") as ann,
            c.websocket_connect(f"/ws/rooms/{room}?token={tokens[1]}") as bob,
        ):
            latest = [receive(ann, "state"), receive(bob, "state")]
            for _ in range(25):
                mover = latest[0]["view"]["current_player"]
                pacer.wait()
                act([ann, bob][mover], random_step(latest[mover], rng), latest[mover]["seq"])
                latest = [
                    whole(receive(ann, "state"), latest[0]),
                    whole(receive(bob, "state"), latest[1]),
                ]
        open_room = c.post("/api/rooms", json={"game": "extreme-mission", "name": "Cy"}).json()
    with client(db_url, tmp_path / "cards") as c:
        assert c.get(f"/api/rooms/{open_room['room']}").json()["status"] == "open"
        for seat in (0, 1):
            with c.websocket_connect(f"/ws/rooms/{room}?token={tokens[seat]}") as ws:
                again = receive(ws, "state")
                assert again == latest[seat]  # the same seq, view and legal steps
        with c.websocket_connect(f"/ws/rooms/{room}?token={tokens[0]}") as ann:
            state = receive(ann, "state")
            if state["legal"]:
                act(ann, state["legal"][0], state["seq"])
                assert receive(ann, "state")["seq"] == state["seq"] + 1


def test_a_database_of_schema_2_gets_the_rematch_columns(db_url: str) -> None:
    """A database made before rematches were agreed on (version 2: no ``rooms.rematch`` nor
    ``rooms.rematch_first``) is brought up to date when opened, and keeps its rooms."""
    db = Storage(db_url)
    db.save_room(RoomRecord("r1", "ruler-of-mana", 2, "basic", seats=[SeatRecord(0, "Ann")]))
    db.close()
    rewritten(
        db_url,
        "ALTER TABLE rooms DROP COLUMN rematch",
        "ALTER TABLE rooms DROP COLUMN rematch_first",
        "UPDATE schema_version SET version = 2",
    )
    db = Storage(db_url)
    assert db.version() == SCHEMA_VERSION
    (loaded,) = db.load_rooms()
    assert (loaded.room, loaded.rematch, loaded.rematch_first) == ("r1", [], None)
    loaded.status, loaded.rematch, loaded.rematch_first = "over", [0], 1
    db.save_room(loaded)
    (again,) = db.load_rooms()
    assert (again.rematch, again.rematch_first) == ([0], 1)
    db.close()


def test_a_database_of_schema_3_keeps_each_game_from_then_on(db_url: str) -> None:
    """A database made before every game of a room was kept (version 3: no ``games``) is brought
    up to date when opened: each room's current game is kept from the room's row (the seeds of
    the games before it were never stored), and each game begun from then on is kept too."""
    db = Storage(db_url)
    seats = [SeatRecord(0, "Ann"), SeatRecord(1, bot="easy")]
    record = RoomRecord("r1", "ruler-of-mana", 2, "basic", status="over", game_no=2, seats=seats)
    record.seed, record.setup = 2**61 + 5, {"start_player": 1}
    db.save_room(record)
    db.save_room(RoomRecord("r2", "extreme-mission", 2, "basic", seats=[SeatRecord(0, "Bo")]))
    db.add_moves("r1", 1, 0, ["pass"], touched=1.0)
    db.add_moves("r1", 2, 0, ["draw", "pass"], touched=2.0)
    db.close()
    rewritten(db_url, "DROP TABLE games", "UPDATE schema_version SET version = 3")
    db = Storage(db_url)
    assert db.version() == SCHEMA_VERSION
    assert [(r.room, r.games) for r in sorted(db.load_rooms(), key=lambda r: r.room)] == [
        ("r1", [2]),
        ("r2", []),
    ]
    kept = db.game("r1", 2)
    assert kept is not None and (kept.seed, kept.setup, kept.history, kept.seats) == (
        2**61 + 5, {"start_player": 1}, ["draw", "pass"], None,
    )  # fmt: skip
    assert db.game("r1", 1) is None  # its seed was never stored: no replay of it
    # a rematch: game 3 is kept, with the seats it began with, and game 2 stays
    record.game_no, record.seed, record.status = 3, 99, "running"
    db.save_room(record)
    record.seats = [SeatRecord(0, bot="easy"), SeatRecord(1, bot="easy")]  # Ann left
    db.save_room(record)
    assert {r.room: r.games for r in db.load_rooms()}["r1"] == [2, 3]
    third = db.game("r1", 3)
    assert third is not None and (third.seed, third.history) == (99, [])
    assert third.seats == [{"name": "Ann", "bot": None}, {"name": None, "bot": "easy"}]
    assert db.game("r1", 2) == kept
    db.close()


def test_agreements_to_a_rematch_survive_a_restart(db_url: str, tmp_path: Path) -> None:
    with client(db_url, tmp_path / "cards") as c:
        room, tokens = started_room(c, "ruler-of-mana", players=2)
        play_to_the_end(c, room)
        r = c.post(
            f"/api/rooms/{room}/rematch", json={"start_player": 1}, headers=bearer(tokens[0])
        )
        assert r.json() == {"rematch": [0], "started": False}
    with client(db_url, tmp_path / "cards") as c:
        summary = c.get(f"/api/rooms/{room}").json()
        assert (summary["status"], summary["rematch"]) == ("over", [0])
        r = c.post(f"/api/rooms/{room}/rematch", headers=bearer(str(tokens[1])))
        assert r.json() == {"rematch": [0, 1], "started": True}
        assert c.app.state.rooms.rooms[room].setup == {"start_player": 1}  # type: ignore[attr-defined]


def test_bots_carry_on_after_a_restart(db_url: str, tmp_path: Path) -> None:
    # A stored game in which the bot of seat 1 must move, as a server stopped mid-thought
    # leaves it.
    db = Storage(db_url)
    seats = [SeatRecord(0, "Ann", None, hash_token("ann-token")), SeatRecord(1, None, "random")]
    record = RoomRecord("r1", "ruler-of-mana", 2, "basic", status="running", game_no=1)
    record.seed, record.setup, record.seats = 11, {"start_player": 1}, seats
    record.created = record.touched = 1e12
    db.save_room(record)
    db.close()
    with (
        client(db_url, tmp_path / "cards") as c,
        c.websocket_connect("/ws/rooms/r1?token=ann-token") as ann,
    ):
        state = receive(ann, "state")
        while state["view"]["current_player"] == 1:
            state = receive(ann, "state")
        assert state["seq"] > 0 and state["legal"]


def test_frames_carry_no_seed_and_no_token(db_url: str, tmp_path: Path) -> None:
    with client(db_url, tmp_path / "cards") as c:
        room, tokens = started_room(c, "ruler-of-mana", players=2, bots={1: "random"})
        with c.websocket_connect(f"/ws/rooms/{room}?token={tokens[0]}") as ws:
            frames = [ws.receive_text(), ws.receive_text()]  # the room, the state
            state = json.loads(frames[-1])
            act(ws, state["legal"][0], state["seq"])
            frames.append(ws.receive_text())
        seed = None
        engine = sa.create_engine(engine_url(db_url))
        with engine.connect() as conn:
            seed = conn.execute(sa.text("SELECT seed FROM rooms")).scalar()
            hashes = list(conn.execute(sa.text("SELECT token_hash FROM seats")).scalars())
        engine.dispose()
        text = "".join(frames) + json.dumps(c.get(f"/api/rooms/{room}").json())
        assert str(seed) not in text
        assert str(tokens[0]) not in text and all(h is None or h not in text for h in hashes)
        assert str(tokens[0]) not in " ".join(h or "" for h in hashes)  # stored hashed
