"""What is drawn over the board each frame: pawns, the player's proposals
(paths with costs, illegal sections with their reason), highlighted cities,
event areas, and picking the milepost under the mouse."""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Sequence

import pygame

from ui import theme
from ui.camera import Camera
from ui.russian_rails.crayon_geometry import BoardGeometry, Hex, Point
from ui.russian_rails.crayon_labels import halo_text
from ui.russian_rails.crayon_shapes import dashed_polyline, pawn, shade, thick_polyline
from ui.russian_rails.crayon_style import RGB
from ui.russian_rails.lunar_look import draw_area_shades, draw_jumps, split_at_jumps

@dataclass
class Pawn:
    colour: RGB
    at: Hex  # a milepost
    loads: Sequence[RGB] = ()  # colours of the load chips it carries
    parked: bool = False  # a player's other train, not being run now (drawn smaller)


@dataclass
class PathMark:
    """A highlighted path on the board: a build proposal, a move or a route."""

    points: Sequence[Hex]  # mileposts in order
    colour: RGB
    width: float = 0.5  # in hex sizes
    dashed: bool = False
    labels: Sequence[tuple[int, str, RGB]] = ()  # (segment index, text, colour) at segment middles
    end_label: str = ""  # a boxed note at the last milepost (total cost, points used)


@dataclass
class Overlay:
    """Everything the player's current selection adds on top of the board."""

    paths: list[PathMark] = field(default_factory=list)
    rings: list[tuple[Hex, RGB]] = field(default_factory=list)  # (milepost, colour) circles
    hover: Hex | None = None  # milepost under the mouse
    bad_segments: list[tuple[Hex, Hex, str]] = field(default_factory=list)  # (a, b, reason)
    zones: list[tuple[Sequence[Hex], RGB]] = field(default_factory=list)  # mileposts an event covers
    rivers: list[tuple[str, RGB]] = field(default_factory=list)  # rivers to mark (floods)
    areas: list[tuple[str, RGB]] = field(default_factory=list)  # Lunar Rails: named areas to shade (half Moon)
    squares: list[tuple[Hex, RGB, str]] = field(default_factory=list)  # (milepost, colour, label): warehouses


def pawn_places(geom: BoardGeometry, camera: Camera, pawns: Sequence[Pawn]) -> list[tuple[Pawn, Point, float]]:
    """Each pawn with its screen base point and height: trains sharing a
    milepost stand side by side, a parked train smaller."""
    height = max(22.0, min(46.0, geom.spacing * camera.zoom * 0.9))
    seen: dict[Hex, int] = {}
    out = []
    for p in pawns:
        k = seen.get(p.at, 0)
        seen[p.at] = k + 1
        x, y = camera.world_to_screen(geom.pos(p.at))
        out.append((p, (x + k * height * 0.35, y), height * 0.7 if p.parked else height))
    return out


def pawn_rects(geom: BoardGeometry, camera: Camera, pawns: Sequence[Pawn]) -> list[pygame.Rect]:
    """The screen rects the pawns cover (head, body, shadow and load chips),
    where city names are drawn again above them."""
    out = []
    for _p, (x, y), size in pawn_places(geom, camera, pawns):
        top = y - size * 0.62 - size * 0.34
        out.append(pygame.Rect(int(x - size * 0.3), int(top), int(size * 0.82) + 3, int(y + size * 0.07 - top) + 3))
    return out


def draw_pawns(surface: pygame.Surface, geom: BoardGeometry, camera: Camera, pawns: Sequence[Pawn]) -> None:
    for p, (x, y), size in pawn_places(geom, camera, pawns):
        pawn(surface, p.colour, (x, y), size)
        chip = max(5, int(size * 0.22))
        for n, colour in enumerate(p.loads):  # the loads ride on the pawn's back
            r = pygame.Rect(int(x + size * 0.3), int(y - size * 0.62 + n * (chip + 1)), chip, chip)
            pygame.draw.rect(surface, colour, r)
            pygame.draw.rect(surface, (20, 16, 12), r, 1)


