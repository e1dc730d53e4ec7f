"""Server speed: N concurrent games over real websockets on loopback, actions per second and the
round trip of a move (its ``act`` frame sent → the ``state`` frame that shows it) at p50/p95/p99.

A ``bodoge serve`` subprocess on a free loopback port and a fresh SQLite file (or ``--db``) holds
the games; ``--clients`` client processes each drive a share of them, one websocket per person's
seat, every seat playing uniformly random legal steps after ``--think`` seconds (a person takes
seconds; 0 plays as fast as the server answers). Each connection paces itself under the
contract's 20 frames a second. ``--bots K`` puts random bots in the last K seats of every game,
played inside the server (its worker processes). A finished game is rematched at once, so N
games stay under way. Before the measuring starts, each game is played at once to a random step
below ``--spread`` (default 150), so that the games measured are at every stage of their length,
as on a server that has been up a while, not all at their first steps (where frames are
smallest); then every client measures for ``--seconds`` (default 30): the actions answered, the
round trips, the server's CPU time and the clients' own, and the size of the state frames.

Ruler of Mana is the default game: random Extreme Mission players hardly ever finish.

Run: ``.venv/bin/python bench/server.py [--games 200] [--players 2] [--think 1.0] [--bots 0]
[--clients 2] [--seconds 30] [--spread 150] [--game ruler-of-mana] [--json FILE]``
"""

from __future__ import annotations

import argparse
import asyncio
import json
import multiprocessing
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections import deque
from pathlib import Path
from typing import Any

from websockets.asyncio.client import ClientConnection, connect

PER_SECOND = 18  # under the server's 20 frames a second per connection


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def post(base: str, path: str, body: dict[str, Any], token: str | None = None) -> Any:
    headers = {"Content-Type": "application/json"}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    request = urllib.request.Request(base + path, json.dumps(body).encode(), headers)
    with urllib.request.urlopen(request, timeout=30) as answer:
        return json.loads(answer.read())


def make_room(base: str, game: str, players: int, bots: int) -> dict[str, Any]:
    """A started room; its id, the creator's token and the tokens of the people's seats."""
    made = post(base, "/api/rooms", {"game": game, "players": players, "name": "P0"})
    room, creator = made["room"], made["token"]
    tokens = {0: creator}
    for seat in range(1, players):
        if seat >= players - bots:
            post(base, f"/api/rooms/{room}/seats/{seat}/bot", {"level": "random"}, creator)
        else:
            tokens[seat] = post(base, f"/api/rooms/{room}/seats/{seat}", {"name": f"P{seat}"})[
                "token"
            ]
    post(base, f"/api/rooms/{room}/start", {}, creator)
    return {"room": room, "creator": creator, "tokens": tokens}


class Window:
    """The measured part of a client process's run: from ``start`` (None while the games are
    still being brought forward) to ``stop``."""

    def __init__(self) -> None:
        self.start: float | None = None
        self.stop = float("inf")

    def measuring(self, now: float) -> bool:
        return self.start is not None and now <= self.stop


class Seat:
    """One person's seat: a websocket that plays random legal steps and times each round trip.
    Until its game reaches step ``ahead`` it plays at once (bringing the game forward); round
    trips count only inside the window."""

    def __init__(
        self, ws: ClientConnection, rng: random.Random, think: float, ahead: int, window: Window
    ) -> None:
        self.ws = ws
        self.rng = rng
        self.think = think
        self.ahead = ahead
        self.window = window
        self.sent: deque[float] = deque()
        self.pending: tuple[int, float] | None = None  # (seq acted on, when sent)
        self.trips: list[float] = []
        self.frame_chars = 0  # of the state frames received in the window
        self.frames = 0
        self.over = asyncio.Event()
        self.ready = asyncio.Event()  # the game has been brought forward

    async def pace(self) -> None:
        now = time.monotonic()
        while self.sent and self.sent[0] <= now - 1.0:
            self.sent.popleft()
        if len(self.sent) >= PER_SECOND:
            await asyncio.sleep(self.sent[0] + 1.0 - now)
        self.sent.append(time.monotonic())

    async def run(self) -> None:
        async for text in self.ws:
            frame = json.loads(text)
            if frame["type"] != "state":
                continue
            now = time.monotonic()
            measuring = self.window.measuring(now)
            if measuring:
                self.frames += 1
                self.frame_chars += len(text)
            if self.pending is not None and frame["seq"] > self.pending[0]:
                if measuring and self.pending[1] >= (self.window.start or now):
                    self.trips.append(now - self.pending[1])
                self.pending = None
            if frame["view"]["is_over"]:
                self.over.set()
            forward = not self.ready.is_set()
            if forward and (frame["seq"] >= self.ahead or frame["view"]["is_over"]):
                self.ready.set()
                forward = False
            if not frame["legal"] or now > self.window.stop:
                continue
            if self.think and not forward:
                await asyncio.sleep(self.rng.expovariate(1 / self.think))
            await self.pace()
            step = frame["legal"][self.rng.randrange(len(frame["legal"]))]
            self.pending = (frame["seq"], time.monotonic())
            await self.ws.send(json.dumps({"type": "act", "action": step, "seq": frame["seq"]}))


