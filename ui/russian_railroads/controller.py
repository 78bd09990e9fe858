"""The Russian Railroads controller: turns clicks on the table into engine
actions and keeps what is highlighted in step with the engine's legal moves.

The board of the player to move is shown large; clicking a thumbnail board on
the right opens that board full size over the table (a click or Esc closes it).
"""
from __future__ import annotations

from typing import Any

import pygame

from ui import theme
from ui.game_scene import GameController
from ui.hint_place import HINT_GAP, HINT_SIDE
from ui.russian_railroads import anims, choices, dialogs, hover, look, panel
from ui.russian_railroads import geometry as g
from game.core.actions import Action
from game.russian_railroads.actions import Place
from game.russian_railroads.scoring import board_total
from game.russian_railroads.spaces import availability_refusal
from ui.russian_railroads.places import printed_blocked_at, space_at
from ui.russian_railroads.player_pieces import BoardInfo
from ui.russian_railroads.render import Board, Selection, Target, borrowed_engineers, draw_board, frames_for

# World units are the printed boards' pixels: 3x (3.6x the fitted table at 1920x1080) shows the
# smallest print large; deeper zoom only made huge layers (and 470 MB of memory).
MAX_ZOOM = 3.0


MIN_HINT_HEIGHT = 120  # room above the card chooser that still holds a hint's sentence (a few lines)


