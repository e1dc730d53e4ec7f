"""The web app: the HTTP API, the room websocket and the pages (DESIGN.md, "The server and its
wire protocol"). ``create_app(db_url)`` builds it; ``bodoge serve`` runs it with uvicorn.

Errors are one line in ``{"error": …}`` with the contract's status (400 a bad body, 401 no or an
unknown token, 403 not yours to do, 404 no such room or seat, 409 not now, 413 too big, 429 too
many companion codes of no table from one client), in the language of ``?lang=`` or the
``Accept-Language`` header (English by default). Every answer carries the security headers of
:mod:`~bodoge.server.headers`.
"""

from __future__ import annotations

import asyncio
import contextlib
import heapq
import logging
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path

from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, PlainTextResponse, Response
from starlette.routing import BaseRoute, Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect

from bodoge.core.action import number
from bodoge.core.errors import BodogeError, WordedError
from bodoge.core.hooks import game_hook
from bodoge.core.i18n import LANGUAGES, text
from bodoge.core.registry import game_class, games
from bodoge.server import companion, pages, quiet, wire
from bodoge.server.body import MAX_BODY, json_body
from bodoge.server.bots import BOT_LEVELS, BotPool
from bodoge.server.companion import Companions
from bodoge.server.headers import SecurityHeaders
from bodoge.server.limits import (
    CHAT_LENGTH,
    CHAT_LINES,
    CHAT_SECONDS,
    MADE_PER_MINUTE,
    MAX_FRAME,
    SOCKETS_PER_ADDRESS,
    Sockets,
    client_address,
)
from bodoge.server.paths import web_dir
from bodoge.server.reader import lang_of, refused
from bodoge.server.rooms import (
    AWAY_SECONDS,
    Connection,
    Room,
    RoomError,
    Rooms,
    engine_text,
    game_number,
)
from bodoge.server.root import UnderRoot, rooted
from bodoge.server.sockets import counted, frame_size, receive, write_outbox
from bodoge.server.storage import LEASE_SECONDS, Holder, Storage, StorageError

__all__ = ["MAX_BODY", "create_app"]

log = logging.getLogger("bodoge.server")

HEALTH_SECONDS = 5.0
"""How long ``GET /health`` waits for the database before it says it does not answer."""
STATUSES = ("open", "running", "over")
"""The rooms held in memory, by status (a closed one is not)."""
ROOMS_LISTED = 100
"""The most rooms ``GET /api/rooms`` lists: the newest."""
SWEEP_SECONDS = 3600.0
"""How often rooms nobody touched for a week (or nobody joined for a day) are looked for, and
closed ones kept long enough."""
RENEW_SECONDS = LEASE_SECONDS / 3
"""How often the server renews its lease on the database (it lasts :data:`LEASE_SECONDS`)."""


def _bearer(request: Request) -> str | None:
    header = request.headers.get("authorization", "")
    scheme, _, token = header.partition(" ")
    return token.strip() or None if scheme.lower() == "bearer" else None


