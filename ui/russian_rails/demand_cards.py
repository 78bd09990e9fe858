"""Demand cards drawn like the printed ones: a paper card with three demands,
each naming the city, the good (its icon and name) and the payout. A row is
a hotspot: pointing at it marks the supply cities and the route on the map."""
from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Sequence

import pygame

from ui import theme
from ui.russian_rails.crayon_style import RGB, CrayonStyle
from ui.russian_rails.goods_icons import icon

PAPER: RGB = (240, 231, 207)
PAPER_EDGE: RGB = (140, 116, 80)
INK: RGB = (44, 34, 26)
INK_DIM: RGB = (112, 96, 76)
PAYOUT: RGB = (150, 34, 26)
HOT: RGB = (255, 236, 150)
CARRIED: RGB = (40, 120, 60)

PAD = 6


@dataclass(frozen=True)
class Look:
    """Sizes of a card's rows (pixels)."""

    row_h: int  # one demand on a one-line card
    row2_h: int  # one demand on a two-line card (the good under the city)
    icon: int
    text: int
    payout: int


NORMAL = Look(26, 40, 20, 14, 15)
LARGE = Look(32, 48, 24, 16, 17)  # wide columns (1920×1080): larger type and icons
HUGE = Look(42, 60, 30, 20, 21)  # the tall panel column at 1920×1080, which has the height to spare
LARGE_SLACK = 60  # a card is drawn in a larger look when this much wider than its one-line width
LOOKS = (NORMAL, LARGE)  # the card strip under a map: its height is taken from the map
PANEL_LOOKS = (NORMAL, LARGE, HUGE)  # a panel column running the window's full height
_ONE_LINE: dict[tuple[int, Look], int] = {}


def one_line_width(deck: Any, look: Look = NORMAL) -> int:
    """The card width at which every demand of the deck (a game's
    `data.demands`) fits on one line; narrower cards write the good under the
    city. Per deck, so a game's cards keep one height all game."""
    key = (id(deck), look)
    hit = _ONE_LINE.get(key)
    if hit is None:
        regular, bold = theme.font(look.text, condensed=True), theme.font(look.text, True, condensed=True)
        widest = max(regular.size(d.load)[0] + bold.size(d.city)[0] for card in deck.values() for d in card.demands)
        hit = _ONE_LINE[key] = widest + look.icon + 3 * look.payout + 40
    return hit


def look_for(width: int, deck: Any, looks: Sequence[Look] = LOOKS) -> Look:
    """The largest of `looks` whose one-line card fits `width` with room to spare."""
    fitting = [look for look in looks[1:] if width >= one_line_width(deck, look) + LARGE_SLACK]
    return fitting[-1] if fitting else looks[0]


def row_height(width: int, deck: Any, looks: Sequence[Look] = LOOKS) -> int:
    look = look_for(width, deck, looks)
    return look.row_h if width >= one_line_width(deck, look) else look.row2_h


def card_height(width: int, deck: Any, looks: Sequence[Look] = LOOKS) -> int:
    return 2 * PAD + 3 * row_height(width, deck, looks) - 2


@dataclass(frozen=True)
class CardRow:
    rect: pygame.Rect
    key: tuple[int, int]  # (card, demand index)


def draw_card(surface: pygame.Surface, rect: pygame.Rect, card: int, demands: Sequence[Any],
              carried: Sequence[str], hot: tuple[int, int] | None, style: CrayonStyle, deck: Any,
              looks: Sequence[Look] = LOOKS) -> list[CardRow]:
    """One demand card in `rect` (as tall as `card_height(rect.width, deck,
    looks)`); returns its rows for hovering."""
    rh = row_height(rect.width, deck, looks)
    surface.blit(card_picture(rect.size, tuple(demands), tuple(d.load in carried for d in demands),
                              hot[1] if hot is not None and hot[0] == card else None, style,
                              look_for(rect.width, deck, looks), rh), rect)
    return [CardRow(pygame.Rect(rect.left + 3, rect.top + PAD - 2 + i * rh, rect.width - 6, rh), (card, i))
            for i in range(len(demands))]


CARD_PICTURES = 64  # card pictures kept: a few hands in each look and hover state
_PICTURES: OrderedDict[tuple[Any, ...], pygame.Surface] = OrderedDict()


def card_picture(size: tuple[int, int], demands: tuple[Any, ...], carried: tuple[bool, ...], hot: int | None,
                 style: CrayonStyle, look: Look, rh: int) -> pygame.Surface:
    """A card's picture, drawn once per thing it shows (its demands, which
    of them the train carries, the row under the mouse, its size and look)
    and kept: the side panel is painted again after every move, its cards
    seldom change."""
    key = (size, demands, carried, hot, id(style), look, rh)
    pic = _PICTURES.get(key)
    if pic is not None:
        _PICTURES.move_to_end(key)
        return pic
    pic = pygame.Surface(size, pygame.SRCALPHA)
    rect = pic.get_rect()
    pygame.draw.rect(pic, PAPER, rect, border_radius=7)
    pygame.draw.rect(pic, PAPER_EDGE, rect, 2, border_radius=7)
    y = PAD
    for i, d in enumerate(demands):
        row = pygame.Rect(3, y - 2, rect.width - 6, rh)
        if hot == i:
            pygame.draw.rect(pic, HOT, row, border_radius=4)
        elif i:
            pygame.draw.line(pic, (214, 200, 168), (8, y - 2), (rect.right - 8, y - 2))
        _demand(pic, row, d, carried[i], style, look)
        y += rh
    _PICTURES[key] = pic
    while len(_PICTURES) > CARD_PICTURES:
        _PICTURES.popitem(last=False)
    return pic


@lru_cache(maxsize=512)
def _condensed(text: str, size: int, colour: RGB, bold: bool) -> pygame.Surface:
    return theme.font(size, bold, condensed=True).render(text, True, colour)


def _demand(surface: pygame.Surface, row: pygame.Rect, d: Any, carried: bool, style: CrayonStyle,
            look: Look) -> None:
    pay = theme.draw_text(surface, f"{d.payout}M", (row.right - 6, row.centery if row.height == look.row_h
                                                    else row.top + 3), look.payout, PAYOUT, True,
                          anchor="midright" if row.height == look.row_h else "topright")
    x = row.left + 4
    one_line = row.height == look.row_h
    size = look.icon
    at = (x, row.centery - size // 2) if one_line else (x, row.bottom - size - 3)
    surface.blit(icon(style, d.load, size), at)
    if carried:  # the train already carries one: a green ring round the icon, the good in green
        pygame.draw.circle(surface, CARRIED, (at[0] + size // 2, at[1] + size // 2), size // 2 + 2, 2)
    ink = CARRIED if carried else INK
    if one_line:  # icon, good, city
        good = _condensed(d.load, look.text, ink, False)
        city = _condensed(d.city, look.text, INK, True)
        x += size + 6
        surface.blit(good, good.get_rect(midleft=(x, row.centery)))
        right = max(x + good.get_width() + 8, pay.left - 8 - city.get_width())
        surface.blit(city, city.get_rect(midleft=(right, row.centery)))
    else:  # the city (bold) with the payout, then the good under it
        theme.draw_text(surface, d.city, (x, row.top + 3), look.text, INK, True, max_width=pay.left - x - 6)
        theme.draw_text(surface, d.load + (" (on the train)" if carried else ""),
                        (x + size + 4, at[1] + size // 2), look.text - 1, ink if carried else INK_DIM, anchor="midleft",
                        max_width=row.width - size - 12)
