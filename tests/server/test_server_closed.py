"""A closed room (its last person left, or nobody touched it for a week): read-only at its
address, its games replayable there (the one under way when it closed too: nobody can play it
on), kept for KEPT_DAYS, then deleted with the uploaded card files no room uses any more. A game
someone can still play is never replayable."""

from __future__ import annotations

import hashlib
import os
import time
from pathlib import Path

import pytest
from server_helpers import bearer, client, new_room, play_to_the_end, receive, refused, started_room
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from bodoge.core.i18n import text
from bodoge.server.rooms import KEPT_DAYS

SHIPPED = Path(__file__).parents[2] / "src/bodoge/games/ruler_of_mana/cards.toml"
DAY = 86400.0


# Every route a seat changes a room or plays by (acts and chat go by the websocket): method,
# path under the room, body.
SEATED: list[tuple[str, str, dict[str, object] | None]] = [
    ("POST", "seats/1", {"name": "Di"}),
    ("DELETE", "seats/1", None),
    ("POST", "seats/1/bot", {"level": "easy"}),
    ("POST", "seats/1/away", None),
    ("POST", "start", {}),
    ("POST", "rematch", {}),
    ("POST", "leave", None),
    ("POST", "hint", {}),
]


def closed_at_its_address(c: TestClient, room: str, token: str) -> None:
    """Nobody sits, frees a seat or hands it to a bot, starts, rematches, leaves or asks for a
    hint there: each is refused as closed, in one line in the page's language (the hint answered
    404, "no such room", as though the room were gone); its websocket says it is closed (a room
    frame, no state) and closes 4410."""
    for lang in ("en", "ja"):
        closed = text("server.closed", lang, room=room)
        for method, path, body in SEATED:
            asked = c.request(
                method, f"/api/rooms/{room}/{path}?lang={lang}", json=body, headers=bearer(token)
            )
            assert refused(asked, 409) == closed, (lang, method, path)
    with c.websocket_connect(f"/ws/rooms/{room}?token={token}") as ws:
        frame = receive(ws, "room")
        assert (frame["status"], frame["you"]) == ("closed", None)
        with pytest.raises(WebSocketDisconnect) as gone:
            ws.receive_text()
        assert gone.value.code == 4410
    assert c.get("/api/rooms").json()["rooms"] == []


def test_a_finished_game_stays_replayable_once_its_room_closed(
    sqlite_url: str, tmp_path: Path
) -> None:
    """Ann loses to a bot and leaves: the room closes, and its game is still replayable at the
    same addresses (the record, each step's view), after a restart too."""
    with client(sqlite_url, tmp_path / "cards") as c:
        room, tokens = started_room(c, "ruler-of-mana", players=2, bots={1: "random"})
        ann = str(tokens[0])
        play_to_the_end(c, room)
        replay = f"/api/rooms/{room}/replay"
        record = c.get(replay).json()
        step = c.get(f"{replay}/5?game=1&seat=1").json()
        assert c.post(f"/api/rooms/{room}/leave", headers=bearer(ann)).json() == {"seat": 0}
        summary = c.get(f"/api/rooms/{room}").json()
        assert (summary["status"], summary["games"]) == ("closed", [1])
        assert c.get(replay).json() == c.get(f"{replay}?game=1").json() == record
        assert c.get(f"{replay}/5?game=1&seat=1").json() == step
        # the room's words and faces, as its page asks for them
        assert c.get(f"/api/faces/ruler-of-mana?room={room}").status_code == 200
        closed_at_its_address(c, room, ann)
    with client(sqlite_url, tmp_path / "cards") as c:
        assert c.get(f"/api/rooms/{room}").json()["status"] == "closed"
        assert c.get(replay).json() == record
        closed_at_its_address(c, room, ann)


def test_a_game_under_way_is_replayable_only_once_nobody_can_play_it(
    sqlite_url: str, tmp_path: Path
) -> None:
    """While anyone can play the game on (Bob, after Ann left it to a bot; after a restart too)
    its record is refused: its seed would tell every hand. Once Bob leaves too, the room closes
    and nobody can: the game as it stood is replayable."""
    with client(sqlite_url, tmp_path / "cards") as c:
        room, tokens = started_room(c, "ruler-of-mana", players=2)
        ann, bob = (str(t) for t in tokens)
        c.post(f"/api/rooms/{room}/leave", headers=bearer(ann))
    replay = f"/api/rooms/{room}/replay"
    with client(sqlite_url, tmp_path / "cards") as c:
        assert c.get(f"/api/rooms/{room}").json()["status"] == "running"
        for asked in (replay, f"{replay}?game=1", f"{replay}/0?game=1", f"{replay}/0"):
            assert "seed" not in refused(c.get(asked), 409)
        with c.websocket_connect(f"/ws/rooms/{room}") as ws:
            assert "seed" not in receive(ws, "state")
        c.post(f"/api/rooms/{room}/leave", headers=bearer(bob))
        history = c.app.state.rooms.storage.history(room, 1)  # type: ignore[attr-defined]
        record = c.get(f"{replay}?game=1").json()
        assert (record["game_no"], record["games"], record["history"]) == (1, [1], history)
        assert [s["name"] for s in record["seats"]] == ["Ann", "P1"]  # as they sat
        view = c.get(f"{replay}/{len(history)}?game=1&seat=1").json()["view"]
        assert not view["is_over"]
        closed_at_its_address(c, room, bob)


