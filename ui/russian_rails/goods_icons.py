"""Goods icons of the crayon games, drawn by code: a chip in the good's
colour whose outline says what kind of good it is (a drop for liquids and
gases, a hexagon for ores and minerals, a leaf for what grows, a rounded box
for what is made, a round badge for people and rarities) with two letters naming
the good. The same picture is used on the demand cards and beside the
cities on the map, so a player matches them at a glance.
"""
from __future__ import annotations

import math

import pygame

from ui import theme
from ui.russian_rails.crayon_style import RGB, CrayonStyle, goods_abbrev, goods_colour

MIN_ICON = 18  # smallest icon: its two letters are then 11 px, the smallest text on screen
EDGE: RGB = (30, 24, 20)

# The kind of each good of Russian Rails and Lunar Rails (a good not listed is "made").
KINDS: dict[str, str] = {
    **dict.fromkeys(("Oil", "Natural Gas", "Vodka", "Wine", "Dairy", "Chemicals", "Beer", "Oxygen",
                     "Helium-3", "Rocket Fuel", "Ice", "Pharmaceuticals"), "liquid"),
    **dict.fromkeys(("Coal", "Iron Ore", "Steel", "Amber", "Bauxite", "Titanium Ore", "Rare Earths", "Thorium",
                     "Uranium", "Selenium", "Iron", "Silicon", "Glass"), "mineral"),
    **dict.fromkeys(("Timber", "Wheat", "Tea", "Citrus", "Potatoes", "Sugar", "Cotton", "Hydroponics", "Fish",
                     "Furs", "Caviar"), "grown"),
    **dict.fromkeys(("Tourists", "Circus", "Artifacts"), "people"),
}


def kind_of(good: str) -> str:
    return KINDS.get(good, "made")


def _outline(kind: str, rect: pygame.Rect) -> list[tuple[float, float]]:
    """The icon's outline as a polygon (the "made" box is drawn as a rounded rect instead)."""
    cx, cy, r = rect.centerx, rect.centery, rect.width / 2
    if kind == "mineral":
        return [(cx + r * math.cos(math.radians(a)), cy + r * math.sin(math.radians(a))) for a in range(0, 360, 60)]
    if kind == "liquid":  # a drop, point up
        pts: list[tuple[float, float]] = [(cx, rect.top)]
        for a in range(-40, 221, 10):
            t = math.radians(a)
            pts.append((cx + r * math.cos(t), cy + r * 0.3 + r * 0.7 * math.sin(t)))
        return pts
    if kind == "grown":
        return _leaf(cx, cy, r)
    if kind == "people":  # a round badge
        return [(cx + r * math.cos(math.radians(a)), cy + r * math.sin(math.radians(a))) for a in range(0, 360, 15)]
    return []


def _leaf(cx: float, cy: float, r: float) -> list[tuple[float, float]]:
    """Two arcs meeting in points at the top-right and bottom-left corners."""
    a, b = (cx - r * 0.95, cy + r * 0.95), (cx + r * 0.95, cy - r * 0.95)
    pts = []
    for side in (1, -1):
        for i in range(13):
            t = i / 12
            x = a[0] + (b[0] - a[0]) * t
            y = a[1] + (b[1] - a[1]) * t
            bulge = math.sin(math.pi * t) * r * 0.85 * side
            pts.append((x + bulge * 0.7071, y + bulge * 0.7071))
        a, b = b, a
    return pts


_CACHE: dict[tuple[str, int, int], pygame.Surface] = {}


def icon(style: CrayonStyle, good: str, size: int) -> pygame.Surface:
    """The icon of a good, `size` pixels square (at least MIN_ICON), cached."""
    size = max(MIN_ICON, size)
    key = (good, size, id(style))
    surf = _CACHE.get(key)
    if surf is not None:
        return surf
    colour = goods_colour(style, good)
    kind = kind_of(good)
    surf = _chip(kind, colour, size)
    ink = theme.text_on(colour)
    f = theme.font(max(11, int(size * 0.6)), True, condensed=True)
    text, halo = f.render(goods_abbrev(good), True, ink), f.render(goods_abbrev(good), True, theme.text_on(ink))
    at = text.get_rect(center=(size / 2, size / 2 + (2 if kind == "liquid" else 0)))
    for dx, dy in ((-1, 0), (1, 0), (0, -1), (0, 1)):  # letters stay readable where they leave the chip
        surf.blit(halo, at.move(dx, dy))
    surf.blit(text, at)
    if len(_CACHE) > 600:
        _CACHE.clear()
    _CACHE[key] = surf
    return surf


def _chip(kind: str, colour: RGB, size: int) -> pygame.Surface:
    """The outline of a kind of good filled with `colour`, without letters."""
    surf = pygame.Surface((size, size), pygame.SRCALPHA)
    rect = surf.get_rect().inflate(-2, -2)
    if kind == "made":
        pygame.draw.rect(surf, colour, rect, border_radius=max(3, size // 5))
        pygame.draw.rect(surf, EDGE, rect, 1, border_radius=max(3, size // 5))
    else:
        pts = _outline(kind, rect)
        pygame.draw.polygon(surf, colour, pts)
        pygame.draw.polygon(surf, EDGE, pts, 1)
    return surf


# The legend: each outline with the word for its kind, in the order a player meets them.
LEGEND: tuple[tuple[str, str], ...] = (("liquid", "liquid or gas"), ("mineral", "ore or mineral"),
                                       ("grown", "grown"), ("made", "made"), ("people", "people or rarity"))
LEGEND_COLOUR: RGB = (200, 190, 170)
LEGEND_TEXT = 13
LEGEND_GAP = 12


def legend_width() -> int:
    """The width `draw_legend` needs."""
    words = sum(theme.font(LEGEND_TEXT).size(word)[0] for _kind, word in LEGEND)
    return words + len(LEGEND) * (MIN_ICON + 4) + (len(LEGEND) - 1) * LEGEND_GAP


def draw_legend(surface: pygame.Surface, topleft: tuple[int, int], width: int) -> pygame.Rect:
    """What the icon outlines mean, flowed into lines of `width` from `topleft`
    (one line when `width` is legend_width()). Returns the rect covered."""
    x0, y = topleft
    x, line_h = x0, MIN_ICON + 4
    for kind, word in LEGEND:
        w = MIN_ICON + 4 + theme.font(LEGEND_TEXT).size(word)[0]
        if x > x0 and x + w > x0 + width:
            x, y = x0, y + line_h
        surface.blit(_chip(kind, LEGEND_COLOUR, MIN_ICON), (x, y))
        theme.draw_text(surface, word, (x + MIN_ICON + 4, y + MIN_ICON // 2), LEGEND_TEXT, theme.TEXT_DIM,
                        anchor="midleft")
        x += w + LEGEND_GAP
    return pygame.Rect(x0, topleft[1], width, y + MIN_ICON - topleft[1])
