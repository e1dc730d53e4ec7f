"""The games, one package each. ``bodoge.games()`` lists their names.

``bodoge.games`` is both this package and the function of DESIGN.md: importing a game's package
sets the attribute ``bodoge.games`` to this module, so the module itself answers a call.
"""

from __future__ import annotations

import sys
import types


class _GamesModule(types.ModuleType):
    def __call__(self) -> tuple[str, ...]:
        from bodoge.core.registry import games

        return games()


sys.modules[__name__].__class__ = _GamesModule
