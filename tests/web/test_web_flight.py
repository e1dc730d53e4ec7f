"""Cards travel across the table (web/flight.js), in a real browser: a card drawn flies from the
deck into its place in the hand, another seat's draw flies only a back, a card played flies from
the seat that played it, turning over; nothing shows a card the viewer's view does not; nothing
flies on a page's first drawing, a language switch, a replay's jump, a hidden page or for a
reader who asked for less motion.

The positions are stored before the server starts (tests/web/web_helpers.py, ``scenario_room``);
another seat's moves are a second person's, sent over the room's websocket. The page's animations
are slowed down (Chromium's DevTools protocol) so that a flight can be looked at mid-way."""

from __future__ import annotations

import random
from collections.abc import Callable
from contextlib import AbstractContextManager
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page
from web_helpers import (
    ASKED_EVERY_TIME,
    PHONE,
    played_room,
    replay_shown,
    scenario_room,
    seat_steps,
)

import bodoge
from bodoge.agents.base import Decision
from bodoge.agents.heuristic import game_heuristic
from bodoge.core.i18n import text

ANN = "scenario-seat-0-token-for-the-flight-tests"
BOB = "scenario-seat-1-token-for-the-flight-tests"
PEOPLE = {1: ("Bob", BOB)}
EM_MISSIONS = ["M1-04", "M1-07", "M1-02", "M2-03", "M2-07", "M2-05"]
EM_MISSIONS += ["M3-03", "M3-06", "M3-02", "M4-08", "M4-04", "M4-07"]
# Bob starts, and can complete Dead Drop (M1-04: three cards totalling 8 or less) with R2 R3 P1.
EM_BOB = {
    "start_player": 1,
    "missions": EM_MISSIONS,
    "hands": {"1": ["I-R2a", "I-R3a", "I-B5a", "I-G7a", "I-G8a", "I-P1a", "I-P2a", "I-Y4a"]},
    "discards": {"0": ["I-B9a"]},
}
# Bob starts (drawing ME1-01) and can cast Firestorm's first option (F F A) with what he holds.
RM_BOB = {
    "start_player": 1,
    "hands": {
        "0": ["MW1-01", "MW1-02", "S10", "ME1-03"],
        "1": ["MF1-02", "MF1-03", "MA1-02", "S07"],
    },
    "deck": ["ME1-01", "ME1-02", "S12"],
}
# Ann starts, holding Oracle Wind (S33: scry 3, then draw 2) and the wind mana to cast it; the
# deck's top three after her turn's draw are Earth mana, Deluge (S12) and Fire mana.
RM_SCRY = {
    "start_player": 0,
    "hands": {"0": ["S33", "MA1-02", "MW1-01", "S10"], "1": ["MF1-02", "S07", "MW1-02"]},
    "deck": ["ME1-01", "ME1-02", "S12", "MF1-03", "MW1-03"],
}
LOOKED_AT = ".resolving > .cards.row:last-child"  # where the top cards are shown to Ann

# Every flight's animation (flight.js gives each the id "flight"): what it moves (a card's id, or
# the class of a copy's part), and its first keyframe.
FLIGHTS = """() => document.getAnimations().filter((a) => a.id === 'flight').map((a) => ({
  card: a.effect.target.dataset.card || null, what: a.effect.target.className,
  first: a.effect.getKeyframes()[0]}))"""
# Every flight's animation that moves, turns or fades something yet composes its value with what
# lies under it (composite "add" or "accumulate"): Chromium runs such an animation on the page's
# main thread, never on the compositor (compositor_animations.h, kEffectHasNonReplaceCompositeMode).
ADDED = """() => document.getAnimations().filter((a) => a.id === 'flight'
    && a.effect.composite !== 'replace'
    && a.effect.getKeyframes().some((k) => ['transform', 'translate', 'scale', 'rotate', 'opacity']
      .some((p) => p in k)))
  .map((a) => [a.effect.target.dataset.card || a.effect.target.className, a.effect.composite])"""
# Every card id the page shows, on the table or flying (a copy's), that the viewer's view does
# not name: none, ever.
NOT_IN_VIEW = """() => { const text = JSON.stringify(window.bodoge.frame.view);
  return [...document.querySelectorAll('[data-card], [data-flight-card]')]
    .map((n) => n.dataset.card || n.dataset.flightCard)
    .filter((id) => !text.includes(`"${id}"`)); }"""
# Every flight paused at its start: the centres of `selectors` then, in the window (at once: the
# page may be scrolling).
AT_START = """(selectors) => { for (const a of document.getAnimations()) if (a.id === 'flight') {
  a.pause(); a.currentTime = 0; }
  return selectors.map((s) => { const r = document.querySelector(s).getBoundingClientRect();
    return [r.left + r.width / 2, r.top + r.height / 2]; }); }"""
