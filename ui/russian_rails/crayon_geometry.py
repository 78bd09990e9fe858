"""Screen-independent drawing geometry of a crayon board, computed once.

The board says which milepost is where and which edges carry rivers or
borders; the renderer wants smooth coastlines, river and border polylines,
city markers and label anchors in world units. This module does that
translation once per board so that drawing a tile is only transforming points.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any, Iterable

from game.core.hexgrid import DIRECTIONS, Hex, Layout, neighbours

Point = tuple[float, float]
Box = tuple[float, float, float, float]  # x0, y0, x1, y1


@dataclass(frozen=True)
class CityGeom:
    name: str
    kind: str  # "small", "medium" or "major"
    hex: Hex  # the city milepost (centre of a major city)
    goods: tuple[str, ...]
    cells: tuple[Hex, ...]  # every milepost of the city (7 for a major city)


@dataclass(frozen=True)
class WaterGeom:
    name: str
    kind: str  # "sea" or "lake"
    rings: tuple[tuple[Point, ...], ...]  # polygons in world units
    label_at: Point | None  # where its name goes (None: too small to name)


@dataclass
class BoardGeometry:
    """Everything static the renderer draws, in world units."""

    layout: Layout
    terrain: dict[Hex, str]  # milepost -> clear/mountain/alpine/marsh/*_city/ferry_port
    frame: tuple[float, float, float, float]  # (x, y, w, h) of the printed map
    cities: list[CityGeom]
    foreign_loops: list[tuple[list[Point], bool]]  # land beyond the playable territory (smoothed)
    waters: list[WaterGeom]
    rivers: list[tuple[str, list[Point]]]  # (river name, polyline)
    borders: list[tuple[str, list[Point]]]  # (republic, polyline) of Russia's borders
    ferries: list[tuple[Hex, Hex, str]]
    region_labels: list[tuple[str, Point]]
    city_at: dict[Hex, CityGeom] = field(default_factory=dict)
    spacing: float = 0.0  # world distance between neighbouring mileposts
    coast_chunks: list[tuple[Box, list[Point]]] = field(default_factory=list)
    lunar: Any = None  # the Moon's extras (ui/russian_rails/lunar_look.LunarGeom), None on other maps

    def __post_init__(self) -> None:
        self.city_at = {c: city for city in self.cities for c in city.cells}
        self.spacing = self.layout.size * 3 ** 0.5
        self.coast_chunks = [c for w in self.waters for ring in w.rings for c in chunked(list(ring) + [ring[0]])]

    def pos(self, h: Hex) -> Point:
        return self.layout.to_pixel(h)

    def coastal(self, h: Hex) -> bool:
        """True for a milepost next to water, foreign land or the map edge."""
        return any(n not in self.terrain for n in neighbours(h))

    def mileposts_in(self, rect: tuple[float, float, float, float]) -> Iterable[Hex]:
        """Mileposts whose centre lies in a world rect, without scanning the map."""
        x, y, w, h = rect
        size, (ox, oy) = self.layout.size, self.layout.origin
        dx = size * 3 ** 0.5
        for r in range(math.floor((y - oy) / (1.5 * size)), math.ceil((y + h - oy) / (1.5 * size)) + 1):
            q0 = math.floor((x - ox) / dx - r / 2)
            q1 = math.ceil((x + w - ox) / dx - r / 2)
            for q in range(q0, q1 + 1):
                if (q, r) in self.terrain:
                    yield (q, r)


def _key(p: Point) -> tuple[int, int]:
    return (round(p[0] * 64), round(p[1] * 64))


def chaikin(points: list[Point], closed: bool, rounds: int = 2) -> list[Point]:
    """Corner-cutting smoothing: hex zig-zags become gentle curves."""
    pts = list(points)
    for _ in range(rounds):
        if len(pts) < 3:
            return pts
        out: list[Point] = [] if closed else [pts[0]]
        n = len(pts)
        last = n if closed else n - 1
        for i in range(last):
            p, q = pts[i], pts[(i + 1) % n]
            out.append((0.75 * p[0] + 0.25 * q[0], 0.75 * p[1] + 0.25 * q[1]))
            out.append((0.25 * p[0] + 0.75 * q[0], 0.25 * p[1] + 0.75 * q[1]))
        if not closed:
            out.append(pts[-1])
        pts = out
    return pts


def outlines(layout: Layout, cells: set[Hex], inside: set[Hex]) -> list[tuple[list[Point], bool]]:
    """Closed, smoothed outlines of a set of cells, each flagged outer (True) or hole.

    Cells just outside the map copy their inner neighbours, so a region running
    off the map edge is not outlined there (the frame clips it).
    """
    pad = set(inside)
    known = set(cells)
    for _ in range(2):
        ring = {n for c in known for n in neighbours(c)} - known
        for r in ring:
            near = [n for n in neighbours(r) if n in known]
            if sum(n in pad for n in near) * 2 >= len(near):
                pad.add(r)
        known |= ring
    # Directed sides with land on the same hand, so outer and hole loops wind oppositely.
    edges: dict[tuple[int, int], list[tuple[Point, Point]]] = {}
    for h in pad:
        corners = layout.corners(h)
        for d, (dq, dr) in enumerate(DIRECTIONS):
            if (h[0] + dq, h[1] + dr) in pad:
                continue
            a, b = corners[(5 - d) % 6], corners[(6 - d) % 6]
            edges.setdefault(_key(a), []).append((a, b))
    loops = []
    while edges:
        key = next(iter(edges))
        loop: list[Point] = []
        while key in edges:
            a, b = edges[key].pop()
            if not edges[key]:
                del edges[key]
            loop.append(((a[0] + b[0]) / 2, (a[1] + b[1]) / 2))  # side midpoints: no hex zig-zag
            key = _key(b)
        if len(loop) >= 3:
            loops.append(loop)
    out = []
    for loop in loops:
        area = sum(p[0] * q[1] - q[0] * p[1] for p, q in zip(loop, loop[1:] + loop[:1]))
        out.append((chaikin(loop, closed=True), area > 0))
    # Largest first, so islands and lakes paint over what surrounds them.
    out.sort(key=lambda item: -_bbox_area(item[0]))
    return out


def _bbox_area(pts: list[Point]) -> float:
    xs = [p[0] for p in pts]
    ys = [p[1] for p in pts]
    return (max(xs) - min(xs)) * (max(ys) - min(ys))


def frame_rect(layout: Layout, cells: Iterable[Hex]) -> tuple[float, float, float, float]:
    pts = [layout.to_pixel(c) for c in cells]
    m = layout.size * 0.5
    x0 = min(p[0] for p in pts) - m
    y0 = min(p[1] for p in pts) - m
    x1 = max(p[0] for p in pts) + m
    y1 = max(p[1] for p in pts) + m
    return (x0, y0, x1 - x0, y1 - y0)


def centroid(layout: Layout, cells: Iterable[Hex]) -> Point:
    pts = [layout.to_pixel(c) for c in cells]
    return (sum(p[0] for p in pts) / len(pts), sum(p[1] for p in pts) / len(pts))


def chunked(points: list[Point], n: int = 48) -> list[tuple[Box, list[Point]]]:
    """Split a long polyline into overlapping runs with their bounding boxes,
    so a tile transforms only the runs it shows."""
    out = []
    for i in range(0, max(1, len(points) - 1), n):
        run = points[i:i + n + 1]
        xs = [p[0] for p in run]
        ys = [p[1] for p in run]
        out.append(((min(xs), min(ys), max(xs), max(ys)), run))
    return out
