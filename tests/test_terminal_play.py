"""``bodoge play`` on a terminal: what one hot-seat player may still see when the terminal passes
to the next, the end of input, and the result table."""

from __future__ import annotations

import io
import random
import re
from typing import Any

import pytest
from terminal_helpers import scripted

import bodoge
from bodoge.core.action import Choices
from bodoge.core.choices import steps
from bodoge.core.i18n import text
from bodoge.games.ruler_of_mana.words import card_words
from bodoge.play.terminal import (
    GameWords,
    TerminalPlay,
    offered_steps,
    render_result,
    render_view,
)

CLEAR = "\x1b[2J"  # Rich's console.clear()
SCROLLBACK = "\x1b[3J"  # erase the scrollback (xterm's ED 3)


def _terminal(
    game: bodoge.Game, seats: list[str], answers: list[str], seed: int, terminal: bool = True
) -> tuple[str, TerminalPlay]:
    """Play ``answers`` (then end of input) on a console that is (or is not) a terminal."""
    from rich.console import Console

    buffer = io.StringIO()
    read = scripted(answers, buffer)

    console = Console(file=buffer, width=120, force_terminal=terminal, color_system=None)
    play = TerminalPlay(game, seats, seed=seed, console=console, read_line=read)
    play.run()
    return buffer.getvalue(), play


def test_hot_seat_clears_the_screen_and_scrollback_before_the_next_seat_takes_the_terminal() -> (
    None
):
    """A reviewer's game (seed 4): seat 0 draws, and its hand stayed on screen, and in the
    scrollback, right above "Pass the terminal to seat 1"."""
    game = bodoge.make("ruler-of-mana", players=2)
    hand = game.new_state(4).view(0)["hand"]
    out, _ = _terminal(game, ["human", "human"], ["", "draw", ""], seed=4)
    handover = text("play.pass_terminal", "en", seat=1)
    before, after = out.split(handover)
    assert "Your hand (8)" in before
    last_hand = before.rindex("Your hand")
    cleared = before.rfind(CLEAR + "\x1b[H" + SCROLLBACK)
    assert cleared > last_hand, "seat 0's hand must be cleared before the hand-over"
    shown = before[cleared:]
    assert "Your hand" not in shown
    words = bodoge.play.terminal.GameWords(game, "en")
    for card in hand:
        assert (words.card(card) or card) not in shown
    # once seat 1 presses Enter, the screen is cleared again before its view
    assert after.index(CLEAR + "\x1b[H" + SCROLLBACK) < after.index("you are seat 1")


def test_hot_seat_does_not_clear_for_the_first_seat_nor_between_one_seats_decisions() -> None:
    game = bodoge.make("ruler-of-mana", players=2)
    out, _ = _terminal(game, ["human", "human"], [""], seed=4)
    assert CLEAR not in out  # nobody's hand was on screen before seat 0's
    out, _ = _terminal(game, ["human", "random"], ["draw"], seed=4)
    assert CLEAR not in out and SCROLLBACK not in out  # one person: nothing to hide


def test_end_of_input_at_a_prompt_ends_the_prompt_line_first() -> None:
    """Ctrl-D at a prompt printed "Game abandoned." on the prompt line."""
    game = bodoge.make("ruler-of-mana", players=2)
    out, _ = _terminal(game, ["human", "random"], [], seed=4, terminal=False)
    quit_line = text("play.quit", "en")
    line = next(line for line in out.splitlines() if quit_line in line)
    assert line.strip() == quit_line


def _position(game: bodoge.Game, seed: int, steps: int) -> bodoge.State:
    """The position after ``steps`` random steps of game ``seed`` (the same ones every run)."""
    state = game.new_state(seed)
    rng = random.Random(seed)
    for _ in range(steps):
        state.apply(rng.choice(state.legal_actions()))
    return state


def _ask(
    game: bodoge.Game, state: bodoge.State, answers: list[str], lang: str = "en"
) -> tuple[str, Any]:
    """Seat ``state.current_player`` answers one question with ``answers`` (then quit), in
    ``lang``."""
    from rich.console import Console

    buffer = io.StringIO()
    read = scripted(answers, buffer, then="quit")

    seats = ["human" if s == state.current_player else "random" for s in range(game.players)]
    console = Console(file=buffer, width=160)
    play = TerminalPlay(game, seats, seed=1, lang=lang, console=console, read_line=read)
    seat = state.current_player
    assert seat is not None
    answer = play.ask(state, seat)
    return buffer.getvalue(), answer


