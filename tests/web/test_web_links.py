"""Links a person may mistype or be sent, in a real browser: a bad or unknown room link gives the
page's own translated "no such room" with a way back to the lobby (no console error, nothing
wider than a phone), and the rules pages' links go to pages that exist."""

from __future__ import annotations

from typing import Any

from web_helpers import PHONE

from bodoge.core.i18n import text

BAD_ROOMS = (
    "/r/%E0%A4%A",  # not UTF-8 once decoded
    "/r/" + "x" * 300,
    "/r/",
    "/r/a/b",
    "/r/<script>alert(1)</script>",
    "/r/%3Cscript%3Ealert(1)%3C%2Fscript%3E",
    "/r/nosuchroom",
)


def test_a_bad_room_link_says_no_such_room_with_a_way_back(server: str, person: Any) -> None:
    for lang in ("en", "ja"):
        who = person(f"bad-room-{lang}", lang, PHONE)
        for path in BAD_ROOMS:
            who.page.goto(server + path)
            who.page.wait_for_selector(".no-room", timeout=5000)
            who.page.wait_for_timeout(300)  # a toast or a late error would show by now
            said = who.page.inner_text(".no-room")
            assert text("web.room.none", lang) in said, path
            assert who.page.locator(".no-room a[href='/']").count() == 1, path
            assert who.page.locator(".toast").count() == 0, (path, who.page.inner_text("body"))
            who.no_sideways_scroll()
        who.shot("no-room")
