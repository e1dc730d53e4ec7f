"""How soon the lobby and a game room show something on a slow phone network, in a real browser.

Starts ``bodoge serve`` on a new database and opens the pages in Debian's Chromium (Playwright,
``executable_path``) at phone size in Japanese, throttled by the DevTools protocol to a slow 3G
line (2 s latency, 50 KiB/s each way). For each page it gives the browser's first contentful
paint and when the page became usable (the lobby's game cards and rooms list; the room's table),
in seconds from the navigation. The figures depend on the throttle, not much on the machine::

    .venv/bin/python bench/first_paint.py --runs 3
"""

from __future__ import annotations

import argparse
import json
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Any

from playwright.sync_api import Page, ViewportSize, sync_playwright

CHROMIUM = "/usr/bin/chromium"
SLOW_3G = {
    "offline": False,
    "latency": 2000,
    "downloadThroughput": 51200,
    "uploadThroughput": 51200,
}
LOBBY_READY = [".game-card", ".rooms ul, .rooms p.muted:not(.loading)"]
ROOM_READY = [".board [data-card]"]
PHONE: ViewportSize = {"width": 390, "height": 844}
PROBE = """(wanted) => {
  const paint = performance.getEntriesByName("first-contentful-paint")[0];
  const shown = (sel) => [...document.querySelectorAll(sel)].some((n) => n.getClientRects().length);
  return {paint: paint ? paint.startTime / 1000 : null, ready: wanted.every(shown)};
}"""


def post(url: str, body: dict[str, Any], token: str | None = None) -> Any:
    headers = {"Content-Type": "application/json"}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    request = urllib.request.Request(url, json.dumps(body).encode(), headers, method="POST")
    with urllib.request.urlopen(request, timeout=10) as answer:
        return json.loads(answer.read())


def timeline(page: Page, url: str, wanted: list[str], limit: float = 60) -> dict[str, float]:
    """Open ``url`` throttled: when it first painted and when every selector of ``wanted``
    showed."""
    cdp = page.context.new_cdp_session(page)
    cdp.send("Network.enable")
    cdp.send("Network.emulateNetworkConditions", SLOW_3G)
    start = time.monotonic()
    page.goto(url, wait_until="commit", timeout=60000)
    while time.monotonic() - start < limit:
        seen = page.evaluate(PROBE, wanted)
        if seen["ready"]:
            ready = time.monotonic() - start
            return {"paint": round(seen["paint"] or 0, 1), "ready": round(ready, 1)}
        time.sleep(0.1)
    raise SystemExit(f"{url}: not ready after {limit} s")


def room_link(url: str) -> str:
    """A new two-player Ruler of Mana room against an easy bot, started: its seat 0 link."""
    made = post(url + "/api/rooms", {"game": "ruler-of-mana", "players": 2, "name": "Ann"})
    room, token = made["room"], made["token"]
    post(f"{url}/api/rooms/{room}/seats/1/bot", {"level": "easy"}, token)
    post(f"{url}/api/rooms/{room}/start", {"start_player": 0}, token)
    return f"{url}/r/{room}#token={token}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=2)
    runs = parser.parse_args().runs
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    url = f"http://127.0.0.1:{port}"
    db = Path(tempfile.mkdtemp()) / "bodoge.sqlite"
    serve = [
        sys.executable,
        "-m",
        "bodoge.cli",
        "serve",
        "--port",
        str(port),
        "--db",
        f"sqlite:///{db}",
    ]
    server = subprocess.Popen(serve, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        for _ in range(100):
            try:
                urllib.request.urlopen(url + "/api/games", timeout=1)
                break
            except OSError:
                time.sleep(0.2)
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
            print("page   run  first paint (s)  usable (s)")
            for run in range(runs):
                for page_name in ("lobby", "room"):
                    address = url + "/" if page_name == "lobby" else room_link(url)
                    wanted = LOBBY_READY if page_name == "lobby" else ROOM_READY
                    context = browser.new_context(viewport=PHONE, locale="ja", is_mobile=True)
                    seen = timeline(context.new_page(), address, wanted)
                    context.close()
                    print(f"{page_name:6} {run:3}  {seen['paint']:15}  {seen['ready']:10}")
            browser.close()
    finally:
        server.terminate()
        server.wait(10)


if __name__ == "__main__":
    main()
