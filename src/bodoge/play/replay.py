"""A finished game's record, stepped through on a terminal: ``bodoge replay FILE``.

The record is the JSON a room's replay gives (``GET /api/rooms/{room}/replay``, which the room
page downloads): the game, players, variant, setup, seed and history, and where the room had
them its card file (``cards``) and who sat where (``seats``). It is checked whole before anything
is shown: a step that cannot be played where it stands makes the file broken (one line).

Each position is shown as the terminal's play shows a view (:func:`render_view`, its tables
whole: :func:`print_whole`), from one seat's view or a spectator's: the step that led there (who
made it and, where the viewer may know it, what it was), what it made happen, the table, and at
the end the result. On a terminal Enter or ``n`` steps forward, ``p`` back (each past the steps
that showed this view nothing, as the page's step buttons go), a number goes to that step and
``q`` quits; anything else (a pipe) prints every step's line, what it made happen, then the end.
"""

from __future__ import annotations

import json
import tempfile
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.rule import Rule
from rich.text import Text

from bodoge.core.action import Action, number
from bodoge.core.errors import IllegalAction, WordedError, os_reason, worded
from bodoge.core.game import Game
from bodoge.core.registry import make
from bodoge.core.seen import shown_alone
from bodoge.core.state import State
from bodoge.play.terminal import GameWords, ReadLine, render_result, render_view
from bodoge.screen import print_whole

__all__ = ["GameRecord", "RecordError", "TerminalReplay", "load_record"]

_NEXT = frozenset({"", "n", "next"})
_BACK = frozenset({"p", "prev", "back"})
_QUIT = frozenset({"q", "quit", "exit"})


class RecordError(WordedError, ValueError):
    """A game record that cannot be replayed: one line naming the file and what is wrong."""


@dataclass(frozen=True)
class GameRecord:
    """A finished game as its record gives it, checked: every step played where it stands
    (``steps``, the legal actions they were) by the seat that had to (``actors``)."""

    game: Game
    seed: int
    setup: Mapping[str, Any] | None
    steps: tuple[Action, ...]
    actors: tuple[int, ...]
    seats: tuple[Mapping[str, Any], ...]
    """Who sat where, ``{"name", "bot"}`` each (empty where the record does not say)."""

    @property
    def history(self) -> list[str]:
        return [a.notation for a in self.steps]


def load_record(path: Path) -> GameRecord:
    """The record in the file ``path``, checked (RecordError, or the game's own refusal of its
    options, if it cannot be replayed)."""
    where = str(path)
    try:
        raw = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise RecordError("replay.cannot_read", path=where, reason=os_reason(exc)) from None
    except UnicodeDecodeError:
        raise RecordError("replay.not_text", path=where) from None
    try:
        data = json.loads(raw)
    except json.JSONDecodeError as exc:
        raise RecordError(
            "replay.not_json", path=where, line=exc.lineno, column=exc.colno
        ) from None
    if not isinstance(data, dict):
        raise RecordError("replay.not_object", path=where)
    game = _game(data, where)
    seed, setup, history = data.get("seed"), data.get("setup"), data.get("history")
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise RecordError("replay.bad_field", path=where, field="seed")
    if setup is not None and not isinstance(setup, dict):
        raise RecordError("replay.bad_field", path=where, field="setup")
    if not isinstance(history, list) or not all(isinstance(s, str) for s in history):
        raise RecordError("replay.bad_field", path=where, field="history")
    seats = data.get("seats") or []
    if not isinstance(seats, list) or not all(isinstance(s, dict) for s in seats):
        raise RecordError("replay.bad_field", path=where, field="seats")
    try:
        state = game.new_state(seed, setup)
    except WordedError as exc:
        raise RecordError("replay.in_file", path=where, error=exc.message) from None
    steps: list[Action] = []
    actors: list[int] = []
    for k, notation in enumerate(history, 1):
        seat = state.current_player
        try:
            action = state.parse(notation)
        except IllegalAction as exc:
            why = exc.message
            raise RecordError(
                "replay.bad_step", path=where, step=k, notation=notation, why=why
            ) from None
        assert seat is not None  # parse refuses every step once the game is over
        actors.append(seat)
        steps.append(action)
        state.apply(action)
    padded = [seats[s] if s < len(seats) else {} for s in range(game.players)]
    return GameRecord(game, seed, setup, tuple(steps), tuple(actors), tuple(padded))


