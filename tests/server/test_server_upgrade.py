"""An upgrade of bodoge keeps the games under way. Ruler of Mana's payment steps changed meaning in
RM-3.4 (12afd47: ``W2`` had paid 1 or 2 mana as the payment needed; it pays 2 now, ``W2/1`` 1),
so histories stored before it do not replay as they are: migration 5 rewrites them in today's
steps (``upgrade_history``), the same cards paid, the same game. ``fixtures/old_histories.json``
holds games played by the bodoge of 4fa17e8 (schema 2), with what each came to there. A room
whose game still cannot be restored is closed saying why, and kept: it does not vanish."""

from __future__ import annotations

import hashlib
import json
import logging
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa
from server_helpers import client, receive
from starlette.websockets import WebSocketDisconnect

import bodoge
from bodoge.core.errors import IllegalAction
from bodoge.core.state import State
from bodoge.games.ruler_of_mana import upgrade_history
from bodoge.server.rooms import hash_token
from bodoge.server.storage import (
    SCHEMA_VERSION,
    RoomRecord,
    SeatRecord,
    Storage,
    engine_url,
)

OLD = json.loads(Path(__file__).with_name("fixtures").joinpath("old_histories.json").read_text())


def fingerprint(state: State) -> str:
    """As fixtures/make_old_histories.py: every hand, the deck and the generator."""
    saved = json.loads(state.to_json())
    kept = [saved["state"]["hands"], saved["state"]["deck"], saved["rng"]]
    return hashlib.sha256(json.dumps(kept, sort_keys=True).encode()).hexdigest()


def game_of(old: dict[str, Any]) -> Any:
    return bodoge.make(old["game"], players=old["players"], variant=old["variant"])


@pytest.mark.parametrize("old", OLD, ids=lambda o: f"{o['game']}-{o['players']}-{o['variant']}")
def test_an_old_history_read_in_todays_steps_is_the_same_game(old: dict[str, Any]) -> None:
    game = game_of(old)
    steps = upgrade_history(game, old["seed"], old["setup"], old["history"])
    state = game.replay(old["seed"], steps, old["setup"])
    assert fingerprint(state) == old["final"]  # the same hands, deck and generator
    assert state.is_over == old["over"]
    if old["over"]:
        assert list(state.result().winners) == old["winners"]
    if steps != old["history"]:  # stored as it was, it no longer replays
        with pytest.raises(IllegalAction):
            game.replay(old["seed"], old["history"], old["setup"])
    # today's steps are read as they are
    assert upgrade_history(game, old["seed"], old["setup"], steps) == steps


def test_a_payment_an_old_history_leaves_unfinished_is_kept_to_its_first_2_orb_card() -> None:
    """Cut in the middle of each payment: what is kept is where today's history of the whole
    game goes (so the seat that pays goes on), up to the payment's first 2-orb card."""
    cuts = 0
    for old in OLD[:3]:
        game = game_of(old)
        whole = upgrade_history(game, old["seed"], old["setup"], old["history"])
        for at in range(1, len(old["history"])):
            step, before = old["history"][at - 1], old["history"][at - 2]
            if not (step[:1] in "FWAER" and before[:1] in "FWAER@c" and step[1:2] in "12B"):
                continue  # not in a payment of two cards or more
            kept = upgrade_history(game, old["seed"], old["setup"], old["history"][:at])
            assert kept == whole[: len(kept)] and at - len(kept) <= 2
            game.replay(old["seed"], kept, old["setup"])
            cuts += 1
    assert cuts > 10


def old_database(url: str, rooms: list[tuple[str, dict[str, Any], list[str], str]]) -> None:
    """A database as the bodoge of 4fa17e8 left it (schema 2: no rematch columns, no games,
    no lease), holding ``rooms``: (room, old game, its history, status), Ann in seat 0."""
    db = Storage(url)
    for room, old, history, status in rooms:
        seats = [SeatRecord(0, "Ann", None, hash_token(f"{room}-ann"))]
        seats += [SeatRecord(i, bot="random") for i in range(1, old["players"])]
        record = RoomRecord(room, old["game"], old["players"], old["variant"], status=status)
        record.game_no, record.seed, record.setup = 1, old["seed"], old["setup"]
        record.seats = seats
        record.created = record.touched = 1e12
        db.save_room(record)
        db.add_moves(room, 1, 0, history, touched=1e12)
    db.close()
    engine = sa.create_engine(engine_url(url))
    with engine.begin() as conn:
        for table in ("games", "lease"):
            conn.execute(sa.text(f"DROP TABLE {table}"))
        for column in ("rematch", "rematch_first", "closed_why"):
            conn.execute(sa.text(f"ALTER TABLE rooms DROP COLUMN {column}"))
        conn.execute(sa.text("UPDATE schema_version SET version = 2"))
    engine.dispose()


