"""Extreme Mission's card file: the shipped set (cards page) and the checks on a replaced one."""

from __future__ import annotations

from collections.abc import Callable
from importlib import resources
from pathlib import Path

import pytest

from bodoge.core.errors import CardSetError
from bodoge.games.extreme_mission.cards import CardSet, load_cards
from bodoge.games.extreme_mission.conditions import card_type, parse_condition

SHIPPED = resources.files("bodoge.games.extreme_mission").joinpath("cards.toml").read_text("utf-8")

# The "Cards" column of the cards page, §3 and §4.
CARD_COUNTS = {
    "M1-01": 3, "M1-02": 3, "M1-03": 3, "M1-04": 3, "M1-05": 3, "M1-06": 3, "M1-07": 3, "M1-08": 3,
    "M2-01": 4, "M2-02": 4, "M2-03": 5, "M2-04": 4, "M2-05": 4, "M2-06": 4, "M2-07": 4, "M2-08": 5,
    "M3-01": 6, "M3-02": 6, "M3-03": 6, "M3-04": 6, "M3-05": 6, "M3-06": 6, "M3-07": 6, "M3-08": 6,
    "M4-01": 8, "M4-02": 8, "M4-03": 9, "M4-04": 7, "M4-05": 8, "M4-06": 8, "M4-07": 9, "M4-08": 8,
}  # fmt: skip


@pytest.fixture(scope="module")
def cs() -> CardSet:
    return load_cards()


# --------------------------------------------------------------------------------------------
# The shipped set


def test_shipped_info_cards(cs: CardSet) -> None:
    assert len(cs.info_cards) == 90
    assert [c.id for c in cs.colours] == ["red", "blue", "green", "yellow", "purple"]
    assert [c.code for c in cs.colours] == list("RBGYP")
    assert cs.numbers == tuple(range(1, 10))
    assert cs.copies == 2
    ids = [c.id for c in cs.info_cards]
    assert len(set(ids)) == 90
    assert ids[:3] == ["I-R1a", "I-R1b", "I-R2a"]
    assert ids[-1] == "I-P9b"
    card = cs.info_card("I-Y7b")
    assert (card.colour.id, card.number, card.copy) == ("yellow", 7, "b")
    assert card.type == card_type(3, 7)
    assert [c.type for c in cs.info_cards] == sorted(x for x in range(45) for _ in range(2))
    assert cs.colours[0].theme_en == "Weapons"
    assert cs.colours[4].name("ja") == "紫"


def test_shipped_missions(cs: CardSet) -> None:
    assert len(cs.missions) == 32
    for level in (1, 2, 3, 4):
        assert len(cs.missions_of_level(level)) == 8
    assert {m.id: m.condition.card_count for m in cs.missions} == CARD_COUNTS
    m = cs.mission("M3-07")
    assert (m.en, m.ja, m.level) == ("Summit Security", "首脳会談警護", 3)
    assert m.condition == parse_condition("rainbow_set(3) + run(3)")
    assert str(cs.mission("M1-08").condition) == "flush(2, yellow) + any(1)"
    assert cs.mission("M4-08").name("ja") == "終末装置の解除"


def test_shipped_collaborators(cs: CardSet) -> None:
    assert [k.code for k in cs.collaborator_kinds] == ["HK", "DR", "SN", "IN", "FG"]
    assert [str(k.condition) for k in cs.collaborator_kinds] == [
        "run(3)",
        "colour_run(2)",
        "sum_at_least(2, 15)",
        "sum_at_most(2, 5)",
        "rainbow(4)",
    ]
    assert [k.condition.card_count for k in cs.collaborator_kinds] == [3, 2, 2, 2, 4]
    assert cs.kind("FG").name("en") == "Forger"
    assert [p.id for p in cs.player_colours] == ["black", "white", "orange", "silver", "pink"]
    ids = cs.collaborator_card_ids()
    assert len(ids) == len(set(ids)) == 25
    assert ids[0] == "C-black-HK" and ids[-1] == "C-pink-FG"


def test_card_total_is_147(cs: CardSet) -> None:
    total = len(cs.info_cards) + len(cs.missions) + len(cs.collaborator_card_ids())
    assert total == 147


def test_type_codes(cs: CardSet) -> None:
    assert cs.type_code(0) == "R1"
    assert cs.type_code(card_type(3, 7)) == "Y7"
    assert cs.type_code(44) == "P9"
    for x in range(45):
        assert cs.parse_type(cs.type_code(x)) == x
    for bad in ("R0", "R10", "X1", "r7", "", "I-R7a", "7R"):
        with pytest.raises(ValueError):
            cs.parse_type(bad)
    with pytest.raises(ValueError):
        cs.type_code(45)