# The flights of the first node `selector` finds: their first keyframe and their delay.
ANIMATIONS = """(selector) => document.querySelector(selector).getAnimations()
  .filter((a) => a.id === 'flight')
  .map((a) => ({ first: a.effect.getKeyframes()[0], delay: a.effect.getTiming().delay }))"""
# Every flight paused at its end: the centres of `selectors` then, in the window.
AT_END = """(selectors) => { for (const a of document.getAnimations()) if (a.id === 'flight') {
  a.pause(); a.currentTime = a.effect.getComputedTiming().endTime - 1; }
  return selectors.map((s) => { const r = document.querySelector(s).getBoundingClientRect();
    return [r.left + r.width / 2, r.top + r.height / 2]; }); }"""
# Each call of Element.animate (flight.js's alone in the room's page) counted in window.animated.
COUNTED = """(() => { window.animated = 0; const native = Element.prototype.animate;
  Element.prototype.animate = function (...args) {
    window.animated += 1;
    return native.apply(this, args);
  };
})()"""


def slow(page: Page, rate: float = 0.02) -> None:
    """The page's animations played at ``rate`` of their speed (a flight of 340 ms takes 17 s)."""
    cdp = page.context.new_cdp_session(page)
    cdp.send("Animation.enable")
    cdp.send("Animation.setPlaybackRate", {"playbackRate": rate})


def landed(page: Page) -> None:
    """Every flight ended: the table as it lies."""
    page.evaluate("document.getAnimations().forEach((a) => { if (a.id === 'flight') a.finish(); })")
    page.wait_for_function("!document.querySelector('#flights > *')")


def bob(link: str, room: str) -> AbstractContextManager[Callable[[str], None]]:
    """Bob's seat (seat 1) over the room's websocket: a function that takes his next step."""
    return seat_steps(link, room, BOB)


def distance(a: list[float], b: list[float]) -> float:
    return float(((a[0] - b[0]) ** 2 + (a[1] - b[1]) ** 2) ** 0.5)


def test_your_draw_flies_from_the_deck_into_your_hand(tmp_path: Path, person: Any) -> None:
    """Extreme Mission, 1280x800: nothing flies as the page first draws the table; a draw flies
    the card drawn, face up, from the deck to its place in the hand (the cards after it slide
    aside to make room), and can be pressed on its way; a language switch lands every flight."""
    setup = {"start_player": 0, "missions": EM_MISSIONS, "deck": ["I-R7a"]}
    with scenario_room(tmp_path / "db.sqlite", "extreme-mission", setup, "flydraw", ANN) as link:
        who = person("fly-draw", viewport={"width": 1280, "height": 800})
        page = who.page
        page.add_init_script(COUNTED)
        page.goto(link)
        page.wait_for_selector("#draw")
        page.wait_for_timeout(300)
        assert page.evaluate("window.animated") == 0  # the first drawing: nothing flies
        slow(page)
        page.click("#draw")
        drawn = ".mine .hand [data-card='I-R7a']"
        page.wait_for_selector(drawn)
        flights = page.evaluate(FLIGHTS)
        moved = {f["card"] for f in flights if "translate" in f["first"]}
        assert "I-R7a" in moved, flights
        assert len(moved) > 1, flights  # the hand made room for it
        assert page.locator(f"{drawn} .flight-back").count() == 0  # face up: it is yours
        page.wait_for_timeout(500)  # the log's words drawn meanwhile: the flight goes on
        start, deck = page.evaluate(AT_START, [drawn, ".deck > .card"])
        assert distance(start, deck) < 3, (start, deck)
        page.evaluate("document.getAnimations().forEach((a) => a.play())")
        # pressed on its way: a mission begun, the card flying still is an item of it
        page.click("[data-step='complete M1-02']")  # a run of two in a colour and any card
        page.wait_for_selector(f"{drawn}[data-step='R7']")
        page.click(f"{drawn}[data-step='R7']", force=True)
        page.wait_for_function("window.bodoge.building?.chosen.includes('R7')")
        assert "I-R7a" in {f["card"] for f in page.evaluate(FLIGHTS)}, "it landed as it was pressed"
        page.click(".building .cancel")
        page.click("button.lang:not(.on)")  # another language: everything lands at once
        page.wait_for_function("!document.getAnimations().some((a) => a.id === 'flight')")
        assert distance(*page.evaluate(AT_START, [drawn, ".deck > .card"])) > 100
        who.close()


