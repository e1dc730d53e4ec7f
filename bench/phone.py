"""How the browser table feels on a slow phone: what a state frame costs the room's page, and
whether its cards fly smoothly and the page stays still, at 390x844 with touch.

Starts ``bodoge serve`` on a new database and, in Debian's Chromium (Playwright,
``executable_path``), plays Extreme Mission for four (you and three easy bots) and Ruler of Mana
for six (you and five random bots) by the hint, tapping the hinted card and Confirm, in English
and Japanese, for ``--frames`` state frames each. The page's main thread is slowed by the
DevTools protocol (``Emulation.setCPUThrottlingRate``: 4 is a mid-range phone, 6 a slow one);
rate 1, unthrottled, runs first for each game and language, and is the baseline the others are
given against, measured in the same run (this machine's speed and load change from one run to
the next; the ratio much less). A script injected into the page (nothing of it is in the
repository's pages) gives, for each state frame after the first:

- ``draw``: the websocket message's handler, in which the table is drawn (median ms);
- ``shown``: from the message's arrival to the end of the next rendering (the task after the
  next animation frame: the frame's style, layout and paint done), median and 90th percentile;
- ``long``: tasks over 50 ms (PerformanceObserver ``longtask``), over the whole game, and
  ``busy``, their time a state frame (ms);
- ``tables``: the tables put on the board (each a drawing of the whole table: every card
  built, measured and laid out anew) a state frame;
- ``dropped``: of the main thread's animation frames while a card flies, those that came more
  than two frames (33.4 ms) after the one before;
- ``added``: flight animations composed with ``composite: "add"``, which Chromium never runs on
  the compositor (a card in flight then stands still while the main thread is busy);
- ``shift``: the layout shift score not caused by input (``layout-shift``), and ``jumps``, the
  scrolls neither a tap (Playwright brings its target into view) nor the page's own scroll call
  (a decision brought into view, smoothly) in the 3 s before explains.

A card drawn anew on each frame is a new node, which ``layout-shift`` does not follow: the
shifts seen are of what the table's drawing moves (the log and chat under it).

Run, from the project's root (a module of ``bench``, whose helpers it shares)::

    .venv/bin/python -m bench.phone [--rates 4 6] [--frames 40] [--runs 1] [--json FILE]
"""

from __future__ import annotations

import argparse
import contextlib
import itertools
import json
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, Locator, Page, sync_playwright
from playwright.sync_api import Error as PlaywrightError

from bench.first_paint import CHROMIUM, PHONE, post
from bench.server import free_port

GAMES = {"extreme-mission": (4, "easy"), "ruler-of-mana": (6, "random")}
FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--no-first-run"]
PROBE = """(() => {
  const M = (window.__perf = { frames: [], longtasks: [], shifts: [], scrolls: [], rafs: [],
    calls: [], taps: [], added: 0, tables: 0 });
  const now = () => performance.now();
  new PerformanceObserver((l) => { for (const e of l.getEntries()) M.longtasks.push(e.duration); })
    .observe({ type: "longtask", buffered: true });
  new PerformanceObserver((l) => {
    for (const e of l.getEntries()) if (!e.hadRecentInput) M.shifts.push(e.value);
  }).observe({ type: "layout-shift", buffered: true });
  const Native = window.WebSocket;
  window.WebSocket = class extends Native {
    set onmessage(handle) {
      super.onmessage = (m) => {
        const t0 = now();
        const state = m.data.slice(0, 100).includes('"type":"state"'); // (keys sorted: it is near)
        handle(m);
        if (!state) return;
        const frame = { t0, t1: now() };
        M.frames.push(frame);
        requestAnimationFrame(() => setTimeout(() => { frame.shown = now(); }, 0));
      };
    }
    get onmessage() { return super.onmessage; }
  };
  // every Element.animate of the room's page is flight.js's: counted while it runs
  let flying = 0;
  const animate = Element.prototype.animate;
  Element.prototype.animate = function (keyframes, options) {
    const a = animate.call(this, keyframes, options);
    if (options && options.composite && options.composite !== "replace") M.added += 1;
    flying += 1;
    let gone = false;
    const end = () => { if (!gone) { gone = true; flying -= 1; } };
    a.finished.then(end, end);
    a.addEventListener("remove", end);
    return a;
  };
  // each table put on the board: a drawing of the whole table
  new MutationObserver((records) => {
    for (const r of records) for (const n of r.addedNodes) {
      const table = /-table\\b/.test(n.className);
      if (table && n.parentElement?.classList.contains("board")) M.tables += 1;
    }
  }).observe(document, { childList: true, subtree: true });
  const tick = (t) => { M.rafs.push([t, flying > 0]); requestAnimationFrame(tick); };
  requestAnimationFrame(tick);
  addEventListener("scroll", () => M.scrolls.push([now(), scrollY]), { passive: true });
  for (const [on, name] of [[window, "scrollBy"], [window, "scrollTo"], [window, "scroll"],
    [Element.prototype, "scrollIntoView"]]) {
    const native = on[name];
    on[name] = function (...args) { M.calls.push(now()); return native.apply(this, args); };
  }
})()"""


