"""Effects as they resolve (cards page §3.2–§3.4): one agenda task per (effect, target) pair, the
damage pipeline with its lethal moment, and the effect choices that are decisions of a seat
(``discard E1``, ``take S04``, ``top F1``, ``recover S19``).

Task shapes: ``("damage", source, target, n, element, origin, asked)`` where ``origin`` is
``play`` (the play's own damage: halving and lethal moments apply), ``reflect`` (sent back to the
caster by a reflecting reactor, who owns it), ``retaliate`` (a reactor's retaliation, after the
play) or ``reaction`` (a reaction's own damage): the last three are dealt alike, and differ only
in how the log says them. Every other verb is ``(verb, actor, target, n)`` with ``target``
``NO_SEAT`` for the verbs without one (draw, scry, recover). A handler returns True when it waits
on a decision.

Choices of several cards whose order carries no meaning (discard, take, recover) are made in
canonical order, lower copy first, so each choice has one path; ``top`` keeps the player's order
(the first chosen goes on top; the last card goes under the others by itself). The chosen cards
move together when the choice is complete.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Final

from bodoge.core.action import Action
from bodoge.games.ruler_of_mana.records import DISCARD, LETHAL, NO_SEAT, RECOVER, TAKE, TOP, Ask

if TYPE_CHECKING:
    from bodoge.games.ruler_of_mana.effects import Effect
    from bodoge.games.ruler_of_mana.state import RMState

Task = tuple[Any, ...]


def own_task(effect: Effect, seat: int) -> Task:
    """A reaction's own effect (on its reactor, or without target) as a task."""
    n = effect.n or 0
    if effect.verb == "damage":
        return ("damage", seat, seat, n, effect.element, "reaction", 0)
    return (effect.verb, seat, NO_SEAT if effect.target is None else seat, n)


# ---------------------------------------------------------------------- damage (§3.3)
def _damage(st: RMState, task: Task) -> bool:
    """Halve (R03-like reactions, the play's own damage only), shield, floor at 0 (RM-5.2). Before a
    play's damage event that would bring a player from above 0 to 0, that player gets a lethal
    moment (the event waits, marked as asked)."""
    _, source, target, n, element, origin, asked = task
    current = st.play
    amount = n
    halved = origin == "play" and current is not None and current.mode.get(target) == "halve"
    if halved:
        amount //= 2
    shield = st.shield[target]
    absorbed = min(shield, amount)
    rest = amount - absorbed
    life = st.life[target]
    if (
        origin == "play"
        and not asked
        and 0 < life <= rest
        and current is not None
        and _may_stand(st, target)
    ):
        st.agenda.append((*task[:6], 1))
        st.ask = Ask(LETHAL, target)
        return True
    after = max(0, life - rest)
    st.shield[target] = shield - absorbed
    st.life[target] = after
    if origin == "play" and current is not None:
        current.lost[target] += life - after
    if life > 0 and after == 0:
        st.ko_by[target] = source
    event: dict[str, Any] = {
        "event": "damage",
        "seat": source,
        "target": target,
        "amount": n,
        "element": element,
        "halved": halved,
        "absorbed": absorbed,
        "lost": life - after,
        "life": after,
    }
    if origin in _BY_REACTION and current is not None:
        # Which reaction sent it, for the log: a reflected hit or a retaliation reads as an
        # attack by the reactor otherwise.
        event[_BY_REACTION[origin]] = st.facts.ids[current.reactions[source]]
    st.log.add(event)
    return False


#: The damage origins a reactor's card makes, and the log field naming that card.
_BY_REACTION: Final = {"reflect": "reflected", "retaliate": "retaliation"}


def _may_stand(st: RMState, seat: int) -> bool:
    from bodoge.games.ruler_of_mana.play import may_stand  # the play protocol owns the rule

    assert st.play is not None
    return may_stand(st, seat, st.play)


