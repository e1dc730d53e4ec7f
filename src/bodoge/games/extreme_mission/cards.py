"""Extreme Mission's card set: loading and checking a card file (``cards.toml``).

The shipped file, ``bodoge/games/extreme_mission/cards.toml``, is our reconstruction of the card
set (``docs/rules/extreme-mission.md#what-is-in-the-game``); a user may replace it with the real
card texts. Its shape (see the shipped file for a full example)::

    [info]                      numbers = [1, 9], copies = 2
    [[info.colours]]            id, code, en, ja, theme_en (optional), theme_ja (optional)
    [[missions]]                id, level, en, ja, condition
    [[collaborators]]           kind, en, ja, condition
    [[player_colours]]          id, en, ja

Rules a card file must keep (anything else raises :class:`~bodoge.core.errors.CardSetError`,
one line naming the file, the card and the field; ``str()`` in English, ``text("ja")`` in
Japanese, worded from the catalogue's ``em.cards.error.*``):

- The file is UTF-8 TOML (a byte-order mark at its start is allowed) with exactly the four tables
  above; every entry has exactly the fields listed, text fields are non-empty strings, whole
  numbers are integers (not booleans). An unknown table or field is named before a missing one
  (a misspelt field is one mistake), and a file of another game says so
  (:mod:`bodoge.core.cardfile`, shared by every game's loader).
- ``info.numbers`` is ``[1, 9]`` and there are exactly 5 ``info.colours``: the condition solver is
  built for 5 colours and numbers 1 to 9. ``info.copies`` is 1 to 26 (copy letters a to z).
- Colour ids are lowercase words (``red``, ``dark_blue``) and unique (a value used twice names
  both entries by their lines); colour codes are one uppercase letter and unique. Info cards are
  made from them: ``I-<code><number><copy>``, one for every colour, number and copy (``I-R7a``);
  their *type* ``R7`` is the pair without the copy.
- Mission ids are unique, without spaces; ``level`` is 1 to 4 and every level 1 to 4 has at least
  3 missions (setup lays 3 of each level, EM-1.1). How many missions a level has comes from the
  file.
- Exactly 5 collaborator kinds (EM-1.3, EM-5.1), with unique codes of uppercase letters and
  digits (``HK``).
- At least 5 player colours (2 to 5 players, one colour each) with unique lowercase ids, none of
  them an info colour id. Collaborator cards are ``C-<player colour>-<kind>``.
- Every condition parses in the condition language (``conditions.py``); ``flush(n, colour)``
  names an info colour id.

>>> cs = load_cards()
>>> len(cs.info_cards), len(cs.missions), len(cs.collaborator_kinds)
(90, 32, 5)
>>> m = cs.mission("M1-05")
>>> m.en, m.level, str(m.condition), m.condition.card_count
('Midnight Contact', 1, 'set(2) + exact(9)', 3)
>>> cs.type_code(cs.info_card("I-R7a").type), cs.parse_type("P9")
('R7', 44)
"""

from __future__ import annotations

import datetime
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from pathlib import Path
from types import MappingProxyType
from typing import Any

from bodoge.core.cardfile import NAME_LENGTH, CardFile, card_file, read_card_file
from bodoge.core.errors import CardSetError, worded
from bodoge.core.i18n import Message
from bodoge.games.extreme_mission.conditions import (
    COLOUR_COUNT,
    HIGHEST_NUMBER,
    Condition,
    card_type,
    parse_condition,
)
from bodoge.games.extreme_mission.rules import (
    COLLABORATOR_KINDS,
    LEVELS,
    MAX_PLAYERS,
    MISSIONS_PER_LEVEL,
)

# --------------------------------------------------------------------------------------------
# Values


@dataclass(frozen=True)
class Colour:
    """An info card colour: ``id`` (``red``), one-letter ``code`` (``R``), names, flavour theme,
    and ``index``, its place in the file (the colour part of a card type)."""

    id: str
    code: str
    en: str
    ja: str
    theme_en: str
    theme_ja: str
    index: int

    def name(self, lang: str) -> str:
        """The colour's name in ``lang`` (``en`` or ``ja``)."""
        return self.ja if lang == "ja" else self.en


@dataclass(frozen=True)
class InfoCard:
    """One physical info card: ``id`` ``I-R7a``, its ``type`` (an int, see ``conditions.py``),
    colour, number and copy letter. Copies of one type are identical in play."""

    id: str
    type: int
    colour: Colour
    number: int
    copy: str


