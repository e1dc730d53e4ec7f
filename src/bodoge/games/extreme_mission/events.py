"""Extreme Mission's log events and ids in words, for people (the front ends' optional hooks).

Front ends look for these functions in a game's package or its ``events`` module:

- ``describe_event(cards, event, lang, names=None)``: one log event (as a seat's view shows it)
  in words, its seats by their players' ``names`` where given;
- ``describe_card(cards, card_id, lang, detail=False)``: an id met in a view (info card or its
  type ``R7``, mission, collaborator kind) in words, or None when it is not one; ``detail`` adds
  what a mission needs;
- ``describe_building(state, what, chosen, lang)``: what a mission or activation being built
  still needs beyond cards (collaborators spent as wilds), or how many cards the hand limit
  still takes, or None;
- ``describe_seat_table(cards, view, lang)``: the line under the terminal's table of seats, what
  turns each collaborator face up again;
- ``describe_pending(cards, pending, you, lang)``: a mission or activation begun step by step
  (the view's ``pending``) in words, its items as the log says them;
- ``describe_rules(lang)``: the turn and how to win in a few lines, for the terminal's ``rules``.

>>> from bodoge.games.extreme_mission.cards import load_cards
>>> cs = load_cards()
>>> describe_event(cs, {"event": "draw", "seat": 1}, "en")
'Seat 1 draws a card'
>>> describe_event(cs, {"event": "draw", "seat": 1, "card": "I-R7a"}, "ja")
'席1が赤の7を引いた'
>>> take = {"event": "take", "seat": 1, "from": 0, "card": "I-R7a"}
>>> describe_event(cs, take, "en", ["Aki", "Ben"])
"Ben takes red 7 from Aki's discard pile"
>>> describe_card(cs, "HK", "en") is not None, describe_card(cs, "action", "en")
(True, None)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from bodoge.core.i18n import seat_words, text
from bodoge.games.extreme_mission.cards import CardSet
from bodoge.games.extreme_mission.rules import HAND_LIMIT
from bodoge.games.extreme_mission.words import (
    card_words,
    collaborator_words,
    condition_words,
    kind_words,
    mission_words,
)

__all__ = [
    "describe_building",
    "describe_card",
    "describe_event",
    "describe_help",
    "describe_pending",
    "describe_rules",
    "describe_seat_table",
]


def describe_card(cards: CardSet, card_id: str, lang: str, detail: bool = False) -> str | None:
    """An info card (``I-R7a``), mission (``M1-02``) or collaborator kind (``HK``) in words; None
    for anything else. ``detail`` adds what a mission or collaborator needs."""
    try:
        return card_words(cards, cards.info_card(card_id).type, lang)
    except KeyError:
        pass
    try:
        return card_words(cards, cards.parse_type(card_id), lang)
    except ValueError:
        pass
    try:
        mission = cards.mission(card_id)
    except KeyError:
        pass
    else:
        if detail:
            return mission_words(cards, card_id, lang)
        return text("em.event.mission", lang, name=mission.name(lang), id=mission.id)
    codes = [k.code for k in cards.collaborator_kinds]
    if card_id in codes:
        kind = codes.index(card_id)
        return (collaborator_words if detail else kind_words)(cards, kind, lang)
    return None


def describe_seat_table(cards: CardSet, view: Mapping[str, Any], lang: str) -> str:
    """EM-3.6: the condition that turns each collaborator face up again, the same for every
    seat, said once under the table of seats (which names the collaborators by their codes).

    >>> from bodoge.games.extreme_mission.cards import load_cards
    >>> describe_seat_table(load_cards(), {}, "en")  # doctest: +ELLIPSIS
    'Activating a face-down collaborator (EM-3.6) takes: HK Hacker: a run of 3 numbers; DR ...'
    """
    kinds = [
        text(
            "em.note.kind",
            lang,
            code=k.code,
            name=k.name(lang),
            condition=condition_words(cards, k.condition, lang),
        )
        for k in cards.collaborator_kinds
    ]
    return text("em.note.collaborators", lang, kinds=text("em.note.sep", lang).join(kinds))


def describe_building(
    state: Any, what: str, chosen: list[str], lang: str, begun: bool = False
) -> str | None:
    """EM-3.4, EM-3.6: how many collaborators the mission or activation ``what`` with ``chosen``
    can only be made by spending as wilds; EM-4.1: how many cards go to the spent cards in all
    and how many more ``what`` takes: ``drop R3`` offered among the steps ("this one and 1
    more"), else a drop being built, ``begun`` (the browser's ``drop R3``, its first card picked)
    or the chore ``drop`` ("choose 1 more card"); None when it needs none (or is not being built).

    >>> import bodoge
    >>> state = bodoge.make("extreme-mission", players=2).new_state(1, setup={
    ...     "hands": {0: ["I-R4a", "I-B5a"]}})
    >>> describe_building(state, "complete M1-02", [], "en")
    'Needs 1 collaborator as a wild.'
    >>> describe_building(state, "complete M1-02", ["HK"], "ja") is None
    True
    >>> state = bodoge.make("extreme-mission", players=2).new_state(1, setup={
    ...     "start_player": 0, "hands": {0: bodoge.make("extreme-mission").card_ids[::3][:12]}})
    >>> state.apply("pass")
    >>> describe_building(state, "drop R1", [], "en")
    '2 go in all (hand 12, limit 10): this one and 1 more'
    >>> describe_building(state, "drop R1", [], "en", begun=True)
    'Choose 1 more card: 2 go to your spent cards in all (you hold 12, the limit is 10).'
    >>> describe_building(state, "drop", [], "en")  # the chore typed alone: none picked yet
    'Choose 2 more cards: 2 go to your spent cards in all (you hold 12, the limit is 10).'
    """
    drops = state.drops_to_come(what, chosen) if hasattr(state, "drops_to_come") else None
    if drops:  # EM-4.1: the drop's first card is its step (``drop R3``), the rest its items
        picked = len(chosen) + (what != "drop")
        held = drops + picked + HAND_LIMIT
        offered = not (begun or chosen or what == "drop")  # a first card among the steps
        key = "em.build.drop_first" if offered else "em.build.drops"
        return text(key, lang, n=drops, total=drops + picked, held=held, limit=HAND_LIMIT)
    need = state.wilds_needed(what, chosen) if hasattr(state, "wilds_needed") else None
    if not need:
        return None
    return text("em.build.wild" if need == 1 else "em.build.wilds", lang, n=need)


def _card(cards: CardSet, card_id: str, lang: str) -> str:
    return describe_card(cards, card_id, lang) or card_id


def _items(cards: CardSet, event: Mapping[str, Any], lang: str) -> str:
    """The revealed cards and the collaborators used as wilds, as one list."""
    words = [_card(cards, c, lang) for c in event.get("cards", [])]
    words += [
        text("em.event.wild", lang, kind=_card(cards, k, lang)) for k in event.get("wilds", [])
    ]
    return text("em.event.sep", lang).join(words)


def describe_pending(cards: CardSet, pending: Mapping[str, Any], you: int | None, lang: str) -> str:
    """EM-3.4, EM-3.6: the mission or activation the seat ``you`` has begun (the view's
    ``pending``, only ever its own), with the cards and wilds added so far, as the log will say
    them once it is done.

    >>> from bodoge.games.extreme_mission.cards import load_cards
    >>> pending = {"action": "complete", "target": "M3-04", "cards": ["I-R4a"], "wilds": ["FG"]}
    >>> describe_pending(load_cards(), pending, 0, "en")
    'Completing Train Robbery (M3-04) with red 4, Forger as a wild'
    """
    what = pending["action"]
    target = _card(cards, pending["target"], lang)
    field = "mission" if what == "complete" else "kind"
    if not pending["cards"] and not pending["wilds"]:
        return text(f"em.pending.{what}_begun", lang, **{field: target})
    return text(f"em.pending.{what}", lang, items=_items(cards, pending, lang), **{field: target})


def describe_event(
    cards: CardSet, event: Mapping[str, Any], lang: str, names: Sequence[str] | None = None
) -> str:
    """One event of the log (``{"event": "take", "seat": 1, ...}``) in words, a seat by its
    player's name in ``names`` (one per seat) where given."""
    kind = str(event.get("event"))
    seat = seat_words(event.get("seat"), lang, names)
    if kind == "setup":
        starts = seat_words(event["start_player"], lang, names)
        return text("em.event.setup", lang, seat=starts, count=len(event["missions"]))
    if kind == "turn":  # the turn's header, in the shared words (Ruler of Mana has its own)
        return text("play.event.turn", lang, turn=event["turn"], seat=seat)
    if kind == "deal":
        if "cards" in event:
            hand = text("em.event.sep", lang).join(_card(cards, c, lang) for c in event["cards"])
            return text("em.event.deal_seen", lang, seat=seat, cards=hand)
        return text("em.event.deal", lang, seat=seat, count=event["count"])
    if kind in ("draw", "drop"):
        if "card" in event:
            return text(
                f"em.event.{kind}_seen", lang, seat=seat, card=_card(cards, event["card"], lang)
            )
        return text(f"em.event.{kind}", lang, seat=seat)
    if kind == "take":
        return text(
            "em.event.take",
            lang,
            seat=seat,
            source=seat_words(event["from"], lang, names),
            card=_card(cards, event["card"], lang),
        )
    if kind == "complete":
        return text(
            "em.event.complete",
            lang,
            seat=seat,
            mission=_card(cards, event["mission"], lang),
            items=_items(cards, event, lang),
        )
    if kind == "activate":
        return text(
            "em.event.activate",
            lang,
            seat=seat,
            kind=_card(cards, event["kind"], lang),
            items=_items(cards, event, lang),
        )
    if kind == "discard":
        return text(
            "em.event.discard",
            lang,
            seat=seat,
            count=event["count"],
            card=_card(cards, event["top"], lang),
        )
    if kind == "pass":
        return text("em.event.pass", lang, seat=seat)
    if kind == "rebuild":
        return text("em.event.rebuild", lang, count=event["deck_size"])
    if kind == "end_triggered":
        if "seats" not in event:  # a log from before the event said who
            return text("em.event.end_triggered", lang)
        who = seat_words(event["seats"], lang, names)
        return text("em.event.end_triggered_by", lang, seats=who)
    if kind == "end_met":  # one more seat meets it in the last round
        return text("em.event.end_met", lang, seats=seat_words(event["seats"], lang, names))
    if kind == "game_over":
        return text(
            "em.event.game_over_cap" if event.get("truncated") else "em.event.game_over", lang
        )
    fields = " ".join(f"{k}={v}" for k, v in event.items() if k != "event")
    return f"{kind} {fields}".strip()


def describe_help(lang: str) -> str:
    """Examples of whole actions, for the terminal's ``help``."""
    return text("em.help.example", lang)


def describe_rules(lang: str) -> str:
    """The turn and how to win, for the terminal's ``rules`` (the rules page says it all)."""
    return text("em.rules.summary", lang)
