"""The errors bodoge raises at its users. Each carries a one-line message saying what is wrong."""

from __future__ import annotations

import errno
import unicodedata
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


class CardSetError(WordedError, ValueError):
    """A card file that cannot be loaded: names the ``file``, the ``card`` and the ``field``
    (either may be None) and says the ``problem``.

    ``problem`` is the English text of the problem (as always); ``problem_message`` the same
    problem worded from the catalogue (a :class:`Message`: key and fields), so ``text(lang)`` gives
    the whole line in ``lang``, file, card and field framed in its words; ``str()`` is the English
    line. A problem given as plain text (not a Message) is kept as written, in either frame.

    >>> err = CardSetError("mine.toml", "F2", "copies", Message("rm.cards.error.range",
    ...     {"low": 1, "high": 99, "value": -1}))
    >>> str(err)
    "mine.toml: card F2: field 'copies': must be 1-99, not -1"
    >>> err.text("ja")
    "mine.toml：カード F2：項目 'copies'：1〜99にしてください（指定：-1）"
    >>> err.problem, err.problem_message.key
    ('must be 1-99, not -1', 'rm.cards.error.range')
    """

    def __init__(
        self, file: str, card: str | None, field: str | None, problem: str | Message
    ) -> None:
        card = None if card is None else shown_card(card)
        if not isinstance(problem, Message):
            problem = Message("cards.error.as_written", {"text": problem})
        where = "line" if card is None else "line_card"
        if field is not None:
            where += "_field"
        super().__init__(f"cards.error.{where}", file=file, card=card, field=field, problem=problem)
        self.file = file
        self.card = card
        self.field = field
        self.problem_message = problem
        self.problem = problem.text("en")


SHOWN_CARD = 40
"""How many characters of a card's id (as the file writes it) an error repeats."""


def unseen(char: str) -> bool:
    """Whether ``char`` is not shown as written: a control or format character (a right-to-left
    override turns around every line it is shown in), a line or paragraph separator, a
    surrogate, a private or unassigned code point.

    >>> unseen("\\u202e"), unseen("\\u2028"), unseen("\\n"), unseen("あ"), unseen(" ")
    (True, True, True, False, False)
    """
    kind = unicodedata.category(char)
    return kind[0] == "C" or kind in ("Zl", "Zp")


def shown_card(card: str) -> str:
    """A card's id as an error names it: what is not shown as written spelt out (``<U+202E>``),
    at most :data:`SHOWN_CARD` characters, then "…".

    >>> shown_card("M1\\u202e-05"), shown_card("M" * 50) == "M" * 40 + "…"
    ('M1<U+202E>-05', True)
    """
    spelt = "".join(f"<U+{ord(c):04X}>" if unseen(c) else c for c in card)
    return spelt if len(spelt) <= SHOWN_CARD + 1 else spelt[:SHOWN_CARD] + "…"


_OS_REASONS = {errno.ENOENT: "enoent", errno.EACCES: "eacces", errno.EISDIR: "eisdir"}


def os_reason(error: OSError) -> Message:
    """Why a card file could not be read: the catalogue's words for the common reasons, where
    they are the system's words in English too (so the English line stays the system's); else
    the system's words as written."""
    known = _OS_REASONS.get(error.errno or 0)
    if known is not None:
        reason = Message(f"cards.error.os.{known}")
        if reason.text("en") == error.strerror:
            return reason
    return Message("cards.error.as_written", {"text": error.strerror})


def worded(error: Exception) -> Message:
    """An error as a catalogue :class:`Message`: a :class:`WordedError`'s own, else its text as
    written (an error from outside the catalogue reads the same in every language)."""
    if isinstance(error, WordedError):
        return error.message
    return Message("cards.error.as_written", {"text": str(error)})


class CardTextError(WordedError, ValueError):
    """Text in one of the card languages (a condition, an effect, a cost) that does not parse,
    worded from the catalogue; a ``ValueError`` as ever, ``str()`` the English line. The card file
    loaders put it inside their :class:`CardSetError`, so it reads in the person's language.

    >>> CardTextError("em.cards.error.condition.exact", group="exact(10)", high=9).text("ja")
    'exact(10)：x は1〜9にしてください'
    """


class UnknownGame(WordedError, ValueError):
    """A game name that bodoge does not know."""


class Refusal(WordedError, ValueError):
    """A change the rules refuse, worded from the message catalogue (``key``, ``fields``):
    ``text(lang)`` in either language, ``str()`` in English.

    >>> Refusal("companion.error.no_seat", seat=7, players=4).text("ja")
    '席7はありません（4人の卓）'
    """
