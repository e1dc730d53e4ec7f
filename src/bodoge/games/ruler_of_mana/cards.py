"""The Ruler of Mana card set: load ``cards.toml`` (or a replacement file) and validate it.

The shipped file, ``bodoge/games/ruler_of_mana/cards.toml``, holds the 120 cards of
``docs/rules/ruler-of-mana.md#what-is-in-the-game`` (64 mana, 35 spells, 21 scrolls of 16 kinds);
its header comment explains the layout. ``load_cards()`` loads it once and caches it;
``load_cards(path)`` loads a file of your own, which may hold other cards and other totals.

Checks (each failure raises ``CardSetError``: one line naming the file, the card and the field;
``str()`` in English, ``text("ja")`` in Japanese, worded from the catalogue's ``rm.cards.error.*``):

- the file is UTF-8 TOML (a byte-order mark at its start is allowed); its only tables are
  ``[[mana]]``, ``[[spell]]`` and ``[[scroll]]`` (arrays of tables), a file of another game is
  named as such; there is at least one mana kind and one spell (scrolls may be left out);
- no entry has an unknown field (named before a missing one: a misspelt field is one mistake) or
  misses a required one, and every field has its type (text, whole number, list of texts); names
  ``en`` and ``ja`` are not empty;
- mana: ``code`` is one of ``F1 F2 W1 W2 A1 A2 E1 E2 RB`` and each code appears once; ``element``,
  ``symbol`` and ``orbs`` agree with the code (rainbow: element ``rainbow``, no symbol, 1 orb);
  ``prefix`` is capital letters and digits, starting with a letter; ``copies`` is 1–99;
- spells: ``id`` is ``S`` and 2–3 digits; ``element`` is fire, water, wind or earth; ``options``
  holds 1–3 options ``cost -> effects``, each in the cost notation and effect language (a known verb
  with its arguments, a known target kind and element, numbers >= 1), with pairwise different costs
  (the payment identifies the option);
- scrolls: ``id`` is ``R`` and 2–3 digits; ``copies`` is 1–26; ``timing`` is main, window or lethal;
  a main scroll has no ``trigger`` and its ``effect`` is in the effect language; a reaction has a
  ``trigger`` that fits its timing and its ``effect`` is in the reaction language
  (``bodoge.games.ruler_of_mana.effects``);
- card ids (``MF1-01``, ``S19``, ``R03-b``) and notation codes (``F1``, ``S19``, ``R03``) are
  unique (one used twice names both entries by their lines).

Reading the file, its TOML and the checks of tables and fields are every game's alike
(:mod:`bodoge.core.cardfile`).

>>> cards = load_cards()
>>> len(cards.cards), cards.mana_count, cards.spell_count, cards.scroll_count
(120, 64, 35, 21)
>>> cards.code_of("MF2-01"), cards.spell("S19").en, str(cards.option("S19/3"))
('F2', 'Rock Blast', 'F E E -> damage(one_opponent, 7, earth)')
>>> cards.scroll("R03").reaction.trigger
'damage_targeted'
"""

from __future__ import annotations

import os
import re
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from importlib import resources
from types import MappingProxyType
from typing import Any, Literal, cast

from bodoge.core.action import number
from bodoge.core.cardfile import NAME_LENGTH, CardFile, card_file, read_card_file
from bodoge.core.errors import CardSetError, worded
from bodoge.core.i18n import Message
from bodoge.games.ruler_of_mana.effects import (
    TIMING_TRIGGERS,
    TIMINGS,
    TRIGGERS,
    Effect,
    Effects,
    Reaction,
    SpellOption,
    Timing,
    Trigger,
    parse_effects,
    parse_option,
    parse_reaction,
)
from bodoge.games.ruler_of_mana.payment import CODES, ELEMENTS, MANA, Mana

__all__ = [
    "Card",
    "CardKind",
    "CardSet",
    "Face",
    "ManaKind",
    "Scroll",
    "Spell",
    "load_cards",
    "parse_cards",
]

