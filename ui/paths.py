"""Where Railtable keeps settings and saves.

Saves live in the user's data folder (``pygame.system.get_pref_path``),
settings in the user's config folder. Setting RAILTABLE_HOME puts both under
one folder instead, so tests and portable installs never touch the real home.
"""
from __future__ import annotations

import os
import secrets
import sys
import time
from dataclasses import dataclass
from pathlib import Path

from game.core.savefile import read_save_header

ENV_HOME = "RAILTABLE_HOME"
APP = "railtable"
SETTINGS_FILE = "settings.yaml"
RECORDS_FILE = "records.yaml"
CRASH_REPORT_FILE = "crash-report.txt"  # the last unexpected error, for a bug report
AUTOSAVE_PREFIX = "autosave-"
# Autosaves kept: one per game in progress, the newest ten (finished games'
# autosaves go first). Ten unfinished games at once is more than a household
# juggles; an older one is still there as long as fewer than ten are newer.
MAX_AUTOSAVES = 10
# A temporary file (an interrupted save) older than this is left over: a save
# takes well under a second, so a newer one may be another window's write.
STALE_TEMP_SECONDS = 60


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

    @property
    def records_file(self) -> Path:
        """Personal records (ui.records), beside the saves in the data folder."""
        return self.saves_dir.parent / RECORDS_FILE

    @property
    def crash_report_file(self) -> Path:
        """What the last error no code expected said (ui.app's recovery), beside the saves; only
        the last is kept, so it never grows."""
        return self.saves_dir.parent / CRASH_REPORT_FILE

    def new_autosave_path(self, game_id: str) -> Path:
        """A fresh autosave for a game starting now: one file per game in
        progress, so a new game never overwrites another's autosave."""
        while True:  # games started in the same second never share a file
            stamp = f"{time.strftime('%Y%m%d-%H%M%S')}-{secrets.token_hex(4)}"
            path = self.saves_dir / f"{AUTOSAVE_PREFIX}{game_id}-{stamp}.yaml"
            if not path.exists():
                return path

    def is_autosave(self, path: Path) -> bool:
        return path.name.startswith(AUTOSAVE_PREFIX) and path.parent == self.saves_dir

    def new_save_path(self, game_id: str, name: str = "", folder: Path | None = None) -> Path:
        """<game>-<name>.yaml for a named save, else <game>-<date>-<time>.yaml,
        in `folder` (the saves folder by default), suffixed if taken, so a
        save never overwrites another."""
        folder = self.saves_dir if folder is None else folder
        stem = f"{game_id}-{save_slug(name) or time.strftime('%Y%m%d-%H%M%S')}"
        path = folder / f"{stem}.yaml"
        n = 2
        while path.exists():
            path = folder / f"{stem}-{n}.yaml"
            n += 1
        return path

    def save_files(self) -> list[Path]:
        """Every save, newest first."""
        if not self.saves_dir.is_dir():
            return []
        stamped = []
        for path in self.saves_dir.glob("*.yaml"):
            try:  # a file deleted meanwhile (another window pruning) is simply not listed
                if path.is_file():
                    stamped.append((path.stat().st_mtime, path))
            except OSError:
                continue
        return [path for _, path in sorted(stamped, key=lambda pair: pair[0], reverse=True)]

    def autosaves(self) -> list[Path]:
        """Every autosave, newest first."""
        return [p for p in self.save_files() if p.name.startswith(AUTOSAVE_PREFIX)]

    def latest_autosave(self) -> Path | None:
        """The newest autosave of a game still in progress (else the newest
        autosave): what Continue resumes."""
        autos = self.autosaves()
        unfinished = [p for p in autos if not _finished(p)]
        newest = unfinished or autos
        return newest[0] if newest else None

    def prune_autosaves(self, keep: int = MAX_AUTOSAVES) -> None:
        """Remove autosaves beyond the newest `keep`: finished games' first,
        then the oldest games in progress."""
        autos = self.autosaves()
        surplus = len(autos) - keep
        if surplus <= 0:
            return
        oldest_first = list(reversed(autos))
        doomed = ([p for p in oldest_first if _finished(p)] + [p for p in oldest_first if not _finished(p)])
        for path in doomed[:surplus]:
            try:
                path.unlink()
            except OSError:
                continue

    def remove_stale_temp_files(self) -> None:
        """Delete temporary files left by saves interrupted in an earlier run
        (".<save>.yaml.<random>.tmp", see game.core.atomic)."""
        try:
            leftovers = list(self.saves_dir.glob(".*.yaml.*.tmp"))
        except OSError:
            return
        now = time.time()
        for path in leftovers:
            try:
                if path.is_file() and now - path.stat().st_mtime > STALE_TEMP_SECONDS:
                    path.unlink()
            except OSError:
                continue


def _finished(path: Path) -> bool:
    header = read_save_header(path)
    return bool(header and header.get("finished") is True)


def save_slug(name: str) -> str:
    """A save's name as a file-name part: letters, digits, '.', '_' and '-'
    kept, each run of spaces becomes one '_', anything else is dropped."""
    kept = "".join(c if c.isalnum() or c in "._-" else "_" if c.isspace() else "" for c in name.strip())
    return "_".join(part for part in kept.split("_") if part).strip("._-")[:60]


def save_name(path: Path) -> str:
    """The name a player gave a save (from its file name), or "" for a
    timestamped or automatic save."""
    stem = path.stem
    if stem.startswith(AUTOSAVE_PREFIX) or "-" not in stem:
        return ""
    rest = stem.split("-", 1)[1]
    if rest.replace("-", "").isdigit():
        return ""
    return rest.replace("_", " ")
