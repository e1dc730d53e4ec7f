"""``RulerOfMana.sample_state``: a full state rebuilt from one seat's view alone.

Copied from the view: every public fact (life, shield, skips, finish bonuses, the discard pile,
the revealed offers of an exchange, hand sizes and each hand's mana count, the deck's size and
the kind of its top card, whose turn it is, the turn counters, the end), the decision awaited as
the seat sees it (a draft round, an exchange, a play with its reactions, a lethal moment, an
effect choice) and what only the seat knows: its hand, its draft pack and pick, its offer, the
declaration or choice it is making, the hand its take is looking at, the cards its scry is
looking at.

Rebuilt from the log (the view's events, the seat's private parts included): **the play being
resolved.** Its modes and after-resolution effects follow from the reactions used (card data), the
life each seat lost to it and who brought whom to 0 from its damage events, and the tasks still to
resolve from the card data and the events already resolved.

**What the seats know of other hands** (``RMState.seen``): the seat's own knowledge is the view's
``known`` (cards it has seen in another hand and knows are still there: a take, an exchange pick,
a swap); what every seat knows (cards that went into a hand face up and have not left it since)
is followed through the public events, forgotten as the engine forgets it (a card played face up
leaves the knowledge; a card that leaves a hand face down, or a theft, clears it).

Dealt at random from ``seed``: every card the seat cannot place — the other hands (each keeping
its size, its mana count and the cards the seat knows there), the deck (keeping the kind of its
top card), the other seats' draft packs and hidden picks, the cards another seat's scry is
looking at, the other seats' unrevealed offers. Another seat's half-built declaration or
half-made choice is invisible, so it is undone (nothing has moved yet), as in ``determinize``.

Known limits (none changes the seat's view or its legal steps): the order of the deck is dealt
anew (cards the seat put under it or saw with a scry are not kept in place); what the *other*
seats know of hands is rebuilt from public events only; the history is not in a view, so the
sample has none; a scenario that names a ``current_player`` other than the start player is
rebuilt, while its draft is running, as if the start player began.

>>> import bodoge
>>> game = bodoge.make("ruler-of-mana", players=3)
>>> state = game.new_state(seed=4)
>>> state.apply("draw")
>>> sample = game.sample_state(state.view(1), seed=9)
>>> sample.view(1) == state.view(1), sample.card_census() == state.card_census()
(True, True)
>>> sample.hands[1] == state.hands[1], sample.hands[0] == state.hands[0]
(True, False)
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from bodoge.core.game import Game
from bodoge.core.shuffle import shuffle
from bodoge.core.state import JSON, Log
from bodoge.games.ruler_of_mana.play import AFTER, END_PLAY, LATER, MODES, RESOLVE, WINDOW
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
    Ask,
    Play,
)
from bodoge.games.ruler_of_mana.rules import CYCLE_CARDS
from bodoge.games.ruler_of_mana.state import RMState

if TYPE_CHECKING:
    from bodoge.games.ruler_of_mana import RulerOfMana

__all__ = ["PRIVATE_FIELDS", "Knowledge", "derive_knowledge", "sample_state"]

PRIVATE_FIELDS: dict[str, tuple[str, ...]] = {
    "deal": ("cards",),
    "draw": ("cards",),
    "bottom": ("cards",),
    "steal": ("cards",),
    "take": ("cards",),
    "look": ("cards",),
    "scry": ("cards",),
    "keep": ("card",),
    "offer": ("card",),
}
"""Log events with a part only some seats see, and the fields of that part (``state``,
``resolve``, ``draft``, ``exchange``): the event's seat, and a theft's victim (``from``) too."""

_DECISION_KINDS: dict[str, str] = {
    "react": REACT,
    "lethal": LETHAL,
    "discard": DISCARD,
    "take": TAKE,
    "top": TOP,
    "recover": RECOVER,
}
"""A play's ``decision.kind`` in a view -> the ``Ask`` kind (they are spelled alike)."""


