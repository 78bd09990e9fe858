"""Where the hint's sentence stands on the board so that it never hides the
move it points at: at the foot of the board, at the top when the move lies
at the foot, and when the move spans both places the view is moved (and if
need be zoomed out) until the move is clear of the banner at the foot."""
from __future__ import annotations

from typing import Sequence

import pygame

from ui.camera import Camera, Point

HINT_GAP = 14  # (chosen) pixels between the hint banner and the board's edge
HINT_SIDE = 30  # (chosen) pixels at least between the hint banner and each side of its area
SPOT_PAD = 30  # (chosen) pixels kept clear round each hinted point: its ring, the "hint" label, track width


def banner_spots(area: pygame.Rect, size: tuple[int, int]) -> tuple[pygame.Rect, pygame.Rect]:
    """The two places for a banner of `size`: centred at the foot, then at the top of `area`."""
    w, h = size
    foot = pygame.Rect(0, 0, w, h)
    foot.midbottom = (area.centerx, area.bottom - HINT_GAP)
    top = pygame.Rect(0, 0, w, h)
    top.midtop = (area.centerx, area.top + HINT_GAP)
    return foot, top


def hidden(rect: pygame.Rect, points: Sequence[Point]) -> int:
    """How many of the screen `points` (each with its padding) `rect` covers."""
    return sum(1 for x, y in points if rect.inflate(2 * SPOT_PAD, 2 * SPOT_PAD).collidepoint(x, y))


def place_hint(area: pygame.Rect, size: tuple[int, int], points: Sequence[Point]) -> pygame.Rect:
    """The banner's rect: the first place that hides none of the hinted
    screen `points`, else the one hiding fewest (the foot on a tie)."""
    places = banner_spots(area, size)
    return min(places, key=lambda r: hidden(r, points))


def clear_view(camera: Camera, area: pygame.Rect, size: tuple[int, int], spots: Sequence[Point]) -> None:
    """Move `camera` so the hinted world `spots` stand clear above the
    banner at the foot of `area` when neither banner place is clear now:
    centred in the board above the banner, zoomed out just enough to fit."""
    screen = [camera.world_to_screen(p) for p in spots]
    if not spots or hidden(place_hint(area, size, screen), screen) == 0:
        return
    free = pygame.Rect(area.x, area.y, area.w, area.h - size[1] - HINT_GAP)
    xs, ys = [p[0] for p in spots], [p[1] for p in spots]
    pad = 2 * SPOT_PAD + 2
    room = min((free.w - pad) / max((max(xs) - min(xs)) * camera.zoom, 1e-6),
               (free.h - pad) / max((max(ys) - min(ys)) * camera.zoom, 1e-6))
    if room < 1.0:
        camera.set_zoom(camera.zoom * max(room, 0.1))
    sx, sy = camera.world_to_screen(((min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2))
    camera.pan_screen(free.centerx - sx, free.centery - sy)