def test_another_seat_s_draw_flies_a_back_and_its_play_turns_over(
    tmp_path: Path, person: Any
) -> None:
    """Extreme Mission at 390x844 in Japanese, Ann watching Bob play: his draw flies a card back
    from the deck to his hand, and nothing else; his mission flies his cards from his hand, backs
    first that turn over, to the mission (and the one left on top of his pile there). During and
    after each, every card the page shows, the flying copies' too, is one Ann's view names.
    Every flight replaces what it animates (ADDED): the top of his stack flew by two animations
    composed by "add" (its move and its turn), which stood still on a slow phone while the page
    drew the next frame."""
    path = tmp_path / "db.sqlite"
    with scenario_room(path, "extreme-mission", EM_BOB, "flybob", ANN, people=PEOPLE) as link:
        who = person("fly-bob", "ja", PHONE)
        page = who.page
        page.goto(link)
        page.wait_for_selector(".board .deck")
        slow(page)
        with bob(link, "flybob") as act:
            act("draw")
            page.wait_for_selector("#flights .flight")
            copies = page.locator("#flights .flight")
            assert copies.count() == 1
            assert page.locator("#flights .flight .card.back.em-back").count() == 1
            assert page.locator("#flights [data-flight-card], #flights .info").count() == 0
            assert {f["card"] for f in page.evaluate(FLIGHTS)} == {None}  # the table stays put
            assert page.evaluate(NOT_IN_VIEW) == []
            assert page.evaluate(ADDED) == []
            start, deck = page.evaluate(AT_START, ["#flights .flight", ".deck > .card"])
            assert distance(start, deck) < 3, (start, deck)
            landed(page)
            assert page.evaluate(NOT_IN_VIEW) == []

            act("complete M1-04 R2 R3 P1")
            page.wait_for_selector("#flights .flight [data-flight-card]")
            flying = page.evaluate(
                "[...document.querySelectorAll('#flights .flight')].map((f) => ["
                "f.querySelector('[data-flight-card]')?.dataset.flightCard,"
                " Boolean(f.querySelector('.flight-back'))])"
            )
            # all three to the mission, backs first; his turn ended: his spent cards, one stack
            # face down, go from his section to his pile, its top (R3) turning over as it lands
            assert sorted(flying) == [["I-P1a", True], ["I-R2a", True], ["I-R3a", True]], flying
            top = ".seat.seat-1 .pile [data-card='I-R3a']"
            assert page.locator(f"{top} .flight-back").count() == 1
            assert page.evaluate(NOT_IN_VIEW) == []
            assert page.evaluate(ADDED) == []
            stack = page.evaluate(ANIMATIONS, top)
            assert any("boxShadow" in a["first"] for a in stack), stack  # the two cards under it
            copies = page.evaluate(ANIMATIONS, "#flights .flight")
            assert min(a["delay"] for a in stack) > max(a["delay"] for a in copies)
            start, section = page.evaluate(AT_START, [top, ".seat.seat-1"])
            assert distance(start, section) < 3, (start, section)
            landed(page)
            assert page.locator(".flight-back").count() == 0
            assert page.evaluate(NOT_IN_VIEW) == []
        who.close()


# A scroll of the page by `by` px at once, every flight paused at its start: the centres of
# `selectors` in the window before it and just after it, measured before the page has said it
# scrolled (its scroll event comes at the next frame, as a phone's comes after its compositor
# has moved the page).
SCROLLED = """([by, selectors]) => {
  for (const a of document.getAnimations()) if (a.id === 'flight') { a.pause(); a.currentTime = 0; }
  const centres = () => selectors.map((s) => {
    const r = document.querySelector(s).getBoundingClientRect();
    return [r.left + r.width / 2, r.top + r.height / 2]; });
  const before = centres();
  scrollBy({ top: by, behavior: 'instant' });
  return [before, centres(), scrollY]; }"""


def test_a_card_in_flight_keeps_to_the_table_as_the_page_scrolls(
    tmp_path: Path, person: Any
) -> None:
    """Extreme Mission at 390x844, Ann watching Bob draw, the page scrolled while his card's back
    flies from the deck: the back moves with the page, in the same frame. Its layer, fixed to the
    window, was moved against the scroll when the page said it had scrolled, a frame later: a
    copy stood 42 px off the deck for a frame of a smooth scroll (a CI run's flight test)."""
    path = tmp_path / "db.sqlite"
    with scenario_room(path, "extreme-mission", EM_BOB, "flyscroll", ANN, people=PEOPLE) as link:
        who = person("fly-scroll", viewport=PHONE)
        page = who.page
        page.goto(link)
        page.wait_for_selector(".board .deck")
        slow(page)
        with bob(link, "flyscroll") as act:
            act("draw")
            page.wait_for_selector("#flights .flight")
            page.evaluate("scrollTo({ top: 0, behavior: 'instant' })")
            before, after, top = page.evaluate(
                SCROLLED, [120, ["#flights .flight", ".deck > .card"]]
            )
            assert top == 120  # the page is taller than the window by that much
            (copy, deck), (copy_after, deck_after) = before, after
            assert distance(copy, deck) < 3, (copy, deck)
            assert abs(deck_after[1] - (deck[1] - 120)) < 1, (deck, deck_after)
            assert distance(copy_after, deck_after) < 3, (copy_after, deck_after)
            landed(page)
        who.close()


