"""Terminal play: people against bots (or each other, hot-seat) on one terminal, line by line.

Each time a person must decide they see only their seat's view: what happened since their last
decision, in words, then the view, then the legal steps, numbered. They answer with a number, a
step's notation, or a whole action on one line; ``help`` and ``quit`` are commands. Bad input gets
one line saying why and the same question again. Input is read a line at a time (``input()``), so a
game can be driven through a pipe.

A first step that begins a compound action (``complete M1-07``, ``cast S19/3``, ``cycle``, or the
cards of a chore such as ``drop``) opens a builder: the person adds its items in any order, one or
several a line, by spelling or number, sees after each what is chosen and what can still be added
(``state.choices``), types ``back`` to take the last item out or ``cancel`` to abandon, and confirms
a whole action with ``ok`` (or Enter); only then is it applied, whole.

Every word comes from the message catalogue (``messages.toml``), in English or Japanese. A game may
put its own words in through optional functions of its package, its ``events`` module or its
``words`` module:
``describe_event(cards, event, lang, names)`` (``names``: the players' names, one a seat, or None
for ``Seat 2``), ``describe_card(cards, card_id, lang, detail=False)``
(``cards`` is the game's ``cards`` attribute, or None), ``describe_help(lang)`` (examples of
its whole actions, for ``help``), ``describe_rules(lang)`` (the turn and how to win, for
``rules``), ``describe_seat_table(cards, view, lang)`` (a line under the table of seats: what
turns a collaborator face up again), ``describe_pending(cards, pending, you, lang)`` (what is
being resolved, the view's ``pending``, for seat ``you``), ``card_code(cards, card_id)`` (the
code a person types for a card of the hand: ``R3``, ``W1``) and ``card_names(cards, lang)`` (the
names a line of running text never breaks inside: ``竜巻（S31）``, ``Water mana``).
"""

from __future__ import annotations

import random
import re
import sys
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager, nullcontext
from typing import Any

try:
    import termios
except ImportError:  # pragma: no cover - Windows: no type-ahead to drop
    termios = None  # type: ignore[assignment]

from rich.console import Console, Group, RenderableType
from rich.markup import escape
from rich.rule import Rule
from rich.table import Table
from rich.text import Text

from bodoge import screen
from bodoge.agents.ismcts import ISMCTSAgent
from bodoge.agents.levels import answer_delay, brief_budget
from bodoge.core.action import Action, Choices
from bodoge.core.action import number as typed_number
from bodoge.core.choices import item_step, split, steps
from bodoge.core.errors import IllegalAction, SetupError
from bodoge.core.game import Game
from bodoge.core.hooks import game_hook
from bodoge.core.i18n import LANGUAGES, Message, catalogue, for_reader, text
from bodoge.core.result import Result
from bodoge.core.state import State
from bodoge.play import HUMAN, Agent, Decision, derive_seed, make_agent, needs_view
from bodoge.play.rules import rules_command
from bodoge.screen import Pieces, print_whole

__all__ = [
    "GameWords",
    "TerminalPlay",
    "fold_case",
    "game_hooks",
    "offered_steps",
    "whole_action",
]

ReadLine = Callable[[str], str]
EventHook = Callable[[Any, Mapping[str, Any], str, Sequence[str] | None], str]
CardHook = Callable[..., "str | None"]
CodeHook = Callable[[Any, str], "str | None"]
BuildHook = Callable[[State, str, list[str], str, bool], "str | None"]
PendingHook = Callable[[Any, Mapping[str, Any], "int | None", str], str]
SeatsHook = Callable[[Any, Mapping[str, Any], str], "str | None"]

# View fields that are not shown as such: the header, the ▶ mark and the events cover them.
_NOT_SHOWN = frozenset(
    {"game", "players", "you", "is_over", "log", "result", "hand", "turn", "current_player"}
)
# Fields that are lists of cards even when they happen to have one entry per seat.
_CARD_LISTS = frozenset({"hand", "discard", "deck"})
# Lists of cards shown by their top cards alone (a discard pile grew to some 60 names, which
# buried the rest of the view): these many, and the field's name prints it whole.
_PILES = frozenset({"discard"})
_PILE_SHOWN = 5
_QUIT = frozenset({"quit", "exit", "q"})
_HELP = frozenset({"help", "h", "?"})
_CONFIRM = "ok"
_OK = frozenset({_CONFIRM, "done", "y", "yes"})
_BACK = frozenset({"back", "b"})
_CANCEL = frozenset({"cancel", "c"})
_AGAIN = object()  # an answer that leaves the question open (an error was shown)
_CANCELLED = object()  # a begun action abandoned: the question again, its choices shown again


# --------------------------------------------------------------------------------- game hooks
def game_hooks(game: Game) -> tuple[EventHook | None, CardHook | None]:
    """The game's optional ``describe_event`` and ``describe_card``."""
    return game_hook(game, "describe_event"), game_hook(game, "describe_card")


