"""High Card: a tiny game written as an outside package would write it (tests/test_tiny_game.py
copies this file into a temporary package and registers it through the ``bodoge.games`` entry
point; nothing in bodoge names it).

Rules: 2 players, a deck of cards C1–C9. HC-1: each player is dealt 2 cards, the rest is the deck.
HC-2: on a turn, play a card from the hand face up (``play C7``), or draw one (``draw``) while the
deck has cards and the hand holds fewer than 3. HC-3: the game ends when both hands are empty and
the deck too; the highest total of played cards wins (equal totals: no winner).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any, ClassVar

from bodoge.core import Action, Game, Result, State, competition_ranks
from bodoge.core.i18n import text
from bodoge.core.registry import register
from bodoge.core.scenario import per_seat
from bodoge.core.state import JSON

CARDS = tuple(range(1, 10))  # HC-1
DEAL = 2  # HC-1
HAND_CAP = 3  # HC-2


class HighCardState(State):
    game: HighCard

    def __init__(self, game: HighCard, rng: random.Random) -> None:
        super().__init__(game, rng)
        self.hands: list[list[int]] = [[], []]
        self.played: list[list[int]] = [[], []]
        self.deck: list[int] = []
        self.player = 0
        self.over = False

    @property
    def current_player(self) -> int | None:
        return None if self.over else self.player

    def _legal_steps(self) -> list[Action]:
        if self.over:
            return []
        hand = self.hands[self.player]
        steps = [self.game.step_play[c] for c in sorted(hand)]
        if self.deck and len(hand) < HAND_CAP:
            steps.append(self.game.step_draw)
        return steps

    def _do(self, action: Action) -> None:
        p = self.player
        if action.kind == "draw":
            card = self.deck.pop()
            self.hands[p].append(card)
            self.log.add({"event": "draw", "seat": p}, p, {"card": f"C{card}"})
        else:
            self.hands[p].remove(action.args[0])
            self.played[p].append(action.args[0])
            self.log.add({"event": "play", "seat": p, "card": f"C{action.args[0]}"})
        if not self.deck and not any(self.hands):
            self.over = True  # HC-3
        elif self._legal_steps_of(1 - p):
            self.player = 1 - p

    def _legal_steps_of(self, seat: int) -> bool:
        return bool(self.hands[seat]) or bool(self.deck)

    def result(self) -> Result:
        if not self.over:
            raise ValueError("the game is not over")
        totals = [sum(pile) for pile in self.played]
        best = max(totals)
        winners = tuple(s for s in (0, 1) if totals[s] == best)
        return Result(
            scores=tuple(float(t) for t in totals),
            ranks=competition_ranks(totals),
            winners=winners if len(winners) == 1 else (),
            truncated=False,
        )

    def _hand(self, seat: int) -> list[str]:
        return [f"C{c}" for c in sorted(self.hands[seat])]

    def _hand_sizes(self) -> list[int]:
        return [len(h) for h in self.hands]

    def _deck_size(self) -> int:
        return len(self.deck)

    def _view(self, player: int | None) -> JSON:
        return {"played": [[f"C{c}" for c in pile] for pile in self.played]}

    def clone(self) -> HighCardState:
        new = HighCardState(self.game, self.rng)
        self._copy_common(new)
        new.hands = [list(h) for h in self.hands]
        new.played = [list(p) for p in self.played]
        new.deck = list(self.deck)
        new.player, new.over = self.player, self.over
        return new

    def determinize(self, player: int, seed: int) -> HighCardState:
        new = self.clone()
        rng = random.Random(seed)
        new.rng = random.Random(rng.randrange(2**31))
        other = 1 - player
        hidden = new.deck + new.hands[other]
        rng.shuffle(hidden)
        size = len(new.hands[other])
        new.hands[other] = sorted(hidden[:size])
        new.deck = hidden[size:]
        new._legal = None
        return new

    def card_census(self) -> list[str]:
        every = self.deck + [c for zone in (*self.hands, *self.played) for c in zone]
        return sorted(f"C{c}" for c in every)

    def _state_dict(self) -> JSON:
        return {
            "hands": self.hands,
            "played": self.played,
            "deck": self.deck,
            "player": self.player,
            "over": self.over,
        }


@register
class HighCard(Game):
    name: ClassVar[str] = "high-card"
    title: ClassVar[dict[str, str]] = {"en": "High Card", "ja": "ハイカード"}
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 2
    default_players: ClassVar[int] = 2
    setup_keys: ClassVar[frozenset[str]] = frozenset({"hands"})

    def _configure(self) -> None:
        describe = self._describe
        self.step_draw = Action("draw", "draw", (), describe)
        self.step_play = {c: Action(f"play C{c}", "play", (c,), describe) for c in CARDS}

    def _describe(self, action: Action, lang: str) -> str:
        return text(f"hc.step.{action.kind}", lang, card=action.notation.partition(" ")[2])

    def _new_state(self, seed: int, setup: Mapping[str, Any]) -> HighCardState:
        state = HighCardState(self, random.Random(seed))
        deck = list(CARDS)
        state.rng.shuffle(deck)
        for seat, cards in per_seat(2, setup, "hands", lists=True).items():
            state.hands[seat] = [int(str(c).removeprefix("C")) for c in cards]
            deck = [c for c in deck if c not in state.hands[seat]]
        for seat in (0, 1):
            if seat not in per_seat(2, setup, "hands"):
                state.hands[seat], deck = deck[:DEAL], deck[DEAL:]
        state.deck = deck
        return state

    def _state_from_dict(self, data: JSON, rng: random.Random) -> HighCardState:
        state = HighCardState(self, rng)
        state.hands = [list(h) for h in data["hands"]]
        state.played = [list(p) for p in data["played"]]
        state.deck = list(data["deck"])
        state.player, state.over = data["player"], data["over"]
        return state