def test_lookups_raise_key_error(cs: CardSet) -> None:
    with pytest.raises(KeyError):
        cs.mission("M5-01")
    with pytest.raises(KeyError):
        cs.kind("XX")
    with pytest.raises(KeyError):
        cs.info_card("I-R7c")


def test_shipped_set_is_cached(cs: CardSet) -> None:
    assert load_cards() is cs
    assert load_cards(None) is cs


def test_loading_a_copy_gives_an_equal_set(cs: CardSet, tmp_path: Path) -> None:
    path = tmp_path / "cards.toml"
    path.write_text(SHIPPED, encoding="utf-8")
    copy = load_cards(path)
    assert copy.path == str(path)
    assert copy.missions == cs.missions
    assert copy.info_cards == cs.info_cards
    assert copy.collaborator_kinds == cs.collaborator_kinds
    assert load_cards(str(path)).missions == cs.missions


def test_a_replaced_set_may_change_counts_and_names(tmp_path: Path) -> None:
    text = SHIPPED.replace('id = "purple"', 'id = "violet"').replace(
        "flush(1, purple)", "flush(1, violet)"
    )
    for mid in ("M1-07", "M1-08", "M2-08"):  # drop some missions: levels keep at least 3
        start = text.index(f'id = "{mid}"') - len("[[missions]]\n")
        text = text[:start] + text[text.index("[[", start + 5) :]
    text = text.replace("copies = 2", "copies = 3")
    path = tmp_path / "mine.toml"
    path.write_text(text, encoding="utf-8")
    cs = load_cards(path)
    assert [len(cs.missions_of_level(level)) for level in (1, 2, 3, 4)] == [6, 7, 8, 8]
    assert len(cs.info_cards) == 135
    assert cs.info_card("I-P9c").colour.id == "violet"
    assert cs.mission("M1-06").condition.groups[1].colour_index == 4


# --------------------------------------------------------------------------------------------
# Broken files: one line naming the file, the card and the field


def replace_once(old: str, new: str) -> Callable[[str], str]:
    def edit(text: str) -> str:
        assert old in text, old
        return text.replace(old, new, 1)

    return edit


def mission_block(mid: str) -> tuple[int, int]:
    start = SHIPPED.index(f'id = "{mid}"') - len("[[missions]]\n")
    return start, SHIPPED.index("[[", start + 5)


def levels_to_three(text: str) -> str:
    for mid in ("M4-02", "M4-03", "M4-04", "M4-05", "M4-06", "M4-07", "M4-08"):
        text = text.replace(f'id = "{mid}"\nlevel = 4', f'id = "{mid}"\nlevel = 3')
    return text


def add_kind(text: str) -> str:
    extra = '[[collaborators]]\nkind = "XX"\nen = "Extra"\nja = "追加"\ncondition = "any(1)"\n\n'
    return text.replace("\n[[player_colours]]", "\n" + extra + "[[player_colours]]", 1)


def drop_player_colour(text: str) -> str:
    return text[: text.rindex("[[player_colours]]")]


def drop_purple(text: str) -> str:
    start = text.index('[[info.colours]]\nid = "purple"')
    return text[:start] + text[text.index("# --- Missions") :]