def test_ruler_of_mana_s_backs_and_a_spell_cast_and_resolved(tmp_path: Path, person: Any) -> None:
    """Ruler of Mana at 1280x800: Bob's draw flies the back his view says (a mana card's: the
    log counts the mana drawn) and Ann's own draw, in the same frame, its face; Bob's spell and
    its payment fly from his hand turning over, and once resolved to the discard pile. Every
    card shown, the copies' too, is one Ann's view names."""
    path = tmp_path / "db.sqlite"
    with scenario_room(path, "ruler-of-mana", RM_BOB, "flyrm", ANN, people=PEOPLE) as link:
        who = person("fly-rm", viewport={"width": 1280, "height": 800})
        page = who.page
        page.add_init_script(ASKED_EVERY_TIME)  # she passes Bob's spell herself, once it is seen
        page.goto(link)
        page.wait_for_selector(".board .deck")
        slow(page)
        with bob(link, "flyrm") as act:
            act("draw")  # ME1-02, which ends his turn: Ann draws S12
            page.wait_for_selector(".mine .hand [data-card='S12']")
            page.wait_for_selector("#flights .flight")
            assert page.locator("#flights .flight").count() == 1
            assert page.locator("#flights .card.back.mana-back").count() == 1
            assert "S12" in {f["card"] for f in page.evaluate(FLIGHTS)}  # Ann's, face up
            assert page.evaluate(NOT_IN_VIEW) == []
            landed(page)
            page.click("#draw")  # Ann's turn ends: Bob's begins
            page.wait_for_function("window.bodoge.frame.view.current_player === 1")
            landed(page)
            act("cast S07/1 F1 F1 A1")
            page.wait_for_selector(".resolving [data-card='S07']")
            backs = page.evaluate(
                "[...document.querySelectorAll('.board .flight-back')].map((b) =>"
                " [b.parentElement.dataset.card, b.classList.contains('spell-back')])"
            )
            assert ["S07", True] in backs and ["MF1-02", False] in backs, backs
            assert page.evaluate(NOT_IN_VIEW) == []
            landed(page)
            page.click("[data-step='pass']")
            page.wait_for_selector("#flights .flight [data-flight-card='S07']")
            assert page.evaluate(NOT_IN_VIEW) == []
            landed(page)
            assert page.evaluate(NOT_IN_VIEW) == []
        who.close()


def test_nothing_flies_for_less_motion_or_a_hidden_page(tmp_path: Path, person: Any) -> None:
    """Bob draws twice, once for a reader who asked for less motion and once while the page is
    hidden: nothing flies; Ann's own draw after, on a page seen, flies."""
    path = tmp_path / "db.sqlite"
    with scenario_room(path, "extreme-mission", EM_BOB, "flyquiet", ANN, people=PEOPLE) as link:
        who = person("fly-quiet")
        page = who.page
        page.add_init_script(COUNTED)
        page.add_init_script(
            "Object.defineProperty(document, 'hidden', { get: () => Boolean(window.hide) })"
        )
        page.goto(link)
        page.wait_for_selector(".board .deck")
        with bob(link, "flyquiet") as act:
            page.emulate_media(reduced_motion="reduce")
            act("draw")
            page.wait_for_function("window.bodoge.frame.view.hand_sizes[1] === 9")
            page.emulate_media(reduced_motion="no-preference")
            page.evaluate("window.hide = true")
            act("draw")
            page.wait_for_function("window.bodoge.frame.view.current_player === 0")
            page.wait_for_timeout(300)
            assert page.evaluate("window.animated") == 0
            page.evaluate("window.hide = false")
            page.click("#draw")
            page.wait_for_function("window.animated > 0")
        who.close()


