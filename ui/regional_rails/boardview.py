"""The read-only picture of a board the renderer needs, built once per board.

The renderer never walks the engine's board objects while drawing: this
flattens them into plain tuples (terrain per hex, settlements, rivers), so a
frame touches only dicts of primitives and a board change in the engine
touches only :func:`view_of`.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from game.core.hexgrid import EdgeId, Hex

from ui.regional_rails import geometry



@dataclass(frozen=True)
class Place:
    """A town or city printed on the map."""

    hex: Hex
    name: str
    kind: str  # "town" or "city"
    start: bool = False


@dataclass(frozen=True)
class BoardView:
    terrain: dict[Hex, str]
    places: dict[Hex, Place]
    rivers: frozenset[EdgeId]

    def world_bounds(self) -> tuple[float, float, float, float]:
        """The map's world rectangle (the screen's layout asks for it a dozen times a frame)."""
        return self._bounds

    @cached_property
    def _bounds(self) -> tuple[float, float, float, float]:
        return geometry.bounds(self.terrain)

    @cached_property
    def crowding(self) -> dict[Hex, int]:
        """How many other places lie within two hexes of each place (crowded towns place their
        names first): worked out once, not at every zoom a hint's view passes through."""
        centres = {h: geometry.hex_center(h) for h in self.places}
        reach = geometry.HEX_SIZE * 3.6
        return {h: sum(math.hypot(cx - x, cy - y) <= reach for cx, cy in centres.values()) - 1
                for h, (x, y) in centres.items()}

    def on_board(self, h: Hex) -> bool:
        return h in self.terrain


_CACHE: list[tuple[Any, BoardView]] = []  # (engine board, its view), most recent last
MAX_CACHED = 4


def view_of(board: Any) -> BoardView:
    """The BoardView of an engine board (cached for the last few boards)."""
    for known, view in _CACHE:
        if known is board:
            return view
    view = _build(board)
    _CACHE.append((board, view))
    del _CACHE[:-MAX_CACHED]
    return view


def _build(board: Any) -> BoardView:
    if isinstance(board, BoardView):
        return board
    terrain = {tuple(h): str(t) for h, t in board.terrain.items()}
    places = {}
    for h, town in getattr(board, "places", {}).items():
        places[tuple(h)] = Place(tuple(h), town.name, town.kind, bool(getattr(town, "start", False)))
    rivers = frozenset(tuple(e) for e in getattr(board, "rivers", ()))
    return BoardView(terrain, places, rivers)
