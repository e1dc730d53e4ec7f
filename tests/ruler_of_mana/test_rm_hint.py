"""Why the hint's move (hint.py): what the heuristic's yardstick saw in it (a cast's damage and
whom it hits, lethal when it wins; the life or shield it gives; what a reaction prevents; why
a draw), in the words a player reads, from positions set up as scenarios (two players)."""

from __future__ import annotations

import random

import pytest
from rm_helpers import ids, scenario

from bodoge.agents import Decision
from bodoge.agents.heuristic import game_heuristic
from bodoge.games.ruler_of_mana import RMState
from bodoge.server.reasons import hint_reason

NAMES = ["Ann", "Bob"]
FIREBALL = ids("S01", "F1", "F1", "S13", "W1")


def hinted(state: RMState, lang: str = "en") -> tuple[str, str | None]:
    """The heuristic's step for the seat to move, and why, in ``lang`` (seats by NAMES)."""
    seat = state.current_player
    assert seat is not None
    step = game_heuristic(state.game, seat, random.Random(0)).act(Decision.of(state))
    why = hint_reason(state.game, state.view(seat), step, state.legal_actions(), lang, NAMES)
    return str(step), why


@pytest.mark.parametrize(
    ("setup", "step", "en", "ja"),
    [
        (  # Fireball's 5 finishes Bob at 5
            {"life": {1: 5}, "hands": {0: FIREBALL}},
            "cast S01/2",
            "it deals 5 damage to Bob, which is lethal and wins the game unless they stop it",
            "Bobに5ダメージで、防がれなければとどめを刺して勝てます",
        ),
        (
            {"hands": {0: FIREBALL}},
            "cast S01/3",
            "it deals 6 damage to Bob, worth more than its cards",
            "Bobに6ダメージを与えます。使うカード以上の価値があります",
        ),
        (  # Stone Wall's third option at 6 life
            {"life": {0: 6}, "hands": {0: ids("S20", "E1", "E1", "E1", "S34")}},
            "cast S20/3",
            "it gives you a shield of 8 and 2 life back",
            "あなたにシールド8がつき、ライフが2回復します",
        ),
        (
            {"life": {0: 4}, "hands": {0: ids("S34", "A1", "W1")}},
            "cast S34/2",
            "it gives you back 4 life",
            "あなたのライフが4回復します",
        ),
        (  # Fireball and no fire
            {"hands": {0: ids("S01", "W1", "A1")}},
            "draw",
            "you can pay for no spell, and no scroll can be used now",
            "支払えるスペルも、いま使えるスクロールもありません",
        ),
    ],
)
def test_a_turns_hint_says_what_its_play_does(
    setup: dict[str, object], step: str, en: str, ja: str
) -> None:
    state = scenario(players=2, **setup)
    assert hinted(state, "en") == (step, en)
    assert hinted(state, "ja") == (step, ja)


def fireball_at_ann(option: int, ann: list[str], life: int = 30) -> RMState:
    """Bob casts Fireball's ``option`` at Ann (seat 0), who holds ``ann``: her window."""
    bob = ids("S01", "F1", "F1", "A1")
    state = scenario(players=2, start_player=1, life={0: life}, hands={1: bob, 0: ann})
    for step in (f"cast S01/{option}", "@0", "F1", "F1"):
        if state.current_player == 1:
            state.apply(step)
    assert state.current_player == 0
    return state


def test_a_reactions_hint_says_what_it_prevents_or_why_it_waits() -> None:
    halved = fireball_at_ann(2, ids("R03", "W1", "E1"))
    assert hinted(halved) == ("react R03", "it halves the damage Fireball (S01) deals you")
    assert hinted(halved, "ja") == (
        "react R03",
        "ファイアボール（S01）から受けるダメージを半分にします",
    )
    kept = fireball_at_ann(1, ids("R03", "W1", "E1"))
    assert hinted(kept) == (
        "pass",
        "no reaction of yours is worth spending on Fireball (S01), so keep them for later",
    )
    lethal = fireball_at_ann(2, ids("R06", "W1", "E1"), life=4)
    assert hinted(lethal) == ("pass", "it is the only move you can make now")  # the window
    lethal.apply("pass")
    assert hinted(lethal, "ja") == ("react R06", "あなたをライフ0にする一撃を防ぎます")
