"""Small procedural illustrations for the menu's game tiles and background
(no image files to ship; deterministic, drawn once and cached by the menu)."""
from __future__ import annotations

import math
import random
from typing import Callable

import pygame

from ui import theme

Art = Callable[[pygame.Surface, random.Random], None]


def _lattice(w: int, h: int, step: int) -> list[tuple[float, float]]:
    pts = []
    for row in range(-1, int(h / (step * 0.866)) + 2):
        off = step / 2 if row % 2 else 0
        for col in range(-1, int(w / step) + 2):
            pts.append((col * step + off, row * step * 0.866))
    return pts


def _crayon(surf: pygame.Surface, pts: list[tuple[float, float]], colour: tuple[int, int, int], width: int) -> None:
    for dx, dy in ((0, 0), (1, 1), (-1, 0)):
        pygame.draw.lines(surf, colour, False, [(x + dx, y + dy) for x, y in pts], width)


def _walk(rng: random.Random, w: int, h: int, step: int, n: int) -> list[tuple[float, float]]:
    x, y = rng.uniform(0.05, 0.2) * w, rng.uniform(0.3, 0.7) * h
    pts = [(x, y)]
    for _ in range(n):
        ang = rng.uniform(-0.9, 0.9)
        x, y = x + step * math.cos(ang), min(h - 10, max(10, y + step * math.sin(ang)))
        pts.append((x, y))
    return pts


def russian_rails(surf: pygame.Surface, rng: random.Random) -> None:
    w, h = surf.get_size()
    surf.fill((214, 200, 166))
    for _ in range(5):
        pygame.draw.circle(surf, (196, 214, 204), (rng.randint(0, w), rng.randint(0, h)), rng.randint(20, 60))
    for x, y in _lattice(w, h, 18):
        pygame.draw.circle(surf, (110, 96, 80), (int(x), int(y)), 2)
    _crayon(surf, _walk(rng, w, h, 36, 9), (200, 40, 40), 4)
    _crayon(surf, _walk(rng, w, h, 36, 8), (40, 90, 170), 4)
    for _ in range(3):
        c = (rng.randint(30, w - 30), rng.randint(20, h - 20))
        pygame.draw.circle(surf, (170, 40, 40), c, 7)
        pygame.draw.circle(surf, (250, 240, 220), c, 7, 2)


def lunar_rails(surf: pygame.Surface, rng: random.Random) -> None:
    w, h = surf.get_size()
    surf.fill((58, 60, 68))
    for _ in range(14):
        c = (rng.randint(0, w), rng.randint(0, h))
        r = rng.randint(8, 40)
        pygame.draw.circle(surf, (46, 47, 54), c, r)
        pygame.draw.circle(surf, (84, 86, 96), c, r, 2)
    for x, y in _lattice(w, h, 18):
        pygame.draw.circle(surf, (140, 144, 156), (int(x), int(y)), 1)
    _crayon(surf, _walk(rng, w, h, 36, 9), (240, 228, 66), 4)
    _crayon(surf, _walk(rng, w, h, 36, 8), (86, 180, 233), 4)
    for _ in range(40):
        surf.set_at((rng.randint(0, w - 1), rng.randint(0, h - 1)), (230, 230, 240))


def russian_railroads(surf: pygame.Surface, rng: random.Random) -> None:
    w, h = surf.get_size()
    k = max(0.55, min(1.3, h / 160))  # scale the pieces with the picture's height
    surf.fill((132, 40, 32))
    band = int(h * 0.28)
    pygame.draw.rect(surf, (156, 56, 42), (0, 0, w, band))
    track_colours = [(40, 40, 40), (130, 130, 130), (150, 100, 60), (214, 196, 160), (240, 240, 240)]
    for i in range(3):
        y = int(band + (h - band) * (0.22 + 0.3 * i))
        for x in range(-10, w, int(14 * k)):
            pygame.draw.line(surf, (92, 60, 44), (x, y - int(9 * k)), (x, y + int(9 * k)), max(2, int(4 * k)))
        for off in (-5, 5):
            pygame.draw.line(surf, (200, 180, 150), (0, y + int(off * k)), (w, y + int(off * k)), 2)
        x = 12
        for colour in track_colours[: rng.randint(2, 5)]:
            length = int(rng.randint(2, 5) * 22 * k)
            pygame.draw.rect(surf, colour, (x, y - int(4 * k), length - 4, int(9 * k)), border_radius=2)
            x += length
        pygame.draw.rect(surf, (30, 60, 120), (x + 6, y - int(11 * k), int(30 * k), int(17 * k)), border_radius=3)
        pygame.draw.rect(surf, (30, 60, 120), (x + 6 + int(22 * k), y - int(18 * k), int(10 * k), int(10 * k)))
    for i in range(5):
        c = theme.SEAT_COLOURS[theme.SEAT_ORDER[i % 4]]
        x = int(w * (0.52 + 0.09 * i))
        top = (band - int(22 * k)) // 2
        pygame.draw.circle(surf, c, (x, top + int(6 * k)), int(6 * k))
        pygame.draw.rect(surf, c, (x - int(8 * k), top + int(11 * k), int(16 * k), int(11 * k)), border_radius=4)


