"""Decision dialogs docked on the right of the board: a title, then items in
reading order — text, dice rows, option cards (companies, start cities,
tycoons, stock targets), amount steppers (loans, stocks, dividends) and
buttons.

A dialog is plain data built by the controller from the state; layout is a
pure function shared by drawing and click handling, so what is drawn is
exactly what is clickable.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Union

import pygame

from game.core.words import counted
from ui import theme
from ui.regional_rails.dice import DOCK_WIDTH, draw_die

RGB = tuple[int, int, int]
PAD = 14
MAX_WIDTH = DOCK_WIDTH - 24  # the controller keeps a strip this wide (or narrower) free at fit zoom
MIN_WIDTH = 320  # narrowest dialog whose steppers and dice rows still fit
TOP_GAP = 56  # below the phase bar
LINE_H = 20
BUTTON_H = 34
CARD_H = 52
COMPACT_CARD_H = 44  # option cards two to a row when a dialog must fit a short window
STEPPER_H = 56
DIE = 30
CUE_H = 18  # a scrolling dialog's line under its rows: what is above or below


@dataclass
class Text:
    text: str
    heading: bool = False
    hint: bool = False  # a hint's words, in the hint colour


@dataclass
class Dice:
    """A roll shown in the dialog: its label (with the total) and its dice
    (empty when only the total is known, e.g. after loading a save)."""

    label: str
    values: list[int] = field(default_factory=list)


@dataclass
class Button:
    label: str
    key: Any  # what the controller does when pressed (usually an Action)
    enabled: bool = True
    accent: bool = False
    hinted: bool = False  # the hint's choice: outlined in the hint colour


@dataclass
class Option:
    """A card to pick: a company, tycoon, start city or stock target."""

    label: str
    detail: str
    key: Any
    enabled: bool = True
    colour: RGB | None = None
    selected: bool = False
    hinted: bool = False


@dataclass
class Stepper:
    """Choose an amount in lo..hi; `describe` says what each value means."""

    name: str
    label: str
    lo: int
    hi: int
    value: int
    describe: dict[int, str] = field(default_factory=dict)
    hinted: bool = False

    def clamp(self) -> None:
        self.value = max(self.lo, min(self.hi, self.value))


Item = Union[Text, Dice, Option, Stepper, Button]


@dataclass
class Dialog:
    title: str
    items: list[Item] = field(default_factory=list)
    columns: int = 1  # option cards per row

    def of_type(self, kind: type) -> list[Any]:
        return [i for i in self.items if isinstance(i, kind)]

    @property
    def buttons(self) -> list[Button]:
        return self.of_type(Button)

    @property
    def options(self) -> list[Option]:
        return self.of_type(Option)

    @property
    def steppers(self) -> list[Stepper]:
        return self.of_type(Stepper)


@dataclass
class DialogLayout:
    rect: pygame.Rect
    titles: list[str] = field(default_factory=list)
    placed: list[tuple[Item, pygame.Rect, list[str]]] = field(default_factory=list)  # item, rect, text lines
    body: pygame.Rect | None = None  # a window too short for the dialog: the rows that scroll (above Continue)
    scroll: int = 0  # rows of the body scrolled out above
    max_scroll: int = 0
    rows: int = 0  # rows in the whole body

    def rect_of(self, item: Item) -> pygame.Rect:
        return next(r for i, r, _ in self.placed if i is item)

    @staticmethod
    def minus(row: pygame.Rect) -> pygame.Rect:
        return pygame.Rect(row.x + 110, row.y + 2, 34, 30)

    @staticmethod
    def plus(row: pygame.Rect) -> pygame.Rect:
        return pygame.Rect(row.x + 190, row.y + 2, 34, 30)


def _card_h(dialog: Dialog, cols: int) -> int:
    rows = (len(dialog.options) + cols - 1) // max(1, cols)
    return CARD_H if rows <= 12 else CARD_H - 6


def layout(viewport: pygame.Rect, dialog: Dialog, width: int = MAX_WIDTH, scroll: int = 0) -> DialogLayout:
    """Dock the dialog on the right of the board, under the phase bar. A
    dialog too tall for the window (the Income phase's stock targets with six
    railroads at 1280×720) sets its option cards two to a row, lower, so its
    last button stays in view; still too tall (1024×600), its rows above that
    button scroll, `scroll` rows out above."""
    lay, bottom = _place(viewport, dialog, width, max(1, dialog.columns), _card_h(dialog, dialog.columns))
    if bottom > viewport.bottom - 12 and dialog.columns == 1 and len(dialog.options) >= 3:
        lay, bottom = _place(viewport, dialog, width, 2, COMPACT_CARD_H)
    if bottom > viewport.bottom - 12:
        _scroll_body(lay, viewport.bottom - 12, scroll)
    lay.rect.height = min(bottom - lay.rect.y, viewport.bottom - lay.rect.y - 12)
    return lay


def _scroll_body(lay: DialogLayout, bottom: int, scroll: int) -> None:
    """On a window too short for the whole dialog, its last button (the one
    that moves the game on) keeps its place at the bottom and the rows above
    it scroll: the rows from the `scroll`-th that fit are shown (each whole;
    the rest are neither drawn nor clickable), so every item can be reached
    and play never sticks."""
    item, rect, lines = lay.placed[-1]
    pinned = [(item, pygame.Rect(rect.x, bottom - PAD - 2 - BUTTON_H, rect.w, BUTTON_H), lines)]
    if not isinstance(item, Button):
        pinned = []
    body = lay.placed[:len(lay.placed) - len(pinned)]
    body_bottom = (pinned[0][1].y - 6 if pinned else bottom - PAD) - CUE_H
    tops = sorted({r.y for _, r, _ in body})
    if not tops:
        lay.placed = pinned
        return

    def shown(k: int) -> list[tuple[Item, pygame.Rect, list[str]]]:
        shift = tops[k] - tops[0]
        moved = [(i, r.move(0, -shift), ls) for i, r, ls in body if r.y >= tops[k]]
        return [p for p in moved if p[1].bottom <= body_bottom]

    lay.max_scroll = next((k for k in range(len(tops)) if len(shown(k)) == sum(r.y >= tops[k] for _, r, _ in body)),
                          len(tops) - 1)
    lay.scroll = max(0, min(scroll, lay.max_scroll))
    lay.rows = len(tops)
    lay.body = pygame.Rect(lay.rect.x, tops[0], lay.rect.w, body_bottom + CUE_H - tops[0])
    lay.placed = shown(lay.scroll) + pinned


def scroll_to(viewport: pygame.Rect, dialog: Dialog, width: int, item: Item) -> int:
    """The scroll (in rows) that brings `item` into view: a hinted card or
    button below the fold is shown."""
    lay = layout(viewport, dialog, width)
    for k in range(lay.max_scroll + 1):
        if item in [i for i, _, _ in layout(viewport, dialog, width, k).placed]:
            return k
    return 0


def bar_rects(lay: DialogLayout) -> tuple[pygame.Rect, pygame.Rect] | None:
    """The scrolling body's bar along the dialog's right edge and its thumb
    (the rows in view); None when the whole dialog is shown."""
    if lay.body is None or not lay.max_scroll:
        return None
    track = pygame.Rect(lay.rect.right - 10, lay.body.y, 6, lay.body.h)
    visible = lay.rows - lay.max_scroll
    h = min(track.h, max(24, track.h * visible // lay.rows))  # a thumb easy to see, never taller than the track
    top = track.y + (track.h - h) * lay.scroll // lay.max_scroll
    return track, pygame.Rect(track.x, top, track.w, h)


def _place(viewport: pygame.Rect, dialog: Dialog, width: int, cols: int, card_h: int) -> tuple[DialogLayout, int]:
    """The items placed in reading order with `cols` option cards per row; and the dialog's bottom."""
    width = min(width, viewport.width - 40)
    inner = width - 2 * PAD
    titles = theme.wrap_text(dialog.title, 19, inner, bold=True)[:2]
    top = viewport.y + TOP_GAP
    lay = DialogLayout(pygame.Rect(viewport.right - width - 12, top, width, 0), titles)
    x0 = lay.rect.x + PAD
    y = top + PAD + 26 * len(titles) + 4
    card_w = (inner - (cols - 1) * 6) // cols
    col = 0
    for item in dialog.items:
        if not isinstance(item, Option) and col:
            y += card_h + 6
            col = 0
        if isinstance(item, Text):
            size = 16 if item.heading else 15
            lines = theme.wrap_text(item.text, size, inner, bold=item.heading or item.hint)
            gap = 6 if item.heading else 0
            lay.placed.append((item, pygame.Rect(x0, y + gap, inner, len(lines) * LINE_H), lines))
            y += len(lines) * LINE_H + gap + 2
        elif isinstance(item, Dice):
            lay.placed.append((item, pygame.Rect(x0, y, inner, DIE), []))
            y += DIE + 8
        elif isinstance(item, Option):
            lay.placed.append((item, pygame.Rect(x0 + col * (card_w + 6), y, card_w, card_h), []))
            col += 1
            if col == cols:
                y += card_h + 6
                col = 0
        elif isinstance(item, Stepper):
            lay.placed.append((item, pygame.Rect(x0, y, inner, STEPPER_H), []))
            y += STEPPER_H + 6
        elif isinstance(item, Button):
            lay.placed.append((item, pygame.Rect(x0, y, inner, BUTTON_H), []))
            y += BUTTON_H + 8
    if col:
        y += card_h + 6
    return lay, y + PAD - 6


