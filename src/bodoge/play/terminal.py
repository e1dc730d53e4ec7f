"""Terminal play: people against bots (or each other, hot-seat) on one terminal, line by line.

Each time a person must decide they see only their seat's view: what happened since their last
decision, in words, then the view, then the legal steps, numbered. They answer with a number, a
step's notation, or a whole action on one line; ``help`` and ``quit`` are commands. Bad input gets
one line saying why and the same question again. Input is read a line at a time (``input()``), so a
game can be driven through a pipe.

Every word comes from the message catalogue (``messages.toml``), in English or Japanese. A game may
put its own words in through optional functions of its package or its ``events`` module:
``describe_event(cards, event, lang)``, ``describe_card(cards, card_id, lang, detail=False)``
(``cards`` is the game's ``cards`` attribute, or None) and ``describe_help(lang)`` (examples of
its whole actions, for ``help``).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from importlib import import_module
from typing import Any

from rich.console import Console, Group, RenderableType
from rich.markup import escape
from rich.rule import Rule
from rich.table import Table
from rich.text import Text

from bodoge.core.action import Action
from bodoge.core.errors import IllegalAction, SetupError
from bodoge.core.game import Game
from bodoge.core.hooks import game_module
from bodoge.core.i18n import catalogue, text
from bodoge.core.result import Result
from bodoge.core.state import State
from bodoge.play import HUMAN, Agent, Decision, derive_seed, make_agent, needs_view

__all__ = ["GameWords", "TerminalPlay", "game_hooks", "whole_action"]

ReadLine = Callable[[str], str]
EventHook = Callable[[Any, Mapping[str, Any], str], str]
CardHook = Callable[..., "str | None"]

# View fields that are not shown as such: the header, the ▶ mark and the events cover them.
_NOT_SHOWN = frozenset(
    {"game", "players", "you", "is_over", "log", "result", "hand", "turn", "current_player"}
)
# Fields that are lists of cards even when they happen to have one entry per seat.
_CARD_LISTS = frozenset({"hand", "discard", "deck"})
_QUIT = frozenset({"quit", "exit", "q"})
_HELP = frozenset({"help", "h", "?"})


# --------------------------------------------------------------------------------- game hooks
def game_hooks(game: Game) -> tuple[EventHook | None, CardHook | None]:
    """The game's optional ``describe_event`` and ``describe_card``."""
    return game_hook(game, "describe_event"), game_hook(game, "describe_card")


def game_hook(game: Game, name: str) -> Any:
    """The game's optional function ``name``, or None: looked up in the module of the game's
    class, its package, and the package's ``events`` module, in that order."""
    module = import_module(type(game).__module__)
    package = import_module(module.__package__ or module.__name__)
    for candidate in (module, package, game_module(game, "events")):
        if candidate is not None and callable(getattr(candidate, name, None)):
            return getattr(candidate, name)
    return None


