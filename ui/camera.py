"""A 2-D camera: maps world coordinates (whatever unit a game's renderer uses)
to screen pixels inside a viewport, with pan, zoom about a point, and fit.

Kept free of any game knowledge so every board (milepost lattice, hex map,
worker-placement board) shares the same pan/zoom behaviour.
"""
from __future__ import annotations

import pygame

Point = tuple[float, float]
WorldRect = tuple[float, float, float, float]


class Camera:
    def __init__(self, viewport: pygame.Rect, zoom: float = 1.0, center: Point = (0.0, 0.0),
                 min_zoom: float = 0.05, max_zoom: float = 8.0) -> None:
        self.viewport = pygame.Rect(viewport)
        self.min_zoom = min_zoom
        self.max_zoom = max_zoom
        self.zoom = self._clamp(zoom)
        self.center = (float(center[0]), float(center[1]))

    def _clamp(self, zoom: float) -> float:
        return max(self.min_zoom, min(self.max_zoom, zoom))

    def world_to_screen(self, p: Point) -> Point:
        vc = self.viewport.center
        return ((p[0] - self.center[0]) * self.zoom + vc[0],
                (p[1] - self.center[1]) * self.zoom + vc[1])

    def screen_to_world(self, p: Point) -> Point:
        vc = self.viewport.center
        return ((p[0] - vc[0]) / self.zoom + self.center[0],
                (p[1] - vc[1]) / self.zoom + self.center[1])

    def scale(self, length: float) -> float:
        return length * self.zoom

    def pan_screen(self, dx: float, dy: float) -> None:
        """Move the view so the world follows the mouse by (dx, dy) screen pixels."""
        self.center = (self.center[0] - dx / self.zoom, self.center[1] - dy / self.zoom)

    def zoom_at(self, factor: float, screen_pos: Point) -> None:
        """Zoom by `factor`, keeping the world point under `screen_pos` fixed."""
        before = self.screen_to_world(screen_pos)
        self.zoom = self._clamp(self.zoom * factor)
        after = self.screen_to_world(screen_pos)
        self.center = (self.center[0] + before[0] - after[0], self.center[1] + before[1] - after[1])

    def fit(self, world_rect: WorldRect, margin: float = 0.04) -> None:
        """Show the whole `world_rect` (x, y, w, h) centred, with a small margin."""
        x, y, w, h = world_rect
        self.zoom = self.fit_zoom(world_rect, margin)
        self.center = (x + w / 2, y + h / 2)

    def set_zoom(self, zoom: float) -> None:
        self.zoom = self._clamp(zoom)

    def fit_zoom(self, world_rect: WorldRect, margin: float = 0.04) -> float:
        """The zoom at which `fit` would show the whole `world_rect`."""
        _x, _y, w, h = world_rect
        vw = max(1, self.viewport.width) * (1 - 2 * margin)
        vh = max(1, self.viewport.height) * (1 - 2 * margin)
        return self._clamp(min(vw / max(w, 1e-6), vh / max(h, 1e-6)))

    def visible_world_rect(self) -> WorldRect:
        x0, y0 = self.screen_to_world(self.viewport.topleft)
        x1, y1 = self.screen_to_world(self.viewport.bottomright)
        return (x0, y0, x1 - x0, y1 - y0)

    def set_viewport(self, rect: pygame.Rect) -> None:
        self.viewport = pygame.Rect(rect)
