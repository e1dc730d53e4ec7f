"""The table on a phone in a real browser: a decision far down the page (your hand under five
opponents, an expert draft's pack) is scrolled into view when it becomes yours, without the focus
moving; in a short landscape window, and on a narrow phone upright (its other controls behind a
menu), the header takes one row."""

from __future__ import annotations

import contextlib
from pathlib import Path
from typing import Any

import pytest
from web_helpers import PHONE, post, scenario_room

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
    server: str, person: Any, tmp_path: Path, variant: str, motion: str
) -> None:
    """Six seats at 360x640: once it is yours to decide (a spell to cast from the hand; in the
    expert draft, the pack to pick from), what you decide with is within the window, above the
    move bar, and the focus is where it was (the page, or the status line). The basic game deals
    Ann spells she can cast: a random deal with none offered only the move bar's steps, and the
    test waited for ever on her decision (once in a fresh `make test`)."""
    who = person(f"phone-{variant}", viewport=SMALL)
    page = who.page
    page.emulate_media(reduced_motion=motion)
    page.add_init_script(
        "localStorage.setItem('bodoge.quiet', '1')"
    )  # the lone passes are the server's
    with contextlib.ExitStack() as held:
        if variant == "basic":
            setup = {"start_player": 0, "hands": {"0": CASTS}}
            token = "scenario-seat-0-token-for-the-far-down-test"
            db = tmp_path / "db.sqlite"
            room = scenario_room(db, "ruler-of-mana", setup, "fardown", token, players=6)
            page.goto(held.enter_context(room))
        else:
            page.goto(six_seats(server, variant))
        _decision_in_view(who, page)
        who.close()  # before the scenario's server stops: the page would reach for it again


# Mana and spells it casts from the hand: Fireball (F), Flame Lance (F and any), Freezing Rain (W).
CASTS = ["MF1-01", "MF1-02", "ME1-01", "MW1-01", "S01", "S02", "S07", "S10"]


def _decision_in_view(who: Any, page: Any) -> None:
    """Once the page has a decision from the hand or a pack: it is in the window, over the move
    bar, the page scrolled to it, the focus where it was."""
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


def test_your_own_section_taller_than_the_window_keeps_the_hand_in_sight(
    tmp_path: Path, person: Any
) -> None:
    """360x420 (a phone upright, its toolbars out), six seats: on your own turn the move bar (draw,
    cycle, exchange) leaves some 250 px and your section of the table, four mana cards and four
    spells, is taller than that. It is shown from its top only as far as the first card of your
    hand stays in sight: aligned at its top, the hand had been under the move bar."""
    hand = ["MF1-01", "MF1-02", "ME1-01", "MW1-01", "S01", "S02", "S07", "S10"]
    setup = {"start_player": 0, "hands": {"0": hand}}
    token = "scenario-seat-0-token-for-the-phone-test"
    with scenario_room(
        tmp_path / "db.sqlite", "ruler-of-mana", setup, "tallmine", token, players=6
    ) as link:
        who = person("phone-short", viewport={"width": 360, "height": 420})
        page = who.page
        page.emulate_media(reduced_motion="reduce")
        page.goto(link)
        page.wait_for_function(
            f"!window.bodoge.busy && window.bodoge.frame?.legal.includes('draw') && ({PLACE})()"
        )
        page.wait_for_timeout(500)
        place = page.evaluate(PLACE)
        mine = page.evaluate(
            "document.querySelector('.board .mine').getBoundingClientRect().height"
        )
        who.shot("own-turn")
        who.close()
    assert mine > place["room"], (mine, place)  # the case this is about
    assert place["scrolled"] > 0, place
    assert place["top"] >= 0 and place["bottom"] <= place["room"], place


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_short_landscape_window_has_a_one_row_header(server: str, person: Any, lang: str) -> None:
    """844x390: the header is one row (it was two, and with the status line and the move bar left
    some 175 px of table), its game controls still there, and the brand, the way to the lobby
    (it was left out: only leaving the game led out of the room)."""
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
    for control in ["#hint", "#leave", "#quiet", ".lang.on", ".rules-link", ".brand"]:
        assert page.locator(f"header.bar {control}").is_visible(), control
    who.no_sideways_scroll()
    # 1280x800 at 200%: too narrow for all of it on one row (the quiet box was squeezed to five
    # lines, the header 77 px): the phone's menu, which holds the way to the lobby
    page.set_viewport_size({"width": 640, "height": 400})
    page.evaluate("window.scrollTo(0, 0)")
    bar = page.evaluate(HEADER_ROW)
    assert bar["height"] <= bar["row"] + 1, bar
    assert {"rules-link", "hint", "menu-toggle"} <= set(bar["shown"]), bar
    page.click("#menu-toggle")
    page.wait_for_selector("header.bar.menu-open .menu-lobby")
    who.shot("header-menu-640")
    who.no_sideways_scroll()


