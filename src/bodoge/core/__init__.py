"""The game protocol and the machinery every game shares; knows no game."""

from bodoge.core.action import Action, Choices
from bodoge.core.errors import BodogeError, CardSetError, IllegalAction, SetupError, UnknownGame
from bodoge.core.game import Game
from bodoge.core.registry import games, make
from bodoge.core.result import Result, competition_ranks
from bodoge.core.state import Log, State

__all__ = [
    "Action",
    "BodogeError",
    "CardSetError",
    "Choices",
    "Game",
    "IllegalAction",
    "Log",
    "Result",
    "SetupError",
    "State",
    "UnknownGame",
    "competition_ranks",
    "games",
    "make",
]
