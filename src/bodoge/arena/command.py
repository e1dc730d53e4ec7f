"""``bodoge arena``: a tournament between bots, its tables, and its JSON, CSV and plots.

:func:`arena_command` is the Typer command (registered in ``bodoge.cli`` as ``arena``);
:func:`run_arena` does the same work for code and returns an :class:`ArenaReport`.
Bad arguments get one line on stderr and exit code 2.

>>> report = run_arena("extreme-mission", ["random", "random"], players=2, games=2, turn_cap=10,
...                    workers=1)
>>> report.tournament.labels, len(report.records), [b.plays for b in report.stats.bots]
(('random#1', 'random#2'), 2, [2, 2])
"""

from __future__ import annotations

import csv
import errno
import json
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, NoReturn

import typer
from rich.console import Console
from rich.table import Table
from rich.text import Text

from bodoge.arena.simulate import DEFAULT_TURN_CAP
from bodoge.arena.tournament import MatchRecord, Tournament, plan
from bodoge.arena.workers import Progress as ProgressCallback
from bodoge.arena.workers import run_jobs
from bodoge.cli_lang import LOCALE_DEFAULT, Listed, check_lang, help_text, usage_error
from bodoge.core.errors import BodogeError
from bodoge.core.i18n import Message, catalogue, text
from bodoge.core.registry import game_class
from bodoge.core.registry import games as game_names
from bodoge.progress import progress_bar
from bodoge.screen import print_whole

if TYPE_CHECKING:  # NumPy is imported on first use, not by every `bodoge` command
    from bodoge.arena.stats import ArenaStats

__all__ = [
    "GAME_HELP",
    "VARIANT_HELP",
    "ArenaReport",
    "CardsOption",
    "RayOption",
    "TurnCapOption",
    "WorkersOption",
    "arena_command",
    "check_output",
    "check_run_options",
    "game_title",
    "os_reason",
    "output_errors",
    "report_tables",
    "run_arena",
    "write_csv",
    "write_json",
]

# Options that every command running many games takes alike.
WorkersOption = Annotated[int, typer.Option(help=help_text("workers"))]
RayOption = Annotated[str | None, typer.Option("--ray", help=help_text("ray"))]
TurnCapOption = Annotated[int, typer.Option(help=help_text("turn_cap"))]
CardsOption = Annotated[Path | None, typer.Option("--cards", help=help_text("cards"))]


def _variants_help() -> str:
    """Every variant the games declare, with the games it is for unless it is for all."""
    names = game_names()
    by_variant: dict[str, list[str]] = {}
    for name in names:
        for variant in game_class(name).variants:
            by_variant.setdefault(variant, []).append(name)
    listed = [
        v
        if len(games) == len(names)
        else Message("cli.help.variant_of", {"variant": v, "games": Listed(tuple(games))})
        for v, games in by_variant.items()
    ]
    return help_text("variant", variants=Listed(tuple(listed)))


# Help of the game argument and --variant of every command, from the games registered.
GAME_HELP = help_text("game", games=Listed(tuple(game_names())))
VARIANT_HELP = _variants_help()


@dataclass(frozen=True)
class ArenaReport:
    """A played tournament: its plan, every game's record (in game order) and the figures."""

    tournament: Tournament
    records: list[MatchRecord]
    stats: ArenaStats

    def to_dict(self) -> dict[str, Any]:
        """Everything, JSON-ready: settings, figures and every game's record. ``game_seconds``
        (the games' time added up) and each record's ``seconds`` are wall-clock times, the only
        figures that differ between two runs of the same command."""
        return {
            **self.tournament.settings(),
            **self.stats.to_dict(),
            "game_seconds": round(sum(r.seconds for r in self.records), 6),
            "records": [r.to_dict() for r in self.records],
        }


def run_arena(
    game: str,
    bots: list[str],
    players: int | None = None,
    games: int = 120,
    seed: int = 1,
    turn_cap: int | None = DEFAULT_TURN_CAP,
    variant: str = "basic",
    workers: int = 2,
    ray: str | None = None,
    progress: ProgressCallback | None = None,
    cards: str | Path | None = None,
) -> ArenaReport:
    """Plan, play and sum up a tournament (see :mod:`bodoge.arena.tournament`); ``cards`` is a
    card file to play with instead of the game's own."""
    tournament = plan(
        game,
        bots,
        players=players,
        games=games,
        seed=seed,
        turn_cap=turn_cap,
        variant=variant,
        cards=cards,
    )
    return play_tournament(tournament, workers=workers, ray=ray, progress=progress)


