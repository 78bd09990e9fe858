"""The game log box: every line of the game stays scrollable, yet adding a
line costs the same with 10 lines or 10,000.

pygame_gui's text box re-lays out its whole text for each appended line
(17 ms per line with 50 lines, 252 ms with 1,000), so the log draws itself:
each line is wrapped once when it arrives (words measured, nothing
rendered), and only the rows in view are rendered, from a bounded cache.
Lines are the small HTML the game scene writes: escaped text with names in
``<font color='#rrggbb'><b>…</b></font>``.
"""
from __future__ import annotations

import bisect
import html
import re
from collections import OrderedDict
from dataclasses import dataclass
from typing import Sequence

import pygame

from ui import theme

FONT_SIZE = 15
TITLE_H = 32  # the "Game log" title above the box (the scene draws it; layouts leave its room)
PAD_X, PAD_Y = 8, 6
BAR_W = 8  # scroll bar width (pixels)
WHEEL_ROWS = 3  # rows scrolled per mouse-wheel notch
RENDERED_ROWS = 400  # rendered rows kept (a few screenfuls); the rest are re-rendered when scrolled to
TAG = re.compile(r"<font color='(#[0-9a-fA-F]{6})'>|</font>|<b>|</b>")

Run = tuple[str, tuple[int, int, int], bool]  # text, colour, bold
Row = tuple[Run, ...]


def parse_runs(line: str) -> list[Run]:
    """The coloured and bold pieces of one log line."""
    runs: list[Run] = []
    colours = [theme.TEXT]
    bold = 0
    pos = 0
    for m in TAG.finditer(line):
        if m.start() > pos:
            runs.append((html.unescape(line[pos:m.start()]), colours[-1], bold > 0))
        tag = m.group(0)
        if m.group(1):
            r, g, b = (int(m.group(1)[i:i + 2], 16) for i in (1, 3, 5))
            colours.append((r, g, b))
        elif tag == "</font>" and len(colours) > 1:
            colours.pop()
        elif tag == "<b>":
            bold += 1
        elif tag == "</b>":
            bold = max(0, bold - 1)
        pos = m.end()
    if pos < len(line):
        runs.append((html.unescape(line[pos:]), colours[-1], bold > 0))
    return runs


def wrap_runs(runs: Sequence[Run], width: int) -> list[Row]:
    """Word-wrap runs into rows no wider than `width` pixels (a word wider
    than a row gets a row of its own)."""
    rows: list[list[Run]] = [[]]
    x = 0
    for text, colour, bold in runs:
        f = theme.font(FONT_SIZE, bold)
        for token in re.findall(r"\s+|\S+", text):
            w = f.size(token)[0]
            if token.isspace():
                if x > 0:
                    rows[-1].append((token, colour, bold))
                    x += w
                continue
            if x > 0 and x + w > width:
                rows.append([])
                x = 0
            rows[-1].append((token, colour, bold))
            x += w
    return [tuple(_merge(_strip_end(r))) for r in rows]


def _strip_end(row: list[Run]) -> list[Run]:
    while row and row[-1][0].isspace():
        row.pop()
    return row


def _merge(row: list[Run]) -> list[Run]:
    """Neighbouring pieces of the same look become one (fewer text renders)."""
    out: list[Run] = []
    for text, colour, bold in row:
        if out and out[-1][1] == colour and out[-1][2] == bold:
            out[-1] = (out[-1][0] + text, colour, bold)
        else:
            out.append((text, colour, bold))
    return out


@dataclass
class _Line:
    html: str
    rows: list[Row]


