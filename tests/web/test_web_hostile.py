"""Hardening seen in a real browser: every page works under the server's Content-Security-Policy
(its one inline script and style allowed by their hashes, nothing refused), and the longest
names a card file may give (40 characters, no space to break at) stay inside their boxes on the
table, as a card file's long name does in the lobby."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect
from web_helpers import DESKTOP, PHONE, post

import bodoge

GAMES = Path(bodoge.__file__).parent / "games"
LONG = "W" * 40  # the longest name a card file may give, with nowhere to break
REFUSED = """window.__refused = [];
document.addEventListener("securitypolicyviolation",
  (e) => window.__refused.push(`${e.violatedDirective} ${e.blockedURI}`));"""


def refused(page: Page) -> list[str]:
    """What the page's Content-Security-Policy refused so far."""
    found: list[str] = page.evaluate("window.__refused")
    return found


def started(server: str, game: str, cards: str | None = None) -> tuple[str, str]:
    """A two-seat room (its own card file, if given) started with seat 0 first against a random
    bot: the room and seat 0's token."""
    body: dict[str, Any] = {"game": game, "players": 2, "name": "Ann"}
    if cards is not None:
        body |= {"cards": cards, "cards_name": "long.toml"}
    made = post(server + "/api/rooms", body)
    room, token = made["room"], made["token"]
    post(f"{server}/api/rooms/{room}/seats/1/bot", {"level": "random"}, token)
    post(f"{server}/api/rooms/{room}/start", {"start_player": 0}, token)
    return room, token


def test_every_page_works_under_the_content_security_policy(server: str, person: Any) -> None:
    room, token = started(server, "extreme-mission")
    table = post(server + "/api/companion", {"game": "ruler-of-mana", "players": 2})
    who = person("csp")
    page = who.page
    page.add_init_script(REFUSED)
    pages = {
        "/": ".game-card.ruler-of-mana",
        f"/r/{room}#token={token}": ".hand",
        f"/r/{room}": ".missions",  # a spectator
        "/rules/ruler-of-mana?lang=ja": "main.rules h2",
        "/companion": "a[href='/companion/ruler-of-mana']",
        "/companion/extreme-mission": "form",
        table["url"]: ".life-count",
    }
    for path, drawn in pages.items():
        answer = page.goto(server + path)
        assert answer is not None
        assert "frame-ancestors 'none'" in answer.headers["content-security-policy"]
        expect(page.locator(drawn).first).to_be_visible()
        assert page.evaluate("document.documentElement.lang") in ("en", "ja")  # the first paint
        assert not refused(page), (path, refused(page))
    assert not who.errors  # a policy refusal is a console error too


def long_names(text: str, fields: str) -> str:
    """The card file ``text`` with every text field of ``fields`` (``en|ja``) 40 characters long."""
    return re.sub(rf'^({fields}) = "[^"]*"$', rf'\1 = "{LONG}"', text, flags=re.MULTILINE)


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "phone"])
@pytest.mark.parametrize("game", ["extreme-mission", "ruler-of-mana"])
def test_the_longest_names_a_card_file_may_give_stay_in_their_boxes(
    server: str, person: Any, game: str, viewport: dict[str, int]
) -> None:
    folder = game.replace("-", "_")
    shipped = (GAMES / folder / "cards.toml").read_text("utf-8")
    cards = long_names(shipped, "en|ja|theme_en|theme_ja")
    room, token = started(server, game, cards)
    who = person(f"long-{game}-{viewport['width']}", "en", viewport)
    page = who.page
    page.goto(f"{server}/r/{room}#token={token}")
    boxes = ".collab, .card.info, .mission" if game == "extreme-mission" else ".rm-table .card"
    boxes += ", .log li"  # the log names the cards too
    expect(page.locator(boxes).first).to_be_visible()
    expect(page.get_by_text(LONG[:20]).first).to_be_attached()
    spilt = page.evaluate(
        """(boxes) => [...document.querySelectorAll(boxes)]
            .filter((box) => box.scrollWidth > box.clientWidth + 1)
            .map((box) => `${box.className}: ${box.scrollWidth} > ${box.clientWidth}`)""",
        boxes,
    )
    who.shot("table")
    assert not spilt, spilt
    who.no_sideways_scroll()
    if game == "extreme-mission":
        theme = page.locator(".card.info .theme").first
        expect(theme).to_have_attribute("title", LONG)


def test_a_card_files_long_name_keeps_the_lobby_on_a_phone(server: str, person: Any) -> None:
    shipped = (GAMES / "extreme_mission" / "cards.toml").read_text("utf-8")
    made = post(
        server + "/api/rooms",
        {
            "game": "extreme-mission",
            "players": 2,
            "name": "Ann",
            "cards": shipped,
            "cards_name": "\u202e" + "x" * 6000,
        },
    )
    who = person("long-cards-name", "en", PHONE)
    page = who.page
    page.goto(server + "/")
    line = page.locator(f".open-rooms a[href='/r/{made['room']}']")
    expect(line).to_contain_text("x" * 59 + "…")
    assert "\u202e" not in line.inner_text()
    who.no_sideways_scroll()
