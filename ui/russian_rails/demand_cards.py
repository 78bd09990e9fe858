"""Demand cards drawn like the printed ones: a paper card with three demands,
each naming the city, the good (its icon and name) and the payout. A row is
a hotspot: pointing at it marks the supply cities and the route on the map."""
from __future__ import annotations

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

ROW_H = 26  # one demand on a one-line card
ROW2_H = 40  # one demand on a two-line card (narrow cards)
PAD = 6
ICON = 20
TEXT = 14
PAYOUT_W = 44  # room for "47M"
_ONE_LINE: dict[int, int] = {}


def one_line_width(deck: Any) -> int:
    """The card width at which every demand of the deck (a game's
    `data.demands`) fits on one line; narrower cards write the good under the
    city. Per deck, so a game's cards keep one height all game."""
    hit = _ONE_LINE.get(id(deck))
    if hit is None:
        regular, bold = theme.font(TEXT, condensed=True), theme.font(TEXT, True, condensed=True)
        widest = max(regular.size(d.load)[0] + bold.size(d.city)[0] for card in deck.values() for d in card.demands)
        hit = _ONE_LINE[id(deck)] = widest + ICON + PAYOUT_W + 40
    return hit


def row_height(width: int, deck: Any) -> int:
    return ROW_H if width >= one_line_width(deck) else ROW2_H


def card_height(width: int, deck: Any) -> int:
    return 2 * PAD + 3 * row_height(width, deck) - 2


@dataclass(frozen=True)
class CardRow:
    rect: pygame.Rect
    key: tuple[int, int]  # (card, demand index)


def draw_card(surface: pygame.Surface, rect: pygame.Rect, card: int, demands: Sequence[Any],
              carried: Sequence[str], hot: tuple[int, int] | None, style: CrayonStyle, deck: Any) -> list[CardRow]:
    """One demand card in `rect` (as tall as `card_height(rect.width, deck)`);
    returns its rows for hovering."""
    pygame.draw.rect(surface, PAPER, rect, border_radius=7)
    pygame.draw.rect(surface, PAPER_EDGE, rect, 2, border_radius=7)
    rh = row_height(rect.width, deck)
    rows = []
    y = rect.top + PAD
    for i, d in enumerate(demands):
        row = pygame.Rect(rect.left + 3, y - 2, rect.width - 6, rh)
        if hot == (card, i):
            pygame.draw.rect(surface, HOT, row, border_radius=4)
        elif i:
            pygame.draw.line(surface, (214, 200, 168), (rect.left + 8, y - 2), (rect.right - 8, y - 2))
        _demand(surface, row, d, d.load in carried, style)
        rows.append(CardRow(row, (card, i)))
        y += rh
    return rows


@lru_cache(maxsize=512)
def _condensed(text: str, colour: RGB, bold: bool) -> pygame.Surface:
    return theme.font(TEXT, bold, condensed=True).render(text, True, colour)


def _demand(surface: pygame.Surface, row: pygame.Rect, d: Any, carried: bool, style: CrayonStyle) -> None:
    pay = theme.draw_text(surface, f"{d.payout}M", (row.right - 6, row.top + 4), 15, PAYOUT, True,
                          anchor="topright")
    x = row.left + 4
    one_line = row.height == ROW_H
    at = (x, row.centery - ICON // 2) if one_line else (x, row.top + 20)
    surface.blit(icon(style, d.load, ICON), at)
    if carried:  # the train already carries one: a green ring round the icon, the good in green
        pygame.draw.circle(surface, CARRIED, (at[0] + ICON // 2, at[1] + ICON // 2), ICON // 2 + 2, 2)
    ink = CARRIED if carried else INK
    if one_line:  # icon, good, city
        good = _condensed(d.load, ink, False)
        city = _condensed(d.city, INK, True)
        x += ICON + 6
        surface.blit(good, (x, row.top + 5))
        surface.blit(city, (max(x + good.get_width() + 8, pay.left - 8 - city.get_width()), row.top + 5))
    else:  # the city (bold) with the payout, then the good under it
        theme.draw_text(surface, d.city, (x, row.top + 3), TEXT, INK, True, max_width=pay.left - x - 6)
        theme.draw_text(surface, d.load + (" (on the train)" if carried else ""), (x + ICON + 4, row.top + 21), 13,
                        ink if carried else INK_DIM, max_width=row.width - ICON - 12)
