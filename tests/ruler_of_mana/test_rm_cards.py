"""The shipped Ruler of Mana card set (cards page §1, §4, §5) and the card-file checks."""

from __future__ import annotations

from collections import Counter
from importlib import resources
from pathlib import Path

import pytest

from bodoge.core.errors import CardSetError
from bodoge.core.testing import run_doctests
from bodoge.games.ruler_of_mana import cards as cards_module
from bodoge.games.ruler_of_mana.cards import (
    CardSet,
    ManaKind,
    Scroll,
    Spell,
    load_cards,
    parse_cards,
)
from bodoge.games.ruler_of_mana.payment import CODES, can_pay, parse_cost

SHIPPED = resources.files("bodoge.games.ruler_of_mana").joinpath("cards.toml").read_text("utf-8")


@pytest.fixture(scope="module")
def deck() -> CardSet:
    return load_cards()


# -- totals (cards page §1, §5; RM-1.1) -----------------------------------------------------------


def test_rm_1_1_shipped_set_is_120_cards(deck: CardSet) -> None:
    assert len(deck.cards) == len(deck) == 120
    assert (deck.mana_count, deck.spell_count, deck.scroll_count) == (64, 35, 21)
    assert Counter(card.kind for card in deck.cards) == {"mana": 64, "spell": 35, "scroll": 21}
    assert len({card.id for card in deck.cards}) == 120


def test_cards_1_mana_counts(deck: CardSet) -> None:
    copies = {kind.code: kind.copies for kind in deck.mana_kinds}
    assert copies == {
        "F1": 12, "F2": 2, "W1": 12, "W2": 2, "A1": 12, "A2": 2, "E1": 12, "E2": 2, "RB": 8,
    }  # fmt: skip
    per_element: Counter[str] = Counter()
    for kind in deck.mana_kinds:
        per_element[kind.element] += kind.copies
    assert per_element == {"fire": 14, "water": 14, "wind": 14, "earth": 14, "rainbow": 8}
    # mana units: 12 + 2 x 2 = 16 per element, plus the 8 rainbows: 72
    assert sum(kind.copies * kind.orbs for kind in deck.mana_kinds) == 72


def test_cards_1_mana_ids(deck: CardSet) -> None:
    assert deck.mana_kind("F1").ids == tuple(f"MF1-{k:02d}" for k in range(1, 13))
    assert deck.mana_kind("E2").ids == ("ME2-01", "ME2-02")
    assert deck.mana_kind("RB").ids == tuple(f"MR-{k:02d}" for k in range(1, 9))
    prefixes = {kind.code: kind.prefix for kind in deck.mana_kinds}
    assert prefixes == {c: ("MR" if c == "RB" else "M" + c) for c in CODES}
    assert [kind.code for kind in deck.mana_kinds] == list(CODES)
    assert deck.mana_kind("W2").name("ja") == "水のマナ（2玉）"


def test_cards_5_scroll_kinds_and_ids(deck: CardSet) -> None:
    assert [s.id for s in deck.scrolls] == [f"R{k:02d}" for k in range(1, 17)]
    doubles = [s.id for s in deck.scrolls if s.copies == 2]
    assert doubles == ["R01", "R02", "R03", "R09", "R10"]
    assert all(s.copies in (1, 2) for s in deck.scrolls)
    assert deck.ids_of("R01") == ("R01-a", "R01-b")
    assert deck.ids_of("R16") == ("R16-a",)
    # §6.5: 10 reactions of 7 kinds, 11 main scrolls of 9 kinds
    reactions = [s for s in deck.scrolls if s.is_reaction]
    mains = [s for s in deck.scrolls if not s.is_reaction]
    assert (len(reactions), sum(s.copies for s in reactions)) == (7, 10)
    assert (len(mains), sum(s.copies for s in mains)) == (9, 11)


def test_cards_4_spells(deck: CardSet) -> None:
    assert [s.id for s in deck.spells] == [f"S{k:02d}" for k in range(1, 36)]
    assert Counter(s.element for s in deck.spells) == {
        "fire": 9, "water": 9, "earth": 9, "wind": 8,
    }  # fmt: skip
    assert all(1 <= len(s.options) <= 3 for s in deck.spells)


# -- the summary of §4, computed from the tables -------------------------------------------------


