"""Who holds a seat: a token's seat asked for (a page given a link checks it before keeping it),
two seats never carrying the same name nor a bot's label, and the seat of someone away: after
a while the others may let a bot play it, and the person takes it back when they come back."""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from server_helpers import (
    bearer,
    client,
    held,
    new_room,
    play_to_the_end,
    refused,
    started_room,
)
from starlette.testclient import TestClient

from bodoge.server.rooms import AWAY_SECONDS, Room, RoomError


def wait_for(what: Callable[[], bool], seconds: float = 30) -> None:
    deadline = time.monotonic() + seconds
    while not what():
        assert time.monotonic() < deadline, "it did not happen"
        time.sleep(0.01)


def end_turn(c: TestClient, place: Room, seat: int) -> None:
    """``seat`` plays its first legal step until the game waits on another seat."""
    rooms = c.app.state.rooms  # type: ignore[attr-defined]
    while place.state is not None and place.state.current_player == seat:
        step = str(place.state.legal_actions()[0])
        c.portal.call(rooms.act, place, seat, step, place.seq)  # type: ignore[union-attr]


def room_frame(ws: Any, wanted: Callable[[dict[str, Any]], bool]) -> dict[str, Any]:
    """The first room frame that is ``wanted`` (the frames before it skipped) the connection is
    sent within 30 s. Asked for with pings, each answered after the frames sent before it: a
    frame that never comes fails the test rather than waits for ever."""
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        ws.send_text('{"type": "ping"}')
        while (frame := json.loads(ws.receive_text()))["type"] != "pong":
            if frame["type"] == "room" and wanted(frame):
                return frame  # type: ignore[no-any-return]
        time.sleep(0.1)  # under the frame limit
    raise AssertionError("no such room frame")


# ---------------------------------------------------------------------- whose token
def test_a_token_s_seat_is_told_to_its_holder_only(c: TestClient) -> None:
    room, (ann, bob) = started_room(c)
    url = f"/api/rooms/{room}/you"
    assert c.get(url, headers=bearer(str(ann))).json() == {"you": 0}
    assert c.get(url, headers=bearer(str(bob))).json() == {"you": 1}
    refused(c.get(url), 401)
    assert c.get(url, headers=bearer("not-yours")).json() == {"you": None}
    other, _ = started_room(c)
    assert c.get(f"/api/rooms/{other}/you", headers=bearer(str(ann))).json() == {"you": None}
    refused(c.get("/api/rooms/nosuchroom/you", headers=bearer(str(ann))), 404)


# ---------------------------------------------------------------------- names
ANN_SITS_JA = (
    "この卓にはすでに「Ann」さんがいます（見分けにくい名前は同じ名前とみなします）。"
    "別の名前にしてください"
)


def test_two_seats_never_carry_the_same_name(c: TestClient) -> None:
    room = new_room(c, players=4)["room"]  # Ann sits in seat 0
    url = f"/api/rooms/{room}/seats"
    for same in ("Ann", "ANN", "ａｎｎ", " a n n "):
        said = refused(c.post(f"{url}/1", json={"name": same}), 409)
        assert said.startswith("'Ann' sits at this table already") and "another name" in said
    said = refused(c.post(f"{url}/1?lang=ja", json={"name": "ＡＮＮ"}), 409)
    assert said == ANN_SITS_JA
    anna = c.post(f"{url}/1", json={"name": "Anna"}).json()["token"]
    refused(c.post(f"{url}/2", json={"name": "anna"}), 409)
    summary = c.get(f"/api/rooms/{room}").json()
    assert [s["name"] for s in summary["seats"]] == ["Ann", "Anna", None, None]
    c.post(f"/api/rooms/{room}/leave", headers=bearer(anna))  # a name given up is free again
    assert c.post(f"{url}/2", json={"name": "anna"}).status_code == 200


def test_a_name_that_looks_like_a_seat_s_is_the_same_name(c: TestClient) -> None:
    """Look-alike letters (UTS #39's skeleton): a Cyrillic А, о or В among Latin letters, 0 for
    an O, 1 for an l, rn for an m, katakana カ for kanji 力 are refused as the name a seat carries
    already, in the same one line; names that differ otherwise still sit together."""
    room = new_room(c, players=4)["room"]  # Ann sits in seat 0
    url = f"/api/rooms/{room}/seats"
    bob = c.post(f"{url}/1", json={"name": "Bob"}).json()["token"]
    for alike in ("\u0410nn", "\u0430NN", "B\u043eb", "\u0412ob", "b0b", "B0B"):
        said = refused(c.post(f"{url}/2", json={"name": alike}), 409)
        seated = "Ann" if alike[1] in "nN" else "Bob"  # the name as it sits, not as typed
        assert said == (
            f"'{seated}' sits at this table already (names that look alike count as one): "
            "choose another name"
        )
    said = refused(c.post(f"{url}/2?lang=ja", json={"name": "\u0410nn"}), 409)
    assert said == ANN_SITS_JA
    c.post(f"/api/rooms/{room}/leave", headers=bearer(bob))
    for name, alike in (("Sam 1", "Sarn l"), ("力ウ", "カウ"), ("ロン", "口ン")):
        taken = c.post(f"{url}/1", json={"name": name}).json()["token"]
        refused(c.post(f"{url}/2", json={"name": alike}), 409)
        c.post(f"/api/rooms/{room}/leave", headers=bearer(taken))
    for seat, name in enumerate(("あき", "あさ", "太郎"), 1):
        assert c.post(f"{url}/{seat}", json={"name": name}).status_code == 200
    other = new_room(c, players=4)["room"]
    for seat, name in enumerate(("次郎", "ｱｷ", "Bob 2"), 1):
        assert c.post(f"/api/rooms/{other}/seats/{seat}", json={"name": name}).status_code == 200
    refused(c.post(f"/api/rooms/{other}/seats/3", json={"name": "アキ"}), 409)  # width aside


