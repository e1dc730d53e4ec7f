"""``state.choices(what, chosen)`` against the legal steps (DESIGN.md, "People pick items in any
order"): for random states of both games, a set of items can be built with ``choices`` iff some
ordering of it is a path of legal steps; nothing changes; nothing hidden matters."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator

import pytest

import bodoge
from bodoge.core.action import Choices
from bodoge.core.choices import explore, steps
from bodoge.core.state import State
from bodoge.core.testing import random_game

GAMES = [
    ("extreme-mission", 2, None),
    ("extreme-mission", 4, None),
    ("ruler-of-mana", 2, "basic"),
    ("ruler-of-mana", 3, "expert"),
    ("ruler-of-mana", 4, "basic"),
]
SEEDS = range(4)


def make(name: str, players: int, variant: str | None) -> bodoge.Game:
    # random seats never finish Extreme Mission: the turn cap ends the game
    if variant is None:
        return bodoge.make(name, players=players, turn_cap=40)
    return bodoge.make(name, players=players, variant=variant, turn_cap=40)


Path = tuple[tuple[str, ...], tuple[str, ...]]  # (items, steps)


def legal_paths(state: State, what: str) -> tuple[list[Path], bool]:
    """Every path of legal steps that ``what`` begins, found by walking the legal steps alone:
    (items, steps) per whole action, and whether the items' order means something. The items of
    a chore (``drop``) are its steps without the verb; its other steps (``pass``) add none."""
    seat = state.current_player
    chore = state._chore()
    trial = state.clone()
    prefix = ""
    first: tuple[str, ...] = ()
    if what == chore:
        prefix = f"{what} "
    else:
        trial.apply(what)
        first = (what,)
        if trial.current_player != seat or not trial._in_action():
            return [((), first)], False
    ordered = trial._items_ordered()
    out: list[Path] = []

    def walk(st: State, items: tuple[str, ...], path: tuple[str, ...]) -> None:
        for action in st.legal_actions():
            after = st.clone()
            after.apply(action)
            notation = action.notation
            if prefix:
                more = (*items, notation[len(prefix) :]) if notation.startswith(prefix) else items
            else:
                more = (*items, notation)
            going = after._chore_going() if prefix else after._in_action()
            if after.current_player == seat and going:
                walk(after, more, (*path, notation))
            else:
                out.append((more, (*path, notation)))

    walk(trial, (), first)
    return out, ordered


def sub(small: Counter[str], big: Counter[str]) -> bool:
    return all(big[k] >= n for k, n in small.items())


def expected(paths: list[Path], ordered: bool, chosen: list[str]) -> tuple[set[str], bool]:
    """What the legal paths say: the items that can follow ``chosen``, and whether it is whole."""
    addable: set[str] = set()
    complete = False
    if ordered:
        k = len(chosen)
        for items, _ in paths:
            if list(items[:k]) == chosen:
                if len(items) > k:
                    addable.add(items[k])
                else:
                    complete = True
        return addable, complete
    counts = Counter(chosen)
    for items, _ in paths:
        have = Counter(items)
        if sub(counts, have):
            complete = complete or have == counts
            addable |= {x for x in have if have[x] > counts[x]}
    return addable, complete


def first_steps(state: State) -> list[str]:
    """The legal steps, a chore's steps read as its verb (``drop P9`` is ``drop`` with ``P9``)."""
    out = [a.notation for a in state.legal_actions()]
    chore = state._chore()
    if chore is None:
        return out
    return [chore, *(a for a in out if not a.startswith(f"{chore} "))]


def sample_states(name: str, players: int, variant: str | None, per_game: int) -> Iterator[State]:
    game = make(name, players, variant)
    for seed in SEEDS:
        states: list[State] = []
        random_game(game, seed, on_step=lambda s, kept=states: kept.append(s.clone()))
        chooser = random.Random(seed)
        begun = [
            s
            for s in states
            if s.current_player is not None
            and (s._chore() is not None or any(_begins(s, a.notation) for a in s.legal_actions()))
        ]
        yield from chooser.sample(begun, min(per_game, len(begun)))


def _begins(state: State, what: str) -> bool:
    trial = state.clone()
    trial.apply(what)
    return trial.current_player == state.current_player and trial._in_action()


