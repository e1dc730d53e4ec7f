"""The table on a phone in a real browser: a decision far down the page (your hand under five
opponents, an expert draft's pack) is scrolled into view when it becomes yours, without the focus
moving; in a short landscape window the header takes one row."""

from __future__ import annotations

from typing import Any

import pytest
from web_helpers import post

SMALL = {"width": 360, "height": 640}
LANDSCAPE = {"width": 844, "height": 390}

# The first item the decision offers outside the move bar (the hand's, else the pack's): its box,
# the room the move bar leaves, the focused node and the page's scroll.
PLACE = """() => {
  const offered = [...document.querySelectorAll('.board [data-step]')]
    .filter((n) => !n.closest('.moves'));
  const item = offered.find((n) => n.closest('.hand')) || offered.find((n) => n.closest('.pack'));
  if (!item) return null;
  const box = item.getBoundingClientRect();
  const moves = document.querySelector('.moves');
  return {top: box.top, bottom: box.bottom, room: innerHeight - (moves ? moves.offsetHeight : 0),
    focus: document.activeElement.tagName + '.' + document.activeElement.className,
    scrolled: scrollY};
}"""


def six_seats(server: str, variant: str) -> str:
    """A started game of Ruler of Mana with five bots: seat 0's link."""
    made = post(
        f"{server}/api/rooms",
        {"game": "ruler-of-mana", "players": 6, "name": "Ann", "variant": variant},
    )
    for seat in range(1, 6):
        post(
            f"{server}/api/rooms/{made['room']}/seats/{seat}/bot",
            {"level": "random"},
            made["token"],
        )
    post(f"{server}/api/rooms/{made['room']}/start", {}, made["token"])
    return f"{server}/r/{made['room']}#token={made['token']}"


@pytest.mark.parametrize(("variant", "motion"), [("basic", "no-preference"), ("expert", "reduce")])
def test_a_decision_far_down_a_phone_is_scrolled_into_view(
    server: str, person: Any, variant: str, motion: str
) -> None:
    """Six seats at 360x640: once it is yours to decide (a spell to cast or a reaction from the
    hand; in the expert draft, the pack to pick from), what you decide with is within the window,
    above the move bar, and the focus is where it was (the page, or the status line)."""
    who = person(f"phone-{variant}", viewport=SMALL)
    page = who.page
    page.emulate_media(reduced_motion=motion)
    page.add_init_script(
        "localStorage.setItem('bodoge.quiet', '1')"
    )  # the lone passes are the server's
    page.goto(six_seats(server, variant))
    page.wait_for_function(
        f"!window.bodoge.busy && window.bodoge.frame?.legal.length && ({PLACE})()", timeout=60000
    )
    page.wait_for_timeout(1500)  # a smooth scroll's time
    place = page.evaluate(PLACE)
    who.shot("decision")
    assert place is not None
    assert place["scrolled"] > 0, place
    assert place["top"] >= 0 and place["bottom"] <= place["room"], place
    assert place["focus"].startswith(("BODY", "DIV.status")), place


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_short_landscape_window_has_a_one_row_header(server: str, person: Any, lang: str) -> None:
    """844x390: the header is one row (it was two, and with the status line and the move bar left
    some 175 px of table), its game controls still there."""
    made = post(f"{server}/api/rooms", {"game": "ruler-of-mana", "players": 2, "name": "Ann"})
    post(f"{server}/api/rooms/{made['room']}/seats/1/bot", {"level": "random"}, made["token"])
    post(f"{server}/api/rooms/{made['room']}/start", {}, made["token"])
    who = person(f"landscape-{lang}", lang, viewport=LANDSCAPE)
    page = who.page
    page.goto(f"{server}/r/{made['room']}#token={made['token']}")
    page.wait_for_selector(".board .status")
    who.shot("header")
    height = page.evaluate("document.querySelector('header.bar').getBoundingClientRect().height")
    assert height <= 52, height
    for control in ["#hint", "#leave", "#quiet", ".lang.on", ".rules-link"]:
        assert page.locator(f"header.bar {control}").is_visible(), control
    who.no_sideways_scroll()
