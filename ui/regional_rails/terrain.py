"""The static part of the board (terrain, rivers, towns, cities, names),
drawn into screen-sized tiles that are cached per zoom level.

Terrain never changes during a game, so each frame only blits the visible
tiles; a tile is drawn once per zoom level and kept in a small LRU.
"""
from __future__ import annotations

import math
import time
from collections import OrderedDict
from functools import lru_cache
from typing import Callable, Iterator

import pygame

from game.core.hexgrid import Hex

from ui import theme
from ui.regional_rails import geometry as geo
from ui.regional_rails.boardview import BoardView, Place
from ui.still_view import StillView

RGB = tuple[int, int, int]
TILE = 384  # screen pixels per cached tile side
MAX_TILES = 90  # ~53 MB at most; a 1920x1080 view needs ~24 tiles
TILE_BUDGET_S = 0.003  # after a zoom, time per frame for new tiles; the last still view, scaled, shows meanwhile

FILL: dict[str, RGB] = {
    "plains": (238, 231, 205),
    "forest": (208, 228, 186),
    "mountain": (243, 222, 190),
    "sea": (160, 200, 232),
}
INK: dict[str, RGB] = {
    "forest": (38, 118, 48),
    "mountain": (214, 108, 14),
    "sea": (38, 98, 170),
}
GRID: RGB = (160, 150, 128)
RIVER: RGB = (28, 108, 222)
TOWN_INK: RGB = (26, 24, 22)
LABEL_BG: RGB = (252, 249, 240)

# Symbol spots as fractions of the hex size: a bare hex shows three, a hex
# with a town or city two small ones beside its name.
SPOTS_BARE = ((0.0, -0.02, 0.24), (-0.38, 0.36, 0.22), (0.38, 0.36, 0.22))
SPOTS_SEA = ((-0.3, -0.35, 0.24), (0.3, -0.35, 0.24), (0.0, 0.05, 0.26), (-0.3, 0.45, 0.24), (0.3, 0.45, 0.24))
SPOTS_PLACE = ((-0.62, 0.30, 0.16), (0.62, 0.30, 0.16))
LABEL_Y = 0.52  # name label centre below the hex centre, fraction of the size
NAME_REACH = 160  # screen px a name tag may reach beyond its hex (drawn into the tiles it crosses)


class _Pen:
    """World → tile-pixel transform."""

    def __init__(self, origin: tuple[float, float], zoom: float) -> None:
        self.ox, self.oy = origin
        self.zoom = zoom

    def p(self, x: float, y: float) -> tuple[float, float]:
        return ((x - self.ox) * self.zoom, (y - self.oy) * self.zoom)

    def px(self, length: float) -> float:
        return length * self.zoom

def _tree(surf: pygame.Surface, pen: _Pen, cx: float, cy: float, s: float) -> None:
    top = pen.p(cx, cy - s * 0.55)
    left = pen.p(cx - s * 0.42, cy + s * 0.35)
    right = pen.p(cx + s * 0.42, cy + s * 0.35)
    pygame.draw.polygon(surf, INK["forest"], (top, left, right))
    trunk_w = max(1, int(pen.px(s * 0.12)))
    pygame.draw.line(surf, (96, 70, 40), pen.p(cx, cy + s * 0.35), pen.p(cx, cy + s * 0.55), trunk_w)


def _peak(surf: pygame.Surface, pen: _Pen, cx: float, cy: float, s: float) -> None:
    w = max(2, int(pen.px(s * 0.14)))
    ink = INK["mountain"]
    pygame.draw.lines(surf, ink, False, (pen.p(cx - s * 0.55, cy + s * 0.35), pen.p(cx - s * 0.1, cy - s * 0.4),
                                         pen.p(cx + s * 0.35, cy + s * 0.35)), w)
    pygame.draw.lines(surf, ink, False, (pen.p(cx + s * 0.1, cy - s * 0.05), pen.p(cx + s * 0.35, cy - s * 0.35),
                                         pen.p(cx + s * 0.6, cy + s * 0.35)), max(1, w - 1))


def _wave(surf: pygame.Surface, pen: _Pen, cx: float, cy: float, s: float) -> None:
    w = max(1, int(pen.px(s * 0.1)))
    for dy in (-0.18, 0.18):
        pts = [pen.p(cx + s * (i / 8 - 0.5) * 1.2, cy + s * (dy + 0.12 * math.sin(i / 8 * 2 * math.pi)))
               for i in range(9)]
        pygame.draw.lines(surf, INK["sea"], False, pts, w)


