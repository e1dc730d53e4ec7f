"""The engines compiled with mypyc, and the pure-Python modules as the fallback.

The modules listed under ``[tool.bodoge] native`` in ``pyproject.toml`` (the engines' hot paths)
are the same Python source either way. ``bodoge native --build`` compiles them with mypyc
into ``build/native/`` beside ``src/`` (``make run`` and ``make test`` do it), never into the
source tree, so a compiled module can never shadow an edit. Its manifest records a hash of every
source of the packages those modules live in. On import, ``bodoge`` asks :func:`install`, which
loads the compiled modules only when the manifest matches the sources and the interpreter exactly;
anything else (an edit since the build, no build, another Python, ``BODOGE_PURE_PYTHON=1``) runs
the pure-Python source, which is what a wheel or a fresh checkout without a compiler gets.

:func:`status` says which is running and why, in one line (``bench/`` prints it), in English or
Japanese from the catalogue's ``native.*`` (read only when it is said: this module is imported
before the engines it may replace).
"""

from __future__ import annotations

import hashlib
import importlib.abc
import importlib.machinery
import importlib.util
import json
import os
import sys
import sysconfig
from collections.abc import Sequence
from pathlib import Path
from types import ModuleType
from typing import Any

__all__ = ["NoCheckout", "active", "build", "current", "install", "listed", "source", "status"]

PACKAGE = Path(__file__).resolve().parent
CHECKOUT = PACKAGE.parent.parent
NATIVE_DIR = Path(os.environ.get("BODOGE_NATIVE_DIR", CHECKOUT / "build" / "native"))
MANIFEST = "manifest.json"
GROUP = "bodoge_native"
PURE_ENV = "BODOGE_PURE_PYTHON"

# What :func:`status` says: a key of the catalogue's native.* and its fields.
_status: tuple[str, dict[str, Any]] = ("native.not_checked", {})
_active = False


def _said(key: str, lang: str, **fields: Any) -> str:
    from bodoge.core.i18n import text

    return text(key, lang, **fields)


def _suffix() -> str:
    return str(sysconfig.get_config_var("EXT_SUFFIX"))


def source(module: str) -> Path:
    """The ``.py`` file of ``module`` (a dotted name inside ``bodoge``), compiled or not."""
    return (PACKAGE.parent / module.replace(".", "/")).with_suffix(".py")


def _fingerprint(modules: Sequence[str]) -> str:
    """One hash of every ``.py`` file in the packages of ``modules``, and of the list itself.

    Whole packages, not only the compiled files: mypyc reads the types (and may fold the
    constants) of what a compiled module imports, and its neighbours are most of that."""
    digest = hashlib.sha256("\n".join(modules).encode())
    folders = sorted({source(m).parent for m in modules})
    for folder in folders:
        for file in sorted(folder.glob("*.py")):
            digest.update(str(file.relative_to(PACKAGE.parent)).encode())
            digest.update(file.read_bytes())
    return digest.hexdigest()


class _Finder(importlib.abc.MetaPathFinder):
    """Finds the compiled modules by their exact names; every other import goes on as usual."""

    def __init__(self, files: dict[str, Path]) -> None:
        self.files = files

    def find_spec(
        self, fullname: str, path: Sequence[str] | None, target: ModuleType | None = None
    ) -> importlib.machinery.ModuleSpec | None:
        file = self.files.get(fullname)
        if file is None:
            return None
        loader = importlib.machinery.ExtensionFileLoader(fullname, str(file))
        return importlib.util.spec_from_file_location(fullname, file, loader=loader)


def install() -> None:
    """Put the compiled modules in front of the source when they were built from it (then
    :func:`status` says which run). Called once by ``import bodoge``, before any engine module
    is imported."""
    global _status
    if not any(isinstance(f, _Finder) for f in sys.meta_path):
        _status = _check()


