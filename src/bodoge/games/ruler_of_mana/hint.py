"""Why the hint suggests its move, in one line: what the heuristic's yardstick saw in it
(``heuristic.py``'s module docstring), put as a player reads it.

Read only by the server's hint, after the choice, so the bot's own path (compiled, and asked at
every step of every rollout) stays as it is. Everything here comes from the seat's view: life
and shields, its own hand, the play being resolved; a play's outcome is the heuristic's own small
model of it before any answer (no guessed card of another hand is named or counted here).

>>> import bodoge
>>> from bodoge.agents.heuristic import game_heuristic
>>> from bodoge.agents import Decision
>>> game = bodoge.make("ruler-of-mana", players=2)
>>> state = game.new_state(seed=1, setup={"start_player": 0, "life": {1: 5},
...     "hands": {0: ["S01", "MF1-01", "MF1-02", "S13", "MW1-01"]}, "deck": ["ME1-01"]})
>>> step = game_heuristic(game, 0, None).act(Decision.of(state))
>>> reason(game, state.view(0), step, state.legal_actions())
Message(key='rm.why.lethal', fields={'whom': [1], 'damage': 5})
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from bodoge.core.action import Action
from bodoge.core.i18n import Message
from bodoge.games.ruler_of_mana.heuristic import WIN, Planner, SeatFacts
from bodoge.games.ruler_of_mana.records import LETHAL

if TYPE_CHECKING:
    from bodoge.games.ruler_of_mana import RulerOfMana

__all__ = ["reason"]

# A window reaction's verbs, the one that says what it does first (a reaction has one or two).
_ANSWERS = ("cancel", "untarget", "reflect", "halve", "siphon", "retaliate")
# Card choices the plan makes best first, and worst first (heuristic.Planner.choose).
_BEST = frozenset({"keep", "pick", "take", "recover"})
_WORST = frozenset({"offer", "cycle_card", "bottom", "discard"})


def reason(
    game: RulerOfMana, view: Mapping[str, Any], step: Action, legal: Sequence[Action]
) -> Message | None:
    """Why the plan takes ``step`` (the first step of the hint) among ``legal``, from ``view``
    alone: a Message of ``rm.why.*``, or None where the plan has nothing to say."""
    planner = Planner(game, SeatFacts.of_view(game, view))
    pending = view["pending"] or {}
    kind = step.kind
    if kind in ("cast", "scroll"):
        option = step.args[1] if kind == "cast" else 0
        return _play(planner, step.args[0], option)
    if kind == "target":  # a declaration begun: its target, for the same play
        code = pending.get("spell") or pending["scroll"]
        return _play(planner, code, pending.get("option", 0) if "spell" in pending else 0)
    if kind == "draw":
        if planner.facts.deck_size == 1 and planner._draw_worth() >= WIN / 2:
            return Message("rm.why.draw_last")
        if any(a.kind in ("cast", "scroll") for a in legal):
            return Message("rm.why.draw")
        return Message("rm.why.draw_nothing")
    if kind in ("cycle", "exchange", "pay"):
        return Message(f"rm.why.{kind}", {"count": 2})
    decision = pending.get("decision", {})
    if kind == "react":
        if decision.get("kind") == LETHAL:
            return Message("rm.why.prevent")
        verbs = [v.verb for v in game.reactions[step.args[0]].verbs]
        verb = next((v for v in _ANSWERS if v in verbs), None)
        spell = game.cards.code_of(pending["card"])
        return None if verb is None else Message(f"rm.why.react_{verb}", {"spell": spell})
    if kind == "pass" and pending.get("kind") == "play" and "card" in pending:
        if decision.get("kind") == "recover":
            return Message("rm.why.recover_none")
        return Message("rm.why.hold", {"spell": game.cards.code_of(pending["card"])})
    if kind == "top":
        code = game.cards.code_of(pending["card"])
        does = [e.verb for e in game.option_of(code, pending["option"] or 0).effects]
        draws = "scry" in does and "draw" in does[does.index("scry") :]
        return Message("rm.why.scry_best" if draws else "rm.why.scry_worst")
    if kind in _BEST:
        return Message("rm.why.best")
    if kind in _WORST:
        return Message("rm.why.worst")
    return None


def _play(planner: Planner, code: str, option: int) -> Message:
    """What the play does on the heuristic's model, as the plan weighs it (before any answer):
    who it brings to life 0, else the damage it deals and to whom, else the life, shield or
    cards it gives me."""
    f = planner.facts
    me = planner.me
    _, target, _ = planner.best_target(code, option)
    _, sets, _, _ = planner.engine.play_shape(code, option, me, target)
    spent = 1 + (planner.engine.mana_value[code, option] if option else 0)
    effects = planner.effects_of(code, option)
    out = planner.resolve(effects, sets, me, {}, spent=spent)
    lost = {o: f.life[o] + f.shield[o] - out.life[o] - out.shield[o] for o in planner.opponents}
    most = max(lost.values(), default=0)
    if most > 0:
        whom = [o for o, n in lost.items() if n == most]
        ended = any(out.life[o] == 0 for o in whom)
        wins = ended and planner.final(out.life, out.ko_by, out.cards) >= WIN
        key = "rm.why.lethal" if wins else "rm.why.finish" if ended else "rm.why.damage"
        return Message(key, {"whom": whom, "damage": most})
    healed, shield = out.life[me] - f.life[me], out.shield[me] - f.shield[me]
    if healed > 0 and shield > 0:
        return Message("rm.why.heal_shield", {"amount": healed, "shield": shield})
    if healed > 0:
        return Message("rm.why.heal", {"amount": healed})
    if shield > 0:
        return Message("rm.why.shield", {"amount": shield})
    if out.cards[me] > 0:
        return Message("rm.why.cards", {"count": out.cards[me]})
    return Message("rm.why.play")
