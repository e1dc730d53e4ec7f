"""The protocol of DESIGN.md on Ruler of Mana: notation both ways, scenarios, views, words,
storage, determinism, determinization, and the generic random-play and no-leak harnesses."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest
from rm_helpers import CARDS, game, ids, legal, pass_all, scenario

import bodoge
from bodoge.core.i18n import catalogue
from bodoge.core.testing import check_no_leaks, check_random_play, random_game, run_doctests
from bodoge.games import ruler_of_mana
from bodoge.games.ruler_of_mana import RMState, events, explain, payment

FULL = os.environ.get("CI") == "true" or os.environ.get("BODOGE_FULL") == "1"

TEN = ids("F1", "F1", "F1", "W1", "W1", "W1", "E1", "E1", "E1", "A1")


def _draft_with(code: str, players: int = 2) -> tuple[RMState, int]:
    """An expert game whose first picker's pack holds ``code``, and its seed."""
    for seed in range(500):
        state = game(players, "expert").new_state(seed)
        assert state.packs is not None and state.current_player is not None
        if any(state.game.code[c] == code for c in state.packs[state.current_player]):
            return state, seed
    raise AssertionError(f"no seed deals {code} in the first pack")


# ---------------------------------------------------------------- notation table, both ways
NOTATION: list[tuple[str, dict[str, Any], list[str], str, list[str]]] = [
    (
        "cast",
        {"hands": {0: ids("S19", "E1", "E1", "F1")}},
        [],
        "cast S19/3 @2 E1 E1 F1",
        ["cast S19/3", "@2", "F1", "E1", "E1"],
    ),
    ("scroll", {"hands": {0: ids("R11")}}, [], "scroll R11 @1", ["scroll R11", "@1"]),
    ("draw", {}, [], "draw", ["draw"]),
    ("cycle", {"hands": {0: ids("W1", "S07")}}, [], "cycle W1 S07", ["cycle", "W1", "S07"]),
    ("exchange", {"hands": {0: ids("E1", "S01")}}, [], "exchange", ["exchange"]),
    (
        "offer",
        {"hands": {0: ids("E1", "S01"), 1: ids("F1", "S02")}},
        ["exchange"],
        "offer E1",
        ["offer E1"],
    ),
    (
        "pick",
        {"hands": {0: ids("E1", "S01"), 1: ids("F1", "S02")}},
        ["exchange", "offer E1", "offer S02", "offer A1"],
        "pick 1",
        ["pick 1"],
    ),
    (
        "bottom",
        {"variant": "expert", "hands": {0: TEN}},
        [],
        "bottom F1 A1",
        ["bottom F1", "bottom A1"],
    ),
    (
        "react",
        {"hands": {0: ids("S19", "E1"), 1: ids("R03", "F1")}},
        ["cast S19/1 @1 E1"],
        "react R03",
        ["react R03"],
    ),
    (
        "pass",
        {"hands": {0: ids("S19", "E1"), 1: ids("R03", "F1")}},
        ["cast S19/1 @1 E1"],
        "pass",
        ["pass"],
    ),
    (
        "discard",
        {"hands": {0: ids("S32", "A1", "A1"), 1: ids("E1", "W1", "F1")}},
        ["cast S32/1 @1 A1 A1"],
        "discard E1 W1",
        ["discard W1", "discard E1"],
    ),
    (
        "take",
        {"hands": {0: ids("R14"), 1: ids("S04", "F1", "E1")}},
        ["scroll R14 @1", "pass"],
        "take S04 F1",
        ["take F1", "take S04"],
    ),
    (
        "top",
        {"hands": {0: ids("S33", "A1")}, "deck": ["S35", "MF1-01", "MW1-01", "ME2-01"]},
        ["cast S33/1 A1"],
        "top E2 F1",
        ["top E2", "top F1"],
    ),
    (
        "recover",
        {"hands": {0: ids("R16")}, "discard": ids("S19", "S01", "F1")},
        ["scroll R16"],
        "recover S19 S01",
        ["recover S01", "recover S19"],
    ),
]


@pytest.mark.parametrize(
    ("name", "setup", "before", "whole", "steps"), NOTATION, ids=[n[0] for n in NOTATION]
)
def test_notation_whole_action_equals_its_steps(
    name: str, setup: dict[str, Any], before: list[str], whole: str, steps: list[str]
) -> None:
    setup = dict(setup)
    variant = setup.pop("variant", "basic")
    a = scenario(variant=variant, **setup)
    b = scenario(variant=variant, **setup)
    for step in before:
        a.apply(step)
        b.apply(step)
    done = len(a.history)
    a.apply(whole)
    for step in steps:
        assert step in legal(b), (step, legal(b))
        b.apply(step)
    assert a.to_json() == b.to_json()
    assert a.history[done:] == steps


