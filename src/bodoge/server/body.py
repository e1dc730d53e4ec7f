"""An HTTP request's JSON body, read alike by every route that takes one (the rooms, the
companion, the log in words): at most :data:`MAX_BODY` bytes, a 413 past it without reading
on; one JSON object, else a 400 — deep nesting too, which Python's parser meets with a
RecursionError, not a ValueError."""

from __future__ import annotations

from typing import Any

from starlette.requests import Request

from bodoge.core.action import number
from bodoge.server import wire
from bodoge.server.rooms import RoomError

__all__ = ["MAX_BODY", "json_body"]

MAX_BODY = 256 * 1024
"""The largest HTTP body accepted (a room with an uploaded card file), in bytes."""


async def json_body(request: Request) -> dict[str, Any]:
    """The request's JSON object (an empty body is an empty object); RoomError 413 or 400."""
    length = request.headers.get("content-length")
    size = 0 if length is None else number(length)
    if size is None or size > MAX_BODY:  # None: more digits than any body taken here
        raise RoomError(413, "server.too_big", limit=MAX_BODY // 1024)
    raw = bytearray()
    async for chunk in request.stream():
        raw += chunk
        if len(raw) > MAX_BODY:
            raise RoomError(413, "server.too_big", limit=MAX_BODY // 1024)
    if not raw.strip():
        return {}
    try:
        body = wire.loads(bytes(raw))
    except wire.FrameError:
        raise RoomError(400, "server.bad_json") from None
    if not isinstance(body, dict):
        raise RoomError(400, "server.bad_json")
    return body
