"""Regional Rails on the game screen: board clicks become build previews and
actions, each pending decision becomes a docked dialog, engine events become
animations (dice, pulses, floating money).

Everything shown is derived from the state and its legal actions, cached per
state version (state object + number of actions), so a frame only draws.
"""
from __future__ import annotations

from typing import Any

import pygame

from game.core.actions import Action
from game.core.hexgrid import edge_hexes
from game.regional_rails import actions as A
from game.regional_rails import queries
from game.regional_rails.events import DiceRolled
from game.regional_rails.state import BUILD, SETUP_START, UPGRADE

from ui import theme
from ui.camera import WorldRect
from ui.game_scene import GameController
from ui.regional_rails import dialogs as dlg
from ui.regional_rails import geometry as geo
from ui.regional_rails import panel as pnl
from ui.regional_rails.boardview import view_of
from ui.regional_rails.describe import build_preview, describe_target, limit_outline, status_line
from ui.regional_rails.dice import Roll
from ui.regional_rails.effects import tweens_for
from ui.regional_rails.phase_dialogs import PhaseDialogs
from ui.regional_rails.phasebar import BAR_H, bar_model, bar_rect, draw_phase_bar
from ui.regional_rails.pieces import company_colours, seat_colour
from ui.regional_rails.render import Preview, Selection, card_layout, draw_board

FIT_MARGIN = 0.04  # the camera's fit margin (ui/camera.py Camera.fit default)
BAR_GAP = 6  # screen pixels between the phase bar and the map at fit zoom
MIN_FIT_ZOOM = 0.05  # a window too small for map and dialog still gets a positive zoom
MIN_HINT_WIDTH = 360  # narrowest strip beside the dialog that still holds a hint's sentence
DOCK_GAP = 24  # screen pixels between the map and the docked dialog at fit zoom