def test_cards_4_summary_figures(deck: CardSet) -> None:
    options = [option for _, option in deck.options]
    assert len(options) == 77
    assert Counter(o.cost.mana_value for o in options) == {1: 15, 2: 27, 3: 22, 4: 10, 5: 3}
    assert round(sum(o.cost.mana_value for o in options) / len(options), 2) == 2.47
    symbols = Counter(symbol for o in options for symbol in o.cost.symbols)
    assert symbols == {"F": 47, "E": 47, "A": 45, "W": 40, "*": 11}


def test_cards_6_3_cheapest_and_top_options(deck: CardSet) -> None:
    cheapest = sum(min(o.cost.mana_value for o in s.options) for s in deck.spells)
    top = sum(max(o.cost.mana_value for o in s.options) for s in deck.spells)
    assert (cheapest, top) == (66, 110)


def test_cards_2_options_of_a_spell_have_different_costs(deck: CardSet) -> None:
    for spell in deck.spells:
        costs = [o.cost for o in spell.options]
        assert len(set(costs)) == len(costs), spell.id


def test_cards_4_confirmed_example(deck: CardSet) -> None:
    option = deck.option("S19/3")
    assert option.cost == parse_cost("E E F")
    assert [str(e) for e in option.effects] == ["damage(one_opponent, 7, earth)"]
    assert can_pay(option.cost, ["F2", "E1", "E1"])


def test_cards_5_scroll_texts(deck: CardSet) -> None:
    triggers = {s.id: s.trigger for s in deck.scrolls if s.is_reaction}
    assert triggers == {
        "R01": "targeted",
        "R02": "targeted",
        "R03": "damage_targeted",
        "R04": "damage_targeted",
        "R05": "damage_targeted",
        "R06": "lethal",
        "R07": "spell_cast",
    }
    reactions = {s.id: str(s.reaction) for s in deck.scrolls if s.is_reaction}
    assert reactions == {
        "R01": "cancel",
        "R02": "untarget",
        "R03": "halve",
        "R04": "reflect",
        "R05": "retaliate(4)",
        "R06": "prevent + heal(self, 3)",
        "R07": "siphon",
    }
    assert deck.scroll("R06").timing == "lethal"
    mains = {s.id: " + ".join(map(str, s.effects)) for s in deck.scrolls if not s.is_reaction}
    assert mains == {
        "R08": "scry(5) + draw(2)",
        "R09": "heal(self, 6)",
        "R10": "draw(3)",
        "R11": "damage(one_opponent, 6, none)",
        "R12": "damage(all_opponents, 3, none)",
        "R13": "skip(one_opponent)",
        "R14": "take(one_opponent, 2)",
        "R15": "swap_hands(one_opponent)",
        "R16": "recover(3)",
    }
    assert all(s.reaction is None and s.trigger is None for s in deck.scrolls if not s.is_reaction)
    assert all(s.effects == () for s in deck.scrolls if s.is_reaction)


# -- lookups --------------------------------------------------------------------------------------


def test_lookups_by_id_and_code(deck: CardSet) -> None:
    assert isinstance(deck.face("F1"), ManaKind)
    assert isinstance(deck.face("S19"), Spell)
    assert isinstance(deck.face("R03"), Scroll)
    assert deck.code_of("MF2-02") == "F2"
    assert deck.code_of("MR-08") == "RB"
    assert deck.code_of("S07") == "S07"
    assert deck.code_of("R03-b") == "R03"
    assert deck.card("R03-b").kind == "scroll"
    assert deck.kind_of("ME1-12") is deck.mana_kind("E1")
    assert deck.scroll("R03-b") is deck.scroll("R03")
    assert deck.spell("S01").name("ja") == "ファイアボール"
    assert str(deck.spell("S01").option(2)) == "F F -> damage(one_opponent, 5, fire)"
    for bad in ("MF1-13", "S36", "R01-c", "X"):
        with pytest.raises(KeyError):
            deck.card(bad)
    with pytest.raises(KeyError):
        deck.spell("R01")
    with pytest.raises(KeyError):
        deck.mana_kind("S01")
    with pytest.raises(KeyError):
        deck.option("S19/4")
    with pytest.raises(KeyError):
        deck.option("S19")


def test_shipped_set_is_cached_and_loads_from_a_path(tmp_path: Path) -> None:
    assert load_cards() is load_cards()
    copy = tmp_path / "cards.toml"
    copy.write_text(SHIPPED, encoding="utf-8")
    loaded = load_cards(copy)
    assert loaded is not load_cards()
    assert [c.id for c in loaded.cards] == [c.id for c in load_cards().cards]
    assert loaded.path == str(copy)


