"""Why the hint suggests its move, in one line: the rule of the heuristic's plan that chose it
(``heuristic.py``'s module docstring), put as a player reads it.

Read only by the server's hint, after the choice, so the bot's own path (compiled, and asked at
every step of every rollout) stays as it is. Everything here comes from the seat's view: its hand,
its collaborators, the laid missions and the discard piles' tops, which every seat sees; never
the sampled state the hint was played on (its other hands and deck order are made up).

>>> import bodoge
>>> from bodoge.agents.heuristic import game_heuristic
>>> from bodoge.agents import Decision
>>> game = bodoge.make("extreme-mission", players=2)
>>> laid = [f"M{level}-0{i}" for level in (1, 2, 3, 4) for i in (1, 2, 3)]
>>> state = game.new_state(seed=1, setup={"missions": laid,
...                                       "hands": {0: ["I-R4a", "I-B5a", "I-G6a", "I-P9a"]}})
>>> step = game_heuristic(game, 0, None).act(Decision.of(state))
>>> reason(game, state.view(0), step, state.legal_actions())
Message(key='em.why.complete_highest', fields={'level': 1})
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from bodoge.core.action import Action
from bodoge.core.i18n import Message
from bodoge.games.extreme_mission.heuristic import Planner, SeatFacts
from bodoge.games.extreme_mission.state import DROP

if TYPE_CHECKING:
    from bodoge.games.extreme_mission import ExtremeMission

__all__ = ["reason"]


def reason(
    game: ExtremeMission, view: Mapping[str, Any], step: Action, legal: Sequence[Action]
) -> Message | None:
    """Why the plan takes ``step`` (the first step of the hint) among ``legal``, from ``view``
    alone: a Message of ``em.why.*``, or None where the plan has nothing to say."""
    facts = SeatFacts.of_view(game, view)
    planner = Planner(game, facts)
    if view["pending"] is not None:  # the items of a mission or activation begun
        return Message("em.why.items", {"target": view["pending"]["target"]})
    if facts.phase == DROP:
        return Message("em.why.drop")
    kind = step.kind
    if kind == "complete":
        return _complete(game, planner, step.args[0])
    if kind == "activate":
        down = len(facts.up) - sum(facts.up) - 1  # face down once this one is up
        code = game.kinds[step.args[0]]
        if down == 0 and len(facts.done) == len(game.levels):
            return Message("em.why.activate_end", {"kind": code})
        return Message("em.why.activate", {"kind": code, "n": len(game.kinds)})
    if kind == "take":
        return _take(game, planner, view["discard_tops"][step.args[0]])
    if kind == "draw":
        if any(a.kind == "take" for a in legal):
            return Message("em.why.draw")
        return Message("em.why.draw_only")
    if kind == "pass":
        return Message("em.why.pass")
    return None


def _complete(game: ExtremeMission, planner: Planner, mission: str) -> Message:
    """Rule 1: the highest level the hand completes alone, or level 4 with a wild."""
    facts = planner.facts
    level = game.level_of[mission]
    if len(facts.done | {level}) == len(game.levels):
        return Message("em.why.complete_last", {"level": level})
    hand = planner.types(facts.hand)
    wilds = planner.wilds_within(game.condition_of[mission], hand, 0)
    if wilds is None:
        return Message("em.why.complete_wild", {"level": level})
    return Message("em.why.complete_highest", {"level": level})


def _take(game: ExtremeMission, planner: Planner, top: str | None) -> Message:
    """Rule 4: the laid mission (or face-down collaborator) the top brings a card closer, the
    one it brings nearest done (a top that brings none closer is taken only with no deck)."""
    facts = planner.facts
    if top is None:  # pragma: no cover - a take is legal only from a pile with a top
        return Message("em.why.take_only")
    hand = planner.types(facts.hand)
    more = tuple(sorted((*hand, game.card_index[top] // game.copies)))
    best: tuple[int, int, int, str, str] | None = None  # (-gain, left, -level, key, what)
    for mission in facts.missions:
        level = game.level_of[mission]
        if level in facts.done:
            continue
        cond = game.condition_of[mission]
        before, after = planner.deficit(cond, hand), planner.deficit(cond, more)
        found = (after - before, after, -level, "em.why.take", mission)
        best = found if best is None or found < best else best
    for k in planner.down(facts.up):
        cond = game.kind_conditions[k]
        before, after = planner.deficit(cond, hand), planner.deficit(cond, more)
        found = (after - before, after, 0, "em.why.take_kind", game.kinds[k])
        best = found if best is None or found < best else best
    if best is None or best[0] >= 0:
        return Message("em.why.take_only")
    field = "mission" if best[3] == "em.why.take" else "kind"
    return Message(best[3], {"card": top, field: best[4]})