class GameWords:
    """Puts a game's views, events and results into words in one language."""

    def __init__(self, game: Game, lang: str) -> None:
        text("play.seat", lang, seat=0)  # fails early on an unknown language
        self.game = game
        self.lang = lang
        self.cards: Any = getattr(game, "cards", None)
        self._event_hook, self._card_hook = game_hooks(game)
        self._build_hook: BuildHook | None = game_hook(game, "describe_building")
        self._pending_hook: PendingHook | None = game_hook(game, "describe_pending")
        self._code_hook: CodeHook | None = game_hook(game, "card_code")
        self._turn_hook: Callable[[int, str], str] | None = game_hook(game, "describe_turn")
        self._seats_hook: SeatsHook | None = game_hook(game, "describe_seat_table")
        names_hook: Callable[[Any, str], list[str]] | None = game_hook(game, "card_names")
        self.names = tuple(names_hook(self.cards, lang)) if names_hook is not None else ()

    def t(self, key: str, **values: Any) -> str:
        return text(key, self.lang, **values)

    def sentence(self, said: str) -> Pieces:
        """Running text (a log line, a step, a prompt's explanation): on a terminal it breaks
        between words, a Japanese one between characters, but never inside a card's name, a
        code, a rule id or a number (:func:`screen.words`)."""
        return Pieces.sentence(said, keep=self.names)

    def maybe(self, key: str, **values: Any) -> str | None:
        """The text of ``key``, or None when the catalogue has no such key."""
        return self.t(key, **values) if key in catalogue() else None

    def rules(self) -> list[str]:
        """The turn and how to win in the game's words (``describe_rules``), then the command
        that prints the whole rules page: lines."""
        more = self.t("play.rules_more", command=rules_command(self.game.name, self.lang))
        describe_rules = game_hook(self.game, "describe_rules")
        return [more] if describe_rules is None else [describe_rules(self.lang), more]

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

    def turn(self, turn: int) -> str:
        """The turn's number in the game's own word for a turn ("turn 3"; 3手番目 or ターン3)."""
        if self._turn_hook is not None:
            return self._turn_hook(turn, self.lang)
        return self.t("play.turn_n", n=turn)

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

    def stage(self, view: Mapping[str, Any]) -> str:
        """What is under way before the first turn: the pending decision's kind in words
        (``draft``), else "before turn 1"."""
        pending = view.get("pending")
        kind = pending.get("kind") if isinstance(pending, Mapping) else None
        said = self.maybe(f"play.value.pending.{kind}") if kind is not None else None
        return said or self.t("play.before_first_turn")

    def coded(self, card_id: str) -> str:
        """A card with the code a person types for it (``R3 red 3``): a hand shows what the
        prompt wants. Words that already show the code (``Deluge (S12)``) stay as they are."""
        said = self.card(card_id) or card_id
        code = self._code_hook(self.cards, card_id) if self._code_hook is not None else None
        if code is None and said != card_id and self.card(card_id) is not None:
            code = card_id  # an id that is itself the code (a collaborator's ``HK``)
        return said if code is None else self.with_code(code, said)

    def named_item(self, item: str, said: str) -> str:
        """An item a person typed with its words (``said``) in brackets (``R3 (red 3)``), the
        words alone where they show it already (``Tailwind (S29)``), the item alone where it
        has no other words; words with brackets of their own in square ones (``W2/1 [Pay 1 mana
        with Water mana (2 orbs)]``)."""
        if said == item or _shows(said, item):
            return said
        nested = "(" in said or "（" in said  # 「W2/1（水のマナ（2玉）…）」 reads badly
        key = "play.build.item_nested" if nested else "play.build.item"
        return self.t(key, item=item, words=said)

    def with_code(self, code: str, said: str) -> str:
        """``said`` (a card's or an item's words) with the ``code`` a person types for it in
        front (``F2 Fire mana (2 orbs)``), unless the words are the code or already show it."""
        if _shows(said, code):
            return said
        return self.t("play.card_code", code=code, words=said)

    def code(self, card_id: str) -> str:
        """The code a person types for a card (``R3`` for ``I-R3a``; an id that is its own code
        as it is)."""
        code = self._code_hook(self.cards, card_id) if self._code_hook is not None else None
        return code or card_id

    def for_reader(self, message: Message, you: int) -> Message:
        """``message`` as the seat ``you`` reads it: a message (or a reason inside it) whose
        ``seat`` is ``you`` takes its ``<game>.for_you.<rest of the key>`` form where the game
        has one ("you must …", not "seat 0 must …")."""
        return for_reader(message, you)

    def seat_note(self, view: Mapping[str, Any]) -> str | None:
        """The game's line under the table of seats (``describe_seat_table``), or None."""
        return None if self._seats_hook is None else self._seats_hook(self.cards, view, self.lang)

    def pile(self, field: str, cards: Sequence[str], more: bool) -> list[str] | None:
        """A pile of cards (``discard``, oldest first) longer than a few, as its count and its
        top cards, with (``more``) the command that shows it whole, which never breaks; None
        for a short one."""
        if len(cards) <= _PILE_SHOWN:
            return None
        top = [[self.coded(c)] for c in reversed(cards[-_PILE_SHOWN:])]
        pieces = _led(
            self.t("play.pile.top", count=len(cards), shown=_PILE_SHOWN), self.listed(top)
        )
        if more:  # its label, in either language, shows it too (``捨て札``)
            pieces[-1] += self.t("play.pile.more", command=field)
        return pieces

    def whole_pile(self, field: str, cards: Sequence[str]) -> str:
        """A pile of cards whole, from the top; an empty one said to be empty."""
        if not cards:
            return self.t("play.pile.empty", label=self.label(field))
        top = self.join([self.coded(c) for c in reversed(cards)])
        return self.t("play.pile.all", label=self.label(field), count=len(cards), cards=top)

    def pile_tops(self, tops: Sequence[str | None], sizes: Sequence[int], you: int | None) -> str:
        """Each seat's discard pile as the table shows it: its size and its top card (the only
        card of it anyone sees), or that it is empty."""
        piles = [
            self.t("play.pile.seat", seat=self.seat(seat, you), count=size, card=self.coded(top))
            if top is not None and size
            else self.t("play.pile.seat_empty", seat=self.seat(seat, you))
            for seat, (top, size) in enumerate(zip(tops, sizes, strict=True))
        ]
        return self.t("play.pile.tops", piles=self.t("play.pile.seat_sep").join(piles))

    def needs(
        self, state: State, what: str, chosen: Sequence[str], begun: bool = False
    ) -> str | None:
        """What the action ``what`` with ``chosen`` still needs, in the game's words: a step
        offered, or ``begun`` (being built)."""
        if self._build_hook is None:
            return None
        return self._build_hook(state, what, list(chosen), self.lang, begun)

    def fact(self, field: str, value: Any, you: int | None) -> list[str]:
        """A fact of the view in words, as :meth:`pieces`: what is being resolved (``pending``)
        in the game's own words where it gives some (``describe_pending``: labels for a player,
        not the view's bookkeeping, a sentence), else as :meth:`pieces` puts any field."""
        if field == "pending" and isinstance(value, Mapping) and self._pending_hook is not None:
            return screen.words(self._pending_hook(self.cards, value, you, self.lang), self.names)
        return self.pieces(field, value)

    def event(self, event: Mapping[str, Any], names: Sequence[str] | None = None) -> str:
        """A log event in words, a seat by its player's name in ``names`` where given."""
        if self._event_hook is not None:
            return self._event_hook(self.cards, event, self.lang, names)
        rest = " ".join(f"{k}={v}" for k, v in event.items() if k != "event")
        return f"{event.get('event', '?')} {rest}".strip()

    def value(self, field: str, value: Any, plain: frozenset[str] = frozenset()) -> str:
        """A value of view field ``field`` in words; ids in ``plain`` stay ids."""
        return "".join(self.pieces(field, value, plain))

    def pieces(self, field: str, value: Any, plain: frozenset[str] = frozenset()) -> list[str]:
        """:meth:`value` as the pieces a line may break between (:class:`Pieces`): a list
        between its items, a card or a word never (``M2-06``, ``HK Hacker``)."""
        if value is None:
            return ["—"]
        if isinstance(value, bool):
            return [self.t("play.yes" if value else "play.no")]
        if isinstance(value, str):
            if value in plain:
                return [value]
            if field in _CARD_LISTS:
                return [self.coded(value)]
            return [self.maybe(f"play.value.{field}.{value}") or self.card(value) or value]
        if isinstance(value, Mapping):
            return self._mapping(field, value)
        if isinstance(value, (list, tuple)):
            return self.listed([self.pieces(field, v, plain) for v in value]) if value else ["—"]
        return [str(value)]

    def listed(self, items: Sequence[list[str]], sep: str | None = None) -> list[str]:
        """The pieces of ``items`` one after another, ``sep`` (the list separator) after each
        but the last: a line breaks after it, never inside an item it can hold."""
        sep = self.t("play.list_sep") if sep is None else sep
        pieces: list[str] = []
        for item in items:
            if pieces:
                pieces[-1] += sep
            pieces += item
        return pieces

    def _mapping(self, field: str, value: Mapping[str, Any]) -> list[str]:
        """A dict: grouped by value when its values are all words (``up: A, B / down: C``),
        else ``key: value`` pairs; a key's words stay with the first of what it says."""
        if not value:
            return ["—"]
        if all(isinstance(v, str) for v in value.values()) and len(set(value.values())) < len(
            value
        ):  # few distinct words: group the keys by them, each with its code (``HK Hacker``)
            groups: dict[str, list[list[str]]] = {}
            for k, v in value.items():
                groups.setdefault(self.value(field, v), []).append([self.coded(str(k))])
            said = [_led(f"{v}: ", self.listed(ks)) for v, ks in groups.items()]
            return self.listed(said, " / ")
        keys = {k: self.card(str(k)) or self.maybe(f"play.view.{k}") or str(k) for k in value}
        return self.listed([_led(f"{keys[k]}: ", self.pieces(field, v)) for k, v in value.items()])


