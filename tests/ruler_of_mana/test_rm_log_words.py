"""Ruler of Mana's log, steps and refusals read as a person writes them: a damage line has its verb,
damage from one's own play says so (it read "Bot1 from Bot1"), and a cost is said in the table's
words, in Japanese 火1、土2, never the card file's letters (「F Eを支払い」).
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

import bodoge
from bodoge.cli import app
from bodoge.games.ruler_of_mana.events import describe_event

NAMES = ["Ann", "Bo"]


def damage(seat: int, target: int, absorbed: int = 0) -> dict[str, object]:
    return {
        "event": "damage",
        "seat": seat,
        "target": target,
        "amount": 3,
        "element": "fire",
        "halved": False,
        "absorbed": absorbed,
        "lost": 3 - absorbed,
        "life": 9,
    }


@pytest.mark.parametrize("absorbed", [0, 2])
def test_damage_lines_have_their_verb_and_ones_own_play_is_said_so(absorbed: int) -> None:
    cards = bodoge.make("ruler-of-mana").cards
    other = describe_event(cards, damage(0, 1, absorbed), "ja", NAMES)
    assert other.startswith("BoはAnnから火属性の3ダメージを受け"), other
    own = describe_event(cards, damage(1, 1, absorbed), "ja", NAMES)
    assert own.startswith("Boは自分のプレイで火属性の3ダメージを受け") and own.count("Bo") == 1, own
    english = describe_event(cards, damage(1, 1, absorbed), "en", NAMES)
    assert "from their own play" in english and english.count("Bo") == 1, english


def test_a_cost_is_said_in_words_in_steps_and_refusals() -> None:
    game = bodoge.make("ruler-of-mana", players=2)
    hands = {0: ["S19", "ME1-01"]}  # and the water mana on top of the deck: not F E E
    state = game.new_state(1, setup={"start_player": 0, "hands": hands, "deck": ["MW1-01"]})
    step = next(a for a in state.legal_actions() if str(a) == "cast S19/1")
    assert step.describe("ja").startswith("岩石弾（S19）の選択肢1を使う：土1を支払う"), step
    assert step.describe("en").startswith("Cast Rock Blast (S19), option 1: pay 1 earth"), step
    with pytest.raises(bodoge.IllegalAction) as refused:
        state.apply("cast S19/3")
    said = refused.value.text("ja")
    assert "手札のマナが火1、土2に足りません：火1、土1不足" in said, said
    assert not re.search(r"[FWAE] [FWAE]|[FWAE]を", said), said


def test_the_draw_action_is_told_from_the_turns_draw() -> None:
    """RM-2.1's draw and the action (B) "draw 1 more card" read as two lines, not one twice."""
    game = bodoge.make("ruler-of-mana", players=2)
    deck = ["MW1-01", "MF1-01"]  # the top card first
    state = game.new_state(1, setup={"start_player": 0, "hands": {0: ["S19"]}, "deck": deck})
    state.apply("draw")
    for seat in (0, 1):  # the drawer sees the cards, the other player only the count
        log = state.view(seat)["log"]
        turn, action = (e for e in log if e["event"] == "draw" and e["seat"] == 0)
        for lang, more in (
            ("en", "draws 1 more card (the turn's action)"),
            ("ja", "ターンの行動でもう1枚引いた"),
        ):
            said = (
                describe_event(game.cards, action, lang, NAMES),
                describe_event(game.cards, turn, lang, NAMES),
            )
            assert more in said[0] and more not in said[1], said


