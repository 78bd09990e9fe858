"""The last still picture of a map, for the frames while the view moves.

Painting a whole view of new map tiles takes longer than a frame; while the
player zooms or pans, the picture of the last complete, still view is scaled
and shifted under the tiles not painted yet, so the map never flickers. Once
the view stops, the unfinished picture is kept, so each following frame adds
its new tiles to it instead of scaling everything again.
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
        self._partial: pygame.Surface | None = None  # the unfinished view being completed
        self._partial_seen: object = None  # (camera, content) of the last unfinished frame
        self._partial_of: object = None  # (camera, content) the unfinished picture shows

    @staticmethod
    def _view(camera: Camera, content: object) -> object:
        return (camera.zoom, camera.center, tuple(camera.viewport), content)

    def restore(self, surface: pygame.Surface, camera: Camera, content: object) -> bool:
        """Blit the unfinished picture kept by `keep` if it shows exactly this
        view; the caller then only adds the tiles it painted since."""
        if self._partial is None or self._partial_of != self._view(camera, content):
            return False
        surface.blit(self._partial, camera.viewport.clip(surface.get_rect()))
        return True

    def keep(self, surface: pygame.Surface, camera: Camera, content: object) -> None:
        """Keep this unfinished frame's map when the view has not moved since
        the last one (the view settles: tiles come over the next frames); a
        view still moving is not worth the copy."""
        view = self._view(camera, content)
        settled, self._partial_seen = view == self._partial_seen, view
        area = camera.viewport.clip(surface.get_rect())
        if not settled or area.width <= 0 or area.height <= 0:
            return
        if self._partial is None or self._partial.get_size() != area.size:
            self._partial = pygame.Surface(area.size, 0, surface)
        self._partial.blit(surface, (0, 0), area)
        self._partial_of = view

    def shows(self, camera: Camera, content: object) -> bool:
        """Whether the picture is exactly this view (the frame can blit it alone)."""
        return self.content == content and self.same_view(camera)

    def same_view(self, camera: Camera) -> bool:
        """Whether the picture stands where the camera looks (its content may be older)."""
        return (self.pic is not None and self.zoom == camera.zoom
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
        if self.pic is None or self.pic.get_size() != area.size:
            self.pic = pygame.Surface(area.size, 0, surface)
        self.pic.blit(surface, (0, 0), area)
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
        dest = pygame.Rect(round(x0 + src.x * f), round(y0 + src.y * f),
                           max(1, round(src.width * f)), max(1, round(src.height * f)))
        scale_onto(surface, self.pic.subsurface(src), dest)


def uncovered(view: pygame.Rect, seen: pygame.Rect | None) -> list[pygame.Rect]:
    """The parts of `view` outside `seen` (at most four bands)."""
    if seen is None:
        return [pygame.Rect(view)]
    seen = seen.clip(view)
    bands = [pygame.Rect(view.x, view.y, view.width, seen.y - view.y),
             pygame.Rect(view.x, seen.bottom, view.width, view.bottom - seen.bottom),
             pygame.Rect(view.x, seen.y, seen.x - view.x, seen.height),
             pygame.Rect(seen.right, seen.y, view.right - seen.right, seen.height)]
    return [b for b in bands if b.width > 0 and b.height > 0]


def scale_onto(surface: pygame.Surface, part: pygame.Surface, dest: pygame.Rect, smooth: bool = False) -> None:
    """Scale `part` to `dest` on `surface` (within its clip), the same pixels
    as blitting a scaled copy. Scaling straight into the screen's pixels (or
    into a kept scratch picture when `dest` pokes out of the clip) saves
    making a view-sized picture each frame: about 3 of the 4 ms."""
    scale = pygame.transform.smoothscale if smooth else pygame.transform.scale
    plain = (part.get_bytesize() == surface.get_bytesize() and part.get_masks() == surface.get_masks()
             and not (surface.get_flags() | part.get_flags()) & pygame.SRCALPHA and part.get_colorkey() is None)
    if not plain:
        surface.blit(scale(part, dest.size), dest)
    elif surface.get_clip().contains(dest):
        scale(part, dest.size, surface.subsurface(dest))
    else:
        canvas = _scratch(surface, dest.size).subsurface((0, 0, *dest.size))
        scale(part, dest.size, canvas)
        surface.blit(canvas, dest)


_SCRATCH: dict[tuple[int, tuple[int, ...]], pygame.Surface] = {}
SCRATCH_STEP = 256  # the scratch picture grows in steps of this many pixels


def _scratch(like: pygame.Surface, size: tuple[int, int]) -> pygame.Surface:
    """A kept picture in `like`'s pixel format at least `size` big, rounded
    up to whole steps so a zoom's slightly growing pictures fit the first
    one. (Only the size needed: making a window-sized one took 5 ms, the
    first zoom's frame.)"""
    key = (like.get_bytesize(), like.get_masks())
    have = _SCRATCH.get(key)
    if have is None or have.get_width() < size[0] or have.get_height() < size[1]:
        w = max(size[0], have.get_width() if have else 0)
        h = max(size[1], have.get_height() if have else 0)
        have = _SCRATCH[key] = pygame.Surface((-(-w // SCRATCH_STEP) * SCRATCH_STEP,
                                               -(-h // SCRATCH_STEP) * SCRATCH_STEP), 0, like)
    return have
