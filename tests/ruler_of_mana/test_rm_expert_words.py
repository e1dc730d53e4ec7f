"""Ruler of Mana's expert rules said before and after they bite, in the terminal's words (the
browser's: tests/web/test_web_rm_expert.py). RM-5.1: a heal cut by the life cap says so in the
log, with what it lost and the rule; RM-2.4: the terminal's list of steps says which of the turn's
options end the turn with 10 or more cards in hand, and what that costs."""

from __future__ import annotations

from rich.console import Console

import bodoge
from bodoge.games.ruler_of_mana.events import describe_event
from bodoge.play.terminal import GameWords, render_steps

NAMES = ["Ann", "Bo"]
# Seat 0 casts Gaia's Blessing, option 2 (E E: heal 4) at 14 life; seat 1 holds mana alone.
HEAL = {
    "start_player": 0,
    "hands": {0: ["S22", "ME1-01", "ME1-02"], 1: ["MW1-01", "MW1-02"]},
    "deck": ["MF1-01", "MF1-02", "MF1-03"],
    "life": {0: 14},
}


def healed(variant: str) -> dict[str, object]:
    state = bodoge.make("ruler-of-mana", players=2, variant=variant).new_state(1, setup=HEAL)
    state.apply("cast S22/2 E1 E1")
    return next(e for e in state.view(1)["log"] if e["event"] == "heal")


def test_rm_5_1_a_heal_cut_by_the_cap_says_what_it_lost_and_why() -> None:
    """RM-5.1 (expert): 14 + 4 stops at 15; the 3 past it are lost, and the line says so by the
    rule's words and id, in both languages. It read "Ann gains 1 life (now 15)", no reason."""
    event = healed("expert")
    assert (event["amount"], event["life"], event["over"], event["cap"]) == (1, 15, 3, 15), event
    cards = bodoge.make("ruler-of-mana").cards
    assert describe_event(cards, event, "en", NAMES) == (
        "Ann gains 1 life (now 15): healing past 15 is lost, 3 here (RM-5.1)"
    )
    assert describe_event(cards, event, "ja", NAMES) == (
        "Annのライフが1回復した（ライフ15）。ライフは15を超えないため、回復のうち3は失われた（RM-5.1）"
    )


def test_rm_5_1_a_basic_heal_has_no_cap_to_say() -> None:
    """RM-5.1 (basic): no upper limit, 14 + 4 is 18, and the line is the plain one."""
    event = healed("basic")
    assert (event["life"], "over" in event, "cap" in event) == (18, False, False), event
    cards = bodoge.make("ruler-of-mana").cards
    assert describe_event(cards, event, "en", NAMES) == "Ann gains 4 life (now 18)"


def steps_said(variant: str, held: int, lang: str) -> str:
    """The terminal's numbered steps for seat 0, holding ``held`` cards before its turn's draw."""
    mana = ["MF1-01", "MF1-02", "MF1-03", "MW1-01", "MW1-02", "MW1-03", "MA1-01", "MA1-02"]
    hand = [*mana, "MA1-03", "MA1-04", "ME1-01"][:held]
    game = bodoge.make("ruler-of-mana", players=2, variant=variant)
    setup = {"start_player": 0, "hands": {0: hand, 1: ["ME1-02"]}, "deck": ["ME1-03", "ME1-04"]}
    state = game.new_state(1, setup=setup)
    console = Console(width=200, record=True, color_system=None)
    console.print(render_steps(GameWords(game, lang), state.legal_actions(), state))
    return console.export_text()


def test_rm_2_4_the_terminal_says_which_steps_end_the_turn_at_10_cards() -> None:
    """RM-2.4 (expert): with 9 cards after the turn's draw, drawing 1 more ends the turn with 10:
    its step says so (the cost and the rule id), the cycle and the exchange (9 at the end) do
    not; with 10, all three do. Basic: none. The steps said nothing before."""
    nine = steps_said("expert", 8, "en")
    line = next(x for x in nine.splitlines() if "Draw 1 more card" in x)
    assert "ends the turn with 10 cards in hand: −2 life (RM-2.4)" in line, nine
    assert nine.count("−2 life") == 1, nine
    ten = steps_said("expert", 9, "ja")
    assert ten.count("ライフ−2（RM-2.4）") == 3, ten
    assert "手札11枚でターン終了" in ten and ten.count("手札10枚でターン終了") == 2, ten
    assert "RM-2.4" not in steps_said("basic", 9, "en")


def test_rm_2_4_the_terminal_says_a_scroll_read_at_11_cards_costs_life() -> None:
    """RM-2.4 (expert): 11 cards at the turn's action (2 under the deck, 2 drawn), Elixir among
    them: reading it leaves 10, and its step says so, as the browser's card does."""
    mana = ["MF1-01", "MF1-02", "MF1-03", "MW1-01", "MW1-02", "MW1-03", "MA1-01", "MA1-02"]
    hand = ["R09-a", *mana, "MA1-03", "ME1-01"]
    game = bodoge.make("ruler-of-mana", players=2, variant="expert")
    setup = {"start_player": 0, "hands": {0: hand, 1: ["ME1-02"]}, "deck": ["ME1-03", "ME1-04"]}
    state = game.new_state(1, setup=setup)
    state.apply("bottom F1")
    state.apply("bottom W1")
    console = Console(record=True, width=200)
    console.print(render_steps(GameWords(game, "en"), state.legal_actions(), state))
    line = next(x for x in console.export_text().splitlines() if "Elixir" in x)
    assert "ends the turn with 10 cards in hand: −2 life (RM-2.4)" in line, line
