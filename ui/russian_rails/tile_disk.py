"""The printed map's tiles of the first view, kept on disk for the next start.

Painting the first view of a crayon map (the whole-map base picture, then
about 16 tiles) was a fifth of the start-up time. A tile's pixels depend only
on the drawing geometry, the style, the painting code, pygame and the tile's
zoom and place, so a tile file is named by a digest of all of these: an
edited map, a new look or new painting code simply misses and paints afresh.
Only the first view's tiles go to disk (one set per map and window size,
the oldest files removed past KEEP_FILES), so the disk holds megabytes, not
every zoom ever seen.
A missing, damaged or unwritable file is never an error: the tile is painted.
"""
from __future__ import annotations

import hashlib
import os
import pickle
import sys
import zlib
from functools import cache
from pathlib import Path
from typing import Any

import pygame

from game.core.derived_cache import cache_dir, write_cached
from game.core.resources import program_path

TILE_DISK_VERSION = 2  # bump when the file layout changes
KEEP_FILES = 400  # chosen: tile files kept (80 MB); the oldest go first (other window sizes, older versions)
CHECK_BYTES = 4  # a CRC-32 of the pixels ends each file, so a damaged file is painted afresh
# Every module whose code decides a static tile's pixels (a change to any of them misses the cache).
PAINTER_SOURCES = ("ui/russian_rails/crayon_board.py", "ui/russian_rails/crayon_shapes.py",
                   "ui/russian_rails/crayon_labels.py", "ui/russian_rails/lunar_look.py",
                   "ui/russian_rails/crayon_style.py", "ui/russian_rails/crayon_geometry.py",
                   "ui/russian_rails/tile_disk.py", "ui/still_view.py")


def layer_digest(geom: Any, style: Any) -> str | None:
    """What a layer's tiles are painted from, as one digest; None when it
    cannot be worked out (then nothing is kept on disk)."""
    h = hashlib.sha256(f"{TILE_DISK_VERSION} {pygame.version.ver}".encode())
    try:
        h.update(pickle.dumps((geom, style), protocol=5))
        h.update(_painting_code())
    except (OSError, pickle.PicklingError, TypeError, AttributeError):
        return None
    return h.hexdigest()[:32]


@cache
def _painting_code() -> bytes:
    """The painting code's identity: its source files in the source tree; in
    the standalone app, which carries no sources, the app itself (a new
    build is taken as new code)."""
    h = hashlib.sha256()
    try:
        for source in PAINTER_SOURCES:
            h.update(Path(program_path(*source.split("/"))).read_bytes())
    except OSError:
        if not getattr(sys, "frozen", False):
            raise
        app = os.stat(sys.executable)
        h.update(f"{sys.executable} {app.st_size} {app.st_mtime_ns}".encode())
    return h.digest()


class TileDisk:
    """Tiles of one layer on disk, by zoom and place. `digest` is worked out
    on first use (a layer never drawn costs nothing)."""

    def __init__(self, geom: Any, style: Any, size: int) -> None:
        self._sources: tuple[Any, Any] | None = (geom, style)
        self._digest: str | None = None
        self.size = size
        self._pruned = False

    def _path(self, zoom: float, i: int, j: int) -> Path | None:
        if self._sources is not None:
            self._digest = layer_digest(*self._sources)
            self._sources = None
        if self._digest is None:
            return None
        name = hashlib.sha256(f"{self._digest} {zoom!r} {i} {j} {self.size}".encode()).hexdigest()[:32]
        return cache_dir() / f"map-tile-v{TILE_DISK_VERSION}-{name}.rgb"

    def load(self, zoom: float, i: int, j: int) -> pygame.Surface | None:
        """The tile kept on disk, in the same pixel format as a painted one; None if absent or damaged."""
        path = self._path(zoom, i, j)
        if path is None:
            return None
        try:
            raw = path.read_bytes()
        except OSError:
            return None
        pixels, check = raw[:-CHECK_BYTES], raw[-CHECK_BYTES:]
        if len(pixels) != self.size * self.size * 3 or _check(pixels) != check:  # cut short or damaged
            return None
        tile = pygame.Surface((self.size, self.size))
        tile.blit(pygame.image.frombytes(pixels, (self.size, self.size), "RGB"), (0, 0))
        return tile

    def store(self, zoom: float, i: int, j: int, tile: pygame.Surface) -> None:
        path = self._path(zoom, i, j)
        if path is None:
            return
        if not self._pruned:
            self._pruned = True
            try:
                prune(path.parent)
            except OSError:
                pass  # another game's files, or none may be removed: keep them
        pixels = pygame.image.tobytes(tile, "RGB")
        write_cached(path, pixels + _check(pixels))


def _check(pixels: bytes) -> bytes:
    return zlib.crc32(pixels).to_bytes(CHECK_BYTES, "little")


def prune(folder: Path, keep: int = KEEP_FILES) -> None:
    """Remove all but the `keep` newest tile files of `folder`."""
    files = []
    for path in folder.glob(f"map-tile-v{TILE_DISK_VERSION}-*"):
        try:
            files.append((path.stat().st_mtime, path))
        except OSError:
            continue  # removed meanwhile by another game starting
    for _, path in sorted(files, reverse=True)[keep:]:
        path.unlink(missing_ok=True)
