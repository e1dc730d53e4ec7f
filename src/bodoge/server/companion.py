"""The companion of the physical games: rooms that keep the open table of a game played with real
cards (Ruler of Mana's life count, Extreme Mission's missions and collaborators) on every phone
at the table, and reckon its end by the rules (``games/<game>/reckoning.py``).

A companion room is its setup and a log of changes, stored like a game's history: a change is
written before anyone is told of it, so reloads, dropped connections and a restart lose nothing.
Each change carries the id its phone gave it; a change that arrives twice (a phone catching up
after losing the network) is acknowledged and not applied again. ``{"do": "undo", "of": id}``
takes back the last change still in force, only that one, so two phones never undo twice.

Extreme Mission's phones deal the twelve missions (EM-1.1) and the table lays out those cards; a
table that dealt its own enters them instead, ``{"do": "lay", "missions": [12 ids]}`` (three of
each level of its card set, each once), before the first cube is put on a mission.

Routes: ``POST /api/companion`` ``{"game", "players", "names"?, "variant"?, "start_player"?,
"cards"?, "cards_name"?}`` → ``201 {"room", "url"}`` (a name null or blank: none, each phone
words the seat in its own language); ``GET /api/companion/{room}`` → the room's frame;
``GET /api/companion/{room}/missions`` → ``{"missions": [{"id", "level", "name", "condition"}…]}``
every mission of an Extreme Mission table's card set (as the frame words the laid ones);
``/ws/companion/{room}``: the frame on connecting and after every change to everyone,
``{"type": "change", "id", "change"}`` → ``{"type": "ack", "id"}`` or ``{"type": "error",
"message", "id", "seq"}`` (``id`` null when it was not a change's id); ``{"type": "ping"}`` →
``{"type": "pong"}``; a room that does not exist: an error frame, then close code 4404. Pages:
``/companion`` (the two companions), ``/companion/{game}`` (set up or join a table) and
``/companion/{game}/{room}`` (another game's room: redirected to its own game's page; no such
room: the page, as 404, says so).

Every change is checked field by field at the door (:func:`clean_change`: exact JSON types, a
seat of this table, a count in range), whichever build runs (the compiled reckoning would take
``true`` for 1), and only its known fields are stored. A stored change the table refuses on a
restart (stored by an older server, before those checks) is skipped with a warning, the rest of
the room kept: it stays in the log, marked ``skipped``, so its id is still known and the log's
numbering goes on.

The table is public — everyone at it sees it — and the frame carries nothing else: no seed.

A table is found by its code, so the code is its only key: whoever has it may change the table.
A new table's code is :data:`CODE_LENGTH` (10) characters of :data:`CODE_ALPHABET` (32 letters
and digits, no 0/o nor 1/l: codes are read aloud), shown in two groups of five, ``abcde-fghij``
(:func:`shown_code`); a lookup takes it with or without the dash and spaces, in any case, and
full-width (:func:`code_of`), and a page asked for by another spelling is sent to the code's own
address. Tables made before keep their six characters: their links go on working, and they are
deleted a week after their last change like any table. Why ten: an address that looks up 10 codes
of no table in a minute is refused every lookup for a while (:class:`~bodoge.server.limits.Misses`,
an IPv6 address by its /64), but a guesser with many addresses is not held back by that. Six
characters are 32**6 ≈ 1.07e9 codes: 1,000 addresses guessing 10 a minute each, 10,000 guesses a
minute, found one of 1,000 live tables about every 107 minutes, and however many addresses
guess, the server answering 10,000 lookups a second (more than one process answers) would let
them find one every 2 minutes. Ten characters are 32**10 ≈ 1.13e15 codes: the same 1,000
addresses find one of 1,000 tables once in some 214 years, and guessing at those 10,000 a second,
with the server answering nobody else, once in some 3.6 years (eight characters: 1.3 days). A
server-wide budget of misses was not taken: past it every lookup would be refused, a live table's
too (else each answer still tells which codes are live), so one guesser could shut every table
out; nor counting misses by wider blocks of addresses, which a scattered botnet does not share
and a campus's or a mobile carrier's people do. A longer code costs the table nothing but typing
ten characters once a phone, which the shared link spares.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import random
import re
import secrets
import time
import unicodedata
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any, TypeVar

from starlette.requests import Request
from starlette.responses import (
    HTMLResponse,
    JSONResponse,
    PlainTextResponse,
    RedirectResponse,
    Response,
)
from starlette.routing import BaseRoute, Route, WebSocketRoute
from starlette.websockets import WebSocket, WebSocketDisconnect

from bodoge.core.action import number
from bodoge.core.errors import BodogeError, Refusal
from bodoge.core.i18n import text
from bodoge.core.table import seat as seat_at
from bodoge.games.extreme_mission import reckoning as em
from bodoge.games.extreme_mission.cards import CardSet, Mission
from bodoge.games.extreme_mission.rules import LEVELS, MISSIONS_PER_LEVEL
from bodoge.games.extreme_mission.words import condition_words
from bodoge.games.ruler_of_mana import reckoning as rm
from bodoge.server import wire
from bodoge.server.body import json_body
from bodoge.server.limits import FrameLimit, Misses, client_address
from bodoge.server.pages import page_html
from bodoge.server.paths import web_dir
from bodoge.server.reader import lang_of, refused
from bodoge.server.rooms import (
    UNTOUCHED_DAYS,
    Connection,
    RoomError,
    Rooms,
    clean_name,
    engine_text,
)
from bodoge.server.root import rooted
from bodoge.server.sockets import TOO_MANY, counted, frame_size, receive, write_outbox
from bodoge.server.storage import ChangeRecord, CompanionRecord

__all__ = ["GAMES", "Companions", "routes"]

log = logging.getLogger("bodoge.server")

HISTORY_SHOWN = 60
"""The latest changes a frame lists (the whole log stays stored)."""
CLIENT_ID_LENGTH = 64
UNDO = "undo"
WORD_LENGTH = 64
"""The longest mission id or collaborator kind a change may name."""
MAX_AMOUNT = 999
"""The most life, shield or cards one change may count (a typo, not a rule, beyond it)."""
LAID = len(LEVELS) * MISSIONS_PER_LEVEL
"""The missions a table lays (EM-1.1: three of each of the four levels), whatever the players."""
KIND = "companions"
"""What the limit on rooms made from one address counts companion rooms as (apart from games)."""
NO_ROOM = 4404
"""The close code of a websocket to a room that does not exist (as the game rooms')."""
CODE_ALPHABET = "abcdefghijkmnpqrstuvwxyz23456789"
"""The characters of a table's code: no 0/o nor 1/l, since codes are read aloud."""
CODE_LENGTH = 10
"""The characters of a new table's code (tables made before have six, and keep them)."""
CODE_GROUP = 5
"""A code is shown in groups of this many characters, ``abcde-fghij``."""
_NOT_IN_CODES = re.compile(r"[\s\-\u2010-\u2015\u2212\u30fc]")
"""What a code is shown or typed with and is not of it: spaces, the group's dash, and the dashes
a phone's keyboard may put for it (Unicode's, the minus sign, the Japanese long-vowel mark)."""


def shown(value: object) -> str:
    """``value`` as an error repeats it: as JSON (``"0"`` is not ``0``), cut as the game rooms'
    errors cut what a person sent (``wire.quoted``).

    >>> shown("0"), shown(1.5), shown(["x"] * 20)
    ('"0"', '1.5', '["x", "x", "x", "x", "x", "x", "x", "x",…')
    """
    try:
        words = json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError):
        words = repr(value)
    return wire.quoted(words)


