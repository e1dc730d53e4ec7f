"""Storage: rooms, seats and games in one SQL database, through SQLAlchemy Core.

SQLite in a file by default, PostgreSQL with a ``postgresql://`` URL; the same tables and
statements for both. A game is stored as its game, config, setup, seed and history (one row per
step in ``moves``), never as a full state: replaying the history rebuilds it exactly. The schema
carries its version (table ``schema_version``); :data:`MIGRATIONS` brings an older database up to
date when it is opened, and a newer one is refused rather than misread. The step notation is part
of the schema: a change of what a stored step means comes with a migration that rewrites the
stored histories (``_v5``: RM-3.4's payment steps).

One server uses a database at a time: it holds the database's lease (:meth:`Storage.claim`),
renewed while it runs; a second server is refused while the lease is live. A server killed
without a word leaves a lease that ends :data:`LEASE_SECONDS` after its last renewal, or at once
when the next server starts on the same machine and finds the holder's process gone.

Engines never put a statement's parameters in an error (``hide_parameters``): a stored step may
be secret (a draft pick, an exchange offer), and errors end up in logs. A URL is shown with its
password masked (:func:`shown_url`).

>>> db = Storage("sqlite://")
>>> db.version()
6
>>> seats = [SeatRecord(0, "Ann"), SeatRecord(1, bot="random")]
>>> db.save_room(RoomRecord("abc", "extreme-mission", 2, "basic", game_no=1, seats=seats))
>>> db.add_moves("abc", 1, 0, ["draw"], touched=5.0)
>>> [(r.room, r.seats[0].name, r.history) for r in db.load_rooms()]
[('abc', 'Ann', ['draw'])]
"""

from __future__ import annotations

import hashlib
import json
import logging
import os
import re
import secrets
import socket
import tempfile
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import sqlalchemy as sa
from sqlalchemy.engine import Connection, Engine

from bodoge.core.errors import BodogeError
from bodoge.core.game import Game
from bodoge.core.hooks import game_hook
from bodoge.core.registry import make

__all__ = [
    "LEASE_SECONDS",
    "MIGRATIONS",
    "NOT_RESTORED",
    "SCHEMA_VERSION",
    "ChangeRecord",
    "ChatRecord",
    "CompanionRecord",
    "DatabaseError",
    "GameRecord",
    "Holder",
    "Moves",
    "RoomRecord",
    "SeatRecord",
    "Storage",
    "StorageError",
    "engine_url",
    "failure",
    "shown_url",
    "unavailable",
]

log = logging.getLogger("bodoge.server")

LEASE_SECONDS = 30.0
"""How long a server's hold on its database lasts after its last renewal."""
NOT_RESTORED = "not_restored"
"""Why a room was closed (``rooms.closed_why``): its game could not be restored after an upgrade
of bodoge."""

DatabaseError = sa.exc.SQLAlchemyError
"""What a storage call raises when the database fails it."""


class StorageError(Exception):
    """A database that cannot be used (unreachable, of a newer schema, or held by another
    server): one line saying why."""


metadata = sa.MetaData()

schema_version = sa.Table(
    "schema_version", metadata, sa.Column("version", sa.Integer, nullable=False)
)

rooms = sa.Table(
    "rooms",
    metadata,
    sa.Column("room", sa.String(32), primary_key=True),
    sa.Column("game", sa.String(64), nullable=False),
    sa.Column("players", sa.Integer, nullable=False),
    sa.Column("variant", sa.String(32), nullable=False),
    sa.Column("cards", sa.Text, nullable=True),  # an uploaded card file's text; NULL: shipped
    sa.Column("cards_name", sa.String(200), nullable=True),
    sa.Column("creator", sa.Integer, nullable=False),
    sa.Column("status", sa.String(16), nullable=False),  # open | running | over | closed
    sa.Column("game_no", sa.Integer, nullable=False),  # 0 before the first start, then 1, 2…
    sa.Column("seed", sa.BigInteger, nullable=True),
    sa.Column("setup", sa.Text, nullable=True),  # JSON
    sa.Column("created", sa.Float, nullable=False),
    sa.Column("touched", sa.Float, nullable=False),
    # a rematch being agreed on after a game: the seats whose people agreed (JSON list; NULL:
    # none), and the start player the creator asked for (NULL: at random)
    sa.Column("rematch", sa.Text, nullable=True),
    sa.Column("rematch_first", sa.Integer, nullable=True),
    sa.Column("closed_why", sa.String(32), nullable=True),  # NOT_RESTORED, else NULL
)

