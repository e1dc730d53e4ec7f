"""The table's layout in a real browser, from positions stored before the server starts
(tests/web/web_helpers.py, ``scenario_room``): what a seat box shows stays in its place whatever
the seat holds; a card's numbers do not overlap; a word is not broken a character from its end."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from web_helpers import PHONE, scenario_room

import bodoge
from bodoge.core.i18n import text

TOKEN = "scenario-seat-0-token-for-the-layout-tests"
CARDS = bodoge.make("extreme-mission").card_ids

# Each seat's "missions done" line: how far below its name, and whether above its discard pile.
DONE_PLACES = """() => [...document.querySelectorAll('.opponents .seat, .mine')].map((seat) => {
  const name = seat.querySelector('header, h2').getBoundingClientRect();
  const done = seat.querySelector('.done-count').getBoundingClientRect();
  const pile = seat.querySelector('.pile').getBoundingClientRect();
  return {below: done.top - name.bottom,
    abovePile: done.bottom <= pile.top + 1 || done.right <= pile.left};
})"""


def test_missions_done_stands_under_every_seat_s_name(tmp_path: Path, person: Any) -> None:
    """Extreme Mission, four seats holding 1, 12 and 8 cards, at 1280x800 and 390x844: every
    seat's "missions done" is the line under its name (it stood beside the discard pile in a seat
    of few cards, under it in the others)."""
    setup = {
        "start_player": 0,
        "hands": {"1": CARDS[:1], "2": CARDS[1:13]},
        "discards": {"1": CARDS[13:14]},
    }
    with scenario_room(
        tmp_path / "db.sqlite", "extreme-mission", setup, "donecount", TOKEN, players=4
    ) as link:
        for viewport in ({"width": 1280, "height": 800}, PHONE):
            places = _measured(person, link, viewport, "done", ".mine .done-count", DONE_PLACES)
            assert len(places) == 4, places
            for place in places:
                assert 0 <= place["below"] <= 8 and place["abovePile"], (viewport, places)


def _measured(person: Any, link: str, viewport: Any, name: str, shown: str, script: str) -> Any:
    """What ``script`` finds on the room of ``link`` at ``viewport``, once ``shown`` is (a
    screenshot kept as ``name``)."""
    who = person(f"{name}-{viewport['width']}", viewport=viewport)
    who.page.goto(link)
    who.page.wait_for_selector(shown)
    found = who.page.evaluate(script)
    who.shot(name)
    who.close()
    return found


# Every info card on show whose corner number overlaps its big number.
OVERLAPS = """() => [...document.querySelectorAll('.card.info')].filter((card) => {
  const corner = card.querySelector('.corner').getBoundingClientRect();
  const num = card.querySelector('.num').getBoundingClientRect();
  return corner.width && corner.bottom > num.top && corner.right > num.left;
}).map((card) => card.closest('.opponents, .mine, .centre')?.className + ' ' + card.dataset.card)"""


def test_a_small_card_shows_its_number_once(tmp_path: Path, person: Any) -> None:
    """An opponent's discard pile on a phone is a small card: its corner number overlapped the big
    one; no card's corner overlaps its number at 390x844 or 1280x800."""
    setup = {"start_player": 0, "hands": {"0": CARDS[20:28]}, "discards": {"1": CARDS[13:14]}}
    with scenario_room(
        tmp_path / "db.sqlite", "extreme-mission", setup, "smallcard", TOKEN
    ) as link:
        for viewport in (PHONE, {"width": 1280, "height": 800}):
            shown = ".opponents .pile .card.info"
            overlaps = _measured(person, link, viewport, "small", shown, OVERLAPS)
            assert not overlaps, (viewport, overlaps)


SMALLEST = {"width": 360, "height": 640}


@contextmanager
def _begun_on_a_small_phone(
    tmp_path: Path, person: Any, setup: Any, name: str, lang: str, mission: str
) -> Iterator[Any]:
    """Seat 0 of the room of ``setup`` at 360x640 in ``lang``, the mission's move begun."""
    with scenario_room(tmp_path / "db.sqlite", "extreme-mission", setup, name, TOKEN) as link:
        who = person(f"{name}-{lang}", lang, SMALLEST)
        who.page.goto(link)
        who.page.click(f".mission[data-step='complete {mission}']")
        who.page.wait_for_selector(".building")
        yield who
        who.close()  # before the server stops: the page would reach for it again