# The header's height, and one row's: its tallest control shown (the menu's, where open, too)
# and its padding; each control shown by its class or id.
HEADER_ROW = """() => {
  const bar = document.querySelector('header.bar');
  const shown = [...bar.querySelectorAll('a, button, label, span.title')]
    .filter((n) => n.getClientRects().length);
  const style = getComputedStyle(bar);
  return {height: bar.getBoundingClientRect().height,
    row: Math.max(...shown.map((n) => n.getBoundingClientRect().height))
      + parseFloat(style.paddingTop) + parseFloat(style.paddingBottom),
    shown: shown.map((n) => n.id || n.className)};
}"""
MENU = {"en": "Menu", "ja": "メニュー"}


def started(server: str, game: str) -> str:
    """A started game of two, Ann (seat 0) against a random bot: her link."""
    made = post(f"{server}/api/rooms", {"game": game, "players": 2, "name": "Ann"})
    post(f"{server}/api/rooms/{made['room']}/seats/1/bot", {"level": "random"}, made["token"])
    post(f"{server}/api/rooms/{made['room']}/start", {}, made["token"])
    return f"{server}/r/{made['room']}#token={made['token']}"


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("game", ["extreme-mission", "ruler-of-mana"])
def test_a_narrow_phone_has_a_one_row_header_and_a_menu(
    server: str, person: Any, game: str, lang: str
) -> None:
    """320, 360 and 390 px upright: the header is one row (it took two to four: 120 to 178 px), the
    game, the rules and the hint in it, and a menu button named for a screen reader; from the
    keyboard the menu opens, every control it holds is reached by Tab (the lobby, the quiet
    seat, leaving, the languages), and Escape closes it, the focus back on its button. At 600 px
    the header is as it was: no menu, everything in it."""
    who = person(f"narrow-{game}-{lang}", lang, viewport={"width": 320, "height": 640})
    page = who.page
    page.goto(started(server, game))
    page.wait_for_selector(".board .status")
    menu = page.get_by_role("button", name=MENU[lang])
    held = ["menu-lobby", "leave", "lang on", "lang"] + (
        ["quiet"] if game == "ruler-of-mana" else []
    )
    for width in (320, 360, 390):
        page.set_viewport_size({"width": width, "height": 640})
        page.evaluate("window.scrollTo(0, 0)")
        bar = page.evaluate(HEADER_ROW)
        assert bar["height"] <= bar["row"] + 1, (width, bar)
        assert "rules-link" in bar["shown"] and "menu-toggle" in bar["shown"], bar
        assert not set(held) & set(bar["shown"]), bar
        assert menu.get_attribute("aria-expanded") == "false"
        for _ in range(6):  # from the page's start: the rules, the hint (when Ann's), the menu
            if page.evaluate("document.activeElement.id") == "menu-toggle":
                break
            page.keyboard.press("Tab")
        assert page.evaluate("document.activeElement.id") == "menu-toggle", width
        page.keyboard.press("Enter")
        page.wait_for_selector("header.bar.menu-open")
        assert menu.get_attribute("aria-expanded") == "true"
        assert page.get_by_role("group", name=MENU[lang]).is_visible()
        who.shot(f"menu-{width}")
        reached = []
        for _ in range(len(held) + 1):
            page.keyboard.press("Tab")
            reached.append(
                page.evaluate("document.activeElement.id || document.activeElement.className")
            )
        assert set(held) <= set(reached), reached
        who.no_sideways_scroll()
        page.focus(".bar-menu .lang")
        page.keyboard.press("Escape")
        page.wait_for_selector("header.bar:not(.menu-open)")
        assert page.evaluate("document.activeElement.id") == "menu-toggle"
        assert page.evaluate(HEADER_ROW)["height"] <= bar["row"] + 1
    page.set_viewport_size({"width": 600, "height": 844})
    bar = page.evaluate(HEADER_ROW)
    assert "menu-toggle" not in bar["shown"], bar
    assert set(held) - {"menu-lobby"} <= set(bar["shown"]) and "brand" in bar["shown"], bar


