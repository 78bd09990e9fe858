"""Generic crayon-rails board renderer (Russian Rails now, Lunar Rails later).

The static map (water, coast, terrain, rivers, borders, cities) is painted
into 512-pixel tiles per zoom level and cached, and so is every player's
crayon track (until it changes), so a frame mostly blits tiles. Drawing is a
pure function of (geometry, style, camera, what to show): nothing here
touches the game state.
"""
from __future__ import annotations

import math
import time
from collections import OrderedDict
from dataclasses import dataclass
from typing import Callable, Sequence

import pygame

from ui.camera import Camera
from ui.russian_rails.crayon_geometry import BoardGeometry, Point
from ui.russian_rails.crayon_labels import (AreaLabel, LabelBlock, area_text, halo_text, place_area_labels,
                                            place_labels, render_block)
from ui.russian_rails.crayon_shapes import (crayon_jitter, crayon_stroke, dashed_polyline, marsh_symbol, shade,
                                            thick_polyline, triangle)
from ui.russian_rails.crayon_style import RGB, CrayonStyle
from ui.russian_rails.lunar_look import is_jump, paint_lunar_base, paint_lunar_lines, paint_lunar_marks

TILE = 512
ZOOM_LEVELS_KEPT = 4
Pair = tuple[object, object]


@dataclass
class TrackLayer:
    """One player's track for the crayon pass."""

    colour: RGB
    pairs: Sequence[Pair]


# The cached static layer ------------------------------------------------------

class StaticLayer:
    """The printed board, rendered lazily per zoom level in tiles.

    Water, coast band, land and terrain tints are painted once into one
    whole-map "base" picture (about 3000 pixels wide) that tiles scale from;
    everything crisp (lines, dots, text) is drawn per tile at the tile's zoom.
    """

    BASE_PIXELS = 3000

    def __init__(self, geom: BoardGeometry, style: CrayonStyle) -> None:
        self.geom = geom
        self.style = style
        self._levels: OrderedDict[float, dict[tuple[int, int], pygame.Surface]] = OrderedDict()
        self._labels: dict[float, tuple[list[LabelBlock], list[AreaLabel]]] = {}
        fx, fy, fw, fh = geom.frame
        self.base_scale = self.BASE_PIXELS / max(fw, fh)
        self._block_zoom = -1.0
        self._blocks: dict[str, pygame.Surface] = {}
        self._base: pygame.Surface | None = None

    @property
    def base(self) -> pygame.Surface:
        if self._base is None:
            self._base = paint_base(self.geom, self.style, self.base_scale)
        return self._base

    def labels(self, zoom: float) -> tuple[list[LabelBlock], list[AreaLabel]]:
        """City labels, then area names, placed for the whole map at `zoom`."""
        key = round(zoom, 6)
        if key not in self._labels:
            if len(self._labels) > ZOOM_LEVELS_KEPT * 2:
                self._labels.clear()
            cities, taken = place_labels(self.geom, self.style, zoom)
            self._labels[key] = (cities, place_area_labels(self.geom, self.style, zoom, taken))
        return self._labels[key]

    def draw(self, surface: pygame.Surface, camera: Camera, deadline: float | None = None) -> None:
        """Blit the board; past `deadline` (a perf_counter time) missing tiles
        show a rough stand-in and are finished on later frames."""
        blit_tiles(surface, camera, self._levels, self.render_tile, deadline, self.stand_in)

    def draw_labels(self, surface: pygame.Surface, camera: Camera) -> None:
        """City names and goods, blitted per frame so track never hides them."""
        zoom = round(camera.zoom, 6)
        if self._block_zoom != zoom:
            self._block_zoom = zoom
            self._blocks = {}
        vp = camera.viewport
        spacing_px = self.geom.spacing * zoom
        for block in self.labels(zoom)[0]:
            x, y, w, h = block.rect
            sx, sy = camera.world_to_screen((x, y))
            if sx > vp.right or sy > vp.bottom or sx + w * zoom < vp.left or sy + h * zoom < vp.top:
                continue
            pic = self._blocks.get(block.city.name)
            if pic is None:
                pic = self._blocks[block.city.name] = render_block(block, self.style, spacing_px, zoom)
            surface.blit(pic, (math.floor(sx), math.floor(sy)))

    def render_tile(self, zoom: float, i: int, j: int) -> pygame.Surface:
        surf = pygame.Surface((TILE, TILE))
        TilePainter(self, surf, zoom, i * TILE / zoom, j * TILE / zoom).paint()
        return surf

    def stand_in(self, zoom: float, i: int, j: int) -> pygame.Surface:
        """Land and water only, quickly scaled: shown while zooming until the
        real tile is ready."""
        surf = pygame.Surface((TILE, TILE))
        surf.fill(self.style.outside)
        blit_base(surf, self, zoom, i * TILE / zoom, j * TILE / zoom, smooth=False)
        return surf


