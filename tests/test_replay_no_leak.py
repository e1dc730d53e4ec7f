"""``bodoge replay --seat N`` (and a spectator's replay) says no card its viewer could not see:
whole seeded games of both games, the expert variant too, replayed from every seat and a
spectator's view, every step's line checked against that viewer's views around the step."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

import bodoge
from bodoge.agents.base import Decision
from bodoge.agents.registry import make_agent
from bodoge.play.replay import GameRecord, TerminalReplay
from bodoge.play.terminal import GameWords


def played_record(name: str, players: int, variant: str, seed: int) -> GameRecord:
    """A whole game played by the games' own plan, one step in three at random (a random game
    of Extreme Mission would not end soon; chance makes the plan's rare steps)."""
    game = bodoge.make(name, players=players, variant=variant)
    state = game.new_state(seed)
    rng = random.Random(seed)
    agents = [make_agent("heuristic", game, s, rng) for s in range(players)]
    steps, actors = [], []
    while (seat := state.current_player) is not None:
        if rng.random() < 1 / 3:
            action = rng.choice(state.legal_actions())
        else:
            action = agents[seat].act(Decision.of(state))
        actors.append(seat)
        steps.append(action)
        state.apply(action)
    return GameRecord(game, seed, None, tuple(steps), tuple(actors), ({},) * players)


def strings(value: Any) -> Iterator[str]:
    """Every string in a view's value, keys too (the card ids it shows)."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for key, item in value.items():
            yield from strings(key)
            yield from strings(item)
    elif isinstance(value, list | tuple):
        for item in value:
            yield from strings(item)


def unseen_names(line: str, names: list[str], seen: set[str]) -> list[str]:
    """The card names ``line`` says that are not in ``seen`` (a longer name first, so that
    "Fire mana (2 orbs)" is not taken for "Fire mana")."""
    found = []
    for name in names:
        if name in line:
            if name not in seen:
                found.append(name)
            line = line.replace(name, "\0")
    return found


GAMES = [
    ("ruler-of-mana", 3, "basic", 5),
    ("ruler-of-mana", 3, "expert", 6),
    ("extreme-mission", 3, "basic", 7),
]


@pytest.mark.parametrize(("name", "players", "variant", "seed"), GAMES)
@pytest.mark.parametrize("lang", ["en", "ja"])
def test_no_step_line_names_a_card_its_viewer_could_not_see(
    name: str, players: int, variant: str, seed: int, lang: str
) -> None:
    record = played_record(name, players, variant, seed)
    words = GameWords(record.game, lang)
    census = record.game.new_state(seed).card_census()
    card_name = {c: words.card(c) or c for c in set(census)}
    names = sorted(set(card_name.values()), key=len, reverse=True)
    leaks: list[str] = []
    for seat in [None, *range(players)]:
        replay = TerminalReplay(record, seat, lang)
        before = replay.state.view(seat)
        for k in range(1, len(record.steps) + 1):
            line, _ = replay.go(k)
            after = replay.state.view(seat)
            # what the viewer sees at this step: the position before it and after it, and
            # the events it made happen
            shown = [
                {f: v for f, v in before.items() if f != "log"},
                {f: v for f, v in after.items() if f != "log"},
                after["log"][len(before["log"]) :],
            ]
            seen = {card_name[s] for s in strings(shown) if s in card_name}
            if unseen := unseen_names(line, names, seen):
                leaks.append(f"seat {seat}, {line!r}: {unseen}")
            before = after
    assert not leaks, f"{len(leaks)} lines, e.g. {leaks[:5]}"
    # the check can find a card: a seat's own steps name theirs
    own = TerminalReplay(record, 0, lang)
    assert any(
        unseen_names(own.go(k)[0], names, set())
        for k in range(1, len(record.steps) + 1)
        if record.actors[k - 1] == 0
    )


@pytest.mark.parametrize("seat", [None, 1])
def test_another_seats_steps_are_not_said_as_yours(seat: int | None) -> None:
    """Extreme Mission's steps said "Use your Sniper as a wild card", "Activate your Sniper",
    "End your action phase" whoever made them."""
    record = played_record("extreme-mission", 3, "basic", 7)
    for lang, yours in (("en", "your"), ("ja", "あなた")):
        replay = TerminalReplay(record, seat, lang)
        lines = [replay.go(k)[0] for k in range(1, len(record.steps) + 1)]
        others = [line for k, line in enumerate(lines) if record.actors[k] != seat]
        assert others and not [line for line in others if yours in line.lower()]
