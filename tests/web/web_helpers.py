"""What the browser tests share: window sizes, a page watched for console errors, and the check
that a rule id shown is a link to that rule."""

from __future__ import annotations

import json
import random
import socket
import subprocess
import sys
import time
import urllib.parse
import urllib.request
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from playwright.sync_api import BrowserContext, Page
from websockets.sync.client import connect

import bodoge
from bodoge.agents.base import Decision
from bodoge.agents.heuristic import game_heuristic
from bodoge.server.rooms import hash_token
from bodoge.server.storage import RoomRecord, SeatRecord, Storage

PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 900}


class Watched:
    """A page with every console error and uncaught exception it produced."""

    def __init__(self, context: BrowserContext, shots: Path, name: str) -> None:
        self.context = context
        self.page: Page = context.new_page()
        self.errors: list[str] = []
        self.shots = shots
        self.name = name
        self.page.on("console", lambda m: self.errors.append(m.text) if m.type == "error" else None)
        self.page.on("pageerror", lambda e: self.errors.append(str(e)))

    def close(self) -> None:
        """The page closed: before its server stops, which it would try to reach again (a
        console error)."""
        self.page.close()

    def shot(self, label: str) -> Path:
        path = self.shots / f"{self.name}-{label}.png"
        self.page.screenshot(path=str(path), full_page=True)
        return path

    def no_sideways_scroll(self) -> None:
        width = self.page.evaluate("document.documentElement.scrollWidth")
        inner = self.page.evaluate("window.innerWidth")
        assert width <= inner, f"{self.name}: the page is {width} px wide in a {inner} px window"


class Served:
    """``bodoge serve`` on one database and port (with ``options`` of its command line), which a
    test may stop (or kill, as a crash) and start again; under ``root_path`` (``/bodoge``: its
    ``url`` is ``http://127.0.0.1:PORT/bodoge``), as behind a proxy that serves it there."""

    def __init__(self, db: Path, *options: str, root_path: str = "") -> None:
        self.db = db
        self.options = (*options, "--root-path", root_path) if root_path else options
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}{root_path}"
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        command = [sys.executable, "-m", "bodoge.cli", "serve", "--port", str(self.port)]
        # every test's rooms come from this one address: no limit on how many it makes
        command += ["--db", f"sqlite:///{self.db}", "--room-limit", "0", *self.options]
        self.process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        wait_until_up(self.url + "/", self.process)

    def stop(self) -> None:
        if self.process is not None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
            self.process = None

    def kill(self) -> None:
        """As a crash: no shutdown, the sockets cut."""
        if self.process is not None:
            self.process.kill()
            self.process.wait(timeout=10)
            self.process = None

    def post(self, path: str, body: dict[str, Any], token: str | None = None) -> Any:
        return post(self.url + path, body, token)


def post(url: str, body: dict[str, Any], token: str | None = None) -> Any:
    """POST ``body`` as JSON (with a seat's ``token``); the answer's JSON."""
    headers = {"Content-Type": "application/json"}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    request = urllib.request.Request(url, json.dumps(body).encode(), headers, method="POST")
    with urllib.request.urlopen(request, timeout=10) as answer:
        return json.loads(answer.read())


def finished_game(server: str, seed: int = 0) -> tuple[str, str]:
    """A room whose game is over, made without a browser: Ann (seat 0) against two random bots
    in three-player Ruler of Mana (:func:`play_out`). The room and Ann's token."""
    made = post(f"{server}/api/rooms", {"game": "ruler-of-mana", "players": 3, "name": "Ann"})
    room, token = made["room"], made["token"]
    for seat in (1, 2):
        post(f"{server}/api/rooms/{room}/seats/{seat}/bot", {"level": "random"}, token)
    post(f"{server}/api/rooms/{room}/start", {"start_player": 0}, token)
    play_out(server, room, token, seed)
    return room, token


