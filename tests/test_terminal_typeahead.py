"""``bodoge play`` on a real terminal (a pty): what is typed before a prompt is shown is not its
answer."""

from __future__ import annotations

import os
import re
import select
import subprocess
import sys
import time
from pathlib import Path

import pytest

from bodoge.core.i18n import text

pty = pytest.importorskip("pty")
SRC = Path(__file__).resolve().parents[1] / "src"
ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")


def _read(fd: int, seconds: float) -> str:
    """What the terminal shows in the next ``seconds``."""
    out = b""
    end = time.monotonic() + seconds
    while (left := end - time.monotonic()) > 0:
        ready, _, _ = select.select([fd], [], [], left)
        if not ready:
            break
        try:
            chunk = os.read(fd, 65536)
        except OSError:
            break
        if not chunk:
            break
        out += chunk
    return ANSI.sub("", out.decode("utf-8", "replace"))


def _until(fd: int, shown: str) -> str:
    """Read until ``shown`` is shown: what came after it."""
    seen = ""
    end = time.monotonic() + 60
    while shown not in seen and time.monotonic() < end:
        seen += _read(fd, 1)
    assert shown in seen
    return seen.split(shown, 1)[1]


def test_a_line_typed_before_the_prompt_is_discarded_not_taken_as_its_answer() -> None:
    """The audit: ``1`` and Enter typed while a bot thought was taken at once by the next prompt
    ("Seat 0 uses Tome of Wisdom", from a list never seen), and the spinner went on on the
    prompt's line. The prompt still waits."""
    leader, follower = pty.openpty()
    env = {**os.environ, "PYTHONPATH": str(SRC), "COLUMNS": "80", "LINES": "40", "TERM": "xterm"}
    play = [sys.executable, "-m", "bodoge.cli", "play", "ruler-of-mana", "--seats", "human,random"]
    with subprocess.Popen(
        [*play, "--seed", "4", "--lang", "en"],
        stdin=follower,
        stdout=follower,
        stderr=follower,
        env=env,
        start_new_session=True,
    ) as game:
        os.close(follower)
        try:
            prompt = text("play.prompt", "en").strip()
            _until(leader, prompt)
            # the turn's answer, and the next typed ahead while the bot plays its turn
            os.write(leader, b"draw\r1\r")
            after = _until(leader, prompt) + _read(leader, 2)
            assert after.strip() in ("", "1"), f"the prompt took an answer nobody saw: {after!r}"
            os.write(leader, b"quit\r")
            assert text("play.quit", "en") in _read(leader, 10)
            assert game.wait(10) == 0
        finally:
            if game.poll() is None:
                game.kill()
            os.close(leader)
