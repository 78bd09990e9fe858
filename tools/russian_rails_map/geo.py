"""Geometry for the map generator: a Lambert conformal conic projection from
latitude/longitude to kilometres, and the plane tests (point in polygon,
share of a segment over water) used to classify mileposts and segments."""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Sequence

from game.core.geometry import point_in_polygon

Point = tuple[float, float]
EARTH_RADIUS_KM = 6371.0


@dataclass(frozen=True)
class Conic:
    """Lambert conformal conic: conformal, so the hex grid keeps real shapes
    across the whole map; standard parallels near the map's top and bottom
    thirds keep the scale error small (a few per cent)."""

    lat0: float
    lon0: float
    lat1: float
    lat2: float

    def _n_f_rho0(self) -> tuple[float, float, float]:
        p1, p2, p0 = (math.radians(v) for v in (self.lat1, self.lat2, self.lat0))
        n = math.log(math.cos(p1) / math.cos(p2)) / math.log(
            math.tan(math.pi / 4 + p2 / 2) / math.tan(math.pi / 4 + p1 / 2))
        f = math.cos(p1) * math.tan(math.pi / 4 + p1 / 2) ** n / n
        rho0 = EARTH_RADIUS_KM * f / math.tan(math.pi / 4 + p0 / 2) ** n
        return n, f, rho0

    def project(self, lat: float, lon: float) -> Point:
        """(lat, lon) in degrees to (x east, y north) in kilometres."""
        n, f, rho0 = self._n_f_rho0()
        rho = EARTH_RADIUS_KM * f / math.tan(math.pi / 4 + math.radians(lat) / 2) ** n
        theta = n * math.radians(lon - self.lon0)
        return (rho * math.sin(theta), rho0 - rho * math.cos(theta))

    def unproject(self, x: float, y: float) -> Point:
        """(x, y) in kilometres back to (lat, lon) in degrees."""
        n, f, rho0 = self._n_f_rho0()
        rho = math.copysign(math.hypot(x, rho0 - y), n)
        theta = math.atan2(x, rho0 - y)
        lat = 2 * math.atan((EARTH_RADIUS_KM * f / rho) ** (1 / n)) - math.pi / 2
        return (math.degrees(lat), self.lon0 + math.degrees(theta / n))


def bbox(poly: Sequence[Point]) -> tuple[float, float, float, float]:
    xs = [p[0] for p in poly]
    ys = [p[1] for p in poly]
    return (min(xs), min(ys), max(xs), max(ys))


@dataclass(frozen=True)
class Polygon:
    """A polygon with its bounding box, for fast rejection."""

    name: str
    points: tuple[Point, ...]
    box: tuple[float, float, float, float] = (0.0, 0.0, 0.0, 0.0)

    def __post_init__(self) -> None:
        object.__setattr__(self, "box", bbox(self.points))

    def contains(self, p: Point) -> bool:
        x0, y0, x1, y1 = self.box
        if not (x0 <= p[0] <= x1 and y0 <= p[1] <= y1):
            return False
        return point_in_polygon(p, self.points)


def share_inside(a: Point, b: Point, polys: Sequence[Polygon], samples: int = 20) -> dict[str, float]:
    """For each polygon the segment a-b enters, the share of its length inside
    (sampled at the centres of `samples` equal pieces)."""
    out: dict[str, float] = {}
    for i in range(samples):
        t = (i + 0.5) / samples
        p = (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t)
        for poly in polys:
            if poly.contains(p):
                out[poly.name] = out.get(poly.name, 0.0) + 1.0 / samples
                break
    return out
