"""Every bodoge game as an OpenSpiel Python game (DESIGN.md, "Research adapters").

Importing this module registers ``bodoge_<game>`` for each game (``bodoge_extreme_mission``,
``bodoge_ruler_of_mana``), with parameters ``players``, ``variant`` and ``turn_cap`` (finite by
default, so that ``max_game_length`` is). The game is sequential with imperfect information; its
one chance node, the first, chooses the seed from which ``new_state`` deals — everything random
later (a deck rebuilt, a random steal) follows from that seed, so a history of actions replays
the game exactly and OpenSpiel's history-based serialization works. Information-state strings
are the seat's view with its log (perfect recall), observation strings the view without it, and
observation tensors :class:`bodoge.adapters.Observer`'s; ``resample_from_infostate`` deals a world
from the seat's view alone (``game.sample_state``), which is what OpenSpiel's ISMCTS bot needs.

>>> import pyspiel
>>> import bodoge.adapters.openspiel
>>> game = pyspiel.load_game("bodoge_ruler_of_mana", {"players": 2})
>>> state = game.new_initial_state()
>>> state.is_chance_node(), game.num_players()
(True, 2)
>>> state.apply_action(7)
>>> "draw" in [state.action_to_string(a) for a in state.legal_actions()]
True
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import Any

import pyspiel

import bodoge
from bodoge.adapters.observation import Observer, information_state_string, observation_string
from bodoge.adapters.rewards import rank_rewards
from bodoge.adapters.space import ActionSpace
from bodoge.core.game import Game
from bodoge.core.hooks import game_module
from bodoge.core.registry import game_class
from bodoge.core.state import State

__all__ = ["GAMES", "SEEDS", "TURN_CAP", "BodogeSpielGame", "BodogeSpielState", "short_name"]

SEEDS = 1 << 16
"""How many seeds the first chance node chooses from, uniformly."""

TURN_CAP = 200
"""The default ``turn_cap``: OpenSpiel needs a finite ``max_game_length``."""

Key = tuple[str, int, str, int]


def short_name(game: str) -> str:
    """OpenSpiel's name of a bodoge game: ``ruler-of-mana`` -> ``bodoge_ruler_of_mana``."""
    return "bodoge_" + game.replace("-", "_")


@cache
def _made(key: Key) -> tuple[Game, ActionSpace, Observer]:
    """The made game of ``key`` with its action space, made once and shared by its states."""
    name, players, variant, turn_cap = key
    game = bodoge.make(name, players=players, variant=variant, turn_cap=turn_cap)
    return game, ActionSpace(game), Observer(game)


class _Table:
    """The bodoge state behind an OpenSpiel state. OpenSpiel copies and pickles a Python
    state's attributes: this one clones by the engine's ``clone`` and pickles as the engine's
    exact JSON, not by walking the card set."""

    __slots__ = ("key", "state")

    def __init__(self, key: Key, state: State | None) -> None:
        self.key = key
        self.state = state

    def __deepcopy__(self, memo: dict[int, Any]) -> _Table:
        return _Table(self.key, None if self.state is None else self.state.clone())

    def __reduce__(self) -> tuple[Callable[..., _Table], tuple[Key, str | None]]:
        return _load_table, (self.key, None if self.state is None else self.state.to_json())


def _load_table(key: Key, text: str | None) -> _Table:
    return _Table(key, None if text is None else _made(key)[0].load(text))


def _game_type(name: str) -> pyspiel.GameType:
    cls = game_class(name)
    return pyspiel.GameType(
        short_name=short_name(name),
        long_name=f"bodoge {cls.title['en']}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=cls.max_players,
        min_num_players=cls.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={
            "players": cls.default_players,
            "variant": cls.variants[0],
            "turn_cap": TURN_CAP,
        },
    )


class BodogeSpielGame(pyspiel.Game):
    """A bodoge game with its parameters, as OpenSpiel sees it."""

    def __init__(self, name: str, params: dict[str, Any] | None = None) -> None:
        game_type = _game_type(name)
        params = {**game_type.parameter_specification, **(params or {})}
        self.key: Key = (
            name,
            int(params["players"]),
            str(params["variant"]),
            int(params["turn_cap"]),
        )
        game, space, _ = _made(self.key)
        facts = game_module(game, "observation")
        assert facts is not None, f"{name} has no observation module"
        # A final round under way is not cut by the cap (EM-5.5): a round more at most.
        turns = int(params["turn_cap"]) + game.players
        length = facts.max_setup_steps(game) + turns * facts.max_steps_per_turn(game)
        info = pyspiel.GameInfo(
            num_distinct_actions=len(space),
            max_chance_outcomes=SEEDS,
            num_players=game.players,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0,
            max_game_length=length,
        )
        super().__init__(game_type, info, params)

    def new_initial_state(self) -> BodogeSpielState:
        """The chance node that chooses the seed."""
        return BodogeSpielState(self)

    def make_py_observer(
        self, iig_obs_type: pyspiel.IIGObservationType | None = None, params: Any = None
    ) -> SpielObserver:
        """The information-state observer (perfect recall: the view with its log) or the
        observation observer (the view now, with its tensor)."""
        if params:
            raise ValueError(f"bodoge observers take no parameters, not {params}")
        perfect_recall = iig_obs_type is not None and iig_obs_type.perfect_recall
        return SpielObserver(Observer(_made(self.key)[0]), perfect_recall)


