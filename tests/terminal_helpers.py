"""What the terminal tests share: a person at the prompt, answering from a script."""

from __future__ import annotations

import io
from collections.abc import Callable, Iterable


def scripted(
    answers: Iterable[str], screen: io.StringIO, then: str | None = None
) -> Callable[[str], str]:
    """A ``read_line`` that answers ``answers`` in turn, writing each prompt and answer to
    ``screen`` as a terminal echoes them; after the last, ``then`` (``"quit"``, say), or with
    None the end of input (Ctrl-D: ``EOFError``, and the terminal echoes no newline)."""
    feed = iter(answers)

    def read(prompt: str) -> str:
        answer = next(feed, then)
        screen.write(prompt)
        if answer is None:
            raise EOFError
        screen.write(f"{answer}\n")
        return answer

    return read