def test_a_replay_s_step_forward_flies_and_its_jumps_do_not(tmp_path: Path, person: Any) -> None:
    """A finished game's replay: one step forward, Ann's draw, flies the card drawn from the deck;
    a step back and a jump to either end fly nothing."""
    names = ["Ann", None]
    game = bodoge.make("extreme-mission", players=2)
    state = game.new_state(3)
    agents = [game_heuristic(game, s, random.Random(s)) for s in range(2)]
    draws = []
    while not state.is_over:
        state.apply(agents[state.current_player].act(Decision.of(state)))
        last = state.view(0)["log"][-1]
        if last["event"] == "draw" and last["seat"] == 0:
            draws.append((len(state.history), last["card"]))
    step, card = draws[1]
    with played_room(tmp_path / "db.sqlite", "FLYREPLAY", "extreme-mission", names, 3) as server:
        who = person("fly-replay")
        page = who.page
        page.add_init_script(COUNTED)
        page.goto(f"{server}/r/FLYREPLAY#replay=1.{step - 1}.0")
        replay_shown(page, step - 1)
        page.wait_for_timeout(300)
        assert page.evaluate("window.animated") == 0
        slow(page)
        page.click("#replay-forward")
        page.wait_for_selector(f".mine .hand [data-card='{card}']")
        assert card in {f["card"] for f in page.evaluate(FLIGHTS)}
        start, deck = page.evaluate(
            AT_START, [f".mine .hand [data-card='{card}']", ".deck > .card"]
        )
        assert distance(start, deck) < 3, (start, deck)
        landed(page)
        page.evaluate("window.animated = 0")
        page.click("#replay-back")
        replay_shown(page, step - 1)
        page.click("#replay-first")
        replay_shown(page, 0)
        page.wait_for_timeout(300)
        page.click("#replay-last")
        page.wait_for_function("window.bodoge.replay.view?.is_over")
        page.wait_for_timeout(300)
        assert page.evaluate("window.animated") == 0
        who.close()


def test_a_collaborator_turns_where_it_lies_and_a_turn_s_spent_cards_go_as_a_stack(
    tmp_path: Path, person: Any
) -> None:
    """Extreme Mission at 1280x800, Ann watching Bob: he turns his Infiltrator face up with R2
    and R3 (EM-3.6): his cards fly to it, and the collaborator itself turns over where it lies,
    its face-down side first; his two spent cards lie face down by his pile (EM-1.4); he passes:
    they go from there to his pile as one stack face down (EM-4.2), its top turning over as it
    lands, the card under it never shown."""
    setup = {**EM_BOB, "collaborators_down": {"1": ["IN"]}}
    path = tmp_path / "db.sqlite"
    with scenario_room(path, "extreme-mission", setup, "flyturn", ANN, people=PEOPLE) as link:
        who = person("fly-turn", viewport={"width": 1280, "height": 800})
        page = who.page
        page.goto(link)
        page.wait_for_selector(".board .deck")
        slow(page)
        with bob(link, "flyturn") as act:
            act("activate IN R2 R3")
            infiltrator = ".seat.seat-1 .collab[data-card='IN']"
            page.wait_for_selector(f"{infiltrator}[data-side='up']")
            assert page.locator(f"{infiltrator} > .collab.down.flight-back").count() == 1
            turns = page.evaluate(ANIMATIONS, infiltrator)
            assert any("rotate" in a["first"] for a in turns), turns
            assert page.evaluate(NOT_IN_VIEW) == []
            landed(page)
            assert page.locator(".flight-back").count() == 0
            # his two spent cards lie face down by his pile (EM-1.4) till his turn ends
            assert page.inner_text(".seat.seat-1 .spent") == "spent cards 2"
            pile = ".seat.seat-1 .pile"  # the pile's place (not its card, which will fly)
            spent, was = page.evaluate(AT_START, [".seat.seat-1 .spent > .card", pile])

            act("pass")
            page.wait_for_function("window.bodoge.frame.view.current_player === 0")
            top_id = page.evaluate("window.bodoge.frame.view.discard_tops[1]")
            top = f".seat.seat-1 .pile [data-card='{top_id}']"
            assert page.locator(f"{top} .flight-back").count() == 1
            stack = page.evaluate(ANIMATIONS, top)
            assert any("boxShadow" in a["first"] for a in stack), stack
            assert page.locator("#flights .flight").count() == 0  # the card under: edges only
            assert page.evaluate(NOT_IN_VIEW) == []
            # from the spent cards, as they lay beside the pile (the page has moved meanwhile)
            start, now = page.evaluate(AT_START, [top, pile])
            moved = [now[0] - was[0], now[1] - was[1]]
            assert distance(start, [spent[0] + moved[0], spent[1] + moved[1]]) < 3, (start, spent)
            assert page.locator(".seat.seat-1 .spent").count() == 0
            landed(page)
        who.close()


