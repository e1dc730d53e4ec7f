"""A finished game's replay in the browser: still there once a rematch has begun, sought with a
slider, by turns and from the keyboard, each step named with who made it, the moment kept in the
address (a link opens it), the record downloaded as a file that ``bodoge replay`` reads, and an
earlier game picked once the room has played two."""

from __future__ import annotations

import json
import re
import urllib.request
from pathlib import Path
from typing import Any

from test_web_flight import COUNTED
from typer.testing import CliRunner
from web_helpers import (
    DESKTOP,
    PHONE,
    finished_game,
    play_out,
    played_room,
    post,
    replay_shown,
    seat_token,
)

from bodoge.cli import app
from bodoge.core.i18n import text


def get(url: str) -> Any:
    with urllib.request.urlopen(url, timeout=10) as answer:
        return json.loads(answer.read())


def label(page: Any) -> str:
    text: str = page.inner_text("#replay-step")
    return " ".join(text.split())


def test_replay_seeks_names_who_moved_keeps_the_moment_and_downloads(
    server: str, person: Any, tmp_path: Path
) -> None:
    room, token = finished_game(server)
    first = get(f"{server}/api/rooms/{room}/replay")
    steps = len(first["history"])
    # against bots one click starts the rematch: the game before it stays replayable
    assert post(f"{server}/api/rooms/{room}/rematch", {}, token)["started"]
    ann = person("replay-ann")
    page = ann.page
    page.goto(f"{server}/r/{room}#token={token}")
    page.wait_for_selector(".table")
    page.click("#replay-earlier")
    page.wait_for_selector(".replay-bar")
    replay_shown(page, steps)
    assert page.evaluate("window.bodoge.replay.record.game_no") == 1
    assert page.evaluate("location.hash") == f"#replay=1.{steps}.0"
    # game 2 under way: the bar says which game it replays (it said "Replay")
    assert page.inner_text(".replay-tools strong") == "Replay game 1"

    # the slider seeks; the step's words name who made it
    slider = page.locator("#replay-slider")
    assert slider.get_attribute("type") == "range" and slider.get_attribute("max") == str(steps)
    slider.fill("40")
    replay_shown(page, 40)
    names = ["Ann", "random bot 2", "random bot 3"]  # a bot named by its seat, counted from 1
    words = f"step 40 of {steps} · {names[first['actors'][39]]}: "
    said = label(page)
    assert words in said, said
    assert said.startswith("turn ") and page.get_attribute("#replay-slider", "aria-valuetext")
    seen = get(f"{server}/api/rooms/{room}/replay/40?game=1&seat=0")["view"]
    assert page.evaluate("window.bodoge.replay.view") == seen
    assert page.evaluate("location.hash") == "#replay=1.40.0"
    ann.shot("slider")

    # the keyboard, once the replay has the focus: a step (to the next position that looks
    # different from Ann's seat), the ends, a turn
    page.focus("#replay-back")
    page.keyboard.press("ArrowRight")
    replay_shown(page, _change(server, room, 0, 40, 1, game=1))
    page.keyboard.press("Home")
    replay_shown(page, 0)
    assert "the start, before any move" in label(page)
    page.keyboard.press("End")
    replay_shown(page, steps)
    page.keyboard.press("Home")
    replay_shown(page, 0)
    starts = [at for at, _turn in first["turns"] if at > 0]
    page.click("#replay-turn-on")
    replay_shown(page, starts[0])
    # the step that led here ended the turn before: the line names the turn it was made in
    made_in = max(turn for at, turn in first["turns"] if at <= starts[0] - 1)
    assert label(page).startswith(f"turn {made_in} · step {starts[0]} of"), label(page)
    page.keyboard.press("PageDown")
    replay_shown(page, starts[1])
    page.keyboard.press("ArrowLeft")
    back = _change(server, room, 0, starts[1], -1, game=1)
    replay_shown(page, back)
    # back to the last turn's start before this step: starts[0], unless that turn had one step
    # (then this step is its start, and the turn before is meant: the game is random)
    page.click("#replay-turn-back")
    earlier = [at for at, _turn in first["turns"] if at < back]
    replay_shown(page, earlier[-1] if earlier else 0)

    # the record as a file named after the game and the room; the command line replays it
    with page.expect_download() as download:
        page.click("#replay-download")
    assert download.value.suggested_filename == f"ruler-of-mana-{room}-1.json"
    saved = tmp_path / download.value.suggested_filename
    download.value.save_as(saved)
    assert json.loads(saved.read_text(encoding="utf-8")) == first
    replayed = CliRunner().invoke(app, ["replay", str(saved)])
    assert replayed.exit_code == 0, replayed.output
    assert f"step {steps} of {steps} · " in replayed.stdout

    # a friend opens the link of a moment: that game, that step, in their own language
    friend = person("replay-friend", "ja", PHONE)
    friend.page.goto(f"{server}/r/{room}#replay=1.40")
    friend.page.wait_for_selector(".replay-bar")
    replay_shown(friend.page, 40)
    said = label(friend.page)
    assert f"{steps}手中40手目・" in said and "：" in said, said
    assert friend.page.evaluate("window.bodoge.replay.view.you") is None  # a spectator's view
    friend.no_sideways_scroll()
    friend.shot("link")

    # the rematch played out: its replay is the latest, and the first game is a pick away
    play_out(server, room, token, seed=1)
    page.click("#replay-close")
    page.wait_for_selector("#replay")
    page.click("#replay")
    page.wait_for_function("window.bodoge.replay && window.bodoge.replay.record.game_no === 2")
    page.select_option("#replay-game", "1")
    page.wait_for_function("window.bodoge.replay.record.game_no === 1")
    replay_shown(page, steps)
    assert page.evaluate("location.hash") == f"#replay=1.{steps}.0"


