"""The track offer put to a human player (Lunar Rails' Selling and Trading
Track): what is offered and wanted, seen from the side answering it (the
seller, or the buyer answering a counter-offer), with Accept, Refuse and
Counter…. Built like the other crayon dialogs (a pygame_gui window over the
game screen)."""
from __future__ import annotations

from typing import Any

import pygame
import pygame_gui
from pygame_gui.core import ObjectID
from pygame_gui.elements import UIButton, UITextBox, UIWindow

from game.core.words import counted
from game.crayon.places import section_name
from ui import widgets

SIZE = (560, 330)
ACCEPT, REFUSE, COUNTER = "accept", "refuse", "counter"  # the dialog's answers


def offer_words(state: Any) -> str:
    """The offer in sentences for the player answering it: who, what money, which sections."""
    o = state.lunar.offer
    def sections(pairs: Any) -> str:
        return "; ".join(section_name(state.board, a, b) for a, b in pairs[:4]) + \
            (f" and {len(pairs) - 4} more" if len(pairs) > 4 else "")
    if o.answer_by == o.seller:
        lines = [f"{state.name(o.buyer)} wants {counted(len(o.take), 'section')} of your track: {sections(o.take)}.",
                 f"Offered: {o.price}M" + (f" and {len(o.give)} of their sections: {sections(o.give)}." if o.give
                                          else ".")]
        worth = state.offer_worth(o)
    else:
        lines = [f"{state.name(o.seller)} counters: {counted(len(o.take), 'section')} of their track: "
                 f"{sections(o.take)}.",
                 f"For: {o.price}M" + (f" and {len(o.give)} of your sections: {sections(o.give)}." if o.give
                                      else ".")]
        worth = -state.offer_worth(o)
    left = state.variant("track_offer_counters") - o.counters
    lines.append(f"At build cost, this gains you {worth:+d}M. " +
                 (f"{left} counter-offer(s) left." if left > 0 else "No counter-offer left: accept or refuse."))
    return "<br><br>".join(widgets.escape(x) for x in lines)


class OfferDialog(UIWindow):
    """Accept, Refuse or Counter…; closing the window refuses."""

    def __init__(self, ui: pygame_gui.UIManager, centre: tuple[int, int], state: Any) -> None:
        rect = pygame.Rect((0, 0), SIZE)
        rect.center = centre
        self.offer = state.lunar.offer
        answerer = state.name(self.offer.answer_by)
        super().__init__(rect, ui, window_display_title=f"Track offer for {answerer}", resizable=False)
        inner = self.get_container().get_rect()
        UITextBox(offer_words(state), pygame.Rect(12, 10, inner.width - 24, inner.height - 78), ui,
                  container=self, object_id=ObjectID(object_id="#dim_label"))
        y, w = inner.height - 56, 130
        self.accept_button = UIButton(pygame.Rect(inner.width - 12 - w, y, w, 42), "Accept", ui, container=self)
        self.refuse_button = UIButton(pygame.Rect(inner.width - 12 - 2 * w - 10, y, w, 42), "Refuse", ui,
                                      container=self)
        self.counter_button = UIButton(pygame.Rect(inner.width - 12 - 3 * w - 20, y, w, 42), "Counter…", ui,
                                       container=self, tool_tip_text="Change the sections or the price and "
                                                                     "send the offer back")
        if self.offer.counters >= state.variant("track_offer_counters"):
            self.counter_button.disable()

    def answer(self, event: pygame.event.Event) -> str | None:
        """ACCEPT, REFUSE (also when closed) or COUNTER for this dialog's events, else None."""
        element = getattr(event, "ui_element", None)
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            pressed = ((self.accept_button, ACCEPT), (self.refuse_button, REFUSE), (self.counter_button, COUNTER))
            return next((answer for button, answer in pressed if element is button), None)
        if event.type == pygame_gui.UI_WINDOW_CLOSE and element is self:
            return REFUSE
        return None