# How many lines an element's words take: their boxes' height against the font's size (one line's
# boxes are some 1.2-1.5 of it, two lines' over 2.6).
LINES = """(node) => {
  const range = document.createRange();
  range.selectNodeContents(node);
  const boxes = [...range.getClientRects()];
  const height = Math.max(...boxes.map((r) => r.bottom)) - Math.min(...boxes.map((r) => r.top));
  return height < 1.9 * parseFloat(getComputedStyle(node).fontSize) ? 1 : 2;
}"""


def test_the_wild_tag_is_one_word_on_a_phone_in_japanese(tmp_path: Path, person: Any) -> None:
    """360x640 in Japanese: a collaborator chosen as a wild is tagged オールマイティ on one line (it
    broke before its last character), the page no wider than the window."""
    hand = ["I-R1a", "I-R2a", "I-B5a", "I-G7a", "I-Y9a", "I-P3a", "I-P4a", "I-G1a"]
    setup = {
        "start_player": 0,
        "missions": [f"M{lv}-0{k}" for lv in range(1, 5) for k in range(1, 4)],
        "hands": {"0": hand},
    }
    with _begun_on_a_small_phone(tmp_path, person, setup, "wild", "ja", "M1-01") as who:
        page = who.page
        page.locator(".mine .collab[data-step]").first.click()
        tag = page.locator(".mine .collab.chosen .wild-tag")
        tag.wait_for()
        assert tag.inner_text() == text("web.em.as_wild", "ja")
        lines = tag.evaluate(LINES)
        who.shot("wild")
        who.no_sideways_scroll()
    assert lines == 1


@pytest.mark.parametrize(("top", "mana"), [("MF1-01", True), ("S01", False)])
def test_ruler_of_manas_deck_says_what_its_top_card_is(
    tmp_path: Path, person: Any, top: str, mana: bool
) -> None:
    """The deck shows its top card's back, a mana card's or a spell's (a dot on it said nothing to
    a newcomer): words beneath it say which, in English and in Japanese, and its label aloud."""
    hands = {"0": ["MW1-01", "S02"], "1": ["ME1-01"]}
    setup = {"start_player": 0, "hands": hands, "deck": ["S03", top]}  # S03: seat 0's first draw
    which = "mana" if mana else "spell"
    with scenario_room(tmp_path / "db.sqlite", "ruler-of-mana", setup, "decktop", TOKEN) as link:
        for lang, viewport in (("en", {"width": 1280, "height": 800}), ("ja", SMALLEST)):
            who = person(f"deck-{which}-{lang}", lang, viewport)
            who.page.goto(link)
            legend = who.page.locator(".deck .pile-legend")
            legend.wait_for()
            said = legend.inner_text()
            label = who.page.get_attribute(".deck [role]", "aria-label") or ""
            size = who.page.evaluate("window.bodoge.frame.view.deck_size")
            who.shot("deck")
            who.no_sideways_scroll()
            who.close()
            assert said == text(f"web.rm.deck_top_{which}", lang), said
            assert text(f"web.rm.deck_{which}", lang, n=size) in label, label


# Each message of the room's socket handed to the page `window.hold` ms late (0 at first): a move's
# answer made slow, as on a busy server, so that what the page shows meanwhile can be seen.
HELD_SOCKET = """(() => {
  window.hold = 0;
  const Native = WebSocket;
  window.WebSocket = class extends Native {
    set onmessage(handler) { super.onmessage = (m) => setTimeout(() => handler(m), window.hold); }
  };
})()"""
# The document's height, the move bar's and whether a move waits for its answer, each animation
# frame for `ms`, from now.
HEIGHTS = """(ms) => new Promise((done) => {
  const seen = []; const start = performance.now();
  const tick = () => {
    const bar = document.querySelector('.moves').offsetHeight;
    seen.push([document.documentElement.scrollHeight, bar, window.bodoge.busy]);
    if (performance.now() - start < ms) requestAnimationFrame(tick); else done(seen);
  };
  tick();
})"""


