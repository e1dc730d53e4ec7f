"""Ruler of Mana's payment in a real browser, from a position set up by a scenario: a 2-orb card
paid as one mana (RM-3.4) by clicking the card itself, not a button of its own.

The position is stored before a server starts (a running room with its setup, as the server keeps
every room), so the server builds it itself, exactly, as when it restores a room after a restart.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from web_helpers import scenario_room

ROOM = "pay2orb"
TOKEN = "scenario-seat-0-token-for-the-payment-test"
# Seat 0 starts and draws E1; Firestorm's first option costs F F A (damage to all opponents, no
# target to pick): paid F2 alone for F F, or F1 with F2 counted as one.
SETUP = {
    "start_player": 0,
    "hands": {"0": ["MF2-01", "MF1-01", "MA1-01", "S07"], "1": ["MW1-01", "MW1-02", "S10"]},
    "deck": ["ME1-01", "ME1-02"],
}


@pytest.fixture(scope="module")
def scenario(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A server whose one room is a game of Ruler of Mana at the position ``SETUP`` (seat 0 a
    person, seat 1 an easy bot): the room's seat link."""
    path = tmp_path_factory.mktemp("scenario") / "bodoge.sqlite"
    with scenario_room(path, "ruler-of-mana", SETUP, ROOM, TOKEN) as link:
        yield link


def test_a_2_orb_card_is_paid_as_one_mana_by_clicking_the_card(scenario: str, person: Any) -> None:
    """Firestorm (F F A) paid F1 + F2 as one + A1 by clicking only cards and Confirm: a click
    takes the 2-orb card at 2 mana, the next (here the keyboard's Enter) counts it as 1, with its
    second orb dimmed, the next takes it out; with F1 chosen first, one click takes it as 1. No
    button of its own for "pay 1 mana with it"."""
    who = person("pay-one")
    page = who.page
    page.goto(scenario)
    page.wait_for_selector(".option[data-step='cast S07/1']")
    two = ".mine .hand [data-card='MF2-01']"
    page.click(".option[data-step='cast S07/1']")
    page.wait_for_selector(".building")
    page.wait_for_selector(f"{two}[data-step='F2']")
    assert page.get_attribute(two, "data-then-step") == "F2/1"  # its second click
    assert page.locator(".steps [data-step]").count() == 0, page.inner_text(".moves")

    page.click(two)  # 2 mana
    page.wait_for_selector(f"{two}.chosen.pays-2[data-step='F2/1']")
    assert page.inner_text(f"{two} .pays-tag") == "2 mana"
    assert page.evaluate("window.bodoge.building.chosen") == ["F2"]
    who.shot("two")
    page.keyboard.press("Enter")  # the card kept the focus: 1 mana
    page.wait_for_selector(f"{two}.chosen.pays-1:not([data-step])")
    assert page.inner_text(f"{two} .pays-tag") == "1 mana"
    assert page.evaluate("window.bodoge.building.chosen") == ["F2/1"]
    dimmed = page.evaluate(
        f'[...document.querySelectorAll("{two} .orb")].map((o) => getComputedStyle(o).opacity)'
    )
    assert float(dimmed[0]) == 1 and float(dimmed[1]) < 0.5, dimmed
    who.shot("one")
    page.click(two)  # out
    page.wait_for_selector(f"{two}:not(.chosen)[data-step='F2']")

    page.click(".mine .hand [data-card='MF1-01']")
    page.wait_for_selector(f"{two}[data-step='F2/1']")  # only as one now: one click does it
    page.click(two)
    page.wait_for_selector(f"{two}.chosen.pays-1")
    page.click(".mine .hand [data-card='MA1-01']")
    confirm = page.locator(".building .confirm[data-step]")
    confirm.wait_for()
    assert confirm.get_attribute("data-step") == "cast S07/1 F1 F2/1 A1"
    assert page.locator(".steps [data-step]").count() == 0, page.inner_text(".moves")
    confirm.click()
    page.wait_for_function(
        "['MF1-01', 'MF2-01', 'MA1-01', 'S07'].every("
        "(c) => window.bodoge.frame.view.discard.includes(c))"
    )
    cast = [e for e in page.evaluate("window.bodoge.frame.view.log") if e.get("card") == "S07"]
    assert cast, page.evaluate("window.bodoge.frame.view.log")
