"""Reading whole actions and explaining refusals, in one line.

``expand`` lets a whole action name a card-choice verb once for several cards
(``bottom F1 A1`` = ``bottom F1 bottom A1``) and list the cards of an unordered choice in any
order; ``read_payment`` reads a whole cast whose payment splits its cards' units another way
than the path of those cards does as that path (RM-3.4); ``upgrade_history`` reads a history
stored before RM-3.4 gave a 2-orb card's step its units. ``why_illegal`` says why a step is not
legal now, as specifically as the position allows (a card not held, a cost not payable, a
trigger not met).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Mapping, Sequence
from itertools import takewhile
from typing import TYPE_CHECKING, Any, cast

from bodoge.core.i18n import Message
from bodoge.games.ruler_of_mana.payment import (
    MANA,
    STEPS,
    Cost,
    can_pay,
    is_exact,
    payment_with,
    shortfall,
    step_code,
    supply_of,
)
from bodoge.games.ruler_of_mana.records import (
    BOTTOM,
    CAST,
    CYCLE,
    DISCARD,
    KEEP,
    LETHAL,
    MAIN,
    NO_SEAT,
    OFFER,
    PICK,
    REACT,
    RECOVER,
    SCROLL,
    TAKE,
    TOP,
)
from bodoge.games.ruler_of_mana.rules import CYCLE_CARDS
from bodoge.games.ruler_of_mana.words import CostWords

if TYPE_CHECKING:
    from bodoge.games.ruler_of_mana import RulerOfMana
    from bodoge.games.ruler_of_mana.state import RMState

REPEATABLE = frozenset({"bottom", "discard", "take", "top", "recover"})
UNORDERED = frozenset({"discard", "take", "recover"})
_CODE = re.compile(r"[FWAE]1|[FWAE]2(?:/1)?|RB|S\d{2,3}|R\d{2,3}")
_PAY = re.compile(r"[FWAE]1|[FWAE]2(?:/1)?|RB")
_OLD_PAY = re.compile(r"[FWAE][12]|RB")  # a payment step before RM-3.4: the card alone
# an option is a number of a few digits: a longer one is no option (and int() refuses a huge one)
_CAST = re.compile(r"cast (S\d{2,3})/(\d{1,3})")

# The kinds of decision a seat may be waiting on; each has words ``rm.waiting.<kind>``.
WAITING: tuple[str, ...] = (
    KEEP,
    BOTTOM,
    MAIN,
    CAST,
    SCROLL,
    CYCLE,
    OFFER,
    PICK,
    REACT,
    LETHAL,
    DISCARD,
    TAKE,
)
WAITING += (TOP, RECOVER)


def expand(text: str, order: Mapping[str, int] | None = None) -> str:
    """Repeat a card-choice verb before each card that follows it without one. With ``order``
    (code -> canonical position), the cards of an unordered choice (discard, take, recover) are
    put in canonical order, as their steps must be: a whole action lists them in any order.

    >>> expand("bottom F1 A1 pass")
    'bottom F1 bottom A1 pass'
    >>> expand("discard S01 E1", {"E1": 6, "S01": 9})
    'discard E1 discard S01'
    """
    tokens = text.split()
    out: list[str] = []
    i = 0
    while i < len(tokens):
        verb = tokens[i]
        if verb not in REPEATABLE or i + 1 >= len(tokens):
            out.append(verb)
            i += 1
            continue
        items = [tokens[i + 1]]
        i += 2
        while i < len(tokens) and (
            _CODE.fullmatch(tokens[i]) or (tokens[i] == verb and i + 1 < len(tokens))
        ):
            if tokens[i] == verb:
                i += 1
            items.append(tokens[i])
            i += 1
        if order is not None and verb in UNORDERED:
            items.sort(key=lambda code: order.get(code, len(order)))
        for item in items:
            out += [verb, item]
    return " ".join(out)


def read_payment(st: RMState, text: str) -> str:
    """A whole cast (``cast S23/1 @1 ...``, or the rest of one just begun) whose payment steps
    pay exactly but split the cards' units otherwise than their path (``F2 E2/1 RB`` for
    ``F F E E``, the rainbow an earth: the path is ``F2/1 E2 RB``, the rainbow a fire) names
    the same payment (RM-3.4): read it as the path. Anything else is left as it is.

    >>> import bodoge
    >>> game = bodoge.make("ruler-of-mana", players=2)
    >>> state = game.new_state(1, setup={"hands": {0: ["S23", "MF2-01", "ME2-01", "MR-01"]}})
    >>> read_payment(state, "cast S23/1 @1 F2 E2/1 RB")
    'cast S23/1 @1 F2/1 E2 RB'
    """
    g = st.game
    ask = st.ask
    tokens = text.split()
    match = _CAST.fullmatch(" ".join(tokens[:2]))
    if ask.kind == MAIN and match is not None:
        code, option, head = match.group(1), int(match.group(2)), 2
    elif ask.kind == CAST and not ask.chosen:
        code, option, head = ask.code, ask.n, 0
    else:
        return text
    spell = g.spells.get(code)
    if spell is None or not 1 <= option <= len(spell.options):
        return text
    pays = [t for t in tokens[head:] if _PAY.fullmatch(t)]
    cost = spell.options[option - 1].cost
    if not pays or not is_exact(cost, pays):
        return text
    path = payment_with(cost, [step_code(t) for t in pays])
    if path is None:
        return text
    others = [t for t in tokens[head:] if not _PAY.fullmatch(t)]
    return " ".join([*tokens[:head], *others, *path])


def upgrade_history(
    game: RulerOfMana, seed: int, setup: Mapping[str, Any] | None, history: Sequence[str]
) -> list[str]:
    """A history stored before RM-3.4 (12afd47), in today's steps. A payment step then named
    the card alone (``W2``: a 2-orb water card, paying 1 or 2 mana as the payment needed) and the
    payment ended at the first set of cards that paid exactly; today a 2-orb card's step says how
    much it pays (``W2`` 2 mana, ``W2/1`` 1). So each payment is read as those cards, ending where
    they first pay exactly (``payment.can_pay``), and written as today's path of the same cards
    (``payment_with``): the same cards paid, the same game. A payment the history leaves
    unfinished is kept up to its first 2-orb card, whose units the cards to come would have told:
    the seat pays the rest again. Anything else is kept as it is; a step that is not legal raises
    ``IllegalAction``.

    >>> import bodoge
    >>> game = bodoge.make("ruler-of-mana", players=2)
    >>> upgrade_history(game, 1, {"hands": {0: ["S04", "MF2-01"]}}, ["cast S04/1", "F2"])
    ['cast S04/1', 'F2/1']
    """
    state = cast("RMState", game.new_state(seed, setup))
    steps: list[str] = []
    at = 0
    while at < len(history):
        if not (state._items_unordered() and _OLD_PAY.fullmatch(history[at])):
            state.apply(history[at])
            steps.append(history[at])
            at += 1
            continue
        ask = state.ask
        cost = game.spells[ask.code].options[ask.n - 1].cost
        cards: list[str] = []
        while at < len(history) and _OLD_PAY.fullmatch(history[at]):
            cards.append(history[at])
            at += 1
            if can_pay(cost, cards):
                break
        path = payment_with(cost, cards) if can_pay(cost, cards) else None
        if path is None and at < len(history):
            path = tuple(cards)  # no payment of these cards: as stored, refused below
        elif path is None:  # the history ends in this payment: up to its first 2-orb card
            path = tuple(takewhile(lambda card: MANA[card].orbs == 1, cards))
        for step in path:
            state.apply(step)
            steps.append(step)
    return steps


def why_illegal(st: RMState, notation: str) -> Message:
    reason = _reason(st, notation) or Message(
        "rm.illegal.waiting", {"seat": st.ask.seat, "what": Message(f"rm.waiting.{st.ask.kind}")}
    )
    fields = {"notation": notation, "reason": reason, "legal": st.legal_shown()}
    return Message("illegal.because_legal", fields)


def _holds(st: RMState, seat: int, code: str) -> bool:
    codes = st.game.code
    return any(codes[c] == code for c in st.hands[seat])


def _why(key: str, **fields: object) -> Message:
    return Message(f"rm.illegal.{key}", fields)


def _cannot_pay(st: RMState, seat: int, cost: Cost) -> Message:
    """Why the hand cannot pay ``cost``: the mana it lacks, each 2-orb card counted at 2 and
    the rainbows as any element; else (it reaches the cost only by paying more) RM-3.5's."""
    codes = st.game.code
    held = Counter(codes[c] for c in st.hands[seat] if codes[c] in MANA)
    short = shortfall(cost.counts, supply_of(held))
    if not any(short):
        return _why("cannot_pay", cost=CostWords(cost))
    fields = {"cost": CostWords(cost), "lack": CostWords(Cost(short))}
    if any(MANA[c].rainbow for c in held):  # RM-3.3: it pays any element
        return _why("too_little_rainbow", **fields)
    return _why("too_little", **fields)