def test_a_replay_link_shows_the_bar_and_no_table_until_the_steps_view_has_come(
    server: str, person: Any
) -> None:
    """A link to a moment, its step's view held back: the bar at once, already at the step, and
    under it the table loading, not the live game's end (drawn there, result and all, for as
    long as the view took); the step's words name only who made it until the view says whether
    this view saw it; once the view comes, its table."""
    room, _token = finished_game(server)
    who = person("replay-held", "ja", PHONE)
    page = who.page
    held: list[Any] = []
    page.route(re.compile(r"/api/rooms/[^/?]+/replay/\d+\?"), lambda route: held.append(route))
    page.goto(f"{server}/r/{room}#replay=1.40")
    page.wait_for_selector(".replay-bar")
    page.wait_for_function("window.bodoge.replay && window.bodoge.frame?.view.is_over")
    while not held:  # the step's view asked for (and not answered)
        page.wait_for_timeout(50)
    assert page.evaluate("window.bodoge.replay.view") is None
    assert page.locator(".table, .result").count() == 0
    loading = page.locator("main.replay-loading")
    assert loading.inner_text() == text("web.replay.loading", "ja")
    said = label(page)
    steps = len(get(f"{server}/api/rooms/{room}/replay")["history"])
    assert text("web.replay.step", "ja", step=40, steps=steps) in said, said
    assert "見えない" not in said, said
    who.no_sideways_scroll()
    who.shot("loading")
    held[0].continue_()
    _shown(page, 40)
    assert page.locator(".replay-loading").count() == 0
    assert page.evaluate("window.bodoge.replay.view.you") is None  # a spectator's view
    who.shot("shown")

    # the step's view refused: the replay closed, as it would load for ever, and why said
    other = person("replay-refused", "ja", PHONE)
    step = re.compile(r"/api/rooms/[^/?]+/replay/\d+\?")
    other.page.route(step, lambda route: route.fulfill(status=404, json={"error": "no step"}))
    other.page.goto(f"{server}/r/{room}#replay=1.40")
    other.page.wait_for_selector(".toast:has-text('no step')")
    other.page.wait_for_selector(".table .status")
    assert other.page.locator(".replay-bar, .replay-loading").count() == 0
    assert other.page.evaluate("window.bodoge.replay") is None
    other.errors = [e for e in other.errors if "404" not in e]  # the refused answer, logged


