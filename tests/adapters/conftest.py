"""Every table the adapters are checked on: each game, 2 to its most players, each variant."""

from __future__ import annotations

import pytest

import bodoge

TABLES = [
    (name, players, variant)
    for name in bodoge.games()
    for players in range(bodoge.make(name).min_players, bodoge.make(name).max_players + 1)
    for variant in bodoge.make(name).variants
]


def table_id(table: tuple[str, int, str]) -> str:
    name, players, variant = table
    return f"{name}-{players}-{variant}"


@pytest.fixture(params=TABLES, ids=table_id)
def table(request: pytest.FixtureRequest) -> tuple[str, int, str]:
    return request.param  # type: ignore[no-any-return]
