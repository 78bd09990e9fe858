"""Hot-seat privacy: hides the board until the next human says they are the
one looking, so players never see each other's hidden cards."""
from __future__ import annotations

from typing import TYPE_CHECKING

import pygame
import pygame_gui

from ui import theme, widgets
from ui.scene import Scene
from ui.scenes import tile_art

if TYPE_CHECKING:
    from ui.app import App


class PassScene(Scene):
    def __init__(self, app: "App", player_name: str) -> None:
        super().__init__(app)
        self.player_name = player_name
        self._cache: pygame.Surface | None = None
        self._build()

    def _build(self) -> None:
        self.ui.clear_and_reset()
        w, h = self.size
        bw = 420
        self.ready = widgets.button(self.ui, (w // 2 - bw // 2, h // 2 + 40, bw, 52),
                                    f"I am {self.player_name}: show my screen", accent=True)

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
        theme.draw_text(surface, f"Pass the computer to {self.player_name}", (w // 2, h // 2 - 60), 40,
                        theme.ACCENT, True, "center", w - 80)
        theme.draw_text(surface, "Their cards are hidden until they are the one looking at the screen.",
                        (w // 2, h // 2 - 8), 18, theme.TEXT_DIM, anchor="center", max_width=w - 80)
        self.ui.draw_ui(surface)
