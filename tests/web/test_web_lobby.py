"""The lobby in a real browser: its first paint before any script has come, the rooms' list that
the rest of the lobby does not wait for (who sits in each room, rooms full and between games, a
leaver's seat free between games), one room for one (double) click on create, and each game's
banner drawn as a hand of its cards."""

from __future__ import annotations

import json
import urllib.request
from typing import Any

from playwright.sync_api import Page, Request, Route, expect
from web_helpers import DESKTOP, PHONE, Served, finished_game, play_out, post

from bodoge.core.i18n import text


def rooms_at(server: str) -> set[str]:
    with urllib.request.urlopen(server + "/api/rooms", timeout=10) as answer:
        return {r["room"] for r in json.loads(answer.read())["rooms"]}


def creations(page: Page) -> list[str]:
    """The rooms the page asks to make from now on (``POST /api/rooms``), as they are asked."""
    sent: list[str] = []

    def seen(request: Request) -> None:
        if request.method == "POST" and request.url.endswith("/api/rooms"):
            sent.append(request.url)

    page.on("request", seen)
    return sent


def test_the_lobby_says_it_is_loading_before_its_script_comes(server: str, person: Any) -> None:
    """Its own HTML shows the bar and "loading" in the page's language (the one chosen, else the
    browser's), the other language's line hidden: lobby.js held back here (a slow network left
    the page blank for 13 s)."""
    cases = (("ja", None, None), ("en", None, None), ("ja", "en", None), ("en", "ja", None))
    # and an address that asks for a language (?lang=, as the rules pages link): it wins
    for lang, chosen, asked in (*cases, ("en", "en", "ja"), ("ja", None, "en")):
        who = person(f"first-{lang}-{chosen}-{asked}", lang)
        page = who.page
        if chosen:
            page.add_init_script(f"localStorage.setItem('bodoge.lang', '{chosen}')")
        page.route(
            "**/static/lobby.js",
            lambda route: route.fulfill(body="", content_type="text/javascript"),
        )
        page.goto(server + (f"/?lang={asked}" if asked else "/"))
        shown = asked or chosen or lang
        loading = page.locator(".loading:visible")
        assert loading.all_inner_texts() == [text("web.lobby.loading", shown)]
        assert page.locator(".bar .brand").is_visible()
        assert page.locator(".bar .tagline:visible").inner_text() == text(
            "web.lobby.tagline", shown
        )
        assert page.locator("html").get_attribute("lang") == shown
        assert page.locator("#app").get_attribute("aria-busy") == "true"
        if lang == "ja" and chosen is None:
            who.shot("frame")


def test_an_address_that_asks_for_a_language_opens_the_lobby_in_it(
    server: str, person: Any
) -> None:
    """`/?lang=ja` (a link shared, the rules pages' way back) opens the lobby in Japanese for a
    browser in English, and keeps it chosen; the switch then wins over the address on reload."""
    page = person("asks-ja", "en").page
    page.goto(server + "/?lang=ja")
    page.wait_for_selector(".game-card")
    tagline = page.locator(".bar .tagline:visible")
    assert page.locator("html").get_attribute("lang") == "ja"
    assert tagline.inner_text() == text("web.lobby.tagline", "ja")
    page.goto(server + "/")  # kept as chosen
    page.wait_for_selector(".game-card")
    assert tagline.inner_text() == text("web.lobby.tagline", "ja")
    page.goto(server + "/?lang=ja")
    page.wait_for_selector(".game-card")
    page.click(".langs button[lang=en]")
    page.wait_for_function("document.documentElement.lang === 'en'")
    assert page.url.endswith("/?lang=en")  # a reload keeps what the switch chose
    page.reload()
    page.wait_for_selector(".game-card")
    assert tagline.inner_text() == text("web.lobby.tagline", "en")
    # a rules page read in Japanese leads back to the lobby in Japanese
    reader = person("rules-ja", "en").page
    reader.goto(server + "/rules/extreme-mission?lang=ja")
    reader.click(".bar .brand")
    reader.wait_for_selector(".game-card")
    assert reader.locator("html").get_attribute("lang") == "ja"
    assert reader.locator(".game-card h2").first.inner_text() == "エクストリームミッション"


