"""``bodoge play`` teaches the game, not just the input (the learner's finding 11): what brings a
collaborator back, what a reaction scroll and the spell it answers do, a discard pile cut to its
last cards, and Japanese that says 火 where it said F."""

from __future__ import annotations

import io
import random
from typing import Any

import pytest
from rich.console import Console
from terminal_helpers import scripted

import bodoge
from bodoge.core.i18n import text
from bodoge.games.extreme_mission.words import condition_words
from bodoge.games.ruler_of_mana.faces import faces
from bodoge.games.ruler_of_mana.words import effects_words, reaction_words
from bodoge.play.terminal import GameWords, TerminalPlay, render_steps, render_view


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


# ------------------------------------------------------------------ Ruler of Mana's reactions
def _reactions(players: int = 3, seeds: int = 20) -> list[bodoge.State]:
    """Positions where seat 0 may react to a card in play, of random games."""
    game = bodoge.make("ruler-of-mana", players=players)
    found = []
    for seed in range(seeds):
        state = game.new_state(seed)
        rng = random.Random(seed)
        while state.current_player is not None:
            legal = state.legal_actions()
            if state.current_player == 0 and any(a.kind == "react" for a in legal):
                found.append(state.clone())
            state.apply(rng.choice(legal))
    return found


def _shown(state: bodoge.State, lang: str, width: int = 80) -> str:
    """What seat 0 sees before it answers: its view, then its steps."""
    words = GameWords(state.game, lang)
    steps = render_steps(words, state.legal_actions())
    return _plain(render_view(words, state.view(0)), width) + _plain(steps, width)


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_reaction_prompt_says_what_the_scroll_and_the_card_in_play_do(lang: str) -> None:
    """「1 react R01 沈黙の封印（R01）でリアクションする」 and 「ゴーレムの拳（S25）の選択肢2を
    使用中」: neither said what the card does, which the web's resolving panel shows."""
    positions = _reactions()
    cards = positions[0].game.cards  # type: ignore[attr-defined]
    shown = faces(cards, lang)
    kinds = set()
    for state in positions:
        out = _shown(state, lang)
        flat = _flat(out)
        pending = state.view(0)["pending"]
        code = cards.code_of(pending["card"])
        face = cards.face(code)
        if pending.get("option") is not None:
            kinds.add("spell")
            effects = effects_words(face.option(pending["option"]), lang)
            # the very words the web shows for it ("Ice Spear option 1 (2 water damage to …)")
            assert effects in shown["names"][f"{code}/{pending['option']}"]
        else:
            kinds.add("scroll")
            effects = effects_words(face, lang)
        assert _flat(effects) in flat, (effects, out)
        for step in state.legal_actions():
            if step.kind == "react":
                scroll = cards.scroll(step.args[0])
                said = reaction_words(scroll.reaction, lang)
                assert said in shown["codes"][step.args[0]]["words"]  # the web's card says so too
                wide = _shown(state, lang, width=400).splitlines()  # a step's row on one line
                line = next(line for line in wide if str(step) in line)
                assert _flat(said) in _flat(line), (said, line)
        # the card in play on a line of its own, just above the steps that answer it
        lines = out.splitlines()
        steps_at = lines.index(text("play.steps", lang))
        label = text("play.view.pending", lang)
        start = next(n for n, line in enumerate(lines) if line.startswith(f"{label}: "))
        assert _flat("".join(lines[start:steps_at])).startswith(_flat(f"{label}:"))
        assert _flat(effects) in _flat("".join(lines[start:steps_at]))
    assert kinds == {"spell", "scroll"}


# ------------------------------------------------------------------ Ruler of Mana's discard pile
def _ids(*codes: str) -> list[str]:
    """Card ids for codes, the next copy where a code repeats."""
    cards = bodoge.make("ruler-of-mana").cards  # type: ignore[attr-defined]
    out: list[str] = []
    for code in codes:
        out.append(next(c for c in cards.ids_of(code) if c not in out))
    return out


PILE = _ids(*(f"S{n:02d}" for n in range(1, 13)))  # twelve spells, oldest first


def _play(setup: dict[str, Any], seats: list[str], answers: list[str], lang: str) -> str:
    buffer = io.StringIO()
    game = bodoge.make("ruler-of-mana", players=len(seats))
    console = Console(file=buffer, width=80, color_system=None)
    read = scripted(answers, buffer, then="quit")
    TerminalPlay(game, seats, 1, lang=lang, console=console, read_line=read, setup=setup).run()
    return buffer.getvalue()


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_long_discard_pile_shows_its_top_cards_and_discard_shows_it_whole(lang: str) -> None:
    """The status reprinted the whole pile, some 60 names at the end of a game, which buried
    everything else at 80 columns."""
    setup = {"start_player": 0, "hands": {0: _ids("S19", "E1")}, "discard": PILE}
    word = text("play.view.discard", "ja")
    out = _play(setup, ["human", "random"], ["discard", word, "Discard"], lang)
    words = GameWords(bodoge.make("ruler-of-mana"), lang)
    first = out.split(text("play.steps", lang))[0]  # the view before the first prompt
    flat = _flat(first)
    top = words.join([words.coded(c) for c in reversed(PILE[-5:])])
    said = text("play.pile.top", lang, count=12, shown=5) + top
    said += text("play.pile.more", lang, command="discard")
    assert _flat(said) in flat
    for card in PILE[:-5]:  # the older cards are not shown
        assert _flat(words.coded(card)) not in flat, card
    whole = _flat(words.whole_pile("discard", PILE))
    assert _flat(out).count(whole) == 3  # discard, 捨て札 (either language), Discard
    for card in PILE:
        assert _flat(words.coded(card)) in whole
    assert text("play.bad_input", lang, error="")[:5] not in out  # none refused


def test_discard_begins_a_discard_where_one_is_asked() -> None:
    """Ruler of Mana's ``discard`` is also a step (a spell makes a player discard): there it
    begins the discard, as before."""
    setup = {
        "start_player": 0,
        "hands": {0: _ids("S32", "A1", "A1"), 1: _ids("E1", "W1", "F1")},
        "discard": PILE,
    }
    out = _play(setup, ["human", "human"], ["", "cast S32/1 @1 A1 A1", "", "discard"], "en")
    asked = out.split("Seat 1")[-1]
    assert text("play.build.prompt", "en") in asked
    assert "from the top:" not in out
