"""The companion in the browser: two phones in one room count a whole Ruler of Mana game to its
result (the server restarted in the middle, one phone offline for a while), and an Extreme
Mission table is set up, tracked and ranked."""

from __future__ import annotations

import json
import urllib.request
from typing import Any

import pytest
from playwright.sync_api import Page, expect
from web_helpers import PHONE, Served, rule_links

from bodoge.core.i18n import text

PHONE_360 = {"width": 360, "height": 760}


def life(page: Page, seat: int) -> Any:
    return page.locator(f'.seat-box[data-seat="{seat}"] .life-count')


def press(page: Page, seat: int, label: str) -> None:
    page.locator(f'.seat-box[data-seat="{seat}"] .pad button', has_text=label).first.click()


def synced(page: Page) -> None:
    expect(page.locator(".sync.on")).to_be_visible(timeout=15000)


def phones(person: Any, server: Served, game: str) -> tuple[Any, Any]:
    """Ann's phone (English) and Bo's (Japanese), 360 px wide, Ann on the setup form of ``game``
    with two players named."""
    ann = person("ann", "en", PHONE_360)
    bo = person("bo", "ja", PHONE_360)
    ann.page.goto(f"{server.url}/companion/{game}")
    ann.page.select_option("select[name=players]", "2")
    names = ann.page.locator(".names input")
    names.nth(0).fill("Ann")
    names.nth(1).fill("Bo")
    return ann, bo


def open_table(ann: Any, bo: Any, game: str) -> None:
    """Ann opens the table; Bo opens her link; both phones are in sync and fit the screen."""
    ann.page.get_by_role("button", name="Open a table").click()
    ann.page.wait_for_url(f"**/companion/{game}/*")
    bo.page.goto(ann.page.url)
    for phone in (ann, bo):
        synced(phone.page)
        phone.no_sideways_scroll()


def test_two_phones_count_a_ruler_of_mana_game_through_a_restart(
    own_server: Served, person: Any
) -> None:
    ann, bo = phones(person, own_server, "ruler-of-mana")
    a, b = ann.page, bo.page
    a.select_option("select[name=variant]", "expert")
    open_table(ann, bo, "ruler-of-mana")

    # Damage on one phone shows on the other; the expert cap keeps healing at 15 (RM-5.1).
    press(a, 1, "−1")
    expect(life(b, 1)).to_have_text("14")
    press(b, 0, "+1")
    expect(life(a, 0)).to_have_text("15")
    b.get_by_role("button", name="シールド+1").nth(1).click()  # Bo's shield absorbs the next hit
    # Ann sees the shield before she strikes: otherwise her blow may reach the server first.
    expect(a.locator('.seat-box[data-seat="1"] .badge.shield')).to_be_visible()
    press(a, 1, "−2")
    expect(life(b, 1)).to_have_text("13")
    # The hand penalty (RM-2.4) and undo of the last change.
    a.locator('.seat-box[data-seat="0"] .penalty').click()
    expect(life(b, 0)).to_have_text("13")
    b.get_by_role("button", name="取り消す").click()
    expect(life(a, 0)).to_have_text("15")

    # The server restarts in the middle; a phone counts offline and catches up.
    own_server.stop()
    expect(a.locator(".sync.off")).to_be_visible(timeout=15000)
    for _ in range(3):
        press(a, 0, "−1")
    expect(life(a, 0)).to_have_text("12")  # counted while offline
    own_server.start()
    synced(a)
    expect(life(b, 0)).to_have_text("12", timeout=20000)
    b.reload()
    expect(life(b, 0)).to_have_text("12")

    # Turns pass; Ann's blow brings Bo to 0: the finish bonus (RM-5.4) and the winner.
    # The start player is drawn at random: the turn passes from whoever has it to the other.
    before = a.locator(".seat-box.turn").get_attribute("data-seat")
    a.get_by_role("button", name="End the turn").click()
    after = "1" if before == "0" else "0"
    expect(b.locator(f'.seat-box[data-seat="{after}"] .badge.turn')).to_be_visible()
    assert b.locator("#new-game").count() == 0  # not while the game goes on
    for _ in range(6):
        press(b, 1, "−2")
    expect(life(a, 1)).to_have_text("1")
    press(b, 1, "−1")
    expect(a.locator(".panel.alert")).to_contain_text("Bo at 0 life")
    a.locator(".panel.alert .choices button", has_text="Ann").click()
    result_a = a.locator(".panel.result")
    expect(result_a).to_contain_text("Ann wins")
    expect(result_a).to_contain_text("the highest score")
    expect(result_a).to_contain_text("score 15")  # 12 life + the bonus of 3
    expect(b.locator(".panel.result")).to_contain_text("Annの勝ち")
    expect(b.locator(".panel.result")).to_contain_text("フィニッシュボーナス+3")
    # the next game is set up from the result (it had only Undo)
    expect(b.locator("#new-game")).to_have_text("新しいゲーム")
    b.click("#new-game")
    expect(b.locator("form").first).to_be_visible()  # the setup of a new table
    expect(b.locator(".panel.result")).to_have_count(0)
    assert b.url.endswith("/companion/ruler-of-mana")
    b.go_back()
    expect(b.locator(".panel.result")).to_contain_text("Annの勝ち")
    ann.shot("rm-result-en")
    bo.shot("rm-result-ja")
    for phone in (ann, bo):  # the reconnects refused while the server was down are expected
        phone.errors = [e for e in phone.errors if "ERR_CONNECTION_REFUSED" not in e]


