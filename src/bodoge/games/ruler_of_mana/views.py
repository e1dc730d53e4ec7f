"""What a seat may know of a Ruler of Mana state (DESIGN.md, "Views"; rules page, "Information").

Public: life, shield, skips, hand sizes and how many mana cards each hand holds (mana cards have a
back of their own), the deck's size and whether its top card is mana, the whole discard pile, the
revealed offers of an exchange, every play and reaction, and which decision is awaited. Private:
a hand (its owner), a draft pack and pick (their holder), an unrevealed offer (its owner), the hand
a take looks at and the cards a scry looks at (the one looking), the cards a steal or a take moves
(the thief and the victim: the others see only how many), and a decision being built or chosen
card by card (the one deciding) — others see it once it is complete.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from bodoge.core.state import JSON
from bodoge.games.ruler_of_mana.payment import STEPS
from bodoge.games.ruler_of_mana.records import (
    BOTTOM,
    BUILDING,
    CAST,
    CHOOSING,
    KEEP,
    LETHAL,
    MAIN,
    NO_SEAT,
    OFFER,
    PICK,
    REACT,
    TAKE,
    TOP,
)

if TYPE_CHECKING:
    from bodoge.games.ruler_of_mana.state import RMState


def view(st: RMState, player: int | None) -> JSON:
    """The game's own part of the view of ``player`` (None: a spectator), beyond the keys every
    game shares (``State.view``)."""
    g = st.game
    n = g.players
    ids = g.ids
    over = st.over
    out: JSON = {
        "variant": g.variant,
        "mana_in_hand": [st.mana_count(s) for s in range(n)],
        "deck_top_is_mana": None if st.looking() or not st.deck else g.is_mana[st.deck[-1]],
        "discard": [ids[c] for c in st.discard],
        "life": list(st.life),
        "shield": list(st.shield),
        "skips": list(st.skips),
        "finish_bonus": list(st.bonus),
        "exchange": {seat: ids[c] for seat, c in st.table.items()},
        # Cards this seat has seen in another hand (a take, a swap) and knows are still there.
        "known": {}
        if player is None
        else {
            s: sorted({ids[c] for c in st.seen[player][s] if c in st.hands[s]})
            for s in range(n)
            if s != player and st.seen[player][s]
        },
        "pending": None if over else pending(st, player),
        "start_player": st.start_player,
        "turn": st.turn,
        "deck_out": st.deck_out,
    }
    if over:
        out["end"] = st.end_reason
    return out


def pending(st: RMState, player: int | None) -> JSON | None:
    """What is being resolved, and the decision awaited, as ``player`` may see it."""
    ask = st.ask
    ids = st.game.ids
    mine = player == ask.seat
    if ask.kind == KEEP:
        assert st.packs is not None
        out: JSON = {
            "kind": "draft",
            "round": st.draft_round,
            "pack_sizes": [len(p) for p in st.packs],
            "seat": ask.seat,
        }
        if player is not None:
            out["pack"] = [ids[c] for c in st.packs[player]]
            kept = st.picks[player]
            out["kept"] = ids[kept] if kept >= 0 else None
        return out
    if ask.kind in (OFFER, PICK):
        out = {
            "kind": "exchange",
            "seat": st.player,
            "deciding": ask.seat,
            "step": ask.kind,
            "offered": sorted(st.offers),
        }
        if player is not None and player in st.offers:
            out["your_offer"] = ids[st.offers[player]]
        return out
    if ask.kind == MAIN or (ask.kind in BUILDING and not mine):
        return None
    if ask.kind in BUILDING:
        return _building(st)
    decision: JSON = {"kind": ask.kind, "seat": ask.seat}
    if ask.kind in CHOOSING:
        decision["count"] = ask.n
        if ask.kind == TAKE:
            decision["from"] = ask.other
        if mine:
            decision["chosen"] = [ids[c] for c in ask.chosen]
            if ask.kind == TAKE:
                decision["hand"] = [ids[c] for c in st.hands[ask.other]]
            if ask.kind == TOP:
                decision["cards"] = [ids[c] for c in ask.cards]
    if ask.kind == LETHAL:
        task = st.agenda[-1]
        decision["damage"] = task[3]
        decision["source"] = task[1]
    if ask.kind == BOTTOM:
        return decision
    current = st.play
    assert current is not None
    return {"kind": "play", **_play(st), "decision": decision}


def _play(st: RMState) -> dict[str, Any]:
    current = st.play
    assert current is not None
    ids = st.game.ids
    return {
        "seat": current.caster,
        "card": ids[current.card],
        "option": current.option or None,
        "target": None if current.target == NO_SEAT else current.target,
        "paid": [ids[c] for c in current.paid],
        "reactions": {seat: ids[c] for seat, c in current.reactions.items()},
        "cancelled": current.cancelled,
        "asked": current.asked,
    }


def _building(st: RMState) -> JSON:
    """A declaration or cycle being built, for the seat building it."""
    ask = st.ask
    ids = st.game.ids
    out: JSON = {"kind": ask.kind, "seat": ask.seat, "chosen": [ids[c] for c in ask.chosen]}
    if ask.kind == CAST:
        out["spell"] = ask.code
        out["option"] = ask.n
        out["payment"] = [STEPS[i] for i in st.paid_steps(ask)]  # RM-3.4: W2 or W2/1
    elif ask.kind != REACT and ask.code:
        out["scroll"] = ask.code
    if ask.other != NO_SEAT:
        out["target"] = ask.other
    return out
