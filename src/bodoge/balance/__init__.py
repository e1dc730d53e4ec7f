"""Balance reports: one bot in every seat, many seeded games per player count, and what they show
about seats, game length, endings and cards (``bodoge balance``).

Nothing here knows a game: each game says what its cards and endings are in its own ``balance``
module (:mod:`bodoge.balance.hooks`). Games are played as arena jobs (:mod:`bodoge.arena`), in
this process, local worker processes or on Ray.

- :mod:`~bodoge.balance.records`: the games and what each one's end says;
- :mod:`~bodoge.balance.stats`: the figures (Wilson intervals, a chi-square test);
- :mod:`~bodoge.balance.report`: running a report; :mod:`~bodoge.balance.markdown` and
  :mod:`~bodoge.balance.plots`: writing it; :mod:`~bodoge.balance.command`: the command.
"""

from bodoge.balance.report import BalanceReport, run_balance

__all__ = ["BalanceReport", "run_balance"]
