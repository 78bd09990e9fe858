"""Base class of every screen on the app's scene stack.

A scene owns its own pygame_gui manager (`self.ui`), so widgets of a screen
underneath never receive clicks meant for the one on top. The App calls, per
frame: `handle_event` for each event, then `update(dt)`, then `draw(surface)`.
Scenes must not change game state in `draw`.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

import pygame
import pygame_gui

from ui import theme, widgets

if TYPE_CHECKING:
    from ui.app import App


def make_ui_manager(size: tuple[int, int]) -> pygame_gui.UIManager:
    widgets.fix_line_break_wrapping()
    manager = pygame_gui.UIManager(size, theme.gui_theme(), enable_live_theme_updates=False)
    manager.preload_fonts(theme.GUI_FONT_PRELOAD)
    return manager


class Scene:
    # True for scenes drawn over the previous one (dialogs): the app draws the
    # scene below first.
    overlay = False

    def __init__(self, app: "App") -> None:
        self.app = app
        self.ui = make_ui_manager(app.screen.get_size())

    @property
    def size(self) -> tuple[int, int]:
        return self.app.screen.get_size()

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Return True when the event was consumed."""
        return self.ui.process_events(event)

    def update(self, dt: float) -> None:
        self.ui.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(theme.BG)
        self.ui.draw_ui(surface)

    _cache: pygame.Surface | None = None

    def _render(self) -> pygame.Surface:
        """The scene's static picture (background, panels, titles)."""
        surf = pygame.Surface(self.size)
        surf.fill(theme.BG)
        return surf

    def blit_cached(self, surface: pygame.Surface) -> None:
        """Blit the static picture, re-rendered only when the window size
        changed or a scene cleared `self._cache`: drawing it every frame would
        cost more than the rest of the frame."""
        if self._cache is None or self._cache.get_size() != self.size:
            self._cache = self._render()
        surface.blit(self._cache, (0, 0))

    def on_enter(self) -> None:
        """Called when the scene becomes the top of the stack (again)."""

    def on_exit(self) -> None:
        """Called when the scene is popped or replaced, or the app closes."""

    def holds_unsaved_game(self) -> bool:
        """Whether closing this scene loses a game in progress (the app's word after an error)."""
        return False

    def on_resize(self, size: tuple[int, int]) -> None:
        self.ui.set_window_resolution(size)
