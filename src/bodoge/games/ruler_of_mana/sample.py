"""``RulerOfMana.sample_state``: a full state rebuilt from one seat's view alone.

Copied from the view: every public fact (life, shield, skips, finish bonuses, the discard pile,
the revealed offers of an exchange, hand sizes and each hand's mana count, the deck's size and
the kind of its top card, whose turn it is, the turn counters, the end), the decision awaited as
the seat sees it (a draft round, an exchange, a play with its reactions, a lethal moment, an
effect choice) and what only the seat knows: its hand, its draft pack and pick, its offer, the
declaration or choice it is making, the hand its take is looking at, the cards its scry is
looking at.

Rebuilt from the log (the view's events, the seat's private parts included):

- **the play being resolved.** Its modes and after-resolution effects follow from the reactions
  used (card data), the life each seat lost to it and who brought whom to 0 from its damage
  events, and the tasks still to resolve from the card data and the events already resolved;
- **what the seat knows of other hands** (``RMState.seen``): cards it looked at with a take,
  cards that went into a hand face up (an exchange pick, a recovery, a siphon), cards stolen or
  taken from it, its own old hand after a swap — each forgotten as the engine forgets it (a card
  played face up leaves the knowledge; a card that leaves a hand face down clears it). Cards
  stolen from the seat are not named in its log, so they are inferred (``derive_knowledge``):
  ``_Timeline`` follows each card through the seat's hand (a card it held and never played,
  later missing, back in its hand or seen elsewhere, was stolen in between), ``_solve`` finds
  the thefts that account for them (each theft's count and number of mana cards are public),
  and ``_Replay`` follows the knowledge with them. Where the log cannot tell which theft took
  which card (a swap of the whole hand since, say) one answer is chosen from ``seed``
  (``Knowledge.exact`` is then False). A view with a ``known`` key (seat -> card ids) is taken
  at its word instead.

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
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import TYPE_CHECKING, Any

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
"""Log events with a part only their seat sees, and the fields of that part (``state``,
``resolve``, ``draft``, ``exchange``): the seat of such an event is the one who sees it."""

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
    another game, player count or variant, or one that does not add up."""
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
    rng = random.Random(seed)
    st = RMState(game, random.Random(rng.getrandbits(63)))
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

    # What the seat knows of each other hand (from the log), as it is now. A guess (a theft the
    # log cannot pin down) is kept only as far as the hand's size and mana count allow.
    know = derive_knowledge(game, view, rng)
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

    # Everything else is unseen: split by card back (mana cards have their own), then dealt.
    unseen = [c for c in range(len(game.ids)) if c not in placed]
    rng.shuffle(unseen)
    mana = [c for c in unseen if is_mana[c]]
    other = [c for c in unseen if not is_mana[c]]

    def deal(pool: list[int], count: int, what: str) -> list[int]:
        if count < 0 or count > len(pool):
            raise ValueError(f"the view does not add up: {what} needs {count} of {len(pool)}")
        dealt = pool[len(pool) - count :] if count else []
        del pool[len(pool) - count :]
        return dealt

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
            + deal(mana, mana_wanted, f"seat {s}'s mana")
            + deal(other, other_wanted, f"seat {s}'s other cards")
        )
    deck_size: int = view["deck_size"] - looking_other
    if st.ask.kind == TOP:
        deck_size -= len(st.ask.cards)  # the seat's own scry: the view counts them in the deck
    top: list[int] = []
    top_is_mana = view["deck_top_is_mana"]
    if deck_size > 0 and top_is_mana is not None:
        top = deal(mana if top_is_mana else other, 1, "the deck's top card")
    rest = mana + other
    rng.shuffle(rest)
    st.deck = deal(rest, deck_size - len(top), "the deck") + top
    if looking_other:
        st.ask.cards = deal(rest, looking_other, "the cards a scry looks at")
    if drafting:
        assert pending is not None
        _rebuild_draft(st, pending, you, my_pack, my_pick, lambda k: deal(rest, k, "a pack"))
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
    if kind == CYCLE:
        ask.n = CYCLE_CARDS  # RM-2.2 (C): two cards, whatever is chosen so far
    return ask


