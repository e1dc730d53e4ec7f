"""The wire: every frame the server sends, and the checking of every frame it receives.

A ``state`` frame is built from ``state.view(seat)`` and, when that seat must decide, its legal
steps — nothing else of the state is read — and JSON is written with sorted keys, so two states
that differ only in what a seat cannot see give that seat byte-identical frames.

The log is sent once: a ``state`` frame's ``view.log`` holds the seat's log entries from index
``log_from`` on, the ones before it being those this connection was already sent (its first frame,
and the first of a new game, have ``log_from`` 0: the whole log). The client keeps the entries it
has and appends. This is the one departure from DESIGN.md's frames: late in a game the log is
most of a view (15 KB), and sending it whole after every step made frames grow with the game.
How far a connection has seen depends only on the frames it was sent, so frames still depend on
nothing but the seat's views.

>>> import bodoge
>>> state = bodoge.make("extreme-mission", players=2).new_state(seed=1)
>>> frame = json.loads(state_frame(state, 1))
>>> frame["type"], frame["seq"], frame["seat"], frame["legal"], frame["log_from"]
('state', 0, 1, [], 0)
>>> sent = Sent()
>>> first = json.loads(sent.frame(state, 1))
>>> state.apply(state.legal_actions()[0])
>>> later = json.loads(sent.frame(state, 1))
>>> start = later["log_from"]
>>> start == len(first["view"]["log"]), later["view"]["log"] == state.view(1)["log"][start:]
(True, True)
>>> parse_frame('{"type": "act", "action": "draw", "seq": 0}')
{'type': 'act', 'action': 'draw', 'seq': 0}
>>> parse_frame('{"type": "dance"}')
Traceback (most recent call last):
...
bodoge.server.wire.FrameError: server.frame.unknown_type
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from bodoge.core.action import Choices
from bodoge.core.i18n import Message
from bodoge.core.state import State

__all__ = [
    "QUOTED",
    "FrameError",
    "Sent",
    "chat_frame",
    "choices_frame",
    "dumps",
    "error_frame",
    "legal_steps",
    "loads",
    "parse_frame",
    "quoted",
    "quoting",
    "room_frame",
    "said_in",
    "seq_of",
    "state_frame",
    "view_frame",
    "why_frame",
]

JSON = dict[str, Any]

QUOTED = 40
"""How many characters of a person's input a refusal repeats: the rest is cut to "…", so that
an action of 10,000 characters is not sent back whole."""


MAX_SEATS = 16  # more than any game seats
MAX_NAME = 200  # a seat's name as the page shows it: the player's own, or a bot's label


def names_ok(names: object) -> bool:
    """Whether ``names`` is a list of seats' names as the page sends them (one per seat, as the
    table shows them), for the words it asks for.

    >>> names_ok(["Ann", "easy bot 2"]), names_ok("Ann"), names_ok(["x" * 201])
    (True, False, False)
    """
    return (
        isinstance(names, list)
        and len(names) <= MAX_SEATS
        and all(isinstance(n, str) and len(n) <= MAX_NAME for n in names)
    )


class FrameError(ValueError):
    """A client frame the server refuses; ``key`` names its message in the catalogue."""

    def __init__(self, key: str, **fields: object) -> None:
        super().__init__(key)
        self.key = key
        self.fields = fields


def dumps(frame: Mapping[str, Any]) -> str:
    """One frame as JSON text: compact, keys sorted (equal dicts give equal bytes)."""
    return json.dumps(frame, ensure_ascii=False, separators=(",", ":"), sort_keys=True)


def seq_of(state: State | None) -> int:
    """The ``seq`` of a state: the number of steps in its history (0 before the game starts)."""
    return 0 if state is None else len(state.history)


def legal_steps(state: State, seat: int | None) -> list[str]:
    """The legal steps, as notation, when ``seat`` must decide now; else none."""
    if seat is None or state.current_player != seat:
        return []
    return [str(a) for a in state.legal_actions()]


def state_frame(state: State, seat: int | None, log_from: int = 0) -> str:
    """What ``seat`` (None: a spectator) is shown of ``state``: its view, with the log from
    entry ``log_from`` on, and its legal steps when it must decide now."""
    return view_frame(seq_of(state), seat, state.view(seat), legal_steps(state, seat), log_from)


def view_frame(
    seq: int, seat: int | None, view: Mapping[str, Any], legal: list[str], log_from: int
) -> str:
    """A ``state`` frame of a view already built (``state_frame``'s second half, so that the
    connections of one seat share the view)."""
    return dumps(
        {
            "type": "state",
            "seq": seq,
            "seat": seat,
            "view": {**view, "log": view["log"][log_from:]},
            "log_from": log_from,
            "legal": legal,
        }
    )


class Sent:
    """What one connection was last sent of a game's log, so that its next ``state`` frame
    carries only the entries after it. The log of a state only grows while the state is played
    on (a refused whole action puts back exactly the entries it added), so the entries sent are
    still the first ones of the same state's log; a different state object (a new game, a game
    rebuilt from storage) or a last entry that no longer matches gets the whole log again."""

    __slots__ = ("count", "last", "state")

    def __init__(self) -> None:
        self.state: State | None = None
        self.count = 0
        self.last: Any = None

    def log_from(self, state: State, log: Sequence[Any]) -> int:
        """Where the next frame's log starts for this connection (0: the whole log)."""
        n = self.count
        if self.state is state and 0 < n <= len(log) and log[n - 1] == self.last:
            return n
        return 0

    def saw(self, state: State, log: Sequence[Any]) -> None:
        """The connection was sent ``log`` (whole, in the end) of ``state``."""
        self.state = state
        self.count = len(log)
        self.last = log[-1] if log else None

    def frame(self, state: State, seat: int | None) -> str:
        """The next ``state`` frame of ``state`` for this connection's ``seat``."""
        view = state.view(seat)
        start = self.log_from(state, view["log"])
        self.saw(state, view["log"])
        return view_frame(seq_of(state), seat, view, legal_steps(state, seat), start)


