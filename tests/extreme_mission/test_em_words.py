"""One word per thing across Extreme Mission's rules page, table, log and terminal (a newcomer
met the same thing under two names), and the result's sentence naming what decided."""

from __future__ import annotations

import pytest
from em_helpers import cards, scenario

import bodoge
from bodoge.core.i18n import text
from bodoge.games.extreme_mission.events import describe_card
from bodoge.play.rules import rules_file, rules_markdown


def test_em_5_3_the_tiebreak_sentence_names_the_end_condition_that_decided() -> None:
    """Equal on missions (the result's column), the end condition placed the finisher ahead:
    the sentence under the result listed EM-5.4's keys only, not the one that decided."""
    s = scenario(
        players=2,
        completed={0: ["M1-01", "M2-01", "M3-01"], 1: ["M1-02", "M2-02", "M3-02", "M4-01"]},
        collaborators_down={1: ["DR"]},
        hands={0: cards("R1", "B1", "G1", "Y1", "R2", "B2", "G2", "Y2", "P5")},
    )
    s.apply("complete M4-02 R1 B1 G1 Y1 R2 B2 G2 Y2")
    s.apply("pass")
    s.apply("pass")
    result = s.result()
    assert result.scores == (4.0, 4.0) and result.ranks == (1, 2)
    assert result.decided_by[1].key == "em.result.end_condition"
    assert "end condition" in text("web.em.tiebreak", "en")
    assert "終了条件" in text("web.em.tiebreak", "ja")


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_em_1_3_the_rules_page_names_every_collaborator(lang: str) -> None:
    """The page's contents listed codes only (`HK` `DR` ...): 逃がし屋 and 偽造師 appeared
    nowhere. Each kind of the shipped card set is named with its code, and EM-1.3 lists what
    activates it, drawn from the card set."""
    game = bodoge.make("extreme-mission")
    cards = game.cards
    page = rules_file("extreme-mission", lang).read_text(encoding="utf-8")
    shown = rules_markdown(game, lang)
    for kind in cards.collaborator_kinds:
        name = kind.ja if lang == "ja" else kind.en
        assert f"{name} `{kind.code}`" in page, name
        assert describe_card(cards, kind.code, lang, detail=True) in shown, name


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_rules_page_says_what_the_colours_themes_are(lang: str) -> None:
    """Each info card shows its colour's theme (武器, 通信…), which a newcomer took for a rule.
    The page names each theme of the shipped card set with its colour, and says no rule uses it."""
    cards = bodoge.make("extreme-mission").cards
    page = rules_file("extreme-mission", lang).read_text(encoding="utf-8")
    for colour in cards.colours:
        name, theme = (colour.ja, colour.theme_ja) if lang == "ja" else (colour.en, colour.theme_en)
        assert theme and (f"{name}は{theme}" if lang == "ja" else f"{name}: {theme}") in page, theme
    assert ("どのルールにも関係しません" if lang == "ja" else "no rule uses them") in page
