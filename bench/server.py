"""Server speed: N concurrent games over real websockets on loopback, actions per second and the
round trip of a move (its ``act`` frame sent → the ``state`` frame that shows it) at p50/p95/p99.

A ``bodoge serve`` subprocess on a free loopback port and a fresh SQLite file (or ``--db``) holds
the games; ``--clients`` client processes each drive a share of them, one websocket per person's
seat, every seat playing uniformly random legal steps after ``--think`` seconds (a person takes
seconds; 0 plays as fast as the server answers). Each connection paces itself under the
contract's 20 frames a second. ``--bots K`` puts random bots in the last K seats of every game,
played inside the server (its worker processes). A finished game is rematched at once, so N
games stay under way; the run stops by itself after ``--seconds`` (default 30).

Ruler of Mana is the default game: random Extreme Mission players hardly ever finish.

Run: ``.venv/bin/python bench/server.py [--games 200] [--players 2] [--think 1.0] [--bots 0]
[--clients 2] [--seconds 30] [--game ruler-of-mana] [--json FILE]``
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


class Seat:
    """One person's seat: a websocket that plays random legal steps and times each round trip."""

    def __init__(self, ws: ClientConnection, rng: random.Random, think: float) -> None:
        self.ws = ws
        self.rng = rng
        self.think = think
        self.sent: deque[float] = deque()
        self.pending: tuple[int, float] | None = None  # (seq acted on, when sent)
        self.trips: list[float] = []
        self.frame_bytes = 0  # of the state frames received
        self.frames = 0
        self.over = asyncio.Event()

    async def pace(self) -> None:
        now = time.monotonic()
        while self.sent and self.sent[0] <= now - 1.0:
            self.sent.popleft()
        if len(self.sent) >= PER_SECOND:
            await asyncio.sleep(self.sent[0] + 1.0 - now)
        self.sent.append(time.monotonic())

    async def run(self, stop: float) -> None:
        async for text in self.ws:
            frame = json.loads(text)
            if frame["type"] != "state":
                continue
            self.frames += 1
            self.frame_bytes += len(text)
            now = time.monotonic()
            if self.pending is not None and frame["seq"] > self.pending[0]:
                self.trips.append(now - self.pending[1])
                self.pending = None
            if frame["view"]["is_over"]:
                self.over.set()
            if not frame["legal"] or now > stop:
                continue
            if self.think:
                await asyncio.sleep(self.rng.expovariate(1 / self.think))
            await self.pace()
            step = frame["legal"][self.rng.randrange(len(frame["legal"]))]
            self.pending = (frame["seq"], time.monotonic())
            await self.ws.send(json.dumps({"type": "act", "action": step, "seq": frame["seq"]}))


async def drive_room(
    base: str, room: dict[str, Any], think: float, stop: float, seed: int
) -> tuple[list[float], int, int, int]:
    """Play one room's games until ``stop``; the round trips, the games finished, and the state
    frames received and their characters."""
    ws_base = base.replace("http://", "ws://") + f"/ws/rooms/{room['room']}?token="
    sockets = [await connect(ws_base + t, max_size=2**22) for t in room["tokens"].values()]
    seats = [Seat(ws, random.Random(seed + i), think) for i, ws in enumerate(sockets)]
    tasks = [asyncio.create_task(s.run(stop)) for s in seats]
    finished = 0
    try:
        while time.monotonic() < stop:
            try:
                await asyncio.wait_for(
                    seats[0].over.wait(), timeout=max(0.0, stop - time.monotonic())
                )
            except TimeoutError:
                break
            finished += 1
            for s in seats:
                s.over.clear()
            await asyncio.to_thread(
                post, base, f"/api/rooms/{room['room']}/rematch", {}, room["creator"]
            )
    finally:
        for ws in sockets:
            await ws.close()
        for task in tasks:
            task.cancel()
    return (
        [t for s in seats for t in s.trips],
        finished,
        sum(s.frames for s in seats),
        sum(s.frame_bytes for s in seats),
    )


def client_process(
    base: str, rooms: list[dict[str, Any]], think: float, stop_in: float, seed: int
) -> dict[str, Any]:
    """One client process: drives its rooms concurrently on one event loop. Its CPU time is
    measured too: the clients share the machine with the server."""

    async def main() -> list[tuple[list[float], int, int, int]]:
        stop = time.monotonic() + stop_in
        return await asyncio.gather(
            *(drive_room(base, r, think, stop, seed + 1000 * i) for i, r in enumerate(rooms))
        )

    cpu = time.process_time()
    results = asyncio.run(main())
    return {
        "trips": [t for r in results for t in r[0]],
        "games": sum(r[1] for r in results),
        "frames": sum(r[2] for r in results),
        "frame_chars": sum(r[3] for r in results),
        "cpu": time.process_time() - cpu,
    }


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
    parser.add_argument("--db", default=None, help="database URL (default: a fresh SQLite file)")
    parser.add_argument("--json", type=Path, default=None, help="also write the figures here")
    args = parser.parse_args(argv)
    if not 0 <= args.bots < args.players or args.games < 1 or args.clients < 1:
        parser.error("need --games >= 1, --clients >= 1 and 0 <= --bots < --players")
    if not 1.0 <= args.seconds <= 600.0:
        parser.error("--seconds is between 1 and 600")

    port = free_port()
    base = f"http://127.0.0.1:{port}"
    with tempfile.TemporaryDirectory() as tmp:
        db = args.db or f"sqlite:///{Path(tmp) / 'bench.db'}"
        server = subprocess.Popen(
            [sys.executable, "-m", "bodoge.cli", "serve", "--port", str(port), "--db", db],
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
            load_before = os.getloadavg()
            cpu_before = _cpu_seconds(server.pid)
            start = time.monotonic()
            context = multiprocessing.get_context("spawn")
            with context.Pool(args.clients) as pool:
                results = pool.starmap(
                    client_process,
                    [
                        (base, share, args.think, args.seconds, 7 + i)
                        for i, share in enumerate(shares)
                    ],
                )
            elapsed = time.monotonic() - start
            cpu_after = _cpu_seconds(server.pid)
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
