"""Tournaments: bots against bots, every seating rotated, every game seeded.

**Entrants.** ``bots`` are agent names as given (``["ismcts", "heuristic", "random"]``); each is
one *entrant*. A name given twice makes two entrants, labelled ``random#1`` and ``random#2``, so
that a bot can be measured against itself.

**Seatings.** With ``k`` entrants and ``n`` seats:

- ``k <= n``: every ordered ``n``-tuple of entrants that seats each entrant at least once (for
  ``k == n`` these are the ``n!`` permutations; ``2`` bots in ``3`` seats give ``AAB ABA ABB BAA
  BAB BBA``);
- ``k > n``: every ``n``-subset of entrants (in index order) in each of its ``n`` rotations.

Both sets are closed under renaming entrants and (for the first) permuting seats, so every
entrant sits in every seat equally often, and every pair of entrants meets equally often.

**Games.** The games are played in *rounds*: a round plays every seating once, all on the same
deal, so that the luck of a deal is shared by every seating (duplicate play). ``games`` is rounded
up to a whole number of rounds. Game ``i`` is round ``i // S``, seating ``i % S`` (``S`` seatings);
its deal is ``derive_seed(seed, "arena", "deal", round)`` and seat ``s`` decides with
``random.Random(derive_seed(seed, "arena", "agent", i, s))``. Every game is a small picklable
:class:`GameJob` and comes back as a small picklable :class:`MatchRecord`, so any game can be
replayed on its own and any executor (in process, local processes, Ray) gives the same records.

**Cards.** ``cards`` plays with a card file of one's own; a job names it by its absolute path,
which every process that plays jobs reads (on a Ray cluster: the same path on every node).

>>> t = plan("extreme-mission", ["random", "random"], players=2, games=3, seed=1, turn_cap=20)
>>> t.labels, t.seatings, t.games
(('random#1', 'random#2'), ((0, 1), (1, 0)), 4)
>>> [job.seats for job in t.jobs()][:2]
[('random#1', 'random#2'), ('random#2', 'random#1')]
>>> record = play_job(t.jobs()[0])
>>> record.turns <= 20 and len(record.ranks) == 2
True
"""

from __future__ import annotations

import itertools
import math
import random
import time
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from bodoge.arena.simulate import DEFAULT_TURN_CAP, CardsUsed, cards_dict, count_turns
from bodoge.core.errors import SetupError
from bodoge.core.game import Game
from bodoge.core.registry import make
from bodoge.core.state import State
from bodoge.play import Agent, Decision, agent_names, derive_seed, make_agent

__all__ = [
    "DEFAULT_TURN_CAP",
    "GameJob",
    "MatchRecord",
    "Tournament",
    "entrant_labels",
    "plan",
    "play_job",
    "play_job_state",
    "play_out",
    "play_seated",
    "seatings",
]


def entrant_labels(bots: Sequence[str]) -> tuple[str, ...]:
    """A unique label per entrant: the agent name, numbered when it is given more than once.

    >>> entrant_labels(["ismcts", "random", "random"])
    ('ismcts', 'random#1', 'random#2')
    """
    counts = Counter(bots)
    seen: Counter[str] = Counter()
    labels = []
    for name in bots:
        seen[name] += 1
        labels.append(f"{name}#{seen[name]}" if counts[name] > 1 else name)
    return tuple(labels)


def seatings(entrants: int, players: int) -> tuple[tuple[int, ...], ...]:
    """The seatings of ``entrants`` (numbered from 0) at ``players`` seats, as tuples of entrant
    numbers by seat (see the module's docstring for the scheme).

    >>> seatings(3, 3)
    ((0, 1, 2), (0, 2, 1), (1, 0, 2), (1, 2, 0), (2, 0, 1), (2, 1, 0))
    >>> seatings(2, 3)
    ((0, 0, 1), (0, 1, 0), (0, 1, 1), (1, 0, 0), (1, 0, 1), (1, 1, 0))
    >>> seatings(3, 2)
    ((0, 1), (1, 0), (0, 2), (2, 0), (1, 2), (2, 1))
    """
    if entrants < 1 or players < 1:
        raise SetupError("setup.tournament", entrants=entrants, players=players)
    if entrants <= players:
        return tuple(
            t for t in itertools.product(range(entrants), repeat=players) if len(set(t)) == entrants
        )
    return tuple(
        combo[r:] + combo[:r]
        for combo in itertools.combinations(range(entrants), players)
        for r in range(players)
    )


