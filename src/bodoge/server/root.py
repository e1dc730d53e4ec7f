"""Serving under a path prefix (``bodoge serve --root-path /bodoge``), for a club that puts the
server at ``https://example.org/bodoge/`` behind its proxy.

Every request keeps the prefix (a proxy that passes the path on whole, as nginx's ``proxy_pass``
without a path does): :class:`UnderRoot` gives it to the app as the request's ASGI
``root_path``, which Starlette routes by, so the app's routes and the DESIGN.md paths stay as
they are with the prefix before them. A request outside the prefix (a proxy that strips it) is
answered 404 in one line saying so: one address per page, never a guess at which was meant.
uvicorn's own ``root_path`` is for a proxy that strips the prefix (it puts it back before the
path), so it is not used. Pages, links and JSON name their addresses with the prefix
(:func:`rooted`); the pages' scripts read it from the page (``data-root``, ``web/ui.js``).

>>> good_root_path("/bodoge"), good_root_path("/club/games"), good_root_path("")
(True, True, True)
>>> [good_root_path(p) for p in ("bodoge", "/bodoge/", "/", "/a?b", "/a#b", "/a//b", "/..")]
[False, False, False, False, False, False, False]
"""

from __future__ import annotations

import re

from starlette.requests import HTTPConnection
from starlette.responses import PlainTextResponse
from starlette.types import ASGIApp, Receive, Scope, Send

from bodoge.core.i18n import text
from bodoge.server.reader import lang_of

__all__ = ["UnderRoot", "good_root_path", "rooted"]

_ROOT_PATH = re.compile(r"(/(?!\.+(?:/|$))[A-Za-z0-9._~-]+)*")
"""A prefix: parts of letters, digits and ``-._~`` (nothing a browser would escape or read as a
query, a fragment or a step up), each after one ``/``; none at all is no prefix."""

OUTSIDE = 4404
"""The close code of a websocket asked for outside the prefix."""


def good_root_path(value: str) -> bool:
    """Whether ``value`` is a prefix ``--root-path`` takes: ``/`` then a name, perhaps more such
    parts, no ``/`` at its end (``""``: none)."""
    return _ROOT_PATH.fullmatch(value) is not None


def rooted(connection: HTTPConnection, path: str) -> str:
    """The address of ``path`` (``/r/ROOM``) as a browser asks for it: under the request's
    prefix, when the server has one."""
    return str(connection.scope.get("root_path", "")) + path


class UnderRoot:
    """ASGI middleware: a request under ``root`` goes on with ``root`` as its ``root_path``;
    one outside it gets a 404 (a websocket: closed, :data:`OUTSIDE`)."""

    def __init__(self, app: ASGIApp, root: str) -> None:
        self.app = app
        self.root = root

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket") or not self.root:
            await self.app(scope, receive, send)
            return
        path: str = scope["path"]
        if path == self.root or path.startswith(f"{self.root}/"):
            await self.app({**scope, "root_path": self.root}, receive, send)
        elif scope["type"] == "websocket":
            await send({"type": "websocket.close", "code": OUTSIDE})
        else:
            said = text("server.outside_root", lang_of(HTTPConnection(scope)), root=self.root)
            await PlainTextResponse(said, status_code=404)(scope, receive, send)
