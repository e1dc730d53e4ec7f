"""The table explains itself, in a real browser, from positions set up by scenarios: what cannot
be played now looks it and, pressed (or reached by Tab and Enter), says why in the move bar's
line, as the terminal says it; the move bar names in one line the kind of item to pick next, and
targets a two-player game's one opponent by itself; the hint says its whole move in words;
drawing has a button of its own, Extreme Mission's pass stands apart; and the next item to pick
is brought into view clear of the move bar, on every screen."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest
from test_web_keyboard import SETUP as KEYS
from web_helpers import AT_REST, PHONE, scenario_links

TOKEN = "scenario-seat-0-token-for-the-why-test"
# The keyboard test's position, but a level-2 mission done and one collaborator face up
# (Forger): many missions out of reach; nobody has discarded.
EM = {
    **KEYS,
    "completed": {"0": ["M2-01"]},
    "collaborators_down": {"0": ["HK", "DR", "SN", "IN"]},
}
# Seat 0 to act with no earth mana: Earthquake (E E) and Rock Blast (E…) cannot be cast,
# Fireball (F, F F, F F *) can, at the one opponent; Guardian Barrier is a reaction.
RM = {
    "start_player": 0,
    "hands": {"0": ["S01", "S21", "S19", "MF1-01", "MF1-02", "MW1-01", "MA2-01", "R02-a"]},
}
ROOMS = {
    "whyem": ("extreme-mission", EM),
    "whyrm": ("ruler-of-mana", RM),
    "whybar": ("ruler-of-mana", RM),
    "whyoffer": ("ruler-of-mana", RM),
    "whyitem": ("extreme-mission", EM),
    "whyhint": ("extreme-mission", EM),
    "whyhinten": ("extreme-mission", EM),
    "whyhintja": ("ruler-of-mana", RM),
    "whydraw": ("extreme-mission", EM),
    "whyview0": ("extreme-mission", EM),
    "whyview1": ("extreme-mission", EM),
    "whybusy": ("extreme-mission", EM),
}


@pytest.fixture(scope="module")
def links(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, str]]:
    """A server holding each room of ``ROOMS`` at its position (seat 0 a person, seat 1 an easy
    bot): each room's seat link."""
    with scenario_links(tmp_path_factory.mktemp("why") / "bodoge.sqlite", ROOMS, TOKEN) as links:
        yield links


def opened(person: Any, name: str, link: str, *how: Any) -> Any:
    """A person (``how``: their language and window) at the table of ``link``, their decision
    drawn."""
    who = person(name, *how)
    open_table(who.page, link)
    return who


def press(page: Any, selector: str, then: str) -> None:
    """Press what ``selector`` finds, and wait until ``then`` (a script) holds."""
    page.click(selector)
    page.wait_for_function(then, timeout=10000)


def open_table(page: Any, link: str) -> None:
    page.goto(link)
    page.wait_for_function(
        "window.bodoge.frame?.legal.length > 0 && !window.bodoge.busy", timeout=30000
    )
    page.wait_for_selector(".mine .hand [data-card]")
    page.wait_for_function(AT_REST)  # a dimmed item takes only a forced press


def note_after(page: Any, press: Any) -> str:
    """The move bar's line once ``press`` has changed it."""
    before = page.inner_text(".moves .note")
    press()
    page.wait_for_function(
        f"document.querySelector('.moves .note').innerText !== {before!r}", timeout=10000
    )
    return str(page.inner_text(".moves .note"))


def test_a_move_that_cannot_be_made_looks_it_and_says_why(
    links: dict[str, str], person: Any
) -> None:
    """Extreme Mission, 1280 x 900: a mission out of reach is dimmed, aria-disabled and offers no
    step; pressed, or reached by Tab and pressed with Enter, the move bar's line (one live region,
    kept) says the server's reason, and the mission's title keeps it; an empty discard pile says
    it is empty; nothing is played."""
    who = opened(person, "why-em", links["whyem"])
    page = who.page
    done = page.locator(".mission[data-refused='complete M2-08']")
    assert "unavailable" in (done.get_attribute("class") or "")
    assert done.get_attribute("aria-disabled") == "true" and done.get_attribute("data-step") is None
    page.evaluate("window.note = document.querySelector('.moves .note')")
    said = note_after(page, lambda: done.click(force=True))
    assert said == "You already completed a level-2 mission"
    assert done.get_attribute("title") == said
    assert page.get_attribute(".moves .note", "role") == "status"
    who.shot("why-mission")

    far = ".mission[data-refused='complete M4-03']"
    for _ in range(60):
        page.keyboard.press("Tab")
        if page.evaluate(f"document.activeElement === document.querySelector({far!r})"):
            break
    said = note_after(page, lambda: page.keyboard.press("Enter"))
    assert said == (
        "Your hand and face-up collaborators cannot meet Full-Spectrum Hack (M4-03)'s condition"
    )
    said = note_after(page, lambda: page.click("[data-refused='take 1']", force=True))
    assert said == "Easy bot 2's discard pile is empty"  # the seat as the table names it
    assert page.evaluate("window.note === document.querySelector('.moves .note')")
    assert page.evaluate("window.bodoge.frame.seq") == 0 and not page.evaluate("window.bodoge.busy")


