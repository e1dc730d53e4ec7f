"""Extreme Mission's log opens each turn with a header, as Ruler of Mana's does (「ターン2：…」):
in a three-player game it was hard to tell where one bot's turn ended. The same event gives the
header in the web (``/api/words``, tests/server), the terminal and a replay."""

from __future__ import annotations

import io
import json
import random
from pathlib import Path

import pytest
from rich.console import Console
from typer.testing import CliRunner

import bodoge
from bodoge.cli import app
from bodoge.games.extreme_mission.events import describe_event
from bodoge.play.terminal import TerminalPlay


def _played(players: int = 3, seed: int = 4, steps: int = 40) -> bodoge.State:
    state = bodoge.make("extreme-mission", players=players).new_state(seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_over:
            break
        state.apply(rng.choice(state.legal_actions()))
    return state


def test_em_2_1_each_turn_begins_with_its_header_in_the_log() -> None:
    """EM-2.1, EM-1.6: a turn event as each seat's turn begins, numbered as the views count."""
    game = bodoge.make("extreme-mission", players=3)
    state = game.new_state(4, setup={"start_player": 2})
    rng = random.Random(4)
    turns = []
    while not state.is_over and len(turns) < 8:
        view = state.view(None)
        turns.append((view["turn"], view["current_player"]))
        before = len(view["log"])
        while state.view(None)["turn"] == turns[-1][0] and not state.is_over:
            state.apply(rng.choice(state.legal_actions()))
        new = state.view(None)["log"][before:]
        if not state.is_over:
            assert new[-1] == {
                "event": "turn",
                "seat": state.current_player,
                "turn": len(turns) + 1,
            }
    headers = [e for e in state.view(None)["log"] if e["event"] == "turn"]
    assert [(e["turn"], e["seat"]) for e in headers[: len(turns)]] == turns
    assert [e["seat"] for e in headers[:4]] == [2, 0, 1, 2]
    setup_events = [e["event"] for e in game.new_state(4).view(0)["log"]]
    assert setup_events == ["setup", "deal", "deal", "deal", "turn"]


@pytest.mark.parametrize(("lang", "said"), [("en", "Turn 2: Ann"), ("ja", "第2手番：Ann")])
def test_em_2_1_the_header_in_words(lang: str, said: str) -> None:
    cards = bodoge.make("extreme-mission", players=2).cards  # type: ignore[attr-defined]
    event = {"event": "turn", "seat": 0, "turn": 2}
    assert describe_event(cards, event, lang, ["Ann", "Ben"]) == said


def test_em_2_1_the_terminal_shows_the_headers() -> None:
    buffer = io.StringIO()
    console = Console(file=buffer, width=120, color_system=None)
    answers = iter(["pass", "pass", "quit"])
    play = TerminalPlay(
        bodoge.make("extreme-mission", players=2),
        ["human", "random"],
        3,
        lang="en",
        console=console,
        read_line=lambda _: next(answers),
    )
    play.run()
    lines = buffer.getvalue().splitlines()
    assert "  • Turn 1: Seat 0" in lines
    assert "  • Turn 2: Seat 1" in lines and "  • Turn 3: Seat 0" in lines


@pytest.mark.parametrize(("lang", "header"), [("en", "  • Turn 2: "), ("ja", "  • 第2手番：")])
def test_em_2_1_a_replay_shows_the_headers(tmp_path: Path, lang: str, header: str) -> None:
    state = _played()
    record = {
        "game": "extreme-mission",
        "players": 3,
        "seed": 4,
        "history": state.history,
        "seats": [{"name": "Ann", "bot": None}, {"name": None, "bot": "easy"}, {}],
    }
    path = tmp_path / "extreme-mission-room-1.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    result = CliRunner().invoke(app, ["replay", str(path), "--lang", lang])
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert sum(line.startswith(header) for line in lines) == 1
    assert sum("Turn " in line or "手番：" in line for line in lines) == state.view(None)["turn"]


def test_one_card_is_one_card_in_english() -> None:
    """A deal of one (a set-up position) or a deck rebuilt of one card read "1 cards"."""
    cards = bodoge.make("extreme-mission").cards
    for event in ({"event": "deal", "seat": 0, "count": 1}, {"event": "rebuild", "deck_size": 1}):
        said = describe_event(cards, event, "en")
        assert said.endswith(" 1 card"), said


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", "Mei met the end condition too (EM-5.1)"),
        ("ja", "Meiも終了条件を満たした（EM-5.1）"),
    ],
)
def test_em_5_1_a_later_finisher_has_its_line(lang: str, said: str) -> None:
    """The person met the end condition after a bot had (turn 36, reactivating 逃がし屋): the
    log went straight to ゲーム終了 without a word of it."""
    cards = bodoge.make("extreme-mission").cards
    event = {"event": "end_met", "seats": [1]}
    assert describe_event(cards, event, lang, ["Ann", "Mei"]) == said
