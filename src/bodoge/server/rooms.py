"""Rooms and their rules: seats and their secret tokens, the creator, bots, start and rematch,
leaving, chat, and the one path every move takes (check, apply, commit, then tell).

A room has a fixed number of seats. The creator takes seat 0; people join free seats with a
display name and get a token (a long random secret, given once, kept only as its sha256); the
creator may seat bots by level and starts the game once every seat is taken, the start player at
random or as the creator picks (Extreme Mission starts with whoever most recently saw a spy: the
table knows, the server does not). After the game a rematch is the table's to agree on: any
seated person asks for it, and each other person agrees (or not); a bot always agrees. Once
every person's seat has agreed, it starts: the same seats, a new seed, the start player at
random or as the creator asked when agreeing. Who has agreed is public (the room summary's
``rematch``) and kept with the room, so a restart forgets nobody's word. Someone who leaves
before the start frees the seat. Someone who leaves during or after a game gives it up to an
``easy`` bot, so the others can finish: their name stays on the seat for that game, marked as
left (the summary's ``left``; the seat kept with the step they left at, and the game's record
says it, so that its replay names the seat as the table did), and their token holds it no more
(refused saying so). Once that game is over the seat is free: anyone may take it with a name
(the leaver too, by the same name), and the rematch then waits for them as for any person;
meanwhile the game over on show names its seats as they were at its end (the summary's
``played``), the leaver's on theirs, whoever sits there since. Nobody taking it, the bot agrees
(its agreement may be the last one a rematch waited for) and plays it in the next game as a
bot's own seat, the leaver's name gone. The creator's role passes
to the next person seated. A room closes when its last person leaves, or when nobody touched it
for a week. A closed room is read-only (nobody sits, acts, chats or rematches there) and its
games stay replayable at its address for :data:`KEPT_DAYS` after its last touch; then it is
deleted, and the uploaded card files no room refers to any more with it.

Two seats never carry the same name, and no person is called as the table calls a bot ("easy bot
2", "やさしいBot2"): a join with such a name is refused (409), so nobody sits at a table as someone
else. Names are compared as they look (:func:`folded_name`): case and width folded, spaces left
out, and look-alike letters as one, by Unicode's confusable skeleton (UTS #39, ICU's): "Аnn" with
a Cyrillic А is Ann, "b0b" is Bob, and katakana カ and ロ are kanji 力 and 口, which they look
like too. A leaver's name, kept on their seat for the game they left, holds back no one's (theirs
neither, on that seat after it).

A person nobody can reach does not hold up the table for ever. Once every connection of a seated
person has been gone for :data:`AWAY_SECONDS` (the server's ``away_after``) while the game waits
on their decision, any other person seated may let a bot play that seat: the ``easy`` bot, as for
someone who leaves, deciding from the seat's view alone as every bot does. The seat stays theirs
(its name and token are kept; the room summary shows the person's name beside the bot, and how
long they have been away: ``away``). Coming back with their token, the person plays the seat
again as soon as the game waits on them: at once if it does as they connect (a move the bot was
still thinking about is then dropped), else at their next decision; until then the summary shows
them there (``away`` null) beside the bot, so the page says so to them and to the table. A rematch
does not wait for a seat a bot plays (the bot agrees, as a leaver's does). Who is connected is
not kept: after a restart every person counts as away from the moment the server started.

A move is checked (a seat's own decision, the ``seq`` it saw), applied, committed to storage,
and only then are the frames built and sent: a move the server acknowledged survives a crash.

When the database fails (gone, restarting, full), a request is refused with one line (503) and
nothing changes; the log says once that the database is unavailable, and once that it is back. A
move the server makes itself (a bot's, a quiet seat's pass) is tried again, after 1, 2, 4… up to
:data:`RETRY_MOST` seconds, until it is stored or the room closes, and the room is told so
(``server.db_retrying``). A room whose game cannot be restored after an upgrade of bodoge is
closed, saying why (its page does), and kept like any closed room.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import hmac
import itertools
import logging
import os
import re
import secrets
import tempfile
import time
import unicodedata
from collections import OrderedDict
from collections.abc import AsyncIterator, Awaitable, Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from functools import cache, partial
from pathlib import Path
from typing import Any, TypeVar

import icu

from bodoge.agents import derive_seed
from bodoge.core import choices as building
from bodoge.core.action import Choices, number
from bodoge.core.errors import BodogeError, CardSetError
from bodoge.core.game import Game
from bodoge.core.i18n import LANGUAGES, text
from bodoge.core.registry import make
from bodoge.core.state import State
from bodoge.server import quiet, reasons, wire
from bodoge.server.bots import BOT_LEVELS, BotPool, GameSpec, known_level
from bodoge.server.limits import (
    CHAT_LENGTH,
    MADE_PER_MINUTE,
    UNSTARTED_ROOMS,
    ChatLimit,
    FrameLimit,
    MadeLimit,
)
from bodoge.server.storage import (
    NOT_RESTORED,
    ChatRecord,
    DatabaseError,
    GameRecord,
    Moves,
    RoomRecord,
    SeatRecord,
    Storage,
    failure,
    unavailable,
)

__all__ = [
    "AWAY_SECONDS",
    "KEPT_DAYS",
    "UNJOINED_HOURS",
    "UNTOUCHED_DAYS",
    "Connection",
    "Room",
    "RoomError",
    "Rooms",
    "clean_name",
    "engine_text",
    "folded_name",
    "game_number",
    "hash_token",
    "retry_wait",
]

log = logging.getLogger("bodoge.server")

UNTOUCHED_DAYS = 7
"""A room nobody touched for this many days is closed."""
UNJOINED_HOURS = 24
"""A room not started that nobody but its creator sat in, and nobody touched or had open for
this many hours, is closed: made and left, it would hold the server's memory for a week."""
KEPT_DAYS = 30
"""A closed room (its games, their replays, its chat) is deleted this many days after its last
touch: long enough to look back at a game, and a room's chat is not kept for ever."""
CLOSED_KEPT = 64
"""Closed rooms held in memory for their replays (the others are read from storage again)."""
CARDS_GRACE = 3600.0
"""Seconds an uploaded card file no stored room refers to is left alone: a room made with it is
stored only after the file is written (or touched, when it was there already)."""
LEAVER_BOT = "easy"
"""The bot that takes over the seat of someone who leaves a game under way, or of someone away
whose seat the table lets a bot play."""
AWAY_SECONDS = 120.0
"""How long every connection of a seated person must have been gone, the game waiting on them,
before the others may let a bot play their seat: longer than a reload or a train's tunnel."""
NAME_LENGTH = 32
CARDS_NAME_LENGTH = 60
"""The longest card file name a room shows (``cards_name``, as uploaded); longer is cut."""
CHAT_KEPT = 50
"""Chat lines a connection is shown when it arrives."""
OUTBOX = 256
"""Frames waiting for a slow client before the server gives up on it (close 1013)."""
REPLAYS_KEPT = 64
"""Finished games' replay records kept in memory (a replay asks for one at every step)."""
GAMES_KEPT = 64
"""Games (a game, player count, variant and card file) the rooms share, kept for the next room
of the same options: a game's card tables cost some 200 kB, a room's own state a few."""
RETRY_FIRST = 1.0
RETRY_MOST = 30.0
"""The first and the longest wait, in seconds, before a move the server makes is tried again
after the database failed it (:func:`retry_wait`)."""

T = TypeVar("T")


class RoomError(Exception):
    """A request refused: the HTTP ``status`` and the catalogue ``key`` of its one-line message
    with its ``fields``; ``message``, where set, is a line already worded, said as it is."""

    def __init__(self, status: int, key: str, message: str | None = None, **fields: object):
        super().__init__(key if message is None else message)
        self.status = status
        self.key = key
        self.message = message
        self.fields = fields


def retry_wait(attempt: int) -> float:
    """How long to wait before trying a move again after ``attempt + 1`` failures: doubling.

    >>> [retry_wait(n) for n in range(7)]
    [1.0, 2.0, 4.0, 8.0, 16.0, 30.0, 30.0]
    """
    return min(RETRY_MOST, RETRY_FIRST * 2.0**attempt)


