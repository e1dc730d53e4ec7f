"""What every game's card-file loader shares: reading the file, its TOML with a syntax error
located, its tables and each entry's fields checked alike, and where an entry is in the file.

A card file is UTF-8 TOML; a byte-order mark at its start (Windows editors write one) is
allowed. Each game's ``cards`` module says which tables its file has (``TABLES``, as their
headers are written: ``[info]``, ``[[spell]]``) and how its file is called (``FILE_WORDS``, a
catalogue key), so that a file of another game is told apart from a broken one. Every problem
is a :class:`~bodoge.core.errors.CardSetError` worded from the shared catalogue's
``cards.error.*``.

>>> cards = card_file("mine.toml", b'\\xef\\xbb\\xbf[[spell]]\\nid = "S01"\\n', ("id",))
>>> cards.data, cards.place("spell", 1).text("en")
({'spell': [{'id': 'S01'}]}, 'the [[spell]] at line 1')

A syntax error names the line, and the card and field whose text holds it where that is sure.
A bracket left open shows to the TOML parser lines later, in the next card; it is named where
it opens:

>>> text = '[[spell]]\\nid = "S01"\\noptions = ["F -> draw(1)"\\n\\n[[spell]]\\nid = "S02"\\n'
>>> card_file("mine.toml", text, ("id",))  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
bodoge.core.errors.CardSetError: mine.toml: card S01: field 'options': ... line 3 is never closed
"""

from __future__ import annotations

import os
import re
import tomllib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bodoge.core.errors import CardSetError, os_reason, unseen
from bodoge.core.i18n import Message

__all__ = ["BOM", "NAME_LENGTH", "CardFile", "card_file", "read_card_file"]

BOM = b"\xef\xbb\xbf"
"""The UTF-8 byte-order mark, allowed at the start of a card file."""
NAME_LENGTH = 40
"""The longest name of a card, a colour or a theme, in either language (a card's box on the
table shows it whole, wrapped, up to about this)."""
_LAYOUT = frozenset("\t\n\r")
"""Characters a card's condition or effect may hold where it is written over several lines."""


def read_card_file(path: str | os.PathLike[str]) -> bytes:
    """The bytes of a card file; one line naming it when it cannot be read."""
    try:
        return Path(path).read_bytes()
    except OSError as error:
        problem = Message("cards.error.unreadable", {"reason": os_reason(error)})
        raise CardSetError(os.fspath(path), None, None, problem) from None


def card_file(file: str, data: bytes | str, id_keys: tuple[str, ...]) -> CardFile:
    """The card file named ``file`` in errors, holding ``data``: decoded and parsed. A syntax
    error is located in the card whose entry holds it, found by its first field of ``id_keys``
    (``id``, ``code``)."""
    if isinstance(data, bytes):
        start = len(BOM) if data.startswith(BOM) else 0
        try:
            text = data[start:].decode("utf-8")
        except UnicodeDecodeError as error:
            problem = Message("cards.error.not_utf8", {"byte": start + error.start})
            raise CardSetError(file, None, None, problem) from None
    else:
        text = data.removeprefix("\ufeff")
    layout = _Layout(text)
    try:
        parsed = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        card, field, problem = layout.locate(str(error), id_keys)
        raise CardSetError(file, card, field, problem) from None
    return CardFile(file, parsed, layout.headers)


