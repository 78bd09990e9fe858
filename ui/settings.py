"""Player settings (animation speed, sound, window size, hard thinking time), kept as YAML in the
user's config folder. A missing or damaged file simply gives the defaults:
settings must never stop the app from starting."""
from __future__ import annotations

from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

import yaml

from game.core.atomic import write_text_atomic
from game.core.search_bot import HARD_SECONDS

ANIMATION_SPEEDS: dict[str, float] = {"off": 0.0, "slow": 0.5, "normal": 1.0, "fast": 2.0}
WINDOW_SIZES: tuple[str, ...] = ("1280x720", "1600x900", "1920x1080", "2560x1440")
DEFAULT_WINDOW = "1280x720"
THINKING_TIMES: tuple[float, ...] = (0.5, 1.0, 2.0, 4.0, 8.0)  # seconds a hard computer player may think


def parse_size(text: str) -> tuple[int, int]:
    """"1920x1080" -> (1920, 1080); ValueError if malformed."""
    w, _, h = text.lower().partition("x")
    size = (int(w), int(h))
    if size[0] < 320 or size[1] < 240:
        raise ValueError(f"window size {text!r} is too small")
    return size


@dataclass
class Settings:
    animation_speed: str = "normal"
    sound: bool = True
    volume: int = 70  # percent, for every sound effect
    window_size: str = DEFAULT_WINDOW
    fullscreen: bool = False
    hard_seconds: float = HARD_SECONDS  # "Hard thinking time": seconds per decision of a hard computer player

    @property
    def animation_factor(self) -> float:
        return ANIMATION_SPEEDS.get(self.animation_speed, 1.0)

    @property
    def window_pixels(self) -> tuple[int, int]:
        try:
            return parse_size(self.window_size)
        except ValueError:
            return parse_size(DEFAULT_WINDOW)

    @classmethod
    def from_dict(cls, data: Any) -> "Settings":
        """Keep every recognised, well-typed value; ignore the rest."""
        out = cls()
        if not isinstance(data, dict):
            return out
        speed = data.get("animation_speed")
        if speed in ANIMATION_SPEEDS:
            out.animation_speed = speed
        for key in ("sound", "fullscreen"):
            if isinstance(data.get(key), bool):
                setattr(out, key, data[key])
        volume = data.get("volume")
        if isinstance(volume, int) and not isinstance(volume, bool) and 0 <= volume <= 100:
            out.volume = volume
        seconds = data.get("hard_seconds")
        if isinstance(seconds, (int, float)) and not isinstance(seconds, bool) and seconds in THINKING_TIMES:
            out.hard_seconds = float(seconds)
        size = data.get("window_size")
        if isinstance(size, str):
            try:
                parse_size(size)
                out.window_size = size
            except ValueError:
                pass
        return out

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def load(cls, path: Path) -> "Settings":
        try:
            return cls.from_dict(yaml.safe_load(path.read_text(encoding="utf-8")))
        except (OSError, UnicodeDecodeError, yaml.YAMLError):
            return cls()

    def save(self, path: Path) -> None:
        write_text_atomic(path, yaml.safe_dump(self.to_dict(), sort_keys=False))

