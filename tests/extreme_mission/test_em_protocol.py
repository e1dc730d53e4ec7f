"""The protocol of DESIGN.md on Extreme Mission: notation both ways, scenarios, views, storage,
determinism, and the generic random-play and no-leak harnesses."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from em_helpers import MISSIONS, cards, legal, scenario

import bodoge
from bodoge.core.testing import check_no_leaks, check_random_play
from bodoge.games.extreme_mission import EMState

FULL = os.environ.get("CI") == "true" or os.environ.get("BODOGE_FULL") == "1"


# ---------------------------------------------------------------- notation table, both ways
@pytest.mark.parametrize(
    ("whole", "steps"),
    [
        ("draw", ["draw"]),
        ("take 2", ["take 2"]),
        ("complete M2-01 R4 B5 G6 HK", ["complete M2-01", "R4", "B5", "G6", "HK"]),
        ("activate DR Y3 Y4", ["activate DR", "Y3", "Y4"]),
        ("pass", ["pass"]),
    ],
)
def test_notation_whole_action_equals_its_steps(whole: str, steps: list[str]) -> None:
    setup = {
        "hands": {0: cards("R4", "B5", "G6", "Y3", "Y4", "P9")},
        "discards": {2: cards("G8")},
        "collaborators_down": {0: ["DR"]},
        "deck": cards("P1"),
    }
    a = scenario(**setup)
    a.apply(whole)
    b = scenario(**setup)
    for step in steps:
        assert step in legal(b)
        b.apply(step)
    assert a.to_json() == b.to_json()
    assert a.history == steps


def test_notation_drop_step() -> None:
    s = scenario(
        hands={0: cards(*["R1", "R2", "R3", "R4", "R5", "R6", "R7", "R8", "R9", "B1", "P9"])}
    )
    s.apply("pass")
    assert "drop P9" in legal(s)
    s.apply("drop P9")
    assert s.current_player == 1


def test_notation_items_in_any_order_and_lower_copy_first() -> None:
    s = scenario(hands={0: cards("Y4", "R4", "R4", "B5")})
    s.apply("complete M1-02 B5 R4 HK")
    assert s.view(0)["hand"] == ["I-R4b", "I-Y4a"], "the lower id of two copies is used"


def test_whole_action_is_all_or_nothing() -> None:
    s = scenario(hands={0: cards("R1", "R2", "R3", "B4")})
    before = s.to_json()
    for bad in [
        "complete M1-01 R1 R2 B4",
        "complete M1-01 R1 R2",
        "complete M1-01 R1 R2 R3 X9",
        "draw draw draw",
    ]:
        with pytest.raises(bodoge.IllegalAction) as err:
            s.apply(bad)
        assert "\n" not in str(err.value)
        assert s.to_json() == before, bad


def test_illegal_actions_raise_value_error_and_change_nothing() -> None:
    s = scenario()
    before = s.to_json()
    for bad in ["", "fly", "take 0", "take 9", "complete M9-99", "activate HK", "R4", "drop R1"]:
        with pytest.raises(ValueError):
            s.apply(bad)
        assert s.to_json() == before
    foreign = bodoge.Action("take 1", "take", (1,))
    with pytest.raises(bodoge.IllegalAction):
        s.apply(foreign)  # seat 1's pile is empty


def test_describe_in_both_languages() -> None:
    s = scenario(hands={0: cards("R4", "B5", "G6")}, discards={1: cards("P2")})
    words = {str(a): (a.describe("en"), a.describe("ja")) for a in s.legal_actions()}
    assert words["draw"] == ("Draw from the deck", "山札から補充（1枚引く）")
    assert "seat 1" in words["take 1"][0] and "席1" in words["take 1"][1]
    assert "Tail the Courier" in words["complete M1-02"][0]
    assert "運び屋の尾行" in words["complete M1-02"][1]
    s.apply("complete M1-02")
    step = s.legal_actions()[0]
    assert step.describe("en") == "Reveal red 4"
    assert step.describe("ja") == "赤の4を公開する"


# ---------------------------------------------------------------- scenarios
@pytest.mark.parametrize(
    ("setup", "fragment"),
    [
        ({"hands": {0: ["I-R1a", "I-R1a"]}}, "twice"),
        ({"hands": {0: ["I-X1a"]}}, "unknown info card"),
        ({"hands": {7: []}}, "no seat 7"),
        ({"missions": ["M1-01"]}, "level 1 has 1"),
        ({"completed": {0: ["M1-01", "M1-02"]}}, "two level-1"),
        ({"collaborators_down": {0: ["ZZ"]}}, "unknown kind"),
        ({"colour": "red"}, "unknown setup key"),
        ({"deck": ["I-R1a"], "discards": {1: ["I-R1a"]}}, "twice"),
    ],
)
def test_setup_errors_name_the_problem(setup: dict[str, object], fragment: str) -> None:
    with pytest.raises(bodoge.SetupError, match=fragment):
        bodoge.make("extreme-mission", players=3).new_state(1, setup=setup)


def test_setup_places_cards_and_shuffles_the_rest_below() -> None:
    s = scenario(
        hands={0: cards("R1")},
        deck=cards("B2", "B3"),
        discards={1: cards("G4", "G5")},
        current_player=2,
    )
    v = s.view(2)
    assert v["current_player"] == 2
    assert v["hand_sizes"] == [1, 8, 8]
    assert v["discard_tops"] == [None, "I-G5a", None]
    assert v["deck_size"] == 90 - 1 - 16 - 2
    assert sorted(s.card_census()) == sorted(s.game.card_ids)
    s2 = scenario(hands={"0": cards("R1")})  # seat keys may be strings
    assert s2.view(0)["hand"] == ["I-R1a"]


# ---------------------------------------------------------------- views
def test_view_keys_and_privacy() -> None:
    s = bodoge.make("extreme-mission", players=3).new_state(4)
    v = s.view(1)
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
        "missions",
        "collaborators",
        "completed",
        "discard_tops",
        "discard_sizes",
        "actions_left",
        "phase",
    ]:
        assert key in v
    assert v["you"] == 1
    json.dumps(v, ensure_ascii=False)
    spectator = s.view(None)
    assert spectator["hand"] == []
    text = json.dumps(spectator)
    for card in s.view(0)["hand"] + s.view(2)["hand"]:
        assert card not in text
    text1 = json.dumps(v)
    for card in s.view(0)["hand"]:
        assert card not in text1, "another seat's hand never shows"
    with pytest.raises(ValueError):
        s.view(3)


def test_view_result_when_over() -> None:
    game = bodoge.make("extreme-mission", players=2, turn_cap=1)
    s = game.new_state(2)
    s.apply("pass")
    assert s.view(0)["result"]["truncated"] is True
    assert s.current_player is None
    assert s.legal_actions() == []


# ---------------------------------------------------------------- storage, replay, determinism
def test_json_round_trip_and_replay() -> None:
    game = bodoge.make("extreme-mission", players=4)
    s = game.new_state(11)
    for step in ["draw", "draw", "pass", "draw", "take 0"][:3]:
        s.apply(step)
    text = s.to_json()
    loaded = game.load(text)
    assert loaded.to_json() == text
    assert game.replay(11, s.history).to_json() == text
    # the loaded game goes on exactly like the original, hidden generator included
    s.apply("draw")
    loaded.apply("draw")
    assert s.to_json() == loaded.to_json()


def test_load_rejects_bad_text() -> None:
    game = bodoge.make("extreme-mission", players=4)
    for bad in ["", "{}", "[1]", json.dumps({"game": "ruler-of-mana"})]:
        with pytest.raises(bodoge.SetupError):
            game.load(bad)
    other = bodoge.make("extreme-mission", players=3).new_state(1).to_json()
    with pytest.raises(bodoge.SetupError, match="3 players"):
        game.load(other)


def test_same_seed_same_game() -> None:
    game = bodoge.make("extreme-mission", players=3)
    assert game.new_state(9).to_json() == game.new_state(9).to_json()
    assert game.new_state(9).to_json() != game.new_state(10).to_json()


def test_replacement_card_set(tmp_path: Path) -> None:
    shipped = (Path(bodoge.__file__).parent / "games" / "extreme_mission" / "cards.toml").read_text(
        encoding="utf-8"
    )
    changed = shipped.replace('condition = "flush(3)"', 'condition = "flush(2)"', 1)
    assert changed != shipped
    path = tmp_path / "my-cards.toml"
    path.write_text(changed, encoding="utf-8")
    game = bodoge.make("extreme-mission", players=2, cards=path)
    s = game.new_state(1, setup={"missions": MISSIONS, "hands": {0: cards("R1", "R2")}})
    s.apply("complete M1-01 R1 R2")
    assert s.view(0)["completed"][0] == ["M1-01"]
    broken = tmp_path / "broken.toml"
    broken.write_text(shipped.replace('condition = "run(4)"', 'condition = "runn(4)"'), "utf-8")
    with pytest.raises(bodoge.CardSetError) as err:
        bodoge.make("extreme-mission", cards=broken)
    assert "broken.toml" in str(err.value) and "M2-01" in str(err.value)


# ---------------------------------------------------------------- the harnesses
@pytest.mark.parametrize("chunk", range(5))
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_random_play_invariants(players: int, chunk: int) -> None:
    """2,000 seeded games across 2–5 players in CI (500 per count, in chunks of 100 that the test
    workers share out); 60 per count locally."""
    games = 100 if FULL else 12
    game = bodoge.make("extreme-mission", players=players, turn_cap=300)
    first = players * 10_000 + chunk * games
    steps = check_random_play(game, range(first, first + games))
    assert steps > games * 50


def _secret(state: bodoge.State, player: int) -> object:
    assert isinstance(state, EMState)
    others = tuple(tuple(h) for s, h in enumerate(state.hands) if s != player)
    return others, tuple(state.deck)


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_no_leaks(players: int) -> None:
    game = bodoge.make("extreme-mission", players=players, turn_cap=120)
    check_no_leaks(game, range(40 if FULL else 8), secret=_secret)


def test_determinize_keeps_own_hand_and_public_facts() -> None:
    s = bodoge.make("extreme-mission", players=3).new_state(21)
    d = s.determinize(0, seed=5)
    assert isinstance(d, EMState)
    assert d.hands[0] == s.hands[0]
    assert d.hands[1] != s.hands[1] or d.hands[2] != s.hands[2]
    assert d.view(0) == s.view(0)


def test_every_condition_reads_in_both_languages() -> None:
    from bodoge.games.extreme_mission.cards import load_cards
    from bodoge.games.extreme_mission.words import mission_words

    cs = load_cards()
    for mission in cs.missions:
        en, ja = mission_words(cs, mission.id, "en"), mission_words(cs, mission.id, "ja")
        assert "(" not in en.split(":", 1)[1], f"raw condition language in {en!r}"
        assert mission.ja in ja and "レベル" in ja
    assert "a 9" in mission_words(cs, "M1-05", "en")
    assert "紫1枚" in mission_words(cs, "M1-06", "ja")


@pytest.mark.parametrize(
    ("setup", "step", "reason"),
    [
        ({}, "take 0", "not your own"),
        ({}, "take 1", "pile is empty"),
        ({}, "take 7", "no seat 7"),
        ({"completed": {0: ["M1-01"]}}, "complete M1-02", "already completed a level-1"),
        ({}, "activate HK", "already face up"),
        (
            {"hands": {0: cards("R1", "B5")}, "collaborators_down": {0: ["HK", "DR", "SN", "IN"]}},
            "complete M4-01",
            "cannot meet M4-01",
        ),
    ],
)
def test_illegal_steps_say_why(setup: dict[str, object], step: str, reason: str) -> None:
    s = scenario(**setup)
    with pytest.raises(bodoge.IllegalAction, match=reason):
        s.apply(step)


def test_mid_action_refuses_other_actions_with_a_reason() -> None:
    s = scenario(hands={0: cards("R1", "R2", "R3")})
    s.apply("complete M1-01")
    with pytest.raises(bodoge.IllegalAction, match="finish the action in progress"):
        s.apply("draw")


def test_the_fields_table_lists_every_field_of_the_state() -> None:
    """core/fields.py: one table drives clone, to_json and load, so it must name every field."""
    import random

    from bodoge.core.fields import attribute_names
    from bodoge.games.extreme_mission.state import FIELDS, EMState

    game = bodoge.make("extreme-mission", players=3)
    state = EMState(game, random.Random(1))
    shared = {"game", "rng", "log", "_history", "_legal", "cards", "facts"}
    caches = {"_legal_index", "_explored", "_menus"}  # set by a compiled class's constructor
    shared |= caches
    assert set(attribute_names(state)) - shared == set(FIELDS)
    played = game.new_state(seed=4)
    for step in ("draw", "draw"):
        played.apply(step)
    copy = played.clone()
    copy.hands[0].append(99)
    assert played.hands[0] != copy.hands[0]
    assert game.load(played.to_json()).to_json() == played.to_json()


def test_a_clone_copies_every_field_all_game_long() -> None:
    """``copy_with`` (behind ``clone`` and every ISMCTS sample) copies the fields of FIELDS one
    by one: equal to the original at every step of a game, sharing no list with it, and sharing
    exactly what the table's own copy shares."""
    import random

    from bodoge.core.fields import unlike_copy
    from bodoge.games.extreme_mission.state import FIELDS

    game = bodoge.make("extreme-mission", players=3, turn_cap=60)
    state = game.new_state(seed=6)
    rng = random.Random(2)
    while state.current_player is not None:
        copy = state.clone()
        assert copy.to_json() == state.to_json()
        assert unlike_copy(FIELDS, state, copy, game.card_ids) == []
        for row in (*copy.hands, *copy.discards, *copy.spent, *copy.completed, copy.deck):
            row.append(-1)
        copy.pending_cards.append(-1)
        assert copy.to_json() != state.to_json() and state.clone().to_json() == state.to_json()
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])


