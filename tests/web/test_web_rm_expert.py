"""Ruler of Mana's expert rules on the browser table, from positions set up by scenarios.

RM-2.4: a step that ends your turn with 10 or more cards in hand says so on its button before
it is pressed (the hand it ends with, the life it costs), with the rule under the buttons, its id
a link to the rule, as the log links one; a cycle or a spell being built says it in the bar (a
spell: the hand its play leaves, as it is paid for); a scroll in the hand or the deck that takes
such a step at a press is ringed and tagged on the table. Only in the expert game, only your own
hand (the warning is about it: on your page alone).
RM-5.1: the life figure shows the cap ("15/15"); a heal cut by it says in the log what was lost
and why, the rule's id a link."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from test_web_rm_bar import at_table
from web_helpers import PHONE, scenario_links

TOKEN = "scenario-seat-0-token-for-the-rm-expert-test"
MANA = ["MF1-01", "MF1-02", "MF1-03", "MW1-01", "MW1-02", "MW1-03", "MA1-01", "MA1-02", "MA1-03"]
DECK = ["ME1-01", "ME1-02", "ME1-03", "ME1-04"]


def holding(n: int) -> dict[str, Any]:
    """Seat 0 to act, holding ``n`` mana cards before its turn's draw; seat 1 a card alone."""
    return {"start_player": 0, "hands": {"0": MANA[:n], "1": ["MW1-04"]}, "deck": DECK}


# Seat 0 casts Gaia's Blessing, option 2 (E E: heal 4) at 14 life: 1 of it heals (RM-5.1).
HEAL = {
    "start_player": 0,
    "hands": {"0": ["S22", "ME1-01", "ME1-02"], "1": ["MW1-01", "MW1-02"]},
    "deck": ["MF1-01", "MF1-02", "MF1-03"],
    "life": {"0": 14},
}
# Seat 0 to act holding Elixir and 10 mana cards: 11 after the turn's draw (RM-2.1, expert: 2
# under the deck, 2 drawn), reading it leaves 10.
SCROLL = {"start_player": 0, "hands": {"0": ["R09-a", *MANA, "MF1-04"], "1": ["MW1-04"]}}
SCROLL["deck"] = DECK
# Seat 0 to act holding Gaia's Blessing, 2 earth mana and 10 more: 13 after the turn's draw.
SPELL = {"start_player": 0, "hands": {"0": ["S22", "ME1-01", "ME1-02", *MANA, "MF1-04"]}}
SPELL["hands"]["1"] = ["MW1-04"]
SPELL["deck"] = ["ME1-03", "ME1-04", "MF1-05", "MW1-05"]
ROOMS = {
    "rmspell": ("ruler-of-mana", SPELL, "expert"),
    "rmscroll": ("ruler-of-mana", SCROLL, "expert"),
    "rmscrollbasic": ("ruler-of-mana", SCROLL),
    "rmnine": ("ruler-of-mana", holding(8), "expert"),
    "rmnineja": ("ruler-of-mana", holding(8), "expert"),
    "rmten": ("ruler-of-mana", holding(9), "expert"),
    "rmbasic": ("ruler-of-mana", holding(9)),
    "rmheal": ("ruler-of-mana", HEAL, "expert"),
    "rmhealja": ("ruler-of-mana", HEAL, "expert"),
}
WIDE = {"width": 1280, "height": 800}


@pytest.fixture(scope="module")
def links(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, str]]:
    """A server holding each room of ``ROOMS`` at its position (seat 0 a person, seat 1 an easy
    bot): each room's seat link."""
    with scenario_links(tmp_path_factory.mktemp("rmx") / "bodoge.sqlite", ROOMS, TOKEN) as links:
        yield links


def warnings(page: Any) -> dict[str, str]:
    """Each step button's warning, by its step."""
    found = page.eval_on_selector_all(
        ".steps .step.costly",
        "(bs) => bs.map((b) => [b.dataset.step, b.querySelector('.step-cost').innerText])",
    )
    return dict(found)