def test_a_bot_s_label_is_no_person_s_name(c: TestClient) -> None:
    room = new_room(c, players=3)["room"]
    for label in ("easy bot 2", "Hard Bot", "やさしいBot2", "ランダムＢｏｔ１", "\u0435asy bot 10"):
        said = refused(c.post(f"/api/rooms/{room}/seats/1", json={"name": label}), 409)
        assert "bot" in said, said
    r = c.post("/api/rooms", json={"game": "extreme-mission", "players": 2, "name": "normal bot"})
    refused(r, 409)
    for look_alike in ("\u0435asy bot lO", "n\u043ermal b\u043et", "やさしいB\u043et2"):
        refused(c.post(f"/api/rooms/{room}/seats/1", json={"name": look_alike}), 409)
    assert c.post(f"/api/rooms/{room}/seats/1", json={"name": "Bot lover"}).status_code == 200


# ---------------------------------------------------------------------- someone away
def away_url(room: str, seat: int) -> str:
    return f"/api/rooms/{room}/seats/{seat}/away"


def test_the_table_may_let_a_bot_play_for_someone_away(c: TestClient) -> None:
    """Ann (seat 0, to move) never comes; Bob, here, lets a bot play her seat once she has been
    away long enough. Her seat stays hers; coming back while the game does not wait on her, she
    is shown back beside the bot, and plays again at her next decision."""
    room, tokens = started_room(c)
    ann, bob = str(tokens[0]), str(tokens[1])
    with c.websocket_connect(f"/ws/rooms/{room}?token={bob}") as ws:
        first = room_frame(ws, lambda f: True)
        assert first["seats"][0]["away"] is not None and first["seats"][1]["away"] is None
        assert "2 min" in refused(c.post(away_url(room, 0), headers=bearer(bob)), 409)
        held(c, room).gone[0] -= AWAY_SECONDS  # as if two minutes had gone by
        r = c.post(away_url(room, 0), headers=bearer(bob))
        assert r.json() == {"seat": 0, "bot": "easy"}
        told = room_frame(ws, lambda f: f["seats"][0]["bot"] == "easy")
        assert told["seats"][0]["name"] == "Ann" and told["seats"][0]["away"] >= AWAY_SECONDS
        # the bot plays her turn; then the game waits on Bob
        wait_for(lambda: held(c, room).state.current_player == 1)  # type: ignore[union-attr]
        refused(c.post(away_url(room, 0), headers=bearer(bob)), 409)  # a bot plays it already
        with c.websocket_connect(f"/ws/rooms/{room}?token={ann}") as her:
            back = room_frame(her, lambda f: True)
            assert back["you"] == 0
            assert back["seats"][0] == {
                "name": "Ann",
                "bot": "easy",
                "taken": True,
                "left": False,
                "away": None,
            }
            room_frame(ws, lambda f: f["seats"][0]["away"] is None)  # the table is told
            seat = held(c, room).seats[0]
            assert seat.bot == "easy" and seat.stand_in  # not her decision yet
            end_turn(c, held(c, room), 1)
            told = room_frame(ws, lambda f: f["seats"][0]["bot"] is None)
            assert told["seats"][0] == {
                "name": "Ann",
                "bot": None,
                "taken": True,
                "left": False,
                "away": None,
            }
            assert not held(c, room).seats[0].stand_in


def test_coming_back_on_one_s_own_decision_takes_the_seat_back_at_once(c: TestClient) -> None:
    room, tokens = started_room(c)
    ann, bob = str(tokens[0]), str(tokens[1])
    rooms = c.app.state.rooms  # type: ignore[attr-defined]
    place = held(c, room)
    place.seats[0].bot = "easy"  # a bot plays for Ann, away; the game waits on her seat
    with c.websocket_connect(f"/ws/rooms/{room}?token={bob}") as ws:
        room_frame(ws, lambda f: True)
        with c.websocket_connect(f"/ws/rooms/{room}?token={ann}"):
            room_frame(ws, lambda f: f["seats"][0]["bot"] is None)
    # a move the bot was still thinking about when she came is dropped
    with pytest.raises(RoomError) as refused:
        c.portal.call(rooms.act, place, 0, "draw", 0, None, "easy")  # type: ignore[union-attr]
    assert refused.value.key == "server.act.stale" and place.seq == 0
    assert c.post(away_url(room, 1), headers=bearer(bob)).status_code == 403  # one's own seat


