"""What ``bodoge simulate``, ``arena`` and ``balance`` print when their output is piped (``| cat``,
a file: 80 columns to Rich): whole tables, numbers alike, and the progress bar's words."""

from __future__ import annotations

import io
import json
import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from rich.cells import cell_len
from rich.console import Console
from rich.progress import Progress
from rich.table import Table
from rich.text import Text
from typer.testing import CliRunner

from bodoge.cli import app

runner = CliRunner()
PIPE = {"COLUMNS": "80"}  # what Rich assumes of a pipe anyway, said outright
SIMULATE = ["simulate", "ruler-of-mana", "--players", "3", "--games", "6", "--seed", "2"]
ARENA = ["arena", "ruler-of-mana", "--bots", "random,heuristic,easy", "--players", "2"]
ARENA += ["--games", "12", "--workers", "1"]


def piped(args: list[str]) -> str:
    """``bodoge args | cat``, run as a user runs it: a real pipe, not a test runner's capture."""
    out = subprocess.run(
        [sys.executable, "-m", "bodoge.cli", *args],
        capture_output=True,
        text=True,
        check=True,
        env={k: v for k, v in os.environ.items() if "COLOR" not in k and "TTY" not in k} | PIPE,
    )
    return out.stdout


def cells(out: str) -> list[str]:
    """Every cell of every table row, header rows too."""
    return [c.strip() for line in out.splitlines() for c in re.split("[│┃]", line)[1:-1]]


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("command", [SIMULATE, ARENA], ids=["simulate", "arena"])
def test_piped_tables_at_80_columns_are_whole(command: list[str], lang: str) -> None:
    """``83.9–1…``, a caption without its "%", ``エージェン ト``: nothing is cut or broken."""
    out = piped([*command, "--lang", lang])
    assert "…" not in out
    rows = [line for line in out.splitlines() if line[:1] in "┃│┏┡└"]
    for line in rows:  # every row has its right border: no table was cut at the 80th column
        assert line.rstrip()[-1] in "┃│┓┩┘", line
    assert max(len(line) for line in rows) > 80  # wider than the pipe, and whole
    joined = ("" if lang == "ja" else " ").join(line.strip() for line in out.splitlines())
    header = cells(out)
    words = ["エージェント", "勝利数（同率は等分）"] if lang == "ja" else ["wins (shared: split)"]
    if command is ARENA:
        words = ["95%区間", "Elo"] if lang == "ja" else ["95% CI (%)", "Elo"]
        intervals = [c for c in header if "–" in c]
        assert intervals and all(re.fullmatch(r"\d+\.\d–\d+\.\d", c) for c in intervals)
        note = "互角なら1出場あたり50.0%。" if lang == "ja" else "Even play: 50.0% a play."
        assert note in joined
    for word in words:
        assert word in header, (word, header[:12])


