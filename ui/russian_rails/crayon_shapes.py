"""Drawing primitives of a crayon board: round-jointed and dashed polylines,
the map-key symbols (mountain triangle, marsh tufts), pawns and the crayon
stroke of a track section."""
from __future__ import annotations

import math
from typing import Sequence

import pygame

from ui.russian_rails.crayon_geometry import Point
from ui.russian_rails.crayon_style import RGB

def thick_polyline(surf: pygame.Surface, colour: RGB, pts: Sequence[Point], width: float,
                   closed: bool = False) -> None:
    """A polyline with round joins (pygame's own leaves notches at corners)."""
    if len(pts) < 2:
        return
    w = max(1, int(round(width)))
    if w <= 2:
        pygame.draw.aalines(surf, colour, closed, pts) if w == 1 else pygame.draw.lines(surf, colour, closed, pts, w)
        return
    pygame.draw.lines(surf, colour, closed, pts, w)
    rad = w / 2 - 0.5
    for p in pts:
        pygame.draw.circle(surf, colour, p, rad)


def dashed_polyline(surf: pygame.Surface, colours: Sequence[RGB], pts: Sequence[Point], width: float,
                    dash: float) -> None:
    """Dashes cycling through `colours` along a polyline (the tricolour borders)."""
    w = max(1, int(round(width)))
    k, left = 0, dash
    for a, b in zip(pts, pts[1:]):
        seg = math.dist(a, b)
        pos = 0.0
        while seg - pos > 1e-6:
            step = min(left, seg - pos)
            t0, t1 = pos / seg, (pos + step) / seg
            p0 = (a[0] + (b[0] - a[0]) * t0, a[1] + (b[1] - a[1]) * t0)
            p1 = (a[0] + (b[0] - a[0]) * t1, a[1] + (b[1] - a[1]) * t1)
            pygame.draw.line(surf, colours[k % len(colours)], p0, p1, w)
            pos += step
            left -= step
            if left <= 1e-6:
                k += 1
                left = dash


def triangle(surf: pygame.Surface, colour: RGB, c: Point, side: float, outline: RGB | None = None) -> None:
    h = side * 0.866
    pts = [(c[0], c[1] - h * 0.62), (c[0] - side / 2, c[1] + h * 0.38), (c[0] + side / 2, c[1] + h * 0.38)]
    pygame.draw.polygon(surf, colour, pts)
    if outline is not None:
        pygame.draw.polygon(surf, outline, pts, 1)


def marsh_symbol(surf: pygame.Surface, colour: RGB, c: Point, size: float) -> None:
    """The map-key marsh sign: a base line with three reed tufts."""
    w = max(1, int(size * 0.12))
    x, y = c
    pygame.draw.line(surf, colour, (x - size / 2, y + size * 0.25), (x + size / 2, y + size * 0.25), w)
    for dx, hgt in ((-size * 0.3, 0.45), (0, 0.65), (size * 0.3, 0.45)):
        pygame.draw.line(surf, colour, (x + dx, y + size * 0.2), (x + dx, y + size * (0.25 - hgt)), w)


def pawn(surf: pygame.Surface, colour: RGB, c: Point, height: float) -> None:
    """A board-game pawn standing on its milepost (base on the point)."""
    h = max(10.0, height)
    x, y = c
    head = h * 0.2
    body = [(x - h * 0.26, y), (x + h * 0.26, y), (x + h * 0.1, y - h * 0.62), (x - h * 0.1, y - h * 0.62)]
    shadow = [(px + 2, py + 2) for px, py in body]
    pygame.draw.polygon(surf, (20, 16, 12), shadow)
    pygame.draw.polygon(surf, colour, body)
    pygame.draw.polygon(surf, (20, 16, 12), body, 2)
    pygame.draw.circle(surf, colour, (x, y - h * 0.62 - head * 0.7), head)
    pygame.draw.circle(surf, (20, 16, 12), (x, y - h * 0.62 - head * 0.7), head, 2)
    pygame.draw.ellipse(surf, (20, 16, 12), pygame.Rect(x - h * 0.3, y - h * 0.07, h * 0.6, h * 0.14), 2)


def shade(c: RGB, f: float) -> RGB:
    if f >= 1:
        r, g, b = (int(v + (255 - v) * (f - 1)) for v in c)
    else:
        r, g, b = (int(v * f) for v in c)
    return (r, g, b)


def crayon_jitter(a: object, b: object, salt: int) -> tuple[float, float, float]:
    h = hash((a, b, salt)) & 0xFFFFFF
    return ((h & 0xFF) / 255 - 0.5, ((h >> 8) & 0xFF) / 255 - 0.5, ((h >> 16) & 0xFF) / 255 - 0.5)


def crayon_stroke(surface: pygame.Surface, pa: Point, pb: Point, colours: tuple[RGB, RGB, RGB],
                  size: float, jitter: tuple[float, float, float]) -> None:
    """One track section in crayon: a dark-edged main stroke bent a little in
    the middle and a lighter, offset second pass (seeded per section so it
    never shimmers)."""
    colour, dark, light = colours
    j1, j2, j3 = jitter
    dx, dy = pb[0] - pa[0], pb[1] - pa[1]
    n = math.hypot(dx, dy) or 1.0
    nx, ny = -dy / n, dx / n
    bend = size * 0.16 * j1
    mid = ((pa[0] + pb[0]) / 2 + nx * bend, (pa[1] + pb[1]) / 2 + ny * bend)
    iw = int(max(3.0, size * 0.36))
    pygame.draw.lines(surface, dark, False, [pa, mid, pb], iw + 2)
    pygame.draw.lines(surface, colour, False, [pa, mid, pb], iw)
    off = size * 0.07 * j2
    o = (nx * off, ny * off)
    pygame.draw.line(surface, light, (pa[0] + o[0] + dx * 0.15, pa[1] + o[1] + dy * 0.15),
                     (mid[0] + o[0] + dx * 0.2 * (0.5 + j3), mid[1] + o[1] + dy * 0.2 * (0.5 + j3)),
                     max(1, iw // 3))
