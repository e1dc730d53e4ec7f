"""Card-file errors in both languages: every kind of problem either game's loader reports
(``CardSetError``: file, card, field and the problem), with its condition, effect and cost
parsers. ``str()`` / ``text("en")`` is the English line of ``card_errors_en.json`` (recorded from
the loaders before their lines came from the catalogue, then changed where both games came to
word alike what they share: reading the file, its TOML, unknown tables and fields, a value used
twice); ``text("ja")`` is the whole line in Japanese, leaving in the Latin alphabet only what the
person typed (quoted values, the file, card and field names), the card languages' own words
(verbs, kinds, elements: what one writes in the file) and tomllib's words for a TOML syntax
error."""

from __future__ import annotations

import json
import re
import tomllib
from collections.abc import Callable, Iterator
from importlib import resources
from pathlib import Path

import pytest

from bodoge.core.errors import CardSetError, CardTextError
from bodoge.core.i18n import Message, catalogue
from bodoge.games.extreme_mission import cards as em_cards
from bodoge.games.extreme_mission import conditions
from bodoge.games.ruler_of_mana import cards as rm_cards
from bodoge.games.ruler_of_mana import effects, payment

EM = resources.files("bodoge.games.extreme_mission").joinpath("cards.toml").read_text("utf-8")
RM = resources.files("bodoge.games.ruler_of_mana").joinpath("cards.toml").read_text("utf-8")
EM_INFO = EM[: EM.index("# --- Missions")]
EM_REST = EM[EM.index("# --- Missions") :]


def swap(text: str, old: str, new: str, count: int = 1) -> str:
    assert text.count(old) == count, old
    return text.replace(old, new)


# -- Extreme Mission --------------------------------------------------------------------------


def em(old: str, new: str) -> Callable[[], str]:
    return lambda: swap(EM, old, new)


def em_copies(value: str) -> Callable[[], str]:
    return em("copies = 2 ", f"copies = {value} ")


def em_condition(text: str) -> Callable[[], str]:
    """Mission M1-01 with another condition."""
    return em('condition = "flush(3)"', f"condition = {text!r}".replace("'", '"'))


def em_missions_of_level_four_but_one() -> str:
    text = EM
    for n in range(1, 8):
        text = swap(text, f'id = "M4-0{n}"\nlevel = 4', f'id = "M4-0{n}"\nlevel = 3')
    return text


def em_six_kinds() -> str:
    return EM_INFO + EM_REST.replace(
        "[[player_colours]]",
        '[[collaborators]]\nkind = "XX"\nen = "x"\nja = "x"\ncondition = "set(1)"\n\n'
        "[[player_colours]]",
        1,
    )


def em_four_player_colours() -> str:
    start = EM.index('[[player_colours]]\nid = "pink"')
    return EM[:start]


FOLDER = b"<a folder>"
"""What a case's file is when a folder stands where the file should be."""

