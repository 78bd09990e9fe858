"""Load game: the saves folder as a list, newest first, each save with its
game, when it was written, where the game stands and who plays. A damaged
save shows its problem in a dialog and the list stays open; a save cut short
or edited by hand asks before loading it anyway."""
from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import pygame
import pygame_gui
from pygame_gui.elements import UISelectionList
from pygame_gui.windows import UIConfirmationDialog

from ui import theme, widgets
from ui.scene import Scene
from ui.scenes import tile_art
from ui.scenes.launch import describe_save, save_label_parts, show_error, try_open_save
from ui.scenes.replay import open_replay

if TYPE_CHECKING:
    from ui.app import App


LIST_FONT = 16  # the list's item font (see theme.gui_theme)


def fit_label(parts: list[str], width: int) -> str:
    """The parts joined by " · " in `width` pixels: the last part (the
    players, comma-separated) is shortened to the first names and "+ N more",
    or dropped, rather than cut mid-word."""
    font = theme.font(LIST_FONT)
    head = " · ".join(parts[:-1])
    names = parts[-1].split(", ") if parts else []
    for shown in range(len(names), 0, -1):
        more = f" + {len(names) - shown} more" if shown < len(names) else ""
        label = f"{head} · {', '.join(names[:shown])}{more}" if head else ", ".join(names[:shown]) + more
        if font.size(label)[0] <= width:
            return label
    return head


class LoadScene(Scene):
    def __init__(self, app: "App") -> None:
        super().__init__(app)
        self._cache: pygame.Surface | None = None
        self.error: pygame_gui.elements.UIWindow | None = None
        self._error_path: Path | None = None  # the save an open "Load anyway" dialog is about
        self._build()

    def _panel(self) -> pygame.Rect:
        w, h = self.size
        rect = pygame.Rect(0, 0, min(max(820, w // 2 + 140), w - 64), h - 96 - 110)
        rect.midtop = (w // 2, 96)
        return rect

    def _build(self) -> None:
        self.ui.clear_and_reset()
        self._cache = None
        self.files: list[Path] = self.app.paths.save_files()
        p = self._panel()
        items: list[str | tuple[str, str]] = []
        for path in self.files:
            try:
                items.append((fit_label(save_label_parts(path), p.width - 96), str(path)))
            except OSError:
                continue
        self.listing = UISelectionList(p.inflate(-32, -32), items, self.ui)
        w, h = self.size
        self.back_button = widgets.button(self.ui, (p.x, h - 82, 160, 52), "Back")
        self.load_button = widgets.button(self.ui, (p.right - 200, h - 82, 200, 52), "Load", accent=True)
        self.delete_button = widgets.button(self.ui, (p.right - 200 - 16 - 140, h - 82, 140, 52), "Delete",
                                            "Delete the selected save (asks first)")
        self.replay_button = widgets.button(self.ui, (p.right - 200 - 16 - 140 - 16 - 140, h - 82, 140, 52),
                                            "Replay", "Step through the selected game move by move, all cards shown")
        self.load_button.disable()
        self.delete_button.disable()
        self.replay_button.disable()
        self.confirm_delete: UIConfirmationDialog | None = None
        self._delete_path: Path | None = None  # the save the open confirm dialog is about

    def on_resize(self, size: tuple[int, int]) -> None:
        super().on_resize(size)
        self._build()

    def on_enter(self) -> None:
        if self.app.paths.save_files() != self.files:
            self._build()

    def selected(self) -> Path | None:
        value = self.listing.get_single_selection(include_object_id=True)
        return Path(value[1]) if value else None

    def handle_event(self, event: pygame.event.Event) -> bool:
        element = getattr(event, "ui_element", None)
        if event.type == pygame_gui.UI_BUTTON_PRESSED and element is self.back_button:
            self.app.pop()
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.pop()
            return True
        if event.type == pygame_gui.UI_SELECTION_LIST_NEW_SELECTION and element is self.listing:
            self.load_button.enable()
            self.delete_button.enable()
            self.replay_button.enable()
            return True
        if event.type == pygame_gui.UI_BUTTON_PRESSED and element is self.replay_button:
            path = self.selected()
            if path is not None:
                self.error = open_replay(self.app, self.ui, path)
            return True
        if event.type == pygame_gui.UI_BUTTON_PRESSED and element is self.delete_button:
            self.ask_delete()
            return True
        if event.type == pygame_gui.UI_CONFIRMATION_DIALOG_CONFIRMED and element is self.confirm_delete:
            self.delete_selected()
            return True
        if (event.type == pygame_gui.UI_CONFIRMATION_DIALOG_CONFIRMED and element is self.error
                and self._error_path is not None):
            self.error = try_open_save(self.app, self.ui, self._error_path, trust_edited=True)
            return True
        if ((event.type == pygame_gui.UI_BUTTON_PRESSED and element is self.load_button)
                or (event.type == pygame_gui.UI_SELECTION_LIST_DOUBLE_CLICKED_SELECTION
                    and element is self.listing)):
            path = self.selected()
            if path is not None:
                self._error_path = path
                self.error = try_open_save(self.app, self.ui, path)
            return True
        return self.ui.process_events(event)

    def ask_delete(self) -> None:
        path = self.selected()
        if path is None:
            return
        rect = pygame.Rect(0, 0, 480, 240)
        rect.center = (self.size[0] // 2, self.size[1] // 2)
        self._delete_path = path
        text = f"Delete {describe_save(path)}? This cannot be undone."
        self.confirm_delete = UIConfirmationDialog(rect, widgets.escape(text), self.ui,
                                                   window_title="Delete save", action_short_name="Delete")

    def delete_selected(self) -> None:
        """Remove the save the dialog asked about and show the list without it."""
        path, self._delete_path = self._delete_path, None
        self.confirm_delete = None
        if path is None:
            return
        try:
            path.unlink()
        except OSError as exc:
            self.error = show_error(self.ui, f"Could not delete {path.name}: {exc}", "Delete save")
            return
        self._build()

    def draw(self, surface: pygame.Surface) -> None:
        self.blit_cached(surface)
        self.ui.draw_ui(surface)

    def _render(self) -> pygame.Surface:
        surf = tile_art.background(self.size)
        p = self._panel()
        theme.draw_text(surf, "Load game", (p.x, 48), 40, theme.ACCENT, True, "midleft")
        widgets.draw_panel(surf, p)
        if not self.files:
            theme.draw_text(surf, "No saved games yet. Games autosave after every move.", p.center, 18,
                            theme.TEXT_DIM, anchor="center")
        theme.draw_text(surf, f"Saves folder: {self.app.paths.saves_dir}", (p.centerx, p.bottom + 10), 13,
                        theme.TEXT_DIM, anchor="midtop", max_width=self.size[0] - 40)
        return surf
