"""Generic crayon-rails board renderer (Russian Rails now, Lunar Rails later).

The static map (water, coast, terrain, rivers, borders, cities) is painted
into 512-pixel tiles per zoom level, and so is every player's crayon track;
both live in one bounded tile cache, so a frame mostly blits tiles. A new
track section only repaints the tiles it touches. While the view moves, new
tiles are painted within a per-frame time budget over a scaled picture of the
last still view, and finished on later frames. Drawing is a pure function of
(geometry, style, camera, what to show): nothing here touches the game state.
"""
from __future__ import annotations

import math
import time
from collections import OrderedDict
from dataclasses import dataclass
from typing import Callable, Sequence

import pygame

from game.core.hexgrid import Hex
from ui.camera import Camera
from ui.russian_rails.crayon_geometry import BoardGeometry, Point
from ui.russian_rails.crayon_labels import (AreaLabel, LabelBlock, area_text, halo_text, place_area_labels,
                                            place_labels, render_block)
from ui.russian_rails.crayon_shapes import (crayon_jitter, crayon_stroke, dashed_polyline, marsh_symbol, shade,
                                            thick_polyline, triangle)
from ui.russian_rails.crayon_style import RGB, CrayonStyle
from ui.russian_rails.lunar_look import (is_jump, lunar_marks, paint_lunar_base, paint_lunar_lines, paint_lunar_marks,
                                         place_site_labels)
from ui.russian_rails.tile_cache import MISSING, TileCache
from ui.russian_rails.tile_disk import TileDisk
from ui.still_view import StillView, scale_onto, uncovered

TILE = 256
CHANGES_KEPT = 16  # versions of a layer whose changed world boxes are remembered (the still view's catch-up)
Box = tuple[float, float, float, float]  # x0, y0, x1, y1 in world units
LABEL_ZOOMS_KEPT = 8  # zoom levels whose label placement is kept
DISK_TILES = 96  # chosen: the first view of a 4K window (about 80 tiles, 196 KB each); 16 at 1920×1080
Pair = tuple[Hex, Hex]  # a track section


@dataclass
class TrackLayer:
    """One player's track for the crayon pass."""

    colour: RGB
    pairs: Sequence[Pair]


# The cached static layer ------------------------------------------------------

class TileLayer:
    """A layer of the map drawn in tiles kept in a shared TileCache."""

    def __init__(self, tiles: TileCache) -> None:
        self.tiles = tiles
        self.version = 0  # changes whenever what the layer shows changes
        self._changes: OrderedDict[int, tuple[Box, ...]] = OrderedDict()  # version -> world boxes it drew anew

    def changed_since(self, version: int) -> list[Box] | None:
        """The world boxes drawn anew since `version`, where each change was
        drawn over what was there (new track); None when something may have
        gone (an undo, new colours) or the versions are forgotten."""
        boxes: list[Box] = []
        for v in range(version + 1, self.version + 1):
            got = self._changes.get(v)
            if got is None:
                return None
            boxes += got
        return boxes

    def _changed(self, boxes: tuple[Box, ...] | None) -> None:
        """A new version: `boxes` drawn over the last one (None: anything may differ)."""
        self.version += 1
        if boxes is not None:
            self._changes[self.version] = boxes
        while len(self._changes) > CHANGES_KEPT:
            self._changes.popitem(last=False)

    def cached(self, zoom: float, i: int, j: int) -> object:
        return self.tiles.get((self, zoom, i, j))

    def make(self, zoom: float, i: int, j: int) -> pygame.Surface | None:
        tile = self.render_tile(zoom, i, j)
        self.tiles.put((self, zoom, i, j), tile)
        return tile

    def render_tile(self, zoom: float, i: int, j: int) -> pygame.Surface | None:
        raise NotImplementedError


