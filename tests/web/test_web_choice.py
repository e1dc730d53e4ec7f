"""Ruler of Mana's choices among cards, in a real browser: a look at the deck's top put back
(`top`), a discard forced on you (`discard`), a recovery from the discard pile (`recover`). Each
is begun with its first card as the step (`top F1`), the others its items, as Extreme Mission's
drop is (tests/web/test_web_drop_hint.py): that card is marked chosen where it lies and shown in
the move bar under the choice's words, and either takes it back out; the rest go in in any order,
and Confirm makes the choice once it is complete.

The positions are stored before the server starts (tests/web/web_helpers.py, ``scenario_room``).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page
from test_web_flight import ANN, BOB, LOOKED_AT, PEOPLE, RM_SCRY, cast_oracle_wind
from web_helpers import scenario_room, seat_steps

from bodoge.core.i18n import text

# Bob starts, holding Vacuum Blade (S32: A A, one opponent discards 2) and the wind to cast it.
RM_BLADE = {
    "start_player": 1,
    "hands": {
        "0": ["MF1-01", "ME1-01", "MW1-01", "S10"],
        "1": ["S32", "MA1-01", "MA1-02", "MW1-02"],
    },
    "deck": ["ME1-02", "S12", "MF1-03"],
}
# Ann starts, holding Rebirth (R16: recover 3), with four cards in the discard pile, Deluge (S12)
# on top.
RM_REBIRTH = {
    "start_player": 0,
    "hands": {"0": ["R16-a", "MW1-01"], "1": ["MF1-02", "S07", "MW1-02"]},
    "discard": ["MA1-01", "ME1-01", "MF1-01", "S12"],
    "deck": ["ME1-02", "MF1-03", "MW1-03"],
}


def bar_shows(page: Page, lang: str, kind: str, names: list[str]) -> None:
    """The move bar: the choice's words (its status line's), and a chip for each card chosen,
    the step's first."""
    bar = page.locator(".building")
    bar.wait_for()
    page.wait_for_function(
        f"document.querySelectorAll('.building .chosen-items .chip').length === {len(names)}"
    )
    assert bar.locator(".what").inner_text() == text(f"web.rm.prompt.{kind}", lang)
    chips = bar.locator(".chosen-items .chip").all_inner_texts()
    assert [c.removesuffix(" ×") for c in chips] == names, chips


def name_of(page: Page, card: str) -> str:
    return str(
        page.evaluate(f"window.bodoge.faces.names[window.bodoge.faces.cards[{card!r}].code]")
    )


