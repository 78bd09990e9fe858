"""Hex-grid math shared by both map kinds (after Red Blob Games).

Axial coordinates ``(q, r)`` (cube ``s = -q - r``) for every algorithm; offset
coordinates only at the Tiled boundary. A milepost lattice is the set of centres
of a pointy-top hex grid, so crayon-rails maps use the same functions.

Directions are numbered 0..5 counter-clockwise: for pointy-top hexes
0=E, 1=NE, 2=NW, 3=W, 4=SW, 5=SE (flat-top: 0=SE... rotated by 30°); direction
d and d+3 are always opposite.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Iterable, Iterator, Sequence, cast

Hex = tuple[int, int]  # axial (q, r)


def as_hex(h: Sequence[int]) -> Hex:
    """A hex given as any pair (a list from the UI or a file) as a hashable
    tuple; its length is checked where it came in, not here."""
    return cast(Hex, tuple(h))


def as_path(path: Iterable[Sequence[int]]) -> tuple[Hex, ...]:
    """Every hex of a path as a tuple (see :func:`as_hex`)."""
    return tuple(as_hex(h) for h in path)

DIRECTIONS: tuple[Hex, ...] = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))


def neighbour(h: Hex, direction: int) -> Hex:
    dq, dr = DIRECTIONS[direction % 6]
    return (h[0] + dq, h[1] + dr)


def neighbours(h: Hex) -> list[Hex]:
    q, r = h
    return [(q + dq, r + dr) for dq, dr in DIRECTIONS]


def direction_to(a: Hex, b: Hex) -> int | None:
    """The direction from `a` to its neighbour `b`, or None if not adjacent."""
    delta = (b[0] - a[0], b[1] - a[1])
    try:
        return DIRECTIONS.index(delta)
    except ValueError:
        return None


def distance(a: Hex, b: Hex) -> int:
    dq, dr = a[0] - b[0], a[1] - b[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def ring(center: Hex, radius: int) -> list[Hex]:
    """Hexes at exactly `radius` from `center` (the centre itself for 0)."""
    if radius == 0:
        return [center]
    out = []
    h = (center[0] + DIRECTIONS[4][0] * radius, center[1] + DIRECTIONS[4][1] * radius)
    for d in range(6):
        for _ in range(radius):
            out.append(h)
            h = neighbour(h, d)
    return out


def spiral(center: Hex, radius: int) -> Iterator[Hex]:
    """All hexes within `radius`, centre first."""
    for k in range(radius + 1):
        yield from ring(center, k)


def cube_round(fq: float, fr: float) -> Hex:
    fs = -fq - fr
    q, r, s = round(fq), round(fr), round(fs)
    dq, dr, ds = abs(q - fq), abs(r - fr), abs(s - fs)
    if dq > dr and dq > ds:
        q = -r - s
    elif dr > ds:
        r = -q - s
    return (int(q), int(r))


def line(a: Hex, b: Hex) -> list[Hex]:
    """Hexes on the straight line from a to b, both included."""
    n = distance(a, b)
    if n == 0:
        return [a]
    eps = 1e-6
    out = []
    for i in range(n + 1):
        t = i / n
        fq = a[0] + (b[0] - a[0]) * t + eps
        fr = a[1] + (b[1] - a[1]) * t + eps
        out.append(cube_round(fq, fr))
    return out


# Edges -----------------------------------------------------------------------

EdgeId = tuple[int, int, int]  # (q, r, side) with side in 0, 1, 2


def edge_id(h: Hex, direction: int) -> EdgeId:
    """Canonical id of the side of hex `h` facing `direction`: each edge is owned
    by exactly one hex, with side 0..2, so both hexes name it the same way."""
    d = direction % 6
    if d < 3:
        return (h[0], h[1], d)
    n = neighbour(h, d)
    return (n[0], n[1], d - 3)


def edge_hexes(e: EdgeId) -> tuple[Hex, Hex]:
    """The two hexes on either side of an edge."""
    h = (e[0], e[1])
    return h, neighbour(h, e[2])


def pair_key(a: Hex, b: Hex) -> tuple[Hex, Hex]:
    """Canonical key of an unordered pair of points (a milepost segment)."""
    return (a, b) if a <= b else (b, a)


# Offset coordinates (Tiled) ---------------------------------------------------

def offset_to_axial(col: int, row: int, stagger_axis: str, stagger_index: str) -> Hex:
    """Tiled cell (col, row) to axial. stagger_axis 'y' = pointy-top rows
    ("odd-r"/"even-r"), 'x' = flat-top columns ("odd-q"/"even-q")."""
    odd = stagger_index == "odd"
    if stagger_axis == "y":
        shift = (row - (row & 1)) // 2 if odd else (row + (row & 1)) // 2
        return (col - shift, row)
    shift = (col - (col & 1)) // 2 if odd else (col + (col & 1)) // 2
    return (col, row - shift)


def axial_to_offset(h: Hex, stagger_axis: str, stagger_index: str) -> tuple[int, int]:
    q, r = h
    odd = stagger_index == "odd"
    if stagger_axis == "y":
        shift = (r - (r & 1)) // 2 if odd else (r + (r & 1)) // 2
        return (q + shift, r)
    shift = (q - (q & 1)) // 2 if odd else (q + (q & 1)) // 2
    return (q, r + shift)


# Pixel layout -----------------------------------------------------------------

SQRT3 = math.sqrt(3.0)


@dataclass(frozen=True)
class Layout:
    """Hex ↔ pixel for a given orientation, hex size (centre to corner) and origin."""

    pointy: bool = True
    size: float = 1.0
    origin: tuple[float, float] = (0.0, 0.0)

    def to_pixel(self, h: Hex | tuple[float, float]) -> tuple[float, float]:
        q, r = h
        if self.pointy:
            x = self.size * (SQRT3 * q + SQRT3 / 2 * r)
            y = self.size * (1.5 * r)
        else:
            x = self.size * (1.5 * q)
            y = self.size * (SQRT3 / 2 * q + SQRT3 * r)
        return (x + self.origin[0], y + self.origin[1])

    def fractional(self, x: float, y: float) -> tuple[float, float]:
        px = (x - self.origin[0]) / self.size
        py = (y - self.origin[1]) / self.size
        if self.pointy:
            return (SQRT3 / 3 * px - py / 3, 2 / 3 * py)
        return (2 / 3 * px, -px / 3 + SQRT3 / 3 * py)

    def from_pixel(self, x: float, y: float) -> Hex:
        return cube_round(*self.fractional(x, y))

    def corners(self, h: Hex) -> list[tuple[float, float]]:
        cx, cy = self.to_pixel(h)
        start = 30 if self.pointy else 0
        return [(cx + self.size * math.cos(math.radians(start + 60 * i)),
                 cy + self.size * math.sin(math.radians(start + 60 * i))) for i in range(6)]

    def edge_midpoint(self, h: Hex, direction: int) -> tuple[float, float]:
        a = self.to_pixel(h)
        b = self.to_pixel(neighbour(h, direction))
        return ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)

    def edge_segment(self, h: Hex, direction: int) -> tuple[tuple[float, float], tuple[float, float]]:
        """The two corners bounding the side of `h` facing `direction`."""
        mx, my = self.edge_midpoint(h, direction)
        cx, cy = self.to_pixel(h)
        vx, vy = mx - cx, my - cy
        half = self.size / 2
        norm = math.hypot(vx, vy) or 1.0
        tx, ty = -vy / norm * half, vx / norm * half
        return ((mx + tx, my + ty), (mx - tx, my - ty))
