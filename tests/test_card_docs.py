"""A card owner finds every field of a card file and what it means, in both languages: each
shipped ``cards.toml`` opens with the list of its tables and fields and points to the page that
explains them; each game has a page on one's own card file (English and Japanese,
``docs/rules/<game>.cards.md``, linked from its rules page) with every table and field, the words
of costs, effects and reactions (a condition's words are on the rules page), and where the file
bodoge ships is (a path alone is no use to someone reading the page in a browser)."""

from __future__ import annotations

import re
import tomllib
from importlib import resources
from pathlib import Path
from typing import Any

import pytest

import bodoge
from bodoge.core.errors import CardSetError
from bodoge.games.extreme_mission import conditions
from bodoge.games.ruler_of_mana import effects

RULES = Path(__file__).resolve().parents[1] / "docs" / "rules"
TITLE = {"en": "your own card file", "ja": "自分のカードファイル"}
PACKAGE = {"extreme-mission": "extreme_mission", "ruler-of-mana": "ruler_of_mana"}
# A field renamed in the pages' example of a mistake: (card, its English name).
RENAMED = {"extreme-mission": ("M1-03", "Wiretap"), "ruler-of-mana": ("S01", "Fireball")}


def shipped(game: str) -> str:
    return resources.files(f"bodoge.games.{PACKAGE[game]}").joinpath("cards.toml").read_text()


def fields(game: str) -> dict[str, set[str]]:
    """Each table of the shipped file, as its header is written, with the fields its entries use."""
    found: dict[str, set[str]] = {}

    def walk(name: str, value: Any) -> None:
        if isinstance(value, list):
            found.setdefault(f"[[{name}]]", set()).update(k for entry in value for k in entry)
            return
        found[f"[{name}]"] = set()
        for key, inner in value.items():
            if isinstance(inner, list) and all(isinstance(e, dict) for e in inner):
                walk(f"{name}.{key}", inner)
            else:
                found[f"[{name}]"].add(key)

    for name, value in tomllib.loads(shipped(game)).items():
        walk(name, value)
    return found


def page(game: str, lang: str) -> str:
    """The game's rules page."""
    return (RULES / (f"{game}.ja.md" if lang == "ja" else f"{game}.md")).read_text("utf-8")


def section(game: str, lang: str) -> str:
    """The game's page on one's own card file, which its rules page links to."""
    name = f"{game}.cards.ja.md" if lang == "ja" else f"{game}.cards.md"
    assert f"]({name})" in page(game, lang)
    text = (RULES / name).read_text("utf-8")
    assert TITLE[lang] in text.splitlines()[0]
    return text


@pytest.mark.parametrize("game", PACKAGE)
def test_the_shipped_file_lists_its_fields_and_points_to_the_page(game: str) -> None:
    header = shipped(game).split("\n\n", 1)[0]  # the opening comment, to its first blank line
    assert all(line.startswith("#") for line in header.splitlines())
    for table, names in fields(game).items():
        assert table in header, table
        for name in names:
            assert re.search(rf"\b{name}\b", header), (table, name)
    assert f"docs/rules/{game}.cards.md" in header and f"docs/rules/{game}.cards.ja.md" in header
    assert "自分のカードファイル" in header and "Your own card file" in header


@pytest.mark.parametrize("lang", TITLE)
@pytest.mark.parametrize("game", PACKAGE)
def test_the_rules_page_explains_every_field_and_word(game: str, lang: str) -> None:
    text = section(game, lang)
    for table, names in fields(game).items():
        assert f"`{table}`" in text, table
        for name in names:
            assert f"`{name}`" in text, (table, name)
    if game == "ruler-of-mana":
        words = (*effects.VERBS, *effects.TARGET_KINDS, *effects.DAMAGE_ELEMENTS)
        words += (*effects.TIMINGS, *effects.TRIGGERS, *effects.REACTION_VERBS)
        for word in words:
            assert re.search(rf"`{word}[`(]", text), word
    else:  # the condition words have a section of their own on the rules page, linked from it
        for word in conditions.GROUP_KINDS:
            assert f"`{word}(" in page(game, lang), word
        assert f"#{'カードの条件' if lang == 'ja' else 'conditions-on-the-cards'})" in text


@pytest.mark.parametrize("lang", TITLE)
@pytest.mark.parametrize("game", PACKAGE)
def test_a_source_path_is_named_only_where_the_page_says_bodoge_ships_the_file(
    game: str, lang: str
) -> None:
    text, own = page(game, lang), section(game, lang)
    assert text.count("src/bodoge/") == 0 and own.count("src/bodoge/") == 1
    assert ("bodoge ships" if lang == "en" else "同梱") in own
    assert f"bodoge/games/{PACKAGE[game]}/" in own


@pytest.mark.parametrize("lang", TITLE)
@pytest.mark.parametrize("game", PACKAGE)
def test_the_pages_example_of_a_mistake_is_the_loaders_line(
    game: str, lang: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    card, name = RENAMED[game]
    monkeypatch.chdir(tmp_path)
    content = shipped(game)
    assert content.count(f'en = "{name}"') == 1
    Path("my-cards.toml").write_text(content.replace(f'en = "{name}"', f'name_en = "{name}"'))
    with pytest.raises(CardSetError) as caught:
        bodoge.make(game, cards="my-cards.toml")
    assert caught.value.card == card
    said = " ".join(section(game, lang).split())
    assert f"`{caught.value.text(lang)}`" in said
