"""A balance report: play the games, sum them up, write the Markdown, the plots and the JSON.

>>> import bodoge
>>> game = bodoge.games()[0]
>>> report = run_balance(game, players=[2], games=2, turn_cap=12, workers=1)
>>> sorted(report.figures), report.figures[2].games
([2], 2)
>>> report.command().replace(game, "GAME")
'bodoge balance GAME --players 2 --games 2 --bot heuristic --seed 1 --turn-cap 12'

Played with a card file of one's own (``cards``), the report names it, and so does its command.
"""

from __future__ import annotations

import json
import shlex
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from bodoge.arena.simulate import DEFAULT_TURN_CAP, CardsUsed, cards_dict
from bodoge.arena.workers import Progress
from bodoge.balance.hooks import BalanceHooks, balance_hooks
from bodoge.balance.records import BalanceRecord, play_balance
from bodoge.core.game import Game
from bodoge.core.registry import make

if TYPE_CHECKING:  # NumPy (of the arena's statistics) is imported on first use
    from bodoge.balance.stats import CountFigures

__all__ = [
    "DEFAULT_BOT",
    "DEFAULT_GAMES",
    "BalanceReport",
    "default_out",
    "report_name",
    "run_balance",
]

DEFAULT_BOT = "heuristic"
DEFAULT_GAMES = 500


@dataclass(frozen=True)
class BalanceReport:
    """The settings, every game's record by player count, and their figures."""

    game: str
    variant: str
    bot: str
    seed: int
    turn_cap: int | None
    games: int
    records: dict[int, list[BalanceRecord]]
    figures: dict[int, CountFigures]
    cards: CardsUsed | None = None

    @property
    def players(self) -> tuple[int, ...]:
        return tuple(self.figures)

    def make_game(self, players: int | None = None) -> Game:
        return make(
            self.game,
            players=players or self.players[0],
            variant=self.variant,
            cards=None if self.cards is None else self.cards.path,
            turn_cap=self.turn_cap,
        )

    def hooks(self) -> BalanceHooks:
        return balance_hooks(self.make_game())

    def command(self, lang: str = "en") -> str:
        """The ``bodoge balance`` command line that makes this report (workers aside, which
        change nothing in it)."""
        words = ["bodoge", "balance", self.game]
        if len(type(self.make_game()).variants) > 1:
            words += ["--variant", self.variant]
        words += [
            "--players",
            ",".join(map(str, self.players)),
            "--games",
            str(self.games),
            "--bot",
            self.bot,
            "--seed",
            str(self.seed),
            "--turn-cap",
            str(self.turn_cap or 0),
        ]
        if self.cards is not None:
            words += ["--cards", shlex.quote(self.cards.file)]
        if lang != "en":
            words += ["--lang", lang]
        return " ".join(words)

    def to_dict(self) -> dict[str, Any]:
        """Every figure, JSON-ready (no wall-clock times: the same command gives the same)."""
        settings = ("game", "variant", "bot", "seed", "turn_cap", "games")
        return {
            **{name: getattr(self, name) for name in settings},
            "cards": cards_dict(self.cards),
            "command": self.command(),
            "player_counts": [self.figures[n].to_dict() for n in self.players],
        }

    def write_json(self, path: Path) -> None:
        path.write_text(
            json.dumps(self.to_dict(), ensure_ascii=False, indent=2) + "\n", encoding="utf-8"
        )


def report_name(game: str, variant: str) -> str:
    """``<game>``, with ``-<variant>`` for a game that has several variants: the name of the
    shipped report's folder, ``docs/balance/<name>``.

    >>> import bodoge
    >>> game = bodoge.games()[0]
    >>> report_name(game, "basic") in (game, f"{game}-basic")
    True
    """
    several = len(type(make(game, variant=variant)).variants) > 1
    return f"{game}-{variant}" if several else game


def default_out(game: str, variant: str, now: datetime) -> Path:
    """A new folder in the current one, named after the game and ``now``: a trial run never
    writes over another report (the shipped ones are made with ``--out docs/balance/<name>``).

    >>> import bodoge
    >>> game = bodoge.games()[0]
    >>> out = default_out(game, "basic", datetime(2026, 12, 1, 10, 5, 9))
    >>> out.name == f"balance-{report_name(game, 'basic')}-20261201-100509"
    True
    """
    stem = f"balance-{report_name(game, variant)}-{now:%Y%m%d-%H%M%S}"
    folder, n = Path(stem), 1
    while folder.exists():
        n += 1
        folder = Path(f"{stem}-{n}")
    return folder


def run_balance(
    game: str,
    players: Sequence[int] | None = None,
    games: int = DEFAULT_GAMES,
    bot: str = DEFAULT_BOT,
    seed: int = 1,
    turn_cap: int | None = DEFAULT_TURN_CAP,
    variant: str = "basic",
    workers: int = 2,
    ray: str | None = None,
    progress: Progress | None = None,
    cards: str | Path | None = None,
) -> BalanceReport:
    """Play and sum up ``games`` games per player count (default: every count the game allows)
    with ``bot`` in every seat, with the card file ``cards`` (None: the game's own). Raises
    ``BodogeError`` (one line) on bad arguments, before any game is played."""
    cls = type(make(game, variant=variant, cards=cards))
    counts = list(players) if players else list(range(cls.min_players, cls.max_players + 1))
    cap = turn_cap or None
    used = CardsUsed.of(cards)
    records = play_balance(
        game,
        bot,
        counts,
        games,
        seed,
        cap,
        variant,
        workers=workers,
        ray=ray,
        progress=progress,
        cards=cards,
    )
    from bodoge.balance.stats import count_figures

    hooks = balance_hooks(make(game, players=counts[0], variant=variant, cards=cards))
    figures = {n: count_figures(records[n], n, hooks.endings) for n in counts}
    return BalanceReport(
        game=cls.name,
        variant=variant,
        bot=bot,
        seed=seed,
        turn_cap=cap,
        games=games,
        records=records,
        figures=figures,
        cards=used,
    )