def play_out(server: str, room: str, token: str, seed: int = 0) -> None:
    """Play the room's game under way to its end: the seat of ``token`` takes random legal
    steps over the room's websocket (paced under the server's frame limit), the bots play
    themselves."""
    rng = random.Random(seed)
    address = server.replace("http://", "ws://") + f"/ws/rooms/{room}?token={token}"
    with connect(address) as ws:
        while True:
            frame = json.loads(ws.recv(timeout=60))
            if frame["type"] != "state":
                continue
            if frame["view"]["is_over"]:
                return
            if frame["legal"]:
                time.sleep(0.06)  # under 20 frames a second
                act = {"type": "act", "action": rng.choice(frame["legal"]), "seq": frame["seq"]}
                ws.send(json.dumps(act))


def scenario_server(
    db: Path,
    rooms: Mapping[str, tuple[str, Mapping[str, Any]] | tuple[str, Mapping[str, Any], str]],
    token: str,
    name: str = "Ann",
    players: int = 2,
    people: Mapping[int, tuple[str, str]] | None = None,
) -> Served:
    """A started server on a new database holding, stored before it starts, a running room of
    ``players`` seats for each room code -> (game, setup): seat 0 ``name`` (the seat of
    ``token``), the others easy bots, but the seats of ``people`` (seat -> its name and token).
    A room's third item, where it has one, is its variant (``expert``; else ``basic``). The
    server builds each position itself, exactly, as when it restores a room after a restart."""
    now = time.time()
    storage = Storage(f"sqlite:///{db}")
    people = {0: (name, token), **(people or {})}
    for room, (game, setup, *variant) in rooms.items():
        seats = [
            SeatRecord(s, people[s][0], token_hash=hash_token(people[s][1]))
            if s in people
            else SeatRecord(s, bot="easy")
            for s in range(players)
        ]
        kind = variant[0] if variant else "basic"
        record = RoomRecord(room, game, players, kind, status="running", game_no=1, seed=5)
        record.setup, record.created, record.touched, record.seats = dict(setup), now, now, seats
        storage.save_room(record)
    storage.close()
    served = Served(db)
    served.start()
    return served


@contextmanager
def scenario_links(
    db: Path,
    rooms: Mapping[str, tuple[str, Mapping[str, Any]] | tuple[str, Mapping[str, Any], str]],
    token: str,
) -> Iterator[dict[str, str]]:
    """:func:`scenario_server` for a ``with``: each room's seat link for ``token`` (seat 0); the
    server stops after."""
    served = scenario_server(db, rooms, token)
    try:
        yield {room: f"{served.url}/r/{room}#token={token}" for room in rooms}
    finally:
        served.stop()


@contextmanager
def scenario_room(
    db: Path,
    game: str,
    setup: dict[str, Any],
    room: str,
    token: str,
    name: str = "Ann",
    players: int = 2,
    people: Mapping[int, tuple[str, str]] | None = None,
) -> Iterator[str]:
    """:func:`scenario_server` with one room, for a ``with``: seat 0's link; the server stops
    after."""
    served = scenario_server(db, {room: (game, setup)}, token, name, players, people)
    try:
        yield f"{served.url}/r/{room}#token={token}"
    finally:
        served.stop()


@contextmanager
def seat_steps(link: str, room: str, token: str) -> Iterator[Callable[[str], None]]:
    """The seat of ``token`` over the room's websocket (``link``: any page of its server): a
    function that takes the seat's next step, once one of its kind is legal."""
    server = link.split("/r/")[0].replace("http://", "ws://")
    with connect(f"{server}/ws/rooms/{room}?token={token}") as ws:

        def state(after: int = -1) -> dict[str, Any]:
            while True:
                frame = json.loads(ws.recv(timeout=15))
                if frame["type"] == "state" and frame["seq"] > after:
                    return frame

        frame = state()

        def act(step: str) -> None:
            nonlocal frame
            while step.split()[0] not in {s.split()[0] for s in frame["legal"]}:
                frame = state(frame["seq"])
            ws.send(json.dumps({"type": "act", "action": step, "seq": frame["seq"]}))
            frame = state(frame["seq"])

        yield act


