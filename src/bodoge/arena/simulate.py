"""Bulk simulation: many seeded games between agents, summed up for balance analysis.

Everything comes from one ``seed``: game ``i`` is played from ``derive_seed(seed, "game", i)`` and
seat ``s`` of it decides with ``random.Random(derive_seed(seed, "agent", i, s))``, so a report is
reproduced exactly by the same arguments, and any single game can be replayed on its own.

Simulations run with a turn cap (EM-5.5: on, and reported, in simulations): a stalled game ends
as *truncated* after ``turn_cap`` turns, is still ranked, and counts in ``truncated_share``.

``cards`` plays with a card file of one's own instead of the set the game ships (a player who
owns the cards types in their real texts); the report says which (:class:`CardsUsed`).

>>> report = simulate("extreme-mission", players=2, games=3, seed=1)
>>> report.games, len(report.records), sum(report.wins) + report.no_winner >= 3
(3, 3, True)
"""

from __future__ import annotations

import hashlib
import os
import random
import statistics
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bodoge.agents.heuristic import has_heuristic
from bodoge.core.cardfile import read_card_file
from bodoge.core.errors import SetupError
from bodoge.core.game import Game
from bodoge.core.registry import make
from bodoge.core.state import State
from bodoge.play import Decision, derive_seed, make_agent, parse_seats

__all__ = [
    "DEFAULT_TURN_CAP",
    "CardsUsed",
    "GameRecord",
    "SimulationReport",
    "cards_dict",
    "play_game",
    "simulate",
]

DEFAULT_TURN_CAP = 200
"""Turns in all after which a simulated game ends as truncated (EM-5.5)."""

Progress = Callable[[int, int], None]
"""Called after each game with (games done, games in all)."""


@dataclass(frozen=True, slots=True)
class CardsUsed:
    """A card file that games are played with, instead of the game's own: ``file`` as it was
    given (what a report and its command line name), ``path`` where it is (absolute, for worker
    processes, which may run elsewhere) and ``sha256`` of its bytes (which file it was, should
    it change later). Read once the game has checked the file."""

    file: str
    path: str
    sha256: str

    @classmethod
    def of(cls, cards: str | Path | None) -> CardsUsed | None:
        """The file ``cards`` (None: the game's own cards, None)."""
        if cards is None:
            return None
        digest = hashlib.sha256(read_card_file(cards)).hexdigest()
        return cls(os.fspath(cards), os.path.abspath(cards), digest)

    def to_dict(self) -> dict[str, str]:
        """What a JSON report says of it (never the absolute path: a report may be shared)."""
        return {"file": self.file, "sha256": self.sha256}


def cards_dict(cards: CardsUsed | None) -> dict[str, str] | None:
    """A report's ``cards``: the card file played with, or None for the game's own cards."""
    return None if cards is None else cards.to_dict()


@dataclass(frozen=True, slots=True)
class GameRecord:
    """What one simulated game came to."""

    index: int
    seed: int
    turns: int
    steps: int
    truncated: bool
    winners: tuple[int, ...]
    ranks: tuple[int, ...]
    scores: tuple[float, ...]

    def to_dict(self) -> dict[str, Any]:
        return {
            "index": self.index,
            "seed": self.seed,
            "turns": self.turns,
            "steps": self.steps,
            "truncated": self.truncated,
            "winners": list(self.winners),
            "ranks": list(self.ranks),
            "scores": list(self.scores),
        }


def count_turns(state: State, steps: int) -> int:
    """Turns played in a finished game: the spectator view's ``turn`` when the game has one,
    else the number of steps."""
    turn = state.view(None).get("turn")
    return turn if isinstance(turn, int) and not isinstance(turn, bool) else steps


def play_game(game: Game, seats: Sequence[str], seed: int, index: int) -> GameRecord:
    """Play game ``index`` of a simulation seeded with ``seed`` to the end."""
    game_seed = derive_seed(seed, "game", index)
    state = game.new_state(game_seed)
    agents = [
        make_agent(name, game, seat, random.Random(derive_seed(seed, "agent", index, seat)))
        for seat, name in enumerate(seats)
    ]
    steps = 0
    while (seat := state.current_player) is not None:
        state.apply(agents[seat].act(Decision.of(state)))
        steps += 1
    result = state.result()
    return GameRecord(
        index=index,
        seed=game_seed,
        turns=count_turns(state, steps),
        steps=steps,
        truncated=result.truncated,
        winners=result.winners,
        ranks=result.ranks,
        scores=result.scores,
    )