def test_an_exchange_s_offers_turn_face_up_together(tmp_path: Path, person: Any) -> None:
    """Ruler of Mana at 390x844 in Japanese: Bob declares an exchange and offers Firestorm, which
    stays in his hand unseen; Ann offers a card: the offers are turned face up together, Bob's
    flying from his hand turning over, Ann's from where it was shown to her, at the same moment;
    no back flies for an offer."""
    path = tmp_path / "db.sqlite"
    with scenario_room(path, "ruler-of-mana", RM_BOB, "flyswap", ANN, people=PEOPLE) as link:
        who = person("fly-swap", "ja", PHONE)
        page = who.page
        page.goto(link)
        page.wait_for_selector(".board .deck")
        with bob(link, "flyswap") as act:
            act("exchange")
            act("offer S07")
            page.wait_for_selector(".mine .hand [data-step='offer W1']")
            assert page.evaluate(NOT_IN_VIEW) == []
            slow(page)
            page.click(".mine .hand [data-step='offer W1']")
            bobs = ".seat.seat-1 .offer [data-card='S07']"
            page.wait_for_selector(bobs)
            assert page.locator(f"{bobs} .flight-back").count() == 1
            mine = page.evaluate("window.bodoge.frame.view.exchange[0]")
            anns = f".mine .offer [data-card='{mine}']"
            assert page.locator("#flights .flight").count() == 0
            delays = {a["delay"] for s in (bobs, anns) for a in page.evaluate(ANIMATIONS, s)}
            assert len(delays) == 1, delays
            start, hand = page.evaluate(AT_START, [bobs, ".seat.seat-1 .mini-hand"])
            assert distance(start, hand) < 40, (start, hand)
            landed(page)
            assert page.evaluate(NOT_IN_VIEW) == []
            # Bob's offered spell drawn as a card, its words readable (in a seat's panel half a
            # phone wide it had been 70 px wide, a few characters a line)
            box = page.locator(bobs).bounding_box()
            assert box is not None and box["width"] >= 120, box
            who.shot("offers")
        who.close()


def test_the_top_cards_looked_at_come_from_the_deck_and_go_back(
    tmp_path: Path, person: Any
) -> None:
    """Ruler of Mana at 1280x800: Ann casts Oracle Wind (scry 3, then draw 2): the three top
    cards fly from the deck to where they are shown to her, turning over (her cards, without the
    backs that stand for them at the others' tables); she puts them back, two to be drawn: those
    fly into her hand, the third back to the deck (not to the discard pile, as the spell
    resolved does)."""
    path = tmp_path / "db.sqlite"
    with scenario_room(path, "ruler-of-mana", RM_SCRY, "flyscry", ANN, people=PEOPLE) as link:
        who = person("fly-scry", viewport={"width": 1280, "height": 800})
        page = who.page
        with bob(link, "flyscry") as act:
            cast_oracle_wind(page, link, act, slow)
            shown = LOOKED_AT
            page.wait_for_selector(f"{shown} [data-card='S12']")
            for card in ["ME1-02", "S12", "MF1-03"]:
                assert page.locator(f"{shown} [data-card='{card}'] .flight-back").count() == 1
            # her own look: her cards, and none of the backs the others see in its place
            assert page.locator(f"{shown} > *").count() == 3
            assert page.locator(".resolving [data-from] > .card.back").count() == 0
            start, deck = page.evaluate(AT_START, [f"{shown} [data-card='S12']", ".deck > .card"])
            assert distance(start, deck) < 3, (start, deck)
            landed(page)
            put_back(page)
            page.wait_for_selector(".mine .hand [data-card='ME1-02']")
            page.wait_for_selector("#flights [data-flight-card='S12']")
            assert "MF1-03" in {f["card"] for f in page.evaluate(FLIGHTS)}  # into her hand
            end, deck, pile = page.evaluate(
                AT_END, ["#flights [data-flight-card='S12']", ".deck > .card", ".centre > .pile"]
            )
            assert distance(end, deck) < distance(end, pile), (end, deck, pile)
            assert distance(end, deck) < 20, (end, deck)
            landed(page)
            assert page.evaluate(NOT_IN_VIEW) == []
        who.close()


def cast_oracle_wind(page: Page, link: str, act: Callable[[str], None], then: Any = None) -> None:
    """Ann casts Oracle Wind, paying it with her wind mana; Bob lets it be (``then`` done to the
    page before his pass): the top three cards are shown to her."""
    page.goto(link)
    page.click(".option[data-step='cast S33/1']")
    page.click(".mine .hand [data-card='MA1-02']")
    page.click(".building .confirm[data-step]")
    page.wait_for_function("window.bodoge.frame.view.current_player === 1")
    if then:
        then(page)
    act("pass")
    page.wait_for_selector(f"{LOOKED_AT} [data-card='S12']")


def put_back(page: Page) -> None:
    """Ann puts the top cards back, Fire mana on top, Earth mana next (Deluge under them goes
    with them by itself), pressing the cards where they are shown, and confirms."""
    page.click(f"{LOOKED_AT} [data-card='MF1-03']")
    page.click(f"{LOOKED_AT} [data-card='ME1-02']")
    page.click(".building .confirm[data-step]")