def test_ruler_of_mana_greys_what_cannot_be_cast_and_says_why(
    links: dict[str, str], person: Any
) -> None:
    """390 x 844, Japanese: a spell none of whose options can be paid is greyed, each option
    dimmed, and a tap says why with the rule linked; a reaction scroll says it is no action; a
    castable option is offered as before."""
    who = opened(person, "why-rm", links["whyrm"], "ja", PHONE)
    page = who.page
    assert "none-castable" in (page.get_attribute(".hand [data-card='S21']", "class") or "")
    option = page.locator(".option[data-refused='cast S21/1']")
    said = note_after(page, lambda: option.click(force=True))
    # the mana it lacks, not RM-3.5's exactness: no earth in hand at all
    assert said == (
        "手札のマナが土2に足りません：土2不足（2玉のカードは2マナとして数えています。RM-3.2、RM-3.4）"
    )
    assert page.locator(".moves .note a.rule-id").all_inner_texts() == ["RM-3.2", "RM-3.4"]
    scroll = page.locator(".hand [data-refused='scroll R02']")
    said = note_after(page, lambda: scroll.click(force=True))
    assert said.startswith("守護結界（R02）はリアクションです"), said
    assert page.locator(".option[data-step='cast S01/3']").count() == 1
    assert page.locator("[data-refused='cast S01/3']").count() == 0
    who.no_sideways_scroll()
    who.shot("why-spell")


def test_a_spell_offered_whole_is_pressed_as_itself(links: dict[str, str], person: Any) -> None:
    """An exchange: a spell none of whose options can be cast is offered by a press on it (on
    its options too): outside the turn's action its options say nothing of casting, and take no
    press from the card."""
    who = opened(person, "why-offer", links["whyoffer"])
    page = who.page
    wanted = "window.bodoge.frame.legal.includes('offer S19') && !window.bodoge.busy"
    press(page, ".steps [data-step='exchange']", wanted)
    spell = page.locator(".hand [data-card='S19']")
    assert spell.get_attribute("data-step") == "offer S19"
    assert spell.locator("[data-refused]").count() == 0
    spell.click()  # its middle: an option
    # offered: held until the bot offers too (at once), then face up on the table
    offered = "((v) => v.pending?.your_offer || v.exchange?.['0'])(window.bodoge.frame.view)"
    assert page.wait_for_function(offered, timeout=10000) == "S19"


def test_the_move_bar_says_in_one_line_what_to_pick_and_targets_the_one_opponent(
    links: dict[str, str], person: Any
) -> None:
    """Fireball at the one opponent of a two-player game: the target is added for the person and
    the bar says so, then names what to pick next in one line (no "nothing chosen yet" beside a
    "not complete yet"); a spell card pressed as payment says it is no mana; the button that
    backs out reads Cancel."""
    who = opened(person, "why-bar", links["whybar"])
    page = who.page
    press(page, ".option[data-step='cast S01/3']", "window.bodoge.building?.chosen.includes('@1')")
    bar = page.locator(".building")
    assert page.inner_text(".building .needs").splitlines() == [
        "easy bot 2 is your only opponent: targeted.",
        "Pick a card to pay with",
    ]
    assert bar.locator(".chip").count() == 1 and "easy bot 2" in bar.locator(".chip").inner_text()
    assert page.inner_text(".building .cancel") == "Cancel"
    assert "nothing chosen" not in bar.inner_text() and "Not complete" not in bar.inner_text()
    spell = page.locator(".hand [data-card='S19']")
    assert spell.get_attribute("aria-disabled") == "true"
    said = note_after(page, lambda: spell.click(force=True))
    assert said == "Rock Blast is no mana: only mana cards pay for a spell"
    who.shot("why-bar")
    page.click(".building .cancel")
    page.wait_for_selector(".building", state="detached")


