"""Learn two-player Ruler of Mana against random play with masked PPO, on the CPU.

The agent is sb3-contrib's MaskablePPO on the Gymnasium environment of
``bodoge.adapters.gymnasium`` (seat 0, the other seat played by the ``random`` bot): it sees the
seat's observation, chooses among the legal steps only (``action_masks()``), and is rewarded at the
end of a game alone (+1 a win, -1 a loss, 0 a tie). Every ``--eval-every`` steps of training, the
greedy policy plays ``--eval-games`` fresh deals against random play; the curve of its win share
(a tie counts half) goes to ``OUT/learning-curve.png`` and the figures to ``OUT/figures.json``,
with a final evaluation on ``--final-games`` deals and its Wilson 95% interval, beside the same
evaluation of a policy choosing uniformly among the legal steps (which should score about half).
One torch thread is the default: the network is small, and on a busy machine a second thread
waiting on the first slows every step many times over.

Needs the extras ``rl`` and ``learn`` (``pip install -e '.[rl,learn]'``: torch 2.13.0, CPU).

Run: ``.venv/bin/python examples/learn_ruler_of_mana.py [--minutes 10] [--timesteps N]
[--eval-every 10240] [--eval-games 100] [--final-games 300] [--envs 8] [--threads 1] [--seed 0]
[--out examples/learn-ruler-of-mana]``
"""

from __future__ import annotations

import argparse
import json
import time
from collections.abc import Callable
from pathlib import Path

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt
import numpy as np
import torch
from sb3_contrib import MaskablePPO
from stable_baselines3.common.vec_env import DummyVecEnv

from bodoge.adapters.gymnasium import BodogeEnv, env
from bodoge.arena.stats import wilson_interval

GAME = "ruler-of-mana"
TURN_CAP = 200
EVAL_SEEDS = 1_000_000  # evaluation deals are seeded apart from training's

Policy = Callable[[np.ndarray, np.ndarray], int]


def table() -> BodogeEnv:
    return env(GAME, players=2, seat=0, opponents="random", turn_cap=TURN_CAP)


def win_share(policy: Policy, games: int, seed: int) -> float:
    """The policy's mean share of a win (a tie half) over ``games`` deals against random play."""
    evaluation = table()
    total = 0.0
    for k in range(games):
        observation, _ = evaluation.reset(seed=EVAL_SEEDS + seed * 100_000 + k)
        done, reward = False, 0.0
        while not done:
            action = policy(observation, evaluation.action_masks())
            observation, r, terminated, truncated, _ = evaluation.step(action)
            reward, done = float(r), terminated or truncated
        total += (reward + 1.0) / 2.0
    return total / games


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--minutes", type=float, default=10.0, help="wall-clock budget")
    parser.add_argument("--timesteps", type=int, default=10**9, help="step budget")
    parser.add_argument("--eval-every", type=int, default=10_240)
    parser.add_argument("--eval-games", type=int, default=100)
    parser.add_argument("--final-games", type=int, default=300)
    parser.add_argument("--envs", type=int, default=8, help="tables played side by side")
    parser.add_argument("--n-steps", type=int, default=256, help="steps a table per rollout")
    parser.add_argument("--threads", type=int, default=1, help="torch threads")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--out", type=Path, default=Path("examples/learn-ruler-of-mana"))
    args = parser.parse_args(argv)
    torch.set_num_threads(args.threads)
    start = time.perf_counter()

    training = DummyVecEnv([table] * args.envs)  # one forward pass acts at every table
    model = MaskablePPO(
        "MlpPolicy",
        training,
        n_steps=args.n_steps,
        batch_size=min(256, args.n_steps * args.envs),
        n_epochs=4,
        learning_rate=3e-4,
        gamma=0.995,
        ent_coef=0.01,
        policy_kwargs={"net_arch": [128, 128]},
        seed=args.seed,
        device="cpu",
    )

    def greedy(observation: np.ndarray, mask: np.ndarray) -> int:
        action, _ = model.predict(observation, action_masks=mask, deterministic=True)
        return int(action)

    rng = np.random.default_rng(args.seed)

    def uniform(observation: np.ndarray, mask: np.ndarray) -> int:
        return int(rng.choice(mask.nonzero()[0]))

    curve = [(0, win_share(greedy, args.eval_games, args.seed), 0.0)]
    print(f"{0:>8} steps  win share {curve[-1][1]:.3f}", flush=True)
    budget = args.minutes * 60.0
    last = 0.0  # seconds the last chunk took: no chunk starts that would overrun the budget
    while model.num_timesteps < args.timesteps and time.perf_counter() - start + last < budget:
        chunk = min(args.eval_every, args.timesteps - model.num_timesteps)
        began = time.perf_counter()
        model.learn(chunk, reset_num_timesteps=False)
        share = win_share(greedy, args.eval_games, args.seed)
        curve.append((model.num_timesteps, share, time.perf_counter() - start))
        last = time.perf_counter() - began
        print(f"{model.num_timesteps:>8} steps  win share {share:.3f}", flush=True)
    trained_seconds = time.perf_counter() - start

    final = win_share(greedy, args.final_games, args.seed + 1)
    baseline = win_share(uniform, args.final_games, args.seed + 1)
    low, high = wilson_interval(final * args.final_games, args.final_games)
    base_low, base_high = wilson_interval(baseline * args.final_games, args.final_games)
    figures = {
        "game": GAME,
        "players": 2,
        "opponent": "random",
        "timesteps": model.num_timesteps,
        "training_seconds": round(trained_seconds, 1),
        "threads": args.threads,
        "curve": [{"timesteps": t, "win_share": s, "seconds": round(e, 1)} for t, s, e in curve],
        "final": {"games": args.final_games, "win_share": final, "wilson95": [low, high]},
        "uniform_policy": {
            "games": args.final_games,
            "win_share": baseline,
            "wilson95": [base_low, base_high],
        },
    }
    args.out.mkdir(parents=True, exist_ok=True)
    (args.out / "figures.json").write_text(json.dumps(figures, indent=2) + "\n")
    fig, ax = plt.subplots(figsize=(6, 4))
    ax.plot([t for t, _, _ in curve], [s for _, s, _ in curve], marker="o", label="masked PPO")
    ax.axhline(0.5, color="grey", linestyle="--", label="even with random play")
    ax.set_xlabel("training steps (the learner's decisions)")
    ax.set_ylabel(f"win share against random ({args.eval_games} deals)")
    ax.set_title(f"Ruler of Mana, 2 players: {trained_seconds / 60:.1f} min of training")
    ax.set_ylim(0, 1)
    ax.legend(loc="lower right")
    fig.tight_layout()
    fig.savefig(args.out / "learning-curve.png", dpi=100)
    print(
        f"after {model.num_timesteps} steps ({trained_seconds:.0f} s): win share {final:.3f} "
        f"(Wilson 95% {low:.3f}-{high:.3f}) over {args.final_games} deals; "
        f"a uniform policy {baseline:.3f} ({base_low:.3f}-{base_high:.3f})",
        flush=True,
    )


if __name__ == "__main__":
    main()