class GameWords:
    """Puts a game's views, events and results into words in one language."""

    def __init__(self, game: Game, lang: str) -> None:
        text("play.seat", lang, seat=0)  # fails early on an unknown language
        self.game = game
        self.lang = lang
        self.cards: Any = getattr(game, "cards", None)
        self._event_hook, self._card_hook = game_hooks(game)

    def t(self, key: str, **values: Any) -> str:
        return text(key, self.lang, **values)

    def maybe(self, key: str, **values: Any) -> str | None:
        """The text of ``key``, or None when the catalogue has no such key."""
        return self.t(key, **values) if key in catalogue() else None

    def help(self) -> str:
        """How to answer, with the game's own examples when it gives some."""
        words = self.t("play.help")
        describe_help = game_hook(self.game, "describe_help")
        if describe_help is not None:
            words += " " + self.t("play.help_example", example=describe_help(self.lang))
        return words

    def title(self) -> str:
        titles: Mapping[str, str] = getattr(self.game, "title", {})
        return titles.get(self.lang, self.game.name)

    def seat(self, seat: int, you: int | None = None) -> str:
        return self.t("play.seat_you" if seat == you else "play.seat", seat=seat)

    def join(self, items: Sequence[str]) -> str:
        return self.t("play.list_sep").join(items)

    def label(self, key: str) -> str:
        return self.maybe(f"play.view.{key}") or key

    def card(self, card_id: str, detail: bool = False) -> str | None:
        if self._card_hook is None:
            return None
        words: str | None = self._card_hook(self.cards, card_id, self.lang, detail=detail)
        return words

    def event(self, event: Mapping[str, Any]) -> str:
        if self._event_hook is not None:
            return self._event_hook(self.cards, event, self.lang)
        rest = " ".join(f"{k}={v}" for k, v in event.items() if k != "event")
        return f"{event.get('event', '?')} {rest}".strip()

    def value(self, field: str, value: Any, plain: frozenset[str] = frozenset()) -> str:
        """A value of view field ``field`` in words; ids in ``plain`` stay ids."""
        if value is None:
            return "—"
        if isinstance(value, bool):
            return self.t("play.yes" if value else "play.no")
        if isinstance(value, str):
            if value in plain:
                return value
            return self.maybe(f"play.value.{field}.{value}") or self.card(value) or value
        if isinstance(value, Mapping):
            return self._mapping(field, value)
        if isinstance(value, (list, tuple)):
            return self.join([self.value(field, v, plain) for v in value]) if value else "—"
        return str(value)

    def _mapping(self, field: str, value: Mapping[str, Any]) -> str:
        """A dict: grouped by value when its values are all words (``up: A, B / down: C``),
        else ``key: value`` pairs."""
        if not value:
            return "—"
        if all(isinstance(v, str) for v in value.values()) and len(set(value.values())) < len(
            value
        ):  # few distinct words: group the keys (ids, kept short) by them
            groups: dict[str, list[str]] = {}
            for k, v in value.items():
                groups.setdefault(self.value(field, v), []).append(str(k))
            return " / ".join(f"{v}: {' '.join(ks)}" for v, ks in groups.items())
        keys = {k: self.card(str(k)) or self.maybe(f"play.view.{k}") or str(k) for k in value}
        return self.join([f"{keys[k]}: {self.value(field, v)}" for k, v in value.items()])


# --------------------------------------------------------------------------------- the view
def _seat_keys(value: Any, players: int) -> bool:
    if isinstance(value, list):
        return len(value) == players
    if isinstance(value, Mapping) and value:
        return all(str(k).isdigit() and int(k) < players for k in value)
    return False


def _by_seat(value: Any, seat: int) -> Any:
    if isinstance(value, list):
        return value[seat]
    found = value.get(str(seat), value.get(seat)) if isinstance(value, Mapping) else None
    return found


def render_view(words: GameWords, view: Mapping[str, Any], brief: bool = False) -> RenderableType:
    """A seat's view, readably: the hand, a table of per-seat facts, tables of id-keyed facts
    (missions), then the remaining facts; ``brief`` keeps the hand and the facts only."""
    players: int = view["players"]
    you = view.get("you")
    parts: list[RenderableType] = []
    hand = view.get("hand", [])
    if you is not None:
        hand_words = words.value("hand", hand)
        parts.append(Text(f"{words.label('hand')} ({len(hand)}): {hand_words}"))
    fields = [k for k in view if k not in _NOT_SHOWN]
    per_seat = [k for k in fields if k not in _CARD_LISTS and _seat_keys(view[k], players)]
    by_id = [
        k
        for k in fields
        if k not in per_seat and isinstance(view[k], Mapping) and view[k] and k != "pending"
    ]
    facts = [k for k in fields if k not in per_seat and k not in by_id]
    if not brief and per_seat:
        table = Table(show_edge=False, pad_edge=False)
        table.add_column(words.t("play.seat_column"), no_wrap=True)
        # ids that a table below explains (missions) are named by id in this one
        plain = frozenset(str(key) for k in by_id for key in view[k])
        for k in per_seat:
            table.add_column(escape(words.label(k)))
        mover = view.get("current_player")
        for seat in range(players):
            name = words.seat(seat, you) + (" ▶" if seat == mover else "")
            cells = [words.value(k, _by_seat(view[k], seat), plain) for k in per_seat]
            table.add_row(Text(name), *[Text(c, overflow="fold") for c in cells])
        parts.append(table)
    if not brief:
        for k in by_id:
            table = Table(show_edge=False, pad_edge=False)
            table.add_column(escape(words.label(k)), overflow="fold")
            table.add_column(escape(words.maybe(f"play.view_values.{k}") or ""))
            for key, value in view[k].items():
                described = words.card(str(key), detail=True) or str(key)
                table.add_row(Text(described), Text(words.value(k, value)))
            parts.append(table)
    shown = [k for k in facts if view[k] is not None]
    if brief:
        shown = [k for k in shown if k in ("actions_left", "phase", "pending")]
    line = "  ·  ".join(f"{words.label(k)}: {words.value(k, view[k])}" for k in shown)
    if line:
        parts.append(Text(line))
    return Group(*parts)


