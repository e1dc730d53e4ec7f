"""Ruler of Mana's cards, effects and steps in words, from the message catalogue and the card
data (names are data: a replacement card file brings its own)."""

from __future__ import annotations

from bodoge.core.action import Action
from bodoge.core.i18n import text
from bodoge.games.ruler_of_mana.cards import CardSet, ManaKind, Scroll, Spell
from bodoge.games.ruler_of_mana.effects import Effect, Effects, Reaction
from bodoge.games.ruler_of_mana.payment import MANA, step_code, step_units
from bodoge.games.ruler_of_mana.rules import CYCLE_CARDS, HAND_LIMIT


def code_words(cards: CardSet, code: str, lang: str) -> str:
    """A notation code (``F2``, ``S19``, ``R03``) in words: ``Rock Blast (S19)``."""
    face = cards.face(code)
    if isinstance(face, ManaKind):
        return face.name(lang)
    return text("rm.card.named", lang, name=face.name(lang), code=code)


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
            text("rm.card.option", lang, option=k, cost=str(o.cost), effects=effects_words(o, lang))
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
            cost=str(option.cost),
            effects=effects_words(option, lang),
        )
    if kind == "scroll":
        scroll = cards.scroll(args[0])
        return text(
            key, lang, scroll=code_words(cards, args[0], lang), effects=effects_words(scroll, lang)
        )
    if kind in ("target", "pick"):
        return text(key, lang, seat=args[0])
    if kind == "pay" and MANA[step_code(args[0])].orbs == 2:
        # RM-3.4: a 2-orb card's step says how many units it supplies.
        card = code_words(cards, step_code(args[0]), lang)
        return text("rm.step.pay_units", lang, card=card, units=step_units(args[0]))
    return text(key, lang, card=code_words(cards, args[0], lang), limit=HAND_LIMIT)