def test_an_extreme_mission_table_is_set_up_tracked_and_ranked(
    own_server: Served, person: Any
) -> None:
    ann, bo = phones(person, own_server, "extreme-mission")
    a, b = ann.page, bo.page
    expect(a.locator("form.setup")).to_contain_text("most recently saw a spy")
    a.select_option("select[name=start_player]", label="2. Bo")  # Bo saw a spy last
    open_table(ann, bo, "extreme-mission")
    expect(a.locator(".mission")).to_have_count(12)
    expect(b.locator(".turn-line")).to_contain_text("Boの手番")

    # Ann's phone asks whose it is before it marks anything; she answers once.
    expect(a.locator(".marking.ask")).to_be_visible()
    a.get_by_role("button", name="Ann", exact=True).click()
    expect(a.locator(".marking.ask")).to_have_count(0)
    # Ann marks a mission of every level on her phone; one per level (EM-3.5).
    for level in range(4):
        a.locator(".level-row").nth(level).locator(".mission").first.click()
        expect(a.locator(".level-row").nth(level).locator(".mission[disabled]")).to_have_count(3)
    expect(b.locator(".seat-box[data-seat='0']")).to_contain_text("ミッション4")
    # Bo uses a collaborator and completes one level-2 mission on his phone.
    b.get_by_role("button", name="Bo", exact=True).click()
    hacker = b.locator(".seat-box[data-seat='1'] .collaborator[data-kind='HK']")
    expect(hacker).to_have_text("ハッカーオモテ")  # the collaborator's name in Bo's language
    hacker.click()
    b.locator(".level-row").nth(1).locator(".mission").nth(1).click()
    expect(a.locator(".seat-box[data-seat='1']")).to_contain_text("1 mission · 4 face up")
    expect(a.locator(".seat-box[data-seat='0']")).to_contain_text("4 missions · 5 face up")
    expect(a.locator(".seat-box[data-seat='0'] .badge.done")).to_be_visible()

    # Bo (the start player) ends his turn: the end condition is met, Ann's turn is the last.
    b.get_by_role("button", name="手番を終える").click()
    expect(a.locator(".panel.alert")).to_contain_text(
        "1 turn left, ending with Ann's turn (EM-5.2)"
    )
    assert rule_links(a, ".panel.alert") == ["EM-5.2"]
    a.get_by_role("button", name="End the turn").click()
    result = b.locator(".panel.result")
    expect(result).to_contain_text("Annの勝ち")
    expect(result.locator(".decided")).to_have_attribute("data-key", "missions")
    expect(a.locator(".panel.result")).to_contain_text("ahead on missions completed")
    assert rule_links(b, ".panel.result") == ["EM-5.3", "EM-5.4"]  # in Japanese
    expect(a.locator("#new-game")).to_have_attribute("href", "/companion/extreme-mission")
    ann.shot("em-result-en")
    bo.shot("em-result-ja")


def made(server: str, **body: Any) -> str:
    """A companion room made through the API: its page's address."""
    asked = urllib.request.Request(
        f"{server}/api/companion",
        json.dumps(body).encode(),
        {"Content-Type": "application/json"},
    )
    with urllib.request.urlopen(asked) as answer:
        return f"{server}{json.load(answer)['url']}"


