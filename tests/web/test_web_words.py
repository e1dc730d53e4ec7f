"""The words a newcomer reads at the table, in a real browser, in both languages: Extreme
Mission's last round names who met the end condition and is gone once the game is over, and its
result says what decided each place (the mission levels, when they did); Ruler of Mana's seat
answering on another's turn is not said to have the turn; the quiet box says what it does; the
lobby's variant select is not a second "Rules". The positions are scenarios stored before the
server starts (as in test_web_names).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from web_helpers import finished_game, played_room, scenario_server, seat_steps

import bodoge
from bodoge.core.i18n import text

TOKEN = "scenario-seat-0-token-for-the-words-test"
KINDS = ["HK", "DR", "SN", "IN", "FG"]
# Extreme Mission, three seats: easy bot 2 starts and meets the end condition (every level done,
# every collaborator up); easy bot 3 has levels 2 and 1 with every collaborator down and two cards
# (no level 3 or 4 mission takes fewer than six); Ann, the last seat, levels 4 and 1. Ann's place
# is decided by the end condition, easy bot 3's by the levels (EM-5.4 (2)).
EM_SETUP = {
    "start_player": 1,
    "current_player": 1,
    "missions": [f"M{level}-0{k}" for level in range(1, 5) for k in range(1, 4)],
    "completed": {
        "0": ["M1-03", "M4-02"],
        "1": ["M1-01", "M2-01", "M3-01", "M4-01"],
        "2": ["M1-02", "M2-02"],
    },
    "collaborators_down": {"0": ["HK", "DR"], "2": KINDS},
    "hands": {"0": ["I-G3a", "I-Y6a", "I-P9a"], "2": ["I-R1a", "I-B5a"]},
}
# Ruler of Mana: the easy bot starts holding nothing and draws the deck's last card, a mana card:
# an exchange is all it may do, and Ann offers a card on the bot's turn.
RM_HAND = ["MF1-01", "MW1-01", "S19"]
RM_DECK = ["ME1-01"]
RM_SETUP = {
    "start_player": 1,
    "current_player": 1,
    "hands": {"0": RM_HAND, "1": []},
    "deck": RM_DECK,
    "discard": [c for c in bodoge.make("ruler-of-mana").ids if c not in RM_HAND + RM_DECK],
}


@pytest.fixture(scope="module")
def rm_table(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A server with a room of Ruler of Mana at ``RM_SETUP``, seat 0 Ann: her link."""
    path = tmp_path_factory.mktemp("rm-words") / "bodoge.sqlite"
    served = scenario_server(path, {"answer": ("ruler-of-mana", RM_SETUP)}, TOKEN)
    try:
        yield f"{served.url}/r/answer#token={TOKEN}"
    finally:
        served.stop()


@pytest.fixture
def em_table(tmp_path: Path) -> Iterator[str]:
    """A server of the test's own with a room of Extreme Mission at ``EM_SETUP`` (seat 0 Ann,
    two easy bots), played on by the test: Ann's link. Asked for before ``person``, it stops
    after the pages close."""
    served = scenario_server(
        tmp_path / "bodoge.sqlite", {"last": ("extreme-mission", EM_SETUP)}, TOKEN, players=3
    )
    try:
        yield f"{served.url}/r/last#token={TOKEN}"
    finally:
        served.stop()


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_extreme_missions_last_round_names_who_met_it_and_the_result_what_decided(
    em_table: str, person: Any, lang: str
) -> None:
    """The badge said "Someone met the end condition", and stayed after the game; the result's
    "Decided by" never showed the mission levels that put one bot above another."""
    page = person(f"em-{lang}", lang).page
    page.goto(em_table)
    page.wait_for_selector("[data-step='pass']")  # the bots' turns are over: Ann's, the last
    bot = text("web.seat_bot", lang, bot=text("web.bot.easy", lang), n=2)
    assert page.inner_text(".status .warn") == text("web.em.end_round_by", lang, names=bot)
    page.click("[data-step='pass']")
    page.wait_for_selector(".result")
    assert page.locator(".status .warn").count() == 0, page.inner_text(".status")
    rows = {
        row.locator("td").nth(1).inner_text(): row for row in page.locator(".result tbody tr").all()
    }
    sep = text("web.list_sep", lang)
    third = rows[text("web.seat_bot", lang, bot=text("web.bot.easy", lang), n=3)]
    levels = text("web.em.fact.levels", lang, n=2, levels=f"2{sep}1")
    assert third.locator("strong.decider").inner_text() == levels, third.inner_text()
    ann = next(row for name, row in rows.items() if name.startswith("Ann"))
    assert text("web.em.fact.levels", lang, n=2, levels=f"4{sep}1") in ann.inner_text()
    assert ann.locator("strong.decider").inner_text() == text("web.em.fact.unfinished", lang)
    first = rows[bot]
    assert first.locator("strong.decider").inner_text() == text("web.em.fact.finished", lang)