def chosen(page: Page, where: str) -> list[str]:
    """The cards marked chosen in ``where``."""
    return list(
        page.locator(f"{where} .card.chosen[aria-pressed='true']").evaluate_all(
            "(nodes) => nodes.map((n) => n.dataset.card)"
        )
    )


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_top_cards_put_back_are_marked_chosen_and_taken_out_again(
    tmp_path: Path, person: Any, lang: str
) -> None:
    """Oracle Wind's look (scry 3): Fire mana pressed first is marked chosen and is the bar's
    chip, under "Put the cards back on top"; Earth mana next; Fire mana pressed again comes out,
    Earth mana holding the choice (`top E1`); Fire mana back in after it, Confirm puts them back
    in that order."""
    path = tmp_path / "db.sqlite"
    with scenario_room(path, "ruler-of-mana", RM_SCRY, "choicetop", ANN, people=PEOPLE) as link:
        who = person(f"choice-top-{lang}", lang)
        page = who.page
        with seat_steps(link, "choicetop", BOB) as act:
            cast_oracle_wind(page, link, act)
            fire, earth = f"{LOOKED_AT} [data-card='MF1-03']", f"{LOOKED_AT} [data-card='ME1-02']"
            page.click(fire)
            page.wait_for_function("window.bodoge.building?.what === 'top F1'")
            assert chosen(page, LOOKED_AT) == ["MF1-03"]
            bar_shows(page, lang, "top", [name_of(page, "MF1-03")])
            who.shot("one")
            page.click(earth)
            bar_shows(page, lang, "top", [name_of(page, "MF1-03"), name_of(page, "ME1-02")])
            assert chosen(page, LOOKED_AT) == ["ME1-02", "MF1-03"]
            page.click(fire)  # out again: Earth mana holds the choice
            page.wait_for_function("window.bodoge.building?.what === 'top E1'")
            bar_shows(page, lang, "top", [name_of(page, "ME1-02")])
            assert chosen(page, LOOKED_AT) == ["ME1-02"]
            page.click(fire)
            page.wait_for_function("window.bodoge.building?.chosen.join() === 'F1'")
            confirm = page.locator(".building .confirm[data-step]")
            assert confirm.get_attribute("data-step") == "top E1 F1"
            who.shot("two")
            confirm.click()
            page.wait_for_selector(".mine .hand [data-card='ME1-02']")
            assert "MF1-03" in page.evaluate("window.bodoge.frame.view.hand")
        who.close()
    assert not who.errors, who.errors


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_discard_s_first_card_is_marked_chosen_and_its_chip_takes_it_out(
    tmp_path: Path, person: Any, lang: str
) -> None:
    """Bob's Vacuum Blade makes Ann discard 2: her Fire mana pressed is marked chosen in her hand
    and the bar's chip under "Choose the cards to discard"; the chip takes it out (the move
    gone); then Water mana and Earth mana, Confirm discards both."""
    path = tmp_path / "db.sqlite"
    with scenario_room(path, "ruler-of-mana", RM_BLADE, "choicedis", ANN, people=PEOPLE) as link:
        who = person(f"choice-discard-{lang}", lang)
        page = who.page
        page.goto(link)
        page.wait_for_selector(".board .deck")
        with seat_steps(link, "choicedis", BOB) as act:
            act("cast S32/1 @0 A1 A1")  # nothing to react with: the server passes for her
            hand = ".mine .hand"
            page.wait_for_selector(f"{hand} [data-card='MF1-01'][data-step='discard F1']")
            page.click(f"{hand} [data-card='MF1-01']")
            page.wait_for_function("window.bodoge.building?.what === 'discard F1'")
            assert chosen(page, hand) == ["MF1-01"]
            bar_shows(page, lang, "discard", [name_of(page, "MF1-01")])
            who.shot("one")
            page.click(".building .chosen-items .chip")
            page.wait_for_function("!window.bodoge.building")
            assert chosen(page, hand) == []
            page.click(f"{hand} [data-card='MW1-01']")
            page.wait_for_function("window.bodoge.building?.what === 'discard W1'")
            page.click(f"{hand} [data-card='ME1-01'][data-step='E1']")
            bar_shows(page, lang, "discard", [name_of(page, "MW1-01"), name_of(page, "ME1-01")])
            assert sorted(chosen(page, hand)) == ["ME1-01", "MW1-01"]
            who.shot("two")
            page.click(".building .confirm[data-step='discard W1 E1']")
            page.wait_for_function("!window.bodoge.frame.view.hand.includes('MW1-01')")
            assert "ME1-01" not in page.evaluate("window.bodoge.frame.view.hand")
        who.close()
    assert not who.errors, who.errors


def test_a_recovery_is_chosen_on_the_discard_pile(tmp_path: Path, person: Any) -> None:
    """Ann reads Rebirth (recover 3): the discard pile opens by itself while she recovers (the
    card read lies on top of what she may take back), and closes after; Deluge in the pile
    pressed is marked chosen there and the bar's chip; the pile's other cards are the choice's
    items (they were none once it was begun), pressed there; Confirm takes the three into her
    hand."""
    path = tmp_path / "db.sqlite"
    with scenario_room(path, "ruler-of-mana", RM_REBIRTH, "choicerec", ANN, people=PEOPLE) as link:
        who = person("choice-recover")
        page = who.page
        page.goto(link)
        page.click(".mine .hand [data-step='scroll R16']")  # read at once: no reaction to it
        pile = ".centre > .pile .browse"  # the whole pile (Rebirth on top of it now)
        # opened by itself: what can be recovered lies under the card read
        page.wait_for_selector(f"{pile} [data-card='S12'][data-step='recover S12']")
        assert page.get_attribute(".centre > .pile > .linkish", "aria-expanded") == "true"
        page.click(f"{pile} [data-card='S12']")
        page.wait_for_function("window.bodoge.building?.what === 'recover S12'")
        assert chosen(page, pile) == ["S12"]
        bar_shows(page, "en", "recover", [name_of(page, "S12")])
        page.click(f"{pile} [data-card='ME1-01'][data-step='E1']")
        page.click(f"{pile} [data-card='MA1-01'][data-step='A1']")
        names = [name_of(page, c) for c in ["S12", "ME1-01", "MA1-01"]]
        bar_shows(page, "en", "recover", names)
        who.shot("three")
        page.click(".building .confirm[data-step='recover S12 E1 A1']")
        page.wait_for_function("window.bodoge.frame.view.hand.includes('S12')")
        page.wait_for_selector(pile, state="detached")  # closed again once the recovery is made
        who.close()
    assert not who.errors, who.errors