def test_an_extreme_mission_phone_asks_its_seat_once_per_room_in_its_own_words(
    server: str, person: Any
) -> None:
    first = made(server, game="extreme-mission", players=2, names=["Ann", None])
    second = made(server, game="extreme-mission", players=2, names=["Ann", None])
    bo = person("bo", "ja", PHONE_360)
    b = bo.page
    b.goto(first)
    synced(b)
    # No seat is marked for until the phone says whose it is; the table lays out these cards.
    expect(b.locator(".marking.ask")).to_contain_text("このスマホは誰の席")
    expect(b.locator(".mission:not([disabled])")).to_have_count(0)
    expect(b.locator(".lay-out")).to_contain_text("12枚のミッション")
    bo.shot("em-ask-ja")
    b.get_by_role("button", name="プレイヤー2", exact=True).click()  # an unnamed seat, in Japanese
    expect(b.locator(".mission:not([disabled])")).to_have_count(12)
    collaborators = b.locator(".seat-box[data-seat='1'] .collaborator")
    expect(collaborators.first).to_have_text("ハッカーオモテ")
    assert "HK" not in collaborators.first.inner_text()
    b.reload()
    synced(b)
    expect(b.locator(".marking.ask")).to_have_count(0)  # kept for this room
    expect(b.locator(".marking button[aria-pressed=true]")).to_have_text("プレイヤー2")
    b.goto(second)
    synced(b)
    expect(b.locator(".marking.ask")).to_be_visible()  # another room: asked again
    bo.no_sideways_scroll()


def test_a_table_that_dealt_its_own_missions_enters_them_on_a_phone(
    server: str, person: Any
) -> None:
    table = made(server, game="extreme-mission", players=2, names=["Ann", "Bo"])
    bo = person("bo", "ja", PHONE)
    ann = person("ann", "en", PHONE_360)
    b, a = bo.page, ann.page
    b.goto(table)
    a.goto(table)
    synced(b)
    # With no answer for the card set's missions the picker stays shut, and says why in the
    # catalogue's words (not the browser's own "Failed to fetch"); asked again, it opens.
    for phone, lang, name in ((a, "en", "We dealt our own"), (b, "ja", "自分たちで配った")):
        phone.route("**/missions?lang=*", lambda route: route.abort())
        phone.get_by_role("button", name=name).click()
        expect(phone.locator(".toast")).to_have_text(text("companion.em.pick_unreached", lang))
        expect(phone.locator(".picker")).to_have_count(0)
        phone.unroute_all()
    for who in (ann, bo):
        who.errors = [e for e in who.errors if "ERR_FAILED" not in e]  # the aborted requests
    b.get_by_role("button", name="自分たちで配ったミッションを入力する").click()
    picker = b.locator(".picker")
    expect(picker.locator(".mission")).to_have_count(32)  # every mission of the card set
    enter = b.get_by_role("button", name="この12枚を入力する")
    expect(enter).to_be_disabled()
    for level in range(4):  # the last three of each level: M1-06 … M4-08
        row = picker.locator(".level-row").nth(level)
        for i in (5, 6, 7):
            row.locator(".mission").nth(i).click()
        expect(row.locator("h3")).to_have_text(f"レベル{level + 1}：3枚中3枚")
        expect(row.locator(".mission[disabled]")).to_have_count(5)  # a full level takes no more
    first = picker.locator(".level-row").first
    first.locator(".mission").nth(5).click()  # tapped again: its place is free
    expect(first.locator(".mission[disabled]")).to_have_count(0)
    expect(enter).to_be_disabled()
    first.locator(".mission").nth(5).click()
    expect(first.locator(".mission[aria-pressed=true]")).to_have_count(3)
    bo.no_sideways_scroll()
    bo.shot("em-own-deal-picker-ja")
    enter.click()

    expect(b.locator(".lay-out")).to_have_text(
        "自分たちで配った12枚のミッションです（各レベルの列）。"
    )
    expect(a.locator(".lay-out")).to_contain_text("your table dealt itself")  # Ann's phone too
    own = [f"M{level}-0{i}" for level in (1, 2, 3, 4) for i in (6, 7, 8)]
    for phone in (b, a):
        laid = phone.locator(".missions .mission")
        expect(laid).to_have_count(12)
        assert [laid.nth(i).get_attribute("data-mission") for i in range(12)] == own
    expect(a.get_by_role("button", name="Change the missions entered")).to_be_visible()
    b.locator(".history summary").click()
    expect(b.locator(".history li").first).to_have_text("自分たちで配った12枚のミッションを入力")
    bo.no_sideways_scroll()
    bo.shot("em-own-deal-laid-ja")
    # Once a cube is on a mission the laid ones stay (EM-1.1): the way to enter them is gone.
    b.get_by_role("button", name="Bo", exact=True).click()
    b.locator(".missions .mission").first.click()
    expect(a.locator(".seat-box[data-seat='1']")).to_contain_text("1 mission")
    expect(a.get_by_role("button", name="Change the missions entered")).to_have_count(0)


