"""Build the standalone app: `dist/railtable/` holding a `railtable`
executable (railtable.exe on Windows) with Python, the libraries and every
file the game reads (maps, decks, data YAML, fonts, rules text). A player
needs no Python: `dist/railtable/railtable` opens the menu, and `play`,
`screenshot` and `simulate` work as with `python3 main.py`, from any folder.

Usage (once: python3 -m pip install -r requirements-build.txt):
    python3 tools/build_app.py

PyInstaller builds for the system it runs on: build on Windows for Windows,
on macOS for macOS. Intermediate files go to build/, the app to dist/.
"""
from __future__ import annotations

import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
NAME = "railtable"
SHIPPED_WHOLE = ("maps", "assets")  # folders of data only: carried as they are
CODE = ("game", "ui")               # packages: their modules, and the data files beside them
# Never part of the app: test and type-check tools, and libraries the game does not use.
EXCLUDED = ("pytest", "hypothesis", "mypy", "numpy", "tkinter", "IPython")


def data_files() -> list[tuple[str, str]]:
    """(source, destination folder) pairs for PyInstaller's --add-data: the
    whole data folders, and, inside the code packages, every kind of non-Python
    file of each folder by its extension (e.g. game/russian_railroads/*.yaml)."""
    pairs = [(os.path.join(ROOT, top), top) for top in SHIPPED_WHOLE]
    for package in CODE:
        for folder, dirs, files in os.walk(os.path.join(ROOT, package)):
            dirs[:] = sorted(d for d in dirs if d != "__pycache__")
            rel = os.path.relpath(folder, ROOT)
            for ext in sorted({os.path.splitext(f)[1] for f in files if not f.endswith((".py", ".pyc"))}):
                pairs.append((os.path.join(folder, "*" + ext), rel))
    return pairs


def pyinstaller_args() -> list[str]:
    args = ["--noconfirm", "--clean", "--name", NAME, "--console",
            "--distpath", os.path.join(ROOT, "dist"), "--workpath", os.path.join(ROOT, "build"),
            "--specpath", os.path.join(ROOT, "build"), "--paths", ROOT]
    for package in CODE:  # the games and their screens are imported by name at run time
        args += ["--collect-submodules", package]
    for module in EXCLUDED:
        args += ["--exclude-module", module]
    for source, dest in data_files():
        args += ["--add-data", f"{source}{os.pathsep}{dest}"]
    return args + [os.path.join(ROOT, "main.py")]


def main() -> int:
    try:
        import PyInstaller.__main__
    except ImportError:
        print("PyInstaller is missing: python3 -m pip install -r requirements-build.txt", file=sys.stderr)
        return 1
    sys.path.insert(0, ROOT)   # PyInstaller lists our packages' submodules by importing them
    PyInstaller.__main__.run(pyinstaller_args())
    exe = os.path.join(ROOT, "dist", NAME, NAME + (".exe" if sys.platform.startswith("win") else ""))
    print(f"Built {exe}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
