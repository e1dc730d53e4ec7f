"""The effect language of Ruler of Mana (cards page §3), and the reaction language of its scrolls.

**Effects** (closed vocabulary, §3.2) are joined with `` + `` and resolve left to right. ``T`` is a
target kind, ``n`` a whole number >= 1, ``el`` one of ``fire water wind earth none``:

``damage(T, n, el)`` ``heal(T, n)`` ``shield(T, n)`` ``draw(n)`` ``steal(T, n)`` ``take(T, n)``
``discard(T, n)`` ``discard_random(T, n)`` ``scry(n)`` ``skip(T)`` ``swap_hands(T)``
``recover(n)``.

Target kinds: ``self one_opponent all_opponents all_players left right``. ``steal``, ``take``
and ``swap_hands`` take from someone else, so they may not target ``self`` or ``all_players``,
and ``swap_hands`` needs one player (``one_opponent``, ``left`` or ``right``). Seats are numbered
in turn order; ``left`` is the next seat (seat + 1), ``right`` the previous one
(``resolve_targets``).

A spell **option** is ``cost -> effects`` (``parse_option``); a main scroll is effects alone.

**Reactions** (scrolls with timing ``window`` or ``lethal``, cards page §5). A reaction scroll
has a *trigger* (when its owner may use it) and an *effect*: reaction verbs joined with `` + ``,
optionally followed by ordinary effects that act on the reactor alone (target ``self`` or none).

Triggers — window reactions are offered in step 2 of another player's play (§3.5); a player never
reacts to their own play, so "you" below is never the player who made the play:

- ``targeted``: you are targeted by the play (some effect's target set contains you).
- ``damage_targeted``: you are in the target set of at least one ``damage`` effect of the play.
- ``spell_cast``: the play is a spell (you need not be targeted).
- ``lethal`` (timing ``lethal`` only, and the only trigger it takes): a damage event of a play —
  your own play included, never reaction damage nor the expert hand penalty — would bring you to 0
  life after halving and shield.

Reaction verbs (the first six are ``window`` only, ``prevent`` is ``lethal`` only):

- ``cancel``: the play is cancelled: none of its effects happen (on its caster neither), its cards
  stay discarded, and the reaction window closes at once. Reactions already used in the window
  still apply where they can (``siphon`` still takes the mana; ``reflect`` and ``retaliate`` do
  nothing, since nothing resolves).
- ``untarget``: remove yourself from every target set of the play; it resolves for everyone else
  (the caster's own ``self`` effects included).
- ``halve``: every damage event to you from the play is halved, rounded down, before shield.
- ``reflect``: every damage event that would hit you from the play hits the player who made it
  instead, with the same amount and element, through their shield. Redirected damage triggers no
  reaction; the damage belongs to you (finish bonus).
- ``retaliate(n)``: after resolution, if you lost at least 1 life to the play, the player who made
  the play suffers ``damage(n, none)`` from you, even if you are at 0.
- ``siphon``: after resolution, or after cancellation, move the mana cards paid for the spell from
  the discard pile into your hand (a scroll play pays none: nothing moves).
- ``prevent``: prevent the damage event that triggered the reaction entirely; later events of the
  same play still apply.

A reaction holds at most one of ``cancel untarget halve reflect`` (each says how the play treats
you), plus ``retaliate(n)`` and ``siphon`` at most once each; a lethal reaction holds ``prevent``.
Ordinary effects in a reaction are the reactor's own (``self`` is the reactor, ``draw`` draws for
the reactor) and resolve in the order written when the reaction is used — for ``prevent``, right
after the event is prevented (``prevent + heal(self, 3)``). The after-resolution verbs
(``retaliate``, ``siphon``) resolve in the order the reactions were used (§3.5 step 4).

>>> option = parse_option("F F A -> damage(all_opponents, 2, fire) + draw(1)")
>>> str(option.cost), option.needs_target, option.damage_targets
('F F A', False, ('all_opponents',))
>>> resolve_targets("all_players", caster=1, players=4)
(2, 3, 0, 1)
>>> parse_reaction("prevent + heal(self, 3)", trigger="lethal", timing="lethal").has("prevent")
True
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Literal, TypeVar, get_args

from bodoge.core.errors import CardTextError
from bodoge.core.i18n import Message
from bodoge.games.ruler_of_mana.payment import Cost, parse_cost

__all__ = [
    "DAMAGE_ELEMENTS",
    "REACTION_VERBS",
    "TARGET_KINDS",
    "TIMINGS",
    "TRIGGERS",
    "VERBS",
    "DamageElement",
    "Effect",
    "Effects",
    "Reaction",
    "ReactionEffect",
    "ReactionVerb",
    "SpellOption",
    "TargetKind",
    "Timing",
    "Trigger",
    "Verb",
    "format_effects",
    "parse_effect",
    "parse_effects",
    "parse_option",
    "parse_reaction",
    "resolve_targets",
]

TargetKind = Literal["self", "one_opponent", "all_opponents", "all_players", "left", "right"]
Verb = Literal[
    "damage",
    "heal",
    "shield",
    "draw",
    "steal",
    "take",
    "discard",
    "discard_random",
    "scry",
    "skip",
    "swap_hands",
    "recover",
]
DamageElement = Literal["fire", "water", "wind", "earth", "none"]
Timing = Literal["main", "window", "lethal"]
Trigger = Literal["targeted", "damage_targeted", "spell_cast", "lethal"]
ReactionVerb = Literal["cancel", "untarget", "halve", "reflect", "retaliate", "siphon", "prevent"]

TARGET_KINDS: tuple[TargetKind, ...] = get_args(TargetKind)
VERBS: tuple[Verb, ...] = get_args(Verb)
DAMAGE_ELEMENTS: tuple[DamageElement, ...] = get_args(DamageElement)
TIMINGS: tuple[Timing, ...] = get_args(Timing)
TRIGGERS: tuple[Trigger, ...] = get_args(Trigger)
REACTION_VERBS: tuple[ReactionVerb, ...] = get_args(ReactionVerb)

#: Arguments of each verb: T = target kind, n = number >= 1, el = damage element.
SIGNATURES: dict[Verb, tuple[str, ...]] = {
    "damage": ("T", "n", "el"),
    "heal": ("T", "n"),
    "shield": ("T", "n"),
    "draw": ("n",),
    "steal": ("T", "n"),
    "take": ("T", "n"),
    "discard": ("T", "n"),
    "discard_random": ("T", "n"),
    "scry": ("n",),
    "skip": ("T",),
    "swap_hands": ("T",),
    "recover": ("n",),
}
#: Targets each verb accepts (default: every kind).
_ALLOWED_TARGETS: dict[Verb, tuple[TargetKind, ...]] = {
    "steal": ("one_opponent", "all_opponents", "left", "right"),
    "take": ("one_opponent", "all_opponents", "left", "right"),
    "swap_hands": ("one_opponent", "left", "right"),
}
#: Triggers each reaction timing accepts.
TIMING_TRIGGERS: dict[Timing, tuple[Trigger, ...]] = {
    "main": (),
    "window": ("targeted", "damage_targeted", "spell_cast"),
    "lethal": ("lethal",),
}
#: Reaction verbs each timing accepts, and the verbs that take a number.
_TIMING_VERBS: dict[Timing, tuple[ReactionVerb, ...]] = {
    "main": (),
    "window": ("cancel", "untarget", "halve", "reflect", "retaliate", "siphon"),
    "lethal": ("prevent",),
}
_NUMBERED_VERBS: tuple[ReactionVerb, ...] = ("retaliate",)
_EXCLUSIVE_VERBS: tuple[ReactionVerb, ...] = ("cancel", "untarget", "halve", "reflect")

_CALL = re.compile(r"^([a-z_]+)\s*(?:\((.*)\))?$", re.DOTALL)


_S = TypeVar("_S", bound=str)


def _bad(key: str, **fields: Any) -> CardTextError:
    """A parse error worded from the catalogue (``rm.cards.error.effect.<key>``): a
    ``ValueError`` whose ``text(lang)`` reads in either language."""
    return CardTextError(f"rm.cards.error.effect.{key}", **fields)


def _one_of(value: str, allowed: tuple[_S, ...], what: str) -> _S:
    """``value`` if it is one of ``allowed``; ``what`` names the kind of word
    (``rm.cards.error.effect.what.<what>``)."""
    if value not in allowed:
        kind = Message(f"rm.cards.error.effect.what.{what}")
        raise _bad("unknown", what=kind, value=value, allowed=", ".join(allowed))
    return value


def _number(value: str, where: str) -> int:
    if not re.fullmatch(r"[0-9]+", value) or int(value) < 1:
        raise _bad("number", where=where, value=value)
    return int(value)


def _split_call(text: str) -> tuple[str, list[str] | None]:
    """``verb(a, b)`` -> ("verb", ["a", "b"]); a bare ``verb`` -> ("verb", None)."""
    match = _CALL.match(text.strip())
    if match is None:
        raise _bad("call", text=text.strip())
    verb, args = match.group(1), match.group(2)
    if args is None:
        return verb, None
    return verb, [a.strip() for a in args.split(",")] if args.strip() else []


def _split_plus(text: str) -> list[str]:
    parts = [p.strip() for p in text.split("+")]
    if not text.strip() or any(not p for p in parts):
        raise _bad("empty", text=text.strip())
    return parts


@dataclass(frozen=True)
class Effect:
    """One effect: ``verb`` with its target kind, number and damage element (None when unused).

    >>> effect = parse_effect("damage(one_opponent, 2, fire)")
    >>> effect.verb, effect.target, effect.n, effect.element
    ('damage', 'one_opponent', 2, 'fire')
    >>> str(effect)
    'damage(one_opponent, 2, fire)'
    """

    verb: Verb
    target: TargetKind | None = None
    n: int | None = None
    element: DamageElement | None = None

    def __str__(self) -> str:
        values = {"T": self.target, "n": self.n, "el": self.element}
        return f"{self.verb}({', '.join(str(values[a]) for a in SIGNATURES[self.verb])})"


def parse_effect(text: str) -> Effect:
    """Parse one effect such as ``heal(self, 2)``; ``ValueError`` on anything else.

    >>> parse_effect("scry(3)")
    Effect(verb='scry', target=None, n=3, element=None)
    >>> parse_effect("heal(2)")
    Traceback (most recent call last):
    ...
    bodoge.core.errors.CardTextError: heal(2): heal takes (T, n), got 1 argument
    """
    name, args = _split_call(text)
    verb = _one_of(name, VERBS, "verb")
    signature = SIGNATURES[verb]
    where = text.strip()
    if args is None or len(args) != len(signature):
        got = (
            Message("rm.cards.error.effect.got.none")
            if args is None
            else Message(
                f"rm.cards.error.effect.got.{'one' if len(args) == 1 else 'many'}",
                {"count": len(args)},
            )
        )
        raise _bad("arity", where=where, verb=verb, signature=", ".join(signature), got=got)
    target: TargetKind | None = None
    n: int | None = None
    element: DamageElement | None = None
    for kind, value in zip(signature, args, strict=True):
        if kind == "T":
            target = _one_of(value, TARGET_KINDS, "target")
            allowed = _ALLOWED_TARGETS.get(verb, TARGET_KINDS)
            if target not in allowed:
                raise _bad(
                    "cannot_target",
                    where=where,
                    verb=verb,
                    target=target,
                    allowed=", ".join(allowed),
                )
        elif kind == "n":
            n = _number(value, where)
        else:
            element = _one_of(value, DAMAGE_ELEMENTS, "element")
    return Effect(verb, target, n, element)


def parse_effects(text: str) -> tuple[Effect, ...]:
    """Parse effects joined by ``+``, in resolution order.

    >>> [str(e) for e in parse_effects("damage(one_opponent, 2, fire) + heal(self, 2)")]
    ['damage(one_opponent, 2, fire)', 'heal(self, 2)']
    """
    return tuple(parse_effect(part) for part in _split_plus(text))


def format_effects(effects: Sequence[Effect]) -> str:
    """The canonical spelling of effects: ``str`` of each, joined by `` + ``."""
    return " + ".join(str(e) for e in effects)


def resolve_targets(
    kind: TargetKind,
    caster: int,
    players: int,
    chosen: int | None = None,
    alive: Sequence[bool] | None = None,
) -> tuple[int, ...]:
    """The seats a target kind names, in resolution order (cards page §3.4).

    Seats are numbered in turn order. Opponents come in turn order starting with the caster's
    left neighbour (seat + 1); ``all_players`` puts the caster last; ``left`` is the next seat and
    ``right`` the previous one (with 2 players both are the opponent). ``one_opponent`` needs the
    ``chosen`` seat. Ruler of Mana has no elimination (the game ends at the first KO), so ``alive``
    is optional: seats marked False are left out and ``left``/``right`` skip them.

    >>> resolve_targets("all_opponents", caster=2, players=4)
    (3, 0, 1)
    >>> resolve_targets("left", 0, 3), resolve_targets("right", 0, 3)
    ((1,), (2,))
    >>> resolve_targets("left", 0, 2), resolve_targets("right", 0, 2)
    ((1,), (1,))
    >>> resolve_targets("one_opponent", 0, 3, chosen=2)
    (2,)
    """
    if players < 1 or not 0 <= caster < players:
        raise ValueError(f"caster seat {caster} is not a seat of {players} players")
    if alive is not None and len(alive) != players:
        raise ValueError(f"alive has {len(alive)} entries for {players} players")
    others = tuple(
        seat
        for seat in ((caster + i) % players for i in range(1, players))
        if alive is None or alive[seat]
    )
    if kind == "one_opponent":
        if chosen is None or chosen == caster or chosen not in others:
            raise ValueError(f"one_opponent needs the seat of another player, not {chosen!r}")
        return (chosen,)
    if kind == "self":
        return (caster,)
    if kind == "all_opponents":
        return others
    if kind == "all_players":
        return (*others, caster)
    if kind == "left":
        return others[:1]
    if kind == "right":
        return others[-1:]
    raise ValueError(f"unknown target kind {kind!r}: use one of {', '.join(TARGET_KINDS)}")


class Effects:
    """What a play's effects say about targets; mixed into ``SpellOption`` and scrolls.

    A subclass has an ``effects`` tuple. The ``*_players`` methods resolve the targets for a seat
    layout (see ``resolve_targets``); ``chosen`` is the ``one_opponent`` seat (None if unused).
    """

    effects: tuple[Effect, ...]

    @property
    def needs_target(self) -> bool:
        """True when some effect targets ``one_opponent`` (the caster chooses at declaration)."""
        return any(e.target == "one_opponent" for e in self.effects)

    @property
    def target_kinds(self) -> tuple[TargetKind, ...]:
        """The distinct target kinds of the effects, in order of first use."""
        return tuple(dict.fromkeys(e.target for e in self.effects if e.target is not None))

    @property
    def damage_targets(self) -> tuple[TargetKind, ...]:
        """The distinct target kinds of the ``damage`` effects, in order of first use."""
        return tuple(
            dict.fromkeys(
                e.target for e in self.effects if e.verb == "damage" and e.target is not None
            )
        )

    @property
    def deals_damage(self) -> bool:
        """True when some effect is ``damage``."""
        return any(e.verb == "damage" for e in self.effects)

    def target_sets(
        self, caster: int, players: int, chosen: int | None = None
    ) -> tuple[tuple[int, ...], ...]:
        """Each effect's target seats in resolution order (``()`` for an effect without target)."""
        if not self.needs_target:
            chosen = None
        return tuple(
            () if e.target is None else resolve_targets(e.target, caster, players, chosen)
            for e in self.effects
        )

    def targeted_players(
        self, caster: int, players: int, chosen: int | None = None
    ) -> frozenset[int]:
        """The players *targeted* by the play (§3.1): in some target set, the caster excluded."""
        sets = self.target_sets(caster, players, chosen)
        return frozenset(seat for seats in sets for seat in seats if seat != caster)

    def damage_targeted_players(
        self, caster: int, players: int, chosen: int | None = None
    ) -> frozenset[int]:
        """The players other than the caster in the target set of at least one damage effect."""
        sets = self.target_sets(caster, players, chosen)
        return frozenset(
            seat
            for effect, seats in zip(self.effects, sets, strict=True)
            if effect.verb == "damage"
            for seat in seats
            if seat != caster
        )


