"""Settings: animation speed, sound on/off, window size and how long a hard
computer player thinks. Each change is
applied at once and written to the settings file."""
from __future__ import annotations

from typing import TYPE_CHECKING

import pygame
import pygame_gui
from pygame_gui.elements import UICheckBox

from ui import theme, widgets
from ui.scene import Scene
from ui.scenes import tile_art
from ui.settings import ANIMATION_SPEEDS, THINKING_TIMES, WINDOW_SIZES, parse_size

if TYPE_CHECKING:
    from ui.app import App


VOLUMES = (10, 20, 30, 40, 50, 60, 70, 80, 90, 100)  # the volume choices, in percent

class SettingsScene(Scene):
    def __init__(self, app: "App") -> None:
        super().__init__(app)
        self._cache: pygame.Surface | None = None
        self._build()

    def _panel(self) -> pygame.Rect:
        w, h = self.size
        rect = pygame.Rect(0, 0, min(620, w - 64), 550)
        rect.center = (w // 2, h // 2 + 20)
        return rect

    def _build(self) -> None:
        self.ui.clear_and_reset()
        self._cache = None
        p = self._panel()
        x, fw = p.x + 260, p.width - 260 - 32
        s = self.app.settings
        speeds = [(k.capitalize(), k) for k in ANIMATION_SPEEDS]
        self.speed = widgets.drop_down(self.ui, speeds, (s.animation_speed.capitalize(), s.animation_speed),
                                       (x, p.y + 70, fw, 40))
        self.sound = UICheckBox(pygame.Rect(x, p.y + 150, 26, 26), "Sound effects", self.ui,
                                initial_state=s.sound)
        levels = [(f"Volume {v}%", str(v)) for v in sorted(set(VOLUMES) | {s.volume})]
        self.volume = widgets.drop_down(self.ui, levels, (f"Volume {s.volume}%", str(s.volume)),
                                        (x + 180, p.y + 143, fw - 180, 40))
        sizes = list(WINDOW_SIZES)
        if s.window_size not in sizes:
            sizes.append(s.window_size)
        self.size_dd = widgets.drop_down(self.ui, [(z.replace("x", " × "), z) for z in sizes],
                                         (s.window_size.replace("x", " × "), s.window_size), (x, p.y + 220, fw, 40))
        times = [(thinking_label(t), str(t)) for t in THINKING_TIMES]
        self.thinking = widgets.drop_down(self.ui, times, (thinking_label(s.hard_seconds), str(s.hard_seconds)),
                                          (x, p.y + 300, fw, 40))
        self.fullscreen = UICheckBox(pygame.Rect(x, p.y + 380, 26, 26), "Full screen", self.ui,
                                     initial_state=self.app.fullscreen)
        self.back_button = widgets.button(self.ui, (p.centerx - 100, p.bottom - 76, 200, 50), "Done", accent=True)

    def on_resize(self, size: tuple[int, int]) -> None:
        super().on_resize(size)
        self._build()

    def handle_event(self, event: pygame.event.Event) -> bool:
        element = getattr(event, "ui_element", None)
        s = self.app.settings
        if event.type == pygame_gui.UI_BUTTON_PRESSED and element is self.back_button:
            self.app.pop()
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.pop()
            return True
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED and element is self.speed:
            s.animation_speed = event.selected_option_id
            self._save()
            return True
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED and element is self.thinking:
            s.hard_seconds = float(event.selected_option_id)
            self._save()
            return True
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED and element is self.size_dd:
            s.window_size = event.selected_option_id
            self._save()
            self.app.set_window_size(parse_size(s.window_size))
            return True
        ticked = event.type == pygame_gui.UI_CHECK_BOX_CHECKED
        box_changed = event.type in (pygame_gui.UI_CHECK_BOX_CHECKED, pygame_gui.UI_CHECK_BOX_UNCHECKED)
        if box_changed and element is self.fullscreen:
            if ticked != self.app.fullscreen:
                self.app.toggle_fullscreen()  # saves the choice; the screen is rebuilt on resize
            return True
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED and element is self.volume:
            s.volume = int(event.selected_option_id)
            self._save()
            self.app.play_sound("coins")
            return True
        if box_changed and element is self.sound:
            s.sound = ticked
            self._save()
            self.app.play_sound("move")
            return True
        return self.ui.process_events(event)

    def _save(self) -> None:
        try:
            self.app.settings.save(self.app.paths.settings_file)
        except OSError:
            pass  # settings still apply for this run; nothing to lose

    def draw(self, surface: pygame.Surface) -> None:
        self.blit_cached(surface)
        self.ui.draw_ui(surface)

    def _render(self) -> pygame.Surface:
        surf = tile_art.background(self.size)
        p = self._panel()
        theme.draw_text(surf, "Settings", (p.x, p.y - 40), 40, theme.ACCENT, True, "midleft")
        widgets.draw_panel(surf, p)
        rows = (("Animation speed", "How fast moves play out", 70), ("Sound", "A sound for each kind of move", 150),
                ("Window size", "When not full screen", 220),
                ("Hard thinking time", "Per move of a Hard computer", 300),
                ("Full screen", "F11 switches anywhere", 380))
        for title, hint, dy in rows:
            theme.draw_text(surf, title, (p.x + 32, p.y + dy + 2), 18, theme.TEXT, True)
            theme.draw_text(surf, hint, (p.x + 32, p.y + dy + 26), 14, theme.TEXT_DIM, max_width=220)
        theme.draw_text(surf, f"Settings file: {self.app.paths.settings_file}", (p.centerx, p.bottom + 18), 13,
                        theme.TEXT_DIM, anchor="midtop", max_width=self.size[0] - 40)
        return surf


def thinking_label(seconds: float) -> str:
    """"2 seconds", "0.5 seconds"."""
    return f"{seconds:g} second{'' if seconds == 1 else 's'}"
