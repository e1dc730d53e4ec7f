"""A request must arrive whole within its time (``bodoge.server.heads``): a head or a body sent a
byte at a time is cut off, while a whole request, a kept-alive one, a slow answer and a websocket
are not. A real uvicorn on a loopback port, with the limit cut to half a second."""

from __future__ import annotations

import asyncio
import socket
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager

import pytest
import uvicorn
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import PlainTextResponse
from starlette.routing import Route, WebSocketRoute
from starlette.websockets import WebSocket
from websockets.sync.client import connect

from bodoge.server import serve as serving
from bodoge.server.heads import HEAD_SECONDS, head_timeout

LIMIT = 0.5


async def hello(request: Request) -> PlainTextResponse:
    body = await request.body()
    return PlainTextResponse(f"hello {len(body)}")


async def slow(request: Request) -> PlainTextResponse:
    await asyncio.sleep(3 * LIMIT)  # an answer may take its time: the request came whole
    return PlainTextResponse("slow")


async def echo(websocket: WebSocket) -> None:
    await websocket.accept()
    while True:
        await websocket.send_text(await websocket.receive_text())


APP = Starlette(
    routes=[
        Route("/", hello, methods=["GET", "POST"]),
        Route("/slow", slow),
        WebSocketRoute("/ws", echo),
    ]
)


@pytest.fixture(scope="module")
def port() -> Iterator[int]:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        config = uvicorn.Config(APP, http=head_timeout(LIMIT), log_level="warning", lifespan="off")
        server = uvicorn.Server(config)
        thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
        thread.start()
        while not server.started:
            time.sleep(0.01)
        yield sock.getsockname()[1]
        server.should_exit = True
        thread.join(5)


@contextmanager
def client(port: int) -> Iterator[socket.socket]:
    with socket.create_connection(("127.0.0.1", port), timeout=5 * LIMIT) as sock:
        yield sock


def answer(sock: socket.socket) -> bytes:
    """What the server sends until it has sent a whole (short) answer, or closes."""
    got = b""
    while b"\r\n\r\n" not in got or not got.split(b"\r\n\r\n", 1)[1]:
        piece = sock.recv(4096)
        if not piece:
            break
        got += piece
    return got


def closed(sock: socket.socket) -> bool:
    """Whether the server closes ``sock`` within a few times the limit, sending nothing."""
    try:
        return sock.recv(4096) == b""
    except TimeoutError:
        return False


def dribble(sock: socket.socket, data: bytes, for_seconds: float) -> bool:
    """Send ``data`` a piece at a time over ``for_seconds``; False once the server has cut it."""
    pieces = [data[i : i + 4] for i in range(0, len(data), 4)]
    for piece in pieces:
        try:
            sock.sendall(piece)
        except OSError:
            return False
        time.sleep(for_seconds / len(pieces))
    return True


HEAD = b"GET / HTTP/1.1\r\nHost: x\r\nX-Filler: " + b"y" * 40 + b"\r\n\r\n"


def test_a_whole_request_is_answered(port: int) -> None:
    with client(port) as sock:
        sock.sendall(HEAD)
        assert answer(sock).endswith(b"hello 0")


def test_a_head_sent_a_byte_at_a_time_is_cut_off(port: int) -> None:
    with client(port) as sock:
        dribble(sock, HEAD[:-4], 2 * LIMIT)
        assert closed(sock)


def test_a_connection_that_sends_nothing_is_closed(port: int) -> None:
    with client(port) as sock:
        assert closed(sock)


def test_a_body_sent_a_byte_at_a_time_is_cut_off(port: int) -> None:
    body = b"z" * 200
    head = b"POST / HTTP/1.1\r\nHost: x\r\nContent-Length: %d\r\n\r\n" % len(body)
    with client(port) as sock:
        sock.sendall(head)
        dribble(sock, body[:-1], 2 * LIMIT)
        assert closed(sock)


def test_a_kept_alive_connections_next_head_is_bounded_too(port: int) -> None:
    with client(port) as sock:
        sock.sendall(HEAD)
        assert answer(sock).endswith(b"hello 0")
        sock.sendall(HEAD)  # a second request, whole and at once: answered
        assert answer(sock).endswith(b"hello 0")
        dribble(sock, HEAD[:-4], 2 * LIMIT)
        assert closed(sock)


def test_a_slow_answer_is_not_cut(port: int) -> None:
    with client(port) as sock:
        sock.sendall(b"GET /slow HTTP/1.1\r\nHost: x\r\n\r\n")
        assert answer(sock).endswith(b"slow")


def test_a_websocket_outlives_the_limit(port: int) -> None:
    with connect(f"ws://127.0.0.1:{port}/ws") as ws:
        time.sleep(3 * LIMIT)
        ws.send("still here")
        assert ws.recv(timeout=5) == "still here"


def test_bodoge_serve_runs_under_the_limit() -> None:
    config = serving.uvicorn_config(APP, "127.0.0.1", 0, "info", None)
    assert getattr(config.http, "seconds", None) == HEAD_SECONDS
