"""The rules pages a player reads (``/rules/<game>?lang=``, from docs/rules): the game first and
the project's matter last, example cards drawn as the table draws them from the shipped card
set, a picture of the table, the terminal's input apart, the card file on a page of its own, no
file name shown, and every anchor the table and the docs link to still there."""

from __future__ import annotations

import html
import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect
from starlette.applications import Starlette
from starlette.testclient import TestClient
from web_helpers import DESKTOP, PHONE

import bodoge
from bodoge.core.hooks import game_module
from bodoge.core.i18n import LANGUAGES, catalogue, text
from bodoge.games.extreme_mission.conditions import parse_condition
from bodoge.games.extreme_mission.words import condition_words
from bodoge.server.pages import routes

ROOT = Path(__file__).resolve().parents[2]
RULES = ROOT / "docs" / "rules"
PREFIX = {"extreme-mission": "EM", "ruler-of-mana": "RM"}
# The section for players in the terminal, and the one on the pages themselves, last.
TERMINAL = {"en": "Typing moves in the terminal", "ja": "ターミナルでの手の入力"}
ABOUT = {"en": "About these pages", "ja": "このページについて"}
SHOTS = Path("/work/scratch30/rulespage")


@pytest.fixture(scope="module")
def client() -> Iterator[TestClient]:
    with TestClient(Starlette(routes=routes())) as c:
        yield c


def source(game: str, lang: str, cards: bool = False) -> Path:
    stem = f"{game}.cards" if cards else game
    return RULES / (f"{stem}.ja.md" if lang == "ja" else f"{stem}.md")


def shown(page: str) -> str:
    """A page's text as a reader sees it: its tags and the SVG's inner workings left out."""
    body = page.split("<main", 1)[1]
    body = re.sub(r"<svg.*?</svg>", "", body, flags=re.S)
    return html.unescape(re.sub(r"<[^>]+>", " ", body))