def play_tournament(
    tournament: Tournament,
    workers: int = 2,
    ray: str | None = None,
    progress: ProgressCallback | None = None,
) -> ArenaReport:
    """Play a planned tournament's games and sum them up."""
    from bodoge.arena.stats import summarize

    records = run_jobs(tournament.jobs(), workers=workers, ray=ray, progress=progress)
    stats = summarize(records, tournament.labels, tournament.bots)
    return ArenaReport(tournament, records, stats)


def write_json(report: ArenaReport, path: Path) -> None:
    path.write_text(
        json.dumps(report.to_dict(), ensure_ascii=False, indent=2) + "\n", encoding="utf-8"
    )


def write_csv(report: ArenaReport, path: Path) -> None:
    """One row per game: its numbers, then each seat's bot, rank and score."""
    players = report.tournament.players
    header = [
        "index",
        "round",
        "seating",
        "seed",
        "turns",
        "steps",
        "truncated",
        "winners",
        "seconds",
    ]
    for seat in range(players):
        header += [f"seat{seat}_bot", f"seat{seat}_rank", f"seat{seat}_score"]
    with path.open("w", encoding="utf-8", newline="") as out:
        writer = csv.writer(out)
        writer.writerow(header)
        for r in report.records:
            row: list[object] = [
                r.index,
                r.round,
                r.seating,
                r.seed,
                r.turns,
                r.steps,
                int(r.truncated),
                ";".join(str(w) for w in r.winners),
                r.seconds,
            ]
            for seat in range(players):
                row += [r.seats[seat], r.ranks[seat], r.scores[seat]]
            writer.writerow(row)


def game_title(name: str, lang: str) -> str:
    """A game's title in ``lang`` as the game declares it (``Extreme Mission``), else its name."""
    titles: dict[str, str] = getattr(game_class(name), "title", {})
    return titles.get(lang, name)


def variant_words(variant: str, lang: str) -> str:
    """A rules variant in ``lang`` (``ベーシック``), as ``play`` names it."""
    key = f"play.value.variant.{variant}"
    return text(key, lang) if key in catalogue() else variant


def _pct(value: float | None) -> str:
    return "—" if value is None else f"{value:.1%}"