def _moves(record: dict[str, Any], verb: str, items: int) -> list[tuple[int, int]]:
    """The moves of the record begun by a ``verb`` step and made of at least ``items`` more
    steps: each as (its first step, its last step), counted from 1 as the replay's steps."""
    begun, found = record["begun"], []
    for at, step in enumerate(record["history"]):
        if begun[at] == at and step.startswith(f"{verb} "):
            last = max(k for k, b in enumerate(begun) if b == at)
            if last - at >= items:
                found.append((at + 1, last + 1))
    return found


def _shown(page: Any, step: int) -> None:
    """Wait until the replay's bar and table show ``step`` (its address follows the step before
    the table is drawn)."""
    replay_shown(page, step)
    steps = page.evaluate("window.bodoge.replay.record.history.length")
    said = (
        f"{steps}手中{step}手目"
        if page.evaluate("document.documentElement.lang") == "ja"
        else f"step {step} of {steps}"
    )
    page.wait_for_function(
        "(said) => document.getElementById('replay-step')?.textContent.includes(said)"
        " && document.querySelector('.table .status')",
        arg=said,
    )


def _open(page: Any, server: str, room: str, step: int, seat: int) -> None:
    page.goto(f"{server}/r/{room}#replay=1.{step}.{seat}")
    page.wait_for_selector(".replay-bar")
    _shown(page, step)


def test_a_step_inside_a_move_says_the_move_and_the_table_says_whose_move_it_is(
    tmp_path: Path, person: Any
) -> None:
    """Extreme Mission: each step of a mission completed card by card says the mission and the
    cards so far, in progress until its last step, in Japanese on a phone and in English; the
    banner says whose move it is (a replay waits on nobody); at the last step the disabled
    turn button still reads as a button, as tall as the others."""
    names: list[str | None] = ["Alice", "ゆき", None]
    with played_room(tmp_path / "db.sqlite", "MOVES", "extreme-mission", names, 3) as server:
        record = get(f"{server}/api/rooms/MOVES/replay")
        first, last = next(
            m for m in _moves(record, "complete", 2) if record["actors"][m[0] - 1] < 2
        )
        seat = record["actors"][first - 1]
        actor = str(names[seat])
        mission = record["history"][first - 1].split()[1]
        items = record["history"][first:last]
        for lang, viewport in (("ja", PHONE), ("en", DESKTOP)):
            faces = get(f"{server}/api/faces/extreme-mission?lang={lang}")
            named = [
                faces["kinds"][i]["name"] if i in faces["kinds"] else faces["names"][i]
                for i in items
            ]
            who = person(f"moves-{lang}", lang, viewport)
            page = who.page
            _open(page, server, "MOVES", first + 1, seat)  # the mission and its first item
            said = label(page)
            going = "（途中）" if lang == "ja" else " (in progress)"
            assert f"{actor}{'：' if lang == 'ja' else ': '}" in said, said
            assert faces["missions"][mission]["name"] in said and named[0] in said, said
            assert said.endswith(going), said
            # (seen from the mover's seat, the name is marked as this view's)
            start, end = (actor, "の番") if lang == "ja" else (f"To move: {actor}", "")
            page.wait_for_function(
                "([start, end]) => { const line = document.querySelector('.table .status .line');"
                " const said = line?.innerText || '';"
                " return said.startsWith(start) && said.endsWith(end); }",
                arg=[start, end],
            )
            who.shot("in-progress")
            page.click("#replay-back")  # the step that begins it: the mission alone
            _shown(page, first)
            said = label(page)
            assert faces["missions"][mission]["name"] in said and said.endswith(going), said
            page.locator("#replay-slider").fill(str(last))  # its last step: the whole move, done
            _shown(page, last)
            said = label(page)
            assert all(n in said for n in named) and not said.endswith(going), said
            # from the other person's seat the move is not said until it is whole, as live (its
            # cards are shown once the mission is completed)
            page.goto(f"{server}/r/MOVES#replay=1.{first + 1}.{1 - seat}")
            _shown(page, first + 1)
            unseen = text("web.replay.unseen_going", lang, name=actor)  # "making a move"
            said = label(page)
            assert said.endswith(unseen), said
            assert faces["missions"][mission]["name"] not in said, said
            page.locator("#replay-slider").fill(str(last))
            _shown(page, last)
            said = label(page)
            assert all(n in said for n in named) and not said.endswith(going), said
            # the end: no turn after, its button disabled but a button (words, frame, height)
            page.click("#replay-last")
            _shown(page, len(record["history"]))
            on = page.locator("#replay-turn-on")
            assert on.is_disabled()
            assert on.inner_text().strip() == ("次の手番 ›" if lang == "ja" else "next turn ›")
            assert on.evaluate("(b) => getComputedStyle(b).opacity") == "1"
            height = page.locator("#replay-first").bounding_box()["height"]  # type: ignore[index]
            assert on.bounding_box()["height"] == height  # type: ignore[index]
            who.no_sideways_scroll()
            who.shot("end")
            assert not who.errors, who.errors
            who.close()  # before its server stops (its reconnecting would be a console error)


