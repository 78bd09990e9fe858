"""The last still picture of a map, for the frames while the view moves.

Painting a whole view of new map tiles takes longer than a frame; while the
player zooms or pans, the picture of the last complete, still view is scaled
and shifted under the tiles not painted yet, so the map never flickers.
"""
from __future__ import annotations

import math

import pygame

from ui.camera import Camera


class StillView:
    """A copy of the map part of the last complete, still frame: while the
    view moves, it is scaled and shifted under the tiles not painted yet."""

    def __init__(self) -> None:
        self.pic: pygame.Surface | None = None
        self.zoom = 1.0
        self.origin = (0.0, 0.0)  # world point at the picture's top-left
        self.content: object = None  # the layers' versions when it was taken
        self._seen: tuple[float, tuple[float, float], tuple[int, ...], object] | None = None

    def shows(self, camera: Camera, content: object) -> bool:
        """Whether the picture is exactly this view (the frame can blit it alone)."""
        return (self.pic is not None and self.content == content and self.zoom == camera.zoom
                and self.origin == camera.screen_to_world(camera.viewport.topleft)
                and self.pic.get_size() == camera.viewport.size)

    def offer(self, surface: pygame.Surface, camera: Camera, content: object) -> None:
        """Keep this frame if the camera and the content stand still (or it has
        a zoom of its own): the frame just after a move or a build does not
        pay for the copy."""
        now = (camera.zoom, camera.center, tuple(camera.viewport), content)
        still, self._seen = now == self._seen, now
        if self.shows(camera, content) or not (still or self.pic is None or camera.zoom != self.zoom):
            return
        area = camera.viewport.clip(surface.get_rect())
        if area.width <= 0 or area.height <= 0:
            return
        self.pic = surface.subsurface(area).copy()
        self.zoom, self.content = camera.zoom, content
        self.origin = camera.screen_to_world(area.topleft)

    def covers(self, camera: Camera) -> pygame.Rect | None:
        """The screen area the kept picture covers now (None if none)."""
        if self.pic is None:
            return None
        f = camera.zoom / self.zoom
        x0, y0 = camera.world_to_screen(self.origin)
        dest = pygame.Rect(math.floor(x0), math.floor(y0), math.ceil(self.pic.get_width() * f),
                           math.ceil(self.pic.get_height() * f))
        seen = dest.clip(camera.viewport)
        return seen if seen.width > 0 and seen.height > 0 else None

    def draw(self, surface: pygame.Surface, camera: Camera) -> None:
        """Blit the kept picture, scaled, where its world now is."""
        seen = self.covers(camera)
        if self.pic is None or seen is None:
            return
        f = camera.zoom / self.zoom
        x0, y0 = camera.world_to_screen(self.origin)
        src = pygame.Rect(math.floor((seen.x - x0) / f), math.floor((seen.y - y0) / f),
                          math.ceil(seen.width / f) + 1, math.ceil(seen.height / f) + 1).clip(self.pic.get_rect())
        if src.width <= 0 or src.height <= 0:
            return
        part = pygame.transform.scale(self.pic.subsurface(src),
                                      (max(1, round(src.width * f)), max(1, round(src.height * f))))
        surface.blit(part, (round(x0 + src.x * f), round(y0 + src.y * f)))