EM_CASES: dict[str, Callable[[], str | bytes | None]] = {
    # case: the file's text (None: no file at all)
    "unreadable": lambda: None,
    "folder": lambda: FOLDER,
    "not_utf8": lambda: b"# \xff\n",
    "toml": lambda: "[[missions]\nid=",
    "unclosed_bracket": em("numbers = [1, 9]", "numbers = [1, 9"),
    "other_game": lambda: RM,
    "top_misspelt": lambda: EM.replace("[[missions]]", "[[mission]]"),
    "top_missing": lambda: EM[: EM.index("\n[[player_colours]]")],
    "top_unknown": lambda: EM + '\n[extras]\nnote = "x"\n',
    "info_not_table": lambda: "info = 3\nmissions = []\ncollaborators = []\nplayer_colours = []\n",
    "info_unknown": em_copies("2\nspare = 1"),
    "numbers_shape": em("numbers = [1, 9]", "numbers = 9"),
    "numbers": em("numbers = [1, 9]", "numbers = [1, 10]"),
    "copies_text": em_copies('"2"'),
    "copies_bool": em_copies("true"),
    "copies_decimal": em_copies("2.5"),
    "copies_list": em_copies("[2]"),
    "copies_table": em_copies("{ n = 2 }"),
    "copies_date": em_copies("1979-05-27"),
    "copies_time": em_copies("07:32:00"),
    "copies_datetime": em_copies("1979-05-27T07:32:00Z"),
    "copies_range": em_copies("0"),
    "colours_not_list": lambda: '[info]\nnumbers = [1, 9]\ncopies = 2\ncolours = "red"\n' + EM_REST,
    "four_colours": lambda: EM_INFO[: EM_INFO.index('[[info.colours]]\nid = "purple"')] + EM_REST,
    "colour_id": em('id = "green"', 'id = "Green"'),
    "colour_id_twice": em('id = "green"', 'id = "red"'),
    "colour_code": em('code = "R"', 'code = "RD"'),
    "colour_code_twice": em('code = "B"', 'code = "R"'),
    "colour_missing": em('ja = "赤"\n', ""),
    "colour_name_number": em('en = "blue"', "en = 5"),
    "colour_name_empty": em('en = "blue"', 'en = " "'),
    "theme_number": em('theme_en = "Funds"', "theme_en = 5"),
    "mission_unknown": em('id = "M1-01"', 'id = "M1-01"\nreward = 3'),
    "field_renamed": em('en = "Tail the Courier"', 'name_en = "Tail the Courier"'),
    "mission_id_space": em('id = "M1-02"', 'id = "M1 02"'),
    "mission_id_twice": em('id = "M1-02"', 'id = "M1-01"'),
    "level_text": em('id = "M1-01"\nlevel = 1', 'id = "M1-01"\nlevel = "1"'),
    "level_range": em('id = "M4-08"\nlevel = 4', 'id = "M4-08"\nlevel = 5'),
    "level_short": em_missions_of_level_four_but_one,
    "condition_number": em('condition = "flush(3)"', "condition = 3"),
    "group_empty": em_condition("set(2) + "),
    "group_form": em_condition("set 2"),
    "group_form_of_two": em_condition("set(1) + pair 2"),
    "group_unknown": em_condition("pair(2)"),
    "group_arguments": em_condition("set(1, 2)"),
    "group_arguments_flush": em_condition("flush(1, red, 2)"),
    "group_number": em_condition("run(x)"),
    "group_exact": em_condition("exact(10)"),
    "group_at_least_one": em_condition("set(0)"),
    "group_rainbow": em_condition("rainbow(6)"),
    "group_run": em_condition("run(10)"),
    "group_sum_high": em_condition("sum_at_least(2, 19)"),
    "group_sum_low": em_condition("sum_at_most(3, 2)"),
    "group_colour": em_condition("flush(1, pink)"),
    "kinds_six": em_six_kinds,
    "kind_code": em('kind = "DR"', 'kind = "dr"'),
    "kind_twice": em('kind = "DR"', 'kind = "HK"'),
    "player_colour_id": em('id = "pink"', 'id = "Pink"'),
    "player_colour_twice": em('id = "pink"', 'id = "black"'),
    "player_colour_info": em('id = "pink"', 'id = "red"'),
    "player_colours_four": em_four_player_colours,
    "player_colours_not_list": lambda: (
        'player_colours = "black"\n' + EM[: EM.index("\n[[player_colours]]")]
    ),
    # what a player reads shown as written: no character that turns a line around or hides
    "name_unseen": em('en = "Tail the Courier"', 'en = "Tail the \\u202ECourier"'),
    "name_line": em('ja = "赤"', 'ja = "赤\\n色"'),
    "name_long": em('en = "Tail the Courier"', f'en = "{"Tail the Courier " * 3}"'),
    "theme_long": em('theme_en = "Funds"', f'theme_en = "{"Funds " * 7}"'),
    "mission_id_unseen": em('id = "M1-02"', 'id = "M1\\u202E-02"'),
    "condition_unseen": em('condition = "flush(3)"', 'condition = "flush(3)\\u2028"'),
}


# -- Ruler of Mana ----------------------------------------------------------------------------


def rm(old: str, new: str) -> Callable[[], str]:
    return lambda: swap(RM, old, new)


def rm_option(text: str) -> Callable[[], str]:
    """Spell S01 with another first option."""
    return rm('"F -> damage(one_opponent, 2, fire)"', f'"{text}"')


def rm_reaction(trigger: str, effect: str, timing: str = "window") -> Callable[[], str]:
    """Scroll R01 (a window reaction) with another timing, trigger and effect."""
    return rm(
        'timing = "window"\ntrigger = "targeted"\neffect = "cancel"',
        f'timing = "{timing}"\ntrigger = "{trigger}"\neffect = "{effect}"',
    )