def test_every_card_a_chore_can_pick_next_is_a_numbered_choice() -> None:
    """Thief's Scroll takes 2 of 9 cards: ``legal_actions`` (one canonical path per action)
    offers the last card, Fate Exchange (R15), only second, so the numbered list left it out
    though ``take R15`` was accepted."""
    game = bodoge.make("ruler-of-mana", players=2, variant="expert")
    state = _position(game, 1, 48)
    assert state._chore() == "take"
    legal = [a.notation for a in state.legal_actions()]
    assert "take R15" not in legal and "R15" in state.choices("take").addable
    assert [f"take {item}" for item in state.choices("take").addable][: len(legal)] == legal
    offered = [a.notation for a in offered_steps(state, state.legal_actions())]
    assert offered == [f"take {item}" for item in state.choices("take").addable]
    out, answer = _ask(game, state, [str(offered.index("take R15") + 1), "F2", "ok"])
    assert "take R15  Take Fate Exchange (R15)" in out
    assert "Not accepted" not in out
    assert answer == steps(state, "take", ["F2", "R15"])  # picked last, taken all the same


def test_the_cards_a_recovery_or_discard_can_pick_are_all_numbered() -> None:
    """The same for every chore of picked cards met in a few random expert games: each card
    ``choices`` allows next is listed, once, and nothing else but the chore's other steps."""
    game = bodoge.make("ruler-of-mana", players=2, variant="expert")
    seen: set[str] = set()
    for seed in range(12):
        state = game.new_state(seed)
        rng = random.Random(seed)
        while state.current_player is not None:
            chore = state._chore()
            if chore is not None:
                seen.add(chore)
                offered = [a.notation for a in offered_steps(state, state.legal_actions())]
                cards = [f"{chore} {item}" for item in state.choices(chore).addable]
                assert offered[: len(cards)] == cards
                rest = [a.notation for a in state.legal_actions() if a.notation not in cards]
                assert offered[len(cards) :] == rest
            state.apply(rng.choice(state.legal_actions()))
    assert {"take", "discard"} <= seen


def test_a_scrys_last_card_may_be_named_too() -> None:
    """Foresight puts 5 cards back; the game puts the last one back by itself after 4, and
    ``top S27 S14 S05 A1 W1`` (all 5, as a person means it) was refused for the fifth card, as
    was ``S05 A1 W1`` in the builder, while the screen listed W1 as addable."""
    game = bodoge.make("ruler-of-mana", players=2, variant="expert")
    state = _position(game, 0, 24)
    assert state._chore() == "top" and len(state.legal_actions()) == 5
    four, five = ["S27", "S14", "S05", "A1"], ["S27", "S14", "S05", "A1", "W1"]
    assert state.choices("top", four) == Choices((), True)
    assert state.choices("top", five) == Choices((), True)
    assert state.choices("top", ["S27", "S14", "S05", "W1", "A1"]) == Choices((), True)
    assert not state.choices("top", [*four, "S27"]).complete  # not the card left
    assert steps(state, "top", five) == steps(state, "top", four)
    whole = steps(state, "top", four)
    out, answer = _ask(game, state, ["top " + " ".join(five)])
    assert "Not accepted" not in out and answer == whole
    out, answer = _ask(game, state, ["top S27 S14", "S05 A1 W1", "ok"])
    assert "W1 " in out.split("S05 A1 W1")[0]  # listed as addable, then accepted
    assert "Not accepted" not in out and answer == whole
    out, answer = _ask(game, state, ["top S27 S14", "S05 A1 S27"])
    spell = GameWords(game, "en").card("S27")  # its words show its code: "… (S27)"
    assert "Not accepted: " + text("play.build.already", "en", item=spell) in out


def _in_progress(game: bodoge.Game, state: bodoge.State, lang: str) -> str:
    """The "In progress" fact of the deciding seat's view, as the terminal prints it."""
    from rich.console import Console

    words = GameWords(game, lang)
    console = Console(file=io.StringIO(), width=5000)
    with console.capture() as capture:
        console.print(render_view(words, state.view(state.current_player)))
    label = text("play.view.pending", lang)
    line = next(line for line in capture.get().splitlines() if label in line)
    return line.split(label, 1)[1]


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_what_is_in_progress_is_said_for_the_player_not_as_the_views_fields(lang: str) -> None:
    """Thief's Scroll: the line said "target: 1, ..., Cancelled: no, Asked: 1, Decision: Kind:
    take, ..., Your hand: ..." — the hand shown was seat 0's, not the reader's."""
    game = bodoge.make("ruler-of-mana", players=2, variant="expert")
    state = _position(game, 1, 48)  # seat 1 takes 2 cards from seat 0
    said = _in_progress(game, state, lang)
    seat0 = text("play.seat", lang, seat=0)
    hand = [card_words(game.cards, c, lang) for c in state.view(1)["pending"]["decision"]["hand"]]
    assert text("rm.pending.their_hand", lang, seat=seat0, cards="") in said
    for card in hand:
        assert card in said
    for bookkeeping in ("asked", "cancelled", "decision", "kind", "hand", "target", "option"):
        assert f"{text(f'play.view.{bookkeeping}', lang)}:" not in said, bookkeeping
    you = text("play.seat_you", lang, seat=1)
    assert text("rm.pending.take", lang, seat=you, count=2, other=seat0) in said
    assert "{" not in said and "—" not in said


