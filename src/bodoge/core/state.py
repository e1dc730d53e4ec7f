"""The state of one game: the protocol every game implements.

A :class:`State` always waits on one decision by one seat (``current_player``) or is over.
Everything that needs no decision — shuffles, turn-start draws, deck rebuilds — happens inside
``new_state`` and ``apply``. A game subclasses :class:`State` and fills in the ``_``-methods;
the public methods here (``apply`` with its parsing and all-or-nothing whole actions,
``history``, ``to_json``) are shared.
"""

from __future__ import annotations

import json
import random
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from mypy_extensions import mypyc_attr

from bodoge.core.action import Action, Choices
from bodoge.core.choices import Exploration, choices
from bodoge.core.errors import IllegalAction
from bodoge.core.fields import attribute_names
from bodoge.core.i18n import Message
from bodoge.core.result import Result
from bodoge.core.scenario import check_viewer

if TYPE_CHECKING:
    from bodoge.core.game import Game

JSON = dict[str, Any]
#: Who sees a log entry's private part: one seat, several (a list), or None (nobody).
Seers = int | list[int] | None


def _sees(seat: Seers, player: int | None) -> bool:
    return player in seat if isinstance(seat, list) else seat == player


class Log:
    """Events of a game. Each has a public part, and may have a part only some seats see: one
    seat (``seat``), or several (a list: a theft's thief and victim both see which cards)."""

    __slots__ = ("entries",)

    def __init__(self, entries: list[tuple[JSON, Seers, JSON | None]] | None = None) -> None:
        self.entries = entries if entries is not None else []

    def add(self, event: JSON, seat: Seers = None, private: JSON | None = None) -> None:
        """Record ``event`` for everyone, plus ``private`` fields that only ``seat`` sees (each
        seat of it, when it is a list)."""
        self.entries.append((event, seat, private))

    def seen_by(self, player: int | None) -> list[JSON]:
        """The events as ``player`` (None: a spectator) sees them.

        >>> log = Log()
        >>> log.add({"event": "steal", "seat": 0, "from": 2}, [0, 2], {"cards": ["X"]})
        >>> [p[0].get("cards") for p in (log.seen_by(0), log.seen_by(1), log.seen_by(2))]
        [['X'], None, ['X']]
        """
        out = []
        for event, seat, private in self.entries:
            if private is not None and _sees(seat, player):
                out.append({**event, **private})
            else:
                out.append(dict(event))
        return out

    def kept_for(self, player: int) -> Log:
        """The log with the private parts ``player`` sees only (a determinization for it: the
        other seats of that state must not see what ``player`` cannot tell)."""
        return Log(
            [
                (e, player, p) if p is not None and _sees(s, player) else (e, s, None)
                for e, s, p in self.entries
            ]
        )

    def copy(self) -> Log:
        return Log(list(self.entries))

    def to_list(self) -> list[Any]:
        return [[event, seat, private] for event, seat, private in self.entries]

    @classmethod
    def from_list(cls, data: list[Any]) -> Log:
        return cls([(e[0], e[1], e[2]) for e in data])

    @classmethod
    def from_view(
        cls, events: Sequence[JSON], you: int | None, private_fields: Mapping[str, Sequence[str]]
    ) -> Log:
        """The log of a view (``you``'s events) rebuilt so that ``seen_by(you)`` gives them back,
        ``you``'s private parts split off again (``private_fields``: event name -> the fields
        only the seats it names see, never public, so an event that holds them was seen by
        ``you``: a draw of its own, or a theft from it) so that other seats of a state built
        from it do not see them.

        >>> log = Log.from_view([{"event": "draw", "seat": 1, "card": "X"}], 1, {"draw": ["card"]})
        >>> log.seen_by(1), log.seen_by(0)
        ([{'event': 'draw', 'seat': 1, 'card': 'X'}], [{'event': 'draw', 'seat': 1}])
        """
        entries: list[tuple[JSON, Seers, JSON | None]] = []
        for event in events:
            fields = private_fields.get(event.get("event", ""), ())
            if you is not None and fields and fields[0] in event:
                public = {k: v for k, v in event.items() if k not in fields}
                entries.append((public, you, {k: event[k] for k in fields}))
            else:
                entries.append((dict(event), None, None))
        return cls(entries)


