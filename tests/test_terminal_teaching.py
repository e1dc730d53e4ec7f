"""``bodoge play`` teaches the game, not just the input (the learner's finding 11): what brings a
collaborator back, what a reaction scroll and the spell it answers do, a discard pile cut to its
last cards, and Japanese that says 火 where it said F."""

from __future__ import annotations

import io

import pytest
from rich.console import Console

import bodoge
from bodoge.core.i18n import text
from bodoge.games.extreme_mission.words import condition_words
from bodoge.play.terminal import GameWords, render_view


def _plain(renderable: object, width: int = 80) -> str:
    console = Console(file=io.StringIO(), width=width, color_system=None)
    with console.capture() as capture:
        console.print(renderable)
    return capture.get()


def _flat(said: str) -> str:
    """Text with its line breaks (and every other space) gone: what a wrapped line says."""
    return "".join(said.split())


# ------------------------------------------------------------------ Extreme Mission's seats
@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_seat_table_says_what_brings_each_collaborator_back(lang: str) -> None:
    """The seats showed "up: HK Hacker, DR Getaway Driver, …": names, never what it takes to turn
    a used one face up again (EM-3.6)."""
    game = bodoge.make("extreme-mission", players=3)
    state = game.new_state(3)
    words = GameWords(game, lang)
    out = _flat(_plain(render_view(words, state.view(0))))
    cards = game.cards  # type: ignore[attr-defined]
    for kind in cards.collaborator_kinds:
        condition = condition_words(cards, kind.condition, lang)
        said = text("em.note.kind", lang, code=kind.code, name=kind.name(lang), condition=condition)
        assert _flat(said) in out, said
    assert "EM-3.6" in out
    brief = _flat(_plain(render_view(words, state.view(0), brief=True)))
    assert "EM-3.6" not in brief  # between one seat's actions: said once is enough
