"""A real ``bodoge serve`` on a free loopback port: two websocket clients (and a bot in a worker
process) play a whole game of random legal steps; the server is killed with SIGKILL mid-game,
started again, and the game goes on from the same seq and state to its end. SIGTERM stops it
cleanly. A second server on the same database is refused in one line, until the first is gone
(killed too). A database's password is never printed."""

from __future__ import annotations

import json
import os
import random
import re
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from server_helpers import Pacer, whole
from websockets.sync.client import ClientConnection, connect

BODOGE = [sys.executable, "-m", "bodoge.cli"]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


STAMPED = re.compile(
    r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}[+-]\d\d:\d\d (DEBUG|INFO|WARNING|ERROR) "
)
"""How every log line begins: its time with its offset from UTC, and its level."""


@contextmanager
def serve(db: Path | str, port: int, *more: str) -> Iterator[subprocess.Popen[str]]:
    """``bodoge serve`` on ``db`` (an SQLite file, or a URL), once it answers on ``port``."""
    url = db if isinstance(db, str) else f"sqlite:///{db}"
    process = subprocess.Popen(
        [*BODOGE, "serve", "--port", str(port), "--db", url, *more],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        env={**os.environ, "PYTHONUNBUFFERED": "1"},
        start_new_session=True,  # its own process group: the bot workers die with it
    )
    try:
        first = process.stdout.readline() if process.stdout else ""
        assert f"http://127.0.0.1:{port}/" in first, first
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            try:
                with socket.create_connection(("127.0.0.1", port), timeout=0.2):
                    break
            except OSError:
                time.sleep(0.1)
        yield process
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
        process.wait(10)


def post(port: int, path: str, body: dict[str, Any], token: str | None = None) -> Any:
    request = urllib.request.Request(
        f"http://127.0.0.1:{port}{path}",
        data=json.dumps(body).encode(),
        headers={"Content-Type": "application/json"}
        | ({"Authorization": f"Bearer {token}"} if token else {}),
    )
    with urllib.request.urlopen(request, timeout=10) as answer:
        return json.loads(answer.read())


def state_of(ws: ClientConnection) -> dict[str, Any]:
    while True:
        frame: dict[str, Any] = json.loads(ws.recv(timeout=30))
        if frame["type"] == "state":
            return frame


def play(port: int, room: str, tokens: list[str], steps: int | None, rng: random.Random) -> Any:
    """Two seats play random legal steps (a bot plays the third), for ``steps`` of their own
    moves or to the end; the last state each saw, its log made whole."""
    pacers = [Pacer(), Pacer()]
    url = f"ws://127.0.0.1:{port}/ws/rooms/{room}?token="
    with connect(url + tokens[0]) as ann, connect(url + tokens[1]) as bob:
        sockets = [ann, bob]
        latest = [state_of(ann), state_of(bob)]
        moved = 0
        while not latest[0]["view"]["is_over"] and (steps is None or moved < steps):
            mover = latest[0]["view"]["current_player"]
            if mover in (0, 1):
                legal = latest[mover]["legal"]
                pacers[mover].wait()
                step = legal[rng.randrange(len(legal))]
                sockets[mover].send(
                    json.dumps({"type": "act", "action": step, "seq": latest[mover]["seq"]})
                )
                moved += 1
            latest = [whole(state_of(ann), latest[0]), whole(state_of(bob), latest[1])]
            assert latest[0]["seq"] == latest[1]["seq"]
        return latest


def test_play_kill_restart_and_finish(tmp_path: Path) -> None:
    db, port, rng = tmp_path / "bodoge.db", free_port(), random.Random(1)
    with serve(db, port) as process:
        made = post(port, "/api/rooms", {"game": "ruler-of-mana", "players": 3, "name": "Ann"})
        room, ann = made["room"], made["token"]
        bob = post(port, f"/api/rooms/{room}/seats/1", {"name": "Bob"})["token"]
        post(port, f"/api/rooms/{room}/seats/2/bot", {"level": "random"}, ann)
        post(port, f"/api/rooms/{room}/start", {"start_player": 0}, ann)
        before = play(port, room, [ann, bob], 20, rng)
        os.killpg(process.pid, signal.SIGKILL)  # the server and its bot workers, as in a crash
        process.wait(10)
    with serve(db, port) as process:
        url = f"ws://127.0.0.1:{port}/ws/rooms/{room}?token="
        for seat, token in enumerate([ann, bob]):
            with connect(url + token) as ws:
                again = state_of(ws)
                # (the bot's moves after the people's last may have ended the game before the
                # kill: then the first server said it, in a log the kill cut short)
                over_before = again["view"]["is_over"]
                # Every move acknowledged before the kill is there; the bot may have moved since.
                assert again["seq"] >= before[seat]["seq"]
                if again["seq"] == before[seat]["seq"]:
                    assert again == before[seat]
        final = play(port, room, [ann, bob], None, rng)
        assert final[0]["view"]["is_over"] and final[0]["view"]["result"]
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/rooms/{room}/replay") as r:
            assert len(json.loads(r.read())["history"]) == final[0]["seq"]
        process.send_signal(signal.SIGTERM)
        # uvicorn shuts down, then exits by the signal it caught (as its caller would expect).
        assert process.wait(15) in (0, -signal.SIGTERM)
        output = process.stdout.read() if process.stdout else ""
        assert "Application shutdown complete" in output, output
        if not over_before:
            assert f"room {room}: game 1 over" in output
        assert ann not in output and bob not in output  # no token in the log
        # The bot worker stopped with its queues: nothing left for the resource tracker.
        assert "leaked semaphore" not in output
        logged = output.splitlines()[2:]  # after the two lines saying where it serves
        assert logged and all(STAMPED.match(line) for line in logged), output
        assert not any(line.endswith(("connection open", "connection closed")) for line in logged)


