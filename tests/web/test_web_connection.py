"""A lost connection in a real browser: the server of a game under way is killed (kill -9) and
started again on the same port and database. While it is down the room page says so in a banner
(after a short grace, so a quick reconnect shows nothing) and offers no move (a click says that
nothing was sent) nor says it is the seat's move (its status line says who was to move, not the
banner's words again); once it is back the banner goes and the table plays on, its log in words
even where they could not be had before. A language switch that finds no server keeps the page's
language and says so in it, on every page that has the switch."""

from __future__ import annotations

import json
import re
import urllib.request
from typing import Any

import pytest
from playwright.sync_api import expect
from web_helpers import PHONE, Served, in_header

from bodoge.core.i18n import text

# What a browser logs of a server killed under it, as expected: a request in flight reset, the
# reconnects refused while it is down, the words asked for aborted, a response cut short.
KILLED = (
    "ERR_CONNECTION_REFUSED",
    "ERR_CONNECTION_RESET",
    "ERR_CONTENT_LENGTH_MISMATCH",
    "ERR_FAILED",
)


def seat_link(server: Served) -> str:
    """An Extreme Mission game begun, Ann (seat 0) to move, a normal bot in seat 1."""
    made = server.post("/api/rooms", {"game": "extreme-mission", "players": 2, "name": "Ann"})
    room, token = made["room"], made["token"]
    server.post(f"/api/rooms/{room}/seats/1/bot", {"level": "normal"}, token)
    server.post(f"/api/rooms/{room}/start", {"start_player": 0}, token)
    return f"{server.url}/r/{room}#token={token}"


@pytest.mark.parametrize(
    ("lang", "banner", "not_sent", "begins"),
    [
        ("en", "Connection lost — reconnecting…", "nothing was sent", "The game begins"),
        ("ja", "接続が切れました", "送信していません", "ゲーム開始"),
    ],
)
def test_a_lost_connection_is_said_and_offers_no_move_until_it_is_back(
    own_server: Served, person: Any, lang: str, banner: str, not_sent: str, begins: str
) -> None:
    ann = person(f"offline-{lang}", lang, PHONE)
    page = ann.page
    page.route("**/api/words", lambda route: route.abort())  # the log's words cannot be had
    with page.expect_event("requestfailed", lambda request: "/api/words" in request.url):
        page.goto(seat_link(own_server))
    page.unroute("**/api/words")
    draw = page.locator(".deck [data-step='draw']")
    expect(draw).to_be_enabled()
    expect(page.locator(".offline-banner")).to_be_hidden()
    status = page.locator(".status")
    expect(status).to_have_class(re.compile(r"\byours\b"))  # the seat's move, said and marked

    own_server.kill()
    page.wait_for_timeout(400)  # the grace: a reconnect this quick would show nothing
    expect(page.locator(".offline-banner")).to_be_hidden()
    expect(page.locator(".offline-banner")).to_be_visible(timeout=10000)
    expect(page.locator(".offline-banner")).to_contain_text(banner)
    expect(draw).to_be_disabled()  # shown where it was, but not offered
    expect(status).not_to_have_class(re.compile(r"\byours\b"))  # nor the status line inviting it
    # the banner alone says the loss: the status line, who was to move (not the banner again)
    ann_you = text("web.name_you", lang, name="Ann", you=text("web.you", lang))
    expect(status.locator(".line")).to_have_text(text("web.room.to_move", lang, name=ann_you))
    draw.click(force=True)  # a click is not dropped unsaid, nor kept to send later
    expect(page.locator(".toast")).to_contain_text(not_sent)
    assert page.evaluate("window.bodoge.busy") is False
    # the toast stands above the move bar, clear of its buttons (it covered them for 4 s)
    toast, bar = page.locator(".toast").bounding_box(), page.locator(".moves").bounding_box()
    assert toast and bar and bar["height"] > 40, (toast, bar)
    assert toast["y"] + toast["height"] <= bar["y"], (toast, bar)
    # and a press where it stands goes through to the table under it
    under = f"document.elementFromPoint({toast['x'] + 8}, {toast['y'] + 8}).closest('.toast')"
    assert page.evaluate(under) is None
    ann.no_sideways_scroll()
    ann.shot("offline")

    own_server.start()
    expect(page.locator(".offline-banner")).to_be_hidden(timeout=20000)
    expect(draw).to_be_enabled()
    expect(status).to_have_class(re.compile(r"\byours\b"))
    draw.click()  # the table is back, drawn from the new connection's frames, and plays on
    page.wait_for_function("window.bodoge.frame.seq >= 1")
    expect(page.locator(".log li").first).to_contain_text(begins)  # asked again: not kept raw
    ann.shot("back")
    ann.errors = [e for e in ann.errors if not any(word in e for word in KILLED)]