def test_rm_2_4_drawing_the_tenth_card_says_it_costs_2_life(
    links: dict[str, str], person: Any
) -> None:
    """1280 x 800, 9 cards after the turn's draw: Draw 1 more says it ends the turn with 10 cards
    and costs 2 life, the rule under the buttons links RM-2.4; the cycle and the exchange (9 at
    the end) say nothing. The button said only "Draw 1 more card (ends the turn)"."""
    who = at_table(person, "nine-en", links["rmnine"], "en", WIDE)
    page = who.page
    assert warnings(page) == {"draw": "ends the turn with 10 cards: −2 life"}
    assert page.inner_text(".steps #draw").splitlines()[0] == "Draw 1 more card (ends the turn)"
    assert page.inner_text(".steps .warn-line") == (
        "Expert rule RM-2.4: a player who ends the turn with 10 or more cards in hand loses 2 life."
    )
    href = page.get_attribute(".steps .warn-line a.rule-id", "href")
    assert href is not None and href.endswith("/rules/ruler-of-mana?lang=en#RM-2.4"), href
    assert page.get_attribute(".steps #draw", "aria-describedby") == "turn-end-rule"
    assert page.inner_text(".mine .life > [aria-hidden]") == "♥ 15/15"  # RM-5.1: the cap
    who.shot("nine")


def test_rm_2_4_on_a_phone_in_japanese(links: dict[str, str], person: Any) -> None:
    """390 x 844, Japanese: the same warning in the catalogue's words, nothing wider than the
    window."""
    who = at_table(person, "nine-ja", links["rmnineja"], "ja", PHONE)
    page = who.page
    assert warnings(page) == {"draw": "手札10枚でターン終了：ライフ−2"}
    assert page.inner_text(".steps .warn-line") == (
        "エキスパートのルール（RM-2.4）：手札10枚以上でターンを終えると、ライフが2減ります。"
    )
    who.no_sideways_scroll()
    page.locator(".steps").scroll_into_view_if_needed()
    who.shot("nine-ja")


def test_rm_2_4_with_10_cards_every_turn_ending_step_says_it(
    links: dict[str, str], person: Any
) -> None:
    """10 cards after the turn's draw: drawing (11), cycling and exchanging (10) each end the
    turn at the limit; the cycle, once begun, says it in the bar too."""
    who = at_table(person, "ten-en", links["rmten"], "en", WIDE)
    page = who.page
    assert warnings(page) == {
        "draw": "ends the turn with 11 cards: −2 life",
        "cycle": "ends the turn with 10 cards: −2 life",
        "exchange": "ends the turn with 10 cards: −2 life",
    }
    page.click(".steps [data-step='cycle']")
    page.wait_for_function("window.bodoge.building?.what === 'cycle'")
    assert page.locator(".building .then-line").all_inner_texts() == [
        "This move ends the turn with 10 cards in hand: you lose 2 life (RM-2.4)."
    ]
    assert page.locator(".building .then-line a.rule-id").inner_text() == "RM-2.4"
    who.shot("ten-cycle")


def test_rm_2_4_the_basic_game_has_no_such_warning(links: dict[str, str], person: Any) -> None:
    """RM-2.4 is the expert game's: 10 cards at the end of a basic turn cost nothing, and the
    life figure has no cap (RM-5.1 basic)."""
    who = at_table(person, "basic-en", links["rmbasic"], "en", WIDE)
    page = who.page
    assert warnings(page) == {}
    assert page.locator(".steps .warn-line").count() == 0
    assert page.inner_text(".mine .life > [aria-hidden]") == "♥ 15"


def two_under_the_deck(page: Any, then: str) -> None:
    """RM-2.1 (expert): 10 or more cards in hand, a fire and a water mana put under the deck (and
    2 drawn); until ``then`` is offered."""
    page.click(".mine .hand [data-step='bottom F1']")
    page.click(".mine .hand [data-step='W1']")
    page.click(".building .confirm[data-step]")
    page.wait_for_function(f"bodoge.frame.legal.includes('{then}') && !bodoge.busy")


