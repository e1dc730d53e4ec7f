"""The errors bodoge raises at its users. Each carries a one-line message saying what is wrong."""

from __future__ import annotations

from typing import Any

from bodoge.core.i18n import Message


class BodogeError(Exception):
    """Base of every error bodoge raises on bad input."""


class IllegalAction(BodogeError, ValueError):
    """An action (or notation) that is not legal in this state; the state is unchanged.

    It carries a catalogue key and its fields (or a :class:`Message` holding them), so a person
    reads the reason in their language (``text(lang)``); ``str()`` is the English one-liner. A
    field may be a Message (the reason inside a refusal).

    >>> err = IllegalAction("illegal.over", notation="draw")
    >>> str(err), err.text("ja")
    ("'draw': the game is over", '「draw」：ゲームはもう終わっています')
    """

    def __init__(self, key: str | Message, **fields: Any) -> None:
        self.message = key if isinstance(key, Message) else Message(key, fields)
        super().__init__(self.message.text("en"))

    @property
    def key(self) -> str:
        return self.message.key

    def text(self, lang: str = "en") -> str:
        """The one-line reason in ``lang``."""
        return self.message.text(lang)


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


class Refusal(BodogeError, ValueError):
    """A change the rules refuse, worded from the message catalogue (``key``, ``fields``):
    ``text(lang)`` in either language, ``str()`` in English.

    >>> Refusal("companion.error.no_seat", seat=7, players=4).text("ja")
    '7番の席はありません（4人の卓）'
    """

    def __init__(self, key: str, **fields: object) -> None:
        self.key = key
        self.fields = fields
        super().__init__(self.text("en"))

    def text(self, lang: str) -> str:
        from bodoge.core.i18n import text  # the catalogue is read only when a refusal is worded

        return text(self.key, lang, **self.fields)