def render_steps(words: GameWords, legal: Sequence[Any]) -> RenderableType:
    table = Table(show_header=False, show_edge=False, box=None, pad_edge=False)
    table.add_column(justify="right")
    table.add_column(no_wrap=True)
    table.add_column(overflow="fold")
    for number, action in enumerate(legal, 1):
        table.add_row(str(number), Text(str(action)), Text(action.describe(words.lang)))
    return Group(Text(words.t("play.steps")), table)


def render_result(
    words: GameWords, result: Result, agents: Sequence[str], humans: Sequence[int]
) -> RenderableType:
    you = humans[0] if len(humans) == 1 else None
    table = Table(title=words.t("play.result"), show_edge=False)
    table.add_column(words.t("play.rank"), justify="right")
    table.add_column(words.t("play.seat_column"))
    table.add_column(words.t("play.score"), justify="right")
    table.add_column("")
    if result.decided_by:
        table.add_column(words.t("play.decided_by"), overflow="fold")
    for seat in sorted(range(len(result.ranks)), key=lambda s: (result.ranks[s], s)):
        who = words.seat(seat, you)
        if seat != you:
            who += " " + (words.maybe(f"play.agent.{agents[seat]}") or agents[seat])
        mark = words.t("play.winner_mark") if seat in result.winners else ""
        score = f"{result.scores[seat]:g}"
        why = [Text(result.decided_by[seat].text(words.lang))] if result.decided_by else []
        table.add_row(str(result.ranks[seat]), Text(who), score, Text(mark), *why)
    lines: list[RenderableType] = [table]
    if result.truncated:
        lines.append(Text(words.t("play.truncated")))
    if result.winners:
        lines.append(
            Text(
                words.t(
                    "play.winners", seats=words.join([words.seat(s, you) for s in result.winners])
                )
            )
        )
        if you is not None and you in result.winners:
            lines.append(Text(words.t("play.you_win")))
    else:
        lines.append(Text(words.t("play.no_winner")))
    return Group(*lines)


# --------------------------------------------------------------------------------- input
def whole_action(state: State, seat: int, entry: str, words: GameWords) -> list[str]:
    """The steps that ``entry`` (a step or a whole action) makes for ``seat``, checked on copies
    of ``state``: IllegalAction if it is illegal or goes on past ``seat``'s own decisions."""
    trial = state.clone()
    before = len(trial.history)
    trial.apply(entry)
    steps = trial.history[before:]
    check = state.clone()
    for step in steps:
        if check.current_player != seat:
            raise IllegalAction("play.beyond", entry=entry)
        check.apply(step)
    return steps


