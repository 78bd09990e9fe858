"""Lunar Rails on the game screen: the crayon-rails controller (drag to
build, move previews, panels), which already follows Wrap Letters and poles
through the rules engine's queries, plus the Challenge options' pieces:
warehouses drawn as squares and picked on the map, a track offer put
together by clicking sections, the offer dialog for the human answering it
(accept, refuse, or put a counter-offer together the same way), and the
second train (its button in the panel, T on the keyboard)."""
from __future__ import annotations

from typing import Any

import pygame

from game.crayon.lunar_rails import actions as LA
from game.crayon.lunar_rails.trade import OFFER
from ui import theme
from ui.lunar_rails import option_rows
from ui.lunar_rails.offer_dialog import ACCEPT, COUNTER, OfferDialog
from ui.russian_rails.controller import Controller as CrayonController
from ui.russian_rails.crayon_overlay import Overlay, PathMark

Hex = tuple[int, int]


class Controller(CrayonController):
    """The crayon-rails controller for the Moon."""

    def __init__(self, scene: Any) -> None:
        super().__init__(scene)
        self.picks = option_rows.Picks()
        self.dialog: OfferDialog | None = None

    # Picking on the map ----------------------------------------------------------

    def start_pick(self, what: str) -> None:
        self.clear()
        self.picks.clear()
        self.picks.what = what

    def cancel_pick(self) -> None:
        self.picks.clear()

    def change_price(self, step: int) -> None:
        offer = self.state.lunar.offer
        buyer = offer.buyer if self.picks.what == "counter" and offer is not None else self.seat
        cash = self.state.players[buyer].cash if buyer is not None else 0
        self.picks.price = max(0, min(cash, self.picks.price + step))

    def send_offer(self) -> None:
        if self.scene.submit(self.picks.offer()):
            self.picks.clear()

    def start_counter(self) -> None:
        """Put a counter-offer together, starting from the offer's terms."""
        if self.state.lunar.offer is not None and self.seat is not None:
            self.picks.start_counter(self.state.lunar.offer, self.seat)

    def send_counter(self) -> None:
        offer = self.state.lunar.offer
        if offer is not None and self.seat is not None and self.scene.submit(self.picks.counter(offer, self.seat)):
            self.picks.clear()

    def answering_offer(self) -> bool:
        return self.mode() == "decide" and self.state.pending[0].kind == OFFER

    def on_click(self, world_pos: tuple[float, float], button: int) -> None:
        if self.picks.what in ("offer", "counter") and button == 1 and self.seat is not None:
            pair = option_rows.nearest_section(self.state, self.geom, world_pos)
            why = "Click a section of track." if pair is None else self.picks.toggle(self.state, self.seat, pair)
            if why:
                self.scene.show_banner(why)
            return
        super().on_click(world_pos, button)

    def click_milepost(self, h: Hex | None, button: int) -> None:
        if self.picks.what == "warehouse" and h is not None and button == 1:
            if self.scene.submit(LA.BuildWarehouse(h)):
                self.picks.clear()
            return
        super().click_milepost(h, button)

    def _key(self, key: int) -> bool:
        if key == pygame.K_ESCAPE and self.picks.what:
            self.picks.clear()
            return True
        if key == pygame.K_t and self.mode() in ("move", "build", "place") and self.seat is not None \
                and not self.state.switch_refusal(self.seat):
            self.submit(LA.SwitchTrain())
            return True
        return super()._key(key)

    # The offer dialog for a human seller -------------------------------------------

    def update(self, dt: float) -> None:
        super().update(dt)
        answering = self.answering_offer()
        stale = not answering if self.picks.what == "counter" else self.mode() not in ("move", "build")
        if self.picks.what and stale:
            self.picks.clear()  # the turn or the offer moved on
        wanted = answering and self.picks.what != "counter"
        shown = None if self.dialog is None else self.dialog.offer
        if self.dialog is not None and (not wanted or shown != self.state.lunar.offer):
            self.dialog.kill()
            self.dialog = None
        if wanted and self.dialog is None:
            self.dialog = OfferDialog(self.scene.ui, (self.scene.size[0] // 2, self.scene.size[1] // 2), self.state)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if self.dialog is not None:
            answer = self.dialog.answer(event)
            if answer is not None:
                self.dialog.kill()
                self.dialog = None
                if answer == COUNTER:
                    self.start_counter()
                else:
                    self.submit(LA.AnswerOffer(answer == ACCEPT))
                return True
        return super().handle_event(event)

    # Drawing -----------------------------------------------------------------------

    def overlay_now(self) -> Overlay:
        ov = super().overlay_now()
        colours = self.colours()
        for owner, w in sorted(self.state.lunar.warehouses.items()):
            ov.squares.append((w.milepost, colours[owner], "·".join(x[:3] for x in w.loads)))
        for (a, b), colour in option_rows.offer_marks(self):
            ov.paths.append(PathMark((a, b), colour, 0.5))
        if self.picks.what == "warehouse" and self.hover is not None and self.seat is not None:
            ok = not self.state.warehouse_refusal(self.seat, self.hover)
            ov.squares.append((self.hover, theme.GOOD if ok else theme.BAD, ""))
        return ov

    def game_rows(self, cur: Any, mode: str) -> None:
        option_rows.draw_rows(cur, self, mode)

    def game_key(self) -> object:
        p = self.picks
        return (p.what, tuple(p.take), tuple(p.give), p.seller, p.price)

    def picking_rows(self, cur: Any, mode: str) -> bool:
        if not self.picks.what:
            return False
        option_rows.draw_pick(cur, self)
        return True


__all__ = ["Controller"]
