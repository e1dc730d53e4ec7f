"""The ``bodoge`` command in its reader's language: which language a command line speaks, the
help of every command and option from the catalogue, and Typer's and Click's own words.

The language is decided before Typer writes a help or Click a complaint, as every command decides
it (:func:`command_lang`): the command line's ``--lang``, else the locale's. Typer vendors Click
without Click's gettext (typer 0.26 on): Typer's and Click's words are plain English strings, so
no gettext catalogue installed for a domain would reach them. Instead:

- the help texts are written in English from the catalogue (:func:`help_text`), and each keeps
  its key, so :meth:`Group.main` puts every command's and option's help into the reader's
  language before Click reads the command line, as gettext looks a message up by its English;
- Typer's own words in a help (panel titles, ``[default: …]``) are constants of
  ``typer.rich_utils`` that it reads each time it writes one: set from the catalogue on each run;
  the usage line's ``Usage:`` and ``[OPTIONS]`` are the commands' own, set likewise;
- Typer writes each option's help in a table cell, which cuts short a word wider than the cell
  ("…"): a Japanese sentence, with no spaces, is one such word. Typer's maker of those texts is
  wrapped to fold them instead (:func:`_folded_text`), the one thing of Typer's changed;
- Click's complaints about a command line (an unknown option, a missing argument, a value that
  is no number) are caught by the group and said in one line from the catalogue, as bodoge's own
  errors are (:func:`click_said`).
"""

from __future__ import annotations

import difflib
import re
import sys
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, NoReturn

import typer
import typer.core
from rich.console import Console, ConsoleOptions, JustifyMethod, OverflowMethod
from rich.containers import Lines
from rich.markdown import Markdown
from rich.measure import Measurement
from rich.text import Text
from typer import rich_utils
from typer._click.exceptions import (
    BadParameter,
    MissingParameter,
    NoArgsIsHelpError,
    NoSuchOption,
    UsageError,
)

from bodoge.core.i18n import LANGUAGES, Message, locale_lang, text
from bodoge.screen import read_measure, wrapped

__all__ = [
    "LOCALE_DEFAULT",
    "USAGE_ERROR",
    "Command",
    "Group",
    "Listed",
    "check_lang",
    "click_said",
    "command_lang",
    "help_text",
    "in_lang",
    "lang_of",
    "usage_error",
]

USAGE_ERROR = 2


# ------------------------------------------------------------------------------ the language
def command_lang(lang: str | None) -> str:
    """The language a command speaks: its ``--lang`` as given, or left out the locale's
    (:func:`~bodoge.core.i18n.locale_lang`)."""
    return locale_lang() if lang is None else lang


def check_lang(lang: str | None) -> str:
    """:func:`command_lang`; one line and exit 2 for a language there is no catalogue for."""
    chosen = command_lang(lang)
    if chosen not in LANGUAGES:
        usage_error(text("cli.bad_lang", "en", name=chosen))
    return chosen


def lang_of(args: Sequence[str]) -> str:
    """The language of a whole command line, for what is said before a command reads its own
    ``--lang`` (a help, Click's complaints): :func:`command_lang` of the last ``--lang`` (as
    Click takes the last), else English where that is no language of ours, as
    :func:`check_lang` then says so.

    >>> lang_of(["play", "x", "--lang", "ja", "--help"]), lang_of(["--lang=ja"])
    ('ja', 'ja')
    >>> lang_of(["--lang", "xx"]), lang_of(["--", "--lang", "ja"])
    ('en', 'en')
    """
    given = None
    for at, word in enumerate(args):
        if word == "--":  # what follows is no option
            break
        if word == "--lang" and at + 1 < len(args):
            given = args[at + 1]
        elif word.startswith("--lang="):
            given = word.partition("=")[2]
    chosen = command_lang(given)
    return chosen if chosen in LANGUAGES else "en"


def usage_error(message: str, lang: str = "en") -> NoReturn:
    """One line on stderr, exit code 2."""
    one_line = " ".join(message.split())
    err = Console(stderr=True, highlight=False)
    said = Text(text("cli.error", lang if lang in LANGUAGES else "en", message=one_line))
    err.print(said, soft_wrap=not err.is_terminal)  # a terminal: wrapped between words by Rich
    raise typer.Exit(USAGE_ERROR)


# ------------------------------------------------------------------------------ help texts
# Every help text Typer is given, by its English (what Typer holds), with its key and fields.
_HELP: dict[str, Message] = {}


def help_text(key: str, **fields: object) -> str:
    """The help ``cli.help.<key>`` in English, for Typer to hold: :func:`in_lang` finds it again
    by its words.

    >>> in_lang(help_text("serve.port"), "ja")
    '待ち受けるポート（1〜65535）。'
    """
    message = Message(f"cli.help.{key}", dict(fields))
    english = message.text("en")
    _HELP[english] = message
    return english


