"""The `bodoge` command's answers to mistakes: output paths checked before any game is played,
errors while writing, ports, the words of its errors, its help and ``--version``."""

from __future__ import annotations

import errno
import socket
from importlib.metadata import version
from pathlib import Path
from typing import Any

import pytest
from cli_helpers import no_games, no_serving, one_line_error  # noqa: F401 (fixtures)
from typer.testing import CliRunner

from bodoge.arena.command import game_title
from bodoge.cli import app
from bodoge.core.i18n import text
from bodoge.play import agent_names

runner = CliRunner()
WIDE = {"COLUMNS": "200"}  # help on one line a row, as a wide terminal shows it

SHORT = ["--games", "2", "--turn-cap", "10"]  # short runs: what they write is checked first
SIMULATE = ["simulate", "extreme-mission", *SHORT]
ARENA = ["arena", "extreme-mission", "--bots", "random,random", *SHORT, "--workers", "1"]
BALANCE = ["balance", "extreme-mission", "--players", "2", *SHORT, "--workers", "1"]


# ------------------------------------------------------------------------------ output paths
@pytest.mark.parametrize("command", [SIMULATE, ARENA, BALANCE])
@pytest.mark.usefixtures("no_games")
def test_a_json_file_in_a_missing_folder_is_refused_before_any_game(
    command: list[str], tmp_path: Path
) -> None:
    missing = tmp_path / "no" / "such" / "out.json"
    line = one_line_error([*command, "--json", str(missing)], "--json")
    assert line == text(
        "cli.error",
        "en",
        message=text(
            "cli.out.no_folder",
            "en",
            option="--json",
            path=str(missing),
            folder=str(missing.parent),
        ),
    )
    assert not (tmp_path / "no").exists()


@pytest.mark.parametrize("command", [SIMULATE, ARENA, BALANCE])
@pytest.mark.usefixtures("no_games")
def test_a_json_file_that_is_a_folder_is_refused(command: list[str], tmp_path: Path) -> None:
    one_line_error([*command, "--json", str(tmp_path)], "is a folder")


@pytest.mark.usefixtures("no_games")
def test_arena_csv_and_plots_are_checked_before_any_game(tmp_path: Path) -> None:
    a_file = tmp_path / "a-file"
    a_file.write_text("", encoding="utf-8")
    one_line_error([*ARENA, "--csv", str(tmp_path / "no" / "a.csv")], "--csv")
    one_line_error([*ARENA, "--plots", str(a_file)], "is a file, not a folder")
    one_line_error([*ARENA, "--plots", str(a_file / "plots")], "is a file, not a folder")


@pytest.mark.usefixtures("no_games")
def test_balance_out_that_is_a_file_is_refused_in_japanese(tmp_path: Path) -> None:
    a_file = tmp_path / "a-file"
    a_file.write_text("kept", encoding="utf-8")
    line = one_line_error([*BALANCE, "--out", str(a_file), "--lang", "ja"], "--out")
    assert line.startswith("エラー：") and "フォルダではありません" in line
    assert a_file.read_text(encoding="utf-8") == "kept"


@pytest.mark.skipif(not Path("/proc/self").is_dir(), reason="needs Linux's /proc")
@pytest.mark.usefixtures("no_games")
def test_a_folder_that_takes_no_files_is_refused_even_for_root() -> None:
    """/proc takes no new files whoever asks: os.access would say root may write there."""
    one_line_error([*ARENA, "--plots", "/proc/bodoge-plots"], "cannot write in /proc")
    one_line_error([*SIMULATE, "--json", "/proc/bodoge.json"], "cannot write in /proc")


def test_plots_and_out_folders_are_made_with_their_parents(tmp_path: Path) -> None:
    """What the help says ("made if missing") still holds after the checks."""
    result = runner.invoke(app, [*ARENA, "--plots", str(tmp_path / "a" / "plots")])
    assert result.exit_code == 0, result.output
    assert (tmp_path / "a" / "plots" / "head_to_head.png").is_file()


