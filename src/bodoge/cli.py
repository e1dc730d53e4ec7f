"""The ``bodoge`` command: ``bodoge simulate``, ``bodoge play``, ``bodoge rules``,
``bodoge replay``, ``bodoge arena``, ``bodoge balance``, ``bodoge serve`` and ``bodoge native``.

Bad arguments (an unknown game, a player count the game does not allow, an unknown seat or
language, a card file that cannot be loaded, an output path that cannot be written, a port that
is taken) get one line on stderr and exit code 2, never a traceback.
"""

from __future__ import annotations

import errno
import json
import os
import random
import socket
import sys
from importlib.metadata import version as package_version
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.table import Table
from rich.text import Text

from bodoge.arena.command import (
    GAME_HELP,
    VARIANT_HELP,
    CardsOption,
    arena_command,
    check_output,
    game_title,
    os_reason,
    output_errors,
)
from bodoge.arena.simulate import DEFAULT_SEAT, DEFAULT_TURN_CAP, SimulationReport, simulate
from bodoge.balance.command import balance_command
from bodoge.cli_lang import (
    LOCALE_DEFAULT,
    Command,
    Group,
    Listed,
    check_lang,
    help_text,
    usage_error,
)
from bodoge.core.errors import BodogeError
from bodoge.core.i18n import text
from bodoge.core.registry import make
from bodoge.play import LEVELS, agent_names, parse_seats
from bodoge.progress import progress_bar
from bodoge.screen import print_whole

__all__ = ["app", "main"]


app = typer.Typer(
    cls=Group,
    add_completion=False,
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    help=help_text("app"),
)

_BOTS = Listed(tuple(n for n in agent_names() if n not in LEVELS))
_LEVELS = Listed(tuple(LEVELS))
LANG_HELP = help_text("lang", default=LOCALE_DEFAULT)


def _seat_list(seats: str, lang: str) -> list[str]:
    """``--seats`` split at commas; an empty seat (``human,,random``) named as such, where
    ``parse_seats`` would call it an unknown seat ''."""
    names = seats.split(",")
    for seat, name in enumerate(names):
        if not name.strip():
            usage_error(text("cli.empty_seat", lang, seats=seats, seat=seat), lang)
    return names


def _version(shown: bool) -> None:
    if shown:
        typer.echo(text("cli.version", "en", version=package_version("bodoge")))
        raise typer.Exit()


@app.callback()
def _options(
    ctx: typer.Context,
    version: Annotated[
        bool,
        typer.Option("--version", callback=_version, is_eager=True, help=help_text("version")),
    ] = False,
    lang: Annotated[
        str | None, typer.Option(help=help_text("app.lang", default=LOCALE_DEFAULT))
    ] = None,
) -> None:
    """The options of ``bodoge`` itself (its help is the Typer's ``help`` above). Its ``--lang``
    is every command's: ``bodoge --lang ja play …`` plays as ``bodoge play … --lang ja`` does."""
    if lang is not None:
        ctx.default_map = {name: {"lang": lang} for name in getattr(ctx.command, "commands", {})}


# ------------------------------------------------------------------------------- simulate
def report_tables(report: SimulationReport, lang: str) -> list[Text | Table]:
    """A title line (and one naming the card file played with, if not the game's own), the
    summary table and the table of seats, for people."""

    def t(key: str, **values: object) -> str:
        return text(key, lang, **values)

    cap = report.turn_cap if report.turn_cap is not None else t("cli.sim.no_cap")
    title = Text(
        t(
            "cli.sim.title",
            game=game_title(report.game, lang),
            games=report.games,
            players=report.players,
            seed=report.seed,
            cap=cap,
        )
    )
    summary = Table()
    summary.add_column(t("cli.sim.figure"))
    summary.add_column(t("cli.sim.value"), justify="right")
    summary.add_row(t("cli.sim.games"), str(report.games))
    summary.add_row(t("cli.sim.turns_mean"), f"{report.turns_mean:.1f}")
    summary.add_row(t("cli.sim.turns_median"), f"{report.turns_median:.1f}")
    summary.add_row(t("cli.sim.steps_mean"), f"{report.steps_mean:.1f}")
    summary.add_row(
        t("cli.sim.truncated_share"), f"{report.truncated_share:.1%} ({report.truncated})"
    )
    summary.add_row(t("cli.sim.no_winner"), str(report.no_winner))

    seats = Table(caption=t("cli.sim.shared_note"), caption_justify="left")
    for key in ("seat", "agent", "wins", "wins_split", "win_share", "mean_score", "mean_rank"):
        # fold: a Japanese header has no space to wrap at, and cut short it would say "勝利数（ …"
        seats.add_column(
            t(f"cli.sim.{key}"), justify="left" if key == "agent" else "right", overflow="fold"
        )
    for seat in range(report.players):
        seats.add_row(
            str(seat),
            report.seats[seat],
            str(report.wins[seat]),
            f"{report.split_wins[seat]:.1f}",
            f"{report.win_shares[seat]:.1%}",
            f"{report.mean_scores[seat]:.2f}",
            f"{report.mean_ranks[seat]:.2f}",
        )
    if report.cards is None:
        return [title, summary, seats]
    return [title, Text(t("cli.cards_used", file=report.cards.file)), summary, seats]