def test_a_choice_among_the_top_cards_is_made_on_them_not_on_your_hand(
    tmp_path: Path, person: Any
) -> None:
    """Ruler of Mana at 390x844 in Japanese: the top cards Ann looks at are the items of her
    choice, pressed where they are shown; her own Earth mana, of the same kind as one of them, is
    none (pressed, it would have put back the deck's)."""
    path = tmp_path / "db.sqlite"
    with scenario_room(path, "ruler-of-mana", RM_SCRY, "scryhand", ANN, people=PEOPLE) as link:
        who = person("scry-hand", "ja", PHONE)
        page = who.page
        with bob(link, "scryhand") as act:
            cast_oracle_wind(page, link, act)
            own = ".mine .hand [data-card='ME1-01']"
            assert page.get_attribute(own, "data-step") is None
            page.click(f"{LOOKED_AT} [data-card='MF1-03']")
            page.wait_for_function("window.bodoge.building?.what === 'top F1'")
            assert page.get_attribute(f"{LOOKED_AT} [data-card='ME1-02']", "data-step") == "E1"
            assert page.get_attribute(own, "data-step") is None
            page.click(f"{LOOKED_AT} [data-card='ME1-02']")
            page.click(".building .confirm[data-step]")
            page.wait_for_selector(".mine .hand [data-card='ME1-02']")
            assert page.evaluate("window.bodoge.frame.view.hand").count("MF1-03") == 1
        who.close()


# Bob starts, holding Oracle Wind (S33) and the wind mana to cast it; after his turn's draw the
# deck's top three are Fire mana, Deluge (S12) and Earth mana, as in RM_SCRY.
RM_BOB_SCRY = {
    "start_player": 1,
    "hands": {"0": ["MF1-02", "S07", "MW1-02"], "1": ["S33", "MA1-02", "MW1-01", "S10"]},
    "deck": RM_SCRY["deck"],
}
# The table pushed 40 px down by the status line above it, and two frames for the page to see it.
PUSHED_DOWN = """() => { document.querySelector('.board > .status').style.paddingTop = '40px';
  return new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))); }"""
LOOKING = ".resolving [data-from='deck']"  # where Ann sees the cards Bob looks at
# The copies in flight that are a plain back (neither a mana card's nor a spell's): the centre of
# each at its flight's end, every flight paused there.
PLAIN_COPIES_AT_END = """() => { for (const a of document.getAnimations()) if (a.id === 'flight') {
  a.pause(); a.currentTime = a.effect.getComputedTiming().endTime - 1; }
  return [...document.querySelectorAll('#flights .flight')]
    .filter((f) => f.querySelector('.card.back:not(.mana-back):not(.spell-back)'))
    .map((f) => { const r = f.getBoundingClientRect();
      return [r.left + r.width / 2, r.top + r.height / 2]; }); }"""


