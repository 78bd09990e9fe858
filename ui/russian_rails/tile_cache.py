"""One bounded cache for every rendered map tile, across layers and zoom levels.

Without a bound, panning the whole map at the closest zoom kept 1.4 GB of
tiles. Here the least recently drawn tiles go first once the tiles' pixels
pass a byte budget, whatever their zoom, so the screen in view (about 20
tiles per layer at 1920×1080) always fits and memory stays flat.
"""
from __future__ import annotations

from collections import OrderedDict
from typing import Callable

import pygame

TILE_BYTES_BUDGET = 128 * 1024 * 1024  # chosen: 64 tiles of 512×512 per layer, 3 screens' worth
MAX_ENTRIES = 8192  # empty track tiles cost no pixels but are still entries
MISSING = object()
TileKey = tuple[object, float, int, int]  # (layer, zoom, i, j)


class TileCache:
    """LRU of tiles keyed by (owner, zoom, i, j); a value of None is a tile
    known to be empty (nothing to blit)."""

    def __init__(self, budget: int = TILE_BYTES_BUDGET) -> None:
        self.budget = budget
        self.bytes = 0
        self._tiles: OrderedDict[TileKey, pygame.Surface | None] = OrderedDict()

    def __len__(self) -> int:
        return len(self._tiles)

    def get(self, key: TileKey) -> object:
        """The tile, None for an empty one, or MISSING."""
        tile = self._tiles.get(key, MISSING)
        if tile is not MISSING:
            self._tiles.move_to_end(key)
        return tile

    def put(self, key: TileKey, tile: pygame.Surface | None) -> None:
        self.discard(key)
        self._tiles[key] = tile
        self.bytes += _size(tile)
        while (self.bytes > self.budget or len(self._tiles) > MAX_ENTRIES) and len(self._tiles) > 1:
            _, old = self._tiles.popitem(last=False)
            self.bytes -= _size(old)

    def discard(self, key: TileKey) -> None:
        if key in self._tiles:
            self.bytes -= _size(self._tiles.pop(key))

    def keys(self, wanted: Callable[[TileKey], bool]) -> list[TileKey]:
        """The keys `wanted` accepts (no tile becomes more recently used)."""
        return [k for k in self._tiles if wanted(k)]

    def drop(self, doomed: Callable[[TileKey], bool]) -> None:
        """Forget every tile whose key `doomed` accepts."""
        for key in [k for k in self._tiles if doomed(k)]:
            self.discard(key)


def _size(tile: pygame.Surface | None) -> int:
    return 0 if tile is None else tile.get_width() * tile.get_height() * tile.get_bytesize()
