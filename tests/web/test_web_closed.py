"""A closed room in the browser: Ann loses to the bots and leaves (the question says the game
stays to replay), the room closes, and its address still shows its game to step through, saying
the room is closed, with nothing to sit in, play, chat or rematch. A room whose game could not be
restored after an upgrade of the server is closed too, and its page says why."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from web_helpers import PHONE, Served, finished_game, replay_shown

from bodoge.server.rooms import hash_token
from bodoge.server.storage import RoomRecord, SeatRecord, Storage

NOTHING_TO_DO = "[data-step], .choice, #rematch, #leave, #hint, #chat, [data-take], #start"


def test_a_finished_bot_game_stays_replayable_once_its_room_closed(
    server: str, person: Any
) -> None:
    room, token = finished_game(server)
    ann = person("closed-ann")
    page = ann.page
    page.goto(f"{server}/r/{room}#token={token}")
    page.wait_for_selector(".result")
    page.click("#leave")
    question = page.inner_text(".leave-confirm")
    assert "room closes" in question and "to replay" in question, question
    page.click("#leave-yes")
    page.wait_for_selector(".closed-room")
    assert "This room is closed" in page.inner_text(".closed-room")
    ann.shot("left")

    # the room's address, opened again: closed, its game a click away
    page.goto("about:blank")
    page.goto(f"{server}/r/{room}")
    page.wait_for_selector(".closed-room #replay-1")
    page.click("#replay-1")
    page.wait_for_selector(".replay-bar")
    steps = page.evaluate("window.bodoge.replay.record.history.length")
    replay_shown(page, steps)
    page.click("#replay-back")
    replay_shown(page, steps - 1)
    page.keyboard.press("Home")
    replay_shown(page, 0)
    page.click("#replay-forward")
    # to Ann's first move whole: a move made item by item (a spell, its payment) shows a
    # spectator nothing until it is, and a press passes over those steps
    page.wait_for_function("Number(document.querySelector('.replay-bar').dataset.shown) > 0")
    whole = int(page.get_attribute(".replay-bar", "data-shown") or 0)
    replay_shown(page, whole)
    assert set(page.evaluate("window.bodoge.replay.record.actors")[:whole]) == {0}
    assert "Ann" in page.inner_text("#replay-step")  # the seats as they sat, not the bot now
    assert "This room is closed" in page.inner_text(".closed-note")
    assert page.locator(NOTHING_TO_DO).count() == 0
    assert page.evaluate("window.bodoge.frame") is None
    ann.shot("replay")
    page.click("#replay-close")
    page.wait_for_selector(".closed-room #replay-1:focus")

    # a link to a moment of it, in Japanese on a phone
    friend = person("closed-friend", "ja", PHONE)
    friend.page.goto(f"{server}/r/{room}#replay=1.3")
    friend.page.wait_for_selector(".replay-bar")
    replay_shown(friend.page, 3)
    assert "閉じています" in friend.page.inner_text(".closed-note")
    assert friend.page.locator(NOTHING_TO_DO).count() == 0
    friend.no_sideways_scroll()
    friend.shot("link")
    assert ann.errors == [] and friend.errors == []


def test_a_room_not_restored_after_an_upgrade_says_so(tmp_path: Path, person: Any) -> None:
    """Its stored history has a step this bodoge does not read (``W2`` where a 2-orb card had
    been able to pay 1 mana): the server closes the room, and its page says why."""
    db, now = tmp_path / "bodoge.sqlite", time.time()
    storage = Storage(f"sqlite:///{db}")
    seats = [SeatRecord(0, "Ann", token_hash=hash_token("lost-token")), SeatRecord(1, bot="easy")]
    record = RoomRecord("lostroom01", "ruler-of-mana", 2, "basic", status="running", game_no=1)
    record.seed, record.setup, record.created, record.touched = 5, {"start_player": 0}, now, now
    record.seats = seats
    storage.save_room(record)
    storage.add_moves("lostroom01", 1, 0, ["W2"], touched=now)
    storage.close()
    served = Served(db)
    served.start()
    try:
        for lang, said in (
            ("en", "its game could not be restored after an upgrade of the server"),
            ("ja", "サーバーの更新の後、ゲームを復元できませんでした"),
        ):
            who = person(f"not-restored-{lang}", lang)
            who.page.goto(f"{served.url}/r/lostroom01#token=lost-token")
            who.page.wait_for_selector(".closed-room")
            assert said in who.page.inner_text(".closed-room")
            assert who.page.locator(NOTHING_TO_DO).count() == 0
            who.shot("page")
            assert who.errors == []
    finally:
        served.stop()