def _game(data: Mapping[str, Any], where: str) -> Game:
    """The game the record is of, with its options and card file."""
    name, players = data.get("game"), data.get("players")
    variant, cards = data.get("variant", "basic"), data.get("cards")
    for field, value, kind in (
        ("game", name, str),
        ("players", players, int),
        ("variant", variant, str),
    ):
        if not isinstance(value, kind) or isinstance(value, bool):
            raise RecordError("replay.bad_field", path=where, field=field)
    if cards is not None and not isinstance(cards, str):
        raise RecordError("replay.bad_field", path=where, field="cards")
    try:
        if cards is None:
            return make(str(name), players=players, variant=str(variant))
        with tempfile.TemporaryDirectory() as folder:
            # the card file the room played with, as the game reads card files
            path = Path(folder) / "cards.toml"
            path.write_text(cards, encoding="utf-8")
            return make(str(name), players=players, variant=str(variant), cards=path)
    except (WordedError, ValueError) as exc:
        raise RecordError("replay.in_file", path=where, error=worded(exc)) from None


class TerminalReplay:
    """One record on a terminal, from ``seat``'s view (None: a spectator's)."""

    def __init__(
        self,
        record: GameRecord,
        seat: int | None = None,
        lang: str = "en",
        console: Console | None = None,
        read_line: ReadLine | None = None,
    ) -> None:
        players = record.game.players
        if seat is not None and not 0 <= seat < players:
            raise RecordError("replay.bad_seat", seat=seat, last=players - 1)
        self.record = record
        self.seat = seat
        self.words = GameWords(record.game, lang)
        self.console = console or Console(highlight=False)
        self.read_line = read_line or self.console.input
        self.names = [self._name(s, n) for n, s in enumerate(record.seats)]
        self.at = 0
        self.state: State = record.game.new_state(record.seed, record.setup)
        self.unseen = False  # whether the step that led to `at` showed this view nothing

    @property
    def steps(self) -> int:
        return len(self.record.steps)

    # ----------------------------------------------------------------- words
    def _name(self, seat: Mapping[str, Any], n: int) -> str:
        """A seat's name as the table called it: its person's, else its bot's as the browser
        names it ("easy bot 3"); empty where the record says neither."""
        name, bot = seat.get("name"), seat.get("bot")
        if name:
            return str(name)
        level = self.words.maybe(f"web.bot.{bot}") if isinstance(bot, str) else None
        # the browser counts seats from 1 (web/ui.js seatNo), and a bot's name by its seat
        return self.words.t("web.seat_bot", bot=level, n=n + 1) if level else ""

    def left_at(self, seat: int) -> int | None:
        """The step the seat's person left the game at (the record's ``left``: the bot playing on
        from there), or None."""
        left = self.record.seats[seat].get("left")
        return left if isinstance(left, int) and not isinstance(left, bool) else None

    def left(self, seat: int, k: int) -> bool:
        """Whether the seat's person had left the game by position ``k``."""
        left = self.left_at(seat)
        return left is not None and k >= left

    def who(self, seat: int, k: int | None = None) -> str:
        """A seat as the record names it: its person's name (at position ``k``, marked once
        they have left, with the bot that played on: "Ben (left; seat 1, easy bot)"), else its
        bot's ("easy bot 3")."""
        w = self.words
        name = self.names[seat]
        if name and k is not None and self.left(seat, k):
            return w.t("replay.who_left", name=name, seat=seat, bot=self._bot_word(seat))
        if name:
            return w.t("replay.who_named", name=name, seat=seat)
        return w.t("play.seat", seat=seat)

    def go(self, k: int) -> tuple[str, list[str]]:
        """Go to position ``k``: its line (the step that led there, who made it, in words) and
        the events that step made happen, both as the viewer sees them (after a jump: those of
        the step that led there). The viewer's own step is said in full; another seat's only
        once its events show it to the viewer (a step of a move not yet whole shows nothing)
        and its words name no card that they show that seat alone (a card kept, offered or put
        back), else the line says only who made it."""
        w = self.words
        if k <= self.at:
            self.state = self.record.game.new_state(self.record.seed, self.record.setup)
            self.at = 0
        while self.at < k - 1:
            self.state.apply(self.record.steps[self.at])
            self.at += 1
        if k == 0:  # what the game's setup made happen
            log = self.state.view(self.seat)["log"]
            events = [w.event(e, self.names) for e in log] + self._leaving(0)
            return w.t("replay.start", steps=self.steps), events
        actor = self.record.actors[k - 1]
        before = len(self.state.view(self.seat)["log"])
        self.state.apply(self.record.steps[self.at])
        self.at += 1
        seen = self.state.view(self.seat)["log"][before:]
        who = self.who(actor, k - 1)
        events = [w.event(e, self.names) for e in seen] + self._leaving(k)
        what = self.record.steps[k - 1].describe(w.lang)
        self.unseen = False
        if actor is not None and actor != self.seat:
            alone = shown_alone(self.state, before, actor, self.seat)
            if alone is None or any(name in what for name in filter(None, map(w.card, alone))):
                self.unseen = True
                return w.t("replay.step_unseen", step=k, steps=self.steps, who=who), events
        return w.t("replay.step", step=k, steps=self.steps, who=who, what=what), events

    def _passed(self, k: int) -> bool:
        """Whether the step to position ``k`` showed the viewer nothing: another seat's, not
        seen from here, and the view as it was (a move made item by item shows nothing until it
        is whole). Leaves the record at position ``k``."""
        self.go(k - 1)
        before = self.state.view(self.seat)
        self.go(k)
        return self.unseen and self.state.view(self.seat) == before

    def next_shown(self, k: int, forward: bool) -> int:
        """The next position from ``k`` (or the one before) that looks different from this view,
        as the page's step buttons go: past the steps that showed nothing (four at a Ruler of
        Mana record's start, for a seat whose opponent casts a spell), to the step that did."""
        if forward:
            to = k + 1
            while to < self.steps and self._passed(to):
                to += 1
        else:
            to = k - 1
            while to > 0 and self._passed(to):
                to -= 1
        return to

    def _bot_word(self, seat: int) -> str:
        """The bot that played the seat on, in words ("easy bot"), else its level as recorded."""
        bot = str(self.record.seats[seat].get("bot") or "")
        return self.words.maybe(f"web.bot.{bot}") or bot

    def _leaving(self, k: int) -> list[str]:
        """Who left the game at position ``k`` (after its step), a line each, as the page's log
        says it there: public, as the seats' panels say it too."""
        return [
            self.words.t("replay.left", name=self.names[n], seat=n, bot=self._bot_word(n))
            for n in range(len(self.record.seats))
            if self.names[n] and self.left_at(n) == k
        ]

    # ----------------------------------------------------------------- showing
    def _say(self, line: str) -> None:
        """One line: on a terminal wrapped between words (a Japanese one between characters, but
        never inside a card's name, a code, a rule id or a number), into a pipe kept whole."""
        self.console.print(self.words.sentence(line), soft_wrap=not self.console.is_terminal)

    def _events(self, lines: Sequence[str]) -> None:
        for line in lines:
            self._say(f"  • {line}")

    def _title(self) -> str:
        w = self.words
        viewer = w.t("replay.spectator") if self.seat is None else self.who(self.seat)
        return w.t("replay.header", game=w.title(), viewer=viewer)

    def show(self, k: int) -> None:
        """Position ``k`` in full: its line, its events, the table, and at the end the result."""
        line, events = self.go(k)
        self.console.print(Rule(Text(self._title())))
        self._say(line)
        self._events(events)
        print_whole(self.console, render_view(self.words, self.state.view(self.seat)).renderables)
        self._end()

    def _end(self) -> None:
        """The result once the game is over; at the last step of a record that stops before
        its end, that it does."""
        w = self.words
        if not self.state.is_over:
            if self.at == self.steps:
                self._say(w.t("replay.unfinished", steps=self.steps))
            return
        who = [  # beside "seat 3": a person's name (marked once they left), a bot's level
            w.t("replay.left_name", name=s["name"])
            if s.get("name") and self.left(n, self.at)
            else str(s.get("name") or s.get("bot") or "")
            for n, s in enumerate(self.record.seats)
        ]
        print_whole(self.console, render_result(w, self.state.result(), who, []).renderables)

    def print_all(self) -> None:
        """Every step's line and what it made happen, then the table at the end and the
        result (for a pipe)."""
        self._say(self._title())
        for k in range(self.steps + 1):
            line, events = self.go(k)
            self._say(line)
            self._events(events)
        if self.state.is_over:
            self.console.print(Rule(Text(self.words.t("play.over"))))
        else:
            self.console.print(Rule())
        print_whole(self.console, render_view(self.words, self.state.view(self.seat)).renderables)
        self._end()

    def run(self) -> None:
        """Step through the record as the person asks, until ``q`` (or the end of input)."""
        w = self.words
        self._say(w.t("replay.keys", steps=self.steps))
        shown = 0
        self.show(shown)
        while True:
            try:
                answer = self.read_line(w.t("replay.prompt", step=shown, steps=self.steps))
            except EOFError:
                self.console.line()
                return
            answer = answer.strip().lower()
            if answer in _QUIT:
                return
            if answer in _NEXT or answer in _BACK:
                forward = answer in _NEXT
                if not 0 <= shown + (1 if forward else -1) <= self.steps:
                    self._say(w.t("replay.at_end" if forward else "replay.at_start"))
                    continue
                to = self.next_shown(shown, forward)
            elif (asked := number(answer)) is not None and asked <= self.steps:
                to = asked
            else:
                self._say(w.t("replay.bad_answer", answer=answer, steps=self.steps))
                continue
            shown = to
            self.show(shown)
