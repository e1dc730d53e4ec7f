"""``--cards FILE``: play, simulate, arena and balance with a card file of one's own (a player who
owns the cards types in their real texts), as the command line and the Python functions behind
it take it: a file that cannot be loaded is one line before any game, in the asked language; the
reports say which file they played with; worker processes play the same cards."""

from __future__ import annotations

import hashlib
import json
import re
from importlib import resources
from pathlib import Path
from typing import Any

import pytest
from cli_helpers import no_games  # noqa: F401 (a fixture)
from typer.testing import CliRunner

from bodoge.arena.command import run_arena
from bodoge.arena.simulate import simulate
from bodoge.balance.report import run_balance
from bodoge.cli import app
from bodoge.core.errors import CardSetError
from bodoge.core.i18n import text
from bodoge.core.registry import make

runner = CliRunner()

EM = resources.files("bodoge.games.extreme_mission").joinpath("cards.toml").read_text("utf-8")
SHORT = ["--games", "2", "--turn-cap", "10"]
COMMANDS = {
    "play": ["play", "extreme-mission", "--seats", "human,random", "--seed", "1"],
    "simulate": ["simulate", "extreme-mission", *SHORT],
    "arena": ["arena", "extreme-mission", "--bots", "random,random", *SHORT, "--workers", "1"],
    "balance": ["balance", "extreme-mission", "--players", "2", *SHORT, "--workers", "1"],
}


def card_file(folder: Path, name: str, content: str) -> Path:
    path = folder / name
    path.write_text(content, encoding="utf-8")
    return path


def owners(folder: Path) -> Path:
    """The shipped Extreme Mission cards with every mission renamed (as a player would type in
    the real names) and met by any one card, so that the plan ends a game with them in a few
    turns where the shipped cards take it twenty."""
    content = re.sub(r'(level = \d\nen = ")', r"\1Owner's ", EM)
    content = re.sub(
        r'(level = \d\nen = "[^"]*"\nja = "[^"]*"\ncondition = )"[^"]*"', r'\1"any(1)"', content
    )
    assert content.count("Owner's ") == 32 and content.count('"any(1)"') == 32
    return card_file(folder, "owner.toml", content)


