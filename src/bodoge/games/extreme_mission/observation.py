"""Extreme Mission's observation encoding for the research adapters (``bodoge.adapters``).

A seat's view becomes named pieces of one flat array. Info cards count by type (``R7``: copies of
a type are alike), each count divided by the copies of a type, so a piece reads 0 to 1; missions
and collaborator kinds are columns in card-set order. Seat rows start at the viewing seat.

Every piece reads 0 to 1 except those :func:`bounds` names: the hand sizes (a hand may pass the
limit of 10 within a turn, EM-4.1, but never holds more than every card) and the turn, which a game
with no turn cap does not bound: it is clipped at a stated ceiling.

>>> import bodoge
>>> from bodoge.adapters.observation import Observer
>>> game = bodoge.make("extreme-mission", players=2)
>>> state = game.new_state(seed=1, setup={"hands": {0: ["I-R4a", "I-R4b", "I-B5a"]}})
>>> observer = Observer(game)
>>> _ = observer.encode(state.view(0))
>>> hand = observer.dict["hand"]
>>> float(hand[types(game).index(game.card_types[game.card_index["I-R4a"]])])
1.0
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any

import numpy as np
import numpy.typing as npt

from bodoge.adapters.observation import rotate
from bodoge.core.state import JSON

if TYPE_CHECKING:
    from bodoge.games.extreme_mission import ExtremeMission

__all__ = ["bounds", "encode", "fields", "max_setup_steps", "max_steps_per_turn", "types"]

Array = npt.NDArray[np.float32]

PHASES = ("action", "drop")
HAND = 10.0  # EM-4.1, the hand limit
TURN_HIGH = 10.0  # turn 1000, read as turn / 100: the ceiling of a game with no turn cap


def types(game: ExtremeMission) -> list[int]:
    """The info card types of the card set, in order."""
    return sorted(set(game.card_types))


def fields(game: ExtremeMission) -> list[tuple[str, tuple[int, ...]]]:
    """The named pieces, in order (see the module docstring)."""
    n, t, m, k = game.players, len(types(game)), len(game.level_of), len(game.kinds)
    return [
        ("hand", (t,)),
        ("discard_tops", (n, t)),
        ("hand_sizes", (n,)),
        ("discard_sizes", (n,)),
        ("spent_sizes", (n,)),
        ("collaborators_up", (n, k)),
        ("missions_laid", (m,)),
        ("missions_completed", (n, m)),
        ("to_move", (n,)),
        ("start_player", (n,)),
        ("phase", (len(PHASES),)),
        ("game", (4,)),  # deck size, actions left / 2, turn / 100, end triggered
        ("pending_mission", (m,)),
        ("pending_activate", (k,)),
        ("pending_cards", (t,)),
        ("pending_wilds", (k,)),
    ]


def bounds(game: ExtremeMission) -> dict[str, float | list[float]]:
    """The largest value of each piece that can read above 1 (a number, or one a column); every
    other piece reads 0 to 1 (a count over the cards of the set, a type's copies or the two actions
    of a turn, EM-2.2, which only count down), and none below 0."""
    return {"hand_sizes": len(game.card_ids) / HAND, "game": [1.0, 1.0, TURN_HIGH, 1.0]}


def encode(game: ExtremeMission, view: JSON, planes: dict[str, Array]) -> None:
    """Fill ``planes`` (zeroed) from ``view``."""
    column = {t: c for c, t in enumerate(types(game))}
    missions = {m: c for c, m in enumerate(game.level_of)}
    kinds = {code: c for c, code in enumerate(game.kinds)}
    copies = float(game.copies)
    total = float(len(game.card_ids))
    n = game.players
    you = view["you"]
    row = {seat: r for r, seat in enumerate(rotate(range(n), you))}

    def count(into: Array, ids: Iterable[str]) -> None:
        for card_id in ids:
            into[column[game.card_types[game.card_index[card_id]]]] += 1.0 / copies

    def seats(name: str, values: Sequence[Any], by: float) -> None:
        planes[name][:] = [float(v) / by for v in rotate(values, you)]

    count(planes["hand"], view["hand"])
    for seat, top in enumerate(view["discard_tops"]):
        if top is not None:
            count(planes["discard_tops"][row[seat]], [top])
    seats("hand_sizes", view["hand_sizes"], HAND)
    seats("discard_sizes", view["discard_sizes"], total)
    seats("spent_sizes", view["spent_sizes"], total)
    for seat, row_kinds in enumerate(view["collaborators"]):
        for code, face in row_kinds.items():
            planes["collaborators_up"][row[seat], kinds[code]] = face == "up"
    for mission, by in view["missions"].items():
        planes["missions_laid"][missions[mission]] = 1.0
        for seat in by:
            planes["missions_completed"][row[seat], missions[mission]] = 1.0
    for name, seat in (("to_move", view["current_player"]), ("start_player", view["start_player"])):
        if seat is not None:
            planes[name][row[seat]] = 1.0
    if view["phase"] in PHASES:
        planes["phase"][PHASES.index(view["phase"])] = 1.0
    planes["game"][:] = [
        view["deck_size"] / total,
        view["actions_left"] / 2.0,
        min(view["turn"] / 100.0, TURN_HIGH),
        view["end_triggered"],
    ]
    pending = view["pending"]
    if pending is None:
        return
    if pending["action"] == "complete":
        planes["pending_mission"][missions[pending["target"]]] = 1.0
    else:
        planes["pending_activate"][kinds[pending["target"]]] = 1.0
    count(planes["pending_cards"], pending["cards"])
    for code in pending["wilds"]:  # a collaborator stands in once (EM-3.4): 0 or 1 a kind
        planes["pending_wilds"][kinds[code]] = 1.0


def max_steps_per_turn(game: ExtremeMission) -> int:
    """A bound on the steps of one turn, for OpenSpiel's ``max_game_length``: two actions
    (EM-2.2), each at most its first step and one item per card of a full hand and per
    collaborator, then the drops back to the hand limit (EM-4.1)."""
    return 2 * (1 + int(HAND) + 2 + len(game.kinds)) + 4


def max_setup_steps(game: ExtremeMission) -> int:
    """Steps before the first turn: none (EM-1 needs no decision)."""
    return 0
