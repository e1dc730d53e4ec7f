"""A bound on how long a request may take to arrive (slowloris): uvicorn bounds how much of a
request's head it holds and how long a kept-alive connection may idle, not how long the head or
body may take to come, so a client sending its headers a byte at a time held its connection for
ever, and a thousand such held every connection the server allows.

:func:`head_timeout` gives uvicorn's h11 protocol with a timer: from the moment a connection
opens, and again from each response's end, the next request must have arrived whole (head and
body) within ``seconds``, else the connection is closed. A request being answered, and a
websocket (its connection handed to another protocol), are never cut by it.

It leans on uvicorn's ``H11Protocol`` (``conn``, ``cycle``, ``transport``), pinned in
``pyproject.toml``; ``tests/server/test_server_heads.py`` holds it to that.
"""

from __future__ import annotations

import asyncio

import h11
from uvicorn.protocols.http.h11_impl import H11Protocol

__all__ = ["HEAD_SECONDS", "head_timeout"]

HEAD_SECONDS = 20.0
"""How long a request (head and body) may take to arrive whole: as long as Apache's request
timeout at its least. A phone on a poor line sends the largest the server takes (64 KiB) well
within it, and a connection a browser opens ahead of need and leaves unused is closed no sooner
than it would expect."""


class _HeadTimeout(H11Protocol):
    seconds = HEAD_SECONDS
    _timer: asyncio.TimerHandle | None = None

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._arm()

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        super().connection_lost(exc)

    def on_response_complete(self) -> None:
        super().on_response_complete()
        self._arm()  # a kept-alive connection's next request is bounded alike

    def _arm(self) -> None:
        self._disarm()
        if not self.transport.is_closing():
            self._timer = self.loop.call_later(self.seconds, self._late)

    def _disarm(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None

    def _late(self) -> None:
        self._timer = None
        if self.transport.is_closing() or self.transport.get_protocol() is not self:
            return  # closed, or upgraded to a websocket
        if self.conn.their_state in (h11.IDLE, h11.SEND_BODY):  # its head or body still coming
            self.transport.close()  # an app reading the body is told: connection_lost


def head_timeout(seconds: float = HEAD_SECONDS) -> type[H11Protocol]:
    """uvicorn's h11 protocol, whose requests must arrive whole within ``seconds`` (for
    ``uvicorn.Config(http=…)``, which takes a class)."""
    return type("HeadTimeout", (_HeadTimeout,), {"seconds": seconds})
