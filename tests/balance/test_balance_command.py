"""``bodoge balance`` driven as a user drives it: the report, its plots and JSON, errors."""

from __future__ import annotations

import functools
import json
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from bodoge.balance.markdown import more_and_less, plot_files
from bodoge.cli import app
from bodoge.core.i18n import text

runner = CliRunner()
PNG = b"\x89PNG\r\n\x1a\n"


def balance(*args: str) -> str:
    result = runner.invoke(app, ["balance", *args, "--workers", "1"])
    assert result.exit_code == 0, result.output
    return result.stdout


@pytest.fixture(scope="module")
def em_report(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("em")
    balance(
        "extreme-mission",
        "--players",
        "2,3",
        "--games",
        "4",
        "--turn-cap",
        "60",
        "--seed",
        "3",
        "--out",
        str(out / "report"),
        "--json",
        str(out / "em.json"),
    )
    return out


@pytest.mark.parametrize(
    ("game", "variant", "players"),
    [
        ("extreme-mission", "basic", (2, 3)),
        ("ruler-of-mana", "expert", (2, 4)),
    ],
)
def test_writes_the_report_its_plots_and_json(
    tmp_path: Path, game: str, variant: str, players: tuple[int, int]
) -> None:
    out = tmp_path / "report"
    stdout = balance(
        game,
        "--variant",
        variant,
        "--players",
        ",".join(map(str, players)),
        "--games",
        "3",
        "--turn-cap",
        "80",
        "--out",
        str(out),
        "--json",
        str(tmp_path / "r.json"),
    )
    assert str(out / "README.md") in stdout.replace("\n", "")
    readme = (out / "README.md").read_text(encoding="utf-8")
    for n in players:
        assert f"## {n} players" in readme
        for name in plot_files(n):
            data = (out / name).read_bytes()
            assert data.startswith(PNG) and len(data) < 150_000
            assert f"]({name})" in readme
    for key in (
        "balance.seats_title",
        "balance.length_title",
        "balance.endings_title",
        "balance.cards_title",
        "balance.summary_title",
    ):
        assert text(key, "en") in readme
    assert f"bodoge balance {game}" in readme.split("```")[1]
    figures = json.loads((tmp_path / "r.json").read_text(encoding="utf-8"))
    assert figures["game"] == game and figures["variant"] == variant
    assert [c["players"] for c in figures["player_counts"]] == list(players)
    first = figures["player_counts"][0]
    assert first["games"] == 3 and len(first["seats"]) == players[0]
    assert sum(e["games"] for e in first["endings"]) == 3
    assert first["cards"] and {"kind", "key", "share", "low", "high", "flag", "kind_share"} <= set(
        first["cards"][0]
    )


def test_the_default_folder_is_new_and_names_the_game_variant_and_time(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A trial run from the checkout never writes over the shipped reports in docs/balance."""
    monkeypatch.chdir(tmp_path)
    shipped = tmp_path / "docs/balance/extreme-mission"
    shipped.mkdir(parents=True)
    (shipped / "README.md").write_text("shipped", encoding="utf-8")
    for _ in range(2):
        balance("extreme-mission", "--players", "2", "--games", "1", "--turn-cap", "20")
    balance("ruler-of-mana", "--players", "2", "--games", "1", "--turn-cap", "20")
    assert (shipped / "README.md").read_text(encoding="utf-8") == "shipped"
    made = sorted(p.name for p in tmp_path.iterdir() if p.name.startswith("balance-"))
    assert len(made) == 3, made
    assert sum(name.startswith("balance-extreme-mission-20") for name in made) == 2
    assert any(name.startswith("balance-ruler-of-mana-basic-20") for name in made)
    assert all((tmp_path / name / "README.md").exists() for name in made)


def test_same_seed_same_report(em_report: Path, tmp_path: Path) -> None:
    balance(
        "extreme-mission",
        "--players",
        "2,3",
        "--games",
        "4",
        "--turn-cap",
        "60",
        "--seed",
        "3",
        "--out",
        str(tmp_path / "again"),
        "--json",
        str(tmp_path / "a.json"),
    )
    first = (em_report / "report/README.md").read_text(encoding="utf-8")
    assert (tmp_path / "again/README.md").read_text(encoding="utf-8") == first
    assert (tmp_path / "a.json").read_text() == (em_report / "em.json").read_text()
    balance(
        "extreme-mission",
        "--players",
        "2,3",
        "--games",
        "4",
        "--turn-cap",
        "60",
        "--seed",
        "4",
        "--out",
        str(tmp_path / "other"),
    )
    assert (tmp_path / "other/README.md").read_text(encoding="utf-8") != first


def test_japanese_report(tmp_path: Path) -> None:
    balance(
        "extreme-mission",
        "--players",
        "2",
        "--games",
        "2",
        "--turn-cap",
        "60",
        "--lang",
        "ja",
        "--out",
        str(tmp_path),
    )
    readme = (tmp_path / "README.md").read_text(encoding="utf-8")
    assert text("balance.seats_title", "ja") in readme
    assert text("balance.title", "ja", title="エクストリームミッション") in readme
    assert "--lang ja" in readme
    assert "Seat advantage" not in readme


@pytest.mark.parametrize(
    "args",
    [
        ["extreme-mission", "--players", "2,x"],
        ["extreme-mission", "--players", "3-2"],
        ["extreme-mission", "--players", "9"],
        ["extreme-mission", "--games", "0"],
        ["extreme-mission", "--workers", "0"],
        ["extreme-mission", "--turn-cap", "-1"],
        ["extreme-mission", "--bot", "no-such-bot"],
        ["extreme-mission", "--variant", "expert"],
        ["no-such-game"],
        ["extreme-mission", "--lang", "xx"],
    ],
)
def test_bad_arguments_give_one_line_and_exit_2(args: list[str], tmp_path: Path) -> None:
    safe = [] if "--games" in args else ["--games", "1"]  # should a check fail: a quick run
    result = runner.invoke(app, ["balance", *args, *safe, "--out", str(tmp_path)])
    assert result.exit_code == 2, result.output
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in result.output
    assert not (tmp_path / "README.md").exists()


def test_summary_names_cards_out_of_line(em_report: Path) -> None:
    readme = (em_report / "report/README.md").read_text(encoding="utf-8")
    summary = readme.split("## 2 players")[0]
    assert re.search(r"\*\*2 players, seats:\*\*", summary)
    assert re.search(r"\*\*3 players, cards:\*\*", summary)


def test_game_lengths_are_given_to_one_decimal(em_report: Path) -> None:
    """The summary read "22.9–56" beside "61.3": every length has its one decimal."""
    readme = (em_report / "report/README.md").read_text(encoding="utf-8")
    ranges = re.findall(r"turns on average, (\S+)–(\S+) for the middle", readme)
    assert len(ranges) == 2 and all(re.fullmatch(r"\d+\.\d", n) for r in ranges for n in r), ranges
    rows = re.findall(r"\| turns, (?:median|10th percentile|90th percentile) \| (\S+) \|", readme)
    assert len(rows) == 6 and all(re.fullmatch(r"\d+\.\d", n) for n in rows), rows


@pytest.mark.parametrize(
    ("above", "below", "words"),
    [
        (1, 1, "users win more with A 60%, and less with B 10%"),
        (1, 0, "users win more with A 60% (no card goes with winning less)"),
        (0, 1, "users win less with B 10% (no card goes with winning more)"),
        (0, 0, "no card goes with winning more or less"),
    ],
)
def test_the_card_summary_reads_as_english(above: int, below: int, words: str) -> None:
    """Never "users win more with no card; less with no card"."""
    t = functools.partial(text, lang="en")
    assert more_and_less(t, "A 60%" if above else "", "B 10%" if below else "") == words