def _nests(line: str) -> bool:
    """Whether a bracket opens inside another of its kind: ``a (b (c))``, 「（（」."""
    pairs = {"(": ")", "（": "）", "[": "]", "［": "］"}
    open_: list[str] = []
    for ch in line:
        if ch in pairs:
            if ch in open_:
                return True
            open_.append(ch)
        elif open_ and ch == pairs[open_[-1]]:
            open_.pop()
    return False


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_move_being_built_says_its_items_in_words_not_their_codes(lang: str) -> None:
    """Blaze Bomb paid with the 2-orb water mana as 1: the builder's line of what is chosen said
    "W2/1", with no words (nor had it in the list of what can be added), and Thief's Scroll's
    take was built as "take" in Japanese too."""
    game = bodoge.make("ruler-of-mana", players=2)
    state = game.new_state(1)
    paying = text("rm.step.pay_units", lang, card=card_words(game.cards, "MW2-01", lang), units=1)
    out, _ = _ask(game, state, ["cast S09/1", "W2/1"], lang)
    item = text("play.build.item_nested", lang, item="W2/1", words=paying)
    chosen = text("play.build.chosen", lang, items=item)
    assert chosen in out
    assert not _nests(chosen), chosen  # not 「W2/1（水のマナ（2玉）を1マナとして支払う）」
    assert re.search(rf"^\s*\d+\s+W2/1\s+{re.escape(paying)}", out, re.M), out  # as addable
    expert = bodoge.make("ruler-of-mana", players=2, variant="expert")
    out, _ = _ask(expert, _position(expert, 1, 48), ["1"], lang)  # seat 1 takes 2 cards: the first
    building = text("play.build.what", lang, what=text("play.value.pending.take", lang))
    assert building in out.splitlines()


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_spells_payment_in_progress_is_said_in_the_cards_words(lang: str) -> None:
    """Healing Breeze begun and paid with the 2-orb water mana as 1, from the caster's view (a
    replay shows it): "paid so far: W2/1; chosen: Water mana (2 orbs)", the step's code and the
    card's name for the one payment."""
    game = bodoge.make("ruler-of-mana", players=2)
    state = game.new_state(1)
    for step in ("cast S34/2", "W2/1"):
        state.apply(step)
    said = _in_progress(game, state, lang)
    water = text("web.rm.say.one_mana", lang, name=card_words(game.cards, "MW2-01", lang))
    assert text("rm.pending.payment", lang, steps=water) in said, said
    assert "W2/1" not in said and text("rm.pending.chosen", lang, cards="") not in said


def test_the_draft_and_an_exchange_show_no_empty_bookkeeping() -> None:
    game = bodoge.make("ruler-of-mana", players=2, variant="expert")
    state = game.new_state(11)
    while state.current_player != 0 or state.view(0)["pending"]["round"] != 2:
        state.apply(state.legal_actions()[0])
    said = _in_progress(game, state, "en")  # round 2: the card kept in round 1 is in the hand
    assert "Kept" not in said and "Pack sizes" not in said
    assert "draft, round 2 (cards per pack: 6, 5)" in said
    found = 0
    for seed in range(10):  # "Offered: —" while the table listed the cards offered
        state = game.new_state(seed)
        rng = random.Random(seed)
        while state.current_player is not None:
            pending = state.view(state.current_player)["pending"]
            if pending is not None and pending["kind"] == "exchange":
                found += 1
                said = _in_progress(game, state, "en")
                assert "Offered" not in said and "—" not in said and "Deciding" not in said
                assert "exchange declared by seat" in said
            state.apply(rng.choice(state.legal_actions()))
    assert found


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_drafts_pack_shows_the_codes_a_player_types(lang: str) -> None:
    """The pack said "Rainbow mana, Rainbow mana, Flame Lance (S02), ...": the mana without the
    code ``keep`` wants, where the hand shows "RB Rainbow mana"."""
    game = bodoge.make("ruler-of-mana", players=2, variant="expert")
    state = game.new_state(11)
    pack = state.view(state.current_player)["pending"]["pack"]
    assert any(game.cards.code_of(c) == "RB" for c in pack)
    said = _in_progress(game, state, lang)
    words = GameWords(game, lang)
    for card in pack:
        assert words.coded(card) in said, (card, said)
        assert game.cards.code_of(card) in said
    for step in state.legal_actions():  # every card the draft lets you keep, by its code
        assert str(step).split()[1] in said