def hash_token(token: str) -> str:
    """What is stored of a token: its sha256, in hex.

    >>> len(hash_token("secret")), hash_token("secret") == hash_token("secret")
    (64, True)
    """
    return hashlib.sha256(token.encode()).hexdigest()


def clean_name(name: object) -> str:
    """A display name made safe to keep: one line, no control characters, 1–32 characters.

    >>> clean_name("  Ann\\n  Lee ")
    'Ann Lee'
    >>> clean_name("")
    Traceback (most recent call last):
    ...
    bodoge.server.rooms.RoomError: server.bad_name
    """
    if not isinstance(name, str):
        raise RoomError(400, "server.bad_name", limit=NAME_LENGTH)
    kept = one_line(name)
    if not kept or len(kept) > NAME_LENGTH:
        raise RoomError(400, "server.bad_name", limit=NAME_LENGTH)
    return kept


_SPOOF = icu.SpoofChecker()
_SKELETON_ROUNDS = 4  # three reach the fixed point for every character (Unicode 16)


def _skeleton(name: str) -> str:
    """``name`` with width folded (NFKC), each letter as the prototype of its look-alikes (UTS
    #39's skeleton: Cyrillic А is A, 0 is O, m is rn), then case folded: the skeleton is taken
    of the letters as they are shown, since a capital may look like another letter than its
    small one does (Cyrillic В is B, в is not b)."""
    wide = unicodedata.normalize("NFKC", name)
    return unicodedata.normalize("NFKC", str(_SPOOF.getSkeleton(0, wide))).casefold()


def folded_name(name: str) -> str:
    """A name as two names are compared, so that two that look alike are one: width and case
    folded, look-alike letters as one (:func:`_skeleton`), spaces left out. The skeleton is taken
    again until it stays (at most three times for any one character: a small letter may look
    like yet another, ϛ is σ then o).

    >>> folded_name("Ｂｏｂ"), folded_name("Ann  Lee") == folded_name("annlee")
    ('bob', True)
    >>> folded_name("\u0410nn") == folded_name("Ann"), folded_name("b0b") == folded_name("Bob")
    (True, True)
    >>> folded_name("カ") == folded_name("力"), folded_name("あき") == folded_name("あさ")
    (True, False)
    """
    folded = _skeleton(name)
    for _ in range(_SKELETON_ROUNDS):
        again = _skeleton(folded)
        if again == folded:
            break
        folded = again
    return "".join(folded.split())


_NUMBERS = "".join(folded_name(digit) for digit in "0123456789")  # o and l among them


@cache
def _bot_labels() -> frozenset[str]:
    """How the table calls a bot, in every language (``web.bot.<level>``, the seat's number
    after it), folded: names no person may take."""
    return frozenset(
        folded_name(text(f"web.bot.{level}", lang)).rstrip(_NUMBERS)
        for level in BOT_LEVELS
        for lang in LANGUAGES
    )


def _reserved(name: str) -> bool:
    """Whether ``name`` is a bot's label, or looks like one, with or without a seat number
    (which may look like letters: 10 is lO).

    >>> _reserved("Easy bot 2"), _reserved("やさしいＢｏｔ２"), _reserved("Easy")
    (True, True, False)
    >>> _reserved("\u0435asy bot lO"), _reserved("Easy bottle")
    (True, False)
    """
    return folded_name(name).rstrip(_NUMBERS) in _bot_labels()


def one_line(said: str) -> str:
    """What a person sent, as others may be shown it: without control and format characters
    (a right-to-left override turns every line it is shown in around) and line breaks, its
    spaces one.

    >>> one_line("\\u202eevil\\u2028 gift\\u200b\\t card")
    'evil gift card'
    """
    kept = "".join(c for c in said if unicodedata.category(c)[0] != "C")
    return " ".join(kept.split())


def cards_label(name: str | None) -> str | None:
    """The name a room's own card file is shown by (``cards_name``, free text from the upload):
    one line (:func:`one_line`), cut to :data:`CARDS_NAME_LENGTH` characters; None if blank.

    >>> cards_label(" mine.toml "), cards_label("\\u202e"), len(cards_label("x" * 6000) or "")
    ('mine.toml', None, 60)
    """
    kept = one_line(name or "")
    if len(kept) > CARDS_NAME_LENGTH:
        kept = kept[: CARDS_NAME_LENGTH - 1] + "…"
    return kept or None


def game_number(raw: str | None) -> int | None:
    """The ``?game=`` of a replay request: a game's number, or None (not given: the latest).

    >>> game_number("2"), game_number(None), game_number("")
    (2, None, None)
    >>> game_number("²")
    Traceback (most recent call last):
    ...
    bodoge.server.rooms.RoomError: server.bad_game
    """
    if not raw:
        return None
    found = number(raw)
    if found is None:
        raise RoomError(400, "server.bad_game", game=wire.quoted(raw))
    return found


_CARD_FILE = re.compile(r"([0-9a-f]{64})\.toml|\.upload-\w+\.toml")
"""The names of uploaded card files (``_make_game``): kept ones, by the sha256 of their text
(the group), and trial copies (``_keep_cards``)."""


def _room_id() -> str:
    alphabet = "abcdefghijkmnpqrstuvwxyz23456789"  # no 0/o, 1/l: ids are read aloud
    return "".join(secrets.choice(alphabet) for _ in range(10))


class Seat:
    """Who sits in a seat: a person (``name``, and the hash of their token) or a bot (``bot``);
    both for a person away whose seat a bot plays meanwhile (``stand_in``), and for one who left
    the game under way (``left``: the step of its history they left at), whose name the seat
    keeps for that game while the bot plays it. A leaver's token hash is kept only to tell them
    why it is refused (:meth:`Room.left_seat_of`): it holds the seat no more."""

    __slots__ = ("bot", "left", "name", "token_hash")

    def __init__(
        self,
        name: str | None = None,
        bot: str | None = None,
        token_hash: str | None = None,
        left: int | None = None,
    ):
        self.name = name
        self.bot = bot
        self.token_hash = token_hash
        self.left = left

    @property
    def taken(self) -> bool:
        return self.name is not None or self.bot is not None

    @property
    def person(self) -> bool:
        """A person holds the seat (a leaver's name does not)."""
        return self.name is not None and self.left is None

    @property
    def stand_in(self) -> bool:
        """A bot plays the seat of a person who is away (the seat stays theirs)."""
        return self.person and self.bot is not None

    def summary(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "bot": self.bot,
            "taken": self.taken,
            "left": self.left is not None,
        }

    def kept(self) -> dict[str, Any]:
        """The seat as a game's record keeps it (``storage.GameRecord``'s seats)."""
        return {"name": self.name, "bot": self.bot, "left": self.left}


class Connection:
    """One websocket: its seat (None: a spectator), its language, its limits, and its outbox — the
    frames waiting to be written, so that one slow client never holds up a room."""

    def __init__(self, seat: int | None, lang: str) -> None:
        self.seat = seat
        self.lang = lang
        self.frames = FrameLimit()
        self.sent = wire.Sent()  # how much of the game's log it was sent
        self.outbox: asyncio.Queue[str | int] = asyncio.Queue(OUTBOX + 1)
        self.closed = False

    def send(self, frame: str) -> None:
        if self.closed:
            return
        if self.outbox.qsize() >= OUTBOX:
            self.close(1013)
            return
        self.outbox.put_nowait(frame)

    def close(self, code: int) -> None:
        """Send what is queued, then close with ``code``."""
        if not self.closed:
            self.closed = True
            self.outbox.put_nowait(code)