# Extreme Mission, three seats: easy bot 3 starts and meets the end condition; Ann, next, has
# every level done and every collaborator up but the Hacker, which her run of three turns up
# (EM-5.1 met in the last round); Bob, the last seat, is to play after her.
EM_LATER = {
    "start_player": 2,
    "current_player": 2,
    "missions": [f"M{level}-0{k}" for level in range(1, 5) for k in range(1, 4)],
    "completed": {
        "0": ["M1-01", "M2-01", "M3-01", "M4-01"],
        "2": ["M1-02", "M2-02", "M3-02", "M4-02"],
    },
    "collaborators_down": {"0": ["HK"], "1": KINDS},
    "hands": {"0": ["I-R2a", "I-R3a", "I-R4a", "I-B9a"]},
}
BOB = "scenario-seat-1-token-for-the-words-test"


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_last_round_names_every_seat_that_met_the_end_condition(
    tmp_path: Path, person: Any, lang: str
) -> None:
    """Easy bot 3 meets the end condition, then Ann in the last round, with Bob still to play:
    the badge names both, in the order the log says them (it named the first alone)."""
    people = {1: ("Bob", BOB)}
    served = scenario_server(
        tmp_path / "db.sqlite",
        {"later": ("extreme-mission", EM_LATER)},
        TOKEN,
        players=3,
        people=people,
    )
    try:
        who = person(f"later-{lang}", lang)
        page = who.page
        page.goto(f"{served.url}/r/later#token={TOKEN}")
        bot = text("web.seat_bot", lang, bot=text("web.bot.easy", lang), n=3)
        page.wait_for_selector("[data-step='pass']")  # the bot's turn is over: Ann's
        assert page.inner_text(".status .warn") == text("web.em.end_round_by", lang, names=bot)
        with seat_steps(f"{served.url}/r/later", "later", TOKEN) as act:
            act("activate HK R2 R3 R4")
            act("pass")
        page.wait_for_function("window.bodoge.frame.view.current_player === 1")
        names = text("web.list_sep", lang).join([bot, "Ann"])
        page.wait_for_function(
            "(said) => document.querySelector('.status .warn')?.innerText === said",
            arg=text("web.em.end_round_by", lang, names=names),
        )
        who.close()  # before its server stops
    finally:
        served.stop()


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_ruler_of_mana_says_who_has_the_turn_and_who_answers(
    rm_table: str, person: Any, lang: str
) -> None:
    """Ann offering a card in the bot's exchange read 手番 / "to play" on her own seat; the quiet
    box says what it does, on hover and to a screen reader, outside its name."""
    page = person(f"rm-{lang}", lang).page
    page.goto(rm_table)
    page.wait_for_selector("[data-step^='offer']")
    assert page.inner_text(".mine .badge.turn") == text("web.answering", lang)
    assert page.inner_text(".opponents .seat-1 .badge.turn") == text("web.turn", lang)
    quiet = page.get_by_role("checkbox", name=text("web.quiet", lang), exact=True)
    assert quiet.get_attribute("aria-describedby") == "quiet-help"
    assert page.inner_text("#quiet-help") == text("web.quiet_help", lang)
    assert page.get_attribute("label.quiet", "title") == text("web.quiet_help", lang)


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_lobbys_variant_select_is_not_a_second_rules(
    server: str, person: Any, lang: str
) -> None:
    page = person(f"lobby-{lang}", lang).page
    page.goto(server)
    card = page.locator(".game-card.ruler-of-mana")
    card.wait_for()
    rules = text("web.rules.link", lang)
    assert card.get_by_text(rules, exact=True).count() == 1  # the link alone
    label = card.locator("label:has(select[name=variant])")
    said = label.evaluate("(l) => l.firstChild.textContent")  # the label's words, not the select's
    assert said == text("web.lobby.variant", lang) != rules


