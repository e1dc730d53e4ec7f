"""Executors: in process, local processes and Ray give the same records, in job order."""

from __future__ import annotations

from typing import Any

import pytest

from bodoge.arena.tournament import MatchRecord, Tournament, plan
from bodoge.arena.workers import run_jobs
from bodoge.core.errors import BodogeError


@pytest.fixture(scope="module")
def tournament() -> Tournament:
    return plan("ruler-of-mana", ["random", "random"], players=2, games=12, seed=4, turn_cap=40)


def timeless(records: list[MatchRecord]) -> list[dict[str, Any]]:
    """The records without their wall-clock time, the one figure that may differ."""
    return [{**r.to_dict(), "seconds": None} for r in records]


def test_one_worker_and_two_workers_give_identical_records(tournament: Tournament) -> None:
    jobs = tournament.jobs()
    seen: list[tuple[int, int]] = []
    one = run_jobs(jobs, workers=1, progress=lambda done, total: seen.append((done, total)))
    two = run_jobs(jobs, workers=2)
    assert [r.index for r in two] == list(range(len(jobs)))
    assert timeless(one) == timeless(two)
    assert seen[0] == (0, 12)  # the total at once, before any game ends
    assert seen[-1] == (12, 12) and [d for d, _ in seen] == sorted(d for d, _ in seen)
    assert all(r.seconds >= 0 for r in two)


def test_progress_reaches_the_total_with_processes(tournament: Tournament) -> None:
    seen: list[int] = []
    run_jobs(tournament.jobs()[:4], workers=2, progress=lambda done, _total: seen.append(done))
    assert seen[-1] == 4 and seen == sorted(seen)


def test_zero_workers_is_refused(tournament: Tournament) -> None:
    with pytest.raises(BodogeError, match="workers must be 1 or more"):
        run_jobs(tournament.jobs(), workers=0)


def test_ray_tasks_give_the_same_records_as_local_processes(tournament: Tournament) -> None:
    ray = pytest.importorskip("ray")
    assert not ray.is_initialized()
    jobs = tournament.jobs()
    seen: list[int] = []
    on_ray = run_jobs(jobs, workers=2, ray="auto", progress=lambda d, _t: seen.append(d))
    assert not ray.is_initialized()  # the local instance it started is shut down again
    local = run_jobs(jobs, workers=2)
    assert timeless(on_ray) == timeless(local)
    assert seen[-1] == len(jobs)
