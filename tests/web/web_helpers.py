"""What the browser tests share: window sizes and a page watched for console errors."""

from __future__ import annotations

import socket
import subprocess
import time
import urllib.request
from pathlib import Path

from playwright.sync_api import BrowserContext, Page

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

    def shot(self, label: str) -> Path:
        path = self.shots / f"{self.name}-{label}.png"
        self.page.screenshot(path=str(path), full_page=True)
        return path

    def no_sideways_scroll(self) -> None:
        width = self.page.evaluate("document.documentElement.scrollWidth")
        inner = self.page.evaluate("window.innerWidth")
        assert width <= inner, f"{self.name}: the page is {width} px wide in a {inner} px window"


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