def sections(page: str) -> list[tuple[str, str]]:
    """Each ``<h2>`` of a page with its HTML up to the next one."""
    parts = re.split(r"<h2 [^>]*>(.*?)</h2>", page)
    return [(re.sub(r"<[^>]+>", "", parts[k]), parts[k + 1]) for k in range(1, len(parts), 2)]


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("game", bodoge.games())
def test_a_rules_page_draws_cards_of_the_shipped_set_in_its_language(
    client: TestClient, game: str, lang: str
) -> None:
    """Every marker of the rules text (``<!-- cards: M2-01 R4 -->``) is drawn, card by card, from
    the game's own cards in the page's language, with the classes the table's cards have."""
    page = client.get(f"/rules/{game}?lang={lang}").text
    assert "&lt;!--" not in page and "<!--" not in page.split("<main", 1)[1]
    made = bodoge.make(game)
    faces = game_module(made, "faces").faces(made.cards, lang)  # type: ignore[union-attr]
    markers = re.findall(r"<!--\s*(?:cards|written):\s*(.*?)\s*-->", source(game, lang).read_text())
    figures = re.findall(r'<div class="card-figure[^"]*">.*?</div>\n', page, re.S)
    assert len(markers) >= 3 and len(figures) == len(markers)
    for marker, figure in zip(markers, figures, strict=True):
        for item in marker.split():
            code = item.partition(":")[0]
            name = faces["names"][code]  # the card set knows it, and words it in this language
            if game == "ruler-of-mana":
                name = faces["codes"][code]["name"]
            elif code in faces["missions"]:
                name = faces["missions"][code]["name"]
                assert faces["missions"][code]["condition"] in html.unescape(figure)
            assert html.escape(name, quote=False) in figure, (item, lang)
    drawn = re.findall(
        r' class="(card (?:info|mana|spell|scroll)[^"]*|mission [^"]*|collab [^"]*)"', page
    )
    assert len(drawn) >= 12


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("game", bodoge.games())
def test_a_rules_page_has_a_picture_of_the_table(client: TestClient, game: str, lang: str) -> None:
    """The table seen from above, an SVG in the page (no raster), named for a screen reader by
    the text's own words, its numbers explained by the list that follows it."""
    page = client.get(f"/rules/{game}?lang={lang}").text
    found = re.search(r'<figure class="picture"><svg role="img" aria-label="([^"]+)"', page)
    assert found and len(found[1]) > 10
    alt = re.search(r"!\[(.+?)\]\(" + game + r"-table\.svg\)", source(game, lang).read_text())
    assert alt and html.unescape(found[1]) == alt[1]
    legend_group = page.split('<g class="legend"', 1)[1].split("</g>", 1)[0]
    numbers = re.findall(r"<text [^>]*>(\d)</text>", legend_group)
    legend = page.split("</figure>", 1)[1].split("</ol>", 1)[0].count("<li>")
    assert numbers == [str(n) for n in range(1, legend + 1)] and legend >= 4
    assert not re.search(r"\.(png|jpe?g|gif|webp)\b", page)


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("game", bodoge.games())
def test_the_page_opens_with_the_game_and_ends_with_the_project(
    client: TestClient, game: str, lang: str
) -> None:
    """Before the first section: what the game is and how to win, no word of the engine or of
    rule ids; last: the section about these pages, which says what rule ids and rulings are."""
    page = client.get(f"/rules/{game}?lang={lang}").text
    opening = shown(page.split("<h2", 1)[0])
    assert ("How to win." if lang == "en" else "勝ち方。") in opening
    for word in ("engine", "エンジン", f"{PREFIX[game]}-3.4", "bodoge", ".md"):
        assert word not in opening, word
    last, about = sections(page)[-1]
    assert last == ABOUT[lang]
    assert f"{PREFIX[game]}-3.4" in about and ("engine" in about or "エンジン" in about)


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("game", bodoge.games())
def test_what_the_terminal_types_is_in_a_section_of_its_own(
    client: TestClient, game: str, lang: str
) -> None:
    """The rules' tables have no column of terminal input; the section for terminal players has
    every command, each action's among them."""
    page = dict(sections(client.get(f"/rules/{game}?lang={lang}").text))
    column = "You type" if lang == "en" else "入力"
    terminal = page.pop(TERMINAL[lang])
    commands = set(re.findall(r"<td><code>([a-z]+)[ <]", terminal))
    assert f"<th>{column}</th>" in terminal and "draw" in commands and len(commands) >= 5
    for title, part in page.items():
        assert f"<th>{column}</th>" not in part, title
        assert not commands & set(re.findall(r"<td><code>([a-z]+)[ <]", part)), title


@pytest.mark.parametrize("lang", LANGUAGES)
def test_each_condition_word_is_said_as_the_table_says_it(client: TestClient, lang: str) -> None:
    """The conditions table of Extreme Mission's page: each written word (``set(2)``) beside what
    the table shows for it (``2 cards of one number``), from the same words the table uses."""
    game = bodoge.make("extreme-mission")
    page = client.get(f"/rules/extreme-mission?lang={lang}").text
    rows = re.findall(
        r"<tr>\s*<td>([^<]+)</td>\s*<td>[^<]+</td>\s*<td><code>(\w+)\([^)]*\)</code>[:：] ?"
        r"<code>([^<]+)</code></td>",
        page,
    )
    kinds = {kind for _, kind, _ in rows}
    assert kinds == {"set", "run", "colour_run", "flush", "rainbow", "rainbow_set"} | {
        "sum_at_least",
        "sum_at_most",
        "exact",
        "any",
    }
    for said, _, written in rows:
        assert html.unescape(said) == condition_words(
            game.cards, parse_condition(html.unescape(written)), lang
        )


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("game", bodoge.games())
def test_no_file_name_is_shown(client: TestClient, game: str, lang: str) -> None:
    """The rules pages say the other language by its name, the rulings as the project's rulings:
    no ``.md`` file is named on a page (the card-file page names the card files themselves)."""
    for path in (f"/rules/{game}", f"/rules/{game}/cards"):
        page = client.get(f"{path}?lang={lang}")
        assert page.status_code == 200, path
        assert not re.search(r"[\w.-]+\.md\b", shown(page.text)), path
        other = "ja" if lang == "en" else "en"  # in the header's switch
        assert f'lang="{other}">{text("lang", other)}</a>' in page.text.split("<main", 1)[0]