def draw_dialog(surface: pygame.Surface, viewport: pygame.Rect, dialog: Dialog,
                hover: tuple[int, int] | None = None, lay: DialogLayout | None = None) -> DialogLayout:
    lay = lay or layout(viewport, dialog)
    r = lay.rect
    shade = pygame.Surface(r.inflate(8, 8).size, pygame.SRCALPHA)
    shade.fill((0, 0, 0, 90))
    surface.blit(shade, r.inflate(8, 8).move(3, 3))
    pygame.draw.rect(surface, theme.PANEL, r, border_radius=10)
    pygame.draw.rect(surface, theme.ACCENT, r, 2, border_radius=10)
    for i, title in enumerate(lay.titles):
        theme.draw_text(surface, title, (r.x + PAD, r.y + PAD + 26 * i), 19, theme.ACCENT, bold=True,
                        max_width=r.w - 2 * PAD)
    bar = bar_rects(lay)
    if bar is not None:
        track, thumb = bar
        pygame.draw.rect(surface, (34, 29, 25), track, border_radius=3)
        pygame.draw.rect(surface, theme.ACCENT if hover and track.collidepoint(hover) else (150, 128, 100), thumb,
                         border_radius=3)
        theme.draw_text(surface, scroll_cue(lay), (r.x + PAD, track.bottom - CUE_H + 2), 13, theme.TEXT_DIM,
                        max_width=r.w - 2 * PAD)
    for item, rect, lines in lay.placed:
        hovered = hover is not None and rect.collidepoint(hover)
        if isinstance(item, Text):
            ink = theme.GOOD if item.hint else theme.HIGHLIGHT if item.heading else theme.TEXT
            for k, line in enumerate(lines):
                theme.draw_text(surface, line, (rect.x, rect.y + k * LINE_H), 16 if item.heading else 15,
                                ink, bold=item.heading or item.hint)
        elif isinstance(item, Dice):
            _draw_dice(surface, rect, item)
        elif isinstance(item, Option):
            _draw_option(surface, rect, item, hovered)
        elif isinstance(item, Stepper):
            _draw_stepper(surface, item, rect)
        elif isinstance(item, Button):
            draw_button(surface, rect, item.label, item.accent, item.enabled, hovered)
        if getattr(item, "hinted", False):
            pygame.draw.rect(surface, theme.GOOD, rect.inflate(6, 6), 3, border_radius=9)
    return lay


