"""``bodoge simulate`` and ``bodoge arena`` count a shared win differently (whole for each winner,
or split 1/(winners)): their tables say which, and simulate shows the arena's count too."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from bodoge.cli import app
from bodoge.core.i18n import text

runner = CliRunner()
# 3 players, seed 1: 26 wins whole in 20 games (shared wins), 20 split
ARGS = ["simulate", "extreme-mission", "--players", "3", "--games", "20", "--seed", "1"]


def _rows(out: str) -> list[list[str]]:
    return [[c.strip() for c in line.split("│")[1:-1]] for line in out.splitlines() if "│" in line]


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_simulate_says_how_it_counts_a_shared_win_and_gives_the_arenas_count(
    lang: str, tmp_path: Path
) -> None:
    """The reviewer saw wins 7 + 14 = 21 of 20 games beside the arena's 1/(winners)."""
    out_json = tmp_path / "out.json"
    args = [*ARGS, "--lang", lang, "--json", str(out_json)]
    result = runner.invoke(app, args, env={"COLUMNS": "200"})  # the header on one line
    assert result.exit_code == 0, result.output
    header = next(
        line
        for line in result.stdout.splitlines()
        if "┃" in line and text("cli.sim.agent", lang) in line
    )
    columns = [c.strip() for c in header.split("┃")[1:-1]]
    whole, split = text("cli.sim.wins", lang), text("cli.sim.wins_split", lang)
    assert whole in columns and split in columns and whole != split
    assert text("arena.col.wins", lang) == split  # the arena's column, worded the same
    seats = [r for r in _rows(result.stdout) if len(r) == len(columns) and r[0].isdigit()]
    assert len(seats) == 3
    total_whole = sum(int(r[columns.index(whole)]) for r in seats)
    total_split = sum(float(r[columns.index(split)]) for r in seats)
    assert total_whole > 20 and total_split == pytest.approx(20, abs=0.01)
    # the JSON is as it was: "wins" counts a shared win whole
    data = json.loads(out_json.read_text("utf-8"))
    assert sum(s["wins"] for s in data["seats"]) == total_whole
