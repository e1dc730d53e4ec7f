"""``bodoge play``: what a person types at a prompt or in a builder, as they may type it."""

from __future__ import annotations

import io
import random

import pytest
from rich.console import Console
from terminal_helpers import scripted

import bodoge
from bodoge.core.i18n import text
from bodoge.play.terminal import GameWords, TerminalPlay


def _play(
    game: bodoge.Game, answers: list[str], lang: str = "en"
) -> tuple[TerminalPlay, io.StringIO]:
    screen = io.StringIO()
    seats = ["human"] + ["random"] * (game.players - 1)
    read = scripted(answers, screen, then="quit")
    console = Console(file=screen, width=100)
    return TerminalPlay(game, seats, seed=1, lang=lang, console=console, read_line=read), screen


@pytest.mark.parametrize(
    ("typed", "steps"),
    [
        ("Draw", ["draw"]),
        ("CYCLE f1 w1", ["cycle", "F1", "W1"]),
        ("cast s29/1 a1", ["cast S29/1", "A1"]),
    ],
)
def test_ruler_of_manas_notation_is_read_in_any_case(typed: str, steps: list[str]) -> None:
    """The audit: ``Draw`` was "not legal now", ``cycle F1 w1`` refused its w1."""
    game = bodoge.make("ruler-of-mana", players=2)
    state = game.new_state(4)
    play, screen = _play(game, [])
    assert play.answer(state, 0, typed, typed=True) == steps, screen.getvalue()


def test_extreme_missions_notation_is_read_in_any_case() -> None:
    """The audit: ``complete m1-01 r5 R2 r3`` was refused."""
    game = bodoge.make("extreme-mission", players=2)
    state = game.new_state(1, setup={"hands": {0: ["I-R4a", "I-B5a", "I-R5a"]}})
    play, screen = _play(game, [])
    answer = play.answer(state, 0, "Complete m1-02 r4 b5 Hk", typed=True)
    assert answer == ["complete M1-02", "R4", "B5", "HK"], screen.getvalue()


def test_a_builders_items_are_read_in_any_case() -> None:
    game = bodoge.make("ruler-of-mana", players=2)
    state = game.new_state(4)
    play, screen = _play(game, ["cycle", "f1", "w1", "ok"])
    assert play.ask(state, 0) == ["cycle", "F1", "W1"], screen.getvalue()


def _with_discards() -> tuple[bodoge.Game, bodoge.State]:
    """Extreme Mission at three, seat 0 to act, with every discard pile begun."""
    game = bodoge.make("extreme-mission", players=3)
    state = game.new_state(2)
    rng = random.Random(2)
    for _ in range(37):
        state.apply(rng.choice(state.legal_actions()))
    assert state.current_player == 0 and state.view(0)["discard_sizes"] == [3, 4, 5]
    return game, state


@pytest.mark.parametrize(("lang", "asked"), [("en", "discard"), ("ja", "捨て札"), ("en", "捨て札")])
def test_extreme_missions_discard_piles_are_listed_as_each_seat_shows_them(
    lang: str, asked: str
) -> None:
    """The audit: ``discard`` and ``捨て札``, which the README offers in both games, were "not
    legal now" in Extreme Mission. Each pile shows its size and its top card alone (EM-3.3)."""
    game, state = _with_discards()
    play, screen = _play(game, [asked], lang)
    assert play.ask(state, 0) is None  # then quit
    said = screen.getvalue().split(text("play.prompt", lang) + asked, 1)[1]
    words = play.words
    assert text("play.bad_input", lang, error="") not in said
    for seat, (top, size) in enumerate(zip(["I-Y1a", "I-R9b", "I-B3b"], [3, 4, 5], strict=True)):
        line = text(
            "play.pile.seat", lang, seat=words.seat(seat, 0), count=size, card=words.coded(top)
        )
        assert line in said


def _over_the_hand_limit(held: int) -> tuple[bodoge.Game, bodoge.State]:
    """Extreme Mission, seat 0 holding ``held`` cards at its hand limit's check (EM-4.1)."""
    game = bodoge.make("extreme-mission", players=2)
    hand = game.card_ids[::3][:held]
    state = game.new_state(1, setup={"start_player": 0, "hands": {0: hand}})
    state.apply("pass")
    assert state._chore() == "drop"
    return game, state


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_hand_limits_builder_is_worded_as_the_others_are(lang: str) -> None:
    """The audit: ``drop R3`` showed "Building: drop" (組み立て中：drop)."""
    game, state = _over_the_hand_limit(13)
    play, screen = _play(game, ["drop R1"], lang)
    play.ask(state, 0)
    shown = screen.getvalue()
    assert text("play.build.what", lang, what="drop") not in shown
    what = text("play.value.pending.drop", lang)
    assert text("play.build.what", lang, what=what) in shown


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_hand_limits_hints_say_how_many_go_in_all_in_the_rules_words(lang: str) -> None:
    """The audit: every step read "Put red 3 into your spent cards (hand limit) — Discard 1 more
    card." (使用済カードにする … あと1枚捨ててください): "discard" beside "spent", and "1 more"
    when 2 had to go. EM-4.1: cards go to the spent cards until the hand holds 10."""
    game, state = _over_the_hand_limit(13)
    play, screen = _play(game, ["drop R1"], lang)
    play.ask(state, 0)
    shown = "".join(screen.getvalue().split())  # the lines as wrapped, whole
    counts = {"held": 13, "limit": 10, "total": 3}
    steps, building = shown.split("".join(text("play.build.what", lang, what="").split()), 1)
    for key, where in (("em.build.drop_first", steps), ("em.build.drops", building)):
        assert "".join(text(key, lang, n=2, **counts).split()) in where
    for word in ("Discard2", "Discard1", "捨てて"):
        assert word not in shown