def _draw_dice(surface: pygame.Surface, rect: pygame.Rect, item: Dice) -> None:
    x = max(rect.x + 160, rect.right - len(item.values) * (DIE + 6) + 6)
    theme.draw_text(surface, item.label, (rect.x, rect.centery), 15, theme.TEXT, anchor="midleft",
                    max_width=x - rect.x - 6)
    for v in item.values:
        draw_die(surface, pygame.Rect(x, rect.y, DIE, DIE), v)
        x += DIE + 6


def _draw_option(surface: pygame.Surface, rect: pygame.Rect, opt: Option, hovered: bool) -> None:
    lit = (hovered or opt.selected) and opt.enabled
    fill = (86, 70, 52) if lit else (62, 52, 42)
    pygame.draw.rect(surface, fill if opt.enabled else (44, 38, 33), rect, border_radius=8)
    pygame.draw.rect(surface, theme.ACCENT if lit else theme.PANEL_EDGE, rect, 2 if opt.selected else 1,
                     border_radius=8)
    x = rect.x + 10
    if opt.colour is not None:
        pygame.draw.circle(surface, opt.colour, (x + 6, rect.y + 15), 6)
        x += 18
    colour = theme.TEXT if opt.enabled else theme.TEXT_DIM
    room = rect.right - x - 8
    size = 14 if rect.h < CARD_H else 15  # a low card (two to a row) names the option a little smaller
    lines = theme.wrap_text(opt.label, size, room, bold=True)
    if rect.h < CARD_H and len(lines) == 2:  # and, when needed, on two lines (the dot names the owner)
        for k, line in enumerate(lines):
            theme.draw_text(surface, line, (x, rect.y + 4 + 18 * k), size, colour, bold=True, max_width=room)
        return
    theme.draw_text(surface, opt.label, (x, rect.y + 6), size, colour, bold=True, max_width=room)
    theme.draw_text(surface, opt.detail, (rect.x + 10, rect.bottom - 21), 13, theme.TEXT_DIM,
                    max_width=rect.w - 20)