@dataclass(frozen=True)
class SimulationReport:
    """The records of a simulation and their summary."""

    game: str
    players: int
    variant: str
    seed: int
    turn_cap: int | None
    seats: tuple[str, ...]
    records: tuple[GameRecord, ...] = field(repr=False)
    cards: CardsUsed | None = None

    @property
    def games(self) -> int:
        return len(self.records)

    @property
    def turns_mean(self) -> float:
        return statistics.fmean(r.turns for r in self.records) if self.records else 0.0

    @property
    def turns_median(self) -> float:
        return float(statistics.median(r.turns for r in self.records)) if self.records else 0.0

    @property
    def steps_mean(self) -> float:
        return statistics.fmean(r.steps for r in self.records) if self.records else 0.0

    @property
    def truncated(self) -> int:
        return sum(r.truncated for r in self.records)

    @property
    def truncated_share(self) -> float:
        return self.truncated / self.games if self.records else 0.0

    @property
    def wins(self) -> tuple[int, ...]:
        """Games won by each seat; a shared win counts for every winner."""
        return tuple(sum(seat in r.winners for r in self.records) for seat in range(self.players))

    @property
    def split_wins(self) -> tuple[float, ...]:
        """Games won by each seat as ``bodoge arena`` counts them: a win shared by ``w`` seats
        counts ``1/w`` for each (shown beside :attr:`wins`, so the two commands compare)."""
        return tuple(
            sum(1 / len(r.winners) for r in self.records if seat in r.winners)
            for seat in range(self.players)
        )

    @property
    def win_shares(self) -> tuple[float, ...]:
        return tuple(w / self.games if self.records else 0.0 for w in self.wins)

    @property
    def no_winner(self) -> int:
        return sum(not r.winners for r in self.records)

    @property
    def mean_scores(self) -> tuple[float, ...]:
        return self._mean_by_seat(lambda r, s: r.scores[s])

    @property
    def mean_ranks(self) -> tuple[float, ...]:
        return self._mean_by_seat(lambda r, s: float(r.ranks[s]))

    def _mean_by_seat(self, value: Callable[[GameRecord, int], float]) -> tuple[float, ...]:
        if not self.records:
            return tuple(0.0 for _ in range(self.players))
        return tuple(
            statistics.fmean(value(r, seat) for r in self.records) for seat in range(self.players)
        )

    def summary(self) -> dict[str, Any]:
        """The summary figures, JSON-ready."""
        return {
            "games": self.games,
            "turns_mean": self.turns_mean,
            "turns_median": self.turns_median,
            "steps_mean": self.steps_mean,
            "truncated": self.truncated,
            "truncated_share": self.truncated_share,
            "no_winner": self.no_winner,
            "seats": [
                {
                    "seat": seat,
                    "agent": self.seats[seat],
                    "wins": self.wins[seat],
                    "wins_split": self.split_wins[seat],
                    "win_share": self.win_shares[seat],
                    "mean_score": self.mean_scores[seat],
                    "mean_rank": self.mean_ranks[seat],
                }
                for seat in range(self.players)
            ],
        }

    def to_dict(self) -> dict[str, Any]:
        """The whole report, JSON-ready: the settings, the summary and every game's record."""
        return {
            "game": self.game,
            "players": self.players,
            "variant": self.variant,
            "cards": cards_dict(self.cards),
            "seed": self.seed,
            "turn_cap": self.turn_cap,
            "agents": list(self.seats),
            **self.summary(),
            "records": [r.to_dict() for r in self.records],
        }


# Random seats never finish Extreme Mission (every game ends at the turn cap, without a winner):
# by default every seat plays the game's own plan, which finishes games and has winners; a game
# without a plan of its own gets random seats.
DEFAULT_SEAT = "heuristic"


def simulate(
    game_name: str,
    players: int | None = None,
    games: int = 100,
    seed: int = 0,
    turn_cap: int | None = DEFAULT_TURN_CAP,
    seats: Sequence[str] | None = None,
    progress: Progress | None = None,
    variant: str = "basic",
    cards: str | Path | None = None,
) -> SimulationReport:
    """Play ``games`` games of ``game_name`` between ``seats`` (agent names; default
    ``DEFAULT_SEAT`` in every seat, random where the game has no heuristic) and report on them.
    ``turn_cap`` None or 0 plays without a cap; ``cards`` is a card file to play with instead of
    the game's own.

    Raises ``UnknownGame``, ``SetupError`` or ``CardSetError`` (one-line messages) on bad
    arguments, before any game is played.
    """
    if games < 0:
        raise SetupError("setup.games_at_least", least=0, games=games)
    cap = turn_cap or None
    if seats is not None:
        seat_names = parse_seats(seats, allow_human=False)
        if players is not None and players != len(seat_names):
            raise SetupError("setup.seats_for_players", seats=len(seat_names), players=players)
        players = len(seat_names)
    game = make(game_name, players=players, variant=variant, cards=cards, turn_cap=cap)
    used = CardsUsed.of(cards)
    if seats is None:
        seat_names = [DEFAULT_SEAT if has_heuristic(game) else "random"] * game.players
    records = []
    for index in range(games):
        records.append(play_game(game, seat_names, seed, index))
        if progress is not None:
            progress(index + 1, games)
    return SimulationReport(
        game=game.name,
        players=game.players,
        variant=game.variant,
        seed=seed,
        turn_cap=cap,
        seats=tuple(seat_names),
        records=tuple(records),
        cards=used,
    )
