"""Ruler of Mana's rule numbers, each once, beside its rule id (``docs/rules/``).

The engine, the setup, the heuristic, the samplers and the words import them from here; none
repeats them.
"""

from __future__ import annotations

from typing import Final

MIN_PLAYERS: Final = 2  # players: ruling 2–6
MAX_PLAYERS: Final = 6
HAND_SIZE: Final = (
    7  # RM-1.2: each player is dealt 7 cards; RM-1.3 (expert): a draft pack is 7 cards
)
START_LIFE: Final = 15  # RM-1.4: every player starts with 15 life
HAND_LIMIT: Final = 10  # RM-2.1, RM-2.4 (expert): 10 or more cards in hand
TURN_BOTTOM: Final = 2  # RM-2.1 (expert): with 10+ cards, 2 go to the bottom before drawing 2
CYCLE_CARDS: Final = 2  # RM-2.2 (C): put 2 hand cards on the bottom of the deck, then draw 2
PENALTY: Final = 2  # RM-2.4 (expert): ending a turn with 10+ cards loses 2 life
EXPERT_LIFE_CAP: Final = 15  # RM-5.1 (expert): life never goes above 15
FINISH_BONUS: Final = 3  # RM-5.4: +3 to the player whose damage brought another to 0