# The width of each line the picker's button to enter the missions takes, in pixels.
LINES = """() => {
  const words = document.createRange();
  words.selectNodeContents(document.querySelector(".pick-bar .primary"));
  return [...words.getClientRects()].map((line) => Math.round(line.width));
}"""


@pytest.mark.parametrize(("lang", "width"), [("en", 390), ("ja", 390), ("en", 360), ("ja", 360)])
def test_the_mission_pickers_bar_fits_a_phone(
    server: str, person: Any, lang: str, width: int
) -> None:
    table = made(server, game="extreme-mission", players=2, names=["Ann", "Bo"])
    who = person(f"pick-bar-{lang}-{width}", lang, {"width": width, "height": 800})
    page = who.page
    page.goto(table)
    synced(page)
    page.get_by_role("button", name=text("companion.em.own_deal", lang)).click()
    bar = page.locator(".pick-bar")
    expect(bar.locator(".primary")).to_have_text(text("companion.em.pick_confirm", lang, total=12))
    enter = bar.locator(".primary").bounding_box()
    cancel = bar.get_by_role("button", name=text("companion.em.pick_cancel", lang)).bounding_box()
    assert enter and cancel and enter["x"] + enter["width"] < cancel["x"]  # side by side
    lines = page.evaluate(LINES)
    # One line on a 390 px phone; narrower, two even lines ("Enter these / 12 missions"), not
    # a word left alone on the second.
    if lang == "ja" or width == 390:
        assert len(lines) == 1, lines
    else:
        assert len(lines) == 2 and min(lines) / max(lines) > 0.75, lines
    who.no_sideways_scroll()
    bar.screenshot(path=str(who.shots / f"pick-bar-{lang}-{width}.png"))


def test_the_history_stays_open_and_says_what_was_undone_and_how_the_game_ended(
    server: str, person: Any
) -> None:
    ann = person("ann", "en", PHONE_360)
    a = ann.page
    a.goto(made(server, game="ruler-of-mana", players=2, names=["Aki", None]))
    synced(a)
    expect(a.locator(".variant-line")).to_have_text("Rules: Basic")
    expect(a.locator(".stepper-label")).to_have_text("Amount of the −2 and +2 buttons")
    summary = a.locator(".history summary")
    marker = "getComputedStyle(document.querySelector('.history summary'), '::before').content"
    assert a.evaluate(marker) == '"▸"'
    summary.click()
    press(a, 0, "+2")
    history = a.locator(".history")
    expect(history.locator("li")).to_have_count(1)
    expect(history).to_have_attribute("open", "")  # still open after the redraw
    a.get_by_role("button", name="Undo").click()
    expect(history.locator("li").first).to_have_text("undo: Aki: +2 life")
    for _ in range(8):
        press(a, 1, "−2")
    expect(life(a, 1)).to_have_text("0")
    expect(a.locator(".panel.alert")).to_contain_text("Player 2 at 0 life")  # unnamed: worded
    a.locator(".panel.alert .choices button", has_text="Aki").click()
    expect(history.locator("li").first).to_have_text(
        "game ended by a knock-out: Aki's card dealt the blow"
    )
    expect(a.locator(".panel.result .who").nth(1)).to_have_text("Player 2")
    ann.shot("rm-history-en")


