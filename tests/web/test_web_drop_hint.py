"""Extreme Mission's drop down to the hand limit (EM-4.1) in a real browser, from a position set
up by a scenario: the hint highlights every card to drop, one after the other as the drop is
built, as it does for a mission's cards.

The position is stored before a server starts (a running room with its setup), so the server
builds it itself, as when it restores a room after a restart (as tests/web/test_web_payment.py).
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import pytest
from web_helpers import Served

import bodoge
from bodoge.server.rooms import hash_token
from bodoge.server.storage import RoomRecord, SeatRecord, Storage

ROOM = "dropall"
TOKEN = "scenario-seat-0-token-for-the-drop-hint-test"
# Seat 0 starts with 12 cards: a pass ends its action phase two over the hand limit of 10.
SETUP = {"start_player": 0, "hands": {"0": bodoge.make("extreme-mission").card_ids[::3][:12]}}


@pytest.fixture(scope="module")
def scenario(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A server whose one room is a game of Extreme Mission at the position ``SETUP`` (seat 0 a
    person, seat 1 an easy bot): the room's seat link."""
    path = tmp_path_factory.mktemp("scenario") / "bodoge.sqlite"
    now = time.time()
    storage = Storage(f"sqlite:///{path}")
    seats = [SeatRecord(0, "Ann", token_hash=hash_token(TOKEN)), SeatRecord(1, bot="easy")]
    record = RoomRecord(ROOM, "extreme-mission", 2, "basic", status="running", game_no=1, seed=5)
    record.setup, record.created, record.touched, record.seats = SETUP, now, now, seats
    storage.save_room(record)
    storage.close()
    served = Served(path)
    served.start()
    try:
        yield f"{served.url}/r/{ROOM}#token={TOKEN}"
    finally:
        served.stop()


def test_the_hint_highlights_every_card_of_a_drop_in_turn(scenario: str, person: Any) -> None:
    """Two cards over the limit: the hint names both; the first is highlighted, and once it is
    clicked the second (it was not: the hint stopped after one card); Confirm drops both."""
    who = person("drop-hint")
    page = who.page
    page.goto(scenario)
    page.click("[data-step='pass']")
    page.wait_for_function("window.bodoge.frame?.view.phase === 'drop' && !window.bodoge.busy")
    page.click("#hint")
    first = page.locator(".mine .hand .hinted[data-step]")
    first.wait_for()
    hint = page.evaluate("window.bodoge.hint")
    assert len(hint) == 2 and first.count() == 1, hint
    assert first.get_attribute("data-step") == hint[0]
    who.shot("first")
    first.click()
    page.wait_for_selector(".building")
    second = page.locator(f".mine .hand .hinted[data-step='{hint[1]}']")
    second.wait_for()
    assert page.locator(".hinted").count() == 1
    who.shot("second")
    second.click()
    confirm = page.locator(".building .confirm[data-step]")
    confirm.wait_for()
    assert confirm.get_attribute("data-step") == " ".join(hint)
    confirm.click()
    page.wait_for_function("window.bodoge.frame.view.hand.length === 10")
    drops = [e for e in page.evaluate("window.bodoge.frame.view.log") if e["event"] == "drop"]
    assert sorted(e["card"][2:4] for e in drops) == sorted([hint[0].split()[1], hint[1]]), drops
    assert not who.errors, who.errors