def test_notation_keep_in_the_draft() -> None:
    state, _ = _draft_with("S12")
    assert "keep S12" in legal(state)
    state.apply("keep S12")
    assert state.history == ["keep S12"]


def test_notation_describe_every_kind_in_both_languages() -> None:
    state = scenario(hands={0: ids("S19", "E1", "E1", "F1", "R11")})
    words = {str(a): (a.describe("en"), a.describe("ja")) for a in state.legal_actions()}
    assert words["cast S19/3"][0].startswith("Cast Rock Blast (S19), option 3: pay 1 fire, 2 earth")
    assert words["cast S19/3"][1].startswith("岩石弾（S19）の選択肢3を使う：火1、土2を支払う")
    assert words["draw"] == ("Draw 1 more card (end the turn)", "山札からもう1枚引く（ターン終了）")
    assert "Meteor Scroll" in words["scroll R11"][0]
    state.apply("cast S19/3")
    assert state.legal_actions()[0].describe("ja") == "席1を対象にする"
    state.apply("@1")
    assert state.legal_actions()[0].describe("en") == "Pay with Fire mana"


def test_whole_action_is_all_or_nothing_and_one_at_a_time() -> None:
    state = scenario(hands={0: ids("S19", "E1", "E1", "F1")})
    before = state.to_json()
    for bad in [
        "cast S19/3 @2 E1 E1 X9",
        "cast S19/3 @2 E1",
        "draw draw",
        "cast S19/3 @0",
        "cast S19/2 @1 E1 E1 F1",
    ]:
        with pytest.raises(bodoge.IllegalAction) as err:
            state.apply(bad)
        assert "\n" not in str(err.value)
        assert state.to_json() == before, bad


def test_illegal_actions_raise_value_errors_that_say_why() -> None:
    state = scenario(hands={0: ids("S19", "E1", "R03")}, only_deck=False)
    before = state.to_json()
    for bad, fragment in [
        ("cast S03/1", "does not hold S03"),
        ("cast S19/3", "too little mana"),
        ("cast S19/9", "options 1–3"),
        ("scroll R03", "reaction"),
        ("keep S01", "choose the turn's option"),
        ("fly", "not legal"),
        ("pick 1", "not legal"),
    ]:
        with pytest.raises(ValueError, match=fragment):
            state.apply(bad)
        assert state.to_json() == before
    state.apply("cast S19/1")
    with pytest.raises(bodoge.IllegalAction, match="target first"):
        state.apply("E1")
    state.apply("@2")
    with pytest.raises(bodoge.IllegalAction, match="no F1 to pay"):
        state.apply("F1")


def test_a_cost_out_of_the_hands_reach_names_the_mana_it_lacks() -> None:
    """Cyclone's A A A with 2 wind in hand (a 2-orb card counted at 2): the reason is the wind
    it lacks, not RM-3.5's exactness; a rainbow counts as any element, and says so."""

    def reason(*codes: str) -> str:
        state = scenario(hands={0: ids("S31", *codes)})
        return str(explain.why_illegal(state, "cast S31/2").fields["reason"].text("en"))

    assert reason("A1", "A1", "F1") == (
        "too little mana in hand for 3 wind: 1 wind short, a 2-orb card counted as 2"
        " (RM-3.2, RM-3.4)"
    )
    assert reason("A2") == reason("A1", "A1", "F1")
    assert reason("RB") == (
        "too little mana in hand for 3 wind: 2 wind short, a 2-orb card counted as 2 and a"
        " rainbow as any element (RM-3.2 to RM-3.4)"
    )
    ja = scenario(hands={0: ids("S31", "A2")})
    said = explain.why_illegal(ja, "cast S31/2").fields["reason"].text("ja")
    assert said.startswith("手札のマナが風3に足りません：風1不足"), said


def test_expand_repeats_card_verbs() -> None:
    assert explain.expand("discard E1 W1") == "discard E1 discard W1"
    assert explain.expand("cycle W1 S07") == "cycle W1 S07"
    assert explain.expand("recover S19 pass") == "recover S19 pass"


