"""EM-1 setup, and scenarios: a game started from a described position (DESIGN.md, "Scenarios")."""

from __future__ import annotations

import random
from collections.abc import Collection, Mapping
from typing import TYPE_CHECKING, Any

from bodoge.core.errors import SetupError
from bodoge.core.scenario import listed, per_seat, seat_number
from bodoge.core.shuffle import shuffle
from bodoge.games.extreme_mission.rules import HAND_SIZE, MISSIONS_PER_LEVEL
from bodoge.games.extreme_mission.state import EMState

if TYPE_CHECKING:
    from bodoge.games.extreme_mission import ExtremeMission

SETUP_KEYS = frozenset(
    {
        "start_player",
        "current_player",
        "missions",
        "hands",
        "deck",
        "discards",
        "collaborators_down",
        "completed",
    }
)


def _lay_missions(
    game: ExtremeMission,
    setup: Mapping[str, Any],
    completed: dict[int, list[str]],
    rng: random.Random,
) -> list[str]:
    """EM-1.1: ``MISSIONS_PER_LEVEL`` missions of each level, face up. A scenario may name them."""
    levels = sorted(game.levels)
    if "missions" in setup:
        laid = listed(setup["missions"], "missions", "em.setup.of.mission_ids")
        for m in laid:
            if not isinstance(m, str) or m not in game.level_of:
                raise SetupError("em.setup.unknown_mission", where="missions", mission=m)
        if len(set(laid)) != len(laid):
            raise SetupError("em.setup.laid_twice")
        for level in levels:
            count = sum(1 for m in laid if game.level_of[m] == level)
            if count != MISSIONS_PER_LEVEL:
                raise SetupError(
                    "em.setup.level_count", level=level, count=count, wanted=MISSIONS_PER_LEVEL
                )
        return sorted(laid, key=lambda m: (game.level_of[m], laid.index(m)))
    return lay_missions(
        game.level_of, rng, {m for ms in completed.values() for m in ms if isinstance(m, str)}
    )


def lay_missions(
    level_of: Mapping[str, int], rng: random.Random, wanted: Collection[str] = ()
) -> list[str]:
    """EM-1.1: three missions of each level, drawn from the card set's missions (``level_of``:
    mission id -> level) with ``rng``, level 1 first; the ``wanted`` missions are among them.

    >>> level_of = {f"M{lv}-{i}": lv for lv in (1, 2, 3, 4) for i in range(5)}
    >>> laid = lay_missions(level_of, random.Random(1))
    >>> [level_of[m] for m in laid]
    [1, 1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 4]
    """
    laid = []
    for level in sorted(set(level_of.values())):
        pool = sorted(m for m, lv in level_of.items() if lv == level)
        shuffle(pool, rng)
        must = [m for m in pool if m in wanted]
        others = [m for m in pool if m not in wanted]
        if len(must) > MISSIONS_PER_LEVEL:
            raise SetupError("em.setup.too_many_done", level=level, most=MISSIONS_PER_LEVEL)
        laid.extend(must + others[: MISSIONS_PER_LEVEL - len(must)])
    return laid


def build_state(game: ExtremeMission, seed: int, setup: Mapping[str, Any]) -> EMState:
    """The EM-1 setup from ``seed``, or the position ``setup`` describes (both checked by
    ``Game.new_state``)."""
    rng = random.Random(seed)
    state = EMState(game, rng)
    n = game.players

    start = seat_number(game.players, setup.get("start_player", 0), "start_player")
    current = seat_number(game.players, setup.get("current_player", start), "current_player")
    completed = per_seat(game.players, setup, "completed", lists=True, of="em.setup.of.mission_ids")
    state.missions = _lay_missions(game, setup, completed, rng)
    state.completed_by = {m: [] for m in state.missions}
    for seat, ms in completed.items():
        levels: set[int] = set()
        for m in ms:
            if not isinstance(m, str) or m not in state.completed_by:
                raise SetupError("em.setup.not_laid", mission=m)
            if game.level_of[m] in levels:
                raise SetupError("em.setup.two_of_level", seat=seat, level=game.level_of[m])
            levels.add(game.level_of[m])
            state.completed[seat].append(m)
            state.completed_by[m].append(seat)

    for seat, kinds in per_seat(
        game.players, setup, "collaborators_down", lists=True, of="em.setup.of.kinds"
    ).items():
        for code in kinds:
            if code not in game.kinds:
                raise SetupError("em.setup.unknown_kind", kind=code)
            state.collaborators[seat][game.kinds.index(code)] = False

    # Info cards: those the scenario places, then the rest shuffled (EM-1.2).
    placed: set[int] = set()

    def take(card_id: Any, where: str) -> int:
        index = game.card_index.get(card_id) if isinstance(card_id, str) else None
        if index is None:
            raise SetupError("em.setup.unknown_card", where=where, card=card_id)
        if index in placed:
            raise SetupError("setup.placed_twice", where=where, card=card_id)
        placed.add(index)
        return index

    hands = {
        s: [take(c, f"hands[{s}]") for c in ids]
        for s, ids in per_seat(game.players, setup, "hands", lists=True).items()
    }
    deck_top = [take(c, "deck") for c in listed(setup.get("deck", []), "deck")]
    for seat, ids in per_seat(game.players, setup, "discards", lists=True).items():
        state.discards[seat] = [take(c, f"discards[{seat}]") for c in ids]
    rest = [i for i in range(len(game.card_ids)) if i not in placed]
    shuffle(rest, rng)
    for seat in range(n):
        if seat in hands:
            state.hands[seat] = sorted(hands[seat])
        else:
            if len(rest) < HAND_SIZE:
                raise SetupError("setup.cards_short", seat=seat, count=HAND_SIZE)
            state.hands[seat] = sorted(rest[-HAND_SIZE:])
            del rest[-HAND_SIZE:]
    state.deck = rest + deck_top[::-1]  # the listed cards on top, in order

    state.start_player = start
    state.player = current
    card_ids = game.card_ids
    state.log.add({"event": "setup", "missions": list(state.missions), "start_player": start})
    for seat in range(n):
        state.log.add(
            {"event": "deal", "seat": seat, "count": len(state.hands[seat])},
            seat,
            {"cards": [card_ids[c] for c in state.hands[seat]]},
        )
    state.log_turn()
    return state
