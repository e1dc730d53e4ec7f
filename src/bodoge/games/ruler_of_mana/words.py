"""Ruler of Mana's cards, effects and steps in words, from the message catalogue and the card
data (names are data: a replacement card file brings its own)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from bodoge.core.action import Action
from bodoge.core.i18n import text
from bodoge.games.ruler_of_mana.cards import CardSet, ManaKind, Scroll, Spell
from bodoge.games.ruler_of_mana.effects import Effect, Effects, Reaction
from bodoge.games.ruler_of_mana.payment import (
    ELEMENTS,
    MANA,
    SYMBOLS,
    Cost,
    step_code,
    step_units,
)
from bodoge.games.ruler_of_mana.records import MAIN
from bodoge.games.ruler_of_mana.rules import CYCLE_CARDS, HAND_LIMIT, PENALTY


def code_words(cards: CardSet, code: str, lang: str) -> str:
    """A notation code (``F2``, ``S19``, ``R03``) in words: ``Rock Blast (S19)``."""
    face = cards.face(code)
    if isinstance(face, ManaKind):
        return face.name(lang)
    return text("rm.card.named", lang, name=face.name(lang), code=code)


def card_code(cards: CardSet, card_id: str) -> str | None:
    """The code a person types for a card id (``MW1-03`` -> ``W1``), for the terminal's hand;
    None for anything that is not a card id."""
    return cards.code_of(card_id) if card_id in cards.by_id else None


def card_names(cards: CardSet, lang: str) -> list[str]:
    """The names of the cards, bare and with their codes (``Fire mana``, ``Rock Blast``,
    ``Rock Blast (S19)``): the terminal's running text breaks inside none of them."""
    names = [face.name(lang) for face in cards.by_code.values()]
    return names + [code_words(cards, code, lang) for code in cards.by_code]


def cost_words(cost: Cost, lang: str) -> str:
    """A cost in words as the table says it (``web.rm.cost_part``), not in the letters of the
    card file: each symbol with its count, ``*`` as any mana.

    >>> from bodoge.games.ruler_of_mana.payment import parse_cost
    >>> cost_words(parse_cost("E F E"), "en"), cost_words(parse_cost("E E E *"), "ja")
    ('1 fire, 2 earth', '土3、任意1')
    """
    words = (*ELEMENTS, "any")
    return text("web.list_sep", lang).join(
        text("web.rm.cost_part", lang, n=n, mana=text(f"web.rm.mana.{words[i]}", lang))
        for i, n in enumerate(cost.counts)
        if n
    )


@dataclass(frozen=True, slots=True)
class CostWords:
    """A cost as a field of a refusal, put into the refusal's language (``i18n.Worded``)."""

    cost: Cost

    def text(self, lang: str = "en") -> str:
        return cost_words(self.cost, lang)


def describe_turn(turn: int, lang: str) -> str:
    """A turn's number as the rules say it, ターン in Japanese (the shared 手番 is Extreme
    Mission's word): the terminal's header.

    >>> describe_turn(3, "ja"), describe_turn(3, "en")
    ('ターン3', 'turn 3')
    """
    return text("rm.turn_n", lang, n=turn)


def card_words(cards: CardSet, card_id: str, lang: str) -> str:
    """A card id (``MF2-01``, ``S19``, ``R03-b``) in words."""
    return code_words(cards, cards.code_of(card_id), lang)


def effect_words(effect: Effect, lang: str) -> str:
    """One effect in words: ``5 fire damage to one opponent``."""
    target = text(f"rm.target.{effect.target}", lang) if effect.target is not None else ""
    element = text(f"rm.element.{effect.element}", lang) if effect.element is not None else ""
    return text(f"rm.effect.{effect.verb}", lang, target=target, n=effect.n or 0, element=element)


def reaction_words(reaction: Reaction, lang: str) -> str:
    """A reaction scroll's effect in words: its reaction verbs, then its own effects."""
    verbs = [text(f"rm.reaction.{v.verb}", lang, n=v.n or 0) for v in reaction.verbs]
    own = [effect_words(e, lang) for e in reaction.own_effects]
    return text("rm.sep.effects", lang).join([*verbs, *own])