@pytest.mark.parametrize(("name", "players", "variant"), GAMES)
def test_choices_are_exactly_the_paths_of_legal_steps(
    name: str, players: int, variant: str | None
) -> None:
    """Both directions, on small sets: every chosen set that the legal paths hold gets exactly
    the items they allow next, and ``complete`` iff it is a whole path's items; a random build
    with ``choices`` always ends in a whole path whose steps ``steps`` finds."""
    checked = 0
    for state in sample_states(name, players, variant, per_game=3):
        before = state.to_json()
        rng = random.Random(len(state.history))
        for what in first_steps(state):
            paths, ordered = legal_paths(state, what)
            # every prefix (ordered) or sub-multiset (unordered) of up to two items, and one more
            # that no path holds
            seen: set[tuple[str, ...]] = {()}
            for items, _ in paths:
                picks = list(items)
                if not ordered:
                    rng.shuffle(picks)
                for k in range(1, min(2, len(picks)) + 1):
                    seen.add(tuple(picks[:k]))
            universe = sorted({x for items, _ in paths for x in items})
            for chosen in sorted(seen):
                got = state.choices(what, list(chosen))
                want_add, want_complete = expected(paths, ordered, list(chosen))
                assert set(got.addable) == want_add, (what, chosen, state.history)
                assert len(got.addable) == len(set(got.addable))
                assert got.complete == want_complete, (what, chosen, state.history)
                for extra in universe:  # the other direction: no path holds chosen + extra
                    if extra not in want_add:
                        assert state.choices(what, [*chosen, extra]) == Choices((), False)
                checked += 1
            # a person's build: random addable items until complete, then the steps make it
            chosen_items: list[str] = []
            while True:
                now = state.choices(what, chosen_items)
                if now.complete and (not now.addable or rng.random() < 0.5):
                    break
                assert now.addable, (what, chosen_items, state.history)
                chosen_items.append(rng.choice(now.addable))
            if not ordered:
                rng.shuffle(chosen_items)
            made = steps(state, what, chosen_items)
            assert any(path == tuple(made) for _, path in paths), (what, chosen_items, made)
            trial = state.clone()
            trial.apply(" ".join(made))
            assert trial.history[len(state.history) :] == made
        assert state.to_json() == before, "choices changed the state"
    assert checked > 0


@pytest.mark.parametrize(("name", "players", "variant"), GAMES)
def test_choices_see_only_what_the_seat_may_know(
    name: str, players: int, variant: str | None
) -> None:
    """A determinization for the deciding seat (what it cannot see dealt anew) gives the same
    choices for every first step and the items the legal steps would take first."""
    for state in sample_states(name, players, variant, per_game=3):
        seat = state.current_player
        assert seat is not None
        other = state.determinize(seat, seed=len(state.history))
        for what in first_steps(state):
            mine = state.choices(what)
            assert other.choices(what) == mine, (what, state.history)
            for item in mine.addable[:3]:
                assert other.choices(what, [item]) == state.choices(what, [item])


@pytest.mark.parametrize(("name", "players", "variant"), GAMES)
def test_the_fast_path_agrees_with_walking_every_path(
    name: str, players: int, variant: str | None
) -> None:
    """Where a game answers faster (Extreme Mission's missions), the answer is the one that
    walking every path of legal steps gives."""
    rng = random.Random(7)
    for state in sample_states(name, players, variant, per_game=2):
        for what in first_steps(state):
            exploration = explore(state, what)
            chosen: list[str] = []
            for _ in range(4):
                got = state.choices(what, chosen)
                slow = exploration.choices(chosen)
                assert set(got.addable) == set(slow.addable) and got.complete == slow.complete
                if not got.addable:
                    break
                chosen.append(rng.choice(got.addable))


def test_a_first_step_that_is_not_legal_is_refused_in_one_line() -> None:
    state = bodoge.make("extreme-mission", players=2).new_state(1)
    before = state.to_json()
    for bad in ("complete M9-99", "fly", "drop R1", ""):
        with pytest.raises(bodoge.IllegalAction) as err:
            state.choices(bad)
        assert "\n" not in str(err.value)
    assert state.to_json() == before


def test_a_whole_action_by_itself_has_nothing_to_add() -> None:
    state = bodoge.make("extreme-mission", players=2).new_state(1)
    assert state.choices("draw") == Choices((), True)
    assert state.choices("pass") == Choices((), True)
    rm = bodoge.make("ruler-of-mana", players=2).new_state(1)
    assert rm.choices("draw") == Choices((), True)
