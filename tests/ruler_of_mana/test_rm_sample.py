"""``RulerOfMana.sample_state``: a full state rebuilt from one seat's view alone (``sample.py``).

The consistency checks run over states met in seeded random games, both variants, 2–6 players,
every seat: the sample shows the seat the same view, offers the same legal steps when the seat is
to move, holds the same cards, keeps what the seat knows of other hands, and can be played on to
the end.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from rm_helpers import game, ids, pass_all, scenario

import bodoge
from bodoge.core.testing import random_game
from bodoge.games.ruler_of_mana import RMState, RulerOfMana
from bodoge.games.ruler_of_mana.sample import derive_knowledge

ALL_KINDS = {
    "main",
    "cast",
    "scroll",
    "cycle",
    "offer",
    "pick",
    "react",
    "lethal",
    "discard",
    "take",
    "top",
    "recover",
    "keep",
    "bottom",
}


def known_by(state: RMState, seat: int) -> list[list[str]]:
    """The engine's own record of what ``seat`` knows to be in each other hand."""
    ids_ = state.game.ids
    return [
        [] if s == seat else sorted(ids_[c] for c in set(state.seen[seat][s]) & set(hand))
        for s, hand in enumerate(state.hands)
    ]


def check_sample(g: RulerOfMana, state: RMState, seat: int, seed: int, play_on: bool) -> None:
    """The sample for ``seat`` agrees with ``state`` on everything the seat may know."""
    where = f"{g.variant} {g.players}p seat {seat} history {state.history[-6:]}"
    view = state.view(seat)
    sample = g.sample_state(view, seed)
    assert sample.view(seat) == view, f"view differs: {where}"
    if state.current_player == seat:
        assert [str(a) for a in sample.legal_actions()] == [
            str(a) for a in state.legal_actions()
        ], f"legal steps differ: {where}"
    assert sample.card_census() == state.card_census(), f"cards differ: {where}"
    knowledge = derive_knowledge(g, view)
    assert [sorted(k) for k in knowledge.known] == known_by(state, seat), where
    for s in range(g.players):
        assert set(state.seen[seat][s]) & set(state.hands[s]) <= set(sample.hands[s]), where
    for v in range(g.players):  # what every seat knows, rebuilt from the public events
        for s in range(g.players):
            if v not in (s, seat):
                assert set(sample.seen[v][s]) <= set(state.seen[v][s]), where
    if play_on:
        census = sample.card_census()
        chooser = random.Random(seed)
        while sample.current_player is not None:
            legal = sample.legal_actions()
            sample.apply(legal[chooser.randrange(len(legal))])
        assert sample.card_census() == census, f"played-on sample lost cards: {where}"
        assert sample.result().ranks


@pytest.mark.parametrize("variant", ["basic", "expert"])
@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_sample_state_shows_the_seat_its_view(variant: str, players: int) -> None:
    g = game(players, variant)
    for seed in range(5):
        chooser = random.Random(1000 * players + seed)

        def step(state: Any, chooser: random.Random = chooser) -> None:
            assert isinstance(state, RMState)
            if chooser.random() > 0.15:
                return
            for seat in range(players):
                check_sample(g, state, seat, chooser.randrange(2**31), chooser.random() < 0.03)

        random_game(g, seed, on_step=step)


def test_sample_state_at_every_kind_of_decision() -> None:
    """Every kind of decision a state can wait on is met, and sampled for every seat."""
    met: set[str] = set()
    for variant in ("basic", "expert"):
        g = game(2, variant)
        for seed in (0, 1, 5):  # seeds whose random games meet every kind (a recovery: 5)

            def step(state: Any, g: RulerOfMana = g) -> None:
                assert isinstance(state, RMState)
                kind = state.ask.kind
                if state.current_player is None or (
                    kind in met and kind not in ("lethal", "recover", "take", "top")
                ):
                    return
                met.add(kind)
                for seat in range(g.players):
                    check_sample(g, state, seat, len(state.history), play_on=True)

            random_game(g, seed, on_step=step)
    assert met == ALL_KINDS