# ---------------------------------------------------------------------- the other verbs (§3.2)
def _heal(st: RMState, task: Task) -> bool:
    target, n = task[2], task[3]
    before = st.life[target]
    after = before + n
    cap = st.facts.life_cap
    if cap is not None:
        after = min(after, max(cap, before))  # RM-5.1: healing past the cap is lost
    st.life[target] = after
    gained = after - before
    event: dict[str, Any] = {"event": "heal", "seat": target, "amount": gained, "life": after}
    if cap is not None and gained < n:  # RM-5.1: the log says what the cap took, and why
        event["over"] = n - gained
        event["cap"] = cap
    st.log.add(event)
    return False


def _shield(st: RMState, task: Task) -> bool:
    target, n = task[2], task[3]
    st.shield[target] += n
    st.log.add({"event": "shield", "seat": target, "amount": n, "shield": st.shield[target]})
    return False


def _draw(st: RMState, task: Task) -> bool:
    st.draw(task[1], task[3], "effect")
    return False


def _moved(st: RMState, cards: list[int]) -> dict[str, Any]:
    ids = st.facts.ids
    return {"cards": [ids[c] for c in cards]}


def _steal(st: RMState, task: Task) -> bool:
    """n cards at random (all if fewer)."""
    _, actor, target, n = task
    hand = st.hands[target]
    _theft(st, "steal", actor, target, sorted(st.rng.sample(hand, min(n, len(hand)))))
    return False


def _theft(st: RMState, kind: str, actor: int, target: int, cards: list[int]) -> None:
    """A steal or a take moves ``cards`` from the target's hand to the actor's: only the two
    players see which (the victim sees them leave its hand: its log names them too)."""
    st.lose(target, cards, public=False, observer=actor)
    st.gain(actor, cards, public=False, observer=target)
    st.log.add(
        {
            "event": kind,
            "seat": actor,
            "from": target,
            "count": len(cards),
            "mana": st.mana_in(cards),
        },
        [actor, target],
        _moved(st, cards),
    )


def _take(st: RMState, task: Task) -> bool:
    """The caster looks at the hand (it stays known to them) and takes n of their choice."""
    _, actor, target, n = task
    hand = st.hands[target]
    if not hand:
        st.log.add({"event": "look", "seat": actor, "target": target, "count": 0})
        return False
    st.seen[actor][target] = list(hand)
    st.log.add(
        {"event": "look", "seat": actor, "target": target, "count": len(hand)},
        actor,
        _moved(st, hand),
    )
    if len(hand) <= n:
        _theft(st, "take", actor, target, list(hand))
        return False
    st.ask = Ask(TAKE, actor, n=n, other=target)
    return True


def _discard(st: RMState, task: Task) -> bool:
    """The target chooses n cards (a decision whenever the hand holds more than n)."""
    _, _, target, n = task
    hand = st.hands[target]
    if len(hand) <= n:
        _discard_cards(st, target, list(hand), False)
        return False
    st.ask = Ask(DISCARD, target, n=n)
    return True


def _discard_cards(st: RMState, seat: int, cards: list[int], random: bool) -> None:
    st.lose(seat, cards, public=True)
    st.to_discard(cards)
    st.log.add({"event": "discard", "seat": seat, "random": random, **_moved(st, cards)})


def _discard_random(st: RMState, task: Task) -> bool:
    _, _, target, n = task
    hand = st.hands[target]
    _discard_cards(st, target, sorted(st.rng.sample(hand, min(n, len(hand)))), True)
    return False


def _scry(st: RMState, task: Task) -> bool:
    """Look at the top n (or fewer); put them back in the caster's order."""
    _, actor, _, n = task
    deck = st.deck
    k = min(n, len(deck))
    if k == 0:
        return False
    looked = [deck.pop() for _ in range(k)]  # top first
    if k == 1:
        _put_back(st, actor, looked)
        return False
    st.ask = Ask(TOP, actor, n=k, cards=looked)
    return True


def _put_back(st: RMState, seat: int, order: list[int]) -> None:
    st.deck.extend(reversed(order))  # order[0] ends on top
    st.log.add({"event": "scry", "seat": seat, "count": len(order)}, seat, _moved(st, order))


def _skip(st: RMState, task: Task) -> bool:
    target = task[2]
    st.skips[target] += 1
    st.log.add({"event": "skip_next", "seat": target, "skips": st.skips[target]})
    return False


