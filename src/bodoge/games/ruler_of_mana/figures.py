"""Ruler of Mana's cards drawn for a page of the server, as the browser's table draws them
(``web/rm.js`` ``card``: the same elements and classes, so the table's style draws them alike),
from the card set's faces, in one language: the rules pages' examples (``<!-- cards: F2 S19 -->``).
An item is a card's code: mana (``F2``, ``RB``), a spell (``S19``) or a scroll (``R03``).

>>> from bodoge.games.ruler_of_mana.cards import load_cards
>>> drawn = figure(load_cards(), ["F2", "S19"], "ja")
>>> drawn.count('class="orb"'), 'class="card spell e-earth"' in drawn
(2, True)
"""

from __future__ import annotations

import re
from typing import Any

from bodoge.core.i18n import text
from bodoge.core.markup import Markup, el
from bodoge.games.ruler_of_mana.cards import CardSet
from bodoge.games.ruler_of_mana.faces import faces

__all__ = ["figure"]

# A cost's symbols (RM-3.2: `*` is the white one, any mana pays it) and the elements they ask for.
_SYMBOL_OF = {"F": "fire", "W": "water", "A": "wind", "E": "earth", "*": "any"}


def figure(cards: CardSet, items: list[str], lang: str, written: bool = False) -> Markup:
    """The cards of the codes ``items``, drawn in a row in the table's sizes (``rm-table``);
    ``written`` has nothing more to show here (a card's options are already on it)."""
    shown = faces(cards, lang)
    drawn = [_card(shown, code, lang) for code in items]
    return el("div", {"class": "card-figure rm-table"}, drawn)


def _glyph(element: str, lang: str) -> str:
    return text(f"web.rm.glyph.{element}", lang)


def _cost_words(cost: list[str], lang: str) -> str:
    """A cost in words, each symbol counted where it first stands: ``cost: 1 fire, 2 earth``."""
    counts = {s: cost.count(s) for s in cost}
    parts = [
        text("web.rm.cost_part", lang, n=n, mana=text(f"web.rm.mana.{_SYMBOL_OF[s]}", lang))
        for s, n in counts.items()
    ]
    return text("web.rm.cost", lang, symbols=text("web.list_sep", lang).join(parts))


def _option(option: dict[str, Any], k: int, lang: str) -> Markup:
    cost = option["cost"]
    dots = el(
        "span",
        {"class": "cost", "title": _cost_words(cost, lang), "aria-hidden": "true"},
        [
            el("span", {"class": f"sym s-{'any' if s == '*' else s}"}, _glyph(_SYMBOL_OF[s], lang))
            for s in cost
        ],
    )
    said = text(
        "web.rm.option", lang, k=k + 1, cost=_cost_words(cost, lang), effects=option["effects"]
    )
    return el(
        "div",
        {"class": "option"},
        dots,
        el("span", {"class": "eff", "aria-hidden": "true"}, option["effects"]),
        el("span", {"class": "sr-only"}, said),
    )


def _card(shown: dict[str, Any], code: str, lang: str) -> Markup:
    card_id = next((i for i, c in shown["cards"].items() if c["code"] == code), None)
    if card_id is None:
        raise ValueError(f"no card {code!r} in the card set")
    face = shown["codes"][code]
    label = face["words"] or face["name"]
    if face["kind"] == "mana":
        # "Water mana (2 orbs)": the bracket on a line of its own, as the table breaks it
        ename, *more = re.split(r"\s*[（(]", face["name"])
        bracket = re.sub(r"[）)]\s*$", "", more[0]) if more and more[0] else None
        orbs = [el("span", {"class": "orb"}, _glyph(face["element"], lang))] * face["orbs"]
        return el(
            "div",
            {"class": f"card mana e-{face['element']}", "data-card": card_id, "role": "img"}
            | {"aria-label": label},
            el("span", {"class": "orbs", "aria-hidden": "true"}, orbs),
            el(
                "span",
                {"class": "ename"},
                ename,
                bracket and el("span", {"class": "ename-more"}, bracket),
            ),
        )
    if face["kind"] == "spell":
        options = [_option(o, k, lang) for k, o in enumerate(face["options"])]
        return el(
            "div",
            {"class": f"card spell e-{face['element']}", "data-card": card_id},
            el("div", {"class": "sname"}, face["name"]),
            el("div", {"class": "options"}, options),
        )
    return el(
        "div",
        {"class": f"card scroll t-{face['timing']}", "data-card": card_id, "role": "img"}
        | {"aria-label": label},
        el("div", {"class": "sname"}, face["name"]),
        el("div", {"class": "words"}, re.sub(r"^[^：:]*[：:]\s*", "", face["words"], count=1)),
    )