@dataclass(frozen=True)
class CardFile:
    """A parsed card file: its name in errors, its tables (``data``) and the line of each
    ``[[table]]`` entry's header, to say where an entry is."""

    file: str
    data: dict[str, Any]
    headers: Mapping[str, list[int]]

    def fail(self, card: str | None, field: str | None, problem: Message) -> CardSetError:
        return CardSetError(self.file, card, field, problem)

    def place(self, table: str, number: int) -> Message:
        """Where entry ``number`` (from 1) of ``[[table]]`` is: its header's line, or, when the
        headers do not match the entries one to one (an inline array), its number."""
        lines = self.headers.get(table, [])
        entries = self.data
        for part in table.split("."):
            entries = entries.get(part, {}) if isinstance(entries, dict) else {}
        if isinstance(entries, list) and len(entries) == len(lines):
            return Message("cards.error.place", {"table": table, "line": lines[number - 1]})
        return Message("cards.error.place_n", {"table": table, "n": number})

    def twice(self, what: Message, first: Message, second: Message) -> Message:
        """The problem of a value (an id, a code) that two entries use: both places."""
        return Message("cards.error.twice", {"what": what, "first": first, "second": second})

    def check_tables(self, tables: tuple[str, ...], words: str) -> None:
        """Every table of the file is one of ``tables`` (the game's headers, its file called
        ``words`` in the catalogue); a file whose tables are all another game's says so."""
        names = _names(tables)
        unknown = [name for name in self.data if name not in names]
        if not unknown:
            return
        if len(unknown) == len(self.data):
            other = _other_game(self.data, names)
            if other is not None:
                problem = Message(
                    "cards.error.other_game", {"other": Message(other), "this": Message(words)}
                )
                raise self.fail(None, None, problem)
        allowed = ", ".join(tables)
        raise self.fail(
            None, unknown[0], Message("cards.error.unknown_table", {"allowed": allowed})
        )

    def check_text(self, value: str, card: str | None, field: str, limit: int | None = None) -> str:
        """``value``, a text field of the card file, as a player is shown it (a name) or as the
        game reads it (a condition, an effect, over lines if it likes); refused when it holds a
        character not shown as written (:func:`~bodoge.core.errors.unseen`: a right-to-left
        override would turn around every line that names the card) and, for a name (``limit``
        given), a line break or more than ``limit`` characters.

        >>> cards = CardFile("mine.toml", {}, {})
        >>> cards.check_text("set(2)\\n+ exact(9)", "M1-05", "condition")
        'set(2)\\n+ exact(9)'
        >>> cards.check_text("Gift\\u202e", "M1-05", "en", NAME_LENGTH)  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        bodoge.core.errors.CardSetError: mine.toml: card M1-05: field 'en': holds U+202E, ... 5)...
        """
        for at, char in enumerate(value, 1):
            if unseen(char) and (limit is not None or char not in _LAYOUT):
                code = f"U+{ord(char):04X}"
                raise self.fail(
                    card, field, Message("cards.error.unseen", {"code": code, "at": at})
                )
        if limit is not None and len(value) > limit:
            problem = Message("cards.error.too_long", {"length": len(value), "limit": limit})
            raise self.fail(card, field, problem)
        return value

    def check_fields(
        self,
        entry: Mapping[str, Any],
        card: str | None,
        known: Iterable[str],
        prefix: str = "",
    ) -> None:
        """No field of ``entry`` is outside ``known`` (checked before any field is missed: a
        field misspelt is one mistake, not a missing field)."""
        fields = tuple(known)
        for name in entry:
            if name not in fields:
                allowed = ", ".join(fields)
                problem = Message("cards.error.unknown_field", {"allowed": allowed})
                raise self.fail(card, prefix + name, problem)


def _names(tables: Iterable[str]) -> tuple[str, ...]:
    """The names of tables given as headers (``[[spell]]``: ``spell``)."""
    return tuple(table.strip("[]") for table in tables)


def _other_game(data: Mapping[str, Any], names: tuple[str, ...]) -> str | None:
    """The ``FILE_WORDS`` of the game (another than the one whose tables are ``names``) whose
    card file has every table of ``data``, if one has."""
    from bodoge.core.hooks import game_module  # here: the games import this module
    from bodoge.core.registry import game_class, games

    for name in games():
        module = game_module(game_class(name), "cards")
        theirs = _names(getattr(module, "TABLES", ()))
        words = getattr(module, "FILE_WORDS", None)
        if not theirs or words is None or theirs == names:
            continue
        if all(key in theirs for key in data):
            return str(words)
    return None