def test_sample_deals_what_the_seat_cannot_see_anew() -> None:
    state = game(4).new_state(21)
    view = state.view(0)
    samples = [state.game.sample_state(view, seed) for seed in range(5)]
    assert all(s.hands[0] == state.hands[0] for s in samples)
    assert any(s.hands[1:] != state.hands[1:] for s in samples)
    assert any(s.deck != state.deck for s in samples)
    for s in samples:
        assert [s.mana_count(seat) for seat in range(4)] == [
            state.mana_count(seat) for seat in range(4)
        ]
        assert s.game.is_mana[s.deck[-1]] == state.game.is_mana[state.deck[-1]]
        assert s.history == []  # not in a view


def test_sample_is_the_same_for_the_same_seed() -> None:
    state = game(3, "expert").new_state(5)
    view = state.view(1)
    first = state.game.sample_state(view, 42)
    assert first.to_json() == state.game.sample_state(view, 42).to_json()


def test_sample_keeps_a_looked_at_hand_and_what_was_taken_from_it() -> None:
    hands = {0: ids("R14", "S01"), 1: ids("S04", "F1", "E1", "W1")}
    state = scenario(hands=hands)
    state.apply("scroll R14 @1")
    pass_all(state)
    assert state.ask.kind == "take"
    for seed in range(5):
        assert state.game.sample_state(state.view(0), seed).hands[1] == state.hands[1]
    state.apply("take F1")
    state.apply("take S04")
    known = {state.game.index["ME1-01"], state.game.index["MW1-01"]}
    for seed in range(5):
        assert known <= set(state.game.sample_state(state.view(0), seed).hands[1])
    assert any(
        not known <= set(state.game.sample_state(state.view(2), seed).hands[1]) for seed in range(5)
    ), "seat 2 never saw seat 1's hand"


def test_sample_knows_which_cards_were_stolen_from_the_seat() -> None:
    """The victim's log does not name stolen cards; the victim saw them go, and its view's
    ``known`` says so."""
    g = game(2)
    state = g.new_state(
        3,
        setup={
            "start_player": 1,
            "hands": {0: ids("S01", "S02", "F1"), 1: ids("S30", "A1", "A1")},
            "deck": ids("W1", "W1"),
        },
    )
    state.apply("cast S30/2 @0 A1 A1")  # steal(one_opponent, 2)
    pass_all(state)
    stolen = set(state.hands[1]) & {g.index[c] for c in ids("S01", "S02", "F1")}
    assert len(stolen) == 2
    knowledge = derive_knowledge(g, state.view(0))
    assert sorted(g.index[c] for c in knowledge.known[1]) == sorted(stolen)
    for seed in range(5):
        assert stolen <= set(g.sample_state(state.view(0), seed).hands[1])


def test_sample_takes_a_known_key_at_its_word() -> None:
    """A view says what its seat knows of each hand (``known``): the sample keeps exactly
    those cards, with no guess."""
    g = game(3)
    chooser = random.Random(4)
    checked = 0

    def step(state: Any) -> None:
        nonlocal checked
        if chooser.random() > 0.2:
            return
        seat = chooser.randrange(3)
        view = state.view(seat)
        known = {s: cards for s, cards in enumerate(known_by(state, seat)) if cards}
        sample = g.sample_state({**view, "known": known}, chooser.randrange(2**31))
        assert sample.view(seat) == view
        for s, cards in known.items():
            assert {g.index[c] for c in cards} <= set(sample.hands[s])
            assert sorted(g.ids[c] for c in sample.seen[seat][s]) == sorted(cards)
        checked += bool(known)

    for seed in range(3):
        random_game(g, seed, on_step=step)
    assert checked


