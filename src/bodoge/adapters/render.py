"""What the environments' ``render()`` shows: one seat's view as the terminal shows it, in English.

:func:`seat_text` is the line naming the game, the seat and the turn, then the view as
``bodoge play`` shows it to that seat (:func:`bodoge.play.terminal.render_view`: the hand, a table
of each seat's open facts, what is being resolved), and once the game is over the result. It is
made from ``state.view(seat)`` and the result alone, so it shows nothing that seat may not see.

>>> import bodoge
>>> state = bodoge.make("extreme-mission", players=2).new_state(seed=1)
>>> print(seat_text(state, 0).splitlines()[0].strip("─ "))
Extreme Mission · you are seat 0 · turn 1
"""

from __future__ import annotations

import io
from collections.abc import Sequence

from rich.console import Console
from rich.rule import Rule
from rich.text import Text

from bodoge.core.state import State

__all__ = ["WIDTH", "seat_text"]

WIDTH = 100  # columns: a six-player table of seats fits


def seat_text(state: State, seat: int, agents: Sequence[str] = ()) -> str:
    """The text of ``seat``'s view of ``state``; ``agents`` names who plays each seat, for the
    result (the seat itself is "you")."""
    from bodoge.play.terminal import GameWords, render_result, render_view, view_title

    words = GameWords(state.game, "en")
    view = state.view(seat)
    out = io.StringIO()
    console = Console(file=out, width=WIDTH, color_system=None, highlight=False)
    console.print(Rule(Text(view_title(words, seat, view))))
    console.print(render_view(words, view))
    if state.is_over:
        names = list(agents) or [""] * state.game.players
        console.print(render_result(words, state.result(), names, [seat]))
    return out.getvalue()