def test_a_card_that_does_not_fit_the_mission_says_its_condition(
    links: dict[str, str], person: Any
) -> None:
    """Secure the Safehouse (3 cards of one colour, two reds in hand): the bar says the wild it
    needs (the server's words) and asks for a card to reveal or a wild; with red 1 in, a blue
    card is dimmed and, pressed, names the condition it does not fit."""
    who = opened(person, "why-item", links["whyitem"])
    page = who.page
    page.click(".mission[data-step='complete M1-01']")
    page.wait_for_selector(".building")
    assert page.inner_text(".building .needs").splitlines() == [
        "Needs 1 collaborator as a wild.",
        "Pick a card to reveal or a collaborator to use as a wild",
    ]
    page.click(".hand [data-step='R1']")
    page.wait_for_function("window.bodoge.building?.chosen.includes('R1')")
    blue = page.locator(".hand [data-card='I-B2a']")
    assert "unavailable" in (blue.get_attribute("class") or "")
    said = note_after(page, lambda: blue.click(force=True))
    assert said == "blue 2 does not fit: Secure the Safehouse needs 3 cards of one colour"


# The hinted mission and your hand, both in the window above the move bar.
HINT_IN_SIGHT = """() => { const bar = document.querySelector('.moves').getBoundingClientRect().top;
  const seen = (s) => { const r = document.querySelector(s).getBoundingClientRect();
    return r.top >= 0 && r.bottom <= bar; };
  return seen('.mission.hinted') && seen('.mine .hand'); }"""


def test_the_hint_says_its_whole_move_in_words(links: dict[str, str], person: Any) -> None:
    """Beside its glow, the hint says the move it suggests, as the log names it: the mission and
    each card it is completed with."""
    who = opened(person, "why-hint", links["whyhint"])
    page = who.page
    said = note_after(page, lambda: page.click("#hint"))
    hint, faces = page.evaluate("[window.bodoge.hint, window.bodoge.faces]")
    assert hint[0].startswith("complete "), hint
    mission = faces["missions"][hint[0].split()[1]]["name"]
    cards = ", ".join(
        faces["kinds"][c]["name"] + " as a wild" if c in faces["kinds"] else faces["names"][c]
        for c in hint[1:]
    )
    assert said.splitlines()[0] == f"Hint: Complete {mission} with {cards}", said
    assert "hint" in (page.get_attribute(".moves .note", "class") or "")
    # the mission and the hand whose cards complete it, both in sight over the move bar
    page.wait_for_function(HINT_IN_SIGHT, timeout=5000)
    who.shot("why-hint")


def test_a_hint_pressed_while_a_move_waits_for_its_answer_asks_nothing(
    links: dict[str, str], person: Any
) -> None:
    """Hint pressed after a move is sent and before the server answers asks nothing: the
    position it would ask about is going (the server refused such a hint, 409, and the page
    told a person who had just moved that it was not their turn)."""
    who = person("why-busy")
    page = who.page
    held: list[Any] = []  # the move, kept from the server: the page waits for its answer

    def socket(ws: Any) -> None:
        server = ws.connect_to_server()
        ws.on_message(lambda m: held.append(m) if '"act"' in str(m) else server.send(m))

    page.route_web_socket(re.compile(r"/ws/rooms/"), socket)
    hints: list[str] = []
    page.on("request", lambda r: hints.append(r.url) if "/hint" in r.url else None)
    open_table(page, links["whybusy"])
    page.click("[data-step='draw']")
    page.wait_for_function("window.bodoge.busy")
    page.click("#hint")
    page.wait_for_timeout(600)
    assert held, "the move was not sent"
    assert hints == []
    assert page.locator(".toast").count() == 0