def test_a_spell_cast_step_by_step_is_said_before_anything_is_paid(
    tmp_path: Path, person: Any
) -> None:
    """Ruler of Mana: a spell aimed at a seat and not paid yet is said as the spell at that
    seat, in progress (no empty "pay with")."""
    names: list[str | None] = ["Ann", "Bo", None]
    with played_room(tmp_path / "db.sqlite", "SPELL", "ruler-of-mana", names, 2) as server:
        record = get(f"{server}/api/rooms/SPELL/replay")
        first, _last = next(
            m for m in _moves(record, "cast", 2) if record["history"][m[0]].startswith("@")
        )
        spell = record["history"][first - 1].split()[1].split("/")[0]
        target = int(record["history"][first][1:])
        faces = get(f"{server}/api/faces/ruler-of-mana?lang=en")
        who = person("spell")
        _open(who.page, server, "SPELL", first + 1, record["actors"][first - 1])  # the caster's
        said = label(who.page)
        bot = "easy bot 3"  # seat 2, the third
        assert faces["codes"][spell]["name"] in said and f"at {names[target] or bot}" in said
        assert said.endswith(" (in progress)") and "pay with" not in said, said
        assert not who.errors, who.errors
        who.close()


# Where the step buttons stand in the window, and whether anything of the page's end is under them.
NAV = """() => { const nav = document.querySelector('.replay-nav').getBoundingClientRect();
  const forward = document.querySelector('#replay-forward').getBoundingClientRect();
  const last = document.querySelector('.side').getBoundingClientRect();
  const bar = document.querySelector('.replay-bar').getBoundingClientRect();
  return { forward: [forward.top, forward.bottom], nav: nav.top, end: last.bottom,
    bar: [bar.top, bar.bottom], height: innerHeight, scrolled: scrollY }; }"""