class StaticLayer(TileLayer):
    """The printed board, rendered lazily per zoom level in tiles.

    Water, coast band, land and terrain tints are painted once into one
    whole-map "base" picture (about 3000 pixels wide) that tiles scale from;
    everything crisp (lines, dots, text) is drawn per tile at the tile's zoom.
    """

    BASE_PIXELS = 3000

    def __init__(self, geom: BoardGeometry, style: CrayonStyle, tiles: TileCache) -> None:
        super().__init__(tiles)
        self.geom = geom
        self.style = style
        self._labels: OrderedDict[float, tuple[list[LabelBlock], list[AreaLabel]]] = OrderedDict()
        fx, fy, fw, fh = geom.frame
        self.base_scale = self.BASE_PIXELS / max(fw, fh)
        self._blocks: dict[tuple[float, str], pygame.Surface] = {}
        self._base: pygame.Surface | None = None
        self.river_boxes = [(bounds(line), line) for _, line in geom.rivers]
        self.border_boxes = [(bounds(line), line) for _, line in geom.borders]
        self.disk = TileDisk(geom, style, TILE)
        self.disk_zoom: float | None = None  # the zoom first drawn: its tiles are kept on disk
        self._shown = False  # a still, complete view was drawn: the first frame is over
        self._shown_names: list[tuple[pygame.Rect, pygame.Surface]] = []  # this frame's city names, where drawn
        self._stored = 0  # tiles written to disk

    @property
    def base(self) -> pygame.Surface:
        if self._base is None:
            self._base = paint_base(self.geom, self.style, self.base_scale)
        return self._base

    def make(self, zoom: float, i: int, j: int) -> pygame.Surface | None:
        """A tile of the first zoom drawn comes from disk when this map was
        drawn so before (the first frame then needs no base picture). Only
        the first view's tiles are written, at most DISK_TILES of them."""
        if self.disk_zoom is None:
            self.disk_zoom = zoom
        if zoom != self.disk_zoom:
            return super().make(zoom, i, j)
        tile = self.disk.load(zoom, i, j)
        if tile is None:
            tile = self.render_tile(zoom, i, j)
            if not self._shown and self._stored < DISK_TILES:
                self.disk.store(zoom, i, j, tile)
                self._stored += 1
        self.tiles.put((self, zoom, i, j), tile)
        return tile

    def warm_up(self) -> None:
        """Called after each still, complete frame: from the second on, paint
        the base picture if the first frame came from disk without it, so the
        first zoom or pan does not wait for it."""
        if self._shown and self._base is None:
            self._base = paint_base(self.geom, self.style, self.base_scale)
        self._shown = True

    def labels(self, zoom: float) -> tuple[list[LabelBlock], list[AreaLabel]]:
        """City labels, then area names (and the Moon's landing sites, kind
        "site", drawn with their layer), placed for the whole map at `zoom`."""
        key = round(zoom, 6)
        if key in self._labels:
            self._labels.move_to_end(key)
        else:
            if len(self._labels) >= LABEL_ZOOMS_KEPT:  # the least recently used zoom goes, with its pictures
                old, _ = self._labels.popitem(last=False)
                self._blocks = {k: pic for k, pic in self._blocks.items() if k[0] != old}
            cities, taken = place_labels(self.geom, self.style, zoom, *lunar_marks(self.geom, zoom))
            areas = place_area_labels(self.geom, self.style, zoom, taken)
            self._labels[key] = (cities, areas + place_site_labels(self.geom, zoom, taken))
        return self._labels[key]

    def label_zoom(self, camera: Camera, moving: bool = False) -> float:
        """The zoom whose names are drawn this frame (worked out once a frame,
        for the names and the Moon's landing sites): the camera's, or while
        the view is `moving` the nearest zoom whose names are already drawn
        (placing and drawing them takes a few ms)."""
        zoom = round(camera.zoom, 6)
        if not moving:
            return zoom
        drawn = {z for z, _ in self._blocks}
        if zoom not in drawn and drawn:
            zoom = min(drawn, key=lambda z: abs(math.log(z / camera.zoom)))
        return zoom

    def draw_labels(self, surface: pygame.Surface, camera: Camera, zoom: float) -> None:
        """Area names, then city names and goods, placed at `zoom` (see
        `label_zoom`), blitted per frame so track never hides them (the
        Moon's maria are land that track crosses). The city names drawn are
        kept for `draw_labels_over`."""
        blocks, areas = self.labels(zoom)
        self._draw_area_labels(surface, camera, areas)
        spacing_px = self.geom.spacing * zoom
        vp = camera.viewport
        shown: list[tuple[pygame.Rect, pygame.Surface]] = []
        for block in blocks:
            x, y, w, h = block.rect
            sx, sy = camera.world_to_screen((x, y))
            if sx > vp.right or sy > vp.bottom or sx + w * camera.zoom < vp.left or sy + h * camera.zoom < vp.top:
                continue
            pic = self._blocks.get((zoom, block.city.name))
            if pic is None:
                pic = self._blocks[(zoom, block.city.name)] = render_block(block, self.style, spacing_px, zoom)
            shown.append((pic.get_rect(topleft=(math.floor(sx), math.floor(sy))), pic))
        surface.blits([(pic, rect) for rect, pic in shown], doreturn=False)
        self._shown_names = shown

    def draw_labels_over(self, surface: pygame.Surface, covers: Sequence[pygame.Rect]) -> None:
        """The city names of this frame's `draw_labels` that any of the screen
        rects `covers` touches (the trains), drawn again above them, so a
        train standing on a city never hides its name."""
        rects = [rect for rect, _pic in self._shown_names]
        again = sorted({i for cover in covers for i in cover.collidelistall(rects)})
        surface.blits([(self._shown_names[i][1], rects[i]) for i in again], doreturn=False)

    def _draw_area_labels(self, surface: pygame.Surface, camera: Camera, areas: list[AreaLabel]) -> None:
        st, vp = self.style, camera.viewport
        for label in areas:
            if label.kind == "site":  # drawn with the landing-sites layer
                continue
            sx, sy = camera.world_to_screen(label.rect[:2])
            if label.kind == "region":
                text = halo_text(area_text(label), label.size, st.region_label, st.land, True)
            else:
                text = halo_text(label.text, label.size, st.water_label, st.water, label.kind == "sea")
            if vp.colliderect(pygame.Rect(math.floor(sx), math.floor(sy), *text.get_size())):
                surface.blit(text, (math.floor(sx), math.floor(sy)))

    def render_tile(self, zoom: float, i: int, j: int) -> pygame.Surface:
        surf = pygame.Surface((TILE, TILE))
        TilePainter(self, surf, zoom, i * TILE / zoom, j * TILE / zoom).paint()
        return surf

    def stand_in(self, surface: pygame.Surface, camera: Camera, area: pygame.Rect) -> None:
        """Land and water only, quickly scaled, over `area` of the view: shown
        where the still view does not reach until the real tiles are ready."""
        surface.fill(self.style.outside, area)
        wx, wy = camera.screen_to_world(area.topleft)
        blit_base(surface, self, camera.zoom, wx, wy, smooth=False, area=area)