async def drive_room(
    base: str,
    room: dict[str, Any],
    think: float,
    ahead: int,
    window: Window,
    seed: int,
    ready: asyncio.Event,
) -> tuple[list[float], int, int, int]:
    """Play one room's games until the window closes (``ready`` is set once the game has been
    brought forward); the round trips, the games finished in the window, and the state frames
    received in it and their characters."""
    ws_base = base.replace("http://", "ws://") + f"/ws/rooms/{room['room']}?token="
    sockets = [await connect(ws_base + t, max_size=2**22) for t in room["tokens"].values()]
    seats = [
        Seat(ws, random.Random(seed + i), think, ahead, window) for i, ws in enumerate(sockets)
    ]
    tasks = [asyncio.create_task(s.run()) for s in seats]

    async def forward() -> None:
        await asyncio.gather(*(s.ready.wait() for s in seats))
        ready.set()

    tasks.append(asyncio.create_task(forward()))
    finished = 0
    try:
        while time.monotonic() < window.stop:
            try:
                await asyncio.wait_for(
                    seats[0].over.wait(), timeout=min(5.0, window.stop - time.monotonic())
                )
            except TimeoutError:
                continue
            finished += window.measuring(time.monotonic())
            for s in seats:
                s.over.clear()
            for token in room["tokens"].values():  # a rematch starts once every person agrees
                await asyncio.to_thread(post, base, f"/api/rooms/{room['room']}/rematch", {}, token)
    finally:
        for ws in sockets:
            await ws.close()
        for task in tasks:
            task.cancel()
    return (
        [t for s in seats for t in s.trips],
        finished,
        sum(s.frames for s in seats),
        sum(s.frame_chars for s in seats),
    )


def client_process(
    base: str,
    rooms: list[dict[str, Any]],
    think: float,
    seconds: float,
    spread: int,
    seed: int,
    start: Any,
    results: Any,
) -> None:
    """One client process: drives its rooms concurrently on one event loop. Each game is first
    brought forward to a random step below ``spread``, so that the measured games are spread over
    their length (as on a server that has been up for a while) rather than all at their start;
    then every process waits at the ``start`` barrier, and measures for ``seconds``. Its CPU
    time in the window is measured too: the clients share the machine with the server."""
    rng = random.Random(seed)
    window = Window()
    cpu: dict[str, float] = {}

    async def main() -> list[tuple[list[float], int, int, int]]:
        loop = asyncio.get_running_loop()
        ready = [asyncio.Event() for _ in rooms]
        drives = [
            asyncio.create_task(
                drive_room(
                    base,
                    r,
                    think,
                    rng.randrange(spread) if spread else 0,
                    window,
                    seed + 1000 * i,
                    ready[i],
                )
            )
            for i, r in enumerate(rooms)
        ]
        await asyncio.gather(*(e.wait() for e in ready))
        await loop.run_in_executor(None, start.wait)
        cpu["start"] = time.process_time()
        window.start = time.monotonic()
        window.stop = window.start + seconds
        done = await asyncio.gather(*drives)
        cpu["stop"] = time.process_time()
        return done

    found = asyncio.run(main())
    results.put(
        {
            "trips": [t for r in found for t in r[0]],
            "games": sum(r[1] for r in found),
            "frames": sum(r[2] for r in found),
            "frame_chars": sum(r[3] for r in found),
            "cpu": cpu["stop"] - cpu["start"],
        }
    )


