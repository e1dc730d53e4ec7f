"""A terminal's screen read whole: lines and tables that break only where a reader breaks them.

Rich wraps a line at its spaces, and folds a word too long for the width anywhere inside it; a
Japanese sentence has no spaces, so it is one long word, folded inside a rule id (``EM-5.`` /
``4``) or a card code (``M2-0`` / ``6``). A table too wide for the terminal Rich narrows widest
column first, past what a header needs (``Collaborat…``, ``手札のマ…``). Here a line breaks only
between its pieces (:class:`Pieces`: the items of a list, the words of a sentence), and a table is
narrowed only as far as its headers and cells allow, else split (:func:`print_whole`). Shared by
``play``, ``arena`` and ``simulate``.
"""

from __future__ import annotations

import copy
import re
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import replace
from itertools import pairwise

from rich.cells import cell_len, chop_cells
from rich.console import Console, ConsoleOptions, RenderableType
from rich.measure import Measurement
from rich.style import StyleType
from rich.table import Column, Table
from rich.text import Text

__all__ = ["Pieces", "print_whole", "read_measure", "words", "wrapped"]

# Characters of scripts written without spaces (kana, kanji, fullwidth forms): a Japanese line
# may break between any two of them.
_WIDE = "\u2e80-\u9fff\uf900-\ufaff\uff00-\uffef"
_OPENING = "（「『【〔"  # never at a line's end
_CLOSING = "、。，．・：；！？）」』】〕ー…"  # never at a line's start
_WORD = re.compile(rf"(?:^\s+)?[{_OPENING}]*(?:[^\s{_WIDE}]+|[{_WIDE}])[{_CLOSING}]*\s*")


def words(said: str, keep: Iterable[str] = ()) -> list[str]:
    """The pieces a sentence may break between: its words with the spaces after them, and in
    Japanese each character, a run of Latin letters, digits and signs (a code, a rule id, a
    number) staying whole, and no line starting with a closing mark nor ending with an opening one;
    nor any line breaking inside one of ``keep`` (the names of cards, which Rich's spans cannot
    keep whole: a span holds a style, and its text wraps as the rest).

    >>> words("did not (EM-5.3)")
    ['did ', 'not ', '(EM-5.3)']
    >>> words("少ない（1対2、EM-5.4）")
    ['少', 'な', 'い', '（1', '対', '2、', 'EM-5.4）']
    >>> words("竜巻（S31）と竜巻を引いた", keep=["竜巻", "竜巻（S31）"])
    ['竜巻（S31）', 'と', '竜巻', 'を', '引', 'い', 'た']
    >>> words("drew Water mana, then", keep=["Water mana"])
    ['drew ', 'Water mana, ', 'then']
    """
    inside = _inside(said, keep)
    pieces: list[str] = []
    for found in _WORD.finditer(said):
        if pieces and found.start() in inside:
            pieces[-1] += found.group()
        else:
            pieces.append(found.group())
    return pieces


def _inside(said: str, keep: Iterable[str]) -> set[int]:
    """The places in ``said`` inside one of ``keep`` (not at its ends), the longest first where
    one holds another (``竜巻（S31）``, ``竜巻``)."""
    found = sorted({name for name in keep if name and name in said}, key=len, reverse=True)
    if not found:
        return set()
    places: set[int] = set()
    for name in re.finditer("|".join(map(re.escape, found)), said):
        places.update(range(name.start() + 1, name.end()))
    return places


class Pieces:
    """Text a line breaks only between its ``pieces`` (each with any spaces after it, dropped at
    a line's end): a list between its items, a sentence between its :func:`words`. A piece wider
    than the whole line breaks between its words, and a word wider still anywhere. In a table its
    column can be no narrower than its widest piece (:func:`print_whole`)."""

    def __init__(self, pieces: Iterable[str], style: StyleType = "") -> None:
        self.pieces = [piece for piece in pieces if piece]
        self.style = style

    @classmethod
    def sentence(cls, said: str, style: StyleType = "", keep: Iterable[str] = ()) -> Pieces:
        """A sentence, which breaks between its :func:`words`, never inside one of ``keep``."""
        return cls(words(said, keep), style)

    @classmethod
    def name(cls, said: str, style: StyleType = "") -> Pieces:
        """A name, which breaks only at its spaces (``席1 ランダムBot（勝者）``: never in
        ``勝者``)."""
        return cls(re.findall(r"\S+\s*", said), style)

    def __str__(self) -> str:
        return "".join(self.pieces)

    def least(self) -> int:
        """The fewest cells it reads whole in: its widest piece."""
        return max((cell_len(piece.rstrip()) for piece in self.pieces), default=0)

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        return Measurement(self.least(), cell_len(str(self).rstrip()))

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> Iterator[Text]:
        if options.no_wrap:  # soft-wrapped, into a pipe: one line for whatever reads it
            lines = [str(self).rstrip()]
        else:
            lines, last = _lines(self.pieces, options.max_width)
            lines.append(last.rstrip())
        yield Text("\n".join(lines), style=self.style, no_wrap=True)