seats = sa.Table(
    "seats",
    metadata,
    sa.Column("room", sa.String(32), sa.ForeignKey("rooms.room"), primary_key=True),
    sa.Column("seat", sa.Integer, primary_key=True),
    sa.Column("name", sa.String(64), nullable=True),
    sa.Column("bot", sa.String(32), nullable=True),
    sa.Column("token_hash", sa.String(64), nullable=True),  # sha256 hex; the token is never kept
    # the step of the game under way (or just over) its person left it at, the name kept for
    # that game and the easy bot playing the seat; NULL: nobody left it
    sa.Column("left_at", sa.Integer, nullable=True),
)

moves = sa.Table(
    "moves",
    metadata,
    sa.Column("room", sa.String(32), sa.ForeignKey("rooms.room"), primary_key=True),
    sa.Column("game_no", sa.Integer, primary_key=True),
    sa.Column("seq", sa.Integer, primary_key=True),  # the step's index in the history
    sa.Column("step", sa.String(200), nullable=False),
)

# Each game a room has begun, kept after a rematch so that it can still be replayed: its seed and
# setup (the room's own row holds only the current game's) and who sat where when it began.
games = sa.Table(
    "games",
    metadata,
    sa.Column("room", sa.String(32), sa.ForeignKey("rooms.room"), primary_key=True),
    sa.Column("game_no", sa.Integer, primary_key=True),
    sa.Column("seed", sa.BigInteger, nullable=False),
    sa.Column("setup", sa.Text, nullable=True),  # JSON
    sa.Column("seats", sa.Text, nullable=True),  # JSON [{"name", "bot"}…]; NULL: not known
)

chat = sa.Table(
    "chat",
    metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("room", sa.String(32), sa.ForeignKey("rooms.room"), nullable=False, index=True),
    sa.Column("seat", sa.Integer, nullable=False),
    sa.Column("name", sa.String(64), nullable=False),
    sa.Column("text", sa.Text, nullable=False),
    sa.Column("at", sa.Float, nullable=False),
)


companions = sa.Table(
    "companions",
    metadata,
    sa.Column("room", sa.String(32), primary_key=True),
    sa.Column("game", sa.String(64), nullable=False),
    sa.Column("setup", sa.Text, nullable=False),  # JSON: players, names, variant, seed, cards…
    sa.Column("created", sa.Float, nullable=False),
    sa.Column("touched", sa.Float, nullable=False),
)

# The server that uses the database (one row, ``name`` "server"): who holds it, on which machine
# and process, and when it last said it still does.
lease = sa.Table(
    "lease",
    metadata,
    sa.Column("name", sa.String(16), primary_key=True),
    sa.Column("holder", sa.String(64), nullable=False),
    sa.Column("host", sa.String(255), nullable=False),
    sa.Column("pids", sa.String(64), nullable=False),  # the machine's process space, "" unknown
    sa.Column("pid", sa.Integer, nullable=False),
    sa.Column("renewed", sa.Float, nullable=False),
)

companion_changes = sa.Table(
    "companion_changes",
    metadata,
    sa.Column("room", sa.String(32), sa.ForeignKey("companions.room"), primary_key=True),
    sa.Column("seq", sa.Integer, primary_key=True),  # the change's index in the room's log
    sa.Column("client_id", sa.String(64), nullable=False),
    sa.Column("change", sa.Text, nullable=False),  # JSON
    sa.Column("at", sa.Float, nullable=False),
    sa.UniqueConstraint("room", "client_id"),  # a change sent twice is stored once
)


# The statements of every move, built once: SQLAlchemy then only binds the values (a statement
# built anew per move costs more than the database's own work on it).
_ADD_STEPS = moves.insert()
_TOUCH = (
    rooms.update()
    .where(rooms.c.room == sa.bindparam("b_room"))
    .values(touched=sa.bindparam("b_touched"))
)
_TOUCH_AND_END = (
    rooms.update()
    .where(rooms.c.room == sa.bindparam("b_room"))
    .values(touched=sa.bindparam("b_touched"), status=sa.bindparam("b_status"))
)


def _v1(conn: Connection) -> None:
    """The first schema: rooms, seats, moves and chat."""
    metadata.create_all(conn, tables=[rooms, seats, moves, chat])


def _v2(conn: Connection) -> None:
    """The companion of the physical games: its rooms and their logs of changes."""
    metadata.create_all(conn, tables=[companions, companion_changes])


def _add_columns(conn: Connection, *columns: sa.Column[Any]) -> None:
    """Add these columns (of one table) where they are missing (a database made new has them:
    ``_v1`` builds today's ``rooms`` and ``seats``)."""
    table = columns[0].table.name
    have = {column["name"] for column in sa.inspect(conn).get_columns(table)}
    for column in columns:
        if column.name not in have:
            kind = column.type.compile(conn.dialect)
            conn.execute(sa.text(f"ALTER TABLE {table} ADD COLUMN {column.name} {kind}"))


def _v3(conn: Connection) -> None:
    """A rematch the table agrees to: who agreed, and the start player the creator asked for."""
    _add_columns(conn, rooms.c.rematch, rooms.c.rematch_first)


