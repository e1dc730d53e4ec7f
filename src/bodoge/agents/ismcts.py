"""Information-set Monte Carlo tree search (single-observer ISMCTS; Cowling, Powley & Whitehouse,
"Information Set Monte Carlo Tree Search", IEEE TCIAIG 4(2), 2012), for any game and any number of
players, from the deciding seat's view alone.

**One iteration.** (1) *Determinize*: ``game.sample_state(view, seed)`` deals everything the seat
cannot see at random — the search never holds the real state. (2) *Select* down the one tree of
the seat's information set: at each node only the children whose step is legal in *this*
determinization are available; each available child's availability count goes up by one and the
one maximising UCB1, ``mean + c * sqrt(ln(availability) / visits)``, is followed (availability
replaces the parent's visit count, because a child was not selectable in every visit of its
parent), plus a progressive bias ``prior / visits`` for the step the game's policy would take
(at the root, the plan's step: the same in every determinization, found once a decision).
(3) *Expand* one untried legal step — the policy's step first, else one at random. At the root
every step is tried; below it a node grows children as its visits grow (progressive widening),
so that a step is not judged by the average of many poor replies tried once each. (4) *Roll out*
with the game's cheap policy (its ``rollout_step``, else uniformly random steps) to the
*horizon*: the end of the searching seat's ``horizon``-th turn, counted from the root, or the
end of the game (the game's heuristic module may set it: ``SEARCH_HORIZON``; a game with no
evaluator is played to its end). (5) *Back up*
the rewards: every node holds the statistics of the seat that
chose its step, so each player maximises its own reward — any number of players, no zero-sum
assumption.

**Rewards.** A finished game gives 1 to each winner shared equally (1/len(winners)), 0 to the
others; a game without winner (a turn cap) gives the share to the seats ranked first. At the
horizon the game's own ``evaluate(state, observer)`` estimates each seat's chance of winning (1/n
each for a game without one). So every reward vector sums to 1, and means are win rates.

**Compound actions** (``complete M2-01``, then its cards) are *macro moves*: below the root, once
a tree step begins one, the policy adds its items, so the tree branches on what to do, not on
the thousands of ways to pay for it. At the root, the items of an action the seat has begun
follow the game's plan (its heuristic agent) without a search, since that is how the search
valued the action — unless the game asks for them searched (``SEARCH_ITEMS_BY_POLICY``): then
each item is a decision of its own, searched like any other, the rest of the action added by
the policy below the root. (With ``macro=False`` items are tree levels, searched one decision
at a time, and the subtree of the item chosen is kept for the next item: nothing else happens
between.)

**Choosing.** The game's plan (its heuristic agent) proposes a step; the search takes another
only where it has shown it better: the child visited most (ties: higher mean, then the legal
order), if its mean beats the plan's by ``trust`` standard errors of the difference. A game
without a plan gets the search's best. A decision with one legal step is not searched.

**Budget.** A number of iterations, a number of seconds, or both (whichever ends first). With
iterations only, a seeded agent is deterministic.

>>> import bodoge, random
>>> from bodoge.agents.base import Decision
>>> game = bodoge.make("extreme-mission", players=2)
>>> state = game.new_state(seed=3)
>>> agent = ISMCTSAgent(game, 0, random.Random(1), Budget(iterations=20))
>>> agent.act(Decision.of(state)) in state.legal_actions(), agent.last_iterations
(True, 20)
"""

from __future__ import annotations

import gc
import math
import random
import time
from dataclasses import dataclass
from typing import TYPE_CHECKING, Final

from bodoge.agents.base import Agent, AgentFactory, Decision
from bodoge.agents.knowledge import Evaluator, RolloutPolicy, knowledge
from bodoge.core.action import Action
from bodoge.core.errors import SetupError
from bodoge.core.game import Game

if TYPE_CHECKING:
    from bodoge.core.state import State

__all__ = [
    "Budget",
    "ISMCTSAgent",
    "Node",
    "PausedCollector",
    "Settings",
    "ismcts_factory",
    "rewards",
]