@dataclass(frozen=True)
class Mission:
    """A mission card: ``id`` (``M1-05``), ``level`` 1..4, names and its condition."""

    id: str
    level: int
    en: str
    ja: str
    condition: Condition

    def name(self, lang: str) -> str:
        """The mission's name in ``lang`` (``en`` or ``ja``)."""
        return self.ja if lang == "ja" else self.en


@dataclass(frozen=True)
class CollaboratorKind:
    """A collaborator kind: ``code`` (``HK``), names and its activation condition."""

    code: str
    en: str
    ja: str
    condition: Condition

    def name(self, lang: str) -> str:
        """The kind's name in ``lang`` (``en`` or ``ja``)."""
        return self.ja if lang == "ja" else self.en


@dataclass(frozen=True)
class PlayerColour:
    """A player colour (``black``): it only marks whose collaborators are whose."""

    id: str
    en: str
    ja: str

    def name(self, lang: str) -> str:
        """The colour's name in ``lang`` (``en`` or ``ja``)."""
        return self.ja if lang == "ja" else self.en


@dataclass(frozen=True)
class CardSet:
    """A whole, checked card set. Build it with :func:`load_cards`.

    ``numbers`` are the info numbers in order (1..9); ``info_cards`` are in type order, copies
    in letter order; ``missions``, ``collaborator_kinds``, ``player_colours`` in file order.
    """

    path: str
    colours: tuple[Colour, ...]
    numbers: tuple[int, ...]
    copies: int
    info_cards: tuple[InfoCard, ...]
    missions: tuple[Mission, ...]
    collaborator_kinds: tuple[CollaboratorKind, ...]
    player_colours: tuple[PlayerColour, ...]
    _missions: Mapping[str, Mission] = field(init=False, repr=False, compare=False)
    _kinds: Mapping[str, CollaboratorKind] = field(init=False, repr=False, compare=False)
    _info: Mapping[str, InfoCard] = field(init=False, repr=False, compare=False)
    _types: Mapping[str, int] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        def frozen(d: dict[str, Any]) -> Mapping[str, Any]:
            return MappingProxyType(d)

        object.__setattr__(self, "_missions", frozen({m.id: m for m in self.missions}))
        object.__setattr__(self, "_kinds", frozen({k.code: k for k in self.collaborator_kinds}))
        object.__setattr__(self, "_info", frozen({c.id: c for c in self.info_cards}))
        types = {self.type_code(c.type): c.type for c in self.info_cards}
        object.__setattr__(self, "_types", frozen(types))

    def mission(self, mission_id: str) -> Mission:
        """The mission with this id; ``KeyError`` if there is none."""
        try:
            return self._missions[mission_id]
        except KeyError:
            raise KeyError(f"no mission {mission_id!r}") from None

    def missions_of_level(self, level: int) -> tuple[Mission, ...]:
        """The missions of one level, in file order."""
        return tuple(m for m in self.missions if m.level == level)

    def kind(self, code: str) -> CollaboratorKind:
        """The collaborator kind with this code (``HK``); ``KeyError`` if there is none."""
        try:
            return self._kinds[code]
        except KeyError:
            raise KeyError(f"no collaborator kind {code!r}") from None

    def info_card(self, card_id: str) -> InfoCard:
        """The info card with this id (``I-R7a``); ``KeyError`` if there is none."""
        try:
            return self._info[card_id]
        except KeyError:
            raise KeyError(f"no info card {card_id!r}") from None

    def type_code(self, t: int) -> str:
        """The code of card type ``t``: colour code and number (``R7``).

        >>> load_cards().type_code(6)
        'R7'
        """
        colour, number = divmod(t, len(self.numbers))
        if not 0 <= colour < len(self.colours):
            raise ValueError(f"no card type {t}")
        return f"{self.colours[colour].code}{self.numbers[number]}"

    def parse_type(self, code: str) -> int:
        """The card type of a code such as ``R7``; ``ValueError`` on an unknown code.

        >>> load_cards().parse_type("B1")
        9
        """
        try:
            return self._types[code.strip()]
        except KeyError:
            raise ValueError(
                f"unknown card {code!r} (expected a colour code and a number, like R7)"
            ) from None

    def collaborator_card_ids(self) -> tuple[str, ...]:
        """Every collaborator card id, ``C-<player colour>-<kind>``, by colour then kind.

        >>> load_cards().collaborator_card_ids()[:2]
        ('C-black-HK', 'C-black-DR')
        """
        return tuple(
            f"C-{pc.id}-{k.code}" for pc in self.player_colours for k in self.collaborator_kinds
        )


# --------------------------------------------------------------------------------------------
# Loading


