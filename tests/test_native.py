"""bodoge.native: the engines compiled by mypyc when a current build is there, pure Python
otherwise, and the same results either way (the rest of the suite runs in both: make test)."""

from __future__ import annotations

import importlib
import json
import os
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path

import pytest

from bodoge import native
from bodoge.core.i18n import text
from bodoge.core.testing import run_doctests

SUFFIX = str(sysconfig.get_config_var("EXT_SUFFIX"))


def listed() -> list[str]:
    return native.listed()


def test_the_engines_run_the_way_make_test_asked_for() -> None:
    """``make test`` runs the suite once compiled (BODOGE_EXPECT_NATIVE=1) and once as pure
    Python (BODOGE_PURE_PYTHON=1); a build that silently did not load would fail here."""
    files = {name: str(importlib.import_module(name).__file__) for name in listed()}
    if os.environ.get("BODOGE_EXPECT_NATIVE"):
        assert native.active(), native.status()
        assert all(f.endswith(SUFFIX) for f in files.values()), files
    elif os.environ.get(native.PURE_ENV):
        assert not native.active()
        assert all(f.endswith(".py") for f in files.values()), files
    else:
        assert all(f.endswith(SUFFIX if native.active() else ".py") for f in files.values())


def clean_env() -> dict[str, str]:
    return {k: v for k, v in os.environ.items() if k != native.PURE_ENV}


def built() -> None:
    if not (native.NATIVE_DIR / native.MANIFEST).is_file():
        pytest.skip("needs the compiled build (bodoge native --build); make test always has one")


def status_in(native_dir: Path, **env: str) -> str:
    """``bodoge native`` in a fresh interpreter whose build folder is ``native_dir``."""
    run = subprocess.run(
        [sys.executable, "-m", "bodoge.cli", "native"],
        env={**clean_env(), "BODOGE_NATIVE_DIR": str(native_dir), **env},
        capture_output=True,
        text=True,
        check=True,
    )
    return run.stdout.strip()


def test_no_build_means_pure_python(tmp_path: Path) -> None:
    assert status_in(tmp_path).startswith("pure Python: no compiled build in")


def test_the_switch_turns_a_current_build_off() -> None:
    line = status_in(native.NATIVE_DIR, BODOGE_PURE_PYTHON="1")
    assert line == "pure Python: BODOGE_PURE_PYTHON is set"


def copy_of_build(tmp_path: Path) -> Path:
    built()
    copy = tmp_path / "native"
    shutil.copytree(native.NATIVE_DIR, copy)
    assert status_in(copy).startswith("compiled: ")
    return copy


def test_a_build_from_other_sources_is_not_loaded(tmp_path: Path) -> None:
    """An edit since the build changes the fingerprint: the stale code must not run."""
    copy = copy_of_build(tmp_path)
    manifest = json.loads((copy / native.MANIFEST).read_text())
    manifest["fingerprint"] = "0" * 64
    (copy / native.MANIFEST).write_text(json.dumps(manifest))
    assert status_in(copy) == "pure Python: the source changed since the compiled build " + (
        "(bodoge native --build)"
    )


def test_a_build_for_another_interpreter_or_missing_a_file_is_not_loaded(tmp_path: Path) -> None:
    copy = copy_of_build(tmp_path)
    manifest = json.loads((copy / native.MANIFEST).read_text())
    (copy / native.MANIFEST).write_text(json.dumps({**manifest, "suffix": ".cpython-39.so"}))
    assert "for another interpreter" in status_in(copy)
    (copy / native.MANIFEST).write_text(json.dumps(manifest))
    (copy / manifest["files"]["bodoge.core.state"]).unlink()
    assert "incomplete" in status_in(copy)


def test_outside_a_source_checkout_building_is_refused_in_one_line(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setattr(native, "CHECKOUT", tmp_path)
    with pytest.raises(RuntimeError, match="needs a source checkout of bodoge: no "):
        native.build()


def test_a_current_build_is_not_built_again() -> None:
    built()
    assert native.build() == f"compiled modules are current in {native.NATIVE_DIR}"


@pytest.mark.parametrize("name", listed())
def test_the_doctests_of_every_listed_module_run_compiled_or_not(name: str) -> None:
    """pytest's --doctest-modules finds no examples in a compiled module (mypyc keeps no
    docstrings); these are read from the source and run against whichever code is loaded."""
    result = run_doctests(importlib.import_module(name))
    assert result.failed == 0


@pytest.mark.parametrize(
    ("how", "env"),
    [
        (["--lang", "ja", "native"], {"LC_ALL": "C.UTF-8"}),
        (["native", "--lang", "ja"], {"LC_ALL": "C.UTF-8"}),
        (["native"], {"LC_ALL": "ja_JP.UTF-8"}),
    ],
)
def test_native_speaks_the_command_lines_language(
    tmp_path: Path, how: list[str], env: dict[str, str]
) -> None:
    """``bodoge native`` said its line in English whatever the language asked (it had no
    ``--lang``, and its lines were not in the catalogue)."""
    run = subprocess.run(
        [sys.executable, "-m", "bodoge.cli", *how],
        env={**clean_env(), "BODOGE_NATIVE_DIR": str(tmp_path), **env},
        capture_output=True,
        text=True,
        check=True,
    )
    said = text("native.no_build", "ja", folder=tmp_path)
    assert run.stdout.strip() == said and "pure Python" not in run.stdout


def test_every_line_of_native_is_in_both_languages(monkeypatch: pytest.MonkeyPatch) -> None:
    assert native.status("ja") != native.status("en") == native.status()
    monkeypatch.setattr(native, "current", lambda: True)
    monkeypatch.setattr(native, "listed", lambda: ["bodoge.core.state"])
    assert native.build(lang="ja") == text("native.current", "ja", folder=native.NATIVE_DIR)