@dataclass(frozen=True)
class SpellOption(Effects):
    """One option of a spell: a cost and the effects it buys.

    >>> option = parse_option("E E F -> damage(one_opponent, 7, earth)")
    >>> option.cost.mana_value, option.needs_target, option.damage_targets
    (3, True, ('one_opponent',))
    >>> sorted(option.targeted_players(caster=0, players=3, chosen=2))
    [2]
    """

    cost: Cost
    effects: tuple[Effect, ...]

    def __str__(self) -> str:
        return f"{self.cost} -> {format_effects(self.effects)}"


def parse_option(text: str) -> SpellOption:
    """Parse a spell option ``cost -> effects``.

    >>> str(parse_option("F F -> damage(one_opponent, 5, fire)"))
    'F F -> damage(one_opponent, 5, fire)'
    """
    cost_text, arrow, effects_text = text.partition("->")
    if not arrow or "->" in effects_text:
        raise _bad("option", text=text.strip())
    return SpellOption(parse_cost(cost_text), parse_effects(effects_text))


@dataclass(frozen=True)
class ReactionEffect:
    """A reaction verb, with its number for ``retaliate(n)``."""

    verb: ReactionVerb
    n: int | None = None

    def __str__(self) -> str:
        return self.verb if self.n is None else f"{self.verb}({self.n})"