# ---------------------------------------------------------------------- the sample
def sample_state(game: RulerOfMana, view: Mapping[str, Any], seed: int) -> RMState:
    """A state whose ``view(you)`` is ``view``, the unseen cards dealt at random from ``seed``
    (``you`` may be None: a spectator's view, every hand unseen). ValueError for a view of
    another game, player count or variant, or one that does not add up.

    What follows from the view alone is read once per view (``_read``): a search samples the
    same view again and again. A view is a value: one changed after a sample is read anew
    only as another object."""
    return deal_sample(game, view, random.Random(seed))


def deal_sample(game: RulerOfMana, view: Mapping[str, Any], rng: random.Random) -> RMState:
    """``sample_state`` dealing from the generator ``rng``, which the sample keeps as its own
    (``Game.sampler``: a search deals from its own generator, not a new one a sample)."""
    base = _read(game, view)
    st = base.state.copy_with(rng)
    n = game.players
    you = base.you
    index = game.index
    is_mana = game.is_mana
    pending = base.pending
    known = base.known
    exact_hand = base.exact_hand
    looking_other = base.looking_other
    drafting = base.drafting
    sizes: list[int] = view["hand_sizes"]
    mana_in_hand: list[int] = view["mana_in_hand"]
    events: list[JSON] = view["log"]
    know = base.know
    my_pack = list(base.my_pack)
    my_pick = base.my_pick
    # Everything else is unseen: split by card back (mana cards have their own), then dealt
    # at random (``_deal_random``) and the rest shuffled once.
    mana = list(base.unseen_mana)
    other = list(base.unseen_other)

    for s in range(n):
        if s == you:
            continue
        if s in exact_hand:
            st.hands[s] = sorted(exact_hand[s])
            continue
        mana_known = sum(1 for c in known[s] if is_mana[c])
        mana_wanted = mana_in_hand[s] - mana_known
        other_wanted = sizes[s] - len(known[s]) - mana_wanted
        st.hands[s] = sorted(
            known[s]
            + _deal_random(mana, mana_wanted, rng, f"seat {s}'s mana")
            + _deal_random(other, other_wanted, rng, f"seat {s}'s other cards")
        )
    deck_size: int = view["deck_size"] - looking_other
    if st.ask.kind == TOP:
        deck_size -= len(st.ask.cards)  # the seat's own scry: the view counts them in the deck
    top: list[int] = []
    top_is_mana = view["deck_top_is_mana"]
    if deck_size > 0 and top_is_mana is not None:
        top = _deal_random(mana if top_is_mana else other, 1, rng, "the deck's top card")
    rest = mana + other
    shuffle(rest, rng)
    st.deck = _deal(rest, deck_size - len(top), "the deck") + top
    if looking_other:
        st.ask.cards = _deal(rest, looking_other, "the cards a scry looks at")
    if drafting:
        assert pending is not None
        _rebuild_draft(st, pending, you, my_pack, my_pick, rest)
    if rest:
        raise ValueError(f"the view does not add up: {len(rest)} cards are nowhere")

    # The exchange and the play, now that every hand is dealt.
    if pending is not None and pending["kind"] == "exchange":
        _rebuild_exchange(st, pending, you, events, rng)
    if pending is not None and pending["kind"] == "play":
        _rebuild_play(st, pending, events)

    # Knowledge: the seat's own, and the public part for every other seat.
    for v in range(n):
        for s in range(n):
            if v == s:
                continue
            holding = set(st.hands[s])
            source = known[s] if v == you else [index[c] for c in know.public[s]]
            st.seen[v][s] = [c for c in dict.fromkeys(source) if c in holding]
    if you is not None:
        for s, hand in exact_hand.items():
            st.seen[you][s] = list(hand)  # the take is looking at it (resolve._take)
    return st


def _deal_random(pool: list[int], count: int, rng: random.Random, what: str) -> list[int]:
    """``count`` cards of ``pool`` at random, taken out of it."""
    if 0 < count <= len(pool):
        shuffle(pool, rng, last=count)
    return _deal(pool, count, what)


def _deal(pool: list[int], count: int, what: str) -> list[int]:
    """The last ``count`` cards of ``pool``, taken out of it (a plain function, not a closure:
    compiled, a closure and its frame would be a reference cycle every sample)."""
    if count < 0 or count > len(pool):
        raise ValueError(f"the view does not add up: {what} needs {count} of {len(pool)}")
    dealt = pool[len(pool) - count :] if count else []
    del pool[len(pool) - count :]
    return dealt


