"""A small immediate-mode toolkit for the side panel: text rows and buttons
laid out top to bottom, remembered so clicks and hovers find them."""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from functools import lru_cache
from typing import Callable, Hashable, Sequence

import pygame

from ui import theme

RGB = tuple[int, int, int]
SCROLLBAR_W = 10
BUTTON_H, BUTTON_GAP = 28, 6  # a row of buttons and the gap under it
RULE_ROOM = {False: (4, 5), True: (2, 3)}  # (chosen) px above and below a section's rule; True: a short column
SHORT_BUTTON_H, SHORT_BUTTON_GAP = 24, 4  # the same in a short column (`short`): 14 px labels still fit


@lru_cache(maxsize=512)
def wrapped(text: str, size: int, width: int, bold: bool) -> tuple[str, ...]:
    """Word-wrapped lines, cached: the panel redraws the same text every frame."""
    return tuple(theme.wrap_text(text, size, width, bold))


@lru_cache(maxsize=1)
def _scratch() -> pygame.Surface:
    """What `PanelCursor.measure` writes on: one pixel, so every blit is clipped away."""
    return pygame.Surface((1, 1))


_MEASURED: dict[Hashable, int] = {}  # `PanelCursor.measure`'s heights by key


@dataclass
class Button:
    rect: pygame.Rect
    label: str
    action: Callable[[], object]  # what it returns is not used
    enabled: bool = True
    tip: str = ""
    move: object = None  # the game move it submits, if it submits one (a hinted move's button is outlined)


def _is_hot(b: Button, pos: tuple[int, int]) -> bool:
    """A button lights up under the mouse when it can be pressed."""
    return b.enabled and b.rect.collidepoint(pos)


@dataclass
class Hotspot:
    """A panel area that reacts to hovering (a demand row)."""

    rect: pygame.Rect
    key: tuple[int, int]  # (demand card, row)


@dataclass
class Section:
    """The picture of a run of panel rows, kept with what it showed (its key)
    and the buttons and hotspots in it, placed as when it was drawn at `top`."""

    key: Hashable
    pic: pygame.Surface
    top: int
    buttons: list[Button]
    hotspots: list[Hotspot]