def test_a_ruler_of_mana_status_line_offline_says_who_was_to_move_not_the_banner(
    own_server: Served, person: Any
) -> None:
    made = own_server.post("/api/rooms", {"game": "ruler-of-mana", "players": 2, "name": "Ann"})
    room, token = made["room"], made["token"]
    own_server.post(f"/api/rooms/{room}/seats/1/bot", {"level": "normal"}, token)
    own_server.post(f"/api/rooms/{room}/start", {"start_player": 0}, token)
    ann = person("offline-rm-ja", "ja", PHONE)
    page = ann.page
    page.goto(f"{own_server.url}/r/{room}#token={token}")
    status = page.locator(".status")
    expect(status).to_have_class(re.compile(r"\byours\b"))
    own_server.kill()
    expect(page.locator(".offline-banner")).to_be_visible(timeout=10000)
    expect(status.locator(".line")).to_have_text(
        text("web.room.to_move", "ja", name="Ann（あなた）")
    )
    ann.shot("offline-rm")
    ann.errors = [e for e in ann.errors if not any(word in e for word in KILLED)]


def spectated_room(server: str) -> str:
    asked = urllib.request.Request(
        server + "/api/rooms",
        b'{"game": "extreme-mission", "players": 2, "name": "Ann"}',
        {"Content-Type": "application/json"},
    )
    with urllib.request.urlopen(asked, timeout=10) as answer:
        return "/r/" + json.loads(answer.read())["room"]


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("where", ["/", "/companion", "/companion/extreme-mission", "room"])
def test_a_language_switch_with_no_server_keeps_the_language_and_says_why(
    server: str, person: Any, lang: str, where: str
) -> None:
    other = "ja" if lang == "en" else "en"
    who = person(f"switch-{lang}-{where.strip('/').replace('/', '-') or 'lobby'}", lang, PHONE)
    page = who.page
    page.goto(server + (spectated_room(server) if where == "room" else where))
    button = page.locator(in_header(page, f".langs button[lang={other}]"))
    page.route(lambda url: "/api/messages" in url, lambda route: route.abort())
    with page.expect_event("requestfailed", lambda request: "/api/messages" in request.url):
        button.click()
    toast = page.locator(".toast")
    expect(toast).to_have_text(text("web.unreachable", lang))
    box = toast.bounding_box()  # a longer message uses most of a phone's width, not half of it
    assert box and box["width"] > 0.8 * PHONE["width"] and box["x"] >= 15, box
    assert page.evaluate("document.documentElement.lang") == lang
    assert page.evaluate("localStorage.getItem('bodoge.lang')") in (None, lang)
    # the texts kept, in the page's language
    expect(page.locator(".langs")).to_have_attribute("aria-label", text("web.lang.switch", lang))
    expect(page.locator(f".langs button[lang={lang}]")).to_have_attribute("aria-pressed", "true")
    who.no_sideways_scroll()
    who.errors = [e for e in who.errors if "ERR_FAILED" not in e]  # the aborted request
