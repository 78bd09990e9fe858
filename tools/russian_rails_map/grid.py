"""The generator's hex grid in Tiled pixel space: pointy-top cells, odd rows
shifted right (Tiled staggeraxis "y", staggerindex "odd"), and the map from
projected kilometres to those pixels."""
from __future__ import annotations

import math
from dataclasses import dataclass

from game.core.hexgrid import DIRECTIONS, Hex, axial_to_offset, neighbours, offset_to_axial

Point = tuple[float, float]


@dataclass
class Grid:
    """The projected geography in Tiled pixel space."""

    tile_w: int
    tile_h: int
    side: int
    cols: int
    rows: int
    origin: tuple[float, float, float]  # xmin_km, ymax_km, km per tile_w pixels
    margin: int

    @property
    def row_h(self) -> float:
        return (self.tile_h - self.side) / 2 + self.side

    def to_px(self, xy_km: Point) -> Point:
        xmin, ymax, s = self.origin
        return ((xy_km[0] - xmin) / s * self.tile_w + self.margin * self.tile_w + self.tile_w / 2,
                (ymax - xy_km[1]) / s * self.tile_w + self.margin * self.row_h + self.tile_h / 2)

    def center(self, h: Hex) -> Point:
        col, row = axial_to_offset(h, "y", "odd")
        return (col * self.tile_w + (self.tile_w / 2 if row & 1 else 0) + self.tile_w / 2,
                row * self.row_h + self.tile_h / 2)

    def cells(self) -> list[Hex]:
        return [offset_to_axial(c, r, "y", "odd") for r in range(self.rows) for c in range(self.cols)]

    def nearest(self, p: Point) -> Hex:
        row = round((p[1] - self.tile_h / 2) / self.row_h)
        col = round((p[0] - self.tile_w / 2 - (self.tile_w / 2 if row & 1 else 0)) / self.tile_w)
        guess = offset_to_axial(col, row, "y", "odd")
        cands = [guess] + neighbours(guess)
        return min(cands, key=lambda h: (math.dist(self.center(h), p), h))

    def corners(self, h: Hex) -> list[Point]:
        """top, upper-right, lower-right, bottom, lower-left, upper-left."""
        cx, cy = self.center(h)
        hw, hh, hs = self.tile_w / 2, self.tile_h / 2, self.side / 2
        return [(cx, cy - hh), (cx + hw, cy - hs), (cx + hw, cy + hs),
                (cx, cy + hh), (cx - hw, cy + hs), (cx - hw, cy - hs)]

    def side_between(self, a: Hex, b: Hex) -> tuple[Point, Point]:
        """The hex side shared by neighbouring cells a and b."""
        d = DIRECTIONS.index((b[0] - a[0], b[1] - a[1]))
        c = self.corners(a)
        ends = {0: (1, 2), 1: (0, 1), 2: (5, 0), 3: (4, 5), 4: (3, 4), 5: (2, 3)}[d]
        return (c[ends[0]], c[ends[1]])

    def inside(self, h: Hex) -> bool:
        col, row = axial_to_offset(h, "y", "odd")
        return 0 <= col < self.cols and 0 <= row < self.rows
