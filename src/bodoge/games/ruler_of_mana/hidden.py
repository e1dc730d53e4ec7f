"""Determinization: a full state consistent with what one seat knows (DESIGN.md, protocol).

What the seat cannot see is dealt anew from a seed: the other hands (each keeping its size and its
number of mana cards, which card backs make public, and the cards the seat knows to be there:
``RMState.seen``), the deck (keeping whether its top card is mana), the other seats' draft packs
and hidden picks, the cards someone else's scry is looking at, and the other seats' unrevealed
offers. Everything public stays, and so does everything the seat saw: its hand, pack, pick and
offer, the hand its take is looking at, the cards its scry is looking at. Another seat's
half-built declaration or half-made choice is invisible, so it is undone (nothing has moved yet).
The log keeps the seat's own private parts only, and the copy gets a generator of its own.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from bodoge.core.shuffle import shuffle
from bodoge.games.ruler_of_mana.records import BUILDING, CHOOSING, MAIN, TOP, Ask

if TYPE_CHECKING:
    from bodoge.games.ruler_of_mana.state import RMState


def determinize(st: RMState, player: int, seed: int) -> RMState:
    g = st.facts
    n = g.players
    if not 0 <= player < n:
        raise ValueError(f"no seat {player!r} in a {n}-player game")
    rng = random.Random(seed)
    new = st.copy_with(random.Random(rng.randrange(2**63)))
    new._legal = None
    new.log = st.log.kept_for(player)
    ask = new.ask
    if not new.over and ask.seat != player:
        if ask.kind in BUILDING:
            new.ask = ask = Ask(MAIN, ask.seat)
        elif ask.kind in CHOOSING:
            ask.chosen = []
    is_mana = g.is_mana
    others = [s for s in range(n) if s != player]

    # What the seat cannot see, split by card back.
    mana: list[int] = []
    other: list[int] = []

    def hide(cards: list[int]) -> None:
        for c in cards:
            (mana if is_mana[c] else other).append(c)

    known: dict[int, list[int]] = {}
    for s in others:
        holding = set(new.hands[s])
        known[s] = [c for c in dict.fromkeys(new.seen[player][s]) if c in holding]
        kept = set(known[s])
        hide([c for c in new.hands[s] if c not in kept])
    hide(new.deck)
    looking = ask.kind == TOP and not new.over
    if looking and ask.seat != player:
        hide(ask.cards)
    if new.packs is not None:
        for s in others:
            hide(new.packs[s])
            if new.picks[s] >= 0:
                hide([new.picks[s]])
    shuffle(mana, rng)
    shuffle(other, rng)

    # Deal the hands first, keeping each hand's mana count, then the deck's top card.
    for s in others:
        hand = new.hands[s]
        mana_wanted = sum(1 for c in hand if is_mana[c]) - sum(1 for c in known[s] if is_mana[c])
        other_wanted = len(hand) - len(known[s]) - mana_wanted
        dealt = known[s] + mana[len(mana) - mana_wanted :] + other[len(other) - other_wanted :]
        del mana[len(mana) - mana_wanted :]
        del other[len(other) - other_wanted :]
        new.hands[s] = sorted(dealt)
        if s in new.offers:
            new.offers[s] = rng.choice(new.hands[s])
    top: list[int] = []
    if new.deck and not looking:
        top = [(mana if is_mana[new.deck[-1]] else other).pop()]
    rest = mana + other
    shuffle(rest, rng)
    deck_size = len(new.deck) - len(top)
    new.deck = rest[:deck_size] + top
    pos = deck_size
    if looking and ask.seat != player:
        ask.cards = rest[pos : pos + len(ask.cards)]
        pos += len(ask.cards)
    if new.packs is not None:
        for s in others:
            size = len(new.packs[s])
            new.packs[s] = sorted(rest[pos : pos + size])
            pos += size
            if new.picks[s] >= 0:
                new.picks[s] = rest[pos]
                pos += 1
    assert pos == len(rest), "determinize dealt a different number of cards"
    for v in others:
        for s in range(n):
            holding = set(new.hands[s])
            new.seen[v][s] = [c for c in new.seen[v][s] if c in holding]
    return new
