"""The fitted evaluators' model (``bodoge.agents.logit``): fitting finds the weights that made the
outcomes, the chances are a softmax, and a broken ``evaluation.toml`` is one clear line."""

from __future__ import annotations

import math
import random
from pathlib import Path

import pytest

from bodoge.agents.logit import Model, Sample, fit, load_models, models_toml

PUBLIC = ("life", "cards")
PRIVATE = ("damage",)


def _outcomes(model: Model, rng: random.Random, count: int, players: int) -> list[Sample]:
    """Positions with random features, each won by a seat drawn from ``model``'s chances."""
    samples: list[Sample] = []
    for _ in range(count):
        observer = rng.randrange(players)
        features = [
            [rng.uniform(0, 15), rng.uniform(0, 9)] + ([rng.uniform(0, 6)] if s == observer else [])
            for s in range(players)
        ]
        chances = model.chances(features, observer)
        winner = rng.choices(range(players), weights=chances)[0]
        samples.append((features, observer, [1.0 if s == winner else 0.0 for s in range(players)]))
    return samples


@pytest.mark.parametrize("players", [2, 4])
def test_fit_finds_the_weights_that_made_the_outcomes(players: int) -> None:
    truth = Model(PUBLIC, PRIVATE, own=(0.3, 0.2, 0.5), other=(0.25, -0.1))
    samples = _outcomes(truth, random.Random(players), 6000, players)
    found = fit(samples, PUBLIC, PRIVATE)
    for got, want in zip(found.own + found.other, truth.own + truth.other, strict=True):
        assert got == pytest.approx(want, abs=0.06)


def test_chances_are_a_softmax_of_the_scores() -> None:
    model = Model(PUBLIC, PRIVATE, own=(1.0, 0.0, 1.0), other=(1.0, 0.0))
    chances = model.chances([[2.0, 5.0, 1.0], [1.0, 9.0], [3.0, 0.0]], observer=0)
    weights = [math.exp(3.0), math.exp(1.0), math.exp(3.0)]
    assert chances == pytest.approx([w / sum(weights) for w in weights])


def test_a_model_needs_a_weight_for_every_feature() -> None:
    with pytest.raises(ValueError, match="needs 3 own and 2 other weights"):
        Model(PUBLIC, PRIVATE, own=(1.0, 2.0), other=(1.0, 2.0))


def test_models_round_trip_through_their_toml(tmp_path: Path) -> None:
    model = Model(PUBLIC, PRIVATE, own=(0.5, -0.25, 1.5), other=(0.125, 2.0))
    text = models_toml(PUBLIC, PRIVATE, [("basic", 3, model, {"games": 10})], "a header")
    path = tmp_path / "evaluation.toml"
    path.write_text(text)
    loaded = load_models(path, PUBLIC, PRIVATE)[("basic", 3)]
    assert loaded.own == model.own and loaded.other == model.other


@pytest.mark.parametrize(
    ("text", "why"),
    [
        ("public = [\n", "evaluation.toml: "),
        ('public = ["life"]\nprivate = ["damage"]\n', "are not the code's"),
        (
            'public = ["life", "cards"]\nprivate = ["damage"]\n[[model]]\nvariant = "basic"\n'
            "players = 2\nown = [1.0]\nother = [1.0, 2.0]\n",
            "needs 3 own and 2 other weights",
        ),
        ('public = ["life", "cards"]\nprivate = ["damage"]\n[[model]]\nplayers = 2\n', "variant"),
    ],
)
def test_a_broken_file_is_one_line_naming_it(tmp_path: Path, text: str, why: str) -> None:
    path = tmp_path / "evaluation.toml"
    path.write_text(text)
    with pytest.raises(ValueError, match=why) as error:
        load_models(path, PUBLIC, PRIVATE)
    assert "\n" not in str(error.value) and str(error.value).startswith("evaluation.toml: ")
