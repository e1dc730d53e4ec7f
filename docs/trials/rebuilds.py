"""A count for issue 12 (session 26), kept so that its figure can be measured again.

How often Extreme Mission's deck runs out and is rebuilt from the discard piles (EM-3.2) in games
of the heuristic against itself, and how much of a game comes after the first rebuild. The
sampler (``extreme_mission/sample.py``) forgets which cards a rebuild left on the piles and does
not remember which went into the deck: this says what that costs the bots in their own games.
Twelve games (seeds 0 to 11) at each of three, four and five players. Run from the checkout:

    .venv/bin/python docs/trials/rebuilds.py

The result is in ``docs/strength.md`` (session 26). Type-checked with the project, and
``tests/test_trials.py`` counts one short game of it.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

import bodoge
from bodoge.agents import Decision, make_agent


def count(
    players: int, seeds: Sequence[int], agent: str = "heuristic", turn_cap: int | None = None
) -> tuple[int, int, int]:
    """Games of ``agent`` in every seat with a rebuild, log events after the first rebuild, and
    log events in all."""
    game = bodoge.make("extreme-mission", players=players, turn_cap=turn_cap)
    rebuilt = after = events = 0
    for seed in seeds:
        state = game.new_state(seed)
        agents = [make_agent(agent, game, s, random.Random(s)) for s in range(players)]
        while (seat := state.current_player) is not None:
            state.apply(agents[seat].act(Decision.of(state)))
        log = state.view(None)["log"]
        first = next((i for i, e in enumerate(log) if e.get("event") == "rebuild"), len(log))
        rebuilt += first < len(log)
        after += len(log) - first
        events += len(log)
    return rebuilt, after, events


def main() -> None:
    seeds = range(12)
    for players in (3, 4, 5):
        rebuilt, after, events = count(players, seeds)
        print(
            f"{players} players: {rebuilt} of {len(seeds)} games rebuilt the deck; "
            f"{after} of {events} log events came after a rebuild"
        )


if __name__ == "__main__":
    main()