def _int(value: object, field: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise RoomError(400, "server.bad_field", field=field)
    return value


Handler = Callable[[Request], Awaitable[Response]]


def _api(handler: Callable[[Request, Rooms], Awaitable[Response]]) -> Handler:
    """A route whose refusals become the contract's one-line JSON errors."""

    async def route(request: Request) -> Response:
        rooms: Rooms = request.app.state.rooms
        try:
            return await handler(request, rooms)
        except RoomError as exc:
            return refused(request, exc)
        except BodogeError as exc:
            return refused(request, exc, 400)

    return route


# ---------------------------------------------------------------------- HTTP API
async def list_games(request: Request, rooms: Rooms) -> Response:
    """The games, their player counts and variants, the bots a room offers, the limits of the
    room chat (so that a page can keep to them before the server refuses), and how long a person
    must be away before a bot may play their seat (``away_seconds``)."""
    found = []
    for name in games():
        cls = game_class(name)
        found.append(
            {
                "game": name,
                "title": cls.title,
                "min_players": cls.min_players,
                "max_players": cls.max_players,
                "default_players": cls.default_players,
                "variants": list(cls.variants),
            }
        )
    chat = {"length": CHAT_LENGTH, "lines": CHAT_LINES, "seconds": CHAT_SECONDS}
    return JSONResponse(
        {"games": found, "bots": list(BOT_LEVELS), "chat": chat, "away_seconds": rooms.away_after}
    )


async def create_room(request: Request, rooms: Rooms) -> Response:
    body = await json_body(request)
    game = body.get("game")
    if not isinstance(game, str):
        raise RoomError(400, "server.bad_field", field="game")
    players = body.get("players")
    if players is not None:
        players = _int(players, "players")
    variant = body.get("variant", "basic")
    if not isinstance(variant, str):
        raise RoomError(400, "server.bad_field", field="variant")
    cards = body.get("cards")
    if cards is not None and not isinstance(cards, str):
        raise RoomError(400, "server.bad_field", field="cards")
    cards_name = body.get("cards_name")
    if cards_name is not None and not isinstance(cards_name, str):
        raise RoomError(400, "server.bad_field", field="cards_name")
    name = body.get("name", text("server.default_name", lang_of(request)))
    address = client_address(request)
    room, token = await rooms.create(game, players, variant, name, cards, cards_name, address)
    return JSONResponse(
        {
            "room": room.id,
            "seat": 0,
            "token": token,
            "url": rooted(request, f"/r/{room.id}#token={token}"),
        },
        status_code=201,
    )


async def room_list(request: Request, rooms: Rooms) -> Response:
    """The :data:`ROOMS_LISTED` newest rooms not closed (a lobby shows no more): open, running,
    and over (between games: the group's room still, where a rematch may start)."""
    listed = (r for r in rooms.rooms.values() if r.status in STATUSES)
    newest = heapq.nlargest(ROOMS_LISTED, listed, key=lambda r: r.created)
    return JSONResponse({"rooms": [r.summary() for r in newest]})


async def room_summary(request: Request, rooms: Rooms) -> Response:
    """The room's summary; a closed room's says so (``status``) and lists its games."""
    return JSONResponse((await rooms.find(request.path_params["room"])).summary())


def _seat_param(request: Request) -> int:
    raw = request.path_params["seat"]
    seat = number(raw)
    if seat is None:
        room = wire.quoted(request.path_params["room"])
        raise RoomError(404, "server.no_seat", seat=wire.quoted(raw), room=room)
    return seat


async def join_seat(request: Request, rooms: Rooms) -> Response:
    body = await json_body(request)
    seat = _seat_param(request)
    token = await rooms.join(request.path_params["room"], seat, body.get("name"))
    return JSONResponse({"seat": seat, "token": token})


async def seat_bot(request: Request, rooms: Rooms) -> Response:
    body = await json_body(request)
    seat = _seat_param(request)
    level = body.get("level")
    await rooms.seat_bot(request.path_params["room"], seat, level, _bearer(request))
    return JSONResponse({"seat": seat, "bot": level})


async def free_seat(request: Request, rooms: Rooms) -> Response:
    seat = _seat_param(request)
    await rooms.free_seat(request.path_params["room"], seat, _bearer(request))
    return JSONResponse({"seat": seat})


async def let_bot_play(request: Request, rooms: Rooms) -> Response:
    """Another person at the table lets a bot play the seat of someone away."""
    seat = _seat_param(request)
    level = await rooms.let_bot_play(request.path_params["room"], seat, _bearer(request))
    return JSONResponse({"seat": seat, "bot": level})


async def your_seat(request: Request, rooms: Rooms) -> Response:
    """Which seat of the room a token holds (``{"you": null}``: none; an answer, not a refusal,
    as the question is whether it holds one), so that a page holding one token and given another
    by a link learns which of them hold a seat before it keeps either."""
    room = await rooms.find(request.path_params["room"])
    token = _bearer(request)
    if not token:
        raise RoomError(401, "server.no_token")
    return JSONResponse({"you": room.seat_of(token)})


async def start_game(request: Request, rooms: Rooms) -> Response:
    body = await json_body(request)
    room_id = request.path_params["room"]
    await rooms.start(room_id, _bearer(request), body.get("start_player"))
    return JSONResponse(rooms.get(room_id).summary())


async def rematch(request: Request, rooms: Rooms) -> Response:
    """A seat's agreement to a rematch; it starts once every person's seat agreed."""
    body = await json_body(request)
    room_id = request.path_params["room"]
    agreed, started = await rooms.rematch(room_id, _bearer(request), body.get("start_player"))
    return JSONResponse({"rematch": agreed, "started": started})


async def leave(request: Request, rooms: Rooms) -> Response:
    seat = await rooms.leave(request.path_params["room"], _bearer(request))
    return JSONResponse({"seat": seat})


async def replay(request: Request, rooms: Rooms) -> Response:
    """A finished game's record: the latest, or ``?game=N``."""
    asked = game_number(request.query_params.get("game"))
    return JSONResponse(await rooms.replay(request.path_params["room"], asked))


async def health(request: Request) -> Response:
    """``GET /health``: 200 while the database answers (within :data:`HEALTH_SECONDS`), else
    503; and how many rooms are open, running and over, companion rooms, and connections. Counts
    only: nothing about any room or person."""
    rooms: Rooms = request.app.state.rooms
    companions: Companions = request.app.state.companions
    try:
        await asyncio.wait_for(rooms.db(rooms.storage.ping), HEALTH_SECONDS)
        database = "ok"
    except Exception as exc:  # whatever the driver raises: the answer is the same
        log.warning("health: the database does not answer: %s", type(exc).__name__)
        database = "unreachable"
    held = list(rooms.rooms.values())
    counts = {status: sum(1 for r in held if r.status == status) for status in STATUSES}
    connections = sum(len(r.connections) for r in held)
    connections += sum(len(r.connections) for r in companions.open.values())
    found = {
        "status": "ok" if database == "ok" else "failing",
        "database": database,
        "rooms": counts,
        "companions": len(companions.open),
        "connections": connections,
    }
    return JSONResponse(found, status_code=200 if database == "ok" else 503)


async def not_found(request: Request, rooms: Rooms) -> Response:
    raise RoomError(404, "server.no_route", path=wire.quoted(request.url.path))


# ---------------------------------------------------------------------- websocket
async def room_socket(websocket: WebSocket) -> None:
    """``/ws/rooms/{room}?token=T``: frames of the room to a seat (or, without a token, to a
    spectator), and the seat's moves, chat and questions back. A closed room's connection is
    sent its room frame alone (``status`` closed, its ``games`` to replay), then closed: 4410."""
    rooms: Rooms = websocket.app.state.rooms
    lang = lang_of(websocket)
    await websocket.accept()
    room = rooms.rooms.get(websocket.path_params["room"])
    token = websocket.query_params.get("token")
    if room is None:
        try:
            closed = await rooms.find(websocket.path_params["room"])
        except RoomError as exc:
            await websocket.send_text(wire.error_frame(text(exc.key, lang, **exc.fields), 0))
            await websocket.close(4404)
            return
        await websocket.send_text(wire.room_frame({**closed.summary(), "you": None}))
        await websocket.close(4410)
        return
    seat = room.seat_of(token) if token else None
    if token and seat is None:
        why = room.refused_token(token)
        await websocket.send_text(wire.error_frame(text(why.key, lang, **why.fields), room.seq))
        await websocket.close(4401)
        return
    conn = Connection(seat, lang)
    writer = asyncio.create_task(write_outbox(websocket, conn))
    try:
        await rooms.connect(room, conn)
        while not conn.closed:
            data = await receive(websocket)
            if data is None:
                break
            problem = conn.frames.check(frame_size(data), time.monotonic())
            if problem is not None:
                conn.send(wire.error_frame(text(problem, lang, limit=MAX_FRAME // 1024), room.seq))
                conn.close(4408)
                break
            await _handle(rooms, room, conn, data)
    except WebSocketDisconnect:
        pass
    finally:
        rooms.disconnect(room, conn)
        conn.closed = True
        with contextlib.suppress(asyncio.QueueFull):
            conn.outbox.put_nowait(1000)
        with contextlib.suppress(Exception):
            await asyncio.wait_for(writer, timeout=5)
        writer.cancel()


async def _handle(rooms: Rooms, room: Room, conn: Connection, data: str | bytes) -> None:
    """One client frame: answered, or refused with an error frame; the connection stays."""
    lang = conn.lang
    said = ""  # what a refusal may repeat of the frame (cut short: wire.quoting)
    try:
        frame = wire.parse_frame(data)
        said = wire.said_in(frame)
        kind = frame["type"]
        if kind == "ping":
            conn.send(wire.dumps({"type": "pong"}))
        elif kind == "act":
            await rooms.act(room, conn.seat, frame["action"], frame["seq"])
        elif kind == "choices":
            found = rooms.choices(room, conn.seat, frame["what"], frame["chosen"])
            needs = _still_needed(room, frame["what"], frame["chosen"], lang)
            conn.send(wire.choices_frame(frame["what"], frame["chosen"], found, needs))
        elif kind == "why":  # in the page's language now, which may not be the connection's
            asked = frame.get("lang")
            said = asked if asked in LANGUAGES else lang
            reason = rooms.why(room, conn.seat, frame["action"], said, frame.get("names"))
            conn.send(wire.why_frame(frame["action"], reason))
        elif kind == "chat":
            await rooms.chat(room, conn, frame["text"])
        elif kind == "quiet":
            quiet.set_quiet(rooms, room, conn.seat, frame["on"])
    except wire.FrameError as exc:
        conn.send(wire.error_frame(text(exc.key, lang, **exc.fields), room.seq))
    except RoomError as exc:
        message = exc.message or text(exc.key, lang, **exc.fields)
        conn.send(wire.error_frame(message, room.seq))
    except WordedError as exc:  # IllegalAction and the other refusals worded from the catalogue
        conn.send(wire.error_frame(wire.quoting(exc.message, said).text(lang), room.seq))
    except BodogeError as exc:
        conn.send(wire.error_frame(engine_text(exc, lang), room.seq))


def _still_needed(room: Room, what: str, chosen: list[str], lang: str) -> str | None:
    """What the move being built still needs, in the game's words (Extreme Mission's
    ``describe_building``: the collaborators it can only be made with as wilds), or None. Only the
    seat that decides asks (``Rooms.choices``), and the words are about its own hand. ``what``
    is begun: the browser's drop down to the hand limit begins at its first card, picked."""
    describe = game_hook(room.game, "describe_building")
    if describe is None or room.state is None:
        return None
    said = describe(room.state, what, list(chosen), lang, True)
    return str(said) if said else None


# ---------------------------------------------------------------------- pages
def _page(name: str) -> Callable[[Request], Awaitable[Response]]:
    async def page(request: Request) -> Response:
        path = web_dir() / name
        if not path.is_file():
            return PlainTextResponse(text("server.no_page", lang_of(request)), status_code=404)
        return HTMLResponse(pages.page_html(path, rooted(request, "")))

    return page


# ---------------------------------------------------------------------- the app
def create_app(
    db_url: str,
    *,
    cards_dir: Path | None = None,
    bot_workers: str = "process",
    bot_count: int = 1,
    extra_routes: list[BaseRoute] | None = None,
    room_limit: int = MADE_PER_MINUTE,
    away_after: float = AWAY_SECONDS,
    holder: Holder | None = None,
    lease_lost: Callable[[], None] | None = None,
    sockets_per_address: int = SOCKETS_PER_ADDRESS,
    root_path: str = "",
) -> Starlette:
    """The bodoge web app on the database ``db_url`` (``sqlite:///PATH`` or
    ``postgresql://…``). Uploaded card files are kept in ``cards_dir`` (default: beside an SQLite
    file, else the user's data folder). Bots think in ``bot_count`` worker processes
    (``bot_workers="thread"``: threads). One address makes at most ``room_limit`` rooms a minute
    (0: no limit; ``Rooms.admit``). A bot may play the seat of someone
    away for ``away_after`` seconds (bodoge.server.rooms). The database is opened when the app
    starts, and held (its lease, as ``holder``: default, this process) until it stops; another
    server's hold refuses the start (StorageError). Should another server take the database over
    (this one stalled past its lease), ``lease_lost`` is called: ``bodoge serve`` stops.
    One client address holds at most ``sockets_per_address`` websockets at once (0: no cap).
    Every address is served under ``root_path`` (``/bodoge``; bodoge.server.root), when given."""
    holding = holder or Holder.mine()

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        storage = Storage(db_url)
        try:
            storage.claim(holding, time.time())
        except BaseException:
            storage.close()
            raise
        rooms = Rooms(
            storage,
            BotPool(bot_workers, bot_count),
            cards_dir or _cards_dir(db_url),
            room_limit=room_limit,
            away_after=away_after,
        )
        app.state.rooms = rooms
        await rooms.load()
        companions = app.state.companions = Companions(rooms)
        await companions.load()
        await companions.forget_untouched()
        await rooms.close_untouched()
        await rooms.close_unjoined()
        await rooms.forget_closed()
        await rooms.clean_cards()  # at start always: files of before any room was deleted too
        sweeper = asyncio.create_task(_sweep(rooms, companions))
        keeper = asyncio.create_task(_keep_lease(rooms, holding, lease_lost))
        try:
            yield
        finally:
            sweeper.cancel()
            keeper.cancel()
            await rooms.close()
            with contextlib.suppress(Exception):  # a database gone: its lease ends by itself
                storage.release(holding)
            storage.close()

    routes: list[BaseRoute] = [
        Route("/", _page("index.html")),
        Route("/r/{room}", _page("room.html")),
        Route("/health", health),
        Route("/api/games", _api(list_games)),
        Route("/api/rooms", _api(create_room), methods=["POST"]),
        Route("/api/rooms", _api(room_list), methods=["GET"]),
        Route("/api/rooms/{room}", _api(room_summary)),
        Route("/api/rooms/{room}/seats/{seat}", _api(join_seat), methods=["POST"]),
        Route("/api/rooms/{room}/seats/{seat}", _api(free_seat), methods=["DELETE"]),
        Route("/api/rooms/{room}/seats/{seat}/bot", _api(seat_bot), methods=["POST"]),
        Route("/api/rooms/{room}/seats/{seat}/away", _api(let_bot_play), methods=["POST"]),
        Route("/api/rooms/{room}/you", _api(your_seat)),
        Route("/api/rooms/{room}/start", _api(start_game), methods=["POST"]),
        Route("/api/rooms/{room}/rematch", _api(rematch), methods=["POST"]),
        Route("/api/rooms/{room}/leave", _api(leave), methods=["POST"]),
        Route("/api/rooms/{room}/replay", _api(replay)),
        *companion.routes(),
        *pages.routes(),
        *(extra_routes or []),
        Route("/api/{rest:path}", _api(not_found), methods=["GET", "POST", "DELETE"]),
        WebSocketRoute("/ws/rooms/{room}", counted(room_socket)),
        Mount("/static", StaticFiles(directory=web_dir(), check_dir=False)),
    ]
    middleware = [Middleware(SecurityHeaders), Middleware(UnderRoot, root=root_path)]
    app = Starlette(routes=routes, lifespan=lifespan, middleware=middleware)
    app.state.sockets = Sockets(sockets_per_address)
    return app


def _cards_dir(db_url: str) -> Path:
    from bodoge.server.paths import data_dir

    if db_url.startswith("sqlite:///") and db_url != "sqlite:///:memory:":
        return Path(db_url.removeprefix("sqlite:///")).parent / "cards"
    return data_dir() / "cards"


async def _sweep(rooms: Rooms, companions: Companions) -> None:
    while True:
        await asyncio.sleep(SWEEP_SECONDS)
        try:
            await rooms.close_untouched()
            await rooms.close_unjoined()
            await companions.forget_untouched()
            if await rooms.forget_closed():
                await rooms.clean_cards()
        except RoomError:
            pass  # the database is unavailable (said once): the next sweep does it
        except Exception:
            log.exception("closing untouched rooms failed")


async def _keep_lease(rooms: Rooms, holder: Holder, lost: Callable[[], None] | None) -> None:
    """Renew the server's lease on its database while it runs (which also notices, and says,
    when an unavailable database is back). Another server holding it now means this one
    stalled past its lease and was taken over: it says so and stops (``lost``)."""
    while True:
        await asyncio.sleep(RENEW_SECONDS)
        try:
            await rooms.db(rooms.storage.claim, holder, time.time())
        except RoomError:
            continue  # the database is unavailable (said once): the next renewal tries again
        except StorageError as exc:
            log.error("%s; this server stops", exc)
            if lost is not None:
                lost()
            return
