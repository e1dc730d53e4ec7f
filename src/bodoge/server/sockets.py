"""What every websocket route of the server shares: the cap on sockets per address
(:func:`counted`), reading a client's frames (:func:`receive`, :func:`frame_size`) and writing a
connection's outbox (:func:`write_outbox`). The rooms' socket (:mod:`~bodoge.server.app`) and the
companion's (:mod:`~bodoge.server.companion`) are both built of them."""

from __future__ import annotations

import contextlib
from collections.abc import Awaitable, Callable

from starlette.websockets import WebSocket

from bodoge.core.i18n import text
from bodoge.server import wire
from bodoge.server.limits import Sockets, client_address
from bodoge.server.reader import lang_of
from bodoge.server.rooms import Connection

TOO_MANY = 4429
"""The close code of a websocket refused for its address's sake: it holds as many as it may
(:data:`~bodoge.server.limits.SOCKETS_PER_ADDRESS`), or it looked up too many companion tables
that are not."""


def counted(
    serve: Callable[[WebSocket], Awaitable[None]], say: bool = True
) -> Callable[[WebSocket], Awaitable[None]]:
    """A websocket route whose sockets count against their address's cap: one past it is
    accepted, told so in an error frame (when ``say``), and closed with 4429."""

    async def route(websocket: WebSocket) -> None:
        sockets: Sockets = websocket.app.state.sockets
        address = client_address(websocket)
        if not sockets.take(address):
            await websocket.accept()
            if say:
                limit = sockets.per_address
                message = text("server.limit.sockets", lang_of(websocket), limit=limit)
                await websocket.send_text(wire.error_frame(message, 0))
            await websocket.close(TOO_MANY)
            return
        try:
            await serve(websocket)
        finally:
            sockets.give(address)

    return route


async def receive(websocket: WebSocket) -> str | bytes | None:
    """A client's next frame, text or binary (a binary one is answered as any frame is, not
    dropped with the connection); None once it is gone."""
    received = await websocket.receive()
    if received["type"] == "websocket.disconnect":
        return None
    data: str | bytes = received.get("text") or received.get("bytes") or b""
    return data


def frame_size(data: str | bytes) -> int:
    """A frame's size in bytes, as the frame limits count it."""
    return len(data.encode()) if isinstance(data, str) else len(data)


async def write_outbox(websocket: WebSocket, conn: Connection) -> None:
    """Write a connection's outbox in order; an int is the close code that ends it."""
    with contextlib.suppress(Exception):
        while True:
            item = await conn.outbox.get()
            if isinstance(item, int):
                await websocket.close(item)
                return
            await websocket.send_text(item)
