"""What one connection may send: frames of at most 64 KiB, at most 20 frames in any one second
(a sliding window, pings included); what one seat may say: a few chat lines, whichever of its
connections they come by — the contract's limits; and how many rooms one address may make
(:class:`MadeLimit`).

>>> limit = FrameLimit()
>>> [limit.check(10, now=0.01 * i) for i in range(21)][-2:]
[None, 'server.limit.flood']
>>> FrameLimit().check(MAX_FRAME + 1, now=0.0)
'server.limit.too_big'
"""

from __future__ import annotations

import ipaddress
import math
from collections import OrderedDict, deque

from starlette.requests import HTTPConnection

__all__ = [
    "CHAT_LENGTH",
    "CHAT_LINES",
    "CHAT_SECONDS",
    "MADE_PER_MINUTE",
    "MAX_FRAME",
    "SOCKETS_PER_ADDRESS",
    "UNSTARTED_ROOMS",
    "ChatLimit",
    "FrameLimit",
    "MadeLimit",
    "Misses",
    "Sockets",
    "address_of",
    "client_address",
]

MAX_FRAME = 64 * 1024
"""The largest frame a client may send, in bytes (a bigger one: an error frame, then 4408)."""

FRAMES_PER_SECOND = 20
CHAT_LENGTH = 300
"""The longest chat line, in characters."""
CHAT_LINES = 5
CHAT_SECONDS = 10.0
"""At most :data:`CHAT_LINES` chat lines from one seat in any :data:`CHAT_SECONDS`."""

MADE_PER_MINUTE = 10
"""Rooms (game rooms, and companion rooms apart) one address may make in any minute, unless
told otherwise (``bodoge serve --room-limit``)."""
UNSTARTED_ROOMS = 2
"""Game rooms one address may hold that have not started (since the server started), for each
room it may make a minute."""
SOCKETS_PER_ADDRESS = 20
"""The most websockets one client address may hold open at once (rooms and companions alike):
a household's phones and tabs, not a thousand watchers from one script."""


class SlidingWindow:
    """At most ``count`` events in any ``seconds``-long window."""

    __slots__ = ("count", "seconds", "times")

    def __init__(self, count: int, seconds: float) -> None:
        self.count = count
        self.seconds = seconds
        self.times: deque[float] = deque()

    def allow(self, now: float) -> bool:
        """Record an event at ``now``; False if it makes one too many in the window."""
        times = self.times
        while times and times[0] <= now - self.seconds:
            times.popleft()
        times.append(now)
        return len(times) <= self.count

    def wait(self, now: float) -> float:
        """Seconds until another event fits in the window (0: it fits now); records nothing."""
        times = self.times
        while times and times[0] <= now - self.seconds:
            times.popleft()
        return 0.0 if len(times) < self.count else times[0] + self.seconds - now


class FrameLimit:
    """The limits on one connection's frames; ``check`` says which one a frame breaks."""

    __slots__ = ("window",)

    def __init__(self) -> None:
        self.window = SlidingWindow(FRAMES_PER_SECOND, 1.0)

    def check(self, size: int, now: float) -> str | None:
        """The message key of the limit broken by a frame of ``size`` bytes at ``now``, or None."""
        if size > MAX_FRAME:
            return "server.limit.too_big"
        if not self.window.allow(now):
            return "server.limit.flood"
        return None


class ChatLimit:
    """Chat lines from one seat of a room (all its connections, before and after a reconnect):
    at most :data:`CHAT_LINES` in any :data:`CHAT_SECONDS` seconds, each at most
    :data:`CHAT_LENGTH` characters and not empty.

    >>> chat = ChatLimit()
    >>> [chat.check("hi", now=float(i)) for i in range(6)]
    [None, None, None, None, None, 'server.chat.too_fast']
    >>> chat.check("x" * 301, now=99.0)
    'server.chat.too_long'
    """

    __slots__ = ("window",)

    def __init__(self) -> None:
        self.window = SlidingWindow(CHAT_LINES, CHAT_SECONDS)

    def check(self, text: str, now: float) -> str | None:
        if not text.strip():
            return "server.chat.empty"
        if len(text) > CHAT_LENGTH:
            return "server.chat.too_long"
        if not self.window.allow(now):
            return "server.chat.too_fast"
        return None


