"""``bodoge arena`` driven as a user drives it: tables, JSON, CSV, plots, errors, languages."""

from __future__ import annotations

import csv
import json
import struct
from pathlib import Path
from typing import Any

import pytest
import typer
from typer.testing import CliRunner

from bodoge.arena.command import arena_command
from bodoge.arena.plots import PLOT_FILES, japanese_font
from bodoge.core.i18n import text

app = typer.Typer(add_completion=False, pretty_exceptions_enable=False)
app.command("arena")(arena_command)


@app.callback()
def _group() -> None:
    """Keep ``arena`` a sub-command, as in ``bodoge``."""


runner = CliRunner()
BASE = [
    "arena",
    "extreme-mission",
    "--bots",
    "random,random",
    "--players",
    "2",
    "--games",
    "6",
    "--turn-cap",
    "30",
    "--seed",
    "5",
]


def arena(*args: str) -> str:
    result = runner.invoke(app, [*BASE, *args])
    assert result.exit_code == 0, result.output
    assert "Traceback" not in result.output
    return result.stdout


def timeless(data: dict[str, Any]) -> dict[str, Any]:
    """A report without its wall-clock times, the only figures two runs may differ in."""
    return {
        **data,
        "game_seconds": None,
        "records": [{**r, "seconds": None} for r in data["records"]],
    }


def test_tables_show_bots_seats_head_to_head_and_length() -> None:
    out = arena()
    for words in (
        "Extreme Mission (basic): 6 games (2 seatings × 3), 2 players, seed 5",
        "Bots",
        "win rate",
        "95% CI",
        "Elo",
        "Seats: win rate by seat",
        "Head-to-head",
        "Game length",
        "truncated by the turn cap",
        "random#1",
        "random#2",
        "random = 1000",
    ):
        assert words in out, words


def test_japanese_tables() -> None:
    out = arena("--lang", "ja")
    for key in (
        "arena.bots_title",
        "arena.col.win_rate",
        "arena.length_title",
        "arena.anchor_random",
    ):
        assert text(key, "ja") in out
    assert "win rate" not in out


def test_the_same_command_twice_gives_identical_json(tmp_path: Path) -> None:
    reports = []
    for name, workers in (("a.json", "2"), ("b.json", "2"), ("c.json", "1")):
        arena("--json", str(tmp_path / name), "--workers", workers)
        reports.append(json.loads((tmp_path / name).read_text(encoding="utf-8")))
    assert timeless(reports[0]) == timeless(reports[1]) == timeless(reports[2])
    other = tmp_path / "other.json"
    arena("--json", str(other), "--seed", "6")
    assert json.loads(other.read_text(encoding="utf-8"))["records"] != reports[0]["records"]


def test_json_holds_everything(tmp_path: Path) -> None:
    path = tmp_path / "t.json"
    out = arena("--json", str(path))
    assert text("arena.json_written", "en", path=str(path)) in out
    data = json.loads(path.read_text(encoding="utf-8"))
    assert (data["game"], data["players"], data["games"], data["turn_cap"]) == (
        "extreme-mission",
        2,
        6,
        30,
    )
    assert data["labels"] == ["random#1", "random#2"] and data["agents"] == ["random", "random"]
    assert data["seatings"] == [["random#1", "random#2"], ["random#2", "random#1"]]
    assert len(data["records"]) == 6 and [r["index"] for r in data["records"]] == list(range(6))
    assert {b["label"] for b in data["bots"]} == {"random#1", "random#2"}
    for key in ("plays", "wins", "win_rate", "ci_low", "ci_high", "mean_score", "mean_rank", "elo"):
        assert all(key in b for b in data["bots"]), key
    assert len(data["seats"]) == 2 and data["head_to_head"]["games"] == [[0, 6], [6, 0]]
    assert set(data["length"]) >= {"turns_mean", "turns_median", "steps_mean", "truncated_share"}


def test_csv_has_one_row_per_game(tmp_path: Path) -> None:
    path = tmp_path / "t.csv"
    arena("--csv", str(path))
    with path.open(encoding="utf-8", newline="") as f:
        rows = list(csv.DictReader(f))
    assert len(rows) == 6 and [int(r["index"]) for r in rows] == list(range(6))
    assert {r["seat0_bot"] for r in rows} == {"random#1", "random#2"}
    assert all(int(r["turns"]) <= 30 for r in rows)
    assert all(int(r["seat0_rank"]) in (1, 2) for r in rows)


def png_size(path: Path) -> tuple[int, int]:
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and data[12:16] == b"IHDR"
    width, height = struct.unpack(">II", data[16:24])
    return width, height


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_plots_are_png_files(tmp_path: Path, lang: str) -> None:
    folder = tmp_path / "plots" / lang
    out = arena("--plots", str(folder), "--lang", lang)
    assert text("arena.plots_written", lang, path=str(folder)) in out
    for name in PLOT_FILES:
        path = folder / name
        assert path.stat().st_size > 1000
        width, height = png_size(path)
        assert width >= 300 and height >= 300
    fallback = text("arena.plots_english", lang)
    assert (fallback in out) == (lang == "ja" and japanese_font() is None)


