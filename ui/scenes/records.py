"""Records: the personal records kept on this computer (ui.records), per game
and options: best solo scores with date and seed, and each player's games,
wins and average score against computer players."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui
from pygame_gui.elements import UITextBox

from game import registry
from ui import theme, widgets
from ui.records import Table, load_tables
from ui.scene import Scene
from ui.scenes import tile_art

if TYPE_CHECKING:
    from ui.app import App

SOLO_SHOWN = 10  # best solo scores listed per game and options


def options_text(options: dict[str, Any]) -> str:
    return ", ".join(f"{k.replace('_', ' ')}: {v}" for k, v in sorted(options.items())) or "standard options"


def table_html(table: Table) -> str:
    gi = registry.GAMES.get(table.game)
    title, unit = gi.title if gi else table.game, registry.score_unit(table.game)
    parts = [f"<font color='{widgets.hex_colour(theme.ACCENT)}'><b>{widgets.escape(title)}</b></font>"
             f" <font color='{widgets.hex_colour(theme.TEXT_DIM)}'>· {widgets.escape(options_text(table.options))}"
             "</font><br>"]
    if table.solo:
        parts.append("<b>Best solo scores</b><br>")
        for rank, s in enumerate(table.solo[:SOLO_SHOWN], start=1):
            parts.append(f"{rank}. <b>{s.score}</b>{unit} · {s.date} · seed {s.seed}<br>")
    if table.seats:
        parts.append("<b>Against computer players</b><br>")
        for name, st in sorted(table.seats.items(), key=lambda kv: (-kv[1].wins, kv[0])):
            parts.append(f"{widgets.escape(name)}: {st.summary(unit, lambda n: f'<b>{n}</b>')}<br>")
    return "".join(parts)


def records_html(tables: list[Table]) -> str:
    shown = [t for t in tables if t.solo or t.seats]
    if not shown:
        return ("No records yet. Finish a solo game, or a game against computer players, "
                "and your scores are kept here.")
    return "<br>".join(table_html(t) for t in shown)


class RecordsScene(Scene):
    def __init__(self, app: "App") -> None:
        super().__init__(app)
        self._cache: pygame.Surface | None = None
        self.tables = sorted(load_tables(app.paths.records_file).values(), key=lambda t: (t.game, str(t.options)))
        self._build()

    def _panel(self) -> pygame.Rect:
        w, h = self.size
        rect = pygame.Rect(0, 0, min(900, w - 64), h - 96 - 110)
        rect.midtop = (w // 2, 96)
        return rect

    def _build(self) -> None:
        self.ui.clear_and_reset()
        self._cache = None
        p = self._panel()
        self.text = UITextBox(records_html(self.tables), p.inflate(-32, -32), self.ui)
        self.back_button = widgets.button(self.ui, (p.x, self.size[1] - 82, 160, 52), "Back")

    def on_resize(self, size: tuple[int, int]) -> None:
        super().on_resize(size)
        self._build()

    def handle_event(self, event: pygame.event.Event) -> bool:
        if ((event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element is self.back_button)
                or (event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE)):
            self.app.pop()
            return True
        return self.ui.process_events(event)

    def draw(self, surface: pygame.Surface) -> None:
        self.blit_cached(surface)
        self.ui.draw_ui(surface)

    def _render(self) -> pygame.Surface:
        surf = tile_art.background(self.size)
        p = self._panel()
        theme.draw_text(surf, "Records", (p.x, 48), 40, theme.ACCENT, True, "midleft")
        widgets.draw_panel(surf, p)
        return surf