# ---------------------------------------------------------------------- a change's fields
# Each check takes the field's name, its value and the table's number of players, and gives the
# value the table takes, or a Refusal naming the field. Exact JSON types: true is not 1, 1.0 is
# not 1 and "0" is not 0 (Python would take the first two as whole numbers).
Check = Callable[[str, object, int], object]


def _whole(name: str, value: object) -> int:
    if type(value) is not int:
        raise Refusal("companion.error.field.whole", field=name, value=shown(value))
    return value


def _seat(name: str, value: object, players: int) -> object:
    """A seat of this table; one out of range repeated as a room's error repeats it (cut)."""
    whole = _whole(name, value)
    try:
        return seat_at(players, whole)
    except Refusal:
        raise Refusal("companion.error.no_seat", seat=shown(whole), players=players) from None


def _seat_or_none(name: str, value: object, players: int) -> object:
    return None if value is None else _seat(name, value, players)


def _amount(name: str, value: object, players: int) -> object:
    if not 0 <= _whole(name, value) <= MAX_AMOUNT:
        raise Refusal(
            "companion.error.field.range", field=name, value=shown(value), low=0, high=MAX_AMOUNT
        )
    return value


def _flag(name: str, value: object, players: int) -> object:
    if type(value) is not bool:
        raise Refusal("companion.error.field.flag", field=name, value=shown(value))
    return value