def test_the_lobby_is_drawn_before_the_rooms_list_comes(server: str, person: Any) -> None:
    """The games, then the rooms where they come: a slow list of rooms does not keep the lobby
    blank (the lobby asked for its texts, the games and the rooms one after another)."""
    who = person("rooms-later")
    page = who.page
    held: list[Route] = []
    page.route("**/api/rooms", lambda route: held.append(route))
    page.goto(server + "/")
    page.wait_for_selector(".game-card")
    assert held, "the rooms were asked for"
    assert page.inner_text(".rooms .loading-rooms") == text("web.lobby.loading", "en")
    assert page.locator("#app").get_attribute("aria-busy") is None
    page.fill("#name", "Kei")  # typed while the list comes: kept
    page.fill("#join", "abc")
    held[0].continue_()
    page.wait_for_selector(".rooms .loading-rooms", state="detached")
    assert page.locator(".rooms .open-rooms, .rooms p.muted").count() >= 1
    assert page.input_value("#name") == "Kei" and page.input_value("#join") == "abc"


def test_a_double_click_on_create_makes_one_room(server: str, person: Any) -> None:
    """Against bots and with friends: one double click, one request, one room (it made two); the
    buttons stay disabled until the page is the room's."""
    for which in (
        "[data-create=extreme-mission][data-bots]",
        "[data-create=ruler-of-mana]:not([data-bots])",
    ):
        who = person("double")
        page = who.page
        page.goto(server + "/")
        page.wait_for_selector(".game-card")
        posts = creations(page)
        before = rooms_at(server)
        page.locator(which).dblclick()
        page.wait_for_url("**/r/**")
        page.wait_for_selector(".table, .waiting")
        made = rooms_at(server) - before
        assert len(posts) == 1 and len(made) == 1, (which, posts, made)
        assert page.url.endswith(f"/r/{made.pop()}")


def test_create_is_disabled_while_asked_and_a_refusal_says_why(server: str, person: Any) -> None:
    """While the room is being made every create button is disabled; a refusal enables them
    again and says why, and the next click makes the room."""
    who = person("refused")
    page = who.page
    held: list[Route] = []

    def hold_the_first(route: Route) -> None:
        if route.request.method == "POST" and not held:
            held.append(route)
        else:
            route.continue_()

    page.route("**/api/rooms", hold_the_first)
    page.goto(server + "/")
    page.wait_for_selector(".game-card")
    page.click("[data-create=extreme-mission]:not([data-bots])")
    page.wait_for_function("document.querySelectorAll('[data-create]:not(:disabled)').length === 0")
    assert held and page.locator("[data-create]").count() == 4
    refusal = json.dumps({"error": "the database is busy"})
    held[0].fulfill(status=503, content_type="application/json", body=refusal)
    page.wait_for_selector(".toast:has-text('the database is busy')")
    assert page.locator("[data-create]:disabled").count() == 0
    assert all("503" in e for e in who.errors), who.errors  # the browser's line for a refusal
    who.errors.clear()
    page.click("[data-create=extreme-mission]:not([data-bots])")
    page.wait_for_selector(".waiting")


LONG = "Wolfeschlegelsteinhausenbergerdo"  # 32 characters, the most a name may have
LISTS = ("open-rooms", "playing-rooms")


