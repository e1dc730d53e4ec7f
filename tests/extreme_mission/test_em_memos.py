"""The memos of legal steps that every state of a game shares (``state.Facts``): what they give
is what the solver says when asked directly, and what a game with empty memos gives."""

from __future__ import annotations

import random

import pytest

import bodoge
from bodoge.games.extreme_mission import EMState
from bodoge.games.extreme_mission.conditions import completable


def _begun_by_the_solver(s: EMState) -> set[str]:
    """EM-3.4, EM-3.5 and EM-3.6 asked of the solver itself: the laid missions of a level not
    done and the face-down collaborators that the hand and the face-up wilds can complete."""
    g = s.game
    p = s.player
    hand = tuple(sorted(g.card_types[c] for c in s.hands[p]))
    wilds = sum(s.collaborators[p])
    done = {g.level_of[m] for m in s.completed[p]}
    out = {
        f"complete {m}"
        for m in s.missions
        if g.level_of[m] not in done and completable(g.condition_of[m], hand, wilds)
    }
    out |= {
        f"activate {code}"
        for k, code in enumerate(g.kinds)
        if not s.collaborators[p][k] and completable(g.kind_conditions[k], hand, wilds)
    }
    return out


@pytest.mark.parametrize("players", [2, 4, 5])
def test_em_3_4_and_em_3_6_memoized_steps_are_the_solver_s(players: int) -> None:
    game = bodoge.make("extreme-mission", players=players, turn_cap=40)
    empty = bodoge.make("extreme-mission", players=players, turn_cap=40)
    rng = random.Random(players)
    asked = 0
    for seed in range(6):
        s = game.new_state(seed)
        assert isinstance(s, EMState)
        while not s.is_over:
            legal = [a.notation for a in s.legal_actions()]
            empty.facts.menu_memo.clear()
            empty.facts.item_memo.clear()
            assert [a.notation for a in empty.load(s.to_json()).legal_actions()] == legal
            if s.pending is None and s.phase == "action" and s.actions_left > 0:
                begun = {n for n in legal if n.startswith(("complete ", "activate "))}
                assert begun == _begun_by_the_solver(s)
                asked += 1
            s.apply(rng.choice(legal))
    assert asked > 100
