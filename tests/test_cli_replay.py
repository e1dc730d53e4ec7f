"""``bodoge replay FILE``: a saved game's record stepped through on a terminal (every step's line
when piped; Enter, n, p, a number and q on a terminal), from a seat's view or a spectator's, in
either language; a broken file is one line and exit code 2."""

from __future__ import annotations

import io
import json
import random
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console
from typer.testing import CliRunner

import bodoge
from bodoge.cli import app
from bodoge.core.i18n import text
from bodoge.play.replay import TerminalReplay, load_record

runner = CliRunner()


def finished_record(seed: int = 3) -> dict[str, Any]:
    """A finished three-player Ruler of Mana game as a room's replay gives it (and the page
    downloads it): Ann and ボブ are people, seat 1 an easy bot."""
    game = bodoge.make("ruler-of-mana", players=3)
    setup = {"start_player": 1}
    state = game.new_state(seed, setup)
    rng = random.Random(seed)
    while not state.is_over:
        state.apply(rng.choice(state.legal_actions()))
    seats = [{"name": "Ann", "bot": None}, {"name": None, "bot": "easy"}]
    seats.append({"name": "ボブ", "bot": None})
    return {
        "room": "k7m2abc9xy",
        "game": "ruler-of-mana",
        "players": 3,
        "variant": "basic",
        "cards": None,
        "game_no": 2,
        "setup": setup,
        "seed": seed,
        "history": state.history,
        "seats": seats,
        "games": [1, 2],
    }


@pytest.fixture
def saved(tmp_path: Path) -> Path:
    path = tmp_path / "ruler-of-mana-k7m2abc9xy-2.json"
    path.write_text(json.dumps(finished_record(), ensure_ascii=False), encoding="utf-8")
    return path


def test_a_saved_record_prints_every_step_when_piped(saved: Path) -> None:
    record = json.loads(saved.read_text(encoding="utf-8"))
    steps = len(record["history"])
    result = runner.invoke(app, ["replay", str(saved)])
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[0] == "Ruler of Mana · replay · seen by a spectator"
    said = [line for line in lines if line.startswith("step ")]
    assert len(said) == steps + 1
    assert said[0] == f"step 0 of {steps}: the start, before any move"
    # who made each step, by the name the room knew, in the words of the move
    # a bot as the table named it, counting seats from 1: "easy bot 2", in the step's line and in
    # what it made happen; the terminal's seat numbers are the notation's, from 0
    assert said[1].startswith(f"step 1 of {steps} · easy bot 2 (seat 1): ")
    assert "  • easy bot 2 is dealt 7 cards" in lines
    assert not any("Seat 1" in line for line in lines)
    assert any("· Ann (seat 0): " in line for line in said)
    assert any("· ボブ (seat 2): " in line for line in said)
    assert not any(line.endswith(": pass") for line in said)  # "Pass", not the notation
    assert "  • Ann is dealt 7 cards" in lines  # what the steps make happen, names and all
    assert "Your hand" not in result.stdout  # a spectator sees no hand
    assert "Result" in result.stdout and "Winner: seat " in result.stdout


def test_a_saved_record_from_a_seat_in_japanese(saved: Path) -> None:
    steps = len(json.loads(saved.read_text(encoding="utf-8"))["history"])
    result = runner.invoke(app, ["replay", str(saved), "--seat", "2", "--lang", "ja"])
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[0] == "マナを統べし者・リプレイ・ボブ（席2）の視点"
    assert f"{steps}手中0手目：開始時（まだ誰も動いていない）" in lines
    assert any(line.startswith(f"{steps}手中1手目・やさしいBot2（席1）：") for line in lines)
    assert "あなたの手札" in result.stdout  # seat 2's own hand, at the end
    assert any(line.startswith("  • ボブに7枚配られた：") for line in lines)  # its own cards


def test_a_terminal_steps_forward_back_and_to_a_step(saved: Path) -> None:
    """Enter and n go forward, p back, a number to that step, q quits; an answer that is none
    of these says so and asks again. A step goes on past the steps that showed this seat nothing,
    as the page's step buttons do: seat 1's spell, made item by item (its option, its target, its
    mana), is one press from the start, to the step that made it whole."""
    record = load_record(saved)
    assert record.history[:4] == ["cast S14/2", "@0", "W1", "RB"] and record.actors[:4] == (1,) * 4
    out = io.StringIO()
    console = Console(file=out, width=120, highlight=False)
    answers = iter(["", "n", "p", "7", "p", "p", "999", "what", "0", "p", "q"])
    asked: list[str] = []

    def read_line(prompt: str) -> str:
        asked.append(prompt)
        return next(answers)

    TerminalReplay(record, 0, "en", console, read_line).run()
    steps = len(record.steps)
    assert asked[:4] == [f"[0/{steps}] > ", f"[4/{steps}] > ", f"[5/{steps}] > ", f"[4/{steps}] > "]
    shown = [
        line.split(" · ")[0] for line in out.getvalue().splitlines() if line.startswith("step ")
    ]
    assert shown == [
        f"step 0 of {steps}: the start, before any move",
        *(f"step {k} of {steps}" for k in (4, 5, 4, 7, 6, 5)),
        f"step 0 of {steps}: the start, before any move",
    ]
    said = out.getvalue()
    assert said.count("Enter or n for the next step") == 2  # 999 and "what"
    assert "This is the start, before any move: n goes forward." in said
    assert "Your hand" in said  # seat 0's view