def test_the_lobby_shows_who_sits_in_each_room_and_rooms_full_or_between_games(
    own_server: Served, person: Any
) -> None:
    """Each room's line names its seats' people and bots as the table does ("easy bot 2"), as
    text, a long name cut with an ellipsis; a room full but not started is listed as full, one
    whose game is over (no rematch yet) as between games, to watch. Before, a line said only
    "room … · 3/4 seats", and both the full room and the one between games were left out ("No
    open rooms yet")."""
    server = own_server.url
    over, _ = finished_game(server)  # Ann against random bots, its result shown
    waiting = post(f"{server}/api/rooms", {"game": "extreme-mission", "players": 3, "name": LONG})
    post(f"{server}/api/rooms/{waiting['room']}/seats/1/bot", {"level": "easy"}, waiting["token"])
    full = post(f"{server}/api/rooms", {"game": "ruler-of-mana", "players": 2, "name": "Ann"})
    post(f"{server}/api/rooms/{full['room']}/seats/1", {"name": "<b>Ben</b>"})
    sep = {"en": ", ", "ja": "、"}
    for lang, viewport in (("ja", PHONE | {"width": 360}), ("en", DESKTOP | {"width": 1280})):
        who = person(f"people-{lang}", lang, viewport)
        page = who.page
        page.goto(server + "/")
        page.wait_for_selector(".rooms ul")
        lists = {w: "".join(page.locator(f".rooms .{w}").all_inner_texts()) for w in LISTS}
        assert waiting["room"] in lists["open-rooms"] and full["room"] in lists["open-rooms"], lists
        assert over in lists["playing-rooms"], lists

        def line(room: str, where: str, page: Page = page) -> str:
            return page.inner_text(f".rooms .{where} [data-room='{room}'] .room-people")

        def bot(level: str, seat: int, lang: str = lang) -> str:  # named as counted from 1
            return text("web.seat_bot", lang, bot=text(f"web.bot.{level}", lang), n=seat + 1)

        assert line(waiting["room"], "open-rooms") == LONG + sep[lang] + bot("easy", 1)
        assert line(full["room"], "open-rooms") == "Ann" + sep[lang] + "<b>Ben</b>"
        assert page.locator(".room-people b").count() == 0  # a name is text, never HTML
        people = ["Ann", bot("random", 1), bot("random", 2)]
        assert line(over, "playing-rooms") == sep[lang].join(people)
        status = ".room-status"
        assert page.inner_text(f"[data-room='{full['room']}'] {status}") == text(
            "web.lobby.room_full", lang
        )
        assert page.inner_text(f"[data-room='{over}'] {status}") == text(
            "web.lobby.between_games", lang
        )
        long = page.locator(f"[data-room='{waiting['room']}'] .who").first
        assert long.get_attribute("title") == LONG  # whole, on a pointer's hover
        if lang == "ja":  # cut at a phone's width, with an ellipsis
            cut = long.evaluate(
                "e => [e.scrollWidth > e.clientWidth, getComputedStyle(e).textOverflow]"
            )
            assert cut == [True, "ellipsis"], cut
        who.no_sideways_scroll()
        who.shot("rooms")


def test_the_lobby_offers_the_free_seat_of_someone_who_left_between_games(
    own_server: Served, person: Any
) -> None:
    """A room whose game is over, someone having left it, has their seat free for the next game
    (the room's page offers it): the lobby lists it under open rooms, waiting for players, as an
    open room with a free seat, the seat neither counted nor named; once taken, the room is
    between games again, to watch. Before, it was listed between games alone."""
    server = own_server.url
    made = post(f"{server}/api/rooms", {"game": "ruler-of-mana", "players": 3, "name": "Ann"})
    room, ann = made["room"], made["token"]
    ben = post(f"{server}/api/rooms/{room}/seats/1", {"name": "Ben"})["token"]
    post(f"{server}/api/rooms/{room}/seats/2/bot", {"level": "random"}, ann)
    post(f"{server}/api/rooms/{room}/start", {"start_player": 0}, ann)
    post(f"{server}/api/rooms/{room}/leave", {}, ben)  # an easy bot plays Ben's seat on
    play_out(server, room, ann)
    sep = {"en": ", ", "ja": "、"}
    for lang, viewport in (("ja", PHONE), ("en", DESKTOP)):
        who = person(f"free-{lang}", lang, viewport)
        page = who.page
        page.goto(server + "/")
        line = page.locator(f".rooms .open-rooms [data-room='{room}']")
        expect(line).to_have_count(1)
        assert page.locator(f".rooms .playing-rooms [data-room='{room}']").count() == 0
        assert line.get_attribute("class") == "room-line open"
        assert line.locator(".room-status").inner_text() == text("web.status.open", lang)
        said = text("web.lobby.room_line", lang, room=room, taken=2, players=3)
        expect(line).to_contain_text(said)
        random = text("web.seat_bot", lang, bot=text("web.bot.random", lang), n=3)  # seat 2
        assert line.locator(".room-people").inner_text() == "Ann" + sep[lang] + random
        who.no_sideways_scroll()
        who.shot("free-seat")
        line.locator("a").click()  # the room's page offers the seat
        page.wait_for_selector(".result .free-seats [data-take='1']")
    post(f"{server}/api/rooms/{room}/seats/1", {"name": "Cat"})
    page.goto(server + "/")
    line = page.locator(f".rooms .playing-rooms [data-room='{room}']")
    expect(line.locator(".room-status")).to_have_text(text("web.lobby.between_games", "en"))
    assert page.locator(f".rooms .open-rooms [data-room='{room}']").count() == 0


