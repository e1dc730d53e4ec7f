"""No leaks on the wire (DESIGN.md): two states that differ only in what a seat may not see — its
determinizations: other hands, the deck order, face-down cards dealt anew — give that seat
byte-identical frames, checked on frames as built and as received through the websocket, and on
the later frames of a connection, which carry only the log entries it was not sent yet; and no
frame carries the seed or a token."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from server_helpers import client, receive, started_room

import bodoge
from bodoge.core.state import State
from bodoge.core.testing import random_game
from bodoge.server.wire import Sent, legal_steps, seq_of, state_frame, view_frame

GAMES = [
    ("extreme-mission", 2, "basic"),
    ("extreme-mission", 4, "basic"),
    ("ruler-of-mana", 2, "basic"),
    ("ruler-of-mana", 3, "expert"),
]


def sampled_states(name: str, players: int, variant: str, seeds: range) -> list[State]:
    """States met in seeded random games (Extreme Mission's capped: random play may not end)."""
    game = bodoge.make(name, players=players, variant=variant, turn_cap=40)
    found: list[State] = []
    for seed in seeds:
        seen: list[State] = []
        random_game(game, seed, on_step=lambda s, seen=seen: seen.append(s.clone()))
        found += random.Random(seed).sample(seen, min(8, len(seen)))
    return found


@pytest.mark.parametrize(("name", "players", "variant"), GAMES)
def test_frames_of_states_differing_only_in_hidden_cards_are_byte_identical(
    name: str, players: int, variant: str
) -> None:
    differed = 0
    for i, state in enumerate(sampled_states(name, players, variant, range(6))):
        for seat in range(players):
            det = state.determinize(seat, seed=i)
            differed += det.to_json() != state.to_json()
            assert state_frame(det, seat) == state_frame(state, seat), (
                f"seat {seat} can tell: {name} history={state.history}"
            )
    assert differed, "the determinizations never changed a hidden card: the test has no teeth"


@pytest.mark.parametrize(("name", "players", "variant"), GAMES)
def test_later_frames_of_a_connection_are_as_blind_as_its_first(
    name: str, players: int, variant: str
) -> None:
    """Each frame of one connection, its log cut where the connection's earlier frames ended,
    is byte for byte the frame a determinization gives when cut at the same place: where the
    cut falls depends on nothing but what the seat was shown."""
    game = bodoge.make(name, players=players, variant=variant, turn_cap=40)
    cuts = 0
    for seed in range(3):
        connection = [Sent() for _ in range(players)]
        kept: list[list[object]] = [[] for _ in range(players)]
        state = game.new_state(seed)
        chooser = random.Random(seed)
        while True:
            for seat in range(players):
                frame = connection[seat].frame(state, seat)
                det = state.determinize(seat, seed=len(state.history))
                start = len(kept[seat])
                blind = view_frame(seq_of(det), seat, det.view(seat), legal_steps(det, seat), start)
                assert frame == blind, f"seat {seat} can tell: {name} history={state.history}"
                kept[seat] += json.loads(frame)["view"]["log"]
                assert kept[seat] == state.view(seat)["log"]
                cuts += start > 0
            if state.is_over:
                break
            legal = state.legal_actions()
            state.apply(legal[chooser.randrange(len(legal))])
    assert cuts, "no frame was ever cut: the test has no teeth"


@pytest.mark.parametrize(("name", "players", "variant"), GAMES[::2])
def test_frames_received_over_the_websocket_are_byte_identical(
    name: str, players: int, variant: str, sqlite_url: str, tmp_path: Path
) -> None:
    states = sampled_states(name, players, variant, range(2))
    with client(sqlite_url, tmp_path / "cards") as c:
        room_id, tokens = started_room(c, name, players)
        room = c.app.state.rooms.rooms[room_id]  # type: ignore[attr-defined]
        for i, state in enumerate(states):
            for seat in range(players):
                det = state.determinize(seat, seed=i)
                received = []
                for shown in (state, det):
                    room.state = shown
                    with c.websocket_connect(f"/ws/rooms/{room_id}?token={tokens[seat]}") as ws:
                        receive(ws, "room")
                        received.append(ws.receive_text())
                assert received[0] == received[1]
                assert received[0] == state_frame(state, seat)
                seed_text = str(room.seed)
                assert seed_text not in received[0]
                assert all(str(t) not in received[0] for t in tokens)
