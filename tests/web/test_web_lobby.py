"""The lobby in a real browser: one room for one (double) click on create."""

from __future__ import annotations

import json
import urllib.request
from typing import Any

from playwright.sync_api import Page, Request, Route


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