@dataclass(frozen=True)
class _Read:
    """What a view says, before anything unseen is dealt: the state with every public and own
    fact in place, and what the dealing needs."""

    view: Mapping[str, Any]
    game: Game  # the RulerOfMana read for (compiled, the annotation must exist at run time)
    state: RMState
    you: int | None
    pending: JSON | None
    known: list[list[int]]
    exact_hand: dict[int, list[int]]
    looking_other: int
    drafting: bool
    know: Knowledge
    my_pack: list[int]
    my_pick: int
    unseen_mana: list[int]  # the unseen cards by card back
    unseen_other: list[int]


_READ: list[_Read] = []  # the last views read, newest last
_READ_KEPT = 4


def _read(game: RulerOfMana, view: Mapping[str, Any]) -> _Read:
    """The view read (``sample_state``), once per view object."""
    for known_read in _READ:
        if known_read.view is view and known_read.game is game:
            return known_read
    read = _read_view(game, view)
    _READ.append(read)
    del _READ[:-_READ_KEPT]
    return read


def _read_view(game: RulerOfMana, view: Mapping[str, Any]) -> _Read:
    n = game.players
    if view.get("game") != game.name or view.get("players") != n:
        raise ValueError(f"not a view of {game.name} for {n} players")
    if view.get("variant") != game.variant or view.get("turn_cap") != game.turn_cap:
        raise ValueError(
            f"the view is of a {view.get('variant')} game with turn cap {view.get('turn_cap')}, "
            f"this game is {game.variant} with turn cap {game.turn_cap}"
        )
    you: int | None = view["you"]
    index = game.index
    st = RMState(game, random.Random(0))  # each sample gets a generator of its own
    events: list[JSON] = view["log"]
    over = bool(view["is_over"])

    st.life = list(view["life"])
    st.shield = list(view["shield"])
    st.skips = list(view["skips"])
    st.bonus = list(view["finish_bonus"])
    st.start_player = view["start_player"]
    st.turn = view["turn"]
    st.deck_out = bool(view["deck_out"])
    st.over = over
    st.log = Log.from_view(events, you, PRIVATE_FIELDS)
    st.to_discard([index[c] for c in view["discard"]])
    st.table = {int(seat): index[c] for seat, c in view["exchange"].items()}
    st.player = _turn_seat(events, st.start_player)
    if over:
        st.truncated = bool(view["result"]["truncated"])
        st.end_reason = view["end"]
        # A game that ended by a KO or a hand penalty ended inside its last turn.
        st.turns_done = st.turn - (1 if st.end_reason in ("ko", "penalty") else 0)
    else:
        st.turns_done = max(st.turn - 1, 0)

    placed: set[int] = set(st.discard) | set(st.table.values())

    def place(card_id: str) -> int:
        card = index[card_id]
        if card in placed:
            raise ValueError(f"the view shows {card_id} twice")
        placed.add(card)
        return card

    if you is not None:
        st.hands[you] = sorted(place(c) for c in view["hand"])

    # The decision awaited, as far as the seat sees it; `exact_hand`: a hand the seat sees whole.
    pending: JSON | None = None if over else view["pending"]
    current: int | None = view["current_player"]
    exact_hand: dict[int, list[int]] = {}
    looking_other = 0  # cards another seat's scry is looking at (dealt from the unseen)
    drafting = pending is not None and pending["kind"] == "draft"
    if over or current is None:
        st.ask = Ask(MAIN, st.player)
    elif pending is None:
        st.ask = Ask(MAIN, current)  # a turn's option, or another seat's hidden declaration
    elif drafting:
        st.ask = Ask(KEEP, current)
        st.draft_round = pending["round"]
    elif pending["kind"] == "exchange":
        st.ask = Ask(OFFER if pending["step"] == "offer" else PICK, pending["deciding"])
    elif pending["kind"] == "bottom":
        st.ask = Ask(BOTTOM, pending["seat"], n=pending["count"])
        st.ask.chosen = [index[c] for c in pending.get("chosen", [])]
    elif pending["kind"] in (CAST, SCROLL, CYCLE):
        st.ask = _building(st, pending)
    else:
        decision = pending["decision"]
        kind = _DECISION_KINDS[decision["kind"]]
        seat = decision["seat"]
        mine = seat == you
        st.ask = Ask(kind, seat, n=decision.get("count", 0))
        if kind == TAKE:
            st.ask.other = decision["from"]
            if mine:
                exact_hand[decision["from"]] = [place(c) for c in decision["hand"]]
        if kind == TOP:
            if mine:
                st.ask.cards = [place(c) for c in decision["cards"]]
            else:
                looking_other = st.ask.n
        if mine:
            st.ask.chosen = [index[c] for c in decision.get("chosen", [])]

    # What the seat knows of each other hand (the view's `known`), kept as far as the hand's size
    # and mana count allow.
    know = derive_knowledge(game, view)
    is_mana = game.is_mana
    sizes: list[int] = view["hand_sizes"]
    mana_in_hand: list[int] = view["mana_in_hand"]
    known: list[list[int]] = [[] for _ in range(n)]
    for s in range(n):
        if s == you or s in exact_hand:
            continue
        room = {True: mana_in_hand[s], False: sizes[s] - mana_in_hand[s]}
        for c in know.known[s]:
            card = index[c]
            if card not in placed and room[is_mana[card]] > 0:
                room[is_mana[card]] -= 1
                placed.add(card)
                known[s].append(card)

    # Draft packs and picks the seat sees.
    my_pack: list[int] = []
    my_pick = -1
    if drafting and you is not None:
        assert pending is not None
        my_pack = [place(c) for c in pending["pack"]]
        if pending.get("kept") is not None:
            my_pick = place(pending["kept"])

    unseen = [c for c in range(len(game.ids)) if c not in placed]
    is_mana = game.is_mana
    return _Read(
        view,
        game,
        st,
        you,
        pending,
        known,
        exact_hand,
        looking_other,
        drafting,
        know,
        my_pack,
        my_pick,
        [c for c in unseen if is_mana[c]],
        [c for c in unseen if not is_mana[c]],
    )


