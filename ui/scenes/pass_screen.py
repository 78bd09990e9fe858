"""Hot-seat privacy: hides the board until the next human says they are the
one looking, so players never see each other's secrets. It names exactly
what the game keeps hidden and tells the player what happened while they
were away (the other seats' moves), as a friend at the table would."""
from __future__ import annotations

from typing import TYPE_CHECKING, Sequence

import pygame
import pygame_gui

from ui import theme, widgets
from ui.scene import Scene
from ui.scenes import tile_art

if TYPE_CHECKING:
    from ui.app import App

AWAY_LINES = 12  # the newest lines of "while you were away" shown; the full log stays in the game screen
AWAY_ROW_H = 22
AWAY_INDENT = 16  # a wrapped entry's continuation rows


class PassScene(Scene):
    def __init__(self, app: "App", player_name: str, hidden: str = "", away: Sequence[str] = ()) -> None:
        super().__init__(app)
        self.player_name = player_name
        self.hidden = hidden or "Their secrets stay hidden until they are the one looking at the screen."
        self.away = list(away)
        self._cache: pygame.Surface | None = None
        self._build()

    def _build(self) -> None:
        self.ui.clear_and_reset()
        w, h = self.size
        bw = min(420, w - 40)
        self.ready = widgets.button(self.ui, (w // 2 - bw // 2, self._button_y(), bw, 52),
                                    f"I am {self.player_name}: show my screen", accent=True)

    def _button_y(self) -> int:
        return self.size[1] // 2 - 40 if self.away else self.size[1] // 2 + 40

    def on_resize(self, size: tuple[int, int]) -> None:
        super().on_resize(size)
        self._build()

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element is self.ready:
            self.app.pop()
            return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.app.pop()
            return True
        return self.ui.process_events(event)

    def draw(self, surface: pygame.Surface) -> None:
        if self._cache is None or self._cache.get_size() != self.size:
            self._cache = tile_art.background(self.size)
        surface.blit(self._cache, (0, 0))
        w, h = self.size
        top = self._button_y() - 120
        theme.draw_text(surface, f"Pass the computer to {self.player_name}", (w // 2, top), 40,
                        theme.ACCENT, True, "center", w - 80)
        theme.draw_text(surface, self.hidden, (w // 2, top + 52), 18, theme.TEXT_DIM, anchor="center",
                        max_width=w - 80)
        self.ui.draw_ui(surface)
        if self.away:
            self._draw_away(surface, self._button_y() + 80)

    def _draw_away(self, surface: pygame.Surface, y: int) -> None:
        w, h = self.size
        lines = self.away[-AWAY_LINES:]
        theme.draw_text(surface, "While you were away", (w // 2, y), 22, theme.TEXT, True, "center", w - 80)
        y += 34
        left = max(40, w // 2 - 380)
        for x, text in away_rows(lines, w - 2 * left, (h - 8 - y) // AWAY_ROW_H):
            theme.draw_text(surface, text, (left + x, y), 16, theme.TEXT_DIM)
            y += AWAY_ROW_H


def away_rows(entries: Sequence[str], width: int, room: int) -> list[tuple[int, str]]:
    """(indent, text) rows for the newest whole entries that fit `room` rows:
    a long entry wraps (its continuation indented) instead of being cut, and
    when space runs short the oldest entries give way, never the newest."""
    shown: list[tuple[int, str]] = []
    for entry in reversed(entries):
        first, *rest = theme.wrap_text(entry, 16, width)
        rows = [(0, first)]
        if rest:
            rows += [(AWAY_INDENT, line) for line in theme.wrap_text(" ".join(rest), 16, width - AWAY_INDENT)]
        if len(shown) + len(rows) > room:
            break
        shown = rows + shown
    return shown
