"""The Moon's look for the crayon renderer: two grey discs on black space with
soft dark maria and pale rough highlands, crater rims and rilles as drawn
lines, wrap letters in their coloured circles, the poles, and the landing
sites (a layer the player can hide).

`crayon_board` calls in here only when a board has lunar features
(`BoardGeometry.lunar` is set), so the Russian Rails look is untouched.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any, Sequence

import pygame

from game.core.hexgrid import Hex
from ui.camera import Camera
from ui.russian_rails.crayon_geometry import BoardGeometry, Box, CityGeom, Point
from ui import theme
from ui.russian_rails.crayon_labels import AreaLabel, halo_text
from ui.russian_rails.crayon_shapes import dashed_polyline, thick_polyline
from ui.russian_rails.crayon_style import RGB, CrayonStyle

SPACE: RGB = (5, 6, 12)
HIGHLAND: RGB = (168, 167, 162)
MARE: RGB = (84, 86, 94)
ROUGH: RGB = (214, 213, 206)
RIM_DARK: RGB = (52, 50, 54)
RIM_LIGHT: RGB = (236, 234, 226)
RILLE: RGB = (38, 36, 40)
POLE: RGB = (240, 200, 80)
SITE: RGB = (120, 220, 255)
SIDE_TITLE: RGB = (150, 156, 176)
# Wrap-letter circles by (sign, prime): four colour classes (the rulebook's
# orange is "+ letter, not prime"; the other three are ESTIMATED).
WRAP_COLOURS: dict[tuple[str, bool], RGB] = {
    ("+", False): (238, 140, 36), ("+", True): (70, 170, 90), ("-", False): (70, 130, 220), ("-", True): (200, 80, 170)}
SPIKE_COLOUR: RGB = (250, 210, 60)
METEOR_BOX: RGB = (255, 120, 80)
WORD_ZOOMS_KEPT = 8  # zooms whose meteor-word places are kept (a zoom gesture passes through a few)
SITE_NAMES_FROM = 18  # px between mileposts from which landing sites are named

LUNAR_STYLE = CrayonStyle(
    outside=SPACE, land=HIGHLAND, foreign=SPACE, foreign_edge=SPACE, frame=(40, 42, 56), terrain_tint={},
    dot=(236, 236, 240), mountain_dot=(92, 90, 92), alpine_dot=(60, 58, 66), label=(250, 250, 252),
    label_halo=(14, 14, 20), region_label=SIDE_TITLE, water=(34, 34, 42), water_label=(214, 216, 228), seed_salt=7)
LUNAR_WATERS: tuple[RGB, ...] = (MARE, LUNAR_STYLE.water)  # the Moon's "seas" (maria) and lakes


@dataclass(frozen=True)
class WrapMark:
    hex: Hex
    name: str
    colour: RGB
    spike: str
    outward: Point  # unit vector from the disc's centre


@dataclass(frozen=True)
class SiteMark:
    text: str  # labels of the sites at this spot, e.g. "A12 S3"
    point: Point


@dataclass
class LunarGeom:
    """The Moon's static drawing data in world units (the board's pixels)."""

    discs: list[tuple[str, Point, float]]  # side, centre, radius
    lines: list[tuple[str, Box, list[Point]]]  # feature ("rim" / "rille"), bounding box, polyline
    wraps: list[WrapMark]
    poles: list[tuple[str, Hex, Hex]]
    sites: list[SiteMark]
    clear: list[Hex]
    rough: list[Hex]
    teleports: dict[Hex, Hex]  # wrap partners and pole twins, both ways
    area_shapes: dict[str, list[list[Point]]]  # event areas (each side, the four halves): polygons
    meteor_boxes: list[tuple[Hex, Point]]  # each pole milepost and the way a meteor counted from it lands
    # meteor_words per zoom, a cache: not part of what the geometry is
    words: dict[float, dict[Hex, pygame.Rect | None]] = field(default_factory=dict, compare=False, repr=False)

    def __getstate__(self) -> dict[str, Any]:
        """Pickled (the tile files' digest) without the meteor words worked
        out so far, so the digest is the same before and after a frame."""
        return dict(self.__dict__, words={})


def lunar_geometry(board: Any) -> LunarGeom | None:
    """None for a board without wrap letters (every map but the Moon)."""
    if not board.wraps:
        return None
    lay = board.layout()
    discs = []
    for ring, side in zip(board.territory_shape, ("Near Side", "Far Side")):
        cx = sum(p[0] for p in ring) / len(ring)
        cy = sum(p[1] for p in ring) / len(ring)
        discs.append((side, (cx, cy), sum(math.dist(p, (cx, cy)) for p in ring) / len(ring)))
    lines = [(board.rim_features.get(name, "rim"), _box(line), list(line))
             for name, polys in sorted(board.rim_lines.items()) for line in polys if len(line) >= 2]
    wraps = []
    for h, w in sorted(board.wraps.items()):
        p = lay.to_pixel(h)
        c = min(discs, key=lambda d: math.dist(d[1], p))[1]
        n = math.dist(p, c) or 1.0
        wraps.append(WrapMark(h, w.name, WRAP_COLOURS[w.colour_class], w.spike, ((p[0] - c[0]) / n, (p[1] - c[1]) / n)))
    poles = [(name, pole.first, pole.second) for name, pole in sorted(board.poles.items())]
    terrain = board.mileposts
    return LunarGeom(discs, lines, wraps, poles, _site_marks(board, lay),
                     [h for h, t in terrain.items() if t == "clear" or (t.endswith("_city") and _mostly(board, h))],
                     [h for h, t in terrain.items() if t == "alpine"], dict(board.teleports),
                     {name: [list(ring) for ring in rings] for name, rings in board.area_shapes.items()},
                     _meteor_boxes(board, lay))


def _meteor_boxes(board: Any, lay: Any) -> list[tuple[Hex, Point]]:
    """The rulebook's box printed near both poles "that shows the direction
    that the meteor actually lands": the rules' direction per pole, as a
    unit vector on the page, for the pole's milepost on each disc."""
    from game.crayon.lunar_rails.engine import RULES_FILE
    from game.crayon.lunar_rails.hazards import offset
    from game.crayon.rules import load_rules
    ways = load_rules(RULES_FILE).variants.get("pole_meteor_direction", {})
    out = []
    for name, pole in sorted(board.poles.items()):
        if name not in ways:
            continue
        for h in (pole.first, pole.second):
            a, b = lay.to_pixel(h), lay.to_pixel(offset(h, str(ways[name]), 2))
            n = math.dist(a, b) or 1.0
            out.append((h, ((b[0] - a[0]) / n, (b[1] - a[1]) / n)))
    return out


def _mostly(board: Any, h: Hex) -> bool:
    """A city milepost standing in a mare (so the mare runs under it)."""
    around = [board.mileposts.get(n) for n in board.neighbours(h)]
    return sum(t == "clear" for t in around) * 2 >= len(around)


def _site_marks(board: Any, lay: Any) -> list[SiteMark]:
    """One mark per spot: sites closer than half a milepost share a label."""
    spacing = lay.size * 3 ** 0.5
    marks: list[tuple[list[str], Point]] = []
    for label, site in sorted(board.sites.items(), key=lambda kv: kv[1].point):
        near = next((m for m in marks if math.dist(m[1], site.point) < spacing * 0.5), None)
        if near is None:
            marks.append(([label], site.point))
        else:
            near[0].append(label)
    return [SiteMark(" ".join(sorted(labels)), p) for labels, p in marks]


def split_pole_cities(board: Any, cities: list[CityGeom]) -> list[CityGeom]:
    """A pole city is drawn on both discs: one marker per disc, same name."""
    out = []
    for city in cities:
        pole = board.poles.get(city.name)
        if pole is None:
            out.append(city)
            continue
        for centre in (pole.first, pole.second):
            side = board.region_of[centre]
            cells = tuple([centre] + [h for h in city.cells if h != centre and board.region_of[h] == side
                                      and h not in (pole.first, pole.second)])
            out.append(CityGeom(city.name, city.kind, centre, city.goods, cells))
    return out


def _box(pts: Sequence[Point]) -> Box:
    return (min(p[0] for p in pts), min(p[1] for p in pts), max(p[0] for p in pts), max(p[1] for p in pts))


def is_jump(geom: BoardGeometry, a: object, b: object) -> bool:
    """True for a step from a wrap letter to its partner (or pole to pole):
    one place for the rules, two far-apart spots on the drawing."""
    return geom.lunar is not None and geom.lunar.teleports.get(a) == b


def split_at_jumps(geom: BoardGeometry, points: Sequence[Hex]) -> list[list[Hex]]:
    """A path's mileposts cut into the runs drawn on one disc."""
    runs: list[list[Hex]] = [[]]
    for i, h in enumerate(points):
        if i and is_jump(geom, points[i - 1], h):
            runs.append([])
        runs[-1].append(h)
    return runs


def draw_jumps(surface: pygame.Surface, geom: BoardGeometry, camera: Camera, points: Sequence[Hex],
               colour: RGB) -> None:
    """Where a path goes through a wrap letter or a pole, ring both ends so
    the eye finds where it comes out on the other disc."""
    r = max(9.0, geom.spacing * camera.zoom * 0.7)
    for a, b in zip(points, points[1:]):
        if is_jump(geom, a, b):
            for h in (a, b):
                p = camera.world_to_screen(geom.pos(h))
                pygame.draw.circle(surface, (20, 16, 12), p, r + 2, 5)
                pygame.draw.circle(surface, colour, p, r, 3)


# The base picture ---------------------------------------------------------------

def paint_lunar_base(geom: BoardGeometry, style: CrayonStyle, scale: float) -> pygame.Surface:
    """Space, the two discs with limb darkening, soft maria and pale rough
    highlands (blurred per-milepost blobs, so the dark areas are exactly the
    1M mileposts), at `scale` pixels per world unit."""
    lunar = geom.lunar
    assert lunar is not None
    fx, fy, fw, fh = geom.frame
    size = (math.ceil(fw * scale) + 2, math.ceil(fh * scale) + 2)
    surf = pygame.Surface(size)
    surf.fill(style.outside)
    _stars(surf)

    def tx(p: Point) -> Point:
        return ((p[0] - fx) * scale, (p[1] - fy) * scale)

    for _, c, r in lunar.discs:
        for k in range(48, 0, -1):  # limb darkening: a little darker towards the rim
            f = 0.78 + 0.22 * (1 - (k / 48) ** 3)
            pygame.draw.circle(surf, tuple(int(v * f) for v in HIGHLAND), tx(c), r * scale * k / 48)
    blob = geom.layout.size * scale
    blur = max(2, round(blob * 0.7))
    for cells, colour in ((lunar.rough, ROUGH), (lunar.clear, MARE)):
        surf.blit(_soft_layer(size, [tx(geom.pos(h)) for h in cells], blob, colour, blur), (0, 0))
    mask = pygame.Surface(size)
    mask.fill(style.outside)
    mask.set_colorkey((255, 0, 255))
    for _, c, r in lunar.discs:
        pygame.draw.circle(mask, (255, 0, 255), tx(c), r * scale)
    surf.blit(mask, (0, 0))
    for _, c, r in lunar.discs:
        pygame.draw.circle(surf, (120, 122, 130), tx(c), r * scale, max(1, int(scale * 1.5)))
    return surf


def _soft_layer(size: tuple[int, int], centres: list[Point], radius: float, colour: RGB,
                k: int) -> pygame.Surface:
    """Discs of `colour` at `centres`, blurred by scaling down `k` times and up."""
    layer = pygame.Surface(size, pygame.SRCALPHA)
    for p in centres:
        pygame.draw.circle(layer, (*colour, 255), p, radius)
    small = pygame.transform.smoothscale(layer, (max(1, size[0] // k), max(1, size[1] // k)))
    return pygame.transform.smoothscale(small, size)


def _stars(surf: pygame.Surface) -> None:
    """A fixed sprinkle of faint stars (same on every run)."""
    w, h = surf.get_size()
    seed = 12345
    for _ in range(w * h // 2500):
        seed = (seed * 1103515245 + 12345) & 0x7FFFFFFF
        x = seed % w
        seed = (seed * 1103515245 + 12345) & 0x7FFFFFFF
        y = seed % h
        v = 70 + seed % 110
        surf.set_at((x, y), (v, v, min(255, v + 20)))


# Per tile ------------------------------------------------------------------------

def paint_lunar_lines(painter: Any) -> None:
    """Crater rims (a dark line lit on one side) and rilles (a dark dashed line)."""
    lunar = painter.geom.lunar
    sp = painter.spacing_px
    w = max(1.0, sp * 0.07)
    for feature, box, line in lunar.lines:
        if not painter.box_visible(box):
            continue
        pts = [painter.tx(p) for p in line]
        if feature == "rim":
            if sp >= 10:
                thick_polyline(painter.surf, RIM_LIGHT, [(x + w * 0.8, y + w * 0.8) for x, y in pts], w * 0.8)
            thick_polyline(painter.surf, RIM_DARK, pts, w)
        else:
            dashed_polyline(painter.surf, (RILLE, MARE), pts, max(1.0, w * 1.3), max(3.0, sp * 0.3))


def paint_lunar_marks(painter: Any) -> None:
    """Wrap letters, pole rings and the side titles, over the cities."""
    lunar, sp, surf = painter.geom.lunar, painter.spacing_px, painter.surf
    named = sp >= 12  # from here the letters are written (11 px at least)
    r = max(9.0 if named else 5.0, sp * 0.46)
    for mark in lunar.wraps:
        p = painter.geom.pos(mark.hex)
        if not painter.visible(p):
            continue
        s = painter.tx(p)
        pygame.draw.circle(surf, mark.colour, s, r)
        pygame.draw.circle(surf, (20, 20, 26), s, r, max(1, int(r * 0.14)))
        if mark.spike:
            _spike(surf, s, r, mark)
        if named:
            text = halo_text(mark.name, max(11, int(sp * 0.4)), (255, 255, 255), (20, 20, 26), True)
            surf.blit(text, text.get_rect(center=(round(s[0]), round(s[1]))))
    for _, a, b in lunar.poles:
        for h in (a, b):
            p = painter.geom.pos(h)
            if painter.visible(p, painter.geom.spacing * 2):
                pygame.draw.circle(surf, POLE, painter.tx(p), sp * 0.42, max(1, int(sp * 0.08)))
    for h, way in lunar.meteor_boxes:
        p = painter.geom.pos(h)
        if painter.visible(p, painter.geom.spacing * 4):
            _meteor_box(surf, painter.tx(p), sp, way)
            word = meteor_words(painter.geom, painter.zoom)[h]
            if word is not None:
                text = halo_text("METEOR", 11, METEOR_BOX, (20, 20, 26), True)
                surf.blit(text, painter.tx((word.x / painter.zoom, word.y / painter.zoom)))
    if sp >= 6:
        size = int(max(12, min(30, sp * 0.9)))
        for side, c, rad in lunar.discs:
            at = (c[0] - rad * 0.72, c[1] - rad * 0.97)
            if painter.visible(at, rad * 0.5):
                text = halo_text(" ".join(side.upper()), size, SIDE_TITLE, SPACE, True)
                surf.blit(text, text.get_rect(center=painter.tx(at)))


def _meteor_box(surf: pygame.Surface, pole: Point, sp: float, way: Point) -> None:
    """A framed box beside the pole with an arrow the way meteors land."""
    side = max(16.0, sp * 1.6)
    box = pygame.Rect(0, 0, int(side), int(side))
    box.center = (int(pole[0] + sp * 1.9), int(pole[1]))
    pygame.draw.rect(surf, (22, 22, 30), box)
    pygame.draw.rect(surf, METEOR_BOX, box, max(1, int(side * 0.06)))
    c, r = box.center, side * 0.36
    tip = (c[0] + way[0] * r, c[1] + way[1] * r)
    tail = (c[0] - way[0] * r, c[1] - way[1] * r)
    pygame.draw.line(surf, METEOR_BOX, tail, tip, max(2, int(side * 0.09)))
    nx, ny = -way[1] * r * 0.45, way[0] * r * 0.45
    back = (tip[0] - way[0] * r * 0.6, tip[1] - way[1] * r * 0.6)
    pygame.draw.polygon(surf, METEOR_BOX, [tip, (back[0] + nx, back[1] + ny), (back[0] - nx, back[1] - ny)])


def _spike(surf: pygame.Surface, s: Point, r: float, mark: WrapMark) -> None:
    """The Golden Spike: a small gold spike outside the circle, with G or Y."""
    ox, oy = mark.outward
    tip = (s[0] + ox * r * 2.3, s[1] + oy * r * 2.3)
    base = (s[0] + ox * r * 1.1, s[1] + oy * r * 1.1)
    nx, ny = -oy * r * 0.35, ox * r * 0.35
    pygame.draw.polygon(surf, SPIKE_COLOUR, [tip, (base[0] + nx, base[1] + ny), (base[0] - nx, base[1] - ny)])
    pygame.draw.polygon(surf, (90, 70, 10), [tip, (base[0] + nx, base[1] + ny), (base[0] - nx, base[1] - ny)], 1)
    if r >= 8:
        text = halo_text(mark.spike, 11, SPIKE_COLOUR, (20, 20, 26), True)
        surf.blit(text, text.get_rect(center=(tip[0] + ox * 9, tip[1] + oy * 9)))


# Label placement ----------------------------------------------------------------

def _rect(cx: float, cy: float, half_w: float, half_h: float) -> pygame.Rect:
    return pygame.Rect(math.floor(cx - half_w), math.floor(cy - half_h), math.ceil(2 * half_w) + 1,
                       math.ceil(2 * half_h) + 1)


def meteor_words(geom: BoardGeometry, zoom: float) -> dict[Hex, pygame.Rect | None]:
    """Where "METEOR" is written beside each pole's meteor box (zoom-space
    rects), when there is room for 11 px: right of the box, else above or
    below it, wherever it covers no wrap letter. Worked out once per zoom
    (every tile and the label placer ask for them)."""
    lunar = geom.lunar
    assert lunar is not None
    kept = lunar.words.get(zoom)
    if kept is None:
        if len(lunar.words) >= WORD_ZOOMS_KEPT:
            lunar.words.clear()
        kept = lunar.words[zoom] = _meteor_words(geom, lunar, zoom)
    return kept


def _meteor_words(geom: BoardGeometry, lunar: LunarGeom, zoom: float) -> dict[Hex, pygame.Rect | None]:
    sp = geom.spacing * zoom
    if sp < 14:
        return {h: None for h, _ in lunar.meteor_boxes}
    side = max(16.0, sp * 1.6)
    w, h = (v + 2 for v in theme.font(11, True).size("METEOR"))
    r = max(9.0, sp * 0.46)
    wraps = [_rect(geom.pos(m.hex)[0] * zoom, geom.pos(m.hex)[1] * zoom, r, r) for m in lunar.wraps]
    out: dict[Hex, pygame.Rect | None] = {}
    for pole, _ in lunar.meteor_boxes:
        x, y = (v * zoom for v in geom.pos(pole))
        box = _rect(x + sp * 1.9, y, side / 2, side / 2)
        spots = [pygame.Rect(box.right + 4, box.centery - h // 2, w, h),
                 pygame.Rect(box.centerx - w // 2, box.top - h - 2, w, h),
                 pygame.Rect(box.centerx - w // 2, box.bottom + 2, w, h)]
        out[pole] = next((rect for rect in spots if rect.collidelist(wraps) < 0), spots[0])
    return out


def lunar_marks(geom: BoardGeometry, zoom: float) -> tuple[list[pygame.Rect], list[pygame.Rect]]:
    """Screen-space rects (at `zoom`) of the Moon's own symbols that names
    keep off: wrap letters with their spikes, pole rings and the meteor boxes
    with their word; then the landing-site crosses (minor: a major city's
    name may cover one)."""
    lunar = geom.lunar
    if lunar is None:
        return [], []
    sp = geom.spacing * zoom
    out = []
    r = max(9.0 if sp >= 12 else 5.0, sp * 0.46)
    for mark in lunar.wraps:
        x, y = (v * zoom for v in geom.pos(mark.hex))
        out.append(_rect(x, y, r, r))
        if mark.spike:
            ox, oy = mark.outward
            out.append(_rect(x + ox * (r * 2.3 + 9), y + oy * (r * 2.3 + 9), 9, 9))
    arm = max(3.0, sp * 0.2) + 1
    sites = [_rect(site.point[0] * zoom, site.point[1] * zoom, arm, arm) for site in lunar.sites]
    for _, a, b in lunar.poles:
        for h in (a, b):
            x, y = (v * zoom for v in geom.pos(h))
            out.append(_rect(x, y, sp * 0.5, sp * 0.5))
    for h, _ in lunar.meteor_boxes:
        x, y = (v * zoom for v in geom.pos(h))
        side = max(16.0, sp * 1.6)
        out.append(_rect(x + sp * 1.9, y, side / 2, side / 2))
        word = meteor_words(geom, zoom)[h]
        if word is not None:
            out.append(word)
    return out, sites


def place_site_labels(geom: BoardGeometry, zoom: float, taken: list[pygame.Rect]) -> list[AreaLabel]:
    """Landing-site names (when there is room for 11 px) beside their cross,
    on whichever side hides no other name or symbol; placed last."""
    lunar = geom.lunar
    sp = geom.spacing * zoom
    if lunar is None or sp < SITE_NAMES_FROM:
        return []
    arm = max(3.0, sp * 0.2)
    out = []
    for mark in lunar.sites:
        w, h = (v + 2 for v in theme.font(11, True).size(mark.text))
        x, y = mark.point[0] * zoom, mark.point[1] * zoom
        for sx, sy in ((x + arm + 1, y - h - 1), (x + arm + 1, y + 1), (x - arm - 1 - w, y - h - 1),
                       (x - arm - 1 - w, y + 1), (x - w / 2, y - arm - 1 - h), (x - w / 2, y + arm + 1)):
            rect = pygame.Rect(round(sx), round(sy), w, h)
            if rect.collidelist(taken) < 0:
                taken.append(rect)
                out.append(AreaLabel(mark.text, "site", (rect.x / zoom, rect.y / zoom, w / zoom, h / zoom), 11))
                break
    return out


# Per frame -----------------------------------------------------------------------

def draw_sites(surface: pygame.Surface, geom: BoardGeometry, camera: Camera,
               names: Sequence[AreaLabel] = ()) -> None:
    """Historic landing and impact sites: small crosses, with the `names`
    the label placer found room for."""
    lunar = geom.lunar
    if lunar is None:
        return
    sp = geom.spacing * camera.zoom
    arm = max(3.0, sp * 0.2)
    vp = camera.viewport
    for mark in lunar.sites:
        x, y = camera.world_to_screen(mark.point)
        if not vp.inflate(40, 40).collidepoint(x, y):
            continue
        for dx, dy, colour, w in ((1, 1, SPACE, 3), (0, 0, SITE, 1)):
            pygame.draw.line(surface, colour, (x - arm + dx, y + dy), (x + arm + dx, y + dy), w)
            pygame.draw.line(surface, colour, (x + dx, y - arm + dy), (x + dx, y + arm + dy), w)
    for label in names:
        if label.kind == "site":
            text = halo_text(label.text, 11, SITE, SPACE, True)
            surface.blit(text, [round(v) for v in camera.world_to_screen(label.rect[:2])])


def draw_area_shades(surface: pygame.Surface, geom: BoardGeometry, camera: Camera,
                     areas: Sequence[tuple[str, RGB]]) -> None:
    """Shade named areas of the Moon (an event's half, a side) in a see-through
    colour with a solid edge, on both discs, out to just past the wrap letters."""
    if geom.lunar is None or not areas:
        return
    shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    for name, colour in areas:
        for ring in geom.lunar.area_shapes.get(name, ()):
            pts = [camera.world_to_screen(p) for p in ring]
            pygame.draw.polygon(shade, (*colour, 70), pts)
            pygame.draw.polygon(shade, (*colour, 220), pts, 3)
    clip = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    for _, c, r in geom.lunar.discs:
        pygame.draw.circle(clip, (255, 255, 255, 255), camera.world_to_screen(c), (r + geom.spacing) * camera.zoom)
    shade.blit(clip, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    surface.blit(shade, (0, 0))