def blit_layers(surface: pygame.Surface, camera: Camera, layers: Sequence[TileLayer],
                deadline: float | None = None, still: StillView | None = None,
                stand_in: Callable[[pygame.Surface, Camera, pygame.Rect], None] | None = None, least: int = 1) -> bool:
    """Blit the tiles of `layers` (bottom first) covering the camera's view.
    Missing tiles are painted; past `deadline` (a perf_counter time) they are
    left for later frames (`least` tiles are painted all the same: 1 while
    the view settles, 0 while the zoom is still changing, since tiles at a
    zoom the wheel passes through are never seen for long) and the still
    view (over a stand-in where it does not reach) shows there; once the
    view stops, each frame adds its new tiles to the last frame's picture.
    Returns whether the view is complete."""
    content = tuple(layer.version for layer in layers)
    zoom = round(camera.zoom, 6)
    ox, oy = camera.world_to_screen((0.0, 0.0))
    ox, oy = math.floor(ox), math.floor(oy)
    if still is not None and still.pic is not None and still.same_view(camera) and (
            still.content == content or _catch_up(still, layers, content, zoom, (ox - camera.viewport.x, oy - camera.viewport.y))):  # a still view: one blit
        surface.blit(still.pic, camera.viewport)
        return True
    vp = camera.viewport
    spots = [(i, j) for j in range((vp.top - oy) // TILE, (vp.bottom - oy) // TILE + 1)
             for i in range((vp.left - ox) // TILE, (vp.right - ox) // TILE + 1)]
    found = {spot: [layer.cached(zoom, *spot) for layer in layers] for spot in spots}
    made: set[tuple[int, int]] = set()
    count = 0  # tiles painted this frame (a spot's layers may come on different frames)
    for spot, tiles in found.items():
        for k, (layer, tile) in enumerate(zip(layers, tiles)):
            if tile is not MISSING:
                continue
            if deadline is not None and count >= least and time.perf_counter() > deadline:
                break
            tiles[k] = layer.make(zoom, *spot)
            made.add(spot)
            count += 1
    complete = all(t is not MISSING for tiles in found.values() for t in tiles)
    old_clip = surface.get_clip()
    surface.set_clip(vp)
    restored = False  # the unfinished picture of the last frame holds every tile but those made now
    if not complete and still is not None:
        restored = still.restore(surface, camera, content)
        if not restored:
            if stand_in is not None:
                for band in uncovered(vp, still.covers(camera)):
                    stand_in(surface, camera, band)
            still.draw(surface, camera)
    elif not complete and stand_in is not None:
        stand_in(surface, camera, vp)
    for (i, j), tiles in found.items():
        if any(t is MISSING for t in tiles) or (restored and (i, j) not in made):
            continue
        at = (ox + i * TILE, oy + j * TILE)
        for tile in tiles:
            if isinstance(tile, pygame.Surface):  # None: nothing on this tile
                surface.blit(tile, at)
    surface.set_clip(old_clip)
    if still is not None:
        if complete:
            still.offer(surface, camera, content)
        else:
            still.keep(surface, camera, content)
    return complete


def _catch_up(still: StillView, layers: Sequence[TileLayer], content: tuple[int, ...], zoom: float,
              origin: tuple[int, int]) -> bool:
    """Bring the still view's picture (world (0, 0) at `origin` in it) up to
    `content` by blitting again only the tiles under what the layers drew
    since (a build: a few tiles, where composing the whole view again took
    2 ms of the first frame after it). False when a layer cannot say what
    changed."""
    old = still.content if isinstance(still.content, tuple) and len(still.content) == len(layers) else None
    if old is None or still.pic is None:
        return False
    boxes: list[Box] = []
    for layer, version in zip(layers, old):
        got = layer.changed_since(version)
        if got is None:
            return False
        boxes += got
    span = TILE / zoom
    spots = {(i, j) for x0, y0, x1, y1 in boxes  # the tiles TrackTiles._touches finds
             for i in range(math.ceil(x0 / span) - 1, math.floor(x1 / span) + 1)
             for j in range(math.ceil(y0 / span) - 1, math.floor(y1 / span) + 1)}
    area = still.pic.get_rect()
    for i, j in spots:
        at = (origin[0] + i * TILE, origin[1] + j * TILE)
        if not area.colliderect((*at, TILE, TILE)):
            continue
        for layer in layers:
            tile = layer.cached(zoom, i, j)
            if tile is MISSING:
                tile = layer.make(zoom, i, j)
            if isinstance(tile, pygame.Surface):
                still.pic.blit(tile, at)
    still.content = content
    return True


def bounds(pts: Sequence[Point]) -> tuple[float, float, float, float]:
    """(x0, y0, x1, y1) around the points."""
    return (min(p[0] for p in pts), min(p[1] for p in pts), max(p[0] for p in pts), max(p[1] for p in pts))


def blit_base(surf: pygame.Surface, layer: StaticLayer, zoom: float, wx: float, wy: float,
              smooth: bool, area: pygame.Rect | None = None) -> None:
    """Scale the part of the whole-map base picture under `area` of `surf`
    (the whole surface, a tile, by default; world point (wx, wy) at its
    top-left) into it."""
    area = area or surf.get_rect()
    base, k = layer.base, layer.base_scale
    fx, fy = layer.geom.frame[:2]
    bx0 = max(0, math.floor((wx - fx) * k))
    by0 = max(0, math.floor((wy - fy) * k))
    bx1 = min(base.get_width(), math.ceil((wx + area.width / zoom - fx) * k) + 1)
    by1 = min(base.get_height(), math.ceil((wy + area.height / zoom - fy) * k) + 1)
    if bx1 <= bx0 or by1 <= by0:
        return
    f = zoom / k
    dest = pygame.Rect(area.x + math.floor((fx + bx0 / k - wx) * zoom), area.y + math.floor((fy + by0 / k - wy) * zoom),
                       math.ceil((bx1 - bx0) * f) + 1, math.ceil((by1 - by0) * f) + 1)
    scale_onto(surf, base.subsurface((bx0, by0, bx1 - bx0, by1 - by0)), dest, smooth)


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
        for box, line in self.layer.river_boxes:
            if self.box_visible(box):
                thick_polyline(self.surf, self.style.river, [self.tx(p) for p in line], w)

    def paint_borders(self) -> None:
        w = max(2.0, self.geom.layout.size * 0.2 * self.zoom)
        dash = max(4.0, self.spacing_px * 0.28)
        for box, line in self.layer.border_boxes:
            if self.box_visible(box):
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


class TrackTiles(TileLayer):
    """Every player's crayon track, rendered into colour-keyed tiles per
    zoom; a change repaints only the tiles the changed sections touch."""

    def __init__(self, geom: BoardGeometry, style: CrayonStyle, tiles: TileCache) -> None:
        super().__init__(tiles)
        self.geom = geom
        self.style = style
        self._key: object = None
        self._colours: tuple[RGB, ...] = ()
        self._strokes: dict[tuple[Hex, Hex, RGB], Stroke] = {}

    def update(self, key: object, layers: Callable[[], Sequence[TrackLayer]]) -> None:
        """Follow the track; `layers()` is only called when `key` (what the
        track and its colours are) differs from last time."""
        if key == self._key:
            return
        self._key = key
        layers_now = layers()
        old = self._strokes
        strokes: dict[tuple[Hex, Hex, RGB], Stroke] = {}
        added: list[Stroke] = []
        for tl in layers_now:
            for a, b in tl.pairs:
                k = (a, b, tl.colour)
                known = old.get(k)  # a section drawn before is no jump: only new ones are checked
                if known is not None:
                    strokes[k] = known
                elif not is_jump(self.geom, a, b):
                    strokes[k] = self._stroke(tl.colour, a, b)
                    added.append(strokes[k])
        colours = tuple(tl.colour for tl in layers_now)
        gone = len(old) - (len(strokes) - len(added))  # sections of the old track not in the new
        removed = [s for k, s in old.items() if k not in strokes] if gone else []
        self._strokes = strokes
        if colours != self._colours:  # a seat's colour changed: every tile is stale
            self._colours = colours
            self.tiles.drop(lambda k: k[0] is self)
            self._changed(None)
        elif removed:  # an undo: the tiles it touches are painted again when next seen
            stale = removed + added
            self.tiles.drop(lambda k: k[0] is self and any(self._touches(s, *k[1:]) for s in stale))
            self._changed(None)
        else:
            self._patch(added)
            self._changed(tuple(s.box for s in added))

    def _patch(self, added: list["Stroke"]) -> None:
        """Draw new sections onto the tiles already made (a build touches a
        few tiles; painting only its sections there costs well under a ms)."""
        for key in self.tiles.keys(lambda k: k[0] is self):
            _, zoom, i, j = key
            mine = [s for s in added if self._touches(s, zoom, i, j)]
            if not mine:
                continue
            tile = self.tiles.get(key)
            if not isinstance(tile, pygame.Surface):  # None: known empty until now
                tile = pygame.Surface((TILE, TILE))
                tile.fill(KEY_COLOUR)
                tile.set_colorkey(KEY_COLOUR)
                self.tiles.put(key, tile)
            self._paint(tile, mine, zoom, i, j)

    def _stroke(self, colour: RGB, a: Hex, b: Hex) -> "Stroke":
        pa, pb = self.geom.pos(a), self.geom.pos(b)
        m = self.geom.spacing
        box = (min(pa[0], pb[0]) - m, min(pa[1], pb[1]) - m, max(pa[0], pb[0]) + m, max(pa[1], pb[1]) + m)
        return Stroke((colour, shade(colour, 0.7), shade(colour, 1.35)), pa, pb,
                      crayon_jitter(a, b, self.style.seed_salt), box)

    @staticmethod
    def _touches(stroke: "Stroke", zoom: float, i: int, j: int) -> bool:
        x0, y0, span = i * TILE / zoom, j * TILE / zoom, TILE / zoom
        b = stroke.box
        return not (b[2] < x0 or b[0] > x0 + span or b[3] < y0 or b[1] > y0 + span)

    def render_tile(self, zoom: float, i: int, j: int) -> pygame.Surface | None:
        """The tile's strokes on a colour key; None when no track is there."""
        mine = [s for s in self._strokes.values() if self._touches(s, zoom, i, j)]
        if not mine:
            return None
        surf = pygame.Surface((TILE, TILE))
        surf.fill(KEY_COLOUR)
        surf.set_colorkey(KEY_COLOUR)
        self._paint(surf, mine, zoom, i, j)
        return surf

    def _paint(self, surf: pygame.Surface, strokes: Sequence["Stroke"], zoom: float, i: int, j: int) -> None:
        wx, wy = i * TILE / zoom, j * TILE / zoom
        size = self.geom.layout.size * zoom
        for s in strokes:
            crayon_stroke(surf, ((s.a[0] - wx) * zoom, (s.a[1] - wy) * zoom),
                          ((s.b[0] - wx) * zoom, (s.b[1] - wy) * zoom), s.colours, size, s.jitter)


@dataclass(frozen=True)
class Stroke:
    """One track section as drawn: colours, ends in world units, jitter, bounding box."""

    colours: tuple[RGB, RGB, RGB]
    a: Point
    b: Point
    jitter: tuple[float, float, float]
    box: tuple[float, float, float, float]
