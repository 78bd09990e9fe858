"""City, sea and republic names on a crayon board: placed once per zoom
level for the whole map (greedy, majors first, no overlaps) and rendered as
cached pictures with a halo so they stay readable over dots and track."""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Sequence

import pygame

from ui import theme
from ui.russian_rails.crayon_geometry import BoardGeometry, CityGeom, Point
from ui.russian_rails.crayon_style import RGB, CrayonStyle, goods_colour
from ui.russian_rails.goods_icons import MIN_ICON, icon

_HALO_CACHE: dict[tuple[str, int, RGB, RGB, bool], pygame.Surface] = {}


def halo_text(text: str, size: int, colour: RGB, halo: RGB, bold: bool = False) -> pygame.Surface:
    """Text with a 1-pixel outline, readable over dots, track and water."""
    key = (text, size, colour, halo, bold)
    surf = _HALO_CACHE.get(key)
    if surf is None:
        inner = theme.font(size, bold).render(text, True, colour)
        back = theme.font(size, bold).render(text, True, halo)
        surf = pygame.Surface((inner.get_width() + 2, inner.get_height() + 2), pygame.SRCALPHA)
        for dx, dy in ((0, 0), (2, 0), (0, 2), (2, 2), (1, 0), (0, 1), (2, 1), (1, 2)):
            surf.blit(back, (dx, dy))
        surf.blit(inner, (1, 1))
        if len(_HALO_CACHE) > 4000:
            _HALO_CACHE.clear()
        _HALO_CACHE[key] = surf
    return surf


# Labels are placed once per zoom level for the whole map, then cut by tiles.

@dataclass(frozen=True)
class LabelBlock:
    """A city's name (and goods) placed in world space at one zoom."""

    city: CityGeom
    rect: tuple[float, float, float, float]  # world x, y, w, h
    name_size: int
    goods_mode: str  # "", "glyph" or "text"


@dataclass(frozen=True)
class AreaLabel:
    """A republic's or a sea's name, placed where it hides no city label."""

    text: str
    kind: str  # "region", "sea" or "lake"
    rect: tuple[float, float, float, float]  # world x, y, w, h
    size: int


def _label_size(style: CrayonStyle, city: CityGeom, spacing_px: float) -> int:
    base = {"major": 0.62, "medium": 0.5, "small": 0.44}[city.kind]
    lo = {"major": 12, "medium": 11, "small": 11}[city.kind]  # nothing under 11 px
    return int(max(lo, min(24, spacing_px * base)))


def _city_shown(style: CrayonStyle, city: CityGeom, spacing_px: float) -> bool:
    if city.kind == "major":
        return True
    if city.kind == "medium":
        return spacing_px >= style.lod_dots * 1.6
    return spacing_px >= style.lod_small_names


def _block_size(style: CrayonStyle, city: CityGeom, spacing_px: float) -> tuple[int, int, int, str]:
    size = _label_size(style, city, spacing_px)
    w, h = theme.font(size, city.kind != "small").size(city.name)
    mode = ""
    if city.goods and spacing_px >= style.lod_goods_text:
        mode = "text"
        gsize = max(9, int(size * 0.72))
        gw = max(theme.font(gsize, True).size(g)[0] for g in city.goods) + 2 * (gsize + 4)
        w = max(w, gw)
        h += len(city.goods) * (gsize + 3)
    elif city.goods and spacing_px >= style.lod_goods:
        mode = "glyph"
        g = _glyph_size(spacing_px)
        w = max(w, len(city.goods) * (g + 2))
        h += g + 2
    return w + 2, h + 2, size, mode


def _glyph_size(spacing_px: float) -> int:
    return int(max(MIN_ICON, min(24, spacing_px * 0.42)))


def _marker_radius(geom: BoardGeometry, city: CityGeom, zoom: float) -> float:
    """Half the width of a city's drawn marker: a major's hexagon reaches
    1.32 mileposts out; the others' never fall under 3 px."""
    if city.kind == "major":
        return geom.spacing * 1.33 * zoom
    return max(3.0, geom.spacing * (0.36 if city.kind == "medium" else 0.3) * zoom)


