"""RM-1 setup, and scenarios: a game started from a described position (DESIGN.md, "Scenarios").

A scenario describes the position at the **start** of ``current_player``'s turn: that turn then
begins as any turn does (its shield disappears, the turn-start draw or, in expert with 10+ cards,
the two ``bottom`` steps). Keys: ``start_player``, ``current_player``, ``hands`` {seat: [ids]},
``deck`` [ids, top first], ``discard`` [ids, oldest first], ``life`` {seat: n}, ``shield``
{seat: n}. Cards the setup does not place are shuffled into the deck below those it lists; seats
without a hand are dealt 7 from them. In expert, a setup that gives hands skips the draft.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from bodoge.core.errors import SetupError
from bodoge.core.scenario import is_whole, listed, per_seat, seat_number
from bodoge.core.shuffle import shuffle
from bodoge.games.ruler_of_mana import draft
from bodoge.games.ruler_of_mana.rules import HAND_SIZE
from bodoge.games.ruler_of_mana.state import RMState

if TYPE_CHECKING:
    from bodoge.games.ruler_of_mana import RulerOfMana

SETUP_KEYS = frozenset(
    {"start_player", "current_player", "hands", "deck", "discard", "life", "shield"}
)


def _numbers(
    game: RulerOfMana, setup: Mapping[str, Any], key: str, low: int, high: int | None
) -> dict[int, int]:
    out: dict[int, int] = {}
    for seat, value in per_seat(game.players, setup, key).items():
        if not is_whole(value):
            raise SetupError("rm.setup.not_whole", entry=key, seat=seat, value=value)
        if value < low or (high is not None and value > high):
            if high is None:
                raise SetupError("rm.setup.at_least", entry=key, seat=seat, low=low, value=value)
            raise SetupError(
                "rm.setup.between", entry=key, seat=seat, low=low, high=high, value=value
            )
        out[seat] = value
    return out


def build_state(game: RulerOfMana, seed: int, setup: Mapping[str, Any]) -> RMState:
    """The RM-1 setup from ``seed``, or the position ``setup`` describes (both checked by
    ``Game.new_state``)."""
    rng = random.Random(seed)
    state = RMState(game, rng)
    n = game.players
    # RM-1.1: the turn order is random; seats are numbered in turn order from any seat, so the
    # random part is who starts.
    if "start_player" in setup:
        start = seat_number(game.players, setup["start_player"], "start_player")
    else:
        start = rng.randrange(n)
    current = seat_number(game.players, setup.get("current_player", start), "current_player")
    state.life = [game.start_life] * n  # RM-1.4
    for seat, life in _numbers(game, setup, "life", 1, game.life_cap).items():
        state.life[seat] = life
    for seat, shield in _numbers(game, setup, "shield", 0, None).items():
        state.shield[seat] = shield

    placed: set[int] = set()

    def take(card_id: Any, where: str) -> int:
        index = game.index.get(card_id) if isinstance(card_id, str) else None
        if index is None:
            raise SetupError("rm.setup.unknown_card", where=where, card=card_id)
        if index in placed:
            raise SetupError("setup.placed_twice", where=where, card=card_id)
        placed.add(index)
        return index

    def cards(value: Any, where: str) -> list[int]:
        return [take(c, where) for c in listed(value, where)]

    hands = {s: cards(v, f"hands[{s}]") for s, v in per_seat(game.players, setup, "hands").items()}
    deck_top = cards(setup.get("deck", []), "deck")
    pile = cards(setup.get("discard", []), "discard")
    rest = [i for i in range(len(game.ids)) if i not in placed]
    shuffle(rest, rng)
    order = [(start + i) % n for i in range(n)]
    drafting = game.expert and "hands" not in setup
    dealt: dict[int, list[int]] = {}
    for seat in order:  # RM-1.2 (and RM-1.3: the packs)
        if seat in hands:
            continue
        if len(rest) < HAND_SIZE:
            raise SetupError("setup.cards_short", seat=seat, count=HAND_SIZE)
        dealt[seat] = rest[-HAND_SIZE:]
        del rest[-HAND_SIZE:]
    state.deck = rest + deck_top[::-1]  # the listed cards on top, in order
    if not state.deck:
        raise SetupError("rm.setup.deck_empty")
    state.to_discard(pile)
    state.start_player = start
    state.player = current
    ids = game.ids
    state.log.add({"event": "setup", "start_player": start, "variant": game.variant})
    for seat, hand in hands.items():
        state.hands[seat] = sorted(hand)
    if drafting:
        draft.start(state, [dealt[s] for s in range(n)])
        return state
    for seat in order:
        if seat in dealt:
            state.hands[seat] = sorted(dealt[seat])
        state.log.add(
            {"event": "deal", "seat": seat, "count": len(state.hands[seat])},
            seat,
            {"cards": [ids[c] for c in state.hands[seat]]},
        )
    state.begin_turn(current)
    return state
