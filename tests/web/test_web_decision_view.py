"""When a decision becomes yours, what you decide with is in the window, on a desktop as on a
phone: Extreme Mission's turn is decided with the missions and your hand, which four seats put
under the fold at 1280x800; on a phone a new turn went up to an opponent's discard pile (the
first thing offered), away from the hand, on every turn.

The positions are stored before their server starts (tests/web/web_helpers.py,
``scenario_room``): in Extreme Mission seat 0 to play, seat 1's discard pile with a card on top,
so that taking it is offered; in Ruler of Mana, six seats, Bob about to cast at Ann."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page
from web_helpers import ASKED_EVERY_TIME, AT_REST, PHONE, scenario_room, seat_steps

TOKEN = "scenario-seat-0-token-for-the-decision-view-test"
SETUP = {"start_player": 0, "discards": {"1": ["I-R4a"]}}

# Where the hand, the missions and an opponent's discard pile are, in the room the move bar leaves.
WHERE = """() => {
  const box = (sel) => {
    const r = document.querySelector(sel).getBoundingClientRect();
    return [r.top, r.bottom];
  };
  const cards = [...document.querySelectorAll('.mine .hand .card')]
    .map((c) => c.getBoundingClientRect());
  return {hand: [Math.min(...cards.map((r) => r.top)), Math.max(...cards.map((r) => r.bottom))],
    missions: box('.missions'), pile: box(".opponents [data-step='take 1']"),
    room: innerHeight - document.querySelector('.moves').offsetHeight, scrolled: scrollY,
    focus: document.activeElement.tagName + '.' + document.activeElement.className};
}"""


def settled(page: Page, decision: str, measure: str) -> Any:
    """``measure`` evaluated once the ``decision`` is the page's and it has stopped scrolling."""
    page.wait_for_function(f"!window.bodoge.busy && {decision}")
    page.wait_for_function(AT_REST)
    page.wait_for_timeout(300)
    return page.evaluate(measure)


@pytest.mark.parametrize(
    ("viewport", "players"),
    [({"width": 1280, "height": 800}, 4), (PHONE, 2)],
    ids=["desktop", "phone"],
)
def test_your_turn_shows_your_hand(
    tmp_path: Path, person: Any, viewport: dict[str, int], players: int
) -> None:
    """Your turn of Extreme Mission: your whole hand is in the window above the move bar, the
    focus untouched; on the desktop the missions are in sight with it, top to bottom."""
    with scenario_room(
        tmp_path / "db.sqlite", "extreme-mission", SETUP, "yourturn", TOKEN, players=players
    ) as link:
        who = person(f"turn-{viewport['width']}", viewport=viewport)
        page = who.page
        page.goto(link)
        where = settled(page, "window.bodoge.frame?.legal.includes('take 1')", WHERE)
        who.shot("turn")
        who.close()
    assert where["scrolled"] > 0, where  # the hand was under the fold
    assert where["hand"][0] >= 0 and where["hand"][1] <= where["room"], where
    if players == 4:
        assert where["missions"][0] >= 0 and where["missions"][1] <= where["room"], where
    assert where["focus"].startswith(("BODY", "DIV.status")), where


BOB = "scenario-seat-1-token-for-the-decision-view-test"
# Bob starts, with Vacuum Blade (S32: A A, one opponent discards 2); Ann holds no reaction.
RM_BLADE = {
    "start_player": 1,
    "hands": {
        "0": ["S07", "S10", "S12", "S33", "MF1-01", "ME1-01", "MW1-01", "MF1-02"],
        "1": ["S32", "MA1-01", "MA1-02", "MW1-02"],
    },
}
RESOLVING_AND_HAND = """() => {
  const r = document.querySelector('.resolving').getBoundingClientRect();
  const cards = [...document.querySelectorAll('.mine .hand .card')]
    .map((c) => c.getBoundingClientRect());
  return {resolving: [r.top, r.bottom], hand: [Math.min(...cards.map((c) => c.top)),
    Math.max(...cards.map((c) => c.bottom))], scrolled: scrollY,
    room: innerHeight - document.querySelector('.moves').offsetHeight};
}"""


def test_a_reaction_with_nothing_to_react_with_shows_what_hit_you_and_your_hand(
    tmp_path: Path, person: Any
) -> None:
    """Six seats of Ruler of Mana at 1280x800, Bob's Vacuum Blade cast at Ann, who can only pass
    and asked to be asked all the same: only the move bar offers anything, and the spell being
    resolved is brought to the window's top, Ann's hand under it as far as the room above the
    bar goes (it had stayed under the fold and the bar)."""
    people = {1: ("Bob", BOB)}
    db = tmp_path / "db.sqlite"
    with scenario_room(
        db, "ruler-of-mana", RM_BLADE, "passview", TOKEN, players=6, people=people
    ) as link:
        who = person("pass-view", viewport={"width": 1280, "height": 800})
        page = who.page
        page.add_init_script(ASKED_EVERY_TIME)  # else the server passes for her, and none is shown
        page.goto(link)
        page.wait_for_selector(".board .deck")
        with seat_steps(link, "passview", BOB) as act:
            act("cast S32/1 @0 A1 A1")
            where = settled(
                page, "window.bodoge.frame?.legal.join() === 'pass'", RESOLVING_AND_HAND
            )
            who.shot("pass")
        who.close()
    assert where["scrolled"] > 0, where  # the hand was under the fold
    assert where["resolving"][0] >= 0 and where["resolving"][1] <= where["room"], where
    # both do not fit: the hand from its top as far as the room goes, its mana cards whole
    assert where["hand"][0] + 100 <= where["room"], where
