"""The "Save game" dialog: a name field (pre-filled with the game and the
time) and the folder to save in (the saves folder, changeable when it cannot
be written), with Save and Cancel, so a player can find the save again on the
Load screen by what they called it."""
from __future__ import annotations

import time

import pygame
import pygame_gui
from pygame_gui.core import ObjectID
from pygame_gui.elements import UIButton, UILabel, UITextEntryLine, UIWindow

NAME_LIMIT = 40  # characters of a save's name (it becomes part of the file name)
FOLDER_LIMIT = 400  # characters of a folder path


def default_save_name(title: str) -> str:
    return f"{title} {time.strftime('%d %b %H.%M')}"


class SaveDialog(UIWindow):
    def __init__(self, ui: pygame_gui.UIManager, centre: tuple[int, int], title: str, folder: str = "") -> None:
        rect = pygame.Rect(0, 0, 560, 268)
        rect.center = centre
        super().__init__(rect, ui, window_display_title="Save game", resizable=False)
        inner = self.get_container().get_rect().width
        UILabel(pygame.Rect(16, 12, inner - 32, 24), "Name of the save", ui, container=self,
                object_id=ObjectID(object_id="#dim_label"))
        self.entry = UITextEntryLine(pygame.Rect(16, 40, inner - 32, 40), ui, container=self)
        self.entry.set_text_length_limit(NAME_LIMIT)
        self.entry.set_text(default_save_name(title)[:NAME_LIMIT])
        UILabel(pygame.Rect(16, 92, inner - 32, 24), "Folder", ui, container=self,
                object_id=ObjectID(object_id="#dim_label"))
        self.folder_entry = UITextEntryLine(pygame.Rect(16, 120, inner - 32, 40), ui, container=self)
        self.folder_entry.set_text_length_limit(FOLDER_LIMIT)
        self.folder_entry.set_text(folder)
        self.entry.focus()
        self.save_button = UIButton(pygame.Rect(inner - 16 - 120, 180, 120, 40), "Save", ui, container=self)
        self.cancel_button = UIButton(pygame.Rect(inner - 16 - 250, 180, 120, 40), "Cancel", ui,
                                      container=self)

    def name(self) -> str:
        return self.entry.get_text().strip()

    def folder(self) -> str:
        return self.folder_entry.get_text().strip()

    def wants_save(self, event: pygame.event.Event) -> bool:
        """True for the Save button or Enter in either field."""
        element = getattr(event, "ui_element", None)
        if event.type == pygame_gui.UI_BUTTON_PRESSED and element is self.save_button:
            return True
        return event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED and element in (self.entry, self.folder_entry)

    def wants_cancel(self, event: pygame.event.Event) -> bool:
        return (event.type == pygame_gui.UI_BUTTON_PRESSED
                and getattr(event, "ui_element", None) is self.cancel_button)