def _turn_seat(events: Sequence[JSON], default: int) -> int:
    """Whose turn it is: the seat of the last ``turn`` event (none yet: the draft, whose first
    turn is the start player's)."""
    for event in reversed(events):
        if event.get("event") == "turn":
            seat: int = event["seat"]
            return seat
    return default


def _building(st: RMState, pending: JSON) -> Ask:
    """The seat's own declaration or cycle in progress (``views._building``)."""
    g = st.game
    index = g.index
    seat: int = pending["seat"]
    kind: str = pending["kind"]
    if kind == CAST:
        code = pending["spell"]
        ask = Ask(
            CAST, seat, n=pending["option"], code=code, cards=[st.first_copy(st.hands[seat], code)]
        )
    elif kind == SCROLL:
        code = pending["scroll"]
        ask = Ask(SCROLL, seat, code=code, cards=[st.first_copy(st.hands[seat], code)])
    else:
        ask = Ask(CYCLE, seat, n=CYCLE_CARDS)
    ask.other = pending.get("target", NO_SEAT)
    ask.chosen = [index[c] for c in pending["chosen"]]
    if kind == CAST:  # RM-3.4: the 2-orb cards paying one unit (``W2/1``) follow the spell
        ask.cards += [
            c for c, step in zip(ask.chosen, pending["payment"], strict=True) if "/" in step
        ]
    if kind == CYCLE:
        ask.n = CYCLE_CARDS  # RM-2.2 (C): two cards, whatever is chosen so far
    return ask


def _rebuild_draft(
    st: RMState,
    pending: JSON,
    you: int | None,
    my_pack: list[int],
    my_pick: int,
    rest: list[int],
) -> None:
    """The packs (the seat's own as seen, the others dealt) and this round's picks: the seats
    before the one asked, in turn order from the start player, have picked."""
    n = st.game.players
    order = [(st.start_player + i) % n for i in range(n)]
    picked = order[: order.index(st.ask.seat)]
    sizes: list[int] = pending["pack_sizes"]
    st.packs = [[] for _ in range(n)]
    st.picks = [-1] * n
    for s in range(n):
        st.packs[s] = sorted(my_pack) if s == you else sorted(_deal(rest, sizes[s], "a pack"))
        if s in picked:
            st.picks[s] = my_pick if s == you else _deal(rest, 1, "a pick")[0]