def _said_as(key: str) -> frozenset[str]:
    """A command word as any language says it (``rules``, ``ルール``), lower case: a person may
    type either."""
    return frozenset(text(key, lang).lower() for lang in LANGUAGES)


def _led(lead: str, pieces: list[str]) -> list[str]:
    """``pieces`` led by ``lead`` (a label), which a line never leaves alone at its end."""
    return [lead + pieces[0], *pieces[1:]]


# --------------------------------------------------------------------------------- the view
def view_title(words: GameWords, seat: int, view: Mapping[str, Any]) -> str:
    """The line above a seat's view: the game, the seat, and the turn (or what comes before the
    first: a draft; "turn 0" would be no turn at all)."""
    turn = view.get("turn")
    if turn is None:
        return words.t("play.header", game=words.title(), seat=seat)
    if turn < 1:
        return words.t("play.header_stage", game=words.title(), seat=seat, stage=words.stage(view))
    return words.t("play.header_turn", game=words.title(), seat=seat, turn=words.turn(turn))


def _seat_keys(value: Any, players: int) -> bool:
    if isinstance(value, list):
        return len(value) == players
    if isinstance(value, Mapping) and value:
        return all((n := typed_number(str(k))) is not None and n < players for k in value)
    return False


def _by_seat(value: Any, seat: int) -> Any:
    if isinstance(value, list):
        return value[seat]
    found = value.get(str(seat), value.get(seat)) if isinstance(value, Mapping) else None
    return found