@dataclass(frozen=True, slots=True)
class Budget:
    """How long one decision may search: ``iterations``, ``seconds``, or both (first to end).

    >>> Budget(iterations=100).seconds is None
    True
    """

    iterations: int | None = None
    seconds: float | None = None

    def __post_init__(self) -> None:
        if self.iterations is None and self.seconds is None:
            raise ValueError("a budget needs iterations, seconds or both")
        if self.iterations is not None and self.iterations < 1:
            raise ValueError(f"iterations must be 1 or more, not {self.iterations}")
        if self.seconds is not None and self.seconds <= 0:
            raise ValueError(f"seconds must be more than 0, not {self.seconds}")


_UNASKED: Final = "\x00unasked"
"""A node's ``hint`` before the policy was asked there (None is an answer: no step)."""

HORIZON: Final = 2
"""The horizon, in the searching seat's turns, for a game that names none but can evaluate a
position."""

TO_THE_END: Final = 1 << 30
"""The horizon of a game without an evaluator: more of the seat's turns than any game lasts, so
its rollouts play to the end (or to ``Settings.rollout_steps``)."""


@dataclass(frozen=True, slots=True)
class Settings:
    """The search's knobs. ``exploration`` is UCB1's c (rewards lie in [0, 1]; the differences
    between good steps are a few hundredths, so a small c, which spends the visits on the
    likely best, played better than 0.7); ``horizon``: how many of the searching seat's own
    turns tree and rollout look through (1: the rest of the turn in progress; 2: that and its
    next turn, with everyone else's between; 1.5: up to the start of that next turn), where the
    game's evaluator takes over — None: the game's ``SEARCH_HORIZON`` (its heuristic module),
    else :data:`HORIZON` (:data:`TO_THE_END` for a game with no evaluator); ``deep``: with no
    ``horizon`` given, the game's ``SEARCH_DEEP_HORIZON`` where it names one, else as without
    (for a budget like ``hard``'s, which can afford to look further); ``rollout_steps``: a
    bound in steps (a safety net); ``macro``: a
    compound action below the root is one move (its items by the policy);
    ``prior``: the weight of progressive bias towards the policy's step (0: none);
    ``widening``: progressive widening below the root (0: none; else ``1 + widening *
    sqrt(visits)`` children); ``items_by_policy``: with macro moves, the items of a compound
    action the seat has begun follow the game's plan, unsearched — None: the game's
    ``SEARCH_ITEMS_BY_POLICY`` (its heuristic module), else yes; ``reuse``: keep the subtree of
    the step chosen for the seat's next decision (only where items are tree levels); ``trust``:
    how many standard errors better than the plan's step the search's choice must look to be
    taken (0: always the search's); ``shared_hints``: below the root, a node keeps the policy's
    step of the first determinization that asked there, for every later visit (the policy is
    most of an iteration's cost, and a prior that differs by sample only adds noise to a bias
    that fades as ``prior / visits``); off, the policy is asked at every visit that could use
    it — None: the game's ``SEARCH_SHARED_HINTS`` (its heuristic module), else on (a game whose
    plan depends on the hidden cards more than on the position may play better with them
    off)."""

    exploration: float = 0.3
    horizon: float | None = None
    deep: bool = False
    rollout_steps: int = 2000
    reuse: bool = True
    macro: bool = True
    prior: float = 0.5
    widening: float = 0.5
    items_by_policy: bool | None = None
    trust: float = 1.5
    shared_hints: bool | None = None


class Node:
    """A node of the information-set tree: the step that leads to it, the seat that chose it,
    and that seat's statistics (visits, total reward, availability count)."""

    __slots__ = ("action", "avail", "children", "hint", "mover", "squares", "total", "visits")

    def __init__(self, action: Action | None, mover: int | None) -> None:
        self.action = action
        self.mover = mover
        self.children: dict[str, Node] = {}
        self.visits = 0
        self.total = 0.0
        self.squares = 0.0  # sum of squared rewards: the spread of the mean, for ``trust``
        self.avail = 0
        self.hint: str | None = _UNASKED  # the policy's step here, once asked (``shared_hints``)

    def mean(self) -> float:
        return self.total / self.visits if self.visits else 0.0

    def variance_of_mean(self) -> float:
        """The sample variance of the rewards over the visits: how far ``mean`` may be off."""
        n = self.visits
        if n < 2:
            return math.inf
        mean = self.total / n
        return max(self.squares / n - mean * mean, 0.0) * n / (n - 1) / n

    def __repr__(self) -> str:
        return f"<Node {self.action} by {self.mover}: {self.visits} visits, mean {self.mean():.3f}>"


