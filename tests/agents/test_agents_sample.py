"""``ExtremeMission.sample_state``: a full state rebuilt from one seat's view alone."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from agents_helpers import positions

import bodoge
from bodoge.games.extreme_mission import EMState

GAME = "extreme-mission"


def _legal(state: bodoge.State) -> list[str]:
    return [str(a) for a in state.legal_actions()]


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_sample_gives_the_same_view_legal_steps_and_cards(players: int) -> None:
    game = bodoge.make(GAME, players=players, turn_cap=60)
    chooser = random.Random(players)
    checked = differed = 0
    for state in positions(game, range(6), every=7):
        for seat in [None, *range(players)]:
            view = state.view(seat)
            sample = game.sample_state(view, chooser.randrange(2**31))
            where = f"seat {seat}, history={state.history}"
            assert sample.view(seat) == view, where
            assert sample.card_census() == state.card_census(), where
            if seat is not None and state.current_player == seat:
                assert _legal(sample) == _legal(state), where
            assert isinstance(sample, EMState) and isinstance(state, EMState)
            differed += sample.hands != state.hands or sample.deck != state.deck
            checked += 1
    assert checked > 50 and differed > checked // 2  # what is unseen is dealt anew


def test_sample_keeps_the_compound_action_in_progress_and_the_spent_cards() -> None:
    game = bodoge.make(GAME, players=2)
    laid = [f"M{level}-0{i}" for level in (1, 2, 3, 4) for i in (1, 2, 3)]
    hand = ["I-R4a", "I-B5a", "I-G6a", "I-R1a", "I-R2a", "I-R3a"]
    state = game.new_state(3, setup={"missions": laid, "hands": {0: hand}})
    state.apply("complete M1-02 R4 B5 G6")  # run(3): three cards to the spent area
    state.apply("complete M2-01")
    state.apply("R1")
    sample = game.sample_state(state.view(0), seed=5)
    assert sample.view(0) == state.view(0)
    assert _legal(sample) == _legal(state)
    assert sorted(sample.spent[0]) == sorted(state.spent[0])
    other = game.sample_state(state.view(1), seed=5)  # seat 1 sees no pending action
    assert other.view(1) == state.view(1) and other.pending is None


def test_sample_keeps_private_events_private() -> None:
    game = bodoge.make(GAME, players=3)
    state = game.new_state(2)
    state.apply("draw")
    sample = game.sample_state(state.view(0), seed=1)
    draws = [e for e in sample.log.seen_by(1) if e["event"] in ("draw", "deal") and e["seat"] == 0]
    assert draws and all("card" not in e and "cards" not in e for e in draws)


def test_sample_is_a_function_of_view_and_seed() -> None:
    game = bodoge.make(GAME, players=3)
    view = game.new_state(9).view(2)
    one, two = game.sample_state(view, 4), game.sample_state(view, 4)
    assert one.to_json() == two.to_json()
    assert game.sample_state(view, 5).to_json() != one.to_json()


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"players": 3}, "not a view of"),
        ({"game": "ruler-of-mana"}, "not a view of"),
        ({"deck_size": 99}, "hides"),
        ({"turn_cap": 5}, "turn cap"),
    ],
)
def test_a_view_that_does_not_fit_is_refused(change: dict[str, object], message: str) -> None:
    game = bodoge.make(GAME, players=2)
    view = {**game.new_state(1).view(0), **change}
    with pytest.raises(ValueError, match=message):
        game.sample_state(view, 1)


def test_a_card_taken_from_a_discard_top_stays_in_the_takers_hand_until_shown() -> None:
    """EM-3.3: everyone sees the card taken, so every sample deals it to the taker's hand,
    until a completion or activation reveals it."""
    game = bodoge.make(GAME, players=2)
    laid = [f"M{level}-0{i}" for level in (1, 2, 3, 4) for i in (1, 2, 3)]
    hand = ["I-R4a", "I-B5a", "I-G6a", "I-R1a", "I-R2a", "I-R3a"]
    state = game.new_state(3, setup={"missions": laid, "hands": {0: hand}})
    state.apply("complete M1-02 R4 B5 G6")
    state.apply("draw")
    assert isinstance(state, EMState)
    top = state.discards[0][-1]
    top_id = game.card_ids[top]
    state.apply("take 0")
    assert top in state.hands[1]
    for seed in range(8):
        sample = game.sample_state(state.view(0), seed)
        assert sample.view(0) == state.view(0)
        assert top in sample.hands[1]
        assert sample.card_census() == state.card_census()
    kept = [e for e in state.view(0)["log"] if e["event"] == "take"]
    assert kept and kept[-1]["card"] == top_id
    # Once revealed, the card is placed where the log shows it, not in the hand.
    view = state.view(0)
    view["log"] = [
        *view["log"],
        {"event": "activate", "seat": 1, "cards": [top_id], "wilds": [], "kind": game.kinds[0]},
    ]
    from bodoge.games.extreme_mission.sample import _taken_and_kept

    assert _taken_and_kept(view["log"], 2) == [[], []]


def test_a_card_dropped_unseen_then_taken_again_is_in_one_hand_only() -> None:
    """EM-3.3, EM-4.1, EM-4.2: seat 1 takes a discard top, drops it at the hand limit (only
    seat 1 sees which card), it comes up on seat 1's discard pile, and seat 2 takes it. Seat 0's
    samples place it in seat 2's hand alone (it was once dealt to both, and sampling failed)."""
    game = bodoge.make(GAME, players=3)
    laid = [f"M{level}-0{i}" for level in (1, 2, 3, 4) for i in (1, 2, 3)]
    hand0 = ["I-R4a", "I-B5a", "I-G6a", "I-R1a", "I-R2a", "I-R3a"]
    hand1 = ["I-P1a", "I-P2a", "I-P3a", "I-Y1a", "I-Y2a", "I-Y3a", "I-P7a", "I-Y8a", "I-P9a"]
    state = game.new_state(3, setup={"missions": laid, "hands": {0: hand0, 1: hand1}})
    assert isinstance(state, EMState)
    state.apply("complete M1-02 R4 B5 G6")
    state.apply("draw")
    taken = state.discards[0][-1]
    state.apply("take 0")
    state.apply("draw")
    assert state.phase == "drop" and len(state.hands[1]) == 11
    state.apply(f"drop {game.cards.type_code(taken // game.copies)}")
    assert state.discards[1] == [taken]
    state.apply("take 1")
    assert taken in state.hands[2]
    for seed in range(8):
        sample = game.sample_state(state.view(0), seed)
        assert sample.view(0) == state.view(0)
        assert taken in sample.hands[2] and taken not in sample.hands[1]
        assert sample.card_census() == state.card_census()