# Extreme Mission's moves begun step by step (as a replay shows them): seat 0 holds red 4-6 and
# blue 1, or red 1 and blue 2, and Forger is face down; each needs two wilds after its cards.
_EM_BEGUN = {
    "complete": ["complete M3-04", "R4", "R5", "R6", "B1", "HK"],  # Train Robbery: two runs of 3
    "complete_begun": ["complete M3-04"],
    "activate": ["activate FG", "R1", "B2", "HK"],  # Forger: a rainbow of 4
    "activate_begun": ["activate FG"],
}


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("begun", list(_EM_BEGUN))
def test_an_extreme_mission_move_in_progress_is_said_as_the_log_says_it(
    begun: str, lang: str
) -> None:
    """The line said the view's fields: "action: complete a mission, target: Train Robbery
    (M3-04), cards: red 4, ..., wilds: Hacker"; now the move, its cards and wilds each as the
    log will name them when it is done ("Hacker as a wild", 「ハッカー（オールマイティ）」)."""
    from bodoge.games.extreme_mission.events import describe_card, describe_event

    game = bodoge.make("extreme-mission", players=2)
    missions = [f"M{level}-0{i}" for level in (1, 2, 3, 4) for i in (1, 2, 4)]
    hand = ["I-R4a", "I-R5a", "I-R6a", "I-B1a"] if "complete" in begun else ["I-R1a", "I-B2a"]
    setup = {"start_player": 0, "missions": missions, "hands": {0: hand}}
    state = game.new_state(1, setup={**setup, "collaborators_down": {0: ["FG"]}})
    for step in _EM_BEGUN[begun]:
        state.apply(step)
    pending = state.view(0)["pending"]
    said = _in_progress(game, state, lang)
    for field in ("action", "target", "cards", "wilds"):
        assert f"{text(f'play.view.{field}', lang)}:" not in said, (field, said)
    assert "—" not in said and "{" not in said
    cards = game.cards  # type: ignore[attr-defined]
    assert describe_card(cards, pending["target"], lang) in said
    items = [describe_card(cards, c, lang) for c in pending["cards"]]
    items += [
        text("em.event.wild", lang, kind=describe_card(cards, k, lang)) for k in pending["wilds"]
    ]
    assert bool(items) == ("begun" not in begun)
    while state.view(0)["pending"] is not None:  # done: the log names the items alike
        state.apply(state.legal_actions()[0])
    done = describe_event(cards, state.view(0)["log"][-1], lang)
    for item in items:
        assert item in said and item in done, (item, said, done)
    assert text("em.event.sep", lang).join(items) in done


def _finished(game: bodoge.Game, seed: int) -> bodoge.State:
    state = game.new_state(seed)
    rng = random.Random(seed)
    while state.current_player is not None:
        state.apply(rng.choice(state.legal_actions()))
    return state


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("turn_cap", [2, None])
def test_the_result_table_has_a_header_for_every_column(lang: str, turn_cap: int | None) -> None:
    """The reviewer's game (seed 5, cut at turn 2: no winner) showed `` rank ┃ seat ┃ score ┃  ┃
    Why``: a column with no header, empty in every row, and headers in two cases."""
    from rich.console import Console

    capped = {"turn_cap": turn_cap} if turn_cap is not None else {}
    game = bodoge.make("extreme-mission", players=3, **capped)
    result = _finished(game, 5).result()
    assert bool(result.winners) == (turn_cap is None)
    console = Console(file=io.StringIO(), width=200)
    with console.capture() as capture:
        console.print(
            render_result(GameWords(game, lang), result, ["human", "random", "random"], [0])
        )
    out = capture.get()
    header = next(line for line in out.splitlines() if "┃" in line)
    names = [cell.strip() for cell in header.split("┃")]
    assert all(names), header
    if lang == "en":
        assert all(name[0].isupper() for name in names), header
    rows = [line for line in out.splitlines() if "│" in line and line.split("│")[0].strip()]
    assert rows and all(all(cell.strip() for cell in row.split("│")[:3]) for row in rows)
    for seat in result.winners:
        name = text("play.seat_you" if seat == 0 else "play.seat", lang, seat=seat)
        assert text("play.winner_tag", lang, seat=name) in out


def test_a_number_typed_in_other_digits_or_too_long_is_refused_not_a_crash() -> None:
    """``²`` passed ``str.isdigit`` and then crashed ``int``; 5,000 digits crashed ``int`` too."""
    game = bodoge.make("ruler-of-mana", players=2)
    state = game.new_state(1)
    huge = "9" * 5000
    out, answer = _ask(game, state, ["²", huge, "1", "²", huge, "cancel", "4"])  # 1 builds a cast
    assert [str(a) for a in answer] == ["draw"]
    assert out.count("Not accepted") == 4  # two at the choice, two in the builder