def room_frame(summary: Mapping[str, Any]) -> str:
    return dumps({"type": "room", **summary})


def quoted(said: str) -> str:
    """``said`` (something a person sent) as a refusal repeats it: at most :data:`QUOTED`
    characters, then "…".

    >>> quoted("draw"), quoted("x" * 100) == "x" * 40 + "…"
    ('draw', True)
    """
    return said if len(said) <= QUOTED else said[:QUOTED] + "…"


def said_in(frame: Mapping[str, Any]) -> str:
    """What a client frame says that a refusal of it may repeat: an ``act``'s action, a
    ``choices`` frame's first step and items."""
    if frame.get("type") in ("act", "why"):
        return str(frame["action"])
    if frame.get("type") == "choices":
        return " ".join([str(frame["what"]), *frame["chosen"]])
    return ""


def quoting(message: Message, said: str) -> Message:
    """``message``, a refusal of the input ``said``, with each field that repeats the input cut
    by :func:`quoted`, in a reason inside it too. The engines quote the input in many ways (the
    whole action, what is left of it, the items, a seat number typed), always in its own words:
    so a field longer than :data:`QUOTED` made only of words of the input is one; the others
    (the legal steps, the game's words, counts) are kept.

    >>> refusal = Message("illegal.left_over", {"whole": "draw " + "y" * 60, "rest": "y" * 60})
    >>> quoting(refusal, "draw " + "y" * 60).text("en") == (
    ...     f"'draw {'y' * 35}…': one action at a time; '{'y' * 40}…' is left over")
    True
    """
    words = set(said.split())

    def cut(value: Any) -> Any:
        if isinstance(value, Message):
            return quoting(value, said)
        if isinstance(value, str | int) and not isinstance(value, bool):
            shown = str(value)
            if len(shown) > QUOTED and set(shown.split()) <= words:
                return quoted(shown)
        return value

    return Message(message.key, {name: cut(value) for name, value in message.fields.items()})


