"""The wire: every frame the server sends, and the checking of every frame it receives.

A ``state`` frame is built from ``state.view(seat)`` and, when that seat must decide, its legal
steps — nothing else of the state is read — and JSON is written with sorted keys, so two states
that differ only in what a seat cannot see give that seat byte-identical frames.

>>> import bodoge
>>> state = bodoge.make("extreme-mission", players=2).new_state(seed=1)
>>> frame = json.loads(state_frame(state, 1))
>>> frame["type"], frame["seq"], frame["seat"], frame["legal"]
('state', 0, 1, [])
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
from bodoge.core.state import State

__all__ = [
    "FrameError",
    "chat_frame",
    "choices_frame",
    "dumps",
    "error_frame",
    "parse_frame",
    "room_frame",
    "state_frame",
]

JSON = dict[str, Any]


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


def state_frame(state: State, seat: int | None) -> str:
    """What ``seat`` (None: a spectator) is shown of ``state``: its view, and its legal steps
    when it must decide now."""
    legal = (
        [str(a) for a in state.legal_actions()]
        if seat is not None and state.current_player == seat
        else []
    )
    return dumps(
        {
            "type": "state",
            "seq": seq_of(state),
            "seat": seat,
            "view": state.view(seat),
            "legal": legal,
        }
    )


def room_frame(summary: Mapping[str, Any]) -> str:
    return dumps({"type": "room", **summary})


def error_frame(message: str, seq: int) -> str:
    return dumps({"type": "error", "message": " ".join(message.split()), "seq": seq})


def choices_frame(what: str, chosen: Sequence[str], choices: Choices) -> str:
    return dumps(
        {
            "type": "choices",
            "what": what,
            "chosen": list(chosen),
            "addable": list(choices.addable),
            "complete": choices.complete,
        }
    )


def chat_frame(seat: int, name: str, text: str, at: float) -> str:
    """A chat line as plain text: the page escapes it when showing it."""
    return dumps({"type": "chat", "seat": seat, "name": name, "text": text, "at": round(at, 3)})


def parse_frame(text: str | bytes) -> JSON:
    """A client frame checked against the contract (FrameError otherwise): ``act`` with a string
    ``action`` and an integer ``seq``; ``choices`` with a string ``what`` and a list of strings
    ``chosen``; ``chat`` with a string ``text``; ``quiet`` with a boolean ``on``; ``ping``.
    Extra fields are allowed."""
    try:
        frame = json.loads(text)
    except (ValueError, UnicodeDecodeError):
        raise FrameError("server.frame.bad_json") from None
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
    elif kind == "chat":
        if not isinstance(frame.get("text"), str):
            raise FrameError("server.frame.text")
    elif kind == "quiet":
        if not isinstance(frame.get("on"), bool):
            raise FrameError("server.frame.quiet")
    elif kind != "ping":
        raise FrameError("server.frame.unknown_type")
    return frame
