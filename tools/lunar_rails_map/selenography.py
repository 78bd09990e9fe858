"""Spherical geometry of the Moon map: the two orthographic discs, small
circles (crater rims) on the sphere, and the tests that classify a point by
the maria and ranges of geography.yaml."""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, Sequence

from game.core.geometry import point_in_polygon

Point = tuple[float, float]
LatLon = tuple[float, float]
NEAR, FAR = "Near Side", "Far Side"


def wrap_lon(lon: float) -> float:
    """A longitude in [-180, 180)."""
    return (lon + 180.0) % 360.0 - 180.0


def side_of(lon: float) -> str:
    return NEAR if abs(wrap_lon(lon)) <= 90.0 else FAR


def angle_between(a: LatLon, b: LatLon) -> float:
    """Great-circle angle between two points, in radians."""
    p1, p2 = math.radians(a[0]), math.radians(b[0])
    dl = math.radians(b[1] - a[1])
    c = math.sin(p1) * math.sin(p2) + math.cos(p1) * math.cos(p2) * math.cos(dl)
    return math.acos(max(-1.0, min(1.0, c)))


def destination(start: LatLon, bearing_deg: float, angle: float) -> LatLon:
    """The point `angle` radians from `start` along `bearing_deg` (from north)."""
    p1, l1, th = math.radians(start[0]), math.radians(start[1]), math.radians(bearing_deg)
    p2 = math.asin(math.sin(p1) * math.cos(angle) + math.cos(p1) * math.sin(angle) * math.cos(th))
    l2 = l1 + math.atan2(math.sin(th) * math.sin(angle) * math.cos(p1),
                         math.cos(angle) - math.sin(p1) * math.sin(p2))
    return (math.degrees(p2), wrap_lon(math.degrees(l2)))


def small_circle(center: LatLon, radius_km: float, moon_km: float, steps: int = 48) -> list[LatLon]:
    """A circle on the sphere (a crater rim), closed: the last point repeats the first."""
    ang = radius_km / moon_km
    pts = [destination(center, 360.0 * i / steps, ang) for i in range(steps)]
    return pts + pts[:1]


@dataclass(frozen=True)
class Disc:
    """One hemisphere as an orthographic disc in Tiled pixels. The far side is
    seen from behind, so its west limb (90E) is on the left, touching the near
    side's east limb across the gap."""

    side: str
    center: Point  # pixel centre (a milepost centre)
    radius: float  # pixels from centre to limb

    @property
    def lon0(self) -> float:
        return 0.0 if self.side == NEAR else 180.0

    def unit(self, lat: float, lon: float) -> tuple[float, float, bool]:
        """(x east-right, y north-up) on the unit disc, and whether the point faces us."""
        p, dl = math.radians(lat), math.radians(wrap_lon(lon - self.lon0))
        return (math.cos(p) * math.sin(dl), math.sin(p), math.cos(p) * math.cos(dl) >= -1e-9)

    def project(self, lat: float, lon: float) -> Point:
        x, y, _ = self.unit(lat, lon)
        return (self.center[0] + x * self.radius, self.center[1] - y * self.radius)

    def faces(self, lat: float, lon: float) -> bool:
        return self.unit(lat, lon)[2]

    def unproject(self, p: Point) -> LatLon | None:
        """Latitude/longitude under a pixel, or None off the disc."""
        x = (p[0] - self.center[0]) / self.radius
        y = (self.center[1] - p[1]) / self.radius
        if x * x + y * y > 1.0 + 1e-9:
            return None
        y = max(-1.0, min(1.0, y))
        lat = math.asin(y)
        c = math.cos(lat)
        dl = 0.0 if c < 1e-9 else math.asin(max(-1.0, min(1.0, x / c)))
        return (math.degrees(lat), wrap_lon(math.degrees(dl) + self.lon0))

    def runs(self, line: Sequence[LatLon]) -> list[list[Point]]:
        """The parts of a lat/lon polyline on this hemisphere, in pixels."""
        out: list[list[Point]] = []
        cur: list[Point] = []
        for lat, lon in line:
            if self.faces(lat, lon):
                cur.append(self.project(lat, lon))
            elif cur:
                out.append(cur)
                cur = []
        if cur:
            out.append(cur)
        return [r for r in out if len(r) >= 2]

    def circle(self, radius: float, steps: int = 96) -> list[Point]:
        """A pixel circle round the disc's centre (outlines, areas)."""
        cx, cy = self.center
        return [(round(cx + radius * math.cos(2 * math.pi * i / steps), 2),
                 round(cy + radius * math.sin(2 * math.pi * i / steps), 2)) for i in range(steps)]


@dataclass(frozen=True)
class Zone:
    """A mare, range or crater floor: a circle on the sphere or a lat/lon polygon."""

    name: str
    center: LatLon | None = None
    radius: float = 0.0  # radians
    ring: tuple[LatLon, ...] = ()

    def contains(self, p: LatLon) -> bool:
        if self.center is not None:
            return angle_between(self.center, p) <= self.radius
        ref = self.ring[0][1]
        lon = ref + wrap_lon(p[1] - ref)
        return point_in_polygon((lon, p[0]), [(q[1], q[0]) for q in self.ring])


def zone(name: str, spec: Any, moon_km: float) -> Zone:
    """A Zone from geography.yaml: {center, radius_km} or a list of [lat, lon]."""
    if isinstance(spec, dict):
        lat, lon = spec["center"]
        return Zone(name, (float(lat), float(lon)), float(spec["radius_km"]) / moon_km)
    ring = tuple((float(a), float(b)) for a, b in spec)
    ref = ring[0][1]
    return Zone(name, ring=tuple((a, ref + wrap_lon(b - ref)) for a, b in ring))