def linked_anchors() -> Iterator[tuple[str, str, str]]:
    """Every link into a rules page with an anchor: each rule id a text of the table says (the end
    screens, the log and the companion link it to its rule, ui.js ruleLinks), and each
    ``rules/<file>.md#anchor`` of the docs, the README and the source. (what links, page, anchor)"""
    games = {prefix: name for name, prefix in PREFIX.items()}
    for key, entry in catalogue().items():
        for lang in LANGUAGES:
            for found in re.finditer(r"\b(EM|RM)-\d+(?:\.\d+)*\b", entry[lang]):
                yield key, f"/rules/{games[found[1]]}?lang={lang}", found[0]
    texts = [*(ROOT / "src").rglob("*.py"), *(ROOT / "src").rglob("*.toml"), ROOT / "README.md"]
    texts += [*(ROOT / "docs").rglob("*.md")]
    for path in texts:
        for file, anchor in re.findall(
            r"rules/([\w.-]+\.md)#([^\s)`\"]+)", path.read_text("utf-8")
        ):
            found = re.fullmatch(r"([a-z-]+?)(\.cards)?(\.ja)?\.md", file)
            assert found, (path, file)
            where = f"/rules/{found[1]}{'/cards' if found[2] else ''}"
            yield path.name, f"{where}?lang={'ja' if found[3] else 'en'}", anchor


def test_every_anchor_linked_to_is_on_its_page(client: TestClient) -> None:
    """The rule ids the table's end screens link to, and every heading the docs link to, are ids
    of the served page; the lobby's links to the rules and to the card-file page answer."""
    ids: dict[str, set[str]] = {}
    seen = set()
    for what, address, anchor in linked_anchors():
        if address not in ids:
            page = client.get(address)
            assert page.status_code == 200, (what, address)
            ids[address] = set(re.findall(r' id="([^"]*)"', page.text))
        assert anchor in ids[address], (what, address, anchor)
        seen.add(anchor)
    assert {"EM-5.2", "EM-5.4", "RM-5.5", "RM-1.1"} <= seen
    lobby = (ROOT / "src" / "bodoge" / "web" / "lobby.js").read_text()
    for link in ("/rules/${name}?lang=${lang}", "/rules/${name}/cards?lang=${lang}"):
        assert f"href: address(`{link}`)" in lobby, link
        for game in bodoge.games():
            for lang in LANGUAGES:
                address = link.replace("${name}", game).replace("${lang}", lang)
                assert client.get(address).status_code == 200, address


def canonical_js() -> str:
    """A browser function: an element as a plain tree (tag, attributes sorted, its classes as a
    set, children), so that two drawings compare whatever their attributes' order."""
    return """(node) => {
      const tree = (n) => n.nodeType === 3 ? n.textContent : {
        tag: n.tagName,
        attrs: [...n.attributes].map((a) => [a.name, a.name === "class"
          ? a.value.split(/\\s+/).filter(Boolean).sort().join(" ") : a.value]).sort(),
        kids: [...n.childNodes].map(tree).filter((k) => k !== ""),
      };
      return JSON.stringify(tree(node));
    }"""