class LogBox:
    """The scrolling game log. `sync` every frame with the log's lines; the
    view follows the newest line unless the player scrolled up to read."""

    def __init__(self, rect: pygame.Rect) -> None:
        self.rect = pygame.Rect(rect)
        self._lines: list[_Line] = []
        self._starts: list[int] = [0]  # row index where each line begins, then the total
        self._scroll = 0  # rows between the bottom of the view and the last row
        self._rendered: OrderedDict[Row, pygame.Surface] = OrderedDict()
        self._drag: tuple[int, int] | None = None  # (mouse y, scroll) when the bar was grabbed
        self._edits = 0  # counts changes to the lines (the box's picture key)
        self._band: pygame.Surface | None = None  # the rows in view on the box's background, kept between draws
        self._band_rows: list[Row] = []  # the rows the band shows

    @property
    def row_h(self) -> int:
        return theme.font(FONT_SIZE).get_linesize() + 2

    @property
    def text_width(self) -> int:
        return max(40, self.rect.width - 2 * PAD_X - BAR_W - 2)

    @property
    def visible_rows(self) -> int:
        return max(1, (self.rect.height - 2 * PAD_Y) // self.row_h)

    @property
    def total_rows(self) -> int:
        return self._starts[-1]

    def set_rect(self, rect: pygame.Rect) -> None:
        """Move or resize; a new width re-wraps every line (words are only measured)."""
        rect = pygame.Rect(rect)
        if rect == self.rect:
            return
        rewrap = rect.width != self.rect.width
        self.rect = rect
        if rewrap:
            lines = [line.html for line in self._lines]
            self._lines, self._starts = [], [0]
            self._add(lines)
        self._clamp()

    def sync(self, lines: Sequence[str]) -> None:
        """Show `lines` (HTML): lines added at the end are wrapped; after an
        undo the changed tail is wrapped again."""
        keep = len(self._lines)
        if keep > len(lines) or (keep and self._lines[keep - 1].html != lines[keep - 1]):
            keep = 0
            while keep < min(len(self._lines), len(lines)) and self._lines[keep].html == lines[keep]:
                keep += 1
            del self._lines[keep:]
            del self._starts[keep + 1:]
            self._edits += 1
        if len(lines) > keep:
            before = self.total_rows
            self._add(lines[keep:])
            if self._scroll:  # reading older lines: the view stays where it is
                self._scroll += self.total_rows - before
        self._clamp()

    def _add(self, lines: Sequence[str]) -> None:
        self._edits += 1
        width = self.text_width
        for text in lines:
            line = _Line(text, wrap_runs(parse_runs(text), width))
            self._lines.append(line)
            self._starts.append(self._starts[-1] + len(line.rows))

    def _clamp(self) -> None:
        self._scroll = max(0, min(self._scroll, self.total_rows - self.visible_rows))

    def scroll_by(self, rows: int) -> None:
        """Positive rows scroll up, towards older lines."""
        self._scroll += rows
        self._clamp()

    def key(self) -> tuple[object, ...]:
        """What the box shows: equal keys draw the same pixels."""
        return (self._edits, self._scroll, tuple(self.rect), self._drag is None)

    def visible_text(self) -> list[str]:
        """The rows in view, as plain text (what a player reads now)."""
        return ["".join(run[0] for run in row) for row in self._view()]

    def _view(self) -> list[Row]:
        last = self.total_rows - self._scroll
        first = max(0, last - self.visible_rows)
        out: list[Row] = []
        i = bisect.bisect_right(self._starts, first) - 1
        while i < len(self._lines) and self._starts[i] < last:
            start = self._starts[i]
            out += [row for k, row in enumerate(self._lines[i].rows) if first <= start + k < last]
            i += 1
        return out

    # Input --------------------------------------------------------------------

    def _bar(self) -> tuple[pygame.Rect, pygame.Rect] | None:
        """The scroll bar's track and thumb (None when everything fits)."""
        total, shown = self.total_rows, self.visible_rows
        if total <= shown:
            return None
        track = pygame.Rect(self.rect.right - BAR_W - 3, self.rect.y + PAD_Y, BAR_W, self.rect.height - 2 * PAD_Y)
        h = max(24, track.height * shown // total)
        top = track.y + (track.height - h) * (total - shown - self._scroll) // (total - shown)
        return track, pygame.Rect(track.x, top, BAR_W, h)

    def handle_event(self, event: pygame.event.Event, mouse: tuple[int, int]) -> bool:
        """The wheel over the box (`mouse` is where the pointer is) scrolls;
        the bar's thumb can be dragged, a click on its track jumps there."""
        if event.type == pygame.MOUSEWHEEL:
            if self.rect.collidepoint(mouse):
                self.scroll_by(event.y * WHEEL_ROWS)
                return True
            return False
        if event.type == pygame.MOUSEMOTION:
            if self._drag is not None:
                self._drag_to(event.pos[1])
                return True
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            bar = self._bar()
            if bar is not None and bar[0].inflate(6, 0).collidepoint(event.pos):
                if not bar[1].collidepoint(event.pos):
                    self._drag = (bar[1].centery, self._scroll)
                    self._drag_to(event.pos[1])
                self._drag = (event.pos[1], self._scroll)
                return True
            return self.rect.collidepoint(event.pos)
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self._drag is not None:
            self._drag = None
            return True
        return False

    def _drag_to(self, y: int) -> None:
        bar = self._bar()
        if bar is None or self._drag is None:
            return
        track, thumb = bar
        span = max(1, track.height - thumb.height)
        start_y, start_scroll = self._drag
        rows = (self.total_rows - self.visible_rows) * (y - start_y) // span
        self._scroll = start_scroll - rows
        self._clamp()

    # Drawing ------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        """The box, every pixel of its rect but its rounded corners: the
        background only where the band of rows does not lie (above, below and
        beside it: filling under it too cost a fifth of a ms a paint)."""
        r, band_h = self.rect, self.visible_rows * self.row_h
        below = r.y + PAD_Y + band_h
        pygame.draw.rect(surface, theme.BG_DEEP, (r.x, r.y, r.w, PAD_Y), border_top_left_radius=4,
                         border_top_right_radius=4)
        pygame.draw.rect(surface, theme.BG_DEEP, (r.x, below, r.w, r.bottom - below), border_bottom_left_radius=4,
                         border_bottom_right_radius=4)
        surface.fill(theme.BG_DEEP, (r.x, r.y + PAD_Y, 2, band_h))
        surface.fill(theme.BG_DEEP, (r.right - 2, r.y + PAD_Y, 2, band_h))
        pygame.draw.rect(surface, theme.PANEL_EDGE, self.rect, 1, border_radius=4)
        clip = surface.get_clip()
        surface.set_clip(self.rect.inflate(-2, -2).clip(clip) if clip else self.rect.inflate(-2, -2))
        surface.blit(self._rows_band(surface), (self.rect.x + 2, self.rect.y + PAD_Y))
        bar = self._bar()
        if bar is not None:
            pygame.draw.rect(surface, theme.PANEL, bar[0], border_radius=4)
            pygame.draw.rect(surface, theme.PANEL_EDGE if self._drag is None else theme.ACCENT, bar[1],
                             border_radius=4)
        surface.set_clip(clip)

    def _rows_band(self, like: pygame.Surface) -> pygame.Surface:
        """The rows in view drawn on the box's background, the box's width
        less its border. A new line moves the view by whole rows: the rows
        still in view are shifted and only the new ones drawn (each row keeps
        to its own band of pixels, so that is the picture drawn anew)."""
        rows = self._view()
        size = (self.rect.width - 4, self.visible_rows * self.row_h)
        band = self._band
        if band is None or band.get_size() != size or band.get_masks() != like.get_masks():
            band = self._band = pygame.Surface(size, 0, like)
            self._band_rows = []
            kept = 0
        else:
            old = self._band_rows
            shift = next(k for k in range(len(old) + 1) if old[k:] == rows[:len(old) - k])
            kept = len(old) - shift
            band.scroll(0, -shift * self.row_h)
        band.fill(theme.BG_DEEP, (0, kept * self.row_h, size[0], size[1] - kept * self.row_h))
        for i in range(kept, len(rows)):
            band.blit(self._render(rows[i]), (PAD_X - 2, i * self.row_h))
        self._band_rows = rows
        return band

    def _render(self, row: Row) -> pygame.Surface:
        pic = self._rendered.get(row)
        if pic is not None:
            self._rendered.move_to_end(row)
            return pic
        pieces = [theme.font(FONT_SIZE, bold).render(text, True, colour) for text, colour, bold in row]
        pic = pygame.Surface((max(1, sum(p.get_width() for p in pieces)), self.row_h), pygame.SRCALPHA)
        x = 0
        for p in pieces:
            pic.blit(p, (x, 0))
            x += p.get_width()
        self._rendered[row] = pic
        while len(self._rendered) > RENDERED_ROWS:
            self._rendered.popitem(last=False)
        return pic
