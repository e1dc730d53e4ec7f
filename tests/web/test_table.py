"""Whole games in a real browser, by clicking alone: the lobby, a room shared by two people and a
bot, both games and the expert draft to the end, a phone-sized window, Japanese, replay and
reconnect. Screenshots go to each test's tmp_path.

The people here play by asking for a hint and clicking what it highlights (one card or choice a
click, then confirm): that is the heuristic's game, so it ends in a few dozen decisions.
"""

from __future__ import annotations

import contextlib
import time
from typing import Any

from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import TimeoutError as WaitedTooLong
from web_helpers import PHONE, Watched, in_header, rule_links

from bodoge.core.i18n import text

GAMES = ("extreme-mission", "ruler-of-mana")
DECISIONS = 400  # far more clicks than a game needs: a game that does not end fails
STALL = 60.0  # seconds with no click to make: the bots or the server are stuck


def frame(page: Any) -> Any:
    return page.evaluate("window.bodoge && window.bodoge.frame")


def step_once(who: Watched) -> bool:
    """One click towards a move, if this person has a decision: the confirm of a complete move,
    else what the hint highlights, else (the hint asked for) the first offered step."""
    page = who.page
    if page.locator("[data-step]").count() == 0:
        return False
    confirm = page.locator(".confirm[data-step]")
    if confirm.count():
        try:
            confirm.first.click(timeout=3000)
        except PlaywrightError:
            return False
        return True
    hinted = page.locator(".hinted[data-step]")
    if hinted.count() == 0 and page.locator("#hint:not([disabled])").count():
        try:
            page.click("#hint", timeout=3000)
            page.wait_for_selector(".hinted[data-step]", timeout=3000)
        except PlaywrightError:  # redrawn under the click, or no hint: the first offered step
            pass
    hinted = page.locator(".hinted[data-step]")
    target = hinted.first if hinted.count() else page.locator("[data-step]").first
    try:
        target.click(timeout=3000)
    except PlaywrightError:  # the table was redrawn under the click: look again next time
        return False
    return True


# The result's heading in the window (its top at least: the table under it may go on below).
RESULT_IN_SIGHT = """() => { const r = document.querySelector('.result h2').getBoundingClientRect();
  return r.top >= 0 && r.bottom <= innerHeight; }"""
# What a failed wait for it reports: where the heading and the result stood, in which window.
WHERE_THE_RESULT_IS = """() => {
  const box = (s) => { const r = document.querySelector(s)?.getBoundingClientRect();
    return r && [Math.round(r.top), Math.round(r.bottom)]; };
  return { h2: box('.result h2'), result: box('.result'), moves: box('.moves'), scrollY,
    innerHeight, height: document.documentElement.scrollHeight }; }"""


def play_to_end(*people: Watched, limit: int = DECISIONS) -> None:
    """Click for every person in turn until each page shows the result.

    Only rounds in which somebody clicked count towards ``limit``: while the bots think nobody
    has a decision, and how long that takes depends on the machine's load, so waiting is bounded
    by time instead (``STALL`` seconds without anybody having a click to make)."""
    clicks = 0
    stalled_since: float | None = None
    while clicks < limit:
        if all(p.page.locator(".result").count() for p in people):
            for who in people:  # the result brought into view (on a phone it was above, unseen)
                try:
                    who.page.wait_for_function(RESULT_IN_SIGHT, timeout=5000)
                except WaitedTooLong as error:
                    where = who.page.evaluate(WHERE_THE_RESULT_IS)
                    raise AssertionError(f"{error}: {where}") from error
            return
        moved = False
        for who in people:
            if step_once(who):
                moved = True
                who.page.wait_for_timeout(60)
        if moved:
            clicks += 1
            stalled_since = None
            continue
        now = time.monotonic()
        stalled_since = now if stalled_since is None else stalled_since
        if now - stalled_since > STALL:
            raise AssertionError(
                f"nobody had a click to make for {STALL} s, and no result: "
                + " | ".join(stall_report(who) for who in people)
            )
        time.sleep(0.1)
    raise AssertionError(f"no result after {limit} rounds of clicks")


