"""The standalone app (tools/build_app.py) carries every file the game reads,
and the game finds them through one place, `game.core.resources`, which in
the built app points into the app's own folder. No full build here: that
takes a minute and PyInstaller; README "Build a standalone app" says how."""
from __future__ import annotations

import fnmatch
import importlib.util
import os
import sys

import pytest

from game.core import resources

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def _build_app():
    spec = importlib.util.spec_from_file_location("build_app", os.path.join(ROOT, "tools", "build_app.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _shipped_files() -> list[str]:
    """Every file the program may read at run time, relative to the program folder."""
    out = []
    for top in ("game", "ui", "maps", "assets"):
        for folder, dirs, files in os.walk(os.path.join(ROOT, top)):
            dirs[:] = [d for d in dirs if d != "__pycache__"]
            out += [os.path.relpath(os.path.join(folder, f), ROOT) for f in files if not f.endswith((".py", ".pyc"))]
    return out


def test_in_the_built_app_every_file_is_found_in_the_apps_folder(monkeypatch, tmp_path):
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    monkeypatch.setattr(sys, "_MEIPASS", str(tmp_path), raising=False)
    assert resources.program_path("maps", "lunar_rails") == os.path.join(str(tmp_path), "maps", "lunar_rails")
    monkeypatch.setattr(sys, "frozen", False)
    assert resources.program_dir() == ROOT


def test_no_module_finds_data_beside_its_own_source_file():
    """A path built from a module's __file__ breaks in the app: everything goes through resources."""
    offenders = []
    for top in ("game", "ui"):
        for folder, _dirs, files in os.walk(os.path.join(ROOT, top)):
            for f in files:
                path = os.path.join(folder, f)
                if f.endswith(".py") and path != resources.__file__ and "__file__" in open(path, encoding="utf-8").read():
                    offenders.append(os.path.relpath(path, ROOT))
    assert offenders == []


@pytest.mark.skipif(importlib.util.find_spec("PyInstaller") is None, reason="PyInstaller is not installed")
def test_the_build_carries_every_data_file_and_every_game_module():
    build = _build_app()
    pairs = [(os.path.relpath(src, ROOT), dest) for src, dest in build.data_files()]
    for rel in _shipped_files():
        folder, name = os.path.split(rel)
        carried = any(rel.startswith(src + os.sep) or (os.path.dirname(src) == folder == dest
                                                        and fnmatch.fnmatch(name, os.path.basename(src)))
                      for src, dest in pairs)
        assert carried, f"{rel} would be missing from the app"
    args = build.pyinstaller_args()
    collected = {args[i + 1] for i, arg in enumerate(args) if arg == "--collect-submodules"}
    assert collected == {"game", "ui"}   # games and screens are imported by name at run time
    assert args[-1] == os.path.join(ROOT, "main.py")
