"""A terminal's screen read whole: tables printed so that no header or figure is cut and no word
broken (:func:`print_whole`). Shared by ``arena`` and ``simulate``, and by ``play``.
"""

from __future__ import annotations

import copy
import re
from collections.abc import Iterable
from dataclasses import replace
from itertools import pairwise

from rich.cells import cell_len
from rich.console import Console, RenderableType
from rich.measure import Measurement
from rich.table import Column, Table
from rich.text import Text

__all__ = ["print_whole"]


def print_whole(console: Console, items: Iterable[RenderableType]) -> None:
    """Print ``items`` with every table whole: no figure cut short (``83.9–1…``), no header or
    cell broken inside a word (Japanese ones have no spaces, and Rich broke them anywhere:
    ``エージェン`` / ``ト``). A table's title and caption are lines of their own, wrapped at the
    console's width, not the table's (a title over a narrow table broke mid-phrase, a caption
    under a table wider than the terminal lost its ends). On a terminal a table too wide for it is
    narrowed, then split into tables of fewer columns (:func:`_fitted`); piped (``| cat``, a file,
    which Rich takes as 80 columns) nobody's terminal is there to fit, so a table is as wide as
    its widest row needs and a line of text is one line."""
    piped = not console.is_terminal
    for item in items:
        if not isinstance(item, Table):
            console.print(item, soft_wrap=piped)
            continue
        title, caption = item.title, item.caption
        item.title = item.caption = None
        if title is not None:
            console.print(_line(title, "table.title"), soft_wrap=piped)
        if not piped:
            for part in _fitted(console, item):
                console.print(part)
        else:
            width = console.width
            console.width = max(width, _needed(console, item))
            try:
                console.print(item)
            finally:
                console.width = width
        if caption is not None:
            console.print(_line(caption, "table.caption"), soft_wrap=piped)


def _line(said: RenderableType, style: str) -> RenderableType:
    return Text(said, style=style) if isinstance(said, str) else said


def _needed(console: Console, table: Table) -> int:
    """The width ``table`` takes when nothing in it wraps."""
    return Measurement.get(console, console.options.update_width(10_000), table).maximum


def _fitted(console: Console, table: Table) -> list[Table]:
    """``table``, or, too wide for the terminal even narrowed (:func:`_narrow`), the fewest tables
    that fit, each with the first column (what a row is about) and a share of the others. Too
    narrow a terminal even for one column a table is left to Rich's fitting."""
    first, rest = table.columns[0], table.columns[1:]
    parts: list[Table] = []
    for count in range(1, len(rest) + 1):
        ends = [-(-len(rest) * i // count) for i in range(count + 1)]  # shares within one
        parts = [_part(table, [first, *rest[a:b]]) for a, b in pairwise(ends)]
        if all(_narrow(console, part) for part in parts):
            break
    return parts or [table]


def _part(table: Table, columns: list[Column]) -> Table:
    """A copy of ``table`` with these of its columns (their rows' cells with them)."""
    part = copy.copy(table)
    part.columns = [replace(column, _index=index) for index, column in enumerate(columns)]
    return part


def _narrow(console: Console, table: Table) -> bool:
    """Whether ``table`` fits the terminal, made as narrow as it can be without breaking a word
    if it is too wide: every column as wide as its longest cell or the longest piece of its
    header (a header breaks between words, a Japanese one before its bracket, where a reader
    breaks it: ``勝利数`` / ``（同率は等分）``). Rich's own fitting shrinks the widest columns
    first and cut ``83.9–100.0`` to ``83.9–1…`` while ``win rate`` kept its whole width."""
    if _needed(console, table) <= console.width:
        return True
    for column in table.columns:
        header = str(column.header)
        pieces = _BEFORE_BRACKET.sub("\n", header).split() or [""]
        column.width = max(cell_len(str(cell)) for cell in [*column.cells, *pieces])
        if cell_len(header) > column.width:
            column.header = _BEFORE_BRACKET.sub("\n", header)
    if _needed(console, table) <= console.width:
        return True
    for column in table.columns:
        column.width = None
    return False


# Where a Japanese header may break: before an opening bracket that follows a word.
_BEFORE_BRACKET = re.compile(r"(?<=\S)(?=（)")