def test_the_setup_form_keeps_what_was_entered_and_takes_a_code_or_a_link(
    server: str, person: Any, tmp_path: Any
) -> None:
    ann = person("ann", "en", PHONE_360)
    a = ann.page
    a.goto(f"{server}/companion/extreme-mission")
    a.select_option("select[name=players]", "3")
    a.locator(".names input").nth(0).fill("Ann")
    a.locator(".names input").nth(2).fill("Cy")
    a.select_option("select[name=start_player]", "2")
    picker = a.locator(".file-pick")
    expect(picker).to_contain_text("Choose a file")
    cards = tmp_path / "my-cards.toml"
    cards.write_text("# mine\n", encoding="utf-8")
    a.set_input_files("input[name=cards]", str(cards))
    expect(picker).to_contain_text("my-cards.toml")
    a.get_by_role("button", name="日本語").click()
    expect(a.locator("form.setup")).to_contain_text("スタートプレイヤー")
    expect(a.locator("select[name=players]")).to_have_value("3")
    names = a.locator(".names input")
    assert [names.nth(i).input_value() for i in range(3)] == ["Ann", "", "Cy"]
    expect(names.nth(1)).to_have_attribute("placeholder", "プレイヤー2")
    expect(a.locator("select[name=start_player]")).to_have_value("2")
    expect(picker).to_contain_text("ファイルを選ぶ")
    expect(picker).to_contain_text("my-cards.toml")  # the file chosen is kept too
    ann.shot("setup-kept-ja")
    # A whole link pasted in the join box opens that table (of whichever game it is).
    room = made(server, game="ruler-of-mana", players=2)
    a.locator("input[name=code]").fill(f"  {room}  ")
    a.get_by_role("button", name="入る").click()
    a.wait_for_url(room)
    synced(a)
    a.goto(f"{server}/companion/ruler-of-mana")
    a.locator("input[name=code]").fill(room.rsplit("/", 1)[1].upper())
    a.get_by_role("button", name="入る").click()
    a.wait_for_url(room)
    # The code as it is shown and read aloud, in two groups of five: typed so, with spaces and
    # capitals, or with a Japanese keyboard's full-width letters, it opens the table too.
    code = room.rsplit("/", 1)[1]
    shown = f"{code[:5]}-{code[5:]}"
    expect(a.locator(".share")).to_contain_text(shown)
    wide = "".join(chr(ord(ch) + 0xFEE0) for ch in shown.upper())
    for typed in (f" {code[:5].upper()} - {code[5:]} ", wide):
        a.goto(f"{server}/companion/ruler-of-mana")
        a.locator("input[name=code]").fill(typed)
        a.get_by_role("button", name="入る").click()
        a.wait_for_url(room)
        synced(a)


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_table_opened_with_the_server_down_says_so_in_the_pages_words_and_keeps_the_form(
    own_server: Served, person: Any, lang: str
) -> None:
    ann = person(f"create-down-{lang}", lang, PHONE)
    a = ann.page
    a.goto(f"{own_server.url}/companion/ruler-of-mana")
    a.locator(".names input").nth(0).fill("Ann")
    own_server.stop()
    create = a.get_by_role("button", name=text("companion.create", lang))
    create.click()
    # the catalogue's words in the page's language, not the browser's own "Failed to fetch"
    expect(a.locator(".toast")).to_have_text(text("companion.create_unreached", lang))
    expect(a.locator(".names input").nth(0)).to_have_value("Ann")  # nothing lost
    ann.no_sideways_scroll()
    ann.shot(f"create-down-{lang}")
    own_server.start()
    create.click()
    a.wait_for_url("**/companion/ruler-of-mana/*")
    synced(a)
    expect(a.locator(".seat-box").first).to_contain_text("Ann")
    ann.errors = [e for e in ann.errors if "ERR_CONNECTION_REFUSED" not in e]  # the server down


def test_a_room_of_the_other_game_is_redirected_and_a_missing_one_says_so_once(
    server: str, person: Any
) -> None:
    ann = person("ann", "ja", PHONE_360)
    a = ann.page
    room = made(server, game="ruler-of-mana", players=2)
    a.goto(room.replace("ruler-of-mana", "extreme-mission"))
    a.wait_for_url(room)
    synced(a)
    expect(life(a, 0)).to_have_text("15")
    sockets: list[str] = []
    a.on("websocket", lambda ws: sockets.append(ws.url))
    a.goto(f"{server}/companion/ruler-of-mana/nosuchroom")
    message = a.locator(".no-room")
    expect(message).to_contain_text("卓nosuchroomはありません")
    a.wait_for_timeout(3000)  # no reconnecting: a socket at most (the page came as a 404), no toast
    assert len(sockets) <= 1 and a.locator(".toast").count() == 0
    message.get_by_role("link").click()
    a.wait_for_url(f"{server}/companion/ruler-of-mana")
    expect(a.locator("form.setup")).to_be_visible()
    ann.shot("no-room-ja")
    ann.errors = [e for e in ann.errors if "404" not in e]  # the page of a missing room is a 404