@pytest.mark.parametrize("name", ["extreme-mission", "ruler-of-mana"])
def test_a_sampler_reads_the_view_once_and_deals_from_the_generator_it_is_given(
    name: str,
) -> None:
    """``game.sampler(view)(rng)`` deals like ``sample_state`` from the generator ``rng``, sample
    after sample (ISMCTS deals one view hundreds of times): each sample fits the view, the same
    generator state deals the same sample, and the samples do not share what they change."""
    game = bodoge.make(name, players=3, turn_cap=60)
    for state in positions(game, range(3), every=11):
        for seat in [None, *range(3)]:
            view = state.view(seat)
            sample = game.sampler(view)
            first = sample(random.Random(1))
            for seed in (1, 2, 3):
                dealt = sample(random.Random(seed))
                assert dealt.to_json() == sample(random.Random(seed)).to_json()
                assert dealt.card_census() == state.card_census()
                if seat is not None:
                    assert dealt.view(seat) == view
            # Both games' sample_state(view, seed) deal from random.Random(seed).
            assert first.to_json() == game.sample_state(view, 1).to_json()
            if first.current_player is not None:
                before = sample(random.Random(1)).to_json()
                first.apply(first.legal_actions()[-1])
                assert sample(random.Random(1)).to_json() == before


def test_a_discard_pile_holds_the_stacks_the_log_showed_going_there() -> None:
    """EM-4.2, EM-3.3: every card spent in a completion is shown, and at the turn's end goes on
    the spender's discard pile with the rest of that turn's stack. A seat that remembers the log
    knows each stack's cards (not their order), less those taken off the top since, so every
    sample lays them there, stack by stack, and deals elsewhere only what it never saw."""
    game = bodoge.make(GAME, players=2)
    laid = [f"M{level}-0{i}" for level in (1, 2, 3, 4) for i in (1, 2, 3)]
    hand = ["I-R4a", "I-B5a", "I-G6a", "I-R1a", "I-R2a", "I-R3a", "I-Y7a", "I-Y8a"]
    state = game.new_state(3, setup={"missions": laid, "hands": {0: hand}})
    assert isinstance(state, EMState)
    state.apply("complete M1-02 R4 B5 G6")  # run(3): the first stack
    state.apply("pass")
    state.apply("take 0")  # seat 1 takes the first stack's top; the next card shows
    state.apply("pass")
    state.apply("complete M2-01 R1 R2 R3 HK")  # run(4), a collaborator as wild: the second stack
    state.apply("pass")
    state.apply("draw")
    state.apply("draw")
    real = state.discards[0]
    assert len(real) == 5
    for seat in (0, 1, None):
        view = state.view(seat)
        orders = set()
        for seed in range(12):
            sample = game.sample_state(view, seed)
            assert isinstance(sample, EMState)
            assert sample.view(seat) == view
            assert sample.card_census() == state.card_census()
            pile = sample.discards[0]
            assert sorted(pile[:2]) == sorted(real[:2])  # the first stack, less the card taken
            assert sorted(pile[2:]) == sorted(real[2:]) and pile[-1] == real[-1]
            orders.add(tuple(pile))
        assert len(orders) > 1  # the order within a stack is not known: it is dealt


@pytest.mark.parametrize("players", [2, 3, 5])
def test_samples_deal_the_discard_piles_as_the_log_tells_them(players: int) -> None:
    """EM-4.1, EM-4.2, EM-3.2: in heuristic games, the cards a sample lays below the discard tops
    are nearly all the real ones (the rest: drops another seat made unseen, and what a rebuild
    left, forgotten), where cards dealt at random from the unseen ones would hardly meet them."""
    game = bodoge.make(GAME, players=players, turn_cap=80)
    chooser = random.Random(players)
    same = below = 0
    for state in positions(game, range(4), every=5):
        assert isinstance(state, EMState)
        for seat in [None, *range(players)]:
            sample = game.sample_state(state.view(seat), chooser.randrange(2**31))
            assert isinstance(sample, EMState)
            for ours, real in zip(sample.discards, state.discards, strict=True):
                same += sum((Counter(ours[:-1]) & Counter(real[:-1])).values())
                below += max(len(real) - 1, 0)
    assert below > 100 and same >= 0.9 * below
