"""The companion rooms: create, sync to every phone, undo, idempotent changes, a restart."""

from __future__ import annotations

import time
from dataclasses import replace
from pathlib import Path
from typing import Any
from urllib.parse import quote

import pytest
from server_helpers import client
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from bodoge.server.companion import CODE_ALPHABET
from bodoge.server.storage import ChangeRecord


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
        assert c.get("/companion/chess").status_code == 404


# A table's own deal: three missions of each level of the shipped card set (EM-1.1).
OWN = [f"M{level}-0{i}" for level in (1, 2, 3, 4) for i in (6, 7, 8)]


def test_companion_extreme_mission_takes_the_tables_own_deal_until_the_first_cube(
    db_url: str, tmp_path: Path
) -> None:
    with client(db_url, tmp_path / "cards") as c:
        room = new(c, game="extreme-mission", players=2, start_player=0)
        dealt = [m["id"] for m in c.get(f"/api/companion/{room}").json()["table"]["missions"]]
        # Every mission of the card set, level 1 first, as the table's cards show them.
        every = c.get(f"/api/companion/{room}/missions").json()["missions"]
        assert len(every) == 32 and [m["level"] for m in every] == sorted(m["level"] for m in every)
        assert every[0]["name"]["ja"] and every[0]["condition"]["en"]
        with c.websocket_connect(f"/ws/companion/{room}") as a:
            frame_of(a)
            own = OWN[9:] + OWN[:9]  # any order: laid level 1 row first, each row as given
            laid = send(a, "lay-1", do="lay", missions=own)["frame"]
            assert [m["id"] for m in laid["table"]["missions"]] == OWN
            levels = [m["level"] for m in laid["table"]["missions"]]
            assert levels == [1, 1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 4]
            assert laid["table"]["own_deal"] and laid["history"][-1]["change"] == {
                "do": "lay",
                "missions": own,
            }
            undone = send(a, "u", do="undo", of="lay-1")["frame"]["table"]
            assert [m["id"] for m in undone["missions"]] == dealt and not undone["own_deal"]
            send(a, "lay-2", do="lay", missions=OWN)
            send(a, "c", do="complete", seat=1, mission="M3-07")
            late = send(a, "lay-3", do="lay", missions=dealt)
            assert late["type"] == "error" and late["id"] == "lay-3", late
            assert late["message"] == (
                "A cube is on a mission already: the laid missions can no longer be changed"
                " (EM-1.1)"
            )
    with client(db_url, tmp_path / "cards") as c:  # a restart replays the stored changes
        table = c.get(f"/api/companion/{room}").json()["table"]
        assert [m["id"] for m in table["missions"]] == OWN and table["own_deal"]
        assert table["completed"] == [[], ["M3-07"]]
        ruler = new(c, game="ruler-of-mana", players=2)
        r = c.get(f"/api/companion/{ruler}/missions?lang=ja")
        assert r.status_code == 404 and "ミッションはありません" in r.json()["error"]
        assert c.get("/api/companion/nope/missions").status_code == 404


# A change a phone may send wrong: one error frame each, worded from the catalogue, naming the
# field (the input it repeats cut at 40 characters); the connection stays and nothing changes.
BAD_CHANGES = [
    ("ruler-of-mana", {"do": "heal", "seat": 0, "amount": True}, '"amount": true is not a whole'),
    ("ruler-of-mana", {"do": "heal", "seat": 0, "amount": 1.5}, '"amount": 1.5 is not a whole'),
    ("ruler-of-mana", {"do": "damage", "seat": "0", "amount": 1}, '"seat": "0" is not a whole'),
    ("ruler-of-mana", {"do": "damage", "seat": 5, "amount": 1}, "There is no seat 5"),
    ("ruler-of-mana", {"do": "heal", "seat": 0, "amount": 10**9}, "is not from 0 to 999"),
    ("ruler-of-mana", {"do": "heal", "seat": 0}, 'The change "heal" needs the field "amount"'),
    ("ruler-of-mana", {"do": "end", "ending": "x" * 100}, '"' + "x" * 39 + "…"),
    ("ruler-of-mana", {"do": "hands", "hands": {"0": -1}}, '"hands.0": -1 is not from 0'),
    ("ruler-of-mana", {"do": "complete", "seat": 0, "mission": "M1"}, "(it knows damage, heal"),
    ("ruler-of-mana", [1, 2], "A change is a JSON object with a"),
    ("ruler-of-mana", {"do": "y" * 100}, "knows: " + '"' + "y" * 39 + "… (it knows"),
    ("extreme-mission", {"do": "complete", "seat": 1.0, "mission": "M1"}, '"seat": 1.0 is not a'),
    (
        "extreme-mission",
        {"do": "collaborator", "seat": 0, "kind": "HK", "up": "no"},
        '"up": "no" is not true or false',
    ),
    ("extreme-mission", {"do": "lay", "missions": "M1-06"}, '"missions" is a list of 12 mission'),
    ("extreme-mission", {"do": "lay", "missions": OWN[:11]}, "ids, 3 of each level; not ["),
    ("extreme-mission", {"do": "lay", "missions": [*OWN[:11], 7]}, '"missions.11": 7 is not a'),
    (
        "extreme-mission",
        {"do": "lay", "missions": [*OWN[:11], "M9-99"]},
        "M9-99 is not a mission of this table's card set",
    ),
    ("extreme-mission", {"do": "lay", "missions": [*OWN[:11], "M1-06"]}, "M1-06 is chosen twice"),
    (
        "extreme-mission",
        {"do": "lay", "missions": ["M1-05", *OWN[:3], *OWN[4:]]},  # a level-2 one left out
        "Level 1: 4 missions chosen; the table lays 3 of each level (EM-1.1)",
    ),
]