def _v4(conn: Connection) -> None:
    """Every game a room has begun, so that a rematch keeps the earlier games replayable. A room's
    current game is copied from its row; the seeds of the games before it were not kept, and
    those games stay unlisted."""
    metadata.create_all(conn, tables=[games])
    kept = sa.exists().where(games.c.room == rooms.c.room, games.c.game_no == rooms.c.game_no)
    current = sa.select(rooms.c.room, rooms.c.game_no, rooms.c.seed, rooms.c.setup).where(
        rooms.c.game_no >= 1, rooms.c.seed.is_not(None), ~kept
    )
    conn.execute(games.insert().from_select(["room", "game_no", "seed", "setup"], current))


def _v5(conn: Connection) -> None:
    """The server's lease; why a room was closed; and every kept game's history in today's step
    notation. Ruler of Mana's payment steps changed meaning in RM-3.4 (12afd47: ``W2`` had paid 1
    or 2 mana, it now pays 2, ``W2/1`` 1) while the schema stayed as it was, so a database of any
    version may hold histories of either kind: each kept game that does not replay as it is
    stored is read by its game's ``upgrade_history`` and rewritten where that replays (a history
    of today's steps always replays, and is left alone). One that neither replays nor can be
    read is left as it is: its room says so when the server loads it."""
    metadata.create_all(conn, tables=[lease])
    _add_columns(conn, rooms.c.closed_why)
    made: dict[tuple[str, int, str, str | None], Game | None] = {}
    kept = (
        sa.select(games, rooms.c.game, rooms.c.players, rooms.c.variant, rooms.c.cards)
        .join(rooms, rooms.c.room == games.c.room)
        .order_by(games.c.room, games.c.game_no)
    )
    for row in conn.execute(kept).all():
        key = (row.game, row.players, row.variant, row.cards)
        if key not in made:
            made[key] = _stored_game(*key)
        game = made[key]
        history = _steps(conn, row.room, row.game_no)
        setup = None if row.setup is None else json.loads(row.setup)
        steps = None if game is None else _in_todays_steps(game, row.seed, setup, history)
        if steps is None:
            continue
        conn.execute(moves.delete().where(moves.c.room == row.room, moves.c.game_no == row.game_no))
        if steps:
            conn.execute(
                moves.insert(),
                [
                    {"room": row.room, "game_no": row.game_no, "seq": i, "step": step}
                    for i, step in enumerate(steps)
                ],
            )
        changed = sum(a != b for a, b in zip(steps, history, strict=False))
        changed += abs(len(steps) - len(history))
        log.info(
            "room %s: game %d rewritten in today's steps (%d of %d steps changed)",
            row.room,
            row.game_no,
            changed,
            len(history),
        )


def _in_todays_steps(
    game: Game, seed: int, setup: dict[str, Any] | None, history: list[str]
) -> list[str] | None:
    """A kept game's history in today's steps, where it does not replay as it is stored and its
    game's ``upgrade_history`` reads it; None where it is to be kept as it is."""
    upgrade = game_hook(game, "upgrade_history")
    if upgrade is None:
        return None
    try:
        game.replay(seed, history, setup)
        return None
    except BodogeError:
        pass
    try:
        return list(upgrade(game, seed, setup, history))
    except BodogeError:
        return None


def _stored_game(name: str, players: int, variant: str, cards: str | None) -> Game | None:
    """A stored room's game, its uploaded card file read from a file of its own; None where it
    cannot be made any more (a game or card file this bodoge refuses)."""
    try:
        if cards is None:
            return make(name, players=players, variant=variant)
        with tempfile.TemporaryDirectory() as folder:
            path = Path(folder) / "cards.toml"
            path.write_text(cards, encoding="utf-8")
            return make(name, players=players, variant=variant, cards=path)
    except BodogeError:
        return None


def _v6(conn: Connection) -> None:
    """Someone who left a game under way: the step they left at, their name kept on the seat for
    that game (a seat stored before has none: a leaver's seat was a bot's, nameless)."""
    _add_columns(conn, seats.c.left_at)


MIGRATIONS: list[Callable[[Connection], None]] = [_v1, _v2, _v3, _v4, _v5, _v6]
"""Migration ``i`` brings a database from version ``i`` to ``i + 1``; append, never edit."""
SCHEMA_VERSION = len(MIGRATIONS)


def shown_url(url: str) -> str:
    """``url`` as it may be printed: its password masked (SQLAlchemy's own rendering).

    >>> shown_url("postgresql://bodoge:hunter2@db.example/bodoge")
    'postgresql://bodoge:***@db.example/bodoge'
    >>> shown_url("sqlite:////srv/bodoge.db"), shown_url("postgresql://u:pw@h:port/db")
    ('sqlite:////srv/bodoge.db', 'postgresql://u:***@h:port/db')
    """
    try:
        return sa.engine.make_url(url).render_as_string(hide_password=True)
    except (sa.exc.ArgumentError, ValueError):  # not a URL SQLAlchemy reads: mask it by hand
        return re.sub(r"(://[^/@:]*):[^/@]*@", r"\1:***@", url)