# Compiled with mypyc (bodoge.native), and still a base that a game in pure Python may extend.
@mypyc_attr(allow_interpreted_subclasses=True)
class State(ABC):
    """One position of a game. Subclasses keep the position small and explicit."""

    game: Game
    rng: random.Random
    log: Log
    _history: list[str]
    # The legal steps of this position, found once (``_legal_steps``); None: not yet. Copies
    # share the list, which is never changed in place; code that changes a position sets it
    # to None.
    _legal: list[Action] | None
    # The same steps by notation, made from the list only when a step is looked up by name.
    _legal_index: tuple[list[Action], dict[str, Action]] | None = None
    # What ``choices`` found in this position, by first step (``core.choices``); a copy starts
    # without, and every step forgets it.
    _explored: dict[str, Exploration] | None = None

    def __init__(self, game: Game, rng: random.Random) -> None:
        self.game = game
        self.rng = rng
        self.log = Log()
        self._history = []
        self._legal = None

    # ----------------------------------------------------------------- what a game provides
    @property
    @abstractmethod
    def current_player(self) -> int | None:
        """The seat that must decide now, or None once the game is over."""

    @property
    def turn_player(self) -> int | None:
        """Whose turn it is, or None once the game is over. The same seat as ``current_player``
        unless another seat decides in that turn (a reaction, a secret pick): games with such
        decisions say whose turn it is themselves."""
        return self.current_player

    def asked_whatever_held(self) -> bool:
        """True when the seat deciding now would be asked whatever it held (a reaction window
        every seat in its place is asked, so that being asked tells nobody anything): then how
        long its answer takes must not tell what it holds either (the server's bots answer
        such questions after a delay of their own, ``bodoge.server.bots``). False by default."""
        return False

    @abstractmethod
    def _legal_steps(self) -> list[Action]:
        """Every legal step, in a deterministic order (empty only when the game is over), as a
        list the game does not change afterwards (``legal_actions`` hands out copies of it)."""

    @abstractmethod
    def _do(self, action: Action) -> None:
        """Carry out a step already known to be legal, and everything that follows without a
        decision."""

    @abstractmethod
    def result(self) -> Result:
        """Scores, ranks, winners and truncation of a finished game (ValueError before the end)."""

    @abstractmethod
    def _view(self, player: int | None) -> JSON:
        """The game's own part of ``view(player)`` (``player`` is checked), JSON-ready."""

    @abstractmethod
    def _hand(self, seat: int) -> list[str]:
        """The card ids in ``seat``'s hand, in the order the game shows them."""

    @abstractmethod
    def _hand_sizes(self) -> list[int]:
        """How many cards each seat holds (public in every game)."""

    @abstractmethod
    def _deck_size(self) -> int:
        """How many cards the deck holds."""

    @abstractmethod
    def clone(self) -> State:
        """An independent copy of the full state."""

    @abstractmethod
    def determinize(self, player: int, seed: int) -> State:
        """A full state consistent with ``view(player)``: what that seat cannot see is dealt anew
        from ``seed``, and the copy has a fresh generator (so the future is not the real one)."""

    @abstractmethod
    def card_census(self) -> list[str]:
        """Every card id of the game, wherever it is, sorted (for conservation checks)."""

    @abstractmethod
    def _state_dict(self) -> JSON:
        """The game's part of the full state, JSON-ready."""

    def _why_illegal(self, notation: str) -> Message:
        """Why ``notation`` is not a legal step now, in one line. Games say more where they can."""
        return Message("illegal.not_legal", {"notation": notation, "legal": self.legal_shown()})

    def legal_shown(self) -> str:
        """The first legal steps, for a refusal to list."""
        legal = list(self._legal_map())
        return ", ".join(legal[:8]) + (" …" if len(legal) > 8 else "")

    def _items_unordered(self) -> bool:
        """True while the next steps add items whose order carries no meaning (canonical order)."""
        return False

    def _in_action(self) -> bool:
        """True while a compound action has begun and is not complete yet."""
        return False

    def _chore_going(self) -> bool:
        """True while the chore (``_chore``) that a person began is not done. Games whose chores
        go on past ``_in_action`` (cards dropped one step at a time) say so."""
        return self._in_action()

    def _chore(self) -> str | None:
        """The verb of the chore the current decision is (``drop``, ``discard``), when it is made
        of several cards chosen by steps spelled ``<verb> <card>``; else None."""
        return None

    def _fast_choices(self, what: str, chosen: list[str]) -> Choices | None:
        """``choices`` answered by the game's own completability check, where exploring every
        path of steps would be slow for a person; None to explore them (the exact reference)."""
        return None

    def _items_ordered(self) -> bool:
        """True when, in the action just begun, the order of the items means something (cards
        put back on top, a cycle's first card to the bottom first); else they are a multiset."""
        return False

    def _implied_items(self, action: Action) -> tuple[str, ...]:
        """The items the game adds by itself when ``action`` ends the action begun (a scry's last
        card, which has one place): a person may name them too and means the same action. None
        by default."""
        return ()

    # ----------------------------------------------------------------- the shared protocol
    @property
    def players(self) -> int:
        return self.game.players

    @property
    def is_over(self) -> bool:
        return self.current_player is None

    def view(self, player: object) -> JSON:
        """A JSON-ready dict of what ``player`` may know (None: a spectator; a bad seat is a
        ``SetupError``): the keys every game shares (DESIGN.md, "Views"), then the game's own
        (``_view``), the log as that seat sees it and, once the game is over, its result."""
        player = check_viewer(self.players, player)
        over = self.is_over
        out: JSON = {
            "game": self.game.name,
            "players": self.players,
            "current_player": self.current_player,
            "you": player,
            "hand": [] if player is None else self._hand(player),
            "hand_sizes": self._hand_sizes(),
            "deck_size": self._deck_size(),
            "is_over": over,
            "turn_cap": self.game.turn_cap,
            **self._view(player),
            "log": self.log.seen_by(player),
        }
        if over:
            out["result"] = self.result().to_dict()
        return out

    @property
    def history(self) -> list[str]:
        """The notation of every step so far."""
        return list(self._history)

    def _legal_map(self) -> dict[str, Action]:
        steps = self._legal
        if steps is None:
            steps = self._legal = self._legal_steps()
        index = self._legal_index
        if index is None or index[0] is not steps:
            index = self._legal_index = (steps, {a.notation: a for a in steps})
        return index[1]

    def legal_actions(self) -> list[Action]:
        """Every legal step now, in a deterministic order; empty only when the game is over."""
        steps = self._legal
        if steps is None:
            steps = self._legal = self._legal_steps()
        return list(steps)

    def parse(self, notation: str) -> Action:
        """The legal step spelled ``notation`` (IllegalAction, saying why, if there is none)."""
        text = " ".join(notation.split())
        if self.current_player is None:
            raise IllegalAction("illegal.over", notation=text)
        action = self._legal_map().get(text)
        if action is None:
            raise IllegalAction(self._why_illegal(text))
        return action

    def apply(self, action: Action | str) -> None:
        """Apply a step (an Action or its notation), or a whole action as one string of steps,
        all or nothing. Illegal input raises IllegalAction and leaves the state unchanged."""
        if isinstance(action, Action):
            # A step handed out by ``legal_actions`` is taken as it is; any other Action is
            # looked up by its notation.
            steps = self._legal
            if steps is None:
                steps = self._legal = self._legal_steps()
            for legal in steps:
                if legal is action:
                    self._step(action)
                    return
            self._step(self.parse(action.notation))
            return
        text = " ".join(str(action).split())
        if not text:
            raise IllegalAction("illegal.empty")
        if self.current_player is not None and text in self._legal_map():
            self._step(self._legal_map()[text])
            return
        self._apply_steps(text)

    def _step(self, action: Action) -> None:
        self._history.append(action.notation)
        self._legal = None
        self._explored = None
        self._do(action)
        self._legal = None

    def _apply_steps(self, text: str, atomic: bool = True) -> None:
        """The steps of ``text`` one by one. ``atomic``: all or nothing (a copy is kept to put
        back); a search's own throwaway sample may skip that, for speed."""
        backup = self.clone() if atomic else None
        tokens = text.split()
        try:
            while tokens:
                if self.current_player is None:
                    raise IllegalAction("illegal.over_before", whole=text, rest=" ".join(tokens))
                legal = self._legal_map()
                chosen: Action | None = None
                if self._items_unordered():
                    # Items whose order means nothing go in canonical order, which is the order
                    # of the legal steps: take the first legal one the string names.
                    for candidate in legal.values():
                        if candidate.notation in tokens:
                            chosen = candidate
                            tokens.remove(candidate.notation)
                            break
                else:
                    for width in (2, 1):
                        head = " ".join(tokens[:width])
                        if len(tokens) >= width and head in legal:
                            chosen = legal[head]
                            del tokens[:width]
                            break
                if chosen is None:
                    # A lower-case word is a verb with its argument (`take 2`); else one item.
                    width = 2 if tokens[0].isalpha() and tokens[0].islower() else 1
                    head = " ".join(tokens[:width])
                    why = self._why_illegal(head)
                    if text == head:
                        raise IllegalAction(why)
                    raise IllegalAction("illegal.within", whole=text, why=why)
                self._step(chosen)
                if tokens and not self._in_action():
                    raise IllegalAction("illegal.left_over", whole=text, rest=" ".join(tokens))
            if self._in_action():
                raise IllegalAction("illegal.incomplete", whole=text)
        except IllegalAction:
            if backup is not None:
                self._restore(backup)
            raise

    def choices(self, what: str, chosen: Sequence[str] = ()) -> Choices:
        """For a person building an action: after the first step ``what`` (``"complete M1-07"``,
        ``"cast S19/3"``, or a chore's verb such as ``"drop"``) and the items ``chosen`` so far,
        in any order (kept as a sequence where the order means something), which items can still
        be added and whether ``chosen`` is already a whole action. Changes nothing; computed for
        ``current_player`` from what that seat may know, like ``legal_actions``; IllegalAction
        when ``what`` is not a legal first step. See ``bodoge.core.choices``."""
        return choices(self, what, chosen)

    def _restore(self, backup: State) -> None:
        kept = attribute_names(backup)
        for name in attribute_names(self):
            if name not in kept:
                delattr(self, name)  # a cache set since: the class default comes back
        for name in kept:
            setattr(self, name, getattr(backup, name))

    def to_json(self) -> str:
        """The FULL state as JSON (hidden cards and the generator included): for storage, never for
        a player. ``game.load(text)`` gives it back exactly."""
        version, internal, gauss = self.rng.getstate()
        data: JSON = {
            "game": self.game.name,
            "config": self.game.config(),
            "rng": [version, list(internal), gauss],
            "history": self._history,
            "log": self.log.to_list(),
            "state": self._state_dict(),
        }
        return json.dumps(data, ensure_ascii=False, separators=(",", ":"))

    def _copy_common(self, other: State) -> None:
        """Copy the shared parts (generator, log, history) into a fresh ``other``."""
        # A bare generator given the state: ``random.Random()`` would first seed itself from the
        # operating system, for nothing.
        other.rng = random.Random.__new__(random.Random)
        other.rng.setstate(self.rng.getstate())
        other.log = self.log.copy()
        other._history = list(self._history)
        other._legal = self._legal

    def __repr__(self) -> str:
        name = type(self).__name__
        return f"<{name} {self.game.name} players={self.players} to move: {self.current_player}>"