class MadeLimit:
    """At most :data:`MADE_PER_MINUTE` rooms made from one address (:func:`address_of`) in any
    minute; a refused try is not counted, so who waits the time said gets in.

    >>> made = MadeLimit()
    >>> [made.check("192.0.2.1", now=float(i)) for i in range(11)][-2:]
    [0, 50]
    >>> made.check("192.0.2.2", now=10.0), made.check("192.0.2.1", now=60.0)
    (0, 0)
    """

    __slots__ = ("count", "seconds", "windows")

    KEPT = 1024
    """Addresses held before those with nothing in their window are let go."""

    def __init__(self, count: int = MADE_PER_MINUTE, seconds: float = 60.0) -> None:
        self.count = count
        self.seconds = seconds
        self.windows: dict[str, SlidingWindow] = {}

    def check(self, address: str, now: float) -> int:
        """Record a room made from ``address`` at ``now`` and give 0, or, when one more would be
        too many, record nothing and give the whole seconds to wait."""
        window = self.windows.get(address)
        if window is None:
            if len(self.windows) >= self.KEPT:
                self._let_go(now)
            window = self.windows[address] = SlidingWindow(self.count, self.seconds)
        wait = window.wait(now)
        if wait:
            return max(1, math.ceil(wait))
        window.allow(now)
        return 0

    def _let_go(self, now: float) -> None:
        for address, window in list(self.windows.items()):
            window.wait(now)  # drops the times gone out of the window
            if not window.times:
                del self.windows[address]


def address_of(host: str | None) -> str:
    """Who a limit counts: the client's address (uvicorn has put the proxy's forwarded one there
    when the proxy is trusted, ``--forwarded-allow-ips``); an IPv6 address by its /64, the block
    one home or server is given.

    >>> address_of("203.0.113.9"), address_of("2001:db8:1:2:3:4:5:6"), address_of(None)
    ('203.0.113.9', '2001:db8:1:2::/64', '')
    """
    try:
        ip = ipaddress.ip_address(host or "")
    except ValueError:
        return host or ""
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is None:
        return str(ipaddress.ip_network(f"{ip}/64", strict=False))
    return str(ip)


def client_address(conn: HTTPConnection) -> str:
    """Who a limit counts for a request or a websocket: :func:`address_of` its client (behind a
    trusted proxy, the address it forwards: uvicorn's proxy headers). Every per-address limit
    counts by this one, so an IPv6 client is one /64 for all of them."""
    return address_of(conn.client.host if conn.client is not None else None)


class Sockets:
    """The websockets open from each client address, at most ``per_address`` at once (0: no
    cap).

    >>> sockets = Sockets(2)
    >>> [sockets.take("a"), sockets.take("a"), sockets.take("a"), sockets.take("b")]
    [True, True, False, True]
    >>> sockets.give("a"); sockets.take("a")
    True
    """

    __slots__ = ("open", "per_address")

    def __init__(self, per_address: int = SOCKETS_PER_ADDRESS) -> None:
        self.per_address = per_address
        self.open: dict[str, int] = {}

    def take(self, address: str) -> bool:
        """Count one more socket of ``address``; False (nothing counted) if it has its fill."""
        held = self.open.get(address, 0)
        if self.per_address and held >= self.per_address:
            return False
        self.open[address] = held + 1
        return True

    def give(self, address: str) -> None:
        """A socket of ``address`` closed."""
        held = self.open.get(address, 0) - 1
        if held > 0:
            self.open[address] = held
        else:
            self.open.pop(address, None)


class Misses:
    """Lookups, per client address, of codes that name nothing (a companion table's code is
    its key): past ``count`` in any ``seconds`` the address is refused every lookup, found or
    not, until its misses age out — else a guesser would still learn from each answer which
    codes are live. At most ``addresses`` addresses are remembered, the least recently seen
    forgotten first. Many addresses guessing together are held back by the codes' length
    instead (``companion``'s docstring has the arithmetic).

    >>> misses = Misses(count=2, seconds=60.0)
    >>> misses.missed("a", 0.0); misses.missed("a", 1.0)
    >>> misses.barred("a", 2.0), misses.barred("b", 2.0), misses.barred("a", 60.5)
    (True, False, False)
    """

    __slots__ = ("addresses", "count", "seconds", "seen")

    def __init__(self, count: int = 10, seconds: float = 60.0, addresses: int = 10_000) -> None:
        self.count = count
        self.seconds = seconds
        self.addresses = addresses
        self.seen: OrderedDict[str, SlidingWindow] = OrderedDict()

    def barred(self, address: str, now: float) -> bool:
        """Whether ``address`` has missed too often lately to look anything up at ``now``."""
        window = self.seen.get(address)
        if window is None:
            return False
        barred = window.wait(now) > 0  # drops the misses gone out of the window, too
        if not window.times:
            del self.seen[address]
        return barred

    def missed(self, address: str, now: float) -> None:
        """``address`` looked up a code that names nothing at ``now``."""
        window = self.seen.get(address) or SlidingWindow(self.count, self.seconds)
        self.seen[address] = window
        window.allow(now)
        self.seen.move_to_end(address)
        while len(self.seen) > self.addresses:
            self.seen.popitem(last=False)
