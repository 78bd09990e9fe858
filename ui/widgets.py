"""Small helpers on top of pygame_gui: one-line constructors with our object
ids, and drawing helpers for panels and cards."""
from __future__ import annotations

import html
from functools import lru_cache
from typing import Any, Sequence

import pygame
import pygame_gui
from pygame_gui.core import ObjectID
from pygame_gui.elements import UIButton, UIDropDownMenu, UILabel

from ui import theme


def button(ui: pygame_gui.UIManager, rect: pygame.Rect | Sequence[int], text: str,
           tooltip: str | None = None, accent: bool = False) -> UIButton:
    """A themed button; `accent` marks the screen's main action."""
    oid = ObjectID(object_id="#accent_button") if accent else None
    return UIButton(pygame.Rect(rect), text, ui, tool_tip_text=tooltip, object_id=oid)


def drop_down(ui: pygame_gui.UIManager, options: list[tuple[str, str]], start: tuple[str, str],
              rect: pygame.Rect | Sequence[int]) -> UIDropDownMenu:
    """A drop-down that opens upward when it sits low on the screen, so its
    list never runs off the bottom of the window."""
    rect = pygame.Rect(rect)
    low = rect.bottom > ui.window_resolution[1] * 0.6
    oid = ObjectID(object_id="#drop_up") if low else None
    return UIDropDownMenu(list(options), start, rect, ui, object_id=oid)


def label(ui: pygame_gui.UIManager, rect: pygame.Rect | Sequence[int], text: str,
          style: str | None = None) -> UILabel:
    """style: None, "title", "heading" or "dim" (see theme.gui_theme)."""
    oid = ObjectID(object_id=f"#{style}_label") if style else None
    return UILabel(pygame.Rect(rect), text, ui, object_id=oid)


def hex_colour(rgb: Sequence[int]) -> str:
    return "#{:02x}{:02x}{:02x}".format(*rgb[:3])


def escape(text: str) -> str:
    return html.escape(text, quote=False)


def draw_panel(surface: pygame.Surface, rect: pygame.Rect, colour: Sequence[int] = theme.PANEL,
               edge: Sequence[int] = theme.PANEL_EDGE, radius: int = 10, width: int = 1) -> None:
    pygame.draw.rect(surface, colour, rect, border_radius=radius)
    if width:
        pygame.draw.rect(surface, edge, rect, width, border_radius=radius)


HOLE_CORNER = 4  # the corner squares `around` fills inside the hole: a box's border radius
FILL_ALIGN = 16  # bytes: SDL fills a row starting on this boundary about 4× faster (0.2 against 0.9 ms for the panel)


def fill_rect(surface: pygame.Surface, colour: Sequence[int], rect: pygame.Rect) -> None:
    """`surface.fill(colour, rect)`, as fast when `rect` starts off a 16-byte
    boundary (a side panel at x = 850): the few leading columns are drawn
    as lines, the rest filled from the boundary."""
    rect = pygame.Rect(rect).clip(surface.get_rect())
    bpp = surface.get_bytesize()
    lead = (-rect.x * bpp) % FILL_ALIGN // bpp if FILL_ALIGN % bpp == 0 else 0
    lead = min(lead, rect.width)
    for x in range(rect.x, rect.x + lead):
        pygame.draw.line(surface, colour, (x, rect.top), (x, rect.bottom - 1))
    surface.fill(colour, (rect.x + lead, rect.y, rect.width - lead, rect.height))


def around(outer: pygame.Rect, hole: pygame.Rect) -> list[pygame.Rect]:
    """`outer` less `hole`, in up to four rects (above, below, left and right
    of it); the corners a rounded `hole` leaves are small squares of their own."""
    hole = hole.clip(outer)
    if not hole.width or not hole.height:
        return [pygame.Rect(outer)]
    parts = [pygame.Rect(outer.x, outer.y, outer.width, hole.y - outer.y),
             pygame.Rect(outer.x, hole.bottom, outer.width, outer.bottom - hole.bottom),
             pygame.Rect(outer.x, hole.y, hole.x - outer.x, hole.height),
             pygame.Rect(hole.right, hole.y, outer.right - hole.right, hole.height)]
    corner = HOLE_CORNER
    parts += [pygame.Rect(x, y, corner, corner) for x in (hole.x, hole.right - corner)
              for y in (hole.y, hole.bottom - corner)]
    return [r for r in parts if r.width > 0 and r.height > 0]