def _rebuild_exchange(
    st: RMState, pending: JSON, you: int | None, events: Sequence[JSON], rng: random.Random
) -> None:
    """The seats taking part and their offers (``exchange``): while offers are made, the seats
    with cards in turn order from the declarer, each offer made so far hidden but the seat's own;
    while picking, the seats that offered and have not picked yet, from the one deciding."""
    n = st.game.players
    declarer: int = pending["seat"]
    order = [(declarer + i) % n for i in range(n)]
    if pending["step"] == "offer":
        st.exchangers = [s for s in order if st.hands[s]]
        for s in pending["offered"]:
            if s == you:
                st.offers[s] = st.game.index[pending["your_offer"]]
            else:
                st.offers[s] = rng.choice(st.hands[s])
        return
    reveal = next(e for e in reversed(events) if e.get("event") == "reveal")
    taking = [s for s in order if str(s) in reveal["offers"] or s in reveal["offers"]]
    st.exchangers = taking[len(taking) - len(st.table) :]


def _rebuild_play(st: RMState, pending: JSON, events: Sequence[JSON]) -> None:
    """The play being resolved (``play``): its record, what its reactions do, the life each seat
    lost to it and who brought whom to 0 (from its events), and the agenda still to run."""
    g = st.game
    index = g.index
    n = g.players
    caster: int = pending["seat"]
    target = pending["target"]
    current = Play(
        g.facts,
        caster,
        index[pending["card"]],
        pending["option"] or 0,
        NO_SEAT if target is None else target,
        [index[c] for c in pending["paid"]],
    )
    for seat_key, card_id in pending["reactions"].items():
        seat = int(seat_key)
        card = index[card_id]
        current.reactions[seat] = card
        reaction = g.reactions[g.code[card]]
        if reaction.timing != "window":
            continue  # a lethal reaction prevents one event and changes nothing else
        for verb in reaction.verbs:
            if verb.verb in MODES:
                current.mode[seat] = verb.verb
            elif verb.verb in LATER:
                current.after.append((verb.verb, seat, verb.n or 0))
    current.cancelled = bool(pending["cancelled"])
    current.asked = pending["asked"]
    st.play = current

    # The events of this play: everything after its declaration.
    start = max(
        i
        for i, e in enumerate(events)
        if e.get("event") in ("cast", "scroll") and e.get("seat") == caster
    )
    mine = events[start + 1 :]
    st.ko_by = [NO_SEAT] * n
    for e in mine:
        if e.get("event") != "damage":
            continue
        if e["seat"] == caster:  # the play's own damage (reflected damage comes from a reactor)
            current.lost[e["target"]] += e["lost"]
        if e["lost"] > 0 and e["life"] == 0:
            st.ko_by[e["target"]] = e["seat"]

    ask = st.ask
    if ask.kind == REACT:
        st.agenda = [END_PLAY, AFTER, RESOLVE, WINDOW]
        return
    tasks = _resolve_tasks(st)
    decision = pending["decision"]
    matches, done = _current_task(ask, decision, tasks, mine)
    if len(matches) <= done:
        raise ValueError("the view's play does not match its events")
    at = matches[done]
    st.agenda = [END_PLAY, AFTER, *reversed(tasks[at + 1 :])]
    if ask.kind == LETHAL:
        st.agenda.append((*tasks[at][:6], 1))  # the event on hold, marked as asked


def _resolve_tasks(st: RMState) -> list[tuple[Any, ...]]:
    """Every task of the play's resolution, in order, as ``play._resolve`` makes them."""
    from bodoge.games.ruler_of_mana.play import _resolve  # the play protocol owns the order

    saved = st.agenda
    st.agenda = []
    _resolve(st, RESOLVE)
    tasks = list(reversed(st.agenda))
    st.agenda = saved
    return tasks