@pytest.mark.parametrize(
    ("room", "lang", "viewport", "why"),
    [
        (  # a run of 3 completes level 1, and nothing higher
            "whyhinten",
            "en",
            {"width": 1280, "height": 800},
            "Why: Level 1 is the highest level your hand completes without a wild",
        ),
        # Fireball's third option at the one opponent (the bot, by its name on the table)
        (
            "whyhintja",
            "ja",
            PHONE,
            "理由：{bot}に6ダメージを与えます。使うカード以上の価値があります",
        ),
    ],
)
def test_the_hint_says_why_under_its_move(
    links: dict[str, str], person: Any, room: str, lang: str, viewport: dict[str, int], why: str
) -> None:
    """Under the hint's move, in the page's language, the line that says why the bot would make
    it; in the move bar's live region with the move, so a screen reader reads both out; on a
    phone within the window."""
    who = opened(person, f"why-{room}", links[room], lang, viewport)
    page = who.page
    said = note_after(page, lambda: page.click("#hint"))
    bot = page.evaluate("window.bodoge.seatNames()[1]")
    assert said.splitlines()[-1] == why.format(bot=bot), said
    line = page.locator(".moves .note[role='status'] .why")
    assert line.inner_text() == why.format(bot=bot)
    box = line.bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= viewport["width"]
    assert box["y"] + box["height"] <= viewport["height"]
    who.shot(f"why-hint-{lang}")
    # the window as the person sees it: the move bar stays at its foot (a whole page's shot
    # leaves it out)
    page.screenshot(path=str(who.shots / f"{who.name}-why-hint-{lang}-window.png"))


def test_drawing_has_a_button_and_the_pass_stands_apart(links: dict[str, str], person: Any) -> None:
    """The other moves begin with a Draw button (the deck's step), the deck says it can be
    pressed, and the pass, which gives up the actions left, comes last and apart, saying so;
    the button draws."""
    who = opened(person, "why-draw", links["whydraw"])
    page = who.page
    buttons = page.locator(".steps button")
    assert buttons.first.get_attribute("data-step") == "draw"
    assert buttons.first.inner_text() == "Draw from the deck"
    last = buttons.nth(buttons.count() - 1)
    assert last.get_attribute("data-step") == "pass"
    assert "aside" in (last.get_attribute("class") or "")
    assert last.inner_text() == "End the action phase (2 unused)"
    assert last.bounding_box()["x"] > buttons.first.bounding_box()["x"] + 200
    assert page.inner_text(".deck .pile-hint") == "press to draw"
    assert page.get_attribute(".deck [data-step='draw']", "aria-label") == "Draw a card: deck 74"
    who.shot("why-draw")
    page.click(".steps [data-step='draw']")
    page.wait_for_function("window.bodoge.frame.seq === 1")


# The first item the move being built can take, outside the move bar: its box, the room the move
# bar leaves, and the page's scroll.
NEXT = """() => {
  const item = [...document.querySelectorAll('.hand [data-step]:not(.chosen)')][0];
  const box = item.getBoundingClientRect();
  return {top: box.top, bottom: box.bottom, scrolled: scrollY,
          room: innerHeight - document.querySelector('.moves').offsetHeight};
}"""


@pytest.mark.parametrize(
    ("room", "viewport", "motion"),
    [("whyview0", {"width": 1280, "height": 800}, "no-preference"), ("whyview1", PHONE, "reduce")],
)
def test_the_next_item_to_pick_is_brought_into_view_clear_of_the_move_bar(
    links: dict[str, str], person: Any, room: str, viewport: dict[str, int], motion: str
) -> None:
    """A mission pressed at the top of the page: the hand's first card that can go in is brought
    into the window, above the move bar (on a laptop it was below the window, under the bar); not
    while the person scrolls."""
    who = person(f"why-{room}", viewport=viewport)
    page = who.page
    page.emulate_media(reduced_motion=motion)
    open_table(page, links[room])
    mission = page.locator(".mission[data-step='complete M1-01']")

    page.evaluate("document.querySelector('.mission[data-card=\"M1-01\"]').scrollIntoView()")
    page.mouse.move(viewport["width"] // 2, viewport["height"] // 2)
    page.mouse.wheel(0, -5)  # the person scrolls: the page is left where they put it
    page.wait_for_timeout(100)
    held = page.evaluate("scrollY")
    mission.click()
    page.wait_for_selector(".building")
    page.wait_for_timeout(1500)
    assert page.evaluate("scrollY") == held
    page.click(".building .cancel")
    page.wait_for_selector(".building", state="detached")

    page.evaluate("window.scrollTo(0, 0)")
    page.wait_for_timeout(1300)  # longer ago than a scroll of the person's own
    mission.click()
    page.wait_for_selector(".building")
    page.wait_for_timeout(1500)  # a smooth scroll's time
    place = page.evaluate(NEXT)
    assert place["scrolled"] > 0 and place["top"] >= 0 and place["bottom"] <= place["room"], place
    who.shot("why-view")
    assert re.search(r"^Pick ", page.inner_text(".building .needs"), re.MULTILINE)