def rewards(state: State, evaluate: Evaluator | None, observer: int) -> list[float]:
    """The reward of each seat at the end of a rollout (see the module docstring)."""
    n = state.players
    if state.is_over:
        result = state.result()
        best = result.winners or tuple(s for s in range(n) if result.ranks[s] == 1)
        share = 1.0 / len(best)
        return [share if s in best else 0.0 for s in range(n)]
    if evaluate is not None:
        return list(evaluate(state, observer))
    return [1.0 / n] * n


def _unless_told(setting: bool | None, game: bool | None) -> bool:
    """A switch of ``Settings``: as set there; else as the game's heuristic module says; else on."""
    return game is not False if setting is None else setting


def _random_step(state: State, rng: random.Random) -> Action:
    legal = state.legal_actions()
    return legal[rng.randrange(len(legal))]


class ISMCTSAgent:
    """Single-observer ISMCTS for ``seat`` of ``game`` (module docstring). ``rollout`` and
    ``evaluate`` default to the game's own (:mod:`bodoge.agents.knowledge`).

    >>> import bodoge, random
    >>> game = bodoge.make("extreme-mission", players=3)
    >>> state = game.new_state(seed=8)
    >>> agent = ISMCTSAgent(game, 0, random.Random(4), Budget(iterations=12, seconds=5.0))
    >>> step = agent.act(Decision.of(state))
    >>> agent.last_iterations, agent.last_root.visits, step in state.legal_actions()
    (12, 12, True)
    """

    def __init__(
        self,
        game: Game,
        seat: int,
        rng: random.Random,
        budget: Budget,
        settings: Settings | None = None,
        rollout: RolloutPolicy | None = None,
        evaluate: Evaluator | None = None,
    ) -> None:
        if type(game).sample_state is Game.sample_state:
            raise SetupError("setup.no_ismcts", game=game.name)
        know = knowledge(game)
        self.game = game
        self.seat = seat
        self.rng = rng
        self.budget = budget
        self.settings = settings or Settings()
        self.rollout_policy: RolloutPolicy = rollout or know.rollout or _random_step
        self.evaluate = evaluate if evaluate is not None else know.evaluate
        deep = know.deep_horizon if self.settings.deep else None
        # With no evaluator a horizon would end every rollout at an even 1/n: play to the end.
        unsaid = HORIZON if self.evaluate is not None else TO_THE_END
        self.horizon = self.settings.horizon or deep or know.horizon or unsaid
        self.shared_hints = _unless_told(self.settings.shared_hints, know.shared_hints)
        self.items_by_policy = _unless_told(self.settings.items_by_policy, know.items_by_policy)
        self.last_iterations = 0
        self.last_root: Node | None = None
        self._plan_agent: Agent | None = None  # the game's heuristic, for items (macro moves)
        self._kept: tuple[Node, int] | None = None  # subtree to reuse, log length when kept
        self._root_hint: str | None = None  # the plan's step at the root of the search

    # ----------------------------------------------------------------- deciding
    def act(self, decision: Decision) -> Action:
        root = self._root(decision)
        legal = decision.legal
        self.last_iterations = 0
        if len(legal) == 1:
            chosen = legal[0]
        elif (item := self._policy_item(decision)) is not None:
            chosen = item
        else:
            plan = self._plan_step(decision)
            self.search(decision, root, plan)
            chosen = self._best(root, legal, plan if self.settings.trust > 0 else None)
        self.last_root = root
        # With macro moves the subtree of a compound action's step holds what follows the
        # whole action, not its next item: it is kept only where items are tree levels.
        keep = self.settings.reuse and not self.settings.macro
        child = root.children.get(chosen.notation)
        log_length = len(decision.view.get("log", ()))
        self._kept = (child, log_length) if child is not None and keep else None
        return chosen

    def _policy_item(self, decision: Decision) -> Action | None:
        """With macro moves, the next item of a compound action this seat has begun, as the
        game's own plan adds it (its heuristic agent, else its rollout policy); None when no
        compound action is in progress. The search valued "complete M3-08" as completed by the
        policy, so following the policy makes good what it counted on (and spends no search on
        steps that only carry out a choice already made)."""
        if not (self.settings.macro and self.items_by_policy):
            return None
        sample = self.game.sample_state(decision.view, self.rng.getrandbits(63))
        if not sample._in_action():
            return None
        if (step := self._plan_step(decision)) is not None:
            return step
        return _first_step(self.rollout_policy(sample, self.rng), decision.legal)

    def _root(self, decision: Decision) -> Node:
        kept = self._kept
        self._kept = None
        if kept is not None and decision.seat == self.seat:
            node, log_length = kept
            if len(decision.view.get("log", ())) == log_length:
                return node
        return Node(None, None)

    def _best(self, root: Node, legal: list[Action], plan: Action | None = None) -> Action:
        """The root child visited most (ties: higher mean, then the legal order) — unless the
        game's plan would take another step and the search has not shown, by ``trust`` standard
        errors of the difference of the two means, that the child is better: then the plan's.
        A few hundred noisy determinizations tell two close steps apart no better than a coin;
        the plan's own judgement is the better bet there, and the search overrules it where it
        sees a clear difference."""

        def key(pair: tuple[int, Action]) -> tuple[int, float, int]:
            order, action = pair
            child = root.children.get(action.notation)
            if child is None:
                return (-1, 0.0, -order)
            return (child.visits, child.mean(), -order)

        best = max(enumerate(legal), key=key)[1]
        trust = self.settings.trust
        if plan is None or trust <= 0 or plan == best:
            return best
        ours, theirs = root.children.get(best.notation), root.children.get(plan.notation)
        if ours is None or theirs is None:
            return best
        spread = math.sqrt(ours.variance_of_mean() + theirs.variance_of_mean())
        return best if ours.mean() - theirs.mean() > trust * spread else plan

    def _plan_step(self, decision: Decision) -> Action | None:
        """The step the game's plan (its heuristic agent) takes here; None for a game without."""
        if self._plan_agent is None and (factory := knowledge(self.game).agent) is not None:
            self._plan_agent = factory(self.game, self.seat, self.rng)
        return None if self._plan_agent is None else self._plan_agent.act(decision)

    # ----------------------------------------------------------------- searching
    def search(self, decision: Decision, root: Node, plan: Action | None = None) -> int:
        """Run the budget's iterations from ``root``; returns how many were run. ``plan``, the
        step the game's plan takes here (if known), is the policy's step at the root: the same in
        every determinization, since the plan decides from the seat's view.

        The garbage collector is paused meanwhile: the tree and the samples hold no reference
        cycles, so reference counts free them, and a collection would walk the whole growing
        tree every few hundred allocations for nothing (:class:`PausedCollector`)."""
        budget = self.budget
        deadline = None if budget.seconds is None else time.perf_counter() + budget.seconds
        limit = budget.iterations
        sample = self.game.sampler(decision.view)  # the view read once, dealt every iteration
        rng = self.rng
        guided = self.settings.prior or self.settings.widening > 0
        self._root_hint = plan.notation if plan is not None and guided else None
        done = 0
        with PausedCollector():
            while limit is None or done < limit:
                if deadline is not None and done and time.perf_counter() >= deadline:
                    break
                self._descend(sample(rng), root, rng)
                done += 1
        self.last_iterations = done
        return done

    def _descend(self, state: State, root: Node, rng: random.Random) -> None:
        """One iteration on the determinization ``state``: select and expand down the tree from
        ``root``, roll out, back up."""
        walk = _Walk(state, self, rng)
        c = self.settings.exploration
        prior = self.settings.prior
        node = root
        path: list[Node] = []
        while not walk.at_horizon():
            legal = state.legal_actions()
            children = node.children
            untried = [a for a in legal if a.notation not in children]
            if untried and self._may_widen(node, node is root, len(legal) - len(untried)):
                # The policy's step first, so that a young node follows the policy.
                hint = self._hint(node, state, legal, rng, node is root)
                pick = next((a for a in untried if a.notation == hint), None)
                action = pick if pick is not None else untried[rng.randrange(len(untried))]
                child = Node(action, state.current_player)
                children[action.notation] = child
                for a in legal:  # every expanded child available here was selectable
                    sibling = children.get(a.notation)
                    if sibling is not None:
                        sibling.avail += 1
                walk.move(action)
                path.append(child)
                break
            # UCB1 on the available children; progressive bias adds ``prior / visits`` to the
            # policy's step, so the policy is asked only when that could change the choice.
            scored: list[tuple[float, Node]] = []
            for a in legal:
                candidate = children.get(a.notation)
                if candidate is None:
                    continue
                candidate.avail += 1
                score = candidate.total / candidate.visits + c * math.sqrt(
                    math.log(candidate.avail) / candidate.visits
                )
                scored.append((score, candidate))
            best, best_score = _top(scored, None, 0.0)
            if prior and any(
                n is not best and s + prior / n.visits >= best_score for s, n in scored
            ):
                hint = self._hint(node, state, legal, rng, node is root)
                best, best_score = _top(scored, hint, prior)
            assert best is not None and best.action is not None
            walk.move(best.action)
            path.append(best)
            node = best
        walk.roll_out()
        reward = rewards(state, self.evaluate, self.seat)
        root.visits += 1
        for visited in path:
            visited.visits += 1
            if visited.mover is not None:
                value = reward[visited.mover]
                visited.total += value
                visited.squares += value * value

    def _may_widen(self, node: Node, at_root: bool, available: int) -> bool:
        """Whether ``node`` may grow another child: always at the root (every step of the real
        decision is weighed) and where none of its children is available here; below, only as
        its visits grow (progressive widening: ``1 + widening * sqrt(visits)`` children), so
        that the statistics of a step are not drowned by poor replies tried once each."""
        widening = self.settings.widening
        if at_root or available == 0 or widening <= 0:
            return True
        return len(node.children) < 1 + widening * math.sqrt(node.visits)

    def _hint(
        self,
        node: Node,
        state: State,
        legal: list[Action],
        rng: random.Random,
        at_root: bool = False,
    ) -> str | None:
        """The rollout policy's step here, which progressive bias (``prior``) favours while a
        child has few visits, and widening expands first: a search that knows little plays like
        its policy."""
        if at_root and self._root_hint is not None:
            return self._root_hint  # the plan's step, found once (``search``)
        if (not self.settings.prior and self.settings.widening <= 0) or len(legal) == 1:
            return None
        shared = self.shared_hints
        if shared and node.hint is not _UNASKED:
            return node.hint
        first = _first_step(self.rollout_policy(state, rng), legal)
        hint = None if first is None else first.notation
        if shared:
            node.hint = hint
        return hint