# -- where a syntax error is ------------------------------------------------------------------

_KEY = re.compile(r"\s*([A-Za-z0-9_-]+)\s*=")
# tomllib's reasons that the catalogue words (cards.toml.*), its English being tomllib's own words
# (so an English line stays tomllib's), as os_reason does the system's.
_TOML_REASONS = (
    "string_line_end",
    "string_unclosed",
    "backslash",
    "value",
    "equals",
    "key_start",
    "statement",
    "after_value",
    "header",
    "array_header",
    "twice",
    "array",
    "inline_table",
)
_TOML_PLACE = re.compile(r"(.*) \((?:at line (\d+), column (\d+)|at end of document)\)")


@dataclass(frozen=True, slots=True)
class _EnglishOnly:
    """tomllib's reason where the catalogue has no words for it: said in English as tomllib
    wrote it, left out of a Japanese line."""

    words: str

    def text(self, lang: str = "en") -> str:
        return self.words if lang == "en" else ""


def toml_problem(detail: str) -> Message:
    r"""tomllib's error ``detail`` as a problem of the file: English keeps its words, Japanese
    says the place in its own and the reason where the catalogue has words for it.

    >>> problem = toml_problem("Illegal character '\\n' (at line 75, column 27)")
    >>> problem.text("en")
    "TOML syntax error: Illegal character '\\n' (at line 75, column 27)"
    >>> problem.text("ja")
    'TOML の書き方に誤りがあります（75行目、27文字目）：文字列が行の終わりまでに閉じられていません'
    >>> toml_problem("Cannot mutate immutable namespace ('x',) (at end of document)").text("ja")
    'TOML の書き方に誤りがあります（ファイルの終わり）'
    """
    found = _TOML_PLACE.fullmatch(detail)
    if found is None:  # a form tomllib may come to write: as it is
        return Message("cards.error.toml", {"detail": detail})
    reason, line, column = found.groups()
    place = (
        Message("cards.toml.at", {"line": int(line), "column": int(column)})
        if line
        else Message("cards.toml.end")
    )
    for known in _TOML_REASONS:
        said = Message(f"cards.toml.{known}")
        if said.text("en") == reason:
            return Message("cards.error.toml_at", {"reason": said, "place": place})
    return Message("cards.error.toml_at_plain", {"reason": _EnglishOnly(reason), "place": place})


_HEADER = re.compile(r"\s*\[(\[?)\s*([A-Za-z0-9_.-]+)\s*\]")
_AT_LINE = re.compile(r"at line (\d+)")


