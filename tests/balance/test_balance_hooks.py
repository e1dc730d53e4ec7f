"""The games' balance hooks: the cards each seat played and how a game ended, read off the
public record of a finished game (hand-built logs and real games)."""

from __future__ import annotations

import random
from typing import Any

import pytest

import bodoge
from bodoge.balance import hooks as hooks_module
from bodoge.balance.hooks import balance_hooks
from bodoge.core.errors import SetupError
from bodoge.core.game import Game
from bodoge.core.i18n import LANGUAGES
from bodoge.core.result import Result
from bodoge.core.state import State
from bodoge.play import Decision, make_agent


def play(game: Game, seed: int) -> State:
    state = game.new_state(seed)
    agents = [
        make_agent("heuristic", game, s, random.Random(seed * 10 + s)) for s in range(game.players)
    ]
    while (seat := state.current_player) is not None:
        state.apply(agents[seat].act(Decision.of(state)))
    return state


def won(winners: tuple[int, ...], players: int = 2, truncated: bool = False) -> Result:
    return Result(
        tuple(0.0 for _ in range(players)), tuple(1 for _ in range(players)), winners, truncated
    )


# ----------------------------------------------------------------------- Extreme Mission
EM = bodoge.make("extreme-mission", players=3)
EM_HOOKS = balance_hooks(EM)


def test_em_uses_are_the_completed_missions_and_activated_collaborators() -> None:
    first, second = (m.id for m in EM.cards.missions[:2])
    kind = EM.kinds[2]
    log: list[dict[str, Any]] = [
        {"event": "draw", "seat": 0},
        {"event": "complete", "seat": 2, "mission": first, "cards": [], "wilds": []},
        {"event": "take", "seat": 1, "from": 2, "card": "x"},
        {"event": "complete", "seat": 0, "mission": second, "cards": [], "wilds": [kind]},
        {"event": "activate", "seat": 0, "kind": kind, "cards": [], "wilds": []},
        {"event": "end_triggered"},
        {"event": "game_over", "truncated": False},
    ]
    assert list(EM_HOOKS.uses(EM, {"log": log}, won((0,), 3))) == [
        (2, f"mission-{EM.level_of[first]}", first),
        (0, f"mission-{EM.level_of[second]}", second),
        (0, "collaborator", kind),
    ]


def em_table(finished: list[bool]) -> dict[str, Any]:
    """A public table where the seats marked True meet the end condition (EM-5.1)."""
    by_level = {m.level: m.id for m in EM.cards.missions}
    every_level = [by_level[level] for level in sorted(EM.levels)]
    return {
        "log": [],
        "completed": [every_level if done else every_level[:3] for done in finished],
        "collaborators": [{k: "up" for k in EM.kinds} for _ in finished],
    }


@pytest.mark.parametrize(
    ("finished", "result", "ending"),
    [
        ([True, False, False], won((0,), 3), "alone"),
        ([True, False, True], won((2,), 3), "hand"),
        ([True, False, True], won((0, 2), 3), "shared"),
        ([False, False, False], won((), 3, truncated=True), "truncated"),
        ([True, False, False], won((0,), 3, truncated=True), "truncated"),
    ],
)
def test_em_endings(finished: list[bool], result: Result, ending: str) -> None:
    assert EM_HOOKS.ending(EM, em_table(finished), result) == ending


def test_em_a_collaborator_face_down_is_not_finished() -> None:
    table = em_table([True, False, True])
    table["collaborators"][2][EM.kinds[0]] = "down"
    assert EM_HOOKS.ending(EM, table, won((0,), 3)) == "alone"


def test_em_real_game_uses_match_its_log_and_the_offered_missions() -> None:
    state = play(EM, seed=3)
    view, result = state.view(None), state.result()
    uses = list(EM_HOOKS.uses(EM, view, result))
    completes = [e for e in view["log"] if e["event"] == "complete"]
    assert [(s, key) for s, kind, key in uses if kind.startswith("mission")] == [
        (e["seat"], e["mission"]) for e in completes
    ]
    assert EM_HOOKS.offered is not None
    offered = list(EM_HOOKS.offered(EM, view))
    missions = {key for kind, key in offered if kind.startswith("mission")}
    assert len(missions) == 12
    assert {key for _, kind, key in uses if kind.startswith("mission")} <= missions
    assert EM_HOOKS.ending(EM, view, result) in EM_HOOKS.endings
    assert not result.truncated


# ----------------------------------------------------------------------- Ruler of Mana
RM = bodoge.make("ruler-of-mana", players=3, variant="expert")
RM_HOOKS = balance_hooks(RM)


def test_rm_uses_are_spells_and_scroll_kinds() -> None:
    spell = RM.cards.spells[4].id
    scroll = next(s for s in RM.cards.scrolls if s.copies > 1)
    copy_a, copy_b = scroll.ids[:2]
    log: list[dict[str, Any]] = [
        {"event": "cast", "seat": 1, "card": spell, "option": 1, "paid": []},
        {"event": "scroll", "seat": 0, "card": copy_b},
        {"event": "react", "seat": 2, "card": copy_a, "moment": "react"},
        {"event": "damage", "seat": 2, "amount": 3},
        {"event": "game_over", "reason": "deck", "truncated": False},
    ]
    assert list(RM_HOOKS.uses(RM, {"log": log}, won((1,), 3))) == [
        (1, "spell", spell),
        (0, "scroll", scroll.id),
        (2, "scroll", scroll.id),
    ]


@pytest.mark.parametrize(
    ("reason", "result", "ending"),
    [
        ("ko", won((1,), 3), "ko"),
        ("penalty", won((0,), 3), "penalty"),
        ("deck", won((2,), 3), "deck"),
        ("deck", won((), 3), "no_winner"),
        ("cap", won((0,), 3, truncated=True), "truncated"),
    ],
)
def test_rm_endings(reason: str, result: Result, ending: str) -> None:
    log = [{"event": "game_over", "reason": reason, "truncated": result.truncated}]
    assert RM_HOOKS.ending(RM, {"log": log}, result) == ending


def test_rm_real_games_end_as_their_log_says() -> None:
    capped = bodoge.make("ruler-of-mana", players=3, turn_cap=4)
    state = play(capped, seed=1)
    assert RM_HOOKS.ending(capped, state.view(None), state.result()) == "truncated"
    state = play(RM, seed=2)
    view, result = state.view(None), state.result()
    assert RM_HOOKS.ending(RM, view, result) == view["end"] or not result.winners
    casts = [e["card"] for e in view["log"] if e["event"] == "cast"]
    assert [key for _, kind, key in RM_HOOKS.uses(RM, view, result) if kind == "spell"] == casts


# ----------------------------------------------------------------------- words and lookup
@pytest.mark.parametrize("game", [EM, RM], ids=["em", "rm"])
def test_every_ending_kind_and_key_has_words(game: Game) -> None:
    hooks = balance_hooks(game)
    state = play(game, seed=4)
    view, result = state.view(None), state.result()
    for lang in LANGUAGES:
        assert all(hooks.describe_ending(code, lang) for code in hooks.endings)
        for _, kind, key in hooks.uses(game, view, result):
            assert hooks.describe_kind(kind, lang)
            words = hooks.describe_key(game, kind, key, lang)
            assert key in words and words != key


def test_a_game_without_balance_hooks_is_a_setup_error(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(hooks_module, "game_module", lambda game, name: None)
    with pytest.raises(SetupError, match="no balance report"):
        hooks_module.balance_hooks(EM)
