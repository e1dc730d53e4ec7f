"""The lobby in a real browser: its first paint before any script has come, the rooms' list that
the rest of the lobby does not wait for, and one room for one (double) click on create."""

from __future__ import annotations

import json
import urllib.request
from typing import Any

from playwright.sync_api import Page, Request, Route

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
    for lang, chosen in (("ja", None), ("en", None), ("ja", "en"), ("en", "ja")):
        who = person(f"first-{lang}-{chosen}", lang)
        page = who.page
        if chosen:
            page.add_init_script(f"localStorage.setItem('bodoge.lang', '{chosen}')")
        page.route(
            "**/static/lobby.js",
            lambda route: route.fulfill(body="", content_type="text/javascript"),
        )
        page.goto(server + "/")
        shown = chosen or lang
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
