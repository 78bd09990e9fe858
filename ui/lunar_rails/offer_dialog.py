"""The track offer put to a human seller (Lunar Rails' Selling and Trading
Track): what the buyer offers and wants, with Accept and Refuse. Built like
the other crayon dialogs (a pygame_gui window over the game screen)."""
from __future__ import annotations

from typing import Any

import pygame
import pygame_gui
from pygame_gui.core import ObjectID
from pygame_gui.elements import UIButton, UITextBox, UIWindow

from ui import widgets

SIZE = (520, 300)


def offer_words(state: Any) -> str:
    """The offer in a sentence for the seller: who, what money, which sections."""
    o = state.lunar.offer
    def sections(pairs: Any) -> str:
        return ", ".join(f"{state.place(a)}–{state.place(b)}" for a, b in pairs[:4]) + \
            (f" and {len(pairs) - 4} more" if len(pairs) > 4 else "")
    lines = [f"{state.name(o.buyer)} wants {len(o.take)} section(s) of your track: {sections(o.take)}.",
             f"Offered: {o.price}M" + (f" and {len(o.give)} of their sections: {sections(o.give)}." if o.give
                                      else ".")]
    lines.append(f"At build cost, this gains you {state.offer_worth(o):+d}M.")
    return "<br><br>".join(widgets.escape(x) for x in lines)


class OfferDialog(UIWindow):
    """Accept or Refuse; closing the window refuses."""

    def __init__(self, ui: pygame_gui.UIManager, centre: tuple[int, int], state: Any) -> None:
        rect = pygame.Rect((0, 0), SIZE)
        rect.center = centre
        seller = state.name(state.lunar.offer.seller)
        super().__init__(rect, ui, window_display_title=f"Track offer for {seller}", resizable=False)
        inner = self.get_container().get_rect()
        UITextBox(offer_words(state), pygame.Rect(12, 10, inner.width - 24, inner.height - 78), ui,
                  container=self, object_id=ObjectID(object_id="#dim_label"))
        self.accept_button = UIButton(pygame.Rect(inner.width - 12 - 130, inner.height - 56, 130, 42), "Accept",
                                      ui, container=self)
        self.refuse_button = UIButton(pygame.Rect(inner.width - 12 - 270, inner.height - 56, 130, 42), "Refuse",
                                      ui, container=self)

    def answer(self, event: pygame.event.Event) -> bool | None:
        """True (accept), False (refuse or closed) for this dialog's events, else None."""
        element = getattr(event, "ui_element", None)
        if event.type == pygame_gui.UI_BUTTON_PRESSED and element is self.accept_button:
            return True
        if event.type == pygame_gui.UI_BUTTON_PRESSED and element is self.refuse_button:
            return False
        if event.type == pygame_gui.UI_WINDOW_CLOSE and element is self:
            return False
        return None
