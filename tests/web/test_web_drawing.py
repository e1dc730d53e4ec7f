"""How much the room's page draws for a state frame, counted in a real browser (never timed: a
test's machine is no phone). A phone at a quarter of a desktop's speed took some 100 ms to draw
Ruler of Mana's table for six (docs/speed.md, "The browser table on a slow phone"), so a
drawing that need not happen is worth counting.

The positions are stored before the server starts (tests/web/web_helpers.py, ``scenario_room``);
Bob's moves are sent over the room's websocket."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from playwright.sync_api import TimeoutError as WaitedTooLong
from web_helpers import AT_REST, PHONE, post, scenario_room, seat_steps

ANN = "scenario-seat-0-token-for-the-drawing-tests"
BOB = "scenario-seat-1-token-for-the-drawing-tests"
# Bob starts: his draw, the turn's action, ends his turn.
BOB_FIRST = {"start_player": 1}
# Each table the page put on its board (a drawing of the table: every card measured, built and
# laid out anew) while it handled no message of the room's websocket (from `counted.since` on).
COUNTED = """(() => {
  window.counted = { since: Infinity, unasked: 0, frames: [] };
  const tables = (records) => records.flatMap((r) => [...r.addedNodes])
    .filter((n) => n.parentElement?.classList.contains('board') && /-table\\b/.test(n.className));
  const seen = new MutationObserver((records) => {
    if (performance.now() > window.counted.since) window.counted.unasked += tables(records).length;
  });
  seen.observe(document, { childList: true, subtree: true });
  const Native = window.WebSocket;
  window.WebSocket = class extends Native {
    send(data) { // each frame sent and received, said when a test's wait ends in vain
      window.counted.frames.push(`sent ${data}`);
      super.send(data);
    }
    set onmessage(handle) {
      super.onmessage = (m) => {
        const f = JSON.parse(m.data);
        window.counted.frames.push(`got ${f.type} ${f.seq ?? ''} ${f.what ?? f.message ?? ''}`);
        seen.takeRecords(); // (what came before it: counted already)
        handle(m);
        seen.takeRecords(); // what it drew
      };
    }
    get onmessage() { return super.onmessage; }
  };
})()"""
READY_TO_DRAW = "window.bodoge.frame.legal.includes('draw') && !window.bodoge.busy"
# What the page had, said where a wait ends in vain (a CI run waited for Bob's turn in vain
# after Ann's press, twice, and never elsewhere).
HAD = """() => ({ busy: window.bodoge.busy, asking: window.bodoge.asking,
  offline: window.bodoge.offline, building: window.bodoge.building,
  seq: window.bodoge.frame.seq, legal: window.bodoge.frame.legal, scrollY,
  frames: window.counted.frames, note: document.querySelector('.note, .toast')?.textContent,
  draw: document.querySelector('#draw')?.outerHTML })"""
# The last frame's log all in words on the page.
ALL_SAID = "document.querySelectorAll('.log li').length === window.bodoge.frame.view.log.length"


def test_a_state_frame_draws_the_table_once(tmp_path: Path, person: Any) -> None:
    """Ruler of Mana at 390x844, Bob's turn and Ann's: a state frame draws the table as it comes,
    and the log's words for it, which come after, are added to the log alone. They drew the
    whole table a second time (a drawing for each frame's words: 2 for Bob's draw and Ann's)."""
    path = tmp_path / "db.sqlite"
    people = {1: ("Bob", BOB)}
    with scenario_room(path, "ruler-of-mana", BOB_FIRST, "drawonce", ANN, people=people) as link:
        who = person("draw-once", viewport=PHONE)
        page = who.page
        page.add_init_script(COUNTED)
        page.goto(link)
        page.wait_for_selector(".board .deck")
        page.wait_for_function(ALL_SAID)
        page.wait_for_timeout(500)  # the first drawings, as the page's words and faces come
        page.evaluate("window.counted.since = performance.now()")
        with seat_steps(link, "drawonce", BOB) as act:
            act("draw")
            page.wait_for_function("window.bodoge.frame.view.current_player === 0")
            page.wait_for_function(ALL_SAID)
            # the page ready for Ann's move (a click while it still settles may land on nothing:
            # a fresh clone's CI run under load waited 15 s for Bob's turn after it), and still:
            # a click while the page scrolls Ann's section into view went nowhere (3 runs in some
            # 150 under load, traced): Playwright scrolled the sticky bar's #draw into view, which
            # put the page at the bar's place at the board's foot (scrollY 102 to 471 at once),
            # where it is not stuck and rides the scroll; the page's own smooth scroll went on,
            # and the release 6 ms after the press met another button (scrollY 528)
            page.wait_for_function(READY_TO_DRAW)
            page.wait_for_function(AT_REST)
            page.locator("#draw").click()  # Ann's turn ends: Bob's begins
            try:
                page.wait_for_function("window.bodoge.frame.view.current_player === 1")
            except WaitedTooLong as error:
                raise AssertionError(
                    f"no turn of Bob's: the page had {page.evaluate(HAD)}"
                ) from error
            page.wait_for_function(ALL_SAID)
            page.wait_for_timeout(500)  # anything still to come
        unasked = page.evaluate("window.counted.unasked")
        who.close()
    assert unasked == 0


def test_a_press_survives_a_drawing_that_comes_while_it_is_held(
    tmp_path: Path, person: Any
) -> None:
    """Ruler of Mana at 1280x800, Ann's turn: she presses Draw, and before she lets go Bob's page
    goes (a room frame, which draws the page). The release still draws her card: the drawing
    waits for it. Before, the frame's drawing put a new Draw button in place of the one pressed,
    and the click went nowhere (a CI run's press of Draw sent nothing, once in many runs)."""
    path = tmp_path / "db.sqlite"
    people = {1: ("Bob", BOB)}
    with scenario_room(path, "ruler-of-mana", BOB_FIRST, "pressheld", ANN, people=people) as link:
        who = person("press-held")
        page = who.page
        page.goto(link)
        page.wait_for_selector(".board .deck")
        with seat_steps(link, "pressheld", BOB) as act:
            act("draw")
            page.wait_for_function(READY_TO_DRAW)
            page.wait_for_function(ALL_SAID)
            page.wait_for_timeout(300)  # the page settled: nothing else to draw
            box = page.locator("#draw").bounding_box()
            assert box is not None
            page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
            page.mouse.down()
            summary_at = page.evaluate("window.bodoge.summaryAt")
        # Bob's socket closed: the room frame saying so comes while Ann holds the press
        page.wait_for_function(f"window.bodoge.summaryAt > {summary_at}")
        page.mouse.up()
        page.wait_for_function("window.bodoge.frame.view.current_player === 1")
        who.close()


# Every CSS animation running on the page that the compositor cannot run apart from the main
# thread (a property other than transform, opacity and filter), and that never ends: restyled
# on the main thread every frame, for as long as the page stands.
RESTYLED = """() => document.getAnimations()
  .filter((a) => a.playState === 'running' && a.effect.getComputedTiming().iterations === Infinity
    && a.effect.getKeyframes().some((k) => Object.keys(k).some((p) =>
      !['offset', 'easing', 'composite', 'computedOffset', 'transform', 'opacity', 'filter']
        .includes(p))))
  .map((a) => `${a.animationName} on ${a.effect.target.className}`)"""


def test_a_hint_shown_restyles_nothing_every_frame(server: str, person: Any) -> None:
    """Ruler of Mana at 390x844, Ann's turn, the hint asked for: while the hinted card glows and
    nothing moves, no animation that only the main thread can run goes on forever. The hint's
    pulse of its box-shadow did (and was never seen: the glow is !important), 15-25% of the
    main thread at a quarter of a desktop's speed (docs/speed.md)."""
    made = post(f"{server}/api/rooms", {"game": "ruler-of-mana", "players": 2, "name": "Ann"})
    post(f"{server}/api/rooms/{made['room']}/seats/1/bot", {"level": "random"}, made["token"])
    post(f"{server}/api/rooms/{made['room']}/start", {"start_player": 0}, made["token"])
    who = person("hint-still", viewport=PHONE)
    page = who.page
    page.goto(f"{server}/r/{made['room']}#token={made['token']}")
    page.wait_for_selector("#hint:not([disabled])")
    page.click("#hint")
    page.wait_for_selector(".hinted")
    page.wait_for_timeout(500)
    assert page.evaluate(RESTYLED) == []
