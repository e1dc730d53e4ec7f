"""What a newcomer's first presses at a table find, in a real browser, from positions set up by
scenarios: Extreme Mission's spent cards lie face down by their seat's discard pile while they
wait (EM-1.4, EM-4.2), counted as the view counts them; your own seat has its colour's dot, as
your cubes on the missions; your face-down collaborator's condition says it is what turns it
face up (EM-3.6); a hand card pressed before any move begun says what comes first (both
games); and the move bar, while a mission is built, says the mission's condition, the disabled
Confirm what the move still lacks."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from test_web_flight import EM_BOB, EM_MISSIONS
from test_web_why import RM, note_after, open_table
from web_helpers import PHONE, scenario_server

TOKEN = "scenario-seat-0-token-for-the-em-table-test"
# The flight test's position, Ann's: she starts, and can complete Dead Drop (M1-04: three cards
# totalling 8 or less) with R2 R3 P1; her Hacker is face down.
EM = {
    "start_player": 0,
    "missions": EM_MISSIONS,
    "hands": {"0": EM_BOB["hands"]["1"]},
    "collaborators_down": {"0": ["HK"]},
}
ROOMS = {
    "emspent": ("extreme-mission", EM),
    "emseat": ("extreme-mission", EM),
    "embar": ("extreme-mission", EM),
    "emfirst": ("extreme-mission", EM),
    "rmfirst": ("ruler-of-mana", RM),  # the why test's: Ann to act, fire mana in hand
}


@pytest.fixture(scope="module")
def links(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, str]]:
    """Each room of ``ROOMS`` at its position (seat 0 Ann, seat 1 an easy bot): its seat link."""
    served = scenario_server(tmp_path_factory.mktemp("emtable") / "bodoge.sqlite", ROOMS, TOKEN)
    try:
        yield {room: f"{served.url}/r/{room}#token={TOKEN}" for room in ROOMS}
    finally:
        served.stop()


DEAD_DROP = ["I-R2a", "I-R3a", "I-P1a"]


def build(page: Any, mission: str, cards: list[str]) -> None:
    """``mission`` begun, ``cards`` of the hand pressed one by one, each answered."""
    page.click(f".mission[data-step='complete {mission}']")
    page.wait_for_selector(".building")
    for n, card in enumerate(cards, 1):
        page.click(f".mine .hand [data-card='{card}']")
        page.wait_for_function(
            f"window.bodoge.building?.chosen.length === {n} && !window.bodoge.busy"
        )


def test_spent_cards_lie_face_down_by_the_discard_pile(links: dict[str, str], person: Any) -> None:
    """1280 x 800: none at first; Dead Drop completed with R2 R3 P1, your three spent cards lie
    face down beside your discard pile (EM-1.4), named and counted as the view counts them, no
    card named; none by the bot's pile."""
    who = person("em-spent", "en", {"width": 1280, "height": 800})
    page = who.page
    open_table(page, links["emspent"])
    assert page.locator(".spent").count() == 0
    build(page, "M1-04", DEAD_DROP)
    page.click(".building .confirm")
    page.wait_for_function("window.bodoge.frame.view.spent_sizes[0] === 3")
    spent = page.locator(".mine .piles .spent")
    assert spent.inner_text() == "spent cards 3"
    assert spent.locator(".card.back").get_attribute("aria-label") == "spent cards 3"
    assert spent.locator("[data-card]").count() == 0  # face down: the view counts them
    assert page.locator(".seat.seat-1 .spent").count() == 0
    who.shot("spent")


