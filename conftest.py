"""pytest's --doctest-modules would import the compiled engines (bodoge.native) in place of their
source and refuse them ("import file mismatch"); their doctests run in tests/test_native.py."""

from __future__ import annotations

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