def render_view(
    words: GameWords, view: Mapping[str, Any], brief: bool = False, asking: bool = False
) -> Group:
    """A seat's view, readably: the hand, a table of per-seat facts, tables of id-keyed facts
    (missions), then the remaining facts; ``brief`` keeps the hand and the facts only. Lists
    break between their items, descriptions between words (:class:`Pieces`); printed with
    :func:`print_whole`, a table too wide for the terminal is split into tables of fewer columns.
    A long pile of cards shows its top cards, and, ``asking`` (a prompt follows), how to see it
    whole."""
    players: int = view["players"]
    you = view.get("you")
    parts: list[RenderableType] = []
    hand = view.get("hand", [])
    if you is not None:
        label = f"{words.label('hand')} ({len(hand)}): "
        parts.append(Pieces(_led(label, words.pieces("hand", hand))))
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
            cells = [Pieces(words.pieces(k, _by_seat(view[k], seat), plain)) for k in per_seat]
            table.add_row(Text(name), *cells)
        parts.append(table)
        note = words.seat_note(view)
        if note:
            parts.append(words.sentence(note))
    if not brief:
        for k in by_id:
            table = Table(show_edge=False, pad_edge=False)
            table.add_column(escape(words.label(k)))
            table.add_column(escape(words.maybe(f"play.view_values.{k}") or ""))
            for key, value in view[k].items():
                described = words.card(str(key), detail=True) or str(key)
                table.add_row(words.sentence(described), Pieces(words.pieces(k, value)))
            parts.append(table)
    shown = [k for k in facts if view[k] is not None]
    if brief:
        shown = [k for k in shown if k in ("actions_left", "phase", "pending")]
    said = [
        _led(f"{words.label(k)}: ", _pile(words, k, view[k], asking) or words.fact(k, view[k], you))
        for k in shown
    ]
    # what is being resolved on a line of its own, last, just above the steps that answer it (a
    # reaction: among the deck's count and the rules it was not read)
    rest = [line for k, line in zip(shown, said, strict=True) if k != "pending"]
    if rest:
        parts.append(Pieces(words.listed(rest, "  ·  ")))
    parts += [Pieces(line) for k, line in zip(shown, said, strict=True) if k == "pending"]
    return Group(*parts)


def _pile(words: GameWords, field: str, value: Any, asking: bool) -> list[str] | None:
    if field not in _PILES or not isinstance(value, list):
        return None
    return words.pile(field, value, asking)


def _shows(said: str, code: str) -> bool:
    """Whether words show a code already, whole (``Deluge (S12)`` shows ``S12``)."""
    return re.search(rf"(?<![\w/]){re.escape(code)}(?![\w/])", said) is not None


def render_steps(
    words: GameWords, legal: Sequence[Any], state: State | None = None
) -> RenderableType:
    """The numbered steps; with ``state``, each says what it needs beyond cards (the game's
    ``describe_building``: "needs 1 collaborator as a wild")."""
    table = Table(show_header=False, show_edge=False, box=None, pad_edge=False)
    table.add_column(justify="right")
    table.add_column(no_wrap=True)
    table.add_column()
    for number, action in enumerate(legal, 1):
        described = action.describe(words.lang)
        needs = words.needs(state, action.notation, []) if state is not None else None
        if needs:
            described = f"{described} — {needs}"
        table.add_row(str(number), Text(str(action)), words.sentence(described))
    return Group(Text(words.t("play.steps")), table)


def render_building(
    words: GameWords,
    what: str,
    chosen: Sequence[str],
    now: Choices,
    name: Callable[[str], str],
    needs: str | None,
) -> RenderableType:
    """A begun action: what is chosen, the items that can still be added (numbered), what it
    still needs, and whether it is complete. ``name`` puts an item in words."""

    said = [words.named_item(item, name(item)) for item in chosen]
    picked = words.join(said) or words.t("play.build.none")
    lines: list[RenderableType] = [
        words.sentence(words.t("play.build.what", what=name(what))),
        words.sentence(words.t("play.build.chosen", items=picked)),
    ]
    options = build_options(now)
    confirm = options[:1] if now.complete else []
    if confirm:
        lines.append(_numbered(words, [(1, _CONFIRM, words.t("play.build.do_it"))]))
    if now.addable:
        lines.append(words.sentence(words.t("play.build.addable")))
        start = len(confirm) + 1
        lines.append(
            _numbered(words, [(n, item, name(item)) for n, item in enumerate(now.addable, start)])
        )
    if needs:
        lines.append(words.sentence(needs))
    if now.complete:
        key = "play.build.complete_more" if now.addable else "play.build.complete"
    else:
        key = "play.build.incomplete"
    lines.append(words.sentence(words.t(key)))
    return Group(*lines)


def _numbered(words: GameWords, rows: Sequence[tuple[int, str, str]]) -> Table:
    table = Table(show_header=False, show_edge=False, box=None, pad_edge=False)
    table.add_column(justify="right")
    table.add_column(no_wrap=True)
    table.add_column()
    for number, item, words_of in rows:
        said = words.sentence(words_of if words_of != item else "")
        table.add_row(str(number), Text(item), said)
    return table