def rm_main(effect: str) -> Callable[[], str]:
    """Scroll R09 (a main scroll) with another effect."""
    return rm('effect = "heal(self, 6)"', f'effect = "{effect}"')


def rm_in(card: str, *edits: tuple[str, str]) -> Callable[[], str]:
    """The shipped file with ``edits`` (old, new) made in one card's entry (its id or code)."""

    def edit() -> str:
        named = RM.index(f'= "{card}"\n')
        start, end = RM.rindex("\n\n", 0, named), RM.index("\n\n", named) + 1
        entry = RM[start:end]
        for old, new in edits:
            entry = swap(entry, old, new)
        return RM[:start] + entry + RM[end:]

    return edit


def rm_options(card: str, options: str) -> Callable[[], str]:
    """Spell ``card`` with ``options`` (a line, or nothing) in place of its ``options``."""
    start = RM.index(f'= "{card}"\n')
    block = re.compile(r"options = \[.*?\]\n", re.DOTALL).search(RM, start)
    assert block is not None
    return rm_in(card, (block.group(), options))


RM_MANA = RM[: RM.index("# Spells S01-S35")]
INLINE_SPELL = '{id = "S01", en = "a", ja = "b", element = "fire", options = ["F -> draw(1)"]}'

RM_CASES: dict[str, Callable[[], str | bytes | None]] = {
    "unreadable": lambda: None,
    "folder": lambda: FOLDER,
    "not_utf8": lambda: b"# \xff\n",
    "toml": lambda: '[[mana]]\ncode = "F1"\nen = "Fire\n',
    "toml_outside": lambda: "= 1\n",
    "toml_in_card": lambda: '[[mana]]\ncode = "F1"\n???\n',
    "toml_two_cards": rm('[[spell]]\nid = "S02"', 'id = "S02"'),
    "toml_at_end": lambda: '[[mana]]\ncode = "F1"\nen = """Fire\n',
    "toml_unworded": lambda: '[[mana]]\ncode = "F1"\nen = {a = 1}\nen.b = 2\n',
    "unclosed_bracket": rm_options("S01", 'options = [\n    "F -> draw(1)",\n\n'),
    "unclosed_at_end": lambda: '[[mana]]\ncode = "F1"\nen = ["Fire"\n',
    "other_game": lambda: EM,
    "table_unknown": lambda: "[[spells]]\nid = 'S01'",
    "mana_missing": lambda: "[[spell]]\nid = 'S01'",
    "mana_not_array": lambda: "[mana]\ncode = 'F1'",
    "mana_empty": lambda: "mana = []\n[[spell]]\nid = 'S01'",
    "spell_missing": lambda: RM[: RM.index("# Spells S01-S35")],
    "field_unknown": rm('en = "Tidal Wave"', 'en = "Tidal Wave"\ncost = "W W"'),
    "field_missing": rm('ja = "炎の槍"\n', ""),
    "text_number": rm('en = "Fire Whip"', "en = 4"),
    "text_empty": rm('en = "Inferno"', 'en = ""'),
    "number_text": rm("copies = 8", 'copies = "8"'),
    "number_range": rm("copies = 8", "copies = 0"),
    "number_missing": rm("copies = 8\n", ""),
    "code_unknown": rm('code = "E2"', 'code = "E3"'),
    "element_unknown": rm_in("S04", ('element = "fire"', 'element = "lava"')),
    "code_twice": rm_in("W2", ('code = "W2"', 'code = "W1"'), ("orbs = 2", "orbs = 1")),
    "card_id_twice": rm_in("F2", ('prefix = "MF2"', 'prefix = "MF1"')),
    "mana_element": rm_in("A1", ('element = "wind"', 'element = "water"')),
    "rainbow_symbol": rm('element = "rainbow"', 'element = "rainbow"\nsymbol = "R"'),
    "mana_symbol": rm_in("E1", ('symbol = "E"', 'symbol = "F"')),
    "mana_orbs": rm_in("W2", ('code = "W2"', 'code = "W1"')),
    "prefix": rm('prefix = "MR"', 'prefix = "mr"'),
    "spell_id": rm('id = "S03"', 'id = "S3"'),
    "spell_id_twice": rm('id = "S02"', 'id = "S01"'),
    "spell_id_twice_inline": lambda: f"spell = [{INLINE_SPELL}, {INLINE_SPELL}]\n" + RM_MANA,
    "options_missing": rm_options("S01", ""),
    "options_not_list": rm_options("S01", "options = [3]\n"),
    "options_four": rm('"E -> heal(self, 2)",', '"E -> heal(self, 2)", "* -> draw(1)",'),
    "options_same_cost": rm_in("S14", ('"W F -> ', '"W -> ')),
    "option_arrow": rm_option("F damage(one_opponent, 2, fire)"),
    "cost_empty": rm_option(" -> draw(1)"),
    "cost_symbol": rm_option("F G -> draw(1)"),
    "cost_long": rm_option("F F F F F F -> draw(1)"),
    "effect_empty": rm_option("F -> draw(1) + "),
    "effect_call": rm_option("F -> draw 1"),
    "effect_verb": rm_option("F -> dmg(one_opponent, 2, fire)"),
    "effect_arguments": rm_option("F -> heal(2)"),
    "effect_no_parentheses": rm_option("F -> draw"),
    "effect_one_argument": rm_option("F -> damage(one_opponent)"),
    "effect_two_arguments": rm_option("F -> damage(one_opponent, 2)"),
    "effect_target": rm_option("F -> heal(everyone, 2)"),
    "effect_element": rm_option("F -> damage(one_opponent, 2, lava)"),
    "effect_number": rm_option("F -> draw(three)"),
    "effect_cannot_target": rm_option("F -> steal(self, 1)"),
    "scroll_id": rm('id = "R12"', 'id = "R1"'),
    "scroll_id_twice": rm('id = "R12"', 'id = "R11"'),
    "scroll_copies": rm_in("R09", ("copies = 2", "copies = 27")),
    "timing_unknown": rm_in("R09", ('timing = "main"', 'timing = "instant"')),
    "trigger_unknown": rm_reaction("attacked", "cancel"),
    "trigger_timing": rm_reaction("targeted", "prevent", "lethal"),
    "trigger_missing": rm('trigger = "spell_cast"\n', ""),
    "main_trigger": rm('effect = "recover(3)"', 'trigger = "targeted"\neffect = "recover(3)"'),
    "main_effect": rm_main("heal(self, 6) + wish(1)"),
    "reaction_order": rm_reaction("targeted", "heal(self, 1) + cancel"),
    "reaction_timing": rm_reaction("targeted", "prevent"),
    "reaction_timing_lethal": rm_reaction("lethal", "prevent + cancel", "lethal"),
    "reaction_twice": rm_reaction("targeted", "siphon + siphon"),
    "reaction_numbered": rm_reaction("targeted", "retaliate"),
    "reaction_no_arguments": rm_reaction("targeted", "cancel(1)"),
    "reaction_own_target": rm_reaction("targeted", "cancel + heal(left, 1)"),
    "reaction_verb": rm_reaction("targeted", "dodge"),
    "reaction_combined": rm_reaction("targeted", "halve + reflect"),
    "reaction_needs_verb": rm_reaction("targeted", "heal(self, 1)"),
    "reaction_lethal_prevent": rm_reaction("lethal", "heal(self, 1)", "lethal"),
    "reaction_number": rm_reaction("targeted", "retaliate(0)"),
    "name_unseen": rm('en = "Inferno"', 'en = "Inferno\\u200F"'),
    "name_long": rm('en = "Inferno"', f'en = "{"Inferno " * 6}"'),
    "option_unseen": rm_option("F -> draw(1)\\u202E"),
    "effect_unseen": rm_main("heal(self, 6)\\u061C"),
}


