"""Bots in rooms decide from the seat's view and legal steps alone (``bots.decide``), for every
level a room offers; rooms nobody touched for a week close."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path

import pytest
import sqlalchemy as sa
from server_helpers import client, new_room, started_room

import bodoge
from bodoge.core.testing import random_game
from bodoge.server.bots import BOT_LEVELS, BotPool, GameSpec, decide
from bodoge.server.storage import engine_url


@pytest.mark.parametrize("name", ["extreme-mission", "ruler-of-mana"])
def test_bots_choose_a_legal_step_from_the_view_alone(name: str) -> None:
    # People's games have no turn cap: random play is capped, then replayed without one.
    capped = random_game(bodoge.make(name, players=3, turn_cap=30), 3)
    game = bodoge.make(name, players=3)
    spec = GameSpec(name, 3, "basic", None)
    cuts = random.Random(1).sample(range(len(capped.history) - 1), 12)
    for i, cut in enumerate(cuts):
        state = game.replay(3, capped.history[:cut])
        seat = state.current_player
        assert seat is not None
        legal = [str(a) for a in state.legal_actions()]
        level = ("random", "easy")[i % 2]
        assert decide(spec, level, seat, state.view(seat), legal, seed=i) in legal


def test_a_searching_bot_thinks_in_a_worker_process() -> None:
    state = bodoge.make("ruler-of-mana", players=2).new_state(seed=4)
    legal = [str(a) for a in state.legal_actions()]
    pool = BotPool("process", 1)
    try:
        spec = GameSpec("ruler-of-mana", 2, "basic", None)
        step = asyncio.run(pool.choose(spec, "normal", 0, state.view(0), legal, 5))
    finally:
        pool.close()
    assert step in legal
    assert BOT_LEVELS == ("random", "easy", "normal", "hard")


def test_rooms_untouched_for_a_week_are_closed(sqlite_url: str, tmp_path: Path) -> None:
    with client(sqlite_url, tmp_path / "cards") as c:
        old = new_room(c)["room"]
        fresh, _ = started_room(c)
        engine = sa.create_engine(engine_url(sqlite_url))
        with engine.begin() as conn:
            conn.execute(
                sa.text("UPDATE rooms SET touched = touched - 8 * 86400 WHERE room = :r"),
                {"r": old},
            )
        engine.dispose()
        rooms = c.app.state.rooms  # type: ignore[attr-defined]
        assert c.portal.call(rooms.close_untouched) == [old]  # type: ignore[union-attr]
        assert c.get(f"/api/rooms/{old}").json()["status"] == "closed"
        assert c.get(f"/api/rooms/{fresh}").json()["status"] == "running"
    with client(sqlite_url, tmp_path / "cards") as c:
        assert [r["room"] for r in c.get("/api/rooms").json()["rooms"]] == [fresh]