def test_a_whole_completion_checked_at_once_is_the_steps_one_by_one() -> None:
    """``_apply_whole`` (a search's whole completion or activation, checked by one question to
    the solver) takes exactly the strings the steps one by one take, to the same state: legal
    completions walked at random, in any order of items, begun or not, and broken ones (an item
    left out, one too many, a card swapped for another of the hand, a wild doubled)."""
    import random

    from bodoge.core.errors import IllegalAction

    game = bodoge.make("extreme-mission", players=3, turn_cap=60)
    rng = random.Random(5)
    taken = refused = 0
    for seed in range(6):
        state = game.new_state(seed=seed)
        while state.current_player is not None:
            legal = state.legal_actions()
            for first in [a for a in legal if a.kind in ("complete", "activate")][:3]:
                walk = state.clone()
                walk.apply(first)
                items: list[str] = []
                while walk._in_action():
                    step = rng.choice(walk.legal_actions())
                    items.append(step.notation)
                    walk.apply(step)
                hand = [game.cards.type_code(c // game.copies) for c in state.hands[state.player]]
                texts = [items, items[::-1], items[:-1], [*items, items[-1]]]
                if hand:
                    texts.append([*items[:-1], rng.choice(hand)])
                kinds = [k for k in items if k in game.kinds]
                if kinds and len(kinds) < len(items):  # a card for a wild already there
                    texts.append([*items[1:], kinds[0]])
                up = [game.kinds[k] for k, u in enumerate(state.collaborators[state.player]) if u]
                if up and len(kinds) < len(items):  # a card for a face-up kind
                    texts.append([*items[1:], rng.choice(up)])
                for text in texts:
                    rng.shuffle(text := list(text))
                    for begun in (False, True):
                        start = state.clone()
                        if begun:
                            start.apply(first)
                        whole = " ".join(text if begun else [first.notation, *text])
                        slow = start.clone()
                        try:
                            slow._apply_steps(whole, atomic=True)
                            ok = True
                        except IllegalAction:
                            ok = False
                        fast = start.clone()
                        assert fast._apply_whole(whole) == ok, whole
                        if ok:
                            assert fast.to_json() == slow.to_json()
                            taken += 1
                        else:
                            assert fast.to_json() == start.to_json()
                            refused += 1
            state.apply(legal[rng.randrange(len(legal))])
    assert taken > 100 and refused > 100
