"""The room websocket through the app: frames on connecting, moves, and every bad input of the
contract's list answered with its error frame or close code, nothing changed."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from server_helpers import Pacer, act, bearer, random_step, receive, started_room
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from bodoge.server.limits import MAX_FRAME


def error(ws: Any) -> dict[str, Any]:
    frame = receive(ws, "error")
    assert frame["message"] and "\n" not in frame["message"]
    return frame


def test_a_seat_is_shown_the_room_then_its_state(c: TestClient) -> None:
    room, tokens = started_room(c)
    with c.websocket_connect(f"/ws/rooms/{room}?token={tokens[0]}") as ws:
        first = json.loads(ws.receive_text())
        assert first["type"] == "room" and first["you"] == 0 and first["status"] == "running"
        state = receive(ws, "state")
        assert state["seq"] == 0 and state["seat"] == 0 and state["view"]["you"] == 0
        assert "draw" in state["legal"]
    with c.websocket_connect(f"/ws/rooms/{room}?token={tokens[1]}") as ws:
        state = receive(ws, "state")
        assert state["seat"] == 1 and state["legal"] == []


def test_a_move_reaches_every_seat_and_spectator_from_its_own_view(c: TestClient) -> None:
    room, tokens = started_room(c)
    with (
        c.websocket_connect(f"/ws/rooms/{room}?token={tokens[0]}") as ann,
        c.websocket_connect(f"/ws/rooms/{room}?token={tokens[1]}") as bob,
        c.websocket_connect(f"/ws/rooms/{room}") as watcher,
    ):
        receive(ann, "state"), receive(bob, "state"), receive(watcher, "state")
        act(ann, "draw", 0)
        a, b, w = receive(ann, "state"), receive(bob, "state"), receive(watcher, "state")
        assert a["seq"] == b["seq"] == w["seq"] == 1
        assert w["seat"] is None and w["view"]["you"] is None and w["legal"] == []
        assert a["view"]["hand"] != b["view"]["hand"]
        assert "hand" not in w["view"] or not w["view"]["hand"]


def test_ping_pong(c: TestClient) -> None:
    room, _ = started_room(c)
    with c.websocket_connect(f"/ws/rooms/{room}") as ws:
        ws.send_text('{"type": "ping"}')
        assert receive(ws, "pong") == {"type": "pong"}


@pytest.mark.parametrize(
    "frame",
    [
        "{not json",
        "[1, 2]",
        '{"type": "dance"}',
        '{"no": "type"}',
        '{"type": "act", "seq": 0}',
        '{"type": "act", "action": "draw"}',
        '{"type": "act", "action": "draw", "seq": true}',
        '{"type": "act", "action": "fly away", "seq": 0}',
        '{"type": "act", "action": "complete", "seq": 0}',
        '{"type": "act", "action": "draw", "seq": 5}',
        '{"type": "choices", "what": 3}',
        '{"type": "choices", "what": "complete M1-07", "chosen": "R4"}',
        '{"type": "choices", "what": "fly away", "chosen": []}',
    ],
)
def test_bad_frames_get_an_error_and_change_nothing(c: TestClient, frame: str) -> None:
    room, tokens = started_room(c)
    with c.websocket_connect(f"/ws/rooms/{room}?token={tokens[0]}") as ws:
        before = receive(ws, "state")
        ws.send_text(frame)
        assert error(ws)["seq"] == 0
        act(ws, "draw", 0)  # the connection is kept, and the game unchanged
        after = receive(ws, "state")
        assert after["seq"] == 1 and before["view"]["deck_size"] - 1 == after["view"]["deck_size"]


def test_acting_out_of_turn_or_as_a_spectator_is_refused(c: TestClient) -> None:
    room, tokens = started_room(c)
    with (
        c.websocket_connect(f"/ws/rooms/{room}?token={tokens[1]}") as bob,
        c.websocket_connect(f"/ws/rooms/{room}") as watcher,
    ):
        receive(bob, "state"), receive(watcher, "state")
        act(bob, "draw", 0)
        assert error(bob)["message"] == "not your decision"
        act(watcher, "draw", 0)
        assert error(watcher)["message"] == "spectators cannot act"
        watcher.send_text('{"type": "chat", "text": "hi"}')
        error(watcher)


def test_a_stale_seq_cannot_play_twice(c: TestClient) -> None:
    room, tokens = started_room(c)
    with c.websocket_connect(f"/ws/rooms/{room}?token={tokens[0]}") as ws:
        receive(ws, "state")
        act(ws, "draw", 0)
        assert receive(ws, "state")["seq"] == 1
        act(ws, "draw", 0)  # the double click
        assert "stale" in error(ws)["message"]
        assert c.get(f"/api/rooms/{room}").json()["status"] == "running"


def test_a_wrong_token_is_accepted_then_closed_4401(c: TestClient) -> None:
    room, _ = started_room(c)
    with c.websocket_connect(f"/ws/rooms/{room}?token=forged") as ws:
        assert "token" in error(ws)["message"]
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_text()
        assert closed.value.code == 4401


def test_an_unknown_room_is_closed_4404(c: TestClient) -> None:
    with c.websocket_connect("/ws/rooms/nosuchroom") as ws:
        error(ws)
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_text()
        assert closed.value.code == 4404


def test_a_flood_is_closed_4408(c: TestClient) -> None:
    room, _ = started_room(c)
    with c.websocket_connect(f"/ws/rooms/{room}") as ws:
        for _ in range(21):
            ws.send_text('{"type": "ping"}')
        pongs = 0
        with pytest.raises(WebSocketDisconnect) as closed:
            while True:
                frame = json.loads(ws.receive_text())
                pongs += frame["type"] == "pong"
                if frame["type"] == "error":
                    assert "20" in frame["message"]
        assert closed.value.code == 4408 and pongs == 20


def test_an_oversized_frame_is_closed_4408(c: TestClient) -> None:
    room, tokens = started_room(c)
    with c.websocket_connect(f"/ws/rooms/{room}?token={tokens[0]}") as ws:
        receive(ws, "state")
        ws.send_text(json.dumps({"type": "chat", "text": "x" * MAX_FRAME}))
        assert "KiB" in error(ws)["message"]
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_text()
        assert closed.value.code == 4408


def test_chat_goes_to_everyone_as_plain_text_capped_and_rate_limited(c: TestClient) -> None:
    room, tokens = started_room(c)
    with (
        c.websocket_connect(f"/ws/rooms/{room}?token={tokens[0]}") as ann,
        c.websocket_connect(f"/ws/rooms/{room}") as watcher,
    ):
        ann.send_text(json.dumps({"type": "chat", "text": "<b>hi</b>\u0007 there"}))
        line = receive(watcher, "chat")
        assert line["seat"] == 0 and line["name"] == "Ann" and line["text"] == "<b>hi</b> there"
        ann.send_text(json.dumps({"type": "chat", "text": "x" * 301}))
        assert "300" in error(ann)["message"]
        for _ in range(5):
            ann.send_text(json.dumps({"type": "chat", "text": "again"}))
        assert "fast" in error(ann)["message"]
    with c.websocket_connect(f"/ws/rooms/{room}") as late:
        assert receive(late, "chat")["text"] == "<b>hi</b> there"


def test_choices_are_for_the_seat_that_decides(c: TestClient) -> None:
    room, tokens = started_room(c)
    with c.websocket_connect(f"/ws/rooms/{room}?token={tokens[1]}") as bob:
        receive(bob, "state")
        bob.send_text(json.dumps({"type": "choices", "what": "complete M1-07", "chosen": []}))
        assert error(bob)["message"] == "not your decision"


def test_two_seats_play_a_whole_game_with_a_bot(c: TestClient) -> None:
    room, tokens = started_room(c, "ruler-of-mana", players=3, bots={2: "random"})
    rng = random.Random(4)
    pacers = [Pacer(), Pacer()]
    sockets = [c.websocket_connect(f"/ws/rooms/{room}?token={t}") for t in tokens[:2]]
    with sockets[0] as ann, sockets[1] as bob:
        seats = [ann, bob]
        # Every change sends each connection one state frame: the two read in step.
        latest = [receive(ann, "state"), receive(bob, "state")]
        for _ in range(3000):
            if latest[0]["view"]["is_over"]:
                break
            mover = latest[0]["view"]["current_player"]
            if mover in (0, 1):
                pacers[mover].wait()
                act(seats[mover], random_step(latest[mover], rng), latest[mover]["seq"])
            latest = [receive(ann, "state"), receive(bob, "state")]
            assert latest[0]["seq"] == latest[1]["seq"]
        assert latest[0]["view"]["is_over"] and latest[0]["view"]["result"]
    summary = c.get(f"/api/rooms/{room}").json()
    assert summary["status"] == "over"
    replay = c.get(f"/api/rooms/{room}/replay").json()
    assert len(replay["history"]) == latest[0]["seq"] and isinstance(replay["seed"], int)
    # A rematch, once both people agree (the bot always does): the same seats, a new seed.
    r = c.post(f"/api/rooms/{room}/rematch", headers=bearer(str(tokens[0])))
    assert r.status_code == 200 and r.json() == {"rematch": [0], "started": False}
    r = c.post(f"/api/rooms/{room}/rematch", headers=bearer(str(tokens[1])))
    assert r.json() == {"rematch": [0, 1], "started": True}
    again = c.get(f"/api/rooms/{room}").json()
    assert again["status"] == "running" and again["game_no"] == 2
    assert again["seats"] == summary["seats"]


def test_choices_answer_the_items_that_can_still_be_added(c: TestClient) -> None:
    room, tokens = started_room(c)
    with c.websocket_connect(f"/ws/rooms/{room}?token={tokens[0]}") as ann:
        state = receive(ann, "state")
        what = next(step for step in state["legal"] if step.startswith("complete"))
        ann.send_text(json.dumps({"type": "choices", "what": what, "chosen": []}))
        found = receive(ann, "choices")
        assert found["what"] == what and found["chosen"] == [] and found["complete"] is False
        assert found["addable"]
        item = found["addable"][0]
        ann.send_text(json.dumps({"type": "choices", "what": what, "chosen": [item]}))
        again = receive(ann, "choices")
        assert again["chosen"] == [item] and isinstance(again["complete"], bool)
        ann.send_text(json.dumps({"type": "choices", "what": "fly away", "chosen": []}))
        assert error(ann)["seq"] == 0


def test_choices_say_how_many_wilds_the_move_still_needs(c: TestClient) -> None:
    """Extreme Mission: a mission that two cards of the hand cannot make alone needs a
    collaborator as a wild (EM-3.4); the choices frame says so in the asker's language, and says
    nothing once a wild is chosen."""
    import bodoge

    room, tokens = started_room(c)
    rooms = c.app.state.rooms  # type: ignore[attr-defined]
    rooms.rooms[room].state = bodoge.make("extreme-mission", players=2).new_state(
        1, setup={"start_player": 0, "hands": {0: ["I-R4a", "I-B5a"]}}
    )
    with c.websocket_connect(f"/ws/rooms/{room}?token={tokens[0]}&lang=ja") as ann:
        receive(ann, "state")
        ann.send_text(json.dumps({"type": "choices", "what": "complete M1-02", "chosen": []}))
        found = receive(ann, "choices")
        assert found["needs"] == "協力者1枚をオールマイティとして使う必要があります。", found
        ann.send_text(json.dumps({"type": "choices", "what": "complete M1-02", "chosen": ["HK"]}))
        assert receive(ann, "choices")["needs"] is None


def test_a_drop_built_as_the_page_builds_it_drops_every_card(c: TestClient) -> None:
    """Extreme Mission at the hand limit (EM-4.1): the page builds a drop of several cards as a
    chore (``drop B8`` with the items ``B5``, choices say it is whole) and sends it whole, the
    verb once; every card goes, in one move. Cards that make no whole drop lose nothing."""
    import bodoge

    room, tokens = started_room(c)
    hand = bodoge.make("extreme-mission").card_ids[::3][:12]  # R1 R2 R4 … B8: 2 over the limit
    rooms = c.app.state.rooms  # type: ignore[attr-defined]
    rooms.rooms[room].state = bodoge.make("extreme-mission", players=2).new_state(
        1, setup={"start_player": 0, "hands": {0: hand}}
    )
    with c.websocket_connect(f"/ws/rooms/{room}?token={tokens[0]}") as ann:
        act(ann, "pass", receive(ann, "state")["seq"])
        frame = receive(ann, "state")
        assert frame["view"]["phase"] == "drop" and "drop B8" in frame["legal"]
        ann.send_text(json.dumps({"type": "choices", "what": "drop B8", "chosen": ["B5"]}))
        assert receive(ann, "choices")["complete"] is True
        act(ann, "drop B8 R1 R2", frame["seq"])  # three: one too many
        assert error(ann)["seq"] == frame["seq"]
        act(ann, "drop B8 B5", frame["seq"])
        after = json.loads(ann.receive_text())
        while after["type"] not in ("state", "error"):
            after = json.loads(ann.receive_text())
    assert after["type"] == "state", after
    assert len(after["view"]["hand"]) == 10 and after["view"]["current_player"] == 1
    dropped = [e["card"] for e in after["view"]["log"] if e["event"] == "drop"]
    assert sorted(dropped) == ["I-B5b", "I-B8b"]


def test_each_connection_is_sent_the_log_once(c: TestClient) -> None:
    """After a connection's first state frame, ``view.log`` holds only the entries it was not
    sent (from ``log_from`` on); put together, they are the seat's whole log. A connection that
    arrives later, and the first frame of a rematch, start again from the whole log."""
    room, tokens = started_room(c, "ruler-of-mana", players=2)
    rng = random.Random(11)
    pacers = [Pacer(), Pacer()]
    state = c.app.state.rooms.rooms[room]  # type: ignore[attr-defined]
    with (
        c.websocket_connect(f"/ws/rooms/{room}?token={tokens[0]}") as ann,
        c.websocket_connect(f"/ws/rooms/{room}?token={tokens[1]}") as bob,
    ):
        seats = [ann, bob]
        frames = [receive(ann, "state"), receive(bob, "state")]
        assert [f["log_from"] for f in frames] == [0, 0]
        logs = [f["view"]["log"] for f in frames]
        shorter = moves = 0
        while not frames[0]["view"]["is_over"]:
            moves += 1
            mover = frames[0]["view"]["current_player"]
            pacers[mover].wait()
            act(seats[mover], random_step(frames[mover], rng), frames[mover]["seq"])
            frames = [receive(ann, "state"), receive(bob, "state")]
            for seat, frame in enumerate(frames):
                assert frame["log_from"] == len(logs[seat])
                logs[seat] = logs[seat] + frame["view"]["log"]
                assert logs[seat] == state.state.view(seat)["log"]
                shorter += len(frame["view"]["log"]) < len(logs[seat])
        assert shorter == 2 * moves, "every frame after the first carries only the new entries"
        with c.websocket_connect(f"/ws/rooms/{room}?token={tokens[0]}") as again:
            late = receive(again, "state")
            assert late["log_from"] == 0 and late["view"]["log"] == logs[0]
        for token in tokens:
            r = c.post(f"/api/rooms/{room}/rematch", headers=bearer(str(token)))
            assert r.status_code == 200, r.text
        assert r.json()["started"]
        fresh = receive(ann, "state")
        while fresh["seq"] != 0:
            fresh = receive(ann, "state")
        assert fresh["log_from"] == 0 and fresh["view"]["log"] == state.state.view(0)["log"]


@pytest.mark.parametrize(
    "frame",
    [
        {"type": "act", "action": "x" * 10_000, "seq": 0},
        {"type": "act", "action": "draw " + "y" * 10_000, "seq": 0},
        {"type": "act", "action": "complete M1-07 " + "Z" * 10_000, "seq": 0},
        {"type": "act", "action": "take " + "9" * 5_000, "seq": 0},  # int() refuses it
        {"type": "choices", "what": "x" * 10_000, "chosen": []},
    ],
)
@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_refusal_repeats_at_most_40_characters_of_the_input(
    c: TestClient, frame: dict[str, Any], lang: str
) -> None:
    room, tokens = started_room(c)
    with c.websocket_connect(f"/ws/rooms/{room}?token={tokens[0]}&lang={lang}") as ws:
        receive(ws, "state")
        ws.send_text(json.dumps(frame))
        message = error(ws)["message"]
        assert len(message) < 400, message
        said = " ".join([frame.get("action") or frame["what"], *frame.get("chosen", [])])
        for word in said.split():  # the long ones: at most their first 40 characters
            assert len(word) <= 40 or word[:41] not in message, message
        act(ws, "draw", 0)  # the connection is kept
        assert receive(ws, "state")["seq"] == 1


def test_a_long_quote_is_cut_after_its_first_40_characters(c: TestClient) -> None:
    room, tokens = started_room(c)
    with c.websocket_connect(f"/ws/rooms/{room}?token={tokens[0]}") as ws:
        receive(ws, "state")
        act(ws, "draw " + "y" * 10_000, 0)
        whole, rest = "draw " + "y" * 35 + "…", "y" * 40 + "…"
        assert error(ws)["message"] == f"'{whole}': one action at a time; '{rest}' is left over"
        act(ws, "fly", 0)  # a short one is repeated whole, as it was
        assert error(ws)["message"].startswith("'fly' is not legal now; legal: draw")


@pytest.mark.parametrize("seq", [1, 10**30])
def test_a_seq_the_game_has_not_reached_is_not_called_stale(c: TestClient, seq: int) -> None:
    room, tokens = started_room(c)
    with c.websocket_connect(f"/ws/rooms/{room}?token={tokens[0]}") as ws:
        receive(ws, "state")
        act(ws, "draw", seq)
        message = error(ws)["message"]
        assert message.startswith(f"seq {seq} is not a state this game has reached: it is at 0")
        assert "stale" not in message
    with c.websocket_connect(f"/ws/rooms/{room}?token={tokens[0]}&lang=ja") as ws:
        receive(ws, "state")
        act(ws, "draw", 10**4000 if seq > 1 else seq)  # a huge one is repeated cut short
        message = error(ws)["message"]
        assert "まだ至っていない" in message and len(message) < 200, message
        act(ws, "draw", 0)
        assert receive(ws, "state")["seq"] == 1