def blit_tiles(surface: pygame.Surface, camera: Camera,
               levels: "OrderedDict[float, dict[tuple[int, int], pygame.Surface]]",
               render: Callable[[float, int, int], pygame.Surface], deadline: float | None = None,
               stand_in: Callable[[float, int, int], pygame.Surface] | None = None) -> None:
    """Blit the tiles covering the camera's view, rendering missing ones
    (after `deadline`, a quick uncached `stand_in` instead); keeps the last
    few zoom levels."""
    zoom = round(camera.zoom, 6)
    tiles = levels.get(zoom)
    if tiles is None:
        tiles = {}
        levels[zoom] = tiles
        while len(levels) > ZOOM_LEVELS_KEPT:
            levels.popitem(last=False)
    levels.move_to_end(zoom)
    ox, oy = camera.world_to_screen((0.0, 0.0))
    ox, oy = math.floor(ox), math.floor(oy)
    vp = camera.viewport
    old_clip = surface.get_clip()
    surface.set_clip(vp)
    for j in range((vp.top - oy) // TILE, (vp.bottom - oy) // TILE + 1):
        for i in range((vp.left - ox) // TILE, (vp.right - ox) // TILE + 1):
            tile = tiles.get((i, j))
            if tile is None and stand_in is not None and deadline is not None and time.perf_counter() > deadline:
                tile = stand_in(zoom, i, j)
            elif tile is None:
                tile = render(zoom, i, j)
                tiles[(i, j)] = tile
            surface.blit(tile, (ox + i * TILE, oy + j * TILE))
    surface.set_clip(old_clip)


def blit_base(surf: pygame.Surface, layer: StaticLayer, zoom: float, wx: float, wy: float,
              smooth: bool) -> None:
    """Scale the part of the whole-map base picture under a tile (whose
    top-left is world point (wx, wy)) into the tile."""
    base, k = layer.base, layer.base_scale
    fx, fy = layer.geom.frame[:2]
    span = TILE / zoom
    bx0 = max(0, math.floor((wx - fx) * k))
    by0 = max(0, math.floor((wy - fy) * k))
    bx1 = min(base.get_width(), math.ceil((wx + span - fx) * k) + 1)
    by1 = min(base.get_height(), math.ceil((wy + span - fy) * k) + 1)
    if bx1 <= bx0 or by1 <= by0:
        return
    f = zoom / k
    size = (math.ceil((bx1 - bx0) * f) + 1, math.ceil((by1 - by0) * f) + 1)
    scale = pygame.transform.smoothscale if smooth else pygame.transform.scale
    part = scale(base.subsurface((bx0, by0, bx1 - bx0, by1 - by0)), size)
    surf.blit(part, (math.floor((fx + bx0 / k - wx) * zoom), math.floor((fy + by0 / k - wy) * zoom)))


def paint_base(geom: BoardGeometry, style: CrayonStyle, scale: float) -> pygame.Surface:
    """Land, foreign land, soft terrain tints and water with a pale coastal
    band for the whole map at `scale` pixels per world unit (tiles scale
    from this picture, so its soft edges stay soft at every zoom)."""
    if geom.lunar is not None:
        return paint_lunar_base(geom, style, scale)
    fx, fy, fw, fh = geom.frame
    surf = pygame.Surface((math.ceil(fw * scale) + 2, math.ceil(fh * scale) + 2))
    surf.fill(style.land)

    def tx(p: Point) -> Point:
        return ((p[0] - fx) * scale, (p[1] - fy) * scale)

    for loop, outer in geom.foreign_loops:
        pygame.draw.polygon(surf, style.foreign if outer else style.land, [tx(p) for p in loop])
    edge = max(1.5, geom.spacing * scale * 0.05)
    for loop, _ in geom.foreign_loops:
        thick_polyline(surf, style.foreign_edge, [tx(p) for p in loop], edge, closed=True)
    r = geom.layout.size * 0.9 * scale
    for h, kind in geom.terrain.items():
        colour = style.terrain_tint.get(kind)
        if colour is None:
            continue
        if geom.coastal(h):  # a hexagon would poke out over the coast
            pygame.draw.circle(surf, colour, tx(geom.pos(h)), r)
        else:
            pygame.draw.polygon(surf, colour, [tx(c) for c in geom.layout.corners(h)])
    band = max(2, int(geom.spacing * scale * 0.45))
    for water in geom.waters:
        for ring in water.rings:
            pygame.draw.polygon(surf, style.water_shallow, [tx(p) for p in ring])
    # The deep colour is the same shape drawn again, shrunk by the band's width.
    deep = pygame.Surface(surf.get_size(), pygame.SRCALPHA)
    for water in geom.waters:
        for ring in water.rings:
            pts = [tx(p) for p in ring]
            pygame.draw.polygon(deep, (*style.water, 255), pts)
            pygame.draw.lines(deep, (0, 0, 0, 0), True, pts, band)
    surf.blit(deep, (0, 0))
    return surf


class TilePainter:
    """Paints one tile of the static board: the order of calls is the layering."""

    def __init__(self, layer: StaticLayer, surf: pygame.Surface, zoom: float, wx: float, wy: float) -> None:
        self.layer, self.geom, self.style = layer, layer.geom, layer.style
        self.surf, self.zoom, self.wx, self.wy = surf, zoom, wx, wy
        self.spacing_px = self.geom.spacing * zoom
        m = self.geom.spacing * 1.6
        span = TILE / zoom
        self.world = (wx - m, wy - m, span + 2 * m, span + 2 * m)

    def tx(self, p: Point) -> Point:
        return ((p[0] - self.wx) * self.zoom, (p[1] - self.wy) * self.zoom)

    def visible(self, p: Point, margin: float = 0.0) -> bool:
        x, y, w, h = self.world
        return x - margin <= p[0] <= x + w + margin and y - margin <= p[1] <= y + h + margin

    def box_visible(self, box: tuple[float, float, float, float]) -> bool:
        x, y, w, h = self.world
        return not (box[2] < x or box[0] > x + w or box[3] < y or box[1] > y + h)

    def bbox_visible(self, pts: Sequence[Point]) -> bool:
        return self.box_visible((min(p[0] for p in pts), min(p[1] for p in pts),
                                 max(p[0] for p in pts), max(p[1] for p in pts)))

    def paint(self) -> None:
        st = self.style
        self.surf.fill(st.outside)
        fx, fy, fw, fh = self.geom.frame
        (x0, y0), (x1, y1) = self.tx((fx, fy)), self.tx((fx + fw, fy + fh))
        frame = pygame.Rect(round(x0), round(y0), round(x1 - x0), round(y1 - y0))
        if not frame.colliderect(self.surf.get_rect()):
            return
        self.surf.set_clip(frame)
        self.paint_base()
        self.paint_coast()
        self.paint_rivers()
        if self.geom.lunar is not None:
            paint_lunar_lines(self)
        self.paint_borders()
        self.paint_ferries()
        self.paint_area_labels()
        self.paint_majors()
        if self.spacing_px >= st.lod_dots:
            self.paint_mileposts()
        self.paint_cities()
        if self.geom.lunar is not None:
            paint_lunar_marks(self)
        self.surf.set_clip(None)
        pygame.draw.rect(self.surf, st.frame, frame.inflate(4, 4), 3)

    def paint_base(self) -> None:
        blit_base(self.surf, self.layer, self.zoom, self.wx, self.wy, smooth=True)

    def paint_coast(self) -> None:
        """Crisp coastlines (the foreign lands' edge is in the base picture,
        under the water)."""
        st = self.style
        cw = max(1.0, self.spacing_px * 0.06)
        for box, pts in self.geom.coast_chunks:
            if self.box_visible(box):
                thick_polyline(self.surf, st.coast, [self.tx(p) for p in pts], cw)

    def paint_rivers(self) -> None:
        w = max(1.5, self.geom.layout.size * self.style.river_width * self.zoom)
        for _, line in self.geom.rivers:
            if self.bbox_visible(line):
                thick_polyline(self.surf, self.style.river, [self.tx(p) for p in line], w)

    def paint_borders(self) -> None:
        w = max(2.0, self.geom.layout.size * 0.2 * self.zoom)
        dash = max(4.0, self.spacing_px * 0.28)
        for _, line in self.geom.borders:
            if self.bbox_visible(line):
                dashed_polyline(self.surf, self.style.border_colours, [self.tx(p) for p in line], w, dash)

    def paint_ferries(self) -> None:
        st = self.style
        for a, b, name in self.geom.ferries:
            pa, pb = self.tx(self.geom.pos(a)), self.tx(self.geom.pos(b))
            dashed_polyline(self.surf, (st.ferry, st.water_shallow), [pa, pb], max(2, self.spacing_px * 0.1),
                            max(4, self.spacing_px * 0.25))
            if self.spacing_px >= st.lod_ferry_name:
                mid = ((pa[0] + pb[0]) / 2, (pa[1] + pb[1]) / 2)
                size = int(max(10, min(18, self.spacing_px * 0.4)))
                text = halo_text(name, size, st.ferry, st.water_shallow, bold=True)
                self.surf.blit(text, text.get_rect(midbottom=(mid[0], mid[1] - 3)))

    def paint_area_labels(self) -> None:
        st = self.style
        for label in self.layer.labels(self.zoom)[1]:
            x, y, w, h = label.rect
            if not self.box_visible((x, y, x + w, y + h)):
                continue
            if label.kind == "region":
                text = halo_text(area_text(label), label.size, st.region_label, st.land, True)
            else:
                text = halo_text(label.text, label.size, st.water_label, st.water, label.kind == "sea")
            self.surf.blit(text, self.tx((x, y)))

    def paint_majors(self) -> None:
        st = self.style
        for city in self.geom.cities:
            if city.kind != "major":
                continue
            c = self.geom.pos(city.hex)
            if not self.visible(c, self.geom.spacing * 2):
                continue
            outer = [self.geom.pos(h) for h in city.cells if h != city.hex]
            outer.sort(key=lambda p: math.atan2(p[1] - c[1], p[0] - c[0]))
            hexagon = [self.tx((c[0] + (p[0] - c[0]) * 1.32, c[1] + (p[1] - c[1]) * 1.32)) for p in outer]
            pygame.draw.polygon(self.surf, st.major_fill, hexagon)
            pygame.draw.polygon(self.surf, st.major_edge, hexagon, max(1, int(self.spacing_px * 0.07)))
            w = max(1, int(self.spacing_px * 0.06))
            for p in outer:
                pygame.draw.line(self.surf, st.major_edge, self.tx(c), self.tx(p), w)
            ring = outer + outer[:1]
            for p, q in zip(ring, ring[1:]):
                pygame.draw.line(self.surf, st.major_edge, self.tx(p), self.tx(q), w)

    def paint_mileposts(self) -> None:
        st, sp = self.style, self.spacing_px
        r = max(1.0, sp * 0.075)
        for h in self.geom.mileposts_in(self.world):
            kind = self.geom.terrain[h]
            s = self.tx(self.geom.pos(h))
            if kind == "clear" or kind == "ferry_port":
                pygame.draw.circle(self.surf, st.dot, s, r)
                if kind == "ferry_port":
                    pygame.draw.circle(self.surf, st.ferry, s, r * 2.4, max(1, int(r * 0.7)))
            elif kind == "mountain":
                triangle(self.surf, st.mountain_dot, s, max(3.0, sp * 0.3))
            elif kind == "alpine":
                side = max(4.0, sp * 0.42)
                triangle(self.surf, st.alpine_dot, s, side)
                triangle(self.surf, (250, 250, 252), (s[0], s[1] - side * 0.22), side * 0.38)
            elif kind == "marsh":
                marsh_symbol(self.surf, st.marsh_dot, s, max(4.0, sp * 0.34))
            elif kind == "major_city":
                pygame.draw.circle(self.surf, st.major_dot, s, r * 1.5)
                pygame.draw.circle(self.surf, st.major_edge, s, r * 1.5, 1)

    def paint_cities(self) -> None:
        st = self.style
        for city in self.geom.cities:
            if city.kind == "major":
                continue
            p = self.geom.pos(city.hex)
            if not self.visible(p):
                continue
            s = self.tx(p)
            rad = max(3.0, self.geom.spacing * (0.36 if city.kind == "medium" else 0.3) * self.zoom)
            if city.kind == "medium":
                rect = pygame.Rect(0, 0, rad * 1.8, rad * 1.8)
                rect.center = (round(s[0]), round(s[1]))
                pygame.draw.rect(self.surf, st.city_fill, rect)
                pygame.draw.rect(self.surf, st.city_edge, rect, max(1, int(rad * 0.18)))
            else:
                pygame.draw.circle(self.surf, st.city_fill, s, rad)
                pygame.draw.circle(self.surf, st.city_edge, s, rad, max(1, int(rad * 0.2)))
            pygame.draw.circle(self.surf, st.major_dot, s, max(1.0, rad * 0.28))


KEY_COLOUR = (255, 0, 255)  # transparent in track tiles


class TrackTiles:
    """Every player's crayon track, rendered into colour-keyed tiles per zoom
    and kept until the track changes (a frame then only blits them)."""

    def __init__(self, geom: BoardGeometry, style: CrayonStyle) -> None:
        self.geom = geom
        self.style = style
        self._key: object = None
        self._levels: OrderedDict[float, dict[tuple[int, int], pygame.Surface]] = OrderedDict()
        self._strokes: list[tuple[tuple[RGB, RGB, RGB], list[tuple[Point, Point, tuple[float, float, float]]]]] = []

    def draw(self, surface: pygame.Surface, camera: Camera, key: object,
             layers: Callable[[], Sequence[TrackLayer]]) -> None:
        """Blit the track; `layers()` is only called when `key` (what the
        track and its colours are) differs from last time."""
        if key != self._key:
            self._key = key
            self._levels.clear()
            self._strokes = [((tl.colour, shade(tl.colour, 0.7), shade(tl.colour, 1.35)),
                              [(self.geom.pos(a), self.geom.pos(b), crayon_jitter(a, b, self.style.seed_salt))
                               for a, b in tl.pairs if not is_jump(self.geom, a, b)]) for tl in layers()]
        if any(strokes for _, strokes in self._strokes):
            blit_tiles(surface, camera, self._levels, self.render_tile)

    def render_tile(self, zoom: float, i: int, j: int) -> pygame.Surface:
        surf = pygame.Surface((TILE, TILE))
        surf.fill(KEY_COLOUR)
        wx, wy = i * TILE / zoom, j * TILE / zoom
        m = self.geom.spacing
        x0, y0, x1, y1 = wx - m, wy - m, wx + TILE / zoom + m, wy + TILE / zoom + m
        size = self.geom.layout.size * zoom
        for colours, strokes in self._strokes:
            for pa, pb, jit in strokes:
                if (x0 <= pa[0] <= x1 and y0 <= pa[1] <= y1) or (x0 <= pb[0] <= x1 and y0 <= pb[1] <= y1):
                    crayon_stroke(surf, ((pa[0] - wx) * zoom, (pa[1] - wy) * zoom),
                                  ((pb[0] - wx) * zoom, (pb[1] - wy) * zoom), colours, size, jit)
        surf.set_colorkey(KEY_COLOUR)
        return surf
