"""Drawing in world units: a `View` maps world points to surface pixels and a
`Pen` draws shapes, text and the game's little icons through it.

The same drawing code paints both the live screen (a view taken from the
camera) and the cached board art (a view onto an off-screen surface), which is
what lets static art be cached per zoom level without a second code path.
"""
from __future__ import annotations

import math
import re
from dataclasses import dataclass
from functools import lru_cache

import pygame

from ui import theme

RGB = tuple[int, int, int]
WRect = tuple[float, float, float, float]

MIN_TEXT_PX = 6  # text smaller than this on screen is noise: it is skipped
# The smallest label, in world units: 11 px on the table fitted to a 1280x720 window (scale 0.588).
LABEL = 19.0
TITLE = LABEL + 2   # the titles of the boards' areas


@dataclass(frozen=True)
class View:
    """screen = (world - origin) * scale + offset."""

    origin: tuple[float, float]
    scale: float
    offset: tuple[float, float] = (0.0, 0.0)

    @classmethod
    def of_camera(cls, camera) -> "View":
        vc = camera.viewport.center
        return cls((camera.center[0], camera.center[1]), camera.zoom, (float(vc[0]), float(vc[1])))

    def pt(self, p: tuple[float, float]) -> tuple[int, int]:
        return (round((p[0] - self.origin[0]) * self.scale + self.offset[0]),
                round((p[1] - self.origin[1]) * self.scale + self.offset[1]))

    def rect(self, r: WRect) -> pygame.Rect:
        x0, y0 = self.pt((r[0], r[1]))
        x1, y1 = self.pt((r[0] + r[2], r[1] + r[3]))
        return pygame.Rect(x0, y0, max(1, x1 - x0), max(1, y1 - y0))

    def len(self, n: float) -> int:
        return max(1, round(n * self.scale))

    def to_world(self, p: tuple[float, float]) -> tuple[float, float]:
        return ((p[0] - self.offset[0]) / self.scale + self.origin[0],
                (p[1] - self.offset[1]) / self.scale + self.origin[1])


@lru_cache(maxsize=256)
def _veil(size: tuple[int, int], rgba: tuple[int, int, int, int]) -> pygame.Surface:
    surf = pygame.Surface(size, pygame.SRCALPHA)
    surf.fill(rgba)
    return surf