def test_who_may_let_a_bot_play_and_when(c: TestClient) -> None:
    made = new_room(c, players=3)
    room, ann = made["room"], made["token"]
    bob = c.post(f"/api/rooms/{room}/seats/1", json={"name": "Bob"}).json()["token"]
    c.post(f"/api/rooms/{room}/seats/2/bot", json={"level": "random"}, headers=bearer(ann))
    held(c, room).gone[0] -= 10 * AWAY_SECONDS
    held(c, room).gone[1] -= 10 * AWAY_SECONDS
    assert "during a game" in refused(c.post(away_url(room, 1), headers=bearer(ann)), 409)
    c.post(f"/api/rooms/{room}/start", json={"start_player": 1}, headers=bearer(ann))
    refused(c.post(away_url(room, 1)), 401)  # a spectator
    refused(c.post(away_url(room, 1), headers=bearer("forged")), 401)
    refused(c.post(away_url(room, 1), headers=bearer(bob)), 403)  # one's own seat
    refused(c.post(away_url(room, 2), headers=bearer(ann)), 409)  # a bot's seat
    refused(c.post(away_url(room, 7), headers=bearer(ann)), 404)
    assert "not waiting" in refused(c.post(away_url(room, 0), headers=bearer(bob)), 409)
    with c.websocket_connect(f"/ws/rooms/{room}?token={bob}"):
        wait_for(lambda: held(c, room).present(1))
        assert "is here" in refused(c.post(away_url(room, 1), headers=bearer(ann)), 409)
    wait_for(lambda: not held(c, room).present(1))
    # gone again just now: the clock starts again
    assert "come back" in refused(c.post(away_url(room, 1), headers=bearer(ann)), 409)
    held(c, room).gone[1] -= AWAY_SECONDS
    assert c.post(away_url(room, 1), headers=bearer(ann)).status_code == 200
    c.post(f"/api/rooms/{room}/leave", headers=bearer(ann))
    assert c.get(f"/api/rooms/{room}").json()["status"] == "running"  # Bob may come back


def test_a_rematch_does_not_wait_for_someone_a_bot_plays_for(c: TestClient) -> None:
    room, tokens = started_room(c, "ruler-of-mana")
    bob = str(tokens[1])
    held(c, room).gone[0] -= AWAY_SECONDS  # Ann is away, the game waits on her
    assert c.post(away_url(room, 0), headers=bearer(bob)).status_code == 200
    play_to_the_end(c, room)
    r = c.post(f"/api/rooms/{room}/rematch", headers=bearer(bob))
    assert r.json() == {"rematch": [1], "started": True}
    assert held(c, room).seats[0].stand_in  # still hers, the bot playing on


def test_a_bot_playing_for_someone_away_survives_a_restart(db_url: str, tmp_path: Path) -> None:
    with client(db_url, tmp_path / "cards") as c:
        room, tokens = started_room(c)
        ann, bob = str(tokens[0]), str(tokens[1])
        held(c, room).gone[0] -= AWAY_SECONDS
        assert c.post(away_url(room, 0), headers=bearer(bob)).status_code == 200
        wait_for(lambda: held(c, room).state.current_player == 1)  # type: ignore[union-attr]
    with client(db_url, tmp_path / "cards") as c:
        seat = c.get(f"/api/rooms/{room}").json()["seats"][0]
        assert (seat["name"], seat["bot"]) == ("Ann", "easy")
        assert seat["away"] < AWAY_SECONDS  # away from the restart on
        assert c.get(f"/api/rooms/{room}/you", headers=bearer(ann)).json() == {"you": 0}
        # Bob ends his turn: the bot plays Ann's next one, as before the restart
        place = held(c, room)
        seq = place.seq
        end_turn(c, place, 1)
        wait_for(lambda: place.state.current_player == 1)  # type: ignore[union-attr]
        assert place.seq > seq and place.seats[0].stand_in
        # she comes back, and plays her next decision herself
        with c.websocket_connect(f"/ws/rooms/{room}?token={ann}"):
            wait_for(lambda: place.present(0))
            end_turn(c, place, 1)
            wait_for(lambda: not place.seats[0].stand_in)
            assert place.state.current_player == 0  # type: ignore[union-attr]
    with client(db_url, tmp_path / "cards") as again:
        assert again.get(f"/api/rooms/{room}").json()["seats"][0]["bot"] is None
