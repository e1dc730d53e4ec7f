"""Nobody loses their seat to a link, and a table goes on without someone who is gone, in a real
browser. A seated person who opens a link carrying a token that is no seat of the room (from the
address bar, or pasted in the lobby's join box) keeps their own seat and is told in one line; a
link to another seat of theirs asks which to keep. Someone away for a while, the game waiting on
them: the others see for how long and may let a bot play the seat; coming back, the person is
told, and plays again at their next decision."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect
from web_helpers import PHONE, Served, Watched, post
from websockets.sync.client import connect

from bodoge.core.i18n import text

KEPT = "JSON.parse(localStorage.getItem(`bodoge.seat.${location.pathname.split('/')[2]}`))"
AWAY_MINUTES = "0.05"  # 3 s: what two minutes are to a real table


def victims_room(server: str, start: int = 1) -> tuple[str, str, str]:
    """Ann's Extreme Mission room of two seats, Victor in seat 1, begun with ``start`` to move:
    the room, Ann's token and Victor's."""
    made = post(f"{server}/api/rooms", {"game": "extreme-mission", "players": 2, "name": "Ann"})
    room, ann = made["room"], made["token"]
    victor = post(f"{server}/api/rooms/{room}/seats/1", {"name": "Victor"})["token"]
    post(f"{server}/api/rooms/{room}/start", {"start_player": start}, ann)
    return room, ann, victor


def seated_with_moves(who: Watched, seat: int, token: str) -> None:
    page = who.page
    page.wait_for_function(
        f"window.bodoge.frame && window.bodoge.frame.seat === {seat} && {KEPT}.seat === {seat}"
    )
    assert page.evaluate(KEPT) == {"seat": seat, "token": token}
    if seat == 1:
        expect(page.locator("#draw")).to_be_visible()
    assert "#" not in page.url  # the token never stays in the address


def test_a_link_that_is_no_seat_leaves_the_seat_kept(server: str, person: Any) -> None:
    """The red team's steps (H1): the victim's own link, then a link with a token that is no
    seat, opened anew, then the room again: still seated, the moves offered."""
    room, _, victor = victims_room(server)
    who = person("seat-link-refused")
    page = who.page
    page.goto(f"{server}/r/{room}#token={victor}")
    seated_with_moves(who, 1, victor)
    page.goto("about:blank")
    page.goto(f"{server}/r/{room}#token=not-yours")
    expect(page.locator(".toast")).to_have_text(text("web.room.link_refused", "en"))
    seated_with_moves(who, 1, victor)
    who.shot("refused")
    page.goto("about:blank")
    page.goto(f"{server}/r/{room}")
    seated_with_moves(who, 1, victor)
    # the same link pasted in the lobby's join box
    page.goto(f"{server}/")
    page.fill("#join", f"{server}/r/{room}#token=not-yours")
    page.press("#join", "Enter")
    expect(page.locator(".toast")).to_have_text(text("web.room.link_refused", "en"))
    seated_with_moves(who, 1, victor)
    # and opened in the same tab, only the fragment changing
    page.evaluate("location.hash = '#token=still-not-yours'")
    expect(page.locator(".toast").last).to_have_text(text("web.room.link_refused", "en"))
    seated_with_moves(who, 1, victor)
    who.no_sideways_scroll()


def test_a_link_to_another_seat_of_one_s_own_asks_which_to_keep(server: str, person: Any) -> None:
    """Victor holds seat 1 and opens Ann's link (seat 0, both valid): asked, in Japanese, on a
    phone; keeping his own changes nothing, taking the link's makes the page seat 0's."""
    room, ann, victor = victims_room(server)
    who = person("seat-link-choice-ja", "ja", PHONE)
    page = who.page
    page.goto(f"{server}/r/{room}#token={victor}")
    seated_with_moves(who, 1, victor)
    page.goto("about:blank")
    page.goto(f"{server}/r/{room}#token={ann}")
    question = page.locator(".seat-choice")
    expect(question).to_contain_text("このリンクは席1（Ann）のもので")
    expect(page.locator("#keep-seat")).to_have_text("席2（Victor）のままにする")
    expect(page.locator("#take-link-seat")).to_have_text("席1（Ann）に移る")
    assert page.evaluate(KEPT) == {"seat": 1, "token": victor}  # nothing changed while asked
    who.no_sideways_scroll()
    who.shot("asked")
    page.click("#keep-seat")
    expect(question).to_have_count(0)
    seated_with_moves(who, 1, victor)
    page.goto("about:blank")
    page.goto(f"{server}/r/{room}#token={ann}")
    page.click("#take-link-seat")
    seated_with_moves(who, 0, ann)
    expect(page.locator(".mine")).to_contain_text("Ann")
    who.shot("taken")


@pytest.fixture
def away_server(tmp_path: Path) -> Iterator[Served]:
    """A server where a person away for 3 s (not 2 min) may have a bot play their seat."""
    served = Served(tmp_path / "bodoge.sqlite", "--away-minutes", AWAY_MINUTES)
    served.start()
    yield served
    served.stop()


def end_turn(server: Served, room: str, token: str) -> None:
    """The seat of ``token`` plays its first legal step until the game waits on another seat."""
    with connect(server.url.replace("http://", "ws://") + f"/ws/rooms/{room}?token={token}") as ws:
        while True:
            frame = json.loads(ws.recv(timeout=30))
            if frame["type"] != "state":
                continue
            if frame["view"]["current_player"] != frame["seat"]:
                return
            if frame["legal"]:
                time.sleep(0.06)  # under 20 frames a second
                act = {"type": "act", "action": frame["legal"][0], "seq": frame["seq"]}
                ws.send(json.dumps(act))


def test_a_bot_plays_for_someone_away_until_they_come_back(
    away_server: Served, person: Any
) -> None:
    """Victor (seat 1, to move) never comes. Ann sees him away, lets a bot play his seat, and
    gets her move once it has played his turn. Victor comes back on his phone while the game
    waits on Ann: told that he plays again at his next decision (Ann is told he is back), and
    once Ann's turn is over the seat is his again, his moves offered."""
    room, ann_token, victor_token = victims_room(away_server.url)
    ann = person("away-host")
    ann.page.goto(f"{away_server.url}/r/{room}#token={ann_token}")
    away = ann.page.locator(".seat-1 .away")
    expect(away).to_contain_text("away 1 min")
    let_bot = ann.page.locator("[data-away='1']")
    expect(let_bot).to_have_text("Let a bot play")
    assert let_bot.get_attribute("aria-label") == "Let a bot play for Victor"
    ann.no_sideways_scroll()
    ann.shot("away")
    let_bot.click()
    expect(ann.page.locator(".toast")).to_have_text("A bot plays for Victor while they are away.")
    # the bot has played his turn (its worker's first start may be slow on a busy machine)
    expect(ann.page.locator("#draw")).to_be_visible(timeout=60000)
    expect(away).to_contain_text("a bot plays meanwhile")
    ann.shot("bot-plays")

    victor = person("away-back-ja", "ja", PHONE)
    victor.page.goto(f"{away_server.url}/r/{room}#token={victor_token}")
    expect(victor.page.locator(".away-note")).to_have_text(text("web.away.yours", "ja"))
    expect(away).to_have_text(text("web.away.back", "en"))
    victor.no_sideways_scroll()
    victor.shot("back")
    ann.shot("back")
    end_turn(away_server, room, ann_token)
    expect(victor.page.locator(".toast").last).to_have_text(text("web.away.you_took_back", "ja"))
    expect(victor.page.locator(".away-note")).to_have_count(0)
    expect(victor.page.locator("#draw")).to_be_visible()
    expect(ann.page.locator(".toast").last).to_have_text("Victor plays their seat again.")
    expect(away).to_have_count(0)
    victor.shot("plays-again")