def test_sample_keeps_cards_picked_face_up_in_an_exchange() -> None:
    hands = {0: ids("E1", "S01"), 1: ids("F1", "S02", "S03"), 2: ids("W1", "S04", "S05")}
    state = scenario(hands=hands)
    for step in ["exchange", "offer S01", "offer S02"]:
        state.apply(step)
    for seat in range(3):  # offers made, one still to come: hidden but one's own
        check_sample(state.game, state, seat, 1, play_on=True)
    for step in ["offer S04", "pick 2"]:
        state.apply(step)
    for seat in range(3):
        check_sample(state.game, state, seat, 2, play_on=True)
    state.apply("pick 0")
    s04, s01 = state.game.index["S04"], state.game.index["S01"]
    for seed in range(5):
        assert s01 in state.game.sample_state(state.view(2), seed).hands[1]
        assert s04 in state.game.sample_state(state.view(1), seed).hands[0]


def test_sample_at_a_lethal_moment_and_after_reactions() -> None:
    hands = {0: ids("S02", "F1", "F1", "F1"), 1: ids("R06", "R03", "E1")}
    state = scenario(players=2, hands=hands, life={1: 3})
    state.apply("cast S02/2 @1 F1 F1 F1")  # 8 damage to seat 1, at 3
    assert state.ask.kind == "react"
    for seat in range(2):
        check_sample(state.game, state, seat, 3, play_on=True)
    state.apply("pass")
    assert state.ask.kind == "lethal"
    for seat in range(2):
        check_sample(state.game, state, seat, 4, play_on=True)
    sample = state.game.sample_state(state.view(1), 4)
    sample.apply("react R06")
    state.apply("react R06")
    assert sample.life == state.life == [15, 6]  # prevented, then healed 3: the same play


def test_sample_of_the_seat_s_own_declaration_and_choices() -> None:
    hands = {0: ids("S19", "E1", "E1", "F1", "R08")}
    state = scenario(hands=hands, deck=ids("W1", "W1", "A1", "F2", "E2", "RB"))
    state.apply("cast S19/3")
    state.apply("@2")
    state.apply("F1")  # a payment goes in canonical order: F before E
    for seat in range(3):
        check_sample(state.game, state, seat, 5, play_on=True)
    other = scenario(hands=hands, deck=ids("W1", "W1", "A1", "F2", "E2", "RB"))
    other.apply("scroll R08")  # scry(5), the seat puts them back one by one
    pass_all(other)
    assert other.ask.kind == "top"
    for seat in range(3):
        check_sample(other.game, other, seat, 6, play_on=True)


def test_sample_of_a_view_that_went_through_json() -> None:
    """Views travel as JSON (the server): seat keys become strings, and nothing else changes."""
    for variant in ("basic", "expert"):
        g = game(3, variant)
        chooser = random.Random(9)

        def step(state: Any, g: RulerOfMana = g, chooser: random.Random = chooser) -> None:
            if chooser.random() < 0.2:
                seat = chooser.randrange(3)
                view = state.view(seat)
                assert g.sample_state(json.loads(json.dumps(view)), 1).view(seat) == view

        random_game(g, 2, on_step=step)


def test_sample_of_a_spectator_view() -> None:
    state = game(3).new_state(8)
    for _ in range(12):
        state.apply(state.legal_actions()[0])
    sample = state.game.sample_state(state.view(None), 1)
    assert sample.view(None) == state.view(None)
    assert sample.card_census() == state.card_census()


def test_sample_of_a_finished_game() -> None:
    g = game(2)
    final = random_game(g, 4)
    for seat in (0, 1):
        sample = g.sample_state(final.view(seat), 0)
        assert sample.is_over and sample.view(seat) == final.view(seat)


def test_sample_refuses_a_view_of_another_game() -> None:
    state = game(3).new_state(1)
    with pytest.raises(ValueError, match="ruler-of-mana for 4 players"):
        game(4).sample_state(state.view(0), 1)
    with pytest.raises(ValueError, match="expert"):
        game(3, "expert").sample_state(state.view(0), 1)
    em = bodoge.make("extreme-mission", players=3).new_state(1)
    with pytest.raises(ValueError):
        game(3).sample_state(em.view(0), 1)
