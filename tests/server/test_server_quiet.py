"""Ask me only when I can answer (bodoge.server.quiet): the server passes for a quiet seat whose
only step is ``pass``, whatever else the room's seats are doing."""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from server_helpers import bearer, client, held, started_room

from bodoge.server import quiet


def test_a_quiet_seat_is_passed_for_after_a_quiet_seat_s_leaver_bot_answered_first(
    sqlite_url: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Ann and Ben both asked to be spared pass-only questions; Ben left, a bot plays his seat.
    His wish went with him: the bot answers his questions, and no pass the server meant for his
    seat (stale once the bot had answered) keeps the server from passing for Ann. Before, such a
    pass held the room's one quiet task while Ann was asked, and she waited for ever."""
    # The server's passes wait longer than the bot's answers (0.4 to 0.8 s), all of them: the
    # race a page met now and then, made to happen at each question
    monkeypatch.setattr(quiet, "DELAY", (2.5, 2.5))
    with client(sqlite_url, tmp_path / "cards") as c:
        rooms = c.app.state.rooms  # type: ignore[attr-defined]
        room, tokens = started_room(c, "ruler-of-mana", players=2)
        table = held(c, room)
        for seat in (0, 1):
            c.portal.call(quiet.set_quiet, rooms, table, seat, True)  # type: ignore[union-attr]
        r = c.post(f"/api/rooms/{room}/leave", headers=bearer(tokens[1] or ""))
        assert r.status_code == 200, r.text
        assert table.seats[1].bot is not None and 1 not in table.quiet
        passed, deadline = 0, time.monotonic() + 120
        asked: tuple[int, float] | None = None  # the step Ann was asked to pass alone at, when
        while table.status == "running" and passed < 4:
            assert time.monotonic() < deadline, f"{passed} quiet passes in 120 s"
            state = table.state
            at = len(state.history)
            if asked is not None and at != asked[0]:
                passed, asked = passed + 1, None
            legal = [str(a) for a in state.legal_actions()] if state.current_player == 0 else []
            if legal == ["pass"]:
                asked = asked or (at, time.monotonic())
                # the server's pass comes after 2.5 s
                assert time.monotonic() - asked[1] < 10, "the server never passed for Ann"
            elif legal:
                # Ann casts what she can at once (the first step is a cast where there is one)
                c.portal.call(rooms.act, table, 0, legal[0], at)  # type: ignore[union-attr]
            time.sleep(0.005)
        assert passed >= 4 or table.status == "over"