class Room:
    """One room: its options, seats, the game under way (``state``) and who is watching."""

    def __init__(
        self, record: RoomRecord, game: Game, clock: Callable[[], float] = time.time
    ) -> None:
        self.id = record.room
        self.clock = clock
        self.game = game
        self.cards = record.cards
        self.cards_name = cards_label(record.cards_name)  # one stored before it was cleaned too
        self.creator = record.creator
        self.status = record.status
        self.game_no = record.game_no
        self.seed = record.seed
        self.setup = record.setup
        self.created = record.created
        self.touched = record.touched
        self.seats = [Seat() for _ in range(game.players)]
        for s in record.seats:
            self.seats[s.seat] = Seat(s.name, s.bot, s.token_hash, s.left)
        self.state: State | None = None
        if self.seed is not None and self.status in ("running", "over"):
            self.state = game.replay(self.seed, record.history, self.setup)
        # the seats of the game over as they were at its end, as its record keeps them
        # (``ended``, with the step a leaver left at) and as the summary's ``played``; set when
        # it ends; after a restart, from its record
        self.ended = record.game_seats if self.status == "over" else None
        self.played = _played(self.ended)
        # how long the log of the game on show was after a step, by (game, step): where a leave
        # stands in it (:meth:`log_at`)
        self.log_marks: dict[tuple[int, int], int] = {}
        self.connections: set[Connection] = set()
        self.lock = asyncio.Lock()
        self.bot_task: asyncio.Task[None] | None = None
        self.quiet: set[int] = set()  # seats spared pass-only questions (bodoge.server.quiet)
        self.quiet_task: asyncio.Task[None] | None = None
        self.rematch: set[int] = set(record.rematch)  # seats whose people agreed to a rematch
        self.rematch_first = record.rematch_first  # its start player, as the creator asked
        self.kept_games: list[int] = list(record.games)  # the games storage keeps, to replay
        self.made_by: str | None = None  # the address that made it, in memory only (limits)
        # since when each seated person has had no connection (not kept: a restart starts it)
        now = clock()
        self.gone: dict[int, float] = {i: now for i, s in enumerate(self.seats) if s.person}
        self.closed_why = record.closed_why  # why it was closed, where the page says so
        # a seat's chat limit, shared by its connections and kept over a reconnect
        self.chat_limits: dict[int, ChatLimit] = {}

    @property
    def spec(self) -> GameSpec:
        return GameSpec(self.game.name, self.game.players, self.game.variant, self.game.cards_path)

    @property
    def seq(self) -> int:
        return wire.seq_of(self.state)

    def record(self) -> RoomRecord:
        return RoomRecord(
            room=self.id,
            game=self.game.name,
            players=self.game.players,
            variant=self.game.variant,
            cards=self.cards,
            cards_name=self.cards_name,
            creator=self.creator,
            status=self.status,
            game_no=self.game_no,
            seed=self.seed,
            setup=self.setup,
            created=self.created,
            touched=self.touched,
            seats=[
                SeatRecord(i, s.name, s.bot, s.token_hash, s.left) for i, s in enumerate(self.seats)
            ],
            rematch=sorted(self.rematch),
            rematch_first=self.rematch_first,
            closed_why=self.closed_why,
        )

    def saved(self) -> Callable[[], None]:
        """What the room is now (its seats, status, game…), to go back to should a change of it
        not be stored."""
        record, state, kept = self.record(), self.state, list(self.kept_games)

        def undo() -> None:
            self.creator, self.status, self.game_no = record.creator, record.status, record.game_no
            self.seed, self.setup, self.touched = record.seed, record.setup, record.touched
            self.seats = [Seat(s.name, s.bot, s.token_hash, s.left) for s in record.seats]
            self.rematch, self.rematch_first = set(record.rematch), record.rematch_first
            self.state, self.kept_games = state, kept

        return undo

    def stop(self, code: int) -> None:
        """The room plays no more here: its bot and its quiet seats' passes (waiting, maybe to try
        a move the database failed again) are stopped, its connections closed with ``code``."""
        for task in (self.bot_task, self.quiet_task):
            if task is not None:
                task.cancel()
        for conn in list(self.connections):
            conn.close(code)

    def seat_of(self, token: str) -> int | None:
        """The seat whose token this is, or None."""
        return self._holder(token, left=False)

    def left_seat_of(self, token: str) -> int | None:
        """The seat this token held until its person left the game under way, or None."""
        return self._holder(token, left=True)

    def _holder(self, token: str, left: bool) -> int | None:
        digest = hash_token(token)
        for i, seat in enumerate(self.seats):
            if (seat.left is not None) != left or seat.token_hash is None:
                continue
            if hmac.compare_digest(seat.token_hash, digest):
                return i
        return None

    def refused_token(self, token: str) -> RoomError:
        """Why a token that holds no seat is refused: its person left that seat, or it is none
        of the room's."""
        if self.left_seat_of(token) is not None:
            return RoomError(401, "server.left_seat")
        return RoomError(401, "server.bad_token")

    def finished_games(self) -> list[int]:
        """The numbers of the room's games that are over and kept: their records are public
        (the one under way never is). In a closed room every kept game is, the one under way
        when it closed too: nobody can play it on (a closed room never opens again, its bots
        stopped), so its seed and history tell nothing anyone could use, and the players may
        look back at the game they left — unless that game could not be restored (it does not
        replay)."""
        if self.status == "closed":
            lost = self.game_no if self.closed_why == NOT_RESTORED else None
            return [n for n in self.kept_games if n != lost]
        return [
            n
            for n in self.kept_games
            if n < self.game_no or (n == self.game_no and self.status == "over")
        ]

    def rematch_agreed(self) -> bool:
        """Whether every person's seat has agreed to a rematch (a bot's always has, one playing
        for someone away too)."""
        people = [i for i, s in enumerate(self.seats) if s.person and s.bot is None]
        return bool(people) and all(i in self.rematch for i in people)

    def present(self, seat: int) -> bool:
        """Whether a connection of the seat is open."""
        return any(c.seat == seat for c in self.connections)

    def away(self, seat: int) -> int | None:
        """Whole seconds since the seat's person last had a connection; None while one is open,
        and for a seat no person holds."""
        since = self.gone.get(seat)
        if since is None or not self.seats[seat].person:
            return None
        return max(0, int(self.clock() - since))

    def log_at(self, step: int) -> int:
        """How many entries the log of the game under way (or just over) had after ``step`` of its
        steps: where someone who left it at that step stands in it. Every view's log has one entry
        per event (a seat sees more of some, never more of them), so it is the spectator's too,
        and public. Nothing new is stored: after a restart it is found again by replaying the
        stored history up to that step, once."""
        key = (self.game_no, step)
        found = self.log_marks.get(key)
        if found is None:
            state = self.state
            assert state is not None
            if step != len(state.history):
                state = self.game.replay(self.seed or 0, state.history[:step], self.setup)
            found = self.log_marks[key] = len(state.view(None)["log"])
        return found

    def leaves(self) -> list[dict[str, Any]]:
        """Who left the game on show while it was under way (the summary's ``leaves``), in seat
        order: the seat, the name it kept, the bot that plays it on, the step they left at
        (``seq``: the number of steps then) and how many entries the log had then (``log``), for
        the page to say it there in its log. All of it is public: the seats' panels say it too.
        A leave after the game was over is none of that game's."""
        if self.state is None:
            return []
        if self.status == "running":
            seats = [s.kept() for s in self.seats]
        elif self.status == "over":
            seats = self.ended or []
        else:
            return []
        return [
            {
                "seat": i,
                "name": s["name"],
                "bot": s["bot"],
                "seq": s["left"],
                "log": self.log_at(s["left"]),
            }
            for i, s in enumerate(seats)
            if s.get("left") is not None and s.get("name") is not None
        ]

    def summary(self) -> dict[str, Any]:
        """The room as everyone may see it (the contract's room summary, and a few more fields)."""
        found: dict[str, Any] = {
            "room": self.id,
            "game": self.game.name,
            "players": self.game.players,
            "variant": self.game.variant,
            "status": self.status,
            "seats": [{**s.summary(), "away": self.away(i)} for i, s in enumerate(self.seats)],
            "rematch": sorted(self.rematch) if self.status == "over" else [],
            "creator": self.creator,
            "game_no": self.game_no,
            "cards": self.cards_name,
            "created": round(self.created, 3),
            "leaves": self.leaves(),
        }
        if self.status == "over" and self.played is not None:
            found["played"] = self.played  # the game on show's: a leaver's seat may be taken since
        if self.status == "closed":
            found["games"] = self.finished_games()  # what is left to do there: replay them
            if self.closed_why is not None:
                found["closed_why"] = self.closed_why
        return found


