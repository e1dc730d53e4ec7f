"""Ruler of Mana's log events and card ids in words, for people (the front ends' optional hooks).

- ``describe_event(cards, event, lang, names=None)``: one log event (as a seat's view shows it)
  in words, its seats by their players' ``names`` where given;
- ``describe_card(cards, card_id, lang, detail=False)``: a card id met in a view in words, or None
  when it is not one; ``detail`` adds a spell's options or a scroll's effect;
- ``describe_help(lang)`` and ``describe_rules(lang)``: examples of whole actions, and the turn
  and how to win in a few lines, for the terminal's ``help`` and ``rules``.

>>> from bodoge.games.ruler_of_mana.cards import load_cards
>>> cs = load_cards()
>>> describe_event(cs, {"event": "draw", "seat": 1, "count": 1, "reason": "turn", "mana": 1}, "en")
'Seat 1 draws 1 card'
>>> describe_event(cs, {"event": "draw", "seat": 1, "count": 2, "reason": "turn", "mana": 2}, "en")
'Seat 1 draws 2 cards'
>>> describe_event(cs, {"event": "draw", "seat": 1, "count": 1, "cards": ["S19"]}, "ja")
'席1が1枚引いた：岩石弾（S19）'
>>> describe_event(cs, {"event": "swap", "seat": 1, "with": 0}, "en", ["Aki", "Ben"])
'Ben swaps hands with Aki'
>>> capped = {"event": "heal", "seat": 0, "amount": 1, "life": 15, "over": 2, "cap": 15}
>>> describe_event(cs, capped, "en")  # RM-5.1 (expert)
'Seat 0 gains 1 life (now 15): healing past 15 is lost, 2 here (RM-5.1)'
>>> describe_card(cs, "R03-b", "en"), describe_card(cs, "life", "en")
('Halving Charm (R03)', None)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from bodoge.core.i18n import seat_words, text
from bodoge.games.ruler_of_mana.cards import CardSet
from bodoge.games.ruler_of_mana.rules import FINISH_BONUS, HAND_LIMIT
from bodoge.games.ruler_of_mana.words import card_words, code_words, face_words

__all__ = ["describe_card", "describe_event", "describe_help", "describe_rules"]

# The fields of a log event that are seats (or lists of seats): put into words by seat_words.
_SEAT_FIELDS = ("seat", "target", "from", "with", "start_player", "seats", "bonus")


def describe_card(cards: CardSet, card_id: str, lang: str, detail: bool = False) -> str | None:
    """A card id (``MF1-03``, ``S19``, ``R03-b``) or code (``F1``) in words; None otherwise."""
    if card_id in cards.by_id:
        code = cards.code_of(card_id)
    elif card_id in cards.by_code:
        code = card_id
    else:
        return None
    return face_words(cards, code, lang) if detail else code_words(cards, code, lang)


def _cards(cards: CardSet, ids: list[str], lang: str, one_mana: Sequence[str] = ()) -> str:
    """Cards in words, those in ``one_mana`` (2-orb cards paying 1 mana, RM-3.4) said so."""
    if not ids:
        return text("rm.event.nothing", lang)
    said = (card_words(cards, c, lang) for c in ids)
    return text("rm.sep.cards", lang).join(
        text("web.rm.say.one_mana", lang, name=w) if c in one_mana else w
        for c, w in zip(ids, said, strict=True)
    )


def describe_event(
    cards: CardSet, event: Mapping[str, Any], lang: str, names: Sequence[str] | None = None
) -> str:
    """One event of the log (``{"event": "damage", "seat": 0, ...}``) in words, a seat by its
    player's name in ``names`` (one per seat) where given."""
    kind = str(event.get("event"))
    key = f"rm.event.{kind}"
    values: dict[str, Any] = {
        k: seat_words(v, lang, names) if k in _SEAT_FIELDS else v
        for k, v in event.items()
        if k not in ("event", "one_mana")
    }
    seen = "cards" in event or "card" in event
    if kind == "draw" and event.get("reason") in ("option", "cycle"):  # RM-2.2 (B), (C)
        key += f"_{event['reason']}"  # not the turn's draw
    if kind in ("deal", "draw", "bottom", "steal", "take", "look", "scry") and seen:
        key += "_seen"
        values["cards"] = _cards(cards, list(event["cards"]), lang)
    elif kind in ("discard", "recover", "siphon"):
        values["cards"] = _cards(cards, list(event["cards"]), lang)
    elif kind in ("keep", "offer") and seen:
        key += "_seen"
        values["card"] = card_words(cards, event["card"], lang)
    elif kind in ("cast", "scroll", "react", "pick"):
        values["card"] = card_words(cards, event["card"], lang)
        if kind == "cast":
            paid = list(event.get("paid", []))
            values["paid"] = _cards(cards, paid, lang, event.get("one_mana", ()))
        if "target" in event:
            key += "_at"
        if event.get("moment") == "lethal":
            key += "_lethal"
        if kind == "pick" and event.get("from") == event.get("seat"):  # RM-2.2 (D): one's own
            key += "_own"
    elif kind == "reveal":
        values["offers"] = text("rm.sep.cards", lang).join(
            text(
                "rm.event.offered",
                lang,
                seat=seat_words(int(s), lang, names),
                card=card_words(cards, c, lang),
            )
            for s, c in event["offers"].items()
        )
    elif kind == "damage":
        values["element"] = text(f"rm.element.{event['element']}", lang)
        if event.get("seat") == event.get("target"):  # one's own play hurts: not "A from A"
            key += "_self"
        if event.get("absorbed"):
            key += "_shield"
        if event.get("halved"):
            return text("rm.event.halved", lang) + text(key, lang, **values)
        for by in ("reflected", "retaliation"):  # the reaction that sent it, before the hit
            if by in event:
                said = text(f"rm.event.{by}", lang, reaction=card_words(cards, event[by], lang))
                return said + text(key, lang, **values)
    elif kind == "missed":
        values["card"] = card_words(cards, event["card"], lang)
        values["reaction"] = card_words(cards, event["reaction"], lang)
    elif kind == "ko":
        if event.get("bonus"):
            key += "_bonus"
            values["points"] = FINISH_BONUS
    elif kind == "penalty":
        values["limit"] = HAND_LIMIT
    elif kind == "heal" and event.get("over"):  # RM-5.1 (expert): healing past the cap is lost
        key += "_cap"
    elif kind == "game_over":
        key += f".{event.get('reason', 'ko')}"
    elif kind == "pass" and event.get("moment") == "lethal":
        key += "_lethal"
    elif kind == "setup":
        values["variant"] = text(f"play.value.variant.{event['variant']}", lang)
    try:
        return text(key, lang, **values)
    except KeyError:
        fields = " ".join(f"{k}={v}" for k, v in values.items())
        return f"{kind} {fields}".strip()


def describe_help(lang: str) -> str:
    """Examples of whole actions, for the terminal's ``help``."""
    return text("rm.help.example", lang)


def describe_rules(lang: str) -> str:
    """The turn and how to win, for the terminal's ``rules`` (the rules page says it all)."""
    return text("rm.rules.summary", lang)