def _word(name: str, value: object, players: int) -> object:
    if type(value) is not str or not 0 < len(value) <= WORD_LENGTH:
        raise Refusal(
            "companion.error.field.text", field=name, value=shown(value), limit=WORD_LENGTH
        )
    return value


def _mission_ids(name: str, value: object, players: int) -> object:
    """The :data:`LAID` mission ids a table dealt itself; whether they are this card set's, each
    once and as many of each level, the table checks (``em.Table.lay``)."""
    if type(value) is not list or len(value) != LAID:
        raise Refusal(
            "companion.error.field.missions",
            field=name,
            value=shown(value),
            count=LAID,
            per=MISSIONS_PER_LEVEL,
        )
    return [_word(f"{name}.{i}", m, players) for i, m in enumerate(value)]


def _name(name: str, value: object, players: int) -> object:
    try:
        return clean_name(value)
    except RoomError:
        raise Refusal("companion.error.name") from None


def _ending(name: str, value: object, players: int) -> object:
    if type(value) is not str or value not in rm.ENDINGS:
        raise Refusal("companion.error.rm.ending", ending=shown(value))
    return value


def _hand_sizes(name: str, value: object, players: int) -> object:
    """``{"0": 5, "2": 3}``: seats (as JSON keys are, text) to their cards in hand."""
    if type(value) is not dict or not value:
        raise Refusal("companion.error.field.hands", value=shown(value))
    sizes = {}
    for key, size in value.items():
        whole = number(key)
        if whole is None:
            raise Refusal("companion.error.field.whole", field=name, value=shown(key))
        seat = _seat(f"{name}.{key}", whole, players)
        sizes[str(seat)] = _amount(f"{name}.{key}", size, players)
    return sizes


_SHARED: dict[str, dict[str, Check]] = {
    "next": {},
    "name": {"seat": _seat, "name": _name},
    "hands": {"hands": _hand_sizes},
    UNDO: {"of": _word},
}
RULER_CHANGES: dict[str, dict[str, Check]] = {
    "damage": {"seat": _seat, "amount": _amount},
    "heal": {"seat": _seat, "amount": _amount},
    "shield": {"seat": _seat, "amount": _amount},
    "penalty": {"seat": _seat},
    "end": {"ending": _ending, "blow_by": _seat_or_none},
    **_SHARED,
}
MISSION_CHANGES: dict[str, dict[str, Check]] = {
    "complete": {"seat": _seat, "mission": _word},
    "collaborator": {"seat": _seat, "kind": _word, "up": _flag},
    "lay": {"missions": _mission_ids},
    **_SHARED,
}
OPTIONAL = frozenset({"blow_by"})
"""Fields a change may leave out (then null): no blow when the deck ran out."""


def clean_change(
    changes: Mapping[str, Mapping[str, Check]], change: object, players: int
) -> dict[str, Any]:
    """``change`` as the table takes it, only its known fields, each checked; else a Refusal
    saying which field is wrong and how (the input it repeats cut short).

    >>> clean_change(RULER_CHANGES, {"do": "heal", "seat": 1, "amount": 3, "x": 0}, 2)
    {'do': 'heal', 'seat': 1, 'amount': 3}
    >>> clean_change(RULER_CHANGES, {"do": "heal", "seat": 0, "amount": True}, 2)
    Traceback (most recent call last):
    bodoge.core.errors.Refusal: "amount": true is not a whole number
    """
    if type(change) is not dict:
        raise Refusal("companion.error.not_change", value=shown(change))
    do = change.get("do")
    fields = changes.get(do) if type(do) is str else None
    if fields is None:
        raise Refusal("companion.error.change", do=shown(do), known=", ".join(changes))
    clean: dict[str, Any] = {"do": do}
    for name, check in fields.items():
        if name in change:
            clean[name] = check(name, change[name], players)
        elif name in OPTIONAL:
            clean[name] = None
        else:
            raise Refusal("companion.error.field.missing", do=do, field=name)
    return clean


# ---------------------------------------------------------------------- Ruler of Mana
@dataclass(frozen=True)
class RulerTable:
    """The life count (``rm.Count``), the names (None: not given, each phone words the seat), and
    the end once it is declared: how it ended, whose blow it was, and the hand sizes given for
    the tie-break."""

    count: rm.Count
    names: tuple[str | None, ...]
    ending: str | None = None
    blow_by: int | None = None
    hands: Mapping[int, int] = field(default_factory=dict)

    def reckoning(self) -> rm.Reckoning | None:
        if self.ending is None or self.missing_hands():
            return None
        return rm.reckon(self.count.life, self.ending, self.blow_by, self.hands)

    def missing_hands(self) -> list[int]:
        if self.ending is None:
            return []
        return [s for s in rm.hands_needed(self.count.life, self.blow_by) if s not in self.hands]

    def to_dict(self) -> dict[str, Any]:
        c = self.count
        done = self.reckoning()
        return {
            "players": c.players,
            "names": list(self.names),
            "variant": "expert" if c.expert else "basic",
            "life": list(c.life),
            "shield": list(c.shield),
            "start_player": c.start_player,
            "player": c.player,
            "knocked_out": list(c.knocked_out),
            "ending": self.ending,
            "blow_by": self.blow_by,
            "hands": {str(s): n for s, n in sorted(self.hands.items())},
            "hands_needed": self.missing_hands(),
            "reckoning": None if done is None else done.to_dict(),
        }


