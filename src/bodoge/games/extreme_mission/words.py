"""Extreme Mission's steps and cards in words, from the message catalogue."""

from __future__ import annotations

from bodoge.core.action import Action
from bodoge.core.i18n import text
from bodoge.games.extreme_mission.cards import CardSet
from bodoge.games.extreme_mission.conditions import Condition, Group


def card_words(cards: CardSet, type_: int, lang: str) -> str:
    """An info card type in words: ``red 7`` / ``赤の7``."""
    colour = cards.colours[type_ // len(cards.numbers)]
    number = cards.numbers[type_ % len(cards.numbers)]
    return text("em.card", lang, colour=colour.ja if lang == "ja" else colour.en, number=number)


def card_code(cards: CardSet, card_id: str) -> str | None:
    """The code a person types for an info card id (``I-R7a`` -> ``R7``), for the terminal's
    hand; None for anything else."""
    try:
        return cards.type_code(cards.info_card(card_id).type)
    except KeyError:
        return None


def card_names(cards: CardSet, lang: str) -> list[str]:
    """The names of the cards as the words put them, bare and with an id (``red 7``,
    ``Hacker``, ``Codebreaker``, ``Codebreaker (M2-08)``): the terminal's running text breaks
    inside none of them."""
    names = [card_words(cards, type_, lang) for type_ in {c.type for c in cards.info_cards}]
    names += [k.name(lang) for k in cards.collaborator_kinds]
    for m in cards.missions:
        names += [m.name(lang), text("em.event.mission", lang, name=m.name(lang), id=m.id)]
    return names


def group_words(cards: CardSet, group: Group, lang: str) -> str:
    """One group of the condition language in words: ``run(3)`` -> ``a run of 3``."""
    colour = ""
    if group.colour_index is not None:
        c = cards.colours[group.colour_index]
        colour = c.ja if lang == "ja" else c.en
    key = "em.group.flush_colour" if group.kind == "flush" and colour else f"em.group.{group.kind}"
    # the catalogue words one card as one: "a purple card", not "1 purple cards"
    return text(key, lang, n=group.n, k=group.value, x=group.value, colour=colour)


def condition_words(cards: CardSet, condition: Condition, lang: str) -> str:
    """A whole condition in words, its groups joined: ``set(2) + exact(9)`` ->
    ``a pair of one number + a 9``."""
    return text("em.group.join", lang).join(group_words(cards, g, lang) for g in condition.groups)


def mission_words(cards: CardSet, mission_id: str, lang: str) -> str:
    mission = cards.mission(mission_id)
    name = mission.ja if lang == "ja" else mission.en
    return text(
        "em.mission",
        lang,
        name=name,
        id=mission.id,
        level=mission.level,
        condition=condition_words(cards, mission.condition, lang),
    )


def kind_words(cards: CardSet, kind: int, lang: str) -> str:
    k = cards.collaborator_kinds[kind]
    return k.ja if lang == "ja" else k.en


def collaborator_words(cards: CardSet, kind: int, lang: str) -> str:
    """A collaborator kind with the condition that turns it face up again: ``Hacker (a run of 3
    numbers)``."""
    condition = condition_words(cards, cards.collaborator_kinds[kind].condition, lang)
    return text("em.collaborator", lang, name=kind_words(cards, kind, lang), condition=condition)


def describe_step(cards: CardSet, action: Action, lang: str) -> str:
    """A step of Extreme Mission in words, for people."""
    kind = action.kind
    args = action.args
    key = f"em.step.{kind}"
    if kind in ("draw", "pass"):
        return text(key, lang)
    if kind == "take":
        return text(key, lang, seat=args[0])
    if kind == "complete":
        return text(key, lang, mission=mission_words(cards, args[0], lang))
    if kind in ("activate", "wild"):
        return text(key, lang, kind=kind_words(cards, args[0], lang))
    return text(key, lang, card=card_words(cards, args[0], lang))  # card, drop