def stall_report(who: Watched) -> str:
    """What a stuck page shows, for the failure's message (the screenshot, ``<name>-stall.png``,
    lies in the test's tmp_path, which CI does not keep): its steps, offered and visible, its
    console errors and the start of its text."""
    steps = who.page.locator("[data-step]")
    visible = sum(steps.nth(k).is_visible() for k in range(steps.count()))
    shot = who.shot("stall")
    text = " ".join(who.page.inner_text("body").split())[:400]
    return (
        f"{who.name}: {steps.count()} steps offered, {visible} visible, "
        f"errors {who.errors[-3:]}, screenshot {shot}, page: {text}"
    )


def open_lobby(who: Watched, server: str, name: str) -> None:
    who.page.goto(server + "/")
    who.page.wait_for_selector(".game-card")
    who.page.fill("#name", name)


def play_against_bots(who: Watched, game: str, players: int, variant: str = "basic") -> None:
    page = who.page
    page.select_option(f"#players-{game}", str(players))
    if variant != "basic":
        page.select_option(f"#variant-{game}", variant)
    page.select_option(f"#level-{game}", "easy")
    page.click(f"[data-create={game}][data-bots]")
    page.wait_for_selector(".table")


def test_every_page_loads_without_console_errors(server: str, person: Any) -> None:
    for lang in ("en", "ja"):
        who = person(f"pages-{lang}", lang)
        who.page.goto(server + "/")
        who.page.wait_for_selector(".game-card")
        assert who.page.locator("html").get_attribute("lang") == lang
        who.shot("lobby")
        for game in GAMES:
            who.page.goto(f"{server}/rules/{game}?lang={lang}")
            assert who.page.locator("main.rules").count() == 1
        who.page.goto(server + "/")
        who.page.wait_for_selector(".game-card")
        who.page.click("[data-create=extreme-mission]:not([data-bots])")
        who.page.wait_for_selector(".waiting")
        who.shot("room")


def test_two_people_and_a_bot_play_extreme_mission_to_the_end(server: str, person: Any) -> None:
    host, guest = person("host"), person("guest-ja", "ja")  # the guest reads Japanese
    open_lobby(host, server, "Aki")
    host.page.select_option("#players-extreme-mission", "3")
    host.page.click("[data-create=extreme-mission]:not([data-bots])")
    host.page.wait_for_selector(".waiting")
    room_url = host.page.url

    guest.page.goto(room_url)
    guest.page.wait_for_selector("[data-take='1']")
    guest.page.fill("#name", "Ben")
    guest.page.click("[data-take='1']")
    host.page.wait_for_selector("[data-bot='2']")
    host.page.click("[data-bot='2']")
    host.page.click("#start:not([disabled])")
    host.page.wait_for_selector(".em-table")
    guest.page.wait_for_selector(".em-table")
    for who in (host, guest):  # both pages have the frame in which a person decides
        who.page.wait_for_function("[0, 1].includes(window.bodoge.frame.view.current_player)")

    # the hooks: every face-up card of your hand carries its id; the missions are there, by level
    hand = host.page.locator(".mine .hand [data-card]")
    assert hand.count() == 8
    assert host.page.locator(".mission[data-card]").count() == 12
    assert guest.page.locator(".status").inner_text()  # whose turn, in words

    # a double click plays once: the deck is drawn from once, and the second click is refused
    # (whoever starts: the start player is drawn at random, and a bot may play first)
    first = host if frame(host.page)["legal"] else guest
    first.page.wait_for_selector(".deck [data-step='draw']")
    seat, seq = frame(first.page)["seat"], frame(first.page)["seq"]
    first.page.dblclick(".deck [data-step='draw']")
    first.page.wait_for_function(f"window.bodoge.frame.seq > {seq}")
    first.page.wait_for_timeout(300)
    log = frame(first.page)["view"]["log"]
    assert len([e for e in log if e["event"] == "draw" and e["seat"] == seat]) == 1
    host.shot("table")

    # reconnect: the guest closes the tab and opens the room again: the same seat
    guest.page.close()
    guest.page = guest.context.new_page()
    guest.page.on("pageerror", lambda e: guest.errors.append(str(e)))
    guest.page.goto(room_url)
    guest.page.wait_for_function("window.bodoge && window.bodoge.frame")
    assert frame(guest.page)["seat"] == 1

    guest.shot("table")
    play_to_end(host, guest)
    host.shot("result")
    guest.shot("result")
    assert host.page.locator(".result tbody tr").count() == 3
    # the rule ids the result and the log show link to their rules, in each reader's language
    for who in (host, guest):
        assert rule_links(who.page, ".result .tiebreak") == ["EM-5.3", "EM-5.4"]
        who.page.wait_for_selector(".log a.rule-id")  # someone met the end condition (EM-5.1)
        assert "EM-5.1" in rule_links(who.page, ".log")


