"""What one connection may send: frames of at most 64 KiB, at most 20 frames in any one second
(a sliding window, pings included), and a few chat lines — the contract's limits.

>>> limit = FrameLimit()
>>> [limit.check(10, now=0.01 * i) for i in range(21)][-2:]
[None, 'server.limit.flood']
>>> FrameLimit().check(MAX_FRAME + 1, now=0.0)
'server.limit.too_big'
"""

from __future__ import annotations

from collections import deque

__all__ = ["CHAT_LENGTH", "CHAT_LINES", "CHAT_SECONDS", "MAX_FRAME", "ChatLimit", "FrameLimit"]

MAX_FRAME = 64 * 1024
"""The largest frame a client may send, in bytes (a bigger one: an error frame, then 4408)."""

FRAMES_PER_SECOND = 20
CHAT_LENGTH = 300
"""The longest chat line, in characters."""
CHAT_LINES = 5
CHAT_SECONDS = 10.0
"""At most :data:`CHAT_LINES` chat lines from one connection in any :data:`CHAT_SECONDS`."""


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
    """Chat lines from one connection: at most :data:`CHAT_LINES` in any :data:`CHAT_SECONDS`
    seconds, each at most :data:`CHAT_LENGTH` characters and not empty.

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