def _lines(pieces: Sequence[str], width: int) -> tuple[list[str], str]:
    """``pieces`` as lines of at most ``width`` cells: the full lines, and the last one still
    open (with its trailing spaces, for what may follow it)."""
    lines: list[str] = []
    line = ""
    for piece in pieces:
        if cell_len((line + piece).rstrip()) <= width:
            line += piece
            continue
        if line:
            lines.append(line.rstrip())
        line = piece
        if cell_len(piece.rstrip()) > width:  # wider than any line: broken smaller
            smaller = words(piece)
            if len(smaller) == 1:
                smaller = chop_cells(piece, width)
            whole, line = _lines(smaller, width)
            lines += whole
    return lines, line


def read_measure(said: str, max_width: int, keep: Iterable[str] = ()) -> Measurement:
    """How wide ``said`` is read, as :func:`wrapped` breaks it: at least its widest piece between
    which it may break (:func:`words`), at most its longest line; for a renderable whose text
    breaks where a reader breaks it (Rich measures a Japanese sentence as one word).

    >>> read_measure("得点が一番", 80), read_measure("a long word", 80)
    (Measurement(minimum=2, maximum=10), Measurement(minimum=4, maximum=11))
    """
    longest = max((cell_len(line) for line in said.splitlines()), default=0)
    least = max((cell_len(piece.rstrip()) for piece in words(said, keep)), default=0)
    return Measurement(min(least, longest), longest).clamp(max_width=max_width)


def wrapped(said: Text, width: int, keep: Iterable[str] = ()) -> Text:
    """Styled text (a paragraph of Markdown, its bold and links kept) with a line break wherever
    it must break to fit ``width``: between the pieces :class:`Pieces` breaks between, as Rich's
    own wrapping breaks only at spaces (a Japanese paragraph went on a line of its own after a
    bold run, and broke before its 、). Its own line breaks stay.

    >>> wrapped(Text("勝ち方。 得点が一番高い人の勝ちです。"), 26).plain.splitlines()
    ['勝ち方。 得点が一番高い人', 'の勝ちです。']
    """
    lines: list[Text] = []
    for line in said.split("\n"):
        plain = line.plain
        full, last = _lines(words(plain, keep), max(width, 1))
        starts: list[int] = []
        at = 0
        for piece in [*full, last.rstrip()]:
            at = plain.find(piece, at) if piece else at
            starts.append(at)
            at += len(piece)
        for part in line.divide(starts[1:]):
            part.rstrip()  # in place: the spaces a line broke at
            lines.append(part)
    return Text("\n").join(lines)


# ----------------------------------------------------------------------------------- tables
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
    """Whether ``table`` fits the terminal, narrowed if it is too wide, but never below what a
    column needs to break no word: its longest cell (a :class:`Pieces` cell: its widest piece)
    or the longest piece of its header (a header breaks between words, a Japanese one before its
    bracket, where a reader breaks it: ``勝利数`` / ``（同率は等分）``). The widest columns give
    way first, down to that. (Rich's own fitting went past it: it cut ``83.9–100.0`` to
    ``83.9–1…`` and ``Collaborators`` to ``Collaborat…``.)"""
    if _needed(console, table) <= console.width:
        return True
    least: list[int] = []
    most: list[int] = []
    for column in table.columns:
        header = str(column.header)
        pieces = _BEFORE_BRACKET.sub("\n", header).split() or [""]
        cells = list(column.cells)
        least.append(max([_least(cell) for cell in cells] + [cell_len(p) for p in pieces]))
        most.append(max([cell_len(str(cell)) for cell in cells] + [cell_len(header)]))
    for column, width in zip(table.columns, least, strict=True):
        column.width = width
    room = console.width - (_needed(console, table) - sum(least))  # less borders and padding
    if sum(least) > room:
        for column in table.columns:
            column.width = None
        return False
    level = max(most)  # every column as wide as it wants, up to a level as high as fits
    while sum(_between(low, level, high) for low, high in zip(least, most, strict=True)) > room:
        level -= 1
    widths = [_between(low, level, high) for low, high in zip(least, most, strict=True)]
    for index in sorted(range(len(widths)), key=lambda i: most[i] - widths[i]):
        spare = room - sum(widths)  # what the level left: to the columns it cut least
        widths[index] += min(spare, most[index] - widths[index])
    for column, width in zip(table.columns, widths, strict=True):
        column.width = width
        header = str(column.header)
        if cell_len(header) > column.width:
            column.header = _BEFORE_BRACKET.sub("\n", header)
    return True


def _between(low: int, level: int, high: int) -> int:
    return max(low, min(level, high))


def _least(cell: RenderableType) -> int:
    """The fewest cells ``cell`` reads whole in: a :class:`Pieces` its widest piece, any other
    its whole text (a figure, a name)."""
    return cell.least() if isinstance(cell, Pieces) else cell_len(str(cell))


# Where a Japanese header may break: before an opening bracket that follows a word.
_BEFORE_BRACKET = re.compile(r"(?<=\S)(?=（)")
