"""Shared scenario helpers for the Ruler of Mana engine tests."""

from __future__ import annotations

from typing import Any

import bodoge
from bodoge.games.ruler_of_mana import RMState, RulerOfMana
from bodoge.games.ruler_of_mana.cards import load_cards

CARDS = load_cards()
# Filler hands come from the top of the wind-mana range, so tests can use the low ids freely.
_FILLER = [f"MA1-{k:02d}" for k in range(12, 0, -1)]
FILLER_SIZE = 2


def ids(*codes: str) -> list[str]:
    """Card ids for notation codes, taking the next copy when a code repeats:
    ``ids("F1", "F1", "R03")`` -> ``["MF1-01", "MF1-02", "R03-a"]``."""
    out: list[str] = []
    for code in codes:
        copies = CARDS.ids_of(code)
        out.append(next(c for c in copies if c not in out))
    return out


def game(players: int = 3, variant: str = "basic", turn_cap: int | None = None) -> RulerOfMana:
    made = bodoge.make("ruler-of-mana", players=players, variant=variant, turn_cap=turn_cap)
    assert isinstance(made, RulerOfMana)
    return made


def scenario(
    players: int = 3,
    variant: str = "basic",
    seed: int = 1,
    turn_cap: int | None = None,
    only_deck: bool = False,
    **setup: Any,
) -> RMState:
    """A game from a described position at the start of seat 0's turn (unless told otherwise).

    Seats whose hand is not given get two wind mana cards (all mana: never asked to react), so
    that only the seats a test arms take part in reaction windows. The card drawn at the start of
    the turn is ``W1`` unless ``deck`` says otherwise. ``only_deck``: the deck holds only the
    cards listed, every card not placed goes to the discard pile.
    """
    setup.setdefault("start_player", 0)
    hands = {int(k): list(v) for k, v in setup.get("hands", {}).items()}
    placed = (
        {c for h in hands.values() for c in h}
        | set(setup.get("deck", []))
        | set(setup.get("discard", []))
    )
    filler = [c for c in _FILLER if c not in placed]
    for seat in range(players):
        if seat not in hands:
            hands[seat] = filler[:FILLER_SIZE]
            del filler[:FILLER_SIZE]
    setup["hands"] = hands
    if "deck" not in setup:
        setup["deck"] = [next(c for c in CARDS.ids_of("W1")[::-1] if c not in placed)]
    if only_deck:
        used = {c for h in hands.values() for c in h} | set(setup["deck"])
        pile = list(setup.get("discard", []))
        setup["discard"] = pile + [c.id for c in CARDS.cards if c.id not in used | set(pile)]
    state = game(players, variant, turn_cap).new_state(seed, setup=setup)
    return state


def legal(state: bodoge.State) -> list[str]:
    return [str(a) for a in state.legal_actions()]


def pass_all(state: RMState) -> None:
    """Answer every reaction question and lethal moment with ``pass`` while there are any."""
    while not state.is_over and state.ask.kind in ("react", "lethal"):
        state.apply("pass")


# ---------------------------------------------------------------------- effect model for tests
SEATS = {
    "self": [0],
    "one_opponent": [1],
    "all_opponents": [1, 2],
    "all_players": [1, 2, 0],
    "left": [1],
    "right": [2],
}
PAY_WITH = {"F": "F1", "W": "W1", "A": "A1", "E": "E1", "*": "RB"}


def finish_turn(state: RMState) -> None:
    """Drive the state to the end of the current turn: pass every question, make every effect
    choice with the first legal step (a recovery takes cards rather than passing)."""
    start = state.turn
    while not state.is_over and state.turn == start:
        steps = legal(state)
        if state.ask.kind in ("react", "lethal"):
            state.apply("pass")
        else:
            state.apply(next((s for s in steps if s != "pass"), steps[0]))


def armed_play(code: str, option: int) -> tuple[RMState, list[str]]:
    """A 3-player scenario (turn cap 1, so the state after the play is final) where seat 0 can
    make the play ``code`` (a spell with ``option``, or a main scroll with option 0) at once;
    and the steps that make it. Seats 1 and 2 hold two mana and two spells each, the deck's top
    five cards are known, the discard pile holds three spells and a scroll."""
    payment: list[str] = []
    if option:
        cost = CARDS.spell(code).option(option).cost
        payment = [PAY_WITH[symbol] for symbol in cost.symbols]
    hand = ids(code, *payment)
    spells = [s.id for s in CARDS.spells if s.id != code]
    others = {
        1: ["MF1-12", "ME1-12", spells[-1], spells[-2]],
        2: ["MW1-12", "ME1-11", spells[-3], spells[-4]],
    }
    deck = [spells[-5], "MF1-11", spells[-6], "MW1-11", "ME1-10", spells[-7]]
    discard = [spells[0], spells[1], spells[2], "R10-b"]
    state = scenario(
        hands={0: hand, **others}, deck=deck, discard=discard, life={0: 10}, turn_cap=1
    )
    what = state.game.option_of(code, option)
    steps = [f"cast {code}/{option}" if option else f"scroll {code}"]
    if what.needs_target:
        steps.append("@1")
    steps += sorted(payment, key=lambda c: list(PAY_WITH.values()).index(c))
    return state, steps


def expected_after(state: RMState, code: str, option: int) -> dict[str, list[int]]:
    """Life, shield, skips and hand sizes after the play, and deck and discard sizes, computed
    from the card data by this independent model (no reactions, no shields but its own)."""
    g = state.game
    what = g.option_of(code, option)
    life = list(state.life)
    shield = list(state.shield)
    skips = list(state.skips)
    hands = [len(h) for h in state.hands]
    paid = len(what.cost.symbols) if option else 0  # type: ignore[attr-defined]
    hands[0] -= 1 + paid
    deck = len(state.deck)
    discard = len(state.discard) + 1 + paid
    recoverable = sum(1 for c in state.discard if not g.is_scroll[c]) + (1 if option else 0)
    recoverable += paid
    for effect in what.effects:
        n = effect.n or 0
        targets = SEATS[effect.target] if effect.target else [0]
        for t in targets:
            if effect.verb == "damage":
                absorbed = min(shield[t], n)
                shield[t] -= absorbed
                life[t] = max(0, life[t] - (n - absorbed))
            elif effect.verb == "heal":
                life[t] += n
            elif effect.verb == "shield":
                shield[t] += n
            elif effect.verb == "draw":
                got = min(n, deck)
                hands[0] += got
                deck -= got
            elif effect.verb in ("steal", "take"):
                got = min(n, hands[t])
                hands[t] -= got
                hands[0] += got
            elif effect.verb in ("discard", "discard_random"):
                gone = min(n, hands[t])
                hands[t] -= gone
                discard += gone
                recoverable += gone
            elif effect.verb == "skip":
                skips[t] += 1
            elif effect.verb == "swap_hands":
                hands[0], hands[t] = hands[t], hands[0]
            elif effect.verb == "recover":
                got = min(n, recoverable)
                hands[0] += got
                discard -= got
                recoverable -= got
            else:
                assert effect.verb == "scry", effect.verb
    return {
        "life": life,
        "shield": shield,
        "skips": skips,
        "hand_sizes": hands,
        "deck_size": [deck],
        "discard_size": [discard],
    }


def observed(state: RMState) -> dict[str, list[int]]:
    return {
        "life": list(state.life),
        "shield": list(state.shield),
        "skips": list(state.skips),
        "hand_sizes": [len(h) for h in state.hands],
        "deck_size": [len(state.deck)],
        "discard_size": [len(state.discard)],
    }
