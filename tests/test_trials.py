"""The trials kept in ``docs/trials`` still run as ``docs/strength.md`` says they were run: each
plays (or counts) a short game, so that its figure can be measured again."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

TRIALS = Path(__file__).resolve().parents[1] / "docs" / "trials"


def _trial(script: str, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, str(TRIALS / script), *args],
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )


@pytest.mark.parametrize("script", ["own_plan_rollouts.py", "plan_baseline.py"])
def test_a_search_trial_plays_its_games_on_the_horizon_trials_deals(script: str) -> None:
    """Two games in two worker processes, as ``bench/horizon.py`` plays them (the workers
    rebuild the trial's own search from its script), reported as that tool reports them."""
    done = _trial(
        script,
        *("--game", "extreme-mission", "--games", "2", "--horizon", "1"),
        *("--iterations", "6", "--workers", "2"),
    )
    assert done.returncode == 0, done.stderr
    assert "extreme-mission, 2 players, horizon 1, trust 1.5: horizon-trial won" in done.stdout


def _module(script: str) -> ModuleType:
    """A trial's script, imported."""
    spec = importlib.util.spec_from_file_location(script.removesuffix(".py"), TRIALS / script)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_item_departures_count_reaches_the_searchs_item_decisions() -> None:
    module = _module("item_departures.py")
    kinds = module.count(players=2, seeds=range(40, 41), iterations=12)
    assert kinds["decisions"] > 0
    assert sum(kinds.values()) - kinds["decisions"] <= kinds["decisions"]


def test_the_rebuild_count_reads_the_rebuilds_off_the_log() -> None:
    """Random play draws until the deck runs out; the heuristic's game of seed 0 does not."""
    module = _module("rebuilds.py")
    rebuilt, after, events = module.count(3, [0], "random", turn_cap=200)
    assert rebuilt == 1 and 0 < after < events
    assert module.count(3, [0])[:2] == (0, 0)
