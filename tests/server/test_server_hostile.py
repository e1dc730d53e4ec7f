"""Hostile input and hostile clients (the red team's pass of session 30): what a person sends
that the server did not expect is answered as the contract says, with a one-line error or an
error frame and the connection kept, never a 500 or a dropped connection; and what one client
may do alone is bounded."""

from __future__ import annotations

import contextlib
import json
from pathlib import Path
from typing import Any

import pytest
from server_helpers import bearer, client, new_room, play_to_the_end, receive, started_room
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from bodoge.server.app import MAX_BODY

HUGE = "9" * 5000  # int() refuses more than 4,300 digits: a ValueError, not a refusal
ODD_NUMBERS = ["²", "%C2%B2", "１", "-1", "1.0", HUGE, "9" * 10]
DEEP = "[" * 100_000 + "]" * 100_000  # json.loads raises RecursionError, not a ValueError


def one_line(r: Any, status: int) -> str:
    assert r.status_code == status, r.text
    message: str = r.json()["error"]
    assert message and "\n" not in message and HUGE not in message
    return message


@pytest.mark.parametrize("seat", ODD_NUMBERS)
def test_a_seat_in_the_address_that_is_no_plain_number_is_404(c: TestClient, seat: str) -> None:
    made = new_room(c)
    room, token = made["room"], made["token"]
    one_line(c.post(f"/api/rooms/{room}/seats/{seat}", json={"name": "Bo"}), 404)
    one_line(c.post(f"/api/rooms/{room}/seats/{seat}/bot", json={"level": "easy"}), 404)
    one_line(c.delete(f"/api/rooms/{room}/seats/{seat}", headers=bearer(token)), 404)


@pytest.mark.parametrize("number", ODD_NUMBERS)
def test_a_replays_game_step_or_seat_that_is_no_plain_number_is_one_line(
    c: TestClient, number: str
) -> None:
    room, _ = started_room(c, "ruler-of-mana", bots={1: "random"})
    play_to_the_end(c, room)
    one_line(c.get(f"/api/rooms/{room}/replay?game={number}"), 400)
    one_line(c.get(f"/api/rooms/{room}/replay/0?game={number}"), 400)
    one_line(c.get(f"/api/rooms/{room}/replay/{number}"), 400)
    one_line(c.get(f"/api/rooms/{room}/replay/0?seat={number}"), 400)
    ja = one_line(c.get(f"/api/rooms/{room}/replay/{number}?lang=ja"), 400)
    assert "ステップ" in ja
    assert c.get(f"/api/rooms/{room}/replay/0?seat=1").status_code == 200


@pytest.mark.parametrize("key", ["²", "１", "-1", HUGE])
def test_a_companion_hand_size_for_a_seat_that_is_no_plain_number_is_one_error_frame(
    c: TestClient, key: str
) -> None:
    room = c.post("/api/companion", json={"game": "ruler-of-mana", "players": 2}).json()["room"]
    with c.websocket_connect(f"/ws/companion/{room}") as ws:
        receive(ws, "companion")
        ws.send_json({"type": "change", "id": "h1", "change": {"do": "hands", "hands": {key: 1}}})
        answer = receive(ws, "error")
        assert answer["id"] == "h1" and HUGE not in answer["message"]
        ws.send_json({"type": "ping"})
        assert receive(ws, "pong")


@pytest.mark.parametrize("seat", ["²", HUGE])
def test_taking_from_a_seat_that_is_no_plain_number_is_refused(c: TestClient, seat: str) -> None:
    room, tokens = started_room(c)
    with c.websocket_connect(f"/ws/rooms/{room}?token={tokens[0]}") as ws:
        receive(ws, "state")
        ws.send_text(json.dumps({"type": "act", "action": f"take {seat}", "seq": 0}))
        assert "not legal" in receive(ws, "error")["message"]
        ws.send_text('{"type": "ping"}')
        assert receive(ws, "pong")


@pytest.mark.parametrize("path", ["/api/rooms", "/api/companion", "/api/words"])
def test_json_nested_too_deep_is_a_bad_body(c: TestClient, path: str) -> None:
    one_line(c.post(path, content=DEEP[:20_000] + DEEP[-20_000:]), 400)


def test_json_nested_too_deep_in_a_frame_is_an_error_frame(c: TestClient) -> None:
    room, tokens = started_room(c)
    companion = c.post("/api/companion", json={"game": "ruler-of-mana", "players": 2}).json()
    for address in (f"/ws/rooms/{room}?token={tokens[0]}", f"/ws/companion/{companion['room']}"):
        with c.websocket_connect(address) as ws:
            ws.send_text("[" * 30_000 + "]" * 30_000)
            assert "JSON" in receive(ws, "error")["message"]
            ws.send_text('{"type": "ping"}')
            assert receive(ws, "pong")