def result_heads(page: Any) -> list[str]:
    return [head.inner_text().strip() for head in page.locator(".result th").all()]


def heads(lang: str, column: str) -> list[str]:
    """The result's headings: the game's own ``column`` third."""
    keys = ["web.result.rank_head", "web.result.player", column, "web.result.facts"]
    return [text(key, lang) for key in keys]


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_extreme_missions_result_counts_missions(em_table: str, person: Any, lang: str) -> None:
    """The result's column is headed by what it counts, the missions done (EM-5.4): it said
    "Score", 得点, and the game has none."""
    page = person(f"em-result-{lang}", lang).page
    page.goto(em_table)
    page.click("[data-step='pass']")
    page.wait_for_selector(".result")
    assert result_heads(page) == heads(lang, "web.em.result_column")
    assert text("web.em.result_column", lang) == ("Missions" if lang == "en" else "ミッション")


def test_ruler_of_manas_result_column_is_its_score(server: str, person: Any) -> None:
    """Ruler of Mana's result column is its score (RM-5.4: the life left, with the finish bonus),
    from its own catalogue entry."""
    room, token = finished_game(server)
    page = person("rm-result-ja", "ja").page
    page.goto(f"{server}/r/{room}#token={token}")
    page.wait_for_selector(".result")
    assert result_heads(page) == heads("ja", "web.rm.result_column")


SMALLEST = {"width": 360, "height": 640}
# The result table's cells: each one's words, and whether they take one line (their boxes' height
# against the font's size: one line's are some 1.2-1.5 of it, two lines' over 2.6).
RESULT_CELLS = """() => [...document.querySelectorAll('.result tr')]
  .map((row) => [...row.cells].map((cell) => {
  const range = document.createRange();
  range.selectNodeContents(cell);
  const boxes = [...range.getClientRects()];
  const height = Math.max(...boxes.map((r) => r.bottom)) - Math.min(...boxes.map((r) => r.top));
  return [cell.innerText.trim(), height < 1.9 * parseFloat(getComputedStyle(cell).fontSize)];
}))"""


# The words of the result's "Decided by" column broken across lines: each word (as the page's
# language segments it: Intl.Segmenter, a dictionary's words in Japanese) has all its boxes on
# one line.
BROKEN_WORDS = """() => {
  const words = new Intl.Segmenter(document.documentElement.lang, { granularity: 'word' });
  return [...document.querySelectorAll('.result td.facts')].flatMap((cell) => {
    const broken = [];
    const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (const word of words.segment(node.data)) {
        if (!word.isWordLike) continue;
        const range = document.createRange();
        range.setStart(node, word.index);
        range.setEnd(node, word.index + word.segment.length);
        const tops = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
        if (tops.size > 1) broken.push(word.segment);
      }
    }
    return broken;
  });
}"""