def test_the_lobby_leaves_out_a_game_nobody_has_been_at_for_long(
    own_server: Served, person: Any
) -> None:
    """A game against a bot whose one person closed the page long ago (an hour, as the room's
    summary says of the seat: here the list is aged on its way) is no game to watch: the lobby
    leaves it out, and keeps one whose person was there five minutes ago. Before, the lobby
    listed both, a given-up game for days, until the server closed it."""
    server = own_server.url
    rooms = []
    for name in ("Ann", "Ben"):
        made = post(f"{server}/api/rooms", {"game": "extreme-mission", "players": 2, "name": name})
        post(f"{server}/api/rooms/{made['room']}/seats/1/bot", {"level": "random"}, made["token"])
        post(f"{server}/api/rooms/{made['room']}/start", {"start_player": 0}, made["token"])
        rooms.append(made["room"])
    given_up, kept = rooms

    def aged(route: Route) -> None:
        listed = route.fetch().json()
        for room in listed["rooms"]:
            for seat in room["seats"]:
                if seat["name"] and not seat["bot"]:
                    seat["away"] = 3600 if room["room"] == given_up else 300
        route.fulfill(json=listed)

    who = person("given-up")
    page = who.page
    page.route("**/api/rooms", aged)
    page.goto(server + "/")
    playing = page.locator(".rooms .playing-rooms")
    expect(playing.locator(f"[data-room='{kept}']")).to_have_count(1)
    assert playing.locator(f"[data-room='{given_up}']").count() == 0
    assert page.locator(f".rooms [data-room='{given_up}']").count() == 0


# Each game's banner: its cards' numbers or orbs, and whether each lies whole inside the banner.
ART = """() => [...document.querySelectorAll('.game-art')].map((art) => {
  const box = art.getBoundingClientRect();
  const cards = [...art.querySelectorAll('.card')];
  return {hidden: art.getAttribute('aria-hidden'), cards: cards.map((c) => {
    const r = c.getBoundingClientRect();
    return [c.querySelector('.num, .orbs')?.innerText.replace(/\\n/g, '') ?? 'back',
      r.left >= box.left && r.right <= box.right && r.top >= box.top && r.bottom <= box.bottom];
  })};
})"""


def test_each_game_s_banner_is_a_hand_of_its_cards(server: str, person: Any) -> None:
    """360 x 640 in Japanese: Extreme Mission's banner fans an info card of each colour, Ruler of
    Mana's a mana card of each element (its orbs in the page's glyphs, 火 / F) and a spell's back,
    each whole inside the banner, hidden from a screen reader (a picture, not the page's words);
    the switch to English draws the orbs' glyphs in English."""
    who = person("art-ja", "ja", {"width": 360, "height": 640})
    page = who.page
    page.goto(server + "/")
    page.wait_for_selector(".game-card .game-art .card")
    em, rm = page.evaluate(ART)
    assert em == {"hidden": "true", "cards": [[n, True] for n in ["3", "7", "1", "9", "5"]]}
    orbs = ["火", "水水", "風", "土", "back"]
    assert rm == {"hidden": "true", "cards": [[o, True] for o in orbs]}
    who.shot("art")
    page.click(".langs button[lang=en]")
    page.wait_for_function("document.documentElement.lang === 'en'")
    assert [o for o, _ in page.evaluate(ART)[1]["cards"]] == ["F", "WW", "A", "E", "back"]
