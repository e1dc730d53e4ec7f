"""Extreme Mission's drop down to the hand limit (EM-4.1) in a real browser, from a position set
up by a scenario: the hint highlights every card to drop, one after the other as the drop is
built, as it does for a mission's cards.

The position is stored before a server starts (a running room with its setup), so the server
builds it itself, as when it restores a room after a restart (as tests/web/test_web_payment.py).
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from web_helpers import Served, scenario_room

import bodoge
from bodoge.core.i18n import text
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


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_move_bar_names_the_cards_a_drop_has_taken(
    tmp_path: Path, person: Any, lang: str
) -> None:
    """The drop's first card is its step (`drop B8`): the bar shows it among the chosen cards, not
    "nothing yet", and says how many more to choose, as the terminal's builder does (it said the
    terminal's words for a step offered, not picked: "2 go in all (hand 12, limit 10): this one
    and 1 more"); taken back out, the card after it becomes the step and stays in the bar."""
    who = person(f"drop-bar-{lang}", lang)
    page = who.page
    more = text("em.build.drops", lang, n=1, total=2, held=12, limit=10)
    with scenario_room(tmp_path / "db.sqlite", "extreme-mission", SETUP, "dropbar", TOKEN) as link:
        page.goto(link)
        page.click("[data-step='pass']")
        page.wait_for_function("window.bodoge.frame?.view.phase === 'drop' && !window.bodoge.busy")
        cards = page.locator(".mine .hand [data-step]")
        first = cards.first.get_attribute("data-step") or ""
        assert first.startswith("drop ")
        cards.first.click()
        bar = page.locator(".building")
        bar.wait_for()
        name = page.evaluate(f"window.bodoge.faces.names[{first.split()[1]!r}]")
        chips = bar.locator(".chosen-items .chip")
        assert chips.count() == 1 and name in chips.inner_text(), bar.inner_text()
        assert text("play.build.none", lang) not in bar.inner_text()
        # in EM-4.1's words: the cards go to the spent cards, not the discard pile (EM-4.2's)
        assert text("web.em.drop_title", lang) in bar.inner_text(), bar.inner_text()
        assert not any(w in bar.inner_text().lower() for w in ("discard", "捨て")), bar.inner_text()
        needs = bar.locator(".needs .must-line").inner_text()
        assert needs == more, needs
        who.shot("one")
        second = page.locator(".mine .hand [data-step]:not(.chosen)").first
        item = second.get_attribute("data-step") or ""
        second.click()
        page.wait_for_function("window.bodoge.building?.chosen.length === 1")
        needs = bar.locator(".needs").inner_text()
        assert chips.count() == 2 and text("web.move.ready", lang) in needs, needs
        who.shot("two")
        chips.first.click()  # the first card out: the second holds the move now
        page.wait_for_function(f"window.bodoge.building?.what === 'drop {item}'")
        assert chips.count() == 1 and bar.locator(".needs .must-line").inner_text() == more
        who.close()
    assert not who.errors, who.errors


# Aki holds two red 5s; Car Chase (M2-07: two runs of 2, each in one colour) is made with one of
# them: red 4 and 5, blue 3 and 4.
CAR_CHASE = ["M1-01", "M1-02", "M1-05", "M2-01", "M2-05", "M2-07"]
CAR_CHASE += ["M3-01", "M3-02", "M3-05", "M4-03", "M4-05", "M4-06"]
TWO_FIVES = {
    "start_player": 0,
    "missions": CAR_CHASE,
    "hands": {"0": ["I-R4a", "I-R5a", "I-R5b", "I-R8a", "I-B3a", "I-B4a", "I-P4a", "I-P8a"]},
}


def test_the_hint_highlights_one_copy_of_a_card_it_names_once(tmp_path: Path, person: Any) -> None:
    """The hint names red 5 once: the cards it names glow, and once one red 5 is in the mission
    the other does not (it did, being the next copy offered: a player following the glow chose
    both red 5s and was asked for a wild)."""
    token = "scenario-seat-0-token-for-the-two-fives"
    with scenario_room(
        tmp_path / "db.sqlite", "extreme-mission", TWO_FIVES, "twofives", token
    ) as link:
        who = person("two-fives", viewport={"width": 1280, "height": 800})
        page = who.page
        page.goto(link)
        page.click("#hint")
        page.wait_for_selector(".hinted[data-step]")
        hint = page.evaluate("window.bodoge.hint")
        assert hint[0].startswith("complete ") and hint.count("R5") == 1, hint
        page.click(f".missions [data-step='{hint[0]}']")
        page.wait_for_selector(".building")
        for k, item in enumerate(hint[1:], 1):
            glowing = page.locator(".mine .hand .hinted[data-step]:not(.chosen)")
            shown = sorted(
                glowing.nth(n).get_attribute("data-step") for n in range(glowing.count())
            )
            assert shown == sorted(hint[k:]), (shown, hint[k:])  # one red 5, never both
            glowing.locator(f"xpath=self::*[@data-step='{item}']").first.click()
            page.wait_for_function(f"window.bodoge.building?.chosen.length === {k}")
        confirm = page.locator(".building .confirm[data-step]")
        confirm.wait_for()
        assert confirm.get_attribute("data-step") == " ".join(hint)
        who.close()
    assert not who.errors, who.errors
