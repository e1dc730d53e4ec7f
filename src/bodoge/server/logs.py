r"""The server's log on stderr: bodoge's lines and uvicorn's in one format, each stamped with its
date, time and offset from UTC; tokens taken out of every line; and, when asked, an access
log of the HTTP requests (``bodoge.access``).

No secret is ever logged: a seat's token travels in the ``Authorization`` header (never logged)
and in a page's ``#`` fragment (never sent); only a websocket's address carries one, in its query
(``?token=``), which :class:`HideTokens` masks in uvicorn's line about it. The access log gives
a request's path without its query at all.

>>> record = logging.LogRecord("bodoge.server", 20, "", 0, "restored %d rooms", (2,), None)
>>> stamp, said = Stamped(FORMAT).format(record).split(" ", 1)
>>> said, bool(re.fullmatch(r"[-\d]{10}T[:\d]{8}\.\d{3}[+-]\d\d:\d\d", stamp))
('INFO bodoge.server: restored 2 rooms', True)
"""

from __future__ import annotations

import logging
import re
import time
from datetime import datetime
from typing import Any

__all__ = ["FORMAT", "AccessLog", "HideTokens", "Stamped", "configure"]

FORMAT = "%(asctime)s %(levelname)s %(name)s: %(message)s"

access = logging.getLogger("bodoge.access")


class Stamped(logging.Formatter):
    """A line's time as ISO 8601, to the millisecond, with the machine's offset from UTC: a log
    read elsewhere, or after a change of daylight saving, still says when."""

    def formatTime(self, record: logging.LogRecord, datefmt: str | None = None) -> str:
        stamp = datetime.fromtimestamp(record.created).astimezone()
        return stamp.isoformat(timespec="milliseconds")


class HideTokens(logging.Filter):
    """Takes tokens out of log lines: uvicorn logs each websocket's address, token and all.

    >>> record = logging.LogRecord("uvicorn.error", 20, "", 0, '"%s" [accepted]',
    ...                            ("WebSocket /ws/rooms/r?token=abc&lang=ja",), None)
    >>> HideTokens().filter(record), record.getMessage()
    (True, '"WebSocket /ws/rooms/r?token=***&lang=ja" [accepted]')
    """

    TOKEN = re.compile(r"token=[^&\s\"']*")

    def filter(self, record: logging.LogRecord) -> bool:
        if isinstance(record.args, tuple):
            record.args = tuple(
                self.TOKEN.sub("token=***", a) if isinstance(a, str) else a for a in record.args
            )
        if isinstance(record.msg, str):
            record.msg = self.TOKEN.sub("token=***", record.msg)
        return True


def configure(level: str = "info") -> None:
    """Every logger of the process (uvicorn's through the root, as uvicorn is given no logging
    setup of its own) writes to stderr in :data:`FORMAT`, at ``level`` (debug, info, warning,
    error)."""
    handler = logging.StreamHandler()
    handler.setFormatter(Stamped(FORMAT))
    handler.addFilter(HideTokens())  # on the handler: every line passes it, whichever logger's
    root = logging.getLogger()
    root.handlers[:] = [handler]
    root.setLevel(level.upper())
    if level != "debug":
        handler.addFilter(_bare)


BARE = frozenset({"connection open", "connection closed"})
"""The websocket library's lines (through uvicorn's logger) that name neither the room nor the
client: uvicorn's own line on accepting the websocket says both. Said at ``debug`` alone."""


def _bare(record: logging.LogRecord) -> bool:
    return record.getMessage() not in BARE


class AccessLog:
    """ASGI middleware: one ``bodoge.access`` line per HTTP request, once answered: the client's
    address (the proxy's forwarded one where it is trusted), method, path without the query,
    status and time taken. Websockets are left to uvicorn's line."""

    def __init__(self, app: Any) -> None:
        self.app = app

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] != "http" or not access.isEnabledFor(logging.INFO):
            await self.app(scope, receive, send)
            return
        began = time.perf_counter()
        status = 500  # an app that fails before it answers: what the server will say

        async def sending(message: Any) -> None:
            nonlocal status
            if message["type"] == "http.response.start":
                status = message["status"]
            await send(message)

        try:
            await self.app(scope, receive, sending)
        finally:
            client = scope.get("client")
            taken = (time.perf_counter() - began) * 1000
            access.info(
                '%s "%s %s" %d %.0f ms',
                client[0] if client else "-",
                scope["method"],
                scope["path"],
                status,
                taken,
            )
