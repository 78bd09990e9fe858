"""A board's pieces as parts that change on their own, so a move repaints
only the places that changed (dirty rectangles) instead of the whole board.

Each part says what it shows (`key`), the world rect it draws within and
how it draws. A board picture is its printed art with every part drawn on
it in order; after a move, each rect whose part changed is painted again
from the art up, with every part that reaches into it, clipped to it: the
same pixels as painting the whole picture anew.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable, Iterable, Sequence

import pygame

from ui.russian_railroads import geometry as g
from ui.russian_railroads.pen import Pen

MARGIN = 6.0  # world units round a part's own rect: anti-aliased edges and rounding to pixels stay inside
PATCH_AT_MOST = 0.5  # repaint in parts while the changed area is under this share of the picture


@dataclass(frozen=True)
class Part:
    key: tuple
    rect: g.WRect
    draw: Callable[[Pen], None] = field(compare=False, repr=False)


def part(key: tuple, draw: Callable[[Pen], None], *rects: g.WRect, pad: float = 0.0) -> Part:
    """A part drawing within `rects` (grown by `pad` and the margin)."""
    return Part(key, grow(union(rects), pad + MARGIN), draw)


def union(rects: Iterable[g.WRect]) -> g.WRect:
    rs = list(rects)
    x0, y0 = min(r[0] for r in rs), min(r[1] for r in rs)
    x1, y1 = max(r[0] + r[2] for r in rs), max(r[1] + r[3] for r in rs)
    return (x0, y0, x1 - x0, y1 - y0)


def grow(r: g.WRect, d: float) -> g.WRect:
    return (r[0] - d, r[1] - d, r[2] + 2 * d, r[3] + 2 * d)


def draw_parts(pen: Pen, parts: Sequence[Part]) -> None:
    for p in parts:
        p.draw(pen)


def signature(parts: Sequence[Part]) -> tuple[tuple[tuple, g.WRect], ...]:
    """What the parts show and where: equal signatures draw the same picture."""
    return tuple((p.key, p.rect) for p in parts)


def repaint_changed(pen: Pen, old: tuple[tuple[tuple, g.WRect], ...], parts: Sequence[Part],
                    paint_under: Callable[[Pen], None]) -> bool:
    """Turn `pen`'s picture of the parts `old` (a signature) into that of
    `parts`: every changed part's rect, old and new, is painted again with
    `paint_under` (the printed art) and each part reaching into it. False
    (nothing done) when too much changed for that to be quicker."""
    surface = pen.surface
    area = surface.get_rect()
    changed = {r for _, r in set(old).symmetric_difference(signature(parts))}  # a part changed in place: one rect
    dirty = [pen.view.rect(r).inflate(2, 2).clip(area) for r in changed]
    dirty = [d for d in dirty if d.width > 0 and d.height > 0]
    if sum(d.width * d.height for d in dirty) > PATCH_AT_MOST * area.width * area.height:
        return False
    placed = [(pen.view.rect(p.rect), p) for p in parts]
    old_clip = surface.get_clip()
    for d in dirty:
        surface.set_clip(d)
        paint_under(pen)
        draw_parts(pen, [p for r, p in placed if r.colliderect(d)])
    surface.set_clip(old_clip)
    return True