def effects_words(what: Effects, lang: str) -> str:
    return text("rm.sep.effects", lang).join(effect_words(e, lang) for e in what.effects)


def face_words(cards: CardSet, code: str, lang: str) -> str:
    """A spell with its options, or a scroll with its effect or reaction, in words."""
    face = cards.face(code)
    name = code_words(cards, code, lang)
    if isinstance(face, Spell):
        options = [
            text(
                "rm.card.option",
                lang,
                option=k,
                cost=cost_words(o.cost, lang),
                effects=effects_words(o, lang),
            )
            for k, o in enumerate(face.options, 1)
        ]
        return text(
            "rm.card.options", lang, name=name, options=text("rm.sep.options", lang).join(options)
        )
    if isinstance(face, Scroll):
        if face.reaction is not None:
            return text(
                f"rm.card.{face.timing}",
                lang,
                name=name,
                trigger=text(f"rm.trigger.{face.reaction.trigger}", lang),
                effect=reaction_words(face.reaction, lang),
            )
        return text("rm.card.main", lang, name=name, effects=effects_words(face, lang))
    return name


# A cost's symbols as the table says them (web.rm.mana.*): the white one is "any" mana (RM-3.2).
_MANA_WORDS = dict(zip(SYMBOLS, ("fire", "water", "wind", "earth", "any"), strict=True))


def describe_value(cards: CardSet, value: object, lang: str) -> str | None:
    """A value inside a refusal in the table's words, for the browser (the terminal shows the
    notation a person types): a cost as its mana; None for anything else.

    >>> from bodoge.games.ruler_of_mana.payment import parse_cost
    >>> describe_value(None, parse_cost("E E F"), "en"), describe_value(None, "F", "ja")
    ('1 fire, 2 earth', None)
    """
    if not isinstance(value, Cost):
        return None
    parts = [
        text("web.rm.cost_part", lang, n=n, mana=text(f"web.rm.mana.{_MANA_WORDS[s]}", lang))
        for s, n in zip(SYMBOLS, value.counts, strict=True)
        if n
    ]
    return text("web.list_sep", lang).join(parts)


def describe_step(cards: CardSet, action: Action, lang: str) -> str:
    """A step of Ruler of Mana in words, for people."""
    kind = action.kind
    args = action.args
    key = f"rm.step.{kind}"
    if kind in ("draw", "cycle", "exchange", "pass"):
        return text(key, lang, count=CYCLE_CARDS)
    if kind == "cast":
        code, k = args
        option = cards.spell(code).option(k)
        return text(
            key,
            lang,
            spell=code_words(cards, code, lang),
            option=k,
            cost=cost_words(option.cost, lang),
            effects=effects_words(option, lang),
        )
    if kind == "scroll":
        scroll = cards.scroll(args[0])
        return text(
            key, lang, scroll=code_words(cards, args[0], lang), effects=effects_words(scroll, lang)
        )
    if kind in ("target", "pick"):
        return text(key, lang, seat=args[0])
    if kind == "react":  # what the scroll does, as the card says it (the web draws the card)
        reaction = cards.scroll(args[0]).reaction
        effect = reaction_words(reaction, lang) if reaction is not None else ""
        return text(key, lang, card=code_words(cards, args[0], lang), effect=effect)
    if kind == "pay" and MANA[step_code(args[0])].orbs == 2:
        # RM-3.4: a 2-orb card's step says how many units it supplies.
        card = code_words(cards, step_code(args[0]), lang)
        return text("rm.step.pay_units", lang, card=card, units=step_units(args[0]))
    return text(key, lang, card=code_words(cards, args[0], lang), limit=HAND_LIMIT)