def test_an_upgrade_restores_every_game_of_an_old_database(
    db_url: str, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """Games of the old bodoge, over and under way (one cut in the middle of a payment), come
    back after the upgrade as they were; their rows hold today's steps."""
    rm = [old for old in OLD if old["game"] == "ruler-of-mana"]
    rooms = [(f"over{i}", old, old["history"], "over") for i, old in enumerate(rm)]
    rooms.append(("midgame", rm[2], rm[2]["history"][:120], "running"))
    rooms.append(("em", OLD[-1], OLD[-1]["history"], "running"))
    old_database(db_url, rooms)
    caplog.set_level(logging.INFO, "bodoge.server")
    db = Storage(db_url)
    assert db.version() == SCHEMA_VERSION
    rewritten = [r.getMessage() for r in caplog.records if "today's steps" in r.getMessage()]
    assert len(rewritten) == sum(1 for _, old, history, _ in rooms if history != upgrade(old))
    db.close()
    with client(db_url, tmp_path / "cards") as c:
        held = c.app.state.rooms.rooms  # type: ignore[attr-defined]
        assert set(held) == {room for room, *_ in rooms}
        for room, old, history, status in rooms:
            state, steps = held[room].state, upgrade({**old, "history": history})
            assert state.history[: len(steps)] == steps  # the bots under way may have gone on
            if status == "over":
                assert fingerprint(state) == old["final"]
                assert list(state.result().winners) == old["winners"]
            assert c.get(f"/api/rooms/{room}").status_code == 200
    stored = Storage(db_url)
    assert stored.history("over0", 1) == upgrade(rm[0]) != rm[0]["history"]
    stored.close()


def upgrade(old: dict[str, Any]) -> list[str]:
    return upgrade_history(game_of(old), old["seed"], old["setup"], old["history"])


def test_a_room_that_cannot_be_restored_is_closed_saying_why(
    db_url: str, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """A game whose history no bodoge reads now: the room is closed, saying why (its summary,
    its page), and kept; the log says so in one line, with neither the step it refused nor the
    seat's legal steps (a game under way keeps its secrets)."""
    old = OLD[0]
    game = game_of(old)
    state = game.new_state(old["seed"], old["setup"])
    while "exchange" not in [str(a) for a in state.legal_actions()]:
        state.apply(state.legal_actions()[0])
    state.apply("exchange")
    secret = next(str(a) for a in state.legal_actions())  # an exchange offer nobody has seen
    history = [*state.history, secret, "cast S99/9"]
    old_database(db_url, [("lost", old, history, "running")])
    caplog.set_level(logging.DEBUG)
    with client(db_url, tmp_path / "cards") as c:
        assert c.app.state.rooms.rooms == {}  # type: ignore[attr-defined]
        summary = c.get("/api/rooms/lost").json()
        assert (summary["status"], summary["closed_why"], summary["games"]) == (
            "closed", "not_restored", [],
        )  # fmt: skip
        with c.websocket_connect("/ws/rooms/lost?token=lost-ann") as ws:
            assert receive(ws, "room")["closed_why"] == "not_restored"
            with pytest.raises(WebSocketDisconnect) as gone:
                ws.receive_text()
            assert gone.value.code == 4410
        assert c.get("/api/rooms/lost/replay?game=1").status_code == 404
    said = [r.getMessage() for r in caplog.records if "lost" in r.getMessage()]
    assert len([line for line in said if "cannot be restored" in line]) == 1, said
    assert f"at step {len(history)} of {len(history)}" in said[0]
    for hidden in (secret, "S99", "legal:", "exchange"):
        assert hidden not in caplog.text
    db = Storage(db_url)
    assert db.closed_room("lost") is not None  # kept, like any closed room
    assert db.history("lost", 1) == history
    db.close()