def _ruler_start(setup: Mapping[str, Any], cards: CardSet | None) -> RulerTable:
    count = rm.Count.start(setup["players"], setup["variant"] == "expert", setup["start_player"])
    return RulerTable(count, tuple(setup["names"]))


def _ruler_change(table: RulerTable, change: Mapping[str, Any]) -> RulerTable:
    """One change of the life count (its fields checked: :func:`clean_change`); once the end is
    declared, only the hand sizes."""
    do = change["do"]
    c = table.count
    if table.ending is not None and do != "hands":
        raise Refusal("companion.error.ended")
    if do in ("damage", "heal", "shield"):
        step = {"damage": c.damage, "heal": c.heal, "shield": c.shield_up}[do]
        return replace(table, count=step(change["seat"], change["amount"]))
    if do == "penalty":
        return replace(table, count=c.penalty(change["seat"]))
    if do == "next":
        return replace(table, count=c.next_turn())
    if do == "name":
        return _renamed(table, change)
    if do == "end":
        rm.check_ending(c.life, change["ending"], change["blow_by"])
        return replace(table, ending=change["ending"], blow_by=change["blow_by"])
    if do == "hands":
        if table.ending is None:
            raise Refusal("companion.error.not_ended")
        return replace(table, hands=_hands(table.hands, change))
    raise Refusal("companion.error.change", do=shown(do), known=", ".join(RULER_CHANGES))


# ---------------------------------------------------------------------- Extreme Mission
@dataclass(frozen=True)
class MissionTable:
    """The open table (``em.Table``), the names (None: not given), the hand sizes given at the
    end, and whether the laid missions are the table's own deal (entered with ``lay``) rather
    than the phones'."""

    table: em.Table
    names: tuple[str | None, ...]
    cards: CardSet
    hands: Mapping[int, int] = field(default_factory=dict)
    own_deal: bool = False

    def missing_hands(self) -> list[int]:
        if not self.table.over:
            return []
        return [s for s in em.hands_needed(self.table) if s not in self.hands]

    def to_dict(self) -> dict[str, Any]:
        t = self.table
        cs = self.cards
        done = em.reckon(t, self.hands) if t.over and not self.missing_hands() else None
        return {
            "players": t.players,
            "names": list(self.names),
            "missions": [mission_face(cs, cs.mission(m)) for m in t.missions],
            "own_deal": self.own_deal,
            "kinds": [
                {"code": k.code, "name": {"en": k.en, "ja": k.ja}} for k in cs.collaborator_kinds
            ],
            "completed": [list(c) for c in t.completed],
            "down": [sorted(d) for d in t.down],
            "finished": [t.meets_end_condition(s) for s in range(t.players)],
            "start_player": t.start_player,
            "player": t.player,
            "last_seat": t.last_seat,
            "last_round": t.last_round,
            "turns_left": t.turns_left,
            "over": t.over,
            "hands": {str(s): n for s, n in sorted(self.hands.items())},
            "hands_needed": self.missing_hands(),
            "reckoning": None if done is None else done.to_dict(),
        }


def mission_face(cards: CardSet, mission: Mission) -> dict[str, Any]:
    """A mission as its card shows it, in both languages: ``{"id", "level", "name": {"en",
    "ja"}, "condition": {"en", "ja"}}``."""
    return {
        "id": mission.id,
        "level": mission.level,
        "name": {"en": mission.en, "ja": mission.ja},
        "condition": {
            lang: condition_words(cards, mission.condition, lang) for lang in ("en", "ja")
        },
    }


def _mission_start(setup: Mapping[str, Any], cards: CardSet | None) -> MissionTable:
    assert cards is not None
    table = em.Table.deal(cards, setup["players"], setup["start_player"], setup["seed"])
    return MissionTable(table, tuple(setup["names"]), cards)