class Rooms:
    """Every room of the server, and the rules that change them. One storage, one bot pool."""

    def __init__(
        self,
        storage: Storage,
        bots: BotPool,
        cards_dir: Path,
        clock: Callable[[], float] = time.time,
        room_limit: int = MADE_PER_MINUTE,
        away_after: float = AWAY_SECONDS,
    ) -> None:
        self.storage = storage
        self.bots = bots
        self.cards_dir = cards_dir
        self.clock = clock
        self.away_after = away_after  # seconds a person is gone before a bot may play their seat
        self.rooms: dict[str, Room] = {}
        # One writer thread: storage calls leave the event loop, in the order they were made.
        self._db_thread = ThreadPoolExecutor(1, thread_name_prefix="storage")
        self._moves: list[tuple[Moves, asyncio.Future[None]]] = []
        self._committing = False
        self._committer: asyncio.Task[None] | None = None
        self._replays: OrderedDict[tuple[str, int], dict[str, Any]] = OrderedDict()
        self._closed: OrderedDict[str, Room] = OrderedDict()  # closed rooms lately asked for
        self._games: OrderedDict[tuple[str, int | None, str, str | None], Game] = OrderedDict()
        self.room_limit = room_limit  # 0: none
        self._made = {"rooms": MadeLimit(room_limit), "companions": MadeLimit(room_limit)}
        self.db_down = False  # the database failed the last call: said once, and once it is back

    async def db(self, fn: Callable[..., T], *args: Any) -> T:
        """Run a storage call off the event loop. A database failure is RoomError 503
        (``server.db_failed``) and one line in the log: when the database becomes unavailable
        (and when it is back), or for a statement it refused; its traceback at debug level."""
        loop = asyncio.get_running_loop()
        try:
            found = await loop.run_in_executor(self._db_thread, partial(fn, *args))
        except DatabaseError as exc:
            if not unavailable(exc):
                log.error("the database refused a change: %s", failure(exc))
            elif not self.db_down:
                self.db_down = True
                log.error("the database is unavailable: %s", failure(exc))
            log.debug("the database failed %s", getattr(fn, "__name__", fn), exc_info=True)
            raise RoomError(503, "server.db_failed") from None
        if self.db_down:
            self.db_down = False
            log.info("the database is available again")
        return found

    async def until_stored(self, room: Room, move: Callable[[], Awaitable[None]]) -> None:
        """Make a move the server makes itself (a bot's, a quiet seat's pass); one the database
        failed is tried again after 1, 2, 4… up to :data:`RETRY_MOST` seconds, until it is stored
        or refused otherwise (a room closed, a seq gone by), and the room is told each time."""
        for attempt in itertools.count():
            try:
                await move()
                return
            except RoomError as exc:
                if exc.key != "server.db_failed" or room.status == "closed":
                    raise
            for conn in list(room.connections):
                conn.send(wire.error_frame(self.say("server.db_retrying", conn.lang), room.seq))
            await asyncio.sleep(retry_wait(attempt))

    async def commit_moves(self, batch: Moves) -> None:
        """Store moves; returns once they are committed. Moves that arrive while a commit is
        under way go together in the next one (a group commit), so many rooms' moves cost one
        commit, not one each."""
        done: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._moves.append((batch, done))
        if not self._committing:
            self._committing = True
            self._committer = asyncio.create_task(self._commit_waiting())
        await done

    async def _commit_waiting(self) -> None:
        try:
            while self._moves:
                waiting, self._moves = self._moves, []
                try:
                    await self.db(self.storage.add_moves_many, [m for m, _ in waiting])
                    results: list[BaseException | None] = [None] * len(waiting)
                except Exception as exc:
                    results = [exc]
                if len(waiting) > 1 and results[0] is not None:
                    # One bad batch must not sink the others: commit each alone.
                    results = []
                    for m, _ in waiting:
                        try:
                            await self.db(self.storage.add_moves_many, [m])
                            results.append(None)
                        except Exception as exc:
                            results.append(exc)
                for (_, done), failed in zip(waiting, results, strict=True):
                    if done.done():
                        continue
                    if failed is None:
                        done.set_result(None)
                    else:
                        done.set_exception(failed)
        finally:
            self._committing = False

    # ------------------------------------------------------------------ life
    async def load(self) -> None:
        """Bring back every room from storage, games replayed exactly; bots carry on. A room
        whose game cannot be replayed (stored by a bodoge whose steps meant something else, or
        with a card file this one refuses) is closed, saying why, and kept."""
        for record in await self.db(self.storage.load_rooms):
            try:
                game = self._make_game(record.game, record.players, record.variant, record.cards)
                room = Room(record, game, self.clock)
            except (BodogeError, RoomError) as exc:  # RoomError: a card file refused now
                await self._not_restored(record, exc)
                continue
            self.rooms[room.id] = room
            self._kick_bot(room)
        log.info("restored %d rooms", len(self.rooms))

    async def _not_restored(self, record: RoomRecord, exc: Exception) -> None:
        """Close a room that cannot be restored, saying why, in one line of the log: the kind of
        refusal and where, never the step nor the legal ones (a game under way keeps its
        secrets: a draft pick, an exchange offer)."""
        await self.db(self.storage.close_room, record.room, NOT_RESTORED, self.clock())
        log.error(
            "room %s: game %d cannot be restored after an upgrade (%s%s): closed, its record kept",
            record.room, record.game_no, type(exc).__name__, self._refused_at(record),
        )  # fmt: skip

    def _refused_at(self, record: RoomRecord) -> str:
        """Which step of the room's history its game refuses (`` at step 7 of 20``), if one."""
        try:
            game = self._make_game(record.game, record.players, record.variant, record.cards)
            state = game.new_state(record.seed or 0, record.setup)
        except (BodogeError, RoomError):
            return ""
        for at, step in enumerate(record.history):
            try:
                state.apply(step)
            except BodogeError:
                return f" at step {at + 1} of {len(record.history)}"
        return ""

    async def close(self) -> None:
        for room in self.rooms.values():
            room.stop(1001)
        self.bots.close()
        self._db_thread.shutdown(wait=True)

    async def close_untouched(self) -> list[str]:
        """Close every room nobody touched for :data:`UNTOUCHED_DAYS` days."""
        before = self.clock() - UNTOUCHED_DAYS * 86400
        closed = await self.db(self.storage.close_untouched, before)
        for room_id in closed:
            room = self.rooms.pop(room_id, None)
            if room is not None:
                room.stop(1001)
            log.info("room %s: closed, untouched for %d days", room_id, UNTOUCHED_DAYS)
        return closed

    async def close_unjoined(self) -> list[str]:
        """Close every room of :data:`UNJOINED_HOURS`: not started, nobody but its creator in
        it, untouched that long and with no page open on it (its last touch kept, so that it is
        deleted :data:`KEPT_DAYS` after it, like any closed room)."""
        before = self.clock() - UNJOINED_HOURS * 3600

        def unjoined(room: Room) -> bool:
            people = sum(1 for s in room.seats if s.person)
            return (
                room.status == "open"
                and people <= 1
                and room.touched < before
                and not room.connections
            )

        closed = []
        for room in [r for r in self.rooms.values() if unjoined(r)]:
            async with room.lock:
                if not unjoined(room):  # someone sat down meanwhile
                    continue
                room.status = "closed"
                await self.db(self.storage.save_room, room.record())
            self.rooms.pop(room.id, None)
            closed.append(room.id)
            log.info("room %s: closed, nobody joined it in %d hours", room.id, UNJOINED_HOURS)
        return closed

    async def forget_closed(self) -> list[str]:
        """Delete every closed room untouched for :data:`KEPT_DAYS` days, its games with it."""
        gone = await self.db(self.storage.forget_closed, self.clock() - KEPT_DAYS * 86400)
        for room_id in gone:
            self._closed.pop(room_id, None)
            for key in [k for k in self._replays if k[0] == room_id]:
                del self._replays[key]
            log.info("room %s: deleted, closed and untouched for %d days", room_id, KEPT_DAYS)
        return gone

    async def clean_cards(self) -> list[str]:
        """Remove the uploaded card files no stored room (open, or closed and kept) plays with:
        ``cards/<sha256>.toml`` and the trial copies of uploads cut short, left alone for
        :data:`CARDS_GRACE` after they were written or last used. Only files of those names in
        the folder itself are looked at (no link followed, nothing outside it); the names of
        the files removed."""
        used = await self.db(self.storage.card_files)
        # from here to the end nothing awaits: no room is made with a file while it is looked at
        before = self.clock() - CARDS_GRACE
        removed = []
        for path in self.cards_dir.iterdir() if self.cards_dir.is_dir() else []:
            named = _CARD_FILE.fullmatch(path.name)
            if named is None or named[1] in used or path.is_symlink() or not path.is_file():
                continue
            try:
                if path.stat().st_mtime < before:
                    path.unlink()
                    removed.append(path.name)
            except OSError as exc:
                log.error("card file %s: cannot be removed: %s", path.name, exc)
        if removed:
            log.info("removed %d card files no room uses", len(removed))
        return removed

    # ------------------------------------------------------------------ games and cards
    def _make_game(
        self,
        name: str,
        players: int,
        variant: str,
        cards: str | None,
        cards_name: str | None = None,
    ) -> Game:
        """The game of a room. An uploaded card file is kept under its content's hash, so a
        restart and the bot workers read the same file; only one that loads is kept (anonymous
        uploads, refused ones too, would fill the disk). Rooms of the same options share one
        game: it is never changed once made (what is worked out from it later, ``derived``,
        holds for every room of it alike)."""
        path = digest = None
        try:
            if cards is not None:
                digest = hashlib.sha256(cards.encode()).hexdigest()
                path = self.cards_dir / f"{digest}.toml"
                if not path.exists():
                    self._keep_cards(cards, path, partial(make, name, players, variant))
                now = self.clock()
                os.utime(path, (now, now))  # in use: clean_cards leaves it alone
            key = (name, players, variant, digest)
            game = self._games.get(key)
            if game is None:
                game = self._games[key] = make(name, players=players, variant=variant, cards=path)
                while len(self._games) > GAMES_KEPT:
                    self._games.popitem(last=False)
            self._games.move_to_end(key)
            return game
        except CardSetError as exc:
            # The loader's own line, naming the file as the person knows it, worded from the
            # catalogue (key and fields) so the page reads it in the person's language.
            named = CardSetError(
                cards_label(cards_name) or "cards.toml", exc.card, exc.field, exc.problem_message
            )
            refused = RoomError(400, named.key, **named.fields)
            refused.args = (str(named),)  # a log line gives the English line, not the key
            raise refused from None

    def _keep_cards(self, cards: str, path: Path, load: Callable[..., Game]) -> None:
        """Write ``cards`` at ``path`` if they load: tried first from a file of its own (two
        uploads at once do not meet), moved into place whole, removed when refused."""
        self.cards_dir.mkdir(parents=True, exist_ok=True)
        handle, trial = tempfile.mkstemp(suffix=".toml", prefix=".upload-", dir=self.cards_dir)
        try:
            with os.fdopen(handle, "w", encoding="utf-8") as file:
                file.write(cards)
            load(cards=trial)
            os.replace(trial, path)
        finally:
            Path(trial).unlink(missing_ok=True)

    def get(self, room_id: str) -> Room:
        room = self.rooms.get(room_id)
        if room is None:
            raise RoomError(404, "server.no_room", room=wire.quoted(room_id))
        return room

    async def find(self, room_id: str) -> Room:
        """A room that is open, else one closed and still kept (its games to replay, read-only:
        nothing changes it, and it plays no more); else 404."""
        room = self.rooms.get(room_id) or self._closed.get(room_id)
        if room is None:
            record = await self.db(self.storage.closed_room, room_id)
            if record is None:
                raise RoomError(404, "server.no_room", room=wire.quoted(room_id))
            try:
                game = self._make_game(record.game, record.players, record.variant, record.cards)
            except (BodogeError, RoomError) as exc:  # a card file that no longer loads
                log.error("room %s: its games cannot be replayed: %s", room_id, exc)
                raise RoomError(404, "server.no_room", room=wire.quoted(room_id)) from None
            room = self._closed[room_id] = Room(record, game, self.clock)
            while len(self._closed) > CLOSED_KEPT:
                self._closed.popitem(last=False)
        if room_id in self._closed:
            self._closed.move_to_end(room_id)
        return room

    async def open_room(self, room_id: str) -> Room:
        """A room that is open, for a change; a closed one is refused as closed."""
        room = await self.find(room_id)
        if room.status == "closed":
            raise RoomError(409, "server.closed", room=wire.quoted(room_id))
        return room

    def _seat(self, room: Room, seat: int) -> Seat:
        if not 0 <= seat < len(room.seats):
            raise RoomError(404, "server.no_seat", seat=seat, room=room.id)
        return room.seats[seat]

    def _seated(self, room: Room, token: str | None) -> int:
        """The seat ``token`` holds in ``room``; else 401."""
        if not token:
            raise RoomError(401, "server.no_token")
        seat = room.seat_of(token)
        if seat is None:
            raise room.refused_token(token)
        return seat

    def _creator(self, room: Room, token: str | None) -> None:
        if self._seated(room, token) != room.creator:
            raise RoomError(403, "server.not_creator")

    # ------------------------------------------------------------------ the rules
    def admit(self, address: str, kind: str = "rooms") -> None:
        """Refuse (429) a new room from ``address`` (:func:`limits.address_of`) past
        ``room_limit`` a minute of its ``kind`` (``rooms``, ``companions``), or a game room past
        :data:`UNSTARTED_ROOMS` times that of its own not started yet; else count it as made."""
        if not self.room_limit:
            return
        if kind == "rooms":
            unstarted = sum(
                1 for r in self.rooms.values() if r.made_by == address and r.status == "open"
            )
            if unstarted >= UNSTARTED_ROOMS * self.room_limit:
                raise RoomError(429, "server.limit.unstarted", count=unstarted)
        wait = self._made[kind].check(address, self.clock())
        if wait:
            raise RoomError(429, "server.limit.made", count=self.room_limit, seconds=wait)

    async def create(
        self,
        game: str,
        players: int | None,
        variant: str = "basic",
        name: str = "Player 1",
        cards: str | None = None,
        cards_name: str | None = None,
        address: str | None = None,
    ) -> tuple[Room, str]:
        """A new room; its creator takes seat 0. Returns the room and the creator's token. A
        room made from ``address`` is held to :meth:`admit`'s limits."""
        display = clean_name(name)
        if _reserved(display):
            raise RoomError(409, "server.name_reserved", name=display)
        if address is not None:
            self.admit(address)
        made = self._make_game(game, players, variant, cards, cards_name)  # type: ignore[arg-type]
        now = self.clock()
        token = secrets.token_urlsafe(32)
        record = RoomRecord(
            room=_room_id(),
            game=made.name,
            players=made.players,
            variant=made.variant,
            cards=cards,
            cards_name=cards_label(cards_name) if cards is not None else None,
            created=now,
            touched=now,
            seats=[SeatRecord(0, display, None, hash_token(token))]
            + [SeatRecord(i) for i in range(1, made.players)],
        )
        room = Room(record, made, self.clock)
        room.made_by = address
        await self.db(self.storage.save_room, room.record())
        self.rooms[room.id] = room
        log.info(
            "room %s: created (%s, %d players, %s)", room.id, made.name, made.players, made.variant
        )
        return room, token

    async def join(self, room_id: str, seat: int, name: object) -> str:
        """Take a free seat before the start, or between games the seat of someone who left
        the game (its bot's till a person takes it; the rematch then waits for them); the seat's
        new token."""
        room = await self.open_room(room_id)
        display = clean_name(name)
        async with self._changing(room):
            place = self._seat(room, seat)
            freed = room.status == "over" and place.left is not None
            if room.status != "open" and not freed:
                raise RoomError(409, "server.started")
            if place.taken and not freed:
                raise RoomError(409, "server.taken")
            self._free_name(room, display)
            token = secrets.token_urlsafe(32)
            place.name, place.bot, place.token_hash = display, None, hash_token(token)
            place.left = None
            room.gone[seat] = self.clock()  # not here until their page connects
            await self._save(room)
        log.info("room %s: seat %d joined", room.id, seat)
        self._tell_room(room)
        return token

    @staticmethod
    def _free_name(room: Room, name: str) -> None:
        """Refuse a name a seat of the room carries already, or a bot's label (409). A leaver's
        name is kept on their seat for the game they left, not for the seat's next person (who
        may be the leaver, by that name) nor for another seat."""
        if _reserved(name):
            raise RoomError(409, "server.name_reserved", name=name)
        mine = folded_name(name)
        for s in room.seats:  # named as they sit: the two may only look alike
            if s.person and folded_name(s.name or "") == mine:
                raise RoomError(409, "server.name_taken", name=s.name)

    async def seat_bot(self, room_id: str, seat: int, level: object, token: str | None) -> None:
        """The creator seats a bot (or changes its level) in a seat no person holds."""
        room = await self.open_room(room_id)
        self._creator(room, token)
        if not known_level(level):
            levels = ", ".join(BOT_LEVELS)
            raise RoomError(400, "server.bad_level", level=wire.quoted(str(level)), levels=levels)
        async with self._changing(room):
            place = self._seat(room, seat)
            if room.status != "open":
                raise RoomError(409, "server.started")
            if place.name is not None:
                raise RoomError(409, "server.taken")
            place.bot = str(level)
            await self._save(room)
        log.info("room %s: seat %d is a %s bot", room.id, seat, level)
        self._tell_room(room)

    async def free_seat(self, room_id: str, seat: int, token: str | None) -> None:
        """The creator empties a seat before the start (a bot, or someone who joined)."""
        room = await self.open_room(room_id)
        self._creator(room, token)
        async with self._changing(room):
            self._seat(room, seat)
            if room.status != "open":
                raise RoomError(409, "server.started")
            if seat == room.creator:
                raise RoomError(409, "server.own_seat")
            room.seats[seat] = Seat()
            room.gone.pop(seat, None)
            for conn in [c for c in room.connections if c.seat == seat]:
                conn.send(wire.error_frame(self.say("server.seat_freed", conn.lang), room.seq))
                conn.close(4401)
            await self._save(room)
        log.info("room %s: seat %d freed", room.id, seat)
        self._tell_room(room)

    def _start_player(self, room: Room, start_player: object) -> int:
        if start_player is None or start_player == "random":
            return secrets.randbelow(room.game.players)
        if (
            not isinstance(start_player, int)
            or isinstance(start_player, bool)
            or not 0 <= start_player < room.game.players
        ):
            raise RoomError(400, "server.bad_start_player", players=room.game.players)
        return start_player

    async def start(self, room_id: str, token: str | None, start_player: object = None) -> None:
        """The creator starts the game once every seat is taken."""
        room = await self.open_room(room_id)
        self._creator(room, token)
        first = self._start_player(room, start_player)
        async with self._changing(room):
            if room.status != "open":
                raise RoomError(409, "server.started")
            if not all(s.taken for s in room.seats):
                raise RoomError(409, "server.seats_empty")
            self._new_game(room, first)
            await self._save(room)
        self._begun(room)

    def _new_game(self, room: Room, first: int | None) -> None:
        """A new game in the room's seats: a new seed, ``first`` to start (None: at random)."""
        if first is None:
            first = secrets.randbelow(room.game.players)
        room.seed = secrets.randbits(62)
        room.setup = {"start_player": first}
        room.game_no += 1
        room.kept_games.append(room.game_no)  # kept with the room by the save that follows
        room.status = "running"
        room.state = room.game.new_state(room.seed, room.setup)
        room.rematch.clear()
        room.rematch_first = None
        room.log_marks.clear()  # the last game's
        for i, place in enumerate(room.seats):
            if place.left is not None:  # nobody took a leaver's seat: the bot's in the new game
                room.seats[i] = Seat(bot=LEAVER_BOT)

    def _begun(self, room: Room) -> None:
        """Tell everyone of the game just begun (once it is stored), and let a bot open it."""
        first = (room.setup or {}).get("start_player")
        log.info("room %s: game %d started, seat %s first", room.id, room.game_no, first)
        self._tell_room(room)
        self._tell_state(room)
        self._kick_bot(room)
        quiet.kick(self, room)

    async def rematch(
        self, room_id: str, token: str | None, start_player: object = None
    ) -> tuple[list[int], bool]:
        """A seated person agrees to a rematch of the game that is over (the first to agree asks
        for it); the rematch starts once every person's seat has agreed. Only the creator may
        choose its start player (``start_player``, as for a start). The seats agreed (all of
        them, when this agreement started it), and whether it started."""
        room = await self.open_room(room_id)
        async with self._changing(room):
            seat = self._seated(room, token)
            if room.status != "over":
                raise RoomError(409, "server.not_over")
            if start_player is not None:
                if seat != room.creator:
                    raise RoomError(403, "server.not_creator")
                first = self._start_player(room, start_player)
                room.rematch_first = None if start_player == "random" else first
            room.rematch.add(seat)
            agreed = sorted(room.rematch)
            started = room.rematch_agreed()
            if started:
                self._new_game(room, room.rematch_first)
            await self._save(room)
        log.info("room %s: seat %d agreed to a rematch", room.id, seat)
        if started:
            self._begun(room)
        else:
            self._tell_room(room)
        return agreed, started

    async def leave(self, room_id: str, token: str | None) -> int:
        """A person gives up their seat (see the module docstring); the seat left."""
        room = await self.open_room(room_id)
        async with self._changing(room):
            seat = self._seated(room, token)
            place = room.seats[seat]
            if room.status == "open":
                room.seats[seat] = Seat()
            else:  # their name stays on the seat for this game, their token no longer holds it
                at = len(room.state.history) if room.state is not None else 0
                room.seats[seat] = Seat(place.name, LEAVER_BOT, place.token_hash, at)
                if room.state is not None:
                    room.log_at(at)  # now, while the state is at that step: no replay for it
            room.gone.pop(seat, None)
            room.quiet.discard(seat)  # the wish was the person's: their seat's bot answers now
            # the seat's agreement is its bot's now, which always agrees: not listed as asked
            room.rematch.discard(seat)
            if seat == room.creator:
                people = [i for i, s in enumerate(room.seats) if s.person]
                room.creator = people[0] if people else seat
            if not any(s.person for s in room.seats):
                if room.status == "over":  # nobody sits again: its game's record stays as it was
                    room.seats[seat] = Seat(bot=LEAVER_BOT)
                room.status = "closed"
            # the bot that came in may be the agreement a rematch waited for
            rematch = room.status == "over" and bool(room.rematch) and room.rematch_agreed()
            if rematch:
                self._new_game(room, room.rematch_first)
            for conn in [c for c in room.connections if c.seat == seat]:
                conn.close(1000)
            await self._save(room)
        log.info("room %s: seat %d left", room.id, seat)
        if room.status == "closed":
            await self._drop(room)
        elif rematch:
            self._begun(room)
        else:
            self._tell_room(room)
            self._kick_bot(room)
        return seat

    async def let_bot_play(self, room_id: str, seat: int, token: str | None) -> str:
        """Another person seated lets a bot play the seat of someone away (see the module
        docstring): refused unless the game waits on that seat's person and every connection
        of theirs has been gone for :attr:`away_after`. The bot's level."""
        room = await self.open_room(room_id)
        async with room.lock:
            mine = self._seated(room, token)
            place = self._seat(room, seat)
            if mine == seat:
                raise RoomError(403, "server.away.own_seat")
            if room.status != "running" or room.state is None:
                raise RoomError(409, "server.away.not_running")
            if place.name is None or place.bot is not None:
                raise RoomError(409, "server.away.no_person")
            if room.present(seat):
                raise RoomError(409, "server.away.here", name=place.name)
            if room.state.current_player != seat:
                raise RoomError(409, "server.away.not_waiting", name=place.name)
            away = room.away(seat) or 0
            if away < self.away_after:
                minutes = f"{self.away_after / 60:g}"
                raise RoomError(409, "server.away.too_soon", name=place.name, minutes=minutes)
            place.bot = LEAVER_BOT
            await self._save(room)
        log.info("room %s: seat %d away for %d s, a bot plays it", room.id, seat, away)
        self._tell_room(room)
        self._kick_bot(room)
        return LEAVER_BOT

    async def _take_back(self, room: Room, seat: int) -> None:
        """The person of a seat a bot played while they were away plays it again, if they are
        here (a move their bot was still thinking about is dropped: ``act``'s ``bot``)."""
        async with room.lock:
            place = room.seats[seat]
            if not place.stand_in or not room.present(seat):
                return
            place.bot = None
            await self._save(room)
        log.info("room %s: seat %d is back", room.id, seat)
        self._tell_room(room)
        quiet.kick(self, room)  # their wish holds again, now that no bot answers for them

    async def _drop(self, room: Room) -> None:
        self.rooms.pop(room.id, None)
        room.stop(1000)
        log.info("room %s: closed, nobody is left", room.id)

    async def replay(self, room_id: str, game_no: int | None = None) -> dict[str, Any]:
        """A finished game of the room, to step through (``game_no``; None: the latest): its
        options, setup, seed and history, the seats as they were, who made each step
        (``actors``), where each turn begins (``turns``: ``[step, turn]`` pairs) and the
        numbers of every finished game of the room (``games``). The game under way is refused:
        its seed would tell every hand (a closed room's is not: nobody plays it on)."""
        room = await self.find(room_id)
        finished = room.finished_games()
        if game_no is None and not finished:
            raise RoomError(409, "server.not_over")
        if game_no is None:
            game_no = finished[-1]
        elif game_no == room.game_no and room.status == "running":
            raise RoomError(409, "server.not_over")
        elif game_no not in finished:
            if not finished:
                raise RoomError(404, "server.no_game_yet", game=game_no, room=room.id)
            shown = ", ".join(map(str, finished))
            raise RoomError(404, "server.no_game", game=game_no, room=room.id, games=shown)
        key = (room.id, game_no)
        record = self._replays.get(key)
        if record is None:
            kept = await self.db(self.storage.game, room.id, game_no)
            if kept is None:  # pragma: no cover - finished_games lists kept games alone
                raise RoomError(404, "server.no_game", game=game_no, room=room.id, games="")
            try:
                record = self._replays[key] = _replay_record(room, kept)
            except BodogeError:  # stored by a bodoge whose steps meant something else
                raise RoomError(409, "server.not_replayable", game=game_no) from None
            while len(self._replays) > REPLAYS_KEPT:
                self._replays.popitem(last=False)
        self._replays.move_to_end(key)
        return {**record, "games": finished}

    async def act(
        self,
        room: Room,
        seat: int | None,
        action: str,
        seq: int,
        game_no: int | None = None,
        bot: str | None = None,
    ) -> None:
        """Play ``action`` (a step or a whole action) for ``seat``, which saw ``seq``. Refused
        with RoomError (not your decision; stale: a seq below the game's, or of an earlier game,
        or a ``bot``'s move for a seat that bot no longer plays; unreached: a seq the game has
        not come to) or IllegalAction, nothing changed. Committed to storage before any frame
        is sent."""
        async with room.lock:
            state = room.state
            if seat is None:
                raise RoomError(403, "server.act.spectator")
            if state is None or room.status not in ("running", "over"):
                raise RoomError(409, "server.act.not_started")
            at, shown = len(state.history), wire.quoted(str(seq))
            stale = game_no is not None and game_no != room.game_no
            if seq < at or stale or (bot is not None and room.seats[seat].bot != bot):
                raise RoomError(409, "server.act.stale", seq=shown, now=at)
            if seq > at:  # a state this game has not had: made up, garbled, or an earlier game's
                raise RoomError(409, "server.act.unreached", seq=shown, now=at)
            if state.current_player != seat:
                if state.is_over:
                    raise RoomError(409, "server.act.over")
                raise RoomError(403, "server.act.not_yours")
            before = len(state.history)
            building.apply_whole(state, action)
            steps = state.history[before:]
            now = self.clock()
            status = "over" if state.is_over else None
            try:
                await self.commit_moves(
                    Moves(room.id, room.game_no, before, tuple(steps), now, status)
                )
            except Exception:  # told in the log by ``db``, once per outage
                room.state = room.game.replay(room.seed or 0, state.history[:before], room.setup)
                raise RoomError(503, "server.db_failed") from None
            room.touched = now
            if status is not None:
                room.status = status
                room.ended = [s.kept() for s in room.seats]
                room.played = _played(room.ended)
                log.info("room %s: game %d over", room.id, room.game_no)
            self._tell_state(room)
            if status is not None:
                self._tell_room(room)
        self._kick_bot(room)
        quiet.kick(self, room)

    def choices(self, room: Room, seat: int | None, what: str, chosen: Sequence[str]) -> Choices:
        """``state.choices`` for the seat that must decide now."""
        state = room.state
        if seat is None:
            raise RoomError(403, "server.act.spectator")
        if state is None:
            raise RoomError(409, "server.act.not_started")
        if state.current_player != seat:
            raise RoomError(403, "server.act.not_yours")
        try:
            return state.choices(what, chosen)
        except NotImplementedError:
            raise RoomError(409, "server.no_choices", game=room.game.name) from None

    def why(
        self,
        room: Room,
        seat: int | None,
        step: str,
        lang: str,
        names: Sequence[str] | None = None,
    ) -> str | None:
        """Why ``seat`` cannot take ``step`` now, in ``lang`` (None: it can), from the seat's
        view alone, the other seats by ``names`` as the table shows them (``server.reasons``)."""
        state = room.state
        if state is None:
            return self.say("server.act.not_started", lang)
        return reasons.refusal(state, seat, step, lang, names)

    async def chat(self, room: Room, conn: Connection, text: str) -> None:
        """A chat line from a seated person, to everyone in the room."""
        if conn.seat is None:
            raise RoomError(403, "server.chat.spectator")
        limit = room.chat_limits.setdefault(conn.seat, ChatLimit())
        problem = limit.check(text, time.monotonic())
        if problem is not None:
            raise RoomError(400, problem, limit=CHAT_LENGTH)
        line = one_line(text)
        seat = room.seats[conn.seat]
        name = seat.name or ""
        record = ChatRecord(conn.seat, name, line, self.clock())
        await self.db(self.storage.add_chat, room.id, record)
        room.touched = record.at
        frame = wire.chat_frame(record.seat, record.name, record.text, record.at)
        for other in list(room.connections):
            other.send(frame)

    # ------------------------------------------------------------------ connections
    async def connect(self, room: Room, conn: Connection) -> None:
        """A connection joins the room: it is shown the room, the recent chat and the game. A
        seated person who was away is here again (the table is told); one whose seat a bot
        plays takes it back if the game waits on them."""
        room.connections.add(conn)
        back = conn.seat is not None and room.gone.pop(conn.seat, None) is not None
        if back:
            self._tell_room(room)
        else:
            conn.send(wire.room_frame({**room.summary(), "you": conn.seat}))
        try:
            chat = await self.db(self.storage.recent_chat, room.id, CHAT_KEPT)
        except RoomError:  # the database is unavailable: the game without the chat so far
            chat = []
        for line in chat:
            conn.send(wire.chat_frame(line.seat, line.name, line.text, line.at))
        state = room.state
        if state is not None:
            conn.send(conn.sent.frame(state, conn.seat))
        if back and room.status == "running" and state and state.current_player == conn.seat:
            await self._take_back(room, conn.seat)  # type: ignore[arg-type]

    def disconnect(self, room: Room, conn: Connection) -> None:
        """A connection is gone; the seat's last one makes its person away (the table is told)."""
        conn.closed = True
        room.connections.discard(conn)
        seat = conn.seat
        if seat is None or not room.seats[seat].person or room.present(seat):
            return
        room.gone[seat] = self.clock()
        self._tell_room(room)

    def say(self, key: str, lang: str, **fields: object) -> str:
        from bodoge.core.i18n import text

        return text(key, lang, **fields)

    # ------------------------------------------------------------------ telling
    def _tell_room(self, room: Room) -> None:
        summary = room.summary()
        for conn in list(room.connections):
            conn.send(wire.room_frame({**summary, "you": conn.seat}))

    def _tell_state(self, room: Room) -> None:
        """Every connection its own frame, each built from its seat's view alone, with the log
        entries that connection has not been sent yet. A seat's view is built once, and a frame
        once for the connections of a seat that have seen as much of the log."""
        state = room.state
        if state is None:
            return
        seq = wire.seq_of(state)
        views: dict[int | None, tuple[dict[str, Any], list[str]]] = {}
        frames: dict[tuple[int | None, int], str] = {}
        for conn in list(room.connections):
            seen = views.get(conn.seat)
            if seen is None:
                seen = views[conn.seat] = (
                    state.view(conn.seat),
                    wire.legal_steps(state, conn.seat),
                )
            view, legal = seen
            start = conn.sent.log_from(state, view["log"])
            conn.sent.saw(state, view["log"])
            frame = frames.get((conn.seat, start))
            if frame is None:
                frame = frames[conn.seat, start] = wire.view_frame(
                    seq, conn.seat, view, legal, start
                )
            conn.send(frame)

    @contextlib.asynccontextmanager
    async def _changing(self, room: Room) -> AsyncIterator[None]:
        """The room's lock, for a change that ends by storing the room (``_save``): a change the
        database failed is undone, so that nothing changed, as the refusal says."""
        async with room.lock:
            undo = room.saved()
            try:
                yield
            except RoomError as exc:
                if exc.key == "server.db_failed":
                    undo()
                raise

    async def _save(self, room: Room) -> None:
        room.touched = self.clock()
        await self.db(self.storage.save_room, room.record())

    # ------------------------------------------------------------------ bots
    def _kick_bot(self, room: Room) -> None:
        """Let the bot play if a bot's seat must decide now (and none is thinking already)."""
        if room.bot_task is not None and not room.bot_task.done():
            return
        state = room.state
        if state is None or room.status != "running" or state.current_player is None:
            return
        if room.seats[state.current_player].bot is None:
            return
        room.bot_task = asyncio.create_task(self._bot_turns(room))

    async def _bot_turns(self, room: Room) -> None:
        while True:
            state = room.state
            if state is None or room.status != "running" or state.current_player is None:
                return
            seat = state.current_player
            level = room.seats[seat].bot
            if level is None:
                return
            if room.seats[seat].stand_in and room.present(seat):  # its person is back
                await self._take_back(room, seat)
                return
            seq, game_no = len(state.history), room.game_no
            view = state.view(seat)
            legal = [str(a) for a in state.legal_actions()]
            seed = derive_seed(room.seed or 0, "bot", game_no, seq)
            asked = state.asked_whatever_held()  # answered after a delay (bodoge.server.bots)
            try:
                step = await self.bots.choose(
                    room.spec, level, seat, view, legal, seed, room.id, asked
                )
                await self.until_stored(
                    room, partial(self.act, room, seat, step, seq, game_no, bot=level)
                )
            except asyncio.CancelledError:
                raise
            except RoomError as exc:
                if exc.key != "server.act.stale":
                    said = exc.message or self.say(exc.key, "en", **exc.fields)
                    log.error("room %s: the bot of seat %d was refused: %s", room.id, seat, said)
                    return
            except Exception:
                log.exception("room %s: the bot of seat %d failed", room.id, seat)
                return


