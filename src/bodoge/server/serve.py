"""``bodoge serve``: the app under uvicorn, on one address, until SIGTERM or Ctrl+C.

uvicorn handles both signals: it stops taking connections, closes the websockets (1012, the
server restarts) and runs the app's shutdown, which closes the database; every acknowledged move
is already committed, so even a ``kill -9`` loses none.
"""

from __future__ import annotations

import gc
import logging
import re
import sys

import uvicorn

from bodoge.core.errors import BodogeError
from bodoge.core.i18n import text
from bodoge.server.app import create_app
from bodoge.server.limits import MAX_FRAME
from bodoge.server.paths import default_db_url
from bodoge.server.storage import Storage, StorageError

__all__ = ["ServeError", "serve"]


class ServeError(BodogeError):
    """The server cannot start (its database cannot be opened): one line saying why."""


def serve(host: str, port: int, db: str | None, *, bot_workers: int = 1, lang: str = "en") -> None:
    db_url = db or default_db_url()
    try:
        Storage(db_url).close()  # open (and migrate) once here, so a bad --db is one clear line
    except StorageError as exc:
        raise ServeError(str(exc)) from None
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(message)s")
    shown = f"[{host}]" if ":" in host else host
    print(text("cli.serve.open", lang, url=f"http://{shown}:{port}/"), flush=True)
    print(text("cli.serve.data", lang, db=_without_password(db_url)), flush=True)
    config = uvicorn.Config(
        create_app(db_url, bot_count=bot_workers),
        host=host,
        port=port,
        # Room for the contract's 64 KiB limit to answer with an error frame and 4408; past
        # this the websocket layer itself refuses a frame (1009).
        ws_max_size=16 * MAX_FRAME,
        access_log=False,  # a websocket's address carries its seat's token
        log_level="info",
        timeout_graceful_shutdown=5,
    )
    logging.getLogger("uvicorn.error").addFilter(HideTokens())
    server = uvicorn.Server(config)
    # Everything made so far (modules, the app) lives as long as the process: kept out of the
    # cycle collector's full passes, which otherwise stop every room for tens of milliseconds
    # each time (about half of what they walk is this).
    gc.collect()
    gc.freeze()
    server.run()
    if not server.started:
        sys.exit(1)


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


def _without_password(url: str) -> str:
    """``postgresql://u:secret@h/db`` -> ``postgresql://u:***@h/db``.

    >>> _without_password("postgresql://u:pw@localhost/bodoge")
    'postgresql://u:***@localhost/bodoge'
    """
    head, sep, rest = url.partition("://")
    if "@" not in rest:
        return url
    auth, _, where = rest.rpartition("@")
    user, colon, _ = auth.partition(":")
    return f"{head}{sep}{user}{':***' if colon else ''}@{where}"
