"""The errors bodoge raises at its users. Each carries a one-line message saying what is wrong."""

from __future__ import annotations


class BodogeError(Exception):
    """Base of every error bodoge raises on bad input."""


class IllegalAction(BodogeError, ValueError):
    """An action (or notation) that is not legal in this state; the state is unchanged."""


class SetupError(BodogeError, ValueError):
    """A scenario (``setup``) or game option that cannot be played."""


class CardSetError(BodogeError, ValueError):
    """A card file that cannot be loaded: names the file, the card and the field."""

    def __init__(self, file: str, card: str | None, field: str | None, problem: str) -> None:
        where = file
        if card is not None:
            where += f": card {card}"
        if field is not None:
            where += f": field {field!r}"
        super().__init__(f"{where}: {problem}")
        self.file = file
        self.card = card
        self.field = field
        self.problem = problem


class UnknownGame(BodogeError, ValueError):
    """A game name that bodoge does not know."""
