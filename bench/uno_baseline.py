"""Named baseline for engine benchmarks: random play in RLCard's UNO environment.

RLCard (``rlcard==1.2.0``, the ``bench`` extra) is a pure-Python card-game toolkit used in
research; its two-player UNO env gives a reference "steps per second" and "games per second"
to measure our own engines against, in the same process.

Run: ``.venv/bin/python bench/uno_baseline.py [--games 300] [--seed 0]``
"""

from __future__ import annotations

import argparse
import random
import time

import rlcard  # type: ignore[import-untyped]

__all__ = ["uno_random_play"]


def uno_random_play(games: int, seed: int) -> tuple[int, int, float]:
    """Play `games` games of RLCard UNO with uniformly random legal actions.

    Our own ``random.Random(seed)`` chooses the actions.  Returns (games, steps, seconds).

    Setup (not timed): ``rlcard.make("uno", config={"seed": seed})`` builds one two-player
    env whose numpy RandomState (deck shuffles, colour of a drawn or flipped wild) is seeded
    from `seed`; a separate ``random.Random(seed)`` picks the actions.  The same seed
    therefore always gives the same games and the same step count.

    Timed with ``time.perf_counter`` around the play loop only, i.e. for every game:
    ``env.reset()`` (new deck, shuffle, deal, flip), then until ``env.is_over()``: choosing
    a uniformly random action id from ``state["legal_actions"]`` and ``env.step(action_id)``.
    ``env.step`` is RLCard's whole per-decision cost: decoding the id (which recomputes the
    legal actions), the game transition, and extracting the next player's observation
    (a 4x4x15 numpy plane, raw state dict and its legal actions).  One step is counted per
    ``env.step`` call; a UNO "draw" is one step.  Not timed: importing rlcard, creating and
    seeding the env, payoffs.  The plain step loop is used instead of ``env.run``, which
    would also build per-player trajectories.
    """
    if games < 0:
        raise ValueError(f"games must be >= 0, got {games}")
    if seed < 0:
        raise ValueError(f"seed must be >= 0 (RLCard requirement), got {seed}")

    env = rlcard.make("uno", config={"seed": seed})
    rng = random.Random(seed)
    choice = rng.choice
    steps = 0

    start = time.perf_counter()
    for _ in range(games):
        state, _player = env.reset()
        while not env.is_over():
            action: int = choice(list(state["legal_actions"]))
            state, _player = env.step(action)
            steps += 1
    seconds = time.perf_counter() - start

    return games, steps, seconds


def main() -> None:
    parser = argparse.ArgumentParser(description="RLCard UNO random-play baseline")
    parser.add_argument("--games", type=int, default=300, help="games to play (default 300)")
    parser.add_argument("--seed", type=int, default=0, help="seed, >= 0 (default 0)")
    args = parser.parse_args()
    if args.games < 1:
        parser.error("--games must be >= 1")

    games, steps, seconds = uno_random_play(args.games, args.seed)
    print(f"RLCard {rlcard.__version__} UNO, 2 players, random legal play, seed {args.seed}")
    print(f"games:          {games}")
    print(f"steps:          {steps}")
    print(f"seconds:        {seconds:.3f}")
    print(f"steps/s:        {steps / seconds:,.0f}")
    print(f"games/s:        {games / seconds:,.1f}")
    print(f"mean steps/game: {steps / games:.1f}")


if __name__ == "__main__":
    main()
