"""What an unfinished Ruler of Mana game is worth to each seat: ISMCTS's evaluator, where its
look-ahead stops (``SEARCH_HORIZON`` in ``heuristic.py``).

Each seat's chance to win is a softmax of a score fitted to the winners of heuristic games
(:mod:`bodoge.agents.logit`; the weights, one model per variant and player count, are the data
of ``evaluation.toml``, written by ``bench/fit_evaluators.py``). What is scored:

- *public*, for every seat: life, shield (up to 6), cards in hand, how many of them are mana
  (their backs show it), how far life is below 6 (one spell from the end), the hand weighed by
  how much of the deck is left (RM-5.5: the fewest cards breaks a tie at the end, so late in
  the game cards count less), and how many turns until the seat moves;
- *private*, for the seat whose search it is, from its own hand: the most damage one castable
  option deals now, the most damage an option one mana short deals, its spells, its reactions,
  and its mana units.

Other seats are scored on what is public only: in a sample their hands are a guess (the
search's own dealing), and judging them by it would add noise and nothing else.

>>> import bodoge
>>> state = bodoge.make("ruler-of-mana", players=2).new_state(seed=1, setup={"life": {1: 3}})
>>> chances = evaluate(state, 0)
>>> round(sum(chances), 6), chances[0] > chances[1]
(1.0, True)
"""

from __future__ import annotations

from importlib import resources
from typing import TYPE_CHECKING, Final

from bodoge.agents.logit import Model, load_models
from bodoge.games.ruler_of_mana.payment import CostCounts, missing_units

if TYPE_CHECKING:
    from bodoge.core.state import State
    from bodoge.games.ruler_of_mana import RulerOfMana
    from bodoge.games.ruler_of_mana.state import RMState

__all__ = ["MODELS", "PRIVATE", "PUBLIC", "evaluate", "features", "model_of"]

PUBLIC: Final = (
    "life",
    "shield",
    "cards",
    "mana_cards",
    "life_below_6",
    "cards_by_deck_left",
    "turns_to_move",
)
"""The features every seat sees of every seat (module docstring)."""

PRIVATE: Final = (
    "castable_damage",
    "damage_one_short",
    "spells",
    "reactions",
    "mana_units",
)
"""The features only a seat's own hand tells."""

DECK_FULL: Final = 40
"""Cards left in the deck from which a card in hand counts fully (``cards_by_deck_left``)."""

LOW_LIFE: Final = 6
"""Life below which each point counts more (``life_below_6``): one spell from the end."""

MODELS: Final = load_models(
    resources.files("bodoge.games.ruler_of_mana").joinpath("evaluation.toml"), PUBLIC, PRIVATE
)
"""The fitted models by (variant, players)."""


class _Cards:
    """Per card number, what the private features read: each spell's options as (cost counts,
    damage to others), whether it is a reaction; kept once per game."""

    __slots__ = ("options", "reaction")

    def __init__(self, game: RulerOfMana) -> None:
        self.options: list[tuple[tuple[CostCounts, int], ...]] = []
        self.reaction: list[bool] = []
        for code in game.code:
            spell = game.spells.get(code)
            found: list[tuple[CostCounts, int]] = []
            if spell is not None:
                for option in spell.options:
                    damage = 0
                    for e in option.effects:
                        if e.verb == "damage" and e.target != "self":
                            damage += e.n or 0
                    found.append((option.cost.counts, damage))
            self.options.append(tuple(found))
            self.reaction.append(code in game.reactions)


def model_of(game: RulerOfMana) -> Model:
    """The model of ``game``'s variant and player count (the nearest player count fitted),
    kept in ``game.derived``."""
    found: Model | None = game.derived.get(Model)
    if found is None:
        variant = "expert" if game.expert else "basic"
        counts = [p for v, p in MODELS if v == variant]
        if not counts:
            raise ValueError(f"evaluation.toml has no model of the {variant} rules")
        players = min(counts, key=lambda p: (abs(p - game.players), p))
        found = game.derived[Model] = MODELS[variant, players]
    return found


def features(state: RMState, seat: int, observer: int) -> list[float]:
    """``seat``'s features as ``observer`` scores them: public, then (for the observer itself)
    private (module docstring)."""
    f = state.facts
    hand = state.hands[seat]
    life = state.life[seat]
    size = len(hand)
    mana = state.mana_count(seat)
    deck_left = min(1.0, len(state.deck) / DECK_FULL)
    out = [
        float(life),
        float(min(state.shield[seat], 6)),
        float(size),
        float(mana),
        float(max(0, LOW_LIFE - life)),
        size * deck_left,
        float((seat - state.player) % f.players),
    ]
    if seat != observer:
        return out
    cards = _cards(state.game)
    supply = [0, 0, 0, 0, 0]
    for c in hand[:mana]:  # mana cards sort first
        supply[f.element_of[c]] += f.orbs[c]
    units = (supply[0], supply[1], supply[2], supply[3], supply[4])
    castable = 0
    one_short = 0
    spells = 0
    reactions = 0
    for c in hand[mana:]:
        options = cards.options[c]
        if options:
            spells += 1
            for cost, damage in options:
                missing = missing_units(cost, units)
                if missing == 0:
                    castable = max(castable, damage)
                elif missing == 1:
                    one_short = max(one_short, damage)
        elif cards.reaction[c]:
            reactions += 1
    out += [float(castable), float(one_short), float(spells), float(reactions), float(sum(units))]
    return out


def _cards(game: RulerOfMana) -> _Cards:
    found: _Cards | None = game.derived.get(_Cards)
    if found is None:
        found = game.derived[_Cards] = _Cards(game)
    return found


def evaluate(state: State, observer: int) -> list[float]:
    """Each seat's chance to win an unfinished game, by the fitted model (module docstring)."""
    from bodoge.games.ruler_of_mana.state import RMState

    assert isinstance(state, RMState)
    model = model_of(state.game)
    return model.chances(
        [features(state, seat, observer) for seat in range(state.facts.players)], observer
    )
