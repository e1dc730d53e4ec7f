"""Ruler of Mana's balance hooks (``bodoge balance``): what the public record of a finished game
says about the cards played and how the game ended.

Each function reads the spectator view of a finished game (``state.view(None)``, its ``log``) and
its :class:`~bodoge.core.result.Result`; none names a card, the card set is data.

- a **use** is a spell cast (``("spell", id)``, RM-3) or a scroll used, in one's turn or as a
  reaction (``("scroll", kind)``, RM-4), by the seat that did it. Copies of a scroll are one kind:
  ``R03-b`` counts as ``R03`` (the card set's ``code_of``);
- every card is in every game's deck (RM-1.1), so nothing is reported as *offered*;
- the **ending** is the reason of the ``game_over`` event (RM-5.3: ``ko``, a player's life at 0;
  ``penalty``, at 0 by the expert hand penalty; ``deck``, the deck ran out), or ``no_winner``
  when the highest scores tie all the way (RM-5.5 (3)), or ``truncated`` (the turn cap).

>>> import bodoge
>>> from bodoge.core.result import Result
>>> game = bodoge.make("ruler-of-mana", players=2)
>>> log = [{"event": "cast", "seat": 0, "card": "S19", "option": 1, "paid": []},
...        {"event": "react", "seat": 1, "card": "R03-b", "moment": "react"},
...        {"event": "game_over", "reason": "deck", "truncated": False}]
>>> won = Result((3.0, 5.0), (2, 1), (1,), False)
>>> uses(game, {"log": log}, won), ending(game, {"log": log}, won)
([(0, 'spell', 'S19'), (1, 'scroll', 'R03')], 'deck')
>>> describe_key(game, "scroll", "R03", "en")
'Halving Charm (R03)'
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bodoge.core.i18n import text
from bodoge.core.result import Result
from bodoge.games.ruler_of_mana import RulerOfMana
from bodoge.games.ruler_of_mana.words import code_words

__all__ = ["ENDINGS", "describe_ending", "describe_key", "describe_kind", "ending", "uses"]

ENDINGS = ("ko", "penalty", "deck", "no_winner", "truncated")
"""Every way a game can end, in the order a report lists them."""

Use = tuple[int, str, str]


def uses(game: RulerOfMana, view: Mapping[str, Any], result: Result) -> list[Use]:
    """Every spell cast and scroll used, as (seat, kind, key), in log order."""
    out: list[Use] = []
    for event in view["log"]:
        kind = event["event"]
        if kind == "cast":
            out.append((int(event["seat"]), "spell", game.cards.code_of(event["card"])))
        elif kind in ("scroll", "react"):
            out.append((int(event["seat"]), "scroll", game.cards.code_of(event["card"])))
    return out


def ending(game: RulerOfMana, view: Mapping[str, Any], result: Result) -> str:
    """How the game ended: one of :data:`ENDINGS`."""
    if result.truncated:
        return "truncated"
    if not result.winners:
        return "no_winner"
    reasons = [e["reason"] for e in view["log"] if e["event"] == "game_over"]
    return str(reasons[-1])


def describe_ending(code: str, lang: str) -> str:
    return text(f"rm.balance.ending.{code}", lang)


def describe_kind(kind: str, lang: str) -> str:
    return text(f"rm.balance.kind.{kind}", lang)


def describe_key(game: RulerOfMana, kind: str, key: str, lang: str) -> str:
    """A spell or a scroll kind in words: ``Rock Blast (S19)``."""
    return code_words(game.cards, key, lang)
