"""A game is one folder and registers itself: a tiny game (tests/tiny/high_card.py), copied into a
temporary package outside src and added through the ``bodoge.games`` entry point, runs through the
generic harnesses, ``bodoge simulate`` and ``bodoge arena`` with no edit to bodoge."""

from __future__ import annotations

import ast
import importlib
import shutil
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from typer.testing import CliRunner

import bodoge
from bodoge.arena.command import run_arena
from bodoge.cli import app
from bodoge.core import registry
from bodoge.core.testing import check_no_leaks, check_random_play

TINY = Path(__file__).parent / "tiny"
PACKAGE = "bodoge_high_card"


@pytest.fixture(scope="module")
def high_card(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The tiny game installed as an outside package would be: its own folder on the path and
    a distribution's entry point naming it; bodoge finds it by itself."""
    root = tmp_path_factory.mktemp("site")
    package = root / PACKAGE
    package.mkdir()
    shutil.copy(TINY / "high_card.py", package / "__init__.py")
    shutil.copy(TINY / "messages.toml", package / "messages.toml")
    info = root / "bodoge_high_card-0.1.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: bodoge-high-card\nVersion: 0.1\n")
    (info / "entry_points.txt").write_text(f"[bodoge.games]\nhigh-card = {PACKAGE}\n")
    sys.path.insert(0, str(root))
    importlib.invalidate_caches()
    yield "high-card"
    sys.path.remove(str(root))
    registry.unregister("high-card")
    sys.modules.pop(PACKAGE, None)
    importlib.invalidate_caches()


def test_the_tiny_game_registers_itself_through_its_entry_point(high_card: str) -> None:
    game = bodoge.make(high_card)  # unknown until now: make looks again, and finds it
    assert bodoge.games() == ("extreme-mission", "ruler-of-mana", high_card)
    assert type(game).__module__ == PACKAGE
    assert [a.describe("ja") for a in game.new_state(seed=1).legal_actions()][-1] == "1枚引く"


def test_the_generic_harnesses_run_the_tiny_game(high_card: str) -> None:
    game = bodoge.make(high_card)
    assert check_random_play(game, seeds=range(40), deep_every=3) > 40 * 4
    check_no_leaks(game, seeds=range(20), secret=lambda state, seat: state.view(1 - seat)["hand"])


def test_a_bad_setup_of_the_tiny_game_is_the_same_setup_error(high_card: str) -> None:
    game = bodoge.make(high_card)
    for setup, fragment in (([], "must be a mapping"), ({"deck": []}, "unknown setup key")):
        with pytest.raises(bodoge.SetupError, match=fragment):
            game.new_state(seed=1, setup=setup)
    with pytest.raises(bodoge.SetupError, match="no seat True"):
        game.new_state(seed=1).view(True)


def test_bodoge_simulate_plays_the_tiny_game(high_card: str) -> None:
    result = CliRunner().invoke(
        app, ["simulate", high_card, "--games", "30", "--seats", "random,random"]
    )
    assert result.exit_code == 0, result.output
    assert "High Card" in result.output and "30" in result.output  # the game by its title


def test_the_arena_plays_the_tiny_game_in_worker_processes(high_card: str) -> None:
    report = run_arena(high_card, ["random", "random"], games=8, seed=3, workers=2)
    assert len(report.records) == 8
    result = CliRunner().invoke(
        app, ["arena", high_card, "--bots", "random,random", "--games", "4", "--workers", "1"]
    )
    assert result.exit_code == 0, result.output


def test_simulate_without_seats_plays_the_tiny_game(high_card: str) -> None:
    result = CliRunner().invoke(app, ["simulate", high_card, "--games", "5"])
    assert result.exit_code == 0, result.output


CORE = Path(bodoge.__file__).parent / "core"


@pytest.mark.parametrize("name", bodoge.games())
def test_core_names_no_game(name: str) -> None:
    """Neither a bundled game's name nor its package appears in core's code or examples."""
    package = registry.game_class(name).__module__.rpartition(".")[2]
    for path in CORE.glob("*.py"):
        source = path.read_text(encoding="utf-8")
        assert name not in source and package not in source, f"{path.name} names {name}"


@pytest.mark.parametrize("name", bodoge.games())
def test_each_rule_number_is_defined_once_in_rules_py(name: str) -> None:
    """games/<game>/rules.py holds the rule numbers; no other module of the game defines one of
    its names again (the engine, heuristic, words and balance hooks import them)."""
    folder = Path(importlib.import_module(registry.game_class(name).__module__).__file__ or "")
    folder = folder.parent
    defined = _module_constants(folder / "rules.py")
    assert {"HAND_LIMIT", "HAND_SIZE", "MAX_PLAYERS"} <= defined
    for path in folder.glob("*.py"):
        if path.name != "rules.py":
            again = defined & _module_constants(path)
            assert not again, f"{path.name} defines {sorted(again)} again"


def _module_constants(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names: set[str] = set()
    for node in tree.body:
        targets = node.targets if isinstance(node, ast.Assign) else []
        if isinstance(node, ast.AnnAssign):
            targets = [node.target]
        names |= {t.id for t in targets if isinstance(t, ast.Name) and t.id.isupper()}
    return names