# How many lines the first ``words`` in an element's text take.
ONE_LINE = """(node, words) => {
  const walker = document.createTreeWalker(node, NodeFilter.SHOW_TEXT);
  for (let text = walker.nextNode(); text; text = walker.nextNode()) {
    const at = text.data.indexOf(words);
    if (at < 0) continue;
    const range = document.createRange();
    range.setStart(text, at);
    range.setEnd(text, at + words.length);
    return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
  }
  return 0;
}"""


def result_at_360(who: Any) -> list[list[list[Any]]]:
    """The result table as ``RESULT_CELLS`` gives it at 360 px, after checking that each heading
    and place is one line and so is the mark of your name, that no word of what decided a place
    is broken (フィニッ／シュボーナス, 満たし／ていない), the table within its box and the page no
    wider than the window."""
    cells = who.page.evaluate(RESULT_CELLS)
    who.shot("result")
    who.no_sideways_scroll()
    for row in cells:
        assert row[0][1] and (row is not cells[0] or all(one for _, one in row)), cells
    mark = who.page.locator(".result .you-mark")  # (あなた) whole, never （あな／た）
    assert mark.evaluate("(m) => m.getClientRects().length") == 1, mark.inner_text()
    assert who.page.evaluate(BROKEN_WORDS) == [], cells
    table, box = (who.page.locator(where).bounding_box() for where in (".result table", ".result"))
    assert table and box and table["x"] + table["width"] <= box["x"] + box["width"], cells
    return cells


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_extreme_missions_result_on_a_narrow_phone(em_table: str, person: Any, lang: str) -> None:
    """360x640: no heading or place of the result broken a character a line (順／位, プレイヤ／ー,
    得／点); your row says you in the language's brackets (Ann（あなた）, not Ann (あなた))."""
    who = person(f"em-narrow-{lang}", lang, SMALLEST)
    page = who.page
    page.goto(em_table)
    page.click("[data-step='pass']")
    page.wait_for_selector(".result")
    cells = result_at_360(who)
    ann = text("web.name_you", lang, name="Ann", you=text("web.you", lang))
    assert ann in [row[1][0] for row in cells], cells
    assert ann.endswith("（あなた）" if lang == "ja" else "(you)")


def test_ruler_of_manas_result_in_japanese_on_a_narrow_phone(server: str, person: Any) -> None:
    """360x640 in Japanese: Ruler of Mana's result, headings and places one line each, and
    Ann（あなた）."""
    room, token = finished_game(server)
    who = person("rm-narrow-ja", "ja", SMALLEST)
    who.page.goto(f"{server}/r/{room}#token={token}")
    who.page.wait_for_selector(".result")
    cells = result_at_360(who)
    assert "Ann（あなた）" in [row[1][0] for row in cells], cells


def test_ruler_of_manas_finish_bonus_is_one_word_on_a_narrow_phone(
    tmp_path: Path, person: Any
) -> None:
    """360x640 in Japanese: a place decided with the finish bonus says フィニッシュボーナス on one
    line (it broke as フィニッ／シュボーナス), the column no wider than the phone."""
    # seed 2: the heuristic's easy bot 3 brings easy bot 2's life to 0 (a finish bonus)
    with played_room(
        tmp_path / "db.sqlite", "BONUS", "ruler-of-mana", ["Ann", None, None], 2
    ) as server:
        who = person("rm-bonus-ja", "ja", SMALLEST)
        who.page.goto(f"{server}/r/BONUS#token={'t' * 43}")
        who.page.wait_for_selector(".result")
        cells = result_at_360(who)
        bonus = text("web.rm.fact.bonus", "ja", n=9)
        assert any(bonus in row[3][0] for row in cells), cells
        # the term whole too (a dictionary has it as two words: フィニッシュ／ボーナス)
        term = text("play.view.finish_bonus", "ja")
        lines = who.page.locator(".result td.facts", has_text=term).evaluate(ONE_LINE, term)
        assert lines == 1, cells
        who.close()