def percentile(sorted_values: list[float], q: float) -> float:
    if not sorted_values:
        return float("nan")
    return sorted_values[min(len(sorted_values) - 1, int(q * len(sorted_values)))]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="bodoge server: concurrent games over websockets")
    parser.add_argument("--games", type=int, default=200, help="concurrent games (default 200)")
    parser.add_argument("--players", type=int, default=2, help="seats per game (default 2)")
    parser.add_argument("--game", default="ruler-of-mana", help="game (default ruler-of-mana)")
    parser.add_argument("--bots", type=int, default=0, help="random bots per game, in the server")
    parser.add_argument("--think", type=float, default=1.0, help="mean think time, s (default 1)")
    parser.add_argument("--clients", type=int, default=2, help="client processes (default 2)")
    parser.add_argument("--seconds", type=float, default=30.0, help="length of the run, s")
    parser.add_argument(
        "--spread",
        type=int,
        default=150,
        help="bring each game forward to a random step below this before measuring (default "
        "150, about a random Ruler of Mana game's length; 0: measure games from their start)",
    )
    parser.add_argument("--db", default=None, help="database URL (default: a fresh SQLite file)")
    parser.add_argument("--json", type=Path, default=None, help="also write the figures here")
    args = parser.parse_args(argv)
    if not 0 <= args.bots < args.players or args.games < 1 or args.clients < 1:
        parser.error("need --games >= 1, --clients >= 1 and 0 <= --bots < --players")
    if not 1.0 <= args.seconds <= 600.0:
        parser.error("--seconds is between 1 and 600")
    if args.spread < 0:
        parser.error("--spread is 0 or more")

    port = free_port()
    base = f"http://127.0.0.1:{port}"
    with tempfile.TemporaryDirectory() as tmp:
        db = args.db or f"sqlite:///{Path(tmp) / 'bench.db'}"
        # no limits: every room and socket comes from this one address, at once
        command = [sys.executable, "-m", "bodoge.cli", "serve", "--port", str(port), "--db", db]
        server = subprocess.Popen(
            [*command, "--room-limit", "0", "--sockets-per-address", "0"],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        try:
            deadline = time.monotonic() + 30
            while True:
                try:
                    urllib.request.urlopen(base + "/api/games", timeout=1).close()
                    break
                except OSError:
                    if time.monotonic() > deadline or server.poll() is not None:
                        raise SystemExit("the server did not start") from None
                    time.sleep(0.2)
            rooms = [make_room(base, args.game, args.players, args.bots) for _ in range(args.games)]
            shares = [rooms[i :: args.clients] for i in range(args.clients)]
            context = multiprocessing.get_context("spawn")
            barrier = context.Barrier(args.clients + 1)
            queue = context.Queue()
            clients = [
                context.Process(
                    target=client_process,
                    args=(
                        base,
                        share,
                        args.think,
                        args.seconds,
                        args.spread,
                        7 + i,
                        barrier,
                        queue,
                    ),
                )
                for i, share in enumerate(shares)
            ]
            for client in clients:
                client.start()
            barrier.wait(timeout=600)  # every game brought forward: the window opens
            load_before = os.getloadavg()
            cpu_before = _cpu_seconds(server.pid)
            start = time.monotonic()
            time.sleep(args.seconds)
            elapsed = time.monotonic() - start
            cpu_after = _cpu_seconds(server.pid)
            results = [queue.get(timeout=120) for _ in clients]
            for client in clients:
                client.join(30)
            server_cpu = None if cpu_before is None or cpu_after is None else cpu_after - cpu_before
            load_after = os.getloadavg()
        finally:
            server.terminate()
            server.wait(15)
    trips = sorted(t for r in results for t in r["trips"])
    frames = sum(r["frames"] for r in results)
    frames_chars = sum(r["frame_chars"] for r in results)
    figures = {
        "game": args.game,
        "players": args.players,
        "bots": args.bots,
        "games": args.games,
        "think": args.think,
        "clients": args.clients,
        "spread": args.spread,
        "seconds": round(elapsed, 1),
        "actions": len(trips),
        "actions_per_second": round(len(trips) / elapsed, 1),
        "games_finished": sum(r["games"] for r in results),
        "p50_ms": round(percentile(trips, 0.50) * 1000, 2),
        "p95_ms": round(percentile(trips, 0.95) * 1000, 2),
        "p99_ms": round(percentile(trips, 0.99) * 1000, 2),
        "mean_ms": round(statistics.fmean(trips) * 1000, 2) if trips else None,
        "server_cpu_share": round(server_cpu / elapsed, 2) if server_cpu is not None else None,
        "server_cpu_ms_per_action": (
            round(server_cpu / len(trips) * 1000, 2) if server_cpu is not None and trips else None
        ),
        "clients_cpu_share": round(sum(r["cpu"] for r in results) / elapsed, 2),
        "state_frame_chars_mean": round(frames_chars / frames) if frames else None,
        "loadavg_before": [round(x, 2) for x in load_before],
        "loadavg_after": [round(x, 2) for x in load_after],
        "cores": os.cpu_count(),
    }
    width = max(len(k) for k in figures)
    for key, value in figures.items():
        print(f"{key:<{width}}  {value}")
    if args.json is not None:
        args.json.write_text(json.dumps(figures, indent=2) + "\n", encoding="utf-8")
    return 0


def _cpu_seconds(pid: int) -> float | None:
    """CPU time (user + system) of a process so far, from /proc (None elsewhere)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return None
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


if __name__ == "__main__":
    sys.exit(main())
