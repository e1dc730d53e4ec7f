"""Where tournament games are played: this process, local processes, or Ray tasks.

Every executor plays the same :class:`~bodoge.arena.tournament.GameJob` values with
:func:`~bodoge.arena.tournament.play_job` and returns the records **in job order**, whatever
order the games finish in: the same jobs give the same records everywhere (only ``seconds``, the
wall-clock time, differs).

- ``workers=1``: one game after another in this process;
- ``workers=N``: a :class:`~concurrent.futures.ProcessPoolExecutor` of ``N`` processes started
  with ``spawn`` (no ``fork`` of a process that runs a progress thread);
- ``ray="auto"``: Ray tasks on the running cluster (``RAY_ADDRESS``, or the latest ``ray start``
  on this machine), else on a new local Ray instance of ``workers`` CPUs, shut down afterwards;
- ``ray=ADDRESS``: Ray tasks on the cluster at ``ADDRESS`` (``host:port`` or ``ray://host:port``).
  Its nodes need bodoge installed; agents come from the registry as ``bodoge.play`` sets it up
  on import (an agent registered at run time in this process is unknown to the workers).

If Ray is already initialised in this process, its connection is used and left open.

>>> from bodoge.arena.tournament import plan
>>> jobs = plan("extreme-mission", ["random"], players=2, games=2, turn_cap=10).jobs()
>>> [r.index for r in run_jobs(jobs, workers=1)]
[0, 1]
"""

from __future__ import annotations

import logging
import multiprocessing
from collections.abc import Callable, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from typing import Any, TypeVar

from bodoge.arena.tournament import GameJob, MatchRecord, play_job
from bodoge.core.errors import BodogeError

__all__ = ["AUTO", "Progress", "RayUnavailable", "run_jobs", "run_tasks"]

R = TypeVar("R")

AUTO = "auto"
"""``ray=AUTO``: connect to a running Ray cluster, or start a local one."""

Progress = Callable[[int, int], None]
"""Called as games finish with (games done, games in all)."""


class RayUnavailable(BodogeError):
    """Ray is not installed, or no cluster could be reached or started."""


def run_jobs(
    jobs: Sequence[GameJob],
    workers: int = 2,
    ray: str | None = None,
    progress: Progress | None = None,
) -> list[MatchRecord]:
    """Play every job, in parallel on ``workers`` local processes or as Ray tasks (``ray``:
    ``"auto"`` or an address); the records in job order."""
    return run_tasks(jobs, play_job, workers=workers, ray=ray, progress=progress)


def run_tasks(
    jobs: Sequence[GameJob],
    play: Callable[[GameJob], R],
    workers: int = 2,
    ray: str | None = None,
    progress: Progress | None = None,
) -> list[R]:
    """:func:`run_jobs` with another way to play a job: ``play`` (a module-level function, so
    that worker processes and Ray can find it by name) turns each job into what it returns,
    e.g. a record with more of the game in it than a :class:`MatchRecord`."""
    if workers < 1:
        raise BodogeError(f"workers must be 1 or more, not {workers}")
    if progress is not None:
        progress(0, len(jobs))  # the total is known now: a bar reads 0/N, not 0/? till a game ends
    if ray is not None:
        return _run_ray(jobs, play, ray, workers, progress)
    if workers == 1 or len(jobs) <= 1:
        return _run_here(jobs, play, progress)
    return _run_processes(jobs, play, workers, progress)


def _run_here(
    jobs: Sequence[GameJob], play: Callable[[GameJob], R], progress: Progress | None
) -> list[R]:
    records = []
    for job in jobs:
        records.append(play(job))
        if progress is not None:
            progress(len(records), len(jobs))
    return records


def _run_processes(
    jobs: Sequence[GameJob],
    play: Callable[[GameJob], R],
    workers: int,
    progress: Progress | None,
) -> list[R]:
    results: list[R | None] = [None] * len(jobs)
    context = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(max_workers=min(workers, len(jobs)), mp_context=context) as pool:
        pending: dict[Future[R], int] = {pool.submit(play, job): i for i, job in enumerate(jobs)}
        done_count = 0
        try:
            while pending:
                done, _ = wait(pending, return_when=FIRST_COMPLETED)
                for future in done:
                    results[pending.pop(future)] = future.result()
                    done_count += 1
                if progress is not None:
                    progress(done_count, len(jobs))
        except BaseException:
            pool.shutdown(wait=True, cancel_futures=True)
            raise
    return _complete(results)


def _complete(results: list[R | None]) -> list[R]:
    out = [r for r in results if r is not None]
    if len(out) != len(results):  # pragma: no cover - every future was waited for
        raise RuntimeError("a game was lost by the workers")
    return out


def _ray_init(ray_module: Any, address: str, workers: int) -> bool:
    """Connect (or start) Ray; True when this call started or connected it (and so must shut it
    down)."""
    if ray_module.is_initialized():
        return False
    quiet: dict[str, Any] = {"logging_level": logging.ERROR, "log_to_driver": False}
    try:
        if address == AUTO:
            try:
                ray_module.init(address=AUTO, **quiet)
            except ConnectionError:
                ray_module.init(num_cpus=workers, include_dashboard=False, **quiet)
        else:
            ray_module.init(address=address, **quiet)
    except (ConnectionError, ValueError, RuntimeError) as exc:
        message = " ".join(str(exc).split()) or type(exc).__name__
        raise RayUnavailable(f"cannot reach Ray at {address!r}: {message}") from None
    return True


def _run_ray(
    jobs: Sequence[GameJob],
    play: Callable[[GameJob], R],
    address: str,
    workers: int,
    progress: Progress | None,
) -> list[R]:
    try:
        import ray
    except ImportError:
        raise RayUnavailable(
            "Ray is not installed: pip install ray (or bodoge's dev extra)"
        ) from None
    started = _ray_init(ray, address, workers)
    try:
        task = ray.remote(play)
        refs = [task.remote(job) for job in jobs]
        where = {ref: i for i, ref in enumerate(refs)}
        results: list[R | None] = [None] * len(jobs)
        pending = list(refs)
        done_count = 0
        while pending:
            done, pending = ray.wait(pending, num_returns=len(pending), timeout=0.25)
            for ref, record in zip(done, ray.get(done), strict=True):
                results[where[ref]] = record
            done_count += len(done)
            if done and progress is not None:
                progress(done_count, len(jobs))
        return _complete(results)
    finally:
        if started:
            ray.shutdown()