def _played(seats: list[dict[str, Any]] | None) -> list[dict[str, Any]] | None:
    """The seats of a game as a room over shows it (the summary's ``played``), from the seats as
    its record keeps them (:meth:`Seat.kept`): as seat summaries, a leaver's with the bot that
    played on, a person's without one (a bot that stood in for them while away is not the game's,
    nor kept the same way by its record); None if they are not known.

    >>> seats = [{"name": "Ann", "bot": "easy"}, {"name": "Ben", "bot": "easy", "left": 4}]
    >>> [(s["name"], s["bot"], s["taken"], s["left"]) for s in _played(seats) or []]
    [('Ann', None, True, False), ('Ben', 'easy', True, True)]
    """
    if seats is None:
        return None
    found = []
    for s in seats:
        name, left = s.get("name"), s.get("left") is not None
        bot = s.get("bot") if name is None or left else None
        found.append(
            {"name": name, "bot": bot, "taken": name is not None or bot is not None, "left": left}
        )
    return found


def _replay_record(room: Room, kept: GameRecord) -> dict[str, Any]:
    """A finished game's record as the replay serves it, with who made each step, where the
    action each step is part of begins (``begun``: a compound action or a chore is made of
    several steps, the page says each as the move it builds) and where each turn begins (by the
    turn of the spectator's view: not every game logs its turns), and who left it while it was
    under way (``leaves``, as the room summary gives them: the page says each in the log of the
    positions from that step on)."""
    state = room.game.new_state(kept.seed, kept.setup)
    actors: list[int | None] = []
    begun: list[int] = []
    going: Callable[[], bool] | None = None  # the action under way is not done yet
    seated = kept.seats or []
    left_at = {s["left"] for s in seated if s.get("left") is not None}
    log_at: dict[int, int] = {}  # the log's length after each step someone left at
    view = state.view(None)
    if 0 in left_at:
        log_at[0] = len(view["log"])
    turn = view.get("turn")
    turns = [] if turn is None else [[0, turn]]
    for step in kept.history:
        actor = state.current_player
        if going is None:  # a step that begins an action, as core.choices builds it
            going = state._chore_going if state._chore() is not None else state._in_action
            begun.append(len(actors))
        else:
            begun.append(begun[-1])
        actors.append(actor)
        state.apply(step)
        if state.current_player != actor or not going():
            going = None
        view = state.view(None)
        if len(actors) in left_at:
            log_at[len(actors)] = len(view["log"])
        now = view.get("turn")
        if now != turn and now is not None:
            turns.append([len(actors), now])
        turn = now
    leaves = [
        {
            "seat": i,
            "name": s["name"],
            "bot": s.get("bot"),
            "seq": s["left"],
            "log": log_at[s["left"]],
        }
        for i, s in enumerate(seated)
        if s.get("left") in log_at and s.get("name") is not None
    ]
    return {
        "room": room.id,
        "game": room.game.name,
        "players": room.game.players,
        "variant": room.game.variant,
        "cards": room.cards,
        "game_no": kept.game_no,
        "setup": kept.setup,
        "seed": kept.seed,
        "history": kept.history,
        "seats": kept.seats or [{"name": s.name, "bot": s.bot} for s in room.seats],
        "actors": actors,
        "begun": begun,
        "turns": turns,
        "leaves": leaves,
    }


def engine_text(exc: BodogeError, lang: str) -> str:
    """An engine error in ``lang`` where it offers one (``exc.text(lang)``), else as raised."""
    worded = getattr(exc, "text", None)
    if callable(worded):
        return str(worded(lang))
    return str(exc)