def _spots(cx: float, cy: float, r: float, w: float, h: float) -> list[tuple[float, float]]:
    """Top-left corners for a w x h name around a marker of radius r at
    (cx, cy): below, above, right, left, then the corners."""
    return [(cx - w / 2, cy + r), (cx - w / 2, cy - r - h), (cx + r, cy - h / 2), (cx - r - w, cy - h / 2),
            (cx + r * 0.7, cy + r * 0.7), (cx - r * 0.7 - w, cy - r * 0.7 - h),
            (cx + r * 0.7, cy - r * 0.7 - h), (cx - r * 0.7 - w, cy + r * 0.7),
            (cx - r, cy + r), (cx + r - w, cy + r), (cx - r, cy - r - h), (cx + r - w, cy - r - h)]


def _major_spots(cx: float, cy: float, r: float, w: float, h: float) -> list[tuple[float, float]]:
    """Top-left corners for a major city's name: straight below, above,
    right or left of its hexagon first, slid along that side by at most a
    quarter of the name (half its height beside), stepping out up to two lines
    where the map is crowded; only then the corners (a name set diagonally
    reads as another city's)."""
    out: list[tuple[float, float]] = []
    for d in (r, r + h, r + 2 * h):
        out += _spots(cx, cy, d, w, h)[:4]
        for dx in (-w / 4, w / 4):
            out += [(cx - w / 2 + dx, cy + d), (cx - w / 2 + dx, cy - d - h)]
        for dy in (-h / 2, h / 2):
            out += [(cx + d, cy - h / 2 + dy), (cx - d - w, cy - h / 2 + dy)]
    return out + [spot for d in (r, r + h, r + 2 * h) for spot in _spots(cx, cy, d, w, h)[4:]]


def place_labels(geom: BoardGeometry, style: CrayonStyle, zoom: float,
                 marks: Sequence[pygame.Rect] = (),
                 minor: Sequence[pygame.Rect] = ()) -> tuple[list[LabelBlock], list[pygame.Rect]]:
    """Greedy label placement: majors first, each name tries below, above,
    right and left of its city (a major's straight out from its hexagon
    first, see ``_major_spots``) and takes the first spot that hits no other
    label, no city marker and none of the map's other `marks` (screen-space
    rects at `zoom`, e.g. the Moon's wrap letters); names that fit nowhere
    are left out at this zoom. A major city's name may cover `minor` marks
    (the Moon's landing-site crosses) rather than stand away from its city."""
    spacing_px = geom.spacing * zoom
    order = {"major": 0, "medium": 1, "small": 2}
    cities = sorted((c for c in geom.cities if _city_shown(style, c, spacing_px)),
                    key=lambda c: (order[c.kind], c.name))
    taken: list[pygame.Rect] = list(marks)
    for c in geom.cities:  # every marker is drawn, named or not
        x, y = geom.pos(c.hex)
        r = _marker_radius(geom, c, zoom)
        taken.append(pygame.Rect(math.floor(x * zoom - r), math.floor(y * zoom - r), math.ceil(2 * r) + 1,
                                 math.ceil(2 * r) + 1))
    out = []
    own: dict[str, pygame.Rect] = {}  # the spot each placed name took
    for city in cities:
        w, h, size, mode = _block_size(style, city, spacing_px)
        x, y = geom.pos(city.hex)
        cx, cy, r = x * zoom, y * zoom, _marker_radius(geom, city, zoom) + 1
        spots = _major_spots(cx, cy, r, w, h) if city.kind == "major" else _spots(cx, cy, r, w, h)
        for sx, sy in spots:
            rect = pygame.Rect(int(sx), int(sy), w, h)
            if rect.collidelist(taken) < 0 and (city.kind == "major" or rect.collidelist(minor) < 0):
                taken.append(rect)
                out.append(LabelBlock(city, (sx / zoom, sy / zoom, w / zoom, h / zoom), size, mode))
                own[city.name] = rect
                break
        else:
            if city.kind == "major":  # a major city always says its name
                sx, sy = spots[0]
                out.append(LabelBlock(city, (sx / zoom, sy / zoom, w / zoom, h / zoom), size, mode))
    taken += minor
    if spacing_px < style.lod_goods:
        out = [_with_goods(block, own[block.city.name], zoom, taken) if block.city.name in own else block
               for block in out]
    return out, taken


