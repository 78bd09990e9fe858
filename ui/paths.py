"""Where Railtable keeps settings and saves.

Saves live in the user's data folder (``pygame.system.get_pref_path``),
settings in the user's config folder. Setting RAILTABLE_HOME puts both under
one folder instead, so tests and portable installs never touch the real home.
"""
from __future__ import annotations

import os
import sys
import time
from dataclasses import dataclass
from pathlib import Path

ENV_HOME = "RAILTABLE_HOME"
APP = "railtable"
SETTINGS_FILE = "settings.yaml"


def _pref_path() -> Path:
    import pygame

    return Path(pygame.system.get_pref_path(APP, APP))


def _config_root() -> Path:
    if sys.platform.startswith("win"):
        return Path(os.environ.get("APPDATA", Path.home() / "AppData" / "Roaming")) / APP
    if sys.platform == "darwin":
        return Path.home() / "Library" / "Preferences" / APP
    return Path(os.environ.get("XDG_CONFIG_HOME", Path.home() / ".config")) / APP


@dataclass(frozen=True)
class Paths:
    config_dir: Path
    saves_dir: Path

    @classmethod
    def default(cls) -> "Paths":
        home = os.environ.get(ENV_HOME)
        if home:
            return cls(Path(home) / "config", Path(home) / "saves")
        return cls(_config_root(), _pref_path() / "saves")

    @property
    def settings_file(self) -> Path:
        return self.config_dir / SETTINGS_FILE

    def autosave_path(self, game_id: str) -> Path:
        return self.saves_dir / f"autosave-{game_id}.yaml"

    def new_save_path(self, game_id: str, name: str = "") -> Path:
        """<game>-<name>.yaml for a named save, else <game>-<date>-<time>.yaml
        (suffixed if taken, so a save never overwrites another)."""
        stem = f"{game_id}-{save_slug(name) or time.strftime('%Y%m%d-%H%M%S')}"
        path = self.saves_dir / f"{stem}.yaml"
        n = 2
        while path.exists():
            path = self.saves_dir / f"{stem}-{n}.yaml"
            n += 1
        return path

    def save_files(self) -> list[Path]:
        """Every save, newest first."""
        if not self.saves_dir.is_dir():
            return []
        files = [p for p in self.saves_dir.glob("*.yaml") if p.is_file()]
        return sorted(files, key=lambda p: p.stat().st_mtime, reverse=True)

    def latest_autosave(self) -> Path | None:
        autos = [p for p in self.save_files() if p.name.startswith("autosave-")]
        return autos[0] if autos else None


def save_slug(name: str) -> str:
    """A save's name as a file-name part: letters, digits, '.', '_' and '-'
    kept, each run of spaces becomes one '_', anything else is dropped."""
    kept = "".join(c if c.isalnum() or c in "._-" else "_" if c.isspace() else "" for c in name.strip())
    return "_".join(part for part in kept.split("_") if part).strip("._-")[:60]


def save_name(path: Path) -> str:
    """The name a player gave a save (from its file name), or "" for a
    timestamped or automatic save."""
    stem = path.stem
    if stem.startswith("autosave-") or "-" not in stem:
        return ""
    rest = stem.split("-", 1)[1]
    if rest.replace("-", "").isdigit():
        return ""
    return rest.replace("_", " ")
