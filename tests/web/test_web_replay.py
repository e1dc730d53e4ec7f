"""A finished game's replay in the browser: still there once a rematch has begun, sought with a
slider, by turns and from the keyboard, each step named with who made it, the moment kept in the
address (a link opens it), the record downloaded as a file that ``bodoge replay`` reads, and an
earlier game picked once the room has played two."""

from __future__ import annotations

import json
import urllib.request
from pathlib import Path
from typing import Any

from typer.testing import CliRunner
from web_helpers import PHONE, finished_game, play_out, post

from bodoge.cli import app


def get(url: str) -> Any:
    with urllib.request.urlopen(url, timeout=10) as answer:
        return json.loads(answer.read())


def label(page: Any) -> str:
    text: str = page.inner_text("#replay-step")
    return " ".join(text.split())


def at_step(page: Any, step: int) -> None:
    """Wait until the replay shows ``step`` (its view come, the address following)."""
    page.wait_for_function(
        f"window.bodoge.replay && window.bodoge.replay.step === {step}"
        rf" && /^#replay=\d+\.{step}(\.|$)/.test(location.hash)"
    )


def test_replay_seeks_names_who_moved_keeps_the_moment_and_downloads(
    server: str, person: Any, tmp_path: Path
) -> None:
    room, token = finished_game(server)
    first = get(f"{server}/api/rooms/{room}/replay")
    steps = len(first["history"])
    # against bots one click starts the rematch: the game before it stays replayable
    assert post(f"{server}/api/rooms/{room}/rematch", {}, token)["started"]
    ann = person("replay-ann")
    page = ann.page
    page.goto(f"{server}/r/{room}#token={token}")
    page.wait_for_selector(".table")
    page.click("#replay-earlier")
    page.wait_for_selector(".replay-bar")
    at_step(page, steps)
    assert page.evaluate("window.bodoge.replay.record.game_no") == 1
    assert page.evaluate("location.hash") == f"#replay=1.{steps}.0"

    # the slider seeks; the step's words name who made it
    slider = page.locator("#replay-slider")
    assert slider.get_attribute("type") == "range" and slider.get_attribute("max") == str(steps)
    slider.fill("40")
    at_step(page, 40)
    names = ["Ann", "random bot 1", "random bot 2"]
    said = label(page)
    assert f"step 40 of {steps} · {names[first['actors'][39]]}: " in said, said
    assert said.startswith("turn ") and page.get_attribute("#replay-slider", "aria-valuetext")
    seen = get(f"{server}/api/rooms/{room}/replay/40?game=1&seat=0")["view"]
    assert page.evaluate("window.bodoge.replay.view") == seen
    assert page.evaluate("location.hash") == "#replay=1.40.0"
    ann.shot("slider")

    # the keyboard, once the replay has the focus: a step, the ends, a turn
    page.focus("#replay-back")
    page.keyboard.press("ArrowRight")
    at_step(page, 41)
    page.keyboard.press("Home")
    at_step(page, 0)
    assert "the start, before any move" in label(page)
    page.keyboard.press("End")
    at_step(page, steps)
    page.keyboard.press("Home")
    at_step(page, 0)
    starts = [at for at, _turn in first["turns"] if at > 0]
    page.click("#replay-turn-on")
    at_step(page, starts[0])
    page.keyboard.press("PageDown")
    at_step(page, starts[1])
    page.keyboard.press("ArrowLeft")
    at_step(page, starts[1] - 1)
    # back to the last turn's start before this step: starts[0], unless that turn had one step
    # (then this step is its start, and the turn before is meant: the game is random)
    page.click("#replay-turn-back")
    earlier = [at for at, _turn in first["turns"] if at < starts[1] - 1]
    at_step(page, earlier[-1] if earlier else 0)

    # the record as a file named after the game and the room; the command line replays it
    with page.expect_download() as download:
        page.click("#replay-download")
    assert download.value.suggested_filename == f"ruler-of-mana-{room}-1.json"
    saved = tmp_path / download.value.suggested_filename
    download.value.save_as(saved)
    assert json.loads(saved.read_text(encoding="utf-8")) == first
    replayed = CliRunner().invoke(app, ["replay", str(saved)])
    assert replayed.exit_code == 0, replayed.output
    assert f"step {steps} of {steps} · " in replayed.stdout

    # a friend opens the link of a moment: that game, that step, in their own language
    friend = person("replay-friend", "ja", PHONE)
    friend.page.goto(f"{server}/r/{room}#replay=1.40")
    friend.page.wait_for_selector(".replay-bar")
    at_step(friend.page, 40)
    said = label(friend.page)
    assert f"{steps}手中40手目・" in said and "：" in said, said
    assert friend.page.evaluate("window.bodoge.replay.view.you") is None  # a spectator's view
    friend.no_sideways_scroll()
    friend.shot("link")

    # the rematch played out: its replay is the latest, and the first game is a pick away
    play_out(server, room, token, seed=1)
    page.click("#replay-close")
    page.wait_for_selector("#replay")
    page.click("#replay")
    page.wait_for_function("window.bodoge.replay && window.bodoge.replay.record.game_no === 2")
    page.select_option("#replay-game", "1")
    page.wait_for_function("window.bodoge.replay.record.game_no === 1")
    at_step(page, steps)
    assert page.evaluate("location.hash") == f"#replay=1.{steps}.0"