def test_a_terminal_at_the_last_step_shows_the_result(saved: Path) -> None:
    record = load_record(saved)
    out = io.StringIO()
    answers = iter([str(len(record.steps)), "n", "q"])
    TerminalReplay(record, None, "ja", Console(file=out, width=120), lambda _: next(answers)).run()
    said = out.getvalue()
    assert "結果" in said and "これが最後の手です" in said


def broken_line(args: list[str]) -> str:
    result = runner.invoke(app, ["replay", *args])
    assert result.exit_code == 2, result.output
    assert result.stdout == "" and "Traceback" not in result.output
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, lines
    return lines[0]


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_broken_record_is_one_line_in_either_language(tmp_path: Path, lang: str) -> None:
    def said(key: str, **fields: object) -> str:
        return text("cli.error", lang, message=text(key, lang, **fields))

    def file(name: str, content: str) -> str:
        path = tmp_path / name
        path.write_text(content, encoding="utf-8")
        return str(path)

    where = str(tmp_path / "gone.json")
    reason = text("cards.error.os.enoent", lang)
    assert broken_line([where, "--lang", lang]) == said(
        "replay.cannot_read", path=where, reason=reason
    )
    where = file("cut.json", '{"game": "ruler-of-mana",\n')
    assert broken_line([where, "--lang", lang]) == said(
        "replay.not_json", path=where, line=2, column=1
    )
    for content in ("[1, 2]", '"ruler-of-mana"', "3"):  # JSON, but no object of fields
        where = file("list.json", content)
        assert broken_line([where, "--lang", lang]) == said("replay.not_object", path=where)
    record = finished_record()
    where = file("noseed.json", json.dumps({**record, "seed": "3"}))
    assert broken_line([where, "--lang", lang]) == said(
        "replay.bad_field", path=where, field="seed"
    )
    where = file("chess.json", json.dumps({**record, "game": "chess"}))
    assert broken_line([where, "--lang", lang]).startswith(
        said("replay.in_file", path=where, error="")
    )
    # a step that cannot be played where it stands: its number, its notation and why
    history = list(record["history"])
    history[5] = "draw"
    where = file("edited.json", json.dumps({**record, "history": history}))
    line = broken_line([where, "--lang", lang])
    assert line.startswith(said("replay.bad_step", path=where, step=6, notation="draw", why=""))
    assert len(line) > len(said("replay.bad_step", path=where, step=6, notation="draw", why=""))
    where = file("fine.json", json.dumps(record))
    assert broken_line([where, "--seat", "3", "--lang", lang]) == said(
        "replay.bad_seat", seat=3, last=2
    )


def test_a_terminal_refuses_a_step_in_other_digits_or_too_long(saved: Path) -> None:
    """``²`` passed ``str.isdigit`` and then crashed ``int``; 5,000 digits crashed ``int`` too."""
    out = io.StringIO()
    answers = iter(["²", "9" * 5000, "q"])
    console = Console(file=out, width=120, highlight=False)
    TerminalReplay(load_record(saved), None, "en", console, lambda _: next(answers)).run()
    assert out.getvalue().count("Enter or n for the next step") == 2


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_record_cut_short_says_so_once_at_the_end(tmp_path: Path, lang: str) -> None:
    """A record that stops before the game's end showed its last position as "In progress: …"
    under "The game is over." and said nothing more."""
    record = finished_record()
    path = tmp_path / "cut.json"
    path.write_text(json.dumps({**record, "history": record["history"][:40]}), encoding="utf-8")
    cut, over = text("replay.unfinished", lang, steps=40), text("play.over", lang)
    result = runner.invoke(app, ["replay", str(path), "--lang", lang])
    assert result.exit_code == 0, result.output
    assert result.stdout.count(cut) == 1 and over not in result.stdout
    assert result.stdout.rstrip().endswith(cut)
    out = io.StringIO()
    answers = iter(["39", "40", "n", "q"])
    console = Console(file=out, width=120, highlight=False)
    TerminalReplay(load_record(path), 0, lang, console, lambda _: next(answers)).run()
    assert out.getvalue().count(cut) == 1  # at the last step only, once
    # a finished game's record says its end as before
    path.write_text(json.dumps(record), encoding="utf-8")
    result = runner.invoke(app, ["replay", str(path), "--lang", lang])
    assert over in result.stdout and cut not in result.stdout