def _reason(st: RMState, notation: str) -> Message | None:
    g = st.game
    ask = st.ask
    seat = ask.seat
    head = notation.split()[0] if notation else ""
    if ask.kind == MAIN:
        match = _CAST.fullmatch(notation)
        if match:
            code, k = match.group(1), int(match.group(2))
            if code not in g.spells:
                return _why("no_spell", code=code)
            if not _holds(st, seat, code):
                return _why("not_held", seat=seat, code=code)
            options = g.spells[code].options
            if not 1 <= k <= len(options):
                return _why("options", code=code, count=len(options))
            return _cannot_pay(st, seat, options[k - 1].cost)
        if head == "scroll" and len(notation.split()) == 2:
            code = notation.split()[1]
            if code in g.reactions:
                return _why("reaction_as_action", code=code)
            if code not in g.scrolls:
                return _why("no_scroll", code=code)
            return _why("not_held", seat=seat, code=code)
        if head == "draw":
            return _why("deck_empty")
        if head == "cycle":
            return _why("cycle", count=CYCLE_CARDS)
        if head == "exchange":
            return _why("exchange")
        return None
    if ask.kind == CAST:
        what = g.spells[ask.code].options[ask.n - 1]
        spell = f"{ask.code}/{ask.n}"
        if ask.other == NO_SEAT and what.needs_target:
            return _why("target_first", spell=spell)
        if head.startswith("@"):
            return _why("no_target", spell=spell, cost=CostWords(what.cost))
        if _PAY.fullmatch(head) and not _holds(st, seat, step_code(head)):
            return _why("cannot_pay_with", seat=seat, code=step_code(head))
        if head in MANA and f"{head}/1" in st._legal_map():
            return _why("pays_two", code=head, cost=CostWords(what.cost))
        paid = " ".join(STEPS[i] for i in st.paid_steps(ask))
        if not paid:
            return _why("payment_unreachable_start", code=head, cost=CostWords(what.cost))
        return _why("payment_unreachable", code=head, cost=CostWords(what.cost), paid=paid)
    if ask.kind in (REACT, LETHAL) and head == "react":
        code = notation.split()[1] if len(notation.split()) > 1 else ""
        if not code:
            return _why("react_which")
        if not _holds(st, seat, code):
            return _why("not_held", seat=seat, code=code)
        reaction = g.reactions.get(code)
        if reaction is None:
            return _why("not_reaction", code=code)
        if (reaction.timing == "lethal") != (ask.kind == LETHAL):
            return _why("lethal_only" if reaction.timing == "lethal" else "window_only", code=code)
        trigger = Message(f"rm.trigger.{reaction.trigger}")
        return _why("trigger_unmet", code=code, trigger=trigger, seat=seat)
    return None