def _builder_error(game: bodoge.Game, state: bodoge.State, answers: list[str], lang: str) -> str:
    """The error the last of ``answers`` gets in a builder."""
    play, screen = _play(game, answers, lang)
    play.ask(state, 0)
    said = screen.getvalue().split(text("play.build.prompt", lang) + answers[-1], 1)[1]
    line = said.strip().splitlines()[0]
    assert line.startswith(text("play.bad_input", lang, error="").strip()), said
    return line


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_complete_cycle_says_nothing_more_can_be_added(lang: str) -> None:
    """The audit: ``cycle F1 F1 W1`` said "W1 cannot be added to cycle now; can be added: nothing
    yet"."""
    game = bodoge.make("ruler-of-mana", players=2)
    state = game.new_state(4)
    line = _builder_error(game, state, ["cycle", "F1 F1", "W1"], lang)
    words = GameWords(game, lang)
    assert text("play.build.full", lang, item=_named(words, "W1")) in line
    assert text("play.build.none", lang) not in line


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_an_item_chosen_already_or_not_held_is_said_so(lang: str) -> None:
    """The audit: ``R3 R2 2``, the 2 meaning R3 again, and ``R9``, a card not held, both got
    "… cannot be added … now"."""
    game, state = _over_the_hand_limit(13)  # R1 R2 R4 R5 R7 R8 B1 B2 B4 B5 B7 B8 G1
    words = GameWords(game, lang)
    line = _builder_error(game, state, ["drop R1", "R2 R4 1"], lang)  # 1: R2, listed first
    assert text("play.build.already", lang, item=_named(words, "R2")) in line
    line = _builder_error(game, state, ["drop R1", "R9"], lang)
    assert text("play.build.not_held", lang, item=_named(words, "R9")) in line
    line = _builder_error(game, state, ["drop R1", "R1"], lang)
    assert text("play.build.already", lang, item=_named(words, "R1")) in line


def _named(words: GameWords, code: str) -> str:
    """A card's code with its words, as a builder's refusal names it (``R2 (red 2)``)."""
    return text("play.build.item", words.lang, item=code, words=words.card(code))


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_an_item_the_action_cannot_take_is_refused_in_words(lang: str) -> None:
    """The audit: "S99 cannot be added to cycle now; can be added: F1 F2 W1 A1 E1 RB S29", the
    action and what it can take in notation alone. The action is said as the builder's
    "Building:" line says it, each item with its words beside what a person types."""
    game = bodoge.make("ruler-of-mana", players=2)
    state = game.new_state(4)  # seat 0 holds F1 F1 F2 W1 A1 E1 RB S29
    words = GameWords(game, lang)
    line = _builder_error(game, state, ["cycle", "S99"], lang)
    cycle = next(a for a in state.legal_actions() if a.notation == "cycle").describe(lang)
    can = words.join([words.coded(c) for c in ("MF1-01", "MF2-01", "MW1-01", "MA1-01")])
    assert text("play.build.not_addable", lang, item="S99", what=cycle, addable="") in line
    assert can in line and words.coded("S29") in line  # "Tailwind (S29)": its code once
    assert " cycle" not in line and "F1 F2" not in line
    # a card held that the spell cannot take: its words too
    line = _builder_error(game, state, ["cast S29/1", "F1"], lang)
    refused = line.removeprefix(text("play.bad_input", lang, error="").strip()).lstrip()
    assert refused.startswith(_named(words, "F1"))
    assert "cast S29/1" not in line


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_builders_last_words_say_the_action_in_words(lang: str) -> None:
    """The audit: "cycle: abandoned, nothing was done." (cycle：やめました), and ok too early
    said "cycle is not complete yet"."""
    game = bodoge.make("ruler-of-mana", players=2)
    state = game.new_state(4)
    cycle = next(a for a in state.legal_actions() if a.notation == "cycle").describe(lang)
    line = _builder_error(game, state, ["cycle", "F1", "ok"], lang)
    assert text("play.build.not_complete", lang) in line and "cycle" not in line
    play, screen = _play(game, ["cycle", "F1", "cancel"], lang)
    play.ask(state, 0)
    said = screen.getvalue().split(text("play.build.prompt", lang) + "cancel\n", 1)[1]
    assert said.startswith(text("play.build.cancelled", lang, what=cycle) + "\n"), said


@pytest.mark.parametrize(("lang", "asked"), [("en", "discard"), ("ja", "捨て場")])
def test_an_empty_discard_pile_is_said_to_be_empty(lang: str, asked: str) -> None:
    """The audit: Ruler of Mana's discard pile, asked before any card was discarded, printed
    "Discard pile, 0 cards, from the top:" (捨て場（0枚、上から）：), then nothing."""
    game = bodoge.make("ruler-of-mana", players=2)
    state = game.new_state(4)
    assert state.view(0)["discard"] == []
    play, screen = _play(game, [asked], lang)
    assert play.ask(state, 0) is None  # then quit
    said = screen.getvalue().split(text("play.prompt", lang) + asked + "\n", 1)[1]
    label = play.words.label("discard")
    assert said.startswith(text("play.pile.empty", lang, label=label) + "\n"), said
    assert "0" not in said.splitlines()[0]
    one = play.words.whole_pile("discard", ["MF1-01"])  # one card: no "1 cards, from the top"
    fire = play.words.coded("MF1-01")
    assert one == text("play.pile.all", lang, label=label, count=1, cards=fire)
    assert "cards" not in one
