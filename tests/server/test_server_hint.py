"""The hint's ``why``: in one line and the page's language, why the heuristic would make the move
it suggests, its cards by name and the seats it hits by the names the page sends; built from the
seat's view alone, so that nothing a seat cannot see changes a word of it."""

from __future__ import annotations

import pytest
from server_helpers import bearer, started_room
from starlette.testclient import TestClient
from test_server_no_leaks import GAMES, sampled_states

import bodoge
from bodoge.server.pages import _hint
from bodoge.server.reasons import hint_reason


def test_the_hint_says_why_in_the_pages_language_and_names(c: TestClient) -> None:
    """Ann's Fireball (5) finishes Bob at 5 life: the hint casts it and says so, Bob by the
    name the page gives him; a seat without names is a seat number."""
    room, tokens = started_room(c, "ruler-of-mana")
    hands = {0: ["S01", "MF1-01", "MF1-02", "S13", "MW1-01"]}
    state = bodoge.make("ruler-of-mana", players=2).new_state(
        1, {"hands": hands, "life": {1: 5}, "start_player": 0}
    )
    c.app.state.rooms.rooms[room].state = state  # type: ignore[attr-defined]
    asked = f"/api/rooms/{room}/hint"
    hint = c.post(f"{asked}?lang=ja", json={"names": ["Ann", "Bob"]}, headers=bearer(tokens[0]))
    assert hint.status_code == 200, hint.text
    assert hint.json() == {
        "steps": ["cast S01/2", "@1", "F1", "F1"],
        "why": "Bobに5ダメージで、防がれなければとどめを刺して勝てます",
    }
    hint = c.post(f"{asked}?lang=en", headers=bearer(tokens[0]))
    assert hint.json()["why"] == (
        "it deals 5 damage to Seat 1, which is lethal and wins the game unless they stop it"
    )
    refused = c.post(asked, json={"names": "Bob"}, headers=bearer(tokens[0]))
    assert refused.status_code == 400 and "names" in refused.json()["error"]


@pytest.mark.parametrize(("name", "players", "variant"), GAMES)
def test_the_why_of_a_hint_is_the_same_whatever_the_seat_cannot_see(
    name: str, players: int, variant: str
) -> None:
    """Across determinizations (other hands, the deck's order dealt anew) and the seeds the hint
    samples with, the reason is the same words: it depends on the view alone."""
    said = 0
    for i, state in enumerate(sampled_states(name, players, variant, range(12))):
        seat = state.current_player
        if seat is None or state.is_over:
            continue
        game = state.game
        whys = set()
        for k in range(4):
            seen = state.determinize(seat, seed=100 * i + k)
            view = seen.view(seat)
            assert view == state.view(seat)
            steps, first, legal = _hint(game, view, seat, seed=k)
            assert first is not None
            whys.add((tuple(steps), hint_reason(game, view, first, legal, "en", ["A", "B"])))
        assert len(whys) == 1, (name, state.history, whys)
        said += next(iter(whys))[1] is not None
    assert said, "no hint said why: the test has no teeth"
