"""Generic checks any game plugs into with one line (DESIGN.md, "Quality bars").

``check_random_play`` plays seeded random games and checks the protocol's invariants at every step;
``check_no_leaks`` checks that what a seat cannot see changes nothing it is shown. Both raise
AssertionError with the seed and the history, so a failure replays exactly.

    @pytest.mark.parametrize("name", bodoge.games())
    def test_random_play(name):
        check_random_play(bodoge.make(name, players=3), seeds=range(500))
"""

from __future__ import annotations

import ast
import doctest
import json
import os
import random
import subprocess
import sys
from collections.abc import Callable, Iterable
from pathlib import Path
from types import ModuleType
from typing import Any

from bodoge import native
from bodoge.core.errors import IllegalAction
from bodoge.core.game import Game
from bodoge.core.state import State


def is_japanese(words: str) -> bool:
    """True if ``words`` hold a kana or kanji: a Japanese text, not English left untranslated.

    >>> is_japanese("「R1」は今は選べません"), is_japanese("'R1' is not legal now")
    (True, False)
    """
    return any("\u3040" <= ch <= "\u30ff" or "\u4e00" <= ch <= "\u9fff" for ch in words)


def outputs_under_hash_seeds(script: str, seeds: Iterable[str] = ("1", "2", "3")) -> set[str]:
    """What ``script`` prints, run by this Python once for each hash seed: one output if nothing
    it prints depends on the order a set of strings iterates in (which follows the seed)."""
    return {
        subprocess.run(
            [sys.executable, "-c", script],
            env={**os.environ, "PYTHONHASHSEED": seed},
            capture_output=True,
            text=True,
            check=True,
        ).stdout
        for seed in seeds
    }