SYMBOLS: dict[str, Callable[[pygame.Surface, _Pen, float, float, float], None]] = {
    "forest": _tree, "mountain": _peak, "sea": _wave,
}


def _spots(board: BoardView, h: Hex) -> tuple[tuple[float, float, float], ...]:
    if board.terrain[h] == "sea":
        return SPOTS_SEA
    return SPOTS_PLACE if h in board.places else SPOTS_BARE


def draw_hex_ground(surf: pygame.Surface, pen: _Pen, board: BoardView, h: Hex) -> None:
    """Fill, outline and terrain symbols of one hex."""
    terrain = board.terrain[h]
    poly = [pen.p(*c) for c in geo.hex_corners(h)]
    pygame.draw.polygon(surf, FILL.get(terrain, FILL["plains"]), poly)
    pygame.draw.polygon(surf, GRID, poly, 1)
    draw = SYMBOLS.get(terrain)
    if draw is None:
        return
    cx, cy = geo.hex_center(h)
    for fx, fy, fs in _spots(board, h):
        draw(surf, pen, cx + fx * geo.HEX_SIZE, cy + fy * geo.HEX_SIZE, fs * geo.HEX_SIZE)


def draw_river(surf: pygame.Surface, pen: _Pen, edge) -> None:
    a, b = geo.edge_segment(edge)
    w = max(3, int(pen.px(geo.HEX_SIZE * 0.09)))
    pygame.draw.line(surf, RIVER, pen.p(*a), pen.p(*b), w)
    r = max(1, w // 2)
    for end in (a, b):
        pygame.draw.circle(surf, RIVER, pen.p(*end), r)


def label_size(zoom: float) -> int:
    """Font size of town and city names: scales with zoom, never unreadable."""
    return max(11, min(22, int(geo.HEX_SIZE * 0.21 * zoom)))


def draw_place(surf: pygame.Surface, pen: _Pen, board: BoardView, h: Hex) -> None:
    """The town/city symbol and its name label."""
    place = board.places[h]
    cx, cy = pen.p(*geo.hex_center(h))
    s = geo.HEX_SIZE
    ink = TOWN_INK
    if place.kind == "city" or place.start:
        pygame.draw.circle(surf, ink, (cx, cy), pen.px(s * (0.17 if place.start else 0.2)))
        if place.start:
            pygame.draw.circle(surf, ink, (cx, cy), pen.px(s * 0.29), max(2, int(pen.px(s * 0.05))))
    else:
        r = pen.px(s * 0.16)
        pygame.draw.circle(surf, (255, 255, 255), (cx, cy), r)
        pygame.draw.circle(surf, ink, (cx, cy), r, max(2, int(pen.px(s * 0.05))))
    at = name_spots(board, pen.zoom).get(h)
    if at is not None:
        surf.blit(label_surface(place, pen.zoom), (round(cx) + at[0], round(cy) + at[1]))


@lru_cache(maxsize=512)
def label_surface(place: Place, zoom: float) -> pygame.Surface:
    """A place's name on its pale tag at this zoom (also drawn above track)."""
    return _tag(place, label_size(zoom))


@lru_cache(maxsize=256)
def _tag(place: Place, size: int) -> pygame.Surface:
    text = theme.font(size, bold=place.kind == "city" or place.start, condensed=True).render(place.name, True,
                                                                                             TOWN_INK)
    tag = pygame.Surface((text.get_width() + 6, text.get_height()), pygame.SRCALPHA)
    pygame.draw.rect(tag, LABEL_BG, tag.get_rect(), border_radius=4)
    tag.blit(text, (3, 0))
    return tag


def _name_font(place: Place, zoom: float) -> pygame.font.Font:
    return theme.font(label_size(zoom), bold=place.kind == "city" or place.start, condensed=True)


def symbol_radius(place: Place, zoom: float) -> float:
    """Screen radius of a place's printed circle (a start city's outer ring)."""
    return geo.HEX_SIZE * zoom * (0.29 if place.start else 0.2 if place.kind == "city" else 0.16)


@lru_cache(maxsize=1024)
def _around(g: float, w: float, h: float) -> tuple[tuple[float, float], ...]:
    """Other top-left corners for a w x h tag round a circle of radius g - 3,
    nearest first: centred, shifted a quarter, flush left or right, or beside
    it, up to three tag heights up or down."""
    return _nearest_first([-w / 2, -w / 4, -w * 3 / 4, -g, g - w, g, -g - w],
                          [-h / 2 + k * h / 2 for k in range(-6, 7)], w, h)


@lru_cache(maxsize=1024)
def _finer(g: float, w: float, h: float) -> tuple[tuple[float, float], ...]:
    """`_around`'s corners and the steps between them (quarter heights, eighth
    widths), then out to four tag heights up or down and slid sideways by up
    to a whole tag width (off the map's edge, or past a neighbour's name),
    nearest first: for a crowded map."""
    return _nearest_first([-w / 2 + k * w / 8 for k in range(-8, 9)] + [-g, g - w, g, -g - w],
                          [-h / 2 + k * h / 4 for k in range(-16, 17)], w, h)


def _nearest_first(xs: list[float], ys: list[float], w: float, h: float) -> tuple[tuple[float, float], ...]:
    """Every (x, y) corner of a w x h tag, the tag's centre nearest the place
    first (sorted on one float each: a crowded map asks for many of these)."""
    dx = [(x + w / 2) ** 2 for x in xs]
    dy = [(y + h / 2) ** 2 for y in ys]
    corners = [(x, y) for x in xs for y in ys]
    far = [a + b for a in dx for b in dy]
    return tuple([corners[i] for i in sorted(range(len(corners)), key=far.__getitem__)])


_SPOTS: OrderedDict[tuple[int, float], tuple[BoardView, dict[Hex, tuple[int, int]]]] = OrderedDict()
RETRIES = 6  # passes over a crowded map (a small window) with finer steps, the names left over placed first
MAKE_WAY_DEPTH = 2  # names moved one after the other to make room for a name left over (1 was not enough for map 140)
RETRY_LEFT_MAX = 12  # the passes are tried only when at most this many names are left over: more means zoomed
                     # out far below the fitted view, where finer steps would not place them either


def name_spots(board: BoardView, zoom: float) -> dict[Hex, tuple[int, int]]:
    """Where each place's name tag goes at this zoom: its top-left corner
    relative to the hex centre on screen. Every town and city is named (the
    log names towns, so a player must find them): cities first, each tag
    below its place where there is room, else above, beside or at a corner,
    wherever it covers no other tag and no place's circle. A crowded map
    (1024x600) that leaves names over is placed again with the steps in
    between as well, the names left over by the pass before placed first.
    A name that fits nowhere (only far below the fitted view) is left to the
    hover tip."""
    key = (id(board), round(zoom, 6))
    hit = _SPOTS.get(key)
    if hit is not None and hit[0] is board:
        return hit[1]
    crowd = board.crowding
    around = _Candidates(board, zoom, _around)
    tags = _placed(board, around, [], crowd)
    first = [h for h in board.places if h not in tags]  # in order: the names left over earliest go first
    tried = set(first)
    finer = _Candidates(board, zoom, _finer)
    crowded = 0 < len(first) <= RETRY_LEFT_MAX
    for _ in range(RETRIES if crowded else 0):
        trial = _placed(board, finer, first, crowd)
        more = [h for h in board.places if h not in trial and h not in tried]
        first += more
        tried.update(more)
        tags = max(tags, trial, key=len)
        if len(tags) == len(board.places):
            break
    if crowded and len(tags) < len(board.places):
        _make_way(finer, tags, [h for h in board.places if h not in tags])
    centre = around.centre
    out = {h: (rect.x - centre[h][0], rect.y - centre[h][1]) for h, rect in tags.items()}
    _SPOTS[key] = (board, out)
    while len(_SPOTS) > 8:
        _SPOTS.popitem(last=False)
    return out


class _Candidates:
    """Each place's name tag rects at one zoom, in the order tried: below its
    place, then at `spots`, leaving out those over any place's circle (the
    same in every pass). Made as a pass asks for them and kept for the next
    passes, so a crowded map's retries test each spot against the names only."""

    def __init__(self, board: BoardView, zoom: float,
                 spots: Callable[[float, float, float], tuple[tuple[float, float], ...]]) -> None:
        self.board, self.zoom, self.spots = board, zoom, spots
        self.circles: list[pygame.Rect] = []
        for at, place in board.places.items():
            cx, cy = (c * zoom for c in geo.hex_center(at))
            r = symbol_radius(place, zoom) + 1
            self.circles.append(pygame.Rect(math.floor(cx - r), math.floor(cy - r), math.ceil(2 * r) + 1,
                                            math.ceil(2 * r) + 1))
        self.centre = {h: (round(x * zoom), round(y * zoom)) for h, (x, y) in
                       ((h, geo.hex_center(h)) for h in board.places)}
        self._made: dict[Hex, list[pygame.Rect]] = {}
        self._rest: dict[Hex, Iterator[pygame.Rect]] = {}

    def of(self, h: Hex) -> Iterator[pygame.Rect]:
        made = self._made.setdefault(h, [])
        yield from made
        if h not in self._rest:
            self._rest[h] = self._fresh(h)
        for rect in self._rest[h]:
            made.append(rect)
            yield rect

    def _fresh(self, h: Hex) -> Iterator[pygame.Rect]:
        place, zoom = self.board.places[h], self.zoom
        w, tall = _name_font(place, zoom).size(place.name)
        w += 6
        cx, cy = (c * zoom for c in geo.hex_center(h))
        g = symbol_radius(place, zoom) + 3  # clear of its own circle (r + 1, rounded out)
        below = max(g, geo.HEX_SIZE * LABEL_Y * zoom - tall / 2)
        circles = self.circles
        rect = pygame.Rect(round(cx - w / 2), round(cy + below), w, tall)
        if rect.collidelist(circles) < 0:
            yield rect
        for dx, dy in self.spots(round(g), w, tall):  # only when below is taken; whole pixels: shared between zooms
            rect = pygame.Rect(round(cx + dx), round(cy + dy), w, tall)
            if rect.collidelist(circles) < 0:
                yield rect


def _placed(board: BoardView, candidates: _Candidates, first: list[Hex],
            crowd: dict[Hex, int]) -> dict[Hex, pygame.Rect]:
    """One greedy pass: the places in `first` (in order), then cities, then
    the most crowded towns (`crowd`: the places near each), each at its first
    candidate that covers no name placed before it."""
    taken: list[pygame.Rect] = []
    out: dict[Hex, pygame.Rect] = {}
    order = {h: i for i, h in enumerate(first)}
    for place in sorted(board.places.values(), key=lambda p: (order.get(p.hex, len(order)),
                                                              p.kind != "city" and not p.start,
                                                              -crowd[p.hex], p.name)):
        for rect in candidates.of(place.hex):
            if rect.collidelist(taken) < 0:
                taken.append(rect)
                out[place.hex] = rect
                break
    return out


def _make_way(candidates: _Candidates, tags: dict[Hex, pygame.Rect], left: list[Hex]) -> None:
    """Each name the passes left over is placed by moving names out of its
    way (a crowded corner where greedy passes, whatever their order, leave
    one name out: random map 140 at 1024x600)."""
    for h in left:
        _make_room(candidates, tags, h, MAKE_WAY_DEPTH, frozenset())


def _make_room(candidates: _Candidates, tags: dict[Hex, pygame.Rect], h: Hex, depth: int,
               fixed: frozenset[Hex]) -> bool:
    """Place `h`'s name at a free spot; else (`depth` moves left) at a spot
    covering one other name, not `fixed`, that can be placed again the same
    way. `tags` is left as it was when no way is found."""
    for rect in candidates.of(h):
        if rect.collidelist(list(tags.values())) < 0:
            tags[h] = rect
            return True
    if depth == 0:
        return False
    for rect in candidates.of(h):
        blockers = [o for o, tag in tags.items() if tag.colliderect(rect)]
        if len(blockers) != 1 or blockers[0] in fixed:
            continue
        moved = tags.pop(blockers[0])
        tags[h] = rect
        if _make_room(candidates, tags, blockers[0], depth - 1, fixed | {h}):
            return True
        del tags[h]
        tags[blockers[0]] = moved
    return False


class TerrainLayer:
    """Cached tiles of the static board for one BoardView."""

    def __init__(self, board: BoardView) -> None:
        self.board = board
        self.tiles: OrderedDict[tuple, pygame.Surface] = OrderedDict()
        self._centres = {h: geo.hex_center(h) for h in board.terrain}
        self._still = StillView()
        self._zoom_seen: float | None = None
        self._progressive = False  # the zoom changed: new tiles come a few per frame until the view is complete

    def _hexes_near(self, rect: tuple[float, float, float, float], margin: float) -> list[Hex]:
        x, y, w, h = rect
        return [hx for hx, (cx, cy) in self._centres.items()
                if x - margin <= cx <= x + w + margin and y - margin <= cy <= y + h + margin]

    def _render_tile(self, zoom: float, tx: int, ty: int) -> pygame.Surface:
        surf = pygame.Surface((TILE, TILE))
        if pygame.display.get_surface() is not None:
            surf = surf.convert()  # the screen's pixel format: blits without conversion
        surf.fill(theme.BG_DEEP)
        world = (tx * TILE / zoom, ty * TILE / zoom, TILE / zoom, TILE / zoom)
        pen = _Pen(world[:2], zoom)
        near = self._hexes_near(world, geo.HEX_SIZE * 1.1)
        for h in near:
            draw_hex_ground(surf, pen, self.board, h)
        near_set = set(near)
        for e in self.board.rivers:
            if (e[0], e[1]) in near_set:
                draw_river(surf, pen, e)
        for h in self._hexes_near(world, geo.HEX_SIZE * 2.0 + NAME_REACH / zoom):
            if h in self.board.places:
                draw_place(surf, pen, self.board, h)
        return surf

    def tile(self, zoom: float, tx: int, ty: int) -> pygame.Surface:
        key = (round(zoom, 5), tx, ty)
        surf = self.tiles.get(key)
        if surf is None:
            surf = self._render_tile(zoom, tx, ty)
            self.tiles[key] = surf
            while len(self.tiles) > MAX_TILES:
                self.tiles.popitem(last=False)
        else:
            self.tiles.move_to_end(key)
        return surf

    def draw(self, surface: pygame.Surface, camera) -> bool:
        """Blit the visible tiles for the camera's current zoom; after a zoom
        change, missing tiles are painted within a per-frame budget (none
        while the zoom is still changing: tiles of a zoom the wheel passes
        through are never seen for long) and the last still view shows,
        scaled, where they are not ready; once the view stops, each frame
        adds its new tiles to the last frame's picture. Returns whether every
        tile in view was drawn."""
        zoom = camera.zoom
        zooming = self._zoom_seen is not None and zoom != self._zoom_seen
        if zooming:
            self._progressive = True
        self._zoom_seen = zoom
        deadline = time.perf_counter() + TILE_BUDGET_S if self._progressive else None
        least = 0 if zooming else 1  # new tiles painted this frame whatever the time
        vx, vy, vw, vh = camera.visible_world_rect()
        step = TILE / zoom
        tx0, ty0 = math.floor(vx / step), math.floor(vy / step)
        tx1, ty1 = math.floor((vx + vw) / step), math.floor((vy + vh) / step)
        bx, by, bw, bh = self.board.world_bounds()
        spots = [(tx, ty) for ty in range(ty0, ty1 + 1) if not ((ty + 1) * step < by or ty * step > by + bh)
                 for tx in range(tx0, tx1 + 1) if not ((tx + 1) * step < bx or tx * step > bx + bw)]
        ready: dict[tuple[int, int], pygame.Surface] = {}
        made: set[tuple[int, int]] = set()
        for tx, ty in spots:
            cached = (round(zoom, 5), tx, ty) in self.tiles
            if cached or deadline is None or len(made) < least or time.perf_counter() < deadline:
                ready[(tx, ty)] = self.tile(zoom, tx, ty)
                if not cached:
                    made.add((tx, ty))
        complete = len(ready) == len(spots)
        clip = surface.get_clip()
        surface.set_clip(camera.viewport)
        restored = not complete and self._still.restore(surface, camera, None)
        if not complete and not restored:
            self._still.draw(surface, camera)
        for (tx, ty), tile in ready.items():
            if restored and (tx, ty) not in made:
                continue  # already in the picture kept from the last frame
            sx, sy = camera.world_to_screen((tx * step, ty * step))
            surface.blit(tile, (round(sx), round(sy)))
        surface.set_clip(clip)
        if complete:
            self._progressive = False
            self._still.offer(surface, camera, None)
        else:
            self._still.keep(surface, camera, None)
        return complete