def test_your_seat_has_its_colour_s_dot(links: dict[str, str], person: Any) -> None:
    """390 x 844, Japanese: your name has your seat's dot, as the bot's has its own: the colour
    of your cubes on the missions."""
    who = person("em-dot", "ja", PHONE)
    page = who.page
    open_table(page, links["emseat"])
    dot = page.locator(".mine h2 .dot.seat-0")
    assert dot.count() == 1
    colour = "(e) => getComputedStyle(e).backgroundColor"
    assert dot.evaluate(colour) not in ("", "rgba(0, 0, 0, 0)")
    assert dot.evaluate(colour) != page.locator(".seat.seat-1 .dot").evaluate(colour)
    who.no_sideways_scroll()
    who.shot("dot")


def test_a_face_down_collaborator_s_condition_says_it_activates_it(
    links: dict[str, str], person: Any
) -> None:
    """1280 x 800 and 390 x 844 in Japanese: your face-down Hacker's condition is captioned as
    what activates it (EM-3.6), seen and heard, on one line at the phone's width too."""
    who = person("em-collab", "en", {"width": 1280, "height": 800})
    page = who.page
    open_table(page, links["emseat"])
    hacker = page.locator(".mine .collab.down")
    assert hacker.locator(".kneeds").inner_text() == "To activate:"
    condition = hacker.locator(".kcond").inner_text()
    assert hacker.get_attribute("aria-label") == f"Hacker, face down: to activate, {condition}"
    phone = person("em-collab-ja", "ja", PHONE)
    open_table(phone.page, links["emseat"])
    caption = phone.page.locator(".mine .collab.down .kneeds")
    assert caption.inner_text() == "アクティブ化条件"
    line = caption.evaluate("(e) => parseFloat(getComputedStyle(e).lineHeight) || 12")
    assert caption.bounding_box()["height"] < 1.6 * line  # one line
    phone.shot("collab")


def test_the_bar_says_the_mission_s_condition(links: dict[str, str], person: Any) -> None:
    """1280 x 800: Dead Drop begun, the move bar says its condition (no scroll to its card), and
    the disabled Confirm says what the move lacks; so, with its three cards, it can be confirmed."""
    who = person("em-bar", "en", {"width": 1280, "height": 800})
    page = who.page
    open_table(page, links["embar"])
    build(page, "M1-04", [])
    wanted = page.inner_text(".mission[data-card='M1-04'] .cond")
    assert page.inner_text(".building .condition") == f"Condition: {wanted}"
    confirm = page.locator(".building .confirm")
    assert confirm.is_disabled()
    assert confirm.get_attribute("title") == page.inner_text(".building .needs")
    page.click(".building .cancel")
    build(page, "M1-04", DEAD_DROP)
    assert page.inner_text(".building .condition") == f"Condition: {wanted}"
    assert not confirm.is_disabled()
    who.shot("bar")


def test_a_hand_card_pressed_first_says_what_comes_first(
    links: dict[str, str], person: Any
) -> None:
    """390 x 844, Japanese: red 2 pressed with no move begun says, in the move bar's line, to
    choose a mission or a face-down collaborator first; Ruler of Mana's fire mana, to press a
    spell's option first. Neither plays anything."""
    who = person("em-first", "ja", PHONE)
    page = who.page
    open_table(page, links["emfirst"])
    red = page.locator(".mine .hand [data-card='I-R2a']")
    assert red.get_attribute("aria-disabled") == "true"
    said = note_after(page, lambda: red.click(force=True))
    assert said == (
        "先に達成するミッションかアクティブ化するウラの協力者を選び、"
        "それからそのためのカードを押してください"
    )
    assert page.evaluate("window.bodoge.frame.seq") == 0
    assert not page.evaluate("window.bodoge.building")
    who.no_sideways_scroll()
    who.shot("em")

    open_table(page, links["rmfirst"])
    mana = page.locator(".mine .hand [data-card='MF1-01']")
    said = note_after(page, lambda: mana.click(force=True))
    assert said == "マナはスペルの支払いに使います：先にスペルの選択肢を押してください"
    assert page.evaluate("window.bodoge.frame.seq") == 0
    assert not page.evaluate("window.bodoge.building")
    who.shot("rm")
