"""The server: rooms where friends and bots play, over HTTP and a websocket (DESIGN.md, "The
server and its wire protocol").

Small modules, each one thing: :mod:`~bodoge.server.app` (routes, the websocket, the app
factory), :mod:`~bodoge.server.rooms` (rooms and their rules), :mod:`~bodoge.server.wire`
(frames), :mod:`~bodoge.server.storage` (the database), :mod:`~bodoge.server.bots` (bots off the
event loop), :mod:`~bodoge.server.limits` (what a connection may send, and an address make),
:mod:`~bodoge.server.logs` (the log's lines) and :mod:`~bodoge.server.paths` (where data lives).
"""

from __future__ import annotations

from typing import Any

__all__ = ["create_app"]


def __getattr__(name: str) -> Any:
    """``create_app``, imported when first asked for: ``bodoge serve`` checks its options with
    the light modules here (``paths``, ``limits``) before the web app is imported."""
    if name == "create_app":
        from bodoge.server.app import create_app

        return create_app
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