class PausedCollector:
    """A ``with`` block that runs with the cycle collector off, as a search does, and turns it
    back on afterwards (if it was on) with every object the block left counted in the oldest
    generation (``gc.freeze`` then ``gc.unfreeze`` puts them there, as its documentation says).

    What a search leaves is the game's memos, which live on, and the tree, which reference
    counts free. Left young, hundreds of thousands of memo entries would be walked by the first
    collection after the search and again at each promotion: a sixth of a ``hard`` game's time
    in Extreme Mission. A process that froze objects of its own keeps them frozen: there the
    survivors stay young.

    >>> import gc
    >>> with PausedCollector():
    ...     gc.isenabled()
    False
    >>> gc.isenabled()
    True
    """

    __slots__ = ("collecting",)

    def __init__(self) -> None:
        self.collecting = False

    def __enter__(self) -> None:
        self.collecting = gc.isenabled()
        gc.disable()

    def __exit__(self, *exc: object) -> None:
        if not self.collecting:
            return
        if gc.get_freeze_count() == 0:
            gc.freeze()
            gc.unfreeze()
        gc.enable()


def _top(
    scored: list[tuple[float, Node]], hint: str | None, prior: float
) -> tuple[Node | None, float]:
    """The child of highest score (the first of equals, in legal order), the policy's step
    ``hint`` given ``prior / visits`` more."""
    best: Node | None = None
    best_score = -math.inf
    for score, node in scored:
        if hint is not None and node.action is not None and node.action.notation == hint:
            score += prior / node.visits
        if score > best_score:
            best, best_score = node, score
    return best, best_score


