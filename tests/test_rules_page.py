"""``bodoge rules GAME`` as a terminal shows it: its tables whole at any width (a Japanese cell
was cut short with "…"), no line of the web page's language switch, and paged as UTF-8."""

from __future__ import annotations

import io
import re
from collections import Counter
from pathlib import Path

import pytest
from rich.cells import cell_len
from rich.console import Console

import bodoge
from bodoge.play import rules
from bodoge.play.rules import TerminalPager, rules_file, show_rules

GAMES = ["extreme-mission", "ruler-of-mana"]


def shown(name: str, lang: str, width: int) -> str:
    out = io.StringIO()
    show_rules(bodoge.make(name), lang, Console(file=out, width=width, color_system=None))
    return out.getvalue()


@pytest.mark.parametrize("width", [50, 80])
@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("name", GAMES)
def test_no_table_cell_is_cut_short(
    name: str, lang: str, width: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    page = shown(name, lang, width)
    assert "…" not in page
    assert all(cell_len(line) <= width for line in page.splitlines())
    # nothing cropped either: the page's tables and pictures alone show every character of
    # their cells and words (a Japanese picture's words were cut at 50 columns)
    source = rules_file(name, lang).read_text(encoding="utf-8")
    blocks = re.findall(r"(?:^\|.*\n)+|^!\[.*\n", source, re.M)
    monkeypatch.setattr(rules, "rules_markdown", lambda *_: "\n".join(blocks))
    said = shown(name, lang, width)
    wanted = re.sub(r"\]\([^)]*\)|[-`*|!\[\s]", "", "".join(blocks))  # a link's words
    assert len(blocks) > 3 and not Counter(wanted) - Counter(said)


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("name", GAMES)
def test_the_pages_language_switch_is_left_out(name: str, lang: str) -> None:
    """The page's first lines linked to the other language's page (``*[English](….md)*``), for
    the web and GitHub: the terminal showed its bare word ("日本語", "English") as a line."""
    other = "日本語" if lang == "en" else "English"
    assert f"[{other}](" in rules_file(name, lang).read_text(encoding="utf-8")
    lines = [line.strip() for line in shown(name, lang, 80).splitlines()]
    assert other not in lines


@pytest.mark.parametrize("charset", [None, "koi8-r"])
def test_the_pager_reads_the_page_as_utf_8(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, charset: str | None
) -> None:
    """Without a locale installed ``less`` showed a Japanese page as ``<E3><83>…``: the pager
    is told the page is UTF-8 (LESSCHARSET), unless the reader has set it."""
    said = tmp_path / "charset.txt"
    monkeypatch.setenv("PAGER", f"cat > /dev/null; echo $LESSCHARSET > {said}")
    monkeypatch.setenv("LANG", "C")
    if charset is None:
        monkeypatch.delenv("LESSCHARSET", raising=False)
    else:
        monkeypatch.setenv("LESSCHARSET", charset)
    console = Console(file=io.StringIO(), width=80, force_terminal=True)
    show_rules(bodoge.make("ruler-of-mana"), "ja", console, TerminalPager())
    assert said.read_text().strip() == (charset or "utf-8")