def _check() -> tuple[str, dict[str, Any]]:
    global _active
    if os.environ.get(PURE_ENV):
        return "native.pure_env", {"env": PURE_ENV}
    try:
        manifest = json.loads((NATIVE_DIR / MANIFEST).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return "native.no_build", {"folder": NATIVE_DIR}
    if manifest.get("suffix") != _suffix():
        return "native.other_interpreter", {}
    modules = list(manifest.get("modules", ()))
    if manifest.get("fingerprint") != _fingerprint(modules):
        return "native.source_changed", {}
    files = {name: NATIVE_DIR / file for name, file in manifest["files"].items()}
    if not all(f.is_file() for f in files.values()):
        return "native.incomplete", {}
    sys.meta_path.insert(0, _Finder(files))
    _active = True
    return "native.compiled", {"count": len(modules), "folder": NATIVE_DIR}


def active() -> bool:
    """True when the compiled modules are in use."""
    return _active


def status(lang: str = "en") -> str:
    """Which modules run, compiled or pure, and why, in one line in ``lang``."""
    key, fields = _status
    return _said(key, lang, **fields)


class NoCheckout(RuntimeError):
    """Compiling asked for where there is no source checkout (its ``project`` file missing)."""

    def __init__(self, project: Path) -> None:
        super().__init__(f"compiling needs a source checkout of bodoge: no {project}")
        self.project = project

    def text(self, lang: str) -> str:
        return _said("native.no_checkout", lang, path=self.project)


def listed() -> list[str]:
    """The modules to compile, from ``pyproject.toml`` (so only in a source checkout)."""
    import tomllib

    project = CHECKOUT / "pyproject.toml"
    if not project.is_file():
        raise NoCheckout(project)
    config = tomllib.loads(project.read_text(encoding="utf-8"))
    return sorted(config["tool"]["bodoge"]["native"])


def current() -> bool:
    """True when :data:`NATIVE_DIR` holds a build of the listed modules from the sources here,
    for this interpreter."""
    try:
        old = json.loads((NATIVE_DIR / MANIFEST).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return False
    same = old.get("fingerprint") == _fingerprint(listed())
    return bool(same and old.get("suffix") == _suffix())


def build(force: bool = False, lang: str = "en") -> str:
    """Compile the listed modules into :data:`NATIVE_DIR` unless the build there is current.

    Needs mypy (the ``dev`` extra) and a C compiler. Returns a line saying what it did, in
    ``lang``."""
    if not force and current():
        return _said("native.current", lang, folder=NATIVE_DIR)
    modules = listed()
    fingerprint = _fingerprint(modules)
    manifest_path = NATIVE_DIR / MANIFEST

    import shutil

    from mypyc.build import mypycify
    from setuptools import Distribution  # type: ignore[import-untyped]

    temp = NATIVE_DIR.parent / "native-temp"
    shutil.rmtree(NATIVE_DIR, ignore_errors=True)
    shutil.rmtree(temp, ignore_errors=True)
    NATIVE_DIR.mkdir(parents=True)
    cwd = Path.cwd()
    os.chdir(PACKAGE.parent)  # mypyc names a module by its path from here
    try:
        paths = [m.replace(".", "/") + ".py" for m in modules]
        extensions = mypycify(paths, group_name=GROUP, target_dir=str(temp / "c"))
        dist = Distribution({"name": GROUP, "ext_modules": extensions})
        command = dist.get_command_obj("build_ext")
        command.build_lib = str(NATIVE_DIR)
        command.build_temp = str(temp / "o")
        command.parallel = os.cpu_count() or 1
        dist.run_command("build_ext")
    finally:
        os.chdir(cwd)
    files = {}
    for built in NATIVE_DIR.rglob("*" + _suffix()):
        relative = built.relative_to(NATIVE_DIR)
        files[".".join(relative.parts)[: -len(_suffix())]] = str(relative)
    manifest = {"modules": modules, "fingerprint": fingerprint, "suffix": _suffix(), "files": files}
    manifest_path.write_text(json.dumps(manifest, indent=1) + "\n", encoding="utf-8")
    shutil.rmtree(temp, ignore_errors=True)
    return _said("native.built", lang, count=len(modules), folder=NATIVE_DIR)
