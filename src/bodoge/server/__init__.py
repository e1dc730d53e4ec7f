"""The server: rooms where friends and bots play, over HTTP and a websocket (DESIGN.md, "The
server and its wire protocol").

Small modules, each one thing: :mod:`~bodoge.server.app` (routes, the websocket, the app
factory), :mod:`~bodoge.server.rooms` (rooms and their rules), :mod:`~bodoge.server.wire`
(frames), :mod:`~bodoge.server.storage` (the database), :mod:`~bodoge.server.bots` (bots off the
event loop), :mod:`~bodoge.server.limits` (what a connection may send) and
:mod:`~bodoge.server.paths` (where data lives).
"""

from bodoge.server.app import create_app

__all__ = ["create_app"]
