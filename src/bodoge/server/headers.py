"""The headers every answer carries: a page may not be framed by another site (a seated
person's room page holds the seat's token, and a frame could trick its clicks), nothing is read
as another type than it says, no address leaves in a Referer, nothing is used again unasked
(an update's pages and modules never mix with those kept from before), and a page runs only the
scripts and styles this server serves — its one inline script and style, the first paint each page
shares (``web/first-paint.html``), allowed by their hashes.

>>> "frame-ancestors 'none'" in CSP and "'sha256-" in CSP and "unsafe-inline" not in CSP
True
"""

from __future__ import annotations

import base64
import hashlib
import re
from importlib import resources

from starlette.datastructures import MutableHeaders
from starlette.types import ASGIApp, Message, Receive, Scope, Send

__all__ = ["CSP", "HEADERS", "SecurityHeaders", "inline_hashes"]


def inline_hashes(html: str, tag: str) -> list[str]:
    """The CSP source of each inline ``<tag>`` of ``html`` (its text's sha256, as a browser
    hashes it).

    >>> inline_hashes("<style>p { }</style>", "style")
    ["'sha256-2H5CUCvyo5cSkj1YhUngR72ks13QrmBjgN+zz/lp2DY='"]
    """
    found = re.findall(rf"<{tag}>(.*?)</{tag}>", html, re.DOTALL)
    digests = (hashlib.sha256(text.encode()).digest() for text in found)
    return [f"'sha256-{base64.b64encode(d).decode()}'" for d in digests]


_FIRST_PAINT = resources.files("bodoge").joinpath("web", "first-paint.html").read_text("utf-8")

CSP = "; ".join(
    [
        "default-src 'self'",
        " ".join(["script-src 'self'", *inline_hashes(_FIRST_PAINT, "script")]),
        " ".join(["style-src 'self'", *inline_hashes(_FIRST_PAINT, "style")]),
        "img-src 'self' data:",  # the pages' empty icon is data:,
        "connect-src 'self'",  # the API and the websockets (ws: of the same host)
        "object-src 'none'",
        "base-uri 'none'",
        "form-action 'self'",
        "frame-ancestors 'none'",
    ]
)
"""The Content-Security-Policy of every answer."""

HEADERS = {
    "Content-Security-Policy": CSP,
    "X-Frame-Options": "DENY",  # frame-ancestors, for browsers that know only this
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    # asked again each time (an unchanged file is a 304): a browser's own guess at how long a
    # file stays fresh had an open tab, after an update, run new modules with old ones it kept,
    # broken until its cache let them go, a reload too (the pages' modules carry no version)
    "Cache-Control": "no-cache",
}


class SecurityHeaders:
    """ASGI middleware: :data:`HEADERS` on every HTTP answer (one that sets one keeps its own)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def sending(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = MutableHeaders(scope=message)
                for name, value in HEADERS.items():
                    headers.setdefault(name, value)
            await send(message)

        await self.app(scope, receive, sending)
