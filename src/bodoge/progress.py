"""How a long job (``arena``, ``balance``, ``simulate``) says how far it has got, on stderr: a
bar on a terminal, gone when done; elsewhere (a log file, CI, a pipe) a plain line at each tenth
of the games, so that a job run unattended still shows it is alive and how far, without a
redrawn bar's control characters.

>>> import io
>>> from rich.console import Console
>>> err = Console(file=io.StringIO(), width=80)
>>> with progress_bar(err) as bar:
...     task = bar.add_task("Tournament: Ruler of Mana", total=None)
...     for done in range(21):
...         bar.update(task, completed=done, total=20)
>>> lines = err.file.getvalue().splitlines()
>>> len(lines)
11
>>> for line in (lines[0], lines[1], lines[-1]):
...     print(line)
Tournament: Ruler of Mana 0/20 (0:00:00)
Tournament: Ruler of Mana 2/20 (0:00:00)
Tournament: Ruler of Mana 20/20 (0:00:00)
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TaskID,
    TextColumn,
    TimeElapsedColumn,
)

__all__ = ["progress_bar"]


def progress_bar(console: Console | None = None) -> Progress:
    """A progress bar on ``console`` (stderr by default) where it is a terminal, else lines."""
    err = console or Console(stderr=True, highlight=False)
    if not err.is_terminal:
        return _Lines(console=err, disable=True)
    return Progress(
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        console=err,
        transient=True,
    )


class _Lines(Progress):
    """A progress that draws nothing and prints a line as a task passes each tenth of its total
    (and at 0, once the total is known)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._tenths: dict[TaskID, int] = {}

    def update(self, task_id: TaskID, **kwargs: Any) -> None:
        super().update(task_id, **kwargs)
        task = next(t for t in self.tasks if t.id == task_id)
        if not task.total:
            return
        tenth = min(10, int(10 * task.completed // task.total))
        if self._tenths.get(task_id, -1) >= tenth:
            return
        self._tenths[task_id] = tenth
        elapsed = timedelta(seconds=int(task.elapsed or 0))
        done = f"{int(task.completed)}/{int(task.total)}"
        said = f"{task.description} {done} ({elapsed})"
        self.console.print(said, highlight=False, markup=False, soft_wrap=True)
