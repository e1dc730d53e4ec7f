"""Extreme Mission's cards drawn for a page of the server, as the browser's table draws them
(``web/em.js``: the same elements and classes, so the table's style draws them alike), from the
card set's faces, in one language: the rules pages' examples (``<!-- cards: M2-01 R4 HK -->``).

An item is an info card's code (``R7``), a mission's id (``M1-05``), or a collaborator's kind
(``HK``), face up as your own are, or face down with ``:down`` (``HK:down``).

>>> from bodoge.games.extreme_mission.cards import load_cards
>>> drawn = figure(load_cards(), ["R7", "HK:down"], "en")
>>> 'class="card info c-R"' in drawn and 'class="collab down seat-0"' in drawn
True

The terminal says them in words instead (``bodoge rules``, :func:`figure_words`).
"""

from __future__ import annotations

from typing import Any

from bodoge.core.i18n import text
from bodoge.core.markup import Markup, el
from bodoge.games.extreme_mission.cards import CardSet
from bodoge.games.extreme_mission.conditions import Condition
from bodoge.games.extreme_mission.events import describe_card
from bodoge.games.extreme_mission.faces import faces

__all__ = ["figure", "figure_words"]

_SEAT = 0  # the seat whose collaborators the page shows: its colour only, as the table's own


def figure(cards: CardSet, items: list[str], lang: str, written: bool = False) -> Markup:
    """The items drawn in a row; ``written``: each mission and collaborator face up with its
    condition as a card file writes it beneath (``set(2) + exact(9)``)."""
    shown = faces(cards, lang)
    drawn = []
    for item in items:
        found, _, side = item.partition(":")
        condition = _condition(cards, found)
        if found in shown["missions"]:
            card = _mission(shown, found)
        elif found in shown["kinds"]:
            card = _collaborator(shown, found, lang, side == "down")
        else:
            card = _info(shown, _info_id(shown, found), lang)
        if written and condition is not None and side != "down":
            card = el("div", {"class": "figure-item"}, card, el("code", {}, str(condition)))
        drawn.append(card)
    return el("div", {"class": "card-figure em-figure"}, drawn)


def figure_words(cards: CardSet, items: list[str], lang: str, written: bool = False) -> list[str]:
    """The items of :func:`figure` in words, one a line, for a terminal: each with what it
    needs, a face-down collaborator said to be so, and ``written`` the condition as a card file
    writes it.

    >>> from bodoge.games.extreme_mission.cards import load_cards
    >>> down, written = figure_words(load_cards(), ["HK:down", "M1-05"], "en", written=True)
    >>> down
    'Hacker (a run of 3 numbers), face down (used)'
    >>> written.endswith("a card file writes it set(2) + exact(9)")
    True
    """
    said = []
    for item in items:
        found, _, side = item.partition(":")
        words = describe_card(cards, found, lang, detail=True) or found
        condition = _condition(cards, found)
        if side == "down":
            words = text("em.figure.down", lang, card=words)
        elif written and condition is not None:
            words = text("em.figure.written", lang, card=words, written=str(condition))
        said.append(words)
    return said


def _condition(cards: CardSet, found: str) -> Condition | None:
    """The condition of a mission or collaborator kind, None for an info card."""
    if found in {m.id for m in cards.missions}:
        return cards.mission(found).condition
    return next((k.condition for k in cards.collaborator_kinds if k.code == found), None)


def _info_id(shown: dict[str, Any], code: str) -> str:
    for card_id, face in shown["cards"].items():
        if face["code"] == code:
            return str(card_id)
    raise ValueError(f"no card, mission or collaborator {code!r} in the card set")


def _info(shown: dict[str, Any], card_id: str, lang: str) -> Markup:
    face = shown["cards"][card_id]
    colour = next(c for c in shown["colours"] if c["code"] == face["colour"])
    name = text("web.em.card", lang, card=shown["names"][face["code"]], theme=colour["theme"])
    attrs = {"class": f"card info c-{face['colour']}", "data-card": card_id, "aria-label": name}
    number = str(face["number"])
    return el(
        "div",
        {**attrs, "role": "img"},
        el("span", {"class": "corner"}, number),
        el("span", {"class": "num"}, number),
        el("span", {"class": "theme", "title": colour["theme"]}, colour["theme"]),
    )


def _mission(shown: dict[str, Any], mission_id: str) -> Markup:
    m = shown["missions"][mission_id]
    return el(
        "div",
        {"class": f"mission level-{m['level']}", "data-card": mission_id},
        el(
            "div",
            {"class": "mission-head"},
            el("span", {"class": "lv"}, f"Lv{m['level']}"),
            el("span", {"class": "mname"}, m["name"]),
        ),
        el("div", {"class": "cond"}, m["condition"]),
        el("div", {"class": "cubes"}),
    )


def _collaborator(shown: dict[str, Any], kind: str, lang: str, down: bool) -> Markup:
    k = shown["kinds"][kind]
    if down:  # your own face-down one shows the condition that turns it face up (EM-3.6)
        heard = text("web.em.collab_down_needs", lang, kind=k["name"], condition=k["condition"])
        return el(
            "div",
            {
                "class": f"collab down seat-{_SEAT}",
                "aria-label": heard,
                "title": k["condition"],
                "role": "img",
            },
            el("span", {"class": "kname"}, k["name"]),
            el(
                "span",
                {"class": "kneeds", "aria-hidden": "true"},
                text("web.em.activate_needs", lang),
            ),
            el("span", {"class": "kcond"}, k["condition"]),
        )
    label = f"{k['name']}: {k['condition']}"
    return el(
        "div",
        {
            "class": f"collab up seat-{_SEAT}",
            "data-card": kind,
            "aria-label": label,
            "title": k["condition"],
        },
        el("span", {"class": "kname"}, k["name"]),
        el("span", {"class": "kcond"}, k["condition"]),
    )