def describe_building(
    state: Any, what: str, chosen: list[str], lang: str, begun: bool = False
) -> str | None:
    """RM-2.4 (expert): beside a turn's option offered among the steps (not ``begun``), the cost
    of the hand it ends the turn with, where that is the hand limit or more and known before it
    is taken: (B) draws 1, (C) puts 2 under the deck and draws 2 (fewer from a short deck), (D)
    gives 1 card and takes 1, (A) a scroll read leaves the rest, before its effects (as the
    browser's ``handAtEnd`` in web/rm.js counts for its buttons and cards). The terminal's list
    of steps says it to the seat that decides (its own hand); None otherwise, and while a move
    is built (the browser's bar says it itself).

    >>> import bodoge
    >>> hand = ["MF1-01", "MF1-02", "MF1-03", "MW1-01", "MW1-02", "MW1-03", "MA1-01", "MA1-02"]
    >>> state = bodoge.make("ruler-of-mana", players=2, variant="expert").new_state(1, setup={
    ...     "start_player": 0, "hands": {0: hand}})
    >>> describe_building(state, "draw", [], "en")  # 8 cards and the turn's draw: 9
    'ends the turn with 10 cards in hand: −2 life (RM-2.4)'
    >>> describe_building(state, "cycle", [], "ja") is None
    True
    >>> describe_building(state, "draw", [], "en", begun=True) is None
    True
    """
    if begun or not getattr(getattr(state, "facts", None), "expert", False):
        return None
    ask = state.ask
    if ask.kind != MAIN or state.over:
        return None
    held = len(state.hands[ask.seat])
    at_end = {
        "draw": held + 1,
        "cycle": held - CYCLE_CARDS + min(CYCLE_CARDS, len(state.deck)),
        "exchange": held,
    }.get(what, held - 1 if what.startswith("scroll ") else None)
    if at_end is None or at_end < HAND_LIMIT:
        return None
    return text("rm.warn.step", lang, n=at_end, lost=PENALTY)


def describe_pending(cards: CardSet, pending: Mapping[str, Any], you: int | None, lang: str) -> str:
    """What is being resolved (a view's ``pending``) in words for the seat ``you`` it was made
    for: who does what, with which cards, and the decision awaited. The view's bookkeeping
    (``asked``, ``cancelled`` while false, a draft's ``kept`` while nothing is kept) is left out,
    and the other hand a Thief's Scroll shows is named as that seat's hand."""
    say = _Pending(cards, you, lang)
    kind = pending.get("kind")
    parts: list[str] = []
    if kind == "draft":
        sizes = text("rm.sep.cards", lang).join(str(n) for n in pending["pack_sizes"])
        parts.append(say.t("draft", round=pending["round"], sizes=sizes))
        if pending.get("pack") is not None:
            parts.append(say.t("pack", cards=say.coded(pending["pack"])))
        if pending.get("kept") is not None:
            parts.append(say.t("kept", card=say.card(pending["kept"])))
    elif kind == "exchange":
        parts.append(say.t("exchange", seat=say.seat(pending["seat"])))
        parts.append(say.t(f"exchange_{pending['step']}", seat=say.seat(pending["deciding"])))
        if pending.get("offered"):
            seats = text("play.list_sep", lang).join(say.seat(s) for s in pending["offered"])
            parts.append(say.t("offers_made", seats=seats))
        if pending.get("your_offer") is not None:
            parts.append(say.t("your_offer", card=say.card(pending["your_offer"])))
    elif kind == "play":
        parts += _play_words(say, pending)
    else:  # a declaration, cycle or chore being built
        parts += _decision_words(say, pending)
    return text("rm.sep.pending", lang).join(parts)


class _Pending:
    """The words of a ``pending`` for the seat ``you``: seats, cards and ``rm.pending.*``."""

    def __init__(self, cards: CardSet, you: int | None, lang: str) -> None:
        self.cards, self.you, self.lang = cards, you, lang

    def seat(self, s: int) -> str:
        return text("play.seat_you" if s == self.you else "play.seat", self.lang, seat=s)

    def card(self, card_id: str) -> str:
        return card_words(self.cards, card_id, self.lang)

    def code(self, code: str) -> str:
        return code_words(self.cards, code, self.lang)

    def named(self, ids: Sequence[str]) -> str:
        return text("rm.sep.cards", self.lang).join(self.card(c) for c in ids) or "—"

    def payment(self, paid: Sequence[str]) -> str:
        """Payment steps (``F1``, ``W2/1``) as the table says them: each card by its name, a
        2-orb card paying 1 mana as such (RM-3.4)."""
        said = []
        for step in paid:
            code = step_code(step)
            name = self.code(code)
            one = step_units(step) < MANA[code].orbs
            said.append(text("web.rm.say.one_mana", self.lang, name=name) if one else name)
        return text("rm.sep.cards", self.lang).join(said)

    def coded(self, ids: Sequence[str]) -> str:
        """Cards to pick from by their codes (a draft's pack: ``keep RB``), each with its code
        as the hand shows it: ``RB Rainbow mana`` (a spell's or scroll's words already end in
        theirs: ``Flame Lance (S02)``)."""
        said = []
        for card_id in ids:
            code = self.cards.code_of(card_id)
            words = self.card(card_id)
            coded = isinstance(self.cards.face(code), ManaKind)
            said.append(
                text("play.card_code", self.lang, code=code, words=words) if coded else words
            )
        return text("rm.sep.cards", self.lang).join(said) or "—"

    def t(self, key: str, **values: Any) -> str:
        return text(f"rm.pending.{key}", self.lang, **values)