@app.command("simulate", cls=Command, help=help_text("simulate"))
def simulate_command(
    game: Annotated[str, typer.Argument(help=GAME_HELP)],
    players: Annotated[int | None, typer.Option(help=help_text("players"))] = None,
    games: Annotated[int, typer.Option(help=help_text("simulate.games"))] = 1000,
    seed: Annotated[int, typer.Option(help=help_text("simulate.seed"))] = 1,
    turn_cap: Annotated[int, typer.Option(help=help_text("turn_cap"))] = DEFAULT_TURN_CAP,
    seats: Annotated[
        str | None,
        typer.Option(
            help=help_text("simulate.seats", default=DEFAULT_SEAT, bots=_BOTS, levels=_LEVELS)
        ),
    ] = None,
    variant: Annotated[str, typer.Option(help=VARIANT_HELP)] = "basic",
    cards: CardsOption = None,
    json_file: Annotated[
        Path | None, typer.Option("--json", help=help_text("simulate.json"))
    ] = None,
    lang: Annotated[
        str | None, typer.Option(help=help_text("simulate.lang", default=LOCALE_DEFAULT))
    ] = None,
) -> None:
    """Many games between bots, summed up (``bodoge simulate``)."""
    lang = check_lang(lang)
    if games < 1:
        usage_error(text("arena.bad_games", lang, games=games), lang)
    if turn_cap < 0:
        usage_error(text("arena.bad_turn_cap", lang, cap=turn_cap), lang)
    seat_list = None if seats is None else _seat_list(seats, lang)
    try:
        count = players if seat_list is None else len(seat_list)
        make(game, players=count, variant=variant, cards=cards)
        if seat_list is not None:
            parse_seats(seat_list, allow_human=False)
        check_output(json_file, "--json", lang)
        with progress_bar() as bar:
            title = game_title(game, lang)
            task = bar.add_task(text("cli.sim.progress", lang, game=title), total=games)
            report = simulate(
                game,
                players=players,
                games=games,
                seed=seed,
                turn_cap=turn_cap,
                seats=seat_list,
                variant=variant,
                progress=lambda done, _total: bar.update(task, completed=done),
                cards=cards,
            )
    except BodogeError as exc:
        usage_error(exc.text(lang), lang)
    out = Console(highlight=False)
    print_whole(out, report_tables(report, lang))
    if json_file is not None:
        with output_errors(json_file, lang):
            json_file.write_text(
                json.dumps(report.to_dict(), ensure_ascii=False, indent=2) + "\n", encoding="utf-8"
            )
        out.print(Text(text("cli.sim.json_written", lang, path=str(json_file))))


# ------------------------------------------------------------------------------- play
@app.command("play", cls=Command, help=help_text("play"))
def play_command(
    game: Annotated[str, typer.Argument(help=GAME_HELP)],
    seats: Annotated[
        str, typer.Option(help=help_text("play.seats", bots=_BOTS, levels=_LEVELS))
    ] = "human,random,random",
    lang: Annotated[str | None, typer.Option(help=LANG_HELP)] = None,
    seed: Annotated[int | None, typer.Option(help=help_text("play.seed"))] = None,
    variant: Annotated[str, typer.Option(help=VARIANT_HELP)] = "basic",
    turn_cap: Annotated[int, typer.Option(help=help_text("play.turn_cap"))] = 0,
    cards: CardsOption = None,
) -> None:
    """A game in the terminal (``bodoge play``)."""
    from bodoge.play.terminal import TerminalPlay

    lang = check_lang(lang)
    chosen_seed = seed if seed is not None else random.SystemRandom().randrange(10**6)
    try:
        seat_list = parse_seats(_seat_list(seats, lang))
        if turn_cap < 0:
            usage_error(text("arena.bad_turn_cap", lang, cap=turn_cap), lang)
        the_game = make(
            game, players=len(seat_list), variant=variant, cards=cards, turn_cap=turn_cap or None
        )
        card_file = None if cards is None else str(cards)
        session = TerminalPlay(the_game, seat_list, chosen_seed, lang=lang, cards_file=card_file)
    except BodogeError as exc:
        usage_error(exc.text(lang), lang)
    session.run()


