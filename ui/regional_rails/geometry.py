"""Where things sit inside a Regional Rails hex, in world units.

The board is drawn with a pointy-top :class:`Layout` of size ``HEX_SIZE``.
A hex has one interior and six sides; a click near a side (within
``SIDE_BAND`` of the apothem) means the side, anywhere else the interior.
Marker slots are fixed offsets so up to 3 rail markers per side and
4 rail markers + a station + a development marker per interior never stack
and leave the terrain symbols (drawn in the lower middle) visible.
"""
from __future__ import annotations

import math
from dataclasses import dataclass

from game.core.hexgrid import DIRECTIONS, EdgeId, Hex, Layout, edge_hexes, edge_id

HEX_SIZE = 60.0  # world units from hex centre to corner
LAYOUT = Layout(pointy=True, size=HEX_SIZE, origin=(0.0, 0.0))
APOTHEM = HEX_SIZE * math.sqrt(3) / 2
# Fraction of the apothem, measured from the side inwards, that counts as the side.
SIDE_BAND = 0.30

# Unit vectors from a hex centre towards each neighbour (pointy-top).
_DIR_UNIT: tuple[tuple[float, float], ...] = tuple(
    (lambda p: (p[0] / math.hypot(*p), p[1] / math.hypot(*p)))(LAYOUT.to_pixel(d)) for d in DIRECTIONS)

# Interior slots, as fractions of HEX_SIZE from the centre.
RM_SLOTS: tuple[tuple[float, float], ...] = ((-0.45, -0.42), (-0.15, -0.42), (0.15, -0.42), (0.45, -0.42))
STATION_SLOT = (-0.50, 0.06)
DM_SLOT = (0.50, 0.06)
SIDE_SPACING = 0.28  # between rail markers along a side, fraction of HEX_SIZE


@dataclass(frozen=True)
class Target:
    """What a click on the board points at: a hex interior or a hex side."""

    kind: str  # "interior" or "side"
    hex: Hex  # the hex, or for a side the hex owning its canonical edge id
    edge: EdgeId | None = None

    @property
    def key(self) -> tuple:
        return (self.kind, self.edge if self.kind == "side" else self.hex)

    @property
    def side(self) -> EdgeId:
        """The edge of a side target (every side target has one)."""
        assert self.edge is not None, f"{self.kind} target has no edge"
        return self.edge


def side_target(e: EdgeId) -> Target:
    """The Target of a side, named by its canonical owner hex so that both
    hexes of the side give equal targets."""
    return Target("side", (e[0], e[1]), e)


def hex_center(h: Hex) -> tuple[float, float]:
    return LAYOUT.to_pixel(h)


def hex_corners(h: Hex) -> list[tuple[float, float]]:
    return LAYOUT.corners(h)


def nearest_side(h: Hex, pos: tuple[float, float]) -> tuple[int, float]:
    """The direction of the side of `h` closest to `pos` and the distance to
    that side's line (negative outside the hex)."""
    cx, cy = hex_center(h)
    dx, dy = pos[0] - cx, pos[1] - cy
    best_d, best_p = 0, -math.inf
    for d, (ux, uy) in enumerate(_DIR_UNIT):
        p = dx * ux + dy * uy
        if p > best_p:
            best_d, best_p = d, p
    return best_d, APOTHEM - best_p


def pick(pos: tuple[float, float], on_board=None) -> Target:
    """Hit-test a world position: a side when it is within the side band of
    the nearest side of its hex, otherwise the interior.

    `on_board(hex) -> bool` (optional) keeps interiors on the board: a click
    off the board that lands on a side of a board hex picks that side."""
    h = LAYOUT.from_pixel(*pos)
    d, dist = nearest_side(h, pos)
    if dist <= SIDE_BAND * APOTHEM:
        return side_target(edge_id(h, d))
    if on_board is not None and not on_board(h):
        for d2 in range(6):
            n = (h[0] + DIRECTIONS[d2][0], h[1] + DIRECTIONS[d2][1])
            if on_board(n):
                nd, ndist = nearest_side(n, pos)
                if ndist <= SIDE_BAND * APOTHEM:
                    return side_target(edge_id(n, nd))
    return Target("interior", h)


def edge_segment(e: EdgeId) -> tuple[tuple[float, float], tuple[float, float]]:
    """The two corners of a canonical edge, in world units."""
    return LAYOUT.edge_segment((e[0], e[1]), e[2])


def edge_midpoint(e: EdgeId) -> tuple[float, float]:
    a, b = edge_hexes(e)
    pa, pb = hex_center(a), hex_center(b)
    return ((pa[0] + pb[0]) / 2, (pa[1] + pb[1]) / 2)


def side_slots(e: EdgeId, count: int) -> list[tuple[float, float]]:
    """Centres of `count` rail markers spread along a side, un-stacked."""
    (ax, ay), (bx, by) = edge_segment(e)
    length = math.hypot(bx - ax, by - ay) or 1.0
    tx, ty = (bx - ax) / length, (by - ay) / length
    mx, my = edge_midpoint(e)
    step = SIDE_SPACING * HEX_SIZE
    first = -step * (count - 1) / 2
    return [(mx + tx * (first + i * step), my + ty * (first + i * step)) for i in range(count)]


def side_normal(e: EdgeId) -> tuple[float, float]:
    """Unit vector across the side (from its owning hex towards the other)."""
    return _DIR_UNIT[e[2]]


def interior_point(h: Hex, slot: tuple[float, float]) -> tuple[float, float]:
    cx, cy = hex_center(h)
    return (cx + slot[0] * HEX_SIZE, cy + slot[1] * HEX_SIZE)


def bounds(hexes) -> tuple[float, float, float, float]:
    """World rectangle (x, y, w, h) covering the given hexes with a margin."""
    xs, ys = [], []
    for h in hexes:
        cx, cy = hex_center(h)
        xs.append(cx)
        ys.append(cy)
    if not xs:
        return (0.0, 0.0, 1.0, 1.0)
    m = HEX_SIZE * 1.2
    return (min(xs) - m, min(ys) - m, max(xs) - min(xs) + 2 * m, max(ys) - min(ys) + 2 * m)
