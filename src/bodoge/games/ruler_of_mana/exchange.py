"""RM-2.2 (D), the exchange: every seat with cards offers one, secretly and at the same time;
then, from the declarer in turn order, each takes one of the face-up offers (its own allowed).

Each offer is its own step (``offer E1``) of one seat, from the declarer in turn order. An offer
stays in its owner's hand, unseen by the others (so even the hand's mana count does not move),
until all are in; then the offers are revealed together and lie on the table. A seat with one
card offers it without a decision, and the last picker takes the last offer: hand sizes are
public, so skipping those questions reveals nothing. Ruling: a seat without cards offers and
takes nothing; the declarer needs at least one card.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from bodoge.core.action import Action
from bodoge.games.ruler_of_mana.records import OFFER, PICK, Ask

if TYPE_CHECKING:
    from bodoge.games.ruler_of_mana.state import RMState


def legal(st: RMState) -> list[Action]:
    g = st.facts
    if st.ask.kind == OFFER:
        steps = g.step_card["offer"]
        return [steps[code] for code in st.free_codes(st.hands[st.ask.seat])]
    return [g.step_pick[seat] for seat in sorted(st.table)]


def step(st: RMState, action: Action) -> None:
    seat = st.ask.seat
    if action.kind == "exchange":
        n = st.facts.players
        st.exchangers = [s for s in ((seat + i) % n for i in range(n)) if st.hands[s]]
        st.offers = {}
        st.log.add({"event": "exchange", "seat": seat})
        _next_offer(st)
    elif action.kind == "offer":
        _offer(st, seat, st.first_copy(st.hands[seat], action.args[0]))
        _next_offer(st)
    else:
        source = action.args[0]
        card = st.table.pop(source)
        st.gain(seat, [card], public=True)
        st.log.add({"event": "pick", "seat": seat, "from": source, "card": st.facts.ids[card]})
        st.exchangers.pop(0)
        _next_pick(st)


def _offer(st: RMState, seat: int, card: int) -> None:
    st.offers[seat] = card
    st.log.add({"event": "offer", "seat": seat}, seat, {"card": st.facts.ids[card]})


def _next_offer(st: RMState) -> None:
    for seat in st.exchangers:
        if seat in st.offers:
            continue
        hand = st.hands[seat]
        if len(hand) > 1:
            st.ask = Ask(OFFER, seat)
            return
        _offer(st, seat, hand[0])
    for seat, card in st.offers.items():
        st.lose(seat, [card], public=True)
    st.table = {seat: st.offers[seat] for seat in sorted(st.offers)}
    st.offers = {}
    ids = st.facts.ids
    st.log.add({"event": "reveal", "offers": {str(seat): ids[c] for seat, c in st.table.items()}})
    _next_pick(st)


def _next_pick(st: RMState) -> None:
    if len(st.exchangers) > 1:
        st.ask = Ask(PICK, st.exchangers[0])
        return
    if st.exchangers:
        seat = st.exchangers.pop()
        source, card = st.table.popitem()
        st.gain(seat, [card], public=True)
        st.log.add({"event": "pick", "seat": seat, "from": source, "card": st.facts.ids[card]})
    st.end_turn()
