"""When a decision becomes yours, what you decide with is in the window, on a desktop as on a
phone: Extreme Mission's turn is decided with the missions and your hand, which four seats put
under the fold at 1280x800; on a phone a new turn went up to an opponent's discard pile (the
first thing offered), away from the hand, on every turn.

The position is stored before its server starts (tests/web/web_helpers.py, ``scenario_room``):
seat 0 to play, seat 1's discard pile with a card on top, so that taking it is offered."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from web_helpers import AT_REST, PHONE, scenario_room

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
        page.wait_for_function(
            "!window.bodoge.busy && window.bodoge.frame?.legal.includes('take 1')"
        )
        page.wait_for_function(AT_REST)
        page.wait_for_timeout(300)
        where = page.evaluate(WHERE)
        who.shot("turn")
        who.close()
    assert where["scrolled"] > 0, where  # the hand was under the fold
    assert where["hand"][0] >= 0 and where["hand"][1] <= where["room"], where
    if players == 4:
        assert where["missions"][0] >= 0 and where["missions"][1] <= where["room"], where
    assert where["focus"].startswith(("BODY", "DIV.status")), where