def error_frame(message: str, seq: int) -> str:
    return dumps({"type": "error", "message": " ".join(message.split()), "seq": seq})


def choices_frame(
    what: str, chosen: Sequence[str], choices: Choices, needs: str | None = None
) -> str:
    """What the move ``what`` with ``chosen`` can take next; ``needs``: what it still needs
    beyond cards, in the game's words (collaborators spent as wilds), or None."""
    return dumps(
        {
            "type": "choices",
            "what": what,
            "chosen": list(chosen),
            "addable": list(choices.addable),
            "complete": choices.complete,
            "needs": needs,
        }
    )


def why_frame(action: str, reason: str | None) -> str:
    """Why the step ``action`` cannot be taken now, one line (None: it can), for the seat that
    asked (``server.reasons``). This frame is a departure from DESIGN.md's: the browser says why
    a card that cannot be played cannot, as the terminal does."""
    return dumps({"type": "why", "action": quoted(action), "reason": reason})


def chat_frame(seat: int, name: str, text: str, at: float) -> str:
    """A chat line as plain text: the page escapes it when showing it."""
    return dumps({"type": "chat", "seat": seat, "name": name, "text": text, "at": round(at, 3)})


def loads(text: str | bytes) -> Any:
    """JSON from outside (a frame, a body): FrameError ``server.frame.bad_json`` when it is not
    JSON, not UTF-8, or nested deeper than the parser goes (a RecursionError, not a ValueError:
    ``"[" * 100000`` is a few bytes).

    >>> loads('{"a": [1]}'), loads(b"[]")
    ({'a': [1]}, [])
    >>> loads("[" * 100000)
    Traceback (most recent call last):
    ...
    bodoge.server.wire.FrameError: server.frame.bad_json
    """
    try:
        return json.loads(text)
    except (ValueError, UnicodeDecodeError, RecursionError):
        raise FrameError("server.frame.bad_json") from None


def parse_frame(text: str | bytes) -> JSON:
    """A client frame checked against the contract (FrameError otherwise): ``act`` with a string
    ``action`` and an integer ``seq``; ``choices`` with a string ``what`` and a list of strings
    ``chosen``; ``why`` with a string ``action`` (and a ``lang``, else the connection's);
    ``chat`` with a string ``text``; ``quiet`` with a boolean ``on``; ``ping``. Extra fields are
    allowed."""
    frame = loads(text)
    if not isinstance(frame, dict):
        raise FrameError("server.frame.not_object")
    kind = frame.get("type")
    if kind == "act":
        if not isinstance(frame.get("action"), str):
            raise FrameError("server.frame.action")
        seq = frame.get("seq")
        if not isinstance(seq, int) or isinstance(seq, bool):
            raise FrameError("server.frame.seq")
    elif kind == "choices":
        if not isinstance(frame.get("what"), str):
            raise FrameError("server.frame.what")
        chosen = frame.get("chosen", [])
        if not isinstance(chosen, list) or not all(isinstance(c, str) for c in chosen):
            raise FrameError("server.frame.chosen")
        frame["chosen"] = chosen
    elif kind == "why":
        if not isinstance(frame.get("action"), str):
            raise FrameError("server.frame.why")
        if frame.get("names") is not None and not names_ok(frame["names"]):
            raise FrameError("server.frame.names", seats=MAX_SEATS, length=MAX_NAME)
    elif kind == "chat":
        if not isinstance(frame.get("text"), str):
            raise FrameError("server.frame.text")
    elif kind == "quiet":
        if not isinstance(frame.get("on"), bool):
            raise FrameError("server.frame.quiet")
    elif kind != "ping":
        raise FrameError("server.frame.unknown_type")
    return frame