@contextmanager
def played_room(
    db: Path, room: str, game: str, names: list[str | None], seed: int
) -> Iterator[str]:
    """A started server on a new database holding a room whose game, of ``seed``, is over: its
    seats ``names`` (seat 0 a person; None: an easy bot; each person's seat with its token,
    :func:`seat_token`), its history played by the heuristic for every seat, stored before the
    server starts (no game to wait for). The server's address, for a ``with``: the server stops
    after."""
    played = bodoge.make(game, players=len(names))
    state = played.new_state(seed)
    agents = [game_heuristic(played, s, random.Random(s)) for s in range(len(names))]
    while not state.is_over:
        state.apply(agents[state.current_player].act(Decision.of(state)))
    now = time.time()
    seats = [
        SeatRecord(s, name, None if name else "easy", hash_token(seat_token(s)) if name else None)
        for s, name in enumerate(names)
    ]
    record = RoomRecord(room, game, len(names), "basic", status="over", game_no=1, seed=seed)
    record.created, record.touched, record.seats = now, now, seats
    storage = Storage(f"sqlite:///{db}")
    storage.save_room(record)
    storage.add_moves(room, 1, 0, [str(step) for step in state.history], now, status="over")
    storage.close()
    served = Served(db)
    served.start()
    try:
        yield served.url
    finally:
        served.stop()


def seat_token(seat: int) -> str:
    """The token of a person's seat in :func:`played_room`: seat 0's ``t`` * 43, seat 1's
    ``1`` * 43, and so on."""
    return ("t" if seat == 0 else str(seat)) * 43


def replay_shown(page: Page, step: int) -> None:
    """Wait until the replay's table is drawn at ``step`` (the bar says whose view it was drawn
    with: the view comes a moment before its log's words, and the page is drawn with both) and
    the address says that moment."""
    page.wait_for_selector(f".replay-bar[data-shown='{step}']")
    page.wait_for_function(rf"/^#replay=\d+\.{step}(\.|$)/.test(location.hash)")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def wait_until_up(url: str, process: subprocess.Popen[bytes] | None, seconds: float = 30) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if process is not None and process.poll() is not None:
            raise RuntimeError(f"bodoge serve stopped at once (exit code {process.returncode})")
        try:
            with urllib.request.urlopen(url, timeout=1):
                return
        except OSError:
            time.sleep(0.2)
    raise RuntimeError(f"bodoge serve did not answer at {url} within {seconds} s")


def rule_links(page: Page, where: str) -> list[str]:
    """The rule ids shown as links in ``where`` (a CSS selector), after checking that each opens
    in a new tab the rules page of the page's language at an anchor that rules page has."""
    links = page.locator(f"{where} a.rule-id")
    lang = page.evaluate("document.documentElement.lang")
    ids = []
    for k in range(links.count()):
        link = links.nth(k)
        rule = link.inner_text()
        href = link.get_attribute("href") or ""
        address, _, anchor = href.partition("#")
        assert anchor == rule and address.endswith(f"?lang={lang}"), href
        assert link.get_attribute("target") == "_blank", href
        rules_page = page.request.get(urllib.parse.urljoin(page.url, address))
        assert rules_page.ok and f' id="{anchor}"' in rules_page.text(), f"no anchor {href}"
        ids.append(rule)
    return ids


AT_REST = (
    "new Promise((done) => { const y = scrollY; setTimeout(() => done(scrollY === y), 300); })"
)
"""Whether the page has not scrolled for 300 ms (a phone scrolls a decision into view smoothly;
a press forced past Playwright's wait for a still target lands where it was when it began)."""


# A page's person who asked to be asked every time, a question they can only pass too (the box
# "Ask me only when I can answer" unticked; it is ticked unless one unticks it): for a test that
# answers such a question itself, which the server would otherwise answer for them.
ASKED_EVERY_TIME = "localStorage.setItem('bodoge.quiet', '0')"


def in_header(page: Page, selector: str) -> str:
    """``selector``, a control of the room's header, made reachable: on a phone held upright the
    header keeps it behind its menu, which is opened first."""
    # Either one shown: at 1280 px the hidden toggle comes first in the page, and a plain
    # selector list waits on that first match only.
    page.locator(f"{selector}, #menu-toggle").filter(visible=True).first.wait_for()
    if not page.is_visible(selector) and page.is_visible("#menu-toggle"):
        page.click("#menu-toggle")
        page.wait_for_selector(selector, state="visible")
    return selector