TABLES = ("[[mana]]", "[[spell]]", "[[scroll]]")
"""The tables of a card file, as their headers are written (:mod:`bodoge.core.cardfile`)."""

FILE_WORDS = "rm.cards.file"
"""What this game's card file is called, in the catalogue (for a file given to another game)."""

_ID_KEYS = ("id", "code")  # the fields that name an entry, to say which a syntax error is in

CardKind = Literal["mana", "spell", "scroll"]
MANA_ELEMENTS: tuple[str, ...] = (*ELEMENTS, "rainbow")
MAX_OPTIONS = 3
MAX_MANA_COPIES = 99
COPY_LETTERS = "abcdefghijklmnopqrstuvwxyz"


def _name(en: str, ja: str, lang: str) -> str:
    if lang not in ("en", "ja"):
        raise ValueError(f"unknown language {lang!r}: use en or ja")
    return en if lang == "en" else ja


@dataclass(frozen=True)
class ManaKind:
    """A kind of mana card (``F1`` ... ``RB``) and how many copies the deck holds.

    >>> kind = load_cards().mana_kind("F2")
    >>> kind.ids, kind.mana.units
    (('MF2-01', 'MF2-02'), range(1, 3))
    """

    code: str
    prefix: str
    element: str
    symbol: str | None
    orbs: int
    copies: int
    en: str
    ja: str

    @property
    def mana(self) -> Mana:
        """How the card pays (``bodoge.games.ruler_of_mana.payment``)."""
        return MANA[self.code]

    @property
    def ids(self) -> tuple[str, ...]:
        """The card ids, prefix and 2-digit copy number."""
        return tuple(f"{self.prefix}-{k:02d}" for k in range(1, self.copies + 1))

    def name(self, lang: str = "en") -> str:
        """The name in ``en`` or ``ja``."""
        return _name(self.en, self.ja, lang)


@dataclass(frozen=True)
class Spell:
    """A spell (one copy): its options, numbered from 1 as in the notation ``S19/3``.

    >>> spell = load_cards().spell("S19")
    >>> len(spell.options), str(spell.option(1).cost)
    (3, 'E')
    """

    id: str
    en: str
    ja: str
    element: str
    options: tuple[SpellOption, ...]

    @property
    def ids(self) -> tuple[str, ...]:
        """The card ids: the spell's own id."""
        return (self.id,)

    def option(self, number: int) -> SpellOption:
        """Option ``number`` (1-based)."""
        if not 1 <= number <= len(self.options):
            raise KeyError(f"{self.id} has options 1-{len(self.options)}, not {number}")
        return self.options[number - 1]

    def name(self, lang: str = "en") -> str:
        """The name in ``en`` or ``ja``."""
        return _name(self.en, self.ja, lang)


@dataclass(frozen=True)
class Scroll(Effects):
    """A scroll kind. A ``main`` scroll has ``effects`` (a play, like a spell option without cost);
    a ``window`` or ``lethal`` scroll has a ``trigger`` and a ``reaction``, and no effects.

    >>> r06 = load_cards().scroll("R06")
    >>> r06.ids, r06.timing, str(r06.reaction)
    (('R06-a',), 'lethal', 'prevent + heal(self, 3)')
    >>> load_cards().scroll("R11").needs_target
    True
    """

    id: str
    en: str
    ja: str
    copies: int
    timing: Timing
    trigger: Trigger | None
    effects: tuple[Effect, ...]
    reaction: Reaction | None

    @property
    def is_reaction(self) -> bool:
        """True for a ``window`` or ``lethal`` scroll."""
        return self.timing != "main"

    @property
    def ids(self) -> tuple[str, ...]:
        """The card ids ``R01-a``, ``R01-b``, ..."""
        return tuple(f"{self.id}-{COPY_LETTERS[k]}" for k in range(self.copies))

    def name(self, lang: str = "en") -> str:
        """The name in ``en`` or ``ja``."""
        return _name(self.en, self.ja, lang)


Face = ManaKind | Spell | Scroll


@dataclass(frozen=True)
class Card:
    """One physical card: its id, kind, notation code (``F1``, ``S19``, ``R03``) and face."""

    id: str
    kind: CardKind
    code: str
    face: Face


