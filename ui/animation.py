"""Animations built from game events: short tweens in world coordinates.

The rules have already moved on when a tween plays; animations only decorate
the final state, never block or change it. Tweens run one after another,
except a tween pushed with ``parallel=True``, which starts together with the
tween before it. A click or space calls `skip()`.
"""
from __future__ import annotations

import math
from typing import TYPE_CHECKING, Sequence

import pygame

from ui import theme

if TYPE_CHECKING:
    from ui.camera import Camera

Point = tuple[float, float]
RGB = tuple[int, int, int]


def ease_out(t: float) -> float:
    return 1 - (1 - t) ** 3


def _path_lengths(points: Sequence[Point]) -> list[float]:
    acc = [0.0]
    for a, b in zip(points, points[1:]):
        acc.append(acc[-1] + math.dist(a, b))
    return acc


def point_along(points: Sequence[Point], t: float) -> Point:
    """The point a fraction `t` (0..1) of the way along the polyline."""
    if len(points) == 1:
        return points[0]
    acc = _path_lengths(points)
    target = acc[-1] * max(0.0, min(1.0, t))
    for i in range(1, len(acc)):
        if acc[i] >= target:
            seg = acc[i] - acc[i - 1]
            f = 0.0 if seg == 0 else (target - acc[i - 1]) / seg
            a, b = points[i - 1], points[i]
            return (a[0] + (b[0] - a[0]) * f, a[1] + (b[1] - a[1]) * f)
    return points[-1]


class Tween:
    """Base: a drawing that lasts `duration` seconds."""

    def __init__(self, duration: float = 0.5, *, parallel: bool = False) -> None:
        self.duration = duration
        self.parallel = parallel
        self.elapsed = 0.0

    @property
    def t(self) -> float:
        return 1.0 if self.duration <= 0 else min(1.0, self.elapsed / self.duration)

    @property
    def done(self) -> bool:
        return self.elapsed >= self.duration

    def draw(self, surface: pygame.Surface, camera: "Camera") -> None:
        raise NotImplementedError


class MoveAlong(Tween):
    """A token travelling along a path of world points."""


    def __init__(self, points: Sequence[Point], colour: RGB = theme.ACCENT, radius: float = 8.0,
                 duration: float = 0.6, *, parallel: bool = False) -> None:
        super().__init__(duration, parallel=parallel)
        self.points = list(points) or [(0.0, 0.0)]
        self.colour = colour
        self.radius = radius

    def draw(self, surface: pygame.Surface, camera: "Camera") -> None:
        p = camera.world_to_screen(point_along(self.points, ease_out(self.t)))
        r = max(3, int(camera.scale(self.radius)))
        pygame.draw.circle(surface, (15, 12, 10), (int(p[0]) + 2, int(p[1]) + 2), r)
        pygame.draw.circle(surface, self.colour, (int(p[0]), int(p[1])), r)
        pygame.draw.circle(surface, theme.TEXT, (int(p[0]), int(p[1])), r, 2)


class DrawIn(Tween):
    """A line (track) drawing itself in from its first point to its last."""


    def __init__(self, points: Sequence[Point], colour: RGB = theme.ACCENT, width: float = 4.0,
                 duration: float = 0.5, *, parallel: bool = False) -> None:
        super().__init__(duration, parallel=parallel)
        self.points = list(points) or [(0.0, 0.0)]
        self.colour = colour
        self.width = width

    def draw(self, surface: pygame.Surface, camera: "Camera") -> None:
        if len(self.points) < 2:
            return
        acc = _path_lengths(self.points)
        target = acc[-1] * self.t
        shown = [self.points[0]]
        for i in range(1, len(self.points)):
            if acc[i] <= target:
                shown.append(self.points[i])
            else:
                shown.append(point_along(self.points, target / acc[-1] if acc[-1] else 1.0))
                break
        screen = [camera.world_to_screen(p) for p in shown]
        if len(screen) >= 2:
            pygame.draw.lines(surface, self.colour, False, screen, max(1, int(camera.scale(self.width))))


class FloatText(Tween):
    """Text such as "+5" rising and fading out above a world point."""

    RISE = 48.0  # screen pixels travelled upward over the tween

    def __init__(self, pos: Point, text: str, colour: RGB = theme.HIGHLIGHT, duration: float = 0.9,
                 size: int = 26, *, parallel: bool = False) -> None:
        super().__init__(duration, parallel=parallel)
        self.pos = pos
        self.text = text
        self.colour = colour
        self.size = size

    def draw(self, surface: pygame.Surface, camera: "Camera") -> None:
        x, y = camera.world_to_screen(self.pos)
        surf = theme.text_surface(self.text, self.size, self.colour, True)
        alpha = int(255 * (1 - self.t ** 2))
        surf.set_alpha(alpha)
        surface.blit(surf, surf.get_rect(center=(int(x), int(y - self.RISE * ease_out(self.t)))))
        surf.set_alpha(None)


class Pulse(Tween):
    """A ring that grows and fades to draw the eye to a place."""


    def __init__(self, pos: Point, radius: float = 20.0, colour: RGB = theme.HIGHLIGHT,
                 duration: float = 0.6, *, parallel: bool = False) -> None:
        super().__init__(duration, parallel=parallel)
        self.pos = pos
        self.radius = radius
        self.colour = colour

    def draw(self, surface: pygame.Surface, camera: "Camera") -> None:
        x, y = camera.world_to_screen(self.pos)
        r = max(2, int(camera.scale(self.radius) * (0.4 + 0.8 * ease_out(self.t))))
        width = max(1, int(4 * (1 - self.t)) + 1)
        pygame.draw.circle(surface, self.colour, (int(x), int(y)), r, width)


class AnimationQueue:
    """Tweens waiting to play; `speed` multiplies time (0 = animations off)."""

    def __init__(self, speed: float = 1.0) -> None:
        self.speed = speed
        self._queue: list[Tween] = []

    def push(self, tween: Tween) -> None:
        if self.speed <= 0:
            return
        self._queue.append(tween)

    @property
    def busy(self) -> bool:
        return bool(self._queue)

    def __len__(self) -> int:
        return len(self._queue)

    def _active(self) -> list[Tween]:
        """The head tween and the parallel tweens right behind it."""
        if not self._queue:
            return []
        group = [self._queue[0]]
        for tw in self._queue[1:]:
            if not tw.parallel:
                break
            group.append(tw)
        return group

    def update(self, dt: float) -> None:
        remaining = dt * self.speed
        while remaining > 0 and self._queue:
            group = self._active()
            step = min(remaining, min(tw.duration - tw.elapsed for tw in group if not tw.done)
                       if any(not tw.done for tw in group) else 0.0)
            for tw in group:
                tw.elapsed += step
            remaining -= step
            if all(tw.done for tw in group):
                del self._queue[:len(group)]
            elif step <= 0:
                break

    def draw(self, surface: pygame.Surface, camera: "Camera") -> None:
        clip = surface.get_clip()
        surface.set_clip(camera.viewport)
        for tw in self._active():
            tw.draw(surface, camera)
        surface.set_clip(clip)

    def skip(self) -> None:
        self._queue.clear()