@dataclass(frozen=True, slots=True)
class GameJob:
    """One game to play: everything a worker needs, and nothing that cannot be pickled."""

    index: int
    round: int
    seating: int
    game: str
    variant: str
    turn_cap: int | None
    agents: tuple[str, ...]
    """Agent name of each seat (what ``make_agent`` is given)."""
    seats: tuple[str, ...]
    """Entrant label of each seat."""
    seed: int
    agent_seeds: tuple[int, ...]
    cards: str | None = None
    """The card file's absolute path, or None for the game's own cards."""

    @property
    def players(self) -> int:
        return len(self.agents)


@dataclass(frozen=True, slots=True)
class MatchRecord:
    """What one tournament game came to. ``seconds`` is wall-clock time, the only figure that
    differs between two runs of the same tournament."""

    index: int
    round: int
    seating: int
    seats: tuple[str, ...]
    seed: int
    winners: tuple[int, ...]
    ranks: tuple[int, ...]
    scores: tuple[float, ...]
    turns: int
    steps: int
    truncated: bool
    seconds: float

    @property
    def players(self) -> int:
        return len(self.seats)

    def to_dict(self) -> dict[str, Any]:
        return {
            "index": self.index,
            "round": self.round,
            "seating": self.seating,
            "seats": list(self.seats),
            "seed": self.seed,
            "winners": list(self.winners),
            "ranks": list(self.ranks),
            "scores": list(self.scores),
            "turns": self.turns,
            "steps": self.steps,
            "truncated": self.truncated,
            "seconds": self.seconds,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> MatchRecord:
        return cls(
            index=int(data["index"]),
            round=int(data["round"]),
            seating=int(data["seating"]),
            seats=tuple(str(s) for s in data["seats"]),
            seed=int(data["seed"]),
            winners=tuple(int(w) for w in data["winners"]),
            ranks=tuple(int(r) for r in data["ranks"]),
            scores=tuple(float(s) for s in data["scores"]),
            turns=int(data["turns"]),
            steps=int(data["steps"]),
            truncated=bool(data["truncated"]),
            seconds=float(data["seconds"]),
        )


@dataclass(frozen=True)
class Tournament:
    """A planned tournament: who plays, the seatings, and how many games."""

    game: str
    variant: str
    players: int
    seed: int
    turn_cap: int | None
    bots: tuple[str, ...]
    labels: tuple[str, ...]
    seatings: tuple[tuple[int, ...], ...]
    games: int
    games_requested: int
    cards: CardsUsed | None = None

    @property
    def rounds(self) -> int:
        return self.games // len(self.seatings)

    def job(self, index: int) -> GameJob:
        """Game ``index`` of the tournament."""
        round_, seating = divmod(index, len(self.seatings))
        seats = self.seatings[seating]
        return GameJob(
            index=index,
            round=round_,
            seating=seating,
            game=self.game,
            variant=self.variant,
            turn_cap=self.turn_cap,
            agents=tuple(self.bots[e] for e in seats),
            seats=tuple(self.labels[e] for e in seats),
            seed=derive_seed(self.seed, "arena", "deal", round_),
            agent_seeds=tuple(
                derive_seed(self.seed, "arena", "agent", index, seat) for seat in range(len(seats))
            ),
            cards=None if self.cards is None else self.cards.path,
        )

    def jobs(self) -> list[GameJob]:
        """Every game, in order."""
        return [self.job(i) for i in range(self.games)]

    def settings(self) -> dict[str, Any]:
        """The settings, JSON-ready: ``agents`` has each entrant's agent name, ``labels`` its
        label."""
        return {
            "game": self.game,
            "variant": self.variant,
            "cards": cards_dict(self.cards),
            "players": self.players,
            "seed": self.seed,
            "turn_cap": self.turn_cap,
            "agents": list(self.bots),
            "labels": list(self.labels),
            "seatings": [[self.labels[e] for e in s] for s in self.seatings],
            "rounds": self.rounds,
            "games": self.games,
            "games_requested": self.games_requested,
        }


def plan(
    game_name: str,
    bots: Sequence[str],
    players: int | None = None,
    games: int = 120,
    seed: int = 1,
    turn_cap: int | None = DEFAULT_TURN_CAP,
    variant: str = "basic",
    cards: str | Path | None = None,
) -> Tournament:
    """Plan a tournament of ``bots`` at ``game_name``; ``games`` is rounded up to whole rounds.
    ``cards`` is a card file to play with instead of the game's own.

    Checks everything a game would: the game, its player count, variant and card file, every
    bot's name (for this game), the cap. Raises ``UnknownGame``, ``SetupError`` or
    ``CardSetError`` with a one-line message.
    """
    if games < 1:
        raise SetupError("setup.games_at_least", least=1, games=games)
    cap = turn_cap or None
    names = tuple(name.strip() for name in bots)
    if not any(names):
        raise SetupError("setup.no_bot")
    known = agent_names()
    for position, name in enumerate(names, 1):
        # Said here, not by parse_seats: these are bots, and an empty one is a slip to point at.
        if not name:
            raise SetupError("setup.empty_bot", bots=",".join(bots), position=position)
        if name not in known:
            raise SetupError("setup.unknown_bot", name=name, known=", ".join(known))
    game = make(game_name, players=players, variant=variant, cards=cards, turn_cap=cap)
    for name in dict.fromkeys(names):
        make_agent(name, game, 0, random.Random(0))  # a bot this game has no such agent for
    table = seatings(len(names), game.players)
    total = math.ceil(games / len(table)) * len(table)
    return Tournament(
        game=game.name,
        variant=game.variant,
        players=game.players,
        seed=seed,
        turn_cap=cap,
        bots=names,
        labels=entrant_labels(names),
        seatings=table,
        games=total,
        games_requested=games,
        cards=CardsUsed.of(cards),
    )


def play_seated(
    game: Game, agents: Sequence[str], seed: int, agent_seeds: Sequence[int]
) -> tuple[State, int]:
    """Play one game of ``game`` from ``seed`` to the end, seat ``s`` played by the agent named
    ``agents[s]`` with ``random.Random(agent_seeds[s])``; the final state and the steps taken.

    Agents decide only through ``act(Decision.of(state))``, as in :mod:`bodoge.arena.simulate`.
    """
    state = game.new_state(seed)
    players = [
        make_agent(name, game, seat, random.Random(agent_seed))
        for seat, (name, agent_seed) in enumerate(zip(agents, agent_seeds, strict=True))
    ]
    return state, play_out(state, players)


def play_out(state: State, players: Sequence[Agent]) -> int:
    """Play ``state`` on to the end of its game, seat ``s`` deciding as ``players[s]``; the
    steps taken. For agents that are not registered by name (a bench's own, or a style of the
    plan); :func:`play_seated` makes its agents by name and plays them here."""
    steps = 0
    while (seat := state.current_player) is not None:
        state.apply(players[seat].act(Decision.of(state)))
        steps += 1
    return steps


@lru_cache(maxsize=16)
def _game(name: str, players: int, variant: str, turn_cap: int | None, cards: str | None) -> Game:
    return make(name, players=players, variant=variant, cards=cards, turn_cap=turn_cap)


def play_job(job: GameJob) -> MatchRecord:
    """Play one :class:`GameJob` (in whatever process runs it) and record it."""
    return play_job_state(job)[0]


def play_job_state(job: GameJob) -> tuple[MatchRecord, State]:
    """:func:`play_job`, with the finished game's state too (for whoever wants more of it)."""
    start = time.perf_counter()
    game = _game(job.game, job.players, job.variant, job.turn_cap, job.cards)
    state, steps = play_seated(game, job.agents, job.seed, job.agent_seeds)
    result = state.result()
    record = MatchRecord(
        index=job.index,
        round=job.round,
        seating=job.seating,
        seats=job.seats,
        seed=job.seed,
        winners=tuple(result.winners),
        ranks=tuple(result.ranks),
        scores=tuple(float(s) for s in result.scores),
        turns=count_turns(state, steps),
        steps=steps,
        truncated=result.truncated,
        seconds=round(time.perf_counter() - start, 6),
    )
    return record, state
