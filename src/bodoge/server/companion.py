"""The companion of the physical games: rooms that keep the open table of a game played with real
cards (Ruler of Mana's life count, Extreme Mission's missions and collaborators) on every phone
at the table, and reckon its end by the rules (``games/<game>/reckoning.py``).

A companion room is its setup and a log of changes, stored like a game's history: a change is
written before anyone is told of it, so reloads, dropped connections and a restart lose nothing.
Each change carries the id its phone gave it; a change that arrives twice (a phone catching up
after losing the network) is acknowledged and not applied again. ``{"do": "undo", "of": id}``
takes back the last change still in force, only that one, so two phones never undo twice.

Routes: ``POST /api/companion`` ``{"game", "players", "names"?, "variant"?, "start_player"?,
"cards"?, "cards_name"?}`` → ``201 {"room", "url"}``; ``GET /api/companion/{room}`` → the room's
frame; ``/ws/companion/{room}``: the frame on connecting and after every change to everyone,
``{"type": "change", "id", "change"}`` → ``{"type": "ack", "id"}`` or ``{"type": "error",
"message", "id"}``; ``{"type": "ping"}`` → ``{"type": "pong"}``. Pages:
``/companion/{game}`` and ``/companion/{game}/{room}``.

The table is public — everyone at it sees it — and the frame carries nothing else: no seed.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import random
import secrets
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any, TypeVar

from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, PlainTextResponse, Response
from starlette.routing import BaseRoute, Route, WebSocketRoute
from starlette.websockets import WebSocket, WebSocketDisconnect

from bodoge.core.errors import BodogeError, Refusal
from bodoge.core.i18n import text
from bodoge.core.table import count
from bodoge.core.table import seat as seat_at
from bodoge.games.extreme_mission import reckoning as em
from bodoge.games.extreme_mission.cards import CardSet
from bodoge.games.extreme_mission.words import condition_words
from bodoge.games.ruler_of_mana import reckoning as rm
from bodoge.server import wire
from bodoge.server.limits import FrameLimit
from bodoge.server.rooms import Connection, RoomError, Rooms, clean_name, engine_text
from bodoge.server.storage import ChangeRecord, CompanionRecord

__all__ = ["GAMES", "Companions", "routes"]

log = logging.getLogger("bodoge.server")

HISTORY_SHOWN = 60
"""The latest changes a frame lists (the whole log stays stored)."""
CLIENT_ID_LENGTH = 64
UNDO = "undo"


# ---------------------------------------------------------------------- Ruler of Mana
@dataclass(frozen=True)
class RulerTable:
    """The life count (``rm.Count``), the names, and the end once it is declared: how it ended,
    whose blow it was, and the hand sizes given for the tie-break."""

    count: rm.Count
    names: tuple[str, ...]
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
    """One change of the life count; once the end is declared, only the hand sizes."""
    do = change.get("do")
    c = table.count
    if table.ending is not None and do != "hands":
        raise Refusal("companion.error.ended")
    if do in ("damage", "heal", "shield"):
        step = {"damage": c.damage, "heal": c.heal, "shield": c.shield_up}[str(do)]
        return replace(table, count=step(change.get("seat"), change.get("amount")))  # type: ignore[arg-type]
    if do == "penalty":
        return replace(table, count=c.penalty(change.get("seat")))  # type: ignore[arg-type]
    if do == "next":
        return replace(table, count=c.next_turn())
    if do == "name":
        return _renamed(table, change)
    if do == "end":
        blow = change.get("blow_by")
        ending = change.get("ending")
        rm.check_ending(c.life, ending, blow)
        return replace(table, ending=str(ending), blow_by=blow)
    if do == "hands":
        if table.ending is None:
            raise Refusal("companion.error.not_ended")
        return replace(table, hands=_hands(table.hands, change, c.players))
    raise Refusal("companion.error.change", do=do)


# ---------------------------------------------------------------------- Extreme Mission
@dataclass(frozen=True)
class MissionTable:
    """The open table (``em.Table``), the names, and the hand sizes given at the end."""

    table: em.Table
    names: tuple[str, ...]
    cards: CardSet
    hands: Mapping[int, int] = field(default_factory=dict)

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
            "missions": [
                {
                    "id": m,
                    "level": t.level(m),
                    "name": {"en": cs.mission(m).en, "ja": cs.mission(m).ja},
                    "condition": {
                        lang: condition_words(cs, cs.mission(m).condition, lang)
                        for lang in ("en", "ja")
                    },
                }
                for m in t.missions
            ],
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


def _mission_start(setup: Mapping[str, Any], cards: CardSet | None) -> MissionTable:
    assert cards is not None
    table = em.Table.deal(cards, setup["players"], setup["start_player"], setup["seed"])
    return MissionTable(table, tuple(setup["names"]), cards)


def _mission_change(table: MissionTable, change: Mapping[str, Any]) -> MissionTable:
    """One change of the open table; once the game is over, only the hand sizes."""
    do = change.get("do")
    t = table.table
    if t.over and do != "hands":
        raise Refusal("companion.error.ended")
    if do == "complete":
        mission = change.get("mission")
        return replace(table, table=t.complete(change.get("seat"), str(mission)))  # type: ignore[arg-type]
    if do == "collaborator":
        up = change.get("up")
        if not isinstance(up, bool):
            raise Refusal("companion.error.change", do=do)
        kind = str(change.get("kind"))
        return replace(table, table=t.turn_collaborator(change.get("seat"), kind, up))  # type: ignore[arg-type]
    if do == "next":
        return replace(table, table=t.next_turn())
    if do == "name":
        return _renamed(table, change)
    if do == "hands":
        if not t.over:
            raise Refusal("companion.error.not_ended")
        return replace(table, hands=_hands(table.hands, change, t.players))
    raise Refusal("companion.error.change", do=do)


# ---------------------------------------------------------------------- shared
Named = TypeVar("Named", RulerTable, MissionTable)


def _renamed(table: Named, change: Mapping[str, Any]) -> Named:
    names = list(table.names)
    seat = seat_at(len(names), change.get("seat"))
    try:
        names[seat] = clean_name(change.get("name"))
    except RoomError:
        raise Refusal("companion.error.name") from None
    return replace(table, names=tuple(names))


def _hands(given: Mapping[int, int], change: Mapping[str, Any], players: int) -> dict[int, int]:
    sizes = change.get("hands")
    if not isinstance(sizes, dict):
        raise Refusal("companion.error.change", do="hands")
    out = dict(given)
    for key, size in sizes.items():
        seat = seat_at(players, int(key) if isinstance(key, str) and key.isdigit() else key)
        out[seat] = count(size)
    return out


@dataclass(frozen=True)
class Game:
    """How a companion game starts its table and applies a change."""

    start: Callable[[Mapping[str, Any], CardSet | None], Any]
    apply: Callable[[Any, Mapping[str, Any]], Any]
    min_players: int
    max_players: int


GAMES: dict[str, Game] = {
    "ruler-of-mana": Game(_ruler_start, _ruler_change, 2, 6),
    "extreme-mission": Game(_mission_start, _mission_change, 2, 5),
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
        self.connections: set[Connection] = set()
        self.lock = asyncio.Lock()
        for change in record.changes:
            self.check(change.client_id, change.change)
            self.commit(change)

    @property
    def table(self) -> Any:
        return self.tables[-1]

    def check(self, client_id: str, change: Mapping[str, Any]) -> Any:
        """The table after ``change`` (a Refusal if the rules refuse it), or the table after
        an undo."""
        if change.get("do") == UNDO:
            if not self.in_force or change.get("of") != self.in_force[-1]:
                raise Refusal("companion.error.undo")
            return self.tables[-2]
        return self.rules.apply(self.table, change)

    def commit(self, record: ChangeRecord, table: Any = None) -> None:
        if record.change.get("do") == UNDO:
            self.tables.pop()
            self.in_force.pop()
        else:
            self.tables.append(
                table if table is not None else self.rules.apply(self.table, record.change)
            )
            self.in_force.append(record.client_id)
        self.log.append(record)
        self.ids.add(record.client_id)

    def frame(self) -> str:
        undone = {r.change.get("of") for r in self.log if r.change.get("do") == UNDO} - set(
            self.in_force
        )
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

    def _cards(self, game: str, setup: Mapping[str, Any]) -> CardSet | None:
        """Extreme Mission's card set, shipped or uploaded, through the rooms' loader."""
        if game != "extreme-mission":
            return None
        made = self.rooms._make_game(game, setup["players"], "basic", setup.get("cards"))
        return made.cards  # type: ignore[attr-defined,no-any-return]

    async def load(self) -> None:
        for record in await self.rooms.db(self.storage.load_companions):
            try:
                self.open[record.room] = Companion(record, self._cards(record.game, record.setup))
            except (BodogeError, RoomError, KeyError) as exc:
                log.error("companion %s: cannot be restored: %s", record.room, exc)

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
        names = body.get("names") or [
            text("companion.seat_name", lang, n=i + 1) for i in range(players)
        ]
        if not isinstance(names, list) or len(names) != players:
            raise RoomError(400, "server.bad_field", field="names")
        names = [clean_name(n) for n in names]
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
        room = Companion(record, self._cards(str(game), setup))
        await self.rooms.db(self.storage.save_companion, record)
        self.open[room.id] = room
        return room

    def get(self, room_id: str) -> Companion:
        room = self.open.get(room_id)
        if room is None:
            raise RoomError(404, "server.no_room", room=room_id)
        return room

    async def change(self, room: Companion, client_id: object, change: object) -> bool:
        """Apply a phone's change: False if that change was already applied (sent twice)."""
        if not isinstance(client_id, str) or not 0 < len(client_id) <= CLIENT_ID_LENGTH:
            raise Refusal("companion.error.client_id", limit=CLIENT_ID_LENGTH)
        if not isinstance(change, dict):
            raise Refusal("companion.error.change", do=None)
        async with room.lock:
            if client_id in room.ids:
                return False
            table = room.check(client_id, change)
            record = ChangeRecord(len(room.log), client_id, change, self.clock())
            await self.rooms.db(self.storage.add_change, room.id, record)
            room.commit(record, None if change.get("do") == UNDO else table)
        frame = room.frame()
        for conn in list(room.connections):
            conn.send(frame)
        return True