def test_ruler_of_mana_on_a_phone_in_japanese_with_replay(server: str, person: Any) -> None:
    who = person("phone-ja", "ja", PHONE)
    open_lobby(who, server, "さくら")
    assert "部屋" in who.page.inner_text("body")
    play_against_bots(who, "ruler-of-mana", 3)
    who.page.check(in_header(who.page, "#quiet"))  # pass-only questions: the server answers
    who.page.keyboard.press("Escape")  # the menu closed again
    who.no_sideways_scroll()
    who.shot("table")
    play_to_end(who)
    who.no_sideways_scroll()
    who.shot("result")

    who.page.click("#replay")
    who.page.wait_for_selector(".replay-bar")
    who.page.wait_for_function("window.bodoge.replay.view")  # the bar's words once it has come
    last = who.page.inner_text(".replay-step")
    who.page.click("#replay-back")
    who.page.wait_for_function(f"document.querySelector('.replay-step').innerText !== {last!r}")
    who.page.click("#replay-forward")
    who.page.wait_for_function(f"document.querySelector('.replay-step').innerText === {last!r}")
    who.no_sideways_scroll()
    who.shot("replay")
    # the step in words, as the buttons of a move say it, never its notation (Japanese here)
    history = who.page.evaluate("window.bodoge.replay.record.history")
    for _ in range(3):
        said = who.page.inner_text(".replay-step")
        step = history[who.page.evaluate("window.bodoge.replay.step") - 1]
        assert f"・{len(history)}手中" in said and "：" in said, said  # ターン8・…
        what = said.split("：", 1)[1]
        # (a card's words carry its code, 大洪水（S12）: the step may be in them, not as them)
        assert what and what != step and what.split(" ")[0] != step.split(" ")[0], (said, step)
        assert who.page.locator(".replay-step code").count() == 0
        who.page.click("#replay-back")
        who.page.wait_for_function(f"document.querySelector('.replay-step').innerText !== {said!r}")
    who.page.click("[aria-label='最初へ']")
    who.page.wait_for_function(
        "document.querySelector('.replay-step').innerText.includes('開始時')"
    )
    # seen from another seat: that seat is marked as the view's, never as "you"
    who.page.select_option("#replay-seat", "1")
    who.page.wait_for_function("window.bodoge.replay.view && window.bodoge.replay.view.you === 1")
    who.page.wait_for_selector(".mine .badge.you")
    assert who.page.inner_text(".mine .badge.you") == "この視点"
    assert "あなた" not in who.page.inner_text(".board")
    who.shot("replay-seat1")


def test_expert_draft_then_ruler_of_mana_to_the_end(server: str, person: Any) -> None:
    who = person("expert")
    open_lobby(who, server, "Mia")
    play_against_bots(who, "ruler-of-mana", 2, "expert")
    who.page.wait_for_selector(".pack [data-step^='keep']")
    who.shot("draft")
    chips = who.page.locator(".table .status .chip").all_inner_texts()
    assert text("web.rm.before_first_turn", "en") in chips, chips  # the draft is no "turn 0"
    # the keyboard: every choice is reachable with Tab, and Enter makes it
    keep = who.page.locator(".pack [data-step^='keep']").first
    assert keep.get_attribute("tabindex") == "0" and keep.get_attribute("aria-label")
    seq = frame(who.page)["seq"]
    keep.focus()
    who.page.keyboard.press("Enter")
    who.page.wait_for_function(f"window.bodoge.frame.seq > {seq}")
    play_to_end(who)
    who.shot("result")


