"""``bodoge serve``: the app under uvicorn, on one address, until SIGTERM or Ctrl+C.

uvicorn handles both signals: it stops taking connections, closes the websockets (1012, the
server restarts) and runs the app's shutdown, which closes the database; every acknowledged move
is already committed, so even a ``kill -9`` loses none.

Against clients that hold connections: a client address holds at most ``sockets_per_address``
websockets (the app's cap); past :func:`max_connections` open connections uvicorn answers new
requests 503 (``limit_concurrency``), below the process's file limit, so the database and the
card files can still be opened; at most 16 KiB of a request's head is held while it comes (h11's
``max_incomplete_event_size``), an idle kept-alive connection is closed after 5 seconds, and a
request must arrive whole within :data:`~bodoge.server.heads.HEAD_SECONDS` of its connection's
opening or the last answer's end (:mod:`bodoge.server.heads`; uvicorn does not bound it), so a
client sending its headers a byte at a time (slowloris) holds its connection that long at most.
A public server is still best fronted by a reverse proxy (README, "Playing online"): TLS, and it
drops slow clients before they reach the server at all.
"""

from __future__ import annotations

import gc
import resource
import socket
import sys
import time
from typing import Any

import uvicorn

from bodoge.core.errors import BodogeError
from bodoge.core.i18n import text
from bodoge.server import logs
from bodoge.server.app import create_app
from bodoge.server.heads import head_timeout
from bodoge.server.limits import MADE_PER_MINUTE, MAX_FRAME, SOCKETS_PER_ADDRESS
from bodoge.server.rooms import AWAY_SECONDS
from bodoge.server.storage import Holder, Storage, StorageError, shown_url

__all__ = ["ServeError", "banner", "serve", "uvicorn_config"]


MAX_CONNECTIONS = 1000
"""Open connections (websockets, requests, half-sent ones) past which new requests get a 503."""
FILES_KEPT = 64
"""File descriptors kept free of connections: the database, card files, bot workers' pipes."""
HEAD_BYTES = 16 * 1024
"""The most of a request's head (request line and headers) held while it comes, in bytes."""
KEEP_ALIVE_SECONDS = 5


class ServeError(BodogeError):
    """The server cannot start (its database cannot be opened, or another server holds it): one
    line saying why."""


def max_connections() -> int:
    """:data:`MAX_CONNECTIONS`, or fewer when the process may open fewer files (a soft limit of
    1024 is common): connections must not take the last ones.

    >>> 0 < max_connections() <= MAX_CONNECTIONS
    True
    """
    soft, _ = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft == resource.RLIM_INFINITY:
        return MAX_CONNECTIONS
    return max(FILES_KEPT, min(MAX_CONNECTIONS, soft - FILES_KEPT))


def serve(
    host: str,
    port: int,
    db_url: str,
    *,
    sock: socket.socket | None = None,
    bot_workers: int = 1,
    lang: str = "en",
    log_level: str = "info",
    access_log: bool = False,
    room_limit: int = MADE_PER_MINUTE,
    forwarded_allow_ips: str | None = None,
    away_minutes: float = AWAY_SECONDS / 60,
    sockets_per_address: int = SOCKETS_PER_ADDRESS,
    root_path: str = "",
) -> None:
    """Serve on ``sock`` (bound already to ``host`` and ``port``: the port is held before the
    database is opened), or bind it. ``forwarded_allow_ips``: the proxies whose
    ``X-Forwarded-For`` and ``X-Forwarded-Proto`` are believed (None: uvicorn's
    ``FORWARDED_ALLOW_IPS``, else the loopback addresses). ``root_path``: the prefix every
    address is served under (bodoge.server.root; uvicorn's own is for a proxy that strips it)."""
    logs.configure(log_level)  # before the database is opened: a migration says what it rewrote
    holder = Holder.mine()
    try:
        # Open (and migrate) once here, and take the database's lease, so that a bad --db, or
        # one another server uses, is one clear line.
        storage = Storage(db_url)
        try:
            storage.claim(holder, time.time())
        finally:
            storage.close()
    except StorageError as exc:
        raise ServeError(str(exc)) from None
    for line in banner(host, port, lang, root_path):
        print(line, flush=True)
    print(text("cli.serve.data", lang, db=shown_url(db_url)), flush=True)
    server: uvicorn.Server | None = None

    def lease_lost() -> None:
        if server is not None:
            server.should_exit = True

    app: Any = create_app(
        db_url,
        bot_count=bot_workers,
        room_limit=room_limit,
        away_after=away_minutes * 60,
        holder=holder,
        lease_lost=lease_lost,
        sockets_per_address=sockets_per_address,
        root_path=root_path,
    )
    config = uvicorn_config(
        logs.AccessLog(app) if access_log else app, host, port, log_level, forwarded_allow_ips
    )
    server = uvicorn.Server(config)
    # Everything made so far (modules, the app) lives as long as the process: kept out of the
    # cycle collector's full passes, which otherwise stop every room for tens of milliseconds
    # each time (about half of what they walk is this).
    gc.collect()
    gc.freeze()
    server.run(sockets=None if sock is None else [sock])
    if not server.started:
        sys.exit(1)


def uvicorn_config(
    app: Any, host: str, port: int, log_level: str, forwarded_allow_ips: str | None
) -> uvicorn.Config:
    """How uvicorn serves ``app``: the limits of this module's docstring."""
    return uvicorn.Config(
        app,
        host=host,
        port=port,
        # Room for the contract's 64 KiB limit to answer with an error frame and 4408; past
        # this the websocket layer itself refuses a frame (1009).
        ws_max_size=16 * MAX_FRAME,
        access_log=False,  # uvicorn's gives the query, where a websocket's token is: our own
        log_config=None,  # uvicorn's lines go through the root logger, in bodoge's format
        log_level=log_level,
        forwarded_allow_ips=forwarded_allow_ips,
        timeout_graceful_shutdown=5,
        limit_concurrency=max_connections(),
        timeout_keep_alive=KEEP_ALIVE_SECONDS,
        h11_max_incomplete_event_size=HEAD_BYTES,
        http=head_timeout(),  # a request must come whole in HEAD_SECONDS (slowloris)
    )


def banner(host: str, port: int, lang: str, root_path: str = "") -> list[str]:
    """Where to open the server: its address, or, listening on every address of the machine
    (``0.0.0.0``, ``::``), the machine's name, and the loopback address for a browser on it;
    under ``root_path``, when it has one.

    >>> banner("127.0.0.1", 8000, "en")
    ['bodoge is serving: open http://127.0.0.1:8000/ in a browser (Ctrl+C stops it)']
    >>> banner("127.0.0.1", 8000, "en", "/bodoge")[0].split()[4]
    'http://127.0.0.1:8000/bodoge/'
    >>> banner("0.0.0.0", 80, "en")[0].startswith("bodoge is serving on every address")
    True
    """
    if host in ("0.0.0.0", "::", ""):
        here = "[::1]" if host == "::" else "127.0.0.1"
        name = socket.gethostname() or here
        return [
            text(
                "cli.serve.open_all",
                lang,
                url=f"http://{name}:{port}{root_path}/",
                here=f"http://{here}:{port}{root_path}/",
            )
        ]
    shown = f"[{host}]" if ":" in host else host
    return [text("cli.serve.open", lang, url=f"http://{shown}:{port}{root_path}/")]