def report_tables(report: ArenaReport, lang: str) -> list[Text | Table]:
    """The title, notes and tables for people, in ``lang``."""

    def t(key: str, **values: object) -> str:
        return text(key, lang, **values)

    tour, stats = report.tournament, report.stats
    cap = tour.turn_cap if tour.turn_cap is not None else t("arena.no_cap")
    out: list[Text | Table] = [
        Text(
            t(
                "arena.title",
                game=game_title(tour.game, lang),
                variant=variant_words(tour.variant, lang),
                games=tour.games,
                players=tour.players,
                seatings=len(tour.seatings),
                rounds=tour.rounds,
                seed=tour.seed,
                cap=cap,
            )
        )
    ]
    if tour.cards is not None:
        out.append(Text(t("cli.cards_used", file=tour.cards.file)))
    if tour.games != tour.games_requested:
        out.append(
            Text(
                t(
                    "arena.rounded",
                    requested=tour.games_requested,
                    games=tour.games,
                    rounds=tour.rounds,
                )
            )
        )

    anchor = t("arena.anchor_random" if "random" in tour.bots else "arena.anchor_mean")
    bots = Table(
        title=t("arena.bots_title"),
        caption_justify="left",
        caption=t("arena.bots_note", even=f"{1 / tour.players:.1%}", anchor=anchor),
    )
    for key in ("bot", "plays", "wins", "win_rate", "interval", "mean_score", "mean_rank", "elo"):
        bots.add_column(
            t(f"arena.col.{key}"),
            justify="left" if key == "bot" else "right",
            min_width=max(map(len, tour.labels)) if key == "bot" else None,
        )
    for b in sorted(stats.bots, key=lambda b: -b.elo):
        bots.add_row(
            b.label,
            str(b.plays),
            f"{b.wins:.1f}",  # split wins: thirds are no whole numbers
            _pct(b.win_rate),
            f"{100 * b.ci_low:.1f}–{100 * b.ci_high:.1f}",
            f"{b.mean_score:.2f}",
            f"{b.mean_rank:.2f}",
            f"{b.elo:.0f}",
        )
    out.append(bots)

    seats = Table(title=t("arena.seats_title"))
    seats.add_column(t("arena.col.seat"), justify="right")
    seats.add_column(t("arena.col.games"), justify="right")
    seats.add_column(t("arena.col.all"), justify="right")
    for label in tour.labels:
        seats.add_column(label, justify="right")
    for s in stats.seats:
        seats.add_row(
            str(s.seat),
            str(s.games),
            _pct(s.win_rate),
            *(_pct(s.by_bot[label]) for label in tour.labels),
        )
    out.append(seats)

    if len(tour.labels) > 1:
        h2h = Table(title=t("arena.h2h_title"))
        h2h.add_column("")
        for label in tour.labels:
            h2h.add_column(label, justify="right")
        for label, row in zip(tour.labels, stats.head_to_head.rate, strict=True):
            h2h.add_row(label, *(_pct(v) for v in row))
        out.append(h2h)

    length = stats.length
    table = Table(title=t("arena.length_title"))
    table.add_column(t("arena.col.figure"))
    table.add_column(t("arena.col.value"), justify="right")
    table.add_row(t("arena.length.turns_mean"), f"{length.turns_mean:.1f}")
    table.add_row(t("arena.length.turns_median"), f"{length.turns_median:.1f}")
    table.add_row(t("arena.length.steps_mean"), f"{length.steps_mean:.1f}")
    table.add_row(t("arena.length.steps_median"), f"{length.steps_median:.1f}")
    table.add_row(t("arena.length.truncated"), f"{length.truncated_share:.1%} ({length.truncated})")
    table.add_row(t("arena.length.no_winner"), str(length.no_winner))
    out.append(table)
    return out


# errno -> the catalogue's words for it; other errors are given in the system's words.
_REASONS = {
    errno.ENOSPC: "full",
    errno.EDQUOT: "full",
    errno.EACCES: "denied",
    errno.EPERM: "denied",
    errno.EROFS: "read_only",
    errno.ENOENT: "refused",  # a folder that exists but makes no files: /proc, say
    errno.EOPNOTSUPP: "refused",
}


def os_reason(exc: OSError, lang: str) -> str:
    """Why an operating-system call failed, in ``lang`` where the catalogue has the words."""
    key = _REASONS.get(exc.errno) if exc.errno is not None else None
    if key is not None:
        return text(f"cli.out.reason.{key}", lang)
    return text("cli.out.reason.other", lang, detail=exc.strerror or str(exc))


def check_output(path: Path | None, option: str, lang: str, *, folder: bool = False) -> None:
    """Fail with one line and exit 2 unless ``path`` can be written, before any game is played
    (so a mistyped path loses no work). A file's folder must exist and take new files, and the
    file must not be a folder. A ``folder`` is made at the end with any missing parents (as
    :func:`~bodoge.arena.plots.write_plots` does): it, or the nearest folder above it, must
    exist as a folder and take new ones. Only a temporary file is made, and removed."""
    if path is None:
        return

    def fail(key: str, **fields: object) -> NoReturn:
        usage_error(text(key, lang, option=option, path=str(path), **fields), lang)

    if not folder and path.is_dir():
        fail("cli.out.is_folder")
    where = path if folder else path.parent
    if folder:
        while not where.exists() and where != where.parent:
            where = where.parent
    if not where.exists():
        fail("cli.out.no_folder", folder=str(where))
    if not where.is_dir():
        fail("cli.out.not_folder", folder=str(where))
    try:
        # Writing is the only sure test: os.access says yes to root even where nothing can be
        # written (/proc, a read-only mount).
        with tempfile.TemporaryFile(dir=where):
            pass
        if not folder and path.exists():
            with path.open("ab"):  # appends nothing: only whether it may be written
                pass
    except OSError as exc:
        fail("cli.out.not_writable", folder=str(where), reason=os_reason(exc, lang))


