"""The one message catalogue: every text a player reads, in English and Japanese.

The shared words live in ``bodoge/messages.toml``; each game keeps its own in a
``messages.toml`` beside its package's ``__init__`` (keys under the game's own prefix), found
through the registry, so a game added by an outside package brings its words with it.
One table per key with an ``en`` and a ``ja`` entry, so the two languages sit side by side and a
missing translation is easy to see (a test checks none is). The catalogue is all of them together.

>>> text("lang", "en"), text("lang", "ja")
('English', '日本語')

A text that counts something says so: ``count`` names the field holding the number, and
``en_one`` is the English text when that number is 1 ("1 card", not "1 cards"; it may leave the
number out: "a card"). Japanese has no plural, so ``ja`` serves every number (a ``ja_one`` is
taken the same way where the one is worded otherwise: ``em.group.flush``'s 好きな色1枚)::

    [companion.offline]
    count = "n"
    en = "offline: {n} changes waiting"
    en_one = "offline: {n} change waiting"
    ja = "オフライン：未送信 {n} 件"

>>> [text("companion.offline", "en", n=n) for n in (0, 1, 2)]
['offline: 0 changes waiting', 'offline: 1 change waiting', 'offline: 2 changes waiting']
>>> text("companion.offline", "ja", n=1)
'オフライン：未送信 1 件'

The browser gets the same singular texts from ``/api/messages`` (``one``) and chooses alike.
"""

from __future__ import annotations

import os
import tomllib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from importlib import import_module, resources
from importlib.resources.abc import Traversable
from typing import Any, Protocol, runtime_checkable

LANGUAGES = ("en", "ja")
# What an entry may hold besides its texts: the field that counts, and each language's singular.
COUNT = "count"
ONE = tuple(f"{lang}_one" for lang in LANGUAGES)


def _files() -> list[Traversable]:
    """The shared catalogue, then every registered game's own, in the order of ``games()``."""
    from bodoge.core import registry  # here: the registry's errors speak through this module

    found = [resources.files("bodoge").joinpath("messages.toml")]
    for name in registry.games():
        package = import_module(registry.game_class(name).__module__).__package__
        own = resources.files(package or name).joinpath("messages.toml")
        if own.is_file():
            found.append(own)
    return found


def catalogue() -> dict[str, dict[str, str]]:
    """Every key with its texts (``en``, ``ja``, and where it counts ``count`` and ``en_one``),
    flattened to dotted keys (``play.header``). A key defined in two files is an error: each text
    has one home."""
    from bodoge.core import registry

    return _catalogue(registry.games())


@cache
def _catalogue(games: tuple[str, ...]) -> dict[str, dict[str, str]]:
    flat: dict[str, dict[str, str]] = {}
    for file in _files():
        for key, entry in _flatten(tomllib.loads(file.read_text("utf-8"))).items():
            if key in flat:
                raise ValueError(f"message {key!r} is defined twice (again in {file})")
            flat[key] = entry
    return flat


def _flatten(raw: dict[str, Any]) -> dict[str, dict[str, str]]:
    flat: dict[str, dict[str, str]] = {}

    def walk(prefix: str, table: dict[str, Any]) -> None:
        if "en" in table and isinstance(table["en"], str):
            entry = {lang: str(table.get(lang, "")) for lang in LANGUAGES}
            entry |= {k: str(table[k]) for k in (COUNT, *ONE) if k in table}
            flat[prefix] = entry
        # an entry may have entries under it too ([companion.variant], [companion.variant.basic])
        for name, value in table.items():
            if isinstance(value, dict):
                walk(f"{prefix}.{name}" if prefix else name, value)

    walk("", raw)
    return flat


@runtime_checkable
class Worded(Protocol):
    """A field value that puts itself into the language of the text it fills: a :class:`Message`,
    or a game's own words built from the catalogue (a Ruler of Mana cost: ``1 fire`` / ``火1``)."""

    def text(self, lang: str = "en") -> str: ...


def locale_lang(environ: Mapping[str, str] | None = None) -> str:
    """The language of the locale, for a command's ``--lang`` left out: ``ja`` when the first of
    ``LC_ALL``, ``LC_MESSAGES`` and ``LANG`` that is set (the order in which POSIX reads them for
    messages) starts with ``ja``, else ``en``.

    >>> locale_lang({"LANG": "ja_JP.UTF-8"}), locale_lang({"LC_ALL": "C", "LANG": "ja_JP.UTF-8"})
    ('ja', 'en')
    >>> locale_lang({"LC_MESSAGES": "ja_JP", "LANG": "en_GB.UTF-8"}), locale_lang({})
    ('ja', 'en')
    """
    env = os.environ if environ is None else environ
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        if env.get(name):
            return "ja" if env[name].lower().startswith("ja") else "en"
    return "en"


