"""A balance report as Markdown with PNG plots, in English or Japanese, from the catalogue.

The files of a report, in its folder: ``README.md``, and for each player count ``n``
``seats-<n>p.png``, ``length-<n>p.png`` and ``cards-<n>p.png``. Nothing in them depends on the
time or the machine: the same command writes the same report.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path

from bodoge.arena.plots import plot_game_length, plot_language
from bodoge.balance.hooks import BalanceHooks
from bodoge.balance.plots import IntervalRow, plot_intervals
from bodoge.balance.report import BalanceReport
from bodoge.balance.stats import CardFigures, CountFigures
from bodoge.core.game import Game
from bodoge.core.i18n import text

__all__ = ["SUMMARY_LIMIT", "markdown", "plot_files", "write_report"]

SUMMARY_LIMIT = 6
"""Cards named at the most per list in the summary."""

MARKS = {1: "▲", -1: "▼", 0: ""}


def plot_files(players: int) -> tuple[str, str, str]:
    """The plots of one player count: seats, game length, cards."""
    return f"seats-{players}p.png", f"length-{players}p.png", f"cards-{players}p.png"


def _pct(value: float) -> str:
    return f"{value:.1%}"


def _ci(low: float, high: float) -> str:
    return f"{100 * low:.1f}–{100 * high:.1f}%"


def _num(value: float) -> str:
    """A count that may be fractional (shared wins), to two decimals at the most."""
    return f"{value:.2f}".rstrip("0").rstrip(".")


def _p(value: float) -> str:
    """A p-value as ``p = 0.123``, or ``p < 0.001``.

    >>> _p(0.1234), _p(0.0004)
    ('p = 0.123', 'p < 0.001')
    """
    return "p < 0.001" if value < 0.001 else f"p = {value:.3f}"


def _cell(value: object) -> str:
    return str(value).replace("|", "\\|")


def _table(header: Sequence[str], rows: Sequence[Sequence[object]], right: int = 1) -> list[str]:
    """A Markdown table; columns from ``right`` on are aligned right."""
    align = ["---" if i < right else "---:" for i in range(len(header))]
    lines = ["| " + " | ".join(map(_cell, header)) + " |", "| " + " | ".join(align) + " |"]
    lines += ["| " + " | ".join(map(_cell, row)) + " |" for row in rows]
    return lines


def more_and_less(t: Callable[..., str], above: str, below: str) -> str:
    """The cards their users win more with and less with (names, or "" for none), in words
    that never say "more with no card".

    >>> from bodoge.core.i18n import text
    >>> more_and_less(lambda key, **v: text(key, "en", **v), "", "B 10%")
    'users win less with B 10% (no card goes with winning more)'
    """
    which = ("both" if below else "above") if above else ("below" if below else "neither")
    return t(f"balance.summary.split.{which}", above=above, below=below)


class _Writer:
    """The words of one report in one language."""

    def __init__(self, report: BalanceReport, lang: str) -> None:
        self.report = report
        self.lang = lang
        self.hooks: BalanceHooks = report.hooks()
        self.game: Game = report.make_game()

    def t(self, key: str, **values: object) -> str:
        return text(key, self.lang, **values)

    def card(self, kind: str, key: str, lang: str | None = None) -> str:
        return self.hooks.describe_key(self.game, kind, key, lang or self.lang)

    def player(self, position: int) -> str:
        return self.t("balance.position", number=position + 1)

    # ---------------------------------------------------------------- the head and summary
    def head(self) -> list[str]:
        r = self.report
        title = self.game.title.get(self.lang, r.game)
        several = len(type(self.game).variants) > 1
        lines = [
            "# "
            + (
                self.t("balance.title_variant", title=title, variant=r.variant)
                if several
                else self.t("balance.title", title=title)
            ),
            "",
            self.t("balance.made_by"),
            "",
            "```",
            r.command(self.lang),
            "```",
            "",
            self.t(
                "balance.intro",
                games=r.games,
                bot=r.bot,
                seed=r.seed,
                cap=r.turn_cap if r.turn_cap is not None else self.t("balance.no_cap"),
                players=", ".join(map(str, r.players)),
            ),
            "",
        ]
        if r.cards is not None:
            lines += [self.t("balance.cards", file=r.cards.file, sha256=r.cards.sha256), ""]
        lines += [
            self.t("balance.method"),
            "",
        ]
        return lines

    def summary(self) -> list[str]:
        lines = ["## " + self.t("balance.summary_title"), ""]
        figures = [self.report.figures[n] for n in self.report.players]
        for f in figures:
            lines.append("- " + self.seat_summary(f))
        for f in figures:
            lines.append("- " + self.length_summary(f))
        for f in figures:
            lines.append("- " + self.card_summary(f))
        lines.append(
            "- " + self.repeated_summary(figures, "balance.summary.repeated", lambda c: c.flag)
        )
        lines.append(
            "- "
            + self.repeated_summary(figures, "balance.summary.repeated_kind", lambda c: c.kind_flag)
        )
        lines += ["", self.t("balance.summary.caveat"), ""]
        return lines

    def seat_summary(self, f: CountFigures) -> str:
        off = [s for s in f.seats if s.flag]
        p = _p(f.test.p_value)
        if not off:
            return self.t("balance.summary.seats_even", players=f.players, p=p)
        items = self.t("balance.sep").join(
            self.t(
                "balance.summary.seat_item",
                player=self.player(s.position),
                share=_pct(s.share),
                ci=_ci(s.low, s.high),
                even=_pct(1 / f.players),
            )
            for s in off
        )
        return self.t("balance.summary.seats_off", players=f.players, items=items, p=p)

    def length_summary(self, f: CountFigures) -> str:
        length = f.length
        top = max(f.endings, key=lambda e: e.games)
        return self.t(
            "balance.summary.length",
            players=f.players,
            mean=f"{length.mean:.1f}",  # every length to one decimal: "22.9–56.0", not "22.9–56"
            p10=f"{length.p10:.1f}",
            p90=f"{length.p90:.1f}",
            truncated=_pct(length.truncated_share),
            ending=self.hooks.describe_ending(top.code, self.lang),
            share=_pct(top.share),
        )

    def _names(self, cards: Sequence[CardFigures]) -> str:
        """Cards with their users' win share."""
        if not cards:
            return self.t("balance.summary.none")
        names = [f"{self.card(c.kind, c.key)} {_pct(c.share)}" for c in cards[:SUMMARY_LIMIT]]
        if len(cards) > SUMMARY_LIMIT:
            names.append(self.t("balance.summary.more", count=len(cards) - SUMMARY_LIMIT))
        return self.t("balance.list_sep").join(names)

    def _split(self, above: Sequence[CardFigures], below: Sequence[CardFigures]) -> str:
        return more_and_less(
            self.t, self._names(above) if above else "", self._names(below) if below else ""
        )

    def _kinds(self, cards: Sequence[CardFigures]) -> str:
        """Each kind with the win share of the users of its cards."""
        shares = {c.kind: c.kind_share for c in cards if c.users}
        return self.t("balance.list_sep").join(
            f"{self.hooks.describe_kind(kind, self.lang)} {_pct(share)}"
            for kind, share in sorted(shares.items())
        )

    def card_summary(self, f: CountFigures) -> str:
        judged = [c for c in f.cards if c.users]

        def out(flag: Callable[[CardFigures], int]) -> tuple[list[CardFigures], ...]:
            above = [c for c in judged if flag(c) > 0]
            below = sorted((c for c in judged if flag(c) < 0), key=lambda c: c.share)
            return above, below

        above, below = out(lambda c: c.flag)
        kind_above, kind_below = out(lambda c: c.kind_flag)
        return self.t(
            "balance.summary.cards",
            players=f.players,
            split=self._split(above, below),
            flagged=len(above) + len(below),
            kind_split=self._split(kind_above, kind_below),
            kinds=self._kinds(judged),
            kind_flagged=len(kind_above) + len(kind_below),
            total=len(judged),
            chance=f"{0.05 * len(judged):.1f}",
            even=_pct(1 / f.players),
        )

    def repeated_summary(
        self, figures: Sequence[CountFigures], key: str, flag: Callable[[CardFigures], int]
    ) -> str:
        """Cards out of line the same way (by ``flag``) at two or more player counts."""
        marks: dict[tuple[str, str, int], list[int]] = {}
        for f in figures:
            for c in f.cards:
                if flag(c):
                    marks.setdefault((c.kind, c.key, flag(c)), []).append(f.players)
        ordered = sorted(marks.items(), key=lambda m: (-m[0][2], -len(m[1]), m[0][:2]))
        items = [
            self.t(
                "balance.summary.repeated_item",
                card=self.card(kind, card),
                mark=MARKS[mark],
                counts=", ".join(map(str, counts)),
            )
            for (kind, card, mark), counts in ordered
            if len(counts) >= 2
        ]
        none = self.t("balance.summary.none")
        return self.t(key, items=self.t("balance.sep").join(items) if items else none)

    # ---------------------------------------------------------------- one player count
    def section(self, f: CountFigures) -> list[str]:
        seats_png, length_png, cards_png = plot_files(f.players)
        lines = [
            "## " + self.t("balance.players_title", players=f.players),
            "",
            "### " + self.t("balance.seats_title"),
            "",
        ]
        lines += _table(
            [
                self.t("balance.col.player"),
                self.t("balance.col.wins"),
                self.t("balance.col.share"),
                self.t("balance.col.interval"),
                "",
            ],
            [
                [
                    self.player(s.position),
                    _num(s.wins),
                    _pct(s.share),
                    _ci(s.low, s.high),
                    MARKS[s.flag],
                ]
                for s in f.seats
            ],
        )
        lines += [
            "",
            self.t(
                "balance.chi_square",
                chi=f"{f.test.chi_square:.2f}",
                df=f.test.df,
                p=_p(f.test.p_value),
                decided=f.decided,
                games=f.games,
            ),
            "",
            f"![{self.t('balance.seats_title')}]({seats_png})",
            "",
            "### " + self.t("balance.length_title"),
            "",
        ]
        length = f.length
        lines += _table(
            [self.t("balance.col.figure"), self.t("balance.col.value")],
            [
                [self.t("balance.length.games"), length.games],
                [self.t("balance.length.mean"), f"{length.mean:.1f}"],
                [self.t("balance.length.median"), f"{length.median:.1f}"],
                [self.t("balance.length.p10"), f"{length.p10:.1f}"],
                [self.t("balance.length.p90"), f"{length.p90:.1f}"],
                [
                    self.t("balance.length.truncated"),
                    f"{_pct(length.truncated_share)} ({length.truncated})",
                ],
            ],
        )
        lines += [
            "",
            f"![{self.t('balance.length_title')}]({length_png})",
            "",
            "### " + self.t("balance.endings_title"),
            "",
        ]
        lines += _table(
            [
                self.t("balance.col.ending"),
                self.t("balance.col.games"),
                self.t("balance.col.ending_share"),
            ],
            [
                [self.hooks.describe_ending(e.code, self.lang), e.games, _pct(e.share)]
                for e in f.endings
            ],
        )
        judged = sum(1 for c in f.cards if c.users)
        lines += [
            "",
            "### " + self.t("balance.cards_title"),
            "",
            self.t(
                "balance.cards_note",
                even=_pct(1 / f.players),
                cards=judged,
                chance=f"{0.05 * judged:.1f}",
            ),
            "",
        ]
        lines += _table(
            [
                self.t(f"balance.col.{name}")
                for name in (
                    "card",
                    "kind",
                    "offered",
                    "played",
                    "rate",
                    "uses",
                    "users",
                    "share",
                    "interval",
                    "even_mark",
                    "kind_share",
                    "kind_mark",
                )
            ],
            [
                [
                    self.card(c.kind, c.key),
                    self.hooks.describe_kind(c.kind, self.lang),
                    c.offered,
                    c.games,
                    _pct(c.games / c.offered) if c.offered else "—",
                    c.uses,
                    c.users,
                    _pct(c.share) if c.users else "—",
                    _ci(c.low, c.high) if c.users else "—",
                    MARKS[c.flag],
                    _pct(c.kind_share),
                    MARKS[c.kind_flag],
                ]
                for c in f.cards
            ],
            right=2,
        )
        lines += ["", f"![{self.t('balance.cards_title')}]({cards_png})", ""]
        return lines

    # ---------------------------------------------------------------- plots
    def plots(self, directory: Path, lang: str) -> list[Path]:
        """Every plot of the report, labelled in ``lang``."""
        paths = []
        for n in self.report.players:
            f = self.report.figures[n]
            seats_png, length_png, cards_png = (directory / name for name in plot_files(n))
            share = text("balance.plot.share", lang, players=n)
            plot_intervals(
                [
                    IntervalRow(
                        text("balance.position", lang, number=s.position + 1),
                        s.share,
                        s.low,
                        s.high,
                        s.flag,
                    )
                    for s in f.seats
                ],
                1 / n,
                seats_png,
                text("balance.plot.seats_title", lang, players=n),
                share,
            )
            plot_game_length(
                [r.match for r in self.report.records[n]], length_png, lang, self.report.turn_cap
            )
            plot_intervals(
                [
                    IntervalRow(
                        self.card(c.kind, c.key, lang), c.share, c.low, c.high, c.flag, c.kind_share
                    )
                    for c in f.cards
                    if c.users
                ],
                1 / n,
                cards_png,
                text("balance.plot.cards_title", lang, players=n),
                text("balance.plot.card_share", lang, players=n),
            )
            paths += [seats_png, length_png, cards_png]
        return paths


def markdown(report: BalanceReport, lang: str = "en") -> str:
    """The report's Markdown in ``lang``."""
    writer = _Writer(report, lang)
    lines = writer.head() + writer.summary()
    for n in report.players:
        lines += writer.section(report.figures[n])
    return "\n".join(lines).rstrip("\n") + "\n"


def write_report(report: BalanceReport, directory: Path, lang: str = "en") -> tuple[Path, str]:
    """Write ``README.md`` and the plots into ``directory`` (made if missing); the Markdown's
    path and the language of the plots' labels (``"en"`` without a Japanese font)."""
    directory.mkdir(parents=True, exist_ok=True)
    writer = _Writer(report, lang)
    with plot_language(lang) as used:
        writer.plots(directory, used)
    path = directory / "README.md"
    path.write_text(markdown(report, lang), encoding="utf-8")
    return path, used