def start_server(db: Path) -> tuple[subprocess.Popen[bytes], str]:
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    command = [sys.executable, "-m", "bodoge.cli", "serve", "--port", str(port)]
    command += ["--db", f"sqlite:///{db}", "--room-limit", "0"]
    server = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    for _ in range(150):
        try:
            urllib.request.urlopen(url + "/api/games", timeout=1)
            return server, url
        except OSError:
            time.sleep(0.2)
    server.terminate()
    raise SystemExit("bodoge serve did not answer")


def room_link(url: str, game: str) -> str:
    """A started room of ``game``: you in seat 0, its bots in the others; your link."""
    seats, level = GAMES[game]
    made = post(url + "/api/rooms", {"game": game, "players": seats, "name": "Ann"})
    room, token = made["room"], made["token"]
    for seat in range(1, seats):
        post(f"{url}/api/rooms/{room}/seats/{seat}/bot", {"level": level}, token)
    post(f"{url}/api/rooms/{room}/start", {"start_player": 0}, token)
    return f"{url}/r/{room}#token={token}"


def tap(page: Page, target: Locator) -> bool:
    """A tap, its time kept in the page: a scroll it makes (its target brought into view) is
    the script's, not the page's."""
    page.evaluate("__perf.taps.push([performance.now(), Infinity])")
    try:
        target.tap(timeout=4000)
        return True
    except PlaywrightError:  # redrawn under the tap: looked at again next time
        return False
    finally:
        page.evaluate("__perf.taps.at(-1)[1] = performance.now()")


def step_once(page: Page) -> bool:
    """A tap towards a move, as tests/web/test_table.py clicks: Confirm, else the hint's card."""
    if page.locator("[data-step]").count() == 0:
        return False
    confirm = page.locator(".confirm[data-step]")
    if confirm.count():
        return tap(page, confirm.first)
    if (
        page.locator(".hinted[data-step]").count() == 0
        and page.locator("#hint:not([disabled])").count()
    ):
        tap(page, page.locator("#hint"))
        with contextlib.suppress(PlaywrightError):
            page.wait_for_selector(".hinted[data-step]", timeout=4000)
    hinted = page.locator(".hinted[data-step]")
    return tap(page, hinted.first if hinted.count() else page.locator("[data-step]").first)


def play(page: Page, frames: int, limit: float = 300) -> None:
    """By the hint until ``frames`` state frames came or the game ended."""
    ready = "!window.bodoge.busy && (window.bodoge.frame?.legal || []).length > 0"
    start = time.monotonic()
    while time.monotonic() - start < limit:
        if page.evaluate("__perf.frames.length") >= frames or page.locator(".result").count():
            return
        if not page.evaluate(ready) or not step_once(page):
            page.wait_for_timeout(150)


def median(values: list[float]) -> float:
    return statistics.median(values) if values else 0.0


def tenth(values: list[float]) -> float:
    """The 90th percentile."""
    return sorted(values)[int(0.9 * len(values))] if values else 0.0