def _full(*_args: Any, **_kwargs: Any) -> Any:
    raise OSError(errno.ENOSPC, "No space left on device")


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_full_disk_at_the_end_is_one_line(
    lang: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    out = tmp_path / "out.csv"
    monkeypatch.setattr("bodoge.arena.command.write_csv", _full)
    result = runner.invoke(app, [*ARENA, "--csv", str(out), "--lang", lang])
    assert result.exit_code == 2 and "Traceback" not in result.output
    reason = text("cli.out.reason.full", lang)
    *progress, said = result.stderr.strip().splitlines()  # off a terminal, progress comes first
    assert said == text(
        "cli.error", lang, message=text("cli.out.write_failed", lang, path=str(out), reason=reason)
    )
    going = text("arena.progress", lang, game=game_title("extreme-mission", lang))
    assert progress and all(line.startswith(f"{going} ") for line in progress), progress


def test_a_full_disk_while_simulate_and_balance_write_is_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("bodoge.balance.report.BalanceReport.write_json", _full)
    result = runner.invoke(
        app, [*BALANCE, "--out", str(tmp_path / "r"), "--json", str(tmp_path / "b.json")]
    )
    assert result.exit_code == 2 and "the disk is full" in result.stderr, result.output
    monkeypatch.setattr(Path, "write_text", _full)
    result = runner.invoke(app, [*SIMULATE, "--json", str(tmp_path / "s.json")])
    assert result.exit_code == 2 and "the disk is full" in result.stderr, result.output
    assert "Traceback" not in result.output


# ------------------------------------------------------------------------------ serve
@pytest.mark.parametrize("port", ["99999", "65536", "0", "-1"])
@pytest.mark.usefixtures("no_serving")
def test_serve_refuses_a_port_out_of_range(port: str) -> None:
    one_line_error(["serve", "--port", port], f"--port must be 1–65535, not {port}")


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.usefixtures("no_serving")
def test_serve_says_a_taken_port_is_in_use_and_not_that_it_serves(lang: str) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        line = one_line_error(["serve", "--port", str(port), "--lang", lang], str(port))
    message = text("cli.serve.port_in_use", lang, host="127.0.0.1", port=port)
    assert line == text("cli.error", lang, message=message)


# ------------------------------------------------------------------------------ wording
KNOWN_BOTS = object()  # stands for the list of bots, read when the test runs


@pytest.mark.parametrize(
    ("args", "key", "fields"),
    [
        (
            ["arena", "ruler-of-mana", "--bots", "random,bogus"],
            "setup.unknown_bot",
            {"name": "bogus", "known": KNOWN_BOTS},
        ),
        (
            ["arena", "ruler-of-mana", "--bots", "random,,random"],
            "setup.empty_bot",
            {"bots": "random,,random", "position": 2},
        ),
        (
            ["balance", "ruler-of-mana", "--players", "2-9"],
            "balance.players_out",
            {"players": "2-9", "game": "ruler-of-mana", "low": 2, "high": 6, "out": "7-9"},
        ),
        (
            ["balance", "ruler-of-mana", "--players", "1,3,8"],
            "balance.players_out",
            {"players": "1,3,8", "game": "ruler-of-mana", "low": 2, "high": 6, "out": "1, 8"},
        ),
        (
            ["play", "extreme-mission", "--seats", "human,,random"],
            "cli.empty_seat",
            {"seats": "human,,random", "seat": 1},
        ),
        (
            ["simulate", "extreme-mission", "--seats", "random, "],
            "cli.empty_seat",
            {"seats": "random, ", "seat": 1},
        ),
    ],
)
@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.usefixtures("no_games")
def test_errors_name_what_was_typed(
    args: list[str], key: str, fields: dict[str, Any], lang: str
) -> None:
    line = one_line_error([*args, "--lang", lang])
    # the bots known when the test runs: another test may have registered one since collection
    filled = {k: ", ".join(agent_names()) if v is KNOWN_BOTS else v for k, v in fields.items()}
    assert line == text("cli.error", lang, message=text(key, lang, **filled))


# ------------------------------------------------------------------------------ help, version
@pytest.mark.parametrize("command", ["play", "simulate", "arena", "balance"])
def test_help_lists_the_games_and_their_variants(command: str) -> None:
    result = runner.invoke(app, [command, "--help"], env=WIDE)
    assert result.exit_code == 0
    assert "Game name: extreme-mission, ruler-of-mana." in result.stdout
    assert "Rules variant: basic, expert (ruler-of-mana)." in result.stdout


def test_every_command_is_one_line_in_the_list() -> None:
    result = runner.invoke(app, ["--help"], env=WIDE)
    rows = [line for line in result.stdout.splitlines() if line.startswith("│ ")]
    names = [row.split()[1] for row in rows if "--" not in row]
    expected = ["simulate", "play", "rules", "replay", "serve", "native", "arena", "balance"]
    assert names == expected, rows


@pytest.mark.parametrize(
    "command",
    [
        [],
        ["simulate"],
        ["play"],
        ["rules"],
        ["replay"],
        ["serve"],
        ["native"],
        ["arena"],
        ["balance"],
    ],
)
def test_help_shows_flags_as_flags_and_other_options_with_their_type(command: list[str]) -> None:
    result = runner.invoke(app, [*command, "--help"], env=WIDE)
    assert result.exit_code == 0
    rows = [  # each option's words, without the frame and the mark of a required one
        [word for word in line.split() if word not in ("│", "*")]
        for line in result.stdout.splitlines()
        if line.lstrip("│ *").startswith("--")
    ]
    assert ["--help", "Show", "this", "message", "and", "exit."] in rows  # no "<bool>" between
    assert "<bool>" not in result.stdout
    if command in (["simulate"], ["arena"]):
        assert any(row[:2] == ["--games", "<int>"] for row in rows), rows


def test_version() -> None:
    result = runner.invoke(app, ["--version"])
    assert result.exit_code == 0
    assert result.stdout.strip() == f"bodoge {version('bodoge')}"