def _rebuild_draft(
    st: RMState,
    pending: JSON,
    you: int | None,
    my_pack: list[int],
    my_pick: int,
    deal: Callable[[int], list[int]],
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
        st.packs[s] = sorted(my_pack) if s == you else sorted(deal(sizes[s]))
        if s in picked:
            st.picks[s] = my_pick if s == you else deal(1)[0]


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
        g,
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


# ---------------------------------------------------------------------- knowledge from the log
@dataclass(frozen=True)
class Knowledge:
    """What a seat knows of the hands (``known[s]``: card ids it knows to be in seat ``s``'s
    hand; its own entry is empty) and what every seat knows (``public[s]``: cards that went into
    hand ``s`` face up and have not left it since). ``exact`` is False when the log left a choice
    open (which stolen card went where) and ``rng`` made it."""

    known: list[list[str]]
    public: list[list[str]]
    exact: bool


def derive_knowledge(
    game: RulerOfMana, view: Mapping[str, Any], rng: random.Random | None = None
) -> Knowledge:
    """What ``view["you"]`` knows of every hand, and what every seat knows, from the view's log
    and hand (see the module docstring); ``rng`` makes the choices the log leaves open (default:
    seeded with 0). A view with a ``known`` key (seat -> the card ids its seat knows to be in
    that hand: ``RMState.seen`` as ``determinize`` reads it) is taken at its word."""
    you: int | None = view["you"]
    events: list[JSON] = view["log"]
    rng = rng or random.Random(0)
    stolen: dict[int, list[str]] = {}
    exact = True
    given = view.get("known")
    if given is not None:
        # A view that says what its seat knows (a proposed key, seat -> card ids): no guessing.
        replay = _Replay(game.players, you, stolen)
        replay.replay(events)
        known: list[list[str]] = [[] for _ in range(game.players)]
        for key, cards in given.items():
            if int(key) != you:
                known[int(key)] = list(cards)
        public = [list(dict.fromkeys(row)) for row in replay.public]
        return Knowledge(known=known, public=public, exact=True)
    if you is not None:
        timeline = _Timeline(you)
        timeline.replay(events)
        timeline.finish(view["hand"])
        stolen, exact = _solve(game, timeline, rng)
    replay = _Replay(game.players, you, stolen)
    replay.replay(events)
    known = [[] if s == you else list(dict.fromkeys(replay.known[s])) for s in range(game.players)]
    public = [list(dict.fromkeys(row)) for row in replay.public]
    return Knowledge(known=known, public=public, exact=exact)


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


@dataclass
class _Segment:
    """A stretch of time in which a card was in the seat's hand, from event ``start`` until
    ``end``, and how it ended: ``kept`` (it left by a route the log names, or is still held:
    no theft took it), ``taken`` (it was seen elsewhere, or came back, or is missing at the end:
    a theft in the stretch took it) or ``maybe`` (the whole hand left in a swap: a theft may have
    taken it before). ``held`` while it goes on."""

    card: str
    start: int
    end: float = float("inf")
    how: str = "held"


@dataclass
class _Theft:
    """Cards stolen or taken from the seat at event ``time``: ``count`` of them, ``mana`` of
    which are mana cards (public: mana cards have their own back). ``slack``: the seat's hand
    then held cards it never saw (after a swap), so fewer named cards may fill it."""

    time: int
    thief: int
    count: int
    mana: int
    slack: bool


class _Timeline:
    """Pass 1: the stretches in which each card was in the seat's hand, and the thefts from it.
    A card the seat held that turns up elsewhere (played by another seat, in a hand it looks
    at, back in its own hand) without the log naming how it left was stolen in between."""

    def __init__(self, you: int) -> None:
        self.you = you
        self.held: dict[str, _Segment] = {}
        self.segments: list[_Segment] = []
        self.thefts: list[_Theft] = []
        self.whole = True  # whether the seat has seen every card of its hand

    def _end(self, card: str, time: int, how: str) -> None:
        segment = self.held.pop(card, None)
        if segment is not None:
            segment.end = time
            segment.how = how

    def _gain(self, cards: Sequence[str], time: int) -> None:
        for card in cards:
            self._end(card, time, "taken")  # it comes back: it had been stolen
            segment = _Segment(card, time)
            self.held[card] = segment
            self.segments.append(segment)

    def _seen_elsewhere(self, cards: Sequence[str], time: int) -> None:
        for card in cards:
            self._end(card, time, "taken")

    def replay(self, events: Sequence[JSON]) -> None:
        you = self.you
        for time, e in enumerate(events):
            kind = e.get("event", "")
            seat: int = e.get("seat", NO_SEAT)
            mine = seat == you
            if kind in ("deal", "draw", "bottom", "keep") and not mine:
                continue
            if kind in ("deal", "draw"):
                self._gain(e.get("cards", []), time)
            elif kind == "keep" and "card" in e:
                self._gain([e["card"]], time)
            elif kind == "bottom":
                for card in e.get("cards", []):
                    self._end(card, time, "kept")
            elif kind in _PLAYED:
                cards = _named(e, _PLAYED[kind])
                for card in cards:
                    if mine:
                        self._end(card, time, "kept")
                if not mine:
                    self._seen_elsewhere(cards, time)
            elif kind == "reveal":
                for key, card in e["offers"].items():
                    if int(key) == you:
                        self._end(card, time, "kept")
                    else:
                        self._seen_elsewhere([card], time)
            elif kind in _GAINED:
                cards = _named(e, (_GAINED[kind],))
                if mine:
                    self._gain(cards, time)
                else:
                    self._seen_elsewhere(cards, time)
            elif kind in ("steal", "take"):
                if mine and "cards" in e:
                    self._gain(e["cards"], time)
                elif e["from"] == you and e["count"]:
                    self.thefts.append(
                        _Theft(time, seat, e["count"], e["mana"], slack=not self.whole)
                    )
            elif kind == "look" and mine and "cards" in e:
                self._seen_elsewhere(e["cards"], time)
            elif kind == "swap" and you in (seat, e["with"]):
                for card in list(self.held):
                    self._end(card, time, "maybe")
                # What comes in is known only as far as the seat knew the other hand (pass 2):
                # from here on, its hand may hold cards this pass never saw.
                self.whole = False

    def finish(self, hand: Sequence[str]) -> None:
        """Still held at the end: kept if in the hand now, else stolen since."""
        now = set(hand)
        for card in list(self.held):
            segment = self.held.pop(card)
            segment.how = "kept" if card in now else "taken"


_SOLVE_LIMIT = 20_000
"""Most partial assignments ``_solve`` tries before settling for the first one it found."""


def _solve(
    game: RulerOfMana, timeline: _Timeline, rng: random.Random
) -> tuple[dict[int, list[str]], bool]:
    """Which cards each theft took (event time -> card ids): every ``taken`` stretch goes to
    exactly one theft inside it, a ``maybe`` one to at most one, and each theft gets its count
    and its number of mana cards (fewer with ``slack``). Returns one assignment (at random among
    those found) and whether it was the only one."""
    thefts = timeline.thefts
    if not thefts:
        return {}, True
    is_mana = game.is_mana
    index = game.index
    open_segments = [s for s in timeline.segments if s.how in ("taken", "maybe")]
    options: list[list[int]] = []  # per theft, the open segments it may have taken
    for theft in thefts:
        fits = [i for i, s in enumerate(open_segments) if s.start < theft.time < s.end]
        rng.shuffle(fits)
        options.append(fits)
    # The last theft that can take each `taken` stretch: it must be taken by then.
    deadline: dict[int, int] = {}
    for t, fits in enumerate(options):
        for i in fits:
            if open_segments[i].how == "taken":
                deadline[i] = t
    due: list[list[int]] = [[] for _ in thefts]
    for i, t in deadline.items():
        due[t].append(i)
    must = {i for i, s in enumerate(open_segments) if s.how == "taken"}
    if must - set(deadline):
        return {}, False  # a card the log shows stolen with no theft to take it: guess nothing

    found: list[list[list[int]]] = []
    used: set[int] = set()
    chosen: list[list[int]] = []
    tries = 0

    def pick(t: int) -> None:
        nonlocal tries
        if len(found) >= 2 or tries > _SOLVE_LIMIT:
            return
        if t == len(thefts):
            found.append([list(c) for c in chosen])
            return
        theft = thefts[t]
        free = [i for i in options[t] if i not in used]
        for size in range(theft.count, -1 if theft.slack else theft.count - 1, -1):
            for combo in combinations(free, size):
                tries += 1
                mana = sum(1 for i in combo if is_mana[index[open_segments[i].card]])
                if mana > theft.mana or (not theft.slack and mana != theft.mana):
                    continue
                if size - mana > theft.count - theft.mana:
                    continue
                taken = set(combo)
                if any(i not in used and i not in taken for i in due[t]):
                    continue
                used.update(taken)
                chosen.append(list(combo))
                pick(t + 1)
                chosen.pop()
                used.difference_update(taken)
                if len(found) >= 2 or tries > _SOLVE_LIMIT:
                    return

    pick(0)
    if not found:
        return {}, False
    answer = found[0]
    stolen = {
        theft.time: [open_segments[i].card for i in answer[t]] for t, theft in enumerate(thefts)
    }
    unique = len(found) == 1 and tries <= _SOLVE_LIMIT and not any(t.slack for t in thefts)
    if not unique and len(found) == 2:
        # Two answers may still agree on every card (only the order of the search differs).
        other = {
            theft.time: [open_segments[i].card for i in found[1][t]]
            for t, theft in enumerate(thefts)
        }
        unique = all(sorted(other[k]) == sorted(v) for k, v in stolen.items()) and not any(
            t.slack for t in thefts
        )
    return stolen, unique


class _Replay:
    """Pass 2: ``RMState.seen`` as one seat can follow it (``state.lose`` and ``state.gain``),
    with the cards stolen from it named (``stolen``, by event time), and its public part: what
    every seat knows of each hand."""

    def __init__(self, n: int, you: int | None, stolen: dict[int, list[str]]) -> None:
        self.you = you
        self.stolen = stolen
        self.known: list[list[str]] = [[] for _ in range(n)]
        self.public: list[list[str]] = [[] for _ in range(n)]
        self.mine: set[str] = set()

    def lose(self, seat: int, cards: Sequence[str], public: bool, observed: bool = False) -> None:
        """``cards`` leave ``seat``'s hand; ``public``: face up; ``observed``: the seat sees
        which (it takes them), the others do not (an empty ``cards``: nobody here sees which)."""
        if public:
            self.public[seat] = [c for c in self.public[seat] if c not in cards]
        else:
            self.public[seat] = []
        if seat == self.you:
            self.mine.difference_update(cards)
        elif public or observed:
            self.known[seat] = [c for c in self.known[seat] if c not in cards]
        else:
            self.known[seat] = []

    def gain(self, seat: int, cards: Sequence[str], public: bool) -> None:
        """``cards`` go into ``seat``'s hand and the seat sees which (``public``: all do)."""
        if seat == self.you:
            self.mine.update(cards)
        else:
            self.known[seat].extend(cards)
        if public:
            self.public[seat].extend(cards)

    def replay(self, events: Sequence[JSON]) -> None:
        you = self.you
        for time, e in enumerate(events):
            kind = e.get("event", "")
            seat: int = e.get("seat", NO_SEAT)
            mine = seat == you
            if kind in ("deal", "draw", "keep"):
                if mine:
                    self.mine.update(_named(e, ("cards", "card")))
            elif kind == "bottom":
                self.lose(seat, e.get("cards", []) if mine else [], public=False)
            elif kind in _PLAYED:
                self.lose(seat, _named(e, _PLAYED[kind]), public=True)
            elif kind == "reveal":
                for key, card in e["offers"].items():
                    self.lose(int(key), [card], public=True)
            elif kind in _GAINED:
                self.gain(seat, _named(e, (_GAINED[kind],)), public=True)
            elif kind in ("steal", "take"):
                victim: int = e["from"]
                if mine and "cards" in e:
                    self.lose(victim, e["cards"], public=False, observed=True)
                    self.gain(seat, e["cards"], public=False)
                elif victim == you:
                    cards = self.stolen.get(time, [])
                    self.lose(victim, cards, public=False)
                    self.known[seat].extend(cards)  # the victim sees what it loses
                else:
                    self.lose(victim, [], public=False)
            elif kind == "look" and mine and "cards" in e:
                self.known[e["target"]] = list(e["cards"])
            elif kind == "swap":
                self._swap(seat, e["with"])

    def _swap(self, a: int, b: int) -> None:
        """Whole hands change places (``resolve._swap_hands``): the others' knowledge of the
        two hands changes places with them; each of the two knows the hand it gave away."""
        self.public[a], self.public[b] = self.public[b], self.public[a]
        you = self.you
        if you not in (a, b):
            self.known[a], self.known[b] = self.known[b], self.known[a]
            return
        other = b if a == you else a
        incoming = self.known[other]
        self.known[other] = sorted(self.mine)
        self.mine = set(incoming)
