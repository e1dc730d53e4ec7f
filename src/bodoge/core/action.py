"""Actions: small immutable values spelled in the game's notation.

An :class:`Action` is one *step* of a decision (``draw``, ``complete M2-01``, ``R4``):
``str(action)`` is its canonical notation; two actions are equal when their notations are.

>>> a = Action("take 2", "take", (2,))
>>> str(a), a.kind, a.args
('take 2', 'take', (2,))
>>> a == Action("take 2", "take", (2,))
True
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

Describer = Callable[["Action", str], str]


class Action:
    """One step of a decision.

    ``notation`` is the canonical spelling, ``kind`` the step's name (``draw``, ``complete``,
    ``card``), ``args`` its values; ``describe(lang)`` puts it in words through the game.
    """

    __slots__ = ("_describer", "args", "kind", "notation")

    notation: str
    kind: str
    args: tuple[Any, ...]
    _describer: Describer | None

    def __init__(
        self,
        notation: str,
        kind: str,
        args: tuple[Any, ...] = (),
        describer: Describer | None = None,
    ) -> None:
        object.__setattr__(self, "notation", notation)
        object.__setattr__(self, "kind", kind)
        object.__setattr__(self, "args", args)
        object.__setattr__(self, "_describer", describer)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Action is immutable")

    def __str__(self) -> str:
        return self.notation

    def __repr__(self) -> str:
        return f"Action({self.notation!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Action) and other.notation == self.notation

    def __hash__(self) -> int:
        return hash(self.notation)

    def describe(self, lang: str = "en") -> str:
        """The step in words, for people (``lang`` is ``"en"`` or ``"ja"``)."""
        describer: Describer | None = self._describer
        return describer(self, lang) if describer is not None else self.notation


_DIGITS = re.compile(r"[0-9]+")


def number(text: str, digits: int = 9) -> int | None:
    """``text`` as a whole number if it is one written as people type it from outside (a step's
    notation, an address, a query, a frame's key): ASCII digits alone, at most ``digits`` of
    them; else None. ``str.isdigit`` would take ``²`` and ``int`` refuse it, and ``int`` refuses
    more than 4,300 digits: both a crash, not a refusal.

    >>> number("12"), number("０"), number("²"), number("-1"), number("9" * 10), number("")
    (12, None, None, None, None, None)
    """
    if len(text) > digits or not _DIGITS.fullmatch(text):
        return None
    return int(text)


class Choices:
    """What a person may add to a begun action (``state.choices(what, chosen)``).

    ``addable`` lists the item spellings whose addition to ``chosen`` can still be completed to a
    whole action; ``complete`` says whether ``chosen`` already makes one. Items are in any order.

    >>> Choices(("R4", "HK"), False).addable
    ('R4', 'HK')
    """

    __slots__ = ("addable", "complete")

    addable: tuple[str, ...]
    complete: bool

    def __init__(self, addable: tuple[str, ...], complete: bool) -> None:
        object.__setattr__(self, "addable", tuple(addable))
        object.__setattr__(self, "complete", complete)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Choices is immutable")

    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, Choices)
            and other.addable == self.addable
            and other.complete == self.complete
        )

    def __hash__(self) -> int:
        return hash((self.addable, self.complete))

    def __repr__(self) -> str:
        return f"Choices(addable={self.addable!r}, complete={self.complete!r})"
