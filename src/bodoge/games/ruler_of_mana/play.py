"""Plays and reactions (cards page §3.5): declaring a spell or main scroll, the reaction window,
resolution, the after-resolution effects and the KO check.

A declared play puts four tasks on the state's **agenda** (a stack, the next task last):
``window``, ``resolve``, ``after``, ``end_play``. ``run`` works through the agenda until a task
needs a decision (it sets ``state.ask`` and puts itself, or what is left of it, back) or the
agenda is empty. ``resolve`` and ``after`` expand into one task per (effect, target) pair, in
resolution order (§3.4); their handlers are in ``resolve``. Tasks are tuples of ints and strings.

Who is asked depends only on public facts (rules page, "Information"): a window question goes to
every other seat that holds a non-mana card (public: mana cards have their own back) while some
reaction kind not all of whose copies are in the discard pile has its trigger met for that seat;
``pass`` is always an answer. Likewise for lethal moments.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from bodoge.core.action import Action
from bodoge.games.ruler_of_mana import resolve
from bodoge.games.ruler_of_mana.payment import payable_counts
from bodoge.games.ruler_of_mana.records import CAST, LETHAL, NO_SEAT, REACT, SCROLL, Ask, Play

if TYPE_CHECKING:
    from bodoge.games.ruler_of_mana.state import RMState

WINDOW: Final = ("window",)
RESOLVE: Final = ("resolve",)
AFTER: Final = ("after",)
END_PLAY: Final = ("end_play",)
#: Window verbs that say how the play treats the reactor (at most one per reaction).
MODES: Final = ("cancel", "untarget", "halve", "reflect")
#: Window verbs that act after resolution, in the order the reactions were used.
LATER: Final = ("retaliate", "siphon")

payable = payable_counts


# ---------------------------------------------------------------------- declaring (§3.5 step 1)
def legal_declare(st: RMState) -> list[Action]:
    """The next step of a declaration (RM-3.6: the option's target, then its payment): the
    target (``@2``) when the option or scroll has a ``one_opponent`` effect, then the payment
    card by card in canonical order, each 2-orb card saying whether it supplies 2 units (``W2``)
    or 1 (``W2/1``, RM-3.4): only steps that keep an exact payment reachable, one path per
    payment (``payment.next_payment_steps``)."""
    g = st.facts
    ask = st.ask
    if ask.other == NO_SEAT and g.needs_target[ask.code, ask.n]:
        return [g.step_target[s] for s in range(g.players) if s != ask.seat]
    return g.pay_steps(ask.code, ask.n, st.paid_steps(ask), st.hands[ask.seat])


def declare_step(st: RMState, action: Action) -> None:
    """``cast S19/3``, ``scroll R11``, ``@2`` or a payment step ``E1``, ``W2``, ``W2/1``: the
    cast is declared as soon as its payment's units number the cost's symbols (RM-3.5)."""
    g = st.facts
    ask = st.ask
    kind = action.kind
    seat = ask.seat
    if kind == "cast":
        code, option = action.args
        st.ask = Ask(CAST, seat, n=option, code=code, cards=[st.first_copy(st.hands[seat], code)])
        return
    if kind == "scroll":
        code = action.args[0]
        st.ask = Ask(SCROLL, seat, code=code, cards=[st.first_copy(st.hands[seat], code)])
        if not g.scrolls[code].needs_target:
            declare(st, seat, st.ask.cards[0], 0, NO_SEAT, [])
        return
    if kind == "target":
        ask.other = action.args[0]
        if ask.kind == SCROLL:
            declare(st, seat, ask.cards[0], 0, ask.other, [])
        return
    step = action.args[0]
    card = st.first_copy(st.hands[seat], g.pay_code[step], ask.chosen)
    ask.chosen.append(card)
    if g.pay_units[step] < g.orbs[card]:
        ask.cards.append(card)  # RM-3.4: this 2-orb card supplies one unit
    if st.paid_units(ask) == g.mana_value[ask.code, ask.n]:
        declare(st, seat, ask.cards[0], ask.n, ask.other, list(ask.chosen), ask.cards[1:])


def declare(
    st: RMState,
    caster: int,
    card: int,
    option: int,
    target: int,
    paid: list[int],
    one_mana: list[int] | None = None,
) -> None:
    """RM-3.1 / RM-4.1: the card and its mana go to the discard pile at once (even if the play
    is cancelled later); then the window, resolution, after-effects and the KO check.
    ``one_mana``: the 2-orb cards among ``paid`` that paid 1 mana (RM-3.4), said in the log as
    the cards are played face up."""
    g = st.facts
    st.lose(caster, [card, *paid], public=True)
    st.to_discard([card, *paid])
    st.play = Play(g, caster, card, option, target, paid)
    st.ko_by = [NO_SEAT] * g.players
    event: dict[str, Any] = {
        "event": "cast" if option else "scroll",
        "seat": caster,
        "card": g.ids[card],
    }
    if option:
        event["option"] = option
        event["paid"] = [g.ids[c] for c in paid]
        if one_mana:
            event["one_mana"] = [g.ids[c] for c in one_mana]
    if target != NO_SEAT:
        event["target"] = target
    st.log.add(event)
    st.agenda = [END_PLAY, AFTER, RESOLVE, WINDOW]
    run(st)


# ---------------------------------------------------------------------- the agenda
def run(st: RMState) -> None:
    """Work through the agenda until a task waits on a decision or the play is over."""
    agenda = st.agenda
    handlers = _HANDLERS
    while agenda:
        task = agenda.pop()
        if handlers[task[0]](st, task):
            return
        if st.over:
            return


def _window(st: RMState, task: tuple[Any, ...]) -> bool:
    """§3.5 step 2: ask each other seat once, in turn order from the caster's left, whether to
    use a scroll outside their turn (RM-4.2)."""
    current = st.play
    assert current is not None
    n = st.facts.players
    live: set[str] | None = None  # the same for every seat of this window (may_react)
    while current.asked < n - 1:
        seat = (current.caster + 1 + current.asked) % n
        current.asked += 1
        if seat in current.reactions or not _holds_non_mana(st, seat):
            continue
        if live is None:
            live = _live_triggers(st)
        if any(_triggered(trigger, seat, current) for trigger in live):
            st.agenda.append(task)
            st.ask = Ask(REACT, seat)
            return True
    return False


def _triggered(trigger: str, seat: int, current: Play) -> bool:
    """Whether a window trigger holds for ``seat`` (never the caster: no reacting to yourself)."""
    if trigger == "targeted":
        return seat in current.targeted
    if trigger == "damage_targeted":
        return seat in current.damage_targeted
    return current.is_spell  # spell_cast


def _in_play(st: RMState, code: str) -> bool:
    """Whether some copy of scroll ``code`` is not in the discard pile (public)."""
    return st.gone.get(code, 0) < len(st.facts.copies[code])


def _holds_non_mana(st: RMState, seat: int) -> bool:
    hand = st.hands[seat]
    return bool(hand) and not st.facts.is_mana[hand[-1]]  # mana cards sort first


def may_react(st: RMState, seat: int, current: Play) -> bool:
    """Whether ``seat`` is asked in the window: public facts only (RM-4.2's ruling)."""
    if seat in current.reactions or not _holds_non_mana(st, seat):
        return False
    return any(_triggered(trigger, seat, current) for trigger in _live_triggers(st))


def _live_triggers(st: RMState) -> set[str]:
    """The triggers of the window reaction kinds that still have a copy in play."""
    gone = st.gone
    return {
        trigger for code, copies, trigger in st.facts.window_triggers if gone.get(code, 0) < copies
    }


def may_stand(st: RMState, seat: int, current: Play) -> bool:
    """Whether ``seat``, about to drop to 0, is offered a lethal moment: public facts only."""
    if seat in current.reactions or not _holds_non_mana(st, seat):
        return False
    return any(_in_play(st, code) for code in st.facts.lethal_kinds)


def legal_react(st: RMState) -> list[Action]:
    """The reactions the asked seat holds whose trigger holds, then ``pass``."""
    g = st.facts
    ask = st.ask
    current = st.play
    assert current is not None
    out: list[Action] = []
    last = ""
    codes = g.code
    lethal = ask.kind == LETHAL
    for c in st.hands[ask.seat]:
        code = codes[c]
        if code == last:
            continue
        last = code
        reaction = g.reactions.get(code)
        if reaction is None or (reaction.timing == "lethal") != lethal:
            continue
        if lethal or _triggered(reaction.trigger, ask.seat, current):
            out.append(g.step_react[code])
    out.append(g.step_pass)
    return out


def answer(st: RMState, action: Action) -> None:
    """A window or lethal answer: ``pass``, or ``react R03`` (one reaction per play). RM-4.2: the
    reaction takes effect before the play it answers, and nobody is asked about it."""
    g = st.facts
    ask = st.ask
    seat = ask.seat
    current = st.play
    assert current is not None
    if action.kind == "pass":
        st.log.add({"event": "pass", "seat": seat, "moment": ask.kind})
        run(st)
        return
    code = action.args[0]
    card = st.first_copy(st.hands[seat], code)
    st.lose(seat, [card], public=True)
    st.to_discard([card])
    current.reactions[seat] = card
    reaction = g.reactions[code]
    st.log.add({"event": "react", "seat": seat, "card": g.ids[card], "moment": ask.kind})
    if ask.kind == LETHAL:
        prevented = st.agenda.pop()  # the damage event on hold: prevented entirely
        st.log.add({"event": "prevent", "seat": seat, "amount": prevented[3]})
    else:
        for verb in reaction.verbs:
            if verb.verb in MODES:
                current.mode[seat] = verb.verb
            if verb.verb == "cancel":
                current.cancelled = True
                st.agenda.pop()  # the window closes at once
                st.log.add({"event": "cancelled", "seat": seat})
            elif verb.verb == "untarget":
                # Said now (RM-4.2: it takes effect before the play): nothing of the play's
                # resolution names the seat it no longer reaches.
                st.log.add(
                    {
                        "event": "missed",
                        "seat": current.caster,
                        "card": g.ids[current.card],
                        "target": seat,
                        "reaction": g.ids[card],
                    }
                )
            elif verb.verb in LATER:
                current.after.append((verb.verb, seat, verb.n or 0))
    own = [resolve.own_task(effect, seat) for effect in reaction.own_effects]
    st.agenda.extend(reversed(own))
    run(st)


# ---------------------------------------------------------------------- resolution and after
def _resolve(st: RMState, task: tuple[Any, ...]) -> bool:
    """§3.5 step 3: one task per (effect, target), left to right, targets in turn order from
    the caster's left (the caster last); nothing if the play was cancelled. A reactor that
    untargeted itself is left out; one that reflects sends its damage to the caster."""
    current = st.play
    assert current is not None
    if current.cancelled:
        return False
    caster = current.caster
    mode = current.mode
    tasks: list[tuple[Any, ...]] = []
    for effect, seats in zip(current.effects, current.sets, strict=True):
        verb = effect.verb
        n = effect.n or 0
        if effect.target is None:
            tasks.append((verb, caster, NO_SEAT, n))
            continue
        for seat in seats:
            how = mode.get(seat) if seat != caster else None
            if how == "untarget":
                continue
            if verb != "damage":
                tasks.append((verb, caster, seat, n))
            elif how == "reflect":
                tasks.append(("damage", seat, caster, n, effect.element, "reflect", 0))
            else:
                tasks.append(("damage", caster, seat, n, effect.element, "play", 0))
    st.agenda.extend(reversed(tasks))
    return False


def _after(st: RMState, task: tuple[Any, ...]) -> bool:
    """§3.5 step 4: retaliation (only after a resolution in which the reactor lost life) and
    siphons (after a cancellation too), in the order the reactions were used."""
    current = st.play
    assert current is not None
    tasks: list[tuple[Any, ...]] = []
    for verb, seat, n in current.after:
        if verb == "siphon":
            tasks.append(("siphon", seat))
        elif not current.cancelled and current.lost[seat] >= 1:
            tasks.append(("damage", seat, current.caster, n, "none", "retaliate", 0))
    st.agenda.extend(reversed(tasks))
    return False


def _siphon(st: RMState, task: tuple[Any, ...]) -> bool:
    """Move the mana paid for the spell, as far as it is still in the discard pile, to the
    reactor's hand (face up: everyone sees which cards)."""
    current = st.play
    assert current is not None
    seat = task[1]
    cards = [c for c in current.paid if c in st.discard]
    for c in cards:
        st.discard.remove(c)
    st.gain(seat, cards, public=True)
    st.log.add({"event": "siphon", "seat": seat, "cards": [st.facts.ids[c] for c in cards]})
    return False


def _end_play(st: RMState, task: tuple[Any, ...]) -> bool:
    """§3.5 step 5: the KO check; else the turn ends."""
    if st.ko_check():
        return False
    st.play = None
    st.end_turn()
    return False


_HANDLERS: Final[dict[str, Any]] = {
    "window": _window,
    "resolve": _resolve,
    "after": _after,
    "siphon": _siphon,
    "end_play": _end_play,
    **resolve.HANDLERS,
}