class BodogeSpielState(pyspiel.State):
    """An OpenSpiel state: the seed's chance node, then the bodoge state's steps by id."""

    def __init__(self, game: BodogeSpielGame) -> None:
        super().__init__(game)
        self._table = _Table(game.key, None)

    @property
    def table(self) -> State | None:
        """The bodoge state (None before the seed is chosen)."""
        return self._table.state

    def _space(self) -> ActionSpace:
        return _made(self._table.key)[1]

    def current_player(self) -> int:
        state = self._table.state
        if state is None:
            return int(pyspiel.PlayerId.CHANCE)
        seat = state.current_player
        return int(pyspiel.PlayerId.TERMINAL) if seat is None else seat

    def _legal_actions(self, player: int) -> list[int]:
        assert self._table.state is not None
        return sorted(self._space().legal_ids(self._table.state))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        p = 1.0 / SEEDS
        return [(seed, p) for seed in range(SEEDS)]

    def _apply_action(self, action: int) -> None:
        state = self._table.state
        if state is None:
            self._table.state = _made(self._table.key)[0].new_state(seed=int(action))
            return
        state.apply(self._space().steps[action])

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"seed {action}"
        return self._space().steps[action]

    def is_terminal(self) -> bool:
        state = self._table.state
        return state is not None and state.is_over

    def returns(self) -> list[float]:
        state = self._table.state
        if state is None or not state.is_over:
            return [0.0] * self.num_players()
        return list(rank_rewards(state.result().ranks))

    def resample_from_infostate(
        self, player_id: int, probability_sampler: Callable[[], float]
    ) -> BodogeSpielState:
        """A state consistent with what ``player_id`` knows, dealt from that seat's view alone
        (``game.sample_state``); its seed comes from ``probability_sampler`` (uniform in [0, 1))."""
        state = self._table.state
        resampled: BodogeSpielState = self.clone()
        if state is not None:
            seed = int(probability_sampler() * (1 << 53))
            game = _made(self._table.key)[0]
            resampled._table = _Table(
                self._table.key, game.sample_state(state.view(player_id), seed)
            )
        return resampled

    def __str__(self) -> str:
        state = self._table.state
        return "chance: the seed" if state is None else state.to_json()


class SpielObserver:
    """OpenSpiel's Python observer protocol (``tensor``, ``dict``, ``set_from``,
    ``string_from``) over :class:`bodoge.adapters.Observer`."""

    def __init__(self, observer: Observer, perfect_recall: bool) -> None:
        self._observer = observer
        self._perfect_recall = perfect_recall
        self.tensor = None if perfect_recall else observer.tensor
        self.dict = {} if perfect_recall else observer.dict

    def set_from(self, state: BodogeSpielState, player: int) -> None:
        table = state.table
        if table is None:
            self._observer.tensor.fill(0.0)
        else:
            self._observer.set_from(table.view(player))

    def string_from(self, state: BodogeSpielState, player: int) -> str:
        table = state.table
        if table is None:
            return ""
        view = table.view(player)
        return information_state_string(view) if self._perfect_recall else observation_string(view)


def _register() -> dict[str, type[BodogeSpielGame]]:
    """One game class per bodoge game, registered under its OpenSpiel name. A class, not a
    closure: OpenSpiel keeps the creator until the interpreter is gone, and a closure released
    then crashes the exit."""
    made: dict[str, type[BodogeSpielGame]] = {}
    for name in bodoge.games():

        def __init__(
            self: BodogeSpielGame, params: dict[str, Any] | None = None, name: str = name
        ) -> None:
            BodogeSpielGame.__init__(self, name, params)

        cls = type(short_name(name), (BodogeSpielGame,), {"__init__": __init__})
        pyspiel.register_game(_game_type(name), cls)
        made[name] = cls
    return made


GAMES = _register()
"""The OpenSpiel game class of each bodoge game, by bodoge name."""