def text(key: str, lang: str = "en", **values: Any) -> str:
    """The text of ``key`` in ``lang`` with ``{name}`` fields filled from ``values`` (a
    :class:`Worded` value in ``lang`` too): its singular form when the entry's ``count`` field
    is 1 and it has one."""
    if lang not in LANGUAGES:
        raise ValueError(f"unknown language {lang!r}: use one of {', '.join(LANGUAGES)}")
    entry = catalogue().get(key)
    if entry is None:
        raise KeyError(f"no message {key!r} in the catalogue")
    filled = {k: v.text(lang) if isinstance(v, Worded) else v for k, v in values.items()}
    form = lang
    if COUNT in entry and f"{lang}_one" in entry and values.get(entry[COUNT]) == 1:
        form = f"{lang}_one"
    return entry[form].format(**filled)


def seat_words(seat: object, lang: str, names: Sequence[str] | None = None) -> str:
    """A seat as a line of the log names it: its player's name where ``names`` (one per seat, as
    the table shows them) gives one, else ``Seat 2`` / ``席2``; a list of seats, joined.

    >>> seat_words(1, "en"), seat_words(1, "ja"), seat_words([0, 1], "en", ["Aki", "Ben"])
    ('Seat 1', '席1', 'Aki, Ben')
    """
    if isinstance(seat, list | tuple):
        return text("seat.join", lang).join(seat_words(s, lang, names) for s in seat)
    if names is not None and isinstance(seat, int) and 0 <= seat < len(names) and names[seat]:
        return names[seat]
    return text("seat.label", lang, seat=seat)


@dataclass(frozen=True, slots=True)
class Message:
    """A text not yet put into a language: a catalogue key and its fields. A field may itself be
    a Message (a reason inside a refusal), put into the same language.

    >>> why = Message("illegal.empty")
    >>> Message("illegal.within", {"whole": "draw x", "why": why}).text("en")
    "'draw x': empty action"
    """

    key: str
    fields: dict[str, Any] = field(default_factory=dict)

    def text(self, lang: str = "en") -> str:
        return text(self.key, lang, **self.fields)


def for_reader(message: Message, you: int | None) -> Message:
    """``message`` as the seat ``you`` reads it: a message (or a reason inside it) whose ``seat``
    is ``you`` takes its ``<game>.for_you.<rest of the key>`` form where the game has one ("you
    must …", not "seat 0 must …").

    >>> for_reader(Message("rm.illegal.not_held", {"seat": 0, "code": "S19"}), 0).text("en")
    'you do not hold S19'
    """
    fields = {
        k: for_reader(v, you) if isinstance(v, Message) else v for k, v in message.fields.items()
    }
    key = message.key
    game, _, rest = key.partition(".")
    if you is not None and fields.get("seat") == you and f"{game}.for_you.{rest}" in catalogue():
        key = f"{game}.for_you.{rest}"
    return Message(key, fields)


def by_name(message: Message, names: Sequence[str] | None) -> Message:
    """``message`` naming the seat it is about (its ``seat``) by that player's name in ``names``
    (one per seat, as the table shows them) where the game has a ``<game>.named.<rest>`` form
    ("Ben's discard pile is empty", not "seat 1's …": the table counts seats from 1, the
    notation from 0); a reason inside it too. Run after :func:`for_reader`: "you" stays "you".

    >>> refused = Message("em.illegal.discard_empty", {"seat": 1})
    >>> by_name(refused, ["Ann", "Ben"]).text("en"), by_name(refused, None).text("en")
    ("Ben's discard pile is empty", "seat 1's discard pile is empty")
    """
    if not names:
        return message
    fields = {
        k: by_name(v, names) if isinstance(v, Message) else v for k, v in message.fields.items()
    }
    game, _, rest = message.key.partition(".")
    seat, named = fields.get("seat"), f"{game}.named.{rest}"
    if isinstance(seat, int) and 0 <= seat < len(names) and names[seat] and named in catalogue():
        return Message(named, {**fields, "seat": names[seat]})
    return Message(message.key, fields)