def test_a_binary_frame_to_a_companion_is_answered_and_the_connection_kept(
    c: TestClient,
) -> None:
    room = c.post("/api/companion", json={"game": "ruler-of-mana", "players": 2}).json()["room"]
    with c.websocket_connect(f"/ws/companion/{room}") as ws:
        receive(ws, "companion")
        ws.send_bytes(b"\xff\xfe not text")
        assert "JSON" in receive(ws, "error")["message"]
        ws.send_bytes(b'{"type": "ping"}')
        assert receive(ws, "pong")


def test_words_refuses_a_body_over_the_rooms_limit(c: TestClient) -> None:
    big = b'{"game": "ruler-of-mana", "lang": "en", "events": [], "x": "' + b"x" * MAX_BODY + b'"}'
    assert "KiB" in one_line(c.post("/api/words", content=big), 413)
    stream = iter([big[:1000], big[1000:]])  # no Content-Length: counted as it comes
    assert "KiB" in one_line(c.post("/api/words", content=stream), 413)
    # in the reader's language, as every refusal of the app (bodoge.server.reader)
    japanese = one_line(c.post("/api/words", content=big, headers={"Accept-Language": "ja"}), 413)
    assert "KiB" in japanese and japanese != one_line(c.post("/api/words", content=big), 413)


@pytest.mark.parametrize(
    ("game", "event"),
    [
        ("ruler-of-mana", {"event": "reveal", "offers": "I-R7a"}),
        ("ruler-of-mana", {"event": "cast", "seat": 0, "card": ["S19"]}),
        ("extreme-mission", {"event": "complete", "seat": 0, "mission": {"x": 1}}),
    ],
)
def test_words_refuses_a_malformed_event_in_one_line(
    c: TestClient, game: str, event: dict[str, Any]
) -> None:
    body = {"game": game, "lang": "ja", "events": [{"event": "pass", "seat": 0}, event]}
    message = one_line(c.post("/api/words", json=body), 400)
    assert "イベント 1" in message and event["event"] in message


def test_the_chat_limit_is_the_seats_over_all_its_connections_and_reconnects(
    c: TestClient,
) -> None:
    room, tokens = started_room(c)
    address = f"/ws/rooms/{room}?token={tokens[0]}"
    said = []
    for _ in range(3):  # three connections of one seat, one after the other (a reconnect)
        with c.websocket_connect(address) as ws:
            receive(ws, "state")
            for _ in range(3):
                ws.send_text(json.dumps({"type": "chat", "text": "buy now"}))
            ws.send_text('{"type": "ping"}')
            while (frame := json.loads(ws.receive_text()))["type"] != "pong":
                said.append(frame["type"])
    assert said.count("error") == 4  # 5 lines in 10 seconds, whichever connection sends them
    with c.websocket_connect(f"/ws/rooms/{room}") as watcher:  # the recent chat, then the state
        kinds = []
        while (kind := json.loads(watcher.receive_text())["type"]) != "state":
            kinds.append(kind)
    assert kinds.count("chat") == 5


def test_a_companion_seat_out_of_range_is_cut_in_its_error(c: TestClient) -> None:
    room = c.post("/api/companion", json={"game": "ruler-of-mana", "players": 2}).json()["room"]
    seat = int("9" * 400)
    with c.websocket_connect(f"/ws/companion/{room}") as ws:
        receive(ws, "companion")
        ws.send_json({"type": "change", "id": "d", "change": {"do": "damage", "seat": seat}})
        ws.send_text('{"type": "change", "id": "e", "change": {"do": "hands", "hands": {"7": 1}}}')
        for _ in range(2):
            message = receive(ws, "error")["message"]
            assert "9" * 41 not in message and len(message) < 120, message


def test_a_card_files_name_is_shown_on_one_line_without_controls_and_cut(c: TestClient) -> None:
    """A room's ``cards_name`` is free text every lobby visitor reads: a right-to-left override
    turned the lobby's lines around, and 6,000 characters made a billboard of it."""
    shipped = (
        Path(__file__).parents[2] / "src/bodoge/games/extreme_mission/cards.toml"
    ).read_text()
    said = "\u202eFREE GIFT\u200b CARDS\n at evil.example " + "x" * 6000
    room = new_room(c, cards=shipped, cards_name=said)["room"]
    for summary in (c.get(f"/api/rooms/{room}").json(), c.get("/api/rooms").json()["rooms"][0]):
        shown = summary["cards"]
        assert shown.startswith("FREE GIFT CARDS at evil.example xxx") and shown.endswith("…")
        assert len(shown) == 60
    bad = shipped.replace('en = "Tail the Courier"', 'en = "Tail the \\u202ECourier"')
    r = c.post("/api/rooms", json={"game": "extreme-mission", "cards": bad, "cards_name": said})
    message = one_line(r, 400)
    assert message.startswith("FREE GIFT") and "U+202E" in message and "\u202e" not in message