class TerminalPlay:
    """One game on a terminal: ``seats`` names who plays each seat (``human`` or an agent);
    ``setup`` starts from a scenario (DESIGN.md), e.g. for a tutorial."""

    def __init__(
        self,
        game: Game,
        seats: Sequence[str],
        seed: int,
        lang: str = "en",
        console: Console | None = None,
        read_line: ReadLine | None = None,
        setup: Mapping[str, Any] | None = None,
    ) -> None:
        if len(seats) != game.players:
            raise SetupError(f"{len(seats)} seats for a {game.players}-player game")
        self.words = GameWords(game, lang)
        if HUMAN not in seats:
            raise SetupError(self.words.t("play.no_human"))
        self.game = game
        self.seats = list(seats)
        self.seed = seed
        self.setup = setup
        self.console = console or Console(highlight=False)
        self.read_line = read_line or self.console.input
        self.humans = [s for s, name in enumerate(seats) if name == HUMAN]
        self.agents: dict[int, Agent] = {
            s: make_agent(name, game, s, random.Random(derive_seed(seed, "seat", s)))
            for s, name in enumerate(seats)
            if name != HUMAN
        }
        self.seen: dict[int, int] = dict.fromkeys(self.humans, 0)  # log events shown per seat
        self.last_human: int | None = None
        self.last_history = -1  # history length after the last human answer

    def run(self) -> Result | None:
        """Play to the end and return the result, or None if a person quits."""
        w = self.words
        self.console.print(Text(w.t("play.welcome", game=w.title(), players=self.game.players)))
        state = self.game.new_state(self.seed, self.setup)
        while (seat := state.current_player) is not None:
            if seat in self.agents:
                decision = Decision.of(state, with_view=needs_view(self.agents[seat]))
                state.apply(self.bot_step(seat, decision))
                continue
            steps = self.ask(state, seat)
            if steps is None:
                self.console.print(Text(w.t("play.quit")))
                return None
            for step in steps:
                state.apply(step)
            self.last_history = len(state.history)
        self.show_end(state)
        return state.result()

    # ----------------------------------------------------------------- one decision
    def bot_step(self, seat: int, decision: Decision) -> Action:
        """The bot of ``seat`` decides; a searching bot (``normal``, ``hard``) may take a second,
        so a person at a terminal sees that it is thinking."""
        agent = self.agents[seat]
        if not self.console.is_terminal or len(decision.legal) == 1:
            return agent.act(decision)
        with self.console.status(Text(self.words.t("play.agent.thinking", seat=seat))):
            return agent.act(decision)

    def ask(self, state: State, seat: int) -> list[str] | None:
        """Show ``seat`` its view and steps, read until a legal answer; None means quit."""
        w = self.words
        if len(self.humans) > 1 and seat != self.last_human:
            self.console.print(Text(w.t("play.pass_terminal", seat=seat)))
            if self._read("") is None:
                return None
        continuing = self.last_human == seat and self.last_history == len(state.history)
        self.last_human = seat
        decision = Decision.of(state)
        self.show(decision, brief=continuing)
        while True:
            entry = self._read(w.t("play.prompt"))
            if entry is None:
                return None
            entry = entry.strip()
            if not entry:
                continue
            if entry.lower() in _QUIT:
                return None
            if entry.lower() in _HELP:
                self.console.print(Text(w.help()), soft_wrap=True)
                self.console.print(render_steps(w, decision.legal))
                continue
            if entry.isdigit():
                number = int(entry)
                if 1 <= number <= len(decision.legal):
                    return [decision.legal[number - 1].notation]
                self._error(w.t("play.bad_number", number=number, count=len(decision.legal)))
                continue
            try:
                return whole_action(state, seat, entry, w)
            except IllegalAction as err:
                self._error(err.text(w.lang))

    def _read(self, prompt: str) -> str | None:
        try:
            return self.read_line(prompt)
        except EOFError:
            return None

    def _error(self, message: str) -> None:
        one_line = " ".join(message.split())
        self.console.print(Text(self.words.t("play.bad_input", error=one_line)), soft_wrap=True)

    # ----------------------------------------------------------------- showing things
    def _new_events(self, seat: int | None, view: Mapping[str, Any]) -> list[str]:
        log: list[Mapping[str, Any]] = view.get("log", [])
        start = self.seen.get(seat, 0) if seat is not None else 0
        if seat is not None:
            self.seen[seat] = len(log)
        return [self.words.event(e) for e in log[start:]]

    def _print_events(self, events: Sequence[str]) -> None:
        if events:
            self.console.print(Text(self.words.t("play.since")))
            for line in events:
                self.console.print(Text(f"  • {line}"), soft_wrap=True)

    def show(self, decision: Decision, brief: bool) -> None:
        w = self.words
        view = decision.view
        if not brief:
            turn = view.get("turn")
            if turn is None:
                title = w.t("play.header", game=w.title(), seat=decision.seat)
            else:
                title = w.t("play.header_turn", game=w.title(), seat=decision.seat, turn=turn)
            self.console.print(Rule(Text(title)))
        self._print_events(self._new_events(decision.seat, view))
        self.console.print(render_view(w, view, brief=brief))
        self.console.print(render_steps(w, decision.legal))

    def show_end(self, state: State) -> None:
        w = self.words
        seat = self.humans[0] if len(self.humans) == 1 else None
        view = state.view(seat)
        if seat is None:  # hot-seat: the public events nobody has seen yet
            start = min(self.seen.values())
            self.seen = {}
            events = [w.event(e) for e in view.get("log", [])[start:]]
        else:
            events = self._new_events(seat, view)
        self.console.print(Rule(Text(w.t("play.over"))))
        self._print_events(events)
        self.console.print(render_view(w, view))
        self.console.print(render_result(w, state.result(), self.seats, self.humans))
        # the seed reveals the deck and every hand: shown only now the game is over
        self.console.print(Text(w.t("play.replay", seed=self.seed)))