def test_extreme_mission_on_a_phone(server: str, person: Any) -> None:
    """The table at 390 px: no sideways scrolling, a move made by clicking (a game to the end on a
    phone is the Ruler of Mana test's)."""
    who = person("phone-en", "en", PHONE)
    open_lobby(who, server, "Kai")
    play_against_bots(who, "extreme-mission", 2)
    who.page.wait_for_function("window.bodoge.frame.legal.length > 0")
    who.no_sideways_scroll()
    who.shot("table")
    seq = frame(who.page)["seq"]
    while frame(who.page)["seq"] == seq:
        step_once(who)
        who.page.wait_for_timeout(100)
    who.no_sideways_scroll()
    who.shot("moved")
    log = who.page.inner_text(".log")
    assert "Kai" in log and "Seat " not in log, log  # the players by their names, not seats


WORDS_OF_LOG = """async () => {
    const view = window.bodoge.frame.view;
    const answer = await fetch('/api/words', {method: 'POST',
        headers: {'Content-Type': 'application/json'},
        body: JSON.stringify({game: view.game, lang: document.documentElement.lang,
                              events: view.log, names: window.bodoge.seatNames()})});
    return (await answer.json()).events.map((w) => w.trim());
}"""
SHOWN_LOG = "[...document.querySelectorAll('.log li')].map((li) => li.innerText.trim())"
# The log's words and its lines, both of one frame (null when a new one came meanwhile).
OF_ONE_FRAME = f"""async () => {{
    const seq = window.bodoge.frame.seq;
    const words = await ({WORDS_OF_LOG})();
    const shown = {SHOWN_LOG};
    return window.bodoge.frame.seq === seq ? {{words, shown}} : null;
}}"""


def log_matches_words(who: Watched, label: str) -> None:
    """The log list shows each entry of the frame's log once, in order, in the words the server
    gives for the whole log, in the page's language and with the table's names (waiting a moment
    for lines still being put into words, or a language switch still being drawn)."""
    page = who.page
    # a line for every entry first (cheap to ask, and a loaded machine may take a few seconds to
    # put a whole log into the other language's words), then the words themselves
    whole = f"() => {SHOWN_LOG}.length === window.bodoge.frame.view.log.length"
    with contextlib.suppress(PlaywrightError):  # the assertions below say what differs
        page.wait_for_function(whole, polling=250, timeout=30000)
    # The words and the lines of one frame: a bot answering a reaction window at its delay may
    # send the next while the words are asked for (Lou is asked in that window too).
    for _ in range(10):
        said = page.evaluate(OF_ONE_FRAME)
        if said is not None and said["shown"] == said["words"]:
            break
        page.wait_for_timeout(1000)
    assert said is not None, f"{label}: a new frame every time the words were asked for"
    words, shown = said["words"], said["shown"]
    assert len(shown) == len(words), f"{label}: {len(shown)} lines for {len(words)} events"
    assert shown == words, label


def test_the_log_shows_every_event_once_in_order_with_quick_bots(server: str, person: Any) -> None:
    """Six seats, five of them random bots that move at once: their frames come close together,
    and each entry of the log is put into words exactly once, in order (also after the language
    is switched while the bots play, and in a replay)."""
    who = person("log")
    open_lobby(who, server, "Lou")
    who.page.select_option("#players-ruler-of-mana", "6")
    who.page.select_option("#level-ruler-of-mana", "random")
    who.page.click("[data-create=ruler-of-mana][data-bots]")
    who.page.wait_for_selector(".table")
    for checkpoint in range(8):
        who.page.wait_for_function(
            "window.bodoge.frame && (window.bodoge.frame.legal.length > 0"
            " || window.bodoge.frame.view.is_over)"
        )
        log_matches_words(who, f"checkpoint {checkpoint}")
        if frame(who.page)["view"]["is_over"]:
            break
        seq = frame(who.page)["seq"]
        while frame(who.page)["seq"] == seq:
            if not step_once(who):
                who.page.wait_for_timeout(50)
        if checkpoint in (2, 5):  # while the bots' frames come in
            who.page.click(f".lang[lang={'ja' if checkpoint == 2 else 'en'}]")
    who.shot("log")