class CardSet:
    """A loaded card set: every card, and lookups by card id and by notation code.

    ``cards`` lists every physical card in canonical order: mana by code (``F1`` ... ``RB``), then
    spells, then scrolls, by id. ``by_code`` maps ``F1`` to a ``ManaKind``, ``S19`` to a ``Spell``
    and ``R03`` to a ``Scroll``.

    >>> cards = load_cards()
    >>> cards.by_id["R03-b"].code, cards.ids_of("R03"), cards.kind_of("MR-08").code
    ('R03', ('R03-a', 'R03-b'), 'RB')
    """

    def __init__(
        self,
        path: str,
        mana_kinds: tuple[ManaKind, ...],
        spells: tuple[Spell, ...],
        scrolls: tuple[Scroll, ...],
    ) -> None:
        self.path = path
        self.mana_kinds = tuple(sorted(mana_kinds, key=lambda k: CODES.index(k.code)))
        self.spells = tuple(sorted(spells, key=lambda s: s.id))
        self.scrolls = tuple(sorted(scrolls, key=lambda s: s.id))
        cards: list[Card] = []
        for kind in self.mana_kinds:
            cards += [Card(card_id, "mana", kind.code, kind) for card_id in kind.ids]
        for spell in self.spells:
            cards.append(Card(spell.id, "spell", spell.id, spell))
        for scroll in self.scrolls:
            cards += [Card(card_id, "scroll", scroll.id, scroll) for card_id in scroll.ids]
        self.cards: tuple[Card, ...] = tuple(cards)
        self.by_id: Mapping[str, Card] = MappingProxyType({c.id: c for c in cards})
        faces: dict[str, Face] = {k.code: k for k in self.mana_kinds}
        faces.update({s.id: s for s in self.spells})
        faces.update({s.id: s for s in self.scrolls})
        self.by_code: Mapping[str, Face] = MappingProxyType(faces)

    def __len__(self) -> int:
        return len(self.cards)

    def __repr__(self) -> str:
        return (
            f"CardSet({self.path!r}: {self.mana_count} mana, {self.spell_count} spells, "
            f"{self.scroll_count} scrolls)"
        )

    @property
    def mana_count(self) -> int:
        """The number of mana cards."""
        return sum(k.copies for k in self.mana_kinds)

    @property
    def spell_count(self) -> int:
        """The number of spell cards."""
        return len(self.spells)

    @property
    def scroll_count(self) -> int:
        """The number of scroll cards (copies counted)."""
        return sum(s.copies for s in self.scrolls)

    @property
    def options(self) -> tuple[tuple[Spell, SpellOption], ...]:
        """Every spell option with its spell, in spell order."""
        return tuple((spell, option) for spell in self.spells for option in spell.options)

    def card(self, card_id: str) -> Card:
        """The card with this id (``MF1-03``, ``S19``, ``R03-b``)."""
        try:
            return self.by_id[card_id]
        except KeyError:
            raise KeyError(f"no card {card_id!r} in {self.path}") from None

    def kind_of(self, card_id: str) -> Face:
        """The face of a card by card id: a ``ManaKind``, ``Spell`` or ``Scroll``."""
        return self.card(card_id).face

    def code_of(self, card_id: str) -> str:
        """The notation code of a card (``MF2-01`` -> ``F2``, ``R03-b`` -> ``R03``)."""
        return self.card(card_id).code

    def face(self, code: str) -> Face:
        """The face with this notation code (``F1``, ``S19``, ``R03``)."""
        try:
            return self.by_code[code]
        except KeyError:
            raise KeyError(f"no card code {code!r} in {self.path}") from None

    def ids_of(self, code: str) -> tuple[str, ...]:
        """The card ids of a notation code, lowest first."""
        return self.face(code).ids

    def mana_kind(self, code: str) -> ManaKind:
        """The mana kind of a code such as ``F1`` or ``RB``."""
        face = self.face(code)
        if not isinstance(face, ManaKind):
            raise KeyError(f"{code!r} is not a mana code")
        return face

    def spell(self, spell_id: str) -> Spell:
        """The spell ``S01`` ... ``S35``."""
        face = self.face(spell_id)
        if not isinstance(face, Spell):
            raise KeyError(f"{spell_id!r} is not a spell")
        return face

    def scroll(self, scroll_id: str) -> Scroll:
        """The scroll kind ``R01`` ... ``R16`` (a copy id such as ``R03-b`` works too)."""
        face = self.face(scroll_id) if scroll_id in self.by_code else self.kind_of(scroll_id)
        if not isinstance(face, Scroll):
            raise KeyError(f"{scroll_id!r} is not a scroll")
        return face

    def option(self, ref: str) -> SpellOption:
        """A spell option in notation ``S19/3`` (option numbers from 1)."""
        spell_id, slash, written = ref.partition("/")
        option = number(written)
        if not slash or option is None:
            raise KeyError(f"bad option {ref!r}: write spell/number, e.g. S19/3")
        return self.spell(spell_id).option(option)


