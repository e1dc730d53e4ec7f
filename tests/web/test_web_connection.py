"""A lost connection in a real browser: the server of a game under way is killed (kill -9) and
started again on the same port and database. While it is down the room page says so in a banner
(after a short grace, so a quick reconnect shows nothing) and offers no move (a click says that
nothing was sent) nor says it is the seat's move (its status line says who was to move, not the
banner's words again); once it is back the banner goes and the table plays on, its log in words
even where they could not be had before. A network gone without the socket closed (the browser
offline, or frames that no longer pass either way) is found out and said the same way, and the
move being built is kept; a socket that opens and brings nothing is given up and tried again.
A language switch that finds no server keeps the page's language and
says so in it, on every page that has the switch."""

from __future__ import annotations

import json
import re
import urllib.request
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, WebSocketRoute, expect
from test_web_em_table import DEAD_DROP, EM, build
from test_web_why import open_table
from web_helpers import PHONE, Served, in_header, scenario_room

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


# What a browser logs of a network gone: the new sockets that cannot connect meanwhile, the one
# given up before it opened, the words asked for that did not come.
NO_NETWORK = ("ERR_INTERNET_DISCONNECTED", "closed before the connection", *KILLED)
TOKEN = "scenario-seat-0-token-for-the-connection-test"


def silent_loss(page: Page, lang: str, chosen: list[str]) -> None:
    """The network gone (by the caller) with Dead Drop begun with R2: the banner once the page
    has found out, after the grace, within a few seconds; the moves shown but not offered, Hint
    not offered; a card pressed meanwhile says nothing was sent, and the move stays as it was."""
    banner = page.locator(".offline-banner")
    card = page.locator(f".mine .hand [data-card='{DEAD_DROP[1]}']")
    page.wait_for_timeout(400)  # the grace: a reconnect this quick would show nothing
    expect(banner).to_be_hidden()
    expect(banner).to_be_visible(timeout=14000)  # found within 9 s, said 1.5 s after
    expect(banner).to_have_text(text("web.room.offline", lang))
    expect(card).to_be_disabled()  # shown where it was, but not offered
    expect(page.locator("#hint")).to_be_disabled()
    card.click(force=True)
    expect(page.locator(".toast")).to_have_text(text("web.room.not_connected", lang))
    assert page.evaluate("window.bodoge.building.chosen") == chosen
    assert page.evaluate("window.bodoge.busy") is False


def recovered(page: Page, chosen: list[str]) -> None:
    """Once the network is back: the banner gone, the move begun kept with the one card, the card
    pressed meanwhile not added later; the move goes on."""
    expect(page.locator(".offline-banner")).to_be_hidden(timeout=15000)
    page.wait_for_function("window.bodoge.frame && !window.bodoge.busy")
    page.wait_for_timeout(1000)  # a frame held while the network was gone would be played by now
    assert page.evaluate("window.bodoge.building.chosen") == chosen
    expect(page.locator("#hint")).to_be_enabled()
    page.click(f".mine .hand [data-card='{DEAD_DROP[1]}']")
    page.wait_for_function("window.bodoge.building?.chosen.length === 2 && !window.bodoge.busy")


def test_a_browser_gone_offline_without_a_close_is_said_and_the_move_kept(
    tmp_path: Path, person: Any
) -> None:
    """1280 x 800: the browser offline (the socket not closed: Wi-Fi gone, a laptop's lid) while
    Dead Drop is being built; the page says so as for a closed socket, and is back once online."""
    with scenario_room(tmp_path / "db.sqlite", "extreme-mission", EM, "silent", TOKEN) as link:
        ann = person("silent-offline", "en", {"width": 1280, "height": 800})
        page = ann.page
        open_table(page, link)
        build(page, "M1-04", DEAD_DROP[:1])
        chosen = page.evaluate("window.bodoge.building.chosen")
        ann.context.set_offline(True)
        silent_loss(page, "en", chosen)
        ann.shot("silent-offline")
        ann.context.set_offline(False)
        recovered(page, chosen)
        ann.errors = [e for e in ann.errors if not any(word in e for word in NO_NETWORK)]


def test_a_socket_that_falls_silent_is_found_out_by_the_heartbeat(
    tmp_path: Path, person: Any
) -> None:
    """In Japanese: the frames stop passing either way, the browser still online (a phone's
    tunnel), new sockets refused meanwhile; the page's pings go unanswered, and it says so as for
    a closed socket; once frames pass again it is back, the move kept."""
    down = False

    def network(ws: WebSocketRoute) -> None:
        if down:
            ws.close()
            return
        server = ws.connect_to_server()
        ws.on_message(lambda message: None if down else server.send(message))
        server.on_message(lambda message: None if down else ws.send(message))

    with scenario_room(tmp_path / "db.sqlite", "extreme-mission", EM, "silent", TOKEN) as link:
        ann = person("silent-frames", "ja", {"width": 1280, "height": 800})
        page = ann.page
        page.route_web_socket(re.compile(r"/ws/rooms/"), network)
        open_table(page, link)
        build(page, "M1-04", DEAD_DROP[:1])
        chosen = page.evaluate("window.bodoge.building.chosen")
        down = True
        silent_loss(page, "ja", chosen)
        down = False
        recovered(page, chosen)
        ann.errors = [e for e in ann.errors if not any(word in e for word in NO_NETWORK)]


def test_a_socket_that_opens_and_brings_nothing_is_tried_again(tmp_path: Path, person: Any) -> None:
    """The room's first socket opens and brings no frame (a connect that hangs: a proxy that
    answers and passes nothing on); the page gives it up within OPEN_WAIT (10 s) and the next
    socket, which passes, brings the table."""
    opened: list[WebSocketRoute] = []

    def network(ws: WebSocketRoute) -> None:
        opened.append(ws)
        if len(opened) > 1:
            server = ws.connect_to_server()
            ws.on_message(server.send)
            server.on_message(ws.send)
        # else open and silent: nothing is passed either way

    with scenario_room(tmp_path / "db.sqlite", "extreme-mission", EM, "hangs", TOKEN) as link:
        ann = person("hangs", "en", {"width": 1280, "height": 800})
        page = ann.page
        page.route_web_socket(re.compile(r"/ws/rooms/"), network)
        page.goto(link)
        page.wait_for_timeout(3000)
        assert len(opened) == 1 and page.evaluate("window.bodoge.frame") is None
        page.wait_for_function("window.bodoge.frame?.legal.length > 0", timeout=15000)
        assert len(opened) == 2
        expect(page.locator(".offline-banner")).to_be_hidden()
        ann.close()
        ann.errors = [e for e in ann.errors if not any(word in e for word in NO_NETWORK)]


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
