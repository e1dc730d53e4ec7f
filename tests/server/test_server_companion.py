"""The companion rooms: create, sync to every phone, undo, idempotent changes, a restart."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from server_helpers import client
from starlette.testclient import TestClient


def new(c: TestClient, **body: Any) -> str:
    r = c.post("/api/companion", json=body)
    assert r.status_code == 201, r.text
    assert r.json()["url"] == f"/companion/{body['game']}/{r.json()['room']}"
    return str(r.json()["room"])


def frame_of(ws: Any) -> dict[str, Any]:
    while True:
        frame: dict[str, Any] = ws.receive_json()
        if frame["type"] == "companion":
            return frame


def send(ws: Any, cid: str, **change: Any) -> dict[str, Any]:
    """Send a change; the answer (ack or error) and, for an ack, the new frame."""
    ws.send_json({"type": "change", "id": cid, "change": change})
    answer: dict[str, Any] = ws.receive_json()
    if answer["type"] == "companion":  # the broadcast comes before the ack
        answer = {**ws.receive_json(), "frame": answer}
    return answer


def test_companion_ruler_of_mana_syncs_two_phones_and_survives_a_restart(
    db_url: str, tmp_path: Path
) -> None:
    with client(db_url, tmp_path / "cards") as c:
        room = new(c, game="ruler-of-mana", players=2, variant="expert", names=["Ann", "Bo"])
        with (
            c.websocket_connect(f"/ws/companion/{room}") as a,
            c.websocket_connect(f"/ws/companion/{room}") as b,
        ):
            first = frame_of(a)
            assert frame_of(b) == first
            assert first["table"]["life"] == [15, 15]
            assert "seed" not in str(first)
            start = first["table"]["start_player"]
            answer = send(a, "a-1", do="damage", seat=1, amount=4)
            assert answer["type"] == "ack" and answer["frame"]["table"]["life"] == [15, 11]
            assert frame_of(b)["table"]["life"] == [15, 11]
            # The same change again (a phone catching up): acknowledged, not applied twice.
            assert send(a, "a-1", do="damage", seat=1, amount=4)["type"] == "ack"
            assert send(b, "b-1", do="heal", seat=1, amount=9)["frame"]["table"]["life"] == [15, 15]
            frame_of(a)
            undone = send(a, "a-2", do="undo", of="b-1")["frame"]
            assert undone["table"]["life"] == [15, 11] and undone["undo"] == "a-1"
            assert [h["undone"] for h in undone["history"]] == [False, True, False]
            refused = send(b, "b-2", do="undo", of="b-1")  # b reads a's undo, then its refusal
            assert refused["type"] == "error" and refused["id"] == "b-2"
            assert send(a, "a-3", do="penalty", seat=0)["frame"]["table"]["life"] == [13, 11]
    with (
        client(db_url, tmp_path / "cards") as c,  # a restart
        c.websocket_connect(f"/ws/companion/{room}?lang=ja") as a,
    ):
        again = frame_of(a)
        assert again["table"]["life"] == [13, 11] and again["table"]["start_player"] == start
        assert send(a, "a-1", do="damage", seat=1, amount=4)["type"] == "ack"
        knocked = send(a, "a-4", do="damage", seat=1, amount=20)["frame"]["table"]
        assert knocked["knocked_out"] == [1]
        ended = send(a, "a-5", do="end", ending="ko", blow_by=0)["frame"]["table"]
        assert ended["hands_needed"] == [] and ended["reckoning"]["winner"] == 0
        assert ended["reckoning"]["scores"] == [16, 0]
        late = send(a, "a-6", do="heal", seat=1, amount=1)
        assert late["type"] == "error" and "ゲームは終了" in late["message"]


def test_companion_ruler_of_mana_asks_hands_for_a_tie(sqlite_url: str, tmp_path: Path) -> None:
    with client(sqlite_url, tmp_path / "cards") as c:
        room = new(c, game="ruler-of-mana", players=3)
        with c.websocket_connect(f"/ws/companion/{room}") as a:
            frame_of(a)
            send(a, "1", do="damage", seat=0, amount=5)
            send(a, "2", do="damage", seat=1, amount=5)
            table = send(a, "3", do="end", ending="deck")["frame"]["table"]
            assert table["hands_needed"] == [0, 1] and table["reckoning"] is None
            table = send(a, "4", do="hands", hands={"0": 3, "1": 2})["frame"]["table"]
            assert table["reckoning"]["winner"] == 2 and table["reckoning"]["why"] == "score"


def test_companion_extreme_mission_deals_tracks_and_ranks(sqlite_url: str, tmp_path: Path) -> None:
    with client(sqlite_url, tmp_path / "cards") as c:
        room = new(c, game="extreme-mission", players=2, start_player=1)
        r = c.get(f"/api/companion/{room}")
        table = r.json()["table"]
        assert [m["level"] for m in table["missions"]] == [1, 1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 4]
        assert table["missions"][0]["condition"]["ja"] and table["start_player"] == 1
        levels = [table["missions"][i]["id"] for i in (0, 3, 6, 9)]
        with c.websocket_connect(f"/ws/companion/{room}") as a:
            frame_of(a)
            for i, m in enumerate(levels):
                send(a, f"c{i}", do="complete", seat=0, mission=m)
            twice = send(a, "x", do="complete", seat=0, mission=table["missions"][1]["id"])
            assert twice["type"] == "error" and "EM-3.5" in twice["message"]
            send(a, "d", do="collaborator", seat=1, kind="HK", up=False)
            t = send(a, "n1", do="next")["frame"]["table"]  # seat 1 (start) ends: seat 0 is last
            assert t["finished"] == [True, False] and t["last_round"] and t["turns_left"] == 1
            t = send(a, "n2", do="next")["frame"]["table"]
            assert t["over"] and t["hands_needed"] == []
            assert t["reckoning"]["winners"] == [0] and t["reckoning"]["decided"] == ["missions"]


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"game": "chess", "players": 2}, "game"),
        ({"game": "ruler-of-mana", "players": 7}, "players"),
        ({"game": "extreme-mission", "players": 2, "variant": "expert"}, "variant"),
        ({"game": "ruler-of-mana", "players": 2, "names": ["A"]}, "names"),
    ],
)
def test_companion_refuses_a_bad_room_with_one_line(
    sqlite_url: str, tmp_path: Path, body: dict[str, Any], field: str
) -> None:
    with client(sqlite_url, tmp_path / "cards") as c:
        r = c.post("/api/companion", json=body)
        assert r.status_code == 400 and field in r.json()["error"]
        assert c.get("/api/companion/nope").status_code == 404


def test_companion_pages_are_served(sqlite_url: str, tmp_path: Path) -> None:
    with client(sqlite_url, tmp_path / "cards") as c:
        for game in ("ruler-of-mana", "extreme-mission"):
            assert c.get(f"/companion/{game}").status_code == 200
            assert c.get(f"/companion/{game}/abc").status_code == 200
        assert c.get("/companion/chess").status_code == 404
