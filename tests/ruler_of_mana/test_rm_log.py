"""What the log tells each seat (cards page §3.2, RM-4.2): a theft names the cards to the thief
and the victim, only their count to everyone else; a reaction that stops or turns a play says
what it did, and a retaliation says it is one and comes after the play."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from rm_helpers import ids, pass_all, scenario
from typer.testing import CliRunner

import bodoge
from bodoge.cli import app
from bodoge.games.ruler_of_mana import RMState
from bodoge.games.ruler_of_mana.events import describe_event
from bodoge.games.ruler_of_mana.words import face_words


def _said(state: RMState, seat: int | None, lang: str = "en") -> list[str]:
    """The seat's log in words, as the web, the terminal and a replay show it."""
    return [describe_event(state.game.cards, e, lang) for e in state.view(seat)["log"]]


def _stolen(seed: int) -> RMState:
    """Seat 0 steals two of seat 1's three spells at random (Whirlwind Theft, option 2); the
    deck holds only the listed cards, so the seed decides nothing but which two (how many mana
    cards a theft takes is public: mana cards have a back of their own)."""
    state = scenario(
        seed=seed,
        hands={0: ids("S30", "A1", "A1"), 1: ids("S01", "S02", "S03")},
        deck=ids("W1", "W1"),
        only_deck=True,
    )
    state.apply("cast S30/2 @1 A1 A1")
    pass_all(state)
    return state


def _two_thefts() -> tuple[RMState, RMState]:
    """Two thefts alike in all but which cards were taken."""
    first = _stolen(0)
    for seed in range(1, 20):
        other = _stolen(seed)
        if sorted(other.hands[0]) != sorted(first.hands[0]):
            return first, other
    raise AssertionError("every seed stole the same cards")


def test_cards_3_2_a_steal_names_the_cards_to_the_thief_and_the_victim_only() -> None:
    first, other = _two_thefts()
    for state in (first, other):
        steal = next(e for e in state.view(1)["log"] if e["event"] == "steal")
        taken = sorted(set(state.view(0)["hand"]) & {"S01", "S02", "S03"})
        assert sorted(steal["cards"]) == taken, "the victim saw them leave its hand"
        assert next(e for e in state.view(0)["log"] if e["event"] == "steal") == steal
        for onlooker in (2, None):
            seen = next(e for e in state.view(onlooker)["log"] if e["event"] == "steal")
            assert "cards" not in seen and seen["count"] == 2
    # No leak: a third seat and a spectator cannot tell the two thefts apart.
    for onlooker in (2, None):
        assert first.view(onlooker) == other.view(onlooker)
    assert first.view(1)["log"] != other.view(1)["log"]


def _steal_line(state: RMState, seat: int | None, lang: str) -> str:
    steal = next(e for e in state.view(seat)["log"] if e["event"] == "steal")
    return describe_event(state.game.cards, steal, lang)


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_cards_3_2_a_steal_in_words_for_each_seat(lang: str) -> None:
    """The victim read 「やさしいBot1がゲストの手札から2枚奪った」, not which two."""
    state = _stolen(0)
    cards = state.game.cards
    stolen = [c for c in ("S01", "S02", "S03") if c in state.view(0)["hand"]]
    names = [cards.face(cards.code_of(c)).name(lang) for c in stolen]
    victim = _steal_line(state, 1, lang)
    assert all(name in victim for name in names), victim
    assert _steal_line(state, 0, lang) == victim, "the thief reads the same line"
    for onlooker in (2, None):
        line = _steal_line(state, onlooker, lang)
        assert not any(name in line for name in names), line
    assert _steal_line(state, 2, "en") == "Seat 0 takes 2 cards at random from Seat 1"


def test_cards_3_2_a_take_names_the_cards_to_the_victim_too() -> None:
    """Thief's Scroll: the caster chooses; the victim sees which cards leave its hand."""
    chosen = {}
    for pick in ("take S04 S05", "take S05 S06"):
        state = scenario(
            hands={0: ids("R14"), 1: ids("S04", "S05", "S06")}, deck=ids("W1", "W1"), only_deck=True
        )
        state.apply("scroll R14 @1")
        pass_all(state)
        state.apply(pick)
        chosen[pick] = state
        take = next(e for e in state.view(1)["log"] if e["event"] == "take")
        assert sorted(take["cards"]) == sorted(
            c for c in ("S04", "S05", "S06") if c in state.view(0)["hand"]
        )
        assert "cards" not in next(e for e in state.view(2)["log"] if e["event"] == "take")
    a, b = chosen.values()
    for onlooker in (2, None):
        assert a.view(onlooker) == b.view(onlooker)
    assert a.view(1)["log"] != b.view(1)["log"]


def test_cards_3_2_determinize_and_sample_keep_the_victims_line() -> None:
    """A bot's determinization and sample of the victim's view show it the stolen cards again,
    and no other seat of them sees the cards."""
    state = _stolen(0)
    victim = state.view(1)
    assert len(next(e for e in victim["log"] if e["event"] == "steal")["cards"]) == 2
    det = state.determinize(1, seed=5)
    assert det.view(1) == victim
    assert "cards" not in next(e for e in det.view(0)["log"] if e["event"] == "steal")
    sample = state.game.sample_state(victim, seed=5)
    assert sample.view(1) == victim
    assert "cards" not in next(e for e in sample.view(2)["log"] if e["event"] == "steal")