def test_every_answer_carries_the_security_headers(c: TestClient) -> None:
    room = new_room(c)["room"]
    for path in (
        "/",
        f"/r/{room}",
        "/api/games",
        "/static/room.js",
        "/rules/ruler-of-mana",
        "/companion/ruler-of-mana",
        "/api/nothing-here",
        "/cards/extreme-mission.toml",
    ):
        headers = c.get(path).headers
        assert headers["x-frame-options"] == "DENY", path
        assert headers["x-content-type-options"] == "nosniff", path
        assert headers["referrer-policy"] == "no-referrer", path
        assert headers["cache-control"] == "no-cache", path
        policy = headers["content-security-policy"]
        assert "frame-ancestors 'none'" in policy and "script-src 'self' 'sha256-" in policy
        assert "unsafe-inline" not in policy and "unsafe-eval" not in policy


def test_a_script_unchanged_is_answered_304_when_asked_again(c: TestClient) -> None:
    """Every answer says ``no-cache``, so a browser asks again for each module it kept: an
    unchanged one costs a 304, a changed one comes whole (an open tab, after an update, had run
    new modules with old ones its cache kept)."""
    first = c.get("/static/room/drawing.js")
    again = c.get("/static/room/drawing.js", headers={"If-None-Match": first.headers["etag"]})
    assert (first.status_code, again.status_code, again.content) == (200, 304, b"")


def test_a_client_address_holds_at_most_20_websockets(c: TestClient) -> None:
    room, _ = started_room(c)
    companion = c.post("/api/companion", json={"game": "ruler-of-mana", "players": 2}).json()
    with contextlib.ExitStack() as held:
        for k in range(20):  # rooms and companions count alike
            where = f"/ws/rooms/{room}" if k % 2 else f"/ws/companion/{companion['room']}"
            held.enter_context(c.websocket_connect(where))
        with c.websocket_connect(f"/ws/rooms/{room}?lang=ja") as one_more:
            first = json.loads(one_more.receive_text())
            assert first["type"] == "error" and "20" in first["message"]
            with pytest.raises(WebSocketDisconnect) as closed:
                one_more.receive_text()
            assert closed.value.code == 4429
        with c.websocket_connect(f"/ws/companion/{companion['room']}") as one_more:
            with pytest.raises(WebSocketDisconnect) as closed:  # no frame: the page would forget
                one_more.receive_text()
            assert closed.value.code == 4429
    with c.websocket_connect(f"/ws/rooms/{room}") as again:  # the sockets closed: room again
        assert receive(again, "state")


def test_a_client_guessing_companion_codes_is_held_back(c: TestClient) -> None:
    """Ten codes of no table a minute from one address; then every lookup from it is refused,
    429 (a live table's too: else each answer would still say which codes are live)."""
    live = c.post("/api/companion", json={"game": "extreme-mission", "players": 2}).json()
    for k in range(10):
        one_line(c.get(f"/api/companion/guess{k}"), 404)
    for path in (
        f"/api/companion/{live['room']}",
        "/api/companion/guess99",
        f"/api/companion/{live['room']}/missions",
    ):
        assert "minute" in one_line(c.get(path), 429)
    page = c.get(live["url"])
    assert page.status_code == 429 and "\n" not in page.text.strip()
    with c.websocket_connect(f"/ws/companion/{live['room']}") as ws:
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_text()
        assert closed.value.code == 4429
    companions = c.app.state.companions  # type: ignore[attr-defined]
    companions.misses.seen.clear()  # a minute later
    assert c.get(f"/api/companion/{live['room']}").status_code == 200


def test_a_stored_room_whose_card_file_no_longer_loads_leaves_the_server_starting(
    sqlite_url: str, tmp_path: Path
) -> None:
    """The loader refuses more than it did (names over 40 characters, say): a room stored with a
    card file it now refuses is left out at the start, with a line in the log, and the server
    starts with the others."""
    shipped = (
        Path(__file__).parents[2] / "src/bodoge/games/extreme_mission/cards.toml"
    ).read_text()
    with client(sqlite_url, tmp_path / "cards") as c:
        mine = new_room(c, cards=shipped, cards_name="mine.toml")["room"]
        plain = new_room(c)["room"]
    (kept,) = (tmp_path / "cards").glob("*.toml")
    kept.write_text(shipped.replace('en = "Tail the Courier"', f'en = "{"W" * 41}"'))
    with client(sqlite_url, tmp_path / "cards") as c:
        assert c.get(f"/api/rooms/{plain}").status_code == 200
        one_line(c.get(f"/api/rooms/{mine}"), 404)


def test_every_limit_counts_an_ipv6_client_by_its_64(c: TestClient) -> None:
    """A client's addresses in one IPv6 /64 (one home's block, free to pick from) count as one
    address for the companion's guesses as for the rooms it makes: the guesses were counted by
    the whole address, so a guesser could step through its 2**64 addresses."""
    app = c.app

    def at(host: str) -> TestClient:
        return TestClient(app, client=(host, 50000))

    for k in range(10):
        one_line(at(f"2001:db8:1:2::{k + 1:x}").get(f"/api/companion/guess{k}"), 404)
    assert "minute" in one_line(at("2001:db8:1:2::ff").get("/api/companion/guess99"), 429)
    one_line(at("2001:db8:1:3::1").get("/api/companion/guess99"), 404)  # another /64