def _first_step(step: Action | str, legal: list[Action]) -> Action | None:
    """The legal step a policy's answer begins with: the step itself, or for a whole action in
    notation, the longest legal notation the text starts with."""
    if isinstance(step, Action):
        return step
    text = f"{step} "
    starts = [a for a in legal if text.startswith(f"{a.notation} ")]
    return max(starts, key=lambda a: len(a.notation), default=None)


class _Walk:
    """One iteration's determinization, played on from the root, counting the searching seat's
    turns on the way.

    Tree and rollout share one horizon, counted from the root: the end of the searching seat's
    ``horizon``-th turn (the first being the one in progress), whatever the number of players.
    A turn ends when the seat whose turn it is changes (``State.turn_player``: a reaction asked
    of another seat is still the same turn). Counted from the start of the rollout instead,
    a step that ends the turn early — a pass — would be judged a whole turn later than a step
    that does not, and look better for it; and ending at the seat's own turns, every evaluation
    is made at the same moment of the round."""

    __slots__ = ("agent", "ended", "last", "rng", "state", "steps")

    def __init__(self, state: State, agent: ISMCTSAgent, rng: random.Random) -> None:
        self.state = state
        self.agent = agent
        self.rng = rng
        self.ended = 0  # turns of the searching seat finished since the root
        self.steps = 0
        self.last = state.turn_player

    def at_horizon(self) -> bool:
        settings = self.agent.settings
        horizon = self.agent.horizon
        whole = int(horizon)
        if self.ended >= whole and (whole == horizon or self.last == self.agent.seat):
            return True  # a half turn: the others' turns done, as the seat's next one begins
        return self.state.is_over or self.steps >= settings.rollout_steps

    def _apply(self, step: Action | str) -> None:
        state = self.state
        if isinstance(step, str) and step not in state._legal_map():
            # A whole action from the policy, on the search's own sample: no copy to put back
            # (the policy gives legal actions; if not, the error ends the search anyway).
            state._apply_steps(step, atomic=False)
        else:
            state.apply(step)
        self.steps += 1
        mover = state.turn_player
        if mover != self.last:
            if self.last == self.agent.seat:
                self.ended += 1
            self.last = mover

    def move(self, step: Action) -> None:
        """A step of the tree. Below the root, a compound action is one move of the tree: once
        its first step is chosen, the rollout policy adds its items. Branching on every item
        would spread the statistics of "complete M3-08" over the many ways of paying for it,
        most of them poor (a wild where a card would do), and drown the choice that matters."""
        self._apply(step)
        if not self.agent.settings.macro:
            return
        state = self.state
        policy = self.agent.rollout_policy
        rng = self.rng
        while not state.is_over and state._in_action():
            self._apply(policy(state, rng))

    def roll_out(self) -> None:
        """The rollout policy plays on up to the horizon (or the end of the game)."""
        state = self.state
        policy = self.agent.rollout_policy
        rng = self.rng
        while not self.at_horizon():
            self._apply(policy(state, rng))


def ismcts_factory(budget: Budget, settings: Settings | None = None) -> AgentFactory:
    """An agent factory for ``register_agent``: ISMCTS with this budget and these settings."""

    def make(game: Game, seat: int, rng: random.Random) -> ISMCTSAgent:
        return ISMCTSAgent(game, seat, rng, budget, settings)

    return make