def _draw_stepper(surface: pygame.Surface, st: Stepper, row: pygame.Rect) -> None:
    minus, plus = DialogLayout.minus(row), DialogLayout.plus(row)
    theme.draw_text(surface, st.label, (row.x, minus.centery), 16, theme.TEXT, bold=True, anchor="midleft",
                    max_width=105)
    draw_button(surface, minus, "−", False, st.value > st.lo, False)
    draw_button(surface, plus, "+", False, st.value < st.hi, False)
    theme.draw_text(surface, str(st.value), ((minus.right + plus.left) // 2, minus.centery), 20, theme.ACCENT,
                    bold=True, anchor="center")
    theme.draw_text(surface, f"of {st.lo}–{st.hi}", (plus.right + 10, minus.centery), 14, theme.TEXT_DIM,
                    anchor="midleft")
    text = st.describe.get(st.value, "")
    theme.draw_text(surface, text, (row.x, minus.bottom + 4), 14, theme.GOOD, max_width=row.w)


def draw_button(surface: pygame.Surface, rect: pygame.Rect, text: str, accent: bool, enabled: bool = True,
                hovered: bool = False) -> None:
    if not enabled:
        fill, edge, ink = (48, 42, 36), (70, 62, 54), (118, 108, 96)
    elif accent:
        fill, edge, ink = ((206, 146, 56) if hovered else (176, 118, 38)), theme.HIGHLIGHT, (26, 22, 18)
    else:
        fill = (96, 78, 58) if hovered else (70, 58, 46)
        edge, ink = (theme.ACCENT if hovered else theme.PANEL_EDGE), theme.TEXT
    pygame.draw.rect(surface, fill, rect, border_radius=6)
    pygame.draw.rect(surface, edge, rect, 1, border_radius=6)
    theme.draw_text(surface, text, rect.center, 15, ink, bold=accent, anchor="center", max_width=rect.w - 10)


def scroll_cue(lay: DialogLayout) -> str:
    """The words under a scrolling dialog's rows."""
    below = lay.max_scroll - lay.scroll
    if below:
        return f"▼ {below} more row{'s' if below != 1 else ''} below: scroll with the wheel"
    return f"▲ {counted(lay.scroll, 'row')} above: scroll up with the wheel"


def hit(lay: DialogLayout, pos: tuple[int, int]) -> tuple[str, Any] | None:
    """What a click at `pos` means: ("button", key), ("option", key),
    ("minus", stepper), ("plus", stepper), ("scroll", rows) on the scroll
    bar above or below its thumb, ("inside", None) or None (outside)."""
    bar = bar_rects(lay)
    if bar is not None and bar[0].inflate(8, 0).collidepoint(pos) and not bar[1].collidepoint(pos):
        page = max(1, lay.rows - lay.max_scroll - 1)
        return ("scroll", -page if pos[1] < bar[1].y else page)
    for item, rect, _ in lay.placed:
        if isinstance(item, Button) and rect.collidepoint(pos):
            return ("button", item.key) if item.enabled else ("inside", None)
        if isinstance(item, Option) and rect.collidepoint(pos):
            return ("option", item.key) if item.enabled else ("inside", None)
        if isinstance(item, Stepper):
            if lay.minus(rect).collidepoint(pos):
                return ("minus", item)
            if lay.plus(rect).collidepoint(pos):
                return ("plus", item)
    if lay.rect.collidepoint(pos):
        return ("inside", None)
    return None


def hovered_option(lay: DialogLayout, pos: tuple[int, int]) -> Option | None:
    for item, rect, _ in lay.placed:
        if isinstance(item, Option) and rect.collidepoint(pos):
            return item
    return None


def draw_option_tip(surface: pygame.Surface, option: Option, mouse: tuple[int, int],
                    area: pygame.Rect) -> None:
    """The whole text of a dialog card (its detail line may be cut short)."""
    text = f"{option.label}: {option.detail}"
    lines = theme.wrap_text(text, 14, 300)
    w = max(theme.font(14).size(line)[0] for line in lines) + 16
    rect = pygame.Rect(0, 0, w, 19 * len(lines) + 10)
    rect.topright = (mouse[0] - 12, mouse[1] + 14)
    rect.clamp_ip(area)
    pygame.draw.rect(surface, (20, 17, 14), rect, border_radius=5)
    pygame.draw.rect(surface, theme.ACCENT, rect, 1, border_radius=5)
    for i, line in enumerate(lines):
        theme.draw_text(surface, line, (rect.x + 8, rect.y + 5 + 19 * i), 14)