# Typer's help of --help, which it writes in English.
_HELP[text("cli.typer.help", "en")] = Message("cli.typer.help")


def in_lang(said: str | None, lang: str) -> str | None:
    """A help (one of :func:`help_text`'s, or Typer's) in ``lang``; any other text as it is."""
    message = None if said is None else _HELP.get(said)
    return said if message is None else message.text(lang)


@dataclass(frozen=True)
class Listed:
    """Names listed as ``lang`` lists them; a name may be a Message, said in ``lang`` too.

    >>> Listed(("basic", Message("cli.help.variant_of", {"variant": "x", "games": "g"}))).text("ja")
    'basic, x（gのみ）'
    """

    items: tuple[str | Message, ...]

    def text(self, lang: str = "en") -> str:
        return text("cli.help.sep", lang).join(
            item if isinstance(item, str) else item.text(lang) for item in self.items
        )


# What every --lang says of its default.
LOCALE_DEFAULT = Message("cli.help.lang_default")


# ------------------------------------------------------------------------------ Typer's words
# typer.rich_utils's words in a help, read each time it writes one, and the catalogue's key of each.
_TYPER_WORDS = {
    "ARGUMENTS_PANEL_TITLE": "cli.typer.arguments",
    "OPTIONS_PANEL_TITLE": "cli.typer.options",
    "COMMANDS_PANEL_TITLE": "cli.typer.commands",
    "DEFAULT_STRING": "cli.typer.default",
    "REQUIRED_LONG_STRING": "cli.typer.required",
    "ABORTED_TEXT": "cli.typer.aborted",
}

_typer_text = rich_utils._make_rich_text


class _ReadText(Text):
    """A help text that breaks where a reader breaks it (:func:`bodoge.screen.wrapped`): Rich
    breaks only at spaces, and a Japanese sentence has none, so a Latin word before one was left
    alone on its line ("Ray", "PNG", "Enter か") with the sentence folded on the next."""

    __slots__ = ()

    def wrap(
        self,
        console: Console,
        width: int,
        *,
        justify: JustifyMethod | None = None,
        overflow: OverflowMethod | None = None,
        tab_size: int = 8,
        no_wrap: bool | None = None,
    ) -> Lines:
        said = wrapped(self, width)
        return Text.wrap(
            said,
            console,
            width,
            justify=justify,
            overflow=overflow,
            tab_size=tab_size,
            no_wrap=no_wrap,
        )

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        return read_measure(self.plain, options.max_width)


_JAPANESE = re.compile(r"[\u3000-\u9fff\uff00-\uffef]")


def _folded_text(
    *, text: str, style: str = "", markup_mode: rich_utils.MarkupModeStrict
) -> Markdown | Text:
    """Typer's help text, folded where a line has no space to break at: Typer puts each option's
    help in a table cell, which cuts a word wider than the cell short ("…"), and Japanese has no
    spaces between words (a whole sentence is one such word); a Japanese one breaks where a reader
    breaks it (:class:`_ReadText`)."""
    made = _typer_text(text=text, style=style, markup_mode=markup_mode)
    if isinstance(made, Text):
        made.overflow = "fold"
        if _JAPANESE.search(made.plain):
            made.__class__ = _ReadText
    return made


rich_utils._make_rich_text = _folded_text


def _speak(group: Group, lang: str) -> None:
    """Typer's words, and the help of ``group`` and of each of its commands, in ``lang`` (the
    options' help: :meth:`Group.get_params`, as the help option is made when first asked for)."""
    for name, key in _TYPER_WORDS.items():
        setattr(rich_utils, name, text(key, lang, value="{}"))  # DEFAULT_STRING: "[default: {}]"
    group.subcommand_metavar = text("cli.typer.command_metavar", lang)
    for command in (group, *group.commands.values()):
        command.help = in_lang(command.help, lang)
        command.options_metavar = text("cli.typer.options_metavar", lang)
        if isinstance(command, Group | Command):
            command.lang = lang


def _shown(params: list[Any], lang: str) -> list[Any]:
    """``params`` with their help in ``lang``, and every flag (``--help``, ``--build``) shown
    bare: Typer's help writes each option's type beside it, a flag's too (``--help <bool>``), as
    if it took a value. An empty metavar is what it writes instead."""
    for param in params:
        if getattr(param, "help", None) is not None:
            param.help = in_lang(param.help, lang)
        if isinstance(param, typer.core.TyperOption) and param.is_flag and param.metavar is None:
            param.metavar = ""
    return params


def _write_usage(command: Any, ctx: Any, formatter: Any, lang: str) -> None:
    """The usage line with ``Usage:`` in ``lang`` (as Click's ``format_usage`` writes it)."""
    pieces = " ".join(command.collect_usage_pieces(ctx))
    formatter.write_usage(ctx.command_path, pieces, prefix=text("cli.typer.usage", lang))


