"""Ruler of Mana's move bar in a real browser, from positions set up by scenarios: a 2-orb card
in a payment says in the bar what it pays and that a second press counts it as 1 mana (RM-3.4),
where it can; a card that cannot pay names what is left of the cost; and the bar says what to
do while an exchange's card is offered or picked, or cards are taken from a hand shown."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from web_helpers import PHONE, scenario_links

TOKEN = "scenario-seat-0-token-for-the-rm-bar-test"
# Seat 0 to act (it draws E1): Blaze Bomb's option 2 costs F F W, at the one opponent; F2 pays
# the fire alone, or 1 of it beside F1; W2 pays the water as 1.
PAY = {
    "start_player": 0,
    "hands": {"0": ["S09", "MF2-01", "MF1-01", "MW2-01"], "1": ["MW1-01", "MW1-02"]},
    "deck": ["ME1-01", "ME1-02"],
}
# The same without F1: F2 can pay only 2.
ALONE = {**PAY, "hands": {"0": ["S09", "MF2-01", "MW2-01"], "1": ["MW1-01", "MW1-02"]}}
# Whirlwind Theft's option 3 (A A *): look at the opponent's hand and take 2 of it; the
# opponent holds mana alone (no reaction).
TAKE = {
    "start_player": 0,
    "hands": {"0": ["S30", "MA1-01", "MA1-02", "MF1-01"], "1": ["MW1-01", "ME1-01", "MF1-02"]},
    "deck": ["ME1-02", "ME1-03"],
}
ROOMS = {
    "rmpay": ("ruler-of-mana", PAY),
    "rmpayja": ("ruler-of-mana", PAY),
    "rmalone": ("ruler-of-mana", ALONE),
    "rmswap": ("ruler-of-mana", TAKE),
    "rmswapja": ("ruler-of-mana", TAKE),
    "rmtake": ("ruler-of-mana", TAKE),
}
TWO = ".mine .hand [data-card='MF2-01']"


@pytest.fixture(scope="module")
def links(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, str]]:
    """A server holding each room of ``ROOMS`` at its position (seat 0 a person, seat 1 an easy
    bot): each room's seat link."""
    with scenario_links(tmp_path_factory.mktemp("rmbar") / "bodoge.sqlite", ROOMS, TOKEN) as links:
        yield links


def at_table(person: Any, name: str, link: str, *how: Any) -> Any:
    """A person (``how``: their language and window) at the table of ``link``, their decision
    drawn."""
    who = person(name, *how)
    who.page.goto(link)
    who.page.wait_for_function(
        "window.bodoge.frame?.legal.length > 0 && !window.bodoge.busy", timeout=30000
    )
    who.page.wait_for_selector(".mine .hand [data-card]")
    return who


def chosen_after(page: Any, selector: str, chosen: list[str], force: bool = False) -> None:
    """Press ``selector`` and wait until the move being built holds ``chosen``."""
    page.click(selector, force=force)
    page.wait_for_function(f"JSON.stringify(window.bodoge.building?.chosen) === '{chosen}'")


def blaze_with_f2(page: Any) -> None:
    """Blaze Bomb's option 2 begun (at the one opponent, by itself), then F2 pressed."""
    page.click(".option[data-step='cast S09/2']")
    page.wait_for_function("window.bodoge.building?.chosen.includes('@1')")
    chosen_after(page, TWO, '["@1","F2"]')


def chips(page: Any) -> list[str]:
    return [c.strip() for c in page.locator(".building .chip").all_inner_texts()]


def lines(page: Any) -> list[str]:
    return list(page.locator(".building .then-line").all_inner_texts())


def test_a_2_orb_card_says_in_the_bar_what_it_pays_and_a_second_press(
    links: dict[str, str], person: Any
) -> None:
    """1280 x 800: Blaze Bomb's F F W. F2 pressed: its chip says it pays 2, and a line says a
    second press counts it as 1 (F1 can pay the other fire); a dimmed F1 pressed says what is
    left of the cost (1 water), not the whole cost; F2 pressed again clears that line, its chip
    says 1 in the same form, and the line is gone (it counts 1 already)."""
    who = at_table(person, "pay-en", links["rmpay"], "en", {"width": 1280, "height": 800})
    page = who.page
    blaze_with_f2(page)
    assert chips(page)[1] == "Fire mana (2 orbs): 2 mana ×", chips(page)
    assert lines(page) == ["Press Fire mana (2 orbs) again to count it as 1 mana."]
    who.shot("two")

    page.click(".mine .hand [data-card='MF1-01']", force=True)  # dimmed: it says why
    page.wait_for_function("document.querySelector('.moves .note').innerText !== ''")
    assert page.inner_text(".moves .note") == (
        "Fire mana cannot pay what is left of Blaze Bomb (what is left: 1 water)"
    )
    who.shot("why")
    chosen_after(page, TWO, '["@1","F2/1"]')
    assert page.inner_text(".moves .note") == ""  # the refusal is old news
    assert chips(page)[1] == "Fire mana (2 orbs): 1 mana ×", chips(page)
    assert page.get_attribute(".building .chip >> nth=1", "aria-label") == (
        "take back Fire mana (2 orbs): 1 mana"
    )
    assert lines(page) == []
    chosen_after(page, ".mine .hand [data-card='MF1-01']", '["@1","F2/1","F1"]')
    chosen_after(page, ".mine .hand [data-card='MW2-01']", '["@1","F2/1","F1","W2/1"]')
    assert chips(page)[1:] == [
        "Fire mana (2 orbs): 1 mana ×",
        "Fire mana ×",
        "Water mana (2 orbs): 1 mana ×",
    ]
    assert lines(page) == []
    who.shot("paid")


