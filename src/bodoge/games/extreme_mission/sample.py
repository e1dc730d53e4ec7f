"""``ExtremeMission.sample_state``: a full state rebuilt from one seat's view alone.

Everything public is copied from the view (missions and who completed them, collaborators, discard
tops and pile sizes, hand, deck and spent-area sizes, phase, actions left, whose turn, the start
player, the turn number, whether the end is triggered), and so is what only that seat knows (its
hand, its compound action in progress). A card another seat took from a discard top stays in
that seat's hand until the log shows it revealed: everyone saw it taken (EM-3.3). Every other card
the seat cannot see — the rest of other hands, the deck, what it never saw go onto a discard
pile, the unrevealed part of the mover's spent area — is dealt at random from ``seed``, out of
the info cards the seat cannot place.

A spent area is non-empty only during its owner's turn (EM-4.2 empties it), and its cards came
there by completions and activations, whose cards the log shows everyone, and by drops, whose card
only the dropper's log shows: so the log since the turn began tells which spent cards a seat can
place, and the rest are dealt at random.

A discard pile is those spent cards, each turn's stack on top of the last (EM-4.2). Only its top
shows, but a seat that remembers the log — as a person at the table remembers what was revealed,
and as the log on every front end shows it — knows which cards lie in each stack, though not
their order, less those taken off the top since (EM-3.3). So a sample lays each pile's
remembered cards back in their own stack, shuffled within it, and deals there at random only the
drops the seat never saw; the deck, dealt from what is left, holds only cards that can be in it.
A rebuild (EM-3.2) gathers all but the top cards of every pile into the deck: which cards stayed
is not shown, so they are forgotten and dealt at random.

The log is the view's log. Events of the seat itself that have private fields (``deal``, ``draw``,
``drop``) are split back into their public part and the seat's private part, so that
``Log.seen_by`` gives the seat exactly its view again while other seats of the sample do not see
the seat's cards. The history (which spells out drops) is not in a view: the sample has none.

>>> import bodoge
>>> game = bodoge.make("extreme-mission", players=3)
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
from typing import TYPE_CHECKING, Any

from bodoge.core.shuffle import shuffle
from bodoge.core.state import JSON, Log
from bodoge.games.extreme_mission.rules import KEEP_ON_REBUILD
from bodoge.games.extreme_mission.state import ACTION, EMState

if TYPE_CHECKING:
    from bodoge.games.extreme_mission import ExtremeMission

__all__ = ["PRIVATE_FIELDS", "Sampler", "sample_state"]

PRIVATE_FIELDS: dict[str, tuple[str, ...]] = {
    "deal": ("cards",),
    "draw": ("card",),
    "drop": ("card",),
}
"""Log events with a part only their seat sees, and the fields of that part (state.py, setup.py)."""


def sample_state(game: ExtremeMission, view: Mapping[str, Any], seed: int) -> EMState:
    """A state whose ``view(you)`` is ``view``, the unseen cards dealt at random from ``seed``
    (``you`` may be None: a spectator's view, every hand unseen). ValueError for a view of another
    game or player count, or one that does not add up."""
    return Sampler(game, view)(random.Random(seed))


class Sampler:
    """``sample_state`` for one view and many deals: the view is read once (its log above all,
    which grows all game), and each call deals the unseen cards anew from the generator it is
    given, which the sample keeps (``Game.sampler``). ``Sampler(game, view)(random.Random(seed))``
    is ``sample_state(game, view, seed)``."""

    __slots__ = ("hidden", "holding", "piles", "sizes", "spent_known", "template", "tops", "you")

    def __init__(self, game: ExtremeMission, view: Mapping[str, Any]) -> None:
        n = game.players
        if view.get("game") != game.name or view.get("players") != n:
            raise ValueError(f"not a view of {game.name} for {n} players")
        if view.get("turn_cap") != game.turn_cap:
            raise ValueError(
                f"the view has turn cap {view.get('turn_cap')}, the game {game.turn_cap}"
            )
        you: int | None = view["you"]
        index = game.card_index
        kinds = game.kinds
        state = EMState(game, random.Random(0))
        log: list[JSON] = view["log"]
        over = bool(view["is_over"])

        state.missions = list(view["missions"])
        state.completed_by = {m: list(seats) for m, seats in view["missions"].items()}
        state.completed = [list(c) for c in view["completed"]]
        state.collaborators = [
            [row[code] == "up" for code in kinds] for row in view["collaborators"]
        ]
        state.start_player = view["start_player"]
        state.over = over
        state.phase = ACTION if over else view["phase"]
        state.actions_left = view["actions_left"]
        state.turns_done = view["turn"] - (0 if over else 1)
        state.end_triggered = view["end_triggered"]
        state.truncated = bool(view["result"]["truncated"]) if over else False
        mover: int | None = view["current_player"]
        state.player = mover if mover is not None else _last_seat(log, state.start_player)
        state.log = Log.from_view(log, you, PRIVATE_FIELDS)

        # The cards the seat can place: its hand, the discard tops, the visible spent cards.
        placed: set[int] = set()

        def place(card_id: str) -> int:
            card = index[card_id]
            if card in placed:
                raise ValueError(f"the view shows {card_id} twice")
            placed.add(card)
            return card

        if you is not None:
            state.hands[you] = sorted(place(c) for c in view["hand"])
        tops = [None if top is None else place(top) for top in view["discard_tops"]]
        stacks, shown = _stacks(log, n)
        spent_known: list[list[int]] = [[] for _ in range(n)]
        if mover is not None and not state.over:
            spent_known[mover] = [place(c) for c in shown[mover]]
        if you is not None and len(spent_known[you]) != view["spent_sizes"][you]:
            raise ValueError("the log does not account for the seat's own spent cards")

        # Cards another seat took from a discard top (EM-3.3: public) and has not shown since
        # are in its hand, unless it dropped them unseen: dealt there, the sample stays
        # consistent either way, and it is the likelier place.
        holding: list[list[int]] = [[] for _ in range(n)]
        for s, cards in enumerate(_taken_and_kept(log, n)):
            if s == you:
                continue
            kept = [c for c in cards if index[c] not in placed]
            holding[s] = [place(c) for c in kept[max(len(kept) - view["hand_sizes"][s], 0) :]]

        # Below each top: the stacks remembered from the log, bottom first, as the known cards
        # and how many more were dealt there unseen.
        piles: list[list[tuple[list[int], int]]] = []
        for s, pile_stacks in enumerate(stacks):
            below = _below_top(pile_stacks, view["discard_tops"][s])
            size = max(view["discard_sizes"][s] - 1, 0)
            known = [[index[c] for c in cards] for cards, _ in below or ()]
            every = [c for cards in known for c in cards]
            if (
                below is None
                or sum(len(k) + u for k, u in below) != size
                or any(c in placed for c in every)
                or len(set(every)) < len(every)
            ):
                piles.append([([], size)] if size else [])  # the log is not enough: all unseen
                continue
            placed.update(every)
            piles.append([(cards, unseen) for cards, (_, unseen) in zip(known, below, strict=True)])

        hidden = [card for card in range(len(game.card_ids)) if card not in placed]
        wanted = view["deck_size"]
        for s in range(n):
            if s != you:
                wanted += view["hand_sizes"][s] - len(holding[s])
            wanted += sum(unseen for _, unseen in piles[s])
            wanted += view["spent_sizes"][s] - len(spent_known[s])
        if wanted != len(hidden):
            raise ValueError(f"the view hides {wanted} cards, but {len(hidden)} are unplaced")

        pending = view["pending"]
        if pending is not None:
            what = pending["action"]
            target = pending["target"] if what == "complete" else kinds.index(pending["target"])
            state.pending = (what, target)
            state.pending_cards = [index[c] for c in pending["cards"]]
            state.pending_wilds = [kinds.index(k) for k in pending["wilds"]]
        self.template = state
        self.you = you
        self.hidden = hidden
        self.holding = holding
        self.spent_known = spent_known
        self.tops = tops
        self.piles = piles
        # Per seat: unseen hand cards, spent cards unseen; and the deck size.
        self.sizes = (
            [
                (
                    view["hand_sizes"][s] - len(holding[s]) if s != you else -1,
                    view["spent_sizes"][s] - len(spent_known[s]),
                )
                for s in range(n)
            ],
            view["deck_size"],
        )

    def __call__(self, rng: random.Random) -> EMState:
        state = self.template.copy_with(rng)
        hidden = list(self.hidden)
        shuffle(hidden, rng)

        def deal(count: int) -> list[int]:
            dealt = hidden[-count:] if count else []
            del hidden[len(hidden) - count :]
            return dealt

        per_seat, deck_size = self.sizes
        for s, (unseen, spent) in enumerate(per_seat):
            if unseen >= 0:
                state.hands[s] = sorted(self.holding[s] + deal(unseen))
            top = self.tops[s]
            if top is not None:
                pile: list[int] = []
                for known, dealt in self.piles[s]:
                    stack = known + deal(dealt)
                    if len(stack) > 1:
                        shuffle(stack, rng)
                    pile.extend(stack)
                pile.append(top)
                state.discards[s] = pile
            state.spent[s] = self.spent_known[s] + deal(spent)
        state.deck = deal(deck_size)
        return state


def _taken_and_kept(events: Sequence[JSON], n: int) -> list[list[str]]:
    """For each seat, the cards it took from a discard top and has not revealed since (in a
    completion or an activation), oldest first. A card seen elsewhere since — taken by another
    seat, or on top of a discard pile — has left the hand unseen (a drop at the hand limit)."""
    kept: list[list[str]] = [[] for _ in range(n)]
    for event in events:
        kind = event.get("event")
        if kind == "take" or kind == "discard":
            card = event["card"] if kind == "take" else event["top"]
            for held in kept:
                if card in held:
                    held.remove(card)
            if kind == "take":
                kept[event["seat"]].append(card)
        elif kind in ("complete", "activate"):
            held = kept[event["seat"]]
            for card in event["cards"]:
                if card in held:
                    held.remove(card)
    return kept


def _stacks(
    events: Sequence[JSON], n: int
) -> tuple[list[list[tuple[list[str], int]]], list[list[str]]]:
    """Each seat's discard pile as the log tells it, bottom stack first: per stack (EM-4.2) the
    cards known to be in it and how many unseen ones (drops another seat made, EM-4.1). A take
    (EM-3.3) removes its card from the top stack; a rebuild (EM-3.2) leaves each pile its top
    cards, forgotten (which cards of a stack stayed is not shown).

    And each seat's spent cards the log shows since its last discard: the cards of its
    completions and activations, and its drops the seat saw. A turn that spent cards ends with a
    ``discard``, so only the mover's can be non-empty: the part of its spent area it revealed."""
    piles: list[list[tuple[list[str], int]]] = [[] for _ in range(n)]
    spent: list[list[str]] = [[] for _ in range(n)]
    for event in events:
        kind = event.get("event")
        if kind in ("complete", "activate"):
            spent[event["seat"]].extend(event["cards"])
        elif kind == "drop" and "card" in event:
            spent[event["seat"]].append(event["card"])
        elif kind == "discard":
            s = event["seat"]
            known, spent[s] = spent[s], []
            unseen = event["count"] - len(known)
            if event["top"] not in known:  # a drop, seen now on top
                known.append(event["top"])
                unseen -= 1
            piles[s].append((known, unseen))
        elif kind == "take":
            _take(piles[event["from"]], event["card"])
        elif kind == "rebuild":
            for pile in piles:
                left = min(sum(len(k) + u for k, u in pile), KEEP_ON_REBUILD)
                pile[:] = [([], left)] if left else []
    return piles, spent


def _take(pile: list[tuple[list[str], int]], card: str) -> None:
    """The top card ``card`` leaves the top stack of ``pile``; a stack it empties goes."""
    if not pile:
        return
    known, unseen = pile[-1]
    if card in known:
        known.remove(card)
    else:
        unseen -= 1
        pile[-1] = (known, unseen)
    if not known and unseen == 0:
        pile.pop()


def _below_top(
    stacks: list[tuple[list[str], int]], top: str | None
) -> list[tuple[list[str], int]] | None:
    """The stacks under the visible ``top`` card (taken out of the top stack); None where the
    log and the view disagree (the pile is then dealt as unknown)."""
    below = [(list(known), unseen) for known, unseen in stacks]
    if any(unseen < 0 for _, unseen in below) or (top is None) != (not below):
        return None
    if top is None:
        return []
    known, unseen = below[-1]
    if top in known:
        known.remove(top)
    elif unseen > 0:
        below[-1] = (known, unseen - 1)
    else:
        return None
    return below


def _last_seat(events: Sequence[JSON], default: int) -> int:
    """Whose turn the game ended on: the seat of the last event that has one."""
    for event in reversed(events):
        seat = event.get("seat")
        if isinstance(seat, int):
            return seat
    return default