# ------------------------------------------------------------------------------- rules
@app.command("rules", cls=Command, help=help_text("rules"))
def rules_command(
    game: Annotated[str, typer.Argument(help=GAME_HELP)],
    lang: Annotated[str | None, typer.Option(help=LANG_HELP)] = None,
) -> None:
    """A game's rules page in the terminal (``bodoge rules``)."""
    from bodoge.play.rules import TerminalPager, rules_file, show_rules

    lang = check_lang(lang)
    try:
        the_game = make(game)
    except BodogeError as exc:
        usage_error(exc.text(lang), lang)
    source = rules_file(the_game.name, lang)
    if not source.is_file():
        usage_error(text("cli.rules.missing", lang, game=game_title(game, lang), path=source), lang)
    out = Console(highlight=False)
    paged = out.is_terminal and sys.stdin.isatty()
    show_rules(the_game, lang, out, TerminalPager() if paged else None)


# ------------------------------------------------------------------------------- replay
@app.command("replay", cls=Command, help=help_text("replay"))
def replay_command(
    file: Annotated[Path, typer.Argument(help=help_text("replay.file"))],
    seat: Annotated[int | None, typer.Option(help=help_text("replay.seat"))] = None,
    lang: Annotated[str | None, typer.Option(help=LANG_HELP)] = None,
) -> None:
    """A finished game's record, step by step (``bodoge replay``)."""
    from bodoge.play.replay import TerminalReplay, load_record

    lang = check_lang(lang)
    try:
        session = TerminalReplay(load_record(file), seat, lang)
    except BodogeError as exc:
        usage_error(exc.text(lang), lang)
    if sys.stdin.isatty() and session.console.is_terminal:
        session.run()
    else:
        session.print_all()


# ------------------------------------------------------------------------------- serve
LOG_LEVELS = ("debug", "info", "warning", "error")
"""The levels of ``serve --log-level``, the most said first."""


def _default_bot_workers() -> int:
    """The cores this process may use less one (the server's own), at least 1 and at most 4."""
    try:
        cores = len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        cores = os.cpu_count() or 1
    return max(1, min(4, cores - 1))


DEFAULT_BOT_WORKERS = _default_bot_workers()


@app.command("serve", cls=Command, help=help_text("serve"))
def serve_command(
    host: Annotated[str, typer.Option(help=help_text("serve.host"))] = "127.0.0.1",
    port: Annotated[int, typer.Option(help=help_text("serve.port"))] = 8000,
    db: Annotated[str | None, typer.Option(help=help_text("serve.db"))] = None,
    bot_workers: Annotated[
        int, typer.Option(help=help_text("serve.bot_workers"))
    ] = DEFAULT_BOT_WORKERS,
    sockets_per_address: Annotated[
        int, typer.Option(help=help_text("serve.sockets_per_address"))
    ] = 20,  # bodoge.server.limits.SOCKETS_PER_ADDRESS (not imported: it brings the whole app)
    room_limit: Annotated[int | None, typer.Option(help=help_text("serve.room_limit"))] = None,
    log_level: Annotated[str, typer.Option(help=help_text("serve.log_level"))] = "info",
    access_log: Annotated[
        bool, typer.Option("--access-log", help=help_text("serve.access_log"))
    ] = False,
    forwarded_allow_ips: Annotated[
        str | None, typer.Option(help=help_text("serve.forwarded_allow_ips"))
    ] = None,
    away_minutes: Annotated[float, typer.Option(help=help_text("serve.away_minutes"))] = 2.0,
    root_path: Annotated[str, typer.Option(help=help_text("serve.root_path"))] = "",
    lang: Annotated[
        str | None, typer.Option(help=help_text("serve.lang", default=LOCALE_DEFAULT))
    ] = None,
) -> None:
    """The server (``bodoge serve``)."""
    lang = check_lang(lang)
    if bot_workers < 1:
        usage_error(text("cli.serve.bad_workers", lang, workers=bot_workers), lang)
    if sockets_per_address < 0:
        usage_error(text("cli.serve.bad_sockets", lang, value=sockets_per_address), lang)
    # not Typer's min=0: the help would write its type "<float range> [x>=0]", a wide column
    if away_minutes < 0:
        usage_error(text("cli.serve.bad_away", lang, minutes=away_minutes), lang)
    if room_limit is not None and room_limit < 0:
        usage_error(text("cli.serve.bad_room_limit", lang, limit=room_limit), lang)
    if log_level not in LOG_LEVELS:
        usage_error(text("cli.serve.bad_log_level", lang, level=log_level), lang)
    from bodoge.server.root import good_root_path

    if not good_root_path(root_path):
        usage_error(text("cli.serve.bad_root_path", lang, value=root_path), lang)
    sock = _check_port(host, port, lang)
    from bodoge.server.paths import default_db_url

    db_url = db or default_db_url()
    try:
        _check_db(db_url, lang)
    except BaseException:  # the one-line refusal: the port is let go at once
        sock.close()
        raise
    from bodoge.server.limits import MADE_PER_MINUTE
    from bodoge.server.serve import serve

    try:
        serve(
            host,
            port,
            db_url,
            sock=sock,
            bot_workers=bot_workers,
            lang=lang,
            log_level=log_level,
            access_log=access_log,
            room_limit=MADE_PER_MINUTE if room_limit is None else room_limit,
            forwarded_allow_ips=forwarded_allow_ips,
            away_minutes=away_minutes,
            sockets_per_address=sockets_per_address,
            root_path=root_path,
        )
    except BodogeError as exc:
        usage_error(exc.text(lang), lang)


