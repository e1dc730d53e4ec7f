"""RM-1.3, the expert draft: each seat takes a pack of ``rules.HAND_SIZE`` cards from the deck,
keeps 1 and passes the rest to the next seat in turn order, until the packs are used up.

A round's picks are simultaneous and secret: each is its own step (``keep S12``) of one seat, in
turn order from the start player; a pick leaves the pack at once but joins its keeper's hand only
when the round's picks are all in, so no seat learns anything of another's pick (not even whether
it was a mana card) before making its own. The last card of each pack needs no choice.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from bodoge.core.action import Action
from bodoge.games.ruler_of_mana.records import KEEP, Ask

if TYPE_CHECKING:
    from bodoge.games.ruler_of_mana.state import RMState

NO_PICK: Final = -1


def start(st: RMState, packs: list[list[int]]) -> None:
    """Begin the draft with these packs (one per seat)."""
    st.packs = [sorted(p) for p in packs]
    st.picks = [NO_PICK] * st.facts.players
    st.draft_round = 1
    st.log.add({"event": "draft", "pack_size": len(packs[0])})
    _next(st)


def legal(st: RMState) -> list[Action]:
    assert st.packs is not None
    steps = st.facts.step_card["keep"]
    return [steps[code] for code in st.free_codes(st.packs[st.ask.seat])]


def keep(st: RMState, code: str) -> None:
    assert st.packs is not None
    seat = st.ask.seat
    pack = st.packs[seat]
    card = st.first_copy(pack, code)
    pack.remove(card)
    st.picks[seat] = card
    st.log.add(
        {"event": "keep", "seat": seat, "round": st.draft_round}, seat, {"card": st.facts.ids[card]}
    )
    _next(st)


def _next(st: RMState) -> None:
    """Ask the next seat of the round; when all have picked, the picks join the hands and the
    packs pass on; when only last cards are left, they are kept and the first turn begins."""
    assert st.packs is not None
    n = st.facts.players
    order = [(st.start_player + i) % n for i in range(n)]
    for seat in order:
        if st.picks[seat] == NO_PICK:
            st.ask = Ask(KEEP, seat)
            return
    for seat in order:
        st.gain(seat, [st.picks[seat]], public=False)
    st.picks = [NO_PICK] * n
    packs = st.packs
    st.packs = [packs[(s - 1) % n] for s in range(n)]  # each pack goes to the next seat
    st.log.add({"event": "packs_passed", "round": st.draft_round})
    st.draft_round += 1
    if len(st.packs[0]) > 1:
        _next(st)
        return
    for seat in order:
        last = st.packs[seat]
        st.gain(seat, last, public=False)
        st.log.add(
            {"event": "keep", "seat": seat, "round": st.draft_round},
            seat,
            {"card": st.facts.ids[last[0]]},
        )
    st.packs = None
    st.picks = []
    st.log.add({"event": "draft_done"})
    st.begin_turn(st.player)
