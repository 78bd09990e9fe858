"""How a crayon game divides the window: the map as large as the window
allows, the rest for the panel.

Russia is a tall map: it fills the window's height and the width left over
becomes a wide panel of two columns (turn and demand cards | players and the
game log). The Moon is a wide map: it fills the width above a strip with the
three demand cards, beside a narrow panel. Whichever way shows the map larger
is taken, so any map and window size works.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

import pygame

from ui.log_box import TITLE_H as LOG_TITLE_H

WIDE_MIN = 560  # narrowest two-column panel: two columns of 270 px
WIDE_MAX = 1180  # wider than this the map gets the extra width (it is taller than wide anyway)
GAP = 10  # between the two columns
LOG_MIN_H = 150  # the game log keeps at least this much height
LOG_SHARE = 6  # ... but under the narrow panel's controls at most a sixth of a short panel (5 lines at 720 px)
SHORT_COLUMN_H = 700  # a docked column shorter than this at its tallest (1280x720: 514 px), or a wide panel's
# first column shorter than this (1280x720: 664 px), writes its buttons shorter and its notes on one line, so
# the player's own turn late in a six-player game keeps every row in view
TRAIN_LEFT_MIN_H = 900  # a wide panel this tall has room for the train under the events (1920x1080: the
# players' column then leaves the log more lines); shorter, the train stays under the players


@dataclass(frozen=True)
class Split:
    panel_w: int
    dock_h: int

    @property
    def wide(self) -> bool:
        """Two columns in the side panel (the cards are in the left one)."""
        return self.dock_h == 0


def _scale(board_w: int, board_h: int, frame: tuple[float, float], margin: float) -> float:
    fw, fh = frame
    usable = 1 - 2 * margin
    return min(board_w * usable / fw, board_h * usable / fh)


def split(area: tuple[int, int], frame: tuple[float, float], narrow_w: int,
          dock_height: Callable[[int], int], margin: float) -> Split:
    """The layout that shows the map (world size `frame`, fitted with
    `margin` on each side) largest in `area` (the window below the top bar);
    `narrow_w` is the shell's usual panel, `dock_height(width)` the height of
    a card strip that wide."""
    w, h = area
    fw, fh = frame
    fitted_w = int(h * fw / fh) + 1  # the board width at which the map fills the height exactly
    wide = Split(max(WIDE_MIN, min(WIDE_MAX, w - fitted_w)), 0)
    docked = Split(narrow_w, dock_height(w - narrow_w))
    wide_scale = _scale(w - wide.panel_w, h, frame, margin)
    dock_scale = _scale(w - docked.panel_w, h - docked.dock_h, frame, margin)
    return wide if wide_scale >= dock_scale else docked


@dataclass(frozen=True)
class Columns:
    """The side panel's regions (screen pixels)."""

    main: pygame.Rect  # controls, cards (wide) or controls, events, players (docked)
    side: pygame.Rect | None  # wide only: players and the train, above the log
    log: pygame.Rect


def tallest_main(panel: pygame.Rect) -> int:
    """The docked panel's column at its tallest: the log below keeps at most
    LOG_MIN_H, or a sixth of a short panel (the controls come first)."""
    return panel.height - min(LOG_MIN_H, panel.height // LOG_SHARE) - LOG_TITLE_H - 8


def columns(panel: pygame.Rect, wide: bool, content_h: int) -> Columns:
    """Wide: the left column runs the full height; the right column holds the
    players (as tall as they need, leaving the log LOG_MIN_H) over the log.
    Docked: one column, as tall as its content has been this game (at most
    leaving the log LOG_MIN_H, or a sixth of a short panel), over the log. `content_h` is the height that
    area's content needs."""
    log_room = LOG_MIN_H + LOG_TITLE_H + 8
    if wide:
        half = (panel.width - GAP) // 2
        left = pygame.Rect(panel.x, panel.y, half, panel.height)
        right_x = left.right + GAP
        right_w = panel.right - right_x
        top_h = max(120, min(content_h, panel.height - log_room))
        side = pygame.Rect(right_x, panel.y, right_w, top_h)
        log_top = side.bottom + LOG_TITLE_H
        return Columns(left, side, pygame.Rect(right_x + 8, log_top, right_w - 16, panel.bottom - log_top - 8))
    main_h = max(panel.height // 3, min(content_h, tallest_main(panel)))
    main = pygame.Rect(panel.x, panel.y, panel.width, main_h)
    log_top = main.bottom + LOG_TITLE_H
    return Columns(main, None, pygame.Rect(panel.x + 8, log_top, panel.width - 16, panel.bottom - log_top - 8))