@dataclass
class PanelCursor:
    """Writes rows into `rect` from the top; records buttons and hotspots."""

    surface: pygame.Surface
    rect: pygame.Rect
    mouse: tuple[int, int]
    y: int = 0
    buttons: list[Button] = field(default_factory=list)
    hotspots: list[Hotspot] = field(default_factory=list)
    pad: int = 12
    scroll: int = 0  # pixels the content is scrolled up (when it is taller than the rect)
    sections: dict[str, Section] | None = None  # kept section pictures (see `section`), None: none kept
    tallest: int = 0  # the height a column sized to its content may grow to (0: its rect's height)
    short: bool = False  # a short window's column: buttons SHORT_BUTTON_H high, notes one line (see `note`)
    hinted: object = None  # the move a hint suggests: its button is outlined, as the board marks its path

    def __post_init__(self) -> None:
        self.y = self.rect.top + 8 - self.scroll

    def section(self, name: str, key: Hashable, draw: Callable[[], None]) -> None:
        """Rows that `draw` writes at the cursor, or their picture kept from
        the last time they showed `key` (everything they read): the panel is
        painted again after every move, yet its demand cards and events
        seldom change. Rows under the mouse are always drawn (they light up);
        rows partly out of view are drawn and not kept."""
        kept = self.sections.get(name) if self.sections is not None else None
        key = (key, self.rect.x, self.rect.width)
        if kept is not None and kept.key == key:
            spot = pygame.Rect(self.rect.x, self.y, self.rect.width, kept.pic.get_height())
            if not spot.collidepoint(self.mouse):
                self.surface.blit(kept.pic, spot)
                dy = self.y - kept.top
                self.buttons += [replace(b, rect=b.rect.move(0, dy)) for b in kept.buttons]
                self.hotspots += [replace(h, rect=h.rect.move(0, dy)) for h in kept.hotspots]
                self.y = spot.bottom
                return
        top, buttons, hotspots = self.y, len(self.buttons), len(self.hotspots)
        draw()
        spot = pygame.Rect(self.rect.x, top, self.rect.width, self.y - top)
        if self.sections is None or spot.height <= 0 or spot.collidepoint(self.mouse):
            return
        clip = self.surface.get_clip()
        if clip.contains(spot):
            self.sections[name] = Section(key, self.surface.subsurface(spot).copy(), top,
                                          self.buttons[buttons:], self.hotspots[hotspots:])

    def measure(self, key: Hashable, draw: Callable[["PanelCursor"], None]) -> int:
        """How tall `draw` writes at this cursor's width, measured by letting
        it write on a scratch cursor (nothing shows, no button is kept): a
        layout that depends on a section's height asks the section itself,
        so its line heights live only where it is drawn. Kept by `key`
        (everything `draw` reads), as it is asked every frame."""
        key = (key, self.rect.width, self.pad, self.short)
        if key not in _MEASURED:
            scratch = PanelCursor(_scratch(), self.rect, (-1, -1), pad=self.pad, short=self.short)
            top = scratch.y
            draw(scratch)
            if len(_MEASURED) >= 256:
                _MEASURED.clear()
            _MEASURED[key] = scratch.y - top
        return _MEASURED[key]

    def fits(self, height: int) -> bool:
        """Whether `height` more content ends inside the column at its tallest
        (a column grows to its content, so its rect is no guide on the first
        frames), scrolled or not: rows shortened to fit stay so while the
        player scrolls."""
        bottom = self.rect.top + (self.tallest or self.rect.height)
        return self.y + self.scroll + height <= bottom - 8

    @property
    def left(self) -> int:
        return self.rect.left + self.pad

    @property
    def width(self) -> int:
        """Room for content: the scroll bar's strip on the right is always kept free."""
        return self.rect.width - 2 * self.pad - SCROLLBAR_W

    def heading(self, text: str) -> None:
        """A section title, wrapped (never cut) in a narrow column."""
        self.y += 4
        for line in wrapped(text, 15, self.width, True):
            theme.draw_text(self.surface, line, (self.left, self.y), 15, theme.ACCENT, True)
            self.y += 19
        self.y += 2

    def text(self, text: str, size: int = 14, colour: RGB = theme.TEXT, bold: bool = False,
             indent: int = 0) -> None:
        for line in wrapped(text, size, self.width - indent, bold):
            theme.draw_text(self.surface, line, (self.left + indent, self.y), size, colour, bold)
            self.y += size + 4

    def cut_line(self, text: str, tip: str, size: int = 14, colour: RGB = theme.TEXT, bold: bool = False) -> None:
        """`text` on one line, cut with an ellipsis, and `tip` when pointed at
        (a Button with no action, never pressed)."""
        rect = pygame.Rect(self.left, self.y, self.width, size + 4)
        theme.draw_text(self.surface, text, rect.topleft, size, colour, bold, max_width=self.width)
        self.tip(rect, text, tip)
        self.y = rect.bottom

    def tip(self, rect: pygame.Rect, label: str, tip: str) -> None:
        """`tip` shown when `rect` is pointed at: a Button with no action, never lit or pressed."""
        self.buttons.append(Button(rect, label, lambda: None, False, tip))

    def note(self, text: str, size: int = 13, colour: RGB = theme.TEXT_DIM) -> None:
        """A sentence, wrapped; in a short column one line, whole when pointed at."""
        if self.short and len(wrapped(text, size, self.width, False)) > 1:
            self.cut_line(text, text, size, colour)
        else:
            self.text(text, size, colour)

    def rule(self) -> None:
        """A line between sections; closer in a short column (RULE_ROOM), whose sections are many."""
        above, below = RULE_ROOM[self.short]
        self.y += above
        pygame.draw.line(self.surface, theme.PANEL_EDGE, (self.left, self.y), (self.left + self.width, self.y))
        self.y += below

    def buttons_row(self, specs: Sequence[tuple[str, Callable[[], object], bool, str]],
                    moves: Sequence[object] = ()) -> None:
        """Buttons side by side, wrapping to a new row when the panel is full;
        a label wider than the panel is cut, and said whole when pointed at.
        `moves`: the game move each button submits, in order (a hint outlines its button)."""
        height, gap = (SHORT_BUTTON_H, SHORT_BUTTON_GAP) if self.short else (BUTTON_H, BUTTON_GAP)
        x = self.left
        for i, (label, action, enabled, tip) in enumerate(specs):
            w = theme.font(14, True).size(label)[0] + 18
            if w > self.width:
                w, tip = self.width, tip or label
            if x + w > self.left + self.width and x > self.left:
                x = self.left
                self.y += height + gap
            rect = pygame.Rect(x, self.y, w, height)
            self.button(Button(rect, label, action, enabled, tip, moves[i] if i < len(moves) else None))
            x += w + 6
        if specs:
            self.y += height + gap

    def button(self, b: Button) -> None:
        hot = _is_hot(b, self.mouse)
        fill = (150, 104, 40) if hot else (86, 70, 54) if b.enabled else (56, 48, 42)
        pygame.draw.rect(self.surface, fill, b.rect, border_radius=6)
        pygame.draw.rect(self.surface, theme.ACCENT if hot else theme.PANEL_EDGE, b.rect, 1, border_radius=6)
        colour = theme.TEXT if b.enabled else theme.TEXT_DIM
        theme.draw_text(self.surface, b.label, b.rect.center, 14, colour, True, "center", b.rect.width - 8)
        if b.move is not None and b.move == self.hinted:
            pygame.draw.rect(self.surface, theme.GOOD, b.rect.inflate(4, 4), 2, border_radius=8)
        self.buttons.append(b)

    def hit(self, pos: tuple[int, int]) -> Button | None:
        if not self.rect.collidepoint(pos):
            return None
        return next((b for b in self.buttons if b.enabled and b.rect.collidepoint(pos)), None)

    def tip_at(self, pos: tuple[int, int]) -> str:
        """The explanation of the button under `pos` (also for disabled ones:
        it says why they are disabled)."""
        if not self.rect.collidepoint(pos):
            return ""
        return next((b.tip for b in self.buttons if b.tip and b.rect.collidepoint(pos)), "")

    def draw_tip(self, surface: pygame.Surface, pos: tuple[int, int]) -> None:
        tip = self.tip_at(pos)
        if not tip:
            return
        lines = wrapped(tip, 14, 300, False)
        w = max(theme.font(14).size(line)[0] for line in lines) + 16
        box = pygame.Rect(0, 0, w, 18 * len(lines) + 10)
        box.topright = (pos[0] - 12, pos[1] + 16)
        box.clamp_ip(surface.get_rect())
        pygame.draw.rect(surface, (20, 17, 14), box, border_radius=5)
        pygame.draw.rect(surface, theme.ACCENT, box, 1, border_radius=5)
        for i, line in enumerate(lines):
            theme.draw_text(surface, line, (box.x + 8, box.y + 5 + 18 * i), 14)

    @property
    def content_height(self) -> int:
        """The height of everything written, scrolled or not."""
        return self.y + self.scroll - self.rect.top + 8

    @property
    def overflow(self) -> int:
        """How far the whole content runs past the bottom of the panel: the
        largest useful scroll."""
        return max(0, self.content_height - self.rect.height)

    def bar_rect(self) -> pygame.Rect:
        """The scroll bar's track along the right edge."""
        return pygame.Rect(self.rect.right - SCROLLBAR_W - 3, self.rect.top + 4, SCROLLBAR_W, self.rect.height - 8)

    def thumb_rect(self) -> pygame.Rect:
        """The part of the track that stands for what is in view."""
        bar = self.bar_rect()
        total = max(1, self.content_height)
        h = max(28, bar.height * self.rect.height // total)
        top = bar.top + (bar.height - h) * self.scroll // max(1, self.overflow)
        return pygame.Rect(bar.x, top, bar.width, h)

    def scroll_for(self, y: int, grip: int) -> int:
        """The scroll that puts the thumb's grip point (`grip` pixels below its
        top) at screen height `y` (dragging the thumb)."""
        bar, thumb = self.bar_rect(), self.thumb_rect()
        room = max(1, bar.height - thumb.height)
        return max(0, min(self.overflow, (y - grip - bar.top) * self.overflow // room))

    def _bar_hot(self, pos: tuple[int, int]) -> bool:
        return bool(self.overflow) and self.bar_rect().collidepoint(pos)

    def hot_at(self, pos: tuple[int, int]) -> tuple[int, bool]:
        """What lights up with the mouse at `pos`: the button (its index,
        -1 for none) and the scroll bar; the same answer draws the same pixels."""
        hot = next((i for i, b in enumerate(self.buttons) if _is_hot(b, pos)), -1)
        return hot, self._bar_hot(pos)

    def draw_scrollbar(self) -> None:
        """A visible scroll bar when the content is taller than the rect."""
        if not self.overflow:
            return
        pygame.draw.rect(self.surface, (34, 29, 25), self.bar_rect(), border_radius=5)
        hot = self._bar_hot(self.mouse)
        pygame.draw.rect(self.surface, theme.ACCENT if hot else (150, 128, 100), self.thumb_rect(), border_radius=5)


@dataclass
class PanelView:
    """The panel's areas of one frame (columns, the card dock), each a cursor
    with its own scroll: where a click, a hover or a tooltip lands."""

    cursors: dict[str, PanelCursor] = field(default_factory=dict)

    @property
    def buttons(self) -> list[Button]:
        return [b for cur in self.cursors.values() for b in cur.buttons]

    @property
    def hotspots(self) -> list[Hotspot]:
        return [h for cur in self.cursors.values() for h in cur.hotspots if cur.rect.collidepoint(h.rect.center)]

    def hot_at(self, pos: tuple[int, int]) -> tuple[tuple[str, int, bool], ...]:
        """What lights up in each area with the mouse at `pos`."""
        return tuple((name, *cur.hot_at(pos)) for name, cur in self.cursors.items())

    def at(self, pos: tuple[int, int]) -> tuple[str, PanelCursor] | None:
        """The area under `pos`, with its name."""
        return next(((name, cur) for name, cur in self.cursors.items() if cur.rect.collidepoint(pos)), None)

    def hit(self, pos: tuple[int, int]) -> Button | None:
        found = self.at(pos)
        return found[1].hit(pos) if found else None

    def tip_at(self, pos: tuple[int, int]) -> str:
        found = self.at(pos)
        return found[1].tip_at(pos) if found else ""

    def draw_tip(self, surface: pygame.Surface, pos: tuple[int, int]) -> None:
        found = self.at(pos)
        if found:
            found[1].draw_tip(surface, pos)