@pytest.mark.parametrize(("lang", "size"), [("en", "1280x800"), ("ja", "390x844")])
def test_another_seat_s_look_at_the_deck_s_top_shows_its_backs(
    tmp_path: Path, person: Any, lang: str, size: str
) -> None:
    """Ann watching Bob cast Oracle Wind (scry 3): as he looks, three plain backs (which kinds
    they are is not Ann's to know, nor the deck's top then) fly from the deck to the play being
    resolved, under the words that say he is looking at the top three cards, and stay there,
    also on a page drawn anew (then without a flight); none names a card. He puts them back:
    the three backs fly back onto the deck."""
    width, height = (int(n) for n in size.split("x"))
    path = tmp_path / "db.sqlite"
    with scenario_room(path, "ruler-of-mana", RM_BOB_SCRY, "flylook", ANN, people=PEOPLE) as link:
        who = person(f"fly-look-{lang}", lang, {"width": width, "height": height})
        page = who.page
        page.add_init_script(COUNTED)
        page.add_init_script(ASKED_EVERY_TIME)  # she passes Bob's spell herself, once it is seen
        page.goto(link)
        page.wait_for_selector(".board .deck")
        slow(page)
        with bob(link, "flylook") as act:
            act("cast S33/1 A1")
            page.wait_for_function("window.bodoge.frame?.legal.includes('pass')")
            landed(page)
            page.click("[data-step='pass']")
            page.wait_for_selector(f"{LOOKING} .card.back")
            backs = page.locator(f"{LOOKING} .card.back")
            assert backs.count() == 3
            assert page.locator(f"{LOOKING} [data-card], #flights [data-flight-card]").count() == 0
            assert page.locator(f"{LOOKING} .mana-back, {LOOKING} .spell-back").count() == 0
            assert page.evaluate("window.bodoge.frame.view.deck_top_is_mana") is None
            assert page.evaluate(NOT_IN_VIEW) == []
            said = page.locator(".resolving .decision").inner_text()
            assert text("web.rm.decision.top", lang, name="Bob", n=3) in said
            assert "3" in said  # how many he looks at
            for k in range(3):
                start, deck = page.evaluate(
                    AT_START, [f"{LOOKING} .card.back:nth-child({k + 1})", ".deck > .card"]
                )
                assert distance(start, deck) < 3, (k, start, deck)
            landed(page)
            who.shot("looking")

            page.reload()  # drawn anew: the backs are there, and nothing flies
            page.wait_for_selector(f"{LOOKING} .card.back")
            page.wait_for_timeout(300)
            assert backs.count() == 3
            assert page.evaluate("window.animated") == 0
            slow(page)

            act("top F1 E1")
            page.wait_for_function("window.bodoge.frame.view.log.at(-1)?.event !== 'pass'")
            page.wait_for_function(
                "window.bodoge.frame.view.log.some((e) => e.event === 'scry' && e.seat === 1)"
            )
            page.wait_for_selector("#flights .flight")
            assert page.locator(LOOKING).count() == 0
            assert page.evaluate(NOT_IN_VIEW) == []
            # the table moves down as the backs fly (the status line above it a line taller, as
            # when its words come): they follow it (a CI run's landed 28 px off the deck)
            page.evaluate(PUSHED_DOWN)
            ends = page.evaluate(PLAIN_COPIES_AT_END)
            deck = page.evaluate(AT_END, [".deck > .card"])[0]
            assert len(ends) == 3, ends
            assert all(distance(end, deck) < 20 for end in ends), (ends, deck)
            landed(page)
            assert page.evaluate(NOT_IN_VIEW) == []
        who.close()


def test_another_seat_s_look_in_a_replay(tmp_path: Path, person: Any) -> None:
    """A finished game's replay as Ann saw it: Bob reads a scroll that looks at the deck's top
    five. Opened at that step, the five backs are shown and nothing flies; a step back takes them
    away, flying nothing; a step forward flies them from the deck; the step that puts them back
    flies them back onto it."""
    game = bodoge.make("ruler-of-mana", players=2)
    state = game.new_state(2)
    agents = [game_heuristic(game, s, random.Random(s)) for s in range(2)]
    look = back = 0
    while not back:
        said = len(state.view(0)["log"])
        state.apply(agents[state.current_player].act(Decision.of(state)))
        view = state.view(0)
        decision = (view["pending"] or {}).get("decision") or {}
        if not look and decision.get("kind") == "top" and decision["seat"] == 1:
            look = len(state.history)
        if look and any(e["event"] == "scry" for e in view["log"][said:]):
            back = len(state.history)
    shown = f"{LOOKING} .card.back, {LOOKING} [data-card], #flights [data-flight-card]"
    with played_room(tmp_path / "db.sqlite", "FLYLOOK", "ruler-of-mana", ["Ann", None], 2) as url:
        who = person("fly-look-replay", viewport={"width": 1280, "height": 800})
        page = who.page
        page.add_init_script(COUNTED)
        page.goto(f"{url}/r/FLYLOOK#replay=1.{look}.0")
        replay_shown(page, look)
        backs = page.locator(f"{LOOKING} .card.back")
        backs.first.wait_for()
        assert page.locator(shown).count() == 5  # the backs, and no card named
        page.wait_for_timeout(300)
        page.click("#replay-back")
        replay_shown(page, look - 1)
        page.wait_for_timeout(300)
        assert backs.count() == 0
        assert page.evaluate("window.animated") == 0
        slow(page)
        page.click("#replay-forward")
        replay_shown(page, look)
        backs.first.wait_for()
        start, deck = page.evaluate(AT_START, [f"{LOOKING} .card.back", ".deck > .card"])
        assert distance(start, deck) < 3, (start, deck)
        assert page.locator(shown).count() == 5
        landed(page)
        page.goto(f"{url}/r/FLYLOOK#replay=1.{back - 1}.0")  # the choice made, not yet shown
        replay_shown(page, back - 1)
        assert backs.count() == 5
        slow(page)
        page.click("#replay-forward")
        replay_shown(page, back)
        page.wait_for_selector("#flights .flight")
        ends = page.evaluate(PLAIN_COPIES_AT_END)
        deck = page.evaluate(AT_END, [".deck > .card"])[0]
        assert len(ends) == 5, ends
        assert all(distance(end, deck) < 20 for end in ends), (ends, deck)
        landed(page)
        who.close()
