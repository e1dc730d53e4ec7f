"""Ruler of Mana's observation encoding for the research adapters (``bodoge.adapters``).

A seat's view becomes named pieces of one flat array, the same shape for both variants. Cards
count by notation code (``F1``, ``S19``, ``R03``: copies of a code are alike), each count divided
by the copies of that code, so a piece reads 0 to 1. Seat rows start at the viewing seat.

Every piece reads 0 to 1 except those :func:`bounds` names: the sizes of hands (bounded by the
cards of the set), and what the rules let grow without end — life (basic: no cap, RM-5.1), shield,
skipped turns, the turn, an effect's number — which are clipped at a stated ceiling far above what
play reaches.

>>> import bodoge
>>> from bodoge.adapters.observation import Observer
>>> game = bodoge.make("ruler-of-mana", players=2)
>>> state = game.new_state(seed=1, setup={"start_player": 0, "hands": {0: ["S19", "MF1-01"]}})
>>> observer = Observer(game)
>>> _ = observer.encode(state.view(0))
>>> hand = observer.dict["hand"]          # one S19 of one; one F1 of 12 (and its draw)
>>> float(hand[codes(game).index("S19")]), float(hand[codes(game).index("F1")]) >= 1 / 12
(1.0, True)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any

import numpy as np
import numpy.typing as npt

from bodoge.adapters.observation import rotate
from bodoge.core.state import JSON
from bodoge.games.ruler_of_mana.rules import HAND_SIZE

if TYPE_CHECKING:
    from bodoge.games.ruler_of_mana import RulerOfMana

__all__ = ["bounds", "codes", "encode", "fields", "max_setup_steps", "max_steps_per_turn"]

Array = npt.NDArray[np.float32]

#: What is being resolved (``view["pending"]["kind"]``), and the decision inside a play.
PENDING = ("draft", "exchange", "cast", "scroll", "cycle", "bottom", "play")
DECISIONS = ("react", "lethal", "discard", "take", "top", "recover")
HAND = 10.0  # scale of sizes: a hand rarely holds more
LIFE = 15.0  # RM-1.4, the starting life
# Ceilings of the pieces the rules leave unbounded, as read (after scaling): random play reaches
# 27 life (1.8), a few shield points, a skipped turn or two, turn 200 (a cap), damage 7 of 15.
LIFE_HIGH = 4.0  # 60 life
SHIELD_HIGH = 3.0  # 30 shield points
SKIPS_HIGH = 3.0  # turns to skip
TURN_HIGH = 10.0  # turn 1000, read as turn / 100
COUNT_HIGH = 2.0  # 10 cards asked for, read as count / 5
DAMAGE_HIGH = 2.0  # 30 damage, read as damage / LIFE


def codes(game: RulerOfMana) -> tuple[str, ...]:
    """Every notation code of the card set: mana kinds, spells, scrolls."""
    return (*game.mana_kinds, *game.spells, *game.scrolls)


def _options(game: RulerOfMana) -> int:
    return max((len(s.options) for s in game.spells.values()), default=1)


def fields(game: RulerOfMana) -> list[tuple[str, tuple[int, ...]]]:
    """The named pieces, in order (see the module docstring)."""
    n, c = game.players, len(codes(game))
    return [
        ("hand", (c,)),
        ("discard", (c,)),
        ("known", (n, c)),
        ("exchange", (n, c)),
        ("hand_sizes", (n,)),
        ("mana_in_hand", (n,)),
        ("life", (n,)),
        ("shield", (n,)),
        ("skips", (n,)),
        ("finish_bonus", (n,)),
        ("to_move", (n,)),
        ("start_player", (n,)),
        ("deck", (3,)),  # size, top is mana, top is not mana
        ("game", (3,)),  # turn / 100, deck out, expert variant
        ("pending", (len(PENDING),)),
        ("decision", (len(DECISIONS),)),
        ("pending_seat", (n,)),
        ("pending_target", (n,)),
        ("pending_card", (c,)),
        ("pending_option", (_options(game),)),
        ("pending_chosen", (c,)),
        ("pending_cards", (c,)),
        ("pending_offer", (c,)),
        ("pending_reactions", (n, c)),
        ("pending_offered", (n,)),
        ("pending_facts", (3,)),  # count / 5, damage / LIFE, cancelled
    ]


def bounds(game: RulerOfMana) -> dict[str, float | list[float]]:
    """The largest value of each piece that can read above 1 (a number, or one a column); every
    other piece reads 0 to 1, and none below 0 (life stops at 0, RM-5.2). A hand holds at most
    every card of the set, its mana cards at most every mana card; the rest are clipped by
    :func:`encode`."""
    return {
        "hand_sizes": len(game.ids) / HAND,
        "mana_in_hand": sum(game.is_mana) / HAND,
        "life": LIFE_HIGH,
        "shield": SHIELD_HIGH,
        "skips": SKIPS_HIGH,
        "game": [TURN_HIGH, 1.0, 1.0],
        "pending_facts": [COUNT_HIGH, DAMAGE_HIGH, 1.0],
    }


def encode(game: RulerOfMana, view: JSON, planes: dict[str, Array]) -> None:
    """Fill ``planes`` (zeroed) from ``view``."""
    all_codes = codes(game)
    column = {code: k for k, code in enumerate(all_codes)}
    scale = np.array([1.0 / len(game.copies[code]) for code in all_codes], dtype=np.float32)
    n = game.players
    you = view["you"]
    order = rotate(range(n), you)
    row = {seat: r for r, seat in enumerate(order)}

    def count(into: Array, ids: Iterable[str]) -> None:
        for card_id in ids:
            k = column[game.code[game.index[card_id]]]
            into[k] += scale[k]

    def seats(name: str, values: Sequence[Any], by: float = 1.0, high: float = np.inf) -> None:
        planes[name][:] = [min(float(v) / by, high) for v in rotate(values, you)]

    def one_seat(name: str, seat: Any) -> None:
        if seat is not None:
            planes[name][row[int(seat)]] = 1.0

    count(planes["hand"], view["hand"])
    count(planes["discard"], view["discard"])
    for seat, ids in view["known"].items():
        count(planes["known"][row[int(seat)]], ids)
    for seat, card_id in view["exchange"].items():
        count(planes["exchange"][row[int(seat)]], [card_id])
    seats("hand_sizes", view["hand_sizes"], HAND)
    seats("mana_in_hand", view["mana_in_hand"], HAND)
    seats("life", view["life"], LIFE, LIFE_HIGH)
    seats("shield", view["shield"], HAND, SHIELD_HIGH)
    seats("skips", view["skips"], high=SKIPS_HIGH)
    seats("finish_bonus", view["finish_bonus"])
    one_seat("to_move", view["current_player"])
    one_seat("start_player", view["start_player"])
    top = view["deck_top_is_mana"]
    planes["deck"][:] = [view["deck_size"] / len(game.ids), top is True, top is False]
    turn = min(view["turn"] / 100.0, TURN_HIGH)
    planes["game"][:] = [turn, view["deck_out"], view.get("variant") == "expert"]
    pending = view["pending"]
    if pending is None:
        return
    planes["pending"][PENDING.index(pending["kind"])] = 1.0
    one_seat("pending_seat", pending.get("seat"))
    one_seat("pending_target", pending.get("target"))
    card = pending.get("card")  # a play's card id; a declaration being built names its code
    code = game.code[game.index[card]] if card else pending.get("spell") or pending.get("scroll")
    if code is not None:
        planes["pending_card"][column[code]] = 1.0
    option = pending.get("option")
    if option:
        planes["pending_option"][option - 1] = 1.0
    for key in ("your_offer", "kept"):
        if pending.get(key):
            count(planes["pending_offer"], [pending[key]])
    for seat, card_id in pending.get("reactions", {}).items():
        count(planes["pending_reactions"][row[int(seat)]], [card_id])
    for seat in pending.get("offered", ()):
        one_seat("pending_offered", seat)
    decision = pending.get("decision")
    if decision is not None:
        planes["decision"][DECISIONS.index(decision["kind"])] = 1.0
    asked = decision if decision is not None else pending  # a bottom is a decision by itself
    # each card once (a dict keeps the order), so a code's count stays within its copies
    count(
        planes["pending_chosen"],
        dict.fromkeys([*asked.get("chosen", ()), *pending.get("paid", ())]),
    )
    looked_at = [*pending.get("pack", ()), *asked.get("hand", ()), *asked.get("cards", ())]
    count(planes["pending_cards"], dict.fromkeys(looked_at))
    planes["pending_facts"][:] = [
        min(asked.get("count", 0) / 5.0, COUNT_HIGH),
        min(asked.get("damage", 0) / LIFE, DAMAGE_HIGH),
        bool(pending.get("cancelled")),
    ]


def max_steps_per_turn(game: RulerOfMana) -> int:
    """A bound on the steps of one turn, for OpenSpiel's ``max_game_length``: two cards to the
    bottom (RM-2.1 expert), a declaration with its target and up to five payment cards, every
    other seat's reaction and lethal questions, effect choices, and an exchange's offers and
    picks (RM-2.2 D)."""
    n = game.players
    return 2 + 1 + 1 + 5 + 4 * n + 15 + 2 * n


def max_setup_steps(game: RulerOfMana) -> int:
    """Steps before the first turn: the expert draft (RM-1.3), every seat keeping a card of
    each pack."""
    return HAND_SIZE * game.players if game.expert else 0