def _with_goods(block: LabelBlock, own: pygame.Rect, zoom: float, taken: list[pygame.Rect]) -> LabelBlock:
    """Zoomed out, a city's goods icons join its name only where they hide no
    other label or city: below the name (or above it for a name placed above
    its city). The fitted map thus shows the goods wherever there is room."""
    if block.goods_mode or not block.city.goods:
        return block
    x, y, w, h = (v * zoom for v in block.rect)
    g = MIN_ICON
    new_w, new_h = max(w, len(block.city.goods) * (g + 2) + 2), h + g + 2
    left = x - (new_w - w) / 2
    others = [r for r in taken if r is not own]
    for top in (y, y - g - 2):
        rect = pygame.Rect(int(left), int(top), int(new_w), int(new_h))
        if rect.collidelist(others) < 0:
            taken[:] = others + [rect]
            return LabelBlock(block.city, (left / zoom, top / zoom, new_w / zoom, new_h / zoom), block.name_size,
                              "glyph")
    return block


def area_text(label: AreaLabel) -> str:
    return " ".join(label.text.upper()) if label.kind == "region" else label.text


# Where an area name may move from its anchor, in mileposts, nearest first
# (half a milepost apart, at most two and a half away, sideways before up).
_NUDGES = sorted(((dx / 2, dy / 2) for dx in range(-5, 6) for dy in range(-5, 6) if dx * dx + dy * dy <= 25),
                 key=lambda d: (d[0] ** 2 + 2 * d[1] ** 2, abs(d[1]), d))


def place_area_labels(geom: BoardGeometry, style: CrayonStyle, zoom: float,
                      taken: list[pygame.Rect]) -> list[AreaLabel]:
    """Sea, lake and republic names, nudged around their anchor to miss city
    labels and markers; a name that fits nowhere is left out at this zoom."""
    spacing_px = geom.spacing * zoom
    if spacing_px < 6:
        return []
    wanted: list[tuple[str, str, Point, int]] = []
    sea = int(max(11, min(22, spacing_px * 0.6)))
    for water in geom.waters:
        if water.label_at is not None and (water.kind == "sea" or spacing_px >= 16):
            wanted.append((water.name, water.kind, water.label_at, sea if water.kind == "sea" else max(11, sea - 4)))
    if 18 <= spacing_px <= 40:
        region = int(max(11, min(26, spacing_px * 0.7)))
        wanted += [(name, "region", p, region) for name, p in geom.region_labels]
    out = []
    step = geom.spacing * zoom
    for text, kind, (x, y), size in wanted:
        label = AreaLabel(text, kind, (0, 0, 0, 0), size)
        w, h = theme.font(size, kind != "lake").size(area_text(label))
        for dx, dy in _NUDGES:
            rect = pygame.Rect(int(x * zoom - w / 2 + dx * step), int(y * zoom - h / 2 + dy * step), w, h)
            if rect.collidelist(taken) < 0:
                taken.append(rect)
                out.append(AreaLabel(text, kind, (rect.x / zoom, rect.y / zoom, w / zoom, h / zoom), size))
                break
    return out


def render_block(block: LabelBlock, style: CrayonStyle, spacing_px: float, zoom: float) -> pygame.Surface:
    """A city's name and goods as one transparent picture (drawn above the track)."""
    w, h = max(1, math.ceil(block.rect[2] * zoom) + 2), max(1, math.ceil(block.rect[3] * zoom) + 2)
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    name = halo_text(block.city.name, block.name_size, style.label, style.label_halo, block.city.kind != "small")
    surf.blit(name, name.get_rect(midtop=(w / 2, 0)))
    gy = name.get_height() - 1
    if block.goods_mode == "glyph":
        _glyphs(surf, style, block.city.goods, w / 2, gy, _glyph_size(spacing_px))
    elif block.goods_mode == "text":
        _goods_text(surf, style, block.city.goods, w / 2, gy, max(9, int(block.name_size * 0.72)))
    return surf


def _glyphs(surf: pygame.Surface, style: CrayonStyle, goods: Sequence[str], cx: float, y: float, g: int) -> None:
    x = cx - (len(goods) * (g + 2) - 2) / 2
    for good in goods:
        surf.blit(icon(style, good, g), (round(x), round(y)))
        x += g + 2


def _goods_text(surf: pygame.Surface, style: CrayonStyle, goods: Sequence[str], cx: float, y: float,
                size: int) -> None:
    for good in goods:
        colour = goods_colour(style, good)
        text = halo_text(good, size, colour, style.label_halo, True)
        rect = text.get_rect(midtop=(cx + (size + 4) / 2, y))
        sq = pygame.Rect(rect.left - size - 2, rect.top + 3, size - 2, size - 2)
        pygame.draw.rect(surf, colour, sq, border_radius=3)
        surf.blit(text, rect)
        y += size + 3