def test_the_log_keeps_its_lines_until_a_new_language_has_its_words(
    server: str, person: Any
) -> None:
    """A language switch asks for the log in the new language's words (POST /api/words); on a
    busy server the log was empty until they came. Held back here: the lines stay as they were
    (the rest of the page already switched), then the log is all in the new words."""
    who = person("log-switch")
    open_lobby(who, server, "Lin")
    play_against_bots(who, "ruler-of-mana", 2)
    page = who.page
    page.wait_for_function("window.bodoge.frame.legal.length > 0")  # the bot waits on us now
    log_matches_words(who, "before the switch")
    before = page.evaluate(SHOWN_LOG)
    assert before
    held: list[Any] = []  # the requests for words held back, until the gate opens
    gate = {"open": False}

    def hold(route: Any) -> None:
        if gate["open"]:
            route.continue_()
        else:
            held.append(route)

    page.route("**/api/words", hold)
    page.click(".lang[lang=ja]")
    page.wait_for_function(
        f"document.querySelector('.log-box h2').innerText === {text('web.log', 'ja')!r}"
    )
    for _ in range(100):  # the page has asked for the log's new words, and is waiting
        if held:
            break
        page.wait_for_timeout(50)
    assert held, "the page asked for no words after the switch"
    page.wait_for_timeout(300)  # anything drawn meanwhile is on show
    assert page.evaluate(SHOWN_LOG) == before
    who.shot("log-switching")
    gate["open"] = True
    for route in held:
        route.continue_()
    log_matches_words(who, "after the switch")
    assert page.evaluate(SHOWN_LOG) != before


def until_a_mission_can_be_completed(who: Watched) -> None:
    """Play the hint's moves until this person may complete a mission (Extreme Mission)."""
    page = who.page
    for _ in range(DECISIONS):
        page.wait_for_function("window.bodoge.frame.legal.length > 0", timeout=60000)
        if any(s.startswith("complete ") for s in frame(page)["legal"]):
            return
        seq = frame(page)["seq"]
        while frame(page)["seq"] == seq:
            if not step_once(who):
                page.wait_for_timeout(50)
    raise AssertionError("no mission could be completed")


IN_VIEW = """(selector) => {
    const box = document.querySelector(selector).getBoundingClientRect();
    return box.top >= 0 && box.bottom <= window.innerHeight;
}"""


def test_a_move_being_built_on_a_phone_keeps_its_bar_in_view(server: str, person: Any) -> None:
    """Extreme Mission, four seats, 390 x 844: a mission tapped to complete is marked, and the bar
    of the move (what is chosen, Confirm, Cancel) is in view however far the hand is down the
    page; scrolled to the end of the table, the bar covers none of the hand."""
    who = person("build-phone", "ja", PHONE)
    open_lobby(who, server, "さくら")
    play_against_bots(who, "extreme-mission", 4)
    page = who.page
    until_a_mission_can_be_completed(who)
    mission = page.locator(".mission[data-step^='complete ']").first
    card = mission.get_attribute("data-card")
    page.evaluate("window.scrollTo(0, 0)")
    mission.click()
    page.wait_for_selector(".building")
    page.screenshot(path=str(who.shots / "build-phone-building-viewport.png"))
    assert "chosen" in (page.get_attribute(f".mission[data-card='{card}']", "class") or "")
    for part in (".building .what", ".building .confirm", ".building .cancel"):
        assert page.evaluate(IN_VIEW, part), f"{part} is out of view"
    page.evaluate(
        "window.scrollTo(0, document.querySelector('.board').getBoundingClientRect().bottom"
        " + window.scrollY - window.innerHeight)"
    )
    page.wait_for_timeout(100)
    hand_bottom = page.evaluate(
        "Math.max(...[...document.querySelectorAll('.mine .hand .card')]"
        ".map((c) => c.getBoundingClientRect().bottom))"
    )
    bar_top = page.evaluate("document.querySelector('.building').getBoundingClientRect().top")
    assert hand_bottom <= bar_top + 1, f"the bar (top {bar_top}) covers the hand (to {hand_bottom})"
    page.screenshot(path=str(who.shots / "build-phone-end-viewport.png"))
    page.click(".building .cancel")
    page.wait_for_selector(".building", state="detached")
    who.no_sideways_scroll()