def loaded(game: str, make: Callable[[], str | bytes | None], folder: Path) -> CardSetError:
    """The error of loading the file ``make`` gives (``ebad.toml`` / ``rbad.toml``)."""
    path = folder / ("ebad.toml" if game == "em" else "rbad.toml")
    content = make()
    if content == FOLDER:
        path.mkdir()
    elif isinstance(content, str):
        path.write_text(content, encoding="utf-8")
    elif isinstance(content, bytes):
        path.write_bytes(content)
    load = em_cards.load_cards if game == "em" else rm_cards.load_cards
    with pytest.raises(CardSetError) as caught:
        load(path)
    return caught.value


CASES = [(game, name) for game, cases in (("em", EM_CASES), ("rm", RM_CASES)) for name in cases]
ENGLISH: dict[str, str] = json.loads(
    (Path(__file__).parent / "card_errors_en.json").read_text("utf-8")
)


def error_of(game: str, name: str, folder: Path, monkeypatch: pytest.MonkeyPatch) -> CardSetError:
    """The case's error, its file named as typed (``ebad.toml``, relative)."""
    monkeypatch.chdir(folder)
    return loaded(game, (EM_CASES if game == "em" else RM_CASES)[name], Path())


def keys(message: Message) -> Iterator[str]:
    """The catalogue keys of a message and of the messages in its fields."""
    yield message.key
    for value in message.fields.values():
        if isinstance(value, Message):
            yield from keys(value)