def test_on_a_phone_the_steps_stay_in_reach_while_the_table_scrolls(
    tmp_path: Path, person: Any
) -> None:
    """On a phone the replay's bar is half a screen tall: its steps and their words stay at the
    window's foot, so that one steps on with one's hand in sight (they were screens above it),
    and the page's end (the log and the chat) scrolls clear of them. On a desktop they stay in
    the bar."""
    names: list[str | None] = ["Alice", None]
    with played_room(tmp_path / "db.sqlite", "REACH", "ruler-of-mana", names, 2) as server:
        for viewport in (DESKTOP, PHONE):
            who = person(f"reach-{viewport['width']}", "ja", viewport)
            page = who.page
            _open(page, server, "REACH", 3, 0)
            page.evaluate("scrollTo(0, document.documentElement.scrollHeight)")
            where = page.evaluate(NAV)
            if viewport is DESKTOP:  # in the bar, above the table
                assert where["bar"][0] <= where["forward"][0] < where["bar"][1], where
                who.close()
                continue
            assert where["scrolled"] > 0 and where["forward"][1] <= where["height"], where
            assert where["end"] <= where["nav"], where  # the chat not under the steps
            assert page.locator(".replay-nav #replay-step").is_visible()  # their words with them
            page.click("#replay-forward")  # past 4 and 5, the bot's cards put back one by one,
            _shown(page, 6)  # which look as 3 from Alice's seat
            assert page.evaluate(NAV)["forward"][1] <= where["height"]
            who.close()


def test_the_rematch_is_agreed_to_from_the_replay_s_bar(tmp_path: Path, person: Any) -> None:
    """A replay open after the game: its bar offers the rematch, as the result does (the result
    under it is the replayed game's and offers none), at any step; pressed, it says it waits
    for the others; once they agree the rematch begins and the replay closes."""
    names: list[str | None] = ["Alice", "Bob", None]
    with played_room(tmp_path / "db.sqlite", "AGAIN", "ruler-of-mana", names, 2) as server:
        who = person("rematch-replay", "ja", PHONE)
        page = who.page
        page.goto(f"{server}/r/AGAIN#token={seat_token(0)}")
        page.wait_for_selector(".result #rematch")
        page.click("#replay")
        steps = len(get(f"{server}/api/rooms/AGAIN/replay")["history"])
        _shown(page, steps)
        assert page.locator("#rematch").count() == 1  # the bar's, none under the result
        rematch = page.locator(".replay-bar #rematch")
        assert rematch.inner_text() == text("web.result.rematch", "ja")
        page.locator("#replay-slider").fill("3")
        _shown(page, 3)
        rematch.click()
        waiting = text("web.result.rematch_waiting", "ja", ready=1, people=2)
        page.wait_for_selector(".replay-bar #rematch[disabled]")
        assert rematch.inner_text() == waiting
        assert page.evaluate("window.bodoge.summary.rematch") == [0]
        who.no_sideways_scroll()
        who.shot("asked")
        assert post(f"{server}/api/rooms/AGAIN/rematch", {}, seat_token(1))["started"]
        page.wait_for_function("window.bodoge.summary.game_no === 2 && !window.bodoge.replay")
        page.wait_for_selector(".table .status")
        assert page.locator(".replay-bar, #rematch").count() == 0
        who.close()


def _change(server: str, room: str, seat: int, at: int, by: int, game: int = 1) -> int:
    """Where a step press from position ``at`` lands (``by`` 1 forward, -1 back): the next
    position, or the one before, that looks different from ``seat``; positions reached by a step
    of another seat's that it did not see, its view as it was, are passed over."""
    url = f"{server}/api/rooms/{room}/replay"
    steps = len(get(f"{url}?game={game}")["history"])

    def silent(k: int) -> bool:
        now, before = (get(f"{url}/{n}?game={game}&seat={seat}") for n in (k, k - 1))
        return bool(now["unseen"]) and now["view"] == before["view"]

    to = at + by
    while (to > 0 if by < 0 else to < steps) and silent(to):
        to += by
    return to