def _masked(text: str, url: str) -> str:
    """``text`` (a driver's words) with ``url`` and its password masked, should it repeat them."""
    text = text.replace(url, shown_url(url))
    try:
        password = sa.engine.make_url(url).password
    except (sa.exc.ArgumentError, ValueError):
        found = re.search(r"://[^/@:]*:([^/@]*)@", url)
        password = found[1] if found else None
    return text.replace(str(password), "***") if password else text


def failure(exc: BaseException) -> str:
    """A database failure in one line: the class and the first line of the driver's words, never
    the statement nor its parameters.

    >>> failure(sa.exc.IntegrityError("INSERT …", ("r", 1, 0, "keep S15"), OSError("no room")))
    'OSError: no room'
    """
    said = getattr(exc, "orig", None) or exc
    lines = str(said).strip().splitlines()
    return f"{type(said).__name__}: {lines[0] if lines else ''}".strip()


def unavailable(exc: BaseException) -> bool:
    """Whether a database failure says the database cannot be reached or written now (gone,
    restarting, full), rather than refusing this one statement (a constraint).

    >>> unavailable(sa.exc.OperationalError("", None, OSError())), unavailable(ValueError())
    (True, False)
    """
    outage = (sa.exc.OperationalError, sa.exc.InterfaceError, sa.exc.TimeoutError)
    return isinstance(exc, outage) or bool(getattr(exc, "connection_invalidated", False))


def engine_url(url: str) -> str:
    """The SQLAlchemy URL for ``url``: ``postgresql://`` is spoken through psycopg 3.

    >>> engine_url("postgresql://u@localhost/bodoge")
    'postgresql+psycopg://u@localhost/bodoge'
    >>> engine_url("sqlite:///games.db")
    'sqlite:///games.db'
    """
    for plain in ("postgresql://", "postgres://"):
        if url.startswith(plain):
            return "postgresql+psycopg://" + url[len(plain) :]
    return url


@dataclass
class SeatRecord:
    """One seat as stored: who sits there (a name, or a bot's level) and its token's hash; and
    for someone who left the game under way, the step they left at (``left``)."""

    seat: int
    name: str | None = None
    bot: str | None = None
    token_hash: str | None = None
    left: int | None = None


@dataclass
class RoomRecord:
    """One room as stored, with the history of its current game."""

    room: str
    game: str
    players: int
    variant: str
    cards: str | None = None
    cards_name: str | None = None
    creator: int = 0
    status: str = "open"
    game_no: int = 0
    seed: int | None = None
    setup: dict[str, Any] | None = None
    created: float = 0.0
    touched: float = 0.0
    seats: list[SeatRecord] = field(default_factory=list)
    history: list[str] = field(default_factory=list)
    rematch: list[int] = field(default_factory=list)
    """The seats whose people agreed to a rematch of the game that is over."""
    rematch_first: int | None = None
    """The start player of that rematch, as the creator asked (None: at random)."""
    games: list[int] = field(default_factory=list)
    """The numbers of the games of the room that are kept (:class:`GameRecord`), in order."""
    game_seats: list[dict[str, Any]] | None = None
    """The seats of its current game as kept for its replay (:class:`GameRecord`'s), as loaded
    (:meth:`Storage.load_rooms`): who played the game a room over shows; None if not known."""
    closed_why: str | None = None
    """Why the room was closed, where the players are told (:data:`NOT_RESTORED`)."""


@dataclass(frozen=True)
class GameRecord:
    """One game of a room as kept for its replay: its seed, setup, history and seats (each
    ``{"name", "bot"}`` as seated when it began, with ``left``, the step its person left at,
    and the bot that played on; None where that was not kept)."""

    room: str
    game_no: int
    seed: int
    setup: dict[str, Any] | None
    history: list[str]
    seats: list[dict[str, Any]] | None


@dataclass(frozen=True)
class Moves:
    """Steps to append to one game's history, from index ``seq``."""

    room: str
    game_no: int
    seq: int
    steps: tuple[str, ...]
    touched: float
    status: str | None = None


@dataclass(frozen=True)
class ChatRecord:
    """One chat line."""

    seat: int
    name: str
    text: str
    at: float


@dataclass(frozen=True)
class ChangeRecord:
    """One change of a companion room: its place in the log, the id its phone gave it, what it
    does (a JSON object) and when it arrived."""

    seq: int
    client_id: str
    change: dict[str, Any]
    at: float


