"""The generic balance code knows no game: every game-specific word comes from a game's hooks."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import bodoge
from bodoge.balance.hooks import balance_hooks
from bodoge.core.i18n import catalogue

PACKAGE = Path(bodoge.__file__).parent / "balance"
GAME_WORDS = re.compile(r"mission|spell|scroll|mana|collaborator|extreme|ruler", re.IGNORECASE)


@pytest.mark.parametrize("path", sorted(PACKAGE.glob("*.py")), ids=lambda p: p.name)
def test_no_game_names_in_the_generic_modules(path: Path) -> None:
    assert GAME_WORDS.findall(path.read_text(encoding="utf-8")) == []


def test_no_game_words_in_the_generic_catalogue_entries() -> None:
    for key, texts in catalogue().items():
        if key.startswith("balance."):
            assert not GAME_WORDS.search(texts["en"]), key


@pytest.mark.parametrize("name", bodoge.games())
def test_every_game_has_balance_hooks(name: str) -> None:
    hooks = balance_hooks(bodoge.make(name))
    assert "truncated" in hooks.endings