def draw_overlay(surface: pygame.Surface, geom: BoardGeometry, camera: Camera, overlay: Overlay) -> None:
    size = geom.layout.size * camera.zoom
    vis = camera.viewport
    draw_area_shades(surface, geom, camera, overlay.areas)
    for hexes, colour in overlay.zones:
        r = max(3.0, size * 0.45)
        for h in hexes:
            p = camera.world_to_screen(geom.pos(h))
            if vis.collidepoint(p):
                pygame.draw.circle(surface, colour, p, r, max(1, int(r * 0.25)))
    for name, colour in overlay.rivers:
        for river, line in geom.rivers:
            if river == name:
                pts = [camera.world_to_screen(p) for p in line]
                dashed_polyline(surface, (colour, (255, 255, 255)), pts, max(3.0, size * 0.22), max(8.0, size * 0.8))
    for mark in overlay.paths:
        pts = [camera.world_to_screen(geom.pos(h)) for h in mark.points]
        w = max(3.0, size * mark.width)
        for run in split_at_jumps(geom, mark.points):  # a wrap letter or pole: no line across space
            line = [camera.world_to_screen(geom.pos(h)) for h in run]
            if len(line) < 2:
                continue
            if mark.dashed:
                dashed_polyline(surface, (mark.colour, shade(mark.colour, 0.5)), line, w, max(6.0, size * 0.6))
            else:
                thick_polyline(surface, (20, 16, 12), line, w + 3)
                thick_polyline(surface, mark.colour, line, w)
        draw_jumps(surface, geom, camera, mark.points, mark.colour)
        for p in pts:
            pygame.draw.circle(surface, mark.colour, p, w * 0.8)
        for idx, text, colour in (mark.labels if size >= 11 else ()):
            if 0 <= idx < len(pts) - 1:
                a, b = pts[idx], pts[idx + 1]
                t = halo_text(text, 13, colour, (20, 16, 12), True)
                surface.blit(t, t.get_rect(center=((a[0] + b[0]) / 2, (a[1] + b[1]) / 2 - size * 0.5)))
    for a, b, reason in overlay.bad_segments:
        pa = camera.world_to_screen(geom.pos(a))
        pb = camera.world_to_screen(geom.pos(b))
        pygame.draw.line(surface, theme.BAD, pa, pb, max(3, int(size * 0.4)))
        mid = ((pa[0] + pb[0]) / 2, (pa[1] + pb[1]) / 2)
        r = max(5.0, size * 0.4)
        pygame.draw.line(surface, (255, 255, 255), (mid[0] - r, mid[1] - r), (mid[0] + r, mid[1] + r), 3)
        pygame.draw.line(surface, (255, 255, 255), (mid[0] - r, mid[1] + r), (mid[0] + r, mid[1] - r), 3)
        y = mid[1] + r + 6
        for row in theme.wrap_text(reason, 14, 300, True)[:3]:
            t = halo_text(row, 14, (255, 255, 255), (120, 20, 16), True)
            surface.blit(t, t.get_rect(midtop=(mid[0], y)))
            y += t.get_height()
    for h, colour, label in overlay.squares:
        draw_square(surface, camera.world_to_screen(geom.pos(h)), size, colour, label)
    for h, colour in overlay.rings:
        p = camera.world_to_screen(geom.pos(h))
        r = max(14.0, size * 1.5)
        pygame.draw.circle(surface, (20, 16, 12), p, r + 2, 6)
        pygame.draw.circle(surface, colour, p, r, 3)
    if overlay.hover is not None:
        p = camera.world_to_screen(geom.pos(overlay.hover))
        pygame.draw.circle(surface, theme.HIGHLIGHT, p, max(5.0, size * 0.55), 2)


def draw_notes(surface: pygame.Surface, geom: BoardGeometry, camera: Camera, overlay: Overlay) -> None:
    """The boxed notes at the paths' ends (a hint, a proposal's cost), drawn
    after the trains and the city names redrawn above them, so a name
    redrawn over a train standing at a path's end never hides its note."""
    size = geom.layout.size * camera.zoom
    for mark in overlay.paths:
        if mark.end_label and mark.points:
            end = camera.world_to_screen(geom.pos(mark.points[-1]))
            t = note_text(mark.end_label)
            box = note_box(t, end, size, camera)
            pygame.draw.rect(surface, (30, 25, 20), box, border_radius=5)
            pygame.draw.rect(surface, mark.colour, box, 2, border_radius=5)
            surface.blit(t, t.get_rect(center=box.center))


def note_text(text: str) -> pygame.Surface:
    """A path's end note rendered (cached): its size places the box."""
    return theme.text_surface(text, 15, theme.TEXT, True)


def note_box(text: pygame.Surface, end: Point, size: float, camera: Camera) -> pygame.Rect:
    """The screen box of a path's end note (its rendered `text`) above the
    path's last milepost `end` (hex size `size` on screen), kept inside the view."""
    box = text.get_rect(midbottom=(end[0], end[1] - max(10.0, size * 0.9))).inflate(12, 6)
    return box.clamp(camera.viewport)


def draw_square(surface: pygame.Surface, p: Point, size: float, colour: RGB, label: str) -> None:
    """A square drawn round a milepost in a player's crayon (a private
    warehouse), with a short label under it when there is room."""
    half = max(7.0, size * 0.75)
    box = pygame.Rect(0, 0, int(half * 2), int(half * 2))
    box.center = (int(p[0]), int(p[1]))
    pygame.draw.rect(surface, (20, 16, 12), box.inflate(4, 4), 4)
    pygame.draw.rect(surface, colour, box, max(2, int(half * 0.22)))
    if label and half >= 7:
        t = halo_text(label, 12, (255, 255, 255), (20, 16, 12), True)
        surface.blit(t, t.get_rect(midtop=(box.centerx, box.bottom + 2)))


def pick_milepost(geom: BoardGeometry, camera: Camera, screen_pos: Point) -> Hex | None:
    """The milepost under a screen position (None over water or off the map)."""
    x, y = camera.screen_to_world(screen_pos)
    h = geom.layout.from_pixel(x, y)
    if h in geom.terrain:
        return h
    # Between a coast milepost and the sea, take the nearest land milepost within reach.
    best, best_d = None, geom.layout.size * 1.2
    for dq, dr in ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1)):
        n = (h[0] + dq, h[1] + dr)
        if n in geom.terrain:
            d = math.dist(geom.pos(n), (x, y))
            if d < best_d:
                best, best_d = n, d
    return best