def test_simulate_gives_split_wins_to_one_decimal_and_in_its_json(tmp_path: Path) -> None:
    """ "wins (shared: split)" read 3.33333, and the JSON had no such figure."""
    out_json = tmp_path / "out.json"
    args = ["simulate", "extreme-mission", "--players", "3", "--games", "20", "--seed", "1"]
    result = runner.invoke(app, [*args, "--json", str(out_json)], env={"COLUMNS": "200"})
    assert result.exit_code == 0, result.output
    header = next(line for line in result.stdout.splitlines() if "┃ seat" in line)
    columns = [c.strip() for c in header.split("┃")[1:-1]]
    rows = [
        [c.strip() for c in line.split("│")[1:-1]]
        for line in result.stdout.splitlines()
        if line.startswith("│")
    ]
    seats = [row for row in rows if len(row) == len(columns) and row[0].isdigit()]
    split = [row[columns.index("wins (shared: split)")] for row in seats]
    assert all(re.fullmatch(r"\d+\.\d", s) for s in split), split
    data = json.loads(out_json.read_text(encoding="utf-8"))
    shares = [seat["wins_split"] for seat in data["seats"]]
    assert sum(shares) == pytest.approx(20 - data["no_winner"])
    assert [f"{s:.1f}" for s in shares] == split
    assert any(s != int(s) for s in shares), "no shared win: the test shows no fraction"


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", ["Simulating Ruler of Mana", "Tournament: Ruler of Mana", "Balance: Ruler of Mana"]),
        (
            "ja",
            [
                "マナを統べし者をシミュレーション中",
                "マナを統べし者の対戦中",
                "マナを統べし者のバランス検証中",
            ],
        ),
    ],
)
def test_the_progress_bar_names_the_game_by_its_title(
    lang: str, said: list[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """It read "Simulating ruler-of-mana", where the result titles name the game."""
    described: list[str] = []
    add_task = Progress.add_task

    def noted(bar: Progress, description: str, *args: Any, **kwargs: Any) -> Any:
        described.append(description)
        return add_task(bar, description, *args, **kwargs)

    monkeypatch.setattr(Progress, "add_task", noted)
    short = ["--games", "2", "--turn-cap", "10", "--lang", lang]
    for args in (
        ["simulate", "ruler-of-mana", "--players", "2", *short],
        ["arena", "ruler-of-mana", "--bots", "random,random", "--workers", "1", *short],
        ["balance", "ruler-of-mana", "--players", "2", "--workers", "1", "--out", str(tmp_path)],
    ):
        result = runner.invoke(app, args if args[0] != "balance" else [*args, *short])
        assert result.exit_code == 0, result.output
    assert described == said


@pytest.mark.parametrize(
    ("lang", "title"), [("en", "Balance: Ruler of Mana"), ("ja", "マナを統べし者のバランス検証中")]
)
def test_a_long_job_off_a_terminal_says_how_far_it_is_in_lines(
    lang: str, title: str, tmp_path: Path
) -> None:
    """Run to a file, ``bodoge balance`` said nothing for minutes: the bar is drawn only on a
    terminal. Off one, a line at each tenth of the games, the first at once."""
    args = ["balance", "ruler-of-mana", "--players", "2", "--games", "20", "--workers", "1"]
    result = runner.invoke(app, [*args, "--turn-cap", "10", "--out", str(tmp_path), "--lang", lang])
    assert result.exit_code == 0, result.output
    said = re.findall(rf"^{title} (\d+)/20 \(\d+:\d\d:\d\d\)$", result.stderr, re.MULTILINE)
    assert [int(n) for n in said] == list(range(0, 21, 2))


def test_on_an_80_column_terminal_headers_wrap_and_no_figure_is_cut() -> None:
    """Rich's own fitting cut ``40.9–92.9`` to ``40.9–9…`` and kept ``win rate`` on one line."""
    from bodoge.arena.command import report_tables, run_arena
    from bodoge.screen import print_whole

    report = run_arena("ruler-of-mana", ["random", "heuristic", "easy"], players=2, games=12)
    out = io.StringIO()
    terminal = Console(file=out, width=80, force_terminal=True, color_system=None)
    print_whole(terminal, report_tables(report, "en"))
    lines = out.getvalue().splitlines()
    assert "…" not in out.getvalue() and max(cell_len(line) for line in lines) <= 80
    assert any(re.search(r"│ +\d+\.\d–\d+\.\d │", line) for line in lines)


# ------------------------------------------------------------- the tables on a real terminal
def _header_runs(header: str) -> set[str]:
    """The lines ``header`` may be printed as: runs of its pieces, which end where a reader breaks
    it (at a space; in Japanese, before an opening bracket: 勝利数 / （同率は等分））."""
    pieces = re.split(r"(?<= )|(?=（)", header)
    ends = range(len(pieces) + 1)
    return {"".join(pieces[i:j]).strip() for i in ends for j in ends if i < j}


def _printed_headers(out: str, joiner: str) -> tuple[list[str], list[str]]:
    """Each printed column's header (its lines joined by ``joiner``), and every header line."""
    headers: list[str] = []
    lines: list[str] = []
    block: list[list[str]] = []
    for line in out.splitlines():
        if line.startswith("┏"):
            block = []
        elif line.startswith("┃"):
            block.append([c.strip() for c in line.split("┃")[1:-1]])
        elif line.startswith("┡"):
            for column in zip(*block, strict=True):
                said = [c for c in column if c]
                headers.append(joiner.join(said))
                lines += said
    return headers, lines


@pytest.fixture(scope="module")
def terminal_reports() -> list[tuple[str, Any]]:
    """Arena and simulate reports of both games: 2 to 5 bots, 2 to 6 players."""
    from bodoge.arena.command import run_arena
    from bodoge.arena.simulate import simulate

    five = ["random", "heuristic", "easy", "random", "heuristic"]
    reports: list[tuple[str, Any]] = [
        ("arena", run_arena("extreme-mission", ["heuristic", "random"], players=2, games=2)),
        ("arena", run_arena("ruler-of-mana", five[:3], players=3, games=6)),
        ("arena", run_arena("ruler-of-mana", five, players=2, games=20, workers=1)),
    ]
    for game, players in [("extreme-mission", 2), ("extreme-mission", 5)]:
        reports.append(("simulate", simulate(game, players=players, games=4, seed=1)))
    for game, players in [("ruler-of-mana", 2), ("ruler-of-mana", 6)]:
        reports.append(("simulate", simulate(game, players=players, games=4, seed=1)))
    return reports


@pytest.mark.parametrize("width", [80, 60, 100])
@pytest.mark.parametrize("lang", ["en", "ja"])
def test_on_a_terminal_every_table_reads_whole(
    terminal_reports: list[tuple[str, Any]], lang: str, width: int
) -> None:
    """In an 80-column terminal Rich broke Japanese headers and cells mid-word (エージェン / ト,
    勝利数（同 / 率は各1）, 平均順…, 83.9–10…), cut the bots table at the 80th column, wrapped the
    head-to-head title at its narrow table's width (…ボットよ / り上位…) and, narrower, cut a
    caption's words. Every header reads whole or breaks where a reader breaks it, every cell and
    figure whole on one line, every title and caption whole."""
    from bodoge.arena.command import report_tables as arena_tables
    from bodoge.cli import report_tables as simulate_tables
    from bodoge.screen import print_whole

    joiner = "" if lang == "ja" else " "
    for command, report in terminal_reports:
        items = list((arena_tables if command == "arena" else simulate_tables)(report, lang))
        tables = [item for item in items if isinstance(item, Table)]
        headers = [str(c.header) for t in tables for c in t.columns if str(c.header)]
        cells = [str(cell) for t in tables for c in t.columns for cell in c.cells]
        said = [str(words) for t in tables for words in (t.title, t.caption) if words]
        said += [item.plain for item in items if isinstance(item, Text)]
        out = io.StringIO()
        terminal = Console(file=out, width=width, force_terminal=True, color_system=None)
        print_whole(terminal, items)
        printed = out.getvalue()
        lines = printed.splitlines()
        where = f"{command} {lang} {width}:\n{printed}"
        assert "…" not in printed, where
        assert max(cell_len(line) for line in lines) <= width, where
        for line in lines:  # no table cut at the terminal's edge
            if line[:1] in "┏┃┡│└":
                assert line.rstrip()[-1] in "┓┃┩│┘", where
        printed_headers, header_lines = _printed_headers(printed, joiner)
        for header in headers:
            assert header in printed_headers, (header, where)
        runs = set().union(*(_header_runs(h) for h in headers))
        for header_line in header_lines:
            assert header_line in runs, (header_line, where)
        segments = {c.strip() for line in lines if line[:1] == "│" for c in line.split("│")}
        for cell in cells:
            assert cell in segments, (cell, where)
        running = joiner.join(joiner.join(line.split()) for line in lines)
        for words in said:  # nothing cut; and on one line if it fits one
            assert joiner.join(words.split()) in running, (words, where)
            if cell_len(words) <= width:
                assert any(line.strip() == words for line in lines), (words, where)