@pytest.mark.parametrize("width", [360, 390])
def test_a_scroll_on_the_discard_pile_is_drawn_as_a_card_on_a_phone(
    tmp_path: Path, person: Any, width: int
) -> None:
    """At 360x640 a scroll of few words on top of the discard pile (Tome of Wisdom, "draw 3")
    was drawn 30 px wide and 145 px tall, its name a character a line (叡/智/の/書): its width
    was half the pile's, which was as wide as the pile's own words. It is as wide as a mana
    card at least, its name on a few lines."""
    top = "R10-a"
    setup = {"start_player": 0, "discard": ["MF1-03", top]}
    token = "scenario-seat-0-token-for-the-pile-test"
    with scenario_room(tmp_path / "db.sqlite", "ruler-of-mana", setup, "topspell", token) as link:
        who = person(f"pile-{width}", "ja", viewport={"width": width, "height": 640})
        page = who.page
        page.goto(link)
        page.wait_for_selector(f".centre .pile > [data-card='{top}']")
        box = page.evaluate(
            """(top) => {
              const card = document.querySelector(`.centre .pile > [data-card='${top}']`);
              const mana = document.querySelector('.hand .card.mana');
              const name = card.querySelector('.sname');
              const line = parseFloat(getComputedStyle(name).lineHeight);
              const width = (node) => node.getBoundingClientRect().width;
              const lines = Math.round(name.getBoundingClientRect().height / line);
              return {width: width(card), mana: width(mana), lines};
            }""",
            top,
        )
        who.shot("pile")
        who.no_sideways_scroll()
        who.close()
    assert box["width"] >= box["mana"], box
    assert box["lines"] <= 3, box


def test_the_expert_draft_waits_for_a_card_kept_not_for_a_turn(server: str, person: Any) -> None:
    """The expert draft (RM-1.3) is nobody's turn: once Ann has kept a card of her pack, her page
    waits for Ben to keep one of his, and marks him so (it said "waiting for Ben", and gave him
    the badge of the seat to play, 手番)."""
    made = post(
        f"{server}/api/rooms",
        {"game": "ruler-of-mana", "players": 2, "name": "Ann", "variant": "expert"},
    )
    room, token = made["room"], made["token"]
    post(f"{server}/api/rooms/{room}/seats/1", {"name": "Ben"})
    post(f"{server}/api/rooms/{room}/start", {}, token)
    who = person("draft-wait", "ja", PHONE)
    page = who.page
    page.goto(f"{server}/r/{room}#token={token}")
    page.wait_for_function("window.bodoge.frame?.view.pending?.kind === 'draft'")
    if page.evaluate("window.bodoge.frame.legal.length"):  # Ann keeps first: a card of her pack
        page.click(".pack [data-step^='keep ']")
    page.wait_for_function("window.bodoge.frame.view.current_player === 1")
    status = page.inner_text(".board > .status .line")
    assert status == "ドラフト1巡目：Benがカードを1枚残すのを待っています", status
    assert page.inner_text(".seat-1 .badge.turn") == "カードを選択中"
    who.shot("draft-wait")