def broken(folder: Path) -> Path:
    return card_file(folder, "broken.toml", EM.replace('en = "Wiretap"', 'name_en = "Wiretap"'))


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("command", COMMANDS)
@pytest.mark.usefixtures("no_games")
def test_a_card_file_that_cannot_load_is_one_line_before_any_game(
    command: str, lang: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    path = broken(tmp_path)
    with pytest.raises(CardSetError) as loading:
        make("extreme-mission", cards="broken.toml")
    out = tmp_path / "report"
    extra = ["--out", str(out)] if command == "balance" else []
    result = runner.invoke(
        app, [*COMMANDS[command], "--cards", "broken.toml", "--lang", lang, *extra], input=""
    )
    assert result.exit_code == 2, result.output
    assert result.stdout == "" and "Traceback" not in result.output
    line = result.stderr.strip()
    assert line == text("cli.error", lang, message=loading.value.text(lang))
    assert "broken.toml" in line and "M1-03" in line and "'name_en'" in line
    if lang == "ja":
        assert line.startswith("エラー：") and "この項目は書けません" in line
    assert not out.exists()
    assert path.is_file()


@pytest.mark.parametrize("command", COMMANDS)
@pytest.mark.usefixtures("no_games")
def test_a_missing_card_file_is_named_in_japanese(command: str, tmp_path: Path) -> None:
    missing = tmp_path / "mine.toml"
    result = runner.invoke(app, [*COMMANDS[command], "--cards", str(missing), "--lang", "ja"])
    assert result.exit_code == 2 and result.stdout == ""
    assert result.stderr.strip() == (
        f"エラー：{missing}：ファイルを読めません（そのファイルはありません）"
    )


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_simulate_says_which_cards_it_played_with(lang: str, tmp_path: Path) -> None:
    path = owners(tmp_path)
    out = tmp_path / "out.json"
    result = runner.invoke(
        app,
        [*COMMANDS["simulate"], "--cards", str(path), "--json", str(out), "--lang", lang],
    )
    assert result.exit_code == 0, result.output
    assert text("cli.cards_used", lang, file=str(path)) in " ".join(result.stdout.split())
    report = json.loads(out.read_text(encoding="utf-8"))
    digest = hashlib.sha256(path.read_bytes()).hexdigest()
    assert report["cards"] == {"file": str(path), "sha256": digest}
    plain = runner.invoke(app, [*COMMANDS["simulate"], "--json", str(out), "--lang", lang])
    assert plain.exit_code == 0 and json.loads(out.read_text(encoding="utf-8"))["cards"] is None
    assert text("cli.cards_used", lang, file="").split()[-1] not in plain.stdout


def turns(records: list[Any]) -> list[tuple[int, int, tuple[int, ...]]]:
    return [(r.turns, r.steps, tuple(r.winners)) for r in records]


def test_worker_processes_play_the_card_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Two worker processes play exactly the games this process plays with the file (named
    relative to where the command runs), and not the games of the shipped cards: with any one
    card meeting every mission, the plan finishes its games in a few turns."""
    monkeypatch.chdir(tmp_path)
    owners(tmp_path)
    bots = ["heuristic", "heuristic"]
    settings: dict[str, Any] = {"players": 2, "games": 4, "turn_cap": 60}
    here = run_arena("extreme-mission", bots, workers=1, cards="owner.toml", **settings)
    apart = run_arena("extreme-mission", bots, workers=2, cards="owner.toml", **settings)
    shipped = run_arena("extreme-mission", bots, workers=2, **settings)
    assert turns(here.records) == turns(apart.records)
    assert max(r.turns for r in apart.records) < min(r.turns for r in shipped.records)
    assert apart.to_dict()["cards"]["file"] == "owner.toml"
    assert shipped.to_dict()["cards"] is None


def test_arena_says_which_cards_in_its_tables_and_json(tmp_path: Path) -> None:
    path = owners(tmp_path)
    out = tmp_path / "arena.json"
    command = [*COMMANDS["arena"], "--workers", "2", "--cards", str(path), "--json", str(out)]
    result = runner.invoke(app, [*command, "--lang", "ja"])
    assert result.exit_code == 0, result.output
    said = text("cli.cards_used", "ja", file=str(path))
    assert "".join(said.split()) in "".join(result.stdout.split())
    assert json.loads(out.read_text(encoding="utf-8"))["cards"]["file"] == str(path)


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_balance_report_names_its_card_file_and_its_command_repeats_it(
    lang: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    path = owners(tmp_path)
    args = [*COMMANDS["balance"], "--cards", "owner.toml", "--out", "r", "--json", "r.json"]
    result = runner.invoke(app, [*args, "--lang", lang])
    assert result.exit_code == 0, result.output
    readme = (tmp_path / "r" / "README.md").read_text(encoding="utf-8")
    figures = json.loads((tmp_path / "r.json").read_text(encoding="utf-8"))
    digest = hashlib.sha256(path.read_bytes()).hexdigest()
    assert figures["cards"] == {"file": "owner.toml", "sha256": digest}
    command = figures["command"]
    assert command.endswith(" --cards owner.toml") and f"{command}\n" in readme.replace(
        " --lang ja", ""
    )
    assert text("balance.cards", lang, file="owner.toml", sha256=digest) in readme
    assert "Owner's" in readme or lang == "ja"  # the missions named from the file
    plain = runner.invoke(app, [*COMMANDS["balance"], "--out", "p", "--json", "p.json"])
    assert plain.exit_code == 0
    assert json.loads((tmp_path / "p.json").read_text(encoding="utf-8"))["cards"] is None
    assert "--cards" not in (tmp_path / "p" / "README.md").read_text(encoding="utf-8")


def test_play_shows_the_cards_of_the_file(tmp_path: Path) -> None:
    path = owners(tmp_path)
    result = runner.invoke(app, [*COMMANDS["play"], "--cards", str(path)], input="quit\n")
    assert result.exit_code == 0, result.output
    assert result.stdout.count("Owner's ") >= 12  # the twelve missions laid out
    assert text("play.cards_used", "en", file=str(path)) in result.stdout.splitlines()
    plain = runner.invoke(app, COMMANDS["play"], input="quit\n")
    assert "Playing with the cards of" not in plain.stdout


def test_the_python_functions_take_a_card_file(tmp_path: Path) -> None:
    path = owners(tmp_path)
    report = simulate("extreme-mission", players=2, games=2, turn_cap=30, cards=path)
    assert report.cards is not None and report.cards.file == str(path)
    assert report.to_dict()["cards"]["sha256"] == hashlib.sha256(path.read_bytes()).hexdigest()
    balance = run_balance(
        "extreme-mission", players=[2], games=2, turn_cap=30, workers=1, cards=path
    )
    assert balance.command().endswith(f" --cards {path}")
    assert balance.make_game().cards.mission("M1-01").en.startswith("Owner's ")
    with pytest.raises(CardSetError, match="name_en"):
        simulate("extreme-mission", players=2, games=2, cards=broken(tmp_path))
