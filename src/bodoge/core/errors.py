"""The errors bodoge raises at its users. Each carries a one-line message saying what is wrong."""

from __future__ import annotations

from typing import Any

from bodoge.core.i18n import Message


class BodogeError(Exception):
    """Base of every error bodoge raises on bad input."""

    def text(self, lang: str = "en") -> str:
        """The one-line message in ``lang`` (an error not worded from the catalogue: as raised)."""
        return str(self)


class WordedError(BodogeError):
    """An error worded from the message catalogue: a key and its fields (or a :class:`Message`
    holding them), so a person reads it in their language (``text(lang)``); ``str()`` is the
    English one-liner. A field may be a Message (a reason inside a refusal)."""

    def __init__(self, key: str | Message, **fields: Any) -> None:
        self.message = key if isinstance(key, Message) else Message(key, fields)
        super().__init__(self.message.text("en"))

    @property
    def key(self) -> str:
        return self.message.key

    @property
    def fields(self) -> dict[str, Any]:
        return self.message.fields

    def text(self, lang: str = "en") -> str:
        """The one-line message in ``lang``."""
        return self.message.text(lang)


class IllegalAction(WordedError, ValueError):
    """An action (or notation) that is not legal in this state; the state is unchanged.

    >>> err = IllegalAction("illegal.over", notation="draw")
    >>> str(err), err.text("ja")
    ("'draw': the game is over", '「draw」：ゲームはもう終わっています')
    """


class SetupError(WordedError, ValueError):
    """A scenario (``setup``), game option, seat or bot that cannot be played.

    >>> SetupError("setup.players", game="go-fish", low=2, high=5, players=9).text("ja")
    'go-fishは2〜5人用です（9人ではできません）'
    """


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


class UnknownGame(WordedError, ValueError):
    """A game name that bodoge does not know."""


class Refusal(WordedError, ValueError):
    """A change the rules refuse, worded from the message catalogue (``key``, ``fields``):
    ``text(lang)`` in either language, ``str()`` in English.

    >>> Refusal("companion.error.no_seat", seat=7, players=4).text("ja")
    '7番の席はありません（4人の卓）'
    """
