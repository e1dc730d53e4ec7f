"""Extreme Mission's card faces for a front end that draws cards: every id and notation code a
view or a step may show, with what is printed on it, in one language.

The browser table asks for this once per game and language (``bodoge.server.pages``): it is the
public card set, the same for every seat, so it carries nothing hidden.

>>> from bodoge.games.extreme_mission.cards import load_cards
>>> f = faces(load_cards(), "en")
>>> f["cards"]["I-R7a"]["code"], f["cards"]["I-R7a"]["number"], f["names"]["R7"]
('R7', 7, 'red 7')
>>> f["missions"]["M1-01"]["level"], f["names"]["HK"] == f["kinds"]["HK"]["name"]
(1, True)
"""

from __future__ import annotations

from typing import Any

from bodoge.games.extreme_mission.cards import CardSet, Colour
from bodoge.games.extreme_mission.words import card_words, condition_words

__all__ = ["faces"]


def faces(cards: CardSet, lang: str) -> dict[str, Any]:
    """Colours, info cards, missions (level, name, condition in words) and collaborator kinds;
    ``names`` maps every notation code (``R7``, ``HK``, ``M1-01``) to its name."""
    info: dict[str, dict[str, Any]] = {
        c.id: {"code": cards.type_code(c.type), "colour": c.colour.code, "number": c.number}
        for c in cards.info_cards
    }
    missions = {
        m.id: {
            "level": m.level,
            "name": m.name(lang),
            "condition": condition_words(cards, m.condition, lang),
        }
        for m in cards.missions
    }
    kinds = {
        k.code: {"name": k.name(lang), "condition": condition_words(cards, k.condition, lang)}
        for k in cards.collaborator_kinds
    }
    names = {cards.type_code(c.type): card_words(cards, c.type, lang) for c in cards.info_cards}
    names |= {k.code: k.name(lang) for k in cards.collaborator_kinds}
    names |= {m.id: m.name(lang) for m in cards.missions}
    colours = [
        {"code": c.code, "id": c.id, "name": c.name(lang), "theme": _theme(c, lang)}
        for c in cards.colours
    ]
    return {"colours": colours, "cards": info, "missions": missions, "kinds": kinds, "names": names}


def _theme(colour: Colour, lang: str) -> str:
    """What the colour stands for in the story (``Weapons`` for red)."""
    return colour.theme_ja if lang == "ja" else colour.theme_en