def load_cards(path: str | Path | None = None) -> CardSet:
    """Load and check a card file; ``None`` loads the shipped set (cached, so it is cheap).

    Raises :class:`~bodoge.core.errors.CardSetError` naming the file, the card and the field of
    the first problem found.

    >>> cs = load_cards()
    >>> [len(cs.missions_of_level(level)) for level in (1, 2, 3, 4)]
    [8, 8, 8, 8]
    >>> load_cards() is cs
    True
    """
    if path is None:
        return _shipped()
    return _load(str(path), read_card_file(path))


@cache
def _shipped() -> CardSet:
    resource = resources.files("bodoge.games.extreme_mission").joinpath("cards.toml")
    return _load(str(resource), resource.read_bytes())


TABLES = ("[info]", "[[missions]]", "[[collaborators]]", "[[player_colours]]")
"""The tables of a card file, as their headers are written (:mod:`bodoge.core.cardfile`)."""

FILE_WORDS = "em.cards.file"
"""What this game's card file is called, in the catalogue (for a file given to another game)."""

_ID_KEYS = ("id", "kind")  # the fields that name an entry, to say which a syntax error is in


def _m(key: str, **fields: Any) -> Message:
    """A problem worded from the catalogue: ``em.cards.error.<key>`` with its fields."""
    return Message(f"em.cards.error.{key}", fields)


_COLOUR_ID = re.compile(r"[a-z][a-z0-9_]*")
_COLOUR_CODE = re.compile(r"[A-Z]")
_KIND_CODE = re.compile(r"[A-Z][A-Z0-9]*")
_PLAYER_COLOUR_ID = re.compile(r"[a-z][a-z0-9_]*")
_MISSION_ID = re.compile(r"\S+")
_COPY_LETTERS = "abcdefghijklmnopqrstuvwxyz"


class _Checker:
    """Reads the raw TOML tables, one card at a time, raising on the first problem."""

    def __init__(self, cards: CardFile) -> None:
        self.cards = cards

    def fail(self, card: str | None, name: str | None, problem: Message) -> CardSetError:
        return self.cards.fail(card, name, problem)

    def table(self, raw: Any, card: str | None, name: str) -> dict[str, Any]:
        if not isinstance(raw, dict):
            raise self.fail(card, name, _m("not_table", kind=_kind(raw)))
        return raw

    def tables(self, raw: dict[str, Any], name: str) -> list[dict[str, Any]]:
        if name not in raw:
            raise self.fail(None, name, _m("tables_missing", name=name))
        value = raw[name]
        if not isinstance(value, list) or not all(isinstance(v, dict) for v in value):
            raise self.fail(None, name, _m("not_tables", name=name, kind=_kind(value)))
        return value

    def fields(
        self,
        entry: dict[str, Any],
        card: str | None,
        required: tuple[str, ...],
        optional: tuple[str, ...] = (),
        prefix: str = "",
    ) -> None:
        self.cards.check_fields(entry, card, (*required, *optional), prefix)
        for name in required:
            if name not in entry:
                raise self.fail(card, prefix + name, Message("cards.error.missing"))

    def text(self, entry: dict[str, Any], card: str | None, name: str, prefix: str = "") -> str:
        value = entry[name]
        if not isinstance(value, str):
            raise self.fail(card, prefix + name, _m("not_text", kind=_kind(value)))
        if not value.strip():
            raise self.fail(card, prefix + name, _m("empty"))
        return self.cards.check_text(value, card, prefix + name)

    def name(self, entry: dict[str, Any], card: str | None, name: str) -> str:
        """A name a player reads (``en``, ``ja``): one line, at most NAME_LENGTH characters."""
        return self.cards.check_text(self.text(entry, card, name), card, name, NAME_LENGTH)

    def optional_text(self, entry: dict[str, Any], card: str | None, name: str) -> str:
        """An optional name (a colour's theme): as :meth:`name`, or empty."""
        value = entry.get(name, "")
        if not isinstance(value, str):
            raise self.fail(card, name, _m("not_text", kind=_kind(value)))
        return self.cards.check_text(value, card, name, NAME_LENGTH)

    def integer(self, value: Any, card: str | None, name: str) -> int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise self.fail(card, name, _m("not_integer", kind=_kind(value)))
        return value

    def pattern(
        self, value: str, card: str | None, name: str, regex: re.Pattern[str], what: str
    ) -> str:
        """``value`` when ``regex`` matches all of it; ``what`` it must be is the catalogue's
        ``em.cards.error.what.<what>``."""
        if not regex.fullmatch(value):
            raise self.fail(card, name, _m("pattern", value=value, what=_m(f"what.{what}")))
        return value

    def unique(
        self, seen: dict[str, Message], value: str, card: str | None, name: str, place: Message
    ) -> None:
        """``value`` of field ``name`` not used by an earlier entry (``seen``: where each was);
        this entry is at ``place``."""
        if value in seen:
            what = Message("cards.error.what.field", {"field": name, "value": value})
            raise self.fail(card, name, self.cards.twice(what, seen[value], place))
        seen[value] = place

    def condition(self, entry: dict[str, Any], card: str, colour_ids: tuple[str, ...]) -> Condition:
        text = self.text(entry, card, "condition")
        try:
            return parse_condition(text, colour_ids)
        except ValueError as e:
            raise self.fail(
                card, "condition", _m("bad_condition", text=text, error=worded(e))
            ) from None