BROKEN: list[tuple[str, Callable[[str], str], str | None, str | None, str]] = [
    # name, edit, card, field, words in the message
    ("syntax", replace_once("level = 1\n", "level = = 1\n"), "M1-01", "level", "(at line"),
    ("missing field", replace_once('ja = "盗聴"\n', ""), "M1-03", "ja", "missing"),
    (
        "extra field",
        replace_once('id = "M1-02"\n', 'id = "M1-02"\ncolour = "red"\n'),
        "M1-02",
        "colour",
        "unknown field",
    ),
    (
        "wrong type",
        replace_once('id = "M1-01"\nlevel = 1', 'id = "M1-01"\nlevel = "1"'),
        "M1-01",
        "level",
        "whole number",
    ),
    (
        "boolean level",
        replace_once('id = "M1-01"\nlevel = 1', 'id = "M1-01"\nlevel = true'),
        "M1-01",
        "level",
        "whole number",
    ),
    (
        "level 5",
        replace_once('id = "M4-08"\nlevel = 4', 'id = "M4-08"\nlevel = 5'),
        "M4-08",
        "level",
        "1 to 4",
    ),
    ("duplicate id", replace_once('id = "M1-02"', 'id = "M1-01"'), "M1-01", "id", "used twice"),
    (
        "mission id with space",
        replace_once('id = "M1-02"', 'id = "M1 02"'),
        "M1 02",
        "id",
        "spaces",
    ),
    ("empty name", replace_once('en = "Wiretap"', 'en = " "'), "M1-03", "en", "empty"),
    ("bad condition", replace_once('"run(3)"', '"run(10)"'), "M1-02", "condition", "1..9"),
    (
        "unknown colour in condition",
        replace_once("flush(1, purple)", "flush(1, pink)"),
        "M1-06",
        "condition",
        "unknown colour 'pink'",
    ),
    (
        "condition not text",
        replace_once('condition = "flush(3)"', "condition = 3"),
        "M1-01",
        "condition",
        "text",
    ),
    ("too few missions in a level", levels_to_three, None, "missions", "level 4 has 1"),
    ("six collaborator kinds", add_kind, None, "collaborators", "exactly 5"),
    ("duplicate kind", replace_once('kind = "DR"', 'kind = "HK"'), "HK", "kind", "used twice"),
    ("bad kind code", replace_once('kind = "DR"', 'kind = "dr"'), "dr", "kind", "uppercase"),
    (
        "kind condition",
        replace_once('condition = "rainbow(4)"', 'condition = "rainbow(6)"'),
        "FG",
        "condition",
        "1..5",
    ),
    ("numbers", replace_once("numbers = [1, 9]", "numbers = [1, 10]"), None, "info.numbers", "9"),
    ("numbers shape", replace_once("numbers = [1, 9]", "numbers = 9"), None, "info.numbers", "["),
    ("copies", replace_once("copies = 2", "copies = 0"), None, "info.copies", "1 to 26"),
    ("four colours", drop_purple, None, "info.colours", "exactly 5"),
    ("colour code", replace_once('code = "R"', 'code = "RD"'), "red", "code", "one uppercase"),
    ("duplicate code", replace_once('code = "B"', 'code = "R"'), "blue", "code", "used twice"),
    ("colour id", replace_once('id = "green"', 'id = "Green"'), "Green", "id", "lowercase"),
    (
        "theme not text",
        replace_once('theme_en = "Funds"', "theme_en = 5"),
        "yellow",
        "theme_en",
        "text",
    ),
    (
        "player colour is an info colour",
        replace_once('id = "pink"', 'id = "red"'),
        "red",
        "id",
        "info colour",
    ),
    ("four player colours", drop_player_colour, None, "player_colours", "at least 5"),
    (
        "unknown table",
        lambda text: text + '\n[extras]\nnote = "x"\n',
        None,
        "extras",
        "unknown table",
    ),
    (
        "missions misspelt",  # named before the missions it leaves missing
        lambda text: text.replace("[[missions]]", "[[mission]]"),
        None,
        "mission",
        "unknown table",
    ),
    (
        "missions missing",
        lambda text: text[: text.index("# --- Missions")] + text[text.index("# --- Collab") :],
        None,
        "missions",
        "missing",
    ),
    (
        "player colours not a list",
        lambda text: 'player_colours = "black"\n' + text[: text.index("\n[[player_colours]]")],
        None,
        "player_colours",
        "list of tables",
    ),
]


@pytest.mark.parametrize(
    ("edit", "card", "field", "words"),
    [pytest.param(*case[1:], id=case[0]) for case in BROKEN],
)
def test_broken_file(
    tmp_path: Path,
    edit: Callable[[str], str],
    card: str | None,
    field: str | None,
    words: str,
) -> None:
    path = tmp_path / "broken.toml"
    path.write_text(edit(SHIPPED), encoding="utf-8")
    with pytest.raises(CardSetError) as info:
        load_cards(path)
    err = info.value
    message = str(err)
    assert "\n" not in message
    assert message.startswith(str(path))
    assert (err.card, err.field) == (card, field), message
    if card is not None:
        assert f"card {card}" in message
    if field is not None:
        assert repr(field) in message
    assert words in message


def test_missing_file(tmp_path: Path) -> None:
    path = tmp_path / "nowhere.toml"
    with pytest.raises(CardSetError, match="cannot read") as info:
        load_cards(path)
    assert str(path) in str(info.value)


def test_not_utf8(tmp_path: Path) -> None:
    path = tmp_path / "latin1.toml"
    path.write_bytes(SHIPPED.replace("赤", "r").encode("utf-8") + b"# \xff\n")
    with pytest.raises(CardSetError, match="UTF-8"):
        load_cards(path)


def test_card_set_error_is_a_value_error(tmp_path: Path) -> None:
    path = tmp_path / "x.toml"
    path.write_text("not toml at all [", encoding="utf-8")
    with pytest.raises(ValueError):
        load_cards(path)
