"""Research adapters: every bodoge game as a PettingZoo, Gymnasium or OpenSpiel environment.

This package needs only numpy; its submodules ``pettingzoo``, ``gymnasium`` and ``openspiel``
need the ``rl`` extra (``pip install bodoge[rl]``). What they share lives here:

- ``actions(game, players=…, cards=None)``: the fixed action space, every step spelling; a step's
  id is its index (:mod:`bodoge.adapters.space`);
- :class:`Observer`: a seat's view as a fixed-shape float32 array with named slices
  (:mod:`bodoge.adapters.observation`; each game's encoding is ``games/<game>/observation.py``);
- rewards at the end from the ranks (:mod:`bodoge.adapters.rewards`).

>>> import bodoge.adapters
>>> len(bodoge.adapters.actions("ruler-of-mana", players=2)) > 100
True
"""

from bodoge.adapters.observation import Observer, information_state_string, observation_string
from bodoge.adapters.rewards import illegal_rewards, rank_rewards
from bodoge.adapters.space import ActionSpace, actions

__all__ = [
    "ActionSpace",
    "Observer",
    "actions",
    "illegal_rewards",
    "information_state_string",
    "observation_string",
    "rank_rewards",
]