def build_options(now: Choices) -> list[str]:
    """The numbered answers in a builder: ``ok`` first once the action is complete, then the
    items that can be added (so answering 1 always moves a build on)."""
    return ([_CONFIRM] if now.complete else []) + list(now.addable)


def render_result(
    words: GameWords, result: Result, agents: Sequence[str], humans: Sequence[int]
) -> Group:
    """The ranks, scores and why (a sentence, which breaks between words, in Japanese between
    characters, never inside its rule id: ``EM-5.3``), then who won."""
    you = humans[0] if len(humans) == 1 else None
    table = Table(title=words.t("play.result"), show_edge=False)
    table.add_column(words.t("play.rank"), justify="right")
    table.add_column(words.t("play.seat_column"))
    table.add_column(words.t("play.score"), justify="right")
    if result.decided_by:
        table.add_column(words.t("play.decided_by"))
    for seat in sorted(range(len(result.ranks)), key=lambda s: (result.ranks[s], s)):
        who = words.seat(seat, you)
        if seat != you:
            who += " " + (words.maybe(f"play.agent.{agents[seat]}") or agents[seat])
        if seat in result.winners:
            who = words.t("play.winner_tag", seat=who)
        score = f"{result.scores[seat]:g}"
        why = result.decided_by[seat].text(words.lang) if result.decided_by else None
        said = [words.sentence(why)] if why is not None else []
        table.add_row(str(result.ranks[seat]), Pieces.name(who), score, *said)
    lines: list[RenderableType] = [table]
    if result.truncated:
        lines.append(words.sentence(words.t("play.truncated")))
    if result.winners:
        winners = words.join([words.seat(s, you) for s in result.winners])
        lines.append(words.sentence(words.t("play.winners", seats=winners)))
        if you is not None and you in result.winners:
            lines.append(words.sentence(words.t("play.you_win")))
    else:
        lines.append(words.sentence(words.t("play.no_winner")))
    return Group(*lines)


# --------------------------------------------------------------------------------- input
def offered_steps(state: State, legal: Sequence[Action]) -> list[Action]:
    """The steps a person is offered, numbered: the legal steps, except that during a chore
    (``take``, ``discard``, ``recover``: cards picked in any order) every card that can be picked
    next is listed (``state.choices``). ``legal_actions`` keeps one canonical path per action, so
    it offers a card only where enough cards after it remain (``take R09``, the last of the hand,
    is legal only second), and a person would not see it among the choices."""
    chore = state._chore() if state.current_player is not None else None
    if chore is None:
        return list(legal)
    prefix = f"{chore} "
    by_notation = {a.notation: a for a in legal}
    items: list[Action] = []
    for item in state.choices(chore).addable:
        action = by_notation.get(prefix + item) or item_step(state, chore, item)
        if action is not None:
            items.append(action)
    listed = {a.notation for a in items}
    # the cards in the order they can be picked, then the other steps (``pass``)
    return items + [a for a in legal if a.notation not in listed]


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


def _terminal_input() -> int | None:
    """The descriptor of standard input when it is a terminal; None for a pipe or a file (a
    script, a test), whose lines are all meant as answers."""
    try:
        return sys.stdin.fileno() if sys.stdin.isatty() else None
    except (AttributeError, OSError, ValueError):  # no stdin, or one replaced by a test runner
        return None


def _discard_typeahead() -> None:
    """Drop what was typed on the terminal before a prompt is shown (while a bot thought): a
    line typed then would answer a question nobody has seen yet."""
    fd = _terminal_input()
    if fd is not None and termios is not None:
        termios.tcflush(fd, termios.TCIFLUSH)


@contextmanager
def _unechoed() -> Iterator[None]:
    """The terminal does not echo what is typed meanwhile (while a bot thinks): the spinner's
    line stays whole, and the keys are dropped before the next prompt anyway."""
    fd = _terminal_input()
    if fd is None or termios is None:
        yield
        return
    was = termios.tcgetattr(fd)
    quiet = list(was)
    quiet[3] &= ~termios.ECHO  # the local modes
    termios.tcsetattr(fd, termios.TCSANOW, quiet)
    try:
        yield
    finally:
        termios.tcsetattr(fd, termios.TCSANOW, was)


def fold_case(tokens: Sequence[str], known: Sequence[str]) -> list[str]:
    """``tokens`` as typed, each one that spells a token of ``known`` in another case (``draw``
    for ``Draw``, ``W1`` for ``w1``) as that token, where it spells exactly one: the notation
    keeps its case, a person need not."""
    spelled: dict[str, set[str]] = {}
    for token in known:
        for word in token.split():
            spelled.setdefault(word.casefold(), set()).add(word)
    folded = []
    for token in tokens:
        words = spelled.get(token.casefold(), set())
        folded.append(next(iter(words)) if len(words) == 1 and token not in words else token)
    return folded


def _in_case(state: State, entry: str) -> str:
    """``entry`` (a step, a first step and items, or a whole action) in the notation's case where
    it differs only in case: its first step by the legal steps, its items by those the action it
    begins can take."""
    tokens = entry.split()
    legal = [a.notation for a in state.legal_actions()]
    chore = state._chore()
    tokens = fold_case(tokens, legal + ([chore] if chore else []))
    begun = split(state, " ".join(tokens))
    if begun is not None:
        tokens = fold_case(tokens, state.choices(begun[0]).addable)
    return " ".join(tokens)