def _mission_change(table: MissionTable, change: Mapping[str, Any]) -> MissionTable:
    """One change of the open table (its fields checked: :func:`clean_change`); once the game
    is over, only the hand sizes."""
    do = change["do"]
    t = table.table
    if t.over and do != "hands":
        raise Refusal("companion.error.ended")
    if do == "complete":
        return replace(table, table=t.complete(change["seat"], change["mission"]))
    if do == "collaborator":
        turned = t.turn_collaborator(change["seat"], change["kind"], change["up"])
        return replace(table, table=turned)
    if do == "next":
        return replace(table, table=t.next_turn())
    if do == "lay":
        return replace(table, table=t.lay(table.cards, change["missions"]), own_deal=True)
    if do == "name":
        return _renamed(table, change)
    if do == "hands":
        if not t.over:
            raise Refusal("companion.error.not_ended")
        return replace(table, hands=_hands(table.hands, change))
    raise Refusal("companion.error.change", do=shown(do), known=", ".join(MISSION_CHANGES))


# ---------------------------------------------------------------------- shared
Named = TypeVar("Named", RulerTable, MissionTable)


def _renamed(table: Named, change: Mapping[str, Any]) -> Named:
    names = list(table.names)
    names[change["seat"]] = change["name"]
    return replace(table, names=tuple(names))


def _hands(given: Mapping[int, int], change: Mapping[str, Any]) -> dict[int, int]:
    """The hand sizes given so far with those of ``change`` (seats as text: JSON's keys)."""
    return {**given, **{int(seat): size for seat, size in change["hands"].items()}}


@dataclass(frozen=True)
class Game:
    """How a companion game starts its table, which changes it knows (each field's check) and
    how it applies one."""

    start: Callable[[Mapping[str, Any], CardSet | None], Any]
    apply: Callable[[Any, Mapping[str, Any]], Any]
    changes: Mapping[str, Mapping[str, Check]]
    min_players: int
    max_players: int


GAMES: dict[str, Game] = {
    "ruler-of-mana": Game(_ruler_start, _ruler_change, RULER_CHANGES, 2, 6),
    "extreme-mission": Game(_mission_start, _mission_change, MISSION_CHANGES, 2, 5),
}


class Companion:
    """One companion room: its setup, the tables after each change in force (so undo is a pop),
    the log and who is connected."""

    def __init__(self, record: CompanionRecord, cards: CardSet | None) -> None:
        self.id = record.room
        self.game = record.game
        self.setup = record.setup
        self.rules = GAMES[record.game]
        self.tables: list[Any] = [self.rules.start(record.setup, cards)]
        self.in_force: list[str] = []  # client ids of the changes in force, oldest first
        self.log: list[ChangeRecord] = []
        self.ids: set[str] = set()
        self.skipped: set[str] = set()  # client ids of stored changes the table refused
        self.connections: set[Connection] = set()
        self.lock = asyncio.Lock()
        for stored in record.changes:
            self.restore(stored)

    @property
    def table(self) -> Any:
        return self.tables[-1]

    def clean(self, change: object) -> dict[str, Any]:
        """``change`` with its fields checked for this game and table (:func:`clean_change`)."""
        return clean_change(self.rules.changes, change, self.setup["players"])

    def check(self, change: Mapping[str, Any]) -> Any:
        """The table after the clean ``change`` (a Refusal if the rules refuse it), or the table
        after an undo."""
        if change["do"] == UNDO:
            if not self.in_force or change["of"] != self.in_force[-1]:
                raise Refusal("companion.error.undo")
            return self.tables[-2]
        return self.rules.apply(self.table, change)

    def commit(self, record: ChangeRecord, table: Any) -> None:
        """Put a checked change in force: ``table`` is what :meth:`check` gave for it."""
        if record.change["do"] == UNDO:
            self.tables.pop()
            self.in_force.pop()
        else:
            self.tables.append(table)
            self.in_force.append(record.client_id)
        self.log.append(record)
        self.ids.add(record.client_id)

    def restore(self, stored: ChangeRecord) -> None:
        """A stored change, applied again on a restart. One the table now refuses (a server
        before the checks at the door stored it) is skipped, with a warning, and the rest of the
        room kept: losing a whole table for one bad change would be worse. It stays in the log
        (its id known, the numbering unbroken), marked skipped; changes after it that depended
        on it are refused, and skipped, alike."""
        try:
            change = self.clean(stored.change)
            table = self.check(change)
        except (BodogeError, TypeError, ValueError, KeyError, IndexError) as exc:
            log.warning(
                "companion %s: stored change %d (%s) skipped on restoring: %s",
                self.id,
                stored.seq,
                shown(stored.change),
                exc,
            )
            self.log.append(stored)
            self.ids.add(stored.client_id)
            self.skipped.add(stored.client_id)
            return
        self.commit(replace(stored, change=change), table)

    def frame(self) -> str:
        undone = {
            r.change.get("of")
            for r in self.log
            if r.change.get("do") == UNDO and r.client_id not in self.skipped
        } - set(self.in_force)
        return wire.dumps(
            {
                "type": "companion",
                "room": self.id,
                "game": self.game,
                "seq": len(self.log),
                "table": self.table.to_dict(),
                "undo": self.in_force[-1] if self.in_force else None,
                "history": [
                    {
                        "seq": r.seq,
                        "id": r.client_id,
                        "change": r.change,
                        "undone": r.client_id in undone,
                        "skipped": r.client_id in self.skipped,
                        "at": round(r.at, 3),
                    }
                    for r in self.log[-HISTORY_SHOWN:]
                ],
            }
        )