# ---------------------------------------------------------------- scenarios
@pytest.mark.parametrize(
    ("setup", "fragment"),
    [
        ({"hands": {0: ["S01", "S01"]}}, "twice"),
        ({"hands": {0: ["S99"]}}, "unknown card"),
        ({"hands": {7: []}}, "no seat 7"),
        ({"hands": {"x": []}}, "not a seat number"),
        ({"hands": {0: "S01"}}, "list of card ids"),
        ({"deck": ["S01"], "discard": ["S01"]}, "twice"),
        ({"life": {0: 0}}, "life"),
        ({"life": {0: "ten"}}, "whole number"),
        ({"shield": {0: -1}}, "shield"),
        ({"colour": "red"}, "unknown setup key"),
        ({"start_player": 3}, "no seat 3"),
        ({"discard": [c.id for c in CARDS.cards]}, "placed twice|not enough|empty"),
    ],
)
def test_setup_errors_name_the_problem(setup: dict[str, object], fragment: str) -> None:
    with pytest.raises(bodoge.SetupError, match=fragment):
        game(3).new_state(1, setup=setup)


def test_setup_places_cards_and_shuffles_the_rest_below() -> None:
    state = game(3).new_state(
        4,
        setup={
            "start_player": 1,
            "current_player": 2,
            "hands": {"0": ids("F1")},
            "deck": ids("S01", "S02"),
            "discard": ids("R01"),
            "life": {1: 7},
            "shield": {0: 2},
        },
    )
    view = state.view(2)
    assert view["current_player"] == 2 and view["start_player"] == 1
    assert view["hand_sizes"] == [1, 7, 8] and "S01" in view["hand"]
    assert state.deck[-1] == state.game.index["S02"]
    assert view["discard"] == ["R01-a"] and view["life"] == [15, 7, 15]
    assert view["shield"] == [2, 0, 0]
    assert sorted(state.card_census()) == sorted(state.game.ids)


# ---------------------------------------------------------------- views
def test_view_keys_and_privacy() -> None:
    state = game(4).new_state(3)
    view = state.view(1)
    for key in [
        "game",
        "players",
        "current_player",
        "you",
        "hand",
        "hand_sizes",
        "deck_size",
        "is_over",
        "log",
        "life",
        "shield",
        "discard",
        "mana_in_hand",
        "deck_top_is_mana",
        "exchange",
        "pending",
    ]:
        assert key in view, key
    json.dumps(view, ensure_ascii=False)
    assert view["mana_in_hand"][1] == sum(1 for c in view["hand"] if c.startswith("M"))
    assert view["deck_top_is_mana"] == state.game.is_mana[state.deck[-1]]
    spectator = json.dumps(state.view(None))
    for seat in range(4):
        for card in state.view(seat)["hand"]:
            assert f'"{card}"' not in spectator
            if seat != 1:
                assert f'"{card}"' not in json.dumps(view)
    with pytest.raises(ValueError):
        state.view(4)


def test_view_pending_shows_a_declaration_to_its_caster_only() -> None:
    state = scenario(hands={0: ids("S19", "E1", "E1", "F1"), 1: ids("R03", "W1")})
    state.apply("cast S19/3")
    state.apply("@1")
    state.apply("F1")
    assert state.view(0)["pending"] == {
        "kind": "cast",
        "seat": 0,
        "chosen": ["MF1-01"],
        "spell": "S19",
        "option": 3,
        "payment": ["F1"],
        "target": 1,
    }
    assert state.view(1)["pending"] is None
    state.apply("E1")
    state.apply("E1")
    pending = state.view(2)["pending"]
    assert pending["kind"] == "play" and pending["card"] == "S19" and pending["target"] == 1
    assert pending["decision"] == {"kind": "react", "seat": 1}


def test_view_result_when_over() -> None:
    state = scenario(hands={0: ids("R11")}, life={1: 3})
    state.apply("scroll R11 @1")
    view = state.view(0)
    assert view["is_over"] and view["result"]["winners"] == [0]
    assert view["current_player"] is None and state.legal_actions() == []
    assert view["end"] == "ko"


def test_view_turn_cap_truncates() -> None:
    state = game(2, turn_cap=1).new_state(2)
    state.apply("draw")
    assert state.is_over and state.result().truncated
    assert state.view(0)["result"]["truncated"] is True


# ---------------------------------------------------------------- words for log events
@pytest.mark.parametrize("variant", ["basic", "expert"])
def test_every_log_event_has_words_in_both_languages(variant: str) -> None:
    kinds: set[str] = set()
    for seed in range(25):
        state = random_game(game(4, variant), seed)
        for seat in [None, 0]:
            for event in state.view(seat)["log"]:
                kinds.add(event["event"])
                for lang in ("en", "ja"):
                    words = events.describe_event(state.game.cards, event, lang)
                    assert "=" not in words and "{" not in words, (event, words)
    assert {"turn", "draw", "cast", "damage", "game_over"} <= kinds
    assert events.describe_card(CARDS, "S19", "ja", detail=True).startswith("岩石弾（S19）：")
    assert events.describe_card(CARDS, "F2", "en") == "Fire mana (2 orbs)"
    assert "Seal of Silence" in str(events.describe_card(CARDS, "R01-a", "en", detail=True))


