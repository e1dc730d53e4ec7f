"""Why a step cannot be taken now, in one line, for the browser's ``why`` frame: the reason the
game gives for refusing it (``state.parse``), as the seat reads it ("you", the cards by name, a
cost as its mana), without the list of legal steps the terminal adds (the table shows them).

The reason is built from the seat's view alone: the game is rebuilt from that view
(``game.sample_state``, what the seat cannot see dealt from a seed that depends on nothing but the
view's own step count), so it cannot name another hand, the deck's order or the seed.

>>> import bodoge
>>> game = bodoge.make("extreme-mission", players=2)
>>> state = game.new_state(1, setup={"start_player": 0, "completed": {0: ["M2-08"]}})
>>> refusal(state, 0, "take 1", "en")
"seat 1's discard pile is empty"
>>> refusal(state, 0, "activate HK", "ja")
'あなたのハッカーはもうオモテです'
>>> refusal(state, 0, "draw", "en") is None  # legal: nothing to say
True
>>> refusal(state, 1, "draw", "en")
'not your decision'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from bodoge.core.action import Action
from bodoge.core.errors import IllegalAction
from bodoge.core.game import Game
from bodoge.core.hooks import game_hook, game_module
from bodoge.core.i18n import Message, by_name, for_reader, seat_words, text
from bodoge.core.state import State
from bodoge.server.wire import quoting

__all__ = ["hint_reason", "refusal"]

# The refusals that hold a reason of the game's own (the rest say only "not legal now").
_WITH_REASON = ("illegal.because", "illegal.because_legal")
# Reasons that say only that the seat must decide something else now, in the terminal's words
# (its notation): the page says what in its own.
_ANOTHER_DECISION = frozenset({"rm.illegal.waiting"})


def refusal(
    state: State, seat: int | None, step: str, lang: str, names: Sequence[str] | None = None
) -> str | None:
    """Why ``seat`` cannot take ``step`` now in ``state``, in ``lang``, another seat named by its
    player's name where ``names`` (one per seat, as the table shows them) gives it; None when it
    can. Only the seat's view of the state is read.

    >>> import bodoge
    >>> game = bodoge.make("extreme-mission", players=2)
    >>> state = game.new_state(1, setup={"start_player": 0, "completed": {0: ["M2-08"]}})
    >>> refusal(state, 0, "take 1", "en", ["Ann", "easy bot 2"])
    "easy bot 2's discard pile is empty"
    """
    return _refusal(state.game, state.view(seat), seat, step, lang, names)


def _refusal(
    game: Game,
    view: Mapping[str, Any],
    seat: int | None,
    step: str,
    lang: str,
    names: Sequence[str] | None = None,
) -> str | None:
    if view["is_over"]:
        return text("server.act.over", lang)
    if seat is None:
        return text("server.act.spectator", lang)
    if view["current_player"] != seat:
        return text("server.act.not_yours", lang)
    state = game.sample_state(dict(view), seed=len(view["log"]))
    try:
        state.parse(step)
    except IllegalAction as exc:
        refused = exc.message
    else:
        return None
    reason = refused.fields.get("reason") if refused.key in _WITH_REASON else None
    if not isinstance(reason, Message) or reason.key in _ANOTHER_DECISION:
        # the table says what the decision is (its status line): the page adds it to these words
        return text("web.why.not_now", lang)
    # what repeats the step cut short (a made-up code of 10,000 characters), then the cards named
    said = by_name(quoting(for_reader(reason, seat), step), names)
    return _in_words(game, said, lang).text(lang)


def _in_words(game: Game, message: Message, lang: str) -> Message:
    """``message`` with each value the game can put into words (a card code, a mission, a
    collaborator's kind, a cost) put so: the table names cards, where the terminal shows the
    codes a person types."""
    card = game_hook(game, "describe_card")
    value = game_hook(game, "describe_value")
    cards = getattr(game, "cards", None)
    fields: dict[str, Any] = {}
    for name, field in message.fields.items():
        said = None
        if isinstance(field, Message):
            said = _in_words(game, field, lang)
        elif name != "seat":
            said = value(cards, field, lang) if value is not None else None
            if said is None and card is not None and isinstance(field, str):
                said = card(cards, field, lang)
        fields[name] = field if said is None else said
    return Message(message.key, fields)


def hint_reason(
    game: Game,
    view: Mapping[str, Any],
    step: Action,
    legal: Sequence[Action],
    lang: str,
    names: Sequence[str] | None = None,
) -> str | None:
    """Why the hint suggests ``step`` among ``legal``, in one line and ``lang``: the game's own
    reason (its ``hint`` module's ``reason``, from ``view`` alone), its cards by name and the
    seats it hits (a ``whom`` field) by their players' ``names``; the only move, said so; None
    where the game gives none.

    >>> import bodoge
    >>> game = bodoge.make("extreme-mission", players=2)
    >>> state = game.new_state(1, setup={"start_player": 0, "discards": {1: ["I-R2a"]}})
    >>> hint_reason(game, state.view(0), state.parse("draw"), state.legal_actions(), "en")
    "no discard pile's top brings the mission nearest done of any level a card closer"
    """
    if len(legal) == 1:
        return text("web.hint.only", lang)
    module = game_module(game, "hint")
    said = None if module is None else module.reason(game, view, step, legal)
    if said is None:
        return None
    said = _in_words(game, for_reader(said, view["you"]), lang)
    if "whom" in said.fields:  # after the cards: a player's name is no card
        whom = seat_words(said.fields["whom"], lang, names)
        said = Message(said.key, {**said.fields, "whom": whom})
    return said.text(lang)
