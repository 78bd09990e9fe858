"""The game's sound effects, made by code at start (nothing to license, the
same every run): a wooden worker, a crayon stroke of track, a train, coins,
dice, a delivery, the end of the game, and a soft click for anything else.

`sound_for(events)` picks the one sound a move deserves from the events the
engine returned, by the events' class names, so every game shares the set.
"""
from __future__ import annotations

import array
import base64
import functools
import hashlib
import inspect
import math
import random
import sys
from typing import Callable, Iterable, Sequence

from game.core.derived_cache import derived_for

RATE = 22050
PEAK = 12000

# The first matching word in an event's class name decides (most telling first).
SOUND_WORDS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("end", ("GameOver", "GameEnded")),
    ("delivery", ("Delivered",)),
    ("dice", ("DiceRolled",)),
    ("track", ("TrackBuilt", "RailBuilt", "TrackAdvanced", "StationBuilt")),
    ("train", ("TrainMoved", "LocomotivePlaced")),
    ("coins", ("IncomeEarned", "RoublesTaken", "StockBought", "UpkeepPaid", "CoalTaken")),
    ("worker", ("WorkerPlaced", "WorkerRelocated", "EngineerHired", "FactoryBuilt")),
)
SOUND_NAMES = ("move", *(name for name, _ in SOUND_WORDS))


def sound_for(events: Iterable[object]) -> str:
    """The sound of a move: the most telling of its events, else a click."""
    kinds = {type(ev).__name__ for ev in events}
    for name, words in SOUND_WORDS:
        if kinds & set(words):
            return name
    return "move"


def _tone(freq: float, seconds: float, decay: float = 6.0, harmonics: Sequence[float] = (1.0,)) -> list[float]:
    """A decaying note; one list pass per harmonic (a sound is made the first
    time it plays, within a frame)."""
    n = int(RATE * seconds)
    wave = [0.0] * n
    for k, a in enumerate(harmonics):
        step = 2 * math.pi * freq * (k + 1) / RATE
        wave = [x + a * math.sin(step * i) for i, x in enumerate(wave)]
    fall = -decay / n
    return [x * math.exp(fall * i) for i, x in enumerate(wave)]


def _noise(seconds: float, seed: int, smooth: int = 3) -> list[float]:
    rng = random.Random(seed)
    raw = [rng.uniform(-1, 1) for _ in range(int(RATE * seconds))]
    out, acc = [], 0.0
    for x in raw:  # a simple low-pass: crayon on paper, not hiss
        acc += (x - acc) / smooth
        out.append(acc)
    return out


def _mix(*parts: tuple[float, list[float]]) -> list[float]:
    """Place each (start seconds, samples) on one track."""
    length = max(int(RATE * start) + len(s) for start, s in parts)
    track = [0.0] * length
    for start, samples in parts:
        offset = int(RATE * start)
        end = offset + len(samples)
        track[offset:end] = [a + b for a, b in zip(track[offset:end], samples)]
    return track


def _envelope(samples: list[float], attack: float = 0.005) -> list[float]:
    n, a = len(samples), max(1, int(RATE * attack))
    return [x * min(1.0, i / a) * (1 - i / n) for i, x in enumerate(samples)]


RECIPES: dict[str, Callable[[], list[float]]] = {
    "move": lambda: _tone(660, 0.06),
    "worker": lambda: _mix((0, _tone(220, 0.09, 9, (1.0, 0.4, 0.2))), (0, [0.5 * x for x in _noise(0.03, 1, 2)])),
    "track": lambda: _envelope([x * (0.6 + 0.4 * math.sin(i / 300)) for i, x in enumerate(_noise(0.35, 2, 4))]),
    "train": lambda: _mix((0, _tone(392, 0.35, 2, (0.6, 0.3))), (0, _tone(494, 0.35, 2, (0.5, 0.2))),
                          *((0.08 * k, [0.4 * x for x in _noise(0.04, 10 + k, 3)]) for k in range(4))),
    "coins": lambda: _mix((0, _tone(1760, 0.18, 5, (0.6, 0.2))), (0.07, _tone(2093, 0.2, 5, (0.6, 0.2)))),
    "dice": lambda: _mix(*((0.05 * k + 0.01 * (k % 2), [0.8 * x for x in _noise(0.025, 20 + k, 2)])
                           for k in range(5))),
    "delivery": lambda: _mix(*((0.09 * k, _tone(f, 0.25, 4, (0.7, 0.2))) for k, f in enumerate((523, 659, 784)))),
    "end": lambda: _mix(*((0.15 * k, _tone(f, 0.6, 3, (0.6, 0.3, 0.1)))
                          for k, f in enumerate((392, 523, 659, 784)))),
}


def samples(name: str, channels: int = 1) -> bytes:
    """The named sound as signed 16-bit samples at RATE, normalised to PEAK."""
    wave = RECIPES[name]()
    top = max(1e-9, max(wave), -min(wave))
    mono = [int(PEAK * x / top) for x in wave]
    return array.array("h", mono if channels == 1 else [x for x in mono for _ in range(channels)]).tobytes()


def cached_samples(name: str, channels: int = 1) -> bytes:
    """`samples(name, channels)` from the disk cache when this very recipe
    module made them before: making a sound costs up to 25 ms, which the first
    move of each kind would otherwise add to its frame at every start."""
    source = _source_digest()
    if source is None:
        return samples(name, channels)
    recipe = hashlib.sha256(f"{source}:{name}:{channels}:{RATE}:{PEAK}".encode()).hexdigest()
    cached = derived_for(recipe, "sound", 1, lambda: base64.b64encode(samples(name, channels)).decode("ascii"))
    try:
        return base64.b64decode(cached, validate=True) if isinstance(cached, str) else samples(name, channels)
    except ValueError:  # a damaged cache entry: make the sound afresh
        return samples(name, channels)


@functools.cache
def _source_digest() -> str | None:
    """A digest of these recipes, so an edited recipe misses the cache; None
    where the source is not shipped (the standalone app), and then nothing is
    cached."""
    try:
        return hashlib.sha256(inspect.getsource(sys.modules[__name__]).encode()).hexdigest()
    except (OSError, TypeError):
        return None