def _briefly(agent: Agent, decision: Decision) -> Action:
    """``agent``'s step, a searching agent's search cut to ``brief_budget``."""
    if not isinstance(agent, ISMCTSAgent):
        return agent.act(decision)
    budget = agent.budget
    agent.budget = brief_budget(budget)
    try:
        return agent.act(decision)
    finally:
        agent.budget = budget


def _implied(state: State, what: str, chosen: Sequence[str], item: str) -> bool:
    """Whether ``item``, added to the complete ``chosen``, names what the game then does by
    itself (a scry's last card): still the same whole action."""
    try:
        steps(state, what, [*chosen, item])
    except IllegalAction:
        return False
    return True


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
        cards_file: str | None = None,
    ) -> None:
        if len(seats) != game.players:
            raise SetupError("setup.seats_for_players", seats=len(seats), players=game.players)
        self.words = GameWords(game, lang)
        if HUMAN not in seats:
            raise SetupError("play.no_human")
        self.game = game
        self.seats = list(seats)
        self.seed = seed
        self.setup = setup
        self.cards_file = cards_file  # a card file of one's own, said at the start
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
        self.discard_typeahead: Callable[[], None] = _discard_typeahead
        # what times a bot's answer to a question asked whatever it holds (tests put their own)
        self.clock: Callable[[], float] = time.monotonic
        self.sleep: Callable[[float], None] = time.sleep

    def run(self) -> Result | None:
        """Play to the end and return the result, or None if a person quits. Ctrl-C says the
        game is abandoned, then goes on up (the command exits with 130)."""
        try:
            return self._run()
        except KeyboardInterrupt:
            self.console.line()  # Ctrl-C leaves the prompt's line open
            self._say(self.words.t("play.quit"))
            raise

    def _run(self) -> Result | None:
        w = self.words
        self._say(w.t("play.welcome", game=w.title(), players=self.game.players))
        self._say(w.t("play.rules_start", command=rules_command(self.game.name, w.lang)))
        if self.cards_file is not None:
            # one line, the terminal wrapping it: a path broken by a newline would not copy whole
            self.console.print(Text(w.t("play.cards_used", file=self.cards_file)), soft_wrap=True)
        state = self.game.new_state(self.seed, self.setup)
        while (seat := state.current_player) is not None:
            if seat in self.agents:
                state.apply(self.bot_step(seat, state))
                continue
            steps = self.ask(state, seat)
            if steps is None:
                self._say(w.t("play.quit"))
                return None
            for step in steps:
                state.apply(step)
            self.last_history = len(state.history)
        self.show_end(state)
        return state.result()

    # ----------------------------------------------------------------- one decision
    def bot_step(self, seat: int, state: State) -> Action:
        """The bot of ``seat`` decides; a searching bot (``normal``, ``hard``) may take a second,
        so a person at a terminal sees that it is thinking. A question asked whatever the seat
        holds (``asked_whatever_held``: a reaction window) is answered as a room's bot answers it
        (:mod:`bodoge.server.bots`), so that its wait tells nothing of the hand: with the
        spinner, whether it can only pass or not, once the delay drawn by ``answer_delay`` has
        passed (from the game's seed and the step's place, a generator of its own that changes
        no step), after a search cut to end well inside it (``brief_budget``). A pipe has no
        spinner and waits for nothing; the step is the same (a game replays from its seed)."""
        agent = self.agents[seat]
        decision = Decision.of(state, with_view=needs_view(agent))
        asked = state.asked_whatever_held()
        terminal = self.console.is_terminal
        if not asked and (not terminal or len(decision.legal) == 1):
            with _unechoed():
                return agent.act(decision)
        answer_at = self.clock() + answer_delay(derive_seed(self.seed, "bot", len(state.history)))
        thinking = Text(self.words.t("play.agent.thinking", seat=seat))
        with self.console.status(thinking) if terminal else nullcontext(), _unechoed():
            step = _briefly(agent, decision) if asked else agent.act(decision)
            if asked and terminal and (wait := answer_at - self.clock()) > 0:
                self.sleep(wait)
        return step

    def ask(self, state: State, seat: int) -> list[str] | None:
        """Show ``seat`` its view and steps, read until a legal answer; None means quit."""
        w = self.words
        if len(self.humans) > 1 and seat != self.last_human:
            # hot-seat: the last person's hand must not stay on screen for the next (hidden
            # information); cleared before the hand-over and again once the next one is there
            handing_over = self.last_human is not None
            if handing_over:
                self._clear()
            self._say(w.t("play.pass_terminal", seat=seat))
            if self._read("") is None:
                return None
            if handing_over:
                self._clear()
        continuing = self.last_human == seat and self.last_history == len(state.history)
        self.last_human = seat
        decision = Decision.of(state)
        offered = offered_steps(state, decision.legal)
        self.show(decision, brief=continuing, state=state, offered=offered)
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
                self._say(w.help())
                self.console.print(render_steps(w, offered, state))
                continue
            pile = self._pile_asked(state, decision.view, entry)
            if pile is not None:
                self._say(pile)
                continue
            if entry.lower() in _said_as("play.command.rules"):
                for line in w.rules():
                    self._say(line)
                continue
            typed = typed_number(entry)
            picked = typed is not None
            if typed is not None:
                if not 1 <= typed <= len(offered):
                    self._error(w.t("play.bad_number", number=typed, count=len(offered)))
                    continue
                entry = offered[typed - 1].notation
            answer = self.answer(state, seat, entry, typed=not picked)
            if answer is _CANCELLED:
                self.console.print(render_steps(w, offered, state))
            if answer is _AGAIN or answer is _CANCELLED:
                continue
            if answer is None or isinstance(answer, list):
                return answer
            return None  # pragma: no cover - answer returns only these

    def _pile_asked(self, state: State, view: Mapping[str, Any], entry: str) -> str | None:
        """The discard pile asked for (``discard``, ``捨て札``, or its label, in any language)
        while no step begins so (Ruler of Mana's ``discard`` chore): a pile of the view whole
        (Ruler of Mana's), or each seat's pile as far as it is public, its size and top card
        (Extreme Mission's ``discard_tops``, EM-3.3)."""
        labels = ("play.command.discard", "play.view.discard", "play.view.discard_sizes")
        if entry.lower() not in frozenset().union(*map(_said_as, labels)):
            return None
        if split(state, entry) is not None:
            return None
        for field in _PILES:
            if isinstance(view.get(field), list):
                return self.words.whole_pile(field, view[field])
        tops, sizes = view.get("discard_tops"), view.get("discard_sizes")
        if isinstance(tops, list) and isinstance(sizes, list):
            return self.words.pile_tops(tops, sizes, view.get("you"))
        return None

    def answer(self, state: State, seat: int, entry: str, typed: bool) -> Any:
        """One answer to the question: the steps to apply, None to quit, or ``_AGAIN`` (or
        ``_CANCELLED``) to ask again. A first
        step that begins a compound action opens the builder (with any items typed after it);
        anything else is a step or a whole action as typed."""
        entry = _in_case(state, entry)
        begun = split(state, entry)
        if begun is not None:
            what, items = begun
            if state.choices(what) != Choices((), True):
                return self.build(state, what, items, typed)
        try:
            return whole_action(state, seat, entry, self.words)
        except IllegalAction as err:
            self._error(self.words.for_reader(err.message, seat).text(self.words.lang))
            return _AGAIN

    # ----------------------------------------------------------------- building an action
    def build(self, state: State, what: str, items: list[str], typed: bool) -> Any:
        """A person builds the action ``what`` item by item, in any order (``state.choices``);
        ``back`` takes the last item out, ``cancel`` abandons, ``ok`` (or Enter) applies the
        whole action once it is complete. Items ``typed`` with the first step that already make
        a whole action apply at once, as a whole action typed on one line does."""
        w = self.words
        chosen: list[str] = []
        name = self._namer(state, what)
        error = self._add(state, what, chosen, items, name)
        if error is not None:
            self._error(error)
            return _AGAIN
        now = state.choices(what, chosen)
        if now.complete and ((typed and items) or not now.addable):
            return steps(state, what, chosen)
        while True:
            needs = w.needs(state, what, chosen, begun=True)
            self.console.print(render_building(w, what, chosen, now, name, needs))
            entry = self._read(w.t("play.build.prompt"))
            if entry is None:
                return None
            entry = entry.strip()
            word = entry.lower()
            if word in _QUIT:
                return None
            if word in _HELP:
                self._say(w.t("play.build.help"))
                continue
            if word in _CANCEL or (word in _BACK and not chosen):
                self._say(w.t("play.build.cancelled", what=name(what)))
                return _CANCELLED
            if word in _BACK:
                chosen.pop()
            elif word in _OK or not entry:
                if now.complete:
                    return steps(state, what, chosen)
                if entry:
                    self._error(w.t("play.build.not_complete"))
                continue
            else:
                tokens = entry.split()
                # a number is the answer shown with it, beside items too (``R3 R2 2``), unless
                # it is itself an item
                options = build_options(now)
                numbers = [None if t in now.addable else typed_number(t) for t in tokens]
                bad = [n for n in numbers if n is not None and not 1 <= n <= len(options)]
                if bad:
                    self._error(w.t("play.bad_number", number=bad[0], count=len(options)))
                    continue
                tokens = [
                    t if n is None else options[n - 1] for t, n in zip(tokens, numbers, strict=True)
                ]
                if tokens == [_CONFIRM]:
                    return steps(state, what, chosen)
                tokens = fold_case(tokens, [what, *now.addable, *chosen])
                error = self._add(state, what, chosen, tokens, name)
                if error is not None:
                    self._error(error)
                    continue
            now = state.choices(what, chosen)

    def _add(
        self,
        state: State,
        what: str,
        chosen: list[str],
        items: Sequence[str],
        name: Callable[[str], str],
    ) -> str | None:
        """Add ``items`` to ``chosen``, all or none: the reason when one cannot be added (the
        action and its items in words by ``name``)."""
        verb = what if " " not in what else None
        trial = list(chosen)
        for item in items:
            if item == verb:  # ``discard E1 discard S01``: the verb said again
                continue
            now = state.choices(what, trial)
            if item not in now.addable and not (
                now.complete and _implied(state, what, trial, item)
            ):
                return self._not_addable(state, what, trial, now, item, name)
            trial.append(item)
        chosen[:] = trial
        return None

    def _not_addable(
        self,
        state: State,
        what: str,
        chosen: Sequence[str],
        now: Choices,
        item: str,
        name: Callable[[str], str],
    ) -> str:
        """Why ``item`` cannot be added to ``what`` with ``chosen``: it is chosen already (as
        often as it is held), the action is complete and takes nothing more, or the person holds
        no such card; else the action and what can be added, in words (``name``) beside the
        notation a person types."""
        w = self.words
        said = w.named_item(item, name(item))
        hand = [w.code(c) for c in state.view(state.current_player).get("hand", [])]
        if item in chosen and chosen.count(item) >= max(1, hand.count(item)):
            return w.t("play.build.already", item=said)
        if now.complete and not now.addable:
            return w.t("play.build.full", item=said)
        if item not in hand and item in {w.code(c) for c in state.card_census()}:
            return w.t("play.build.not_held", item=said)
        can = w.join([w.with_code(i, name(i)) for i in now.addable]) or w.t("play.build.none")
        return w.t("play.build.not_addable", item=said, what=name(what), addable=can)

    def _namer(self, state: State, what: str) -> Callable[[str], str]:
        """Words for the action ``what`` and its items (``_item_names``, worked out when first
        asked: a whole action typed at once needs none), an item no first step adds (a 2-orb
        card paying 1: ``W2/1``) when it is asked for."""
        names: dict[str, str] = {}

        def name(item: str) -> str:
            if not names:
                names.update(self._item_names(state, what))
            if item not in names:
                names[item] = self._item_words(state, what, item)
            return names[item]

        return name

    def _item_names(self, state: State, what: str) -> dict[str, str]:
        """Words for the items of ``what`` and for ``what`` itself: the game's card words, else
        the words of the step that adds the item first; a chore (``take``) by the word the view
        has for it."""
        w = self.words
        names: dict[str, str] = {}
        trial = state.clone()
        legal = {a.notation: a for a in trial.legal_actions()}
        prefix = ""
        if what in legal:
            names[what] = legal[what].describe(w.lang)
            trial.apply(what)
            legal = {a.notation: a for a in trial.legal_actions()}
        else:
            names[what] = w.maybe(f"play.value.pending.{what}") or what
            prefix = f"{what} "
        for notation, action in legal.items():
            item = notation[len(prefix) :] if notation.startswith(prefix) else notation
            names[item] = w.card(item) or action.describe(w.lang)
        return names

    def _item_words(self, state: State, what: str, item: str) -> str:
        """An item of ``what`` in words: the game's card words, else the words of the step that
        adds it, wherever in the action that step comes; else the item as typed."""
        said = self.words.card(item)
        if said is None:
            step = item_step(state, what, item)
            said = step.describe(self.words.lang) if step is not None else item
        return said

    def _read(self, prompt: str) -> str | None:
        self.discard_typeahead()  # what was typed before the prompt answers nothing unseen
        try:
            return self.read_line(prompt)
        except EOFError:  # Ctrl-D, or the end of a pipe: nothing ended the prompt's line
            self.console.line()
            return None

    def _clear(self) -> None:
        """Clear the screen and the terminal's scrollback, so what was shown cannot be scrolled
        back to; a pipe or a file has no screen, so nothing there is cleared."""
        if not self.console.is_terminal:
            return
        self.console.clear()
        self.console.file.write("\x1b[3J")  # erase the scrollback (xterm's ED 3; tmux too)
        self.console.file.flush()

    def _say(self, line: str) -> None:
        """A long line: on a terminal it wraps between words, a Japanese one between characters
        but never inside a card's name, a code, a rule id or a number (the terminal would cut it
        anywhere); into a pipe or a file it stays one line, for whatever reads it."""
        self.console.print(self.words.sentence(line), soft_wrap=not self.console.is_terminal)

    def _error(self, message: str) -> None:
        one_line = " ".join(message.split())
        self._say(self.words.t("play.bad_input", error=one_line))

    # ----------------------------------------------------------------- showing things
    def _new_events(self, seat: int | None, view: Mapping[str, Any]) -> list[str]:
        log: list[Mapping[str, Any]] = view.get("log", [])
        start = self.seen.get(seat, 0) if seat is not None else 0
        if seat is not None:
            self.seen[seat] = len(log)
        return [self.words.event(e) for e in log[start:]]

    def _print_events(self, events: Sequence[str]) -> None:
        if events:
            self._say(self.words.t("play.since"))
            for line in events:
                self._say(f"  • {line}")

    def show(
        self,
        decision: Decision,
        brief: bool,
        state: State | None = None,
        offered: Sequence[Action] | None = None,
    ) -> None:
        w = self.words
        view = decision.view
        if not brief:
            self.console.print(Rule(Text(view_title(w, decision.seat, view))))
        self._print_events(self._new_events(decision.seat, view))
        print_whole(self.console, render_view(w, view, brief=brief, asking=True).renderables)
        steps = decision.legal if offered is None else offered
        self.console.print(render_steps(w, steps, state))

    def show_end(self, state: State) -> None:
        w = self.words
        seat = self.humans[0] if len(self.humans) == 1 else None
        view = state.view(seat)
        if seat is None:  # hot-seat: the public events nobody has seen yet
            self._clear()  # the last person's hand is not for everyone
            start = min(self.seen.values())
            self.seen = {}
            events = [w.event(e) for e in view.get("log", [])[start:]]
        else:
            events = self._new_events(seat, view)
        self.console.print(Rule(Text(w.t("play.over"))))
        self._print_events(events)
        print_whole(self.console, render_view(w, view).renderables)
        result = render_result(w, state.result(), self.seats, self.humans)
        print_whole(self.console, result.renderables)
        # the seed reveals the deck and every hand: shown only now the game is over
        self._say(w.t("play.replay", seed=self.seed))
