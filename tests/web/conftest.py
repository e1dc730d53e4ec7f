"""Browser tests: a real ``bodoge serve`` on a free port and Debian's Chromium driven by
Playwright. Chromium is the system's (``make test`` installs it when missing): Playwright's own
browser download is never used, and the flags keep Chromium off a closed network.

Set ``BODOGE_WEB_URL`` to test a server that is already running instead.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, sync_playwright
from web_helpers import DESKTOP, Served, Watched

CHROMIUM = "/usr/bin/chromium"
FLAGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
]


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The address of a running server with a fresh database."""
    given = os.environ.get("BODOGE_WEB_URL")
    if given:
        yield given.rstrip("/")
        return
    served = Served(tmp_path_factory.mktemp("server") / "bodoge.sqlite")
    served.start()
    try:
        yield served.url
    finally:
        served.stop()


@pytest.fixture
def own_server(tmp_path: Path) -> Iterator[Served]:
    """A server of the test's own, with a fresh database, which it may stop or kill (as a crash)
    and start again on the same port and database."""
    served = Served(tmp_path / "bodoge.sqlite")
    served.start()
    yield served
    served.stop()


@pytest.fixture(scope="session")
def browser() -> Iterator[Browser]:
    if not Path(CHROMIUM).exists():
        pytest.fail(f"{CHROMIUM} is missing: `make test` installs Debian's chromium")
    with sync_playwright() as p:
        launched = p.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        yield launched
        launched.close()


@pytest.fixture
def person(browser: Browser, tmp_path: Path) -> Iterator[Any]:
    """Makes people: each a browser context of its own (its own storage), watched for errors."""
    made: list[Watched] = []

    def make(name: str, lang: str = "en", viewport: dict[str, int] = DESKTOP) -> Watched:
        context = browser.new_context(
            viewport=viewport, locale="ja-JP" if lang == "ja" else "en-US", base_url=None
        )
        context.set_default_timeout(15000)
        watched = Watched(context, tmp_path, name)
        made.append(watched)
        return watched

    yield make
    for watched in made:
        watched.context.close()
    errors = {w.name: w.errors for w in made if w.errors}
    assert not errors, f"console errors: {errors}"
