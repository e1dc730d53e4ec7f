"""The shared protocol pieces: actions, results, the catalogue, the registry."""

from __future__ import annotations

import re

import pytest

import bodoge
from bodoge.core import i18n
from bodoge.core.result import Result, competition_ranks


def test_games_lists_both_names() -> None:
    assert "extreme-mission" in bodoge.games()


def test_unknown_game_is_a_one_line_value_error() -> None:
    with pytest.raises(bodoge.UnknownGame) as err:
        bodoge.make("chess")
    assert isinstance(err.value, ValueError)
    assert "chess" in str(err.value) and "\n" not in str(err.value)


@pytest.mark.parametrize(
    ("kwargs", "fragment"),
    [
        ({"players": 1}, "2–5 players"),
        ({"players": 9}, "2–5 players"),
        ({"variant": "expert"}, "no variant"),
        ({"turn_cap": 0}, "turn_cap"),
    ],
)
def test_bad_options_are_setup_errors(kwargs: dict[str, object], fragment: str) -> None:
    with pytest.raises(bodoge.SetupError, match=fragment):
        bodoge.make("extreme-mission", **kwargs)  # type: ignore[arg-type]


def test_action_is_an_immutable_value() -> None:
    a = bodoge.Action("take 2", "take", (2,))
    assert a == bodoge.Action("take 2", "take", (2,)) and hash(a) == hash("take 2")
    assert str(a) == "take 2" and a.describe("en") == "take 2"
    with pytest.raises(AttributeError):
        a.notation = "draw"  # type: ignore[misc]


def test_competition_ranks_share_and_skip() -> None:
    assert competition_ranks([3, 5, 5, 1]) == (3, 1, 1, 4)
    assert competition_ranks([(1, 2), (1, 2)]) == (1, 1)


def test_result_to_dict() -> None:
    r = Result(scores=(1.0, 0.0), ranks=(1, 2), winners=(0,), truncated=False)
    assert r.to_dict() == {
        "scores": [1.0, 0.0],
        "ranks": [1, 2],
        "winners": [0],
        "truncated": False,
        "decided_by": [],
    }


def test_catalogue_has_every_text_in_both_languages() -> None:
    entries = i18n.catalogue()
    assert len(entries) > 10
    for key, texts in entries.items():
        assert texts["en"].strip(), f"{key} has no English"
        assert texts["ja"].strip(), f"{key} has no Japanese"
        fields_en = sorted(part.split("}")[0] for part in texts["en"].split("{")[1:])
        fields_ja = sorted(part.split("}")[0] for part in texts["ja"].split("{")[1:])
        assert fields_en == fields_ja, f"{key}: the two languages fill different fields"


def _fields(words: str) -> list[str]:
    return sorted(part.split("}")[0] for part in words.split("{")[1:])


def test_catalogue_counts_say_one_and_many() -> None:
    """A text that counts names the counted field (one its text fills) and gives its singular
    with the same fields (less the counted one where it words the one: "a card"); no English
    text hedges with "card(s)"; an entry holds nothing else, and every entry of the files is in
    the catalogue (one under another too)."""
    import tomllib

    allowed = {*i18n.LANGUAGES, i18n.COUNT, *i18n.ONE}
    for file in i18n._files():
        tables = [("", tomllib.loads(file.read_text("utf-8")))]
        while tables:
            key, table = tables.pop()
            if isinstance(table.get("en"), str):
                extra = {k for k, v in table.items() if not isinstance(v, dict)} - allowed
                assert not extra, f"{file}: {key} has unknown fields {extra}"
                assert key in i18n.catalogue(), f"{file}: {key} is not in the catalogue"
            tables += [
                (f"{key}.{k}".lstrip("."), v) for k, v in table.items() if isinstance(v, dict)
            ]
    counted = 0
    for key, entry in i18n.catalogue().items():
        assert "(s)" not in entry["en"], f"{key}: say one and many with count and en_one"
        if i18n.COUNT in entry:
            assert entry[i18n.COUNT] in _fields(entry["en"]), f"{key}: counts a field it lacks"
            assert any(one in entry for one in i18n.ONE), f"{key}: counts but has no singular"
            counted += 1
        for lang, one in zip(i18n.LANGUAGES, i18n.ONE, strict=True):
            if one in entry:
                assert i18n.COUNT in entry, f"{key}: {one} without count"
                fields = _fields(entry[lang])
                less_count = [f for f in fields if f != entry[i18n.COUNT]]
                assert _fields(entry[one]) in (fields, less_count), f"{key}: {one} fields"
                assert entry[one] != entry[lang], f"{key}: {one} says what {lang} says"
    assert counted >= 20


JA_SPACED_PARTICLE = re.compile(r"\} (から|まで|より|が|を|に|の|は|と|で|へ|も|や)")


def test_catalogue_joins_a_field_to_its_japanese_particle() -> None:
    """Japanese joins what a field fills to the particle after it (「Annの勝ち！」): no space
    between them in any Japanese text, singular too (「Ann が再戦を希望しています。」 had one)."""
    spaced = [
        f"{key}: {entry[lang]}"
        for key, entry in i18n.catalogue().items()
        for lang in ("ja", "ja_one")
        if lang in entry and JA_SPACED_PARTICLE.search(entry[lang])
    ]
    assert not spaced, "\n".join(spaced)


@pytest.mark.parametrize(
    ("key", "fields", "en", "ja"),
    [
        ("rm.event.draw", {"seat": "Aki", "count": 1}, "Aki draws 1 card", "Akiが1枚引いた"),
        ("rm.event.draw", {"seat": "Aki", "count": 2}, "Aki draws 2 cards", "Akiが2枚引いた"),
        ("rm.event.draw", {"seat": "Aki", "count": 0}, "Aki draws 0 cards", "Akiが0枚引いた"),
        ("companion.offline", {"n": 1}, "offline: 1 change waiting", "オフライン：未送信 1 件"),
    ],
)
def test_catalogue_singular_when_the_count_is_one(
    key: str, fields: dict[str, object], en: str, ja: str
) -> None:
    assert i18n.text(key, "en", **fields) == en
    assert i18n.text(key, "ja", **fields) == ja
    assert i18n.Message(key, fields).text("en") == en


def test_catalogue_unknown_language_and_key() -> None:
    with pytest.raises(ValueError, match="unknown language"):
        i18n.text("em.step.draw", "fr")
    with pytest.raises(KeyError):
        i18n.text("no.such.key")


@pytest.mark.parametrize("name", ["extreme-mission", "ruler-of-mana"])
def test_apply_takes_a_handed_out_step_or_any_equal_action(name: str) -> None:
    """A step from ``legal_actions`` is applied as it is; an equal Action made elsewhere, or its
    notation, does the same; an Action that is not legal is refused and changes nothing."""
    from bodoge.core.action import Action

    game = bodoge.make(name, players=2)
    a, b, c = (game.new_state(5) for _ in range(3))
    step = a.legal_actions()[-1]
    a.apply(step)
    b.apply(Action(step.notation, step.kind, step.args))
    c.apply(step.notation)
    assert a.to_json() == b.to_json() == c.to_json()
    saved = a.to_json()
    with pytest.raises(bodoge.IllegalAction):
        a.apply(Action("no-such-step", "none"))
    assert a.to_json() == saved
