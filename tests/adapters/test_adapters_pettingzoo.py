"""PettingZoo's own checkers on every table, and the rewards at the end (DESIGN.md)."""

from __future__ import annotations

from pettingzoo.test import api_test, seed_test

from bodoge.adapters.pettingzoo import env

TURN_CAP = 30  # random play rarely ends Extreme Mission: the cap bounds each game


def test_pettingzoo_api_test(table: tuple[str, int, str]) -> None:
    name, players, variant = table
    api_test(env(name, players=players, variant=variant, turn_cap=TURN_CAP), num_cycles=200)


def test_pettingzoo_seed_test(table: tuple[str, int, str]) -> None:
    name, players, variant = table
    seed_test(lambda: env(name, players=players, variant=variant, turn_cap=TURN_CAP), 100)
