"""Extreme Mission's rule numbers, each once, beside its rule id (``docs/rules/``).

The engine, the setup, the card checks, the heuristic and the words import them from here; none
repeats them.
"""

from __future__ import annotations

from typing import Final

MIN_PLAYERS: Final = 2  # players: 2–5 (the public listing of the game)
MAX_PLAYERS: Final = 5
LEVELS: Final = (1, 2, 3, 4)  # EM-1.1: four rows of missions, level 1 to 4
MISSIONS_PER_LEVEL: Final = 3  # EM-1.1: three missions of each level laid face up
HAND_SIZE: Final = 8  # EM-1.2: each player is dealt 8 info cards
COLLABORATOR_KINDS: Final = 5  # EM-1.3: each player has one collaborator of each of 5 kinds
ACTIONS_PER_TURN: Final = 2  # EM-2.2: two actions a turn
KEEP_ON_REBUILD: Final = 3  # EM-3.2: a rebuild leaves the top 3 of every discard pile
HAND_LIMIT: Final = 10  # EM-4.1: at the end of the action phase, drop down to 10 cards