# ------------------------------------------------------------------------------ Click's complaints
# Click's words for a value of the wrong type (pydantic's error types), and the catalogue's.
_WRONG_VALUE = {
    "int_parsing": "cli.click.not_int",
    "int_from_float": "cli.click.not_int",
    "float_parsing": "cli.click.not_number",
}


def _named(param: Any) -> str:
    """An option by its flag (``--bots``), an argument by its name in capitals (``GAME``)."""
    if isinstance(param, typer.core.TyperArgument):
        return param.display_name_raw.upper()
    return str(param.opts[0])


def click_said(exc: UsageError, lang: str) -> str:
    """Click's complaint about a command line, in ``lang`` (Click says it in English only); one
    Click has that bodoge has not met, as Click says it."""
    ctx = exc.ctx
    commands: list[str] = list(getattr(ctx.command, "commands", {})) if ctx is not None else []
    if isinstance(exc, NoSuchOption):
        if exc.possibilities:
            possible = Listed(tuple(sorted(exc.possibilities)))
            return text("cli.click.no_option_close", lang, option=exc.option_name, close=possible)
        command = ctx.command_path if ctx is not None else "bodoge"
        return text("cli.click.no_option", lang, option=exc.option_name, command=command)
    if isinstance(exc, MissingParameter) and exc.param is not None:
        helped = in_lang(getattr(exc.param, "help", None), lang) or ""
        return text("cli.click.missing", lang, name=_named(exc.param), help=helped)
    if isinstance(exc, BadParameter) and exc.param is not None:
        errors = getattr(exc.__cause__, "errors", None)  # pydantic's, as Typer checks values
        wrong = errors()[0] if callable(errors) else {}
        key = _WRONG_VALUE.get(wrong.get("type", ""))
        if key is not None:
            return text(key, lang, option=_named(exc.param), value=wrong["input"])
    message = exc.message
    if found := re.fullmatch(r"Got unexpected extra argument\(s\) \((.*)\)", message):
        extra = found[1]
        return text("cli.click.extra", lang, args=extra, n=len(extra.split()))
    if found := re.fullmatch(r"Option '(.+)' requires an argument\.", message):
        return text("cli.click.needs_value", lang, option=found[1])
    if found := re.fullmatch(r"Option '(.+)' does not take a value\.", message):
        return text("cli.click.takes_no_value", lang, option=found[1])
    if message == "Missing command.":
        return text("cli.click.missing_command", lang, commands=Listed(tuple(commands)))
    if found := re.match(r"No such command '(.*?)'\.", message):
        name = found[1]
        if close := difflib.get_close_matches(name, commands):
            return text("cli.click.no_command_close", lang, name=name, close=Listed(tuple(close)))
        return text("cli.click.no_command", lang, name=name, commands=Listed(tuple(commands)))
    return exc.format_message()


@contextmanager
def _one_line(lang: str) -> Iterator[None]:
    """Click's complaints as one line in ``lang`` (Typer would write the usage, a hint and a box
    in English); ``bodoge`` alone still shows the help."""
    try:
        yield
    except NoArgsIsHelpError:
        raise
    except UsageError as exc:
        usage_error(click_said(exc, lang), lang)


# ------------------------------------------------------------------------------ the commands
class Group(typer.core.TyperGroup):
    """The ``bodoge`` command itself: the help of every command, and Click's complaints, in the
    language of the command line; flags shown as flags."""

    lang = "en"

    def main(self, args: Sequence[str] | None = None, *rest: Any, **extra: Any) -> Any:
        self.lang = lang_of(sys.argv[1:] if args is None else args)
        _speak(self, self.lang)
        return super().main(args, *rest, **extra)

    def make_context(
        self, info_name: str | None, args: list[str], parent: Any = None, **extra: Any
    ) -> Any:
        with _one_line(self.lang):
            return super().make_context(info_name, args, parent, **extra)

    def invoke(self, ctx: Any) -> Any:
        with _one_line(self.lang):  # a command's own arguments are read here
            return super().invoke(ctx)

    def get_params(self, ctx: Any) -> list[Any]:
        return _shown(super().get_params(ctx), self.lang)

    def format_usage(self, ctx: Any, formatter: Any) -> None:
        _write_usage(self, ctx, formatter, self.lang)


class Command(typer.core.TyperCommand):
    """A ``bodoge`` subcommand: its help in the language :class:`Group` chose; flags shown as
    flags."""

    lang = "en"

    def get_params(self, ctx: Any) -> list[Any]:
        return _shown(super().get_params(ctx), self.lang)

    def format_usage(self, ctx: Any, formatter: Any) -> None:
        _write_usage(self, ctx, formatter, self.lang)