def card_text(n: int) -> str:
    """A card file of its own (the shipped one, and a comment): its own sha256."""
    return SHIPPED.read_text("utf-8") + f"\n# mine {n}\n"


def card_file(folder: Path, text: str) -> Path:
    return folder / f"{hashlib.sha256(text.encode()).hexdigest()}.toml"


def aged(path: Path, days: float = 2) -> None:
    then = time.time() - days * DAY
    os.utime(path, (then, then), follow_symlinks=False)


def test_closed_rooms_are_kept_for_a_while_then_deleted_with_their_card_files(
    db_url: str, tmp_path: Path
) -> None:
    """A closed room's games stay replayable KEPT_DAYS after its last touch; then the room is
    deleted, and its card file with it, while an open room's stays (SQLite and PostgreSQL)."""
    folder = tmp_path / "cards"
    with client(db_url, folder) as c:
        rooms = c.app.state.rooms  # type: ignore[attr-defined]
        made = new_room(c, "ruler-of-mana", cards=card_text(1), cards_name="mine.toml")
        room, token = made["room"], made["token"]
        c.post(f"/api/rooms/{room}/seats/1/bot", json={"level": "easy"}, headers=bearer(token))
        c.post(f"/api/rooms/{room}/start", json={"start_player": 0}, headers=bearer(token))
        c.post(f"/api/rooms/{room}/leave", headers=bearer(token))
        still = new_room(c, "ruler-of-mana", cards=card_text(2), cards_name="mine.toml")["room"]
        replay = f"/api/rooms/{room}/replay?game=1"
        record = c.get(replay).json()
        rooms.clock = lambda: time.time() + (KEPT_DAYS - 1) * DAY
        assert c.portal.call(rooms.forget_closed) == []  # type: ignore[union-attr]
        assert c.portal.call(rooms.clean_cards) == []  # type: ignore[union-attr]
        assert c.get(replay).json() == record
        rooms.clock = lambda: time.time() + (KEPT_DAYS + 1) * DAY
        assert c.portal.call(rooms.forget_closed) == [room]  # type: ignore[union-attr]
        refused(c.get(replay), 404)
        refused(c.get(f"/api/rooms/{room}"), 404)
        removed = c.portal.call(rooms.clean_cards)  # type: ignore[union-attr]
        assert removed == [card_file(folder, card_text(1)).name]
        assert [p.name for p in folder.iterdir()] == [card_file(folder, card_text(2)).name]
        assert c.get(f"/api/rooms/{still}").json()["status"] == "open"


def test_card_files_no_room_uses_are_removed_at_start(sqlite_url: str, tmp_path: Path) -> None:
    """At start, the uploaded card files no open or kept room plays with go (refused uploads of
    before they were checked first, trial copies of uploads cut short); a file an open room or a
    closed room's replays need stays, as do one just written, other names, and anything a link
    leads to outside the folder."""
    folder = tmp_path / "cards"
    with client(sqlite_url, folder) as c:
        made = new_room(c, "ruler-of-mana", cards=card_text(1), cards_name="mine.toml")
        closed = new_room(c, "ruler-of-mana", cards=card_text(2), cards_name="mine.toml")
        c.post(f"/api/rooms/{closed['room']}/leave", headers=bearer(closed["token"]))
    used = [card_file(folder, card_text(n)) for n in (1, 2)]
    refused_upload = card_file(folder, "[[mana]]\ncode = 'F1'\n")
    refused_upload.write_text("[[mana]]\ncode = 'F1'\n")
    trial = folder / ".upload-k2j4h1x0.toml"
    trial.write_text("[[mana]]\n")
    fresh = card_file(folder, "[[spell]]\n")
    fresh.write_text("[[spell]]\n")
    notes = folder / "notes.toml"
    notes.write_text("mine")
    outside = tmp_path / "elsewhere.toml"
    outside.write_text("not the server's")
    link = card_file(folder, "a link")
    link.symlink_to(outside)
    for path in [*used, refused_upload, trial, notes, outside, link]:
        aged(path)
    with client(sqlite_url, folder) as c:
        assert c.get(f"/api/rooms/{made['room']}").json()["status"] == "open"
        assert c.get(f"/api/rooms/{closed['room']}").json()["status"] == "closed"
    assert sorted(p.name for p in folder.iterdir()) == sorted(
        p.name for p in [*used, fresh, notes, link]
    )
    assert outside.read_text() == "not the server's"