@pytest.mark.parametrize(
    ("args", "fragment"),
    [
        (["arena", "chess", "--bots", "random"], "unknown game 'chess'"),
        (["arena", "extreme-mission", "--bots", "random,robot"], "'robot'"),
        (["arena", "extreme-mission", "--bots", "random", "--players", "9"], "2–5 players"),
        (["arena", "extreme-mission", "--bots", "random", "--players", "1"], "2–5 players"),
        (["arena", "extreme-mission", "--bots", "random", "--games", "0"], "--games"),
        (["arena", "extreme-mission", "--bots", "random", "--workers", "0"], "--workers"),
        (["arena", "extreme-mission", "--bots", "random", "--turn-cap", "-1"], "--turn-cap"),
        (["arena", "extreme-mission", "--bots", "random", "--lang", "fr"], "'fr'"),
        (["arena", "ruler-of-mana", "--bots", "random", "--variant", "x"], "no variant"),
    ],
)
def test_bad_arguments_get_one_line_and_exit_code_2(args: list[str], fragment: str) -> None:
    result = runner.invoke(app, args)
    assert result.exit_code == 2
    assert result.stdout == ""
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: ") and fragment in lines[0], lines
    assert "Traceback" not in result.output


def test_bad_arguments_in_japanese() -> None:
    result = runner.invoke(
        app, ["arena", "extreme-mission", "--bots", "random", "--games", "0", "--lang", "ja"]
    )
    assert result.exit_code == 2
    assert result.stderr.strip() == text(
        "cli.error", "ja", message=text("arena.bad_games", "ja", games=0)
    )


def test_japanese_plots_draw_every_glyph(tmp_path: Path) -> None:
    """The shipped font (matplotlib-fontja's IPAexGothic) is found, so Japanese labels are drawn
    in Japanese on any machine, with no glyph missing (matplotlib warns of each one)."""
    import warnings

    from bodoge.arena.command import run_arena
    from bodoge.arena.plots import write_plots

    assert japanese_font() is not None
    report = run_arena(
        "extreme-mission", ["heuristic", "random"], players=2, games=2, turn_cap=30, workers=1
    )
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # "Glyph … missing from font(s)" would fail the test
        paths, used = write_plots(tmp_path, report.stats.head_to_head, report.records, "ja", 30)
    assert used == "ja"
    assert all(path.stat().st_size > 1000 for path in paths)


def test_the_japanese_title_names_the_game_and_variant_in_japanese() -> None:
    """``--lang ja`` read "extreme-mission（basic）：6ゲーム…"."""
    out = arena("--lang", "ja")
    assert "エクストリームミッション（ベーシック）：6ゲーム" in out, out.splitlines()[0]
    assert "basic" not in out and "extreme-mission" not in out


def test_the_game_length_plot_counts_games_in_whole_numbers() -> None:
    """Its y axis (games) had ticks at 0.25, 1.25 …: a count is a whole number."""
    from bodoge.arena.command import run_arena
    from bodoge.arena.plots import game_length_figure

    report = run_arena("extreme-mission", ["random", "random"], players=2, games=2, workers=1)
    ax = game_length_figure(report.records, "en", None).axes[0]
    ticks = list(ax.get_yticks())
    assert len(ticks) >= 2 and all(float(t).is_integer() for t in ticks), ticks


def test_the_game_length_plot_starts_near_the_shortest_game() -> None:
    """Its x axis began at 0 turns, leaving most of the plot empty."""
    from bodoge.arena.command import run_arena
    from bodoge.arena.plots import game_length_figure

    report = run_arena("ruler-of-mana", ["heuristic", "heuristic"], players=2, games=6, workers=1)
    turns = [r.turns for r in report.records]
    ax = game_length_figure(report.records, "en", None).axes[0]
    low, high = ax.get_xlim()
    assert min(turns) >= 10, turns  # a plot from 0 would leave a gap
    spread = max(turns) - min(turns)
    assert min(turns) - 0.1 * spread - 1.5 <= low < min(turns) < max(turns) < high
    assert high <= max(turns) + 0.1 * spread + 1.5
    assert all(float(t).is_integer() for t in ax.get_xticks())


def test_the_heatmap_gives_the_tables_precision() -> None:
    """It read 12%/88% where the table read 12.5%."""
    from bodoge.arena.plots import head_to_head_figure
    from bodoge.arena.stats import HeadToHead

    h2h = HeadToHead(labels=("a", "b"), wins=[[0.0, 1.0], [7.0, 0.0]], games=[[0, 8], [8, 0]])
    labels = [t.get_text() for t in head_to_head_figure(h2h).axes[0].texts]
    assert labels == ["—", "12.5%\n(8)", "87.5%\n(8)", "—"]