@pytest.mark.parametrize(("game", "change", "said"), BAD_CHANGES)
def test_companion_refuses_a_bad_field_with_one_line_and_keeps_the_connection(
    sqlite_url: str, tmp_path: Path, game: str, change: Any, said: str
) -> None:
    with client(sqlite_url, tmp_path / "cards") as c:
        room = new(c, game=game, players=2)
        with c.websocket_connect(f"/ws/companion/{room}") as ws:
            before = frame_of(ws)
            ws.send_json({"type": "change", "id": "a1", "change": change})
            answer = ws.receive_json()
            assert answer["type"] == "error" and answer["id"] == "a1", answer
            assert said in answer["message"] and "\n" not in answer["message"]
            assert "There is no seat 0" not in answer["message"]
            ws.send_json({"type": "ping"})
            assert ws.receive_json() == {"type": "pong"}
        assert c.get(f"/api/companion/{room}").json()["table"] == before["table"]
        assert c.get(f"/api/companion/{room}").json()["seq"] == 0


def test_companion_frames_of_the_wrong_kind_get_the_companions_own_lines(
    sqlite_url: str, tmp_path: Path
) -> None:
    with client(sqlite_url, tmp_path / "cards") as c:
        room = new(c, game="ruler-of-mana", players=2)
        with c.websocket_connect(f"/ws/companion/{room}?lang=ja") as ws:
            frame_of(ws)
            ws.send_json({"type": "act", "action": "draw"})
            message = ws.receive_json()["message"]
            assert '"act"' in message and "change" in message and "chat" not in message
            long_id = "i" * 100
            ws.send_json({"type": "change", "id": long_id, "change": {"do": "next"}})
            answer = ws.receive_json()
            assert answer["type"] == "error" and answer["id"] is None
            assert long_id not in str(answer)
            ws.send_json({"type": "change", "id": "z", "change": {"do": "damage", "seat": "0"}})
            assert "は整数ではありません" in ws.receive_json()["message"]
        long_room = "r" * 100
        error = c.get(f"/api/companion/{long_room}").json()["error"]
        assert long_room not in error and "r" * 39 + "…" in error