def measured(perf: dict[str, Any]) -> dict[str, Any]:
    frames = [f for f in perf["frames"] if "shown" in f][1:]  # the first: the page's first table
    rafs = perf["rafs"]
    flying = [b[0] - a[0] for a, b in itertools.pairwise(rafs) if a[1] or b[1]]
    taps, calls = perf["taps"], perf["calls"]
    jumps = 0
    y = 0.0
    for t, to in perf["scrolls"]:
        tapped = any(a - 50 <= t <= b + 300 for a, b in taps)
        asked = any(c - 50 <= t <= c + 3000 for c in calls)
        jumps += abs(to - y) > 1 and not tapped and not asked
        y = to
    return {
        "frames": len(frames),
        "draw": median([f["t1"] - f["t0"] for f in frames]),
        "shown": median([f["shown"] - f["t0"] for f in frames]),
        "shown90": tenth([f["shown"] - f["t0"] for f in frames]),
        "long": len(perf["longtasks"]),
        "busy": sum(perf["longtasks"]) / max(1, len(perf["frames"])),
        "tables": perf["tables"] / max(1, len(perf["frames"])),
        "flying": len(flying),
        "dropped": sum(d > 33.4 for d in flying),
        "added": perf["added"],
        "shift": sum(perf["shifts"]),
        "jumps": jumps,
    }


def run(
    browser: Browser, url: str, game: str, lang: str, rate: float, frames: int
) -> dict[str, Any]:
    context = browser.new_context(
        viewport=PHONE,
        device_scale_factor=3,
        is_mobile=True,
        has_touch=True,
        locale="ja-JP" if lang == "ja" else "en-US",
        bypass_csp=True,  # the probe is evaluated in the page
    )
    context.set_default_timeout(30000)
    page = context.new_page()
    page.add_init_script(PROBE)
    context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": rate})
    page.goto(room_link(url, game))
    page.wait_for_selector(".board [data-card]", timeout=60000)
    play(page, frames)
    page.wait_for_timeout(1500)  # the last flights and scrolls
    row = {"game": game, "lang": lang, "rate": rate, **measured(page.evaluate("__perf"))}
    context.close()
    return row


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rates", type=float, nargs="+", default=[4, 6])
    parser.add_argument("--frames", type=int, default=40)
    parser.add_argument("--runs", type=int, default=1)
    parser.add_argument("--games", nargs="+", default=list(GAMES), choices=list(GAMES))
    parser.add_argument("--langs", nargs="+", default=["en", "ja"])
    parser.add_argument("--json")
    args = parser.parse_args()
    rows = []
    server, url = start_server(Path(tempfile.mkdtemp()) / "bodoge.sqlite")
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
            print(
                "game             lang rate frames  draw ×1    shown ×1   90% ×1   long"
                "  busy ×1  tables  dropped/flying  added  shift  jumps"
            )
            for _ in range(args.runs):
                for game in args.games:
                    for lang in args.langs:
                        base = run(browser, url, game, lang, 1, args.frames)
                        for rate in [1.0, *args.rates]:
                            row = (
                                base
                                if rate == 1
                                else run(browser, url, game, lang, rate, args.frames)
                            )
                            rows.append(row)
                            ratio = {
                                k: row[k] / base[k] if base[k] else 0.0
                                for k in ("draw", "shown", "shown90", "busy")
                            }
                            print(
                                f"{game:16} {lang:4} {rate:4g} {row['frames']:6}"
                                f"  {row['draw']:4.0f} {ratio['draw']:4.1f}"
                                f"  {row['shown']:5.0f} {ratio['shown']:4.1f}"
                                f"  {row['shown90']:5.0f} {ratio['shown90']:4.1f}"
                                f"  {row['long']:4}  {row['busy']:4.0f} {ratio['busy']:4.1f}"
                                f"  {row['tables']:6.1f}  {row['dropped']:6}/{row['flying']:<6}"
                                f"  {row['added']:5}  {row['shift']:5.2f}  {row['jumps']:5}",
                                flush=True,
                            )
            browser.close()
    finally:
        server.terminate()
        server.wait(10)
    if args.json:
        Path(args.json).write_text(json.dumps(rows, indent=1))


if __name__ == "__main__":
    main()