def test_every_rm_message_has_both_languages() -> None:
    keys = [k for k in catalogue() if k.startswith("rm.")]
    assert len(keys) > 100
    for key in keys:
        assert catalogue()[key]["en"] and catalogue()[key]["ja"]


def test_doctests() -> None:
    for module in (ruler_of_mana, events, explain, payment):
        result = run_doctests(module)
        assert result.failed == 0 and result.attempted > 0, module.__name__


# ---------------------------------------------------------------- storage, replay, determinism
def test_json_round_trip_and_replay() -> None:
    made = game(4, "expert")
    state = made.new_state(11)
    for _ in range(60):
        state.apply(legal(state)[-1])
    text = state.to_json()
    loaded = made.load(text)
    assert loaded.to_json() == text
    assert made.replay(11, state.history).to_json() == text
    step = legal(state)[0]
    state.apply(step)
    loaded.apply(step)
    assert state.to_json() == loaded.to_json(), "the generator travels with the state"


def test_load_rejects_bad_text() -> None:
    made = game(4)
    for bad in ["", "{}", "[1]", json.dumps({"game": "extreme-mission"})]:
        with pytest.raises(bodoge.SetupError):
            made.load(bad)
    other = game(3).new_state(1).to_json()
    with pytest.raises(bodoge.SetupError, match="3 players"):
        made.load(other)


def test_same_seed_same_game() -> None:
    made = game(5, "expert")
    assert made.new_state(9).to_json() == made.new_state(9).to_json()
    assert made.new_state(9).to_json() != made.new_state(10).to_json()
    a = random_game(made, 3)
    b = random_game(made, 3)
    assert a.history == b.history and a.to_json() == b.to_json()


def test_replacement_card_set(tmp_path: Path) -> None:
    shipped = (Path(bodoge.__file__).parent / "games" / "ruler_of_mana" / "cards.toml").read_text(
        encoding="utf-8"
    )
    changed = shipped.replace(
        '"E -> damage(one_opponent, 2, earth)"',
        '"E -> damage(one_opponent, 3, earth) + draw(1)"',
        1,
    )
    assert changed != shipped
    path = tmp_path / "my-cards.toml"
    path.write_text(changed, encoding="utf-8")
    made = bodoge.make("ruler-of-mana", players=2, cards=path)
    state = made.new_state(
        1, setup={"start_player": 0, "hands": {0: ids("S19", "E1")}, "deck": ids("W1", "F1")}
    )
    state.apply("cast S19/1 @1 E1")
    pass_all(state)
    assert state.life[1] == 12 and "MF1-01" in state.view(0)["hand"]
    broken = tmp_path / "broken.toml"
    broken.write_text(shipped.replace("damage(one_opponent, 7, earth)", "damag(one, 7)"), "utf-8")
    with pytest.raises(bodoge.CardSetError) as err:
        bodoge.make("ruler-of-mana", cards=broken)
    assert "broken.toml" in str(err.value) and "S19" in str(err.value)


# ---------------------------------------------------------------- determinization
def test_determinize_keeps_the_view_and_deals_the_rest_anew() -> None:
    state = game(4).new_state(21)
    det = state.determinize(0, seed=5)
    assert isinstance(det, RMState)
    assert det.view(0) == state.view(0)
    assert det.hands[0] == state.hands[0]
    assert det.hands[1:] != state.hands[1:] or det.deck != state.deck
    for seat in range(4):
        assert det.mana_count(seat) == state.mana_count(seat)
    assert det.game.is_mana[det.deck[-1]] == state.game.is_mana[state.deck[-1]]


def test_determinize_keeps_a_looked_at_hand_and_picked_offers() -> None:
    hands = {0: ids("R14", "S01"), 1: ids("S04", "F1", "E1", "W1")}
    state = scenario(hands=hands)
    state.apply("scroll R14 @1")
    pass_all(state)
    assert state.ask.kind == "take"
    for seed in range(5):
        assert state.determinize(0, seed).hands[1] == state.hands[1], "the taker saw that hand"
    state.apply("take F1")
    state.apply("take S04")
    known = {state.game.index["ME1-01"], state.game.index["MW1-01"]}
    assert known <= set(state.hands[1])
    for seed in range(5):
        assert known <= set(state.determinize(0, seed).hands[1]), "still known to seat 0"
    assert any(not known <= set(state.determinize(2, seed).hands[1]) for seed in range(5))


