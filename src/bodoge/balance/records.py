"""Balance games: played as tournament jobs (one bot in every seat), each recorded with what the
game's balance hooks read off its end: the cards each seat played and how it ended.

Seats are recorded as **turn positions**: position 0 is the start player (the spectator view's
``start_player`` where the game has one, else seat 0), then the others in turn order, so that a
game whose start player is drawn at random is measured by who moved first.

>>> import bodoge
>>> from bodoge.arena.tournament import plan
>>> job = plan(bodoge.games()[0], ["random"], players=2, games=1, turn_cap=6).job(0)
>>> record = play_balance_job(job)
>>> record.ending, record.match.turns, record.position(record.start_player)
('truncated', 6, 0)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from bodoge.arena.stats import win_share
from bodoge.arena.tournament import GameJob, MatchRecord, plan, play_job_state
from bodoge.arena.workers import Progress, run_tasks
from bodoge.balance.hooks import Use, balance_hooks
from bodoge.core.registry import make

__all__ = ["BalanceRecord", "play_balance", "play_balance_job"]


@dataclass(frozen=True, slots=True)
class BalanceRecord:
    """One balance game: its tournament record, its start player, how it ended, the cards each
    seat played (``(seat, kind, key)``, in log order, repeats kept) and what could be played
    (None: everything)."""

    match: MatchRecord
    start_player: int
    ending: str
    uses: tuple[Use, ...]
    offered: tuple[tuple[str, str], ...] | None

    @property
    def players(self) -> int:
        return self.match.players

    def position(self, seat: int) -> int:
        """The turn position of ``seat``: 0 for the start player."""
        return (seat - self.start_player) % self.players

    def win_share(self, seat: int) -> float:
        """The share of this game's win that ``seat`` has: 1/(winners) for a winner, else 0."""
        return win_share(self.match.winners, seat)


def play_balance_job(job: GameJob) -> BalanceRecord:
    """Play one job and record it with the game's balance hooks (in whatever process runs it)."""
    match, state = play_job_state(job)
    hooks = balance_hooks(state.game)
    view = state.view(None)
    result = state.result()
    start = view.get("start_player", 0)
    return BalanceRecord(
        match=match,
        start_player=start if isinstance(start, int) else 0,
        ending=hooks.ending(state.game, view, result),
        uses=tuple(hooks.uses(state.game, view, result)),
        offered=None if hooks.offered is None else tuple(hooks.offered(state.game, view)),
    )


def play_balance(
    game: str,
    bot: str,
    players: Sequence[int],
    games: int,
    seed: int,
    turn_cap: int | None,
    variant: str,
    workers: int = 2,
    ray: str | None = None,
    progress: Progress | None = None,
    cards: str | Path | None = None,
) -> dict[int, list[BalanceRecord]]:
    """Play ``games`` games of ``bot`` in every seat at each player count (all in one pool of
    workers), with the card file ``cards`` (None: the game's own); the records by player count,
    in game order. Raises ``BodogeError`` on bad arguments, before any game is played."""
    jobs: list[GameJob] = []
    for count in players:
        tournament = plan(
            game,
            [bot],
            players=count,
            games=games,
            seed=seed,
            turn_cap=turn_cap,
            variant=variant,
            cards=cards,
        )
        jobs += tournament.jobs()
    if players:  # a game without balance hooks fails here, not in every worker
        balance_hooks(make(game, players=players[0], variant=variant, cards=cards))
    records = run_tasks(jobs, play_balance_job, workers=workers, ray=ray, progress=progress)
    out: dict[int, list[BalanceRecord]] = {count: [] for count in players}
    for record in records:
        out[record.players].append(record)
    return out
