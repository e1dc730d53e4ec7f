"""The one message catalogue: every text a player reads, in English and Japanese.

Keys live in ``bodoge/messages.toml``, one table per key with an ``en`` and a ``ja`` entry, so the
two languages sit side by side and a missing translation is easy to see (a test checks none is).

>>> text("em.step.draw", "en")
'Draw a card from the deck'
>>> text("em.step.draw", "ja")
'山札から1枚引く'
"""

from __future__ import annotations

import tomllib
from functools import cache
from importlib import resources
from typing import Any

LANGUAGES = ("en", "ja")


@cache
def catalogue() -> dict[str, dict[str, str]]:
    """Every key with its texts, flattened to dotted keys (``em.step.draw``)."""
    raw = tomllib.loads(resources.files("bodoge").joinpath("messages.toml").read_text("utf-8"))
    flat: dict[str, dict[str, str]] = {}

    def walk(prefix: str, table: dict[str, Any]) -> None:
        if "en" in table and isinstance(table["en"], str):
            flat[prefix] = {lang: str(table.get(lang, "")) for lang in LANGUAGES}
            return
        for name, value in table.items():
            if isinstance(value, dict):
                walk(f"{prefix}.{name}" if prefix else name, value)

    walk("", raw)
    return flat


def text(key: str, lang: str = "en", **values: Any) -> str:
    """The text of ``key`` in ``lang`` with ``{name}`` fields filled from ``values``."""
    if lang not in LANGUAGES:
        raise ValueError(f"unknown language {lang!r}: use one of {', '.join(LANGUAGES)}")
    entry = catalogue().get(key)
    if entry is None:
        raise KeyError(f"no message {key!r} in the catalogue")
    return entry[lang].format(**values)