def test_the_page_keeps_its_height_while_a_move_is_answered(tmp_path: Path, person: Any) -> None:
    """390x844 in Japanese, the page scrolled to its end: a draw sent and answered half a second
    later. Meanwhile the move bar stays as it was (it had a button for every step the table's
    cards stand for, some 540 px on a phone: the page grew, then shrank back) and so does the
    deck's hint: the document keeps its height, and after the answer is no shorter."""
    with scenario_room(
        tmp_path / "db.sqlite", "extreme-mission", {"start_player": 0}, "held", TOKEN
    ) as link:
        who = person("held-ja", "ja", PHONE)
        page = who.page
        page.add_init_script(HELD_SOCKET)
        page.goto(link)
        page.wait_for_function("!window.bodoge.busy && window.bodoge.frame?.legal.includes('draw')")
        page.evaluate("scrollTo(0, document.documentElement.scrollHeight)")
        page.wait_for_timeout(300)
        page.evaluate("window.hold = 500")
        seen = page.evaluate(
            "(ms) => { const heights = ("
            + HEIGHTS
            + ")(ms); document.querySelector('#draw').click(); return heights; }",
            1200,
        )
        answered = page.evaluate("window.bodoge.frame.view.actions_left")
        who.close()
    changes = [s for k, s in enumerate(seen) if not k or s != seen[k - 1]]
    waited = [height for height, _, busy, *_ in seen if busy]
    assert answered == 1 and waited, changes  # the wait was seen, and the answer
    before, after = seen[0][0], seen[-1][0]
    assert set(waited) == {before}, changes
    assert after >= before, changes  # a line more in the log, and nothing less


# Ann's first card's width, and how far down the move bar ends, against the window's height.
SIZES = """() => ({card: document.querySelector('.mine .hand .card').getBoundingClientRect().width,
  moves: document.querySelector('.moves').getBoundingClientRect().bottom / innerHeight,
  scroll: document.documentElement.scrollHeight - innerHeight})"""


def test_a_large_screen_draws_the_table_a_size_up(tmp_path: Path, person: Any) -> None:
    """Extreme Mission, four seats, eight cards in Ann's hand: at 1920x1080 the cards are drawn a
    size up from 1280x800 (the table filled 86% of the window's height, its cards small at arm's
    length), and the whole table is still in the window, move bar and all, without scrolling."""
    setup = {"start_player": 0, "hands": {"0": CARDS[20:28]}}
    with scenario_room(
        tmp_path / "db.sqlite", "extreme-mission", setup, "large", TOKEN, players=4
    ) as link:
        laptop = _measured(person, link, {"width": 1280, "height": 800}, "large", "#draw", SIZES)
        large = _measured(person, link, {"width": 1920, "height": 1080}, "large", "#draw", SIZES)
    assert large["card"] >= 1.05 * laptop["card"], (laptop, large)
    assert 0.9 <= large["moves"] <= 1 and large["scroll"] <= 0, large


KEYS_MISSIONS = ["M1-01", "M1-02", "M1-05", "M2-01", "M2-05", "M2-08"]
KEYS_MISSIONS += ["M3-01", "M3-02", "M3-05", "M4-03", "M4-05", "M4-06"]
RUN_OF_FIVE = ["I-R1a", "I-B2a", "I-G3a", "I-Y4a", "I-P5a", "I-R9a", "I-B9a", "I-G8a"]
BAR_SHARE = "() => document.querySelector('.building').getBoundingClientRect().height / innerHeight"


def test_a_small_phone_s_move_bar_leaves_the_hand_room(tmp_path: Path, person: Any) -> None:
    """360x640 in English, a mission begun and a card chosen for it: the move bar (its name, its
    condition, the chip, what to pick next, Confirm and Cancel) takes at most a quarter of the
    window (it took 28%, 182 px: the hand above it squeezed into a third of the screen)."""
    setup = {"start_player": 0, "missions": KEYS_MISSIONS, "hands": {"0": RUN_OF_FIVE}}
    with _begun_on_a_small_phone(tmp_path, person, setup, "tight", "en", "M2-08") as who:
        page = who.page
        page.click(".mine .hand [data-card='I-R1a']")
        page.wait_for_selector(".building .chip")
        share = page.evaluate(BAR_SHARE)
        who.shot("tight")
    assert share <= 0.25, share
