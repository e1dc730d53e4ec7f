"""Extreme Mission's balance hooks (``bodoge balance``): what the public record of a finished
game says about the cards played and how the game ended.

Each function reads the spectator view of a finished game (``state.view(None)``: its ``log`` and
the public table) and its :class:`~bodoge.core.result.Result`; none names a card, the card set
is data.

- a **use** is a completed mission (``("mission-<level>", id)``, EM-3.4: missions are compared
  with the others of their level, as every winner completes one of each) or an activated
  collaborator (``("collaborator", kind)``, EM-3.6), by the seat that did it;
- **offered**: the 12 missions laid out (EM-1.1) and every collaborator kind (EM-1.3);
- the **ending** is ``alone`` (one player met the end condition, EM-5.3), ``hand`` (several did
  and the most cards in hand decided), ``shared`` (several tied on that too and share the win) or
  ``truncated`` (the turn cap, EM-5.5).

>>> import bodoge
>>> from bodoge.core.result import Result
>>> game = bodoge.make("extreme-mission", players=2)
>>> log = [{"event": "complete", "seat": 1, "mission": "M1-02", "cards": [], "wilds": []},
...        {"event": "activate", "seat": 0, "kind": "HK", "cards": [], "wilds": []}]
>>> uses(game, {"log": log}, Result((0.0, 1.0), (2, 1), (1,), False))
[(1, 'mission-1', 'M1-02'), (0, 'collaborator', 'HK')]
>>> describe_key(game, "mission-1", "M1-02", "en"), describe_kind("mission-1", "en")
('Tail the Courier (M1-02, level 1)', 'level-1 mission')
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bodoge.core.i18n import text
from bodoge.core.result import Result
from bodoge.games.extreme_mission import ExtremeMission
from bodoge.games.extreme_mission.words import kind_words

__all__ = [
    "ENDINGS",
    "describe_ending",
    "describe_key",
    "describe_kind",
    "ending",
    "offered",
    "uses",
]

ENDINGS = ("alone", "hand", "shared", "truncated")
"""Every way a game can end, in the order a report lists them."""

Use = tuple[int, str, str]
MISSION = "mission"


def uses(game: ExtremeMission, view: Mapping[str, Any], result: Result) -> list[Use]:
    """Every mission completed and collaborator activated, as (seat, kind, key), in log order."""
    out: list[Use] = []
    for event in view["log"]:
        if event["event"] == "complete":
            out.append(
                (int(event["seat"]), _mission_kind(game, event["mission"]), str(event["mission"]))
            )
        elif event["event"] == "activate":
            out.append((int(event["seat"]), "collaborator", str(event["kind"])))
    return out


def _mission_kind(game: ExtremeMission, mission: str) -> str:
    return f"{MISSION}-{game.level_of[mission]}"


def offered(game: ExtremeMission, view: Mapping[str, Any]) -> list[tuple[str, str]]:
    """What could be used in this game: the missions laid out and every collaborator kind."""
    return [(_mission_kind(game, m), str(m)) for m in view["missions"]] + [
        ("collaborator", kind) for kind in game.kinds
    ]


def _finished(game: ExtremeMission, view: Mapping[str, Any], seat: int) -> bool:
    """EM-5.1 read off the public table: a mission of every level, every collaborator up."""
    levels = {game.level_of[m] for m in view["completed"][seat]}
    return levels == set(game.levels) and all(
        face == "up" for face in view["collaborators"][seat].values()
    )


def ending(game: ExtremeMission, view: Mapping[str, Any], result: Result) -> str:
    """How the game ended: one of :data:`ENDINGS`."""
    if result.truncated:
        return "truncated"
    if len(result.winners) > 1:
        return "shared"
    finishers = sum(_finished(game, view, seat) for seat in range(game.players))
    return "hand" if finishers > 1 else "alone"


def describe_ending(code: str, lang: str) -> str:
    return text(f"em.balance.ending.{code}", lang)


def describe_kind(kind: str, lang: str) -> str:
    if kind.startswith(MISSION):
        return text("em.balance.kind.mission", lang, level=kind.partition("-")[2])
    return text(f"em.balance.kind.{kind}", lang)


def describe_key(game: ExtremeMission, kind: str, key: str, lang: str) -> str:
    """A mission with its level, or a collaborator kind, in words."""
    cards = game.cards
    if kind.startswith(MISSION):
        mission = cards.mission(key)
        return text(
            "em.balance.mission", lang, name=mission.name(lang), id=key, level=mission.level
        )
    return text(
        "em.balance.collaborator",
        lang,
        name=kind_words(cards, game.kinds.index(key), lang),
        code=key,
    )
