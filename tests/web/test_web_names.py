"""What a screen reader hears at the table, in a real browser, in both languages: every card and
count a sighted player reads has a name (an info card's colour and number, a face-down
collaborator said face down, who completed a mission, a hand's size, life and shield, a spell's
costs in words), a cost's dots differ by glyph as well as colour, and no name says what a seat
may not know. The positions are scenarios stored before the server starts (as in
test_web_payment); the waiting room's per-seat controls name their seat.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import expect
from web_helpers import scenario_server

from bodoge.core.i18n import text

TOKEN = "scenario-seat-0-token-for-the-names-test"
# Extreme Mission: Ann (seat 0) to play, reds and blues in hand; the easy bot (seat 1) holds
# greens and yellows, has its Hacker face down, completed Secure the Safehouse and discarded a
# purple 9 (which Ann may take: a button).
EM_SETUP = {
    "start_player": 0,
    "hands": {
        "0": ["I-R5a", "I-R5b", "I-R6a", "I-R1a", "I-B7a", "I-B8a", "I-B9a", "I-B2a"],
        "1": ["I-G3a", "I-G4a", "I-Y5a", "I-Y6a", "I-G7a", "I-Y8a", "I-G9a", "I-Y1a"],
    },
    "discards": {"1": ["I-P9a"]},
    "collaborators_down": {"1": ["HK"]},
    "completed": {"1": ["M1-01"]},
}
# Ruler of Mana: Ann draws E1 and holds F2, E1, Rock Blast (E / E E / F E E), Earthquake
# (E E / E E E *) and a scroll; the bot has 12 life behind a shield of 3, and water in hand.
RM_SETUP = {
    "start_player": 0,
    "hands": {
        "0": ["MF2-01", "ME1-01", "S19", "S21", "R01-a"],
        "1": ["MW1-01", "MW1-02", "S10", "S13"],
    },
    "deck": ["ME1-02"],
    "life": {"1": 12},
    "shield": {"1": 3},
}
RM_HIDDEN = ["MW1-01", "MW1-02", "S10", "S13"]

# What is heard, in English and in Japanese.
SAID = {
    "red 5": ("red 5, Weapons", "赤の5（武器）"),
    "purple 9": ("purple 9, Identity", "紫の9（身分）"),
    "hand": ("8 cards in hand", "手札8枚"),
    "down": ("Hacker, face down", "ハッカー（ウラ）"),
    "not down": ("Forger, face down", "偽造師（ウラ）"),
    "done": ("completed by easy bot 2", "達成：やさしいBot2"),
    "life": ("life 12", "ライフ12"),
    "shield": ("shield 3", "シールド3"),
    "F2": ("Fire mana (2 orbs)", "火のマナ（2玉）"),
    "S19/3": (
        "Cast Rock Blast, option 3: 7 earth damage to one opponent (cost: 1 fire, 2 earth)",
        "岩石弾の選択肢3（相手1人に土属性の7ダメージ）を使う（コスト：火1、土2）",
    ),
    "S21/2": ("cost: 3 earth, 1 any", "コスト：土3、任意1"),
    "S19": (
        "Rock Blast: option 1 (cost: 1 earth): 2 earth damage to one opponent / "
        "option 2 (cost: 2 earth): 4 earth damage to one opponent / "
        "option 3 (cost: 1 fire, 2 earth): 7 earth damage to one opponent",
        "岩石弾：選択肢1（コスト：土1）：相手1人に土属性の2ダメージ ／ "
        "選択肢2（コスト：土2）：相手1人に土属性の4ダメージ ／ "
        "選択肢3（コスト：火1、土2）：相手1人に土属性の7ダメージ",
    ),
    "glyphs": (["F", "E", "E"], ["火", "土", "土"]),
    "any": (["E", "E", "E", "✱"], ["土", "土", "土", "✱"]),
    "orbs": (["F", "F"], ["火", "火"]),
    "em hidden": (
        ["green 3", "green 4", "yellow 5", "yellow 6", "green 7", "yellow 8"],
        ["緑の3", "緑の4", "黄の5", "黄の6", "緑の7", "黄の8"],
    ),
    "rm hidden": (
        ["Freezing Rain", "Healing Spring", "Water mana"],
        ["氷雨", "癒しの泉", "水のマナ"],
    ),
}


@pytest.fixture(scope="module")
def tables(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, str]]:
    """A server with a running room of each game at its scenario (seat 0 Ann, seat 1 an easy
    bot): the game -> Ann's seat link."""
    path = tmp_path_factory.mktemp("names") / "bodoge.sqlite"
    rooms = {"names-em": ("extreme-mission", EM_SETUP), "names-rm": ("ruler-of-mana", RM_SETUP)}
    served = scenario_server(path, rooms, TOKEN)
    try:
        yield {game: f"{served.url}/r/{room}#token={TOKEN}" for room, (game, _) in rooms.items()}
    finally:
        served.stop()


def open_table(url: str, person: Any, name: str, lang: str, ready: str) -> Any:
    """Ann's page at ``url`` in ``lang``, once ``ready`` (a selector) is shown and the log is in
    words: the page's last drawing until the next frame (an element redrawn under a snapshot is
    heard as nothing)."""
    page = person(name, lang).page
    page.goto(url)
    page.wait_for_selector(ready)
    page.wait_for_function(
        "window.bodoge.frame && document.querySelectorAll('.log li').length"
        " === window.bodoge.frame.view.log.length"
    )
    return page