@dataclass(frozen=True)
class Reaction:
    """A reaction scroll's trigger and effect (reaction verbs, then the reactor's own effects).

    >>> reaction = parse_reaction("retaliate(4)", trigger="damage_targeted")
    >>> reaction.trigger, reaction.retaliation, reaction.has("cancel")
    ('damage_targeted', 4, False)
    """

    timing: Timing
    trigger: Trigger
    verbs: tuple[ReactionEffect, ...]
    own_effects: tuple[Effect, ...] = ()

    def has(self, verb: ReactionVerb) -> bool:
        """Whether the reaction holds this verb."""
        return any(v.verb == verb for v in self.verbs)

    @property
    def retaliation(self) -> int | None:
        """The damage of ``retaliate(n)``, or None."""
        return next((v.n for v in self.verbs if v.verb == "retaliate"), None)

    def __str__(self) -> str:
        return " + ".join([*(str(v) for v in self.verbs), *(str(e) for e in self.own_effects)])


def parse_reaction(text: str, trigger: str, timing: str = "window") -> Reaction:
    """Parse a reaction effect such as ``cancel`` or ``prevent + heal(self, 3)``.

    ``timing`` is ``window`` or ``lethal``; ``trigger`` must be one that timing takes.

    >>> str(parse_reaction("prevent + heal(self, 3)", trigger="lethal", timing="lethal"))
    'prevent + heal(self, 3)'
    >>> parse_reaction("prevent", trigger="targeted")
    Traceback (most recent call last):
    ...
    bodoge.core.errors.CardTextError: prevent is a lethal reaction verb, not a window one
    """
    when = _one_of(timing, TIMINGS, "timing")
    if when == "main":
        raise _bad("main_reaction")
    how = _one_of(trigger, TRIGGERS, "trigger")
    if how not in TIMING_TRIGGERS[when]:
        allowed = ", ".join(TIMING_TRIGGERS[when])
        raise CardTextError(
            "rm.cards.error.trigger_timing", trigger=how, timing=when, allowed=allowed
        )
    verbs: list[ReactionEffect] = []
    own: list[Effect] = []
    for part in _split_plus(text):
        name, args = _split_call(part)
        if name in REACTION_VERBS:
            verb = name
            if own:
                raise _bad("order", part=part)
            if verb not in _TIMING_VERBS[when]:
                other = "lethal" if when == "window" else "window"
                raise _bad("verb_timing", verb=verb, other=other, timing=when)
            if any(v.verb == verb for v in verbs):
                raise _bad("twice", verb=verb)
            if verb in _NUMBERED_VERBS:
                if args is None or len(args) != 1:
                    raise _bad("numbered", part=part, verb=verb)
                verbs.append(ReactionEffect(verb, _number(args[0], part)))
            else:
                if args is not None:
                    raise _bad("no_arguments", part=part, verb=verb)
                verbs.append(ReactionEffect(verb))
        elif name in VERBS:
            effect = parse_effect(part)
            if effect.target not in (None, "self"):
                raise _bad("own_target", part=part)
            own.append(effect)
        else:
            raise _bad("reaction_verb", verb=name, allowed=", ".join(REACTION_VERBS))
    exclusive = [v.verb for v in verbs if v.verb in _EXCLUSIVE_VERBS]
    if len(exclusive) > 1:
        joined: str | Message = exclusive[0]
        for verb in exclusive[1:]:  # "a and b and c", joined in the reader's language
            joined = Message("rm.cards.error.effect.and", {"first": joined, "then": verb})
        raise _bad("combined", verbs=joined)
    if not verbs:
        raise _bad("needs_verb", timing=when, allowed=", ".join(_TIMING_VERBS[when]))
    if when == "lethal" and not any(v.verb == "prevent" for v in verbs):
        raise _bad("needs_prevent")
    return Reaction(when, how, tuple(verbs), tuple(own))
