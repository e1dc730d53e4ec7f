"""The waiting room's invite link is copied where the clipboard API is missing: a page over plain
http at a LAN address (no secure context, so no ``navigator.clipboard``) had a Copy button that
did nothing and said nothing. Here the API is taken away from the page, as such a page has it."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import expect

from bodoge.core.i18n import text

NO_CLIPBOARD = "Object.defineProperty(Navigator.prototype, 'clipboard', { get: () => undefined })"


def waiting_room(who: Any, server: str, *scripts: str) -> str:
    """``who``'s new room with friends, its page without the clipboard API: its invite link."""
    page = who.page
    for script in (NO_CLIPBOARD, *scripts):
        page.add_init_script(script)
    page.goto(server + "/")
    page.wait_for_selector(".game-card")
    page.click("[data-create=extreme-mission]:not([data-bots])")
    page.wait_for_selector("#copy-invite")
    assert page.evaluate("navigator.clipboard") is None
    return str(page.inner_text("#invite-link"))


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_invite_link_is_copied_without_the_clipboard_api(
    server: str, person: Any, lang: str
) -> None:
    who = person(f"invite-{lang}", lang)
    who.context.grant_permissions(["clipboard-read", "clipboard-write"])
    link = waiting_room(who, server)
    who.page.click("#copy-invite")
    expect(who.page.locator(".toast")).to_have_text(text("web.room.copied", lang))
    reader = who.context.new_page()  # a page of the same browser, with the API, reads it back
    reader.goto(server + "/")
    assert reader.evaluate("navigator.clipboard.readText()") == link
    assert who.page.evaluate("document.activeElement.id") == "copy-invite"  # the focus kept


def test_a_link_that_cannot_be_copied_is_selected_to_copy(server: str, person: Any) -> None:
    """Where the browser will not copy at all, the link is selected and the page says so."""
    who = person("invite-refused", "ja")
    link = waiting_room(who, server, "document.execCommand = () => false")
    who.page.click("#copy-invite")
    expect(who.page.locator(".toast")).to_have_text(text("web.room.copy_yourself", "ja"))
    assert who.page.evaluate("getSelection().toString()") == link
