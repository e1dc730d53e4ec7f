"""Ask me only when I can answer: a person may spare themselves the questions they can only pass.

Ruler of Mana asks every other seat after each play, whatever they hold, so that being asked tells
nobody anything. A seat that opted in (a ``{"type": "quiet", "on": true}`` frame) and whose only
legal step is ``pass`` is answered by the server with ``pass`` after a short random delay — the
time a quick person takes to pass — so the timing tells the others little. The wish lasts while
the room is loaded; the page sends it again on every connection. A pass the database fails is
tried again until it is stored (``Rooms.until_stored``), as a bot's move is.

>>> 0.4 <= quiet_delay(7, 1, 12) <= 1.6, quiet_delay(7, 1, 12) == quiet_delay(7, 1, 12)
(True, True)
"""

from __future__ import annotations

import asyncio
import logging
import random
from functools import partial
from typing import TYPE_CHECKING

from bodoge.agents import derive_seed

if TYPE_CHECKING:
    from bodoge.server.rooms import Room, Rooms

__all__ = ["kick", "quiet_delay", "set_quiet"]

log = logging.getLogger(__name__)
DELAY = (0.4, 1.6)  # seconds: as quick as a person who sees at once that they cannot answer


def quiet_delay(seed: int, game_no: int, seq: int) -> float:
    """How long the server waits before passing for a quiet seat: random, yet the same for the
    same room, game and step (so a restart does not change it)."""
    return random.Random(derive_seed(seed, "quiet", game_no, seq)).uniform(*DELAY)


def set_quiet(rooms: Rooms, room: Room, seat: int | None, on: bool) -> None:
    """Seat ``seat`` asks (or stops asking) to be spared pass-only questions."""
    from bodoge.server.rooms import RoomError

    if seat is None:
        raise RoomError(403, "server.act.spectator")
    if on:
        room.quiet.add(seat)
    else:
        room.quiet.discard(seat)
    kick(rooms, room)


def kick(rooms: Rooms, room: Room) -> None:
    """Pass for the seat that must decide now, if it is quiet and can only pass (a seat a bot
    plays is the bot's to answer)."""
    state = room.state
    if state is None or room.status != "running" or state.current_player not in room.quiet:
        return
    if room.seats[state.current_player].bot is not None:
        return
    if [str(a) for a in state.legal_actions()] != ["pass"]:
        return
    task = room.quiet_task
    # A pass already on its way covers this question, unless the question came from that very
    # pass (its own ``act`` kicks as it ends): then the task is finishing, and a new one must ask.
    if task is not None and not task.done() and task is not asyncio.current_task():
        return
    room.quiet_task = asyncio.create_task(_pass_later(rooms, room, state.current_player))


async def _pass_later(rooms: Rooms, room: Room, seat: int) -> None:
    from bodoge.server.rooms import RoomError

    seq, game_no = room.seq, room.game_no
    await asyncio.sleep(quiet_delay(room.seed or 0, game_no, seq))
    try:
        await rooms.until_stored(room, partial(rooms.act, room, seat, "pass", seq, game_no))
    except RoomError as exc:  # the person answered first, or the game moved on
        log.debug("room %s: no quiet pass for seat %d: %s", room.id, seat, exc)
        # While this pass waited, another quiet seat may have been asked, and found it under way
        kick(rooms, room)
