"""A Ruler of Mana state's fields, listed once (``FIELDS``): ``clone``, ``to_json`` and ``load``
all follow the table (``core.fields``), so a field added to the state cannot be forgotten by one
of the three. Cards are written by id; agenda tasks are lists of ints and strings; the play's
effects and target sets are not stored, they follow from the card data, as the count of each
scroll kind out of play follows from the discard pile (``derive``).

>>> import bodoge
>>> game = bodoge.make("ruler-of-mana", players=2)
>>> state = game.new_state(seed=2)
>>> sorted(to_dict(state)) == sorted(FIELDS)
True
>>> game.load(state.to_json()).to_json() == state.to_json()
True
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from bodoge.core.fields import CARD_ROWS, CARDS, LIST, VALUE, Kind, dump_fields, load_fields
from bodoge.core.state import JSON
from bodoge.games.ruler_of_mana.records import Ask, Play

if TYPE_CHECKING:
    from bodoge.games.ruler_of_mana.state import RMState

Ids = tuple[str, ...]


def _same(value: Any, *_: Any) -> Any:
    return value


CARD_GRID = Kind(
    lambda v: [[list(cell) for cell in row] for row in v],
    lambda v, ids: [[[ids[c] for c in cell] for cell in row] for row in v],
    lambda v, index: [[[index[c] for c in cell] for cell in row] for row in v],
)
"""Rows of rows of cards (``seen[v][h]``: what seat ``v`` knows of seat ``h``'s hand)."""

CARD_ROWS_OR_NONE = Kind(
    lambda v: None if v is None else [list(r) for r in v],
    lambda v, ids: None if v is None else [[ids[c] for c in r] for r in v],
    lambda v, index: None if v is None else [[index[c] for c in r] for r in v],
)
"""Rows of cards, or None (the draft's packs, None when not drafting)."""

CARDS_OR_NONE = Kind(
    list,
    lambda v, ids: [ids[c] if c >= 0 else None for c in v],
    lambda v, index: [-1 if c is None else index[c] for c in v],
)
"""A card per seat, or none yet (-1 inside, None in JSON): the draft's hidden picks."""

SEAT_CARDS = Kind(
    dict,
    lambda v, ids: [[seat, ids[c]] for seat, c in v.items()],
    lambda v, index: {seat: index[c] for seat, c in v},
)
"""A card by seat, in insertion order (``[[seat, id], ...]`` in JSON)."""

TASKS = Kind(list, lambda v, _: [list(task) for task in v], lambda v, _: [tuple(t) for t in v])
"""The agenda: tuples of ints and strings, shared by copies (never changed in place)."""

ASK = Kind(Ask.copy, lambda v, ids: v.to_dict(ids), Ask.from_dict)
"""The decision awaited (``records.Ask``)."""

PLAY = Kind(
    lambda v: None if v is None else v.copy(),
    lambda v, ids: None if v is None else v.to_dict(ids),
    lambda v, index: None if v is None else Play.from_dict(v, index),
)
"""The play being resolved, or None (``records.Play``; its card data joins it in ``derive``)."""

FIELDS: dict[str, Kind] = {
    "hands": CARD_ROWS,  # sorted
    "deck": CARDS,  # top = last
    "discard": CARDS,  # in the order cards arrived
    "life": LIST,
    "shield": LIST,
    "skips": LIST,
    "bonus": LIST,  # RM-5.4 finish bonus
    "ko_by": LIST,  # who brought each seat to 0 during the current play
    "seen": CARD_GRID,
    "start_player": VALUE,
    "player": VALUE,  # whose turn it is
    "turn": VALUE,  # turns begun (skipped ones too)
    "turns_done": VALUE,
    "deck_out": VALUE,  # RM-5.3: the last card was drawn this turn
    "over": VALUE,
    "truncated": VALUE,
    "end_reason": VALUE,  # ko | penalty | deck | cap
    "ask": ASK,
    "agenda": TASKS,  # play tasks, the next one last
    "play": PLAY,
    "packs": CARD_ROWS_OR_NONE,  # RM-1.3: the packs held now; None when not drafting
    "picks": CARDS_OR_NONE,  # this round's hidden picks
    "draft_round": VALUE,
    "exchangers": LIST,  # RM-2.2 (D): seats taking part, in order from the declarer
    "offers": SEAT_CARDS,  # offers not revealed yet
    "table": SEAT_CARDS,  # revealed offers not picked yet
}
"""Every field of an ``RMState`` (beside the shared ones of ``State``), in the order of the saved
JSON. ``gone`` (scroll copies out of play) is kept beside them and derived on load."""


def to_dict(st: RMState) -> JSON:
    return dump_fields(FIELDS, st, st.game.ids)


def load_into(st: RMState, data: JSON) -> None:
    n = st.game.players
    if len(data["hands"]) != n:
        raise ValueError(f"saved state has {len(data['hands'])} hands for {n} players")
    load_fields(FIELDS, st, data, st.game.index)
    derive(st)


def derive(st: RMState) -> None:
    """What a loaded state keeps beside its fields: the scroll copies in the discard pile, and
    the play's effects and target sets from the card data."""
    pile = st.discard
    st.discard = []
    st.gone = {}
    st.to_discard(pile)
    if st.play is not None:
        st.play.derive(st.facts)