def window_icon() -> pygame.Surface:
    """A small rail-crossing emblem for the window's title bar and task bar."""
    icon = pygame.Surface((64, 64), pygame.SRCALPHA)
    pygame.draw.rect(icon, (*theme.BG, 255), icon.get_rect(), border_radius=14)
    for x in range(8, 60, 10):
        pygame.draw.line(icon, (120, 90, 60), (x, 18), (x, 46), 5)
    pygame.draw.line(icon, theme.ACCENT, (2, 24), (62, 24), 4)
    pygame.draw.line(icon, theme.ACCENT, (2, 40), (62, 40), 4)
    return icon


def regional_rails(surf: pygame.Surface, rng: random.Random) -> None:
    w, h = surf.get_size()
    surf.fill((72, 110, 70))
    size = 22
    greens = [(96, 140, 84), (110, 152, 92), (130, 160, 96), (150, 140, 100), (90, 130, 150)]
    centres = []
    for row in range(-1, int(h / (size * 1.5)) + 2):
        for col in range(-1, int(w / (size * 1.732)) + 2):
            cx = col * size * 1.732 + (size * 0.866 if row % 2 else 0)
            cy = row * size * 1.5
            centres.append((cx, cy))
            corners = [(cx + size * math.cos(math.radians(60 * k - 30)),
                        cy + size * math.sin(math.radians(60 * k - 30))) for k in range(6)]
            pygame.draw.polygon(surf, rng.choice(greens), corners)
            pygame.draw.polygon(surf, (60, 84, 56), corners, 1)
    start = min(centres, key=lambda p: abs(p[0] - w * 0.08) + abs(p[1] - h * 0.5))
    path = [start]
    while True:
        cx, cy = path[-1]
        ahead = [p for p in centres if size * 0.8 < p[0] - cx < size * 1.9 and abs(p[1] - cy) < size * 1.6
                 and size < p[1] < h - size]
        if not ahead or len(path) > 40:
            break
        path.append(rng.choice(ahead))
    pygame.draw.lines(surf, (40, 30, 24), False, path, 6)
    pygame.draw.lines(surf, (230, 159, 0), False, path, 3)
    for p in path[::3]:
        pygame.draw.circle(surf, (245, 240, 230), (int(p[0]), int(p[1])), 7)
        pygame.draw.circle(surf, (40, 30, 24), (int(p[0]), int(p[1])), 7, 2)


ARTS: dict[str, Art] = {
    "russian_rails": russian_rails,
    "lunar_rails": lunar_rails,
    "russian_railroads": russian_railroads,
    "regional_rails": regional_rails,
}


def tile_art(game_id: str, size: tuple[int, int]) -> pygame.Surface:
    surf = pygame.Surface(size)
    ARTS.get(game_id, regional_rails)(surf, random.Random(game_id))
    return surf


def background(size: tuple[int, int]) -> pygame.Surface:
    """The warm dark table background with a faint railway sweeping across."""
    from ui.widgets import vertical_gradient

    w, h = size
    surf = vertical_gradient(size, (58, 44, 32), (20, 16, 13))
    faint = pygame.Surface(size, pygame.SRCALPHA)
    pts = [(x, h * 0.86 - 0.10 * h * math.sin(x / w * math.pi)) for x in range(-20, w + 40, 20)]
    for (x0, y0), (x1, y1) in zip(pts, pts[1:]):
        ang = math.atan2(y1 - y0, x1 - x0) + math.pi / 2
        dx, dy = 14 * math.cos(ang), 14 * math.sin(ang)
        pygame.draw.line(faint, (120, 90, 60, 40), (x0 - dx, y0 - dy), (x0 + dx, y0 + dy), 5)
    for off in (-8, 8):
        pygame.draw.lines(faint, (200, 170, 120, 40), False, [(x, y + off) for x, y in pts], 3)
    surf.blit(faint, (0, 0))
    return surf
