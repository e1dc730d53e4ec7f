"""Someone who leaves a game under way: their name stays on the seat for that game, marked as
left, the easy bot playing it on, and their token no longer holds it; the record says the same;
after the game the seat is free for anyone (the leaver too, by their own name), and the rematch
waits for whoever takes it; nobody taking it, the bot plays it, a bot's seat, in the next game."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console
from server_helpers import (
    bearer,
    client,
    held,
    play_to_the_end,
    receive,
    refused,
    rewritten,
    started_room,
)
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from bodoge.play.replay import TerminalReplay, load_record
from bodoge.server.storage import SCHEMA_VERSION, RoomRecord, SeatRecord, Storage


def seat(c: TestClient, room: str, n: int) -> dict[str, Any]:
    found: dict[str, Any] = c.get(f"/api/rooms/{room}").json()["seats"][n]
    return found


def a_step(c: TestClient, room: str) -> None:
    """The seat to move makes its first legal step (a person's, the game's first turn)."""
    place = held(c, room)
    state = place.state
    assert state is not None and state.current_player is not None
    step = str(state.legal_actions()[0])
    c.portal.call(c.app.state.rooms.act, place, state.current_player, step, len(state.history))  # type: ignore[attr-defined,union-attr]


def left_midgame(c: TestClient) -> tuple[str, list[str], int]:
    """Ann, P1 and P2 play Ruler of Mana; each of Ann and P1 makes a step, then P1 leaves: the
    room, the tokens and the step P1 left at."""
    room, tokens = started_room(c, "ruler-of-mana", players=3)
    state = held(c, room).state
    assert state is not None
    while state.current_player != 1:  # Ann plays till P1 is to move, and P1 makes a step
        a_step(c, room)
    a_step(c, room)
    at = len(state.history)
    assert c.post(f"/api/rooms/{room}/leave", headers=bearer(str(tokens[1]))).status_code == 200
    return room, [str(t) for t in tokens], at


LEFT = {"name": "P1", "bot": "easy", "taken": True, "left": True, "away": None}


def test_leaving_mid_game_keeps_the_name_on_the_seat_and_revokes_the_token(c: TestClient) -> None:
    room, tokens = started_room(c, "ruler-of-mana", players=3)
    ann, bob = str(tokens[0]), str(tokens[1])
    with c.websocket_connect(f"/ws/rooms/{room}?token={ann}") as ws:
        receive(ws, "room")
        a_step(c, room)
        c.post(f"/api/rooms/{room}/leave", headers=bearer(bob))
        told = receive(ws, "room")
    assert told["seats"][1] == LEFT  # the room frame the others get
    assert seat(c, room, 1) == LEFT and seat(c, room, 0)["left"] is False
    assert bob not in json.dumps(c.get(f"/api/rooms/{room}").json())
    # the token is refused with one line saying why, on every route and the websocket
    said = refused(c.post(f"/api/rooms/{room}/rematch", headers=bearer(bob)), 401)
    assert said.startswith("you left your seat in this game"), said
    refused(c.post(f"/api/rooms/{room}/leave", headers=bearer(bob)), 401)
    assert "抜けました" in refused(
        c.post(f"/api/rooms/{room}/leave?lang=ja", headers=bearer(bob)), 401
    )
    assert c.get(f"/api/rooms/{room}/you", headers=bearer(bob)).json() == {"you": None}
    with c.websocket_connect(f"/ws/rooms/{room}?token={bob}") as ws:
        assert receive(ws, "error")["message"].startswith("you left your seat")
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_text()
    assert closed.value.code == 4401
    # the seat is not free while the game is under way, by any name
    refused(c.post(f"/api/rooms/{room}/seats/1", json={"name": "P1"}), 409)
    refused(c.post(f"/api/rooms/{room}/seats/1", json={"name": "Dee"}), 409)
    # nobody may let a bot play it: nobody is away there
    refused(c.post(f"/api/rooms/{room}/seats/1/away", headers=bearer(ann)), 409)


def test_the_creator_leaving_mid_game_hands_the_role_to_a_person(c: TestClient) -> None:
    room, tokens = started_room(c, "ruler-of-mana", players=3)
    c.post(f"/api/rooms/{room}/leave", headers=bearer(str(tokens[0])))
    summary = c.get(f"/api/rooms/{room}").json()
    assert summary["creator"] == 1 and summary["seats"][0]["left"] is True
    c.post(f"/api/rooms/{room}/leave", headers=bearer(str(tokens[1])))
    assert c.get(f"/api/rooms/{room}").json()["creator"] == 2
    c.post(f"/api/rooms/{room}/leave", headers=bearer(str(tokens[2])))  # the last person
    assert c.get(f"/api/rooms/{room}").json()["status"] == "closed"
    # the game they all left is replayable in the closed room, each marked as having left
    seats = c.get(f"/api/rooms/{room}/replay").json()["seats"]
    assert [s["name"] for s in seats] == ["Ann", "P1", "P2"]
    assert seats[0]["left"] == 0 and all(isinstance(s["left"], int) for s in seats)


def test_after_the_game_the_leavers_seat_is_free_and_the_rematch_waits(c: TestClient) -> None:
    room, tokens, _ = left_midgame(c)
    ann, _, cy = tokens
    play_to_the_end(c, room)
    assert seat(c, room, 1) == LEFT  # the result names P1, left, for the game just over
    url = f"/api/rooms/{room}/rematch"
    assert c.post(url, headers=bearer(ann)).json() == {"rematch": [0], "started": False}
    # the leaver comes back by the room's link, by the same name, and sits again
    r = c.post(f"/api/rooms/{room}/seats/1", json={"name": "p1"})
    assert r.status_code == 200, r.text
    back = r.json()["token"]
    assert seat(c, room, 1) == {
        "name": "p1", "bot": None, "taken": True, "left": False, "away": seat(c, room, 1)["away"],
    }  # fmt: skip
    refused(c.post(f"/api/rooms/{room}/seats/1", json={"name": "Dee"}), 409)  # taken now
    assert c.post(url, headers=bearer(cy)).json() == {"rematch": [0, 2], "started": False}
    assert c.post(url, headers=bearer(back)).json() == {"rematch": [0, 1, 2], "started": True}
    summary = c.get(f"/api/rooms/{room}").json()
    assert (summary["game_no"], summary["seats"][1]["name"]) == (2, "p1")


def test_nobody_taking_it_the_rematch_has_a_bot_there_and_the_name_is_free(c: TestClient) -> None:
    room, tokens, _ = left_midgame(c)
    ann, _, cy = tokens
    play_to_the_end(c, room)
    url = f"/api/rooms/{room}/rematch"
    c.post(url, headers=bearer(ann))
    assert c.post(url, headers=bearer(cy)).json()["started"] is True
    assert seat(c, room, 1) == {
        "name": None,
        "bot": "easy",
        "taken": True,
        "left": False,
        "away": None,
    }
    play_to_the_end(c, room, seed=1)
    # between games a bot's own seat is the creator's, not free for anyone
    refused(c.post(f"/api/rooms/{room}/seats/1", json={"name": "P1"}), 409)


def test_a_leavers_name_blocks_no_other_seat_once_their_game_is_over(c: TestClient) -> None:
    room, tokens = started_room(c, "ruler-of-mana", players=3)
    c.post(f"/api/rooms/{room}/leave", headers=bearer(str(tokens[1])))
    c.post(f"/api/rooms/{room}/leave", headers=bearer(str(tokens[2])))
    play_to_the_end(c, room)
    # P1 takes P2's old seat by his own name; P2's is taken by a newcomer
    assert c.post(f"/api/rooms/{room}/seats/2", json={"name": "P1"}).status_code == 200
    refused(c.post(f"/api/rooms/{room}/seats/1", json={"name": "p1"}), 409)  # a person's now
    assert c.post(f"/api/rooms/{room}/seats/1", json={"name": "Dee"}).status_code == 200


def test_the_record_names_the_seat_as_the_live_page_does(c: TestClient, tmp_path: Path) -> None:
    """The replay's record says who left and at which step; ``bodoge replay`` says the steps
    before it were theirs and the ones after the bot's, says where they left, and the result
    names them as left."""
    room, _, at = left_midgame(c)
    play_to_the_end(c, room)
    record = c.get(f"/api/rooms/{room}/replay").json()
    assert record["seats"][1] == {"name": "P1", "bot": "easy", "left": at}
    live = seat(c, room, 1)
    assert (live["name"], live["bot"], live["left"]) == ("P1", "easy", True)
    assert at < len(record["history"]) and 1 in record["actors"][at:]
    path = tmp_path / "record.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    out = io.StringIO()
    TerminalReplay(load_record(path), None, "en", Console(file=out, width=200)).print_all()
    said = out.getvalue()
    assert "P1 (seat 1): " in said  # the steps P1 made
    assert "P1 (left; seat 1, easy bot): " in said  # the bot's after they left
    before = [k for k, a in enumerate(record["actors"][:at]) if a == 1]
    after = [k for k, a in enumerate(record["actors"]) if a == 1 and k >= at]
    lines = [line for line in said.splitlines() if line.startswith("step ")]
    if before:
        assert "· P1 (seat 1)" in lines[before[0] + 1]
    assert "· P1 (left; seat 1, easy bot)" in lines[after[0] + 1]
    assert "P1 (left)" in said.split("Result")[-1]
    # where they left, among the events of the step before, as the page's log says it
    left = "  • P1 left the game; from here the easy bot plays seat 1"
    assert said.count(left) == 1
    shown = said.splitlines()
    assert shown.index(lines[at]) < shown.index(left) < shown.index(lines[at + 1])


def test_a_restart_keeps_the_leaver_the_revoked_token_and_the_free_seat(
    db_url: str, tmp_path: Path
) -> None:
    with client(db_url, tmp_path / "cards") as c:
        room, tokens, at = left_midgame(c)
    bob = tokens[1]
    with client(db_url, tmp_path / "cards") as c:
        assert seat(c, room, 1) == LEFT
        said = refused(c.post(f"/api/rooms/{room}/leave", headers=bearer(bob)), 401)
        assert said.startswith("you left your seat")
        play_to_the_end(c, room)  # the bot plays P1's seat on after the restart
        assert held(c, room).seats[1].left == at
    with client(db_url, tmp_path / "cards") as c:
        assert seat(c, room, 1) == LEFT
        assert c.get(f"/api/rooms/{room}/replay").json()["seats"][1]["left"] == at
        r = c.post(f"/api/rooms/{room}/seats/1", json={"name": "Dee"})
        assert r.status_code == 200, r.text
        dee = r.json()["token"]
        c.post(f"/api/rooms/{room}/rematch", headers=bearer(tokens[0]))
    with client(db_url, tmp_path / "cards") as c:
        summary = c.get(f"/api/rooms/{room}").json()
        assert (summary["seats"][1]["name"], summary["seats"][1]["left"]) == ("Dee", False)
        assert summary["rematch"] == [0]
        r = c.post(f"/api/rooms/{room}/rematch", headers=bearer(tokens[2]))
        assert r.json() == {"rematch": [0, 2], "started": False}  # waits for Dee
        r = c.post(f"/api/rooms/{room}/rematch", headers=bearer(dee))
        assert r.json()["started"] is True


def test_the_game_over_names_its_seats_as_they_ended_after_one_is_taken(
    db_url: str, tmp_path: Path
) -> None:
    """While the game is shown over, the room says its seats as they were at its end
    (``played``): P1's, left, the bot that played on, after Dee took it for the next game (its
    seats say Dee), and so after a restart (from the game's record); the rematch begun, the
    seats alone. Before, only the seats were said: Dee's, in the game P1 had played."""
    ann = {"name": "Ann", "bot": None, "taken": True, "left": False}
    p1 = {"name": "P1", "bot": "easy", "taken": True, "left": True}
    with client(db_url, tmp_path / "cards") as c:
        room, tokens, _ = left_midgame(c)
        play_to_the_end(c, room)
        played = c.get(f"/api/rooms/{room}").json()["played"]
        assert played[:2] == [ann, p1] and played[2]["name"] == "P2"
        with c.websocket_connect(f"/ws/rooms/{room}") as ws:
            receive(ws, "room")
            r = c.post(f"/api/rooms/{room}/seats/1", json={"name": "Dee"})
            told = receive(ws, "room")
        dee = r.json()["token"]
        assert (told["seats"][1]["name"], told["played"]) == ("Dee", played)
    with client(db_url, tmp_path / "cards") as c:
        summary = c.get(f"/api/rooms/{room}").json()
        assert (summary["seats"][1]["name"], summary["played"]) == ("Dee", played)
        for token in (tokens[0], tokens[2], dee):
            c.post(f"/api/rooms/{room}/rematch", headers=bearer(token))
        summary = c.get(f"/api/rooms/{room}").json()
        assert summary["status"] == "running" and "played" not in summary


def test_a_database_of_schema_5_gets_the_left_column_and_keeps_its_seats(db_url: str) -> None:
    """A database made before leavers kept their seat's name (version 5: no ``seats.left_at``;
    a leaver's seat was a bot's, nameless) is brought up to date when opened, its seats as
    they were."""
    db = Storage(db_url)
    seats = [SeatRecord(0, "Ann", token_hash="a" * 64), SeatRecord(1, bot="easy")]
    record = RoomRecord("r1", "ruler-of-mana", 2, "basic", status="running", game_no=1, seats=seats)
    record.seed = 7
    db.save_room(record)
    db.close()
    rewritten(
        db_url, "ALTER TABLE seats DROP COLUMN left_at", "UPDATE schema_version SET version = 5"
    )
    db = Storage(db_url)
    assert db.version() == SCHEMA_VERSION
    (loaded,) = db.load_rooms()
    assert loaded.seats == seats  # nobody marked as having left
    loaded.seats[0] = SeatRecord(0, "Ann", "easy", "a" * 64, left=4)  # Ann leaves at step 4
    db.save_room(loaded)
    (again,) = db.load_rooms()
    assert again.seats[0].left == 4
    kept = db.game("r1", 1)
    assert kept is not None and kept.seats == [
        {"name": "Ann", "bot": "easy", "left": 4}, {"name": None, "bot": "easy"},
    ]  # fmt: skip
    db.close()


def test_the_room_says_where_in_the_log_someone_left_and_a_restart_keeps_it(
    db_url: str, tmp_path: Path
) -> None:
    """The summary's ``leaves`` say who left the game on show, the seat, the bot that plays it
    on, the step (``seq``) and how long the log was then (``log``: every seat's view has as many
    entries, so the page says the leave at that point of its log, whoever's it is). Said to a
    spectator too, kept while the bot plays on, after a restart (found again from the stored
    history: nothing new is stored), after the game (from its record, Dee in the seat since),
    and in the replay's record; a leave after the game is none of its; a rematch has none."""
    with client(db_url, tmp_path / "cards") as c:
        room, tokens, at = left_midgame(c)
        place = held(c, room)
        then = place.game.replay(place.seed or 0, place.state.history[:at], place.setup)  # type: ignore[union-attr]
        length = len(then.view(None)["log"])
        assert {len(then.view(s)["log"]) for s in (0, 1, 2)} == {length}
        p1 = {"seat": 1, "name": "P1", "bot": "easy", "seq": at, "log": length}
        assert c.get(f"/api/rooms/{room}").json()["leaves"] == [p1]
        with c.websocket_connect(f"/ws/rooms/{room}") as ws:  # a spectator
            assert receive(ws, "room")["leaves"] == [p1]
        a_step(c, room)  # the game goes on: the leave stays where it was
        assert len(place.state.history) > at  # type: ignore[union-attr]
        assert c.get(f"/api/rooms/{room}").json()["leaves"] == [p1]
    with client(db_url, tmp_path / "cards") as c:
        assert c.get(f"/api/rooms/{room}").json()["leaves"] == [p1]
        play_to_the_end(c, room)
        assert c.get(f"/api/rooms/{room}").json()["leaves"] == [p1]
        assert c.post(f"/api/rooms/{room}/leave", headers=bearer(tokens[2])).status_code == 200
        r = c.post(f"/api/rooms/{room}/seats/1", json={"name": "Dee"})
        assert r.status_code == 200, r.text
        dee = r.json()["token"]
        assert c.get(f"/api/rooms/{room}").json()["leaves"] == [p1]
    with client(db_url, tmp_path / "cards") as c:
        assert c.get(f"/api/rooms/{room}").json()["leaves"] == [p1]
        assert c.get(f"/api/rooms/{room}/replay").json()["leaves"] == [p1]
        for token in (tokens[0], dee):
            c.post(f"/api/rooms/{room}/rematch", headers=bearer(token))
        summary = c.get(f"/api/rooms/{room}").json()
        assert summary["status"] == "running" and summary["leaves"] == []