def test_replacement_file_with_other_totals(tmp_path: Path) -> None:
    path = tmp_path / "tiny.toml"
    path.write_text(
        """
[[mana]]
code = "RB"
prefix = "MR"
element = "rainbow"
orbs = 1
copies = 5
en = "Rainbow"
ja = "虹"

[[spell]]
id = "S01"
en = "Spark"
ja = "火花"
element = "fire"
options = ["* -> damage(left, 1, none)"]
""",
        encoding="utf-8",
    )
    tiny = load_cards(path)
    assert (len(tiny), tiny.mana_count, tiny.spell_count, tiny.scroll_count) == (6, 5, 1, 0)
    assert tiny.scrolls == ()


def test_doctests() -> None:
    result = run_doctests(cards_module)
    assert result.failed == 0 and result.attempted > 0


# -- broken files: one line naming file, card and field -------------------------------------------

BROKEN = [
    # (replace this, with this, card, field, part of the problem)
    ('en = "Phoenix Flame"', 'en = "Phoenix Flame', "S05", "en", "TOML syntax error"),
    ("F -> damage(one_opponent, 2, fire)", "F -> dmg(one_opponent, 2, fire)", "S01", "options",
     "option 1: unknown effect verb 'dmg'"),
    ("F * -> damage(one_opponent, 4, fire)", "F G -> damage(one_opponent, 4, fire)", "S02",
     "options", "option 1: unknown cost symbol 'G'"),
    ("F F F F F -> damage(one_opponent, 12, fire)", "F F F F F F -> damage(one_opponent, 12, fire)",
     "S03", "options", "option 2: cost 'F F F F F F' has 6 symbols"),
    ('"W F -> damage(one_opponent, 4, water)"', '"W -> damage(one_opponent, 4, water)"', "S14",
     "options", "options 1 and 2 both cost W"),
    ('"W W F -> damage(all_opponents, 2, water)', '"F W -> damage(all_opponents, 2, water)', "S18",
     "options", "options 1 and 2 both cost F W"),
    ('"E -> heal(self, 2)",', '"E -> heal(self, 2)", "* -> draw(1)",', "S22", "options",
     "1-3 options, not 4"),
    ('"A -> draw(3)",', '"A -> draw(three)",', "S29", "options", "whole number >= 1"),
    ('"A -> steal(one_opponent, 1)"', '"A -> steal(self, 1)"', "S30", "options",
     "steal cannot target self"),
    ('id = "S02"', 'id = "S01"', "S01", "id", "id 'S01' is used twice"),
    ('id = "S03"', 'id = "S3"', "S3", "id", "a spell id is S and 2-3 digits"),
    ('ja = "炎の槍"\n', "", "S02", "ja", "missing"),
    ('en = "Inferno"', 'en = ""', "S03", "en", "is empty"),
    ('en = "Fire Whip"', "en = 4", "S04", "en", "must be text"),
    ('element = "fire"\noptions = [\n    "F -> damage(left', 'element = "lava"\noptions = [\n    '
     '"F -> damage(left', "S04", "element", "unknown element 'lava'"),
    ('en = "Tidal Wave"', 'en = "Tidal Wave"\ncost = "W W"', "S11", "cost", "unknown field"),
    ('timing = "main"\neffect = "heal(self, 6)"', 'timing = "instant"\neffect = "heal(self, 6)"',
     "R09", "timing", "unknown timing 'instant'"),
    ('trigger = "targeted"\neffect = "cancel"', 'trigger = "attacked"\neffect = "cancel"', "R01",
     "trigger", "unknown trigger 'attacked'"),
    ('trigger = "lethal"', 'trigger = "targeted"', "R06", "trigger",
     "trigger targeted does not fit timing lethal"),
    ('trigger = "spell_cast"\n', "", "R07", "trigger", "missing"),
    ('effect = "recover(3)"', 'trigger = "targeted"\neffect = "recover(3)"', "R16", "trigger",
     "a main scroll has no trigger"),
    ('effect = "halve"', 'effect = "halve + reflect"', "R03", "effect", "cannot be combined"),
    ('effect = "siphon"', 'effect = "prevent"', "R07", "effect", "prevent is a lethal"),
    ('effect = "recover(3)"', 'effect = "recover(0)"', "R16", "effect", "whole number >= 1"),
    ('effect = "draw(3)"', 'effect = "draw(3) + wish(1)"', "R10", "effect",
     "unknown effect verb 'wish'"),
    ('copies = 2\ntiming = "main"\neffect = "draw(3)"', 'copies = 0\ntiming = "main"\n'
     'effect = "draw(3)"', "R10", "copies", "must be 1-26, not 0"),
    ('copies = 2\ntiming = "main"\neffect = "draw(3)"', 'copies = "2"\ntiming = "main"\n'
     'effect = "draw(3)"', "R10", "copies", "must be a whole number"),
    ('id = "R12"', 'id = "R11"', "R11", "id", "id 'R11' is used twice"),
    ("copies = 8", "copies = 0", "RB", "copies", "must be 1-99, not 0"),
    ('code = "F2"\nprefix = "MF2"', 'code = "F2"\nprefix = "MF1"', "F2", "prefix",
     "card id 'MF1-01' is used twice"),
    ('code = "W2"\nprefix = "MW2"', 'code = "W1"\nprefix = "MW2"', "W1", "orbs",
     "code W1 has 1 orb, not 2"),
    ('code = "A1"\nprefix = "MA1"\nelement = "wind"', 'code = "A1"\nprefix = "MA1"\n'
     'element = "water"', "A1", "element", "code A1 is wind mana, not water"),
    ('element = "rainbow"', 'element = "rainbow"\nsymbol = "R"', "RB", "symbol",
     "rainbow mana has no symbol"),
    ('code = "E1"\nprefix = "ME1"\nelement = "earth"\nsymbol = "E"', 'code = "E1"\nprefix = "ME1"\n'
     'element = "earth"\nsymbol = "F"', "E1", "symbol", "earth mana has symbol E"),
    ('code = "E2"', 'code = "E3"', "E3", "code", "unknown code 'E3'"),
    ('prefix = "MR"', 'prefix = "mr"', "RB", "prefix", "capital letters"),
]  # fmt: skip