class Controller(GameController):
    fit_margin = 0.01  # the table is large: every pixel of the window goes to it (the replay bar too)

    def __init__(self, scene: Any) -> None:
        super().__init__(scene)
        scene.camera.max_zoom = MAX_ZOOM
        self.board = Board.for_state(scene.state)
        self.prefs = choices.Prefs()
        self.opened_seat: int | None = None   # whose board is open full size over the table
        self.opened_box = pygame.Rect(0, 0, 0, 0)
        self.peek_box = pygame.Rect(0, 0, 0, 0)  # where a board shown on hover was last drawn
        self._opened_pic: tuple[tuple, pygame.Surface] | None = None
        self.choices = choices.Choices()
        self.hover_target: Target | None = None
        self.hover_space: str | None = None
        self.hint: Action | None = None  # the move a hint suggests
        self.breakdown_seat: int | None = None
        self._sig: tuple | None = None
        self._last_player: int | None = None
        self._panel_hits: list[panel.Hit] = []
        self._panel_rect = pygame.Rect(0, 0, 0, 0)  # where `draw_panel` last drew
        self._card_hits: list = []
        self._chooser_box = pygame.Rect(0, 0, 0, 0)
        self._mouse = (0, 0)
        self._rows_sig: tuple | None = None
        self._rows_cache: list[dict[str, Any]] = []
        seats = scene.session.seats
        self.names = tuple(s.name for s in seats)
        self.colours = tuple(theme.seat_rgb(s) for s in seats)

    # What is shown ----------------------------------------------------------------

    @property
    def state(self) -> Any:
        return self.scene.state

    def focus(self) -> int:
        seat = self.state.current_player()
        if seat is not None:
            return seat
        return 0

    def refresh(self) -> None:
        """Recompute the clickable choices when the game or the wishes changed."""
        session = self.scene.session
        seat = self.state.current_player()
        human = self.scene.is_human_turn()
        if seat != self._last_player:
            self._last_player = seat
            self.prefs.use_black = False
        sig = (len(session.actions), session.actions[-1] if session.actions else None, seat, self.state.phase,
               tuple((t.id, t.count) for t in self.state.tasks), self.focus(), human,
               self.prefs.use_black, self.prefs.prefer_roubles, self.prefs.factory_source)
        if sig != self._sig:
            self._sig = sig
            if self.scene.replaying:
                self.choices = choices.Choices(prompt=self._replay_prompt(seat))
            else:
                self.choices = choices.build(self.state, self.board, self.focus(), self.prefs, human)
            self.hover_target = None

    def _replay_prompt(self, seat: int | None) -> str:
        """What the replay shows: whose move comes next (nothing is played here)."""
        if seat is None:
            return "Replay: the game is over."
        return f"Replay: {self.names[seat]} moves next. Step with ← and →."

    def selection(self) -> Selection:
        self.refresh()
        chain = []
        if self.hover_target is not None and self.hover_target.kind == "loco":
            seat = self.state.current_player()
            if seat is not None and seat == self.focus():
                chain = choices.chain_preview(self.state, g.focus_frame(), seat, self.hover_target)
        seat = self.state.current_player()
        reveal = seat if seat is not None and self.scene.is_human_turn() else None
        hover, hover_space = self.hover_target, self.hover_space
        if hover is None and hover_space is None and self.hint is not None:  # the hint lights up as if pointed at
            hover_space = self.hint.space if isinstance(self.hint, Place) else None
            hover = next((t for t in self.choices.targets + self.choices.sources if t.action == self.hint), None)
        return Selection(
            focus=self.focus(), usable=set(self.choices.usable), blocked=self.choices.blocked,
            targets=self.choices.targets + self.choices.sources, hover=hover,
            hover_space=hover_space, chain=chain, names=self.names, colours=self.colours,
            reveal_seat=reveal, reveal_all=self.scene.reveal_all, version=len(self.scene.session.actions))

    def show_hint(self, action: Action | None) -> None:
        self.hint = action

    def hint_area(self, board: pygame.Rect) -> pygame.Rect:
        """Above the card chooser while it is open (it is drawn over the
        board and would hide the sentence), unless the chooser's rows leave
        too little room there; else the side panel's free strip under the
        score table (the foot of the board is the player board's industry
        and engineers rows, or the chooser)."""
        if self._chooser_visible():
            box, _ = dialogs.chooser_box(board, len(self.choices.cards))
            above = box.y - 8 - board.y
            if above >= MIN_HINT_HEIGHT:
                return pygame.Rect(board.x, board.y, board.w, above)
        return self._panel_room() or board

    def hint_spill(self, board: pygame.Rect, area: pygame.Rect, height: int) -> pygame.Rect:
        """A sentence too tall for its place stands at the top of the strip
        under the scores, where the head of the game log was (the log moves
        below it while it shows; the player board's rows, or the chooser's
        cards, are read to follow the hint); too tall for the window there,
        the whole board."""
        room = self._panel_room()
        if room is None:
            return board
        spill = pygame.Rect(room.x, room.y, room.width, height + 2 * HINT_GAP)
        return spill if spill.bottom <= self.scene.size[1] else board

    def _panel_room(self) -> pygame.Rect | None:
        """The side panel's part under the score table, left free while the
        turn's prompt and buttons take less than the room kept for them;
        wider by the banner's side margins, so the banner may take the
        panel's width inside its padding."""
        rows = [hit.rect for hit in self._panel_hits if hit.kind == "row"]
        if not rows:
            return None
        top = rows[-1].bottom
        room = pygame.Rect(self._panel_rect.x, top, self._panel_rect.width, self._panel_rect.bottom - top)
        return room.inflate(2 * (HINT_SIDE - panel.PAD), 0)

    def world_bounds(self) -> tuple[float, float, float, float]:
        return self.board.bounds()

    def draw_world(self, surface: pygame.Surface, camera: Any) -> None:
        draw_board(surface, self.board, self.state, camera, self.selection())

    def status_text(self) -> str:
        self.refresh()
        return self.choices.prompt

    # Side panel ----------------------------------------------------------------------

    def _rows(self) -> list[dict[str, Any]]:
        """The score table, computed again only when the game moved on."""
        self.refresh()
        if self._rows_sig != self._sig:
            seat = self.state.current_player()
            self._rows_cache = [
                {"seat": i, "name": self.names[i], "colour": self.colours[i], "score": p.score,
                 "value": board_total(self.state.data, p), "turn": i == seat}
                for i, p in enumerate(self.state.players)]
            self._rows_sig = self._sig
        return self._rows_cache

    def panel_height(self, rect_height: int) -> int:
        return min(rect_height * 2 // 3, panel.panel_height(len(self.state.players)))

    def draw_panel(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        self.refresh()
        self._panel_rect = pygame.Rect(rect)
        self._panel_hits = panel.draw_panel(surface, rect, self.choices, self._rows(), self._mouse)

    def on_panel_click(self, pos: tuple[int, int], button: int) -> bool:
        for hit in self._panel_hits:
            if not hit.rect.collidepoint(pos):
                continue
            if hit.kind == "row":
                self.breakdown_seat = hit.seat
            elif hit.button is not None:
                self._press_button(hit.button)
            return True
        return False

    def _press_button(self, b: choices.Button) -> None:
        if b.action is not None:
            if self.scene.is_human_turn():
                self.scene.submit(b.action)
            return
        if b.command == "toggle_black":
            self.prefs.use_black = not self.prefs.use_black
        elif b.command == "toggle_roubles":
            self.prefs.prefer_roubles = not self.prefs.prefer_roubles

    # Board clicks ----------------------------------------------------------------------

    def on_click(self, world_pos: tuple[float, float], button: int) -> None:
        self.refresh()
        if button != 1:
            return
        if self._click_side_board(world_pos):
            return
        if not self.scene.is_human_turn():
            if self.state.current_player() is not None:
                self.scene.show_banner("Please wait: a computer player is moving.", theme.ACCENT)
            return
        target = self._target_at(world_pos)
        if target is not None:
            if target.kind == "source":
                self.prefs.factory_source = int(target.key)
            elif target.action is not None:
                self.scene.submit(target.action)
            return
        if self._click_row(world_pos):
            return
        sid = space_at(self.board.data, self.board.mode, world_pos, self.state.is_last_round())
        if sid is None:
            reason = self._printed_blocked_reason(world_pos)
            if reason:
                self.scene.show_banner(reason)
            return
        if sid in self.choices.usable:
            self.scene.submit(self.choices.usable[sid])
        elif sid in self.choices.blocked:
            self.scene.show_banner(self.choices.blocked[sid])
        elif self.state.tasks or self.state.phase != "actions":
            self.scene.show_banner(self.choices.prompt)

    def _click_row(self, pos: tuple[float, float]) -> bool:
        """A click anywhere on a railroad (or the industry track) of the large
        board does the only advancement possible there."""
        f = g.focus_frame()
        lx, ly = f.local(*pos)
        rows = {rid: g.rail_rect(self.state.data, rid) for rid in self.state.data.railroad_ids}
        rows["industry"] = (g.IND_X, g.IND_Y, 16 * g.IND_SPACE_W, g.IND_H)
        for name, (x, y, w, h) in rows.items():
            if not (x - 4 <= lx <= x + w and y <= ly <= y + h):
                continue
            kind = "industry" if name == "industry" else "advance"
            options = [t for t in self.choices.targets if t.kind == kind
                       and (kind == "industry" or t.key.startswith(name + ":"))]
            if len(options) == 1:
                self.scene.submit(options[0].action)
                return True
            if options:
                self.scene.show_banner("Several tracks can move here: click the green box of the one you want.",
                                       theme.ACCENT)
                return True
        return False

    def _printed_blocked_reason(self, pos: tuple[float, float]) -> str | None:
        sid = printed_blocked_at(self.board.data, self.board.mode, pos)
        seat = self.state.current_player()
        if sid is None or seat is None:
            return None
        return availability_refusal(self.state, seat, sid)

    def _side_seat_at(self, pos: tuple[float, float]) -> int | None:
        """Whose compact board (with its name bar) is at this world point."""
        for slot, seat in enumerate(self.board.side_seats(self.focus())):
            x, y, w, h = g.side_slot_rect(slot, self.board.bars)
            if x <= pos[0] <= x + w and y <= pos[1] <= y + h:
                return seat
        return None

    def peek_seat(self) -> int | None:
        """Whose board shows full size while the mouse rests on its thumbnail
        (nothing else open over the table)."""
        if self.breakdown_seat is not None or self.opened_seat is not None or self._chooser_visible():
            return None
        if not self.scene.board_rect.collidepoint(self._mouse):
            return None
        return self._side_seat_at(self.scene.camera.screen_to_world(self._mouse))

    def _click_side_board(self, pos: tuple[float, float]) -> bool:
        seat = self._side_seat_at(pos)
        if seat is not None:
            self.opened_seat = seat  # kept open until a click or Esc
            return True
        fx, fy, fw, _fh = g.focus_frame().bounds
        if fx <= pos[0] <= fx + fw and fy <= pos[1] <= fy + g.HEADER_H:
            self.breakdown_seat = self.focus()
            return True
        return False

    def _target_at(self, pos: tuple[float, float]) -> Target | None:
        for t in self.choices.sources + self.choices.targets:
            x, y, w, h = t.rect
            if x <= pos[0] <= x + w and y <= pos[1] <= y + h:
                return t
        return None

    def on_hover(self, world_pos: tuple[float, float]) -> str | None:
        self.refresh()
        if self.breakdown_seat is not None or self.opened_seat is not None \
                or self._chooser_box.collidepoint(self._mouse):
            self.hover_target = self.hover_space = None  # the board is covered there
            return None
        self.hover_target = self._target_at(world_pos)
        if self.hover_target is None and self._side_seat_at(world_pos) is not None:
            self.hover_space = None
            return None  # the board itself opens full size beside the column (see overlay)
        if self.hover_target is not None:
            self.hover_space = None
            return self.hover_target.label
        self.hover_space = space_at(self.board.data, self.board.mode, world_pos, self.state.is_last_round())
        if self.hover_space is not None:
            return hover.space_tip(self.state, self.hover_space, self.choices, self.names)
        reason = self._printed_blocked_reason(world_pos)
        if reason:
            return reason
        return hover.board_tip(self.state, self.board, frames_for(self.board, self.focus()), world_pos)

    # Overlays: card chooser and breakdown ----------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self._mouse = event.pos
            return False
        covered = self.breakdown_seat is not None or self.opened_seat is not None
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE and covered:
            self.breakdown_seat = self.opened_seat = None
            return True
        if event.type != pygame.MOUSEBUTTONDOWN or event.button != 1:
            return False
        if covered:
            self.breakdown_seat = self.opened_seat = None
            return True
        if self._chooser_visible():
            for rect, card in self._card_hits:
                if rect.collidepoint(event.pos):
                    self.scene.submit(card.action)
                    return True
            return self._chooser_box.collidepoint(event.pos)
        return False

    def _chooser_visible(self) -> bool:
        self.refresh()
        return bool(self.choices.cards) and self.scene.is_human_turn() and not self.scene.anim.busy

    def overlay(self, surface: pygame.Surface) -> None:
        self._card_hits = []
        self._chooser_box = pygame.Rect(0, 0, 0, 0)
        if self._chooser_visible():
            self._card_hits, self._chooser_box = dialogs.draw_chooser(
                surface, self.scene.board_rect, self.choices.card_title, self.choices.cards, self._mouse, self.hint)
        if self.opened_seat is not None:
            self.opened_box = self._draw_opened(surface, self.opened_seat, self.scene.board_rect)
        peek = self.peek_seat()
        self.peek_box = pygame.Rect(0, 0, 0, 0)
        if peek is not None:
            self.peek_box = self._draw_opened(surface, peek, self._peek_area(), "click to keep it open")
        if self.breakdown_seat is not None:
            seat = self.breakdown_seat
            dialogs.draw_breakdown(surface, self.scene.board_rect, self.state.data, self.state, seat,
                                   self.names[seat], self.colours[seat],
                                   show_cards=seat == self.state.current_player() and self.scene.is_human_turn())

    def _peek_area(self) -> pygame.Rect:
        """The table left of the thumbnail column: a board shown on hover
        never covers the thumbnail the mouse rests on."""
        area = self.scene.board_rect
        column = int(self.scene.camera.world_to_screen((g.SIDE_X, 0.0))[0])
        return pygame.Rect(area.left, area.top, max(0, min(area.width, column - area.left)), area.height)

    def _draw_opened(self, surface: pygame.Surface, seat: int, area: pygame.Rect,
                     how: str = "click anywhere or press Esc to close") -> pygame.Rect:
        """Draw another player's board large over `area`, painted again only
        when its pieces or the area changed."""
        p = self.state.players[seat]
        key = (seat, repr(p.to_dict()), area.size, self.state.current_player(), self.scene.reveal_all,
               borrowed_engineers(self.state, seat, self.colours))
        if self._opened_pic is None or self._opened_pic[0] != key:
            info = BoardInfo(seat=seat, name=self.names[seat], colour=self.colours[seat], score=p.score,
                             value=board_total(self.state.data, p), is_turn=seat == key[3],
                             focused=True, borrowed=borrowed_engineers(self.state, seat, self.colours),
                             show_end_bonus=self.scene.reveal_all)
            self._opened_pic = (key, dialogs.opened_board_picture(area, self.state.data, p, info))
        return dialogs.draw_opened_board(surface, area, self._opened_pic[1], self.names[seat], how)

    # Animations and charts -----------------------------------------------------------------

    def animate(self, events: list, queue: Any) -> None:
        frames = frames_for(self.board, self.focus())
        anims.animate(events, queue, self.board.mode, frames,
                      lambda s: self.colours[s] if 0 <= s < len(self.colours) else (160, 160, 160), self.board.data)

    def log_names(self) -> dict[str, tuple[int, int, int]]:
        """Emil, the solo opponent, in the colour of his board (he has no seat)."""
        return {"Emil": look.EMIL_RGB} if self.state.emil is not None else {}

    def chart_value(self, state: Any, seat: int) -> float:
        return float(state.players[seat].score)
