"""``bodoge serve --root-path /bodoge`` in a real browser, opened at http://127.0.0.1:PORT/bodoge/
as a proxy would pass it on: the lobby, a room's invite link, a game against a bot, the rules and
a companion table, with no console error and no request outside the prefix."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from playwright.sync_api import expect
from test_table import frame, open_lobby, play_against_bots, step_once
from web_helpers import Served

TURNS = 4  # played until the game's fourth turn: the person's first whole turn and the bot's


def test_a_game_the_rules_and_a_companion_under_a_path_prefix(tmp_path: Path, person: Any) -> None:
    served = Served(tmp_path / "bodoge.sqlite", root_path="/bodoge")
    served.start()
    who = person("under-root")
    page = who.page
    asked: list[str] = []  # every address the pages ask for, websockets too
    who.context.on("request", lambda r: asked.append(r.url))
    page.on("websocket", lambda ws: asked.append(ws.url))
    try:
        # A room with friends: its invite link is under the prefix.
        open_lobby(who, served.url, "Ann")
        page.click("[data-create=extreme-mission]:not([data-bots])")
        page.wait_for_selector(".waiting")
        room = page.url.rpartition("/r/")[2]
        assert page.url == f"{served.url}/r/{room}"
        expect(page.locator(".waiting code.link")).to_have_text(f"{served.url}/r/{room}")

        # Back to the lobby by the brand's link, and a game against a bot there.
        page.click(".bar .brand")
        page.wait_for_selector(".game-card")
        assert page.url == f"{served.url}/"
        play_against_bots(who, "extreme-mission", 2)
        assert page.url.startswith(f"{served.url}/r/")
        deadline = time.monotonic() + 90
        while (frame(page) or {}).get("view", {}).get("turn", 0) < TURNS:
            assert time.monotonic() < deadline, f"turn {frame(page)['view']['turn']} after 90 s"
            if step_once(who):
                page.wait_for_timeout(100)
            else:
                time.sleep(0.1)
        who.shot("room")

        # The rules, from the room's link (a new tab).
        with who.context.expect_page() as opened:
            page.click(".rules-link")
        rules = opened.value
        rules.wait_for_load_state()
        assert rules.url == f"{served.url}/rules/extreme-mission?lang=en"
        assert rules.locator("main.rules h1").count() == 1
        rules.close()

        # A companion table, from the lobby's link: made, joined by its websocket, counted.
        page.click(".bar .brand")
        page.click("a[data-companion=ruler-of-mana]")
        page.wait_for_url(f"{served.url}/companion/ruler-of-mana")
        page.select_option("select[name=players]", "2")
        page.get_by_role("button", name="Open a table").click()
        page.wait_for_url(f"{served.url}/companion/ruler-of-mana/*")
        expect(page.locator(".sync.on")).to_be_visible(timeout=15000)
        seat = page.locator('.seat-box[data-seat="1"]')
        seat.locator(".pad button", has_text="−1").first.click()
        expect(seat.locator(".life-count")).to_have_text("14")
        expect(page.locator(".sync.on")).to_be_visible(timeout=15000)
        who.shot("companion")
    finally:
        who.close()
        served.stop()
    ours = (f"{served.url}/", served.url.replace("http://", "ws://") + "/")
    assert asked and not [a for a in asked if not a.startswith(ours)], asked
    assert any("/bodoge/ws/rooms/" in a for a in asked), asked
    assert any("/bodoge/ws/companion/" in a for a in asked), asked