# -- loading ----------------------------------------------------------------------------------

_MANA_FIELDS = ("code", "prefix", "element", "symbol", "orbs", "copies", "en", "ja")
_SPELL_FIELDS = ("id", "en", "ja", "element", "options")
_SCROLL_FIELDS = ("id", "en", "ja", "copies", "timing", "trigger", "effect")
_SPELL_ID = re.compile(r"S[0-9]{2,3}")
_SCROLL_ID = re.compile(r"R[0-9]{2,3}")
_PREFIX = re.compile(r"[A-Z][A-Z0-9]*")


def load_cards(path: str | os.PathLike[str] | None = None) -> CardSet:
    """Load and validate a card file; ``None`` loads the shipped set (cached).

    >>> load_cards() is load_cards()
    True
    >>> load_cards("no/such/cards.toml")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    bodoge.core.errors.CardSetError: no/such/cards.toml: cannot read the file (No such file...
    """
    if path is None:
        return _shipped()
    return parse_cards(read_card_file(path), os.fspath(path))


@cache
def _shipped() -> CardSet:
    resource = resources.files("bodoge.games.ruler_of_mana").joinpath("cards.toml")
    return parse_cards(resource.read_bytes(), str(resource))


def parse_cards(text: str | bytes, file: str = "<cards>") -> CardSet:
    """Validate a card file's text (or its bytes, UTF-8; see the module docstring); ``file``
    names it in errors.

    >>> parse_cards('[[spell]]\\nid = "S01"', "mine.toml")
    Traceback (most recent call last):
    ...
    bodoge.core.errors.CardSetError: mine.toml: field 'mana': missing: the deck needs mana cards
    """
    return _Reader(card_file(file, text, _ID_KEYS)).read()


def _m(key: str, **fields: Any) -> Message:
    """A problem worded from the catalogue: ``rm.cards.error.<key>`` with its fields."""
    return Message(f"rm.cards.error.{key}", fields)