def _current_task(
    ask: Ask, decision: JSON, tasks: Sequence[tuple[Any, ...]], events: Sequence[JSON]
) -> tuple[list[int], int]:
    """Where in ``tasks`` the decision stands: the tasks it could be, and how many of those the
    play's events show as done already (each logs one event of its own when it is done)."""
    seat = ask.seat

    def count(kind: str, **fields: Any) -> int:
        return sum(
            1
            for e in events
            if e.get("event") == kind and all(e.get(k) == v for k, v in fields.items())
        )

    if ask.kind == LETHAL:
        source, amount = decision["source"], decision["damage"]
        matches = [
            i
            for i, t in enumerate(tasks)
            if t[0] == "damage"
            and t[5] == "play"
            and t[1] == source
            and t[2] == seat
            and t[3] == amount
        ]
        return matches, count("damage", seat=source, target=seat, amount=amount)
    if ask.kind == DISCARD:
        matches = [i for i, t in enumerate(tasks) if t[0] == "discard" and t[2] == seat]
        return matches, count("discard", seat=seat, random=False)
    if ask.kind == TAKE:
        matches = [
            i for i, t in enumerate(tasks) if t[0] == "take" and t[1] == seat and t[2] == ask.other
        ]
        # The take logs its look before it asks: that look is the current task's own.
        return matches, count("look", seat=seat, target=ask.other) - 1
    verb = "scry" if ask.kind == TOP else "recover"
    matches = [i for i, t in enumerate(tasks) if t[0] == verb and t[1] == seat]
    return matches, count(verb, seat=seat)


# ---------------------------------------------------------------------- knowledge
@dataclass(frozen=True)
class Knowledge:
    """What a seat knows of the hands (``known[s]``: card ids it knows to be in seat ``s``'s
    hand; its own entry is empty) and what every seat knows (``public[s]``: cards that went into
    hand ``s`` face up and have not left it since)."""

    known: list[list[str]]
    public: list[list[str]]


def derive_knowledge(game: RulerOfMana, view: Mapping[str, Any]) -> Knowledge:
    """What ``view["you"]`` knows of every hand (the view's ``known``: ``RMState.seen`` as far
    as it may see it), and what every seat knows, from the view's public events."""
    you: int | None = view["you"]
    known: list[list[str]] = [[] for _ in range(game.players)]
    for key, cards in view["known"].items():
        if int(key) != you:
            known[int(key)] = list(cards)
    return Knowledge(known=known, public=_public_knowledge(game.players, view["log"]))


#: Log events in which a seat's cards leave its hand face up, and the fields naming them.
_PLAYED: dict[str, tuple[str, ...]] = {
    "cast": ("card", "paid"),
    "scroll": ("card",),
    "react": ("card",),
    "discard": ("cards",),
}
#: Log events in which cards go into a hand face up.
_GAINED: dict[str, str] = {"pick": "card", "siphon": "cards", "recover": "cards"}


def _named(event: JSON, fields: Sequence[str]) -> list[str]:
    out: list[str] = []
    for name in fields:
        value = event.get(name)
        if isinstance(value, str):
            out.append(value)
        elif isinstance(value, list):
            out.extend(value)
    return out


def _public_knowledge(n: int, events: Sequence[JSON]) -> list[list[str]]:
    """The cards every seat knows to be in each hand, followed as ``RMState.lose`` and ``gain``
    follow them: a card that went in face up is known until it leaves face up; cards put under
    the deck, or stolen or taken (unseen by the others), clear what was known of that hand; a
    swap moves the knowledge with the hands."""
    public: list[list[str]] = [[] for _ in range(n)]
    for e in events:
        kind = e.get("event", "")
        seat: int = e.get("seat", NO_SEAT)
        if kind == "bottom":
            public[seat] = []
        elif kind in _PLAYED:
            gone = _named(e, _PLAYED[kind])
            public[seat] = [c for c in public[seat] if c not in gone]
        elif kind == "reveal":
            for key, card in e["offers"].items():
                public[int(key)] = [c for c in public[int(key)] if c != card]
        elif kind in _GAINED:
            public[seat].extend(_named(e, (_GAINED[kind],)))
        elif kind in ("steal", "take"):
            public[e["from"]] = []
        elif kind == "swap":
            other: int = e["with"]
            public[seat], public[other] = public[other], public[seat]
    return [list(dict.fromkeys(row)) for row in public]