class Companions:
    """Every companion room of the server, on the rooms' storage and its writer thread."""

    def __init__(self, rooms: Rooms, clock: Callable[[], float] = time.time) -> None:
        self.rooms = rooms
        self.storage = rooms.storage
        self.clock = clock
        self.open: dict[str, Companion] = {}
        self.misses = Misses()  # codes looked up that name no table, by client address

    def _cards(
        self, game: str, setup: Mapping[str, Any], cards_name: str | None = None
    ) -> CardSet | None:
        """Extreme Mission's card set, shipped or uploaded, through the rooms' loader (an error
        names the file as the person knows it, ``cards_name``, as the game rooms' do)."""
        if game != "extreme-mission":
            return None
        made = self.rooms._make_game(
            game, setup["players"], "basic", setup.get("cards"), cards_name
        )
        return made.cards  # type: ignore[attr-defined,no-any-return]

    async def load(self) -> None:
        for record in await self.rooms.db(self.storage.load_companions):
            try:
                self.open[record.room] = Companion(record, self._cards(record.game, record.setup))
            except (BodogeError, RoomError, KeyError) as exc:
                log.error("companion %s: cannot be restored: %s", record.room, exc)

    async def forget_untouched(self) -> list[str]:
        """Delete every companion room nobody changed for :data:`UNTOUCHED_DAYS` days, with its
        log (a table of real cards that long gone has nothing to come back to)."""
        before = self.clock() - UNTOUCHED_DAYS * 86400
        gone = await self.rooms.db(self.storage.forget_companions, before)
        for room_id in gone:
            room = self.open.pop(room_id, None)
            for conn in list(room.connections) if room is not None else []:
                conn.close(1001)
            log.info("companion %s: deleted, untouched for %d days", room_id, UNTOUCHED_DAYS)
        return gone

    async def create(self, body: Mapping[str, Any], lang: str) -> Companion:
        game = body.get("game")
        if game not in GAMES:
            raise RoomError(400, "server.bad_field", field="game")
        rules = GAMES[str(game)]
        players = body.get("players")
        if (
            not isinstance(players, int)
            or isinstance(players, bool)
            or not rules.min_players <= players <= rules.max_players
        ):
            raise RoomError(400, "server.bad_field", field="players")
        variant = body.get("variant", "basic")
        if variant not in ("basic", "expert") or (game != "ruler-of-mana" and variant != "basic"):
            raise RoomError(400, "server.bad_field", field="variant")
        # A seat left unnamed has no name (null), not "Player 3" in the creator's language: each
        # phone words it in its own.
        names = body.get("names")
        if names is None:
            names = [None] * players
        if not isinstance(names, list) or len(names) != players:
            raise RoomError(400, "server.bad_field", field="names")
        names = [_seat_name(n) for n in names]
        seed = secrets.randbits(62)
        start = body.get("start_player")
        if start is None:
            # RM-1.1: the start player at random (Extreme Mission's table picks its own, EM-1.6).
            start = random.Random(seed).randrange(players)
        if not isinstance(start, int) or isinstance(start, bool) or not 0 <= start < players:
            raise RoomError(400, "server.bad_field", field="start_player")
        cards = body.get("cards")
        if cards is not None and (not isinstance(cards, str) or game != "extreme-mission"):
            raise RoomError(400, "server.bad_field", field="cards")
        cards_name = body.get("cards_name")
        if cards_name is not None and not isinstance(cards_name, str):
            raise RoomError(400, "server.bad_field", field="cards_name")
        setup = {
            "players": players,
            "names": names,
            "variant": variant,
            "start_player": start,
            "seed": seed,
            "cards": cards,
        }
        now = self.clock()
        record = CompanionRecord(_room_code(), str(game), setup, now, now)
        room = Companion(record, self._cards(str(game), setup, cards_name))
        await self.rooms.db(self.storage.save_companion, record)
        self.open[room.id] = room
        return room

    def get(self, room_id: str, address: str) -> Companion:
        """The table ``room_id``, looked up by a client at ``address``: 404 if there is none, and
        429 for any table once that address has missed too often lately (:class:`Misses`)."""
        now = time.monotonic()
        if self.misses.barred(address, now):
            raise RoomError(429, "companion.too_many_misses")
        room = self.open.get(code_of(room_id))
        if room is None:
            self.misses.missed(address, now)
            raise RoomError(404, "companion.no_room", room=wire.quoted(room_id))
        return room

    async def change(self, room: Companion, client_id: object, change: object) -> bool:
        """Apply a phone's change: False if that change was already applied (sent twice)."""
        if not _client_id(client_id):
            raise Refusal("companion.error.client_id", limit=CLIENT_ID_LENGTH)
        assert isinstance(client_id, str)
        clean = room.clean(change)
        async with room.lock:
            if client_id in room.ids:
                return False
            table = room.check(clean)
            record = ChangeRecord(len(room.log), client_id, clean, self.clock())
            await self.rooms.db(self.storage.add_change, room.id, record)
            room.commit(record, table)
        frame = room.frame()
        for conn in list(room.connections):
            conn.send(frame)
        return True