# What a page shows, noted at every change of the page: a table drawn, the missing room's panel,
# a toast (each true once it has been seen at all).
SEEN = """
window.seen = {table: false, noRoom: false, toast: false};
new MutationObserver(() => {
  window.seen.table ||= Boolean(document.querySelector(".seat-box"));
  window.seen.noRoom ||= Boolean(document.querySelector(".no-room"));
  window.seen.toast ||= Boolean(document.querySelector(".toast"));
}).observe(document, {subtree: true, childList: true});
"""


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_phone_holding_a_table_the_server_no_longer_has_says_it_is_gone_once(
    own_server: Served, person: Any, lang: str
) -> None:
    table = made(own_server.url, game="ruler-of-mana", players=2, names=["Ann", "Bo"])
    room = table.rsplit("/", 1)[1]
    ann = person(f"gone-{lang}", lang, PHONE)
    a = ann.page
    a.context.add_init_script(SEEN)
    a.goto(table)
    synced(a)
    press(a, 0, "−1")
    expect(a.locator(".sync.on")).to_be_visible()
    kept = a.evaluate("JSON.stringify(localStorage)")
    # The server's tables are wiped (its database replaced) while the phone is open.
    own_server.stop()
    for stored in own_server.db.parent.glob(own_server.db.name + "*"):
        stored.unlink()
    own_server.start()
    gone = a.locator(".no-room")
    said = text("companion.room_gone", lang, room=room)
    expect(gone.locator("p").first).to_have_text(said, timeout=20000)
    expect(gone.get_by_role("link")).to_have_text(text("companion.no_room_back", lang))
    expect(a.locator(".seat-box")).to_have_count(0)
    assert not a.evaluate("window.seen.toast")  # said once: in the panel, not in a toast too
    assert a.evaluate(f"localStorage.getItem('bodoge.companion.{room}')") is None
    ann.no_sideways_scroll()
    ann.shot(f"gone-{lang}")
    # Opened again with the old table still in the phone's storage: never drawn, said once.
    a.evaluate(
        "kept => { for (const [k, v] of Object.entries(JSON.parse(kept))) localStorage[k] = v; }",
        kept,
    )
    a.reload()
    expect(gone.locator("p").first).to_have_text(said)
    a.wait_for_timeout(1000)
    assert a.evaluate("window.seen") == {"table": False, "noRoom": True, "toast": False}
    gone.get_by_role("link").click()
    a.wait_for_url(f"{own_server.url}/companion/ruler-of-mana")
    expect(a.locator("form.join")).to_be_visible()
    # the reconnects refused while the server was down, and the page of a gone room (a 404)
    ann.errors = [e for e in ann.errors if "ERR_CONNECTION_REFUSED" not in e and "404" not in e]


def test_the_lobby_leads_to_the_companions_and_words_its_file_chooser(
    server: str, person: Any
) -> None:
    aki = person("aki", "ja", PHONE_360)
    a = aki.page
    a.goto(f"{server}/")
    line = a.locator(".companion-line")
    expect(line).to_contain_text("実物のカードで遊ぶなら")
    expect(a.locator(".game-card.ruler-of-mana .file-pick")).to_contain_text("ファイルを選ぶ")
    a.locator(".game-card.ruler-of-mana input[name=cards]").focus()  # still reachable by keys
    line.locator("[data-companion=extreme-mission]").click()
    a.wait_for_url(f"{server}/companion/extreme-mission")
    a.goto(f"{server}/companion")
    expect(a.locator(".companion-choice")).to_have_count(2)
    a.locator(".companion-choice[data-game=ruler-of-mana] h2 a").click()
    a.wait_for_url(f"{server}/companion/ruler-of-mana")
    expect(a.locator("form.setup")).to_be_visible()