def test_cards_3_2_a_replay_names_stolen_cards_to_the_thief_and_the_victim(tmp_path: Path) -> None:
    """``bodoge replay --seat``: the theft's line from each seat's view (the terminal's play
    prints the same lines, GameWords.event)."""
    setup = {
        "start_player": 0,
        "hands": {"0": ids("S30", "A1", "A1"), "1": ids("S01", "S02", "S03"), "2": ids("W1")},
        "deck": ids("E1", "E1"),
    }
    record = {"game": "ruler-of-mana", "players": 3, "seed": 2, "setup": setup}
    record["history"] = ["cast S30/2", "@1", "A1", "A1", "pass"]
    path = tmp_path / "ruler-of-mana-room-1.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    for seat, named in ((1, True), (0, True), (2, False), (None, False)):
        chosen = [] if seat is None else ["--seat", str(seat)]
        result = CliRunner().invoke(app, ["replay", str(path), *chosen])
        assert result.exit_code == 0, result.output
        line = next(s for s in result.stdout.splitlines() if "at random from Seat 1" in s)
        assert line.startswith("  • Seat 0 takes 2 cards at random from Seat 1")
        spells = ("Fireball (S01)", "Flame Lance (S02)", "(S03)")
        assert (sum(name in line for name in spells) == 2) is named, (seat, line)


def _since_cast(state: RMState, seat: int | None = None) -> list[dict[str, Any]]:
    log = state.view(seat)["log"]
    start = max(i for i, e in enumerate(log) if e["event"] == "cast")
    return log[start + 1 :]


def _reacted(reaction: str, spell: str = "S19/3", pay: str = "E1 E1 F1") -> RMState:
    """Seat 0 casts at seat 1, who answers with ``reaction``; seat 2 looks on."""
    code = spell.split("/")[0]
    hands = {0: ids(code, *pay.split()), 1: ids(reaction, "W1")}
    state = scenario(hands=hands, deck=["S35", "S34"])
    state.apply(f"cast {spell} @1 {pay}")
    state.apply(f"react {reaction}")
    pass_all(state)
    return state


def test_rm_4_2_an_untargeting_reaction_says_the_play_missed() -> None:
    """Guardian Barrier (untarget): the log said only that seat 1 reacted, then the next turn."""
    state = _reacted("R02")
    assert state.life == [15, 15, 15], "the play reached nobody"
    missed = {"event": "missed", "seat": 0, "card": "S19", "target": 1, "reaction": "R02-a"}
    for seat in (None, 0, 1, 2):
        assert _since_cast(state, seat)[:2] == [
            {"event": "react", "seat": 1, "card": "R02-a", "moment": "react"},
            missed,
        ]
    assert "Seat 0's Rock Blast (S19) misses Seat 1, thanks to Guardian Barrier (R02)" in _said(
        state, 2
    )
    assert "守護結界（R02）により、席0の岩石弾（S19）は席1に届かなかった" in _said(state, 2, "ja")


def test_rm_4_2_a_reflected_hit_names_the_reaction_that_turned_it_back() -> None:
    """Mirror Ward (reflect): the hit read as an attack of seat 1 on seat 0."""
    state = _reacted("R04")
    assert state.life == [8, 15, 15]
    hit = next(e for e in _since_cast(state) if e["event"] == "damage")
    assert (hit["seat"], hit["target"], hit["reflected"]) == (1, 0, "R04-a")
    said = [line for line in _said(state, None) if "suffers" in line]
    assert said == [
        "Turned back by Mirror Ward (R04): Seat 0 suffers 7 earth damage from Seat 1: "
        "loses 7 life (now 8)"
    ]
    assert any(line.startswith("反射の鏡（R04）で跳ね返された：") for line in _said(state, 0, "ja"))


def test_rm_4_2_a_retaliation_comes_after_the_play_and_says_so() -> None:
    """Curse of Retaliation after Golem Fist (5 damage, then a shield of 2 for its caster): the
    retaliation's 4 were half absorbed by that shield, and nothing said why."""
    state = _reacted("R05", "S25/2", "E1 E1 F1")
    assert state.life == [13, 10, 15] and state.shield == [0, 0, 0]
    kinds = [(e["event"], e.get("target", e.get("seat"))) for e in _since_cast(state)]
    assert kinds[:4] == [("react", 1), ("damage", 1), ("shield", 0), ("damage", 0)]
    retaliation = [e for e in _since_cast(state) if "retaliation" in e]
    assert [(e["seat"], e["target"], e["retaliation"]) for e in retaliation] == [(1, 0, "R05-a")]
    assert (
        "After the play, Curse of Retaliation (R05) strikes back: Seat 0 suffers 4 plain damage "
        "from Seat 1: the shield absorbs 2, loses 2 life (now 13)"
    ) in _said(state, 2)
    assert any(
        line.startswith("プレイの解決後、報復の呪符（R05）による報復：")
        for line in _said(state, 2, "ja")
    )
    plain = _reacted("R03", "S25/2", "E1 E1 F1")  # a reaction's hit is not a retaliation
    assert not any("retaliation" in e or "reflected" in e for e in plain.view(None)["log"])


@pytest.mark.parametrize(
    ("lang", "after"),
    [
        ("en", "after the play, if it cost you life, 4"),
        ("ja", "解決の後、そのプレイで自分のライフが減っていたら"),
    ],
)
def test_rm_4_2_the_retaliation_card_says_it_comes_after_the_play(lang: str, after: str) -> None:
    """The card read 「使った人に4ダメージ」: nothing said it waits for the play's end (and its
    shield), nor that it needs life lost (as the rules page says)."""
    cards = bodoge.make("ruler-of-mana").cards
    assert after in face_words(cards, "R05", lang)