def _seat_name(name: object) -> str | None:
    """A name given for a seat, made safe to keep; None (or blank): the seat has none."""
    if name is None or (isinstance(name, str) and not name.strip()):
        return None
    return clean_name(name)


def _client_id(client_id: object) -> bool:
    return isinstance(client_id, str) and 0 < len(client_id) <= CLIENT_ID_LENGTH


def _room_code() -> str:
    """A new table's code: :data:`CODE_LENGTH` random characters of :data:`CODE_ALPHABET`."""
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def code_of(typed: str) -> str:
    """The code a person typed or a link holds, as the table is kept by: width folded (a
    Japanese keyboard's full-width letters), without spaces and dashes, in small letters.

    >>> code_of(" ABCDE-fghij "), code_of("ａｂｃｄｅ－ｆｇｈｉｊ"), code_of("abc def")
    ('abcdefghij', 'abcdefghij', 'abcdef')
    """
    return _NOT_IN_CODES.sub("", unicodedata.normalize("NFKC", typed)).lower()


def shown_code(code: str) -> str:
    """A code as a person reads it: in groups of :data:`CODE_GROUP` (a table's old six-character
    code as it was).

    >>> shown_code("abcdefghij"), shown_code("abcdef")
    ('abcde-fghij', 'abcdef')
    """
    if len(code) != CODE_LENGTH:
        return code
    return "-".join(code[i : i + CODE_GROUP] for i in range(0, len(code), CODE_GROUP))


# ---------------------------------------------------------------------- routes
def _companions(request: Request | WebSocket) -> Companions:
    found: Companions | None = getattr(request.app.state, "companions", None)
    if found is None:
        raise RoomError(503, "server.db_failed")
    return found


async def create(request: Request) -> Response:
    lang = lang_of(request)
    try:
        body = await json_body(request)
        companions = _companions(request)
        companions.rooms.admit(client_address(request), KIND)
        room = await companions.create(body, lang)
    except (RoomError, BodogeError) as exc:
        return refused(request, exc)
    url = rooted(request, f"/companion/{room.game}/{room.id}")
    return JSONResponse({"room": room.id, "url": url}, status_code=201)


async def show(request: Request) -> Response:
    try:
        room = _companions(request).get(request.path_params["room"], client_address(request))
    except RoomError as exc:
        return refused(request, exc)
    return Response(room.frame(), media_type="application/json")


async def card_missions(request: Request) -> Response:
    """``GET /api/companion/{room}/missions``: every mission of an Extreme Mission table's card
    set, level 1 first (each level in the file's order), for a table entering its own deal."""
    try:
        room = _companions(request).get(request.path_params["room"], client_address(request))
        if not isinstance(room.table, MissionTable):
            raise RoomError(404, "companion.no_missions", room=wire.quoted(room.id))
    except RoomError as exc:
        return refused(request, exc)
    cards = room.table.cards
    ordered = sorted(cards.missions, key=lambda m: m.level)
    return JSONResponse({"missions": [mission_face(cards, m) for m in ordered]})


