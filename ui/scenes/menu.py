"""The main menu: the four games as illustrated tiles, and Continue / New game
/ Load / Rules / Settings / Quit. Everything static is drawn once into a
cached surface; only the pygame_gui buttons are live."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui

from game import registry
from game.core.errors import MapError
from game.core.savefile import read_save_header
from ui import theme, widgets
from ui.scene import Scene
from ui.scenes import tile_art
from ui.scenes.launch import save_summary, seats_text, show_error, try_open_save, where_text

if TYPE_CHECKING:
    from ui.app import App

TAGLINE = "Four railroad board games at one table"


def players_text(gi: registry.GameInfo) -> str:
    if gi.min_players == gi.max_players:
        return f"{gi.min_players} players"
    if gi.min_players == 1:
        return f"Solo or up to {gi.max_players} players"
    return f"{gi.min_players}–{gi.max_players} players"


class MenuScene(Scene):
    def __init__(self, app: "App") -> None:
        super().__init__(app)
        self._cache: pygame.Surface | None = None
        self._tile_buttons: dict[Any, tuple[str, str]] = {}
        self.error: Any = None  # the dialog explaining the last problem (Continue, a damaged game file)
        self._build()

    # Layout ------------------------------------------------------------------

    def _metrics(self) -> dict[str, Any]:
        w, h = self.size
        margin = max(32, int(w * 0.04))
        col_w = max(240, min(320, int(w * 0.19)))
        top = max(150, int(h * 0.2))
        grid = pygame.Rect(margin + col_w + margin, top, w - col_w - 3 * margin, h - top - margin)
        gap = max(16, int(w * 0.012))
        tile_w = (grid.width - gap) // 2
        tile_h = min((grid.height - gap) // 2, int(tile_w * 0.78))
        return {"margin": margin, "col_w": col_w, "top": top, "grid": grid, "gap": gap,
                "tile": (tile_w, tile_h)}

    def _tile_rect(self, i: int, m: dict[str, Any]) -> pygame.Rect:
        tw, th = m["tile"]
        return pygame.Rect(m["grid"].x + (i % 2) * (tw + m["gap"]), m["grid"].y + (i // 2) * (th + m["gap"]),
                           tw, th)

    def _build(self) -> None:
        self.ui.clear_and_reset()
        self._cache = None
        self._tile_buttons.clear()
        m = self._metrics()
        x, y, bw = m["margin"], m["top"], m["col_w"]
        self._seen_autosave = self._autosave_key()
        self.autosave = self._seen_autosave[0]
        self.continue_button = widgets.button(self.ui, (x, y, bw, 56), "Continue", accent=True,
                                              tooltip=self._continue_tip())
        if self.autosave is None:
            self.continue_button.disable()
        y += 56 + 34
        self.new_button = widgets.button(self.ui, (x, y, bw, 48), "New game")
        self.load_button = widgets.button(self.ui, (x, y + 60, bw, 48), "Load game")
        self.records_button = widgets.button(self.ui, (x, y + 120, bw, 48), "Records",
                                             "Your best solo scores and your games against computer players")
        self.rules_button = widgets.button(self.ui, (x, y + 180, bw, 48), "Rules")
        self.settings_button = widgets.button(self.ui, (x, y + 240, bw, 48), "Settings")
        self.quit_button = widgets.button(self.ui, (x, y + 300, bw, 48), "Quit")
        if not any(g.built for g in registry.GAMES.values()):
            self.new_button.disable()
        for i, gid in enumerate(registry.GAME_IDS):
            self._tile_widgets(gid, self._tile_rect(i, m))

    def _continue_tip(self) -> str:
        """What Continue resumes: the newest game in progress, where it stands."""
        if self.autosave is None:
            return "No game to continue yet"
        header = read_save_header(self.autosave)
        where = where_text(header)
        players = seats_text(header)
        return "Carry on with your last game" + (f": {where}" if where else "") + (f" ({players})" if players else "")

    def _tile_widgets(self, game_id: str, rect: pygame.Rect) -> None:
        gi = registry.GAMES[game_id]
        bw, bh = min(150, (rect.width - 48) // 2), 40
        y = rect.bottom - bh - 16
        play = widgets.button(self.ui, (rect.x + 16, y, bw, bh), "Play" if gi.built else "Coming soon",
                              accent=gi.built, tooltip=f"Set up a game of {gi.title}")
        if not gi.built:
            play.disable()
        rules = widgets.button(self.ui, (rect.x + 16 + bw + 12, y, bw, bh), "Rules",
                               tooltip=f"How to play {gi.title}")
        self._tile_buttons[play] = ("play", game_id)
        self._tile_buttons[rules] = ("rules", game_id)

    def on_resize(self, size: tuple[int, int]) -> None:
        super().on_resize(size)
        self._build()

    def _autosave_key(self) -> tuple[Any, float]:
        path = self.app.paths.latest_autosave()
        return (path, path.stat().st_mtime if path else 0.0)

    def on_enter(self) -> None:
        """Back from a game: Continue and its description follow the newest autosave."""
        if self._autosave_key() != self._seen_autosave:
            self._build()

    # Events --------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame_gui.UI_BUTTON_PRESSED and self._on_button(event.ui_element):
            return True
        if (event.type == pygame_gui.UI_CONFIRMATION_DIALOG_CONFIRMED and event.ui_element is self.error
                and self.autosave is not None):  # "Load anyway" an autosave changed by hand
            self.error = try_open_save(self.app, self.ui, self.autosave, trust_edited=True)
            return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            default = self.continue_button if self.autosave else self.new_button
            return default.is_enabled and self._on_button(default)
        return self.ui.process_events(event)

    def _on_button(self, element: Any) -> bool:
        """The scene a button opens (imported on the first click: the menu's
        first frame needs none of them)."""
        if element is self.continue_button and self.autosave is not None:
            self.error = try_open_save(self.app, self.ui, self.autosave)
        elif element is self.new_button:
            self._open_setup(None)
        elif element is self.load_button:
            from ui.scenes.load import LoadScene
            self.app.push(LoadScene(self.app))
        elif element is self.records_button:
            from ui.scenes.records import RecordsScene
            self.app.push(RecordsScene(self.app))
        elif element is self.rules_button:
            from ui.scenes.rules import RulesScene
            self.app.push(RulesScene(self.app))
        elif element is self.settings_button:
            from ui.scenes.settings_scene import SettingsScene
            self.app.push(SettingsScene(self.app))
        elif element is self.quit_button:
            self.app.running = False
        elif element in self._tile_buttons:
            kind, game_id = self._tile_buttons[element]
            if kind == "play":
                self._open_setup(game_id)
            else:
                from ui.scenes.rules import RulesScene
                self.app.push(RulesScene(self.app, game_id))
        else:
            return False
        return True

    def tell(self, text: str, title: str) -> None:
        """A message over the menu (the app's word after an error no code expected)."""
        self.error = show_error(self.ui, text, title)

    def _open_setup(self, game_id: str | None) -> None:
        """Setup for a game; a game whose files cannot even be imported is explained here."""
        from ui.scenes.setup import SetupScene, damaged_files_dialog

        try:
            self.app.push(SetupScene(self.app, game_id))
        except MapError as exc:
            self.error = damaged_files_dialog(self.ui, exc)

    # Drawing -------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        self.blit_cached(surface)
        self.ui.draw_ui(surface)

    def _render(self) -> pygame.Surface:
        m = self._metrics()
        surf = tile_art.background(self.size)
        x = m["margin"]
        title_size = max(48, min(76, self.size[1] // 13))
        r = theme.draw_text(surf, "Railtable", (x, m["top"] // 2 + 6), title_size, theme.ACCENT, True, "midleft")
        theme.draw_text(surf, TAGLINE, (r.right + 24, r.centery + title_size // 5), 20, theme.TEXT_DIM,
                        anchor="midleft", max_width=self.size[0] - r.right - 24 - x)
        if self.autosave is not None:
            title, _kind, when = save_summary(self.autosave)
            theme.draw_text(surf, f"{title} · {when}", (x + m["col_w"] // 2, m["top"] + 64), 14, theme.TEXT_DIM,
                            anchor="midtop", max_width=m["col_w"])
        for i, gid in enumerate(registry.GAME_IDS):
            self._draw_tile(surf, gid, self._tile_rect(i, m))
        return surf

    def _draw_tile(self, surf: pygame.Surface, game_id: str, rect: pygame.Rect) -> None:
        gi = registry.GAMES[game_id]
        pygame.draw.rect(surf, (12, 10, 8), rect.move(4, 6), border_radius=14)
        widgets.draw_panel(surf, rect, theme.PANEL, theme.PANEL_EDGE, 14, 0)
        art_h = int(rect.height * (0.36 if rect.height < 300 else 0.5))
        art = tile_art.tile_art(game_id, (rect.width, art_h))
        if not gi.built:
            art.fill((70, 70, 70), special_flags=pygame.BLEND_RGB_MULT)
            art.fill((30, 30, 30), special_flags=pygame.BLEND_RGB_ADD)
        surf.blit(widgets.round_corners(art, 14, bottom=False), rect.topleft)
        pygame.draw.line(surf, theme.ACCENT if gi.built else theme.PANEL_EDGE,
                         (rect.x, rect.y + art_h), (rect.right - 1, rect.y + art_h), 3)
        pygame.draw.rect(surf, theme.PANEL_EDGE, rect, 1, border_radius=14)
        self._pill(surf, players_text(gi), (rect.x + 14, rect.y + 14))
        if not gi.built:
            self._ribbon(surf, rect)
        y = rect.y + art_h + 12
        theme.draw_text(surf, gi.title, (rect.x + 18, y), 26, theme.TEXT if gi.built else theme.TEXT_DIM, True,
                        max_width=rect.width - 36)
        y += 38
        bottom = rect.bottom - 40 - 20
        size = 17 if rect.width > 560 else 15
        for line in theme.wrap_text(gi.blurb, size, rect.width - 36):
            if y + size + 4 > bottom:
                break
            theme.draw_text(surf, line, (rect.x + 18, y), size, theme.TEXT_DIM)
            y += size + 6

    def _pill(self, surf: pygame.Surface, text: str, topleft: tuple[int, int]) -> None:
        label = theme.text_surface(text, 14, theme.TEXT, True)
        pill = pygame.Surface((label.get_width() + 20, label.get_height() + 8), pygame.SRCALPHA)
        pygame.draw.rect(pill, (20, 17, 14, 210), pill.get_rect(), border_radius=pill.get_height() // 2)
        pill.blit(label, label.get_rect(center=pill.get_rect().center))
        surf.blit(pill, pill.get_rect(topleft=topleft))

    def _ribbon(self, surf: pygame.Surface, rect: pygame.Rect) -> None:
        label = theme.text_surface("COMING SOON", 15, theme.BG_DEEP, True)
        band = pygame.Surface((label.get_width() + 36, label.get_height() + 10), pygame.SRCALPHA)
        band.fill((*theme.ACCENT, 235))
        band.blit(label, label.get_rect(center=band.get_rect().center))
        surf.blit(band, band.get_rect(topright=(rect.right - 14, rect.y + 14)))
