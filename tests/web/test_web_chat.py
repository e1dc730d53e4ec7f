"""The room chat in a real browser: two people at one table, one writes and the other reads it;
what is written is shown as text, never as markup; on a phone 360 px wide the panel is folded
(it says how many lines are new) and nothing scrolls sideways; a spectator reads but cannot
write; a half-written line survives the page being redrawn; after a reload only the lines come
since the chat was read are new."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Page, expect
from test_table import open_lobby
from web_helpers import Watched

from bodoge.core.i18n import text

NARROW_PHONE = {"width": 360, "height": 740}
MARKUP = "<b>hi</b> & <img src=x onerror=alert(1)>"


def test_two_people_chat_at_the_table(server: str, person: Any) -> None:
    host, guest = person("chat-host"), person("chat-guest-ja", "ja", NARROW_PHONE)
    open_lobby(host, server, "Aki")
    host.page.select_option("#players-ruler-of-mana", "2")
    host.page.click("[data-create=ruler-of-mana]:not([data-bots])")
    host.page.wait_for_selector("main.room #chat .chat-form")  # chat already while waiting
    room_url = host.page.url
    guest.page.goto(room_url)
    guest.page.fill("#name", "Ben")
    guest.page.click("[data-take='1']")
    host.page.click("#start:not([disabled])")
    for who in (host, guest):
        who.page.wait_for_selector("main.table #chat")

    host.page.fill("#chat-input", MARKUP)
    host.page.press("#chat-input", "Enter")
    assert host.page.input_value("#chat-input") == ""

    # the phone: the panel is folded and counts the new line; opened, it shows it as text
    guest.page.wait_for_function("document.querySelector('#chat summary').innerText.includes('1')")
    assert guest.page.locator("#chat").get_attribute("open") is None
    assert "新着" in guest.page.inner_text("#chat summary")
    guest.no_sideways_scroll()
    guest.page.click("#chat summary")
    line = guest.page.locator("#chat .chat-line").last
    assert line.locator(".said").inner_text() == MARKUP
    assert line.locator(".who").inner_text() == "Aki"
    assert guest.page.locator("#chat b, #chat img").count() == 0
    # read: nothing new now (the count clears on the panel's toggle event, which runs after the
    # click returns, so the test waits for it rather than reading at once)
    guest.page.wait_for_function("document.querySelector('#chat summary').innerText === 'チャット'")
    guest.no_sideways_scroll()
    guest.shot("chat")

    guest.page.fill("#chat-input", "よろしく")
    guest.page.click(".chat-send")
    host.page.wait_for_selector("#chat .chat-line:has-text('よろしく')")
    assert "Ben" in host.page.locator("#chat .chat-line").last.inner_text()

    # a long line without spaces wraps on the phone instead of widening the page
    long = "x" * 300
    assert host.page.get_attribute("#chat-input", "maxlength") == "300"
    host.page.fill("#chat-input", long)
    host.page.press("#chat-input", "Enter")
    guest.page.wait_for_selector(f"#chat .said:text-is('{long}')")
    guest.no_sideways_scroll()

    # a spectator reads the chat, and is told why they cannot write
    watcher = person("chat-watcher")
    watcher.page.goto(room_url)
    watcher.page.wait_for_selector("#chat .chat-line:has-text('よろしく')")
    assert watcher.page.locator("#chat .chat-form").is_hidden()
    assert watcher.page.locator("#chat .chat-note").is_visible()

    # the page is redrawn (here by the language switch) while a line is being written: it stays
    host.page.fill("#chat-input", "half a line")
    host.page.click(".langs [lang=ja]")
    host.page.wait_for_function("document.querySelector('#chat summary').innerText === 'チャット'")
    assert host.page.input_value("#chat-input") == "half a line"
    host.shot("chat")


def chat_title(lang: str, unread: int = 0) -> str:
    title = text("web.chat.title", lang)
    return f"{title} · {text('web.chat.unread', lang, n=unread)}" if unread else title


def chat_shown(page: Page, lines: int, title: str) -> None:
    """Waits for the page to show ``lines`` chat lines, then for its panel's title."""
    page.wait_for_function(f"document.querySelectorAll('#chat .chat-line').length === {lines}")
    expect(page.locator("#chat summary")).to_have_text(title)


def test_a_reload_counts_as_new_only_the_lines_come_since_they_were_read(
    server: str, person: Any
) -> None:
    """Cai (a phone, the chat folded) writes a line, reads Ann's, folds the chat and reloads:
    nothing is new (it said "チャット · 新着 2", her own line too). A line Ann writes then is new,
    and still the only one after another reload. A page whose storage refuses the chat's mark
    counts from its own start (her own line never new), without an error."""
    ann, cai = person("unread-ann"), person("unread-cai", "ja", NARROW_PHONE)
    open_lobby(ann, server, "Ann")
    ann.page.select_option("#players-extreme-mission", "2")
    ann.page.click("[data-create=extreme-mission]:not([data-bots])")
    ann.page.wait_for_selector(".waiting")
    cai.page.goto(ann.page.url)
    cai.page.fill("#name", "Cai")
    cai.page.click("[data-take='1']")
    ann.page.click("#start:not([disabled])")
    for who in (ann, cai):
        who.page.wait_for_selector("main.table #chat")
    cai.page.evaluate("document.getElementById('chat').open = true")
    for who, said in ((cai, "こんばんは"), (ann, "hi")):
        who.page.fill("#chat-input", said)
        who.page.press("#chat-input", "Enter")
        cai.page.wait_for_selector(f"#chat .said:text-is('{said}')")
    cai.page.evaluate("document.getElementById('chat').open = false")
    chat_shown(cai.page, 2, chat_title("ja"))

    cai.page.reload()
    chat_shown(cai.page, 2, chat_title("ja"))
    assert cai.page.locator("#chat").get_attribute("open") is None  # folded on the phone
    marks = [k for k in cai.page.evaluate("Object.keys(localStorage)") if "chat" in k]
    assert marks == [f"bodoge.chat.read.{room_of(cai)}.1"], marks  # by seat, never the token

    ann.page.fill("#chat-input", "one more")
    ann.page.press("#chat-input", "Enter")
    chat_shown(cai.page, 3, chat_title("ja", 1))
    cai.page.reload()
    chat_shown(cai.page, 3, chat_title("ja", 1))
    cai.shot("unread-after-reload")

    # storage refusing the chat's mark (as private browsing or a full quota may): every line is
    # new to a spectator's fresh page, the panel still opens and reads them, no error
    dee = person("unread-dee", "ja", NARROW_PHONE)
    dee.page.add_init_script(REFUSING)
    dee.page.goto(ann.page.url)
    chat_shown(dee.page, 3, chat_title("ja", 3))
    dee.page.click("#chat summary")
    chat_shown(dee.page, 3, chat_title("ja"))
    ann.page.fill("#chat-input", "last")
    ann.page.press("#chat-input", "Enter")
    chat_shown(dee.page, 4, chat_title("ja"))  # open: read as it comes
    # so for Cai: all but her own line
    cai.page.add_init_script(REFUSING)
    cai.page.reload()
    chat_shown(cai.page, 4, chat_title("ja", 3))


REFUSING = """
for (const name of ["getItem", "setItem"]) {
  const kept = Storage.prototype[name];
  Storage.prototype[name] = function (key, ...rest) {
    if (String(key).startsWith("bodoge.chat")) throw new DOMException("refused", "SecurityError");
    return kept.call(this, key, ...rest);
  };
}
"""


def room_of(who: Watched) -> str:
    return who.page.url.split("/r/")[1].split("#")[0].split("?")[0]
