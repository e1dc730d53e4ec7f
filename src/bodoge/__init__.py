"""bodoge: Japanese indie card games by their published rules.

>>> import bodoge
>>> game = bodoge.make("extreme-mission", players=3)
>>> state = game.new_state(seed=7)
>>> state.current_player
0
>>> state.apply("draw")
>>> state.history
['draw']
"""

# The compiled engines, when a current build is there (``bodoge.native``), must be in place before
# the first engine module is imported.
from bodoge import native

native.install()

# ``games`` below is the function of DESIGN.md (``bodoge.games()``); ``bodoge.core`` imports the
# package ``bodoge.games`` first, so binding the function here is the last word on that name.
from bodoge.core import (  # noqa: E402
    Action,
    BodogeError,
    CardSetError,
    Game,
    IllegalAction,
    Result,
    SetupError,
    State,
    UnknownGame,
    games,
    make,
)

__all__ = [
    "Action",
    "BodogeError",
    "CardSetError",
    "Game",
    "IllegalAction",
    "Result",
    "SetupError",
    "State",
    "UnknownGame",
    "games",
    "make",
]
__version__ = "0.1.0"