def test_rm_2_4_a_spell_being_paid_for_says_the_hand_it_leaves(
    links: dict[str, str], person: Any
) -> None:
    """13 cards after the turn's draw: Gaia's Blessing's option 2 begun, the bar says the hand
    the play leaves before its effects, 12, then 10 once both earth mana pay for it."""
    who = at_table(person, "spell-en", links["rmspell"], "en", WIDE)
    page = who.page
    two_under_the_deck(page, "cast S22/2")
    page.click(".option[data-step='cast S22/2']")
    page.wait_for_function("window.bodoge.building?.what === 'cast S22/2'")
    line = ".building .then-line"
    said = "After this play you hold {n} cards, before its effects: a turn ended with 10 or more"
    said += " loses 2 life (RM-2.4)."
    assert page.locator(line).all_inner_texts() == [said.format(n=12)]
    for card in ("ME1-01", "ME1-02"):
        page.click(f".mine .hand [data-card='{card}']")
    page.wait_for_function("window.bodoge.building?.complete")
    assert page.locator(line).all_inner_texts() == [said.format(n=10)]
    assert page.locator(f"{line} a.rule-id").inner_text() == "RM-2.4"
    who.shot("spell")


# Each card or pile on the table ringed for its cost: its step, its tag, its title.
MARKED = """() => [...document.querySelectorAll('.board .costly[data-step]:not(.step)')].map((n) =>
    [n.dataset.step, getComputedStyle(n, '::after').content, n.title,
     n.getAttribute('aria-describedby')])"""


def test_rm_2_4_a_scroll_read_or_the_deck_pressed_says_it_on_the_table(
    links: dict[str, str], person: Any
) -> None:
    """11 cards after the turn's draw (2 put under the deck first), Elixir among them: the scroll
    in the hand (read at once, no target to choose: no move bar says anything first) and the
    deck (a draw at once) are ringed and tagged with the life they cost, their titles say the
    hand they end the turn with, and the rule's line under the move bar describes them. Only in
    the expert game."""
    who = at_table(person, "scroll-en", links["rmscroll"], "en", WIDE)
    page = who.page
    two_under_the_deck(page, "scroll R09")
    assert page.evaluate(MARKED) == [
        ["draw", '"⚠ −2 life"', "ends the turn with 12 cards: −2 life", "turn-end-rule"],
        ["scroll R09", '"⚠ −2 life"', "ends the turn with 10 cards: −2 life", "turn-end-rule"],
    ]
    assert page.locator("#turn-end-rule").count() == 1
    who.shot("scroll")
    basic = at_table(person, "scroll-basic", links["rmscrollbasic"], "en", WIDE)
    assert basic.page.evaluate(MARKED) == []


def cast_heal(page: Any) -> None:
    """Gaia's Blessing's option 2, paid with both earth mana, sent."""
    page.click(".option[data-step='cast S22/2']")
    page.wait_for_function("window.bodoge.building?.what === 'cast S22/2'")
    page.click(".mine .hand [data-card='ME1-01']")
    page.wait_for_function("window.bodoge.building?.chosen.length === 1")
    page.click(".mine .hand [data-card='ME1-02']")
    page.wait_for_function("window.bodoge.building?.complete")
    page.click(".building .confirm[data-step]")


@pytest.mark.parametrize(
    ("room", "lang", "window", "said"),
    [
        (
            "rmheal",
            "en",
            WIDE,
            "Ann gains 1 life (now 15): healing past 15 is lost, 3 here (RM-5.1)",
        ),
        (
            "rmhealja",
            "ja",
            PHONE,
            "Annのライフが1回復した（ライフ15）。ライフは15を超えないため、回復のうち3は失われた（RM-5.1）",
        ),
    ],
)
def test_rm_5_1_a_heal_cut_by_the_cap_says_why_in_the_log(
    links: dict[str, str], person: Any, room: str, lang: str, window: Any, said: str
) -> None:
    """RM-5.1 (expert): 14 life and a heal of 4: the log's line says 3 of it were lost and why,
    the rule's id a link; the figure reads 15/15. It read "Ann gains 1 life (now 15)"."""
    who = at_table(person, f"heal-{lang}", links[room], lang, window)
    page = who.page
    assert page.inner_text(".mine .life > [aria-hidden]") == "♥ 14/15"
    cast_heal(page)
    line = page.locator(".log li", has_text="RM-5.1")
    line.wait_for(timeout=30000)
    assert line.inner_text() == said
    assert line.locator("a.rule-id").get_attribute("href").endswith(f"lang={lang}#RM-5.1")
    page.wait_for_function(
        "document.querySelector('.mine .life > [aria-hidden]').innerText === '♥ 15/15'"
    )
    assert "RM-5.1" in page.get_attribute(".mine .life", "title")
    who.shot("heal")