def _play_words(say: _Pending, pending: Mapping[str, Any]) -> list[str]:
    """A card in play: who plays it how and what it does (the option's or the scroll's effects,
    as the web's resolving panel shows the card), what was paid and reacted, then the
    decision."""
    card = say.card(pending["card"])
    player = say.seat(pending["seat"])
    face = say.cards.face(say.cards.code_of(pending["card"]))
    option = pending.get("option")
    if option is not None and isinstance(face, Spell):
        effects = effects_words(face.option(option), say.lang)
        parts = [say.t("play_option", seat=player, card=card, option=option, effects=effects)]
    else:
        effects = effects_words(face, say.lang) if isinstance(face, Scroll) else ""
        parts = [say.t("play", seat=player, card=card, effects=effects)]
    if pending.get("target") is not None:
        parts.append(say.t("target", seat=say.seat(pending["target"])))
    if pending.get("paid"):
        parts.append(say.t("paid", cards=say.named(pending["paid"])))
    reactions = pending.get("reactions") or {}
    for s, c in reactions.items():
        parts.append(say.t("reaction", seat=say.seat(int(s)), card=say.card(c)))
    if pending.get("cancelled"):
        parts.append(say.t("cancelled"))
    decision = pending.get("decision")
    if decision is not None:
        parts += _decision_words(say, decision)
    return parts


def _decision_words(say: _Pending, decision: Mapping[str, Any]) -> list[str]:
    """The decision awaited (or the action being built) and what it has chosen so far."""
    kind = decision.get("kind")
    who = say.seat(decision["seat"])
    parts: list[str] = []
    if kind == "cast":
        parts.append(
            say.t("cast", seat=who, card=say.code(decision["spell"]), option=decision["option"])
        )
    elif kind == "scroll":
        parts.append(say.t("scroll", seat=who, card=say.code(decision["scroll"])))
    elif kind == "lethal":
        source = say.seat(decision["source"])
        parts.append(say.t("lethal", seat=who, damage=decision["damage"], source=source))
    elif kind == "take":
        other = say.seat(decision["from"])
        parts.append(say.t("take", seat=who, count=decision["count"], other=other))
    elif kind in ("cycle", "react", "discard", "top", "recover", "bottom"):
        parts.append(say.t(kind, seat=who, count=decision.get("count", 0)))
    else:  # pragma: no cover - a kind the view adds later: its word, as the table shows it
        parts.append(text(f"play.value.pending.{kind}", say.lang))
    if kind in ("cast", "scroll") and decision.get("target") is not None:
        parts.append(say.t("target", seat=say.seat(decision["target"])))
    if decision.get("payment"):  # the cards chosen, each as it pays
        parts.append(say.t("payment", steps=say.payment(decision["payment"])))
    elif decision.get("chosen"):
        parts.append(say.t("chosen", cards=say.named(decision["chosen"])))
    if decision.get("hand") is not None:  # RM cards §3.2 take: the hand looked at
        their = say.seat(decision["from"])
        parts.append(say.t("their_hand", seat=their, cards=say.named(decision["hand"])))
    if decision.get("cards") is not None:  # a scry's cards, as they lay on the deck
        parts.append(say.t("looked_at", cards=say.named(decision["cards"])))
    return parts