@pytest.mark.parametrize(("game", "name"), CASES)
def test_the_english_line_is_as_it_always_was(
    game: str, name: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    err = error_of(game, name, tmp_path, monkeypatch)
    line = str(err)
    if name.startswith("toml"):  # tomllib's own words may change with Python: only ours pinned
        ours = ENGLISH[f"{game}.{name}"]
        cut = ours.index("TOML") + len("TOML syntax error: ")
        assert line[:cut] == ours[:cut]
    else:
        assert line == ENGLISH[f"{game}.{name}"]
    assert err.text("en") == line and err.text() == line
    assert line.endswith(": " + err.problem) and err.problem_message.text("en") == err.problem
    assert isinstance(err, ValueError)


# The words a Japanese line may keep in the Latin alphabet: what one writes in a card file (its
# tables and fields, and the card languages' vocabulary), besides the file, the card, quoted
# values and what the broken file itself says.
VOCABULARY = {
    *("info", "numbers", "copies", "colours", "missions", "collaborators", "player_colours"),
    *("id", "code", "theme_en", "theme_ja", "level", "condition", "kind"),
    *conditions.GROUP_KINDS,
    *("colour", *conditions.COLOUR_IDS),
    *("mana", "spell", "scroll", "prefix", "element", "symbol", "orbs", "options"),
    *("timing", "trigger", "effect"),
    *effects.VERBS,
    *effects.TARGET_KINDS,
    *effects.DAMAGE_ELEMENTS,
    *effects.TIMINGS,
    *effects.TRIGGERS,
    *effects.REACTION_VERBS,
    *rm_cards.MANA_ELEMENTS,
}
ENGLISH_WORD = re.compile(r"(?<![A-Za-z0-9@/-])[a-z_]{3,}(?![A-Za-z0-9])")
QUOTED = re.compile(r"'(?:[^'\\]|\\.)*'|\"(?:[^\"\\]|\\.)*\"|「[^」]*」")  # what was typed


def typed(game: str, name: str) -> set[str]:
    """The words of the lines the broken file has and the shipped one has not."""
    made = (EM_CASES if game == "em" else RM_CASES)[name]()
    shipped = set((EM if game == "em" else RM).splitlines())
    if not isinstance(made, str):
        return set()
    return {
        w for line in made.splitlines() if line not in shipped for w in re.findall(r"\w+", line)
    }


@pytest.mark.parametrize(("game", "name"), CASES)
def test_the_japanese_line_leaves_no_english_word(
    game: str, name: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    err = error_of(game, name, tmp_path, monkeypatch)
    ja = err.text("ja")
    assert "\n" not in ja and ja != str(err)
    where = err.file
    if err.card is not None:
        where += f"：カード {err.card}"
    if err.field is not None:
        where += f"：項目 {err.field!r}"
    assert ja.startswith(where + "："), ja
    rest = ja[len(where) + 1 :]
    assert rest == err.problem_message.text("ja")
    left = set(ENGLISH_WORD.findall(QUOTED.sub("", rest))) - VOCABULARY - typed(game, name)
    assert not left, ja
    if name.startswith("toml"):  # the place in Japanese words, and no escape of tomllib's
        assert "\\" not in rest and re.search(r"（(\d+行目、\d+文字目|ファイルの終わり)）", rest), (
            ja
        )


def test_every_card_error_in_the_catalogue_is_met(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The cases above meet every problem the catalogue words (so each is checked in both
    languages), but for the few no card file can reach, checked here straight from the parsers."""
    met: set[str] = set()
    for game, name in CASES:
        folder = tmp_path / f"{game}-{name}"
        folder.mkdir()
        met.update(keys(error_of(game, name, folder, monkeypatch).message))
    direct: list[CardTextError] = []
    for call in (
        lambda: conditions.parse_condition("  "),
        lambda: effects.parse_reaction("cancel", "targeted", "main"),
        lambda: effects.parse_reaction("cancel", "lethal", "window"),
        lambda: effects.parse_reaction("cancel", "targeted", "instant"),
        lambda: effects.parse_reaction("cancel", "attacked"),
    ):
        with pytest.raises(CardTextError) as caught:
            call()
        direct.append(caught.value)
        assert "\n" not in caught.value.text("ja") and caught.value.text("ja") != str(caught.value)
        met.update(keys(caught.value.message))
    assert [str(e) for e in direct] == [
        "empty condition",
        "a main scroll has effects, not a reaction",
        "trigger lethal does not fit timing window: use targeted, damage_targeted, spell_cast",
        "unknown timing 'instant': use one of main, window, lethal",
        "unknown trigger 'attacked': use one of targeted, damage_targeted, spell_cast, lethal",
    ]
    met.update(keys(CardSetError("x.toml", None, None, "as written").message))
    unreachable = {
        "cards.error.toml",  # a syntax error tomllib does not place (none it writes today)
        "em.cards.error.tables_missing",  # the file's tables are checked for first
        "rm.cards.error.effect.needs_prevent",  # a lethal reaction takes no verb but prevent
        "cards.error.os.eacces",  # a test may run as root, who reads anything
        # a caller passing no text: the loader checks the field is text first, and the compiled
        # parser refuses a non-str argument (TypeError) before its own check can run
        "em.cards.error.condition.not_text",
    }
    ours = {
        key
        for key in catalogue()
        if key.startswith(("cards.error.", "em.cards.error.", "rm.cards.error."))
    }
    assert ours - met == unreachable


def test_a_parse_error_is_a_value_error_worded_in_both_languages() -> None:
    with pytest.raises(ValueError, match=r"^run\(10\): n must be 1\.\.9$") as caught:
        conditions.parse_condition("run(10)")
    assert isinstance(caught.value, CardTextError)
    assert caught.value.text("ja") == "run(10)：n は1〜9にしてください"
    with pytest.raises(ValueError, match="unknown cost symbol 'G'") as cost:
        payment.parse_cost("F G")
    assert cost.value.text("ja").startswith("'G'はコストの記号ではありません")
    with pytest.raises(ValueError, match=r"^halve and reflect and cancel cannot be combined") as e:
        effects.parse_reaction("halve + reflect + cancel", "targeted")
    assert e.value.text("ja").startswith("halveとreflectとcancelは一緒に使えません")


def test_a_card_set_error_made_from_text_keeps_it_in_either_frame() -> None:
    """A problem given as plain text (as a caller outside the loaders may): kept as written."""
    err = CardSetError("x.toml", "S01", "en", "broken somehow")
    assert str(err) == "x.toml: card S01: field 'en': broken somehow"
    assert err.text("ja") == "x.toml：カード S01：項目 'en'：broken somehow"
    assert err.problem == "broken somehow" and err.key == "cards.error.line_card_field"
    renamed = CardSetError("mine.toml", err.card, err.field, err.problem_message)
    assert renamed.text("ja") == "mine.toml：カード S01：項目 'en'：broken somehow"
    assert str(CardSetError("x.toml", None, None, "gone")) == "x.toml: gone"
    assert CardSetError("x.toml", None, "mana", "gone").text("ja") == "x.toml：項目 'mana'：gone"


# -- what both loaders share (bodoge.core.cardfile) -------------------------------------------

LOADERS = {"em": (EM, em_cards.load_cards), "rm": (RM, rm_cards.load_cards)}


@pytest.mark.parametrize("game", LOADERS)
def test_a_file_with_a_byte_order_mark_loads(game: str, tmp_path: Path) -> None:
    """Windows editors (Notepad) save UTF-8 with a byte-order mark; the browser reads it."""
    shipped, load = LOADERS[game]
    path = tmp_path / "bom.toml"
    path.write_bytes(b"\xef\xbb\xbf" + shipped.encode("utf-8"))
    plain = tmp_path / "plain.toml"
    plain.write_text(shipped, encoding="utf-8")
    assert repr(load(path)).replace("bom.toml", "") == repr(load(plain)).replace("plain.toml", "")
    path.write_bytes(b"\xef\xbb\xbf# \xff\n")  # a byte counted from the file's start, mark too
    with pytest.raises(CardSetError) as caught:
        load(path)
    assert caught.value.problem == "not UTF-8 text (byte 5)"
    assert rm_cards.parse_cards("\ufeff" + RM, "mine.toml").spell_count == 35


def test_a_syntax_error_names_the_card_whose_text_holds_it_never_the_next(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """S01's options miss their ']': tomllib stumbles on S02's header, lines later. The line names
    S01 and the line of its '['; where the entry around the error has two ids (a header lost),
    no card at all."""
    err = error_of("rm", "unclosed_bracket", tmp_path, monkeypatch)
    text = RM_CASES["unclosed_bracket"]()
    assert isinstance(text, str)
    lines = text.splitlines()
    opened = lines.index("options = [", lines.index('id = "S01"')) + 1
    with pytest.raises(tomllib.TOMLDecodeError, match=r"at line (\d+)") as tomllib_error:
        tomllib.loads(text)
    stumbled = int(re.findall(r"at line (\d+)", str(tomllib_error.value))[0])
    assert lines[stumbled - 2 : stumbled + 1] == ["", "[[spell]]", 'id = "S02"']
    assert (err.card, err.field) == ("S01", "options")
    assert err.problem == f"TOML syntax error: the '[' of line {opened} is never closed"
    assert err.text("ja").endswith(f"{opened}行目の '[' が閉じられていません")
    (tmp_path / "two").mkdir()
    lost = error_of("rm", "toml_two_cards", tmp_path / "two", monkeypatch)
    assert (lost.card, lost.field) == (None, "id")


@pytest.mark.parametrize(
    ("game", "name", "table", "entries"),
    [("rm", "spell_id_twice", "spell", (1, 2)), ("em", "mission_id_twice", "missions", (1, 2))],
)
def test_a_value_used_twice_names_both_entries_by_their_lines(
    game: str,
    name: str,
    table: str,
    entries: tuple[int, int],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    err = error_of(game, name, tmp_path, monkeypatch)
    text = (EM_CASES if game == "em" else RM_CASES)[name]()
    assert isinstance(text, str)
    headers = [n for n, line in enumerate(text.splitlines(), 1) if line == f"[[{table}]]"]
    first, second = (headers[k - 1] for k in entries)
    at = f"the [[{table}]] at line"
    assert err.problem.endswith(f" is used twice: by {at} {first} and by {at} {second}")
    assert err.text("ja").endswith(f"（{first}行目の [[{table}]]と{second}行目の [[{table}]]）")


def test_a_value_used_twice_in_an_inline_array_names_both_entries_by_number(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    err = error_of("rm", "spell_id_twice_inline", tmp_path, monkeypatch)
    assert err.problem == "id 'S01' is used twice: by [[spell]] number 1 and by [[spell]] number 2"


def test_an_unknown_field_is_named_alike_in_both_games_before_a_missing_one(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``en`` renamed ``name_en``: the field is unknown, not ``en`` missing, in either game."""
    em_error = error_of("em", "field_renamed", tmp_path, monkeypatch)
    path = tmp_path / "rbad.toml"
    path.write_text(swap(RM, 'en = "Flame Lance"', 'name_en = "Flame Lance"'), encoding="utf-8")
    with pytest.raises(CardSetError) as caught:
        rm_cards.load_cards(path)
    for err, fields in (
        (em_error, "id, level, en, ja, condition"),
        (caught.value, "id, en, ja, element, options"),
    ):
        assert err.field == "name_en" and err.problem_message.key == "cards.error.unknown_field"
        assert err.problem == f"unknown field; the fields are {fields}"
        assert err.text("ja").endswith(f"この項目は書けません。書ける項目は{fields}です")


def test_a_file_of_the_other_game_says_so(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    em_error = error_of("em", "other_game", tmp_path, monkeypatch)
    rm_error = error_of("rm", "other_game", tmp_path, monkeypatch)
    assert str(em_error) == (
        "ebad.toml: this looks like a Ruler of Mana card file, not an Extreme Mission card file"
    )
    assert em_error.text("ja") == (
        "ebad.toml：エクストリームミッションのカードファイルではなく、"
        "マナを統べし者のカードファイルのようです"
    )
    assert rm_error.text("ja") == (
        "rbad.toml：マナを統べし者のカードファイルではなく、"
        "エクストリームミッションのカードファイルのようです"
    )
    mixed = tmp_path / "mixed.toml"  # one table of each game's: no game's file, the table named
    mixed.write_text('[[spell]]\nid = "S01"\n[[missions]]\nid = "M1"\n', encoding="utf-8")
    with pytest.raises(CardSetError, match=r"field 'spell': unknown table"):
        em_cards.load_cards(mixed)