def test_a_cycles_draw_names_the_cycle() -> None:
    """RM-2.2 (C): the cycle's two cards to the bottom and its draw of two. The draw read as the
    turn's draw again ("draws 2 cards"), the cycle named nowhere in the log."""
    game = bodoge.make("ruler-of-mana", players=2)
    deck = ["MW1-01", "MF1-01", "ME1-01"]  # the top card first
    hands = {0: ["S19", "MA1-01", "S07"]}
    state = game.new_state(1, setup={"start_player": 0, "hands": hands, "deck": deck})
    state.apply("cycle A1 S07")
    for seat in (0, 1):  # the cycler sees the cards, the other player only the count
        log = state.view(seat)["log"]
        draws = [e for e in log if e["event"] == "draw" and e["seat"] == 0]
        for lang, cycle in (
            ("en", "draws 2 cards (the turn's action: Cycle)"),
            ("ja", "入れ替えで2枚引いた"),
        ):
            said = [describe_event(game.cards, e, lang, NAMES) for e in draws]
            assert [cycle in line for line in said] == [False, True], said


def test_a_two_orb_card_paying_one_mana_is_said_so_in_the_log(tmp_path: Path) -> None:
    """RM-3.4: Whirlwind Theft's option 3 (風 風 任意) paid by a wind 2-orb card as 2 and an earth
    2-orb card as 1 says which paid 1, as the builder did (a card paid is played face up)."""
    game = bodoge.make("ruler-of-mana", players=2)
    hands = {0: ["S30", "MA2-01", "ME2-01"]}
    state = game.new_state(1, setup={"start_player": 0, "hands": hands, "deck": ["R10-a"]})
    state.apply("cast S30/3 @1 A2 E2/1")
    en = "paying Wind mana (2 orbs), Earth mana (2 orbs) as 1 mana"
    ja = "（支払い：風のマナ（2玉）、1マナ扱いの土のマナ（2玉））"  # not 「（2玉）（1マナとして）」
    for seat in (0, 1):
        cast = next(e for e in state.view(seat)["log"] if e["event"] == "cast")
        said = describe_event(game.cards, cast, "en", NAMES)
        assert said.endswith(en), said
        said = describe_event(game.cards, cast, "ja", NAMES)
        assert said.endswith(ja) and "）（" not in said, said
    record = {"game": "ruler-of-mana", "players": 2, "seed": 1, "history": state.history}
    record["setup"] = {"start_player": 0, "hands": hands, "deck": ["R10-a"]}
    saved = tmp_path / "record.json"
    saved.write_text(json.dumps(record), encoding="utf-8")
    for lang, words in (("en", en), ("ja", ja)):  # the other seat's replay says it too
        result = CliRunner().invoke(app, ["replay", str(saved), "--seat", "1", "--lang", lang])
        assert result.exit_code == 0 and words in result.stdout, result.output


def test_one_card_is_one_card_in_english() -> None:
    """A scry with one card left in the deck (and a deal of one, as a set-up position may) read
    "the top 1 cards"."""
    cards = bodoge.make("ruler-of-mana").cards
    one = [
        {"event": "scry", "seat": 0, "count": 1},
        {"event": "scry", "seat": 0, "count": 1, "cards": ["S19"]},
        {"event": "deal", "seat": 0, "count": 1},
        {"event": "deal", "seat": 0, "count": 1, "cards": ["S19"]},
    ]
    for event in one:
        said = describe_event(cards, event, "en", NAMES)
        assert " 1 card" in said and " 1 cards" not in said, said


def test_rm_2_2_d_a_pick_of_ones_own_offer_says_it_was_taken_back() -> None:
    """An exchange's own offer may be taken (RM-2.2 (D)): the line says so, not "Bo takes Fire
    mana, offered by Bo"."""
    cards = bodoge.make("ruler-of-mana").cards
    own = {"event": "pick", "seat": 1, "from": 1, "card": "MF1-01"}
    other = {**own, "from": 0}
    assert describe_event(cards, own, "en", NAMES) == "Bo takes back Fire mana, their own offer"
    assert describe_event(cards, own, "ja", NAMES) == "Boが自分の出した火のマナを取り戻した"
    assert describe_event(cards, other, "en", NAMES) == "Bo takes Fire mana, offered by Ann"
