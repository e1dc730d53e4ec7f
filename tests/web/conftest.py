"""Browser tests: a real ``bodoge serve`` on a free port and Debian's Chromium driven by
Playwright. Chromium is the system's (``make test`` installs it when missing): Playwright's own
browser download is never used, and the flags keep Chromium off a closed network.

Set ``BODOGE_WEB_URL`` to test a server that is already running instead.

The pages run under the server's Content-Security-Policy, which lets no string be run as script
(no ``'unsafe-eval'``). Playwright's ``page.wait_for_function`` compiles its expression in the
page with ``eval``, so the policy refuses it: here it polls ``page.evaluate`` instead, which goes
by the DevTools protocol, out of the policy's reach (:func:`waited_for`).
"""

from __future__ import annotations

import os
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, sync_playwright
from playwright.sync_api import TimeoutError as WaitedTooLong
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


WAIT_MS = 15000  # as the people's pages wait by default (``person``)


def waited_for(
    page: Page,
    expression: str,
    *,
    arg: Any = None,
    timeout: float | None = None,
    polling: float | str | None = None,
) -> Any:
    """``page.wait_for_function`` as the pages' policy allows it: ``expression`` evaluated every
    ``polling`` ms (a number; else 50) until it is truthy, within ``timeout`` ms; what it gave.
    An expression that throws (what it reads is not there yet) is tried again."""
    every = polling / 1000 if isinstance(polling, int | float) else 0.05
    deadline = time.monotonic() + (WAIT_MS if timeout is None else timeout) / 1000
    said = ""
    while True:
        try:
            found = page.evaluate(expression, arg)
            if found:
                return found
        except Exception as error:  # what it reads may not be there yet: tried again
            if page.is_closed():
                raise
            said = f" (last: {error})"
        if time.monotonic() > deadline:
            raise WaitedTooLong(f"waited {timeout or WAIT_MS} ms for {expression!r}{said}")
        time.sleep(every)


@pytest.fixture(scope="session", autouse=True)
def waits_under_the_policy() -> Iterator[None]:
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(Page, "wait_for_function", waited_for)
        yield


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
