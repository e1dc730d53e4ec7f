"""The replay shows each step as the live game showed it: every seat's view, key for key and in
the same order (the table is drawn in the order of the view's keys), and says which action each
step belongs to."""

from __future__ import annotations

import json
import random
import secrets
from typing import Any

import pytest
from server_helpers import bearer, new_room, whole
from starlette.testclient import TestClient

from bodoge.agents.base import Decision
from bodoge.agents.heuristic import game_heuristic
from bodoge.server.rooms import Connection


def _started(c: TestClient, game: str, players: int, variant: str) -> str:
    made = new_room(c, game, players, variant=variant)
    room = made["room"]
    for seat in range(1, players):
        r = c.post(f"/api/rooms/{room}/seats/{seat}", json={"name": f"P{seat}"})
        assert r.status_code == 200, r.text
    r = c.post(f"/api/rooms/{room}/start", json={"start_player": 0}, headers=bearer(made["token"]))
    assert r.status_code == 200, r.text
    return str(room)


async def _drain(conn: Connection) -> list[dict[str, Any]]:
    """The state frames sent to ``conn`` since it was last drained (in the server's loop: the
    outbox is an asyncio queue)."""
    frames = []
    while not conn.outbox.empty():
        sent = conn.outbox.get_nowait()
        assert isinstance(sent, str)
        frames.append(json.loads(sent))
    return [f for f in frames if f["type"] == "state"]


def _ordered(value: Any) -> Any:
    """``value`` with every dict as its list of (key, value) pairs: equal only in the same order
    (two dicts are equal whatever their order, but the page draws them in theirs)."""
    if isinstance(value, dict):
        return [(k, _ordered(v)) for k, v in value.items()]
    if isinstance(value, list):
        return [_ordered(v) for v in value]
    return value


@pytest.mark.parametrize(
    ("game", "players", "variant"),
    [
        ("extreme-mission", 3, "basic"),
        ("ruler-of-mana", 3, "basic"),
        ("ruler-of-mana", 3, "expert"),
    ],
)
def test_the_replay_shows_every_seat_what_the_live_frames_showed(
    c: TestClient, game: str, players: int, variant: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A game played through the server's move path, every seat and a spectator watching: at
    each step the replay's view for a seat is the view its live frame carried, whole and with
    its keys in the same order (Extreme Mission's missions and collaborators were laid out in
    the engine's order by the replay, in the frames' sorted order live)."""
    monkeypatch.setattr(secrets, "randbits", lambda bits: 20240607)  # the game's seed
    room_id = _started(c, game, players, variant)
    rooms = c.app.state.rooms  # type: ignore[attr-defined]
    room = rooms.rooms[room_id]
    seats: list[int | None] = [*range(players), None]
    conns = {seat: Connection(seat, "en") for seat in seats}
    for conn in conns.values():
        c.portal.call(rooms.connect, room, conn)  # type: ignore[union-attr]
    # the heuristic's steps: a game of a hundred or two, where chance's can last thousands
    agents = [game_heuristic(room.game, seat, random.Random(seat)) for seat in range(players)]
    shown: dict[int | None, list[tuple[int, dict[str, Any]]]] = {seat: [] for seat in seats}
    last: dict[int | None, dict[str, Any] | None] = dict.fromkeys(seats)
    while True:
        for seat, conn in conns.items():
            for frame in c.portal.call(_drain, conn):  # type: ignore[union-attr]
                made = last[seat] = whole(frame, last[seat])
                shown[seat].append((made["seq"], made["view"]))
        if room.status == "over":
            break
        state = room.state
        step = str(agents[state.current_player].act(Decision.of(state)))
        c.portal.call(rooms.act, room, state.current_player, step, len(state.history))  # type: ignore[union-attr]
    # the replay is asked once the game is over (the game under way has none)
    steps = len(room.state.history)
    for seat in seats:
        assert [seq for seq, _ in shown[seat]] == list(range(steps + 1)), seat
    for step in range(steps + 1):
        for seat in seats:
            asked = f"/api/rooms/{room_id}/replay/{step}?seat={'' if seat is None else seat}"
            got = json.loads(c.get(asked).text)["view"]
            assert _ordered(got) == _ordered(shown[seat][step][1]), (step, seat)


def _strings(value: Any) -> list[str]:
    """Every string in a view's value, keys too (the card ids it shows)."""
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [s for k, v in value.items() for s in (*_strings(k), *_strings(v))]
    if isinstance(value, list):
        return [s for item in value for s in _strings(item)]
    return []


def test_the_replay_marks_another_seats_step_its_viewer_did_not_see(
    c: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Ruler of Mana expert, three seats: a step of another seat that names a card the viewer
    never saw (a card kept in the draft, offered, put back on the deck) is marked ``unseen`` for
    that viewer and a spectator, so the page does not say it; a step whose cards the viewer saw
    is not, and the seat's own steps never are."""
    monkeypatch.setattr(secrets, "randbits", lambda bits: 20240607)
    room_id = _started(c, "ruler-of-mana", 3, "expert")
    rooms = c.app.state.rooms  # type: ignore[attr-defined]
    room = rooms.rooms[room_id]
    agents = [game_heuristic(room.game, seat, random.Random(seat)) for seat in range(3)]
    actors: list[int] = []
    while room.status != "over":
        state = room.state
        actors.append(state.current_player)
        step = str(agents[state.current_player].act(Decision.of(state)))
        c.portal.call(rooms.act, room, state.current_player, step, len(state.history))  # type: ignore[union-attr]
    history = [str(s) for s in room.state.history]
    cards = set(room.game.new_state(1).card_census())
    said = unseen = 0
    for seat in [None, 0, 1, 2]:
        query = f"seat={'' if seat is None else seat}"
        before = json.loads(c.get(f"/api/rooms/{room_id}/replay/0?{query}").text)["view"]
        for k in range(1, len(history) + 1):
            got = json.loads(c.get(f"/api/rooms/{room_id}/replay/{k}?{query}").text)
            after = got["view"]
            named = {item.split("/")[0] for item in history[k - 1].split()} & cards
            if actors[k - 1] == seat:
                assert got["unseen"] is False, (k, seat)
            elif got["unseen"]:
                unseen += 1
            else:
                said += 1
                shown = set(_strings([before, after]))  # the table and its log around the step
                assert named <= shown, (k, seat, history[k - 1], named - shown)
            before = after
    assert said and unseen  # both kinds met: the draft's keeps, and public casts
