"""Evaluators fitted to games' outcomes: each seat's chance to win as a softmax of a linear score
of what is known of it (a conditional logit, McFadden 1974).

A game's evaluator (its ``evaluation`` module, :mod:`bodoge.agents.knowledge`) names its
features: *public* ones, which every seat sees of every seat (life, cards in hand, missions
done), then *private* ones, which only a seat's own hand tells (the damage it can cast now, the
cards a mission still lacks). The seat whose search it is (the observer) is scored on both with
its ``own`` weights; every other seat on the public ones alone with the ``other`` weights, since
in a sample their hands are only a guess. The chances are the softmax of the scores, so they sum
to 1 for any number of players.

The weights are data, fitted by maximum likelihood to the winners of heuristic games
(``bench/fit_evaluators.py`` writes the game's ``evaluation.toml``; :func:`fit` does the
fitting), one model per variant and player count.

>>> model = Model(("life",), (), own=(0.5,), other=(0.5,))
>>> [round(p, 3) for p in model.chances([[10.0], [8.0]], observer=0)]
[0.731, 0.269]
"""

from __future__ import annotations

import math
import tomllib
from collections.abc import Sequence
from importlib.abc import Traversable
from typing import Any

__all__ = ["Model", "Sample", "fit", "load_models", "models_toml"]


class Model:
    """The weights of one variant and player count: ``own`` for the observer (public then
    private features), ``other`` for everyone else (public features only)."""

    __slots__ = ("other", "own", "private", "public")

    def __init__(
        self,
        public: tuple[str, ...],
        private: tuple[str, ...],
        own: tuple[float, ...],
        other: tuple[float, ...],
    ) -> None:
        if len(own) != len(public) + len(private) or len(other) != len(public):
            raise ValueError(
                f"a model of {len(public)} public and {len(private)} private features needs "
                f"{len(public) + len(private)} own and {len(public)} other weights, "
                f"not {len(own)} and {len(other)}"
            )
        self.public = public
        self.private = private
        self.own = own
        self.other = other

    def score(self, features: Sequence[float], own: bool) -> float:
        """A seat's score: ``features`` (public, then private for the observer) weighed."""
        weights = self.own if own else self.other
        total = 0.0
        for i in range(len(weights)):
            total += weights[i] * features[i]
        return total

    def chances(self, features: Sequence[Sequence[float]], observer: int) -> list[float]:
        """Each seat's chance to win, ``features[seat]`` its features (the observer's with the
        private ones)."""
        scores = [self.score(x, seat == observer) for seat, x in enumerate(features)]
        top = max(scores)
        weights = [math.exp(s - top) for s in scores]
        total = sum(weights)
        return [w / total for w in weights]


def load_models(
    path: Traversable, public: tuple[str, ...], private: tuple[str, ...]
) -> dict[tuple[str, int], Model]:
    """The models of a game's ``evaluation.toml``, by (variant, players). ValueError, in one
    line naming the file, when it does not fit the features the game's code computes."""
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
        if tuple(data["public"]) != public or tuple(data["private"]) != private:
            raise ValueError(
                f"its features {data['public']} + {data['private']} are not the code's "
                f"{list(public)} + {list(private)}: fit it again (bench/fit_evaluators.py)"
            )
        models: dict[tuple[str, int], Model] = {}
        for entry in data["model"]:
            key = (str(entry["variant"]), int(entry["players"]))
            own = tuple(float(w) for w in entry["own"])
            other = tuple(float(w) for w in entry["other"])
            models[key] = Model(public, private, own, other)
        return models
    except (OSError, KeyError, TypeError, ValueError, tomllib.TOMLDecodeError) as error:
        raise ValueError(f"{path.name}: {error}") from None


def models_toml(
    public: Sequence[str],
    private: Sequence[str],
    models: Sequence[tuple[str, int, Model, dict[str, Any]]],
    header: str,
) -> str:
    """The text of an ``evaluation.toml``: ``header`` as comments, the feature names, then each
    (variant, players, model, notes) with its notes (numbers) as keys of its own."""
    lines = [f"# {line}".rstrip() for line in header.splitlines()]
    lines.append(f"public = {_list(public)}")
    lines.append(f"private = {_list(private)}")
    for variant, players, model, notes in models:
        lines += ["", "[[model]]", f'variant = "{variant}"', f"players = {players}"]
        lines += [f"{key} = {value!r}" for key, value in notes.items()]
        lines.append(f"own = [{', '.join(f'{w:.5g}' for w in model.own)}]")
        lines.append(f"other = [{', '.join(f'{w:.5g}' for w in model.other)}]")
    return "\n".join(lines) + "\n"


def _list(names: Sequence[str]) -> str:
    return "[" + ", ".join(f'"{n}"' for n in names) + "]"


Sample = tuple[Sequence[Sequence[float]], int, Sequence[float]]
"""One position: every seat's features (the observer's with the private ones), the observer,
and each seat's share of the win in the end (1 for the winner, 1/k each for k sharing it)."""


def fit(
    samples: Sequence[Sample],
    public: tuple[str, ...],
    private: tuple[str, ...],
    ridge: float = 1e-4,
) -> Model:
    """The model of greatest likelihood of the outcomes of ``samples`` (all with the same number
    of seats), found by Newton's method, with a little ``ridge`` to keep it unique (a feature
    that never varies gets weight 0).

    >>> ahead, behind = [[1.0], [0.0]], [[0.0], [1.0]]
    >>> samples = 3 * [(ahead, 0, [1.0, 0.0]), (behind, 0, [0.0, 1.0])] + [
    ...     (ahead, 0, [0.0, 1.0]), (behind, 0, [1.0, 0.0])]
    >>> model = fit(samples, ("lead",), ())  # the leader wins 3 of 4: a weight of ln 3
    >>> round(model.own[0], 2), round(model.other[0], 2), round(math.log(3), 2)
    (1.1, 1.1, 1.1)
    """
    import numpy as np  # fitting only: the search itself needs no NumPy

    p, q = len(public), len(private)
    n = len(samples[0][0])
    rows = len(samples)
    # Each seat's features in the space of all weights: own (p + q), then other (p).
    x = np.zeros((rows, n, 2 * p + q))
    target = np.zeros((rows, n))
    for r, (features, observer, shares) in enumerate(samples):
        for seat in range(n):
            # The observer first: a seat's place never matters, only whether it is the observer.
            k = (seat - observer) % n
            if seat == observer:
                x[r, k, : p + q] = features[seat][: p + q]
            else:
                x[r, k, p + q :] = features[seat][:p]
            target[r, k] = shares[seat]
    w = np.zeros(2 * p + q)
    for _ in range(50):
        s = x @ w
        s -= s.max(axis=1, keepdims=True)
        prob = np.exp(s)
        prob /= prob.sum(axis=1, keepdims=True)
        grad = np.einsum("rs,rsd->d", prob - target, x) / rows + ridge * w
        mean = np.einsum("rs,rsd->rd", prob, x)
        flat = x.reshape(-1, x.shape[2])
        weighted = (x * prob[:, :, None]).reshape(-1, x.shape[2])
        hess = (weighted.T @ flat - mean.T @ mean) / rows + ridge * np.eye(len(w))
        step = np.linalg.solve(hess, grad)
        w -= step
        if float(np.abs(step).max()) < 1e-8:
            break
    values = [float(v) for v in w]
    return Model(public, private, tuple(values[: p + q]), tuple(values[p + q :]))