class _Reader:
    """Turns parsed TOML into a ``CardSet``, raising ``CardSetError`` at the first problem."""

    def __init__(self, cards: CardFile) -> None:
        self.cards = cards
        self.codes: dict[str, Message] = {}  # notation code -> the entry that uses it
        self.ids: dict[str, Message] = {}  # card id -> the entry that uses it

    def fail(self, card: str | None, field: str | None, problem: Message) -> CardSetError:
        return self.cards.fail(card, field, problem)

    def read(self) -> CardSet:
        data = self.cards.data
        self.cards.check_tables(TABLES, FILE_WORDS)
        mana = tuple(self.mana(e, i) for i, e in self.section(data, "mana", True))
        spells = tuple(self.spell(e, i) for i, e in self.section(data, "spell", True))
        scrolls = tuple(self.scroll(e, i) for i, e in self.section(data, "scroll", False))
        return CardSet(self.cards.file, mana, spells, scrolls)

    def section(
        self, data: dict[str, Any], name: str, required: bool
    ) -> list[tuple[int, dict[str, Any]]]:
        entries = data.get(name)
        if entries is None:
            if required:
                raise self.fail(None, name, _m("section_missing", cards=_m(f"section.{name}")))
            return []
        if not isinstance(entries, list) or not all(isinstance(e, dict) for e in entries):
            raise self.fail(None, name, _m("not_array", name=name))
        if required and not entries:
            raise self.fail(None, name, _m("section_empty", cards=_m(f"section.{name}")))
        return list(enumerate(entries, start=1))

    # -- fields

    def text(self, entry: dict[str, Any], card: str, field: str) -> str:
        if field not in entry:
            raise self.fail(card, field, Message("cards.error.missing"))
        value = entry[field]
        if not isinstance(value, str):
            raise self.fail(card, field, _m("not_text", value=value))
        if not value.strip():
            raise self.fail(card, field, _m("empty"))
        return self.cards.check_text(value, card, field)

    def name(self, entry: dict[str, Any], card: str, field: str) -> str:
        """A name a player reads (``en``, ``ja``): one line, at most NAME_LENGTH characters."""
        return self.cards.check_text(self.text(entry, card, field), card, field, NAME_LENGTH)

    def number(self, entry: dict[str, Any], card: str, field: str, lo: int, hi: int) -> int:
        if field not in entry:
            raise self.fail(card, field, Message("cards.error.missing"))
        value = entry[field]
        if isinstance(value, bool) or not isinstance(value, int):
            raise self.fail(card, field, _m("not_integer", value=value))
        if not lo <= value <= hi:
            raise self.fail(card, field, _m("range", low=lo, high=hi, value=value))
        return value

    def choice(self, entry: dict[str, Any], card: str, field: str, allowed: tuple[str, ...]) -> str:
        value = self.text(entry, card, field)
        if value not in allowed:
            raise self.fail(
                card,
                field,
                _m("unknown_choice", field=field, value=value, allowed=", ".join(allowed)),
            )
        return value

    def claim(
        self,
        card: str,
        place: Message,
        code_field: str,
        code: str,
        id_field: str,
        ids: tuple[str, ...],
    ) -> None:
        """Record a notation code and card ids of the entry at ``place``, failing on one already
        used (naming both entries)."""
        if code in self.codes:
            what = Message("cards.error.what.field", {"field": code_field, "value": code})
            raise self.fail(card, code_field, self.cards.twice(what, self.codes[code], place))
        self.codes[code] = place
        for card_id in ids:
            if card_id in self.ids:
                what = Message("cards.error.what.card_id", {"value": card_id})
                raise self.fail(card, id_field, self.cards.twice(what, self.ids[card_id], place))
            self.ids[card_id] = place

    def entry(self, entry: dict[str, Any], section: str, number: int, key: str) -> str:
        """How an entry is named in messages (its ``key``, else ``spell #2``), once its fields
        are known ones."""
        card = entry[key] if isinstance(entry.get(key), str) else f"{section} #{number}"
        known = {"mana": _MANA_FIELDS, "spell": _SPELL_FIELDS, "scroll": _SCROLL_FIELDS}[section]
        self.cards.check_fields(entry, card, known)
        return card

    # -- entries

    def mana(self, entry: dict[str, Any], number: int) -> ManaKind:
        card = self.entry(entry, "mana", number, "code")
        code = self.choice(entry, card, "code", CODES)
        kind = MANA[code]
        element = self.choice(entry, card, "element", MANA_ELEMENTS)
        if element != kind.element:
            raise self.fail(
                card, "element", _m("mana_element", code=code, element=kind.element, given=element)
            )
        symbol: str | None = None
        if kind.symbol is None:
            if "symbol" in entry:
                raise self.fail(card, "symbol", _m("rainbow_symbol"))
        else:
            symbol = self.text(entry, card, "symbol")
            if symbol != kind.symbol:
                raise self.fail(
                    card, "symbol", _m("mana_symbol", element=element, symbol=kind.symbol)
                )
        orbs = self.number(entry, card, "orbs", 1, 2)
        if orbs != kind.orbs:
            raise self.fail(card, "orbs", _m("orbs", code=code, orbs=kind.orbs, given=orbs))
        prefix = self.text(entry, card, "prefix")
        if not _PREFIX.fullmatch(prefix):
            raise self.fail(card, "prefix", _m("prefix", value=prefix))
        copies = self.number(entry, card, "copies", 1, MAX_MANA_COPIES)
        result = ManaKind(
            code,
            prefix,
            element,
            symbol,
            orbs,
            copies,
            self.name(entry, card, "en"),
            self.name(entry, card, "ja"),
        )
        self.claim(card, self.cards.place("mana", number), "code", code, "prefix", result.ids)
        return result

    def spell(self, entry: dict[str, Any], number: int) -> Spell:
        card = self.entry(entry, "spell", number, "id")
        spell_id = self.text(entry, card, "id")
        if not _SPELL_ID.fullmatch(spell_id):
            raise self.fail(card, "id", _m("spell_id", value=spell_id))
        en, ja = self.name(entry, card, "en"), self.name(entry, card, "ja")
        element = self.choice(entry, card, "element", ELEMENTS)
        if "options" not in entry:
            raise self.fail(card, "options", Message("cards.error.missing"))
        texts = entry["options"]
        if not isinstance(texts, list) or not all(isinstance(t, str) for t in texts):
            raise self.fail(card, "options", _m("options_not_list"))
        if not 1 <= len(texts) <= MAX_OPTIONS:
            raise self.fail(
                card, "options", _m("options_count", high=MAX_OPTIONS, count=len(texts))
            )
        options: list[SpellOption] = []
        for option_number, option_text in enumerate(texts, start=1):
            self.cards.check_text(option_text, card, "options")
            try:
                option = parse_option(option_text)
            except ValueError as error:
                problem = _m("option", number=option_number, error=worded(error))
                raise self.fail(card, "options", problem) from None
            for earlier, other in enumerate(options, start=1):
                if other.cost == option.cost:
                    same = _m(
                        "same_cost", first=earlier, second=option_number, cost=str(option.cost)
                    )
                    raise self.fail(card, "options", same)
            options.append(option)
        self.claim(card, self.cards.place("spell", number), "id", spell_id, "id", (spell_id,))
        return Spell(spell_id, en, ja, element, tuple(options))

    def scroll(self, entry: dict[str, Any], number: int) -> Scroll:
        card = self.entry(entry, "scroll", number, "id")
        scroll_id = self.text(entry, card, "id")
        if not _SCROLL_ID.fullmatch(scroll_id):
            raise self.fail(card, "id", _m("scroll_id", value=scroll_id))
        en, ja = self.name(entry, card, "en"), self.name(entry, card, "ja")
        copies = self.number(entry, card, "copies", 1, len(COPY_LETTERS))
        timing = cast(Timing, self.choice(entry, card, "timing", TIMINGS))
        effect_text = self.text(entry, card, "effect")
        effects: tuple[Effect, ...] = ()
        reaction: Reaction | None = None
        trigger: Trigger | None = None
        if timing == "main":
            if "trigger" in entry:
                raise self.fail(card, "trigger", _m("main_trigger"))
            try:
                effects = parse_effects(effect_text)
            except ValueError as error:
                raise self.fail(card, "effect", worded(error)) from None
        else:
            allowed = TIMING_TRIGGERS[timing]
            trigger_text = self.choice(entry, card, "trigger", TRIGGERS)
            if trigger_text not in allowed:
                fits = _m(
                    "trigger_timing",
                    trigger=trigger_text,
                    timing=timing,
                    allowed=", ".join(allowed),
                )
                raise self.fail(card, "trigger", fits)
            try:
                reaction = parse_reaction(effect_text, trigger_text, timing)
            except ValueError as error:
                raise self.fail(card, "effect", worded(error)) from None
            trigger = reaction.trigger
        result = Scroll(scroll_id, en, ja, copies, timing, trigger, effects, reaction)
        self.claim(card, self.cards.place("scroll", number), "id", scroll_id, "id", result.ids)
        return result