def _swap_hands(st: RMState, task: Task) -> bool:
    """The whole hands change places; each of the two knows the hand they gave away."""
    _, a, b, _ = task
    old_a, old_b = st.hands[a], st.hands[b]
    st.hands[a], st.hands[b] = old_b, old_a
    for v, row in enumerate(st.seen):
        if v != a and v != b:
            row[a], row[b] = row[b], row[a]
    st.seen[a][b] = list(old_a)
    st.seen[b][a] = list(old_b)
    st.log.add({"event": "swap", "seat": a, "with": b})
    return False


def _recover(st: RMState, task: Task) -> bool:
    """Up to n non-scroll cards from the discard pile, chosen (``pass`` stops early)."""
    _, actor, _, n = task
    if not _recoverable(st):
        st.log.add({"event": "recover", "seat": actor, "cards": []})
        return False
    st.ask = Ask(RECOVER, actor, n=n)
    return True


def _recoverable(st: RMState) -> list[int]:
    is_scroll = st.facts.is_scroll
    return sorted(c for c in st.discard if not is_scroll[c])


HANDLERS: Final[dict[str, Callable[[RMState, Task], bool]]] = {
    "damage": _damage,
    "heal": _heal,
    "shield": _shield,
    "draw": _draw,
    "steal": _steal,
    "take": _take,
    "discard": _discard,
    "discard_random": _discard_random,
    "scry": _scry,
    "skip": _skip,
    "swap_hands": _swap_hands,
    "recover": _recover,
}


# ---------------------------------------------------------------------- effect choices
def choice_source(st: RMState) -> list[int]:
    """The sorted cards the current effect choice picks from."""
    ask = st.ask
    if ask.kind == DISCARD:
        return st.hands[ask.seat]
    if ask.kind == TAKE:
        return st.hands[ask.other]
    if ask.kind == RECOVER:
        return _recoverable(st)
    return sorted(ask.cards)  # TOP


def legal_choice(st: RMState) -> list[Action]:
    """The next card of an effect choice. Unordered choices go up in canonical order, so a card
    is offered only if enough cards above it remain to finish the choice (no dead ends)."""
    ask = st.ask
    steps = st.facts.step_card[ask.kind]
    source = choice_source(st)
    if ask.kind == TOP:
        return [steps[code] for code in st.free_codes(source)]
    after = ask.chosen[-1] if ask.chosen else -1
    free = [c for c in source if c > after and c not in ask.chosen]
    needed = ask.n - len(ask.chosen) if ask.kind != RECOVER else 1
    codes = st.facts.code
    out: list[Action] = []
    last = ""
    for i, c in enumerate(free):
        code = codes[c]
        if code != last and len(free) - i >= needed:
            out.append(steps[code])
        last = code
    if ask.kind == RECOVER:
        out.append(st.facts.step_pass)
    return out


def choose(st: RMState, action: Action) -> None:
    """One card of an effect choice (or ``pass`` to end a recovery); when the choice is
    complete, the cards move and the play goes on."""
    ask = st.ask
    if action.kind != "pass":
        source = choice_source(st)
        ask.chosen.append(st.first_copy(source, action.args[0], ask.chosen))
        left = len(source) - len(ask.chosen)
        if ask.kind == TOP:
            if left > 1:
                return
            ask.chosen += [c for c in ask.cards if c not in ask.chosen]
        elif len(ask.chosen) < ask.n and (
            ask.kind != RECOVER or st.free_codes(source, ask.chosen[-1])
        ):
            return
    chosen = ask.chosen
    if ask.kind == DISCARD:
        _discard_cards(st, ask.seat, chosen, False)
    elif ask.kind == TAKE:
        _theft(st, "take", ask.seat, ask.other, chosen)
    elif ask.kind == TOP:
        _put_back(st, ask.seat, chosen)
    else:
        for c in chosen:
            st.discard.remove(c)
        st.gain(ask.seat, chosen, public=True)
        st.log.add({"event": "recover", "seat": ask.seat, **_moved(st, chosen)})
    st.run()