class _Layout:
    """The lines of a card file as far as a syntax error needs them, read without a TOML parser
    (the file is broken): which brackets are open at the start of each line, and the line of
    every table header outside any value."""

    def __init__(self, text: str) -> None:
        self.lines = text.splitlines()
        self.open_at: list[tuple[tuple[int, int, str], ...]] = []
        self.headers: dict[str, list[int]] = {}
        stack: list[tuple[int, int, str]] = []  # (line, column, bracket) of each open bracket
        quote = ""  # the quotes of a multi-line string still open
        for number, line in enumerate(self.lines):
            self.open_at.append(tuple(stack))
            start = 0
            if not stack and not quote:
                header = _HEADER.match(line)
                if header:
                    if header[1]:
                        self.headers.setdefault(header[2], []).append(number + 1)
                    continue
                start = _value_start(line)
            quote = _scan(line, start, number, stack, quote)
        self.open_at_end = tuple(stack)

    def statement(self, at: int) -> bool:
        """Whether line ``at`` begins a statement of its own (a header or ``key =``)."""
        line = self.lines[at]
        return bool(_HEADER.match(line) or _KEY.match(line))

    def locate(
        self, error: str, id_keys: tuple[str, ...]
    ) -> tuple[str | None, str | None, Message]:
        """The card, the field and the problem of tomllib's ``error``. A bracket left open shows
        as an error lines later, where the next statement begins (in the next card, often):
        it is named, at its own line, instead."""
        found = _AT_LINE.search(error)
        detail = " ".join(error.split())
        at = int(found[1]) - 1 if found else len(self.lines)
        opened = self.open_at[at] if at < len(self.lines) else self.open_at_end
        unclosed = (
            opened
            and opened[0] in self.open_at_end[:1]
            and (at >= len(self.lines) or self.statement(at))
        )
        if unclosed:
            line, _, bracket = opened[0]
            problem = Message("cards.error.toml_unclosed", {"bracket": bracket, "line": line + 1})
            card, field = self.card_at(line, id_keys)
            return card, field, problem
        problem = toml_problem(detail)
        if at >= len(self.lines):
            return None, None, problem
        card, field = self.card_at(at, id_keys)
        return card, field, problem

    def card_at(self, at: int, id_keys: tuple[str, ...]) -> tuple[str | None, str | None]:
        """The card and field whose text holds line ``at``: the field of the statement the line
        is in, the card named by the one id field of the entry around it (None when the line is
        a header, or the entry has no such field or two: never a card that is not sure)."""
        while self.open_at[at]:  # inside a value: the statement it belongs to
            at = self.open_at[at][0][0]
        if _HEADER.match(self.lines[at]):
            return None, None
        key = _KEY.match(self.lines[at])
        field = key[1] if key else None
        top = next((k for k in range(at, -1, -1) if self._header(k)), None)
        if top is None:
            return None, field
        header = _HEADER.match(self.lines[top])
        if header is not None and not header[1]:  # a [table] of its own: its fields by path
            return None, None if field is None else f"{header[2]}.{field}"
        end = next((k for k in range(top + 1, len(self.lines)) if self._header(k)), len(self.lines))
        names = {
            name
            for k in range(top + 1, end)
            if not self.open_at[k] and (name := _id_of(self.lines[k], id_keys)) is not None
        }
        return (names.pop() if len(names) == 1 else None), field

    def _header(self, at: int) -> bool:
        return not self.open_at[at] and _HEADER.match(self.lines[at]) is not None


def _id_of(line: str, id_keys: tuple[str, ...]) -> str | None:
    """The value of ``key = "value"`` when the key is one of ``id_keys``."""
    found = re.fullmatch(r"\s*([A-Za-z0-9_-]+)\s*=\s*(\"[^\"\\]*\"|'[^']*')\s*(#.*)?", line)
    if found is None or found[1] not in id_keys:
        return None
    return found[2][1:-1]


def _value_start(line: str) -> int:
    """Where the value of a ``key = value`` line begins (after its ``=``, keys may be quoted);
    the line's end when it has none."""
    k, quote = 0, ""
    while k < len(line):
        c = line[k]
        if quote:
            quote = "" if c == quote else quote
        elif c in "\"'":
            quote = c
        elif c == "=":
            return k + 1
        elif c == "#":
            break
        k += 1
    return len(line)


def _scan(line: str, k: int, number: int, stack: list[tuple[int, int, str]], quote: str) -> str:
    """Read ``line`` from column ``k``: brackets opened and closed outside strings and comments
    go on ``stack``; ``quote`` is a multi-line string's quotes still open at its start, and the
    result those open at its end."""
    while k < len(line):
        if quote:
            end = line.find(quote, k)
            if end < 0:
                return quote
            k, quote = end + 3, ""
            continue
        c = line[k]
        if c == "#":
            break
        if line.startswith(('"""', "'''"), k):
            quote, k = line[k : k + 3], k + 3
            continue
        if c == '"':  # a string to its closing quote (escapes skipped) or the line's end
            k += 1
            while k < len(line) and line[k] != '"':
                k += 2 if line[k] == "\\" else 1
        elif c == "'":
            end = line.find("'", k + 1)
            k = len(line) if end < 0 else end
        elif c in "[{":
            stack.append((number, k, c))
        elif c in "]}" and stack:
            stack.pop()
        k += 1
    return quote
