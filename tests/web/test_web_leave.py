"""Leaving a seat and agreeing to a rematch, in a real browser: a guest gives up their seat in the
waiting room (the seat shows free, and they may sit down again); someone leaves a game under way
after saying yes to the page's question (an easy bot plays on, and the page is a spectator's,
with no hand); after a game, one person asks for a rematch, the other sees who asked and agrees,
and the new game starts on both pages."""

from __future__ import annotations

from typing import Any

from test_table import open_lobby, play_to_end
from web_helpers import PHONE, Watched, in_header

TOKEN = "localStorage.getItem(`bodoge.seat.${location.pathname.split('/')[2]}`)"


def two_people(person: Any, server: str, game: str = "ruler-of-mana") -> tuple[Watched, Watched]:
    """Aki's room of two seats, Ben sitting in seat 1 (not started)."""
    host, guest = person("leave-host"), person("leave-guest-ja", "ja", PHONE)
    open_lobby(host, server, "Aki")
    host.page.select_option(f"#players-{game}", "2")
    host.page.click(f"[data-create={game}]:not([data-bots])")
    host.page.wait_for_selector(".waiting")
    guest.page.goto(host.page.url)
    guest.page.fill("#name", "Ben")
    guest.page.click("[data-take='1']")
    host.page.wait_for_selector("#start:not([disabled])")
    return host, guest


def test_a_guest_leaves_the_waiting_room_and_the_seat_is_free(server: str, person: Any) -> None:
    host, guest = two_people(person, server)
    guest.page.wait_for_selector("[data-leave='1']")
    assert host.page.locator("[data-leave='1']").count() == 0  # only your own seat's
    assert host.page.locator("[data-leave='0']").count() == 1
    guest.no_sideways_scroll()
    guest.shot("seated")
    guest.page.click("[data-leave='1']")  # others are seated: no question asked
    # the page is a visitor's: it holds no token, and offers the free seat again
    guest.page.wait_for_selector("[data-take='1']")
    assert guest.page.evaluate(TOKEN) is None
    assert guest.page.locator(".badge.you").count() == 0
    host.page.wait_for_selector(".seat-list li.empty")
    assert host.page.locator("#start").is_disabled()
    guest.shot("left")
    # and may sit down again
    guest.page.click("[data-take='1']")
    guest.page.wait_for_selector("[data-leave='1']")
    host.page.wait_for_selector("#start:not([disabled])")


def test_leaving_a_running_game_makes_the_page_a_spectators(server: str, person: Any) -> None:
    host, guest = two_people(person, server)
    host.page.click("#start")
    guest.page.wait_for_selector(".mine .hand [data-card]")
    assert guest.page.evaluate("window.bodoge.frame.seat") == 1
    guest.page.click(in_header(guest.page, "#leave"))
    question = guest.page.inner_text(".leave-confirm")
    assert "やさしいBot" in question, question  # says who plays the seat on
    guest.no_sideways_scroll()
    guest.shot("question")
    guest.page.click("#leave-no")  # "stay" changes nothing
    assert guest.page.locator(".leave-confirm").count() == 0
    assert guest.page.locator(".mine .hand [data-card]").count() > 0
    guest.page.click("#leave")
    guest.page.click("#leave-yes")
    guest.page.wait_for_function("window.bodoge.frame && window.bodoge.frame.seat === null")
    guest.page.wait_for_selector(".chip:has-text('観戦中')")
    # no hand of the seat left on the page, nor in what it holds
    assert guest.page.locator(".mine").count() == 0
    assert guest.page.locator("#leave, #hint").count() == 0
    assert guest.page.evaluate("window.bodoge.frame.view.you") is None
    assert guest.page.evaluate(TOKEN) is None
    host.page.wait_for_function(
        "window.bodoge.summary.seats[1].bot === 'easy' && !window.bodoge.summary.seats[1].name"
    )
    guest.no_sideways_scroll()
    guest.shot("watching")


def test_two_people_agree_to_a_rematch(server: str, person: Any) -> None:
    host, guest = two_people(person, server)
    host.page.click("#start")
    for who in (host, guest):
        who.page.wait_for_selector(".table")
    play_to_end(host, guest)
    first = host.page.evaluate("window.bodoge.summary.game_no")
    guest.page.click(".result #rematch")
    # the guest waits; the host reads who asked, and agrees with one button
    guest.page.wait_for_selector(".result #rematch[disabled]")
    assert guest.page.inner_text(".result #rematch") == "ほかの人の同意を待っています（2人中1人）"
    host.page.wait_for_selector(".result .rematch-line")
    assert "Ben" in host.page.inner_text(".result .rematch-line")
    assert host.page.inner_text(".result #rematch") == "Agree to a rematch (1 of 2 ready)"
    host.shot("asked")
    guest.shot("asked")
    host.page.click(".result #rematch")
    for who in (host, guest):
        who.page.wait_for_function(
            f"window.bodoge.summary.game_no === {first + 1}"
            " && window.bodoge.summary.status === 'running'"
            " && !window.bodoge.frame.view.is_over"
        )
        who.page.wait_for_selector(".mine .hand [data-card]")
        assert who.page.locator(".result").count() == 0
    host.shot("rematch")