_KINDS: tuple[tuple[type, str], ...] = (
    (bool, "bool"),  # before int: a bool is an int
    (int, "integer"),
    (float, "decimal"),
    (str, "text"),
    (list, "list"),
    (dict, "table"),
    (datetime.datetime, "datetime"),  # before date: a datetime is a date
    (datetime.date, "date"),
    (datetime.time, "time"),
)


def _kind(value: Any) -> Message:
    """A TOML value's kind in words, for messages (``cards.error.kind.*``)."""
    for kind, key in _KINDS:
        if isinstance(value, kind):
            return Message(f"cards.error.kind.{key}")
    return Message("cards.error.as_written", {"text": type(value).__name__})


def _load(file: str, data: bytes) -> CardSet:
    cards = card_file(file, data, _ID_KEYS)
    check = _Checker(cards)
    raw = cards.data
    cards.check_tables(TABLES, FILE_WORDS)
    check.fields(raw, None, tuple(table.strip("[]") for table in TABLES))
    colours, numbers, copies = _read_info(check, raw)
    colour_ids = tuple(c.id for c in colours)
    info_cards = tuple(
        InfoCard(
            id=f"I-{colour.code}{number}{letter}",
            type=card_type(colour.index, number),
            colour=colour,
            number=number,
            copy=letter,
        )
        for colour in colours
        for number in numbers
        for letter in _COPY_LETTERS[:copies]
    )
    missions = _read_missions(check, raw, colour_ids)
    kinds = _read_kinds(check, raw, colour_ids)
    player_colours = _read_player_colours(check, raw, colour_ids)
    return CardSet(
        path=file,
        colours=colours,
        numbers=numbers,
        copies=copies,
        info_cards=info_cards,
        missions=missions,
        collaborator_kinds=kinds,
        player_colours=player_colours,
    )


def _read_info(
    check: _Checker, raw: dict[str, Any]
) -> tuple[tuple[Colour, ...], tuple[int, ...], int]:
    info = check.table(raw["info"], None, "info")
    check.fields(info, None, ("numbers", "copies", "colours"), prefix="info.")

    numbers = info["numbers"]
    if (
        not isinstance(numbers, list)
        or len(numbers) != 2
        or not all(isinstance(v, int) and not isinstance(v, bool) for v in numbers)
    ):
        raise check.fail(None, "info.numbers", _m("numbers_shape"))
    if numbers != [1, HIGHEST_NUMBER]:
        raise check.fail(None, "info.numbers", _m("numbers", high=HIGHEST_NUMBER, numbers=numbers))

    copies = check.integer(info["copies"], None, "info.copies")
    if not 1 <= copies <= len(_COPY_LETTERS):
        raise check.fail(None, "info.copies", _m("one_to", high=len(_COPY_LETTERS), value=copies))

    entries = info["colours"]
    if not isinstance(entries, list) or not all(isinstance(v, dict) for v in entries):
        raise check.fail(None, "info.colours", _m("colours_not_tables"))
    if len(entries) != COLOUR_COUNT:
        raise check.fail(
            None, "info.colours", _m("colours_count", count=COLOUR_COUNT, given=len(entries))
        )
    colours: list[Colour] = []
    ids: dict[str, Message] = {}
    codes: dict[str, Message] = {}
    for i, entry in enumerate(entries):
        card = _name_of(entry, "id", f"info.colours[{i + 1}]")
        place = check.cards.place("info.colours", i + 1)
        check.fields(entry, card, ("id", "code", "en", "ja"), ("theme_en", "theme_ja"))
        cid = check.pattern(check.text(entry, card, "id"), card, "id", _COLOUR_ID, "colour_id")
        check.unique(ids, cid, card, "id", place)
        code = check.pattern(
            check.text(entry, card, "code"), card, "code", _COLOUR_CODE, "colour_code"
        )
        check.unique(codes, code, card, "code", place)
        colours.append(
            Colour(
                id=cid,
                code=code,
                en=check.name(entry, card, "en"),
                ja=check.name(entry, card, "ja"),
                theme_en=check.optional_text(entry, card, "theme_en"),
                theme_ja=check.optional_text(entry, card, "theme_ja"),
                index=i,
            )
        )
    return tuple(colours), tuple(range(1, HIGHEST_NUMBER + 1)), copies


