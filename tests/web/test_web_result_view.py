"""A game's result comes into view when the game ends, and stays in view until the person moves
the page: a later frame grows it (the rematch asked, a seat left free), and the browser's scroll
anchoring had moved the page by as much, the result's heading out of sight (a CI run's failure,
traced: the page went from 74 to 116 px as the result grew by 42)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from test_table import RESULT_IN_SIGHT
from web_helpers import AT_REST, PHONE, played_room, post, seat_token

ROOM = "INVIEW"


def test_the_result_stays_in_view_until_the_person_moves_the_page(
    tmp_path: Path, person: Any
) -> None:
    with played_room(tmp_path / "db.sqlite", ROOM, "extreme-mission", ["Ann", "Ben"], 3) as url:
        ann = person("result-view", "en", PHONE)
        ann.page.goto(f"{url}/r/{ROOM}#token={seat_token(0)}")
        ann.page.wait_for_selector(".result h2")
        ann.page.wait_for_function(RESULT_IN_SIGHT)
        ann.page.wait_for_function(AT_REST)
        # the page moved under the result, not by Ann: as the browser's anchoring moves it
        ann.page.evaluate("scrollTo(0, document.documentElement.scrollHeight)")
        assert not ann.page.evaluate(RESULT_IN_SIGHT)
        post(f"{url}/api/rooms/{ROOM}/rematch", {}, seat_token(1))
        ann.page.wait_for_selector(".result .rematch-line")
        ann.page.wait_for_function(RESULT_IN_SIGHT)  # brought back by the drawing of Ben's ask
        ann.page.wait_for_function(AT_REST)
        # Ann scrolls down to the log: the drawings after leave the page where she put it
        ann.page.mouse.move(195, 400)
        ann.page.mouse.wheel(0, 5000)
        ann.page.wait_for_function(AT_REST)
        assert not ann.page.evaluate(RESULT_IN_SIGHT)
        post(f"{url}/api/rooms/{ROOM}/leave", {}, seat_token(1))
        ann.page.wait_for_selector(".result .free-note")
        ann.page.wait_for_function(AT_REST)
        assert not ann.page.evaluate(RESULT_IN_SIGHT)
        ann.shot("left-where-scrolled")


def test_a_game_over_is_not_moved_by_the_browsers_scroll_anchoring(
    tmp_path: Path, person: Any
) -> None:
    """A game over, the room keeps its result in view itself; the browser's scroll anchoring,
    which moves the window by as much as something grows above what it anchors to, is left out:
    a node grown above the window leaves the page where it was (anchoring had moved it down by
    as much)."""
    with played_room(tmp_path / "db.sqlite", ROOM, "extreme-mission", ["Ann", "Ben"], 3) as url:
        ann = person("no-anchoring", "en", PHONE)
        ann.page.goto(f"{url}/r/{ROOM}#token={seat_token(0)}")
        ann.page.wait_for_selector(".result h2")
        ann.page.wait_for_function(AT_REST)
        moved = ann.page.evaluate(
            """() => { scrollTo(0, 600); const before = scrollY;
              document.querySelector('.result').style.paddingTop = '100px';
              document.body.getBoundingClientRect(); return [before, scrollY]; }"""
        )
        assert moved[0] == 600 and moved[1] == moved[0], moved
        ann.close()
