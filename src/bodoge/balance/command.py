"""``bodoge balance GAME``: a balance report of a game played by one bot in every seat.

Registered in ``bodoge.cli`` as ``balance``. Bad arguments get one line on stderr and exit code 2.
"""

from __future__ import annotations

from datetime import datetime
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.text import Text

from bodoge.arena.command import (
    GAME_HELP,
    VARIANT_HELP,
    CardsOption,
    RayOption,
    TurnCapOption,
    WorkersOption,
    check_output,
    check_run_options,
    game_title,
    output_errors,
)
from bodoge.arena.simulate import DEFAULT_TURN_CAP
from bodoge.balance.report import DEFAULT_BOT, DEFAULT_GAMES, default_out, run_balance
from bodoge.cli_lang import LOCALE_DEFAULT, help_text, usage_error
from bodoge.core.errors import BodogeError
from bodoge.core.i18n import text
from bodoge.core.registry import game_class, make
from bodoge.progress import progress_bar

__all__ = ["balance_command", "parse_players"]


def parse_players(spec: str) -> list[int]:
    """Player counts from ``2,3,4`` or ``2-5`` (or both), sorted, each once; ValueError when
    ``spec`` is not such a list.

    >>> parse_players("4,2-3,2")
    [2, 3, 4]
    """
    counts: set[int] = set()
    for part in spec.split(","):
        low, dash, high = part.strip().partition("-")
        first = int(low)
        last = int(high) if dash else first
        if first > last:
            raise ValueError(spec)
        counts.update(range(first, last + 1))
    return sorted(counts)


def _check_counts(game: str, players: str, counts: list[int], lang: str) -> None:
    """Every count the game allows, else one line naming those it does not, as typed: the game
    itself would name only the first (``2-9`` would read as "not 7")."""
    cls = game_class(game)
    out = [n for n in counts if not cls.min_players <= n <= cls.max_players]
    if out:
        usage_error(
            text(
                "balance.players_out",
                lang,
                players=players,
                game=cls.name,
                low=cls.min_players,
                high=cls.max_players,
                out=_ranges(out),
            ),
            lang,
        )


def _ranges(counts: list[int]) -> str:
    """``[1, 7, 8, 9]`` -> ``"1, 7-9"``: runs of counts as ranges, in the way they are typed.

    >>> _ranges([1, 7, 8, 9])
    '1, 7-9'
    """
    runs: list[list[int]] = []
    for n in counts:
        if runs and n == runs[-1][-1] + 1:
            runs[-1].append(n)
        else:
            runs.append([n])
    return ", ".join(str(r[0]) if len(r) == 1 else f"{r[0]}-{r[-1]}" for r in runs)


def balance_command(
    game: Annotated[str, typer.Argument(help=GAME_HELP)],
    players: Annotated[str | None, typer.Option(help=help_text("balance.players"))] = None,
    games: Annotated[int, typer.Option(help=help_text("balance.games"))] = DEFAULT_GAMES,
    bot: Annotated[str, typer.Option(help=help_text("balance.bot"))] = DEFAULT_BOT,
    variant: Annotated[str, typer.Option(help=VARIANT_HELP)] = "basic",
    cards: CardsOption = None,
    seed: Annotated[int, typer.Option(help=help_text("balance.seed"))] = 1,
    turn_cap: TurnCapOption = DEFAULT_TURN_CAP,
    workers: WorkersOption = 2,
    ray: RayOption = None,
    out: Annotated[Path | None, typer.Option(help=help_text("balance.out"))] = None,
    json_file: Annotated[
        Path | None, typer.Option("--json", help=help_text("balance.json"))
    ] = None,
    lang: Annotated[
        str | None, typer.Option(help=help_text("balance.lang", default=LOCALE_DEFAULT))
    ] = None,
) -> None:
    """The balance report of ``game`` (``bodoge balance``; its help: ``cli.help.balance``)."""
    lang = check_run_options(lang, games, workers, turn_cap)
    try:
        counts = None if players is None else parse_players(players)
    except ValueError:
        usage_error(text("balance.bad_players", lang, players=players), lang)
    try:
        if counts is not None:
            _check_counts(game, players or "", counts, lang)
        if cards is not None:  # a card file that cannot be loaded: said before anything is made
            make(game, variant=variant, cards=cards)
        folder = out if out is not None else default_out(game, variant, datetime.now())
        check_output(folder, "--out", lang, folder=True)
        check_output(json_file, "--json", lang)
        with progress_bar() as bar:
            title = game_title(game, lang)
            task = bar.add_task(text("balance.progress", lang, game=title), total=None)
            report = run_balance(
                game,
                players=counts,
                games=games,
                bot=bot,
                seed=seed,
                turn_cap=turn_cap,
                variant=variant,
                workers=workers,
                ray=ray,
                progress=lambda done, total: bar.update(task, completed=done, total=total),
                cards=cards,
            )
    except BodogeError as exc:
        usage_error(exc.text(lang), lang)
    from bodoge.balance.markdown import write_report

    with output_errors(folder, lang):
        path, used = write_report(report, folder, lang)
    console = Console(highlight=False)
    console.print(Text(text("balance.written", lang, path=str(path))), soft_wrap=True)
    if json_file is not None:
        with output_errors(json_file, lang):
            report.write_json(json_file)
        console.print(Text(text("balance.json_written", lang, path=str(json_file))), soft_wrap=True)
    if used != lang:
        console.print(Text(text("arena.plots_english", lang)), soft_wrap=True)