def test_six_seats_have_six_colours_and_the_chat_hint_fits(server: str, person: Any) -> None:
    """Every seat up to the most a game seats (Ruler of Mana's six) has a colour of its own, and
    the chat field's placeholder is not cut off on a desktop table."""
    who = person("six")
    open_lobby(who, server, "Mia")
    play_against_bots(who, "ruler-of-mana", 6)
    page = who.page
    page.wait_for_selector(".seat .dot")
    colours = page.evaluate(
        "[...document.querySelectorAll('.dot')].map((d) => getComputedStyle(d).backgroundColor)"
    )
    assert len(colours) == 6, colours
    assert len(set(colours)) == 6 and "rgba(0, 0, 0, 0)" not in colours, colours
    page.wait_for_selector("#chat-input")
    room = page.evaluate(
        """() => {
            const input = document.getElementById('chat-input');
            const style = getComputedStyle(input, '::placeholder');
            const pen = document.createElement('canvas').getContext('2d');
            pen.font = `${style.fontSize} ${style.fontFamily}`;
            const inner = input.clientWidth - parseFloat(getComputedStyle(input).paddingLeft)
                - parseFloat(getComputedStyle(input).paddingRight);
            return [pen.measureText(input.placeholder).width, inner, input.placeholder];
        }"""
    )
    assert room[0] <= room[1], f"the placeholder {room[2]!r} needs {room[0]} px of {room[1]}"


def test_a_collaborator_chosen_as_a_wild_is_marked_on_the_table(server: str, person: Any) -> None:
    """Extreme Mission: a collaborator picked as a wild for a mission is marked chosen where it
    lies (lifted, ringed, tagged "wild") and a click there takes it back; the move bar says what is
    still missing (the wilds the move needs, in the server's words, and what to pick next), not
    how many items could be added."""
    who = person("wild", "en")
    open_lobby(who, server, "Wil")
    play_against_bots(who, "extreme-mission", 2)
    page = who.page
    until_a_mission_can_be_completed(who)
    page.locator(".mission[data-step^='complete ']").first.click()
    page.wait_for_selector(".building")
    needs = page.inner_text(".building .needs")
    must = page.locator(".building .must-line")
    assert "possible additions" not in needs, needs
    assert "collaborator" in needs if must.count() else needs.startswith("Pick a card"), needs
    wild = page.locator(".mine .collab[data-step]").first
    kind = wild.get_attribute("data-card")
    wild.click()
    marked = f".mine .collab[data-card='{kind}']"
    page.wait_for_selector(f"{marked}.chosen[aria-pressed='true']")
    assert page.inner_text(f"{marked} .wild-tag") == "wild"
    who.shot("wild-chosen")
    page.click(marked)  # taken back where it lies
    page.wait_for_selector(f"{marked}:not(.chosen)")
    assert kind not in page.evaluate("window.bodoge.building.chosen")