@contextmanager
def output_errors(path: Path, lang: str) -> Iterator[None]:
    """An error while writing ``path`` at the end (a full disk, say): one line and exit 2."""
    try:
        yield
    except OSError as exc:
        usage_error(
            text("cli.out.write_failed", lang, path=str(path), reason=os_reason(exc, lang)), lang
        )


def check_run_options(lang: str | None, games: int, workers: int, turn_cap: int) -> str:
    """The options of a run of games that can be wrong on their own: one line and exit 2. The
    language to speak in (:func:`check_lang`)."""
    lang = check_lang(lang)
    if games < 1:
        usage_error(text("arena.bad_games", lang, games=games), lang)
    if workers < 1:
        usage_error(text("arena.bad_workers", lang, workers=workers), lang)
    if turn_cap < 0:
        usage_error(text("arena.bad_turn_cap", lang, cap=turn_cap), lang)
    return lang


def arena_command(
    game: Annotated[str, typer.Argument(help=GAME_HELP)],
    bots: Annotated[str, typer.Option(help=help_text("arena.bots"))],
    players: Annotated[int | None, typer.Option(help=help_text("players"))] = None,
    games: Annotated[int, typer.Option(help=help_text("arena.games"))] = 120,
    workers: WorkersOption = 2,
    ray: RayOption = None,
    seed: Annotated[int, typer.Option(help=help_text("arena.seed"))] = 1,
    turn_cap: TurnCapOption = DEFAULT_TURN_CAP,
    variant: Annotated[str, typer.Option(help=VARIANT_HELP)] = "basic",
    cards: CardsOption = None,
    json_file: Annotated[Path | None, typer.Option("--json", help=help_text("arena.json"))] = None,
    csv_file: Annotated[Path | None, typer.Option("--csv", help=help_text("arena.csv"))] = None,
    plots: Annotated[Path | None, typer.Option("--plots", help=help_text("arena.plots"))] = None,
    lang: Annotated[
        str | None, typer.Option(help=help_text("arena.lang", default=LOCALE_DEFAULT))
    ] = None,
) -> None:
    """A tournament between bots (``bodoge arena``; its help: ``cli.help.arena``)."""
    lang = check_run_options(lang, games, workers, turn_cap)
    check_output(json_file, "--json", lang)
    check_output(csv_file, "--csv", lang)
    check_output(plots, "--plots", lang, folder=True)
    try:
        # planned first: a bad bot or card file is one line before any progress bar
        tournament = plan(
            game,
            bots.split(","),
            players=players,
            games=games,
            seed=seed,
            turn_cap=turn_cap,
            variant=variant,
            cards=cards,
        )
        with progress_bar() as bar:
            title = game_title(tournament.game, lang)
            task = bar.add_task(text("arena.progress", lang, game=title), total=tournament.games)
            report = play_tournament(
                tournament,
                workers=workers,
                ray=ray,
                progress=lambda done, _total: bar.update(task, completed=done),
            )
    except BodogeError as exc:
        usage_error(exc.text(lang), lang)
    records = report.records
    out = Console(highlight=False)
    print_whole(out, report_tables(report, lang))
    if json_file is not None:
        with output_errors(json_file, lang):
            write_json(report, json_file)
        out.print(Text(text("arena.json_written", lang, path=str(json_file))), soft_wrap=True)
    if csv_file is not None:
        with output_errors(csv_file, lang):
            write_csv(report, csv_file)
        out.print(Text(text("arena.csv_written", lang, path=str(csv_file))), soft_wrap=True)
    if plots is not None:
        from bodoge.arena.plots import write_plots

        with output_errors(plots, lang):
            h2h, cap = report.stats.head_to_head, tournament.turn_cap
            _, used = write_plots(plots, h2h, records, lang, cap)
        out.print(Text(text("arena.plots_written", lang, path=str(plots))), soft_wrap=True)
        if used != lang:
            out.print(Text(text("arena.plots_english", lang)), soft_wrap=True)