async def socket(websocket: WebSocket) -> None:
    """``/ws/companion/{room}``: the room's frame to every phone, and their changes back."""
    lang = lang_of(websocket)
    await websocket.accept()
    companions = _companions(websocket)
    try:
        room = companions.get(websocket.path_params["room"], client_address(websocket))
    except RoomError as exc:
        if exc.status == 429:  # no frame: before the room's, one tells the page it is gone
            await websocket.close(TOO_MANY)
            return
        # 4404: nothing to come back to, so the page stops reconnecting and says so.
        await websocket.send_text(wire.error_frame(text(exc.key, lang, **exc.fields), 0))
        await websocket.close(NO_ROOM)
        return
    conn = Connection(None, lang)
    limit = FrameLimit()
    room.connections.add(conn)
    conn.send(room.frame())
    writer = asyncio.create_task(write_outbox(websocket, conn))
    try:
        while not conn.closed:
            data = await receive(websocket)
            if data is None:
                break
            problem = limit.check(frame_size(data), time.monotonic())
            if problem is not None:
                conn.send(wire.error_frame(text(problem, lang), len(room.log)))
                conn.close(4408)
                break
            await _handle(companions, room, conn, data)
    except (WebSocketDisconnect, RuntimeError):
        pass
    finally:
        room.connections.discard(conn)
        conn.close(1000)
        with contextlib.suppress(Exception):
            await asyncio.wait_for(writer, timeout=5)
        writer.cancel()


async def _handle(
    companions: Companions, room: Companion, conn: Connection, data: str | bytes
) -> None:
    try:
        frame = wire.loads(data)
    except wire.FrameError as exc:
        conn.send(wire.error_frame(text(exc.key, conn.lang), len(room.log)))
        return
    if not isinstance(frame, dict):
        conn.send(wire.error_frame(text("server.frame.not_object", conn.lang), len(room.log)))
        return
    kind = frame.get("type")
    if kind == "ping":
        conn.send(wire.dumps({"type": "pong"}))
    elif kind == "change":
        client_id = frame.get("id")
        try:
            await companions.change(room, client_id, frame.get("change"))
        except (BodogeError, RoomError) as exc:
            message = (
                engine_text(exc, conn.lang)
                if isinstance(exc, BodogeError)
                else text(exc.key, conn.lang, **exc.fields)
            )
            conn.send(
                wire.dumps(
                    {
                        "type": "error",
                        "message": " ".join(message.split()),
                        "id": client_id if _client_id(client_id) else None,
                        "seq": len(room.log),
                    }
                )
            )
            return
        conn.send(wire.dumps({"type": "ack", "id": client_id}))
    else:
        message = text("companion.error.frame_type", conn.lang, type=shown(kind))
        conn.send(wire.error_frame(message, len(room.log)))


async def page(request: Request) -> Response:
    """``/companion`` (which companion?), ``/companion/{game}`` (set up or join a table) and
    ``/companion/{game}/{room}``: one page, which draws what the address asks. A room of the
    other game is sent to its own page; a room that does not exist gets the page as a 404 (it
    says so, with a way back)."""
    path = web_dir() / "companion" / "companion.html"
    game = request.path_params.get("game")
    if (game is not None and game not in GAMES) or not path.is_file():
        return PlainTextResponse(text("server.no_page", lang_of(request)), status_code=404)
    room_id = request.path_params.get("room")
    found: Companions | None = getattr(request.app.state, "companions", None)
    if room_id is not None and found is not None:
        try:
            room = found.get(room_id, client_address(request))
        except RoomError as exc:
            if exc.status == 429:
                message = text(exc.key, lang_of(request), **exc.fields)
                return PlainTextResponse(message, status_code=429)
            return HTMLResponse(page_html(path, rooted(request, "")), status_code=404)
        if room.game != game or room_id != room.id:  # another game's, or the code spelt else
            where = rooted(request, f"/companion/{room.game}/{room.id}")
            return RedirectResponse(where, status_code=302)
    return HTMLResponse(page_html(path, rooted(request, "")))


def routes() -> list[BaseRoute]:
    """The companion's routes, for ``create_app``."""
    return [
        Route("/api/companion", create, methods=["POST"]),
        Route("/api/companion/{room}", show),
        Route("/api/companion/{room}/missions", card_missions),
        # no error frame past the cap: one before the room's frame tells a phone the room is
        # gone (companion.js forgets it); closed 4429, it tries again a moment later
        WebSocketRoute("/ws/companion/{room}", counted(socket, say=False)),
        Route("/companion", page),
        Route("/companion/{game}", page),
        Route("/companion/{game}/{room}", page),
    ]