def _room_code() -> str:
    alphabet = "abcdefghijkmnpqrstuvwxyz23456789"  # no 0/o, 1/l: codes are read aloud
    return "".join(secrets.choice(alphabet) for _ in range(6))


# ---------------------------------------------------------------------- routes
def _companions(request: Request | WebSocket) -> Companions:
    found: Companions | None = getattr(request.app.state, "companions", None)
    if found is None:
        raise RoomError(503, "server.db_failed")
    return found


def _app() -> Any:
    """The app module (it imports this one: its helpers are looked up when a request comes)."""
    from bodoge.server import app

    return app


def _lang(request: Request | WebSocket) -> str:
    return str(_app()._lang(request))


async def create(request: Request) -> Response:
    lang = _lang(request)
    try:
        body = await _app()._body(request)
        room = await _companions(request).create(body, lang)
    except RoomError as exc:
        message = exc.message or text(exc.key, lang, **exc.fields)
        return JSONResponse({"error": message}, status_code=exc.status)
    except BodogeError as exc:
        return JSONResponse({"error": engine_text(exc, lang)}, status_code=400)
    return JSONResponse(
        {"room": room.id, "url": f"/companion/{room.game}/{room.id}"}, status_code=201
    )


async def show(request: Request) -> Response:
    try:
        room = _companions(request).get(request.path_params["room"])
    except RoomError as exc:
        message = text(exc.key, _lang(request), **exc.fields)
        return JSONResponse({"error": message}, status_code=exc.status)
    return Response(room.frame(), media_type="application/json")