@dataclass
class CompanionRecord:
    """One companion room as stored, with its log of changes."""

    room: str
    game: str
    setup: dict[str, Any]
    created: float = 0.0
    touched: float = 0.0
    changes: list[ChangeRecord] = field(default_factory=list)


@dataclass(frozen=True)
class Holder:
    """A server holding its database's lease: an id of its own, its machine (the host name and
    the process space, so that a process id means one process) and its process id."""

    id: str
    host: str
    pids: str
    pid: int

    @classmethod
    def mine(cls) -> Holder:
        """This process."""
        try:
            pids = os.readlink("/proc/self/ns/pid")  # one per machine, or per container
        except OSError:
            pids = ""
        return cls(secrets.token_hex(16), socket.gethostname()[:255], pids[:64], os.getpid())

    def gone(self, host: str, pids: str, pid: int) -> bool:
        """Whether the process ``pid`` of that machine is known to have ended: only a process of
        this machine can be asked (another machine's lease ends by time alone)."""
        if (host, pids) != (self.host, self.pids) or not pids:
            return False
        if pid == self.pid:
            return True  # this process's id: a process before it, of a machine since restarted
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            return True
        except OSError:  # alive, another user's
            return False
        return False


class Storage:
    """The database behind the server. Every method is one transaction, committed on return:
    a move whose ``add_moves`` returned survives a ``kill -9``."""

    def __init__(self, url: str) -> None:
        self.url = url
        kwargs: dict[str, Any] = {"hide_parameters": True}
        if url.startswith("sqlite"):
            path = url.removeprefix("sqlite:///")
            if url.startswith("sqlite:///") and path:
                Path(path).parent.mkdir(parents=True, exist_ok=True)
            if url in ("sqlite://", "sqlite:///:memory:"):
                # One connection shared across threads, so that an in-memory database is one.
                kwargs["poolclass"] = sa.pool.StaticPool
            kwargs["connect_args"] = {"check_same_thread": False}
        else:
            kwargs["pool_pre_ping"] = True
        try:
            self.engine: Engine = sa.create_engine(engine_url(url), **kwargs)
        except (sa.exc.ArgumentError, ImportError, ValueError) as exc:
            reason = _masked(" ".join(str(exc).split()), url)
            raise StorageError(f"cannot use database {shown_url(url)!r}: {reason}") from None
        if url.startswith("sqlite"):
            sa.event.listen(self.engine, "connect", _sqlite_pragmas)
        self._migrate()

    # ------------------------------------------------------------------ schema
    def version(self) -> int:
        """The schema version of the database (0: empty)."""
        with self.engine.connect() as conn:
            return _version(conn)

    def _migrate(self) -> None:
        try:
            with self.engine.begin() as conn:
                found = _version(conn)
                if found > SCHEMA_VERSION:
                    raise StorageError(
                        f"database {shown_url(self.url)!r} has schema version {found}; this "
                        f"bodoge knows up to {SCHEMA_VERSION}: upgrade bodoge"
                    )
                for step in MIGRATIONS[found:]:
                    step(conn)
                if found == 0:
                    conn.execute(schema_version.insert().values(version=SCHEMA_VERSION))
                elif found < SCHEMA_VERSION:
                    conn.execute(schema_version.update().values(version=SCHEMA_VERSION))
        except sa.exc.OperationalError as exc:
            reason = " ".join(str(exc.orig if exc.orig is not None else exc).split())
            reason = _masked(reason, self.url)
            raise StorageError(f"cannot open database {shown_url(self.url)!r}: {reason}") from None

    # ------------------------------------------------------------------ the lease
    def claim(self, holder: Holder, now: float) -> None:
        """Hold the database for ``holder``, or renew its hold; StorageError if another server
        holds it (a lease renewed less than :data:`LEASE_SECONDS` ago, by a process not known
        to have ended)."""
        row = {
            "name": "server",
            "holder": holder.id,
            "host": holder.host,
            "pids": holder.pids,
            "pid": holder.pid,
            "renewed": now,
        }
        try:
            with self.engine.begin() as conn:
                held = conn.execute(lease.select().where(lease.c.name == "server")).first()
                if held is None:
                    conn.execute(lease.insert().values(**row))
                    return
                if (
                    held.holder != holder.id
                    and held.renewed + LEASE_SECONDS > now
                    and not holder.gone(held.host, held.pids, held.pid)
                ):
                    raise self._held(held, now)
                taken = conn.execute(
                    lease.update()
                    .where(lease.c.holder == held.holder, lease.c.renewed == held.renewed)
                    .values(**row)
                ).rowcount
                if not taken:  # another server took it between the two statements
                    raise self._held(held, now)
        except sa.exc.IntegrityError:  # another server's first claim came first
            with self.engine.connect() as conn:
                held = conn.execute(lease.select().where(lease.c.name == "server")).first()
            raise self._held(held, now) from None

    def release(self, holder: Holder) -> None:
        """Give the lease up (a server stopping), if ``holder`` holds it."""
        with self.engine.begin() as conn:
            conn.execute(lease.delete().where(lease.c.holder == holder.id))

    def _held(self, held: Any, now: float) -> StorageError:
        if held is None:  # pragma: no cover - a lease given up at that very moment
            return StorageError(f"database {shown_url(self.url)!r} is in use by another server")
        ago = max(0, round(now - held.renewed))
        left = max(1, round(held.renewed + LEASE_SECONDS - now))
        return StorageError(
            f"database {shown_url(self.url)!r} is in use by another bodoge server (process "
            f"{held.pid} on {held.host}, seen {ago} s ago): one server per database; if it is "
            f"gone, try again in {left} s"
        )

    # ------------------------------------------------------------------ rooms
    def save_room(self, record: RoomRecord) -> None:
        """Write a room and its seats (not its moves), replacing what was stored."""
        row = {
            "room": record.room,
            "game": record.game,
            "players": record.players,
            "variant": record.variant,
            "cards": record.cards,
            "cards_name": record.cards_name,
            "creator": record.creator,
            "status": record.status,
            "game_no": record.game_no,
            "seed": record.seed,
            "setup": None if record.setup is None else json.dumps(record.setup),
            "created": record.created,
            "touched": record.touched,
            "rematch": json.dumps(record.rematch) if record.rematch else None,
            "rematch_first": record.rematch_first,
            "closed_why": record.closed_why,
        }
        with self.engine.begin() as conn:
            updated = conn.execute(
                rooms.update().where(rooms.c.room == record.room).values(**row)
            ).rowcount
            if not updated:
                conn.execute(rooms.insert().values(**row))
            conn.execute(seats.delete().where(seats.c.room == record.room))
            conn.execute(
                seats.insert(),
                [
                    {
                        "room": record.room,
                        "seat": s.seat,
                        "name": s.name,
                        "bot": s.bot,
                        "token_hash": s.token_hash,
                        "left_at": s.left,
                    }
                    for s in record.seats
                ],
            )
            if record.game_no >= 1 and record.seed is not None:
                _keep_game(conn, record)
                # a leave during the game (the last person's closes the room); not one after it
                if record.status != "over" and any(s.left is not None for s in record.seats):
                    _mark_left(conn, record)

    def add_moves(
        self,
        room: str,
        game_no: int,
        seq: int,
        steps: Sequence[str],
        touched: float,
        status: str | None = None,
    ) -> None:
        """Append ``steps`` to a game's history from index ``seq``, all in one transaction (a
        step already stored at that index makes it fail: two writers cannot both play a move)."""
        self.add_moves_many([Moves(room, game_no, seq, tuple(steps), touched, status)])

    def add_moves_many(self, batch: Sequence[Moves]) -> None:
        """Several rooms' moves in one transaction (a group commit: one commit for the moves that
        arrived together), all or nothing."""
        if not batch:
            return
        steps = [
            {"room": m.room, "game_no": m.game_no, "seq": m.seq + i, "step": step}
            for m in batch
            for i, step in enumerate(m.steps)
        ]
        touched = [{"b_room": m.room, "b_touched": m.touched} for m in batch if m.status is None]
        ended = [
            {"b_room": m.room, "b_touched": m.touched, "b_status": m.status}
            for m in batch
            if m.status is not None
        ]
        with self.engine.begin() as conn:
            if steps:
                conn.execute(_ADD_STEPS, steps)
            if touched:
                conn.execute(_TOUCH, touched)
            if ended:
                conn.execute(_TOUCH_AND_END, ended)

    def touch(self, room: str, touched: float) -> None:
        with self.engine.begin() as conn:
            conn.execute(rooms.update().where(rooms.c.room == room).values(touched=touched))

    def load_rooms(self) -> list[RoomRecord]:
        """Every room not closed, with its seats, and the history and kept seats of its current
        game."""
        with self.engine.connect() as conn:
            found = {
                row.room: _room_record(row)
                for row in conn.execute(rooms.select().where(rooms.c.status != "closed"))
            }
            live = sa.select(rooms.c.room).where(rooms.c.status != "closed")
            for row in conn.execute(
                seats.select().where(seats.c.room.in_(live)).order_by(seats.c.room, seats.c.seat)
            ):
                found[row.room].seats.append(_seat_record(row))
            current = (
                sa.select(moves.c.room, moves.c.step)
                .join(rooms, sa.and_(rooms.c.room == moves.c.room))
                .where(rooms.c.status != "closed", moves.c.game_no == rooms.c.game_no)
                .order_by(moves.c.room, moves.c.seq)
            )
            for row in conn.execute(current):
                found[row.room].history.append(row.step)
            kept = (
                sa.select(games.c.room, games.c.game_no, games.c.seats)
                .where(games.c.room.in_(live))
                .order_by(games.c.room, games.c.game_no)
            )
            for row in conn.execute(kept):
                record = found[row.room]
                record.games.append(row.game_no)
                if row.game_no == record.game_no and row.seats is not None:
                    record.game_seats = json.loads(row.seats)
        return list(found.values())

    def closed_room(self, room: str) -> RoomRecord | None:
        """A closed room that is still kept, with its seats and the numbers of its kept games
        (no history: nobody plays in it); None if there is none, or the room is not closed."""
        with self.engine.connect() as conn:
            row = conn.execute(
                rooms.select().where(rooms.c.room == room, rooms.c.status == "closed")
            ).first()
            if row is None:
                return None
            found = _room_record(row)
            for seat in conn.execute(
                seats.select().where(seats.c.room == room).order_by(seats.c.seat)
            ):
                found.seats.append(_seat_record(seat))
            found.games = list(
                conn.execute(
                    sa.select(games.c.game_no).where(games.c.room == room).order_by(games.c.game_no)
                ).scalars()
            )
        return found

    def game(self, room: str, game_no: int) -> GameRecord | None:
        """One kept game of a room, with its history; None if it is not kept."""
        with self.engine.connect() as conn:
            row = conn.execute(
                games.select().where(games.c.room == room, games.c.game_no == game_no)
            ).first()
            if row is None:
                return None
            return GameRecord(
                room=room,
                game_no=game_no,
                seed=row.seed,
                setup=None if row.setup is None else json.loads(row.setup),
                history=_steps(conn, room, game_no),
                seats=None if row.seats is None else json.loads(row.seats),
            )

    def history(self, room: str, game_no: int) -> list[str]:
        """The steps of one game of a room, in order."""
        with self.engine.connect() as conn:
            return _steps(conn, room, game_no)

    def close_untouched(self, before: float) -> list[str]:
        """Mark closed every room not touched since ``before``; their ids."""
        with self.engine.begin() as conn:
            stale = list(
                conn.execute(
                    sa.select(rooms.c.room).where(
                        rooms.c.status != "closed", rooms.c.touched < before
                    )
                ).scalars()
            )
            if stale:
                conn.execute(rooms.update().where(rooms.c.room.in_(stale)).values(status="closed"))
        return stale

    def close_room(self, room: str, why: str, touched: float) -> None:
        """Mark a room closed, saying why (its record, seats and games kept)."""
        with self.engine.begin() as conn:
            conn.execute(
                rooms.update()
                .where(rooms.c.room == room)
                .values(status="closed", closed_why=why, touched=touched)
            )

    def forget_closed(self, before: float) -> list[str]:
        """Delete every closed room not touched since ``before``, with its seats, games, moves
        and chat; their ids."""
        old = sa.select(rooms.c.room).where(rooms.c.status == "closed", rooms.c.touched < before)
        with self.engine.begin() as conn:
            gone = list(conn.execute(old).scalars())
            if gone:
                for table in (chat, moves, games, seats):  # a room's rows before the room
                    conn.execute(table.delete().where(table.c.room.in_(old)))
                conn.execute(
                    rooms.delete().where(rooms.c.status == "closed", rooms.c.touched < before)
                )
        return gone

    def card_files(self) -> set[str]:
        """The sha256 (hex) of every uploaded card file a stored room plays with, open or kept."""
        with self.engine.connect() as conn:
            texts = conn.execute(
                sa.select(rooms.c.cards).where(rooms.c.cards.is_not(None)).distinct()
            ).scalars()
            return {hashlib.sha256(text.encode()).hexdigest() for text in texts}

    # ------------------------------------------------------------------ chat
    def add_chat(self, room: str, line: ChatRecord) -> None:
        """Keep a chat line (chatting touches the room, like a move)."""
        with self.engine.begin() as conn:
            conn.execute(
                chat.insert().values(
                    room=room, seat=line.seat, name=line.name, text=line.text, at=line.at
                )
            )
            conn.execute(rooms.update().where(rooms.c.room == room).values(touched=line.at))

    def recent_chat(self, room: str, limit: int) -> list[ChatRecord]:
        """The room's last ``limit`` chat lines, oldest first."""
        with self.engine.connect() as conn:
            rows = conn.execute(
                chat.select().where(chat.c.room == room).order_by(chat.c.id.desc()).limit(limit)
            ).all()
        return [ChatRecord(r.seat, r.name, r.text, r.at) for r in reversed(rows)]

    # ------------------------------------------------------------------ the companion
    def save_companion(self, record: CompanionRecord) -> None:
        """Write a new companion room (its log is written change by change)."""
        with self.engine.begin() as conn:
            conn.execute(
                companions.insert().values(
                    room=record.room,
                    game=record.game,
                    setup=json.dumps(record.setup),
                    created=record.created,
                    touched=record.touched,
                )
            )

    def add_change(self, room: str, change: ChangeRecord) -> None:
        """Append one change to a room's log (a ``seq`` or a ``client_id`` already stored makes
        it fail: a change is never stored twice)."""
        with self.engine.begin() as conn:
            conn.execute(
                companion_changes.insert().values(
                    room=room,
                    seq=change.seq,
                    client_id=change.client_id,
                    change=json.dumps(change.change),
                    at=change.at,
                )
            )
            conn.execute(
                companions.update().where(companions.c.room == room).values(touched=change.at)
            )

    def load_companions(self) -> list[CompanionRecord]:
        """Every companion room with its whole log, in order."""
        with self.engine.connect() as conn:
            found = {
                row.room: CompanionRecord(
                    row.room, row.game, json.loads(row.setup), row.created, row.touched
                )
                for row in conn.execute(companions.select())
            }
            for row in conn.execute(
                companion_changes.select().order_by(
                    companion_changes.c.room, companion_changes.c.seq
                )
            ):
                found[row.room].changes.append(
                    ChangeRecord(row.seq, row.client_id, json.loads(row.change), row.at)
                )
        return list(found.values())

    def forget_companions(self, before: float) -> list[str]:
        """Delete every companion room not touched since ``before``, with its log; their ids."""
        old = sa.select(companions.c.room).where(companions.c.touched < before)
        with self.engine.begin() as conn:
            gone = list(conn.execute(old).scalars())
            if gone:
                conn.execute(companion_changes.delete().where(companion_changes.c.room.in_(old)))
                conn.execute(companions.delete().where(companions.c.touched < before))
        return gone

    def ping(self) -> None:
        """Raise unless the database answers (for the health check)."""
        with self.engine.connect() as conn:
            conn.execute(sa.text("SELECT 1"))

    def close(self) -> None:
        self.engine.dispose()


