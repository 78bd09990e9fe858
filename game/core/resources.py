"""Where the program's own files are: the source tree, or, in the standalone
app (tools/build_app.py, PyInstaller), the folder the app carries them in
(`sys._MEIPASS`). Every file the program ships and reads (maps, decks, rules
and data YAML, fonts, rules text) is found through `program_path`, so the app
finds them from any working folder."""
from __future__ import annotations

import os
import sys


def program_dir() -> str:
    """The folder holding `game/`, `maps/` and `assets/`."""
    bundle = getattr(sys, "_MEIPASS", None)
    if getattr(sys, "frozen", False) and bundle:
        return str(bundle)
    return os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def program_path(*parts: str) -> str:
    """A shipped file or folder, e.g. program_path("maps", "lunar_rails")."""
    return os.path.join(program_dir(), *parts)
