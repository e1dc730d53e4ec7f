"""A state's fields listed once: one table per state class says, for each field, how ``clone``
copies it, how ``to_json`` writes it and how ``load`` reads it back, so that a field added to a
state cannot be forgotten by one of the three.

A table maps field names to a :class:`Kind`. Cards are small ints inside a state and card ids in
JSON: ``dump`` gets the game's ids by card number, ``load`` the numbers by id.

>>> class Pile:
...     pass
>>> table = {"top": VALUE, "cards": CARDS, "rows": ROWS}
>>> pile = Pile(); pile.top, pile.cards, pile.rows = 1, [0, 2], [[True], []]
>>> dump_fields(table, pile, ("A", "B", "C"))
{'top': 1, 'cards': ['A', 'C'], 'rows': [[True], []]}
>>> again = Pile()
>>> load_fields(table, again, {'top': 1, 'cards': ['A', 'C'], 'rows': [[True], []]},
...             {"A": 0, "B": 1, "C": 2})
>>> copy = Pile(); copy_fields(table, again, copy)
>>> (copy.top, copy.cards, copy.rows), copy.rows is again.rows
((1, [0, 2], [[True], []]), False)

A state whose ``clone`` copies its fields by hand, for speed, is checked against its table:

>>> fast = Pile(); fast.top, fast.cards, fast.rows = again.top, list(again.cards), again.rows
>>> unlike_copy(table, again, fast, ("A", "B", "C"))
['rows']
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

__all__ = [
    "CARDS",
    "CARD_ROWS",
    "LIST",
    "LISTS_BY_KEY",
    "ROWS",
    "SHARED",
    "TUPLE_OR_NONE",
    "VALUE",
    "Kind",
    "copy_fields",
    "dump_fields",
    "load_fields",
    "unlike_copy",
]

Ids = tuple[str, ...]
Index = Mapping[str, int]


def _same(value: Any, *_: Any) -> Any:
    return value


@dataclass(frozen=True, slots=True)
class Kind:
    """How one kind of field is copied, written to JSON and read back."""

    copy: Callable[[Any], Any]
    dump: Callable[[Any, Ids], Any]
    load: Callable[[Any, Index], Any]


VALUE = Kind(_same, _same, _same)
"""An int, bool, str or None: shared, never changed in place."""

SHARED = Kind(_same, _same, lambda v, _: list(v))
"""A list set up once and never changed afterwards: clones share it."""

LIST = Kind(list, _same, lambda v, _: list(v))
"""A list of values."""

ROWS = Kind(lambda v: [list(r) for r in v], _same, lambda v, _: [list(r) for r in v])
"""A list of lists of values (one row per seat)."""

LISTS_BY_KEY = Kind(
    lambda v: {k: list(r) for k, r in v.items()},
    _same,
    lambda v, _: {k: list(r) for k, r in v.items()},
)
"""A mapping from string keys to lists of values."""

TUPLE_OR_NONE = Kind(
    _same,
    lambda v, _: None if v is None else list(v),
    lambda v, _: None if v is None else tuple(v),
)
"""A tuple of values, or None (a list in JSON)."""

CARDS = Kind(list, lambda v, ids: [ids[c] for c in v], lambda v, index: [index[c] for c in v])
"""A list of cards (card numbers inside, ids in JSON)."""

CARD_ROWS = Kind(
    lambda v: [list(r) for r in v],
    lambda v, ids: [[ids[c] for c in r] for r in v],
    lambda v, index: [[index[c] for c in r] for r in v],
)
"""A list of lists of cards (one row per seat)."""


def attribute_names(obj: object) -> list[str]:
    """The names of the attributes ``obj`` has set: its ``__dict__``, or for an instance of a
    class compiled by mypyc (which keeps them in slots) the ones its class lists that are set."""
    listed = dict.fromkeys(getattr(type(obj), "__mypyc_attrs__", ()))
    found = [n for n in listed if n != "__dict__" and hasattr(obj, n)]
    return found + [n for n in getattr(obj, "__dict__", {}) if n not in found]


def copy_fields(table: Mapping[str, Kind], source: Any, target: Any) -> None:
    """Copy every field of ``table`` from ``source`` into ``target`` (for ``clone``).

    By attribute, not through ``__dict__``: a compiled (mypyc) state has none."""
    for name, kind in table.items():
        setattr(target, name, kind.copy(getattr(source, name)))


def unlike_copy(table: Mapping[str, Kind], source: Any, copy: Any, ids: Ids) -> list[str]:
    """The fields of ``table`` that ``copy`` holds otherwise than ``copy_fields`` would have
    copied them from ``source``: written unlike to JSON (cards named by ``ids``), or shared with
    ``source`` where the table copies, or copied where it shares. For the tests of a ``clone``
    written field by field."""
    made = type("Copy", (), {})()
    copy_fields(table, source, made)
    unlike = []
    for name, kind in table.items():
        original, expected, actual = (getattr(x, name) for x in (source, made, copy))
        if kind.dump(actual, ids) != kind.dump(expected, ids) or (actual is original) != (
            expected is original
        ):
            unlike.append(name)
    return unlike


def dump_fields(table: Mapping[str, Kind], source: Any, ids: Ids) -> dict[str, Any]:
    """Every field of ``table`` JSON-ready (for ``to_json``)."""
    return {name: kind.dump(getattr(source, name), ids) for name, kind in table.items()}


def load_fields(
    table: Mapping[str, Kind], target: Any, data: Mapping[str, Any], index: Index
) -> None:
    """Read every field of ``table`` from ``data`` into ``target`` (for ``load``)."""
    for name, kind in table.items():
        setattr(target, name, kind.load(data[name], index))