def test_companion_restores_a_room_with_a_bad_stored_change_skipping_only_that_change(
    db_url: str, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """An older server stored ``"amount": true`` (the compiled build took it as 1): a restart
    skips that change, with a warning, and keeps the room and every other change."""
    with client(db_url, tmp_path / "cards") as c:
        room = new(c, game="ruler-of-mana", players=2, start_player=0)
        with c.websocket_connect(f"/ws/companion/{room}") as ws:
            frame_of(ws)
            send(ws, "good-1", do="damage", seat=1, amount=4)
            storage = c.app.state.companions.storage  # type: ignore[attr-defined]
            bad = {"do": "heal", "seat": 0, "amount": True}
            storage.add_change(room, ChangeRecord(1, "bad", bad, time.time()))
    with client(db_url, tmp_path / "cards") as c:  # a restart
        r = c.get(f"/api/companion/{room}")
        assert r.status_code == 200, r.text
        assert r.json()["table"]["life"] == [15, 11]
        assert [h["skipped"] for h in r.json()["history"]] == [False, True]
        assert "skipped on restoring" in caplog.text and "stored change 1" in caplog.text
        with c.websocket_connect(f"/ws/companion/{room}") as ws:
            frame_of(ws)
            assert send(ws, "bad", do="next")["type"] == "ack"  # known: not applied again
            after = send(ws, "good-2", do="damage", seat=1, amount=1)  # stored as change 2
            assert after["type"] == "ack" and after["frame"]["table"]["life"] == [15, 10]
            assert after["frame"]["seq"] == 3
    with client(db_url, tmp_path / "cards") as c:
        assert c.get(f"/api/companion/{room}").json()["table"]["life"] == [15, 10]


def test_companion_unnamed_seats_are_stored_without_a_name(sqlite_url: str, tmp_path: Path) -> None:
    with client(sqlite_url, tmp_path / "cards") as c:
        room = new(c, game="ruler-of-mana", players=3, names=["Aki", None, "  "])
        assert c.get(f"/api/companion/{room}").json()["table"]["names"] == ["Aki", None, None]
        bare = new(c, game="extreme-mission", players=2)
        table = c.get(f"/api/companion/{bare}").json()["table"]
        assert table["names"] == [None, None] and "Player" not in str(table)
        with c.websocket_connect(f"/ws/companion/{room}") as ws:
            frame_of(ws)
            renamed = send(ws, "n", do="name", seat=1, name="Bo")["frame"]["table"]
            assert renamed["names"] == ["Aki", "Bo", None]


def test_companion_card_file_errors_name_the_file_as_uploaded(
    sqlite_url: str, tmp_path: Path
) -> None:
    with client(sqlite_url, tmp_path / "cards") as c:
        body = {"game": "extreme-mission", "players": 2, "cards": "missions = 3"}
        r = c.post("/api/companion", json={**body, "cards_name": "my-cards.toml"})
        assert r.status_code == 400 and r.json()["error"].startswith("my-cards.toml"), r.text
        assert c.post("/api/companion", json={**body, "cards_name": 5}).status_code == 400


def test_companion_pages_send_a_room_to_its_own_game_and_say_when_there_is_none(
    sqlite_url: str, tmp_path: Path
) -> None:
    with client(sqlite_url, tmp_path / "cards") as c:
        room = new(c, game="ruler-of-mana", players=2)
        r = c.get(f"/companion/extreme-mission/{room}", follow_redirects=False)
        assert r.status_code == 302
        assert r.headers["location"] == f"/companion/ruler-of-mana/{room}"
        assert c.get(f"/companion/ruler-of-mana/{room}").status_code == 200
        missing = c.get("/companion/ruler-of-mana/nosuchroom")
        assert missing.status_code == 404 and "<html" in missing.text  # the page says so
        assert c.get("/companion").status_code == 200  # which companion?
        with (
            c.websocket_connect("/ws/companion/nosuchroom?lang=ja") as ws,
            pytest.raises(WebSocketDisconnect) as closed,
        ):
            assert "nosuchroom" in ws.receive_json()["message"]
            ws.receive_json()
        assert closed.value.code == 4404


def test_a_table_s_code_is_ten_characters_found_however_it_is_typed(
    sqlite_url: str, tmp_path: Path
) -> None:
    """A new table's code is ten characters of the 32 (shown abcde-fghij): six were guessed
    from many addresses at once (one of 1,000 tables every 107 minutes from 1,000 addresses).
    Typed with its dash, spaces, capitals or a Japanese keyboard's full-width letters, it finds
    the table, by the API, the websocket and the page (sent to the code's own address); a table
    stored with six characters before is still found, its old link too."""
    with client(sqlite_url, tmp_path / "cards") as c:
        room = new(c, game="ruler-of-mana", players=2)
        assert len(CODE_ALPHABET) == 32 and len(room) == 10 and set(room) <= set(CODE_ALPHABET)
        dashed = f"{room[:5]}-{room[5:]}"
        wide = "".join(chr(ord(ch) + 0xFEE0) for ch in dashed.upper())  # ＡＢＣ…, －
        for typed in (dashed, dashed.upper(), f" {room[:5]} {room[5:]} ", wide):
            r = c.get(f"/api/companion/{quote(typed)}")
            assert r.status_code == 200 and r.json()["room"] == room, (typed, r.text)
        page = c.get(f"/companion/ruler-of-mana/{dashed.upper()}", follow_redirects=False)
        assert page.status_code == 302
        assert page.headers["location"] == f"/companion/ruler-of-mana/{room}"
        with c.websocket_connect(f"/ws/companion/{dashed}") as ws:
            assert frame_of(ws)["room"] == room
        storage = c.app.state.companions.storage  # type: ignore[attr-defined]
        (record,) = storage.load_companions()
        storage.save_companion(replace(record, room="abc234"))  # as an older server made it
    with client(sqlite_url, tmp_path / "cards") as c:  # a restart
        assert c.get("/api/companion/ABC 234").json()["room"] == "abc234"
        assert c.get("/companion/ruler-of-mana/abc234").status_code == 200
