"""The ``why`` frame (a departure from DESIGN.md's frames): why a step cannot be taken now, in
one line and the asker's language, as the terminal says it, built from the asking seat's view
alone; checked like every other frame (its shape, the rate limit); and blind to what the seat
cannot see."""

from __future__ import annotations

import json
from typing import Any

import pytest
from server_helpers import receive, started_room
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect
from test_server_no_leaks import GAMES, sampled_states

import bodoge
from bodoge.core.hooks import game_hook
from bodoge.core.state import State
from bodoge.server.reasons import refusal
from bodoge.server.wire import why_frame

# Seat 0 to act, having completed a level-2 mission; nobody has discarded yet.
MORE = ("M3-01", "M3-02", "M3-05", "M4-03", "M4-05", "M4-06")
SETUP = {
    "start_player": 0,
    "missions": [*("M1-01", "M1-02", "M1-05", "M2-01", "M2-05", "M2-08"), *MORE],
    "completed": {0: ["M2-01"]},
    "hands": {0: ["I-R1a", "I-B2a", "I-G3a"]},
}


def why(ws: Any, action: Any) -> dict[str, Any]:
    ws.send_text(json.dumps({"type": "why", "action": action}))
    return receive(ws, "why")


def test_why_says_what_the_terminal_says_in_the_askers_words(c: TestClient) -> None:
    """The seat that decides is told the game's reason, as it reads it (you, the cards by
    name), in the page's language; a legal step has none; a seat that does not decide, and a
    spectator, are told so."""
    room, tokens = started_room(c)
    rooms = c.app.state.rooms  # type: ignore[attr-defined]
    rooms.rooms[room].state = bodoge.make("extreme-mission", players=2).new_state(1, SETUP)
    with (
        c.websocket_connect(f"/ws/rooms/{room}?token={tokens[0]}&lang=ja") as ann,
        c.websocket_connect(f"/ws/rooms/{room}?token={tokens[1]}") as bob,
        c.websocket_connect(f"/ws/rooms/{room}") as watcher,
    ):
        receive(ann, "state"), receive(bob, "state"), receive(watcher, "state")
        said = why(ann, "complete M2-08")
        assert said == {
            "type": "why",
            "action": "complete M2-08",
            "reason": "レベル2のミッションはもう達成しています",
        }
        assert why(ann, "take 1")["reason"] == "席1の捨て札は空です"
        ann.send_text(json.dumps({"type": "why", "action": "take 1", "lang": "en"}))  # the page's
        assert receive(ann, "why")["reason"] == "seat 1's discard pile is empty"
        # the page gives the seats' names as the table shows them: another seat is said by its
        ann.send_text(json.dumps({"type": "why", "action": "take 1", "names": ["Ann", "ボブ"]}))
        assert receive(ann, "why")["reason"] == "ボブの捨て札は空です"
        ann.send_text(json.dumps({"type": "why", "action": "take 1", "names": "Ann"}))
        assert receive(ann, "error")["message"].startswith('why フレームの "names"')
        assert why(ann, "activate HK")["reason"] == "あなたのハッカーはもうオモテです"
        assert why(ann, "draw")["reason"] is None
        assert why(ann, "complete M4-03")["reason"] == (
            "手札とオモテの協力者では全域ハッキング（M4-03）の条件を満たせません"
        )
        assert why(bob, "draw")["reason"] == "not your decision"
        assert why(watcher, "draw")["reason"] == "spectators cannot act"


def test_ruler_of_mana_says_a_cost_as_its_mana(c: TestClient) -> None:
    room, tokens = started_room(c, "ruler-of-mana")
    rooms = c.app.state.rooms  # type: ignore[attr-defined]
    hands = {0: ["S19", "MF1-01", "R02-a"], 1: ["MW1-01"]}
    state = bodoge.make("ruler-of-mana", players=2).new_state(1, {"hands": hands})
    rooms.rooms[room].state = state
    with c.websocket_connect(f"/ws/rooms/{room}?token={tokens[0]}") as ann:
        receive(ann, "state")
        assert why(ann, "cast S19/3")["reason"] == (
            "too little mana in hand for 1 fire, 2 earth: 2 earth short, a 2-orb card counted as 2"
            " (RM-3.2, RM-3.4)"
        )
        assert why(ann, "scroll R02")["reason"] == (
            "Guardian Barrier (R02) is a reaction: it is used when its moment comes, not as the"
            " action"
        )
        # a step of another kind than the decision: the page says which decision it is
        assert why(ann, "react R02")["reason"] == "Not now"
        long = why(ann, "scroll " + "R" * 200)  # a made-up step is repeated cut short
        assert len(long["action"]) < 50 and len(long["reason"]) < 80, long


@pytest.mark.parametrize("frame", ['{"type": "why"}', '{"type": "why", "action": 3}'])
def test_a_why_frame_without_a_step_is_refused(c: TestClient, frame: str) -> None:
    room, tokens = started_room(c)
    with c.websocket_connect(f"/ws/rooms/{room}?token={tokens[0]}") as ws:
        receive(ws, "state")
        ws.send_text(frame)
        error = receive(ws, "error")
        assert error["message"] == 'a why frame needs "action": a step, as text', error
        assert why(ws, "draw")["reason"] is None  # the connection is kept


def test_why_frames_count_towards_the_rate_limit(c: TestClient) -> None:
    room, tokens = started_room(c)
    with c.websocket_connect(f"/ws/rooms/{room}?token={tokens[0]}") as ws:
        receive(ws, "state")
        for _ in range(21):
            ws.send_text(json.dumps({"type": "why", "action": "take 1"}))
        answered = 0
        with pytest.raises(WebSocketDisconnect) as closed:
            while True:
                answered += json.loads(ws.receive_text())["type"] == "why"
        assert closed.value.code == 4408 and answered == 20


def steps_to_ask(state: State, seat: int) -> list[str]:
    """What a page may ask about: the legal steps, and the steps it draws that may be refused
    (every mission, collaborator and discard pile; every spell option and scroll of the hand)."""
    view = state.view(seat)
    asked = ["draw", "cycle", "exchange", "pass", *(str(a) for a in state.legal_actions())]
    if view["game"] == "extreme-mission":
        asked += [f"complete {m}" for m in view["missions"]]
        asked += [f"activate {k}" for k in view["collaborators"][seat]]
        asked += [f"take {s}" for s in range(view["players"])]
    else:
        code = game_hook(state.game, "card_code")
        for card in view["hand"]:
            held = code(state.game.cards, card)
            asked += [f"cast {held}/{k}" for k in (1, 2, 3)] + [f"scroll {held}", f"react {held}"]
    return asked


@pytest.mark.parametrize(("name", "players", "variant"), GAMES)
def test_reasons_of_states_differing_only_in_hidden_cards_are_byte_identical(
    name: str, players: int, variant: str
) -> None:
    """No leak: a determinization for a seat (other hands, the deck order dealt anew) gives it
    byte-identical why frames, whether the seat decides or not, in both languages."""
    differed = said = 0
    for i, state in enumerate(sampled_states(name, players, variant, range(4))):
        for seat in range(players):
            det = state.determinize(seat, seed=i)
            differed += det.to_json() != state.to_json()
            for step in steps_to_ask(state, seat):
                for lang in ("en", "ja"):
                    mine = why_frame(step, refusal(state, seat, step, lang))
                    assert mine == why_frame(step, refusal(det, seat, step, lang)), (
                        f"seat {seat} can tell by {step!r}: {name} history={state.history}"
                    )
                    said += json.loads(mine)["reason"] is not None
    assert differed and said, "no hidden card ever changed, or no reason was ever given"
