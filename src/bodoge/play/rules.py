"""``bodoge rules GAME``: a game's rules page (``docs/rules``, which the browser serves at
``/rules/<game>``) in the terminal, through Rich's Markdown, in the reader's language; paged on
a terminal.

What the browser draws the terminal says in words: the example cards a page names
(``<!-- cards: S19 R11 -->``) as a list of what is printed on them (the game's ``describe_card``,
in detail), and a paragraph breaks where a reader breaks it (:func:`bodoge.screen.wrapped`: a
Japanese one between characters, never inside a card's name, a code or a rule id).
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from collections.abc import Iterable
from pathlib import Path
from typing import Any, ClassVar

from markdown_it.token import Token
from rich import box
from rich.console import Console, ConsoleOptions, JustifyMethod, RenderResult
from rich.markdown import Markdown, MarkdownElement, Paragraph, TableElement
from rich.measure import Measurement
from rich.pager import Pager
from rich.table import Table
from rich.text import Text

from bodoge.core.game import Game
from bodoge.core.hooks import game_hook, game_module
from bodoge.core.i18n import LANGUAGES, locale_lang
from bodoge.screen import read_measure, wrapped

__all__ = [
    "CARD_MARKER",
    "RULES",
    "TerminalPager",
    "rules_command",
    "rules_file",
    "rules_markdown",
    "show_rules",
]

#: The rules pages, beside the source (``bodoge serve`` serves the same files).
RULES = Path(__file__).resolve().parents[3] / "docs" / "rules"

#: A rules page's example cards, drawn where it says (``<!-- cards: M2-01 R4 HK:down -->``;
#: ``written``: with their conditions as a card file writes them): an HTML comment, which GitHub
#: shows as nothing, the browser as the cards (``bodoge.server.pages``), the terminal in words.
CARD_MARKER = re.compile(r"<!--\s*(cards|written):\s*(.*?)\s*-->")


def rules_file(name: str, lang: str) -> Path:
    """The rules page of the game ``name`` (or ``<game>.cards``: its card-file page) in
    ``lang``."""
    return RULES / (f"{name}.ja.md" if lang == "ja" else f"{name}.md")


def rules_command(name: str, lang: str) -> str:
    """The command that prints the game's whole rules page in ``lang``: ``--lang`` only where
    the locale would choose another language."""
    shown = "" if lang == locale_lang() else f" --lang {lang}"
    return f"bodoge rules {name}{shown}"


def rules_markdown(game: Game, lang: str) -> str:
    """The game's rules page as Markdown for the terminal: each marker of example cards a list of
    the cards in words (the ``figures`` module's ``figure_words``, else the game's
    ``describe_card`` in detail), and without the line that links to the page in the other
    language (``*[English](extreme-mission.md)*``: for GitHub and the browser; in a terminal
    a bare word, and ``--lang`` says how to change it)."""
    figures = game_module(game, "figures")
    said_by = getattr(figures, "figure_words", None)
    describe = game_hook(game, "describe_card")
    cards = getattr(game, "cards", None)

    def listed(found: re.Match[str]) -> str:
        items = found[2].split()
        if said_by is not None:
            said: list[str] = said_by(cards, items, lang, written=found[1] == "written")
        else:
            bare = [item.partition(":")[0] for item in items]
            said = [(describe and describe(cards, b, lang, detail=True)) or b for b in bare]
        return "\n".join(f"- {words}" for words in said)

    page = rules_file(game.name, lang).read_text(encoding="utf-8")
    others = "|".join(re.escape(rules_file(game.name, other).name) for other in LANGUAGES)
    page = re.sub(rf"^\*\[[^\]\n]*\]\((?:{others})\)\*\n+", "", page, flags=re.M)
    return CARD_MARKER.sub(listed, page)


class _Paragraph(Paragraph):
    """A paragraph broken where a reader breaks it (:func:`wrapped`), never inside one of the
    page's card names; Rich breaks only at spaces."""

    def __init__(self, justify: JustifyMethod, keep: tuple[str, ...]) -> None:
        super().__init__(justify)
        self.keep = keep

    @classmethod
    def create(cls, markdown: Markdown, token: Token) -> _Paragraph:
        return cls(markdown.justify or "left", getattr(markdown, "keep", ()))

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        said = wrapped(self.text, options.max_width, self.keep)
        said.no_wrap = True
        yield said


class _Cell:
    """A table's cell that breaks where a reader breaks it (:func:`wrapped`), as a paragraph
    does: Rich breaks a cell only at spaces, so a Japanese one was a single word, cut short with
    "…" where its column was narrower."""

    def __init__(self, text: Text, keep: tuple[str, ...]) -> None:
        self.text, self.keep = text, keep

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        return read_measure(self.text.plain, options.max_width, self.keep)

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        said = wrapped(self.text, options.max_width, self.keep)
        said.no_wrap = True
        yield said


class _Table(TableElement):
    """A table whose cells are :class:`_Cell` (Rich's own table of Markdown, otherwise)."""

    def __init__(self, keep: tuple[str, ...]) -> None:
        super().__init__()
        self.keep = keep

    @classmethod
    def create(cls, markdown: Markdown, token: Token) -> _Table:
        return cls(getattr(markdown, "keep", ()))

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        table = Table(
            box=box.SIMPLE,
            pad_edge=False,
            style="markdown.table.border",
            show_edge=True,
            collapse_padding=True,
        )
        if self.header is not None and self.header.row is not None:
            for column in self.header.row.cells:
                heading = column.content.copy()
                heading.stylize("markdown.table.header")
                table.add_column(_Cell(heading, self.keep))
        for row in self.body.rows if self.body is not None else []:
            table.add_row(*(_Cell(cell.content, self.keep) for cell in row.cells))
        yield table


class _Page(Markdown):
    """A rules page for Rich, its paragraphs and table cells breaking never inside one of
    ``keep``."""

    elements: ClassVar[dict[str, type[MarkdownElement]]] = {
        **Markdown.elements,
        "paragraph_open": _Paragraph,
        "table_open": _Table,
    }

    def __init__(self, markup: str, keep: Iterable[str]) -> None:
        super().__init__(markup)
        self.keep = tuple(keep)


class TerminalPager(Pager):
    """``$PAGER``, else ``less`` (with ``LESS`` unset: ``FRX``, as git sets it: the styles shown,
    a page that fits the screen printed at once, and left on the screen after; with
    ``LESSCHARSET`` unset: ``utf-8``, the page's encoding); with neither, the page printed as it
    is."""

    def show(self, content: str) -> None:
        command = os.environ.get("PAGER") or ("less" if shutil.which("less") else None)
        if not command:
            sys.stdout.write(content)
            return
        env = {**os.environ, "LESS": os.environ.get("LESS") or "FRX"}
        # the page is UTF-8 whatever the locale: without one installed less showed <E3><83>…
        env.setdefault("LESSCHARSET", "utf-8")
        try:
            subprocess.run(
                command, shell=True, input=content, encoding="utf-8", env=env, check=False
            )
        except OSError:  # the pager could not start: the page as it is
            sys.stdout.write(content)


def show_rules(game: Game, lang: str, console: Console, pager: Pager | None = None) -> None:
    """The game's rules page, in ``lang``, printed on ``console``, or through ``pager``."""
    names: Any = game_hook(game, "card_names")
    keep = names(getattr(game, "cards", None), lang) if names is not None else ()
    page = _Page(rules_markdown(game, lang), keep)
    if pager is None:
        console.print(page)
        return
    with console.pager(pager=pager, styles=True):
        console.print(page)