def _check_port(host: str, port: int, lang: str) -> socket.socket:
    """One line and exit 2 for a port out of range or one that cannot be bound (taken, say);
    else the socket bound as uvicorn would bind it, which the server then listens on: the port
    is held before the database is opened, and uvicorn never fails on it after ``serve`` has
    said it is serving."""
    if not 1 <= port <= 65535:  # 0 would be a port the OS picks, not the one announced
        usage_error(text("cli.serve.bad_port", lang, port=port), lang)
    family = socket.AF_INET6 if ":" in host else socket.AF_INET  # as uvicorn picks it
    held = socket.socket(family, socket.SOCK_STREAM)
    held.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as uvicorn sets it
    try:
        held.bind((host, port))
    except OSError as exc:
        held.close()
        if exc.errno == errno.EADDRINUSE:
            usage_error(text("cli.serve.port_in_use", lang, host=host, port=port), lang)
        reason = os_reason(exc, lang)
        usage_error(
            text("cli.serve.cannot_listen", lang, host=host, port=port, reason=reason), lang
        )
    return held


def _check_db(url: str, lang: str) -> None:
    """One line and exit 2 for a database bodoge cannot keep games in: not SQLite or PostgreSQL,
    or an SQLite file whose folder cannot be made or written (a read-only place, ``/proc``);
    the database itself is opened (and migrated) by ``serve``, after the port is held."""
    kind = url.partition("://")[0].partition("+")[0]
    if kind not in ("sqlite", "postgresql", "postgres") or "://" not in url:
        usage_error(
            text("cli.serve.db_kind", lang, db=f"{kind}://…" if "://" in url else url), lang
        )
    raw = url.removeprefix("sqlite:///")
    if kind != "sqlite" or raw == url or raw in ("", ":memory:"):
        return
    path = Path(raw)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        folder = exc.filename or path.parent
        reason = os_reason(exc, lang)
        usage_error(text("cli.serve.db_folder", lang, path=raw, folder=folder, reason=reason), lang)
    check_output(path, "--db", lang)


# ------------------------------------------------------------------------------ native
@app.command("native", cls=Command, help=help_text("native"))
def native_command(
    build: Annotated[bool, typer.Option("--build", help=help_text("native.build"))] = False,
    force: Annotated[bool, typer.Option(help=help_text("native.force"))] = False,
    lang: Annotated[str | None, typer.Option(help=LANG_HELP)] = None,
) -> None:
    """Whether the engines run compiled (``bodoge native``)."""
    from bodoge import native

    lang = check_lang(lang)
    if build:
        try:
            if force or not native.current():
                typer.echo(text("native.compiling", lang), err=True)
            typer.echo(native.build(force=force, lang=lang))
        except native.NoCheckout as exc:
            usage_error(exc.text(lang), lang)
    else:
        typer.echo(native.status(lang))


app.command("arena", cls=Command, help=help_text("arena"))(arena_command)
app.command("balance", cls=Command, help=help_text("balance"))(balance_command)


def main() -> None:
    """The ``bodoge`` entry point."""
    app()


if __name__ == "__main__":
    main()