def _name_of(entry: dict[str, Any], key: str, fallback: str) -> str:
    """How an entry is named in messages: its id if it has a usable one, else its place."""
    value = entry.get(key)
    return value if isinstance(value, str) and value.strip() else fallback


def _read_missions(
    check: _Checker, raw: dict[str, Any], colour_ids: tuple[str, ...]
) -> tuple[Mission, ...]:
    missions: list[Mission] = []
    ids: dict[str, Message] = {}
    for i, entry in enumerate(check.tables(raw, "missions")):
        card = _name_of(entry, "id", f"missions[{i + 1}]")
        check.fields(entry, card, ("id", "level", "en", "ja", "condition"))
        mid = check.pattern(check.text(entry, card, "id"), card, "id", _MISSION_ID, "mission_id")
        check.unique(ids, mid, card, "id", check.cards.place("missions", i + 1))
        level = check.integer(entry["level"], card, "level")
        if level not in LEVELS:
            raise check.fail(card, "level", _m("one_to", high=LEVELS[-1], value=level))
        missions.append(
            Mission(
                id=mid,
                level=level,
                en=check.name(entry, card, "en"),
                ja=check.name(entry, card, "ja"),
                condition=check.condition(entry, card, colour_ids),
            )
        )
    for level in LEVELS:
        count = sum(1 for m in missions if m.level == level)
        if count < MISSIONS_PER_LEVEL:
            raise check.fail(
                None,
                "missions",
                _m("level_short", level=level, count=count, per=MISSIONS_PER_LEVEL),
            )
    return tuple(missions)


def _read_kinds(
    check: _Checker, raw: dict[str, Any], colour_ids: tuple[str, ...]
) -> tuple[CollaboratorKind, ...]:
    kinds: list[CollaboratorKind] = []
    codes: dict[str, Message] = {}
    entries = check.tables(raw, "collaborators")
    for i, entry in enumerate(entries):
        card = _name_of(entry, "kind", f"collaborators[{i + 1}]")
        check.fields(entry, card, ("kind", "en", "ja", "condition"))
        code = check.pattern(
            check.text(entry, card, "kind"),
            card,
            "kind",
            _KIND_CODE,
            "kind_code",
        )
        check.unique(codes, code, card, "kind", check.cards.place("collaborators", i + 1))
        kinds.append(
            CollaboratorKind(
                code=code,
                en=check.name(entry, card, "en"),
                ja=check.name(entry, card, "ja"),
                condition=check.condition(entry, card, colour_ids),
            )
        )
    if len(kinds) != COLLABORATOR_KINDS:
        raise check.fail(
            None, "collaborators", _m("kinds_count", count=COLLABORATOR_KINDS, given=len(kinds))
        )
    return tuple(kinds)


def _read_player_colours(
    check: _Checker, raw: dict[str, Any], colour_ids: tuple[str, ...]
) -> tuple[PlayerColour, ...]:
    colours: list[PlayerColour] = []
    ids: dict[str, Message] = {}
    for i, entry in enumerate(check.tables(raw, "player_colours")):
        card = _name_of(entry, "id", f"player_colours[{i + 1}]")
        check.fields(entry, card, ("id", "en", "ja"))
        pid = check.pattern(
            check.text(entry, card, "id"),
            card,
            "id",
            _PLAYER_COLOUR_ID,
            "player_colour_id",
        )
        check.unique(ids, pid, card, "id", check.cards.place("player_colours", i + 1))
        if pid in colour_ids:
            raise check.fail(card, "id", _m("also_info", value=pid))
        colours.append(
            PlayerColour(id=pid, en=check.name(entry, card, "en"), ja=check.name(entry, card, "ja"))
        )
    if len(colours) < MAX_PLAYERS:
        raise check.fail(
            None,
            "player_colours",
            _m("player_colours_count", count=MAX_PLAYERS, given=len(colours)),
        )
    return tuple(colours)