class Pen:
    def __init__(self, surface: pygame.Surface, view: View) -> None:
        self.surface = surface
        self.view = view

    # Shapes ---------------------------------------------------------------

    def rect(self, r: WRect, colour: RGB, width: float = 0, radius: float = 0) -> pygame.Rect:
        sr = self.view.rect(r)
        w = 0 if width == 0 else self.view.len(width)
        pygame.draw.rect(self.surface, colour, sr, w, border_radius=round(radius * self.view.scale))
        return sr

    def veil(self, r: WRect, rgba: tuple[int, int, int, int]) -> None:
        """A translucent layer (dimming, hover glow)."""
        sr = self.view.rect(r)
        clip = sr.clip(self.surface.get_rect())
        if clip.w > 0 and clip.h > 0:
            self.surface.blit(_veil((clip.w, clip.h), rgba), clip)

    def circle(self, c: tuple[float, float], radius: float, colour: RGB, width: float = 0) -> None:
        w = 0 if width == 0 else self.view.len(width)
        pygame.draw.circle(self.surface, colour, self.view.pt(c), self.view.len(radius), w)

    def line(self, a, b, colour: RGB, width: float = 1) -> None:
        pygame.draw.line(self.surface, colour, self.view.pt(a), self.view.pt(b), self.view.len(width))

    def polygon(self, points, colour: RGB, width: float = 0) -> None:
        w = 0 if width == 0 else self.view.len(width)
        pygame.draw.polygon(self.surface, colour, [self.view.pt(p) for p in points], w)

    def dashed_rect(self, r: WRect, colour: RGB, width: float, dash: float) -> None:
        """A rectangle's outline in dashes `dash` long (world units), each side starting with a dash: the
        printed outline of a space that is not a space yet (an extension area, the USA meeting space)."""
        x0, y0, w, h = r
        x1, y1 = x0 + w, y0 + h
        for a, b in (((x0, y0), (x1, y0)), ((x0, y1), (x1, y1)), ((x0, y0), (x0, y1)), ((x1, y0), (x1, y1))):
            length = max(abs(b[0] - a[0]), abs(b[1] - a[1]))
            if not length:
                continue  # a rectangle of no width or height: that side is no line
            for k in range(int(length // (2 * dash)) + 1):
                t0, t1 = k * 2 * dash / length, min(1.0, (k * 2 * dash + dash) / length)
                self.line((a[0] + (b[0] - a[0]) * t0, a[1] + (b[1] - a[1]) * t0),
                          (a[0] + (b[0] - a[0]) * t1, a[1] + (b[1] - a[1]) * t1), colour, width)

    # Text -----------------------------------------------------------------

    def text(self, text: str, pos: tuple[float, float], size: float, colour: RGB = theme.TEXT,
             bold: bool = False, anchor: str = "center", max_width: float | None = None) -> None:
        px = round(size * self.view.scale)
        if px < MIN_TEXT_PX or not text:
            return
        mw = None if max_width is None else max(8, self.view.len(max_width))
        theme.draw_text(self.surface, text, self.view.pt(pos), px, colour, bold, anchor, mw)

    def glyph(self, text: str, c: tuple[float, float], size: float, colour: RGB) -> None:
        """A sign printed inside an icon (₽ on a coin, ×2 on a doubler, a locomotive's number): part of
        the picture, which shrinks with it, not a label."""
        px = round(size * self.view.scale)
        if px >= MIN_TEXT_PX:
            theme.draw_text(self.surface, text, self.view.pt(c), px, colour, True, "center")

    def fits(self, text: str, size: float, width: float, bold: bool = False) -> bool:
        """Whether `text` at `size` is no wider than `width` (world units) on this view."""
        px = max(1, round(size * self.view.scale))
        return theme.font(px, bold).size(text)[0] <= max(8, self.view.len(width))

    def wrap(self, text: str, size: float, width: float) -> list[str]:
        """`text` split into lines that fit `width` (world units) at `size`; a word too long for a line
        ("black+any+coin") is broken after a "+" as well."""
        px = max(1, round(size * self.view.scale))
        room = max(8, self.view.len(width))
        lines = theme.wrap_text(text, px, room)
        font = theme.font(px)
        if "+" not in text or all(font.size(line)[0] <= room for line in lines):
            return lines
        out, line = [], ""
        for piece in re.split(r"(?<=[+ ])", text):
            if line and font.size((line + piece).rstrip())[0] > room:
                out.append(line.rstrip())
                line = ""
            line += piece
        return out + [line.rstrip()]

    def lines(self, lines: list[str], pos: tuple[float, float], size: float, colour: RGB = theme.TEXT,
              bold: bool = False, spacing: float = 1.15, max_width: float | None = None) -> None:
        """Lines centred horizontally on pos[0], the block centred on pos[1]."""
        top = pos[1] - (len(lines) - 1) * size * spacing / 2
        for i, line in enumerate(lines):
            self.text(line, (pos[0], top + i * size * spacing), size, colour, bold, "center", max_width)

    # Icons of the game ------------------------------------------------------

    def pawn(self, c: tuple[float, float], h: float, colour: RGB, outline: RGB = (25, 22, 20)) -> None:
        """A worker: round head on a bell-shaped body, `h` tall."""
        x, y = c
        head = h * 0.22
        body = [(x - h * 0.34, y + h / 2), (x - h * 0.12, y - h * 0.08), (x + h * 0.12, y - h * 0.08),
                (x + h * 0.34, y + h / 2)]
        self.polygon(body, colour)
        self.polygon(body, outline, max(0.8, h * 0.05))
        self.circle((x, y - h * 0.25), head, colour)
        self.circle((x, y - h * 0.25), head, outline, max(0.8, h * 0.05))

    def pawn_outline(self, c: tuple[float, float], h: float, colour: RGB) -> None:
        """An empty worker slot (the cost printed on a space)."""
        x, y = c
        body = [(x - h * 0.34, y + h / 2), (x - h * 0.12, y - h * 0.08), (x + h * 0.12, y - h * 0.08),
                (x + h * 0.34, y + h / 2)]
        self.polygon(body, colour, max(1.0, h * 0.07))
        self.circle((x, y - h * 0.25), h * 0.22, colour, max(1.0, h * 0.07))

    def coin(self, c: tuple[float, float], r: float, filled: bool = True) -> None:
        gold, dark = (232, 190, 70), (120, 86, 20)
        if filled:
            self.circle(c, r, gold)
        self.circle(c, r, dark if filled else gold, max(1.0, r * 0.14))
        self.glyph("₽", c, r * 1.25, dark if filled else gold)

    def track_tile(self, c: tuple[float, float], s: float, colour: RGB) -> None:
        """A track piece: a rail segment with two ties."""
        x, y = c
        self.rect((x - s / 2, y - s * 0.32, s, s * 0.64), colour, radius=s * 0.08)
        edge = (235, 230, 220) if sum(colour) < 200 else (40, 36, 32)
        self.rect((x - s / 2, y - s * 0.32, s, s * 0.64), edge, width=max(0.8, s * 0.06), radius=s * 0.08)
        for dx in (-0.22, 0.22):
            self.line((x + dx * s, y - s * 0.24), (x + dx * s, y + s * 0.24), edge, max(0.8, s * 0.07))

    def loco(self, r: WRect, number: int | None, body: RGB = (70, 110, 150)) -> None:
        """A locomotive tile with its number (reach)."""
        x, y, w, h = r
        self.rect((x, y + h * 0.15, w * 0.72, h * 0.62), body, radius=h * 0.1)
        self.rect((x + w * 0.5, y, w * 0.22, h * 0.3), body)
        self.rect((x + w * 0.72, y + h * 0.35, w * 0.24, h * 0.42), body, radius=h * 0.08)
        for fx in (0.17, 0.45, 0.8):
            self.circle((x + w * fx, y + h * 0.84), h * 0.14, (30, 30, 34))
        if number is not None:
            self.glyph(str(number), (x + w * 0.36, y + h * 0.46), h * 0.5, (255, 255, 255))

    def factory(self, r: WRect, number: int | None) -> None:
        """A factory (the purple back of a locomotive tile)."""
        x, y, w, h = r
        purple, light = (120, 70, 150), (235, 220, 245)
        self.rect(r, purple, radius=min(w, h) * 0.12)
        roof = [(x + w * 0.1, y + h * 0.55), (x + w * 0.1, y + h * 0.3), (x + w * 0.3, y + h * 0.42),
                (x + w * 0.3, y + h * 0.3), (x + w * 0.5, y + h * 0.42), (x + w * 0.5, y + h * 0.22),
                (x + w * 0.62, y + h * 0.22), (x + w * 0.62, y + h * 0.55)]
        self.polygon(roof, light)
        if number is not None:
            self.glyph(str(number), (x + w * 0.8, y + h * 0.38), h * 0.34, light)

    def doubler(self, c: tuple[float, float], r: float) -> None:
        self.circle(c, r, (196, 58, 48))
        self.circle(c, r, (90, 20, 16), max(0.8, r * 0.12))
        self.glyph("×2", c, r * 1.0, (255, 240, 230))

    def qtoken(self, c: tuple[float, float], r: float, fill: RGB = (60, 120, 70), glyph: str = "?") -> None:
        self.circle(c, r, fill)
        self.circle(c, r, (240, 236, 220), max(0.8, r * 0.12))
        self.glyph(glyph, c, r * 1.2, (250, 248, 240))

    def star(self, c: tuple[float, float], r: float, value: str, fill: RGB = (236, 196, 64)) -> None:
        pts = []
        for i in range(10):
            a = -math.pi / 2 + i * math.pi / 5
            rr = r if i % 2 == 0 else r * 0.5
            pts.append((c[0] + rr * math.cos(a), c[1] + rr * math.sin(a)))
        self.polygon(pts, fill)
        self.polygon(pts, (110, 80, 10), max(0.8, r * 0.08))
        self.glyph(value, (c[0], c[1] + r * 0.1), r * 0.8, (60, 40, 0))

    def coal(self, c: tuple[float, float], r: float) -> None:
        """A coal wagon: a small dark tub heaped with coal (Coal module)."""
        x, y = c
        self.polygon([(x - r, y - r * 0.2), (x + r, y - r * 0.2), (x + r * 0.75, y + r * 0.6),
                      (x - r * 0.75, y + r * 0.6)], (96, 70, 52))
        for dx in (-0.45, 0.0, 0.45):
            self.circle((x + dx * r, y - r * 0.35), r * 0.38, (34, 32, 34))
        self.circle((x - r * 0.5, y + r * 0.72), r * 0.2, (20, 20, 22))
        self.circle((x + r * 0.5, y + r * 0.72), r * 0.2, (20, 20, 22))

    def boilerman(self, c: tuple[float, float], h: float) -> None:
        """A boilerman (the back of a foundry tile): an orange stoker."""
        self.circle(c, h * 0.5, (58, 44, 36))
        self.pawn((c[0], c[1] + h * 0.05), h * 0.8, (236, 130, 40), (50, 30, 16))

    def foundry(self, r: WRect, used: bool = False) -> None:
        """A foundry tile's frame: brick red, darker once used this round."""
        self.rect(r, (120, 60, 48) if used else (168, 84, 60), radius=min(r[2], r[3]) * 0.08)
        self.rect(r, (60, 30, 24), width=max(1.0, r[3] * 0.02), radius=min(r[2], r[3]) * 0.08)

    def industry_arrow(self, c: tuple[float, float], s: float, colour: RGB = (150, 90, 180)) -> None:
        """The industry advancement icon: a chevron."""
        x, y = c
        pts = [(x - s / 2, y - s / 2), (x, y - s / 2), (x + s / 2, y), (x, y + s / 2), (x - s / 2, y + s / 2),
               (x, y)]
        self.polygon(pts, colour)

    def stock(self, c: tuple[float, float], r: float) -> None:
        """A stock advancement (USA): a green square with a rising arrow."""
        self.rect((c[0] - r, c[1] - r, 2 * r, 2 * r), (40, 110, 70), radius=r * 0.25)
        self.polygon([(c[0] - r * 0.6, c[1] + r * 0.5), (c[0], c[1] - r * 0.6), (c[0] + r * 0.6, c[1] + r * 0.5)],
                     (240, 250, 230))

    def badge(self, c: tuple[float, float], text: str, size: float, fill: RGB, fg: RGB = (255, 255, 255)) -> None:
        """A rounded label (counts, points)."""
        w = max(size * 1.3, size * 0.62 * len(text) + size * 0.6)
        self.rect((c[0] - w / 2, c[1] - size * 0.7, w, size * 1.4), fill, radius=size * 0.6)
        self.text(text, c, size, fg, bold=True)