def _room_record(row: Any) -> RoomRecord:
    """A row of ``rooms`` as a record, without its seats, history or games."""
    return RoomRecord(
        room=row.room,
        game=row.game,
        players=row.players,
        variant=row.variant,
        cards=row.cards,
        cards_name=row.cards_name,
        creator=row.creator,
        status=row.status,
        game_no=row.game_no,
        seed=row.seed,
        setup=None if row.setup is None else json.loads(row.setup),
        created=row.created,
        touched=row.touched,
        rematch=json.loads(row.rematch) if row.rematch else [],
        rematch_first=row.rematch_first,
        closed_why=row.closed_why,
    )


def _seat_record(row: Any) -> SeatRecord:
    return SeatRecord(row.seat, row.name, row.bot, row.token_hash, row.left_at)


def _steps(conn: Connection, room: str, game_no: int) -> list[str]:
    return list(
        conn.execute(
            sa.select(moves.c.step)
            .where(moves.c.room == room, moves.c.game_no == game_no)
            .order_by(moves.c.seq)
        ).scalars()
    )


def _keep_game(conn: Connection, record: RoomRecord) -> None:
    """The room's current game in ``games``, written once: when it begins (its seats then)."""
    found = conn.execute(
        sa.select(games.c.game_no).where(
            games.c.room == record.room, games.c.game_no == record.game_no
        )
    ).first()
    if found is None:
        conn.execute(
            games.insert().values(
                room=record.room,
                game_no=record.game_no,
                seed=record.seed,
                setup=None if record.setup is None else json.dumps(record.setup),
                seats=json.dumps([{"name": s.name, "bot": s.bot} for s in record.seats]),
            )
        )


def _mark_left(conn: Connection, record: RoomRecord) -> None:
    """Say in the kept game's seats who left it, and at which step (``left``), the bot that
    played on for them (``bot``): the replay names the seat as the live page did."""
    kept = games.c.room == record.room, games.c.game_no == record.game_no
    found = conn.execute(sa.select(games.c.seats).where(*kept)).scalar()
    if found is None:
        return
    seated = json.loads(found)
    for s in record.seats:
        if s.left is not None and s.seat < len(seated) and seated[s.seat].get("name") == s.name:
            seated[s.seat] = {"name": s.name, "bot": s.bot, "left": s.left}
    changed = json.dumps(seated)
    if changed != found:
        conn.execute(games.update().where(*kept).values(seats=changed))


def _version(conn: Connection) -> int:
    if not sa.inspect(conn).has_table("schema_version"):
        schema_version.create(conn)
        return 0
    found = conn.execute(sa.select(schema_version.c.version)).scalar()
    return int(found or 0)


def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    """WAL: readers never block the writer. ``synchronous=NORMAL`` in WAL mode keeps every
    committed transaction through a crash of the process (``kill -9``); only a power cut can
    take the last ones."""
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.close()
