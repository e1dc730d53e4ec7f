"""Leaving a seat and agreeing to a rematch, in a real browser: a guest gives up their seat in the
waiting room (the seat shows free, and they may sit down again); someone leaves a game under way
after saying yes to the page's question (an easy bot plays on, and the page is a spectator's,
with no hand); after a game, one person asks for a rematch, the other sees who asked and agrees,
and the new game starts on both pages."""

from __future__ import annotations

import json
import random
import time
from collections.abc import Callable
from typing import Any

from playwright.sync_api import expect
from test_table import open_lobby, play_to_end
from web_helpers import PHONE, Served, Watched, in_header, play_out, replay_shown
from websockets.sync.client import connect

from bodoge.core.i18n import text

TOKEN = "localStorage.getItem(`bodoge.seat.${location.pathname.split('/')[2]}`)"
LINES = "[...document.querySelectorAll('.log li')].map((e) => e.textContent)"


def log_lines(who: Watched) -> list[str]:
    """The log's lines once every entry of the game on show is in words (they come a moment after
    the frame), with a line for each leave."""
    who.page.wait_for_function(
        "document.querySelectorAll('.log li').length"
        " === window.bodoge.frame.view.log.length + window.bodoge.summary.leaves.length"
    )
    lines: list[str] = who.page.evaluate(LINES)
    return lines


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
    host.page.wait_for_function(  # Ben's name stays on the seat for this game, marked as left
        "window.bodoge.summary.seats[1].bot === 'easy' && window.bodoge.summary.seats[1].left"
        " && window.bodoge.summary.seats[1].name === 'Ben'"
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


def test_the_table_is_told_who_left_and_their_seat_is_free_after_the_game(
    server: str, person: Any
) -> None:
    """Ben leaves a game under way: Aki is told once, in her language; the seat's panel names Ben,
    left, the easy bot playing on; the log's lines keep his name, and the result too. After the
    game Ben's page (a spectator's now) offers him the seat again; Cat, come by the room's link,
    takes it, and the rematch waits for her. The game over still names the seat as it ended, Ben
    (left) with the bot that played on, in the result, the log and the seat's panel, which says
    Cat sits there for the next game (before, they all said Cat, for a game she never played)."""
    host, guest = two_people(person, server)
    host.page.click("#start")
    guest.page.wait_for_selector(".mine .hand [data-card]")
    host.page.wait_for_selector(".seat-1 header strong")
    before = log_lines(host)
    named = [k for k, line in enumerate(before) if "Ben" in line]
    assert named, before  # Ben is dealt his cards, at least
    guest.page.click(in_header(guest.page, "#leave"))
    guest.page.click("#leave-yes")
    guest.page.wait_for_function("window.bodoge.frame && window.bodoge.frame.seat === null")
    expect(host.page.locator(".toast")).to_have_text(
        "Ben left the game; an easy bot plays their seat."
    )
    expect(host.page.locator(".seat-1 header strong")).to_have_text("Ben (left)")
    expect(host.page.locator(".seat-1 .away")).to_have_text("easy bot plays")
    after = log_lines(host)
    assert [after[k] for k in named] == [before[k] for k in named]  # still Ben's lines
    assert not any("easy bot 2" in line for line in after), after  # his seat's bot, by its name
    # Ben's own page says he left, not that someone did
    expect(guest.page.locator(".toast")).not_to_contain_text("抜けました")
    host.shot("ben-left")
    play_to_end(host)
    ben = ".result tbody tr:has-text('Ben') td:nth-child(2)"
    expect(host.page.locator(ben)).to_have_text("Ben (left) · easy bot plays")
    # the heading names a winning leaver's seat by the bot that won it, not by Ben
    heading = host.page.inner_text(".result h2")
    if 1 in host.page.evaluate("window.bodoge.frame.view.result.winners"):
        assert "easy bot for Ben (left)" in heading, heading
    else:
        assert "Ben" not in heading, heading
    over = log_lines(host)
    # after the game the seat is free: Ben's page offers it, by his name; Cat takes it
    expect(guest.page.locator(".result .free-seats [data-take='1']")).to_have_text(
        "Benが抜けた席2に座る"  # seat 1 on the wire: the page counts from 1
    )
    guest.no_sideways_scroll()
    guest.shot("free-seat")
    # Aki, seated, is told her rematch would not wait for it: a bot plays it unless someone sits
    note = text("web.left.free_for_rematch", "en", seats="Seat 2")
    expect(host.page.locator(".result .free-note")).to_have_text(note)
    cat = person("leave-cat")
    cat.page.goto(host.page.url)
    cat.page.fill(".result .free-seats #name", "Cat")
    cat.page.click(".result .free-seats [data-take='1']")
    cat.page.wait_for_selector(".result #rematch:not([disabled])")
    assert cat.page.evaluate("window.bodoge.summary.you") == 1
    # the game over was not Cat's: no "you" on its seat 1 (Ben's), and no news of herself
    expect(cat.page.locator(".seat-1 header strong")).to_have_text("Ben (left)")
    expect(cat.page.locator(".badge.you")).to_have_count(0)
    expect(cat.page.locator(".seat-1 .away")).to_have_text(
        "easy bot plays · you sit here for the next game"
    )
    assert cat.page.locator(".toast").count() == 0, cat.page.locator(".toast").all_inner_texts()
    expect(host.page.locator(".toast")).to_have_text("Cat sits at seat 2 for the next game.")
    expect(guest.page.locator(".result .free-seats")).to_have_count(0)
    # the game over names the seat as it ended, on every page; its panel says who sits there next
    for who, left in ((host, "Ben (left)"), (cat, "Ben (left)"), (guest, "Ben（退出）")):
        expect(who.page.locator(ben)).to_contain_text(left)
    expect(host.page.locator(".seat-1 header strong")).to_have_text("Ben (left)")
    expect(host.page.locator(".seat-1 .away")).to_have_text(
        "easy bot plays · Cat sits here for the next game"
    )
    assert log_lines(host) == over
    assert not any("Cat" in line for line in log_lines(cat))
    host.shot("cat-sits")
    cat.shot("cat-sits")
    host.page.click(".result #rematch")  # Aki asks: the rematch waits for Cat now
    expect(host.page.locator(".result #rematch")).to_have_text(
        "Waiting for the others (1 of 2 ready)"
    )
    assert host.page.evaluate("window.bodoge.summary.status") == "over"
    cat.page.click(".result #rematch")
    for who in (host, cat):
        who.page.wait_for_function(
            "window.bodoge.summary.game_no === 2 && window.bodoge.summary.status === 'running'"
        )
    assert host.page.evaluate("window.bodoge.summary.seats[1]")["name"] == "Cat"
    expect(host.page.locator(".seat-1 header strong")).to_have_text("Cat")


def steps_until(server: str, room: str, token: str, done: Callable[[dict[str, Any]], bool]) -> int:
    """The seat of ``token`` takes random legal steps over the room's websocket (paced under its
    frame limit) until a state frame is ``done``: that frame's ``seq``."""
    rng = random.Random(1)
    with connect(server.replace("http://", "ws://") + f"/ws/rooms/{room}?token={token}") as ws:
        while True:
            frame = json.loads(ws.recv(timeout=60))
            if frame["type"] != "state":
                continue
            if done(frame):
                return int(frame["seq"])
            if frame["legal"]:
                time.sleep(0.06)
                act = {"type": "act", "action": rng.choice(frame["legal"]), "seq": frame["seq"]}
                ws.send(json.dumps(act))


SHOWN = "[...document.querySelectorAll('.log li')].map((e) => [e.textContent, e.className])"


def left_line(who: Watched, said: str) -> int:
    """Where in the log on show the line ``said`` of a leave stands (every entry in words), and
    that it stands there alone, marked as the room's."""
    log_lines(who)
    shown = who.page.evaluate(SHOWN)
    found = [k for k, (line, marks) in enumerate(shown) if line == said and "left-line" in marks]
    assert len(found) == 1, shown
    assert sum("left-line" in marks for _, marks in shown) == 1, shown
    return found[0]


def test_everyone_is_told_and_the_log_says_where_someone_left_after_a_restart_too(
    own_server: Served, person: Any
) -> None:
    """Ben leaves Aki's game under way after playing a turn. Chika, watching on a phone in
    Japanese, is told at once, as Aki is; every page's log says it after the lines of the game
    before it (counted from 1, the seat), the bot's lines after it; a reload, a page opened later
    and a restart of the server say it at the same point, as the replay does from that step on.
    Before, only the seat's panel said it, and a toast for 4 s."""
    url = own_server.url
    made = own_server.post("/api/rooms", {"game": "ruler-of-mana", "players": 2, "name": "Aki"})
    room, aki = made["room"], made["token"]
    ben = own_server.post(f"/api/rooms/{room}/seats/1", {"name": "Ben"})["token"]
    own_server.post(f"/api/rooms/{room}/start", {"start_player": 1}, aki)
    steps_until(url, room, ben, lambda f: f["view"]["current_player"] == 0)  # Ben's first turn
    host = person("leave-log-host")
    host.page.goto(f"{url}/r/{room}#token={aki}")
    chika = person("leave-log-watcher-ja", "ja", PHONE)
    chika.page.goto(f"{url}/r/{room}")
    for who in (host, chika):
        who.page.wait_for_selector(".seat-1 header strong")
    before = log_lines(chika)
    own_server.post(f"/api/rooms/{room}/leave", {}, ben)
    expect(chika.page.locator(".toast")).to_have_text(
        "Benさんが対戦を抜けました。やさしいBotが席を引き継ぎます。"
    )
    expect(host.page.locator(".toast")).to_have_text(
        "Ben left the game; an easy bot plays their seat."
    )
    en = "Ben left the game; from here the easy bot plays seat 2"
    ja = "Benが対戦を抜けた。ここから席2はやさしいBotがプレイ"
    assert left_line(chika, ja) == len(before)  # at the end of the log, then
    assert left_line(host, en) == len(before)
    chika.shot("left-line")
    # Aki plays on, and the bot: their lines come after it
    # (until the log has grown by two entries: a step of a move not yet whole logs nothing)
    at, logged = chika.page.evaluate(
        "[window.bodoge.summary.leaves[0].seq, window.bodoge.summary.leaves[0].log]"
    )
    steps_until(
        url,
        room,
        aki,
        # a frame's log is what came after its `log_from` entries
        lambda f: (
            f["view"]["current_player"] == 0
            and f.get("log_from", 0) + len(f["view"]["log"]) > logged + 1
        ),
    )
    chika.page.wait_for_function(f"window.bodoge.frame.view.log.length > {logged + 1}")
    assert left_line(chika, ja) == len(before)
    assert len(log_lines(chika)) > len(before) + 1
    chika.page.reload()
    assert left_line(chika, ja) == len(before)
    host.close()
    own_server.stop()
    own_server.start()
    chika.page.wait_for_function("window.bodoge.frame && !window.bodoge.offline")
    assert left_line(chika, ja) == len(before)
    late = person("leave-log-late")
    late.page.goto(f"{url}/r/{room}")
    assert left_line(late, en) == len(before)
    late.shot("left-line")
    # the replay says it from that step on, where the game had got to
    play_out(url, room, aki)
    late.page.goto(f"{url}/r/{room}#replay=1.{at}")
    replay_shown(late.page, at)
    late.page.wait_for_function(
        "document.querySelectorAll('.log li').length === window.bodoge.replay.view.log.length + 1"
    )
    assert left_line_at(late, en) == len(before)
    late.page.goto(f"{url}/r/{room}#replay=1.{at - 1}")
    replay_shown(late.page, at - 1)
    late.page.wait_for_function(
        "document.querySelectorAll('.log li').length === window.bodoge.replay.view.log.length"
    )
    assert en not in late.page.evaluate(LINES)
    for who in (chika, late):  # the server stopped under them: their reconnects were refused
        who.errors = [e for e in who.errors if "ERR_CONNECTION_REFUSED" not in e]


def left_line_at(who: Watched, said: str) -> int:
    """Where the line ``said`` of a leave stands in the replay's log on show."""
    shown = who.page.evaluate(SHOWN)
    found = [k for k, (line, marks) in enumerate(shown) if line == said and "left-line" in marks]
    assert len(found) == 1, shown
    return found[0]
