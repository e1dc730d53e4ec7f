"""The learning example runs end to end on a tiny budget, so that it cannot rot (its real run,
ten minutes, is in examples/learn-ruler-of-mana/)."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

EXAMPLE = Path(__file__).parents[2] / "examples" / "learn_ruler_of_mana.py"


def test_learn_example_trains_evaluates_and_plots(tmp_path: Path) -> None:
    spec = importlib.util.spec_from_file_location("learn_ruler_of_mana", EXAMPLE)
    assert spec is not None and spec.loader is not None
    example = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(example)
    tiny = "--timesteps 128 --envs 2 --n-steps 64 --eval-every 128 --eval-games 2 --final-games 2"
    example.main([*tiny.split(), "--out", str(tmp_path)])
    figures = json.loads((tmp_path / "figures.json").read_text())
    assert figures["timesteps"] == 128 and len(figures["curve"]) == 2
    assert 0.0 <= figures["final"]["win_share"] <= 1.0
    assert (tmp_path / "learning-curve.png").read_bytes()[:4] == b"\x89PNG"