# In the page: each card of the rules page's figures, and the table's own drawing of it (em.js,
# rm.js, given what they draw from: the faces, a seat's view with no move offered), as trees.
BOTH_DRAWINGS = """async ([game, lang, canonical]) => {
  const tree = eval(canonical);
  const ui = await import("/static/ui.js");
  await ui.loadMessages(lang);
  const faces = await (await fetch(`/api/faces/${game}?lang=${lang}`)).json();
  const em = game === "extreme-mission";
  const table = await import(em ? "/static/em.js" : "/static/rm.js");
  const offer = (step, attrs) => attrs;
  const ctx = (collabs) => ({ faces, offer, picked: () => null, seatName: String,
    view: { you: 0, missions: {}, collaborators: { 0: collabs } } });
  const byName = (name) => Object.keys(faces.kinds).find((k) => faces.kinds[k].name === name);
  const figures = ".card-figure .card, .card-figure .mission, .card-figure .collab";
  return [...document.querySelectorAll(figures)].map((node) => {
    const id = node.dataset.card;
    let own;
    if (!em) own = table.card({ faces }, id);
    else if (node.classList.contains("info")) own = table.infoCard(faces, id);
    else if (node.classList.contains("mission")) own = table.missionCard(ctx({}), id);
    else {
      const kind = id || byName(node.firstChild.textContent);
      const side = node.classList.contains("down") ? "down" : "up";
      own = table.collaborators(ctx({ [kind]: side }), 0).firstChild;
    }
    return [tree(node), tree(own)];
  });
}"""


@pytest.mark.parametrize(("game", "lang"), [("extreme-mission", "ja"), ("ruler-of-mana", "en")])
def test_the_pages_cards_are_the_tables_own_drawing(
    server: str, person: Any, game: str, lang: str
) -> None:
    """Each card of the rules page is what the table's own script (em.js, rm.js) draws for that
    card, element for element: the page's drawing and the table's cannot drift apart."""
    who = person(f"rules-cards-{game}-{lang}", lang, DESKTOP)
    who.page.goto(f"{server}/rules/{game}?lang={lang}")
    compared = who.page.evaluate(BOTH_DRAWINGS, [game, lang, canonical_js()])
    assert len(compared) >= 12
    for page_drawn, table_drawn in compared:
        assert json.loads(page_drawn) == json.loads(table_drawn)


NAMED = {"ja": "ミッションカード", "en": "Mission cards"}  # a row of the cards and pieces
# how many lines a node's words take (its words', not its box's: a cell is as tall as its row)
LINES_TALL = """(n) => { const words = document.createRange(); words.selectNodeContents(n);
  return words.getBoundingClientRect().height / parseFloat(getComputedStyle(n).lineHeight); }"""


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_rules_pages_on_a_phone_and_a_desktop(server: str, person: Any, lang: str) -> None:
    """Both games' pages and card-file pages, on a phone (Japanese) and a desktop (English): no
    sideways scroll, every card of the figures inside the page, pictures kept for a look."""
    viewport = PHONE if lang == "ja" else DESKTOP
    who = person(f"rules-{lang}", lang, viewport)
    for game in bodoge.games():
        for path in (f"/rules/{game}", f"/rules/{game}/cards"):
            who.page.goto(f"{server}{path}?lang={lang}")
            expect(who.page.locator("main.rules h1")).to_be_visible()
            who.no_sideways_scroll()
            if path == "/rules/extreme-mission":  # a row's name whole, or in two lines at most
                row = who.page.locator("main.rules td:first-child", has_text=NAMED[lang])
                lines = row.evaluate(LINES_TALL)
                assert lines < 2.5, lines
            width = viewport["width"]
            for box in who.page.locator(".card-figure > *").evaluate_all(
                "(nodes) => nodes.map((n) => n.getBoundingClientRect().right)"
            ):
                assert box <= width, (path, box)
            if SHOTS.is_dir():
                name = path.strip("/").replace("/", "-")
                who.page.screenshot(path=str(SHOTS / f"{name}-{lang}-{width}.png"), full_page=True)