def run_doctests(module: ModuleType) -> doctest.TestResults:
    """Run the examples in the docstrings of ``module``'s source file, in its namespace.

    Like ``doctest.testmod``, but read from the ``.py`` file, so that a module compiled by mypyc
    (``bodoge.native``), which keeps no docstrings, runs them too, against the compiled code."""
    name = module.__name__
    source = Path(str(module.__file__))
    if source.suffix != ".py":
        source = native.source(name)
    tree = ast.parse(source.read_text(encoding="utf-8"))
    parser = doctest.DocTestParser()
    runner = doctest.DocTestRunner(verbose=False)
    pending: list[tuple[str, ast.AST]] = [(name, tree)]
    while pending:
        where, node = pending.pop()
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            text = ast.get_docstring(node, clean=False)
            if text and ">>>" in text:
                line = getattr(node, "lineno", 1)
                test = parser.get_doctest(text, dict(module.__dict__), where, str(source), line)
                runner.run(test)
            for child in node.body:
                if isinstance(child, ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
                    pending.append((f"{where}.{child.name}", child))
    return runner.summarize(verbose=False)


def _where(game: Game, seed: int, state: State) -> str:
    return (
        f"{game.name} players={game.players} variant={game.variant} seed={seed} "
        f"history={state.history}"
    )


def check_step_invariants(game: Game, seed: int, state: State, census: list[str]) -> None:
    """The invariants that hold at every step (cheap ones)."""
    where = _where
    assert state.card_census() == census, f"cards not conserved: {where(game, seed, state)}"
    if state.current_player is None:
        assert state.legal_actions() == [], (
            f"legal actions after the end: {where(game, seed, state)}"
        )
        return
    legal = state.legal_actions()
    assert legal, f"no legal action but not over: {where(game, seed, state)}"
    notations = [str(a) for a in legal]
    assert len(set(notations)) == len(notations), f"duplicate notation: {notations}"
    for action in legal:
        assert state.parse(str(action)) == action, f"{action} does not parse back"


def check_deep_invariants(game: Game, seed: int, state: State) -> None:
    """The costly invariants, checked on a sample of steps."""
    saved = state.to_json()
    assert state.clone().to_json() == saved, f"clone differs: {_where(game, seed, state)}"
    assert game.load(saved).to_json() == saved, (
        f"JSON round trip differs: {_where(game, seed, state)}"
    )
    for player in [None, *range(game.players)]:
        json.dumps(state.view(player), ensure_ascii=False)
    for bad in ("no-such-step", "@99", "complete"):
        try:
            state.apply(bad)
        except IllegalAction as err:
            assert "\n" not in str(err), f"error message is not one line: {err!r}"
            assert is_japanese(err.text("ja")), f"refusal without Japanese: {err.text('ja')!r}"
        else:
            raise AssertionError(f"{bad!r} was accepted: {_where(game, seed, state)}")
        assert state.to_json() == saved, f"illegal {bad!r} changed the state"


def random_game(
    game: Game,
    seed: int,
    *,
    max_steps: int = 100_000,
    on_step: Callable[[State], None] | None = None,
) -> State:
    """Play one game from ``new_state(seed)`` with uniformly random steps chosen by a generator
    seeded with ``seed``."""
    state = game.new_state(seed)
    chooser = random.Random(seed)
    for _ in range(max_steps):
        if on_step is not None:
            on_step(state)
        if state.current_player is None:
            return state
        legal = state.legal_actions()
        state.apply(legal[chooser.randrange(len(legal))])
    raise AssertionError(f"game did not end in {max_steps} steps: {_where(game, seed, state)}")


def check_random_play(
    game: Game, seeds: Iterable[int], *, deep_every: int = 37, max_steps: int = 100_000
) -> int:
    """Play a random game per seed, checking the invariants; returns the number of steps played.

    Every step: cards conserved, legal actions non-empty until the end and never after, notations
    unique and parsing back. Every ``deep_every`` steps and at the end: clone and JSON round trips,
    views serialisable for every seat, illegal input refused with a one-line message (in Japanese
    too) and no change.
    At the end: the result is consistent and replaying the history reproduces the state exactly.
    """
    total = 0
    for seed in seeds:
        state = game.new_state(seed)
        census = state.card_census()
        count = 0

        def step(s: State, seed: int = seed, census: list[str] = census) -> None:
            nonlocal count
            check_step_invariants(game, seed, s, census)
            if count % deep_every == 0:
                check_deep_invariants(game, seed, s)
            count += 1

        final = random_game(game, seed, max_steps=max_steps, on_step=step)
        check_deep_invariants(game, seed, final)
        result = final.result()
        n = game.players
        assert len(result.scores) == len(result.ranks) == n
        assert min(result.ranks) == 1, f"nobody ranked first: {result}"
        assert all(result.ranks[w] == 1 for w in result.winners) or not result.winners
        if game.turn_cap is None:
            assert not result.truncated
        replayed = game.replay(seed, final.history)
        assert replayed.to_json() == final.to_json(), f"replay differs: {_where(game, seed, final)}"
        total += count
    return total


def _same_choices(state: State, other: State, where: str) -> None:
    """``choices`` for every first step (and the chore's verb) agree between two states that the
    deciding seat cannot tell apart, and leave both unchanged."""
    before = state.to_json()
    firsts = [a.notation for a in state.legal_actions()]
    chore = state._chore()
    for what in [chore, *firsts] if chore is not None else firsts:
        assert other.choices(what) == state.choices(what), f"choices of {what!r} differ: {where}"
    assert state.to_json() == before, f"choices changed the state: {where}"


def check_no_leaks(
    game: Game,
    seeds: Iterable[int],
    *,
    samples_per_game: int = 6,
    secret: Callable[[State, int], Any] | None = None,
) -> None:
    """For states met in random play and every seat p: a determinization for p shows p the same
    view and, when p is to move, the same legal actions and ``choices``. ``secret(state, p)``
    (optional) extracts what p must not know; it must differ in some determinization, which shows
    the check has teeth.
    """
    differed = 0
    compared = 0
    for seed in seeds:
        chooser = random.Random(seed ^ 0x5EED)
        states: list[State] = []

        def keep(s: State, states: list[State] = states) -> None:
            states.append(s.clone())

        random_game(game, seed, on_step=keep)
        for state in chooser.sample(states, min(samples_per_game, len(states))):
            for player in range(game.players):
                det = state.determinize(player, seed=chooser.randrange(2**31))
                where = f"seat {player}, {_where(game, seed, state)}"
                assert det.view(player) == state.view(player), f"view differs: {where}"
                if state.current_player == player:
                    assert [str(a) for a in det.legal_actions()] == [
                        str(a) for a in state.legal_actions()
                    ], f"legal actions differ: {where}"
                    _same_choices(state, det, where)
                assert det.card_census() == state.card_census(), f"cards differ: {where}"
                if secret is not None:
                    compared += 1
                    if secret(det, player) != secret(state, player):
                        differed += 1
    if secret is not None:
        assert compared == 0 or differed > 0, "determinize never changed what a seat cannot see"