def test_the_lobby_lists_joinable_rooms_apart_from_games_being_played(
    server: str, person: Any
) -> None:
    """Under "open rooms" the rooms not started; a game already being played (here one
    person's against bots) under its own heading, to watch."""
    solo, host = person("solo"), person("host-open")
    open_lobby(solo, server, "Sol")
    play_against_bots(solo, "extreme-mission", 2)
    solo.page.wait_for_function(
        "window.bodoge.summary && window.bodoge.summary.status === 'running'"
    )
    running = solo.page.url.rstrip("/").split("/")[-1]
    open_lobby(host, server, "Hana")
    host.page.click("[data-create=ruler-of-mana]:not([data-bots])")
    host.page.wait_for_selector(".waiting")
    waiting = host.page.url.rstrip("/").split("/")[-1]
    for lang in ("en", "ja"):
        who = person(f"lobby-{lang}", lang)
        who.page.goto(server + "/")
        who.page.wait_for_selector(".rooms h2")
        open_rooms = who.page.inner_text(".rooms .open-rooms")
        assert waiting in open_rooms and running not in open_rooms, open_rooms
        assert running in who.page.inner_text(".rooms .playing-rooms")
        headings = who.page.locator(".rooms h2").all_inner_texts()
        assert headings == (
            ["Open rooms", "Games being played (watch)"]
            if lang == "en"
            else ["参加できる部屋", "対戦中の部屋（観戦）"]
        ), headings
        who.shot("rooms")


def test_the_waiting_room_says_which_rules_the_game_is_played_by(server: str, person: Any) -> None:
    """A friend room of Ruler of Mana with the expert rules says so, translated, while it waits."""
    host = person("expert-host", "ja", PHONE)
    open_lobby(host, server, "ゆき")
    host.page.select_option("#variant-ruler-of-mana", "expert")
    host.page.click("[data-create=ruler-of-mana]:not([data-bots])")
    host.page.wait_for_selector(".waiting")
    assert host.page.inner_text(".waiting .variant-line") == "ルール：エキスパート（ドラフトあり）"
    host.shot("waiting")
    guest = person("expert-guest", "en")
    guest.page.goto(host.page.url)
    guest.page.wait_for_selector(".waiting .variant-line")
    assert guest.page.inner_text(".waiting .variant-line") == "Rules: Expert (with draft)"


FITS = """() => [...document.querySelectorAll('.card.mana')].map((card) => {
    const name = card.querySelector('.ename');
    const box = card.getBoundingClientRect();
    const words = name.getBoundingClientRect();
    const inside = words.left >= box.left - 0.5 && words.right <= box.right + 0.5
        && name.scrollWidth <= name.clientWidth + 1;
    // the bracket ("2 orbs"): its own span, else the text from its opening bracket on
    const range = document.createRange();
    const more = card.querySelector('.ename-more');
    const text = name.firstChild;
    const at = text.data.search(/[（(]/);
    if (more) range.selectNodeContents(more);
    else if (at >= 0) { range.setStart(text, at); range.setEnd(text, text.data.length); }
    const tops = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
    return {text: name.innerText, inside, oneLine: tops.size <= 1};
})"""


def test_ruler_of_mana_cards_keep_their_words_inside_on_a_phone(server: str, person: Any) -> None:
    """390 px, both languages: every mana card's name stays inside the card ("Rainbow" ran past
    its edge) and its bracket ("2 orbs", 「2玉」) is one line (it split "オー / ブ）"); your own
    seat is one box, not a box in a box."""
    for lang in ("en", "ja"):
        who = person(f"fit-{lang}", lang, PHONE)
        open_lobby(who, server, "Fit")
        play_against_bots(who, "ruler-of-mana", 2)
        page = who.page
        page.wait_for_selector(".mine .hand .card")
        for _ in range(6):  # a few turns: more mana of more kinds on the table
            if page.locator(".e-rainbow.mana, .card.mana .ename-more").count() >= 2:
                break
            page.wait_for_function("window.bodoge.frame.legal.length > 0", timeout=60000)
            # the seq of the frame decided on: taken before the wait, the frame of this move
            # could pass the wait below at once, and the next round click on it again
            seq = frame(page)["seq"]
            if "draw" in frame(page)["legal"]:
                page.click(".deck [data-step='draw']")
            elif not step_once(who):
                page.wait_for_timeout(50)
            page.wait_for_function(f"window.bodoge.frame.seq > {seq}", timeout=60000)
        fits = page.evaluate(FITS)
        assert fits and all(f["inside"] and f["oneLine"] for f in fits), fits
        border = page.evaluate(
            "getComputedStyle(document.querySelector('.mine .seat')).borderTopStyle"
        )
        assert border == "none", border
        who.shot("fit")