def test_determinize_keeps_cards_picked_face_up_in_an_exchange() -> None:
    hands = {0: ids("E1", "S01"), 1: ids("F1", "S02", "S03"), 2: ids("W1", "S04", "S05")}
    state = scenario(hands=hands)
    for step in ["exchange", "offer S01", "offer S02", "offer S04", "pick 2", "pick 0"]:
        state.apply(step)
    s04, s01 = state.game.index["S04"], state.game.index["S01"]
    assert s04 in state.hands[0] and s01 in state.hands[1]
    for seed in range(5):
        assert s01 in state.determinize(2, seed).hands[1], "everyone saw seat 1 take S01"
        assert s04 in state.determinize(1, seed).hands[0]


def test_determinize_hides_unrevealed_offers_and_undoes_anothers_declaration() -> None:
    hands = {0: ids("E1", "S01", "S02"), 1: ids("F1", "W1", "S03")}
    state = scenario(hands=hands)
    state.apply("exchange")
    state.apply("offer S01")
    offers = {state.determinize(1, seed).offers[0] for seed in range(12)}
    assert len(offers) > 1, "seat 1 cannot know what seat 0 offered"
    assert all(state.determinize(0, seed).offers[0] == state.offers[0] for seed in range(3))
    casting = scenario(hands={0: ids("S19", "E1", "E1")})
    casting.apply("cast S19/2")
    assert casting.determinize(1, 1).ask.kind == "main"
    assert casting.determinize(0, 1).ask.kind == "cast"


# ---------------------------------------------------------------- the harnesses
CONFIGS = [(variant, players) for variant in ("basic", "expert") for players in range(2, 7)]


@pytest.mark.parametrize(("variant", "players"), CONFIGS)
def test_random_play_invariants(variant: str, players: int) -> None:
    """2,000 seeded games per variant across 2–6 players in CI (400 per count); fewer locally."""
    games = 400 if FULL else 12
    made = game(players, variant, turn_cap=300)
    first = players * 100_000 + (50_000 if variant == "expert" else 0)
    steps = check_random_play(made, range(first, first + games), deep_every=53)
    assert steps > games * 30


@pytest.mark.parametrize("variant", ["basic", "expert"])
def test_random_play_without_cap_ends(variant: str) -> None:
    for players in (2, 6):
        check_random_play(game(players, variant), range(3), deep_every=200)


def _secret(state: bodoge.State, player: int) -> object:
    assert isinstance(state, RMState)
    others = tuple(tuple(h) for s, h in enumerate(state.hands) if s != player)
    offers = tuple(sorted((s, c) for s, c in state.offers.items() if s != player))
    picks = tuple(c for s, c in enumerate(state.picks) if s != player)
    return others, tuple(state.deck), offers, picks


@pytest.mark.parametrize(("variant", "players"), CONFIGS)
def test_no_leaks(variant: str, players: int) -> None:
    made = game(players, variant, turn_cap=150)
    check_no_leaks(made, range(40 if FULL else 5), secret=_secret)


@pytest.mark.parametrize("variant", ["basic", "expert"])
def test_a_clone_copies_every_field_all_game_long(variant: str) -> None:
    """``copy_with`` (behind ``clone`` and every ISMCTS sample) copies the fields of
    ``storage.FIELDS`` one by one: equal to the original at every step of a game (draft,
    exchange, plays and reactions included), sharing nothing changeable with it, and sharing
    exactly what the table's own copy shares."""
    import random

    from bodoge.core.fields import unlike_copy
    from bodoge.games.ruler_of_mana import storage

    game = bodoge.make("ruler-of-mana", players=3, variant=variant, turn_cap=40)
    rng = random.Random(3)
    for seed in range(3):
        state = game.new_state(seed=seed)
        while state.current_player is not None:
            copy = state.clone()
            assert sorted(storage.FIELDS) == sorted(storage.to_dict(copy))
            assert copy.to_json() == state.to_json()
            # Shares with the original exactly what the table's copy shares: no list, dict or
            # record.
            assert unlike_copy(storage.FIELDS, state, copy, game.ids) == []
            for cards in (*copy.hands, *(cell for seen in copy.seen for cell in seen)):
                cards.append(0)
            copy.life.append(0)
            copy.ask.chosen.append(0)
            assert state.clone().to_json() == state.to_json() != copy.to_json()
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