@pytest.mark.parametrize(("old", "new", "card", "field", "problem"), BROKEN)
def test_broken_file_names_file_card_and_field(
    tmp_path: Path, old: str, new: str, card: str, field: str, problem: str
) -> None:
    assert SHIPPED.count(old) == 1, old
    path = tmp_path / "broken.toml"
    path.write_text(SHIPPED.replace(old, new), encoding="utf-8")
    with pytest.raises(CardSetError) as caught:
        load_cards(path)
    error = caught.value
    message = str(error)
    assert "\n" not in message
    assert (error.file, error.card, error.field) == (str(path), card, field)
    assert message.startswith(f"{path}: card {card}: field {field!r}: ")
    assert problem in error.problem


@pytest.mark.parametrize(
    ("text", "field", "problem"),
    [
        ("", "mana", "missing: the deck needs mana cards"),
        ("[[spell]]\nid = 'S01'", "mana", "missing"),
        ("mana = []\n[[spell]]\nid = 'S01'", "mana", "empty"),
        ("[mana]\ncode = 'F1'", "mana", "array of tables"),
        ("[[spells]]\nid = 'S01'", "spells", "unknown table"),
    ],
)
def test_broken_file_structure(text: str, field: str, problem: str) -> None:
    with pytest.raises(CardSetError) as caught:
        parse_cards(text, "mine.toml")
    assert (caught.value.file, caught.value.card, caught.value.field) == ("mine.toml", None, field)
    assert problem in caught.value.problem


def test_missing_spells_and_unnamed_entries() -> None:
    mana = SHIPPED.split("# Spells S01-S35")[0]
    with pytest.raises(CardSetError, match="field 'spell': missing"):
        parse_cards(mana, "mine.toml")
    with pytest.raises(CardSetError) as caught:
        parse_cards(mana + "[[spell]]\nen = 'Nameless'\n", "mine.toml")
    assert (caught.value.card, caught.value.field) == ("spell #1", "id")


def test_unreadable_file(tmp_path: Path) -> None:
    with pytest.raises(CardSetError, match="cannot read the file"):
        load_cards(tmp_path / "absent.toml")
    binary = tmp_path / "binary.toml"
    binary.write_bytes(b"\xff\xfe\x00")
    with pytest.raises(CardSetError, match="not UTF-8"):
        load_cards(binary)


def test_toml_error_outside_any_card() -> None:
    with pytest.raises(CardSetError) as caught:
        parse_cards("= 1\n", "mine.toml")
    assert caught.value.card is None
    assert "TOML syntax error" in caught.value.problem
