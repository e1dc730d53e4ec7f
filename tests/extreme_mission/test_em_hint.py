"""Why the hint's move (hint.py): the rule of the heuristic's plan that chose it, in the words a
player reads, from positions set up as scenarios (seat 0 to act, two players, the first three
missions of each level laid)."""

from __future__ import annotations

import random
from typing import Any

import pytest
from em_helpers import cards, scenario

from bodoge.agents import Decision
from bodoge.agents.heuristic import game_heuristic
from bodoge.server.reasons import hint_reason


def hinted(lang: str = "en", **setup: Any) -> tuple[str, str | None]:
    """The heuristic's step for seat 0 in the position, and why, in ``lang``."""
    state = scenario(players=2, start_player=0, **setup)
    step = game_heuristic(state.game, 0, random.Random(0)).act(Decision.of(state))
    return str(step), hint_reason(state.game, state.view(0), step, state.legal_actions(), lang)


@pytest.mark.parametrize(
    ("setup", "step", "en", "ja"),
    [
        (  # rule 1: a run of 4 completes level 2 (and a run of 3 level 1): the higher
            {"hands": {0: cards("R3", "B4", "G5", "Y6")}},
            "complete M2-01",
            "level 2 is the highest level your hand completes without a wild",
            "手札だけ（オールマイティなし）で達成できる一番高いレベルがレベル2です",
        ),
        (  # a run of 9 with levels 1-3 done
            {
                "hands": {0: cards("R1", "B2", "G3", "Y4", "P5", "R6", "B7", "G8", "Y9")},
                "completed": {0: ["M1-01", "M2-02", "M3-03"]},
            },
            "complete M4-03",
            "level 4 is the last level you lack for the end condition",
            "終了条件に足りない最後のレベルがレベル4です",
        ),
        (  # a run of 8: level 4 with one wild, before the run of 4
            {"hands": {0: cards("R1", "B2", "G3", "Y4", "P5", "R6", "B7", "G8")}},
            "complete M4-03",
            "your hand lacks one card for level 4, which a face-up collaborator fills as a wild",
            "レベル4に手札が1枚足りません。オモテの協力者をオールマイティにして補います",
        ),
        (  # rule 2: the Hacker's run of 3, level 1 done
            {
                "hands": {0: cards("R1", "B2", "G3")},
                "completed": {0: ["M1-02"]},
                "collaborators_down": {0: ["HK"]},
            },
            "activate HK",
            "face up again, Hacker can serve as a wild for your missions, and all 5 must be face"
            " up to finish",
            "ハッカーがオモテに戻ればミッションのオールマイティに使えます。"
            "終了条件には5枚すべてオモテが必要です",
        ),
        (  # the last collaborator down, every level done
            {
                "hands": {0: cards("R1", "B2", "G3")},
                "completed": {0: ["M1-01", "M2-02", "M3-03", "M4-01"]},
                "collaborators_down": {0: ["HK"]},
            },
            "activate HK",
            "with Hacker face up again you meet the end condition",
            "ハッカーがオモテに戻れば終了条件を満たします",
        ),
        (  # rule 4: yellow 6 makes the run of 4
            {
                "hands": {0: cards("R3", "B4", "G5")},
                "completed": {0: ["M1-02"]},
                "discards": {1: ["I-Y6b"]},
            },
            "take 1",
            "yellow 6 brings Server Room Breach (M2-01) a card closer",
            "黄の6でサーバールーム侵入（M2-01）の達成に1枚近づきます",
        ),
        (  # a face-down collaborator's condition is the one brought closer
            {
                "hands": {0: cards("R3", "B4", "G5", "Y6", "P7", "R7", "B7", "G7")},
                "completed": {0: ["M1-02", "M2-01"]},
                "collaborators_down": {0: ["SN"]},
                "discards": {1: ["I-Y9b"]},
            },
            "take 1",
            "yellow 9 brings Sniper a card closer to face up again",
            "黄の9でスナイパーのアクティブ化に1枚近づきます",
        ),
        (  # red 1 helps no mission nearest done of its level: the deck
            {
                "hands": {0: cards("R3", "B4", "G5", "Y6", "P7", "R7", "B7", "G7")},
                "completed": {0: ["M1-02", "M2-01"]},
                "discards": {1: ["I-R1b"]},
            },
            "draw",
            "no discard pile's top brings the mission nearest done of any level a card closer",
            "どの捨て札の一番上のカードでも、各レベルで達成に一番近いミッションは近づきません",
        ),
        (
            {"hands": {0: cards("R3", "B4", "G5")}, "completed": {0: ["M1-02"]}},
            "draw",
            "no other seat's discard pile has a card to take",
            "ほかの席の捨て札は空です",
        ),
    ],
)
def test_the_hint_says_which_rule_of_the_plan_chose_its_move(
    setup: dict[str, Any], step: str, en: str, ja: str
) -> None:
    assert hinted("en", **setup) == (step, en)
    assert hinted("ja", **setup) == (step, ja)


def test_a_mission_begun_and_the_hand_limit_say_which_cards_and_why() -> None:
    """The items of a mission begun: those that leave the best hand; the drop down to the hand
    limit: the cards that help least."""
    state = scenario(players=2, start_player=0, hands={0: cards("R3", "B4", "G5", "Y6")})
    state.apply("complete M2-01")
    agent = game_heuristic(state.game, 0, random.Random(0))
    step = agent.act(Decision.of(state))
    assert hint_reason(state.game, state.view(0), step, state.legal_actions(), "en") == (
        "of the cards that fit Server Room Breach (M2-01), these leave the hand best for the"
        " rest of your plan"
    )
    hand = [c for c in state.game.card_ids if c.startswith("I-")][:13]
    state = scenario(players=2, start_player=0, hands={0: hand})
    state.apply("pass")
    step = agent.act(Decision.of(state))
    assert str(step).startswith("drop ")
    assert hint_reason(state.game, state.view(0), step, state.legal_actions(), "ja") == (
        "ミッションとウラの協力者に一番役立たないカードです"
    )
