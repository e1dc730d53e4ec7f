"""Tournament plots as PNG files, drawn with matplotlib's Agg canvas (no display, no pyplot).

- ``head_to_head.png``: the head-to-head win-rate matrix as a heatmap with its numbers;
- ``game_length.png``: a histogram of turns per game, one series per player count.

Labels come from the message catalogue. Japanese labels need a font with Japanese glyphs: an
installed one (Debian's ``fonts-noto-cjk``, say) or IPAexGothic, which the ``matplotlib-fontja``
dependency ships; without any, :func:`japanese_font` is None and the plots fall back to English
labels (:func:`write_plots` says so by returning ``"en"``).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING

from bodoge.arena.stats import HeadToHead
from bodoge.arena.tournament import MatchRecord
from bodoge.core.i18n import text

if TYPE_CHECKING:
    from matplotlib.figure import Figure
    from matplotlib.font_manager import FontManager

__all__ = [
    "PLOT_FILES",
    "game_length_figure",
    "head_to_head_figure",
    "japanese_font",
    "plot_game_length",
    "plot_head_to_head",
    "plot_language",
    "write_plots",
]

PLOT_FILES = ("head_to_head.png", "game_length.png")

_JAPANESE_SAMPLE = "勝率手番あア"
_PREFERRED = (
    "Noto Sans CJK JP",
    "Noto Sans JP",
    "Source Han Sans JP",
    "IPAexGothic",
    "IPAGothic",
    "TakaoGothic",
    "VL Gothic",
    "Droid Sans Fallback",
    "Noto Sans CJK SC",
)


@cache
def japanese_font() -> str | None:
    """The family name of an installed font that has Japanese glyphs, or None.

    A font qualifies when it has a glyph of its own for each character of a sample of kanji,
    hiragana and katakana: fallback fonts (matplotlib's "Last Resort") that draw one box for a
    whole block do not."""
    from matplotlib import font_manager, ft2font

    _add_shipped_font(font_manager.fontManager)
    fonts = sorted(font_manager.fontManager.ttflist, key=lambda f: (f.name, f.fname))
    order = {name: i for i, name in enumerate(_PREFERRED)}
    fonts.sort(key=lambda f: order.get(f.name, len(order)))
    for font in fonts:
        try:
            face = ft2font.FT2Font(font.fname)
        except (OSError, RuntimeError):
            continue
        glyphs = [face.get_char_index(ord(ch)) for ch in _JAPANESE_SAMPLE]
        if all(glyphs) and len(set(glyphs)) == len(glyphs) and "Last Resort" not in font.name:
            return str(font.name)
    return None


def _add_shipped_font(manager: FontManager) -> None:
    """Register the IPAexGothic file of ``matplotlib-fontja`` with matplotlib, found without
    importing that package (its import switches every plot's font family, a global change)."""
    from importlib.util import find_spec

    spec = find_spec("matplotlib_fontja")
    for folder in (spec.submodule_search_locations or []) if spec is not None else []:
        for path in sorted(Path(folder, "fonts").glob("*.ttf")):
            manager.addfont(str(path))


def plot_head_to_head(h2h: HeadToHead, path: Path, lang: str = "en") -> None:
    """The head-to-head matrix: row ``a``, column ``b`` is how often ``a`` ranked above ``b``."""
    head_to_head_figure(h2h, lang).savefig(path, format="png")


def head_to_head_figure(h2h: HeadToHead, lang: str = "en") -> Figure:
    """The figure of :func:`plot_head_to_head`."""
    from matplotlib.figure import Figure

    k = len(h2h.labels)
    rate = h2h.rate
    values = [[float("nan") if v is None else v for v in row] for row in rate]
    side = max(4.0, 1.2 * k + 2.0)
    fig = Figure(figsize=(side + 1.2, side), dpi=100, layout="constrained")
    ax = fig.add_subplot()
    image = ax.imshow(values, cmap="RdBu", vmin=0.0, vmax=1.0)
    ax.set_xticks(range(k), labels=list(h2h.labels), rotation=30, ha="right")
    ax.set_yticks(range(k), labels=list(h2h.labels))
    ax.set_xlabel(text("arena.plot.h2h_opponent", lang))
    ax.set_ylabel(text("arena.plot.h2h_bot", lang))
    ax.set_title(text("arena.plot.h2h_title", lang))
    for a in range(k):
        for b in range(k):
            v = rate[a][b]
            if v is None:
                label, colour = "—", "grey"
            else:
                label = f"{v:.1%}\n({h2h.games[a][b]})"  # as the table has it: 12.5%
                colour = "white" if abs(v - 0.5) > 0.3 else "black"
            ax.text(b, a, label, ha="center", va="center", color=colour, fontsize=9)
    bar = fig.colorbar(image, ax=ax, shrink=0.8)
    bar.set_label(text("arena.plot.h2h_scale", lang))
    return fig


def plot_game_length(
    records: Sequence[MatchRecord], path: Path, lang: str = "en", turn_cap: int | None = None
) -> None:
    """A histogram of turns per game, one series per player count; the turn cap as a dashed
    line when games reached it."""
    game_length_figure(records, lang, turn_cap).savefig(path, format="png")


def game_length_figure(
    records: Sequence[MatchRecord], lang: str = "en", turn_cap: int | None = None
) -> Figure:
    """The figure of :func:`plot_game_length`."""
    from matplotlib.figure import Figure
    from matplotlib.ticker import MaxNLocator

    by_players: dict[int, list[int]] = {}
    for record in records:
        by_players.setdefault(record.players, []).append(record.turns)
    fig = Figure(figsize=(7.0, 4.5), dpi=100, layout="constrained")
    ax = fig.add_subplot()
    longest = max((r.turns for r in records), default=1)
    shortest = min((r.turns for r in records), default=0)
    # whole turns per bin, at most about 40 bins over the lengths played, with an empty bin on each
    # side: the axis starts near the shortest game, not at 0, where no game ends; edges halfway
    # between whole turns put each bin's turns under it
    width = max(1, -(-(longest - shortest + 1) // 40))
    first = max(0, shortest - shortest % width - width)
    edges = [edge - 0.5 for edge in range(first, longest + 2 * width + 1, width)]
    for players in sorted(by_players):
        ax.hist(
            by_players[players],
            bins=edges,
            alpha=0.6,
            label=text(
                "arena.plot.length_series", lang, players=players, games=len(by_players[players])
            ),
        )
    if turn_cap is not None and longest >= turn_cap:  # some games were cut by the cap
        ax.axvline(
            turn_cap,
            color="black",
            linestyle="--",
            linewidth=1,
            label=text("arena.plot.length_cap", lang, cap=turn_cap),
        )
    ax.set_xlabel(text("arena.plot.length_turns", lang))
    ax.set_ylabel(text("arena.plot.length_games", lang))
    ax.yaxis.set_major_locator(MaxNLocator(integer=True))  # counts of games: no "1.25 games"
    ax.set_xlim(edges[0], edges[-1])  # the empty bins are margin enough
    ax.xaxis.set_major_locator(MaxNLocator(integer=True))  # whole turns
    ax.set_title(text("arena.plot.length_title", lang))
    ax.legend()
    return fig


def write_plots(
    directory: Path,
    h2h: HeadToHead,
    records: Sequence[MatchRecord],
    lang: str = "en",
    turn_cap: int | None = None,
) -> tuple[list[Path], str]:
    """Write every plot into ``directory`` (made if missing); the files and the language their
    labels are in (``"en"`` when ``lang`` is ``"ja"`` but no Japanese font is installed)."""
    directory.mkdir(parents=True, exist_ok=True)
    paths = [directory / name for name in PLOT_FILES]
    with plot_language(lang) as used:
        plot_head_to_head(h2h, paths[0], used)
        plot_game_length(records, paths[1], used, turn_cap)
    return paths, used


@contextmanager
def plot_language(lang: str) -> Iterator[str]:
    """Plots drawn inside are labelled in the language this yields: ``lang``, with a Japanese
    font set for ``"ja"``, or ``"en"`` when no Japanese font is installed."""
    from matplotlib import rc_context

    font = None if lang == "en" else japanese_font()
    with rc_context(None if font is None else {"font.family": [font, "DejaVu Sans"]}):
        yield lang if lang == "en" or font is not None else "en"
