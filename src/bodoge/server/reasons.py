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

from collections.abc import Mapping
from typing import Any

from bodoge.core.errors import IllegalAction
from bodoge.core.game import Game
from bodoge.core.hooks import game_hook
from bodoge.core.i18n import Message, for_reader, text
from bodoge.core.state import State
from bodoge.server.wire import quoting

__all__ = ["refusal"]

# The refusals that hold a reason of the game's own (the rest say only "not legal now").
_WITH_REASON = ("illegal.because", "illegal.because_legal")
# Reasons that say only that the seat must decide something else now, in the terminal's words
# (its notation): the page says what in its own.
_ANOTHER_DECISION = frozenset({"rm.illegal.waiting"})


def refusal(state: State, seat: int | None, step: str, lang: str) -> str | None:
    """Why ``seat`` cannot take ``step`` now in ``state``, in ``lang``; None when it can. Only
    the seat's view of the state is read."""
    return _refusal(state.game, state.view(seat), seat, step, lang)


def _refusal(
    game: Game, view: Mapping[str, Any], seat: int | None, step: str, lang: str
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
    return _in_words(game, quoting(for_reader(reason, seat), step), lang).text(lang)


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