class Controller(GameController):
    def __init__(self, scene) -> None:
        super().__init__(scene)
        self.hover: geo.Target | None = None
        self.selected: geo.Target | None = None
        self.hint: geo.Target | None = None  # where a hint's move is
        self.preview: Preview | None = None
        self.dm_kind: str | None = None
        self.dialogs = PhaseDialogs()
        self.mouse = (0, 0)
        self._key: tuple | None = None
        self._legal: list[Action] = []
        self._dialog: dlg.Dialog | None = None
        self._scroll: tuple[str, int] = ("", 0)  # a dialog's title and the rows its body is scrolled
        self._laid: tuple[Any, ...] = ()  # the dialog, what its layout depends on, and the layout
        self._hints: frozenset = frozenset()
        self._limit: tuple = ()
        self._far: frozenset = frozenset()
        self._income: tuple[int, list[str]] | None = None
        self._panel_hits = pnl.PanelHits()
        humans = [i for i, s in enumerate(scene.session.seats) if not s.is_computer]
        self._last_human: int | None = humans[0] if humans else None

    # State-derived caches ----------------------------------------------------

    @property
    def state(self) -> Any:
        return self.scene.state

    def viewer(self) -> int | None:
        """The seat looking at the screen: the human to act, else the last one."""
        seat = self.state.current_player()
        if seat is not None and not self.scene.session.seats[seat].is_computer:
            self._last_human = seat
        return self._last_human

    def refresh(self) -> None:
        """Recompute what depends on the state when it changed."""
        key = (id(self.state), len(self.scene.session.actions))
        if key == self._key:
            return
        self._key = key
        state = self.state
        human = self.scene.is_human_turn()
        self._legal = state.legal_actions() if human else []
        if self.dm_kind is not None and self.dm_kind not in self._hand():
            self.dm_kind = None
        if state.phase != UPGRADE:
            self.dialogs.found_company = None
        if self.selected is not None and state.phase == BUILD and human:
            self.preview = build_preview(state, self.selected)
        else:
            self.selected, self.preview = None, None
        self._limit, self._far = (), frozenset()
        self._income = None
        if state.phase == BUILD and state.active is not None:
            self._income = queries.income_preview(state)
            if human:
                self._limit, self._far = limit_outline(state, state.active)
        self._hints = self._hint_keys()
        self.dialogs.reset_steppers()
        docked = self._dialog is not None
        was_fitted = self._fitted()
        self._dialog = self.dialogs.build(state, self._legal)
        if self._dialog is None or self._dialog.title != self._scroll[0]:
            self._scroll = ("", 0)  # a new dialog, or the same one a round later, opens at the top
        self._show_hinted()
        if docked != (self._dialog is not None) and was_fitted:
            self.scene.fit()   # the map takes the dialog's strip on computer turns, and gives it back

    def _fitted(self) -> bool:
        """Whether the camera still shows the whole map as fitted (the player
        has not zoomed or panned since): only then does it follow the dock."""
        camera = getattr(self.scene, "camera", None)
        if camera is None or self._key is None:
            return False
        x, y, w, h = self.world_bounds()
        fit = camera.fit_zoom((x, y, w, h), self.fit_margin)
        cx, cy = camera.center
        return (abs(camera.zoom - fit) <= 0.01 * fit and abs(cx - (x + w / 2)) * fit <= 2
                and abs(cy - (y + h / 2)) * fit <= 2)

    def _hint_keys(self) -> frozenset:
        """Target keys of the places the player may click now."""
        hints: set[tuple[str, tuple[int, ...]]] = set()
        for a in self._legal:
            if self.dm_kind is not None:
                if isinstance(a, A.PlaceDevelopment) and a.kind == self.dm_kind:
                    hints.add(("interior", (a.q, a.r)))
            elif isinstance(a, (A.BuildInterior, A.PickStart)):
                hints.add(("interior", (a.q, a.r)))
            elif isinstance(a, A.BuildSide):
                hints.add(("side", (a.q, a.r, a.side)))
            elif isinstance(a, A.BuildStation):
                hints.add(("station", (a.q, a.r)))
            elif isinstance(a, A.FoundRailroad) and a.company == self.dialogs.found_company:
                hints.add(("interior", (a.q, a.r)))
        return frozenset(hints)

    def _hand(self) -> list[str]:
        viewer = self.viewer()
        return [k for c in self.state.companies if c.owner == viewer for k in c.developments]

    def invalidate(self) -> None:
        self._key = None

    # Drawing ---------------------------------------------------------------

    def world_bounds(self) -> tuple[float, float, float, float]:
        """The map plus room, at fit zoom, for the phase bar above it and the
        docked dialog on its right (none while nobody at the screen decides:
        on computer turns the map takes the whole width). Both are fixed in
        screen pixels, so the room in world units follows the zoom the
        window allows."""
        x, y, w, h = view_of(self.state.board).world_bounds()
        vp = self.scene.camera.viewport
        dock = self.dock_width() + DOCK_GAP if self._dialog is not None else 0
        usable = 1 - 2 * FIT_MARGIN
        zoom = min((vp.width * usable - dock) / w, (vp.height * usable - BAR_H - BAR_GAP) / h)
        zoom = max(zoom, MIN_FIT_ZOOM)
        top = (BAR_H + BAR_GAP) / zoom
        return (x, y - top, w + dock / zoom, h + top)

    def dock_width(self) -> int:
        """How wide the docked dialog is: the strip the map leaves free when
        it fills the board's height, kept between the narrowest and widest
        dialog, so on a wide window the map loses nothing to the dialog and
        on a narrow one it loses as little as the dialog's text allows."""
        x, y, w, h = view_of(self.state.board).world_bounds()
        vp = self.scene.camera.viewport
        usable = 1 - 2 * FIT_MARGIN
        tall = max((vp.height * usable - BAR_H - BAR_GAP) / h, MIN_FIT_ZOOM)
        free = int(vp.width * usable - w * tall) - DOCK_GAP
        return max(dlg.MIN_WIDTH, min(dlg.MAX_WIDTH, free))

    def selection(self) -> Selection:
        state = self.state
        colour = company_colours(state)[state.active] if state.active is not None else theme.ACCENT
        hover = self.hover if self.scene.is_human_turn() else None
        if hover is not None and state.phase != BUILD and hover.key not in self._hints:
            hover = None
        if hover is None and self.hint is not None:  # the hint lights up as if pointed at
            hover = self.hint
        return Selection(hover=hover, selected=self.selected, preview=self.preview, dim=self._far,
                         limit=self._limit, hints=self._hints, colour=colour)

    def show_hint(self, action: Action | None) -> None:
        """A hinted rail marker or station lights up like the place under the
        mouse; the phase dialog says the hint and outlines its choice."""
        hint = getattr(self.scene, "hint", None)
        words = ""
        if action is not None and hint is not None:  # the choice alone: the banner gives the reason
            words = self.state.advice(action) or hint.text.split(":")[0].split(", then")[0]
        self.dialogs.show_hint(action, words)
        self._key = None  # the dialog is built again with the hint
        if isinstance(action, A.BuildSide):
            self.hint = geo.side_target((action.q, action.r, action.side))
        elif isinstance(action, (A.BuildInterior, A.BuildStation, A.PlaceDevelopment, A.PickStart)):
            self.hint = geo.Target("interior", (action.q, action.r))
        else:
            self.hint = None

    def hint_area(self, board: pygame.Rect) -> pygame.Rect:
        """Below the phase bar and left of the docked dialog (whose buttons
        the hint may outline), unless that leaves too narrow a strip for the
        sentence."""
        bar = bar_rect(board)
        below = pygame.Rect(board.x, bar.bottom, board.w, board.bottom - bar.bottom)
        lay = self.dialog_layout()
        if lay is None:
            return below
        left = lay.rect.x - board.x - 8
        return pygame.Rect(below.x, below.y, left, below.h) if left >= MIN_HINT_WIDTH else below

    def map_bounds(self) -> WorldRect | None:
        return view_of(self.state.board).world_bounds()

    def dialog_layout(self) -> dlg.DialogLayout | None:
        """The docked dialog's layout, worked out once for the dialog, window,
        dock width and scroll (drawing, the hint, hovers and clicks share it)."""
        dialog = self._dialog
        if dialog is None:
            return None
        viewport = self.scene.camera.viewport
        key = (tuple(viewport), self.dock_width(), self._rows_scrolled())
        if not self._laid or self._laid[0] is not dialog or self._laid[1] != key:
            self._laid = (dialog, key, dlg.layout(viewport, dialog, key[1], key[2]))
        return self._laid[2]

    def _rows_scrolled(self) -> int:
        """The dialog's scroll, kept while the same dialog is rebuilt (a stepper
        pressed) and back at the top for the next one."""
        title, rows = self._scroll
        return rows if self._dialog is not None and title == self._dialog.title else 0

    def scroll_dialog(self, rows: int) -> None:
        lay = self.dialog_layout()
        if lay is not None and self._dialog is not None:
            self._scroll = (self._dialog.title, max(0, min(lay.max_scroll, lay.scroll + rows)))

    def _show_hinted(self) -> None:
        """A hinted card or button below the fold of a scrolling dialog is scrolled into view."""
        dialog = self._dialog
        hinted = next((i for i in dialog.items if getattr(i, "hinted", False)), None) if dialog else None
        if dialog is not None and hinted is not None:
            self._scroll = (dialog.title, dlg.scroll_to(self.scene.camera.viewport, dialog, self.dock_width(),
                                                         hinted))

    def draw_world(self, surface: pygame.Surface, camera) -> None:
        self.refresh()
        sel = self.selection()
        lay = self.dialog_layout()
        option = dlg.hovered_option(lay, self.mouse) if lay is not None else None
        if option is not None and isinstance(option.key, (A.PickStart, A.Rob)):
            sel.hover = geo.Target("interior", self._option_hex(option.key))
        draw_board(surface, self.state.board, self.state, camera, sel)
        draw_phase_bar(surface, bar_rect(camera.viewport), bar_model(self.state))
        if self._dialog is not None:
            dlg.draw_dialog(surface, camera.viewport, self._dialog, self.mouse, lay)
            if option is not None:
                dlg.draw_option_tip(surface, option, self.mouse, camera.viewport)

    def _option_hex(self, key: A.PickStart | A.Rob):
        if isinstance(key, A.PickStart):
            return (key.q, key.r)
        return self.state.companies[key.company].start

    def panel_height(self, rect_height: int) -> int:
        """A fixed height per table (the shell places the log once per
        layout): one row per railroad, room for two rows of markers."""
        seats = len(self.scene.session.seats)
        extra = 2 if self.state.options.get("additional_railroads") else 0
        return 12 + (seats + extra) * pnl.ROW_H + 8 + 30 + 2 * (pnl.CHIP_H + 6) + 50 + 30

    def draw_panel(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        self.refresh()
        state = self.state
        viewer = self.viewer()
        own = state.active is not None and state.companies[state.active].owner == viewer
        spots = sum(1 for h in self._hints if h[0] == "interior") if self.dm_kind else 0
        model = pnl.panel_model(state, viewer, state.is_terminal() or self.scene.reveal_all, self.dm_kind, spots,
                                self._income if own else None, narrow=rect.width < 380)
        self._panel_hits = pnl.draw_panel(surface, rect, model, self.mouse)

    def status_text(self) -> str:
        return status_line(self.state, self.scene.is_human_turn(), self.dm_kind)

    def chart_value(self, state: Any, seat: int) -> float:
        return float(state.scores()[seat].total)

    def log_names(self) -> dict[str, tuple[int, int, int]]:
        """Railroads in their pieces' colours, and seats in the colours this
        game gives them (the log lightens those too dark to read, as for
        every game)."""
        state = self.state
        names = {s.name: seat_colour(state, i) for i, s in enumerate(state.seats)}
        names.update((c.name, colour) for c, colour in zip(state.companies, company_colours(state)))
        return names

    # Input -----------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
            return False
        if event.type == pygame.KEYDOWN:
            return self._key_down(event)
        if event.type == pygame.MOUSEWHEEL:
            return self._wheel(event.y)
        if event.type != pygame.MOUSEBUTTONDOWN or event.button != 1:
            return False
        if not self.scene.board_rect.collidepoint(event.pos):
            return False
        self.refresh()
        if self._press_dialog(event.pos):
            return True
        if self.preview is not None and self._press_card(event.pos):
            return True
        return bar_rect(self.scene.camera.viewport).collidepoint(event.pos)

    def _key_down(self, event: pygame.event.Event) -> bool:
        if event.key == pygame.K_ESCAPE and (self.selected or self.dm_kind or self.dialogs.found_company):
            self.cancel()
            return True
        if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.preview and not self.preview.reason:
            self.confirm_build()
            return True
        return False

    def _wheel(self, notches: int) -> bool:
        """The wheel over a scrolling dialog scrolls it (a row a notch); over
        the rest of the dialog it does nothing (the map under it is not zoomed)."""
        self.refresh()
        lay = self.dialog_layout()
        if lay is None or not lay.rect.collidepoint(self.mouse):
            return False
        self.scroll_dialog(-notches)
        return True

    def _press_dialog(self, pos: tuple[int, int]) -> bool:
        lay = self.dialog_layout()
        what = dlg.hit(lay, pos) if lay is not None else None
        if what is None:
            return False
        kind, key = what
        if kind == "scroll":
            self.scroll_dialog(key)
        elif kind in ("minus", "plus"):
            key.value += -1 if kind == "minus" else 1
            key.clamp()
            self._dialog = self.dialogs.build(self.state, self._legal)
        elif kind in ("button", "option"):
            self._do(key)
        return True

    def _do(self, key: Any) -> None:
        """Carry out a dialog button or card: an action, or a dialog step."""
        if isinstance(key, Action):
            self.submit(key)
        elif key == "found_back":
            self.dialogs.found_company = None
            self.invalidate()
        elif isinstance(key, tuple) and key[0] == "stock_target":
            self.dialogs.stock_target = key[1]
            self._dialog = self.dialogs.build(self.state, self._legal)
        elif isinstance(key, tuple) and key[0] == "found":
            self.dialogs.found_company = key[1]
            self.invalidate()

    def submit(self, action: Action) -> bool:
        ok = self.scene.submit(action)
        if ok:
            self.selected, self.preview = None, None
        self.invalidate()
        return ok

    def _press_card(self, pos: tuple[int, int]) -> bool:
        if self.preview is None:
            return False
        what = card_layout(self.scene.camera, self.preview).hit(pos)
        if what == "build":
            self.confirm_build()
        elif what == "station":
            self.submit(A.BuildStation(*self.preview.target.hex))
        elif what == "cancel":
            self.cancel()
        return what is not None

    def confirm_build(self) -> None:
        if self.preview is None:
            return
        t = self.preview.target
        self.submit(A.BuildInterior(*t.hex) if t.kind == "interior" else A.BuildSide(*t.side))

    def cancel(self) -> None:
        self.selected = self.preview = None
        self.dm_kind = None
        self.dialogs.found_company = None
        self.invalidate()

    def on_click(self, world_pos: tuple[float, float], button: int) -> None:
        self.refresh()
        if button == 3:
            self.cancel()
            return
        if button != 1:
            return
        state = self.state
        if state.is_terminal():
            return
        if not self.scene.is_human_turn():
            self.scene.show_banner("Please wait: a computer player is playing.", theme.ACCENT)
            return
        target = geo.pick(world_pos, view_of(state.board).on_board)
        h = target.hex
        if self.dm_kind is not None:
            if target.kind == "interior" and self.submit(A.PlaceDevelopment(self.dm_kind, *h)):
                self.dm_kind = None
        elif state.phase == SETUP_START:
            self.submit(A.PickStart(*h))
        elif state.phase == UPGRADE and self.dialogs.found_company is not None:
            if self.submit(A.FoundRailroad(self.dialogs.found_company, *h)):
                self.dialogs.found_company = None
        elif state.phase == BUILD:
            self._click_build(target)

    def _click_build(self, target: geo.Target) -> None:
        if target.kind == "interior" and target.hex not in view_of(self.state.board).terrain:
            self.cancel()
            return
        if self.selected == target and self.preview is not None and not self.preview.reason:
            self.confirm_build()
            return
        self.selected = target
        self.preview = build_preview(self.state, target)

    def _covers_board(self, pos: tuple[int, int]) -> bool:
        """True where the phase bar, the cost card or the docked dialog hide the map: the
        board under them is not what the mouse points at."""
        viewport = self.scene.camera.viewport
        if bar_rect(viewport).collidepoint(pos):
            return True
        if self.preview is not None and card_layout(self.scene.camera, self.preview).rect.collidepoint(pos):
            return True
        lay = self.dialog_layout()
        return lay is not None and lay.rect.collidepoint(pos)

    @staticmethod
    def _on_map(target: geo.Target, board: Any) -> bool:
        if target.kind == "interior":
            return target.hex in board.terrain
        return any(board.on_board(h) for h in edge_hexes(target.side))

    def on_panel_click(self, pos: tuple[int, int], button: int) -> bool:
        for kind, rect in self._panel_hits.chips:
            if rect.collidepoint(pos):
                if not self.scene.is_human_turn():
                    self.scene.show_banner("Development markers are placed during your own turn.", theme.ACCENT)
                    return True
                self.dm_kind = None if self.dm_kind == kind else kind
                self.selected = self.preview = None
                self.invalidate()
                return True
        return False

    def on_hover(self, world_pos: tuple[float, float]) -> str | None:
        board = view_of(self.state.board)
        target = geo.pick(world_pos, board.on_board)
        if self._covers_board(self.mouse) or not self._on_map(target, board):
            self.hover = None
            return None
        self.hover = target
        if target == self.selected:
            return None  # the cost card already says it all
        return describe_target(self.state, target)

    # Animation -------------------------------------------------------------

    def animate(self, events: list, queue) -> None:
        for e in events:
            if isinstance(e, DiceRolled):
                self.dialogs.rolls[e.purpose] = Roll(e.purpose, tuple(e.dice), e.modifier)
        for tween in tweens_for(events, self.state):
            queue.push(tween)