def _silent(server: str, room: str, seat: int, upto: int) -> list[int]:
    """The positions up to ``upto`` that look as the one before them from ``seat``: reached by
    a step of another seat's that it did not see, its view as it was."""
    at = f"{server}/api/rooms/{room}/replay"
    seen = [get(f"{at}/{k}?seat={seat}") for k in range(upto + 1)]
    same = [k for k in range(1, upto + 1) if seen[k]["view"] == seen[k - 1]["view"]]
    return [k for k in same if seen[k]["unseen"]]


def test_a_step_press_passes_over_positions_that_look_the_same_from_here(
    tmp_path: Path, person: Any
) -> None:
    """Ruler of Mana from Alice's seat: the bot puts back cards one by one, which Alice does not
    see (a row of positions that look the same, each "a step not seen from here" before). A step
    forward passes over them to the next change (its cards fly, as a step's), a step back to the
    position before them, from the keyboard too; the slider still stops on one, and says the bot
    is making a move."""
    names: list[str | None] = ["Alice", None]
    with played_room(tmp_path / "db.sqlite", "SILENT", "ruler-of-mana", names, 2) as server:
        silent = _silent(server, "SILENT", 0, 12)
        first = silent[0]
        last = next(k for k in range(first, 13) if k + 1 not in silent)
        assert last > first, silent  # a row of them (the bot's look put back, card by card)
        for lang, viewport in (("ja", PHONE), ("en", DESKTOP)):
            who = person(f"silent-{lang}", lang, viewport)
            page = who.page
            page.add_init_script(COUNTED)
            _open(page, server, "SILENT", first - 1, 0)
            page.evaluate("window.animated = 0")
            page.click("#replay-forward")
            _shown(page, last + 1)
            page.wait_for_function("() => window.animated > 0")  # the cards put back fly
            said = label(page)
            going = text("web.replay.unseen_going", lang, name="\0").split("\0")[1]
            assert not said.endswith(going), said
            who.shot("passed")
            page.click("#replay-back")
            _shown(page, first - 1)
            page.keyboard.press("ArrowRight")
            _shown(page, last + 1)
            page.keyboard.press("ArrowLeft")
            _shown(page, first - 1)
            page.locator("#replay-slider").fill(str(first + 1))
            _shown(page, first + 1)
            said = label(page)
            assert said.endswith(going), said
            who.shot("making-a-move")
            page.click("#replay-forward")  # from inside the row: on to its end
            _shown(page, last + 1)
            assert not who.errors, who.errors
            who.close()


TOAST = """() => { const toast = document.querySelector('.toast').getBoundingClientRect();
  const nav = document.querySelector('.replay-nav').getBoundingClientRect();
  return { toast: toast.bottom, nav: nav.top }; }"""


def test_on_a_phone_a_toast_stands_above_the_replay_s_steps(tmp_path: Path, person: Any) -> None:
    """On a phone the replay's steps stand at the window's foot: a toast (a step that could not
    be had) stands above them, not over their buttons."""
    names: list[str | None] = ["Alice", None]
    with played_room(tmp_path / "db.sqlite", "TOAST", "ruler-of-mana", names, 2) as server:
        who = person("toast-replay", "ja", PHONE)
        page = who.page
        _open(page, server, "TOAST", 3, 0)
        page.route(
            re.compile(r"/api/rooms/TOAST/replay/10\?"),
            lambda route: route.fulfill(status=404, json={"error": "no step"}),
        )
        page.locator("#replay-slider").fill("10")
        page.wait_for_selector(".toast:has-text('no step')")
        where = page.evaluate(TOAST)
        assert where["toast"] <= where["nav"], where
        # the bar is back at the step the table shows, not at the one that could not be had
        page.wait_for_function("() => document.querySelector('#replay-slider').value === '3'")
        steps = page.evaluate("window.bodoge.replay.record.history.length")
        assert text("web.replay.step", "ja", step=3, steps=steps) in label(page)
        who.shot("toast")
        who.errors = [e for e in who.errors if "404" not in e]  # the refused answer, logged
        who.close()
