"""A count for issue 12 (session 23, on the code of 786041f), kept so that its figure can be
measured again.

How often Extreme Mission's ``normal`` search, deciding the items of a completion or activation
its seat has begun (``SEARCH_ITEMS_BY_POLICY = False``), takes another card or wild than the
heuristic's plan would. Twelve games of the heuristic against itself (seeds 40 to 51), two
players unless a number is given; at each item decision of seat 0 with a choice, a search of
``normal``'s 1000 iterations decides as the shipped ``normal`` would, and the plan's item is
played on either way, so every game is the heuristic's. Run from the checkout:

    .venv/bin/python docs/trials/item_departures.py [PLAYERS]

(the players were added in session 24, at 62c4524; two players count as before)

The result is in ``docs/strength.md`` (session 23). Type-checked with the project, and
``tests/test_trials.py`` counts one short game of it.
"""

from __future__ import annotations

import random
import sys
from collections import Counter

import bodoge
from bodoge.agents import Budget, Decision, ISMCTSAgent, make_agent
from bodoge.games.extreme_mission import EMState, ExtremeMission


def count(players: int = 2, seeds: range = range(40, 52), iterations: int = 1000) -> Counter[str]:
    """The departures by kind, with ``decisions``: the item decisions with a choice."""
    game = bodoge.make("extreme-mission", players=players)
    assert isinstance(game, ExtremeMission)
    wilds = set(game.kinds)  # a collaborator standing in (``HK``), not an info card (``R4``)
    kinds: Counter[str] = Counter()
    for seed in seeds:
        state = game.new_state(seed=seed)
        assert isinstance(state, EMState)
        plans = [make_agent("heuristic", game, s, random.Random(s)) for s in range(players)]
        search = ISMCTSAgent(game, 0, random.Random(seed), Budget(iterations=iterations))
        while (seat := state.current_player) is not None:
            decision = Decision.of(state)
            plan = plans[seat].act(decision)
            if seat == 0 and state._in_action() and len(decision.legal) > 1:
                kinds["decisions"] += 1
                chosen = search.act(decision)
                if chosen != plan:
                    ours = "wild" if chosen.notation in wilds else "card"
                    theirs = "wild" if plan.notation in wilds else "card"
                    kinds[f"a {ours} for the plan's {theirs}"] += 1
                    print(f"{state.pending}: the plan {plan}, the search {chosen}")
            state.apply(plan)
    return kinds


def main() -> None:
    kinds = count(int(sys.argv[1]) if len(sys.argv) > 1 else 2)
    decisions = kinds.pop("decisions", 0)
    print(f"{decisions} item decisions, {sum(kinds.values())} departures: {dict(kinds)}")


if __name__ == "__main__":
    main()