def request(port: int, path: str, body: dict[str, Any] | None = None, forwarded: str = "") -> int:
    """The status of a GET (with a ``body``, a POST) from a proxy that forwards ``forwarded``."""
    headers = {"Content-Type": "application/json"} | (
        {"X-Forwarded-For": forwarded} if forwarded else {}
    )
    data = None if body is None else json.dumps(body).encode()
    asked = urllib.request.Request(f"http://127.0.0.1:{port}{path}", data=data, headers=headers)
    try:
        with urllib.request.urlopen(asked, timeout=10) as answer:
            return int(answer.status)
    except urllib.error.HTTPError as refused:
        return int(refused.code)


def stopped(process: subprocess.Popen[str]) -> str:
    process.send_signal(signal.SIGTERM)
    process.wait(15)
    return process.stdout.read() if process.stdout else ""


def test_the_access_log_and_the_limits_go_by_the_forwarded_address(tmp_path: Path) -> None:
    """--access-log: a line per request, its path without the query, from the address the
    proxy on the loopback forwards, which the room limit counts; no token anywhere. The address
    of a proxy not in --forwarded-allow-ips is not believed, and --log-level warning says
    nothing of what went well."""
    db, port = tmp_path / "bodoge.db", free_port()
    body = {"game": "ruler-of-mana", "players": 2, "name": "Ann"}
    with serve(db, port, "--access-log", "--room-limit", "1") as process:
        made = post(port, "/api/rooms", body)
        assert request(port, "/api/rooms", body, forwarded="203.0.113.9") == 201
        assert request(port, "/api/rooms", body, forwarded="203.0.113.9") == 429
        assert request(port, "/api/rooms", body, forwarded="198.51.100.7") == 201
        assert request(port, f"/api/rooms/{made['room']}/replay?game=1&lang=ja") == 404
        url = f"ws://127.0.0.1:{port}/ws/rooms/{made['room']}?token={made['token']}"
        with connect(url) as ws:
            ws.recv(timeout=10)
        output = stopped(process)
    assert made["token"] not in output
    assert '203.0.113.9 "POST /api/rooms" 429 ' in output
    assert '198.51.100.7 "POST /api/rooms" 201 ' in output
    assert f'127.0.0.1 "GET /api/rooms/{made["room"]}/replay" 404 ' in output
    assert "?token=***" in output
    quiet = ("--log-level", "warning", "--room-limit", "1", "--forwarded-allow-ips", "192.0.2.1")
    with serve(db, port, *quiet) as process:
        assert request(port, "/api/rooms", body, forwarded="203.0.113.1") == 201
        assert request(port, "/api/rooms", body, forwarded="203.0.113.2") == 429  # both 127.0.0.1
        output = stopped(process)
    assert " INFO " not in output and "Started server process" not in output


def refused(db: str) -> str:
    """``bodoge serve`` on ``db``, refused: its one line."""
    done = subprocess.run(
        [*BODOGE, "serve", "--port", str(free_port()), "--db", db],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 2 and done.stdout == ""
    assert len(done.stderr.strip().splitlines()) == 1, done.stderr
    return done.stderr


def test_a_database_that_cannot_be_opened_is_one_line() -> None:
    for db in ("postgresql://nobody@127.0.0.1:1/none", "mysterydb://x"):
        refused(db)
    for db in ("postgresql://bodoge:hunter2@127.0.0.1:1/bodoge", "postgresql://u:hunter2@h:x/d"):
        said = refused(db)
        assert "hunter2" not in said and ":***@" in said, said


def test_a_second_server_on_a_database_is_refused_until_the_first_is_gone(db_url: str) -> None:
    with serve(db_url, free_port()) as first:
        said = refused(db_url)
        assert "in use by another bodoge server" in said and f"process {first.pid}" in said
        os.killpg(first.pid, signal.SIGKILL)  # no time to give its lease up
        first.wait(10)
    with serve(db_url, free_port()) as second:  # the first's process is gone: at once
        assert second.poll() is None