def round_corners(surface: pygame.Surface, radius: int, bottom: bool = True) -> pygame.Surface:
    """A copy of `surface` with rounded corners (top corners only if not `bottom`)."""
    w, h = surface.get_size()
    out = pygame.Surface((w, h), pygame.SRCALPHA)
    pygame.draw.rect(out, (255, 255, 255, 255), (0, 0, w, h + (0 if bottom else 2 * radius)),
                     border_radius=radius)
    out.blit(surface, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    return out


def vertical_gradient(size: tuple[int, int], top: Sequence[int], bottom: Sequence[int]) -> pygame.Surface:
    """A surface fading from `top` to `bottom` colour (built once, then cached by callers)."""
    w, h = size
    strip = pygame.Surface((1, 2))
    strip.set_at((0, 0), tuple(top[:3]))
    strip.set_at((0, 1), tuple(bottom[:3]))
    return pygame.transform.smoothscale(strip, (max(1, w), max(1, h)))


def fix_line_break_wrapping() -> None:
    """Work around a pygame_gui 0.6.14 layout quirk: a line break is 4 px wide,
    so a log line ending within 4 px of the box edge pushed its break onto a
    row of its own and left a stray blank line. A break needs no width."""
    from pygame_gui.core.text.line_break_layout_rect import LineBreakLayoutRect

    if getattr(LineBreakLayoutRect, "_railtable_zero_width", False):
        return
    original = LineBreakLayoutRect.__init__

    def init(self: Any, dimensions: tuple[int, int], font: Any) -> None:
        original(self, (0, dimensions[1]), font)

    setattr(LineBreakLayoutRect, "__init__", init)
    setattr(LineBreakLayoutRect, "_railtable_zero_width", True)


BANNER_SIZES = (18, 15, 13)  # (chosen) px of a banner's text, smaller only when the larger would be cut


BANNER_LINES = 3  # (chosen) lines a banner keeps to while a smaller size holds the text
BANNER_PAD = 24  # (chosen) px between a banner's text and its sides
NARROW_BANNER = (400, 14)  # (chosen) a banner at most this wide (in a panel column) keeps this padding


def banner_pad(max_width: int) -> int:
    """The padding each side of a banner's text: less in a panel column's
    narrow banner, where every word a line holds saves a line."""
    return NARROW_BANNER[1] if max_width <= NARROW_BANNER[0] else BANNER_PAD


def _banner_text_width(max_width: int) -> int:
    return max_width - 2 * banner_pad(max_width)


def banner_lines(text: str, max_width: int, max_lines: int = BANNER_LINES) -> tuple[int, list[str]]:
    """The banner's text size and lines: the largest of BANNER_SIZES that
    holds the text in BANNER_LINES lines, else the smallest on up to
    `max_lines` lines, the last ending in "…" where the rest is cut."""
    for size in BANNER_SIZES:
        lines = theme.wrap_text(text, size, _banner_text_width(max_width), bold=True)
        if len(lines) <= BANNER_LINES:
            break
    if len(lines) > max_lines:
        lines = lines[:max_lines - 1] + [theme.ellipsize(" ".join(lines[max_lines - 1:]), size, True,
                                                          _banner_text_width(max_width))]
    return size, lines


@lru_cache(maxsize=32)
def banner_cut(text: str, max_width: int, max_lines: int) -> bool:
    """Whether `banner_lines` cuts `text` (it does only at the smallest size)."""
    return len(theme.wrap_text(text, BANNER_SIZES[-1], _banner_text_width(max_width), bold=True)) > max_lines


@lru_cache(maxsize=32)
def banner_surface(text: str, colour: tuple[int, int, int], max_width: int,
                   max_lines: int = BANNER_LINES) -> pygame.Surface:
    """The refusal/info banner: `banner_lines` on a tinted rounded box."""
    size, lines = banner_lines(text, max_width, max_lines)
    step = size + 4
    width = min(max_width, max(theme.font(size, True).size(line)[0] for line in lines) + 2 * banner_pad(max_width))
    box = pygame.Surface((width, step * len(lines) + 20), pygame.SRCALPHA)
    pygame.draw.rect(box, (*(int(c * 0.55) for c in colour), 240), box.get_rect(), border_radius=10)
    pygame.draw.rect(box, (*colour, 255), box.get_rect(), 2, border_radius=10)
    for i, line in enumerate(lines):
        theme.draw_text(box, line, (width // 2, 10 + step * i), size, theme.TEXT, True, "midtop")
    return box


@lru_cache(maxsize=64)
def tooltip_surface(text: str) -> pygame.Surface:
    lines = theme.wrap_text(text, 15, 320)
    w = max(theme.font(15).size(line)[0] for line in lines) + 20
    tip = pygame.Surface((w, 20 * len(lines) + 12), pygame.SRCALPHA)
    draw_panel(tip, tip.get_rect(), (20, 17, 14), theme.ACCENT, 6)
    for i, line in enumerate(lines):
        theme.draw_text(tip, line, (10, 6 + 20 * i), 15)
    return tip