def test_the_second_press_is_said_only_where_it_can_be_made(
    links: dict[str, str], person: Any
) -> None:
    """Without F1, F2 can pay only 2 of F F W: no line offers to count it as 1."""
    who = at_table(person, "pay-alone", links["rmalone"])
    page = who.page
    blaze_with_f2(page)
    assert chips(page)[1] == "Fire mana (2 orbs): 2 mana ×"
    assert lines(page) == []


def test_a_2_orb_card_in_the_bar_in_japanese_on_a_phone(links: dict[str, str], person: Any) -> None:
    """390 x 844, Japanese: the same chip, line and refusal in the catalogue's words."""
    who = at_table(person, "pay-ja", links["rmpayja"], "ja", PHONE)
    page = who.page
    blaze_with_f2(page)
    assert chips(page)[1] == "火のマナ（2玉）：2マナ ×", chips(page)
    assert lines(page) == ["火のマナ（2玉）をもう一度押すと1マナとして数えます。"]
    page.click(".mine .hand [data-card='MF1-01']", force=True)
    page.wait_for_function("document.querySelector('.moves .note').innerText !== ''")
    assert page.inner_text(".moves .note") == "火のマナでは爆炎弾の残りを支払えません（残り：水1）"
    who.no_sideways_scroll()
    who.shot("two")


def exchange_bar(page: Any) -> str:
    """The bar's title once an exchange is declared and this seat is to offer."""
    page.click(".steps [data-step='exchange']")
    page.wait_for_function(
        "window.bodoge.frame.legal.every((s) => s.startsWith('offer ')) && !window.bodoge.busy"
    )
    return str(page.inner_text(".moves .building .what"))


def test_the_bar_says_what_to_do_in_an_exchange_and_a_take(
    links: dict[str, str], person: Any
) -> None:
    """1280 x 800: offering a card to an exchange, picking an offered one, taking 2 cards from
    the hand shown: the bar's title says what to do before any card is pressed."""
    who = at_table(person, "swap-en", links["rmswap"], "en", {"width": 1280, "height": 800})
    page = who.page
    assert exchange_bar(page) == "Offer a card face down: press one of your hand"
    who.shot("offer")
    page.click(".mine .hand [data-step='offer F1']")
    page.wait_for_function(
        "window.bodoge.frame.legal.every((s) => s.startsWith('pick ')) && !window.bodoge.busy"
    )
    assert page.inner_text(".moves .building .what") == "Pick one of the offered cards"
    # the steps in words (the hint's, a replay's): your own offer is taken back (RM-2.2 (D))
    said = page.evaluate(
        "async () => { const m = await import('/static/room/drawing.js');"
        " return [m.describeStep('pick 0'), m.describeStep('pick 1')]; }"
    )
    assert said == ["Take back your own offer", "Take easy bot 2's offer"], said
    who.shot("pick")

    taker = at_table(person, "take-en", links["rmtake"], "en", {"width": 1280, "height": 800})
    page = taker.page
    page.click(".option[data-step='cast S30/3']")
    page.wait_for_function("window.bodoge.building?.chosen.includes('@1')")
    chosen_after(page, ".mine .hand [data-card='MA1-01']", '["@1","A1"]')
    chosen_after(page, ".mine .hand [data-card='MA1-02']", '["@1","A1","A1"]')
    chosen_after(page, ".mine .hand [data-card='MF1-01']", '["@1","A1","A1","F1"]')
    page.click(".building .confirm[data-step]")
    page.wait_for_function(
        "window.bodoge.frame.legal.every((s) => s.startsWith('take ')) && !window.bodoge.busy",
        timeout=30000,
    )
    assert page.inner_text(".moves .building .what") == "Take 2 cards from easy bot 2's hand"
    taker.shot("take")
    page.click(".resolving [data-step^='take ']")  # once begun, the same words
    page.wait_for_function("window.bodoge.building?.what.startsWith('take ')")
    assert page.inner_text(".moves .building .what") == "Take 2 cards from easy bot 2's hand"


def test_the_exchange_bar_in_japanese_on_a_phone(links: dict[str, str], person: Any) -> None:
    who = at_table(person, "swap-ja", links["rmswapja"], "ja", PHONE)
    assert exchange_bar(who.page) == "ウラ向きに出すカードを1枚、手札から押して選ぶ"
    who.no_sideways_scroll()
    who.shot("offer")
