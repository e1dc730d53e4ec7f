"""pytest's --doctest-modules would import the compiled engines (bodoge.native) in place of their
source and refuse them ("import file mismatch"); their doctests run in tests/test_native.py."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from pathlib import Path

import pytest

from bodoge import native

_compiled = {native.source(m) for m in (native.listed() if native.active() else ())}


def pytest_ignore_collect(collection_path: Path) -> bool | None:
    return True if collection_path in _compiled else None


@pytest.fixture(autouse=True)
def _english_locale(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every test reads the commands as an English locale does (a command's ``--lang`` left out
    follows the locale): a test that wants Japanese says so."""
    for name in ("LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "C.UTF-8")


@pytest.fixture(autouse=True)
def _no_event_loop_left_running(request: pytest.FixtureRequest) -> Iterator[None]:
    """A test that drives no browser runs with no event loop marked running in its thread.

    Playwright's sync API (``browser`` in tests/web, session-wide) marks its loop running in the
    thread after every call, and leaves it so between calls. A test run after a browser test in
    the same worker then met "asyncio.run() cannot be called from a running event loop". Which
    tests share a worker is up to the scheduler, so the mark is lifted here for every other test,
    and put back for the browser's next call."""
    left = asyncio.events._get_running_loop()
    if left is None or "browser" in request.fixturenames:
        yield
        return
    asyncio.events._set_running_loop(None)
    try:
        yield
    finally:
        asyncio.events._set_running_loop(left)
