"""The table by keyboard alone and for a screen reader, in a real browser: each game played with
Tab, Shift+Tab, Enter and Escape in a few presses a decision, the focus never dropped to the
page's start; a focused mission ringed unlike an unfocused one and never left under the move bar;
Escape backing out of a move and out of the question "leave your seat?"; the status line, the log,
the chat and the move bar's progress line kept as the same live nodes (a screen reader reads out
only changes to a live region already in the page); no motion for a reader who asks for less; a
long mission name wrapped, not cut off, on a small phone.

The keyboard player here follows the hint, as a person new to a game would: Hint, then what it
highlights, then Confirm, each reached by the fewer of Tabs or Shift+Tabs.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from test_table import frame, open_lobby, play_against_bots
from web_helpers import DESKTOP, PHONE, Watched, scenario_room

# The most Tabs (or Shift+Tabs) before one Enter, and in a decision the hint named all of (one
# Enter a choice besides: the hint, each item of the move, Confirm). With the focus dropped to the
# page's start after every action, a decision took 18 to 59 presses.
TABS = 6

# What the player goes for next: the hint's next item (a chosen card again, where the hint
# would have it pay otherwise), else Confirm, else the hint (once a
# decision), else the nearest thing offered (a card after a card); and the order Tab goes through
# the page.
KEYS_JS = """() => {
    const q = (s) => document.querySelector(s);
    const nearest = () => {
        const order = kbOrder(), at = order.indexOf(document.activeElement);
        const offered = order.filter((e) => e.matches('.board [data-step]:not(.chosen)'));
        const away = (e) => Math.abs(order.indexOf(e) - at);
        return offered.sort((a, b) => away(a) - away(b))[0];
    };
    window.kbTarget = (asked) => q('.board .hinted[data-step]')
        || q('.building .confirm[data-step]') || (asked ? null : q('#hint:not([disabled])'))
        || nearest();
    window.kbOrder = () => [...document.querySelectorAll(
        'a[href], button, input, select, textarea, summary, [tabindex]')]
        .filter((e) => e.tabIndex >= 0 && !e.disabled && e.getClientRects().length);
    // Tabs and Shift+Tabs from the focus to `target` (null: that way round would wrap)
    window.kbRoute = (target) => {
        const order = kbOrder();
        const to = order.indexOf(target);
        const at = document.activeElement;
        let from = order.indexOf(at);
        if (from < 0) { // the body or the status line: the next Tab goes to what follows it
            const before = order.filter(
                (e) => at.compareDocumentPosition(e) & Node.DOCUMENT_POSITION_PRECEDING);
            from = at === document.body ? -0.5 : before.length - 0.5;
        }
        return {tabs: to > from ? Math.ceil(to - from) : null,
                back: to < from && from >= 0 ? Math.ceil(from - to) : null};
    };
}"""

SIGN = """JSON.stringify([window.bodoge.frame.seq, window.bodoge.busy, window.bodoge.hint,
    window.bodoge.building && [window.bodoge.building.what, window.bodoge.building.chosen]])"""

ON_BODY = "!document.activeElement || document.activeElement === document.body"


def press_to(page: Any, asked: bool) -> tuple[int, str, bool]:
    """Tab (or Shift+Tab, the shorter way) to what the player goes for next, then Enter: the
    Tabs it took, what was pressed, and whether the hint led there (the hint, its items,
    Confirm)."""
    route = page.evaluate(f"kbRoute(kbTarget({json.dumps(asked)}))")
    key, count = ("Tab", route["tabs"]) if route["back"] is None else ("Shift+Tab", route["back"])
    if route["tabs"] is not None and route["back"] is not None and route["tabs"] < route["back"]:
        key, count = "Tab", route["tabs"]
    assert count is not None or route == {"tabs": None, "back": None}, route
    presses = 0
    for _ in range(count or 0):
        page.keyboard.press(key)
        presses += 1
    for _ in range(60):  # where the order above was wrong: on until there
        if page.evaluate(f"document.activeElement === kbTarget({json.dumps(asked)})"):
            break
        page.keyboard.press(key)
        presses += 1
    else:
        raise AssertionError(f"{key} never reached {page.evaluate('kbTarget(true)?.outerHTML')}")
    pressed, led = page.evaluate(
        "(() => { const a = document.activeElement; return [a.id || a.dataset.step || a.className,"
        " a.matches('#hint, .hinted, .confirm')]; })()"
    )
    sign = page.evaluate(SIGN)
    page.keyboard.press("Enter")
    page.wait_for_function(f"{SIGN} !== {json.dumps(sign)}", timeout=15000)
    page.wait_for_timeout(200)  # the log's words, drawn a moment later
    assert not page.evaluate(ON_BODY), f"the focus fell to the page's start after {pressed!r}"
    return presses, pressed, led


def play_by_keyboard(who: Watched, decisions: int) -> list[list[tuple[int, str, bool]]]:
    """For each of ``decisions`` decisions, its presses of Enter: the Tabs before, what was
    pressed, and whether the hint led there."""
    page = who.page
    page.evaluate(KEYS_JS)
    counts = []
    for _ in range(decisions):
        page.wait_for_function(  # a question one can only pass is the server's (the default)
            "window.bodoge.frame.view.is_over"
            " || window.bodoge.frame.legal.length > 0 && !window.bodoge.busy"
            " && !(window.bodoge.quiet && window.bodoge.frame.legal.join() === 'pass')",
            timeout=60000,
        )
        if frame(page)["view"]["is_over"]:
            break
        page.wait_for_timeout(200)
        if counts:  # between decisions the focus rests on the page (the status line)
            assert not page.evaluate(ON_BODY), "the focus fell to the page's start meanwhile"
        seq, pressed = frame(page)["seq"], []
        while frame(page)["seq"] == seq and not page.evaluate("window.bodoge.busy"):
            assert len(pressed) < 12, f"no move after {pressed}"
            pressed.append(press_to(page, any(what == "hint" for _, what, _ in pressed)))
        counts.append(pressed)
    return counts


@pytest.mark.parametrize(("game", "lang"), [("extreme-mission", "en"), ("ruler-of-mana", "ja")])
def test_each_game_by_keyboard_alone(server: str, person: Any, game: str, lang: str) -> None:
    """Eight decisions with Tab, Shift+Tab and Enter: the focus stays on the page after every
    press (on the control pressed, or where the move goes on: the hint's item, Confirm, the status
    line), so nothing the player goes for is more than a few Tabs away, and a move the hint names
    all of takes a few Tabs in all."""
    who = person(f"keys-{game}", lang)
    open_lobby(who, server, "Kei")
    play_against_bots(who, game, 2)
    who.page.wait_for_selector(".board .status")
    counts = play_by_keyboard(who, 8)
    who.shot("played")
    assert len(counts) >= 4, counts
    assert max(tabs for decision in counts for tabs, _, _ in decision) <= TABS, counts
    led = [decision for decision in counts if all(by_hint for _, _, by_hint in decision)]
    assert max((sum(tabs for tabs, _, _ in decision) for decision in led), default=0) <= TABS, led


KEEP_JS = """() => {
    window.kept = {status: document.querySelector('.board .status'),
                   log: document.querySelector('ol.log'),
                   line: document.querySelector('ol.log li'),
                   chat: document.querySelector('ol.chat')};
    window.takenOut = [];  // the kept nodes ever taken out of the page, even to be put back
    new MutationObserver((changes) => changes.forEach((c) => c.removedNodes.forEach((n) => {
        for (const [name, node] of Object.entries(window.kept)) {
            if (n === node || n.contains(node)) window.takenOut.push(name);
        }
    }))).observe(document.body, {childList: true, subtree: true});
    window.chatAdded = [];
    new MutationObserver((changes) => changes.forEach((c) => c.addedNodes.forEach(
        (n) => window.chatAdded.push(n.textContent)))).observe(window.kept.chat, {childList: true});
}"""


def test_live_regions_stay_in_the_page(server: str, person: Any) -> None:
    """A screen reader reads out changes to a live region already in the page, not a new one: the
    status line and the log stay the same nodes through a frame, and are never taken out and put
    back; a new log line is added to the list; a chat line sent adds that line alone. The lobby is
    no live region of a thousand characters."""
    who = person("live", "ja")
    open_lobby(who, server, "Rei")
    lobby_live = "document.querySelectorAll('#app[aria-live], main [aria-live]').length"
    assert who.page.evaluate(lobby_live) == 0
    play_against_bots(who, "extreme-mission", 2)
    page = who.page
    page.wait_for_function(
        "window.bodoge.frame.legal.includes('draw') && !window.bodoge.busy", timeout=60000
    )
    page.wait_for_selector("ol.log li")
    page.evaluate(KEEP_JS)
    status_before = page.inner_text(".board .status")
    lines = page.locator("ol.log li").count()
    seq = frame(page)["seq"]
    page.click(".deck [data-step='draw']")
    page.wait_for_function(f"window.bodoge.frame.seq > {seq}")
    page.wait_for_function(f"document.querySelectorAll('ol.log li').length > {lines}")
    assert page.inner_text(".board .status") != status_before
    same = page.evaluate(
        "Object.entries(window.kept).filter(([name, node]) => name !== 'chat'"
        " && !(node === document.querySelector(name === 'line' ? 'ol.log li' : name === 'log'"
        " ? 'ol.log' : '.board .status') && node.isConnected)).map(([name]) => name)"
    )
    assert same == [], f"drawn anew: {same}"
    assert page.evaluate("window.takenOut") == []
    page.fill("#chat-input", "こんにちは")
    page.keyboard.press("Enter")
    page.wait_for_selector("ol.chat li:has-text('こんにちは')")
    page.evaluate("window.chatAdded = []")
    page.fill("#chat-input", "二行目です")
    page.keyboard.press("Enter")
    page.wait_for_selector("ol.chat li:has-text('二行目です')")
    page.wait_for_timeout(300)
    added = page.evaluate("window.chatAdded")
    assert len(added) == 1 and "二行目です" in added[0], added
    assert page.evaluate("window.kept.chat === document.querySelector('ol.chat')")
    assert page.evaluate("window.takenOut") == []


def test_no_motion_for_a_reader_who_asks_for_less(server: str, person: Any) -> None:
    """prefers-reduced-motion: reduce: a new log line's slide, the turn's glow and the cards' lift
    run no animation nor transition (the marks themselves stay, the hint's too)."""
    who = person("still", "en")
    page = who.page
    page.emulate_media(reduced_motion="reduce")
    open_lobby(who, server, "Sam")
    play_against_bots(who, "extreme-mission", 2)
    page.wait_for_function(
        "window.bodoge.frame.legal.length > 0 && !window.bodoge.busy", timeout=60000
    )
    page.click("#hint")
    page.wait_for_selector(".hinted")
    page.hover(".board .choice")
    page.wait_for_timeout(300)
    moving = page.evaluate(
        "document.getAnimations().map((a) => a.animationName || a.transitionProperty)"
    )
    names = page.evaluate(
        "['.hinted', '.badge.turn', 'ol.log li'].map((s) => document.querySelector(s))"
        ".filter(Boolean).map((e) => getComputedStyle(e).animationName)"
    )
    lift = page.evaluate("getComputedStyle(document.querySelector('.card')).transitionDuration")
    assert moving == [] and set(names) == {"none"} and lift == "0s", (moving, names, lift)
    page.emulate_media(reduced_motion="no-preference")  # the same page moves again
    page.wait_for_timeout(100)
    lift = "getComputedStyle(document.querySelector('.card')).transitionDuration"
    assert page.evaluate(lift) != "0s"


# A position of Extreme Mission (stored before its server starts, as test_web_payment's): the
# longest mission names laid out, and seat 0 to play with a run of 5 in hand (Codebreaker's).
ROOM = "keys"
TOKEN = "scenario-seat-0-token-for-the-keyboard-test"
MISSIONS = ["M1-01", "M1-02", "M1-05", "M2-01", "M2-05", "M2-08"]
MISSIONS += ["M3-01", "M3-02", "M3-05", "M4-03", "M4-05", "M4-06"]
SETUP = {
    "start_player": 0,
    "missions": MISSIONS,
    "hands": {"0": ["I-R1a", "I-B2a", "I-G3a", "I-Y4a", "I-P5a", "I-R9a", "I-B9a", "I-G8a"]},
}


@pytest.fixture(scope="module")
def scenario(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A server whose one room is that position (seat 1 an easy bot): seat 0's link."""
    path = tmp_path_factory.mktemp("keys") / "bodoge.sqlite"
    with scenario_room(path, "extreme-mission", SETUP, ROOM, TOKEN, "Kai") as link:
        yield link


RING = "(e) => { const s = getComputedStyle(e); return [s.outline, s.boxShadow].join(' | '); }"

COVERED = """() => {
    const a = document.activeElement, bar = document.querySelector('.moves');
    if (!a || a === document.body || bar.contains(a)) return 0;
    const q = a.getBoundingClientRect(), m = bar.getBoundingClientRect();
    return Math.max(0, Math.min(q.bottom, m.bottom) - Math.max(q.top, m.top)) / q.height;
}"""


def test_a_mission_by_keyboard_escape_backs_out(scenario: str, person: Any) -> None:
    """1280 x 900: a mission reached by Tab is ringed unlike an unfocused one; Enter begins its
    move and puts the focus on the first card that can go in; no control Tab reaches while the
    move is built is more than half under the move bar; Escape backs out, the focus back on the
    mission; Escape closes the question "leave your seat?", the focus back on its button."""
    who = person("escape", "en")
    page = who.page
    page.goto(scenario)
    page.wait_for_selector(".mission[data-step='complete M2-08']")
    page.evaluate(KEYS_JS)
    mission = ".mission[data-step='complete M2-08']"
    for _ in range(40):  # from the keyboard: the focus is shown
        page.keyboard.press("Tab")
        if page.evaluate(f'document.activeElement === document.querySelector("{mission}")'):
            break
    focused = page.eval_on_selector(mission, RING)
    other = page.eval_on_selector(".mission[data-step='complete M2-05']", RING)
    assert focused != other, focused
    who.shot("escape-focus")

    page.keyboard.press("Enter")
    page.wait_for_selector(".building")
    page.wait_for_function("document.activeElement.closest('.hand')")
    assert page.evaluate("document.activeElement.dataset.card") == "I-R1a"  # the hand's first
    covered = []
    for _ in range(page.evaluate("kbOrder().length")):
        page.keyboard.press("Tab")
        share = page.evaluate(COVERED)
        if share > 0.5:
            covered.append(page.evaluate("document.activeElement.outerHTML.slice(0, 80)"))
    assert covered == [], covered

    page.keyboard.press("Escape")
    page.wait_for_selector(".building", state="detached")
    assert page.evaluate("window.bodoge.building") is None
    assert page.evaluate("document.activeElement.dataset.step") == "complete M2-08"

    page.focus("#leave")
    page.keyboard.press("Enter")
    page.wait_for_selector(".leave-confirm")
    assert page.evaluate("document.activeElement.id") == "leave-no"
    page.keyboard.press("Escape")
    page.wait_for_selector(".leave-confirm", state="detached")
    assert page.evaluate("document.activeElement.id") == "leave"


@pytest.mark.parametrize(("lang", "viewport"), [("en", DESKTOP), ("ja", PHONE)])
def test_the_first_tab_skips_to_the_move_bar(
    scenario: str, person: Any, lang: str, viewport: dict[str, int]
) -> None:
    """From a page just loaded, the first Tab shows a link in the window's corner, and Enter on it
    puts the focus on the move bar's first control: the action phase's end is the next Tab, three
    presses in all (31 Tabs went through the header, the seats and the table before). Not
    pressed: the room is the module's."""
    who = person(f"skip-{lang}", lang, viewport)
    page = who.page
    page.goto(scenario)
    page.wait_for_selector(".moves [data-step='pass']")
    hidden = page.eval_on_selector("a.skip", "(a) => a.getBoundingClientRect().bottom")
    assert hidden <= 0, hidden  # out of sight until focused
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.className") == "skip"
    box = page.eval_on_selector("a.skip", "(a) => a.getBoundingClientRect().toJSON()")
    assert box["top"] >= 0 and box["right"] <= viewport["width"], box
    who.shot("skip-shown")
    page.keyboard.press("Enter")
    assert page.evaluate("document.querySelector('.moves').contains(document.activeElement)")
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.dataset.step") == "pass"  # (the room is shared)


MISSION_SPILL = """() => [...document.querySelectorAll('.mission')].filter((m) => {
    const box = m.getBoundingClientRect();
    return m.scrollWidth > m.clientWidth + 1 || [...m.querySelectorAll('.lv, .mname, .cond')].some(
        (part) => [...part.getClientRects()].some((r) => r.right > box.right + 0.5));
}).map((m) => m.innerText.replace(/\\n/g, ' '))"""


def test_a_long_mission_name_wraps_on_a_small_phone(scenario: str, person: Any) -> None:
    """360 x 640: every mission's name and condition stay inside it ("Codebreaker" was cut to
    "Codebreake" at the window's edge)."""
    who = person("narrow", "en", {"width": 360, "height": 640})
    who.page.goto(scenario)
    who.page.wait_for_selector(".mission[data-card='M2-08']")
    assert who.page.evaluate(MISSION_SPILL) == []
    who.no_sideways_scroll()
    who.shot("missions")  # the page, not the missions' node: a frame may draw it anew meanwhile


# The move bar's progress line, marked, and whether it was ever taken out of the page.
NEEDS_JS = """() => {
    window.needs = document.querySelector('.moves .needs');
    window.needsOut = false;
    new MutationObserver((changes) => changes.forEach((c) => c.removedNodes.forEach((n) => {
        if (n === window.needs || n.contains(window.needs)) window.needsOut = true;
    }))).observe(document.body, {childList: true, subtree: true});
}"""


def test_the_move_bars_progress_line_is_one_live_region_changed_in_place(
    scenario: str, person: Any
) -> None:
    """Codebreaker (a run of 5) built card by card: the move bar's progress line is a polite
    live region already in the page before the move begins (empty), the same node through every
    card picked, its words changed in place (what to pick, to the fifth, then "complete"),
    and still there, empty, once the move is backed out; never taken out and put back (the line
    was drawn anew on every pick, and a screen reader read none of its changes)."""
    who = person("progress", "en")
    page = who.page
    page.goto(scenario)
    page.wait_for_selector(".mission[data-step='complete M2-08']")
    page.evaluate(NEEDS_JS)
    assert page.evaluate("window.needs?.getAttribute('aria-live')") == "polite"
    assert page.evaluate("window.needs.isConnected && window.needs.textContent") == ""
    page.click(".mission[data-step='complete M2-08']")
    page.wait_for_selector(".building")
    said = [page.evaluate("window.needs.textContent")]
    for n, card in enumerate(["I-R1a", "I-B2a", "I-G3a", "I-Y4a", "I-P5a"], 1):
        page.click(f".mine .hand [data-card='{card}']")
        page.wait_for_function(f"document.querySelectorAll('.building .chip').length === {n}")
        assert page.evaluate("window.needs === document.querySelector('.building .needs')"), n
        said.append(page.evaluate("window.needs.textContent"))
    who.shot("progress-complete")
    # what to pick next, the same line until the move is complete
    assert said[:5] == [said[0]] * 5 and said[0].startswith("Pick a card"), said
    assert said[5] == "Complete: confirm to play it", said
    page.keyboard.press("Escape")
    page.wait_for_selector(".building", state="detached")
    assert page.evaluate("window.needs.isConnected && window.needs.textContent") == ""
    assert page.evaluate("window.needsOut") is False