async def socket(websocket: WebSocket) -> None:
    """``/ws/companion/{room}``: the room's frame to every phone, and their changes back."""
    lang = _lang(websocket)
    await websocket.accept()
    companions = _companions(websocket)
    room = companions.open.get(websocket.path_params["room"])
    if room is None:
        message = text("server.no_room", lang, room=websocket.path_params["room"])
        await websocket.send_text(wire.error_frame(message, 0))
        await websocket.close(4404)
        return
    conn = Connection(None, lang)
    limit = FrameLimit()
    room.connections.add(conn)
    conn.send(room.frame())
    writer = asyncio.create_task(_app()._write(websocket, conn))
    try:
        while not conn.closed:
            data = await websocket.receive_text()
            problem = limit.check(len(data.encode()), time.monotonic())
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


async def _handle(companions: Companions, room: Companion, conn: Connection, data: str) -> None:
    try:
        frame = json.loads(data)
    except ValueError:
        conn.send(wire.error_frame(text("server.frame.bad_json", conn.lang), len(room.log)))
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
                        "id": client_id,
                        "seq": len(room.log),
                    }
                )
            )
            return
        conn.send(wire.dumps({"type": "ack", "id": client_id}))
    else:
        conn.send(wire.error_frame(text("server.frame.unknown_type", conn.lang), len(room.log)))


def _page(request: Request) -> Response:
    path = _app().web_dir() / "companion" / "companion.html"
    if request.path_params["game"] not in GAMES or not path.is_file():
        return PlainTextResponse(text("server.no_page", _lang(request)), status_code=404)
    return FileResponse(path, media_type="text/html")


async def page(request: Request) -> Response:
    return _page(request)


def routes() -> list[BaseRoute]:
    """The companion's routes, for ``create_app``."""
    return [
        Route("/api/companion", create, methods=["POST"]),
        Route("/api/companion/{room}", show),
        WebSocketRoute("/ws/companion/{room}", socket),
        Route("/companion/{game}", page),
        Route("/companion/{game}/{room}", page),
    ]