def texts(page: Any, selector: str) -> list[str]:
    found: list[str] = page.evaluate(
        "(s) => [...document.querySelectorAll(s)].map((d) => d.textContent)", selector
    )
    return found


def everything_heard(page: Any) -> str:
    """The page as a screen reader has it: the accessibility tree of the whole body."""
    snapshot: str = page.locator("body").aria_snapshot()
    return snapshot


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_extreme_mission_cards_and_counts_have_names(
    tables: dict[str, str], person: Any, lang: str
) -> None:
    said = {key: words[lang == "ja"] for key, words in SAID.items()}
    page = open_table(tables["extreme-mission"], person, f"em-{lang}", lang, "[data-step='take 1']")
    hand = page.locator(".mine .hand")
    assert hand.get_by_role("img", name=said["red 5"], exact=True).count() == 2
    take = page.get_by_role("button", name=said["purple 9"], exact=True)
    assert take.get_attribute("data-step") == "take 1"
    bot = page.locator(".opponents section.seat-1")
    assert bot.get_by_role("img", name=said["hand"], exact=True).count() == 1
    heard = bot.aria_snapshot()
    assert said["down"] in heard and said["not down"] not in heard, heard
    mission = page.locator(".mission[data-card='M1-01']").aria_snapshot()
    assert said["done"] in mission, mission
    everything = everything_heard(page)
    assert not [name for name in said["em hidden"] if name in everything], everything
    for card in EM_SETUP["hands"]["1"]:  # type: ignore[index]
        assert page.locator(f"[data-card='{card}']").count() == 0, card


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_ruler_of_mana_vitals_costs_and_mana_have_names(
    tables: dict[str, str], person: Any, lang: str
) -> None:
    said = {key: words[lang == "ja"] for key, words in SAID.items()}
    ready = ".option[data-step='cast S19/3']"
    page = open_table(tables["ruler-of-mana"], person, f"rm-{lang}", lang, ready)
    heard = page.locator(".opponents section.seat-1").aria_snapshot()
    assert said["life"] in heard and said["shield"] in heard, heard
    hand = page.locator(".mine .hand")
    assert hand.get_by_role("img", name=said["F2"], exact=True).count() == 1
    cast = page.get_by_role("button", name=said["S19/3"], exact=True)
    assert cast.get_attribute("data-step") == "cast S19/3"
    earthquake = hand.locator("[data-card='S21']").aria_snapshot()
    assert said["S21/2"] in earthquake, earthquake
    # the dots' glyphs: fire and earth differ without their colours, "any" is a glyph of its own
    assert texts(page, ".option[data-step='cast S19/3'] .sym") == said["glyphs"]
    assert texts(page, ".mine [data-card='S21'] .option:last-child .sym") == said["any"]
    assert texts(page, ".mine [data-card='MF2-01'] .orb") == said["orbs"]
    everything = everything_heard(page)
    assert not [name for name in said["rm hidden"] if name in everything], everything
    for card in RM_HIDDEN:
        assert page.locator(f"[data-card='{card}']").count() == 0, card

    # cycling: the hand's spells become buttons (put under the deck), named with every cost
    page.click(".steps [data-step='cycle']")
    spell = page.locator(".mine .hand [data-card='S19'][role=button]")
    spell.wait_for()
    assert spell.get_attribute("aria-label") == said["S19"]


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_waiting_rooms_seat_controls_name_their_seat(
    server: str, person: Any, lang: str
) -> None:
    host, guest = person(f"seats-host-{lang}", lang), person(f"seats-guest-{lang}", lang)
    page = host.page
    page.goto(server + "/")
    page.wait_for_selector(".game-card")
    page.select_option("#players-extreme-mission", "3")
    page.click("[data-create=extreme-mission]:not([data-bots])")
    page.wait_for_selector(".waiting [data-bot]")
    # Start waits for every seat, and the creator is told why
    start = page.locator("#start")
    assert start.is_disabled() and start.get_attribute("aria-describedby") == "start-when"
    expect(page.locator("#start-when")).to_have_text(text("web.room.start_when_full", lang))
    for n in (1, 2):  # seats 1 and 2 on the wire, the second and third as the page counts them
        add = page.get_by_role(
            "button", name=text("web.room.add_bot_to", lang, n=n + 1), exact=True
        )
        assert add.get_attribute("data-bot") == str(n)
        level = page.get_by_role("combobox", name=text("web.room.bot_level_for", lang, n=n + 1))
        assert level.count() == 1
    guest.page.goto(page.url.split("#")[0])
    guest.page.wait_for_selector(".waiting [data-take]")
    for n in (1, 2):
        sit = guest.page.get_by_role(
            "button", name=text("web.room.take_seat_n", lang, n=n + 1), exact=True
        )
        assert sit.get_attribute("data-take") == str(n)
    # a guest with no name sits as the seat's guest, the seat counted as the page counts it
    guest.page.click(".waiting [data-take='2']")
    guest.page.wait_for_function("window.bodoge.summary?.you === 2")
    expect(guest.page.locator(".seat-list li").nth(2)).to_contain_text(
        f"{text('web.lobby.guest', lang)} 3"
    )
